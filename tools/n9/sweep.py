"""`n9 sweep SPEC`: a what-if study as one command.

A spec file (TOML) names the workload and its options, the kernels (a
list, or a patch series: k = 0..n as `n9 series` builds them), the
parameters with their value lists or ranges (a grid of every combination,
or zipped: the i-th value of each), and the figures to keep.  Each point
(a kernel and a set of values) is one run; the points run in parallel on
the local cores (--jobs, default the core count) or as a Slurm array job
(--slurm, then --collect), each in OUT/points/KEY/ (result.json: the
machine's statistics and the workload's figures with what made them;
stats.json, report.txt, qemu.log).  KEY is a hash of everything that
makes the result: the workload and its options, the kernel's and QEMU's
build identity, the initramfs, the timing parameters and machine options;
a rerun reuses every point whose result is there.  A failed point is
reported with its log and the sweep goes on.  At the end: OUT/results.csv
(one row per point and figure), OUT/report.md (tables), and with gnuplot
OUT/plots/ (each figure against each swept parameter, one line per
kernel), which the report shows.

    # spec.toml
    name = "prm-read"               # default: the file's name
    mode = "grid"                   # or "zip"
    [workload]
    name = "idle"                   # idle, membench, kbench, hackbench,
    state = "C2,C3"                 #  cyclictest, soak, script; its options
    seconds = 1                     #  as on the command line
    [kernels]
    list = ["mainline", "patched"]  # or: series = "kernel/patches/patched"
    [params]                        # SECTION.KEY (as --set), workload.OPT,
    "l4-wkup.prm.read_min_ns+l4-wkup.prm.read_max_ns" = [300, 600, 900]
    "sdram.txsr" = { from = 10, to = 40, step = 10 }
    [machine]                       # for every point
    options = "memory-model=on"
    set = ["cache.l3_ns=75"]
    [figures]
    keep = ["C2.us_*", "C3.us_before_wfi"]   # globs; default every figure

Keys joined with '+' take the same value; "workload.OPT" is a workload
option and "machine.OPT" a -M rm696 option that varies.  Several
workloads: [[workload]] tables, each crossed with the kernels and values.
The sweeps of docs/whatif.md's studies are specs in docs/whatif/.
"""
import csv
import fnmatch
import itertools
import json
import os
import shutil
import subprocess
import sys
import threading
import time
import tomllib
from concurrent.futures import ThreadPoolExecutor, as_completed

from . import build, env, kernel as kernel_mod, progress, qemu as qemu_mod
from . import record, runner, timing, workloads
from .errors import UserError

PLAN = 'plan.json'
SPEC_KEYS = {'name', 'mode', 'workload', 'kernels', 'params', 'machine',
             'figures', 'jobs'}


# ---- the spec ------------------------------------------------------------------

def _values(name, v):
    """A parameter's values: a list, or {from, to, step} (to included)"""
    if isinstance(v, list):
        if not v:
            raise UserError('[params] %s: an empty list' % name)
        for x in v:
            if not isinstance(x, (int, float, str)) or isinstance(x, bool):
                raise UserError('[params] %s: %r is not a number or a string'
                                % (name, x))
        return v
    if isinstance(v, dict):
        unknown = set(v) - {'from', 'to', 'step'}
        if unknown or not {'from', 'to'} <= set(v):
            raise UserError('[params] %s: a range is { from = A, to = B, '
                            'step = S }' % name)
        a, b, st = v['from'], v['to'], v.get('step', 1)
        if not all(isinstance(x, int) and not isinstance(x, bool)
                   for x in (a, b, st)):
            raise UserError('[params] %s: from, to and step must be whole '
                            'numbers' % name)
        if st <= 0 or b < a:
            raise UserError('[params] %s: a range needs from <= to and a '
                            'step above 0' % name)
        out = list(range(a, b + 1, st))
        if len(out) > 10000:
            raise UserError('[params] %s: %d values: too many' % (name,
                                                                  len(out)))
        return out
    raise UserError('[params] %s: give a list of values or { from, to, step }'
                    % name)


def _check_param_name(name, w, wl):
    for part in name.split('+'):
        if part.startswith('workload.'):
            w.check(dict(wl, **{part[len('workload.'):]: None}))  # known?
        elif part.startswith('machine.'):
            if part[len('machine.'):] in ('stats', 'timing', 'timing-set'):
                raise UserError('[params] %s: give timing parameters as '
                                'SECTION.KEY' % part)
        else:
            timing.check_set(['%s=0' % part])


