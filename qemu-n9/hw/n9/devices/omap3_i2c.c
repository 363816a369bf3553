/*
 * TI OMAP3630 I2C1-3 controllers (Nokia N9 / RM-696)
 *
 * The OMAP3 HS-I2C controller with the "v1" register map: 16-bit registers
 * at a stride of 4 (REV 0x00, IE 0x04, STAT 0x08, ... BUFSTAT 0x40), a
 * TX/RX FIFO (8 bytes on I2C1/I2C2, 64 on I2C3) with programmable
 * thresholds, and the OCP SYSC/SYSS reset handshake.  Modelled: master
 * transmit and receive on a QEMU I2C bus ("i2c") with CNT bytes, START,
 * repeated START and STOP; the XRDY/XDR/RRDY/RDR FIFO threshold events as
 * levels of the transfer state, the ARDY/NACK/BF events latched in STAT
 * (write 1 to clear), BB, and IRQ = STAT & IE.  The bus is instantaneous:
 * a byte moves when the CPU writes DATA (transmit) or when FIFO space is
 * free (receive), and an address or data byte that no slave acknowledges
 * sets NACK and ARDY at once, so i2c-omap fails fast with -EREMOTEIO.
 * Not modelled: slave mode (OA/AAS/GC), 10-bit addressing, DMA requests,
 * arbitration loss, overrun/underflow, bus timing (PSC/SCLL/SCLH are
 * plain storage), and the SYSTEST bus-recovery lines beyond reading high.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qemu/fifo8.h"
#include "qapi/error.h"
#include "hw/irq.h"
#include "hw/sysbus.h"
#include "hw/qdev-properties.h"
#include "hw/i2c/i2c.h"
#include "migration/vmstate.h"
#include "omap3630.h"
#include "omap3_i2c.h"
#include "omap3_i2c_regs.h"
#include "trace.h"

#define I2C_MAX_FIFO        64

/* STAT: the FIFO events (levels); IE, WE, CON, SYSTEST: the writable bits */
#define STAT_LEVEL_BITS     (R_STAT_RRDY_MASK | R_STAT_XRDY_MASK | \
                             R_STAT_RDR_MASK | R_STAT_XDR_MASK)
#define IE_MASK             0x6fff
#define WE_MASK             0x636f
#define CON_MASK            0xbff3
#define SYSTEST_RW_MASK     0xf805

/* SYSC: the bits software can set (SOFTRESET self-clears) */
#define SYSC_MASK           (R_SYSC_AUTOIDLE_MASK | R_SYSC_ENAWAKEUP_MASK | \
                             R_SYSC_IDLEMODE_MASK | \
                             R_SYSC_CLOCKACTIVITY_MASK)

/* OMAP_I2C_REV_ON_3630 in i2c-omap.c: scheme 0, bits 15:14 clear. */
#define I2C_REV_3630        0x0040

enum {
    PHASE_NONE,     /* no data phase (bus free, or held after ARDY) */
    PHASE_TX,       /* master transmitter, count bytes still to send */
    PHASE_RX,       /* master receiver, count bytes still to receive */
};

static unsigned omap3_i2c_tx_threshold(OMAP3I2CState *s)
{
    return MIN(FIELD_EX32(s->buf, BUF, XTRSH) + 1, s->fifo_depth);
}

static unsigned omap3_i2c_rx_threshold(OMAP3I2CState *s)
{
    return MIN(FIELD_EX32(s->buf, BUF, RTRSH) + 1, s->fifo_depth);
}

/*
 * The FIFO events, as levels of the transfer state.  On hardware they
 * re-assert after a write-1-to-clear for as long as the FIFO condition
 * holds; i2c-omap acknowledges XRDY/RRDY only after moving the data
 * (omap_i2c_xfer_data), so a latched bit would lose events here.
 */
