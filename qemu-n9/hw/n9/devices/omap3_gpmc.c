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
#include "omap3_gpmc_regs.h"
#include "omap3_lanes.h"
#include "trace.h"

#define OMAP3_GPMC_SIZE         0x1000
#define OMAP3_GPMC_NUM_CS       8
#define OMAP3_GPMC_NUM_WAIT     4

/* Chip select @cs's copy of the CS0 register at word index @r */
#define CS_REG(cs, r)           ((r) + OMAP3_GPMC_CS_STRIDE / 4 * (cs))
#define CS_END                  (A_CS_CONFIG1 + \
                                 OMAP3_GPMC_CS_STRIDE * OMAP3_GPMC_NUM_CS)
/* The registers of each stride: CONFIG1..7 and the NAND ports */
#define CS_REGS_SIZE            (A_CS_NAND_DATA + 4 - A_CS_CONFIG1)
#define BCH_RESULT_END          (A_ECC_BCH_RESULT_0 + \
                                 OMAP3_GPMC_BCH_STRIDE * OMAP3_GPMC_NUM_BCH)

/* REVISION 5.0: GPMC_REVISION_MAJOR() > 4 selects the OMAP3 feature set. */
#define OMAP3_GPMC_REV          0x00000050

#define SYSCONFIG_MASK          (R_SYSCONFIG_AUTOIDLE_MASK | \
                                 R_SYSCONFIG_SIDLEMODE_MASK)
#define IRQ_MASK                (R_IRQSTATUS_FIFOEVENT_MASK | \
                                 R_IRQSTATUS_TERMINALCOUNT_MASK | \
                                 R_IRQSTATUS_WAITEDGEDETECTION_MASK)
#define TIMEOUT_CONTROL_MASK    (R_TIMEOUT_CONTROL_TIMEOUTENABLE_MASK | \
                                 R_TIMEOUT_CONTROL_TIMEOUTSTARTVALUE_MASK)

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

static void omap3_gpmc_update_irq(OMAP3GPMCState *s)
{
    uint32_t pending = s->regs[R_IRQSTATUS] & s->regs[R_IRQENABLE] & IRQ_MASK;

    trace_omap3_gpmc_irq(pending != 0);
    qemu_set_irq(s->irq, pending != 0);
}

/* Hardware reset values, as after SYSCONFIG.SOFTRESET. */
static void omap3_gpmc_reset_regs(OMAP3GPMCState *s)
{
    int cs, i;

    memset(s->regs, 0, sizeof(s->regs));
    /* SIDLEMODE comes up as smart idle. */
    s->regs[R_SYSCONFIG] = 0x00000010;
    for (cs = 0; cs < OMAP3_GPMC_NUM_CS; cs++) {
        for (i = 0; i < 7; i++) {
            s->regs[CS_REG(cs, R_CS_CONFIG1 + i)] = omap3_gpmc_cs_reset[i];
        }
    }
    s->regs[R_CS_CONFIG7] = CS0_CONFIG7_RESET;
}

/* The chip select of the register at @offset in the CS window */
static int omap3_gpmc_cs(hwaddr offset)
{
    return (offset - A_CS_CONFIG1) / OMAP3_GPMC_CS_STRIDE;
}

/* @offset in the CS window as the offset of the same register of CS0 */
static hwaddr omap3_gpmc_cs0_reg(hwaddr offset)
{
    return A_CS_CONFIG1 + (offset - A_CS_CONFIG1) % OMAP3_GPMC_CS_STRIDE;
}

static bool omap3_gpmc_exists(hwaddr offset)
{
    switch (offset) {
    case A_REVISION:
    case A_SYSCONFIG:
    case A_SYSSTATUS:
    case A_IRQSTATUS:
    case A_IRQENABLE:
    case A_TIMEOUT_CONTROL:
    case A_ERR_ADDRESS:
    case A_ERR_TYPE:
    case A_CONFIG:
    case A_STATUS:
    case A_PREFETCH_CONFIG1:
    case A_PREFETCH_CONFIG2:
    case A_PREFETCH_CONTROL:
    case A_PREFETCH_STATUS:
    case A_ECC_CONFIG:
    case A_ECC_CONTROL:
    case A_ECC_SIZE_CONFIG:
    case A_ECC1_RESULT ... A_ECC9_RESULT:
    case A_ECC_BCH_RESULT_0 ... BCH_RESULT_END - 1:
        return true;
    case A_CS_CONFIG1 ... CS_END - 1:
        return (offset - A_CS_CONFIG1) % OMAP3_GPMC_CS_STRIDE < CS_REGS_SIZE;
    default:
        return false;
    }
}

