/*
 * OMAP3630 General-Purpose Memory Controller (GPMC, 0x6E000000, on the L3).
 *
 * The GPMC drives external asynchronous/synchronous memories (NOR, NAND,
 * OneNAND, SRAM-like devices) on eight chip selects.  On the N9 it has a
 * single device, the OneNAND on CS0 (omap3-n950-n9.dtsi); Linux resets the
 * GPMC through its hwmod (omap_hwmod_setup_all: SYSCONFIG.SOFTRESET, then
 * SYSSTATUS.RESETDONE), and drivers/memory/omap-gpmc.c reads REVISION
 * (5.0 on OMAP3: GPMC_HAS_WR_ACCESS | GPMC_HAS_WR_DATA_MUX_BUS), clears
 * IRQENABLE/IRQSTATUS, reserves the chip selects the boot loader left
 * enabled (CONFIG7.CSVALID), reprograms CS0 from the dts timings and maps
 * it at 0x04000000.  With CONFIG_MTD=n the OneNAND driver never touches the
 * window; the SoC maps an unimplemented RAZ/WI region there.
 *
 * Modelled: the register file (chip-select configuration, prefetch and ECC
 * configuration as storage), the soft-reset handshake, IRQSTATUS (write 1
 * to clear) / IRQENABLE and the interrupt line, and the four WAIT pins as
 * qdev GPIO inputs "wait" (levels in STATUS, edges in IRQSTATUS as selected
 * by CONFIG.WAITxPINPOLARITY).  Not modelled: the chip-select windows and
 * everything that moves data (NAND command/address/data ports accept and
 * drop writes and read 0; no prefetch engine, no ECC computation, no
 * timeout or error capture).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bitops.h"
#include "hw/sysbus.h"
#include "hw/irq.h"
#include "migration/vmstate.h"
#include "omap3630.h"
#include "omap3_gpmc.h"
#include "omap3_lanes.h"
#include "trace.h"

#define OMAP3_GPMC_SIZE         0x1000
#define OMAP3_GPMC_NUM_CS       8
#define OMAP3_GPMC_NUM_WAIT     4

/* Register offsets (drivers/memory/omap-gpmc.c) */
#define R_REVISION              0x000
#define R_SYSCONFIG             0x010
#define R_SYSSTATUS             0x014
#define R_IRQSTATUS             0x018
#define R_IRQENABLE             0x01C
#define R_TIMEOUT_CONTROL       0x040
#define R_ERR_ADDRESS           0x044
#define R_ERR_TYPE              0x048
#define R_CONFIG                0x050
#define R_STATUS                0x054
#define R_CS_BASE               0x060
#define CS_STRIDE               0x30
#define CS_CONFIG1              0x00
#define CS_CONFIG7              0x18
#define CS_NAND_COMMAND         0x1C
#define CS_NAND_ADDRESS         0x20
#define CS_NAND_DATA            0x24
#define CS_REGS_SIZE            0x28    /* 0x28..0x2F of each stride: none */
#define R_CS(cs, reg)           (R_CS_BASE + CS_STRIDE * (cs) + (reg))
#define R_CS_END                R_CS(OMAP3_GPMC_NUM_CS, 0)
#define R_PREFETCH_CONFIG1      0x1E0
#define R_PREFETCH_CONFIG2      0x1E4
#define R_PREFETCH_CONTROL      0x1EC
#define R_PREFETCH_STATUS       0x1F0
#define R_ECC_CONFIG            0x1F4
#define R_ECC_CONTROL           0x1F8
#define R_ECC_SIZE_CONFIG       0x1FC
#define R_ECC1_RESULT           0x200   /* nine results, 0x200..0x220 */
#define R_ECC9_RESULT           0x220
#define R_BCH_RESULT_START      0x240   /* 8 x 4 words, stride 0x10 */
#define R_BCH_RESULT_END        0x2C0

/* REVISION 5.0: GPMC_REVISION_MAJOR() > 4 selects the OMAP3 feature set. */
#define OMAP3_GPMC_REV          0x00000050

/* SYSCONFIG: AUTOIDLE 0, SOFTRESET 1, SIDLEMODE 4:3 */
#define SYSCONFIG_SOFTRESET     BIT(1)
#define SYSCONFIG_MASK          0x00000019
#define SYSSTATUS_RESETDONE     BIT(0)

