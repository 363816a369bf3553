/*
 * OMAP3630 SDRAM controller (SDRC) with the N9's LPDDR behind it: a timing
 * model in plain C99 (no QEMU types, fixed-size state, saveable as
 * integers).
 *
 * It answers one question for the memory path: an access of @bytes at
 * physical address @paddr, issued at @now_ns, how many ns until its last
 * data beat has moved?  The answer follows the SDRAM timings the boot
 * loader programmed (SDRC_ACTIM_CTRLA/B, SDRC_MCFG, SDRC_MR, SDRC_RFR_CTRL,
 * decoded here, not constants) at the L3 clock rate, the open rows of each
 * bank, the auto-refresh, and the power state the guest asked for in
 * SDRC_POWER.
 *
 * Two halves, as gem5 keeps its DRAM interface apart from its controller:
 *  - lpddr.h: the LPDDR device's timing (banks, rows, refresh, power-down
 *    and self-refresh entry and exit costs), in ps;
 *  - this file: the controller's policy from its registers: the address
 *    mapping (MCFG), the page policy (SDRC_POWER.PAGEPOLICY), when to
 *    refresh (RFR_CTRL), when to power down or self-refresh (PWDENA,
 *    CLKCTRL after AUTOCOUNT idle L3 clocks, SRFRONIDLEREQ when the PRCM
 *    idles CORE), the external clock stop (EXTCLKDIS).
 *
 * No timers: everything that happens while the SDRAM is idle (refreshes,
 * power-down and self-refresh entries) is worked out when the next access
 * or event comes, from the time that passed (sdrc_access brings the state
 * up to its own time first).  Deterministic and cheap: the common path has
 * no division and no allocation.
 *
 * Sources: docs/models-sdrc.md (register fields, timing rules, each
 * assumption).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef MODELS_SDRC_SDRC_H
#define MODELS_SDRC_SDRC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "lpddr.h"

#define SDRC_NUM_CS     2

/* ---- Registers and their decoded view ------------------------------------ */

/*
 * The SDRC registers that shape timing, as the guest wrote them.  Field
 * layouts: Linux arch/arm/mach-omap2/sdrc.h and sdrc.c (SDRC_POWER), the
 * ACTIM layout of sdram-nokia.c's sdrc_timings() (Linux <= 3.x) and
 * U-Boot's arch-omap3/mem.h (MCFG, ACTIM), the OMAP36xx TRM chapter 10.
 */
typedef struct SdrcRegs {
    uint32_t power;                     /* SDRC_POWER */
    uint32_t cs_cfg;                    /* SDRC_CS_CFG */
    uint32_t dlla_ctrl;                 /* SDRC_DLLA_CTRL */
    uint32_t mcfg[SDRC_NUM_CS];         /* SDRC_MCFG_p */
    uint32_t mr[SDRC_NUM_CS];           /* SDRC_MR_p */
    uint32_t actim_a[SDRC_NUM_CS];      /* SDRC_ACTIM_CTRLA_p */
    uint32_t actim_b[SDRC_NUM_CS];      /* SDRC_ACTIM_CTRLB_p */
    uint32_t rfr_ctrl[SDRC_NUM_CS];     /* SDRC_RFR_CTRL_p */
} SdrcRegs;

/* Field encoders (cycles of the SDRC clock) */
#define SDRC_ACTIM_A(trfc, trc, tras, trp, trcd, trrd, tdpl, tdal) \
    (((uint32_t)(trfc) << 27) | ((uint32_t)(trc) << 22) | \
     ((uint32_t)(tras) << 18) | ((uint32_t)(trp) << 15) | \
     ((uint32_t)(trcd) << 12) | ((uint32_t)(trrd) << 9) | \
     ((uint32_t)(tdpl) << 6) | (uint32_t)(tdal))
#define SDRC_ACTIM_B(twtr, tcke, txp, txsr) \
    (((uint32_t)(twtr) << 16) | ((uint32_t)(tcke) << 12) | \
     ((uint32_t)(txp) << 8) | (uint32_t)(txsr))
