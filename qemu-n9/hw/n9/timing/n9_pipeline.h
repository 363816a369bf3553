/*
 * The Cortex-A8's issue timing for the translator (issue 18): each block's
 * cost in MPU cycles from models/a8pipe, through the memory hooks' cycle
 * costs (exec/mem-hook.h, MemHookOps.issue; core patch 0012), instead of
 * one cycle per instruction.  docs/cortex-a8-timing.md.
 *
 * A block starts with an empty scoreboard at translation; what its
 * results leave in flight for the blocks that run after it is a run-time
 * word, mem_hook_carry (exec/mem-hook.h), which the memory path saves
 * with its timing state; so is what its last cycle leaves open for a
 * partner, mem_hook_pair: the next block's first instruction may pair
 * with it (TRM Example 16-6: a branch with the instruction at its
 * target), when nothing came between (a flush, an exception, a fetch
 * stall).  The scoreboard itself lives only during a
 * block's translation (no VMState).
 *
 * Branches (models/a8pipe/a8bpred.h): each instruction is also classified
 * as a branch or not at translation; at run time the block after a
 * branch hands it, with where it went, to the predictor (state in
 * VMState: the memory path's), which answers the 13-cycle flush of a
 * wrong prediction.
 *
 * The VFP (models/a8pipe/a8vfp.h): each VFP instruction is also decoded
 * at translation; at run time the machine hands each executed one, at
 * its time, to the VFP's queue and unit (state in VMState), which answer
 * how long the integer pipeline waits: for a slot in the NEON
 * instruction queue, or, at a transfer to a core register, VMRS or VMSR,
 * for the unit to finish.  (A data barrier, DSB or DMB, waits for the
 * write buffer with the pipeline or without: n9_memory_cache_maint.)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_N9_PIPELINE_H
#define HW_N9_N9_PIPELINE_H

#include "exec/mem-hook.h"
#include "models/a8pipe/a8pipe.h"
#include "models/a8pipe/a8bpred.h"
#include "models/a8pipe/a8vfp.h"

typedef struct N9Pipeline {
    a8pipe_block blk;
    a8pipe_block alt;       /* the same block paired with the one before */
    uint32_t head;          /* its first instruction's a8pipe_pair_head (0:
                             * no paired schedule) */
    bool first;             /* nothing issued yet */
    uint32_t load_stage;    /* where a load's result is ready: E1 +
                             * [cache] load_use_cycles (E3, the TRM's, at 2) */
    uint32_t branch;        /* the last issued one's a8bpred class (0: none) */
    uint32_t unit;          /* the last issued one's unit descriptor */
    uint16_t writes;        /* the registers it writes (a8pipe_insn_writes) */
    uint32_t flush_cycles;  /* an ISB's flush ([cpu] flush_cycles) */
    bool cp15_flush;        /* a cp15 context write flushes too ([cpu]
                             * cp15_flush) */
} N9Pipeline;

/* MemHookOps.block_start, .issue, .block_cycles on @p */
void n9_pipeline_block_start(N9Pipeline *p);
uint32_t n9_pipeline_issue(N9Pipeline *p, uint32_t insn, MemHookInsnKind kind);
uint32_t n9_pipeline_block_cycles(N9Pipeline *p);
/* MemHookOps.block_edges: the block's reads and results in flight */
void n9_pipeline_block_edges(N9Pipeline *p, uint64_t *need, uint64_t *out,
                             uint32_t *info, uint64_t *limit);
/* MemHookOps.carry_enter, in cycles: the cycles the block's start waits */
uint32_t n9_pipeline_carry_enter(uint64_t need, uint64_t out, uint32_t info);
/*
 * MemHookOps.block_pair: the block's tails and, if its first instruction
 * may pair with the last of the block before and gains a cycle by it, its
 * head and paired edges (a8pipe_pair_head, a8pipe_pair_edges)
 */
void n9_pipeline_block_pair(N9Pipeline *p, MemHookPair *pair);
/* MemHookOps.pair_enter: whether the results in flight let it pair (then
 * the carry is set) */
bool n9_pipeline_pair_enter(uint64_t need2, uint64_t out2, uint32_t info2);
/* MemHookOps.insn_branch: the class of the instruction just issued */
uint32_t n9_pipeline_insn_branch(N9Pipeline *p);
/*
 * MemHookOps.insn_unit: the instruction just issued goes to a unit with
 * a timeline of its own: an a8vfp descriptor (the VFP; below 0x4000), or
 * N9_UNIT_BPMAINT | A8BPRED_MAINT_ALL (BPIALL: the branch predictor), or
 * N9_UNIT_FLUSH (a conditional cp15 context write: its flush only when its
 * condition passes), or N9_UNIT_LSM | the cycles more (a load/store
 * multiple, or an LDRD/STRD as one of two, scheduled as from an address
 * aligned to N9_LSM_ALIGN: what it takes more from one that is not,
 * known only when it runs, and the only ones that call); 0: not
 */
#define N9_UNIT_BPMAINT     0x4000u
/* a flush: bit 15 with BPMAINT's */
#define N9_UNIT_FLUSH       (0x8000u | N9_UNIT_BPMAINT)
#define N9_UNIT_LSM         (N9_UNIT_BPMAINT | 0x1000u)
#define N9_UNIT_KIND(desc)  ((desc) & 0xf000u)
#define N9_LSM_ALIGN        8   /* two registers a cycle on 64-bit boundaries */
uint32_t n9_pipeline_insn_unit(N9Pipeline *p);
/*
 * MemHookOps.insn_writes: the registers the instruction just issued
 * writes (carry slots: bit 15 the flags); n9_pipeline_io_settle: an I/O
 * access of that instruction stalled @cycles, so the results in flight
 * from before it are ready (mem_hook_carry), but for those
 */
uint32_t n9_pipeline_insn_writes(N9Pipeline *p);
void n9_pipeline_io_settle(uint16_t writes, uint32_t cycles);
/*
 * MemHookOps.branch, in cycles: the branch of @token (pc << 32 | class)
 * went to @next; @enabled: SCTLR.Z.  A flush also lets results in
 * flight come nearer by its cycles (mem_hook_carry).
 */
uint32_t n9_pipeline_branch(a8bpred *bp, uint64_t token, uint64_t next,
                            bool enabled);

#endif /* HW_N9_N9_PIPELINE_H */