static uint16_t omap3_i2c_level_bits(OMAP3I2CState *s)
{
    uint32_t rx_used = fifo8_num_used(&s->rx_fifo);
    uint16_t bits = 0;

    if (s->phase == PHASE_TX) {
        if (s->count >= omap3_i2c_tx_threshold(s)) {
            bits |= R_STAT_XRDY_MASK;
        } else if (s->count) {
            /* Draining: fewer bytes left than the threshold. */
            bits |= R_STAT_XDR_MASK;
        }
    } else if (s->phase == PHASE_RX) {
        if (rx_used >= omap3_i2c_rx_threshold(s)) {
            bits |= R_STAT_RRDY_MASK;
        } else if (rx_used && !s->count) {
            /* Last bytes of the transfer are below the threshold. */
            bits |= R_STAT_RDR_MASK;
        }
    }
    return bits;
}

static uint16_t omap3_i2c_stat(OMAP3I2CState *s)
{
    return s->stat | omap3_i2c_level_bits(s) | (s->bb ? R_STAT_BB_MASK : 0);
}

static void omap3_i2c_update_irq(OMAP3I2CState *s)
{
    uint16_t stat = omap3_i2c_stat(s);
    int level = !!(stat & s->ie & IE_MASK);

    trace_omap3_i2c_irq(s->id, level, stat);
    qemu_set_irq(s->irq, level);
}

/* Generate a STOP condition: release the slave and the bus. */
static void omap3_i2c_stop(OMAP3I2CState *s)
{
    if (s->bus_owned) {
        i2c_end_transfer(s->bus);
        s->bus_owned = false;
    }
    if (s->bb) {
        s->bb = false;
        s->stat |= R_STAT_BF_MASK;
    }
    /* STP self-clears and the controller leaves master mode. */
    s->con &= ~(R_CON_STP_MASK | R_CON_MST_MASK);
    trace_omap3_i2c_stop(s->id);
}

/* The current access is over: ARDY, then STOP if one was requested. */
static void omap3_i2c_phase_done(OMAP3I2CState *s)
{
    s->phase = PHASE_NONE;
    s->count = 0;
    s->stat |= R_STAT_ARDY_MASK;
    if (s->con & R_CON_STP_MASK) {
        omap3_i2c_stop(s);
    }
}

/* A byte or the address was not acknowledged: abort the access. */
static void omap3_i2c_nack(OMAP3I2CState *s)
{
    s->stat |= R_STAT_NACK_MASK;
    fifo8_reset(&s->rx_fifo);
    /*
     * NACK comes with ARDY: omap_i2c_xfer_data() ignores a lone NACK and
     * completes the message on ARDY, then writes STP (omap_i2c_xfer_msg).
     */
    omap3_i2c_phase_done(s);
}

/* Receive from the slave while the FIFO has room and bytes are due. */
static void omap3_i2c_rx_fill(OMAP3I2CState *s)
{
    if (s->phase != PHASE_RX || !s->count) {
        return;
    }
    while (s->count && fifo8_num_used(&s->rx_fifo) < s->fifo_depth) {
        uint8_t byte = i2c_recv(s->bus);

        fifo8_push(&s->rx_fifo, byte);
        s->count--;
        trace_omap3_i2c_recv(s->id, byte);
    }
    if (!s->count) {
        /* The master NACKs the last byte; STOP goes out right after it. */
        i2c_nack(s->bus);
        if (s->con & R_CON_STP_MASK) {
            omap3_i2c_stop(s);
            /* Keep PHASE_RX until the CPU has drained the FIFO. */
        }
    }
}

static void omap3_i2c_rx_check_done(OMAP3I2CState *s)
{
    if (s->phase == PHASE_RX && !s->count &&
        fifo8_is_empty(&s->rx_fifo)) {
        omap3_i2c_phase_done(s);
    }
}

