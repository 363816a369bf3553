#!/usr/bin/env python3
"""The CPU-frequency rule of the memory model (docs/architecture.md), bare metal.

Runs guest/baremetal's cpufreq-bare.elf on the rm696 machine (-kernel
ELF, MMU off, semihosting) under -icount shift=0,sleep=off.  It times
with PMCCNTR, at the DPLL1 rate it finds (M2 as reset leaves it) and at
twice that M2 (half the rate), a two-instruction loop running from the
L1 I (1000 and 2000 iterations) and one uncached SDRAM load (the least of
8 samples, minus the same sample with a register move).  The rule
(n9_memory.c, n9_memory_mpu_ck_update): at the MPU's rate f an
instruction takes 1e9/f ns; the SDRAM's costs stay in ns; and PMCCNTR
counts MPU cycles at the rate in effect, as on the phone (core patch
0006: QEMU's PMU alone counts ns, a fixed 1 GHz).  So:
  - the loop's 1000 extra iterations (2000 instructions) read exactly
    2000 cycles at either rate;
  - the move sample reads the same cycles at both rates (the same
    instructions);
  - the load costs the same ns at both rates, so half as many MPU
    cycles at half the rate: within the one cycle that the counter's
    phase at 500 MHz (one count per 2 ns) can add or take.
f at the end is the machine's mpu_hz (stats JSON); the first rate is
that times the ratio of the two M2 values.

A second run must print the same figures.  A third, with
memory-model=off, checks that PMCCNTR counts MPU cycles without the
memory model too: 2000 instructions are 2000 ns there at either rate, so
2000 * f / 1e9 cycles.  Host time: under a second each.
Usage: test_cpufreq.py QEMU ELF LOGDIR
"""
import json
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'lib'))
from n9bare import run_bare  # noqa: E402
import n9check  # noqa: E402
from n9check import check  # noqa: E402


def run(qemu, elf, logdir, n, extra=''):
    stats = os.path.join(logdir, 'cpufreq-%d.json' % n)
    out, rc = run_bare(qemu, elf, os.path.join(logdir, 'cpufreq-%d.log' % n),
                       'rm696' + extra, timeout=120, stats=stats)
    if rc == 'timeout (120 s)':
        rc = 'timeout'
    hz = None
    if rc == 0:
        with open(stats) as f:
            hz = json.load(f)['dvfs']['mpu_hz']
    return out, rc, hz


def parse(out):
    """[{m2, loop: {k: ns}, load, noload}] per rate, in order"""
    rates = []
    for line in out.split('\n'):
        w = line.split()
        if not w:
            continue
        if w[0] == 'm2':
            rates.append({'m2': int(w[1]), 'loop': {}})
        elif rates and w[0] == 'loop':
            rates[-1]['loop'][int(w[1])] = int(w[2])
        elif rates and w[0] in ('load', 'noload'):
            rates[-1][w[0]] = int(w[1])
    return rates


def main():
    qemu, elf, logdir = sys.argv[1:4]
    os.makedirs(logdir, exist_ok=True)
    out, rc, hz = run(qemu, elf, logdir, 1)
    check('cpufreq-bare.elf runs to its exit, status 0 (%s)' % rc, rc == 0,
          out[-2000:])
    print('    ' + '\n    '.join(l for l in out.split('\n') if l), flush=True)
    rates = parse(out)
    ok = (len(rates) == 2 and hz and
          all(set(r) == {'m2', 'loop', 'load', 'noload'} and
              set(r['loop']) == {1000, 2000} for r in rates) and
          rates[1]['m2'] == 2 * rates[0]['m2'])
    check('two rates measured, M2 doubled, mpu_hz %s' % hz, ok, out[-2000:])
    if not ok:
        sys.exit(1)
    hz1 = hz * rates[1]['m2'] // rates[0]['m2']
    for r, f in zip(rates, (hz1, hz)):
        r['hz'] = f
        r['period'] = 1e9 / f
    for r in rates:
        d = r['loop'][2000] - r['loop'][1000]
        check('%d MHz: 2000 more loop instructions read %d cycles (want 2000)'
              % (r['hz'] // 1000000, d), d == 2000)
    a, b = rates
    check('the move sample reads the same cycles at both rates: %d at %d MHz, '
          '%d at %d MHz' % (a['noload'], a['hz'] // 1000000, b['noload'],
                            b['hz'] // 1000000),
          a['noload'] > 0 and b['noload'] == a['noload'])
    la, lb = a['load'] - a['noload'], b['load'] - b['noload']
    want = la * b['hz'] / a['hz']
    check('an uncached SDRAM load costs the same ns at both rates: %d cycles '
          'at %d MHz (%g ns), %d at %d MHz (%g ns; want %g cycles +- 1)'
          % (la, a['hz'] // 1000000, la * 1e9 / a['hz'], lb,
             b['hz'] // 1000000, lb * 1e9 / b['hz'], want),
          la > 0 and abs(lb - want) <= 1)
    out2, rc2, _ = run(qemu, elf, logdir, 2)
    check('a second run prints the same figures', rc2 == 0 and out2 == out)
    # Without the memory model an instruction is 1 ns at any rate, and
    # PMCCNTR still counts MPU cycles: the SoC, not the memory model, owns
    # the CPU's clock (omap3630_cpu_clk_update).
    out3, rc3, hz3 = run(qemu, elf, logdir, 3, ',memory-model=off')
    off = parse(out3) if rc3 == 0 else []
    check('memory-model=off: two rates measured (status %s, mpu_hz %s)'
          % (rc3, hz3), len(off) == 2 and hz3 == hz, out3[-2000:])
    for r, f in zip(off, (hz1, hz)):
        d = r['loop'][2000] - r['loop'][1000]
        want = 2000 * f / 1e9
        check('memory-model=off, %d MHz: 2000 more loop instructions (2000 '
              'ns) read %d cycles (want %g +- 1)' % (f // 1000000, d, want),
              abs(d - want) <= 1)
    print('%d passed, %d failed' % (n9check.passed, n9check.failed))
    sys.exit(1 if n9check.failed else 0)


if __name__ == '__main__':
    main()
