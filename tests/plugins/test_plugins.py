#!/usr/bin/env python3
"""QEMU's own TCG plugins beside the rm696 timing models (docs/plugins.md).

A plugin looks at a run; it must neither crash QEMU nor change what the
model computes.  Every plugin in QEMU's contrib/plugins and
tests/tcg/plugins that builds for arm-softmmu (scripts/build-qemu.sh links
them into out/plugins) runs here under -icount shift=0,sleep=off, with
the memory model on and off, and each run must:
  - exit with status 0 and the guest's own checks passing;
  - show that the plugin ran (its output, or the file it writes);
  - give the guest output and the -M rm696,stats=FILE statistics of the
    run without the plugin, key for key (host-time keys aside): the same
    virtual time, register accesses, memory path and SDRAM counters.

  test_plugins.py QEMU PLUGINS GUEST LOGDIR [KERNELDIR INITRD]

GUEST: the folder of the bare-metal programs (out/guest): memfuzz-bare
(loads, stores, PLDs, walks, TLB and cache maintenance, self-modifying
code, MPU rate changes) with each plugin; cpufreq-bare for execlog (which
logs every instruction) and lockstep (two QEMUs in step over a socket).
With KERNELDIR (out/kernels/patched) and INITRD, a short Linux run of the
idle scenario (timer interrupts, C1 and C7 with MPU OFF and the boot ROM,
the idle-walk counters) without a plugin, with libmem and libinsn
attached, and with one instruction per TB: all four must agree (the
exit check of core patch 0007: a stall that passes a timer deadline
leaves the TB at the next instruction, so the interrupt comes at the same
instruction however QEMU cuts the code into blocks).
"""
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', 'tools'))
from n9 import qemu as n9qemu, scenario as n9scenario  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'lib'))
import n9check  # noqa: E402
from n9check import check  # noqa: E402

MEMFUZZ_ARGS = '-s 1 -n 300'

# (plugin arguments, what its output must hold: a string in its log, or
# 'file:NAME' for a file it writes into the run's folder)
BARE_PLUGINS = [
    ('libempty.so', None),
    ('libbb.so,inline=on', 'insns:'),
    ('libbb.so,inline=off', 'insns:'),
    ('libinline.so', 'insn ('),
    ('libinsn.so,inline=on', 'insns:'),
    ('libinsn.so,sizes=on', 'bytes:'),
    ('libmem.so,inline=on', 'mem accesses:'),
    ('libmem.so,callback=on', 'mem accesses:'),
    ('libmem.so,haddr=on', 'io accesses:'),
    ('libreset.so', 'reset done'),
    ('libsyscall.so', 'syscall no.'),
    ('libbbv.so,interval=10000,outfile={dir}/bbv', 'file:bbv.0.bb'),
    ('libcache.so', 'data accesses'),
    ('libcflow.so', 'control flow nodes'),
    ('libdrcov.so,filename={dir}/drcov.out', 'file:drcov.out'),
    ('libhotblocks.so,inline=on', 'collected'),
    ('libhotblocks.so,inline=off', 'collected'),
    ('libhotpages.so', 'Addr, RCPUs'),
    ('libhowvec.so,inline=on', 'Instruction Classes'),
    ('libhowvec.so,inline=off', 'Instruction Classes'),
    ('libhwprofile.so', 'Device, Address'),
    # beyond the program's end: it must not stop it, nor change it
    ('libstoptrigger.so,icount=100000000000', None),
    # a time-control plugin: with -icount its clock updates are ignored
    # (core patch 0010), said once on stderr
    ('libips.so', 'stderr:asked for time control'),
]


def flat(o, path=''):
    """{path: value} of a stats object, the host's clock left out"""
    out = {}
    if isinstance(o, dict):
        for k, v in o.items():
            if 'host' not in k:
                out.update(flat(v, path + '/' + k))
    elif isinstance(o, list):
        for i, v in enumerate(o):
            out.update(flat(v, '%s/%d' % (path, i)))
    else:
        out[path] = o
    return out


def stats_diff(a, b):
    """the first few keys where two stats files differ ('' if none)"""
    if a is None or b is None:
        return 'stats file missing'
    fa, fb = flat(a), flat(b)
    keys = [k for k in sorted(set(fa) | set(fb)) if fa.get(k) != fb.get(k)]
    return '; '.join('%s: %r != %r' % (k, fa.get(k), fb.get(k))
                     for k in keys[:6]) + \
        (' (%d keys differ)' % len(keys) if keys else '')


