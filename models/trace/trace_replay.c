/*
 * A recorded trace replayed through the models: what n9replay, c_replay
 * and tlm_replay share (trace_replay.h).
 *
 * The models are called with the arguments the machine called them
 * with, in the same order: the memory path's rules are models/mempath,
 * shared with the machine.  Time: each event carries the virtual time
 * it happened at; with other parameters the charges differ and every
 * later event moves by the sum of the differences (the shift).  What the
 * guest decided from time (a register it read after the shift became
 * non-zero, which idle state, when a timer expired) cannot be replayed:
 * the figures are then an approximation, and the report says from which
 * event on (docs/whatif.md).
 *
 * A trace recorded with record-from=mark:N starts at that mark with the
 * models' state images (STATE events, docs/trace-format.md "Windows"):
 * the replay loads them and runs the window only, and its figures are
 * the run's own (absolute, as the statistics file has them).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace_replay.h"
#include "../mempath/mempath_state.h"
#include "../sdrc/sdrc_state.h"
#include "../l4-interconnect/l4ic_state.h"

void trp_die(const char *fmt, ...)
{
    va_list ap;

    fprintf(stderr, "n9replay: ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n");
    exit(1);
}

/* ---- Parameters -------------------------------------------------------------- */

static trp_param *param_find(trp *r, const char *key)
{
    for (unsigned i = 0; i < r->nparams; i++) {
        if (!strcmp(r->params[i].key, key)) {
            return &r->params[i];
        }
    }
    return NULL;
}

static uint64_t param_get(trp *r, const char *key)
{
    trp_param *p = param_find(r, key);

    if (!p) {
        trp_die("%s: the trace's header has no parameter %s", r->path, key);
    }
    return p->value;
}

static void params_from_header(trp *r)
{
    const char *k, *v;

    for (unsigned i = 0; n9trace_header_at(r->t, i, &k, &v); i++) {
        if (strncmp(k, "param.", 6) || r->nparams == TRP_MAX_PARAMS) {
            continue;
        }
        snprintf(r->params[r->nparams].key, sizeof(r->params[0].key), "%s",
                 k + 6);
        r->params[r->nparams++].value = strtoull(v, NULL, 0);
    }
}

/*
 * AGENT.GROUP.KEY for a register group the timing file did not name: a
 * section of its own, from its agent's values (as the machine makes one
 * for a group override, n9_timing.c), so that the other keys stay the
 * agent's.  NULL if @key is no such thing.
 */
static trp_param *group_param_new(trp *r, const char *key)
{
    static const char *const keys[4] = {
        "read_min_ns", "read_max_ns", "write_min_ns", "write_max_ns",
    };
    const char *last = strrchr(key, '.'), *k, *v;
    char group[128], agent[128];
    const char *dot;
    int known = 0;
    trp_param *out = NULL;

    if (!last || (size_t)(last - key) >= sizeof(group)) {
        return NULL;
    }
    memcpy(group, key, last - key);
    group[last - key] = 0;
    for (unsigned i = 0; n9trace_header_at(r->t, i, &k, &v); i++) {
        known |= !strncmp(k, "group.", 6) && !strcmp(v, group);
    }
    dot = strchr(group, '.');
    if (!known || !dot) {
        return NULL;
    }
    memcpy(agent, group, dot - group);
    agent[dot - group] = 0;
    for (int i = 0; i < 4; i++) {
        char from[200];
        trp_param *a;

        snprintf(from, sizeof(from), "%s.%s", agent, keys[i]);
        a = param_find(r, from);
        if (!a || r->nparams == TRP_MAX_PARAMS) {
            return NULL;
        }
        snprintf(r->params[r->nparams].key, sizeof(r->params[0].key),
                 "%s.%s", group, keys[i]);
        r->params[r->nparams].value = a->value;
        if (!strcmp(keys[i], last + 1)) {
            out = &r->params[r->nparams];
        }
        r->nparams++;
    }
    return out;
}

static void param_set(trp *r, const char *item)
{
    const char *eq = strchr(item, '=');
    char key[96], *end;
    trp_param *p;
    uint64_t v;

    if (!eq || eq == item || (size_t)(eq - item) >= sizeof(key)) {
        trp_die("--set %s: give SECTION.KEY=VALUE", item);
    }
    memcpy(key, item, eq - item);
    key[eq - item] = 0;
    v = strtoull(eq + 1, &end, 0);
    if (!eq[1] || *end) {
        trp_die("--set %s: %s is not a number", item, eq + 1);
    }
    if (!strncmp(key, "clocks.", 7) || !strncmp(key, "sdram.", 6)) {
        trp_die("--set %s: replay cannot change [%.*s] (the machine derives it "
            "from the guest's registers as it runs): rerun the guest",
            item, (int)(strchr(key, '.') - key), key);
    }
    if (!strcmp(key, "cpu.flush_cycles") || !strcmp(key, "cpu.btb_ways") ||
        !strcmp(key, "cpu.btb_index_shift") ||
        !strcmp(key, "cpu.cp15_flush")) {
        trp_die("--set %s: replay does not rerun the core's pipeline (the "
            "trace holds its cycles): rerun the guest", item);
    }
    p = param_find(r, key);
    if (!strcmp(key, "cache.unaligned_cycles") && v && !p) {
        trp_die("--set %s: the trace is from before the unaligned replay "
            "(its run's filters spared unaligned accesses, which it lacks): "
            "rerun the guest", item);
    }
    if (!strncmp(key, "prcm.", 5)) {
        trp_die("--set %s: replay does not recompute the PRCM's wake-up "
            "latency (it moves the guest's timers): rerun the guest", item);
    }
    if (!p) {
        p = group_param_new(r, key);
    }
    if (!p) {
        trp_die("--set %s: no parameter %s (the trace's header lists them: "
            "param.SECTION.KEY)", item, key);
    }
    p->value = v;
    p->set = 1;
    /* another shape: hits the run counted without an event may not be
     * hits now (docs/whatif.md) */
    if (!strncmp(key, "cache.", 6) && !strstr(key, "_cycles") &&
        !strstr(key, "_ns")) {
        r->geometry = 1;
    }
}

