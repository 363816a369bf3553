/*
 * TI OMAP3630 SoC container (Nokia N9).
 *
 * Its state (omap3630.h) embeds the Cortex-A8, the boot ROM, the
 * interconnect target agents and one child device per block, initialized
 * in instance_init; realize sets them up and maps each block behind the
 * agent of the interconnect it hangs on and wires its interrupt to the INTC,
 * all from the one memory map (omap3630_map.h).  Blocks that the kernel only
 * resets, and blocks that are not modelled, come from omap3630_modules.h.
 *
 * The PRCM sits between the INTC and the CPU (the MPU wakes through it),
 * watches the CPU's STANDBYWFI, takes the wake-up events of the blocks
 * that have one and resets the blocks of a power domain that was OFF.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qapi/error.h"
#include "qemu/module.h"
#include "qemu/units.h"
#include "hw/qdev-properties.h"
#include "hw/qdev-clock.h"
#include "hw/i2c/i2c.h"
#include "system/system.h"
#include "target/arm/cpu-qom.h"
#include "omap3630.h"
#include "omap3630_modules.h"
#include "omap3_prcm.h"
#include "models/prcm/pwrdm.h"

/* One embedded child per row of the table (the terminating row aside) */
QEMU_BUILD_BUG_ON(ARRAY_SIZE(omap3630_sysc_modules) !=
                  OMAP3_NUM_SYSC_MODULES + 1);

/* The PM_WKST bit each wake-up capable block sets (prm-regbits-34xx.h) */
static const struct {
    OMAP3Block blk;
    const char *input;          /* the PRCM's wake input array */
    int bit;
} omap3630_wakeups[] = {
    { OMAP3_BLK_GPT1, "wkup-wake", 0 },     /* EN_GPT1 */
    { OMAP3_BLK_GPT12, "wkup-wake", 1 },    /* EN_GPT12 */
    { OMAP3_BLK_GPIO1, "wkup-wake", 3 },    /* EN_GPIO1 */
    { OMAP3_BLK_GPT10, "core-wake", 11 },   /* EN_GPT10 */
    { OMAP3_BLK_GPT11, "core-wake", 12 },   /* EN_GPT11 */
    { OMAP3_BLK_UART1, "core-wake", 13 },   /* EN_UART1 */
    { OMAP3_BLK_UART2, "core-wake", 14 },   /* EN_UART2 */
    { OMAP3_BLK_GPT2, "per-wake", 3 },      /* EN_GPT2..9: bits 3..10 */
    { OMAP3_BLK_GPT3, "per-wake", 4 },
    { OMAP3_BLK_GPT4, "per-wake", 5 },
    { OMAP3_BLK_GPT5, "per-wake", 6 },
    { OMAP3_BLK_GPT6, "per-wake", 7 },
    { OMAP3_BLK_GPT7, "per-wake", 8 },
    { OMAP3_BLK_GPT8, "per-wake", 9 },
    { OMAP3_BLK_GPT9, "per-wake", 10 },
    { OMAP3_BLK_UART3, "per-wake", 11 },    /* EN_UART3 */
    { OMAP3_BLK_GPIO2, "per-wake", 13 },    /* EN_GPIO2..6: bits 13..17 */
    { OMAP3_BLK_GPIO3, "per-wake", 14 },
    { OMAP3_BLK_GPIO4, "per-wake", 15 },
    { OMAP3_BLK_GPIO5, "per-wake", 16 },
    { OMAP3_BLK_GPIO6, "per-wake", 17 },
    { OMAP3_BLK_UART4, "per-wake", 18 },    /* EN_UART4 (3630) */
};

/*
 * The I/O daisy chain: the UARTs' RX lines cross wake-up capable pads,
 * whose latches in the SCM request a wake-up at the PRM (PM_WKEN_WKUP /
 * PM_WKST_WKUP bit 8, EN_IO / ST_IO).  UART4's RX pad is not one of the
 * SCM's wake-up pads.
 */
static void omap3630_wire_io_wakeup(OMAP3630State *s)
{
    static const int uart_pad[] = {
        OMAP3_SCM_PAD_UART1_RX, OMAP3_SCM_PAD_UART2_RX, OMAP3_SCM_PAD_UART3_RX,
    };
    DeviceState *scm = s->block[OMAP3_BLK_SCM];
    int i;

    for (i = 0; i < ARRAY_SIZE(uart_pad); i++) {
        qdev_connect_gpio_out_named(s->block[OMAP3_BLK_UART1 + i], "rx-pad", 0,
                                    qdev_get_gpio_in_named(scm, "pad-in",
                                                           uart_pad[i]));
    }
    qdev_connect_gpio_out_named(scm, "io-wake", 0,
                                qdev_get_gpio_in_named(DEVICE(&s->prcm),
                                                       "wkup-wake", 8));
}

