/*
 * A recorded trace (models/trace, n9trace.h; docs/trace-format.md) as an
 * access stream (trace_source.h) for the C replay and the SystemC
 * testbench: ACCESS events become loads and stores at their physical
 * address, FETCH events one fetch per 64-byte line they cover, REG events
 * register accesses at their agent's window base plus the recorded offset
 * (the offset is in the agent's window; the group's "agent.block" from the
 * header must be a block of omap3630_map.h).  ACCESS and FETCH events of
 * the boot ROM and the SRAM stay accesses there (the machine does not
 * charge them; omap3630_onchip).  The CPU's own time of an event is its
 * recorded time minus everything charged before it, held at the previous
 * access's when that is less (counted in held: a fetch is charged before
 * the instructions it starts run).
 *
 * What this adapter leaves out (counted in skipped): the events that are
 * not accesses (page walks and CPU state: a transaction here carries a
 * physical address; PLD, TLB maintenance, PRCM and SDRC idle events,
 * marks), register groups that are not blocks of the map.  A register
 * write's value is not in a trace: it becomes an N9_ACC_KEEP store (the
 * target's value written back), so an SDRC configuration the recorded run
 * changed is not replayed.  So a trace's figures here are the stream's,
 * equal between the C replay and the testbench, not the machine's
 * (tools/n9 replay gives those).
 *
 * n9_trace_write: a stream written as a trace (charges 0), for tests.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef N9_TRACE_FILE_SOURCE_H
#define N9_TRACE_FILE_SOURCE_H

#include <stddef.h>
#include <stdint.h>

#include "n9trace.h"
#include "trace_source.h"

#ifdef __cplusplus
extern "C" {
#endif

#define N9_TRACE_MAX_GROUPS 512

typedef struct n9_trace_source {
    n9trace *t;
    uint64_t charged;               /* ns charged before the next event */
    uint64_t cpu_ns;                /* the last access's */
    /* a group's agent's window base; UINT32_MAX: not a block of the map */
    uint32_t group_base[N9_TRACE_MAX_GROUPS + 1];
    n9_access fetch;                /* a FETCH's further lines */
    uint32_t fetch_end;
    uint64_t events, skipped;
    uint64_t held;                  /* accesses moved up to the one before */
    int error;                      /* the reader failed: n9trace_error */
} n9_trace_source;

/* 0, or -1 with a one-line reason in @err. */
int n9_trace_source_open(n9_trace_source *s, const char *path, char *err,
                         size_t errlen);
int n9_trace_source_next(void *ctx, n9_access *a);
/* NULL, or why the stream stopped early */
const char *n9_trace_source_error(const n9_trace_source *s);
void n9_trace_source_close(n9_trace_source *s);

/* Write the stream @next(@ctx) as a trace at @path: 0, or -1 with @err. */
int n9_trace_write(const char *path, n9_next_fn next, void *ctx, char *err,
                   size_t errlen);

#ifdef __cplusplus
}
#endif

#endif /* N9_TRACE_FILE_SOURCE_H */
