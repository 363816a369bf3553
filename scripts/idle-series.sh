#!/usr/bin/env bash
# A kernel patch series, patch by patch, on the idle table: build the kernel
# with the base patches plus the first k patches of the series, for k = 0..n
# (cumulative prefixes: a patch may need the ones before it), run the idle
# scenario (scripts/idle.sh) on each with the same QEMU, and print one
# markdown table: per kernel and C-state, power-domain register accesses
# (PM_PWSTCTRL/PWSTST/PREPWSTST) per entry before WFI / after the wake-up,
# PRM reads and writes per entry, 32 kHz counter reads per entry, modelled
# us per entry before WFI / after the wake-up, and the lowest state MPU,
# CORE and PER reached; then per kernel where the kernel's counters
# (pm_debug count, cpuidle usage) differ from the machine's.  Progress
# goes to stderr, the table to stdout.  docs/idle.md, "The patch series,
# patch by patch", is its output for kernel/patches/patched.
#
# Cost on 2 cores (measured with the project's warm ccache): the base
# 140 s (a cold ccache: a full kernel build), each patch 100-140 s, an
# unchanged prefix nothing; each idle run about 1 min (7 states, 2 s).
# If QEMU, the initramfs or timing/phone.ini change during the runs
# (another developer's rebuild), all kernels are measured again, in five
# passes at most (QEMU_N9_SERIES_TRIES).
#
#   scripts/idle-series.sh [PATCH_DIR] [--base DIR] [--state C1,...|all]
#                          [--seconds N] [--count-all] [--json FILE]
#                          [--machine OPTS]
#
# PATCH_DIR   the series, applied in file name order (default
#             kernel/patches/patched)
# --base      applied in full first, the row "base" (default
#             kernel/patches/mainline)
# --state     the C-states, in this order (default C1,C2,C3,C5,C7; all =
#             C1..C7; with C4, C6 or C7 in the list the scenario turns off
#             mode on)
# --seconds   modelled seconds of idle per state (default 2)
# --count-all also run each kernel whose tree has pm_debug/count_all_domains
#             (patched/0003) with count_all_domains = 1: extra rows
# --json      write every figure (the rows and idle.sh's JSON per kernel)
# --machine   more -M rm696 options for every run, e.g. memory-model=off
#             (added to QEMU_N9_MACHINE_OPTS, which idle.sh passes on; the
#             table's header names them)
#
# Its own tree and objects, in $QEMU_N9_CACHE/series-work (never the trees
# or out/kernels/ of build-kernel.sh): Debian's checked orig tarball, the
# same configuration (omap2plus_defconfig + kernel/n9.config) and ccache.
# The tree is built once, then each patch is applied and only what it
# changes is rebuilt (kernels/kNN/ keep each prefix's zImage, System.map,
# DTB; an unchanged prefix is not rebuilt).  Each kernel boots with its own
# tree's DTB.  runs/ keeps each run's idle.sh output, stats and report.
. "$(dirname "$0")/lib.sh"

series=$N9_TOP/kernel/patches/patched base=$N9_TOP/kernel/patches/mainline
states=C1,C2,C3,C5,C7 seconds=2 count_all=0 json=
machine_opts=${QEMU_N9_MACHINE_OPTS:-}
series_set=0
while [ $# -gt 0 ]; do
    case "$1" in
        --base) need_arg "$@"; base=$2; shift 2 ;;
        --state|--states) need_arg "$@"; states=$2; shift 2 ;;
        --seconds) need_arg "$@"; seconds=$2; shift 2 ;;
        --count-all) count_all=1; shift ;;
        --json) need_arg "$@"; json=$2; shift 2 ;;
        --machine) need_arg "$@"; machine_opts=${machine_opts:+$machine_opts,}$2; shift 2 ;;
        -h|--help) sed -n '2,/^\. /p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
        -*) die "unknown option $1 (see scripts/idle-series.sh --help)" ;;
        *) [ $series_set = 0 ] || die "one patch folder only (got '$series' and '$1')"
           series=$1; series_set=1; shift ;;
    esac
