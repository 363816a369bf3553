#!/usr/bin/env python3
"""The n9 tool without a boot: what a user relies on before anything runs.

- every command answers --help (status 0, its options listed);
- a mistake stops the tool at once with status 1 and one line naming it,
  before anything is built or booted: the cache folder (a fresh empty one,
  QEMU_N9_CACHE) stays empty (bad workload options such as --tests foo,
  --json into a missing folder, a missing kernel, a bad --set, ...);
- sweep specs: each kind of mistake is one line naming the spec and the
  entry; a good spec expands into the points it says (grid, zip, ranges,
  keys joined with '+');
- the one QEMU command-line builder: machine options in order, a comma in
  a value doubled, timing-set items joined with ';', a scenario's kernel
  command line and report channel;
- a user's scenario script reaches the initramfs as a second archive the
  kernel unpacks (cpio lists it).

Prints one "PASS: ..." or "FAIL: ..." line per check.  A few seconds.
Usage: test_n9.py TOP
"""
import gzip
import os
import subprocess
import sys
import tempfile

TOP = sys.argv[1] if len(sys.argv) > 1 else \
    os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
N9 = os.path.join(TOP, 'n9')
sys.path.insert(0, os.path.join(TOP, 'tools'))
from n9 import qemu as n9qemu, runner, scenario, sweep  # noqa: E402
from n9 import kernel as n9kernel, workloads  # noqa: E402
from n9.errors import UserError  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'lib'))
import n9check  # noqa: E402
from n9check import check  # noqa: E402


def n9(args, cache, cwd=TOP):
    # QEMU_N9_NO_BUILD: a check that lets a mistake through fails here
    # instead of starting a build
    env = dict(os.environ, QEMU_N9_CACHE=cache, QEMU_N9_NO_BUILD='1')
    env.pop('QEMU_N9_OUT', None)
    env.pop('QEMU_N9_MACHINE_OPTS', None)
    p = subprocess.run([N9, *args], cwd=cwd, env=env, capture_output=True,
                       text=True, timeout=60, stdin=subprocess.DEVNULL)
    return p.returncode, p.stdout, p.stderr


COMMANDS = ['boot', 'idle', 'cyclictest', 'membench', 'kbench', 'hackbench',
            'soak', 'script', 'series', 'sweep', 'compare', 'plot', 'params',
            'bench', 'fuzz', 'replay']


def test_help(tmp):
    rc, out, err = n9(['--help'], tmp)
    check('n9 --help lists every command', rc == 0 and
          all(c in out for c in COMMANDS), out)
    for c in COMMANDS:
        rc, out, err = n9([c, '--help'], tmp)
        check('n9 %s --help: status 0, usage and options' % c,
              rc == 0 and out.startswith('usage: n9 %s' % c) and
              '--help' in out and not err, out + err)


def spec(tmp, name, text):
    path = os.path.join(tmp, name + '.toml')
    with open(path, 'w') as f:
        f.write(text)
    return path


