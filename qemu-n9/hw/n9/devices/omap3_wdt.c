/*
 * OMAP3630 watchdog timers: WDT2 (MPU watchdog, 0x48314000, WKUP L4) and
 * WDT3 (IVA2 watchdog, 0x49030000, PER L4).
 *
 * Each is a 32-bit up-counter (WCRR) clocked by the 32 kHz clock through a
 * prescaler (WCLR.PRE, 2^PTV).  It is started and stopped by writing the
 * sequences 0xBBBB/0x4444 and 0xAAAA/0x5555 to WSPR; writing WTGR with a
 * new value reloads WCRR from WLDR (the "ping").  When WCRR overflows it
 * is reloaded from WLDR, WISR.OVF is set (interrupt if WIER.OVF), and for
 * WDT2 the PRCM resets the chip.  On OMAP2/3 the timer runs out of reset
 * and is re-armed by an OCP soft reset, which is why omap2_wd_timer_reset()
 * (arch/arm/mach-omap2/wd_timer.c) follows the hwmod reset with the stop
 * sequence, polling WWPS with no timeout; drivers/watchdog/omap_wdt.c does
 * the same at probe and drives WLDR/WTGR/WCLR when /dev/watchdog is used.
 *
 * Modelled: all of the above, with the count derived from
 * QEMU_CLOCK_VIRTUAL on the ticks of its functional clock (omap3_clock.h:
 * the same edges as the 32 kHz sync counter), as the GP timers do: WCRR
 * held 'count' at fclk tick 'base' and has advanced by one every 2^PTV
 * ticks since.  The QEMUTimer is armed only for the next observable
 * event: every overflow of WDT2 (one line on stderr, then
 * watchdog_perform_action(): what -action watchdog= says, a machine reset
 * by default) and the overflow of WDT3 that raises its interrupt line
 * (WIER.OVF set, WISR.OVF clear).  Other
 * overflows are folded in when a register is read or written, whole
 * reload periods in one step, so a fast watchdog costs no host time per
 * period.  Writes are never
 * posted: WWPS reads 0.  WCLR, WCRR and WLDR ignore writes while the timer
 * runs, as omap_wdt.c assumes ("writing to various registers with the
 * watchdog running has no effect").  The rate comes from clock input
 * "fclk" (32768 Hz if it is not connected).  Not modelled: the reset-source
 * bit the PRM records for a watchdog reset, idle/wake-up behaviour, and
 * EMUFREE (the counter never freezes for a debugger).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/error-report.h"
#include "qemu/bitops.h"
#include "qemu/timer.h"
#include "qapi/error.h"
#include "hw/sysbus.h"
#include "hw/irq.h"
#include "hw/clock.h"
#include "hw/qdev-clock.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "system/watchdog.h"
#include "omap3630.h"
#include "omap3_wdt.h"
#include "omap3_wdt_regs.h"
#include "omap3_lanes.h"
#include "omap3_clock.h"
#include "trace.h"

#define OMAP3_WDT_SIZE      0x1000
#define OMAP3_WDT_32K_HZ    32768
#define COUNTER_WRAP        0x100000000ULL

/* Revision: omap_wdt prints bits 7:0 only; believed OMAP3 value. */
#define OMAP3_WDT_REV       0x00000031

/* WD_SYSCONFIG: the bits the hwmod's omap3xxx_wd_timer_sysc names */
#define SYSCONFIG_MASK      (R_WD_SYSCONFIG_AUTOIDLE_MASK | \
                             R_WD_SYSCONFIG_ENAWAKEUP_MASK | \
                             R_WD_SYSCONFIG_IDLEMODE_MASK | \
                             R_WD_SYSCONFIG_EMUFREE_MASK | \
                             R_WD_SYSCONFIG_CLOCKACTIVITY_MASK)
#define WCLR_MASK           (R_WCLR_PTV_MASK | R_WCLR_PRE_MASK)

/*
 * Reset state (believed from the OMAP3 TRM, not verified on hardware):
 * prescaler enabled with PTV = 0, WLDR = WCRR = 0xFFFB0000, i.e. the
 * counter overflows 0x50000 ticks = 10 s after reset at 32768 Hz.
 */
#define WCLR_RESET          R_WCLR_PRE_MASK
#define WLDR_RESET          0xFFFB0000

/* The functional clock's rate (32768 Hz if it is not connected). */
static uint32_t omap3_wdt_fclk_hz(OMAP3WDTState *s)
{
    uint32_t hz = clock_get_hz(s->fclk);

    return hz ? hz : OMAP3_WDT_32K_HZ;
}