static void params_apply(trp *r)
{
    const char *why;
    char key[160];

    r->seed = param_get(r, "timing.seed");
    r->actlr = param_find(r, "cpu.actlr") ?
               (uint32_t)param_get(r, "cpu.actlr") : 0;
    r->cache_p = a8cache_default_params;
    for (unsigned i = 0; i < a8cache_num_param_keys; i++) {
        const char *name = a8cache_param_keys[i].name;
        trp_param *p;

        snprintf(key, sizeof(key), "cache.%s", name);
        p = param_find(r, key);
        /* a trace from before the unaligned replay: its run had none */
        *(uint32_t *)((char *)&r->cache_p + a8cache_param_keys[i].offset) =
            p ? (uint32_t)p->value :
            !strcmp(name, "unaligned_cycles") ? 0 :
            (uint32_t)param_get(r, key);        /* dies: not in the trace */
    }
    why = a8cache_params_check(&r->cache_p);
    if (why) {
        trp_die("[cache]: %s", why);
    }
    r->sdrc_p = sdrc_default_params;    /* older traces lack the newer keys */
    r->sdrc_p.dll_relock_ns = (uint32_t)param_get(r, "sdrc.dll_relock_ns");
    if (param_find(r, "sdrc.sr_exit_refreshes")) {
        r->sdrc_p.sr_exit_refreshes =
            (uint32_t)param_get(r, "sdrc.sr_exit_refreshes");
        r->sdrc_p.sr_overhead_ns =
            (uint32_t)param_get(r, "sdrc.sr_overhead_ns");
    }
    r->sdrc_p.clock_restart_cycles =
        (uint32_t)param_get(r, "sdrc.clock_restart_cycles");
    r->sdrc_p.write_latency_cycles =
        (uint32_t)param_get(r, "sdrc.write_latency_cycles");
    why = sdrc_params_check(&r->sdrc_p);
    if (why) {
        trp_die("[sdrc]: %s", why);
    }
}

/* A group's l4ic parameters: its own section if it has one, else its
 * agent's (as the machine looks them up, n9_timing_lookup). */
static void group_params(trp *r, const char *full, const char *agent,
                         l4ic_params *p)
{
    static const char *const keys[4] = {
        "read_min_ns", "read_max_ns", "write_min_ns", "write_max_ns",
    };
    uint32_t *f[4] = { &p->read_min_ns, &p->read_max_ns, &p->write_min_ns,
                       &p->write_max_ns };
    char key[200];
    const char *sec = full;
    const char *why;

    /* the costs as drawn: the recorded run's clocks are not in the trace,
     * so the replay charges the ns the ranges give (ref_hz 0) */
    memset(p, 0, sizeof(*p));
    snprintf(key, sizeof(key), "%s.read_min_ns", full);
    if (!param_find(r, key)) {
        sec = agent;
    }
    for (int i = 0; i < 4; i++) {
        snprintf(key, sizeof(key), "%s.%s", sec, keys[i]);
        *f[i] = (uint32_t)param_get(r, key);
    }
    why = l4ic_params_check(p);
    if (why) {
        trp_die("[%s]: %s", sec, why);
    }
}

static void agents_from_header(trp *r)
{
    const char *k, *v;

    for (unsigned i = 0; n9trace_header_at(r->t, i, &k, &v); i++) {
        if (!strncmp(k, "agent.", 6)) {
            unsigned a = (unsigned)strtoul(k + 6, NULL, 10);

            if (a >= TRP_MAX_AGENTS) {
                trp_die("%s: header: agent %u out of range", r->path, a);
            }
            snprintf(r->agents[a], sizeof(r->agents[a]), "%s", v);
            if (a + 1 > r->nagents) {
                r->nagents = a + 1;
            }
        }
    }
    for (unsigned i = 0; n9trace_header_at(r->t, i, &k, &v); i++) {
        if (!strncmp(k, "group.", 6)) {
            unsigned id = (unsigned)strtoul(k + 6, NULL, 10);
            const char *dot = strchr(v, '.');
            char agent[32];
            trp_group *g;
            int a;

            if (!id || id > TRP_MAX_GROUPS || !dot ||
                (size_t)(dot - v) >= sizeof(agent)) {
                trp_die("%s: header: bad line group.%s", r->path, k + 6);
            }
            memcpy(agent, v, dot - v);
            agent[dot - v] = 0;
            for (a = 0; a < (int)r->nagents; a++) {
                if (!strcmp(r->agents[a], agent)) {
                    break;
                }
            }
            if (a == (int)r->nagents) {
                trp_die("%s: header: group %s of an unknown agent", r->path, v);
            }
            g = &r->groups[id];
            snprintf(g->name, sizeof(g->name), "%s", dot + 1);
            /* the blocks whose registers count time: the 32 kHz counter,
             * the GP timers, the watchdogs */
            g->clock = !strcmp(g->name, "synctimer") ||
                       !strncmp(g->name, "gpt", 3) ||
                       !strncmp(g->name, "wdt", 3);
            g->agent = a;
            snprintf(g->full, sizeof(g->full), "%s", v);
            group_params(r, v, agent, &g->p);
            g->model = &g->own_model;
            g->c = &g->own_c;
            if (id > r->ngroups) {
                r->ngroups = id;
            }
        }
    }
    /* the groups' windows in their agent's (format 3): "window.ID=OFF+SIZE",
     * one line per window */
    for (unsigned i = 0; n9trace_header_at(r->t, i, &k, &v); i++) {
        if (!strncmp(k, "window.", 7)) {
            unsigned id = (unsigned)strtoul(k + 7, NULL, 10);
            char *end;
            unsigned long off = strtoul(v, &end, 0), size;
            trp_group *g = id && id <= r->ngroups ? &r->groups[id] : NULL;

            size = *end == '+' ? strtoul(end + 1, &end, 0) : 0;
            if (!g || !g->name[0] || *end || !size ||
                g->nwin == TRP_MAX_WINDOWS) {
                trp_die("%s: header: bad line %s=%s", r->path, k, v);
            }
            g->win_off[g->nwin] = (uint32_t)off;
            g->win_size[g->nwin++] = (uint32_t)size;
        }
    }
    for (unsigned a = 0; a < r->nagents; a++) {
        r->ac[a] = &r->own_ac[a];
    }
}

