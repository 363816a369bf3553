/*
 * Host unit tests of the Cortex-A8 issue model (a8pipe): the issue cycles
 * of the sequences the Cortex-A8 TRM (ARM DDI 0344K, r3p2, chapter 16)
 * gives, each with its table; the stages its tables and the compilers'
 * descriptions give; and the decoder on real encodings.  The encodings are
 * hex, the assembly beside them (assembled with arm-linux-gnueabihf-as
 * -march=armv7-a, or copied from the TRM's own Example 16-6); nothing here
 * needs a cross tool.  docs/cortex-a8-timing.md names every source:
 *
 *  T16-4   TRM Table 16-4 "Multiply instructions" (16.2.3; DDI 0344I,
 *          infocenter ch16s02s03): cycles, source and result stages, the
 *          accumulator forwarding of note a.
 *  T16-15  TRM Table 16-15 "Dual-issue restrictions" (16.3; Table 16-12
 *          in issues B and D).
 *  E16-6   TRM Example 16-6 "Dual issue instruction sequence for integer
 *          pipeline" (16.8).
 *  16.2    TRM 16.2's notes: sources at the first cycle of a multi-cycle
 *          instruction, results at its last; multiplies in pipeline 0.
 *  GCC     gcc/config/arm/, its cortex-a8 description; LLVM:
 *          ARMScheduleA8.td (both made
 *          from the TRM; the TRM's own data-processing and load/store
 *          tables were not at hand).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <string.h>
#include "a8pipe.h"
#include "check.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static a8pipe_insn dec(uint32_t insn)
{
    a8pipe_insn i;

    if (!a8pipe_decode_arm(insn, &i)) {
        check_line(0, __LINE__, "0x%08x does not decode", (unsigned)insn);
    }
    return i;
}

/*
 * Issue @n descriptors in one block and compare each issue cycle with
 * @want; one check for the whole sequence, which prints both.
 */
static void check_descs(int line, const char *what, const a8pipe_insn *ins,
                        unsigned n, const uint32_t *want, uint32_t want_total)
{
    a8pipe_block b;
    uint32_t got[32];
    char gs[200] = "", ws[200] = "";
    int ok = 1;

    a8pipe_block_start(&b);
    for (unsigned k = 0; k < n; k++) {
        got[k] = a8pipe_block_issue(&b, &ins[k]);
        ok &= got[k] == want[k];
        snprintf(gs + strlen(gs), sizeof(gs) - strlen(gs), " %u",
                 (unsigned)got[k]);
        snprintf(ws + strlen(ws), sizeof(ws) - strlen(ws), " %u",
                 (unsigned)want[k]);
    }
    ok &= a8pipe_block_cycles(&b) == want_total;
    check_line(ok, line, "%s: cycles%s, block %u (want%s, block %u)", what,
               gs, (unsigned)a8pipe_block_cycles(&b), ws,
               (unsigned)want_total);
}

/* The same from encodings. */
static void check_seq(int line, const char *what, const uint32_t *enc,
                      unsigned n, const uint32_t *want, uint32_t want_total)
{
    a8pipe_insn ins[32];

    for (unsigned k = 0; k < n; k++) {
        ins[k] = dec(enc[k]);
    }
    check_descs(line, what, ins, n, want, want_total);
}

/* SEQ(what, encodings, issue cycle of each..., cycles of the block) */
#define SEQ(what, enc, ...) do { \
        static const uint32_t want_[] = { __VA_ARGS__ }; \
        if (N(want_) != N(enc) + 1) { \
            check_line(0, __LINE__, "%s: malformed", what); \
            break; \
        } \
        check_seq(__LINE__, what, enc, N(enc), want_, \
                  want_[N(want_) - 1]); \
    } while (0)

/* ---- TRM Table 16-15: every row -------------------------------------- */

static void test_dual_issue_table(void)
{
    /* Load/store resource hazard: one LS pipeline; 1, 2, 2 */
    static const uint32_t ls[] = {
        0xe5965000,     /* ldr r5, [r6] */
        0xe5887000,     /* str r7, [r8]   wait for the LS unit */
        0xe1a0900a,     /* mov r9, r10    dual issue */
    };
    SEQ("T16-15 load/store resource hazard", ls, 1, 2, 2, 2);

    /*
     * Multiply resource hazard: 1, 2, 3 in the table, which takes a MUL
     * as one issue cycle; T16-4 gives MUL two (docs/cortex-a8-timing.md,
     * "The multiply conflict").  The pairing rules alone (pipeline 0
     * only, one multiply a cycle) with the table's one-cycle MUL:
     */
    static const uint32_t mul[] = {
        0xe0821003,     /* add r1, r2, r3 */
        0xe0040695,     /* mul r4, r5, r6  wait for pipeline 0 */
        0xe0070998,     /* mul r7, r8, r9  wait for the multiply unit */
    };
    {
        a8pipe_insn ins[3] = { dec(mul[0]), dec(mul[1]), dec(mul[2]) };
        static const uint32_t want[] = { 1, 2, 3 };
        ins[1].cycles = ins[2].cycles = 1;
        check_descs(__LINE__, "T16-15 multiply resource hazard, MUL as "
                    "one cycle", ins, 3, want, 3);
    }
    /* ... and as decoded, MUL two cycles (T16-4): the second MUL waits
     * for the first's two (16.2: multi-cycle in pipeline 0) */
    SEQ("T16-15 multiply row with T16-4's two-cycle MUL", mul, 1, 2, 4, 5);

    /* Branch resource hazard: one branch a cycle; 1, 2, 2 */
    static const uint32_t br[] = {
        0xe12fff11,     /* bx r1 */
        0x0a0003fe,     /* beq 0x1000      wait for the branch unit */
        0xe0821003,     /* add r1, r2, r3  dual issue */
    };
    SEQ("T16-15 branch resource hazard", br, 1, 2, 2, 2);

    /* Data output hazard: no two of a cycle write one register; 1, 2, 2 */
    static const uint32_t out[] = {
        0x01a01002,     /* moveq r1, r2 */
        0x11a01003,     /* movne r1, r3    output dependency */
        0xe5965000,     /* ldr r5, [r6]    dual issue */
    };
    SEQ("T16-15 data output hazard", out, 1, 2, 2, 2);
    /* the rule holds without a condition too (the table's description:
     * "the same destination"); here no operand links the two */
    static const uint32_t out2[] = {
        0xe0821003,     /* add r1, r2, r3 */
        0xe0841005,     /* add r1, r4, r5 */
    };
    SEQ("T16-15 data output hazard, unconditional", out2, 1, 2, 2);

    /* Data source hazard: 1, 2, 4 */
    static const uint32_t src[] = {
        0xe0821003,     /* add r1, r2, r3 */
        0xe0814006,     /* add r4, r1, r6  wait for r1 */
        0xe5947000,     /* ldr r7, [r4]    wait two cycles for r4 */
    };
    SEQ("T16-15 data source hazard", src, 1, 2, 4, 4);

    /*
     * Multi-cycle instructions: in pipeline 0, pairing only in their last
     * cycle.  MOV 1; LDM 2 (r4), 3 (r5, r6), 4 (r7); ADD 4; the block
     * ends with the LDM's last cycle, 4.
     */
    static const uint32_t mc[] = {
        0xe1a01002,     /* mov r1, r2 */
        0xe89300f0,     /* ldm r3, {r4-r7}  wait for pipeline 0 */
        0xe089800a,     /* add r8, r9, r10  with the LDM's last cycle */
    };
    SEQ("T16-15 multi-cycle instruction", mc, 1, 2, 4, 4);
    CHECK_EQ(a8pipe_lsm_cycles(4, false), 3);   /* T16-15: r4 | r5 r6 | r7 */
}

/* ---- TRM Example 16-6 ------------------------------------------------ */

static void test_scheduling_example(void)
{
    /* the opcodes are the TRM's; the stream as executed (the BX and the
     * B are taken: their targets follow them) */
    static const uint32_t ex[] = {
        0xe12fff1e,     /*  1 bx r14 */
        0xe3500000,     /*  1 cmp r0, #0 */
        0xe3a03003,     /*  2 mov r3, #3 */
        0xe3a00000,     /*  2 mov r0, #0 */
        0x05813000,     /*  3 streq r3, [r1, #0]  r3 not needed until E3 */
        0xe3520004,     /*  3 cmp r2, #4 */
        0x979ff102,     /*  4 ldrls pc, [pc, r2, lsl #2]  +1 for the PC */
        0xe3a00001,     /*  5 mov r0, #1  with the load's 2nd cycle */
        0xea000000,     /*  6 b {pc}+8 */
        0xe5810000,     /*  6 str r0, [r1, #0] */
        0xe49df004,     /*  7 ldr pc, [r13], #4  +1 for the PC */
        0xe284200c,     /*  8 add r2, r4, #0xc  with the load's 2nd cycle */
        0xe5960004,     /*  9 ldr r0, [r6, #4] */
        0xe3a0100a,     /*  9 mov r1, #0xa */
        0xe5900000,     /* 12 ldr r0, [r0, #0]  r0 at E3, needed at E1 */
        0xe5840000,     /* 13 str r0, [r4, #0] */
    };
    SEQ("E16-6 dual issue instruction sequence", ex,
        1, 1, 2, 2, 3, 3, 4, 5, 6, 6, 7, 8, 9, 9, 12, 13, 13);
}

/* ---- multiplies: TRM Table 16-4 -------------------------------------- */

