/*
 * qtest for the OMAP3630 UART model of the rm696 machine (UART3, the N9
 * console ttyS2, at 0x49020000; `-serial` is connected to it).
 *
 * Checks what 8250_omap relies on: the SYSC/SYSS soft reset, LSR THRE/TEMT,
 * the LCR configuration modes (mode B EFR/XON/XOFF, mode A DLL/DLH,
 * TCR/TLR behind EFR[4]+MCR[6]) not disturbing IER/MCR, transmission to
 * the chardev only in UART mode (MDR1), reception with the RX timeout and
 * the RHR trigger, loopback, and the interrupt line.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "libqtest.h"
#include "rm696-qtest.h"
#include "hw/n9/omap3_uart_regs.h"

#define UART3_BASE      BLK_BASE(UART3)
#define UART3_QOM       "/machine/soc/uart3"

/* UART3's registers (hw/n9/omap3_uart_regs.h), by the operational name */
#define RHR             A_RHR_THR_DLL       /* THR, DLL */
#define IER             A_IER_DLH           /* DLH */
#define IIR             A_IIR_FCR_EFR       /* FCR, EFR */
#define LCR             A_LCR
#define MCR             A_MCR_XON1          /* XON1 */
#define LSR             A_LSR_XON2          /* XON2 */
#define MSR             A_MSR_TCR_XOFF1     /* TCR, XOFF1 */
#define SPR             A_SPR_TLR_XOFF2     /* TLR, XOFF2 */
#define MDR1            A_MDR1
#define SCR             A_SCR
#define MVR             A_MVR
#define SYSC            A_SYSC
#define SYSS            A_SYSS
#define RXFIFO_LVL      A_RXFIFO_LVL
#define TXFIFO_LVL      A_TXFIFO_LVL

/* LSR bits by 8250_omap's names */
#define LSR_DR          R_LSR_XON2_RX_FIFO_E_MASK
#define LSR_THRE        R_LSR_XON2_TX_FIFO_E_MASK
#define LSR_TEMT        R_LSR_XON2_TX_SR_E_MASK

static uint8_t rd(QTestState *qts, uint32_t reg)
{
    return qtest_readb(qts, UART3_BASE + reg);
}

static void wr(QTestState *qts, uint32_t reg, uint8_t value)
{
    qtest_writeb(qts, UART3_BASE + reg, value);
}

/* 115200 8N1 in UART 16x mode, FIFO on, as omap_8250_set_termios does. */
static void uart_setup(QTestState *qts)
{
    wr(qts, LCR, 0x80);                 /* mode A */
    wr(qts, RHR, 26);                   /* DLL: 48 MHz / 16 / 26 */
    wr(qts, IER, 0);                    /* DLH */
    wr(qts, LCR, 0x03);
    wr(qts, IIR, 0x07);                 /* FCR: FIFO on, clear both */
    wr(qts, MDR1, 0x00);                /* UART 16x */
}

static void test_reset(void)
{
    QTestState *qts = qtest_init("-M rm696");

    /* Dirty some registers, then soft reset as omap_hwmod does. */
    wr(qts, SPR, 0x5a);
    wr(qts, LCR, 0x03);
    wr(qts, MDR1, 0x00);
    wr(qts, SCR, 0x89);
    wr(qts, SYSC, 0x02);
    g_assert_cmphex(rd(qts, SYSC) & 0x02, ==, 0);
    g_assert_cmphex(qtest_readl(qts, UART3_BASE + SYSS) & 1, ==, 1);
    g_assert_cmphex(rd(qts, SPR), ==, 0);
    g_assert_cmphex(rd(qts, LCR), ==, 0);
    g_assert_cmphex(rd(qts, MDR1), ==, 0x07);     /* disabled at reset */
    /* SCR = 0 is how omap8250_lost_context() detects a reset. */
    g_assert_cmphex(rd(qts, SCR), ==, 0);

    /* Legacy MVR scheme (bits 31:30 = 0), revision 5.2. */
    g_assert_cmphex(qtest_readl(qts, UART3_BASE + MVR), ==, 0x52);

    /* Transmitter empty, nothing received. */
    g_assert_cmphex(rd(qts, LSR) & (LSR_THRE | LSR_TEMT | LSR_DR), ==,
                    LSR_THRE | LSR_TEMT);
    /* No interrupt pending: IIR bit 0 set. */
    g_assert_cmphex(rd(qts, IIR) & 0x01, ==, 0x01);

    /* 32-bit accesses use the low byte. */
    qtest_writel(qts, UART3_BASE + SPR, 0xffffff3c);
    g_assert_cmphex(qtest_readl(qts, UART3_BASE + SPR), ==, 0x3c);

    qtest_quit(qts);
}

