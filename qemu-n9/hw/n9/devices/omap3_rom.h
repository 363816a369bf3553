/*
 * OMAP3630 boot ROM: secure monitor for the HS SMC services, wake-up entry
 * after MPU OFF, board set-up for a direct kernel boot (see omap3_rom.c).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_ROM_H
#define HW_N9_OMAP3_ROM_H

#include "hw/sysbus.h"
#include "qom/object.h"

#define TYPE_OMAP3_ROM "omap3-rom"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3ROMState, OMAP3_ROM)

/* Entry points of rom/omap3-rom.S (its .org directives) */
#define OMAP3_ROM_MONITOR_OFFSET      0x0       /* MVBAR */
#define OMAP3_ROM_WAKEUP_OFFSET       0x14000   /* warm reset after MPU OFF */
#define OMAP3_ROM_BOARD_SETUP_OFFSET  0x14100   /* direct kernel boot */
#define OMAP3_ROM_MAILBOX_BASE        0x40020000 /* the debug port */

struct OMAP3ROMState {
    SysBusDevice parent_obj;

    MemoryRegion rom;       /* MMIO 0: the ROM, at OMAP3_BOOT_ROM_BASE */
    MemoryRegion mailbox;   /* MMIO 1: the debug port */

    uint32_t last_service;
    uint64_t smc_calls;
};

#endif /* HW_N9_OMAP3_ROM_H */
