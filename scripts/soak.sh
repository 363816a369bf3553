#!/usr/bin/env bash
# The soak scenario: many MPU + CORE OFF entries (C7) in one boot, the
# guest's clocks compared before and after, every timer wake-up checked.
#
#   scripts/soak.sh [--kernel mainline|patched] [--entries N] [--out DIR]
#
# tests/run runs 1200 sleeps (about 1000 CORE OFF entries); a benchmark
# run asks for 100000 (docs/benchmarks.md).  Prints the guest's report and
# the machine's C7 / CORE OFF counts over the marked window.
. "$(dirname "$0")/lib.sh"

kernel=patched entries=1200 outdir=
while [ $# -gt 0 ]; do
    case "$1" in
        --kernel) kernel=${2:?--kernel needs an argument}; shift 2 ;;
        --entries) entries=${2:?--entries needs a number}; shift 2 ;;
        --out) outdir=${2:?--out needs a folder}; shift 2 ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) die "unknown option $1 (see scripts/soak.sh --help)" ;;
    esac
done
case "$kernel" in mainline|patched) ;; *) die "--kernel: mainline or patched" ;; esac
case "$entries" in ''|*[!0-9]*|0) die "--entries: '$entries' is not a whole number above 0" ;; esac

"$N9_TOP/scripts/setup-host.sh"
"$N9_TOP/scripts/build-qemu.sh"
"$N9_TOP/scripts/build-kernel.sh" "$kernel"
"$N9_TOP/scripts/build-initramfs.sh"

if [ -n "$outdir" ]; then
    mkdir -p "$outdir"; work=$(realpath "$outdir")
else
    work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
fi
kdir=$N9_OUT/kernels/$kernel
rm -f "$work/stats.json" "$work/report.txt"
log "soak: $entries C7 sleeps on $kernel"
t0=$SECONDS
"$N9_OUT/bin/qemu-system-arm" -M "rm696,symbols=$kdir/System.map,stats=$work/stats.json" \
    -kernel "$kdir/zImage" -dtb "$kdir/omap3-n9.dtb" \
    -initrd "$N9_OUT/initramfs.cpio.gz" \
    -append "rdinit=/init n9.run=soak n9.soak.entries=$entries" \
    -icount shift=0,sleep=off -display none -monitor none -serial none \
    -chardev "file,id=n9report,path=$work/report.txt" \
    -semihosting-config enable=on,userspace=on,chardev=n9report &
qpid=$!
# QEMU's resident memory every 10 s: a leak per entry shows as growth
# between the first sample (after boot) and the last.
rss=()
while kill -0 "$qpid" 2>/dev/null; do
    sleep 10
    r=$(awk '/^VmRSS:/ {print $2}' "/proc/$qpid/status" 2>/dev/null) && [ -n "$r" ] && rss+=("$r")
done
wait "$qpid" || die "QEMU failed (status $?)"
host=$((SECONDS - t0))
cat "$work/report.txt"
python3 - "$work/stats.json" "$host" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
m = {x['mark']: x for x in d['marks']}
a, b = m[1], m[2]
c7 = b['idle']['states']['C7']['entries'] - a['idle']['states'].get('C7', {}).get('entries', 0)
off = b['prcm']['core']['reported']['OFF'] - a['prcm']['core']['reported']['OFF']
ns = b['virtual_ns'] - a['virtual_ns']
print('machine: %d C7 entries, %d CORE OFF, %.1f s modelled in %s s host time'
      % (c7, off, ns / 1e9, sys.argv[2]))
PY
[ ${#rss[@]} -ge 2 ] && echo "QEMU resident memory: ${rss[0]} kB after 10 s, ${rss[-1]} kB at the end (${#rss[@]} samples)"
exit 0
