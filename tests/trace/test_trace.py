#!/usr/bin/env python3
"""Record and replay (-M rm696,record=FILE, ./n9 replay;
docs/trace-format.md).

  test_trace.py QEMU REPLAY GUESTDIR LOGDIR [KERNELS INITRAMFS]

REPLAY: models/trace/n9replay.  Bare-metal programs (quick): the vCPU's
memory-path fuzzer (walks, TLB and cache maintenance, SCTLR, ASID, MPU
rate changes), mmiolat (register reads), offmode (WFI, MPU and CORE OFF,
with the idle walk on its sleep function: the per-entry figures rebuilt,
the SDRC's self-refresh), cpufreq (the MPU below 1 GHz).  Each runs with
and without record=: the statistics must be the same, key by key (host
time aside); the trace replayed with --verify must give every charge as
recorded and every figure of the statistics file replay answers (virtual
time, the memory path's and the cache model's counters, the SDRC's, every
agent's and register group's; the same at each mark) equal to the run's.
Then: other parameters give other, sane figures; a truncated or corrupt
trace is a one-line error.  A window (record-from=mark:N, memfuzz's
marks): the trace starts at the mark with the models' state images and
its replay gives the run's figures from there on, exactly; the same for
a window started from the monitor (record-from=monitor, qom-set /machine
record-start on).  With KERNELS
and INITRAMFS, the same for a short Linux membench and idle run, and the
idle run's C7 window recorded from its mark.  PASS:/FAIL: lines.
"""
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', 'tools'))
from n9 import qemu as n9qemu  # noqa: E402
sys.path.insert(0, os.path.join(HERE, '..', 'lib'))
import n9check  # noqa: E402
from n9bare import run_bare  # noqa: E402
from n9qmp import QMP  # noqa: E402


def check(name, ok, detail=''):
    """n9check's verdict line, named as this test's; returns @ok"""
    n9check.check('trace: ' + name, ok, detail)
    return ok


