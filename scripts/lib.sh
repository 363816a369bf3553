# qemu-n9 build helpers, sourced by the scripts in this folder.
# Everything downloaded or built lives in the cache folder, outside the clone,
# so that a fresh clone (CI) reuses earlier work.

set -euo pipefail

N9_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
N9_CACHE=${QEMU_N9_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/qemu-n9}
N9_OUT=${QEMU_N9_OUT:-$N9_CACHE/out}     # the artefacts a user runs
mkdir -p "$N9_CACHE/src" "$N9_OUT"

# Pinned Debian source packages.  The hashes are those of Debian's signed
# Sources index on the day they were pinned; apt-helper refuses a mismatch.
QEMU_DEB_VERSION=1:10.0.13+ds-0+deb13u1
QEMU_DSC_SHA256=a426c892e5369058c3423816c8625bc8010bb5a58ece57261f62b64ee4d765ad
QEMU_UPSTREAM=10.0.13
LINUX_DEB_VERSION=6.18.15-1~bpo13+1
LINUX_UPSTREAM=6.18.15
LINUX_ORIG_SHA256=fdf4c4d487c95b17a41cb38003faef86669e532a44fe702eb31a3390b6a60cca

export CCACHE_DIR=${CCACHE_DIR:-$N9_CACHE/ccache}
export CCACHE_NOHASHDIR=1           # CI clones to a new folder every run
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-5G}

JOBS=${JOBS:-$(nproc)}

log()  { printf '[qemu-n9] %s\n' "$*" >&2; }
die()  { printf 'qemu-n9: error: %s\n' "$*" >&2; exit 1; }

# The scripts' option checks: one line, status 1, before any long build.
need_arg() { [ $# -ge 2 ] || die "$1 needs an argument (see scripts/${0##*/} --help)"; }
# check_states OPTION LIST: LIST is C-states C1..C7, comma-separated, or all
check_states() {
    local s n=0
    [ "$2" != all ] || return 0
    for s in $(echo "$2" | tr ',' ' '); do
        case "$s" in C[1-7]) n=$((n + 1)) ;; *) die "$1: '$s' is not one of C1..C7 (or all)" ;; esac
    done
    [ $n -gt 0 ] || die "$1: empty list (give e.g. C1,C2,C3,C5,C7 or all)"
}
# check_whole OPTION VALUE [UNIT]: VALUE is a whole number above 0
check_whole() {
    case "$2" in ''|*[!0-9]*|0) die "$1: '$2' is not a whole number ${3:+of $3 }above 0" ;; esac
}

# Run as root or through sudo.
as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# hash_of FILE|DIR...: a short content hash, used to key cached builds.
hash_of() {
    local f
    for f in "$@"; do
        if [ -d "$f" ]; then
            (cd "$f" && find . -type f ! -name '*~' -print0 | LC_ALL=C sort -z |
                xargs -0 -r sha256sum)
        elif [ -e "$f" ]; then
            sha256sum "$f"
        fi
    done | sha256sum | cut -c1-16
}

# A step that takes long prints when it starts and how long it took.
timed() {
    local what=$1; shift
    local t0=$SECONDS
    log "$what ..."
    "$@"
    log "$what: done in $((SECONDS - t0)) s"
}
