/*
 * OMAP3 MPU subsystem interrupt controller (INTCPS, 0x48200000).
 *
 * 96 level-sensitive interrupt inputs in three banks of 32, each with a
 * mask bit (MIR), a software-set bit (ISR_SET), and an ILR register that
 * gives its priority (0 = highest, 63 = lowest) and routes it to nIRQ or
 * nFIQ.  The controller sorts the unmasked pending inputs of each output,
 * lowest priority number first and the lowest line number among equals,
 * latches the winner in SIR_IRQ / SIR_FIQ and asserts the output; the
 * result stays frozen until software writes NEWIRQAGR / NEWFIQAGR to
 * CONTROL, which starts a new sorting.  Linux drives it from
 * drivers/irqchip/irq-omap-intc.c.
 *
 * Modelled: all registers Linux touches (revision, soft reset handshake,
 * SIR_IRQ/SIR_FIQ with the spurious flag, CONTROL, PROTECTION and IDLE as
 * storage, IRQ/FIQ_PRIORITY, THRESHOLD, ITR/MIR/MIR_CLEAR/MIR_SET/ISR_SET/
 * ISR_CLEAR/PENDING_IRQ/PENDING_FIQ per bank, ILR), plus the nonexistent
 * "MIR3" at 0xE4 as storage because omap_intc_save_context() touches it.
 * Not modelled: the sorting latency (so a sorting is never spurious), the
 * PROTECTION user-mode restriction, and autoidle/turbo power behaviour.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "hw/irq.h"
#include "hw/sysbus.h"
#include "hw/qdev-core.h"
#include "migration/vmstate.h"
#include "qapi/visitor.h"
#include "omap3630.h"
#include "omap3_intc.h"
#include "omap3_intc_regs.h"
#include "trace.h"

/* Registers: omap3_intc_regs.h */
#define RESERVED_20     0x20    /* no register; see omap3_intc_read() */
#define BANKS_END       0x100   /* bank 3 (0xe0..0xff) does not exist */
/* The offset of register X inside a bank */
#define BANK_REG(x)     (A_INTCPS_##x##0 - A_INTCPS_ITR0)
/* The bank of register offset @a, and its offset inside the bank */
#define BANK_OF(a)      (((a) - A_INTCPS_ITR0) / OMAP3_INTC_BANK_STRIDE)
#define IN_BANK(a)      (((a) - A_INTCPS_ITR0) % OMAP3_INTC_BANK_STRIDE)
#define ILR_END         (A_INTCPS_ILR0 + 4 * OMAP3_NUM_IRQS)

/* Linux prints REVISION[7:0] as "revision 4.0" on OMAP3. */
#define OMAP3_INTC_REV          0x00000040

#define PROTECTION_MASK         0x1
#define IDLE_MASK               0x3     /* FUNCIDLE, TURBO */
#define THRESHOLD_MASK          0xff
#define THRESHOLD_DISABLED      0xff
#define ILR_MASK                0xfd    /* PRIORITY[7:2], FIQNIRQ[0] */

/* SIR_IRQ/SIR_FIQ and IRQ/FIQ_PRIORITY: bits 31:7 all ones = spurious
 * (omap_intc_handle_irq() tests exactly this, SPURIOUSIRQ_MASK). */
#define SPURIOUS_FLAG           0xffffff80u
#define ACTIVE_MASK             0x7f

enum { OUT_IRQ, OUT_FIQ };

static const char *const out_name[OMAP3_INTC_NOUT] = { "irq", "fiq" };

static uint32_t omap3_intc_pending(OMAP3INTCState *s, int bank, int out)
{
    uint32_t pend = (s->level[bank] | s->swi[bank]) & ~s->mir[bank];
    uint32_t routed = 0;
    int i;

    for (i = 0; i < 32; i++) {
        if (FIELD_EX32(s->ilr[bank * 32 + i], INTCPS_ILR0, FIQNIRQ) ==
            (out == OUT_FIQ)) {
            routed |= 1u << i;
        }
    }
    return pend & routed;
}

/* Priority sorting for one output: the lowest priority number wins, the
 * lowest line number among equals; THRESHOLD drops priorities >= it. */
static int omap3_intc_sort(OMAP3INTCState *s, int out, uint8_t *prio)
{
    int best = -1;
    unsigned best_prio = ~0u;
    int bank, i;

    for (bank = 0; bank < OMAP3_INTC_NBANKS; bank++) {
        uint32_t pend = omap3_intc_pending(s, bank, out);

        while (pend) {
            unsigned p;

            i = ctz32(pend);
            pend &= pend - 1;
            p = FIELD_EX32(s->ilr[bank * 32 + i], INTCPS_ILR0, PRIORITY);
            if (s->threshold != THRESHOLD_DISABLED && p >= s->threshold) {
                continue;
            }
            if (p < best_prio) {
                best_prio = p;
                best = bank * 32 + i;
            }
        }
    }
    if (best >= 0) {
        *prio = best_prio;
    }
    return best;
}

