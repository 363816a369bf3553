"""The workloads a run can have: the scenarios in the initramfs
(kernel/initramfs/scenarios/NAME.sh, started by /init from the kernel
command line, n9.run=NAME) and a user's own script.  Each workload knows
its options (checked before any build or boot, with the same names on the
command line and in a sweep spec), its kernel command line, the machine
options it needs, how to read its report and the machine's statistics
into figures, the figures as one flat {name: number} (what sweeps keep,
compare prints and plots draw), and the marks that bound its window."""
import io
import json
import os
import re

from . import bench, idle
from .errors import UserError

STATES = ['C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7']


# ---- option checks: one line naming the option, before anything is built --

def check_states(name, v):
    v = str(v)
    if v == 'all':
        return v
    items = [s.strip() for s in v.split(',') if s.strip()]
    for s in items:
        if s not in STATES:
            raise UserError("--%s: '%s' is not one of C1..C7 (or all)"
                            % (name, s))
    if not items:
        raise UserError('--%s: empty list (give e.g. C1,C2,C3,C5,C7 or all)'
                        % name)
    return ','.join(items)


def state_list(v):
    return STATES if v == 'all' else v.split(',')


def whole(lo=1, hi=None, unit=''):
    """A whole number from @lo (to @hi)"""
    def check(name, v):
        s = str(v)
        if not re.fullmatch(r'[0-9]+', s) or int(s) < lo or \
                (hi is not None and int(s) > hi):
            if hi is not None:
                rng = 'from %d to %d' % (lo, hi)
            elif lo == 1:
                rng = 'above 0'
            else:
                rng = 'of at least %d' % lo
            raise UserError("--%s: '%s' is not a whole number %s%s"
                            % (name, s, 'of %s ' % unit if unit else '', rng))
        return s
    return check


def one_of(known):
    def check(name, v):
        if str(v) not in known:
            raise UserError("--%s: '%s' is not %s" % (
                name, v, ' or '.join(known)))
        return str(v)
    return check


def one_of_list(known):
    def check(name, v):
        items = [t.strip() for t in str(v).split(',') if t.strip()]
        bad = [t for t in items if t not in known]
        if bad or not items:
            raise UserError("--%s: %s (known: %s)" % (
                name, "'%s' is not a test" % bad[0] if bad else 'empty list',
                ','.join(known)))
        return ','.join(items)
    return check


def size(name, v):
    s = str(v)
    if not re.fullmatch(r'[0-9]+[KkMm]?', s) or int(re.sub('[KkMm]', '', s)) == 0:
        raise UserError("--%s: '%s' is not a size (e.g. 16K, 1M, 4096)"
                        % (name, s))
    return s


def sizes(name, v):
    items = [t.strip() for t in str(v).split(',') if t.strip()]
    if not items:
        raise UserError('--%s: empty list (e.g. 16K,128K,2M)' % name)
    for t in items:
        size(name, t)
    return ','.join(items)


def number(name, v):
    s = str(v)
    try:
        n = int(s, 0)
    except ValueError:
        raise UserError("--%s: '%s' is not a number (e.g. 0x9, 0x129)"
                        % (name, s))
    if n < 0 or n > 0xffffffff:
        raise UserError("--%s: '%s' is not a 32-bit value" % (name, s))
    return s


KBENCH_TESTS = ['syscall', 'yield', 'pipe', 'thread', 'process', 'anonfault',
                'filefault', 'spawn', 'memset', 'memcpy']
MEMBENCH_TESTS = ['lat', 'bw', 'line', 'pause']


def counts(name, v):
    items = [t.strip() for t in str(v).split(',') if t.strip()]
    if not items:
        raise UserError('--%s: empty list (e.g. pipe=1000,spawn=10)' % name)
    for t in items:
        k, sep, n = t.partition('=')
        if not sep or k not in KBENCH_TESTS or not re.fullmatch('[0-9]+', n) \
                or int(n) == 0:
            raise UserError("--%s: '%s' is not TEST=N with a kbench test "
                            "(%s) and N above 0" % (name, t,
                                                    ','.join(KBENCH_TESTS)))
    return ','.join(items)