/*
 * The power domain that holds each block's context (OMAP36xx TRM), as far
 * as a reset of it when the domain was OFF goes.  The PRCM resets its own
 * CM half.  The SCM is in CORE, but its pad configuration is saved and
 * restored by hardware and its scratchpad is wake-up memory, and the
 * kernel restores its general registers: it is kept whole.
 */
static int omap3630_block_pwrdm(OMAP3Block blk)
{
    switch (blk) {
    case OMAP3_BLK_PRM: case OMAP3_BLK_CM: case OMAP3_BLK_SCM:
    case OMAP3_BLK_TAP: case OMAP3_BLK_32KSYNC: case OMAP3_BLK_GPT1:
    case OMAP3_BLK_GPT12: case OMAP3_BLK_GPIO1: case OMAP3_BLK_WDT2:
        return PRCM_PD_WKUP;
    case OMAP3_BLK_GPT2 ... OMAP3_BLK_GPT9: case OMAP3_BLK_UART3: case OMAP3_BLK_UART4:
    case OMAP3_BLK_GPIO2 ... OMAP3_BLK_GPIO6: case OMAP3_BLK_WDT3:
        return PRCM_PD_PER;
    default:
        return PRCM_PD_CORE;
    }
}

/*
 * Realize interconnect agent @a (its window and timing from the map) and
 * put its window in the system map.
 */
static bool omap3630_realize_agent(OMAP3630State *s, OMAP3Agent a,
                                   Error **errp)
{
    const OMAP3AgentMap *m = &omap3630_agents[a];
    DeviceState *dev = s->agent[a];

    qdev_prop_set_string(dev, "name", m->name);
    qdev_prop_set_uint64(dev, "base", m->base);
    qdev_prop_set_uint64(dev, "size", m->size);
    n9_agent_set_timing(dev, s->timing);
    if (!sysbus_realize(SYS_BUS_DEVICE(dev), errp)) {
        return false;
    }
    memory_region_add_subregion_overlap(s->sysmem, m->base,
                                        sysbus_mmio_get_region(SYS_BUS_DEVICE(dev), 0),
                                        m->priority);
    return true;
}

/*
 * Map MMIO region @n of @dev as block @blk behind its agent (register group
 * named after the block).
 */
static void omap3630_map_block(OMAP3630State *s, DeviceState *dev, int n,
                               OMAP3Block blk)
{
    const OMAP3BlockMap *m = &omap3630_map[blk];
    MemoryRegion *mr = sysbus_mmio_get_region(SYS_BUS_DEVICE(dev), n);

    g_assert(memory_region_size(mr) == m->size);
    n9_agent_map_group(s->agent[m->agent], m->base, mr, m->name);
}

/* The INTC input of block @blk's interrupt */
static qemu_irq omap3630_intc_line(OMAP3630State *s, OMAP3Block blk)
{
    return qdev_get_gpio_in(s->block[OMAP3_BLK_INTC], omap3630_map[blk].irq);
}

/*
 * A wake-up capable block's wake-up request (its GPIO output "swakeup",
 * raised only while the block sleeps: omap3_swakeup.h) goes to its bit of
 * the PRCM's wake inputs; its interrupt goes to the INTC alone.
 */
static void omap3630_wire_wakeups(OMAP3630State *s)
{
    size_t i;

    for (i = 0; i < ARRAY_SIZE(omap3630_wakeups); i++) {
        qdev_connect_gpio_out_named(s->block[omap3630_wakeups[i].blk],
                                    "swakeup", 0,
                                    qdev_get_gpio_in_named(DEVICE(&s->prcm),
                                                     omap3630_wakeups[i].input,
                                                     omap3630_wakeups[i].bit));
    }
}

/* Realize block @blk, map its MMIO 0, connect its IRQ 0. */
static bool omap3630_realize_block(OMAP3630State *s, OMAP3Block blk,
                                   Error **errp)
{
    DeviceState *dev = s->block[blk];

    if (!sysbus_realize(SYS_BUS_DEVICE(dev), errp)) {
        return false;
    }
    omap3630_map_block(s, dev, 0, blk);
    if (omap3630_map[blk].irq >= 0) {
        sysbus_connect_irq(SYS_BUS_DEVICE(dev), 0, omap3630_intc_line(s, blk));
    }
    return true;
}

