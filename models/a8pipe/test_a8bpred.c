/*
 * Host unit tests of the Cortex-A8 branch predictor model (a8bpred): which
 * instructions it takes as branches, and what the TRM's chapter 5 ("Program
 * Flow Prediction", ARM DDI 0344) makes of them: a 13-cycle flush for a
 * wrong prediction (5.1), every taken branch with prediction off (5.1),
 * never a prediction for an exception return (5.2), an 8-entry return
 * stack (5.1; pushed and popped: 5.2), a 512-entry 2-way BTB (5.1).  The encodings are hex with
 * their assembly (arm-linux-gnueabihf-as -march=armv7-a).
 * docs/cortex-a8-timing.md, "Branch prediction".
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <string.h>
#include "a8bpred.h"
#include "check.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static a8bpred bp;

static void test_classify(void)
{
    static const struct { uint32_t insn; unsigned want; const char *as; }
    arm[] = {
        { 0xeafffffe, A8BPRED_DIRECT, "b ." },
        { 0x1afffffe, A8BPRED_COND | A8BPRED_DIRECT, "bne ." },
        { 0xebfffffe, A8BPRED_CALL, "bl ." },
        { 0xfafffffe, A8BPRED_CALL, "blx <imm>" },
        { 0xe12fff1e, A8BPRED_RETURN, "bx lr" },
        { 0xe12fff13, A8BPRED_INDIRECT, "bx r3" },
        { 0xe12fff33, A8BPRED_CALL, "blx r3" },
        { 0xe1a0f00e, A8BPRED_RETURN, "mov pc, lr" },
        { 0xe1b0f00e, A8BPRED_UNPREDICTED, "movs pc, lr" },
        { 0xe25ef004, A8BPRED_UNPREDICTED, "subs pc, lr, #4" },
        { 0xe8bd8010, A8BPRED_RETURN, "pop {r4, pc}" },
        { 0xe8908000, A8BPRED_INDIRECT, "ldm r0, {pc}" },
        { 0xe8dd8000, A8BPRED_UNPREDICTED, "ldm sp, {pc}^" },
        { 0xe49df004, A8BPRED_RETURN, "ldr pc, [sp], #4" },
        { 0xe590f000, A8BPRED_INDIRECT, "ldr pc, [r0]" },
        { 0xe08ff100, A8BPRED_INDIRECT, "add pc, pc, r0, lsl #2" },
        { 0xf8bd0a00, A8BPRED_UNPREDICTED, "rfeia sp!" },
        { 0xe12fff22, A8BPRED_UNPREDICTED, "bxj r2" },
        { 0xe2800001, A8BPRED_NONE, "add r0, r0, #1" },
        { 0xe59d0000, A8BPRED_NONE, "ldr r0, [sp]" },
        { 0xe1500001, A8BPRED_NONE, "cmp r0, r1" },
        { 0xef000000, A8BPRED_NONE, "svc 0" },
    }, thumb[] = {
        { 0xe7fe, A8BPRED_DIRECT, "b.n ." },
        { 0xd0fe, A8BPRED_COND | A8BPRED_DIRECT, "beq.n ." },
        { 0xb108, A8BPRED_COND | A8BPRED_DIRECT, "cbz r0, <+6>" },
        { 0xb908, A8BPRED_COND | A8BPRED_DIRECT, "cbnz r0, <+6>" },
        { 0x4770, A8BPRED_RETURN, "bx lr" },
        { 0x4718, A8BPRED_INDIRECT, "bx r3" },
        { 0x4798, A8BPRED_CALL, "blx r3" },
        { 0xbd10, A8BPRED_RETURN, "pop {r4, pc}" },
        { 0x46f7, A8BPRED_RETURN, "mov pc, lr" },
        { 0xf7fffffe, A8BPRED_SIZE4 | A8BPRED_CALL, "bl ." },
        { 0xf7ffbffe, A8BPRED_SIZE4 | A8BPRED_DIRECT, "b.w ." },
        { 0xf43faffe, A8BPRED_SIZE4 | A8BPRED_COND | A8BPRED_DIRECT,
          "beq.w ." },
        { 0xe8bd8ff0, A8BPRED_SIZE4 | A8BPRED_RETURN,
          "pop.w {r4-r11, pc}" },
        { 0xf85dfb04, A8BPRED_SIZE4 | A8BPRED_RETURN, "ldr.w pc, [sp], #4" },
        { 0xf8d0f008, A8BPRED_SIZE4 | A8BPRED_INDIRECT, "ldr.w pc, [r0, #8]" },
        { 0xe8d0f001, A8BPRED_SIZE4 | A8BPRED_INDIRECT, "tbb [r0, r1]" },
        { 0xf3de8f00, A8BPRED_SIZE4 | A8BPRED_UNPREDICTED, "subs pc, lr, #0" },
        { 0xe9bdc000, A8BPRED_SIZE4 | A8BPRED_UNPREDICTED, "rfeia sp!" },
        { 0x3001, A8BPRED_NONE, "adds r0, #1" },
        { 0xdf00, A8BPRED_NONE, "svc 0" },
        { 0xbf00, A8BPRED_NONE, "nop" },
        { 0xb510, A8BPRED_NONE, "push {r4, lr}" },
        { 0xf3bf8f4f, A8BPRED_NONE, "dsb sy" },
    };

    for (unsigned k = 0; k < N(arm); k++) {
        unsigned got = a8bpred_classify_arm(arm[k].insn);
        unsigned want = arm[k].want ? arm[k].want | A8BPRED_SIZE4 : 0;

        CHECK(got == want, "ARM %-24s 0x%08x: class 0x%x (want 0x%x)",
              arm[k].as, (unsigned)arm[k].insn, got, want);
    }
    for (unsigned k = 0; k < N(thumb); k++) {
        unsigned got = a8bpred_classify_thumb(thumb[k].insn);

        CHECK(got == thumb[k].want, "Thumb %-22s 0x%08x: class 0x%x (want 0x%x)",
              thumb[k].as, (unsigned)thumb[k].insn, got, thumb[k].want);
    }
}

#define B_AL    (A8BPRED_SIZE4 | A8BPRED_DIRECT)
#define B_NE    (A8BPRED_SIZE4 | A8BPRED_COND | A8BPRED_DIRECT)
#define BL      (A8BPRED_SIZE4 | A8BPRED_CALL)
#define RET     (A8BPRED_SIZE4 | A8BPRED_RETURN)

/* a loop of @n rounds closed by a BNE at @pc back to @top: the cycles
 * its branch costs */
