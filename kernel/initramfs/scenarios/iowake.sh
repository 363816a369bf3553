#!/bin/sh
# The I/O pad wake-up scenario (tests/boot/test_iowake.py): OFF modes on, a
# quiet system, and a shell on UART3 (ttyS2) that is not the kernel's
# console.  A kernel console holds its UART runtime-active for ever
# (serial8250_console_setup), which keeps PER and CORE ON; this shell's
# UART runtime-suspends after its autosuspend delay, its RX pad's
# wake-up is armed (with a DT that gives UART3 the pad wake-up interrupt,
# <&omap3_pmx_core OMAP3_UART3_RX>), and CORE can reach OFF.  A key
# typed then wakes the system through the I/O daisy chain.
#
# Kernel command line:
#   n9.iowake.delay=MS   UART3's autosuspend delay (default 3000): how long
#                        the shell's UART stays up after the last activity
delay=3000
for arg in $(cat /proc/cmdline); do
    case $arg in
        n9.iowake.delay=*) delay=${arg#n9.iowake.delay=} ;;
    esac
done
echo 1 > /sys/kernel/debug/pm_debug/enable_off_mode
# the other UARTs idle (quiet.sh), without waiting: the shell comes at once
QUIET_SETTLE=0 . /usr/share/n9/scenarios/quiet.sh
power=/sys/class/tty/ttyS2/device/power
echo "$delay" > $power/autosuspend_delay_ms
echo auto > $power/control
# a local line (no carrier to wait for), as a console or getty -L sets it
stty -F /dev/ttyS2 115200 clocal -crtscts
setsid sh -c 'exec /bin/sh -l <>/dev/ttyS2 >&0 2>&0'
