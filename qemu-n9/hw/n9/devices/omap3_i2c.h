/*
 * OMAP3630 I2C controller: the device's type and state (omap3_i2c.c), for
 * the SoC container that embeds it (omap3630.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_I2C_H
#define HW_N9_OMAP3_I2C_H

#include "hw/sysbus.h"
#include "hw/i2c/i2c.h"
#include "qemu/fifo8.h"
#include "qom/object.h"

/* I2C controller: owns I2C bus "i2c"; property "id" (1..3). */
#define TYPE_OMAP3_I2C      "omap3-i2c"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3I2CState, OMAP3_I2C)

struct OMAP3I2CState {
    SysBusDevice parent_obj;

    MemoryRegion iomem;
    qemu_irq irq;
    I2CBus *bus;

    Fifo8 rx_fifo;
    uint8_t fifo_depth;

    /* Transfer state */
    uint8_t phase;
    bool bb;            /* bus busy: START seen, no STOP yet */
    bool bus_owned;     /* a slave on the QEMU bus is addressed */
    uint8_t cur_addr;
    uint32_t count;     /* bytes left on the wire in this phase */

    /* Registers */
    uint16_t ie;
    uint16_t stat;      /* latched event bits; level bits are computed */
    uint16_t we;
    uint16_t buf;
    uint16_t cnt;
    uint16_t con;
    uint16_t oa;
    uint16_t sa;
    uint16_t psc;
    uint16_t scll;
    uint16_t sclh;
    uint16_t systest;
    uint16_t sysc;
    uint16_t oa1, oa2, oa3;
    uint16_t sblock;

    /* Properties */
    uint8_t id;
};

#endif /* HW_N9_OMAP3_I2C_H */