static void test_multiply(void)
{
    /* note a: a multiply then a MAC on its result as the accumulator
     * issue back-to-back: MUL 1-2, MLA 3 */
    static const uint32_t acc[] = {
        0xe0010392,     /* mul r1, r2, r3 */
        0xe0241695,     /* mla r4, r5, r6, r1 */
    };
    SEQ("T16-4 accumulator forwarding", acc, 1, 3, 4);

    /* the product as a multiplicand: Rd at E5 of the MUL's last cycle
     * (2), Rm needed at E1: 2 + 5 + 1 - 1 = 7 */
    static const uint32_t mm[] = {
        0xe0010392,     /* mul r1, r2, r3 */
        0xe0247691,     /* mla r4, r1, r6, r7 */
    };
    SEQ("T16-4 product as a multiplicand", mm, 1, 7, 8);

    /* UMULL takes three cycles in pipeline 0; an ADD pairs with the
     * last (16.2, T16-15) */
    static const uint32_t ml[] = {
        0xe0810392,     /* umull r0, r1, r2, r3 */
        0xe0854006,     /* add r4, r5, r6 */
    };
    SEQ("T16-4 UMULL three cycles", ml, 1, 3, 3);

    /* SMLAL needs RdHi at E1 but RdLo only at E2: after an ADD (result
     * at E2, as T16-15's data source row shows) the RdLo case waits one
     * cycle less */
    static const uint32_t hi[] = {
        0xe0821003,     /* add r1, r2, r3 */
        0xe0e10392,     /* smlal r0, r1, r2, r3 */
    };
    SEQ("T16-4 SMLAL RdHi at E1", hi, 1, 3, 5);
    static const uint32_t lo[] = {
        0xe0820003,     /* add r0, r2, r3 */
        0xe0e10392,     /* smlal r0, r1, r2, r3 */
    };
    SEQ("T16-4 SMLAL RdLo at E2", lo, 1, 2, 4);

    /* MUL in pipeline 0 only: an ADD first leaves it the next cycle
     * (T16-15's row), a MUL first lets an ADD pair with its last cycle */
    static const uint32_t mp[] = {
        0xe0040695,     /* mul r4, r5, r6 */
        0xe0810002,     /* add r0, r1, r2 */
    };
    SEQ("16.2 MUL then ADD", mp, 1, 2, 2);
}

/* ---- data-processing and single loads/stores ------------------------- */

static void test_alu_and_loads(void)
{
    /* a load's result at E3, an ALU operand at E2: 1 + 3 + 1 - 2 = 3
     * (E16-6; GCC: latency 2 to an operand not needed early) */
    static const uint32_t lu[] = {
        0xe5910000,     /* ldr r0, [r1] */
        0xe0802003,     /* add r2, r0, r3 */
    };
    SEQ("load-use, ALU operand at E2", lu, 1, 3, 3);

    /* ... a shifted operand at E1: one more (GCC: latency 3) */
    static const uint32_t ls[] = {
        0xe5910000,     /* ldr r0, [r1] */
        0xe0832080,     /* add r2, r3, r0, lsl #1 */
    };
    SEQ("load-use, shifted operand at E1", ls, 1, 4, 4);

    /* a load's base write-back at E2 (LLVM), the next address at E1 */
    static const uint32_t wb[] = {
        0xe4910004,     /* ldr r0, [r1], #4 */
        0xe5912000,     /* ldr r2, [r1] */
    };
    SEQ("base write-back to the next address", wb, 1, 3, 3);

    /* an ALU result stored by the instruction beside it: data at E3
     * (E16-6; GCC: latency zero) */
    static const uint32_t st[] = {
        0xe0843005,     /* add r3, r4, r5 */
        0xe5813000,     /* str r3, [r1] */
    };
    SEQ("ALU result as store data, same cycle", st, 1, 1, 1);

    /* a move's result at E1 feeds an ALU operand at E2 beside it (GCC:
     * "can be issued in parallel") */
    static const uint32_t mv[] = {
        0xe3a01005,     /* mov r1, #5 */
        0xe0812003,     /* add r2, r1, r3 */
    };
    SEQ("MOV then dependent ADD, same cycle", mv, 1, 1, 1);

    /* LSL #2 costs no cycle (E16-6), other scaled offsets one (GCC,
     * LLVM): the ADD pairs with the load's last cycle */
    static const uint32_t s2[] = {
        0xe7910102,     /* ldr r0, [r1, r2, lsl #2] */
        0xe0854006,     /* add r4, r5, r6 */
    };
    SEQ("LDR LSL #2 one cycle", s2, 1, 1, 1);
    static const uint32_t s3[] = {
        0xe7910182,     /* ldr r0, [r1, r2, lsl #3] */
        0xe0854006,     /* add r4, r5, r6 */
    };
    SEQ("LDR LSL #3 two cycles", s3, 1, 2, 2);

    /* load multiple: of three registers from a word that is not 64-bit
     * aligned, r1 in the first cycle, r2 and r3 in the second, r3 at E4
     * (GCC: "the third at E4 of the second iteration"; latency 4 to an
     * ALU operand): 2 + 4 + 1 - 2 = 5 */
    static const uint32_t lm[] = {
        0xe890000e,     /* ldm r0, {r1, r2, r3} */
        0xe0834003,     /* add r4, r3, r3 */
    };
    SEQ("LDM third register at E4", lm, 1, 5, 5);
    /* GCC: a load multiple of four registers "usually issued as two
     * micro-ops": the aligned case */
    CHECK_EQ(a8pipe_lsm_cycles(4, true), 2);
}

/* ---- the decoder ----------------------------------------------------- */

static int has_src(const a8pipe_insn *i, unsigned reg, unsigned stage)
{
    for (unsigned k = 0; k < i->nsrc; k++) {
        if (i->src[k].reg == reg && i->src[k].stage == stage) {
            return 1;
        }
    }
    return 0;
}

static int has_dst(const a8pipe_insn *i, unsigned reg, unsigned stage)
{
    for (unsigned k = 0; k < i->ndst; k++) {
        if (i->dst[k].reg == reg && i->dst[k].stage == stage) {
            return 1;
        }
    }
    return 0;
}

#define DEC(enc, asm_, cond) do { \
        a8pipe_insn i_; \
        int ok_ = a8pipe_decode_arm((enc), &i_); \
        const a8pipe_insn *i = &i_; \
        check_line(ok_ && (cond), __LINE__, "%s: %s", asm_, #cond); \
    } while (0)

