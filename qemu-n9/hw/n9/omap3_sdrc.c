/*
 * OMAP3630 SDRAM controller (SDRC, 0x6D000000, on the L3).
 *
 * The SDRC drives the N9's 1 GB of LPDDR (two chip selects of 512 MB) at
 * the L3 rate, 195.2 MHz.  On the N9 the boot loader programs it and Linux
 * never reprograms the timings on a 3630: omap2_sdrc_init() only sets
 * smart idle and SDRC_POWER = 0x9, omap3_save_scratchpad_contents() copies
 * the configuration into the scratchpad for the boot ROM's CORE OFF
 * restore, and the idle code (omap3_do_wfi in sleep34xx.S) toggles
 * SDRC_POWER.SRFRONIDLEREQ around WFI and waits for the DLL to lock.
 *
 * Modelled: every register as storage with the reset values a boot loader
 * leaves for the N9's LPDDR (see "Reset values" below), the SYSCONFIG
 * soft-reset handshake, and DLLA/DLLB_STATUS.LOCKED reading 1 whenever the
 * DLL is enabled (omap3_do_wfi otherwise kicks the DLL forever).  Each write
 * is decoded once into Omap3SdrcConfig, a plain-C view of the power and
 * timing configuration that a SDRAM timing model can read without knowing
 * the register layout; its fields are also exposed as read-only QOM
 * properties ("power-clkctrl", "cs0-trfc", ...).  Every write to
 * SDRC_POWER is traced.
 * Not modelled: the memory itself (RAM is a plain QEMU RAM region), the
 * effect of the configuration on it, MANUAL commands (stored and traced
 * only), error capture (ERR_ADDR/ERR_TYPE stay 0).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bitops.h"
#include "hw/sysbus.h"
#include "hw/clock.h"
#include "hw/qdev-clock.h"
#include "migration/vmstate.h"
#include "omap3630.h"
#include "omap3_lanes.h"
#include "trace.h"

OBJECT_DECLARE_SIMPLE_TYPE(OMAP3SdrcState, OMAP3_SDRC)

#define OMAP3_SDRC_SIZE     0x1000
#define OMAP3_SDRC_NUM_CS   2

/* Register offsets (arch/arm/mach-omap2/sdrc.h) */
#define R_REVISION          0x000
#define R_SYSCONFIG         0x010
#define R_SYSSTATUS         0x014
#define R_CS_CFG            0x040
#define R_SHARING           0x044
#define R_ERR_ADDR          0x048
#define R_ERR_TYPE          0x04C
#define R_DLLA_CTRL         0x060
#define R_DLLA_STATUS       0x064
#define R_DLLB_CTRL         0x068
#define R_DLLB_STATUS       0x06C
#define R_POWER             0x070
/*
 * Per chip select p: most registers are at base + 0x30 * p, but the two
 * ACTIM registers are at base + 0x28 * p (SDRC_ACTIM_CTRL_A_1 = 0xC4,
 * SDRC_ACTIM_CTRL_B_1 = 0xC8 in sdrc.h).
 */
#define R_MCFG(p)           (0x080 + 0x30 * (p))
#define R_MR(p)             (0x084 + 0x30 * (p))
#define R_EMR2(p)           (0x08C + 0x30 * (p))
#define R_ACTIM_A(p)        (0x09C + 0x28 * (p))
#define R_ACTIM_B(p)        (0x0A0 + 0x28 * (p))
#define R_RFR_CTRL(p)       (0x0A4 + 0x30 * (p))
#define R_MANUAL(p)         (0x0A8 + 0x30 * (p))

/* The OMAP3 SDRC is IP revision 4.0 (believed; Linux does not read it). */
#define OMAP3_SDRC_REV      0x00000040

/* SYSCONFIG: AUTOIDLE 0, SOFTRESET 1, SIDLEMODE 4:3, NOMEMORYMRS 8 */
#define SYSCONFIG_SOFTRESET BIT(1)
#define SYSCONFIG_MASK      0x0000011B
#define SYSSTATUS_RESETDONE BIT(0)

/* DLLx_CTRL: LOCKDLL (bit 2, fixed-delay "lock" mode), ENADLL (bit 3) */
#define DLL_CTRL_LOCKDLL    BIT(2)
#define DLL_CTRL_ENADLL     BIT(3)
#define DLL_STATUS_LOCKED   BIT(2)

