#!/usr/bin/env bash
# The membench scenario: boot the N9 model with icount and without a serial
# console, read SDRC_POWER (sdrcpwr), run the guest's membench (random
# dependent loads per working set, sequential bandwidth, one load per line
# with and without PLD, and with --pause the loads after pauses) and print
# its figures beside the phone's (hardware-facts.md, "Memory path with
# SDRC_POWER = 0x9").
#
#   scripts/membench.sh [--kernel mainline|patched|FILE] [--sdrc-power VALUE]
#                       [--core-off] [--pause US] [--spin] [--tests LIST]
#                       [--sizes LIST] [--repeats R] [--out DIR] [--json FILE]
#                       [-- QEMU args]
#
# --kernel      patched (default), mainline, or a zImage of your own (its
#               omap3-n9.dtb beside it, else the patched kernel's)
# --sdrc-power  write SDRC_POWER (sdrcpwr -w) before measuring: what-if
# --core-off    idle 2 s in C7 first (MPU and CORE OFF): the mainline
#               kernel's way to SDRC_POWER 0x129
# --pause       add the pause test: US between batches of random loads
# --spin        busy-wait in the pauses instead of sleeping
# --tests       membench's tests: lat,bw,line,pause (default lat,bw,line)
# --sizes       working sets of the lat test (default 16K..32M)
# --repeats     best of R (default 3)
# --out         keep QEMU's statistics file and the guest's report there
# --json        write the figures as JSON
# Everything after -- goes to QEMU.  More machine options:
# QEMU_N9_MACHINE_OPTS=timing=timing/no-latency.ini ...
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/scenario.sh"

kernel=patched sdrc_power= core_off= pause= spin= tests= sizes= repeats=
outdir= json=
while [ $# -gt 0 ]; do
    case "$1" in
        --kernel) need_arg "$@"; kernel=$2; shift 2 ;;
        --sdrc-power) need_arg "$@"; sdrc_power=$2; shift 2 ;;
        --core-off) core_off=1; shift ;;
        --pause) need_arg "$@"; pause=$2; shift 2 ;;
        --spin) spin=1; shift ;;
        --tests) need_arg "$@"; tests=$2; shift 2 ;;
        --sizes) need_arg "$@"; sizes=$2; shift 2 ;;
        --repeats) need_arg "$@"; repeats=$2; shift 2 ;;
        --out) need_arg "$@"; outdir=$2; shift 2 ;;
        --json) need_arg "$@"; json=$(realpath -m "$2"); shift 2 ;;
        -h|--help) sed -n '2,27p' "$0"; exit 0 ;;
        --) shift; break ;;
        *) die "unknown option $1 (see scripts/membench.sh --help)" ;;
    esac
done

# Check the choices before the (long, on a first run) builds.
case "$sdrc_power" in ''|0x[0-9a-fA-F]*|[0-9]*) ;; *) die "--sdrc-power: '$sdrc_power' is not a number (e.g. 0x9, 0x129)" ;; esac
if [ -n "$pause" ]; then
    case "$pause" in *[!0-9]*|0*) die "--pause: '$pause' is not a whole number of us above 0" ;; esac
fi
case "$repeats" in ''|[1-9]|[1-9][0-9]) ;; *) die "--repeats: '$repeats' is not 1..99" ;; esac
case "$tests" in *[!a-z,]*) die "--tests: lat,bw,line,pause" ;; esac
case "$sizes" in *[!0-9KkMm,]*) die "--sizes: e.g. 16K,128K,2M" ;; esac
scenario_kernel "$kernel"

scenario_build

scenario_workdir "$outdir"

append=
[ -z "$tests" ] || append="$append n9.membench.tests=$tests"
[ -z "$sizes" ] || append="$append n9.membench.sizes=$sizes"
[ -z "$repeats" ] || append="$append n9.membench.repeats=$repeats"
[ -z "$pause" ] || append="$append n9.membench.pause=$pause"
[ -z "$spin" ] || append="$append n9.membench.spin=1"
[ -z "$sdrc_power" ] || append="$append n9.membench.sdrc_power=$sdrc_power"
[ -z "$core_off" ] || append="$append n9.membench.coreoff=1"

log "membench scenario: $kernel${sdrc_power:+, SDRC_POWER := $sdrc_power}${core_off:+, CORE OFF first}${pause:+, pauses of $pause us}"
scenario_run membench "" "$append" "$@"

python3 "$N9_TOP/scripts/n9bench.py" membench "$work/report.txt" \
    ${json:+--json "$json"}
