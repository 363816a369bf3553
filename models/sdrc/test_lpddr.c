/*
 * Host unit tests of the LPDDR device timing (lpddr.c): burst lengths,
 * the row hit / miss / conflict arithmetic with tRCD, tRP, tRAS, tRC,
 * tRRD and tWR, refresh, power-down and self-refresh entry and exit.
 * Round numbers (a 5000 ps clock) so that each expected time can be
 * checked by hand.  Each check prints one line; the exit status is the
 * number of failures.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "lpddr.h"
#include "check.h"

#include <stdio.h>

#define CK 5000u   /* one clock, ps */

/* CL3, tRCD 4, tRP 3, tRAS 8, tRC 11, tRRD 2, tWR 3, tRFC 27, tXSR 40,
 * tXP 2, tCKE 4 clocks; x32, BL4 */
static const LpddrTiming tim = {
    .tck = CK, .cl = 3 * CK, .wl = 1 * CK,
    .trcd = 4 * CK, .trp = 3 * CK, .tras = 8 * CK, .trc = 11 * CK,
    .trrd = 2 * CK, .twr = 3 * CK, .trfc = 27 * CK,
    .txsr = 40 * CK, .txp = 2 * CK, .tcke = 4 * CK,
    .beat_shift = 2, .bl = 4,
};

static void test_bursts(void)
{
    LpddrTiming t = tim;

    /* 64 bytes on 32 bits: 16 beats, 4 bursts of 4, 8 clocks */
    CHECK_EQ(lpddr_burst_ps(&t, 64), 8 * CK);
    /* 4 bytes: one whole burst, 2 clocks */
    CHECK_EQ(lpddr_burst_ps(&t, 4), 2 * CK);
    CHECK_EQ(lpddr_burst_ps(&t, 20), 4 * CK);
    t.bl = 8;
    CHECK_EQ(lpddr_burst_ps(&t, 4), 4 * CK);
    CHECK_EQ(lpddr_burst_ps(&t, 64), 8 * CK);
    t.bl = 4;
    t.beat_shift = 1;           /* a 16-bit bus */
    CHECK_EQ(lpddr_burst_ps(&t, 64), 16 * CK);
}

static void test_rows(void)
{
    LpddrRank r;
    uint64_t end;
    int o;

    lpddr_rank_init(&r);
    /* miss at 0: ACT 0, READ at tRCD, data CL later, 8 clocks of data */
    end = lpddr_access(&r, &tim, 0, 7, 0, 64, 0, 0, 0, &o);
    CHECK_EQ(o, LPDDR_ROW_MISS);
    CHECK_EQ(end, (4 + 3 + 8) * CK);
    CHECK_EQ(r.bank[0].open_row, 7);
    /* PRECHARGE: after tRAS (8) and the last READ + BL/2 (4 + 8) */
    CHECK_EQ(r.bank[0].pre_ok, 12 * CK);
    CHECK_EQ(r.bank[0].act_ok, 11 * CK);    /* tRC after ACT */

    /* hit at 100 clocks: CL + data */
    end = lpddr_access(&r, &tim, 0, 7, 0, 64, 100 * CK, end, 0, &o);
    CHECK_EQ(o, LPDDR_ROW_HIT);
    CHECK_EQ(end, (100 + 3 + 8) * CK);

    /* conflict at 200: PRE, tRP, ACT, tRCD, CL, one burst */
    end = lpddr_access(&r, &tim, 0, 9, 0, 4, 200 * CK, end, 0, &o);
    CHECK_EQ(o, LPDDR_ROW_CONFLICT);
    CHECK_EQ(end, (200 + 3 + 4 + 3 + 2) * CK);

    /* a conflict right after that ACT (203) waits for tRAS, then tRP: the
     * new ACT at 203 + 8 + 3 = 214, which tRC allows (203 + 11) */
    end = lpddr_access(&r, &tim, 0, 10, 0, 4, 205 * CK, end, 0, &o);
    CHECK_EQ(o, LPDDR_ROW_CONFLICT);
    CHECK_EQ(end, (214 + 4 + 3 + 2) * CK);

    /* another bank: tRRD after the last ACT (214) */
    end = lpddr_access(&r, &tim, 1, 3, 0, 4, 214 * CK, end, 0, &o);
    CHECK_EQ(o, LPDDR_ROW_MISS);
    /* ACT at 216, READ at 220, data at 223 but the bus is busy until 223 */
    CHECK_EQ(end, (216 + 4 + 3 + 2) * CK);

    /* a write: WL 1; the precharge then waits tWR after the data */
    end = lpddr_access(&r, &tim, 2, 1, 1, 64, 300 * CK, end, 0, &o);
    CHECK_EQ(end, (300 + 4 + 1 + 8) * CK);
    CHECK_EQ(r.bank[2].pre_ok, (313 + 3) * CK);
    end = lpddr_access(&r, &tim, 2, 2, 0, 64, 314 * CK, end, 0, &o);
    CHECK_EQ(o, LPDDR_ROW_CONFLICT);
    /* PRE at 316, ACT at 319 (>= 300 + tRC), READ 323, data 326 .. 334 */
    CHECK_EQ(end, 334 * CK);

    /* the data bus serialises two accesses issued together */
    end = lpddr_access(&r, &tim, 1, 3, 0, 64, 400 * CK, 500 * CK, 0, &o);
    CHECK_EQ(o, LPDDR_ROW_HIT);
    CHECK_EQ(end, 508 * CK);
}

