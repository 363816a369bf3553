/*
 * TI OMAP3630 GPIO banks 1-6 (Nokia N9 / RM-696)
 *
 * Each bank drives and samples 32 pins, with the OMAP2/3 register layout
 * of drivers/gpio/gpio-omap.c (omap2_gpio_regs): OE (1 = input), DATAIN,
 * DATAOUT with SET/CLEAR aliases, level-low/level-high/rising/falling
 * detection into IRQSTATUS1/2 (write 1 to clear) gated by IRQENABLE1/2
 * (with SET/CLEAR aliases), wake-up enables and the SYSCONFIG/SYSSTATUS
 * reset handshake.  Modelled: qdev GPIO inputs 0..31 are the levels driven
 * onto the pins from outside, qdev GPIO outputs 0..31 follow DATAOUT on
 * pins configured as outputs (0 on inputs); DATAIN reads the pad (the
 * external level on inputs, DATAOUT on outputs); edges and levels of the
 * pads raise IRQSTATUS; sysbus IRQ 0 is the MPU line (IRQSTATUS1 &
 * IRQENABLE1), sysbus IRQ 1 line 2 (IRQSTATUS2 & IRQENABLE2, the IVA2
 * line, not wired on the N9).  CTRL.DISABLEMODULE stops event detection.
 * The bank's wake-up request (GPIO output "swakeup", to the PRM): an edge
 * or level on a pin that WAKEUPENABLE selects, seen while the bank sleeps
 * (omap3_swakeup.h; events seen during a register access find it awake).
 * Not modelled: debouncing (DEBOUNCENABLE/DEBOUNCINGTIME are storage) and
 * clock gating ratios.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qapi/error.h"
#include "hw/irq.h"
#include "hw/sysbus.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "omap3630.h"
#include "omap3_gpio.h"
#include "omap3_gpio_regs.h"
#include "omap3_swakeup.h"
#include "trace.h"

/* GPIO module revision 2.5 (gpio-omap prints "OMAP GPIO hardware version"). */
#define GPIO_REVISION_OMAP3     0x25

/* SYSCONFIG, CTRL: the bits software can set (SOFTRESET self-clears) */
#define SYSCONFIG_MASK          (R_SYSCONFIG_AUTOIDLE_MASK | \
                                 R_SYSCONFIG_ENAWAKEUP_MASK | \
                                 R_SYSCONFIG_IDLEMODE_MASK)
#define CTRL_MASK               (R_CTRL_DISABLEMODULE_MASK | \
                                 R_CTRL_GATINGRATIO_MASK)
#define CTRL_RESET              (1 << R_CTRL_GATINGRATIO_SHIFT) /* ratio 1 */

static uint32_t omap3_gpio_pad_levels(OMAP3GPIOState *s)
{
    /* OE bit 1 = input: the pad follows the outside, else DATAOUT. */
    return (s->in_level & s->oe) | (s->dataout & ~s->oe);
}

static void omap3_gpio_update_irq(OMAP3GPIOState *s)
{
    int level1 = !!(s->irqstatus1 & s->irqenable1);
    int level2 = !!(s->irqstatus2 & s->irqenable2);

    trace_omap3_gpio_irq(s->id, level1, level2);
    qemu_set_irq(s->irq[0], level1);
    qemu_set_irq(s->irq[1], level2);
}

static void omap3_gpio_update_outputs(OMAP3GPIOState *s)
{
    uint32_t level = s->dataout & ~s->oe;
    uint32_t changed = level ^ s->out_level;
    int pin;

    s->out_level = level;
    for (pin = 0; pin < OMAP3_GPIO_PINS; pin++) {
        if (changed & (1u << pin)) {
            trace_omap3_gpio_output(s->id, pin, !!(level & (1u << pin)));
            qemu_set_irq(s->out[pin], !!(level & (1u << pin)));
        }
    }
}

