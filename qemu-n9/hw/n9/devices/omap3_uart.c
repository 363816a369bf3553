/*
 * TI OMAP3630 UART1-4 (Nokia N9 / RM-696)
 *
 * The OMAP3 UART is a 16C750-style UART with 64-byte FIFOs, TI's enhanced
 * registers (EFR, TCR, TLR, XON/XOFF) behind the LCR "configuration modes"
 * (LCR = 0xBF selects mode B, LCR[7] = 1 mode A, otherwise operational
 * mode), and OMAP registers above 0x20 (MDR1 mode select, SCR, SSR, MVR,
 * SYSC/SYSS, WER, FIFO levels).  Registers are 8 bits wide at a stride of
 * 4; 8-, 16- and 32-bit accesses use the low byte.  Modelled: the register
 * file with its mode switching, a 64-byte RX FIFO fed from a chardev with
 * the RHR trigger level (FCR/TLR/SCR granularity) and an RX timeout after
 * four character times of virtual time, THR-empty / line-status / modem
 * status interrupts (IIR priorities), transmission straight to the chardev
 * when MDR1 selects UART 16x or 13x mode, internal loopback (MCR[4]), and
 * the SYSC soft reset.  Every byte the chardev delivers is activity on
 * the RX pad (GPIO output "rx-pad", to the SCM's I/O pad wake-up latch),
 * whether the receiver takes it or not: with the functional clock stopped
 * (the module idle, its domain RET or OFF), the UART disabled (MDR1 mode
 * 7, e.g. after a reset) or in loopback, the receiver does not sample the
 * line and the byte is lost, as on the phone, where the byte that wakes the
 * system through the pad is gone by the time the UART runs again.  Not
 * modelled: IrDA/CIR modes, DMA requests, hardware and software flow
 * control, break and parity/framing errors, sleep mode, and wake-up
 * requests for events other than RX activity.  The module's own wake-up
 * request (GPIO output "swakeup", to the PRM): bytes arriving while the
 * UART sleeps (omap3_swakeup.h: smart-idle, SYSC.ENAWAKEUP, no interrupt
 * pending) with WER's RX-activity event enabled and its functional clock
 * running; with the clock stopped only the pad (the I/O chain) wakes.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qemu/timer.h"
#include "qemu/fifo8.h"
#include "qapi/error.h"
#include "hw/irq.h"
#include "hw/sysbus.h"
#include "hw/clock.h"
#include "hw/qdev-clock.h"
#include "hw/qdev-properties.h"
#include "hw/qdev-properties-system.h"
#include "chardev/char-fe.h"
#include "migration/vmstate.h"
#include "omap3630.h"
#include "omap3_uart.h"
#include "omap3_uart_regs.h"
#include "omap3_swakeup.h"
#include "trace.h"

#define UART_FIFO_SIZE      64

/* MSR: CTS, DSR and DCD, whose delta bits are these >> 4 (RI has TERI) */
#define MSR_CTS_DSR_DCD     (R_MSR_TCR_XOFF1_NCTS_MASK | \
                             R_MSR_TCR_XOFF1_NDSR_MASK | \
                             R_MSR_TCR_XOFF1_NCD_MASK)

/* SYSC: the bits software can set (SOFTRESET self-clears) */
#define SYSC_MASK           (R_SYSC_AUTOIDLE_MASK | R_SYSC_ENAWAKEUP_MASK | \
                             R_SYSC_IDLEMODE_MASK)

/*
 * Module version: legacy scheme, revision 5.2.  8250_omap.c
 * omap_serial_fill_features_erratas() maps 5.2 to the i202 MDR1 erratum
 * and WER TX wake-up, which is what the 3630 has.
 */
#define UART_MVR_3630       0x52

/* Register access modes selected by LCR (OMAP3 TRM, UART "register access
 * modes"): 0x00-0x1C change meaning with them. */
enum { MODE_OPERATIONAL, MODE_CONF_A, MODE_CONF_B };

static int omap3_uart_access_mode(OMAP3UARTState *s)
{
    if (s->lcr == LCR_CONF_MODE_B) {
        return MODE_CONF_B;
    }
    return (s->lcr & R_LCR_DIV_EN_MASK) ? MODE_CONF_A : MODE_OPERATIONAL;
}

/* TCR and TLR replace MSR/SPR (XOFF1/XOFF2 in mode B) when EFR[4] and
 * MCR[6] are both set; omap8250_restore_regs() relies on it. */
