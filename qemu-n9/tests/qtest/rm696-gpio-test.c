/*
 * qtest for the OMAP3630 GPIO bank model of the rm696 machine (GPIO1 at
 * 0x48310000, QOM /machine/soc/gpio1).
 *
 * Checks what gpio-omap relies on: the SYSCONFIG/SYSSTATUS soft reset and
 * reset values (OE all inputs), DATAOUT with its SET/CLEAR aliases, DATAIN
 * following OE, the qdev outputs, edge and level detection from the qdev
 * inputs into IRQSTATUS1 gated by IRQENABLE1 (and its SET/CLEAR aliases),
 * write-1-to-clear, and the MPU interrupt line.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "libqtest.h"
#include "rm696-qtest.h"
#include "hw/n9/omap3_gpio_regs.h"

#define GPIO1_BASE          BLK_BASE(GPIO1)
#define GPIO6_BASE          BLK_BASE(GPIO6)
#define GPIO1_QOM           "/machine/soc/gpio1"

/* a bank's registers (hw/n9/omap3_gpio_regs.h) */
#define REVISION            A_REVISION
#define SYSCONFIG           A_SYSCONFIG
#define SYSSTATUS           A_SYSSTATUS
#define IRQSTATUS1          A_IRQSTATUS1
#define IRQENABLE1          A_IRQENABLE1
#define WAKEUPENABLE        A_WAKEUPENABLE
#define IRQSTATUS2          A_IRQSTATUS2
#define IRQENABLE2          A_IRQENABLE2
#define CTRL                A_CTRL
#define OE                  A_OE
#define DATAIN              A_DATAIN
#define DATAOUT             A_DATAOUT
#define LEVELDETECT0        A_LEVELDETECT0
#define LEVELDETECT1        A_LEVELDETECT1
#define RISINGDETECT        A_RISINGDETECT
#define FALLINGDETECT       A_FALLINGDETECT
#define CLEARIRQENABLE1     A_CLEARIRQENABLE1
#define SETIRQENABLE1       A_SETIRQENABLE1
#define CLEARWKUENA         A_CLEARWKUENA
#define SETWKUENA           A_SETWKUENA
#define CLEARDATAOUT        A_CLEARDATAOUT
#define SETDATAOUT          A_SETDATAOUT

static uint32_t rd(QTestState *qts, uint32_t reg)
{
    return qtest_readl(qts, GPIO1_BASE + reg);
}

static void wr(QTestState *qts, uint32_t reg, uint32_t value)
{
    qtest_writel(qts, GPIO1_BASE + reg, value);
}

static void set_pin(QTestState *qts, int pin, int level)
{
    qtest_set_irq_in(qts, GPIO1_QOM, "unnamed-gpio-in", pin, level);
}

static void test_reset_data(void)
{
    QTestState *qts = qtest_init("-M rm696");

    /* Reset values: every pin an input, CTRL gating ratio 1. */
    g_assert_cmphex(rd(qts, OE), ==, 0xffffffff);
    g_assert_cmphex(rd(qts, CTRL), ==, 0x2);
    g_assert_cmphex(qtest_readw(qts, GPIO1_BASE + REVISION), ==, 0x25);
    g_assert_cmphex(qtest_readl(qts, GPIO6_BASE + OE), ==, 0xffffffff);

    /* Soft reset restores them and reports RESETDONE. */
    wr(qts, OE, 0);
    wr(qts, DATAOUT, 0x55);
    wr(qts, IRQENABLE1, 0xff);
    wr(qts, SYSCONFIG, 0x0015);
    g_assert_cmphex(rd(qts, SYSCONFIG), ==, 0x0015);
    wr(qts, SYSCONFIG, 0x0002);
    g_assert_cmphex(rd(qts, SYSCONFIG), ==, 0);
    g_assert_cmphex(rd(qts, SYSSTATUS) & 1, ==, 1);
    g_assert_cmphex(rd(qts, OE), ==, 0xffffffff);
    g_assert_cmphex(rd(qts, DATAOUT), ==, 0);
    g_assert_cmphex(rd(qts, IRQENABLE1), ==, 0);

    /* DATAOUT and its SET/CLEAR aliases (omap_set_gpio_dataout_reg). */
    wr(qts, DATAOUT, 0x0000000f);
    wr(qts, SETDATAOUT, 0x800000f0);
    g_assert_cmphex(rd(qts, DATAOUT), ==, 0x800000ff);
    wr(qts, CLEARDATAOUT, 0x0000000f);
    g_assert_cmphex(rd(qts, DATAOUT), ==, 0x800000f0);
    g_assert_cmphex(rd(qts, SETDATAOUT), ==, 0x800000f0);

    /* DATAIN: outputs read DATAOUT, inputs the (undriven, low) pins. */
    g_assert_cmphex(rd(qts, DATAIN), ==, 0);
    wr(qts, OE, 0x7fffff00);            /* pins 0-7 and 31 are outputs */
    g_assert_cmphex(rd(qts, DATAIN), ==, 0x800000f0);
    set_pin(qts, 9, 1);
    g_assert_cmphex(rd(qts, DATAIN), ==, 0x800002f0);
    /* An output pin ignores what is driven from outside. */
    set_pin(qts, 1, 1);
    g_assert_cmphex(rd(qts, DATAIN) & 0x2, ==, 0);

    /* Wake-up enable SET/CLEAR aliases. */
    wr(qts, SETWKUENA, 0x30);
    wr(qts, CLEARWKUENA, 0x10);
    g_assert_cmphex(rd(qts, WAKEUPENABLE), ==, 0x20);

    qtest_quit(qts);
}