/*
 * The CPU's clock, the PRCM's mpu_ck: the PMU's cycle counter counts at
 * its rate (core patch 0009), so a program timing itself with PMCCNTR
 * reads MPU cycles at every OPP, as on the phone, with or without the
 * memory model.  An instruction costs 1 ns at most 1 GHz (icount shift 0;
 * below 1 GHz the memory path charges the rest), so the counter stops at
 * 1 GHz too.  A stopped clock (0) leaves the rate alone: the MPU does not
 * run then.  The rate and the count travel in the CPU's VMState.
 */
static void omap3630_cpu_clk_update(void *opaque, ClockEvent event)
{
    OMAP3630State *s = opaque;
    uint64_t hz = clock_get_hz(s->cpu_clk);

    if (hz) {
        arm_cpu_set_cycle_rate(s->cpu, MIN(hz, NANOSECONDS_PER_SECOND));
    }
}

/* Child @obj of type @type, named after block @blk, indexed in block[] */
static void omap3630_init_block(OMAP3630State *s, OMAP3Block blk, void *obj,
                                size_t size, const char *type)
{
    object_initialize_child_internal(OBJECT(s), omap3630_map[blk].name, obj,
                                     size, type);
    s->block[blk] = DEVICE(obj);
}

#define OMAP3630_INIT_BLOCK(s, blk, field, type) \
    omap3630_init_block(s, blk, &(field), sizeof(field), type)

/*
 * The children, in the order the SoC realizes them (the order of their
 * resets and of their VMState instances).
 */
static void omap3630_init(Object *obj)
{
    OMAP3630State *s = OMAP3630_SOC(obj);
    int i;

    object_initialize_child(obj, "cpu", &s->a8,
                            ARM_CPU_TYPE_NAME("cortex-a8"));
    s->cpu = &s->a8;
    object_initialize_child(obj, "rom", &s->rom, TYPE_OMAP3_ROM);
    for (i = 0; i < OMAP3_NUM_AGENTS; i++) {
        object_initialize_child(obj, omap3630_agents[i].name, &s->agents[i],
                                TYPE_N9_AGENT);
        s->agent[i] = DEVICE(&s->agents[i]);
    }
    OMAP3630_INIT_BLOCK(s, OMAP3_BLK_INTC, s->intc, TYPE_OMAP3_INTC);
    object_initialize_child(obj, "prcm", &s->prcm, TYPE_OMAP3_PRCM);
    s->block[OMAP3_BLK_PRM] = s->block[OMAP3_BLK_CM] = DEVICE(&s->prcm);
    s->cpu_clk = qdev_init_clock_in(DEVICE(obj), "cpu-clk",
                                    omap3630_cpu_clk_update, s, ClockUpdate);
    OMAP3630_INIT_BLOCK(s, OMAP3_BLK_SCM, s->scm, TYPE_OMAP3_SCM);
    OMAP3630_INIT_BLOCK(s, OMAP3_BLK_TAP, s->tap, TYPE_OMAP3_TAP);
    OMAP3630_INIT_BLOCK(s, OMAP3_BLK_32KSYNC, s->synctimer,
                        TYPE_OMAP3_32KSYNC);
    for (i = 0; i < OMAP3_NUM_GPT; i++) {
        OMAP3630_INIT_BLOCK(s, OMAP3_BLK_GPT1 + i, s->gpt[i],
                            TYPE_OMAP3_GPTIMER);
    }
    for (i = 0; i < OMAP3_NUM_UART; i++) {
        OMAP3630_INIT_BLOCK(s, OMAP3_BLK_UART1 + i, s->uart[i],
                            TYPE_OMAP3_UART);
    }
    for (i = 0; i < OMAP3_NUM_I2C; i++) {
        OMAP3630_INIT_BLOCK(s, OMAP3_BLK_I2C1 + i, s->i2c[i], TYPE_OMAP3_I2C);
    }
    for (i = 0; i < OMAP3_NUM_GPIO; i++) {
        OMAP3630_INIT_BLOCK(s, OMAP3_BLK_GPIO1 + i, s->gpio[i],
                            TYPE_OMAP3_GPIO);
    }
    OMAP3630_INIT_BLOCK(s, OMAP3_BLK_SMS, s->sms, TYPE_OMAP3_SMS);
    OMAP3630_INIT_BLOCK(s, OMAP3_BLK_SDRC, s->sdrc, TYPE_OMAP3_SDRC);
    OMAP3630_INIT_BLOCK(s, OMAP3_BLK_GPMC, s->gpmc, TYPE_OMAP3_GPMC);
    OMAP3630_INIT_BLOCK(s, OMAP3_BLK_WDT2, s->wdt[0], TYPE_OMAP3_WDT);
    OMAP3630_INIT_BLOCK(s, OMAP3_BLK_WDT3, s->wdt[1], TYPE_OMAP3_WDT);
    for (i = 0; i < OMAP3_NUM_MMC; i++) {
        OMAP3630_INIT_BLOCK(s, OMAP3_BLK_MMC1 + i, s->mmc[i],
                            TYPE_OMAP3_HSMMC);
    }
    OMAP3630_INIT_BLOCK(s, OMAP3_BLK_HDQ, s->hdq, TYPE_OMAP3_HDQ);
    for (i = 0; i < OMAP3_NUM_SYSC_MODULES; i++) {
        object_initialize_child(obj, omap3630_sysc_modules[i].name,
                                &s->sysc[i], TYPE_OMAP3_SYSC);
    }
}

