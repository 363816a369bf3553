#!/usr/bin/env bash
# The SystemC testbench on traces QEMU recorded (docs/systemc.md, "The
# testbench"): tlm_replay --trace replays each one through the TLM-2.0
# platform and must print n9replay's figures (docs/trace-format.md), every
# one to the ns: the end's and every mark's virtual time, memory path and
# cache counters, SDRC counters, every agent's and register group's
# accesses and ns, the PRCM's recorded events; c_replay --trace too.  The
# traces are the ones tests/trace/test_trace.py (tests/run section 10)
# records: bare-metal programs, a window (record-from=mark:N, from the
# models' state images) and, with a kernel, Linux idle and membench and an
# idle window.  Each trace must also move the figures it exercises, so an
# equality of empty figures cannot pass.
#   tests/systemc/trace-replay-test.sh TLM_REPLAY C_REPLAY N9REPLAY TRACEDIR WORKDIR
# Prints PASS:/FAIL: lines.
set -u
tlm=${1:?usage: trace-replay-test.sh TLM_REPLAY C_REPLAY N9REPLAY TRACEDIR WORKDIR}
c=${2:?} n9=${3:?} dir=${4:?} work=${5:?}
rm -rf "$work"; mkdir -p "$work"
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
ok() { echo "PASS: $*"; }
bad() { echo "FAIL: $*"; }

# compare A B: the figures of two replays' JSON (the replay's own section
# but its host time); prints the first differences, or a summary
compare() {
    python3 - "$1" "$2" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for d in (a, b):
    d['replay'].pop('host_s', None)
out, n = [], [0]
def walk(x, y, path):
    if isinstance(x, dict) and isinstance(y, dict):
        for k in sorted(set(x) | set(y)):
            walk(x.get(k), y.get(k), path + '.' + k)
    elif isinstance(x, list) and isinstance(y, list) and len(x) == len(y):
        for i, (p, q) in enumerate(zip(x, y)):
            walk(p, q, '%s[%d]' % (path, i))
    else:
        n[0] += 1
        if x != y:
            out.append('%s: %s != %s' % (path, x, y))
walk(a, b, '')
if out:
    print('; '.join(out[:6]))
    sys.exit(1)
print('%d figures, %d marks, virtual_ns %d' % (n[0], len(a['marks']),
                                                a['virtual_ns']))
PY
}
# fig FILE KEY.PATH: a figure of a replay's JSON
fig() {
    python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
for k in sys.argv[2].split("/"):
    d = d[int(k)] if isinstance(d, list) else d[k]
print(d)' "$1" "$2" 2>/dev/null
}
positive() {    # positive NAME FILE KEY...: each figure > 0
    local name=$1 f=$2 k v
    shift 2
    for k in "$@"; do
        v=$(fig "$f" "$k")
        if [ -n "$v" ] && [ "$v" -gt 0 ] 2>/dev/null; then
            ok "$name: $k = $v"
        else
            bad "$name: $k = '$v', not > 0"
        fi
    done
}

ran=0
for name in memfuzz-2 mmiolat offmode cpufreq window window-part \
            linux-idle linux-membench linux-idle-window; do
    trace=$dir/$name.n9t
    if ! [ -f "$trace" ]; then
        case $name in
        linux-*) continue ;;    # section 10 records them with a kernel
        esac
        bad "$name: no trace $trace (section 10 records it)"; continue
    fi
    ran=$((ran + 1))
    if ! "$n9" "$trace" --verify --json "$work/$name.n9.json" 2> "$work/$name.n9.err" ||
       ! "$tlm" --trace "$trace" --json "$work/$name.tlm.json" 2> "$work/$name.tlm.err" ||
       ! "$c" --trace "$trace" --json "$work/$name.c.json" 2> "$work/$name.c.err"; then
        bad "$name: a replay failed ($(cat "$work/$name".*.err | grep -v '^$' | head -2 | tr '\n' ' '))"
        continue
    fi
    if msg=$(compare "$work/$name.n9.json" "$work/$name.tlm.json"); then
        ok "$name: tlm_replay = n9replay, $msg"
    else
        bad "$name: tlm_replay != n9replay: $msg"
    fi
    if msg=$(compare "$work/$name.n9.json" "$work/$name.c.json"); then
        ok "$name: c_replay = n9replay, $msg"
    else
        bad "$name: c_replay != n9replay: $msg"
    fi
    f=$work/$name.tlm.json
    positive "$name" "$f" virtual_ns replay/events
    case $name in
    window*|*-window)
        [ "$(fig "$f" replay/window)" = True ] &&
            ok "$name: a window, replayed from the state images" ||
            bad "$name: not replayed as a window" ;;
    esac
    case $name in
    memfuzz-2|window)
        positive "$name" "$f" memory/loads memory/stores memory/stall_ns \
            memory/other memory/cache/dtlb_misses memory/cache/l1d_load_misses \
            sdrc/reads sdrc/writes sdrc/row_misses ;;
    mmiolat)
        positive "$name" "$f" agents/l4-wkup/reads agents/l4-wkup/read_ns \
            agents/l4-core/reads agents/l3/reads ;;
    offmode)
        # with the idle walk's steps: its per-entry section too
        positive "$name" "$f" replay_prcm/wfi replay_prcm/wakeups \
            sdrc/sr_entries idle/entries
        # the values it wrote reached the SDRC component's registers
        # (format 3): its own ACTIM_CTRLA (MY_ACTIM_A, offmode-bare.c), and
        # the ROM's restore of SDRC_POWER from the scratchpad (0x129)
        regs=$(grep -o 'SDRC_POWER.*' "$work/$name.tlm.err")
        want=$(python3 -c 'import re, sys
src = open(sys.argv[1]).read().replace("\\\n", " ")
e = re.search(r"#define MY_ACTIM_A\s+(.*)", src).group(1)
print(hex(eval(re.sub(r"(\d)u\b", r"\1", e))))' \
               "$(dirname "$0")/../../guest/baremetal/offmode-bare.c")
        if [ -n "$want" ] && echo "$regs" | grep -q "SDRC_POWER 0x129," &&
           echo "$regs" | grep -q "ACTIM_CTRLA_0 $want\$"; then
            ok "$name: the recorded writes' values in the SDRC component ($regs)"
        else
            bad "$name: the SDRC component's registers: $regs (want SDRC_POWER 0x129, ACTIM_CTRLA_0 $want)"
        fi ;;
    cpufreq)
        positive "$name" "$f" memory/mpu_ns ;;
    linux-idle)
        # the kernel's SDRC_POWER (0x9 patched, 0x129 mainline: neither
        # powers down on a timeout, docs/calibration.md) puts the SDRAM in
        # self-refresh when the CORE idles (C7): self-refresh entries
        positive "$name" "$f" replay_prcm/wfi sdrc/sr_entries idle/entries ;;
    linux-membench)
        positive "$name" "$f" marks/0/virtual_ns memory/plds ;;
    esac
done
[ $ran -gt 0 ] || bad "no trace replayed"
# the Linux traces are tens of MB: section 10 left them for this one
rm -f "$dir"/linux-*.n9t
