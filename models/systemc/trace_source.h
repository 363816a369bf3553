/*
 * A stream of CPU memory accesses for trace-driven replays (plain C99):
 * one record per load, store or instruction fetch, with the CPU's own
 * time.  The C replay (c_replay.h) and the SystemC testbench
 * (n9_trace_initiator_tlm.h) read the same stream through n9_next_fn, so
 * a recorded trace needs one adapter to drive both.
 *
 * Time: cpu_ns is the CPU's own time at the access, 1 ns per instruction
 * as under icount, without any memory stall.  A replay issues the access
 * at cpu_ns plus every stall the model charged before it, as the machine's
 * virtual time is instructions plus stalls.  cpu_ns never decreases along
 * the stream (a TLM initiator cannot issue before the kernel's time): both
 * replays refuse a stream that goes back.
 *
 * n9_synth: a synthetic stream, membench's pointer chase (a random cycle
 * through the lines of a working set, one dependent load per line) with
 * a code loop's fetches, stack stores, register reads on the L4s and the
 * L3, an SDRC_POWER write half-way that turns power-down on, idle gaps
 * after it, and reads where nothing is mapped.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef N9_TRACE_SOURCE_H
#define N9_TRACE_SOURCE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum n9_access_kind { N9_ACC_LOAD, N9_ACC_STORE, N9_ACC_FETCH };

typedef struct n9_access {
    uint64_t cpu_ns;        /* the CPU's own time (no stalls), ns */
    uint32_t addr;          /* physical */
    uint32_t size;          /* bytes, 1..64 (a fetch: the line's) */
    uint32_t value;         /* a store's data (its low size bytes) */
    uint8_t kind;           /* enum n9_access_kind */
    uint8_t flags;          /* N9_ACC_KEEP */
} n9_access;

/* A store whose data the stream does not know (a recorded register
 * write): the replay writes back what the target holds. */
#define N9_ACC_KEEP     1u

/* The next access into *a: 1, or 0 at the end of the stream. */
typedef int (*n9_next_fn)(void *ctx, n9_access *a);

typedef struct n9_synth {
    uint64_t n, i;          /* accesses to give, given */
    uint64_t cpu_ns;
    uint32_t lines;         /* of the working set */
    uint32_t *next_line;    /* the chase: line -> next line */
    uint32_t cur;
    uint32_t phase;         /* position in the current step */
    uint64_t step;
    uint8_t pd_on;          /* SDRC_POWER written */
} n9_synth;

/* Working set: @ws_bytes (a multiple of 64, at least 128) of SDRAM at
 * 0x80400000; @seed: the chase's order.  Returns 0, or -1 (no memory or
 * a bad size). */
int n9_synth_init(n9_synth *s, uint64_t n, uint32_t ws_bytes, uint64_t seed);
void n9_synth_free(n9_synth *s);
int n9_synth_next(void *ctx, n9_access *a);

/* Where the synthetic stream puts things */
#define N9_SYNTH_CHASE_BASE 0x80400000u
#define N9_SYNTH_CODE       0x80008000u
#define N9_SYNTH_STACK      0x80100000u
#define N9_SYNTH_SDRC_POWER 0x6d000070u
/* SDRC_POWER as Linux writes it (0x9) with PWDENA: power-down when idle */
#define N9_SYNTH_POWER_PD   0x0000000du

#ifdef __cplusplus
}
#endif

#endif /* N9_TRACE_SOURCE_H */
