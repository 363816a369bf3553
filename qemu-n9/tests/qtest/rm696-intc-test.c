/*
 * qtest for the OMAP3 MPU interrupt controller of the rm696 machine
 * (omap3-intc at 0x48200000): the behaviour drivers/irqchip/irq-omap-intc.c
 * relies on.  The inputs are driven with set_irq_in on /machine/soc/intc;
 * nIRQ and nFIQ (its sysbus IRQs 0 and 1) are intercepted.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "libqtest.h"
#include "rm696-qtest.h"

#define SPURIOUS        0xffffff80u     /* SPURIOUSIRQ_MASK in Linux */
#define NIRQ            0
#define NFIQ            1

#define INTC_PATH       "/machine/soc/intc"

static QTestState *intc_start(void)
{
    QTestState *qts = qtest_init("-M rm696");

    qtest_irq_intercept_out_named(qts, INTC_PATH, "sysbus-irq");
    return qts;
}

static void set_line(QTestState *qts, int line, int level)
{
    qtest_set_irq_in(qts, INTC_PATH, "unnamed-gpio-in", line, level);
}

static void unmask(QTestState *qts, int line)
{
    qtest_writel(qts, INTC_BANK_REG(MIR_CLEAR, line / 32), 1u << (line % 32));
}

static void mask(QTestState *qts, int line)
{
    qtest_writel(qts, INTC_BANK_REG(MIR_SET, line / 32), 1u << (line % 32));
}

static void set_priority(QTestState *qts, int line, int prio, bool fiq)
{
    qtest_writel(qts, INTC_ILR(line), (prio << 2) | fiq);
}

/* What omap_irq_soft_reset() does, then PROTECTION as in
 * omap_irq_enable_protection(). */
static void test_softreset(void)
{
    QTestState *qts = intc_start();
    int i;

    /* Linux prints REVISION[7:0] as "revision 4.0". */
    g_assert_cmphex(qtest_readl(qts, INTC_REG(REVISION)) & 0xff, ==, 0x40);

    /* Dirty some registers, then reset the module. */
    unmask(qts, 5);
    unmask(qts, 70);
    set_priority(qts, 9, 17, true);
    qtest_writel(qts, INTC_REG(THRESHOLD), 3);
    qtest_writel(qts, INTC_BANK_REG(ISR_SET, 1), 0x10);
    qtest_writel(qts, INTC_REG(IDLE), 2);

    qtest_writel(qts, INTC_REG(SYSCONFIG), qtest_readl(qts, INTC_REG(SYSCONFIG)) | 2);
    g_assert_cmphex(qtest_readl(qts, INTC_REG(SYSSTATUS)) & 1, ==, 1);
    /* SOFTRESET clears itself. */
    g_assert_cmphex(qtest_readl(qts, INTC_REG(SYSCONFIG)), ==, 0);
    qtest_writel(qts, INTC_REG(SYSCONFIG), 1);
    g_assert_cmphex(qtest_readl(qts, INTC_REG(SYSCONFIG)), ==, 1);

    for (i = 0; i < 3; i++) {
        g_assert_cmphex(qtest_readl(qts, INTC_BANK_REG(MIR, i)), ==, 0xffffffff);
        g_assert_cmphex(qtest_readl(qts, INTC_BANK_REG(ISR_SET, i)), ==, 0);
        g_assert_cmphex(qtest_readl(qts, INTC_BANK_REG(PENDING_IRQ, i)), ==, 0);
    }
    g_assert_cmphex(qtest_readl(qts, INTC_ILR(9)), ==, 0);
    g_assert_cmphex(qtest_readl(qts, INTC_REG(THRESHOLD)), ==, 0xff);
    g_assert_cmphex(qtest_readl(qts, INTC_REG(IDLE)), ==, 0);
    g_assert_cmphex(qtest_readl(qts, INTC_REG(SIR_IRQ)), ==, SPURIOUS);
    g_assert_false(qtest_get_irq(qts, NIRQ));

    qtest_writel(qts, INTC_REG(PROTECTION), qtest_readl(qts, INTC_REG(PROTECTION)) | 1);
    g_assert_cmphex(qtest_readl(qts, INTC_REG(PROTECTION)), ==, 1);
    qtest_quit(qts);
}

