#!/bin/sh
# The cyclictest scenario (n9 cyclictest runs it): for each C-state
# asked for, enable only that state (as the idle scenario does) and run
# Debian's cyclictest (rt-tests) on the quiet system, then report its
# output through n9host (semihosting) and end QEMU.  Each state's run is
# marked for the machine: 10n+5 at its start, 10n+6 at its end, for Cn
# (-M rm696,stats=FILE, "marks").
#
# cyclictest: one thread, SCHED_FIFO 80, clock_nanosleep at an absolute
# period, memory locked, a summary at the end (-q).  --laptop: do not hold
# /dev/cpu_dma_latency at 0 us, which would keep the CPU out of every
# C-state with an exit latency (cpuidle's governor honours PM QoS).
#
# Kernel command line:
#   n9.cyclictest.states=C1,C3,...|all  the states, in this order (default all)
#   n9.cyclictest.loops=N               wake-ups per state (default 100)
#   n9.cyclictest.interval=US           period in us (default 10000)
#   n9.cyclictest.settle=S              seconds to let the system settle
#                                       first (default 3, as the idle
#                                       scenario: the drivers' runtime-PM
#                                       autosuspend delays must pass)
# Boot without a serial console: one keeps its UART, PER and CORE awake.
states=all
loops=100
interval=10000
settle=3
for arg in $(cat /proc/cmdline); do
    case $arg in
        n9.cyclictest.states=*) states=${arg#n9.cyclictest.states=} ;;
        n9.cyclictest.loops=*) loops=${arg#n9.cyclictest.loops=} ;;
        n9.cyclictest.interval=*) interval=${arg#n9.cyclictest.interval=} ;;
        n9.cyclictest.settle=*) settle=${arg#n9.cyclictest.settle=} ;;
    esac
done
[ "$states" = all ] && states=C1,C2,C3,C4,C5,C6,C7
cpuidle=/sys/devices/system/cpu/cpu0/cpuidle
pmdbg=/sys/kernel/debug/pm_debug

# OFF modes (C4, C6, C7) are off by default on the N9 (docs/facts.md, Linux 3)
case ",$states," in
    *,C4,*|*,C6,*|*,C7,*) echo 1 > $pmdbg/enable_off_mode ;;
esac
# cyclictest keeps a copy of its figures in POSIX shared memory (shm_open)
mkdir -p /dev/shm && mount -t tmpfs -o mode=1777 shm /dev/shm
# a quiet system (quiet.sh: UART autosuspend, settle), as the idle scenario
. /usr/share/n9/scenarios/conditions.sh
QUIET_SETTLE=$settle . /usr/share/n9/scenarios/quiet.sh

for st in $(echo "$states" | tr ',' ' '); do
    n=${st#C}
    for s in $cpuidle/state*; do
        i=${s##*state}
        if [ "$i" = $((n - 1)) ]; then echo 0 > $s/disable; else echo 1 > $s/disable; fi
    done
    u0=$(cat $cpuidle/state$((n - 1))/usage)
    n9host mark $((10 * n + 5))
    n9_measure cyclictest --laptop -m -q -p 80 -i "$interval" -l "$loops" \
        > /tmp/cyclictest.$n 2>&1
    echo "status $?" >> /tmp/cyclictest.$n
    n9host mark $((10 * n + 6))
    echo "usage_delta $(($(cat $cpuidle/state$((n - 1))/usage) - u0))" >> /tmp/cyclictest.$n
done
for s in $cpuidle/state*; do echo 0 > $s/disable; done

{
    echo "== cyclictest scenario"
    echo "kernel $(uname -r) $(cat /proc/version)"
    n9_conditions
    echo "states $states loops $loops interval_us $interval"
    for st in $(echo "$states" | tr ',' ' '); do
        echo "== cyclictest $st"
        cat /tmp/cyclictest.${st#C}
    done
    echo "== end"
} > /tmp/report
n9host write < /tmp/report
n9host exit 0
