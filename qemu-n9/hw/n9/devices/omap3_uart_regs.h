/*
 * OMAP3630 UART1-4 registers (8-bit registers at a stride of 4), shared by
 * the device (omap3_uart.c), its qtests (rm696-uart-test.c,
 * rm696-iowake-test.c, rm696-wakeup-test.c) and the fuzzer.  A_X is a
 * register's byte offset, R_X its word index.  Source: Linux 6.18
 * include/uapi/linux/serial_reg.h (UART_*, UART_OMAP_*) and
 * drivers/tty/serial/8250/8250_omap.c (OMAP_UART_*), which 8250_omap
 * shifts by OMAP_UART_REGSHIFT; the names are the OMAP36xx TRM's.
 *
 * The offsets 0x00-0x1C change meaning with LCR (operational mode, mode A
 * with LCR[7] set, mode B with LCR = 0xBF) and carry all their names, e.g.
 * RHR_THR_DLL; their fields are those of the view named in the comment.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_UART_REGS_H
#define HW_N9_OMAP3_UART_REGS_H

#include "hw/registerfields.h"

REG32(RHR_THR_DLL, 0x00)
REG32(IER_DLH, 0x04)
    FIELD(IER_DLH, RHR, 0, 1)                   /* IER */
    FIELD(IER_DLH, THR, 1, 1)
    FIELD(IER_DLH, LINE_STS, 2, 1)
    FIELD(IER_DLH, MODEM_STS, 3, 1)
REG32(IIR_FCR_EFR, 0x08)
    FIELD(IIR_FCR_EFR, FIFO_EN, 0, 1)           /* FCR */
    FIELD(IIR_FCR_EFR, RX_FIFO_CLEAR, 1, 1)
    FIELD(IIR_FCR_EFR, TX_FIFO_CLEAR, 2, 1)
    FIELD(IIR_FCR_EFR, TX_FIFO_TRIG, 4, 2)
    FIELD(IIR_FCR_EFR, RX_FIFO_TRIG, 6, 2)
    FIELD(IIR_FCR_EFR, ENHANCED_EN, 4, 1)       /* EFR */
REG32(LCR, 0x0C)
    FIELD(LCR, DIV_EN, 7, 1)
REG32(MCR_XON1, 0x10)
    FIELD(MCR_XON1, DTR, 0, 1)                  /* MCR */
    FIELD(MCR_XON1, RTS, 1, 1)
    FIELD(MCR_XON1, RI_STS_CH, 2, 1)
    FIELD(MCR_XON1, CD_STS_CH, 3, 1)
    FIELD(MCR_XON1, LOOPBACK, 4, 1)
    FIELD(MCR_XON1, TCR_TLR, 6, 1)
REG32(LSR_XON2, 0x14)
    FIELD(LSR_XON2, RX_FIFO_E, 0, 1)            /* LSR: Linux's DR */
    FIELD(LSR_XON2, RX_OE, 1, 1)
    FIELD(LSR_XON2, TX_FIFO_E, 5, 1)            /* THRE */
    FIELD(LSR_XON2, TX_SR_E, 6, 1)              /* TEMT */
REG32(MSR_TCR_XOFF1, 0x18)
    FIELD(MSR_TCR_XOFF1, TERI, 2, 1)            /* MSR */
    FIELD(MSR_TCR_XOFF1, NCTS, 4, 1)
    FIELD(MSR_TCR_XOFF1, NDSR, 5, 1)
    FIELD(MSR_TCR_XOFF1, NRI, 6, 1)
    FIELD(MSR_TCR_XOFF1, NCD, 7, 1)
REG32(SPR_TLR_XOFF2, 0x1C)
REG32(MDR1, 0x20)
    FIELD(MDR1, MODE_SELECT, 0, 3)
REG32(MDR2, 0x24)
/* The IrDA registers */
REG32(TXFLL, 0x28)
REG32(TXFLH, 0x2C)
REG32(RXFLL, 0x30)
REG32(RXFLH, 0x34)
REG32(BLR, 0x38)
REG32(ACREG, 0x3C)
REG32(SCR, 0x40)
    FIELD(SCR, TX_EMPTY_CTL_IT, 3, 1)
    FIELD(SCR, TX_TRIG_GRANU1, 6, 1)
    FIELD(SCR, RX_TRIG_GRANU1, 7, 1)
REG32(SSR, 0x44)
    FIELD(SSR, TX_FIFO_FULL, 0, 1)
    FIELD(SSR, DMA_COUNTER_RST, 2, 1)
REG32(EBLR, 0x48)
REG32(MVR, 0x50)
REG32(SYSC, 0x54)
    FIELD(SYSC, AUTOIDLE, 0, 1)
    FIELD(SYSC, SOFTRESET, 1, 1)
    FIELD(SYSC, ENAWAKEUP, 2, 1)
    FIELD(SYSC, IDLEMODE, 3, 2)
REG32(SYSS, 0x58)
    FIELD(SYSS, RESETDONE, 0, 1)
REG32(WER, 0x5C)
    FIELD(WER, RX_ACTIVITY, 4, 1)               /* event 4 */
REG32(CFPS, 0x60)
REG32(RXFIFO_LVL, 0x64)
REG32(TXFIFO_LVL, 0x68)
REG32(IER2, 0x6C)
REG32(ISR2, 0x70)
REG32(MDR3, 0x80)
REG32(TX_DMA_THRESHOLD, 0x84)

/* MDR1.MODE_SELECT */
#define MDR1_MODE_UART16X   0
#define MDR1_MODE_UART13X   3
#define MDR1_MODE_DISABLE   7

/* LCR: the value that selects configuration mode B */
#define LCR_CONF_MODE_B     0xBF

/* IIR[5:0]: the interrupt pending, by priority (IIR_NO_INT: none) */
#define IIR_NO_INT          0x01
#define IIR_MODEM           0x00
#define IIR_THR             0x02
#define IIR_RHR             0x04
#define IIR_LINE_STS        0x06
#define IIR_RX_TIMEOUT      0x0c

#endif /* HW_N9_OMAP3_UART_REGS_H */
