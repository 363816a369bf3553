#!/bin/sh
# The membench scenario (n9 membench runs it): the memory path as
# the phone measured it.  On a quiet system: optionally reach CORE OFF
# first (the mainline kernel's way to SDRC_POWER 0x129), read SDRC_POWER
# with sdrcpwr (and busybox devmem, a second witness), optionally write it
# (what-if), run membench between marks
# 1 and 2 (membench marks each measured item too, from 100 on: 100+2i at
# its start, 101+2i at its end), read SDRC_POWER again, then report
# through n9host (semihosting) and end QEMU.
#
# Kernel command line:
#   n9.membench.tests=lat,bw,line,pause  membench's tests (default: its own,
#                                  lat,bw,line, and pause with a pause)
#   n9.membench.sizes=16K,...      working sets of the lat test
#   n9.membench.repeats=R          best of R (default 3)
#   n9.membench.loads=N            at least N loads per lat run
#   n9.membench.bytes=B            bandwidth buffer (default 8M)
#   n9.membench.pause=US           the pause test, US between batches
#   n9.membench.pauses=N           pauses (default 50)
#   n9.membench.batch=B            loads per batch (default 256)
#   n9.membench.first=K            loads timed apart after each pause (1)
#   n9.membench.spin=1             busy-wait in the pauses instead of sleeping
#   n9.membench.sdrc_power=VALUE   sdrcpwr -w VALUE before measuring
#   n9.membench.coreoff=1          first idle 2 s in C7 (off mode on; marks
#                                  3 and 4): MPU and CORE OFF; then off mode
#                                  off again and every C-state enabled, as
#                                  after boot
#   n9.membench.settle=S           seconds to let the system settle (3)
# Boot without a serial console: one keeps its UART, PER and CORE awake.
tests= sizes= repeats= loads= bytes= pause= pauses= batch= first= spin=
sdrc_power= coreoff= settle=3
for arg in $(cat /proc/cmdline); do
    case $arg in
        n9.membench.tests=*) tests=${arg#*=} ;;
        n9.membench.sizes=*) sizes=${arg#*=} ;;
        n9.membench.repeats=*) repeats=${arg#*=} ;;
        n9.membench.loads=*) loads=${arg#*=} ;;
        n9.membench.bytes=*) bytes=${arg#*=} ;;
        n9.membench.pause=*) pause=${arg#*=} ;;
        n9.membench.pauses=*) pauses=${arg#*=} ;;
        n9.membench.batch=*) batch=${arg#*=} ;;
        n9.membench.first=*) first=${arg#*=} ;;
        n9.membench.spin=*) spin=${arg#*=} ;;
        n9.membench.sdrc_power=*) sdrc_power=${arg#*=} ;;
        n9.membench.coreoff=*) coreoff=${arg#*=} ;;
        n9.membench.settle=*) settle=${arg#*=} ;;
    esac
done
set --
[ -n "$tests" ] && set -- "$@" -t "$tests"
[ -n "$sizes" ] && set -- "$@" -s "$sizes"
[ -n "$repeats" ] && set -- "$@" -r "$repeats"
[ -n "$loads" ] && set -- "$@" -n "$loads"
[ -n "$bytes" ] && set -- "$@" -b "$bytes" -l "$bytes"
[ -n "$pause" ] && set -- "$@" --pause "$pause"
[ -n "$pauses" ] && set -- "$@" --pauses "$pauses"
[ -n "$batch" ] && set -- "$@" -B "$batch"
[ -n "$first" ] && set -- "$@" -K "$first"
[ "$spin" = 1 ] && set -- "$@" --spin
cpuidle=/sys/devices/system/cpu/cpu0/cpuidle
pmdbg=/sys/kernel/debug/pm_debug

[ "$coreoff" = 1 ] && echo 1 > $pmdbg/enable_off_mode
. /usr/share/n9/scenarios/conditions.sh
QUIET_SETTLE=$settle . /usr/share/n9/scenarios/quiet.sh

# CORE OFF: only C7 (state6) for 2 s: its entries put MPU and CORE OFF
# (the soak scenario's 20 ms sleeps reach CORE OFF 5 times in 6).  The
# kernel's own count of CORE OFF entries (pm_debug count:
# "core_pwrdm (ON),OFF:n,RET:n,...") goes in the report.
core_off() {
    sed -n 's/^core_pwrdm ([A-Z]*),OFF:\([0-9]*\),.*/\1/p' $pmdbg/count
}
if [ "$coreoff" = 1 ]; then
    for s in $cpuidle/state*; do
        if [ "${s##*state}" = 6 ]; then echo 0 > $s/disable; else echo 1 > $s/disable; fi
    done
    c7a=$(cat $cpuidle/state6/usage) offa=$(core_off)
    n9host mark 3
    sleep 2
    n9host mark 4
    c7b=$(cat $cpuidle/state6/usage) offb=$(core_off)
    echo 0 > $pmdbg/enable_off_mode
    for s in $cpuidle/state*; do echo 0 > $s/disable; done
fi

sdrcpwr > /tmp/sdrcpwr.before 2>&1
before_devmem=$(devmem 0x6d000070)
if [ -n "$sdrc_power" ]; then
    sdrcpwr -w "$sdrc_power" > /tmp/sdrcpwr.write 2>&1
    echo "sdrcpwr status $?" >> /tmp/sdrcpwr.write
fi
n9host mark 1
# membench's marks: the user's group may open /dev/mem, and it keeps
# CAP_SYS_RAWIO (17), which /dev/mem asks for; nothing else of root's
if [ $n9_cond = phone ]; then
    chgrp $N9_UID /dev/mem && chmod 0660 /dev/mem
fi
N9_CAP=17 n9_measure membench --marks 100 "$@" > /tmp/membench.out 2>&1
status=$?
n9host mark 2
sdrcpwr > /tmp/sdrcpwr.after 2>&1

{
    echo "== membench scenario"
    echo "kernel $(uname -r) $(cat /proc/version)"
    n9_conditions
    echo "options $*"
    if [ "$coreoff" = 1 ]; then
        echo "== core off"
        echo "c7 usage $c7a $c7b core_off $offa $offb"
    fi
    echo "== sdrcpwr before"
    cat /tmp/sdrcpwr.before
    echo "== devmem sdrc_power before $before_devmem"
    if [ -n "$sdrc_power" ]; then
        echo "== sdrcpwr write $sdrc_power"
        cat /tmp/sdrcpwr.write
    fi
    echo "== membench"
    cat /tmp/membench.out
    echo "membench status $status"
    echo "== sdrcpwr after"
    cat /tmp/sdrcpwr.after
    echo "== devmem sdrc_power after $(devmem 0x6d000070)"
    echo "== end"
} > /tmp/report
n9host write < /tmp/report
n9host exit 0
