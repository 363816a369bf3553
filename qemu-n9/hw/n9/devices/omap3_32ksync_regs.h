/*
 * OMAP3630 32 kHz synchronized counter registers (legacy scheme: the
 * counter at +0x10), shared by the device (omap3_32ksync.c), its qtest and
 * the fuzzer.  A_X is a register's byte offset, R_X its word index.
 * Source: Linux 6.18 drivers/clocksource/timer-ti-32k.c (the OMAP36xx
 * TRM's names).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_32KSYNC_REGS_H
#define HW_N9_OMAP3_32KSYNC_REGS_H

#include "hw/registerfields.h"

REG32(REG_32KSYNCNT_REV, 0x00)
    FIELD(REG_32KSYNCNT_REV, SCHEME, 30, 2)
REG32(REG_32KSYNCNT_SYSCONFIG, 0x04)
    FIELD(REG_32KSYNCNT_SYSCONFIG, IDLEMODE, 3, 2)
REG32(REG_32KSYNCNT_CR, 0x10)

#endif /* HW_N9_OMAP3_32KSYNC_REGS_H */
