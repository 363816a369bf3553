#!/bin/sh
# The idle scenario (n9 idle runs it): for each C-state asked for,
# enable only that state, idle N seconds of modelled time on a quiet system,
# then report the kernel's own counters through n9host (semihosting) and end
# QEMU.  Each state's window is marked for the machine (n9host mark: 10n+1
# at its start, 10n+2 at its end, for Cn), which keeps a copy of all its
# counters at each mark (-M rm696,stats=FILE, "marks"); the kernel's
# counters are read at the same instants.  Inside each window idlecount
# (guest/idlecount) counts the entries and residency per state from the
# kernel's trace events (report section "== idlecount Cn").  With
# n9.idle.idletime=1 a second pass follows: per state, idletime
# (guest/idletime) measures the timer wake-up lateness from user space
# inside its own window, marks 10n+3 .. 10n+4 ("== idletime Cn").
#
# Kernel command line:
#   n9.idle.states=C1,C3,...|all   the states, in this order (default all)
#   n9.idle.seconds=N              modelled seconds per state (default 2)
#   n9.idle.count_all=1            patched kernel: walk every domain on each
#                                  idle entry (pm_debug count_all_domains)
#   n9.idle.settle=S               seconds to let the system settle first
#                                  (default 3: the drivers' runtime-PM
#                                  autosuspend delays, McSPI's 2 s the longest,
#                                  must pass before CORE can sleep)
#   n9.idle.idlecount=0            a plain sleep in the windows instead of
#                                  idlecount (no trace events in the idle path)
#   n9.idle.idletime=1             the idletime pass, N seconds per state
#   n9.idle.idletime_period=US     idletime's period (default 10000)
# Boot without a serial console: one keeps its UART, PER and CORE awake.
states=all
secs=2
count_all=
idlecount=1
idletime=
idletime_period=10000
settle=3
for arg in $(cat /proc/cmdline); do
    case $arg in
        n9.idle.states=*) states=${arg#n9.idle.states=} ;;
        n9.idle.seconds=*) secs=${arg#n9.idle.seconds=} ;;
        n9.idle.count_all=*) count_all=${arg#n9.idle.count_all=} ;;
        n9.idle.settle=*) settle=${arg#n9.idle.settle=} ;;
        n9.idle.idlecount=*) idlecount=${arg#n9.idle.idlecount=} ;;
        n9.idle.idletime=*) idletime=${arg#n9.idle.idletime=} ;;
        n9.idle.idletime_period=*) idletime_period=${arg#n9.idle.idletime_period=} ;;
    esac
done
[ "$states" = all ] && states=C1,C2,C3,C4,C5,C6,C7
cpuidle=/sys/devices/system/cpu/cpu0/cpuidle
pmdbg=/sys/kernel/debug/pm_debug

# OFF modes (C4, C6, C7) are off by default on the N9 (docs/facts.md, Linux 3)
case ",$states," in
    *,C4,*|*,C6,*|*,C7,*) echo 1 > $pmdbg/enable_off_mode ;;
esac
if [ -n "$count_all" ] && [ -e $pmdbg/count_all_domains ]; then
    echo "$count_all" > $pmdbg/count_all_domains
fi
# a quiet system (quiet.sh: UART autosuspend, no 1-Wire search, settle)
QUIET_SETTLE=$settle . /usr/share/n9/scenarios/quiet.sh

# The kernel's counters at a mark: cpuidle usage and time, pm_debug count
snap() {
    for s in $cpuidle/state*; do
        echo "$(cat $s/name) usage $(cat $s/usage) time_us $(cat $s/time)"
    done > /tmp/cpuidle.$1
    cat $pmdbg/count > /tmp/pmcount.$1
}

# Enable only state Cn
only() {
    for s in $cpuidle/state*; do
        i=${s##*state}
        if [ "$i" = $(($1 - 1)) ]; then echo 0 > $s/disable; else echo 1 > $s/disable; fi
    done
}

for st in $(echo "$states" | tr ',' ' '); do
    n=${st#C}
    only $n
    snap $((10 * n + 1))
    n9host mark $((10 * n + 1))
    if [ "$idlecount" = 0 ]; then
        sleep "$secs"
    else
        idlecount -s "$secs" > /tmp/idlecount.$n 2>&1
    fi
    n9host mark $((10 * n + 2))
    snap $((10 * n + 2))
done
if [ "$idletime" = 1 ]; then
    for st in $(echo "$states" | tr ',' ' '); do
        n=${st#C}
        only $n
        n9host mark $((10 * n + 3))
        idletime -p "$idletime_period" -s "$secs" > /tmp/idletime.$n 2>&1
        n9host mark $((10 * n + 4))
    done
fi
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
    for st in $(echo "$states" | tr ',' ' '); do
        n=${st#C}
        for m in $((10 * n + 1)) $((10 * n + 2)); do
            echo "== mark $m cpuidle"
            cat /tmp/cpuidle.$m
            echo "== mark $m pm_debug count"
            cat /tmp/pmcount.$m
        done
    done
    echo "== sdrc_power $(devmem 0x6d000070)"
    for st in $(echo "$states" | tr ',' ' '); do
        n=${st#C}
        if [ "$idlecount" != 0 ]; then
            echo "== idlecount $st"
            cat /tmp/idlecount.$n
        fi
        if [ "$idletime" = 1 ]; then
            echo "== idletime $st"
            cat /tmp/idletime.$n
        fi
    done
    echo "== end"
} > /tmp/report
n9host write < /tmp/report
n9host exit 0
