#!/usr/bin/env bash
# Build qemu-system-arm with the rm696 machine: Debian's QEMU 10.0 source
# package + qemu-n9/patches, with qemu-n9/'s files (and models/) laid over it.
# Usage: build-qemu.sh [--sanitize] [ninja targets...]
#   (default: qemu-system-arm and QEMU's own TCG plugins, contrib/plugins and
#   tests/tcg/plugins, linked into out/plugins/: they run beside the memory
#   model, docs/plugins.md)
#   --sanitize  a second build folder (build/qemu-VERSION-asan) compiled with
#               clang, AddressSanitizer, UBSan and libFuzzer instrumentation,
#               for the long fuzzing campaign (n9 fuzz --asan) and
#               QEMU's generic-fuzz (target qemu-fuzz-arm); links
#               out/bin/qemu-system-arm-asan (and out/bin/qemu-fuzz-arm).
. "$(dirname "$0")/lib.sh"

variant=
if [ "${1:-}" = --sanitize ]; then
    variant=-asan
    shift
fi

"$N9_TOP/scripts/fetch-sources.sh"

pristine=$N9_CACHE/src/qemu-$QEMU_UPSTREAM
phash=$(hash_of "$N9_TOP/qemu-n9/patches")
# Stable paths: ccache keys include the paths on the compiler's command
# line, so a new patch series rebuilds from the cache instead of from
# scratch.  The tree records the series it was made with.
# The sanitizer variant has a tree, a build folder and a lock of its own, so
# that its long build neither holds up nor is disturbed by the main one.
tree=$N9_CACHE/qemu-$QEMU_UPSTREAM$variant
build=$N9_CACHE/build/qemu-$QEMU_UPSTREAM$variant
mkdir -p "$N9_CACHE/build"

# One build at a time in a build folder (helpers and developers share it).
exec 9>"$N9_CACHE/build/qemu$variant.lock"
flock 9

if [ "$(cat "$tree/.n9-ready" 2>/dev/null)" != "$phash" ]; then
    rm -rf "$tree" "$tree.tmp" "$build"
    timed "copying the pristine QEMU tree" cp -a "$pristine" "$tree.tmp"
    for p in "$N9_TOP"/qemu-n9/patches/*.patch; do
        log "applying ${p##*/}"
        patch -d "$tree.tmp" -p1 --quiet --no-backup-if-mismatch < "$p" ||
            die "patch ${p##*/} does not apply to QEMU $QEMU_UPSTREAM"
    done
    echo "$phash" > "$tree.tmp/.n9-ready"
    mv "$tree.tmp" "$tree"
fi