/* ---- The memory path's front-end -------------------------------------------- */

static uint64_t now_cb(void *fe)
{
    trp *r = fe;

    return r->t_ev + r->shift;
}

void trp_walk_read(void *fe, int side, uint32_t va, a8cache_walk *w)
{
    trp *r = fe;
    unsigned h = (va >> 12) & (TRP_WALK_CACHE - 1);

    (void)side;
    if (r->walkq_pos < r->nwalkq) {
        *w = r->walkq[r->walkq_pos++];
        r->walk_seen[h] = *w;
        r->walk_seen_vpn[h] = va >> 12;
        return;
    }
    /* a walk the run did not make (other TLB parameters): what a walk of
     * this page read last time, else the first-level descriptor alone */
    r->walks_synth++;
    if (r->walk_seen_vpn[h] == va >> 12 && r->walk_seen[h].ndesc) {
        *w = r->walk_seen[h];
        return;
    }
    memset(w, 0, sizeof(*w));
    w->desc_pa[0] = (uint32_t)((r->mp->ctx[2] & ~0x3fffull) |
                               ((va >> 20) << 2));
    w->ndesc = 1;
    w->page_shift = 12;
    w->cacheable = r->mp->ctx[2] & 1;
}

/* ---- Output -------------------------------------------------------------------- */

static void put_key(FILE *f, const char *name)
{
    fputc('"', f);
    for (; *name; name++) {
        fputc(*name == '-' ? '_' : *name, f);
    }
    fputs("\": ", f);
}

static void put_counters(FILE *f, const n9_access_counts *c)
{
    fprintf(f, "\"reads\": %" PRIu64 ", \"writes\": %" PRIu64
            ", \"read_ns\": %" PRIu64 ", \"write_ns\": %" PRIu64,
            c->reads, c->writes, c->read_ns, c->write_ns);
}

/* The statistics file's sections that replay answers, as they stand */
static void put_figures(trp *r, FILE *f, uint64_t now)
{
    fprintf(f, "\"virtual_ns\": %" PRIu64 ", \"agents\": {", now);
    for (unsigned a = 0; a < r->nagents; a++) {
        int first = 1;

        fprintf(f, "%s\"%s\": {", a ? ", " : "", r->agents[a]);
        put_counters(f, r->ac[a]);
        fputs(", \"groups\": {", f);
        for (unsigned g = 1; g <= r->ngroups; g++) {
            trp_group *gr = &r->groups[g];

            if (gr->agent != (int)a || !gr->name[0] ||
                (!gr->c->reads && !gr->c->writes)) {
                continue;
            }
            fprintf(f, "%s\"%s\": {", first ? "" : ", ", gr->name);
            put_counters(f, gr->c);
            fputc('}', f);
            first = 0;
        }
        fputs("}}", f);
    }
    fputs("}, \"memory\": ", f);
    if (r->mem_on) {
        fputc('{', f);
        for (int i = 0; i < MP_NUM; i++) {
            put_key(f, mempath_counter_names[i]);
            fprintf(f, "%" PRIu64 ", ", r->mp->c[i]);
        }
        fprintf(f, "\"mpu_hz\": %" PRIu64 ", \"l3_hz\": %" PRIu64
                ", \"cache\": {", r->mpu_hz, r->l3_clk_hz);
        for (int i = 0; i < A8C_NUM_COUNTERS; i++) {
            fputs(i ? ", " : "", f);
            put_key(f, a8cache_counter_names[i]);
            fprintf(f, "%" PRIu64, r->mp->cache.s.cnt[i]);
        }
        fputs("}}", f);
    } else {
        fputs("null", f);
    }
    fputs(", \"sdrc\": {", f);
    for (unsigned i = 0; i < sdrc_num_counter_keys; i++) {
        fputs(i ? ", " : "", f);
        put_key(f, sdrc_counter_keys[i].name);
        fprintf(f, "%" PRIu64, sdrc_counter_value(r->sdrc,
                                                   &sdrc_counter_keys[i]));
    }
    /* the PRCM's events as recorded (their times are the guest's) */
    fprintf(f, "}, \"replay_prcm\": {\"wfi\": %" PRIu64 ", \"wakeups\": %"
            PRIu64 ", \"wakeup_ns\": %" PRIu64 "}", r->wfis, r->wakeups,
            r->wakeup_ns);
}

/* ---- A window's start: the models' state images ---------------------------------- */

static uint64_t get_le(const unsigned char *p, unsigned n)
{
    uint64_t v = 0;

    for (unsigned i = 0; i < n; i++) {
        v |= (uint64_t)p[i] << (8 * i);
    }
    return v;
}

static const unsigned char *state_section(trp *r, const char *name,
                                          size_t *len, int need)
{
    const unsigned char *p = n9trace_state_section(r->state, r->state_len,
                                                   name, len);

    if (!p && need) {
        trp_die("%s: the window's state has no section %s", r->path, name);
    }
    return p;
}

