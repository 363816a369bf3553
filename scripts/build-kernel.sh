#!/usr/bin/env bash
# Build the N9 guest kernels: Debian's Linux 6.18 orig tree, omap2plus_defconfig
# + kernel/n9.config, zImage and omap3-n9.dtb, out of tree with the GNU Arm
# toolchain.  Two variants from the one orig tree (docs/kernel.md):
#   mainline  the orig tree + kernel/patches/mainline (what the model needs)
#   patched   mainline + kernel/patches/patched (the idle/memory-path series)
#
#   scripts/build-kernel.sh [mainline|patched|all]     (default: all)
#
# Outputs: $N9_OUT/kernels/<variant>/{zImage,omap3-n9.dtb,System.map,vmlinux,
# kernel.config}; the variant's modules (cpufreq-dt) are inside its zImage, in
# the kernel's built-in initramfs (/lib/modules), which /init loads;
# $N9_OUT/zImage, omap3-n9.dtb and kernel.config are copies of
# the patched kernel's.  Each variant is cached by the hash of its inputs.
. "$(dirname "$0")/lib.sh"

case "${1:-all}" in
    all) variants=(mainline patched) ;;
    mainline|patched) variants=("$1") ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown kernel variant '$1' (mainline, patched or all)" ;;
esac
[ $# -le 1 ] || die "usage: $0 [mainline|patched|all]"

"$N9_TOP/scripts/fetch-sources.sh"

# One kernel build at a time (developers and helpers share the cache).
mkdir -p "$N9_CACHE/build" "$N9_CACHE/logs"
exec 8>"$N9_CACHE/build/linux.lock"
flock 8

kdir=$N9_TOP/kernel
export KBUILD_BUILD_TIMESTAMP="2026-01-01" KBUILD_BUILD_USER=qemu-n9 KBUILD_BUILD_HOST=qemu-n9
# The build number too ("#1"): kbuild counts the links of a tree otherwise, so a
# kernel linked again (a second pass for its modules, a rebuild) had other
# bytes, another decompression time and other boot figures
export KBUILD_BUILD_VERSION=1

# patches_of VARIANT: the patch directories of a variant, in order.
patches_of() {
    case $1 in
        mainline) echo "$kdir/patches/mainline" ;;
        patched)  echo "$kdir/patches/mainline $kdir/patches/patched" ;;
    esac
}

# install_file FROM TO: copy, replacing TO at once (a QEMU that is starting
# never reads half a kernel).
install_file() {
    cmp -s "$1" "$2" && return 0
    cp "$1" "$2.tmp" && mv -f "$2.tmp" "$2"
}

# module_list MODULE...: the built-in initramfs's list (gen_init_cpio's
# format) for the stripped modules in n9-modules/, paths relative to the
# kernel's build folder, where kbuild runs gen_initramfs.sh
module_list() {
    local m
    echo 'dir /lib 0755 0 0'
    echo 'dir /lib/modules 0755 0 0'
    for m in "$@"; do
        echo "file /lib/modules/${m##*/} n9-modules/${m##*/} 0644 0 0"
    done
}

