#!/usr/bin/env bash
# The long device-fuzzing campaign (tests/fuzz/n9fuzz.py; tests/run runs a
# one-minute one).  Builds QEMU, then runs J jobs for H hours, each on its
# own seeds (job j: S+j, S+j+J, ...), and prints a progress line per job
# every minute.  A crash or a hang saves the whole trace and a minimised
# reproducer (.qtest) in the results folder; copy a reproducer into
# tests/fuzz/regressions/ once the bug is fixed.
#
#   scripts/fuzz.sh [--hours H] [--seed S] [--jobs J] [--ops N] [--asan] [--out DIR]
#     --hours H   how long (default 1; fractions work: 0.25)
#     --seed S    first seed (default: from the clock, printed; give the same
#                 S and J again to repeat a campaign)
#     --jobs J    parallel QEMUs (default 1)
#     --ops N     commands per seed (default 20000)
#     --asan      run the AddressSanitizer/UBSan build (scripts/build-qemu.sh
#                 --sanitize; the first build takes 20-40 minutes on 2 cores)
#     --out DIR   results folder (default $QEMU_N9_CACHE/fuzz/<date>-seed<S>)
. "$(dirname "$0")/lib.sh"

hours=1 seed= jobs=1 ops=20000 asan=0 out=
while [ $# -gt 0 ]; do
    case "$1" in
        --hours) hours=$2; shift 2 ;;
        --seed) seed=$2; shift 2 ;;
        --jobs) jobs=$2; shift 2 ;;
        --ops) ops=$2; shift 2 ;;
        --asan) asan=1; shift ;;
        --out) out=$2; shift 2 ;;
        -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
        *) die "unknown option $1 (see scripts/fuzz.sh --help)" ;;
    esac
done
[ -n "$seed" ] || seed=$(( $(date +%s) % 1000000 * 1000 ))
secs=$(python3 -c "print(int(float('$hours') * 3600))") || die "--hours wants a number"

if [ $asan = 1 ]; then
    "$N9_TOP/scripts/build-qemu.sh" --sanitize qemu-system-arm
    qemu=$N9_OUT/bin/qemu-system-arm-asan
else
    "$N9_TOP/scripts/build-qemu.sh" qemu-system-arm
    qemu=$N9_OUT/bin/qemu-system-arm
fi
[ -n "$out" ] || out=$N9_CACHE/fuzz/$(date +%Y%m%d-%H%M%S)-seed$seed$([ $asan = 1 ] && echo -asan)
mkdir -p "$out"
# One copy of the binary for all jobs: a rebuild does not change it under them
cp "$(readlink -f "$qemu")" "$out/qemu-system-arm"
log "fuzzing $(basename "$qemu") for $hours h with $jobs job(s), seeds $seed+j+$jobs*k, $ops commands each; results in $out"

pids=()
for ((j = 0; j < jobs; j++)); do
    python3 "$N9_TOP/tests/fuzz/n9fuzz.py" --qemu "$out/qemu-system-arm" campaign \
        --no-copy --seed-base $((seed + j)) --seed-step "$jobs" --ops "$ops" \
        --time "$secs" --progress-seconds 60 --label "job$j" --out "$out/job$j" \
        > >(tee "$out/job$j.log") 2>&1 &
    pids+=($!)
done
rc=0
for p in "${pids[@]}"; do wait "$p" || rc=1; done

python3 - "$out" "$jobs" <<'EOF'
import json, sys, os
out, jobs = sys.argv[1], int(sys.argv[2])
runs = cmds = secs = 0
fails = {}
for j in range(jobs):
    try:
        r = json.load(open(os.path.join(out, 'job%d' % j, 'results.json')))
    except OSError:
        print('job%d: no results' % j)
        continue
    runs += r['runs']; cmds += r['commands']; secs = max(secs, r['seconds'])
    for f in r['failures']:
        fails.setdefault(f['signature'], []).append(f)
print('[qemu-n9] fuzzing: %d seeds, %d commands in %.0f s (%.0f commands/s over %d job(s)), '
      '%d distinct failures' % (runs, cmds, secs, cmds / secs if secs else 0, jobs, len(fails)))
for sig, fs in fails.items():
    rep = [f['reproducer'] for f in fs if f.get('reproducer')]
    print('  %s: seeds %s%s' % (sig, ' '.join(str(f['seed']) for f in fs),
                                '; reproducer ' + rep[0] if rep else ''))
EOF
log "results: $out"
exit $rc