/* Start a sorting on every output that is not frozen, and drive the
 * outputs from the latched results. */
static void omap3_intc_update(OMAP3INTCState *s)
{
    int out;

    for (out = 0; out < OMAP3_INTC_NOUT; out++) {
        if (s->active[out] < 0) {
            s->active[out] = omap3_intc_sort(s, out, &s->active_prio[out]);
            if (s->active[out] >= 0) {
                trace_omap3_intc_sorted(out_name[out], s->active[out],
                                        s->active_prio[out]);
            }
        }
        qemu_set_irq(s->out[out], s->active[out] >= 0);
    }
}

static void omap3_intc_new_agreement(OMAP3INTCState *s, int out)
{
    s->active[out] = -1;
}

static void omap3_intc_set_irq(void *opaque, int line, int level)
{
    OMAP3INTCState *s = opaque;
    uint32_t bit = 1u << (line % 32);

    trace_omap3_intc_set_irq(line, level);
    if (level) {
        s->level[line / 32] |= bit;
    } else {
        s->level[line / 32] &= ~bit;
    }
    omap3_intc_update(s);
}

/* Registers of the module; the input lines are wires and keep their level. */
static void omap3_intc_reset_regs(OMAP3INTCState *s)
{
    int i;

    for (i = 0; i < OMAP3_INTC_NMIR; i++) {
        s->mir[i] = 0xffffffff;
    }
    memset(s->swi, 0, sizeof(s->swi));
    memset(s->ilr, 0, sizeof(s->ilr));
    s->sysconfig = 0;
    s->protection = 0;
    s->idle = 0;
    s->threshold = THRESHOLD_DISABLED;
    for (i = 0; i < OMAP3_INTC_NOUT; i++) {
        s->active[i] = -1;
        s->active_prio[i] = 0;
    }
}

static uint32_t omap3_intc_sir(OMAP3INTCState *s, int out, bool prio)
{
    if (s->active[out] < 0) {
        return SPURIOUS_FLAG;
    }
    return (prio ? s->active_prio[out] : s->active[out]) & ACTIVE_MASK;
}

static uint32_t omap3_intc_bank_read(OMAP3INTCState *s, int bank, hwaddr reg,
                                     hwaddr addr)
{
    if (bank >= OMAP3_INTC_NBANKS) {
        /* Only "MIR3" is accepted, see omap_intc_save_context(). */
        if (reg == BANK_REG(MIR)) {
            return s->mir[bank];
        }
        qemu_log_mask(LOG_GUEST_ERROR, "%s: bad register offset 0x%"
                      HWADDR_PRIx "\n", __func__, addr);
        return 0;
    }

    switch (reg) {
    case BANK_REG(ITR):
        return s->level[bank];
    case BANK_REG(MIR):
        return s->mir[bank];
    case BANK_REG(ISR_SET):
        return s->swi[bank];
    case BANK_REG(PENDING_IRQ):
        /* Masked status: omap_irq_pending() on the idle path relies on it. */
        return omap3_intc_pending(s, bank, OUT_IRQ);
    case BANK_REG(PENDING_FIQ):
        return omap3_intc_pending(s, bank, OUT_FIQ);
    case BANK_REG(MIR_CLEAR):
    case BANK_REG(MIR_SET):
    case BANK_REG(ISR_CLEAR):
        /* Write-only registers. */
        return 0;
    }
    g_assert_not_reached();
}

