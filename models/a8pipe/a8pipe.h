/*
 * Cortex-A8 (r3p2) integer issue model: in which cycle each instruction
 * of a straight-line block issues, under the in-order dual-issue rules and
 * the result latencies of the Cortex-A8 TRM (ARM DDI 0344K, chapter 16,
 * "Instruction Cycle Timing").  docs/cortex-a8-timing.md gives the facts
 * and their sources; this is the static part of issue 18 (pairing and
 * interlocks inside one translation block), which the machine's
 * translator hook (qemu-n9/hw/n9/timing/n9_pipeline.c) calls with
 * -M rm696,pipeline=on.
 *
 * Plain C99: no QEMU types, no globals, no allocation.  A translator
 * decodes each guest instruction once (a8pipe_decode_arm, or
 * a8pipe_decode_thumb) into a small
 * descriptor (a8pipe_insn) and feeds the descriptors of one block, in
 * program order, to a scoreboard (a8pipe_block); the scoreboard answers
 * the issue cycle of each and the cycles of the whole block.
 *
 * Cycles count as the TRM's examples count them: the first instruction of
 * a block issues in cycle 1.  Stages are the execute stages E0..E5: a
 * source "needed at Es" must have been produced by the end of the cycle
 * before the consumer reaches Es; a result "available at Er" can be used
 * from the cycle after the producer's Er.  Multi-cycle instructions take
 * their sources at their first cycle and give their results relative to
 * their last (TRM 16.2), except load/store multiple, whose registers move
 * one or two a cycle.
 *
 * What the model leaves out (the dynamic part, charged elsewhere): branch
 * prediction (a8bpred.h, at run time), cache and TLB misses and replays,
 * NEON/VFP; what crosses the
 * block's end is left to a run-time caller (a8pipe_block_edges,
 * a8pipe_carry_enter: results in flight; a8pipe_block_tail,
 * a8pipe_pair_head, a8pipe_pair_edges: a pair across it).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef MODELS_A8PIPE_A8PIPE_H
#define MODELS_A8PIPE_A8PIPE_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The execute stages the TRM's tables name (16.2). */
enum { A8PIPE_E0, A8PIPE_E1, A8PIPE_E2, A8PIPE_E3, A8PIPE_E4, A8PIPE_E5 };

/* Instruction classes: what decides the pipelines and units an
 * instruction takes (TRM 16.3, Table 16-15). */
typedef enum a8pipe_class {
    A8PIPE_ALU,             /* data-processing, operand 2 immediate or a
                             * plain register */
    A8PIPE_ALU_SHIFT_IMM,   /* ... operand 2 a register shifted by an
                             * immediate (or RRX, or an extend) */
    A8PIPE_ALU_SHIFT_REG,   /* ... shifted by a register */
    A8PIPE_MUL,             /* multiply: pipeline 0 only */
    A8PIPE_MAC,             /* multiply-accumulate: pipeline 0 only */
    A8PIPE_LOAD,            /* single load: the load/store unit */
    A8PIPE_STORE,           /* single store */
    A8PIPE_LOAD_MULTIPLE,   /* LDM/POP: registers in reglist */
    A8PIPE_STORE_MULTIPLE,  /* STM/PUSH */
    A8PIPE_BRANCH,          /* B, BL, BX, BLX */
    A8PIPE_OTHER,           /* not modelled: issues alone, one cycle */
    A8PIPE_NUM_CLASSES
} a8pipe_class;

/* A flush of the integer pipeline: its length in cycles (TRM 16.4.1, the
 * penalty of a change of flow the prefetch unit did not predict); an ISB
 * takes it beyond its own cycle [ours: the ISB flushes the pipeline, ARM
 * ARM, and no A8 figure of its own was at hand] */
#define A8PIPE_FLUSH    13

#define A8PIPE_MAX_SRC  6
#define A8PIPE_MAX_DST  3
#define A8PIPE_PC       15

/* a8pipe_src.flags */
#define A8PIPE_SRC_ACC  1u  /* a multiply-accumulate's accumulator: needed
                             * at E2, but a multiply's result reaches it by
                             * the accumulator forwarding path (TRM Table
                             * 16-4, note a) */

typedef struct a8pipe_src {
    uint8_t reg;            /* r0..r14 (the PC is always ready: left out) */
    uint8_t stage;          /* needed at E<stage> */
    uint8_t flags;          /* A8PIPE_SRC_* */
} a8pipe_src;

typedef struct a8pipe_dst {
    uint8_t reg;            /* r0..r14 (a write to the PC: writes_pc) */
    uint8_t stage;          /* available at E<stage> */
} a8pipe_dst;

