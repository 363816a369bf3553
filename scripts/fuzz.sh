#!/usr/bin/env bash
# The long device-fuzzing campaign (tests/fuzz/n9fuzz.py; tests/run runs a
# one-minute one).  Builds QEMU, then runs J jobs for H hours, each on its
# own seeds (job j: S+j, S+j+J, ...), and prints a progress line per job
# every minute.  A crash or a hang saves the whole trace and a minimised
# reproducer (.qtest) in the results folder; copy a reproducer into
# tests/fuzz/regressions/ once the bug is fixed.
#
#   scripts/fuzz.sh [--hours H] [--seed S] [--jobs J] [--ops N] [--asan] [--out DIR] [--generic | --vcpu N]
#     --hours H   how long (default 1; fractions work: 0.25)
#     --seed S    first seed (default: from the clock, printed; give the same
#                 S and J again to repeat a campaign)
#     --jobs J    parallel QEMUs (default 1)
#     --ops N     commands per seed (default 20000)
#     --asan      run the AddressSanitizer/UBSan build (scripts/build-qemu.sh
#                 --sanitize; the first build takes 20-40 minutes on 2 cores)
#     --out DIR   results folder (default $QEMU_N9_CACHE/fuzz/<date>-seed<S>)
#     --generic   instead of n9fuzz: QEMU's own libFuzzer target generic-fuzz
#                 (qemu-fuzz-arm from the --sanitize build) on -M rm696 for
#                 H hours, J jobs sharing one corpus (kept in the results
#                 folder; give the same --out again to go on from it).
#                 QEMU_FUZZ_OBJECTS (default '*': every I/O region of the
#                 machine; e.g. 'omap3-gptimer* omap3-prcm*') picks the
#                 regions; crash-* files in the results folder reproduce with
#                 out/bin/qemu-fuzz-arm --fuzz-target=generic-fuzz FILE
#     --vcpu N    instead of n9fuzz: the vCPU's own memory path
#                 (guest/baremetal/memfuzz-bare.c, tests/fuzz/test_vcpu_fuzz.py):
#                 N seeds per job (0: as many as H hours take), each run twice
#                 with --ops operations (default here 20000); a failing seed's
#                 command goes to tests/fuzz/regressions/vcpu-seed-N.cmd, which
#                 tests/run replays (--asan works with it)
. "$(dirname "$0")/lib.sh"

hours=1 seed= jobs=1 ops=20000 asan=0 out= generic=0 vcpu=
while [ $# -gt 0 ]; do
    case "$1" in
        --hours) hours=$2; shift 2 ;;
        --seed) seed=$2; shift 2 ;;
        --jobs) jobs=$2; shift 2 ;;
        --ops) ops=$2; shift 2 ;;
        --asan) asan=1; shift ;;
        --out) out=$2; shift 2 ;;
        --generic) generic=1; shift ;;
        --vcpu) vcpu=$2; shift 2 ;;
        -h|--help) sed -n '2,31p' "$0"; exit 0 ;;
        *) die "unknown option $1 (see scripts/fuzz.sh --help)" ;;
    esac
done
[ -n "$seed" ] || seed=$(( $(date +%s) % 1000000 * 1000 ))
secs=$(python3 -c "print(int(float('$hours') * 3600))") || die "--hours wants a number"

if [ $generic = 1 ]; then
    "$N9_TOP/scripts/build-qemu.sh" --sanitize qemu-fuzz-arm
    [ -n "$out" ] || out=$N9_CACHE/fuzz/generic-rm696
    mkdir -p "$out/corpus"
    cp "$(readlink -f "$N9_OUT/bin/qemu-fuzz-arm")" "$out/qemu-fuzz-arm"
    export QEMU_FUZZ_ARGS="-M rm696 -nodefaults ${QEMU_FUZZ_ARGS:-}"
    export QEMU_FUZZ_OBJECTS=${QEMU_FUZZ_OBJECTS:-*}
    export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
    log "generic-fuzz on rm696 for $hours h, $jobs job(s): QEMU_FUZZ_ARGS='$QEMU_FUZZ_ARGS'" \
        "QEMU_FUZZ_OBJECTS='$QEMU_FUZZ_OBJECTS'; corpus and crash files in $out"
    cd "$out"
    rc=0
    # -seed: libFuzzer's own seed, for a repeatable start
    par=()
    [ "$jobs" = 1 ] || par=(-jobs="$jobs" -workers="$jobs")    # logs: fuzz-N.log
    ./qemu-fuzz-arm --fuzz-target=generic-fuzz -max_total_time="$secs" \
        -seed="$seed" "${par[@]}" -close_fd_mask=1 -artifact_prefix="$out/" corpus \
        2>&1 | tee -a "$out/generic-fuzz.log" || rc=1     # pipefail: the fuzzer's status
    ls "$out"/crash-* "$out"/timeout-* "$out"/oom-* 2> /dev/null | sed 's/^/  found: /' || true
    log "generic-fuzz: $(ls "$out/corpus" | wc -l) inputs in the corpus; results: $out"
    exit $rc
fi

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

# run_jobs FN: "FN j" for each job j at once, its output also in
# $out/job<j>.log; waits for all, fails if one did
run_jobs() {
    local pids=() j p st=0
    for ((j = 0; j < jobs; j++)); do
        "$1" "$j" > >(tee "$out/job$j.log") 2>&1 &
        pids+=($!)
    done
    for p in "${pids[@]}"; do wait "$p" || st=1; done
    return $st
}

if [ -n "$vcpu" ]; then
    case "$vcpu" in *[!0-9]*|'') die "--vcpu wants a number of seeds (0: for --hours)" ;; esac
    "$N9_TOP/scripts/build-guest-tools.sh" > /dev/null
    cp "$N9_OUT/guest/memfuzz-bare.elf" "$out/memfuzz-bare.elf"
    lim=(--seeds "$vcpu")
    [ "$vcpu" != 0 ] || lim=(--time "$secs")
    log "vCPU memory-path fuzzing on $(basename "$qemu"), $jobs job(s), seeds $seed+j+$jobs*k," \
        "$([ "$vcpu" = 0 ] && echo "for $hours h" || echo "$vcpu per job"), $ops operations each, twice; results in $out"
    vcpu_job() {
        python3 "$N9_TOP/tests/fuzz/test_vcpu_fuzz.py" campaign --qemu "$out/qemu-system-arm" \
            --elf "$out/memfuzz-bare.elf" --seed $((seed + $1)) --step "$jobs" --ops "$ops" \
            "${lim[@]}" --label "vcpu job$1" --out "$out/job$1" --save-regressions
    }
    rc=0
    run_jobs vcpu_job || rc=1
    python3 "$N9_TOP/tests/fuzz/campaign_summary.py" vcpu "$out" "$jobs"
    log "results: $out"
    exit $rc
fi
log "fuzzing $(basename "$qemu") for $hours h with $jobs job(s), seeds $seed+j+$jobs*k, $ops commands each; results in $out"

device_job() {
    python3 "$N9_TOP/tests/fuzz/n9fuzz.py" --qemu "$out/qemu-system-arm" campaign \
        --no-copy --seed-base $((seed + $1)) --seed-step "$jobs" --ops "$ops" \
        --time "$secs" --progress-seconds 60 --label "job$1" --out "$out/job$1"
}
rc=0
run_jobs device_job || rc=1

python3 "$N9_TOP/tests/fuzz/campaign_summary.py" device "$out" "$jobs"
log "results: $out"
exit $rc
