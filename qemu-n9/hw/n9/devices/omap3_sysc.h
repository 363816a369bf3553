/*
 * OMAP3630 module modelled by its reset handshake: the device's type and
 * state (omap3_sysc.c), for the SoC container that embeds it (omap3630.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_SYSC_H
#define HW_N9_OMAP3_SYSC_H

#include "hw/sysbus.h"
#include "qom/object.h"

/*
 * A module that the kernel only resets and probes: SYSCONFIG/SYSSTATUS
 * reset handshake plus plain register storage.  Properties: "name", "size",
 * "rev" (offset of the revision register, or -1) and "rev-value", "sysc"
 * (offset of SYSCONFIG, or -1), "syss" (offset of SYSSTATUS, or -1).
 */
#define TYPE_OMAP3_SYSC     "omap3-sysc-module"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3SYSCState, OMAP3_SYSC)

#define OMAP3_SYSC_NONE         0xFFFFFFFF

struct OMAP3SYSCState {
    SysBusDevice parent_obj;

    MemoryRegion iomem;
    uint8_t *regs;              /* little-endian register storage */
    uint32_t regs_size;

    /* Properties */
    char *name;
    uint64_t size;
    uint32_t rev;
    uint32_t rev_value;
    uint32_t sysc;
    uint32_t syss;
    uint8_t softreset_bit;
    uint32_t num_ro;
    uint32_t *ro;
    uint32_t num_w1c;
    uint32_t *w1c;
    uint32_t num_init;
    uint32_t *init;
};

#endif /* HW_N9_OMAP3_SYSC_H */
