/*
 * Host unit tests of the SDRC model (sdrc.c) with the N9's registers at
 * 195.2 MHz (one clock = 5123 ps): register decoding, address mapping and
 * bank interleaving, row hit / miss / conflict costs, auto-refresh every
 * tREFI and an access that collides with one, power-down entry and exit,
 * self-refresh with SDRC_POWER = 0x129 against none with 0x9 on the same
 * access sequence, SRFRONIDLEREQ with CORE idle, CORE OFF, and saving and
 * restoring the state.  Each check prints one line; the exit status is the
 * number of failures.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sdrc.h"
#include "check.h"

#include <stdio.h>
#include <string.h>

#define L3_HZ       195200000u
#define SDRAM       0x80000000ull
#define CS1         (SDRAM + 0x20000000ull)
#define BANK(b)     ((uint64_t)(b) << 13)       /* 8 KB per bank (RBC) */
#define ROW(r)      ((uint64_t)(r) << 15)       /* 32 KB per row set */
#define LINE        64

/* The N9's clock and the timings in ps (5123 ps per clock) */
#define TCK         5123ull
#define T_CL        (3 * TCK)
#define T_RCD       (4 * TCK)
#define T_RP        (3 * TCK)
#define T_RFC       (27 * TCK)
#define T_XSR       (40 * TCK)
#define T_XP        (2 * TCK)
#define T_CKE       (4 * TCK)
#define T_LINE      (8 * TCK)       /* 64 bytes on 32 bits DDR */
#define T_REFI      (1463 * TCK)    /* 7494949 ps */

/* A model with the N9's registers and SDRC_POWER = @power from time 0. */
static void setup(SdrcModel *m, uint32_t power, const SdrcParams *p)
{
    SdrcRegs r;
    SdrcConfig c;

    sdrc_init(m, p, L3_HZ, SDRAM);
    sdrc_n9_regs(&r);
    r.power = power;
    sdrc_decode(&r, L3_HZ, &c);
    sdrc_set_config(m, &c, 0);
}

static void set_power(SdrcModel *m, uint32_t power, uint64_t now_ns)
{
    SdrcRegs r;
    SdrcConfig c;

    sdrc_n9_regs(&r);
    r.power = power;
    sdrc_decode(&r, L3_HZ, &c);
    sdrc_set_config(m, &c, now_ns);
}

/* ---- Decoding the N9's registers --------------------------------------------- */

