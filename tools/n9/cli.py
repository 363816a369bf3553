"""`n9`: the one command-line tool of qemu-n9.

    n9 boot        set up everything, boot the N9 model to a shell
    n9 idle        the idle path per C-state (mainline, patched, a zImage)
    n9 cyclictest  rt-tests' cyclictest per C-state
    n9 membench    the memory path: latency, bandwidth, PLD, pauses
    n9 kbench      the kernel's costs per operation
    n9 hackbench   rt-tests' hackbench (pipe mode)
    n9 soak        many CORE OFF entries in one boot
    n9 script      a scenario script of your own
    n9 series      a kernel patch series, patch by patch, on the idle table
    n9 sweep       a parameter sweep (spec file): points in parallel, cached
    n9 compare     two results, two sweep points or two kernels, exactly
    n9 plot        plots and a Markdown report of a sweep
    n9 replay      a recorded run through the C models, other parameters
    n9 params      the timing parameter set a run would use
    n9 bench       the emulator's speed figures
    n9 fuzz        the long fuzzing campaigns

One option vocabulary: --kernel mainline|patched|FILE, --timing FILE,
--set SECTION.KEY=VALUE (repeatable), --machine OPTS, --json FILE,
--out DIR, --jobs N, and -- QEMU ARGS after everything else.  Errors are
one line on stderr and exit status 1; options are checked before anything
is built or booted.  `n9 COMMAND --help` for each.
"""
import argparse
import os
import shutil
import sys
import tempfile

from . import build, env, kernel as kernel_mod, progress, qemu as qemu_mod
from . import record, runner, timing, workloads
from .errors import UserError


class Parser(argparse.ArgumentParser):
    """argparse, with its errors as the tool's one line and status 1"""

    def error(self, message):
        import re
        m = re.match(r'unrecognized arguments: (.*)', message)
        if m:
            what = m.group(1).split()
            message = '%s %s' % ('unknown option' if what[0].startswith('-')
                                 else 'unexpected argument', what[0])
        m = re.match(r'argument (\S+?)(/\S+)?: expected one argument', message)
        if m:
            message = '%s needs an argument' % m.group(1)
        raise UserError('%s: %s (see %s --help)' % (self.prog, message,
                                                     self.prog))


# ---- checks shared by the commands -----------------------------------------

def check_json(path, opt='--json'):
    """--json FILE (or another file the run writes): its folder must exist
    and take a new file, now"""
    if not path:
        return None
    path = os.path.abspath(path)
    d = os.path.dirname(path)
    if not os.path.isdir(d):
        raise UserError("%s: folder '%s' does not exist" % (opt, d))
    if os.path.isdir(path):
        raise UserError("%s: '%s' is a folder" % (opt, path))
    if not writable(d):
        raise UserError("%s: cannot write in '%s'" % (opt, d))
    return path


def writable(d):
    """Can a file be created in folder @d (root's access() says yes to
    /proc)?"""
    try:
        fd, tmp = tempfile.mkstemp(dir=d, prefix='.n9-check-')
    except OSError:
        return False
    os.close(fd)
    os.unlink(tmp)
    return True


def check_out(path):
    """--out DIR: created if missing; must be a writable folder"""
    if not path:
        return None
    path = os.path.abspath(path)
    if os.path.exists(path) and not os.path.isdir(path):
        raise UserError("--out: '%s' is not a folder" % path)
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        raise UserError("--out: cannot create '%s': %s" % (path, e))
    if not writable(path):
        raise UserError("--out: cannot write in '%s'" % path)
    return path


def check_jobs(n):
    if n is None:
        return os.cpu_count() or 1
    if n < 1:
        raise UserError('--jobs: %d is not a number of jobs above 0' % n)
    return n


