/*
 * qtest for the I/O pad wake-up (the "I/O daisy chain") of the rm696
 * machine: a wake-up capable pad whose CONTROL_PADCONF half-word has
 * WAKEUPENABLE (bit 14) latches WAKEUPEVENT (bit 15) on activity, the SCM
 * raises ST_IO in PM_WKST_WKUP and the PRCM's "io" interrupt (IO_ST in
 * PRM_IRQSTATUS_MPU, INTC 11), and the MPU wakes from CORE OFF.  The
 * activity is a byte on UART3's RX line from the chardev, sent while the
 * UART's functional clock is stopped: the byte is lost, the pad sees it.
 * Clearing is what Linux does: pinctrl-single's mask/ack clears
 * WAKEUPENABLE (and with it the latch), the PRCM interrupt is acked in
 * PRM_IRQSTATUS_MPU; ST_IO stays set (the kernel's PM_MPUGRPSEL_WKUP has no
 * GRPSEL_IO, so its "io" handler never writes it), and the next pad event
 * raises IO_ST again.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "libqtest.h"
#include "rm696-qtest-prcm.h"
#include "hw/n9/omap3_uart_regs.h"

#define SCM_QOM                 "/machine/soc/scm"

/* SCM padconf half-words (OMAP3_UARTn_RX + 0x30 from the SCM base) */
#define PAD_UART1_RX            (BLK_BASE(SCM) + 0x182)
#define PAD_UART2_RX            (BLK_BASE(SCM) + 0x17a)
#define PAD_UART3_RX            (BLK_BASE(SCM) + 0x19e)
#define PAD_UART3_TX            (BLK_BASE(SCM) + 0x19c)
#define PAD_INPUTENABLE         (1u << 8)
#define PAD_WAKEUPENABLE        (1u << 14)
#define PAD_WAKEUPEVENT         (1u << 15)
#define PAD_IN                  PAD_INPUTENABLE             /* mode 0 */
#define PAD_IN_WAKE             (PAD_INPUTENABLE | PAD_WAKEUPENABLE)
enum { SCM_PAD_UART1_RX, SCM_PAD_UART2_RX, SCM_PAD_UART3_RX };

/* PRM */
#define WKUP_EN_IO              (1u << 8)
#define WKUP_EN_IO_CHAIN        (1u << 16)
#define IRQ_WKUP_ST             (1u << 0)
#define IRQ_IO_ST               (1u << 9)
/* PRM_CLKSETUP = 100 32 kHz cycles, AUTOEXTCLKMODE = 1 (rm696-prcm-test) */
#define WAKE_NS                 ((100ull * 1000000000 + 32767) / 32768)

/* CM */
#define EN_UART3                (1u << 11)

/* INTC */
#define PRCM_INTC_LINE          11

/* UART3 (hw/n9/omap3_uart_regs.h) */
#define UART3                   BLK_BASE(UART3)
#define UART_RHR                (UART3 + A_RHR_THR_DLL)
#define UART_IER                (UART3 + A_IER_DLH)
#define UART_FCR                (UART3 + A_IIR_FCR_EFR)
#define UART_LCR                (UART3 + A_LCR)
#define UART_MDR1               (UART3 + A_MDR1)
#define UART_RXFIFO_LVL         (UART3 + A_RXFIFO_LVL)

static uint64_t wakeup_events(QTestState *qts)
{
    return rm696_qom_get_int(qts, SCM_QOM, "wakeup-events");
}

static bool io_wake(QTestState *qts)
{
    return rm696_qom_get_bool(qts, SCM_QOM, "io-wake");
}

static void pad_activity(QTestState *qts, int pad)
{
    qtest_set_irq_in(qts, SCM_QOM, "pad-in", pad, 1);
    qtest_set_irq_in(qts, SCM_QOM, "pad-in", pad, 0);
}

/*
 * The latch at the SCM: only a pad with WAKEUPENABLE latches, WAKEUPEVENT
 * is read-only and stays until WAKEUPENABLE is cleared, and io-wake is the
 * OR of the latches.
 */