/*
 * Field layout of SDRC_POWER (sdrc.c, sdrc.h), SDRC_MCFG, SDRC_MR,
 * SDRC_ACTIM_CTRLA/B and SDRC_RFR_CTRL.  The ACTIM/RFR layout is the one
 * Linux used to compute them itself, in sdrc_timings() of
 * arch/arm/mach-omap2/sdram-nokia.c (Linux up to v3.x): tDAL 4:0,
 * tDPL 8:6, tRRD 11:9, tRCD 14:12, tRP 17:15, tRAS 21:18, tRC 26:22,
 * tRFC 31:27; tXSR 7:0, tXP 10:8, tCKE 14:12, tWTR 17:16; RFR_CTRL =
 * ARCV << 8 | ARE.
 */
#define ACTIM_A(trfc, trc, tras, trp, trcd, trrd, tdpl, tdal) \
    (((uint32_t)(trfc) << 27) | ((trc) << 22) | ((tras) << 18) | \
     ((trp) << 15) | ((trcd) << 12) | ((trrd) << 9) | ((tdpl) << 6) | (tdal))
#define ACTIM_B(twtr, tcke, txp, txsr) \
    (((twtr) << 16) | ((tcke) << 12) | ((txp) << 8) | (txsr))
#define RFR_CTRL(arcv, are) (((arcv) << 8) | (are))

/*
 * Reset values: what the boot loader leaves for the N9's LPDDR at 195.2 MHz
 * (hardware-facts.md, SDRAM: CAS 3, tRCD 20 ns, tRP 15 ns, tRAS 41 ns,
 * tRC 56 ns, tRFC 138 ns, a refresh every 7.49 us).  The cycle counts come
 * from Nokia's own 195.2 MHz table (nokia_195dot2mhz_timings in
 * sdram-nokia.c: tDAL 30725 ps, tDPL 15362, tRRD 10241, tRCD 20483,
 * tRP 15362, tRAS 40967, tRC 56330, tRFC 138266, tXSR 204839 ps,
 * tREF 7752 ns, tXP 2, tCKE 4, tWTR 2 cycles), rounded up to whole
 * 5.123 ns cycles as sdrc_timings() does:
 *   tRFC 27 (138.3 ns), tRC 11 (56.4 ns), tRAS 8 (41.0 ns), tRP 3 (15.4 ns),
 *   tRCD 4 (20.5 ns), tRRD 2, tDPL (tWR) 3, tDAL 6, tXSR 40 (204.9 ns),
 *   tXP 2, tCKE 4, tWTR 2;
 *   ARCV = 7752 ns * 195.2 MHz - 50 = 1463 cycles = 7.49 us, one
 *   auto-refresh per expiry (ARE = 1).
 * These reproduce every figure of hardware-facts.md.
 */
#define N9_ACTIM_A          ACTIM_A(27, 11, 8, 3, 4, 2, 3, 6)   /* 0xDAE1C4C6 */
#define N9_ACTIM_B          ACTIM_B(2, 4, 2, 40)                /* 0x00024228 */
#define N9_RFR_CTRL         RFR_CTRL(1463, 1)                   /* 0x0005B701 */
/* MR: CAS latency 3 (6:4), burst length 4 (2:0 = 2), as sdram-nokia.c. */
#define N9_MR               0x00000032
/*
 * MCFG: LPDDR (RAMTYPE 1), deep power-down supported (bit 3), 32-bit
 * (bit 4), row-bank-column allocation (7:6 = 2), RAMSIZE 512 MB in 2 MB
 * units (17:8), flexible address mux (bit 19), 11 column bits (22:20 =
 * width - 5) and 14 row bits (26:24 = width - 11).  The row/column split of
 * the N9's parts is not published: 4 banks x 14 rows x 11 columns x 32 bits
 * is the 512 MB geometry assumed here.
 */
#define N9_MCFG             0x03690099
/* CS1 starts 512 MB after CS0: CS1STARTHIGH (3:0) = 4 x 128 MB. */
#define N9_CS_CFG           0x00000004
/* SHARING: SDRCTRISTATE (bit 8), CS0 on the 32-bit data bus. */
#define N9_SHARING          0x00000100
/* DLLA enabled (ENADLL) in unlocked mode with a 90 degree phase (bit 1). */
#define N9_DLLA_CTRL        0x0000000A
/*
 * SDRC_POWER as a boot loader leaves it: SRFRONRESET (bit 7) and
 * PAGEPOLICY (bit 0).  Linux then writes 0x9 (omap2_sdrc_init).
 */
