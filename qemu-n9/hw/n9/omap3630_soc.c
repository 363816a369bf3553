/*
 * TI OMAP3630 SoC container (Nokia N9).
 *
 * Creates the Cortex-A8, the boot ROM and the OCM SRAM, the interconnect
 * target agents, and one child device per block; maps each block behind the
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
#include "omap3_rom.h"
#include "omap3_sdrc.h"
#include "models/prcm/pwrdm.h"
#include "n9_agent.h"

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
                                qdev_get_gpio_in_named(s->prcm, "wkup-wake",
                                                       8));
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

static DeviceState *omap3630_new_agent(OMAP3630State *s, OMAP3Agent a)
{
    const OMAP3AgentMap *m = &omap3630_agents[a];
    DeviceState *dev = qdev_new(TYPE_N9_AGENT);

    object_property_add_child(OBJECT(s), m->name, OBJECT(dev));
    qdev_prop_set_string(dev, "name", m->name);
    qdev_prop_set_uint64(dev, "base", m->base);
    qdev_prop_set_uint64(dev, "size", m->size);
    n9_agent_set_timing(dev, s->timing);
    sysbus_realize_and_unref(SYS_BUS_DEVICE(dev), &error_fatal);
    memory_region_add_subregion_overlap(s->sysmem, m->base,
                                        sysbus_mmio_get_region(SYS_BUS_DEVICE(dev), 0),
                                        m->priority);
    return dev;
}

/* A child device of type @type, named after block @blk */
static DeviceState *omap3630_new(OMAP3630State *s, const char *type,
                                 OMAP3Block blk)
{
    DeviceState *dev = qdev_new(type);

    object_property_add_child(OBJECT(s), omap3630_map[blk].name, OBJECT(dev));
    s->block[blk] = dev;
    return dev;
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
                                    qdev_get_gpio_in_named(s->prcm,
                                                     omap3630_wakeups[i].input,
                                                     omap3630_wakeups[i].bit));
    }
}

/* Where block @blk's interrupt goes */
static qemu_irq omap3630_irq_dest(OMAP3630State *s, OMAP3Block blk)
{
    return omap3630_intc_line(s, blk);
}

/* Realize block @blk, map its MMIO 0, connect its IRQ 0. */
static void omap3630_realize_block(OMAP3630State *s, DeviceState *dev,
                                   OMAP3Block blk)
{
    sysbus_realize_and_unref(SYS_BUS_DEVICE(dev), &error_fatal);
    omap3630_map_block(s, dev, 0, blk);
    if (omap3630_map[blk].irq >= 0) {
        sysbus_connect_irq(SYS_BUS_DEVICE(dev), 0, omap3630_irq_dest(s, blk));
    }
}

