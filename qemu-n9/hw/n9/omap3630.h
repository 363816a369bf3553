/*
 * TI OMAP3630 as found in the Nokia N9 (RM-696): type names, memory map and
 * interrupt numbers of the SoC container and its blocks.
 *
 * Each block is its own QOM device in its own file; the SoC container
 * (omap3630_soc.c) creates them by type name, maps their MMIO region 0
 * behind the target agent of the interconnect they hang on (n9_agent.c) and
 * wires their interrupts to the INTC.  The interface of each block (MMIO
 * regions, IRQ outputs, GPIO lines, clocks, links, properties) is listed
 * here, next to its type name, so that the wiring can be read in one place.
 *
 * Sources: the OMAP36xx TRM memory map as reflected in Linux 6.18
 * arch/arm/boot/dts/ti/omap/omap3.dtsi, omap36xx.dtsi and
 * arch/arm/mach-omap2/ (see docs/ and ../shared/docs/kernel-facts.md).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3630_H
#define HW_N9_OMAP3630_H

#include "hw/sysbus.h"
#include "target/arm/cpu.h"
#include "qom/object.h"

/* ---- Block types -------------------------------------------------------
 * Unless stated otherwise: sysbus MMIO region 0 is the register block,
 * sysbus IRQ 0 is the interrupt line to the INTC.
 */

/* INTC: 96 qdev GPIO inputs (the interrupt lines); sysbus IRQ 0 = nIRQ,
 * sysbus IRQ 1 = nFIQ to the CPU. */
#define TYPE_OMAP3_INTC     "omap3-intc"
/* 32 kHz sync counter: no IRQ. */
#define TYPE_OMAP3_32KSYNC  "omap3-32ksync"
/* GP timer: clock input "fclk" (32768 Hz or sys_clk, chosen by the CM);
 * property "id" (1..12).  GPIO output "pwm" is not modelled. */
#define TYPE_OMAP3_GPTIMER  "omap3-gptimer"
/* UART: property "chardev"; property "id" (1..4). */
#define TYPE_OMAP3_UART     "omap3-uart"
/* I2C controller: owns I2C bus "i2c"; property "id" (1..3). */
#define TYPE_OMAP3_I2C      "omap3-i2c"
/* GPIO bank: 32 qdev GPIO inputs and 32 outputs; sysbus IRQ 0 = MPU line;
 * property "id" (1..6). */
#define TYPE_OMAP3_GPIO     "omap3-gpio"
/* PRM: register block 0x2000; IRQ 0 = PRCM MPU interrupt (INTC 11);
 * link "cm" to the CM.  Owns the power-domain state machines. */
#define TYPE_OMAP3_PRM      "omap3-prm"
/* CM: register block 0x2000; link "prm"; clock outputs "gpt1_fck" ..
 * "gpt12_fck" (rates follow CM_CLKSEL_*), "mpu_ck". */
#define TYPE_OMAP3_CM       "omap3-cm"
/* System control module: properties "device-type" (2 = HS, 3 = GP) and
 * "omap-status" (CONTROL_OMAP_STATUS). */
#define TYPE_OMAP3_SCM      "omap3-scm"
/* TAP: property "idcode". */
#define TYPE_OMAP3_TAP      "omap3-tap"
#define TYPE_OMAP3_SDRC     "omap3-sdrc"
#define TYPE_OMAP3_SMS      "omap3-sms"
/* GPMC: IRQ 0 = GPMC interrupt (INTC 20). */
#define TYPE_OMAP3_GPMC     "omap3-gpmc"
/* Watchdog: property "id" (2 = WDT2, 3 = WDT3). */
#define TYPE_OMAP3_WDT      "omap3-wdt"
/* HS MMC host: property "id" (1..3). */
#define TYPE_OMAP3_HSMMC    "omap3-hsmmc"
/*
 * A module that the kernel only resets and probes: SYSCONFIG/SYSSTATUS
 * reset handshake plus plain register storage.  Properties: "name", "size",
 * "rev" (offset of the revision register, or -1) and "rev-value", "sysc"
 * (offset of SYSCONFIG, or -1), "syss" (offset of SYSSTATUS, or -1).
 */
#define TYPE_OMAP3_SYSC     "omap3-sysc-module"

/* MIDR of the OMAP3630's Cortex-A8: r3p2 */
#define OMAP3630_MIDR           0x413fc082

