/*
 * TI OMAP3630 (Nokia N9): the memory map of the modelled blocks, one table
 * that the SoC container, the interconnect agents, the statistics writer
 * and the qtests all use.  Plain C (no QEMU types) so that a qtest can
 * include it.
 *
 * Each block: its name (the register group its agent counts it under),
 * the physical base and size of its register window, its interrupt line
 * at the INTC (-1: none) and the interconnect agent it hangs on.  Blocks
 * with more than one window (the PRCM's PRM and CM) have one entry per
 * window.  The modules the kernel only resets and the blocks that exist
 * but are not modelled are listed in omap3630_modules.h; their agent is
 * the window that holds their address (omap3630_agent_at).
 *
 * Sources: the OMAP36xx TRM memory map as reflected in Linux 6.18
 * arch/arm/boot/dts/ti/omap/omap3.dtsi, omap36xx.dtsi and
 * arch/arm/mach-omap2/ (see docs/facts.md).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3630_MAP_H
#define HW_N9_OMAP3630_MAP_H

#include <stdint.h>

/* The interconnect target agents (n9_agent.c), highest priority first */
typedef enum OMAP3Agent {
    OMAP3_AGENT_L4_WKUP,    /* inside the CORE L4 window, above it */
    OMAP3_AGENT_L4_CORE,
    OMAP3_AGENT_L4_PER,
    OMAP3_AGENT_L4_EMU,
    OMAP3_AGENT_L3,         /* the rest of the 32-bit map, below all */
    OMAP3_NUM_AGENTS
} OMAP3Agent;

typedef struct OMAP3AgentMap {
    const char *name;
    uint64_t base, size;
    int priority;           /* of its window in the system memory map */
} OMAP3AgentMap;

static const OMAP3AgentMap omap3630_agents[OMAP3_NUM_AGENTS] = {
    [OMAP3_AGENT_L4_WKUP] = { "l4-wkup", 0x48300000, 0x00040000, 1 },
    [OMAP3_AGENT_L4_CORE] = { "l4-core", 0x48000000, 0x01000000, 0 },
    [OMAP3_AGENT_L4_PER] = { "l4-per", 0x49000000, 0x00100000, 0 },
    [OMAP3_AGENT_L4_EMU] = { "l4-emu", 0x54000000, 0x00800000, 0 },
    [OMAP3_AGENT_L3] = { "l3", 0x00000000, 0x100000000ULL, -1 },
};

/* The agent whose window holds @addr (the first one, in priority order) */
static inline OMAP3Agent omap3630_agent_at(uint64_t addr)
{
    int a;

    for (a = 0; a < OMAP3_AGENT_L3; a++) {
        if (addr >= omap3630_agents[a].base &&
            addr - omap3630_agents[a].base < omap3630_agents[a].size) {
            return (OMAP3Agent)a;
        }
    }
    return OMAP3_AGENT_L3;
}

/*
 * The on-chip memories the CPU reaches outside the SDRAM: the boot ROM
 * and the OCM SRAM (as omap3630.h's OMAP3_BOOT_ROM_* and OMAP3_SRAM_*).
 * The machine's memory path does not model them: an access costs nothing
 * (mempath's "other").  Replays of a trace map them the same way.
 */
typedef struct OMAP3OnChipMap {
    const char *name;
    uint32_t base, size;
} OMAP3OnChipMap;

#define OMAP3_NUM_ONCHIP 2
static const OMAP3OnChipMap omap3630_onchip[OMAP3_NUM_ONCHIP] = {
    { "rom", 0x40000000, 0x1c000 },
    { "sram", 0x40200000, 0x10000 },
};

