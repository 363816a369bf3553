#!/bin/sh
# The hackbench scenario (`n9 hackbench` runs it): Debian's hackbench
# (rt-tests) as a scheduler and IPC load beside kbench, on a quiet system,
# between marks 1 and 2, R times; the report goes through n9host
# (semihosting), then QEMU ends.  Pipe mode only: the kernel has no
# AF_UNIX (CONFIG_UNIX is off, guest/README.md).  hackbench's "Time:" is
# gettimeofday's: modelled time under icount, exact from run to run.
#
# Kernel command line:
#   n9.hackbench.groups=G      groups of senders and receivers (default 2)
#   n9.hackbench.fds=F         senders and receivers per group (default 10)
#   n9.hackbench.loops=L       messages per sender (default 100)
#   n9.hackbench.datasize=B    bytes per message (default 100)
#   n9.hackbench.threads=1     threads instead of processes
#   n9.hackbench.repeats=R     runs (default 3)
#   n9.hackbench.settle=S      seconds to let the system settle (3)
# Boot without a serial console: one keeps its UART, PER and CORE awake.
groups=2 fds=10 loops=100 datasize=100 threads= repeats=3 settle=3
for arg in $(cat /proc/cmdline); do
    case $arg in
        n9.hackbench.groups=*) groups=${arg#*=} ;;
        n9.hackbench.fds=*) fds=${arg#*=} ;;
        n9.hackbench.loops=*) loops=${arg#*=} ;;
        n9.hackbench.datasize=*) datasize=${arg#*=} ;;
        n9.hackbench.threads=*) threads=${arg#*=} ;;
        n9.hackbench.repeats=*) repeats=${arg#*=} ;;
        n9.hackbench.settle=*) settle=${arg#*=} ;;
    esac
done
set -- -p -g "$groups" -f "$fds" -l "$loops" -s "$datasize"
[ "$threads" = 1 ] && set -- "$@" -T

. /usr/share/n9/scenarios/conditions.sh
QUIET_SETTLE=$settle . /usr/share/n9/scenarios/quiet.sh

: > /tmp/hackbench.out
status=0
n9host mark 1
i=0
while [ $i -lt "$repeats" ]; do
    n9_measure hackbench "$@" >> /tmp/hackbench.out 2>&1 || status=$?
    i=$((i + 1))
done
n9host mark 2

{
    echo "== hackbench scenario"
    echo "kernel $(uname -r) $(cat /proc/version)"
    n9_conditions
    echo "options $* repeats $repeats"
    echo "== hackbench"
    cat /tmp/hackbench.out
    echo "hackbench status $status"
    echo "== end"
} > /tmp/report
n9host write < /tmp/report
n9host exit 0
