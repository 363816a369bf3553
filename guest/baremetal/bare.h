/*
 * The bare-metal guest programs' common part: Arm semihosting from A32
 * (svc 0x123456, r0 = operation, r1 = argument; QEMU's
 * -semihosting-config enable=on,target=native), what start.S expects
 * of a program (main, bare_exit, bare_fault), and the cycle counter;
 * bare.c (linked into every program) has the rest.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef N9_BARE_H
#define N9_BARE_H

#include <stdint.h>

#define SYS_WRITE0                      0x04
#define SYS_GET_CMDLINE                 0x15
#define SYS_EXIT                        0x18
#define SYS_EXIT_EXTENDED               0x20
#define ADP_Stopped_ApplicationExit     0x20026
#define ADP_Stopped_RunTimeErrorUnknown 0x20023

/* start.S: calls main(), then bare_exit(its value); bare_fault on an abort */
void bare_exit(int status) __attribute__((noreturn));
void bare_fault(uint32_t what, uint32_t addr) __attribute__((noreturn));
int main(void);

static inline uint32_t semihost(uint32_t op, uintptr_t arg)
{
    register uint32_t r0 __asm__("r0") = op;
    register uintptr_t r1 __asm__("r1") = arg;

    __asm__ volatile("svc 0x123456" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

/* A NUL-terminated string to the semihosting console */
static inline void put(const char *s)
{
    semihost(SYS_WRITE0, (uintptr_t)s);
}

/* bare.c: "@prog: fault @what at 0x@addr" and exit 1 (a bare_fault) */
void bare_fault_exit(const char *prog, uint32_t what, uint32_t addr)
    __attribute__((noreturn));

/* bare.c: numbers to the console (decimal; 0x and 8 hex digits) */
void put_u(uint32_t v);
void put_hex(uint32_t v);

/*
 * bare.c: the command line (QEMU passes "<kernel> <append>") into @buf,
 * NUL-terminated (-1 and an empty one if semihosting has none); its
 * words one by one (NULL after the last; each NUL-terminated in place);
 * a word's leading decimal digits as a number.
 */
int bare_cmdline(char *buf, uint32_t size);
char *bare_token(char **p);
uint32_t bare_u32(const char *s);

/*
 * bare.c: PMCCNTR across @k rounds of "subs; bne" back (2k instructions,
 * a block a round in QEMU).  Not inlined, and aligned to 256 bytes (no
 * 1 KB page ends inside it): a warm-up call runs the very code the timed
 * call runs (an inlined copy's last mrc once sat on a line of its own and
 * paid an SDRAM fetch inside the region).
 */
uint32_t bare_loop_cycles(uint32_t k);

/*
 * PMCR.E on, PMCR.D (count every 64th cycle) off, the cycle counter reset
 * and enabled in PMCNTENSET: what the Linux patch does for user space.
 */
static inline void bare_ccnt_enable(void)
{
    uint32_t pmcr;

    __asm__ volatile("mrc p15, 0, %0, c9, c12, 0" : "=r"(pmcr));
    pmcr = (pmcr & ~((1u << 3) | (1u << 5))) | (1u << 0) | (1u << 2);
    __asm__ volatile("mcr p15, 0, %0, c9, c12, 0" : : "r"(pmcr));
    __asm__ volatile("mcr p15, 0, %0, c9, c12, 1" : : "r"(1u << 31));
    __asm__ volatile("isb");
}

/*
 * bare-mmu.c (linked by the programs that use it): a section descriptor
 * of @pa with full access (AP 011), domain 0 and TEX, C, B; and the MMU
 * on with @ttb, a 16 KB-aligned first-level table the program filled:
 * domains client, TTBCR.N 0, the TLBs and the I-cache invalidated, SCTLR
 * M, C and I on, alignment checks and TEX remap off.
 */
uint32_t bare_section(uint32_t pa, unsigned tex, unsigned c, unsigned b);
void bare_mmu_on(const uint32_t *ttb);

#endif /* N9_BARE_H */
