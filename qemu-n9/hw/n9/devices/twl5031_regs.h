/*
 * TWL5031 (TWL4030 family) power IC: the register addresses the model and
 * its qtest share.  The chip answers at four I2C addresses (0x48-0x4b);
 * every name below is the register's address inside its slave, i.e. the
 * module base of Linux's twl-core.c plus the register's offset.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_TWL5031_REGS_H
#define HW_N9_TWL5031_REGS_H

#include "hw/registerfields.h"

#define TWL5031_ADDR0           0x48    /* slave 0: USB */
#define TWL5031_NUM_SLAVES      4

/* ---- slave 0 (0x48): USB transceiver ---------------------------------- */
REG8(USB_VENDOR_ID_LO,   0x00)
REG8(USB_FUNC_CTRL,      0x04)          /* +1 SET, +2 CLR (ULPI) */
REG8(USB_POWER_CTRL,     0xac)
REG8(USB_PHY_CLK_CTRL,   0xfe)
    FIELD(USB_PHY_CLK_CTRL, REQ_PHY_DPLL_CLK, 0, 1)
REG8(USB_PHY_CLK_CTRL_STS, 0xff)
    FIELD(USB_PHY_CLK_CTRL_STS, PHY_DPLL_CLK, 0, 1)

/* ---- slave 1 (0x49): audio, test, PIH, INTBR, GPIO -------------------- */
REG8(PIH_ISR_P1,         0x81)
REG8(PIH_ISR_P2,         0x82)
REG8(PIH_SIR,            0x83)
REG8(IDCODE_7_0,         0x85)          /* .. IDCODE_31_24 at 0x88 */
REG8(GPPUPDCTR1,         0x94)
REG8(UNLOCK_TEST_REG,    0x97)
#define TWL5031_IDCODE_UNLOCK   0x49    /* TWL_EEPROM_R_UNLOCK */
REG8(GPIO_ISR1A,         0xb1)
REG8(GPIO_IMR1A,         0xb4)
REG8(GPIO_ISR1B,         0xb7)
REG8(GPIO_IMR1B,         0xba)
REG8(GPIO_SIH_CTRL,      0xc5)

/* ---- slave 2 (0x4a): MADC, accessory/BCI, keypad, LED, PWM ------------ */
REG8(MADC_CTRL1,         0x00)
    FIELD(MADC_CTRL1, MADCON, 0, 1)
REG8(MADC_SW1SELECT_LSB, 0x06)
REG8(MADC_SW2SELECT_LSB, 0x0a)
REG8(MADC_CTRL_SW1,      0x12)
REG8(MADC_CTRL_SW2,      0x13)
    FIELD(MADC_CTRL_SW, BUSY, 0, 1)
    FIELD(MADC_CTRL_SW, EOC_SW, 1, 1)
    FIELD(MADC_CTRL_SW, SW_START, 5, 1)
REG8(MADC_GPCH0_LSB,     0x37)          /* channel n at 0x37 + 2n, 10 bits << 6 */
REG8(MADC_ISR1,          0x61)
REG8(MADC_IMR1,          0x62)
REG8(MADC_ISR2,          0x63)
REG8(MADC_IMR2,          0x64)
REG8(MADC_SIR,           0x65)
REG8(MADC_SIH_CTRL,      0x67)
REG8(ACC_ACIIMR_LSB,     0x79)          /* TWL5031 accessory (ECI/DBI) */
REG8(ACC_ACIIDR_LSB,     0x7b)
REG8(ACC_ACCISR1,        0x83)          /* TWL5031 accessory (audio) */
REG8(ACC_ACCIMR1,        0x84)
REG8(ACC_ACCISR2,        0x85)
REG8(ACC_ACCIMR2,        0x86)
REG8(ACC_ACCSIR,         0x87)
REG8(ACC_ACCSIHCTRL,     0x89)
REG8(BCICTL1,            0x97)          /* MAIN_CHARGE + 0x23 */
REG8(BCICTL2,            0x98)          /* MAIN_CHARGE + 0x24 */
    FIELD(BCICTL2, ITHSENS, 0, 3)