static void test_decoder(void)
{
    /* data-processing, each operand form (stages: GCC, LLVM) */
    DEC(0xe0821003, "add r1, r2, r3", i->cls == A8PIPE_ALU &&
        i->nsrc == 2 && has_src(i, 2, 2) && has_src(i, 3, 2) &&
        i->ndst == 1 && has_dst(i, 1, 2) && !i->cond && !i->flags_write);
    DEC(0xe0810182, "add r0, r1, r2, lsl #3",
        i->cls == A8PIPE_ALU_SHIFT_IMM && has_src(i, 1, 2) &&
        has_src(i, 2, 1) && has_dst(i, 0, 2));
    DEC(0xe0810312, "add r0, r1, r2, lsl r3",
        i->cls == A8PIPE_ALU_SHIFT_REG && i->nsrc == 3 &&
        has_src(i, 1, 2) && has_src(i, 2, 1) && has_src(i, 3, 1) &&
        i->cycles == 1);
    DEC(0xe2910001, "adds r0, r1, #1", i->cls == A8PIPE_ALU &&
        i->nsrc == 1 && i->flags_write == 2);           /* TRM 16.2 */
    DEC(0xe0a10002, "adc r0, r1, r2", i->flags_read == 2);
    DEC(0xe1a003e1, "ror r0, r1, #7", i->cls == A8PIPE_ALU_SHIFT_IMM &&
        i->nsrc == 1 && has_src(i, 1, 1) && has_dst(i, 0, 1));
    DEC(0xe3e00cff, "mvn r0, #0xff00", i->cls == A8PIPE_ALU &&
        i->nsrc == 0 && has_dst(i, 0, 1));
    DEC(0xe1510142, "cmp r1, r2, asr #2", i->ndst == 0 &&
        has_src(i, 1, 2) && has_src(i, 2, 1) && i->flags_write == 2);
    DEC(0xe3110001, "tst r1, #1", i->cls == A8PIPE_ALU && i->ndst == 0);
    /* a conditional result: its old value a source too (TRM 16.2) */
    DEC(0x01a01002, "moveq r1, r2", i->cond && has_src(i, 2, 1) &&
        has_src(i, 1, 2) && has_dst(i, 1, 2) && i->flags_read != 0);
    DEC(0xe1a0f00e, "mov pc, lr", i->writes_pc && has_src(i, 14, 1) &&
        i->ndst == 0);
    DEC(0xe25ef004, "subs pc, lr, #4", i->cls == A8PIPE_OTHER);

    /* multiplies: T16-4 */
    DEC(0xe0040695, "mul r4, r5, r6", i->cls == A8PIPE_MUL &&
        i->cycles == 2 && has_src(i, 5, 1) && has_src(i, 6, 1) &&
        has_dst(i, 4, 5));
    DEC(0xe0241695, "mla r4, r5, r6, r1", i->cls == A8PIPE_MAC &&
        i->cycles == 2 && has_src(i, 1, 2) && has_dst(i, 4, 5));
    DEC(0xe0603291, "mls r0, r1, r2, r3", i->cls == A8PIPE_MAC &&
        has_src(i, 3, 2));
    DEC(0xe0810392, "umull r0, r1, r2, r3", i->cls == A8PIPE_MUL &&
        i->cycles == 3 && has_dst(i, 0, 5) && has_dst(i, 1, 5));
    DEC(0xe0c54796, "smull r4, r5, r6, r7", i->cls == A8PIPE_MUL &&
        i->cycles == 3 && has_src(i, 6, 1) && has_src(i, 7, 1));
    DEC(0xe0e10392, "smlal r0, r1, r2, r3", i->cls == A8PIPE_MAC &&
        i->cycles == 3 && has_src(i, 0, 2) && has_src(i, 1, 1));
    DEC(0xe0a32594, "umlal r2, r3, r4, r5", i->cls == A8PIPE_MAC &&
        has_src(i, 2, 2) && has_src(i, 3, 1) && has_dst(i, 3, 5));
    DEC(0xe0410392, "umaal r0, r1, r2, r3", i->cls == A8PIPE_MAC &&
        i->cycles == 3);

    /* single loads and stores: base E1, data E3 (E16-6); write-back E2
     * (LLVM) */
    DEC(0xe5310008, "ldr r0, [r1, #-8]!", i->cls == A8PIPE_LOAD &&
        i->cycles == 1 && i->nsrc == 1 && has_src(i, 1, 1) &&
        has_dst(i, 0, 3) && has_dst(i, 1, 2));
    DEC(0xe4910004, "ldr r0, [r1], #4", has_dst(i, 1, 2));
    DEC(0xe5910000, "ldr r0, [r1]", i->ndst == 1);
    DEC(0xe7910182, "ldr r0, [r1, r2, lsl #3]", i->cycles == 2 &&
        has_src(i, 2, 1));
    DEC(0xe7510002, "ldrb r0, [r1, -r2]", i->cls == A8PIPE_LOAD &&
        i->cycles == 1 && has_src(i, 2, 1) && i->ndst == 1);
    DEC(0xe5c10003, "strb r0, [r1, #3]", i->cls == A8PIPE_STORE &&
        has_src(i, 0, 3) && has_src(i, 1, 1) && i->ndst == 0);
    DEC(0xe1f100b2, "ldrh r0, [r1, #2]!", i->cls == A8PIPE_LOAD &&
        has_dst(i, 0, 3) && has_dst(i, 1, 2));
    DEC(0xe00100b2, "strh r0, [r1], -r2", i->cls == A8PIPE_STORE &&
        has_src(i, 0, 3) && has_src(i, 2, 1) && has_dst(i, 1, 2));
    DEC(0xe1d100f2, "ldrsh r0, [r1, #2]", i->cls == A8PIPE_LOAD &&
        has_dst(i, 0, 3));
    DEC(0xe1c120d8, "ldrd r2, r3, [r1, #8]", i->cls == A8PIPE_LOAD &&
        has_dst(i, 2, 3) && has_dst(i, 3, 3) && i->dual);
    DEC(0xe0c120f8, "strd r2, r3, [r1], #8", i->cls == A8PIPE_STORE &&
        has_src(i, 2, 3) && has_src(i, 3, 3) && has_dst(i, 1, 2) && i->dual);
    DEC(0xe1d100d2, "ldrsb r0, [r1, #2]: not a doubleword",
        i->cls == A8PIPE_LOAD && !i->dual);
    DEC(0x979ff102, "ldrls pc, [pc, r2, lsl #2]", i->cls == A8PIPE_LOAD &&
        i->writes_pc && i->cycles == 2 && i->cond && i->nsrc == 1 &&
        has_src(i, 2, 1));
    DEC(0x05813000, "streq r3, [r1, #0]", i->cond &&
        has_src(i, 3, 3) && has_src(i, 1, 1));

    /* load/store multiple */
    DEC(0xe89300f0, "ldm r3, {r4-r7}", i->cls == A8PIPE_LOAD_MULTIPLE &&
        i->nregs == 4 && i->reglist == 0x00f0 && i->ndst == 0 &&
        !i->aligned64);
    DEC(0xe92d40f0, "push {r4-r7, lr}", i->cls == A8PIPE_STORE_MULTIPLE &&
        i->nregs == 5 && has_src(i, 13, 1) && has_dst(i, 13, 2));
    DEC(0xe8bd80f0, "pop {r4-r7, pc}", i->cls == A8PIPE_LOAD_MULTIPLE &&
        i->writes_pc && i->nregs == 5);
    DEC(0xe8a00006, "stmia r0!, {r1, r2}", i->nregs == 2 &&
        has_dst(i, 0, 2));

    /* branches */
    DEC(0xea000000, "b", i->cls == A8PIPE_BRANCH && i->writes_pc &&
        i->nsrc == 0 && i->ndst == 0);
    DEC(0x0a0003fe, "beq", i->cls == A8PIPE_BRANCH && i->cond);
    DEC(0xeb000000, "bl", i->cls == A8PIPE_BRANCH && i->ndst == 1 &&
        i->dst[0].reg == 14);
    DEC(0xe12fff1e, "bx lr", i->cls == A8PIPE_BRANCH && i->nsrc == 1 &&
        i->src[0].reg == 14 && i->ndst == 0);
    DEC(0xe12fff33, "blx r3", i->cls == A8PIPE_BRANCH && i->nsrc == 1 &&
        i->src[0].reg == 3 && i->ndst == 1 && i->dst[0].reg == 14);
    DEC(0xfa000000, "blx #imm", i->cls == A8PIPE_BRANCH && i->writes_pc &&
        i->ndst == 1 && i->dst[0].reg == 14);

    /* others modelled as data-processing */
    DEC(0xe16f0f11, "clz r0, r1", i->cls == A8PIPE_ALU &&
        has_src(i, 1, 2) && has_dst(i, 0, 2));
    DEC(0xe3010234, "movw r0, #0x1234", i->cls == A8PIPE_ALU &&
        i->nsrc == 0 && has_dst(i, 0, 1));
    DEC(0xe3450678, "movt r0, #0x5678", i->cls == A8PIPE_ALU &&
        has_src(i, 0, 2) && has_dst(i, 0, 2));
    DEC(0xe6ef0071, "uxtb r0, r1", i->cls == A8PIPE_ALU_SHIFT_IMM &&
        i->nsrc == 1 && has_src(i, 1, 1));
    DEC(0xe6f10472, "uxtah r0, r1, r2, ror #8",
        i->cls == A8PIPE_ALU_SHIFT_IMM && has_src(i, 1, 2) &&
        has_src(i, 2, 1));

    /* not modelled: issue alone */
    DEC(0xef000000, "svc #0", i->cls == A8PIPE_OTHER);
    DEC(0xee110f10, "mrc p15, 0, r0, c1, c0, 0", i->cls == A8PIPE_OTHER);
    DEC(0xe1020051, "qadd r0, r1, r2", i->cls == A8PIPE_OTHER);
    DEC(0xe1910f9f, "ldrex r0, [r1]", i->cls == A8PIPE_OTHER);
    DEC(0xe320f000, "nop", i->cls == A8PIPE_OTHER);
    DEC(0xf5d0f000, "pld [r0]", i->cls == A8PIPE_OTHER);
    DEC(0xf57ff05f, "dmb sy", i->cls == A8PIPE_OTHER);

    /* undefined: not understood */
    a8pipe_insn u;
    CHECK(!a8pipe_decode_arm(0xe7f000f0, &u), "udf #0 is undefined");
    CHECK(!a8pipe_decode_arm(0xe0500091, &u),
          "multiply op 0101 is unallocated");
    CHECK(!a8pipe_decode_arm(0xff000000, &u),
          "unconditional 1111 group is unallocated");
}

/* An OTHER instruction issues alone: nothing pairs with it on either
 * side (the model's rule for what it does not know; the ADD pairs again
 * after it). */
static void test_other_alone(void)
{
    static const uint32_t o[] = {
        0xe0821003,     /* add r1, r2, r3 */
        0xee110f10,     /* mrc p15, 0, r0, c1, c0, 0 */
        0xe0854006,     /* add r4, r5, r6 */
        0xe0810002,     /* add r0, r1, r2 */
    };
    SEQ("OTHER issues alone", o, 1, 2, 3, 3, 3);
}

/* ---- results in flight across blocks ---------------------------------- */

/*
 * @n encodings cut into blocks at the bits of @cuts (bit k: a block ends
 * before instruction k), run one after the other through
 * a8pipe_block_edges and a8pipe_carry_enter: the cycles of them all with
 * the waits.
 */
static uint32_t split_cycles(const uint32_t *enc, unsigned n, uint32_t cuts)
{
    uint64_t carry = 0;
    uint32_t total = 0;
    unsigned k = 0;

    while (k < n) {
        a8pipe_block b;
        uint64_t need, out, limit;
        uint16_t written;

        a8pipe_block_start(&b);
        do {
            a8pipe_insn i = dec(enc[k]);
            a8pipe_block_issue(&b, &i);
            k++;
        } while (k < n && !(cuts >> k & 1));
        a8pipe_block_edges(&b, &need, &out, &written, &limit);
        total += a8pipe_carry_enter(&carry, need, out, written,
                                    a8pipe_block_cycles(&b));
        total += a8pipe_block_cycles(&b);
    }
    return total;
}

static uint32_t one_block(const uint32_t *enc, unsigned n)
{
    return split_cycles(enc, n, 0);
}

/*
 * A dependent chain takes the same cycles cut anywhere (its waits are
 * all carried); any sequence cut anywhere takes at least what it takes in
 * one block (pairs are not made across a cut, and a wait moves the whole
 * block), and at most one cycle an instruction more than that.
 */
#define CUTS_EQUAL(what, enc, want) \
    check_cuts(__LINE__, what, enc, N(enc), want, 1)
#define CUTS_AT_LEAST(what, enc, want) \
    check_cuts(__LINE__, what, enc, N(enc), want, 0)

static void check_cuts(int line, const char *what, const uint32_t *enc,
                       unsigned n, uint32_t want, int equal)
{
    uint32_t one = one_block(enc, n);
    int ok = !want || one == want;
    uint32_t bad = 0, badc = 0;

    for (uint32_t cuts = 2; cuts < (1u << n); cuts += 2) {
        uint32_t c = split_cycles(enc, n, cuts);

        if (equal ? c != one : (c < one || c > one + n)) {
            ok = 0;
            bad = cuts;
            badc = c;
            break;
        }
    }
    check_line(ok, line, "%s: one block %u cycles (want %u, 0: any); every "
               "cut %s%s (cuts 0x%x: %u)", what, (unsigned)one, (unsigned)want,
               equal ? "the same" : "no fewer",
               bad ? ", not so" : "", (unsigned)bad, (unsigned)badc);
}

