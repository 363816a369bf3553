/*
 * OMAP3630 MMC/SD/SDIO host controllers (MMCHS1 0x4809C000, MMCHS2
 * 0x480B4000 (the N9's eMMC), MMCHS3 0x480AD000; CORE L4).
 *
 * Register map and behaviour as drivers/mmc/host/omap_hsmmc.c uses them:
 * SYSCONFIG/SYSSTATUS (hwmod soft reset), CON, BLK, ARG, CMD, RSP10..76,
 * DATA, PSTATE, HCTL, SYSCTL, STAT, IE, ISE, CAPA, CUR_CAPA, REV.
 *
 * Modelled, honestly for a slot with no card in it:
 *  - the SYSCONFIG.SOFTRESET / SYSSTATUS.RESETDONE handshake and the
 *    SYSCTL.SRA/SRC/SRD resets, which complete (self-clear) at once;
 *  - SYSCTL.ICS (internal clock stable) follows ICE (omap_hsmmc_set_clock
 *    polls it for 20 ms);
 *  - HCTL.SDBP (bus power) sticks only if the selected SDVS voltage is
 *    supported in CAPA (VS18 / VS30 / VS33), which the driver sets first;
 *  - a write to CMD completes at once: the initialisation stream
 *    (CON.INIT_STREAM, send_init_stream polls STAT.CC) and commands without
 *    a response end with STAT.CC; every command that expects a response
 *    ends with STAT.CTO (command timeout) and STAT.ERRI, as with an empty
 *    slot.  Status bits are set only where IE enables them, STAT is write 1
 *    to clear, ERRI is the summary of bits 31:16, and the interrupt line is
 *    STAT & ISE;
 *  - PSTATE shows the CMD and DAT[3:0] lines high (pulled up, idle).
 * The mmc core's probe of an empty slot then ends quickly, without "timed
 * out" warnings.  Not modelled: cards, data transfers (no BRR/BWR/TC, DATA
 * reads 0), DMA requests, card detect and SDIO interrupts, auto-CMD12/23.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bitops.h"
#include "qapi/error.h"
#include "hw/sysbus.h"
#include "hw/irq.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "omap3630.h"
#include "omap3_hsmmc.h"
#include "omap3_lanes.h"
#include "trace.h"

#define OMAP3_HSMMC_SIZE        0x1000

/* Register offsets (omap_hsmmc.c; SYSCONFIG/REV from the mmc hwmod) */
#define R_SYSCONFIG             0x010
#define R_SYSSTATUS             0x014
#define R_CSRE                  0x024
#define R_SYSTEST               0x028
#define R_CON                   0x02C
#define R_PWCNT                 0x030
#define R_SDMASA                0x100
#define R_BLK                   0x104
#define R_ARG                   0x108
#define R_CMD                   0x10C
#define R_RSP10                 0x110
#define R_RSP32                 0x114
#define R_RSP54                 0x118
#define R_RSP76                 0x11C
#define R_DATA                  0x120
#define R_PSTATE                0x124
#define R_HCTL                  0x128
#define R_SYSCTL                0x12C
#define R_STAT                  0x130
#define R_IE                    0x134
#define R_ISE                   0x138
#define R_AC12                  0x13C
#define R_CAPA                  0x140
#define R_CUR_CAPA              0x148
#define R_REV                   0x1FC

/*
 * SYSCONFIG: AUTOIDLE 0, SOFTRESET 1, ENAWAKEUP 2, SIDLEMODE 4:3,
 * CLOCKACTIVITY 9:8
 */
#define SYSCONFIG_SOFTRESET     BIT(1)
#define SYSCONFIG_MASK          0x0000031D
#define SYSSTATUS_RESETDONE     BIT(0)

/* CON */
#define CON_INIT_STREAM         BIT(1)

/* CMD: RSP_TYPE 17:16 (0 = no response), INDX 29:24 */
#define CMD_RSP_TYPE_SHIFT      16
#define CMD_RSP_TYPE_LEN        2
#define CMD_INDX_SHIFT          24
#define CMD_INDX_LEN            6

