#!/usr/bin/env python3
"""mmiolat under Linux: the cost of one register read, measured as on the
phone (guest/mmiolat: /dev/mem mappings, PMCCNTR read from user space).

Boots the project's kernel, DTB and initramfs with -icount
shift=0,sleep=off and the mmiolat scenario (n9.run=mmiolat,
kernel/initramfs/scenarios/mmiolat.sh: started by /init, not typed at a
console, reporting through semihosting), twice, and checks:
  - the kernel let user space at the cycle counter (the boot message of
    kernel/patches/0002-*, CONFIG_ARM_USER_CYCLE_COUNTER);
  - `mmiolat` (PMCCNTR): per target (PRM, CM, SCM, SDRC, 32k counter) the
    ns per read lies inside the phone's range (timing/phone-measured.ini);
  - `mmiolat -c 32k`: the same, the range widened by one 32 kHz tick over
    the N reads;
  - the machine charged what mmiolat measured: over the marked window of
    the PMCCNTR run, the WKUP L4's prm group served at least the 5 x 1000
    timed reads, at the modelled cost the figure says;
  - `mmiolat -t prm` prints only that target, and a wrong target is a
    usage error (exit status 1);
  - the second run's report, its marks' counters and the virtual time at
    the end are bit-identical to the first's.

Prints one "PASS: ..." or "FAIL: ..." line per check.  About 55 s.
Usage: test_mmiolat.py QEMU ZIMAGE DTB INITRD LOGDIR
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from mmiolat_parse import parse, check_block, LINE, RANGES  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', 'tools'))
from n9 import qemu as n9qemu, scenario as n9scenario  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'lib'))
import n9check  # noqa: E402
from n9check import check  # noqa: E402


def show(out):
    print('    ' + '\n    '.join(l for l in out.split('\n') if l), flush=True)


def run(qemu, kernel, dtb, initrd, logdir, n):
    """One boot of the scenario: (QEMU status, report text, stats dict)"""
    report = os.path.join(logdir, 'mmiolat-report-%d.txt' % n)
    stats = os.path.join(logdir, 'mmiolat-stats-%d.json' % n)
    for f in (report, stats):
        if os.path.exists(f):
            os.unlink(f)
    argv = n9qemu.command(qemu, machine={'stats': stats}, kernel=kernel,
                          dtb=dtb, initrd=initrd,
                          append=n9scenario.append_line('mmiolat'),
                          report=report)
    with open(os.path.join(logdir, 'mmiolat-qemu-%d.log' % n), 'w') as log:
        try:
            rc = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=log,
                                stderr=subprocess.STDOUT, timeout=600).returncode
        except subprocess.TimeoutExpired:
            rc = 'timeout (600 s)'
    text = open(report).read() if os.path.exists(report) else ''
    try:
        d = json.load(open(stats))
    except (OSError, ValueError):
        d = None
    return rc, text, d


def section(text, name):
    """The lines of report section "== name" (up to the next "== ")"""
    m = re.search(r'^== %s\n(.*?)(?=^== )' % re.escape(name), text,
                  re.M | re.S)
    return m.group(1) if m else ''


def main():
    qemu, kernel, dtb, initrd, logdir = sys.argv[1:6]
    os.makedirs(logdir, exist_ok=True)
    rc, text, d = run(qemu, kernel, dtb, initrd, logdir, 1)
    check('mmiolat scenario: Linux boots, runs it from /init and ends QEMU '
          '(status %s)' % rc, rc == 0 and '== end' in text and d is not None,
          text[-2000:] + '\n(logs: %s)' % logdir)
    if rc != 0 or d is None:
        return 1
    show(text)

    msg = section(text, 'dmesg cycle counter')
    check('mmiolat: the kernel enabled user access to PMCCNTR '
          '(CONFIG_ARM_USER_CYCLE_COUNTER)',
          'user access to the cycle counter (PMCCNTR) enabled' in msg, msg)

    for sec, clock in (('mmiolat', 'ccnt'), ('mmiolat -c 32k', '32k')):
        out = section(text, sec)
        check('%s: runs (status 0)' % sec, 'status 0' in out, out)
        blocks = parse(out)
        if clock in blocks:
            check_block(check, 'mmiolat', blocks[clock], clock)
        else:
            check('mmiolat: a %s result block' % clock, False, out)

    # The machine's side of the PMCCNTR run (marks 1 and 2): the prm group
    # served the timed reads (5 repeats of 1000), charged within the
    # phone's range, and mmiolat's best figure lies in what was charged.
    marks = {m['mark']: m for m in d.get('marks', [])}
    try:
        g = [marks[k]['agents']['l4-wkup']['groups']['prm'] for k in (1, 2)]
        reads = g[1]['reads'] - g[0]['reads']
        ns = g[1]['read_ns'] - g[0]['read_ns']
        best = parse(section(text, 'mmiolat'))['ccnt']['prm'][0]
        lo, hi = RANGES['prm']
        check('machine, marks 1-2: %d prm reads charged %.2f ns each on '
              'average (at least 5000 in the phone\'s %g-%g ns); mmiolat\'s '
              'best of 5 says %.2f' % (reads, ns / max(reads, 1), lo, hi, best),
              reads >= 5000 and lo * reads <= ns <= hi * reads
              and abs(best - ns / reads) < 2.0)
    except (KeyError, ZeroDivisionError) as e:
        check('machine: marks 1 and 2 with the prm group', False, repr(e))

    out = section(text, 'mmiolat -t prm -n 100')
    lines = [l for l in out.split('\n') if LINE.match(l)]
    check('mmiolat -t prm -n 100: one line, for prm, of 100 reads',
          len(lines) == 1 and lines[0].startswith('prm ')
          and '(100 reads,' in lines[0] and 'status 0' in out, out)
    out = section(text, 'mmiolat -t nosuch')
    check('mmiolat -t nosuch: a usage error (status 1)',
          re.search(r'unknown target', out) is not None
          and 'status 1' in out, out)

    rc2, text2, d2 = run(qemu, kernel, dtb, initrd, logdir, 2)

    def machine(s):
        """The stats without host time (marks carry host_us for benchmarks)"""
        s = json.loads(json.dumps(s))
        for m in s.get('marks', []):
            m.pop('host_us', None)
        return s

    same = rc2 == 0 and text2 == text and d2 is not None and \
        machine(d2) == machine(d)
    check('mmiolat: a second boot reports bit-identical figures, counters at '
          'every mark and virtual time at the end (%s ns)'
          % (d2 or {}).get('virtual_ns'), same,
          'status %s; report %s; stats %s' % (
              rc2, 'same' if text2 == text else 'differs',
              'same' if d2 and machine(d2) == machine(d) else 'differ'))
    return 1 if n9check.failed else 0


if __name__ == '__main__':
    sys.exit(main())
