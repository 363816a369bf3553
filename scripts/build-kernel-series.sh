#!/usr/bin/env bash
# Build a kernel patch series prefix by prefix: the base patches, then the
# base plus the first k patches of the series, for k = 0..n (cumulative
# prefixes: a patch may need the ones before it), each into
# $QEMU_N9_CACHE/series-work/kernels/kNN/ (zImage, System.map,
# omap3-n9.dtb).  `n9 series` and `n9 sweep` (kernels = a series) run
# it, then boot each kernel.  Prints one line per kernel on stdout:
#   K <TAB> LABEL <TAB> DIR <TAB> BUILD_SECONDS FILES_COMPILED built|cached
# Progress goes to stderr.
#
#   scripts/build-kernel-series.sh PATCH_DIR [--base DIR]
#
# PATCH_DIR   the series, applied in file name order
# --base      applied in full first, the row "base" (default
#             kernel/patches/mainline)
#
# Cost on 2 cores (measured with the project's warm ccache): the base
# 140 s (a cold ccache: a full kernel build), each patch 100-140 s, an
# unchanged prefix nothing.
#
# Its own tree and objects, in $QEMU_N9_CACHE/series-work (never the trees
# or out/kernels/ of build-kernel.sh): Debian's checked orig tarball, the
# same configuration (omap2plus_defconfig + kernel/n9.config) and ccache.
# The tree is built once, then each patch is applied and only what it
# changes is rebuilt (kernels/kNN/ keep each prefix's zImage, System.map,
# DTB; an unchanged prefix is not rebuilt).
. "$(dirname "$0")/lib.sh"

series= base=$N9_TOP/kernel/patches/mainline
while [ $# -gt 0 ]; do
    case "$1" in
        --base) need_arg "$@"; base=$2; shift 2 ;;
        -h|--help) sed -n '2,/^\. /p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
        -*) die "unknown option $1 (see scripts/build-kernel-series.sh --help)" ;;
        *) [ -z "$series" ] || die "one patch folder only (got '$series' and '$1')"
           series=$1; shift ;;
    esac
done
[ -n "$series" ] || die "give the patch folder (see scripts/build-kernel-series.sh --help)"
for d in "$series" "$base"; do
    [ -d "$d" ] || die "patch folder '$d' does not exist"
