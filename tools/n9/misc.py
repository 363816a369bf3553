"""`n9 bench` (the emulator's speed figures, tests/bench/: not pass/fail,
docs/benchmarks.md) and `n9 fuzz` (the long fuzzing campaigns:
tests/fuzz/n9fuzz.py over the device models, QEMU's libFuzzer
generic-fuzz, or the vCPU's memory path with memfuzz-bare.elf)."""
import datetime
import os
import shutil
import subprocess
import sys
import threading
import time

from . import build, env, progress
from .errors import UserError


def py(*argv, **kw):
    return subprocess.run([sys.executable, *argv], **kw).returncode


def cmd_bench(a):
    loops = a.loops
    if loops < 1 or a.repeat < 1:
        raise UserError('bench: LOOP_ITERATIONS and REPEAT must be above 0')
    if not a.no_build:
        build.ensure(variants=('mainline', 'patched'))
    out, q = env.out(), env.qemu_binary()
    tb = os.path.join(env.TOP, 'tests', 'bench')
    rc = py(os.path.join(tb, 'bench_boot.py'), q, os.path.join(out, 'zImage'),
            os.path.join(out, 'omap3-n9.dtb'), env.initramfs(), str(loops),
            os.path.join(env.kernels_dir(), 'patched', 'System.map'),
            str(a.repeat))
    print(flush=True)
    rc |= py(os.path.join(tb, 'bench_idle.py'), env.TOP, '60', 'patched')
    print(flush=True)
    rc |= py(os.path.join(tb, 'bench_memory.py'), q, env.kernels_dir(),
             env.initramfs(), str(loops), '1')
    print(flush=True)
    from . import replay
    rc |= py(os.path.join(tb, 'bench_replay.py'), q, replay.replay_binary(),
             env.kernels_dir(), env.initramfs(), '60')
    return 1 if rc else 0


def _tee_jobs(n, out, argv_of):
    """Run job j = 0..n-1 at once, each one's output also in
    OUT/job<j>.log; True if all ended with status 0"""
    procs = []
    for j in range(n):
        log = open(os.path.join(out, 'job%d.log' % j), 'wb')
        p = subprocess.Popen(argv_of(j), stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT)

        def pump(p=p, log=log):
            for line in p.stdout:
                log.write(line)
                log.flush()
                sys.stdout.buffer.write(line)
                sys.stdout.flush()
            log.close()
        t = threading.Thread(target=pump)
        t.start()
        procs.append((p, t))
    ok = True
    for p, t in procs:
        ok &= p.wait() == 0
        t.join()
    return ok


