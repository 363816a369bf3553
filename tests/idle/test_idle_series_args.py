#!/usr/bin/env python3
"""`n9 series` on bad input: each mistake stops the tool at once, with
exit status 1 and one line that names the problem, before it builds,
locks or creates anything (a real run builds up to seven kernels and
boots each: a typo must not cost that).  The cache folder is a fresh
temporary one, so the check also sees that nothing was created there.

Prints one "PASS: ..." or "FAIL: ..." line per case.  Under a second.
Usage: test_idle_series_args.py TOP
"""
import os
import subprocess
import sys
import tempfile
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'lib'))
import n9check  # noqa: E402
from n9check import check  # noqa: E402

TOP = sys.argv[1] if len(sys.argv) > 1 else \
    os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
N9 = os.path.join(TOP, 'n9')


# (arguments, extra environment, what the one error line must say)
CASES = [
    (['--bogus'], {}, 'unknown option --bogus'),
    (['--jobs', '0'], {}, '--jobs: 0 is not a number of jobs above 0'),
    (['--state'], {}, '--state needs an argument'),
    (['--state', 'C8'], {}, "--state: 'C8' is not one of C1..C7"),
    (['--state', ','], {}, '--state: empty list'),
    (['--state', 'C1,C2', '--seconds', '0'], {}, "--seconds: '0' is not a whole number"),
    (['--seconds', '1.5'], {}, "--seconds: '1.5' is not a whole number"),
    (['/nonexistent-series'], {}, "patch folder '/nonexistent-series' does not exist"),
    (['--base', '/nonexistent-base'], {}, "patch folder '/nonexistent-base' does not exist"),
    (['kernel/patches/patched', 'kernel/patches/mainline'], {}, 'unexpected argument kernel/patches/mainline'),
    (['--base', 'kernel/patches/patched'], {}, 'the series and the base are the same folder'),
    (['kernel/initramfs'], {}, 'no *.patch files in'),
    (['--machine', 'memory-model=off stats=x'], {}, '--machine: '),
    (['--json', '/proc/no/such.json'], {}, "--json: folder '/proc/no' does not exist"),
    (['--set', 'l4-wkup.read_min_ns'], {}, "--set 'l4-wkup.read_min_ns': not SECTION.KEY=VALUE"),
    (['--timing', '/no/such.ini'], {}, "--timing: '/no/such.ini' is not a readable file"),
    ([], {'QEMU_N9_SERIES_TRIES': 'x'}, "QEMU_N9_SERIES_TRIES: 'x' is not a whole number"),
]

for args, env_extra, want in CASES:
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, QEMU_N9_CACHE=cache, **env_extra)
        env.pop('QEMU_N9_OUT', None)
        p = subprocess.run([N9, 'series', *args], cwd=TOP, env=env,
                           capture_output=True, text=True, timeout=30,
                           stdin=subprocess.DEVNULL)
        lines = [l for l in (p.stdout + p.stderr).splitlines() if l.strip()]
        left = sorted(os.listdir(cache))
        name = 'n9 series %s%s' % (
            ' '.join(args) or '(no arguments)',
            ''.join(' with %s=%s' % kv for kv in env_extra.items()))
        ok = (p.returncode == 1 and len(lines) == 1 and
              lines[0].startswith('n9: error: ') and want in lines[0] and
              not left)
        check('%s: status 1, one line naming the problem, nothing built' % name,
              ok, 'status %s, output %r, cache holds %s' % (p.returncode, lines, left))

sys.exit(1 if n9check.failed else 0)
