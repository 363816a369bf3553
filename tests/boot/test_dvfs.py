#!/usr/bin/env python3
"""DVFS end to end in Linux: cpufreq-dt on the TWL's VDD1, the ABB LDO and
DPLL1, from the initramfs scenario n9.run=dvfs (kernel/initramfs/scenarios/
dvfs.sh, started by /init, not typed at a console).

Checks, each against what the model's registers and the kernel's own
formulas give (nothing copied from a run):
  - the boot: the performance governor at 1 GHz, the four OPPs offered
    (300/600/800/1000 MHz: the part is speed-binned; 1 GHz is a boost
    OPP, which /init enables), DPLL1 back on the boot loader's M/N;
  - the userspace governor reaches each OPP (scaling_cur_freq, the MPU
    clock in the machine's "dvfs" counters at the transition's end mark);
  - each transition: one VDD1 change, one DPLL1 relock taking the lock
    time of the N the kernel programmed (2.5 us + 120 periods of
    sys_clk / (N + 1)), an ABB LDO change only when its bias changes
    (1 GHz, FBB, against the others, bypass: 1 GHz -> 300 and 800 -> 1 GHz)
    settling for the time ti-abb-regulator programs (30 us in units of
    8 sys_clk cycles); the transition's modelled time is printed and
    contains those waits;
  - PMCCNTR counts the MPU's cycles: over a busy loop, PMCCNTR / f equals
    the 32 kHz counter's time within one tick, at each OPP;
  - a register-only loop costs the same cycles at every OPP, and its
    instructions' virtual time scales as 1/f: the difference of two loop
    sizes (the fastest of three runs each, between marks, less what the
    memory path and the agents charged in their own clocks) is
    2 x (SPIN2 - SPIN1) cycles = 2 x (SPIN2 - SPIN1) x 1e9 / f ns, within
    1 ns (the fraction of a ns the memory path carries);
  - ondemand: idle it settles at 300 MHz, a load takes it up, idle again
    down; the DPLL1 relocks show in the statistics and cpufreq's own
    total_trans grows;
  - CORE OFF after an OPP change (600 MHz, then a second of C7 on a quiet
    system): the ROM restores DPLL1 from the scratchpad at each wake-up;
    the patched kernel (patch 0007) saved the 600 MHz there, so PMCCNTR
    still counts 600 MHz; mainline (MAINLINE_DIR, a third boot running
    only this phase) saved the scratchpad once, at boot: after the first
    CORE OFF the MPU runs at 1 GHz while cpufreq still says 600 MHz;
  - a second run gives the same report and the same marks (icount).
Usage: test_dvfs.py QEMU ZIMAGE DTB INITRD LOGDIR [MAINLINE_DIR]
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'lib'))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', 'tools'))
import n9check  # noqa: E402
from n9check import check  # noqa: E402
from n9 import qemu as n9qemu, scenario as n9scenario  # noqa: E402

OPPS = [300000, 600000, 800000, 1000000]        # kHz, omap36xx.dtsi
SYS_CLK_HZ = 19200000                           # 38.4 MHz / 2 on the N9
SPIN1, SPIN2 = 100000, 400000                   # dvfs.sh's defaults
BUSY = 20000000


def dpll1_lock_ns(n):
    """The model's DPLL lock time (docs/timing-parameters.md, dpll_lock_*)"""
    ref = SYS_CLK_HZ // (n + 1)
    return 2500 + (120 * 10**9 + ref - 1) // ref


def abb_settle_ns():
    """ti_abb_init_timings' SR2_WTCNT_VALUE (settling 30 us, 8 clock
    cycles, omap36xx.dtsi), in the LDO's units of 8 sys_clk cycles"""
    def rnd(a, b):
        return (a + b // 2) // b
    mhz = rnd(SYS_CLK_HZ, 1000000)
    cycle_rate = rnd(8 * 10, mhz)
    wtcnt = rnd(30 * 10, cycle_rate)
    return (wtcnt * 8 * 10**9 + SYS_CLK_HZ - 1) // SYS_CLK_HZ


def boot(qemu, zimage, dtb, initrd, work, append=''):
    os.makedirs(work, exist_ok=True)
    stats, report, log = n9scenario.paths(work)
    for f in (stats, report):
        if os.path.exists(f):
            os.unlink(f)
    argv = n9qemu.command(qemu, machine={'stats': stats}, kernel=zimage,
                          dtb=dtb, initrd=initrd,
                          append=n9scenario.append_line('dvfs', append),
                          report=report)
    with open(log, 'w') as lf:
        try:
            rc = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=lf,
                                stderr=subprocess.STDOUT, timeout=1800
                                ).returncode
        except subprocess.TimeoutExpired:
            rc = 'timeout'
    text = open(report).read() if os.path.exists(report) else ''
    st = json.load(open(stats)) if os.path.exists(stats) else {'marks': []}
    return rc, text, {m['mark']: m for m in st['marks']}, log


