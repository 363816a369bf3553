/*
 * OMAP3630 general-purpose memory controller (GPMC): the device's type and
 * state (omap3_gpmc.c), for the SoC container that embeds it (omap3630.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_GPMC_H
#define HW_N9_OMAP3_GPMC_H

#include "hw/sysbus.h"
#include "qom/object.h"

/* GPMC: IRQ 0 = GPMC interrupt (INTC 20). */
#define TYPE_OMAP3_GPMC     "omap3-gpmc"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3GPMCState, OMAP3_GPMC)

#define OMAP3_GPMC_REGS_END     0x2D0   /* reg size in omap3.dtsi */
#define OMAP3_GPMC_WORDS        (OMAP3_GPMC_REGS_END / 4)

struct OMAP3GPMCState {
    SysBusDevice parent_obj;

    MemoryRegion iomem;
    qemu_irq irq;
    uint32_t regs[OMAP3_GPMC_WORDS];
    uint8_t wait_level;     /* WAIT0..3 pin levels, bit n = pin n */
};

#endif /* HW_N9_OMAP3_GPMC_H */
