#!/usr/bin/env bash
# The idle scenario: boot the N9 model with icount and without a serial
# console, idle N seconds of modelled time in each C-state asked for, and
# print one table per C-state: idle entries, register accesses per entry by
# interconnect and register group (before WFI / after the wake-up), modelled
# µs per entry before WFI, in WFI and after the wake-up, the wake-up latency,
# the lowest power state each domain reached, and the kernel's own counters
# (cpuidle usage, pm_debug count) beside the machine's.
#
#   scripts/idle.sh [--kernel mainline|patched|FILE] [--symbols FILE]
#                   [--state C1..C7,...|all] [--seconds N] [--count-all]
#                   [--json FILE] [--trace FILE] [--out DIR] [-- QEMU args]
#
# --kernel    patched (default), mainline, or a zImage of your own with its
#             System.map (--symbols, or System.map beside the zImage)
# --state     the C-states, in this order (default all)
# --seconds   modelled seconds of idle per state (default 2)
# --count-all patched kernel: walk every domain (pm_debug count_all_domains)
# --idlecount run the guest's idlecount in each window (its trace events
#             add to the idle path what they cost: not for the table)
# --json      write the figures (machine and kernel) as JSON
# --trace     write a Perfetto/Chrome trace (open it in ui.perfetto.dev)
# --out       keep QEMU's statistics file and the guest's report there
# Everything after -- goes to QEMU (e.g. -- -trace 'omap3_prcm_*').  More
# machine options: QEMU_N9_MACHINE_OPTS=timing=timing/no-latency.ini ...
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/scenario.sh"

kernel=patched symbols= states=all seconds=2 count_all= json= trace= outdir=
idlecount=0
while [ $# -gt 0 ]; do
    case "$1" in
        --kernel) need_arg "$@"; kernel=$2; shift 2 ;;
        --symbols) need_arg "$@"; symbols=$2; shift 2 ;;
        --state|--states) need_arg "$@"; states=$2; shift 2 ;;
        --seconds) need_arg "$@"; seconds=$2; shift 2 ;;
        --count-all) count_all=1; shift ;;
        --idlecount) idlecount=1; shift ;;
        --json) need_arg "$@"; json=$2; shift 2 ;;
        --trace) need_arg "$@"; trace=$2; shift 2 ;;
        --out) need_arg "$@"; outdir=$2; shift 2 ;;
        -h|--help) sed -n '2,26p' "$0"; exit 0 ;;
        --) shift; break ;;
        *) die "unknown option $1 (see scripts/idle.sh --help)" ;;
    esac
done

# Check the choices before the (long, on a first run) builds.
check_states --state "$states"
check_whole --seconds "$seconds" seconds
scenario_kernel "$kernel" symbols

scenario_build

scenario_workdir "$outdir"

opts="symbols=$symbols"
[ -z "$trace" ] || opts="$opts,idle-trace=$(realpath -m "$trace")"
append="n9.idle.states=$states n9.idle.seconds=$seconds n9.idle.idlecount=$idlecount"
[ -z "$count_all" ] || append="$append n9.idle.count_all=1"

log "idle scenario: $kernel, states $states, $seconds s each (modelled time)"
scenario_run idle "$opts" "$append" "$@"

python3 "$N9_TOP/scripts/n9idle.py" "$work/stats.json" "$work/report.txt" \
    ${json:+--json "$json"}