class Opt:
    """One workload option: --NAME on the command line, NAME (or with '_')
    in a sweep spec.  flag: no value; cmdline: the kernel command-line key
    (n9.SCENARIO.KEY), None: the workload handles it."""

    def __init__(self, name, check=None, default=None, help='', cmdline=None,
                 flag=False, metavar=None):
        self.name = name
        self.check = check
        self.default = default
        self.help = help
        self.cmdline = cmdline
        self.flag = flag
        self.metavar = metavar

    @property
    def key(self):
        return self.name.replace('-', '_')


# Where the measured program runs (kernel/initramfs/scenarios/conditions.sh):
# as the phone's figures were taken, or root in the root cgroup
CONDITIONS = Opt('conditions', one_of(['phone', 'root']), 'phone',
                 'phone (default): an ordinary user four cgroup levels deep, '
                 'as the phone\'s figures were taken; root: root in the root '
                 'cgroup', 'n9.cond', metavar='phone|root')


def b(v):
    """A flag's value from a spec or the command line"""
    if isinstance(v, bool):
        return v
    if str(v).lower() in ('1', 'true', 'yes', 'on'):
        return True
    if str(v).lower() in ('0', 'false', 'no', 'off', ''):
        return False
    raise UserError("'%s' is not true or false" % v)


class Workload:
    name = ''
    scenario = ''
    help = ''
    symbols = False             # needs the kernel's symbols (idle counters)
    opts = []
    unit = ''

    def check(self, given):
        """{key: value} (spec or command line) -> {key: normalized value}
        with the defaults; an unknown key or a bad value is a UserError"""
        known = {o.key: o for o in self.opts}
        out = {}
        for k, v in given.items():
            kk = k.replace('-', '_')
            if kk not in known:
                raise UserError("%s: unknown option '%s' (known: %s)" % (
                    self.name, k, ', '.join(sorted(o.name for o in self.opts))
                    or 'none'))
            o = known[kk]
            if v is None:
                continue
            if o.flag:
                try:
                    out[kk] = b(v)
                except UserError:
                    raise UserError("--%s: '%s' is not true or false"
                                    % (o.name, v))
            else:
                out[kk] = o.check(o.name, v) if o.check else str(v)
        for o in self.opts:
            if o.key not in out and o.default is not None:
                out[o.key] = o.default
        return out

    def append(self, o):
        parts = []
        for opt in self.opts:
            if not opt.cmdline or opt.key not in o:
                continue
            v = o[opt.key]
            if opt.flag:
                if v:
                    parts.append('%s=1' % opt.cmdline)
            else:
                parts.append('%s=%s' % (opt.cmdline, v))
        return ' '.join(parts)

    def machine(self, o, kernel):
        if self.symbols:
            return {'symbols': kernel.symbols}
        return {}

    def estimate(self, o):
        return 40

    def window(self, o, stats):
        return (1, 2)

    def describe(self, o):
        return '%s %s' % (self.name, ' '.join(
            '%s=%s' % kv for kv in sorted(o.items())))

    def initrd_extra(self, o):
        """Files to add to the initramfs for this run: [(path, bytes)]"""
        return []

    # the report: figures, their table, flat figures, success
    def parse(self, stats_path, report_path, o):
        raise NotImplementedError

    def table(self, fig, file):
        raise NotImplementedError

    def flat(self, fig):
        return {}

    def ok(self, fig):
        return fig.get('status') == 0


def _text(path):
    with open(path, errors='replace') as f:
        return f.read()


def _num(s):
    try:
        return float(s)
    except (TypeError, ValueError):
        return None


