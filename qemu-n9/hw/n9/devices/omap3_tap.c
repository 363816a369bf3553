/*
 * OMAP3630 TAP identification registers (0x4830A000, WKUP L4).
 *
 * The JTAG TAP controller exposes, read-only on the L4, the device IDCODE
 * (+0x204), the production ID (+0x208..+0x214) and the 128-bit die ID
 * (+0x218..+0x224).  Linux reads IDCODE in omap3xxx_check_revision()
 * (arch/arm/mach-omap2/id.c) to tell the 3630 (hawkeye 0xB891, bits 27:12)
 * and its ES revision (bits 31:28), ti-cpufreq reads it again through an
 * ioremap of 0x4830A204 to pick the OPP table, and the die ID is read for
 * the entropy pool and the SoC-bus serial number.  Modelled: those
 * registers as constants (IDCODE and die ID are properties).  Everything
 * else in the 4 KB window reads 0; writes are ignored and logged.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bitops.h"
#include "hw/sysbus.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "omap3630.h"
#include "omap3_tap.h"
#include "omap3_tap_regs.h"
#include "omap3_lanes.h"
#include "trace.h"

#define OMAP3_TAP_SIZE      0x1000

/*
 * Production ID: on OMAP3 Linux no longer reads it (tap_prod_id is only
 * used by omap2xxx_check_revision()); there is no public N9 value, so it
 * reads 0.
 */
#define OMAP3_TAP_PROD_ID   0x00000000

static uint32_t omap3_tap_read_word(OMAP3TAPState *s, hwaddr offset)
{
    switch (offset) {
    case A_IDCODE:
        return s->idcode;
    case A_PROD_ID_0 ... A_PROD_ID_3:
        return OMAP3_TAP_PROD_ID;
    case A_DIE_ID_0 ... A_DIE_ID_3:
        return s->die_id[(offset - A_DIE_ID_0) / 4];
    default:
        /*
         * The rest of the TAP window holds JTAG/debug registers that are
         * not modelled; they read as zero.
         */
        qemu_log_mask(LOG_UNIMP, "%s: unimplemented register 0x%03"
                      HWADDR_PRIx " reads 0\n", __func__, offset);
        return 0;
    }
}

static uint64_t omap3_tap_read(void *opaque, hwaddr addr, unsigned size)
{
    OMAP3TAPState *s = opaque;
    uint32_t word = omap3_tap_read_word(s, addr & ~3);
    uint64_t val = omap3_lane_read(word, addr, size);

    trace_omap3_tap_read(addr, size, val);
    return val;
}

static void omap3_tap_write(void *opaque, hwaddr addr, uint64_t value,
                            unsigned size)
{
    qemu_log_mask(LOG_GUEST_ERROR,
                  "%s: write 0x%" PRIx64 " to read-only TAP register 0x%03"
                  HWADDR_PRIx " ignored\n", __func__, value, addr);
}

static const MemoryRegionOps omap3_tap_ops = {
    .read = omap3_tap_read,
    .write = omap3_tap_write,
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

static void omap3_tap_init(Object *obj)
{
    OMAP3TAPState *s = OMAP3_TAP(obj);

    memory_region_init_io(&s->iomem, obj, &omap3_tap_ops, s,
                          TYPE_OMAP3_TAP, OMAP3_TAP_SIZE);
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->iomem);
}

/*
 * IDCODE 0x2B89102F: ES field (31:28) 2 = ES1.2, hawkeye (27:12) 0xB891 =
 * OMAP3630, manufacturer 0x017 (TI) and the mandatory bit 0.  ES1.2 keeps
 * the kernel off errata i583/i582 (docs/facts.md, Linux 1).  The die ID defaults
 * are arbitrary but nonzero: no N9's die ID is published.
 */
static const Property omap3_tap_properties[] = {
    DEFINE_PROP_UINT32("idcode", OMAP3TAPState, idcode, 0x2B89102F),
    DEFINE_PROP_UINT32("die-id0", OMAP3TAPState, die_id[0], 0x4E390000),
    DEFINE_PROP_UINT32("die-id1", OMAP3TAPState, die_id[1], 0x00000002),
    DEFINE_PROP_UINT32("die-id2", OMAP3TAPState, die_id[2], 0x16C3A1F4),
    DEFINE_PROP_UINT32("die-id3", OMAP3TAPState, die_id[3], 0x0A01C00E),
};

/* All state is in properties: nothing to migrate, but say so. */
static const VMStateDescription vmstate_omap3_tap = {
    .name = TYPE_OMAP3_TAP,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_END_OF_LIST()
    },
};

static void omap3_tap_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);

    dc->desc = "OMAP3 TAP (IDCODE, production ID, die ID)";
    dc->vmsd = &vmstate_omap3_tap;
    device_class_set_props(dc, omap3_tap_properties);
}

static const TypeInfo omap3_tap_info = {
    .name = TYPE_OMAP3_TAP,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3TAPState),
    .instance_init = omap3_tap_init,
    .class_init = omap3_tap_class_init,
};

static void omap3_tap_register_types(void)
{
    type_register_static(&omap3_tap_info);
}

type_init(omap3_tap_register_types)
