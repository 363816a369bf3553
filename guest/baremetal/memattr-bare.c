/*
 * memattr-bare: what a page's memory attributes (TEX, C, B) do to the
 * cost of its loads in the memory model, without an OS.
 *   qemu-system-arm -M rm696 -kernel memattr-bare.elf \
 *       -semihosting-config enable=on,target=native \
 *       -icount shift=0,sleep=off
 * It maps, with TEX remap off (ARM ARM B3.8.2), one 1 MB section of SDRAM
 * per kind of memory, the program's own 16 MB as write-back
 * write-allocate, turns the MMU and caches on, and times with PMCCNTR a
 * pass of 64 word loads one 64-byte line apart (4 KB: it fits the L1 D):
 *   wb C          write-back (TEX 000, C B 11, Linux's uniprocessor
 *                 normal memory), a pass after a warm one: L1 D hits
 *   inc C         inner non-cacheable, outer write-back write-allocate
 *                 (TEX 101, C B 00), a pass after a warm one: the L1 D is
 *                 left out, every load an L2 hit
 *   inc-stored C  the same kind of page, a pass over 64 lines only
 *                 written before (one word each): the L2 allocated them
 *                 on the write
 *   nowa-stored C inner non-cacheable, outer write-back no write-allocate
 *                 (TEX 111, C B 00), a pass over lines only written
 *                 before: the L2 did not take them, each load is a miss
 *   dev C         shareable Device (TEX 000, C B 01), a pass after a warm
 *                 one: every load goes to the SDRAM
 * and on the write-back page, its lines in the L1 D, what an unaligned
 * access costs (Cortex-A8 TRM Table 16-16: a load not contained in 128
 * bits, a store not in 64, replays):
 *   unal C        the wb pass 13 bytes into each line (13-16: across 128
 *                 bits)
 *   unal-in C     1 byte in (1-4: unaligned, inside 128 bits)
 *   h-unal C      halfwords 15 bytes in (15-16: across 128 bits)
 *   h-unal-in C   halfwords 1 byte in (inside)
 *   st C          a word stored at each line's start
 *   st-unal C     6 bytes in (6-9: across 64 bits)
 *   st-unal-in C  1 byte in (1-4: inside 64 bits)
 *   same C        64 loads of one aligned word (the glue's skip filter
 *                 spares all but the first)
 *   same-unal C   64 loads of one word 13 bytes into a line
 *   ldrd-in C     64 rounds of a word load and an LDRD 56 bytes on, in
 *                 the same line (the lines warm)
 *   ldrd-cross C  the same with the LDRD 60 bytes on, into the next
 *                 line, which nothing touched before: each one a miss
 *   ldm2 C        64 LDMs of two registers from one 64-bit aligned
 *                 address (its line warm)
 *   ldm2-unal C   the same 4 bytes on (not 64-bit aligned)
 *   ldm3 C, ldm3-unal C, stm2 C, stm2-unal C, ldrd C, ldrd-unal C,
 *   strd C, strd-unal C  the same with three registers, STMs of two,
 *                 LDRDs and STRDs
 *   t-ldm2 C, t-ldm2-unal C, t-stm2 C, t-stm2-unal C  16-bit Thumb
 *                 LDMIA and STMIA of two with write-back, and a SUB back
 * The passes are one function of inline assembly on registers, so each
 * runs the same instructions: the differences are the memory's.
 * tests/guest/test_memattr.py checks them against the timing parameters.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdint.h>

#include "bare.h"

#define LINES           64
#define SECT(n)         (0xa0000000u + (n) * 0x100000u)  /* test sections */
#define SECT_PA(n)      (0x82000000u + (n) * 0x100000u)

enum { S_WB, S_INC, S_INC_NOWA, S_DEV, NSECT };

/* TEX, C, B of each test section (TEX remap off) */
static const uint8_t sect_attr[NSECT][3] = {
    [S_WB] = { 0, 1, 1 },           /* outer and inner WB, no WA */
    [S_INC] = { 5, 0, 0 },          /* TEX[1:0] 01 outer WB-WA, C B inner NC */
    [S_INC_NOWA] = { 7, 0, 0 },     /* TEX[1:0] 11 outer WB no-WA */
    [S_DEV] = { 0, 0, 1 },          /* shareable Device */
};

static uint32_t ttb[4096] __attribute__((aligned(16384)));

void bare_fault(uint32_t what, uint32_t addr)
{
    bare_fault_exit("memattr-bare", what, addr);
}

static void mmu_on(void)
{
    unsigned i;

    for (i = 0; i < 16; i++) {      /* the program: WB write-allocate */
        ttb[0x800 + i] = bare_section(0x80000000u + i * 0x100000u, 1, 1, 1);
    }
    for (i = 0; i < NSECT; i++) {
        ttb[SECT(i) >> 20] = bare_section(SECT_PA(i), sect_attr[i][0],
                                          sect_attr[i][1], sect_attr[i][2]);
    }
    bare_mmu_on(ttb);
}