static void test_decode(void)
{
    SdrcRegs r;
    SdrcConfig c;
    SdrcModel m;
    int p;

    CHECK_EQ(SDRC_N9_ACTIM_A, 0xDAE1C4C6u);
    CHECK_EQ(SDRC_N9_ACTIM_B, 0x00024228u);
    CHECK_EQ(SDRC_N9_RFR_CTRL, 0x0005B701u);

    sdrc_n9_regs(&r);
    sdrc_decode(&r, L3_HZ, &c);
    for (p = 0; p < SDRC_NUM_CS; p++) {
        const SdrcCsConfig *cs = &c.cs[p];

        CHECK_EQ(cs->trfc, 27);
        CHECK_EQ(cs->trc, 11);
        CHECK_EQ(cs->tras, 8);
        CHECK_EQ(cs->trp, 3);
        CHECK_EQ(cs->trcd, 4);
        CHECK_EQ(cs->trrd, 2);
        CHECK_EQ(cs->tdpl, 3);
        CHECK_EQ(cs->tdal, 6);
        CHECK_EQ(cs->txsr, 40);
        CHECK_EQ(cs->txp, 2);
        CHECK_EQ(cs->tcke, 4);
        CHECK_EQ(cs->twtr, 2);
        CHECK_EQ(cs->cas_latency, 3);
        CHECK_EQ(cs->burst_length, 4);
        CHECK_EQ(cs->ram_type, 1);
        CHECK_EQ(cs->data_width, 32);
        CHECK_EQ(cs->ram_size_mb, 512);
        CHECK_EQ(cs->bank_allocation, 2);
        CHECK_EQ(cs->addr_mux_flexible, 1);
        CHECK_EQ(cs->row_bits, 14);
        CHECK_EQ(cs->col_bits, 11);
        CHECK_EQ(cs->refresh_interval, 1463);
        CHECK_EQ(cs->refresh_burst, 1);
    }
    CHECK_EQ(c.cs1_start_mb, 512);
    CHECK_EQ(c.dll_enabled, 1);
    CHECK_EQ(c.dll_lock_mode, 0);

    /* SDRC_POWER: Linux's 0x9, the idle code's 0x49, the ROM's 0x129 */
    CHECK_EQ(c.power.page_policy, 1);
    CHECK_EQ(c.power.extclkdis, 1);
    CHECK_EQ(c.power.pwdena, 0);
    CHECK_EQ(c.power.clkctrl, 0);
    CHECK_EQ(c.power.srfr_on_idle_req, 0);
    r.power = 0x49;
    sdrc_decode(&r, L3_HZ, &c);
    CHECK_EQ(c.power.srfr_on_idle_req, 1);
    r.power = SDRC_POWER_HS_OFF;
    sdrc_decode(&r, L3_HZ, &c);
    CHECK_EQ(c.power.clkctrl, 2);
    CHECK_EQ(c.power.autocount, 1);
    CHECK_EQ(c.power.page_policy, 1);
    CHECK_EQ(c.power.extclkdis, 1);
    r.power = 0x0000FF95;   /* AUTOCOUNT 0xFF, CLKCTRL 1, PWDENA, SRFRONRESET */
    sdrc_decode(&r, L3_HZ, &c);
    CHECK_EQ(c.power.autocount, 0xFF);
    CHECK_EQ(c.power.clkctrl, 1);
    CHECK_EQ(c.power.pwdena, 1);
    CHECK_EQ(c.power.srfr_on_reset, 1);
    r.rfr_ctrl[1] = SDRC_RFR_CTRL(100, 2);
    r.mr[1] = 0x23;             /* CL2, BL8 */
    r.cs_cfg = 0x0102;          /* 2 x 128 MB + 1 x 32 MB */
    sdrc_decode(&r, L3_HZ, &c);
    CHECK_EQ(c.cs[1].refresh_burst, 4);
    CHECK_EQ(c.cs[1].cas_latency, 2);
    CHECK_EQ(c.cs[1].burst_length, 8);
    CHECK_EQ(c.cs1_start_mb, 288);

    /* In ps at 195.2 MHz: the phone's figures (docs/facts.md) */
    sdrc_init(&m, NULL, L3_HZ, SDRAM);
    CHECK_EQ(m.cs[0].t.tck, TCK);
    CHECK_EQ(m.cs[0].t.cl, T_CL);
    CHECK_EQ(m.cs[0].t.trcd / 1000, 20);        /* 20.49 ns */
    CHECK_EQ(m.cs[0].t.trp / 1000, 15);         /* 15.37 ns */
    CHECK_EQ(m.cs[0].t.tras / 1000, 40);        /* 40.98 ns */
    CHECK_EQ(m.cs[0].t.trc / 1000, 56);         /* 56.35 ns */
    CHECK_EQ(m.cs[0].t.trfc / 1000, 138);       /* 138.3 ns */
    CHECK_EQ(m.cs[0].t.txsr, 204920);           /* 204.9 ns */
    CHECK_EQ(m.cs[0].refi_ps, 7494949);         /* 7.49 us */
    CHECK_EQ(m.cs[1].refi_ps, 7494949);
    /* another L3 rate: the same clocks are other ns (OPP50: 97.6 MHz) */
    sdrc_init(&m, NULL, 97600000, SDRAM);
    CHECK_EQ(m.cs[0].t.tck, 10246);
    CHECK_EQ(m.cs[0].t.txsr, 409840);
}

/* ---- Mapping ------------------------------------------------------------------ */

static void test_mapping(void)
{
    SdrcModel m;
    int cs, bank;
    uint32_t row;

    sdrc_init(&m, NULL, L3_HZ, SDRAM);
    /* row-bank-column: 2K columns x 4 bytes = 8 KB per bank, then the
     * next bank, then the next row */
    sdrc_map(&m, SDRAM + 0x1FFC, &cs, &bank, &row);
    CHECK_EQ(cs, 0);
    CHECK_EQ(bank, 0);
    CHECK_EQ(row, 0);
    sdrc_map(&m, SDRAM + BANK(1), &cs, &bank, &row);
    CHECK_EQ(bank, 1);
    CHECK_EQ(row, 0);
    sdrc_map(&m, SDRAM + BANK(3) + ROW(5), &cs, &bank, &row);
    CHECK_EQ(bank, 3);
    CHECK_EQ(row, 5);
    sdrc_map(&m, SDRAM + 0x1FFFFFFF, &cs, &bank, &row);
    CHECK_EQ(cs, 0);
    CHECK_EQ(bank, 3);
    CHECK_EQ(row, 16383);
    /* CS1 starts 512 MB in */
    sdrc_map(&m, CS1 + BANK(2) + ROW(7), &cs, &bank, &row);
    CHECK_EQ(cs, 1);
    CHECK_EQ(bank, 2);
    CHECK_EQ(row, 7);

    /* bank-row-column (BANKALLOCATION 0): the bank is the top bits */
    {
        SdrcRegs r;
        SdrcConfig c;

        sdrc_n9_regs(&r);
        r.mcfg[0] &= ~0xC0u;
        sdrc_decode(&r, L3_HZ, &c);
        sdrc_set_config(&m, &c, 0);
        sdrc_map(&m, SDRAM + BANK(1), &cs, &bank, &row);
        CHECK_EQ(bank, 0);
        CHECK_EQ(row, 1);
        sdrc_map(&m, SDRAM + 0x08000000, &cs, &bank, &row);
        CHECK_EQ(bank, 1);
        CHECK_EQ(row, 0);
    }
}

/* ---- Row hits, misses and conflicts, bank interleaving --------------------------- */

