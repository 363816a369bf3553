/*
 * A recorded trace as an access stream (trace_file_source.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "trace_file_source.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "omap3630_map.h"

#define GROUP_NONE  UINT32_MAX     /* not a block of the map */

/*
 * The base of group "agent.block"'s agent if the group is a block of the
 * map: a REG event's offset is in its agent's window (n9_agent.c records
 * the port's place in the agent plus the offset in the port).
 */
static uint32_t group_agent_base(const char *v)
{
    const char *dot = strchr(v, '.');
    int b;

    if (!dot) {
        return 0;
    }
    for (b = 0; b < OMAP3_NUM_BLOCKS; b++) {
        const OMAP3BlockMap *m = &omap3630_map[b];
        const char *agent = omap3630_agents[m->agent].name;

        if (strlen(agent) == (size_t)(dot - v) && !strncmp(v, agent, dot - v) &&
            !strcmp(dot + 1, m->name)) {
            return (uint32_t)omap3630_agents[m->agent].base;
        }
    }
    return GROUP_NONE;
}

int n9_trace_source_open(n9_trace_source *s, const char *path, char *err,
                         size_t errlen)
{
    const char *k, *v;
    unsigned i;

    memset(s, 0, sizeof(*s));
    for (i = 0; i <= N9_TRACE_MAX_GROUPS; i++) {
        s->group_base[i] = GROUP_NONE;
    }
    s->t = n9trace_open(path, err, errlen);
    if (!s->t) {
        return -1;
    }
    if (n9trace_header_get(s->t, "record.from")) {
        /* its models start from the images in it (docs/trace-format.md) */
        snprintf(err, errlen, "%s: a window (record-from=%s) starts from the "
                 "models' state images, which this testbench does not load: "
                 "give it a whole run's trace", path,
                 n9trace_header_get(s->t, "record.from"));
        n9trace_close(s->t);
        s->t = NULL;
        return -1;
    }
    for (i = 0; n9trace_header_at(s->t, i, &k, &v); i++) {
        unsigned long id;

        if (strncmp(k, "group.", 6)) {
            continue;
        }
        id = strtoul(k + 6, NULL, 10);
        if (!id || id > N9_TRACE_MAX_GROUPS) {
            snprintf(err, errlen, "%s: header: bad line %s", path, k);
            n9trace_close(s->t);
            s->t = NULL;
            return -1;
        }
        s->group_base[id] = group_agent_base(v);
    }
    return 0;
}

int n9_trace_source_next(void *ctx, n9_access *a)
{
    n9_trace_source *s = ctx;
    n9trace_event ev;
    int r;

    if (s->fetch_end) {             /* the next line of a fetch */
        *a = s->fetch;
        s->fetch.addr += 64;
        if (s->fetch.addr >= s->fetch_end) {
            s->fetch_end = 0;
        }
        return 1;
    }
    while ((r = n9trace_next(s->t, &ev)) > 0) {
        uint64_t cpu_ns = ev.time_ns - s->charged;

        s->events++;
        s->charged += ev.charge_ns;
        /*
         * Never before the event before it: the machine charges a fetch
         * for the instructions it starts (a miss, the MPU's extra below
         * 1 GHz) before they run, so an access inside them was recorded
         * at less than the fetch's time plus its charge.  A replay issues
         * in stream order, at non-decreasing times (trace_source.h).
         */
        if (cpu_ns < s->cpu_ns) {
            cpu_ns = s->cpu_ns;
            s->held++;
        }
        s->cpu_ns = cpu_ns;
        memset(a, 0, sizeof(*a));
        a->cpu_ns = cpu_ns;
        switch (ev.type) {
        case N9T_ACCESS:
            a->addr = (uint32_t)ev.pa;
            a->size = ev.size ? ev.size : 1;
            a->kind = ev.flags & N9T_F_STORE ? N9_ACC_STORE : N9_ACC_LOAD;
            return 1;
        case N9T_FETCH: {
            uint32_t first = (uint32_t)ev.pa & ~63u;
            uint32_t end = ((uint32_t)ev.pa + (ev.size ? ev.size : 1) + 63) & ~63u;

            a->addr = first;
            a->size = 64;
            a->kind = N9_ACC_FETCH;
            if (end - first > 64) {
                s->fetch = *a;
                s->fetch.addr += 64;
                s->fetch_end = end;
            }
            return 1;
        }
        case N9T_REG:
            if (ev.group && ev.group <= N9_TRACE_MAX_GROUPS &&
                s->group_base[ev.group] != GROUP_NONE) {
                a->addr = s->group_base[ev.group] + ev.offset;
                a->size = ev.size;
                if (ev.flags & N9T_F_WRITE) {
                    a->kind = N9_ACC_STORE;
                    a->flags = N9_ACC_KEEP;
                } else {
                    a->kind = N9_ACC_LOAD;
                }
                return 1;
            }
            s->skipped++;
            break;
        default:
            s->skipped++;
            break;
        }
    }
    s->error = r < 0;
    return 0;
}

