/*
 * OMAP3630 MPU interrupt controller (INTCPS): the device's type and state
 * (omap3_intc.c), for the SoC container that embeds it (omap3630.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_INTC_H
#define HW_N9_OMAP3_INTC_H

#include "hw/sysbus.h"
#include "qom/object.h"

/* INTC: 96 qdev GPIO inputs (the interrupt lines); sysbus IRQ 0 = nIRQ,
 * sysbus IRQ 1 = nFIQ to the CPU. */
#define TYPE_OMAP3_INTC     "omap3-intc"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3INTCState, OMAP3_INTC)

#define OMAP3_NUM_IRQS          96
#define OMAP3_INTC_NBANKS       (OMAP3_NUM_IRQS / 32)
/* + the storage-only "MIR3" */
#define OMAP3_INTC_NMIR         (OMAP3_INTC_NBANKS + 1)
#define OMAP3_INTC_NOUT         2       /* nIRQ, nFIQ */

struct OMAP3INTCState {
    SysBusDevice parent_obj;

    MemoryRegion iomem;
    qemu_irq out[OMAP3_INTC_NOUT];      /* nIRQ, nFIQ */

    uint32_t level[OMAP3_INTC_NBANKS];  /* input lines (ITR) */
    uint32_t swi[OMAP3_INTC_NBANKS];    /* software interrupts (ISR_SET) */
    uint32_t mir[OMAP3_INTC_NMIR];
    uint8_t ilr[OMAP3_NUM_IRQS];
    uint32_t sysconfig;
    uint32_t protection;
    uint32_t idle;
    uint32_t threshold;
    /* Result of the last sorting, frozen until the next NEWxxxAGR:
     * the line number, or -1 when the output is not asserted. */
    int32_t active[OMAP3_INTC_NOUT];
    uint8_t active_prio[OMAP3_INTC_NOUT];
};

#endif /* HW_N9_OMAP3_INTC_H */