/* IRQSTATUS/IRQENABLE: FIFOEVENT 0, TERMINALCOUNT 1, WAITnEDGEDETECTION 8+n */
#define IRQ_WAIT_SHIFT          8
#define IRQ_MASK                0x00000F03

/* CONFIG: WAITnPINPOLARITY at 8+n (omap-gpmc.c: 0 = rising, 1 = falling) */
#define CONFIG_WAIT_POL_SHIFT   8

/* STATUS: EMPTYWRITEBUFFERSTATUS 0, WAITnSTATUS 8+n */
#define STATUS_EMPTYWRITEBUFFER BIT(0)
#define STATUS_WAIT_SHIFT       8

/* TIMEOUT_CONTROL: TIMEOUTENABLE 0, TIMEOUTSTARTVALUE 12:4 */
#define TIMEOUT_CONTROL_MASK    0x00001FF1

/*
 * GPMC_CONFIG1..7 reset values after a GPMC reset (believed from the OMAP3
 * TRM, not verified on hardware).  What matters to Linux is CONFIG7: CS0
 * comes out of reset enabled (CSVALID) at address 0 with a 16 MB mask, the
 * other chip selects disabled, so gpmc_mem_init() finds CS0 outside the
 * GPMC window and disables it ("disabling cs 0 mapped at 0x0-0x1000000").
 */
static const uint32_t omap3_gpmc_cs_reset[7] = {
    0x00000000, 0x00101001, 0x00020201, 0x10031003,
    0x010F1111, 0x00000000, 0x00000F00,
};
#define CS0_CONFIG7_RESET       0x00000F40

/*
 * What the N9's boot loader leaves in CS0 for the OneNAND: CONFIG1..6 as
 * printed by CONFIG_OMAP_GPMC_DEBUG=y kernels (comment in
 * omap3-n950-n9.dtsi), CONFIG7 = CS0 valid at 0x04000000 (the dts
 * "ranges"), 16 MB.  A machine reset starts from this state.
 */
static const uint32_t n9_gpmc_cs0_boot[7] = {
    0xFD001202, 0x00181800, 0x00030300, 0x18001804,
    0x03171D1D, 0x97080000, 0x00000F44,
};

static void omap3_gpmc_update_irq(OMAP3GpmcState *s)
{
    uint32_t pending = s->regs[R_IRQSTATUS / 4] & s->regs[R_IRQENABLE / 4] &
                       IRQ_MASK;

    trace_omap3_gpmc_irq(pending != 0);
    qemu_set_irq(s->irq, pending != 0);
}

/* Hardware reset values, as after SYSCONFIG.SOFTRESET. */
static void omap3_gpmc_reset_regs(OMAP3GpmcState *s)
{
    int cs, i;

    memset(s->regs, 0, sizeof(s->regs));
    /* SIDLEMODE comes up as smart idle. */
    s->regs[R_SYSCONFIG / 4] = 0x00000010;
    for (cs = 0; cs < OMAP3_GPMC_NUM_CS; cs++) {
        for (i = 0; i < 7; i++) {
            s->regs[R_CS(cs, CS_CONFIG1 + 4 * i) / 4] = omap3_gpmc_cs_reset[i];
        }
    }
    s->regs[R_CS(0, CS_CONFIG7) / 4] = CS0_CONFIG7_RESET;
}

static bool omap3_gpmc_exists(hwaddr offset)
{
    switch (offset) {
    case R_REVISION:
    case R_SYSCONFIG:
    case R_SYSSTATUS:
    case R_IRQSTATUS:
    case R_IRQENABLE:
    case R_TIMEOUT_CONTROL:
    case R_ERR_ADDRESS:
    case R_ERR_TYPE:
    case R_CONFIG:
    case R_STATUS:
    case R_PREFETCH_CONFIG1:
    case R_PREFETCH_CONFIG2:
    case R_PREFETCH_CONTROL:
    case R_PREFETCH_STATUS:
    case R_ECC_CONFIG:
    case R_ECC_CONTROL:
    case R_ECC_SIZE_CONFIG:
    case R_ECC1_RESULT ... R_ECC9_RESULT:
    case R_BCH_RESULT_START ... R_BCH_RESULT_END - 1:
        return true;
    case R_CS_BASE ... R_CS_END - 1:
        return (offset - R_CS_BASE) % CS_STRIDE < CS_REGS_SIZE;
    default:
        return false;
    }
}

