/*
 * OMAP3630 SDRAM memory scheduler (SMS) registers, shared by the device
 * (omap3_sms.c), its qtest and the fuzzer.  A_X is a register's byte
 * offset, R_X its word index.  Source: Linux 6.18 arch/arm/mach-omap2/
 * sdrc.h and sram.c (the OMAP36xx TRM's names).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_SMS_REGS_H
#define HW_N9_OMAP3_SMS_REGS_H

#include "hw/registerfields.h"

REG32(SMS_REVISION, 0x000)
REG32(SMS_SYSCONFIG, 0x010)
    FIELD(SMS_SYSCONFIG, AUTOIDLE, 0, 1)
    FIELD(SMS_SYSCONFIG, SOFTRESET, 1, 1)
    FIELD(SMS_SYSCONFIG, SIDLEMODE, 3, 2)
REG32(SMS_SYSSTATUS, 0x014)
    FIELD(SMS_SYSSTATUS, RESETDONE, 0, 1)
/* Firewall region 0; region n at + 0x20 * n */
REG32(SMS_RG_ATT0, 0x048)
REG32(SMS_ERR_ADDR, 0x170)
REG32(SMS_ERR_TYPE, 0x174)
REG32(SMS_POW_CTRL, 0x178)

#endif /* HW_N9_OMAP3_SMS_REGS_H */