def machine_of(a):
    """-M options the user asked for: $QEMU_N9_MACHINE_OPTS, then
    --machine (comma-separated, as after -M rm696,)"""
    m = runner.user_machine()
    text = getattr(a, 'machine', None) or ''
    if ' ' in text:
        raise UserError("--machine: '%s' has a space (comma-separated -M "
                        "options)" % text)
    for k in qemu_mod.parse_machine(text):
        if k in ('stats', 'timing', 'timing-set'):
            raise UserError('--machine: give %s with its own option (%s)'
                            % (k, {'stats': '--out keeps the statistics',
                                   'timing': '--timing FILE',
                                   'timing-set': '--set SECTION.KEY=VALUE'}[k]))
    return qemu_mod.merge_machine(m, qemu_mod.parse_machine(text))


def add_kernel(p, symbols=True):
    p.add_argument('--kernel', default='patched', metavar='K',
                   help='mainline, patched (default) or a zImage of your own '
                   '(its omap3-n9.dtb and System.map beside it)')
    if symbols:
        p.add_argument('--symbols', metavar='FILE',
                       help='System.map or vmlinux of a zImage of your own')
    p.add_argument('--dtb', metavar='FILE', help='another device tree')


def add_timing(p):
    p.add_argument('--timing', metavar='FILE',
                   help='timing parameter file (-M rm696,timing=FILE; '
                   'timing/phone.ini spells out the defaults)')
    p.add_argument('--set', action='append', default=[],
                   metavar='SECTION.KEY=VALUE',
                   help='change one timing parameter (repeatable), e.g. '
                   'l4-wkup.prm.read_min_ns=300, sdram.txsr=20, '
                   'clocks.l3_hz=97600000 (docs/timing-parameters.md)')
    p.add_argument('--machine', metavar='OPTS',
                   help='more -M rm696 options, comma-separated, e.g. '
                   'memory-model=off')


def add_out(p, json_help='write the result (figures and what made them) '
            'as JSON'):
    p.add_argument('--json', metavar='FILE', help=json_help)
    p.add_argument('--out', metavar='DIR',
                   help='keep the run\'s files there (statistics, report, '
                   'QEMU log, result.json)')


def add_build(p):
    p.add_argument('--no-build', action='store_true',
                   help='do not run the build scripts (use what the cache '
                   'holds)')


def add_workload_opts(p, w):
    g = p.add_argument_group('%s options' % w.name)
    for o in w.opts:
        if o.flag:
            g.add_argument('--' + o.name, dest=o.key, action='store_true',
                           default=None, help=o.help)
        else:
            g.add_argument('--' + o.name, dest=o.key, metavar=o.metavar,
                           help=o.help)


def add_all_workload_opts(p):
    """Every workload's options (for compare and sweep, where the workload
    is named by --workload): each checked by that workload"""
    g = p.add_argument_group('workload options (as `n9 WORKLOAD --help` '
                             'gives them)')
    seen = set()
    for w in workloads.WORKLOADS.values():
        for o in w.opts:
            if o.key in seen:
                continue
            seen.add(o.key)
            if o.flag:
                g.add_argument('--' + o.name, dest=o.key, action='store_true',
                               default=None, help=argparse.SUPPRESS)
            else:
                g.add_argument('--' + o.name, dest=o.key, metavar=o.metavar,
                               help=argparse.SUPPRESS)


def workload_args(a, w):
    """The workload options given on the command line (with every
    workload's options on it, as compare has: all of them, so that one
    the workload does not take is an error)"""
    keys = {o.key for ww in workloads.WORKLOADS.values() for o in ww.opts}
    return {k: getattr(a, k) for k in keys
            if getattr(a, k, None) is not None}


def prepare(a, w, opts):
    """The checks and builds every workload command makes, in that order;
    returns (Job, qemu binary)"""
    k = kernel_mod.resolve(a.kernel, getattr(a, 'symbols', None), a.dtb,
                           need_symbols=w.symbols)
    tfile = timing.check_file(a.timing)
    tset = timing.check_set(a.set)
    machine = machine_of(a)
    if not a.no_build:
        build.ensure(variants=[k.variant])
    kernel_mod.check_built(k)
    q = env.qemu_binary()
    if not qemu_mod.exists(q):
        raise UserError('no QEMU at %s: run without --no-build' % q)
    if w.symbols and not (k.symbols and os.path.exists(k.symbols)):
        raise UserError('no symbols for %s: give --symbols System.map'
                        % k.zimage)
    job = runner.Job(w, opts, k, tfile, tset, machine, a.qemu_args)
    # the machine checks the options before any boot (no guest runs)
    timing.effective(q, job.machine_opts())
    return job, q