static uint32_t omap3_gpmc_read_word(OMAP3GpmcState *s, hwaddr offset)
{
    switch (offset) {
    case R_REVISION:
        return OMAP3_GPMC_REV;
    case R_SYSSTATUS:
        /* The soft reset completes at once. */
        return SYSSTATUS_RESETDONE;
    case R_STATUS:
        /* No posted write is ever pending; WAIT pins show their level. */
        return STATUS_EMPTYWRITEBUFFER |
               (s->wait_level << STATUS_WAIT_SHIFT);
    case R_CS_BASE ... R_CS_END - 1:
        switch ((offset - R_CS_BASE) % CS_STRIDE) {
        case CS_NAND_COMMAND:
        case CS_NAND_ADDRESS:
        case CS_NAND_DATA:
            /* Write-only ports, and no NAND device to read data from. */
            return 0;
        default:
            return s->regs[offset / 4];
        }
    default:
        /* Prefetch status and ECC results stay 0: no engine runs. */
        return s->regs[offset / 4];
    }
}

static void omap3_gpmc_write_word(OMAP3GpmcState *s, hwaddr offset,
                                  uint32_t val, uint32_t mask)
{
    uint32_t *reg = &s->regs[offset / 4];

    switch (offset) {
    case R_REVISION:
    case R_SYSSTATUS:
    case R_STATUS:
    case R_PREFETCH_STATUS:
    case R_ECC1_RESULT ... R_ECC9_RESULT:
    case R_BCH_RESULT_START ... R_BCH_RESULT_END - 1:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "%s: write to read-only register 0x%03" HWADDR_PRIx
                      "\n", __func__, offset);
        return;
    case R_SYSCONFIG:
        if (val & mask & SYSCONFIG_SOFTRESET) {
            /*
             * _ocp_softreset() (omap_hwmod.c) sets SOFTRESET and polls
             * SYSSTATUS.RESETDONE; the reset is immediate and restores the
             * hardware reset values (not the boot loader's).
             */
            trace_omap3_gpmc_softreset();
            omap3_gpmc_reset_regs(s);
            omap3_gpmc_update_irq(s);
            return;
        }
        mask &= SYSCONFIG_MASK;
        break;
    case R_IRQSTATUS:
        /* Write 1 to clear (gpmc_handle_irq writes back what it read). */
        *reg &= ~(val & mask);
        omap3_gpmc_update_irq(s);
        return;
    case R_IRQENABLE:
        *reg = (*reg & ~(mask & IRQ_MASK)) | (val & mask & IRQ_MASK);
        omap3_gpmc_update_irq(s);
        return;
    case R_TIMEOUT_CONTROL:
        mask &= TIMEOUT_CONTROL_MASK;
        break;
    case R_CS_BASE ... R_CS_END - 1:
        switch ((offset - R_CS_BASE) % CS_STRIDE) {
        case CS_NAND_COMMAND:
        case CS_NAND_ADDRESS:
        case CS_NAND_DATA:
            /* No NAND device: the cycle goes nowhere. */
            trace_omap3_gpmc_nand((offset - R_CS_BASE) / CS_STRIDE,
                                  (offset - R_CS_BASE) % CS_STRIDE, val);
            return;
        case CS_CONFIG7:
            trace_omap3_gpmc_cs_config7((offset - R_CS_BASE) / CS_STRIDE,
                                        (*reg & ~mask) | (val & mask));
            break;
        default:
            break;
        }
        break;
    default:
        break;
    }
    *reg = (*reg & ~mask) | (val & mask);
}

static uint64_t omap3_gpmc_read(void *opaque, hwaddr addr, unsigned size)
{
    OMAP3GpmcState *s = opaque;
    uint64_t val;

    if (!omap3_gpmc_exists(addr & ~3)) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: no register at 0x%03"
                      HWADDR_PRIx "\n", __func__, addr);
        return 0;
    }
    val = omap3_lane_read(omap3_gpmc_read_word(s, addr & ~3), addr, size);
    trace_omap3_gpmc_read(addr, size, val);
    return val;
}