static uint32_t loop(uint32_t pc, uint32_t top, unsigned n, bool enabled)
{
    uint32_t cyc = 0;

    for (unsigned i = 1; i <= n; i++) {
        cyc += a8bpred_resolve(&bp, B_NE, pc, i < n ? top : pc + 4, enabled);
    }
    return cyc;
}

static void test_loop(void)
{
    uint32_t c1, c2, c3;

    /* 5.1: prediction off, every taken branch flushes, a fall-through not */
    a8bpred_reset(&bp);
    CHECK_EQ(loop(0x8010, 0x8000, 100, false), 99 * A8BPRED_PENALTY);
    /* and nothing was learnt */
    CHECK_EQ(loop(0x8010, 0x8000, 100, false), 99 * A8BPRED_PENALTY);

    /* on: the first taken branch is not in the BTB (runs as not taken:
     * 5.1), the counters then learn it; by the third run only the exit
     * (predicted taken, not taken) flushes */
    a8bpred_reset(&bp);
    c1 = loop(0x8010, 0x8000, 100, true);
    c2 = loop(0x8010, 0x8000, 100, true);
    c3 = loop(0x8010, 0x8000, 100, true);
    CHECK(c1 > c3 && c2 >= c3, "a cold loop costs more: %u %u %u",
          (unsigned)c1, (unsigned)c2, (unsigned)c3);
    CHECK_EQ(c3, A8BPRED_PENALTY);
    /* a longer loop after that costs the same: its rounds are predicted */
    CHECK_EQ(loop(0x8010, 0x8000, 1000, true), A8BPRED_PENALTY);
    CHECK_EQ(bp.branches, 1300);

    /* the global history learns a branch that alternates */
    a8bpred_reset(&bp);
    for (unsigned r = 0; r < 3; r++) {
        c1 = 0;
        for (unsigned i = 0; i < 64; i++) {
            c1 += a8bpred_resolve(&bp, B_NE, 0x9000,
                                  i & 1 ? 0x9004 : 0x9100, true);
        }
    }
    CHECK_EQ(c1, 0);
}

