/*
 * qemu-n9 timing parameters: defaults, the INI file that overrides them
 * (-M rm696,timing=FILE), single parameters given on the command line
 * (-M rm696,timing-set=SECTION.KEY=VALUE;...), the values the models
 * otherwise take from registers (clock rates, SDRAM timings) when one
 * overrides them, and the stall that charges modelled time.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_N9_TIMING_H
#define HW_N9_N9_TIMING_H

#include "qapi/error.h"
#include "qobject/qdict.h"
#include "models/l4-interconnect/l4ic.h"
#include "models/prcm/wakeup.h"
#include "models/sdrc/sdrc.h"
#include "models/cache/a8cache.h"

typedef struct N9TimingEntry {
    char *agent;            /* "l4-wkup", ... */
    char *group;            /* a register group behind it, or NULL */
    l4ic_params p;
    int line;               /* where the file set it (0: default) */
    bool used;              /* a group override that matched a group */
} N9TimingEntry;

/*
 * [clocks]: rates the PRCM otherwise derives from its registers (DPLL1 for
 * the MPU, DPLL3 / CM_CLKSEL_CORE for the L3 and the SDRAM); 0: the
 * registers'.  An override replaces a running clock's rate (a stopped
 * clock stays stopped).
 */
typedef struct N9ClockOverrides {
    uint64_t mpu_hz;
    uint64_t l3_hz;
} N9ClockOverrides;

/*
 * [sdram]: SDRAM timings and SDRC_POWER fields the SDRC otherwise decodes
 * from SDRC_ACTIM_CTRLA/B, SDRC_MR, SDRC_RFR_CTRL (both chip selects) and
 * SDRC_POWER; an override wins over whatever the guest writes there.
 */
enum {
    N9_SDRAM_CAS_LATENCY, N9_SDRAM_BURST_LENGTH,
    N9_SDRAM_TDAL, N9_SDRAM_TDPL, N9_SDRAM_TRRD, N9_SDRAM_TRCD, N9_SDRAM_TRP,
    N9_SDRAM_TRAS, N9_SDRAM_TRC, N9_SDRAM_TRFC, N9_SDRAM_TXSR, N9_SDRAM_TXP,
    N9_SDRAM_TCKE, N9_SDRAM_TWTR, N9_SDRAM_REFRESH_INTERVAL,
    N9_SDRAM_REFRESH_BURST,
    N9_SDRAM_PAGE_POLICY, N9_SDRAM_PWDENA, N9_SDRAM_EXTCLKDIS,
    N9_SDRAM_CLKCTRL, N9_SDRAM_SRFR_ON_IDLE_REQ, N9_SDRAM_AUTOCOUNT,
    N9_SDRAM_NUM_KEYS
};

typedef struct N9SdramOverrides {
    bool set[N9_SDRAM_NUM_KEYS];
    uint32_t value[N9_SDRAM_NUM_KEYS];
} N9SdramOverrides;

typedef struct N9TimingKey {
    const char *name;
    uint32_t min, max;
    const char *where;      /* the register field it stands for */
} N9TimingKey;
extern const N9TimingKey n9_sdram_keys[N9_SDRAM_NUM_KEYS];

/*
 * The N9's ACTLR as its firmware leaves it: L2EN (bit 1, the L2 on), IBE
 * (bit 6, set by the N9's firmware: docs/facts.md) and, assumed, L1NEON
 * (bit 5): OMAP3 boot loaders set it in the same write as IBE (U-Boot:
 * Cortex-A8 errata 621766 and 430973); whether Nokia's does is not known
 * (docs/timing-parameters.md, [cpu]).
 */
#define N9_DEFAULT_ACTLR    0x62u

/*
 * [cpu] flush_cycles: what a flush of the integer pipeline costs with
 * pipeline=on (a wrong branch prediction, a taken branch with SCTLR.Z
 * clear, an exception's entry, an ISB): the TRM's 13 by default
 * (A8BPRED_PENALTY, models/a8pipe/a8bpred.h), for what-if runs up to this.
 */
