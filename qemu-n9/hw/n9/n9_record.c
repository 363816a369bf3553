/*
 * -M rm696,record=FILE (see n9_record.h).  The machine opens the trace
 * at start-up with its header (rm696.c), the memory path writes its own
 * events (n9_memory.c), the agents, the SDRC, the mark port and the PRCM
 * theirs through n9_record_put.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/error-report.h"
#include "qemu/timer.h"
#include "n9_record.h"

n9trace_writer *n9_record_writer;
static void (*n9_record_sync)(void *opaque);
static void *n9_record_sync_opaque;

bool n9_record_open(const char *file, const char *header, Error **errp)
{
    char err[256];

    n9_record_writer = n9trace_create(file, header, err, sizeof(err));
    if (!n9_record_writer) {
        error_setg(errp, "record=%s: %s", file, err);
        return false;
    }
    return true;
}

void n9_record_set_sync(void (*fn)(void *opaque), void *opaque)
{
    n9_record_sync = fn;
    n9_record_sync_opaque = opaque;
}

void n9_record_put(n9trace_event *ev)
{
    if (!n9_record_writer) {
        return;
    }
    if (n9_record_sync) {
        n9_record_sync(n9_record_sync_opaque);
    }
    n9trace_put(n9_record_writer, ev);
}

void n9_record_sdrc_config(const SdrcConfig *c, uint64_t now, bool configure)
{
    n9trace_event ev = {
        .type = N9T_SDRC_CFG, .time_ns = now,
        .flags = configure ? N9T_F_CONFIGURE : 0,
        .blob = c, .blob_len = sizeof(*c),
    };

    n9_record_put(&ev);
}

bool n9_record_finish(uint64_t now)
{
    n9trace_event ev = { .type = N9T_END, .time_ns = now };
    char err[256];
    n9trace_writer *w = n9_record_writer;

    if (!w) {
        return true;
    }
    n9_record_put(&ev);
    n9_record_writer = NULL;
    n9_record_sync = NULL;
    if (n9trace_finish(w, err, sizeof(err)) < 0) {
        error_report("rm696: record: the trace could not be written: %s",
                     err);
        return false;
    }
    return true;
}