static void omap3_i2c_start(OMAP3I2CState *s)
{
    bool is_recv = !(s->con & R_CON_TRX_MASK);
    uint8_t addr = s->sa & 0x7f;
    int ret;

    s->con &= ~R_CON_STT_MASK;
    s->bb = true;
    fifo8_reset(&s->rx_fifo);

    if (s->con & R_CON_XA_MASK) {
        qemu_log_mask(LOG_UNIMP, "omap3-i2c%d: 10-bit addressing not "
                      "modelled\n", s->id);
        if (s->bus_owned) {
            i2c_end_transfer(s->bus);
            s->bus_owned = false;
        }
        trace_omap3_i2c_start(s->id, s->sa, is_recv, 0);
        omap3_i2c_nack(s);
        return;
    }

    /*
     * A repeated START to the same slave keeps it selected (a register
     * address write followed by a read); QEMU's bus would not re-scan for
     * a different address, so end the old transfer first.
     */
    if (s->bus_owned && addr != s->cur_addr) {
        i2c_end_transfer(s->bus);
        s->bus_owned = false;
    }
    ret = i2c_start_transfer(s->bus, addr, is_recv);
    trace_omap3_i2c_start(s->id, addr, is_recv, ret == 0);
    if (ret) {
        if (s->bus_owned) {
            /* A refused repeated start leaves the slave selected. */
            i2c_end_transfer(s->bus);
        }
        s->bus_owned = false;
        omap3_i2c_nack(s);
        return;
    }

    s->bus_owned = true;
    s->cur_addr = addr;
    /* DCOUNT 0 means 65536 bytes. */
    s->count = s->cnt ? s->cnt : 0x10000;
    s->phase = is_recv ? PHASE_RX : PHASE_TX;
    if (is_recv) {
        omap3_i2c_rx_fill(s);
    }
}

static void omap3_i2c_write_data(OMAP3I2CState *s, uint8_t byte)
{
    int ret;

    if (s->phase != PHASE_TX || !s->count) {
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-i2c%d: DATA written with no "
                      "transmit pending\n", s->id);
        return;
    }
    ret = i2c_send(s->bus, byte);
    trace_omap3_i2c_send(s->id, byte, ret == 0);
    if (ret) {
        omap3_i2c_nack(s);
        return;
    }
    if (!--s->count) {
        omap3_i2c_phase_done(s);
    }
}

static uint8_t omap3_i2c_read_data(OMAP3I2CState *s)
{
    uint8_t byte;

    if (fifo8_is_empty(&s->rx_fifo)) {
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-i2c%d: DATA read with an "
                      "empty receive FIFO\n", s->id);
        return 0;
    }
    byte = fifo8_pop(&s->rx_fifo);
    omap3_i2c_rx_fill(s);
    omap3_i2c_rx_check_done(s);
    return byte;
}

/* The module's state machine goes back to idle (reset, or CON.EN = 0). */
static void omap3_i2c_abort(OMAP3I2CState *s)
{
    if (s->bus_owned) {
        i2c_end_transfer(s->bus);
        s->bus_owned = false;
    }
    s->bb = false;
    s->phase = PHASE_NONE;
    s->count = 0;
    s->stat = 0;
    fifo8_reset(&s->rx_fifo);
}

static void omap3_i2c_write_con(OMAP3I2CState *s, uint16_t value)
{
    s->con = value & CON_MASK;

    if (!(s->con & R_CON_EN_MASK)) {
        /* I2C_EN = 0 holds the controller in reset (i2c-omap
         * __omap_i2c_init and omap_i2c_reset rely on it). */
        omap3_i2c_abort(s);
        s->con &= ~(R_CON_STT_MASK | R_CON_STP_MASK);
        return;
    }
    if (s->con & R_CON_STT_MASK) {
        if (!(s->con & R_CON_MST_MASK)) {
            qemu_log_mask(LOG_UNIMP, "omap3-i2c%d: slave mode not "
                          "modelled\n", s->id);
            s->con &= ~(R_CON_STT_MASK | R_CON_STP_MASK);
        } else if (s->phase != PHASE_NONE) {
            qemu_log_mask(LOG_GUEST_ERROR, "omap3-i2c%d: START during an "
                          "access\n", s->id);
            s->con &= ~R_CON_STT_MASK;
        } else {
            omap3_i2c_start(s);
        }
    } else if ((s->con & R_CON_STP_MASK) && s->phase == PHASE_NONE) {
        /*
         * STP alone with no access in progress: on a held bus (after a
         * NACK, or an access without STOP) this is the STOP that
         * omap_i2c_xfer_msg() sends; on a free bus there is nothing to do.
         */
        if (s->bb) {
            omap3_i2c_stop(s);
        } else {
            s->con &= ~R_CON_STP_MASK;
        }
    }
    /* Otherwise STP stays pending until the current access ends. */
}