#define SDRC_RFR_CTRL(arcv, are)    (((uint32_t)(arcv) << 8) | (are))

/*
 * What the N9's boot loader leaves, for its LPDDR at 195.2 MHz: Nokia's
 * table nokia_195dot2mhz_timings (Linux arch/arm/mach-omap2/sdram-nokia.c,
 * used by board-rm680.c for the RM-680/RM-696 until the board files went)
 * rounded up to whole clocks as its sdrc_timings() does with a 5122 ps
 * clock: tDAL 30725 ps -> 6, tDPL (tWR) 15362 -> 3, tRRD 10241 -> 2,
 * tRCD 20483 -> 4, tRP 15362 -> 3, tRAS 40967 -> 8, tRC 56330 -> 11,
 * tRFC 138266 -> 27, tXSR 204839 -> 40; tXP 2, tCKE 4, tWTR 2 clocks;
 * ARCV = 7752 ns x 195.2 MHz - 50 = 1463 clocks, one refresh per expiry.
 * These give the phone's (docs/facts.md) CL3, tRCD 20, tRP 15, tRAS 41, tRC 56,
 * tRFC 138 ns and a refresh every 7.49 us.
 */
#define SDRC_N9_ACTIM_A     SDRC_ACTIM_A(27, 11, 8, 3, 4, 2, 3, 6)
#define SDRC_N9_ACTIM_B     SDRC_ACTIM_B(2, 4, 2, 40)
#define SDRC_N9_RFR_CTRL    SDRC_RFR_CTRL(1463, 1)
/* MR: CAS latency 3, burst length 4 (sdram-nokia.c: mr = 0x32) */
#define SDRC_N9_MR          0x00000032u
/*
 * MCFG: LPDDR, deep power-down, 32-bit, row-bank-column, 512 MB, flexible
 * address mux, 11 column and 14 row bits (4 banks x 16K rows x 2K columns
 * x 4 bytes = 512 MB per chip select; the N9's parts are not published).
 */
#define SDRC_N9_MCFG        0x03690099u
/* CS1 right after CS0's 512 MB: CS1STARTHIGH = 4 x 128 MB */
#define SDRC_N9_CS_CFG      0x00000004u
/* DLLA enabled, unlocked mode, 90 degree phase (Linux needs unlocked) */
#define SDRC_N9_DLLA_CTRL   0x0000000Au
/* SDRC_POWER as Linux programs it (omap2_sdrc_init): EXTCLKDIS|PAGEPOLICY */
#define SDRC_POWER_LINUX    0x00000009u
/* The HS ROM's CORE OFF restore value on 3630 (docs/facts.md, Linux 4) */
#define SDRC_POWER_HS_OFF   0x00000129u

/* SDRC_POWER fields */
typedef struct SdrcPowerConfig {
    bool page_policy;       /* PAGEPOLICY (0): 1 open page, 0 closed page */
    bool pwdena;            /* PWDENA (2): power-down whenever idle */
    bool extclkdis;         /* EXTCLKDIS (3): clock stopped when idle */
    uint8_t clkctrl;        /* CLKCTRL (5:4): after AUTOCOUNT idle clocks:
                             * 0 nothing, 1 power-down, 2 self-refresh */
    bool srfr_on_idle_req;  /* SRFRONIDLEREQ (6): self-refresh when the
                             * PRCM's idle request comes (CORE idles) */
    bool srfr_on_reset;     /* SRFRONRESET (7) */
    uint16_t autocount;     /* AUTOCOUNT (23:8), L3 clocks */
} SdrcPowerConfig;

