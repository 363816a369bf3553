"""`n9 series`: a kernel patch series, patch by patch, on the idle table.

The kernels: the base patches plus the first k patches of the series, for
k = 0..n (scripts/build-kernel-series.sh builds them, each into its own
folder, an unchanged prefix not again); each runs the idle scenario with
the same QEMU (in parallel, --jobs: under icount a run does not depend on
what else the host does), and one Markdown table comes out: per kernel and
C-state, power-domain register accesses per entry before WFI / after the
wake-up, PRM reads and writes per entry, 32 kHz counter reads per entry,
modelled us per entry, the lowest state of MPU, CORE and PER; then per
kernel where the kernel's counters (pm_debug count, cpuidle usage) differ
from the machine's.  Progress goes to stderr, the table to stdout.
docs/idle.md, "The patch series, patch by patch", is its output for
kernel/patches/patched.  If QEMU, the initramfs or timing/phone.ini change
during the runs (another developer's rebuild), all kernels are measured
again, in five passes at most (QEMU_N9_SERIES_TRIES).
"""
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

from . import build, env, kernel as kernel_mod, progress, qemu as qemu_mod
from . import record, runner, timing, workloads
from .errors import UserError


def check_dirs(series, base):
    for d in (series, base):
        if not os.path.isdir(d):
            raise UserError("patch folder '%s' does not exist" % d)
    series, base = os.path.realpath(series), os.path.realpath(base)
    patches = sorted(f for f in os.listdir(series) if f.endswith('.patch'))
    if not patches:
        raise UserError("no *.patch files in '%s'" % series)
    if len(patches) > 99:
        raise UserError("more than 99 patches in '%s'" % series)
    if series == base:
        raise UserError('the series and the base are the same folder (%s)'
                        % series)
    return series, base, patches


def build_kernels(series, base):
    """Build every prefix; [(k, label, dir, build_seconds, files, cached)]"""
    argv = [env.script('build-kernel-series.sh'), series, '--base', base]
    p = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=sys.stderr)
    if p.returncode != 0:
        raise UserError('scripts/build-kernel-series.sh failed (status %d)'
                        % p.returncode)
    out = []
    for line in p.stdout.decode().splitlines():
        k, label, d, bt = line.split('\t')
        secs, files, how = bt.split()
        out.append((int(k), label, d, int(secs), int(files), how == 'cached'))
    return out


def series_kernel(d):
    """The Kernel of one prefix folder (its own DTB and System.map)"""
    return kernel_mod.Kernel(os.path.join(d, 'zImage'),
                             os.path.join(d, 'zImage'),
                             os.path.join(d, 'omap3-n9.dtb'),
                             os.path.join(d, 'System.map'), None, 'patched',
                             own=True)


def fingerprint():
    """The QEMU, initramfs and timing file every kernel runs on"""
    fs = [env.qemu_binary(), env.initramfs(),
          os.path.join(env.TOP, 'timing', 'phone.ini')]
    return ' '.join('%s:%s' % (os.path.basename(f), env.file_hash(f, 12))
                    for f in fs)


def num(x, digits=1):
    """A figure per entry: whole numbers without decimals"""
    s = '%.*f' % (digits, x)
    return s.rstrip('0').rstrip('.') if '.' in s else s


def per(n, d):
    return n / d if d else 0.0


def lowest(st, pd):
    """The lowest state a domain reached per entry: 'RET', or 'RET 5, ON 4'"""
    c = st['lowest_power_state'].get(pd, {})
    order = ('OFF', 'RET', 'INACTIVE', 'ON')
    parts = [(s, c[s]) for s in order if c.get(s)]
    if len(parts) == 1:
        return parts[0][0]
    return ', '.join('%s %d' % p for p in parts) or '-'


def row(fig, name):
    st = fig['states'].get(name)
    if st is None:
        return None
    e = st['entries']
    woken = e - st['without_wfi']
    ph = {}
    for phase in ('before_wfi', 'after_wakeup'):
        wk = st[phase].get('l4-wkup', {}).get('groups', {})
        prm, sync = wk.get('prm', {}), wk.get('synctimer', {})
        pdr = st['power_domain_registers'][phase]
        ph[phase] = {
            'power_domain_registers': per(pdr['reads'] + pdr['writes'], e),
            'prm_reads': per(prm.get('reads', 0), e),
            'prm_writes': per(prm.get('writes', 0), e),
            'counter_32k_reads': per(sync.get('reads', 0), e),
        }
    return {
        'entries': e,
        'before_wfi': ph['before_wfi'],
        'after_wakeup': ph['after_wakeup'],
        'us_before_wfi': per(st['before_wfi_ns'], e) / 1e3,
        'us_after_wakeup': per(st['after_wakeup_ns'], woken) / 1e3,
        'lowest': {pd: lowest(st, pd) for pd in ('mpu', 'core', 'per')},
    }