/* counters: reads, writes, read_ns, write_ns (u64 each) */
static const unsigned char *get_counters(const unsigned char *p, n9_access_counts *c)
{
    c->reads = get_le(p, 8);
    c->writes = get_le(p + 8, 8);
    c->read_ns = get_le(p + 16, 8);
    c->write_ns = get_le(p + 24, 8);
    return p + 32;
}

/* "agent.I": its counters, then each group's number, counters, image */
static void load_agent(trp *r, unsigned a)
{
    char name[32];
    size_t len;
    const unsigned char *p, *end;
    uint32_t n;

    snprintf(name, sizeof(name), "agent.%u", a);
    p = state_section(r, name, &len, 1);
    end = p + len;
    if (len < 36) {
        trp_die("%s: the window's %s section is corrupt", r->path, name);
    }
    p = get_counters(p, r->ac[a]);
    n = (uint32_t)get_le(p, 4);
    p += 4;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t id, ilen;
        const char *why;
        trp_group *g;

        if (end - p < 40) {
            trp_die("%s: the window's %s section is corrupt", r->path, name);
        }
        id = (uint32_t)get_le(p, 4);
        if (!id || id > r->ngroups || !r->groups[id].name[0] ||
            r->groups[id].agent != (int)a) {
            trp_die("%s: the window's %s names register group %u, which the "
                "header does not give it", r->path, name, id);
        }
        g = &r->groups[id];
        p = get_counters(p + 4, g->c);
        ilen = (uint32_t)get_le(p, 4);
        p += 4;
        if ((size_t)(end - p) < ilen) {
            trp_die("%s: the window's %s section is corrupt", r->path, name);
        }
        why = l4ic_state_load(g->model, p, ilen);
        if (why) {
            trp_die("%s: register group %s.%s: %s", r->path, r->agents[a],
                g->name, why);
        }
        p += ilen;
    }
}

static void load_state(trp *r, uint64_t now)
{
    const unsigned char *p;
    size_t len;
    const char *why;

    if (r->window) {
        trp_die("%s: corrupt: a second state image (event %" PRIu64 ")",
            r->path, n9trace_index(r->t) - 1);
    }
    if (r->mem_on) {
        p = state_section(r, "mempath", &len, 1);
        why = mempath_state_load(r->mp, p, len);
        if (why) {
            trp_die("%s: the window's memory path: %s%s", r->path, why,
                r->geometry ? " (a window replays with the geometry it was "
                "recorded with: record from the start to change it)" : "");
        }
    }
    p = state_section(r, "sdrc", &len, 1);
    why = sdrc_state_load(r->sdrc, p, len);
    if (why) {
        trp_die("%s: the window's SDRC: %s", r->path, why);
    }
    for (unsigned a = 0; a < r->nagents; a++) {
        load_agent(r, a);
    }
    p = state_section(r, "prcm.counts", &len, 1);
    if (len != 24) {
        trp_die("%s: the window's prcm.counts section is corrupt", r->path);
    }
    r->wfis = get_le(p, 8);
    r->wakeups = get_le(p + 8, 8);
    r->wakeup_ns = get_le(p + 16, 8);
    r->window = 1;
    r->window_ns = now;
}

static void state_chunk(trp *r, const n9trace_event *ev)
{
    if (r->state_len + ev->blob_len > r->state_cap) {
        r->state_cap = (r->state_len + ev->blob_len) * 2;
        r->state = realloc(r->state, r->state_cap);
        if (!r->state) {
            trp_die("out of memory for the window's state image");
        }
    }
    memcpy(r->state + r->state_len, ev->blob, ev->blob_len);
    r->state_len += ev->blob_len;
    if (ev->flags & N9T_F_LAST) {
        load_state(r, ev->time_ns);
        free(r->state);
        r->state = NULL;
        r->state_len = r->state_cap = 0;
    }
}

/* ---- The idle walk's entries (N9T_IDLE; n9_idle.c) --------------------------------- */

/* The groups' counters now: a phase's accesses are the difference */
static void idle_snapshot(trp *r)
{
    for (unsigned g = 1; g <= r->ngroups; g++) {
        if (r->groups[g].name[0]) {
            r->idle.snap[g] = *r->groups[g].c;
        }
    }
}

static void idle_take(trp *r, int ph)
{
    for (unsigned g = 1; g <= r->ngroups; g++) {
        const n9_access_counts *c = r->groups[g].c;
        n9_access_counts *cur = &r->idle.cur[ph][g];
        const n9_access_counts *s = &r->idle.snap[g];

        if (!r->groups[g].name[0]) {
            continue;
        }
        cur->reads += c->reads - s->reads;
        cur->writes += c->writes - s->writes;
        cur->read_ns += c->read_ns - s->read_ns;
        cur->write_ns += c->write_ns - s->write_ns;
    }
    idle_snapshot(r);
}

static void idle_close(trp *r, const n9trace_event *ev, uint64_t now)
{
    trp_idle *w = &r->idle;
    int entered = (int32_t)(uint32_t)ev->value;
    trp_idle_state *st;

    idle_take(r, w->phase == TRP_PH_AFTER ? TRP_PH_AFTER : TRP_PH_BEFORE);
    w->open = 0;
    if (entered < 0 || entered >= TRP_IDLE_STATES) {
        w->rejected++;
        return;
    }
    st = &w->state[entered];
    w->entries++;
    st->entries++;
    st->demoted += w->req > (uint32_t)entered;
    if (w->phase == TRP_PH_BEFORE) {
        st->no_wfi++;
        st->before_ns += now - w->t_enter;
    } else {
        st->before_ns += w->t_wfi - w->t_enter;
        st->wfi_ns += w->t_running - w->t_wfi;
        st->after_ns += now - w->t_running;
        st->wake_ns += w->wake_ns;
    }
    /* as recorded: the PRCM's power-state register accesses */
    st->pwrst[TRP_PH_BEFORE][0] += ev->a[0];
    st->pwrst[TRP_PH_BEFORE][1] += ev->a[1];
    st->pwrst[TRP_PH_AFTER][0] += ev->a[2];
    st->pwrst[TRP_PH_AFTER][1] += ev->a[3];
    for (int ph = 0; ph < TRP_PH_NUM; ph++) {
        for (unsigned g = 1; g <= r->ngroups; g++) {
            n9_access_counts *d = &st->acc[ph][g];
            const n9_access_counts *c = &w->cur[ph][g];

            d->reads += c->reads;
            d->writes += c->writes;
            d->read_ns += c->read_ns;
            d->write_ns += c->write_ns;
        }
    }
}