/* PSTATE: DLEV (DAT3:0 levels) 23:20, CLEV (CMD level) 24 */
#define PSTATE_IDLE_LINES       (0xF << 20 | BIT(24))

/* HCTL: SDBP (bus power) 8, SDVS 11:9 (5 = 1.8 V, 6 = 3.0 V, 7 = 3.3 V) */
#define HCTL_SDBP               BIT(8)
#define HCTL_SDVS_SHIFT         9
#define HCTL_SDVS_LEN           3

/* SYSCTL */
#define SYSCTL_ICE              BIT(0)
#define SYSCTL_ICS              BIT(1)
#define SYSCTL_SRA              BIT(24)
#define SYSCTL_SRC              BIT(25)
#define SYSCTL_SRD              BIT(26)
#define SYSCTL_MASK             0x000FFFC5  /* ICE, CEN, CLKD, DTO */

/* STAT / IE / ISE */
#define STAT_CC                 BIT(0)
#define STAT_ERRI               BIT(15)
#define STAT_CTO                BIT(16)
#define STAT_ERRORS             0xFFFF0000
#define STAT_MASK               0x317F0137  /* the bits that exist */

/* CAPA: VS33 24, VS30 25, VS18 26 (the driver sets VS18/VS30) */
#define CAPA_VS33               BIT(24)
#define CAPA_VS30               BIT(25)
#define CAPA_VS18               BIT(26)
#define CAPA_WRITABLE           (CAPA_VS18 | CAPA_VS30)
/*
 * CAPA reset value (believed from the OMAP3 TRM): TCU (bit 7, MHz timeout
 * clock), MBL 17:16 = 1 (1024-byte blocks), HSS (21, high speed, checked
 * by omap_hsmmc_set_clock), DS (22, DMA), SRS (23, suspend/resume).  The
 * voltage bits start clear: omap_hsmmc_conf_bus_power() sets them.
 */
#define CAPA_RESET              0x00E10080

/* REV: believed OMAP3 value (vendor version 0x26); not read by Linux. */
#define OMAP3_HSMMC_REV         0x26000000

static uint32_t omap3_hsmmc_stat(OMAP3HsmmcState *s)
{
    /* ERRI is not a latch: it reads 1 while any error bit is set. */
    return s->stat | ((s->stat & STAT_ERRORS) ? STAT_ERRI : 0);
}

static void omap3_hsmmc_update_irq(OMAP3HsmmcState *s)
{
    qemu_set_irq(s->irq, !!(s->stat & s->ise & ~STAT_ERRI));
}

/* Raise status bits @bits, as far as IE lets them through. */
static void omap3_hsmmc_set_stat(OMAP3HsmmcState *s, uint32_t bits)
{
    s->stat |= bits & s->ie;
    omap3_hsmmc_update_irq(s);
}

/*
 * The registers that SYSCTL.SRA resets: everything but SYSCONFIG and the
 * capabilities.
 */
static void omap3_hsmmc_reset_all(OMAP3HsmmcState *s)
{
    s->csre = 0;
    s->systest = 0;
    s->con = 0;
    s->pwcnt = 0;
    s->sdmasa = 0;
    s->blk = 0;
    s->arg = 0;
    s->cmd = 0;
    memset(s->rsp, 0, sizeof(s->rsp));
    s->hctl = 0;
    s->sysctl = 0;
    s->stat = 0;
    s->ie = 0;
    s->ise = 0;
}

static void omap3_hsmmc_reset_regs(OMAP3HsmmcState *s)
{
    omap3_hsmmc_reset_all(s);
    s->sysconfig = 0;
    s->capa = CAPA_RESET;
}

/* Whether the voltage selected in HCTL.SDVS is supported in CAPA. */
static bool omap3_hsmmc_sdvs_supported(OMAP3HsmmcState *s)
{
    switch (extract32(s->hctl, HCTL_SDVS_SHIFT, HCTL_SDVS_LEN)) {
    case 5:
        return s->capa & CAPA_VS18;
    case 6:
        return s->capa & CAPA_VS30;
    case 7:
        return s->capa & CAPA_VS33;
    default:
        return false;
    }
}