/* PENDING_IRQn is the masked status: omap_irq_pending() on the idle path
 * must not see masked lines.  ITR is the raw input. */
static void test_mask_and_pending(void)
{
    QTestState *qts = intc_start();

    set_line(qts, 37, 1);
    g_assert_cmphex(qtest_readl(qts, INTC_BANK_REG(ITR, 1)), ==, 1u << 5);
    g_assert_cmphex(qtest_readl(qts, INTC_BANK_REG(PENDING_IRQ, 1)), ==, 0);
    g_assert_false(qtest_get_irq(qts, NIRQ));
    g_assert_cmphex(qtest_readl(qts, INTC_REG(SIR_IRQ)), ==, SPURIOUS);

    unmask(qts, 37);
    g_assert_cmphex(qtest_readl(qts, INTC_BANK_REG(MIR, 1)), ==, ~(1u << 5));
    g_assert_cmphex(qtest_readl(qts, INTC_BANK_REG(PENDING_IRQ, 1)), ==, 1u << 5);
    g_assert_cmphex(qtest_readl(qts, INTC_BANK_REG(PENDING_FIQ, 1)), ==, 0);
    g_assert_true(qtest_get_irq(qts, NIRQ));
    g_assert_false(qtest_get_irq(qts, NFIQ));
    g_assert_cmphex(qtest_readl(qts, INTC_REG(SIR_IRQ)), ==, 37);

    /* omap_mask_ack_irq(): MIR_SET, then NEWIRQAGR. */
    mask(qts, 37);
    g_assert_cmphex(qtest_readl(qts, INTC_BANK_REG(PENDING_IRQ, 1)), ==, 0);
    qtest_writel(qts, INTC_REG(CONTROL), 1);
    g_assert_false(qtest_get_irq(qts, NIRQ));
    g_assert_cmphex(qtest_readl(qts, INTC_REG(SIR_IRQ)), ==, SPURIOUS);

    /* Unmasking a line that is still high asserts nIRQ again (level). */
    unmask(qts, 37);
    g_assert_true(qtest_get_irq(qts, NIRQ));
    /* The device drops its line; the next agreement finds nothing. */
    set_line(qts, 37, 0);
    g_assert_cmphex(qtest_readl(qts, INTC_BANK_REG(ITR, 1)), ==, 0);
    g_assert_cmphex(qtest_readl(qts, INTC_BANK_REG(PENDING_IRQ, 1)), ==, 0);
    qtest_writel(qts, INTC_REG(CONTROL), 1);
    g_assert_false(qtest_get_irq(qts, NIRQ));

    /* The third bank, and the "MIR3" that the context save touches. */
    set_line(qts, 95, 1);
    unmask(qts, 95);
    g_assert_cmphex(qtest_readl(qts, INTC_BANK_REG(PENDING_IRQ, 2)), ==, 1u << 31);
    g_assert_cmphex(qtest_readl(qts, INTC_REG(SIR_IRQ)), ==, 95);
    g_assert_cmphex(qtest_readl(qts, INTC_BANK_REG(MIR, 3)), ==, 0xffffffff);
    qtest_writel(qts, INTC_BANK_REG(MIR, 3), 0x12345678);
    g_assert_cmphex(qtest_readl(qts, INTC_BANK_REG(MIR, 3)), ==, 0x12345678);
    qtest_quit(qts);
}

/* The sorting result is frozen until NEWIRQAGR; then the lowest priority
 * number wins, the lowest line number among equals; THRESHOLD filters. */
