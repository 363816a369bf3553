/*
 * OMAP3630 boot ROM, as far as Linux on an HS part relies on it.
 *
 * The N9 is a high-security (HS) OMAP3630: Linux runs in the non-secure
 * world and asks the secure ROM for services with `smc #1` (25 saves the
 * secure RAM at boot, 40/42 are used on the MPU-OFF restore path; see
 * arch/arm/mach-omap2/sleep34xx.S and docs/facts.md, Linux 2 and 4);
 * after an MPU OFF the core restarts in the ROM, which restores what the
 * scratchpad says for CORE OFF and jumps back to the kernel.
 *
 * This ROM is ours: rom/omap3-rom.S, assembled with the GNU Arm toolchain
 * when QEMU is built (meson.build) and loaded at 0x40000000 here.  Its
 * entry points (omap3_rom.h): the monitor vectors (MVBAR) at the base, the
 * wake-up entry the PRCM warm-resets the core to, and the board set-up
 * that QEMU's direct kernel boot runs in secure SVC.
 *
 * MMIO 1 is the ROM's debug port (not on silicon): the monitor writes the
 * number of each service it answers there, so that calls are counted
 * ("smc-calls", "last-service") and traced without a debugger.
 */

#include "qemu/osdep.h"
#include "qapi/error.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qemu/bswap.h"
#include "hw/sysbus.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "omap3630.h"
#include "omap3_rom.h"
#include "trace.h"
#include "omap3-rom-image.h"

static uint64_t omap3_rom_debug_read(void *opaque, hwaddr addr, unsigned size)
{
    qemu_log_mask(LOG_GUEST_ERROR, "omap3-rom: read of the write-only debug"
                  " port at 0x%" HWADDR_PRIx "\n", addr);
    return 0;
}

static void omap3_rom_debug_write(void *opaque, hwaddr addr, uint64_t value,
                                  unsigned size)
{
    OMAP3ROMState *s = opaque;

    if (addr != 0x0) {
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-rom: bad debug port write 0x%"
                      HWADDR_PRIx "\n", addr);
        return;
    }
    s->last_service = value;
    s->smc_calls++;
    trace_omap3_rom_smc(value);
}

static const MemoryRegionOps omap3_rom_debug_ops = {
    .read = omap3_rom_debug_read,
    .write = omap3_rom_debug_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 4, .max_access_size = 4 },
};

static void omap3_rom_realize(DeviceState *dev, Error **errp)
{
    OMAP3ROMState *s = OMAP3_ROM(dev);

    if (!memory_region_init_rom(&s->rom, OBJECT(dev), "omap3.boot-rom",
                                OMAP3_BOOT_ROM_SIZE, errp)) {
        return;
    }
    G_STATIC_ASSERT(sizeof(omap3_rom_image) <= OMAP3_BOOT_ROM_SIZE);
    memcpy(memory_region_get_ram_ptr(&s->rom), omap3_rom_image,
           sizeof(omap3_rom_image));
    memory_region_init_io(&s->mailbox, OBJECT(dev), &omap3_rom_debug_ops, s,
                          "omap3.rom-debug-port", 0x100);
    sysbus_init_mmio(SYS_BUS_DEVICE(dev), &s->rom);
    sysbus_init_mmio(SYS_BUS_DEVICE(dev), &s->mailbox);
}

static void omap3_rom_reset_hold(Object *obj, ResetType type)
{
    OMAP3ROMState *s = OMAP3_ROM(obj);

    s->last_service = 0;
}

static void omap3_rom_init(Object *obj)
{
    OMAP3ROMState *s = OMAP3_ROM(obj);

    object_property_add_uint64_ptr(obj, "smc-calls", &s->smc_calls,
                                   OBJ_PROP_FLAG_READ);
    object_property_add_uint32_ptr(obj, "last-service", &s->last_service,
                                   OBJ_PROP_FLAG_READ);
}

static const VMStateDescription vmstate_omap3_rom = {
    .name = TYPE_OMAP3_ROM,
    .version_id = 2,
    .minimum_version_id = 2,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(last_service, OMAP3ROMState),
        VMSTATE_UINT64(smc_calls, OMAP3ROMState),
        VMSTATE_END_OF_LIST()
    },
};

static void omap3_rom_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->desc = "OMAP3630 HS boot ROM (secure monitor services, warm restore)";
    dc->realize = omap3_rom_realize;
    dc->vmsd = &vmstate_omap3_rom;
    dc->user_creatable = false;
    rc->phases.hold = omap3_rom_reset_hold;
}

static const TypeInfo omap3_rom_info = {
    .name = TYPE_OMAP3_ROM,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3ROMState),
    .instance_init = omap3_rom_init,
    .class_init = omap3_rom_class_init,
};

static void omap3_rom_register_types(void)
{
    type_register_static(&omap3_rom_info);
}

type_init(omap3_rom_register_types)
