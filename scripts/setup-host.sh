#!/usr/bin/env bash
# Install what the build needs from Debian's archive (bookworm host):
# compilers, QEMU's build dependencies, meson from bookworm-backports, the
# GNU Arm toolchains, and deb-src entries for trixie, where the QEMU 10.0 and
# Linux 6.18 source packages live; and what the n9 tool uses: gnuplot
# (n9 plot), Slurm and MUNGE (n9 sweep --slurm, and the one-node cluster
# tests/slurm/start-slurm.sh starts for the tests); SystemC 2.3.4 for the
# models' TLM-2.0 wrappers (models/systemc, docs/systemc.md).
. "$(dirname "$0")/lib.sh"

stamp=$N9_CACHE/host-setup.stamp
want=$(hash_of "$0")
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] &&
   command -v arm-linux-gnueabihf-gcc >/dev/null && command -v meson >/dev/null &&
   command -v gnuplot >/dev/null && command -v sbatch >/dev/null &&
   pkg-config --exists systemc; then
    log "host packages: already installed"
    exit 0
fi

src=/etc/apt/sources.list.d/qemu-n9.sources
if ! [ -f "$src" ]; then
    log "adding $src (trixie deb-src, bookworm-backports)"
    as_root tee "$src" >/dev/null <<'EOS'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: trixie trixie-backports
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm-backports
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOS
fi

aptlog=$N9_CACHE/logs/apt.log
mkdir -p "$N9_CACHE/logs"
quiet() { "$@" >> "$aptlog" 2>&1 || { tail -20 "$aptlog" >&2; die "$* failed (log: $aptlog)"; }; }
timed "apt-get update" quiet as_root apt-get update -q
# -t bookworm: keep the host's libraries on bookworm.
timed "installing build packages" quiet as_root apt-get install -y -q -t bookworm \
    build-essential ccache pkg-config ninja-build python3 python3-venv \
    libglib2.0-dev libfdt-dev libpixman-1-dev zlib1g-dev \
    gcc-arm-linux-gnueabihf libc6-dev-armhf-cross \
    gcc-arm-none-eabi libnewlib-arm-none-eabi \
    flex bison bc cpio xz-utils lzma lzop kmod device-tree-compiler \
    dpkg-dev \
    gnuplot-nox slurm-wlm munge \
    libsystemc-dev
timed "installing meson (bookworm-backports)" quiet as_root apt-get install -y -q \
    -t bookworm-backports meson

echo "$want" > "$stamp"
