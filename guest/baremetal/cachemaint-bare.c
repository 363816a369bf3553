/*
 * cachemaint-bare: what the guest's cache maintenance does in the memory
 * model, without an OS.
 *   qemu-system-arm -M rm696 -kernel cachemaint-bare.elf \
 *       -semihosting-config enable=on,target=native \
 *       -icount shift=0,sleep=off
 * It prints the cache geometry the CPU gives (CLIDR, and CCSIDR through
 * CSSELR for the L1 D, the L1 I and the L2), maps its 16 MB of SDRAM
 * write-back write-allocate, turns the MMU and caches on and times with
 * PMCCNTR, over 64 lines one 64-byte line apart (4 KB):
 *   warm C          64 word loads, a pass after a warm one: L1 D hits
 *   dcimvac-load C  the same loads after a DCIMVAC of each line: misses
 *   nop-mva C       64 rounds of a MOV where the next ones have an MCR
 *   dccmvac-dirty C 64 DCCMVACs of lines each written once after a load
 *                   (dirty in the L1 D)
 *   dccmvac-clean C the same DCCMVACs again: the lines are clean now
 *   dccmvau-dirty C 64 DCCMVAUs of dirty lines (into the L2 only)
 *   nop-walk C      a walk of every set and way of the L1 D and the L2,
 *                   from CCSIDR as Linux's v7_flush_dcache_all builds it,
 *                   with a MOV where the next ones have an MCR
 *   dccisw-dirty C  the walk with DCCISW, 64 lines dirty in the L1 D
 *   dccisw-clean C  the walk again: nothing dirty
 *   dccisw-load C   the 64 loads after it: misses
 *   nop-ic C        64 rounds of a MOV in a loop of its own
 *   iciallu C       64 rounds of ICIALLU in the same loop: the branch
 *                   back to the loop's line misses the L1 I
 *   one-mov C       one MOV between the two reads of PMCCNTR
 *   dsb-idle C      one DSB there, nothing in the write buffer
 *   dccmvac-mov C   64 DCCMVACs of dirty lines and a MOV
 *   dccmvac-dsb C   the same with a DSB in the MOV's place: it waits
 *                   until every write-back has left the write buffer
 *   dccmvac-dmb C   the same with a DMB
 *   dccmvac-cp15dsb C the same with CP15DSB (MCR p15, 0, Rt, c7, c10, 4)
 *   dccmvac-dsb-t32 C the same with a DSB, the whole pass in Thumb code
 *   dccmvac-*-last C the MOV or the barrier alone, after the cleans
 * The walks' and passes' code is warm before each timed run.
 * tests/guest/test_cachemaint.py checks them against the timing
 * parameters.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdint.h>

#include "bare.h"

#define LINES           64
#define BUF             0x80800000u     /* 8 MB into the program's 16 MB */

static uint32_t ttb[4096] __attribute__((aligned(16384)));

void bare_fault(uint32_t what, uint32_t addr)
{
    bare_fault_exit("cachemaint-bare", what, addr);
}

static void show(const char *name, uint32_t v)
{
    put(name);
    put(" ");
    put_u(v);
    put("\n");
}

static uint32_t ccsidr(uint32_t csselr)
{
    uint32_t v;

    __asm__ volatile("mcr p15, 2, %1, c0, c0, 0\n"     /* CSSELR */
                     "isb\n"
                     "mrc p15, 1, %0, c0, c0, 0\n"     /* CCSIDR */
                     : "=r"(v) : "r"(csselr));
    return v;
}

/* PMCCNTR before THEN, when THEN starts with READ_MID */
static uint32_t pass_mid;
#define READ_MID    "mrc p15, 0, %4, c9, c13, 0\n"

/*
 * PMCCNTR across @n runs of INSN on the address %2 (r4 free), from @p,
 * and then THEN; not inlined, so each timed run is the code its warm-up
 * ran.  The timed code starts a line (the NOPs before it run untimed), so
 * that its fetches do not depend on where the compiler put the function.
 */
#define TIMED_PASS_THEN(name, insn, then)                               \
    TIMED_PASS_IN(name, arm, insn, then)
