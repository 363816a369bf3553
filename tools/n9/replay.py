"""`n9 replay`: a recorded run (-M rm696,record=FILE, or any workload with
--machine record=FILE) through the C models again, with the recorded
timing parameters or others (--timing FILE, --set SECTION.KEY=VALUE), in
a fraction of the time the guest took.  The replay itself is
models/trace/n9replay (C, built with the models); this command resolves
the parameters the way the machine does (timing.effective: the machine
reads the INI file and the overrides itself), runs it, and prints the
figures: the virtual time, every counter of the statistics file's
agents, memory and sdrc sections (--json: as the statistics file has
them, marks included), and per pair of the guest's marks the window's
time, memory and register figures (membench marks each measured item:
100 + 2i, 101 + 2i; the idle scenario each C-state's window, 10n + 1,
10n + 2, with its idle entries and the figures per entry (and the idle
walk's own per-entry table when the trace has its steps); scenarios 1
and 2).  A trace recorded from a mark (--machine record=FILE,
record-from=mark:N) holds the models' state there and the window only:
its replay loads the state and gives the run's own figures from that mark
on (docs/trace-format.md, "Windows").  docs/trace-format.md,
docs/whatif.md."""
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile

from . import env, progress, timing
from .errors import UserError


def read_header(path):
    """The trace's header as {key: value} (docs/trace-format.md)"""
    try:
        with open(path, 'rb') as f:
            head = f.read(16)
            if len(head) < 16 or head[:8] != b'N9TRACE\n':
                raise UserError("'%s' is not an n9 trace (no N9TRACE magic)"
                                % path)
            version, hlen = struct.unpack('<II', head[8:])
            text = f.read(hlen).decode('utf-8', 'replace')
    except OSError as e:
        raise UserError("cannot read the trace '%s': %s" % (path, e.strerror))
    if len(text) < hlen:
        raise UserError("'%s': truncated in its header" % path)
    out = {'format.version': str(version)}
    for line in text.splitlines():
        k, _, v = line.partition('=')
        out[k] = v
    return out


def replay_binary():
    """models/trace/n9replay, built with the models (as tests/run does)"""
    mbuild = os.path.join(env.cache(), 'build', 'models')
    stamp = os.path.join(mbuild, '.n9-source')
    try:
        # a build folder set up for another clone regenerates from a folder
        # that may be gone: set it up again (as tests/run does)
        try:
            with open(stamp) as f:
                mine = f.read().strip() == env.TOP
        except OSError:
            mine = False
        if not mine:
            shutil.rmtree(mbuild, ignore_errors=True)
        if not os.path.isfile(os.path.join(mbuild, 'build.ninja')):
            subprocess.run(['meson', 'setup', mbuild, env.TOP], check=True,
                           stdout=subprocess.DEVNULL, stderr=sys.stderr)
            with open(stamp, 'w') as f:
                f.write(env.TOP + '\n')
        subprocess.run(['ninja', '-C', mbuild, 'models/trace/n9replay'],
                       check=True, stdout=subprocess.DEVNULL,
                       stderr=sys.stderr)
    except (OSError, subprocess.CalledProcessError) as e:
        raise UserError('building models/trace/n9replay failed: %s' % e)
    return os.path.join(mbuild, 'models', 'trace', 'n9replay')


def changed_params(header, params):
    """SECTION.KEY=VALUE for each parameter @params (the machine's
    resolved set) gives otherwise than the trace's header"""
    out = []
    for sec, keys in sorted((params or {}).items()):
        if not isinstance(keys, dict):
            continue
        for k, v in sorted(keys.items()):
            name = '%s.%s' % (sec, k)
            rec = header.get('param.' + name)
            if sec in ('clocks', 'sdram'):
                continue            # register-derived: the overrides below
            if rec is None:
                raise UserError('parameter %s is not in the trace\'s header '
                                '(recorded by another build?)' % name)
            if int(rec) != int(v):
                out.append('%s=%d' % (name, int(v)))
    return out


