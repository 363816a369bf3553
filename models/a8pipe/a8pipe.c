/*
 * Cortex-A8 (r3p2) integer issue model (see a8pipe.h).  The facts it
 * rests on, with their sources, are in docs/cortex-a8-timing.md; the short
 * version, by the names used there:
 *
 *  [TRM]   ARM Cortex-A8 TRM, chapter 16 "Instruction Cycle Timing":
 *          16.2 (sources given for the first cycle of a multi-cycle
 *          instruction, results for its last, except load/store multiple;
 *          multiplies in pipeline 0 only; flags set at E2; [Rd] a source
 *          when conditional), Table 16-4 (multiplies: cycles, stages, the
 *          accumulator forwarding), Table 16-15 (the dual-issue
 *          restrictions), Example 16-6 (load base at E1, load result at
 *          E3, store data at E3, a load to the PC one cycle more, no extra
 *          cycle for an LSL #2 offset).
 *  [GCC]   GCC's Cortex-A8 description (gcc/config/arm/, its cortex-a8
 *          machine description) and
 *  [LLVM]  LLVM's (lib/Target/ARM/ARMScheduleA8.td), both made from the
 *          TRM: the data-processing and single load/store stages whose TRM
 *          tables were not at hand (ALU sources and result at E2, a moved
 *          value at E1, shifted operands at E1, write-back at E2; a scaled
 *          register offset other than LSL #2 takes two cycles; of two
 *          registers a load multiple moves in one cycle, the second at E4).
 *  [ours]  Choices no source at hand settles, each named where it is made.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>
#include "a8pipe.h"

/* ---- the scoreboard ---------------------------------------------------- */

void a8pipe_block_start(a8pipe_block *b)
{
    memset(b, 0, sizeof(*b));
}

uint32_t a8pipe_block_cycles(const a8pipe_block *b)
{
    return b->cur;
}

/*
 * The same block, its first instruction taken into pipeline 1 of the
 * cycle before (beside the last of the block that ran before it): cycle 1
 * of this scoreboard is that cycle, open for a partner, with no unit
 * taken (what the instruction before takes is the run-time tail's).
 */
void a8pipe_block_start_paired(a8pipe_block *b)
{
    memset(b, 0, sizeof(*b));
    b->cur = 1;
    b->pair_open = true;
}

/*
 * A load/store multiple moves two registers a cycle on 64-bit boundaries:
 * from an aligned address ceil(n/2) cycles; from one that is not, the
 * first cycle moves one register ([TRM] Table 16-15's LDM r3,{r4-r7}:
 * r4, then r5 and r6, then r7).
 */
uint32_t a8pipe_lsm_cycles(uint32_t nregs, bool aligned64)
{
    if (nregs == 0) {
        return 1;
    }
    return aligned64 ? (nregs + 1) / 2 : nregs / 2 + 1;
}

/* The cycle (from the instruction's first) in which the @j-th register of
 * a load/store multiple (0: the lowest) moves, and whether it is the
 * second of the two moved in that cycle. */
static uint32_t lsm_slot(uint32_t j, bool aligned64, bool *second)
{
    if (aligned64) {
        *second = j & 1;
        return j / 2;
    }
    *second = j != 0 && !(j & 1);
    return (j + 1) / 2;
}

static uint32_t insn_cycles(const a8pipe_insn *i)
{
    if (i->cls == A8PIPE_LOAD_MULTIPLE || i->cls == A8PIPE_STORE_MULTIPLE) {
        return a8pipe_lsm_cycles(i->nregs, i->aligned64);
    }
    return i->cycles ? i->cycles : 1;
}

static bool uses_ls(const a8pipe_insn *i)
{
    return i->cls == A8PIPE_LOAD || i->cls == A8PIPE_STORE ||
           i->cls == A8PIPE_LOAD_MULTIPLE || i->cls == A8PIPE_STORE_MULTIPLE;
}

/* The registers @i writes (for the data output hazard). */
static uint16_t dst_mask(const a8pipe_insn *i)
{
    uint16_t m = 0;

    for (unsigned k = 0; k < i->ndst && k < A8PIPE_MAX_DST; k++) {
        m |= 1u << (i->dst[k].reg & 15);
    }
    if (i->cls == A8PIPE_LOAD_MULTIPLE) {
        m |= i->reglist;
    }
    return m & 0x7fff;
}

/* The earliest cycle an operand whose value is usable at stage s from
 * @ready on can be issued in: c + s >= ready. */
static uint32_t need(uint32_t ready, uint32_t stage)
{
    return ready > stage ? ready - stage : 0;
}

/* The earliest cycle @i's operands allow it to issue in. */
static uint32_t operands_ready(const a8pipe_block *b, const a8pipe_insn *i)
{
    uint32_t c = 0;

    for (unsigned k = 0; k < i->nsrc && k < A8PIPE_MAX_SRC; k++) {
        const a8pipe_src *s = &i->src[k];
        unsigned r = s->reg & 15;
        uint32_t stage = s->stage;

        if (r == A8PIPE_PC) {
            continue;
        }
        /*
         * The accumulator forwarding path ([TRM] Table 16-4, note a): a
         * multiply-accumulate that takes a multiply's result as its
         * accumulator issues in the cycle after the multiply's last, its
         * E4 meeting the product's E5 in the same cycle: as if needed one
         * stage after E4.
         */
        if ((s->flags & A8PIPE_SRC_ACC) && (b->from_mul >> r & 1)) {
            stage = A8PIPE_E4 + 1;
        }
        uint32_t n = need(b->ready[r], stage);
        c = n > c ? n : c;
    }
    if (i->cls == A8PIPE_STORE_MULTIPLE) {
        /* each stored register at E3 of the cycle it moves in (as a single
         * store's data, [TRM] Example 16-6; [ours] for STM) */
        uint32_t j = 0;
        for (unsigned r = 0; r < 15; r++) {
            if (!(i->reglist >> r & 1)) {
                continue;
            }
            bool second;
            uint32_t slot = lsm_slot(j++, i->aligned64, &second);
            uint32_t n = need(b->ready[r], A8PIPE_E3 + slot);
            c = n > c ? n : c;
        }
    }
    if (i->flags_read) {
        uint32_t n = need(b->flags_ready, i->flags_read);
        c = n > c ? n : c;
    }
    return c;
}

/* May @i go in pipeline 1 beside the instruction of cycle cur? ([TRM]
 * Table 16-15) */
static bool can_pair(const a8pipe_block *b, const a8pipe_insn *i,
                     uint32_t cycles, uint16_t dsts)
{
    if (!b->pair_open) {
        return false;
    }
    /* multi-cycle instructions issue in pipeline 0; so do multiplies; and
     * what the model does not know issues alone [ours] */
    if (cycles > 1 || i->cls == A8PIPE_MUL || i->cls == A8PIPE_MAC ||
        i->cls == A8PIPE_OTHER) {
        return false;
    }
    if (uses_ls(i) && b->cur_ls) {
        return false;               /* one load/store unit */
    }
    if (i->writes_pc && b->cur_branch) {
        return false;               /* one branch a cycle */
    }
    if (dsts & b->cur_dst) {
        return false;               /* the data output hazard */
    }
    return true;
}

static void set_ready(a8pipe_block *b, unsigned reg, uint32_t ready,
                      bool is_mul)
{
    reg &= 15;
    if (reg == A8PIPE_PC) {
        return;
    }
    b->ready[reg] = ready;
    if (is_mul) {
        b->from_mul |= 1u << reg;
    } else {
        b->from_mul &= ~(1u << reg);
    }
}