/* A step of the walk, at the replayed time */
static void idle_step(trp *r, const n9trace_event *ev)
{
    trp_idle *w = &r->idle;
    uint64_t now = ev->time_ns + r->shift;

    w->seen = 1;
    switch (ev->flags) {
    case N9T_IDLE_OPEN:
        w->lost += w->open;     /* the last one never returned (a reset) */
        w->open = 1;
        w->phase = TRP_PH_BEFORE;
        w->req = (uint32_t)ev->value;
        w->t_enter = now;
        w->wake_ns = 0;
        memset(w->cur, 0, sizeof(w->cur));
        idle_snapshot(r);
        break;
    case N9T_IDLE_WFI:
        if (w->open && w->phase == TRP_PH_BEFORE) {
            idle_take(r, TRP_PH_BEFORE);
            w->phase = -1;
            w->t_wfi = now;
        }
        break;
    case N9T_IDLE_RUNNING:
        if (w->open && w->phase < 0) {
            idle_snapshot(r);
            w->phase = TRP_PH_AFTER;
            w->t_running = now;
            w->wake_ns = ev->a[0];      /* the PRCM's, as recorded */
        }
        break;
    case N9T_IDLE_CLOSE:
        if (w->open) {          /* a window may start inside an entry */
            idle_close(r, ev, now);
        }
        break;
    }
}

static void put_count(FILE *f, uint64_t reads, uint64_t writes, uint64_t ns,
                      uint64_t entries)
{
    fprintf(f, "\"reads\": %" PRIu64 ", \"writes\": %" PRIu64 ", \"ns\": %"
            PRIu64 ", \"per_entry\": %.17g", reads, writes, ns,
            entries ? (double)(reads + writes) / entries : 0.0);
}

static void sum_into(n9_access_counts *d, const n9_access_counts *c)
{
    d->reads += c->reads;
    d->writes += c->writes;
    d->read_ns += c->read_ns;
    d->write_ns += c->write_ns;
}

/* A phase's accesses: per agent, then per group (n9_idle_phase_dict) */
static void put_idle_phase(trp *r, FILE *f, const trp_idle_state *st, int ph)
{
    n9_access_counts total = { 0 };
    int firsta = 1;

    fputs("\"agents\": {", f);
    for (unsigned a = 0; a < r->nagents; a++) {
        n9_access_counts sum = { 0 };
        int first = 1;

        for (unsigned g = 1; g <= r->ngroups; g++) {
            if (r->groups[g].name[0] && r->groups[g].agent == (int)a) {
                sum_into(&sum, &st->acc[ph][g]);
            }
        }
        if (!(sum.reads + sum.writes)) {
            continue;
        }
        fprintf(f, "%s\"%s\": {", firsta ? "" : ", ", r->agents[a]);
        firsta = 0;
        put_count(f, sum.reads, sum.writes, sum.read_ns + sum.write_ns,
                  st->entries);
        fputs(", \"groups\": {", f);
        for (unsigned g = 1; g <= r->ngroups; g++) {
            const n9_access_counts *c = &st->acc[ph][g];

            if (!r->groups[g].name[0] || r->groups[g].agent != (int)a ||
                !(c->reads + c->writes)) {
                continue;
            }
            fprintf(f, "%s\"%s\": {", first ? "" : ", ",
                    r->groups[g].name);
            first = 0;
            put_count(f, c->reads, c->writes, c->read_ns + c->write_ns,
                      st->entries);
            fputc('}', f);
        }
        fputs("}}", f);
        sum_into(&total, &sum);
    }
    fputs("}, ", f);
    put_count(f, total.reads, total.writes, total.read_ns + total.write_ns,
              st->entries);
}

static double per(uint64_t sum, uint64_t n)
{
    return n ? (double)sum / n : 0.0;
}

/* The statistics file's "idle" section, as far as a trace holds it (not
 * the lowest power states' and the wake-up sources' tables) */
static void put_idle(trp *r, FILE *f)
{
    const trp_idle *w = &r->idle;
    int first = 1;

    fprintf(f, ", \"idle\": {\"entries\": %" PRIu64 ", \"rejected\": %"
            PRIu64 ", \"lost\": %" PRIu64 ", \"states\": {", w->entries,
            w->rejected, w->lost);
    for (int i = 0; i < TRP_IDLE_STATES; i++) {
        const trp_idle_state *st = &w->state[i];
        uint64_t woken = st->entries - st->no_wfi;

        if (!st->entries) {
            continue;
        }
        fprintf(f, "%s\"C%d\": {\"entries\": %" PRIu64
                ", \"demoted_to_this\": %" PRIu64 ", \"without_wfi\": %" PRIu64
                ", \"before_wfi_ns\": %" PRIu64 ", \"in_wfi_ns\": %" PRIu64
                ", \"after_wakeup_ns\": %" PRIu64
                ", \"wakeup_latency_ns\": %" PRIu64
                ", \"before_wfi_us_per_entry\": %.17g"
                ", \"in_wfi_us_per_entry\": %.17g"
                ", \"after_wakeup_us_per_entry\": %.17g"
                ", \"wakeup_latency_us_per_entry\": %.17g",
                first ? "" : ", ", i + 1, st->entries, st->demoted,
                st->no_wfi, st->before_ns, st->wfi_ns, st->after_ns,
                st->wake_ns, per(st->before_ns, st->entries) / 1e3,
                per(st->wfi_ns, woken) / 1e3, per(st->after_ns, woken) / 1e3,
                per(st->wake_ns, woken) / 1e3);
        first = 0;
        fputs(", \"power_domain_registers\": {\"before_wfi\": {", f);
        put_count(f, st->pwrst[0][0], st->pwrst[0][1], 0, st->entries);
        fputs("}, \"after_wakeup\": {", f);
        put_count(f, st->pwrst[1][0], st->pwrst[1][1], 0, st->entries);
        fputs("}}, \"before_wfi\": {", f);
        put_idle_phase(r, f, st, TRP_PH_BEFORE);
        fputs("}, \"after_wakeup\": {", f);
        put_idle_phase(r, f, st, TRP_PH_AFTER);
        fputs("}}", f);
    }
    fputs("}}", f);
}