#define N9_POWER            0x00000081
/* SIDLEMODE = smart idle. */
#define N9_SYSCONFIG        0x00000010

/*
 * The configuration in a form a SDRAM timing model can use: plain C, no
 * QEMU types, all times in SDRC clock cycles.
 */
typedef struct Omap3SdrcPowerConfig {
    bool page_policy;       /* PAGEPOLICY (bit 0) */
    bool pwdena;            /* PWDENA (bit 2): active power-down */
    bool extclkdis;         /* EXTCLKDIS (bit 3) */
    /*
     * CLKCTRL (5:4): what happens after AUTOCOUNT idle cycles: 0 nothing,
     * 1 power-down, 2 self-refresh.
     */
    uint8_t clkctrl;
    bool srfr_on_idle_req;  /* SRFRONIDLEREQ (bit 6) */
    bool srfr_on_reset;     /* SRFRONRESET (bit 7) */
    uint16_t autocount;     /* AUTOCOUNT (23:8), idle cycles */
} Omap3SdrcPowerConfig;

typedef struct Omap3SdrcCsConfig {
    /* MCFG */
    uint32_t ram_size_mb;   /* 0: chip select unused */
    uint8_t ram_type;       /* 0 SDR, 1 LPDDR */
    bool deep_power_down;
    uint8_t data_width;     /* bits: 16 or 32 */
    uint8_t bank_allocation;
    uint8_t row_bits;
    uint8_t col_bits;
    /* MR */
    uint8_t cas_latency;    /* cycles */
    uint8_t burst_length;   /* beats, 0 if reserved */
    /* ACTIM_CTRLA */
    uint8_t tdal, tdpl, trrd, trcd, trp, tras, trc, trfc;
    /* ACTIM_CTRLB */
    uint8_t txsr, txp, tcke, twtr;
    /* RFR_CTRL */
    uint32_t refresh_interval;  /* ARCV: cycles between auto-refreshes */
    uint8_t refresh_burst;      /* ARE: commands per expiry, 0 = off */
} Omap3SdrcCsConfig;

typedef struct Omap3SdrcConfig {
    Omap3SdrcPowerConfig power;
    bool dll_enabled;
    bool dll_lock_mode;
    Omap3SdrcCsConfig cs[OMAP3_SDRC_NUM_CS];
} Omap3SdrcConfig;

typedef struct OMAP3SdrcCsRegs {
    uint32_t mcfg;
    uint32_t mr;
    uint32_t emr2;
    uint32_t actim_a;
    uint32_t actim_b;
    uint32_t rfr_ctrl;
    uint32_t manual;
} OMAP3SdrcCsRegs;

struct OMAP3SdrcState {
    SysBusDevice parent_obj;

    MemoryRegion iomem;
    Clock *fclk;            /* the L3 clock (SDRAM clock), from the PRCM */

    uint32_t sysconfig;
    uint32_t cs_cfg;
    uint32_t sharing;
    uint32_t err_addr;
    uint32_t err_type;
    uint32_t dlla_ctrl;
    uint32_t dllb_ctrl;
    uint32_t power;
    OMAP3SdrcCsRegs cs[OMAP3_SDRC_NUM_CS];

    /* Derived from the registers by omap3_sdrc_decode(); not migrated. */
    Omap3SdrcConfig cfg;
};

/*
 * The ACTIM_CTRLA/B timing fields, in SDRC clock cycles, with the layout
 * that ACTIM_A() and ACTIM_B() encode: one table for the decoder and for
 * the "cs<p>-<name>" QOM properties.
 */
typedef struct Omap3SdrcTimingField {
    const char *name;
    size_t cfg;             /* its uint8_t in Omap3SdrcCsConfig */
    size_t reg;             /* its register in OMAP3SdrcCsRegs */
    uint8_t shift;
    uint8_t len;
} Omap3SdrcTimingField;

#define TIMING(f, r, shift, len) \
    { #f, offsetof(Omap3SdrcCsConfig, f), offsetof(OMAP3SdrcCsRegs, r), \
      (shift), (len) }

