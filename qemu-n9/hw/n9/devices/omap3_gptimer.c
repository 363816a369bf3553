/*
 * OMAP3 general-purpose timer (GPTIMER1..12), v1 register layout.
 *
 * A 32-bit up-counter (TCRR) clocked by the functional clock "fclk"
 * (32768 Hz or sys_clk, chosen by the CM) through an optional prescaler.
 * When it passes 0xffffffff it overflows: TISR.OVF is set and the counter
 * either reloads TLDR (TCLR.AR) or stops at 0 with TCLR.ST cleared
 * (one-shot).  With TCLR.CE, reaching TMAR sets TISR.MAT.  The interrupt
 * line is TISR & TIER.  Linux uses GPT1 at 32 kHz as its clockevent
 * (drivers/clocksource/timer-ti-dm-systimer.c); the other timers are only
 * reset by ti-sysc / timer-ti-dm.c.
 *
 * The counter is a function of QEMU_CLOCK_VIRTUAL: fclk tick k starts at
 * the first virtual nanosecond ns with floor(ns * hz / 1e9) >= k, the rule
 * of omap3_clock.h that the 32 kHz sync counter also follows, so that a GP
 * timer on the 32 kHz clock ticks together with the sync counter.  The
 * state records the tick at which TCRR held a known value; TCRR, TISR and
 * TCLR.ST are computed from it on every access, and a QEMUTimer is armed
 * only for the next event that changes the interrupt line, so that what
 * the guest reads and when its interrupt arrives always agree, and -icount
 * runs are exact.
 *
 * Modelled: OCP reset handshake (TIOCP_CFG.SOFTRESET, TSICR.SFT, TISTAT),
 * TISR/TIER/TWER, TCLR (ST, AR, PRE/PTV, CE), TCRR, TLDR, TTGR, TMAR,
 * TWPS (posted writes complete at once, so it reads 0), fclk rate changes
 * with a continuous count.  Stored but without effect: wake-up enables,
 * PWM/capture configuration (TCLR bits 7..14; TCAR1/TCAR2 read 0, no
 * capture input), and the 1 ms tick registers of GPT1/2/10 (TPIR, TNIR,
 * TCVR, TOCR, TOWR).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/timer.h"
#include "qapi/error.h"
#include "hw/irq.h"
#include "hw/sysbus.h"
#include "hw/clock.h"
#include "hw/qdev-clock.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "omap3630.h"
#include "omap3_gptimer.h"
#include "omap3_gptimer_regs.h"
#include "omap3_clock.h"
#include "omap3_swakeup.h"
#include "trace.h"

/* Registers: omap3_gptimer_regs.h */

/*
 * TIDR[31:16] = 0 tells Linux this is the v1 register layout
 * (dmtimer_systimer_revision1(), __omap_dm_timer_init_regs()); ti-sysc
 * knows OMAP2/3 timers by the revision 0x13.
 */
#define OMAP3_GPT_TIDR          0x00000013

/* AUTOIDLE, ENAWAKEUP, IDLEMODE, EMUFREE, CLOCKACTIVITY */
#define TIOCP_MASK              0x0000033d

/* The events of TISR, TIER and TWER */
#define INT_MAT                 R_TISR_MAT_MASK
#define INT_OVF                 R_TISR_OVF_MASK
#define INT_MASK                0x7

#define TCLR_PWM_CAPT           0x7f80  /* SCPWM, TCM, TRG, PT, CAPT, GPO */
#define TCLR_MASK               0x7fff

/* Believed reset value: posted mode on (Linux writes TSICR anyway). */
#define TSICR_RESET             R_TSICR_POSTED_MASK

#define TTGR_READ               0xffffffff

#define COUNTER_WRAP            0x100000000ULL

static bool omap3_gpt_has_1ms_regs(OMAP3GPTimerState *s)
{
    return s->id == 1 || s->id == 2 || s->id == 10;
}

/* fclk ticks per counter increment */
static uint64_t omap3_gpt_div(OMAP3GPTimerState *s)
{
    if (!(s->tclr & R_TCLR_PRE_MASK)) {
        return 1;
    }
    return 2 << FIELD_EX32(s->tclr, TCLR, PTV);
}

static bool omap3_gpt_counting(OMAP3GPTimerState *s)
{
    return s->started && s->rate != 0;
}

static uint64_t omap3_gpt_now(OMAP3GPTimerState *s)
{
    return omap3_ns_to_ticks(qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL), s->rate);
}

/*
 * The counter's course, on a copy of its state so that the deadline can be
 * looked ahead without touching the device.
 */
