/*
 * TI OMAP3630 as found in the Nokia N9 (RM-696): the SoC container, a
 * typed QOM device whose state embeds its blocks.
 *
 * Each block is its own QOM device in its own file, with a header of its
 * own (type name, interface, state).  The SoC container (omap3630_soc.c)
 * initializes them as its children, maps their MMIO region 0 behind the
 * target agent of the interconnect they hang on (n9_agent.c) and wires
 * their interrupts to the INTC, every address and line from the one map
 * (omap3630_map.h).
 *
 * Sources: the OMAP36xx TRM memory map as reflected in Linux 6.18
 * arch/arm/boot/dts/ti/omap/omap3.dtsi, omap36xx.dtsi and
 * arch/arm/mach-omap2/ (see docs/facts.md).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3630_H
#define HW_N9_OMAP3630_H

#include "hw/sysbus.h"
#include "target/arm/cpu.h"
#include "qom/object.h"
#include "omap3630_map.h"
#include "n9_agent.h"
#include "omap3_rom.h"
#include "omap3_intc.h"
#include "omap3_prcm.h"
#include "omap3_scm.h"
#include "omap3_tap.h"
#include "omap3_32ksync.h"
#include "omap3_gptimer.h"
#include "omap3_uart.h"
#include "omap3_i2c.h"
#include "omap3_gpio.h"
#include "omap3_sms.h"
#include "omap3_sdrc.h"
#include "omap3_gpmc.h"
#include "omap3_wdt.h"
#include "omap3_hsmmc.h"
#include "omap3_hdq.h"
#include "omap3_sysc.h"

/*
 * Each block's type name, interface and state: its own header (included
 * above).  Unless stated there: sysbus MMIO region 0 is the register
 * block, sysbus IRQ 0 is the interrupt line to the INTC.
 */

/* MIDR of the OMAP3630's Cortex-A8: r3p2 */
#define OMAP3630_MIDR           0x413fc082

/* ---- Memory map (physical) ------------------------------------------- */
#define OMAP3_BOOT_ROM_BASE     0x40000000  /* secure + public ROM, 112 KB */
#define OMAP3_BOOT_ROM_SIZE     0x1c000
#define OMAP3_SRAM_BASE         0x40200000  /* OCM SRAM, 64 KB */
#define OMAP3_SRAM_SIZE         0x10000
#define OMAP3_SDRAM_BASE        0x80000000

/* The interconnect windows and the blocks behind them: omap3630_map.h. */

/* ---- The SoC container ------------------------------------------------ */
#define TYPE_OMAP3630_SOC "omap3630-soc"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3630State, OMAP3630_SOC)

#define OMAP3_NUM_GPT   12
#define OMAP3_NUM_UART  4
#define OMAP3_NUM_I2C   3
#define OMAP3_NUM_GPIO  6
#define OMAP3_NUM_WDT   2       /* WDT2 (the MPU's), WDT3 */
#define OMAP3_NUM_MMC   3
/* The rows of omap3630_sysc_modules (omap3630_modules.h; checked at build) */
#define OMAP3_NUM_SYSC_MODULES 26

struct OMAP3630State {
    DeviceState parent_obj;

    /* Links and properties, set by the board before realize */
    MemoryRegion *sysmem;          /* link "memory": where the SoC is mapped */
    struct N9Timing *timing;       /* the board's; NULL: the phone's figures */
    uint8_t device_type;           /* CONTROL_STATUS[10:8]: 2 = HS (N9) */

    /* Children, created in instance_init, realized in omap3630_realize */
    ARMCPU a8;
    OMAP3ROMState rom;
    MemoryRegion sram;
    N9AgentState agents[OMAP3_NUM_AGENTS];  /* by OMAP3Agent */
    OMAP3INTCState intc;
    OMAP3SCMState scm;
    OMAP3TAPState tap;
    OMAP3SyncTimerState synctimer;
    OMAP3GPTimerState gpt[OMAP3_NUM_GPT];
    OMAP3UARTState uart[OMAP3_NUM_UART];
    OMAP3I2CState i2c[OMAP3_NUM_I2C];
    OMAP3GPIOState gpio[OMAP3_NUM_GPIO];
    OMAP3SMSState sms;
    OMAP3SDRCState sdrc;
    OMAP3GPMCState gpmc;
    OMAP3WDTState wdt[OMAP3_NUM_WDT];
    OMAP3HSMMCState mmc[OMAP3_NUM_MMC];
    OMAP3HDQState hdq;
    OMAP3SYSCState sysc[OMAP3_NUM_SYSC_MODULES];
    OMAP3PRCMState prcm;           /* both windows, PRM and CM */
    /*
     * The CPU's clock: the PRCM's mpu_ck, which the PMU's cycle counter
     * follows (PMCCNTR counts MPU cycles at every OPP, as on the phone)
     */
    Clock *cpu_clk;

    /* The children by index, for the wiring and the board */
    ARMCPU *cpu;                   /* &a8 */
    DeviceState *agent[OMAP3_NUM_AGENTS];
    DeviceState *block[OMAP3_NUM_BLOCKS];   /* both PRCM windows: prcm */
};

#endif /* HW_N9_OMAP3630_H */