static void test_rows(void)
{
    SdrcModel m;
    int b;

    /* SDRC_POWER 0x1: open page, the clock never stopped */
    setup(&m, 0x1, NULL);
    CHECK_EQ(sdrc_access(&m, SDRAM, LINE, 0, 1000), 77);  /* tRCD+CL+8 */
    CHECK_EQ(sdrc_access(&m, SDRAM + 64, LINE, 0, 2000), 57); /* CL+8 */
    CHECK_EQ(sdrc_access(&m, SDRAM + ROW(1), LINE, 0, 3000), 93);
    CHECK_EQ(m.cnt.row_misses, 1);
    CHECK_EQ(m.cnt.row_hits, 1);
    CHECK_EQ(m.cnt.row_conflicts, 1);
    CHECK_EQ(m.cnt.row_miss_ps, T_RCD + T_CL + T_LINE);
    CHECK_EQ(m.cnt.row_hit_ps, T_CL + T_LINE);
    CHECK_EQ(m.cnt.row_conflict_ps, T_RP + T_RCD + T_CL + T_LINE);
    CHECK_EQ(m.cnt.clock_restarts, 0);

    /* Linux's 0x9: EXTCLKDIS stops the clock between accesses: one NOP
     * clock before each command after a pause */
    setup(&m, SDRC_POWER_LINUX, NULL);
    CHECK_EQ(sdrc_access(&m, SDRAM, LINE, 0, 1000), 82);
    CHECK_EQ(sdrc_access(&m, SDRAM + 64, LINE, 0, 2000), 62);
    CHECK_EQ(sdrc_access(&m, SDRAM + ROW(1), LINE, 0, 3000), 98);
    CHECK_EQ(m.cnt.clock_restarts, 3);
    CHECK_EQ(m.cnt.clock_restart_ps, 3 * TCK);
    /* a write: WL 1 clock */
    CHECK_EQ(sdrc_access(&m, SDRAM + ROW(1) + 128, LINE, 1, 4000),
             (TCK + TCK + T_LINE + 999) / 1000);
    CHECK_EQ(m.cnt.writes, 1);
    CHECK_EQ(m.cnt.reads, 3);

    /* interleaving: consecutive 8 KB go to the four banks, each keeps its
     * row open; the fifth 8 KB is the next row of bank 0 */
    setup(&m, 0x1, NULL);
    for (b = 0; b < 4; b++) {
        sdrc_access(&m, SDRAM + BANK(b), LINE, 0, 1000 + 500 * b);
    }
    CHECK_EQ(m.cnt.row_misses, 4);
    for (b = 0; b < 4; b++) {
        CHECK_EQ(sdrc_open_row(&m, 0, b), 0);
        CHECK_EQ(sdrc_access(&m, SDRAM + BANK(b) + 256, LINE, 0,
                             3000 + 500 * b), 57);
    }
    CHECK_EQ(m.cnt.row_hits, 4);
    CHECK_EQ(sdrc_access(&m, SDRAM + BANK(4), LINE, 0, 5000), 93);
    CHECK_EQ(sdrc_open_row(&m, 0, 0), 1);
    /* CS1 has its own banks */
    CHECK_EQ(sdrc_access(&m, CS1, LINE, 0, 5500), 77);
    CHECK_EQ(sdrc_open_row(&m, 1, 0), 0);
    CHECK_EQ(sdrc_open_row(&m, 0, 0), 1);

    /* two line fills issued together (a write-back and a fill): the
     * second ACT waits tRRD, its data the bus */
    setup(&m, 0x1, NULL);
    CHECK_EQ(sdrc_access(&m, SDRAM, LINE, 1, 1000),
             (T_RCD + TCK + T_LINE + 999) / 1000);
    CHECK_EQ(sdrc_access(&m, SDRAM + BANK(1), LINE, 0, 1000),
             (T_RCD + TCK + 2 * T_LINE + 999) / 1000);

    /* closed page (PAGEPOLICY 0): every access opens its row again */
    setup(&m, 0x0, NULL);
    CHECK_EQ(sdrc_access(&m, SDRAM, LINE, 0, 1000), 77);
    CHECK_EQ(sdrc_access(&m, SDRAM + 64, LINE, 0, 2000), 77);
    CHECK_EQ(sdrc_access(&m, SDRAM + ROW(1), LINE, 0, 3000), 77);
    CHECK_EQ(m.cnt.row_misses, 3);
    CHECK_EQ(m.cnt.row_hits + m.cnt.row_conflicts, 0);
}

/*
 * membench's copy (docs/calibration.md): a read stream and a write stream
 * 8 MB apart alternate.  On the N9's row-bank-column mapping (and on
 * bank-row-column, the TRM's "regular allocation") both streams are in
 * one bank and another row: every access after the first is a row
 * conflict.  8 KB further the write stream has a bank of its own: row
 * hits.  15 pairs 400 ns apart: all before the first refresh (7.49 us),
 * which would close the rows.
 */
static void copy_streams(SdrcModel *m, uint64_t gap, int n)
{
    for (int i = 0; i < n; i++) {
        sdrc_access(m, SDRAM + (uint64_t)i * LINE, LINE, 0, 1000 + 400 * i);
        sdrc_access(m, SDRAM + gap + (uint64_t)i * LINE, LINE, 1,
                    1200 + 400 * i);
    }
}