/* @i, issued in cycle @c, reads @reg at @stage: the block's first read of
 * it, if it has not written it */
static void note_read(a8pipe_block *b, unsigned reg, uint32_t c,
                      uint32_t stage)
{
    uint32_t v = c + stage;

    if (b->written >> reg & 1) {
        return;
    }
    v = v < 15 ? v : 15;
    if (!b->first_read[reg] || v < b->first_read[reg]) {
        b->first_read[reg] = (uint8_t)v;
    }
}

/* The reads (before writes) and writes of @i, issued in cycle @c, for the
 * block's edges */
static void note_edges(a8pipe_block *b, const a8pipe_insn *i, uint32_t c)
{
    for (unsigned k = 0; k < i->nsrc && k < A8PIPE_MAX_SRC; k++) {
        if ((i->src[k].reg & 15) != A8PIPE_PC) {
            note_read(b, i->src[k].reg & 15, c, i->src[k].stage);
        }
    }
    if (i->cls == A8PIPE_STORE_MULTIPLE) {
        uint32_t j = 0;
        for (unsigned r = 0; r < 15; r++) {
            if (i->reglist >> r & 1) {
                bool second;
                note_read(b, r, c, A8PIPE_E3 + lsm_slot(j++, i->aligned64,
                                                        &second));
            }
        }
    }
    if (i->flags_read) {
        note_read(b, A8PIPE_FLAGS_SLOT, c, i->flags_read);
    }
    b->written |= a8pipe_insn_writes(i);
}

uint16_t a8pipe_insn_writes(const a8pipe_insn *i)
{
    return dst_mask(i) | (i->flags_write ? 1u << A8PIPE_FLAGS_SLOT : 0);
}

/*
 * The edges of @b, its cycles counted from @shift cycles after its own
 * cycle 1 (1: a scoreboard of a8pipe_block_start_paired, whose cycle 1 is
 * the cycle before the block's own first)
 */
static void block_edges(const a8pipe_block *b, uint32_t shift,
                        uint64_t *need, uint64_t *out, uint16_t *written,
                        uint64_t *limit)
{
    /* an old value of an unwritten register is gone after the block if
     * it was at most its cycles + A8PIPE_MIN_NEED */
    uint32_t gone = b->cur - shift + A8PIPE_MIN_NEED;

    *need = 0;
    *out = 0;
    *limit = A8PIPE_GUARD;
    for (unsigned r = 0; r < 16; r++) {
        uint32_t ready = r == A8PIPE_FLAGS_SLOT ? b->flags_ready : b->ready[r];
        uint32_t o = ready > b->cur ? ready - b->cur : 0;
        uint32_t n = b->first_read[r] ? b->first_read[r] - shift : 15;
        uint32_t l = n;

        *need |= (uint64_t)n << (4 * r);
        if (o <= A8PIPE_MIN_NEED) {
            o = 0;
        }
        if (b->written >> r & 1) {
            *out |= (uint64_t)(o < A8PIPE_MAX_CARRY ? o : A8PIPE_MAX_CARRY)
                    << (4 * r);
        } else if (gone < l) {
            l = gone;
        }
        l = l < A8PIPE_MAX_CARRY ? l : A8PIPE_MAX_CARRY;
        *limit |= (uint64_t)l << (4 * r);
    }
    *written = b->written;
}

void a8pipe_block_edges(const a8pipe_block *b, uint64_t *need,
                        uint64_t *out, uint16_t *written, uint64_t *limit)
{
    block_edges(b, 0, need, out, written, limit);
}

void a8pipe_pair_edges(const a8pipe_block *b, uint64_t *need, uint64_t *out,
                       uint16_t *written, uint64_t *limit, uint32_t *cycles)
{
    block_edges(b, 1, need, out, written, limit);
    *cycles = b->cur - 1;
}

uint64_t a8pipe_need_limit(uint64_t need)
{
    uint64_t l = A8PIPE_GUARD;

    for (unsigned r = 0; r < 16; r++) {
        uint32_t n = A8PIPE_NIBBLE(need, r);

        l |= (uint64_t)(n < A8PIPE_MAX_CARRY ? n : A8PIPE_MAX_CARRY) << (4 * r);
    }
    return l;
}

/* ---- pairs across a block's end ---------------------------------------- */

uint32_t a8pipe_block_tail(const a8pipe_block *b)
{
    if (!b->cur || !b->pair_open) {
        return 0;
    }
    return A8PIPE_TAIL_OPEN | (b->cur_ls ? A8PIPE_TAIL_LS : 0) |
           (b->cur_branch ? A8PIPE_TAIL_BRANCH : 0) |
           (uint32_t)b->cur_dst << A8PIPE_TAIL_DST_SHIFT;
}

uint32_t a8pipe_pair_head(const a8pipe_insn *i)
{
    /* can_pair's rules that do not depend on the instruction before */
    if (insn_cycles(i) > 1 || i->cls == A8PIPE_MUL || i->cls == A8PIPE_MAC ||
        i->cls == A8PIPE_OTHER) {
        return 0;
    }
    return A8PIPE_TAIL_OPEN | (uses_ls(i) ? A8PIPE_TAIL_LS : 0) |
           (i->writes_pc ? A8PIPE_TAIL_BRANCH : 0) |
           (uint32_t)dst_mask(i) << A8PIPE_TAIL_DST_SHIFT;
}

uint32_t a8pipe_carry_enter(uint64_t *carry, uint64_t need, uint64_t out,
                            uint16_t written, uint32_t cycles)
{
    uint32_t wait = 0;
    uint64_t next = 0;

    for (unsigned r = 0; r < 16; r++) {
        uint32_t c = A8PIPE_NIBBLE(*carry, r), n = A8PIPE_NIBBLE(need, r);

        if (c > n && c - n > wait) {
            wait = c - n;
        }
    }
    for (unsigned r = 0; r < 16; r++) {
        uint32_t c = A8PIPE_NIBBLE(*carry, r);
        uint32_t v;

        if (written >> r & 1) {
            v = A8PIPE_NIBBLE(out, r);
        } else {
            v = c > cycles + wait ? c - cycles - wait : 0;
            v = v > A8PIPE_MIN_NEED ? v : 0;
        }
        next |= (uint64_t)v << (4 * r);
    }
    *carry = next;
    return wait;
}

void a8pipe_carry_advance(uint64_t *carry, uint32_t cycles)
{
    uint64_t next = 0;

    if (cycles >= A8PIPE_MAX_CARRY) {
        *carry = 0;         /* a flush outlasts anything in flight */
        return;
    }
    for (unsigned r = 0; r < 16 && *carry; r++) {
        uint32_t v = A8PIPE_NIBBLE(*carry, r);

        v = v > cycles ? v - cycles : 0;
        next |= (uint64_t)(v > A8PIPE_MIN_NEED ? v : 0) << (4 * r);
    }
    *carry = next;
}

void a8pipe_carry_settle(uint64_t *carry, uint16_t keep, uint32_t cycles)
{
    uint64_t mask = 0, rest;

    for (unsigned r = 0; r < 16; r++) {
        if (keep >> r & 1) {
            mask |= 15ull << (4 * r);
        }
    }
    rest = *carry & ~mask;
    a8pipe_carry_advance(&rest, cycles);
    *carry = (*carry & mask) | rest;
}