def load_spec(path):
    """The spec, checked: a dict with every field resolved; a mistake is
    one line naming the spec and the entry"""
    try:
        return _load_spec(path)
    except UserError as e:
        msg = str(e)
        if msg.startswith('sweep spec '):
            raise
        raise UserError('sweep spec %s: %s' % (path, msg))


def _load_spec(path):
    try:
        with open(path, 'rb') as f:
            raw = tomllib.load(f)
    except OSError as e:
        raise UserError('sweep spec %s: %s' % (path, e.strerror))
    except tomllib.TOMLDecodeError as e:
        raise UserError('sweep spec %s: not TOML: %s' % (path, e))
    unknown = set(raw) - SPEC_KEYS
    if unknown:
        raise UserError('sweep spec %s: unknown entry %s (known: %s)' % (
            path, sorted(unknown)[0], ', '.join(sorted(SPEC_KEYS))))
    here = os.path.dirname(os.path.abspath(path))
    spec = {'path': os.path.abspath(path),
            'name': str(raw.get('name') or
                        os.path.splitext(os.path.basename(path))[0])}
    if not spec['name'].replace('-', '').replace('_', '').isalnum():
        raise UserError("sweep spec %s: name '%s': letters, digits, - and _ "
                        "only" % (path, spec['name']))
    spec['mode'] = raw.get('mode', 'grid')
    if spec['mode'] not in ('grid', 'zip'):
        raise UserError("sweep spec %s: mode '%s' is not grid or zip"
                        % (path, spec['mode']))
    wls = raw.get('workload') or {}
    if isinstance(wls, dict):
        wls = [wls]             # [workload], or [[workload]] tables: several
    spec['workloads'] = []
    for wl in wls:
        wl = dict(wl)
        if 'name' not in wl:
            raise UserError('sweep spec %s: [workload] needs name = "idle" '
                            '(or membench, kbench, hackbench, cyclictest, '
                            'soak, script)' % path)
        w = workloads.get(str(wl.pop('name')))
        if w.name == 'script' and 'script' in wl:
            wl['script'] = os.path.join(here, wl['script'])
        wl = {k: str(v) if not isinstance(v, bool) else v
              for k, v in wl.items()}
        try:
            opts = w.check(wl)
        except UserError as e:
            raise UserError('sweep spec %s: [workload] %s' % (path, e))
        spec['workloads'].append((w, opts, wl))
    if not spec['workloads']:
        raise UserError('sweep spec %s: [workload] needs name = "idle" (or '
                        'membench, kbench, hackbench, cyclictest, soak, '
                        'script)' % path)
    # the first one, as a single-workload spec has it
    spec['workload'], spec['opts'], wl = spec['workloads'][0]
    need_symbols = any(x[0].symbols for x in spec['workloads'])
    ks = raw.get('kernels') or {'list': ['patched']}
    unknown = set(ks) - {'list', 'series', 'base'}
    if unknown:
        raise UserError('sweep spec %s: [kernels] unknown entry %s (list, '
                        'series, base)' % (path, sorted(unknown)[0]))
    if 'series' in ks:
        if 'list' in ks:
            raise UserError('sweep spec %s: [kernels] give list or series, '
                            'not both' % path)
        from . import series as series_mod
        base = ks.get('base') or os.path.join(env.TOP, 'kernel', 'patches',
                                               'mainline')
        sdir = ks['series']
        if not os.path.isabs(sdir) and not os.path.isdir(sdir):
            sdir = os.path.join(env.TOP, sdir)
        if not os.path.isabs(base) and not os.path.isdir(base):
            base = os.path.join(env.TOP, base)
        s, b, _ = series_mod.check_dirs(sdir, base)
        spec['series'] = (s, b)
        spec['kernels'] = None
    else:
        lst = ks['list']
        if not isinstance(lst, list) or not lst:
            raise UserError('sweep spec %s: [kernels] list = ["mainline", '
                            '"patched", ...]' % path)
        spec['series'] = None
        spec['kernels'] = [kernel_mod.resolve(
            k if k in kernel_mod.VARIANTS or os.path.isabs(k)
            else os.path.join(here, k), need_symbols=need_symbols)
            for k in (str(x) for x in lst)]
    params = raw.get('params') or {}
    spec['params'] = []
    for name, v in params.items():
        errs = []
        for w, _, wl in spec['workloads']:
            try:
                _check_param_name(name, w, wl)
            except UserError as e:
                errs.append(e)
        # a workload option: one of the workloads must take it
        if len(errs) == len(spec['workloads']):
            raise UserError('sweep spec %s: [params] %s: %s' % (path, name,
                                                                errs[0]))
        spec['params'].append((name, _values(name, v)))
    if spec['mode'] == 'zip' and spec['params']:
        n = {len(v) for _, v in spec['params']}
        if len(n) > 1:
            raise UserError('sweep spec %s: mode zip needs lists of one '
                            'length (%s)' % (path, ', '.join(
                                '%s %d' % (k, len(v))
                                for k, v in spec['params'])))
    for name, vals in spec['params']:
        for v in vals:
            for part in name.split('+'):
                if part.startswith('workload.'):
                    for w, _, wl in spec['workloads']:
                        if not takes(w, part):
                            continue
                        try:
                            w.check(dict(wl, **{part[len('workload.'):]:
                                                str(v)}))
                        except UserError as e:
                            raise UserError('sweep spec %s: [params] %s: %s'
                                            % (path, name, e))
                elif not part.startswith('machine.'):
                    try:
                        timing.check_set(['%s=%s' % (part, v)])
                    except UserError as e:
                        raise UserError('sweep spec %s: [params] %s: %s'
                                        % (path, name, e))
    m = raw.get('machine') or {}
    unknown = set(m) - {'options', 'timing', 'set'}
    if unknown:
        raise UserError('sweep spec %s: [machine] unknown entry %s (options, '
                        'timing, set)' % (path, sorted(unknown)[0]))
    spec['machine'] = qemu_mod.parse_machine(str(m.get('options', '')))
    t = m.get('timing')
    if t and not os.path.isabs(t) and not os.path.exists(t):
        t = os.path.join(here, t)
    try:
        spec['timing'] = timing.check_file(t)
        spec['set'] = timing.check_set(m.get('set') or [])
    except UserError as e:
        raise UserError('sweep spec %s: [machine] %s' % (path, e))
    fg = raw.get('figures') or {}
    spec['keep'] = fg.get('keep') or ['*']
    if not isinstance(spec['keep'], list):
        raise UserError('sweep spec %s: [figures] keep = ["glob", ...]' % path)
    spec['jobs'] = raw.get('jobs')
    return spec