# build_variant VARIANT: unpack + patch its tree if the series changed,
# configure, build, copy the results to $N9_OUT/kernels/VARIANT.
build_variant() {
    local variant=$1 pdirs phash key src obj out t0 pid d p
    read -r -a pdirs <<< "$(patches_of "$variant")"
    phash=$(hash_of "${pdirs[@]}")
    # By content only, so that neither the clone's folder nor the way this
    # script was called changes the key.
    key=$LINUX_UPSTREAM-$variant-$( { hash_of "${pdirs[@]}"; sha256sum < "$kdir/n9.config";
                                       sha256sum < "${BASH_SOURCE[0]}"; } | sha256sum | cut -c1-16)
    # Stable paths, one tree per variant, the objects in a subfolder of the
    # tree: kbuild then names every source as ../path (srctree = ..), so the
    # compiler command lines of both variants are identical and ccache
    # shares every object the two series do not change.
    src=$N9_CACHE/linux-$LINUX_UPSTREAM-$variant
    obj=$src/build
    out=$N9_OUT/kernels/$variant

    if [ -f "$out/kernel.stamp" ] && [ "$(cat "$out/kernel.stamp")" = "$key" ] &&
       [ -f "$out/zImage" ] && [ -f "$out/omap3-n9.dtb" ]; then
        log "kernel $variant: up to date ($out/zImage)"
        return 0
    fi

    # A new series recreates the tree and its objects (make would not rebuild
    # an object whose source a dropped patch reverted to an older mtime);
    # ccache makes the rebuild of unchanged files cheap.
    if [ "$(cat "$src/.n9-ready" 2>/dev/null)" != "$phash" ]; then
        rm -rf "$src" "$src.tmp"
        mkdir -p "$src.tmp"
        timed "kernel $variant: unpacking Linux $LINUX_UPSTREAM" \
            tar -xf "$N9_CACHE/src/linux_$LINUX_UPSTREAM.orig.tar.xz" -C "$src.tmp" --strip-components=1
        for d in "${pdirs[@]}"; do
            for p in "$d"/*.patch; do
                [ -e "$p" ] || continue
                log "kernel $variant: applying ${d##*/}/${p##*/}"
                patch -d "$src.tmp" -p1 --quiet --no-backup-if-mismatch < "$p" ||
                    die "patch ${d##*/}/${p##*/} does not apply"
            done
        done
        echo "$phash" > "$src.tmp/.n9-ready"
        mv "$src.tmp" "$src"
    fi

    mkdir -p "$obj" "$out"
    kmake() {
        make -C "$src" O="$obj" ARCH=arm CROSS_COMPILE=arm-linux-gnueabihf- \
            CC="ccache arm-linux-gnueabihf-gcc" -j"$JOBS" "$@"
    }

    log "kernel $variant: configuring omap2plus_defconfig + kernel/n9.config"
    kmake -s omap2plus_defconfig >/dev/null
    (cd "$obj" && "$src/scripts/kconfig/merge_config.sh" -m -O "$obj" .config "$kdir/n9.config" >/dev/null)
    kmake -s olddefconfig >/dev/null
    # The kernel's own initramfs carries its modules (cpufreq-dt), so that
    # any initramfs boots any variant with modules that match it; the list
    # is filled after the modules are built (below).
    local mlist=$obj/n9-modules.list mdir=$obj/n9-modules
    [ -f "$mlist" ] || module_list > "$mlist"
    # (paths relative to $obj, where kbuild runs gen_initramfs.sh: the
    # configuration, which the kernel carries (IKCONFIG), names no folder of
    # this machine, and the image is the same bytes on every machine)
    "$src/scripts/config" --file "$obj/.config" --set-str INITRAMFS_SOURCE n9-modules.list
    kmake -s olddefconfig >/dev/null
    # With modules on, omap2plus_defconfig's =m drivers would leave the
    # image; without modules Kconfig builds them in.  Only cpufreq-dt is a
    # module here (the phone's way): every other =m is built in, as it was
    # before (the battery, RTC, HDQ... drivers shape the boot and the idle).
    # (awk, not grep -q in a pipe: pipefail would see the first grep's SIGPIPE)
    other_modules() { awk '/=m$/ && $0 != "CONFIG_CPUFREQ_DT=m" { print; n++ } END { exit !n }' "$obj/.config"; }
    local pass
    for pass in 1 2 3; do
        other_modules > /dev/null || break
        sed -i -e '/^CONFIG_CPUFREQ_DT=m$/b' -e 's/^\(CONFIG_[A-Za-z0-9_]*\)=m$/\1=y/' "$obj/.config"
        kmake -s olddefconfig >/dev/null
    done
    if other_modules > /dev/null; then
        die "kernel $variant: modules left besides cpufreq-dt: $(other_modules | head -3 | tr '\n' ' ')"
    fi

    # Every line of the fragment must have taken: a symbol that Kconfig dropped
    # or overrode would silently build another kernel than the one we describe.
    local bad=0 line sym val
    while IFS= read -r line; do
        case "$line" in CONFIG_*=*) ;; *) continue ;; esac
        sym=${line%%=*}; val=${line#*=}
        if [ "$val" = n ]; then
            if grep -q "^$sym=" "$obj/.config"; then log "config: $sym should be off"; bad=1; fi
        elif ! grep -qx "$sym=$val" "$obj/.config"; then
            # A =n for a symbol that does not exist is fine; a value that did not take is not.
            log "config: $line did not take (got: $(grep "^$sym=" "$obj/.config" || echo unset))"; bad=1
        fi
    done < "$kdir/n9.config"
    [ $bad = 0 ] || die "kernel/n9.config does not apply cleanly to omap2plus_defconfig"

    local klog=$N9_CACHE/logs/kernel-$variant.log
    # The modules the kernel's configuration builds (kernel/n9.config: =m).
    local modules=
    grep -q '^CONFIG_CPUFREQ_DT=m' "$obj/.config" && modules+=" drivers/cpufreq/cpufreq-dt.ko"
    log "kernel $variant: building zImage and omap3-n9.dtb (a first build takes 10-15 minutes on 2 cores, a second variant a few; log: $klog)"
    t0=$SECONDS
    kmake zImage ti/omap/omap3-n9.dtb $modules > "$klog" 2>&1 &
    pid=$!
    while kill -0 $pid 2>/dev/null; do
        sleep 30
        kill -0 $pid 2>/dev/null && log "kernel $variant: $((SECONDS - t0)) s, $(grep -c '^  CC' "$klog") files compiled"
    done
    wait $pid || { tail -30 "$klog" >&2; die "kernel $variant build failed (log: $klog)"; }
    # The modules into the built-in initramfs: debug info stripped, one
    # fixed mtime (the same bytes on every build), then zImage again, which
    # relinks only the initramfs and vmlinux when the modules changed.
    rm -rf "$mdir"; mkdir -p "$mdir"
    for m in $modules; do
        arm-linux-gnueabihf-strip --strip-debug -o "$mdir/${m##*/}" "$obj/$m"
        touch -d @1767225600 "$mdir/${m##*/}"
    done
    # shellcheck disable=SC2086
    module_list $modules > "$mlist.new"
    install_file "$mlist.new" "$mlist"
    rm -f "$mlist.new"
    kmake zImage >> "$klog" 2>&1 || { tail -30 "$klog" >&2; die "kernel $variant build failed (log: $klog)"; }
    log "kernel $variant: built in $((SECONDS - t0)) s ($(grep -c '^  CC' "$klog") files compiled)"

    install_file "$obj/arch/arm/boot/zImage" "$out/zImage"
    install_file "$obj/arch/arm/boot/dts/ti/omap/omap3-n9.dtb" "$out/omap3-n9.dtb"
    install_file "$obj/System.map" "$out/System.map"
    install_file "$obj/vmlinux" "$out/vmlinux"
    install_file "$obj/.config" "$out/kernel.config"
    echo "$key" > "$out/kernel.stamp"
    log "kernel $variant: $out/zImage, $out/omap3-n9.dtb"
}

for v in "${variants[@]}"; do
    build_variant "$v"
done

# $N9_OUT/zImage, omap3-n9.dtb and kernel.config: the patched kernel, for the
# tests and scripts that boot "the" kernel.
if [ -f "$N9_OUT/kernels/patched/kernel.stamp" ]; then
    for f in zImage omap3-n9.dtb kernel.config; do
        install_file "$N9_OUT/kernels/patched/$f" "$N9_OUT/$f"
    done
    rm -f "$N9_OUT/kernel.stamp"     # the single-kernel layout's stamp
fi
