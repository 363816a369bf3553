/*
 * OMAP3 32 kHz synchronized counter (COUNTER_32K, 0x48320000).
 *
 * A free-running 32-bit up-counter clocked by the 32768 Hz oscillator.
 * Linux uses it as its clocksource "32k_counter" and as sched_clock
 * (drivers/clocksource/timer-ti-32k.c).  Modelled: the revision register
 * (legacy scheme, so the counter sits at +0x10), SYSCONFIG as plain
 * storage, and the counter, which is a pure function of QEMU_CLOCK_VIRTUAL:
 * count = floor(ns * 32768 / 1e9) mod 2^32.  The counter starts at 0 at
 * virtual time 0 and is never reset, neither by a device nor by a system
 * reset, as on hardware where it runs from power-on.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/timer.h"
#include "qapi/error.h"
#include "hw/sysbus.h"
#include "migration/vmstate.h"
#include "omap3630.h"
#include "omap3_32ksync.h"
#include "omap3_32ksync_regs.h"
#include "hw/clock.h"
#include "hw/qdev-clock.h"
#include "omap3_clock.h"
#include "trace.h"

/* Registers: omap3_32ksync_regs.h */

/*
 * REV[31:30] (SCHEME) must be 0: ti_32k_timer_init() then reads the counter
 * at +0x10 rather than at the "highlander" +0x30.  The minor/major fields
 * are not read by Linux; 0x11 is the value the OMAP3 TRM documents
 * (believed, not confirmed on an N9).
 */
#define OMAP3_32KSYNC_REV   0x00000011

/*
 * The conversion of omap3_clock.h, which the GP timers (omap3_gptimer.c)
 * use too, so that a GP timer on the 32 kHz clock ticks on the same virtual
 * nanosecond as this counter.
 */
static uint32_t omap3_32ksync_count(OMAP3SyncTimerState *s)
{
    /* the 32 kHz oscillator never stops nor changes: ticks since time 0 */
    return omap3_ns_to_ticks(qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL),
                             clock_get_hz(s->fclk));
}

static uint64_t omap3_32ksync_read(void *opaque, hwaddr addr, unsigned size)
{
    OMAP3SyncTimerState *s = opaque;
    uint32_t val;

    switch (addr) {
    case A_REG_32KSYNCNT_REV:
        val = OMAP3_32KSYNC_REV;
        break;
    case A_REG_32KSYNCNT_SYSCONFIG:
        val = s->sysconfig;
        break;
    case A_REG_32KSYNCNT_CR:
        val = omap3_32ksync_count(s);
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "%s: bad register offset 0x%" HWADDR_PRIx "\n",
                      __func__, addr);
        val = 0;
        break;
    }
    trace_omap3_32ksync_read(addr, val);
    return val;
}

static void omap3_32ksync_write(void *opaque, hwaddr addr, uint64_t value,
                                unsigned size)
{
    OMAP3SyncTimerState *s = opaque;

    trace_omap3_32ksync_write(addr, value);
    switch (addr) {
    case A_REG_32KSYNCNT_SYSCONFIG:
        /* only IDLEMODE exists; ti_32k_timer_module_init() writes 0 */
        s->sysconfig = value & R_REG_32KSYNCNT_SYSCONFIG_IDLEMODE_MASK;
        break;
    case A_REG_32KSYNCNT_REV:
    case A_REG_32KSYNCNT_CR:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "%s: write to read-only register 0x%" HWADDR_PRIx "\n",
                      __func__, addr);
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "%s: bad register offset 0x%" HWADDR_PRIx "\n",
                      __func__, addr);
        break;
    }
}

static const MemoryRegionOps omap3_32ksync_ops = {
    .read = omap3_32ksync_read,
    .write = omap3_32ksync_write,
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

static void omap3_32ksync_reset_hold(Object *obj, ResetType type)
{
    OMAP3SyncTimerState *s = OMAP3_32KSYNC(obj);

    /* The counter itself is derived from virtual time and never resets. */
    s->sysconfig = 0;
}

static void omap3_32ksync_init(Object *obj)
{
    OMAP3SyncTimerState *s = OMAP3_32KSYNC(obj);

    memory_region_init_io(&s->iomem, obj, &omap3_32ksync_ops, s,
                          TYPE_OMAP3_32KSYNC, 0x1000);
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->iomem);
    s->fclk = qdev_init_clock_in(DEVICE(obj), "fclk", NULL, NULL, 0);
}

static void omap3_32ksync_realize(DeviceState *dev, Error **errp)
{
    OMAP3SyncTimerState *s = OMAP3_32KSYNC(dev);

    if (!clock_has_source(s->fclk)) {
        error_setg(errp, "omap3-32ksync: clock input 'fclk' not connected");
    }
}

static const VMStateDescription vmstate_omap3_32ksync = {
    .name = TYPE_OMAP3_32KSYNC,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(sysconfig, OMAP3SyncTimerState),
        VMSTATE_CLOCK(fclk, OMAP3SyncTimerState),
        VMSTATE_END_OF_LIST()
    },
};

static void omap3_32ksync_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->desc = "OMAP3 32 kHz synchronized counter";
    dc->vmsd = &vmstate_omap3_32ksync;
    dc->realize = omap3_32ksync_realize;
    rc->phases.hold = omap3_32ksync_reset_hold;
}

static const TypeInfo omap3_32ksync_info = {
    .name = TYPE_OMAP3_32KSYNC,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3SyncTimerState),
    .instance_init = omap3_32ksync_init,
    .class_init = omap3_32ksync_class_init,
};

static void omap3_32ksync_register_types(void)
{
    type_register_static(&omap3_32ksync_info);
}

type_init(omap3_32ksync_register_types)