static void test_copy_streams(void)
{
    SdrcModel m;
    SdrcRegs r;
    SdrcConfig c;
    int cs, bank, bank2;
    uint32_t row, row2;

    setup(&m, 0x1, NULL);
    sdrc_map(&m, SDRAM, &cs, &bank, &row);
    sdrc_map(&m, SDRAM + 8 * 1024 * 1024, &cs, &bank2, &row2);
    CHECK_EQ(bank2, bank);
    CHECK_EQ(row2, row + 256);
    copy_streams(&m, 8 * 1024 * 1024, 15);
    CHECK_EQ(m.cnt.refreshes, 0);
    CHECK_EQ(m.cnt.row_misses, 1);
    CHECK_EQ(m.cnt.row_conflicts, 29);
    CHECK_EQ(m.cnt.row_hits, 0);
    /* 14 reads (CL) and 15 writes (WL = 1 clock), each tRP + tRCD first */
    CHECK_EQ(m.cnt.row_conflict_ps, 14 * (T_RP + T_RCD + T_CL + T_LINE) +
             15 * (T_RP + T_RCD + TCK + T_LINE));

    setup(&m, 0x1, NULL);
    copy_streams(&m, 8 * 1024 * 1024 + BANK(1), 15);
    CHECK_EQ(m.cnt.row_misses, 2);
    CHECK_EQ(m.cnt.row_conflicts, 0);
    CHECK_EQ(m.cnt.row_hits, 28);

    /* bank-row-column: the bank is offset bits 28:27, 8 MB apart the
     * same bank again */
    setup(&m, 0x1, NULL);
    sdrc_n9_regs(&r);
    r.power = 0x1;
    r.mcfg[0] &= ~0xC0u;
    sdrc_decode(&r, L3_HZ, &c);
    sdrc_set_config(&m, &c, 0);
    copy_streams(&m, 8 * 1024 * 1024 + BANK(1), 15);
    CHECK_EQ(m.cnt.row_misses, 1);
    CHECK_EQ(m.cnt.row_conflicts, 29);
}

/* ---- Auto-refresh -------------------------------------------------------------- */

static void test_refresh(void)
{
    SdrcModel m, n;
    uint64_t t;

    /* one refresh every ARCV = 1463 clocks: 133 in the first ms, on
     * each of the two chip selects */
    setup(&m, SDRC_POWER_LINUX, NULL);
    sdrc_sync(&m, 1000000);
    CHECK_EQ(m.cnt.refreshes, 2 * 133);
    CHECK_EQ(m.next_ref[0], 134 * T_REFI);
    /* 100 ms in one step (the long-idle shortcut) ... */
    sdrc_sync(&m, 100000000);
    CHECK_EQ(m.cnt.refreshes, 2 * 13342);
    /* ... counts what 1 us steps count */
    setup(&n, SDRC_POWER_LINUX, NULL);
    for (t = 1000; t <= 100000000; t += 1000) {
        sdrc_sync(&n, t);
    }
    CHECK_EQ(n.cnt.refreshes, 2 * 13342);
    CHECK_EQ(memcmp(n.rank, m.rank, sizeof(m.rank)), 0);
    CHECK_EQ(n.next_ref[1], m.next_ref[1]);

    /* before the first refresh: nothing waits */
    setup(&m, SDRC_POWER_LINUX, NULL);
    CHECK_EQ(sdrc_access(&m, SDRAM, LINE, 0, 7400), 82);
    CHECK_EQ(m.cnt.refreshes, 0);
    /* refresh due at 7494.949 ns: precharge bank 0, tRFC; an access at
     * 7495 ns waits for its end and finds its row closed */
    t = (7494949 + T_RP + T_RFC) - 7495000 + T_RCD + T_CL + T_LINE;
    CHECK_EQ(sdrc_access(&m, SDRAM + 64, LINE, 0, 7495), (t + 999) / 1000);
    CHECK_EQ(m.cnt.refreshes, 2);
    CHECK_EQ(m.cnt.refresh_delays, 1);
    CHECK_EQ(m.cnt.refresh_wait_ps, 7494949 + T_RP + T_RFC - 7495000);
    CHECK_EQ(m.cnt.row_misses, 2);
    /* the other chip select refreshed too, but nothing waited there */
    CHECK_EQ(m.ref_end[1], 7494949 + T_RFC);
    /* an access after the refresh: no wait */
    sdrc_access(&m, SDRAM + 128, LINE, 0, 8000);
    CHECK_EQ(m.cnt.refresh_delays, 1);

    /* RFR_CTRL.ARE = 0: no refresh */
    {
        SdrcRegs r;
        SdrcConfig c;

        setup(&m, SDRC_POWER_LINUX, NULL);
        sdrc_n9_regs(&r);
        r.rfr_ctrl[0] = r.rfr_ctrl[1] = SDRC_RFR_CTRL(1463, 0);
        sdrc_decode(&r, L3_HZ, &c);
        sdrc_set_config(&m, &c, 0);
        sdrc_sync(&m, 1000000);
        CHECK_EQ(m.cnt.refreshes, 0);
        /* ARE = 2: bursts of 4 every 4 x ARCV, the same rate */
        r.rfr_ctrl[0] = r.rfr_ctrl[1] = SDRC_RFR_CTRL(1463, 2);
        sdrc_decode(&r, L3_HZ, &c);
        sdrc_set_config(&m, &c, 1000000);
        sdrc_sync(&m, 1000000 + 4 * 7494949 / 1000 + 1);
        CHECK_EQ(m.cnt.refreshes, 8);   /* one burst per chip select */
    }
}

