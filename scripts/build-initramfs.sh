#!/usr/bin/env bash
# Build the guest initramfs: Debian's armhf busybox-static, our /init and
# our measuring tools (guest/: mmiolat, n9host, idlecount, idletime,
# clockcheck, membench, kbench, sdrcpwr),
# Debian's armhf rt-tests (cyclictest, hackbench) with the shared libraries
# they need (libc6, libnuma1, libgcc-s1), packed with the kernel tree's
# gen_init_cpio (no root needed for the device nodes).
. "$(dirname "$0")/lib.sh"

idir=$N9_TOP/kernel/initramfs
out=$N9_OUT/initramfs.cpio.gz
# One build at a time (tests and scripts run side by side share the cache).
mkdir -p "$N9_CACHE/build"
exec 7>"$N9_CACHE/build/initramfs.lock"
flock 7
# gen_init_cpio is a host tool of either kernel tree (scripts/build-kernel.sh;
# build/linux-V is where the single-kernel layout of earlier versions had it).
gen=
for d in "linux-$LINUX_UPSTREAM-patched/build" "linux-$LINUX_UPSTREAM-mainline/build" \
         "build/linux-$LINUX_UPSTREAM"; do
    if [ -x "$N9_CACHE/$d/usr/gen_init_cpio" ]; then
        gen=$N9_CACHE/$d/usr/gen_init_cpio
        break
    fi
done
[ -n "$gen" ] || die "gen_init_cpio not found: run scripts/build-kernel.sh first"

# A private apt instance for armhf packages: the host's dpkg is not touched
# and no armhf architecture is added.  apt checks each .deb against
# Debian's signed index.
apt_dir=$N9_CACHE/apt-armhf
mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$apt_dir/debs"
echo "deb [arch=armhf signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bookworm main" \
    > "$apt_dir/sources.list"
apt_opts=(-o Dir::Etc::SourceList="$apt_dir/sources.list" -o Dir::Etc::SourceParts=/dev/null
          -o APT::Architecture=armhf -o APT::Architectures::=armhf
          -o Dir::State::Lists="$apt_dir/lists" -o Dir::Cache="$apt_dir/cache"
          -o Dir::State::Status=/dev/null -o Debug::NoLocking=1)
pkgs=(busybox-static rt-tests libc6 libnuma1 libgcc-s1)
need=0
for p in "${pkgs[@]}"; do ls "$apt_dir/debs/${p}_"*.deb >/dev/null 2>&1 || need=1; done
if [ $need = 1 ]; then
    timed "apt (armhf index)" apt-get -q "${apt_opts[@]}" update >/dev/null
    (cd "$apt_dir/debs" && apt-get -q "${apt_opts[@]}" download "${pkgs[@]}" 2>&1 | grep -v '^W: Download is performed unsandboxed' >&2 || true)
    for p in "${pkgs[@]}"; do
        ls "$apt_dir/debs/${p}_"*.deb >/dev/null 2>&1 || die "could not download armhf $p"
    done
fi

stage=$N9_CACHE/build/initramfs
rm -rf "$stage"; mkdir -p "$stage/bin"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for p in "${pkgs[@]}"; do
    # the newest of the downloaded versions, if an index update brought two
    deb=$(ls "$apt_dir/debs/${p}_"*.deb | sort -V | tail -1)
    dpkg-deb -x "$deb" "$tmp"
done
cp "$tmp/bin/busybox" "$stage/bin/busybox"
# rt-tests: cyclictest and hackbench (dynamically linked) and what they
# load: the dynamic linker, libc (with its librt/libpthread stubs),
# libnuma, libgcc_s (glibc loads it for thread cancellation).  The paths
# are those of the Debian packages; Debian's ld.so searches the multiarch
# folders without an ld.so.cache.  kernel/initramfs/files.list lists them.
ma=arm-linux-gnueabihf
mkdir -p "$stage/usr/bin" "$stage/lib/$ma" "$stage/usr/lib/$ma"
for f in cyclictest hackbench; do cp "$tmp/usr/bin/$f" "$stage/usr/bin/$f"; done
for f in ld-linux-armhf.so.3 libc.so.6 librt.so.1 libpthread.so.0 libgcc_s.so.1; do
    cp "$tmp/lib/$ma/$f" "$stage/lib/$ma/$f"
done
cp -L "$tmp/usr/lib/$ma/libnuma.so.1" "$stage/usr/lib/$ma/libnuma.so.1"
cp "$idir/init" "$stage/init"

# The guest measuring tools (guest/, built by build-guest-tools.sh).
"$N9_TOP/scripts/build-guest-tools.sh"
mkdir -p "$stage/usr/bin" "$stage/scenarios"
for t in mmiolat n9host idlecount idletime clockcheck membench kbench sdrcpwr n9user; do
    cp "$N9_OUT/guest/$t" "$stage/usr/bin/$t"
done
# The scenarios /init runs when the kernel command line names one (n9.run=)
cp "$idir"/scenarios/*.sh "$stage/scenarios/"

# One fixed timestamp for every entry (gen_init_cpio takes the files'
# mtimes otherwise): the same inputs give the same bytes, so the kernel
# unpacks it in the same modelled time and idle runs stay bit-identical.
(cd "$stage" && "$gen" -t 1767225600 "$idir/files.list") | gzip -9n > "$out.tmp"
mv "$out.tmp" "$out"
log "initramfs: $out ($(stat -c %s "$out") bytes)"
