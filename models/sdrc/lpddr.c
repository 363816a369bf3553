/*
 * LPDDR device timing (see lpddr.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "lpddr.h"

#include <string.h>

static uint64_t max64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

void lpddr_rank_init(LpddrRank *r)
{
    int b;

    memset(r, 0, sizeof(*r));
    for (b = 0; b < LPDDR_BANKS; b++) {
        r->bank[b].open_row = LPDDR_NO_ROW;
    }
    r->state = LPDDR_ACTIVE;
}

uint64_t lpddr_burst_ps(const LpddrTiming *t, uint32_t bytes)
{
    uint32_t bl = t->bl;
    uint32_t beats = (bytes + (1u << t->beat_shift) - 1) >> t->beat_shift;

    /* whole bursts (bl is a power of two); two beats per clock */
    beats = (beats + bl - 1) & ~(bl - 1);
    return (uint64_t)(beats >> 1) * t->tck;
}

uint64_t lpddr_access(LpddrRank *r, const LpddrTiming *t, unsigned bank,
                      uint32_t row, int is_write, uint32_t bytes,
                      uint64_t start, uint64_t bus_free, int auto_precharge,
                      int *outcome)
{
    LpddrBank *b = &r->bank[bank];
    uint64_t col = start, act, pre, data, end, burst;
    uint32_t lat = is_write ? t->wl : t->cl;

    if (b->open_row == row) {
        *outcome = LPDDR_ROW_HIT;
    } else {
        if (b->open_row != LPDDR_NO_ROW) {
            *outcome = LPDDR_ROW_CONFLICT;
            pre = max64(start, b->pre_ok);
            act = pre + t->trp;
        } else {
            *outcome = LPDDR_ROW_MISS;
            act = max64(start, b->idle_at);
        }
        act = max64(act, max64(b->act_ok, r->rrd_ok));
        b->open_row = row;
        b->pre_ok = act + t->tras;
        b->act_ok = act + t->trc;
        r->rrd_ok = act + t->trrd;
        col = act + t->trcd;
    }

    /* the column command waits for the data bus if it is still busy */
    burst = lpddr_burst_ps(t, bytes);
    data = max64(col + lat, bus_free);
    end = data + burst;
    if (is_write) {
        b->pre_ok = max64(b->pre_ok, end + t->twr);
    } else {
        /* PRECHARGE may follow the last READ by BL/2 clocks */
        b->pre_ok = max64(b->pre_ok, data - lat + burst);
    }
    if (auto_precharge) {
        b->open_row = LPDDR_NO_ROW;
        b->idle_at = b->pre_ok + t->trp;
        b->act_ok = max64(b->act_ok, b->idle_at);
    }
    return end;
}

uint64_t lpddr_precharge_all(LpddrRank *r, const LpddrTiming *t, uint64_t at)
{
    uint64_t done = at;
    int i;

    for (i = 0; i < LPDDR_BANKS; i++) {
        LpddrBank *b = &r->bank[i];

        if (b->open_row != LPDDR_NO_ROW) {
            b->idle_at = max64(at, b->pre_ok) + t->trp;
            b->act_ok = max64(b->act_ok, b->idle_at);
            b->open_row = LPDDR_NO_ROW;
        }
        done = max64(done, b->idle_at);
    }
    return done;
}

uint64_t lpddr_refresh(LpddrRank *r, const LpddrTiming *t, uint64_t at,
                       unsigned n)
{
    uint64_t end = lpddr_precharge_all(r, t, max64(at, r->ready)) +
                   (uint64_t)n * t->trfc;
    int i;

    for (i = 0; i < LPDDR_BANKS; i++) {
        r->bank[i].act_ok = max64(r->bank[i].act_ok, end);
        r->bank[i].idle_at = end;
    }
    r->ready = end;
    return end;
}

uint64_t lpddr_powerdown_enter(LpddrRank *r, uint64_t at)
{
    r->state = LPDDR_POWERDOWN;
    r->since = max64(at, r->ready);
    return r->since;
}

uint64_t lpddr_powerdown_exit(LpddrRank *r, const LpddrTiming *t,
                              uint64_t at, uint32_t restart)
{
    /* CKE stays low at least tCKE; the clock runs before CKE rises */
    uint64_t ready = max64(at, r->since + t->tcke) + restart + t->txp;

    r->state = LPDDR_ACTIVE;
    r->ready = max64(r->ready, ready);
    return r->ready;
}

uint64_t lpddr_selfrefresh_enter(LpddrRank *r, const LpddrTiming *t,
                                 uint64_t at)
{
    r->since = lpddr_precharge_all(r, t, max64(at, r->ready));
    r->state = LPDDR_SELFREFRESH;
    return r->since;
}

uint64_t lpddr_selfrefresh_exit(LpddrRank *r, const LpddrTiming *t,
                                uint64_t at, uint32_t extra)
{
    /* CKE low at least tCKE, the device in self-refresh at least tRFC */
    uint64_t least = t->tcke > t->trfc ? t->tcke : t->trfc;
    uint64_t ready = max64(at, r->since + least) + extra + t->txsr;
    int i;

    for (i = 0; i < LPDDR_BANKS; i++) {
        r->bank[i].act_ok = max64(r->bank[i].act_ok, ready);
        r->bank[i].idle_at = max64(r->bank[i].idle_at, ready);
    }
    r->state = LPDDR_ACTIVE;
    r->ready = max64(r->ready, ready);
    return r->ready;
}
