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
#include "omap3_hsmmc_regs.h"
#include "omap3_lanes.h"
#include "trace.h"

#define OMAP3_HSMMC_SIZE        0x1000

#define SYSCONFIG_MASK          (R_SYSCONFIG_AUTOIDLE_MASK | \
                                 R_SYSCONFIG_ENAWAKEUP_MASK | \
                                 R_SYSCONFIG_SIDLEMODE_MASK | \
                                 R_SYSCONFIG_CLOCKACTIVITY_MASK)

/* PSTATE with no command or transfer in flight: lines idle high */
#define PSTATE_IDLE_LINES       (R_PSTATE_DLEV_MASK | R_PSTATE_CLEV_MASK)

/* SYSCTL: what is stored (the resets self-clear, ICS follows ICE) */
#define SYSCTL_MASK             (R_SYSCTL_ICE_MASK | R_SYSCTL_CEN_MASK | \
                                 R_SYSCTL_CLKD_MASK | R_SYSCTL_DTO_MASK)

/* STAT / IE / ISE */
#define STAT_ERRORS             0xFFFF0000  /* ERRI summarises these */
#define STAT_MASK               0x317F0137  /* the bits that exist */

/* CAPA: the driver sets VS18/VS30 (omap_hsmmc_conf_bus_power) */
#define CAPA_WRITABLE           (R_CAPA_VS18_MASK | R_CAPA_VS30_MASK)
/*
 * CAPA reset value (believed from the OMAP3 TRM): TCU (bit 7, MHz timeout
 * clock), MBL 17:16 = 1 (1024-byte blocks), HSS (21, high speed, checked
 * by omap_hsmmc_set_clock), DS (22, DMA), SRS (23, suspend/resume).  The
 * voltage bits start clear: omap_hsmmc_conf_bus_power() sets them.
 */
#define CAPA_RESET              0x00E10080

/* REV: believed OMAP3 value (vendor version 0x26); not read by Linux. */
#define OMAP3_HSMMC_REV         0x26000000

static uint32_t omap3_hsmmc_stat(OMAP3HSMMCState *s)
{
    /* ERRI is not a latch: it reads 1 while any error bit is set. */
    return s->stat | ((s->stat & STAT_ERRORS) ? R_STAT_ERRI_MASK : 0);
}

static void omap3_hsmmc_update_irq(OMAP3HSMMCState *s)
{
    qemu_set_irq(s->irq, !!(s->stat & s->ise & ~R_STAT_ERRI_MASK));
}

/* Raise status bits @bits, as far as IE lets them through. */
static void omap3_hsmmc_set_stat(OMAP3HSMMCState *s, uint32_t bits)
{
    s->stat |= bits & s->ie;
    omap3_hsmmc_update_irq(s);
}

/*
 * The registers that SYSCTL.SRA resets: everything but SYSCONFIG and the
 * capabilities.
 */
static void omap3_hsmmc_reset_all(OMAP3HSMMCState *s)
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

static void omap3_hsmmc_reset_regs(OMAP3HSMMCState *s)
{
    omap3_hsmmc_reset_all(s);
    s->sysconfig = 0;
    s->capa = CAPA_RESET;
}

/* Whether the voltage selected in HCTL.SDVS is supported in CAPA. */
static bool omap3_hsmmc_sdvs_supported(OMAP3HSMMCState *s)
{
    switch (FIELD_EX32(s->hctl, HCTL, SDVS)) {
    case OMAP3_HSMMC_SDVS_1V8:
        return s->capa & R_CAPA_VS18_MASK;
    case OMAP3_HSMMC_SDVS_3V0:
        return s->capa & R_CAPA_VS30_MASK;
    case OMAP3_HSMMC_SDVS_3V3:
        return s->capa & R_CAPA_VS33_MASK;
    default:
        return false;
    }
}

static void omap3_hsmmc_command(OMAP3HSMMCState *s)
{
    unsigned rsp_type = FIELD_EX32(s->cmd, CMD, RSP_TYPE);
    unsigned indx = FIELD_EX32(s->cmd, CMD, INDX);

    memset(s->rsp, 0, sizeof(s->rsp));
    if (s->con & R_CON_INIT_STREAM_MASK) {
        /* 80 clock cycles on the bus: needs no card (send_init_stream). */
        trace_omap3_hsmmc_command(s->id, indx, s->arg, "init stream");
        omap3_hsmmc_set_stat(s, R_STAT_CC_MASK);
    } else if (rsp_type == 0) {
        /* Nothing to wait for, card or not (e.g. CMD0 GO_IDLE_STATE). */
        trace_omap3_hsmmc_command(s->id, indx, s->arg, "no response");
        omap3_hsmmc_set_stat(s, R_STAT_CC_MASK);
    } else {
        /*
         * No card answers.  omap_hsmmc_do_irq() needs ERRI (bit 15) to look
         * at the error bits; it then resets the command state machine with
         * SYSCTL.SRC and completes the request with -ETIMEDOUT.
         */
        trace_omap3_hsmmc_command(s->id, indx, s->arg, "timeout");
        omap3_hsmmc_set_stat(s, R_STAT_CTO_MASK);
    }
}

