/*
 * qtest for the time sources of the rm696 machine: the 32 kHz sync counter
 * (omap3-32ksync, Linux's clocksource and sched_clock) and the GP timers
 * (omap3-gptimer; GPT1 is Linux's clockevent, timer-ti-dm-systimer.c).
 *
 * All of them follow one rule: fclk tick k starts at the first virtual
 * nanosecond ns with floor(ns * hz / 1e9) >= k.  The tests step the
 * virtual clock to the nanosecond before and at each expected event.
 * Interrupts are observed at the INTC inputs (irq_intercept_in on
 * /machine/soc/intc), which also checks the wiring (GPT1 = 37, GPT2 = 38).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/host-utils.h"
#include "qemu/timer.h"
#include "libqtest.h"
#include "rm696-qtest.h"
#include "hw/n9/omap3_gptimer_regs.h"
#include "hw/n9/omap3_32ksync_regs.h"

/* 32 kHz sync counter register REG_32KSYNCNT_<reg> */
#define SYNC(reg)       (BLK_BASE(32KSYNC) + A_REG_32KSYNCNT_##reg)

#define GPT1            BLK_BASE(GPT1)
#define GPT2            BLK_BASE(GPT2)
/* Periodic: auto-reload, started */
#define TCLR_AR_ST      (R_TCLR_AR_MASK | R_TCLR_ST_MASK)

#define GPT1_IRQ        37
#define GPT2_IRQ        38

/* CM: functional/interface clock enables and the GPT clock selects */
#define CM_FCLKEN_WKUP  0x48004c00u
#define CM_ICLKEN_WKUP  0x48004c10u
#define CM_CLKSEL_WKUP  0x48004c40u
#define CM_FCLKEN_PER   0x48005000u
#define CM_ICLKEN_PER   0x48005010u
#define CM_CLKSEL_PER   0x48005040u

#define HZ_32K          32768

static uint64_t ns_to_ticks(int64_t ns, uint32_t hz)
{
    return muldiv64(ns, hz, NANOSECONDS_PER_SECOND);
}

/* First nanosecond of tick k */
static int64_t tick_ns(uint64_t k, uint32_t hz)
{
    return muldiv64_round_up(k, NANOSECONDS_PER_SECOND, hz);
}

/* qtest has no "read the clock": step it by 1 ns, which returns it. */
static int64_t now_ns(QTestState *qts)
{
    return qtest_clock_step(qts, 1);
}

static QTestState *timer_start(void)
{
    QTestState *qts = qtest_init("-M rm696");

    qtest_irq_intercept_in(qts, "/machine/soc/intc");
    return qts;
}

/* Rate of a GP timer's fclk, as the CM drives it. */
static uint32_t gpt_rate(QTestState *qts, int n)
{
    g_autofree char *path = g_strdup_printf("/machine/soc/gpt%d/fclk", n);
    uint64_t period = rm696_clock_period(qts, path);

    g_assert_cmpuint(period, !=, 0);
    return (1000000000ULL << 32) / period;
}

/* What Linux does to its clockevent: module reset by TSICR.SFT, poll
 * TISTAT, posted mode, OVF interrupt and wake-up enabled
 * (dmtimer_systimer_type1_reset, dmtimer_clkevt_init_common). */
static void gpt_linux_setup(QTestState *qts, uint32_t base)
{
    int n = 0;

    g_assert_cmphex(qtest_readl(qts, base + A_TIDR) >> 16, ==, 0);
    qtest_writel(qts, base + A_TIOCP_CFG, 0x215);
    qtest_writel(qts, base + A_TSICR, 0x6);
    while (!(qtest_readl(qts, base + A_TISTAT) & 1)) {
        g_assert_cmpint(++n, <, 10);
    }
    qtest_writel(qts, base + A_TSICR, 0x4);
    qtest_writel(qts, base + A_TIER, R_TISR_OVF_MASK);
    qtest_writel(qts, base + A_TWER, R_TISR_OVF_MASK);
    g_assert_cmphex(qtest_readl(qts, base + A_TWPS), ==, 0);
}

static void enable_gpt1_32k(QTestState *qts)
{
    qtest_writel(qts, CM_CLKSEL_WKUP, qtest_readl(qts, CM_CLKSEL_WKUP) & ~1);
    qtest_writel(qts, CM_FCLKEN_WKUP, qtest_readl(qts, CM_FCLKEN_WKUP) | 1);
    qtest_writel(qts, CM_ICLKEN_WKUP, qtest_readl(qts, CM_ICLKEN_WKUP) | 1);
    g_assert_cmpuint(gpt_rate(qts, 1), ==, HZ_32K);
}