/* ---- Power-down ----------------------------------------------------------------- */

static void test_powerdown(void)
{
    SdrcModel m;
    uint64_t e1;

    /* PWDENA (0x5): power-down as soon as the SDRC is idle (both chip
     * selects from time 0); rows stay open; the exit costs tXP */
    setup(&m, 0x5, NULL);
    CHECK_EQ(sdrc_access(&m, SDRAM, LINE, 0, 1000),
             (T_XP + T_RCD + T_CL + T_LINE + 999) / 1000);  /* 88 */
    e1 = 1000000 + T_XP + T_RCD + T_CL + T_LINE;
    sdrc_sync(&m, 1500);
    CHECK_EQ(sdrc_rank_state(&m, 0), LPDDR_POWERDOWN);
    CHECK_EQ(sdrc_rank_state(&m, 1), LPDDR_POWERDOWN);
    CHECK_EQ(m.rank[0].since, e1);
    CHECK_EQ(sdrc_access(&m, SDRAM + 64, LINE, 0, 2000),
             (T_XP + T_CL + T_LINE + 999) / 1000);          /* 67: a hit */
    CHECK_EQ(m.cnt.row_hits, 1);
    CHECK_EQ(m.cnt.pd_entries, 3);
    CHECK_EQ(m.cnt.pd_exits, 2);
    CHECK_EQ(m.cnt.pd_wait_ps, 2 * T_XP);
    /* an access right after the entry: CKE stays low tCKE first */
    e1 = 2000000 + T_XP + T_CL + T_LINE;
    CHECK_EQ(sdrc_access(&m, SDRAM + 128, LINE, 0, e1 / 1000 + 1),
             (e1 + T_CKE + T_XP + T_CL + T_LINE - (e1 / 1000 + 1) * 1000 +
              999) / 1000);
    /* refreshes while powered down: out, refresh, back in; 1 ms holds 133 */
    sdrc_sync(&m, 1000000);
    CHECK_EQ(m.cnt.refreshes, 2 * 133);
    CHECK_EQ(m.cnt.pd_exits, 3 + 2 * 133);
    CHECK_EQ(m.cnt.pd_entries, 5 + 2 * 133);
    CHECK_EQ(sdrc_rank_state(&m, 0), LPDDR_POWERDOWN);

    /* CLKCTRL 1 after AUTOCOUNT 100 clocks (512.3 ns) of idle */
    setup(&m, 0x1 | (1 << 4) | (100 << 8), NULL);
    CHECK_EQ(sdrc_access(&m, SDRAM, LINE, 0, 1000), 88);    /* idle 1 us */
    CHECK_EQ(m.cnt.pd_entries, 2);
    CHECK_EQ(sdrc_access(&m, SDRAM + 64, LINE, 0, 1500), 57);   /* 413 ns */
    CHECK_EQ(m.cnt.pd_entries, 2);
    CHECK_EQ(sdrc_access(&m, SDRAM + 128, LINE, 0, 2200), 67);  /* 644 ns */
    CHECK_EQ(m.cnt.pd_entries, 3);
    CHECK_EQ(m.cnt.pd_exits, 2);
}

/* ---- Self-refresh: 0x129 against 0x9 -------------------------------------------- */

/* Eight loads, 1 us apart, each to a bank not used before (both chip
 * selects): with 0x9 each is a row miss. */
static uint64_t pauses(SdrcModel *m)
{
    uint64_t sum = 0;
    int i;

    for (i = 0; i < 8; i++) {
        uint64_t a = (i < 4 ? SDRAM : CS1) + BANK(i % 4) + ROW(i);

        sum += sdrc_access(m, a, LINE, 0, 1000 + 1000 * (uint64_t)i);
    }
    sdrc_sync(m, 9000);
    return sum;
}