typedef struct OMAP3GPTCourse {
    uint64_t base;
    uint32_t count;
    bool started;
} OMAP3GPTCourse;

/* Increments from c->count to the next event, and that event. */
static uint64_t omap3_gpt_next_event(OMAP3GPTimerState *s,
                                     const OMAP3GPTCourse *c, uint32_t *ev)
{
    if ((s->tclr & R_TCLR_CE_MASK) && s->tmar > c->count) {
        *ev = INT_MAT;
        return s->tmar - c->count;
    }
    *ev = INT_OVF;
    return COUNTER_WRAP - c->count;
}

/* Move the course to the event 'incs' increments ahead; return the TISR
 * bits that it sets. */
static uint32_t omap3_gpt_take_event(OMAP3GPTimerState *s, OMAP3GPTCourse *c,
                                     uint32_t ev, uint64_t incs)
{
    c->base += incs * omap3_gpt_div(s);
    if (ev == INT_MAT) {
        c->count = s->tmar;
        return INT_MAT;
    }
    if (s->tclr & R_TCLR_AR_MASK) {
        c->count = s->tldr;
        return INT_OVF | ((s->tclr & R_TCLR_CE_MASK) && s->tldr == s->tmar ?
                          INT_MAT : 0);
    }
    /* One-shot: the counter stops at 0 and ST clears itself. */
    c->count = 0;
    c->started = false;
    return INT_OVF;
}

/* Bring the counter and TISR up to fclk tick 'now'; true if TISR changed. */
static bool omap3_gpt_sync(OMAP3GPTimerState *s, uint64_t now)
{
    OMAP3GPTCourse c = { s->base, s->count, s->started };
    uint64_t div = omap3_gpt_div(s);
    uint32_t set = 0;

    if (!omap3_gpt_counting(s)) {
        return false;
    }
    while (c.started) {
        uint32_t ev;
        uint64_t incs = omap3_gpt_next_event(s, &c, &ev);

        if (now - c.base < incs * div) {
            break;
        }
        set |= omap3_gpt_take_event(s, &c, ev, incs);
        if (ev == INT_OVF && c.started) {
            /* Skip whole auto-reload periods in one step. */
            uint64_t period = (COUNTER_WRAP - s->tldr) * div;
            uint64_t n = (now - c.base) / period;

            if (n) {
                c.base += n * period;
                set |= INT_OVF;
                if ((s->tclr & R_TCLR_CE_MASK) && s->tmar >= s->tldr) {
                    set |= INT_MAT;
                }
            }
        }
    }
    s->base = c.base;
    s->count = c.count;
    s->started = c.started;
    if (!(set & ~s->tisr)) {
        return false;
    }
    trace_omap3_gptimer_event(s->id, set);
    s->tisr |= set;
    return true;
}

/* TCRR at fclk tick 'now' (after omap3_gpt_sync(s, now)). */
static uint32_t omap3_gpt_tcrr(OMAP3GPTimerState *s, uint64_t now)
{
    if (!omap3_gpt_counting(s)) {
        return s->count;
    }
    return s->count + (now - s->base) / omap3_gpt_div(s);
}

/* Fold the elapsed increments into 'count' (keeping the prescaler phase),
 * so that the course can change from here on. */
static void omap3_gpt_fold(OMAP3GPTimerState *s, uint64_t now)
{
    uint64_t div = omap3_gpt_div(s);
    uint64_t incs;

    if (!omap3_gpt_counting(s)) {
        return;
    }
    incs = (now - s->base) / div;
    s->count += incs;
    s->base += incs * div;
}

static void omap3_gpt_update_irq(OMAP3GPTimerState *s)
{
    bool level = s->tisr & s->tier;

    trace_omap3_gptimer_irq(s->id, level);
    qemu_set_irq(s->irq, level);
}

/* Arm the QEMUTimer for the next event that raises the interrupt line. */
static void omap3_gpt_arm(OMAP3GPTimerState *s)
{
    OMAP3GPTCourse c = { s->base, s->count, s->started };
    uint32_t want = s->tier & ~s->tisr & (INT_MAT | INT_OVF);
    int i;

    if (want && omap3_gpt_counting(s)) {
        /* At most: match, overflow, then one more period (match, overflow);
         * after the first reload the course repeats itself. */
        for (i = 0; i < 4 && c.started; i++) {
            uint32_t ev;
            uint64_t incs = omap3_gpt_next_event(s, &c, &ev);

            if (omap3_gpt_take_event(s, &c, ev, incs) & want) {
                int64_t ns = omap3_ticks_to_ns(c.base, s->rate);

                trace_omap3_gptimer_arm(s->id, ns);
                timer_mod_ns(s->timer, ns);
                return;
            }
        }
    }
    timer_del(s->timer);
}