static void enable_gpt2_32k(QTestState *qts)
{
    qtest_writel(qts, CM_CLKSEL_PER, qtest_readl(qts, CM_CLKSEL_PER) & ~1);
    qtest_writel(qts, CM_FCLKEN_PER, qtest_readl(qts, CM_FCLKEN_PER) | 8);
    qtest_writel(qts, CM_ICLKEN_PER, qtest_readl(qts, CM_ICLKEN_PER) | 8);
    g_assert_cmpuint(gpt_rate(qts, 2), ==, HZ_32K);
}

/* The 32 kHz counter is floor(ns * 32768 / 1e9): exactly 32768 per
 * second, monotonic, found at +0x10 (REV[31:30] = 0). */
static void test_sync_counter(void)
{
    QTestState *qts = qtest_init("-M rm696");
    uint32_t c0, c, prev;
    int64_t t;
    int i;

    g_assert_cmphex(qtest_readl(qts, SYNC(REV)) >> 30, ==, 0);

    t = qtest_clock_step(qts, 1234567);
    c0 = qtest_readl(qts, SYNC(CR));
    g_assert_cmpuint(c0, ==, (uint32_t)ns_to_ticks(t, HZ_32K));

    qtest_clock_step(qts, NANOSECONDS_PER_SECOND);
    g_assert_cmpuint(qtest_readl(qts, SYNC(CR)) - c0, ==, HZ_32K);
    qtest_clock_step(qts, 10 * NANOSECONDS_PER_SECOND);
    g_assert_cmpuint(qtest_readl(qts, SYNC(CR)) - c0, ==, 11 * HZ_32K);

    /* Tick edges: the counter moves at the first ns of each tick. */
    t = now_ns(qts);
    c = qtest_readl(qts, SYNC(CR));
    qtest_clock_set(qts, tick_ns(c + 1, HZ_32K) - 1);
    g_assert_cmpuint(qtest_readl(qts, SYNC(CR)), ==, c);
    qtest_clock_set(qts, tick_ns(c + 1, HZ_32K));
    g_assert_cmpuint(qtest_readl(qts, SYNC(CR)), ==, c + 1);

    /* Monotonic in steps smaller than a tick. */
    prev = qtest_readl(qts, SYNC(CR));
    for (i = 0; i < 200; i++) {
        t = qtest_clock_step(qts, 7919);
        c = qtest_readl(qts, SYNC(CR));
        g_assert_cmpuint(c, >=, prev);
        g_assert_cmpuint(c, ==, (uint32_t)ns_to_ticks(t, HZ_32K));
        prev = c;
    }

    /* It is not writable, and SYSCONFIG (which Linux writes 0) does not
     * stop it. */
    qtest_writel(qts, SYNC(CR), 0);
    qtest_writel(qts, SYNC(REV) + 4, 0);
    t = qtest_clock_step(qts, 1000000);
    g_assert_cmpuint(qtest_readl(qts, SYNC(CR)), ==,
                     (uint32_t)ns_to_ticks(t, HZ_32K));
    qtest_quit(qts);
}

/* The reset handshakes: TIOCP_CFG.SOFTRESET (ti-sysc) and TSICR.SFT
 * (timer-ti-dm) really reset the registers and TISTAT reads done. */