static void test_selfrefresh_autocount(void)
{
    SdrcModel a, b;
    uint64_t ea, eb, e;

    setup(&a, SDRC_POWER_LINUX, NULL);
    setup(&b, SDRC_POWER_HS_OFF, NULL);
    ea = pauses(&a);
    eb = pauses(&b);
    /* 0x9: restart + tRCD + CL + 8 clocks = 81.97 ns */
    CHECK_EQ(ea, 8 * 82);
    CHECK_EQ(a.cnt.sr_entries, 0);
    CHECK_EQ(a.cnt.row_misses, 8);
    /* 0x129: self-refresh one L3 clock after each access; each load pays
     * restart + tXSR + the AUTO REFRESH owed on exit (tRFC), then the
     * same row miss: 425.2 ns */
    CHECK_EQ(eb, 8 * ((TCK + T_XSR + T_RFC + T_RCD + T_CL + T_LINE + 999) /
                      1000));
    CHECK_EQ(b.cnt.row_misses, 8);
    CHECK_EQ(b.cnt.sr_exits, 8);
    CHECK_EQ(b.cnt.sr_entries, 2 + 8);
    CHECK_EQ(b.cnt.sr_wait_ps, 8 * (TCK + T_XSR + T_RFC));
    /* the difference is the self-refresh exit, tXSR, and the refresh
     * after it, on every load */
    CHECK_EQ(b.cnt.access_ps - a.cnt.access_ps, 8 * (T_XSR + T_RFC));
    CHECK_EQ(eb - ea, 8 * ((TCK + T_XSR + T_RFC + T_RCD + T_CL + T_LINE +
                            999) / 1000 - 82));
    CHECK_EQ(sdrc_rank_state(&b, 0), LPDDR_SELFREFRESH);
    CHECK_EQ(sdrc_rank_state(&a, 0), LPDDR_ACTIVE);
    /* no refreshes by the controller while in self-refresh: only the one
     * owed after each exit */
    sdrc_sync(&b, 1000000);
    CHECK_EQ(b.cnt.refreshes, 8);
    sdrc_sync(&a, 1000000);
    CHECK_EQ(a.cnt.refreshes, 2 * 133);

    /* a load 10 ns after one that ended: self-refresh entered 5.1 ns
     * after it and the banks precharged (tRP): in self-refresh for tRFC
     * (longer than tCKE) first */
    setup(&b, SDRC_POWER_HS_OFF, NULL);
    sdrc_access(&b, SDRAM, LINE, 0, 1000);
    e = 1000000 + TCK + T_XSR + T_RFC + T_RCD + T_CL + T_LINE; /* its end */
    CHECK_EQ(sdrc_access(&b, SDRAM + 64, LINE, 0, e / 1000 + 10),
             ((e + TCK + T_RP + T_RFC) + TCK + T_XSR + T_RFC + T_RCD + T_CL +
              T_LINE - (e / 1000 + 10) * 1000 + 999) / 1000);
    /* back-to-back (no idle clock): no self-refresh between them */
    setup(&b, SDRC_POWER_HS_OFF, NULL);
    sdrc_access(&b, SDRAM, LINE, 0, 1000);
    CHECK_EQ(b.cnt.sr_exits, 1);
    sdrc_access(&b, SDRAM + 64, LINE, 1, 1000);     /* same instant */
    CHECK_EQ(b.cnt.sr_exits, 1);

    /* the ROM writes 0x129 at run time (the CORE OFF restore): from then
     * on, not before */
    setup(&b, SDRC_POWER_LINUX, NULL);
    sdrc_access(&b, SDRAM, LINE, 0, 1000);
    set_power(&b, SDRC_POWER_HS_OFF, 2000);
    CHECK_EQ(b.cnt.sr_entries, 0);
    CHECK_EQ(sdrc_access(&b, SDRAM + 64, LINE, 0, 3000),
             (TCK + T_XSR + T_RFC + T_RCD + T_CL + T_LINE + 999) / 1000);
    CHECK_EQ(b.cnt.sr_entries, 2);
    /* and back to 0x9: the next load wakes it, the ones after do not pay */
    set_power(&b, SDRC_POWER_LINUX, 4000);
    CHECK_EQ(sdrc_access(&b, SDRAM + 128, LINE, 0, 4100),
             (TCK + T_XSR + T_RFC + T_RCD + T_CL + T_LINE + 999) / 1000);
    CHECK_EQ(sdrc_access(&b, SDRAM + 192, LINE, 0, 4700), 62);
    CHECK_EQ(b.cnt.sr_entries, 3);
}

/* ---- SRFRONIDLEREQ with CORE idle; CORE OFF -------------------------------------- */