#define TIMED_PASS_IN(name, isa, insn, then)                            \
static __attribute__((noinline, target(#isa)))                          \
uint32_t name(uint32_t p, uint32_t n)                                   \
{                                                                       \
    uint32_t t0, t1, mid;                                               \
                                                                        \
    __asm__ volatile(                                                   \
        ".balign 64\n"                                                  \
        "mrc p15, 0, %0, c9, c13, 0\n"                                  \
        "1: " insn "\n"                                                 \
        "add %2, %2, #64\n"                                             \
        "subs %3, %3, #1\n"                                             \
        "bne 1b\n"                                                      \
        then                                                            \
        "mrc p15, 0, %1, c9, c13, 0\n"                                  \
        : "=&r"(t0), "=&r"(t1), "+r"(p), "+r"(n), "=&r"(mid)            \
        : : "r4", "cc", "memory");                                      \
    pass_mid = t1 - mid;                                                \
    return t1 - t0;                                                     \
}
#define TIMED_PASS(name, insn)  TIMED_PASS_THEN(name, insn, "")
#define DCCMVAC                 "mcr p15, 0, %2, c7, c10, 1"
TIMED_PASS(load, "ldr r4, [%2]")
TIMED_PASS(nop_mva, "mov r4, %2")
TIMED_PASS(dcimvac, "mcr p15, 0, %2, c7, c6, 1")
TIMED_PASS(dccmvac, DCCMVAC)
TIMED_PASS(dccmvau, "mcr p15, 0, %2, c7, c11, 1")
/* ICIALLU's operand is ignored; the loop's own code then misses */
TIMED_PASS(nop_ic, "mov r4, #0")
TIMED_PASS(iciallu, "mcr p15, 0, r4, c7, c5, 0")

/* Each of the @n lines from @p loaded (into the L1 D), then written. */
static __attribute__((noinline)) void dirty_lines(uint32_t p, uint32_t n)
{
    __asm__ volatile(
        "1: ldr r4, [%0]\n"
        "str r4, [%0], #64\n"
        "subs %1, %1, #1\n"
        "bne 1b\n"
        : "+r"(p), "+r"(n) : : "r4", "cc", "memory");
}

/*
 * Every set and way of cache level @level (0 the L1 D, 1 the L2), from
 * its CCSIDR as v7_flush_dcache_all (arch/arm/mm/cache-v7.S) builds the
 * operand: the way in the top log2(ways) bits, the set from bit
 * log2(line bytes), the level in bits 3:1; ways from the highest, sets
 * from the highest.  INSN on the operand in r4.
 */
#define TIMED_WALK(name, insn)                                          \
static __attribute__((noinline)) uint32_t name(uint32_t level)          \
{                                                                       \
    uint32_t id = ccsidr(level << 1), t0, t1;                           \
    uint32_t line_shift = (id & 7) + 4;                                 \
    uint32_t ways = ((id >> 3) & 0x3ff) + 1;                            \
    uint32_t sets = ((id >> 13) & 0x7fff) + 1;                          \
    uint32_t way_shift = __builtin_clz(ways - 1);                       \
    uint32_t way = ways - 1, set;                                       \
                                                                        \
    __asm__ volatile("mrc p15, 0, %0, c9, c13, 0" : "=r"(t0));          \
    do {                                                                \
        set = sets - 1;                                                 \
        __asm__ volatile(                                               \
            "1: orr r4, %2, %0, lsl %3\n"                               \
            "orr r4, r4, %1, lsl %4\n"                                  \
            insn "\n"                                                   \
            "subs %0, %0, #1\n"                                         \
            "bge 1b\n"                                                  \
            : "+r"(set)                                                 \
            : "r"(way), "r"(level << 1), "r"(line_shift),               \
              "r"(way_shift)                                            \
            : "r4", "cc", "memory");                                    \
    } while (way-- > 0);                                                \
    __asm__ volatile("mrc p15, 0, %0, c9, c13, 0" : "=r"(t1));          \
    return t1 - t0;                                                     \
}
TIMED_WALK(nop_walk, "mov r4, r4")
TIMED_WALK(dccisw_walk, "mcr p15, 0, r4, c7, c14, 2")

/* PMCCNTR across one INSN, the write buffer as the caller left it */
#define TIMED_ONE(name, insn)                                           \
static __attribute__((noinline)) uint32_t name(void)                    \
{                                                                       \
    uint32_t t0, t1;                                                    \
                                                                        \
    __asm__ volatile(                                                   \
        ".balign 64\n"                                                  \
        "mrc p15, 0, %0, c9, c13, 0\n"                                  \
        insn "\n"                                                       \
        "mrc p15, 0, %1, c9, c13, 0\n"                                  \
        : "=&r"(t0), "=&r"(t1) : : "r4", "memory");                     \
    return t1 - t0;                                                     \
}
TIMED_ONE(one_mov, "mov r4, r4")
TIMED_ONE(one_dsb, "dsb")

/* 64 DCCMVACs and then the DSB that completes them, timed together */
TIMED_PASS_THEN(dccmvac_mov, DCCMVAC, READ_MID "mov r4, r4\n")
TIMED_PASS_THEN(dccmvac_dsb, DCCMVAC, READ_MID "dsb\n")
TIMED_PASS_THEN(dccmvac_dmb, DCCMVAC, READ_MID "dmb\n")
/* the barrier as CP15DSB, and as the Thumb instruction */
TIMED_PASS_THEN(dccmvac_cp15dsb, DCCMVAC,
                READ_MID "mcr p15, 0, r4, c7, c10, 4\n")
TIMED_PASS_IN(dccmvac_dsb_t32, thumb, DCCMVAC, READ_MID "dsb\n")

/*
 * A pass of 64 DCCMVACs and a barrier, its code warm, on dirty lines: the
 * whole, and the barrier alone as @name-last
 */
static void clean_then(const char *name, uint32_t (*pass)(uint32_t, uint32_t))
{
    pass(BUF + 0x10000u, LINES);
    dirty_lines(BUF, LINES);
    show(name, pass(BUF, LINES));
    put(name);
    show("-last", pass_mid);
}

/* both levels, as v7_flush_dcache_all walks them (L1 D, then L2) */
static uint32_t walk(uint32_t (*fn)(uint32_t))
{
    uint32_t c = fn(0);

    return c + fn(1);
}

static void mmu_on(void)
{
    for (unsigned i = 0; i < 16; i++) {     /* the program: WB-WA */
        ttb[0x800 + i] = bare_section(0x80000000u + i * 0x100000u, 1, 1, 1);
    }
    bare_mmu_on(ttb);
}

int main(void)
{
    uint32_t clidr, c, d;

    bare_ccnt_enable();
    __asm__ volatile("mrc p15, 1, %0, c0, c0, 1" : "=r"(clidr));
    show("clidr", clidr);
    show("ccsidr-l1d", ccsidr(0));
    show("ccsidr-l1i", ccsidr(1));
    show("ccsidr-l2", ccsidr(2));
    mmu_on();
    put("cachemaint-bare: 64 lines a pass, one line apart\n");

    /* by address: an invalidation, the next loads miss */
    load(BUF, LINES);
    load(BUF, LINES);
    show("warm", load(BUF, LINES));
    dcimvac(BUF + 0x10000u, LINES);                 /* its code warm */
    dcimvac(BUF, LINES);
    show("dcimvac-load", load(BUF, LINES));

    /* by address: a clean of dirty lines, then of clean ones */
    nop_mva(BUF, LINES);
    show("nop-mva", nop_mva(BUF, LINES));
    dccmvac(BUF + 0x10000u, LINES);                 /* its code warm */
    dirty_lines(BUF, LINES);
    dirty_lines(BUF, LINES);
    c = dccmvac(BUF, LINES);
    d = dccmvac(BUF, LINES);
    show("dccmvac-dirty", c);
    show("dccmvac-clean", d);
    dccmvau(BUF + 0x10000u, LINES);
    dirty_lines(BUF, LINES);
    show("dccmvau-dirty", dccmvau(BUF, LINES));

    /* by set and way, both levels, as before an MPU OFF */
    walk(nop_walk);
    show("nop-walk", walk(nop_walk));
    walk(dccisw_walk);                              /* its code warm */
    load(BUF, LINES);
    dirty_lines(BUF, LINES);
    c = walk(dccisw_walk);
    d = walk(dccisw_walk);
    show("dccisw-dirty", c);
    show("dccisw-clean", d);
    show("dccisw-load", load(BUF, LINES));

    /* the instruction cache */
    nop_ic(BUF, LINES);
    show("nop-ic", nop_ic(BUF, LINES));
    iciallu(BUF, LINES);
    show("iciallu", iciallu(BUF, LINES));

    /* barriers: a DSB or DMB waits until the write buffer has drained */
    one_mov();
    show("one-mov", one_mov());
    one_dsb();
    show("dsb-idle", one_dsb());
    clean_then("dccmvac-mov", dccmvac_mov);
    clean_then("dccmvac-dsb", dccmvac_dsb);
    clean_then("dccmvac-dmb", dccmvac_dmb);
    clean_then("dccmvac-cp15dsb", dccmvac_cp15dsb);
    clean_then("dccmvac-dsb-t32", dccmvac_dsb_t32);
    return 0;
}