def short(label):
    """'0003-ARM-OMAP3-...' -> '0003'; the base keeps its name"""
    return label.split('-')[0] if label[:1].isdigit() else label


def table(kernels, states, seconds, series, base, machine_fp, mopts,
          file=sys.stdout):
    def p(*a):
        print(*a, file=file)
    p('Idle series: %s on %s; states %s, %s s each' % (
      series, base, ','.join(states), seconds))
    p('Machine: -M rm696%s; %s' % (',' + mopts if mopts else
                                  ' (default options)', machine_fp.strip()))
    p('Rows are cumulative: patch N = the base and patches 1..N.')
    p('Per idle entry: power-domain registers (PM_PWSTCTRL/PWSTST/PREPWSTST '
      'of any domain, reads + writes), PRM reads + writes, 32 kHz counter '
      'reads, modelled us; "before / after" = before WFI / after the '
      'wake-up.')
    p('')
    p('| patch | state | entries | power-domain regs before / after | '
      'PRM R + W before WFI | PRM R + W after wake-up | '
      '32k counter reads before / after | us before WFI / after wake-up | '
      'lowest MPU / CORE / PER | SDRC_POWER at end |')
    p('|---|---|---:|---:|---:|---:|---:|---:|---|---|')
    for kern in kernels:
        first = True
        for s in states:
            r = kern['rows'][s]
            label = ''
            if first:
                label = short(kern['label']) + (' + count_all'
                                                if kern['count_all'] else '')
            if r is None:
                p('| %s | %s | not reached | | | | | | | |' % (label, s))
                first = False
                continue
            b, a = r['before_wfi'], r['after_wakeup']
            p('| %s | %s | %d | %s / %s | %s + %s | %s + %s | %s / %s | '
              '%s / %s | %s | %s |'
              % (label, s, r['entries'],
                 num(b['power_domain_registers']),
                 num(a['power_domain_registers']),
                 num(b['prm_reads']), num(b['prm_writes']),
                 num(a['prm_reads']), num(a['prm_writes']),
                 num(b['counter_32k_reads']), num(a['counter_32k_reads']),
                 num(r['us_before_wfi'], 2), num(r['us_after_wakeup'], 2),
                 ' / '.join(r['lowest'][d] for d in ('mpu', 'core', 'per')),
                 (kern['sdrc_power'] or '?') if first else ''))
            first = False
    p('')
    # The kernel's own counters against the machine's, per kernel: cpuidle's
    # usage against the idle entries, pm_debug's RET/OFF counts against the
    # PRCM model's (a reduced walk does not count the domains it skips).
    for kern in kernels:
        notes = []
        for s in states:
            st = kern['idle']['states'].get(s)
            if st is None:
                continue
            if st.get('kernel_cpuidle_usage') != st['entries']:
                notes.append('%s cpuidle usage %s for %d entries'
                             % (s, st.get('kernel_cpuidle_usage'),
                                st['entries']))
            off = sorted(pd for pd, v in (st.get('pm_debug_count') or {})
                         .items() if v['kernel'] != v['machine'])
            if off:
                notes.append('%s %s' % (s, ', '.join(off)))
        p('pm_debug count and cpuidle usage against the machine, %s%s: %s'
          % (short(kern['label']), ' + count_all' if kern['count_all'] else '',
             'agree' if not notes else 'differ in ' + '; '.join(notes)))
    p('')
    p('Patches: ' + '; '.join(k['label'] for k in kernels
                              if not k['count_all'] and k['k'] > 0) + '.')
    p('"+ count_all": the same kernel with pm_debug/count_all_domains = 1.')
    p('Builds (seconds, files compiled; "earlier" = this run found it '
      'built): ' + ', '.join('%s %d s %d files%s' % (
          short(k['label']), k['build_seconds'], k['files_compiled'],
          ' (earlier)' if k['build_cached'] else '')
          for k in kernels if not k['count_all']))


