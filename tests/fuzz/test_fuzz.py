#!/usr/bin/env python3
"""The project's own device fuzzing, as tests/run runs it (about a minute).

  1. every reproducer in tests/fuzz/regressions/ replays without a crash or
     a hang (each is a bug the fuzzer found, fixed since);
  2. the fuzzer itself: one seed gives the same commands and answers twice;
     a crash injected into a random trace is detected and minimised to the
     one command that causes it; a hang (QEMU that answers nothing) is
     detected;
  3. a short campaign with a fixed seed range (the same commands on every
     run, so CI is deterministic): SEEDS seeds of OPS commands each over
     every block of the memory map and every input pin, and which blocks
     and pins it reached.  A failure saves the trace and a minimised
     reproducer in the log folder.

Prints PASS:/FAIL: lines.  Usage: test_fuzz.py QEMU LOGDIR [SEEDS [OPS]]
"""
import glob
import os
import shutil
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import n9fuzz  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'lib'))
import n9check  # noqa: E402
from n9check import check  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def self_tests(qemu, fmap):
    # Determinism: the same seed twice gives the same trace and answers
    def answers(seed):
        gen = n9fuzz.Generator(seed, fmap)
        s = n9fuzz.Session(qemu).start()
        out = []
        try:
            while len(out) < 6000:
                cmds = gen.batch(256)
                if cmds == ['system_reset']:
                    s.system_reset()
                    out.append(('system_reset', ''))
                    continue
                a = s.qtest(cmds)
                gen.feed(cmds, a)
                out += zip(cmds, a)
        finally:
            s.close()
        return out
    a, b = answers(12345), answers(12345)
    check('fuzzer: seed 12345 gives the same %d commands and answers twice' % len(a), a == b)

    # Detection and minimisation: a crash hidden in 1500 random commands
    gen = n9fuzz.Generator(777, fmap)
    cmds = []
    while len(cmds) < 1500:
        c = gen.batch(256)
        if c != ['system_reset']:
            cmds += c
    # qtest's server asserts on a pin that does not exist: a stand-in for a
    # device model that aborts
    crash = 'set_irq_in /machine/soc/intc unnamed-gpio-in 4096 1'
    cmds = cmds[:1000] + [crash] + cmds[1000:1500]
    f = n9fuzz.replay(qemu, cmds, 10)
    check('fuzzer: an abort is detected at the command that caused it',
          f is not None and f.kind == 'signal' and f.index == 1000,
          'got %r' % ((f and (f.signature(), f.index)),))
    if f is not None:
        t0 = time.time()
        small = n9fuzz.minimise(qemu, cmds, f, 10, log=lambda m: None, budget=120)
        check('fuzzer: the trace minimises to that one command (%.1f s)' % (time.time() - t0),
              small == [crash], 'got %r' % (small,))

    # The stats file (a quarter of the seeds): written at exit and read
    # back as JSON; a file that is not JSON (here: QEMU's own error output,
    # named as if it were the stats file) is a failure
    s = n9fuzz.Session(qemu, extra=['-machine', 'stats={dir}/stats.json']).start()
    s.qtest(['writel 0x48004a10 0x0', 'clock_step 100000'])
    try:
        s.close()
        check('fuzzer: a seed with stats= closes with a JSON statistics file', True)
    except n9fuzz.Failure as e:
        check('fuzzer: a seed with stats= closes with a JSON statistics file', False,
              e.signature())
    s = n9fuzz.Session(qemu, extra=['-machine', 'stats={dir}/stats.json']).start()
    s.extra.append('stats={dir}/stderr')        # what close() checks, not QEMU's
    try:
        s.close()
        check('fuzzer: a statistics file that is not JSON is a failure', False, 'not seen')
    except n9fuzz.Failure as e:
        check('fuzzer: a statistics file that is not JSON is a failure',
              e.kind == 'stats', e.signature())

    # Hang detection: a QEMU stopped with SIGSTOP answers nothing and uses no CPU
    s = n9fuzz.Session(qemu, timeout=0.5).start()
    os.kill(s.proc.pid, 19)
    t0 = time.time()
    try:
        s.qtest(['readl 0x48320010'])
        check('fuzzer: a QEMU that stops answering is a hang', False, 'it answered')
    except n9fuzz.Failure as e:
        check('fuzzer: a QEMU that stops answering is a hang (%.1f s)' % (time.time() - t0),
              e.kind == 'hang', e.signature())
    finally:
        s.kill()