/* a chain of @depth calls (each a BL from a function of its own) and
 * their returns (POP {.., pc}): the cycles its branches cost */
static uint32_t chain(unsigned depth)
{
    uint32_t cyc = 0;

    for (unsigned d = 0; d < depth; d++) {
        cyc += a8bpred_resolve(&bp, BL, 0x10000 + 0x40 * d,
                               0x10000 + 0x40 * (d + 1), true);
    }
    for (unsigned d = depth; d-- > 0;) {
        cyc += a8bpred_resolve(&bp, RET, 0x10000 + 0x40 * (d + 1) + 0x20,
                               0x10000 + 0x40 * d + 4, true);
    }
    return cyc;
}

static void test_return_stack(void)
{
    /* 5.1: an 8-entry stack: eight nested returns are predicted, the
     * ninth and tenth find it wrapped */
    for (unsigned depth = 6; depth <= 12; depth++) {
        uint32_t c;

        a8bpred_reset(&bp);
        chain(depth);                   /* into the BTB */
        chain(depth);
        c = chain(depth);
        CHECK_EQ(c, (depth > A8BPRED_RSTACK ? depth - A8BPRED_RSTACK : 0) *
                    A8BPRED_PENALTY);
    }
}

static void test_cold_call(void)
{
    /* a return known to the BTB, from a call site known too */
    a8bpred_reset(&bp);
    for (unsigned r = 0; r < 2; r++) {
        a8bpred_resolve(&bp, BL, 0x2000, 0x3000, true);
        a8bpred_resolve(&bp, RET, 0x3010, 0x2004, true);
    }
    /* a call from a site the BTB has not seen (it runs as not taken, a
     * flush) still pushes, so that its return is predicted and the
     * stack does not stay one off [ours: the A9's TRM says "if
     * predicted"] */
    CHECK_EQ(a8bpred_resolve(&bp, BL, 0x2800, 0x3000, true), A8BPRED_PENALTY);
    CHECK_EQ(a8bpred_resolve(&bp, RET, 0x3010, 0x2804, true), 0);
    /* and the older call's return after it too */
    a8bpred_resolve(&bp, BL, 0x2000, 0x3000, true);
    CHECK_EQ(a8bpred_resolve(&bp, RET, 0x3010, 0x2004, true), 0);
    /* a conditional call not taken pushes nothing */
    a8bpred_resolve(&bp, BL, 0x2000, 0x3000, true);
    a8bpred_resolve(&bp, A8BPRED_SIZE4 | A8BPRED_COND | A8BPRED_CALL, 0x3004,
                    0x3008, true);
    CHECK_EQ(a8bpred_resolve(&bp, RET, 0x3010, 0x2004, true), 0);
}

/* a power loss empties the tables and keeps the counters and penalty */
static void test_forget(void)
{
    a8bpred_reset(&bp);
    bp.penalty = 9;
    a8bpred_resolve(&bp, B_AL, 0x1000, 0x2000, true);
    CHECK_EQ(a8bpred_resolve(&bp, B_AL, 0x1000, 0x2000, true), 0);
    a8bpred_forget(&bp);
    CHECK_EQ(a8bpred_resolve(&bp, B_AL, 0x1000, 0x2000, true), 9);
    CHECK(bp.branches == 3 && bp.mispredicts == 2 &&
          bp.class_branches[A8BPRED_DIRECT] == 3,
          "after forgetting: %llu branches, %llu mispredicted",
          (unsigned long long)bp.branches,
          (unsigned long long)bp.mispredicts);
}