/*
 * A timer event that happens while nobody looks at the timer (the
 * virtual-clock timer fired, no register access): a wake-up request if
 * the timer sleeps (omap3_swakeup.h) and TWER selects the event.
 */
static void omap3_gpt_expire(void *opaque)
{
    OMAP3GPTimerState *s = opaque;
    uint32_t before = s->tisr;

    omap3_gpt_sync(s, omap3_gpt_now(s));
    if (omap3_swakeup(s->tiocp_cfg, before & s->tier, s->tisr & ~before,
                      s->twer)) {
        trace_omap3_gptimer_swakeup(s->id, s->tisr & ~before);
        qemu_irq_pulse(s->swakeup);
    }
    omap3_gpt_update_irq(s);
    omap3_gpt_arm(s);
}

/* The functional part: what TSICR.SFT resets. */
static void omap3_gpt_reset_functional(OMAP3GPTimerState *s)
{
    s->started = false;
    s->count = 0;
    s->base = 0;
    s->tisr = 0;
    s->tier = 0;
    s->twer = 0;
    s->tclr = 0;
    s->tldr = 0;
    s->tmar = 0;
    s->tpir = 0;
    s->tnir = 0;
    s->tcvr = 0;
    s->tocr = 0;
    s->towr = 0;
}

static void omap3_gpt_reset_module(OMAP3GPTimerState *s)
{
    omap3_gpt_reset_functional(s);
    s->tiocp_cfg = 0;
    s->tsicr = TSICR_RESET;
}

static void omap3_gpt_clk_update(void *opaque, ClockEvent event)
{
    OMAP3GPTimerState *s = opaque;
    uint32_t hz = clock_get_hz(s->fclk);

    if (hz == s->rate) {
        return;
    }
    /* Keep the count continuous: settle it at the old rate, then go on
     * counting from the current tick of the new rate. */
    omap3_gpt_sync(s, omap3_gpt_now(s));
    omap3_gpt_fold(s, omap3_gpt_now(s));
    trace_omap3_gptimer_rate(s->id, s->rate, hz);
    s->rate = hz;
    if (hz) {
        s->base = omap3_gpt_now(s);
    }
    omap3_gpt_update_irq(s);
    omap3_gpt_arm(s);
}

static uint64_t omap3_gpt_read(void *opaque, hwaddr addr, unsigned size)
{
    OMAP3GPTimerState *s = opaque;
    uint64_t now = omap3_gpt_now(s);
    uint32_t val;

    /* Events that are due already count, even if the QEMUTimer has not
     * run yet: TCRR and TISR never disagree. */
    if (omap3_gpt_sync(s, now)) {
        omap3_gpt_update_irq(s);
    }

    switch (addr) {
    case A_TIDR:
        val = OMAP3_GPT_TIDR;
        break;
    case A_TIOCP_CFG:
        val = s->tiocp_cfg;
        break;
    case A_TISTAT:
        /* The resets complete at once. */
        val = R_TISTAT_RESETDONE_MASK;
        break;
    case A_TISR:
        val = s->tisr;
        break;
    case A_TIER:
        val = s->tier;
        break;
    case A_TWER:
        val = s->twer;
        break;
    case A_TCLR:
        val = s->tclr | (s->started ? R_TCLR_ST_MASK : 0);
        break;
    case A_TCRR:
        val = omap3_gpt_tcrr(s, now);
        break;
    case A_TLDR:
        val = s->tldr;
        break;
    case A_TTGR:
        val = TTGR_READ;
        break;
    case A_TWPS:
        /* Posted writes complete at once: dmtimer_set_next_event() and
         * friends spin on this register. */
        val = 0;
        break;
    case A_TMAR:
        val = s->tmar;
        break;
    case A_TCAR1:
    case A_TCAR2:
        val = 0;
        break;
    case A_TSICR:
        val = s->tsicr;
        break;
    case A_TPIR ... A_TOWR:
        if (!omap3_gpt_has_1ms_regs(s)) {
            goto bad;
        }
        switch (addr) {
        case A_TPIR:
            val = s->tpir;
            break;
        case A_TNIR:
            val = s->tnir;
            break;
        case A_TCVR:
            val = s->tcvr;
            break;
        case A_TOCR:
            val = s->tocr;
            break;
        default:
            val = s->towr;
            break;
        }
        break;
    default:
    bad:
        qemu_log_mask(LOG_GUEST_ERROR, "%s: GPT%u: bad register offset 0x%"
                      HWADDR_PRIx "\n", __func__, s->id, addr);
        val = 0;
        break;
    }
    trace_omap3_gptimer_read(s->id, addr, val);
    return val;
}