static const Omap3SdrcTimingField omap3_sdrc_timings[] = {
    TIMING(tdal, actim_a, 0, 5),
    TIMING(tdpl, actim_a, 6, 3),
    TIMING(trrd, actim_a, 9, 3),
    TIMING(trcd, actim_a, 12, 3),
    TIMING(trp, actim_a, 15, 3),
    TIMING(tras, actim_a, 18, 4),
    TIMING(trc, actim_a, 22, 5),
    TIMING(trfc, actim_a, 27, 5),
    TIMING(txsr, actim_b, 0, 8),
    TIMING(txp, actim_b, 8, 3),
    TIMING(tcke, actim_b, 12, 3),
    TIMING(twtr, actim_b, 16, 2),
};

static void omap3_sdrc_decode(OMAP3SdrcState *s)
{
    Omap3SdrcConfig *c = &s->cfg;
    size_t i;
    int p;

    c->power.page_policy = extract32(s->power, 0, 1);
    c->power.pwdena = extract32(s->power, 2, 1);
    c->power.extclkdis = extract32(s->power, 3, 1);
    c->power.clkctrl = extract32(s->power, 4, 2);
    c->power.srfr_on_idle_req = extract32(s->power, 6, 1);
    c->power.srfr_on_reset = extract32(s->power, 7, 1);
    c->power.autocount = extract32(s->power, 8, 16);

    c->dll_enabled = s->dlla_ctrl & DLL_CTRL_ENADLL;
    c->dll_lock_mode = s->dlla_ctrl & DLL_CTRL_LOCKDLL;

    for (p = 0; p < OMAP3_SDRC_NUM_CS; p++) {
        OMAP3SdrcCsRegs *r = &s->cs[p];
        Omap3SdrcCsConfig *cs = &c->cs[p];
        unsigned bl = extract32(r->mr, 0, 3);

        cs->ram_type = extract32(r->mcfg, 0, 2);
        cs->deep_power_down = extract32(r->mcfg, 3, 1);
        cs->data_width = extract32(r->mcfg, 4, 1) ? 32 : 16;
        cs->bank_allocation = extract32(r->mcfg, 6, 2);
        cs->ram_size_mb = extract32(r->mcfg, 8, 10) * 2;
        cs->col_bits = extract32(r->mcfg, 20, 3) + 5;
        cs->row_bits = extract32(r->mcfg, 24, 3) + 11;

        cs->cas_latency = extract32(r->mr, 4, 3);
        cs->burst_length = (bl >= 1 && bl <= 3) ? 1 << bl : 0;

        for (i = 0; i < ARRAY_SIZE(omap3_sdrc_timings); i++) {
            const Omap3SdrcTimingField *t = &omap3_sdrc_timings[i];
            uint32_t reg = *(uint32_t *)((uint8_t *)r + t->reg);

            *((uint8_t *)cs + t->cfg) = extract32(reg, t->shift, t->len);
        }

        cs->refresh_interval = extract32(r->rfr_ctrl, 8, 16);
        switch (extract32(r->rfr_ctrl, 0, 2)) {
        case 0:
            cs->refresh_burst = 0;
            break;
        case 1:
            cs->refresh_burst = 1;
            break;
        case 2:
            cs->refresh_burst = 4;
            break;
        default:
            cs->refresh_burst = 8;
            break;
        }
    }
}

static void omap3_sdrc_reset_regs(OMAP3SdrcState *s)
{
    int p;

    s->sysconfig = N9_SYSCONFIG;
    s->cs_cfg = N9_CS_CFG;
    s->sharing = N9_SHARING;
    s->err_addr = 0;
    s->err_type = 0;
    s->dlla_ctrl = N9_DLLA_CTRL;
    s->dllb_ctrl = 0;
    s->power = N9_POWER;
    for (p = 0; p < OMAP3_SDRC_NUM_CS; p++) {
        s->cs[p] = (OMAP3SdrcCsRegs) {
            .mcfg = N9_MCFG,
            .mr = N9_MR,
            .emr2 = 0,
            .actim_a = N9_ACTIM_A,
            .actim_b = N9_ACTIM_B,
            .rfr_ctrl = N9_RFR_CTRL,
            .manual = 0,
        };
    }
    omap3_sdrc_decode(s);
}

/*
 * Locate a per-chip-select register: returns a pointer to its storage and
 * sets *cs, or NULL.
 */