/*
 * A CCSIDR (ARM ARM B4.1.19): @policy the WT, WB, RA, WA bits (31:28),
 * the sets, the associativity and the line length of a cache.
 */
static uint32_t omap3630_ccsidr(uint32_t policy, uint32_t size, uint32_t ways,
                                uint32_t line)
{
    return policy << 28 | (size / ways / line - 1) << 13 | (ways - 1) << 3 |
           (ctz32(line) - 4);
}

/*
 * The MPU: one Cortex-A8 with TrustZone (EL3) and the PMU; the boot ROM
 * with the secure monitor, and the on-chip SRAM.
 */
static bool omap3630_realize_mpu(OMAP3630State *s, Error **errp)
{
    if (!object_property_set_link(OBJECT(s->cpu), "memory",
                                  OBJECT(s->sysmem), errp)) {
        return false;
    }
    /*
     * The OMAP3630's core is a Cortex-A8 r3p2.  QEMU's default (r0p0) is
     * what Linux takes for an OMAP3430 ES1.0 (id.c:omap3xxx_check_revision).
     */
    if (!object_property_set_uint(OBJECT(s->cpu), "midr", OMAP3630_MIDR,
                                  errp)) {
        return false;
    }
    /*
     * ACTLR as the firmware leaves it ([cpu] actlr).  QEMU keeps the
     * register at its reset value (writes, such as the ROM's service 42,
     * are ignored); the memory path reads L1NEON from it.
     */
    s->cpu->reset_auxcr = s->timing->actlr;
    /*
     * The cache geometry the guest reads is the memory model's ([cache],
     * by default the phone's: CLIDR 0x0A000023, CCSIDR 0xE00FE01A L1 D,
     * 0x200FE01A L1 I, 0xF03FE03A the unified L2; docs/models-cache.md),
     * so that a set/way walk (Linux's v7_flush_dcache_all before each MPU
     * OFF) visits each line the model has.  QEMU's cortex-a8 gives 16 KB
     * L1s and no L2.
     */
    s->cpu->clidr = 0x0a000023;
    s->cpu->ccsidr[0] = omap3630_ccsidr(0xe, s->timing->cache.l1d_size,
                                        s->timing->cache.l1d_ways,
                                        s->timing->cache.l1d_line);
    s->cpu->ccsidr[1] = omap3630_ccsidr(0x2, s->timing->cache.l1i_size,
                                        s->timing->cache.l1i_ways,
                                        s->timing->cache.l1i_line);
    s->cpu->ccsidr[2] = omap3630_ccsidr(0xf, s->timing->cache.l2_size,
                                        s->timing->cache.l2_ways,
                                        s->timing->cache.l2_line);
    if (!qdev_realize(DEVICE(s->cpu), NULL, errp)) {
        return false;
    }

    if (!sysbus_realize(SYS_BUS_DEVICE(&s->rom), errp)) {
        return false;
    }
    memory_region_add_subregion(s->sysmem, OMAP3_BOOT_ROM_BASE,
                                sysbus_mmio_get_region(SYS_BUS_DEVICE(&s->rom),
                                                       0));
    memory_region_add_subregion(s->sysmem, OMAP3_ROM_MAILBOX_BASE,
                                sysbus_mmio_get_region(SYS_BUS_DEVICE(&s->rom),
                                                       1));
    /* omap3_do_wfi is copied here and executed (docs/facts.md, Linux 1). */
    if (!memory_region_init_ram(&s->sram, OBJECT(s), "omap3.sram",
                                OMAP3_SRAM_SIZE, errp)) {
        return false;
    }
    memory_region_add_subregion(s->sysmem, OMAP3_SRAM_BASE, &s->sram);
    return true;
}