done

# Check everything that can be wrong before the (long) builds.
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
[ "$states" != all ] || states=C1,C2,C3,C4,C5,C6,C7
check_states --state "$states"
states=$(echo "$states" | tr ',' ' ' | xargs | tr ' ' ',')     # no empty items
case "$machine_opts" in *' '*) die "--machine: '$machine_opts' has a space (comma-separated -M options)" ;; esac
export QEMU_N9_MACHINE_OPTS=$machine_opts
check_whole QEMU_N9_SERIES_TRIES "${QEMU_N9_SERIES_TRIES:-5}"
check_whole --seconds "$seconds" seconds
if [ -n "$json" ]; then
    mkdir -p "$(dirname "$json")" 2>/dev/null && [ -w "$(dirname "$json")" ] ||
        die "--json: cannot write in '$(dirname "$json")'"
    json=$(realpath -m "$json")
fi

work=$N9_CACHE/series-work
src=$work/linux             # the tree; objects in build/ below it, as
obj=$src/build              # build-kernel.sh does, so that ccache serves them
mkdir -p "$work/kernels" "$work/runs" "$work/logs"

# One run at a time on this tree (build-kernel.sh's lock is for its trees).
exec 9>"$work/series.lock"
if ! flock -n 9; then
    log "idle-series: waiting for another run on $work (lock series.lock)"
    flock 9
fi

"$N9_TOP/scripts/setup-host.sh"
"$N9_TOP/scripts/fetch-sources.sh"

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
                log "idle-series: could not revert ${p#*-} from the last run: unpacking the tree again"
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
    timed "idle-series: unpacking Linux $LINUX_UPSTREAM" \
        tar -xf "$N9_CACHE/src/linux_$LINUX_UPSTREAM.orig.tar.xz" -C "$src.tmp" --strip-components=1
    for p in "${base_patches[@]}"; do
        log "idle-series: applying base ${p##*/}"
        apply_patch "$src.tmp" "$p" "to Linux $LINUX_UPSTREAM (base folder $base)"
    done
    mkdir -p "$src.tmp/build"
    mv "$src.tmp" "$src"
    log "idle-series: configuring omap2plus_defconfig + kernel/n9.config"
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
log "idle-series: ${#patches[@]} patches of $series apply in order"

# The QEMU, initramfs and timing file every kernel runs on: a change during
# the series (someone rebuilt QEMU) would compare two machines.
fingerprint() {
    local f
    for f in "$N9_OUT/bin/qemu-system-arm" "$N9_OUT/initramfs.cpio.gz" "$N9_TOP/timing/phone.ini"; do
        printf '%s:%s ' "${f##*/}" "$(sha256sum < "$f" | cut -c1-12)"
    done
}

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
        log "idle-series: $2: up to date ($dir)"
        echo cached > "$dir/build-how"
        return 0
    fi
    rm -f "$dir/stamp" "$dir/zImage"
    klog=$work/logs/build-k$(printf %02d "$k").log
    log "idle-series: $2: building (log: $klog)"
    t0=$SECONDS
    kmake zImage ti/omap/omap3-n9.dtb > "$klog" 2>&1 &
    pid=$!
    while kill -0 $pid 2>/dev/null; do
        sleep 20
        kill -0 $pid 2>/dev/null && log "idle-series: $2: $((SECONDS - t0)) s, $(grep -c '^  CC' "$klog") files compiled"
    done
    wait $pid || { tail -30 "$klog" >&2; die "build of $2 failed (log: $klog)"; }
    n=$(grep -c '^  CC' "$klog" || true)
    log "idle-series: $2: built in $((SECONDS - t0)) s ($n files compiled)"
    cp "$obj/arch/arm/boot/zImage" "$obj/System.map" "$dir/"
    cp "$obj/arch/arm/boot/dts/ti/omap/omap3-n9.dtb" "$dir/"
    echo "$((SECONDS - t0)) $n" > "$dir/build-time"
    echo built > "$dir/build-how"
    echo "$key" > "$dir/stamp"
}

