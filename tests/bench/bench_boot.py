#!/usr/bin/env python3
"""Benchmark of the emulator's speed (prints figures; not a pass/fail test).

Four runs of the same workload (boot to the shell, then a CPU-bound shell
loop): functional (no icount), icount only (timing/no-latency.ini: every
register access free), icount with the interconnect latency model (the
default timing), and that with the idle-walk counters on (symbols=, the
kernel's System.map beside the zImage or in kernels/patched/).  For each: host seconds to the shell prompt, and guest
instructions per host second on the loop.  With icount shift=0 one
instruction is one ns of virtual time, so the loop's virtual duration
(measured in the guest with the 32 kHz clocksource) in the icount-only run
is its instruction count; the other runs execute the same instructions.
The ratios against the functional run are the cost of icount and of the
timing model.  The four runs go round REPEAT times (default 3), interleaved
so that a slow spell of the host hits all of them; each figure is the best
of its runs, and the spread (worst/best) is printed beside it.

Usage: bench_boot.py QEMU ZIMAGE DTB INITRD [LOOP_ITERATIONS [SYSTEM.MAP [REPEAT]]]
"""
import os
import re
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', 'boot'))
from n9console import N9Console  # noqa: E402

LOOP = 'i=0; while [ $i -lt {n} ]; do i=$((i+1)); done'


def guest_seconds(con, cmd):
    """Run @cmd under the guest's `time`; return (guest s, host s)."""
    t0 = time.monotonic()
    out = con.run('time sh -c %s' % repr(cmd), timeout=3600)
    host = time.monotonic() - t0
    m = re.search(r'real\s+(?:(\d+)m\s*)?([\d.]+)s', out)
    if not m:
        raise RuntimeError('no time output: %r' % out)
    return int(m.group(1) or 0) * 60 + float(m.group(2)), host


def run(qemu, kernel, dtb, initrd, extra, n):
    con = N9Console(qemu, kernel, dtb, initrd, extra=extra)
    try:
        con.wait_prompt(900)
        boot = con.elapsed()
        g, h = guest_seconds(con, LOOP.format(n=n))
        return boot, g, h
    finally:
        con.close()


def main():
    qemu, kernel, dtb, initrd = sys.argv[1:5]
    n = int(sys.argv[5]) if len(sys.argv) > 5 else 200000
    top = os.path.join(os.path.dirname(__file__), '..', '..')
    icount = ['-icount', 'shift=0,sleep=off']
    smap = sys.argv[6] if len(sys.argv) > 6 else \
        os.path.join(os.path.dirname(kernel), 'kernels', 'patched', 'System.map')
    runs = [
        ('functional', []),
        ('icount only', icount + ['-M', 'rm696,timing=' +
                                  os.path.join(top, 'timing', 'no-latency.ini')]),
        ('icount + latency', icount),
        ('+ idle counters', icount + ['-M', 'rm696,symbols=' + smap]),
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
                    max(x[2] for x in r) / min(x[2] for x in r)))
    insns = res[1][2] * 1e9        # shift=0: 1 ns of virtual time per insn
    base_boot, base_loop = res[0][1], res[0][3]
    print('CPU-bound loop: %d shell iterations = %.4g guest instructions; '
          'best of %d runs each' % (n, insns, rep))
    print('%-18s %10s %8s %12s %8s %14s %8s' % ('run', 'boot (s)', 'ratio',
                                               'loop (s)', 'spread',
                                               'M insn/host s', 'ratio'))
    for name, boot, guest, host, spread in res:
        print('%-18s %10.1f %8.2f %12.2f %8.2f %14.1f %8.2f'
              % (name, boot, boot / base_boot, host, spread,
                 insns / host / 1e6, base_loop / host))


if __name__ == '__main__':
    main()
