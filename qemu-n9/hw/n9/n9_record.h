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

/* Create @file with @header; false with @errp set if it cannot be. */
bool n9_record_open(const char *file, const char *header, Error **errp);
/*
 * Called before every event that is not the memory path's own, so that
 * the hits the generated code counted come first (n9_memory.c).
 */
void n9_record_set_sync(void (*fn)(void *opaque), void *opaque);
/* One event (with the sync above). */
void n9_record_put(n9trace_event *ev);
/* The SDRC model took @c (at @now, or without time: @configure). */
void n9_record_sdrc_config(const SdrcConfig *c, uint64_t now, bool configure);
/* The run ends at @now: the end event, the file closed.  False if a write
 * failed (said on stderr). */
bool n9_record_finish(uint64_t now);

#endif /* HW_N9_N9_RECORD_H */
