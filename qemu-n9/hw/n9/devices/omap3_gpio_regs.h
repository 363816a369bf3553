/*
 * OMAP3630 GPIO bank (GPIO1-6) registers, shared by the device
 * (omap3_gpio.c), its qtests (rm696-gpio-test.c, rm696-wakeup-test.c) and
 * the fuzzer.  A_X is a register's byte offset, R_X its word index.
 * Source: Linux 6.18 include/linux/platform_data/gpio-omap.h
 * (OMAP24XX_GPIO_*, drivers/gpio/gpio-omap.c's omap2_gpio_regs) and the
 * gpio hwmod's omap3xxx_gpio_sysc; the names are the OMAP36xx TRM's
 * (WAKEUPENABLE, DEBOUNCENABLE, DEBOUNCINGTIME for Linux's WAKE_EN,
 * DEBOUNCE_EN, DEBOUNCE_VAL).  From IRQSTATUS1 on, every register but
 * CTRL and DEBOUNCINGTIME holds one bit per pin.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_GPIO_REGS_H
#define HW_N9_OMAP3_GPIO_REGS_H

#include "hw/registerfields.h"

REG32(REVISION, 0x00)
REG32(SYSCONFIG, 0x10)
    FIELD(SYSCONFIG, AUTOIDLE, 0, 1)
    FIELD(SYSCONFIG, SOFTRESET, 1, 1)
    FIELD(SYSCONFIG, ENAWAKEUP, 2, 1)
    FIELD(SYSCONFIG, IDLEMODE, 3, 2)
REG32(SYSSTATUS, 0x14)
    FIELD(SYSSTATUS, RESETDONE, 0, 1)
REG32(IRQSTATUS1, 0x18)
REG32(IRQENABLE1, 0x1C)
REG32(WAKEUPENABLE, 0x20)
REG32(IRQSTATUS2, 0x28)
REG32(IRQENABLE2, 0x2C)
REG32(CTRL, 0x30)
    FIELD(CTRL, DISABLEMODULE, 0, 1)
    FIELD(CTRL, GATINGRATIO, 1, 2)
REG32(OE, 0x34)                                 /* 1: input */
REG32(DATAIN, 0x38)
REG32(DATAOUT, 0x3C)
REG32(LEVELDETECT0, 0x40)
REG32(LEVELDETECT1, 0x44)
REG32(RISINGDETECT, 0x48)
REG32(FALLINGDETECT, 0x4C)
REG32(DEBOUNCENABLE, 0x50)
REG32(DEBOUNCINGTIME, 0x54)
/* Write 1 to clear or set a bit of IRQENABLE1/2, WAKEUPENABLE, DATAOUT */
REG32(CLEARIRQENABLE1, 0x60)
REG32(SETIRQENABLE1, 0x64)
REG32(CLEARIRQENABLE2, 0x70)
REG32(SETIRQENABLE2, 0x74)
REG32(CLEARWKUENA, 0x80)
REG32(SETWKUENA, 0x84)
REG32(CLEARDATAOUT, 0x90)
REG32(SETDATAOUT, 0x94)

#endif /* HW_N9_OMAP3_GPIO_REGS_H */
