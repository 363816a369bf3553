#!/bin/sh
# The SystemC testbench (tlm_replay) equals the C replay (c_replay) figure
# by figure, to the ns, on streams of several sizes, working sets and
# seeds; and each stream moves the figures it is meant to (row conflicts,
# power-down, refreshes, error responses, an SDRC_POWER write), so an
# equality of empty figures cannot pass.
#   test_replay.sh C_REPLAY TLM_REPLAY
c=$1 t=$2
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
n=0 failed=0
check() {   # check OK TEXT
    n=$((n + 1))
    if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; failed=$((failed + 1)); fi
}
for args in "--accesses 20000 --working-set 64" \
            "--accesses 100000 --working-set 4096 --seed 7" \
            "--accesses 60000 --working-set 512 --seed 3"; do
    # shellcheck disable=SC2086
    "$c" $args > "$dir/c" && "$t" $args > "$dir/t"
    check $? "both run ($args)"
    cmp -s "$dir/c" "$dir/t"
    rc=$?
    [ $rc = 0 ] || diff "$dir/c" "$dir/t" | head -20
    check $rc "tlm_replay = c_replay, $(wc -l < "$dir/c") figures ($args)"
    for key in end_ns stall_ns sdrc.row_conflicts sdrc.pd_entries \
               sdrc.refreshes l4-wkup.errors l4-core.read_ns l3.writes \
               cache.l2-read-misses; do
        v=$(sed -n "s/^$key //p" "$dir/t")
        [ -n "$v" ] && [ "$v" -gt 0 ] 2>/dev/null
        check $? "$key = $v > 0 ($args)"
    done
    grep -q '^sdrc.power 0xd$' "$dir/t"
    check $? "SDRC_POWER written with PWDENA ($args)"
done

"$t" --trace "$dir/nothing.n9t" > /dev/null 2> "$dir/err"
[ $? = 1 ] && [ "$(wc -l < "$dir/err")" = 1 ]
check $? "a missing trace: one line, status 1 ($(cat "$dir/err"))"
# (recorded traces: tests/systemc/trace-replay-test.sh, tests/run 10b)

echo "$n checks, $failed failed"
[ $failed = 0 ]