/*
 * One instruction, as the scoreboard needs it.  All fields are plain data:
 * a translator may build one by hand, or take a8pipe_decode_arm's.
 */
typedef struct a8pipe_insn {
    uint8_t cls;            /* a8pipe_class */
    uint8_t cycles;         /* issue cycles (1 for most; multiplies 2-3,
                             * a load to the PC 2, ...); 0 for load/store
                             * multiple: from nregs and aligned64 */
    uint8_t nsrc, ndst;
    a8pipe_src src[A8PIPE_MAX_SRC];
    a8pipe_dst dst[A8PIPE_MAX_DST];     /* for LDM/STM: the base write-back
                                         * only (reglist has the rest) */
    uint8_t flags_read;     /* stage the NZCV flags are needed at; 0: none */
    uint8_t flags_write;    /* stage they are available at; 0: not set */
    bool cond;              /* conditional (cond != AL) */
    bool writes_pc;         /* a branch: takes the branch unit */
    bool flush;             /* it flushes the pipeline (ISB): @cycles is
                             * 1 + A8PIPE_FLUSH, which a caller with
                             * another flush cost may replace */
    bool context;           /* the flush is a cp15 write's that changes
                             * the context (a8pipe_cp15_context_arm): a
                             * caller that does not follow TRM 5.6.1 may
                             * take it as one cycle */
    /* load/store multiple */
    uint16_t reglist;       /* bit n: rn transferred (r15 included) */
    uint8_t nregs;          /* bits set in reglist */
    bool aligned64;         /* the lowest address is 64-bit aligned; the
                             * decoder cannot know, and says false */
    bool dual;              /* LDRD or STRD: one cycle, as from a 64-bit
                             * aligned address (a caller that knows it is
                             * not adds the second) */
} a8pipe_insn;

/*
 * The scoreboard of one block: small, plain data (a hundred bytes),
 * reset by a8pipe_block_start.  Times are in cycles from the block's start.
 */
typedef struct a8pipe_block {
    uint32_t cur;           /* the last cycle the last issued instruction
                             * occupies (0: nothing issued yet) */
    bool pair_open;         /* pipeline 1 of cycle cur is free for a partner
                             * of the instruction in pipeline 0 */
    bool cur_ls, cur_branch;    /* units taken in cycle cur (the
                                 * multiplier needs no flag: pipeline 0
                                 * only, one instruction there) */
    uint16_t cur_dst;       /* registers written by cycle cur's instruction */
    uint16_t from_mul;      /* registers last written by a multiply */
    uint32_t flags_ready;   /* flags usable at Es by an instruction issued
                             * in cycle c when c + s >= flags_ready */
    uint32_t ready[16];     /* the same for each register */
    /* the block's edges (a8pipe_block_edges) */
    uint16_t written;       /* bit r: the block wrote r (bit 15: flags) */
    uint8_t first_read[16]; /* the least c + s at which the block reads
                             * r before writing it (15: the flags); 0:
                             * it does not */
} a8pipe_block;

/* Forget everything: the next instruction issues in cycle 1. */
void a8pipe_block_start(a8pipe_block *b);

/*
 * Issue @i after those issued since a8pipe_block_start: returns the cycle
 * in which it issues (its first, if it takes several).
 */
uint32_t a8pipe_block_issue(a8pipe_block *b, const a8pipe_insn *i);

/* The cycles the block takes if it ends after the last issued instruction
 * (its last issue cycle; 0 for an empty block). */
uint32_t a8pipe_block_cycles(const a8pipe_block *b);

/*
 * Results in flight across blocks.  The scoreboard forgets everything at
 * a8pipe_block_start, but the pipeline does not: a multiply at the end of
 * one block delays its user at the start of the next.  A run-time caller
 * (which knows which block follows which) keeps the results in flight as
 * a carry word: nibble r (r0..r14; 15: the flags) is the ready value
 * relative to the next block's start (an instruction of it issued in
 * cycle c may read r at Es when c + s >= the nibble; 0: nothing in
 * flight).  A block's part in that is three words, made at its end:
 *   @need: nibble r, the least c + s at which it reads r before it
 *          writes it (15: it does not, or not that early);
 *   @out: nibble r, for each register it writes, the ready value of its
 *          last write relative to the block's end (0: ready by then);
 *   @written: bit r, it writes r.
 * A carry or @out nibble is at most 7 (a result is at most E5 + 1 cycles
 * after its instruction's last; a longer one saturates there), a @need
 * nibble at most 15.  A ready value of A8PIPE_MIN_NEED or less holds up
 * no read (the decoder's earliest source stage is E1, and a block's first
 * instruction may issue in cycle 0, paired with the last of the block
 * before: a8pipe_pair_edges; so the least c + s is 1): it is dropped (0),
 * so that a carry is 0 most of the time.
 *
 * The common case needs no call: @limit (also made at the block's end)
 * has, in nibble r, the largest carried value of r after which the block
 * neither waits nor leaves that old value in flight, with bit 3 of each
 * nibble set as a guard; a8pipe_carry_passes tests all sixteen at once,
 * and when it holds the carry after the block is just its @out.
 */