static bool omap3_uart_tcr_tlr(OMAP3UARTState *s)
{
    return (s->efr & R_IIR_FCR_EFR_ENHANCED_EN_MASK) &&
           (s->mcr & R_MCR_XON1_TCR_TLR_MASK);
}

static bool omap3_uart_enabled(OMAP3UARTState *s)
{
    uint8_t mode = s->mdr1 & R_MDR1_MODE_SELECT_MASK;

    return mode == MDR1_MODE_UART16X || mode == MDR1_MODE_UART13X;
}

static unsigned omap3_uart_rx_capacity(OMAP3UARTState *s)
{
    /* Without FIFO mode the receiver holds a single character. */
    return (s->fcr & R_IIR_FCR_EFR_FIFO_EN_MASK) ? UART_FIFO_SIZE : 1;
}

/* RX FIFO trigger level in characters (FCR[7:6], TLR[7:4], SCR[7]). */
static unsigned omap3_uart_rx_trigger(OMAP3UARTState *s)
{
    static const uint8_t fcr_levels[4] = { 8, 16, 56, 60 };
    unsigned level;

    if (!(s->fcr & R_IIR_FCR_EFR_FIFO_EN_MASK)) {
        return 1;
    }
    if (s->scr & R_SCR_RX_TRIG_GRANU1_MASK) {
        /* 8250_omap sets granularity 1: trigger = TLR[7:4]:FCR[7:6]. */
        level = ((s->tlr >> 4) << 2) | (s->fcr >> 6);
    } else if (s->tlr >> 4) {
        level = (s->tlr >> 4) * 4;
    } else {
        level = fcr_levels[s->fcr >> 6];
    }
    return MAX(level, 1);
}

/* TX FIFO trigger in free spaces (FCR[5:4], TLR[3:0], SCR[6]). */
static unsigned omap3_uart_tx_trigger(OMAP3UARTState *s)
{
    static const uint8_t fcr_levels[4] = { 8, 16, 32, 56 };
    unsigned level;

    if (s->scr & R_SCR_TX_TRIG_GRANU1_MASK) {
        level = ((s->tlr & 0x0f) << 2) | ((s->fcr >> 4) & 3);
    } else if (s->tlr & 0x0f) {
        level = (s->tlr & 0x0f) * 4;
    } else {
        level = fcr_levels[(s->fcr >> 4) & 3];
    }
    return MAX(level, 1);
}

static bool omap3_uart_thr_condition(OMAP3UARTState *s)
{
    uint32_t used = fifo8_num_used(&s->tx_fifo);

    /*
     * The THR interrupt is a level: it stays asserted while the TX FIFO is
     * empty (SCR[3], set by 8250_omap) or has at least the trigger number
     * of free spaces, and goes away only when THR is written.
     */
    if ((s->scr & R_SCR_TX_EMPTY_CTL_IT_MASK) ||
        !(s->fcr & R_IIR_FCR_EFR_FIFO_EN_MASK)) {
        return used == 0;
    }
    return UART_FIFO_SIZE - used >= omap3_uart_tx_trigger(s);
}

/* Current interrupt identification, by priority (IIR[5:1]). */
static uint8_t omap3_uart_pending(OMAP3UARTState *s)
{
    uint32_t rx_level = fifo8_num_used(&s->rx_fifo);

    if ((s->ier & R_IER_DLH_LINE_STS_MASK) && s->overrun) {
        return IIR_LINE_STS;
    }
    if (s->ier & R_IER_DLH_RHR_MASK) {
        if (rx_level >= omap3_uart_rx_trigger(s)) {
            return IIR_RHR;
        }
        if (s->rx_timeout && rx_level) {
            return IIR_RX_TIMEOUT;
        }
    }
    if ((s->ier & R_IER_DLH_THR_MASK) && omap3_uart_thr_condition(s)) {
        return IIR_THR;
    }
    if ((s->ier & R_IER_DLH_MODEM_STS_MASK) && s->msr_delta) {
        return IIR_MODEM;
    }
    return IIR_NO_INT;
}

static uint8_t omap3_uart_iir(OMAP3UARTState *s)
{
    /* IIR[7:6] mirror FCR[0]: the 8250 core checks them for FIFO mode. */
    return omap3_uart_pending(s) |
           ((s->fcr & R_IIR_FCR_EFR_FIFO_EN_MASK) ? 0xc0 : 0);
}