static void test_gpt_softreset(void)
{
    QTestState *qts = timer_start();
    uint32_t bases[] = { GPT1, GPT2 };
    int i;

    enable_gpt1_32k(qts);
    enable_gpt2_32k(qts);
    for (i = 0; i < ARRAY_SIZE(bases); i++) {
        uint32_t b = bases[i];

        g_assert_cmphex(qtest_readl(qts, b + A_TIDR) >> 16, ==, 0);
        qtest_writel(qts, b + A_TLDR, 0x1234);
        qtest_writel(qts, b + A_TMAR, 0x5678);
        qtest_writel(qts, b + A_TIER, R_TISR_OVF_MASK);
        qtest_writel(qts, b + A_TIOCP_CFG, 0x215);
        g_assert_cmphex(qtest_readl(qts, b + A_TIOCP_CFG), ==, 0x215);

        qtest_writel(qts, b + A_TIOCP_CFG, 0x2);
        g_assert_cmphex(qtest_readl(qts, b + A_TISTAT) & 1, ==, 1);
        g_assert_cmphex(qtest_readl(qts, b + A_TIOCP_CFG), ==, 0);
        g_assert_cmphex(qtest_readl(qts, b + A_TLDR), ==, 0);
        g_assert_cmphex(qtest_readl(qts, b + A_TMAR), ==, 0);
        g_assert_cmphex(qtest_readl(qts, b + A_TIER), ==, 0);

        qtest_writel(qts, b + A_TLDR, 0x1234);
        qtest_writel(qts, b + A_TCRR, 0x42);
        qtest_writel(qts, b + A_TSICR, 0x6);
        g_assert_cmphex(qtest_readl(qts, b + A_TISTAT) & 1, ==, 1);
        g_assert_cmphex(qtest_readl(qts, b + A_TLDR), ==, 0);
        g_assert_cmphex(qtest_readl(qts, b + A_TCRR), ==, 0);
        g_assert_cmphex(qtest_readl(qts, b + A_TSICR), ==, 0x4);
        g_assert_cmphex(qtest_readl(qts, b + A_TWPS), ==, 0);
    }
    qtest_quit(qts);
}

/*
 * One-shot, as dmtimer_set_next_event() programs it: TCRR = 0xffffffff -
 * cycles, TCLR = ST.  The overflow comes cycles + 1 ticks after the start
 * tick, exactly when the 32 kHz counter has moved by as much; the counter
 * then stops at 0 with ST clear, and TISR is write-1-to-clear.
 */
static void oneshot(QTestState *qts, uint32_t b, int irq, uint32_t cycles)
{
    uint64_t t0, sync0;
    int64_t ovf;

    t0 = ns_to_ticks(now_ns(qts), HZ_32K);
    sync0 = qtest_readl(qts, SYNC(CR));
    g_assert_cmpuint(sync0, ==, (uint32_t)t0);
    qtest_writel(qts, b + A_TCRR, 0xffffffff - cycles);
    qtest_writel(qts, b + A_TCLR, R_TCLR_ST_MASK);
    ovf = tick_ns(t0 + cycles + 1, HZ_32K);

    qtest_clock_set(qts, ovf - 1);
    g_assert_cmphex(qtest_readl(qts, b + A_TCRR), ==, 0xffffffff);
    g_assert_cmphex(qtest_readl(qts, b + A_TISR), ==, 0);
    g_assert_cmphex(qtest_readl(qts, b + A_TCLR) & R_TCLR_ST_MASK, ==, R_TCLR_ST_MASK);
    g_assert_false(qtest_get_irq(qts, irq));

    qtest_clock_set(qts, ovf);
    g_assert_true(qtest_get_irq(qts, irq));
    g_assert_cmphex(qtest_readl(qts, b + A_TISR), ==, R_TISR_OVF_MASK);
    g_assert_cmphex(qtest_readl(qts, b + A_TCLR) & R_TCLR_ST_MASK, ==, 0);
    g_assert_cmphex(qtest_readl(qts, b + A_TCRR), ==, 0);
    g_assert_cmpuint(qtest_readl(qts, SYNC(CR)) - sync0, ==, cycles + 1);

    /* dmtimer_clockevent_interrupt() acks with TISR = OVF. */
    qtest_writel(qts, b + A_TISR, R_TISR_OVF_MASK);
    g_assert_false(qtest_get_irq(qts, irq));
    g_assert_cmphex(qtest_readl(qts, b + A_TISR), ==, 0);

    /* Stopped: nothing more happens. */
    qtest_clock_step(qts, NANOSECONDS_PER_SECOND);
    g_assert_false(qtest_get_irq(qts, irq));
    g_assert_cmphex(qtest_readl(qts, b + A_TCRR), ==, 0);
}

static void test_gpt1_oneshot(void)
{
    QTestState *qts = timer_start();

    enable_gpt1_32k(qts);
    gpt_linux_setup(qts, GPT1);
    qtest_clock_step(qts, 12345);       /* not on a tick edge */
    oneshot(qts, GPT1, GPT1_IRQ, 100);
    /* The shortest the kernel asks for (min delta 3), and a long one. */
    qtest_clock_step(qts, 777);
    oneshot(qts, GPT1, GPT1_IRQ, 3);
    oneshot(qts, GPT1, GPT1_IRQ, 32768 * 5 + 17);
    qtest_quit(qts);
}

