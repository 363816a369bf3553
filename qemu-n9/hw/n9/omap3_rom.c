/*
 * OMAP3630 boot ROM, as far as Linux on an HS part relies on it.
 *
 * The N9 is a high-security (HS) OMAP3630: Linux runs in the non-secure
 * world and asks the secure ROM for services with `smc #1` (r12 = service:
 * 25 saves the secure RAM at boot, 40/42 are used on the MPU-OFF restore
 * path; see arch/arm/mach-omap2/sleep34xx.S and kernel-facts.md §2).  A GP
 * part issues `smc #0` with r12 = 1..3 on the same path.
 *
 * This ROM is ours: a few hand-assembled ARM instructions (their source is
 * in the comments) at the addresses where the real ROM lives.
 *  - 0x40000000: the secure monitor vectors (MVBAR).  The SMC vector stores
 *    the service number (r12) to the ROM mailbox and returns the result
 *    the mailbox gives in r0 (0 = success), preserving every other register.
 *  - 0x40014100: the board set-up code that QEMU's direct kernel boot runs
 *    in secure SVC before entering the kernel: it lets the non-secure world
 *    use VFP/NEON (NSACR cp10/cp11), installs MVBAR and switches to the
 *    non-secure world (SCR.NS, made effective by an SMC).
 *  - 0x40020000: the mailbox (MMIO 1): services are counted per number,
 *    traced, and answered here in C, where the later warm-reset (OFF mode)
 *    work can add behaviour without touching the ARM code.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
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

/* Secure monitor vectors, at MVBAR = OMAP3_BOOT_ROM_BASE. */
static const uint32_t rom_monitor[] = {
    0xeafffffe, /* 0x00  b .                 reset (unused)          */
    0xeafffffe, /* 0x04  b .                 undefined               */
    0xea000004, /* 0x08  b smc_handler                               */
    0xeafffffe, /* 0x0c  b .                 prefetch abort          */
    0xeafffffe, /* 0x10  b .                 data abort              */
    0xeafffffe, /* 0x14  b .                 (unused)                */
    0xeafffffe, /* 0x18  b .                 IRQ (not routed to mon) */
    0xeafffffe, /* 0x1c  b .                 FIQ (not routed to mon) */
    /* smc_handler: */
    0xe59f0008, /* 0x20  ldr  r0, mbox                               */
    0xe580c000, /* 0x24  str  r12, [r0]      service -> mailbox      */
    0xe5900004, /* 0x28  ldr  r0, [r0, #4]   result                  */
    0xe1b0f00e, /* 0x2c  movs pc, lr         back to the caller      */
    OMAP3_ROM_MAILBOX_BASE, /* 0x30  mbox: .word                     */
};

/* Board set-up, called by QEMU's boot stub in secure SVC; returns via lr. */
static const uint32_t rom_board_setup[] = {
    0xee110f51, /* mrc  p15, 0, r0, c1, c1, 2   NSACR                 */
    0xe3800b03, /* orr  r0, r0, #0xc00          cp10, cp11 for NS     */
    0xee010f51, /* mcr  p15, 0, r0, c1, c1, 2                         */
    0xe59f0018, /* ldr  r0, mvbar                                     */
    0xee0c0f30, /* mcr  p15, 0, r0, c12, c0, 1  MVBAR                 */
    0xee110f11, /* mrc  p15, 0, r0, c1, c1, 0   SCR                   */
    0xe3800031, /* orr  r0, r0, #0x31           NS, FW, AW            */
    0xee010f11, /* mcr  p15, 0, r0, c1, c1, 0                         */
    0xe1a0100e, /* mov  r1, lr                                        */
    0xe1600070, /* smc  #0                      enter the NS world    */
    0xe1a0f001, /* mov  pc, r1                                        */
    OMAP3_BOOT_ROM_BASE, /* mvbar: .word                              */
};

static void omap3_rom_write_code(OMAP3ROMState *s)
{
    uint8_t *p = memory_region_get_ram_ptr(&s->rom);
    size_t i;

    for (i = 0; i < ARRAY_SIZE(rom_monitor); i++) {
        stl_le_p(p + OMAP3_ROM_MONITOR_OFFSET + 4 * i, rom_monitor[i]);
    }
    for (i = 0; i < ARRAY_SIZE(rom_board_setup); i++) {
        stl_le_p(p + OMAP3_ROM_BOARD_SETUP_OFFSET + 4 * i, rom_board_setup[i]);
    }
}

/*
 * The services Linux 6.18 calls (kernel-facts.md §2).  Each returns 0:
 * - HS 25 save secure RAM context: nothing secure to save in the model.
 * - HS 40 invalidate L2, GP 1: no L2 contents are modelled.
 * - HS 42 / GP 3 write ACTLR, HS 43 / GP 2 write L2AUXCR: QEMU's
 *   Cortex-A8 ignores these registers' values.
 */
static uint32_t omap3_rom_service(OMAP3ROMState *s, uint32_t service)
{
    /* QEMU's own boot stub also enters the NS world with one SMC. */
    return 0;
}

static uint64_t omap3_rom_mailbox_read(void *opaque, hwaddr addr, unsigned size)
{
    OMAP3ROMState *s = opaque;

    switch (addr) {
    case 0x0:
        return s->last_service;
    case 0x4:
        return s->result;
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-rom: bad mailbox read 0x%"
                      HWADDR_PRIx "\n", addr);
        return 0;
    }
}

static void omap3_rom_mailbox_write(void *opaque, hwaddr addr, uint64_t value,
                                    unsigned size)
{
    OMAP3ROMState *s = opaque;

    if (addr != 0x0) {
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-rom: bad mailbox write 0x%"
                      HWADDR_PRIx "\n", addr);
        return;
    }
    s->last_service = value;
    s->result = omap3_rom_service(s, value);
    s->smc_calls++;
    trace_omap3_rom_smc(value, s->result);
}

static const MemoryRegionOps omap3_rom_mailbox_ops = {
    .read = omap3_rom_mailbox_read,
    .write = omap3_rom_mailbox_write,
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
    omap3_rom_write_code(s);
    memory_region_init_io(&s->mailbox, OBJECT(dev), &omap3_rom_mailbox_ops, s,
                          "omap3.rom-mailbox", 0x100);
    sysbus_init_mmio(SYS_BUS_DEVICE(dev), &s->rom);
    sysbus_init_mmio(SYS_BUS_DEVICE(dev), &s->mailbox);
}

static void omap3_rom_reset_hold(Object *obj, ResetType type)
{
    OMAP3ROMState *s = OMAP3_ROM(obj);

    s->last_service = 0;
    s->result = 0;
}

static void omap3_rom_init(Object *obj)
{
    OMAP3ROMState *s = OMAP3_ROM(obj);

    object_property_add_uint64_ptr(obj, "smc-calls", &s->smc_calls,
                                   OBJ_PROP_FLAG_READ);
}

static const VMStateDescription vmstate_omap3_rom = {
    .name = TYPE_OMAP3_ROM,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(last_service, OMAP3ROMState),
        VMSTATE_UINT32(result, OMAP3ROMState),
        VMSTATE_UINT64(smc_calls, OMAP3ROMState),
        VMSTATE_END_OF_LIST()
    },
};

static void omap3_rom_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

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