static bool omap3_hsmmc_read_word(OMAP3HSMMCState *s, hwaddr offset,
                                  uint32_t *val)
{
    switch (offset) {
    case A_SYSCONFIG:
        *val = s->sysconfig;
        break;
    case A_SYSSTATUS:
        /* The soft reset completes at once. */
        *val = R_SYSSTATUS_RESETDONE_MASK;
        break;
    case A_CSRE:
        *val = s->csre;
        break;
    case A_SYSTEST:
        *val = s->systest;
        break;
    case A_CON:
        *val = s->con;
        break;
    case A_PWCNT:
        *val = s->pwcnt;
        break;
    case A_SDMASA:
        *val = s->sdmasa;
        break;
    case A_BLK:
        *val = s->blk;
        break;
    case A_ARG:
        *val = s->arg;
        break;
    case A_CMD:
        *val = s->cmd;
        break;
    case A_RSP10:
    case A_RSP32:
    case A_RSP54:
    case A_RSP76:
        *val = s->rsp[(offset - A_RSP10) / 4];
        break;
    case A_DATA:
        /* No transfer ever starts, so the buffer is never ready. */
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-hsmmc%u: DATA read with no "
                      "transfer\n", s->id);
        *val = 0;
        break;
    case A_PSTATE:
        /* No command or transfer in flight; lines idle high. */
        *val = PSTATE_IDLE_LINES;
        break;
    case A_HCTL:
        *val = s->hctl;
        break;
    case A_SYSCTL:
        *val = s->sysctl |
               ((s->sysctl & R_SYSCTL_ICE_MASK) ? R_SYSCTL_ICS_MASK : 0);
        break;
    case A_STAT:
        *val = omap3_hsmmc_stat(s);
        break;
    case A_IE:
        *val = s->ie;
        break;
    case A_ISE:
        *val = s->ise;
        break;
    case A_AC12:
        /* Auto-CMD12 never runs: no error to report. */
        *val = 0;
        break;
    case A_CAPA:
        *val = s->capa;
        break;
    case A_CUR_CAPA:
        /* Maximum currents are not reported (as for a fixed supply). */
        *val = 0;
        break;
    case A_REV:
        *val = OMAP3_HSMMC_REV;
        break;
    default:
        return false;
    }
    return true;
}

