"""`n9 compare A B`: two results side by side, exactly.

A and B are result files (`--json` of any workload command, a sweep
point's result.json), run folders (--out DIR, a sweep point's folder), or
two kernels (mainline, patched, a zImage) that compare runs on one
workload (--workload NAME and its options; --set-a/--set-b give each side
its own timing parameters).  Under -icount shift=0,sleep=off every run is
deterministic, so each difference is exact, not noise.  Printed: each
figure with A, B, the difference B - A and the ratio B / A, then the
machine's counters over the workload's window that explain it: register
accesses per interconnect agent and register group, the memory path's
misses, the SDRAM's row and power-state counters, idle entries and
residency per C-state.
"""
import json
import os
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

from . import env, kernel as kernel_mod, progress, record, runner, timing
from . import workloads
from .errors import UserError


def load_side(spec):
    """A result record from a file or a run folder; None: not one (a
    kernel to run)"""
    path = spec
    if os.path.isdir(spec):
        path = os.path.join(spec, 'result.json')
        if not os.path.exists(path):
            raise UserError("'%s' is a folder without a result.json (a run "
                            "folder or a sweep point)" % spec)
    if os.path.isfile(path) and not path.endswith('zImage'):
        try:
            rec = record.load(path)
        except (OSError, ValueError) as e:
            if spec.endswith('.json'):
                raise UserError("'%s' is not a result file: %s" % (spec, e))
            return None
        if not isinstance(rec, dict) or 'n9_result' not in rec:
            raise UserError("'%s' is not a result of n9 (no n9_result)"
                            % spec)
        return rec
    return None


def flatten(d, prefix=''):
    """{a: {b: 1}} -> {'a.b': 1}: the numbers only"""
    out = {}
    for k, v in (d or {}).items():
        key = '%s.%s' % (prefix, k) if prefix else str(k)
        if isinstance(v, dict):
            out.update(flatten(v, key))
        elif isinstance(v, (int, float)) and not isinstance(v, bool):
            out[key] = v
    return out


# the counters that explain a difference, by group: (title, test on the
# flattened name)
GROUPS = [
    ('register accesses per agent and group (window)',
     lambda k: k.startswith('agents.') and k.split('.')[-1] in
     ('reads', 'writes', 'read_ns', 'write_ns', 'errors')),
    ('memory path (window)',
     lambda k: k.startswith('memory.')),
    ('SDRAM (window)',
     lambda k: k.startswith('sdrc.') and not k.startswith('sdrc.params')),
    ('idle entries and residency per C-state (window)',
     lambda k: k.startswith('idle.states.') and k.count('.') == 3 and
     k.split('.')[-1] in ('entries', 'without_wfi', 'in_wfi_ns',
                          'before_wfi_ns', 'after_wakeup_ns',
                          'wakeup_latency_ns')),
    ('power states (window)',
     lambda k: k.startswith('prcm.')),
]


def fmt(v):
    if v is None:
        return '-'
    if isinstance(v, float):
        if v == int(v) and abs(v) < 1e15:
            return '%d' % v
        return '%.6g' % v
    return str(v)


def ratio(a, b):
    if a is None or b is None:
        return '-'
    if a == 0:
        return '=' if b == 0 else 'new'
    return '%.4f' % (b / a)


def diff(a, b):
    if a is None or b is None:
        return '-'
    d = b - a
    return ('+' if d > 0 else '') + fmt(d)


def rows_of(fa, fb, changed_only=False):
    keys = list(fa) + [k for k in fb if k not in fa]
    rows = []
    for k in keys:
        a, b = fa.get(k), fb.get(k)
        if changed_only and a == b:
            continue
        rows.append((k, a, b))
    return rows


def print_rows(title, rows, file, what='figure'):
    if not rows:
        return
    w = max(len(what), max(len(r[0]) for r in rows))
    print(title, file=file)
    print('  %-*s %16s %16s %16s %10s' % (w, what, 'A', 'B',
                                          'difference', 'ratio'), file=file)
    for k, a, b in rows:
        print('  %-*s %16s %16s %16s %10s' % (w, k, fmt(a), fmt(b),
                                              diff(a, b), ratio(a, b)),
              file=file)


def describe(rec):
    k = rec.get('kernel', {})
    m = rec.get('machine', {})
    s = '%s on %s (%s)' % (rec['workload']['description'], k.get('label'),
                           (k.get('zimage_sha256') or '')[:12])
    if m.get('timing_set'):
        s += ', set ' + ';'.join(m['timing_set'])
    if m.get('timing_file'):
        s += ', timing %s' % m['timing_file']['path']
    return s