def takes(w, part):
    """Does workload @w have the option of parameter part 'workload.OPT'?"""
    k = part[len('workload.'):].replace('-', '_')
    return any(o.key == k for o in w.opts)


def combos(spec):
    """The parameter value sets: [{name: value}]"""
    names = [n for n, _ in spec['params']]
    lists = [v for _, v in spec['params']]
    if not names:
        return [{}]
    if spec['mode'] == 'zip':
        return [dict(zip(names, vs)) for vs in zip(*lists)]
    return [dict(zip(names, vs)) for vs in itertools.product(*lists)]


def kernel_dict(k):
    return {'label': k.label, 'zimage': k.zimage, 'dtb': k.dtb,
            'symbols': k.symbols, 'vmlinux': k.vmlinux, 'variant': k.variant,
            'own': k.own}


def kernel_of(d):
    return kernel_mod.Kernel(d['label'], d['zimage'], d['dtb'], d['symbols'],
                             d['vmlinux'], d['variant'], d['own'])


def job_of(spec_w, base_opts, kd, values, timing_file, base_set, machine):
    """The Job of one point"""
    opts = dict(base_opts)
    tset = list(base_set)
    m = dict(machine)
    for name, v in values.items():
        for part in name.split('+'):
            if part.startswith('workload.'):
                if takes(spec_w, part):
                    opts = spec_w.check(dict(opts, **{
                        part[len('workload.'):].replace('-', '_'): str(v)}))
            elif part.startswith('machine.'):
                m[part[len('machine.'):]] = str(v)
            else:
                tset = [s for s in tset if s.split('=')[0] != part]
                tset.append('%s=%s' % (part, v))
    return runner.Job(spec_w, opts, kernel_of(kd), timing_file, tset, m,
                      label=kd['label'])


