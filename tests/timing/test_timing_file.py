#!/usr/bin/env python3
"""Timing-file handling of -M rm696,timing=FILE and timing-set=.

A good file is taken, and changes the modelled cost that the guest's
accesses are charged (the bare-metal mmiolat-bare.elf under icount: only
the vCPU's own accesses cost time, qtest's do not); a bad file stops QEMU
with one message that names the file, the line and the key; the
statistics file is JSON whatever the file names contain.  timing-set
items win over the file; [clocks] and [sdram] win over the registers
(also over a guest's later write) and the statistics file says so, beside
the full parameter set in force.  (Bad timing-set items:
tests/cli/test_cli.py.)
Prints PASS:/FAIL: lines.
Usage: test_timing_file.py QEMU TOPDIR MMIOLAT_BARE_ELF
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', 'tools'))
from n9 import facts, qemu as n9qemu  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'lib'))
import n9check  # noqa: E402
from n9check import check  # noqa: E402


def run_qemu(qemu, machine_opts, extra=(), qmp_cmds=()):
    """Start rm696 under qtest (no guest code runs), send the qtest
    commands, stop QEMU as a user would (SIGTERM: a clean exit that writes
    the statistics) and return (exit status, stderr, stdout).  A QEMU that
    refuses its options exits by itself."""
    argv = n9qemu.command(qemu, machine='rm696' + machine_opts, icount=None,
                          serial='null',
                          extra=['-accel', 'qtest', '-qtest', 'stdio', *extra])
    p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    out = b''
    try:
        for c in qmp_cmds:
            p.stdin.write(c.encode() + b'\n')
            p.stdin.flush()
            out += p.stdout.readline()
        # a started QEMU answers one more command; a refused one has exited
        p.stdin.write(b'clock_step 1\n')
        p.stdin.flush()
        out += p.stdout.readline()
    except BrokenPipeError:
        pass
    if p.poll() is None:
        p.terminate()
    _, err = p.communicate(timeout=60)
    return p.returncode if p.returncode != -15 else 0, err.decode(), out.decode()


def main():
    qemu, top, elf = sys.argv[1:4]
    tmp = tempfile.mkdtemp()

    def bad(name, text, must):
        path = os.path.join(tmp, name + '.ini')
        with open(path, 'wb' if isinstance(text, bytes) else 'w') as f:
            f.write(text)
        rc, err, _ = run_qemu(qemu, ',timing=' + path)
        lines = [l for l in err.splitlines() if 'timing file' in l]
        ok = rc == 1 and len(lines) == 1 and all(m in lines[0] for m in [path] + must)
        check('bad timing file (%s) stops QEMU naming file, line and key' % name,
              ok, 'exit %d, stderr: %s' % (rc, err.strip()))

    bad('unknown-key', '[l4-wkup]\nread_min_ns = 600\nread_mid_ns = 3\n',
        ['line 3', 'read_mid_ns', 'unknown key'])
    bad('unknown-section', '[timing]\nseed = 2\n\n[l4-wakeup]\nread_min_ns = 1\n',
        ['line 4', '[l4-wakeup]', 'unknown section'])
    bad('not-a-number', '[l3]\nread_max_ns = 12ns\n', ['line 2', 'read_max_ns', "'12ns'"])
    bad('out-of-range', '# costs\n[l4-core]\nwrite_max_ns = 2000000\n',
        ['line 3', 'write_max_ns', 'from 0 to 1000000'])
    bad('min-over-max', '[l4-core]\nread_min_ns = 300\nread_max_ns = 200\n',
        ['line 1', '[l4-core]', 'read_min_ns is larger than read_max_ns'])
    bad('syntax', '[l4-core]\nread_min_ns 300\n', ['line 2'])
    bad('set-twice', '[l4-wkup]\nread_min_ns = 600\n[l3]\n[l4-wkup]\nread_min_ns = 610\n',
        ['line 5', '[l4-wkup] read_min_ns', 'set twice', 'line 2'])
    bad('empty-key', '[l4-core]\n = 300\n', ['line 2'])
    bad('key-before-section', 'read_min_ns = 300\n[l4-core]\n', ['line 1'])
    bad('binary', bytes(range(256)) * 4, ['line 1'])
    bad('negative', '[prcm]\noff_exit_ns = -1\n', ['line 2', 'off_exit_ns', "'-1'"])
    bad('unknown-group', '[l4-wkup.nosuchblock]\nread_min_ns = 1\n',
        ['line 1', 'nosuchblock'])
    bad('cache-unknown-key', '[cache]\nl2_size = 262144\nl2_sise = 3\n',
        ['line 3', '[cache] l2_sise', 'unknown key', 'l3_line_ns'])
    bad('cache-out-of-range', '[cache]\nl3_ns = 200000\n',
        ['line 2', 'l3_ns', 'from 0 to 100000'])
    bad('cache-geometry', '# what-if\n[cache]\nl2_size = 300000\n',
        ['line 2', '[cache]', 'powers of two'])
    bad('sdrc-unknown-key', '[sdrc]\ndll_relock_ns = 10\ntxsr_ns = 3\n',
        ['line 3', '[sdrc] txsr_ns', 'unknown key'])
    bad('sdrc-out-of-range', '[sdrc]\nclock_restart_cycles = 1000001\n',
        ['line 2', 'clock_restart_cycles', 'from 0 to 1000000'])
    rc, err, _ = run_qemu(qemu, ',timing=' + os.path.join(tmp, 'missing.ini'))
    check('a missing timing file stops QEMU with its name',
          rc != 0 and 'missing.ini' in err, err.strip())

    # The shipped file spells out the defaults: it is accepted.
    rc, err, _ = run_qemu(qemu, ',timing=' + os.path.join(top, 'timing', 'phone.ini'))
    check('timing/phone.ini is accepted', rc == 0, err.strip())

    # A group override changes the cost the guest's reads are charged: one
    # read of the 32 kHz counter costs exactly 640 ns with min = max = 640,
    # one of the CORE L4 (SCM, CM) 200 ns; the PRM keeps the phone's range.
    good = os.path.join(tmp, 'good.ini')
    with open(good, 'w') as f:
        f.write('[l4-wkup.synctimer]\nread_min_ns = 640\nread_max_ns = 640\n'
                '[l4-core]\nread_min_ns = 200\nread_max_ns = 200\n')
    stats = os.path.join(tmp, 'stats.json')
    lo, hi = facts.range('mmio.prm')
    p = subprocess.run(n9qemu.bare(qemu, elf, machine={'timing': good,
                                                       'stats': stats}),
                       capture_output=True, timeout=300, stdin=subprocess.DEVNULL)
    guest = p.stdout.decode() + p.stderr.decode()
    try:
        d = json.load(open(stats))
        wk = d['agents']['l4-wkup']['groups']
        core = d['agents']['l4-core']['groups']
        n32, nprm, nscm = (wk['synctimer']['reads'], wk['prm']['reads'],
                           core['scm']['reads'])
        ok = (p.returncode == 0 and n32 >= 1000 and nprm >= 1000 and nscm >= 1000
              and wk['synctimer']['read_ns'] == 640 * n32
              and core['scm']['read_ns'] == 200 * nscm
              and core['cm']['read_ns'] == 200 * core['cm']['reads']
              and lo * nprm <= wk['prm']['read_ns'] <= hi * nprm
              and wk['prm']['read_ns'] not in (lo * nprm, hi * nprm))
        check('a group override sets that group\'s cost; others keep theirs '
              '(guest reads: synctimer %d x 640 ns, scm %d x 200 ns, prm %d '
              'in the phone\'s %g-%g ns)' % (n32, nscm, nprm, lo, hi), ok,
              guest + json.dumps(d['agents'], indent=1)[:3000])
        line = [l for l in guest.splitlines() if l.startswith('32k ')]
        ns = float(line[0].split()[1]) if line else 0
        check('the guest times the 32 kHz counter read at 640 ns with its cycle '
              'counter (%.2f ns/read)' % ns, 639.5 <= ns <= 641, guest)
        check('stats=FILE says timing is on under icount and names the file',
              d['timing'] is True and d['timing_file'] == good)
    except (OSError, ValueError, KeyError) as e:
        check('stats=FILE is written at exit', False, '%s; output: %s' % (e, guest))

    # [sdrc] reaches the SDRC's model (the stats file names what it used).
    sdrcini = os.path.join(tmp, 'sdrc.ini')
    with open(sdrcini, 'w') as f:
        f.write('[sdrc]\ndll_relock_ns = 1234\nwrite_latency_cycles = 2\n'
                'sr_overhead_ns = 7\n')
    rc, err, _ = run_qemu(qemu, ',timing=%s,stats=%s' % (sdrcini, stats))
    try:
        p = json.load(open(stats))['sdrc']['params']
        check('[sdrc] parameters reach the SDRC model (%s)' % p, rc == 0 and
              p == {'dll_relock_ns': 1234, 'clock_restart_cycles': 1,
                    'write_latency_cycles': 2, 'sr_exit_refreshes': 1,
                    'sr_overhead_ns': 7}, err.strip())
    except (OSError, ValueError, KeyError) as e:
        check('[sdrc] parameters in the stats file', False, '%s; %s' % (e, err))

    # qtest reads are not the guest's: counted apart, not charged.
    rc, err, out = run_qemu(qemu, ',timing=%s,stats=%s' % (good, stats),
                            qmp_cmds=['readl 0x48320010', 'readl 0x48320010'])
    try:
        d = json.load(open(stats))
        sync = d['agents']['l4-wkup']['groups']['synctimer']
        check('under qtest (no icount) stats=FILE says timing is off; qtest '
              'reads count as debug_reads, not reads', d['timing'] is False
              and sync['debug_reads'] == 2 and sync['reads'] == 0
              and sync['read_ns'] == 0, json.dumps(d['agents']['l4-wkup']))
    except (OSError, ValueError, KeyError) as e:
        check('stats=FILE is written at exit under qtest', False, '%s; %s' % (e, err))

    # File names with a quote, a backslash and non-ASCII: still JSON (QEMU's
    # QObject writer escapes them), naming the timing file as given.
    odd = os.path.join(tmp, 'odd "quote" \\ back\u00e9')
    os.makedirs(odd, exist_ok=True)
    oddini = os.path.join(odd, 'phone "1".ini')
    oddstats = os.path.join(odd, 'stats "1".json')
    with open(good) as f, open(oddini, 'w') as g:
        g.write(f.read())
    rc, err, _ = run_qemu(qemu, ',timing=%s,stats=%s' % (oddini, oddstats))
    try:
        d = json.load(open(oddstats, encoding='utf-8'))
        check('a timing and a stats file whose paths hold a quote, a '
              'backslash and a non-ASCII letter: the stats file is JSON and '
              'names the timing file exactly', rc == 0 and
              d['timing_file'] == oddini, '%r vs %r' % (d.get('timing_file'), oddini))
    except (OSError, ValueError, KeyError) as e:
        check('stats=FILE with a quote in the paths is JSON', False,
              '%s; stderr: %s' % (e, err))
    timing_set(qemu, tmp, elf, good)
    return 1 if n9check.failed else 0


def bare_stats(qemu, elf, tmp, machine):
    """mmiolat-bare.elf under icount with @machine options: its stats"""
    stats = os.path.join(tmp, 'set-stats.json')
    if os.path.exists(stats):
        os.unlink(stats)
    m = dict(machine, stats=stats)
    p = subprocess.run(n9qemu.bare(qemu, elf, machine=m,
                                   extra=['-append', '-n 1000 -r 1']),
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       timeout=300, stdin=subprocess.DEVNULL)
    try:
        return p.returncode, json.load(open(stats)), p.stdout.decode()
    except (OSError, ValueError):
        return p.returncode, None, p.stdout.decode()


def timing_set(qemu, tmp, elf, good):
    """-M rm696,timing-set=SECTION.KEY=VALUE;...: every parameter without a
    file, over the file, and over what the registers give"""
    # the items win over the file (good.ini: synctimer reads 640 ns)
    rc, d, out = bare_stats(qemu, elf, tmp, {
        'timing': good, 'timing-set': ['l4-wkup.synctimer.read_min_ns=700',
                                       'l4-wkup.synctimer.read_max_ns=700']})
    try:
        sync = d['agents']['l4-wkup']['groups']['synctimer']
        p = d['timing_params']['l4-wkup.synctimer']
        check('timing-set wins over timing=FILE: the 32 kHz counter read '
              'costs 700 ns (%d reads, %d ns), the stats file says so (%s)'
              % (sync['reads'], sync['read_ns'], p), rc == 0 and
              sync['reads'] > 1000 and sync['read_ns'] == 700 * sync['reads']
              and p['read_min_ns'] == p['read_max_ns'] == 700 and
              d['timing_set'] == 'l4-wkup.synctimer.read_min_ns=700;'
              'l4-wkup.synctimer.read_max_ns=700', out)
    except (TypeError, KeyError) as e:
        check('timing-set over timing=FILE', False, '%s: %s' % (e, out))

    # the full parameter set, defaults included, in the stats file
    rc, d, out = bare_stats(qemu, elf, tmp, {})
    base = d
    try:
        p = d['timing_params']
        want = {'timing', 'l4-wkup', 'l4-core', 'l4-per', 'l4-emu', 'l3',
                'prcm', 'sdrc', 'cache', 'cpu', 'clocks', 'sdram'}
        check('the stats file holds every timing parameter, defaults '
              'included (%d sections; l3_hz %d, txsr %d, l3_ns %d), and no '
              'override' % (len(p), p['clocks']['l3_hz'], p['sdram']['txsr'],
                            p['cache']['l3_ns']),
              rc == 0 and set(p) == want and
              p['clocks'] == {'mpu_hz': 1000000000, 'l3_hz': 195200000} and
              p['sdram']['txsr'] == 40 and p['sdram']['trcd'] == 4 and
              p['l4-wkup']['read_min_ns'] == facts.range('mmio.prm')[0] and
              d['timing_overrides'] == {} and d['timing_set'] is None,
              json.dumps(p)[:2000])
        # every default that is a phone figure is the table's figure
        # (timing/phone-measured.ini, its `parameters` keys)
        rows = facts.check_parameters(p)
        bad = ['%s = %s, [%s] says %s' % (k, got, name, want)
               for k, name, want, got, ok in rows if not ok]
        check('the machine\'s defaults are the phone\'s figures of '
              'timing/phone-measured.ini (%d parameters: %s)'
              % (len({r[0] for r in rows}), ', '.join(sorted({r[0] for r in rows}))),
              rows and not bad, '\n'.join(bad))
    except (TypeError, KeyError) as e:
        check('the parameter set in the stats file', False, '%s: %s' % (e, out))
        return

    # [clocks] l3_hz over the DPLL registers: the SDRAM's clocks are twice
    # as long, so each access costs about twice the ns (per read: the L3 and
    # L4 register costs double too, so the program's polling loops run
    # longer and its SDRAM reads differ by a few)
    rc, d, out = bare_stats(qemu, elf, tmp,
                            {'timing-set': ['clocks.l3_hz=97600000']})
    try:
        a, b = base['sdrc'], d['sdrc']
        check('clocks.l3_hz=97600000 wins over the registers (stats: %s) and '
              'the SDRAM runs at it: %d reads cost %d ns, %d reads %d ns at '
              '195.2 MHz' % (d['timing_overrides'], b['reads'],
                             b['access_ns'], a['reads'], a['access_ns']),
              rc == 0 and d['timing_overrides'] == {'clocks.l3_hz': {
                  'value': 97600000, 'registers': 195200000}} and
              d['timing_params']['clocks']['l3_hz'] == 97600000 and
              a['reads'] > 0 and abs(b['reads'] - a['reads']) < 0.05 * a['reads']
              and 1.9 * a['access_ns'] * b['reads'] < b['access_ns'] * a['reads']
              < 2.2 * a['access_ns'] * b['reads'],
              out)
    except (TypeError, KeyError) as e:
        check('clocks.l3_hz', False, '%s: %s' % (e, out))
    # the interconnect's part of an L2 miss follows the L3 clock too:
    # [cache] l3_ns (75 at l3_ref_hz, 195.2 MHz) is 150 at half the rate
    try:
        ma, mb = base['memory'], d['memory']
        la, lb = ma['cache']['l3_ns'], mb['cache']['l3_ns']
        check('clocks.l3_hz=97600000: the memory path hears the L3 clock '
              '(%s Hz) and an L2 miss\'s L3 part takes 150 ns, not 75 (%d ns '
              'over the misses, %d at 195.2 MHz)' % (mb.get('l3_hz'), lb, la),
              ma.get('l3_hz') == 195200000 and mb.get('l3_hz') == 97600000 and
              la > 0 and la % 75 == 0 and lb % 150 == 0 and
              1.8 * la < lb < 2.2 * la,
              json.dumps({'base': ma.get('cache'), 'half': mb.get('cache')})[:1500])
    except (TypeError, KeyError) as e:
        check('cache l3_ns at clocks.l3_hz', False, '%s: %s' % (e, out))

    # the register costs follow their interface clock: at half the L3 rate
    # the L3's and the core L4's (L3 / 2) cost twice as much, exactly (the
    # same draws, each cost doubled), the wakeup L4's (sys_clk) the same;
    # clock_hz = 0 keeps a section in ns (the what-if override)
    try:
        costs = lambda st: {a: (st['agents'][a]['reads'],
                                st['agents'][a]['read_ns'])
                            for a in ('l4-wkup', 'l4-core', 'l3')}
        ref, half = costs(base), costs(d)
        check('clocks.l3_hz=97600000: the L3 and core L4 register reads cost '
              'twice the ns (%s), the wakeup L4\'s not (%s)'
              % ({a: half[a][1] / ref[a][1] for a in ('l3', 'l4-core')},
                 half['l4-wkup'][1] / half['l4-wkup'][0] /
                 (ref['l4-wkup'][1] / ref['l4-wkup'][0])),
              all(half[a][0] == ref[a][0] > 0 and half[a][1] == 2 * ref[a][1]
                  for a in ('l3', 'l4-core')) and
              half['l4-wkup'][1] * ref['l4-wkup'][0] <
              1.01 * ref['l4-wkup'][1] * half['l4-wkup'][0] and
              d['timing_params']['l3']['clock_hz'] == 195200000,
              json.dumps({'ref': ref, 'half': half}))
        rc, d2, out = bare_stats(qemu, elf, tmp, {'timing-set': [
            'clocks.l3_hz=97600000', 'l3.clock_hz=0', 'l4-core.clock_hz=0']})
        ns = costs(d2)
        check('clock_hz = 0: the L3 and core L4 costs stay in ns at half the '
              'L3 rate (%s)' % ns,
              rc == 0 and all(ns[a] == ref[a] for a in ('l3', 'l4-core')),
              out)
    except (TypeError, KeyError, ZeroDivisionError) as e:
        check('register costs at clocks.l3_hz', False, '%s: %s' % (e, out))

    # [clocks] mpu_hz: the MPU at 500 MHz, every instruction 2 ns: the
    # guest's 10,000,000-cycle busy-wait takes twice the 32 kHz ticks
    rc, d, out = bare_stats(qemu, elf, tmp,
                            {'timing-set': ['clocks.mpu_hz=500000000']})
    ticks = [l for l in out.splitlines() if l.startswith('tick-check')]
    check('clocks.mpu_hz=500000000 wins over DPLL1: 10,000,000 cycles take '
          '%s (656 ticks, 328 at 1 GHz)' % (ticks[0] if ticks else '?'),
          rc == 0 and d is not None and
          d['timing_overrides'].get('clocks.mpu_hz') == {
              'value': 500000000, 'registers': 1000000000} and
          ticks and ticks[0].split()[-2] == '656', out)

    # [sdram] over what the guest writes to the SDRC: qtest writes
    # ACTIM_CTRLB with tXSR 10 clocks; with the override the model keeps 20
    # and the stats file gives both
    stats = os.path.join(tmp, 'set-q.json')
    actim_b = 'writel 0x6d0000a0 0x0002420a'
    rc, err, _ = run_qemu(qemu, ',stats=%s,timing-set=sdram.txsr=20;'
                          'sdram.autocount=7' % stats, qmp_cmds=[actim_b])
    try:
        d = json.load(open(stats))
        check('sdram.txsr=20 wins over the guest\'s SDRC_ACTIM_CTRLB write '
              '(tXSR 10): the model uses %d; the stats file gives the '
              'registers\' value: %s' % (d['timing_params']['sdram']['txsr'],
                                         d['timing_overrides']),
              rc == 0 and d['timing_params']['sdram']['txsr'] == 20 and
              d['timing_overrides'] == {
                  'sdram.txsr': {'value': 20, 'registers': 10},
                  'sdram.autocount': {'value': 7, 'registers': 0}}, err)
    except (OSError, ValueError, KeyError) as e:
        check('sdram.txsr over the register', False, '%s; %s' % (e, err))
    rc, err, _ = run_qemu(qemu, ',stats=%s' % stats, qmp_cmds=[actim_b])
    try:
        d = json.load(open(stats))
        check('without the override the guest\'s write takes: tXSR %d'
              % d['timing_params']['sdram']['txsr'],
              rc == 0 and d['timing_params']['sdram']['txsr'] == 10, err)
    except (OSError, ValueError, KeyError) as e:
        check('the guest\'s SDRC write', False, '%s; %s' % (e, err))


if __name__ == '__main__':
    sys.exit(main())
