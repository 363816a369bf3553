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
 * QEMU_CLOCK_VIRTUAL (count = floor(elapsed ns * rate / 1e9)) and the
 * expiry on a QEMUTimer; WDT2's expiry calls watchdog_perform_action()
 * (the -watchdog-action, a machine reset by default).  Writes are never
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
#include "omap3_lanes.h"
#include "omap3_clock.h"
#include "trace.h"

OBJECT_DECLARE_SIMPLE_TYPE(OMAP3WdtState, OMAP3_WDT)

#define OMAP3_WDT_SIZE      0x1000
#define OMAP3_WDT_32K_HZ    32768

/* Register offsets (drivers/watchdog/omap_wdt.h, wd_timer.c) */
#define R_WIDR              0x00
#define R_WD_SYSCONFIG      0x10
#define R_WD_SYSSTATUS      0x14
#define R_WISR              0x18
#define R_WIER              0x1C
#define R_WCLR              0x24
#define R_WCRR              0x28
#define R_WLDR              0x2C
#define R_WTGR              0x30
#define R_WWPS              0x34
#define R_WSPR              0x48

/* Revision: omap_wdt prints bits 7:0 only; believed OMAP3 value. */
#define OMAP3_WDT_REV       0x00000031

/*
 * WD_SYSCONFIG: AUTOIDLE 0, SOFTRESET 1, ENAWAKEUP 2, IDLEMODE 4:3,
 * EMUFREE 5, CLOCKACTIVITY 9:8 (omap3xxx_wd_timer_sysc).
 */
#define SYSCONFIG_SOFTRESET BIT(1)
#define SYSCONFIG_MASK      0x0000033D
#define SYSSTATUS_RESETDONE BIT(0)

#define WISR_OVF            BIT(0)

/* WCLR: PTV 4:2 (divide by 2^PTV), PRE 5 (prescaler enable) */
#define WCLR_PTV_SHIFT      2
#define WCLR_PTV_LEN        3
#define WCLR_PRE            BIT(5)
#define WCLR_MASK           0x0000003C

/*
 * Reset state (believed from the OMAP3 TRM, not verified on hardware):
 * prescaler enabled with PTV = 0, WLDR = WCRR = 0xFFFB0000, i.e. the
 * counter overflows 0x50000 ticks = 10 s after reset at 32768 Hz.
 */
#define WCLR_RESET          WCLR_PRE
#define WLDR_RESET          0xFFFB0000

/* WSPR start/stop sequences */
#define WSPR_START1         0xBBBB
#define WSPR_START2         0x4444
#define WSPR_STOP1          0xAAAA
#define WSPR_STOP2          0x5555

struct OMAP3WdtState {
    SysBusDevice parent_obj;

    MemoryRegion iomem;
    qemu_irq irq;
    Clock *fclk;
    QEMUTimer *timer;

    uint32_t sysconfig;
    uint32_t wisr;
    uint32_t wier;
    uint32_t wclr;
    uint32_t wldr;
    uint32_t wtgr;
    uint32_t wspr;
    bool running;
    /* The counter: base_count at virtual time base_ns (frozen if stopped) */
    uint32_t base_count;
    int64_t base_ns;

    /* Properties */
    uint8_t id;
    OnOffAuto running_at_reset;
};

/* Counting rate in Hz, after the prescaler. */
static uint64_t omap3_wdt_rate(OMAP3WdtState *s)
{
    uint64_t hz = clock_get_hz(s->fclk);

    if (!hz) {
        hz = OMAP3_WDT_32K_HZ;
    }
    if (s->wclr & WCLR_PRE) {
        hz >>= extract32(s->wclr, WCLR_PTV_SHIFT, WCLR_PTV_LEN);
    }
    return hz;
}

/* Ticks since base_ns; may reach 2^32 before the expiry timer has run. */
static uint64_t omap3_wdt_count64(OMAP3WdtState *s, int64_t now)
{
    if (!s->running) {
        return s->base_count;
    }
    return s->base_count + omap3_ns_to_ticks(now - s->base_ns,
                                             omap3_wdt_rate(s));
}

static void omap3_wdt_update_irq(OMAP3WdtState *s)
{
    qemu_set_irq(s->irq, !!(s->wisr & s->wier & WISR_OVF));
}

/*
 * The virtual time at which the running count reaches 2^32: the first
 * nanosecond of that tick counted from base_ns.
 */
static int64_t omap3_wdt_overflow_ns(OMAP3WdtState *s)
{
    uint64_t ticks = (1ULL << 32) - s->base_count;

    return s->base_ns + omap3_ticks_to_ns(ticks, omap3_wdt_rate(s));
}

static void omap3_wdt_rearm(OMAP3WdtState *s)
{
    if (!s->running) {
        timer_del(s->timer);
        return;
    }
    timer_mod(s->timer, omap3_wdt_overflow_ns(s));
    trace_omap3_wdt_arm(s->id, omap3_wdt_overflow_ns(s));
}

