/*
 * mmiolat-bare: mmiolat without an operating system.  QEMU starts it
 * directly:
 *   qemu-system-arm -M rm696 -kernel mmiolat-bare.elf -nographic \
 *       -semihosting-config enable=on,target=native [-append "-n N -r R"]
 * It times N reads of each target register with PMCCNTR and then with the
 * 32 kHz sync counter, with the very loops of the Linux program
 * (../mmiolat/mmiolat.h) and the same output lines, and then checks the
 * two clocks against each other: it reads both, busy-waits until PMCCNTR
 * has advanced by 10,000,000 cycles (10 ms at 1 GHz), reads both again and
 * prints both deltas.  Output and exit go through Arm semihosting
 * (SYS_WRITE0, SYS_EXIT); a fault ends the run with a message and a
 * non-zero exit status.  start.S says in which CPU state it runs.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdint.h>

#include "bare.h"

#include "../mmiolat/mmiolat.h"

#define TICK_CHECK_CYCLES   10000000u

static void put_u64(uint64_t v)
{
    char buf[24];

    *mmiolat_utoa(buf, v) = 0;
    put(buf);
}

void bare_fault(uint32_t what, uint32_t addr)
{
    static const char *const names[] = {
        "?", "undefined instruction", "SVC", "prefetch abort",
        "data abort", "IRQ", "FIQ",
    };
    uint32_t dfar, dfsr;

    put("mmiolat-bare: FAULT: ");
    put(what < 7 ? names[what] : "?");
    put(" at pc ");
    put_hex(addr);
    if (what == 4) {
        __asm__ volatile("mrc p15, 0, %0, c6, c0, 0" : "=r"(dfar));
        __asm__ volatile("mrc p15, 0, %0, c5, c0, 0" : "=r"(dfsr));
        put(", address ");
        put_hex(dfar);
        put(", DFSR ");
        put_hex(dfsr);
    }
    put("\n");
    bare_exit(1);
}

/* "-n N -r R" from -append (QEMU passes "<kernel> <append>"). */
static void parse_cmdline(uint32_t *n, uint32_t *reps)
{
    static char buf[256];
    char *p = buf, *tok, *opt = 0;

    bare_cmdline(buf, sizeof(buf));
    while ((tok = bare_token(&p))) {
        if (opt) {
            uint32_t v = bare_u32(tok);

            if (v && opt[1] == 'n') {
                *n = v;
            } else if (v && opt[1] == 'r') {
                *reps = v;
            }
            opt = 0;
        } else if (tok[0] == '-' && (tok[1] == 'n' || tok[1] == 'r') &&
                   !tok[2]) {
            opt = tok;
        }
    }
}

static void measure(enum mmiolat_clock clk, uint32_t n, uint32_t reps)
{
    const volatile uint32_t *k = (const volatile uint32_t *)MMIOLAT_32K_PHYS;
    char line[128];
    uint32_t empty;
    unsigned i;

    if (clk == MMIOLAT_CCNT) {
        put("# mmiolat: clock ccnt (PMCCNTR at 1000 MHz), ");
    } else {
        put("# mmiolat: clock 32k (sync counter, 32768 Hz), ");
    }
    put_u64(n);
    put(" reads, best of ");
    put_u64(reps);
    put(", empty loop subtracted");
    if (clk == MMIOLAT_32K) {
        put("; the 32k target is timed with itself");
    }
    put("\n");
    empty = mmiolat_best(clk, 0, k, n, reps);
    put("# empty loop: ");
    put_u64(empty);
    put(clk == MMIOLAT_CCNT ? " cycles\n" : " ticks\n");
    for (i = 0; i < MMIOLAT_NTARGETS; i++) {
        const struct mmiolat_target *t = &mmiolat_targets[i];
        uint32_t best = mmiolat_best(clk,
                                     (const volatile uint32_t *)t->phys,
                                     k, n, reps);

        mmiolat_format(line, t->name, clk, (int64_t)best - empty, n, 1000);
        put(line);
    }
}

/*
 * Both clocks over one 10 ms busy-wait: 10,000,000 PMCCNTR cycles are
 * 327.68 ticks of 32768 Hz, so the 32k delta must be 327 or 328.
 */
static void tick_check(void)
{
    const volatile uint32_t *k = (const volatile uint32_t *)MMIOLAT_32K_PHYS;
    uint32_t k0, k1, c0, c1;

    k0 = *k;
    c0 = mmiolat_ccnt();
    while (mmiolat_ccnt() - c0 < TICK_CHECK_CYCLES) {
    }
    c1 = mmiolat_ccnt();
    k1 = *k;
    put("tick-check: ccnt ");
    put_u64(c1 - c0);
    put(" cycles, 32k ");
    put_u64(k1 - k0);
    put(" ticks\n");
}

int main(void)
{
    uint32_t n = 1000, reps = 5, cpsr;

    bare_ccnt_enable();
    parse_cmdline(&n, &reps);
    __asm__ volatile("mrs %0, cpsr" : "=r"(cpsr));
    put("# mmiolat-bare: running in mode ");
    put_hex(cpsr & 0x1f);
    put(" (0x13 = SVC), MMU off\n");

    measure(MMIOLAT_CCNT, n, reps);
    measure(MMIOLAT_32K, n, reps);
    tick_check();
    return 0;
}