uint32_t a8pipe_block_issue(a8pipe_block *b, const a8pipe_insn *i)
{
    uint32_t cycles = insn_cycles(i);
    uint16_t dsts = dst_mask(i);
    uint32_t ready = operands_ready(b, i);
    bool is_mul = i->cls == A8PIPE_MUL || i->cls == A8PIPE_MAC;
    uint32_t c, last;

    if (can_pair(b, i, cycles, dsts) && ready <= b->cur) {
        /* the second of a pair: pipeline 1 of cycle cur */
        c = b->cur;
        b->pair_open = false;
    } else {
        /* the next cycle, or the one its operands allow, in pipeline 0 */
        c = b->cur + 1 > ready ? b->cur + 1 : ready;
        b->cur = c + cycles - 1;
        /* a multi-cycle instruction pairs only in its last cycle */
        b->pair_open = i->cls != A8PIPE_OTHER;
        b->cur_ls = uses_ls(i);
        b->cur_branch = i->writes_pc;
        b->cur_dst = dsts;
    }
    last = c + cycles - 1;

    /* results, relative to the last cycle ([TRM] 16.2) */
    for (unsigned k = 0; k < i->ndst && k < A8PIPE_MAX_DST; k++) {
        set_ready(b, i->dst[k].reg, last + i->dst[k].stage + 1, is_mul);
    }
    if (i->cls == A8PIPE_LOAD_MULTIPLE) {
        /* each register at E3 of the cycle it moves in, the second of a
         * cycle's two at E4 ([GCC]) */
        uint32_t j = 0;
        for (unsigned r = 0; r < 15; r++) {
            if (!(i->reglist >> r & 1)) {
                continue;
            }
            bool second;
            uint32_t slot = lsm_slot(j++, i->aligned64, &second);
            set_ready(b, r, c + slot + (second ? A8PIPE_E4 : A8PIPE_E3) + 1,
                      false);
        }
    }
    if (i->flags_write) {
        b->flags_ready = last + i->flags_write + 1;
    }
    note_edges(b, i, c);
    return c;
}

/* ---- the ARM (A32) decoder: ARMv7-A ARM (DDI 0406C) chapter A5 --------- */

#define BIT(x, n)       (((x) >> (n)) & 1u)
#define FIELD(x, lo, w) (((x) >> (lo)) & ((1u << (w)) - 1u))

static void add_src(a8pipe_insn *o, unsigned reg, unsigned stage,
                    unsigned flags)
{
    if (reg == A8PIPE_PC) {
        return;                     /* the PC is always at hand */
    }
    for (unsigned k = 0; k < o->nsrc; k++) {
        if (o->src[k].reg == reg) {
            /* read twice: the earlier need governs, and a plain read of an
             * accumulator is not forwarded */
            if (stage < o->src[k].stage) {
                o->src[k].stage = (uint8_t)stage;
            }
            o->src[k].flags &= (uint8_t)flags;
            return;
        }
    }
    if (o->nsrc < A8PIPE_MAX_SRC) {
        o->src[o->nsrc].reg = (uint8_t)reg;
        o->src[o->nsrc].stage = (uint8_t)stage;
        o->src[o->nsrc].flags = (uint8_t)flags;
        o->nsrc++;
    }
}

static void add_dst(a8pipe_insn *o, unsigned reg, unsigned stage)
{
    if (reg == A8PIPE_PC) {
        o->writes_pc = true;
        return;
    }
    if (o->ndst < A8PIPE_MAX_DST) {
        o->dst[o->ndst].reg = (uint8_t)reg;
        o->dst[o->ndst].stage = (uint8_t)stage;
        o->ndst++;
    }
}

/* A result of a conditional instruction: its old value is a source too,
 * kept if the condition fails ([TRM] 16.2, "[Rd]"); needed at @cond_stage
 * (Table 16-4 gives E3 for multiplies; E2 for data-processing and E3 for
 * loads are [ours]: the stage the result would have been made at). */
static void add_result(a8pipe_insn *o, unsigned reg, unsigned stage,
                       unsigned cond_stage)
{
    add_dst(o, reg, stage);
    if (o->cond) {
        add_src(o, reg, cond_stage, 0);
    }
}

static bool other(a8pipe_insn *o)
{
    bool cond = o->cond;

    memset(o, 0, sizeof(*o));
    o->cls = A8PIPE_OTHER;
    o->cycles = 1;
    o->cond = cond;
    return true;
}

/* Data-processing, A5.2.1-A5.2.3: operand 2 an immediate, a register
 * shifted by an immediate, or a register shifted by a register. */
enum { OP2_IMM, OP2_REG, OP2_REG_SHIFT_REG };

static bool decode_dp(uint32_t insn, a8pipe_insn *o, int op2)
{
    unsigned opc = FIELD(insn, 21, 4), s = BIT(insn, 20);
    unsigned rn = FIELD(insn, 16, 4), rd = FIELD(insn, 12, 4);
    unsigned rm = FIELD(insn, 0, 4), rs = FIELD(insn, 8, 4);
    unsigned imm5 = FIELD(insn, 7, 5), type = FIELD(insn, 5, 2);
    bool test = opc >= 8 && opc <= 11;          /* TST TEQ CMP CMN */
    bool move = opc == 13 || opc == 15;         /* MOV MVN */
    bool carry_in = opc >= 5 && opc <= 7;       /* ADC SBC RSC */

    if (rd == A8PIPE_PC && s && !test) {
        return other(o);            /* SUBS pc, lr etc: exception return */
    }
    o->cls = A8PIPE_ALU;
    if (!move) {
        add_src(o, rn, A8PIPE_E2, 0);           /* [GCC], [LLVM] */
    }
    if (op2 == OP2_REG_SHIFT_REG) {
        o->cls = A8PIPE_ALU_SHIFT_REG;
        add_src(o, rm, A8PIPE_E1, 0);           /* the shifter: [LLVM] */
        add_src(o, rs, A8PIPE_E1, 0);
    } else if (op2 == OP2_REG && (imm5 || type)) {
        o->cls = A8PIPE_ALU_SHIFT_IMM;
        add_src(o, rm, A8PIPE_E1, 0);           /* [GCC], [LLVM] */
        if (imm5 == 0 && type == 3) {
            o->flags_read = A8PIPE_E1;          /* RRX: the carry in the
                                                 * shifter [ours] */
        }
    } else if (op2 == OP2_REG) {
        /* a move takes its operand at E1 ([LLVM]) */
        add_src(o, rm, move ? A8PIPE_E1 : A8PIPE_E2, 0);
    }
    if (carry_in) {
        o->flags_read = A8PIPE_E2;              /* the carry, in the ALU */
    }
    if (s) {
        o->flags_write = A8PIPE_E2;             /* [TRM] 16.2 */
    }
    if (!test) {
        /* a move makes its result at E1, unless conditional ([GCC],
         * [LLVM]) */
        add_result(o, rd, move && !o->cond ? A8PIPE_E1 : A8PIPE_E2,
                   A8PIPE_E2);
    }
    return true;
}

/* Multiply and multiply-accumulate, A5.2.5; [TRM] Table 16-4 (in the
 * TRM's names Rm, Rs are the multiplicands, bits 3:0 and 11:8). */