static bool omap3_hsmmc_write_word(OMAP3HSMMCState *s, hwaddr offset,
                                   uint32_t val, uint32_t mask)
{
    switch (offset) {
    case A_SYSCONFIG:
        if (val & mask & R_SYSCONFIG_SOFTRESET_MASK) {
            trace_omap3_hsmmc_reset(s->id, "SYSCONFIG.SOFTRESET");
            omap3_hsmmc_reset_regs(s);
            omap3_hsmmc_update_irq(s);
            break;
        }
        mask &= SYSCONFIG_MASK;
        s->sysconfig = (s->sysconfig & ~mask) | (val & mask);
        break;
    case A_SYSSTATUS:
    case A_RSP10:
    case A_RSP32:
    case A_RSP54:
    case A_RSP76:
    case A_PSTATE:
    case A_AC12:
    case A_CUR_CAPA:
    case A_REV:
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-hsmmc%u: write to read-only "
                      "register 0x%03" HWADDR_PRIx "\n", s->id, offset);
        break;
    case A_CSRE:
        s->csre = (s->csre & ~mask) | (val & mask);
        break;
    case A_SYSTEST:
        s->systest = (s->systest & ~mask) | (val & mask);
        break;
    case A_CON:
        s->con = (s->con & ~mask) | (val & mask);
        break;
    case A_PWCNT:
        s->pwcnt = (s->pwcnt & ~mask) | (val & mask);
        break;
    case A_SDMASA:
        s->sdmasa = (s->sdmasa & ~mask) | (val & mask);
        break;
    case A_BLK:
        s->blk = (s->blk & ~mask) | (val & mask);
        break;
    case A_ARG:
        s->arg = (s->arg & ~mask) | (val & mask);
        break;
    case A_CMD:
        s->cmd = (s->cmd & ~mask) | (val & mask);
        /* The command is issued by the write of the upper half (INDX). */
        if (mask & 0xFF000000) {
            omap3_hsmmc_command(s);
        }
        break;
    case A_DATA:
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-hsmmc%u: DATA write with no "
                      "transfer\n", s->id);
        break;
    case A_HCTL:
        s->hctl = (s->hctl & ~mask) | (val & mask);
        /* SDBP is only effective with a supported SDVS voltage. */
        if ((s->hctl & R_HCTL_SDBP_MASK) && !omap3_hsmmc_sdvs_supported(s)) {
            s->hctl &= ~R_HCTL_SDBP_MASK;
        }
        break;
    case A_SYSCTL:
        if (val & mask & R_SYSCTL_SRA_MASK) {
            trace_omap3_hsmmc_reset(s->id, "SYSCTL.SRA");
            omap3_hsmmc_reset_all(s);
            omap3_hsmmc_update_irq(s);
            break;
        }
        if (val & mask & (R_SYSCTL_SRC_MASK | R_SYSCTL_SRD_MASK)) {
            /*
             * Resets of the command and data state machines: nothing is in
             * flight, so they are done (and the bits clear) at once, which
             * omap_hsmmc_reset_controller_fsm() polls for.
             */
            trace_omap3_hsmmc_reset(s->id,
                                    (val & mask & R_SYSCTL_SRC_MASK) ?
                                    "SYSCTL.SRC" : "SYSCTL.SRD");
        }
        mask &= SYSCTL_MASK;
        s->sysctl = (s->sysctl & ~mask) | (val & mask);
        break;
    case A_STAT:
        /* Write 1 to clear; ERRI is derived and cannot be written. */
        s->stat &= ~(val & mask);
        omap3_hsmmc_update_irq(s);
        break;
    case A_IE:
        mask &= STAT_MASK;
        s->ie = (s->ie & ~mask) | (val & mask);
        break;
    case A_ISE:
        mask &= STAT_MASK;
        s->ise = (s->ise & ~mask) | (val & mask);
        omap3_hsmmc_update_irq(s);
        break;
    case A_CAPA:
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
    OMAP3HSMMCState *s = opaque;
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
    OMAP3HSMMCState *s = opaque;

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
    OMAP3HSMMCState *s = OMAP3_HSMMC(obj);
    SysBusDevice *sbd = SYS_BUS_DEVICE(obj);

    memory_region_init_io(&s->iomem, obj, &omap3_hsmmc_ops, s,
                          TYPE_OMAP3_HSMMC, OMAP3_HSMMC_SIZE);
    sysbus_init_mmio(sbd, &s->iomem);
    sysbus_init_irq(sbd, &s->irq);
}

static void omap3_hsmmc_realize(DeviceState *dev, Error **errp)
{
    OMAP3HSMMCState *s = OMAP3_HSMMC(dev);

    if (s->id < 1 || s->id > 3) {
        error_setg(errp, "omap3-hsmmc: id must be 1..3, not %u", s->id);
    }
}

static const Property omap3_hsmmc_properties[] = {
    DEFINE_PROP_UINT8("id", OMAP3HSMMCState, id, 1),
};

static const VMStateDescription vmstate_omap3_hsmmc = {
    .name = TYPE_OMAP3_HSMMC,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(sysconfig, OMAP3HSMMCState),
        VMSTATE_UINT32(csre, OMAP3HSMMCState),
        VMSTATE_UINT32(systest, OMAP3HSMMCState),
        VMSTATE_UINT32(con, OMAP3HSMMCState),
        VMSTATE_UINT32(pwcnt, OMAP3HSMMCState),
        VMSTATE_UINT32(sdmasa, OMAP3HSMMCState),
        VMSTATE_UINT32(blk, OMAP3HSMMCState),
        VMSTATE_UINT32(arg, OMAP3HSMMCState),
        VMSTATE_UINT32(cmd, OMAP3HSMMCState),
        VMSTATE_UINT32_ARRAY(rsp, OMAP3HSMMCState, 4),
        VMSTATE_UINT32(hctl, OMAP3HSMMCState),
        VMSTATE_UINT32(sysctl, OMAP3HSMMCState),
        VMSTATE_UINT32(stat, OMAP3HSMMCState),
        VMSTATE_UINT32(ie, OMAP3HSMMCState),
        VMSTATE_UINT32(ise, OMAP3HSMMCState),
        VMSTATE_UINT32(capa, OMAP3HSMMCState),
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
    .instance_size = sizeof(OMAP3HSMMCState),
    .instance_init = omap3_hsmmc_init,
    .class_init = omap3_hsmmc_class_init,
};

static void omap3_hsmmc_register_types(void)
{
    type_register_static(&omap3_hsmmc_info);
}

type_init(omap3_hsmmc_register_types)
