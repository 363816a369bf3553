/*
 * The C replay (c_replay.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "c_replay.h"

#include <string.h>

#include "omap3630_map.h"

/* The N9's L3 clock (DPLL3 as its boot loader sets it), as the SystemC
 * SDRC's default. */
#define L3_HZ   195200000u
#define SDRAM_BASE  0x80000000u
#define SDRAM_SIZE  0x40000000u

typedef struct replay {
    a8cache cache;
    SdrcModel sdrc;
    SdrcRegs regs;
    l4ic_target group[OMAP3_NUM_BLOCKS];
} replay;

static int block_at(uint32_t addr, unsigned size)
{
    OMAP3Agent a = omap3630_agent_at(addr);
    int b;

    for (b = 0; b < OMAP3_NUM_BLOCKS; b++) {
        const OMAP3BlockMap *m = &omap3630_map[b];
        if (m->agent == a && addr >= m->base &&
            (uint64_t)addr - m->base + size <= m->size) {
            return b;
        }
    }
    return -1;
}

/* A register access: the agent's cost at the issue time; an SDRC timing
 * register write reaches the SDRC model at that time too. */
static uint64_t mmio(replay *r, n9_replay_figures *f, const n9_access *a,
                     uint64_t now)
{
    int b = block_at(a->addr, a->size);
    int is_write = a->kind == N9_ACC_STORE;
    OMAP3Agent ag = omap3630_agent_at(a->addr);
    n9_replay_agent *c = &f->agent[ag];
    uint32_t ns;

    if (b < 0) {
        c->errors++;
        f->errors++;
        return 0;
    }
    ns = l4ic_access_cost(&r->group[b], is_write, a->size, now);
    if (b == OMAP3_BLK_SDRC && is_write && a->size == 4) {
        uint32_t *field = sdrc_regs_field(&r->regs,
                                          a->addr - omap3630_map[b].base);
        if (field) {
            SdrcConfig cfg;

            /* a recorded write's value is not known: the same again */
            *field = a->flags & N9_ACC_KEEP ? *field : a->value;
            sdrc_decode(&r->regs, L3_HZ, &cfg);
            sdrc_set_config(&r->sdrc, &cfg, now);
        }
    }
    n9_access_count(c, is_write, ns);
    return ns;
}

/* The boot ROM or the SRAM: the machine's memory path does not charge it */
static int onchip_at(uint32_t addr, unsigned size)
{
    int i;

    for (i = 0; i < OMAP3_NUM_ONCHIP; i++) {
        const OMAP3OnChipMap *m = &omap3630_onchip[i];
        if (addr >= m->base && (uint64_t)addr - m->base + size <= m->size) {
            return 1;
        }
    }
    return 0;
}

