#!/usr/bin/env bash
# Build the N9 guest kernel: Debian's Linux 6.18 orig tree + kernel/patches,
# omap2plus_defconfig + kernel/n9.config, zImage and omap3-n9.dtb, out of tree
# with the GNU Arm toolchain.  The result is cached by the hash of the inputs.
. "$(dirname "$0")/lib.sh"

"$N9_TOP/scripts/fetch-sources.sh"

# One kernel build at a time (developers and helpers share the cache).
mkdir -p "$N9_CACHE/build"
exec 8>"$N9_CACHE/build/linux.lock"
flock 8

kdir=$N9_TOP/kernel
phash=$(hash_of "$kdir/patches")
key=$LINUX_UPSTREAM-$(hash_of "$kdir/patches" "$kdir/n9.config" "$0")
# A stable path (ccache keys include it); the tree records its patch series.
src=$N9_CACHE/linux-$LINUX_UPSTREAM
obj=$N9_CACHE/build/linux-$LINUX_UPSTREAM
out=$N9_OUT

if [ -f "$out/kernel.stamp" ] && [ "$(cat "$out/kernel.stamp")" = "$key" ] &&
   [ -f "$out/zImage" ] && [ -f "$out/omap3-n9.dtb" ]; then
    log "kernel: up to date ($out/zImage)"
    exit 0
fi

if [ "$(cat "$src/.n9-ready" 2>/dev/null)" != "$phash" ]; then
    rm -rf "$src" "$src.tmp"
    mkdir -p "$src.tmp"
    timed "unpacking Linux $LINUX_UPSTREAM" \
        tar -xf "$N9_CACHE/src/linux_$LINUX_UPSTREAM.orig.tar.xz" -C "$src.tmp" --strip-components=1
    for p in "$kdir"/patches/*.patch; do
        [ -e "$p" ] || continue
        log "applying ${p##*/}"
        patch -d "$src.tmp" -p1 --quiet --no-backup-if-mismatch < "$p" || die "patch ${p##*/} does not apply"
    done
    echo "$phash" > "$src.tmp/.n9-ready"
    mv "$src.tmp" "$src"
fi

mkdir -p "$obj" "$N9_CACHE/logs"
export KBUILD_BUILD_TIMESTAMP="2026-01-01" KBUILD_BUILD_USER=qemu-n9 KBUILD_BUILD_HOST=qemu-n9
kmake() {
    make -C "$src" O="$obj" ARCH=arm CROSS_COMPILE=arm-linux-gnueabihf- \
        CC="ccache arm-linux-gnueabihf-gcc" -j"$JOBS" "$@"
}

log "configuring: omap2plus_defconfig + kernel/n9.config"
kmake -s omap2plus_defconfig >/dev/null
(cd "$obj" && "$src/scripts/kconfig/merge_config.sh" -m -O "$obj" .config "$kdir/n9.config" >/dev/null)
kmake -s olddefconfig >/dev/null

# Every line of the fragment must have taken: a symbol that Kconfig dropped
# or overrode would silently build another kernel than the one we describe.
bad=0
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

log "building zImage and omap3-n9.dtb (the first build takes 10-15 minutes on 2 cores; log: $N9_CACHE/logs/kernel.log)"
t0=$SECONDS
kmake zImage ti/omap/omap3-n9.dtb > "$N9_CACHE/logs/kernel.log" 2>&1 &
pid=$!
while kill -0 $pid 2>/dev/null; do
    sleep 30
    kill -0 $pid 2>/dev/null && log "kernel: $((SECONDS - t0)) s, $(grep -c '^  CC' "$N9_CACHE/logs/kernel.log") files compiled"
done
wait $pid || { tail -30 "$N9_CACHE/logs/kernel.log" >&2; die "kernel build failed (log: $N9_CACHE/logs/kernel.log)"; }
log "kernel built in $((SECONDS - t0)) s"

cp "$obj/arch/arm/boot/zImage" "$out/zImage"
cp "$obj/arch/arm/boot/dts/ti/omap/omap3-n9.dtb" "$out/omap3-n9.dtb"
cp "$obj/.config" "$out/kernel.config"
echo "$key" > "$out/kernel.stamp"
log "kernel: $out/zImage, $out/omap3-n9.dtb"