static void test_btb(void)
{
    uint32_t c = 0;

    /* two branches in one set (1 KB apart): both stay (2 ways) */
    a8bpred_reset(&bp);
    for (unsigned r = 0; r < 4; r++) {
        c = a8bpred_resolve(&bp, B_AL, 0x1000, 0x2000, true) +
            a8bpred_resolve(&bp, B_AL, 0x1400, 0x3000, true);
    }
    CHECK_EQ(c, 0);
    /* three in one set, in turn: each evicts the one used least lately */
    for (unsigned r = 0; r < 4; r++) {
        c = a8bpred_resolve(&bp, B_AL, 0x1000, 0x2000, true) +
            a8bpred_resolve(&bp, B_AL, 0x1400, 0x3000, true) +
            a8bpred_resolve(&bp, B_AL, 0x1800, 0x4000, true);
    }
    CHECK_EQ(c, 3 * A8BPRED_PENALTY);
    /* a known branch whose target moves (BX r3): the target is wrong */
    a8bpred_reset(&bp);
    a8bpred_resolve(&bp, A8BPRED_SIZE4 | A8BPRED_INDIRECT, 0x500, 0x600, true);
    CHECK_EQ(a8bpred_resolve(&bp, A8BPRED_SIZE4 | A8BPRED_INDIRECT, 0x500,
                             0x600, true), 0);
    CHECK_EQ(a8bpred_resolve(&bp, A8BPRED_SIZE4 | A8BPRED_INDIRECT, 0x500,
                             0x700, true), A8BPRED_PENALTY);
    /* 5.2: an exception return is never predicted, taken every time */
    for (unsigned r = 0; r < 3; r++) {
        c = a8bpred_resolve(&bp, A8BPRED_SIZE4 | A8BPRED_UNPREDICTED, 0x700,
                            0x9000, true);
    }
    CHECK_EQ(c, A8BPRED_PENALTY);
    /* TRM 16.4.1: an exception's entry flushes, prediction on or off,
     * and is not a branch */
    a8bpred_reset(&bp);
    CHECK_EQ(a8bpred_resolve(&bp, A8BPRED_EXCEPTION, 0, 8, true),
             A8BPRED_PENALTY);
    CHECK_EQ(a8bpred_resolve(&bp, A8BPRED_EXCEPTION, 0, 8, false),
             A8BPRED_PENALTY);
    CHECK(bp.exceptions == 2 && bp.branches == 0 && bp.mispredicts == 0,
          "exceptions %llu, branches %llu, mispredicts %llu",
          (unsigned long long)bp.exceptions,
          (unsigned long long)bp.branches,
          (unsigned long long)bp.mispredicts);
    /* another flush cost (the machine's [cpu] flush_cycles) */
    a8bpred_reset(&bp);
    bp.penalty = 20;
    CHECK_EQ(a8bpred_resolve(&bp, A8BPRED_EXCEPTION, 0, 8, true), 20);
    CHECK_EQ(loop(0x8010, 0x8000, 10, false), 9 * 20);
    a8bpred_reset(&bp);
    CHECK_EQ(bp.penalty, A8BPRED_PENALTY);
    /* Thumb: the fall-through is 2 on */
    a8bpred_reset(&bp);
    CHECK_EQ(a8bpred_resolve(&bp, A8BPRED_COND | A8BPRED_DIRECT, 0x800,
                             0x802, true), 0);
    CHECK_EQ(a8bpred_resolve(&bp, A8BPRED_COND | A8BPRED_DIRECT, 0x800,
                             0x804, true), A8BPRED_PENALTY);
    CHECK_EQ(bp.mispredicts, 1);
    /* counted per class */
    CHECK(bp.class_branches[A8BPRED_COND | A8BPRED_DIRECT] == 2 &&
          bp.class_mispredicts[A8BPRED_COND | A8BPRED_DIRECT] == 1 &&
          !strcmp(a8bpred_class_names[A8BPRED_COND | A8BPRED_DIRECT],
                  "direct_cond"),
          "direct_cond: %llu branches, %llu mispredicted",
          (unsigned long long)bp.class_branches[A8BPRED_COND | A8BPRED_DIRECT],
          (unsigned long long)
          bp.class_mispredicts[A8BPRED_COND | A8BPRED_DIRECT]);
}