static void test_idle_request(void)
{
    SdrcModel m;
    SdrcParams p = sdrc_default_params;

    /* 0x49 (the idle code sets SRFRONIDLEREQ): self-refresh while the
     * PRCM holds CORE idle; the exit starts when CORE wakes */
    setup(&m, 0x49, NULL);
    sdrc_access(&m, SDRAM, LINE, 0, 1000);
    sdrc_core_idle(&m, 2000, true, false);
    CHECK_EQ(sdrc_rank_state(&m, 0), LPDDR_SELFREFRESH);
    CHECK_EQ(sdrc_rank_state(&m, 1), LPDDR_SELFREFRESH);
    CHECK_EQ(m.cnt.sr_entries, 2);
    CHECK_EQ(m.rank[0].since, 2000000 + T_RP);     /* bank 0 precharged */
    sdrc_core_idle(&m, 5000, false, false);
    CHECK_EQ(m.cnt.sr_exits, 2);
    CHECK_EQ(m.exit_end[0], 5000000 + TCK + T_XSR + T_RFC);
    /* a load before the exit ends waits for it, and misses */
    CHECK_EQ(sdrc_access(&m, SDRAM + 64, LINE, 0, 5100),
             (5000000 + TCK + T_XSR + T_RFC + T_RCD + T_CL + T_LINE -
              5100000 + 999) / 1000);                  /* 326 */
    CHECK_EQ(m.cnt.sr_wait_ps, 5000000 + TCK + T_XSR + T_RFC - 5100000);
    /* after it: the ordinary cost */
    CHECK_EQ(sdrc_access(&m, SDRAM + 128, LINE, 0, 6000), 62);

    /* 0x9: CORE idles but the SDRAM stays up: the row is still open */
    setup(&m, SDRC_POWER_LINUX, NULL);
    sdrc_access(&m, SDRAM, LINE, 0, 1000);
    sdrc_core_idle(&m, 2000, true, false);
    CHECK_EQ(sdrc_rank_state(&m, 0), LPDDR_ACTIVE);
    sdrc_core_idle(&m, 5000, false, false);
    CHECK_EQ(sdrc_access(&m, SDRAM + 64, LINE, 0, 5100), 62);
    CHECK_EQ(m.cnt.sr_entries, 0);

    /* a DLL relock after the SDRC's clock stopped ([sdrc] dll_relock_ns) */
    p.dll_relock_ns = 1000;
    setup(&m, 0x49, &p);
    sdrc_core_idle(&m, 2000, true, false);
    sdrc_core_idle(&m, 5000, false, false);
    CHECK_EQ(m.exit_end[0], 5000000 + TCK + 1000000 + T_XSR + T_RFC);

    /* no refresh owed on exit ([sdrc] sr_exit_refreshes = 0), and the
     * SDRC's own overhead on the round trip ([sdrc] sr_overhead_ns) */
    p = sdrc_default_params;
    p.sr_exit_refreshes = 0;
    setup(&m, 0x49, &p);
    sdrc_core_idle(&m, 2000, true, false);
    sdrc_core_idle(&m, 5000, false, false);
    CHECK_EQ(m.exit_end[0], 5000000 + TCK + T_XSR);
    CHECK_EQ(m.cnt.refreshes, 0);
    p.sr_exit_refreshes = 2;
    p.sr_overhead_ns = 100;
    setup(&m, 0x49, &p);
    sdrc_core_idle(&m, 2000, true, false);
    sdrc_core_idle(&m, 5000, false, false);
    CHECK_EQ(m.exit_end[0], 5000000 + TCK + 100000 + T_XSR + 2 * T_RFC);
    CHECK_EQ(m.cnt.refreshes, 2 * 2);   /* both chip selects */
    p = sdrc_default_params;

    /* 0x129 with the idle request: AUTOCOUNT does not count while CORE
     * idles; a self-refresh the PRCM holds ends when CORE wakes, and
     * AUTOCOUNT then puts it back after one idle clock */
    setup(&m, SDRC_POWER_HS_OFF | 0x40, NULL);
    sdrc_access(&m, SDRAM, LINE, 0, 1000);
    sdrc_core_idle(&m, 2000, true, false);
    CHECK_EQ(m.cnt.sr_entries, 3);      /* both at 5 ns, CS0 after 1 us */
    sdrc_sync(&m, 4000);
    CHECK_EQ(m.cnt.sr_entries, 3);
    sdrc_core_idle(&m, 5000, false, false);
    CHECK_EQ(m.cnt.sr_exits, 3);
    sdrc_sync(&m, 5500);        /* the exits end at 5348.4 ns */
    CHECK_EQ(m.cnt.sr_entries, 5);

    /* CORE OFF: self-refresh whatever SDRC_POWER says (the SDRAM keeps
     * its content); the wake-up starts the exit */
    setup(&m, SDRC_POWER_LINUX, NULL);
    sdrc_access(&m, SDRAM, LINE, 0, 1000);
    sdrc_core_idle(&m, 2000, true, false);
    CHECK_EQ(sdrc_rank_state(&m, 0), LPDDR_ACTIVE);
    sdrc_core_idle(&m, 2100, true, true);
    CHECK_EQ(sdrc_rank_state(&m, 0), LPDDR_SELFREFRESH);
    CHECK_EQ(m.sr_cause[0], SDRC_SR_OFF);
    /* no refresh by the controller through OFF */
    sdrc_sync(&m, 100000);
    CHECK_EQ(m.cnt.refreshes, 0);
    sdrc_core_idle(&m, 100000, false, false);
    CHECK_EQ(sdrc_rank_state(&m, 0), LPDDR_ACTIVE);
    CHECK_EQ(m.next_ref[0], 100000000 + TCK + T_XSR + T_RFC + T_REFI);
    CHECK_EQ(sdrc_access(&m, SDRAM + 64, LINE, 0, 101000), 82);
}

/* ---- Saving and restoring ---------------------------------------------------------- */

