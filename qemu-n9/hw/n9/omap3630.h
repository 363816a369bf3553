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

/* ---- Block types -------------------------------------------------------
 * Unless stated otherwise: sysbus MMIO region 0 is the register block,
 * sysbus IRQ 0 is the interrupt line to the INTC.
 */

/* INTC: 96 qdev GPIO inputs (the interrupt lines); sysbus IRQ 0 = nIRQ,
 * sysbus IRQ 1 = nFIQ to the CPU. */
#define TYPE_OMAP3_INTC     "omap3-intc"
/* 32 kHz sync counter: clock input "fclk" (the 32 kHz clock); no IRQ. */
#define TYPE_OMAP3_32KSYNC  "omap3-32ksync"
/* GP timer: clock input "fclk" (32768 Hz or sys_clk, chosen by the CM);
 * property "id" (1..12).  GPIO output "pwm" is not modelled. */
#define TYPE_OMAP3_GPTIMER  "omap3-gptimer"
/* UART: clock input "fclk" (func_48m, gated); property "chardev";
 * property "id" (1..4); GPIO output "rx-pad" pulses for each byte on the
 * RX line, received or not (the pad's wake-up detector, at the SCM). */
#define TYPE_OMAP3_UART     "omap3-uart"
/* I2C controller: owns I2C bus "i2c"; property "id" (1..3). */
#define TYPE_OMAP3_I2C      "omap3-i2c"
/* GPIO bank: 32 qdev GPIO inputs and 32 outputs; sysbus IRQ 0 = MPU line;
 * property "id" (1..6). */
#define TYPE_OMAP3_GPIO     "omap3-gpio"
/* PRCM (PRM + CM, one device): see omap3_prcm.h. */
/* System control module: properties "device-type" (2 = HS, 3 = GP) and
 * "omap-status" (CONTROL_OMAP_STATUS).  I/O pad wake-up: GPIO inputs
 * "pad-in" (activity on a wake-up pad, OMAP3_SCM_PAD_*), GPIO output
 * "io-wake" (to the PRM's ST_IO); QOM "wakeup-events" (latched so far) and
 * "io-wake" (the request's level). */
#define TYPE_OMAP3_SCM      "omap3-scm"
enum {
    OMAP3_SCM_PAD_UART1_RX,
    OMAP3_SCM_PAD_UART2_RX,
    OMAP3_SCM_PAD_UART3_RX,
    OMAP3_SCM_NUM_WAKE_PADS
};
/* TAP: property "idcode". */
#define TYPE_OMAP3_TAP      "omap3-tap"
/* SDRC: clock input "fclk" (the L3 clock). */
#define TYPE_OMAP3_SDRC     "omap3-sdrc"
#define TYPE_OMAP3_SMS      "omap3-sms"
/* GPMC: IRQ 0 = GPMC interrupt (INTC 20). */
#define TYPE_OMAP3_GPMC     "omap3-gpmc"
/* Watchdog: clock input "fclk" (32 kHz, gated); property "id" (2 = WDT2,
 * 3 = WDT3). */
#define TYPE_OMAP3_WDT      "omap3-wdt"
/* HDQ/1-Wire controller (an empty line). */
#define TYPE_OMAP3_HDQ      "omap3-hdq"
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

/* The interconnect windows and the blocks behind them: omap3630_map.h. */

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

    /* Target agents, one per interconnect (n9_agent.c, omap3630_agents) */
    DeviceState *agent[OMAP3_NUM_AGENTS];
    /* The modelled blocks, by omap3630_map index (both PRCM windows: prcm) */
    DeviceState *block[OMAP3_NUM_BLOCKS];
    DeviceState *prcm;
    /* Interrupts that are also wake-up events: to the INTC and the PRCM */

    struct N9Timing *timing;       /* set by the board before realize */

    /* Properties */
    uint8_t device_type;           /* CONTROL_STATUS[10:8]: 2 = HS (N9) */
};

#endif /* HW_N9_OMAP3630_H */
