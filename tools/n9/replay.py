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
time and memory figures (membench marks each measured item: 100 + 2i,
101 + 2i; scenarios 1 and 2).  docs/trace-format.md, docs/whatif.md."""
import json
import os
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
    try:
        if not os.path.isfile(os.path.join(mbuild, 'build.ninja')):
            subprocess.run(['meson', 'setup', mbuild, env.TOP], check=True,
                           stdout=subprocess.DEVNULL, stderr=sys.stderr)
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
    """Per pair of marks (2k, 2k+1 from 100 on; 1, 2): the window's figures"""
    marks = {m['mark']: m for m in d.get('marks', [])}
    pairs = [(a, a + 1) for a in sorted(marks) if a >= 100 and a % 2 == 0
             and a + 1 in marks]
    if 1 in marks and 2 in marks:
        pairs.insert(0, (1, 2))
    rows = []
    for a, b in pairs:
        m0, m1 = marks[a], marks[b]
        mem0, mem1 = m0.get('memory') or {}, m1.get('memory') or {}
        delta = lambda k: mem1.get(k, 0) - mem0.get(k, 0)  # noqa: E731
        acc = delta('loads') + delta('stores')
        rows.append({
            'marks': '%d-%d' % (a, b),
            'ns': m1['virtual_ns'] - m0['virtual_ns'],
            'accesses': acc,
            'stall_ns': delta('stall_ns'),
            'l2_misses': (mem1.get('cache', {}).get('l2_read_misses', 0) -
                          mem0.get('cache', {}).get('l2_read_misses', 0)),
            'sdrc_reads': m1['sdrc']['reads'] - m0['sdrc']['reads'],
        })
    return rows


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
        p = subprocess.run(argv, stderr=subprocess.PIPE)
        if p.returncode != 0:
            err = p.stderr.decode('utf-8', 'replace').strip().splitlines()
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
    print('virtual time %.6f s (recorded %.6f s, %+d ns)' % (
        d['virtual_ns'] / 1e9, r['recorded_end_ns'] / 1e9, r['shift_ns']))
    if a.verify:
        print('verified: every charge as recorded')
    if sets:
        print('parameters changed: %s' % ', '.join(sets))
    if r['approximate']:
        print('approximate from event %d on: %d register reads and %d '
              'wake-ups came after the times moved (the guest\'s own '
              'decisions on time are the recorded ones); %d walks not '
              'recorded, %d not replayed (docs/whatif.md)' % (
                  r['first_changed_event'], r['time_dependent_reads'],
                  r['wakeups_after_change'], r['walks_not_recorded'],
                  r['walks_not_replayed']))
    mem = d.get('memory')
    if mem:
        print('memory: %d loads, %d stores, %d fetches, stall %d ns; '
              'sdrc: %d reads, %d writes' % (
                  mem['loads'], mem['stores'], mem['fetches'],
                  mem['stall_ns'], d['sdrc']['reads'], d['sdrc']['writes']))
    rows = windows(d)
    if rows:
        print('%-9s %14s %12s %14s %10s %10s %9s' % (
            'marks', 'window_ns', 'accesses', 'stall_ns', 'l2_misses',
            'sdrc_reads', 'ns/acc'))
        for w in rows:
            print('%-9s %14d %12d %14d %10d %10d %9.3f' % (
                w['marks'], w['ns'], w['accesses'], w['stall_ns'],
                w['l2_misses'], w['sdrc_reads'],
                w['ns'] / w['accesses'] if w['accesses'] else 0.0))
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