#define A8PIPE_MIN_NEED         1
#define A8PIPE_MAX_CARRY        7
#define A8PIPE_GUARD            0x8888888888888888ull
#define A8PIPE_NIBBLE(w, r)     ((uint32_t)((w) >> (4 * (r))) & 15u)
#define A8PIPE_FLAGS_SLOT       15
void a8pipe_block_edges(const a8pipe_block *b, uint64_t *need,
                        uint64_t *out, uint16_t *written, uint64_t *limit);
/*
 * Nibble by nibble, carry <= limit (both at most 7 but for the guard, so
 * no lane borrows from the next): then a8pipe_carry_enter would return 0
 * and set the carry to @out, and need not be called.
 */
static inline bool a8pipe_carry_passes(uint64_t carry, uint64_t limit)
{
    return ((limit - carry) & A8PIPE_GUARD) == A8PIPE_GUARD;
}
/*
 * A block (@need, @out, @written; @cycles long) entered with @carry in
 * flight: returns the cycles its start waits (the largest carry nibble
 * less its need nibble; the whole block is taken to move by that, as an
 * in-order pipeline moves everything after the stalled instruction), and
 * sets @carry to what is in flight at its end: @out for what it writes,
 * the rest of the old carry less the block's cycles and the wait.
 */
uint32_t a8pipe_carry_enter(uint64_t *carry, uint64_t need, uint64_t out,
                            uint16_t written, uint32_t cycles);
/* @cycles pass with nothing issued (a flush): what is in flight moves
 * that much nearer (0 once it could no longer hold up a read). */
void a8pipe_carry_advance(uint64_t *carry, uint32_t cycles);
/*
 * A stall of @cycles at an instruction (an I/O access the pipeline waits
 * for): what was in flight before it moves that much nearer, as under a
 * flush, but for the registers in @keep (slots as @written: the
 * instruction's own results, a8pipe_insn_writes), which it makes at the
 * stall's end.  An in-order core that waits hundreds of cycles for one
 * access has every older result by then.
 */
void a8pipe_carry_settle(uint64_t *carry, uint16_t keep, uint32_t cycles);
/* The slots @i writes: bit r for rn (LDM's list, a base write-back; never
 * the PC), bit A8PIPE_FLAGS_SLOT for the flags */
uint16_t a8pipe_insn_writes(const a8pipe_insn *i);

/*
 * Pairs across a block's end.  Within a QEMU block a branch is the last
 * instruction, but the core pairs a branch with the instruction that
 * follows it on the predicted path ([TRM] Example 16-6), and any block's
 * last instruction with the next block's first if the rules allow.  At
 * run time, when nothing came between them (no wrong prediction, no
 * exception, no fetch stall), the caller tests the block before's tail
 * against this block's head:
 *   a8pipe_block_tail, at a block's end: 0 if pipeline 1 of its last
 *       cycle is taken (or holds no partner: an instruction the model
 *       does not know); else A8PIPE_TAIL_OPEN and what that cycle takes:
 *       the load/store unit, the branch unit, the registers it writes;
 *   a8pipe_pair_head, of a block's first instruction: 0 if it can never
 *       go in pipeline 1 (multi-cycle, a multiply, one not known); else
 *       the same bits for it.  The pair is possible iff
 *       (tail & head) == A8PIPE_TAIL_OPEN, and the first instruction's
 *       operands are ready in that cycle: the results in flight, tested
 *       with the paired schedule's edges.
 * The paired schedule is a second scoreboard (a8pipe_block_start_paired,
 * then the same instructions); a8pipe_pair_edges gives its edges in the
 * block's own frame (its cycle 0 the cycle before its first: @need down
 * by one, a read at E1 in cycle 0 is c + s = 1), and its @cycles from the
 * block's start: one less than a8pipe_block_cycles's, or the same (the
 * pair gains nothing in this block, but its last cycle may be left open
 * where it was not: the core pairs greedily, as inside a block), or more
 * (not seen; the caller then keeps the block alone).
 */