static void omap3_hsmmc_command(OMAP3HsmmcState *s)
{
    unsigned rsp_type = extract32(s->cmd, CMD_RSP_TYPE_SHIFT,
                                  CMD_RSP_TYPE_LEN);
    unsigned indx = extract32(s->cmd, CMD_INDX_SHIFT, CMD_INDX_LEN);

    memset(s->rsp, 0, sizeof(s->rsp));
    if (s->con & CON_INIT_STREAM) {
        /* 80 clock cycles on the bus: needs no card (send_init_stream). */
        trace_omap3_hsmmc_command(s->id, indx, s->arg, "init stream");
        omap3_hsmmc_set_stat(s, STAT_CC);
    } else if (rsp_type == 0) {
        /* Nothing to wait for, card or not (e.g. CMD0 GO_IDLE_STATE). */
        trace_omap3_hsmmc_command(s->id, indx, s->arg, "no response");
        omap3_hsmmc_set_stat(s, STAT_CC);
    } else {
        /*
         * No card answers.  omap_hsmmc_do_irq() needs ERRI (bit 15) to look
         * at the error bits; it then resets the command state machine with
         * SYSCTL.SRC and completes the request with -ETIMEDOUT.
         */
        trace_omap3_hsmmc_command(s->id, indx, s->arg, "timeout");
        omap3_hsmmc_set_stat(s, STAT_CTO);
    }
}

static bool omap3_hsmmc_read_word(OMAP3HsmmcState *s, hwaddr offset,
                                  uint32_t *val)
{
    switch (offset) {
    case R_SYSCONFIG:
        *val = s->sysconfig;
        break;
    case R_SYSSTATUS:
        /* The soft reset completes at once. */
        *val = SYSSTATUS_RESETDONE;
        break;
    case R_CSRE:
        *val = s->csre;
        break;
    case R_SYSTEST:
        *val = s->systest;
        break;
    case R_CON:
        *val = s->con;
        break;
    case R_PWCNT:
        *val = s->pwcnt;
        break;
    case R_SDMASA:
        *val = s->sdmasa;
        break;
    case R_BLK:
        *val = s->blk;
        break;
    case R_ARG:
        *val = s->arg;
        break;
    case R_CMD:
        *val = s->cmd;
        break;
    case R_RSP10:
    case R_RSP32:
    case R_RSP54:
    case R_RSP76:
        *val = s->rsp[(offset - R_RSP10) / 4];
        break;
    case R_DATA:
        /* No transfer ever starts, so the buffer is never ready. */
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-hsmmc%u: DATA read with no "
                      "transfer\n", s->id);
        *val = 0;
        break;
    case R_PSTATE:
        /* No command or transfer in flight; lines idle high. */
        *val = PSTATE_IDLE_LINES;
        break;
    case R_HCTL:
        *val = s->hctl;
        break;
    case R_SYSCTL:
        *val = s->sysctl | ((s->sysctl & SYSCTL_ICE) ? SYSCTL_ICS : 0);
        break;
    case R_STAT:
        *val = omap3_hsmmc_stat(s);
        break;
    case R_IE:
        *val = s->ie;
        break;
    case R_ISE:
        *val = s->ise;
        break;
    case R_AC12:
        /* Auto-CMD12 never runs: no error to report. */
        *val = 0;
        break;
    case R_CAPA:
        *val = s->capa;
        break;
    case R_CUR_CAPA:
        /* Maximum currents are not reported (as for a fixed supply). */
        *val = 0;
        break;
    case R_REV:
        *val = OMAP3_HSMMC_REV;
        break;
    default:
        return false;
    }
    return true;
}