/*
 * Sample the pads and latch the events into IRQSTATUSn for the pins whose
 * interrupt is enabled on that line.  Level detection keeps re-latching
 * while the level holds, also right after a write-1-to-clear: gpio-omap's
 * omap_gpio_unidle() sets LEVELDETECT0 and LEVELDETECT1 together for a
 * moment to raise an interrupt by software.
 */
static uint32_t omap3_gpio_evaluate(OMAP3GPIOState *s)
{
    uint32_t old = s->pad;
    uint32_t now = omap3_gpio_pad_levels(s);
    uint32_t events;

    s->pad = now;
    omap3_gpio_update_outputs(s);

    if (s->ctrl & R_CTRL_DISABLEMODULE_MASK) {
        return 0;
    }
    events = (~old & now & s->risingdetect) |
             (old & ~now & s->fallingdetect) |
             (~now & s->leveldetect0) |
             (now & s->leveldetect1);
    s->irqstatus1 |= events & s->irqenable1;
    s->irqstatus2 |= events & s->irqenable2;
    return events;
}

static void omap3_gpio_set_input(void *opaque, int pin, int level)
{
    OMAP3GPIOState *s = opaque;
    uint32_t pending = s->irqstatus1 & s->irqenable1;
    uint32_t events;

    if (pin < 0 || pin >= OMAP3_GPIO_PINS) {
        return;
    }

    trace_omap3_gpio_input(s->id, pin, level);
    if (level) {
        s->in_level |= 1u << pin;
    } else {
        s->in_level &= ~(1u << pin);
    }
    events = omap3_gpio_evaluate(s);
    if (omap3_swakeup(s->sysconfig, pending, events, s->wakeupenable)) {
        trace_omap3_gpio_swakeup(s->id, events & s->wakeupenable);
        qemu_irq_pulse(s->swakeup);
    }
    omap3_gpio_update_irq(s);
}

static void omap3_gpio_reset_regs(OMAP3GPIOState *s)
{
    s->sysconfig = 0;
    s->irqstatus1 = 0;
    s->irqenable1 = 0;
    s->wakeupenable = 0;
    s->irqstatus2 = 0;
    s->irqenable2 = 0;
    s->ctrl = CTRL_RESET;
    s->oe = 0xffffffff;
    s->dataout = 0;
    s->leveldetect0 = 0;
    s->leveldetect1 = 0;
    s->risingdetect = 0;
    s->fallingdetect = 0;
    s->debounceenable = 0;
    s->debouncingtime = 0;
    /* No detection is enabled, so this only resamples the pads. */
    omap3_gpio_evaluate(s);
    trace_omap3_gpio_reset(s->id);
}

static uint64_t omap3_gpio_read(void *opaque, hwaddr offset, unsigned size)
{
    OMAP3GPIOState *s = opaque;
    uint64_t value = 0;

    switch (offset) {
    case A_REVISION:
        value = GPIO_REVISION_OMAP3;
        break;
    case A_SYSCONFIG:
        value = s->sysconfig;
        break;
    case A_SYSSTATUS:
        /* The soft reset completes at once. */
        value = R_SYSSTATUS_RESETDONE_MASK;
        break;
    case A_IRQSTATUS1:
        value = s->irqstatus1;
        break;
    case A_IRQENABLE1:
    case A_CLEARIRQENABLE1:
    case A_SETIRQENABLE1:
        value = s->irqenable1;
        break;
    case A_WAKEUPENABLE:
    case A_CLEARWKUENA:
    case A_SETWKUENA:
        value = s->wakeupenable;
        break;
    case A_IRQSTATUS2:
        value = s->irqstatus2;
        break;
    case A_IRQENABLE2:
    case A_CLEARIRQENABLE2:
    case A_SETIRQENABLE2:
        value = s->irqenable2;
        break;
    case A_CTRL:
        value = s->ctrl;
        break;
    case A_OE:
        value = s->oe;
        break;
    case A_DATAIN:
        value = omap3_gpio_pad_levels(s);
        break;
    case A_DATAOUT:
    case A_CLEARDATAOUT:
    case A_SETDATAOUT:
        value = s->dataout;
        break;
    case A_LEVELDETECT0:
        value = s->leveldetect0;
        break;
    case A_LEVELDETECT1:
        value = s->leveldetect1;
        break;
    case A_RISINGDETECT:
        value = s->risingdetect;
        break;
    case A_FALLINGDETECT:
        value = s->fallingdetect;
        break;
    case A_DEBOUNCENABLE:
        value = s->debounceenable;
        break;
    case A_DEBOUNCINGTIME:
        value = s->debouncingtime;
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-gpio%d: read from unknown "
                      "register 0x%03" HWADDR_PRIx "\n", s->id, offset);
        break;
    }

    trace_omap3_gpio_read(s->id, offset, value);
    return value;
}