int n9_c_replay(n9_next_fn next, void *ctx, uint64_t seed,
                n9_replay_figures *f, char *why, size_t whylen)
{
    static replay r;    /* the cache's state is large */
    a8cache_next nx = { sdrc_next_level_access, &r.sdrc };
    n9_access a;
    uint64_t stall = 0, now = 0, ns, cpu_ns = 0;
    int b;

    memset(f, 0, sizeof(*f));
    sdrc_init(&r.sdrc, NULL, L3_HZ, SDRAM_BASE);
    sdrc_n9_regs(&r.regs);
    a8cache_init(&r.cache, &a8cache_default_params, &nx, seed);
    for (b = 0; b < OMAP3_NUM_BLOCKS; b++) {
        const OMAP3BlockMap *m = &omap3630_map[b];
        char full[64];

        snprintf(full, sizeof(full), "%s.%s", omap3630_agents[m->agent].name,
                 m->name);
        l4ic_target_init(&r.group[b], &l4ic_default_params[m->agent],
                         l4ic_seed_for(seed, full));
    }
    while (next(ctx, &a)) {
        if (a.cpu_ns < cpu_ns) {
            snprintf(why, whylen, "access %llu goes back in time (%llu ns "
                     "after %llu ns)", (unsigned long long)f->transactions,
                     (unsigned long long)a.cpu_ns,
                     (unsigned long long)cpu_ns);
            return -1;
        }
        cpu_ns = a.cpu_ns;
        now = a.cpu_ns + stall;
        f->transactions++;
        if (a.addr >= SDRAM_BASE && a.addr - SDRAM_BASE < SDRAM_SIZE) {
            switch (a.kind) {
            case N9_ACC_STORE:
                f->stores++;
                ns = a8cache_store(&r.cache, a.addr, a.size, now);
                break;
            case N9_ACC_FETCH:
                f->fetches++;
                ns = a8cache_fetch(&r.cache, a.addr, now);
                break;
            default:
                f->loads++;
                ns = a8cache_load(&r.cache, a.addr, a.size, now);
                break;
            }
        } else {
            if (a.kind == N9_ACC_STORE) {
                f->stores++;
            } else if (a.kind == N9_ACC_FETCH) {
                f->fetches++;
            } else {
                f->loads++;
            }
            if (onchip_at(a.addr, a.size)) {
                f->onchip++;
                ns = 0;
            } else {
                ns = mmio(&r, f, &a, now);
            }
        }
        stall += ns;
        now += ns;
    }
    f->end_ns = now;
    f->stall_ns = stall;
    memcpy(f->cache, r.cache.s.cnt, sizeof(f->cache));
    f->sdrc = r.sdrc.cnt;
    f->sdrc_power = r.regs.power;
    return 0;
}

void n9_replay_print(FILE *out, const n9_replay_figures *f)
{
    static const char *const agents[L4IC_NUM_AGENTS] = {
        "l4-wkup", "l4-core", "l4-per", "l4-emu", "l3",
    };
    const uint64_t *sd = (const uint64_t *)&f->sdrc;
    static const char *const sdrc_names[SDRC_NUM_COUNTERS] = {
        "reads", "writes", "row_hits", "row_misses", "row_conflicts",
        "row_hit_ps", "row_miss_ps", "row_conflict_ps", "refreshes",
        "refresh_delays", "refresh_wait_ps", "pd_entries", "pd_exits",
        "pd_wait_ps", "sr_entries", "sr_exits", "sr_wait_ps",
        "clock_restarts", "clock_restart_ps", "access_ps",
    };
    unsigned i;

    fprintf(out, "transactions %llu\n", (unsigned long long)f->transactions);
    fprintf(out, "loads %llu\nstores %llu\nfetches %llu\nerrors %llu\n",
            (unsigned long long)f->loads, (unsigned long long)f->stores,
            (unsigned long long)f->fetches, (unsigned long long)f->errors);
    fprintf(out, "onchip %llu\n", (unsigned long long)f->onchip);
    fprintf(out, "end_ns %llu\nstall_ns %llu\n",
            (unsigned long long)f->end_ns, (unsigned long long)f->stall_ns);
    for (i = 0; i < A8C_NUM_COUNTERS; i++) {
        fprintf(out, "cache.%s %llu\n", a8cache_counter_names[i],
                (unsigned long long)f->cache[i]);
    }
    for (i = 0; i < SDRC_NUM_COUNTERS; i++) {
        fprintf(out, "sdrc.%s %llu\n", sdrc_names[i],
                (unsigned long long)sd[i]);
    }
    fprintf(out, "sdrc.power 0x%llx\n", (unsigned long long)f->sdrc_power);
    for (i = 0; i < L4IC_NUM_AGENTS; i++) {
        const n9_replay_agent *a = &f->agent[i];
        fprintf(out, "%s.reads %llu\n%s.writes %llu\n%s.read_ns %llu\n"
                "%s.write_ns %llu\n%s.errors %llu\n",
                agents[i], (unsigned long long)a->reads,
                agents[i], (unsigned long long)a->writes,
                agents[i], (unsigned long long)a->read_ns,
                agents[i], (unsigned long long)a->write_ns,
                agents[i], (unsigned long long)a->errors);
    }
}
