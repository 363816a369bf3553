/*
 * OMAP3630 HDQ/1-Wire controller: the device's type and state (omap3_hdq.c),
 * for the SoC container that embeds it (omap3630.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_HDQ_H
#define HW_N9_OMAP3_HDQ_H

#include "hw/sysbus.h"
#include "qemu/timer.h"
#include "qom/object.h"

/* HDQ/1-Wire controller (an empty line). */
#define TYPE_OMAP3_HDQ      "omap3-hdq"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3HDQState, OMAP3_HDQ)

struct OMAP3HDQState {
    SysBusDevice parent_obj;

    MemoryRegion iomem;
    qemu_irq irq;
    QEMUTimer *timer;

    uint8_t tx_data;
    uint8_t ctrl;
    uint8_t int_status;
    uint8_t sysconfig;
    uint8_t pending;        /* the INT_STATUS bit the transaction will set */
};

#endif /* HW_N9_OMAP3_HDQ_H */