#define A8PIPE_TAIL_OPEN        1u
#define A8PIPE_TAIL_LS          2u
#define A8PIPE_TAIL_BRANCH      4u
#define A8PIPE_TAIL_DST_SHIFT   16
void a8pipe_block_start_paired(a8pipe_block *b);
uint32_t a8pipe_block_tail(const a8pipe_block *b);
uint32_t a8pipe_pair_head(const a8pipe_insn *i);
void a8pipe_pair_edges(const a8pipe_block *b, uint64_t *need, uint64_t *out,
                       uint16_t *written, uint64_t *limit, uint32_t *cycles);
/*
 * @need as a limit for a8pipe_carry_passes that tests the wait alone: it
 * passes exactly when a8pipe_carry_enter would return 0 (whatever it
 * leaves in flight).  A caller tests a pair with it first: a pair whose
 * first instruction would wait is no pair, and needs no call.
 */
uint64_t a8pipe_need_limit(uint64_t need);

/*
 * Decode one ARM (A32) instruction (ARMv7-A ARM, DDI 0406C, chapter A5)
 * into @out: the classes above for data-processing (all operand forms),
 * MOVW/MOVT, CLZ, the extends, MUL/MLA/MLS/UMULL/UMLAL/UMAAL/SMULL/SMLAL,
 * LDR/STR/LDRB/STRB/LDRH/STRH/LDRSB/LDRSH/LDRD/STRD (all addressing
 * modes), LDM/STM, B/BL/BX/BLX; every other instruction as A8PIPE_OTHER.
 * Returns false only for an encoding that is architecturally undefined
 * (UDF, an unallocated multiply, the unconditional space's 1111 group).
 */
bool a8pipe_decode_arm(uint32_t insn, a8pipe_insn *out);

/*
 * Decode one Thumb instruction into @out: a 16-bit one in bits 15:0 (bits
 * 31:16 zero), a 32-bit one with its first halfword in bits 31:16 (ARMv7-A
 * ARM, chapter A6).  Each is costed as the ARM instruction that does the
 * same (the same registers, operand form and flag setting), so the
 * classes and stages are a8pipe_decode_arm's; A8PIPE_OTHER for what that
 * decoder leaves out and for IT, the hints, REV and the bit-field forms;
 * CBZ/CBNZ a branch reading its register at E2.  As outside an IT block
 * (a8pipe_decode_thumb_it for one inside).  Returns false only for UDF
 * and the unallocated encodings that reach it.
 */
bool a8pipe_decode_thumb(uint32_t insn, a8pipe_insn *out);
/*
 * The same for an instruction in an IT block: @it is 0x10 | the
 * instruction's own condition (ITSTATE's, ARMv7-A ARM A2.5.2, as the
 * translator knows it), 0 outside one.  The instruction is costed as the
 * ARM instruction with that condition, and a 16-bit data-processing form
 * (but a compare) as one that does not set the flags.
 */
bool a8pipe_decode_thumb_it(uint32_t insn, unsigned it, a8pipe_insn *out);

/*
 * A cp15 write after which the Cortex-A8 flushes its pipeline "to ensure
 * that the instructions following the given CP15 instruction are fetched
 * in the new context" (TRM 5.6.1, "Instruction memory barriers"; the
 * registers are "certain CP15 registers or CP15 operations").  Which ones
 * is ours (docs/cortex-a8-timing.md, "cp15 writes"): MCR p15, 0 to the
 * system control registers that decide how instructions are fetched and
 * translated: c1 (SCTLR, ACTLR, CPACR, the security configuration), c2
 * (TTBR0, TTBR1, TTBCR), c3 (DACR), c8 (TLB maintenance), c10 (PRRR,
 * NMRR, TLB lockdown), c12 (VBAR, MVBAR) and c13's FCSEIDR and
 * CONTEXTIDR.  Not the thread ID registers (c13, c0, 2-4: "no effect on
 * the processor state or operation", TRM 3.2.73), not c7 (cache and branch
 * predictor maintenance: 5.6 has the predictor's "without cycle penalty",
 * and self-modifying code needs its own barrier; its barriers are above),
 * nor c9, c15 or opc1 != 0 (performance monitors, L2 and the rest).
 * @insn: an A32 encoding (a8pipe_decode_thumb gives the T32 MCR's, which
 * is the same with cond 1110, to a8pipe_decode_arm).
 */
bool a8pipe_cp15_context_arm(uint32_t insn);

/* The issue cycles of a load/store multiple of @nregs registers (TRM Table
 * 16-15 and docs/cortex-a8-timing.md). */
uint32_t a8pipe_lsm_cycles(uint32_t nregs, bool aligned64);

#ifdef __cplusplus
}
#endif

#endif /* MODELS_A8PIPE_A8PIPE_H */
