#!/bin/sh
# The DVFS scenario (tests/boot/test_dvfs.py): cpufreq on the MPU, started
# from here rather than typed at a console, so its modelled times are the
# same on every run.  Reports through n9host (semihosting) and ends QEMU;
# the machine's marks (stats JSON) hold the modelled time and the "dvfs"
# counters at each step.
#   1. what the boot left: governor, current and available frequencies (the
#      1 GHz OPP is a boost frequency: /init turns boost on);
#   2. the userspace governor at each OPP, 300 -> 600 -> 800 -> 1000 MHz
#      (OPP index i = 1..4, marks from 100 * i):
#      - the transition between marks 100i and 100i + 1 (clockcheck setspeed),
#      - PMCCNTR against the 32 kHz counter over BUSY cycles (clockcheck busy),
#      - a register-only loop of SPIN1 and of SPIN2 iterations, three times
#        each, between marks 100i + 10 + 2r, + 1 and 100i + 20 + 2r, + 1;
#   3. ondemand: idle (marks 900, 901), a load of LOAD cycles, idle again
#      (902, 903), and cpufreq's own statistics;
#   4. CORE OFF after an OPP change: the userspace governor at 600 MHz
#      (marks 1000, 1001), off mode and C7 only on a quiet system, a second
#      of sleep (1002, 1003: CORE OFF entries), then PMCCNTR against the
#      32 kHz counter.  The ROM restores DPLL1 from the scratchpad at each
#      wake-up: mainline saved it once at boot (1 GHz), patched 0007 after
#      every change (600 MHz).
# Kernel command line: n9.dvfs.busy=, n9.dvfs.spin1=, n9.dvfs.spin2=,
# n9.dvfs.load= override the sizes; n9.dvfs.phases=offwake runs only 4.
c=/sys/devices/system/cpu/cpu0/cpufreq
busy=20000000 spin1=100000 spin2=400000 load=400000000 phases=all
for arg in $(cat /proc/cmdline); do
    case $arg in
        n9.dvfs.busy=*) busy=${arg#*=} ;;
        n9.dvfs.spin1=*) spin1=${arg#*=} ;;
        n9.dvfs.spin2=*) spin2=${arg#*=} ;;
        n9.dvfs.load=*) load=${arg#*=} ;;
        n9.dvfs.phases=*) phases=${arg#*=} ;;
    esac
done
report() { echo "$*" | n9host write; }

if [ ! -d $c ]; then
    report "dvfs: no cpufreq policy for cpu0"
    n9host exit 2
fi
n9host mark 1
report "boot governor $(cat $c/scaling_governor) cur $(cat $c/scaling_cur_freq)"
report "available $(cat $c/scaling_available_frequencies) $(cat $c/scaling_boost_frequencies 2>/dev/null)"

offwake() {
    echo userspace > $c/scaling_governor
    report "offwake $(clockcheck setspeed 600000 1000)"
    echo 1 > /sys/kernel/debug/pm_debug/enable_off_mode
    . /usr/share/n9/scenarios/quiet.sh
    for s in /sys/devices/system/cpu/cpu0/cpuidle/state*; do
        if [ "${s##*state}" = 6 ]; then echo 0 > $s/disable; else echo 1 > $s/disable; fi
    done
    n9host mark 1002
    sleep 1
    n9host mark 1003
    report "offwake cur $(cat $c/scaling_cur_freq)"
    report "offwake $(clockcheck busy $busy)"
}
if [ "$phases" = offwake ]; then
    offwake
    n9host exit 0
fi

echo userspace > $c/scaling_governor
i=1
for f in 300000 600000 800000 1000000; do
    base=$((100 * i))
    report "opp $i $(clockcheck setspeed $f $base)"
    report "opp $i $(clockcheck busy $busy)"
    for r in 0 1 2; do
        report "opp $i $(clockcheck spin $spin1 $((base + 10 + 2 * r)))"
        report "opp $i $(clockcheck spin $spin2 $((base + 20 + 2 * r)))"
    done
    i=$((i + 1))
done

echo ondemand > $c/scaling_governor
n9host mark 900
sleep 1
n9host mark 901
report "ondemand idle cur $(cat $c/scaling_cur_freq)"
clockcheck busy $load > /dev/null
report "ondemand load cur $(cat $c/scaling_cur_freq)"
n9host mark 902
sleep 1
n9host mark 903
report "ondemand idle cur $(cat $c/scaling_cur_freq)"
report "stats total_trans $(cat $c/stats/total_trans)"
cat $c/stats/time_in_state | while read -r khz t; do
    report "stats time_in_state $khz $t"
done
offwake
n9host exit 0