static uint32_t *omap3_sdrc_cs_reg(OMAP3SdrcState *s, hwaddr offset, int *cs)
{
    int p;

    for (p = 0; p < OMAP3_SDRC_NUM_CS; p++) {
        OMAP3SdrcCsRegs *r = &s->cs[p];

        *cs = p;
        if (offset == R_MCFG(p)) {
            return &r->mcfg;
        } else if (offset == R_MR(p)) {
            return &r->mr;
        } else if (offset == R_EMR2(p)) {
            return &r->emr2;
        } else if (offset == R_ACTIM_A(p)) {
            return &r->actim_a;
        } else if (offset == R_ACTIM_B(p)) {
            return &r->actim_b;
        } else if (offset == R_RFR_CTRL(p)) {
            return &r->rfr_ctrl;
        } else if (offset == R_MANUAL(p)) {
            return &r->manual;
        }
    }
    return NULL;
}

/* Returns false if there is no register at @offset. */
static bool omap3_sdrc_read_word(OMAP3SdrcState *s, hwaddr offset,
                                 uint32_t *val)
{
    uint32_t *reg;
    int cs;

    switch (offset) {
    case R_REVISION:
        *val = OMAP3_SDRC_REV;
        return true;
    case R_SYSCONFIG:
        *val = s->sysconfig;
        return true;
    case R_SYSSTATUS:
        /* The soft reset completes at once. */
        *val = SYSSTATUS_RESETDONE;
        return true;
    case R_CS_CFG:
        *val = s->cs_cfg;
        return true;
    case R_SHARING:
        *val = s->sharing;
        return true;
    case R_ERR_ADDR:
        *val = s->err_addr;
        return true;
    case R_ERR_TYPE:
        *val = s->err_type;
        return true;
    case R_DLLA_CTRL:
        *val = s->dlla_ctrl;
        return true;
    case R_DLLA_STATUS:
        /*
         * omap3_do_wfi (sleep34xx.S), after a non-OFF wake-up with the DLL
         * in unlocked mode, polls LOCKED 8 times and then toggles ENADLL
         * and retries, forever.  The modelled DLL locks as soon as it is
         * enabled.
         */
        *val = (s->dlla_ctrl & DLL_CTRL_ENADLL) ? DLL_STATUS_LOCKED : 0;
        return true;
    case R_DLLB_CTRL:
        *val = s->dllb_ctrl;
        return true;
    case R_DLLB_STATUS:
        *val = (s->dllb_ctrl & DLL_CTRL_ENADLL) ? DLL_STATUS_LOCKED : 0;
        return true;
    case R_POWER:
        *val = s->power;
        return true;
    default:
        reg = omap3_sdrc_cs_reg(s, offset, &cs);
        if (reg) {
            *val = *reg;
            return true;
        }
        return false;
    }
}

static void omap3_sdrc_write_power(OMAP3SdrcState *s, uint32_t val)
{
    uint32_t old = s->power;

    s->power = val;
    omap3_sdrc_decode(s);
    trace_omap3_sdrc_power(old, val, s->cfg.power.clkctrl,
                           s->cfg.power.autocount,
                           s->cfg.power.srfr_on_idle_req,
                           s->cfg.power.pwdena);
}

static bool omap3_sdrc_write_word(OMAP3SdrcState *s, hwaddr offset,
                                  uint32_t val)
{
    uint32_t *reg;
    int cs;

    switch (offset) {
    case R_REVISION:
    case R_SYSSTATUS:
    case R_ERR_ADDR:
    case R_DLLA_STATUS:
    case R_DLLB_STATUS:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "%s: write to read-only register 0x%03" HWADDR_PRIx
                      "\n", __func__, offset);
        return true;
    case R_SYSCONFIG:
        if (val & SYSCONFIG_SOFTRESET) {
            /* Back to the reset values; SOFTRESET reads back 0 at once. */
            trace_omap3_sdrc_softreset();
            omap3_sdrc_reset_regs(s);
            return true;
        }
        s->sysconfig = val & SYSCONFIG_MASK;
        return true;
    case R_CS_CFG:
        s->cs_cfg = val;
        return true;
    case R_SHARING:
        s->sharing = val;
        return true;
    case R_ERR_TYPE:
        s->err_type = val;
        return true;
    case R_DLLA_CTRL:
        s->dlla_ctrl = val;
        omap3_sdrc_decode(s);
        return true;
    case R_DLLB_CTRL:
        s->dllb_ctrl = val;
        return true;
    case R_POWER:
        omap3_sdrc_write_power(s, val);
        return true;
    default:
        reg = omap3_sdrc_cs_reg(s, offset, &cs);
        if (!reg) {
            return false;
        }
        *reg = val;
        omap3_sdrc_decode(s);
        if (reg == &s->cs[cs].manual) {
            /* A command to the SDRAM (CMDCODE 3:0): no effect on RAM. */
            trace_omap3_sdrc_manual(cs, val);
        } else if (reg == &s->cs[cs].mr) {
            /* Writing MR issues a mode register set to the SDRAM. */
            trace_omap3_sdrc_mode_register(cs, val);
        }
        return true;
    }
}