def cmd_workload(a, w):
    opts = w.check(workload_args(a, w))
    out = check_out(a.out)          # first: --json may be inside it
    out_json = check_json(a.json)
    trace = getattr(a, 'trace', None)
    if trace:
        trace = check_json(trace, '--trace')
    job, q = prepare(a, w, opts)
    if trace:
        job.machine['idle-trace'] = trace
    work = out or tempfile.mkdtemp(prefix='n9-%s-' % w.name)
    try:
        o = runner.run(job, q, env.initramfs(), work)
        if o.fig is not None:
            w.table(o.fig, sys.stdout)
            sys.stdout.flush()
        if o.rec and out_json:
            record.write(out_json, o.rec)
        if o.err:
            raise UserError(o.err)
    finally:
        if not out:
            shutil.rmtree(work, ignore_errors=True)
    return 0


# ---- boot --------------------------------------------------------------------

def cmd_boot(a):
    k = kernel_mod.resolve(a.kernel, None, a.dtb)
    tfile = timing.check_file(a.timing)
    tset = timing.check_set(a.set)
    machine = qemu_mod.merge_machine(timing.machine_opts(tfile, tset),
                                     machine_of(a))
    if not a.no_build:
        build.ensure(variants=[k.variant])
    kernel_mod.check_built(k)
    q = env.qemu_binary()
    timing.effective(q, machine)
    append = 'console=ttyS2,115200 rdinit=/init %s %s' % (
        os.environ.get('N9_APPEND', ''), a.append or '')
    extra = ['-nographic']
    if a.gdb:
        extra += ['-s', '-S']
    argv = qemu_mod.command(q, machine=machine, kernel=k.zimage, dtb=k.dtb,
                            initrd=env.initramfs(), append=append.strip(),
                            icount=qemu_mod.ICOUNT if a.icount else None,
                            display=None, monitor=None, serial=None,
                            extra=extra + a.qemu_args)
    if a.print:
        print(qemu_mod.shell_line(argv))
        return 0
    if a.gdb:
        vml = k.vmlinux if k.vmlinux and os.path.exists(k.vmlinux) else None
        progress.log('QEMU waits for gdb on localhost:1234 (docs/debugging.md):')
        progress.log("  gdb-multiarch %s -ex 'target remote :1234'"
                     % (vml or 'vmlinux'))
        if not vml:
            progress.log('no vmlinux beside %s: give gdb the kernel\'s ELF'
                         % k.zimage)
        elif not k.label.endswith('-debug') and not k.own:
            progress.log('%s has symbols but no debug information: --kernel '
                         '%s-debug for source lines' % (k.label, k.label))
    progress.log('booting %s: Ctrl-A X quits' % k.zimage)
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(q, argv)


# ---- params ------------------------------------------------------------------

def cmd_params(a):
    tfile = timing.check_file(a.timing)
    tset = timing.check_set(a.set)
    machine = qemu_mod.merge_machine(timing.machine_opts(tfile, tset),
                                     machine_of(a))
    out_json = check_json(a.json)
    if not a.no_build:
        build.run_script('build-qemu.sh')
    q = env.qemu_binary()
    p = timing.effective(q, machine)
    if out_json:
        record.write(out_json, {'timing': p, 'machine': machine})
    for sec in sorted(p or {}):
        if not isinstance(p[sec], dict):
            print('%s = %s' % (sec, p[sec]))
            continue
        for key in sorted(p[sec]):
            print('%s.%s = %s' % (sec, key, p[sec][key]))
    return 0


# ---- the parser --------------------------------------------------------------