def compare(ra, rb, file=sys.stdout, top=12, show_all=False):
    """Print the comparison; returns it as a dict"""
    p = lambda *x: print(*x, file=file)  # noqa: E731
    p('A: %s' % describe(ra))
    p('B: %s' % describe(rb))
    if ra['workload']['description'] != rb['workload']['description']:
        p('note: the workloads differ (above): figures of the same name are '
          'compared as they are')
    ident_a, ident_b = ra.get('identity', {}), rb.get('identity', {})
    same = [k for k in ('qemu', 'initramfs') if ident_a.get(k) and
            ident_a.get(k) == ident_b.get(k)]
    p('same %s; modelled time under -icount shift=0,sleep=off: every '
      'difference is exact' % (' and '.join(same) if same else
                               'nothing else (QEMU and initramfs differ)'))
    if not ra.get('ok') or not rb.get('ok'):
        p('note: %s reported a failure' % ' and '.join(
            n for n, r in (('A', ra), ('B', rb)) if not r.get('ok')))
    p('')
    fa, fb = ra.get('flat', {}), rb.get('flat', {})
    frows = rows_of(fa, fb)
    print_rows('figures (%s)' % ra['workload']['name'], frows, file)
    ca = flatten(ra.get('counters') or {})
    cb = flatten(rb.get('counters') or {})
    out = {'a': describe(ra), 'b': describe(rb),
           # what made each side: its whole result record
           'a_result': ra, 'b_result': rb,
           'figures': [{'figure': k, 'a': a, 'b': b,
                        'difference': None if a is None or b is None
                        else b - a} for k, a, b in frows],
           'counters': {}}
    for title, test in GROUPS:
        rows = [r for r in rows_of(ca, cb, changed_only=True)
                if test(r[0]) and not r[0].endswith(('first_mark',
                                                     'last_mark'))]
        rows.sort(key=lambda r: -abs((r[2] or 0) - (r[1] or 0)))
        out['counters'][title] = [{'counter': k, 'a': a, 'b': b}
                                  for k, a, b in rows]
        if not rows:
            continue
        n = len(rows)
        if not show_all:
            rows = rows[:top]
        p('')
        print_rows('%s: %d differ%s' % (title, n, '' if show_all or n <= top
                                         else ', the %d largest' % top),
                   rows, file, what='counter')
    return out


def cmd_compare(a):
    from .cli import check_json, check_out, check_jobs, machine_of, \
        workload_args
    ra, rb = load_side(a.a), load_side(a.b)
    out = check_out(a.out) if ra is None else None   # --json may be in it
    out_json = check_json(a.json)
    if (ra is None) != (rb is None):
        raise UserError('compare two results (files or run folders) or two '
                        'kernels, not one of each (%s, %s)' % (a.a, a.b))
    if ra is None:
        if not a.workload:
            raise UserError('two kernels (%s, %s): give --workload (idle, '
                            'membench, kbench, hackbench, ...)' % (a.a, a.b))
        w = workloads.get(a.workload)
        opts = w.check(workload_args(a, w))
        ka = kernel_mod.resolve(a.a, need_symbols=w.symbols)
        kb = kernel_mod.resolve(a.b, need_symbols=w.symbols)
        tfile = timing.check_file(a.timing)
        sa = timing.check_set(a.set + a.set_a)
        sb = timing.check_set(a.set + a.set_b)
        machine = machine_of(a)
        jobs = min(2, check_jobs(a.jobs))
        from . import build
        if not a.no_build:
            build.ensure(variants={ka.variant, kb.variant})
        for k in (ka, kb):
            kernel_mod.check_built(k)
        q = env.qemu_binary()
        ja = runner.Job(w, opts, ka, tfile, sa, machine, label='A')
        jb = runner.Job(w, opts, kb, tfile, sb, machine, label='B')
        for j in (ja, jb):
            timing.effective(q, j.machine_opts())
        work = out or tempfile.mkdtemp(prefix='n9-compare-')
        with ThreadPoolExecutor(max_workers=jobs) as ex:
            fa = ex.submit(runner.run, ja, q, env.initramfs(),
                           os.path.join(work, 'A'), 'A: %s on %s' % (
                               w.name, os.path.basename(ka.label)))
            fb = ex.submit(runner.run, jb, q, env.initramfs(),
                           os.path.join(work, 'B'), 'B: %s on %s' % (
                               w.name, os.path.basename(kb.label)))
            oa, ob = fa.result(), fb.result()
        for side, o in (('A', oa), ('B', ob)):
            if o.rec is None:
                raise UserError('%s: %s' % (side, o.err))
        ra, rb = oa.rec, ob.rec
        if not out:
            progress.log('runs kept in %s' % work)
    res = compare(ra, rb, top=a.top, show_all=a.all)
    if out_json:
        record.write(out_json, res)
    return 0


def add_parser(sub):
    from .cli import add_all_workload_opts
    p = sub.add_parser('compare', help='two results, two sweep points or two '
                       'kernels, exactly', description=__doc__.split(
                           '\n\n')[1])
    p.add_argument('a', metavar='A', help='a result file, a run folder, or a '
                   'kernel (mainline, patched, a zImage)')
    p.add_argument('b', metavar='B', help='the same for the other side')
    p.add_argument('--workload', metavar='NAME', help='two kernels: the '
                   'workload to run on both (idle, membench, kbench, '
                   'hackbench, cyclictest, soak, script)')
    p.add_argument('--timing', metavar='FILE', help='timing file for both')
    p.add_argument('--set', action='append', default=[],
                   metavar='SECTION.KEY=VALUE', help='a timing parameter for '
                   'both sides')
    p.add_argument('--set-a', action='append', default=[],
                   metavar='SECTION.KEY=VALUE', help='for A only')
    p.add_argument('--set-b', action='append', default=[],
                   metavar='SECTION.KEY=VALUE', help='for B only')
    p.add_argument('--machine', metavar='OPTS', help='more -M rm696 options')
    p.add_argument('--json', metavar='FILE', help='write the comparison')
    p.add_argument('--out', metavar='DIR', help='keep the two runs there '
                   '(A/, B/)')
    p.add_argument('--jobs', type=int, metavar='N', help='runs at a time '
                   '(default 2)')
    p.add_argument('--top', type=int, default=12, metavar='N',
                   help='counters shown per group (default 12, largest '
                   'differences first)')
    p.add_argument('--all', action='store_true', help='every counter that '
                   'differs')
    p.add_argument('--no-build', action='store_true')
    add_all_workload_opts(p)
    p.set_defaults(func=cmd_compare)