const char *n9_trace_source_error(const n9_trace_source *s)
{
    return s->error ? n9trace_error(s->t) : NULL;
}

void n9_trace_source_close(n9_trace_source *s)
{
    if (s->t) {
        n9trace_close(s->t);
        s->t = NULL;
    }
}

int n9_trace_write(const char *path, n9_next_fn next, void *ctx, char *err,
                   size_t errlen)
{
    char header[8192];
    size_t len;
    int b, a;
    n9trace_writer *w;
    n9_access acc;

    len = (size_t)snprintf(header, sizeof(header), "format.version=%d\n",
                           N9TRACE_VERSION);
    for (a = 0; a < OMAP3_NUM_AGENTS; a++) {
        len += (size_t)snprintf(header + len, sizeof(header) - len,
                                "agent.%d=%s\n", a, omap3630_agents[a].name);
    }
    for (b = 0; b < OMAP3_NUM_BLOCKS; b++) {
        const OMAP3BlockMap *m = &omap3630_map[b];
        len += (size_t)snprintf(header + len, sizeof(header) - len,
                                "group.%d=%s.%s\n", b + 1,
                                omap3630_agents[m->agent].name, m->name);
    }
    w = n9trace_create(path, header, err, errlen);
    if (!w) {
        return -1;
    }
    while (next(ctx, &acc)) {
        n9trace_event ev;

        memset(&ev, 0, sizeof(ev));
        ev.time_ns = acc.cpu_ns;
        ev.pa = ev.va = acc.addr;
        ev.size = acc.size;
        if (acc.addr >= 0x80000000u && acc.addr < 0xc0000000u) {
            ev.type = acc.kind == N9_ACC_FETCH ? N9T_FETCH : N9T_ACCESS;
            ev.flags = acc.kind == N9_ACC_STORE ? N9T_F_STORE : 0;
            ev.ninsns = ev.type == N9T_FETCH ? 16 : 0;
        } else {
            int g = -1;

            for (b = 0; b < OMAP3_NUM_BLOCKS; b++) {
                const OMAP3BlockMap *m = &omap3630_map[b];
                if (acc.addr >= m->base && acc.addr - m->base < m->size &&
                    m->agent == omap3630_agent_at(acc.addr)) {
                    g = b;
                }
            }
            if (g < 0) {
                continue;       /* no group: a trace has no such event */
            }
            ev.type = N9T_REG;
            ev.group = g + 1;
            ev.offset = acc.addr -
                        (uint32_t)omap3630_agents[omap3630_map[g].agent].base;
            ev.flags = acc.kind == N9_ACC_STORE ? N9T_F_WRITE : 0;
        }
        n9trace_put(w, &ev);
    }
    return n9trace_finish(w, err, errlen);
}