/*
 * PRCM: PRM and CM windows; the INTC's outputs reach the CPU through it,
 * and it watches the CPU's STANDBYWFI.
 */
static bool omap3630_realize_prcm(OMAP3630State *s, Error **errp)
{
    OMAP3PRCMState *prcm = &s->prcm;
    DeviceState *dev = DEVICE(prcm);
    int i;

    if (!object_property_set_link(OBJECT(dev), "cpu", OBJECT(s->cpu),
                                  errp)) {
        return false;
    }
    qdev_prop_set_uint32(dev, "warm-reset-pc",
                         OMAP3_BOOT_ROM_BASE + OMAP3_ROM_WAKEUP_OFFSET);
    if (!sysbus_realize(SYS_BUS_DEVICE(dev), errp)) {
        return false;
    }
    qdev_connect_clock_in(DEVICE(s), "cpu-clk",
                          qdev_get_clock_out(dev, "mpu_ck"));
    omap3_prcm_set_wake_params(prcm, &s->timing->prcm);
    omap3_prcm_set_clock_overrides(prcm, s->timing->clocks.mpu_hz,
                                   s->timing->clocks.l3_hz);
    /* each agent's costs follow its serving domain's interface clock */
    n9_agent_connect_clock(s->agent[OMAP3_AGENT_L4_WKUP],
                           qdev_get_clock_out(dev, "sys_clk"));
    n9_agent_connect_clock(s->agent[OMAP3_AGENT_L4_CORE],
                           qdev_get_clock_out(dev, "l4_ick"));
    n9_agent_connect_clock(s->agent[OMAP3_AGENT_L4_PER],
                           qdev_get_clock_out(dev, "l4_ick"));
    n9_agent_connect_clock(s->agent[OMAP3_AGENT_L4_EMU],
                           qdev_get_clock_out(dev, "l4_ick"));
    n9_agent_connect_clock(s->agent[OMAP3_AGENT_L3],
                           qdev_get_clock_out(dev, "l3_ick"));
    omap3630_map_block(s, dev, 0, OMAP3_BLK_PRM);
    omap3630_map_block(s, dev, 1, OMAP3_BLK_CM);
    sysbus_connect_irq(SYS_BUS_DEVICE(dev), 0,
                       omap3630_intc_line(s, OMAP3_BLK_PRM));
    for (i = 0; i < 2; i++) {
        sysbus_connect_irq(SYS_BUS_DEVICE(s->block[OMAP3_BLK_INTC]), i,
                           qdev_get_gpio_in_named(dev, "mpu-irq", i));
    }
    qdev_connect_gpio_out_named(dev, "cpu-irq", 0,
                                qdev_get_gpio_in(DEVICE(s->cpu), ARM_CPU_IRQ));
    qdev_connect_gpio_out_named(dev, "cpu-irq", 1,
                                qdev_get_gpio_in(DEVICE(s->cpu), ARM_CPU_FIQ));
    qdev_connect_gpio_out_named(DEVICE(s->cpu), "standbywfi", 0,
                                qdev_get_gpio_in_named(dev,
                                                       "standbywfi", 0));
    /* the PMU's overflow interrupt: Linux's perf samples with it */
    qdev_connect_gpio_out_named(DEVICE(s->cpu), "pmu-interrupt", 0,
                                qdev_get_gpio_in(s->block[OMAP3_BLK_INTC],
                                                 OMAP3_IRQ_PMU));
    return true;
}

/* Block @blk's functional clock: the PRCM's clock output @fmt with @id */
static void omap3630_connect_fclk(OMAP3630State *s, OMAP3Block blk,
                                  const char *fmt, int id)
{
    g_autofree char *name = g_strdup_printf(fmt, id);

    qdev_connect_clock_in(s->block[blk], "fclk",
                          qdev_get_clock_out(DEVICE(&s->prcm), name));
}