def run(argv, workdir, tag, timeout=300, background=False):
    """Run QEMU; {'rc','out','err','stats','log','guest'}.  @argv: a
    function (stats file, guest output file, plugin log) -> the command
    line, so each run has files of its own."""
    stats = os.path.join(workdir, tag + '.json')
    log = os.path.join(workdir, tag + '.plugin.log')
    guest = os.path.join(workdir, tag + '.guest')
    for f in (stats, log, guest):
        if os.path.exists(f):
            os.unlink(f)
    argv = argv(stats, guest) + ['-d', 'plugin', '-D', log]
    out = open(os.path.join(workdir, tag + '.out'), 'w+b')
    err = open(os.path.join(workdir, tag + '.err'), 'w+b')
    p = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out,
                         stderr=err)
    r = {'argv': argv, 'p': p, 'files': (out, err, stats, log),
         'timeout': timeout, 'guest': guest}
    return r if background else finish(r)


def finish(r):
    out, err, stats, log = r['files']
    try:
        r['rc'] = r['p'].wait(timeout=r['timeout'])
    except subprocess.TimeoutExpired:
        r['p'].kill()
        r['p'].wait()
        r['rc'] = 'timeout'
    out.seek(0)
    err.seek(0)
    r['out'] = out.read().decode('utf-8', 'replace')
    r['err'] = err.read().decode('utf-8', 'replace')
    out.close()
    err.close()
    try:
        r['stats'] = json.load(open(stats))
    except (OSError, ValueError):
        r['stats'] = None
    r['log'] = open(log, errors='replace').read() if os.path.exists(log) else ''
    return r


def guest_text(r):
    """what the guest printed (semihosting, to its own chardev file: the
    plugins print diagnostics to stderr)"""
    try:
        return open(r['guest']).read()
    except OSError:
        return ''


def bare_argv(qemu, elf, append, model, extra=()):
    """the command line of a bare-metal run (tools/n9/qemu.py)"""
    return lambda stats, guest: n9qemu.bare(
        qemu, elf, machine={'memory-model': model, 'stats': stats},
        output=guest, extra=['-append', append] + list(extra))


def same_as(ref, r):
    """why run @r is not the run @ref (None if it is)"""
    if r['rc'] != 0:
        return 'exit status %s: %s' % (r['rc'], (r['err'] + r['out'])[-800:])
    if guest_text(ref) != guest_text(r):
        return 'the guest output differs:\n%s\n---\n%s' % (
            guest_text(ref)[-400:], guest_text(r)[-400:])
    return stats_diff(ref['stats'], r['stats']) or None


def ran(r, marker, workdir):
    """did the plugin leave its trace?"""
    if marker is None:
        return True
    if marker.startswith('file:'):
        f = os.path.join(workdir, marker[5:])
        return os.path.exists(f) and os.path.getsize(f) > 0
    if marker.startswith('stderr:'):
        return marker[7:] in r['err']
    return marker in r['log']


def bare_matrix(qemu, plugins, guest, logdir):
    memfuzz = os.path.join(guest, 'memfuzz-bare.elf')
    cpufreq = os.path.join(guest, 'cpufreq-bare.elf')
    for model in ('on', 'off'):
        wd = os.path.join(logdir, 'bare-model-' + model)
        os.makedirs(wd, exist_ok=True)
        ref = run(bare_argv(qemu, memfuzz, MEMFUZZ_ARGS, model), wd, 'ref')
        ok = ref['rc'] == 0 and 'memfuzz: ok' in guest_text(ref) and \
            ref['stats'] is not None
        check('memfuzz-bare (%s), memory model %s, no plugin: runs (virtual '
              '%s ns, loads %s, plds %s)'
              % (MEMFUZZ_ARGS, model, (ref['stats'] or {}).get('virtual_ns'),
                 ((ref['stats'] or {}).get('memory') or {}).get('loads'),
                 ((ref['stats'] or {}).get('memory') or {}).get('plds')),
              ok, ref['err'][-800:])
        if not ok:
            continue
        for i, (spec, marker) in enumerate(BARE_PLUGINS):
            spec = spec.format(dir=wd)
            so, _, args = spec.partition(',')
            argv = bare_argv(qemu, memfuzz, MEMFUZZ_ARGS, model,
                             ['-plugin', os.path.join(plugins, so) +
                              (',' + args if args else '')])
            t0 = time.monotonic()
            r = run(argv, wd, 'p%02d' % i)
            why = same_as(ref, r)
            if why is None and not ran(r, marker, wd):
                why = 'the plugin left no output (%s): %s' % (
                    marker, (r['log'] or r['err'])[-300:])
            check('memory model %s, %s: exit 0, the same guest output and '
                  'stats as without it (%.1f s)'
                  % (model, spec.replace(wd + '/', ''), time.monotonic() - t0),
                  why is None, why)

        # execlog logs every instruction: the short cpufreq-bare
        ref = run(bare_argv(qemu, cpufreq, '', model), wd, 'cpufreq-ref')
        r = run(bare_argv(qemu, cpufreq, '', model,
                          ['-plugin', os.path.join(plugins, 'libexeclog.so')]),
                wd, 'cpufreq-execlog')
        why = same_as(ref, r) if ref['rc'] == 0 else 'reference run failed'
        lines = r['log'].count('\n')
        check('memory model %s, execlog on cpufreq-bare: exit 0, the same '
              'guest output and stats, %d instructions logged'
              % (model, lines), why is None and lines > 10000, why)

    # lockstep: two QEMUs compare their blocks over a socket, in step
    wd = os.path.join(logdir, 'lockstep')
    os.makedirs(wd, exist_ok=True)
    sock = os.path.join(tempfile.mkdtemp(prefix='n9-lockstep-'), 's')
    ref = run(bare_argv(qemu, cpufreq, '', 'on'), wd, 'ref')
    plug = ['-plugin', os.path.join(plugins, 'liblockstep.so') +
            ',sockpath=' + sock]
    a = run(bare_argv(qemu, cpufreq, '', 'on', plug), wd, 'a', 120, True)
    for _ in range(100):                # the first one listens
        if os.path.exists(sock):
            break
        time.sleep(0.05)
    b = finish(run(bare_argv(qemu, cpufreq, '', 'on', plug), wd, 'b', 120, True))
    a = finish(a)
    why = same_as(ref, a) or same_as(ref, b)
    if why is None and not all('No divergence' in x['log'] for x in (a, b)):
        why = 'lockstep saw a divergence: ' + a['log'][-500:] + b['log'][-500:]
    check('two runs of cpufreq-bare in lockstep (memory model on): no '
          'divergence, both as without the plugin', why is None, why)


