#!/usr/bin/env bash
# Fetch Debian's QEMU 10.0 and Linux 6.18 source packages into the cache and
# check them against the pinned SHA-256 sums.  Nothing of either is committed.
. "$(dirname "$0")/lib.sh"

cd "$N9_CACHE/src"

# fetch PKG VERSION FILE SHA256: one file of a source package, at the address
# apt's (signed) Sources index gives, checked against the pinned sum.
fetch() {
    local uri
    if [ -f "$3" ] && echo "$4  $3" | sha256sum -c --quiet 2>/dev/null; then
        return
    fi
    uri=$(apt-get source --print-uris "$1=$2" 2>/dev/null |
          awk -v f="$3" '$2 == f { gsub(/\x27/, "", $1); print $1; exit }')
    [ -n "$uri" ] || die "Debian's archive does not list $3 ($1 $2): run scripts/setup-host.sh (it adds the trixie deb-src entries), or pin a version the archive serves in scripts/lib.sh"
    log "downloading $3"
    /usr/lib/apt/apt-helper download-file "$uri" "$3" "SHA256:$4" >&2 ||
        die "download or checksum check of $3 failed"
}

# QEMU: the whole source package (orig + Debian's patches, checked by the .dsc).
qemu_dir=$N9_CACHE/src/qemu-$QEMU_UPSTREAM
if ! [ -f "$qemu_dir/.n9-unpacked" ]; then
    dsc=qemu_${QEMU_DEB_VERSION#*:}.dsc
    fetch qemu "$QEMU_DEB_VERSION" "$dsc" "$QEMU_DSC_SHA256"
    # The .dsc lists the orig and debian tarballs with their sums.
    awk '/^Checksums-Sha256:/ {on = 1; next} /^[^ ]/ {on = 0} on {print $1, $3}' "$dsc" |
    while read -r sum f; do fetch qemu "$QEMU_DEB_VERSION" "$f" "$sum"; done
    rm -rf "$qemu_dir"
    # dpkg-source checks every file against the .dsc and applies Debian's
    # patch series (its disable-pycotap patch is needed for the tests).
    # gpgv cannot check the .dsc's own signature without Debian's developer
    # keyring; the pinned SHA-256 of the .dsc (from Debian's signed index)
    # vouches for it, so that warning is dropped.
    unpack_qemu() {
        dpkg-source -x "$dsc" "$qemu_dir" 2>&1 >/dev/null |
            { grep -v -e '^gpgv:' -e 'cannot verify inline signature' >&2 || true; }
    }
    timed "unpacking QEMU $QEMU_DEB_VERSION" unpack_qemu
    touch "$qemu_dir/.n9-unpacked"
fi

# Linux: Debian's orig tarball (the upstream tree as Debian ships it).  We do
# not apply Debian's own patch series: it targets Debian's configs, and the
# N9 build is omap2plus plus our fragment and patches (kernel/).
linux_tar=linux_$LINUX_UPSTREAM.orig.tar.xz
if ! [ -f "$linux_tar" ] || ! echo "$LINUX_ORIG_SHA256  $linux_tar" | sha256sum -c --quiet 2>/dev/null; then
    fetch linux "$LINUX_DEB_VERSION" "$linux_tar" "$LINUX_ORIG_SHA256"
fi
log "sources: QEMU $QEMU_DEB_VERSION, Linux $LINUX_DEB_VERSION (orig) checked"