/* The blocks with a file of their own, wired from the map. */
static bool omap3630_realize_blocks(OMAP3630State *s, Error **errp)
{
    /* UART3 is the N9's console: QEMU's first serial port goes there. */
    static const int serial_index[OMAP3_NUM_UART] = { 1, 2, 0, 3 };
    DeviceState *d;
    int i;

    d = s->block[OMAP3_BLK_SCM];
    qdev_prop_set_uint8(d, "device-type", s->device_type);
    if (!omap3630_realize_block(s, OMAP3_BLK_SCM, errp) ||
        !omap3630_realize_block(s, OMAP3_BLK_TAP, errp)) {
        return false;
    }

    qdev_connect_clock_in(s->block[OMAP3_BLK_32KSYNC], "fclk",
                          qdev_get_clock_out(DEVICE(&s->prcm), "sys_32k"));
    if (!omap3630_realize_block(s, OMAP3_BLK_32KSYNC, errp)) {
        return false;
    }

    for (i = 0; i < OMAP3_NUM_GPT; i++) {
        qdev_prop_set_uint8(s->block[OMAP3_BLK_GPT1 + i], "id", i + 1);
        omap3630_connect_fclk(s, OMAP3_BLK_GPT1 + i, "gpt%d_fck", i + 1);
        if (!omap3630_realize_block(s, OMAP3_BLK_GPT1 + i, errp)) {
            return false;
        }
    }

    for (i = 0; i < OMAP3_NUM_UART; i++) {
        d = s->block[OMAP3_BLK_UART1 + i];
        qdev_prop_set_uint8(d, "id", i + 1);
        qdev_prop_set_chr(d, "chardev", serial_hd(serial_index[i]));
        omap3630_connect_fclk(s, OMAP3_BLK_UART1 + i, "uart%d_fck", i + 1);
        if (!omap3630_realize_block(s, OMAP3_BLK_UART1 + i, errp)) {
            return false;
        }
    }
    omap3630_wire_io_wakeup(s);

    for (i = 0; i < OMAP3_NUM_I2C; i++) {
        qdev_prop_set_uint8(s->block[OMAP3_BLK_I2C1 + i], "id", i + 1);
        if (!omap3630_realize_block(s, OMAP3_BLK_I2C1 + i, errp)) {
            return false;
        }
    }

    for (i = 0; i < OMAP3_NUM_GPIO; i++) {
        qdev_prop_set_uint8(s->block[OMAP3_BLK_GPIO1 + i], "id", i + 1);
        if (!omap3630_realize_block(s, OMAP3_BLK_GPIO1 + i, errp)) {
            return false;
        }
    }

    /* Memory controllers on the L3. */
    if (!omap3630_realize_block(s, OMAP3_BLK_SMS, errp)) {
        return false;
    }
    d = s->block[OMAP3_BLK_SDRC];
    qdev_connect_clock_in(d, "fclk",
                          qdev_get_clock_out(DEVICE(&s->prcm), "l3_ick"));
    if (!object_property_set_link(OBJECT(d), "prcm", OBJECT(&s->prcm),
                                  errp)) {
        return false;
    }
    omap3_sdrc_set_params(d, &s->timing->sdrc);
    omap3_sdrc_set_overrides(d, &s->timing->sdram);
    if (!omap3630_realize_block(s, OMAP3_BLK_SDRC, errp) ||
        !omap3630_realize_block(s, OMAP3_BLK_GPMC, errp)) {
        return false;
    }
    /* GPMC CS0 (OneNAND on the N9) is not modelled: no flash behind it. */
    n9_agent_add_unimp(s->agent[OMAP3_AGENT_L3], "gpmc-cs0", 0x04000000,
                       0x01000000);

    for (i = 0; i < OMAP3_NUM_WDT; i++) {
        OMAP3Block blk = i ? OMAP3_BLK_WDT3 : OMAP3_BLK_WDT2;

        qdev_prop_set_uint8(s->block[blk], "id", i + 2);
        omap3630_connect_fclk(s, blk, "wdt%d_fck", i + 2);
        if (!omap3630_realize_block(s, blk, errp)) {
            return false;
        }
    }

    for (i = 0; i < OMAP3_NUM_MMC; i++) {
        qdev_prop_set_uint8(s->block[OMAP3_BLK_MMC1 + i], "id", i + 1);
        if (!omap3630_realize_block(s, OMAP3_BLK_MMC1 + i, errp)) {
            return false;
        }
    }

    return omap3630_realize_block(s, OMAP3_BLK_HDQ, errp);
}