static void omap3_gpt_write_tclr(OMAP3GPTimerState *s, uint64_t now,
                                 uint32_t val)
{
    uint64_t old_div = omap3_gpt_div(s);
    bool was_counting = omap3_gpt_counting(s);

    if (val & TCLR_PWM_CAPT & ~s->tclr) {
        qemu_log_mask(LOG_UNIMP, "%s: GPT%u: PWM/capture modes are not "
                      "modelled (TCLR 0x%x)\n", __func__, s->id, val);
    }
    omap3_gpt_fold(s, now);
    s->tclr = val & TCLR_MASK & ~R_TCLR_ST_MASK;
    s->started = val & R_TCLR_ST_MASK;
    if (omap3_gpt_counting(s) &&
        (!was_counting || omap3_gpt_div(s) != old_div)) {
        /* Start, or a new prescaler: count from this tick on. */
        s->base = now;
    }
}

static void omap3_gpt_write(void *opaque, hwaddr addr, uint64_t value,
                            unsigned size)
{
    OMAP3GPTimerState *s = opaque;
    uint64_t now = omap3_gpt_now(s);
    uint32_t val = value;

    trace_omap3_gptimer_write(s->id, addr, val);
    /* Everything that happened before this write has happened. */
    omap3_gpt_sync(s, now);

    switch (addr) {
    case A_TIOCP_CFG:
        if (val & R_TIOCP_CFG_SOFTRESET_MASK) {
            trace_omap3_gptimer_reset(s->id, "TIOCP_CFG.SOFTRESET");
            omap3_gpt_reset_module(s);
            break;
        }
        s->tiocp_cfg = val & TIOCP_MASK;
        break;
    case A_TISR:
        s->tisr &= ~(val & INT_MASK);
        break;
    case A_TIER:
        s->tier = val & INT_MASK;
        break;
    case A_TWER:
        s->twer = val & INT_MASK;
        break;
    case A_TCLR:
        omap3_gpt_write_tclr(s, now, val);
        break;
    case A_TCRR:
        s->count = val;
        s->base = now;
        break;
    case A_TLDR:
        s->tldr = val;
        break;
    case A_TTGR:
        /* Any write reloads TCRR from TLDR. */
        s->count = s->tldr;
        s->base = now;
        break;
    case A_TMAR:
        s->tmar = val;
        break;
    case A_TSICR:
        if (val & R_TSICR_SFT_MASK) {
            /* dmtimer_systimer_type1_reset() writes SFT | POSTED and then
             * polls TISTAT.RESETDONE. */
            trace_omap3_gptimer_reset(s->id, "TSICR.SFT");
            omap3_gpt_reset_functional(s);
        }
        s->tsicr = val & R_TSICR_POSTED_MASK;
        break;
    case A_TPIR ... A_TOWR:
        if (!omap3_gpt_has_1ms_regs(s)) {
            goto bad;
        }
        if (val && addr != A_TCVR && addr != A_TOCR) {
            qemu_log_mask(LOG_UNIMP, "%s: GPT%u: the 1 ms tick correction "
                          "and overflow masking are not modelled\n",
                          __func__, s->id);
        }
        switch (addr) {
        case A_TPIR:
            s->tpir = val;
            break;
        case A_TNIR:
            s->tnir = val;
            break;
        case A_TCVR:
            s->tcvr = val;
            break;
        case A_TOCR:
            s->tocr = val & 0xffffff;
            break;
        default:
            s->towr = val & 0xffffff;
            break;
        }
        break;
    case A_TIDR:
    case A_TISTAT:
    case A_TWPS:
    case A_TCAR1:
    case A_TCAR2:
        qemu_log_mask(LOG_GUEST_ERROR, "%s: GPT%u: write to read-only "
                      "register 0x%" HWADDR_PRIx "\n", __func__, s->id, addr);
        break;
    default:
    bad:
        qemu_log_mask(LOG_GUEST_ERROR, "%s: GPT%u: bad register offset 0x%"
                      HWADDR_PRIx "\n", __func__, s->id, addr);
        break;
    }
    omap3_gpt_update_irq(s);
    omap3_gpt_arm(s);
}

static const MemoryRegionOps omap3_gpt_ops = {
    .read = omap3_gpt_read,
    .write = omap3_gpt_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 4,
        .max_access_size = 4,
    },
    .impl = {
        .min_access_size = 4,
        .max_access_size = 4,
    },
};

