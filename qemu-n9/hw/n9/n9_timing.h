/*
 * qemu-n9 timing parameters: defaults, the INI file that overrides them
 * (-M rm696,timing=FILE), and the stall that charges modelled time.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_N9_TIMING_H
#define HW_N9_N9_TIMING_H

#include "qapi/error.h"
#include "models/l4-interconnect/l4ic.h"
#include "models/prcm/wakeup.h"
#include "models/sdrc/sdrc.h"
#include "models/cache/a8cache.h"

typedef struct N9TimingEntry {
    char *agent;            /* "l4-wkup", ... */
    char *group;            /* a register group behind it, or NULL */
    l4ic_params p;
    int line;               /* where the file set it (0: default) */
    bool used;              /* a group override that matched a group */
} N9TimingEntry;

typedef struct N9Timing {
    char *file;             /* NULL: the defaults */
    uint64_t seed;
    GArray *entries;        /* of N9TimingEntry */
    PrcmWakeParams prcm;    /* [prcm]: wake-up latency (models/prcm) */
    SdrcParams sdrc;        /* [sdrc]: SDRAM controller (models/sdrc) */
    a8cache_params cache;   /* [cache]: caches and TLBs (models/cache) */
} N9Timing;

/* The defaults: the phone's figures (models/l4-interconnect). */
N9Timing *n9_timing_new(void);
/* Override the defaults from an INI file; on error name file, line, key. */
bool n9_timing_load(N9Timing *t, const char *file, Error **errp);
/* The parameters of @group behind @agent (the agent's if no override). */
void n9_timing_lookup(N9Timing *t, const char *agent, const char *group,
                      l4ic_params *out);
/* After the machine is built: a group override that matched nothing. */
bool n9_timing_check_used(N9Timing *t, Error **errp);

/*
 * Charge @ns of modelled time to the running vCPU.  Without icount there is
 * no modelled time: the machine says so once, at start-up.
 */
void n9_timing_stall(uint64_t ns);
bool n9_timing_enabled(void);

#endif /* HW_N9_N9_TIMING_H */
