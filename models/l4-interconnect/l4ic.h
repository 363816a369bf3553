/*
 * OMAP3630 interconnect register-access latency model (plain C99).
 *
 * Maps one register access (target agent, register group, read or write,
 * size, current time) to its cost in nanoseconds of MPU time, as a
 * Cortex-A8 at 1 GHz waits for it on the N9.
 *
 * Mechanism: each target (an interconnect agent, or one register group
 * behind it with its own parameters) has a read and a write cost range
 * [min_ns, max_ns].  The cost of one access is drawn from that range by a
 * seeded pseudo-random generator (xorshift64*, one state per target), so
 * the spread of the phone's measurements is reproduced, and two runs with
 * the same seed and the same guest give the same costs to the nanosecond.
 * Nothing depends on the host.  The defaults are the figures measured on
 * the phone (timing/phone-measured.ini, the mmio.* figures; docs/facts.md,
 * "Register access"); see docs/timing-parameters.md for each one's source.
 *
 * Costs in the clock that owns them: the ranges hold at the serving
 * domain's interface clock rate ref_hz (the wakeup L4 at sys_clk, the
 * core, peripheral and emulation L4s at the core L4 clock, the L3 at the
 * L3 clock: the rates the phone ran at when it was measured).  A cost
 * drawn from the range is crossing_ns (the part outside that clock, the
 * crossing into it) plus the rest as cycles of that clock, so at another
 * rate (l4ic_set_clock) the rest scales by ref_hz / rate and at ref_hz
 * the cost is the drawn ns exactly.  ref_hz = 0 keeps the costs in ns
 * whatever the clock (a what-if override).
 *
 * The current time and the access size are inputs so that a later,
 * finer mechanism (clock-domain crossing phase, posted writes) can use
 * them without an API change; the present mechanism ignores them.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef MODELS_L4IC_H
#define MODELS_L4IC_H

#include <stdint.h>

/* Cost ranges of one target, in ns at ref_hz; the part outside the clock. */
typedef struct l4ic_params {
    uint32_t read_min_ns, read_max_ns;
    uint32_t write_min_ns, write_max_ns;
    uint32_t ref_hz;        /* interface clock the ranges hold at; 0: ns */
    uint32_t crossing_ns;   /* of each cost, what does not scale with it */
} l4ic_params;

/* Largest cost the model accepts for one access (1 ms). */
#define L4IC_MAX_NS 1000000u
/* Largest interface clock rate (1 GHz). */
#define L4IC_MAX_HZ 1000000000u

/* One target: its parameters, its generator, its clock's rate now. */
typedef struct l4ic_target {
    l4ic_params p;
    uint64_t rng;
    uint32_t hz;            /* the interface clock now (0: at ref_hz) */
} l4ic_target;

/* The interconnects of the OMAP3630 that have an agent in the model. */
enum l4ic_agent {
    L4IC_WKUP,      /* wakeup L4 (sys_clk, 19.2 MHz): PRM, 32 kHz counter, GPT1, GPIO1 */
    L4IC_CORE,      /* core L4: CM, SCM, most peripherals */
    L4IC_PER,       /* peripheral L4: UART3, GPT2-9, GPIO2-6 */
    L4IC_EMU,       /* emulation L4 */
    L4IC_L3,        /* L3: SDRC, SMS, GPMC, L3 configuration */
    L4IC_NUM_AGENTS
};

/* Defaults: the phone's figures where measured (see l4ic.c). */
extern const l4ic_params l4ic_default_params[L4IC_NUM_AGENTS];

/* Check @p; on error return a static message, else NULL. */
const char *l4ic_params_check(const l4ic_params *p);

/* Set up @t with parameters @p and generator seed @seed (clock at ref_hz). */
void l4ic_target_init(l4ic_target *t, const l4ic_params *p, uint64_t seed);

/* The serving domain's interface clock is now @hz (0: stopped, costs as at
 * ref_hz: an access then waits for the clock, which the model ignores). */
void l4ic_set_clock(l4ic_target *t, uint32_t hz);

/* @ns drawn at ref_hz, as it costs at the clock @t has now */
uint32_t l4ic_scale(const l4ic_target *t, uint32_t ns);

/* The cost in ns of one access to @t. */
uint32_t l4ic_access_cost(l4ic_target *t, int is_write, unsigned size,
                          uint64_t now_ns);

/* A seed for target @name under the global seed @seed (FNV-1a mix), so that
 * every target draws from its own sequence. */
uint64_t l4ic_seed_for(uint64_t seed, const char *name);

#endif /* MODELS_L4IC_H */