static bool omap3_hsmmc_write_word(OMAP3HsmmcState *s, hwaddr offset,
                                   uint32_t val, uint32_t mask)
{
    switch (offset) {
    case R_SYSCONFIG:
        if (val & mask & SYSCONFIG_SOFTRESET) {
            trace_omap3_hsmmc_reset(s->id, "SYSCONFIG.SOFTRESET");
            omap3_hsmmc_reset_regs(s);
            omap3_hsmmc_update_irq(s);
            break;
        }
        mask &= SYSCONFIG_MASK;
        s->sysconfig = (s->sysconfig & ~mask) | (val & mask);
        break;
    case R_SYSSTATUS:
    case R_RSP10:
    case R_RSP32:
    case R_RSP54:
    case R_RSP76:
    case R_PSTATE:
    case R_AC12:
    case R_CUR_CAPA:
    case R_REV:
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-hsmmc%u: write to read-only "
                      "register 0x%03" HWADDR_PRIx "\n", s->id, offset);
        break;
    case R_CSRE:
        s->csre = (s->csre & ~mask) | (val & mask);
        break;
    case R_SYSTEST:
        s->systest = (s->systest & ~mask) | (val & mask);
        break;
    case R_CON:
        s->con = (s->con & ~mask) | (val & mask);
        break;
    case R_PWCNT:
        s->pwcnt = (s->pwcnt & ~mask) | (val & mask);
        break;
    case R_SDMASA:
        s->sdmasa = (s->sdmasa & ~mask) | (val & mask);
        break;
    case R_BLK:
        s->blk = (s->blk & ~mask) | (val & mask);
        break;
    case R_ARG:
        s->arg = (s->arg & ~mask) | (val & mask);
        break;
    case R_CMD:
        s->cmd = (s->cmd & ~mask) | (val & mask);
        /* The command is issued by the write of the upper half (INDX). */
        if (mask & 0xFF000000) {
            omap3_hsmmc_command(s);
        }
        break;
    case R_DATA:
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-hsmmc%u: DATA write with no "
                      "transfer\n", s->id);
        break;
    case R_HCTL:
        s->hctl = (s->hctl & ~mask) | (val & mask);
        /* SDBP is only effective with a supported SDVS voltage. */
        if ((s->hctl & HCTL_SDBP) && !omap3_hsmmc_sdvs_supported(s)) {
            s->hctl &= ~HCTL_SDBP;
        }
        break;
    case R_SYSCTL:
        if (val & mask & SYSCTL_SRA) {
            trace_omap3_hsmmc_reset(s->id, "SYSCTL.SRA");
            omap3_hsmmc_reset_all(s);
            omap3_hsmmc_update_irq(s);
            break;
        }
        if (val & mask & (SYSCTL_SRC | SYSCTL_SRD)) {
            /*
             * Resets of the command and data state machines: nothing is in
             * flight, so they are done (and the bits clear) at once, which
             * omap_hsmmc_reset_controller_fsm() polls for.
             */
            trace_omap3_hsmmc_reset(s->id, (val & mask & SYSCTL_SRC) ?
                                    "SYSCTL.SRC" : "SYSCTL.SRD");
        }
        mask &= SYSCTL_MASK;
        s->sysctl = (s->sysctl & ~mask) | (val & mask);
        break;
    case R_STAT:
        /* Write 1 to clear; ERRI is derived and cannot be written. */
        s->stat &= ~(val & mask);
        omap3_hsmmc_update_irq(s);
        break;
    case R_IE:
        mask &= STAT_MASK;
        s->ie = (s->ie & ~mask) | (val & mask);
        break;
    case R_ISE:
        mask &= STAT_MASK;
        s->ise = (s->ise & ~mask) | (val & mask);
        omap3_hsmmc_update_irq(s);
        break;
    case R_CAPA:
        mask &= CAPA_WRITABLE;
        s->capa = (s->capa & ~mask) | (val & mask);
        break;
    default:
        return false;
    }
    return true;
}

static uint64_t omap3_hsmmc_read(void *opaque, hwaddr addr, unsigned size)
{
    OMAP3HsmmcState *s = opaque;
    uint32_t word;
    uint64_t val;

    if (!omap3_hsmmc_read_word(s, addr & ~3, &word)) {
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-hsmmc%u: no register at 0x%03"
                      HWADDR_PRIx "\n", s->id, addr);
        return 0;
    }
    val = omap3_lane_read(word, addr, size);
    trace_omap3_hsmmc_read(s->id, addr, size, val);
    return val;
}

