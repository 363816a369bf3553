/*
 * LPDDR (JEDEC JESD209 mobile DDR) device timing: one rank of four banks,
 * its open rows and its power states, as a plain C99 state machine.
 *
 * This is the timing half of the SDRC model (sdrc.h is the policy half,
 * as gem5 keeps its DRAM interface apart from its memory controller): it
 * knows what a command costs and when the next one may issue, not when the
 * controller decides to issue it.  All times are in picoseconds on one
 * time line; the controller passes the time at which it wants to act and
 * gets back when that is done.
 *
 * Rules (JESD209, and the LPDDR parts' data sheets that follow it):
 *  - ACTIVATE opens a row in a bank: READ/WRITE after tRCD, PRECHARGE not
 *    before tRAS, the next ACTIVATE to the same bank not before tRC, to
 *    another bank not before tRRD.
 *  - PRECHARGE closes it: the next ACTIVATE after tRP.  After a READ the
 *    precharge may follow the last burst's command by BL/2 clocks; after a
 *    WRITE, tWR after the last data.
 *  - Data: read latency CL, write latency WL (1 clock on LPDDR), two beats
 *    per clock, a burst of BL beats; a longer transfer is several bursts
 *    back to back.
 *  - AUTO REFRESH: all banks precharged first, then tRFC per command.
 *  - Power-down (CKE low, rows stay open): at least tCKE, exit tXP.
 *  - Self-refresh (banks precharged, CKE low, the device refreshes
 *    itself): CKE low at least tCKE and the device in self-refresh at
 *    least tRFC (it may have begun an internal refresh: LPDDR data sheets
 *    that follow JESD209, "the minimum time that the device must remain in
 *    Self Refresh mode is tRFC"); exit tXSR to the next command.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef MODELS_SDRC_LPDDR_H
#define MODELS_SDRC_LPDDR_H

#include <stdint.h>

/* LPDDR has four banks at every density (JESD209). */
#define LPDDR_BANKS     4
#define LPDDR_NO_ROW    0xffffffffu

/* The device's timing, in ps (from the controller's registers and clock). */
typedef struct LpddrTiming {
    uint32_t tck;           /* clock period */
    uint32_t cl;            /* READ to first data */
    uint32_t wl;            /* WRITE to first data */
    uint32_t trcd, trp, tras, trc, trrd, twr, trfc;
    uint32_t txsr, txp, tcke;
    uint32_t beat_shift;    /* log2 of the bytes per data beat (2: x32) */
    uint32_t bl;            /* burst length in beats: 2, 4 or 8 */
} LpddrTiming;

enum lpddr_pstate {
    LPDDR_ACTIVE,           /* CKE high: commands accepted */
    LPDDR_POWERDOWN,        /* CKE low, rows kept, the controller refreshes */
    LPDDR_SELFREFRESH,      /* CKE low, banks precharged, refreshes itself */
};

/* What a column access found in its bank. */
enum lpddr_outcome {
    LPDDR_ROW_HIT,          /* the row was open */
    LPDDR_ROW_MISS,         /* the bank was precharged: ACTIVATE first */
    LPDDR_ROW_CONFLICT,     /* another row was open: PRECHARGE, ACTIVATE */
};

typedef struct LpddrBank {
    uint32_t open_row;      /* LPDDR_NO_ROW: precharged */
    uint64_t act_ok;        /* earliest ACTIVATE (tRC, tRP, tRFC) */
    uint64_t pre_ok;        /* earliest PRECHARGE (tRAS, read burst, tWR) */
    uint64_t idle_at;       /* precharged: when the last precharge is done */
} LpddrBank;

typedef struct LpddrRank {
    LpddrBank bank[LPDDR_BANKS];
    uint64_t rrd_ok;        /* earliest ACTIVATE to any bank (tRRD) */
    uint64_t ready;         /* earliest command: an exit or a refresh done */
    uint64_t since;         /* when the current power state was entered */
    uint8_t state;          /* enum lpddr_pstate */
} LpddrRank;

/* A rank at power-up: banks precharged, active, nothing pending. */
void lpddr_rank_init(LpddrRank *r);

/* The time in ps that @bytes take on the data bus (whole bursts). */
uint64_t lpddr_burst_ps(const LpddrTiming *t, uint32_t bytes);

/*
 * One READ or WRITE of @bytes to @row of @bank, the controller starting
 * its commands at @start (>= r->ready); the data bus is free from
 * @bus_free.  With @auto_precharge the bank is closed after the access
 * (closed-page policy).  Returns when the last data beat is transferred;
 * *outcome says what the bank held.
 */
uint64_t lpddr_access(LpddrRank *r, const LpddrTiming *t, unsigned bank,
                      uint32_t row, int is_write, uint32_t bytes,
                      uint64_t start, uint64_t bus_free, int auto_precharge,
                      int *outcome);

/* PRECHARGE ALL from @at: returns when every bank is precharged. */
uint64_t lpddr_precharge_all(LpddrRank *r, const LpddrTiming *t, uint64_t at);

/* @n AUTO REFRESH commands from @at (banks precharged first): the end. */
uint64_t lpddr_refresh(LpddrRank *r, const LpddrTiming *t, uint64_t at,
                       unsigned n);

/* CKE low with the rows kept, from @at (or when r->ready): the entry. */
uint64_t lpddr_powerdown_enter(LpddrRank *r, uint64_t at);
/* Power-down exit asked at @at (clock restart @restart ps): ready time. */
uint64_t lpddr_powerdown_exit(LpddrRank *r, const LpddrTiming *t,
                              uint64_t at, uint32_t restart);

/* SELF REFRESH from @at (banks precharged first): the entry. */
uint64_t lpddr_selfrefresh_enter(LpddrRank *r, const LpddrTiming *t,
                                 uint64_t at);
/*
 * Self-refresh exit asked at @at; CKE rises no earlier than max(tCKE,
 * tRFC) after the entry; @extra ps of the controller's own exit sequence
 * (clock restart, DLL) come before CKE rises.  Returns when the next
 * command may issue (tXSR after CKE).
 */
uint64_t lpddr_selfrefresh_exit(LpddrRank *r, const LpddrTiming *t,
                                uint64_t at, uint32_t extra);

#endif /* MODELS_SDRC_LPDDR_H */
