/*
 * OMAP3630 watchdog timer: the device's type and state (omap3_wdt.c), for
 * the SoC container that embeds it (omap3630.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_WDT_H
#define HW_N9_OMAP3_WDT_H

#include "hw/sysbus.h"
#include "hw/clock.h"
#include "qemu/timer.h"
#include "qapi/qapi-types-common.h"
#include "qom/object.h"

/* Watchdog: clock input "fclk" (32 kHz, gated); property "id" (2 = WDT2,
 * 3 = WDT3). */
#define TYPE_OMAP3_WDT      "omap3-wdt"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3WDTState, OMAP3_WDT)

struct OMAP3WDTState {
    SysBusDevice parent_obj;

    MemoryRegion iomem;
    qemu_irq irq;
    Clock *fclk;
    QEMUTimer *timer;

    uint32_t sysconfig;
    uint32_t wisr;
    uint32_t wier;
    uint32_t wclr;
    uint32_t wldr;
    uint32_t wtgr;
    uint32_t wspr;
    bool running;
    /*
     * The counter: WCRR held 'count' at the absolute tick 'base' of a
     * 'rate' Hz clock (the fclk rate it was counted in), and has advanced
     * by one every omap3_wdt_div() ticks since, if running.  While
     * stopped, 'count' is WCRR.
     */
    uint32_t count;
    uint64_t base;
    uint32_t rate;
    int64_t v1_base_ns;         /* migration from version 1 only */

    /* Properties */
    uint8_t id;
    OnOffAuto running_at_reset;
};

#endif /* HW_N9_OMAP3_WDT_H */
