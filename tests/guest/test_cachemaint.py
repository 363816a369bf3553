#!/usr/bin/env python3
"""The guest's cache maintenance reaches the memory model (bare metal).

Runs guest/baremetal's cachemaint-bare.elf on the rm696 machine (-kernel
ELF, semihosting, -icount shift=0,sleep=off): it prints the cache
geometry the CPU gives and times, with PMCCNTR at the MPU's 1 GHz, 64
lines one line apart under each operation (see the program's header).
What the model says, from the timing parameters (timing/phone.ini
[cache]; the SDRAM's clock and CAS latency from facts.md):
  - CLIDR 0x0A000023 (separate L1s, a unified L2, the point of coherency
    after it) and CCSIDR from [cache]'s geometry: for the phone 0xE00FE01A
    (L1 D), 0x200FE01A (L1 I), 0xF03FE03A (L2), docs/models-cache.md; with
    timing-set=cache.l2_size=131072 the L2's reads 256 sets;
  - DCIMVAC drops a line from both levels: the loads after it each miss,
    at least l2_hit_cycles + l3_ns + CL and a line's 8 clocks more than L1
    D hits; so does a DCCISW walk of every set and way of both levels
    (Linux's v7_flush_dcache_all, before each MPU OFF);
  - DCCMVAC of 64 dirty lines takes at least the SDRAM's data beats of
    the lines the write buffer (wbuf_lines) cannot hold; of clean lines
    nothing more than a MOV in its place; DCCMVAU of dirty lines (into the
    L2) nothing more either;
  - a DCCISW walk with 64 dirty lines costs their write-backs, the walk's
    own instructions overlapping them; with none dirty it costs what the
    same walk with a MOV in place of each MCR does;
  - ICIALLU: the loop's code then misses the L1 I at each branch back,
    exactly l2_hit_cycles each (from the L2); the rest of the line an
    ICIALLU runs from is in the fetch unit already (not fetched again);
  - a DSB with nothing in the write buffer costs what a MOV in its place
    does; a DSB or DMB (or CP15DSB, or a DSB in Thumb code) after 64
    DCCMVACs of dirty lines waits until every
    write-back has left the write buffer: the cleans and the barrier take
    at least the SDRAM's 8 clocks of data of each of the 64 lines (ARMv7
    completes cache maintenance at a DSB; our DMB waits as a DSB does);
  - the memory path counts the operations and the barriers apart
    (cache_maint, barriers, barrier_ns in -M rm696,stats=FILE): exactly
    the program's, from its passes and the geometry;
  - with pipeline=on the misses are there too; a run with one instruction
    per TB gives the figures of QEMU's blocks; a second run the same
    figures.
Usage: test_cachemaint.py QEMU ELF LOGDIR
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'lib'))
import n9check  # noqa: E402
from n9bare import (ONE_INSN_PER_TB, figure_diff, figures,  # noqa: E402
                    l3_tck_ns, phone_cache, run_bare, sdram_cycles)
from n9check import check  # noqa: E402

LINES = 64
CLIDR = 0x0A000023


def ccsidr(policy, size, ways, line):
    """ARM ARM B4.1.19: WT/WB/RA/WA, sets - 1, ways - 1, log2(words) - 2"""
    return (policy << 28 | (size // ways // line - 1) << 13 |
            (ways - 1) << 3 | (line.bit_length() - 1 - 4))


def geometry_checks(f, c, where):
    want = {
        'clidr': CLIDR,
        'ccsidr-l1d': ccsidr(0xe, c['l1d_size'], c['l1d_ways'],
                             c['l1d_line']),
        'ccsidr-l1i': ccsidr(0x2, c['l1i_size'], c['l1i_ways'],
                             c['l1i_line']),
        'ccsidr-l2': ccsidr(0xf, c['l2_size'], c['l2_ways'], c['l2_line']),
    }
    for k, v in want.items():
        check('%s: %s reads 0x%08X (want 0x%08X)' % (where, k, f.get(k, 0), v),
              f.get(k) == v)


def miss_checks(f, least, where):
    for k, what in (('dcimvac-load', 'after a DCIMVAC of each line'),
                    ('dccisw-load', 'after a DCCISW walk of both levels')):
        d = f.get(k, 0) - f.get('warm', 0)
        check('%s: 64 loads %s miss: %d cycles more than L1 D hits, at '
              'least %d (l2_hit_cycles + l3_ns + CL and 8 clocks of a line, '
              'each)' % (where, what, d, least), d >= least)


def count_checks(stats, walk_ops, where):
    """The operations the program issues (its own code's and bare.c's
    bare_mmu_on, as written: a change to either changes the count): by
    address 64 lines a pass
    (DCIMVAC 2 passes, DCCMVAC 3 and 10 more before a MOV, DSB, DMB,
    CP15DSB or Thumb DSB, DCCMVAU 2), ICIALLU 2 passes and one in
    bare_mmu_on, DCCISW 3 walks of @walk_ops; barriers: 2 in bare_mmu_on,
    2 DSB alone, 2 each of DSB, DMB, CP15DSB and Thumb DSB after the
    cleans"""
    try:
        with open(stats) as f:
            m = json.load(f)['memory']
    except (OSError, ValueError, KeyError) as e:
        check('%s: the stats file has the memory path (%s)' % (where, e),
              False)
        return
    want = LINES * (2 + 3 + 10 + 2 + 2) + 1 + 3 * walk_ops
    check('%s: cache maintenance operations counted apart: %s (want %d)'
          % (where, m.get('cache_maint'), want), m.get('cache_maint') == want)
    check('%s: barriers counted: %s (want 12), their waits %s ns (more '
          'than 0, within the stall %s)' % (where, m.get('barriers'),
                                            m.get('barrier_ns'),
                                            m.get('stall_ns')),
          m.get('barriers') == 12 and
          0 < m.get('barrier_ns', 0) <= m.get('stall_ns', 0))


def barrier_checks(f, c, tck, where):
    """The cleans and the barrier take at least every line's 8 clocks at
    the SDRAM; the barrier alone (PMCCNTR read before it and after it)
    waits at least for the three write-backs the full write buffer holds
    behind the one the SDRAM is taking, less the loop's four instructions
    after the last clean; a MOV in its place does not wait"""
    least = int(LINES * 8 * tck)
    least_last = int((c['wbuf_lines'] - 1) * 8 * tck) - 4
    mov_last = f.get('dccmvac-mov-last', 0)
    for k, what in (('dccmvac-dsb', 'DSB'), ('dccmvac-dmb', 'DMB'),
                    ('dccmvac-cp15dsb', 'CP15DSB'),
                    ('dccmvac-dsb-t32', 'DSB (Thumb)')):
        check('%s: 64 DCCMVACs of dirty lines and a %s: %d cycles, at least '
              '%d (every line\'s 8 clocks of data at the SDRAM; with a MOV '
              'in the %s\'s place %d)' % (where, what, f.get(k, 0), least,
                                           what, f.get('dccmvac-mov', 0)),
              f.get(k, 0) >= least)
        last = f.get(k + '-last', 0) - mov_last
        check('%s: the %s alone after them waits %d cycles more than a MOV '
              '(%d), at least %d (the write buffer\'s last %d lines at the '
              'SDRAM, less 4 instructions)'
              % (where, what, last, mov_last, least_last,
                 c['wbuf_lines'] - 1), last >= least_last)


def main():
    qemu, elf, logdir = sys.argv[1:4]
    os.makedirs(logdir, exist_ok=True)
    c = phone_cache()
    l2_hit = c['l2_hit_cycles']
    tck = l3_tck_ns()
    least_miss = LINES * (l2_hit + c['l3_ns'] + sdram_cycles(8))

    stats = os.path.join(logdir, 'cachemaint-1.json')
    out, rc = run_bare(qemu, elf, os.path.join(logdir, 'cachemaint-1.log'),
                       timeout=120, stats=stats)
    check('cachemaint-bare.elf runs to its exit, status 0 (%s)' % rc,
          rc == 0, out[-2000:])
    print('    ' + '\n    '.join(l for l in out.split('\n') if l), flush=True)
    f = figures(out)
    need = {'warm', 'dcimvac-load', 'nop-mva', 'dccmvac-dirty',
            'dccmvac-clean', 'dccmvau-dirty', 'nop-walk', 'dccisw-dirty',
            'dccisw-clean', 'dccisw-load', 'nop-ic', 'iciallu', 'one-mov',
            'dsb-idle', 'dccmvac-mov', 'dccmvac-dsb', 'dccmvac-dmb',
            'dccmvac-cp15dsb', 'dccmvac-dsb-t32', 'dccmvac-mov-last',
            'dccmvac-dsb-last', 'dccmvac-dmb-last', 'dccmvac-cp15dsb-last',
            'dccmvac-dsb-t32-last'}
    check('every pass timed (%s)' % ', '.join(sorted(f)), need <= set(f),
          out[-2000:])
    if not need <= set(f):
        sys.exit(1)
    geometry_checks(f, c, 'phone.ini')
    miss_checks(f, least_miss, 'pipeline=off')

    least = int((LINES - c['wbuf_lines']) * 8 * tck)
    check('DCCMVAC of 64 dirty lines: %d cycles, at least %d (the SDRAM\'s '
          '8 clocks of data for each line beyond the write buffer\'s %d)'
          % (f['dccmvac-dirty'], least, c['wbuf_lines']),
          f['dccmvac-dirty'] >= least)
    check('DCCMVAC of clean lines: %d cycles, what a MOV in its place costs '
          '(%d)' % (f['dccmvac-clean'], f['nop-mva']),
          f['dccmvac-clean'] == f['nop-mva'])
    check('DCCMVAU of dirty lines, into the L2: %d cycles, as a MOV (%d)'
          % (f['dccmvau-dirty'], f['nop-mva']),
          f['dccmvau-dirty'] == f['nop-mva'])

    ops = (c['l1d_size'] // c['l1d_line'] + c['l2_size'] // c['l2_line'])
    per_op = f['nop-walk'] / ops
    d = f['dccisw-dirty'] - f['dccisw-clean']
    least = int((LINES - c['wbuf_lines']) * 8 * tck - LINES * per_op)
    check('DCCISW walk of %d sets and ways with 64 dirty lines: %d cycles '
          'more than with none, at least %d (their write-backs at the '
          'SDRAM\'s data rate, less the walk\'s %.2f cycles an operation '
          'beside them)' % (ops, d, least, per_op), d >= least)
    check('DCCISW walk with nothing dirty: %d cycles, what the walk with a '
          'MOV costs (%d)' % (f['dccisw-clean'], f['nop-walk']),
          f['dccisw-clean'] == f['nop-walk'])
    d = f['iciallu'] - f['nop-ic']
    want = (LINES - 1) * l2_hit
    check('ICIALLU every round: the branch back to the loop\'s line misses '
          'the L1 I, %d cycles more (want %d x l2_hit_cycles %d = %d: the '
          'last round\'s line is in the fetch unit already)'
          % (d, LINES - 1, l2_hit, want), d == want)

    count_checks(stats, ops, 'phone.ini')
    check('a DSB with the write buffer empty: %d cycles, what a MOV in its '
          'place costs (%d)' % (f['dsb-idle'], f['one-mov']),
          f['dsb-idle'] == f['one-mov'])
    barrier_checks(f, c, tck, 'pipeline=off')

    out2, rc2 = run_bare(qemu, elf, os.path.join(logdir, 'cachemaint-2.log'),
                         timeout=120)
    check('a second run prints the same figures', rc2 == 0 and
          figures(out2) == f)
    out3, rc3 = run_bare(qemu, elf,
                         os.path.join(logdir, 'cachemaint-insn1.log'),
                         timeout=120, extra=ONE_INSN_PER_TB)
    diff = figure_diff(f, figures(out3))
    check('one instruction per TB: the same figures (differ: %s)' % diff,
          rc3 == 0 and diff == 'none', out3[-2000:])

    stats4 = os.path.join(logdir, 'cachemaint-pipe.json')
    out4, rc4 = run_bare(qemu, elf,
                         os.path.join(logdir, 'cachemaint-pipe.log'),
                         machine='rm696,pipeline=on', timeout=120,
                         stats=stats4)
    check('pipeline=on runs, status 0 (%s)' % rc4, rc4 == 0, out4[-2000:])
    f4 = figures(out4)
    miss_checks(f4, least_miss, 'pipeline=on')
    d = f4.get('iciallu', 0) - f4.get('nop-ic', 0)
    check('pipeline=on: ICIALLU every round costs the L1 I misses, %d '
          'cycles more, at least %d' % (d, want), d >= want)
    barrier_checks(f4, c, tck, 'pipeline=on')
    count_checks(stats4, ops, 'pipeline=on')

    stats5 = os.path.join(logdir, 'cachemaint-l2.json')
    out5, rc5 = run_bare(
        qemu, elf, os.path.join(logdir, 'cachemaint-l2.log'),
        machine='rm696,timing-set=cache.l2_size=131072', timeout=120,
        stats=stats5)
    f5 = figures(out5)
    check('timing-set=cache.l2_size=131072 runs, status 0 (%s)' % rc5,
          rc5 == 0, out5[-2000:])
    c5 = dict(c, l2_size=131072)
    geometry_checks(f5, c5, 'l2_size 131072')
    ops5 = c5['l1d_size'] // c5['l1d_line'] + c5['l2_size'] // c5['l2_line']
    check('l2_size 131072: the walk visits %d sets and ways (%d cycles, '
          '%d with %d)' % (ops5, f5.get('nop-walk', 0), f['nop-walk'], ops),
          abs(f5.get('nop-walk', 0) / ops5 - per_op) < 0.05)
    miss_checks(f5, least_miss, 'l2_size 131072')
    count_checks(stats5, ops5, 'l2_size 131072')
    sys.exit(1 if n9check.failed else 0)


if __name__ == '__main__':
    main()
