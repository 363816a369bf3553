#!/usr/bin/env bash
# The cyclictest scenario: boot the N9 model with icount and without a
# serial console, run Debian's cyclictest (rt-tests) with one C-state
# enabled at a time, and print per C-state cyclictest's summary (min / avg /
# max latency in us) beside the machine's figures over the same window
# (idle entries, modelled wake-up latency per entry).
#
#   scripts/cyclictest.sh [--kernel mainline|patched|FILE] [--symbols FILE]
#                         [--state C1..C7,...|all] [--loops N]
#                         [--interval US] [--out DIR] [-- QEMU args]
#
# --kernel    patched (default), mainline, or a zImage of your own with its
#             System.map (--symbols, or System.map beside the zImage)
# --state     the C-states, in this order (default all)
# --loops     cyclictest wake-ups per state (default 100)
# --interval  cyclictest's period in us (default 10000)
# --out       keep QEMU's statistics file and the guest's report there
# Everything after -- goes to QEMU.  More machine options:
# QEMU_N9_MACHINE_OPTS=timing=timing/no-latency.ini ...
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/scenario.sh"

kernel=patched symbols= states=all loops=100 interval=10000 outdir=
while [ $# -gt 0 ]; do
    case "$1" in
        --kernel) need_arg "$@"; kernel=$2; shift 2 ;;
        --symbols) need_arg "$@"; symbols=$2; shift 2 ;;
        --state|--states) need_arg "$@"; states=$2; shift 2 ;;
        --loops) need_arg "$@"; loops=$2; shift 2 ;;
        --interval) need_arg "$@"; interval=$2; shift 2 ;;
        --out) need_arg "$@"; outdir=$2; shift 2 ;;
        -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
        --) shift; break ;;
        *) die "unknown option $1 (see scripts/cyclictest.sh --help)" ;;
    esac
done

# Check the choices before the (long, on a first run) builds.
check_states --state "$states"
check_whole --loops "$loops"
check_whole --interval "$interval" us
scenario_kernel "$kernel" symbols

scenario_build

scenario_workdir "$outdir"

append="n9.cyclictest.states=$states"
append="$append n9.cyclictest.loops=$loops n9.cyclictest.interval=$interval"

log "cyclictest scenario: $kernel, states $states, $loops wake-ups of $interval us each"
scenario_run cyclictest "symbols=$symbols" "$append" "$@"

python3 - "$N9_TOP/scripts" "$work/stats.json" "$work/report.txt" <<'EOF'
import json
import re
import sys
sys.path.insert(0, sys.argv[1])
import n9idle  # noqa: E402

stats = json.load(open(sys.argv[2]))
report = n9idle.parse_report(open(sys.argv[3]).read())
marks = {m['mark']: m for m in stats.get('marks', [])}
print((report.get('cyclictest scenario') or ['(no report)'])[0])
print('%-5s %7s %7s %7s %7s  %8s %9s %12s' % (
    'state', 'loops', 'min_us', 'avg_us', 'max_us', 'entries', 'usage', 'wakeup_us'))
for sec, lines in report.items():
    if not sec.startswith('cyclictest C'):
        continue
    name = sec.split()[1]
    n = int(name[1:])
    text = '\n'.join(lines)
    m = re.search(r'C:\s*(\d+) Min:\s*(\d+) Act:\s*\d+ Avg:\s*(\d+) Max:\s*(\d+)', text)
    usage = re.search(r'usage_delta (\d+)', text)
    m0, m1 = marks.get(10 * n + 5), marks.get(10 * n + 6)
    entries = wake = '-'
    if m0 and m1 and m1.get('idle'):
        d = n9idle.state_delta(m0['idle']['states'].get(name),
                               m1['idle']['states'].get(name, {}))
        woken = d['entries'] - d['without_wfi']
        entries = d['entries']
        wake = '%.1f' % (d['wakeup_latency_ns'] / woken / 1e3 if woken else 0)
    if m:
        print('%-5s %7s %7s %7s %7s  %8s %9s %12s' % (
            name, m.group(1), m.group(2), m.group(3), m.group(4), entries,
            usage.group(1) if usage else '-', wake))
    else:
        print('%-5s cyclictest gave no summary:\n    %s' % (
            name, text.replace('\n', '\n    ')))
EOF