def linux(qemu, plugins, kdir, initrd, logdir):
    wd = os.path.join(logdir, 'linux')
    os.makedirs(wd, exist_ok=True)

    def argv(tag, extra=()):
        """the scenario's command line (tools/n9/qemu.py), its report in
        the guest output file"""
        return lambda stats, guest: n9qemu.command(
            qemu, machine={'symbols': os.path.join(kdir, 'System.map'),
                           'stats': stats},
            kernel=os.path.join(kdir, 'zImage'),
            dtb=os.path.join(kdir, 'omap3-n9.dtb'), initrd=initrd,
            append=n9scenario.append_line(
                'idle', 'n9.idle.states=C1,C7 n9.idle.seconds=1 '
                'n9.idle.settle=3'),
            report=guest, extra=list(extra))

    def report(tag):
        try:
            return open(os.path.join(wd, tag + '.guest')).read()
        except OSError:
            return ''

    t0 = time.monotonic()
    ref = run(argv('ref'), wd, 'ref', 900)
    st = ref['stats'] or {}
    idle = st.get('idle') or {}
    ok = ref['rc'] == 0 and '== ' in report('ref') and len(st.get('marks', [])) >= 4
    check('Linux, idle scenario C1 and C7 for 1 s each, no plugin: runs '
          '(virtual %s ns, %d marks, %.0f s)'
          % (st.get('virtual_ns'), len(st.get('marks', [])),
             time.monotonic() - t0), ok, ref['err'][-800:])
    if not ok:
        return
    for tag, extra in (
            ('libmem', ['-plugin', os.path.join(plugins, 'libmem.so') + ',inline=on']),
            ('libinsn', ['-plugin', os.path.join(plugins, 'libinsn.so')]),
            ('onetb', ['-accel', 'tcg,one-insn-per-tb=on'])):
        t0 = time.monotonic()
        r = run(argv(tag, extra), wd, tag, 1800)
        why = None
        if r['rc'] != 0:
            why = 'exit status %s: %s' % (r['rc'], r['err'][-800:])
        elif report(tag) != report('ref'):
            why = 'the guest report differs'
        else:
            why = stats_diff(ref['stats'], r['stats']) or None
        what = {'libmem': 'libmem.so,inline=on attached',
                'libinsn': 'libinsn.so attached',
                'onetb': 'one instruction per TB (-accel tcg,one-insn-per-tb=on)'}[tag]
        check('Linux, the same run with %s: the same report and stats, key '
              'for key (%.0f s)' % (what, time.monotonic() - t0), why is None,
              why)


def main():
    if len(sys.argv) not in (5, 7):
        print(__doc__)
        return 2
    qemu, plugins, guest, logdir = sys.argv[1:5]
    os.makedirs(logdir, exist_ok=True)
    t0 = time.monotonic()
    bare_matrix(qemu, plugins, guest, logdir)
    if len(sys.argv) == 7:
        linux(qemu, plugins, sys.argv[5], sys.argv[6], logdir)
    print('plugins: %.1f s of host time' % (time.monotonic() - t0))
    return 1 if n9check.failed else 0


if __name__ == '__main__':
    sys.exit(main())
