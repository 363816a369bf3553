# The common part of the scenario scripts (idle.sh, cyclictest.sh,
# membench.sh, kbench.sh), sourced after lib.sh: which kernel, the builds,
# the work folder, and the one way a scenario boots: icount, no serial
# console, the initramfs's /init running `n9.run=NAME`, its report through
# semihosting into report.txt, the machine's counters into stats.json.

# scenario_kernel KERNEL [symbols-needed]: check the --kernel choice before
# any build.  Sets $variant (the kernel tree whose DTB, initramfs and tools
# go with it) and, for a zImage of the user's own, $kernel (absolute) and,
# with symbols-needed, $symbols (System.map beside it unless given).
scenario_kernel() {
    kernel=$1
    case "$kernel" in
        mainline|patched) variant=$kernel ;;
        *)
            [ -f "$kernel" ] && [ -r "$kernel" ] || die "unknown kernel '$kernel': give mainline, patched or the path of a zImage"
            kernel=$(realpath "$kernel")
            if [ -n "${2:-}" ]; then
                [ -n "$symbols" ] || symbols=$(dirname "$kernel")/System.map
                [ -f "$symbols" ] || die "no symbols for $kernel: give --symbols System.map (or vmlinux)"
            fi
            variant=patched ;;
    esac
    if [ -n "${symbols:-}" ]; then
        [ -r "$symbols" ] || die "--symbols: cannot read '$symbols'"
        symbols=$(realpath "$symbols")
    fi
}

# scenario_build: build (or find in the cache) QEMU, the kernel and the
# initramfs.  Sets $kdir, $kernel (the zImage), $dtb (the DTB beside a
# zImage of the user's own if there is one, else the tree's) and, for
# mainline and patched, $symbols (the tree's System.map).
scenario_build() {
    "$N9_TOP/scripts/setup-host.sh"
    "$N9_TOP/scripts/build-qemu.sh"
    "$N9_TOP/scripts/build-kernel.sh" "$variant"
    "$N9_TOP/scripts/build-initramfs.sh"
    kdir=$N9_OUT/kernels/$variant
    dtb=$kdir/omap3-n9.dtb
    case "$kernel" in
        mainline|patched) kernel=$kdir/zImage; symbols=$kdir/System.map ;;
        *) [ ! -f "$(dirname "$kernel")/omap3-n9.dtb" ] || dtb=$(dirname "$kernel")/omap3-n9.dtb ;;
    esac
}

# scenario_workdir DIR: keep the run's files in DIR, or in a temporary
# folder removed at exit when DIR is empty.  Sets $work.
scenario_workdir() {
    if [ -n "$1" ]; then
        mkdir -p "$1"; work=$(realpath "$1")
    else
        work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
    fi
    rm -f "$work/stats.json" "$work/report.txt"
}

# scenario_run NAME MACHINE_OPTS APPEND [QEMU args...]: boot the scenario.
# MACHINE_OPTS are added to -M rm696,stats=... (QEMU_N9_MACHINE_OPTS after
# them, so a user's options win); APPEND follows rdinit=/init n9.run=NAME.
scenario_run() {
    local name=$1 opts=$2 append="rdinit=/init n9.run=$1 $3" machine t0
    shift 3
    machine="rm696,stats=$work/stats.json${opts:+,$opts}"
    [ -z "${QEMU_N9_MACHINE_OPTS:-}" ] || machine="$machine,$QEMU_N9_MACHINE_OPTS"
    t0=$SECONDS
    "$N9_OUT/bin/qemu-system-arm" -M "$machine" \
        -kernel "$kernel" -dtb "$dtb" \
        -initrd "$N9_OUT/initramfs.cpio.gz" -append "$append" \
        -icount shift=0,sleep=off -display none -monitor none -serial none \
        -chardev "file,id=n9report,path=$work/report.txt" \
        -semihosting-config enable=on,userspace=on,chardev=n9report \
        "$@" || die "QEMU failed (status $?)"
    log "$name scenario: done in $((SECONDS - t0)) s host time"
}