static void omap3_uart_update_irq(OMAP3UARTState *s)
{
    uint8_t iir = omap3_uart_pending(s);
    int level = !(iir & IIR_NO_INT);

    trace_omap3_uart_irq(s->id, level, iir);
    qemu_set_irq(s->irq, level);
}

/* Modem input lines, MSR[7:4]. */
static uint8_t omap3_uart_msr_lines(OMAP3UARTState *s)
{
    uint8_t lines = 0;

    if (s->mcr & R_MCR_XON1_LOOPBACK_MASK) {
        /* Internal loopback: RTS->CTS, DTR->DSR, RI_STS_CH->RI, CD->DCD. */
        lines |= (s->mcr & R_MCR_XON1_RTS_MASK) ?
                 R_MSR_TCR_XOFF1_NCTS_MASK : 0;
        lines |= (s->mcr & R_MCR_XON1_DTR_MASK) ?
                 R_MSR_TCR_XOFF1_NDSR_MASK : 0;
        lines |= (s->mcr & R_MCR_XON1_RI_STS_CH_MASK) ?
                 R_MSR_TCR_XOFF1_NRI_MASK : 0;
        lines |= (s->mcr & R_MCR_XON1_CD_STS_CH_MASK) ?
                 R_MSR_TCR_XOFF1_NCD_MASK : 0;
    } else {
        /* No modem attached: CTS, DSR and DCD asserted so that nothing
         * that looks at them (get_mctrl, CRTSCTS) ever stalls. */
        lines = MSR_CTS_DSR_DCD;
    }
    return lines;
}

static void omap3_uart_update_msr(OMAP3UARTState *s)
{
    uint8_t lines = omap3_uart_msr_lines(s);
    uint8_t changed = lines ^ s->msr_lines;

    s->msr_delta |= (changed & MSR_CTS_DSR_DCD) >> 4;
    /* TERI: trailing edge of RI only. */
    if ((changed & R_MSR_TCR_XOFF1_NRI_MASK) &&
        !(lines & R_MSR_TCR_XOFF1_NRI_MASK)) {
        s->msr_delta |= R_MSR_TCR_XOFF1_TERI_MASK;
    }
    s->msr_lines = lines;
}

/*
 * Four character times at the programmed line settings and the functional
 * clock's rate (0 when the clock is stopped: no time passes for the UART).
 */
static int64_t omap3_uart_char_timeout_ns(OMAP3UARTState *s)
{
    unsigned divisor = (s->dlh << 8) | s->dll;
    unsigned oversampling =
        (s->mdr1 & R_MDR1_MODE_SELECT_MASK) == MDR1_MODE_UART13X ? 13 : 16;
    unsigned bits = 1 + 5 + (s->lcr & 3) + ((s->lcr >> 3) & 1) +
                    ((s->lcr & 4) ? 2 : 1);
    uint64_t baud;

    if (!divisor) {
        /* Divisor 0 stops the baud clock; use 115200 rather than never. */
        baud = 115200;
    } else {
        baud = clock_get_hz(s->fclk) / (oversampling * divisor);
        if (!baud) {
            return 0;
        }
    }
    return muldiv64(4 * bits, NANOSECONDS_PER_SECOND, MAX(baud, 1));
}

static void omap3_uart_restart_rx_timeout(OMAP3UARTState *s)
{
    int64_t timeout = omap3_uart_char_timeout_ns(s);

    s->rx_timeout = false;
    if (fifo8_is_empty(&s->rx_fifo) || !timeout) {
        timer_del(s->rx_timeout_timer);
    } else {
        timer_mod(s->rx_timeout_timer,
                  qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) + timeout);
    }
}

/* The functional clock started, stopped or changed rate. */
static void omap3_uart_clock_update(void *opaque, ClockEvent event)
{
    OMAP3UARTState *s = opaque;

    if (!s->rx_timeout) {
        omap3_uart_restart_rx_timeout(s);
    }
}

static void omap3_uart_rx_timeout_cb(void *opaque)
{
    OMAP3UARTState *s = opaque;

    if (!fifo8_is_empty(&s->rx_fifo)) {
        s->rx_timeout = true;
        trace_omap3_uart_rx_timeout(s->id, fifo8_num_used(&s->rx_fifo));
        omap3_uart_update_irq(s);
    }
}

static void omap3_uart_rx_push(OMAP3UARTState *s, uint8_t byte)
{
    if (fifo8_num_used(&s->rx_fifo) >= omap3_uart_rx_capacity(s)) {
        s->overrun = true;
        return;
    }
    fifo8_push(&s->rx_fifo, byte);
    trace_omap3_uart_rx(s->id, byte, fifo8_num_used(&s->rx_fifo));
}