static void omap3_gpt_reset_hold(Object *obj, ResetType type)
{
    OMAP3GPTimerState *s = OMAP3_GPTIMER(obj);

    omap3_gpt_reset_module(s);
    timer_del(s->timer);
}

static void omap3_gpt_reset_exit(Object *obj, ResetType type)
{
    omap3_gpt_update_irq(OMAP3_GPTIMER(obj));
}

static void omap3_gpt_init(Object *obj)
{
    OMAP3GPTimerState *s = OMAP3_GPTIMER(obj);
    SysBusDevice *sbd = SYS_BUS_DEVICE(obj);

    memory_region_init_io(&s->iomem, obj, &omap3_gpt_ops, s,
                          TYPE_OMAP3_GPTIMER, 0x1000);
    sysbus_init_mmio(sbd, &s->iomem);
    sysbus_init_irq(sbd, &s->irq);
    qdev_init_gpio_out_named(DEVICE(obj), &s->swakeup, "swakeup", 1);
    s->fclk = qdev_init_clock_in(DEVICE(obj), "fclk", omap3_gpt_clk_update,
                                 s, ClockUpdate);
}

static void omap3_gpt_realize(DeviceState *dev, Error **errp)
{
    OMAP3GPTimerState *s = OMAP3_GPTIMER(dev);

    if (s->id < 1 || s->id > OMAP3_NUM_GPT) {
        error_setg(errp, "omap3-gptimer: property \"id\" must be 1..%d",
                   OMAP3_NUM_GPT);
        return;
    }
    if (!clock_has_source(s->fclk)) {
        error_setg(errp, "omap3-gptimer: clock input 'fclk' not connected");
        return;
    }
    s->timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, omap3_gpt_expire, s);
    /* A stopped clock has 0 Hz: the timer does not count. */
    s->rate = clock_get_hz(s->fclk);
}

static void omap3_gpt_unrealize(DeviceState *dev)
{
    OMAP3GPTimerState *s = OMAP3_GPTIMER(dev);

    timer_free(s->timer);
}

static int omap3_gpt_post_load(void *opaque, int version_id)
{
    OMAP3GPTimerState *s = opaque;

    omap3_gpt_arm(s);
    return 0;
}

static const VMStateDescription vmstate_omap3_gpt = {
    .name = TYPE_OMAP3_GPTIMER,
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = omap3_gpt_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_CLOCK(fclk, OMAP3GPTimerState),
        VMSTATE_UINT32(rate, OMAP3GPTimerState),
        VMSTATE_UINT64(base, OMAP3GPTimerState),
        VMSTATE_UINT32(count, OMAP3GPTimerState),
        VMSTATE_BOOL(started, OMAP3GPTimerState),
        VMSTATE_UINT32(tiocp_cfg, OMAP3GPTimerState),
        VMSTATE_UINT32(tisr, OMAP3GPTimerState),
        VMSTATE_UINT32(tier, OMAP3GPTimerState),
        VMSTATE_UINT32(twer, OMAP3GPTimerState),
        VMSTATE_UINT32(tclr, OMAP3GPTimerState),
        VMSTATE_UINT32(tldr, OMAP3GPTimerState),
        VMSTATE_UINT32(tmar, OMAP3GPTimerState),
        VMSTATE_UINT32(tsicr, OMAP3GPTimerState),
        VMSTATE_UINT32(tpir, OMAP3GPTimerState),
        VMSTATE_UINT32(tnir, OMAP3GPTimerState),
        VMSTATE_UINT32(tcvr, OMAP3GPTimerState),
        VMSTATE_UINT32(tocr, OMAP3GPTimerState),
        VMSTATE_UINT32(towr, OMAP3GPTimerState),
        VMSTATE_END_OF_LIST()
    },
};

static const Property omap3_gpt_properties[] = {
    DEFINE_PROP_UINT8("id", OMAP3GPTimerState, id, 0),
};

static void omap3_gpt_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->desc = "OMAP3 general-purpose timer";
    dc->realize = omap3_gpt_realize;
    dc->unrealize = omap3_gpt_unrealize;
    dc->vmsd = &vmstate_omap3_gpt;
    device_class_set_props(dc, omap3_gpt_properties);
    rc->phases.hold = omap3_gpt_reset_hold;
    rc->phases.exit = omap3_gpt_reset_exit;
}

static const TypeInfo omap3_gpt_info = {
    .name = TYPE_OMAP3_GPTIMER,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3GPTimerState),
    .instance_init = omap3_gpt_init,
    .class_init = omap3_gpt_class_init,
};

static void omap3_gpt_register_types(void)
{
    type_register_static(&omap3_gpt_info);
}

type_init(omap3_gpt_register_types)
