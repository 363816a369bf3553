/*
 * cpufreq-bare: the CPU-frequency rule of the memory model, without an OS.
 *   qemu-system-arm -M rm696 -kernel cpufreq-bare.elf \
 *       -semihosting-config enable=on,target=native \
 *       -icount shift=0,sleep=off
 * At the MPU's programmed rate f (DPLL1 / M2, CM_CLKSEL2_PLL_MPU) one
 * instruction takes 1/f, while an SDRAM access costs the same ns at any f
 * (so fewer MPU cycles at a lower f).  With the MMU off (start.S) every
 * data access is non-cacheable: it goes to the SDRAM model; the code
 * itself runs from the L1 I (SCTLR.I).  At M2 as found, then at twice
 * that M2 (half the rate), it prints, timed with PMCCNTR (MPU cycles at
 * the rate in effect, as on the phone):
 *   loop K C      cycles of K iterations of a two-instruction loop (L1 hits)
 *   load C        the least cycles of one uncached load between two
 *                 PMCCNTR reads, over 8 samples
 *   noload C      the same with a register move instead of the load
 * No memory access happens inside a timed region but the load: the loops
 * are inline assembly on registers (the stack is in uncached SDRAM).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdint.h>

#include "bare.h"

#define CM_CLKSEL2_PLL_MPU  0x48004944u     /* M2 [4:0] */
#define SAMPLES             8

void bare_fault(uint32_t what, uint32_t addr)
{
    put("cpufreq-bare: fault ");
    put_u(what);
    put(" at ");
    put_u(addr);
    put("\n");
    bare_exit(1);
}

/*
 * PMCCNTR across one load from @addr (or a move, !@load), after a spacer
 * of @spacer loop iterations (the same ns at both rates: the SDRAM sees
 * the same idle gap before each sample).
 */
static uint32_t sample_cycles(uint32_t addr, uint32_t spacer, int load)
{
    uint32_t t0, t1, v;

    if (load) {
        __asm__ volatile(
            "1: subs %3, %3, #1\n"
            "bne 1b\n"
            "mrc p15, 0, %0, c9, c13, 0\n"
            "ldr %2, [%4]\n"
            "mrc p15, 0, %1, c9, c13, 0\n"
            : "=&r"(t0), "=&r"(t1), "=&r"(v), "+r"(spacer) : "r"(addr)
            : "cc", "memory");
    } else {
        __asm__ volatile(
            "1: subs %3, %3, #1\n"
            "bne 1b\n"
            "mrc p15, 0, %0, c9, c13, 0\n"
            "mov %2, %4\n"
            "mrc p15, 0, %1, c9, c13, 0\n"
            : "=&r"(t0), "=&r"(t1), "=&r"(v), "+r"(spacer) : "r"(addr)
            : "cc", "memory");
    }
    (void)v;
    return t1 - t0;
}

static uint32_t least_cycles(uint32_t addr, uint32_t spacer, int load)
{
    uint32_t best = ~0u;

    for (int i = 0; i < SAMPLES; i++) {
        uint32_t c = sample_cycles(addr, spacer, load);

        best = c < best ? c : best;
    }
    return best;
}

static volatile uint32_t target = 0x12345678u;

static void measure(uint32_t m2)
{
    /* spacer: 400 instructions at M2 = 1, as many ns at any M2 */
    uint32_t spacer = 200 / m2;

    put("m2 ");
    put_u(m2);
    put("\n");
    for (uint32_t k = 1000; k <= 2000; k += 1000) {
        bare_loop_cycles(k);                     /* the code into the L1 I */
        put("loop ");
        put_u(k);
        put(" ");
        put_u(bare_loop_cycles(k));
        put("\n");
    }
    put("load ");
    put_u(least_cycles((uint32_t)(uintptr_t)&target, spacer, 1));
    put("\nnoload ");
    put_u(least_cycles((uint32_t)(uintptr_t)&target, spacer, 0));
    put("\n");
}

int main(void)
{
    volatile uint32_t *clksel2 = (volatile uint32_t *)CM_CLKSEL2_PLL_MPU;
    uint32_t m2 = *clksel2 & 0x1f;

    bare_ccnt_enable();
    put("cpufreq-bare\n");
    measure(m2);
    *clksel2 = (*clksel2 & ~0x1fu) | (2 * m2);
    measure(*clksel2 & 0x1f);
    return 0;
}