def replay(binary, trace, *args):
    """(status, JSON or None, stderr)"""
    out = trace + '.replay.json'
    p = subprocess.run([binary, trace, '--json', out, *args],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    d = None
    if p.returncode == 0:
        with open(out) as f:
            d = json.load(f)
    return p.returncode, d, p.stderr.decode('utf-8', 'replace').strip()


def strip_host(d):
    """A statistics file without host time (marks' host_us)"""
    d = json.loads(json.dumps(d))
    for m in d.get('marks', []):
        m.pop('host_us', None)
    return d


def diff(a, b, path=''):
    """Where @b (replay: the keys it answers) differs from @a (the run)"""
    out = []
    if isinstance(b, dict):
        if not isinstance(a, dict):
            return ['%s: not a section in the run' % path]
        for k in b:
            if k not in a:
                # a group the run shows only with debug accesses
                out.append('%s.%s: not in the run' % (path, k))
                continue
            out += diff(a[k], b[k], '%s.%s' % (path, k))
    elif a != b:
        out.append('%s: run %s, replay %s' % (path, a, b))
    return out


def same_figures(stats, rep):
    """The replay's figures against the run's statistics file"""
    out = []
    for sec in ('virtual_ns', 'memory', 'sdrc', 'agents'):
        out += diff({sec: stats[sec]}, {sec: rep[sec]})
    # every group with guest accesses in the run is in the replay
    for ag, d in stats['agents'].items():
        for g, gd in d['groups'].items():
            if (gd['reads'] or gd['writes']) and \
                    g not in rep['agents'][ag]['groups']:
                out.append('agents.%s.groups.%s: not replayed' % (ag, g))
    if len(stats['marks']) != len(rep['marks']):
        out.append('%d marks, replay %d' % (len(stats['marks']),
                                            len(rep['marks'])))
    for m, r in zip(stats['marks'], rep['marks']):
        for sec in ('mark', 'virtual_ns', 'memory', 'sdrc', 'agents'):
            out += diff({sec: m[sec]}, {sec: r[sec]},
                        'marks[%s]' % m['mark'])
    return out


def case(qemu, binary, elf, append, logdir, tag, machine=''):
    """One program with and without record=; its trace replayed."""
    base = 'rm696' + (',' + machine if machine else '')
    s0 = os.path.join(logdir, tag + '-plain.json')
    s1 = os.path.join(logdir, tag + '-rec.json')
    trace = os.path.join(logdir, tag + '.n9t')
    _, rc0 = run_bare(qemu, elf, os.path.join(logdir, tag + '-plain.log'),
                      base + ',stats=' + s0, append=append)
    _, rc1 = run_bare(qemu, elf, os.path.join(logdir, tag + '-rec.log'),
                      base + ',stats=%s,record=%s' % (s1, trace),
                      append=append)
    if not check('%s: runs with and without record= (status %s, %s)'
                 % (tag, rc0, rc1), isinstance(rc0, int) and rc0 == rc1 and
                 os.path.exists(trace)):
        return None
    with open(s0) as f:
        a = strip_host(json.load(f))
    with open(s1) as f:
        b = strip_host(json.load(f))
    d = diff(a, b) + diff(b, a)
    check('%s: recording changes no figure (%d keys compared)'
          % (tag, len(json.dumps(a))), not d, '; '.join(d[:3]))
    rc, rep, err = replay(binary, trace, '--verify')
    if not check('%s: replay --verify: every charge as recorded' % tag,
                 rc == 0, err):
        return None
    d = same_figures(b, rep)
    check('%s: replay gives the run\'s figures (virtual time %d ns, %d '
          'events, %d marks)' % (tag, rep['virtual_ns'],
                                 rep['replay']['events'], len(rep['marks'])),
          not d, '; '.join(d[:4]))
    return trace, b, rep


def linux(qemu, binary, kernels, initrd, logdir):
    """A short idle and a short membench on Linux, recorded and replayed"""
    from n9 import kernel as n9kernel, scenario as n9scenario
    k = n9kernel.from_dir(os.path.join(kernels, 'patched'))
    for tag, run, append, start in [
            ('linux-idle', 'idle', 'n9.idle.states=C1,C7 n9.idle.seconds=1 '
             'n9.idle.settle=3', None),
            ('linux-membench', 'membench', 'n9.membench.tests=lat,line '
             'n9.membench.sizes=16K,1M n9.membench.repeats=1 '
             'n9.membench.settle=0', None),
            # the C7 window alone (marks 71, 72): the state at mark 71
            ('linux-idle-window', 'idle', 'n9.idle.states=C1,C7 '
             'n9.idle.seconds=1 n9.idle.settle=3', 71)]:
        stats = os.path.join(logdir, tag + '.json')
        trace = os.path.join(logdir, tag + '.n9t')
        machine = {'stats': stats, 'record': trace}
        if run == 'idle':
            # the idle walk (per-entry figures), from the kernel's symbols
            machine['symbols'] = k.symbols
        if start is not None:
            machine['record-from'] = 'mark:%d' % start
        argv = n9qemu.command(qemu, machine=machine,
                              kernel=k.zimage, dtb=k.dtb, initrd=initrd,
                              append=n9scenario.append_line(run, append),
                              semihosting='userspace')
        p = subprocess.run(argv, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=900)
        with open(os.path.join(logdir, tag + '.log'), 'w') as f:
            f.write('$ %s\n%s' % (' '.join(argv),
                                   p.stdout.decode('utf-8', 'replace')))
        if not check('%s: recorded (status %d)' % (tag, p.returncode),
                     p.returncode == 0 and os.path.exists(trace)):
            continue
        with open(stats) as f:
            st = strip_host(json.load(f))
        if start is not None:
            first = [i for i, m in enumerate(st['marks'])
                     if m['mark'] == start]
            st['marks'] = st['marks'][first[0]:] if first else []
            check('%s: the run set mark %d' % (tag, start), first)
        rc, rep, err = replay(binary, trace, '--verify')
        if not check('%s: replay --verify: every charge as recorded' % tag,
                     rc == 0, err):
            continue
        d = same_figures(st, rep)
        check('%s: replay gives the run\'s figures (%.3f s virtual, %d '
              'events, %d marks, %.1f MB)' % (
                  tag, rep['virtual_ns'] / 1e9, rep['replay']['events'],
                  len(rep['marks']), os.path.getsize(trace) / 1e6),
              not d, '; '.join(d[:4]))
        if run == 'idle' and start is None:
            idle_entries(binary, trace, tag, st, rep)
        if run == 'membench':
            rc, slow, err = replay(binary, trace, '--set',
                                   'sdrc.clock_restart_cycles=%d' %
                                   (st['timing_params']['sdrc']
                                    ['clock_restart_cycles'] + 20))
            check('%s: a slower SDRAM clock restart: more SDRC time, the '
                  'same accesses (%d > %d ns)' % (
                      tag, slow['sdrc']['access_ns'] if slow else -1,
                      rep['sdrc']['access_ns']),
                  rc == 0 and slow['sdrc']['access_ns'] >=
                  rep['sdrc']['access_ns'] and
                  slow['memory']['loads'] == rep['memory']['loads'], err)
        # the trace stays: section 10b replays it through SystemC (and
        # removes it)


def idle_entries(binary, trace, tag, st, rep):
    """The idle walk's per-entry figures (the statistics file's idle
    section) rebuilt by the replay from the walk's steps in the trace"""
    idle = rep.get('idle')
    d = ['the replay has no idle section'] if not idle else \
        diff({'idle': st.get('idle')}, {'idle': idle})
    states = (idle or {}).get('states', {})
    name = max(states, key=lambda n: states[n]['entries']) if states else '-'
    c = states.get(name, {})
    check('%s: replay rebuilds the idle walk per entry: %s entries (%s: %s, '
          '%s ns before WFI, %s register accesses after the wake-up), every '
          'figure it gives = the run\'s' % (
              tag, idle and idle['entries'], name, c.get('entries'),
              c.get('before_wfi_ns'),
              c.get('after_wakeup', {}).get('reads', 0) +
              c.get('after_wakeup', {}).get('writes', 0)),
          not d and c.get('entries', 0) > 0 and
          c['before_wfi']['ns'] > 0 and c['after_wakeup']['ns'] > 0,
          '; '.join(d[:4]))
    # slower L4-WKUP reads (the PRM's): more register time per entry, the
    # same entries
    wk = st['timing_params']['l4-wkup']
    rc, slow, err = replay(binary, trace, '--set', 'l4-wkup.read_min_ns=%d'
                           % (wk['read_min_ns'] + 500), '--set',
                           'l4-wkup.read_max_ns=%d' % (wk['read_max_ns'] + 500))
    s = (slow or {}).get('idle', {}).get('states', {}).get(name, {})
    check('%s: slower L4-WKUP reads: more register ns per %s entry before '
          'WFI (%s > %s), the same entries' % (
              tag, name, s.get('before_wfi', {}).get('ns'),
              c.get('before_wfi', {}).get('ns')),
          rc == 0 and s.get('entries') == c.get('entries') and
          s['before_wfi']['ns'] > c['before_wfi']['ns'], err)


def window(qemu, binary, guest, logdir):
    """record-from=mark:N: the trace starts at a mark with the models'
    state images; its replay runs the window only and gives the run's own
    figures from that mark on (docs/trace-format.md, "Windows")"""
    elf = os.path.join(guest, 'memfuzz-bare.elf')
    app = '-s 3 -n 20000 -m 1000'       # marks 1, 2, 3, 1003, ... 19003
    start = 10003
    full = os.path.join(logdir, 'window-full.n9t')
    trace = os.path.join(logdir, 'window.n9t')
    s0 = os.path.join(logdir, 'window-full.json')
    s1 = os.path.join(logdir, 'window.json')
    _, rc0 = run_bare(qemu, elf, os.path.join(logdir, 'window-full.log'),
                      'rm696,stats=%s,record=%s' % (s0, full), append=app)
    _, rc1 = run_bare(qemu, elf, os.path.join(logdir, 'window.log'),
                      'rm696,stats=%s,record=%s,record-from=mark:%d'
                      % (s1, trace, start), append=app)
    if not check('window: memfuzz recorded whole and from mark %d (status '
                 '%s, %s)' % (start, rc0, rc1), rc0 == 0 and rc1 == 0 and
                 os.path.exists(trace)):
        return
    with open(s0) as f:
        a = strip_host(json.load(f))
    with open(s1) as f:
        b = strip_host(json.load(f))
    d = diff(a, b) + diff(b, a)
    check('window: recording from a mark changes no figure', not d,
          '; '.join(d[:3]))
    rc, rep, err = replay(binary, trace, '--verify')
    if not check('window: replay --verify: every charge as recorded', rc == 0,
                 err):
        return
    rcf, repf, err = replay(binary, full)
    first = [i for i, m in enumerate(b['marks']) if m['mark'] == start]
    want = dict(b, marks=b['marks'][first[0]:] if first else [])
    d = same_figures(want, rep)
    check('window: its replay gives the run\'s figures from mark %d on (%d '
          'marks, every counter absolute, virtual time %d ns)' % (
              start, len(rep['marks']), rep['virtual_ns']),
          first and not d and rep['replay']['window'] and
          len(rep['marks']) == len(b['marks']) - first[0] > 1,
          '; '.join(d[:4]))
    check('window: fewer events than the whole run\'s trace (%d < %d), '
          'the window\'s trace %d bytes' % (
              rep['replay']['events'], repf['replay']['events'] if repf
              else -1, os.path.getsize(trace)),
          rcf == 0 and rep['replay']['events'] < repf['replay']['events'])
    # a window with an end: record-to=mark:M, the trace's end at M
    end = 12003
    part = os.path.join(logdir, 'window-part.n9t')
    _, rc2 = run_bare(qemu, elf, os.path.join(logdir, 'window-part.log'),
                      'rm696,record=%s,record-from=mark:%d,record-to=mark:%d'
                      % (part, start, end), append=app)
    rc3, rp, err = replay(binary, part, '--verify')
    last = [m for m in b['marks'] if m['mark'] == end]
    d = ['no trace'] if rc2 != 0 or rc3 != 0 or not last else (
        same_figures(dict(last[0], marks=[m for m in b['marks'][first[0]:]
                                          if m['mark'] <= end]), rp))
    check('window: from mark %d to mark %d: the marks\' figures, and at '
          'the end mark %d\'s (%d events)' % (
              start, end, end, rp['replay']['events'] if rp else -1),
          not d, '; '.join(d[:4]) or err)
    rc, d2, err = replay(binary, trace, '--set', 'cache.l2_hit_cycles=%d' % (
        a['timing_params']['cache']['l2_hit_cycles'] * 2))
    check('window: other latencies replay from the image (more stall: %s > '
          '%d ns)' % (d2['memory']['stall_ns'] if d2 else '-',
                      rep['memory']['stall_ns']),
          rc == 0 and d2['memory']['stall_ns'] > rep['memory']['stall_ns'],
          err)
    rc, _, err = replay(binary, trace, '--set', 'cache.l2_size=131072')
    check('window: another cache geometry: one line, status 1 (%s)' % err,
          rc == 1 and 'l2_size' in err and '\n' not in err)
    # a mark that never comes: the trace says so, the replay refuses it
    never = os.path.join(logdir, 'window-never.n9t')
    log, rc = run_bare(qemu, elf, os.path.join(logdir, 'window-never.log'),
                       'rm696,record=%s,record-from=mark:77' % never,
                       append='-s 3 -n 100')
    rc2, _, err = replay(binary, never)
    check('window: a mark that never comes: said by both (%s)' % err,
          rc == 0 and rc2 == 1 and 'holds no window' in err and
          '\n' not in err)
    out, rc = run_bare(qemu, elf, os.path.join(logdir, 'window-bad.log'),
                       'rm696,record=%s,record-from=when:3' % never,
                       timeout=60)
    out = out.strip()
    check('window: record-from= that is no mark:N: one line, status 1 (%s)'
          % out, rc == 1 and 'mark:N' in out and len(out.splitlines()) == 1)
    # window.n9t and window-part.n9t stay: the SystemC section replays them
    for f in (full, never):
        if os.path.exists(f):
            os.unlink(f)


def window_monitor(qemu, binary, guest, logdir):
    """record-from=monitor: the window starts at qom-set /machine
    record-start on, wherever the guest is then; its replay gives the
    run's figures from there on (the marks after it, the end)"""
    elf = os.path.join(guest, 'memfuzz-bare.elf')
    trace = os.path.join(logdir, 'window-mon.n9t')
    stats = os.path.join(logdir, 'window-mon.json')
    sock = os.path.join(logdir, 'window-mon.sock')
    argv = n9qemu.bare(qemu, elf, machine='rm696,stats=%s,record=%s,'
                       'record-from=monitor' % (stats, trace),
                       extra=['-append', '-s 3 -n 20000 -m 1000', '-qmp',
                              'unix:%s,server=on,wait=off' % sock])
    p = subprocess.Popen(argv, stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    q = QMP(sock)
    t0, marks = time.monotonic(), 0
    while time.monotonic() - t0 < 120 and p.poll() is None and marks < 8:
        time.sleep(0.02)
        marks = q.qom('/machine', 'marks')
    r1 = q.cmd('qom-set', path='/machine', property='record-start',
               value=True)
    while p.poll() is None and not q.qom('/machine', 'record-start'):
        time.sleep(0.01)
    r2 = q.cmd('qom-set', path='/machine', property='record-start',
               value=True)
    q.close()
    rc = p.wait(timeout=300)
    err = p.stderr.read().decode('utf-8', 'replace').strip()
    if not check('window: started from the monitor after %d marks (status '
                 '%d)' % (marks, rc), rc == 0 and 'return' in r1 and
                 os.path.exists(trace), err):
        return
    check('window: record-start again: refused, no trace waits (%s)'
          % r2.get('error', {}).get('desc'), 'error' in r2 and
          'no trace waits' in r2['error']['desc'])
    with open(stats) as f:
        b = strip_host(json.load(f))
    rc, rep, err = replay(binary, trace, '--verify')
    if not check('window: the monitor\'s window: replay --verify', rc == 0,
                 err):
        return
    w = rep['replay']['window_ns']
    # a mark's time counts its whole block (icount takes a block's count at
    # its start), so a mark after the window's start is later than it; one
    # at the start itself came before it (the monitor stopped the vCPU right
    # after the mark's block: seen on 2026-12-07, where >= failed)
    want = dict(b, marks=[m for m in b['marks'] if m['virtual_ns'] > w])
    d = same_figures(want, rep)
    check('window: the monitor\'s window, from %d ns: the run\'s figures '
          '(%d of %d marks, the end)' % (w, len(rep['marks']),
                                         len(b['marks'])),
          rep['replay']['window'] and 0 < len(rep['marks']) <
          len(b['marks']) and not d, '; '.join(d[:4]))
    os.unlink(trace)


def not_vcpu(qemu, binary, logdir):
    """the monitor's register reads (not the vCPU's) are not in the trace"""
    stats = os.path.join(logdir, 'qtest.json')
    trace = os.path.join(logdir, 'qtest.n9t')
    argv = [qemu, '-M', 'rm696,stats=%s,record=%s' % (stats, trace),
            '-accel', 'qtest', '-S', '-display', 'none', '-monitor', 'stdio',
            '-serial', 'null']
    p = subprocess.run(argv, input=b'xp /2wx 0x48320010\nquit\n',
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       timeout=60)
    with open(os.path.join(logdir, 'qtest.log'), 'wb') as f:
        f.write(p.stdout)
    if not check('monitor: a run with record= (status %d)' % p.returncode,
                 p.returncode == 0 and os.path.exists(trace)):
        return
    with open(stats) as f:
        st = json.load(f)
    rc, rep, err = replay(binary, trace, '--verify')
    wk = st['agents']['l4-wkup']
    check('the monitor\'s register reads are not recorded (run: %d debug '
          'reads; replay: %d reads)' % (wk['debug_reads'],
                                 rep['agents']['l4-wkup']['reads']
                                 if rep else -1),
          rc == 0 and wk['debug_reads'] >= 2 and
          rep['agents']['l4-wkup']['reads'] == 0, err)


def main():
    qemu, binary, guest, logdir = sys.argv[1:5]
    os.makedirs(logdir, exist_ok=True)
    fuzz = os.path.join(guest, 'memfuzz-bare.elf')
    r = case(qemu, binary, fuzz, '-s 1 -n 20000', logdir, 'memfuzz-1')
    case(qemu, binary, fuzz, '-s 2 -n 20000', logdir, 'memfuzz-2')
    # with the pipeline, below 1 GHz (the fuzzer's rate changes): the
    # cycles pairs across blocks saved give back the extra their block's
    # fetch charged, when the pair is made (GIVEBACK events); the replay
    # must too, to keep the clock's fraction as recorded
    p = case(qemu, binary, fuzz, '-s 3 -n 20000', logdir, 'memfuzz-pipeline',
             'pipeline=on')
    if p:
        mem = p[1]['memory']
        check('memfuzz-pipeline: pairs across blocks (%d cycles) at MPU '
              'rates below 1 GHz (%d ns extra)'
              % (mem['pipeline_pair_cycles'], mem['mpu_ns']),
              mem['pipeline_pair_cycles'] > 0 and mem['mpu_ns'] > 0)
    m = case(qemu, binary, os.path.join(guest, 'mmiolat-bare.elf'), None,
             logdir, 'mmiolat')
    if m:
        # one register group's latency, as the machine's --set takes it
        trace, stats, rep = m
        ag, g = max(((a, g) for a, d in stats['agents'].items()
                     for g in d['groups']),
                    key=lambda x: stats['agents'][x[0]]['groups'][x[1]]
                    ['reads'])
        rd = stats['agents'][ag]['groups'][g]['reads']
        rc, d, err = replay(binary, trace,
                            '--set', '%s.%s.read_min_ns=5000' % (ag, g),
                            '--set', '%s.%s.read_max_ns=5000' % (ag, g))
        others = [(a, h) for a, x in stats['agents'].items()
                  for h in x['groups'] if (a, h) != (ag, g)]
        check('one group\'s read cost (%s.%s, %d reads) at 5000 ns: its '
              'read ns, only its' % (ag, g, rd), rc == 0 and
              d['agents'][ag]['groups'][g]['read_ns'] == 5000 * rd and
              all(d['agents'][a]['groups'][h] ==
                  rep['agents'][a]['groups'][h] for a, h in others), err)
    # with the idle walk on its sleep function (the ELF's symbols): the
    # walk's steps are in the trace, the replay rebuilds its section
    om = os.path.join(guest, 'offmode-bare.elf')
    o = case(qemu, binary, om, None, logdir, 'offmode',
             'symbols=%s,idle-enter=do_sleep' % om)
    if o:
        idle_entries(binary, o[0], 'offmode', o[1], o[2])
        # ./n9 replay prints the walk's table
        p = subprocess.run([sys.executable, os.path.join(HERE, '..', '..',
                                                         'n9'), 'replay',
                            o[0]], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT)
        out = p.stdout.decode('utf-8', 'replace')
        st = o[1]['idle']['states']
        rows = [ln for ln in out.splitlines() for n in st
                if ln.split()[:2] == [n, str(st[n]['entries'])]]
        check('offmode: n9 replay prints the idle walk\'s per-entry table (%s)'
              % ' | '.join(rows), p.returncode == 0 and
              'idle walk: %d entries' % o[1]['idle']['entries'] in out and
              len(rows) == len(st), out[-300:])
    case(qemu, binary, os.path.join(guest, 'cpufreq-bare.elf'), None,
         logdir, 'cpufreq')
    # a run with the unaligned replay at 0 ns: its trace still holds every
    # unaligned access (the filters spare none), so a replay prices them
    z = case(qemu, binary, fuzz, '-s 1 -n 2000', logdir, 'memfuzz-nounal',
             'timing-set=cache.unaligned_cycles=0')
    if z:
        rc, u, err = replay(binary, z[0], '--set', 'cache.unaligned_cycles=8')
        n = z[1]['memory']['cache']['unaligned_replays']
        ok = rc == 0 and n > 0
        check('recorded with unaligned_cycles 0 (%d replays at 0 ns), '
              'replayed with 8: the same replays, at least 8 ns each (%s)'
              % (n, err), ok and
              u['memory']['cache']['unaligned_replays'] == n and
              u['memory']['cache']['unaligned_ns'] >= 8 * n and
              z[1]['memory']['cache']['unaligned_ns'] == 0)

    if r:
        trace, stats, rep = r
        # other parameters: the L2 slower, the SDRAM's DLL relock longer
        rc, slow, err = replay(binary, trace, '--set',
                               'cache.l2_hit_cycles=%d' % (
                                   stats['timing_params']['cache']
                                   ['l2_hit_cycles'] * 2))
        if check('other parameters replay (cache.l2_hit_cycles x2)', rc == 0,
                 err):
            hits = rep['memory']['cache']['l2_read_hits']
            check('an L2 twice as slow: more stall (%d > %d ns), the same '
                  'accesses, later end' % (slow['memory']['stall_ns'],
                                           rep['memory']['stall_ns']),
                  hits > 0 and
                  slow['memory']['stall_ns'] > rep['memory']['stall_ns'] and
                  slow['memory']['loads'] == rep['memory']['loads'] and
                  slow['virtual_ns'] - rep['virtual_ns'] ==
                  slow['replay']['shift_ns'] > 0)
            check('and says from which event its times moved',
                  slow['replay']['first_changed_event'] >= 0)
        rc, _, err = replay(binary, trace, '--set', 'cache.nothing=1')
        check('an unknown parameter: one line, status 1 (%s)' % err,
              rc == 1 and 'no parameter cache.nothing' in err and
              '\n' not in err)
        rc, _, err = replay(binary, trace, '--set', 'sdram.txsr=30')
        check('[sdram] cannot be replayed: said (%s)' % err,
              rc == 1 and 'rerun the guest' in err)
        for item in ('cpu.flush_cycles=20', 'cpu.btb_ways=512',
                     'cpu.btb_index_shift=3'):
            rc, _, err = replay(binary, trace, '--set', item)
            check('the pipeline\'s %s cannot be replayed: said (%s)'
                  % (item.split('=')[0], err),
                  rc == 1 and 'rerun the guest' in err and 'pipeline' in err)
        # the unaligned replay (TRM Table 16-16) replays: the same accesses
        c = rep['memory']['cache']
        rc, u, err = replay(binary, trace, '--set', 'cache.unaligned_cycles=20')
        if check('cache.unaligned_cycles=20 replays (%s)' % err, rc == 0):
            cu = u['memory']['cache']
            check('unaligned_cycles 20 against 8: the same %d replays, '
                  'more ns (%d > %d)' % (c['unaligned_replays'],
                                         cu['unaligned_ns'],
                                         c['unaligned_ns']),
                  c['unaligned_replays'] > 0 and
                  cu['unaligned_replays'] == c['unaligned_replays'] and
                  cu['unaligned_ns'] > c['unaligned_ns'])
        # damaged traces
        bad = os.path.join(logdir, 'cut.n9t')
        with open(trace, 'rb') as f:
            data = f.read()
        with open(bad, 'wb') as f:
            f.write(data[:len(data) // 2])
        rc, _, err = replay(binary, bad)
        check('a truncated trace: one line, status 1 (%s)' % err,
              rc == 1 and 'truncated' in err and '\n' not in err)
        # a byte in the first block's compressed data
        at = 16 + int.from_bytes(data[12:16], 'little') + 8 + 500
        with open(bad, 'wb') as f:
            f.write(data[:at] + bytes([data[at] ^ 0x40]) + data[at + 1:])
        rc, _, err = replay(binary, bad)
        check('a corrupt trace: one line, status 1 (%s)' % err,
              rc == 1 and ('corrupt' in err or 'diverges' in err) and
              '\n' not in err)
        rc, _, err = replay(binary, os.path.join(logdir, 'memfuzz-1-rec.json'))
        check('not a trace: said (%s)' % err, rc == 1 and 'not an n9 trace'
              in err)

    window(qemu, binary, guest, logdir)
    window_monitor(qemu, binary, guest, logdir)
    not_vcpu(qemu, binary, logdir)
    if len(sys.argv) > 6:
        linux(qemu, binary, sys.argv[5], sys.argv[6], logdir)

    print('%d trace checks failed' % n9check.failed if n9check.failed else
          'trace: all passed')
    return 1 if n9check.failed else 0


if __name__ == '__main__':
    sys.exit(main())