def offwake(text, marks, want_hz, kernel):
    """Phase 4: cpufreq set 600 MHz, then CORE OFF entries; the MPU's rate
    after them is what the scratchpad held (@want_hz)"""
    cur = re.findall(r'^offwake setspeed 600000 cur (\d+)$', text, re.M)
    now = re.findall(r'^offwake cur (\d+)$', text, re.M)
    a, b = marks[1002], marks[1003]
    off = b['prcm']['core']['reported']['OFF'] - \
        a['prcm']['core']['reported']['OFF']
    check('dvfs, %s: CORE OFF after an OPP change: cpufreq at 600 MHz (%s), '
          '%d CORE OFF entries in the second of sleep' % (kernel, cur, off),
          cur == ['600000'] and off >= 1)
    check('dvfs, %s: after CORE OFF cpufreq still reports 600 MHz (%s)'
          % (kernel, now), now == ['600000'])
    m = re.search(r'^offwake busy ccnt (\d+) 32k (\d+)$', text, re.M)
    c, t = (int(m.group(1)), int(m.group(2))) if m else (0, -1)
    exp = c * 32768 / want_hz
    check('dvfs, %s: after CORE OFF the MPU runs at %d MHz (the ROM\'s DPLL1 '
          'from the scratchpad; mpu_hz %d): PMCCNTR %d cycles = %.2f ticks '
          'of 32 kHz at that rate, measured %d' % (
              kernel, want_hz // 10**6, b['dvfs']['mpu_hz'], c, exp, t),
          b['dvfs']['mpu_hz'] == want_hz and c >= BUSY and abs(exp - t) <= 1,
          text[-1500:])


def main():
    qemu, zimage, dtb, initrd, logdir = sys.argv[1:6]
    rc, text, marks, log = boot(qemu, zimage, dtb, initrd,
                                os.path.join(logdir, 'dvfs-1'))
    check('dvfs: the scenario runs to its end (status %s)' % rc,
          rc == 0 and 1003 in marks, 'log: %s\n%s' % (log, text[-2000:]))
    if rc != 0 or 1003 not in marks:
        sys.exit(1)
    lines = text.splitlines()

    # --- the boot --------------------------------------------------------
    m = re.search(r'^boot governor (\S+) cur (\d+)$', text, re.M)
    check('dvfs: the boot leaves the performance governor at 1 GHz (%s)'
          % (m.group(0) if m else 'no line'),
          m and m.group(1) == 'performance' and int(m.group(2)) == 1000000)
    m = re.search(r'^available (.*)$', text, re.M)
    got = sorted(int(x) for x in m.group(1).split()) if m else None
    check('dvfs: cpufreq offers %s kHz' % got, got == OPPS)
    d0 = marks[1]['dvfs']
    # omap36xx.dtsi's OPP1G is turbo-mode: at boot the performance governor
    # goes to 800 MHz, /init turns boost on and it comes back to 1 GHz on the
    # boot loader's DPLL1 settings (M 625, N 11)
    check('dvfs: after /init the MPU is back at 1 GHz on DPLL1 M 625 N 11 '
          '(DPLL1 relocks %d, ABB changes %d, VDD1 %d uV)' % (
              d0['dpll1_locks'], d0['abb_changes'], d0['vdd1_uv']),
          d0['mpu_hz'] == 10**9 and d0['dpll1_m'] == 625 and
          d0['dpll1_n'] == 11 and d0['vdd1_uv'] == 1375000, json.dumps(d0))

    # --- each OPP with the userspace governor ----------------------------
    prev = marks[1]['dvfs']
    prev_khz = 1000000
    cycles = {}
    for i, khz in enumerate(OPPS, 1):
        hz = khz * 1000
        base = 100 * i
        a, b = marks[base], marks[base + 1]
        da, db = a['dvfs'], b['dvfs']
        cur = [l for l in lines if l.startswith('opp %d setspeed' % i)]
        check('dvfs: userspace governor, %d MHz: scaling_cur_freq and the MPU '
              'clock (%s; mpu_hz %d)' % (khz // 1000, cur, db['mpu_hz']),
              cur == ['opp %d setspeed %d cur %d' % (i, khz, khz)] and
              db['mpu_hz'] == hz)
        # the transition: what the registers make it cost
        lock = dpll1_lock_ns(db['dpll1_n'])
        abb = (prev_khz == 1000000) != (khz == 1000000)
        settle = abb_settle_ns() if abb else 0
        ns = b['virtual_ns'] - a['virtual_ns']
        print('    %d -> %d MHz: %d ns (DPLL1 M %d N %d relock %d ns, '
              'ABB %s, VDD1 %d -> %d uV)' % (
                  prev_khz // 1000, khz // 1000, ns, db['dpll1_m'],
                  db['dpll1_n'], db['dpll1_lock_ns'] - da['dpll1_lock_ns'],
                  '%d ns' % (db['abb_settle_ns'] - da['abb_settle_ns'])
                  if abb else 'unchanged', da['vdd1_uv'], db['vdd1_uv']))
        check('dvfs: %d -> %d MHz: one VDD1 change, one DPLL1 relock of %d ns '
              '(N %d), %s' % (prev_khz // 1000, khz // 1000, lock,
                              db['dpll1_n'],
                              'an ABB transition of %d ns' % settle if abb
                              else 'no ABB transition'),
              db['vdd1_changes'] - da['vdd1_changes'] == 1 and
              db['dpll1_locks'] - da['dpll1_locks'] == 1 and
              db['dpll1_lock_ns'] - da['dpll1_lock_ns'] == lock and
              db['abb_changes'] - da['abb_changes'] == (1 if abb else 0) and
              db['abb_settle_ns'] - da['abb_settle_ns'] == settle and
              SYS_CLK_HZ * db['dpll1_m'] // (db['dpll1_n'] + 1) == hz,
              json.dumps({'before': da, 'after': db}))
        check('dvfs: %d -> %d MHz: the transition (%d ns) contains the '
              'relock and the settling' % (prev_khz // 1000, khz // 1000, ns),
              ns > lock + settle)
        check('dvfs: %d MHz: VDD1 settles at the OPP\'s voltage (%d uV)'
              % (khz // 1000, marks[base + 10]['dvfs']['vdd1_uv']),
              marks[base + 10]['dvfs']['vdd1_uv'] ==
              {300000: 1012500, 600000: 1200000, 800000: 1325000,
               1000000: 1375000}[khz])
        # PMCCNTR against the 32 kHz counter
        m = re.search(r'^opp %d busy ccnt (\d+) 32k (\d+)$' % i, text, re.M)
        if m:
            c, t = int(m.group(1)), int(m.group(2))
            exp = c * 32768 / hz
            check('dvfs: %d MHz: PMCCNTR %d cycles = %.2f ticks of 32 kHz, '
                  'measured %d (within one)' % (khz // 1000, c, exp, t),
                  c >= BUSY and abs(exp - t) <= 1)
        else:
            check('dvfs: %d MHz: clockcheck busy reported' % (khz // 1000),
                  False, text)
        # the register-only loop: its instructions' time, i.e. the virtual
        # time between the marks less what the memory path and the agents
        # charged in ns (their own clocks), fastest of three runs each
        def insn_ns(a, b):
            ma, mb = marks[a], marks[b]
            mem = (mb['memory']['stall_ns'] - mb['memory']['mpu_ns']) - \
                  (ma['memory']['stall_ns'] - ma['memory']['mpu_ns'])
            agents = sum(mb['agents'][g][k] - ma['agents'][g][k]
                         for g in mb['agents'] for k in ('read_ns', 'write_ns'))
            return mb['virtual_ns'] - ma['virtual_ns'] - mem - agents
        spins = {}
        for n, off in ((SPIN1, 10), (SPIN2, 20)):
            spins[n] = min(insn_ns(base + off + 2 * r, base + off + 2 * r + 1)
                           for r in range(3))
        cc = {n: min(int(x) for x in re.findall(
            r'^opp %d spin %d ccnt (\d+)$' % (i, n), text, re.M))
            for n in (SPIN1, SPIN2)}
        cycles[khz] = cc[SPIN2] - cc[SPIN1]
        dns = spins[SPIN2] - spins[SPIN1]
        want = 2 * (SPIN2 - SPIN1) * 10**9 / hz
        # PMCCNTR counts the MPU clock over the whole virtual time, the
        # memory path's ns stalls included: at 600 and 800 MHz a cycle is
        # not a whole ns, so each of the two reads rounds the stalls'
        # fraction of a cycle down: the difference is the loop's cycles
        # within one
        check('dvfs: %d MHz: %d more loop iterations take %d more cycles '
              '(PMCCNTR, %d within one: each read rounds down) and %d ns of '
              'instruction time (%.1f wanted, 1e9/f per cycle; memory and '
              'register costs apart)'
              % (khz // 1000, SPIN2 - SPIN1, cycles[khz],
                 2 * (SPIN2 - SPIN1), dns, want),
              abs(cycles[khz] - 2 * (SPIN2 - SPIN1)) <= 1 and
              abs(dns - want) <= 1)
        prev, prev_khz = db, khz

    # --- ondemand --------------------------------------------------------
    idle = re.findall(r'^ondemand idle cur (\d+)$', text, re.M)
    load = re.findall(r'^ondemand load cur (\d+)$', text, re.M)
    check('dvfs: ondemand: idle at 300 MHz, under load at 1 GHz, idle again '
          'at 300 MHz (%s, %s)' % (idle, load),
          idle == ['300000', '300000'] and load == ['1000000'])
    d = [marks[k]['dvfs'] for k in (900, 901, 902, 903)]
    check('dvfs: ondemand: its OPP changes show in the statistics (DPLL1 '
          'relocks %d idle, %d load and idle, MPU %d Hz at the end)' % (
              d[1]['dpll1_locks'] - d[0]['dpll1_locks'],
              d[3]['dpll1_locks'] - d[1]['dpll1_locks'], d[3]['mpu_hz']),
          d[1]['dpll1_locks'] - d[0]['dpll1_locks'] >= 1 and
          d[3]['dpll1_locks'] - d[1]['dpll1_locks'] >= 2 and
          d[3]['mpu_hz'] == 300 * 10**6)
    m = re.search(r'^stats total_trans (\d+)$', text, re.M)
    check('dvfs: cpufreq stats: total_trans %s, at least the userspace '
          'governor\'s 4 and ondemand\'s 3' % (m.group(1) if m else None),
          m and int(m.group(1)) >= 7)

    # --- CORE OFF after an OPP change --------------------------------------
    offwake(text, marks, 600 * 10**6, 'patched')
    if len(sys.argv) > 6:
        mdir = sys.argv[6]
        rc3, text3, marks3, log3 = boot(
            qemu, os.path.join(mdir, 'zImage'),
            os.path.join(mdir, 'omap3-n9.dtb'), initrd,
            os.path.join(logdir, 'dvfs-mainline'), 'n9.dvfs.phases=offwake')
        check('dvfs: mainline, the CORE OFF phase runs to its end (status %s)'
              % rc3, rc3 == 0 and 1003 in marks3,
              'log: %s\n%s' % (log3, text3[-2000:]))
        if rc3 == 0 and 1003 in marks3:
            offwake(text3, marks3, 10**9, 'mainline')

    # --- determinism -----------------------------------------------------
    rc2, text2, marks2, _ = boot(qemu, zimage, dtb, initrd,
                                 os.path.join(logdir, 'dvfs-2'))
    strip = lambda ms: {k: {x: y for x, y in v.items() if x != 'host_us'}
                        for k, v in ms.items()}
    check('dvfs: a second run gives the same report and marks (icount)',
          rc2 == 0 and text2 == text and strip(marks2) == strip(marks))
    sys.exit(1 if n9check.failed else 0)


if __name__ == '__main__':
    main()
