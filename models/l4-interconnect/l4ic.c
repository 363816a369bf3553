/*
 * OMAP3630 interconnect register-access latency model (see l4ic.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "l4ic.h"

/*
 * The phone's figures (docs/facts.md, "Register access"; timing/phone-measured.ini, one read
 * at 1 GHz): PRM and the 32 kHz counter on the wakeup L4 625-668 ns; CM and
 * SCM on the core L4 174-290 ns; SDRC registers on the L3 107-415 ns.
 * Not measured, and so assumptions (docs/timing-parameters.md): writes cost
 * what reads cost; the PER and EMU L4s cost what the core L4 costs.
 * The clocks they were measured at (the N9's boot loader settings, the
 * model's reset values): sys_clk 19.2 MHz for the wakeup L4, the core L4
 * clock 97.6 MHz for the core, PER and EMU L4s (PER's and EMU's interface
 * clocks come from it), the L3 clock 195.2 MHz.  The crossing: no source
 * splits a cost, so none (the whole cost follows the serving clock) until
 * one does.
 */
#define L4IC_SYS_HZ     19200000u
#define L4IC_L4_HZ      97600000u
#define L4IC_L3_HZ      195200000u

const l4ic_params l4ic_default_params[L4IC_NUM_AGENTS] = {
    [L4IC_WKUP] = { 625, 668, 625, 668, L4IC_SYS_HZ, 0 },
    [L4IC_CORE] = { 174, 290, 174, 290, L4IC_L4_HZ, 0 },
    [L4IC_PER]  = { 174, 290, 174, 290, L4IC_L4_HZ, 0 },
    [L4IC_EMU]  = { 174, 290, 174, 290, L4IC_L4_HZ, 0 },
    [L4IC_L3]   = { 107, 415, 107, 415, L4IC_L3_HZ, 0 },
};

const char *l4ic_params_check(const l4ic_params *p)
{
    if (p->read_min_ns > p->read_max_ns) {
        return "read_min_ns is larger than read_max_ns";
    }
    if (p->write_min_ns > p->write_max_ns) {
        return "write_min_ns is larger than write_max_ns";
    }
    if (p->read_max_ns > L4IC_MAX_NS || p->write_max_ns > L4IC_MAX_NS) {
        return "a cost is larger than 1000000 ns";
    }
    if (p->crossing_ns > p->read_min_ns || p->crossing_ns > p->write_min_ns) {
        return "crossing_ns is larger than a cost (read_min_ns, write_min_ns)";
    }
    if (p->ref_hz > L4IC_MAX_HZ) {
        return "clock_hz is above 1000000000";
    }
    return 0;
}

uint64_t l4ic_seed_for(uint64_t seed, const char *name)
{
    uint64_t h = 0xcbf29ce484222325ull ^ seed;

    while (*name) {
        h ^= (unsigned char)*name++;
        h *= 0x100000001b3ull;
    }
    return h;
}

void l4ic_target_init(l4ic_target *t, const l4ic_params *p, uint64_t seed)
{
    t->p = *p;
    /* xorshift state must not be 0 */
    t->rng = seed ? seed : 0x9e3779b97f4a7c15ull;
    t->hz = p->ref_hz;
}

void l4ic_set_clock(l4ic_target *t, uint32_t hz)
{
    t->hz = hz;
}

uint32_t l4ic_scale(const l4ic_target *t, uint32_t ns)
{
    uint64_t cyc_ns, c = t->p.crossing_ns;

    if (!t->p.ref_hz || !t->hz || t->hz == t->p.ref_hz || ns <= c) {
        return ns;
    }
    /* (ns - crossing) ns at ref_hz are that many cycles, each 1e9/hz ns
     * now: rounded to the nearest ns */
    cyc_ns = ((ns - c) * (uint64_t)t->p.ref_hz + t->hz / 2) / t->hz;
    return (uint32_t)(c + (cyc_ns < L4IC_MAX_NS * 100ull ? cyc_ns
                                                         : L4IC_MAX_NS * 100ull));
}

/* xorshift64* (Vigna): small, fast, good enough to spread costs. */
static uint64_t l4ic_next(l4ic_target *t)
{
    uint64_t x = t->rng;

    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    t->rng = x;
    return x * 0x2545f4914f6cdd1dull;
}

uint32_t l4ic_access_cost(l4ic_target *t, int is_write, unsigned size,
                          uint64_t now_ns)
{
    uint32_t lo = is_write ? t->p.write_min_ns : t->p.read_min_ns;
    uint32_t hi = is_write ? t->p.write_max_ns : t->p.read_max_ns;

    (void)size;
    (void)now_ns;
    if (hi == lo) {
        return l4ic_scale(t, lo);
    }
    /* uniform in [lo, hi]: the top 32 bits scaled to the range */
    return l4ic_scale(t, lo + (uint32_t)(((l4ic_next(t) >> 32) *
                                          (uint64_t)(hi - lo + 1)) >> 32));
}
