/*
 * qtest for the modules' wake-up requests on the rm696 machine: when a
 * module's event sets its PM_WKST bit at the PRM.  The OMAP36xx TRM's rule
 * (hw/n9/omap3_swakeup.h, omap3_prcm_prm.c): only a module asleep raises a
 * wake-up request: in smart-idle with SYSCONFIG.ENAWAKEUP, no interrupt
 * of its own pending, the event selected by its wake-up enables (GP timer
 * TWER, GPIO WAKEUPENABLE, UART WER), and its interface clock one the PRCM
 * may cut (CM_AUTOIDLE).  Otherwise the event is an interrupt and nothing
 * more.  One test per source Linux 6.18 enables on the N9 (GPT1, GPT12,
 * GPIO1, UART3; the I/O chain is rm696-iowake-test), each set up as the
 * kernel leaves it (registers read from a booted guest: docs/idle.md,
 * "The PRCM wake-up interrupt").
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include <sys/socket.h>
#include "libqtest.h"
#include "rm696-qtest-prcm.h"
#include "hw/n9/omap3_gpio_regs.h"
#include "hw/n9/omap3_uart_regs.h"

#define PM_WKEN_PER             (PRM + 0x10a0)
#define PM_MPUGRPSEL_PER        (PRM + 0x10a4)
#define PM_WKST_PER             (PRM + 0x10b0)

#define CM_FCLKEN_WKUP          (CM + 0xc00)
#define CM_ICLKEN_WKUP          (CM + 0xc10)
#define CM_AUTOIDLE_WKUP        (CM + 0xc30)
#define CM_FCLKEN_PER           (CM + 0x1000)
#define CM_ICLKEN_PER           (CM + 0x1010)
#define CM_AUTOIDLE_PER         (CM + 0x1030)

/* PM_WKST_WKUP / PM_WKST_PER bits (prm-regbits-34xx.h) */
#define ST_GPT1                 (1u << 0)
#define ST_GPT12                (1u << 1)
#define ST_GPIO1                (1u << 3)
#define ST_UART3                (1u << 11)

/* SYSCONFIG as Linux leaves it: smart-idle, ENAWAKEUP, AUTOIDLE */
#define SYSC_SMART_WAKE         0x15
#define SYSC_NO_IDLE_WAKE       0x0d        /* SIDLEMODE 1 */
#define SYSC_SMART_NOWAKE       0x11        /* ENAWAKEUP 0 */

/* GP timer (v1 layout) */
#define TIOCP_CFG               0x10
#define TISR                    0x18
#define TIER                    0x1c
#define TWER                    0x20
#define TCLR                    0x24
#define TCRR                    0x28
#define OVF                     (1u << 1)

/* GPIO (hw/n9/omap3_gpio_regs.h) */
#define GPIO1_QOM               "/machine/soc/gpio1"
#define GPIO_SYSCONFIG          A_SYSCONFIG
#define GPIO_IRQSTATUS1         A_IRQSTATUS1
#define GPIO_IRQENABLE1         A_IRQENABLE1
#define GPIO_WAKEUPENABLE       A_WAKEUPENABLE
#define GPIO_RISINGDETECT       A_RISINGDETECT

/* UART (8-bit registers at a stride of 4; hw/n9/omap3_uart_regs.h) */
#define UART3                   BLK_BASE(UART3)
#define UART_RHR                A_RHR_THR_DLL
#define UART_IER                A_IER_DLH
#define UART_IIR                A_IIR_FCR_EFR
#define UART_FCR                A_IIR_FCR_EFR
#define UART_LCR                A_LCR
#define UART_MDR1               A_MDR1
#define UART_SYSC               A_SYSC
#define UART_WER                A_WER
#define UART_RXFIFO_LVL         A_RXFIFO_LVL
#define WER_RX_ACTIVITY         R_WER_RX_ACTIVITY_MASK

static void pm_init(QTestState *qts)
{
    /* omap3_prm_init_pm */
    qtest_writel(qts, PM_WKEN_WKUP, 0x10b);
    qtest_writel(qts, PM_MPUGRPSEL_WKUP, 0x0b);
    qtest_writel(qts, PM_WKEN_PER, 0x7e807);
    qtest_writel(qts, PM_MPUGRPSEL_PER, 0x7e807);
    qtest_writel(qts, PRM_IRQENABLE_MPU, 0x201);
    /* omap2_clk_enable_autoidle_all: every interface clock may idle */
    qtest_writel(qts, CM_AUTOIDLE_WKUP, 0x23f);
    qtest_writel(qts, CM_AUTOIDLE_PER, 0x7ffff);
}

/*
 * GP timer @base (its PM_WKST bit @st at @wkst) overflows once, with
 * @sysc in TIOCP_CFG and @twer in TWER; TISR is not acknowledged when
 * @leave_pending.  Returns the PM_WKST bit after the overflow, then
 * clears it and the timer's status.
 */