static void omap3_gpio_write(void *opaque, hwaddr offset, uint64_t value64,
                             unsigned size)
{
    OMAP3GPIOState *s = opaque;
    uint32_t value = value64;

    trace_omap3_gpio_write(s->id, offset, value);

    switch (offset) {
    case A_SYSCONFIG:
        if (value & R_SYSCONFIG_SOFTRESET_MASK) {
            /* Every register back to reset; SOFTRESET self-clears. */
            omap3_gpio_reset_regs(s);
        } else {
            s->sysconfig = value & SYSCONFIG_MASK;
        }
        break;
    case A_IRQSTATUS1:
        s->irqstatus1 &= ~value;
        break;
    case A_IRQENABLE1:
        s->irqenable1 = value;
        break;
    case A_CLEARIRQENABLE1:
        s->irqenable1 &= ~value;
        break;
    case A_SETIRQENABLE1:
        s->irqenable1 |= value;
        break;
    case A_WAKEUPENABLE:
        s->wakeupenable = value;
        break;
    case A_CLEARWKUENA:
        s->wakeupenable &= ~value;
        break;
    case A_SETWKUENA:
        s->wakeupenable |= value;
        break;
    case A_IRQSTATUS2:
        s->irqstatus2 &= ~value;
        break;
    case A_IRQENABLE2:
        s->irqenable2 = value;
        break;
    case A_CLEARIRQENABLE2:
        s->irqenable2 &= ~value;
        break;
    case A_SETIRQENABLE2:
        s->irqenable2 |= value;
        break;
    case A_CTRL:
        s->ctrl = value & CTRL_MASK;
        break;
    case A_OE:
        s->oe = value;
        break;
    case A_DATAOUT:
        s->dataout = value;
        break;
    case A_CLEARDATAOUT:
        s->dataout &= ~value;
        break;
    case A_SETDATAOUT:
        s->dataout |= value;
        break;
    case A_LEVELDETECT0:
        s->leveldetect0 = value;
        break;
    case A_LEVELDETECT1:
        s->leveldetect1 = value;
        break;
    case A_RISINGDETECT:
        s->risingdetect = value;
        break;
    case A_FALLINGDETECT:
        s->fallingdetect = value;
        break;
    case A_DEBOUNCENABLE:
        s->debounceenable = value;
        break;
    case A_DEBOUNCINGTIME:
        s->debouncingtime = value & 0xff;
        break;
    case A_REVISION:
    case A_SYSSTATUS:
    case A_DATAIN:
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-gpio%d: write to read-only "
                      "register 0x%02" HWADDR_PRIx "\n", s->id, offset);
        return;
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-gpio%d: write to unknown "
                      "register 0x%03" HWADDR_PRIx "\n", s->id, offset);
        return;
    }

    /* Any write may change the pads, the detection or the gating. */
    omap3_gpio_evaluate(s);
    omap3_gpio_update_irq(s);
}

static const MemoryRegionOps omap3_gpio_ops = {
    .read = omap3_gpio_read,
    .write = omap3_gpio_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    /* 32-bit registers; omap_gpio_show_rev() reads REVISION with readw. */
    .valid = {
        .min_access_size = 1,
        .max_access_size = 4,
    },
    .impl = {
        .min_access_size = 4,
        .max_access_size = 4,
    },
};