static void test_carry(void)
{
    /* the mul chain of tests/guest/test_pipeline.py: 1 + 2 + 6 x 3 + ... */
    static const uint32_t mc[] = {
        0xe3a01003,     /* mov r1, #3 */
        0xe0000190,     /* mul r0, r0, r1 */
        0xe0000190,     /* mul r0, r0, r1 */
        0xe0000190,     /* mul r0, r0, r1 */
        0xe0000190,     /* mul r0, r0, r1 */
    };
    /* MOV 1, MULs at 2, 8, 14, 20 (T16-4: r0 at E5 of the last cycle,
     * needed at E1): 21 */
    CUTS_EQUAL("T16-4 a multiply chain, cut anywhere", mc, 21);

    /* a result carried through a block that does not touch it: MUL 1-2,
     * the ADD pairs with its last cycle, the MLA's multiplicand r0 at E1
     * in cycle 7 (as "T16-4 product as a multiplicand") */
    static const uint32_t through[] = {
        0xe0000291,     /* mul r0, r1, r2 */
        0xe0854006,     /* add r4, r5, r6 */
        0xe0247690,     /* mla r4, r0, r6, r7 */
    };
    CUTS_AT_LEAST("a multiply's result through a block", through, 8);
    uint64_t need, out, limit;
    uint16_t written;
    a8pipe_block b;
    a8pipe_insn i;

    /* the same cut after each instruction: 2 + 1 (the ADD alone) + a wait
     * of 6 - 1 - 2 = 3 + 2 */
    CHECK(split_cycles(through, 3, 0x6) == 8,
          "the multiply's result carried over a one-cycle block: 8 cycles "
          "(got %u)", (unsigned)split_cycles(through, 3, 0x6));

    /* the edges of one block: MUL r0,r1,r2 alone */
    a8pipe_block_start(&b);
    i = dec(0xe0000291);        /* mul r0, r1, r2 */
    a8pipe_block_issue(&b, &i);
    a8pipe_block_edges(&b, &need, &out, &written, &limit);
    CHECK(written == 1u && A8PIPE_NIBBLE(out, 0) == 6 &&
          A8PIPE_NIBBLE(need, 1) == 2 && A8PIPE_NIBBLE(need, 2) == 2 &&
          A8PIPE_NIBBLE(need, 0) == 15 && A8PIPE_NIBBLE(need, 15) == 15,
          "MUL r0,r1,r2 alone: writes r0, in flight 6 cycles after its "
          "end; reads r1, r2 at 1 + E1; nothing else (written 0x%x, out "
          "0x%llx, need 0x%llx)", (unsigned)written,
          (unsigned long long)out, (unsigned long long)need);
    /* entered with that in flight, a block that reads r0 at 1 + E2 waits
     * 6 - 3 = 3; after its one cycle r0 is ready by 2, which a read at E1
     * in cycle 1 does not wait for, but one in cycle 0 would (the first
     * instruction of a block paired with the last before: 0 + E1 = 1):
     * still in flight; after one more cycle, nothing */
    uint64_t c1 = out, c2 = out;
    uint32_t w1 = a8pipe_carry_enter(&c1, 0xfffffffffffffff3ull, 0, 0, 1);
    uint32_t w2 = a8pipe_carry_enter(&c2, ~0ull, 0, 0, 2);
    CHECK(w1 == 3 && c1 == 2,
          "a use at E2 in cycle 1 waits 3 cycles for it, then 2 is left in "
          "flight (wait %u, carry 0x%llx)", (unsigned)w1,
          (unsigned long long)c1);
    a8pipe_carry_advance(&c1, 1);
    CHECK_EQ(c1, 0);
    CHECK(w2 == 0 && c2 == 4,
          "a two-cycle block that does not read it: no wait, 4 cycles "
          "left in flight (wait %u, carry 0x%llx)", (unsigned)w2,
          (unsigned long long)c2);

    /* the flags: SUBS sets them at E2 (T16-15's flags row), a
     * conditional ADD in the next block reads them; cut or not, the same */
    static const uint32_t fl[] = {
        0xe2500001,     /* subs r0, r0, #1 */
        0x12811001,     /* addne r1, r1, #1 */
        0xe0000291,     /* mul r0, r1, r2 */
        0x10844000,     /* addne r4, r4, r0 */
    };
    CUTS_AT_LEAST("flags and a product across cuts", fl, 0);
}

/* ---- pairs across a block's end ---------------------------------------- */

/*
 * As split_cycles, with the run-time test of a pair across each cut (the
 * machine's, qemu-n9/hw/n9/timing/n9_pipeline.c): the block before left
 * its last cycle open (a8pipe_block_tail), the first instruction does not
 * conflict with it (a8pipe_pair_head), the paired schedule is no longer
 * (it may gain nothing in this block but leave its last cycle open for
 * the next) and starts without a wait for results in flight.  @pairs:
 * how many.
 */
static uint32_t split_paired(const uint32_t *enc, unsigned n, uint32_t cuts,
                             unsigned *pairs)
{
    uint64_t carry = 0, tail = 0;
    uint32_t total = 0;
    unsigned k = 0;

    *pairs = 0;
    while (k < n) {
        a8pipe_block b, alt;
        uint64_t need, out, limit, need2, out2, limit2, c;
        uint16_t written, written2;
        uint32_t head = 0, cycles2;

        a8pipe_block_start(&b);
        a8pipe_block_start_paired(&alt);
        do {
            a8pipe_insn i = dec(enc[k]);

            a8pipe_block_issue(&b, &i);
            if (k == 0 || (cuts >> k & 1)) {
                head = a8pipe_pair_head(&i);
            }
            if (head) {
                a8pipe_block_issue(&alt, &i);
            }
            k++;
        } while (k < n && !(cuts >> k & 1));
        a8pipe_block_edges(&b, &need, &out, &written, &limit);
        a8pipe_pair_edges(&alt, &need2, &out2, &written2, &limit2, &cycles2);
        c = carry;
        if (head && cycles2 <= a8pipe_block_cycles(&b) &&
            (tail & head) == A8PIPE_TAIL_OPEN &&
            !a8pipe_carry_enter(&c, need2, out2, written2, cycles2)) {
            carry = c;
            total += cycles2;
            tail = a8pipe_block_tail(&alt);
            ++*pairs;
            continue;
        }
        total += a8pipe_carry_enter(&carry, need, out, written,
                                    a8pipe_block_cycles(&b));
        total += a8pipe_block_cycles(&b);
        tail = a8pipe_block_tail(&b);
    }
    return total;
}