static void test_pad_latch(void)
{
    QTestState *qts = qtest_init("-M rm696");

    qtest_writew(qts, PAD_UART3_RX, PAD_IN);
    qtest_writew(qts, PAD_UART3_TX, 0x0000);
    pad_activity(qts, SCM_PAD_UART3_RX);
    g_assert_cmphex(qtest_readw(qts, PAD_UART3_RX), ==, PAD_IN);
    g_assert_false(io_wake(qts));
    g_assert_cmpuint(wakeup_events(qts), ==, 0);

    /* armed: an edge either way latches, once */
    qtest_writew(qts, PAD_UART3_RX, PAD_IN_WAKE);
    qtest_set_irq_in(qts, SCM_QOM, "pad-in", SCM_PAD_UART3_RX, 1);
    g_assert_cmphex(qtest_readw(qts, PAD_UART3_RX), ==,
                    PAD_IN_WAKE | PAD_WAKEUPEVENT);
    g_assert_true(io_wake(qts));
    qtest_set_irq_in(qts, SCM_QOM, "pad-in", SCM_PAD_UART3_RX, 0);
    g_assert_cmpuint(wakeup_events(qts), ==, 1);
    /* the 32-bit view (omap_ctrl_readl, the CORE OFF context save) too */
    g_assert_cmphex(qtest_readl(qts, PAD_UART3_TX), ==,
                    (PAD_IN_WAKE | PAD_WAKEUPEVENT) << 16);

    /* read-only: rewriting the pad (bit 15 as 0 or 1) keeps it */
    qtest_writew(qts, PAD_UART3_RX, PAD_IN_WAKE);
    g_assert_cmphex(qtest_readw(qts, PAD_UART3_RX) & PAD_WAKEUPEVENT, ==,
                    PAD_WAKEUPEVENT);
    qtest_writew(qts, PAD_UART3_RX, PAD_IN_WAKE | PAD_WAKEUPEVENT);
    g_assert_true(io_wake(qts));
    /* the other pad of the word does not touch it */
    qtest_writew(qts, PAD_UART3_TX, 0x0018);
    g_assert_cmphex(qtest_readw(qts, PAD_UART3_RX) & PAD_WAKEUPEVENT, ==,
                    PAD_WAKEUPEVENT);

    /* a second armed pad: io-wake is the OR of both */
    qtest_writew(qts, PAD_UART2_RX, PAD_IN_WAKE);
    pad_activity(qts, SCM_PAD_UART2_RX);
    g_assert_cmphex(qtest_readw(qts, PAD_UART2_RX), ==,
                    PAD_IN_WAKE | PAD_WAKEUPEVENT);
    g_assert_cmpuint(wakeup_events(qts), ==, 2);

    /* pinctrl-single's mask: WAKEUPENABLE cleared, the latch with it */
    qtest_writew(qts, PAD_UART3_RX,
                 qtest_readw(qts, PAD_UART3_RX) & ~PAD_WAKEUPENABLE);
    g_assert_cmphex(qtest_readw(qts, PAD_UART3_RX), ==, PAD_IN);
    g_assert_true(io_wake(qts));                    /* UART2's still up */
    qtest_writel(qts, PAD_UART2_RX - 2,            /* 32-bit, both pads */
                 (PAD_IN << 16) | qtest_readw(qts, PAD_UART2_RX - 2));
    g_assert_cmphex(qtest_readw(qts, PAD_UART2_RX), ==, PAD_IN);
    g_assert_false(io_wake(qts));

    /* UART1's RX pad is a wake-up pad too; re-armed pads latch again */
    qtest_writew(qts, PAD_UART1_RX, PAD_IN_WAKE);
    qtest_writew(qts, PAD_UART3_RX, PAD_IN_WAKE);
    pad_activity(qts, SCM_PAD_UART1_RX);
    pad_activity(qts, SCM_PAD_UART3_RX);
    g_assert_cmphex(qtest_readw(qts, PAD_UART1_RX), ==,
                    PAD_IN_WAKE | PAD_WAKEUPEVENT);
    g_assert_cmphex(qtest_readw(qts, PAD_UART3_RX), ==,
                    PAD_IN_WAKE | PAD_WAKEUPEVENT);
    g_assert_cmpuint(wakeup_events(qts), ==, 4);
    qtest_quit(qts);
}

/* What omap3_pm_init and omap3_prm_init_pm leave */
static void kernel_pm_setup(QTestState *qts)
{
    rm696_pm_clkdm_setup(qts);
    qtest_writel(qts, PM_WKEN_WKUP, 0x10b);         /* EN_IO among them */
    qtest_writel(qts, PM_MPUGRPSEL_WKUP, 0xb);      /* no GRPSEL_IO */
    qtest_writel(qts, PRM_IRQENABLE_MPU, IRQ_IO_ST | IRQ_WKUP_ST);
    qtest_writel(qts, PRM_IRQSTATUS_MPU, 0xffffffff);
    qtest_writel(qts, INTC_BANK_REG(MIR_CLEAR, 0), 1u << PRCM_INTC_LINE);
    /* the oscillator is cut in RET and OFF: WAKE_NS to start again */
    qtest_writel(qts, PRM_CLKSRC_CTRL, (2 << 6) | (1 << 3));
    qtest_writel(qts, PRM_CLKSETUP, 100);
}

