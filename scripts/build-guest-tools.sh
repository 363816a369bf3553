#!/usr/bin/env bash
# Build the guest measuring tools into $N9_OUT/guest/:
#   mmiolat           Linux armhf program, static (goes into the initramfs)
#   n9host            Linux armhf: the guest's semihosting channel (report, exit)
#   idlecount         Linux armhf: idle entries and residency per C-state (tracefs)
#   idletime          Linux armhf: timer wake-up lateness (PMCCNTR)
#   clockcheck        Linux armhf: PMCCNTR against the 32 kHz counter; N sleeps
#   membench          Linux armhf: random-load latency per working set,
#                     bandwidth (glibc and NEON), PLD, loads after pauses
#   kbench            Linux armhf: system call, switches, page faults, spawn
#   sdrcpwr           Linux armhf: reads (writes) SDRC_POWER, decoded
#   n9user            Linux armhf: runs a program as an ordinary user (phone conditions)
#   mmiolat-bare.elf  the same measurement without an OS, for
#                     qemu-system-arm -M rm696 -kernel mmiolat-bare.elf
#                         -semihosting-config enable=on,target=native
# Sources: guest/.  Cheap to build, so always rebuilt.
. "$(dirname "$0")/lib.sh"

src=$N9_TOP/guest
out=$N9_OUT/guest
mkdir -p "$out"
command -v arm-linux-gnueabihf-gcc >/dev/null ||
    die "arm-linux-gnueabihf-gcc missing: run scripts/setup-host.sh"
command -v arm-none-eabi-gcc >/dev/null ||
    die "arm-none-eabi-gcc missing: run scripts/setup-host.sh"

# ARM (not Thumb) code, as the loops' instruction count is part of the
# measurement; both builds use the same loops (guest/mmiolat/mmiolat.h).
warn=(-Wall -Wextra -Werror -I"$src/common")   # common: pmccntr.h

arm-linux-gnueabihf-gcc -static -O2 -marm -mcpu=cortex-a8 "${warn[@]}" \
    -o "$out/mmiolat.tmp" "$src/mmiolat/mmiolat.c"
arm-linux-gnueabihf-strip "$out/mmiolat.tmp"
mv "$out/mmiolat.tmp" "$out/mmiolat"

for t in n9host idlecount idletime clockcheck kbench sdrcpwr n9user; do
    arm-linux-gnueabihf-gcc -static -O2 -marm -mcpu=cortex-a8 "${warn[@]}" \
        -o "$out/$t.tmp" "$src/$t/$t.c"
    arm-linux-gnueabihf-strip "$out/$t.tmp"
    mv "$out/$t.tmp" "$out/$t"
done
# membench's bandwidth loops are NEON (vld1/vst1): -mfpu=neon
arm-linux-gnueabihf-gcc -static -O2 -marm -mcpu=cortex-a8 -mfpu=neon \
    "${warn[@]}" -o "$out/membench.tmp" "$src/membench/membench.c"
arm-linux-gnueabihf-strip "$out/membench.tmp"
mv "$out/membench.tmp" "$out/membench"

# bare NAME [gcc options] SOURCES...: a bare-metal program (start.S,
# bare.c and link.ld: -kernel NAME.elf, semihosting) into $out/NAME.elf
bare() {
    local name=$1
    shift
    arm-none-eabi-gcc -O2 -marm -mcpu=cortex-a8 -mfloat-abi=soft "${warn[@]}" \
        -ffreestanding -nostdlib -nostartfiles -T "$src/baremetal/link.ld" \
        -Wl,--no-warn-rwx-segments \
        -o "$out/$name.elf.tmp" "$src/baremetal/start.S" \
        "$src/baremetal/bare.c" "$@" -lgcc
    mv "$out/$name.elf.tmp" "$out/$name.elf"
}

bare mmiolat-bare "$src/baremetal/mmiolat-bare.c"
# cpufreq-bare.elf: the CPU-frequency rule of the memory model (an
# instruction is 1/f, SDRAM costs stay in ns), tests/guest/test_cpufreq.py
bare cpufreq-bare "$src/baremetal/cpufreq-bare.c"
# offmode-bare.elf: the MPU OFF / CORE OFF wake-up through the boot ROM,
# checked from the restore pointer (tests/guest/test_offmode.py).  It
# stores to unaligned addresses with the MMU off (Strongly-ordered memory,
# where that faults) unless told not to: -mno-unaligned-access.
bare offmode-bare -mno-unaligned-access "$src/baremetal/offmode-sleep.S" \
    "$src/baremetal/offmode-bare.c"
# memfuzz-bare.elf: the seeded fuzzer of the vCPU's own memory path
# (tests/fuzz/test_vcpu_fuzz.py, n9 fuzz --vcpu).  Its unaligned
# accesses are its own inline assembly; the compiler's must not be (the
# MMU-off bursts run on Strongly-ordered memory).
bare memfuzz-bare -mno-unaligned-access "$src/baremetal/memfuzz-bare.c"
# memattr-bare.elf: what a page's TEX/C/B do to its loads' cost in the
# memory model (tests/guest/test_memattr.py)
bare memattr-bare "$src/baremetal/memattr-bare.c" "$src/baremetal/bare-mmu.c"
# pipeline-bare.elf: the Cortex-A8's issue timing (-M rm696,pipeline=on),
# tests/guest/test_pipeline.py
bare pipeline-bare "$src/baremetal/pipeline-bare.c"
# deadline-bare.elf: a timer deadline inside a load's stall stops the CPU
# where one instruction per TB does (tests/guest/test_deadline.py)
bare deadline-bare "$src/baremetal/deadline-bare.c" "$src/baremetal/bare-mmu.c"
# cachemaint-bare.elf: what the guest's cache maintenance does in the
# memory model, and the cache geometry it reads (tests/guest/test_cachemaint.py)
bare cachemaint-bare "$src/baremetal/cachemaint-bare.c" \
    "$src/baremetal/bare-mmu.c"

log "guest tools: $out/mmiolat, $out/n9host, $out/idlecount, $out/idletime, $out/membench, $out/kbench, $out/sdrcpwr, $out/n9user, $out/mmiolat-bare.elf, $out/cpufreq-bare.elf, $out/memfuzz-bare.elf, $out/memattr-bare.elf, $out/pipeline-bare.elf, $out/deadline-bare.elf, $out/cachemaint-bare.elf"
