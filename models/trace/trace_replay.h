/*
 * A recorded trace (-M rm696,record=FILE) replayed through the models:
 * what every replay shares (plain C99).  n9replay (./n9 replay) and
 * c_replay call the C models directly (trp_c_ops); the SystemC testbench
 * (tlm_replay, models/systemc/n9_replay_initiator_tlm.h) sends the same
 * calls through the TLM-2.0 components, whose models the figures are read
 * from.  Here: the header's parameters, agents, register groups and their
 * windows; the walks' descriptors for the next access; the shift between
 * recorded and replayed time; the state images of a window; the PRCM's
 * recorded events; the figures at each mark and at the end, as JSON
 * (the statistics file's sections, docs/trace-format.md).
 *
 * The models are reached through pointers (mp, sdrc, each group's model
 * and counters, each agent's counters), so that the same figures and the
 * same state loading serve models that live in components.  The events
 * that cost time or call a model at a time go through the ops; the ones
 * that only set the memory path's state (CPU state, TLB maintenance, the
 * MPU's rate, MPU OFF, skipped hits) are applied to *mp here.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef MODELS_TRACE_TRACE_REPLAY_H
#define MODELS_TRACE_TRACE_REPLAY_H

#include <stdint.h>
#include <stdio.h>

#include "n9trace.h"
#include "n9_access_counts.h"
#include "../mempath/mempath.h"
#include "../sdrc/sdrc.h"
#include "../l4-interconnect/l4ic.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TRP_MAX_AGENTS      16
#define TRP_MAX_GROUPS      512
#define TRP_MAX_PARAMS      512
#define TRP_MAX_WALKQ       8
#define TRP_WALK_CACHE      4096
#define TRP_MAX_WINDOWS     8

typedef struct trp_param {
    char key[192];
    uint64_t value;
    int set;            /* given with --set */
} trp_param;

typedef struct trp_group {
    char name[64];      /* GROUP */
    char full[96];      /* AGENT.GROUP: its generator's seed */
    int agent;
    int clock;          /* its registers count time (timers, 32 kHz) */
    l4ic_params p;
    /* its windows in the agent's (header window.ID, format 3) */
    unsigned nwin;
    uint32_t win_off[TRP_MAX_WINDOWS], win_size[TRP_MAX_WINDOWS];
    l4ic_target *model;         /* the group's latency generator */
    n9_access_counts *c;
    l4ic_target own_model;      /* where trp_c_ops keeps them */
    n9_access_counts own_c;
} trp_group;

/* The idle walk's per-entry figures, per C-state (n9_idle.c's) */
#define TRP_IDLE_STATES     10
enum { TRP_PH_BEFORE, TRP_PH_AFTER, TRP_PH_NUM };

typedef struct trp_idle_state {
    uint64_t entries, demoted, no_wfi;
    uint64_t before_ns, wfi_ns, after_ns, wake_ns;
    uint64_t pwrst[TRP_PH_NUM][2];      /* power-state registers: r, w */
    n9_access_counts acc[TRP_PH_NUM][TRP_MAX_GROUPS + 1];
} trp_idle_state;

typedef struct trp_idle {
    int seen;                   /* the trace has the walk's steps */
    int open, phase;            /* phase: TRP_PH_*, -1 in WFI */
    uint32_t req;
    uint64_t t_enter, t_wfi, t_running, wake_ns;
    uint64_t entries, rejected, lost;
    n9_access_counts snap[TRP_MAX_GROUPS + 1];
    n9_access_counts cur[TRP_PH_NUM][TRP_MAX_GROUPS + 1];
    trp_idle_state state[TRP_IDLE_STATES];
} trp_idle;

typedef struct trp trp;

/* The calls that cost time or reach a model at a time (@now: the
 * replayed time, the event's recorded time plus the shift so far).  The
 * memory ops return the ns charged; reg counts the access itself. */
typedef struct trp_ops {
    /* an ACCESS, FETCH or PLD through the memory path */
    uint32_t (*mem)(trp *r, const n9trace_event *ev, uint64_t now);
    uint32_t (*reg)(trp *r, const n9trace_event *ev, uint64_t now);
    void (*sdrc_cfg)(trp *r, const SdrcConfig *c, int configure,
                     uint64_t now);
    void (*sdrc_idle)(trp *r, uint64_t now, int idle, int off);
    /* the memory path's reset: caches and TLBs empty, counters 0 */
    const char *(*mem_reset)(trp *r);
} trp_ops;

