#!/usr/bin/env bash
# The kbench scenario: boot the N9 model with icount and without a serial
# console and run the guest's kbench (system call, sched_yield, pipe round
# trip, thread and process switch, anonymous and file page faults, spawn,
# memset/memcpy; ns per operation, PMCCNTR) on a quiet system.  The phone's
# kbench figures are not in hardware-facts.md: the table is the model's.
#
#   scripts/kbench.sh [--kernel mainline|patched|FILE] [--tests LIST]
#                     [--counts TEST=N,...] [--bytes B] [--repeats R]
#                     [--out DIR] [--json FILE] [-- QEMU args]
#
# --kernel   patched (default), mainline, or a zImage of your own (its
#            omap3-n9.dtb beside it, else the patched kernel's)
# --tests    kbench's tests (default all): syscall,yield,pipe,thread,
#            process,anonfault,filefault,spawn,memset,memcpy
# --counts   operations per run, e.g. pipe=1000,spawn=10 (kbench -n)
# --bytes    memset/memcpy bytes (default 8M)
# --repeats  best of R (default 3)
# --out      keep QEMU's statistics file and the guest's report there
# --json     write the figures as JSON
# Everything after -- goes to QEMU.  More machine options:
# QEMU_N9_MACHINE_OPTS=timing=timing/no-latency.ini ...
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/scenario.sh"

kernel=patched tests= counts= bytes= repeats= outdir= json=
while [ $# -gt 0 ]; do
    case "$1" in
        --kernel) need_arg "$@"; kernel=$2; shift 2 ;;
        --tests) need_arg "$@"; tests=$2; shift 2 ;;
        --counts) need_arg "$@"; counts=$2; shift 2 ;;
        --bytes) need_arg "$@"; bytes=$2; shift 2 ;;
        --repeats) need_arg "$@"; repeats=$2; shift 2 ;;
        --out) need_arg "$@"; outdir=$2; shift 2 ;;
        --json) need_arg "$@"; json=$(realpath -m "$2"); shift 2 ;;
        -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
        --) shift; break ;;
        *) die "unknown option $1 (see scripts/kbench.sh --help)" ;;
    esac
done

# Check the choices before the (long, on a first run) builds.
case "$tests" in *[!a-z,]*) die "--tests: e.g. syscall,pipe,spawn" ;; esac
case "$counts" in *[!a-z0-9=,]*) die "--counts: e.g. pipe=1000,spawn=10" ;; esac
case "$bytes" in *[!0-9KkMm]*) die "--bytes: e.g. 1M" ;; esac
case "$repeats" in ''|[1-9]|[1-9][0-9]) ;; *) die "--repeats: '$repeats' is not 1..99" ;; esac
scenario_kernel "$kernel"

scenario_build

scenario_workdir "$outdir"

append=
[ -z "$tests" ] || append="$append n9.kbench.tests=$tests"
[ -z "$counts" ] || append="$append n9.kbench.counts=$counts"
[ -z "$bytes" ] || append="$append n9.kbench.bytes=$bytes"
[ -z "$repeats" ] || append="$append n9.kbench.repeats=$repeats"

log "kbench scenario: $kernel"
scenario_run kbench "" "$append" "$@"

python3 "$N9_TOP/scripts/n9bench.py" kbench "$work/report.txt" \
    ${json:+--json "$json"}
