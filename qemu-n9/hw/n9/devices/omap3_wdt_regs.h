/*
 * OMAP3630 watchdog timer registers (WDT2, WDT3), shared by the device
 * (omap3_wdt.c) and its qtest (rm696-misc-test.c).  A_X is a register's
 * byte offset, R_X its word index.  Source: Linux 6.18
 * drivers/watchdog/omap_wdt.h and arch/arm/mach-omap2/wd_timer.c, the
 * hwmod's omap3xxx_wd_timer_sysc (the OMAP36xx TRM's names).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_WDT_REGS_H
#define HW_N9_OMAP3_WDT_REGS_H

#include "hw/registerfields.h"

REG32(WIDR, 0x00)
REG32(WD_SYSCONFIG, 0x10)
    FIELD(WD_SYSCONFIG, AUTOIDLE, 0, 1)
    FIELD(WD_SYSCONFIG, SOFTRESET, 1, 1)
    FIELD(WD_SYSCONFIG, ENAWAKEUP, 2, 1)
    FIELD(WD_SYSCONFIG, IDLEMODE, 3, 2)
    FIELD(WD_SYSCONFIG, EMUFREE, 5, 1)
    FIELD(WD_SYSCONFIG, CLOCKACTIVITY, 8, 2)
REG32(WD_SYSSTATUS, 0x14)
    FIELD(WD_SYSSTATUS, RESETDONE, 0, 1)
REG32(WISR, 0x18)
    FIELD(WISR, OVF, 0, 1)
REG32(WIER, 0x1C)
    FIELD(WIER, OVF, 0, 1)
REG32(WCLR, 0x24)
    FIELD(WCLR, PTV, 2, 3)              /* divide by 2^PTV */
    FIELD(WCLR, PRE, 5, 1)              /* the prescaler on */
REG32(WCRR, 0x28)
REG32(WLDR, 0x2C)
REG32(WTGR, 0x30)
REG32(WWPS, 0x34)                       /* posted writes pending */
REG32(WSPR, 0x48)

/* WSPR: the start and stop sequences */
#define OMAP3_WDT_START1    0xBBBB
#define OMAP3_WDT_START2    0x4444
#define OMAP3_WDT_STOP1     0xAAAA
#define OMAP3_WDT_STOP2     0x5555

#endif /* HW_N9_OMAP3_WDT_REGS_H */
