/*
 * A generic OMAP3 interconnect module that Linux only resets and probes.
 *
 * Every OMAP3 module with a device-tree node is enabled and soft-reset at
 * boot, even when its driver is not built or its node is disabled
 * (omap_hwmod_setup_all for "ti,hwmods" nodes, drivers/bus/ti-sysc.c for
 * "ti,sysc" target modules): SYSCONFIG.SOFTRESET is set and then either
 * SYSSTATUS.RESETDONE (bit 0) is polled or, for modules without SYSSTATUS,
 * SOFTRESET is polled until it reads back 0 (10 ms bound, then "OCP
 * softreset timed out" / "softreset failed").  This device stands in for
 * such modules (McSPI, mailbox, HDQ, McBSP, SHAM, USB host/TLL/OTG, SSI,
 * the ISP MMU, SmartReflex, sDMA, SGX, ...).
 *
 * Modelled: a register window of "size" bytes as little-endian storage
 * accessible with 8, 16 and 32-bit accesses, that reads back what was
 * written (drivers read back their configuration); the revision register
 * ("rev" offset, "rev-value"), read-only; SYSCONFIG ("sysc" offset) whose
 * SOFTRESET bit ("softreset-bit", default 1) resets all registers and
 * reads back 0 at once; SYSSTATUS ("syss" offset) with RESETDONE (bit 0)
 * always 1.  An offset of 0xFFFFFFFF means "no such register".  Three
 * optional lists refine the storage for drivers that need it: "ro"
 * (offsets of read-only words), "w1c" (offsets of write-1-to-clear status
 * words) and "init" (pairs offset, value: reset values other than 0).
 * Not modelled: whatever the module does (no interrupt, no DMA request, no
 * data movement).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bitops.h"
#include "qapi/error.h"
#include "hw/sysbus.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "omap3630.h"
#include "omap3_sysc.h"
#include "omap3_lanes.h"
#include "trace.h"

#define OMAP3_SYSC_MAX_SIZE     0x100000
#define SYSSTATUS_RESETDONE     BIT(0)

static bool omap3_sysc_in_list(const uint32_t *list, uint32_t n,
                               hwaddr offset)
{
    for (uint32_t i = 0; i < n; i++) {
        if (list[i] == offset) {
            return true;
        }
    }
    return false;
}

static void omap3_sysc_reset_regs(OMAP3SYSCState *s)
{
    memset(s->regs, 0, s->regs_size);
    for (uint32_t i = 0; i + 1 < s->num_init; i += 2) {
        stl_le_p(s->regs + s->init[i], s->init[i + 1]);
    }
}

static uint32_t omap3_sysc_read_word(OMAP3SYSCState *s, hwaddr offset)
{
    if (offset == s->rev) {
        return s->rev_value;
    }
    if (offset == s->syss) {
        /* The soft reset completes at once. */
        return SYSSTATUS_RESETDONE;
    }
    return ldl_le_p(s->regs + offset);
}

static void omap3_sysc_write_word(OMAP3SYSCState *s, hwaddr offset,
                                  uint32_t val, uint32_t mask)
{
    uint32_t old = ldl_le_p(s->regs + offset);

    if (offset == s->rev || offset == s->syss ||
        omap3_sysc_in_list(s->ro, s->num_ro, offset)) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: write to read-only register "
                      "0x%" HWADDR_PRIx "\n", s->name, offset);
        return;
    }
    if (offset == s->sysc && (val & mask & BIT(s->softreset_bit))) {
        /*
         * Soft reset: all registers return to their reset values, so
         * SOFTRESET reads back 0 at once (what ti-sysc polls for modules
         * without SYSSTATUS) and SYSSTATUS.RESETDONE is already 1.
         */
        trace_omap3_sysc_softreset(s->name);
        omap3_sysc_reset_regs(s);
        return;
    }
    if (omap3_sysc_in_list(s->w1c, s->num_w1c, offset)) {
        stl_le_p(s->regs + offset, old & ~(val & mask));
        return;
    }
    stl_le_p(s->regs + offset, (old & ~mask) | (val & mask));
}

static uint64_t omap3_sysc_read(void *opaque, hwaddr addr, unsigned size)
{
    OMAP3SYSCState *s = opaque;
    uint64_t val;

    val = omap3_lane_read(omap3_sysc_read_word(s, addr & ~3), addr, size);
    trace_omap3_sysc_read(s->name, addr, size, val);
    return val;
}

static void omap3_sysc_write(void *opaque, hwaddr addr, uint64_t value,
                             unsigned size)
{
    OMAP3SYSCState *s = opaque;

    trace_omap3_sysc_write(s->name, addr, size, value);
    omap3_sysc_write_word(s, addr & ~3, omap3_lane_value(addr, size, value),
                          omap3_lane_mask(addr, size));
}