def test_errors(tmp):
    missing = os.path.join(tmp, 'no', 'such')
    good = spec(tmp, 'good', '[workload]\nname = "kbench"\n')
    cases = [
        (['membench', '--tests', 'foo'], "--tests: 'foo' is not a test"),
        (['kbench', '--tests', 'syscall,nosuch'], "'nosuch' is not a test"),
        (['kbench', '--counts', 'pipe=x'], "--counts: 'pipe=x' is not TEST=N"),
        (['idle', '--state', 'C9'], "--state: 'C9' is not one of C1..C7"),
        (['idle', '--seconds', '1.5'], "--seconds: '1.5' is not a whole number"),
        (['idle', '--json', missing + '/r.json'],
         "--json: folder '%s' does not exist" % missing),
        (['membench', '--json', '/proc/x.json'], "--json: cannot write in '/proc'"),
        (['idle', '--kernel', missing], "unknown kernel '%s'" % missing),
        (['idle', '--set', 'l4-wkup.read_min_ns'],
         "--set 'l4-wkup.read_min_ns': not SECTION.KEY=VALUE"),
        (['kbench', '--set', 'sdram.txsr=1', '--set', 'sdram.txsr=2'],
         '--set sdram.txsr: given twice'),
        (['kbench', '--timing', missing], "--timing: '%s' is not a readable" % missing),
        (['kbench', '--machine', 'timing=x.ini'], '--machine: give timing with its own option'),
        (['membench', '--sdrc-power', 'lots'], "--sdrc-power: 'lots' is not a number"),
        (['hackbench', '--groups', '0'], "--groups: '0' is not a whole number"),
        (['cyclictest', '--loops', 'abc'], "--loops: 'abc' is not a whole number"),
        (['soak', '--entries', '0'], "--entries: '0' is not a whole number"),
        (['script'], 'script: give --script FILE'),
        (['script', '--script', missing], "--script: '%s' is not a readable" % missing),
        (['boot', '--kernel', missing], "unknown kernel '%s'" % missing),
        (['idle', '--bogus'], 'unknown option --bogus'),
        (['kbench', '--out', '/proc/version'], "--out: '/proc/version' is not a folder"),
        (['compare', 'mainline', 'patched'], 'give --workload'),
        (['compare', 'mainline', 'patched', '--workload', 'nosuch'],
         "unknown workload 'nosuch'"),
        (['compare', 'mainline', 'patched', '--workload', 'idle', '--tests', 'lat'],
         "idle: unknown option 'tests'"),
        (['plot', missing], "no results.csv in '%s'" % missing),
        (['sweep'], 'give the sweep spec'),
        (['sweep', good, '--jobs', '0'], '--jobs: 0 is not a number of jobs above 0'),
        (['sweep', '--collect', tmp], "'%s' has no plan.json" % tmp),
        (['fuzz', '--hours', 'x'], "--hours: 'x' is not a number"),
    ]
    for args, want in cases:
        if want is None:
            continue
        with tempfile.TemporaryDirectory() as cache:
            rc, out, err = n9(args, cache)
            lines = [l for l in (out + err).splitlines() if l.strip()]
            left = os.listdir(cache)
            check('n9 %s: status 1, one line naming it, nothing built'
                  % ' '.join(args), rc == 1 and len(lines) == 1 and
                  lines[0].startswith('n9: error: ') and want in lines[0]
                  and not left, 'status %s, output %r, cache holds %s'
                  % (rc, lines, left))


SPEC_ERRORS = [
    ('not-toml', 'name = \n', 'not TOML'),
    ('unknown-entry', '[workload]\nname = "idle"\n[paramz]\n', 'unknown entry paramz'),
    ('no-workload', 'mode = "grid"\n', '[workload] needs name'),
    ('bad-workload', '[workload]\nname = "nosuch"\n', "unknown workload 'nosuch'"),
    ('bad-option', '[workload]\nname = "membench"\ntests = "foo"\n',
     "[workload] --tests: 'foo' is not a test"),
    ('bad-mode', 'mode = "cube"\n[workload]\nname = "idle"\n', "mode 'cube'"),
    ('zip-lengths', 'mode = "zip"\n[workload]\nname = "idle"\n[params]\n'
     '"sdram.txsr" = [1, 2]\n"sdram.trcd" = [1, 2, 3]\n', 'zip needs lists of one length'),
    ('param-name', '[workload]\nname = "idle"\n[params]\n"txsr" = [1]\n',
     "[params] txsr: --set 'txsr=0': not SECTION.KEY=VALUE"),
    ('param-value', '[workload]\nname = "idle"\n[params]\n"sdram.txsr" = ["a b"]\n',
     "not SECTION.KEY=VALUE"),
    ('range', '[workload]\nname = "idle"\n[params]\n'
     '"sdram.txsr" = { from = 10, to = 5, step = 1 }\n', 'from <= to'),
    ('range-keys', '[workload]\nname = "idle"\n[params]\n'
     '"sdram.txsr" = { start = 1 }\n', 'a range is { from = A, to = B'),
    ('empty-list', '[workload]\nname = "idle"\n[params]\n"sdram.txsr" = []\n',
     'an empty list'),
    ('workload-param', '[workload]\nname = "membench"\n[params]\n'
     '"workload.tests" = ["lat", "nosuch"]\n', "'nosuch' is not a test"),
    ('workload-param-name', '[workload]\nname = "kbench"\n[params]\n'
     '"workload.sizes" = ["1M"]\n', "kbench: unknown option 'sizes'"),
    ('kernels', '[workload]\nname = "idle"\n[kernels]\nlist = ["/no/zImage"]\n',
     "unknown kernel '/no/zImage'"),
    ('kernels-entry', '[workload]\nname = "idle"\n[kernels]\nlists = []\n',
     '[kernels] unknown entry lists'),
    ('series-dir', '[workload]\nname = "idle"\n[kernels]\nseries = "/no/series"\n',
     "patch folder '/no/series' does not exist"),
    ('machine-set', '[workload]\nname = "idle"\n[machine]\nset = ["x"]\n',
     "--set 'x': not SECTION.KEY=VALUE"),
    ('machine-entry', '[workload]\nname = "idle"\n[machine]\nopts = "x"\n',
     '[machine] unknown entry opts'),
]


