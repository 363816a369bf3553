/*
 * Cortex-A8 (r3p2) program flow prediction: the dynamic part of issue
 * 18's pipeline cost.  The TRM (ARM DDI 0344, chapter 5 "Program Flow
 * Prediction") gives the parts and the penalty; docs/cortex-a8-timing.md
 * ("Branch prediction") gives each fact's source and marks what is ours:
 *   - a 512-entry 2-way set-associative Branch Target Buffer (BTB),
 *   - a 4096-entry Global History Buffer (GHB) of 2-bit counters, indexed
 *     with the direction of the last ten branches,
 *   - an 8-entry return stack, pushed by BL/BLX, popped by the returns
 *     (BX lr, MOV pc,lr, LDM/POP with the PC from sp, LDR pc,[sp]),
 *   - a branch that is not predicted runs as one predicted not taken, and
 *     a wrong prediction (direction or target) flushes the pipeline: 13
 *     cycles; with flow prediction off (SCTLR.Z clear) every taken branch
 *     pays them;
 *   - exception returns (an S-suffixed write of the PC, LDM with ^, RFE)
 *     and mode changes are never predicted;
 *   - any change of flow the prefetch unit did not predict flushes the
 *     pipeline, 13 cycles (TRM 16.4.1): so does an exception's entry.
 *
 * The translator classifies each instruction once (a8bpred_classify_*);
 * at run time the machine hands each executed branch, with where the code
 * went next, to a8bpred_resolve, which answers the penalty and trains the
 * tables.  Plain C99: no QEMU types, no globals, no allocation; the state
 * is plain data (the machine saves it in its snapshots).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef MODELS_A8PIPE_A8BPRED_H
#define MODELS_A8PIPE_A8BPRED_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define A8BPRED_BTB_ENTRIES     512     /* TRM 5.1 */
#define A8BPRED_BTB_WAYS        2       /* TRM 5.1: 2-way set-associative */
#define A8BPRED_BTB_SHIFT       2       /* the set index's lowest address
                                         * bit [ours: the word address] */
#define A8BPRED_BTB_SHIFT_MAX   16
#define A8BPRED_GHB             4096
#define A8BPRED_HIST_BITS       10
#define A8BPRED_RSTACK          8
#define A8BPRED_PENALTY         13      /* cycles, TRM 5.1 */

/* A branch's kind (a8bpred_classify_*): 0 is "not a branch" */
enum {
    A8BPRED_NONE = 0,
    A8BPRED_DIRECT,         /* B: a fixed target */
    A8BPRED_INDIRECT,       /* BX rm, LDR pc, a data-processing PC write... */
    A8BPRED_CALL,           /* BL, BLX: pushes the return stack */
    A8BPRED_RETURN,         /* BX lr, MOV pc,lr, LDM sp/POP {pc}, LDR pc,[sp] */
    A8BPRED_UNPREDICTED,    /* exception returns, mode changes */
    A8BPRED_EXCEPTION,      /* not an instruction: an exception's entry
                             * (the machine's token at an exception or a
                             * taken interrupt) */
};

/* a8bpred_classify_*: kind in bits 2:0, A8BPRED_COND: conditional, and
 * A8BPRED_SIZE4: a 4-byte instruction (the next one is 4 on) */
#define A8BPRED_KIND(c)     ((c) & 7u)
#define A8BPRED_COND        8u
#define A8BPRED_SIZE4       16u

/* Counters per class: kind, + 8 if conditional (a8bpred_class_names) */
#define A8BPRED_CLASSES     16
extern const char *const a8bpred_class_names[A8BPRED_CLASSES];

unsigned a8bpred_classify_arm(uint32_t insn);
/* Thumb: a 16-bit one in bits 15:0, a 32-bit one with its first halfword
 * in bits 31:16 (a8pipe_decode_thumb's form); IT blocks not followed */
unsigned a8bpred_classify_thumb(uint32_t insn);

/*
 * Branch-predictor maintenance (TRM 5.6): MCR p15, 0, Rt, c7, c5, 6,
 * BPIALL, "invalidate entire branch predictor array"; a NOP unless
 * ACTLR.IBE is set (the N9's firmware sets it).  Returns
 * A8BPRED_MAINT_ALL for it (ARM, or Thumb in a8pipe_decode_thumb's form),
 * else 0.  BPIMVA (c7, c5, 7) is not followed (its address is a
 * register's value; Linux 6.18 for ARMv7 issues none).
 */