/* Move what the TX FIFO holds onto the line (or back to RX in loopback). */
static void omap3_uart_tx_flush(OMAP3UARTState *s)
{
    while (omap3_uart_enabled(s) && !fifo8_is_empty(&s->tx_fifo)) {
        uint8_t byte = fifo8_pop(&s->tx_fifo);

        trace_omap3_uart_tx(s->id, byte);
        if (s->mcr & R_MCR_XON1_LOOPBACK_MASK) {
            /* In loopback the transmitter output is disconnected. */
            omap3_uart_rx_push(s, byte);
            omap3_uart_restart_rx_timeout(s);
        } else {
            /* Blocks the vCPU: acceptable for a console UART. */
            qemu_chr_fe_write_all(&s->chr, &byte, 1);
        }
    }
}

/* Why the receiver does not sample the RX pin now (NULL: it does) */
static const char *omap3_uart_rx_off(OMAP3UARTState *s)
{
    if (!clock_get_hz(s->fclk)) {
        return "functional clock stopped";
    }
    if (!omap3_uart_enabled(s)) {
        return "UART disabled (MDR1)";
    }
    if (s->mcr & R_MCR_XON1_LOOPBACK_MASK) {
        return "loopback";
    }
    return NULL;
}

static int omap3_uart_can_receive(void *opaque)
{
    OMAP3UARTState *s = opaque;
    unsigned used = fifo8_num_used(&s->rx_fifo);
    unsigned cap = omap3_uart_rx_capacity(s);

    /*
     * A receiver that is not sampling the pin loses what arrives: take it
     * (the pad still sees it).  A running one holds the rest in the chardev
     * while its FIFO is full, instead of the overrun a real sender causes.
     */
    if (omap3_uart_rx_off(s)) {
        return UART_FIFO_SIZE;
    }
    return used >= cap ? 0 : cap - used;
}

static void omap3_uart_receive(void *opaque, const uint8_t *buf, int size)
{
    OMAP3UARTState *s = opaque;
    const char *off = omap3_uart_rx_off(s);
    int i;

    /* the bytes cross the RX pad whatever the UART does with them */
    qemu_irq_pulse(s->rx_pad);
    if (off) {
        for (i = 0; i < size; i++) {
            trace_omap3_uart_rx_lost(s->id, buf[i], off);
        }
        return;
    }
    if (omap3_swakeup(s->sysc, !(omap3_uart_pending(s) & IIR_NO_INT),
                      R_WER_RX_ACTIVITY_MASK, s->wer)) {
        trace_omap3_uart_swakeup(s->id);
        qemu_irq_pulse(s->swakeup);
    }
    for (i = 0; i < size; i++) {
        omap3_uart_rx_push(s, buf[i]);
    }
    omap3_uart_restart_rx_timeout(s);
    omap3_uart_update_irq(s);
}

static void omap3_uart_do_reset(OMAP3UARTState *s)
{
    fifo8_reset(&s->rx_fifo);
    fifo8_reset(&s->tx_fifo);
    timer_del(s->rx_timeout_timer);
    s->rx_timeout = false;
    s->overrun = false;

    s->dll = 0;
    s->dlh = 0;
    s->ier = 0;
    s->fcr = 0;
    s->lcr = 0;
    s->mcr = 0;
    s->efr = 0;
    s->xon1 = 0;
    s->xon2 = 0;
    s->xoff1 = 0;
    s->xoff2 = 0;
    s->tcr = 0x0f;
    s->tlr = 0;
    s->spr = 0;
    s->mdr1 = MDR1_MODE_DISABLE;
    s->mdr2 = 0;
    s->scr = 0;
    s->ssr = R_SSR_DMA_COUNTER_RST_MASK;
    s->eblr = 0;
    s->sysc = 0;
    s->wer = 0x7f;
    s->cfps = 0x69;
    s->ier2 = 0;
    s->mdr3 = 0;
    s->tx_dma_threshold = 0;

    s->msr_lines = omap3_uart_msr_lines(s);
    s->msr_delta = 0;
    trace_omap3_uart_reset(s->id);
}