static void omap3_i2c_reset_regs(OMAP3I2CState *s)
{
    omap3_i2c_abort(s);
    s->ie = 0;
    s->we = 0;
    s->buf = 0;
    s->cnt = 0;
    s->con = 0;
    s->oa = 0;
    s->sa = 0x3ff;
    s->psc = 0;
    s->scll = 0;
    s->sclh = 0;
    s->systest = 0;
    s->sysc = 0;
    s->oa1 = 0;
    s->oa2 = 0;
    s->oa3 = 0;
    s->sblock = 0;
    trace_omap3_i2c_reset(s->id);
}

static uint16_t omap3_i2c_systest(OMAP3I2CState *s)
{
    uint16_t value = s->systest & SYSTEST_RW_MASK;
    bool io_mode = (s->systest & R_SYSTEST_ST_EN_MASK) &&
                   FIELD_EX32(s->systest, SYSTEST, TMODE) == 3;

    /* Pulled-up, idle lines read high: omap_i2c_wait_for_bb_valid() and
     * omap_i2c_recover_bus() then see a free bus. */
    value |= R_SYSTEST_SCL_I_FUNC_MASK | R_SYSTEST_SCL_O_FUNC_MASK |
             R_SYSTEST_SDA_I_FUNC_MASK | R_SYSTEST_SDA_O_FUNC_MASK;
    if (!io_mode || (s->systest & R_SYSTEST_SCL_O_MASK)) {
        value |= R_SYSTEST_SCL_I_MASK;
    }
    if (!io_mode || (s->systest & R_SYSTEST_SDA_O_MASK)) {
        value |= R_SYSTEST_SDA_I_MASK;
    }
    return value;
}

static uint64_t omap3_i2c_read(void *opaque, hwaddr offset, unsigned size)
{
    OMAP3I2CState *s = opaque;
    uint64_t value = 0;

    if (offset & 3) {
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-i2c%d: unaligned read at 0x%"
                      HWADDR_PRIx "\n", s->id, offset);
        return 0;
    }

    switch (offset) {
    case A_REV:
        value = I2C_REV_3630;
        break;
    case A_IE:
        /* Bits 15:14 read 0 at reset: i2c-omap probes +0x04 to choose
         * the v1 register map. */
        value = s->ie;
        break;
    case A_STAT:
        value = omap3_i2c_stat(s);
        break;
    case A_WE:
        value = s->we;
        break;
    case A_SYSS:
        /* The soft reset completes at once. */
        value = R_SYSS_RESETDONE_MASK;
        break;
    case A_BUF:
        value = s->buf;
        break;
    case A_CNT:
        /* Reads back the down-counter during a transfer. */
        value = s->phase != PHASE_NONE ? (s->count & 0xffff) : s->cnt;
        break;
    case A_DATA:
        value = omap3_i2c_read_data(s);
        omap3_i2c_update_irq(s);
        break;
    case A_SYSC:
        value = s->sysc;
        break;
    case A_CON:
        value = s->con;
        break;
    case A_OA:
        value = s->oa;
        break;
    case A_SA:
        value = s->sa;
        break;
    case A_PSC:
        value = s->psc;
        break;
    case A_SCLL:
        value = s->scll;
        break;
    case A_SCLH:
        value = s->sclh;
        break;
    case A_SYSTEST:
        value = omap3_i2c_systest(s);
        break;
    case A_BUFSTAT: {
        unsigned depth_code = s->fifo_depth == 64 ? 3 :
                              s->fifo_depth == 32 ? 2 :
                              s->fifo_depth == 16 ? 1 : 0;
        uint32_t rx = MIN(fifo8_num_used(&s->rx_fifo), 63);
        uint32_t tx = s->phase == PHASE_TX ? MIN(s->count, 63) : 0;

        /* FIFODEPTH gives i2c-omap its fifo_size; RXSTAT is how many
         * bytes to read on RDR (errata i207 path). */
        value = (depth_code << R_BUFSTAT_FIFODEPTH_SHIFT) |
                (rx << R_BUFSTAT_RXSTAT_SHIFT) | tx;
        break;
    }
    case A_OA1:
        value = s->oa1;
        break;
    case A_OA2:
        value = s->oa2;
        break;
    case A_OA3:
        value = s->oa3;
        break;
    case A_ACTOA:
        value = 0;
        break;
    case A_SBLOCK:
        value = s->sblock;
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-i2c%d: read from unknown "
                      "register 0x%03" HWADDR_PRIx "\n", s->id, offset);
        break;
    }

    trace_omap3_i2c_read(s->id, offset, value);
    return value;
}

