#!/usr/bin/env bash
# The SystemC testbench's speed: transactions per host second of
# tlm_replay (models/systemc) at three quanta, beside the C replay of the
# same stream, best of N runs each (the host's speed varies).  Checks on
# the way that every run's figures equal the C replay's.  Not a test.
#   tests/bench/bench_systemc.sh [--accesses N] [--runs N]
. "$(dirname "$0")/../../scripts/lib.sh"

accesses=1000000 runs=3
while [ $# -gt 0 ]; do
    case "$1" in
        --accesses) accesses=${2:?--accesses needs a number}; shift 2 ;;
        --runs) runs=${2:?--runs needs a number}; shift 2 ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) die "unknown option $1 (see --help)" ;;
    esac
done
[[ $accesses =~ ^[0-9]+$ && $runs =~ ^[1-9][0-9]*$ ]] || die "--accesses and --runs take whole numbers"
pkg-config --exists systemc || die "SystemC is not installed (scripts/setup-host.sh installs it)"

build=$N9_CACHE/build/models
[ -f "$build/build.ninja" ] || meson setup "$build" "$N9_TOP" > /dev/null ||
    die "meson setup of the models failed"
ninja -C "$build" models/systemc/c_replay models/systemc/tlm_replay > /dev/null ||
    die "building the replays failed"
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

best() {    # best NAME ARGS...: the best rate of $runs runs, figures checked
    local name=$1 r rate b=0
    shift
    for r in $(seq "$runs"); do
        "$@" --accesses "$accesses" --speed > "$tmp/out" 2> "$tmp/err" ||
            die "$name failed: $(tail -1 "$tmp/err")"
        if [ -f "$tmp/ref" ]; then
            cmp -s "$tmp/ref" "$tmp/out" || die "$name: figures differ from the C replay's"
        else
            cp "$tmp/out" "$tmp/ref"
        fi
        rate=$(sed -n 's/.*: \([0-9]*\) per host second/\1/p' "$tmp/err")
        [ "$rate" -gt "$b" ] && b=$rate
    done
    printf '| %s | %s |\n' "$name" "$b"
}

log "$accesses accesses of the synthetic stream, best of $runs"
echo "| replay | transactions per host second |"
echo "|---|---|"
best "C models alone (c_replay)" "$build/models/systemc/c_replay"
for q in 100 1000 100000; do
    best "SystemC, quantum $q ns (tlm_replay)" "$build/models/systemc/tlm_replay" --quantum-ns $q
done
echo "(end_ns $(sed -n 's/^end_ns //p' "$tmp/ref"), the same in every run)"