static void omap3_gpio_reset_hold(Object *obj, ResetType type)
{
    OMAP3GPIOState *s = OMAP3_GPIO(obj);

    omap3_gpio_reset_regs(s);
    omap3_gpio_update_irq(s);
}

static void omap3_gpio_init(Object *obj)
{
    OMAP3GPIOState *s = OMAP3_GPIO(obj);
    SysBusDevice *sbd = SYS_BUS_DEVICE(obj);
    DeviceState *dev = DEVICE(obj);

    memory_region_init_io(&s->iomem, obj, &omap3_gpio_ops, s,
                          TYPE_OMAP3_GPIO, 0x1000);
    sysbus_init_mmio(sbd, &s->iomem);
    sysbus_init_irq(sbd, &s->irq[0]);
    sysbus_init_irq(sbd, &s->irq[1]);
    qdev_init_gpio_in(dev, omap3_gpio_set_input, OMAP3_GPIO_PINS);
    qdev_init_gpio_out(dev, s->out, OMAP3_GPIO_PINS);
    qdev_init_gpio_out_named(dev, &s->swakeup, "swakeup", 1);
}

static void omap3_gpio_realize(DeviceState *dev, Error **errp)
{
    OMAP3GPIOState *s = OMAP3_GPIO(dev);

    if (s->id < 1 || s->id > 6) {
        error_setg(errp, "omap3-gpio: property 'id' must be 1..6");
    }
}

static const VMStateDescription vmstate_omap3_gpio = {
    .name = TYPE_OMAP3_GPIO,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(in_level, OMAP3GPIOState),
        VMSTATE_UINT32(pad, OMAP3GPIOState),
        VMSTATE_UINT32(out_level, OMAP3GPIOState),
        VMSTATE_UINT32(sysconfig, OMAP3GPIOState),
        VMSTATE_UINT32(irqstatus1, OMAP3GPIOState),
        VMSTATE_UINT32(irqenable1, OMAP3GPIOState),
        VMSTATE_UINT32(wakeupenable, OMAP3GPIOState),
        VMSTATE_UINT32(irqstatus2, OMAP3GPIOState),
        VMSTATE_UINT32(irqenable2, OMAP3GPIOState),
        VMSTATE_UINT32(ctrl, OMAP3GPIOState),
        VMSTATE_UINT32(oe, OMAP3GPIOState),
        VMSTATE_UINT32(dataout, OMAP3GPIOState),
        VMSTATE_UINT32(leveldetect0, OMAP3GPIOState),
        VMSTATE_UINT32(leveldetect1, OMAP3GPIOState),
        VMSTATE_UINT32(risingdetect, OMAP3GPIOState),
        VMSTATE_UINT32(fallingdetect, OMAP3GPIOState),
        VMSTATE_UINT32(debounceenable, OMAP3GPIOState),
        VMSTATE_UINT32(debouncingtime, OMAP3GPIOState),
        VMSTATE_END_OF_LIST()
    },
};

static const Property omap3_gpio_properties[] = {
    DEFINE_PROP_UINT8("id", OMAP3GPIOState, id, 0),
};

static void omap3_gpio_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->desc = "OMAP3 GPIO bank";
    dc->realize = omap3_gpio_realize;
    dc->vmsd = &vmstate_omap3_gpio;
    rc->phases.hold = omap3_gpio_reset_hold;
    device_class_set_props(dc, omap3_gpio_properties);
}

static const TypeInfo omap3_gpio_info = {
    .name = TYPE_OMAP3_GPIO,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3GPIOState),
    .instance_init = omap3_gpio_init,
    .class_init = omap3_gpio_class_init,
};

static void omap3_gpio_register_types(void)
{
    type_register_static(&omap3_gpio_info);
}

type_init(omap3_gpio_register_types)