REG8(BCI_ISR1,           0xb9)          /* TWL5031 BCI interrupts */
REG8(BCI_IMR1,           0xba)
REG8(BCI_ISR2,           0xbb)
REG8(BCI_IMR2,           0xbc)
REG8(BCI_SIR,            0xbd)
REG8(BCI_SIH_CTRL,       0xc0)
REG8(KEYP_ISR1,          0xe3)
REG8(KEYP_IMR1,          0xe4)
REG8(KEYP_ISR2,          0xe5)
REG8(KEYP_IMR2,          0xe6)
REG8(KEYP_SIR,           0xe7)
REG8(KEYP_SIH_CTRL,      0xe9)

/* ---- slave 3 (0x4b): backup, RTC, power interrupts, PM master/receiver - */
REG8(RTC_SECONDS,        0x1c)          /* .. WEEKS at 0x22, BCD */
REG8(RTC_MINUTES,        0x1d)
REG8(RTC_HOURS,          0x1e)
REG8(RTC_DAYS,           0x1f)
REG8(RTC_MONTHS,         0x20)
REG8(RTC_YEARS,          0x21)
REG8(RTC_WEEKS,          0x22)
REG8(RTC_ALARM_SECONDS,  0x23)          /* .. ALARM_YEARS at 0x28 */
REG8(RTC_ALARM_YEARS,    0x28)
REG8(RTC_CTRL,           0x29)
    FIELD(RTC_CTRL, STOP_RTC, 0, 1)     /* 1 = running */
    FIELD(RTC_CTRL, MODE_12_24, 3, 1)
    FIELD(RTC_CTRL, GET_TIME, 6, 1)
REG8(RTC_STATUS,         0x2a)
    FIELD(RTC_STATUS, RUN, 1, 1)
    FIELD(RTC_STATUS, EVENTS, 2, 4)     /* 1S, 1M, 1H, 1D */
    FIELD(RTC_STATUS, ALARM, 6, 1)
    FIELD(RTC_STATUS, POWER_UP, 7, 1)
REG8(RTC_INTERRUPTS,     0x2b)
    FIELD(RTC_INTERRUPTS, EVERY, 0, 2)
    FIELD(RTC_INTERRUPTS, IT_TIMER, 2, 1)
    FIELD(RTC_INTERRUPTS, IT_ALARM, 3, 1)
REG8(PWR_ISR1,           0x2e)
    FIELD(PWR_ISR1, PWRON, 0, 1)
    FIELD(PWR_ISR1, RTC_IT, 3, 1)
REG8(PWR_IMR1,           0x2f)
REG8(PWR_ISR2,           0x30)
REG8(PWR_IMR2,           0x31)
REG8(PWR_SIR,            0x32)
REG8(PWR_EDR1,           0x33)
REG8(PWR_SIH_CTRL,       0x35)
    FIELD(SIH_CTRL, COR, 2, 1)          /* clear-on-read, every SIH */
REG8(CFG_P1_TRANSITION,  0x36)
REG8(PROTECT_KEY,        0x44)
#define TWL5031_KEY_CFG1        0xc0
#define TWL5031_KEY_CFG2        0x0c
#define TWL5031_KEY_TST1        0xe0
#define TWL5031_KEY_TST2        0x0e
REG8(STS_HW_CONDITIONS,  0x45)
REG8(P1_SW_EVENTS,       0x46)
    FIELD(P1_SW_EVENTS, DEVOFF, 0, 1)
REG8(MEMORY_ADDRESS,     0x59)          /* power-script (sequencer) memory */
REG8(MEMORY_DATA,        0x5a)
REG8(DCDC_GLOBAL_CFG,    0x61)          /* PM_RECEIVER + 0x06 */
REG8(VAUX1_DEV_GRP,      0x72)          /* PM_RECEIVER + 0x17 */
REG8(VAUX1_DEDICATED,    0x75)
REG8(VMMC1_DEDICATED,    0x85)
REG8(VDD1_DEV_GRP,       0xb0)          /* PM_RECEIVER + 0x55 */
REG8(VDD1_VSEL,          0xb9)          /* 600 mV + 12.5 mV * VSEL */
REG8(VDD2_DEV_GRP,       0xbe)
REG8(VDD2_VSEL,          0xc7)

/* TWL's PIH bits (modules behind sys_nirq) */
#define TWL5031_PIH_GPIO        0
#define TWL5031_PIH_KEYPAD      1
#define TWL5031_PIH_BCI         2
#define TWL5031_PIH_MADC        3
#define TWL5031_PIH_USB         4
#define TWL5031_PIH_POWER       5
#define TWL5031_PIH_ECI_DBI     6
#define TWL5031_PIH_AUDIO       7

#endif