def cmd_fuzz(a):
    try:
        secs = int(float(a.hours) * 3600)
    except ValueError:
        raise UserError("--hours: '%s' is not a number" % a.hours)
    if secs <= 0:
        raise UserError('--hours: give a time above 0')
    jobs = a.jobs or 1
    if jobs < 1:
        raise UserError('--jobs: %d is not a number of jobs above 0' % jobs)
    if a.vcpu is not None and a.vcpu < 0:
        raise UserError('--vcpu wants a number of seeds (0: for --hours)')
    if a.generic and a.vcpu is not None:
        raise UserError('--generic and --vcpu are two kinds of campaign: '
                        'give one')
    seed = a.seed if a.seed is not None else \
        int(time.time()) % 1000000 * 1000
    fuzz = os.path.join(env.TOP, 'tests', 'fuzz')
    build.run_script('setup-host.sh')
    if a.generic:
        build.run_script('build-qemu.sh', '--sanitize', 'qemu-fuzz-arm')
        out = a.out or os.path.join(env.cache(), 'fuzz', 'generic-rm696')
        os.makedirs(os.path.join(out, 'corpus'), exist_ok=True)
        fz = os.path.join(out, 'qemu-fuzz-arm')
        shutil.copy(os.path.realpath(os.path.join(env.out(), 'bin',
                                                  'qemu-fuzz-arm')), fz)
        e = dict(os.environ)
        e['QEMU_FUZZ_ARGS'] = '-M rm696 -nodefaults ' + \
            e.get('QEMU_FUZZ_ARGS', '')
        e.setdefault('QEMU_FUZZ_OBJECTS', '*')
        e.setdefault('ASAN_OPTIONS', 'detect_leaks=0')
        progress.log("generic-fuzz on rm696 for %s h, %d job(s): "
                     "QEMU_FUZZ_ARGS='%s' QEMU_FUZZ_OBJECTS='%s'; corpus and "
                     "crash files in %s" % (a.hours, jobs, e['QEMU_FUZZ_ARGS'],
                                            e['QEMU_FUZZ_OBJECTS'], out))
        argv = [fz, '--fuzz-target=generic-fuzz', '-max_total_time=%d' % secs,
                '-seed=%d' % seed]
        if jobs > 1:
            argv += ['-jobs=%d' % jobs, '-workers=%d' % jobs]
        argv += ['-close_fd_mask=1', '-artifact_prefix=%s/' % out, 'corpus']
        with open(os.path.join(out, 'generic-fuzz.log'), 'ab') as log:
            p = subprocess.Popen(argv, cwd=out, env=e, stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT)
            for line in p.stdout:
                log.write(line)
                sys.stdout.buffer.write(line)
                sys.stdout.flush()
            rc = p.wait()
        for f in sorted(os.listdir(out)):
            if f.startswith(('crash-', 'timeout-', 'oom-')):
                print('  found: %s' % os.path.join(out, f))
        progress.log('generic-fuzz: %d inputs in the corpus; results: %s'
                     % (len(os.listdir(os.path.join(out, 'corpus'))), out))
        return 1 if rc else 0
    if a.asan:
        build.run_script('build-qemu.sh', '--sanitize', 'qemu-system-arm')
        qemu = os.path.join(env.out(), 'bin', 'qemu-system-arm-asan')
    else:
        build.run_script('build-qemu.sh', 'qemu-system-arm')
        qemu = env.qemu_binary()
    out = a.out or os.path.join(env.cache(), 'fuzz', '%s-seed%d%s' % (
        datetime.datetime.now().strftime('%Y%m%d-%H%M%S'), seed,
        '-asan' if a.asan else ''))
    os.makedirs(out, exist_ok=True)
    # one copy of the binary for all jobs: a rebuild does not change it
    qcopy = os.path.join(out, 'qemu-system-arm')
    shutil.copy(os.path.realpath(qemu), qcopy)
    if a.vcpu is not None:
        build.run_script('build-guest-tools.sh', quiet=True)
        elf = os.path.join(out, 'memfuzz-bare.elf')
        shutil.copy(os.path.join(env.out(), 'guest', 'memfuzz-bare.elf'), elf)
        lim = ['--seeds', str(a.vcpu)] if a.vcpu else ['--time', str(secs)]
        progress.log('vCPU memory-path fuzzing on %s, %d job(s), seeds '
                     '%d+j+%d*k, %s, %d operations each, twice; results in %s'
                     % (os.path.basename(qemu), jobs, seed, jobs,
                        'for %s h' % a.hours if not a.vcpu else
                        '%d per job' % a.vcpu, a.ops, out))
        ok = _tee_jobs(jobs, out, lambda j: [
            sys.executable, os.path.join(fuzz, 'test_vcpu_fuzz.py'),
            'campaign', '--qemu', qcopy, '--elf', elf, '--seed',
            str(seed + j), '--step', str(jobs), '--ops', str(a.ops), *lim,
            '--label', 'vcpu job%d' % j, '--out', os.path.join(out, 'job%d' % j),
            '--save-regressions'])
        py(os.path.join(fuzz, 'campaign_summary.py'), 'vcpu', out, str(jobs))
        progress.log('results: %s' % out)
        return 0 if ok else 1
    progress.log('fuzzing %s for %s h with %d job(s), seeds %d+j+%d*k, %d '
                 'commands each; results in %s' % (os.path.basename(qemu),
                                                   a.hours, jobs, seed, jobs,
                                                   a.ops, out))
    ok = _tee_jobs(jobs, out, lambda j: [
        sys.executable, os.path.join(fuzz, 'n9fuzz.py'), '--qemu', qcopy,
        'campaign', '--no-copy', '--seed-base', str(seed + j), '--seed-step',
        str(jobs), '--ops', str(a.ops), '--time', str(secs),
        '--progress-seconds', '60', '--label', 'job%d' % j, '--out',
        os.path.join(out, 'job%d' % j)])
    py(os.path.join(fuzz, 'campaign_summary.py'), 'device', out, str(jobs))
    progress.log('results: %s' % out)
    return 0 if ok else 1