/* MPU, NEON, PER and CORE next in @st (C7: OFF, C5: RET) */
static void set_next_all(QTestState *qts, uint32_t st)
{
    rm696_pwrdm_set_next(qts, MOD_MPU, st);
    rm696_pwrdm_set_next(qts, MOD_NEON, st);
    rm696_pwrdm_set_next(qts, MOD_PER, st);
    rm696_pwrdm_set_next(qts, MOD_CORE, st);
}

/* The MPU in WFI: the domains go to @st */
static void sleep_in(QTestState *qts, uint32_t st)
{
    qtest_writel(qts, PM_PREPWSTST(MOD_CORE), 0);
    qtest_writel(qts, PM_PREPWSTST(MOD_MPU), 0);
    qtest_set_irq_in(qts, PRCM_QOM, "standbywfi", 0, 1);
    g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_CORE)) & 3, ==, st);
    g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_PER)) & 3, ==, st);
    g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_MPU)) & 3, ==, st);
}

/* Send @c to UART3's RX line and wait until the pad saw it */
static void type_key(QTestState *qts, int sock, char c, uint64_t events)
{
    int i;

    g_assert_cmpint(send(sock, &c, 1, 0), ==, 1);
    for (i = 0; i < 5000 && wakeup_events(qts) == events; i++) {
        g_usleep(1000);
    }
    g_assert_cmpuint(wakeup_events(qts), ==, events + 1);
}

/*
 * The wake-up, as an N900-style DT arms it: WAKEUPENABLE on UART3's RX
 * pad, EN_IO in PM_WKEN_WKUP, UART3 runtime-suspended (functional clock
 * off), the system in C7 (CORE OFF), then in C5 (CORE RET).  A byte on
 * the line wakes it through the pad each time.
 */
