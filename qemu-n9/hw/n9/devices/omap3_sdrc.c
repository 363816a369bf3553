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
 * Modelled: every register as storage with the reset values the N9's boot
 * loader leaves (the model's SDRC_N9_*: Nokia's 195.2 MHz table), the
 * SYSCONFIG soft-reset handshake, DLLA/DLLB_STATUS.LOCKED reading 1
 * whenever the DLL is enabled (omap3_do_wfi otherwise kicks the DLL
 * forever), and the SDRAM timing: the device owns a models/sdrc model,
 * hands it the decoded registers whenever the guest writes them (and the
 * L3 clock whenever its rate changes), and tells it when the PRCM's idle
 * request comes and goes (CORE_L3 idle, CORE RET/OFF).  The memory path
 * calls the model for every access that leaves the L2
 * (omap3_sdrc_model()).  The decoded registers, the model's clock and its
 * counters are QOM properties; every SDRC_POWER write and idle request is
 * traced.
 * Not modelled: the memory itself (RAM is a plain QEMU RAM region), MANUAL
 * commands (stored and traced only), error capture (ERR_ADDR/ERR_TYPE stay
 * 0), the DLL's lock time (LOCKED at once; [sdrc] dll_relock_ns charges
 * one to the SDRAM instead).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bitops.h"
#include "qemu/timer.h"
#include "qemu/error-report.h"
#include "hw/core/cpu.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "hw/sysbus.h"
#include "hw/clock.h"
#include "hw/qdev-clock.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "omap3630.h"
#include "omap3_lanes.h"
#include "omap3_prcm.h"
#include "omap3_sdrc.h"
#include "omap3_sdrc_regs.h"
#include "models/prcm/pwrdm.h"
#include "n9_timing.h"
#include "n9_record.h"
#include "trace.h"

#define OMAP3_SDRC_SIZE     0x1000

/* Registers: omap3_sdrc_regs.h */

/* The OMAP3 SDRC is IP revision 4.0 (believed; Linux does not read it). */
#define OMAP3_SDRC_REV      0x00000040

/* SYSCONFIG's writable bits (SOFTRESET reads 0) */
#define SYSCONFIG_MASK      (R_SDRC_SYSCONFIG_AUTOIDLE_MASK | \
                             R_SDRC_SYSCONFIG_SIDLEMODE_MASK | \
                             R_SDRC_SYSCONFIG_NOMEMORYMRS_MASK)

/*
 * Reset values: what the N9's boot loader leaves (models/sdrc/sdrc.h:
 * SDRC_N9_* from Nokia's nokia_195dot2mhz_timings, which give every SDRAM
 * figure of docs/facts.md), except SDRC_POWER:
 * SRFRONRESET (bit 7) | PAGEPOLICY (bit 0) is a guess of the boot loader's
 * value; Linux writes 0x9 over it at once (omap2_sdrc_init).
 */
#define N9_POWER            0x00000081
/* SHARING: SDRCTRISTATE (bit 8), CS0 on the 32-bit data bus. */
#define N9_SHARING          0x00000100
/* SIDLEMODE = smart idle. */
#define N9_SYSCONFIG        0x00000010

/* The registers that shape timing, in the model's form. */
static void omap3_sdrc_regs(OMAP3SDRCState *s, SdrcRegs *r)
{
    int p;

    r->power = s->power;
    r->cs_cfg = s->cs_cfg;
    r->dlla_ctrl = s->dlla_ctrl;
    for (p = 0; p < OMAP3_SDRC_NUM_CS; p++) {
        r->mcfg[p] = s->cs[p].mcfg;
        r->mr[p] = s->cs[p].mr;
        r->actim_a[p] = s->cs[p].actim_a;
        r->actim_b[p] = s->cs[p].actim_b;
        r->rfr_ctrl[p] = s->cs[p].rfr_ctrl;
    }
}

static uint64_t omap3_sdrc_now(void)
{
    return qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
}

/* The registers decoded at the clock's rate; with @overrides, the [sdram]
 * overrides put over them. */