static const MemoryRegionOps omap3_sysc_ops = {
    .read = omap3_sysc_read,
    .write = omap3_sysc_write,
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

static bool omap3_sysc_check_offset(OMAP3SYSCState *s, const char *what,
                                    uint32_t offset, bool optional,
                                    Error **errp)
{
    if (optional && offset == OMAP3_SYSC_NONE) {
        return true;
    }
    if ((offset & 3) || offset >= s->size) {
        error_setg(errp, "%s: %s offset 0x%x is not a word inside the "
                   "0x%" PRIx64 "-byte window", s->name, what, offset,
                   s->size);
        return false;
    }
    return true;
}

static void omap3_sysc_realize(DeviceState *dev, Error **errp)
{
    OMAP3SYSCState *s = OMAP3_SYSC(dev);
    uint32_t i;

    if (!s->name) {
        s->name = g_strdup(TYPE_OMAP3_SYSC);
    }
    if (!s->size || (s->size & 3) || s->size > OMAP3_SYSC_MAX_SIZE) {
        error_setg(errp, "%s: size 0x%" PRIx64 " must be a nonzero multiple "
                   "of 4 up to 0x%x", s->name, s->size, OMAP3_SYSC_MAX_SIZE);
        return;
    }
    if (s->softreset_bit > 31) {
        error_setg(errp, "%s: softreset-bit %u is not a bit of a word",
                   s->name, s->softreset_bit);
        return;
    }
    if (!omap3_sysc_check_offset(s, "rev", s->rev, true, errp) ||
        !omap3_sysc_check_offset(s, "sysc", s->sysc, true, errp) ||
        !omap3_sysc_check_offset(s, "syss", s->syss, true, errp)) {
        return;
    }
    for (i = 0; i < s->num_ro; i++) {
        if (!omap3_sysc_check_offset(s, "ro", s->ro[i], false, errp)) {
            return;
        }
    }
    for (i = 0; i < s->num_w1c; i++) {
        if (!omap3_sysc_check_offset(s, "w1c", s->w1c[i], false, errp)) {
            return;
        }
    }
    if (s->num_init & 1) {
        error_setg(errp, "%s: init must hold (offset, value) pairs", s->name);
        return;
    }
    for (i = 0; i < s->num_init; i += 2) {
        if (!omap3_sysc_check_offset(s, "init", s->init[i], false, errp)) {
            return;
        }
    }

    s->regs_size = s->size;
    s->regs = g_malloc0(s->regs_size);
    memory_region_init_io(&s->iomem, OBJECT(dev), &omap3_sysc_ops, s,
                          s->name, s->size);
    sysbus_init_mmio(SYS_BUS_DEVICE(dev), &s->iomem);
}

static void omap3_sysc_reset_hold(Object *obj, ResetType type)
{
    omap3_sysc_reset_regs(OMAP3_SYSC(obj));
}

static void omap3_sysc_finalize(Object *obj)
{
    OMAP3SYSCState *s = OMAP3_SYSC(obj);

    g_free(s->regs);
    g_free(s->ro);
    g_free(s->w1c);
    g_free(s->init);
}

static const Property omap3_sysc_properties[] = {
    DEFINE_PROP_STRING("name", OMAP3SYSCState, name),
    DEFINE_PROP_UINT64("size", OMAP3SYSCState, size, 0x1000),
    DEFINE_PROP_UINT32("rev", OMAP3SYSCState, rev, OMAP3_SYSC_NONE),
    DEFINE_PROP_UINT32("rev-value", OMAP3SYSCState, rev_value, 0),
    DEFINE_PROP_UINT32("sysc", OMAP3SYSCState, sysc, OMAP3_SYSC_NONE),
    DEFINE_PROP_UINT32("syss", OMAP3SYSCState, syss, OMAP3_SYSC_NONE),
    DEFINE_PROP_UINT8("softreset-bit", OMAP3SYSCState, softreset_bit, 1),
    DEFINE_PROP_ARRAY("ro", OMAP3SYSCState, num_ro, ro,
                      qdev_prop_uint32, uint32_t),
    DEFINE_PROP_ARRAY("w1c", OMAP3SYSCState, num_w1c, w1c,
                      qdev_prop_uint32, uint32_t),
    DEFINE_PROP_ARRAY("init", OMAP3SYSCState, num_init, init,
                      qdev_prop_uint32, uint32_t),
};

static const VMStateDescription vmstate_omap3_sysc = {
    .name = TYPE_OMAP3_SYSC,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_VBUFFER_UINT32(regs, OMAP3SYSCState, 1, NULL, regs_size),
        VMSTATE_END_OF_LIST()
    },
};

static void omap3_sysc_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->desc = "OMAP3 module with only OCP sysconfig/sysstatus registers";
    dc->realize = omap3_sysc_realize;
    dc->vmsd = &vmstate_omap3_sysc;
    rc->phases.hold = omap3_sysc_reset_hold;
    device_class_set_props(dc, omap3_sysc_properties);
}

static const TypeInfo omap3_sysc_info = {
    .name = TYPE_OMAP3_SYSC,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3SYSCState),
    .instance_finalize = omap3_sysc_finalize,
    .class_init = omap3_sysc_class_init,
};

static void omap3_sysc_register_types(void)
{
    type_register_static(&omap3_sysc_info);
}

type_init(omap3_sysc_register_types)