static void omap3_i2c_write(void *opaque, hwaddr offset, uint64_t value64,
                            unsigned size)
{
    OMAP3I2CState *s = opaque;
    uint16_t value = value64;

    if (offset & 3) {
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-i2c%d: unaligned write at 0x%"
                      HWADDR_PRIx "\n", s->id, offset);
        return;
    }
    trace_omap3_i2c_write(s->id, offset, value);

    switch (offset) {
    case A_IE:
        s->ie = value & IE_MASK;
        break;
    case A_STAT:
        /* Write 1 to clear; BB and the FIFO levels are not latches. */
        s->stat &= ~value;
        break;
    case A_WE:
        s->we = value & WE_MASK;
        break;
    case A_BUF:
        if (value & R_BUF_RXFIF_CLR_MASK) {
            fifo8_reset(&s->rx_fifo);
            omap3_i2c_rx_fill(s);
            omap3_i2c_rx_check_done(s);
        }
        /* Transmit bytes go on the wire when written: nothing to clear. */
        s->buf = value & ~(R_BUF_RXFIF_CLR_MASK | R_BUF_TXFIF_CLR_MASK);
        break;
    case A_CNT:
        s->cnt = value;
        break;
    case A_DATA:
        omap3_i2c_write_data(s, value);
        break;
    case A_SYSC:
        if (value & R_SYSC_SOFTRESET_MASK) {
            /* Every register back to its reset value; SOFTRESET reads 0. */
            omap3_i2c_reset_regs(s);
        } else {
            s->sysc = value & SYSC_MASK;
        }
        break;
    case A_CON:
        omap3_i2c_write_con(s, value);
        break;
    case A_OA:
        s->oa = value & 0x3ff;
        break;
    case A_SA:
        s->sa = value & 0x3ff;
        break;
    case A_PSC:
        s->psc = value & 0xff;
        break;
    case A_SCLL:
        s->scll = value;
        break;
    case A_SCLH:
        s->sclh = value;
        break;
    case A_SYSTEST:
        s->systest = value & SYSTEST_RW_MASK;
        if (value & R_SYSTEST_ST_EN_MASK) {
            qemu_log_mask(LOG_UNIMP, "omap3-i2c%d: SYSTEST test modes only "
                          "loop SCL/SDA back\n", s->id);
        }
        break;
    case A_OA1:
        s->oa1 = value & 0x3ff;
        break;
    case A_OA2:
        s->oa2 = value & 0x3ff;
        break;
    case A_OA3:
        s->oa3 = value & 0x3ff;
        break;
    case A_SBLOCK:
        s->sblock = value & 0xf;
        break;
    case A_REV:
    case A_SYSS:
    case A_BUFSTAT:
    case A_ACTOA:
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-i2c%d: write to read-only "
                      "register 0x%02" HWADDR_PRIx "\n", s->id, offset);
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-i2c%d: write to unknown "
                      "register 0x%03" HWADDR_PRIx "\n", s->id, offset);
        break;
    }

    omap3_i2c_update_irq(s);
}

static const MemoryRegionOps omap3_i2c_ops = {
    .read = omap3_i2c_read,
    .write = omap3_i2c_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    /*
     * 16-bit registers at stride 4 (i2c-omap uses readw/writew).  8- and
     * 32-bit accesses at the register address act on the register: the
     * value is zero-extended on reads and truncated to 16 bits on writes.
     */
    .valid = {
        .min_access_size = 1,
        .max_access_size = 4,
    },
    .impl = {
        .min_access_size = 1,
        .max_access_size = 4,
    },
};

static void omap3_i2c_reset_hold(Object *obj, ResetType type)
{
    OMAP3I2CState *s = OMAP3_I2C(obj);

    omap3_i2c_reset_regs(s);
    qemu_set_irq(s->irq, 0);
}