def cmd_series(a):
    from .cli import check_json, check_jobs, machine_of
    series = a.patch_dir or os.path.join(env.TOP, 'kernel', 'patches',
                                         'patched')
    base = a.base or os.path.join(env.TOP, 'kernel', 'patches', 'mainline')
    series, base, patches = check_dirs(series, base)
    w = workloads.get('idle')
    st = a.state or 'C1,C2,C3,C5,C7'
    if st == 'all':
        st = ','.join(workloads.STATES)
    opts = w.check({'state': st, 'seconds': a.seconds or '2'})
    states = workloads.state_list(opts['state'])
    machine = machine_of(a)
    tries = os.environ.get('QEMU_N9_SERIES_TRIES', '5')
    if not tries.isdigit() or int(tries) == 0:
        raise UserError("QEMU_N9_SERIES_TRIES: '%s' is not a whole number "
                        "above 0" % tries)
    tries = int(tries)
    out_json = check_json(a.json)
    jobs = check_jobs(a.jobs)
    tfile = timing.check_file(a.timing)
    tset = timing.check_set(a.set)

    build.run_script('setup-host.sh')
    kernels = build_kernels(series, base)
    work = os.path.join(env.cache(), 'series-work', 'runs')
    os.makedirs(work, exist_ok=True)
    mopts = ','.join('%s=%s' % kv if kv[1] is not None else kv[0]
                     for kv in machine.items())
    for attempt in range(1, tries + 1):
        build.ensure(variants=(), qemu=True, initramfs=True, setup=False)
        fp = fingerprint()
        q = env.qemu_binary()
        runs = []
        for k, label, d, secs, files, cached in kernels:
            kern = series_kernel(d)
            modes = [False]
            if a.count_all and os.path.exists(os.path.join(d,
                                                           'has-count-all')):
                modes.append(True)
            for ca in modes:
                o = dict(opts, count_all=ca)
                job = runner.Job(w, o, kern, tfile, tset, machine,
                                 label=label)
                runs.append((k, label, d, secs, files, cached, ca, job))
        if a.count_all and len(runs) == len(kernels):
            progress.log('idle-series: --count-all: no kernel of the series '
                         'has pm_debug/count_all_domains: no extra rows')
        timing.effective(q, runs[0][-1].machine_opts())
        progress.log('idle-series: %d idle runs, %d at a time, states %s, '
                     '%s s each%s' % (len(runs), jobs, ','.join(states),
                                      opts['seconds'],
                                      ', -M rm696,...,' + mopts if mopts
                                      else ''))

        def one(r):
            k, label, d, secs, files, cached, ca, job = r
            kk = 'k%02d-%s' % (k, 'count_all' if ca else 'default')
            return runner.run(job, q, env.initramfs(),
                              os.path.join(work, kk),
                              what='idle on %s%s' % (
                                  short(label), ' + count_all' if ca else ''))
        with ThreadPoolExecutor(max_workers=jobs) as ex:
            outs = list(ex.map(one, runs))
        bad = [(r, o) for r, o in zip(runs, outs) if o.rec is None]
        if bad:
            r, o = bad[0]
            raise UserError('idle scenario on %s failed: %s' % (r[1], o.err))
        if fingerprint() == fp:
            break
        if attempt == tries:
            raise UserError('QEMU, the initramfs or timing/phone.ini changed '
                            'during each of %d measurement passes (someone is '
                            'editing them): the kernels would not be compared '
                            'on one machine; run again later '
                            '(QEMU_N9_SERIES_TRIES=N for more passes)' % tries)
        progress.log('idle-series: the machine changed during the '
                     'measurements: measuring again')
    rows = []
    for r, o in zip(runs, outs):
        k, label, d, secs, files, cached, ca, job = r
        fig = o.fig
        rows.append({'k': k, 'label': label, 'count_all': ca,
                     'build_seconds': secs, 'files_compiled': files,
                     'build_cached': cached,
                     'sdrc_power': fig.get('sdrc_power'),
                     'rows': {s: row(fig, s) for s in states},
                     'idle': {kk: vv for kk, vv in fig.items()},
                     'result': o.rec})
    table(rows, states, opts['seconds'], series, base, fp, mopts)
    if out_json:
        record.write(out_json, {
            'series': series, 'base': base, 'states': states,
            'seconds': int(opts['seconds']), 'machine': fp,
            'machine_options': mopts, 'kernels': rows})
    return 0


def add_parser(sub):
    p = sub.add_parser('series', help='a kernel patch series, patch by patch, '
                       'on the idle table', description=__doc__.split(
                           '\n\n')[1], )
    p.add_argument('patch_dir', nargs='?', metavar='PATCH_DIR',
                   help='the series, applied in file name order (default '
                   'kernel/patches/patched)')
    p.add_argument('--base', metavar='DIR', help='applied in full first, the '
                   'row "base" (default kernel/patches/mainline)')
    p.add_argument('--state', metavar='LIST', help='the C-states, in this '
                   'order (default C1,C2,C3,C5,C7; all = C1..C7)')
    p.add_argument('--seconds', metavar='N', help='modelled seconds of idle '
                   'per state (default 2)')
    p.add_argument('--count-all', action='store_true',
                   help='also run each kernel that has '
                   'pm_debug/count_all_domains with it set: extra rows')
    p.add_argument('--timing', metavar='FILE', help='timing parameter file')
    p.add_argument('--set', action='append', default=[],
                   metavar='SECTION.KEY=VALUE',
                   help='change one timing parameter (repeatable)')
    p.add_argument('--machine', metavar='OPTS', help='more -M rm696 options '
                   'for every run, e.g. memory-model=off')
    p.add_argument('--json', metavar='FILE', help='write every figure (the '
                   'rows and each kernel\'s result)')
    p.add_argument('--jobs', type=int, metavar='N', help='idle runs at a time '
                   '(default: the number of cores)')
    p.set_defaults(func=cmd_series)