static uint32_t omap3_gpmc_read_word(OMAP3GPMCState *s, hwaddr offset)
{
    switch (offset) {
    case A_REVISION:
        return OMAP3_GPMC_REV;
    case A_SYSSTATUS:
        /* The soft reset completes at once. */
        return R_SYSSTATUS_RESETDONE_MASK;
    case A_STATUS:
        /* No posted write is ever pending; WAIT pins show their level. */
        return R_STATUS_EMPTYWRITEBUFFERSTATUS_MASK |
               (s->wait_level << R_STATUS_WAITSTATUS_SHIFT);
    case A_CS_CONFIG1 ... CS_END - 1:
        switch (omap3_gpmc_cs0_reg(offset)) {
        case A_CS_NAND_COMMAND:
        case A_CS_NAND_ADDRESS:
        case A_CS_NAND_DATA:
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

static void omap3_gpmc_write_word(OMAP3GPMCState *s, hwaddr offset,
                                  uint32_t val, uint32_t mask)
{
    uint32_t *reg = &s->regs[offset / 4];

    switch (offset) {
    case A_REVISION:
    case A_SYSSTATUS:
    case A_STATUS:
    case A_PREFETCH_STATUS:
    case A_ECC1_RESULT ... A_ECC9_RESULT:
    case A_ECC_BCH_RESULT_0 ... BCH_RESULT_END - 1:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "%s: write to read-only register 0x%03" HWADDR_PRIx
                      "\n", __func__, offset);
        return;
    case A_SYSCONFIG:
        if (val & mask & R_SYSCONFIG_SOFTRESET_MASK) {
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
    case A_IRQSTATUS:
        /* Write 1 to clear (gpmc_handle_irq writes back what it read). */
        *reg &= ~(val & mask);
        omap3_gpmc_update_irq(s);
        return;
    case A_IRQENABLE:
        *reg = (*reg & ~(mask & IRQ_MASK)) | (val & mask & IRQ_MASK);
        omap3_gpmc_update_irq(s);
        return;
    case A_TIMEOUT_CONTROL:
        mask &= TIMEOUT_CONTROL_MASK;
        break;
    case A_CS_CONFIG1 ... CS_END - 1:
        switch (omap3_gpmc_cs0_reg(offset)) {
        case A_CS_NAND_COMMAND:
        case A_CS_NAND_ADDRESS:
        case A_CS_NAND_DATA:
            /* No NAND device: the cycle goes nowhere. */
            trace_omap3_gpmc_nand(omap3_gpmc_cs(offset),
                                  omap3_gpmc_cs0_reg(offset) - A_CS_CONFIG1,
                                  val);
            return;
        case A_CS_CONFIG7:
            trace_omap3_gpmc_cs_config7(omap3_gpmc_cs(offset),
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
    OMAP3GPMCState *s = opaque;
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
    OMAP3GPMCState *s = opaque;

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
    OMAP3GPMCState *s = opaque;
    bool old = extract32(s->wait_level, n, 1);
    bool falling_edge = extract32(s->regs[R_CONFIG],
                                  R_CONFIG_WAITPINPOLARITY_SHIFT + n, 1);

    level = !!level;
    if (level == old) {
        return;
    }
    s->wait_level = deposit32(s->wait_level, n, 1, level);
    trace_omap3_gpmc_wait(n, level);
    if (level != falling_edge) {
        s->regs[R_IRQSTATUS] |= BIT(R_IRQSTATUS_WAITEDGEDETECTION_SHIFT + n);
        omap3_gpmc_update_irq(s);
    }
}

static void omap3_gpmc_reset_hold(Object *obj, ResetType type)
{
    OMAP3GPMCState *s = OMAP3_GPMC(obj);
    int i;

    omap3_gpmc_reset_regs(s);
    for (i = 0; i < 7; i++) {
        s->regs[R_CS_CONFIG1 + i] = n9_gpmc_cs0_boot[i];
    }
    /* The WAIT pin levels are external and survive a reset. */
}

static void omap3_gpmc_reset_exit(Object *obj, ResetType type)
{
    omap3_gpmc_update_irq(OMAP3_GPMC(obj));
}

static void omap3_gpmc_init(Object *obj)
{
    OMAP3GPMCState *s = OMAP3_GPMC(obj);
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
        VMSTATE_UINT32_ARRAY(regs, OMAP3GPMCState, OMAP3_GPMC_WORDS),
        VMSTATE_UINT8(wait_level, OMAP3GPMCState),
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
    .instance_size = sizeof(OMAP3GPMCState),
    .instance_init = omap3_gpmc_init,
    .class_init = omap3_gpmc_class_init,
};

static void omap3_gpmc_register_types(void)
{
    type_register_static(&omap3_gpmc_info);
}

type_init(omap3_gpmc_register_types)
