/*
 * OMAP3630 system control module (SCM) registers and areas, shared by the
 * device (omap3_scm.c), its qtest and the fuzzer.  A_X is a register's
 * byte offset from 0x48002000, R_X its word index.  Source: Linux 6.18
 * arch/arm/mach-omap2/control.h and the pinctrl nodes of omap3.dtsi (the
 * OMAP36xx TRM's names).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_SCM_REGS_H
#define HW_N9_OMAP3_SCM_REGS_H

#include "hw/registerfields.h"

/* Areas of the window */
#define OMAP3_SCM_PADCONF_CORE_START    0x030   /* pinctrl "omap3_pmx_core" */
#define OMAP3_SCM_PADCONF_CORE_END      0x268
#define OMAP3_SCM_GENERAL_START         0x270   /* the scm_conf syscon */
#define OMAP3_SCM_PADCONF_CORE2_START   0x5A0   /* "omap3_pmx_core2" */
#define OMAP3_SCM_PADCONF_CORE2_END     0x5FC
#define OMAP3_SCM_MEM_WKUP_START        0x600   /* CONTROL_MEM_WKUP, 1 KB */
#define OMAP3_SCM_SCRATCHPAD_START      0x910   /* OMAP343X_SCRATCHPAD */
#define OMAP3_SCM_PADCONF_WKUP_START    0xA00   /* "omap3_pmx_wkup" */
#define OMAP3_SCM_PADCONF_WKUP_END      0xA5C
#define OMAP3_SCM_GENERAL_WKUP_END      0xB00

REG32(CONTROL_SYSCONFIG, 0x010)
    FIELD(CONTROL_SYSCONFIG, AUTOIDLE, 0, 1)
    FIELD(CONTROL_SYSCONFIG, IDLEMODE, 3, 2)
REG32(CONTROL_PADCONF_OFF, 0x270)
    FIELD(CONTROL_PADCONF_OFF, START_PADCONF_SAVE, 1, 1)
REG32(CONTROL_STATUS, 0x2F0)
    FIELD(CONTROL_STATUS, DEVICETYPE, 8, 3)
REG32(CONTROL_GENERAL_PURPOSE_STATUS, 0x2F4)
    FIELD(CONTROL_GENERAL_PURPOSE_STATUS, SAVEDONE, 0, 1)
REG32(CONTROL_IVA2_BOOTMOD, 0x404)
REG32(CONTROL_MEM_RTA_CTRL, 0x40C)
REG32(CONTROL_OMAP_STATUS, 0x44C)
REG32(CONTROL_PBIAS_LITE, 0x520)
/* The 3630 layout (omap36xx_mpu_temp_sensor_registers) */
REG32(CONTROL_TEMP_SENSOR, 0x524)
    FIELD(CONTROL_TEMP_SENSOR, TEMP, 0, 8)
    FIELD(CONTROL_TEMP_SENSOR, EOCZ, 8, 1)
    FIELD(CONTROL_TEMP_SENSOR, SOC, 9, 1)
    FIELD(CONTROL_TEMP_SENSOR, CONTCONV, 10, 1)

#endif /* HW_N9_OMAP3_SCM_REGS_H */