/* Modules the kernel only resets and probes. */
static bool omap3630_realize_sysc_modules(OMAP3630State *s, Error **errp)
{
    int i;

    for (i = 0; i < OMAP3_NUM_SYSC_MODULES; i++) {
        const OMAP3ModuleInfo *m = &omap3630_sysc_modules[i];
        OMAP3Agent a = omap3630_agent_at(m->base);
        DeviceState *d = DEVICE(&s->sysc[i]);

        qdev_prop_set_string(d, "name", m->name);
        qdev_prop_set_uint64(d, "size", m->size);
        qdev_prop_set_uint32(d, "rev", m->rev);
        qdev_prop_set_uint32(d, "rev-value", m->rev_value);
        qdev_prop_set_uint32(d, "sysc", m->sysc);
        qdev_prop_set_uint32(d, "syss", m->syss);
        qdev_prop_set_uint8(d, "softreset-bit", m->omap4_sysc ? 0 : 1);
        if (!sysbus_realize(SYS_BUS_DEVICE(d), errp)) {
            return false;
        }
        n9_agent_map_group(s->agent[a], m->base,
                           sysbus_mmio_get_region(SYS_BUS_DEVICE(d), 0),
                           m->name);
        if (a != OMAP3_AGENT_L4_WKUP) {
            omap3_prcm_attach(&s->prcm,
                              a == OMAP3_AGENT_L4_PER ? PRCM_PD_PER
                                                      : PRCM_PD_CORE, d);
        }
    }
    return true;
}

static void omap3630_realize(DeviceState *dev, Error **errp)
{
    OMAP3630State *s = OMAP3630_SOC(dev);
    int i;

    if (!s->sysmem) {
        error_setg(errp, "omap3630-soc: 'memory' link not set");
        return;
    }
    if (!s->timing) {
        s->timing = n9_timing_new();     /* the phone's figures */
    }

    if (!omap3630_realize_mpu(s, errp)) {
        return;
    }
    /* Interconnect agents (the WKUP L4 sits inside the CORE L4 window). */
    for (i = 0; i < OMAP3_NUM_AGENTS; i++) {
        if (!omap3630_realize_agent(s, i, errp)) {
            return;
        }
    }
    /* INTC first: everything else connects to it; then the PRCM. */
    if (!omap3630_realize_block(s, OMAP3_BLK_INTC, errp) ||
        !omap3630_realize_prcm(s, errp) ||
        !omap3630_realize_blocks(s, errp)) {
        return;
    }
    omap3630_wire_wakeups(s);

    for (i = 0; i < OMAP3_NUM_BLOCKS; i++) {
        int pd = omap3630_block_pwrdm(i);

        if (pd != PRCM_PD_WKUP) {
            omap3_prcm_attach(&s->prcm, pd, s->block[i]);
        }
    }

    if (!omap3630_realize_sysc_modules(s, errp)) {
        return;
    }

    /* Blocks that exist but are not modelled: RAZ/WI with LOG_UNIMP. */
    for (const OMAP3BlockInfo *b = omap3630_unimp_blocks; b->name; b++) {
        n9_agent_add_unimp(s->agent[omap3630_agent_at(b->base)], b->name,
                           b->base, b->size);
    }
}

static const Property omap3630_properties[] = {
    DEFINE_PROP_LINK("memory", OMAP3630State, sysmem, TYPE_MEMORY_REGION,
                     MemoryRegion *),
    DEFINE_PROP_UINT8("device-type", OMAP3630State, device_type, 2),
};

static void omap3630_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);

    dc->desc = "TI OMAP3630 SoC (Cortex-A8, L3/L4 interconnects, PRCM, SDRC)";
    dc->realize = omap3630_realize;
    dc->user_creatable = false;
    device_class_set_props(dc, omap3630_properties);
}

static const TypeInfo omap3630_type_info = {
    .name = TYPE_OMAP3630_SOC,
    .parent = TYPE_DEVICE,
    .instance_size = sizeof(OMAP3630State),
    .instance_init = omap3630_init,
    .class_init = omap3630_class_init,
};

static void omap3630_register_types(void)
{
    type_register_static(&omap3630_type_info);
}

type_init(omap3630_register_types)
