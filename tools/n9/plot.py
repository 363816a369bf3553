"""`n9 plot`: a sweep's figures drawn with gnuplot (Debian's gnuplot-nox),
PNG and SVG: each figure against each swept parameter, one line per
kernel (and per value of the other parameters in a grid); with no swept
parameter (a sweep over kernels, e.g. a patch series) each figure across
the kernels; swept values over two decades on a log axis.  From the
sweep's tidy CSV (results.csv); for a sweep folder the report (report.md)
is written again with the plots in it."""
import os
import re
import subprocess

from . import progress
from .errors import UserError


def safe(name):
    return re.sub(r'[^A-Za-z0-9_.-]+', '_', name).strip('_') or 'x'


def as_number(v):
    try:
        return float(int(str(v), 0))
    except ValueError:
        pass
    try:
        return float(v)
    except (TypeError, ValueError):
        return None


def gq(s):
    """A gnuplot string"""
    return '"%s"' % str(s).replace('\\', '\\\\').replace('"', '\\"')


def x_axis(xs):
    """gnuplot lines for an x axis of the values @xs (strings): names
    rotated; numbers over two decades (ways 1 to 512, sizes) on a log
    axis, so that the small ones do not crowd at the left"""
    vals = [as_number(x) for x in xs]
    if any(v is None for v in vals):
        return ['set xtics rotate by -30', 'set offsets 0.3, 0.3, 0, 0']
    if min(vals) > 0 and max(vals) >= 100 * min(vals):
        return ['set logscale x 2', 'set offsets graph 0.05, graph 0.05, 0, 0']
    return []


def plot_one(rows, fig, xname, group_names, outdir, formats, title):
    """One plot: @rows of figure @fig, x = column @xname, one line per
    distinct value of @group_names.  Returns the files written."""
    xs = []
    for r in rows:
        if r[xname] not in xs:
            xs.append(r[xname])
    numeric = all(as_number(x) is not None for x in xs)
    lines = {}
    for r in rows:
        g = ', '.join('%s' % r[n] if n == 'kernel' else '%s=%s' % (n, r[n])
                      for n in group_names) or fig
        lines.setdefault(g, []).append(r)
    ddir = os.path.join(outdir, 'data')
    os.makedirs(ddir, exist_ok=True)
    base = '%s--%s' % (safe(fig), safe(xname))
    dat = os.path.join(ddir, base + '.dat')
    with open(dat, 'w') as f:
        for g, rs in lines.items():
            f.write('# %s\n' % g)
            rs = sorted(rs, key=lambda r: as_number(r[xname]) if numeric
                        else xs.index(r[xname]))
            for r in rs:
                x = as_number(r[xname]) if numeric else xs.index(r[xname])
                f.write('%r %s %s\n' % (x, r['value'], gq(r[xname])))
            f.write('\n\n')
    plots = []
    for i, g in enumerate(lines):
        using = '1:2' if numeric else '1:2:xtic(3)'
        plots.append('%s index %d using %s with linespoints title %s'
                     % (gq(dat), i, using, gq(g)))
    out = []
    script = ['set title %s noenhanced' % gq('%s: %s' % (title, fig)
                                             if title else fig),
              'set xlabel %s noenhanced' % gq(xname),
              'set ylabel %s noenhanced' % gq(fig),
              # long line titles (several parameters) below the plot
              'set key %s noenhanced' % (
                  'below' if max(len(g) for g in lines) > 24
                  else 'outside right top'),
              'set grid']
    script += x_axis(xs)
    for fmt in formats:
        path = os.path.join(outdir, '%s.%s' % (base, fmt))
        term = {'png': 'pngcairo size 900,540', 'svg': 'svg size 900,540'}[fmt]
        script += ['set terminal %s' % term, 'set output %s' % gq(path),
                   'plot ' + ', '.join(plots), 'unset output']
        out.append(path)
    p = subprocess.run(['gnuplot'], input='\n'.join(script) + '\n',
                       capture_output=True, text=True)
    if p.returncode != 0:
        raise UserError('gnuplot failed (status %d) on %s: %s' % (
            p.returncode, fig, (p.stderr.strip().splitlines() or [''])[-1]))
    return out


def plot_csv(csv_path, outdir, title=None, formats=('png', 'svg'),
             zipped=False):
    """Every plot of a sweep's CSV: {figure: [files]}.  @zipped: the
    parameters vary together (mode zip): against the first one only"""
    from .sweep import read_csv
    params, rows = read_csv(csv_path)
    xparams = params[:1] if zipped else params
    os.makedirs(outdir, exist_ok=True)
    figs = []
    for r in rows:
        if r['figure'] not in figs:
            figs.append(r['figure'])
    kernels = {r['kernel'] for r in rows}
    done = {}
    for fig in figs:
        fr = [r for r in rows if r['figure'] == fig]
        done[fig] = []
        if not params:
            done[fig] += plot_one(fr, fig, 'kernel', [], outdir, formats,
                                  title)
            continue
        for xp in xparams:
            varying = [n for n in params if n != xp and
                       len({r[n] for r in fr}) > 1]
            # zipped parameters vary with xp: one line per kernel then
            groups = (['kernel'] if len(kernels) > 1 or not varying else []) \
                + [n for n in varying
                   if len({(r[xp], r[n]) for r in fr}) > len({r[xp]
                                                              for r in fr})]
            done[fig] += plot_one(fr, fig, xp, groups or ['kernel'], outdir,
                                  formats, title)
    return done


def cmd_plot(a):
    from . import sweep
    src = os.path.abspath(a.source)
    plan = None
    if os.path.isdir(src):
        csv_path = os.path.join(src, 'results.csv')
        if os.path.exists(os.path.join(src, sweep.PLAN)):
            plan = sweep.load_plan(src)
        out = a.out or os.path.join(src, 'plots')
    else:
        csv_path = src
        out = a.out or os.path.join(os.path.dirname(src), 'plots')
    if not os.path.isfile(csv_path):
        raise UserError("no results.csv in '%s' (give a sweep folder or its "
                        "CSV)" % a.source)
    formats = [f.strip() for f in a.format.split(',') if f.strip()]
    bad = [f for f in formats if f not in ('png', 'svg')]
    if bad or not formats:
        raise UserError("--format: '%s' (png, svg)" % a.format)
    if not subprocess.run(['sh', '-c', 'command -v gnuplot'],
                          capture_output=True).returncode == 0:
        raise UserError('no gnuplot (apt-get install gnuplot-nox; '
                        'scripts/setup-host.sh installs it)')
    plots = plot_csv(csv_path, out, title=plan['name'] if plan else None,
                     formats=formats,
                     zipped=bool(plan and plan['mode'] == 'zip'))
    n = sum(len(v) for v in plots.values())
    if plan:
        rows, missing = sweep.collect(plan, src)
        sweep.write_report(plan, src, rows, missing, plots)
    progress.log('plot: %d files in %s' % (n, out))
    for fig, files in plots.items():
        for f in files:
            print(f)
    return 0


def add_parser(sub):
    p = sub.add_parser('plot', help='plots and a Markdown report of a sweep',
                       description=__doc__)
    p.add_argument('source', metavar='SWEEP_DIR|CSV',
                   help='a sweep\'s results folder or its results.csv')
    p.add_argument('--out', metavar='DIR', help='where the plots go '
                   '(default: plots/ beside the CSV)')
    p.add_argument('--format', default='png,svg', metavar='LIST',
                   help='png, svg or both (default png,svg)')
    p.set_defaults(func=cmd_plot)