static void omap3_sdrc_decode(OMAP3SDRCState *s, SdrcConfig *c,
                              bool overrides)
{
    SdrcRegs r;

    omap3_sdrc_regs(s, &r);
    sdrc_decode(&r, clock_get_hz(s->fclk), c);
    if (overrides && s->overrides) {
        n9_timing_sdram_apply(s->overrides, c);
    }
}

/*
 * models/sdrc has one writer at a time.  Once the memory path shares the
 * model (omap3_sdrc_share_with_vcpu), it calls it from the vCPU thread
 * without the BQL, so the device's own updates (register writes, the
 * clock, the PRCM's events) must come from that thread too, or from
 * another while the vCPU is out of its execution loop (reset, a
 * snapshot's load, the main loop between two executions).  Without the
 * memory path the BQL is enough.  A write from beside a running vCPU is
 * counted ("cross_thread_writes" in the statistics; the tests require
 * none) and reported once.
 */
static void omap3_sdrc_check_writer(OMAP3SDRCState *s)
{
    CPUState *cpu = first_cpu;

    if (s->vcpu_shared && cpu && !qemu_cpu_is_self(cpu) &&
        qatomic_read(&cpu->running)) {
        s->cross_thread_writes++;
        warn_report_once("omap3-sdrc: the SDRAM model was updated from a "
                         "second thread while the vCPU ran");
    }
}

/* The registers or the clock changed: the model takes them from now on. */
static void omap3_sdrc_update(OMAP3SDRCState *s)
{
    SdrcConfig c;

    omap3_sdrc_check_writer(s);

    omap3_sdrc_decode(s, &c, true);
    if (unlikely(n9_record_writer)) {
        n9_record_sdrc_config(&c, omap3_sdrc_now(), false);
    }
    sdrc_set_config(&s->model, &c, omap3_sdrc_now());
}

static void omap3_sdrc_reset_regs(OMAP3SDRCState *s)
{
    int p;

    s->sysconfig = N9_SYSCONFIG;
    s->cs_cfg = SDRC_N9_CS_CFG;
    s->sharing = N9_SHARING;
    s->err_addr = 0;
    s->err_type = 0;
    s->dlla_ctrl = SDRC_N9_DLLA_CTRL;
    s->dllb_ctrl = 0;
    s->power = N9_POWER;
    for (p = 0; p < OMAP3_SDRC_NUM_CS; p++) {
        s->cs[p] = (OMAP3SDRCCsRegs) {
            .mcfg = SDRC_N9_MCFG,
            .mr = SDRC_N9_MR,
            .emr2 = 0,
            .actim_a = SDRC_N9_ACTIM_A,
            .actim_b = SDRC_N9_ACTIM_B,
            .rfr_ctrl = SDRC_N9_RFR_CTRL,
            .manual = 0,
        };
    }
    omap3_sdrc_update(s);
}

/*
 * Locate a per-chip-select register: returns a pointer to its storage and
 * sets *cs, or NULL.
 */
static uint32_t *omap3_sdrc_cs_reg(OMAP3SDRCState *s, hwaddr offset, int *cs)
{
    int p;

    for (p = 0; p < OMAP3_SDRC_NUM_CS; p++) {
        OMAP3SDRCCsRegs *r = &s->cs[p];

        *cs = p;
        if (offset == OMAP3_SDRC_CS_REG(MCFG, p)) {
            return &r->mcfg;
        } else if (offset == OMAP3_SDRC_CS_REG(MR, p)) {
            return &r->mr;
        } else if (offset == OMAP3_SDRC_CS_REG(EMR2, p)) {
            return &r->emr2;
        } else if (offset == OMAP3_SDRC_ACTIM_REG(A, p)) {
            return &r->actim_a;
        } else if (offset == OMAP3_SDRC_ACTIM_REG(B, p)) {
            return &r->actim_b;
        } else if (offset == OMAP3_SDRC_CS_REG(RFR_CTRL, p)) {
            return &r->rfr_ctrl;
        } else if (offset == OMAP3_SDRC_CS_REG(MANUAL, p)) {
            return &r->manual;
        }
    }
    return NULL;
}

