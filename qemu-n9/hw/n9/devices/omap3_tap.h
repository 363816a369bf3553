/*
 * OMAP3630 TAP identification registers: the device's type and state
 * (omap3_tap.c), for the SoC container that embeds it (omap3630.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_TAP_H
#define HW_N9_OMAP3_TAP_H

#include "hw/sysbus.h"
#include "qom/object.h"

/* TAP: property "idcode". */
#define TYPE_OMAP3_TAP      "omap3-tap"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3TAPState, OMAP3_TAP)

struct OMAP3TAPState {
    SysBusDevice parent_obj;

    MemoryRegion iomem;

    /* Properties */
    uint32_t idcode;
    uint32_t die_id[4];
};

#endif /* HW_N9_OMAP3_TAP_H */