static void omap3_uart_write_fcr(OMAP3UARTState *s, uint8_t value)
{
    if (value & R_IIR_FCR_EFR_RX_FIFO_CLEAR_MASK) {
        fifo8_reset(&s->rx_fifo);
        s->rx_timeout = false;
        timer_del(s->rx_timeout_timer);
        qemu_chr_fe_accept_input(&s->chr);
    }
    if (value & R_IIR_FCR_EFR_TX_FIFO_CLEAR_MASK) {
        fifo8_reset(&s->tx_fifo);
    }
    /* FCR[5:4] (TX trigger) can only be written with EFR[4] set. */
    if (!(s->efr & R_IIR_FCR_EFR_ENHANCED_EN_MASK)) {
        value = (value & ~R_IIR_FCR_EFR_TX_FIFO_TRIG_MASK) |
                (s->fcr & R_IIR_FCR_EFR_TX_FIFO_TRIG_MASK);
    }
    s->fcr = value & ~(R_IIR_FCR_EFR_RX_FIFO_CLEAR_MASK |
                       R_IIR_FCR_EFR_TX_FIFO_CLEAR_MASK);
}

/*
 * An offset that omap3_uart_read/omap3_uart_write do not handle: the IrDA
 * registers exist but are not modelled; anything else is a hole.
 */
static void omap3_uart_log_unhandled(OMAP3UARTState *s, hwaddr offset,
                                     const char *access)
{
    switch (offset) {
    case A_TXFLL:
    case A_TXFLH:
    case A_RXFLL:
    case A_RXFLH:
    case A_BLR:
    case A_ACREG:
        qemu_log_mask(LOG_UNIMP, "omap3-uart%d: IrDA register 0x%02"
                      HWADDR_PRIx " not modelled\n", s->id, offset);
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-uart%d: %s unknown register"
                      " 0x%03" HWADDR_PRIx "\n", s->id, access, offset);
        break;
    }
}

static uint64_t omap3_uart_read(void *opaque, hwaddr offset, unsigned size)
{
    OMAP3UARTState *s = opaque;
    int mode = omap3_uart_access_mode(s);
    uint64_t value = 0;

    if (offset & 3) {
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-uart%d: unaligned read at 0x%"
                      HWADDR_PRIx "\n", s->id, offset);
        return 0;
    }

    switch (offset) {
    case A_RHR_THR_DLL:
        if (mode != MODE_OPERATIONAL) {
            value = s->dll;
        } else if (!fifo8_is_empty(&s->rx_fifo)) {
            value = fifo8_pop(&s->rx_fifo);
            /* Reading RHR clears the timeout and re-arms it. */
            omap3_uart_restart_rx_timeout(s);
            qemu_chr_fe_accept_input(&s->chr);
            omap3_uart_update_irq(s);
        }
        break;
    case A_IER_DLH:
        value = mode == MODE_OPERATIONAL ? s->ier : s->dlh;
        break;
    case A_IIR_FCR_EFR:
        value = mode == MODE_CONF_B ? s->efr : omap3_uart_iir(s);
        break;
    case A_LCR:
        value = s->lcr;
        break;
    case A_MCR_XON1:
        value = mode == MODE_CONF_B ? s->xon1 : s->mcr;
        break;
    case A_LSR_XON2:
        if (mode == MODE_CONF_B) {
            value = s->xon2;
            break;
        }
        if (!fifo8_is_empty(&s->rx_fifo)) {
            value |= R_LSR_XON2_RX_FIFO_E_MASK;
        }
        if (s->overrun) {
            value |= R_LSR_XON2_RX_OE_MASK;
            s->overrun = false;
            omap3_uart_update_irq(s);
        }
        if (fifo8_is_empty(&s->tx_fifo)) {
            /* The transmitter is instantaneous: THR and shift register
             * are empty together (wait_for_xmitr polls BOTH_EMPTY). */
            value |= R_LSR_XON2_TX_FIFO_E_MASK | R_LSR_XON2_TX_SR_E_MASK;
        }
        break;
    case A_MSR_TCR_XOFF1:
        if (omap3_uart_tcr_tlr(s)) {
            value = s->tcr;
        } else if (mode == MODE_CONF_B) {
            value = s->xoff1;
        } else {
            omap3_uart_update_msr(s);
            value = s->msr_lines | s->msr_delta;
            s->msr_delta = 0;
            omap3_uart_update_irq(s);
        }
        break;
    case A_SPR_TLR_XOFF2:
        if (omap3_uart_tcr_tlr(s)) {
            value = s->tlr;
        } else if (mode == MODE_CONF_B) {
            value = s->xoff2;
        } else {
            value = s->spr;
        }
        break;
    case A_MDR1:
        value = s->mdr1;
        break;
    case A_MDR2:
        value = s->mdr2;
        break;
    case A_SCR:
        value = s->scr;
        break;
    case A_SSR:
        value = s->ssr |
                (fifo8_is_full(&s->tx_fifo) ? R_SSR_TX_FIFO_FULL_MASK : 0);
        break;
    case A_EBLR:
        value = s->eblr;
        break;
    case A_MVR:
        value = UART_MVR_3630;
        break;
    case A_SYSC:
        value = s->sysc;
        break;
    case A_SYSS:
        /* Soft reset completes at once. */
        value = R_SYSS_RESETDONE_MASK;
        break;
    case A_WER:
        value = s->wer;
        break;
    case A_CFPS:
        value = s->cfps;
        break;
    case A_RXFIFO_LVL:
        value = fifo8_num_used(&s->rx_fifo);
        break;
    case A_TXFIFO_LVL:
        value = fifo8_num_used(&s->tx_fifo);
        break;
    case A_IER2:
        value = s->ier2;
        break;
    case A_ISR2:
        value = 0;
        break;
    case A_MDR3:
        value = s->mdr3;
        break;
    case A_TX_DMA_THRESHOLD:
        value = s->tx_dma_threshold;
        break;
    default:
        omap3_uart_log_unhandled(s, offset, "read from");
        break;
    }

    trace_omap3_uart_read(s->id, offset, mode, value);
    return value;
}

