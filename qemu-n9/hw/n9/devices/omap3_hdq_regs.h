/*
 * OMAP3630 HDQ/1-Wire controller (HDQ1W) registers, shared by the device
 * (omap3_hdq.c), its qtest (rm696-misc-test.c) and the fuzzer.  A_X is a
 * register's byte offset, R_X its word index.  Source: Linux 6.18
 * drivers/w1/masters/omap_hdq.c (OMAP_HDQ_*); SYSCONFIG and SYSSTATUS, which
 * the driver no longer names, are the module's sysc/syss (omap3.dtsi, the
 * OMAP36xx TRM's HDQ_SYSCONFIG, HDQ_SYSSTATUS).
 *
 * The OCP registers carry the HDQ_ prefix (as the watchdog's WD_SYSCONFIG
 * does), so that a qtest can include this header with another block's,
 * e.g. omap3_hsmmc_regs.h, whose SYSCONFIG and SYSSTATUS are unprefixed.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_HDQ_REGS_H
#define HW_N9_OMAP3_HDQ_REGS_H

#include "hw/registerfields.h"

REG32(HDQ_REVISION, 0x00)
REG32(TX_DATA, 0x04)
REG32(RX_DATA, 0x08)
REG32(CTRL_STATUS, 0x0C)
    FIELD(CTRL_STATUS, DIR, 1, 1)               /* 1: read */
    FIELD(CTRL_STATUS, INITIALIZATION, 2, 1)    /* a break pulse */
    FIELD(CTRL_STATUS, PRESENCE, 3, 1)
    FIELD(CTRL_STATUS, GO, 4, 1)
    FIELD(CTRL_STATUS, CLOCKENABLE, 5, 1)
    FIELD(CTRL_STATUS, INTERRUPTMASK, 6, 1)
    FIELD(CTRL_STATUS, SINGLE, 7, 1)
REG32(INT_STATUS, 0x10)                         /* clears on read */
    FIELD(INT_STATUS, TIMEOUT, 0, 1)
    FIELD(INT_STATUS, RXCOMPLETE, 1, 1)
    FIELD(INT_STATUS, TXCOMPLETE, 2, 1)
REG32(HDQ_SYSCONFIG, 0x14)
    FIELD(HDQ_SYSCONFIG, AUTOIDLE, 0, 1)
    FIELD(HDQ_SYSCONFIG, SOFTRESET, 1, 1)
    FIELD(HDQ_SYSCONFIG, ENAWAKEUP, 2, 1)
    FIELD(HDQ_SYSCONFIG, IDLEMODE, 3, 2)
REG32(HDQ_SYSSTATUS, 0x18)
    FIELD(HDQ_SYSSTATUS, RESETDONE, 0, 1)

#endif /* HW_N9_OMAP3_HDQ_REGS_H */