/* round after round through @n taken branches at @pc, @pc + @step, ...:
 * the cycles the last round costs */
static uint32_t rounds(uint32_t pc, uint32_t step, unsigned n)
{
    uint32_t c = 0;

    for (unsigned r = 0; r < 3; r++) {
        c = 0;
        for (unsigned i = 0; i < n; i++) {
            c += a8bpred_resolve(&bp, B_AL, pc + i * step, 0x80000 + i * 8,
                                 true);
        }
    }
    return c;
}

/* [cpu] btb_ways and btb_index_shift: other organisations of the 512
 * entries (what-if runs); the default is the TRM's 2 ways */
static void test_btb_organisation(void)
{
    a8bpred_reset(&bp);
    CHECK(bp.btb_ways == 2 && bp.btb_shift == 2, "default %u ways, shift %u",
          bp.btb_ways, bp.btb_shift);
    CHECK(a8bpred_btb_check(2, 2) == NULL && a8bpred_btb_check(512, 16) ==
          NULL && a8bpred_btb_check(3, 2) != NULL, "the check alone");
    CHECK(a8bpred_set_btb(&bp, 3, 2) != NULL, "3 ways refused");
    CHECK(a8bpred_set_btb(&bp, 0, 2) != NULL, "0 ways refused");
    CHECK(a8bpred_set_btb(&bp, 1024, 2) != NULL, "1024 ways refused");
    CHECK(a8bpred_set_btb(&bp, 2, 17) != NULL, "shift 17 refused");
    CHECK(bp.btb_ways == 2 && bp.btb_shift == 2, "a refusal changes nothing");
    /* four branches 1 KB apart share a set: 2 ways keep none of them in
     * turn (LRU), 4 ways all; direct-mapped (512 sets), two 2 KB apart
     * share one */
    CHECK_EQ(rounds(0x1000, 0x400, 4), 4 * A8BPRED_PENALTY);
    CHECK(a8bpred_set_btb(&bp, 4, 2) == NULL, "4 ways");
    CHECK_EQ(rounds(0x1000, 0x400, 4), 0);
    CHECK(a8bpred_set_btb(&bp, 1, 2) == NULL, "direct-mapped");
    CHECK_EQ(rounds(0x1000, 0x800, 2), 2 * A8BPRED_PENALTY);
    /* ... but two branches in consecutive words do not collide there */
    CHECK_EQ(rounds(0x1000, 4, 2), 0);
    /* 512 branches 1 KB apart: fully associative holds them all (not
     * 513), the default's 2 ways none (one set, in turn) */
    CHECK(a8bpred_set_btb(&bp, 512, 2) == NULL, "fully associative");
    CHECK_EQ(rounds(0x100000, 0x400, 512), 0);
    CHECK_EQ(rounds(0x100000, 0x400, 513), 513 * A8BPRED_PENALTY);
    a8bpred_reset(&bp);
    CHECK_EQ(rounds(0x100000, 0x400, 512), 512 * A8BPRED_PENALTY);
    /* the index from bit 4: words 16 bytes apart share a set there */
    CHECK_EQ(rounds(0x1000, 4, 4), 0);
    CHECK(a8bpred_set_btb(&bp, 2, 4) == NULL, "shift 4");
    CHECK_EQ(rounds(0x1000, 4, 4), 4 * A8BPRED_PENALTY);
    CHECK_EQ(rounds(0x1000, 16, 4), 0);
    /* the organisation outlives a power loss */
    a8bpred_forget(&bp);
    CHECK(bp.btb_ways == 2 && bp.btb_shift == 4, "kept: %u ways, shift %u",
          bp.btb_ways, bp.btb_shift);
}

