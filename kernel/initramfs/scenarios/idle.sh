#!/bin/sh
# The idle scenario (scripts/idle.sh runs it): for each C-state asked for,
# enable only that state, idle N seconds of modelled time on a quiet system,
# then report the kernel's own counters through n9host (semihosting) and end
# QEMU.  The machine's counters (-M rm696,symbols=...,stats=FILE) are
# written when QEMU ends, at the same instant.
#
# Kernel command line:
#   n9.idle.states=C1,C3,...|all   the states, in this order (default all)
#   n9.idle.seconds=N              modelled seconds per state (default 2)
#   n9.idle.count_all=1            patched kernel: walk every domain on each
#                                  idle entry (pm_debug count_all_domains)
# Boot without a serial console: one keeps its UART, PER and CORE awake.
states=all
secs=2
count_all=
for arg in $(cat /proc/cmdline); do
    case $arg in
        n9.idle.states=*) states=${arg#n9.idle.states=} ;;
        n9.idle.seconds=*) secs=${arg#n9.idle.seconds=} ;;
        n9.idle.count_all=*) count_all=${arg#n9.idle.count_all=} ;;
    esac
done
[ "$states" = all ] && states=C1,C2,C3,C4,C5,C6,C7
cpuidle=/sys/devices/system/cpu/cpu0/cpuidle
pmdbg=/sys/kernel/debug/pm_debug

# OFF modes (C4, C6, C7) are off by default on the N9 (kernel-facts 3)
case ",$states," in
    *,C4,*|*,C6,*|*,C7,*) echo 1 > $pmdbg/enable_off_mode ;;
esac
if [ -n "$count_all" ] && [ -e $pmdbg/count_all_domains ]; then
    echo "$count_all" > $pmdbg/count_all_domains
fi
# UARTs that are not a console may runtime-suspend (their clocks stop)
for d in /sys/bus/platform/devices/*.serial; do
    echo 100 > $d/power/autosuspend_delay_ms
done

for st in $(echo "$states" | tr ',' ' '); do
    n=${st#C}
    for s in $cpuidle/state*; do
        i=${s##*state}
        if [ "$i" = $((n - 1)) ]; then echo 0 > $s/disable; else echo 1 > $s/disable; fi
    done
    sleep "$secs"
done
for s in $cpuidle/state*; do echo 0 > $s/disable; done

{
    echo "== idle scenario"
    echo "kernel $(uname -r) $(cat /proc/version)"
    echo "states $states seconds $secs count_all ${count_all:-0}"
    echo "== cpuidle"
    for s in $cpuidle/state*; do
        echo "$(cat $s/name) usage $(cat $s/usage) time_us $(cat $s/time) above $(cat $s/above) below $(cat $s/below)"
    done
    echo "== pm_debug count"
    cat $pmdbg/count
    echo "== sdrc_power $(devmem 0x6d000070)"
    echo "== end"
} > /tmp/report
n9host write < /tmp/report
n9host exit 0