/*
 * Periodic, as dmtimer_set_periodic() programs it for HZ = 128: TLDR =
 * TCRR = 0xffffffff - 256, TCLR = AR | ST: an overflow every 257 ticks.
 */
static void test_gpt1_periodic(void)
{
    QTestState *qts = timer_start();
    const uint32_t load = 0xffffffff - 256;
    const uint64_t period = 257;
    uint64_t t0;
    int k;

    enable_gpt1_32k(qts);
    gpt_linux_setup(qts, GPT1);
    qtest_clock_step(qts, 4242);
    qtest_writel(qts, GPT1 + A_TLDR, load);
    qtest_writel(qts, GPT1 + A_TCRR, load);
    t0 = ns_to_ticks(now_ns(qts), HZ_32K);
    qtest_writel(qts, GPT1 + A_TCLR, TCLR_AR_ST);

    for (k = 1; k <= 3; k++) {
        int64_t ovf = tick_ns(t0 + k * period, HZ_32K);

        /* TCRR counts between the overflows. */
        qtest_clock_set(qts, tick_ns(t0 + (k - 1) * period + 100, HZ_32K));
        g_assert_cmphex(qtest_readl(qts, GPT1 + A_TCRR), ==, load + 100);
        qtest_clock_set(qts, ovf - 1);
        g_assert_false(qtest_get_irq(qts, GPT1_IRQ));
        g_assert_cmphex(qtest_readl(qts, GPT1 + A_TCRR), ==, 0xffffffff);
        qtest_clock_set(qts, ovf);
        g_assert_true(qtest_get_irq(qts, GPT1_IRQ));
        g_assert_cmphex(qtest_readl(qts, GPT1 + A_TCRR), ==, load);
        g_assert_cmphex(qtest_readl(qts, GPT1 + A_TCLR) & TCLR_AR_ST, ==,
                        TCLR_AR_ST);
        qtest_writel(qts, GPT1 + A_TISR, R_TISR_OVF_MASK);
        g_assert_false(qtest_get_irq(qts, GPT1_IRQ));
    }

    /* Not acked: the line stays up over several periods, the counter keeps
     * its course; after the ack the next overflow is on time. */
    qtest_clock_set(qts, tick_ns(t0 + 9 * period + 5, HZ_32K));
    g_assert_true(qtest_get_irq(qts, GPT1_IRQ));
    g_assert_cmphex(qtest_readl(qts, GPT1 + A_TCRR), ==, load + 5);
    qtest_writel(qts, GPT1 + A_TISR, R_TISR_OVF_MASK);
    g_assert_false(qtest_get_irq(qts, GPT1_IRQ));
    qtest_clock_set(qts, tick_ns(t0 + 10 * period, HZ_32K) - 1);
    g_assert_false(qtest_get_irq(qts, GPT1_IRQ));
    qtest_clock_set(qts, tick_ns(t0 + 10 * period, HZ_32K));
    g_assert_true(qtest_get_irq(qts, GPT1_IRQ));

    /* dmtimer_clockevent_shutdown(): stop, ack; TCRR freezes. */
    qtest_writel(qts, GPT1 + A_TCLR, qtest_readl(qts, GPT1 + A_TCLR) & ~R_TCLR_ST_MASK);
    qtest_writel(qts, GPT1 + A_TISR, R_TISR_OVF_MASK);
    g_assert_false(qtest_get_irq(qts, GPT1_IRQ));
    qtest_clock_step(qts, NANOSECONDS_PER_SECOND);
    g_assert_false(qtest_get_irq(qts, GPT1_IRQ));
    g_assert_cmphex(qtest_readl(qts, GPT1 + A_TCRR), ==, load);

    /* TTGR reloads TCRR from TLDR. */
    qtest_writel(qts, GPT1 + A_TCRR, 7);
    qtest_writel(qts, GPT1 + A_TTGR, 0);
    g_assert_cmphex(qtest_readl(qts, GPT1 + A_TCRR), ==, load);
    qtest_quit(qts);
}