static uint32_t gpt_overflow(QTestState *qts, uint32_t base, uint64_t wkst,
                             uint32_t st, uint32_t sysc, uint32_t twer,
                             bool leave_pending)
{
    uint32_t got;

    qtest_writel(qts, base + TIOCP_CFG, sysc);
    qtest_writel(qts, base + TWER, twer);
    qtest_writel(qts, base + TIER, OVF);
    qtest_writel(qts, base + TCRR, 0xffffff00);    /* 256 ticks to go */
    qtest_writel(qts, base + TCLR, 1);             /* start, one shot */
    qtest_clock_step(qts, 100 * 1000 * 1000);      /* 100 ms */
    g_assert_cmphex(qtest_readl(qts, base + TISR) & OVF, ==, OVF);
    got = qtest_readl(qts, wkst) & st;
    qtest_writel(qts, wkst, st);
    qtest_writel(qts, PRM_IRQSTATUS_MPU, 1);
    if (!leave_pending) {
        qtest_writel(qts, base + TISR, OVF);
    }
    return got;
}

static void check_gpt(uint32_t base, uint64_t fclken, uint32_t st)
{
    QTestState *qts = qtest_init("-M rm696");

    pm_init(qts);
    qtest_writel(qts, fclken, qtest_readl(qts, fclken) | st);
    qtest_writel(qts, CM_ICLKEN_WKUP, qtest_readl(qts, CM_ICLKEN_WKUP) | st);

    /* As the kernel's clockevent leaves it: a wake-up each overflow */
    g_assert_cmphex(gpt_overflow(qts, base, PM_WKST_WKUP, st,
                                 SYSC_SMART_WAKE, OVF, false), ==, st);
    g_assert_true(qtest_readl(qts, PRM_IRQSTATUS_MPU) == 0);
    /* no-idle: the timer never sleeps, its interrupt is all there is */
    g_assert_cmphex(gpt_overflow(qts, base, PM_WKST_WKUP, st,
                                 SYSC_NO_IDLE_WAKE, OVF, false), ==, 0);
    /* smart-idle without ENAWAKEUP */
    g_assert_cmphex(gpt_overflow(qts, base, PM_WKST_WKUP, st,
                                 SYSC_SMART_NOWAKE, OVF, false), ==, 0);
    /* TWER does not select the overflow */
    g_assert_cmphex(gpt_overflow(qts, base, PM_WKST_WKUP, st,
                                 SYSC_SMART_WAKE, 0, false), ==, 0);
    /* the interface clock held on (no CM_AUTOIDLE): never asleep */
    qtest_writel(qts, CM_AUTOIDLE_WKUP, 0x23f & ~st);
    g_assert_cmphex(gpt_overflow(qts, base, PM_WKST_WKUP, st,
                                 SYSC_SMART_WAKE, OVF, false), ==, 0);
    qtest_writel(qts, CM_AUTOIDLE_WKUP, 0x23f);
    /*
     * An overflow left pending keeps the timer awake (smart-idle does not
     * acknowledge with an interrupt unserved): the next one is no
     * wake-up; served, the one after is again.
     */
    g_assert_cmphex(gpt_overflow(qts, base, PM_WKST_WKUP, st,
                                 SYSC_SMART_WAKE, OVF, true), ==, st);
    g_assert_cmphex(gpt_overflow(qts, base, PM_WKST_WKUP, st,
                                 SYSC_SMART_WAKE, OVF, false), ==, 0);
    g_assert_cmphex(gpt_overflow(qts, base, PM_WKST_WKUP, st,
                                 SYSC_SMART_WAKE, OVF, false), ==, st);
    qtest_quit(qts);
}

static void test_gpt1(void)
{
    check_gpt(BLK_BASE(GPT1), CM_FCLKEN_WKUP, ST_GPT1);
}

static void test_gpt12(void)
{
    /* GPT12 runs on the 32 kHz clock with no CM_FCLKEN bit of its own */
    check_gpt(BLK_BASE(GPT12), CM_FCLKEN_WKUP, ST_GPT12);
}

static void gpio_wr(QTestState *qts, uint32_t reg, uint32_t val)
{
    qtest_writel(qts, BLK_BASE(GPIO1) + reg, val);
}

static uint32_t gpio_rd(QTestState *qts, uint32_t reg)
{
    return qtest_readl(qts, BLK_BASE(GPIO1) + reg);
}

/* A rising edge on GPIO1 pin @pin; returns PM_WKST_WKUP.ST_GPIO1, clears */
static uint32_t gpio_edge(QTestState *qts, int pin)
{
    uint32_t got;

    qtest_set_irq_in(qts, GPIO1_QOM, "unnamed-gpio-in", pin, 1);
    qtest_set_irq_in(qts, GPIO1_QOM, "unnamed-gpio-in", pin, 0);
    got = qtest_readl(qts, PM_WKST_WKUP) & ST_GPIO1;
    qtest_writel(qts, PM_WKST_WKUP, ST_GPIO1);
    qtest_writel(qts, PRM_IRQSTATUS_MPU, 1);
    return got;
}