class Idle(Workload):
    name = 'idle'
    scenario = 'idle'
    help = ('idle N seconds of modelled time in each C-state: register '
            'accesses, modelled time and power states per idle entry')
    symbols = True
    opts = [
        Opt('state', check_states, 'all', 'the C-states C1..C7, in this '
            'order (default all)', 'n9.idle.states', metavar='LIST'),
        Opt('seconds', whole(unit='seconds'), '2',
            'modelled seconds of idle per state (default 2)',
            'n9.idle.seconds', metavar='N'),
        Opt('count-all', None, False, 'patched kernel: walk every domain '
            '(pm_debug count_all_domains)', None, flag=True),
        Opt('idlecount', None, False, 'run the guest\'s idlecount in each '
            'window (its trace events cost: not for the table)', None,
            flag=True),
    ]

    def append(self, o):
        s = 'n9.idle.states=%s n9.idle.seconds=%s n9.idle.idlecount=%d' % (
            o['state'], o['seconds'], 1 if o.get('idlecount') else 0)
        if o.get('count_all'):
            s += ' n9.idle.count_all=1'
        return s

    def estimate(self, o):
        return 30 + 4 * len(state_list(o['state'])) * int(o['seconds'])

    def window(self, o, stats):
        st = [int(s[1:]) for s in state_list(o['state'])]
        return (10 * st[0] + 1, 10 * st[-1] + 2)

    def parse(self, stats_path, report_path, o):
        fig = idle.load(stats_path, report_path)
        want = state_list(o['state'])
        fig['missing_states'] = [s for s in want if s not in fig['states']]
        fig['status'] = 0 if not fig['missing_states'] else 1
        return fig

    def table(self, fig, file):
        idle.table(fig, file=file)

    def flat(self, fig):
        out = {}
        for s, st in fig['states'].items():
            pe = st['per_entry']
            out['%s.entries' % s] = st['entries']
            for k in ('us_before_wfi', 'us_in_wfi', 'us_after_wakeup',
                      'wakeup_latency_us'):
                out['%s.%s' % (s, k)] = pe[k]
            out['%s.pd_regs_before_wfi' % s] = \
                pe['power_domain_registers_before_wfi']
            out['%s.pd_regs_after_wakeup' % s] = \
                pe['power_domain_registers_after_wakeup']
            for ph, tag in (('before_wfi', 'before_wfi'),
                            ('after_wakeup', 'after_wakeup')):
                acc = pe['accesses'][ph]
                out['%s.accesses_%s' % (s, tag)] = sum(
                    a['reads'] + a['writes'] for a in acc.values())
                wk = acc.get('l4-wkup', {'reads': 0, 'writes': 0,
                                         'groups': {}})
                out['%s.wkup_accesses_%s' % (s, tag)] = \
                    wk['reads'] + wk['writes']
                prm = wk['groups'].get('prm', {'reads': 0, 'writes': 0})
                out['%s.prm_reads_%s' % (s, tag)] = prm['reads']
            out['%s.residency' % s] = (st['in_wfi_ns'] / st['window_ns']
                                       if st['window_ns'] else 0.0)
        return out


class Cyclictest(Workload):
    name = 'cyclictest'
    scenario = 'cyclictest'
    help = ('rt-tests\' cyclictest with one C-state enabled at a time, '
            'beside the machine\'s idle entries and wake-up latency')
    symbols = True
    opts = [
        CONDITIONS,
        Opt('state', check_states, 'all', 'the C-states, in this order '
            '(default all)', 'n9.cyclictest.states', metavar='LIST'),
        Opt('loops', whole(), '100', 'cyclictest wake-ups per state '
            '(default 100)', 'n9.cyclictest.loops', metavar='N'),
        Opt('interval', whole(unit='us'), '10000', 'cyclictest\'s period '
            'in us (default 10000)', 'n9.cyclictest.interval', metavar='US'),
    ]

    def estimate(self, o):
        return 30 + len(state_list(o['state'])) * int(o['loops']) * \
            int(o['interval']) / 1e6 * 4

    def window(self, o, stats):
        st = [int(s[1:]) for s in state_list(o['state'])]
        return (10 * st[0] + 5, 10 * st[-1] + 6)

    def parse(self, stats_path, report_path, o):
        with open(stats_path) as f:
            stats = json.load(f)
        report = idle.parse_report(_text(report_path))
        marks = {m['mark']: m for m in stats.get('marks', [])}
        out = {'header': (report.get('cyclictest scenario') or
                          ['(no report)'])[0], 'states': {}, 'status': 0}
        for s in state_list(o['state']):
            lines = report.get('cyclictest %s' % s)
            if lines is None:
                out['status'] = 1
                continue
            text = '\n'.join(lines)
            n = int(s[1:])
            m = re.search(r'C:\s*(\d+) Min:\s*(\d+) Act:\s*\d+ Avg:\s*(\d+) '
                          r'Max:\s*(\d+)', text)
            usage = re.search(r'usage_delta (\d+)', text)
            st = {'text': text, 'loops': None, 'min_us': None,
                  'avg_us': None, 'max_us': None,
                  'usage': int(usage.group(1)) if usage else None,
                  'entries': None, 'wakeup_us': None}
            if m:
                st.update(loops=int(m.group(1)), min_us=int(m.group(2)),
                          avg_us=int(m.group(3)), max_us=int(m.group(4)))
            else:
                out['status'] = 1
            m0, m1 = marks.get(10 * n + 5), marks.get(10 * n + 6)
            if m0 and m1 and m1.get('idle'):
                d = idle.state_delta(m0['idle']['states'].get(s),
                                     m1['idle']['states'].get(s, {}))
                woken = d['entries'] - d['without_wfi']
                st['entries'] = d['entries']
                st['wakeup_us'] = (d['wakeup_latency_ns'] / woken / 1e3
                                   if woken else 0.0)
            out['states'][s] = st
        return out

    def table(self, fig, file):
        p = lambda *a: print(*a, file=file)  # noqa: E731
        p(fig['header'])
        p('%-5s %7s %7s %7s %7s  %8s %9s %12s' % (
            'state', 'loops', 'min_us', 'avg_us', 'max_us', 'entries',
            'usage', 'wakeup_us'))
        for name, st in fig['states'].items():
            if st['loops'] is None:
                p('%-5s cyclictest gave no summary:\n    %s' % (
                    name, st['text'].replace('\n', '\n    ')))
                continue
            dash = lambda v: '-' if v is None else v  # noqa: E731
            p('%-5s %7s %7s %7s %7s  %8s %9s %12s' % (
                name, st['loops'], st['min_us'], st['avg_us'], st['max_us'],
                dash(st['entries']), dash(st['usage']),
                '-' if st['wakeup_us'] is None else '%.1f' % st['wakeup_us']))

    def flat(self, fig):
        out = {}
        for s, st in fig['states'].items():
            for k in ('min_us', 'avg_us', 'max_us', 'entries', 'wakeup_us'):
                if st.get(k) is not None:
                    out['%s.%s' % (s, k)] = st[k]
        return out


