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
 * The current time and the access size are inputs so that a later,
 * finer mechanism (clock-domain crossing phase, posted writes) can use
 * them without an API change; the present mechanism ignores them.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef MODELS_L4IC_H
#define MODELS_L4IC_H

#include <stdint.h>

/* Cost ranges of one target, in ns. */
typedef struct l4ic_params {
    uint32_t read_min_ns, read_max_ns;
    uint32_t write_min_ns, write_max_ns;
} l4ic_params;

/* Largest cost the model accepts for one access (1 ms). */
#define L4IC_MAX_NS 1000000u

/* One target: its parameters and its generator. */
typedef struct l4ic_target {
    l4ic_params p;
    uint64_t rng;
} l4ic_target;

/* The interconnects of the OMAP3630 that have an agent in the model. */
enum l4ic_agent {
    L4IC_WKUP,      /* wakeup L4 (19.2 MHz): PRM, 32 kHz counter, GPT1, GPIO1 */
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

/* Set up @t with parameters @p and generator seed @seed. */
void l4ic_target_init(l4ic_target *t, const l4ic_params *p, uint64_t seed);

/* The cost in ns of one access to @t. */
uint32_t l4ic_access_cost(l4ic_target *t, int is_write, unsigned size,
                          uint64_t now_ns);

/* A seed for target @name under the global seed @seed (FNV-1a mix), so that
 * every target draws from its own sequence. */
uint64_t l4ic_seed_for(uint64_t seed, const char *name);

#endif /* MODELS_L4IC_H */