static void test_pair_across(void)
{
    /* E16-6 as QEMU runs it: a block ends at each branch (BX, LDRLS pc,
     * B, LDR pc), and the TRM pairs each with the first instruction at
     * its target: 13 cycles, as in one block */
    static const uint32_t ex[] = {
        0xe12fff1e, 0xe3500000, 0xe3a03003, 0xe3a00000, 0x05813000,
        0xe3520004, 0x979ff102, 0xe3a00001, 0xea000000, 0xe5810000,
        0xe49df004, 0xe284200c, 0xe5960004, 0xe3a0100a, 0xe5900000,
        0xe5840000,
    };
    const uint32_t at_branches = 1u << 1 | 1u << 7 | 1u << 9 | 1u << 11;
    unsigned pairs;
    uint32_t with = split_paired(ex, N(ex), at_branches, &pairs);
    uint32_t without = split_cycles(ex, N(ex), at_branches);

    CHECK(with == 13 && pairs == 4 && without == 15,
          "E16-6 cut at its four branches: %u cycles with %u pairs across "
          "(want 13, the TRM's, and 4), %u without (want 15)",
          (unsigned)with, pairs, (unsigned)without);

    /* tests/guest/test_pipeline.py's br_target: rounds of ADD r0; ADD
     * r1; B; ADD r2; ADD r3; B, a block ending at each B: 3 cycles a
     * round, 4 without pairs across */
    static const uint32_t round[] = {
        0xe2800001, 0xe2811001, 0xeaffffff,     /* add r0; add r1; b */
        0xe2822001, 0xe2833001, 0xeaffffff,     /* add r2; add r3; b */
    };
    uint32_t bt[24], bt_cuts = 0;
    for (unsigned k = 0; k < N(bt); k++) {
        bt[k] = round[k % N(round)];
        bt_cuts |= (k % 3 == 0 ? 1u : 0u) << k;
    }
    uint32_t r1 = split_paired(bt, 6, bt_cuts, &pairs);
    uint32_t r4 = split_paired(bt, N(bt), bt_cuts, &pairs);
    uint32_t r4_without = split_cycles(bt, N(bt), bt_cuts);
    CHECK(r1 == 3 && r4 == 12 && pairs == 4 && r4_without == 16,
          "ADD; ADD; B; ADD; ADD; B, a block at each B: %u cycles a round, "
          "%u for four rounds with %u pairs across (want 3, 12, 4), %u "
          "without pairs (want 16)", (unsigned)r1, (unsigned)r4, pairs,
          (unsigned)r4_without);

    /* cut anywhere, the same 13: every cut falls between two instructions
     * the TRM issues in separate cycles or pairs */
    uint32_t bad = 0, badc = 0;
    for (uint32_t cuts = 2; cuts < (1u << N(ex)); cuts += 2) {
        uint32_t c = split_paired(ex, N(ex), cuts, &pairs);

        if (c != 13) {
            bad = cuts;
            badc = c;
            break;
        }
    }
    CHECK(!bad, "E16-6 cut anywhere, with pairs across: 13 cycles (cuts "
          "0x%x: %u)", (unsigned)bad, (unsigned)badc);

    /* no pair where the rules forbid one: an ALU result at E2 is not
     * ready for its user in the same cycle (a wait, then alone), but a
     * store takes it as data at E3 (paired, as in one block) */
    static const uint32_t dep[] = {
        0xe0810002,     /* add r0, r1, r2 */
        0xe0830005,     /* add r0, r3, r5   the same destination */
    };
    static const uint32_t use[] = {
        0xe0810002,     /* add r0, r1, r2 */
        0xe0803005,     /* add r3, r0, r5 */
    };
    static const uint32_t st[] = {
        0xe0810002,     /* add r0, r1, r2 */
        0xe5840000,     /* str r0, [r4] */
    };
    static const uint32_t ind[] = {
        0xe0810002,     /* add r0, r1, r2 */
        0xe0843005,     /* add r3, r4, r5 */
    };
    static const uint32_t two_ls[] = {
        0xe5910000,     /* ldr r0, [r1] */
        0xe5843000,     /* str r3, [r4] */
    };
    struct { const char *what; const uint32_t *enc; uint32_t one, paired; }
    pc[] = {
        { "the same destination", dep, 2, 0 },
        { "a result used at E2", use, 2, 0 },
        { "a result stored as data", st, 1, 1 },
        { "independent ALU", ind, 1, 1 },
        { "two loads/stores", two_ls, 2, 0 },
    };
    for (unsigned t = 0; t < N(pc); t++) {
        uint32_t one = one_block(pc[t].enc, 2);
        uint32_t cut = split_paired(pc[t].enc, 2, 2, &pairs);

        CHECK(one == pc[t].one && cut == one && pairs == pc[t].paired,
              "%s: %u cycles in one block, %u cut between them with %u "
              "pairs (want %u, the same, %u)", pc[t].what, (unsigned)one,
              (unsigned)cut, pairs, (unsigned)pc[t].one,
              (unsigned)pc[t].paired);
    }

    /* a result ready two cycles after the block before's end: a read at
     * E1 in cycle 1 does not wait for it, the same read paired into
     * cycle 0 would (A8PIPE_MIN_NEED): alone, 3 cycles as in one block */
    static const uint32_t e1[] = {
        0xe0810002,     /* 1 add r0, r1, r2 */
        0xe5965000,     /* 1 ldr r5, [r6]  paired */
        0xe5987000,     /* 2 ldr r7, [r8] */
        0xe1a03100,     /* 3 mov r3, r0, lsl #2  r0 at E1 */
    };
    uint32_t e1c = split_paired(e1, N(e1), 1u << 3, &pairs);
    CHECK(one_block(e1, N(e1)) == 3 && e1c == 3 && pairs == 0,
          "a shift of a result ready 2 cycles after the cut: %u cycles, %u "
          "pairs (want 3, 0)", (unsigned)e1c, pairs);

    /* random sequences cut anywhere: never fewer cycles than in one
     * block, never more than cut without pairs */
    static const uint32_t pool[] = {
        0xe0000291, 0xe0854006, 0xe2500001, 0x12811001, 0xe5912004,
        0xe1a03102, 0xe0e10392, 0xe5843000, 0xe8bd4010, 0xe0247691,
        0xe12fff1e, 0xe3a00001, 0xe5810000, 0xe49df004,
    };
    uint32_t seed = 4242, enc[8];
    unsigned made = 0, worse = 0, lost = 0;

    for (int t = 0; t < 5000; t++) {
        seed = seed * 1103515245u + 12345u;
        unsigned len = 2 + (seed >> 16) % 7;
        for (unsigned k = 0; k < len; k++) {
            seed = seed * 1103515245u + 12345u;
            enc[k] = pool[(seed >> 16) % N(pool)];
        }
        seed = seed * 1103515245u + 12345u;
        uint32_t cuts = (seed >> 8) & ((1u << len) - 2);
        uint32_t one = one_block(enc, len);
        uint32_t with = split_paired(enc, len, cuts, &pairs);
        uint32_t without = split_cycles(enc, len, cuts);

        made += pairs;
        worse += with < one;
        lost += with > without;
    }
    CHECK(!worse && !lost && made > 1000,
          "random sequences cut anywhere: %u faster than one block, %u "
          "slower than without pairs (want 0, 0); %u pairs made",
          worse, lost, made);
}

/*
 * The fast test (a8pipe_carry_passes) holds exactly when the call would
 * give no wait and leave just the block's own out: on random carries and
 * blocks of random instructions
 */
static void test_carry_passes(void)
{
    static const uint32_t pool[] = {
        0xe0000291,     /* mul r0, r1, r2 */
        0xe0854006,     /* add r4, r5, r6 */
        0xe2500001,     /* subs r0, r0, #1 */
        0x12811001,     /* addne r1, r1, #1 */
        0xe5912004,     /* ldr r2, [r1, #4] */
        0xe1a03102,     /* mov r3, r2, lsl #2 */
        0xe0e10392,     /* smlal r0, r1, r2, r3 */
        0xe5843000,     /* str r3, [r4] */
        0xe8bd4010,     /* pop {r4, lr} */
        0xe0247691,     /* mla r4, r1, r6, r7 */
    };
    uint32_t seed = 12345, agree = 0, passed = 0, total = 0;
    uint32_t nowait_agree = 0;
    int ok = 1;

    for (int t = 0; t < 20000; t++) {
        a8pipe_block b;
        uint64_t need, out, limit, carry = 0, c2;
        uint16_t written;
        unsigned n;

        seed = seed * 1103515245u + 12345u;
        n = 1 + (seed >> 16) % 4;
        a8pipe_block_start(&b);
        for (unsigned k = 0; k < n; k++) {
            seed = seed * 1103515245u + 12345u;
            a8pipe_insn i = dec(pool[(seed >> 16) % N(pool)]);
            a8pipe_block_issue(&b, &i);
        }
        a8pipe_block_edges(&b, &need, &out, &written, &limit);
        for (unsigned r = 0; r < 16; r++) {
            seed = seed * 1103515245u + 12345u;
            uint32_t v = (seed >> 16) % 16;     /* 0 most often */
            carry |= (uint64_t)(v > A8PIPE_MAX_CARRY ? 0 : v) << (4 * r);
        }
        c2 = carry;
        uint32_t wait = a8pipe_carry_enter(&c2, need, out, written,
                                           a8pipe_block_cycles(&b));
        bool exact = wait == 0 && c2 == out;
        bool fast = a8pipe_carry_passes(carry, limit);

        nowait_agree += a8pipe_carry_passes(carry, a8pipe_need_limit(need)) ==
                        (wait == 0);

        total++;
        passed += fast;
        agree += fast == exact;
        if (fast != exact) {
            ok = 0;
        }
    }
    CHECK(ok, "a8pipe_carry_passes holds exactly when a8pipe_carry_enter "
          "would wait 0 and leave the block's out: %u of %u agree (%u "
          "passed)", (unsigned)agree, (unsigned)total, (unsigned)passed);
    CHECK(nowait_agree == total, "a8pipe_need_limit's test holds exactly "
          "when a8pipe_carry_enter would not wait: %u of %u agree",
          (unsigned)nowait_agree, (unsigned)total);
    CHECK(passed > total / 10 && passed < total,
          "the random cases pass and fail both (%u of %u pass)",
          (unsigned)passed, (unsigned)total);
}

/* ---- Thumb: each encoding costs as the ARM one for the same line ---- */

/*
 * Each line assembled twice by GNU as (arm-linux-gnueabihf-as
 * -march=armv7-a, .syntax unified; -mthumb, and ARM without the .w
 * suffixes): Thumb's encoding (a 32-bit one with its first halfword in
 * bits 31:16), then ARM's.  a8pipe_decode_thumb must give the descriptor
 * a8pipe_decode_arm gives for the ARM one.
 */
