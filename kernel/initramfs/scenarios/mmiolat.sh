#!/bin/sh
# The mmiolat scenario (tests/guest/test_mmiolat.py runs it): the cost of
# one register read as the phone measured it, under Linux, started from
# here rather than typed at a console so that every figure is the same on
# every run.  Runs mmiolat with the cycle counter (between marks 1 and 2)
# and with the 32 kHz counter (marks 3 and 4), then the usage checks
# (one target; an unknown target), and reports everything, with the
# kernel's message about user access to PMCCNTR, through n9host
# (semihosting), then ends QEMU.
#
# Kernel command line:
#   n9.mmiolat.reads=N        reads per target and repeat (mmiolat -n)
#   n9.mmiolat.settle=S       seconds to let the system settle first
#                             (default 0; quiet.sh's 3 for a quiet system)
# Boot without a serial console: one keeps its UART, PER and CORE awake.
reads=
settle=0
for arg in $(cat /proc/cmdline); do
    case $arg in
        n9.mmiolat.reads=*) reads=${arg#*=} ;;
        n9.mmiolat.settle=*) settle=${arg#*=} ;;
    esac
done
set --
[ -n "$reads" ] && set -- -n "$reads"
[ "$settle" != 0 ] && QUIET_SETTLE=$settle . /usr/share/n9/scenarios/quiet.sh

n9host mark 1
mmiolat "$@" > /tmp/ccnt 2>&1
echo "status $?" >> /tmp/ccnt
n9host mark 2
n9host mark 3
mmiolat -c 32k "$@" > /tmp/32k 2>&1
echo "status $?" >> /tmp/32k
n9host mark 4
mmiolat -t prm -n 100 > /tmp/one 2>&1
echo "status $?" >> /tmp/one
mmiolat -t nosuch > /tmp/bad 2>&1
echo "status $?" >> /tmp/bad

{
    echo "== mmiolat scenario"
    echo "kernel $(uname -r) $(cat /proc/version)"
    echo "options $*"
    echo "== dmesg cycle counter"
    dmesg | grep "cycle counter"
    echo "== mmiolat"
    cat /tmp/ccnt
    echo "== mmiolat -c 32k"
    cat /tmp/32k
    echo "== mmiolat -t prm -n 100"
    cat /tmp/one
    echo "== mmiolat -t nosuch"
    cat /tmp/bad
    echo "== end"
} > /tmp/report
n9host write < /tmp/report
n9host exit 0