def short_kernel(label):
    return os.path.basename(label) if '/' in label else label


def plan(spec, out, qemu, initrd):
    """Every point with its key; written to OUT/plan.json"""
    if spec['series']:
        from . import series as series_mod
        kernels = []
        for k, label, d, secs, files, cached in series_mod.build_kernels(
                *spec['series']):
            kk = series_mod.series_kernel(d)
            kk.label = 'k%02d %s' % (k, series_mod.short(label))
            kernels.append(kk)
    else:
        kernels = spec['kernels']
    points = []
    for kern in kernels:
        kd = kernel_dict(kern)
        for w, wopts, _ in spec['workloads']:
            for values in combos(spec):
                job = job_of(w, wopts, kd, values, spec['timing'],
                             spec['set'], spec['machine'])
                points.append({'index': len(points), 'kernel': kd,
                               'workload': w.name, 'values': values,
                               'key': job.key(qemu, initrd),
                               'timing_set': job.timing_set,
                               'machine': job.machine, 'opts': job.opts})
    p = {'name': spec['name'], 'spec': spec['path'], 'mode': spec['mode'],
         'workload': ', '.join(w.name for w, _, _ in spec['workloads']),
         'workloads': [{'name': w.name, 'opts': o}
                       for w, o, _ in spec['workloads']],
         'opts': spec['opts'],
         'params': [n for n, _ in spec['params']], 'keep': spec['keep'],
         'timing': spec['timing'], 'set': spec['set'],
         'machine': spec['machine'], 'qemu': qemu, 'initramfs': initrd,
         'kernels': [kernel_dict(k) for k in kernels], 'points': points}
    os.makedirs(out, exist_ok=True)
    record.write(os.path.join(out, PLAN), p)
    return p


def load_plan(out):
    path = os.path.join(out, PLAN)
    if not os.path.exists(path):
        raise UserError("'%s' has no %s: not a sweep's results folder"
                        % (out, PLAN))
    return record.load(path)


def point_dir(out, pt):
    return os.path.join(out, 'points', pt['key'])


def point_result(out, pt):
    """The point's result record if it finished well, else None"""
    path = os.path.join(point_dir(out, pt), 'result.json')
    try:
        rec = record.load(path)
    except (OSError, ValueError):
        return None
    return rec if rec.get('ok') and rec.get('key') == pt['key'] else None


def run_point(p, pt, out, quiet=True):
    """One point of plan @p: an Outcome"""
    w = workloads.get(pt['workload'])
    job = runner.Job(w, pt['opts'], kernel_of(pt['kernel']), p['timing'],
                     pt['timing_set'], pt['machine'],
                     label=pt['kernel']['label'])
    return runner.run(job, p['qemu'], p['initramfs'], point_dir(out, pt),
                      what='point %d' % pt['index'], quiet=quiet)


def describe_point(p, pt):
    vals = ', '.join('%s=%s' % kv for kv in pt['values'].items())
    return '%s%s%s' % (short_kernel(pt['kernel']['label']),
                       ', ' + pt['workload'] if len(p['workloads']) > 1
                       else '', ', ' + vals if vals else '')


def report_failure(p, pt, out, err):
    progress.log('sweep: point %d (%s) failed: %s' % (
        pt['index'], describe_point(p, pt), err))
    log = os.path.join(point_dir(out, pt), 'qemu.log')
    try:
        lines = open(log, errors='replace').read().splitlines()[-5:]
    except OSError:
        lines = []
    for line in lines:
        progress.log('    %s' % line[:200])


