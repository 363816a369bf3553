/*
 * OMAP3630 HDQ/1-Wire controller (HDQ1W, 0x480B2000, INTC 58), in HDQ mode
 * with nothing on the line, as on the N9.
 *
 * Linux's omap_hdq driver (drivers/w1/masters/omap_hdq.c) starts each
 * transaction by setting CTRL_STATUS.GO (with INITIALIZATION for a break
 * pulse, DIR for a read) and sleeps until the interrupt reports
 * INT_STATUS (read to clear): TIMEOUT after a break (then PRESENCE tells
 * whether a slave answered), TXCOMPLETE after a write, RXCOMPLETE or
 * TIMEOUT after a read.  Without those interrupts each transaction costs
 * the driver's 200 ms timeout and keeps the module's functional clock, and
 * so the CORE power domain, on for that long; the model answers as the
 * controller does with an empty line: a break and a read end in TIMEOUT
 * without PRESENCE, a write completes, each after the line time of the
 * HDQ protocol (a break: 190 us low + 40 us recovery; a byte: 8 bit
 * cycles of 190 us; TI's bq27xxx HDQ timing, minimum values), on the
 * virtual clock.  The hwmod reset (SYSCONFIG.SOFTRESET, SYSSTATUS bit 0)
 * completes at once.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qemu/timer.h"
#include "hw/irq.h"
#include "hw/sysbus.h"
#include "migration/vmstate.h"
#include "omap3630.h"
#include "omap3_hdq.h"
#include "omap3_hdq_regs.h"
#include "trace.h"

/* SYSCONFIG: what is stored (SOFTRESET self-clears) */
#define SYSCONFIG_MASK      (R_HDQ_SYSCONFIG_AUTOIDLE_MASK | \
                             R_HDQ_SYSCONFIG_ENAWAKEUP_MASK | \
                             R_HDQ_SYSCONFIG_IDLEMODE_MASK)

/* HDQ line times (bq27xxx HDQ protocol, minimum values) */
#define HDQ_BREAK_NS        (190000 + 40000)
#define HDQ_BYTE_NS         (8 * 190000)

/* REV as omap_hdq_probe prints it ("OMAP HDQ Hardware Rev 0.0") */
#define OMAP3_HDQ_REV       0x0

static void omap3_hdq_update_irq(OMAP3HDQState *s)
{
    qemu_set_irq(s->irq, s->int_status &&
                 (s->ctrl & R_CTRL_STATUS_INTERRUPTMASK_MASK));
}

static void omap3_hdq_reset_regs(OMAP3HDQState *s)
{
    timer_del(s->timer);
    s->tx_data = 0;
    s->ctrl = 0;
    s->int_status = 0;
    s->sysconfig = 0;
    s->pending = 0;
}

/* The transaction on the line is over. */
static void omap3_hdq_done(void *opaque)
{
    OMAP3HDQState *s = opaque;

    s->ctrl &= ~(R_CTRL_STATUS_GO_MASK | R_CTRL_STATUS_INITIALIZATION_MASK |
                 R_CTRL_STATUS_PRESENCE_MASK);
    s->int_status |= s->pending;
    trace_omap3_hdq_done(s->pending);
    s->pending = 0;
    omap3_hdq_update_irq(s);
}

/* GO: a break, a write or a read, on an empty line. */
static void omap3_hdq_start(OMAP3HDQState *s)
{
    int64_t ns;

    if (s->ctrl & R_CTRL_STATUS_INITIALIZATION_MASK) {
        s->pending = R_INT_STATUS_TIMEOUT_MASK; /* no presence pulse */
        ns = HDQ_BREAK_NS;
    } else if (s->ctrl & R_CTRL_STATUS_DIR_MASK) {
        s->pending = R_INT_STATUS_TIMEOUT_MASK; /* no slave answers */
        ns = HDQ_BYTE_NS;
    } else {
        s->pending = R_INT_STATUS_TXCOMPLETE_MASK;
        ns = HDQ_BYTE_NS;
    }
    trace_omap3_hdq_start(s->ctrl, ns);
    timer_mod(s->timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) + ns);
}

