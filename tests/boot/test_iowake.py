#!/usr/bin/env python3
"""I/O pad wake-up, end to end in Linux: a key typed at the shell wakes the
system from CORE OFF through the I/O daisy chain.

The N9's device tree gives UART3 no pad wake-up interrupt, so the test adds
the one the N900's has (interrupts-extended = <&intc 74 &omap3_pmx_core
OMAP3_UART3_RX>) to a copy of the DTB.  The kernel then arms the RX pad
(pinctrl-single sets WAKEUPENABLE when 8250_omap's dedicated wake-up
interrupt is enabled at runtime suspend), and removes UART3's sDMA
channels: 8250_omap moves a non-console port's bytes with the sDMA, which
the model does not (docs/known-gaps.md); without them it uses PIO.  The initramfs scenario
n9.run=iowake turns OFF modes on and gives ttyS2 a shell that is not the
kernel's console (a console keeps its UART runtime-active, and so PER and
CORE ON).  Twice: wait (QMP) until CORE is OFF with the RX pad armed, type
one character (with the machine stopped there: the key ends a C7 entry), and check that the pad latched WAKEUPEVENT (SCM), the PRCM's
"io" interrupt and the serial wake-up interrupt ran (/proc/interrupts), the
kernel cleared the latch and restored UART3 (clock on, MDR1 back to UART
16x: bytes typed before that are lost too, so the test waits for it), the
typed character was lost (the receiver had no clock, as on the phone) and
the shell answers the next command.  At the
end the machine's idle counters (stats JSON) name the wake-ups
"11 prcm io-chain".

With -icount shift=0 (sleep on): an idle guest's virtual time follows the
host's, so the shell's UART stays up for its autosuspend delay (3 s)
while the test types; each line is typed with the machine stopped (QMP)
from the check that UART3 receives until the bytes are in QEMU's pipe, so
a host that stalls the test cannot let the UART suspend under a line.
Prints one "PASS: ..." or "FAIL: ..." line per check.
Usage: test_iowake.py QEMU KERNEL_DIR INITRD LOGDIR
"""
import json
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'lib'))
from n9console import N9Console, BootError, PROMPT  # noqa: E402
from n9qmp import QMP  # noqa: E402
import n9check  # noqa: E402
from n9check import check  # noqa: E402


UART3_NODE = '/ocp@68000000/serial@49020000'
PMX_CORE_NODE = '/ocp@68000000/l4@48000000/scm@2000/pinmux@30'
UART3_IRQ = 74
PAD_OFFSET = 0x16e              # OMAP3_UART3_RX: padconf 0x4800219e
PAD_ADDR = 0x48002000 + 0x30 + PAD_OFFSET
WAKEUPENABLE, WAKEUPEVENT = 1 << 14, 1 << 15
CM_FCLKEN_PER = 0x48005000
EN_UART3 = 1 << 11
UART3_MDR1 = 0x49020020         # MODE_SELECT: 0 = UART 16x, 7 = disabled


def xp(q, addr, size):
    """A physical read of @size bytes (1, 2, 4) through the monitor (not
    charged to the guest)."""
    out = q.hmp('xp /1%sx 0x%x' % ({1: 'b', 2: 'h', 4: 'w'}[size], addr))
    return int(out.split(':')[1].split()[0], 16)


def make_dtb(src, dst):
    """The N9 DTB plus the N900's UART3 RX pad wake-up interrupt, UART3
    without sDMA channels."""
    dts = subprocess.run(['dtc', '-q', '-I', 'dtb', '-O', 'dts', src],
                         check=True, capture_output=True, text=True).stdout
    phandle = max(int(p, 16) for p in
                  re.findall(r'phandle = <0x([0-9a-f]+)>', dts)) + 1
    subprocess.run(['cp', src, dst], check=True)
    subprocess.run(['fdtput', '-t', 'x', dst, PMX_CORE_NODE, 'phandle',
                    '%x' % phandle], check=True)
    intc = subprocess.run(['fdtget', '-t', 'x', src, UART3_NODE,
                           'interrupts-extended'], check=True,
                          capture_output=True, text=True).stdout.split()[0]
    subprocess.run(['fdtput', '-t', 'x', dst, UART3_NODE,
                    'interrupts-extended', intc, '%x' % UART3_IRQ,
                    '%x' % phandle, '%x' % PAD_OFFSET], check=True)
    # No sDMA for UART3: 8250_omap moves a non-console port's bytes with
    # the sDMA when the DT names its channels, and the model's sDMA moves
    # no data (docs/known-gaps.md), so the shell's output would never leave
    # the FIFO.  Without "dmas" the driver uses the FIFO interrupts (PIO).
    for prop in ('dmas', 'dma-names'):
        subprocess.run(['fdtput', '-d', dst, UART3_NODE, prop], check=True)


