/*
 * OMAP3630 UART: the device's type and state (omap3_uart.c), for the SoC
 * container that embeds it (omap3630.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_UART_H
#define HW_N9_OMAP3_UART_H

#include "hw/sysbus.h"
#include "hw/clock.h"
#include "qemu/timer.h"
#include "qemu/fifo8.h"
#include "chardev/char-fe.h"
#include "qom/object.h"

/* UART: clock input "fclk" (func_48m, gated); property "chardev";
 * property "id" (1..4); GPIO output "rx-pad" pulses for each byte on the
 * RX line, received or not (the pad's wake-up detector, at the SCM). */
#define TYPE_OMAP3_UART     "omap3-uart"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3UARTState, OMAP3_UART)

struct OMAP3UARTState {
    SysBusDevice parent_obj;

    MemoryRegion iomem;
    qemu_irq irq;
    Clock *fclk;            /* func_48m, gated by the CM (0 Hz: stopped) */
    qemu_irq rx_pad;        /* activity on the RX pad (SCM wake-up latch) */
    qemu_irq swakeup;       /* wake-up request, to the PRM */
    CharBackend chr;
    QEMUTimer *rx_timeout_timer;

    Fifo8 rx_fifo;
    Fifo8 tx_fifo;
    bool rx_timeout;        /* RX timeout interrupt pending */
    bool overrun;           /* LSR[1], cleared by reading LSR */
    uint8_t msr_delta;      /* MSR[3:0] */
    uint8_t msr_lines;      /* MSR[7:4] as last computed */

    uint8_t dll, dlh;
    uint8_t ier, fcr, lcr, mcr, efr;
    uint8_t xon1, xon2, xoff1, xoff2;
    uint8_t tcr, tlr, spr;
    uint8_t mdr1, mdr2, scr, ssr, eblr, sysc, wer, cfps;
    uint8_t ier2, mdr3, tx_dma_threshold;

    /* Properties */
    uint8_t id;
};

#endif /* HW_N9_OMAP3_UART_H */
