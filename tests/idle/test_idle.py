#!/usr/bin/env python3
"""The idle scenario on both kernels: what a kernel developer relies on.

Runs `n9 idle` (boot without a console, each C-state alone for a
marked window of modelled time, the kernel's counters reported through
semihosting) on the mainline and the patched kernel and checks:
- every C-state C1..C7 is reached and counted: the machine's idle entries
  per state equal cpuidle's usage over the same window;
- the kernel's pm_debug counts (RET/OFF entries per domain) equal the PRCM
  model's over every window (patched: with count_all_domains=1, the full
  walk the counters need);
- each state reaches the domain states it asks for, and pays the wake-up
  latency the registers give (77.5 us for C2-C4, 10.087 ms for C5-C7);
- mainline walks every one of the 16 power domains on every C2/C3 entry:
  the power-domain register accesses per entry, exactly; the patched
  kernel touches none in C1 and C2;
- SDRC_POWER reads 0x129 after CORE OFF with mainline, 0x9 with patched;
- a second run gives bit-identical figures.

Prints one "PASS: ..." or "FAIL: ..." line per check.
Usage: test_idle.py TOP LOGDIR
"""
import json
import os
import subprocess
import sys

TOP = sys.argv[1] if len(sys.argv) > 1 else \
    os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
LOGDIR = sys.argv[2] if len(sys.argv) > 2 else '/tmp'
os.makedirs(LOGDIR, exist_ok=True)
sys.path.insert(0, os.path.join(TOP, 'tools'))
from n9 import facts, idle as n9idle  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'lib'))
import n9check  # noqa: E402
from n9check import check  # noqa: E402

ALL = ['C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7']


def run(kernel, states, seconds=1, count_all=False, tag=''):
    out = os.path.join(LOGDIR, 'idle-%s%s' % (kernel, tag))
    # tests/run has built everything: --no-build
    argv = [os.path.join(TOP, 'n9'), 'idle', '--no-build', '--kernel', kernel,
            '--state', ','.join(states), '--seconds', str(seconds),
            '--out', out, '--json', os.path.join(out, 'result.json')]
    if count_all:
        argv.append('--count-all')
    with open(os.path.join(LOGDIR, 'idle-%s%s.log' % (kernel, tag)), 'w') as log:
        rc = subprocess.run(argv, stdout=log, stderr=subprocess.STDOUT,
                            timeout=1200).returncode
    if rc != 0:
        check('%s%s: the idle scenario runs (log: %s)' % (kernel, tag, log.name),
              False, 'n9 idle exited with status %d' % rc)
        return None, None
    stats = json.load(open(os.path.join(out, 'stats.json')))
    for m in stats.get('marks', []):
        m.pop('host_us', None)          # the one host-dependent field
    return (n9idle.load(os.path.join(out, 'stats.json'),
                        os.path.join(out, 'report.txt')),
            json.dumps(stats, sort_keys=True).encode())


# The lowest state of MPU, CORE and PER in every entry of each C-state
# (cpuidle34xx.c omap3_idle_data; PER as low as its next state allows:
# OFF with off mode on, which the scenario sets for C4, C6, C7).
EXPECT_STATES = {
    'C1': {'mpu': 'ON', 'core': 'ON'},
    'C2': {'mpu': 'ON', 'core': 'ON', 'per': 'RET'},
    'C3': {'mpu': 'RET', 'core': 'ON', 'per': 'RET'},
    'C4': {'mpu': 'OFF', 'core': 'ON', 'per': 'RET'},
    'C5': {'mpu': 'RET', 'core': 'RET', 'per': 'OFF'},
    'C6': {'mpu': 'OFF', 'core': 'RET', 'per': 'OFF'},
    'C7': {'mpu': 'OFF', 'core': 'OFF', 'per': 'OFF'},
}
# Wake-up latency per entry (models/prcm/wakeup.c with the registers Linux
# programs on the N9): DPLL1's relock 2.5 us + 120 x 0.625 us; with CORE
# asleep the 10 ms oscillator set-up (PRM_CLKSETUP 0x148 32 kHz periods).
EXPECT_WAKE_NS = {'C1': 0, 'C2': 77500, 'C3': 77500, 'C4': 77500,
                  'C5': 10087266, 'C6': 10087266, 'C7': 10087266}


def check_common(kernel, fig, pm_debug=True):
    for st in ALL:
        s = fig['states'].get(st)
        if not s:
            check('%s %s: reached' % (kernel, st), False, 'no window')
            continue
        check('%s %s: %d idle entries, cpuidle usage %d over the same window'
              % (kernel, st, s['entries'], s['kernel_cpuidle_usage']),
              s['entries'] > 0 and s['entries'] == s['kernel_cpuidle_usage'])
        # An entry the kernel leaves before WFI (omap3_enter_idle() returns
        # at once when an interrupt is pending: a timer tick due as it
        # enters) leaves its domains on; every other one reaches the state
        woken = s['entries'] - s['without_wfi']
        want = {pd: {v: woken} for pd, v in EXPECT_STATES[st].items()}
        for pd in want:
            if s['without_wfi']:
                want[pd]['ON'] = want[pd].get('ON', 0) + s['without_wfi']
        got = {pd: dict(s['lowest_power_state'].get(pd, {})) for pd in want}
        check('%s %s: every entry through WFI (%d of %d) reaches %s, the '
              'others stay ON' % (kernel, st, woken, s['entries'],
                                  EXPECT_STATES[st]),
              woken > 0 and got == want, 'lowest states: %s' % got)
        per = s['wakeup_latency_ns'] / woken if woken else -1
        check('%s %s: wake-up latency %.0f ns per entry (want %d)'
              % (kernel, st, per, EXPECT_WAKE_NS[st]),
              woken > 0 and s['wakeup_latency_ns'] == EXPECT_WAKE_NS[st] * woken)
        if pm_debug:
            diff = {pd: c for pd, c in s['pm_debug_count'].items()
                    if c['kernel'] != c['machine']}
            check('%s %s: pm_debug RET/OFF counts equal the PRCM model\'s '
                  '(%d domains)' % (kernel, st, len(s['pm_debug_count'])),
                  not diff and len(s['pm_debug_count']) == 9, diff)