static bool decode_mul(uint32_t insn, a8pipe_insn *o)
{
    unsigned op = FIELD(insn, 20, 4);
    unsigned hi = FIELD(insn, 16, 4), lo = FIELD(insn, 12, 4);
    unsigned m1 = FIELD(insn, 0, 4), m2 = FIELD(insn, 8, 4);

    add_src(o, m1, A8PIPE_E1, 0);
    add_src(o, m2, A8PIPE_E1, 0);
    switch (op >> 1) {
    case 0:                                     /* MUL */
        o->cls = A8PIPE_MUL;
        o->cycles = 2;
        add_result(o, hi, A8PIPE_E5, A8PIPE_E3);
        break;
    case 1:                                     /* MLA */
    case 3:                                     /* MLS (0110), as MLA */
        if (op == 7) {
            return false;                       /* 0111: unallocated */
        }
        o->cls = A8PIPE_MAC;
        o->cycles = 2;
        add_src(o, lo, A8PIPE_E2, A8PIPE_SRC_ACC);
        add_result(o, hi, A8PIPE_E5, A8PIPE_E3);
        break;
    case 2:                                     /* UMAAL (0100) */
        if (op == 5) {
            return false;                       /* 0101: unallocated */
        }
        /* fall through */
    case 5:                                     /* UMLAL */
    case 7:                                     /* SMLAL */
        o->cls = A8PIPE_MAC;
        o->cycles = 3;
        add_src(o, lo, A8PIPE_E2, 0);
        add_src(o, hi, A8PIPE_E1, 0);
        add_dst(o, lo, A8PIPE_E5);
        add_dst(o, hi, A8PIPE_E5);
        break;
    default:                                    /* UMULL, SMULL */
        o->cls = A8PIPE_MUL;
        o->cycles = 3;
        add_result(o, lo, A8PIPE_E5, A8PIPE_E3);
        add_result(o, hi, A8PIPE_E5, A8PIPE_E3);
        break;
    }
    if (BIT(insn, 20)) {            /* S: never set for UMAAL, MLS */
        /* flags from the product: with the result [ours] */
        o->flags_write = A8PIPE_E5;
    }
    return true;
}

/* The address of a single load or store: base at E1 ([TRM] Example 16-6),
 * offset register at E1 and the written-back base at E2 ([LLVM]). */
static void ls_address(uint32_t insn, a8pipe_insn *o, bool reg_offset)
{
    unsigned rn = FIELD(insn, 16, 4);
    bool writeback = !BIT(insn, 24) || BIT(insn, 21);

    add_src(o, rn, A8PIPE_E1, 0);
    if (reg_offset) {
        add_src(o, FIELD(insn, 0, 4), A8PIPE_E1, 0);
    }
    if (writeback && rn != A8PIPE_PC) {
        add_dst(o, rn, A8PIPE_E2);
    }
}

static void load_reg(a8pipe_insn *o, unsigned rt)
{
    if (rt == A8PIPE_PC) {
        o->writes_pc = true;
        o->cycles++;                /* [TRM] Example 16-6: +1 cycle */
    } else {
        add_result(o, rt, A8PIPE_E3, A8PIPE_E3);
    }
}

/* LDR/STR/LDRB/STRB (and the T forms), A5.3 */
static bool decode_ls(uint32_t insn, a8pipe_insn *o)
{
    bool reg = BIT(insn, 25), load = BIT(insn, 20);
    unsigned rt = FIELD(insn, 12, 4);

    o->cls = load ? A8PIPE_LOAD : A8PIPE_STORE;
    if (reg) {
        unsigned imm5 = FIELD(insn, 7, 5), type = FIELD(insn, 5, 2);
        /* a scaled offset other than LSL #2 takes a second cycle ([GCC],
         * [LLVM]; [TRM] Example 16-6 for LSL #2) */
        if ((imm5 || type) && !(type == 0 && imm5 == 2)) {
            o->cycles = 2;
        }
    }
    ls_address(insn, o, reg);
    if (load) {
        load_reg(o, rt);
    } else {
        add_src(o, rt, A8PIPE_E3, 0);           /* [TRM] Example 16-6 */
    }
    return true;
}

/* LDRH/STRH/LDRSB/LDRSH/LDRD/STRD (and the T forms), A5.2.8 */
static bool decode_extra_ls(uint32_t insn, a8pipe_insn *o)
{
    bool load = BIT(insn, 20), reg = !BIT(insn, 22);
    unsigned rt = FIELD(insn, 12, 4), op2 = FIELD(insn, 5, 2);
    bool dual = op2 != 1 && !load;              /* LDRD (10), STRD (11) */
    bool dual_load = op2 == 2 && !load;

    o->cls = (load || dual_load) ? A8PIPE_LOAD : A8PIPE_STORE;
    o->dual = dual;
    ls_address(insn, o, reg);
    if (o->cls == A8PIPE_LOAD) {
        load_reg(o, rt);
        if (dual) {
            load_reg(o, rt + 1);
        }
    } else {
        add_src(o, rt, A8PIPE_E3, 0);
        if (dual) {
            add_src(o, rt + 1, A8PIPE_E3, 0);
        }
    }
    return true;
}

/* Miscellaneous, A5.2.12: BX, BLX (register), CLZ; the rest not modelled */
static bool decode_misc(uint32_t insn, a8pipe_insn *o)
{
    unsigned op = FIELD(insn, 21, 2), op2 = FIELD(insn, 4, 3);
    unsigned rm = FIELD(insn, 0, 4);

    if (op == 1 && (op2 == 1 || op2 == 3)) {    /* BX, BLX */
        o->cls = A8PIPE_BRANCH;
        o->writes_pc = true;
        add_src(o, rm, A8PIPE_E1, 0);           /* as a move's [ours] */
        if (op2 == 3) {
            add_dst(o, 14, A8PIPE_E2);          /* the link [ours] */
        }
        return true;
    }
    if (op == 3 && op2 == 1) {                  /* CLZ: as an ALU op [GCC] */
        o->cls = A8PIPE_ALU;
        add_src(o, rm, A8PIPE_E2, 0);
        add_result(o, FIELD(insn, 12, 4), A8PIPE_E2, A8PIPE_E2);
        return true;
    }
    return other(o);
}

/* Data-processing and miscellaneous instructions, A5.2 */
static bool decode_dp_misc(uint32_t insn, a8pipe_insn *o)
{
    unsigned op1 = FIELD(insn, 20, 5), op2 = FIELD(insn, 4, 4);

    if (BIT(insn, 25)) {
        if (op1 == 0x10 || op1 == 0x14) {       /* MOVW, MOVT */
            unsigned rd = FIELD(insn, 12, 4);
            o->cls = A8PIPE_ALU;
            if (op1 == 0x14) {
                add_src(o, rd, A8PIPE_E2, 0);   /* keeps the low half */
                add_result(o, rd, A8PIPE_E2, A8PIPE_E2);
            } else {
                add_result(o, rd, o->cond ? A8PIPE_E2 : A8PIPE_E1,
                           A8PIPE_E2);
            }
            return true;
        }
        if ((op1 & 0x1b) == 0x12) {
            return other(o);                    /* MSR (immediate), hints */
        }
        return decode_dp(insn, o, OP2_IMM);
    }
    if ((op1 & 0x19) == 0x10) {                 /* op1 10xx0 */
        if (!(op2 & 8)) {
            return decode_misc(insn, o);
        }
        if (!(op2 & 1)) {
            return other(o);                    /* halfword multiplies */
        }
    }
    if (!(op2 & 1)) {
        return decode_dp(insn, o, OP2_REG);
    }
    if (!(op2 & 8)) {
        return decode_dp(insn, o, OP2_REG_SHIFT_REG);
    }
    if (op2 == 9) {
        if (op1 & 0x10) {
            return other(o);                    /* SWP, LDREX, STREX... */
        }
        return decode_mul(insn, o);
    }
    return decode_extra_ls(insn, o);            /* op2 1011, 11x1 */
}

/* Media instructions, A5.4: the extends (as an ALU op with a shifted
 * operand: the rotation is the shifter's, [GCC]); UDF undefined. */