static uint64_t omap3_intc_read(void *opaque, hwaddr addr, unsigned size)
{
    OMAP3INTCState *s = opaque;
    uint32_t val;

    if (addr >= A_INTCPS_ITR0 && addr < BANKS_END) {
        val = omap3_intc_bank_read(s, BANK_OF(addr), IN_BANK(addr), addr);
    } else if (addr >= A_INTCPS_ILR0 && addr < ILR_END) {
        val = s->ilr[(addr - A_INTCPS_ILR0) / 4];
    } else {
        switch (addr) {
        case A_INTCPS_REVISION:
            val = OMAP3_INTC_REV;
            break;
        case A_INTCPS_SYSCONFIG:
            val = s->sysconfig;
            break;
        case A_INTCPS_SYSSTATUS:
            /* The soft reset completes at once. */
            val = R_INTCPS_SYSSTATUS_RESETDONE_MASK;
            break;
        case A_INTCPS_SIR_IRQ:
            val = omap3_intc_sir(s, OUT_IRQ, false);
            break;
        case A_INTCPS_SIR_FIQ:
            val = omap3_intc_sir(s, OUT_FIQ, false);
            break;
        case A_INTCPS_IRQ_PRIORITY:
            val = omap3_intc_sir(s, OUT_IRQ, true);
            break;
        case A_INTCPS_FIQ_PRIORITY:
            val = omap3_intc_sir(s, OUT_FIQ, true);
            break;
        case A_INTCPS_CONTROL:
            val = 0;
            break;
        case RESERVED_20:
            /*
             * Nothing here, but omap_alloc_gc_legacy() bases the generic
             * chip of lines 32..63 at +0x20 and IRQ_GC_INIT_MASK_CACHE
             * reads it at every boot: read 0 without a guest-error report.
             */
            val = 0;
            break;
        case A_INTCPS_PROTECTION:
            val = s->protection;
            break;
        case A_INTCPS_IDLE:
            val = s->idle;
            break;
        case A_INTCPS_THRESHOLD:
            val = s->threshold;
            break;
        default:
            qemu_log_mask(LOG_GUEST_ERROR, "%s: bad register offset 0x%"
                          HWADDR_PRIx "\n", __func__, addr);
            val = 0;
            break;
        }
    }
    trace_omap3_intc_read(addr, val);
    return val;
}

static void omap3_intc_bank_write(OMAP3INTCState *s, int bank, hwaddr reg,
                                  hwaddr addr, uint32_t val)
{
    if (bank >= OMAP3_INTC_NBANKS) {
        if (reg == BANK_REG(MIR)) {
            s->mir[bank] = val;
        } else {
            qemu_log_mask(LOG_GUEST_ERROR, "%s: bad register offset 0x%"
                          HWADDR_PRIx "\n", __func__, addr);
        }
        return;
    }

    switch (reg) {
    case BANK_REG(MIR):
        s->mir[bank] = val;
        break;
    case BANK_REG(MIR_CLEAR):
        s->mir[bank] &= ~val;
        break;
    case BANK_REG(MIR_SET):
        s->mir[bank] |= val;
        break;
    case BANK_REG(ISR_SET):
        s->swi[bank] |= val;
        break;
    case BANK_REG(ISR_CLEAR):
        s->swi[bank] &= ~val;
        break;
    case BANK_REG(ITR):
    case BANK_REG(PENDING_IRQ):
    case BANK_REG(PENDING_FIQ):
        qemu_log_mask(LOG_GUEST_ERROR, "%s: write to read-only register 0x%"
                      HWADDR_PRIx "\n", __func__, addr);
        return;
    default:
        g_assert_not_reached();
    }
    omap3_intc_update(s);
}

static void omap3_intc_write(void *opaque, hwaddr addr, uint64_t value,
                             unsigned size)
{
    OMAP3INTCState *s = opaque;
    uint32_t val = value;

    trace_omap3_intc_write(addr, val);

    if (addr >= A_INTCPS_ITR0 && addr < BANKS_END) {
        omap3_intc_bank_write(s, BANK_OF(addr), IN_BANK(addr), addr, val);
        return;
    }
    if (addr >= A_INTCPS_ILR0 && addr < ILR_END) {
        /* Takes effect at the next sorting. */
        s->ilr[(addr - A_INTCPS_ILR0) / 4] = val & ILR_MASK;
        omap3_intc_update(s);
        return;
    }

    switch (addr) {
    case A_INTCPS_SYSCONFIG:
        if (val & R_INTCPS_SYSCONFIG_SOFTRESET_MASK) {
            /* omap_irq_soft_reset() polls SYSSTATUS with no timeout. */
            trace_omap3_intc_softreset();
            omap3_intc_reset_regs(s);
            omap3_intc_update(s);
            break;
        }
        s->sysconfig = val & R_INTCPS_SYSCONFIG_AUTOIDLE_MASK;
        break;
    case A_INTCPS_CONTROL:
        /* omap_ack_irq() writes NEWIRQAGR after masking the line. */
        if (val & R_INTCPS_CONTROL_NEWIRQAGR_MASK) {
            omap3_intc_new_agreement(s, OUT_IRQ);
        }
        if (val & R_INTCPS_CONTROL_NEWFIQAGR_MASK) {
            omap3_intc_new_agreement(s, OUT_FIQ);
        }
        omap3_intc_update(s);
        break;
    case A_INTCPS_PROTECTION:
        if (val & PROTECTION_MASK) {
            qemu_log_mask(LOG_UNIMP, "%s: PROTECTION (user-mode access "
                          "restriction) not enforced\n", __func__);
        }
        s->protection = val & PROTECTION_MASK;
        break;
    case A_INTCPS_IDLE:
        s->idle = val & IDLE_MASK;
        break;
    case A_INTCPS_THRESHOLD:
        s->threshold = val & THRESHOLD_MASK;
        omap3_intc_update(s);
        break;
    case A_INTCPS_REVISION:
    case A_INTCPS_SYSSTATUS:
    case A_INTCPS_SIR_IRQ:
    case A_INTCPS_SIR_FIQ:
    case A_INTCPS_IRQ_PRIORITY:
    case A_INTCPS_FIQ_PRIORITY:
        qemu_log_mask(LOG_GUEST_ERROR, "%s: write to read-only register 0x%"
                      HWADDR_PRIx "\n", __func__, addr);
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "%s: bad register offset 0x%"
                      HWADDR_PRIx "\n", __func__, addr);
        break;
    }
}

