/*
 * The C replay: an access stream (trace_source.h) through the plain C
 * models alone, as the machine's memory path and agents use them: SDRAM
 * loads, stores and fetches through models/cache with models/sdrc behind
 * it, register accesses through models/l4-interconnect per block of the
 * SoC's map (omap3630_map.h; seeds as the machine's), SDRC timing register
 * writes into models/sdrc.  The reference the SystemC testbench
 * (tlm_replay) must equal to the ns: both print n9_replay_print's figures.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef N9_C_REPLAY_H
#define N9_C_REPLAY_H

#include <stdint.h>
#include <stdio.h>

#include "a8cache.h"
#include "l4ic.h"
#include "sdrc.h"
#include "trace_source.h"
#include "n9_access_counts.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef n9_access_counts n9_replay_agent;

typedef struct n9_replay_figures {
    uint64_t transactions, loads, stores, fetches, errors;
    uint64_t onchip;            /* boot ROM and SRAM accesses: free */
    uint64_t end_ns;            /* the last access done */
    uint64_t stall_ns;          /* all accesses' stalls */
    uint64_t cache[A8C_NUM_COUNTERS];
    SdrcCounters sdrc;
    n9_replay_agent agent[L4IC_NUM_AGENTS];
    uint64_t sdrc_power;        /* SDRC_POWER at the end */
} n9_replay_figures;

/* Replay the stream @next(@ctx) from time 0 with the [timing] @seed (1 as
 * the machine's default) and the cache's replacement @seed too.  0, or -1
 * if the stream went back in time (a one-line reason in @why). */
int n9_c_replay(n9_next_fn next, void *ctx, uint64_t seed,
                 n9_replay_figures *f, char *why, size_t whylen);

/* The figures, one "name value" per line. */
void n9_replay_print(FILE *out, const n9_replay_figures *f);

#ifdef __cplusplus
}
#endif

#endif /* N9_C_REPLAY_H */