static bool decode_media(uint32_t insn, a8pipe_insn *o)
{
    unsigned op1 = FIELD(insn, 20, 5), op2 = FIELD(insn, 5, 3);
    unsigned rn = FIELD(insn, 16, 4);

    if (op1 == 0x1f && op2 == 7) {
        return false;                           /* UDF */
    }
    if (op2 == 3 && (op1 == 0x08 || op1 == 0x0a || op1 == 0x0b ||
                     op1 == 0x0c || op1 == 0x0e || op1 == 0x0f)) {
        o->cls = A8PIPE_ALU_SHIFT_IMM;
        if (rn != 15) {
            add_src(o, rn, A8PIPE_E2, 0);       /* SXTAB, UXTAH, ... */
        }
        add_src(o, FIELD(insn, 0, 4), A8PIPE_E1, 0);
        add_result(o, FIELD(insn, 12, 4), A8PIPE_E2, A8PIPE_E2);
        return true;
    }
    return other(o);
}

/* LDM/STM (and PUSH/POP), A5.5; the user-register and exception-return
 * forms (bit 22) are not modelled. */
static bool decode_lsm(uint32_t insn, a8pipe_insn *o)
{
    uint16_t list = (uint16_t)FIELD(insn, 0, 16);
    unsigned rn = FIELD(insn, 16, 4);
    unsigned n = 0;

    if (BIT(insn, 22) || list == 0) {
        return other(o);
    }
    for (unsigned r = 0; r < 16; r++) {
        n += list >> r & 1;
    }
    o->cls = BIT(insn, 20) ? A8PIPE_LOAD_MULTIPLE : A8PIPE_STORE_MULTIPLE;
    o->cycles = 0;
    o->reglist = list;
    o->nregs = (uint8_t)n;
    o->aligned64 = false;               /* unknown at translation time */
    add_src(o, rn, A8PIPE_E1, 0);
    if (BIT(insn, 21)) {
        add_dst(o, rn, A8PIPE_E2);      /* the write-back ([LLVM]) */
    }
    if (o->cls == A8PIPE_LOAD_MULTIPLE && (list & 0x8000)) {
        o->writes_pc = true;
    }
    return true;
}

static bool decode_branch(uint32_t insn, a8pipe_insn *o, bool link)
{
    (void)insn;
    o->cls = A8PIPE_BRANCH;
    o->writes_pc = true;
    if (link) {
        add_dst(o, 14, A8PIPE_E2);      /* the link [ours] */
    }
    return true;
}

/* one that flushes the pipeline: alone, its cycle and the flush */
static void flush(a8pipe_insn *o)
{
    bool context = o->context;

    other(o);
    o->cycles = 1 + A8PIPE_FLUSH;
    o->flush = true;
    o->context = context;
}

bool a8pipe_decode_arm(uint32_t insn, a8pipe_insn *out)
{
    unsigned cond = insn >> 28;
    bool ok;

    memset(out, 0, sizeof(*out));
    out->cycles = 1;
    if (cond == 0xf) {
        /* the unconditional space, A5.7: BLX (immediate) is a branch; the
         * 1111 group is unallocated; the rest (PLD, barriers, NEON, SRS,
         * RFE, CPS, coprocessor) not modelled */
        if (FIELD(insn, 25, 3) == 5) {
            return decode_branch(insn, out, true);
        }
        if (FIELD(insn, 24, 4) == 0xf) {
            return false;
        }
        other(out);
        if ((insn & 0xfffffff0u) == 0xf57ff060u) {
            flush(out);                 /* ISB */
        }
        return true;
    }
    out->cond = cond != 0xe;
    /* MCR p15, 0, Rt, c7, c5, 4: the ARMv6 form of ISB (CP15ISB), as
     * Linux built for v6 and v7 issues it: a flush too; and a cp15 write
     * that changes the context */
    out->context = a8pipe_cp15_context_arm(insn);
    if (out->context || (insn & 0x0fff0fffu) == 0x0e070f95u) {
        flush(out);
        return true;
    }
    switch (FIELD(insn, 25, 3)) {
    case 0:
    case 1:
        ok = decode_dp_misc(insn, out);
        break;
    case 2:
        ok = decode_ls(insn, out);
        break;
    case 3:
        ok = BIT(insn, 4) ? decode_media(insn, out) : decode_ls(insn, out);
        break;
    case 4:
        ok = decode_lsm(insn, out);
        break;
    case 5:
        ok = decode_branch(insn, out, BIT(insn, 24));
        break;
    default:
        ok = other(out);                /* coprocessor, VFP, SVC */
        break;
    }
    if (ok && out->cond && out->cls != A8PIPE_OTHER) {
        /* the condition needs the flags at E3 [ours]: a flag-setting
         * instruction and a conditional one can pair */
        if (!out->flags_read || out->flags_read > A8PIPE_E3) {
            out->flags_read = A8PIPE_E3;
        }
    }
    return ok;
}

bool a8pipe_cp15_context_arm(uint32_t insn)
{
    /* MCR p15, 0, Rt, CRn, CRm, opc2 (ARMv7-A ARM A8.6.92): cond 1110
     * opc1 0 CRn Rt 1111 opc2 1 CRm */
    static const uint16_t crn_flushes = 1u << 1 | 1u << 2 | 1u << 3 |
                                        1u << 8 | 1u << 10 | 1u << 12;
    unsigned crn = FIELD(insn, 16, 4);

    if (insn >> 28 == 15 || (insn & 0x0ff00f10u) != 0x0e000f10u) {
        return false;                   /* not an MCR p15, 0 */
    }
    if (crn == 13) {
        /* FCSEIDR, CONTEXTIDR; not TPIDRURW, TPIDRURO, TPIDRPRW */
        return FIELD(insn, 0, 4) == 0 && FIELD(insn, 5, 3) <= 1;
    }
    return crn_flushes >> crn & 1;
}

/* ---- the Thumb decoder: ARMv7-A ARM (DDI 0406C) chapter A6 ------------- */

/*
 * A Thumb instruction costs what the ARM instruction that does the same
 * work costs: the Cortex-A8 decodes both into the same operations (TRM
 * 16.1; its tables give one figure for the ARM and Thumb-2 forms).  So
 * each Thumb encoding is rewritten as an A32 one with the same registers,
 * operand forms and flag setting, and decoded by a8pipe_decode_arm; the
 * immediates, offsets and branch targets do not matter to the timing and
 * are left 0.  In an IT block (a8pipe_decode_thumb_it) the ARM form
 * takes the instruction's condition, and the 16-bit data-processing forms
 * set no flags (but the compares), as the ARM ARM says of them there.
 */
#define AL              0xe0000000u
#define OPC_AND 0
#define OPC_EOR 1
#define OPC_SUB 2
#define OPC_RSB 3
#define OPC_ADD 4
#define OPC_ADC 5
#define OPC_SBC 6
#define OPC_TST 8
#define OPC_TEQ 9
#define OPC_CMP 10
#define OPC_CMN 11
#define OPC_ORR 12
#define OPC_MOV 13
#define OPC_BIC 14
#define OPC_MVN 15

static uint32_t a32_dp_imm(unsigned opc, unsigned s, unsigned rn, unsigned rd)
{
    return AL | 1u << 25 | opc << 21 | s << 20 | rn << 16 | rd << 12;
}

static uint32_t a32_dp_reg(unsigned opc, unsigned s, unsigned rn, unsigned rd,
                           unsigned rm, unsigned type, unsigned imm5)
{
    return AL | opc << 21 | s << 20 | rn << 16 | rd << 12 | imm5 << 7 |
           type << 5 | rm;
}