static void test_modes(void)
{
    QTestState *qts = qtest_init("-M rm696");

    /* Operational mode values. */
    wr(qts, LCR, 0x03);
    wr(qts, IER, 0x05);
    wr(qts, MCR, 0x0b);
    wr(qts, SPR, 0x77);

    /* IER[7:4] and MCR[7:5] need EFR[4]: not yet. */
    wr(qts, IER, 0xf5);
    g_assert_cmphex(rd(qts, IER), ==, 0x05);

    /* Mode B: EFR, XON1/2, XOFF1/2 replace IIR, MCR, LSR, MSR, SPR. */
    wr(qts, LCR, 0xbf);
    wr(qts, IIR, 0x10);                 /* EFR enhanced enable */
    g_assert_cmphex(rd(qts, IIR), ==, 0x10);
    wr(qts, MCR, 0x11);
    wr(qts, LSR, 0x13);
    wr(qts, MSR, 0x17);
    wr(qts, SPR, 0x19);
    g_assert_cmphex(rd(qts, MCR), ==, 0x11);
    g_assert_cmphex(rd(qts, LSR), ==, 0x13);
    g_assert_cmphex(rd(qts, MSR), ==, 0x17);
    g_assert_cmphex(rd(qts, SPR), ==, 0x19);
    g_assert_cmphex(rd(qts, LCR), ==, 0xbf);

    /* Mode A: DLL/DLH; MCR still visible at 0x10. */
    wr(qts, LCR, 0x80);
    wr(qts, RHR, 0x1a);
    wr(qts, IER, 0x01);
    g_assert_cmphex(rd(qts, RHR), ==, 0x1a);
    g_assert_cmphex(rd(qts, IER), ==, 0x01);
    g_assert_cmphex(rd(qts, MCR), ==, 0x0b);

    /* Back to operational: IER, MCR and SPR untouched by all this. */
    wr(qts, LCR, 0x03);
    g_assert_cmphex(rd(qts, IER), ==, 0x05);
    g_assert_cmphex(rd(qts, MCR), ==, 0x0b);
    g_assert_cmphex(rd(qts, SPR), ==, 0x77);
    /* 0x08 reads IIR again, not EFR (bit 0 = no interrupt pending). */
    g_assert_cmphex(rd(qts, IIR) & 0x01, ==, 0x01);

    /* With EFR[4] set, IER[7:4] are writable. */
    wr(qts, IER, 0x15);
    g_assert_cmphex(rd(qts, IER), ==, 0x15);
    wr(qts, IER, 0x05);

    /* TCR/TLR replace MSR/SPR while EFR[4] and MCR[6] are set
     * (omap8250_restore_regs). */
    wr(qts, MCR, 0x4b);
    wr(qts, MSR, 0x4d);                 /* TCR */
    wr(qts, SPR, 0xc0);                 /* TLR */
    g_assert_cmphex(rd(qts, MSR), ==, 0x4d);
    g_assert_cmphex(rd(qts, SPR), ==, 0xc0);
    wr(qts, LCR, 0xbf);                 /* also in mode B */
    g_assert_cmphex(rd(qts, MSR), ==, 0x4d);
    g_assert_cmphex(rd(qts, SPR), ==, 0xc0);
    wr(qts, LCR, 0x03);
    wr(qts, MCR, 0x0b);
    g_assert_cmphex(rd(qts, SPR), ==, 0x77);   /* SPR again */
    g_assert_cmphex(rd(qts, IER), ==, 0x05);

    /* Mode B XON1 kept its value across all of it. */
    wr(qts, LCR, 0xbf);
    g_assert_cmphex(rd(qts, MCR), ==, 0x11);
    g_assert_cmphex(rd(qts, IIR), ==, 0x10);

    qtest_quit(qts);
}