static void test_gpio1(void)
{
    QTestState *qts = qtest_init("-M rm696");

    pm_init(qts);
    gpio_wr(qts, GPIO_SYSCONFIG, SYSC_SMART_WAKE);
    gpio_wr(qts, GPIO_RISINGDETECT, 3u << 4);
    gpio_wr(qts, GPIO_IRQENABLE1, 3u << 4);
    gpio_wr(qts, GPIO_WAKEUPENABLE, 1u << 4);

    /* pin 4 may wake the bank, pin 5 only interrupts (as booted: none) */
    g_assert_cmphex(gpio_edge(qts, 5), ==, 0);
    g_assert_cmphex(gpio_rd(qts, GPIO_IRQSTATUS1), ==, 1u << 5);
    gpio_wr(qts, GPIO_IRQSTATUS1, 1u << 5);
    g_assert_cmphex(gpio_edge(qts, 4), ==, ST_GPIO1);
    /* pending: the bank is awake */
    g_assert_cmphex(gpio_edge(qts, 4), ==, 0);
    gpio_wr(qts, GPIO_IRQSTATUS1, 1u << 4);
    /* no-idle, or no ENAWAKEUP: never */
    gpio_wr(qts, GPIO_SYSCONFIG, SYSC_NO_IDLE_WAKE);
    g_assert_cmphex(gpio_edge(qts, 4), ==, 0);
    gpio_wr(qts, GPIO_IRQSTATUS1, 1u << 4);
    gpio_wr(qts, GPIO_SYSCONFIG, SYSC_SMART_NOWAKE);
    g_assert_cmphex(gpio_edge(qts, 4), ==, 0);
    gpio_wr(qts, GPIO_IRQSTATUS1, 1u << 4);
    gpio_wr(qts, GPIO_SYSCONFIG, SYSC_SMART_WAKE);
    g_assert_cmphex(gpio_edge(qts, 4), ==, ST_GPIO1);
    qtest_quit(qts);
}

static void uart_wr(QTestState *qts, uint32_t reg, uint8_t val)
{
    qtest_writeb(qts, UART3 + reg, val);
}

/* One byte from outside; returns PM_WKST_PER.ST_UART3, then clears it */
static uint32_t uart_byte(QTestState *qts, int sock, int fifo_level)
{
    uint32_t got;
    int i;

    g_assert_cmpint(send(sock, "w", 1, 0), ==, 1);
    for (i = 0; i < 5000 &&
         qtest_readb(qts, UART3 + UART_RXFIFO_LVL) < fifo_level; i++) {
        g_usleep(1000);
    }
    g_assert_cmpint(qtest_readb(qts, UART3 + UART_RXFIFO_LVL), ==,
                    fifo_level);
    got = qtest_readl(qts, PM_WKST_PER) & ST_UART3;
    qtest_writel(qts, PM_WKST_PER, ST_UART3);
    qtest_writel(qts, PRM_IRQSTATUS_MPU, 1);
    return got;
}

static void test_uart3(void)
{
    int sock;
    QTestState *qts = qtest_init_with_serial("-M rm696", &sock);

    pm_init(qts);
    /* 115200 8N1, FIFO on, UART 16x mode; RX interrupt at the trigger */
    uart_wr(qts, UART_LCR, 0x03);
    uart_wr(qts, UART_FCR, 0x07);
    uart_wr(qts, UART_MDR1, 0x00);
    uart_wr(qts, UART_WER, WER_RX_ACTIVITY);

    /* As the booted kernel leaves it with a console: no-idle, no wake */
    uart_wr(qts, UART_SYSC, 0x09);
    g_assert_cmphex(uart_byte(qts, sock, 1), ==, 0);
    /* Smart-idle with ENAWAKEUP (runtime-suspended 8250_omap) */
    uart_wr(qts, UART_SYSC, SYSC_SMART_WAKE);
    g_assert_cmphex(uart_byte(qts, sock, 2), ==, ST_UART3);
    /* WER without RX activity: no */
    uart_wr(qts, UART_WER, 0);
    g_assert_cmphex(uart_byte(qts, sock, 3), ==, 0);
    uart_wr(qts, UART_WER, WER_RX_ACTIVITY);
    /* an interrupt pending (RX data with IER.RHR, below the trigger the
     * RX timeout raises it): the UART is awake */
    uart_wr(qts, UART_IER, 0x01);
    qtest_clock_step(qts, 1000 * 1000);
    g_assert_cmphex(qtest_readb(qts, UART3 + UART_IIR) & 1, ==, 0);
    g_assert_cmphex(uart_byte(qts, sock, 4), ==, 0);

    close(sock);
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    qtest_add_func("/rm696/wakeup/gpt1", test_gpt1);
    qtest_add_func("/rm696/wakeup/gpt12", test_gpt12);
    qtest_add_func("/rm696/wakeup/gpio1", test_gpio1);
    qtest_add_func("/rm696/wakeup/uart3", test_uart3);
    return g_test_run();
}
