#!/usr/bin/env python3
"""Boot test: the rm696 model boots Linux 6.18 to the busybox shell.

Boots the project's kernel, DTB and initramfs, once as a user would
(functional, no icount) and once with -icount shift=0,sleep=off, and checks
what a kernel developer relies on: the SoC is identified as an HS OMAP3630
ES1.2, the clocksource is the 32 kHz counter, the clockevent is GPT1 (INTC
line 37) and ticks, the console is ttyS2 (UART3), the TWL5031 probed (rtc0, its regulators,
its PIH on INTC 7), and the boot log has no
problem line that docs/boot-warnings.md does not explain.

Prints one "PASS: ..." or "FAIL: ..." line per check.
Usage: test_boot.py QEMU ZIMAGE DTB INITRD LOGDIR
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))
from n9console import N9Console, BootError  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'lib'))
import n9check  # noqa: E402
from n9check import check  # noqa: E402

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))


def allowed_warnings():
    """Patterns of the boot-log lines that docs/boot-warnings.md explains."""
    pats = []
    path = os.path.join(TOP, 'docs', 'boot-warnings.md')
    for line in open(path, encoding='utf-8'):
        m = re.match(r'^\| `([^`]+)` \|', line)
        if m:
            # a pipe inside a Markdown table cell is written \|
            pats.append(re.compile(m.group(1).replace('\\|', '|')))
    return pats


PROBLEM = re.compile(r'Oops|BUG|WARNING:|Unable to handle|Internal error|'
                     r'[Ff]ailed|timed out|[Tt]imeout|panic|'
                     r'Unhandled fault|external abort|hung_task')


def boot(label, qemu, kernel, dtb, initrd, logdir, icount):
    log = os.path.join(logdir, 'boot-%s.log' % label)
    con = N9Console(qemu, kernel, dtb, initrd, icount=icount, log_path=log)
    try:
        try:
            con.wait_prompt(600)
            check('%s: boots to the shell prompt on ttyS2 (%.0f s host time)'
                  % (label, con.elapsed()), True)
        except BootError as e:
            check('%s: boots to the shell prompt (log: %s)' % (label, log),
                  False, str(e))
            return
        cpuinfo = con.run('cat /proc/cpuinfo')
        check('%s: /proc/cpuinfo shows an ARMv7 Cortex-A8 (part 0xc08)' % label,
              'ARMv7' in cpuinfo and re.search(r'CPU part\s*:\s*0xc08', cpuinfo) is not None,
              cpuinfo)
        soc = {}
        for f in ('machine', 'family', 'revision', 'type', 'soc_id'):
            soc[f] = con.run('cat /sys/devices/soc0/%s 2>/dev/null' % f).strip()
        check('%s: soc0 is an OMAP3630 (machine %r, family %r)'
              % (label, soc['machine'], soc['family']),
              soc['machine'] == 'OMAP3630/DM3730' and soc['family'] == 'OMAP3')
        check('%s: soc0 revision is ES1.2 (%r)' % (label, soc['revision']),
              soc['revision'] == 'ES1.2')
        check('%s: soc0 type is HS, as on the N9 (%r)' % (label, soc['type']),
              soc['type'] == 'HS')
        cs = con.run('cat /sys/devices/system/clocksource/clocksource0/current_clocksource').strip()
        check('%s: clocksource is 32k_counter (%r)' % (label, cs), cs == '32k_counter')
        # The dmtimer clockevent has no name (current_device reads "(null)"
        # on the phone too): identify it by its driver's banner and by the
        # tick device's set_next_event.
        banner = con.run('dmesg | grep "clockevent: always-on"')
        check('%s: the clockevent is GPT1 (0x48318000) at 32768 Hz' % label,
              re.search(r'clockevent: always-on 32768 Hz at \S*48318000', banner)
              is not None, banner)
        tl = con.run('grep -m1 set_next_event /proc/timer_list')
        check('%s: the tick device is the dmtimer clockevent' % label,
              'dmtimer_set_next_event' in tl, tl)
        irq1 = con.run('grep clockevent /proc/interrupts')
        con.run('sleep 1')
        irq2 = con.run('grep clockevent /proc/interrupts')

        def count(line):
            m = re.search(r'^\s*\d+:\s+(\d+)\s+INTC\s+(\d+)', line, re.M)
            return (int(m.group(1)), int(m.group(2))) if m else (None, None)
        (n1, line1), (n2, line2) = count(irq1), count(irq2)
        check('%s: the clockevent is GPT1 (INTC line 37) and ticks (%s -> %s)'
              % (label, n1, n2), line1 == 37 and n1 is not None and n2 > n1,
              irq1 + '\n' + irq2)
        consoles = con.run('cat /proc/consoles')
        check('%s: the console is ttyS2 (UART3)' % label,
              re.search(r'^ttyS2\b', consoles, re.M) is not None, consoles)
        # The TWL5031 on I2C1 (docs/twl5031.md): its core, regulators,
        # RTC and interrupt tree probed.
        rtc = con.run('cat /sys/class/rtc/rtc0/name').strip()
        check('%s: rtc0 is the TWL\'s RTC (%r)' % (label, rtc),
              rtc.startswith('twl_rtc'), rtc)
        regs = con.run('cat /sys/class/regulator/*/name').split()
        check('%s: the TWL\'s regulators are registered (VDD1, vaux1-4, '
              'vmmc1, vpll2)' % label,
              all(r in regs for r in ('VDD1', 'vaux1', 'vaux2', 'vaux3',
                                      'vaux4', 'vmmc1', 'vpll2')),
              ' '.join(regs))
        pih = con.run('grep TWL4030-PIH /proc/interrupts')
        check('%s: the TWL\'s PIH is chained on INTC line 7 (sys_nirq)' % label,
              re.search(r'INTC\s+7\s.*TWL4030-PIH', pih) is not None, pih)
        if icount:
            # under icount the n9 tool starts the RTC from a fixed date on
            # the virtual clock (-rtc base=2011-06-21T12:00:00,clock=vm)
            day = con.run('cat /sys/class/rtc/rtc0/date').strip()
            check('%s: the RTC counts from -rtc base= (%r)' % (label, day),
                  day == '2011-06-21', day)
        dmesg = con.run('dmesg', timeout=120)
        allowed = allowed_warnings()
        bad = [l for l in dmesg.split('\n')
               if PROBLEM.search(l) and not any(p.search(l) for p in allowed)]
        check('%s: boot log has no unexplained problem line (%d found)'
              % (label, len(bad)), not bad, '\n'.join(bad[:40]))
        with open(os.path.join(logdir, 'dmesg-%s.txt' % label), 'w') as f:
            f.write(dmesg)
    finally:
        con.close()


def main():
    qemu, kernel, dtb, initrd, logdir = sys.argv[1:6]
    os.makedirs(logdir, exist_ok=True)
    boot('functional', qemu, kernel, dtb, initrd, logdir, None)
    boot('icount', qemu, kernel, dtb, initrd, logdir, 'shift=0,sleep=off')
    return 1 if n9check.failed else 0


if __name__ == '__main__':
    sys.exit(main())