class Membench(Workload):
    name = 'membench'
    scenario = 'membench'
    help = ('the guest\'s membench: random load latency per working set, '
            'bandwidth, one load per line, loads after pauses (beside the '
            'phone\'s figures)')
    opts = [
        CONDITIONS,
        Opt('tests', one_of_list(MEMBENCH_TESTS), None, 'membench\'s tests: '
            'lat,bw,line,pause (default lat,bw,line)', 'n9.membench.tests',
            metavar='LIST'),
        Opt('sizes', sizes, None, 'working sets of the lat test (default '
            '16K..32M)', 'n9.membench.sizes', metavar='LIST'),
        Opt('repeats', whole(1, 99), None, 'best of R (default 3)',
            'n9.membench.repeats', metavar='R'),
        Opt('pause', whole(unit='us'), None, 'add the pause test: US between '
            'batches of random loads', 'n9.membench.pause', metavar='US'),
        Opt('spin', None, False, 'busy-wait in the pauses instead of '
            'sleeping', 'n9.membench.spin', flag=True),
        Opt('sdrc-power', number, None, 'write SDRC_POWER (sdrcpwr -w) '
            'before measuring: what-if', 'n9.membench.sdrc_power',
            metavar='VALUE'),
        Opt('core-off', None, False, 'idle 2 s in C7 first (MPU and CORE '
            'OFF): the mainline kernel\'s way to SDRC_POWER 0x129',
            'n9.membench.coreoff', flag=True),
        Opt('loads', whole(), None, 'at least N loads per lat run (default '
            '131072)', 'n9.membench.loads', metavar='N'),
        Opt('bytes', size, None, 'bandwidth and line buffers (default 8M)',
            'n9.membench.bytes', metavar='B'),
        Opt('pauses', whole(), None, 'pauses of the pause test (default 50)',
            'n9.membench.pauses', metavar='N'),
        Opt('settle', whole(0), None, 'seconds to let the system settle '
            'first (default 3)', 'n9.membench.settle', metavar='S'),
    ]

    def append(self, o):
        # the order scripts/membench.sh gave them
        order = ['tests', 'sizes', 'repeats', 'pause', 'spin', 'sdrc_power',
                 'core_off', 'loads', 'bytes', 'pauses', 'settle', 'conditions']
        opts = {x.key: x for x in self.opts}
        saved, self.opts = self.opts, [opts[k] for k in order]
        try:
            return Workload.append(self, o)
        finally:
            self.opts = saved

    def estimate(self, o):
        n = len((o.get('sizes') or '1,2,3,4,5,6,7,8,9,10,11,12').split(','))
        return 40 + 12 * n * int(o.get('repeats') or 3) / 3

    def parse(self, stats_path, report_path, o):
        return bench.load_membench(_text(report_path))

    def table(self, fig, file):
        bench.membench_table(fig, file=file)

    def flat(self, fig):
        out = {}
        for d in fig['lat']:
            out['lat.%s' % d.get('size')] = _num(d.get('ns_per_load'))
        for d in fig['bw']:
            out['bw.%s' % d.get('name')] = _num(d.get('MB_s'))
        for d in fig['line']:
            out['line.pld%s' % d.get('pld')] = _num(d.get('ns_per_line'))
        for d in fig['pause']:
            for k in ('first', 'steady', 'last'):
                out['pause.%s' % k] = _num(d.get(k + '_ns_per_load_mean'))
        for when in ('before', 'after'):
            v = fig['sdrc'].get(when)
            if v:
                out['sdrc_power_%s' % when] = int(v, 16)
        return {k: v for k, v in out.items() if v is not None}


