/*
 * OMAP3630 32 kHz synchronized counter: the device's type and state
 * (omap3_32ksync.c), for the SoC container that embeds it (omap3630.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_32KSYNC_H
#define HW_N9_OMAP3_32KSYNC_H

#include "hw/sysbus.h"
#include "hw/clock.h"
#include "qom/object.h"

/* 32 kHz sync counter: clock input "fclk" (the 32 kHz clock); no IRQ. */
#define TYPE_OMAP3_32KSYNC  "omap3-32ksync"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3SyncTimerState, OMAP3_32KSYNC)

struct OMAP3SyncTimerState {
    SysBusDevice parent_obj;

    MemoryRegion iomem;
    Clock *fclk;            /* the 32 kHz clock, from the PRCM */
    uint32_t sysconfig;
};

#endif /* HW_N9_OMAP3_32KSYNC_H */