def wait_for(what, cond, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        v = cond()
        if v:
            return v
        time.sleep(0.05)
    raise BootError('timed out after %d s waiting for %s' % (timeout, what))


def receiving_stopped(q):
    """Stop the machine; True (and it stays stopped) if UART3 receives:
    its functional clock on and MDR1 in UART 16x mode (after a wake-up
    from OFF, omap8250_runtime_resume restores MDR1 last)."""
    q.cmd('stop')
    if xp(q, CM_FCLKEN_PER, 4) & EN_UART3 and xp(q, UART3_MDR1, 1) & 7 == 0:
        return True
    q.cmd('cont')
    return False


def core_off_stopped(q):
    """Stop the machine; its power states (and it stays stopped) if CORE
    is OFF."""
    q.cmd('stop')
    states = q.qom('/machine/soc/prcm', 'power-states')
    if 'core=OFF' in states:
        return states
    q.cmd('cont')
    return None


def send_receiving(con, q, data, timeout=10):
    """Type @data at ttyS2 while UART3 receives.  An idle guest's virtual
    time follows the host's, so a host that stalls the test for longer
    than the UART's autosuspend delay (3 s) would let it suspend under a
    typed line; with the machine stopped from the check until the bytes
    are in QEMU's pipe no virtual time passes in between."""
    wait_for('UART3 to receive', lambda: receiving_stopped(q), timeout)
    try:
        con.type(data)
    finally:
        q.cmd('cont')


def irq_counts(text):
    """{name: count} of the PRCM "io" interrupt and the UART's wake-up one."""
    out = {}
    for line in text.split('\n'):
        m = re.match(r'\s*\d+:\s+(\d+)\s+(.*)$', line)
        if not m:
            continue
        if 'pm_io' in line:
            out['pm_io'] = int(m.group(1))
        if '49020000.serial:wakeup' in line:
            out['wakeirq'] = int(m.group(1))
    return out


def one_wake(con, q, sh, n):
    """Round @n: CORE OFF, a key, the I/O chain wake-up, the shell answers."""
    ev0 = q.qom('/machine/soc/scm', 'wakeup-events')
    before = irq_counts(sh('cat /proc/interrupts'))
    # the shell's UART idles after 3 s, PER and CORE follow; the key is
    # typed with the machine stopped in CORE OFF, so that it is what ends
    # that C7 entry (not a timer's wake-up in between)
    states = wait_for('CORE OFF', lambda: core_off_stopped(q), 60)
    try:
        pad = xp(q, PAD_ADDR, 2)
        check('round %d: CORE reached OFF with the UART3 RX pad armed '
              '(padconf 0x%04x: WAKEUPENABLE)' % (n, pad),
              'per=OFF' in states and pad & WAKEUPENABLE and
              not pad & WAKEUPEVENT, '%s; pad 0x%04x' % (states, pad))
        con.type(b'x')
    finally:
        q.cmd('cont')
    try:
        wait_for('the pad latch', lambda: q.qom('/machine/soc/scm',
                                                'wakeup-events') > ev0, 10)
        latched = True
    except BootError:
        latched = False
    check('round %d: the key latched WAKEUPEVENT on the RX pad' % n, latched,
          'SCM wakeup-events stayed %d' % ev0)
    if not latched:
        return
    # the kernel's "io" handler chain: pinctrl-single finds the pad, masks
    # it (WAKEUPENABLE cleared: the latch clears), 8250_omap's wake-up
    # interrupt resumes the UART: its functional clock runs again, then
    # omap8250_runtime_resume restores the registers PER OFF reset, MDR1
    # last.  Until then the receiver is off and typed bytes are lost too.
    try:
        wait_for('the kernel to take the pad event',
                 lambda: not q.qom('/machine/soc/scm', 'io-wake'), 10)
        wait_for('UART3 to run again', lambda: receiving_stopped(q), 10)
        q.cmd('cont')
        handled = True
    except BootError as e:
        handled = str(e)
    pad = xp(q, PAD_ADDR, 2)
    check('round %d: the kernel cleared the latch and resumed UART3 '
          '(padconf 0x%04x; clock on, MDR1 restored)' % (n, pad),
          handled is True and
          not pad & WAKEUPEVENT, handled)
    try:
        after = irq_counts(sh('cat /proc/interrupts', timeout=20))
        answered = True
    except BootError as e:
        answered, after = str(e), {}
    check('round %d: the shell answers the next command, the waking key '
          'is lost' % n, answered is True, answered)
    check('round %d: the PRCM "io" interrupt and the UART\'s pad wake-up '
          'interrupt ran (%s -> %s)' % (n, before, after),
          after.get('pm_io', 0) > before.get('pm_io', 0) and
          after.get('wakeirq', 0) > before.get('wakeirq', 0))


def main():
    qemu, kdir, initrd, logdir = sys.argv[1:5]
    os.makedirs(logdir, exist_ok=True)
    dtb = os.path.join(logdir, 'iowake.dtb')
    make_dtb(os.path.join(kdir, 'omap3-n9.dtb'), dtb)
    sock = os.path.join(logdir, 'iowake-qmp.sock')
    stats = os.path.join(logdir, 'iowake-stats.json')
    for f in (sock, stats):
        if os.path.exists(f):
            os.unlink(f)
    t0 = time.monotonic()
    con = N9Console(qemu, os.path.join(kdir, 'zImage'), dtb, initrd,
                    append='n9.run=iowake', console=None,
                    machine={'symbols': '%s/System.map' % kdir,
                             'stats': stats}, icount='shift=0',
                    extra=['-qmp', 'unix:%s,server=on,wait=off' % sock],
                    log_path=os.path.join(logdir, 'iowake-ttyS2.log'))
    try:
        q = QMP(sock)
        con.expect(PROMPT, 300)

        def sh(command, timeout=60):
            return con.run(command, timeout,
                           send=lambda data: send_receiving(con, q, data))
        sh('dmesg -n 1')            # kernel messages stay in dmesg
        consoles = sh('cat /proc/consoles')
        check('ttyS2 has a shell and is not the kernel console',
              not re.search(r'^ttyS2\b', consoles, re.M), consoles)
        wk = sh('cat /sys/kernel/debug/pm_debug/enable_off_mode '
                     '/sys/class/tty/ttyS2/device/power/autosuspend_delay_ms')
        check('OFF modes on, UART3 autosuspends after 3000 ms (%s)'
              % ' '.join(wk.split()), wk.split() == ['1', '3000'], wk)
        for n in (1, 2):
            one_wake(con, q, sh, n)
        q.cmd('quit')
        con.proc.wait(timeout=60)
    except BootError as e:
        check('the I/O wake-up scenario runs (log: %s)'
              % os.path.join(logdir, 'iowake-ttyS2.log'), False, str(e))
    finally:
        con.close()
    try:
        with open(stats) as f:
            idle = json.load(f)['idle']
        # {state: count} of the I/O chain wake-ups: the two keys, each
        # ending a C7 (MPU and CORE OFF) entry, nothing else
        io = {name: st['wakeup_sources']['11 prcm io-chain']
              for name, st in idle['states'].items()
              if '11 prcm io-chain' in st['wakeup_sources']}
        check('the idle counters name the wake-ups: "11 prcm io-chain" %s'
              % io, io == {'C7': 2},
              {k: v['wakeup_sources'] for k, v in idle['states'].items()})
    except (OSError, ValueError, KeyError) as e:
        check('the idle counters (stats JSON %s)' % stats, False, e)
    print('test_iowake: %.0f s host time' % (time.monotonic() - t0))
    return 1 if n9check.failed else 0


if __name__ == '__main__':
    sys.exit(main())
