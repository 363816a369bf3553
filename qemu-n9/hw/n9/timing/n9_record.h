/*
 * -M rm696,record=FILE: a trace of everything the timing models saw
 * (models/trace, docs/trace-format.md), for replay through the C models
 * (./n9 replay).  One machine, one trace: the recorder is global.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_N9_RECORD_H
#define HW_N9_N9_RECORD_H

#include "qapi/error.h"
#include "models/trace/n9trace.h"
#include "models/sdrc/sdrc.h"

/* The trace being written, or NULL (not recording). */
extern n9trace_writer *n9_record_writer;

/*
 * Create @file with @header; false with @errp set if it cannot be.
 * @deferred (record-from=): nothing is written until n9_record_begin
 * (n9_record_writer stays NULL), only the PRCM's events are counted.
 */
bool n9_record_open(const char *file, const char *header, bool deferred,
                    Error **errp);
/* A deferred trace starts: n9_record_writer is set and returned. */
n9trace_writer *n9_record_begin(void);
/* The trace was opened deferred and has not started yet. */
bool n9_record_waiting(void);
/*
 * The PRCM's WFIs, wake-ups and their cost counted before the trace
 * started (the replay's replay_prcm figures go on from them).
 */
void n9_record_prcm_counts(uint64_t out[3]);
/*
 * Called before a mark and the end, so that the hits the generated code
 * counted come first (n9_memory.c).
 */
void n9_record_set_sync(void (*fn)(void *opaque), void *opaque);
/* One event (a mark or the end: after the sync above). */
void n9_record_put(n9trace_event *ev);
/* The SDRC model took @c (at @now, or without time: @configure). */
void n9_record_sdrc_config(const SdrcConfig *c, uint64_t now, bool configure);
/* The run ends at @now: the end event, the file closed.  False if a write
 * failed (said on stderr). */
bool n9_record_finish(uint64_t now);

/*
 * A state image (docs/trace-format.md, "Windows"): a section of @out
 * named @name, @len bytes filled by @fill (a model's x_state_save).
 */
void n9_record_state_section(GByteArray *out, const char *name, size_t len,
                             size_t (*fill)(const void *m, void *buf,
                                            size_t len),
                             const void *m);

#endif /* HW_N9_N9_RECORD_H */
