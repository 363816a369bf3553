/*
 * OMAP3630 system control module (SCM): the device's type and state
 * (omap3_scm.c), for the SoC container that embeds it (omap3630.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_SCM_H
#define HW_N9_OMAP3_SCM_H

#include "hw/sysbus.h"
#include "qom/object.h"

/* System control module: properties "device-type" (2 = HS, 3 = GP) and
 * "omap-status" (CONTROL_OMAP_STATUS).  I/O pad wake-up: GPIO inputs
 * "pad-in" (activity on a wake-up pad, OMAP3_SCM_PAD_*), GPIO output
 * "io-wake" (to the PRM's ST_IO); QOM "wakeup-events" (latched so far) and
 * "io-wake" (the request's level). */
#define TYPE_OMAP3_SCM      "omap3-scm"
enum {
    OMAP3_SCM_PAD_UART1_RX,
    OMAP3_SCM_PAD_UART2_RX,
    OMAP3_SCM_PAD_UART3_RX,
    OMAP3_SCM_NUM_WAKE_PADS
};
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3SCMState, OMAP3_SCM)

#define OMAP3_SCM_SIZE          0x1000
#define OMAP3_SCM_WORDS         (OMAP3_SCM_SIZE / 4)

struct OMAP3SCMState {
    SysBusDevice parent_obj;

    MemoryRegion iomem;
    uint32_t regs[OMAP3_SCM_WORDS];

    /* I/O pad wake-up */
    qemu_irq io_wake;           /* to the PRM: PM_WKST_WKUP.ST_IO */
    uint32_t pad_in;            /* last level of each "pad-in" input */
    uint64_t wakeup_events;     /* WAKEUPEVENTs latched, for QOM and tests */

    /* Properties */
    uint8_t device_type;
    uint32_t omap_status;
    uint8_t temp_adc;
};

#endif /* HW_N9_OMAP3_SCM_H */