done
series=$(realpath "$series") base=$(realpath "$base")
shopt -s nullglob
patches=("$series"/*.patch) base_patches=("$base"/*.patch)
shopt -u nullglob
[ ${#patches[@]} -gt 0 ] || die "no *.patch files in '$series'"
[ ${#patches[@]} -le 99 ] || die "more than 99 patches in '$series'"
[ "$series" != "$base" ] || die "the series and the base are the same folder ($series)"

work=$N9_CACHE/series-work
src=$work/linux             # the tree; objects in build/ below it, as
obj=$src/build              # build-kernel.sh does, so that ccache serves them
mkdir -p "$work/kernels" "$work/logs"

# One run at a time on this tree (build-kernel.sh's lock is for its trees).
exec 9>"$work/series.lock"
if ! flock -n 9; then
    log "kernel series: waiting for another run on $work (lock series.lock)"
    flock 9
fi

"$N9_TOP/scripts/setup-host.sh" >&2
"$N9_TOP/scripts/fetch-sources.sh" >&2

export KBUILD_BUILD_TIMESTAMP="2026-01-01" KBUILD_BUILD_USER=qemu-n9 KBUILD_BUILD_HOST=qemu-n9
export KBUILD_BUILD_VERSION=1       # "#1" in every build, as in a fresh tree
kmake() {
    make -C "$src" O="$obj" ARCH=arm CROSS_COMPILE=arm-linux-gnueabihf- \
        CC="ccache arm-linux-gnueabihf-gcc" -j"$JOBS" "$@"
}

# apply_patch DIR FILE WHAT: apply one patch to DIR, or die naming it.
apply_patch() {
    local out
    out=$(patch -d "$1" -p1 --forward --batch --no-backup-if-mismatch < "$2" 2>&1) ||
        { printf '%s\n' "$out" | tail -15 >&2
          die "patch $2 does not apply $3"; }
}

# The tree at the base: unpacked and patched once (the key is the tarball,
# the base patches and the configuration), later runs revert the series
# patches the last run applied (kept in applied/) instead.  Interrupted
# while patching (dirty), or a revert fails: unpack again.
base_key=$( { echo "$LINUX_UPSTREAM $LINUX_ORIG_SHA256"; hash_of "$base"; sha256sum < "$N9_TOP/kernel/n9.config"; } |
            sha256sum | cut -c1-16)
if [ -f "$work/dirty" ] || [ "$(cat "$src/.n9-series-base" 2>/dev/null)" != "$base_key" ]; then
    fresh=1
else
    fresh=0
    if [ -d "$work/applied" ]; then
        touch "$work/dirty"
        for p in $(ls -r "$work/applied"); do
            if ! patch -d "$src" -p1 -R --batch --silent --no-backup-if-mismatch \
                    < "$work/applied/$p" >/dev/null 2>&1; then
                log "kernel series: could not revert ${p#*-} from the last run: unpacking the tree again"
                fresh=1; break
            fi
            rm "$work/applied/$p"
        done
        [ $fresh = 1 ] || rm -f "$work/dirty"
    fi
fi
if [ $fresh = 1 ]; then
    rm -rf "$src" "$src.tmp" "$work/applied" "$work/dirty"
    mkdir -p "$src.tmp"
    timed "kernel series: unpacking Linux $LINUX_UPSTREAM" \
        tar -xf "$N9_CACHE/src/linux_$LINUX_UPSTREAM.orig.tar.xz" -C "$src.tmp" --strip-components=1
    for p in "${base_patches[@]}"; do
        log "kernel series: applying base ${p##*/}"
        apply_patch "$src.tmp" "$p" "to Linux $LINUX_UPSTREAM (base folder $base)"
    done
    mkdir -p "$src.tmp/build"
    mv "$src.tmp" "$src"
    log "kernel series: configuring omap2plus_defconfig + kernel/n9.config"
    kmake -s omap2plus_defconfig >/dev/null
    (cd "$obj" && "$src/scripts/kconfig/merge_config.sh" -m -O "$obj" .config "$N9_TOP/kernel/n9.config" >/dev/null)
    kmake -s olddefconfig >/dev/null
    # Every line of the fragment must have taken, as build-kernel.sh checks.
    while IFS= read -r line; do
        case "$line" in CONFIG_*=*) ;; *) continue ;; esac
        sym=${line%%=*} val=${line#*=}
        if [ "$val" = n ]; then
            ! grep -q "^$sym=" "$obj/.config" || die "config: $sym should be off"
        else
            grep -qx "$sym=$val" "$obj/.config" || die "config: $line did not take"
        fi
    done < "$N9_TOP/kernel/n9.config"
    echo "$base_key" > "$src/.n9-series-base"
fi
mkdir -p "$work/applied"

# The whole series must apply, in order, before anything is built: try it
# on a copy of the files it touches.
check=$(mktemp -d)
trap 'rm -rf "$check"' EXIT
for p in "${patches[@]}"; do
    sed -n -e 's#^--- a/\([^[:space:]]*\).*#\1#p' -e 's#^+++ b/\([^[:space:]]*\).*#\1#p' "$p"
done | sort -u | while IFS= read -r f; do
    [ -f "$src/$f" ] || continue
    mkdir -p "$check/$(dirname "$f")" && cp "$src/$f" "$check/$f"
done
done_list=
for p in "${patches[@]}"; do
    apply_patch "$check" "$p" "on top of the base${done_list:+ and$done_list}"
    done_list="$done_list ${p##*/}"
done
log "kernel series: ${#patches[@]} patches of $series apply in order"

# build_prefix K LABEL: build the tree as it is now into kernels/kNN.
build_prefix() {
    local k=$1 dir key t0 pid klog n
    dir=$work/kernels/k$(printf %02d "$k")
    key=$( { echo "$base_key"; for ((n = 0; n < k; n++)); do sha256sum < "${patches[n]}"; done; } |
           sha256sum | cut -c1-16)
    mkdir -p "$dir"
    rm -f "$dir/has-count-all"
    ! grep -rqs count_all_domains "$src/arch/arm/mach-omap2" || touch "$dir/has-count-all"
    if [ "$(cat "$dir/stamp" 2>/dev/null)" = "$key" ] && [ -f "$dir/zImage" ]; then
        log "kernel series: $2: up to date ($dir)"
        echo cached > "$dir/build-how"
        return 0
    fi
    rm -f "$dir/stamp" "$dir/zImage"
    klog=$work/logs/build-k$(printf %02d "$k").log
    log "kernel series: $2: building (log: $klog)"
    t0=$SECONDS
    kmake zImage ti/omap/omap3-n9.dtb > "$klog" 2>&1 &
    pid=$!
    while kill -0 $pid 2>/dev/null; do
        sleep 20
        kill -0 $pid 2>/dev/null && log "kernel series: $2: $((SECONDS - t0)) s, $(grep -c '^  CC' "$klog") files compiled"
    done
    wait $pid || { tail -30 "$klog" >&2; die "build of $2 failed (log: $klog)"; }
    n=$(grep -c '^  CC' "$klog" || true)
    log "kernel series: $2: built in $((SECONDS - t0)) s ($n files compiled)"
    cp "$obj/arch/arm/boot/zImage" "$obj/System.map" "$dir/"
    cp "$obj/arch/arm/boot/dts/ti/omap/omap3-n9.dtb" "$dir/"
    echo "$((SECONDS - t0)) $n" > "$dir/build-time"
    echo built > "$dir/build-how"
    echo "$key" > "$dir/stamp"
}

# Build k = 0 (the base), then one patch more each time.
t_all=$SECONDS
labels=("base (${base##*/})")
build_prefix 0 "${labels[0]}"
for ((k = 1; k <= ${#patches[@]}; k++)); do
    p=${patches[k - 1]}
    touch "$work/dirty"
    apply_patch "$src" "$p" "to the series tree (it applied on a copy: is $src modified?)"
    cp "$p" "$work/applied/$(printf %02d "$k")-${p##*/}"
    rm -f "$work/dirty"
    name=${p##*/}; labels[k]=${name%.patch}
    build_prefix "$k" "${labels[k]}"
done
log "kernel series: ${#patches[@]} patches built in $((SECONDS - t_all)) s"
for ((k = 0; k <= ${#patches[@]}; k++)); do
    dir=$work/kernels/k$(printf %02d "$k")
    printf '%s\t%s\t%s\t%s %s\n' "$k" "${labels[k]}" "$dir" \
        "$(cat "$dir/build-time")" "$(cat "$dir/build-how")"
done