static uint64_t omap3_sdrc_read(void *opaque, hwaddr addr, unsigned size)
{
    OMAP3SdrcState *s = opaque;
    uint32_t word;
    uint64_t val;

    if (!omap3_sdrc_read_word(s, addr & ~3, &word)) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: no register at 0x%03"
                      HWADDR_PRIx "\n", __func__, addr);
        return 0;
    }
    val = omap3_lane_read(word, addr, size);
    trace_omap3_sdrc_read(addr, size, val);
    return val;
}

static void omap3_sdrc_write(void *opaque, hwaddr addr, uint64_t value,
                             unsigned size)
{
    OMAP3SdrcState *s = opaque;
    hwaddr offset = addr & ~3;
    uint32_t word = 0;

    trace_omap3_sdrc_write(addr, size, value);
    /* Narrow writes update their byte lanes only. */
    if (!omap3_sdrc_read_word(s, offset, &word) ||
        !omap3_sdrc_write_word(s, offset, omap3_lane_merge(word, addr, size, value))) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: no register at 0x%03"
                      HWADDR_PRIx "\n", __func__, addr);
    }
}

static const MemoryRegionOps omap3_sdrc_ops = {
    .read = omap3_sdrc_read,
    .write = omap3_sdrc_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 1,
        .max_access_size = 4,
    },
    .impl = {
        .min_access_size = 1,
        .max_access_size = 4,
    },
};

static void omap3_sdrc_reset_hold(Object *obj, ResetType type)
{
    omap3_sdrc_reset_regs(OMAP3_SDRC(obj));
}

static int omap3_sdrc_post_load(void *opaque, int version_id)
{
    omap3_sdrc_decode(opaque);
    return 0;
}

static bool omap3_sdrc_get_srfr_on_idle_req(Object *obj, Error **errp)
{
    return OMAP3_SDRC(obj)->cfg.power.srfr_on_idle_req;
}

static bool omap3_sdrc_get_pwdena(Object *obj, Error **errp)
{
    return OMAP3_SDRC(obj)->cfg.power.pwdena;
}

static bool omap3_sdrc_get_dll_enabled(Object *obj, Error **errp)
{
    return OMAP3_SDRC(obj)->cfg.dll_enabled;
}

/* A read-only property "cs<p>-<field>" ('_' as '-') of the decoded config */
static void omap3_sdrc_add_cs_u8(Object *obj, int p, const char *field,
                                 uint8_t *v)
{
    g_autofree char *name = g_strdup_printf("cs%d-%s", p, field);

    g_strdelimit(name, "_", '-');
    object_property_add_uint8_ptr(obj, name, v, OBJ_PROP_FLAG_READ);
}