static void test_outputs(void)
{
    QTestState *qts = qtest_init("-M rm696");

    qtest_irq_intercept_out(qts, GPIO1_QOM);

    /* An input pin does not drive its output line. */
    wr(qts, DATAOUT, 1 << 3);
    g_assert_false(qtest_get_irq(qts, 3));
    /* Made an output, it drives DATAOUT. */
    wr(qts, OE, ~(1u << 3));
    g_assert_true(qtest_get_irq(qts, 3));
    wr(qts, CLEARDATAOUT, 1 << 3);
    g_assert_false(qtest_get_irq(qts, 3));
    wr(qts, SETDATAOUT, 1 << 3);
    g_assert_true(qtest_get_irq(qts, 3));
    g_assert_false(qtest_get_irq(qts, 4));
    /* Back to input: released. */
    wr(qts, OE, 0xffffffff);
    g_assert_false(qtest_get_irq(qts, 3));

    qtest_quit(qts);
}

static void test_irq(void)
{
    QTestState *qts = qtest_init("-M rm696");

    qtest_irq_intercept_out_named(qts, GPIO1_QOM, "sysbus-irq");

    /* Rising edge on pin 5 with its interrupt enabled. */
    wr(qts, RISINGDETECT, 1 << 5);
    wr(qts, SETIRQENABLE1, 1 << 5);
    g_assert_cmphex(rd(qts, IRQENABLE1), ==, 1 << 5);
    g_assert_false(qtest_get_irq(qts, 0));
    set_pin(qts, 5, 1);
    g_assert_cmphex(rd(qts, IRQSTATUS1), ==, 1 << 5);
    g_assert_true(qtest_get_irq(qts, 0));
    g_assert_cmphex(rd(qts, DATAIN) & (1 << 5), ==, 1 << 5);
    /* Line 2 is not enabled: nothing latched there. */
    g_assert_cmphex(rd(qts, IRQSTATUS2), ==, 0);

    /* Write 1 to clear; writing 0 leaves it. */
    wr(qts, IRQSTATUS1, 0);
    g_assert_true(qtest_get_irq(qts, 0));
    wr(qts, IRQSTATUS1, 1 << 5);
    g_assert_cmphex(rd(qts, IRQSTATUS1), ==, 0);
    g_assert_false(qtest_get_irq(qts, 0));

    /* A falling edge is not detected without FALLINGDETECT. */
    set_pin(qts, 5, 0);
    g_assert_cmphex(rd(qts, IRQSTATUS1), ==, 0);
    wr(qts, FALLINGDETECT, 1 << 5);
    set_pin(qts, 5, 1);
    wr(qts, IRQSTATUS1, 1 << 5);
    set_pin(qts, 5, 0);
    g_assert_cmphex(rd(qts, IRQSTATUS1), ==, 1 << 5);
    wr(qts, IRQSTATUS1, 1 << 5);

    /* With the interrupt disabled an edge is not latched. */
    wr(qts, CLEARIRQENABLE1, 1 << 5);
    g_assert_cmphex(rd(qts, IRQENABLE1), ==, 0);
    set_pin(qts, 5, 1);
    g_assert_cmphex(rd(qts, IRQSTATUS1), ==, 0);
    g_assert_false(qtest_get_irq(qts, 0));

    /* Level high on pin 7: re-latches after a clear while it holds. */
    wr(qts, LEVELDETECT1, 1 << 7);
    wr(qts, SETIRQENABLE1, 1 << 7);
    g_assert_cmphex(rd(qts, IRQSTATUS1), ==, 0);
    set_pin(qts, 7, 1);
    g_assert_cmphex(rd(qts, IRQSTATUS1), ==, 1 << 7);
    wr(qts, IRQSTATUS1, 1 << 7);
    g_assert_cmphex(rd(qts, IRQSTATUS1), ==, 1 << 7);
    g_assert_true(qtest_get_irq(qts, 0));
    set_pin(qts, 7, 0);
    wr(qts, IRQSTATUS1, 1 << 7);
    g_assert_cmphex(rd(qts, IRQSTATUS1), ==, 0);
    g_assert_false(qtest_get_irq(qts, 0));

    /*
     * omap_gpio_unidle(): LEVELDETECT0 and 1 set together for a moment
     * raise the interrupt by software whatever the level.
     */
    wr(qts, LEVELDETECT0, 1 << 7);
    wr(qts, LEVELDETECT0, 0);
    g_assert_cmphex(rd(qts, IRQSTATUS1), ==, 1 << 7);
    g_assert_true(qtest_get_irq(qts, 0));
    wr(qts, IRQSTATUS1, 1 << 7);
    g_assert_false(qtest_get_irq(qts, 0));

    /* CTRL.DISABLEMODULE stops detection. */
    wr(qts, CTRL, 1);
    set_pin(qts, 7, 1);
    g_assert_cmphex(rd(qts, IRQSTATUS1), ==, 0);
    wr(qts, CTRL, 0);
    g_assert_cmphex(rd(qts, IRQSTATUS1), ==, 1 << 7);   /* level holds */

    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("rm696/gpio/reset-data", test_reset_data);
    qtest_add_func("rm696/gpio/outputs", test_outputs);
    qtest_add_func("rm696/gpio/irq", test_irq);

    return g_test_run();
}