def windows(d):
    """Per pair of marks: membench's items (100 + 2i, 101 + 2i), the idle
    scenario's C-state windows (10n + 1, 10n + 2: Cn), a scenario's
    window (1, 2): the window's figures"""
    marks = {m['mark']: m for m in d.get('marks', [])}
    pairs = [(1, 2, 'window')] if 1 in marks and 2 in marks else []
    pairs += [(10 * n + 1, 10 * n + 2, 'C%d' % n) for n in range(1, 10)
              if 10 * n + 1 in marks and 10 * n + 2 in marks]
    pairs += [(a, a + 1, 'item %d' % ((a - 100) // 2)) for a in sorted(marks)
              if a >= 100 and a % 2 == 0 and a + 1 in marks]
    rows = []
    for a, b, what in pairs:
        m0, m1 = marks[a], marks[b]
        mem0, mem1 = m0.get('memory') or {}, m1.get('memory') or {}
        delta = lambda k: mem1.get(k, 0) - mem0.get(k, 0)  # noqa: E731
        reg = lambda m, k: sum(x[k] for x in m['agents'].values())  # noqa
        p0, p1 = m0.get('replay_prcm', {}), m1.get('replay_prcm', {})
        rows.append({
            'marks': '%d-%d' % (a, b), 'what': what,
            'ns': m1['virtual_ns'] - m0['virtual_ns'],
            'accesses': delta('loads') + delta('stores'),
            'stall_ns': delta('stall_ns'),
            'l2_misses': (mem1.get('cache', {}).get('l2_read_misses', 0) -
                          mem0.get('cache', {}).get('l2_read_misses', 0)),
            'sdrc_reads': m1['sdrc']['reads'] - m0['sdrc']['reads'],
            'regs': (reg(m1, 'reads') + reg(m1, 'writes') -
                     reg(m0, 'reads') - reg(m0, 'writes')),
            'reg_ns': (reg(m1, 'read_ns') + reg(m1, 'write_ns') -
                       reg(m0, 'read_ns') - reg(m0, 'write_ns')),
            'wfi': p1.get('wfi', 0) - p0.get('wfi', 0),
        })
    return rows


def print_windows(rows):
    if not rows:
        return
    print('%-9s %-8s %13s %11s %12s %9s %10s %9s %11s %6s %10s' % (
        'marks', 'what', 'window_ns', 'accesses', 'stall_ns', 'l2_miss',
        'sdrc_reads', 'reg_acc', 'reg_ns', 'wfi', 'ns/acc'))
    for w in rows:
        print('%-9s %-8s %13d %11d %12d %9d %10d %9d %11d %6d %10.3f' % (
            w['marks'], w['what'], w['ns'], w['accesses'], w['stall_ns'],
            w['l2_misses'], w['sdrc_reads'], w['regs'], w['reg_ns'],
            w['wfi'], w['ns'] / w['accesses'] if w['accesses'] else 0.0))
    idle = [w for w in rows if w['what'].startswith('C') and w['wfi']]
    for w in idle:
        print('%s: %d idle entries (WFI), per entry: %.0f register accesses, '
              '%.2f us in them, %.2f us of memory stall' % (
                  w['what'], w['wfi'], w['regs'] / w['wfi'],
                  w['reg_ns'] / w['wfi'] / 1e3,
                  w['stall_ns'] / w['wfi'] / 1e3))


def print_idle(idle):
    """The idle walk's per-entry table (a trace recorded with the kernel's
    symbols: docs/trace-format.md, "The idle walk")"""
    if not idle or not idle.get('states'):
        return
    print('idle walk: %d entries (per entry: register accesses and their '
          'us before WFI and after the wake-up, us before WFI / in WFI / '
          'after)' % idle['entries'])
    print('%-4s %8s %9s %9s %9s %9s %9s %9s %9s' % (
        'C', 'entries', 'acc_bef', 'us_bef', 'acc_aft', 'us_aft',
        'bef_us', 'wfi_us', 'aft_us'))
    for name in sorted(idle['states'], key=lambda n: int(n[1:])):
        st = idle['states'][name]
        n = st['entries']
        b, f = st['before_wfi'], st['after_wakeup']
        print('%-4s %8d %9.1f %9.2f %9.1f %9.2f %9.2f %9.2f %9.2f' % (
            name, n, b['per_entry'], b['ns'] / n / 1e3, f['per_entry'],
            f['ns'] / n / 1e3, st['before_wfi_us_per_entry'],
            st['in_wfi_us_per_entry'], st['after_wakeup_us_per_entry']))


def cmd_replay(a):
    trace = a.trace
    if not os.path.isfile(trace):
        raise UserError("no trace '%s'" % trace)
    header = read_header(trace)
    tfile = timing.check_file(a.timing)
    tset = timing.check_set(a.set)
    out_json = None
    if a.json:
        from .cli import check_json
        out_json = check_json(a.json)
    sets = []
    for it in tset or []:
        sec = it.split('.', 1)[0]
        if sec in ('clocks', 'sdram', 'prcm'):
            raise UserError('--set %s: replay cannot change [%s] (the '
                            'machine derives it from the guest\'s registers '
                            'or timers as it runs): rerun the guest'
                            % (it, sec))
        if it.split('=', 1)[0] in ('cpu.flush_cycles', 'cpu.btb_ways',
                                   'cpu.btb_index_shift', 'cpu.cp15_flush'):
            raise UserError('--set %s: replay does not rerun the core\'s '
                            'pipeline (the trace holds its cycles): rerun '
                            'the guest' % it)
    if (tfile or tset) and a.verify:
        raise UserError('--verify replays the recorded parameters: no '
                        '--timing or --set with it')
    if tset and not tfile:
        # on top of the recorded parameters; n9replay checks each key
        sets = list(tset)
    elif tfile:
        # the machine's own reading of the file and the overrides
        q = env.qemu_binary()
        if not os.path.exists(q):
            raise UserError('no QEMU built (%s): ./n9 params builds it' % q)
        params = timing.effective(q, timing.machine_opts(tfile, tset))
        sets = changed_params(header, params)
    binary = replay_binary()
    fd, tmp = tempfile.mkstemp(suffix='.json', prefix='n9-replay-')
    os.close(fd)
    try:
        argv = [binary, trace, '--json', tmp, '--progress']
        if a.verify:
            argv.append('--verify')
        for s in sets:
            argv += ['--set', s]
        progress.log('replaying %s (%.1f MB)%s' % (
            trace, os.path.getsize(trace) / 1e6,
            ': ' + ', '.join(sets) if sets else ''))
        # its progress lines as the tool's; its error, the last line
        p = subprocess.Popen(argv, stderr=subprocess.PIPE, text=True,
                             errors='replace')
        err = []
        for line in p.stderr:
            line = line.strip()
            if line.endswith(' M events'):
                progress.log('%s replayed' % line.split(': ', 1)[-1])
            elif line:
                err.append(line)
        if p.wait() != 0:
            raise UserError(err[-1] if err else 'n9replay failed (status %d)'
                            % p.returncode)
        with open(tmp) as f:
            d = json.load(f)
    finally:
        os.unlink(tmp)
    if out_json:
        with open(out_json, 'w') as f:
            json.dump(d, f, indent=1)
            f.write('\n')
    r = d['replay']
    print('replay of %s: %d events, %.3f s host' % (trace, r['events'],
                                                   r['host_s']))
    if r.get('window'):
        print('window: from %s (the models\' state images at %.6f s '
              'virtual), the run\'s figures from there on' % (
                  header.get('record.from', '?'), r['window_ns'] / 1e9))
    print('virtual time %.6f s (recorded %.6f s, %+d ns)' % (
        d['virtual_ns'] / 1e9, r['recorded_end_ns'] / 1e9, r['shift_ns']))
    if a.verify:
        print('verified: every charge as recorded')
    if sets:
        print('parameters changed: %s' % ', '.join(sets))
    if r['approximate']:
        print('approximate from event %d on: after the times moved the '
              'guest read a clock %d times, polled a register %d times and '
              'woke %d times, as recorded (its own decisions on time are '
              'the recorded ones); %d walks not recorded, %d not replayed'
              '%s (docs/whatif.md)' % (
                  r['first_changed_event'], r['time_dependent_reads'],
                  r['polls'], r['wakeups_after_change'],
                  r['walks_not_recorded'], r['walks_not_replayed'],
                  '; a cache\'s or TLB\'s shape changed: hits counted in '
                  'the run are hits here' if r['geometry_changed'] else ''))
    mem = d.get('memory')
    if mem:
        print('memory: %d loads, %d stores, %d fetches, stall %d ns; '
              'sdrc: %d reads, %d writes' % (
                  mem['loads'], mem['stores'], mem['fetches'],
                  mem['stall_ns'], d['sdrc']['reads'], d['sdrc']['writes']))
    print_windows(windows(d))
    print_idle(d.get('idle'))
    return 0


def add_parser(sub):
    p = sub.add_parser('replay', help='a recorded run through the C models '
                       'again, with other parameters', description=__doc__)
    p.add_argument('trace', metavar='TRACE', help='the trace (-M '
                   'rm696,record=FILE, or --machine record=FILE)')
    p.add_argument('--timing', metavar='FILE', help='a timing file (INI) '
                   'instead of the recorded parameters')
    p.add_argument('--set', metavar='SECTION.KEY=VALUE', action='append',
                   help='one parameter (repeatable), as for the machine')
    p.add_argument('--verify', action='store_true', help='with the recorded '
                   'parameters, every charge must come out as recorded: the '
                   'first that does not is an error naming its event')
    p.add_argument('--json', metavar='FILE', help='the figures as the '
                   'statistics file has them (agents, memory, sdrc, marks) '
                   'and the replay\'s own')
    p.set_defaults(func=cmd_replay)