static uint32_t a32_dp_rsr(unsigned opc, unsigned s, unsigned rd, unsigned rm,
                           unsigned type, unsigned rs)
{
    return AL | opc << 21 | s << 20 | rd << 12 | rs << 8 | type << 5 |
           1u << 4 | rm;
}

/* LDR/STR/LDRB/STRB, immediate offset (@reg: register offset @rm, LSL
 * #@imm5); P, W as the Thumb form has them */
static uint32_t a32_ls(unsigned load, unsigned byte, unsigned rn, unsigned rt,
                       unsigned p, unsigned w, bool reg, unsigned rm,
                       unsigned imm5)
{
    return AL | (reg ? 3u : 2u) << 25 | p << 24 | 1u << 23 | byte << 22 |
           w << 21 | load << 20 | rn << 16 | rt << 12 |
           (reg ? imm5 << 7 | rm : 0);
}

/* LDRH/STRH/LDRSB/LDRSH (@op2 01, 10, 11 as A5.2.8 has them) */
static uint32_t a32_ls_extra(unsigned load, unsigned op2, unsigned rn,
                             unsigned rt, unsigned p, unsigned w, bool reg,
                             unsigned rm)
{
    return AL | p << 24 | 1u << 23 | (reg ? 0 : 1u) << 22 | w << 21 |
           load << 20 | rn << 16 | rt << 12 | 1u << 7 | op2 << 5 | 1u << 4 |
           (reg ? rm : 0);
}

static uint32_t a32_lsm(unsigned load, unsigned p, unsigned u, unsigned w,
                        unsigned rn, unsigned list)
{
    return AL | 4u << 25 | p << 24 | u << 23 | w << 21 | load << 20 |
           rn << 16 | list;
}

/* Thumb's data-processing opcodes (A6.3.1, A6.3.11) to ARM's; @rd_pc_s:
 * Rd is the PC and S set (the test forms), @rn_pc: Rn is the PC (the
 * move forms of ORR, ORN); -1: not an ALU operation */
static int t32_dp_opc(unsigned op, bool rd_pc_s, bool rn_pc)
{
    switch (op) {
    case 0: return rd_pc_s ? OPC_TST : OPC_AND;
    case 1: return OPC_BIC;
    case 2: return rn_pc ? OPC_MOV : OPC_ORR;
    case 3: return rn_pc ? OPC_MVN : OPC_ORR;   /* ORN costs as ORR [ours] */
    case 4: return rd_pc_s ? OPC_TEQ : OPC_EOR;
    case 8: return rd_pc_s ? OPC_CMN : OPC_ADD;
    case 10: return OPC_ADC;
    case 11: return OPC_SBC;
    case 13: return rd_pc_s ? OPC_CMP : OPC_SUB;
    case 14: return OPC_RSB;
    default: return -1;                         /* PKH, unallocated */
    }
}

/* A Thumb-2 LDRD/STRD (A6.3.6): Rt and Rt2 need not be a pair, so built
 * here rather than through the ARM form */
static bool decode_t32_dual(unsigned hw1, unsigned hw2, a8pipe_insn *o)
{
    unsigned rn = hw1 & 15, rt = hw2 >> 12, rt2 = (hw2 >> 8) & 15;
    bool load = BIT(hw1, 4), w = BIT(hw1, 5);

    memset(o, 0, sizeof(*o));
    o->cycles = 1;
    o->cls = load ? A8PIPE_LOAD : A8PIPE_STORE;
    o->dual = true;
    add_src(o, rn, A8PIPE_E1, 0);
    if (w && rn != A8PIPE_PC) {
        add_dst(o, rn, A8PIPE_E2);
    }
    if (load) {
        load_reg(o, rt);
        load_reg(o, rt2);
    } else {
        add_src(o, rt, A8PIPE_E3, 0);
        add_src(o, rt2, A8PIPE_E3, 0);
    }
    return true;
}

/* CBZ, CBNZ: a branch on a register's value (its compare, in the branch
 * unit: the register at E2, as an ALU operand [ours]) */
static bool decode_cbz(unsigned hw, a8pipe_insn *o)
{
    memset(o, 0, sizeof(*o));
    o->cls = A8PIPE_BRANCH;
    o->cycles = 1;
    o->writes_pc = true;
    add_src(o, hw & 7, A8PIPE_E2, 0);
    return true;
}