static void test_closed_page(void)
{
    LpddrRank r;
    uint64_t end;
    int o;

    lpddr_rank_init(&r);
    end = lpddr_access(&r, &tim, 0, 7, 0, 64, 0, 0, 1, &o);
    CHECK_EQ(o, LPDDR_ROW_MISS);
    CHECK_EQ(r.bank[0].open_row, LPDDR_NO_ROW);
    /* auto-precharge when tRAS (8) and the last READ + BL/2 (12) allow */
    CHECK_EQ(r.bank[0].idle_at, (12 + 3) * CK);
    /* the same row again is a miss; the ACT waits for tRC (11) and the
     * precharge (15) */
    end = lpddr_access(&r, &tim, 0, 7, 0, 64, 13 * CK, end, 1, &o);
    CHECK_EQ(o, LPDDR_ROW_MISS);
    CHECK_EQ(end, (15 + 4 + 3 + 8) * CK);
}

static void test_refresh_and_power(void)
{
    LpddrRank r;
    uint64_t t;
    int o;

    lpddr_rank_init(&r);
    lpddr_access(&r, &tim, 0, 7, 0, 64, 0, 0, 0, &o);
    lpddr_access(&r, &tim, 3, 1, 1, 4, 20 * CK, 15 * CK, 0, &o);
    /* bank 3 written at 24 (WL 1, 2 clocks of data to 27): precharge at
     * 27 + tWR = 30, precharged at 33; then 2 x tRFC */
    t = lpddr_refresh(&r, &tim, 25 * CK, 2);
    CHECK_EQ(t, (33 + 2 * 27) * CK);
    CHECK_EQ(r.ready, t);
    CHECK_EQ(r.bank[0].open_row, LPDDR_NO_ROW);
    CHECK_EQ(r.bank[3].open_row, LPDDR_NO_ROW);
    CHECK_EQ(r.bank[1].act_ok, t);

    /* power-down: at least tCKE, then tXP (+ a clock restart) */
    CHECK_EQ(lpddr_powerdown_enter(&r, 100 * CK), 100 * CK);
    CHECK_EQ(r.state, LPDDR_POWERDOWN);
    CHECK_EQ(lpddr_powerdown_exit(&r, &tim, 101 * CK, 0), (104 + 2) * CK);
    CHECK_EQ(r.state, LPDDR_ACTIVE);
    lpddr_powerdown_enter(&r, 200 * CK);
    CHECK_EQ(lpddr_powerdown_exit(&r, &tim, 300 * CK, CK), 303 * CK);

    /* self-refresh: banks precharged first; exit no earlier than tRFC
     * (27 clocks, more than tCKE's 4) after the entry, extra, tXSR */
    lpddr_access(&r, &tim, 2, 5, 0, 4, 400 * CK, 0, 0, &o);
    t = lpddr_selfrefresh_enter(&r, &tim, 410 * CK);
    CHECK_EQ(t, (410 + 3) * CK);       /* tRAS (408) passed, tRP */
    CHECK_EQ(r.state, LPDDR_SELFREFRESH);
    CHECK_EQ(lpddr_selfrefresh_exit(&r, &tim, 414 * CK, CK),
             (413 + 27 + 1 + 40) * CK);
    CHECK_EQ(r.bank[2].act_ok, (413 + 27 + 1 + 40) * CK);
    /* with tCKE the longer, tCKE decides */
    {
        LpddrTiming t2 = tim;

        t2.tcke = 30 * CK;
        lpddr_selfrefresh_enter(&r, &t2, 600 * CK);
        CHECK_EQ(lpddr_selfrefresh_exit(&r, &t2, 601 * CK, 0),
                 (600 + 30 + 40) * CK);
    }
    lpddr_selfrefresh_enter(&r, &tim, 1000 * CK);
    CHECK_EQ(lpddr_selfrefresh_exit(&r, &tim, 2000 * CK, 0), 2040 * CK);
}

int main(void)
{
    test_bursts();
    test_rows();
    test_closed_page();
    test_refresh_and_power();
    return check_done();
}
