/*
 * The Cortex-A8's issue timing for the translator: see n9_pipeline.h.
 *
 * Each instruction of a block is decoded (models/a8pipe: ARM and Thumb;
 * anything it does not know issues alone in one cycle, as every
 * instruction did before) and issued to the block's scoreboard, which
 * answers its issue cycle; the block takes its last cycle out of the
 * icount budget (a cycle less when its first instruction pairs with the
 * last of the block before, at run time: a second scoreboard gives that
 * schedule).  With icount shift=0 a cycle is 1 ns at 1 GHz; below, the
 * memory path's fetch charges each cycle the rest of its period.  VFP
 * instructions are decoded for the VFP's run-time model too
 * (models/a8pipe/a8vfp.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "n9_pipeline.h"

void n9_pipeline_block_start(N9Pipeline *p)
{
    a8pipe_block_start(&p->blk);
    a8pipe_block_start_paired(&p->alt);
    p->head = 0;
    p->first = true;
}

uint32_t n9_pipeline_block_cycles(N9Pipeline *p)
{
    return a8pipe_block_cycles(&p->blk);
}

/*
 * Across blocks (a8pipe_block_edges, a8pipe_carry_enter): @info is the
 * registers the block writes (bits 15:0, bit 15 the flags) and its
 * cycles (bits 31:16; a block has at most MEM_HOOK_MAX_CYCLES).  A
 * load's result is left in flight as any other (its use in the next
 * block waits as in the same block).
 */
void n9_pipeline_block_edges(N9Pipeline *p, uint64_t *need, uint64_t *out,
                             uint32_t *info, uint64_t *limit)
{
    uint16_t written;

    a8pipe_block_edges(&p->blk, need, out, &written, limit);
    *info = written | a8pipe_block_cycles(&p->blk) << 16;
}

uint32_t n9_pipeline_carry_enter(uint64_t need, uint64_t out, uint32_t info)
{
    return a8pipe_carry_enter(&mem_hook_carry, need, out, info & 0xffff,
                              info >> 16);
}

void n9_pipeline_block_pair(N9Pipeline *p, MemHookPair *pair)
{
    uint16_t written;
    uint32_t cycles;

    memset(pair, 0, sizeof(*pair));
    pair->tail = a8pipe_block_tail(&p->blk);
    if (!p->head) {
        return;
    }
    a8pipe_pair_edges(&p->alt, &pair->need2, &pair->out2, &written,
                      &pair->limit2, &cycles);
    if (cycles > a8pipe_block_cycles(&p->blk) ||
        cycles + 1 < a8pipe_block_cycles(&p->blk)) {
        /* a longer schedule, or one shorter by more than the cycle it
         * moved into (not seen; the core gives back one): alone */
        return;
    }
    /* a cycle, or none here but its last cycle open where it was not */
    pair->gain = a8pipe_block_cycles(&p->blk) - cycles;
    pair->head = p->head;
    pair->tail2 = a8pipe_block_tail(&p->alt);
    pair->nowait2 = a8pipe_need_limit(pair->need2);
    pair->info2 = written | cycles << 16;
}

bool n9_pipeline_pair_enter(uint64_t need2, uint64_t out2, uint32_t info2)
{
    uint64_t carry = mem_hook_carry;

    /* paired only if its first instruction's operands are ready in the
     * cycle before the block's own first: no wait */
    if (a8pipe_carry_enter(&carry, need2, out2, info2 & 0xffff,
                           info2 >> 16)) {
        return false;
    }
    mem_hook_carry = carry;
    return true;
}