/*
 * PMCCNTR across @n runs of INSN (on the value %2 and the address %3,
 * r4 and r5 free), from @p.  Not inlined: every pass of one kind runs
 * this very code (warm in the L1 I after the first).  The value starts
 * at 0: what a store pass writes.
 */
#define TIMED_PASS_ISA(name, isa, insn)                                 \
static __attribute__((noinline, target(isa)))                          \
uint32_t name(uint32_t p, uint32_t n)                                   \
{                                                                       \
    uint32_t t0, t1, v = 0;                                             \
                                                                        \
    __asm__ volatile(                                                   \
        "mrc p15, 0, %0, c9, c13, 0\n"                                  \
        "1: " insn "\n"                                                 \
        "subs %4, %4, #1\n"                                             \
        "bne 1b\n"                                                      \
        "mrc p15, 0, %1, c9, c13, 0\n"                                  \
        : "=&r"(t0), "=&r"(t1), "+r"(v), "+r"(p), "+r"(n)               \
        : : "r4", "r5", "cc", "memory");                                \
    return t1 - t0;                                                     \
}
#define TIMED_PASS(name, insn)  TIMED_PASS_ISA(name, "arm", insn)
TIMED_PASS(pass, "ldr %2, [%3], #64")       /* word loads, a line apart */
TIMED_PASS(hpass, "ldrh %2, [%3], #64")     /* halfword loads */
TIMED_PASS(spass, "str %2, [%3], #64")      /* word stores of 0 */
TIMED_PASS(same_pass, "ldr %2, [%3]")       /* one word, @n times */

/*
 * @n rounds, 128 bytes apart from @p, of a word load at the round's start
 * (a hit: the glue's skip filter then names its line) and an LDRD 56
 * bytes on, in that line, or 60, running into the next, which no pass
 * touched before: its second line must be looked up.
 */
TIMED_PASS(ldrd_in,
           "ldr %2, [%3]\n ldrd r4, r5, [%3, #56]\n add %3, %3, #128")
TIMED_PASS(ldrd_cross,
           "ldr %2, [%3]\n ldrd r4, r5, [%3, #60]\n add %3, %3, #128")

/*
 * Load and store multiples, and doublewords (two registers a cycle on
 * 64-bit boundaries: docs/cortex-a8-timing.md, "Load/store multiple"),
 * @n times from @p
 */
TIMED_PASS(ldm2, "ldm %3, {r4, r5}")
TIMED_PASS(ldm3, "ldm %3, {%2, r4, r5}")
TIMED_PASS(stm2, "stm %3, {r4, r5}")
TIMED_PASS(ldrd, "ldrd r4, r5, [%3]")
TIMED_PASS(strd, "strd r4, r5, [%3]")
/* in Thumb, 16-bit LDMIA/STMIA with write-back (and a SUB back) */
TIMED_PASS_ISA(t_ldm2, "thumb", "ldmia %3!, {r4, r5}\n sub %3, %3, #8")
TIMED_PASS_ISA(t_stm2, "thumb", "stmia %3!, {r4, r5}\n sub %3, %3, #8")

/*
 * The load-use interlock (TRM 16: a load's result at E3, an address at
 * E1, an ALU operand at E2): @n rounds of a load whose address is the
 * word the last one loaded (a chain of pointers one line apart, from @p),
 * and of a load from @p alone; of a load and an ADD of its result, or of
 * another register, in one block or with a B to the next instruction (a
 * block's end in QEMU) between them.
 */
TIMED_PASS(chase, "ldr %3, [%3]")
TIMED_PASS(nochase, "ldr r4, [%3]")
TIMED_PASS(use_in, "ldr r4, [%3]\n add %2, %2, r4")
TIMED_PASS(nouse_in, "ldr r4, [%3]\n add %2, %2, r5")
TIMED_PASS(use_cross, "ldr r4, [%3]\n b 2f\n 2: add %2, %2, r4")
TIMED_PASS(nouse_cross, "ldr r4, [%3]\n b 2f\n 2: add %2, %2, r5")

/* One word written to each of @n lines from @p (zero: no load-use chase
 * can start from what the passes read). */
static __attribute__((noinline)) void store_lines(uint32_t p, uint32_t n)
{
    __asm__ volatile(
        "1: str %2, [%0], #64\n"
        "subs %1, %1, #1\n"
        "bne 1b\n"
        : "+r"(p), "+r"(n) : "r"(0u) : "cc", "memory");
}

/*
 * A pass's third run of three back to back: the first two bring its code
 * and lines in and its loop into the branch predictor (by its third run,
 * with -M rm696,pipeline=on), and the third starts after the same
 * branches every time (after show's output the global history differs
 * with what it printed: a pass's run then costs a wrong prediction more
 * or less).
 */
