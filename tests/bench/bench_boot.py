#!/usr/bin/env python3
"""Benchmark of the emulator's speed (prints figures; not a pass/fail test).

Four runs of the same workload (boot, then a CPU-bound shell loop: the
loop scenario, kernel/initramfs/scenarios/loop.sh, started by /init, not
typed at a console): functional (no icount), icount only
(timing/no-latency.ini: every register access free), icount with the
interconnect latency model (the default timing), and that with the
idle-walk counters on (symbols=, the kernel's System.map beside the zImage
or in kernels/patched/).  For each: host seconds from QEMU's start to the
loop's start (mark 1: the point where /init would start the shell), and
guest instructions per host second on the loop (host time between the
marks, which the machine records).  With icount shift=0 one instruction is
one ns of virtual time, so the loop's virtual duration between the marks
in the icount-only run is its instruction count; the other runs execute
the same instructions.  The ratios against the functional run are the cost
of icount and of the timing model.  The memory model is off in these runs
(memory-model=off): its cost is tests/bench/bench_memory.py's.  The four runs go round REPEAT times
(default 3), interleaved so that a slow spell of the host hits all of
them; each figure is the best of its runs, and the spread (worst/best) is
printed beside it.  The guest-side figure (the loop's virtual ns) of each
icount run must be the same in every repeat: printed as "identical".

Usage: bench_boot.py QEMU ZIMAGE DTB INITRD [LOOP_ITERATIONS [SYSTEM.MAP [REPEAT]]]
"""
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', 'tools'))
from n9 import qemu as n9qemu, scenario as n9scenario  # noqa: E402


def run(qemu, kernel, dtb, initrd, extra, n):
    """One boot of the loop scenario: (host s to the loop, loop's virtual
    s, loop's host s, loop's virtual ns)"""
    fd, stats = tempfile.mkstemp(suffix='.json')
    os.close(fd)
    icount, machine = extra
    argv = n9qemu.command(qemu, machine=dict(machine, stats=stats),
                          kernel=kernel, dtb=dtb, initrd=initrd,
                          append=n9scenario.append_line('loop',
                                                        'n9.loop.n=%d' % n),
                          icount=icount, semihosting='userspace')
    try:
        t0 = time.monotonic()       # CLOCK_MONOTONIC, as the marks' host_us
        subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=3600, check=True)
        marks = {m['mark']: m for m in json.load(open(stats))['marks']}
    finally:
        os.unlink(stats)
    a, b = marks[1], marks[2]
    vns = b['virtual_ns'] - a['virtual_ns']
    return (a['host_us'] / 1e6 - t0, vns / 1e9,
            (b['host_us'] - a['host_us']) / 1e6, vns)


def main():
    qemu, kernel, dtb, initrd = sys.argv[1:5]
    n = int(sys.argv[5]) if len(sys.argv) > 5 else 200000
    top = os.path.join(os.path.dirname(__file__), '..', '..')
    # the memory model (on by default with icount) is bench_memory.py's
    # business: off here, so the icount-only run's virtual time is still
    # the instruction count and the figures compare with earlier ones
    icount = n9qemu.ICOUNT
    off = {'memory-model': 'off'}
    smap = sys.argv[6] if len(sys.argv) > 6 else \
        os.path.join(os.path.dirname(kernel), 'kernels', 'patched', 'System.map')
    runs = [
        ('functional', (None, {})),
        ('icount only', (icount, dict(off, timing=os.path.join(
            top, 'timing', 'no-latency.ini')))),
        ('icount + latency', (icount, off)),
        ('+ idle counters', (icount, dict(off, symbols=smap))),
    ]
    rep = int(sys.argv[7]) if len(sys.argv) > 7 else 3
    got = {name: [] for name, _ in runs}
    for _ in range(rep):
        for name, extra in runs:
            got[name].append(run(qemu, kernel, dtb, initrd, extra, n))
    res = []
    for name, _ in runs:
        r = got[name]
        res.append((name, min(x[0] for x in r), r[0][1], min(x[2] for x in r),
                    max(x[2] for x in r) / min(x[2] for x in r),
                    len(set(x[3] for x in r)) == 1))
    insns = res[1][2] * 1e9        # shift=0: 1 ns of virtual time per insn
    base_boot, base_loop = res[0][1], res[0][3]
    print('CPU-bound loop: %d shell iterations = %.4g guest instructions; '
          'best of %d runs each' % (n, insns, rep))
    print('%-18s %10s %8s %12s %8s %14s %8s  %s' % ('run', 'boot (s)', 'ratio',
                                                   'loop (s)', 'spread',
                                                   'M insn/host s', 'ratio',
                                                   'loop virtual ns'))
    for i, (name, boot, guest, host, spread, same) in enumerate(res):
        print('%-18s %10.1f %8.2f %12.2f %8.2f %14.1f %8.2f  %s'
              % (name, boot, boot / base_boot, host, spread,
                 insns / host / 1e6, base_loop / host,
                 'host-timed' if i == 0 else
                 '%d, %s' % (got[name][0][3],
                             'identical' if same else 'DIFFERS between runs')))


if __name__ == '__main__':
    main()