static void omap3_hsmmc_write(void *opaque, hwaddr addr, uint64_t value,
                              unsigned size)
{
    OMAP3HsmmcState *s = opaque;

    trace_omap3_hsmmc_write(s->id, addr, size, value);
    if (!omap3_hsmmc_write_word(s, addr & ~3,
                                omap3_lane_value(addr, size, value),
                                omap3_lane_mask(addr, size))) {
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-hsmmc%u: no register at 0x%03"
                      HWADDR_PRIx "\n", s->id, addr);
    }
}

static const MemoryRegionOps omap3_hsmmc_ops = {
    .read = omap3_hsmmc_read,
    .write = omap3_hsmmc_write,
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

static void omap3_hsmmc_reset_hold(Object *obj, ResetType type)
{
    omap3_hsmmc_reset_regs(OMAP3_HSMMC(obj));
}

static void omap3_hsmmc_reset_exit(Object *obj, ResetType type)
{
    omap3_hsmmc_update_irq(OMAP3_HSMMC(obj));
}

static void omap3_hsmmc_init(Object *obj)
{
    OMAP3HsmmcState *s = OMAP3_HSMMC(obj);
    SysBusDevice *sbd = SYS_BUS_DEVICE(obj);

    memory_region_init_io(&s->iomem, obj, &omap3_hsmmc_ops, s,
                          TYPE_OMAP3_HSMMC, OMAP3_HSMMC_SIZE);
    sysbus_init_mmio(sbd, &s->iomem);
    sysbus_init_irq(sbd, &s->irq);
}

static void omap3_hsmmc_realize(DeviceState *dev, Error **errp)
{
    OMAP3HsmmcState *s = OMAP3_HSMMC(dev);

    if (s->id < 1 || s->id > 3) {
        error_setg(errp, "omap3-hsmmc: id must be 1..3, not %u", s->id);
    }
}

static const Property omap3_hsmmc_properties[] = {
    DEFINE_PROP_UINT8("id", OMAP3HsmmcState, id, 1),
};

static const VMStateDescription vmstate_omap3_hsmmc = {
    .name = TYPE_OMAP3_HSMMC,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(sysconfig, OMAP3HsmmcState),
        VMSTATE_UINT32(csre, OMAP3HsmmcState),
        VMSTATE_UINT32(systest, OMAP3HsmmcState),
        VMSTATE_UINT32(con, OMAP3HsmmcState),
        VMSTATE_UINT32(pwcnt, OMAP3HsmmcState),
        VMSTATE_UINT32(sdmasa, OMAP3HsmmcState),
        VMSTATE_UINT32(blk, OMAP3HsmmcState),
        VMSTATE_UINT32(arg, OMAP3HsmmcState),
        VMSTATE_UINT32(cmd, OMAP3HsmmcState),
        VMSTATE_UINT32_ARRAY(rsp, OMAP3HsmmcState, 4),
        VMSTATE_UINT32(hctl, OMAP3HsmmcState),
        VMSTATE_UINT32(sysctl, OMAP3HsmmcState),
        VMSTATE_UINT32(stat, OMAP3HsmmcState),
        VMSTATE_UINT32(ie, OMAP3HsmmcState),
        VMSTATE_UINT32(ise, OMAP3HsmmcState),
        VMSTATE_UINT32(capa, OMAP3HsmmcState),
        VMSTATE_END_OF_LIST()
    },
};

static void omap3_hsmmc_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->desc = "OMAP3 high-speed MMC/SD/SDIO host controller (HSMMC)";
    dc->realize = omap3_hsmmc_realize;
    dc->vmsd = &vmstate_omap3_hsmmc;
    rc->phases.hold = omap3_hsmmc_reset_hold;
    rc->phases.exit = omap3_hsmmc_reset_exit;
    device_class_set_props(dc, omap3_hsmmc_properties);
}

static const TypeInfo omap3_hsmmc_info = {
    .name = TYPE_OMAP3_HSMMC,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3HsmmcState),
    .instance_init = omap3_hsmmc_init,
    .class_init = omap3_hsmmc_class_init,
};

static void omap3_hsmmc_register_types(void)
{
    type_register_static(&omap3_hsmmc_info);
}

type_init(omap3_hsmmc_register_types)