/* One chip select: MCFG, MR, ACTIM_CTRLA/B, RFR_CTRL */
typedef struct SdrcCsConfig {
    uint32_t ram_size_mb;   /* RAMSIZE x 2 MB; 0: chip select unused */
    uint8_t ram_type;       /* RAMTYPE: 0 SDR, 1 LPDDR */
    bool deep_power_down;   /* DEEPPD */
    uint8_t data_width;     /* B32NOT16: 32 or 16 bits */
    uint8_t bank_allocation;/* BANKALLOCATION: 0 bank-row-column, else
                             * row-bank-column (2 = RBC in U-Boot) */
    bool addr_mux_flexible; /* ADDRMUXLEGACY (19) */
    uint8_t row_bits;       /* RASWIDTH + 11 */
    uint8_t col_bits;       /* CASWIDTH + 5 */
    uint8_t cas_latency;    /* MR 6:4, clocks */
    uint8_t burst_length;   /* MR 2:0: 2, 4 or 8 beats; 0 reserved */
    uint8_t tdal, tdpl, trrd, trcd, trp, tras, trc, trfc;   /* ACTIM_CTRLA */
    uint8_t txsr, txp, tcke, twtr;                          /* ACTIM_CTRLB */
    uint32_t refresh_interval;  /* RFR_CTRL.ARCV: clocks per refresh */
    uint8_t refresh_burst;      /* RFR_CTRL.ARE: 0 off, 1, 4 or 8 */
} SdrcCsConfig;

/* The decoded configuration the device hands over. */
typedef struct SdrcConfig {
    uint32_t l3_hz;             /* the SDRC (L3) clock; 0: not running */
    SdrcPowerConfig power;
    bool dll_enabled;           /* DLLA_CTRL.ENADLL */
    bool dll_lock_mode;         /* DLLA_CTRL.LOCKDLL */
    uint32_t cs1_start_mb;      /* CS_CFG: where CS1 starts */
    SdrcCsConfig cs[SDRC_NUM_CS];
} SdrcConfig;

/* Decode @r (and the clock @l3_hz) into @c. */
void sdrc_decode(const SdrcRegs *r, uint32_t l3_hz, SdrcConfig *c);
/* The N9's registers after Linux's omap2_sdrc_init (SDRC_POWER 0x9). */
void sdrc_n9_regs(SdrcRegs *r);

/*
 * The timing registers by their offset in the SDRC's register window
 * (0x6D000000; Linux arch/arm/mach-omap2/sdrc.h, the same offsets as the
 * machine's SDRC device): for a wrapper that takes register accesses (the
 * SystemC target, models/systemc) and a replay that must see the same.
 * Per chip select p most registers are 0x30 * p apart, ACTIM_CTRLA/B
 * 0x28 * p.
 */
#define SDRC_REG_CS_CFG         0x040u
#define SDRC_REG_DLLA_CTRL      0x060u
#define SDRC_REG_POWER          0x070u
#define SDRC_REG_MCFG(p)        (0x080u + 0x30u * (p))
#define SDRC_REG_MR(p)          (0x084u + 0x30u * (p))
#define SDRC_REG_ACTIM_A(p)     (0x09Cu + 0x28u * (p))
#define SDRC_REG_ACTIM_B(p)     (0x0A0u + 0x28u * (p))
#define SDRC_REG_RFR_CTRL(p)    (0x0A4u + 0x30u * (p))

/* The SdrcRegs field at @offset, or NULL if it is not a timing register. */
uint32_t *sdrc_regs_field(SdrcRegs *r, uint32_t offset);

/* ---- Parameters no register gives ([sdrc] in the timing file) ------------ */

