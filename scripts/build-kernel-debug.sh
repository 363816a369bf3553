#!/usr/bin/env bash
# Build a kernel with debug information, for `n9 boot --gdb --kernel
# VARIANT-debug` (docs/debugging.md): the same tree as build-kernel.sh's
# variant (Debian's orig tree + kernel/patches/mainline [+ patched]) and
# the same configuration (omap2plus_defconfig + kernel/n9.config), plus
# kernel/debug.config (DWARF from the toolchain, the gdb scripts), in a
# tree and build folder of its own ($QEMU_N9_CACHE/linux-V-VARIANT-debug):
# build-kernel.sh's trees are never reconfigured.
#
#   scripts/build-kernel-debug.sh [mainline|patched]     (default: patched)
#
# Outputs: $N9_OUT/kernels/VARIANT-debug/{zImage,omap3-n9.dtb,System.map,
# vmlinux,kernel.config}.  A first build takes about as long as a kernel
# build with a cold ccache (-g changes every compiler command line): 10-20
# minutes on 2 cores; later builds are cached by the hash of the inputs,
# and a change rebuilds only what it touches in the tree.  ccache is off
# (CCACHE_DISABLE=0 turns it on): the debug objects would crowd the main
# kernels' out of the shared cache.
. "$(dirname "$0")/lib.sh"

variant=${1:-patched}
case "$variant" in
    mainline) pdirs=("$N9_TOP/kernel/patches/mainline") ;;
    patched) pdirs=("$N9_TOP/kernel/patches/mainline" "$N9_TOP/kernel/patches/patched") ;;
    -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown kernel variant '$variant' (mainline or patched)" ;;
esac
[ $# -le 1 ] || die "usage: $0 [mainline|patched]"
"$N9_TOP/scripts/fetch-sources.sh"

mkdir -p "$N9_CACHE/build"
exec 8>"$N9_CACHE/build/linux-debug.lock"
flock 8

frag=$N9_TOP/kernel/debug.config
src=$N9_CACHE/linux-$LINUX_UPSTREAM-$variant-debug
obj=$src/build
out=$N9_OUT/kernels/$variant-debug
key=$LINUX_UPSTREAM-$variant-debug-$( { hash_of "${pdirs[@]}"; sha256sum < "$N9_TOP/kernel/n9.config";
                                        sha256sum < "$frag"; sha256sum < "$0"; } | sha256sum | cut -c1-16)
if [ "$(cat "$out/kernel.stamp" 2>/dev/null)" = "$key" ] && [ -f "$out/vmlinux" ]; then
    log "kernel $variant-debug: up to date ($out/vmlinux)"
    exit 0
fi
phash=$(hash_of "${pdirs[@]}")
if [ "$(cat "$src/.n9-ready" 2>/dev/null)" != "$phash" ]; then
    rm -rf "$src" "$src.tmp"
    mkdir -p "$src.tmp"
    timed "kernel $variant-debug: unpacking Linux $LINUX_UPSTREAM" \
        tar -xf "$N9_CACHE/src/linux_$LINUX_UPSTREAM.orig.tar.xz" -C "$src.tmp" --strip-components=1
    for d in "${pdirs[@]}"; do
        for p in "$d"/*.patch; do
            [ -e "$p" ] || continue
            patch -d "$src.tmp" -p1 --quiet --no-backup-if-mismatch < "$p" ||
                die "patch ${d##*/}/${p##*/} does not apply"
        done
    done
    echo "$phash" > "$src.tmp/.n9-ready"
    mv "$src.tmp" "$src"
fi
mkdir -p "$obj" "$out"
export KBUILD_BUILD_TIMESTAMP="2026-01-01" KBUILD_BUILD_USER=qemu-n9 KBUILD_BUILD_HOST=qemu-n9
export CCACHE_DISABLE=${CCACHE_DISABLE:-1}
kmake() {
    make -C "$src" O="$obj" ARCH=arm CROSS_COMPILE=arm-linux-gnueabihf- \
        CC="ccache arm-linux-gnueabihf-gcc" -j"$JOBS" "$@"
}
log "kernel $variant-debug: configuring omap2plus_defconfig + kernel/n9.config + kernel/debug.config"
kmake -s omap2plus_defconfig >/dev/null
(cd "$obj" && "$src/scripts/kconfig/merge_config.sh" -m -O "$obj" .config \
    "$N9_TOP/kernel/n9.config" "$frag" >/dev/null)
kmake -s olddefconfig >/dev/null
while IFS= read -r line; do
    case "$line" in CONFIG_*=y) ;; *) continue ;; esac
    grep -qx "$line" "$obj/.config" || die "kernel/debug.config: $line did not take"
done < "$frag"
klog=$N9_CACHE/logs/kernel-$variant-debug.log
mkdir -p "$N9_CACHE/logs"
log "kernel $variant-debug: building zImage, omap3-n9.dtb and vmlinux with debug information (log: $klog)"
t0=$SECONDS
kmake zImage ti/omap/omap3-n9.dtb > "$klog" 2>&1 &
pid=$!
while kill -0 $pid 2>/dev/null; do
    sleep 30
    kill -0 $pid 2>/dev/null && log "kernel $variant-debug: $((SECONDS - t0)) s, $(grep -c '^  CC' "$klog") files compiled"
done
wait $pid || { tail -30 "$klog" >&2; die "kernel $variant-debug build failed (log: $klog)"; }
log "kernel $variant-debug: built in $((SECONDS - t0)) s"
for f in arch/arm/boot/zImage arch/arm/boot/dts/ti/omap/omap3-n9.dtb System.map vmlinux; do
    cp "$obj/$f" "$out/${f##*/}.tmp" && mv -f "$out/${f##*/}.tmp" "$out/${f##*/}"
done
cp "$obj/.config" "$out/kernel.config"
echo "$key" > "$out/kernel.stamp"
log "kernel $variant-debug: $out/vmlinux (debug information), $out/zImage"