static uint64_t omap3_hdq_read(void *opaque, hwaddr addr, unsigned size)
{
    OMAP3HDQState *s = opaque;
    uint32_t val;

    switch (addr) {
    case A_HDQ_REVISION:
        val = OMAP3_HDQ_REV;
        break;
    case A_TX_DATA:
        val = s->tx_data;
        break;
    case A_RX_DATA:
        val = 0xff;                             /* an idle, pulled-up line */
        break;
    case A_CTRL_STATUS:
        val = s->ctrl;
        break;
    case A_INT_STATUS:
        /* clears on read */
        val = s->int_status;
        s->int_status = 0;
        omap3_hdq_update_irq(s);
        break;
    case A_HDQ_SYSCONFIG:
        val = s->sysconfig;
        break;
    case A_HDQ_SYSSTATUS:
        val = R_HDQ_SYSSTATUS_RESETDONE_MASK;
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-hdq: read of unknown register"
                      " 0x%" HWADDR_PRIx "\n", addr);
        return 0;
    }
    return val;
}

static void omap3_hdq_write(void *opaque, hwaddr addr, uint64_t value,
                            unsigned size)
{
    OMAP3HDQState *s = opaque;

    switch (addr) {
    case A_TX_DATA:
        s->tx_data = value;
        break;
    case A_CTRL_STATUS:
        s->ctrl = (value & 0xff) & ~R_CTRL_STATUS_PRESENCE_MASK;
        if ((value & R_CTRL_STATUS_GO_MASK) && !timer_pending(s->timer)) {
            omap3_hdq_start(s);
        }
        omap3_hdq_update_irq(s);
        break;
    case A_HDQ_SYSCONFIG:
        if (value & R_HDQ_SYSCONFIG_SOFTRESET_MASK) {
            omap3_hdq_reset_regs(s);
            omap3_hdq_update_irq(s);
        } else {
            s->sysconfig = value & SYSCONFIG_MASK;
        }
        break;
    case A_HDQ_REVISION:
    case A_RX_DATA:
    case A_INT_STATUS:
    case A_HDQ_SYSSTATUS:
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-hdq: write to read-only "
                      "register 0x%" HWADDR_PRIx "\n", addr);
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-hdq: write of unknown register"
                      " 0x%" HWADDR_PRIx "\n", addr);
        break;
    }
}

static const MemoryRegionOps omap3_hdq_ops = {
    .read = omap3_hdq_read,
    .write = omap3_hdq_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 1, .max_access_size = 4 },
    .impl = { .min_access_size = 4, .max_access_size = 4 },
};

static void omap3_hdq_reset_hold(Object *obj, ResetType type)
{
    omap3_hdq_reset_regs(OMAP3_HDQ(obj));
}

static void omap3_hdq_reset_exit(Object *obj, ResetType type)
{
    omap3_hdq_update_irq(OMAP3_HDQ(obj));
}

static void omap3_hdq_init(Object *obj)
{
    OMAP3HDQState *s = OMAP3_HDQ(obj);

    memory_region_init_io(&s->iomem, obj, &omap3_hdq_ops, s, TYPE_OMAP3_HDQ,
                          0x1000);
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->iomem);
    sysbus_init_irq(SYS_BUS_DEVICE(obj), &s->irq);
    s->timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, omap3_hdq_done, s);
}

static void omap3_hdq_finalize(Object *obj)
{
    timer_free(OMAP3_HDQ(obj)->timer);
}

static const VMStateDescription vmstate_omap3_hdq = {
    .name = TYPE_OMAP3_HDQ,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT8(tx_data, OMAP3HDQState),
        VMSTATE_UINT8(ctrl, OMAP3HDQState),
        VMSTATE_UINT8(int_status, OMAP3HDQState),
        VMSTATE_UINT8(sysconfig, OMAP3HDQState),
        VMSTATE_UINT8(pending, OMAP3HDQState),
        VMSTATE_TIMER_PTR(timer, OMAP3HDQState),
        VMSTATE_END_OF_LIST()
    },
};

static void omap3_hdq_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->desc = "OMAP3 HDQ/1-Wire controller";
    dc->vmsd = &vmstate_omap3_hdq;
    rc->phases.hold = omap3_hdq_reset_hold;
    rc->phases.exit = omap3_hdq_reset_exit;
}

static const TypeInfo omap3_hdq_info = {
    .name = TYPE_OMAP3_HDQ,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3HDQState),
    .instance_init = omap3_hdq_init,
    .instance_finalize = omap3_hdq_finalize,
    .class_init = omap3_hdq_class_init,
};

static void omap3_hdq_register_types(void)
{
    type_register_static(&omap3_hdq_info);
}

type_init(omap3_hdq_register_types)
