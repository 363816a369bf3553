/*
 * OMAP3630 SDRAM Memory Scheduler (SMS, 0x6C000000, on the L3).
 *
 * The SMS sits between the L3 and the SDRC: it arbitrates the initiators,
 * enforces the SDRAM firewall regions and implements the VRFB rotation
 * engines.  Linux touches very little of it: omap2_sdrc_init() sets
 * SMS_SYSCONFIG.SIDLEMODE to smart idle and saves it, the CORE OFF restore
 * writes it back (omap2_sms_restore_context), and on GP devices
 * is_sram_locked() in sram.c opens firewall region 0 by writing
 * 0xFFFFFFFF to SMS_RG_ATT0 (0x6C000048).
 *
 * Modelled: REVISION (read-only), the SYSCONFIG soft-reset handshake with
 * SYSSTATUS.RESETDONE, and every other register of the block (firewall
 * regions, arbitration, error log, power control, rotation contexts) as
 * plain storage that reads back what was written.  Not modelled: any effect
 * of those registers (no firewall violations, no rotation, no error
 * capture).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bitops.h"
#include "hw/sysbus.h"
#include "migration/vmstate.h"
#include "omap3630.h"
#include "omap3_sms.h"
#include "omap3_sms_regs.h"
#include "omap3_lanes.h"
#include "trace.h"

#define OMAP3_SMS_SIZE      0x1000
/*
 * The SMS registers occupy 0x000..0x23F: SYSCONFIG/SYSSTATUS, eight
 * firewall regions from 0x048 (RG_ATTn, RG_RDPERMn, RG_WRPERMn, RG_STARTn,
 * RG_ENDn, stride 0x20), security control, class arbiters and rotation
 * (0x150..0x16C), ERR_ADDR 0x170, ERR_TYPE 0x174, POW_CTRL 0x178, and the
 * twelve VRFB contexts from 0x180 (stride 0x10).
 */

/* Believed SMS IP revision on OMAP3 (Linux never reads it). */
#define OMAP3_SMS_REV       0x00000030

/* SYSCONFIG's writable bits (SOFTRESET reads 0) */
#define SYSCONFIG_MASK      (R_SMS_SYSCONFIG_AUTOIDLE_MASK | \
                             R_SMS_SYSCONFIG_SIDLEMODE_MASK)

static void omap3_sms_reset_regs(OMAP3SMSState *s)
{
    /*
     * Reset values are 0 except SIDLEMODE, which comes up as smart idle
     * (SMS_SYSCONFIG reset value 0x10).
     */
    memset(s->regs, 0, sizeof(s->regs));
    s->regs[R_SMS_SYSCONFIG] = 0x00000010;
}

static uint32_t omap3_sms_read_word(OMAP3SMSState *s, hwaddr offset)
{
    switch (offset) {
    case A_SMS_REVISION:
        return OMAP3_SMS_REV;
    case A_SMS_SYSSTATUS:
        /* The soft reset completes at once. */
        return R_SMS_SYSSTATUS_RESETDONE_MASK;
    default:
        return s->regs[offset / 4];
    }
}

static void omap3_sms_write_word(OMAP3SMSState *s, hwaddr offset,
                                 uint32_t val)
{
    switch (offset) {
    case A_SMS_REVISION:
    case A_SMS_SYSSTATUS:
    case A_SMS_ERR_ADDR:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "%s: write to read-only register 0x%03" HWADDR_PRIx
                      "\n", __func__, offset);
        break;
    case A_SMS_SYSCONFIG:
        if (val & R_SMS_SYSCONFIG_SOFTRESET_MASK) {
            /* SOFTRESET resets every register and reads back 0 at once. */
            trace_omap3_sms_softreset();
            omap3_sms_reset_regs(s);
            break;
        }
        s->regs[offset / 4] = val & SYSCONFIG_MASK;
        break;
    default:
        s->regs[offset / 4] = val;
        break;
    }
}

static uint64_t omap3_sms_read(void *opaque, hwaddr addr, unsigned size)
{
    OMAP3SMSState *s = opaque;
    uint64_t val;

    if (addr >= OMAP3_SMS_REGS_END) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: no register at 0x%03"
                      HWADDR_PRIx "\n", __func__, addr);
        return 0;
    }
    val = omap3_lane_read(omap3_sms_read_word(s, addr & ~3), addr, size);
    trace_omap3_sms_read(addr, size, val);
    return val;
}

static void omap3_sms_write(void *opaque, hwaddr addr, uint64_t value,
                            unsigned size)
{
    OMAP3SMSState *s = opaque;
    hwaddr offset = addr & ~3;

    trace_omap3_sms_write(addr, size, value);
    if (addr >= OMAP3_SMS_REGS_END) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: no register at 0x%03"
                      HWADDR_PRIx "\n", __func__, addr);
        return;
    }
    /* Narrow writes update their byte lanes only. */
    omap3_sms_write_word(s, offset,
                         omap3_lane_merge(omap3_sms_read_word(s, offset),
                                          addr, size, value));
}

static const MemoryRegionOps omap3_sms_ops = {
    .read = omap3_sms_read,
    .write = omap3_sms_write,
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

static void omap3_sms_reset_hold(Object *obj, ResetType type)
{
    omap3_sms_reset_regs(OMAP3_SMS(obj));
}

static void omap3_sms_init(Object *obj)
{
    OMAP3SMSState *s = OMAP3_SMS(obj);

    memory_region_init_io(&s->iomem, obj, &omap3_sms_ops, s,
                          TYPE_OMAP3_SMS, OMAP3_SMS_SIZE);
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->iomem);
}

static const VMStateDescription vmstate_omap3_sms = {
    .name = TYPE_OMAP3_SMS,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(regs, OMAP3SMSState, OMAP3_SMS_WORDS),
        VMSTATE_END_OF_LIST()
    },
};

static void omap3_sms_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->desc = "OMAP3 SDRAM memory scheduler (SMS)";
    dc->vmsd = &vmstate_omap3_sms;
    rc->phases.hold = omap3_sms_reset_hold;
}

static const TypeInfo omap3_sms_info = {
    .name = TYPE_OMAP3_SMS,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3SMSState),
    .instance_init = omap3_sms_init,
    .class_init = omap3_sms_class_init,
};

static void omap3_sms_register_types(void)
{
    type_register_static(&omap3_sms_info);
}

type_init(omap3_sms_register_types)
