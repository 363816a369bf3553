/*
 * OMAP3630 TAP identification registers (the L4 view of the JTAG TAP),
 * shared by the device (omap3_tap.c), its qtest (rm696-scm-test.c) and the
 * fuzzer.  A_X is a register's byte offset, R_X its word index.  Source:
 * Linux 6.18 arch/arm/mach-omap2/id.c (OMAP_TAP_IDCODE, OMAP_TAP_PROD_ID,
 * OMAP_TAP_DIE_ID_0..3; the IDCODE fields as omap3xxx_check_revision()
 * reads them).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_TAP_REGS_H
#define HW_N9_OMAP3_TAP_REGS_H

#include "hw/registerfields.h"

REG32(IDCODE, 0x204)
    FIELD(IDCODE, MANUFACTURER, 1, 11)          /* 0x017: TI */
    FIELD(IDCODE, HAWKEYE, 12, 16)              /* 0xB891: OMAP3630 */
    FIELD(IDCODE, REV, 28, 4)                   /* the ES revision */
REG32(PROD_ID_0, 0x208)
REG32(PROD_ID_1, 0x20C)
REG32(PROD_ID_2, 0x210)
REG32(PROD_ID_3, 0x214)
REG32(DIE_ID_0, 0x218)
REG32(DIE_ID_1, 0x21C)
REG32(DIE_ID_2, 0x220)
REG32(DIE_ID_3, 0x224)

#endif /* HW_N9_OMAP3_TAP_REGS_H */