uint32_t n9_pipeline_issue(N9Pipeline *p, uint32_t insn, MemHookInsnKind kind)
{
    a8pipe_insn i;
    uint32_t cycle;
    bool ok = false;
    unsigned bpmaint;

    p->branch = 0;
    p->unit = 0;
    if (kind == MEM_HOOK_INSN_A32) {
        ok = a8pipe_decode_arm(insn, &i);
        p->branch = a8bpred_classify_arm(insn);
        bpmaint = a8bpred_maint_arm(insn);
        p->unit = bpmaint ? N9_UNIT_BPMAINT | bpmaint
                          : a8vfp_decode_arm(insn);
    } else if (kind == MEM_HOOK_INSN_T16 || kind == MEM_HOOK_INSN_T32) {
        /* T32: first in 31:16; in an IT block with its condition (core
         * patch 0016) */
        ok = a8pipe_decode_thumb_it(insn, mem_hook_insn_it, &i);
        p->branch = a8bpred_classify_thumb(insn);
        bpmaint = a8bpred_maint_thumb(insn);
        p->unit = bpmaint ? N9_UNIT_BPMAINT | bpmaint
                          : a8vfp_decode_thumb(insn);
    }
    if (!ok) {
        /* not known, or undefined: alone, one cycle */
        memset(&i, 0, sizeof(i));
        i.cls = A8PIPE_OTHER;
        i.cycles = 1;
    }
    if (i.cls == A8PIPE_LOAD_MULTIPLE || i.cls == A8PIPE_STORE_MULTIPLE ||
        i.dual) {
        /*
         * An even register count (an LDRD or STRD as two [ours]) takes a
         * cycle less from a 64-bit aligned address.  Scheduled so (the
         * AAPCS keeps the stack 8-byte aligned at calls, so most pushes
         * and pops are); its unit call, made only from an address that
         * is not (N9_LSM_ALIGN), charges the cycles more
         */
        uint32_t n = i.dual ? 2 : i.nregs;
        uint32_t more = a8pipe_lsm_cycles(n, false) -
                        a8pipe_lsm_cycles(n, true);

        if (more) {
            i.aligned64 = true;
            p->unit = N9_UNIT_LSM | more;
        }
    }
    if (i.context && (!p->cp15_flush || i.cond)) {
        /*
         * [cpu] cp15_flush = 0: one cycle, alone.  A conditional one (the
         * MCRNE to SCTLR at every kernel entry, Linux's alignment_trap)
         * flushes only when it runs: its unit call, after its condition
         */
        if (p->cp15_flush) {
            p->unit = N9_UNIT_FLUSH;
        }
        i.flush = false;
        i.cycles = 1;
    }
    if (i.flush) {
        /* an ISB, a cp15 context write: [cpu] flush_cycles */
        i.cycles = 1 + p->flush_cycles;
    }
    /*
     * The load-use interlock is the scoreboard's, in the block and across
     * its end (the memory path's own detection, a8cache_load_use, is for
     * pipeline=off): a loaded register is ready at E1 + load_use_cycles,
     * so a load whose address it is waits load_use_cycles (TRM 16: E3, an
     * address at E1, 2).  Not a base register's write-back, nor LDM's
     * registers (their E3 or E4 of the cycle each moves in).
     */
    if (i.cls == A8PIPE_LOAD) {
        for (unsigned k = 0; k < i.ndst; k++) {
            if (i.dst[k].stage >= A8PIPE_E3) {
                i.dst[k].stage = p->load_stage;
            }
        }
    }
    cycle = a8pipe_block_issue(&p->blk, &i);
    p->writes = a8pipe_insn_writes(&i);
    if (p->first) {
        p->head = a8pipe_pair_head(&i);
        p->first = false;
    }
    if (p->head) {
        a8pipe_block_issue(&p->alt, &i);
    }
    return cycle - 1;       /* a8pipe counts from 1 */
}

uint32_t n9_pipeline_insn_branch(N9Pipeline *p)
{
    return p->branch;
}

uint32_t n9_pipeline_insn_unit(N9Pipeline *p)
{
    return p->unit;
}

uint32_t n9_pipeline_insn_writes(N9Pipeline *p)
{
    return p->writes;
}

/*
 * An in-order core waits for an I/O access: what was in flight before it
 * moves nearer by the stall (a8pipe_carry_settle), so that the same
 * results are ready after it whether QEMU ran the access alone after an
 * unwind (which drops them) or at the end of a block of its own
 */
void n9_pipeline_io_settle(uint16_t writes, uint32_t cycles)
{
    a8pipe_carry_settle(&mem_hook_carry, writes, cycles);
}

uint32_t n9_pipeline_branch(a8bpred *bp, uint64_t token, uint64_t next,
                            bool enabled)
{
    uint32_t cycles = a8bpred_resolve(bp, (uint32_t)token, token >> 32,
                                      next, enabled);

    if (cycles) {
        /* nothing issues during the flush, nor pairs across it */
        if (mem_hook_carry) {
            a8pipe_carry_advance(&mem_hook_carry, cycles);
        }
        mem_hook_pair = 0;
    }
    return cycles;
}
