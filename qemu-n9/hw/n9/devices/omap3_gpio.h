/*
 * OMAP3630 GPIO bank: the device's type and state (omap3_gpio.c), for the
 * SoC container that embeds it (omap3630.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_GPIO_H
#define HW_N9_OMAP3_GPIO_H

#include "hw/sysbus.h"
#include "qom/object.h"

/* GPIO bank: 32 qdev GPIO inputs and 32 outputs; sysbus IRQ 0 = MPU line;
 * property "id" (1..6). */
#define TYPE_OMAP3_GPIO     "omap3-gpio"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3GPIOState, OMAP3_GPIO)

#define OMAP3_GPIO_PINS               32

struct OMAP3GPIOState {
    SysBusDevice parent_obj;

    MemoryRegion iomem;
    qemu_irq irq[2];            /* 0: MPU line, 1: line 2 (IVA2) */
    qemu_irq out[OMAP3_GPIO_PINS];
    qemu_irq swakeup;           /* wake-up request, to the PRM */

    uint32_t in_level;          /* levels driven onto the pins from outside */
    uint32_t pad;               /* pad levels at the last evaluation */
    uint32_t out_level;         /* levels on the qdev outputs */

    uint32_t sysconfig;
    uint32_t irqstatus1;
    uint32_t irqenable1;
    uint32_t wakeupenable;
    uint32_t irqstatus2;
    uint32_t irqenable2;
    uint32_t ctrl;
    uint32_t oe;
    uint32_t dataout;
    uint32_t leveldetect0;
    uint32_t leveldetect1;
    uint32_t risingdetect;
    uint32_t fallingdetect;
    uint32_t debounceenable;
    uint32_t debouncingtime;

    /* Properties */
    uint8_t id;
};

#endif /* HW_N9_OMAP3_GPIO_H */