# run_prefix K LABEL: the idle scenario on kernels/kNN, and with
# --count-all a second run where the tree had the knob.  Fails (status 2)
# when the machine changed under it.
run_prefix() {
    local k=$1 kk dir mode args t1
    kk=k$(printf %02d "$k")
    dir=$work/kernels/$kk
    for mode in default count_all; do
        args=()
        if [ $mode = count_all ]; then
            [ $count_all = 1 ] && [ -f "$dir/has-count-all" ] || continue
            args=(--count-all)
        fi
        rm -rf "$work/runs/$kk-$mode"
        run_no=$((run_no + 1)) t1=$SECONDS
        log "idle-series: run $run_no of $runs: $2${args:+ with count_all_domains = 1}: idle scenario, $states, $seconds s each${QEMU_N9_MACHINE_OPTS:+, -M rm696,...,$QEMU_N9_MACHINE_OPTS}"
        "$N9_TOP/scripts/idle.sh" --kernel "$dir/zImage" --symbols "$dir/System.map" \
            --state "$states" --seconds "$seconds" "${args[@]}" \
            --json "$work/runs/$kk-$mode.json" --out "$work/runs/$kk-$mode" \
            -- -dtb "$dir/omap3-n9.dtb" \
            > "$work/runs/$kk-$mode.txt" 2> "$work/logs/idle-$kk-$mode.log" || {
            # QEMU does not build: someone is in the middle of an edit.
            # Or a build step before QEMU started failed (guest tools,
            # initramfs: another developer's rebuild at the same moment).
            ! grep -q 'QEMU build failed' "$work/logs/idle-$kk-$mode.log" || return 3
            grep -q 'idle scenario: ' "$work/logs/idle-$kk-$mode.log" || {
                tail -3 "$work/logs/idle-$kk-$mode.log" >&2; return 3; }
            tail -20 "$work/logs/idle-$kk-$mode.log" >&2
            die "idle scenario on $2 failed (log: $work/logs/idle-$kk-$mode.log)"; }
        log "idle-series: run $run_no of $runs: done in $((SECONDS - t1)) s ($work/runs/$kk-$mode.txt)"
        [ "$(fingerprint)" = "$machine_fp" ] || return 2
        printf '%s\t%s\t%s\t%s\t%s\n' "$k" "$2" "$mode" "$work/runs/$kk-$mode.json" \
            "$(cat "$dir/build-time") $(cat "$dir/build-how")" >> "$manifest"
    done
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
log "idle-series: ${#patches[@]} patches built in $((SECONDS - t_all)) s"

# Then measure them all, back to back on one machine: if QEMU, the
# initramfs or the timing file changed meanwhile (another developer's
# rebuild; idle.sh runs build-qemu.sh), measure all again, in five passes at
# most (QEMU_N9_SERIES_TRIES).
manifest=$work/runs/manifest.tsv
tries=${QEMU_N9_SERIES_TRIES:-5}
runs=$(( ${#patches[@]} + 1 ))
if [ $count_all = 1 ]; then
    for ((k = 0; k <= ${#patches[@]}; k++)); do
        [ ! -f "$work/kernels/k$(printf %02d "$k")/has-count-all" ] || runs=$((runs + 1))
    done
    [ $runs -gt $(( ${#patches[@]} + 1 )) ] ||
        log "idle-series: --count-all: no kernel of the series has pm_debug/count_all_domains: no extra rows"
fi
for ((try = 1; ; try++)); do
    if ! "$N9_TOP/scripts/build-qemu.sh"; then
        [ $try -lt $tries ] || die "QEMU does not build (see above)"
        log "idle-series: QEMU does not build (someone is mid-edit?): trying again in a minute"
        sleep 60; continue
    fi
    "$N9_TOP/scripts/build-initramfs.sh"
    machine_fp=$(fingerprint)
    : > "$manifest"
    t0=$SECONDS rc=0 run_no=0
    for ((k = 0; k <= ${#patches[@]}; k++)); do
        run_prefix "$k" "${labels[k]}" || { rc=$?; break; }
    done
    [ $rc != 0 ] || break
    [ $try -lt $tries ] || die "QEMU, the initramfs or timing/phone.ini changed (or QEMU did not build) during each of $tries measurement passes (someone is editing them): the kernels would not be compared on one machine; run again later (QEMU_N9_SERIES_TRIES=N for more passes)"
    if [ $rc = 3 ]; then
        log "idle-series: QEMU or the initramfs does not build (someone is mid-edit?): measuring again in a minute"
        sleep 60
    else
        log "idle-series: the machine changed during the measurements ($machine_fp-> $(fingerprint)): measuring again"
    fi
done
log "idle-series: $(wc -l < "$manifest") idle runs in $((SECONDS - t0)) s"

python3 - "$manifest" "$states" "$seconds" "$series" "$base" "$machine_fp" "$json" \
    "${QEMU_N9_MACHINE_OPTS:-}" <<'EOF'
import json
import sys

manifest, states, seconds, series, base, machine_fp, out, mopts = sys.argv[1:9]
states = states.split(',')


def num(x, digits=1):
    """A figure per entry: whole numbers without decimals"""
    s = '%.*f' % (digits, x)
    return s.rstrip('0').rstrip('.') if '.' in s else s


def per(n, d):
    return n / d if d else 0.0


def lowest(st, pd):
    """The lowest state a domain reached per entry: 'RET', or 'RET 5, ON 4'"""
    c = st['lowest_power_state'].get(pd, {})
    order = ('OFF', 'RET', 'INACTIVE', 'ON')
    parts = [(s, c[s]) for s in order if c.get(s)]
    if len(parts) == 1:
        return parts[0][0]
    return ', '.join('%s %d' % p for p in parts) or '-'


def row(fig, name):
    st = fig['states'].get(name)
    if st is None:
        return None
    e = st['entries']
    woken = e - st['without_wfi']
    ph = {}
    for phase in ('before_wfi', 'after_wakeup'):
        wk = st[phase].get('l4-wkup', {}).get('groups', {})
        prm, sync = wk.get('prm', {}), wk.get('synctimer', {})
        pdr = st['power_domain_registers'][phase]
        ph[phase] = {
            'power_domain_registers': per(pdr['reads'] + pdr['writes'], e),
            'prm_reads': per(prm.get('reads', 0), e),
            'prm_writes': per(prm.get('writes', 0), e),
            'counter_32k_reads': per(sync.get('reads', 0), e),
        }
    return {
        'entries': e,
        'before_wfi': ph['before_wfi'],
        'after_wakeup': ph['after_wakeup'],
        'us_before_wfi': per(st['before_wfi_ns'], e) / 1e3,
        'us_after_wakeup': per(st['after_wakeup_ns'], woken) / 1e3,
        'lowest': {pd: lowest(st, pd) for pd in ('mpu', 'core', 'per')},
    }


kernels = []
for line in open(manifest):
    k, label, mode, path, build = line.rstrip('\n').split('\t')
    fig = json.load(open(path))
    secs, files, how = build.split()
    kernels.append({'k': int(k), 'label': label, 'count_all': mode == 'count_all',
                    'build_seconds': int(secs), 'files_compiled': int(files),
                    'build_cached': how == 'cached',
                    'sdrc_power': fig.get('sdrc_power'),
                    'rows': {s: row(fig, s) for s in states}, 'idle': fig})

p = print

def short(label):
    """'0003-ARM-OMAP3-...' -> '0003'; the base keeps its name"""
    return label.split('-')[0] if label[:1].isdigit() else label


p('Idle series: %s on %s; states %s, %s s each' % (
  series, base, ','.join(states), seconds))
p('Machine: -M rm696%s; %s' % (',' + mopts if mopts else ' (default options)',
                              machine_fp.strip()))
p('Rows are cumulative: patch N = the base and patches 1..N.')
p('Per idle entry: power-domain registers (PM_PWSTCTRL/PWSTST/PREPWSTST of any '
  'domain, reads + writes), PRM reads + writes, 32 kHz counter reads, modelled '
  'us; "before / after" = before WFI / after the wake-up.')
p('')
p('| patch | state | entries | power-domain regs before / after | '
  'PRM R + W before WFI | PRM R + W after wake-up | '
  '32k counter reads before / after | us before WFI / after wake-up | '
  'lowest MPU / CORE / PER | SDRC_POWER at end |')
p('|---|---|---:|---:|---:|---:|---:|---:|---|---|')
for kern in kernels:
    first = True
    for s in states:
        r = kern['rows'][s]
        label = ''
        if first:
            label = short(kern['label']) + (' + count_all'
                                            if kern['count_all'] else '')
        if r is None:
            p('| %s | %s | not reached | | | | | | | |' % (label, s))
            first = False
            continue
        b, a = r['before_wfi'], r['after_wakeup']
        p('| %s | %s | %d | %s / %s | %s + %s | %s + %s | %s / %s | %s / %s | %s | %s |'
          % (label, s, r['entries'],
             num(b['power_domain_registers']), num(a['power_domain_registers']),
             num(b['prm_reads']), num(b['prm_writes']),
             num(a['prm_reads']), num(a['prm_writes']),
             num(b['counter_32k_reads']), num(a['counter_32k_reads']),
             num(r['us_before_wfi'], 2), num(r['us_after_wakeup'], 2),
             ' / '.join(r['lowest'][d] for d in ('mpu', 'core', 'per')),
             (kern['sdrc_power'] or '?') if first else ''))
        first = False
p('')
# The kernel's own counters against the machine's, per kernel: cpuidle's
# usage against the idle entries, pm_debug's RET/OFF counts against the
# PRCM model's (a reduced walk does not count the domains it skips).
for kern in kernels:
    notes = []
    for s in states:
        st = kern['idle']['states'].get(s)
        if st is None:
            continue
        if st.get('kernel_cpuidle_usage') != st['entries']:
            notes.append('%s cpuidle usage %s for %d entries'
                         % (s, st.get('kernel_cpuidle_usage'), st['entries']))
        off = sorted(pd for pd, v in (st.get('pm_debug_count') or {}).items()
                     if v['kernel'] != v['machine'])
        if off:
            notes.append('%s %s' % (s, ', '.join(off)))
    p('pm_debug count and cpuidle usage against the machine, %s%s: %s'
      % (short(kern['label']), ' + count_all' if kern['count_all'] else '',
         'agree' if not notes else 'differ in ' + '; '.join(notes)))
p('')
p('Patches: ' + '; '.join(k['label'] for k in kernels
                          if not k['count_all'] and k['k'] > 0) + '.')
p('"+ count_all": the same kernel with pm_debug/count_all_domains = 1.')
p('Builds (seconds, files compiled; "earlier" = this run found it built): ' +
  ', '.join('%s %d s %d files%s' % (
      short(k['label']), k['build_seconds'], k['files_compiled'],
      ' (earlier)' if k['build_cached'] else '')
      for k in kernels if not k['count_all']))

if out:
    with open(out, 'w') as f:
        json.dump({'series': series, 'base': base, 'states': states,
                   'seconds': int(seconds), 'machine': machine_fp.strip(),
                   'machine_options': mopts,
                   'kernels': kernels}, f, indent=1)
        f.write('\n')
EOF