/* ---- Memory map (physical) ------------------------------------------- */
#define OMAP3_BOOT_ROM_BASE     0x40000000  /* secure + public ROM, 112 KB */
#define OMAP3_BOOT_ROM_SIZE     0x1c000
#define OMAP3_SRAM_BASE         0x40200000  /* OCM SRAM, 64 KB */
#define OMAP3_SRAM_SIZE         0x10000
#define OMAP3_SDRAM_BASE        0x80000000

#define OMAP3_L4_CORE_BASE      0x48000000  /* 16 MB, includes WKUP L4 */
#define OMAP3_L4_CORE_SIZE      0x01000000
#define OMAP3_L4_WKUP_BASE      0x48300000  /* inside the CORE L4 window */
#define OMAP3_L4_WKUP_SIZE      0x00040000
#define OMAP3_L4_PER_BASE       0x49000000
#define OMAP3_L4_PER_SIZE       0x00100000
#define OMAP3_L4_EMU_BASE       0x54000000
#define OMAP3_L4_EMU_SIZE       0x00800000
/*
 * Everything that is not on an L4 hangs on the L3 (L3 config, SMS, SDRC,
 * GPMC and its chip-select windows, IVA2, SGX, ...).  Its agent covers the
 * whole 32-bit map below the RAM and the L4 agents, so that any access to a
 * hole ends in an agent and gets the interconnect's error response.
 */
#define OMAP3_L3_BASE           0x00000000
#define OMAP3_L3_SIZE           0x100000000ULL

/* ---- Interrupt numbers (INTC inputs) ---------------------------------- */
#define OMAP3_IRQ_SYS_NIRQ      7
#define OMAP3_IRQ_L3_DEBUG      9
#define OMAP3_IRQ_L3_APP        10
#define OMAP3_IRQ_PRCM          11
#define OMAP3_IRQ_SDMA0         12
#define OMAP3_IRQ_GPMC          20
#define OMAP3_IRQ_GPIO(n)       (29 + (n) - 1)      /* GPIO1..6: 29..34 */
#define OMAP3_IRQ_GPT(n)        ((n) <= 11 ? 37 + (n) - 1 : 95) /* GPT12: 95 */
#define OMAP3_IRQ_I2C1          56
#define OMAP3_IRQ_I2C2          57
#define OMAP3_IRQ_I2C3          61
#define OMAP3_IRQ_UART1         72
#define OMAP3_IRQ_UART2         73
#define OMAP3_IRQ_UART3         74
#define OMAP3_IRQ_UART4         80
#define OMAP3_IRQ_MMC1          83
#define OMAP3_IRQ_MMC2          86
#define OMAP3_IRQ_MMC3          94
#define OMAP3_IRQ_WDT3          36

#define OMAP3_NUM_IRQS          96

/* ---- The SoC container ------------------------------------------------ */
#define TYPE_OMAP3630_SOC "omap3630-soc"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3630State, OMAP3630_SOC)

#define OMAP3_NUM_GPT   12
#define OMAP3_NUM_UART  4
#define OMAP3_NUM_I2C   3
#define OMAP3_NUM_GPIO  6

struct OMAP3630State {
    DeviceState parent_obj;

    ARMCPU *cpu;
    MemoryRegion *sysmem;          /* link: where the SoC is mapped */

    MemoryRegion boot_rom;
    MemoryRegion sram;

    /* Target agents, one per interconnect (n9_agent.c). */
    DeviceState *l4_core, *l4_wkup, *l4_per, *l4_emu, *l3;

    DeviceState *intc;
    DeviceState *prm, *cm, *scm, *tap;
    DeviceState *synctimer;
    DeviceState *gpt[OMAP3_NUM_GPT];
    DeviceState *uart[OMAP3_NUM_UART];
    DeviceState *i2c[OMAP3_NUM_I2C];
    DeviceState *gpio[OMAP3_NUM_GPIO];
    DeviceState *sdrc, *sms, *gpmc;
    DeviceState *wdt2;
    DeviceState *mmc[3];

    struct N9Timing *timing;       /* set by the board before realize */

    /* Properties */
    uint8_t device_type;           /* CONTROL_STATUS[10:8]: 2 = HS (N9) */
};

#endif /* HW_N9_OMAP3630_H */