static void omap3_sdrc_init(Object *obj)
{
    OMAP3SdrcState *s = OMAP3_SDRC(obj);
    Omap3SdrcConfig *c = &s->cfg;
    int p;

    memory_region_init_io(&s->iomem, obj, &omap3_sdrc_ops, s,
                          TYPE_OMAP3_SDRC, OMAP3_SDRC_SIZE);
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->iomem);
    s->fclk = qdev_init_clock_in(DEVICE(obj), "fclk", NULL, NULL, 0);

    /* The decoded configuration, readable with qom-get. */
    object_property_add_uint8_ptr(obj, "power-clkctrl", &c->power.clkctrl,
                                  OBJ_PROP_FLAG_READ);
    object_property_add_uint16_ptr(obj, "power-autocount",
                                   &c->power.autocount, OBJ_PROP_FLAG_READ);
    object_property_add_bool(obj, "power-srfr-on-idle-req",
                             omap3_sdrc_get_srfr_on_idle_req, NULL);
    object_property_add_bool(obj, "power-pwdena", omap3_sdrc_get_pwdena,
                             NULL);
    object_property_add_bool(obj, "dll-enabled", omap3_sdrc_get_dll_enabled,
                             NULL);
    for (p = 0; p < OMAP3_SDRC_NUM_CS; p++) {
        Omap3SdrcCsConfig *cs = &c->cs[p];
        static const struct {
            const char *name;
            size_t offset;
        } u8_fields[] = {
#define CS_FIELD(f) { #f, offsetof(Omap3SdrcCsConfig, f) }
            CS_FIELD(cas_latency), CS_FIELD(burst_length),
            CS_FIELD(row_bits), CS_FIELD(col_bits), CS_FIELD(data_width),
            CS_FIELD(refresh_burst),
#undef CS_FIELD
        };
        g_autofree char *size_name = g_strdup_printf("cs%d-ram-size-mb", p);
        g_autofree char *rfr_name =
            g_strdup_printf("cs%d-refresh-interval", p);

        for (size_t i = 0; i < ARRAY_SIZE(u8_fields); i++) {
            omap3_sdrc_add_cs_u8(obj, p, u8_fields[i].name,
                                 (uint8_t *)cs + u8_fields[i].offset);
        }
        for (size_t i = 0; i < ARRAY_SIZE(omap3_sdrc_timings); i++) {
            omap3_sdrc_add_cs_u8(obj, p, omap3_sdrc_timings[i].name,
                                 (uint8_t *)cs + omap3_sdrc_timings[i].cfg);
        }
        object_property_add_uint32_ptr(obj, size_name, &cs->ram_size_mb,
                                       OBJ_PROP_FLAG_READ);
        object_property_add_uint32_ptr(obj, rfr_name, &cs->refresh_interval,
                                       OBJ_PROP_FLAG_READ);
    }
}

static const VMStateDescription vmstate_omap3_sdrc_cs = {
    .name = TYPE_OMAP3_SDRC "-cs",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(mcfg, OMAP3SdrcCsRegs),
        VMSTATE_UINT32(mr, OMAP3SdrcCsRegs),
        VMSTATE_UINT32(emr2, OMAP3SdrcCsRegs),
        VMSTATE_UINT32(actim_a, OMAP3SdrcCsRegs),
        VMSTATE_UINT32(actim_b, OMAP3SdrcCsRegs),
        VMSTATE_UINT32(rfr_ctrl, OMAP3SdrcCsRegs),
        VMSTATE_UINT32(manual, OMAP3SdrcCsRegs),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_omap3_sdrc = {
    .name = TYPE_OMAP3_SDRC,
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = omap3_sdrc_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(sysconfig, OMAP3SdrcState),
        VMSTATE_UINT32(cs_cfg, OMAP3SdrcState),
        VMSTATE_UINT32(sharing, OMAP3SdrcState),
        VMSTATE_UINT32(err_addr, OMAP3SdrcState),
        VMSTATE_UINT32(err_type, OMAP3SdrcState),
        VMSTATE_UINT32(dlla_ctrl, OMAP3SdrcState),
        VMSTATE_UINT32(dllb_ctrl, OMAP3SdrcState),
        VMSTATE_UINT32(power, OMAP3SdrcState),
        VMSTATE_STRUCT_ARRAY(cs, OMAP3SdrcState, OMAP3_SDRC_NUM_CS, 1,
                             vmstate_omap3_sdrc_cs, OMAP3SdrcCsRegs),
        VMSTATE_CLOCK(fclk, OMAP3SdrcState),
        VMSTATE_END_OF_LIST()
    },
};

static void omap3_sdrc_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->vmsd = &vmstate_omap3_sdrc;
    rc->phases.hold = omap3_sdrc_reset_hold;
}

static const TypeInfo omap3_sdrc_info = {
    .name = TYPE_OMAP3_SDRC,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3SdrcState),
    .instance_init = omap3_sdrc_init,
    .class_init = omap3_sdrc_class_init,
};

static void omap3_sdrc_register_types(void)
{
    type_register_static(&omap3_sdrc_info);
}

type_init(omap3_sdrc_register_types)