# Lay the overlay over the tree.  Only files whose content changed are
# copied, so ninja rebuilds only what really changed; files that left the
# overlay leave the tree too.
sync_overlay() {
    local manifest=$tree/.n9-overlay-files new=$tree/.n9-overlay-files.new
    : > "$new"
    copy_dir() {  # copy_dir SRC DEST-relative-to-tree
        local src=$1 dst=$2 f rel
        [ -d "$src" ] || return 0
        while IFS= read -r -d '' f; do
            rel=$dst/${f#"$src"/}
            # hw/n9's folders (soc, timing, devices) show the architecture
            # in the repository; QEMU gets one flat hw/n9 (one meson.build,
            # one trace-events, includes by file name)
            case $rel in
                hw/n9/soc/*|hw/n9/timing/*|hw/n9/devices/*) rel=hw/n9/${rel##*/} ;;
            esac
            echo "$rel" >> "$new"
            if ! cmp -s "$f" "$tree/$rel"; then
                mkdir -p "$(dirname "$tree/$rel")"
                cp "$f" "$tree/$rel"
            fi
        done < <(find "$src" -type f ! -name '*~' ! -name '.*' -print0)
    }
    local d
    for d in hw configs tests include rom; do
        copy_dir "$N9_TOP/qemu-n9/$d" "$d"
    done
    # The timing models are plain C libraries; QEMU links them from hw/n9/models.
    for d in "$N9_TOP"/models/*/; do
        [ -d "$d" ] || continue
        copy_dir "${d%/}" "hw/n9/models/$(basename "$d")"
    done
    if [ -f "$manifest" ]; then
        LC_ALL=C sort -u "$manifest" > "$manifest.old"
        LC_ALL=C sort -u "$new" | comm -23 "$manifest.old" - | while IFS= read -r rel; do
            rm -f "$tree/$rel"
        done
        rm -f "$manifest.old"
    fi
    mv "$new" "$manifest"
}
sync_overlay

configure_flags=(
    --target-list=arm-softmmu
    --without-default-features --without-default-devices
    --with-devices-arm=rm696
    --enable-tcg --enable-fdt=system --enable-plugins
    --disable-docs --disable-install-blobs --disable-download
    --python=/usr/bin/python3
)
if [ -n "$variant" ]; then
    command -v clang > /dev/null || die "--sanitize needs clang (apt-get install clang libclang-rt-dev)"
    configure_flags+=(--cc="ccache clang" --cxx="ccache clang++" --objcc="ccache clang"
                      --enable-asan --enable-ubsan --enable-fuzzing --disable-plugins)
else
    configure_flags+=(--cc="ccache cc")
fi
want="${configure_flags[*]}"
if ! [ -f "$build/build.ninja" ] || [ "$(cat "$build/.n9-configure" 2>/dev/null)" != "$want" ]; then
    rm -rf "$build"; mkdir -p "$build"
    (cd "$build" && timed "configuring QEMU" "$tree/configure" "${configure_flags[@]}" \
        > "$build/configure.log" 2>&1) || { tail -30 "$build/configure.log" >&2; die "QEMU configure failed (log: $build/configure.log)"; }
    echo "$want" > "$build/.n9-configure"
fi

# QEMU's own plugins: every one this configuration builds
plugin_targets() {
    ninja -C "$build" -t targets all 2>/dev/null |
        sed -n 's,^\(\(contrib\|tests/tcg\)/plugins/lib[a-z0-9_]*\.so\):.*,\1,p'
}
targets=("$@")
if [ ${#targets[@]} = 0 ] && [ -z "$variant" ]; then
    mapfile -t targets < <(plugin_targets)
    targets=(qemu-system-arm "${targets[@]}")
elif [ ${#targets[@]} = 0 ]; then
    targets=(qemu-system-arm)
fi
log "building ${targets[*]} (a first build takes about 10 minutes on 2 cores; later ones seconds)"
t0=$SECONDS
if ! ninja -C "$build" -j"$JOBS" "${targets[@]}" > "$build/ninja.log" 2>&1; then
    grep -E -A5 'error|FAILED' "$build/ninja.log" | head -60 >&2
    die "QEMU build failed (log: $build/ninja.log)"
fi
grep -E 'warning:' "$build/ninja.log" | grep -F 'hw/n9' >&2 || true
log "QEMU built in $((SECONDS - t0)) s"

mkdir -p "$N9_OUT/bin"
if [ -n "$variant" ]; then
    ln -sfn "$build/qemu-system-arm" "$N9_OUT/bin/qemu-system-arm$variant"
    [ ! -e "$build/qemu-fuzz-arm" ] || ln -sfn "$build/qemu-fuzz-arm" "$N9_OUT/bin/qemu-fuzz-arm"
    exit 0
fi
ln -sfn "$build/qemu-system-arm" "$N9_OUT/bin/qemu-system-arm"
ln -sfn "$build" "$N9_OUT/qemu-build"
# out/plugins/libNAME.so: each plugin built so far
mkdir -p "$N9_OUT/plugins"
for so in "$build"/contrib/plugins/lib*.so "$build"/tests/tcg/plugins/lib*.so; do
    [ ! -e "$so" ] || ln -sfn "$so" "$N9_OUT/plugins/${so##*/}"
done