def parser():
    top = Parser(prog='n9', description=__doc__.split('\n\n')[0],
                 formatter_class=argparse.RawDescriptionHelpFormatter,
                 epilog='\n\n'.join(__doc__.split('\n\n')[1:]))
    sub = top.add_subparsers(dest='cmd', metavar='COMMAND',
                             parser_class=Parser)

    p = sub.add_parser('boot', help='set up everything and boot to a shell',
                       description='Install the build packages, build QEMU '
                       'with the rm696 machine, the kernel and the initramfs '
                       '(all cached), and boot the N9 model to a shell on its '
                       'console (UART3, ttyS2).  Quit with Ctrl-A X.  '
                       'Arguments after -- go to QEMU.')
    add_kernel(p, symbols=False)
    add_timing(p)
    p.add_argument('--icount', action='store_true',
                   help='-icount shift=0,sleep=off: modelled, deterministic '
                   'time')
    p.add_argument('--gdb', action='store_true',
                   help='wait for gdb on localhost:1234 (QEMU -s -S); prints '
                   'the gdb command with the kernel\'s vmlinux (--kernel '
                   'patched-debug: with debug information, '
                   'docs/debugging.md)')
    p.add_argument('--append', metavar='WORDS',
                   help='more kernel command-line words')
    p.add_argument('--print', action='store_true',
                   help='print the QEMU command line instead of running it')
    add_build(p)
    p.set_defaults(func=cmd_boot)

    for w in workloads.WORKLOADS.values():
        p = sub.add_parser(w.name, help=w.help, description=w.help + '.  '
                           'Boots the model with -icount shift=0,sleep=off '
                           'and without a serial console; the initramfs runs '
                           'the scenario; prints its figures.  Arguments '
                           'after -- go to QEMU.')
        add_kernel(p, symbols=w.symbols)
        add_timing(p)
        add_workload_opts(p, w)
        add_out(p)
        if w.name == 'idle':
            p.add_argument('--trace', metavar='FILE',
                           help='write a Perfetto/Chrome trace (open it in '
                           'ui.perfetto.dev)')
        add_build(p)
        p.set_defaults(func=lambda a, w=w: cmd_workload(a, w))

    from . import series
    series.add_parser(sub)
    from . import sweep
    sweep.add_parsers(sub)
    from . import compare
    compare.add_parser(sub)
    from . import plot
    plot.add_parser(sub)
    from . import replay
    replay.add_parser(sub)
    from . import misc
    misc.add_parsers(sub)

    p = sub.add_parser('params', help='the timing parameter set a run would '
                       'use', description='Start the machine under qtest (no '
                       'guest) with the timing options and print every timing '
                       'parameter it would use, defaults included, one '
                       'SECTION.KEY = VALUE a line.')
    add_timing(p)
    p.add_argument('--json', metavar='FILE', help='write them as JSON')
    add_build(p)
    p.set_defaults(func=cmd_params)
    return top


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    qemu_args = []
    if '--' in argv:
        i = argv.index('--')
        argv, qemu_args = argv[:i], argv[i + 1:]
    if 'N9_BUILD' not in os.environ:
        # the project's build, for a trace's header (docs/trace-format.md)
        import subprocess
        try:
            os.environ['N9_BUILD'] = subprocess.run(
                ['git', '-C', env.TOP, 'describe', '--always', '--dirty'],
                capture_output=True, text=True, timeout=10).stdout.strip() \
                or 'unknown'
        except (OSError, subprocess.SubprocessError):
            pass
    try:
        a = parser().parse_args(argv)
        if not getattr(a, 'func', None):
            parser().print_help()
            return 1
        a.qemu_args = qemu_args
        if qemu_args and a.cmd in ('series', 'sweep', 'compare', 'plot',
                                   'params', 'bench', 'fuzz', 'replay'):
            raise UserError('n9 %s takes no QEMU arguments after --' % a.cmd)
        return a.func(a) or 0
    except UserError as e:
        sys.stdout.flush()
        print('n9: error: %s' % e, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print('n9: interrupted', file=sys.stderr)
        return 130