/* ---- The run ------------------------------------------------------------------- */

static void diverged(trp *r, const n9trace_event *ev, uint32_t ns)
{
    static const char *const names[N9T_NUM_TYPES] = {
        [N9T_ACCESS] = "access", [N9T_FETCH] = "fetch", [N9T_PLD] = "pld",
        [N9T_CMAINT] = "cache maintenance",
        [N9T_REG] = "register access",
    };

    trp_die("%s: replay diverges at event %" PRIu64 " (%s at %" PRIu64
        " ns, va 0x%" PRIx64 " pa 0x%" PRIx64 "): recorded %u ns, "
        "replayed %u ns", r->path, n9trace_index(r->t) - 1,
        names[ev->type] ? names[ev->type] : "?", ev->time_ns, ev->va,
        ev->pa, ev->charge_ns, ns);
}

static void charged(trp *r, const n9trace_event *ev, uint32_t ns)
{
    r->charged_rec += ev->charge_ns;
    r->charged_new += ns;
    if (ns != ev->charge_ns) {
        if (r->verify) {
            diverged(r, ev, ns);
        }
        if (!r->first_shift) {
            r->first_shift = n9trace_index(r->t);
        }
        r->shift += (int64_t)ns - (int64_t)ev->charge_ns;
    }
}

static void walks_done(trp *r)
{
    if (r->walkq_pos < r->nwalkq) {
        if (r->verify) {
            trp_die("%s: replay diverges at event %" PRIu64 ": the run walked "
                "the page tables there, the replay did not", r->path,
                n9trace_index(r->t) - 1);
        }
        r->walks_unused += r->nwalkq - r->walkq_pos;
    }
    r->nwalkq = r->walkq_pos = 0;
}

static void mem_reset(trp *r)
{
    const char *why = r->ops->mem_reset(r);

    if (why) {
        trp_die("[cache]: %s", why);
    }
    mempath_set_actlr(r->mp, r->actlr);
}