class Kbench(Workload):
    name = 'kbench'
    scenario = 'kbench'
    help = ('the guest\'s kbench: system call, switches, page faults, '
            'spawn, memset/memcpy, ns per operation')
    opts = [
        CONDITIONS,
        Opt('tests', one_of_list(KBENCH_TESTS), None, 'kbench\'s tests '
            '(default all): ' + ','.join(KBENCH_TESTS), 'n9.kbench.tests',
            metavar='LIST'),
        Opt('counts', counts, None, 'operations per run, e.g. '
            'pipe=1000,spawn=10 (kbench -n)', 'n9.kbench.counts',
            metavar='TEST=N,...'),
        Opt('bytes', size, None, 'memset/memcpy bytes (default 8M)',
            'n9.kbench.bytes', metavar='B'),
        Opt('repeats', whole(1, 99), None, 'best of R (default 3)',
            'n9.kbench.repeats', metavar='R'),
        Opt('settle', whole(0), None, 'seconds to let the system settle '
            'first (default 3)', 'n9.kbench.settle', metavar='S'),
    ]

    def estimate(self, o):
        return 60

    def parse(self, stats_path, report_path, o):
        return bench.load_kbench(_text(report_path))

    def table(self, fig, file):
        bench.kbench_table(fig, file=file)

    def flat(self, fig):
        out = {}
        for d in fig['tests']:
            if 'ns_per_op' in d:
                out['%s.ns_per_op' % d['test']] = _num(d['ns_per_op'])
            if 'MB_s' in d:
                out['%s.MB_s' % d['test']] = _num(d['MB_s'])
        return {k: v for k, v in out.items() if v is not None}


class Hackbench(Workload):
    name = 'hackbench'
    scenario = 'hackbench'
    help = ('rt-tests\' hackbench (pipe mode): the time for groups of '
            'senders and receivers to pass their messages, beside kbench')
    opts = [
        CONDITIONS,
        Opt('groups', whole(), None, 'groups (default 2)',
            'n9.hackbench.groups', metavar='G'),
        Opt('fds', whole(), None, 'senders and receivers per group '
            '(default 10)', 'n9.hackbench.fds', metavar='F'),
        Opt('loops', whole(), None, 'messages per sender (default 100)',
            'n9.hackbench.loops', metavar='L'),
        Opt('datasize', whole(), None, 'bytes per message (default 100)',
            'n9.hackbench.datasize', metavar='B'),
        Opt('threads', None, False, 'threads instead of processes',
            'n9.hackbench.threads', flag=True),
        Opt('repeats', whole(1, 99), None, 'runs (default 3)',
            'n9.hackbench.repeats', metavar='R'),
        Opt('settle', whole(0), None, 'seconds to let the system settle '
            'first (default 3)', 'n9.hackbench.settle', metavar='S'),
    ]

    def estimate(self, o):
        return 60

    def parse(self, stats_path, report_path, o):
        return bench.load_hackbench(_text(report_path))

    def table(self, fig, file):
        bench.hackbench_table(fig, file=file)

    def ok(self, fig):
        return fig.get('status') == 0 and bool(fig['runs'])

    def flat(self, fig):
        r = fig['runs']
        if not r:
            return {}
        return {'time_s.best': min(r), 'time_s.mean': sum(r) / len(r)}