/* 16-bit Thumb, A6.2; *a32: the ARM equivalent, or 0 when decoded here */
static bool decode_t16(unsigned hw, a8pipe_insn *o, uint32_t *a32)
{
    unsigned r0 = hw & 7, r3 = (hw >> 3) & 7, r6 = (hw >> 6) & 7;
    unsigned r8 = (hw >> 8) & 7;

    *a32 = 0;
    switch (hw >> 12) {
    case 0: case 1:                             /* shift, add, sub */
        if (((hw >> 11) & 3) != 3) {            /* LSL/LSR/ASR #imm5 */
            *a32 = a32_dp_reg(OPC_MOV, 1, 0, r0, r3, (hw >> 11) & 3,
                              (hw >> 6) & 31);
        } else {
            unsigned opc = BIT(hw, 9) ? OPC_SUB : OPC_ADD;
            *a32 = BIT(hw, 10) ? a32_dp_imm(opc, 1, r3, r0)
                               : a32_dp_reg(opc, 1, r3, r0, r6, 0, 0);
        }
        return true;
    case 2: case 3: {                           /* MOV CMP ADD SUB #imm8 */
        static const unsigned opc[4] = { OPC_MOV, OPC_CMP, OPC_ADD, OPC_SUB };
        unsigned op = (hw >> 11) & 3;
        *a32 = a32_dp_imm(opc[op], 1, op ? r8 : 0, op == 1 ? 0 : r8);
        return true;
    }
    case 4:
        if (!BIT(hw, 11)) {
            if (!BIT(hw, 10)) {                 /* data-processing */
                static const int opc[16] = {
                    OPC_AND, OPC_EOR, -1, -1, -1, OPC_ADC, OPC_SBC, -1,
                    OPC_TST, OPC_RSB, OPC_CMP, OPC_CMN, OPC_ORR, -2,
                    OPC_BIC, OPC_MVN,
                };
                static const unsigned shift[16] = {
                    [2] = 0, [3] = 1, [4] = 2, [7] = 3,
                };
                unsigned op = (hw >> 6) & 15;
                if (opc[op] == -1) {            /* LSL LSR ASR ROR (reg) */
                    *a32 = a32_dp_rsr(OPC_MOV, 1, r0, r0, shift[op], r3);
                } else if (opc[op] == -2) {     /* MULS Rdm, Rn, Rdm */
                    *a32 = AL | 1u << 20 | r0 << 16 | r0 << 8 | 0x90 | r3;
                } else if (op == 9) {           /* RSBS Rd, Rn, #0 */
                    *a32 = a32_dp_imm(OPC_RSB, 1, r3, r0);
                } else {
                    bool test = opc[op] >= OPC_TST && opc[op] <= OPC_CMN;
                    bool move = opc[op] == OPC_MVN;
                    *a32 = a32_dp_reg(opc[op], 1, move ? 0 : r0,
                                      test ? 0 : r0, r3, 0, 0);
                }
                return true;
            }
            /* special data and branch exchange, A6.2.3 */
            unsigned rd = (BIT(hw, 7) << 3) | r0, rm = (hw >> 3) & 15;
            switch ((hw >> 8) & 3) {
            case 0:
                *a32 = a32_dp_reg(OPC_ADD, 0, rd, rd, rm, 0, 0);
                break;
            case 1:
                *a32 = a32_dp_reg(OPC_CMP, 1, rd, 0, rm, 0, 0);
                break;
            case 2:
                *a32 = a32_dp_reg(OPC_MOV, 0, 0, rd, rm, 0, 0);
                break;
            default:                            /* BX, BLX (register) */
                *a32 = AL | 0x012fff10u | (BIT(hw, 7) ? 0x20u : 0) | rm;
                break;
            }
            return true;
        }
        *a32 = a32_ls(1, 0, A8PIPE_PC, r8, 1, 0, false, 0, 0); /* literal */
        return true;
    case 5: {                                   /* load/store, register */
        /* STR STRH STRB LDRSB LDR LDRH LDRB LDRSH; the halfword and
         * signed ones by A5.2.8's op2 */
        static const unsigned op2[8] = { 0, 1, 0, 2, 0, 1, 0, 3 };
        unsigned op = (hw >> 9) & 7;
        *a32 = op & 1 ? a32_ls_extra(op > 1, op2[op], r3, r0, 1, 0, true, r6)
                      : a32_ls(op >= 4, (op >> 1) & 1, r3, r0, 1, 0, true,
                               r6, 0);
        return true;
    }
    case 6: case 7:                             /* STR LDR STRB LDRB #imm5 */
        *a32 = a32_ls(BIT(hw, 11), BIT(hw, 12), r3, r0, 1, 0, false, 0, 0);
        return true;
    case 8:                                     /* STRH LDRH #imm5 */
        *a32 = a32_ls_extra(BIT(hw, 11), 1, r3, r0, 1, 0, false, 0);
        return true;
    case 9:                                     /* STR LDR [SP, #imm8] */
        *a32 = a32_ls(BIT(hw, 11), 0, 13, r8, 1, 0, false, 0, 0);
        return true;
    case 10:                                    /* ADR, ADD Rd, SP, #imm */
        *a32 = a32_dp_imm(OPC_ADD, 0, BIT(hw, 11) ? 13 : A8PIPE_PC, r8);
        return true;
    case 11: {                                  /* miscellaneous, A6.2.5 */
        unsigned op = (hw >> 5) & 0x7f;
        if ((op & 0x78) == 0x00) {              /* ADD/SUB SP, SP, #imm */
            *a32 = a32_dp_imm(BIT(hw, 7) ? OPC_SUB : OPC_ADD, 0, 13, 13);
        } else if ((op & 0x28) == 0x08) {       /* CBZ, CBNZ: 1011 o0i1 */
            return decode_cbz(hw, o);
        } else if ((op & 0x78) == 0x10) {       /* SXTH SXTB UXTH UXTB */
            static const unsigned x[4] = { 0x0b, 0x0a, 0x0f, 0x0e };
            *a32 = AL | 0x06000070u | x[(hw >> 6) & 3] << 20 | 15u << 16 |
                   r0 << 12 | r3;
        } else if ((op & 0x70) == 0x20) {       /* PUSH: STMDB SP! */
            *a32 = a32_lsm(0, 1, 0, 1, 13,
                           (hw & 0xff) | (BIT(hw, 8) ? 1u << 14 : 0));
        } else if ((op & 0x70) == 0x60) {       /* POP: LDMIA SP! */
            *a32 = a32_lsm(1, 0, 1, 1, 13,
                           (hw & 0xff) | (BIT(hw, 8) ? 1u << 15 : 0));
        } else {
            other(o);                           /* IT, hints, REV, CPS... */
        }
        return true;
    }
    case 12: {                                  /* STM, LDM Rn{!} */
        unsigned list = hw & 0xff;
        bool load = BIT(hw, 11);
        *a32 = a32_lsm(load, 0, 1, !load || !(list >> r8 & 1), r8, list);
        return true;
    }
    case 13: {
        unsigned cond = (hw >> 8) & 15;
        if (cond == 14) {
            return false;                       /* UDF */
        }
        if (cond == 15) {
            other(o);                           /* SVC */
            return true;
        }
        *a32 = (uint32_t)cond << 28 | 0x0a000000u;    /* B<cond> */
        return true;
    }
    default:                                    /* 14: B */
        *a32 = AL | 0x0a000000u;
        return true;
    }
}

