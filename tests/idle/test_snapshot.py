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

Then the memory path (on by default with icount) mid-workload: membench's
random loads (lat, 16 KB and 1 MB, best of 1) stopped over QMP while it
runs, at the first stop after its first measured item, saved, restored in
a new QEMU: the report, the memory path's counters (caches, TLBs, walks,
fetches, the ns charged), the SDRC model's and the virtual time at the end
equal an unbroken run's.  (The MPU-OFF snapshot above has empty caches.)
The same again with a stop early in the boot (half a host second in,
before the kernel arms a timer).

With MACHINE_OPTS (e.g. pipeline=on) every run has those -M rm696
options too, and each check says so.

Prints one "PASS: ..." or "FAIL: ..." line per check.
Usage: test_snapshot.py QEMU KERNELDIR INITRD LOGDIR [MACHINE_OPTS]
"""
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'lib'))
from n9qmp import QMP  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', 'tools'))
from n9 import qemu as n9qemu  # noqa: E402
import n9check  # noqa: E402
from n9check import check  # noqa: E402


IDLE = ('rdinit=/init n9.run=idle n9.idle.states=C7 n9.idle.seconds=120 '
        'n9.idle.idlecount=0')
MEMBENCH = ('rdinit=/init n9.run=membench n9.membench.tests=lat '
            'n9.membench.sizes=16K,1M n9.membench.repeats=1 '
            'n9.membench.settle=1')


# more -M rm696 options for every run (the MACHINE_OPTS argument)
EXTRA = {}


def argv(qemu, kdir, initrd, stats, report, append=IDLE):
    return n9qemu.command(
        qemu, machine=n9qemu.merge_machine(
            {'symbols': kdir + '/System.map', 'stats': stats}, EXTRA),
        kernel=kdir + '/zImage', dtb=kdir + '/omap3-n9.dtb', initrd=initrd,
        append=append, report=report)


def final(stats):
    d = json.load(open(stats))
    return {'prcm': d['prcm'], 'agents': d['agents'],
            'sdrc': d.get('sdrc'), 'memory': d.get('memory'),
            'virtual_ns': d['virtual_ns']}


def save(q, path):
    q.cmd('migrate', uri='file:' + path)
    while q.cmd('query-migrate')['return'].get('status') not in \
            ('completed', 'failed'):
        time.sleep(0.1)
    return q.cmd('query-migrate')['return'].get('status')


def restore(cmd, sock, path):
    """A new QEMU from the file: (process, QMP, status after loading)"""
    qc = subprocess.Popen(cmd + ['-incoming', 'file:' + path,
                                 '-qmp', 'unix:%s,server=on,wait=off' % sock])
    q = QMP(sock)
    t0 = time.monotonic()
    while q.cmd('query-migrate')['return'].get('status') != 'completed' and \
            time.monotonic() - t0 < 120:
        time.sleep(0.1)
    return qc, q, q.cmd('query-status')['return'].get('status')


def memory_midrun(qemu, kdir, initrd, logdir):
    """The memory path's state through a snapshot taken mid-workload."""
    p = lambda n: os.path.join(logdir, n)
    rc = subprocess.run(argv(qemu, kdir, initrd, p('memA.json'), p('memA.txt'),
                             MEMBENCH), timeout=900).returncode
    check('membench: the unbroken run ends (status %d)' % rc, rc == 0)
    if rc != 0:
        return
    memory_stop_restore(qemu, kdir, initrd, logdir, 'B', 'item')
    memory_stop_restore(qemu, kdir, initrd, logdir, 'D', 'boot')