class Soak(Workload):
    name = 'soak'
    scenario = 'soak'
    help = ('many MPU + CORE OFF entries (C7) in one boot, the guest\'s '
            'clocks compared before and after')
    symbols = True
    opts = [
        Opt('entries', whole(), '1200', 'C7 sleeps (default 1200)',
            'n9.soak.entries', metavar='N'),
        Opt('us', whole(), None, 'each sleep in us (default 20000)',
            'n9.soak.us', metavar='US'),
    ]

    def estimate(self, o):
        return 30 + int(o['entries']) * 0.05

    def parse(self, stats_path, report_path, o):
        with open(stats_path) as f:
            d = json.load(f)
        text = _text(report_path)
        m = {x['mark']: x for x in d.get('marks', [])}
        out = {'report': text, 'status': 0 if '== end' in text or
               'soak' in text else 1}
        if 1 in m and 2 in m:
            a, b2 = m[1], m[2]
            out['c7_entries'] = (b2['idle']['states']['C7']['entries'] -
                                 a['idle']['states'].get('C7', {})
                                 .get('entries', 0))
            out['core_off'] = (b2['prcm']['core']['reported']['OFF'] -
                               a['prcm']['core']['reported']['OFF'])
            out['modelled_s'] = (b2['virtual_ns'] - a['virtual_ns']) / 1e9
        else:
            out['status'] = 1
        return out

    def table(self, fig, file):
        print(fig['report'].rstrip('\n'), file=file)
        if 'c7_entries' in fig:
            print('machine: %d C7 entries, %d CORE OFF, %.1f s modelled'
                  % (fig['c7_entries'], fig['core_off'], fig['modelled_s']),
                  file=file)

    def flat(self, fig):
        return {k: fig[k] for k in ('c7_entries', 'core_off', 'modelled_s')
                if k in fig}


class Script(Workload):
    """A user's own scenario: a shell script put into the initramfs for the
    run (an extra cpio archive after the project's) and started by /init
    as the others are.  It reports as they do (`n9host write`, then
    `n9host exit 0`); lines "NAME VALUE" in a report section "== figures"
    are its figures; marks 1 and 2 bound its window."""
    name = 'script'
    scenario = 'user'
    help = ('a scenario script of your own, run by /init like the others '
            '(report through n9host; "== figures" lines NAME VALUE)')
    opts = [
        Opt('script', None, None, 'the shell script', None, metavar='FILE'),
        Opt('args', None, None, 'kernel command-line words for it '
            '(e.g. n9.my.n=3)', None, metavar='WORDS'),
    ]

    def check(self, given):
        o = Workload.check(self, given)
        p = o.get('script')
        if not p:
            raise UserError('script: give --script FILE')
        if not os.path.isfile(p) or not os.access(p, os.R_OK):
            raise UserError("--script: '%s' is not a readable file" % p)
        o['script'] = os.path.abspath(p)
        return o

    def append(self, o):
        return o.get('args') or ''

    def describe(self, o):
        from . import env
        return 'script %s (%s) %s' % (o['script'], env.file_hash(o['script']),
                                      o.get('args') or '')

    def initrd_extra(self, o):
        with open(o['script'], 'rb') as f:
            return [('usr/share/n9/scenarios/user.sh', f.read())]

    def parse(self, stats_path, report_path, o):
        rep = idle.parse_report(_text(report_path))
        figs = {}
        for line in rep.get('figures', []):
            t = line.split()
            if len(t) == 2 and _num(t[1]) is not None:
                figs[t[0]] = _num(t[1])
        return {'report': _text(report_path), 'figures': figs,
                'status': 0 if '== end' in _text(report_path) else 1}

    def table(self, fig, file):
        print(fig['report'].rstrip('\n'), file=file)

    def flat(self, fig):
        return dict(fig['figures'])


WORKLOADS = {w.name: w for w in (Idle(), Cyclictest(), Membench(), Kbench(),
                                 Hackbench(), Soak(), Script())}


def get(name):
    if name not in WORKLOADS:
        raise UserError("unknown workload '%s' (known: %s)"
                        % (name, ', '.join(sorted(WORKLOADS))))
    return WORKLOADS[name]


def table_text(w, fig):
    buf = io.StringIO()
    w.table(fig, buf)
    return buf.getvalue()