static void test_uart_wakes(void)
{
    static const uint32_t state[2] = { PWRST_OFF, PWRST_RET };
    int sock;
    QTestState *qts = qtest_init_with_serial("-M rm696", &sock);
    int round;

    qtest_irq_intercept_out_named(qts, PRCM_QOM, "cpu-irq");
    for (round = 0; round < 2; round++) {
        /* the kernel's set-up (again after CORE OFF reset CM and INTC) */
        kernel_pm_setup(qts);
        set_next_all(qts, state[round]);
        /* UART3 set up as 8250_omap does, then its clock stopped */
        qtest_writeb(qts, UART_LCR, 0x03);
        qtest_writeb(qts, UART_FCR, 0x01);
        qtest_writeb(qts, UART_IER, 0x01);
        qtest_writeb(qts, UART_MDR1, 0x00);
        qtest_writel(qts, CM_FCLKEN_PER, 0);
        qtest_writel(qts, CM_FCLKEN1_CORE, 0);
        qtest_writew(qts, PAD_UART3_RX, PAD_IN_WAKE);
        /* the second time ST_IO is still set from the first */
        g_assert_cmphex(qtest_readl(qts, PM_WKST_WKUP), ==,
                        round ? WKUP_EN_IO : 0);

        sleep_in(qts, state[round]);
        g_assert_false(qtest_get_irq(qts, 0));
        type_key(qts, sock, 'x', round);

        /* the latch, ST_IO, the PRCM's "io" interrupt at INTC 11 */
        g_assert_cmphex(qtest_readw(qts, PAD_UART3_RX), ==,
                        PAD_IN_WAKE | PAD_WAKEUPEVENT);
        g_assert_cmphex(qtest_readl(qts, PM_WKST_WKUP), ==, WKUP_EN_IO);
        g_assert_cmphex(qtest_readl(qts, PRM_IRQSTATUS_MPU), ==, IRQ_IO_ST);
        g_assert_true(rm696_intc_line(qts, PRCM_INTC_LINE));
        /* the wake-up takes the oscillator's set-up time, not less */
        qtest_clock_step(qts, WAKE_NS - 1);
        g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_MPU)) & 3, ==,
                        state[round]);
        g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_CORE)) & 3, ==,
                        state[round]);
        qtest_clock_step(qts, 1);
        g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_MPU)) & 3, ==,
                        PWRST_ON);
        g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_CORE)) & 3, ==,
                        PWRST_ON);
        g_assert_cmphex(qtest_readl(qts, PM_PREPWSTST(MOD_CORE)) & 3, ==,
                        state[round]);
        /*
         * The PRCM interrupt is still up: once the kernel has unmasked it
         * again (after CORE OFF the INTC is back at its reset state and
         * the kernel restores it), it reaches the MPU.
         */
        g_assert_true(rm696_intc_line(qts, PRCM_INTC_LINE));
        qtest_writel(qts, INTC_BANK_REG(MIR_CLEAR, 0), 1u << PRCM_INTC_LINE);
        g_assert_true(qtest_get_irq(qts, 0));
        qtest_set_irq_in(qts, PRCM_QOM, "standbywfi", 0, 0);

        /*
         * The byte is lost: the receiver had no clock.  After PER OFF
         * UART3 is back at its reset state, after RET it kept its set-up.
         */
        qtest_writel(qts, CM_FCLKEN_PER, EN_UART3);
        g_assert_cmphex(qtest_readb(qts, UART_MDR1), ==,
                        round ? 0x00 : 0x07);
        g_assert_cmpuint(qtest_readb(qts, UART_RXFIFO_LVL), ==, 0);

        /*
         * Linux: omap_prcm_irq_handler masks and acks IO_ST; "pm_io" reads
         * PM_WKST_WKUP & PM_MPUGRPSEL_WKUP (0xb): nothing to clear;
         * pinctrl-single masks the pad (the latch clears) and its rearm
         * cycles the I/O chain; 8250_omap's next runtime suspend unmasks
         * (arms) the pad again.
         */
        qtest_writel(qts, PRM_IRQENABLE_MPU, IRQ_WKUP_ST);
        qtest_writel(qts, PRM_IRQSTATUS_MPU, IRQ_IO_ST);
        g_assert_true(io_wake(qts));
        qtest_writew(qts, PAD_UART3_RX,
                     qtest_readw(qts, PAD_UART3_RX) & ~PAD_WAKEUPENABLE);
        g_assert_false(io_wake(qts));
        g_assert_cmphex(qtest_readw(qts, PAD_UART3_RX), ==, PAD_IN);
        qtest_writel(qts, PM_WKEN_WKUP, 0x10b | WKUP_EN_IO_CHAIN);
        qtest_writel(qts, PM_WKEN_WKUP, 0x10b);
        qtest_writel(qts, PM_WKST_WKUP, WKUP_EN_IO_CHAIN);
        qtest_writel(qts, PRM_IRQENABLE_MPU, IRQ_IO_ST | IRQ_WKUP_ST);
        g_assert_cmphex(qtest_readl(qts, PRM_IRQSTATUS_MPU), ==, 0);
        g_assert_false(rm696_intc_line(qts, PRCM_INTC_LINE));
        qtest_writel(qts, INTC_REG(CONTROL), 1);             /* NEWIRQAGR */
        g_assert_false(qtest_get_irq(qts, 0));
        /* ST_IO stays: nothing in the kernel writes it */
        g_assert_cmphex(qtest_readl(qts, PM_WKST_WKUP), ==, WKUP_EN_IO);
    }

    /* W1C clears ST_IO for whoever writes it */
    qtest_writel(qts, PM_WKST_WKUP, WKUP_EN_IO);
    g_assert_cmphex(qtest_readl(qts, PM_WKST_WKUP), ==, 0);

    /*
     * Without EN_IO the pad still latches, but the PRM takes no wake-up:
     * no ST_IO, no interrupt.
     */
    qtest_writel(qts, PM_WKEN_WKUP, 0x10b & ~WKUP_EN_IO);
    qtest_writel(qts, CM_FCLKEN_PER, 0);
    qtest_writew(qts, PAD_UART3_RX, PAD_IN_WAKE);
    type_key(qts, sock, 'y', 2);
    g_assert_true(io_wake(qts));
    g_assert_cmphex(qtest_readl(qts, PM_WKST_WKUP), ==, 0);
    g_assert_cmphex(qtest_readl(qts, PRM_IRQSTATUS_MPU), ==, 0);
    close(sock);
    qtest_quit(qts);
}

/* A running UART takes the byte, and the pad sees it all the same. */
static void test_uart_running(void)
{
    int sock, i;
    QTestState *qts = qtest_init_with_serial("-M rm696", &sock);

    qtest_writeb(qts, UART_LCR, 0x03);
    qtest_writeb(qts, UART_FCR, 0x01);
    qtest_writeb(qts, UART_MDR1, 0x00);
    qtest_writew(qts, PAD_UART3_RX, PAD_IN_WAKE);
    type_key(qts, sock, 'z', 0);
    for (i = 0; i < 5000 && !qtest_readb(qts, UART_RXFIFO_LVL); i++) {
        g_usleep(1000);
    }
    g_assert_cmpuint(qtest_readb(qts, UART_RXFIFO_LVL), ==, 1);
    g_assert_cmpuint(qtest_readb(qts, UART_RHR), ==, 'z');
    g_assert_true(io_wake(qts));
    close(sock);
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("/rm696/iowake/pad-latch", test_pad_latch);
    qtest_add_func("/rm696/iowake/uart-wakes", test_uart_wakes);
    qtest_add_func("/rm696/iowake/uart-running", test_uart_running);

    return g_test_run();
}