static const MemoryRegionOps omap3_intc_ops = {
    .read = omap3_intc_read,
    .write = omap3_intc_write,
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

static void omap3_intc_reset_hold(Object *obj, ResetType type)
{
    OMAP3INTCState *s = OMAP3_INTC(obj);

    /*
     * The input lines (ITR) are not state of the INTC but the levels its
     * sources drive: a reset of the INTC alone (CORE back from OFF) keeps
     * them, and at a system reset each source drives its own.
     */
    omap3_intc_reset_regs(s);
}

static void omap3_intc_reset_exit(Object *obj, ResetType type)
{
    omap3_intc_update(OMAP3_INTC(obj));
}

static void omap3_intc_get_active(Object *obj, Visitor *v, const char *name,
                                  void *opaque, Error **errp)
{
    int32_t line = OMAP3_INTC(obj)->active[OUT_IRQ];

    visit_type_int32(v, name, &line, errp);
}

static void omap3_intc_init(Object *obj)
{
    OMAP3INTCState *s = OMAP3_INTC(obj);
    SysBusDevice *sbd = SYS_BUS_DEVICE(obj);
    int i;

    memory_region_init_io(&s->iomem, obj, &omap3_intc_ops, s,
                          TYPE_OMAP3_INTC, 0x1000);
    sysbus_init_mmio(sbd, &s->iomem);
    for (i = 0; i < OMAP3_INTC_NOUT; i++) {
        sysbus_init_irq(sbd, &s->out[i]);
    }
    qdev_init_gpio_in(DEVICE(obj), omap3_intc_set_irq, OMAP3_NUM_IRQS);
    /* the line nIRQ asserts for, or -1 (SIR_IRQ as sorted) */
    object_property_add(obj, "active-irq", "int32", omap3_intc_get_active,
                        NULL, NULL, NULL);
}

static const VMStateDescription vmstate_omap3_intc = {
    .name = TYPE_OMAP3_INTC,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(level, OMAP3INTCState, OMAP3_INTC_NBANKS),
        VMSTATE_UINT32_ARRAY(swi, OMAP3INTCState, OMAP3_INTC_NBANKS),
        VMSTATE_UINT32_ARRAY(mir, OMAP3INTCState, OMAP3_INTC_NMIR),
        VMSTATE_UINT8_ARRAY(ilr, OMAP3INTCState, OMAP3_NUM_IRQS),
        VMSTATE_UINT32(sysconfig, OMAP3INTCState),
        VMSTATE_UINT32(protection, OMAP3INTCState),
        VMSTATE_UINT32(idle, OMAP3INTCState),
        VMSTATE_UINT32(threshold, OMAP3INTCState),
        VMSTATE_INT32_ARRAY(active, OMAP3INTCState, OMAP3_INTC_NOUT),
        VMSTATE_UINT8_ARRAY(active_prio, OMAP3INTCState, OMAP3_INTC_NOUT),
        VMSTATE_END_OF_LIST()
    },
};

static void omap3_intc_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->desc = "OMAP3 MPU interrupt controller";
    dc->vmsd = &vmstate_omap3_intc;
    rc->phases.hold = omap3_intc_reset_hold;
    rc->phases.exit = omap3_intc_reset_exit;
}

static const TypeInfo omap3_intc_info = {
    .name = TYPE_OMAP3_INTC,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3INTCState),
    .instance_init = omap3_intc_init,
    .class_init = omap3_intc_class_init,
};

static void omap3_intc_register_types(void)
{
    type_register_static(&omap3_intc_info);
}

type_init(omap3_intc_register_types)
