#!/usr/bin/env bash
# The SystemC testbench on traces QEMU recorded (docs/systemc.md, "The
# testbench"): tlm_replay and c_replay read the same trace and must print
# the same figures, line by line, to the ns.  The traces are the ones
# tests/trace/test_trace.py (tests/run section 10) records from bare-metal
# programs.  Each trace must also move the figures it exercises, so an
# equality of empty figures cannot pass: memfuzz the caches, the SDRC and
# the on-chip SRAM, mmiolat register reads on every agent it touches, all
# of them mapped (a register access the router does not find is an error).
#   tests/systemc/trace-replay-test.sh TLM_REPLAY C_REPLAY TRACEDIR WORKDIR
# A window's trace (record-from=) is refused in one line.
# Prints PASS:/FAIL: lines.
set -u
tlm=${1:?usage: trace-replay-test.sh TLM_REPLAY C_REPLAY TRACEDIR WORKDIR}
c=${2:?} dir=${3:?} work=${4:?}
rm -rf "$work"; mkdir -p "$work"
ok() { echo "PASS: $*"; }
bad() { echo "FAIL: $*"; }
fig() { sed -n "s/^$1 //p" "$2"; }
positive() {    # positive NAME FILE KEY...: each figure > 0
    local name=$1 f=$2 k v
    shift 2
    for k in "$@"; do
        v=$(fig "$k" "$f")
        if [ -n "$v" ] && [ "$v" -gt 0 ] 2>/dev/null; then
            ok "$name: $k = $v"
        else
            bad "$name: $k = '$v', not > 0"
        fi
    done
}

for name in memfuzz-2 mmiolat offmode cpufreq; do
    trace=$dir/$name.n9t
    if ! [ -f "$trace" ]; then
        bad "$name: no trace $trace (section 10 records it)"; continue
    fi
    if ! "$tlm" --trace "$trace" > "$work/$name.tlm" 2> "$work/$name.tlm.err" ||
       ! "$c" --trace "$trace" > "$work/$name.c" 2> "$work/$name.c.err"; then
        bad "$name: a replay failed ($(cat "$work/$name.tlm.err" "$work/$name.c.err" | head -2 | tr '\n' ' '))"
        continue
    fi
    if [ "$(wc -l < "$work/$name.c")" -gt 50 ] && cmp -s "$work/$name.tlm" "$work/$name.c"; then
        ok "$name: tlm_replay = c_replay, $(wc -l < "$work/$name.c") figures ($(grep -E '^(transactions|end_ns|stall_ns) ' "$work/$name.c" | tr '\n' ' '))"
    else
        bad "$name: tlm_replay != c_replay:"
        diff "$work/$name.tlm" "$work/$name.c" | head -20 | sed 's/^/    /'
    fi
    positive "$name" "$work/$name.tlm" transactions end_ns fetches
    case $name in
    memfuzz-2)
        positive "$name" "$work/$name.tlm" loads stores stall_ns onchip \
            sdrc.reads sdrc.writes sdrc.row_misses cache.l1d-load-misses ;;
    mmiolat)
        positive "$name" "$work/$name.tlm" l4-wkup.reads l4-wkup.read_ns \
            l4-core.reads l4-core.read_ns l3.reads l3.read_ns ;;
    esac
    e=$(fig errors "$work/$name.tlm")
    if [ "$e" = 0 ]; then
        ok "$name: every register access of the map's groups reaches its target"
    else
        bad "$name: errors $e (accesses the router does not map)"
    fi
done

# A window's trace (record-from=, docs/trace-format.md "Windows") starts from
# the models' state images, which the testbench does not load: refused.
trace=$dir/window-part.n9t
if ! [ -f "$trace" ]; then
    bad "window: no trace $trace (section 10 records it)"
else
    for b in "$tlm" "$c"; do
        if "$b" --trace "$trace" > "$work/window.out" 2> "$work/window.err"; then
            bad "window: ${b##*/} replayed a window from empty models"
        elif grep -q 'state images' "$work/window.err" &&
             [ "$(grep -cv -e '^$' -e SystemC -e Copyright -e 'ALL RIGHTS' "$work/window.err")" = 1 ]; then
            ok "window: ${b##*/} refuses a window's trace in one line ($(grep 'state images' "$work/window.err" | cut -c1-60)...)"
        else
            bad "window: ${b##*/}: $(head -3 "$work/window.err" | tr '\n' ' ')"
        fi
    done
fi