def memory_stop_restore(qemu, kdir, initrd, logdir, name, when):
    """Run membench, stop it over QMP (@when: 'item', after its first
    measured item; 'boot', half a host second in, before the kernel has a
    timer), save, restore in a new QEMU and compare with the unbroken run
    (memA.*).  The early stop is where a budget ended at host time before
    core patch 0017: the first INT32_MAX ns after the restore, with no
    timer due, or a realtime timer of the incoming migration cut a block
    the unbroken run did not cut, and with pipeline=on the restored run
    went on a few cycles apart."""
    p = lambda n: os.path.join(logdir, n)
    R = name + 'R'
    cmd = lambda n: argv(qemu, kdir, initrd, p('mem%s.json' % n),
                         p('mem%s.txt' % n), MEMBENCH)
    what = 'membench stopped %s' % ('after its first item' if when == 'item'
                                     else 'in the boot')
    sock = p('mem%s.sock' % name)
    qb = subprocess.Popen(cmd(name) + ['-qmp', 'unix:%s,server=on,wait=off' % sock])
    q = QMP(sock)
    t0, marks = time.monotonic(), 0
    if when == 'item':
        while time.monotonic() - t0 < 600 and qb.poll() is None and marks < 3:
            time.sleep(0.05)
            marks = q.cmd('qom-get', path='/machine', property='marks')['return']
    else:
        time.sleep(0.5)
    q.cmd('stop')
    marks = q.cmd('qom-get', path='/machine', property='marks').get('return', -1)
    loads = q.cmd('qom-get', path='/machine/memory-path',
                  property='l1d-load-misses').get('return', 0)
    ok = loads > 0 and (marks >= 3 if when == 'item' else marks == 0)
    check('%s (%d marks, %d L1 D load misses so far)' % (what, marks, loads), ok)
    if not ok:
        qb.kill()
        return
    st = save(q, p('mem%s.img' % name))
    check('%s: saved to a file (migration %s)' % (what, st), st == 'completed')
    q.cmd('quit')
    qb.wait(timeout=60)
    qc, q, st = restore(cmd(R), p('mem%s.sock' % R), p('mem%s.img' % name))
    check('%s: restored (%s)' % (what, st), st == 'paused')
    q.cmd('cont')
    try:
        rc = qc.wait(timeout=900)
    except subprocess.TimeoutExpired:
        qc.kill()
        rc = qc.wait()
    check('%s: the restored run ends (status %d)' % (what, rc), rc == 0)
    if rc != 0 or not os.path.exists(p('memA.txt')):
        return
    a, c = open(p('memA.txt')).read(), open(p('mem%s.txt' % R)).read()
    check('%s: the report after the restore is bit-identical to the '
          'unbroken run\'s (%d bytes)' % (what, len(a)), a == c and len(a) > 100)
    fa, fc = final(p('memA.json')), final(p('mem%s.json' % R))
    m, mc = fa['memory'] or {}, fc['memory'] or {}
    # Exactly, the fetch counts too: QEMU cuts the code into other blocks
    # after a restore (no translated code in the snapshot), but a fetch
    # that continues the last one in its line is not counted again
    # (n9_memory.c, fetch continuation); with the pipeline the cycles too:
    # the budget ends at guest time only (core patch 0017).
    diff = sorted(k for k in set(m) | set(mc) if m.get(k) != mc.get(k))
    check('%s: the memory path\'s counters at the end equal the '
          'unbroken run\'s (loads %s, L2 read misses %s, walks %s, %s ns '
          'charged)' % (what, m.get('loads'),
                        m.get('cache', {}).get('l2_read_misses'),
                        m.get('cache', {}).get('walks'), m.get('stall_ns')),
          fa['memory'] is not None and not diff, 'differ: %s' % diff)
    check('%s: the SDRC model\'s, the interconnects\' and the PRCM\'s '
          'counters and the virtual time at the end (%d ns) equal the '
          'unbroken run\'s' % (what, fa['virtual_ns']),
          fa['sdrc'] == fc['sdrc'] and fa['agents'] == fc['agents'] and
          fa['prcm'] == fc['prcm'] and fa['virtual_ns'] == fc['virtual_ns'])


def main():
    global check
    qemu, kdir, initrd, logdir = sys.argv[1:5]
    if len(sys.argv) > 5 and sys.argv[5]:
        opts = sys.argv[5]
        EXTRA.update(n9qemu.parse_machine(opts))
        plain = check
        check = lambda what, *a, **k: plain('%s: %s' % (opts, what), *a, **k)
    os.makedirs(logdir, exist_ok=True)
    p = lambda n: os.path.join(logdir, n)
    for f in os.listdir(logdir):
        if f.startswith(('snap', 'mem')):
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
    st = save(q, p('snap.img'))
    check('saved to a file (migration %s)' % st, st == 'completed')
    q.cmd('quit')
    qb.wait(timeout=60)

    # C: restore in a new QEMU (paused, as the snapshot was taken), continue
    qc, q, st = restore(argv(qemu, kdir, initrd, p('snapC.json'), p('snapC.txt')),
                        p('snapC.sock'), p('snap.img'))
    check('restored (%s)' % st, st == 'paused')
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
    # the one-writer rule (omap3_sdrc.c): through CORE OFF and back the
    # PRCM's events reach the model from the vCPU thread only
    check('no SDRC model update ran beside the vCPU (%s)'
          % (fa['sdrc'] or {}).get('cross_thread_writes'),
          (fa['sdrc'] or {}).get('cross_thread_writes') == 0)
    check('virtual time at the end equals the unbroken run\'s (%d ns)'
          % fa['virtual_ns'], fa['virtual_ns'] == fc['virtual_ns'])
    memory_midrun(qemu, kdir, initrd, logdir)
    return 1 if n9check.failed else 0


if __name__ == '__main__':
    sys.exit(main())