def run_local(p, out, jobs):
    """Run the points of @p that are not finished, @jobs at a time"""
    todo, reused = [], 0
    for pt in p['points']:
        if point_result(out, pt):
            reused += 1
        else:
            todo.append(pt)
    n = len(p['points'])
    progress.log('sweep %s: %d points, %d reused, %d to run, %d at a time'
                 % (p['name'], n, reused, len(todo), jobs))
    if not todo:
        return 0
    done, failed, times = [0], [0], []
    lock = threading.Lock()
    t0 = time.monotonic()
    stop = threading.Event()
    w = workloads.get(p['workloads'][0]['name'])
    o1 = p['workloads'][0]['opts']
    est1 = progress.estimate('run %s' % w.describe(o1), w.estimate(o1))

    def left():
        per = (sum(times) / len(times)) if times else est1
        rest = len(todo) - done[0] - failed[0]
        return per * rest / jobs if per else None

    def ticker():
        while not stop.wait(progress.EVERY):
            with lock:
                el = time.monotonic() - t0
                est = left()
                progress.log('sweep %s: %d of %d run, %d failed, %s%s' % (
                    p['name'], done[0], len(todo), failed[0],
                    progress.fmt_s(el),
                    ', about %s left' % progress.fmt_s(est) if est else ''))
    th = threading.Thread(target=ticker, daemon=True)
    th.start()
    try:
        with ThreadPoolExecutor(max_workers=jobs) as ex:
            futs = {ex.submit(run_point, p, pt, out): pt for pt in todo}
            for f in as_completed(futs):
                pt = futs[f]
                try:
                    o = f.result()
                    err = o.err
                    host = o.res.host_s
                except Exception as e:      # a point must not stop the sweep
                    err, host = 'error: %s' % e, None
                with lock:
                    if err:
                        failed[0] += 1
                        report_failure(p, pt, out, err)
                    else:
                        done[0] += 1
                        times.append(host)
                        est = left()
                        progress.log('sweep %s: point %d (%s) done in %s; %d '
                                     'of %d%s' % (
                                         p['name'], pt['index'],
                                         describe_point(p, pt),
                                         progress.fmt_s(host),
                                         done[0] + failed[0], len(todo),
                                         ', about %s left' %
                                         progress.fmt_s(est) if est else ''))
    finally:
        stop.set()
    progress.log('sweep %s: %d points run in %s, %d failed' % (
        p['name'], done[0], progress.fmt_s(time.monotonic() - t0), failed[0]))
    return failed[0]


# ---- results: CSV, report ------------------------------------------------------

def kept(name, keep):
    return any(fnmatch.fnmatchcase(name, g) for g in keep)


def collect(p, out):
    """The tidy rows of every finished point: (rows, missing points)"""
    rows, missing = [], []
    for pt in p['points']:
        rec = point_result(out, pt)
        if not rec:
            missing.append(pt)
            continue
        for fig, v in rec['flat'].items():
            if v is None or not kept(fig, p['keep']):
                continue
            rows.append({'point': pt['index'], 'key': pt['key'],
                         'kernel': short_kernel(pt['kernel']['label']),
                         'workload': pt['workload'],
                         **{n: pt['values'].get(n) for n in p['params']},
                         'figure': fig, 'value': v})
    return rows, missing


def write_csv(p, out, rows):
    path = os.path.join(out, 'results.csv')
    cols = ['point', 'key', 'kernel', 'workload'] + p['params'] + \
        ['figure', 'value']
    tmp = path + '.tmp'
    with open(tmp, 'w', newline='') as f:
        wr = csv.DictWriter(f, fieldnames=cols, lineterminator='\n')
        wr.writeheader()
        for r in rows:
            wr.writerow(r)
    os.replace(tmp, path)
    return path


def read_csv(path):
    with open(path, newline='') as f:
        rd = csv.DictReader(f)
        cols = rd.fieldnames or []
        rows = list(rd)
    params = [c for c in cols if c not in ('point', 'key', 'kernel',
                                           'workload', 'figure', 'value')]
    return params, rows


def fmtv(v):
    try:
        x = float(v)
    except (TypeError, ValueError):
        return str(v)
    if x == int(x) and abs(x) < 1e15:
        return '%d' % x
    return '%.4g' % x