#define A8BPRED_MAINT_ALL   1u
unsigned a8bpred_maint_arm(uint32_t insn);
unsigned a8bpred_maint_thumb(uint32_t insn);

/* The predictor's state: plain data, about 13 KB */
typedef struct a8bpred {
    /* a set's ways are consecutive entries */
    uint32_t btb_pc[A8BPRED_BTB_ENTRIES];   /* 0: empty */
    uint32_t btb_target[A8BPRED_BTB_ENTRIES];
    uint8_t btb_kind[A8BPRED_BTB_ENTRIES];  /* class bits */
    uint64_t btb_used[A8BPRED_BTB_ENTRIES]; /* when last used, in branches
                                             * resolved: the set's least
                                             * is replaced */
    uint8_t ghb[A8BPRED_GHB];           /* 2-bit counters: >= 2 taken */
    uint32_t rstack[A8BPRED_RSTACK];
    uint32_t hist;                      /* last ten directions, newest in bit 0 */
    uint32_t rs_top;                    /* a circular stack: the next push
                                         * goes to rs_top % 8 */
    /* counters: since the last reset (an exception's entry is neither) */
    uint64_t branches, mispredicts, exceptions, invalidates;
    /* the same per class (a8bpred_class_index), with prediction on */
    uint64_t class_branches[A8BPRED_CLASSES];
    uint64_t class_mispredicts[A8BPRED_CLASSES];
    /* parameters, not state: a flush's cycles (A8BPRED_PENALTY, the
     * TRM's; the caller may set another after a8bpred_reset) and the
     * BTB's organisation (a8bpred_set_btb) */
    uint32_t penalty;
    uint32_t btb_ways, btb_shift;
    uint32_t btb_set_mask;      /* the sets less one (from btb_ways) */
} a8bpred;

/* Empty tables, weakly not-taken counters, empty stack; the penalty
 * A8BPRED_PENALTY, the BTB A8BPRED_BTB_WAYS ways, indexed from address
 * bit A8BPRED_BTB_SHIFT. */
void a8bpred_reset(a8bpred *p);
/* The tables as a8bpred_reset leaves them (the core lost its power), the
 * counters and the parameters kept. */
void a8bpred_forget(a8bpred *p);
/*
 * Another organisation of the BTB's 512 entries, for what-if runs: @ways
 * a power of two from 1 (direct-mapped) to 512 (fully associative), the
 * set index the address bits from @shift up (0 to A8BPRED_BTB_SHIFT_MAX).
 * a8bpred_btb_check: NULL, or why the values are refused.
 * a8bpred_set_btb: the same answer; when NULL, the organisation taken
 * and the BTB emptied, else the predictor unchanged.
 */
const char *a8bpred_btb_check(unsigned ways, unsigned shift);
const char *a8bpred_set_btb(a8bpred *p, unsigned ways, unsigned shift);
/* BPIALL with ACTLR.IBE set: the BTB and the GHB as a8bpred_reset leaves
 * them [ours: which arrays "the branch predictor array" is], the return
 * stack, the history, the counters and the parameters kept; counted in
 * invalidates. */
void a8bpred_invalidate(a8bpred *p);

/*
 * A branch of class @cls (a8bpred_classify_*) at @pc ran, and the next
 * instruction executed is at @next (its fall-through is @pc + 2 or 4:
 * not taken; anything else: taken there).  @enabled: flow prediction
 * on (SCTLR.Z).  Returns the cycles it costs beyond its issue: 0 when
 * it was predicted (direction and target), the penalty when not.
 * Trains the tables.  @cls A8BPRED_EXCEPTION: an exception's entry, 13
 * cycles whatever @pc, @next and @enabled; nothing learnt.
 */
uint32_t a8bpred_resolve(a8bpred *p, unsigned cls, uint32_t pc,
                         uint32_t next, bool enabled);

#ifdef __cplusplus
}
#endif

#endif /* MODELS_A8PIPE_A8BPRED_H */
