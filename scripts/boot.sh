#!/usr/bin/env bash
# Set up everything and boot the N9 model to a shell on its console:
# installs the build packages, builds QEMU with the rm696 machine, the N9
# kernel (Linux 6.18) and the initramfs (all cached), then runs
#   qemu-system-arm -M rm696 -kernel zImage -dtb omap3-n9.dtb -initrd ... -nographic
# Extra arguments go to QEMU, e.g.  scripts/boot.sh -icount shift=0,sleep=off
# Quit QEMU with Ctrl-A X.
. "$(dirname "$0")/lib.sh"

"$N9_TOP/scripts/setup-host.sh"
"$N9_TOP/scripts/build-qemu.sh"
"$N9_TOP/scripts/build-kernel.sh"
"$N9_TOP/scripts/build-initramfs.sh"

log "booting: Ctrl-A X quits"
exec "$N9_OUT/bin/qemu-system-arm" -M rm696 \
    -kernel "$N9_OUT/zImage" -dtb "$N9_OUT/omap3-n9.dtb" \
    -initrd "$N9_OUT/initramfs.cpio.gz" \
    -append "console=ttyS2,115200 rdinit=/init ${N9_APPEND:-}" \
    -nographic "$@"
