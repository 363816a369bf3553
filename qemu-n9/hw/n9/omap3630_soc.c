/*
 * TI OMAP3630 SoC container (Nokia N9).
 *
 * Creates the Cortex-A8, the boot ROM and the OCM SRAM, the interconnect
 * target agents, and one child device per block; maps each block behind the
 * agent of the interconnect it hangs on and wires its interrupt to the INTC.
 * The memory map and interrupt numbers are in omap3630.h; blocks that the
 * kernel only resets are listed in omap3630_modules.h.
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
#include "omap3_rom.h"
#include "n9_agent.h"

static const hwaddr gpt_base[OMAP3_NUM_GPT] = {
    0x48318000, 0x49032000, 0x49034000, 0x49036000, 0x49038000, 0x4903a000,
    0x4903c000, 0x4903e000, 0x49040000, 0x48086000, 0x48088000, 0x48304000,
};
static const hwaddr uart_base[OMAP3_NUM_UART] = {
    0x4806a000, 0x4806c000, 0x49020000, 0x49042000,
};
static const int uart_irq[OMAP3_NUM_UART] = {
    OMAP3_IRQ_UART1, OMAP3_IRQ_UART2, OMAP3_IRQ_UART3, OMAP3_IRQ_UART4,
};
static const hwaddr i2c_base[OMAP3_NUM_I2C] = {
    0x48070000, 0x48072000, 0x48060000,
};
static const int i2c_irq[OMAP3_NUM_I2C] = {
    OMAP3_IRQ_I2C1, OMAP3_IRQ_I2C2, OMAP3_IRQ_I2C3,
};
static const hwaddr gpio_base[OMAP3_NUM_GPIO] = {
    0x48310000, 0x49050000, 0x49052000, 0x49054000, 0x49056000, 0x49058000,
};
static const hwaddr mmc_base[3] = { 0x4809c000, 0x480b4000, 0x480ad000 };
static const int mmc_irq[3] = {
    OMAP3_IRQ_MMC1, OMAP3_IRQ_MMC2, OMAP3_IRQ_MMC3,
};

/* Which agent serves a physical address. */
static DeviceState *omap3630_agent_for(OMAP3630State *s, hwaddr addr)
{
    if (addr >= OMAP3_L4_WKUP_BASE &&
        addr < OMAP3_L4_WKUP_BASE + OMAP3_L4_WKUP_SIZE) {
        return s->l4_wkup;
    }
    if (addr >= OMAP3_L4_CORE_BASE &&
        addr < OMAP3_L4_CORE_BASE + OMAP3_L4_CORE_SIZE) {
        return s->l4_core;
    }
    if (addr >= OMAP3_L4_PER_BASE &&
        addr < OMAP3_L4_PER_BASE + OMAP3_L4_PER_SIZE) {
        return s->l4_per;
    }
    if (addr >= OMAP3_L4_EMU_BASE &&
        addr < OMAP3_L4_EMU_BASE + OMAP3_L4_EMU_SIZE) {
        return s->l4_emu;
    }
    /* Everything else on the map hangs directly on the L3. */
    return s->l3;
}

static DeviceState *omap3630_new_agent(OMAP3630State *s, const char *name,
                                       hwaddr base, uint64_t size,
                                       int priority)
{
    DeviceState *dev = qdev_new(TYPE_N9_AGENT);

    object_property_add_child(OBJECT(s), name, OBJECT(dev));
    qdev_prop_set_string(dev, "name", name);
    qdev_prop_set_uint64(dev, "base", base);
    qdev_prop_set_uint64(dev, "size", size);
    n9_agent_set_timing(dev, s->timing);
    sysbus_realize_and_unref(SYS_BUS_DEVICE(dev), &error_fatal);
    memory_region_add_subregion_overlap(s->sysmem, base,
                                        sysbus_mmio_get_region(SYS_BUS_DEVICE(dev), 0),
                                        priority);
    return dev;
}

/*
 * Create block @type as child @name, map its MMIO 0 at @base behind the
 * right agent and connect its IRQ 0 to INTC line @irq (-1: none).  The
 * caller may set properties between omap3630_new() and
 * omap3630_realize_block().
 */
static DeviceState *omap3630_new(OMAP3630State *s, const char *type,
                                 const char *name)
{
    DeviceState *dev = qdev_new(type);

    object_property_add_child(OBJECT(s), name, OBJECT(dev));
    return dev;
}

static void omap3630_realize_block(OMAP3630State *s, DeviceState *dev,
                                   hwaddr base, int irq)
{
    SysBusDevice *sbd = SYS_BUS_DEVICE(dev);

    sysbus_realize_and_unref(sbd, &error_fatal);
    n9_agent_map_sysbus(omap3630_agent_for(s, base), base, sbd, 0);
    if (irq >= 0) {
        sysbus_connect_irq(sbd, 0, qdev_get_gpio_in(s->intc, irq));
    }
}