static void test_priority(void)
{
    QTestState *qts = intc_start();

    set_priority(qts, 11, 10, false);
    set_priority(qts, 37, 5, false);
    set_priority(qts, 56, 5, false);
    set_priority(qts, 72, 0, false);    /* highest, but stays masked */
    unmask(qts, 11);
    unmask(qts, 37);
    unmask(qts, 56);

    set_line(qts, 72, 1);
    set_line(qts, 11, 1);
    g_assert_true(qtest_get_irq(qts, NIRQ));
    g_assert_cmphex(qtest_readl(qts, INTC_REG(SIR_IRQ)), ==, 11);
    g_assert_cmphex(qtest_readl(qts, INTC_REG(IRQ_PRIORITY)), ==, 10);

    /* Higher-priority lines arrive: nothing changes before NEWIRQAGR. */
    set_line(qts, 56, 1);
    set_line(qts, 37, 1);
    g_assert_cmphex(qtest_readl(qts, INTC_REG(SIR_IRQ)), ==, 11);
    qtest_writel(qts, INTC_REG(CONTROL), 1);
    g_assert_true(qtest_get_irq(qts, NIRQ));
    g_assert_cmphex(qtest_readl(qts, INTC_REG(SIR_IRQ)), ==, 37);
    g_assert_cmphex(qtest_readl(qts, INTC_REG(IRQ_PRIORITY)), ==, 5);

    set_line(qts, 37, 0);
    qtest_writel(qts, INTC_REG(CONTROL), 1);
    g_assert_cmphex(qtest_readl(qts, INTC_REG(SIR_IRQ)), ==, 56);
    set_line(qts, 56, 0);
    qtest_writel(qts, INTC_REG(CONTROL), 1);
    g_assert_cmphex(qtest_readl(qts, INTC_REG(SIR_IRQ)), ==, 11);

    /* A threshold of 10 drops priority 10 and below. */
    qtest_writel(qts, INTC_REG(THRESHOLD), 10);
    qtest_writel(qts, INTC_REG(CONTROL), 1);
    g_assert_false(qtest_get_irq(qts, NIRQ));
    g_assert_cmphex(qtest_readl(qts, INTC_REG(SIR_IRQ)), ==, SPURIOUS);
    /* ...but still shows it as pending. */
    g_assert_cmphex(qtest_readl(qts, INTC_BANK_REG(PENDING_IRQ, 0)), ==, 1u << 11);
    qtest_writel(qts, INTC_REG(THRESHOLD), 11);
    g_assert_true(qtest_get_irq(qts, NIRQ));
    g_assert_cmphex(qtest_readl(qts, INTC_REG(SIR_IRQ)), ==, 11);
    qtest_writel(qts, INTC_REG(THRESHOLD), 0xff);

    /* A priority change takes effect at the next sorting. */
    set_line(qts, 56, 1);
    set_priority(qts, 56, 20, false);
    qtest_writel(qts, INTC_REG(CONTROL), 1);
    g_assert_cmphex(qtest_readl(qts, INTC_REG(SIR_IRQ)), ==, 11);
    qtest_quit(qts);
}

/* ILR.FIQNIRQ routes a line to nFIQ, with its own agreement bit. */
static void test_fiq(void)
{
    QTestState *qts = intc_start();

    set_priority(qts, 29, 0, true);
    unmask(qts, 29);
    unmask(qts, 30);
    set_line(qts, 29, 1);
    g_assert_true(qtest_get_irq(qts, NFIQ));
    g_assert_false(qtest_get_irq(qts, NIRQ));
    g_assert_cmphex(qtest_readl(qts, INTC_BANK_REG(PENDING_FIQ, 0)), ==, 1u << 29);
    g_assert_cmphex(qtest_readl(qts, INTC_BANK_REG(PENDING_IRQ, 0)), ==, 0);
    g_assert_cmphex(qtest_readl(qts, INTC_REG(SIR_FIQ)), ==, 29);
    g_assert_cmphex(qtest_readl(qts, INTC_REG(SIR_IRQ)), ==, SPURIOUS);

    set_line(qts, 30, 1);
    g_assert_true(qtest_get_irq(qts, NIRQ));
    g_assert_cmphex(qtest_readl(qts, INTC_REG(SIR_IRQ)), ==, 30);

    /* NEWIRQAGR leaves the FIQ side alone, and vice versa. */
    set_line(qts, 29, 0);
    qtest_writel(qts, INTC_REG(CONTROL), 1);
    g_assert_true(qtest_get_irq(qts, NFIQ));
    g_assert_cmphex(qtest_readl(qts, INTC_REG(SIR_FIQ)), ==, 29);
    qtest_writel(qts, INTC_REG(CONTROL), 2);
    g_assert_false(qtest_get_irq(qts, NFIQ));
    g_assert_cmphex(qtest_readl(qts, INTC_REG(SIR_FIQ)), ==, SPURIOUS);
    g_assert_true(qtest_get_irq(qts, NIRQ));
    qtest_quit(qts);
}