static void omap3_gpmc_write(void *opaque, hwaddr addr, uint64_t value,
                             unsigned size)
{
    OMAP3GpmcState *s = opaque;

    trace_omap3_gpmc_write(addr, size, value);
    if (!omap3_gpmc_exists(addr & ~3)) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: no register at 0x%03"
                      HWADDR_PRIx "\n", __func__, addr);
        return;
    }
    omap3_gpmc_write_word(s, addr & ~3, omap3_lane_value(addr, size, value),
                          omap3_lane_mask(addr, size));
}

static const MemoryRegionOps omap3_gpmc_ops = {
    .read = omap3_gpmc_read,
    .write = omap3_gpmc_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 1,
        .max_access_size = 4,
    },
    .impl = {
        .min_access_size = 1,
        .max_access_size = 4,
    },
};

/*
 * WAIT pin @n changed level.  An edge sets WAITnEDGEDETECTION: rising when
 * CONFIG.WAITnPINPOLARITY is 0, falling when it is 1 (gpmc_irq_edge_config
 * in omap-gpmc.c).
 */
static void omap3_gpmc_set_wait(void *opaque, int n, int level)
{
    OMAP3GpmcState *s = opaque;
    bool old = extract32(s->wait_level, n, 1);
    bool falling_edge = extract32(s->regs[R_CONFIG / 4],
                                  CONFIG_WAIT_POL_SHIFT + n, 1);

    level = !!level;
    if (level == old) {
        return;
    }
    s->wait_level = deposit32(s->wait_level, n, 1, level);
    trace_omap3_gpmc_wait(n, level);
    if (level != falling_edge) {
        s->regs[R_IRQSTATUS / 4] |= BIT(IRQ_WAIT_SHIFT + n);
        omap3_gpmc_update_irq(s);
    }
}

static void omap3_gpmc_reset_hold(Object *obj, ResetType type)
{
    OMAP3GpmcState *s = OMAP3_GPMC(obj);
    int i;

    omap3_gpmc_reset_regs(s);
    for (i = 0; i < 7; i++) {
        s->regs[R_CS(0, CS_CONFIG1 + 4 * i) / 4] = n9_gpmc_cs0_boot[i];
    }
    /* The WAIT pin levels are external and survive a reset. */
}

static void omap3_gpmc_reset_exit(Object *obj, ResetType type)
{
    omap3_gpmc_update_irq(OMAP3_GPMC(obj));
}

static void omap3_gpmc_init(Object *obj)
{
    OMAP3GpmcState *s = OMAP3_GPMC(obj);
    SysBusDevice *sbd = SYS_BUS_DEVICE(obj);

    memory_region_init_io(&s->iomem, obj, &omap3_gpmc_ops, s,
                          TYPE_OMAP3_GPMC, OMAP3_GPMC_SIZE);
    sysbus_init_mmio(sbd, &s->iomem);
    sysbus_init_irq(sbd, &s->irq);
    qdev_init_gpio_in_named(DEVICE(obj), omap3_gpmc_set_wait, "wait",
                            OMAP3_GPMC_NUM_WAIT);
    /* Unconnected WAIT pins float high (pulled up): "ready". */
    s->wait_level = MAKE_64BIT_MASK(0, OMAP3_GPMC_NUM_WAIT);
}

static const VMStateDescription vmstate_omap3_gpmc = {
    .name = TYPE_OMAP3_GPMC,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(regs, OMAP3GpmcState, OMAP3_GPMC_WORDS),
        VMSTATE_UINT8(wait_level, OMAP3GpmcState),
        VMSTATE_END_OF_LIST()
    },
};

static void omap3_gpmc_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->desc = "OMAP3 general-purpose memory controller (GPMC)";
    dc->vmsd = &vmstate_omap3_gpmc;
    rc->phases.hold = omap3_gpmc_reset_hold;
    rc->phases.exit = omap3_gpmc_reset_exit;
}

static const TypeInfo omap3_gpmc_info = {
    .name = TYPE_OMAP3_GPMC,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3GpmcState),
    .instance_init = omap3_gpmc_init,
    .class_init = omap3_gpmc_class_init,
};

static void omap3_gpmc_register_types(void)
{
    type_register_static(&omap3_gpmc_info);
}

type_init(omap3_gpmc_register_types)
