#!/usr/bin/env bash
# Set up everything and boot the N9 model to a shell on its console:
# installs the build packages, builds QEMU with the rm696 machine, the N9
# kernel (Linux 6.18) and the initramfs (all cached), then runs
#   qemu-system-arm -M rm696 -kernel zImage -dtb omap3-n9.dtb -initrd ... -nographic
#
#   scripts/boot.sh [--kernel mainline|patched|FILE] [--dtb FILE] [QEMU args...]
#
# --kernel picks the kernel (docs/kernel.md): patched (the default: mainline
# + the idle series), mainline, or a zImage of your own, which boots with the
# patched build's omap3-n9.dtb unless --dtb names another.  Only the kernel
# that boots is built.  Extra arguments go to QEMU, e.g.
#   scripts/boot.sh --kernel mainline -icount shift=0,sleep=off
# Quit QEMU with Ctrl-A X.
. "$(dirname "$0")/lib.sh"

kernel=patched dtb=
while [ $# -gt 0 ]; do
    case "$1" in
        --kernel|--dtb)
            [ $# -ge 2 ] || die "$1 needs an argument"
            if [ "$1" = --kernel ]; then kernel=$2; else dtb=$2; fi
            shift 2 ;;
        --kernel=*) kernel=${1#--kernel=}; shift ;;
        --dtb=*) dtb=${1#--dtb=}; shift ;;
        *) break ;;     # the rest goes to QEMU
    esac
done

# Check the choice before the (long, on a first run) builds.
case "$kernel" in
    mainline|patched) variant=$kernel ;;
    "") die "--kernel needs mainline, patched or the path of a zImage" ;;
    *)
        [ -e "$kernel" ] || die "unknown kernel '$kernel': give mainline, patched or the path of a zImage (no such file)"
        [ -f "$kernel" ] && [ -r "$kernel" ] || die "kernel '$kernel' is not a readable file"
        kernel=$(realpath "$kernel")
        variant=patched ;;      # builds the DTB and the initramfs tool
esac
if [ -n "$dtb" ]; then
    [ -f "$dtb" ] && [ -r "$dtb" ] || die "device tree '$dtb': no such readable file"
    dtb=$(realpath "$dtb")
fi

"$N9_TOP/scripts/setup-host.sh"
"$N9_TOP/scripts/build-qemu.sh"
"$N9_TOP/scripts/build-kernel.sh" "$variant"
"$N9_TOP/scripts/build-initramfs.sh"

kdir=$N9_OUT/kernels/$variant
case "$kernel" in mainline|patched) kernel=$kdir/zImage ;; esac
[ -n "$dtb" ] || dtb=$kdir/omap3-n9.dtb

log "booting $kernel: Ctrl-A X quits"
exec "$N9_OUT/bin/qemu-system-arm" -M rm696 \
    -kernel "$kernel" -dtb "$dtb" \
    -initrd "$N9_OUT/initramfs.cpio.gz" \
    -append "console=ttyS2,115200 rdinit=/init ${N9_APPEND:-}" \
    -nographic "$@"
