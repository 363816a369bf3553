#!/usr/bin/env python3
"""The phone's measuring conditions (`--conditions phone`, the default of
n9 kbench, membench, hackbench and cyclictest;
kernel/initramfs/scenarios/conditions.sh; docs/calibration.md, "The
phone's measuring conditions").

- kbench's sched_yield and pipe switches under `--conditions phone` and
  `--conditions root`: the report says where the program ran (uid 1000 in
  /system/applications/standby of the cpu,cpuacct, freezer, devices and
  memory hierarchies, or root in the root cgroup); the phone's conditions
  cost more per yield and per switch (the fair scheduler's work at each of
  the four levels, cpuacct's charge at each), the root conditions give
  what the scenario gave before the option existed (the same command
  line without n9.cond);
- the phone's conditions again: every figure and counter the same
  (deterministic);
- hackbench and membench (one lat size) run in the phone's conditions (the
  user may run them: membench's marks through its one capability);
- a bad value is refused before any boot.

Prints one "PASS: ..." or "FAIL: ..." line per check.  About a minute on
2 cores (seven boots, memory model off but for membench).
Usage: test_conditions.py TOP LOGDIR
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'lib'))
import n9check                                          # noqa: E402
from n9check import check                               # noqa: E402

TOP = sys.argv[1]
LOGDIR = sys.argv[2]
N9 = os.path.join(TOP, 'n9')
os.makedirs(LOGDIR, exist_ok=True)

KBENCH = ['kbench', '--tests', 'yield,pipe', '--counts',
          'yield=2000,pipe=500', '--repeats', '1', '--settle', '1',
          '--machine', 'memory-model=off', '--no-build']


def n9(name, args):
    """Run `n9 ARGS --out DIR --json FILE`; (status, result, report text)"""
    out = os.path.join(LOGDIR, name)
    os.makedirs(out, exist_ok=True)
    js = os.path.join(out, 'result.json')
    p = subprocess.run([N9] + args + ['--out', out, '--json', js],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    with open(os.path.join(out, 'n9.log'), 'w') as f:
        f.write(p.stdout)
    res = None
    if os.path.exists(js):
        with open(js) as f:
            res = json.load(f)
    report = ''
    for fn in sorted(os.listdir(out)):
        if fn.startswith('report'):
            with open(os.path.join(out, fn), errors='replace') as f:
                report += f.read()
    return p.returncode, res, report, p.stdout


def conditions_line(report):
    m = re.search(r'^conditions .*$', report, re.M)
    return m.group(0) if m else ''


phone = n9('kbench-phone', KBENCH + ['--conditions', 'phone'])
root = n9('kbench-root', KBENCH + ['--conditions', 'root'])
again = n9('kbench-phone-again', KBENCH)          # the default: phone
for name, r in (('phone', phone), ('root', root), ('default', again)):
    check('kbench in the %s conditions runs' % name, r[0] == 0 and r[1],
          r[3][-1500:])

line = conditions_line(phone[2])
check('the report says where kbench ran (phone): uid 1000, '
      '/system/applications/standby, every hierarchy',
      line.startswith('conditions phone: uid 1000, '
                      '/system/applications/standby in ') and
      all(h in line for h in ('cpu,cpuacct', 'devices', 'freezer',
                              'memory')) and 'has no' not in line, line)
check('the report says where kbench ran (root)',
      conditions_line(root[2]) == 'conditions root: uid 0, root cgroup',
      conditions_line(root[2]))

flat_p = (phone[1] or {}).get('flat', {})
flat_r = (root[1] or {}).get('flat', {})
keys = sorted(k for k in flat_p if k.startswith(('yield', 'pipe')))
check('kbench gives its yield and pipe figures', len(keys) >= 2, flat_p)
for k in keys:
    a, b = flat_p.get(k), flat_r.get(k)
    check('%s costs more four cgroup levels deep as a user (%s ns) than as '
          'root in the root cgroup (%s ns)' % (k, a, b),
          isinstance(a, (int, float)) and isinstance(b, (int, float)) and
          a > b)

check('the default is the phone\'s conditions, and runs again give every '
      'figure the same',
      (again[1] or {}).get('flat') == flat_p and
      conditions_line(again[2]) == line,
      {'first': flat_p, 'again': (again[1] or {}).get('flat')})
sp = (phone[1] or {}).get('stats_final', {})
sa = (again[1] or {}).get('stats_final', {})
check('... and every counter of the statistics', sp and sp == sa)

hb = n9('hackbench-phone', ['hackbench', '--groups', '1', '--fds', '2',
                            '--loops', '20', '--repeats', '1',
                            '--settle', '1', '--machine',
                            'memory-model=off', '--no-build'])
check('hackbench runs in the phone\'s conditions',
      hb[0] == 0 and conditions_line(hb[2]).startswith('conditions phone'),
      hb[3][-1500:])
mb = n9('membench-phone', ['membench', '--tests', 'lat', '--sizes', '16K',
                           '--repeats', '1', '--settle', '1', '--no-build'])
check('membench runs in the phone\'s conditions, its marks included',
      mb[0] == 0 and conditions_line(mb[2]).startswith('conditions phone')
      and 'status 0' in mb[2], mb[3][-1500:])

bad = subprocess.run([N9, 'kbench', '--conditions', 'lab', '--no-build'],
                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                     universal_newlines=True)
check('a bad --conditions is one line and status 1, before any boot',
      bad.returncode == 1 and bad.stdout.strip() ==
      "n9: error: --conditions: 'lab' is not phone or root", bad.stdout)

sys.exit(1 if n9check.failed else 0)