typedef struct SdrcParams {
    /*
     * The SDRC's DLL relock after CORE idled (its clock stopped) before the
     * SDRAM may be used; added to a self-refresh exit the PRCM started.
     */
    uint32_t dll_relock_ns;
    /* Clock restart before a command when the clock was stopped (EXTCLKDIS,
     * power-down, self-refresh): LPDDR wants one NOP cycle. */
    uint32_t clock_restart_cycles;
    /* WRITE to first data: 1 clock on LPDDR (JESD209). */
    uint32_t write_latency_cycles;
    /*
     * AUTO REFRESH commands the SDRC issues after a self-refresh exit,
     * before the first access: LPDDR data sheets that follow JESD209
     * recommend one ("an internally timed refresh event can be missed when
     * CKE is raised"); 1.
     */
    uint32_t sr_exit_refreshes;
    /*
     * The SDRC's own overhead on a self-refresh round trip (CLKCTRL = 2)
     * beyond the LPDDR's rules and the steps above, added to the exit: the
     * one parameter fitted on the phone's SDRC_POWER = 0x129 figures (the
     * 8 MB row; docs/calibration.md).
     */
    uint32_t sr_overhead_ns;
} SdrcParams;

extern const SdrcParams sdrc_default_params;
#define SDRC_PARAM_MAX      1000000u    /* 1 ms, or a million clocks */
/* Check @p; on error a static message, else NULL. */
const char *sdrc_params_check(const SdrcParams *p);

/* ---- The model ----------------------------------------------------------- */

/* Why a rank is in self-refresh: what ends it. */
enum sdrc_sr_cause {
    SDRC_SR_NONE,
    SDRC_SR_AUTO,           /* CLKCTRL = 2 after AUTOCOUNT: on an access */
    SDRC_SR_IDLE,           /* SRFRONIDLEREQ with CORE idle: on CORE wake */
    SDRC_SR_OFF,            /* CORE OFF: on CORE wake */
};

/*
 * Counters (since sdrc_init).  Times are in ps; the ns that each cause
 * added to accesses' latency (waits for an exit or a refresh) are the
 * *_wait_ps; the row counters' *_ps are the accesses' own latency.
 */
typedef struct SdrcCounters {
    uint64_t reads, writes;
    uint64_t row_hits, row_misses, row_conflicts;
    uint64_t row_hit_ps, row_miss_ps, row_conflict_ps;
    uint64_t refreshes;             /* AUTO REFRESH commands */
    uint64_t refresh_delays;        /* accesses that waited for one */
    uint64_t refresh_wait_ps;
    uint64_t pd_entries, pd_exits;
    uint64_t pd_wait_ps;
    uint64_t sr_entries, sr_exits;
    uint64_t sr_wait_ps;
    uint64_t clock_restarts;        /* EXTCLKDIS: clock started for an access */
    uint64_t clock_restart_ps;
    uint64_t access_ps;             /* all accesses: issue to last beat */
} SdrcCounters;

#define SDRC_NUM_COUNTERS   (sizeof(SdrcCounters) / sizeof(uint64_t))

/* Per chip select: derived from the configuration (not saved) */
typedef struct SdrcCsDerived {
    LpddrTiming t;
    uint64_t refi_ps;               /* between refresh bursts; 0: none */
    uint8_t ref_n;                  /* refreshes per burst */
    uint8_t col_shift, bank_shift, row_shift;
    uint32_t row_mask;
    uint64_t size_mask;             /* bytes - 1 */
} SdrcCsDerived;

typedef struct SdrcModel {
    /* configuration: from the registers, clock and parameters */
    SdrcConfig cfg;
    SdrcParams params;
    uint64_t base;                  /* physical address of CS0 */
    SdrcCsDerived cs[SDRC_NUM_CS];
    uint64_t lp_delay_ps;           /* AUTOCOUNT clocks */
    uint8_t lp_mode;                /* PWDENA or CLKCTRL asks for one */
    uint32_t restart_ps;            /* clock restart */
    uint64_t cs1_start;             /* bytes */

    /* state (sdrc_save) */
    LpddrRank rank[SDRC_NUM_CS];
    uint64_t next_ref[SDRC_NUM_CS]; /* next refresh due */
    uint64_t ref_end[SDRC_NUM_CS];  /* end of the last refresh */
    uint64_t exit_end[SDRC_NUM_CS]; /* end of an exit the PRCM started */
    uint8_t sr_cause[SDRC_NUM_CS];
    uint64_t bus_free;              /* data bus free from */
    uint64_t idle_since;            /* no access since (AUTOCOUNT start) */
    uint64_t cfg_since;             /* power configuration in force since */
    uint64_t now;                   /* latest time the model was run to */
    uint8_t core_idle;              /* the PRCM's idle request is on */
    SdrcCounters cnt;
    /* derived from the state: before it nothing happens on its own */
    uint64_t next_event;
} SdrcModel;