static const struct {
    uint32_t thumb, arm;
    const char *text;
} thumb_pairs[] = {
    { 0x000000d1, 0xe1b01182, "lsls r1, r2, #3" },
    { 0x00000951, 0xe1b012a2, "lsrs r1, r2, #5" },
    { 0x000011d1, 0xe1b013c2, "asrs r1, r2, #7" },
    { 0x00001888, 0xe0910002, "adds r0, r1, r2" },
    { 0x00001a88, 0xe0510002, "subs r0, r1, r2" },
    { 0x00001cc8, 0xe2910003, "adds r0, r1, #3" },
    { 0x00001ec8, 0xe2510003, "subs r0, r1, #3" },
    { 0x000023c8, 0xe3b030c8, "movs r3, #200" },
    { 0x00002b0a, 0xe353000a, "cmp r3, #10" },
    { 0x0000330a, 0xe293300a, "adds r3, #10" },
    { 0x00003b0a, 0xe253300a, "subs r3, #10" },
    { 0x00004008, 0xe0100001, "ands r0, r1" },
    { 0x00004048, 0xe0300001, "eors r0, r1" },
    { 0x00004088, 0xe1b00110, "lsls r0, r1" },
    { 0x000040c8, 0xe1b00130, "lsrs r0, r1" },
    { 0x00004108, 0xe1b00150, "asrs r0, r1" },
    { 0x00004148, 0xe0b00001, "adcs r0, r1" },
    { 0x00004188, 0xe0d00001, "sbcs r0, r1" },
    { 0x000041c8, 0xe1b00170, "rors r0, r1" },
    { 0x00004208, 0xe1100001, "tst r0, r1" },
    { 0x00004248, 0xe2710000, "rsbs r0, r1, #0" },
    { 0x00004288, 0xe1500001, "cmp r0, r1" },
    { 0x000042c8, 0xe1700001, "cmn r0, r1" },
    { 0x00004308, 0xe1900001, "orrs r0, r1" },
    { 0x00004348, 0xe0100091, "muls r0, r1, r0" },
    { 0x00004388, 0xe1d00001, "bics r0, r1" },
    { 0x000043c8, 0xe1f00001, "mvns r0, r1" },
    { 0x00004488, 0xe0888001, "add r8, r1" },
    { 0x00004588, 0xe1580001, "cmp r8, r1" },
    { 0x00004688, 0xe1a08001, "mov r8, r1" },
    { 0x00004641, 0xe1a01008, "mov r1, r8" },
    { 0x00004770, 0xe12fff1e, "bx lr" },
    { 0x00004798, 0xe12fff33, "blx r3" },
    { 0x00005888, 0xe7910002, "ldr r0, [r1, r2]" },
    { 0x00005088, 0xe7810002, "str r0, [r1, r2]" },
    { 0x00005288, 0xe18100b2, "strh r0, [r1, r2]" },
    { 0x00005488, 0xe7c10002, "strb r0, [r1, r2]" },
    { 0x00005688, 0xe19100d2, "ldrsb r0, [r1, r2]" },
    { 0x00005a88, 0xe19100b2, "ldrh r0, [r1, r2]" },
    { 0x00005c88, 0xe7d10002, "ldrb r0, [r1, r2]" },
    { 0x00005e88, 0xe19100f2, "ldrsh r0, [r1, r2]" },
    { 0x00006848, 0xe5910004, "ldr r0, [r1, #4]" },
    { 0x00006048, 0xe5810004, "str r0, [r1, #4]" },
    { 0x00007908, 0xe5d10004, "ldrb r0, [r1, #4]" },
    { 0x00007108, 0xe5c10004, "strb r0, [r1, #4]" },
    { 0x00008888, 0xe1d100b4, "ldrh r0, [r1, #4]" },
    { 0x00008088, 0xe1c100b4, "strh r0, [r1, #4]" },
    { 0x00009801, 0xe59d0004, "ldr r0, [sp, #4]" },
    { 0x00009001, 0xe58d0004, "str r0, [sp, #4]" },
    { 0x0000a801, 0xe28d0004, "add r0, sp, #4" },
    { 0x0000b002, 0xe28dd008, "add sp, sp, #8" },
    { 0x0000b082, 0xe24dd008, "sub sp, sp, #8" },
    { 0x0000b208, 0xe6bf0071, "sxth r0, r1" },
    { 0x0000b248, 0xe6af0071, "sxtb r0, r1" },
    { 0x0000b288, 0xe6ff0071, "uxth r0, r1" },
    { 0x0000b2c8, 0xe6ef0071, "uxtb r0, r1" },
    { 0x0000b530, 0xe92d4030, "push {r4, r5, lr}" },
    { 0x0000bd30, 0xe8bd8030, "pop {r4, r5, pc}" },
    { 0x0000c10c, 0xe8a1000c, "stmia r1!, {r2, r3}" },
    { 0x0000c90c, 0xe8b1000c, "ldmia r1!, {r2, r3}" },
    { 0x0000c90a, 0xe891000a, "ldmia r1, {r1, r3}" },
    { 0xf8d10004, 0xe5910004, "ldr.w r0, [r1, #4]" },
    { 0xf8510c04, 0xe5110004, "ldr.w r0, [r1, #-4]" },
    { 0xf8510b04, 0xe4910004, "ldr.w r0, [r1], #4" },
    { 0xf8510f04, 0xe5b10004, "ldr.w r0, [r1, #4]!" },
    { 0xf8510022, 0xe7910102, "ldr.w r0, [r1, r2, lsl #2]" },
    { 0xf8510002, 0xe7910002, "ldr.w r0, [r1, r2]" },
    { 0xf8c10004, 0xe5810004, "str.w r0, [r1, #4]" },
    { 0xf8410d04, 0xe5210004, "str.w r0, [r1, #-4]!" },
    { 0xf8410022, 0xe7810102, "str.w r0, [r1, r2, lsl #2]" },
    { 0xf8910004, 0xe5d10004, "ldrb.w r0, [r1, #4]" },
    { 0xf9910004, 0xe1d100d4, "ldrsb.w r0, [r1, #4]" },
    { 0xf8b10004, 0xe1d100b4, "ldrh.w r0, [r1, #4]" },
    { 0xf9b10004, 0xe1d100f4, "ldrsh.w r0, [r1, #4]" },
    { 0xf8310002, 0xe19100b2, "ldrh.w r0, [r1, r2]" },
    { 0xf8a10004, 0xe1c100b4, "strh.w r0, [r1, #4]" },
    { 0xf8810004, 0xe5c10004, "strb.w r0, [r1, #4]" },
    { 0xe9d20102, 0xe1c200d8, "ldrd r0, r1, [r2, #8]" },
    { 0xe9c20102, 0xe1c200f8, "strd r0, r1, [r2, #8]" },
    { 0xe8f42302, 0xe0c420d8, "ldrd r2, r3, [r4], #8" },
    { 0xeb010002, 0xe0810002, "add.w r0, r1, r2" },
    { 0xeb0100c2, 0xe0810182, "add.w r0, r1, r2, lsl #3" },
    { 0xeb1100d2, 0xe09101a2, "adds.w r0, r1, r2, lsr #3" },
    { 0xeba100a2, 0xe0410142, "sub.w r0, r1, r2, asr #2" },
    { 0xea411032, 0xe1810262, "orr.w r0, r1, r2, ror #4" },
    { 0xea010002, 0xe0010002, "and.w r0, r1, r2" },
    { 0xea810002, 0xe0210002, "eor.w r0, r1, r2" },
    { 0xea210002, 0xe1c10002, "bic.w r0, r1, r2" },
    { 0xebc10002, 0xe0610002, "rsb.w r0, r1, r2" },
    { 0xeb410002, 0xe0a10002, "adc.w r0, r1, r2" },
    { 0xeb610002, 0xe0c10002, "sbc.w r0, r1, r2" },
    { 0xea4f1001, 0xe1a00201, "mov.w r0, r1, lsl #4" },
    { 0xea6f0001, 0xe1e00001, "mvn.w r0, r1" },
    { 0xebb00f81, 0xe1500101, "cmp.w r0, r1, lsl #2" },
    { 0xea100f01, 0xe1100001, "tst.w r0, r1" },
    { 0xea900f01, 0xe1300001, "teq.w r0, r1" },
    { 0xeb100f01, 0xe1700001, "cmn.w r0, r1" },
    { 0xf5017080, 0xe2810c01, "add.w r0, r1, #256" },
    { 0xf5117080, 0xe2910c01, "adds.w r0, r1, #256" },
    { 0xf5a17080, 0xe2410c01, "sub.w r0, r1, #256" },
    { 0xf00100ff, 0xe20100ff, "and.w r0, r1, #255" },
    { 0xf04100ff, 0xe38100ff, "orr.w r0, r1, #255" },
    { 0xf44f7080, 0xe3a00c01, "mov.w r0, #256" },
    { 0xf46f7080, 0xe3e00c01, "mvn.w r0, #256" },
    { 0xf5b07f80, 0xe3500c01, "cmp.w r0, #256" },
    { 0xf4107f80, 0xe3100c01, "tst.w r0, #256" },
    { 0xf2412034, 0xe3010234, "movw r0, #4660" },
    { 0xf2c12034, 0xe3410234, "movt r0, #4660" },
    { 0xfa01f002, 0xe1a00211, "lsl.w r0, r1, r2" },
    { 0xfa21f002, 0xe1a00231, "lsr.w r0, r1, r2" },
    { 0xfa51f002, 0xe1b00251, "asrs.w r0, r1, r2" },
    { 0xfa61f002, 0xe1a00271, "ror.w r0, r1, r2" },
    { 0xfa0ff081, 0xe6bf0071, "sxth.w r0, r1" },
    { 0xfa5ff081, 0xe6ef0071, "uxtb.w r0, r1" },
    { 0xfa41f082, 0xe6a10072, "sxtab r0, r1, r2" },
    { 0xfab1f081, 0xe16f0f11, "clz r0, r1" },
    { 0xfb01f002, 0xe0000291, "mul r0, r1, r2" },
    { 0xfb013002, 0xe0203291, "mla r0, r1, r2, r3" },
    { 0xfb013012, 0xe0603291, "mls r0, r1, r2, r3" },
    { 0xfba20103, 0xe0810392, "umull r0, r1, r2, r3" },
    { 0xfb820103, 0xe0c10392, "smull r0, r1, r2, r3" },
    { 0xfbe20103, 0xe0a10392, "umlal r0, r1, r2, r3" },
    { 0xfbc20103, 0xe0e10392, "smlal r0, r1, r2, r3" },
    { 0xe92d4070, 0xe92d4070, "push.w {r4, r5, r6, lr}" },
    { 0xe8bd8070, 0xe8bd8070, "pop.w {r4, r5, r6, pc}" },
    { 0xe9200006, 0xe9200006, "stmdb r0!, {r1, r2}" },
    { 0xe8b00006, 0xe8b00006, "ldmia.w r0!, {r1, r2}" },
    { 0xf7fffffe, 0xebfffffe, "bl 0" },
};

/* ISB flushes the pipeline: its cycle and the flush (A8PIPE_FLUSH, the
 * TRM's 16.4.1 13 cycles [ours]); DSB and DMB are one cycle */
/* a flush lets results in flight come nearer by its cycles */
static void test_carry_advance(void)
{
    uint64_t c = 7ull << (4 * 3) | 5ull << (4 * 15) | 3ull << 4;

    a8pipe_carry_advance(&c, 2);
    CHECK(c == (5ull << (4 * 3) | 3ull << (4 * 15)),
          "7, 5, 3 less 2 cycles: 0x%016llx (5, 3, and 1 dropped)",
          (unsigned long long)c);
    a8pipe_carry_advance(&c, 13);
    CHECK_EQ(c, 0);
}

/*
 * An I/O access's stall lets what was in flight before it complete, but
 * for its own results (a8pipe_carry_settle, a8pipe_insn_writes): QEMU runs
 * an I/O instruction in the middle of a block again alone, after the
 * block's first instructions, whose results in flight are then dropped;
 * with one instruction per block they cross the I/O block.  The two must
 * cost the same.
 */