static void omap3_uart_write(void *opaque, hwaddr offset, uint64_t value64,
                             unsigned size)
{
    OMAP3UARTState *s = opaque;
    int mode = omap3_uart_access_mode(s);
    uint8_t value = value64;

    if (offset & 3) {
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-uart%d: unaligned write at 0x%"
                      HWADDR_PRIx "\n", s->id, offset);
        return;
    }
    trace_omap3_uart_write(s->id, offset, mode, value);

    switch (offset) {
    case A_RHR_THR_DLL:
        if (mode != MODE_OPERATIONAL) {
            s->dll = value;
        } else if (fifo8_is_full(&s->tx_fifo)) {
            qemu_log_mask(LOG_GUEST_ERROR, "omap3-uart%d: TX FIFO overflow\n",
                          s->id);
        } else {
            fifo8_push(&s->tx_fifo, value);
            omap3_uart_tx_flush(s);
        }
        break;
    case A_IER_DLH:
        if (mode != MODE_OPERATIONAL) {
            s->dlh = value & 0x3f;
        } else if (s->efr & R_IIR_FCR_EFR_ENHANCED_EN_MASK) {
            s->ier = value;
        } else {
            /* IER[7:4] are writable only with EFR[4] set. */
            s->ier = (s->ier & 0xf0) | (value & 0x0f);
        }
        break;
    case A_IIR_FCR_EFR:
        if (mode == MODE_CONF_B) {
            s->efr = value;
        } else {
            omap3_uart_write_fcr(s, value);
        }
        break;
    case A_LCR:
        s->lcr = value;
        break;
    case A_MCR_XON1:
        if (mode == MODE_CONF_B) {
            s->xon1 = value;
        } else {
            /* MCR[7:5] are writable only with EFR[4] set. */
            if (!(s->efr & R_IIR_FCR_EFR_ENHANCED_EN_MASK)) {
                value = (value & 0x1f) | (s->mcr & 0xe0);
            }
            if ((value ^ s->mcr) & R_MCR_XON1_LOOPBACK_MASK) {
                qemu_chr_fe_accept_input(&s->chr);
            }
            s->mcr = value;
            omap3_uart_update_msr(s);
        }
        break;
    case A_LSR_XON2:
        if (mode == MODE_CONF_B) {
            s->xon2 = value;
        } else {
            qemu_log_mask(LOG_GUEST_ERROR, "omap3-uart%d: write to LSR\n",
                          s->id);
        }
        break;
    case A_MSR_TCR_XOFF1:
        if (omap3_uart_tcr_tlr(s)) {
            s->tcr = value;
        } else if (mode == MODE_CONF_B) {
            s->xoff1 = value;
        } else {
            qemu_log_mask(LOG_GUEST_ERROR, "omap3-uart%d: write to MSR\n",
                          s->id);
        }
        break;
    case A_SPR_TLR_XOFF2:
        if (omap3_uart_tcr_tlr(s)) {
            s->tlr = value;
        } else if (mode == MODE_CONF_B) {
            s->xoff2 = value;
        } else {
            s->spr = value;
        }
        break;
    case A_MDR1:
        if ((value ^ s->mdr1) & R_MDR1_MODE_SELECT_MASK) {
            trace_omap3_uart_mode(s->id, value & R_MDR1_MODE_SELECT_MASK);
        }
        s->mdr1 = value;
        if (omap3_uart_enabled(s)) {
            omap3_uart_tx_flush(s);
            qemu_chr_fe_accept_input(&s->chr);
        } else if ((value & R_MDR1_MODE_SELECT_MASK) != MDR1_MODE_DISABLE) {
            qemu_log_mask(LOG_UNIMP, "omap3-uart%d: MDR1 mode %d (IrDA/CIR) "
                          "not modelled\n", s->id,
                          value & R_MDR1_MODE_SELECT_MASK);
        }
        break;
    case A_MDR2:
        s->mdr2 = value;
        break;
    case A_SCR:
        s->scr = value;
        break;
    case A_SSR:
        /* Only DMA_COUNTER_RST is writable. */
        s->ssr = value & R_SSR_DMA_COUNTER_RST_MASK;
        break;
    case A_EBLR:
        s->eblr = value;
        break;
    case A_SYSC:
        if (value & R_SYSC_SOFTRESET_MASK) {
            /* Soft reset restores every register; SOFTRESET self-clears. */
            omap3_uart_do_reset(s);
            qemu_chr_fe_accept_input(&s->chr);
        } else {
            s->sysc = value & SYSC_MASK;
        }
        break;
    case A_WER:
        s->wer = value;
        break;
    case A_CFPS:
        s->cfps = value;
        break;
    case A_IER2:
        s->ier2 = value & 0x07;
        break;
    case A_ISR2:
        /* Status bits of the IER2 events: nothing latched to clear. */
        break;
    case A_MDR3:
        s->mdr3 = value & 0x07;
        break;
    case A_TX_DMA_THRESHOLD:
        s->tx_dma_threshold = value & 0x3f;
        break;
    case A_MVR:
    case A_SYSS:
    case A_RXFIFO_LVL:
    case A_TXFIFO_LVL:
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-uart%d: write to read-only "
                      "register 0x%02" HWADDR_PRIx "\n", s->id, offset);
        break;
    default:
        omap3_uart_log_unhandled(s, offset, "write to");
        break;
    }

    omap3_uart_update_irq(s);
}