/* fclk ticks per counter increment (WCLR.PRE: 2^PTV) */
static uint64_t omap3_wdt_div(OMAP3WDTState *s)
{
    if (!(s->wclr & R_WCLR_PRE_MASK)) {
        return 1;
    }
    return 1ULL << FIELD_EX32(s->wclr, WCLR, PTV);
}

/* The current absolute tick of the clock 'base' is counted in. */
static uint64_t omap3_wdt_now(OMAP3WDTState *s)
{
    return omap3_ns_to_ticks(qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL), s->rate);
}

static void omap3_wdt_update_irq(OMAP3WDTState *s)
{
    qemu_set_irq(s->irq, !!(s->wisr & s->wier & R_WISR_OVF_MASK));
}

/*
 * Bring the counter up to tick @now: take the overflows due, whole reload
 * periods in one step (each reloads WCRR from WLDR, which cannot change
 * while the counter runs).  Returns how many there were; WISR.OVF is set
 * if any.
 */
static uint64_t omap3_wdt_sync(OMAP3WDTState *s, uint64_t now)
{
    uint64_t div = omap3_wdt_div(s);
    uint64_t incs, first, period, n;

    if (!s->running || now <= s->base) {
        return 0;
    }
    incs = (now - s->base) / div;
    first = COUNTER_WRAP - s->count;
    if (incs < first) {
        return 0;
    }
    period = COUNTER_WRAP - s->wldr;
    n = 1 + (incs - first) / period;
    s->base += (first + (n - 1) * period) * div;
    s->count = s->wldr;
    s->wisr |= R_WISR_OVF_MASK;
    trace_omap3_wdt_expire(s->id, n);
    return n;
}

/* WCRR at tick @now (after omap3_wdt_sync(s, now)). */
static uint32_t omap3_wdt_wcrr(OMAP3WDTState *s, uint64_t now)
{
    if (!s->running || now <= s->base) {
        return s->count;
    }
    return s->count + (now - s->base) / omap3_wdt_div(s);
}

/*
 * Arm the QEMUTimer for the next observable event: WDT2's next overflow
 * (the chip reset), WDT3's if it raises the interrupt line.  Nothing else
 * needs the timer: reads and writes sync the counter first.
 */
static void omap3_wdt_arm(OMAP3WDTState *s)
{
    uint64_t tick;
    int64_t ns;

    if (!s->running || !s->rate ||
        (s->id != 2 && !(s->wier & ~s->wisr & R_WISR_OVF_MASK))) {
        timer_del(s->timer);
        return;
    }
    tick = s->base + (COUNTER_WRAP - s->count) * omap3_wdt_div(s);
    ns = omap3_ticks_to_ns(tick, s->rate);
    timer_mod_ns(s->timer, ns);
    trace_omap3_wdt_arm(s->id, ns);
}

static void omap3_wdt_reset_regs(OMAP3WDTState *s, bool running);
static bool omap3_wdt_runs_at_reset(OMAP3WDTState *s);

/*
 * WDT2 expired: say so on stderr, once per expiry, then do what
 * -action watchdog= says (QMP event WATCHDOG; a machine reset by default).
 * Without the line a guest too slow to stop WDT2 in time (no icount, a
 * heavy plugin) reset and booted again in a loop without a word.
 */
static void omap3_wdt2_expired(void)
{
    int64_t ns = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    int64_t sec = ns / NANOSECONDS_PER_SECOND;
    int64_t us = ns % NANOSECONDS_PER_SECOND / SCALE_US;

    warn_report("rm696: WDT2 (MPU watchdog) expired at %" PRId64 ".%06" PRId64
                " s of virtual time: -action watchdog=%s", sec, us,
                WatchdogAction_str(get_watchdog_action()));
    watchdog_perform_action();
}

/* Sync to now and act on the overflows that brings; re-arm. */
static uint64_t omap3_wdt_update(OMAP3WDTState *s)
{
    uint64_t now = omap3_wdt_now(s);

    if (omap3_wdt_sync(s, now)) {
        omap3_wdt_update_irq(s);
        if (s->id == 2) {
            /*
             * WDT2 is the MPU watchdog: its overflow resets the chip, and
             * WDT2 with it, so it goes on from its reset values (the next
             * overflow ~10 s later), whatever -action watchdog= does and
             * whenever the machine reset it requests happens.  Without
             * that a fast reload value meant one action per period, all
             * of them inside one long clock step (found by tests/fuzz).
             */
            omap3_wdt2_expired();
            omap3_wdt_reset_regs(s, omap3_wdt_runs_at_reset(s));
            omap3_wdt_update_irq(s);
        }
    }
    omap3_wdt_arm(s);
    return now;
}