/* The modelled blocks */
typedef enum OMAP3Block {
    OMAP3_BLK_INTC,
    OMAP3_BLK_PRM, OMAP3_BLK_CM,
    OMAP3_BLK_SCM, OMAP3_BLK_TAP, OMAP3_BLK_32KSYNC,
    OMAP3_BLK_GPT1, OMAP3_BLK_GPT2, OMAP3_BLK_GPT3, OMAP3_BLK_GPT4,
    OMAP3_BLK_GPT5, OMAP3_BLK_GPT6, OMAP3_BLK_GPT7, OMAP3_BLK_GPT8,
    OMAP3_BLK_GPT9, OMAP3_BLK_GPT10, OMAP3_BLK_GPT11, OMAP3_BLK_GPT12,
    OMAP3_BLK_UART1, OMAP3_BLK_UART2, OMAP3_BLK_UART3, OMAP3_BLK_UART4,
    OMAP3_BLK_I2C1, OMAP3_BLK_I2C2, OMAP3_BLK_I2C3,
    OMAP3_BLK_GPIO1, OMAP3_BLK_GPIO2, OMAP3_BLK_GPIO3, OMAP3_BLK_GPIO4, OMAP3_BLK_GPIO5,
    OMAP3_BLK_GPIO6,
    OMAP3_BLK_SMS, OMAP3_BLK_SDRC, OMAP3_BLK_GPMC,
    OMAP3_BLK_WDT2, OMAP3_BLK_WDT3,
    OMAP3_BLK_MMC1, OMAP3_BLK_MMC2, OMAP3_BLK_MMC3,
    OMAP3_BLK_HDQ,
    OMAP3_NUM_BLOCKS
} OMAP3Block;

/*
 * INTC lines of the MPU subsystem itself, not of a block in the map: the
 * Cortex-A8's PMU (nPMUIRQ; Linux's omap3.dtsi, pmu@54000000,
 * interrupts = <3>)
 */
#define OMAP3_IRQ_PMU           3

typedef struct OMAP3BlockMap {
    const char *name;
    uint32_t base, size;
    int16_t irq;            /* INTC line, -1: none */
    uint8_t agent;          /* OMAP3Agent */
} OMAP3BlockMap;

#define OMAP3_MAP_ENTRY(n, b, sz, i, a) { n, b, sz, i, OMAP3_AGENT_##a }