/* Returns false if there is no register at @offset. */
static bool omap3_sdrc_read_word(OMAP3SDRCState *s, hwaddr offset,
                                 uint32_t *val)
{
    uint32_t *reg;
    int cs;

    switch (offset) {
    case A_SDRC_REVISION:
        *val = OMAP3_SDRC_REV;
        return true;
    case A_SDRC_SYSCONFIG:
        *val = s->sysconfig;
        return true;
    case A_SDRC_SYSSTATUS:
        /* The soft reset completes at once. */
        *val = R_SDRC_SYSSTATUS_RESETDONE_MASK;
        return true;
    case A_SDRC_CS_CFG:
        *val = s->cs_cfg;
        return true;
    case A_SDRC_SHARING:
        *val = s->sharing;
        return true;
    case A_SDRC_ERR_ADDR:
        *val = s->err_addr;
        return true;
    case A_SDRC_ERR_TYPE:
        *val = s->err_type;
        return true;
    case A_SDRC_DLLA_CTRL:
        *val = s->dlla_ctrl;
        return true;
    case A_SDRC_DLLA_STATUS:
        /*
         * omap3_do_wfi (sleep34xx.S), after a non-OFF wake-up with the DLL
         * in unlocked mode, polls LOCKED 8 times and then toggles ENADLL
         * and retries, forever.  The modelled DLL locks as soon as it is
         * enabled.
         */
        *val = (s->dlla_ctrl & R_SDRC_DLLA_CTRL_ENADLL_MASK) ?
               R_SDRC_DLLA_STATUS_LOCKSTATUS_MASK : 0;
        return true;
    case A_SDRC_DLLB_CTRL:
        *val = s->dllb_ctrl;
        return true;
    case A_SDRC_DLLB_STATUS:
        *val = (s->dllb_ctrl & R_SDRC_DLLA_CTRL_ENADLL_MASK) ?
               R_SDRC_DLLA_STATUS_LOCKSTATUS_MASK : 0;
        return true;
    case A_SDRC_POWER:
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

static void omap3_sdrc_write_power(OMAP3SDRCState *s, uint32_t val)
{
    uint32_t old = s->power;
    const SdrcPowerConfig *p = &s->model.cfg.power;

    s->power = val;
    omap3_sdrc_update(s);
    trace_omap3_sdrc_power(old, val, p->clkctrl, p->autocount,
                           p->srfr_on_idle_req, p->pwdena);
}

static bool omap3_sdrc_write_word(OMAP3SDRCState *s, hwaddr offset,
                                  uint32_t val)
{
    uint32_t *reg;
    int cs;

    switch (offset) {
    case A_SDRC_REVISION:
    case A_SDRC_SYSSTATUS:
    case A_SDRC_ERR_ADDR:
    case A_SDRC_DLLA_STATUS:
    case A_SDRC_DLLB_STATUS:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "%s: write to read-only register 0x%03" HWADDR_PRIx
                      "\n", __func__, offset);
        return true;
    case A_SDRC_SYSCONFIG:
        if (val & R_SDRC_SYSCONFIG_SOFTRESET_MASK) {
            /* Back to the reset values; SOFTRESET reads back 0 at once. */
            trace_omap3_sdrc_softreset();
            omap3_sdrc_reset_regs(s);
            return true;
        }
        s->sysconfig = val & SYSCONFIG_MASK;
        return true;
    case A_SDRC_CS_CFG:
        s->cs_cfg = val;
        omap3_sdrc_update(s);
        return true;
    case A_SDRC_SHARING:
        s->sharing = val;
        return true;
    case A_SDRC_ERR_TYPE:
        s->err_type = val;
        return true;
    case A_SDRC_DLLA_CTRL:
        s->dlla_ctrl = val;
        omap3_sdrc_update(s);
        return true;
    case A_SDRC_DLLB_CTRL:
        s->dllb_ctrl = val;
        return true;
    case A_SDRC_POWER:
        omap3_sdrc_write_power(s, val);
        return true;
    default:
        reg = omap3_sdrc_cs_reg(s, offset, &cs);
        if (!reg) {
            return false;
        }
        *reg = val;
        if (reg == &s->cs[cs].manual) {
            /* A command to the SDRAM (CMDCODE 3:0): no effect on RAM. */
            trace_omap3_sdrc_manual(cs, val);
            return true;
        }
        if (reg == &s->cs[cs].mr) {
            /* Writing MR issues a mode register set to the SDRAM. */
            trace_omap3_sdrc_mode_register(cs, val);
        }
        omap3_sdrc_update(s);
        return true;
    }
}

static uint64_t omap3_sdrc_read(void *opaque, hwaddr addr, unsigned size)
{
    OMAP3SDRCState *s = opaque;
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
    OMAP3SDRCState *s = opaque;
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

/* ---- The L3 clock and the PRCM's idle request ---------------------------- */

static void omap3_sdrc_clock_update(void *opaque, ClockEvent event)
{
    omap3_sdrc_update(opaque);
}

/*
 * The PRCM's idle request to the SDRC is on while CORE's L3 clock domain
 * is idle or CORE is in RET or OFF; CORE OFF also holds the SDRAM in
 * self-refresh through the OFF period.  Ask the PRCM for the current
 * state on every CORE_L3 or CORE event (both are current then).
 */
static void omap3_sdrc_prcm_event(Notifier *n, void *data)
{
    OMAP3SDRCState *s = container_of(n, OMAP3SDRCState, prcm_listener);
    OMAP3PRCMEvent *ev = data;
    int core;
    bool idle, off;

    if (!(ev->type == OMAP3_PRCM_CLKDM && ev->clkdm == PRCM_CD_CORE_L3) &&
        !(ev->type == OMAP3_PRCM_PWRST && ev->pwrdm == PRCM_PD_CORE)) {
        return;
    }
    core = omap3_prcm_pwrdm_state(s->prcm, PRCM_PD_CORE);
    idle = core < PRCM_PWRST_ON ||
           !omap3_prcm_clkdm_active(s->prcm, PRCM_CD_CORE_L3);
    off = core == PRCM_PWRST_OFF;
    if (idle == !!s->model.core_idle && off == !!s->core_off) {
        return;
    }
    s->core_off = off;
    trace_omap3_sdrc_idle_request(omap3_sdrc_now(), idle, off,
                                  s->model.cfg.power.srfr_on_idle_req);
    if (unlikely(n9_record_writer)) {
        n9trace_event rev = {
            .type = N9T_SDRC_IDLE, .time_ns = omap3_sdrc_now(),
            .flags = (idle ? N9T_F_IDLE : 0) | (off ? N9T_F_OFF : 0),
        };

        n9_record_put(&rev);
    }
    omap3_sdrc_check_writer(s);
    sdrc_core_idle(&s->model, omap3_sdrc_now(), idle, off);
}

/* ---- The interface for the board and the memory path --------------------- */

SdrcModel *omap3_sdrc_model(DeviceState *dev)
{
    return &OMAP3_SDRC(dev)->model;
}

SdrcModel *omap3_sdrc_share_with_vcpu(DeviceState *dev)
{
    OMAP3SDRCState *s = OMAP3_SDRC(dev);

    s->vcpu_shared = true;
    return &s->model;
}

void omap3_sdrc_set_params(DeviceState *dev, const SdrcParams *p)
{
    OMAP3_SDRC(dev)->params = *p;
}

void omap3_sdrc_set_overrides(DeviceState *dev, const N9SdramOverrides *o)
{
    OMAP3_SDRC(dev)->overrides = o;
}

void omap3_sdrc_configs(DeviceState *dev, SdrcConfig *cfg, SdrcConfig *regs)
{
    OMAP3SDRCState *s = OMAP3_SDRC(dev);

    *cfg = s->model.cfg;
    omap3_sdrc_decode(s, regs, false);
}

/* The counters: models/sdrc's table (name, index, ps shown in ns) */

/* Each chip select's power state, e.g. "cs0=active cs1=self-refresh" */
static const char *omap3_sdrc_power_states(OMAP3SDRCState *s)
{
    static const char *const names[] = {
        [LPDDR_ACTIVE] = "active",
        [LPDDR_POWERDOWN] = "power-down",
        [LPDDR_SELFREFRESH] = "self-refresh",
    };
    static char buf[64];

    snprintf(buf, sizeof(buf), "cs0=%s cs1=%s",
             names[sdrc_rank_state(&s->model, 0)],
             names[sdrc_rank_state(&s->model, 1)]);
    return buf;
}

static uint64_t omap3_sdrc_counter(OMAP3SDRCState *s,
                                   const SdrcCounterKey *c)
{
    return sdrc_counter_value(&s->model, c);
}

QDict *omap3_sdrc_stats(DeviceState *dev)
{
    OMAP3SDRCState *s = OMAP3_SDRC(dev);
    QDict *d = qdict_new(), *p = qdict_new();

    /* the QOM names, with '_' as the rest of the file has them */
    for (size_t i = 0; i < sdrc_num_counter_keys; i++) {
        g_autofree char *key = g_strdup(sdrc_counter_keys[i].name);

        g_strdelimit(key, "-", '_');
        qdict_put_int(d, key, omap3_sdrc_counter(s, &sdrc_counter_keys[i]));
    }
    qdict_put_str(d, "power_states", omap3_sdrc_power_states(s));
    qdict_put_int(d, "cross_thread_writes", s->cross_thread_writes);
    /* the [sdrc] parameters the run used */
    qdict_put_int(p, "dll_relock_ns", s->model.params.dll_relock_ns);
    qdict_put_int(p, "clock_restart_cycles",
                  s->model.params.clock_restart_cycles);
    qdict_put_int(p, "write_latency_cycles",
                  s->model.params.write_latency_cycles);
    qdict_put_int(p, "sr_exit_refreshes", s->model.params.sr_exit_refreshes);
    qdict_put_int(p, "sr_overhead_ns", s->model.params.sr_overhead_ns);
    qdict_put(d, "params", p);
    return d;
}

/* ---- QOM ------------------------------------------------------------------ */

static void omap3_sdrc_reset_hold(Object *obj, ResetType type)
{
    /*
     * The registers go back to the boot loader's values; the SDRAM keeps
     * its state (open rows, self-refresh): a CORE OFF resets the SDRC, not
     * the memory.
     */
    omap3_sdrc_reset_regs(OMAP3_SDRC(obj));
}

static void omap3_sdrc_get_counter(Object *obj, Visitor *v, const char *name,
                                   void *opaque, Error **errp)
{
    uint64_t val = omap3_sdrc_counter(OMAP3_SDRC(obj), opaque);

    visit_type_uint64(v, name, &val, errp);
}

static char *omap3_sdrc_get_power_states(Object *obj, Error **errp)
{
    return g_strdup(omap3_sdrc_power_states(OMAP3_SDRC(obj)));
}

static bool omap3_sdrc_get_srfr_on_idle_req(Object *obj, Error **errp)
{
    return OMAP3_SDRC(obj)->model.cfg.power.srfr_on_idle_req;
}

static bool omap3_sdrc_get_pwdena(Object *obj, Error **errp)
{
    return OMAP3_SDRC(obj)->model.cfg.power.pwdena;
}

static bool omap3_sdrc_get_dll_enabled(Object *obj, Error **errp)
{
    return OMAP3_SDRC(obj)->model.cfg.dll_enabled;
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
    OMAP3SDRCState *s = OMAP3_SDRC(obj);
    SdrcConfig *c = &s->model.cfg;
    int p;

    memory_region_init_io(&s->iomem, obj, &omap3_sdrc_ops, s,
                          TYPE_OMAP3_SDRC, OMAP3_SDRC_SIZE);
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->iomem);
    s->fclk = qdev_init_clock_in(DEVICE(obj), "fclk", omap3_sdrc_clock_update,
                                 s, ClockUpdate);
    s->params = sdrc_default_params;
    sdrc_init(&s->model, &s->params, 0, OMAP3_SDRAM_BASE);

    /* The decoded configuration (the model's), readable with qom-get. */
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
    object_property_add_uint32_ptr(obj, "l3-hz", &c->l3_hz,
                                   OBJ_PROP_FLAG_READ);
    object_property_add_uint32_ptr(obj, "tck-ps", &s->model.cs[0].t.tck,
                                   OBJ_PROP_FLAG_READ);
    for (p = 0; p < OMAP3_SDRC_NUM_CS; p++) {
        SdrcCsConfig *cs = &c->cs[p];
        LpddrTiming *t = &s->model.cs[p].t;
        static const struct {
            const char *name;
            size_t offset;
        } u8_fields[] = {
#define CS_FIELD(f) { #f, offsetof(SdrcCsConfig, f) }
            CS_FIELD(cas_latency), CS_FIELD(burst_length),
            CS_FIELD(row_bits), CS_FIELD(col_bits), CS_FIELD(data_width),
            CS_FIELD(refresh_burst), CS_FIELD(bank_allocation),
            CS_FIELD(tdal), CS_FIELD(tdpl), CS_FIELD(trrd), CS_FIELD(trcd),
            CS_FIELD(trp), CS_FIELD(tras), CS_FIELD(trc), CS_FIELD(trfc),
            CS_FIELD(txsr), CS_FIELD(txp), CS_FIELD(tcke), CS_FIELD(twtr),
#undef CS_FIELD
        }, ps_fields[] = {
            /* the model's timing in ps: the clocks at the L3 rate */
#define PS_FIELD(f) { #f, offsetof(LpddrTiming, f) }
            PS_FIELD(cl), PS_FIELD(trcd), PS_FIELD(trp), PS_FIELD(tras),
            PS_FIELD(trc), PS_FIELD(trfc), PS_FIELD(txsr), PS_FIELD(txp),
#undef PS_FIELD
        };
        g_autofree char *size_name = g_strdup_printf("cs%d-ram-size-mb", p);
        g_autofree char *rfr_name =
            g_strdup_printf("cs%d-refresh-interval", p);
        g_autofree char *refi_name = g_strdup_printf("cs%d-refi-ps", p);

        for (size_t i = 0; i < ARRAY_SIZE(u8_fields); i++) {
            omap3_sdrc_add_cs_u8(obj, p, u8_fields[i].name,
                                 (uint8_t *)cs + u8_fields[i].offset);
        }
        for (size_t i = 0; i < ARRAY_SIZE(ps_fields); i++) {
            g_autofree char *name = g_strdup_printf("cs%d-%s-ps", p,
                                                    ps_fields[i].name);

            object_property_add_uint32_ptr(obj, name,
                                           (uint32_t *)((uint8_t *)t +
                                                        ps_fields[i].offset),
                                           OBJ_PROP_FLAG_READ);
        }
        object_property_add_uint32_ptr(obj, size_name, &cs->ram_size_mb,
                                       OBJ_PROP_FLAG_READ);
        object_property_add_uint32_ptr(obj, rfr_name, &cs->refresh_interval,
                                       OBJ_PROP_FLAG_READ);
        object_property_add_uint64_ptr(obj, refi_name,
                                       &s->model.cs[p].refi_ps,
                                       OBJ_PROP_FLAG_READ);
    }

    /* The model's counters (as of its last access or event) and state */
    for (size_t i = 0; i < sdrc_num_counter_keys; i++) {
        object_property_add(obj, sdrc_counter_keys[i].name, "uint64",
                            omap3_sdrc_get_counter, NULL, NULL,
                            (void *)&sdrc_counter_keys[i]);
    }
    object_property_add_str(obj, "power-states",
                            omap3_sdrc_get_power_states, NULL);
    /* the [sdrc] parameters in force */
    object_property_add_uint32_ptr(obj, "dll-relock-ns",
                                   &s->model.params.dll_relock_ns,
                                   OBJ_PROP_FLAG_READ);
    object_property_add_uint32_ptr(obj, "clock-restart-cycles",
                                   &s->model.params.clock_restart_cycles,
                                   OBJ_PROP_FLAG_READ);
    object_property_add_uint32_ptr(obj, "write-latency-cycles",
                                   &s->model.params.write_latency_cycles,
                                   OBJ_PROP_FLAG_READ);
}

static void omap3_sdrc_realize(DeviceState *dev, Error **errp)
{
    OMAP3SDRCState *s = OMAP3_SDRC(dev);
    const char *why = sdrc_params_check(&s->params);

    if (why) {
        error_setg(errp, "omap3-sdrc: [sdrc] parameters: %s", why);
        return;
    }
    if (!clock_has_source(s->fclk)) {
        error_setg(errp, "omap3-sdrc: clock input 'fclk' not connected");
        return;
    }
    if (!s->prcm) {
        error_setg(errp, "omap3-sdrc: link 'prcm' not set");
        return;
    }
    sdrc_init(&s->model, &s->params, clock_get_hz(s->fclk), s->sdram_base);
    if (s->overrides) {
        SdrcConfig c;

        omap3_sdrc_decode(s, &c, true);
        sdrc_configure(&s->model, &c);
    }
    s->prcm_listener.notify = omap3_sdrc_prcm_event;
    omap3_prcm_add_listener(s->prcm, &s->prcm_listener);
}

static int omap3_sdrc_pre_save(void *opaque)
{
    OMAP3SDRCState *s = opaque;

    sdrc_save(&s->model, s->image);
    return 0;
}

static int omap3_sdrc_post_load(void *opaque, int version_id)
{
    OMAP3SDRCState *s = opaque;
    SdrcConfig c;

    /* the configuration from the registers, then the model's state */
    omap3_sdrc_decode(s, &c, true);
    sdrc_configure(&s->model, &c);
    return sdrc_load(&s->model, s->image) ? 0 : -EINVAL;
}

static const Property omap3_sdrc_properties[] = {
    DEFINE_PROP_LINK("prcm", OMAP3SDRCState, prcm, TYPE_OMAP3_PRCM,
                     OMAP3PRCMState *),
    DEFINE_PROP_UINT64("sdram-base", OMAP3SDRCState, sdram_base,
                       OMAP3_SDRAM_BASE),
};

static const VMStateDescription vmstate_omap3_sdrc_cs = {
    .name = TYPE_OMAP3_SDRC "-cs",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(mcfg, OMAP3SDRCCsRegs),
        VMSTATE_UINT32(mr, OMAP3SDRCCsRegs),
        VMSTATE_UINT32(emr2, OMAP3SDRCCsRegs),
        VMSTATE_UINT32(actim_a, OMAP3SDRCCsRegs),
        VMSTATE_UINT32(actim_b, OMAP3SDRCCsRegs),
        VMSTATE_UINT32(rfr_ctrl, OMAP3SDRCCsRegs),
        VMSTATE_UINT32(manual, OMAP3SDRCCsRegs),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_omap3_sdrc = {
    .name = TYPE_OMAP3_SDRC,
    .version_id = 2,
    .minimum_version_id = 2,
    .pre_save = omap3_sdrc_pre_save,
    .post_load = omap3_sdrc_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(sysconfig, OMAP3SDRCState),
        VMSTATE_UINT32(cs_cfg, OMAP3SDRCState),
        VMSTATE_UINT32(sharing, OMAP3SDRCState),
        VMSTATE_UINT32(err_addr, OMAP3SDRCState),
        VMSTATE_UINT32(err_type, OMAP3SDRCState),
        VMSTATE_UINT32(dlla_ctrl, OMAP3SDRCState),
        VMSTATE_UINT32(dllb_ctrl, OMAP3SDRCState),
        VMSTATE_UINT32(power, OMAP3SDRCState),
        VMSTATE_STRUCT_ARRAY(cs, OMAP3SDRCState, OMAP3_SDRC_NUM_CS, 1,
                             vmstate_omap3_sdrc_cs, OMAP3SDRCCsRegs),
        VMSTATE_CLOCK(fclk, OMAP3SDRCState),
        /* the SDRAM timing model's state and counters */
        VMSTATE_UINT64_ARRAY(image, OMAP3SDRCState, SDRC_IMAGE_WORDS),
        VMSTATE_UINT8(core_off, OMAP3SDRCState),
        VMSTATE_END_OF_LIST()
    },
};

static void omap3_sdrc_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->desc = "OMAP3 SDRAM controller (SDRC) with the LPDDR timing model";
    dc->realize = omap3_sdrc_realize;
    dc->vmsd = &vmstate_omap3_sdrc;
    device_class_set_props(dc, omap3_sdrc_properties);
    rc->phases.hold = omap3_sdrc_reset_hold;
}

static const TypeInfo omap3_sdrc_info = {
    .name = TYPE_OMAP3_SDRC,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3SDRCState),
    .instance_init = omap3_sdrc_init,
    .class_init = omap3_sdrc_class_init,
};

static void omap3_sdrc_register_types(void)
{
    type_register_static(&omap3_sdrc_info);
}

type_init(omap3_sdrc_register_types)