def write_report(p, out, rows, missing, plots=None):
    """OUT/report.md: per figure a table (parameter values x kernels) and
    its plots"""
    lines = ['# Sweep %s' % p['name'], '']
    lines.append('Spec `%s`: %s %s, %s over %s; %d points (%d '
                 'missing or failed).' % (
                     os.path.basename(p['spec']),
                     'workload' if len(p['workloads']) == 1 else 'workloads',
                     '; '.join('%s (%s)' % (x['name'], ', '.join(
                         '%s=%s' % kv for kv in sorted(x['opts'].items()))
                         or 'defaults') for x in p['workloads']),
                     p['mode'] if p['params'] else 'no parameters',
                     ', '.join('`%s`' % n for n in p['params']) or 'kernels',
                     len(p['points']), len(missing)))
    lines.append('Kernels: %s.  Every run under -icount shift=0,sleep=off: '
                 'the figures are exact and the same on every run.' %
                 ', '.join(short_kernel(k['label']) for k in p['kernels']))
    if p['set'] or p['timing'] or p['machine']:
        lines.append('For every point: %s.' % '; '.join(
            x for x in (('timing %s' % p['timing']) if p['timing'] else '',
                        ('set %s' % ';'.join(p['set'])) if p['set'] else '',
                        ('-M rm696,%s' % ','.join(
                            '%s=%s' % kv for kv in p['machine'].items()))
                        if p['machine'] else '') if x))
    lines.append('Data: `results.csv` (one row per point and figure); each '
                 'point\'s files in `points/KEY/`.')
    lines.append('')
    kernels = []
    for r in rows:
        if r['kernel'] not in kernels:
            kernels.append(r['kernel'])
    figures = []
    for r in rows:
        if r['figure'] not in figures:
            figures.append(r['figure'])
    for fig in figures:
        lines.append('## %s' % fig)
        lines.append('')
        fr = [r for r in rows if r['figure'] == fig]
        combos_ = []
        for r in fr:
            c = tuple(str(r.get(n)) for n in p['params'])
            if c not in combos_:
                combos_.append(c)
        head = list(p['params']) + kernels
        lines.append('| %s |' % ' | '.join(head or ['kernel']))
        lines.append('|%s|' % '|'.join(['---'] * len(p['params']) +
                                        ['---:'] * len(kernels)))
        for c in combos_:
            vals = []
            for k in kernels:
                v = [r['value'] for r in fr if r['kernel'] == k and
                     tuple(str(r.get(n)) for n in p['params']) == c]
                vals.append(fmtv(v[0]) if v else '')
            lines.append('| %s |' % ' | '.join(list(c) + vals))
        lines.append('')
        for pl in (plots or {}).get(fig, []):
            if pl.endswith('.svg') and pl[:-4] + '.png' in plots[fig]:
                continue            # the PNG shows it; the SVG is beside it
            lines.append('![%s](%s)' % (fig, os.path.relpath(pl, out)))
            lines.append('')
    if missing:
        lines.append('## Missing or failed points')
        lines.append('')
        for pt in missing:
            lines.append('- point %d (%s): `%s`' % (
                pt['index'], describe_point(p, pt),
                os.path.relpath(point_dir(out, pt), out)))
        lines.append('')
    path = os.path.join(out, 'report.md')
    with open(path, 'w') as f:
        f.write('\n'.join(lines))
    return path


def finish(p, out, plot=True):
    """CSV, plots, report of whatever has finished; the missing points"""
    rows, missing = collect(p, out)
    csvp = write_csv(p, out, rows)
    plots = {}
    if plot and rows and shutil.which('gnuplot'):
        from . import plot as plot_mod
        plots = plot_mod.plot_csv(csvp, os.path.join(out, 'plots'),
                                  title=p['name'],
                                  zipped=p['mode'] == 'zip')
    elif plot and rows:
        progress.log('sweep: no gnuplot: no plots (apt-get install '
                     'gnuplot-nox; scripts/setup-host.sh does)')
    rep = write_report(p, out, rows, missing, plots)
    progress.log('sweep %s: %d rows in %s, report %s%s' % (
        p['name'], len(rows), csvp, rep,
        ', %d plots in %s' % (sum(len(v) for v in plots.values()),
                              os.path.join(out, 'plots')) if plots else ''))
    return missing


# ---- Slurm ------------------------------------------------------------------