/* The counter overflowed at virtual time @when. */
static void omap3_wdt_overflow(OMAP3WdtState *s, int64_t when)
{
    trace_omap3_wdt_expire(s->id);
    s->wisr |= WISR_OVF;
    omap3_wdt_update_irq(s);
    s->base_count = s->wldr;
    s->base_ns = when;
    omap3_wdt_rearm(s);
    if (s->id == 2) {
        /* WDT2 is the MPU watchdog: its overflow resets the chip. */
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-wdt2: watchdog expired\n");
        watchdog_perform_action();
    }
}

/* Process the overflows due by @now (normally exactly one). */
static void omap3_wdt_catch_up(OMAP3WdtState *s, int64_t now)
{
    while (s->running && now >= omap3_wdt_overflow_ns(s)) {
        omap3_wdt_overflow(s, omap3_wdt_overflow_ns(s));
    }
}

static void omap3_wdt_expire(void *opaque)
{
    OMAP3WdtState *s = opaque;

    omap3_wdt_catch_up(s, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL));
    omap3_wdt_rearm(s);
}

static uint32_t omap3_wdt_count(OMAP3WdtState *s)
{
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);

    /* A read in the instant of the overflow may come before the timer. */
    omap3_wdt_catch_up(s, now);
    return omap3_wdt_count64(s, now);
}

/* Restart counting from the current value, e.g. before a rate change. */
static void omap3_wdt_rebase(OMAP3WdtState *s, int64_t now)
{
    omap3_wdt_catch_up(s, now);
    s->base_count = omap3_wdt_count64(s, now);
    s->base_ns = now;
}

static void omap3_wdt_set_running(OMAP3WdtState *s, bool running)
{
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);

    if (running == s->running) {
        return;
    }
    omap3_wdt_rebase(s, now);
    s->running = running;
    trace_omap3_wdt_state(s->id, running ? "started" : "stopped",
                          s->base_count);
    omap3_wdt_rearm(s);
}

/* Hardware reset values; @running: whether the counter runs afterwards. */
static void omap3_wdt_reset_regs(OMAP3WdtState *s, bool running)
{
    s->sysconfig = 0;
    s->wisr = 0;
    s->wier = 0;
    s->wclr = WCLR_RESET;
    s->wldr = WLDR_RESET;
    s->wtgr = 0;
    s->wspr = 0;
    s->base_count = WLDR_RESET;
    s->base_ns = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    s->running = running;
}

static uint64_t omap3_wdt_read(void *opaque, hwaddr addr, unsigned size)
{
    OMAP3WdtState *s = opaque;
    uint32_t val;

    switch (addr & ~3) {
    case R_WIDR:
        val = OMAP3_WDT_REV;
        break;
    case R_WD_SYSCONFIG:
        val = s->sysconfig;
        break;
    case R_WD_SYSSTATUS:
        /* The soft reset completes at once. */
        val = SYSSTATUS_RESETDONE;
        break;
    case R_WISR:
        val = s->wisr;
        break;
    case R_WIER:
        val = s->wier;
        break;
    case R_WCLR:
        val = s->wclr;
        break;
    case R_WCRR:
        val = omap3_wdt_count(s);
        break;
    case R_WLDR:
        val = s->wldr;
        break;
    case R_WTGR:
        val = s->wtgr;
        break;
    case R_WWPS:
        /*
         * No write is ever pending: omap2_wd_timer_disable() and omap_wdt
         * spin on these bits with no timeout.
         */
        val = 0;
        break;
    case R_WSPR:
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

static bool omap3_wdt_locked(OMAP3WdtState *s, hwaddr offset)
{
    if (s->running) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: WDT%u: write to 0x%02"
                      HWADDR_PRIx " ignored while the timer runs\n",
                      __func__, s->id, offset);
        return true;
    }
    return false;
}

