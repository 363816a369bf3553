/*
 * The synthetic access stream (trace_source.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "trace_source.h"

#include <stdlib.h>

static uint64_t xorshift64s(uint64_t *x)
{
    *x ^= *x >> 12;
    *x ^= *x << 25;
    *x ^= *x >> 27;
    return *x * 0x2545F4914F6CDD1Dull;
}

int n9_synth_init(n9_synth *s, uint64_t n, uint32_t ws_bytes, uint64_t seed)
{
    uint32_t *order, k;
    uint64_t x = seed ? seed : 1;

    if (ws_bytes < 128 || ws_bytes % 64 || ws_bytes > 256u << 20) {
        return -1;
    }
    *s = (n9_synth) { .n = n, .lines = ws_bytes / 64 };
    s->next_line = malloc(sizeof(uint32_t) * s->lines);
    order = malloc(sizeof(uint32_t) * s->lines);
    if (!s->next_line || !order) {
        free(order);
        n9_synth_free(s);
        return -1;
    }
    /* a random cycle through every line (Sattolo's shuffle) */
    for (k = 0; k < s->lines; k++) {
        order[k] = k;
    }
    for (k = s->lines - 1; k > 0; k--) {
        uint32_t j = xorshift64s(&x) % k, t = order[k];
        order[k] = order[j];
        order[j] = t;
    }
    for (k = 0; k < s->lines; k++) {
        s->next_line[order[k]] = order[(k + 1) % s->lines];
    }
    s->cur = order[0];
    free(order);
    return 0;
}

void n9_synth_free(n9_synth *s)
{
    free(s->next_line);
    s->next_line = NULL;
}

/*
 * One loop step: fetch the loop's line, load the next pointer (dependent),
 * every 4th step a stack store; every 64th a 32 kHz counter read (L4-WKUP),
 * every 128th a GPT10 read (L4-CORE) and a GPT2 read (L4-PER), every
 * 256th an SDRC register read (L3), every 1024th a read in the L4-WKUP
 * window where nothing is (an error response).  Half-way SDRC_POWER gets
 * PWDENA, and from then on every 16th step the CPU computes 3 us without
 * touching memory, long enough for power-down and refreshes.
 */
int n9_synth_next(void *ctx, n9_access *a)
{
    n9_synth *s = ctx;
    uint64_t st;

    if (s->i >= s->n) {
        return 0;
    }
    for (;;) {
        st = s->step;
        *a = (n9_access) { .size = 4, .kind = N9_ACC_LOAD };
        switch (s->phase++) {
        case 0:
            if (s->pd_on && st % 16 == 0) {
                s->cpu_ns += 3000;
            }
            a->kind = N9_ACC_FETCH;
            a->addr = N9_SYNTH_CODE + (uint32_t)(st % 3) * 64;
            a->size = 64;
            break;
        case 1:
            s->cur = s->next_line[s->cur];
            a->addr = N9_SYNTH_CHASE_BASE + s->cur * 64;
            break;
        case 2:
            if (st % 4) {
                continue;
            }
            a->kind = N9_ACC_STORE;
            a->addr = N9_SYNTH_STACK + (uint32_t)(st % 64) * 4;
            a->value = (uint32_t)st;
            break;
        case 3:
            if (st % 64) {
                continue;
            }
            a->addr = 0x48320010;           /* 32k sync counter: L4-WKUP */
            break;
        case 4:
            if (st % 128) {
                continue;
            }
            a->addr = 0x48086028;           /* GPT10 TCRR: L4-CORE */
            break;
        case 5:
            if (st % 128) {
                continue;
            }
            a->addr = 0x49032028;           /* GPT2 TCRR: L4-PER */
            break;
        case 6:
            if (st % 256) {
                continue;
            }
            a->addr = 0x6d000070;           /* SDRC_POWER: L3 */
            break;
        case 7:
            if (st % 1024 != 1023) {
                continue;
            }
            a->addr = 0x48330000;           /* L4-WKUP, no target */
            break;
        case 8:
            if (s->pd_on || s->i < s->n / 2) {
                continue;
            }
            s->pd_on = 1;
            a->kind = N9_ACC_STORE;
            a->addr = N9_SYNTH_SDRC_POWER;
            a->value = N9_SYNTH_POWER_PD;
            break;
        default:
            s->phase = 0;
            s->step++;
            continue;
        }
        break;
    }
    s->cpu_ns += 1 + (s->i % 3);    /* the instructions in between */
    a->cpu_ns = s->cpu_ns;
    s->i++;
    return 1;
}