/* Software interrupts: ISR_SET / ISR_CLEAR, subject to MIR like a line. */
static void test_software_irq(void)
{
    QTestState *qts = intc_start();

    qtest_writel(qts, INTC_BANK_REG(ISR_SET, 2), 1u << 8);     /* line 72 */
    g_assert_cmphex(qtest_readl(qts, INTC_BANK_REG(ISR_SET, 2)), ==, 1u << 8);
    g_assert_cmphex(qtest_readl(qts, INTC_BANK_REG(ITR, 2)), ==, 0);
    g_assert_false(qtest_get_irq(qts, NIRQ));
    unmask(qts, 72);
    g_assert_true(qtest_get_irq(qts, NIRQ));
    g_assert_cmphex(qtest_readl(qts, INTC_REG(SIR_IRQ)), ==, 72);
    qtest_writel(qts, INTC_BANK_REG(ISR_CLEAR, 2), 1u << 8);
    g_assert_cmphex(qtest_readl(qts, INTC_BANK_REG(ISR_SET, 2)), ==, 0);
    g_assert_cmphex(qtest_readl(qts, INTC_BANK_REG(PENDING_IRQ, 2)), ==, 0);
    qtest_writel(qts, INTC_REG(CONTROL), 1);
    g_assert_false(qtest_get_irq(qts, NIRQ));
    qtest_quit(qts);
}

/* The kernel's whole path for one interrupt: omap_intc_handle_irq() reads
 * SIR, handle_level_irq() masks + acks, the device drops its line, the
 * unmask follows; the idle path reads PENDING_IRQ0..2. */
static void test_linux_flow(void)
{
    QTestState *qts = intc_start();
    int i;

    /* Both lines rise while masked; one MIR_CLEAR unmasks both, so the
     * same sorting sees them: equal priority 0, the lower line first. */
    set_line(qts, 56, 1);
    set_line(qts, 37, 1);
    g_assert_false(qtest_get_irq(qts, NIRQ));
    qtest_writel(qts, INTC_BANK_REG(MIR_CLEAR, 1), (1u << 5) | (1u << 24));
    g_assert_true(qtest_get_irq(qts, NIRQ));

    for (i = 0; i < 2; i++) {
        int line = qtest_readl(qts, INTC_REG(SIR_IRQ));

        g_assert_cmpint(line, ==, i == 0 ? 37 : 56);
        mask(qts, line);
        qtest_writel(qts, INTC_REG(CONTROL), 1);
        /* The other line keeps nIRQ up after the first agreement. */
        g_assert_cmpint(qtest_get_irq(qts, NIRQ), ==, i == 0);
        set_line(qts, line, 0);
        unmask(qts, line);
    }
    g_assert_false(qtest_get_irq(qts, NIRQ));
    for (i = 0; i < 3; i++) {
        g_assert_cmphex(qtest_readl(qts, INTC_BANK_REG(PENDING_IRQ, i)), ==, 0);
    }
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("/rm696/intc/softreset", test_softreset);
    qtest_add_func("/rm696/intc/mask_and_pending", test_mask_and_pending);
    qtest_add_func("/rm696/intc/priority", test_priority);
    qtest_add_func("/rm696/intc/fiq", test_fiq);
    qtest_add_func("/rm696/intc/software_irq", test_software_irq);
    qtest_add_func("/rm696/intc/linux_flow", test_linux_flow);

    return g_test_run();
}
