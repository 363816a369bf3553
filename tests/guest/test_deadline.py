#!/usr/bin/env python3
"""A timer deadline inside a load's stall stops the CPU where one
instruction per TB does (core patch 0011, mem_hook_unwound), bare metal.

Runs guest/baremetal's deadline-bare.elf on the rm696 machine under
-icount shift=0,sleep=off, with QEMU's blocks and with -accel
tcg,one-insn-per-tb=on.  The program arms the PMU's cycle-counter
overflow (its interrupt on the INTC's line 3, as omap3.dtsi wires it)
160 cycles ahead, waits d = 1..120 loop rounds and runs
  a  an uncached load (its stall) and 16 nops, IRQs on;
  b  an LDM whose first word is that load and whose second word faults;
     the abort handler unmasks IRQs and runs 16 nops;
and prints, for each d, the instruction the interrupt was taken before.
A deadline that falls inside the stall must stop the CPU at the next
instruction however QEMU cut the code into blocks: the stall's overshoot
past the deadline is paid out of what the block gives back.  Before
2026-12-07 an exception in the very instruction whose stall passed the
deadline (b) gave its block's instructions back as budget past the
deadline, and b's interrupt came up to 16 instructions late (after the
handler: position 0) at 8 of the 120 deadlines.

Checks: both runs exit 0 with the two lines complete; they print the same
lines (every position and the load's cycles); the sweep crosses the stall
(at least 10 deadlines at a's position 2, the nop after the load) and the
instructions b's fault gives back (at least 4 deadlines taken inside the
handler's nops, which the late stop moved past the handler); a second
run with QEMU's blocks prints the same again; with -M rm696,pipeline=on
the two print the same lines too (before the load-use interlock was the
scoreboard's, they differed at 10 of the 240 deadlines).  Host time: a
second a run.
Usage: test_deadline.py QEMU ELF LOGDIR
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'lib'))
from n9bare import ONE_INSN_PER_TB, run_bare  # noqa: E402
import n9check  # noqa: E402
from n9check import check  # noqa: E402

ROUNDS = 120


def run(qemu, elf, logdir, tag, extra=(), machine='rm696'):
    log = os.path.join(logdir, 'deadline-%s.log' % tag)
    return run_bare(qemu, elf, log, machine=machine, timeout=120,
                    extra=list(extra))


def parse(out):
    """{'ldr': cycles, 'a': [positions], 'b': [positions]}"""
    r = {}
    for line in out.split('\n'):
        w = line.split()
        if len(w) == 2 and w[0] == 'ldr':
            r['ldr'] = int(w[1])
        elif w and w[0] in ('a', 'b'):
            r[w[0]] = [int(x) for x in w[1:]]
    return r


def differ(x, y, k):
    """The deadlines (d) at which sequence @k's positions differ in the
    parsed runs @x and @y"""
    return [d + 1 for d, (p, q) in enumerate(zip(x[k], y.get(k, [])))
            if p != q]


def main():
    qemu, elf, logdir = sys.argv[1:4]
    os.makedirs(logdir, exist_ok=True)
    out, rc = run(qemu, elf, logdir, 'blocks')
    res = parse(out)
    ok = (rc == 0 and 'ldr' in res and len(res.get('a', [])) == ROUNDS and
          len(res.get('b', [])) == ROUNDS)
    check('deadline-bare.elf (QEMU\'s blocks) exits 0 with both sweeps '
          '(status %s)' % rc, ok, out[-2000:])
    print('    ' + '\n    '.join(l[:120] for l in out.split('\n') if l),
          flush=True)
    one, rc1 = run(qemu, elf, logdir, 'one-insn-per-tb', ONE_INSN_PER_TB)
    check('one instruction per TB exits 0 (status %s)' % rc1, rc1 == 0,
          one[-2000:])
    if ok:
        r1 = parse(one)
        for k in ('a', 'b'):
            diff = differ(res, r1, k)
            check('sequence %s: the interrupt is taken before the same '
                  'instruction at every deadline with QEMU\'s blocks as with '
                  'one instruction per TB (differ at d = %s)'
                  % (k, diff[:12] or 'none'),
                  len(r1.get(k, [])) == ROUNDS and not diff)
        check('the load costs the same cycles either way (%s, %s)'
              % (res['ldr'], r1.get('ldr')), res['ldr'] == r1.get('ldr'))
        inside = res['a'].count(2)
        check('the deadlines cross the load\'s stall (%d cycles): %d of '
              '%d stop a at the nop after the load (want >= 10)'
              % (res['ldr'], inside, ROUNDS), inside >= 10)
        handler = sum(1 for p in res['b'] if 2 <= p <= 17)
        check('b\'s interrupt comes inside the handler\'s nops (after its '
              'first) at %d deadlines (want >= 4): deadlines that fall among '
              'the instructions the fault gave back' % handler, handler >= 4)
    out2, rc2 = run(qemu, elf, logdir, 'blocks-2')
    check('a second run prints the same lines', rc2 == 0 and out2 == out)
    # the same with the Cortex-A8's cycles: each deadline cuts a block
    # where one instruction per TB cuts none, and what was in flight
    # must cross the cut as it crosses a block's end
    pon, rcp = run(qemu, elf, logdir, 'pipeline', machine='rm696,pipeline=on')
    pone, rcq = run(qemu, elf, logdir, 'pipeline-one-insn-per-tb',
                    ONE_INSN_PER_TB, machine='rm696,pipeline=on')
    a, b = parse(pon), parse(pone)
    ok = rcp == 0 and rcq == 0 and len(a.get('b', [])) == ROUNDS
    diff = [(k, d) for k in ('a', 'b') if ok for d in differ(a, b, k)]
    check('pipeline=on: the same positions with QEMU\'s blocks as with one '
          'instruction per TB (status %s, %s; differ at %s)'
          % (rcp, rcq, diff[:12] or 'none'), ok and not diff and
          a.get('ldr') == b.get('ldr'), pon[-2000:] + pone[-2000:])
    print('%d passed, %d failed' % (n9check.passed, n9check.failed))
    sys.exit(1 if n9check.failed else 0)


if __name__ == '__main__':
    main()
