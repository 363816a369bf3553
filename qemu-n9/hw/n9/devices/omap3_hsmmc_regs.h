/*
 * OMAP3630 MMC/SD/SDIO host controller (MMCHS1..3) registers, shared by
 * the device (omap3_hsmmc.c), its qtest (rm696-misc-test.c) and the
 * fuzzer.  A_X is a register's byte offset, R_X its word index.  Source:
 * Linux 6.18 drivers/mmc/host/omap_hsmmc.c (OMAP_HSMMC_* and the bits it
 * uses); SYSCONFIG and REV from the mmc hwmod (the OMAP36xx TRM's MMCHS_*
 * names).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_HSMMC_REGS_H
#define HW_N9_OMAP3_HSMMC_REGS_H

#include "hw/registerfields.h"

REG32(SYSCONFIG, 0x010)
    FIELD(SYSCONFIG, AUTOIDLE, 0, 1)
    FIELD(SYSCONFIG, SOFTRESET, 1, 1)
    FIELD(SYSCONFIG, ENAWAKEUP, 2, 1)
    FIELD(SYSCONFIG, SIDLEMODE, 3, 2)
    FIELD(SYSCONFIG, CLOCKACTIVITY, 8, 2)
REG32(SYSSTATUS, 0x014)
    FIELD(SYSSTATUS, RESETDONE, 0, 1)
REG32(CSRE, 0x024)
REG32(SYSTEST, 0x028)
REG32(CON, 0x02C)
    FIELD(CON, INIT_STREAM, 1, 1)
REG32(PWCNT, 0x030)
REG32(SDMASA, 0x100)
REG32(BLK, 0x104)
REG32(ARG, 0x108)
REG32(CMD, 0x10C)
    FIELD(CMD, RSP_TYPE, 16, 2)                 /* 0: no response */
    FIELD(CMD, INDX, 24, 6)
REG32(RSP10, 0x110)
REG32(RSP32, 0x114)
REG32(RSP54, 0x118)
REG32(RSP76, 0x11C)
REG32(DATA, 0x120)
REG32(PSTATE, 0x124)
    FIELD(PSTATE, DLEV, 20, 4)                  /* DAT[3:0] levels */
    FIELD(PSTATE, CLEV, 24, 1)                  /* CMD level */
REG32(HCTL, 0x128)
    FIELD(HCTL, SDBP, 8, 1)                     /* bus power */
    FIELD(HCTL, SDVS, 9, 3)                     /* OMAP3_HSMMC_SDVS_* */
REG32(SYSCTL, 0x12C)
    FIELD(SYSCTL, ICE, 0, 1)
    FIELD(SYSCTL, ICS, 1, 1)
    FIELD(SYSCTL, CEN, 2, 1)
    FIELD(SYSCTL, CLKD, 6, 10)
    FIELD(SYSCTL, DTO, 16, 4)
    FIELD(SYSCTL, SRA, 24, 1)
    FIELD(SYSCTL, SRC, 25, 1)
    FIELD(SYSCTL, SRD, 26, 1)
/* STAT, IE, ISE: the same events (omap_hsmmc.c's CC_EN, ERR_EN, CTO_EN) */
REG32(STAT, 0x130)
    FIELD(STAT, CC, 0, 1)
    FIELD(STAT, ERRI, 15, 1)
    FIELD(STAT, CTO, 16, 1)
REG32(IE, 0x134)
REG32(ISE, 0x138)
REG32(AC12, 0x13C)
REG32(CAPA, 0x140)
    FIELD(CAPA, VS33, 24, 1)
    FIELD(CAPA, VS30, 25, 1)
    FIELD(CAPA, VS18, 26, 1)
REG32(CUR_CAPA, 0x148)
REG32(REV, 0x1FC)

/* HCTL.SDVS: the bus voltage */
#define OMAP3_HSMMC_SDVS_1V8    5
#define OMAP3_HSMMC_SDVS_3V0    6
#define OMAP3_HSMMC_SDVS_3V3    7

#endif /* HW_N9_OMAP3_HSMMC_REGS_H */