static void test_tx_rx(void)
{
    int sock;
    char c;
    int i;
    QTestState *qts = qtest_init_with_serial("-M rm696", &sock);

    qtest_irq_intercept_out_named(qts, UART3_QOM, "sysbus-irq");

    /* Disabled (MDR1 mode 7): a THR write stays in the TX FIFO. */
    wr(qts, LCR, 0x03);
    wr(qts, IIR, 0x01);
    wr(qts, RHR, 'Q');
    g_assert_cmphex(rd(qts, LSR) & (LSR_THRE | LSR_TEMT), ==, 0);
    g_assert_cmpint(rd(qts, TXFIFO_LVL), ==, 1);

    /* UART 16x mode sends it, then each THR write goes straight out. */
    uart_setup(qts);        /* FCR clears the FIFO: 'Q' is dropped */
    wr(qts, RHR, 'A');
    g_assert_cmpint(recv(sock, &c, 1, 0), ==, 1);
    g_assert_cmpint(c, ==, 'A');
    g_assert_cmphex(rd(qts, LSR) & (LSR_THRE | LSR_TEMT), ==,
                    LSR_THRE | LSR_TEMT);

    /* RX: two bytes, below the trigger level of 8 (FCR[7:6] = 0). */
    wr(qts, IER, 0x01);
    g_assert_false(qtest_get_irq(qts, 0));
    g_assert_cmpint(send(sock, "xy", 2, 0), ==, 2);
    for (i = 0; i < 5000 && rd(qts, RXFIFO_LVL) < 2; i++) {
        g_usleep(1000);
    }
    g_assert_cmpint(rd(qts, RXFIFO_LVL), ==, 2);
    g_assert_cmphex(rd(qts, LSR) & LSR_DR, ==, LSR_DR);
    /* Below the trigger: no interrupt until the RX timeout. */
    g_assert_false(qtest_get_irq(qts, 0));
    g_assert_cmphex(rd(qts, IIR) & 0x01, ==, 0x01);
    /* Four characters at 115200 8N1 are 347 us. */
    qtest_clock_step(qts, 1000 * 1000);
    g_assert_true(qtest_get_irq(qts, 0));
    g_assert_cmphex(rd(qts, IIR), ==, 0xcc);     /* FIFO on, RX timeout */
    g_assert_cmpint(rd(qts, RHR), ==, 'x');
    g_assert_cmpint(rd(qts, RHR), ==, 'y');
    g_assert_cmphex(rd(qts, LSR) & LSR_DR, ==, 0);
    g_assert_false(qtest_get_irq(qts, 0));
    g_assert_cmphex(rd(qts, IIR), ==, 0xc1);

    /* THR interrupt: asserted while enabled and the TX FIFO is empty. */
    wr(qts, IER, 0x02);
    g_assert_true(qtest_get_irq(qts, 0));
    g_assert_cmphex(rd(qts, IIR), ==, 0xc2);
    /* Reading IIR does not clear it; disabling it does. */
    g_assert_true(qtest_get_irq(qts, 0));
    wr(qts, IER, 0x00);
    g_assert_false(qtest_get_irq(qts, 0));

    close(sock);
    qtest_quit(qts);
}

static void test_loopback_trigger(void)
{
    QTestState *qts = qtest_init("-M rm696");
    int i;

    qtest_irq_intercept_out_named(qts, UART3_QOM, "sysbus-irq");
    uart_setup(qts);
    wr(qts, MCR, 0x10);                 /* loopback */
    wr(qts, IER, 0x01);

    /* 7 bytes: below the default trigger of 8, no interrupt yet. */
    for (i = 0; i < 7; i++) {
        wr(qts, RHR, 'a' + i);
    }
    g_assert_cmpint(rd(qts, RXFIFO_LVL), ==, 7);
    g_assert_false(qtest_get_irq(qts, 0));
    /* The 8th reaches the trigger: RHR interrupt at once. */
    wr(qts, RHR, 'h');
    g_assert_true(qtest_get_irq(qts, 0));
    g_assert_cmphex(rd(qts, IIR), ==, 0xc4);
    /* Reading one byte drops below the trigger: the line goes down. */
    g_assert_cmpint(rd(qts, RHR), ==, 'a');
    g_assert_false(qtest_get_irq(qts, 0));
    for (i = 1; i < 8; i++) {
        g_assert_cmpint(rd(qts, RHR), ==, 'a' + i);
    }
    g_assert_cmphex(rd(qts, LSR) & LSR_DR, ==, 0);

    /* Loopback modem lines: RTS -> CTS, DTR -> DSR (MSR[5:4]). */
    wr(qts, MCR, 0x13);
    g_assert_cmphex(rd(qts, MSR) & 0x30, ==, 0x30);
    wr(qts, MCR, 0x10);
    g_assert_cmphex(rd(qts, MSR) & 0x3f, ==, 0x03);  /* deltas, lines off */
    g_assert_cmphex(rd(qts, MSR) & 0x0f, ==, 0x00);  /* deltas cleared */

    /* FCR RX clear empties the FIFO. */
    wr(qts, RHR, 'z');
    g_assert_cmpint(rd(qts, RXFIFO_LVL), ==, 1);
    wr(qts, IIR, 0x03);
    g_assert_cmpint(rd(qts, RXFIFO_LVL), ==, 0);

    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("rm696/uart/reset", test_reset);
    qtest_add_func("rm696/uart/modes", test_modes);
    qtest_add_func("rm696/uart/tx-rx", test_tx_rx);
    qtest_add_func("rm696/uart/loopback-trigger", test_loopback_trigger);

    return g_test_run();
}