/* Match interrupt and the prescaler. */
static void test_gpt1_match_prescaler(void)
{
    QTestState *qts = timer_start();
    uint64_t t0;

    enable_gpt1_32k(qts);
    gpt_linux_setup(qts, GPT1);
    qtest_writel(qts, GPT1 + A_TIER, R_TISR_MAT_MASK);
    qtest_writel(qts, GPT1 + A_TMAR, 1000);
    qtest_writel(qts, GPT1 + A_TCRR, 0);
    qtest_clock_step(qts, 999);
    t0 = ns_to_ticks(now_ns(qts), HZ_32K);
    /* PRE with PTV = 1: one increment every 4 ticks. */
    qtest_writel(qts, GPT1 + A_TCLR, R_TCLR_CE_MASK | R_TCLR_PRE_MASK |
                 (1 << R_TCLR_PTV_SHIFT) | R_TCLR_ST_MASK);

    qtest_clock_set(qts, tick_ns(t0 + 4 * 10, HZ_32K) - 1);
    g_assert_cmphex(qtest_readl(qts, GPT1 + A_TCRR), ==, 9);
    qtest_clock_set(qts, tick_ns(t0 + 4 * 10, HZ_32K));
    g_assert_cmphex(qtest_readl(qts, GPT1 + A_TCRR), ==, 10);

    qtest_clock_set(qts, tick_ns(t0 + 4 * 1000, HZ_32K) - 1);
    g_assert_false(qtest_get_irq(qts, GPT1_IRQ));
    qtest_clock_set(qts, tick_ns(t0 + 4 * 1000, HZ_32K));
    g_assert_true(qtest_get_irq(qts, GPT1_IRQ));
    g_assert_cmphex(qtest_readl(qts, GPT1 + A_TISR), ==, R_TISR_MAT_MASK);
    /* A match does not stop the counter. */
    qtest_clock_set(qts, tick_ns(t0 + 4 * 1001, HZ_32K));
    g_assert_cmphex(qtest_readl(qts, GPT1 + A_TCRR), ==, 1001);
    g_assert_cmphex(qtest_readl(qts, GPT1 + A_TCLR) & R_TCLR_ST_MASK, ==, R_TCLR_ST_MASK);
    qtest_writel(qts, GPT1 + A_TISR, R_TISR_MAT_MASK);
    g_assert_false(qtest_get_irq(qts, GPT1_IRQ));
    qtest_quit(qts);
}

/* GPT2, in the PER domain: the same one-shot, then a switch of its fclk
 * to sys_clk while it runs: the count stays continuous and goes on at the
 * new rate. */
static void test_gpt2(void)
{
    QTestState *qts = timer_start();
    uint32_t c0, rate;
    uint64_t t0;

    enable_gpt2_32k(qts);
    gpt_linux_setup(qts, GPT2);
    qtest_clock_step(qts, 31);
    oneshot(qts, GPT2, GPT2_IRQ, 1000);

    qtest_writel(qts, GPT2 + A_TIER, 0);
    qtest_writel(qts, GPT2 + A_TCRR, 0);
    qtest_writel(qts, GPT2 + A_TCLR, R_TCLR_ST_MASK);
    qtest_clock_step(qts, 10 * 1000 * 1000);
    c0 = qtest_readl(qts, GPT2 + A_TCRR);
    g_assert_cmpuint(c0, >=, 327);
    g_assert_cmpuint(c0, <=, 328);

    qtest_writel(qts, CM_CLKSEL_PER, qtest_readl(qts, CM_CLKSEL_PER) | 1);
    rate = gpt_rate(qts, 2);
    g_assert_cmpuint(rate, >, 1000000);
    g_assert_cmpuint(qtest_readl(qts, GPT2 + A_TCRR), ==, c0);
    t0 = ns_to_ticks(now_ns(qts), rate);
    qtest_clock_set(qts, tick_ns(t0 + 5000, rate));
    g_assert_cmpuint(qtest_readl(qts, GPT2 + A_TCRR), ==, c0 + 5000);
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("/rm696/timer/sync_counter", test_sync_counter);
    qtest_add_func("/rm696/timer/gpt_softreset", test_gpt_softreset);
    qtest_add_func("/rm696/timer/gpt1_oneshot", test_gpt1_oneshot);
    qtest_add_func("/rm696/timer/gpt1_periodic", test_gpt1_periodic);
    qtest_add_func("/rm696/timer/gpt1_match_prescaler",
                   test_gpt1_match_prescaler);
    qtest_add_func("/rm696/timer/gpt2", test_gpt2);

    return g_test_run();
}