static const MemoryRegionOps omap3_uart_ops = {
    .read = omap3_uart_read,
    .write = omap3_uart_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    /* 8-bit registers at stride 4; 8250_omap uses 8- and 32-bit accesses. */
    .valid = {
        .min_access_size = 1,
        .max_access_size = 4,
    },
    .impl = {
        .min_access_size = 1,
        .max_access_size = 4,
    },
};

static void omap3_uart_reset_hold(Object *obj, ResetType type)
{
    OMAP3UARTState *s = OMAP3_UART(obj);

    omap3_uart_do_reset(s);
    qemu_set_irq(s->irq, 0);
}

static void omap3_uart_init(Object *obj)
{
    OMAP3UARTState *s = OMAP3_UART(obj);
    SysBusDevice *sbd = SYS_BUS_DEVICE(obj);

    memory_region_init_io(&s->iomem, obj, &omap3_uart_ops, s,
                          TYPE_OMAP3_UART, 0x1000);
    sysbus_init_mmio(sbd, &s->iomem);
    sysbus_init_irq(sbd, &s->irq);
    qdev_init_gpio_out_named(DEVICE(obj), &s->rx_pad, "rx-pad", 1);
    qdev_init_gpio_out_named(DEVICE(obj), &s->swakeup, "swakeup", 1);
    s->fclk = qdev_init_clock_in(DEVICE(obj), "fclk", omap3_uart_clock_update,
                                 s, ClockUpdate);
    fifo8_create(&s->rx_fifo, UART_FIFO_SIZE);
    fifo8_create(&s->tx_fifo, UART_FIFO_SIZE);
}

static void omap3_uart_finalize(Object *obj)
{
    OMAP3UARTState *s = OMAP3_UART(obj);

    fifo8_destroy(&s->rx_fifo);
    fifo8_destroy(&s->tx_fifo);
}

static void omap3_uart_realize(DeviceState *dev, Error **errp)
{
    OMAP3UARTState *s = OMAP3_UART(dev);

    if (s->id < 1 || s->id > 4) {
        error_setg(errp, "omap3-uart: property 'id' must be 1..4");
        return;
    }
    if (!clock_has_source(s->fclk)) {
        error_setg(errp, "omap3-uart: clock input 'fclk' not connected");
        return;
    }
    s->rx_timeout_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL,
                                       omap3_uart_rx_timeout_cb, s);
    qemu_chr_fe_set_handlers(&s->chr, omap3_uart_can_receive,
                             omap3_uart_receive, NULL, NULL, s, NULL, true);
}