static void omap3630_realize(DeviceState *dev, Error **errp)
{
    OMAP3630State *s = OMAP3630_SOC(dev);
    OMAP3PRCMState *prcm;
    DeviceState *d;
    char name[32];
    int i;

    if (!s->sysmem) {
        error_setg(errp, "omap3630-soc: 'memory' link not set");
        return;
    }
    if (!s->timing) {
        s->timing = n9_timing_new();     /* the phone's figures */
    }

    /* The MPU: one Cortex-A8 with TrustZone (EL3) and the PMU. */
    s->cpu = ARM_CPU(object_new(ARM_CPU_TYPE_NAME("cortex-a8")));
    object_property_add_child(OBJECT(s), "cpu", OBJECT(s->cpu));
    object_unref(OBJECT(s->cpu));
    object_property_set_link(OBJECT(s->cpu), "memory", OBJECT(s->sysmem),
                             &error_abort);
    /*
     * The OMAP3630's core is a Cortex-A8 r3p2.  QEMU's default (r0p0) is
     * what Linux takes for an OMAP3430 ES1.0 (id.c:omap3xxx_check_revision).
     */
    object_property_set_uint(OBJECT(s->cpu), "midr", OMAP3630_MIDR,
                             &error_abort);
    /*
     * ACTLR as the firmware leaves it ([cpu] actlr).  QEMU keeps the
     * register at its reset value (writes, such as the ROM's service 42,
     * are ignored); the memory path reads L1NEON from it.
     */
    s->cpu->reset_auxcr = s->timing->actlr;
    if (!qdev_realize(DEVICE(s->cpu), NULL, errp)) {
        return;
    }

    /* Boot ROM with the secure monitor, and the on-chip SRAM. */
    d = qdev_new(TYPE_OMAP3_ROM);
    object_property_add_child(OBJECT(s), "rom", OBJECT(d));
    sysbus_realize_and_unref(SYS_BUS_DEVICE(d), &error_fatal);
    memory_region_add_subregion(s->sysmem, OMAP3_BOOT_ROM_BASE,
                                sysbus_mmio_get_region(SYS_BUS_DEVICE(d), 0));
    memory_region_add_subregion(s->sysmem, OMAP3_ROM_MAILBOX_BASE,
                                sysbus_mmio_get_region(SYS_BUS_DEVICE(d), 1));
    /* omap3_do_wfi is copied here and executed (docs/facts.md, Linux 1). */
    if (!memory_region_init_ram(&s->sram, OBJECT(s), "omap3.sram",
                                OMAP3_SRAM_SIZE, errp)) {
        return;
    }
    memory_region_add_subregion(s->sysmem, OMAP3_SRAM_BASE, &s->sram);

    /* Interconnect agents (the WKUP L4 sits inside the CORE L4 window). */
    for (i = 0; i < OMAP3_NUM_AGENTS; i++) {
        s->agent[i] = omap3630_new_agent(s, i);
    }

    /* INTC first: everything else connects to it. */
    d = omap3630_new(s, TYPE_OMAP3_INTC, OMAP3_BLK_INTC);
    omap3630_realize_block(s, d, OMAP3_BLK_INTC);

    /*
     * PRCM: PRM and CM windows; the INTC's outputs reach the CPU through
     * it, and it watches the CPU's STANDBYWFI.
     */
    s->prcm = qdev_new(TYPE_OMAP3_PRCM);
    prcm = OMAP3_PRCM(s->prcm);
    object_property_add_child(OBJECT(s), "prcm", OBJECT(s->prcm));
    object_property_set_link(OBJECT(s->prcm), "cpu", OBJECT(s->cpu),
                             &error_abort);
    qdev_prop_set_uint32(s->prcm, "warm-reset-pc",
                         OMAP3_BOOT_ROM_BASE + OMAP3_ROM_WAKEUP_OFFSET);
    sysbus_realize_and_unref(SYS_BUS_DEVICE(s->prcm), &error_fatal);
    omap3_prcm_set_wake_params(prcm, &s->timing->prcm);
    omap3_prcm_set_clock_overrides(prcm, s->timing->clocks.mpu_hz,
                                   s->timing->clocks.l3_hz);
    /* each agent's costs follow its serving domain's interface clock */
    n9_agent_connect_clock(s->agent[OMAP3_AGENT_L4_WKUP],
                           qdev_get_clock_out(s->prcm, "sys_clk"));
    n9_agent_connect_clock(s->agent[OMAP3_AGENT_L4_CORE],
                           qdev_get_clock_out(s->prcm, "l4_ick"));
    n9_agent_connect_clock(s->agent[OMAP3_AGENT_L4_PER],
                           qdev_get_clock_out(s->prcm, "l4_ick"));
    n9_agent_connect_clock(s->agent[OMAP3_AGENT_L4_EMU],
                           qdev_get_clock_out(s->prcm, "l4_ick"));
    n9_agent_connect_clock(s->agent[OMAP3_AGENT_L3],
                           qdev_get_clock_out(s->prcm, "l3_ick"));
    s->block[OMAP3_BLK_PRM] = s->block[OMAP3_BLK_CM] = s->prcm;
    omap3630_map_block(s, s->prcm, 0, OMAP3_BLK_PRM);
    omap3630_map_block(s, s->prcm, 1, OMAP3_BLK_CM);
    sysbus_connect_irq(SYS_BUS_DEVICE(s->prcm), 0,
                       omap3630_intc_line(s, OMAP3_BLK_PRM));
    for (i = 0; i < 2; i++) {
        sysbus_connect_irq(SYS_BUS_DEVICE(s->block[OMAP3_BLK_INTC]), i,
                           qdev_get_gpio_in_named(s->prcm, "mpu-irq", i));
    }
    qdev_connect_gpio_out_named(s->prcm, "cpu-irq", 0,
                                qdev_get_gpio_in(DEVICE(s->cpu), ARM_CPU_IRQ));
    qdev_connect_gpio_out_named(s->prcm, "cpu-irq", 1,
                                qdev_get_gpio_in(DEVICE(s->cpu), ARM_CPU_FIQ));
    qdev_connect_gpio_out_named(DEVICE(s->cpu), "standbywfi", 0,
                                qdev_get_gpio_in_named(s->prcm,
                                                       "standbywfi", 0));

    d = omap3630_new(s, TYPE_OMAP3_SCM, OMAP3_BLK_SCM);
    qdev_prop_set_uint8(d, "device-type", s->device_type);
    omap3630_realize_block(s, d, OMAP3_BLK_SCM);

    d = omap3630_new(s, TYPE_OMAP3_TAP, OMAP3_BLK_TAP);
    omap3630_realize_block(s, d, OMAP3_BLK_TAP);

    d = omap3630_new(s, TYPE_OMAP3_32KSYNC, OMAP3_BLK_32KSYNC);
    qdev_connect_clock_in(d, "fclk", qdev_get_clock_out(s->prcm, "sys_32k"));
    omap3630_realize_block(s, d, OMAP3_BLK_32KSYNC);

    for (i = 0; i < OMAP3_NUM_GPT; i++) {
        d = omap3630_new(s, TYPE_OMAP3_GPTIMER, OMAP3_BLK_GPT1 + i);
        qdev_prop_set_uint8(d, "id", i + 1);
        snprintf(name, sizeof(name), "gpt%d_fck", i + 1);
        qdev_connect_clock_in(d, "fclk", qdev_get_clock_out(s->prcm, name));
        omap3630_realize_block(s, d, OMAP3_BLK_GPT1 + i);
    }

    /* UART3 is the N9's console: QEMU's first serial port goes there. */
    for (i = 0; i < OMAP3_NUM_UART; i++) {
        static const int serial_index[OMAP3_NUM_UART] = { 1, 2, 0, 3 };

        d = omap3630_new(s, TYPE_OMAP3_UART, OMAP3_BLK_UART1 + i);
        qdev_prop_set_uint8(d, "id", i + 1);
        qdev_prop_set_chr(d, "chardev", serial_hd(serial_index[i]));
        snprintf(name, sizeof(name), "uart%d_fck", i + 1);
        qdev_connect_clock_in(d, "fclk", qdev_get_clock_out(s->prcm, name));
        omap3630_realize_block(s, d, OMAP3_BLK_UART1 + i);
    }
    omap3630_wire_io_wakeup(s);

    for (i = 0; i < OMAP3_NUM_I2C; i++) {
        d = omap3630_new(s, TYPE_OMAP3_I2C, OMAP3_BLK_I2C1 + i);
        qdev_prop_set_uint8(d, "id", i + 1);
        omap3630_realize_block(s, d, OMAP3_BLK_I2C1 + i);
    }

    for (i = 0; i < OMAP3_NUM_GPIO; i++) {
        d = omap3630_new(s, TYPE_OMAP3_GPIO, OMAP3_BLK_GPIO1 + i);
        qdev_prop_set_uint8(d, "id", i + 1);
        omap3630_realize_block(s, d, OMAP3_BLK_GPIO1 + i);
    }

    /* Memory controllers on the L3. */
    d = omap3630_new(s, TYPE_OMAP3_SMS, OMAP3_BLK_SMS);
    omap3630_realize_block(s, d, OMAP3_BLK_SMS);
    d = omap3630_new(s, TYPE_OMAP3_SDRC, OMAP3_BLK_SDRC);
    qdev_connect_clock_in(d, "fclk", qdev_get_clock_out(s->prcm, "l3_ick"));
    object_property_set_link(OBJECT(d), "prcm", OBJECT(s->prcm),
                             &error_abort);
    omap3_sdrc_set_params(d, &s->timing->sdrc);
    omap3_sdrc_set_overrides(d, &s->timing->sdram);
    omap3630_realize_block(s, d, OMAP3_BLK_SDRC);
    d = omap3630_new(s, TYPE_OMAP3_GPMC, OMAP3_BLK_GPMC);
    omap3630_realize_block(s, d, OMAP3_BLK_GPMC);
    /* GPMC CS0 (OneNAND on the N9) is not modelled: no flash behind it. */
    n9_agent_add_unimp(s->agent[OMAP3_AGENT_L3], "gpmc-cs0", 0x04000000,
                       0x01000000);

    for (i = 0; i < 2; i++) {
        OMAP3Block blk = i ? OMAP3_BLK_WDT3 : OMAP3_BLK_WDT2;

        d = omap3630_new(s, TYPE_OMAP3_WDT, blk);
        qdev_prop_set_uint8(d, "id", i + 2);
        snprintf(name, sizeof(name), "wdt%d_fck", i + 2);
        qdev_connect_clock_in(d, "fclk", qdev_get_clock_out(s->prcm, name));
        omap3630_realize_block(s, d, blk);
    }

    for (i = 0; i < 3; i++) {
        d = omap3630_new(s, TYPE_OMAP3_HSMMC, OMAP3_BLK_MMC1 + i);
        qdev_prop_set_uint8(d, "id", i + 1);
        omap3630_realize_block(s, d, OMAP3_BLK_MMC1 + i);
    }

    d = omap3630_new(s, TYPE_OMAP3_HDQ, OMAP3_BLK_HDQ);
    omap3630_realize_block(s, d, OMAP3_BLK_HDQ);
    omap3630_wire_wakeups(s);

    for (i = 0; i < OMAP3_NUM_BLOCKS; i++) {
        int pd = omap3630_block_pwrdm(i);

        if (pd != PRCM_PD_WKUP) {
            omap3_prcm_attach(prcm, pd, s->block[i]);
        }
    }

    /* Modules the kernel only resets and probes. */
    for (const OMAP3ModuleInfo *m = omap3630_sysc_modules; m->name; m++) {
        OMAP3Agent a = omap3630_agent_at(m->base);

        d = qdev_new(TYPE_OMAP3_SYSC);
        object_property_add_child(OBJECT(s), m->name, OBJECT(d));
        qdev_prop_set_string(d, "name", m->name);
        qdev_prop_set_uint64(d, "size", m->size);
        qdev_prop_set_uint32(d, "rev", m->rev);
        qdev_prop_set_uint32(d, "rev-value", m->rev_value);
        qdev_prop_set_uint32(d, "sysc", m->sysc);
        qdev_prop_set_uint32(d, "syss", m->syss);
        qdev_prop_set_uint8(d, "softreset-bit", m->omap4_sysc ? 0 : 1);
        sysbus_realize_and_unref(SYS_BUS_DEVICE(d), &error_fatal);
        n9_agent_map_group(s->agent[a], m->base,
                           sysbus_mmio_get_region(SYS_BUS_DEVICE(d), 0),
                           m->name);
        if (a != OMAP3_AGENT_L4_WKUP) {
            omap3_prcm_attach(prcm, a == OMAP3_AGENT_L4_PER ? PRCM_PD_PER
                                                            : PRCM_PD_CORE, d);
        }
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
    .class_init = omap3630_class_init,
};

static void omap3630_register_types(void)
{
    type_register_static(&omap3630_type_info);
}

type_init(omap3630_register_types)