def test_specs(tmp):
    for name, text, want in SPEC_ERRORS:
        path = spec(tmp, name, text)
        with tempfile.TemporaryDirectory() as cache:
            rc, out, err = n9(['sweep', path, '--out',
                               os.path.join(tmp, 'o-' + name)], cache)
            lines = [l for l in (out + err).splitlines() if l.strip()]
            check('a sweep spec with %s: status 1, one line naming the spec '
                  'and the entry, nothing built' % name,
                  rc == 1 and len(lines) == 1 and path in lines[0] and
                  want in lines[0] and not os.listdir(cache),
                  'status %s, output %r' % (rc, lines))
    # a good spec: the points it says
    path = spec(tmp, 'grid', '[workload]\nname = "kbench"\ntests = "yield"\n'
                '[kernels]\nlist = ["mainline", "patched"]\n[params]\n'
                '"l4-wkup.synctimer.read_min_ns+l4-wkup.synctimer.read_max_ns"'
                ' = [400, 800]\n"sdram.txsr" = { from = 10, to = 30, step = 10 }\n'
                '"workload.repeats" = [1]\n[figures]\nkeep = ["yield.*"]\n')
    s = sweep.load_spec(path)
    c = sweep.combos(s)
    check('grid: 2 x 3 x 1 value sets, ranges with their end, the spec\'s '
          'name from its file', len(c) == 6 and s['name'] == 'grid' and
          [x['sdram.txsr'] for x in c[:3]] == [10, 20, 30], c)
    kd = sweep.kernel_dict(s['kernels'][0])
    job = sweep.job_of(s['workload'], s['opts'], kd, c[4], None, [], {})
    check('a point: keys joined with + take one value, workload.OPT is an '
          'option (%s; %s)' % (job.timing_set, job.opts),
          job.timing_set == ['l4-wkup.synctimer.read_min_ns=800',
                             'l4-wkup.synctimer.read_max_ns=800',
                             'sdram.txsr=20'] and
          job.opts == {'tests': 'yield', 'repeats': '1',
                       'conditions': 'phone'})
    path = spec(tmp, 'zipped', 'mode = "zip"\n[workload]\nname = "idle"\n'
                '[params]\n"sdram.txsr" = [10, 20, 30]\n"sdram.trcd" = [4, 5, 6]\n')
    c = sweep.combos(sweep.load_spec(path))
    check('zip: the i-th value of each list (%s)' % c,
          c == [{'sdram.txsr': 10, 'sdram.trcd': 4},
                {'sdram.txsr': 20, 'sdram.trcd': 5},
                {'sdram.txsr': 30, 'sdram.trcd': 6}])


