#!/usr/bin/env python3
"""Benchmark of the memory model's cost (prints figures; not pass/fail).

Two workloads started from the initramfs, each between the machine's
marks 1 and 2: the CPU-bound shell loop (n9.run=loop, the one
bench_boot.py times) and membench (n9.run=membench, lat/bw/line, best of
1, the patched kernel).  Each runs under -icount shift=0,sleep=off three
ways, interleaved, REPEAT times (best kept, spread printed):

  count       timing/no-latency.ini, memory-model=off: nothing charged, so
              the window's virtual ns is its guest instruction count
  model off   default timing (register stalls), memory-model=off
  model on    default timing, the memory model on (the default)
  pipeline    the same with -M rm696,pipeline=on (Cortex-A8 issue cycles)

Each run's guest instruction count comes from its own marks: the
window's virtual ns minus the ns the agents and the memory path charged
in it (no idle in these windows; in the count run nothing is charged).
The counts differ a little between the ways: timer interrupts fall
elsewhere when accesses cost time.  With the pipeline a budget unit is a
cycle, not an instruction, so its row takes the model-on run's count (the
same program) and shows its own virtual time.  Guest instructions per host second =
that count / the window's host seconds (the marks hold the host clock);
"vs off" is its ratio to the model-off run's.  "boot s": host seconds from
QEMU's start to mark 1 (the boot, to where the workload starts; with the
model on also as a multiple of the model-off boot's).  "mem stall": the memory
path's share of the window's virtual time.  "repeats": whether every
repeat gave the same virtual ns and count.

Usage: bench_memory.py QEMU KERNELS INITRD [LOOP_ITERATIONS [REPEAT]]
       (KERNELS: the folder with mainline/ and patched/)
"""
import json
import os
import subprocess
import sys
import tempfile
import time

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
sys.path.insert(0, os.path.join(TOP, 'tools'))
from n9 import kernel as n9kernel, qemu as n9qemu  # noqa: E402
from n9 import scenario as n9scenario  # noqa: E402


def charged(m):
    """ns charged up to mark @m: agents' read/write ns, memory path's"""
    ns = sum(a['read_ns'] + a['write_ns'] for a in m['agents'].values())
    if m.get('memory'):
        ns += m['memory']['stall_ns']
    return ns


def run(qemu, kdir, initrd, append, machine):
    fd, stats = tempfile.mkstemp(suffix='.json')
    os.close(fd)
    k = n9kernel.from_dir(kdir)
    run, _, rest = append.partition(' ')
    argv = n9qemu.command(qemu, machine=n9qemu.merge_machine(
                              {'stats': stats}, n9qemu.parse_machine(machine)),
                          kernel=k.zimage, dtb=k.dtb, initrd=initrd,
                          append=n9scenario.append_line(run[len('n9.run='):],
                                                        rest),
                          semihosting='userspace')
    t0 = time.monotonic()           # CLOCK_MONOTONIC, as the marks' host_us
    try:
        subprocess.run(argv, stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       timeout=3600, check=True)
        d = json.load(open(stats))
    finally:
        os.unlink(stats)
    marks = {m['mark']: m for m in d['marks']}
    a, b = marks[1], marks[2]
    vns = b['virtual_ns'] - a['virtual_ns']
    mem = (b['memory']['stall_ns'] - a['memory']['stall_ns']
           if b.get('memory') else 0)
    return {'host': (b['host_us'] - a['host_us']) / 1e6, 'vns': vns,
            'insns': vns - (charged(b) - charged(a)), 'mem_ns': mem,
            'boot': a['host_us'] / 1e6 - t0}


def main():
    qemu, kernels, initrd = sys.argv[1:4]
    n = int(sys.argv[4]) if len(sys.argv) > 4 else 200000
    rep = int(sys.argv[5]) if len(sys.argv) > 5 else 1
    patched = os.path.join(kernels, 'patched')
    nolat = 'timing=' + os.path.join(TOP, 'timing', 'no-latency.ini')
    loads = [
        ('loop', 'n9.run=loop n9.loop.n=%d' % n),
        ('membench', 'n9.run=membench n9.membench.repeats=1'),
    ]
    modes = [
        ('count', nolat + ',memory-model=off'),
        ('model off', 'memory-model=off'),
        ('model on', 'memory-model=on'),
        ('pipeline', 'memory-model=on,pipeline=on'),
    ]
    got = {(w, m): [] for w, _ in loads for m, _ in modes}
    t0 = time.monotonic()
    for _ in range(rep):
        for w, append in loads:
            for m, machine in modes:
                got[w, m].append(run(qemu, patched, initrd, append, machine))
    print('memory model cost: guest instructions per host second between '
          'marks 1 and 2, best of %d (%.0f s in all; load average %.1f)'
          % (rep, time.monotonic() - t0, os.getloadavg()[0]))
    print('%-9s %-10s %12s %9s %7s %10s %7s %12s %11s %9s %s' % (
        'workload', 'run', 'guest insns', 'host s', 'spread', 'M insn/s',
        'vs off', 'virtual ms', 'mem stall', 'boot s', 'repeats'))
    for w, _ in loads:
        ips_off = boot_off = None
        for m, _ in modes:
            r = got[w, m]
            host = min(x['host'] for x in r)
            insns = r[0]['insns']
            if m == 'pipeline':
                insns = got[w, 'model on'][0]['insns']
            ips = insns / host / 1e6
            boot = min(x['boot'] for x in r)
            ips_off = ips if m == 'model off' else ips_off
            boot_off = boot if m == 'model off' else boot_off
            same = len(set((x['vns'], x['insns']) for x in r)) == 1
            print('%-9s %-10s %12d %9.2f %7.2f %10.1f %7s %12.3f %10.1f%% '
                  '%9s %s'
                  % (w, m, insns, host, max(x['host'] for x in r) / host, ips,
                     '%.2f' % (ips / ips_off) if ips_off else '',
                     r[0]['vns'] / 1e6, 100.0 * r[0]['mem_ns'] / r[0]['vns'],
                     '%.2f%s' % (boot, ' (%.2fx)' % (boot / boot_off)
                                 if boot_off and m in ('model on', 'pipeline')
                                 else ''),
                     'identical' if same else 'DIFFER between repeats'))

if __name__ == '__main__':
    main()