static uint64_t step(SdrcModel *m, int i)
{
    uint64_t a = SDRAM + ((uint64_t)(i * 2654435761u) & 0x3FFFFFC0u);

    if (i == 40) {
        set_power(m, SDRC_POWER_HS_OFF, 40 * 700);
    }
    if (i == 70) {
        sdrc_core_idle(m, 70 * 700, true, false);
        sdrc_core_idle(m, 70 * 700 + 300, false, false);
    }
    return sdrc_access(m, a, LINE, i & 1, 1000 + (uint64_t)i * 700);
}

static void test_save_restore(void)
{
    SdrcModel a, b;
    uint64_t img[SDRC_IMAGE_WORDS], img2[SDRC_IMAGE_WORDS];
    uint64_t sa = 0, sb = 0;
    int i, same = 1;

    setup(&a, SDRC_POWER_LINUX | 0x40, NULL);
    for (i = 0; i < 50; i++) {
        step(&a, i);
    }
    sdrc_save(&a, img);
    CHECK_EQ(img[0], SDRC_IMAGE_VERSION);

    /* a new model with the same configuration takes the image */
    sdrc_init(&b, NULL, L3_HZ, SDRAM);
    sdrc_configure(&b, &a.cfg);
    CHECK_EQ(sdrc_load(&b, img), 1);
    sdrc_save(&b, img2);
    CHECK_EQ(memcmp(img, img2, sizeof(img)), 0);
    for (i = 50; i < 100; i++) {
        uint64_t x = step(&a, i), y = step(&b, i);

        sa += x;
        sb += y;
        same &= x == y;
    }
    CHECK_EQ(same, 1);
    CHECK_EQ(sa, sb);
    CHECK_EQ(memcmp(&a.cnt, &b.cnt, sizeof(a.cnt)), 0);
    sdrc_save(&a, img);
    sdrc_save(&b, img2);
    CHECK_EQ(memcmp(img, img2, sizeof(img)), 0);
    /* the run did go through self-refresh, refresh and all row cases */
    check_line(a.cnt.sr_exits > 0 && a.cnt.refreshes > 0 &&
               a.cnt.row_hits + a.cnt.row_misses + a.cnt.row_conflicts == 100,
               __LINE__, "sr_exits %llu, refreshes %llu",
               (unsigned long long)a.cnt.sr_exits,
               (unsigned long long)a.cnt.refreshes);
    /* an image of another version is refused */
    img[0] = SDRC_IMAGE_VERSION + 1;
    CHECK_EQ(sdrc_load(&b, img), 0);
}

/* Register offsets reach the right SdrcRegs fields: the SDRC's own map
 * (sdrc.h in Linux: ACTIM of CS1 at 0xC4/0xC8, the rest 0x30 apart). */
static void test_regs_field(void)
{
    SdrcRegs r;

    sdrc_n9_regs(&r);
    CHECK(sdrc_regs_field(&r, 0x070) == &r.power, "SDRC_POWER");
    CHECK(sdrc_regs_field(&r, 0x040) == &r.cs_cfg, "SDRC_CS_CFG");
    CHECK(sdrc_regs_field(&r, 0x060) == &r.dlla_ctrl, "SDRC_DLLA_CTRL");
    CHECK(sdrc_regs_field(&r, 0x080) == &r.mcfg[0], "SDRC_MCFG_0");
    CHECK(sdrc_regs_field(&r, 0x0B0) == &r.mcfg[1], "SDRC_MCFG_1");
    CHECK(sdrc_regs_field(&r, 0x084) == &r.mr[0], "SDRC_MR_0");
    CHECK(sdrc_regs_field(&r, 0x0B4) == &r.mr[1], "SDRC_MR_1");
    CHECK(sdrc_regs_field(&r, 0x09C) == &r.actim_a[0], "SDRC_ACTIM_CTRLA_0");
    CHECK(sdrc_regs_field(&r, 0x0A0) == &r.actim_b[0], "SDRC_ACTIM_CTRLB_0");
    CHECK(sdrc_regs_field(&r, 0x0C4) == &r.actim_a[1], "SDRC_ACTIM_CTRLA_1");
    CHECK(sdrc_regs_field(&r, 0x0C8) == &r.actim_b[1], "SDRC_ACTIM_CTRLB_1");
    CHECK(sdrc_regs_field(&r, 0x0A4) == &r.rfr_ctrl[0], "SDRC_RFR_CTRL_0");
    CHECK(sdrc_regs_field(&r, 0x0D4) == &r.rfr_ctrl[1], "SDRC_RFR_CTRL_1");
    CHECK(sdrc_regs_field(&r, 0x010) == NULL, "SYSCONFIG: not timing");
    CHECK(sdrc_regs_field(&r, 0x0A8) == NULL, "SDRC_MANUAL_0: not timing");
    CHECK(sdrc_regs_field(&r, 0x071) == NULL, "unaligned");
}

int main(void)
{
    test_regs_field();
    test_decode();
    test_mapping();
    test_rows();
    test_copy_streams();
    test_refresh();
    test_powerdown();
    test_selfrefresh_autocount();
    test_idle_request();
    test_save_restore();
    return check_done();
}
