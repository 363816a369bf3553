/*
 * The MMU for the bare-metal programs that need one (bare.h,
 * bare_section, bare_mmu_on): a flat first-level table of 1 MB sections
 * that the program fills, TEX remap off (ARM ARM B3.8.2).  Linked after
 * the program's own code, so that the code a program times stays where
 * it was.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "bare.h"

uint32_t bare_section(uint32_t pa, unsigned tex, unsigned c, unsigned b)
{
    return (pa & 0xfff00000u) | tex << 12 | 3u << 10 | c << 3 | b << 2 | 2u;
}

void bare_mmu_on(const uint32_t *ttb)
{
    uint32_t sctlr;

    __asm__ volatile(
        "dsb\n"
        "mcr p15, 0, %0, c3, c0, 0\n"       /* DACR: domains client */
        "mcr p15, 0, %1, c2, c0, 2\n"       /* TTBCR: N = 0 */
        "mcr p15, 0, %2, c2, c0, 0\n"       /* TTBR0: walks non-cacheable */
        "mcr p15, 0, %1, c8, c7, 0\n"       /* TLBIALL */
        "mcr p15, 0, %1, c7, c5, 0\n"       /* ICIALLU */
        "dsb\n"
        "isb\n"
        : : "r"(0x55555555u), "r"(0u), "r"((uint32_t)(uintptr_t)ttb)
        : "memory");
    __asm__ volatile("mrc p15, 0, %0, c1, c0, 0" : "=r"(sctlr));
    sctlr &= ~((1u << 1) | (1u << 28));     /* no alignment checks, TRE off */
    sctlr |= (1u << 0) | (1u << 2) | (1u << 12);    /* M, C, I */
    __asm__ volatile("mcr p15, 0, %0, c1, c0, 0\nisb" : : "r"(sctlr)
                     : "memory");
}