static uint32_t io_run(const uint32_t *enc, unsigned n, unsigned io,
                       uint32_t stall, bool one_per_block, bool settle)
{
    uint64_t carry = 0;
    uint32_t total = 0;
    unsigned k = 0;

    while (k < n) {
        a8pipe_block b;
        a8pipe_insn i;
        uint64_t need, out, limit;
        uint16_t written;
        unsigned end = one_per_block || k == io ? k + 1 : k < io ? io : n;

        a8pipe_block_start(&b);
        for (; k < end; k++) {
            i = dec(enc[k]);
            a8pipe_block_issue(&b, &i);
        }
        a8pipe_block_edges(&b, &need, &out, &written, &limit);
        total += a8pipe_carry_enter(&carry, need, out, written,
                                    a8pipe_block_cycles(&b));
        total += a8pipe_block_cycles(&b);
        if (!one_per_block && end == io) {
            carry = 0;          /* the unwind before the I/O rerun */
        }
        if (end == io + 1) {
            total += stall;
            if (settle) {
                a8pipe_carry_settle(&carry, a8pipe_insn_writes(&i), stall);
            }
        }
    }
    return total;
}

static void test_carry_settle(void)
{
    a8pipe_insn i;
    uint64_t c = 6ull | 2ull << (4 * 3) | 3ull << (4 * 15);

    /* MUL's r0 6 cycles away, a load's r3 2, the flags 3; a stall of 2
     * at the load: r0 at 4, the flags gone (1 holds up no read), r3 its */
    a8pipe_carry_settle(&c, 1u << 3, 2);
    CHECK(c == (4ull | 2ull << (4 * 3)),
          "a stall of 2 at the load of r3: 0x%016llx (r0 4, r3 2)",
          (unsigned long long)c);
    a8pipe_carry_settle(&c, 1u << 3, 650);
    CHECK(c == 2ull << (4 * 3),
          "a stall of 650: only the load's own r3 left, 0x%016llx",
          (unsigned long long)c);
    a8pipe_carry_settle(&c, 0, 650);
    CHECK_EQ(c, 0);

    i = dec(0xe5943000);        /* ldr r3, [r4] */
    CHECK_EQ(a8pipe_insn_writes(&i), 1u << 3);
    i = dec(0xe4943004);        /* ldr r3, [r4], #4 */
    CHECK_EQ(a8pipe_insn_writes(&i), 1u << 3 | 1u << 4);
    i = dec(0xe8b48003);        /* ldm r4!, {r0, r1, pc}: not the PC */
    CHECK_EQ(a8pipe_insn_writes(&i), 1u << 0 | 1u << 1 | 1u << 4);
    i = dec(0xe2500001);        /* subs r0, r0, #1 */
    CHECK_EQ(a8pipe_insn_writes(&i), 1u << 0 | 1u << A8PIPE_FLAGS_SLOT);
    i = dec(0xe5843000);        /* str r3, [r4] */
    CHECK_EQ(a8pipe_insn_writes(&i), 0);

    /* MUL r0; LDR r3 from a device (650 cycles); ADD of the product:
     * MUL 2 + LDR 1 + 650 + ADD 1, cut as QEMU cuts or one a block */
    static const uint32_t mla[] = {
        0xe0000291,     /* mul r0, r1, r2 */
        0xe5943000,     /* ldr r3, [r4] */
        0xe2805001,     /* add r5, r0, #1 */
    };
    uint32_t cut = io_run(mla, 3, 1, 650, false, true);
    uint32_t one = io_run(mla, 3, 1, 650, true, true);
    uint32_t old = io_run(mla, 3, 1, 650, true, false);
    CHECK(cut == 654 && one == 654 && old == 656,
          "MUL, an I/O LDR, ADD of the product: %u cycles cut at the I/O "
          "access, %u one a block (654: the product ready after the stall; "
          "%u one a block before, the ADD waiting for it)",
          (unsigned)cut, (unsigned)one, (unsigned)old);
    /* the load's own result: an ADD of it waits its load-use cycles
     * after the stall either way */
    static const uint32_t use[] = {
        0xe0000291,     /* mul r0, r1, r2 */
        0xe5943000,     /* ldr r3, [r4] */
        0xe2835001,     /* add r5, r3, #1 */
    };
    cut = io_run(use, 3, 1, 650, false, true);
    one = io_run(use, 3, 1, 650, true, true);
    CHECK(cut == 655 && one == 655,
          "MUL, an I/O LDR r3, ADD of r3: %u cycles cut, %u one a block "
          "(655: the loaded r3 at E3, the ADD's source at E2, one cycle "
          "more after the stall)", (unsigned)cut, (unsigned)one);
}

static void test_barriers(void)
{
    a8pipe_insn i = { 0 };      /* the messages read it, in any order */

    CHECK(a8pipe_decode_arm(0xf57ff06f, &i) && i.cls == A8PIPE_OTHER &&
          i.cycles == 1 + A8PIPE_FLUSH, "isb sy: class %u, %u cycles",
          i.cls, i.cycles);
    CHECK(a8pipe_decode_thumb(0xf3bf8f6f, &i) && i.cls == A8PIPE_OTHER &&
          i.cycles == 1 + A8PIPE_FLUSH, "isb sy (T32): class %u, %u cycles",
          i.cls, i.cycles);
    CHECK(a8pipe_decode_arm(0xee070f95, &i) && i.cls == A8PIPE_OTHER &&
          i.cycles == 1 + A8PIPE_FLUSH,
          "mcr p15, 0, r0, c7, c5, 4 (CP15ISB): %u cycles", i.cycles);
    CHECK(a8pipe_decode_thumb(0xee073f95, &i) && i.cycles == 1 + A8PIPE_FLUSH,
          "mcr p15, 0, r3, c7, c5, 4 (T32): %u cycles", i.cycles);
    CHECK(a8pipe_decode_arm(0xf57ff06f, &i) && i.flush &&
          a8pipe_decode_arm(0xee070f95, &i) && i.flush &&
          a8pipe_decode_arm(0xe2800001, &i) && !i.flush,
          "ISB and CP15ISB marked as flushes, ADD not");
    CHECK(a8pipe_decode_arm(0xee070f9a, &i) && i.cycles == 1,
          "mcr p15, 0, r0, c7, c10, 4 (CP15DSB): %u cycles", i.cycles);
    CHECK(a8pipe_decode_arm(0xf57ff04f, &i) && i.cycles == 1,
          "dsb sy: %u cycles", i.cycles);
    CHECK(a8pipe_decode_thumb(0xf3bf8f5f, &i) && i.cycles == 1,
          "dmb sy (T32): %u cycles", i.cycles);
}

/* cp15 writes that change the context flush the pipeline (TRM 5.6.1);
 * which ones: docs/cortex-a8-timing.md, "cp15 writes" */
static void test_cp15_context(void)
{
    static const struct {
        uint32_t a32, t32;      /* A32 and T32 (0: as A32) encodings */
        bool flush;
        const char *what;
    } t[] = {
        { 0xee010f10, 0, true, "mcr p15, 0, r0, c1, c0, 0 (SCTLR)" },
        { 0xee011f30, 0, true, "mcr p15, 0, r1, c1, c0, 1 (ACTLR)" },
        { 0xee010f50, 0, true, "mcr p15, 0, r0, c1, c0, 2 (CPACR)" },
        { 0xee020f10, 0, true, "mcr p15, 0, r0, c2, c0, 0 (TTBR0)" },
        { 0xee020f30, 0, true, "mcr p15, 0, r0, c2, c0, 1 (TTBR1)" },
        { 0xee020f50, 0, true, "mcr p15, 0, r0, c2, c0, 2 (TTBCR)" },
        { 0xee033f10, 0, true, "mcr p15, 0, r3, c3, c0, 0 (DACR)" },
        { 0xee080f17, 0, true, "mcr p15, 0, r0, c8, c7, 0 (TLBIALL)" },
        { 0xee080f37, 0, true, "mcr p15, 0, r0, c8, c7, 1 (TLBIMVA)" },
        { 0xee080f57, 0, true, "mcr p15, 0, r0, c8, c7, 2 (TLBIASID)" },
        { 0xee080f35, 0, true, "mcr p15, 0, r0, c8, c5, 1 (ITLBIMVA)" },
        { 0xee0a0f12, 0, true, "mcr p15, 0, r0, c10, c2, 0 (PRRR)" },
        { 0xee0a1f32, 0, true, "mcr p15, 0, r1, c10, c2, 1 (NMRR)" },
        { 0xee0c0f10, 0, true, "mcr p15, 0, r0, c12, c0, 0 (VBAR)" },
        { 0xee0d1f30, 0, true, "mcr p15, 0, r1, c13, c0, 1 (CONTEXTIDR)" },
        { 0xee0d0f10, 0, true, "mcr p15, 0, r0, c13, c0, 0 (FCSEIDR)" },
        { 0x0e020f10, 0, true, "mcreq p15, 0, r0, c2, c0, 0 (TTBR0, cond)" },
        /* not */
        { 0xee1d1f30, 0xee1d1f30, false,
          "mrc p15, 0, r1, c13, c0, 1 (a read of CONTEXTIDR)" },
        { 0xee0d0f70, 0, false, "mcr p15, 0, r0, c13, c0, 3 (TPIDRURO)" },
        { 0xee0d0f50, 0, false, "mcr p15, 0, r0, c13, c0, 2 (TPIDRURW)" },
        { 0xee0d0f90, 0, false, "mcr p15, 0, r0, c13, c0, 4 (TPIDRPRW)" },
        { 0xee070f3a, 0, false, "mcr p15, 0, r0, c7, c10, 1 (DCCMVAC)" },
        { 0xee070f15, 0, false, "mcr p15, 0, r0, c7, c5, 0 (ICIALLU)" },
        { 0xee070fd5, 0, false, "mcr p15, 0, r0, c7, c5, 6 (BPIALL)" },
        { 0xee070f9a, 0, false, "mcr p15, 0, r0, c7, c10, 4 (CP15DSB)" },
        { 0xee090f1c, 0, false, "mcr p15, 0, r0, c9, c12, 0 (PMCR)" },
        { 0xee290f50, 0, false, "mcr p15, 1, r0, c9, c0, 2 (L2 aux ctrl)" },
        { 0xee020e10, 0, false, "mcr p14, 0, r0, c2, c0, 0 (not cp15)" },
        { 0xfe020f10, 0, false, "mcr2 p15, 0, r0, c2, c0, 0" },
    };
    a8pipe_insn i;

    for (unsigned k = 0; k < sizeof(t) / sizeof(t[0]); k++) {
        uint32_t t32 = t[k].t32 ? t[k].t32 : t[k].a32;
        bool a, th;

        CHECK(a8pipe_cp15_context_arm(t[k].a32) == t[k].flush,
              "%s: a context write: %d", t[k].what, !t[k].flush);
        a = a8pipe_decode_arm(t[k].a32, &i) && i.flush == t[k].flush &&
            i.context == t[k].flush &&
            i.cycles == (t[k].flush ? 1 + A8PIPE_FLUSH : 1);
        CHECK(a, "%s (A32): flush %d, context %d, %u cycles", t[k].what,
              i.flush, i.context, i.cycles);
        if (t32 >> 28 != 14 || (t32 & 0x0f000000u) != 0x0e000000u) {
            continue;           /* the T32 MCR is the A32 one with AL */
        }
        th = a8pipe_decode_thumb(t32, &i) && i.flush == t[k].flush &&
             i.cycles == (t[k].flush ? 1 + A8PIPE_FLUSH : 1);
        CHECK(th, "%s (T32): flush %d, %u cycles", t[k].what, i.flush,
              i.cycles);
    }
    /* the ISB's flush is not a context write's */
    CHECK(a8pipe_decode_arm(0xf57ff06f, &i) && i.flush && !i.context,
          "isb: flush %d, context %d", i.flush, i.context);
}