def slurm_submit(p, out, a):
    todo = [pt for pt in p['points'] if not point_result(out, pt)]
    sdir = os.path.join(out, 'slurm')
    os.makedirs(sdir, exist_ok=True)
    if not todo:
        progress.log('sweep %s: every point is finished: nothing to submit; '
                     '`n9 sweep --collect %s`' % (p['name'], out))
        return 0
    if not shutil.which('sbatch'):
        raise UserError('no sbatch: Slurm\'s client tools are not installed '
                        '(apt-get install slurm-client)')
    with open(os.path.join(sdir, 'points.txt'), 'w') as f:
        for pt in todo:
            f.write('%d\n' % pt['index'])
    script = os.path.join(sdir, 'job.sh')
    n9 = os.path.join(env.TOP, 'n9')
    opts = ['#SBATCH --job-name=n9-%s' % p['name'],
            '#SBATCH --array=0-%d' % (len(todo) - 1),
            '#SBATCH --output=%s/task-%%A_%%a.out' % sdir,
            '#SBATCH --ntasks=1',
            '#SBATCH --cpus-per-task=1']
    if a.partition:
        opts.append('#SBATCH --partition=%s' % a.partition)
    with open(script, 'w') as f:
        f.write('#!/bin/bash\n'
                '# n9 sweep %s: one point per array task (written by n9 sweep '
                '--slurm)\n%s\n'
                'set -e\n'
                'i=$(sed -n "$((SLURM_ARRAY_TASK_ID + 1))p" %s)\n'
                'exec python3 %s sweep-point %s "$i"\n' % (
                    p['name'], '\n'.join(opts),
                    os.path.join(sdir, 'points.txt'), n9, out))
    os.chmod(script, 0o755)
    argv = ['sbatch', '--parsable'] + (a.sbatch_args or '').split() + [script]
    r = subprocess.run(argv, capture_output=True, text=True)
    if r.returncode != 0:
        raise UserError('sbatch failed (status %d): %s' % (
            r.returncode, (r.stderr or r.stdout).strip().splitlines()[-1:]
            or ''))
    jobid = r.stdout.strip().split(';')[0]
    with open(os.path.join(sdir, 'jobid'), 'w') as f:
        f.write(jobid + '\n')
    progress.log('sweep %s: submitted Slurm array job %s, %d tasks (one per '
                 'point); when it has run: n9 sweep --collect %s'
                 % (p['name'], jobid, len(todo), out))
    print(jobid)
    return 0


def slurm_wait(out, timeout):
    """Wait until the sweep's Slurm job has left the queue"""
    try:
        jobid = open(os.path.join(out, 'slurm', 'jobid')).read().strip()
    except OSError:
        return
    t0 = time.monotonic()
    last = 0
    while True:
        r = subprocess.run(['squeue', '-h', '-j', jobid, '-o', '%i %T'],
                           capture_output=True, text=True)
        lines = [l for l in r.stdout.splitlines() if l.strip()]
        if r.returncode != 0 or not lines:
            return
        el = time.monotonic() - t0
        if el - last >= progress.EVERY:
            last = el
            progress.log('sweep: Slurm job %s: %d tasks queued or running, '
                         '%s' % (jobid, len(lines), progress.fmt_s(el)))
        if timeout and el > timeout:
            raise UserError('Slurm job %s still queued or running after %s'
                            % (jobid, progress.fmt_s(el)))
        time.sleep(2)


# ---- the commands ---------------------------------------------------------------