static void omap3_uart_unrealize(DeviceState *dev)
{
    OMAP3UARTState *s = OMAP3_UART(dev);

    timer_free(s->rx_timeout_timer);
    s->rx_timeout_timer = NULL;
}

static int omap3_uart_post_load(void *opaque, int version_id)
{
    OMAP3UARTState *s = opaque;

    if (fifo8_num_used(&s->rx_fifo) > UART_FIFO_SIZE ||
        fifo8_num_used(&s->tx_fifo) > UART_FIFO_SIZE) {
        return -EINVAL;
    }
    return 0;
}

static const VMStateDescription vmstate_omap3_uart = {
    .name = TYPE_OMAP3_UART,
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = omap3_uart_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_FIFO8(rx_fifo, OMAP3UARTState),
        VMSTATE_FIFO8(tx_fifo, OMAP3UARTState),
        VMSTATE_TIMER_PTR(rx_timeout_timer, OMAP3UARTState),
        VMSTATE_BOOL(rx_timeout, OMAP3UARTState),
        VMSTATE_BOOL(overrun, OMAP3UARTState),
        VMSTATE_UINT8(msr_delta, OMAP3UARTState),
        VMSTATE_UINT8(msr_lines, OMAP3UARTState),
        VMSTATE_UINT8(dll, OMAP3UARTState),
        VMSTATE_UINT8(dlh, OMAP3UARTState),
        VMSTATE_UINT8(ier, OMAP3UARTState),
        VMSTATE_UINT8(fcr, OMAP3UARTState),
        VMSTATE_UINT8(lcr, OMAP3UARTState),
        VMSTATE_UINT8(mcr, OMAP3UARTState),
        VMSTATE_UINT8(efr, OMAP3UARTState),
        VMSTATE_UINT8(xon1, OMAP3UARTState),
        VMSTATE_UINT8(xon2, OMAP3UARTState),
        VMSTATE_UINT8(xoff1, OMAP3UARTState),
        VMSTATE_UINT8(xoff2, OMAP3UARTState),
        VMSTATE_UINT8(tcr, OMAP3UARTState),
        VMSTATE_UINT8(tlr, OMAP3UARTState),
        VMSTATE_UINT8(spr, OMAP3UARTState),
        VMSTATE_UINT8(mdr1, OMAP3UARTState),
        VMSTATE_UINT8(mdr2, OMAP3UARTState),
        VMSTATE_UINT8(scr, OMAP3UARTState),
        VMSTATE_UINT8(ssr, OMAP3UARTState),
        VMSTATE_UINT8(eblr, OMAP3UARTState),
        VMSTATE_UINT8(sysc, OMAP3UARTState),
        VMSTATE_UINT8(wer, OMAP3UARTState),
        VMSTATE_UINT8(cfps, OMAP3UARTState),
        VMSTATE_UINT8(ier2, OMAP3UARTState),
        VMSTATE_UINT8(mdr3, OMAP3UARTState),
        VMSTATE_UINT8(tx_dma_threshold, OMAP3UARTState),
        VMSTATE_CLOCK(fclk, OMAP3UARTState),
        VMSTATE_END_OF_LIST()
    },
};

static const Property omap3_uart_properties[] = {
    DEFINE_PROP_CHR("chardev", OMAP3UARTState, chr),
    DEFINE_PROP_UINT8("id", OMAP3UARTState, id, 0),
};

static void omap3_uart_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->desc = "OMAP3 UART";
    dc->realize = omap3_uart_realize;
    dc->unrealize = omap3_uart_unrealize;
    dc->vmsd = &vmstate_omap3_uart;
    rc->phases.hold = omap3_uart_reset_hold;
    device_class_set_props(dc, omap3_uart_properties);
    set_bit(DEVICE_CATEGORY_INPUT, dc->categories);
}

static const TypeInfo omap3_uart_info = {
    .name = TYPE_OMAP3_UART,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3UARTState),
    .instance_init = omap3_uart_init,
    .instance_finalize = omap3_uart_finalize,
    .class_init = omap3_uart_class_init,
};

static void omap3_uart_register_types(void)
{
    type_register_static(&omap3_uart_info);
}

type_init(omap3_uart_register_types)