static void omap3_wdt_write_word(OMAP3WdtState *s, hwaddr offset,
                                 uint32_t val, uint32_t mask)
{
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);

    switch (offset) {
    case R_WIDR:
    case R_WD_SYSSTATUS:
    case R_WWPS:
        qemu_log_mask(LOG_GUEST_ERROR, "%s: WDT%u: write to read-only "
                      "register 0x%02" HWADDR_PRIx "\n", __func__, s->id,
                      offset);
        break;
    case R_WD_SYSCONFIG:
        if (val & mask & SYSCONFIG_SOFTRESET) {
            /* The OCP soft reset re-arms the watchdog (wd_timer.c). */
            trace_omap3_wdt_state(s->id, "soft reset", WLDR_RESET);
            omap3_wdt_reset_regs(s, true);
            omap3_wdt_update_irq(s);
            omap3_wdt_rearm(s);
            break;
        }
        mask &= SYSCONFIG_MASK;
        s->sysconfig = (s->sysconfig & ~mask) | (val & mask);
        break;
    case R_WISR:
        s->wisr &= ~(val & mask & WISR_OVF);
        omap3_wdt_update_irq(s);
        break;
    case R_WIER:
        mask &= WISR_OVF;
        s->wier = (s->wier & ~mask) | (val & mask);
        omap3_wdt_update_irq(s);
        break;
    case R_WCLR:
        if (!omap3_wdt_locked(s, offset)) {
            mask &= WCLR_MASK;
            s->wclr = (s->wclr & ~mask) | (val & mask);
        }
        break;
    case R_WCRR:
        if (!omap3_wdt_locked(s, offset)) {
            s->base_count = (s->base_count & ~mask) | (val & mask);
            s->base_ns = now;
        }
        break;
    case R_WLDR:
        if (!omap3_wdt_locked(s, offset)) {
            s->wldr = (s->wldr & ~mask) | (val & mask);
        }
        break;
    case R_WTGR:
        val = (s->wtgr & ~mask) | (val & mask);
        if (val != s->wtgr) {
            /* A new trigger value reloads the counter (omap_wdt_reload). */
            s->wtgr = val;
            s->base_count = s->wldr;
            s->base_ns = now;
            trace_omap3_wdt_state(s->id, "reloaded", s->wldr);
            omap3_wdt_rearm(s);
        }
        break;
    case R_WSPR:
        val = (s->wspr & ~mask) | (val & mask);
        if (s->wspr == WSPR_START1 && val == WSPR_START2) {
            omap3_wdt_set_running(s, true);
        } else if (s->wspr == WSPR_STOP1 && val == WSPR_STOP2) {
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
    OMAP3WdtState *s = opaque;

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
    OMAP3WdtState *s = opaque;

    if (event == ClockPreUpdate) {
        /* Count up to now at the old rate. */
        omap3_wdt_rebase(s, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL));
    } else {
        omap3_wdt_rearm(s);
    }
}

static void omap3_wdt_reset_hold(Object *obj, ResetType type)
{
    OMAP3WdtState *s = OMAP3_WDT(obj);
    bool running;

    /*
     * Out of a chip reset WDT2 runs (the boot loader or the kernel has to
     * stop it); WDT3 does not.  Property "running-at-reset" overrides.
     */
    if (s->running_at_reset == ON_OFF_AUTO_AUTO) {
        running = s->id == 2;
    } else {
        running = s->running_at_reset == ON_OFF_AUTO_ON;
    }
    omap3_wdt_reset_regs(s, running);
}

static void omap3_wdt_reset_exit(Object *obj, ResetType type)
{
    OMAP3WdtState *s = OMAP3_WDT(obj);

    omap3_wdt_update_irq(s);
    omap3_wdt_rearm(s);
}

static void omap3_wdt_init(Object *obj)
{
    OMAP3WdtState *s = OMAP3_WDT(obj);
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
    OMAP3WdtState *s = OMAP3_WDT(dev);

    if (s->id != 2 && s->id != 3) {
        error_setg(errp, "omap3-wdt: id must be 2 or 3, not %u", s->id);
    }
}

static void omap3_wdt_finalize(Object *obj)
{
    OMAP3WdtState *s = OMAP3_WDT(obj);

    timer_free(s->timer);
}

static const Property omap3_wdt_properties[] = {
    DEFINE_PROP_UINT8("id", OMAP3WdtState, id, 2),
    DEFINE_PROP_ON_OFF_AUTO("running-at-reset", OMAP3WdtState,
                            running_at_reset, ON_OFF_AUTO_AUTO),
};

static const VMStateDescription vmstate_omap3_wdt = {
    .name = TYPE_OMAP3_WDT,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_CLOCK(fclk, OMAP3WdtState),
        VMSTATE_TIMER_PTR(timer, OMAP3WdtState),
        VMSTATE_UINT32(sysconfig, OMAP3WdtState),
        VMSTATE_UINT32(wisr, OMAP3WdtState),
        VMSTATE_UINT32(wier, OMAP3WdtState),
        VMSTATE_UINT32(wclr, OMAP3WdtState),
        VMSTATE_UINT32(wldr, OMAP3WdtState),
        VMSTATE_UINT32(wtgr, OMAP3WdtState),
        VMSTATE_UINT32(wspr, OMAP3WdtState),
        VMSTATE_BOOL(running, OMAP3WdtState),
        VMSTATE_UINT32(base_count, OMAP3WdtState),
        VMSTATE_INT64(base_ns, OMAP3WdtState),
        VMSTATE_END_OF_LIST()
    },
};

static void omap3_wdt_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->realize = omap3_wdt_realize;
    dc->vmsd = &vmstate_omap3_wdt;
    rc->phases.hold = omap3_wdt_reset_hold;
    rc->phases.exit = omap3_wdt_reset_exit;
    device_class_set_props(dc, omap3_wdt_properties);
}

static const TypeInfo omap3_wdt_info = {
    .name = TYPE_OMAP3_WDT,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3WdtState),
    .instance_init = omap3_wdt_init,
    .instance_finalize = omap3_wdt_finalize,
    .class_init = omap3_wdt_class_init,
};

static void omap3_wdt_register_types(void)
{
    type_register_static(&omap3_wdt_info);
}

type_init(omap3_wdt_register_types)