static void test_thumb(void)
{
    unsigned same = 0;

    for (unsigned k = 0; k < N(thumb_pairs); k++) {
        a8pipe_insn t, a;
        bool tok = a8pipe_decode_thumb(thumb_pairs[k].thumb, &t);
        bool aok = a8pipe_decode_arm(thumb_pairs[k].arm, &a);
        bool eq = tok && aok && t.cls != A8PIPE_OTHER &&
                  memcmp(&t, &a, sizeof(t)) == 0;

        same += eq;
        if (!eq) {
            check_line(0, __LINE__, "Thumb 0x%08x \"%s\": class %u, %u "
                       "sources, %u results, as ARM 0x%08x: class %u, %u, %u",
                       (unsigned)thumb_pairs[k].thumb, thumb_pairs[k].text,
                       (unsigned)t.cls, (unsigned)t.nsrc, (unsigned)t.ndst,
                       (unsigned)thumb_pairs[k].arm, (unsigned)a.cls,
                       (unsigned)a.nsrc, (unsigned)a.ndst);
        }
    }
    CHECK(same == N(thumb_pairs), "%u of %u Thumb encodings decode as their "
          "ARM forms (16-bit and 32-bit: data-processing, shifts, loads and "
          "stores of every size and form, LDM/STM/PUSH/POP, multiplies, "
          "branches, extends, MOVW/MOVT, CLZ)", same,
          (unsigned)N(thumb_pairs));

    a8pipe_insn i;
    CHECK(a8pipe_decode_thumb(0xde00, &i) == false,
          "Thumb UDF #0 (0xde00) is undefined");
    CHECK(a8pipe_decode_thumb(0xb132, &i) && i.cls == A8PIPE_BRANCH &&
          i.nsrc == 1 && i.src[0].reg == 2 && i.writes_pc,
          "CBZ r2: a branch that reads r2 (0xb132)");
    CHECK(a8pipe_decode_thumb(0xbf08, &i) && i.cls == A8PIPE_OTHER,
          "IT EQ (0xbf08): not modelled, issues alone");
    CHECK(a8pipe_decode_thumb(0xdf00, &i) && i.cls == A8PIPE_OTHER,
          "SVC #0 (0xdf00): not modelled, issues alone");
    CHECK(a8pipe_decode_thumb(0xee110f10, &i) && i.cls == A8PIPE_OTHER,
          "MRC p15 (0xee110f10): not modelled, issues alone");

    /* a Thumb sequence issues as the ARM one does */
    static const uint32_t tseq[] = {
        0x18d1,         /* adds r1, r2, r3 */
        0x19ac,         /* adds r4, r5, r6 */
        0x4348,         /* muls r0, r1, r0 */
        0x1c40,         /* adds r0, r0, #1 */
    };
    static const uint32_t aseq[] = {
        0xe0921003, 0xe0954006, 0xe0100091, 0xe2900001,
    };
    a8pipe_block bt, ba;
    uint32_t ct[4], ca[4];
    int eq = 1;
    a8pipe_block_start(&bt);
    a8pipe_block_start(&ba);
    for (unsigned k = 0; k < 4; k++) {
        a8pipe_insn x, y;
        a8pipe_decode_thumb(tseq[k], &x);
        a8pipe_decode_arm(aseq[k], &y);
        ct[k] = a8pipe_block_issue(&bt, &x);
        ca[k] = a8pipe_block_issue(&ba, &y);
        eq &= ct[k] == ca[k];
    }
    CHECK(eq && a8pipe_block_cycles(&bt) == a8pipe_block_cycles(&ba),
          "ADDS; ADDS; MULS; ADDS in Thumb issue as in ARM: cycles %u %u "
          "%u %u (ARM %u %u %u %u)", (unsigned)ct[0], (unsigned)ct[1],
          (unsigned)ct[2], (unsigned)ct[3], (unsigned)ca[0],
          (unsigned)ca[1], (unsigned)ca[2], (unsigned)ca[3]);
}

/*
 * Thumb in an IT block (a8pipe_decode_thumb_it): each line assembled by
 * GNU as inside its IT instruction, then as ARM with the condition; the
 * 16-bit data-processing forms set no flags there (ARMv7-A ARM A6.2),
 * the compares do.  @it: 0x10 | the instruction's condition.
 */
static void test_thumb_it(void)
{
    static const struct {
        uint32_t thumb;
        unsigned it;
        uint32_t arm;
        const char *text;
    } pairs[] = {
        { 0x3001, 0x11, 0x12800001, "it ne; addne r0, #1 (no flags)" },
        { 0x4608, 0x10, 0x01a00001, "it eq; moveq r0, r1" },
        { 0x0088, 0x1c, 0xc1a00101, "it gt; lslgt r0, r1, #2 (no flags)" },
        { 0x4348, 0x1b, 0xb0000091, "it lt; mullt r0, r1 (no flags)" },
        { 0x2801, 0x11, 0x13500001, "it ne; cmpne r0, #1 (the flags)" },
        { 0x6808, 0x10, 0x05910000, "it eq; ldreq r0, [r1]" },
        { 0xeb010042, 0x11, 0x10810082, "it ne; addne.w r0, r1, r2, lsl #1" },
        { 0x3001, 0x10, 0x02800001, "ite eq; addeq r0, #1" },
        { 0x3901, 0x11, 0x12411001, "ite eq; ...; subne r1, #1" },
        { 0x3001, 0, 0xe2900001, "adds r0, #1 outside an IT block" },
    };
    unsigned same = 0;
    a8pipe_insn t, a;

    for (unsigned k = 0; k < N(pairs); k++) {
        bool tok = a8pipe_decode_thumb_it(pairs[k].thumb, pairs[k].it, &t);
        bool aok = a8pipe_decode_arm(pairs[k].arm, &a);
        bool eq = tok && aok && memcmp(&t, &a, sizeof(t)) == 0;

        same += eq;
        CHECK(eq, "IT: Thumb 0x%08x (it 0x%x) \"%s\" decodes as ARM 0x%08x: "
              "cond %d/%d, flags set at E%u/E%u, %u/%u sources",
              (unsigned)pairs[k].thumb, pairs[k].it, pairs[k].text,
              (unsigned)pairs[k].arm, t.cond, a.cond, t.flags_write,
              a.flags_write, t.nsrc, a.nsrc);
    }
    /* decoded without an ARM form: conditional, the flags at E3 */
    CHECK(a8pipe_decode_thumb_it(0xe9d20100, 0x10, &t) &&
          t.cls == A8PIPE_LOAD && t.cond && t.flags_read == A8PIPE_E3,
          "it eq; ldrdeq r0, r1, [r2] (0xe9d20100): a conditional load "
          "that reads the flags at E3");
    /* the same sequence in and outside an IT block: inside, a move's
     * result of a conditional MOV is at E2 (not E1), so its user waits */
    {
        a8pipe_block b;
        a8pipe_insn mv, use;

        a8pipe_block_start(&b);
        a8pipe_decode_thumb(0x4608, &mv);           /* mov r0, r1 */
        a8pipe_decode_thumb(0x1c42, &use);          /* adds r2, r0, #1 */
        a8pipe_block_issue(&b, &mv);
        CHECK_EQ(a8pipe_block_issue(&b, &use), 1);  /* pairs */
        a8pipe_block_start(&b);
        a8pipe_decode_thumb_it(0x4608, 0x10, &mv);  /* moveq r0, r1 */
        a8pipe_block_issue(&b, &mv);
        a8pipe_decode_thumb(0x1c42, &use);
        CHECK_EQ(a8pipe_block_issue(&b, &use), 2);  /* waits a cycle */
    }
}

int main(void)
{
    test_dual_issue_table();
    test_scheduling_example();
    test_multiply();
    test_alu_and_loads();
    test_decoder();
    test_other_alone();
    test_carry();
    test_carry_passes();
    test_pair_across();
    test_thumb();
    test_thumb_it();
    test_barriers();
    test_cp15_context();
    test_carry_advance();
    test_carry_settle();
    return check_done();
}
