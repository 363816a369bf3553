/*
 * OMAP3630 GP timer registers (v1 layout: the functional registers follow
 * the OCP ones), shared by the device (omap3_gptimer.c), its qtest and the
 * fuzzer.  A_X is a register's byte offset, R_X its word index.
 * Source: Linux 6.18 drivers/clocksource/timer-ti-dm.c and
 * include/clocksource/timer-ti-dm.h (the OMAP36xx TRM's GPTIMER chapter).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_GPTIMER_REGS_H
#define HW_N9_OMAP3_GPTIMER_REGS_H

#include "hw/registerfields.h"

REG32(TIDR, 0x00)
REG32(TIOCP_CFG, 0x10)
    FIELD(TIOCP_CFG, SOFTRESET, 1, 1)
REG32(TISTAT, 0x14)
    FIELD(TISTAT, RESETDONE, 0, 1)
/* TISR, TIER, TWER: the same three events */
REG32(TISR, 0x18)
    FIELD(TISR, MAT, 0, 1)
    FIELD(TISR, OVF, 1, 1)
    FIELD(TISR, TCAR, 2, 1)
REG32(TIER, 0x1c)
REG32(TWER, 0x20)
REG32(TCLR, 0x24)
    FIELD(TCLR, ST, 0, 1)
    FIELD(TCLR, AR, 1, 1)
    FIELD(TCLR, PTV, 2, 3)
    FIELD(TCLR, PRE, 5, 1)
    FIELD(TCLR, CE, 6, 1)
REG32(TCRR, 0x28)
REG32(TLDR, 0x2c)
REG32(TTGR, 0x30)
REG32(TWPS, 0x34)
REG32(TMAR, 0x38)
REG32(TCAR1, 0x3c)
REG32(TSICR, 0x40)
    FIELD(TSICR, SFT, 1, 1)
    FIELD(TSICR, POSTED, 2, 1)
REG32(TCAR2, 0x44)
/* The 1 ms tick registers: GPT1, 2 and 10 only */
REG32(TPIR, 0x48)
REG32(TNIR, 0x4c)
REG32(TCVR, 0x50)
REG32(TOCR, 0x54)
REG32(TOWR, 0x58)

#endif /* HW_N9_OMAP3_GPTIMER_REGS_H */