static void omap3_i2c_init(Object *obj)
{
    OMAP3I2CState *s = OMAP3_I2C(obj);
    SysBusDevice *sbd = SYS_BUS_DEVICE(obj);

    memory_region_init_io(&s->iomem, obj, &omap3_i2c_ops, s,
                          TYPE_OMAP3_I2C, 0x1000);
    sysbus_init_mmio(sbd, &s->iomem);
    sysbus_init_irq(sbd, &s->irq);
    s->bus = i2c_init_bus(DEVICE(obj), "i2c");
    fifo8_create(&s->rx_fifo, I2C_MAX_FIFO);
}

static void omap3_i2c_finalize(Object *obj)
{
    OMAP3I2CState *s = OMAP3_I2C(obj);

    fifo8_destroy(&s->rx_fifo);
}

static void omap3_i2c_realize(DeviceState *dev, Error **errp)
{
    OMAP3I2CState *s = OMAP3_I2C(dev);

    if (s->id < 1 || s->id > 3) {
        error_setg(errp, "omap3-i2c: property 'id' must be 1..3");
        return;
    }
    /* OMAP3 TRM: I2C1 and I2C2 have 8-byte FIFOs, I2C3 a 64-byte one. */
    s->fifo_depth = s->id == 3 ? 64 : 8;
}

static int omap3_i2c_post_load(void *opaque, int version_id)
{
    OMAP3I2CState *s = opaque;

    if (s->phase > PHASE_RX || fifo8_num_used(&s->rx_fifo) > s->fifo_depth) {
        return -EINVAL;
    }
    return 0;
}

static const VMStateDescription vmstate_omap3_i2c = {
    .name = TYPE_OMAP3_I2C,
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = omap3_i2c_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_FIFO8(rx_fifo, OMAP3I2CState),
        VMSTATE_UINT8(phase, OMAP3I2CState),
        VMSTATE_BOOL(bb, OMAP3I2CState),
        VMSTATE_BOOL(bus_owned, OMAP3I2CState),
        VMSTATE_UINT8(cur_addr, OMAP3I2CState),
        VMSTATE_UINT32(count, OMAP3I2CState),
        VMSTATE_UINT16(ie, OMAP3I2CState),
        VMSTATE_UINT16(stat, OMAP3I2CState),
        VMSTATE_UINT16(we, OMAP3I2CState),
        VMSTATE_UINT16(buf, OMAP3I2CState),
        VMSTATE_UINT16(cnt, OMAP3I2CState),
        VMSTATE_UINT16(con, OMAP3I2CState),
        VMSTATE_UINT16(oa, OMAP3I2CState),
        VMSTATE_UINT16(sa, OMAP3I2CState),
        VMSTATE_UINT16(psc, OMAP3I2CState),
        VMSTATE_UINT16(scll, OMAP3I2CState),
        VMSTATE_UINT16(sclh, OMAP3I2CState),
        VMSTATE_UINT16(systest, OMAP3I2CState),
        VMSTATE_UINT16(sysc, OMAP3I2CState),
        VMSTATE_UINT16(oa1, OMAP3I2CState),
        VMSTATE_UINT16(oa2, OMAP3I2CState),
        VMSTATE_UINT16(oa3, OMAP3I2CState),
        VMSTATE_UINT16(sblock, OMAP3I2CState),
        VMSTATE_END_OF_LIST()
    },
};

static const Property omap3_i2c_properties[] = {
    DEFINE_PROP_UINT8("id", OMAP3I2CState, id, 0),
};

static void omap3_i2c_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->desc = "OMAP3 I2C controller";
    dc->realize = omap3_i2c_realize;
    dc->vmsd = &vmstate_omap3_i2c;
    rc->phases.hold = omap3_i2c_reset_hold;
    device_class_set_props(dc, omap3_i2c_properties);
}

static const TypeInfo omap3_i2c_info = {
    .name = TYPE_OMAP3_I2C,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3I2CState),
    .instance_init = omap3_i2c_init,
    .instance_finalize = omap3_i2c_finalize,
    .class_init = omap3_i2c_class_init,
};

static void omap3_i2c_register_types(void)
{
    type_register_static(&omap3_i2c_info);
}

type_init(omap3_i2c_register_types)
