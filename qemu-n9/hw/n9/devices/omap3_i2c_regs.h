/*
 * OMAP3630 I2C1-3 controller registers (the "v1" map: 16-bit registers at
 * a stride of 4), shared by the device (omap3_i2c.c), its qtests
 * (rm696-i2c-test.c, rm696-twl-test.c) and the fuzzer.  A_X is a
 * register's byte offset, R_X its word index.  Source: Linux 6.18
 * drivers/i2c/busses/i2c-omap.c (reg_map_ip_v1, shifted by 2, and the
 * OMAP_I2C_* bits); SYSC and SYSS from the i2c hwmod's i2c_sysc (the
 * OMAP36xx TRM's I2C_* names).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_I2C_REGS_H
#define HW_N9_OMAP3_I2C_REGS_H

#include "hw/registerfields.h"

REG32(REV, 0x00)
/* IE, STAT and WE: the same events */
REG32(IE, 0x04)
REG32(STAT, 0x08)
    FIELD(STAT, AL, 0, 1)
    FIELD(STAT, NACK, 1, 1)
    FIELD(STAT, ARDY, 2, 1)
    FIELD(STAT, RRDY, 3, 1)
    FIELD(STAT, XRDY, 4, 1)
    FIELD(STAT, GC, 5, 1)
    FIELD(STAT, STC, 6, 1)
    FIELD(STAT, AERR, 7, 1)
    FIELD(STAT, BF, 8, 1)
    FIELD(STAT, AAS, 9, 1)
    FIELD(STAT, XUDF, 10, 1)
    FIELD(STAT, ROVR, 11, 1)
    FIELD(STAT, BB, 12, 1)
    FIELD(STAT, RDR, 13, 1)
    FIELD(STAT, XDR, 14, 1)
REG32(WE, 0x0C)
REG32(SYSS, 0x10)
    FIELD(SYSS, RESETDONE, 0, 1)
REG32(BUF, 0x14)
    FIELD(BUF, XTRSH, 0, 6)
    FIELD(BUF, TXFIF_CLR, 6, 1)
    FIELD(BUF, XDMA_EN, 7, 1)
    FIELD(BUF, RTRSH, 8, 6)
    FIELD(BUF, RXFIF_CLR, 14, 1)
    FIELD(BUF, RDMA_EN, 15, 1)
REG32(CNT, 0x18)
REG32(DATA, 0x1C)
REG32(SYSC, 0x20)
    FIELD(SYSC, AUTOIDLE, 0, 1)
    FIELD(SYSC, SOFTRESET, 1, 1)
    FIELD(SYSC, ENAWAKEUP, 2, 1)
    FIELD(SYSC, IDLEMODE, 3, 2)
    FIELD(SYSC, CLOCKACTIVITY, 8, 2)
REG32(CON, 0x24)
    FIELD(CON, STT, 0, 1)
    FIELD(CON, STP, 1, 1)
    FIELD(CON, XA, 8, 1)
    FIELD(CON, TRX, 9, 1)
    FIELD(CON, MST, 10, 1)
    FIELD(CON, EN, 15, 1)
REG32(OA, 0x28)
REG32(SA, 0x2C)
REG32(PSC, 0x30)
REG32(SCLL, 0x34)
REG32(SCLH, 0x38)
REG32(SYSTEST, 0x3C)
    FIELD(SYSTEST, SDA_O, 0, 1)
    FIELD(SYSTEST, SDA_I, 1, 1)
    FIELD(SYSTEST, SCL_O, 2, 1)
    FIELD(SYSTEST, SCL_I, 3, 1)
    FIELD(SYSTEST, SDA_O_FUNC, 5, 1)
    FIELD(SYSTEST, SDA_I_FUNC, 6, 1)
    FIELD(SYSTEST, SCL_O_FUNC, 7, 1)
    FIELD(SYSTEST, SCL_I_FUNC, 8, 1)
    FIELD(SYSTEST, TMODE, 12, 2)                /* 3: SCL/SDA loop-back */
    FIELD(SYSTEST, ST_EN, 15, 1)
REG32(BUFSTAT, 0x40)
    FIELD(BUFSTAT, TXSTAT, 0, 6)
    FIELD(BUFSTAT, RXSTAT, 8, 6)
    FIELD(BUFSTAT, FIFODEPTH, 14, 2)            /* 8 << FIFODEPTH bytes */
REG32(OA1, 0x44)
REG32(OA2, 0x48)
REG32(OA3, 0x4C)
REG32(ACTOA, 0x50)
REG32(SBLOCK, 0x54)

#endif /* HW_N9_OMAP3_I2C_REGS_H */