static void omap3_wdt_expire(void *opaque)
{
    omap3_wdt_update(opaque);
}

/* Fold the elapsed increments into 'count' (keeping the prescaler phase). */
static void omap3_wdt_fold(OMAP3WDTState *s, uint64_t now)
{
    uint64_t div = omap3_wdt_div(s);
    uint64_t incs;

    if (!s->running || now <= s->base) {
        return;
    }
    incs = (now - s->base) / div;
    s->count += incs;
    s->base += incs * div;
}

/* Start counting from the current value at tick @now. */
static void omap3_wdt_restart_at(OMAP3WDTState *s, uint32_t count, uint64_t now)
{
    s->count = count;
    s->base = now;
}

static void omap3_wdt_set_running(OMAP3WDTState *s, bool running)
{
    uint64_t now = omap3_wdt_update(s);

    if (running == s->running) {
        return;
    }
    omap3_wdt_fold(s, now);
    s->running = running;
    s->base = now;
    trace_omap3_wdt_state(s->id, running ? "started" : "stopped", s->count);
    omap3_wdt_arm(s);
}

/* Hardware reset values; @running: whether the counter runs afterwards. */
static void omap3_wdt_reset_regs(OMAP3WDTState *s, bool running)
{
    s->sysconfig = 0;
    s->wisr = 0;
    s->wier = 0;
    s->wclr = WCLR_RESET;
    s->wldr = WLDR_RESET;
    s->wtgr = 0;
    s->wspr = 0;
    s->rate = omap3_wdt_fclk_hz(s);
    omap3_wdt_restart_at(s, WLDR_RESET, omap3_wdt_now(s));
    s->running = running;
}

static uint64_t omap3_wdt_read(void *opaque, hwaddr addr, unsigned size)
{
    OMAP3WDTState *s = opaque;
    uint32_t val;

    switch (addr & ~3) {
    case A_WIDR:
        val = OMAP3_WDT_REV;
        break;
    case A_WD_SYSCONFIG:
        val = s->sysconfig;
        break;
    case A_WD_SYSSTATUS:
        /* The soft reset completes at once. */
        val = R_WD_SYSSTATUS_RESETDONE_MASK;
        break;
    case A_WISR:
        omap3_wdt_update(s);
        val = s->wisr;
        break;
    case A_WIER:
        val = s->wier;
        break;
    case A_WCLR:
        val = s->wclr;
        break;
    case A_WCRR:
        val = omap3_wdt_wcrr(s, omap3_wdt_update(s));
        break;
    case A_WLDR:
        val = s->wldr;
        break;
    case A_WTGR:
        val = s->wtgr;
        break;
    case A_WWPS:
        /*
         * No write is ever pending: omap2_wd_timer_disable() and omap_wdt
         * spin on these bits with no timeout.
         */
        val = 0;
        break;
    case A_WSPR:
        val = s->wspr;
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "%s: WDT%u: no register at 0x%02"
                      HWADDR_PRIx "\n", __func__, s->id, addr);
        return 0;
    }
    val = omap3_lane_read(val, addr, size);
    trace_omap3_wdt_read(s->id, addr, size, val);
    return val;
}

static bool omap3_wdt_locked(OMAP3WDTState *s, hwaddr offset)
{
    if (s->running) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: WDT%u: write to 0x%02"
                      HWADDR_PRIx " ignored while the timer runs\n",
                      __func__, s->id, offset);
        return true;
    }
    return false;
}

