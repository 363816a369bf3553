#!/usr/bin/env bash
# Print the emulator's speed figures: boot and a CPU-bound loop with and
# without icount, the latency model and the idle counters
# (tests/bench/bench_boot.py), then the idle path's speed per C-state
# (tests/bench/bench_idle.py), then the memory model's cost on the loop
# and on membench (tests/bench/bench_memory.py).  Not pass/fail:
# docs/benchmarks.md.
#   scripts/bench.sh [LOOP_ITERATIONS [REPEAT]]
. "$(dirname "$0")/lib.sh"
"$N9_TOP/scripts/build-qemu.sh"
"$N9_TOP/scripts/build-kernel.sh"
"$N9_TOP/scripts/build-initramfs.sh"
python3 "$N9_TOP/tests/bench/bench_boot.py" "$N9_OUT/bin/qemu-system-arm" \
    "$N9_OUT/zImage" "$N9_OUT/omap3-n9.dtb" "$N9_OUT/initramfs.cpio.gz" \
    "${1:-200000}" "$N9_OUT/kernels/patched/System.map" "${2:-3}"
echo
python3 "$N9_TOP/tests/bench/bench_idle.py" "$N9_TOP" 60 patched
echo
python3 "$N9_TOP/tests/bench/bench_memory.py" "$N9_OUT/bin/qemu-system-arm" \
    "$N9_OUT/kernels" "$N9_OUT/initramfs.cpio.gz" "${1:-200000}" 1