def check_record(fig):
    """n9 idle --json: the result records what made it and the per-entry
    figures the table shows, as numbers"""
    path = os.path.join(LOGDIR, 'idle-mainline', 'result.json')
    try:
        rec = json.load(open(path))
    except (OSError, ValueError) as e:
        check('n9 idle --json writes the result', False, e)
        return
    st = rec['figures']['states']['C2']
    pe = st['per_entry']
    e = fig['states']['C2']['entries']
    pdr2 = pdr(fig['states']['C2'], 'before_wfi')
    ok = (rec['workload']['name'] == 'idle' and
          rec['workload']['options']['state'] == ','.join(ALL) and
          rec['timing']['l4-wkup']['read_min_ns'] == facts.range('mmio.prm')[0] and
          rec['timing']['clocks']['mpu_hz'] == facts.value('clock.mpu') and
          rec['kernel']['label'] == 'mainline' and
          len(rec['qemu']['sha256']) == 16 and
          pe['us_before_wfi'] == fig['states']['C2']['before_wfi_ns'] / e / 1e3
          and pe['power_domain_registers_before_wfi'] == pdr2 / e and
          isinstance(pe['accesses']['before_wfi']['l4-wkup']['reads'], float)
          and rec['flat']['C2.pd_regs_before_wfi'] == pdr2 / e and
          rec['counters']['idle']['states']['C2']['entries'] == e)
    check('n9 idle --json: the result records the workload, the timing '
          'parameters, kernel and QEMU, and the per-entry figures the table '
          'shows (C2: %.2f us before WFI, %s power-domain registers)'
          % (pe['us_before_wfi'], pe['power_domain_registers_before_wfi']),
          ok, json.dumps(pe)[:1000])


def pdr(s, phase):
    d = s['power_domain_registers'][phase]
    return d['reads'] + d['writes']


def main():
    # mainline: every state; the full walk
    fig, raw = run('mainline', ALL)
    if fig:
        check_common('mainline', fig)
        # C2/C3: pre_transition 16 W + 15 R, plus the idle code's own reads
        # and read-modify-writes of MPU/CORE/PER/NEON/CAM (43 before WFI
        # with NEON ON and PER programmed to RET), and after the wake-up
        # post_transition 15 + 16 + 16 R plus the reads of domains whose
        # PREPWSTST says RET (1 + banks each): the same on every entry
        # through WFI; one that leaves before it (an interrupt pending) has
        # made fewer before, none after.
        for st, before, after in (('C2', 45, 51), ('C3', 45, 55)):
            s = fig['states'][st]
            e = s['entries']
            w = e - s['without_wfi']
            b = pdr(s, 'before_wfi')
            check('mainline %s: each entry through WFI walks all 16 domains: '
                  '%d + %d power-domain register accesses (%d of %d entries '
                  'through WFI: %d and %d)'
                  % (st, before, after, w, e, b, pdr(s, 'after_wakeup')),
                  w > 0 and before * w <= b <= before * w +
                  (before - 1) * (e - w) and
                  pdr(s, 'after_wakeup') == after * w)
        check('mainline: SDRC_POWER reads 0x129 after CORE OFF (the ROM '
              'restores the scratchpad\'s self-refresh value)',
              fig['sdrc_power'] == '0x00000129', fig['sdrc_power'])
        check_record(fig)

    # patched: the reduced walk
    fig, raw = run('patched', ALL)
    if fig:
        check_common('patched', fig, pm_debug=False)
        for st in ('C1', 'C2'):
            s = fig['states'][st]
            check('patched %s: no power-domain register touched (%d before '
                  'WFI, %d after the wake-up, %d entries)'
                  % (st, pdr(s, 'before_wfi'), pdr(s, 'after_wakeup'),
                     s['entries']),
                  s['entries'] > 0 and pdr(s, 'before_wfi') == 0 and
                  pdr(s, 'after_wakeup') == 0)
        check('patched: SDRC_POWER stays 0x9 across CORE OFF',
              fig['sdrc_power'] == '0x00000009', fig['sdrc_power'])
    fig, raw = run('patched', ALL, count_all=True, tag='-count-all')
    if fig:
        for st in ALL:
            s = fig['states'][st]
            diff = {pd: c for pd, c in s['pm_debug_count'].items()
                    if c['kernel'] != c['machine']}
            check('patched, count_all_domains=1, %s: pm_debug RET/OFF counts '
                  'equal the PRCM model\'s' % st, not diff, diff)

    # determinism: the same scenario twice, bit-identical statistics
    a = run('patched', ['C1', 'C5', 'C7'], tag='-det1')[1]
    b = run('patched', ['C1', 'C5', 'C7'], tag='-det2')[1]
    check('a second run gives bit-identical counters (stats JSON, %d bytes)'
          % len(a or b''), a is not None and a == b)
    return 1 if n9check.failed else 0


if __name__ == '__main__':
    sys.exit(main())
