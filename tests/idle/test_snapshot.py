#!/usr/bin/env python3
"""A snapshot taken while MPU and CORE are OFF restores and wakes correctly.

Runs the idle scenario in C7 (mainline kernel) three ways: once unbroken;
once stopped over QMP while the PRCM model says CORE is OFF and saved to a
file (migration to file:, as savevm does); and once restored from that
file in a new QEMU.  The restored run must wake and finish, and everything
the guest reported (cpuidle usage and time, pm_debug counts, SDRC_POWER)
and the machine's PRCM and interconnect counters at the end must be
bit-identical to the unbroken run's: everything that shapes timing is in
the snapshot.

Prints one "PASS: ..." or "FAIL: ..." line per check.
Usage: test_snapshot.py QEMU KERNELDIR INITRD LOGDIR
"""
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'lib'))
from n9qmp import QMP  # noqa: E402

failed = 0


def check(name, ok, detail=''):
    global failed
    failed += not ok
    print('%s: %s%s' % ('PASS' if ok else 'FAIL', name,
                        '' if ok or not detail else '\n    ' + str(detail)),
          flush=True)


def argv(qemu, kdir, initrd, stats, report):
    return [qemu, '-M', 'rm696,symbols=%s/System.map,stats=%s' % (kdir, stats),
            '-kernel', kdir + '/zImage', '-dtb', kdir + '/omap3-n9.dtb',
            '-initrd', initrd, '-append',
            'rdinit=/init n9.run=idle n9.idle.states=C7 n9.idle.seconds=120 '
            'n9.idle.idlecount=0',
            '-icount', 'shift=0,sleep=off', '-display', 'none',
            '-monitor', 'none', '-serial', 'none',
            '-chardev', 'file,id=rep,path=' + report,
            '-semihosting-config', 'enable=on,userspace=on,chardev=rep']


def final(stats):
    d = json.load(open(stats))
    return {'prcm': d['prcm'], 'agents': d['agents'],
            'sdrc': d.get('sdrc'), 'virtual_ns': d['virtual_ns']}


def main():
    qemu, kdir, initrd, logdir = sys.argv[1:5]
    os.makedirs(logdir, exist_ok=True)
    p = lambda n: os.path.join(logdir, n)
    for f in os.listdir(logdir):
        if f.startswith('snap'):
            os.unlink(p(f))

    # A: unbroken
    rc = subprocess.run(argv(qemu, kdir, initrd, p('snapA.json'), p('snapA.txt')),
                        timeout=600).returncode
    check('the unbroken run ends (status %d)' % rc, rc == 0)

    # B: stop while CORE is OFF, save to a file
    sock = p('snapB.sock')
    qb = subprocess.Popen(argv(qemu, kdir, initrd, p('snapB.json'), p('snapB.txt')) +
                          ['-qmp', 'unix:%s,server=on,wait=off' % sock])
    q = QMP(sock)
    # The OFF spans of C7 take little host time (icount warps over them), so
    # stop, look and go on until a stop lands in one: each try is a few
    # host milliseconds and does not change the guest's virtual time.
    states, t0, tries = '', time.monotonic(), 0
    try:
        while time.monotonic() - t0 < 300 and qb.poll() is None:
            marks = q.cmd('qom-get', path='/machine', property='marks')
            if marks.get('return', 0) < 1:
                time.sleep(0.05)
                continue
            q.cmd('stop')
            tries += 1
            states = q.cmd('qom-get', path='/machine/soc/prcm',
                           property='power-states')['return']
            if ' core=OFF' in ' ' + states and 'mpu=OFF' in states:
                break
            q.cmd('cont')
    except (OSError, ValueError) as e:
        states = 'QEMU gone (%s)' % e
    ok = ' core=OFF' in ' ' + states and 'mpu=OFF' in states
    check('stopped with MPU and CORE OFF (%s, %d tries)' % (states, tries), ok)
    if not ok:
        qb.kill()
        return 1
    q.cmd('migrate', uri='file:' + p('snap.img'))
    while q.cmd('query-migrate')['return'].get('status') not in \
            ('completed', 'failed'):
        time.sleep(0.1)
    st = q.cmd('query-migrate')['return'].get('status')
    check('saved to a file (migration %s)' % st, st == 'completed')
    q.cmd('quit')
    qb.wait(timeout=60)

    # C: restore in a new QEMU (paused, as the snapshot was taken), continue
    sock = p('snapC.sock')
    qc = subprocess.Popen(argv(qemu, kdir, initrd, p('snapC.json'), p('snapC.txt')) +
                          ['-incoming', 'file:' + p('snap.img'),
                           '-qmp', 'unix:%s,server=on,wait=off' % sock])
    q = QMP(sock)
    t0 = time.monotonic()
    while q.cmd('query-migrate')['return'].get('status') != 'completed' and \
            time.monotonic() - t0 < 120:
        time.sleep(0.1)
    check('restored (%s)' % q.cmd('query-status')['return'].get('status'),
          q.cmd('query-status')['return'].get('status') == 'paused')
    q.cmd('cont')
    try:
        rc = qc.wait(timeout=600)
    except subprocess.TimeoutExpired:
        qc.kill()
        rc = qc.wait()
    check('the restored run wakes and ends (status %d)' % rc, rc == 0)
    if rc != 0 or not os.path.exists(p('snapA.txt')):
        return 1
    a, c = open(p('snapA.txt')).read(), open(p('snapC.txt')).read()
    check('the guest\'s report after the restore is bit-identical to the '
          'unbroken run\'s (%d bytes)' % len(a), a == c and len(a) > 100)
    fa, fc = final(p('snapA.json')), final(p('snapC.json'))
    check('the machine\'s PRCM counters at the end equal the unbroken run\'s',
          fa['prcm'] == fc['prcm'])
    check('the interconnect counters at the end equal the unbroken run\'s',
          fa['agents'] == fc['agents'])
    # the SDRAM model went through the snapshot in self-refresh (CORE OFF)
    check('the SDRC model\'s counters and power states at the end equal the '
          'unbroken run\'s (%s self-refresh entries)'
          % (fa['sdrc'] or {}).get('sr_entries'),
          fa['sdrc'] is not None and fa['sdrc'] == fc['sdrc'])
    check('virtual time at the end equals the unbroken run\'s (%d ns)'
          % fa['virtual_ns'], fa['virtual_ns'] == fc['virtual_ns'])
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