def test_command_line(tmp):
    argv = n9qemu.command('qemu', machine={'stats': '/a,b/s.json',
                                           'timing-set': ['x.y=1', 'z.w=2'],
                                           'memory-model': 'off'},
                          kernel='zI', dtb='d', initrd='i', append='a b',
                          report='/r,1.txt')
    check('the command line: -M rm696 options in order, commas doubled, '
          'timing-set joined with ";", icount with the RTC on the virtual clock, no console, the report on a '
          'semihosting chardev',
          argv == ['qemu', '-M', 'rm696,stats=/a,,b/s.json,'
                   'timing-set=x.y=1;z.w=2,memory-model=off', '-kernel', 'zI',
                   '-dtb', 'd', '-initrd', 'i', '-append', 'a b', '-icount',
                   'shift=0,sleep=off', '-rtc',
                   'base=2011-06-21T12:00:00,clock=vm', '-display', 'none', '-monitor', 'none',
                   '-serial', 'none', '-chardev', 'file,id=n9report,path=/r,,1.txt',
                   '-semihosting-config',
                   'enable=on,userspace=on,chardev=n9report'], argv)
    k = n9kernel.from_dir('/k')
    w = workloads.get('membench')
    job = runner.Job(w, w.check({'tests': 'lat', 'sizes': '16K',
                                 'core-off': True}), k, None,
                     ['cache.l3_ns=80'], {'memory-model': 'on'})
    argv = runner.command(job, 'qemu', 'i', '/w')
    check('a scenario: n9.run= and its options on the kernel command line '
          '(the phone\'s measuring conditions by default), stats into the '
          'run folder, the user\'s -M options last',
          argv[argv.index('-append') + 1] ==
          'rdinit=/init n9.run=membench n9.membench.tests=lat '
          'n9.membench.sizes=16K n9.membench.coreoff=1 n9.cond=phone' and
          argv[argv.index('-M') + 1] ==
          'rm696,stats=/w/stats.json,timing-set=cache.l3_ns=80,'
          'memory-model=on', argv)
    base = os.path.join(tmp, 'base.cpio.gz')
    with open(base, 'wb') as f:
        f.write(gzip.compress(runner._cpio_newc([('etc/x', b'x\n')])))
    script = os.path.join(tmp, 'my.sh')
    with open(script, 'w') as f:
        f.write('#!/bin/sh\necho hi\n')
    sw = workloads.get('script')
    job = runner.Job(sw, sw.check({'script': script}), k)
    os.makedirs(os.path.join(tmp, 'w'), exist_ok=True)
    path = runner.initrd_for(job, base, os.path.join(tmp, 'w'))
    with open(path, 'rb') as f:
        data = f.read()
    # gzip members one after the other, as the kernel reads them
    unpacked = gzip.decompress(data)
    argv = runner.command(job, 'q', path, '/w')
    check('a user\'s script: the project\'s initramfs, then a second gzip '
          'archive with usr/share/n9/scenarios/user.sh; /init runs it '
          '(n9.run=user)',
          data.startswith(open(base, 'rb').read()) and
          b'usr/share/n9/scenarios/user.sh\0' in unpacked and
          b'#!/bin/sh\necho hi\n' in unpacked and b'etc/x' in unpacked and
          argv[argv.index('-append') + 1] == 'rdinit=/init n9.run=user')
    try:
        scenario.check_qemu(os.path.join(tmp, 'no-qemu'))
        ok = False
    except UserError as e:
        ok = 'no QEMU at' in str(e)
    check('a missing QEMU is one line', ok)


def test_plot_axis():
    """n9 plot's x axis: a log axis only for values over two decades"""
    from n9 import plot
    check('n9 plot: BTB ways 1, 2, 4, 512 on a log axis',
          'set logscale x 2' in plot.x_axis(['1', '2', '4', '512']))
    check('n9 plot: 400 and 800 ns on a linear axis',
          plot.x_axis(['400', '800']) == [])
    check('n9 plot: kernels by name, rotated, not a log axis',
          'set logscale x 2' not in plot.x_axis(['mainline', 'patched']) and
          'set xtics rotate by -30' in plot.x_axis(['mainline', 'patched']))


def main():
    test_plot_axis()
    with tempfile.TemporaryDirectory() as tmp:
        test_help(tmp)
        test_errors(tmp)
        test_specs(tmp)
        test_command_line(tmp)
    return 1 if n9check.failed else 0


if __name__ == '__main__':
    sys.exit(main())