static void event(trp *r, const n9trace_event *ev)
{
    uint32_t ns;

    r->t_ev = ev->time_ns;
    switch (ev->type) {
    case N9T_WALK:
        if (r->nwalkq == TRP_MAX_WALKQ) {
            trp_die("%s: corrupt: more than %d walks for one access (event %"
                PRIu64 ")", r->path, TRP_MAX_WALKQ, n9trace_index(r->t) - 1);
        }
        r->walkq[r->nwalkq++] = (a8cache_walk) {
            .desc_pa = { (uint32_t)ev->a[0], (uint32_t)ev->a[1] },
            .ndesc = ev->a[2] & 0xff,
            .page_shift = (ev->a[2] >> 8) & 0xff,
            .global = (ev->a[2] >> 16) & 1,
            .cacheable = (ev->a[2] >> 17) & 1,
            .on_chip = (uint32_t)ev->a[3],
            .attr = (uint32_t)(ev->a[2] >> 18) & 0x1f,
        };
        return;
    case N9T_ACCESS:
    case N9T_FETCH:
    case N9T_PLD:
    case N9T_CMAINT:
        ns = r->ops->mem(r, ev, ev->time_ns + r->shift);
        walks_done(r);
        charged(r, ev, ns);
        return;
    case N9T_CPUSTATE:
        mempath_set_ctx(r->mp, ev->a);
        return;
    case N9T_TLBI:
        mempath_tlb_maint(r->mp, (int)ev->flags, ev->value);
        return;
    case N9T_MPUCLK:
        r->mpu_hz = ev->value;
        if (ev->value) {        /* stopped: the costs stay */
            mempath_set_mpu_hz(r->mp, ev->value);
        }
        return;
    case N9T_UNWIND:
        /* the machine gave back the extra of code that did not run (an
         * I/O instruction run again: the count in the high half) */
        mempath_unwind(r->mp, (uint32_t)ev->value,
                       (uint32_t)(ev->value >> 32));
        return;
    case N9T_GIVEBACK:
        /* a cycle a fetch charged that a pair saved (below 1 GHz, with
         * the pipeline), or took back: its extra */
        mempath_give_back(r->mp, ev->flags & N9T_F_TAKEN ?
                          -(int32_t)ev->value : (int32_t)ev->value);
        return;
    case N9T_L3CLK:
        r->l3_clk_hz = ev->value;
        /* the L3's part of a miss follows it (stopped: the costs stay) */
        a8cache_set_l3_hz(&r->mp->cache, (uint32_t)ev->value);
        return;
    case N9T_MPUOFF:
        mempath_mpu_off(r->mp);
        return;
    case N9T_MEMRESET:
        mem_reset(r);
        r->idle.open = 0;       /* the machine's reset: as n9_idle_reset */
        return;
    case N9T_SKIP:
        mempath_add_skipped(r->mp, ev->a[0], ev->a[1], ev->a[2], ev->a[3]);
        return;
    case N9T_REG: {
        trp_group *g = ev->group && ev->group <= r->ngroups ?
                   &r->groups[ev->group] : NULL;
        int w = ev->flags & N9T_F_WRITE;

        if (!g || !g->name[0]) {
            trp_die("%s: corrupt: event %" PRIu64 " names register group %u, "
                "which the header does not list", r->path,
                n9trace_index(r->t) - 1, ev->group);
        }
        ns = r->ops->reg(r, ev, ev->time_ns + r->shift);
        if (!w) {
            /* the value it read depended on time (a clock), or the guest
             * polls the register until it changes: with the times moved
             * the guest would have seen other values */
            if (r->shift != 0) {
                r->time_reads += g->clock;
                r->polls += !g->clock && ev->group == r->last_read_group &&
                            ev->offset == r->last_read_offset;
            }
            r->last_read_group = ev->group;
            r->last_read_offset = ev->offset;
        }
        charged(r, ev, ns);
        return;
    }
    case N9T_AGENTRESET:
        if (ev->value < TRP_MAX_AGENTS) {
            memset(r->ac[ev->value], 0, sizeof(*r->ac[0]));
            for (unsigned g = 1; g <= r->ngroups; g++) {
                if (r->groups[g].agent == (int)ev->value) {
                    memset(r->groups[g].c, 0, sizeof(*r->groups[g].c));
                }
            }
        }
        return;
    case N9T_SDRC_CFG: {
        SdrcConfig c;

        if (ev->blob_len != sizeof(c)) {
            trp_die("%s: the trace's SDRC configurations are %u bytes, this "
                "replay's %zu (another build)", r->path, ev->blob_len,
                sizeof(c));
        }
        memcpy(&c, ev->blob, sizeof(c));
        r->ops->sdrc_cfg(r, &c, ev->flags & N9T_F_CONFIGURE,
                         ev->time_ns + r->shift);
        return;
    }
    case N9T_SDRC_IDLE:
        r->ops->sdrc_idle(r, ev->time_ns + r->shift, ev->flags & N9T_F_IDLE,
                          ev->flags & N9T_F_OFF);
        return;
    case N9T_PRCM:
        /* OMAP3PRCMEventType: 0 the MPU's WFI, 1 a wake-up (its cost) */
        r->wfis += ev->a[0] == 0;
        r->wakeups += ev->a[0] == 1;
        r->wakeup_ns += ev->a[0] == 1 ? ev->a[4] : 0;
        /* a wake-up: when it came may have depended on time */
        r->wakeups_after += ev->a[0] == 1 && r->shift != 0;
        return;
    case N9T_MARK:
        if (r->marks) {
            fprintf(r->marks, "%s{\"mark\": %" PRIu64 ", ", r->nmarks++ ?
                    ",\n" : "", ev->value);
            put_figures(r, r->marks, ev->time_ns + r->shift);
            fputc('}', r->marks);
        }
        return;
    case N9T_END:
        r->end_ns = ev->time_ns;
        r->ended = 1;
        return;
    case N9T_STATE:
        state_chunk(r, ev);
        return;
    case N9T_IDLE:
        idle_step(r, ev);
        return;
    default:
        return;
    }
}


/* ---- Set-up, the run, the report ------------------------------------------------ */

void trp_open(trp *r, const char *path, char *const *sets, int nsets,
              int verify)
{
    char err[256];
    const char *l3, *base, *mem;

    r->path = path;
    r->verify = verify;
    r->t = n9trace_open(path, err, sizeof(err));
    if (!r->t) {
        trp_die("%s", err);
    }
    params_from_header(r);
    for (int i = 0; i < nsets; i++) {
        param_set(r, sets[i]);
    }
    params_apply(r);
    agents_from_header(r);
    l3 = n9trace_header_get(r->t, "sdrc.l3_hz");
    base = n9trace_header_get(r->t, "sdrc.base");
    mem = n9trace_header_get(r->t, "machine.memory_model");
    if (!l3 || !base || !n9trace_header_get(r->t, "mem.sdram_size") ||
        !n9trace_header_get(r->t, "mem.sdram_base")) {
        trp_die("%s: the header lacks the SDRC's or the memory's set-up",
                r->path);
    }
    r->l3_hz = (uint32_t)strtoul(l3, NULL, 0);
    r->sdrc_base = strtoull(base, NULL, 0);
    r->mem_on = mem && !strcmp(mem, "1");
    r->sdram_base = strtoull(n9trace_header_get(r->t, "mem.sdram_base"),
                             NULL, 0);
    r->sdram_size = strtoull(n9trace_header_get(r->t, "mem.sdram_size"),
                             NULL, 0);
}

/* ---- The C models, called directly -------------------------------------------- */

static uint32_t c_mem(trp *r, const n9trace_event *ev, uint64_t now)
{
    unsigned res;

    (void)now;          /* the memory path asks now_cb */
    switch (ev->type) {
    case N9T_ACCESS:
        return mempath_access(r->mp, (uint32_t)ev->va, ev->pa, ev->size,
                              ev->flags & N9T_F_STORE, ev->flags & N9T_F_SIMD,
                              ev->flags & N9T_F_USE, &res);
    case N9T_FETCH:
        return mempath_fetch(r->mp, ev->pa, ev->size, ev->ninsns,
                             (uint32_t)ev->va, (int)ev->flags, 0, &res);
    case N9T_CMAINT:
        return mempath_cache_maint(r->mp, (int)ev->value, (uint32_t)ev->va,
                                   ev->pa);
    default:
        return mempath_pld(r->mp, (uint32_t)ev->va, ev->pa);
    }
}