static void omap3_wdt_write_word(OMAP3WDTState *s, hwaddr offset,
                                 uint32_t val, uint32_t mask)
{
    /* Overflows up to now first: they belong before this write. */
    uint64_t now = omap3_wdt_update(s);

    switch (offset) {
    case A_WIDR:
    case A_WD_SYSSTATUS:
    case A_WWPS:
        qemu_log_mask(LOG_GUEST_ERROR, "%s: WDT%u: write to read-only "
                      "register 0x%02" HWADDR_PRIx "\n", __func__, s->id,
                      offset);
        break;
    case A_WD_SYSCONFIG:
        if (val & mask & R_WD_SYSCONFIG_SOFTRESET_MASK) {
            /* The OCP soft reset re-arms the watchdog (wd_timer.c). */
            trace_omap3_wdt_state(s->id, "soft reset", WLDR_RESET);
            omap3_wdt_reset_regs(s, true);
            omap3_wdt_update_irq(s);
            omap3_wdt_arm(s);
            break;
        }
        mask &= SYSCONFIG_MASK;
        s->sysconfig = (s->sysconfig & ~mask) | (val & mask);
        break;
    case A_WISR:
        s->wisr &= ~(val & mask & R_WISR_OVF_MASK);
        omap3_wdt_update_irq(s);
        omap3_wdt_arm(s);       /* the next overflow may raise it again */
        break;
    case A_WIER:
        mask &= R_WIER_OVF_MASK;
        s->wier = (s->wier & ~mask) | (val & mask);
        omap3_wdt_update_irq(s);
        omap3_wdt_arm(s);
        break;
    case A_WCLR:
        if (!omap3_wdt_locked(s, offset)) {
            mask &= WCLR_MASK;
            s->wclr = (s->wclr & ~mask) | (val & mask);
        }
        break;
    case A_WCRR:
        if (!omap3_wdt_locked(s, offset)) {
            omap3_wdt_restart_at(s, (s->count & ~mask) | (val & mask), now);
        }
        break;
    case A_WLDR:
        if (!omap3_wdt_locked(s, offset)) {
            s->wldr = (s->wldr & ~mask) | (val & mask);
        }
        break;
    case A_WTGR:
        val = (s->wtgr & ~mask) | (val & mask);
        if (val != s->wtgr) {
            /* A new trigger value reloads the counter (omap_wdt_reload). */
            s->wtgr = val;
            omap3_wdt_restart_at(s, s->wldr, now);
            trace_omap3_wdt_state(s->id, "reloaded", s->wldr);
            omap3_wdt_arm(s);
        }
        break;
    case A_WSPR:
        val = (s->wspr & ~mask) | (val & mask);
        if (s->wspr == OMAP3_WDT_START1 && val == OMAP3_WDT_START2) {
            omap3_wdt_set_running(s, true);
        } else if (s->wspr == OMAP3_WDT_STOP1 && val == OMAP3_WDT_STOP2) {
            omap3_wdt_set_running(s, false);
        }
        s->wspr = val;
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "%s: WDT%u: no register at 0x%02"
                      HWADDR_PRIx "\n", __func__, s->id, offset);
        break;
    }
}

static void omap3_wdt_write(void *opaque, hwaddr addr, uint64_t value,
                            unsigned size)
{
    OMAP3WDTState *s = opaque;

    trace_omap3_wdt_write(s->id, addr, size, value);
    omap3_wdt_write_word(s, addr & ~3, omap3_lane_value(addr, size, value),
                         omap3_lane_mask(addr, size));
}

static const MemoryRegionOps omap3_wdt_ops = {
    .read = omap3_wdt_read,
    .write = omap3_wdt_write,
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

static void omap3_wdt_clock_update(void *opaque, ClockEvent event)
{
    OMAP3WDTState *s = opaque;

    if (event == ClockPreUpdate) {
        /* Count up to now at the old rate. */
        omap3_wdt_fold(s, omap3_wdt_update(s));
    } else {
        /* From here on, ticks of the new rate. */
        s->rate = omap3_wdt_fclk_hz(s);
        s->base = omap3_wdt_now(s);
        omap3_wdt_arm(s);
    }
}

/*
 * Out of a chip reset WDT2 runs (the boot loader or the kernel has to stop
 * it); WDT3 does not.  Property "running-at-reset" overrides.
 */
static bool omap3_wdt_runs_at_reset(OMAP3WDTState *s)
{
    if (s->running_at_reset == ON_OFF_AUTO_AUTO) {
        return s->id == 2;
    }
    return s->running_at_reset == ON_OFF_AUTO_ON;
}

static void omap3_wdt_reset_hold(Object *obj, ResetType type)
{
    OMAP3WDTState *s = OMAP3_WDT(obj);

    omap3_wdt_reset_regs(s, omap3_wdt_runs_at_reset(s));
}

static void omap3_wdt_reset_exit(Object *obj, ResetType type)
{
    OMAP3WDTState *s = OMAP3_WDT(obj);

    omap3_wdt_update_irq(s);
    omap3_wdt_arm(s);
}

static void omap3_wdt_init(Object *obj)
{
    OMAP3WDTState *s = OMAP3_WDT(obj);
    SysBusDevice *sbd = SYS_BUS_DEVICE(obj);

    memory_region_init_io(&s->iomem, obj, &omap3_wdt_ops, s,
                          TYPE_OMAP3_WDT, OMAP3_WDT_SIZE);
    sysbus_init_mmio(sbd, &s->iomem);
    sysbus_init_irq(sbd, &s->irq);
    s->fclk = qdev_init_clock_in(DEVICE(obj), "fclk", omap3_wdt_clock_update,
                                 s, ClockPreUpdate | ClockUpdate);
    s->timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, omap3_wdt_expire, s);
}