struct trp {
    n9trace *t;
    const char *path;
    trp_param params[TRP_MAX_PARAMS];
    unsigned nparams;
    char agents[TRP_MAX_AGENTS][32];
    n9_access_counts *ac[TRP_MAX_AGENTS];
    n9_access_counts own_ac[TRP_MAX_AGENTS];
    unsigned nagents;
    trp_group groups[TRP_MAX_GROUPS + 1];   /* by id; 0 unused */
    unsigned ngroups;

    /* the models (trp_c_init points them at own_*) */
    mempath *mp;
    SdrcModel *sdrc;
    mempath own_mp;
    SdrcModel own_sdrc;
    a8cache_next own_next;

    a8cache_params cache_p;
    SdrcParams sdrc_p;
    uint32_t l3_hz;
    uint64_t sdrc_base, sdram_base, sdram_size;
    uint32_t actlr;         /* param.cpu.actlr (0 in older traces) */
    uint64_t seed;
    uint64_t mpu_hz;
    uint64_t l3_clk_hz;     /* the L3 clock's rate (L3CLK), 0: not told */
    int mem_on;

    const trp_ops *ops;
    void *ctx;              /* the ops' own */

    /* time */
    uint64_t t_ev;          /* the current event's recorded time */
    int64_t shift;          /* replayed minus recorded, so far */
    uint64_t end_ns;
    int ended;              /* the END event came */
    uint64_t first_shift;   /* event index where the shift began; 0 none */
    uint64_t time_reads;    /* reads of a clock's registers after that */
    uint64_t polls;         /* a register read again and again after that */
    uint32_t last_read_group, last_read_offset;
    uint64_t wakeups_after; /* PRCM wake-ups after that */
    uint64_t wfis, wakeups, wakeup_ns;  /* PRCM events so far (recorded) */
    trp_idle idle;          /* the idle walk's steps (N9T_IDLE) */

    /* walks: the recorded ones for the next access */
    a8cache_walk walkq[TRP_MAX_WALKQ];
    unsigned nwalkq, walkq_pos;
    a8cache_walk walk_seen[TRP_WALK_CACHE];
    uint32_t walk_seen_vpn[TRP_WALK_CACHE];
    uint64_t walks_synth, walks_unused;

    int verify;
    int geometry;           /* a cache's or TLB's shape changed */
    uint64_t events;
    uint64_t charged_rec, charged_new;

    FILE *marks;            /* the marks' figures as they come, or NULL */
    int nmarks;

    /* a window's start: the state image as its chunks come */
    unsigned char *state;
    size_t state_len, state_cap;
    int window;             /* the image was loaded */
    uint64_t window_ns;     /* at that time */
};

/* Open @path and read its header's parameters, agents and groups, with
 * the --set items @sets[0..nsets) applied (exit(1) with one line on any
 * error, as every function here).  The models are not set up yet. */
void trp_open(trp *r, const char *path, char *const *sets, int nsets,
              int verify);
/* The C models, the replay's own (n9replay, c_replay). */
void trp_c_init(trp *r);
extern const trp_ops trp_c_ops;
/* With r->mp, r->sdrc, every group's model and c and every ac[] set and
 * the models initialised: the memory path's reset and the CPU state as
 * the machine's reset leaves it. */
void trp_start(trp *r);
/* The descriptors the next access's walk reads (mempath.walk_read). */
void trp_walk_read(void *r, int side, uint32_t va, a8cache_walk *w);
/* Every event to the end; @progress: a line on stderr every 16 M. */
void trp_run(trp *r, int progress);
/* The figures as JSON to @json ("-": stdout), with @host_s the replay's
 * host time; or the one-line summary to stdout if @json is NULL. */
void trp_report(trp *r, const char *json, double host_s);
void trp_close(trp *r);
/* One line on stderr, exit(1). */
void trp_die(const char *fmt, ...);

#ifdef __cplusplus
}
#endif

#endif /* MODELS_TRACE_TRACE_REPLAY_H */