def cmd_sweep(a):
    from .cli import check_jobs
    if a.collect and a.spec and not a.out and os.path.isdir(a.spec):
        out = os.path.abspath(a.spec)           # n9 sweep --collect OUT
    elif a.collect:
        out = os.path.abspath(a.out or 'sweep-%s' % os.path.splitext(
            os.path.basename(a.spec or ''))[0])
    else:
        out = None
    if a.collect:
        p = load_plan(out)
        if a.wait:
            slurm_wait(out, a.wait)
        missing = finish(p, out, plot=not a.no_plot)
        if missing:
            for pt in missing:
                progress.log('sweep: point %d (%s): no result (%s)' % (
                    pt['index'], describe_point(p, pt),
                    point_dir(out, pt)))
            raise UserError('%d of %d points have no result' % (
                len(missing), len(p['points'])))
        return 0
    if not a.spec:
        raise UserError('give the sweep spec (a TOML file); see n9 sweep '
                        '--help')
    spec = load_spec(a.spec)
    jobs = check_jobs(a.jobs if a.jobs is not None else spec['jobs'])
    out = os.path.abspath(a.out or 'sweep-%s' % spec['name'])
    if os.path.exists(out) and not os.path.isdir(out):
        raise UserError("--out: '%s' is not a folder" % out)
    if a.slurm and a.dry_run:
        raise UserError('--slurm and --dry-run: give one')
    if not a.no_build:
        variants = set()
        if spec['kernels']:
            variants = {k.variant for k in spec['kernels']}
        build.ensure(variants=variants)
    for k in spec['kernels'] or []:
        kernel_mod.check_built(k)
    q = env.qemu_binary()
    if a.slurm:
        # the tasks run this copy: a rebuild meanwhile does not change it
        os.makedirs(os.path.join(out, 'bin'), exist_ok=True)
        qc = os.path.join(out, 'bin', 'qemu-system-arm')
        if not os.path.exists(qc) or env.file_hash(qc) != env.file_hash(q):
            shutil.copy(os.path.realpath(q), qc + '.tmp')
            os.replace(qc + '.tmp', qc)
        q = qc
    p = plan(spec, out, q, env.initramfs())
    # the machine takes every point's options (no guest runs)
    seen = set()
    for pt in p['points']:
        w = workloads.get(pt['workload'])
        job = runner.Job(w, pt['opts'], kernel_of(pt['kernel']),
                         p['timing'], pt['timing_set'], pt['machine'])
        mo = json.dumps(job.machine_opts(), sort_keys=True)
        if mo not in seen:
            seen.add(mo)
            try:
                timing.effective(q, job.machine_opts())
            except UserError as e:
                raise UserError('point %d (%s): %s' % (
                    pt['index'], describe_point(p, pt), e))
    if a.dry_run:
        for pt in p['points']:
            print('%3d %s %s%s' % (pt['index'], pt['key'],
                                   describe_point(p, pt),
                                   ' (finished)' if point_result(out, pt)
                                   else ''))
        return 0
    if a.slurm:
        return slurm_submit(p, out, a)
    failed = run_local(p, out, jobs)
    missing = finish(p, out, plot=not a.no_plot)
    if failed or missing:
        raise UserError('%d of %d points failed (above; their logs in '
                        '%s/points/)' % (len(missing), len(p['points']), out))
    return 0


def cmd_point(a):
    out = os.path.abspath(a.out)
    p = load_plan(out)
    try:
        pt = p['points'][int(a.index)]
    except (ValueError, IndexError):
        raise UserError('no point %s in %s' % (a.index, out))
    if point_result(out, pt):
        progress.log('point %d: finished earlier' % pt['index'])
        return 0
    o = run_point(p, pt, out, quiet=False)
    if o.err:
        raise UserError('point %d (%s): %s' % (pt['index'],
                                               describe_point(p, pt), o.err))
    return 0


def add_parsers(sub):
    p = sub.add_parser('sweep', help='a parameter sweep (spec file): points '
                       'in parallel, cached', description=__doc__.split(
                           '\n\n')[1] + '\n\n' + __doc__.split('\n\n')[2],
                       epilog='\n\n'.join(__doc__.split('\n\n')[3:]),
                       formatter_class=__import__('argparse')
                       .RawDescriptionHelpFormatter)
    p.add_argument('spec', nargs='?', metavar='SPEC',
                   help='the spec (TOML); with --collect, or the results '
                   'folder')
    p.add_argument('--out', metavar='DIR', help='results folder (default '
                   'sweep-NAME in the current folder)')
    p.add_argument('--jobs', type=int, metavar='N', help='points at a time '
                   '(default: the spec\'s jobs, else the number of cores)')
    p.add_argument('--slurm', action='store_true', help='submit the points '
                   'that are not finished as a Slurm array job (sbatch '
                   '--array, one point per task) instead; OUT must be on a '
                   'folder every node sees')
    p.add_argument('--partition', metavar='P', help='--slurm: the partition')
    p.add_argument('--sbatch-args', metavar='ARGS', help='--slurm: more '
                   'sbatch options, e.g. "--time=30"')
    p.add_argument('--collect', action='store_true', help='gather the '
                   'finished points into results.csv, report.md and plots '
                   '(after --slurm)')
    p.add_argument('--wait', type=int, metavar='S', help='--collect: first '
                   'wait up to S seconds for the Slurm job to leave the queue')
    p.add_argument('--dry-run', action='store_true', help='list the points '
                   'and their keys, run nothing')
    p.add_argument('--no-plot', action='store_true', help='no plots')
    p.add_argument('--no-build', action='store_true')
    p.set_defaults(func=cmd_sweep)

    p = sub.add_parser('sweep-point')      # a Slurm task: one point
    p.add_argument('out')
    p.add_argument('index')
    p.set_defaults(func=cmd_point)