static void omap3_wdt_realize(DeviceState *dev, Error **errp)
{
    OMAP3WDTState *s = OMAP3_WDT(dev);

    if (s->id != 2 && s->id != 3) {
        error_setg(errp, "omap3-wdt: id must be 2 or 3, not %u", s->id);
        return;
    }
    if (!clock_has_source(s->fclk)) {
        error_setg(errp, "omap3-wdt: clock input 'fclk' not connected");
    }
}

static void omap3_wdt_finalize(Object *obj)
{
    OMAP3WDTState *s = OMAP3_WDT(obj);

    timer_free(s->timer);
}

static const Property omap3_wdt_properties[] = {
    DEFINE_PROP_UINT8("id", OMAP3WDTState, id, 2),
    DEFINE_PROP_ON_OFF_AUTO("running-at-reset", OMAP3WDTState,
                            running_at_reset, ON_OFF_AUTO_AUTO),
};

static bool omap3_wdt_is_v1(void *opaque, int version_id)
{
    return version_id < 2;
}

/*
 * Version 1 counted from a virtual-time instant (base_ns) at the
 * prescaled rate; version 2 on the fclk's ticks.  A version 1 stream
 * continues from the tick that instant lies in (within one tick).
 */
static int omap3_wdt_post_load(void *opaque, int version_id)
{
    OMAP3WDTState *s = opaque;

    if (version_id < 2) {
        s->rate = omap3_wdt_fclk_hz(s);
        s->base = omap3_ns_to_ticks(s->v1_base_ns, s->rate);
        omap3_wdt_arm(s);
    }
    return 0;
}

static const VMStateDescription vmstate_omap3_wdt = {
    .name = TYPE_OMAP3_WDT,
    .version_id = 2,
    .minimum_version_id = 1,
    .post_load = omap3_wdt_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_CLOCK(fclk, OMAP3WDTState),
        VMSTATE_TIMER_PTR(timer, OMAP3WDTState),
        VMSTATE_UINT32(sysconfig, OMAP3WDTState),
        VMSTATE_UINT32(wisr, OMAP3WDTState),
        VMSTATE_UINT32(wier, OMAP3WDTState),
        VMSTATE_UINT32(wclr, OMAP3WDTState),
        VMSTATE_UINT32(wldr, OMAP3WDTState),
        VMSTATE_UINT32(wtgr, OMAP3WDTState),
        VMSTATE_UINT32(wspr, OMAP3WDTState),
        VMSTATE_BOOL(running, OMAP3WDTState),
        VMSTATE_UINT32(count, OMAP3WDTState),
        VMSTATE_INT64_TEST(v1_base_ns, OMAP3WDTState, omap3_wdt_is_v1),
        VMSTATE_UINT64_V(base, OMAP3WDTState, 2),
        VMSTATE_UINT32_V(rate, OMAP3WDTState, 2),
        VMSTATE_END_OF_LIST()
    },
};

static void omap3_wdt_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->desc = "OMAP3 watchdog timer (WDT2, WDT3)";
    dc->realize = omap3_wdt_realize;
    dc->vmsd = &vmstate_omap3_wdt;
    rc->phases.hold = omap3_wdt_reset_hold;
    rc->phases.exit = omap3_wdt_reset_exit;
    device_class_set_props(dc, omap3_wdt_properties);
}

static const TypeInfo omap3_wdt_info = {
    .name = TYPE_OMAP3_WDT,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3WDTState),
    .instance_init = omap3_wdt_init,
    .instance_finalize = omap3_wdt_finalize,
    .class_init = omap3_wdt_class_init,
};

static void omap3_wdt_register_types(void)
{
    type_register_static(&omap3_wdt_info);
}

type_init(omap3_wdt_register_types)
