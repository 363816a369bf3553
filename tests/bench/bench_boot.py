#!/usr/bin/env python3
"""Benchmark of the emulator's speed (prints figures; not a pass/fail test).

- host seconds from QEMU's start to the shell prompt, without and with
  -icount shift=0,sleep=off;
- guest instructions per host second on a CPU-bound loop in the guest.
  With icount shift=0 one instruction is one ns of virtual time, so the
  loop's virtual duration (measured in the guest with the 32 kHz
  clocksource) is its instruction count; the same loop without icount gives
  the functional speed.

Usage: bench_boot.py QEMU ZIMAGE DTB INITRD [LOOP_ITERATIONS]
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
    boot_f, _, host_f = run(qemu, kernel, dtb, initrd, [], n)
    boot_i, guest_i, host_i = run(qemu, kernel, dtb, initrd,
                                  ['-icount', 'shift=0,sleep=off'], n)
    insns = guest_i * 1e9          # shift=0: 1 ns of virtual time per insn
    print('boot to shell prompt, functional:   %6.1f host s' % boot_f)
    print('boot to shell prompt, icount:       %6.1f host s' % boot_i)
    print('CPU-bound loop (%d iterations): %.3g guest instructions' % (n, insns))
    print('  functional: %6.2f host s, %.1f M guest instructions per host s'
          % (host_f, insns / host_f / 1e6))
    print('  icount:     %6.2f host s, %.1f M guest instructions per host s'
          % (host_i, insns / host_i / 1e6))


if __name__ == '__main__':
    main()