def add_parsers(sub):
    p = sub.add_parser('bench', help='the emulator\'s speed figures',
                       description='Boot and a CPU-bound loop with and without '
                       'icount, the latency model and the idle counters '
                       '(tests/bench/bench_boot.py), the idle path\'s speed '
                       'per C-state (bench_idle.py), the memory model\'s cost '
                       'on the loop and on membench (bench_memory.py), '
                       'trace size and replay speed (bench_replay.py).  Not '
                       'pass/fail: docs/benchmarks.md.')
    p.add_argument('loops', nargs='?', type=int, default=200000,
                   metavar='LOOP_ITERATIONS', help='shell loop iterations '
                   '(default 200000)')
    p.add_argument('repeat', nargs='?', type=int, default=3, metavar='REPEAT',
                   help='runs of each boot benchmark, best kept (default 3)')
    p.add_argument('--no-build', action='store_true')
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser('fuzz', help='the long fuzzing campaigns',
                       description='The long device-fuzzing campaign '
                       '(tests/fuzz/n9fuzz.py; tests/run runs a one-minute '
                       'one): J jobs for H hours, each on its own seeds (job '
                       'j: S+j, S+j+J, ...), a progress line per job every '
                       'minute.  A crash or a hang saves the whole trace and a '
                       'minimised reproducer (.qtest) in the results folder; '
                       'copy a reproducer into tests/fuzz/regressions/ once '
                       'the bug is fixed.')
    p.add_argument('--hours', default='1', metavar='H', help='how long '
                   '(default 1; fractions work: 0.25)')
    p.add_argument('--seed', type=int, metavar='S', help='first seed '
                   '(default: from the clock, printed)')
    p.add_argument('--jobs', type=int, metavar='J', help='parallel QEMUs '
                   '(default 1)')
    p.add_argument('--ops', type=int, default=20000, metavar='N',
                   help='commands (operations) per seed (default 20000)')
    p.add_argument('--asan', action='store_true', help='the AddressSanitizer/'
                   'UBSan build (scripts/build-qemu.sh --sanitize; 20-40 min '
                   'the first time)')
    p.add_argument('--out', metavar='DIR', help='results folder (default '
                   '$QEMU_N9_CACHE/fuzz/DATE-seedS)')
    p.add_argument('--generic', action='store_true', help='QEMU\'s libFuzzer '
                   'target generic-fuzz on -M rm696 (QEMU_FUZZ_OBJECTS picks '
                   'the regions; crash-* files reproduce with '
                   'out/bin/qemu-fuzz-arm --fuzz-target=generic-fuzz FILE)')
    p.add_argument('--vcpu', type=int, metavar='N', help='the vCPU\'s own '
                   'memory path (memfuzz-bare.elf): N seeds per job (0: as '
                   'many as --hours take); a failing seed goes to '
                   'tests/fuzz/regressions/vcpu-seed-N.cmd')
    p.set_defaults(func=cmd_fuzz)
