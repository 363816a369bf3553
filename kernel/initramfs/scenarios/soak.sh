#!/bin/sh
# The soak scenario (tests/idle/test_soak.py, n9 soak): many CORE
# OFF entries in one boot.  Only C7 is enabled (off mode on); a program
# sleeps N times (each sleep is one C7 entry: MPU and CORE OFF, the boot
# ROM's restore, the kernel's context restore) between two marks, and the
# cycle counter is compared with the 32 kHz counter before and after.
#
# Kernel command line:
#   n9.soak.entries=N      sleeps (default 1200: about 1000 of them reach
#                          CORE OFF, see quiet.sh for the others)
#   n9.soak.us=US          each sleep (default 20000)
entries=1200
us=20000
for arg in $(cat /proc/cmdline); do
    case $arg in
        n9.soak.entries=*) entries=${arg#n9.soak.entries=} ;;
        n9.soak.us=*) us=${arg#n9.soak.us=} ;;
    esac
done
cpuidle=/sys/devices/system/cpu/cpu0/cpuidle
pmdbg=/sys/kernel/debug/pm_debug

echo 1 > $pmdbg/enable_off_mode
. /usr/share/n9/scenarios/quiet.sh
for s in $cpuidle/state*; do
    if [ "${s##*state}" = 6 ]; then echo 0 > $s/disable; else echo 1 > $s/disable; fi
done

before=$(clockcheck busy 10000000)
c7a=$(cat $cpuidle/state6/usage)
n9host mark 1
result=$(clockcheck sleeps "$entries" "$us")
n9host mark 2
c7b=$(cat $cpuidle/state6/usage)
after=$(clockcheck busy 10000000)
{
    echo "== soak"
    echo "before $before"
    echo "$result"
    echo "after $after"
    echo "c7 usage $c7a $c7b"
    echo "== pm_debug count"
    cat $pmdbg/count
    echo "== sdrc_power $(devmem 0x6d000070)"
    echo "== end"
} > /tmp/report
n9host write < /tmp/report
n9host exit 0