static uint32_t third_run(uint32_t (*pass_fn)(uint32_t, uint32_t),
                          uint32_t p)
{
    pass_fn(p, LINES);
    pass_fn(p, LINES);
    return pass_fn(p, LINES);
}

static void show(const char *name, uint32_t cycles)
{
    put(name);
    put(" ");
    put_u(cycles);
    put("\n");
}

/* the load/store multiples' and doublewords' passes, each printed as from
 * a 64-bit aligned address and as from 4 bytes on (NAME-unal) */
static const struct {
    const char *name;
    uint32_t (*fn)(uint32_t, uint32_t);
} lsm_passes[] = {
    { "ldm2", ldm2 }, { "ldm3", ldm3 }, { "stm2", stm2 },
    { "ldrd", ldrd }, { "strd", strd },
    { "t-ldm2", t_ldm2 }, { "t-stm2", t_stm2 },
};

int main(void)
{
    bare_ccnt_enable();
    mmu_on();
    put("memattr-bare: 64 loads a pass, one line apart\n");

    pass(SECT(S_WB), LINES);                        /* TLB, L1 I, L1 D */
    pass(SECT(S_WB), LINES);
    show("wb", pass(SECT(S_WB), LINES));
    show("unal", pass(SECT(S_WB) + 13u, LINES));
    show("unal-in", pass(SECT(S_WB) + 1u, LINES));
    /* each kind's code warm and its loop learnt by the branch predictor
     * (with -M rm696,pipeline=on: by a loop's third run) */
    hpass(SECT(S_WB) + 1u, LINES);
    hpass(SECT(S_WB) + 1u, LINES);
    show("h-unal", hpass(SECT(S_WB) + 15u, LINES));
    show("h-unal-in", hpass(SECT(S_WB) + 1u, LINES));
    spass(SECT(S_WB), LINES);
    spass(SECT(S_WB), LINES);
    show("st", spass(SECT(S_WB), LINES));
    show("st-unal", spass(SECT(S_WB) + 6u, LINES));
    show("st-unal-in", spass(SECT(S_WB) + 1u, LINES));
    same_pass(SECT(S_WB), LINES);
    same_pass(SECT(S_WB), LINES);
    show("same", same_pass(SECT(S_WB), LINES));
    show("same-unal", same_pass(SECT(S_WB) + 13u, LINES));
    /* LDRD across a line: the even lines of 16 KB at +64 KB warm, the odd
     * ones never touched; the crossing pass's code warmed elsewhere */
    for (int i = 0; i < 3; i++) {
        ldrd_in(SECT(S_WB) + 0x10000u, LINES);
        ldrd_cross(SECT(S_WB) + 0x20000u, LINES);
    }
    show("ldrd-in", ldrd_in(SECT(S_WB) + 0x10000u, LINES));
    show("ldrd-cross", ldrd_cross(SECT(S_WB) + 0x10000u, LINES));

    /* load/store multiples from a warm line, 64-bit aligned or not */
    for (unsigned k = 0; k < sizeof(lsm_passes) / sizeof(lsm_passes[0]);
         k++) {
        const uint32_t lsm = SECT(S_WB) + 0x40000u;

        show(lsm_passes[k].name, third_run(lsm_passes[k].fn, lsm));
        put(lsm_passes[k].name);
        show("-unal", third_run(lsm_passes[k].fn, lsm + 4u));
    }

    /* the chain: 64 lines of the write-back page, each pointing to the
     * next, warm; each pass's code warm and learnt first */
    const uint32_t chain = SECT(S_WB) + 0x30000u;

    for (uint32_t i = 0; i < LINES; i++) {
        *(volatile uint32_t *)(chain + 64u * i) =
            chain + 64u * ((i + 1) % LINES);
    }
    for (int i = 0; i < 3; i++) {
        chase(chain, LINES);
        nochase(chain, LINES);
        use_in(chain, LINES);
        nouse_in(chain, LINES);
        use_cross(chain, LINES);
        nouse_cross(chain, LINES);
    }
    show("chase", chase(chain, LINES));
    show("nochase", nochase(chain, LINES));
    show("use-in", use_in(chain, LINES));
    show("nouse-in", nouse_in(chain, LINES));
    show("use-cross", use_cross(chain, LINES));
    show("nouse-cross", nouse_cross(chain, LINES));

    pass(SECT(S_INC), LINES);                       /* into the L2 */
    show("inc", pass(SECT(S_INC), LINES));

    store_lines(SECT(S_INC) + 0x10000u, LINES);
    show("inc-stored", pass(SECT(S_INC) + 0x10000u, LINES));

    store_lines(SECT(S_INC_NOWA) + 0x10000u, LINES);
    show("nowa-stored", pass(SECT(S_INC_NOWA) + 0x10000u, LINES));

    pass(SECT(S_DEV), LINES);
    show("dev", pass(SECT(S_DEV), LINES));
    return 0;
}
