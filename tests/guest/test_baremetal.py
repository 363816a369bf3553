#!/usr/bin/env python3
"""Bare-metal mmiolat: the cost of one register read, without Linux.

Runs guest/baremetal's mmiolat-bare.elf directly on the rm696 machine
(-kernel ELF, no DTB, Arm semihosting for output and exit) under
-icount shift=0,sleep=off, where modelled time is deterministic, and
checks:
  - it runs to its semihosting exit with status 0;
  - per target (PRM, CM, SCM, SDRC, 32k counter), the ns per read timed
    with PMCCNTR lies inside the phone's range (timing/phone-measured.ini), and
    so does the one timed with the 32 kHz counter, widened by one tick
    over the N reads;
  - over a 10 ms busy-wait (10,000,000 PMCCNTR cycles) the 32 kHz counter
    advances by 327 or 328 ticks and agrees with PMCCNTR to within one
    tick: both clocks follow the same virtual time;
  - a second run prints exactly the same figures (determinism).

Prints one "PASS: ..." or "FAIL: ..." line per check.
Usage: test_baremetal.py QEMU ELF LOGDIR
"""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from mmiolat_parse import parse, tick_check, check_block  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'lib'))
from n9bare import run_bare  # noqa: E402
import n9check  # noqa: E402
from n9check import check  # noqa: E402


def run(qemu, elf, log):
    return run_bare(qemu, elf, log, timeout=300)


def main():
    qemu, elf, logdir = sys.argv[1:4]
    os.makedirs(logdir, exist_ok=True)
    log = os.path.join(logdir, 'baremetal-1.log')
    out, rc = run(qemu, elf, log)
    check('bare metal: mmiolat-bare.elf runs to its semihosting exit, '
          'status 0 (%s)' % rc, rc == 0, out[-3000:] + '\n(log: %s)' % log)
    print('    ' + '\n    '.join(l for l in out.split('\n')
                                 if l and not l.startswith('qemu-system')),
          flush=True)

    blocks = parse(out)
    for clock in ('ccnt', '32k'):
        if clock not in blocks:
            check('bare metal: a %s result block' % clock, False, out[-2000:])
            continue
        check_block(check, 'bare metal', blocks[clock], clock)

    tc = tick_check(out)
    if tc is None:
        check('bare metal: a tick-check line', False, out[-2000:])
    else:
        cycles, ticks = tc
        expect = cycles * 32768 / 1e9
        check('bare metal: 10 ms busy-wait: %d PMCCNTR cycles, %d ticks of '
              '32 kHz (PMCCNTR says %.2f): agree within one tick'
              % (cycles, ticks, expect),
              cycles >= 10000000 and ticks in (327, 328)
              and abs(ticks - expect) < 1.0)

    out2, rc2 = run(qemu, elf, os.path.join(logdir, 'baremetal-2.log'))
    check('bare metal: a second run prints the same figures (icount is '
          'deterministic)', rc2 == 0 and parse(out2) == blocks
          and tick_check(out2) == tc)
    return 1 if n9check.failed else 0


if __name__ == '__main__':
    sys.exit(main())