static void omap3630_realize(DeviceState *dev, Error **errp)
{
    OMAP3630State *s = OMAP3630_SOC(dev);
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
    if (!qdev_realize(DEVICE(s->cpu), NULL, errp)) {
        return;
    }

    /* Boot ROM with the secure monitor, and the on-chip SRAM. */
    d = omap3630_new(s, TYPE_OMAP3_ROM, "rom");
    sysbus_realize_and_unref(SYS_BUS_DEVICE(d), &error_fatal);
    memory_region_add_subregion(s->sysmem, OMAP3_BOOT_ROM_BASE,
                                sysbus_mmio_get_region(SYS_BUS_DEVICE(d), 0));
    memory_region_add_subregion(s->sysmem, OMAP3_ROM_MAILBOX_BASE,
                                sysbus_mmio_get_region(SYS_BUS_DEVICE(d), 1));
    /* omap3_do_wfi is copied here and executed (kernel-facts §1). */
    if (!memory_region_init_ram(&s->sram, OBJECT(s), "omap3.sram",
                                OMAP3_SRAM_SIZE, errp)) {
        return;
    }
    memory_region_add_subregion(s->sysmem, OMAP3_SRAM_BASE, &s->sram);

    /* Interconnect agents.  WKUP L4 sits inside the CORE L4 window. */
    s->l4_core = omap3630_new_agent(s, "l4-core", OMAP3_L4_CORE_BASE,
                                    OMAP3_L4_CORE_SIZE, 0);
    s->l4_wkup = omap3630_new_agent(s, "l4-wkup", OMAP3_L4_WKUP_BASE,
                                    OMAP3_L4_WKUP_SIZE, 1);
    s->l4_per = omap3630_new_agent(s, "l4-per", OMAP3_L4_PER_BASE,
                                   OMAP3_L4_PER_SIZE, 0);
    s->l4_emu = omap3630_new_agent(s, "l4-emu", OMAP3_L4_EMU_BASE,
                                   OMAP3_L4_EMU_SIZE, 0);
    s->l3 = omap3630_new_agent(s, "l3", OMAP3_L3_BASE, OMAP3_L3_SIZE, -1);

    /* INTC first: everything else connects to it. */
    s->intc = omap3630_new(s, TYPE_OMAP3_INTC, "intc");
    sysbus_realize_and_unref(SYS_BUS_DEVICE(s->intc), &error_fatal);
    n9_agent_map_sysbus(s->l4_core, 0x48200000, SYS_BUS_DEVICE(s->intc), 0);
    sysbus_connect_irq(SYS_BUS_DEVICE(s->intc), 0,
                       qdev_get_gpio_in(DEVICE(s->cpu), ARM_CPU_IRQ));
    sysbus_connect_irq(SYS_BUS_DEVICE(s->intc), 1,
                       qdev_get_gpio_in(DEVICE(s->cpu), ARM_CPU_FIQ));

    /* PRCM: the PRM owns the power domains, the CM the clocks. */
    s->prm = omap3630_new(s, TYPE_OMAP3_PRM, "prm");
    s->cm = omap3630_new(s, TYPE_OMAP3_CM, "cm");
    object_property_set_link(OBJECT(s->prm), "cm", OBJECT(s->cm), &error_abort);
    object_property_set_link(OBJECT(s->cm), "prm", OBJECT(s->prm), &error_abort);
    omap3630_realize_block(s, s->prm, 0x48306000, OMAP3_IRQ_PRCM);
    omap3630_realize_block(s, s->cm, 0x48004000, -1);

    s->scm = omap3630_new(s, TYPE_OMAP3_SCM, "scm");
    qdev_prop_set_uint8(s->scm, "device-type", s->device_type);
    omap3630_realize_block(s, s->scm, 0x48002000, -1);

    s->tap = omap3630_new(s, TYPE_OMAP3_TAP, "tap");
    omap3630_realize_block(s, s->tap, 0x4830a000, -1);

    s->synctimer = omap3630_new(s, TYPE_OMAP3_32KSYNC, "synctimer");
    omap3630_realize_block(s, s->synctimer, 0x48320000, -1);

    for (i = 0; i < OMAP3_NUM_GPT; i++) {
        snprintf(name, sizeof(name), "gpt[%d]", i + 1);
        s->gpt[i] = omap3630_new(s, TYPE_OMAP3_GPTIMER, name);
        qdev_prop_set_uint8(s->gpt[i], "id", i + 1);
        snprintf(name, sizeof(name), "gpt%d_fck", i + 1);
        qdev_connect_clock_in(s->gpt[i], "fclk",
                              qdev_get_clock_out(s->cm, name));
        omap3630_realize_block(s, s->gpt[i], gpt_base[i], OMAP3_IRQ_GPT(i + 1));
    }

    /* UART3 is the N9's console: QEMU's first serial port goes there. */
    for (i = 0; i < OMAP3_NUM_UART; i++) {
        static const int serial_index[OMAP3_NUM_UART] = { 1, 2, 0, 3 };

        snprintf(name, sizeof(name), "uart[%d]", i + 1);
        s->uart[i] = omap3630_new(s, TYPE_OMAP3_UART, name);
        qdev_prop_set_uint8(s->uart[i], "id", i + 1);
        qdev_prop_set_chr(s->uart[i], "chardev", serial_hd(serial_index[i]));
        omap3630_realize_block(s, s->uart[i], uart_base[i], uart_irq[i]);
    }

    for (i = 0; i < OMAP3_NUM_I2C; i++) {
        snprintf(name, sizeof(name), "i2c[%d]", i + 1);
        s->i2c[i] = omap3630_new(s, TYPE_OMAP3_I2C, name);
        qdev_prop_set_uint8(s->i2c[i], "id", i + 1);
        omap3630_realize_block(s, s->i2c[i], i2c_base[i], i2c_irq[i]);
    }

    for (i = 0; i < OMAP3_NUM_GPIO; i++) {
        snprintf(name, sizeof(name), "gpio[%d]", i + 1);
        s->gpio[i] = omap3630_new(s, TYPE_OMAP3_GPIO, name);
        qdev_prop_set_uint8(s->gpio[i], "id", i + 1);
        omap3630_realize_block(s, s->gpio[i], gpio_base[i],
                               OMAP3_IRQ_GPIO(i + 1));
    }

    /* Memory controllers on the L3. */
    s->sms = omap3630_new(s, TYPE_OMAP3_SMS, "sms");
    omap3630_realize_block(s, s->sms, 0x6c000000, -1);
    s->sdrc = omap3630_new(s, TYPE_OMAP3_SDRC, "sdrc");
    omap3630_realize_block(s, s->sdrc, 0x6d000000, -1);
    s->gpmc = omap3630_new(s, TYPE_OMAP3_GPMC, "gpmc");
    omap3630_realize_block(s, s->gpmc, 0x6e000000, OMAP3_IRQ_GPMC);
    /* GPMC CS0 (OneNAND on the N9) is not modelled: no flash behind it. */
    n9_agent_add_unimp(s->l3, "gpmc-cs0", 0x04000000, 0x01000000);

    s->wdt2 = omap3630_new(s, TYPE_OMAP3_WDT, "wdt2");
    qdev_prop_set_uint8(s->wdt2, "id", 2);
    omap3630_realize_block(s, s->wdt2, 0x48314000, -1);
    d = omap3630_new(s, TYPE_OMAP3_WDT, "wdt3");
    qdev_prop_set_uint8(d, "id", 3);
    omap3630_realize_block(s, d, 0x49030000, OMAP3_IRQ_WDT3);

    for (i = 0; i < 3; i++) {
        snprintf(name, sizeof(name), "mmc[%d]", i + 1);
        s->mmc[i] = omap3630_new(s, TYPE_OMAP3_HSMMC, name);
        qdev_prop_set_uint8(s->mmc[i], "id", i + 1);
        omap3630_realize_block(s, s->mmc[i], mmc_base[i], mmc_irq[i]);
    }

    /* Modules the kernel only resets and probes. */
    for (const OMAP3ModuleInfo *m = omap3630_sysc_modules; m->name; m++) {
        d = omap3630_new(s, TYPE_OMAP3_SYSC, m->name);
        qdev_prop_set_string(d, "name", m->name);
        qdev_prop_set_uint64(d, "size", m->size);
        qdev_prop_set_uint32(d, "rev", m->rev);
        qdev_prop_set_uint32(d, "rev-value", m->rev_value);
        qdev_prop_set_uint32(d, "sysc", m->sysc);
        qdev_prop_set_uint32(d, "syss", m->syss);
        qdev_prop_set_uint8(d, "softreset-bit", m->omap4_sysc ? 0 : 1);
        omap3630_realize_block(s, d, m->base, -1);
    }

    /* Blocks that exist but are not modelled: RAZ/WI with LOG_UNIMP. */
    for (const OMAP3BlockInfo *b = omap3630_unimp_blocks; b->name; b++) {
        n9_agent_add_unimp(omap3630_agent_for(s, b->base), b->name,
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