static const OMAP3BlockMap omap3630_map[OMAP3_NUM_BLOCKS] = {
    [OMAP3_BLK_INTC] = OMAP3_MAP_ENTRY("intc", 0x48200000, 0x1000, -1, L4_CORE),
    [OMAP3_BLK_PRM] = OMAP3_MAP_ENTRY("prm", 0x48306000, 0x2000, 11, L4_WKUP),
    [OMAP3_BLK_CM] = OMAP3_MAP_ENTRY("cm", 0x48004000, 0x2000, -1, L4_CORE),
    [OMAP3_BLK_SCM] = OMAP3_MAP_ENTRY("scm", 0x48002000, 0x1000, -1, L4_CORE),
    [OMAP3_BLK_TAP] = OMAP3_MAP_ENTRY("tap", 0x4830a000, 0x1000, -1, L4_WKUP),
    [OMAP3_BLK_32KSYNC] = OMAP3_MAP_ENTRY("synctimer", 0x48320000, 0x1000, -1,
                                L4_WKUP),
    [OMAP3_BLK_GPT1] = OMAP3_MAP_ENTRY("gpt1", 0x48318000, 0x1000, 37, L4_WKUP),
    [OMAP3_BLK_GPT2] = OMAP3_MAP_ENTRY("gpt2", 0x49032000, 0x1000, 38, L4_PER),
    [OMAP3_BLK_GPT3] = OMAP3_MAP_ENTRY("gpt3", 0x49034000, 0x1000, 39, L4_PER),
    [OMAP3_BLK_GPT4] = OMAP3_MAP_ENTRY("gpt4", 0x49036000, 0x1000, 40, L4_PER),
    [OMAP3_BLK_GPT5] = OMAP3_MAP_ENTRY("gpt5", 0x49038000, 0x1000, 41, L4_PER),
    [OMAP3_BLK_GPT6] = OMAP3_MAP_ENTRY("gpt6", 0x4903a000, 0x1000, 42, L4_PER),
    [OMAP3_BLK_GPT7] = OMAP3_MAP_ENTRY("gpt7", 0x4903c000, 0x1000, 43, L4_PER),
    [OMAP3_BLK_GPT8] = OMAP3_MAP_ENTRY("gpt8", 0x4903e000, 0x1000, 44, L4_PER),
    [OMAP3_BLK_GPT9] = OMAP3_MAP_ENTRY("gpt9", 0x49040000, 0x1000, 45, L4_PER),
    [OMAP3_BLK_GPT10] = OMAP3_MAP_ENTRY("gpt10", 0x48086000, 0x1000, 46, L4_CORE),
    [OMAP3_BLK_GPT11] = OMAP3_MAP_ENTRY("gpt11", 0x48088000, 0x1000, 47, L4_CORE),
    [OMAP3_BLK_GPT12] = OMAP3_MAP_ENTRY("gpt12", 0x48304000, 0x1000, 95, L4_WKUP),
    [OMAP3_BLK_UART1] = OMAP3_MAP_ENTRY("uart1", 0x4806a000, 0x1000, 72, L4_CORE),
    [OMAP3_BLK_UART2] = OMAP3_MAP_ENTRY("uart2", 0x4806c000, 0x1000, 73, L4_CORE),
    [OMAP3_BLK_UART3] = OMAP3_MAP_ENTRY("uart3", 0x49020000, 0x1000, 74, L4_PER),
    [OMAP3_BLK_UART4] = OMAP3_MAP_ENTRY("uart4", 0x49042000, 0x1000, 80, L4_PER),
    [OMAP3_BLK_I2C1] = OMAP3_MAP_ENTRY("i2c1", 0x48070000, 0x1000, 56, L4_CORE),
    [OMAP3_BLK_I2C2] = OMAP3_MAP_ENTRY("i2c2", 0x48072000, 0x1000, 57, L4_CORE),
    [OMAP3_BLK_I2C3] = OMAP3_MAP_ENTRY("i2c3", 0x48060000, 0x1000, 61, L4_CORE),
    [OMAP3_BLK_GPIO1] = OMAP3_MAP_ENTRY("gpio1", 0x48310000, 0x1000, 29, L4_WKUP),
    [OMAP3_BLK_GPIO2] = OMAP3_MAP_ENTRY("gpio2", 0x49050000, 0x1000, 30, L4_PER),
    [OMAP3_BLK_GPIO3] = OMAP3_MAP_ENTRY("gpio3", 0x49052000, 0x1000, 31, L4_PER),
    [OMAP3_BLK_GPIO4] = OMAP3_MAP_ENTRY("gpio4", 0x49054000, 0x1000, 32, L4_PER),
    [OMAP3_BLK_GPIO5] = OMAP3_MAP_ENTRY("gpio5", 0x49056000, 0x1000, 33, L4_PER),
    [OMAP3_BLK_GPIO6] = OMAP3_MAP_ENTRY("gpio6", 0x49058000, 0x1000, 34, L4_PER),
    [OMAP3_BLK_SMS] = OMAP3_MAP_ENTRY("sms", 0x6c000000, 0x1000, -1, L3),
    [OMAP3_BLK_SDRC] = OMAP3_MAP_ENTRY("sdrc", 0x6d000000, 0x1000, -1, L3),
    [OMAP3_BLK_GPMC] = OMAP3_MAP_ENTRY("gpmc", 0x6e000000, 0x1000, 20, L3),
    [OMAP3_BLK_WDT2] = OMAP3_MAP_ENTRY("wdt2", 0x48314000, 0x1000, -1, L4_WKUP),
    [OMAP3_BLK_WDT3] = OMAP3_MAP_ENTRY("wdt3", 0x49030000, 0x1000, 36, L4_PER),
    [OMAP3_BLK_MMC1] = OMAP3_MAP_ENTRY("mmc1", 0x4809c000, 0x1000, 83, L4_CORE),
    [OMAP3_BLK_MMC2] = OMAP3_MAP_ENTRY("mmc2", 0x480b4000, 0x1000, 86, L4_CORE),
    [OMAP3_BLK_MMC3] = OMAP3_MAP_ENTRY("mmc3", 0x480ad000, 0x1000, 94, L4_CORE),
    [OMAP3_BLK_HDQ] = OMAP3_MAP_ENTRY("hdq1w", 0x480b2000, 0x1000, 58, L4_CORE),
};

#undef OMAP3_MAP_ENTRY

#endif /* HW_N9_OMAP3630_MAP_H */