/* Set up @m: the N9's registers at @l3_hz, parameters @p (NULL: defaults),
 * CS0 at physical address @base; counters zero, time 0. */
void sdrc_init(SdrcModel *m, const SdrcParams *p, uint32_t l3_hz,
               uint64_t base);
/* Take configuration @c from time @now_ns on (what happened before follows
 * the previous one). */
void sdrc_set_config(SdrcModel *m, const SdrcConfig *c, uint64_t now_ns);
/* Take @c without running the model (after sdrc_load: the same config). */
void sdrc_configure(SdrcModel *m, const SdrcConfig *c);

/*
 * An access by the memory path: returns the ns from @now_ns until its last
 * data beat (reads) or until its data is written (writes), waits for a
 * refresh or a power-state exit included.
 */
uint64_t sdrc_access(SdrcModel *m, uint64_t paddr, uint32_t bytes,
                     int is_write, uint64_t now_ns);
/* The same as the cache model's next level (a8cache_next.access), @ctx
 * the SdrcModel. */
uint32_t sdrc_next_level_access(void *ctx, uint32_t paddr, uint32_t bytes,
                                int is_write, uint64_t now_ns);

/*
 * The PRCM's idle request to the SDRC (the CORE_L3 clock domain idles, or
 * CORE goes to RET/OFF) comes (@idle) or goes at @now_ns.  With
 * SRFRONIDLEREQ (always with @off) the SDRAM enters self-refresh; when the
 * request goes the SDRC starts the exit at once.
 */
void sdrc_core_idle(SdrcModel *m, uint64_t now_ns, bool idle, bool off);

/* Run the model up to @now_ns (refreshes, entries) without an access. */
void sdrc_sync(SdrcModel *m, uint64_t now_ns);

/* A rank's power state (enum lpddr_pstate) and open row of a bank. */
int sdrc_rank_state(const SdrcModel *m, int cs);
uint32_t sdrc_open_row(const SdrcModel *m, int cs, int bank);
/* Where @paddr lands: chip select, bank, row. */
void sdrc_map(const SdrcModel *m, uint64_t paddr, int *cs, int *bank,
              uint32_t *row);

/* ---- Saving: the state as a flat array of integers ----------------------- */

#define SDRC_IMAGE_VERSION  1
#define SDRC_IMAGE_WORDS    (6 + SDRC_NUM_CS * (8 + 4 * LPDDR_BANKS) + \
                             SDRC_NUM_COUNTERS)

void sdrc_save(const SdrcModel *m, uint64_t img[SDRC_IMAGE_WORDS]);
/* false if @img is not a state image of this version */
bool sdrc_load(SdrcModel *m, const uint64_t img[SDRC_IMAGE_WORDS]);

/* ps to whole ns, rounded up: what an access makes the CPU wait */
static inline uint64_t sdrc_ps_to_ns(uint64_t ps)
{
    return (ps + 999) / 1000;
}

/*
 * The counters as the machine shows them: name, index in SdrcCounters,
 * ps (a time kept in ps, shown in ns rounded) or a count.
 */
typedef struct SdrcCounterKey {
    const char *name;
    size_t index;
    bool ps;
} SdrcCounterKey;
extern const SdrcCounterKey sdrc_counter_keys[];
extern const unsigned sdrc_num_counter_keys;
uint64_t sdrc_counter_value(const SdrcModel *m, const SdrcCounterKey *k);

#endif /* MODELS_SDRC_SDRC_H */