/* 32-bit Thumb, A6.3 */
static bool decode_t32(unsigned hw1, unsigned hw2, a8pipe_insn *o,
                       uint32_t *a32)
{
    unsigned op1 = (hw1 >> 11) & 3, op2 = (hw1 >> 4) & 0x7f;
    unsigned rn = hw1 & 15, rd = (hw2 >> 8) & 15, rm = hw2 & 15;
    unsigned rt = hw2 >> 12, s = BIT(hw1, 4);

    *a32 = 0;
    if (op1 == 1) {
        if ((op2 & 0x64) == 0x00) {             /* LDM, STM (A6.3.5) */
            unsigned op = (hw1 >> 7) & 3;
            if (op != 1 && op != 2) {
                other(o);                       /* SRS, RFE */
                return true;
            }
            *a32 = a32_lsm(BIT(hw1, 4), op == 2, op == 1, BIT(hw1, 5), rn,
                           hw2);
            return true;
        }
        if ((op2 & 0x64) == 0x04) {             /* dual, exclusive, TBB */
            if (!BIT(hw1, 8) && !BIT(hw1, 5)) {
                other(o);                       /* LDREX.., TBB, TBH */
                return true;
            }
            return decode_t32_dual(hw1, hw2, o);
        }
        if ((op2 & 0x60) == 0x20) {             /* shifted register */
            int opc = t32_dp_opc((hw1 >> 5) & 15, rd == 15 && s, rn == 15);
            unsigned imm5 = ((hw2 >> 12) & 7) << 2 | ((hw2 >> 6) & 3);
            bool test = opc >= OPC_TST && opc <= OPC_CMN;
            bool move = opc == OPC_MOV || opc == OPC_MVN;
            if (opc < 0) {
                other(o);
                return true;
            }
            *a32 = a32_dp_reg(opc, s, move ? 0 : rn, test ? 0 : rd, rm,
                              (hw2 >> 4) & 3, imm5);
            return true;
        }
        if ((hw1 & 0xfff0u) == 0xee00u && (hw2 & 0x0f10u) == 0x0f10u) {
            /* MCR p15, 0 (T1): the A32 encoding with cond 1110, so
             * CP15ISB and the context writes flush as in ARM */
            *a32 = (uint32_t)hw1 << 16 | hw2;
            return true;
        }
        other(o);                               /* coprocessor */
        return true;
    }
    if (op1 == 2) {
        if (BIT(hw2, 15)) {                     /* branches, A6.3.4 */
            unsigned op = (hw2 >> 12) & 7;
            if (op & 4) {                       /* BL, BLX (immediate) */
                *a32 = op & 1 ? AL | 0x0b000000u : 0xfa000000u;
            } else if (op & 1) {                /* B (T4) */
                *a32 = AL | 0x0a000000u;
            } else if (((hw1 >> 7) & 7) != 7) { /* B<cond> (T3) */
                *a32 = (uint32_t)((hw1 >> 6) & 15) << 28 | 0x0a000000u;
            } else if (hw1 == 0xf3bfu && (hw2 & 0xfff0u) == 0x8f60u) {
                *a32 = 0xf57ff060u | (hw2 & 15);        /* ISB */
            } else {
                other(o);                       /* MSR, MRS, hints, DSB.. */
            }
            return true;
        }
        if (!(op2 & 0x20)) {                    /* modified immediate */
            int opc = t32_dp_opc((hw1 >> 5) & 15, rd == 15 && s, rn == 15);
            bool test = opc >= OPC_TST && opc <= OPC_CMN;
            bool move = opc == OPC_MOV || opc == OPC_MVN;
            if (opc < 0) {
                other(o);
                return true;
            }
            *a32 = a32_dp_imm(opc, s, move ? 0 : rn, test ? 0 : rd);
            return true;
        }
        switch (op2 & 0x1f) {                   /* plain binary immediate */
        case 0x00:                              /* ADDW */
            *a32 = a32_dp_imm(OPC_ADD, 0, rn, rd);
            break;
        case 0x0a:                              /* SUBW */
            *a32 = a32_dp_imm(OPC_SUB, 0, rn, rd);
            break;
        case 0x04:                              /* MOVW */
            *a32 = AL | 0x03000000u | rd << 12;
            break;
        case 0x0c:                              /* MOVT */
            *a32 = AL | 0x03400000u | rd << 12;
            break;
        default:
            other(o);                           /* SSAT, BFI, UBFX... */
            break;
        }
        return true;
    }
    /* op1 == 3 */
    if ((op2 & 0x71) == 0x00) {                 /* store single, A6.3.10 */
        unsigned size = (hw1 >> 5) & 3;
        bool imm12 = BIT(hw1, 7), reg = !imm12 && !((hw2 >> 6) & 0x3f);
        unsigned p = 1, w = 0;
        if (!imm12 && !reg && BIT(hw2, 11)) {   /* imm8: P, W */
            p = BIT(hw2, 10);
            w = BIT(hw2, 8);
        }
        if (size == 1) {
            *a32 = a32_ls_extra(0, 1, rn, rt, p, w, reg, rm);
        } else if (size == 0 || size == 2) {
            *a32 = a32_ls(0, size == 0, rn, rt, p, w, reg, rm,
                          (hw2 >> 4) & 3);
        } else {
            return false;
        }
        return true;
    }
    if ((op2 & 0x61) == 0x01 && ((op2 >> 1) & 3) != 3) {   /* loads */
        unsigned size = (hw1 >> 5) & 3, sgn = BIT(hw1, 8);
        bool imm12 = BIT(hw1, 7) || rn == A8PIPE_PC;
        bool reg = !imm12 && !((hw2 >> 6) & 0x3f);
        unsigned p = 1, w = 0;
        if (rt == A8PIPE_PC && size < 2) {
            other(o);                           /* PLD, PLI */
            return true;
        }
        if (!imm12 && !reg && BIT(hw2, 11)) {
            p = BIT(hw2, 10);
            w = BIT(hw2, 8);
        }
        if (size == 2) {
            *a32 = a32_ls(1, 0, rn, rt, p, w, reg, rm, (hw2 >> 4) & 3);
        } else if (size == 0 && !sgn) {
            *a32 = a32_ls(1, 1, rn, rt, p, w, reg, rm, (hw2 >> 4) & 3);
        } else {                                /* LDRH, LDRSB, LDRSH */
            *a32 = a32_ls_extra(1, size == 1 ? (sgn ? 3 : 1) : 2, rn, rt, p,
                                w, reg, rm);
        }
        return true;
    }
    if ((op2 & 0x70) == 0x20) {                 /* data-processing (reg) */
        unsigned a = (hw1 >> 4) & 15, b = (hw2 >> 4) & 15;
        if (a < 8 && b == 0) {                  /* LSL LSR ASR ROR (reg) */
            *a32 = a32_dp_rsr(OPC_MOV, a & 1, rd, rn, a >> 1, rm);
        } else if (b >= 8 && (a == 0 || a == 1 || a == 4 || a == 5)) {
            static const unsigned x[6] = { 0x0b, 0x0f, 0, 0, 0x0a, 0x0e };
            *a32 = AL | 0x06000070u | x[a] << 20 | rn << 16 | rd << 12 | rm;
        } else if (a == 0xb && b == 8) {        /* CLZ */
            *a32 = AL | 0x016f0f10u | rd << 12 | rm;
        } else {
            other(o);                           /* REV, SIMD, saturating */
        }
        return true;
    }
    if ((op2 & 0x78) == 0x30) {                 /* multiply, A6.3.16 */
        unsigned ra = rt;
        if (((hw1 >> 4) & 7) || ((hw2 >> 4) & 3) > 1) {
            other(o);                           /* SMULxy, SMLAD... */
        } else if ((hw2 >> 4) & 1) {            /* MLS */
            *a32 = AL | 0x00600090u | rd << 16 | ra << 12 | rm << 8 | rn;
        } else if (ra == 15) {                  /* MUL */
            *a32 = AL | 0x00000090u | rd << 16 | rm << 8 | rn;
        } else {                                /* MLA */
            *a32 = AL | 0x00200090u | rd << 16 | ra << 12 | rm << 8 | rn;
        }
        return true;
    }
    if ((op2 & 0x78) == 0x38) {                 /* long multiply, A6.3.17 */
        static const uint32_t x[8] = {
            0x00c00090u, 0, 0x00800090u, 0, 0x00e00090u, 0, 0x00a00090u, 0,
        };
        unsigned op = (hw1 >> 4) & 7;
        if (!x[op] || ((hw2 >> 4) & 15)) {
            other(o);                           /* SDIV, UDIV, SMLALxy.. */
        } else {
            *a32 = AL | x[op] | rd << 16 | rt << 12 | rm << 8 | rn;
        }
        return true;
    }
    other(o);                                   /* coprocessor, NEON */
    return true;
}

/* A 16-bit instruction's ARM form in an IT block: the data-processing
 * forms and MULS that set the flags outside one do not inside (ARMv7-A
 * ARM A6.2, "setflags = !InITBlock()"); the compares do */
static uint32_t t16_in_it(uint32_t a32)
{
    unsigned opc = (a32 >> 21) & 15;

    if ((a32 & 0x0fe000f0u) == 0x00000090u) {
        return a32 & ~(1u << 20);               /* MULS: MUL */
    }
    if (FIELD(a32, 26, 2) == 0 && (a32 & 0x02000090u) != 0x90u &&
        (opc < OPC_TST || opc > OPC_CMN)) {
        return a32 & ~(1u << 20);               /* ADDS: ADD, and so on */
    }
    return a32;
}

bool a8pipe_decode_thumb_it(uint32_t insn, unsigned it, a8pipe_insn *out)
{
    unsigned cond = it ? it & 15 : 14;
    uint32_t a32;
    bool ok;

    memset(out, 0, sizeof(*out));
    out->cycles = 1;
    if (insn >> 16) {
        ok = decode_t32(insn >> 16, insn & 0xffff, out, &a32);
    } else {
        ok = decode_t16(insn, out, &a32);
        if (ok && a32 && it) {
            a32 = t16_in_it(a32);
        }
    }
    if (ok && a32) {
        if (a32 >> 28 == 14) {                  /* not the 1111 space */
            a32 = (a32 & 0x0fffffffu) | (uint32_t)cond << 28;
        }
        return a8pipe_decode_arm(a32, out);
    }
    if (ok && cond != 14) {
        /* decoded here (LDRD, STRD; IT, hints...): conditional; a load or
         * store reads the flags at E3 as a8pipe_decode_arm takes them
         * [ours], the old values of the registers it loads are not made
         * sources */
        out->cond = true;
        if (out->cls != A8PIPE_OTHER &&
            (!out->flags_read || out->flags_read > A8PIPE_E3)) {
            out->flags_read = A8PIPE_E3;
        }
    }
    return ok;
}

bool a8pipe_decode_thumb(uint32_t insn, a8pipe_insn *out)
{
    return a8pipe_decode_thumb_it(insn, 0, out);
}