/* TRM 5.6: BPIALL (with ACTLR.IBE, the machine's test) empties the BTB
 * and the GHB; the return stack and the counters stay */
static void test_invalidate(void)
{
    static const struct { uint32_t insn; int thumb; unsigned want;
                          const char *as; } enc[] = {
        { 0xee070fd5, 0, A8BPRED_MAINT_ALL, "mcr p15, 0, r0, c7, c5, 6" },
        { 0xee073fd5, 0, A8BPRED_MAINT_ALL, "mcr p15, 0, r3, c7, c5, 6" },
        { 0x0e070fd5, 0, A8BPRED_MAINT_ALL, "mcreq p15, 0, r0, c7, c5, 6" },
        { 0xee070ff5, 0, 0, "mcr p15, 0, r0, c7, c5, 7 (BPIMVA)" },
        { 0xee070f15, 0, 0, "mcr p15, 0, r0, c7, c5, 0 (ICIALLU)" },
        { 0xee070f9a, 0, 0, "mcr p15, 0, r0, c7, c10, 4 (CP15DSB)" },
        { 0xfe070fd5, 0, 0, "mcr2 (not MCR)" },
        { 0xee070fd5, 1, A8BPRED_MAINT_ALL, "mcr p15, 0, r0, c7, c5, 6 (T32)" },
        { 0xfe070fd5, 1, 0, "mcr2 (T32)" },
    };

    for (unsigned i = 0; i < N(enc); i++) {
        unsigned got = enc[i].thumb ? a8bpred_maint_thumb(enc[i].insn)
                                    : a8bpred_maint_arm(enc[i].insn);
        CHECK(got == enc[i].want, "%s: %u (want %u)", enc[i].as, got,
              enc[i].want);
    }
    a8bpred_reset(&bp);
    CHECK_EQ(a8bpred_resolve(&bp, B_AL, 0x1000, 0x2000, true),
             A8BPRED_PENALTY);
    CHECK_EQ(a8bpred_resolve(&bp, B_AL, 0x1000, 0x2000, true), 0);
    a8bpred_resolve(&bp, A8BPRED_SIZE4 | A8BPRED_CALL, 0x9000, 0xa000, true);
    loop(0x8010, 0x8000, 10, true);
    {
        a8bpred before = bp;
        unsigned weak = 0;

        a8bpred_invalidate(&bp);
        for (unsigned i = 0; i < A8BPRED_GHB; i++) {
            weak += bp.ghb[i] == 1;
        }
        CHECK(weak == A8BPRED_GHB, "the GHB's counters weakly not taken "
              "again (%u of %u)", weak, A8BPRED_GHB);
        CHECK(bp.rs_top == before.rs_top && bp.hist == before.hist &&
              !memcmp(bp.rstack, before.rstack, sizeof(bp.rstack)),
              "the return stack and the history kept");
        CHECK(bp.invalidates == 1 && bp.branches == before.branches &&
              bp.mispredicts == before.mispredicts,
              "counted (%llu), the branch counters kept",
              (unsigned long long)bp.invalidates);
    }
    /* the BTB empty: the learnt branch is a miss once more */
    CHECK_EQ(a8bpred_resolve(&bp, B_AL, 0x1000, 0x2000, true),
             A8BPRED_PENALTY);
    CHECK_EQ(a8bpred_resolve(&bp, B_AL, 0x1000, 0x2000, true), 0);
}

int main(void)
{
    test_classify();
    test_loop();
    test_return_stack();
    test_cold_call();
    test_forget();
    test_btb();
    test_btb_organisation();
    test_invalidate();
    return check_done();
}
