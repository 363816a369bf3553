/*
 * Cortex-A8 (r3p2) VFPlite timing: the VFP unit and the NEON instruction
 * queue in front of it, the run-time part of issue 18's VFP costs.  The
 * TRM (ARM DDI 0344, chapter 16) gives the facts; docs/cortex-a8-timing.md
 * ("VFP") gives each one's source and marks what is ours:
 *   - VFP (and Advanced SIMD) instructions flow through the integer
 *     pipeline into the NEON instruction queue, 16 entries; once queued an
 *     instruction is complete as far as the integer pipeline is concerned,
 *     which runs on until the queue is full (TRM 16.5);
 *   - the VFP is not pipelined: each data-processing instruction runs to
 *     completion before the next starts, with no forwarding; its cycles
 *     (TRM 16.7.1, Table 16-25, normal operands) include the two decode
 *     cycles between consecutive VFP instructions;
 *   - a transfer to the integer core (VMOV Rt, Sn; VMOV Rt, Rt2, Dm; VMOV
 *     Rt, Dn[x]; VMRS) and VMSR stall the integer pipeline until the VFP
 *     operations before them are complete (ARM's assembler guide, VMRS
 *     and VMSR).
 * Ours (no source at hand): of Table 16-25's range, the least (the figure
 * of a normal operand that needs no extra step); a transfer from the core
 * (VMOV Sn, Rt; VMOV Dm, Rt, Rt2; VMSR's write) takes the unit one cycle;
 * an instruction starts in the unit in the cycle the integer pipeline
 * issues it if the unit is free; the transfers to the core cost nothing
 * beyond that wait.  Loads and stores of VFP registers, and Advanced SIMD
 * data-processing, are not in this model (the memory path charges the
 * former).
 *
 * The translator decodes each instruction once (a8vfp_decode_*) into a
 * descriptor; at run time the machine hands each executed one that has a
 * descriptor, with its time, to a8vfp_issue, which answers how long the
 * integer pipeline waits before it issues.  Plain C99: no QEMU types, no
 * globals, no allocation; the state is plain data (the machine saves it
 * in its snapshots).  Times are in the caller's unit (the machine's: ns
 * of virtual time), monotonic.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef MODELS_A8PIPE_A8VFP_H
#define MODELS_A8PIPE_A8VFP_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define A8VFP_QUEUE     16      /* the NEON instruction queue (TRM 16.5) */

/* A descriptor (a8vfp_decode_*): kind in bits 15:12, cycles in 11:0 */
enum {
    A8VFP_NONE = 0,     /* not a VFP instruction this model times */
    A8VFP_OP,           /* data-processing: the unit for its cycles */
    A8VFP_FROM_CORE,    /* a transfer from the core: queued, one cycle */
    A8VFP_SYNC,         /* a transfer to the core, VMRS, VMSR: waits until
                         * the unit has done everything queued */
};
#define A8VFP_DESC(kind, cycles)    ((unsigned)(kind) << 12 | (cycles))
#define A8VFP_KIND(d)               (((d) >> 12) & 15u)
#define A8VFP_CYCLES(d)             ((d) & 0xfffu)

/*
 * Decode one ARM (A32) instruction: the VFPv3 data-processing
 * instructions (ARMv7-A ARM, A7.5, Table A7-16) with their cycles from
 * Table 16-25, and the transfers between the core and the VFP (A7.8,
 * A7.9); 0 for anything else (Advanced SIMD, loads and stores, VFPv4's
 * fused multiplies, which the Cortex-A8 does not have).
 */
unsigned a8vfp_decode_arm(uint32_t insn);
/* Thumb: a 32-bit one with its first halfword in bits 31:16; the VFP
 * encodings are the ARM ones with the condition field 1110 (A6.3) */
unsigned a8vfp_decode_thumb(uint32_t insn);

typedef struct a8vfp {
    /* when each of the last A8VFP_QUEUE queued instructions started in
     * the unit (left the queue), oldest at head: a ring */
    uint64_t start[A8VFP_QUEUE];
    uint32_t head;
    uint64_t free;                  /* the unit is free from then on */
    /* counters: since the last reset */
    uint64_t ops, syncs;            /* queued ones, and SYNCs */
    uint64_t waits, wait_time;      /* issues that waited, and how long */
} a8vfp;

/* An empty queue and a free unit. */
void a8vfp_reset(a8vfp *v);

/*
 * The integer pipeline issues the instruction of descriptor @desc at
 * @now; @len is its time in the unit (A8VFP_CYCLES(@desc) cycles in the
 * caller's unit; ignored for a SYNC).  Returns how long the integer
 * pipeline waits before it can issue it (a full queue, or a SYNC before
 * the unit is done); queues it.
 */
uint64_t a8vfp_issue(a8vfp *v, unsigned desc, uint64_t now, uint64_t len);

#ifdef __cplusplus
}
#endif

#endif /* MODELS_A8PIPE_A8VFP_H */
