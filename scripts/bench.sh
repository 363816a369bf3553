#!/usr/bin/env bash
# Print the emulator's speed figures (see tests/bench/bench_boot.py).
. "$(dirname "$0")/lib.sh"
"$N9_TOP/scripts/build-qemu.sh"
"$N9_TOP/scripts/build-kernel.sh"
"$N9_TOP/scripts/build-initramfs.sh"
exec python3 "$N9_TOP/tests/bench/bench_boot.py" "$N9_OUT/bin/qemu-system-arm" \
    "$N9_OUT/zImage" "$N9_OUT/omap3-n9.dtb" "$N9_OUT/initramfs.cpio.gz" "$@"
