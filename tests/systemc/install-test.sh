#!/usr/bin/env bash
# The models as an installable library (docs/systemc.md): `meson install`
# into a fresh prefix, then the example (examples/systemc/sdrc_example.cpp)
# built from the installed files through pkg-config only, run, and its
# output compared with what the installed C API gives for the same reads
# (tests/systemc/sdrc_expect.c, built against qemu-n9-models.pc).
#   tests/systemc/install-test.sh WORKDIR
# Prints PASS:/FAIL: lines.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:?usage: install-test.sh WORKDIR}
rm -rf "$work"; mkdir -p "$work"
prefix=$work/prefix
ok() { echo "PASS: $*"; }
bad() { echo "FAIL: $*"; }

if ! { meson setup "$work/build" "$top" --prefix "$prefix" --libdir lib \
           -Dsystemc=enabled && ninja -C "$work/build" &&
       meson install -C "$work/build" --quiet; } > "$work/install.log" 2>&1; then
    bad "meson install of the models (log: $work/install.log)"; exit 1
fi
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
for f in lib/libqemu-n9-models.a lib/libqemu-n9-systemc.a \
         lib/pkgconfig/qemu-n9-models.pc lib/pkgconfig/qemu-n9-systemc.pc \
         include/qemu-n9/sdrc.h include/qemu-n9/n9_sdrc_tlm.h \
         include/qemu-n9/omap3630_map.h; do
    [ -f "$prefix/$f" ] || { bad "installed: $f missing"; exit 1; }
done
ok "meson install: libraries, headers, qemu-n9-models.pc, qemu-n9-systemc.pc"

# from outside the tree: only the prefix, through pkg-config
cd "$work"
if ! c++ "$top/examples/systemc/sdrc_example.cpp" \
        $(pkg-config --cflags --libs qemu-n9-systemc) -o example > build.log 2>&1 ||
   ! cc -std=c99 "$top/tests/systemc/sdrc_expect.c" \
        $(pkg-config --cflags --libs qemu-n9-models) -o expect >> build.log 2>&1; then
    bad "building the example from the installed files (log: $work/build.log)"; exit 1
fi
ok "the example builds from the prefix with pkg-config only"
SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 ./example > got 2>&1
./expect > want || { bad "the C API's figures are not usable: $(cat want)"; exit 1; }
if cmp -s got want; then
    ok "the example's delays = the C API's ($(tr '\n' ';' < got))"
else
    bad "the example printed $(tr '\n' ';' < got) where the C API gives $(tr '\n' ';' < want)"
    exit 1
fi
