#!/usr/bin/env python3
"""Soak: at least 1000 CORE OFF entries in one boot (the soak scenario,
kernel/initramfs/scenarios/soak.sh, on the patched kernel), and:
- every one of the sleeps ends (no lost wake-up), each within its period
  plus the modelled C7 wake-up latency plus a margin;
- the machine's C7 entries equal cpuidle's usage over the marked window;
- the cycle counter and the 32 kHz counter still agree within one tick
  after the soak, as before it;
- QEMU's memory does not grow while the entries go on.

Prints one "PASS: ..." or "FAIL: ..." line per check.
Usage: test_soak.py QEMU KERNELDIR INITRD LOGDIR
"""
import json
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'lib'))
from n9qmp import QMP  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', 'tools'))
from n9 import qemu as n9qemu, scenario as n9scenario  # noqa: E402
import n9check  # noqa: E402
from n9check import check  # noqa: E402

SLEEPS, US = 1200, 20000
WAKE_NS = 10087266          # C7's modelled wake-up latency (docs/idle.md)


def rss_kb(pid):
    try:
        for line in open('/proc/%d/status' % pid):
            if line.startswith('VmRSS:'):
                return int(line.split()[1])
    except OSError:
        pass
    return None


def main():
    qemu, kdir, initrd, logdir = sys.argv[1:5]
    os.makedirs(logdir, exist_ok=True)
    stats = os.path.join(logdir, 'soak-stats.json')
    report = os.path.join(logdir, 'soak-report.txt')
    for f in (stats, report):
        if os.path.exists(f):
            os.unlink(f)
    sock = os.path.join(logdir, 'soak-qmp.sock')
    if os.path.exists(sock):
        os.unlink(sock)
    argv = n9qemu.command(
        qemu, machine={'symbols': kdir + '/System.map', 'stats': stats},
        kernel=kdir + '/zImage', dtb=kdir + '/omap3-n9.dtb', initrd=initrd,
        append=n9scenario.append_line(
            'soak', 'n9.soak.entries=%d n9.soak.us=%d' % (SLEEPS, US)),
        report=report, extra=['-qmp', 'unix:%s,server=on,wait=off' % sock])
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL,
                         stderr=open(os.path.join(logdir, 'soak-qemu.log'), 'w'))
    # QEMU's memory between the guest's marks 1 and 2 (the entries), not
    # during the boot, where it grows with the code translated: how much of
    # the run the boot takes depends on the host and on the memory model
    samples = []
    t0 = time.monotonic()
    q = QMP(sock)
    while p.poll() is None and time.monotonic() - t0 < 1200:
        try:
            marks = q.qom('/machine', 'marks')
        except (EOFError, OSError, ValueError, KeyError):
            break           # the guest ended QEMU
        r = rss_kb(p.pid)
        if r and marks == 1:
            samples.append(r)
        time.sleep(0.1)     # the window is a few host seconds
    if p.poll() is None:
        p.kill()
    rc = p.wait()
    check('the soak scenario runs to its end (QEMU status %d)' % rc, rc == 0)
    if rc != 0 or not os.path.exists(stats):
        return 1
    text = open(report).read()
    d = json.load(open(stats))
    marks = {m['mark']: m for m in d['marks']}
    a, b = marks[1], marks[2]
    c7 = (b['idle']['states']['C7']['entries'] -
          a['idle']['states'].get('C7', {}).get('entries', 0))
    off = (b['prcm']['core']['reported']['OFF'] -
           a['prcm']['core']['reported']['OFF'])
    u = re.search(r'c7 usage (\d+) (\d+)', text)
    usage = int(u.group(2)) - int(u.group(1)) if u else -1
    check('%d C7 entries, cpuidle usage %d over the same window' % (c7, usage),
          c7 == usage and c7 >= SLEEPS)
    check('%d CORE OFF entries in one boot (at least 1000)' % off, off >= 1000)
    check('no idle entry lost by the counters (lost %d)' % d['idle']['lost'],
          d['idle']['lost'] == 0)
    s = re.search(r'sleeps (\d+) of (\d+) us in (\d+) ticks', text)
    if s:
        n, ticks = int(s.group(1)), int(s.group(3))
        lo = n * US * 32768 // 1000000
        hi = n * (US * 1000 + WAKE_NS + 2000000) * 32768 // 10**9
        check('all %d sleeps ended, in %d ticks (%d..%d: period .. period + '
              'wake-up latency + 2 ms each): no lost wake-up'
              % (n, ticks, lo, hi), n == SLEEPS and lo <= ticks <= hi)
    else:
        check('the sleeps ended', False, text[-500:])
    for when in ('before', 'after'):
        c = re.search(r'%s busy ccnt (\d+) 32k (\d+)' % when, text)
        if c:
            want = int(c.group(1)) * 32768 / 1e9
            check('%s the soak: %s PMCCNTR cycles, %s ticks of 32 kHz '
                  '(PMCCNTR says %.2f): within one tick'
                  % (when, c.group(1), c.group(2), want),
                  abs(int(c.group(2)) - want) <= 1.0)
        else:
            check('clock check %s the soak' % when, False, text[-500:])
    if len(samples) >= 6:
        third = len(samples) // 3
        mid, end = max(samples[third:2 * third]), max(samples[2 * third:])
        check('QEMU memory while the entries go on (%d samples between '
              'marks 1 and 2): %d kB, then %d kB (growth under 8 MB)'
              % (len(samples), mid, end), end - mid < 8192)
    else:
        check('QEMU memory sampled', False, '%d samples' % len(samples))
    return 1 if n9check.failed else 0


if __name__ == '__main__':
    sys.exit(main())
