#!/bin/sh
# The kbench scenario (n9 kbench runs it): what the kernel costs
# per operation (guest/kbench), on a quiet system, between marks 1 and 2;
# the report goes through n9host (semihosting), then QEMU ends.
#
# Kernel command line:
#   n9.kbench.tests=syscall,pipe,...  kbench's tests (default all)
#   n9.kbench.repeats=R            best of R (default 3)
#   n9.kbench.counts=TEST=N,...    operations per run (kbench -n)
#   n9.kbench.bytes=B              memset/memcpy bytes (default 8M)
#   n9.kbench.settle=S             seconds to let the system settle (3)
# Boot without a serial console: one keeps its UART, PER and CORE awake.
tests= repeats= counts= bytes= settle=3
for arg in $(cat /proc/cmdline); do
    case $arg in
        n9.kbench.tests=*) tests=${arg#*=} ;;
        n9.kbench.repeats=*) repeats=${arg#*=} ;;
        n9.kbench.counts=*) counts=${arg#n9.kbench.counts=} ;;
        n9.kbench.bytes=*) bytes=${arg#*=} ;;
        n9.kbench.settle=*) settle=${arg#*=} ;;
    esac
done
set --
[ -n "$tests" ] && set -- "$@" -t "$tests"
[ -n "$repeats" ] && set -- "$@" -r "$repeats"
[ -n "$counts" ] && set -- "$@" -n "$counts"
[ -n "$bytes" ] && set -- "$@" -b "$bytes"

. /usr/share/n9/scenarios/conditions.sh
QUIET_SETTLE=$settle . /usr/share/n9/scenarios/quiet.sh

n9host mark 1
n9_measure kbench -d /tmp "$@" > /tmp/kbench.out 2>&1
status=$?
n9host mark 2

{
    echo "== kbench scenario"
    echo "kernel $(uname -r) $(cat /proc/version)"
    echo "options $*"
    n9_conditions
    echo "== kbench"
    cat /tmp/kbench.out
    echo "kbench status $status"
    echo "== end"
} > /tmp/report
n9host write < /tmp/report
n9host exit 0