#define N9_FLUSH_CYCLES_MAX 1000u

typedef struct N9Timing {
    char *file;             /* NULL: the defaults */
    char *set;              /* timing-set=..., NULL: none */
    char **set_items;       /* its items, for error messages */
    uint64_t seed;
    GArray *entries;        /* of N9TimingEntry */
    PrcmWakeParams prcm;    /* [prcm]: wake-up latency (models/prcm) */
    SdrcParams sdrc;        /* [sdrc]: SDRAM controller (models/sdrc) */
    a8cache_params cache;   /* [cache]: caches and TLBs (models/cache) */
    uint32_t actlr;         /* [cpu] actlr: the Cortex-A8's auxiliary
                             * control register as the firmware leaves it */
    uint32_t flush_cycles;  /* [cpu] flush_cycles: a flush of the integer
                             * pipeline, with pipeline=on */
    uint32_t cp15_flush;    /* [cpu] cp15_flush: 1, a cp15 write that
                             * changes the context flushes the pipeline
                             * (Cortex-A8 TRM 5.6.1); 0, one cycle */
    uint32_t btb_ways;      /* [cpu] btb_ways, btb_index_shift: the BTB's */
    uint32_t btb_index_shift;   /* organisation, with pipeline=on */
    N9ClockOverrides clocks;    /* [clocks]: over the PRCM's registers */
    N9SdramOverrides sdram;     /* [sdram]: over the SDRC's registers */
} N9Timing;

/* The defaults: the phone's figures (models/l4-interconnect). */
N9Timing *n9_timing_new(void);
/*
 * Override the defaults from an INI file (NULL: none), then from
 * timing-set items @set ("SECTION.KEY=VALUE", separated by ';'; NULL:
 * none), which win over the file.  On error name the file and line, or
 * the item, and the key: one line.
 */
bool n9_timing_load(N9Timing *t, const char *file, const char *set,
                    Error **errp);
/* The parameters of @group behind @agent (the agent's if no override). */
void n9_timing_lookup(N9Timing *t, const char *agent, const char *group,
                      l4ic_params *out);
/* After the machine is built: a group override that matched nothing. */
bool n9_timing_check_used(N9Timing *t, Error **errp);

/* The [sdram] overrides applied to a decoded SDRC configuration. */
void n9_timing_sdram_apply(const N9SdramOverrides *o, SdrcConfig *c);
/* Key @key's value in a decoded configuration (chip select 0). */
uint32_t n9_timing_sdram_value(const SdrcConfig *c, int key);

/*
 * For the statistics file: *@params, the parameter set in force, every
 * section and key with its value, defaults included (the register-derived
 * [clocks] and [sdram] as the SDRC's decoded configuration @cfg and the
 * clock rates give them now); *@overrides, each [clocks] or [sdram] key an
 * override set, "SECTION.KEY": {"value": in force, "registers": what the
 * registers give (@regs_cfg: the configuration without the overrides)}.
 */
void n9_timing_report(N9Timing *t, const SdrcConfig *cfg,
                      const SdrcConfig *regs_cfg, uint64_t mpu_hz,
                      uint64_t mpu_reg_hz, uint64_t l3_hz, uint64_t l3_reg_hz,
                      QDict **params, QDict **overrides);

/*
 * Charge @ns of modelled time to the running vCPU.  Without icount there is
 * no modelled time: the machine says so once, at start-up.
 */
void n9_timing_stall(uint64_t ns);
/*
 * The ns n9_timing_stall charged since the memory path last took them: an
 * I/O access's stall, which the memory path's hook, called after the
 * access (core patch 0020's io_done), turns into cycles during which
 * results in flight complete (n9_memory.c)
 */
extern uint64_t n9_timing_io_stall_ns;
bool n9_timing_enabled(void);

#endif /* HW_N9_N9_TIMING_H */