static uint32_t c_reg(trp *r, const n9trace_event *ev, uint64_t now)
{
    trp_group *g = &r->groups[ev->group];
    int w = ev->flags & N9T_F_WRITE;
    uint32_t ns = l4ic_access_cost(g->model, w, ev->size, now);

    n9_access_count(g->c, w, ns);
    n9_access_count(r->ac[g->agent], w, ns);
    return ns;
}

static void c_sdrc_cfg(trp *r, const SdrcConfig *c, int configure,
                       uint64_t now)
{
    if (configure) {
        sdrc_configure(r->sdrc, c);
    } else {
        sdrc_set_config(r->sdrc, c, now);
    }
}

static void c_sdrc_idle(trp *r, uint64_t now, int idle, int off)
{
    sdrc_core_idle(r->sdrc, now, idle, off);
}

static const char *c_mem_reset(trp *r)
{
    return mempath_reset(r->mp, &r->cache_p, &r->own_next, r->seed);
}

const trp_ops trp_c_ops = {
    .mem = c_mem, .reg = c_reg,
    .sdrc_cfg = c_sdrc_cfg, .sdrc_idle = c_sdrc_idle,
    .mem_reset = c_mem_reset,
};

void trp_c_init(trp *r)
{
    r->ops = &trp_c_ops;
    r->sdrc = &r->own_sdrc;
    sdrc_init(r->sdrc, &r->sdrc_p, r->l3_hz, r->sdrc_base);
    r->own_next = (a8cache_next) { .access = sdrc_next_level_access,
                                   .ctx = r->sdrc };
    r->mp = &r->own_mp;
    r->mp->sdram_base = r->sdram_base;
    r->mp->sdram_size = r->sdram_size;
    r->mp->now = now_cb;
    r->mp->walk_read = trp_walk_read;
    r->mp->fe = r;
    for (unsigned g = 1; g <= r->ngroups; g++) {
        trp_group *gr = &r->groups[g];

        if (gr->name[0]) {
            /* each group draws from its own sequence, fixed by the seed */
            l4ic_target_init(gr->model, &gr->p,
                             l4ic_seed_for(r->seed, gr->full));
        }
    }
}

void trp_start(trp *r)
{
    /* as the machine's reset leaves it: the CPU state unknown */
    uint64_t ctx[5] = { UINT64_MAX, 0, 0, 0, 0 };

    mem_reset(r);
    mempath_set_ctx(r->mp, ctx);
}

void trp_run(trp *r, int progress)
{
    n9trace_event ev;
    int k;

    while ((k = n9trace_next(r->t, &ev)) > 0) {
        event(r, &ev);
        if (progress && (++r->events & ((1u << 24) - 1)) == 0) {
            fprintf(stderr, "n9replay: %" PRIu64 " M events\n",
                    r->events >> 20);
        }
    }
    if (k < 0) {
        trp_die("%s: %s", r->path, n9trace_error(r->t));
    }
    r->events = n9trace_index(r->t);
    if (!r->ended) {
        trp_die("%s: no end event: the run did not end normally", r->path);
    }
    if (n9trace_header_get(r->t, "record.from") && !r->window) {
        trp_die("%s: recorded with record-from=%s, but the run ended before "
                "its window began: the trace holds no window", r->path,
                n9trace_header_get(r->t, "record.from"));
    }
}

void trp_report(trp *r, const char *json, double host_s)
{
    FILE *f;
    int c;

    if (!json) {
        printf("%s: %" PRIu64 " events, %.3f s of virtual time "
               "(recorded %.3f s), charged %" PRIu64 " ns (recorded %"
               PRIu64 ")%s\n", r->path, r->events,
               (r->end_ns + r->shift) / 1e9, r->end_ns / 1e9, r->charged_new,
               r->charged_rec, r->verify ? ", every charge as recorded" : "");
        return;
    }
    f = strcmp(json, "-") ? fopen(json, "w") : stdout;
    if (!f) {
        trp_die("cannot write %s", json);
    }
    fputc('{', f);
    put_figures(r, f, r->end_ns + r->shift);
    if (r->idle.seen) {
        put_idle(r, f);
    }
    fputs(", \"marks\": [\n", f);
    if (r->marks) {
        rewind(r->marks);
        while ((c = fgetc(r->marks)) != EOF) {
            fputc(c, f);
        }
    }
    fprintf(f, "], \"replay\": {\"trace\": \"%s\", \"events\": %" PRIu64
            ", \"verified\": %s, \"recorded_end_ns\": %" PRIu64
            ", \"shift_ns\": %" PRId64 ", \"charged_recorded_ns\": %"
            PRIu64 ", \"charged_ns\": %" PRIu64
            ", \"first_changed_event\": %" PRId64
            ", \"time_dependent_reads\": %" PRIu64
            ", \"polls\": %" PRIu64
            ", \"wakeups_after_change\": %" PRIu64
            ", \"walks_not_recorded\": %" PRIu64
            ", \"walks_not_replayed\": %" PRIu64
            ", \"geometry_changed\": %s"
            ", \"window\": %s, \"window_ns\": %" PRIu64
            ", \"approximate\": %s, \"host_s\": %.3f}}\n",
            r->path, r->events, r->verify ? "true" : "false",
            r->end_ns, r->shift, r->charged_rec, r->charged_new,
            r->first_shift ? (int64_t)r->first_shift - 1 : (int64_t)-1,
            r->time_reads, r->polls, r->wakeups_after, r->walks_synth,
            r->walks_unused, r->geometry ? "true" : "false",
            r->window ? "true" : "false", r->window_ns,
            r->time_reads || r->polls || r->wakeups_after ||
            r->walks_synth || r->geometry ||
            r->walks_unused ? "true" : "false", host_s);
    if (f != stdout && fclose(f) != 0) {
        trp_die("cannot write %s", json);
    }
}

void trp_close(trp *r)
{
    if (r->marks) {
        fclose(r->marks);
        r->marks = NULL;
    }
    n9trace_close(r->t);
    r->t = NULL;
}
