#!/usr/bin/env python3
"""MPU OFF and CORE OFF wake-up through the boot ROM, end to end.

Runs guest/baremetal's offmode-bare.elf on the rm696 machine (-kernel ELF,
Arm semihosting, -icount shift=0,sleep=off).  The program calls the ROM's
board set-up, programs the PRCM, the SDRC and the scratchpad as Linux
does, sleeps twice with GPT1 as the wake-up source -- C4 (MPU OFF, CORE
ON) and C7 (MPU OFF, CORE OFF) -- and checks from the scratchpad's
restore pointer what the ROM and the PRCM did.  It prints
"ok NAME: details" or "FAIL NAME: details" per check and exits with the
number of failed checks.  This test prints:
  - one PASS/FAIL line per check of the program (a check it did not
    report is a failure);
  - the exit status equals the number of FAIL lines;
  - a second run prints exactly the same (icount is deterministic);
  - with [prcm] off_exit_ns = 1000000 in a timing file (a figure no
    register shows), both wake-ups take 1 ms (32 or 33 ticks of 32 kHz,
    +-1) longer and only the two latency checks fail: they measure the
    model's latency, not a constant.
Usage: test_offmode.py QEMU ELF LOGDIR
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'lib'))
from n9bare import run_bare  # noqa: E402
import n9check  # noqa: E402
from n9check import check  # noqa: E402

CHECKS = [
    'board-setup',
    'c4.resume', 'c4.prepwstst', 'c4.core-context', 'c4.monitor',
    'c4.sdram', 'c4.latency',
    'c7.resume', 'c7.prepwstst', 'c7.core-context-lost', 'c7.cm-restore',
    'c7.sdrc-restore', 'c7.monitor', 'c7.sdram', 'c7.latency',
]
LINE = re.compile(r'^(ok|FAIL) ([a-z0-9.-]+): (.*)$')
TICKS = re.compile(r': (\d+) ticks \(')


def run(qemu, elf, log, machine='rm696'):
    return run_bare(qemu, elf, log, machine, timeout=120)


def parse(out):
    """{check name: (ok, details)}"""
    res = {}
    for line in out.split('\n'):
        m = LINE.match(line)
        if m:
            res[m.group(2)] = (m.group(1) == 'ok', m.group(3))
    return res


def latency_ticks(res, name):
    m = TICKS.search(res.get(name, (False, ''))[1])
    return int(m.group(1)) if m else None


def main():
    qemu, elf, logdir = sys.argv[1:4]
    os.makedirs(logdir, exist_ok=True)
    log = os.path.join(logdir, 'offmode-1.log')
    out, rc = run(qemu, elf, log)
    res = parse(out)
    print('    ' + '\n    '.join(l for l in out.split('\n') if l.startswith('#')),
          flush=True)
    for name in CHECKS:
        if name not in res:
            check('offmode %s: not reported' % name, False,
                  out[-2000:] + '\n(log: %s)' % log)
            continue
        ok, detail = res[name]
        check('offmode %s: %s' % (name, detail), ok, '(log: %s)' % log)
    extra = sorted(set(res) - set(CHECKS))
    if extra:
        check('offmode: only the known checks are reported', False,
              'unknown: %s' % ', '.join(extra))
    n_fail = sum(1 for ok, _ in res.values() if not ok)
    check('offmode: offmode-bare.elf exits with the number of failed checks '
          '(status %s, %d FAIL lines)' % (rc, n_fail), rc == n_fail,
          out[-2000:] + '\n(log: %s)' % log)

    out2, rc2 = run(qemu, elf, os.path.join(logdir, 'offmode-2.log'))
    check('offmode: a second run prints exactly the same (icount is '
          'deterministic)', rc2 == rc and out2 == out)

    # sensitivity: a power-domain OFF exit of 1 ms, which no register shows
    ini = os.path.join(logdir, 'offmode-off-exit.ini')
    with open(ini, 'w') as f:
        f.write('[prcm]\noff_exit_ns = 1000000\n')
    out3, rc3 = run(qemu, elf, os.path.join(logdir, 'offmode-3.log'),
                    'rm696,timing=' + ini)
    res3 = parse(out3)
    moved = []
    for name in ('c4.latency', 'c7.latency'):
        a, b = latency_ticks(res, name), latency_ticks(res3, name)
        moved.append(None if a is None or b is None else b - a)
    failed3 = sorted(n for n, (ok, _) in res3.items() if not ok)
    check('offmode: with [prcm] off_exit_ns = 1000000 the wake-ups take '
          '%s ticks longer (1 ms: 32..34) and only the latency checks fail '
          '(%s)' % (' and '.join(str(m) for m in moved),
                    ', '.join(failed3) or 'none'),
          all(m is not None and 32 <= m <= 34 for m in moved) and
          failed3 == ['c4.latency', 'c7.latency'] and rc3 == 2 and
          set(res3) == set(CHECKS), out3[-2000:])
    return 1 if n9check.failed else 0


if __name__ == '__main__':
    sys.exit(main())
