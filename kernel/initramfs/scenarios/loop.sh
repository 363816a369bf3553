#!/bin/sh
# The loop scenario (tests/bench/bench_boot.py runs it): a CPU-bound busybox
# shell loop between marks 1 and 2, started from here rather than typed at a
# console, so that its modelled duration is the same on every run; the
# machine's marks hold the virtual and the host time at each end.  Reports
# the iterations through n9host (semihosting) and ends QEMU.
#
# Kernel command line:
#   n9.loop.n=N     iterations (default 200000)
# Boot without a serial console: one keeps its UART, PER and CORE awake.
n=200000
for arg in $(cat /proc/cmdline); do
    case $arg in
        n9.loop.n=*) n=${arg#*=} ;;
    esac
done
n9host mark 1
i=0
while [ $i -lt "$n" ]; do i=$((i+1)); done
n9host mark 2
echo "loop $i iterations" | n9host write
n9host exit 0