def main():
    qemu, logdir = sys.argv[1], sys.argv[2]
    seeds = int(sys.argv[3]) if len(sys.argv) > 3 else 60
    ops = int(sys.argv[4]) if len(sys.argv) > 4 else 20000
    os.makedirs(logdir, exist_ok=True)
    # A copy: a rebuild of the shared binary must not change QEMU under the test
    copy = os.path.join(logdir, 'qemu-system-arm')
    shutil.copy2(os.path.realpath(qemu), copy)
    qemu = copy

    for path in sorted(glob.glob(os.path.join(HERE, 'regressions', '*.qtest'))):
        cmds = n9fuzz.read_qtest(path)
        t0 = time.time()
        f = n9fuzz.replay(qemu, cmds, 10)
        check('fuzz regression %s (%d commands, %.1f s)' % (os.path.basename(path), len(cmds),
                                                             time.time() - t0),
              f is None, f and (f.signature() + '\n' + f.stderr[-2000:]))

    fmap = n9fuzz.discover(qemu)
    n_blocks, n_pins = len(fmap['blocks']), len(fmap['pins'])
    modelled = sum(1 for b in fmap['blocks'] if b['sources'])
    check('fuzz map from the machine: %d blocks (%d with register offsets from their '
          'source), %d input pins' % (n_blocks, modelled, n_pins),
          n_blocks >= 150 and modelled >= 40 and n_pins >= 400)

    self_tests(qemu, fmap)

    # The short campaign
    t0 = time.time()
    total, bad = 0, []
    cov = n9fuzz.Coverage(fmap)
    for seed in range(seeds):
        trace, f = n9fuzz.run_seed(qemu, fmap, seed, ops, 10)
        total += len(trace)
        cov.add(trace)
        if f is not None:
            tpath = os.path.join(logdir, 'seed-%d.trace' % seed)
            with open(tpath, 'w') as fh:
                fh.write('\n'.join(trace) + '\n')
            small = n9fuzz.minimise(qemu, trace, f, 10, log=lambda m: None, budget=120)
            rpath = os.path.join(logdir, 'seed-%d.qtest' % seed)
            if small:
                n9fuzz.write_reproducer(rpath, small, f, 'tests/run short campaign', seed)
            bad.append('seed %d: %s (trace %s%s)' % (seed, f.signature(), tpath,
                                                     ', reproducer ' + rpath if small else ''))
    el = time.time() - t0
    check('fuzz campaign: seeds 0-%d, %d commands in %.0f s (%.0f commands/s), no crash '
          'or hang' % (seeds - 1, total, el, total / el), not bad, '\n'.join(bad))
    # every block whose source gives register offsets, and every pin, is
    # reached by the short campaign (today it reaches all 196 blocks; the
    # holes and unimplemented blocks are drawn less often, so a change of
    # a model may move one of them out of these 60 seeds: not a failure)
    modelled = [i for i, b in enumerate(fmap['blocks']) if b['sources']]
    hit = set(cov.hit())
    check('fuzz campaign coverage: %s' % cov.summary(),
          all(i in hit for i in modelled) and len(cov.pins_hit) == n_pins,
          'missed: %s' % ' '.join(cov.missed()))
    return 1 if n9check.failed else 0


if __name__ == '__main__':
    sys.exit(main())
