/*
 * qtest for the rm696 machine's watchdog timers (omap3-wdt: WDT2 0x48314000,
 * WDT3 0x49030000), MMC host controllers (omap3-hsmmc, MMC2 0x480B4000)
 * and a module modelled only by its reset handshake (omap3-sysc-module,
 * mailbox 0x48094000): the behaviour arch/arm/mach-omap2/wd_timer.c,
 * drivers/watchdog/omap_wdt.c, drivers/mmc/host/omap_hsmmc.c, the hwmod
 * code and drivers/bus/ti-sysc.c rely on.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include <glib/gstdio.h>
#include "libqtest.h"
#include "qobject/qdict.h"
#include "rm696-qtest.h"
#include "hw/n9/omap3_wdt_regs.h"
#include "hw/n9/omap3_hsmmc_regs.h"
#include "hw/n9/omap3_hdq_regs.h"

#define NS_PER_SEC          1000000000LL

#define WDT2                BLK_BASE(WDT2)
#define WDT3                BLK_BASE(WDT3)
/* a watchdog's register at base @b (hw/n9/omap3_wdt_regs.h) */
#define WD_SYSCONFIG(b)     ((b) + A_WD_SYSCONFIG)
#define WD_SYSSTATUS(b)     ((b) + A_WD_SYSSTATUS)
#define WISR(b)             ((b) + A_WISR)
#define WIER(b)             ((b) + A_WIER)
#define WCLR(b)             ((b) + A_WCLR)
#define WCRR(b)             ((b) + A_WCRR)
#define WLDR(b)             ((b) + A_WLDR)
#define WTGR(b)             ((b) + A_WTGR)
#define WWPS(b)             ((b) + A_WWPS)
#define WSPR(b)             ((b) + A_WSPR)

#define MMC2                BLK_BASE(MMC2)
/* an MMC2 register (hw/n9/omap3_hsmmc_regs.h) */
#define MMC_SYSCONFIG       (MMC2 + A_SYSCONFIG)
#define MMC_SYSSTATUS       (MMC2 + A_SYSSTATUS)
#define MMC_CON             (MMC2 + A_CON)
#define MMC_ARG             (MMC2 + A_ARG)
#define MMC_CMD             (MMC2 + A_CMD)
#define MMC_RSP10           (MMC2 + A_RSP10)
#define MMC_PSTATE          (MMC2 + A_PSTATE)
#define MMC_HCTL            (MMC2 + A_HCTL)
#define MMC_SYSCTL          (MMC2 + A_SYSCTL)
#define MMC_STAT            (MMC2 + A_STAT)
#define MMC_IE              (MMC2 + A_IE)
#define MMC_ISE             (MMC2 + A_ISE)
#define MMC_CAPA            (MMC2 + A_CAPA)

/* omap_hsmmc.c bits (hw/n9/omap3_hsmmc_regs.h) */
#define ICE                 R_SYSCTL_ICE_MASK
#define ICS                 R_SYSCTL_ICS_MASK
#define SRA                 R_SYSCTL_SRA_MASK
#define SRC                 R_SYSCTL_SRC_MASK
#define SRD                 R_SYSCTL_SRD_MASK
#define SDBP                R_HCTL_SDBP_MASK
#define SDVS18              (OMAP3_HSMMC_SDVS_1V8 << R_HCTL_SDVS_SHIFT)
#define VS18                R_CAPA_VS18_MASK
#define INIT_STREAM         R_CON_INIT_STREAM_MASK
#define CC_EN               R_STAT_CC_MASK
#define ERR_EN              R_STAT_ERRI_MASK
#define CTO_EN              R_STAT_CTO_MASK
#define INT_EN_MASK         0x317F0033u
#define STAT_CLEAR          0xFFFFFFFFu

#define MAILBOX             0x48094000u

#define IRQ_WDT3            36
#define IRQ_MMC2            86

/*
 * omap2_wd_timer_disable(): the stop sequence, each step spinning on WWPS
 * with no timeout.
 */
static void wdt_stop(QTestState *qts, uint32_t base)
{
    qtest_writel(qts, WSPR(base), OMAP3_WDT_STOP1);
    g_assert_cmphex(qtest_readl(qts, WWPS(base)), ==, 0);
    qtest_writel(qts, WSPR(base), OMAP3_WDT_STOP2);
    g_assert_cmphex(qtest_readl(qts, WWPS(base)), ==, 0);
}

static void wdt_start(QTestState *qts, uint32_t base)
{
    qtest_writel(qts, WSPR(base), OMAP3_WDT_START1);
    g_assert_cmphex(qtest_readl(qts, WWPS(base)), ==, 0);
    qtest_writel(qts, WSPR(base), OMAP3_WDT_START2);
    g_assert_cmphex(qtest_readl(qts, WWPS(base)), ==, 0);
}

/*
 * WDT2 runs out of reset at 32768 Hz; the hwmod reset re-arms it and the
 * kernel stops it with 0xAAAA/0x5555.
 */
static void test_wdt2_stop(void)
{
    QTestState *qts = qtest_init("-M rm696");
    uint32_t c0, c1;

    c0 = qtest_readl(qts, WCRR(WDT2));
    qtest_clock_step(qts, NS_PER_SEC);
    c1 = qtest_readl(qts, WCRR(WDT2));
    g_assert_cmphex(c1 - c0, ==, 32768);

    wdt_stop(qts, WDT2);
    c0 = qtest_readl(qts, WCRR(WDT2));
    qtest_clock_step(qts, 20 * NS_PER_SEC);
    g_assert_cmphex(qtest_readl(qts, WCRR(WDT2)), ==, c0);
    g_assert_cmphex(qtest_readl(qts, WISR(WDT2)), ==, 0);

    /* The hwmod soft reset re-arms it (omap2_wd_timer_reset). */
    qtest_writel(qts, WD_SYSCONFIG(WDT2), 0x2);
    g_assert_cmphex(qtest_readl(qts, WD_SYSCONFIG(WDT2)) & 2, ==, 0);
    g_assert_cmphex(qtest_readl(qts, WD_SYSSTATUS(WDT2)) & 1, ==, 1);
    g_assert_cmphex(qtest_readl(qts, WLDR(WDT2)), ==, 0xFFFB0000);
    c0 = qtest_readl(qts, WCRR(WDT2));
    qtest_clock_step(qts, NS_PER_SEC / 2);
    g_assert_cmphex(qtest_readl(qts, WCRR(WDT2)) - c0, ==, 16384);
    wdt_stop(qts, WDT2);
    qtest_quit(qts);
}

/*
 * QEMU with @args, its stderr going to a file in a new temporary folder
 * (*@path): libqtest starts QEMU through /bin/sh -c, so a redirection
 * among the arguments works.
 */
static QTestState *qtest_init_stderr(const char *args, char **path)
{
    g_autofree char *dir = g_dir_make_tmp("rm696-wdt-XXXXXX", NULL);

    g_assert(dir);
    *path = g_build_filename(dir, "stderr", NULL);
    return qtest_initf("%s 2>%s", args, *path);
}

/* The stderr of a QEMU that has quit; removes the file and its folder. */
static char *stderr_take(char *path)
{
    g_autofree char *dir = g_path_get_dirname(path);
    char *text;

    g_assert(g_file_get_contents(path, &text, NULL, NULL));
    g_unlink(path);
    g_rmdir(dir);
    g_free(path);
    return text;
}

/* How many times @needle occurs in @hay. */
static int count_str(const char *hay, const char *needle)
{
    int n = 0;

    for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle)) {
        n++;
    }
    return n;
}

/*
 * Every QMP event, as "NAME" or for WATCHDOG "WATCHDOG:action", appended
 * to the GString @opaque, space-separated.
 */
static bool log_event(QTestState *qts, const char *name, QDict *event,
                      void *opaque)
{
    GString *log = opaque;

    g_string_append_printf(log, "%s%s", log->len ? " " : "", name);
    if (!strcmp(name, "WATCHDOG")) {
        g_string_append_printf(log, ":%s", qdict_get_str(
                                   qdict_get_qdict(event, "data"), "action"));
    }
    return true;
}

/*
 * query-status once QEMU has acted on what the last qtest command
 * requested (a reset, a stop): the main loop does that when the iteration
 * that ran the command ends, before it dispatches a QMP command sent after
 * the answer to another one.  The events sent before the answer are in
 * the log.  Returns the run state; *@running: whether the VM runs.
 */
static char *run_state(QTestState *qts, bool *running)
{
    QDict *ret = NULL;
    char *status;

    for (int i = 0; i < 2; i++) {
        qobject_unref(ret);
        ret = qtest_qmp_assert_success_ref(qts,
                                           "{ 'execute': 'query-status' }");
    }
    status = g_strdup(qdict_get_str(ret, "status"));
    *running = qdict_get_bool(ret, "running");
    qobject_unref(ret);
    return status;
}

/*
 * omap_wdt_start() with a timeout of 1 s: stop, prescaler (PTV 0), WLDR
 * 32768 ticks below the wrap, reload through WTGR, start.
 */
static void wdt2_start_1s(QTestState *qts)
{
    wdt_stop(qts, WDT2);
    qtest_writel(qts, WCLR(WDT2), R_WCLR_PRE_MASK);     /* PTV 0 */
    qtest_writel(qts, WLDR(WDT2), 0xFFFF8000);         /* 1 s */
    qtest_writel(qts, WTGR(WDT2), 0x1234);
    g_assert_cmphex(qtest_readl(qts, WCRR(WDT2)), ==, 0xFFFF8000);
    wdt_start(qts, WDT2);
}

/*
 * A register only a chip reset restores: WDT3's WLDR (WDT3 is stopped, so
 * the write holds; its reset value is 0xFFFB0000).
 */
#define RESET_MARK          0x12345678u

/* The line WDT2's expiry prints (after "qemu-system-arm: ") */
#define WDT2_LINE(when, action) \
    "warning: rm696: WDT2 (MPU watchdog) expired at " when \
    " s of virtual time: -action watchdog=" action "\n"

/*
 * omap_wdt_start(), pings through WTGR.  If nobody pings it, WDT2 resets
 * the machine when WCRR overflows (-action watchdog=reset, the default)
 * and says so in one line.
 */
static void test_wdt2_expiry(void)
{
    char *errpath;
    QTestState *qts = qtest_init_stderr("-M rm696", &errpath);
    g_autoptr(GString) log = g_string_new("");
    g_autofree char *status = NULL;
    g_autofree char *err = NULL;
    bool running;

    qtest_qmp_set_event_callback(qts, log_event, log);
    qtest_writel(qts, WLDR(WDT3), RESET_MARK);
    wdt2_start_1s(qts);
    /* Writes to the timer registers are ignored while it runs. */
    qtest_writel(qts, WLDR(WDT2), 0);
    g_assert_cmphex(qtest_readl(qts, WLDR(WDT2)), ==, 0xFFFF8000);

    qtest_clock_step(qts, NS_PER_SEC / 2);
    g_assert_cmphex(qtest_readl(qts, WCRR(WDT2)), ==, 0xFFFFC000);
    /* A ping (new WTGR value) reloads WCRR from WLDR. */
    qtest_writel(qts, WTGR(WDT2), ~0x1234u);
    g_assert_cmphex(qtest_readl(qts, WCRR(WDT2)), ==, 0xFFFF8000);
    qtest_clock_step(qts, NS_PER_SEC / 2);
    g_assert_cmphex(qtest_readl(qts, WCRR(WDT2)), ==, 0xFFFFC000);
    g_assert_cmphex(qtest_readl(qts, WISR(WDT2)), ==, 0);
    g_assert_cmphex(qtest_readl(qts, WLDR(WDT3)), ==, RESET_MARK);

    /* No ping: 0.5 s later (at 1.5 s) it expires and the machine resets. */
    qtest_clock_step(qts, NS_PER_SEC / 2 + 1000);
    status = run_state(qts, &running);
    g_assert_cmpstr(log->str, ==, "WATCHDOG:reset RESET");
    g_assert_cmpstr(status, ==, "running");
    g_assert_true(running);
    /* The chip was reset: WDT2 in its reset state, running again. */
    g_assert_cmphex(qtest_readl(qts, WLDR(WDT2)), ==, 0xFFFB0000);
    g_assert_cmphex(qtest_readl(qts, WSPR(WDT2)), ==, 0);
    g_assert_cmphex(qtest_readl(qts, WLDR(WDT3)), ==, 0xFFFB0000);
    qtest_quit(qts);

    err = stderr_take(errpath);
    g_assert_cmpint(count_str(err, "WDT2"), ==, 1);
    g_assert_nonnull(strstr(err, WDT2_LINE("1.500000", "reset")));
}

/*
 * -action watchdog=pause: WDT2's expiry stops the VM (run state
 * "watchdog") instead of resetting the chip; 'cont' goes on, with WDT2
 * from its reset values.
 */
static void test_wdt2_action_pause(void)
{
    char *errpath;
    QTestState *qts = qtest_init_stderr("-M rm696 -action watchdog=pause",
                                        &errpath);
    g_autoptr(GString) log = g_string_new("");
    g_autofree char *before = NULL;
    g_autofree char *paused = NULL;
    g_autofree char *resumed = NULL;
    g_autofree char *err = NULL;
    bool running;

    qtest_qmp_set_event_callback(qts, log_event, log);
    qtest_writel(qts, WLDR(WDT3), RESET_MARK);
    wdt2_start_1s(qts);
    /* One nanosecond short of the overflow: nothing yet. */
    qtest_clock_step(qts, NS_PER_SEC - 1);
    g_assert_cmphex(qtest_readl(qts, WCRR(WDT2)), ==, 0xFFFFFFFF);
    before = run_state(qts, &running);
    g_assert_cmpstr(before, ==, "running");
    g_assert_true(running);
    g_assert_cmpstr(log->str, ==, "");

    qtest_clock_step(qts, 1000);
    paused = run_state(qts, &running);
    g_assert_cmpstr(log->str, ==, "WATCHDOG:pause STOP");
    g_assert_cmpstr(paused, ==, "watchdog");
    g_assert_false(running);
    /* No chip reset; WDT2 itself goes on from its reset values. */
    g_assert_cmphex(qtest_readl(qts, WLDR(WDT3)), ==, RESET_MARK);
    g_assert_cmphex(qtest_readl(qts, WLDR(WDT2)), ==, 0xFFFB0000);

    qtest_qmp_assert_success(qts, "{ 'execute': 'cont' }");
    resumed = run_state(qts, &running);
    g_assert_cmpstr(log->str, ==, "WATCHDOG:pause STOP RESUME");
    g_assert_cmpstr(resumed, ==, "running");
    g_assert_true(running);
    qtest_quit(qts);

    err = stderr_take(errpath);
    g_assert_cmpint(count_str(err, "WDT2"), ==, 1);
    g_assert_nonnull(strstr(err, WDT2_LINE("1.000000", "pause")));
}

/*
 * -action watchdog=none: the machine runs on, no reset; WDT2 goes on from
 * its reset values and, not stopped, expires again 10 s later, with a
 * line each time.
 */
static void test_wdt2_action_none(void)
{
    static const char *const logs[] = {
        "WATCHDOG:none", "WATCHDOG:none WATCHDOG:none"
    };
    char *errpath;
    QTestState *qts = qtest_init_stderr("-M rm696 -action watchdog=none",
                                        &errpath);
    g_autoptr(GString) log = g_string_new("");
    g_autofree char *err = NULL;
    bool running;

    qtest_qmp_set_event_callback(qts, log_event, log);
    qtest_writel(qts, WLDR(WDT3), RESET_MARK);
    wdt2_start_1s(qts);
    qtest_clock_step(qts, NS_PER_SEC + 1000);           /* at 1 s */
    for (int i = 0; i < 2; i++) {
        g_autofree char *status = run_state(qts, &running);

        g_assert_cmpstr(log->str, ==, logs[i]);
        g_assert_cmpstr(status, ==, "running");
        g_assert_true(running);
        g_assert_cmphex(qtest_readl(qts, WLDR(WDT3)), ==, RESET_MARK);
        g_assert_cmphex(qtest_readl(qts, WLDR(WDT2)), ==, 0xFFFB0000);
        g_assert_cmphex(qtest_readl(qts, WSPR(WDT2)), ==, 0);
        /* 0.5 s into the next 10 s: 16384 of 0x50000 ticks */
        qtest_clock_step(qts, NS_PER_SEC / 2 - 1000);
        g_assert_cmphex(qtest_readl(qts, WCRR(WDT2)), ==, 0xFFFB4000);
        if (i == 0) {
            qtest_clock_step(qts, 19 * NS_PER_SEC / 2 + 1000);  /* 11 s */
        }
    }
    qtest_quit(qts);

    err = stderr_take(errpath);
    g_assert_cmpint(count_str(err, "WDT2"), ==, 2);
    g_assert_nonnull(strstr(err, WDT2_LINE("1.000000", "none")));
    g_assert_nonnull(strstr(err, WDT2_LINE("11.000000", "none")));
}

/* WDT3 (IVA2) does not run out of reset and only interrupts (INTC 36). */
static void test_wdt3_irq(void)
{
    QTestState *qts = qtest_init("-M rm696");
    uint32_t c0;

    c0 = qtest_readl(qts, WCRR(WDT3));
    qtest_clock_step(qts, NS_PER_SEC / 100);
    g_assert_cmphex(qtest_readl(qts, WCRR(WDT3)), ==, c0);

    qtest_writel(qts, WIER(WDT3), 1);
    qtest_writel(qts, WLDR(WDT3), 0xFFFFFFF0);          /* 16 ticks */
    qtest_writel(qts, WTGR(WDT3), 1);
    wdt_start(qts, WDT3);
    g_assert_false(rm696_intc_line(qts, IRQ_WDT3));
    /* 15 ticks: not yet; the 16th tick (at 488281.25 ns) overflows. */
    qtest_clock_step(qts, 15 * NS_PER_SEC / 32768 + 1);
    g_assert_cmphex(qtest_readl(qts, WISR(WDT3)), ==, 0);
    g_assert_cmphex(qtest_readl(qts, WCRR(WDT3)), ==, 0xFFFFFFFF);
    qtest_clock_step(qts, NS_PER_SEC / 32768 + 1);
    g_assert_cmphex(qtest_readl(qts, WISR(WDT3)), ==, 1);
    g_assert_true(rm696_intc_line(qts, IRQ_WDT3));
    /* Reloaded from WLDR and counting on. */
    g_assert_cmphex(qtest_readl(qts, WCRR(WDT3)), >=, 0xFFFFFFF0);
    wdt_stop(qts, WDT3);
    qtest_writel(qts, WISR(WDT3), 1);
    g_assert_cmphex(qtest_readl(qts, WISR(WDT3)), ==, 0);
    g_assert_false(rm696_intc_line(qts, IRQ_WDT3));
    qtest_quit(qts);
}

#define SYNC32K             0x48320010u
#define WDT_FAST_LDR        0xFFFFFFF0u     /* overflows every 16 ticks */

/* Tick @k of the 32 kHz clock starts at ceil(k * 1e9 / 32768) ns. */
static int64_t tick32k_ns(uint64_t k)
{
    return (k * NS_PER_SEC + 32767) / 32768;
}

typedef struct WdtFastResult {
    uint32_t wcrr, wisr;
    int64_t clock, host_us;
} WdtFastResult;

/*
 * A fast WDT3 (no prescaler, WLDR 16 ticks below the wrap: 2,048
 * overflows a second) with its interrupt enabled runs @total ns in @nsteps
 * clock steps.  Checked against the 32 kHz sync counter, which ticks on
 * the same edges: WCRR is WLDR plus the ticks since the last overflow,
 * WISR.OVF and the line are set; cleared, they come back exactly at the
 * next overflow's first nanosecond and not one before.
 */
static WdtFastResult wdt_fast_run(int nsteps, int64_t total)
{
    QTestState *qts = qtest_init("-M rm696");
    WdtFastResult r;
    uint32_t s0, s1;
    uint64_t next;
    int64_t now, t0;

    wdt_stop(qts, WDT2);                /* or it resets the chip at 10 s */
    qtest_writel(qts, WCLR(WDT3), 0);                  /* no prescaler */
    qtest_writel(qts, WLDR(WDT3), WDT_FAST_LDR);
    qtest_writel(qts, WTGR(WDT3), 1);
    qtest_writel(qts, WIER(WDT3), 1);
    wdt_start(qts, WDT3);
    s0 = qtest_readl(qts, SYNC32K);
    g_assert_cmphex(qtest_readl(qts, WCRR(WDT3)), ==, WDT_FAST_LDR);

    t0 = g_get_monotonic_time();
    for (int64_t i = 0, done = 0; i < nsteps; i++) {
        /* uneven steps, so they end anywhere in a tick */
        int64_t step = i == nsteps - 1 ? total - done
                                       : total / nsteps + 7919 * (i % 7) - 20000;

        qtest_clock_step(qts, step);
        done += step;
    }
    r.host_us = g_get_monotonic_time() - t0;
    now = qtest_clock_step(qts, 1);
    s1 = qtest_readl(qts, SYNC32K);
    r.wcrr = qtest_readl(qts, WCRR(WDT3));
    r.wisr = qtest_readl(qts, WISR(WDT3));
    r.clock = now;
    g_assert_cmphex(r.wisr, ==, 1);
    g_assert_true(rm696_intc_line(qts, IRQ_WDT3));
    g_assert_cmphex(r.wcrr, ==, WDT_FAST_LDR + (s1 - s0) % 16);

    /* Cleared: back exactly at the next overflow. */
    qtest_writel(qts, WISR(WDT3), 1);
    g_assert_false(rm696_intc_line(qts, IRQ_WDT3));
    next = s0 + ((s1 - s0) / 16 + 1) * 16;
    now = qtest_clock_step(qts, tick32k_ns(next) - 1 - now);
    g_assert_cmphex(qtest_readl(qts, SYNC32K), ==, next - 1);
    g_assert_cmphex(qtest_readl(qts, WCRR(WDT3)), ==, 0xFFFFFFFF);
    g_assert_cmphex(qtest_readl(qts, WISR(WDT3)), ==, 0);
    g_assert_false(rm696_intc_line(qts, IRQ_WDT3));
    qtest_clock_step(qts, 1);
    g_assert_cmphex(qtest_readl(qts, SYNC32K), ==, next);
    g_assert_cmphex(qtest_readl(qts, WCRR(WDT3)), ==, WDT_FAST_LDR);
    g_assert_true(rm696_intc_line(qts, IRQ_WDT3));
    g_assert_cmphex(qtest_readl(qts, WISR(WDT3)), ==, 1);
    qtest_quit(qts);
    return r;
}

/*
 * The watchdog skips the periods where nothing observable happens: 1,000 s
 * of a fast WDT3 (2 million overflows) in one clock step ends where 1,000
 * uneven steps end, and costs little host time (printed, not timed: one
 * timer callback per overflow took seconds).
 */
static void test_wdt_fast_long_step(void)
{
    const int64_t total = 1000 * NS_PER_SEC;
    WdtFastResult one = wdt_fast_run(1, total);
    WdtFastResult many = wdt_fast_run(1000, total);

    g_assert_cmpint(one.clock, ==, many.clock);
    g_assert_cmphex(one.wcrr, ==, many.wcrr);
    g_assert_cmphex(one.wisr, ==, many.wisr);
    g_test_message("benchmark: a 1000 s clock_step over a WDT3 overflowing "
                   "2048 times a second took %" PRId64 " us of host time "
                   "(1000 steps: %" PRId64 " us)", one.host_us, many.host_us);
}

/* omap_hsmmc_reset_controller_fsm(): the bit self-clears at once. */
static void mmc_reset_fsm(QTestState *qts, uint32_t bit)
{
    qtest_writel(qts, MMC_SYSCTL, qtest_readl(qts, MMC_SYSCTL) | bit);
    g_assert_cmphex(qtest_readl(qts, MMC_SYSCTL) & bit, ==, 0);
}

static void test_mmc_reset(void)
{
    QTestState *qts = qtest_init("-M rm696");

    /* hwmod soft reset: SYSCONFIG.SOFTRESET, SYSSTATUS.RESETDONE. */
    qtest_writel(qts, MMC_CON, 0x20);
    qtest_writel(qts, MMC_SYSCONFIG, 0x2);
    g_assert_cmphex(qtest_readl(qts, MMC_SYSCONFIG) & 2, ==, 0);
    g_assert_cmphex(qtest_readl(qts, MMC_SYSSTATUS) & 1, ==, 1);
    g_assert_cmphex(qtest_readl(qts, MMC_CON), ==, 0);

    /* omap_hsmmc_set_clock: CLKD, DTO, then ICE and wait for ICS. */
    qtest_writel(qts, MMC_SYSCTL, (0xE << 16) | (240 << 6));
    g_assert_cmphex(qtest_readl(qts, MMC_SYSCTL) & ICS, ==, 0);
    qtest_writel(qts, MMC_SYSCTL, qtest_readl(qts, MMC_SYSCTL) | ICE);
    g_assert_cmphex(qtest_readl(qts, MMC_SYSCTL) & ICS, ==, ICS);
    g_assert_cmphex((qtest_readl(qts, MMC_SYSCTL) >> 6) & 0x3FF, ==, 240);

    mmc_reset_fsm(qts, SRC);
    mmc_reset_fsm(qts, SRD);
    /* The FSM resets keep the clock configuration... */
    g_assert_cmphex(qtest_readl(qts, MMC_SYSCTL) & ICS, ==, ICS);
    /* ...SRA resets everything but the capabilities. */
    qtest_writel(qts, MMC_CAPA, qtest_readl(qts, MMC_CAPA) | VS18);
    mmc_reset_fsm(qts, SRA);
    g_assert_cmphex(qtest_readl(qts, MMC_SYSCTL), ==, 0);
    g_assert_cmphex(qtest_readl(qts, MMC_CAPA) & VS18, ==, VS18);

    /*
     * omap_hsmmc_conf_bus_power: SDVS, CAPA voltage bits, then SDBP, which
     * sticks only with a supported voltage (20 ms poll otherwise).
     */
    qtest_writel(qts, MMC_SYSCONFIG, 0x2);
    g_assert_cmphex(qtest_readl(qts, MMC_CAPA) & VS18, ==, 0);
    qtest_writel(qts, MMC_HCTL, SDVS18 | SDBP);
    g_assert_cmphex(qtest_readl(qts, MMC_HCTL) & SDBP, ==, 0);
    qtest_writel(qts, MMC_CAPA, qtest_readl(qts, MMC_CAPA) | VS18);
    qtest_writel(qts, MMC_HCTL, qtest_readl(qts, MMC_HCTL) | SDBP);
    g_assert_cmphex(qtest_readl(qts, MMC_HCTL) & SDBP, ==, SDBP);
    g_assert_cmphex(qtest_readl(qts, MMC_HCTL) & (7 << 9), ==, SDVS18);
    qtest_quit(qts);
}

/*
 * An empty slot: the init stream and CMD0 complete (CC), a command that
 * expects a response times out at once with CTO + ERRI and the interrupt.
 */
static void test_mmc_command(void)
{
    QTestState *qts = qtest_init("-M rm696");
    uint32_t stat;

    qtest_writel(qts, MMC_SYSCONFIG, 0x2);
    /* DAT0 and CMD idle high: the card is not "busy". */
    g_assert_cmphex(qtest_readl(qts, MMC_PSTATE) & (1 << 20), ==, 1 << 20);

    /* send_init_stream: IE only, CON.INIT_STREAM, CMD = 0, poll CC. */
    qtest_writel(qts, MMC_IE, INT_EN_MASK);
    qtest_writel(qts, MMC_CON, qtest_readl(qts, MMC_CON) | INIT_STREAM);
    qtest_writel(qts, MMC_CMD, 0);
    g_assert_cmphex(qtest_readl(qts, MMC_STAT) & CC_EN, ==, CC_EN);
    g_assert_false(rm696_intc_line(qts, IRQ_MMC2));
    qtest_writel(qts, MMC_CON, qtest_readl(qts, MMC_CON) & ~INIT_STREAM);
    qtest_writel(qts, MMC_STAT, STAT_CLEAR);
    g_assert_cmphex(qtest_readl(qts, MMC_STAT), ==, 0);

    /* omap_hsmmc_enable_irq + start_command: CMD0, no response. */
    qtest_writel(qts, MMC_STAT, STAT_CLEAR);
    qtest_writel(qts, MMC_ISE, INT_EN_MASK);
    qtest_writel(qts, MMC_IE, INT_EN_MASK);
    qtest_writel(qts, MMC_ARG, 0);
    qtest_writel(qts, MMC_CMD, 0 << 24);
    g_assert_cmphex(qtest_readl(qts, MMC_STAT), ==, CC_EN);
    g_assert_true(rm696_intc_line(qts, IRQ_MMC2));
    qtest_writel(qts, MMC_STAT, CC_EN);
    g_assert_false(rm696_intc_line(qts, IRQ_MMC2));

    /* CMD8 (R7, 48-bit response): nobody answers. */
    qtest_writel(qts, MMC_ARG, 0x1AA);
    qtest_writel(qts, MMC_CMD, (8u << 24) | (2u << 16));
    stat = qtest_readl(qts, MMC_STAT);
    g_assert_cmphex(stat, ==, CTO_EN | ERR_EN);
    g_assert_true(rm696_intc_line(qts, IRQ_MMC2));
    g_assert_cmphex(qtest_readl(qts, MMC_RSP10), ==, 0);
    /* omap_hsmmc_do_irq: SRC reset, then write back the status. */
    mmc_reset_fsm(qts, SRC);
    qtest_writel(qts, MMC_STAT, stat);
    g_assert_cmphex(qtest_readl(qts, MMC_STAT), ==, 0);
    g_assert_false(rm696_intc_line(qts, IRQ_MMC2));

    /* ERRI is a summary: it cannot be cleared on its own. */
    qtest_writel(qts, MMC_CMD, (55u << 24) | (2u << 16));
    qtest_writel(qts, MMC_STAT, ERR_EN);
    g_assert_cmphex(qtest_readl(qts, MMC_STAT), ==, CTO_EN | ERR_EN);
    qtest_writel(qts, MMC_STAT, CTO_EN);
    g_assert_cmphex(qtest_readl(qts, MMC_STAT), ==, 0);

    /* Status without ISE: latched, but no interrupt; without IE: nothing. */
    qtest_writel(qts, MMC_ISE, 0);
    qtest_writel(qts, MMC_CMD, (1u << 24) | (2u << 16));
    g_assert_cmphex(qtest_readl(qts, MMC_STAT), ==, CTO_EN | ERR_EN);
    g_assert_false(rm696_intc_line(qts, IRQ_MMC2));
    qtest_writel(qts, MMC_STAT, STAT_CLEAR);
    qtest_writel(qts, MMC_IE, 0);
    qtest_writel(qts, MMC_CMD, (1u << 24) | (2u << 16));
    g_assert_cmphex(qtest_readl(qts, MMC_STAT), ==, 0);
    qtest_quit(qts);
}

/*
 * A module the kernel only resets: the mailbox (hwmod: rev 0x0, sysc 0x10,
 * syss 0x14).  Storage reads back, the revision is constant, SOFTRESET
 * self-clears and really resets the registers.
 */
static void test_sysc_module(void)
{
    QTestState *qts = qtest_init("-M rm696");
    uint32_t rev = qtest_readl(qts, MAILBOX);

    qtest_writel(qts, MAILBOX, ~rev);
    g_assert_cmphex(qtest_readl(qts, MAILBOX), ==, rev);

    qtest_writel(qts, MAILBOX + 0x40, 0xCAFE0001);
    g_assert_cmphex(qtest_readl(qts, MAILBOX + 0x40), ==, 0xCAFE0001);
    qtest_writew(qts, MAILBOX + 0x42, 0xBEEF);
    g_assert_cmphex(qtest_readl(qts, MAILBOX + 0x40), ==, 0xBEEF0001);
    g_assert_cmphex(qtest_readb(qts, MAILBOX + 0x43), ==, 0xBE);

    /* _ocp_softreset: set SOFTRESET, poll RESETDONE. */
    qtest_writel(qts, MAILBOX + 0x10, 0x11);
    g_assert_cmphex(qtest_readl(qts, MAILBOX + 0x10), ==, 0x11);
    qtest_writel(qts, MAILBOX + 0x10, qtest_readl(qts, MAILBOX + 0x10) | 2);
    g_assert_cmphex(qtest_readl(qts, MAILBOX + 0x10) & 2, ==, 0);
    g_assert_cmphex(qtest_readl(qts, MAILBOX + 0x14) & 1, ==, 1);
    g_assert_cmphex(qtest_readl(qts, MAILBOX + 0x10), ==, 0);
    g_assert_cmphex(qtest_readl(qts, MAILBOX + 0x40), ==, 0);
    g_assert_cmphex(qtest_readl(qts, MAILBOX), ==, rev);
    qtest_quit(qts);
}

/*
 * HDQ/1-Wire with an empty line (omap_hdq.c): a break ends in TIMEOUT
 * without PRESENCE after 230 us, a written byte in TXCOMPLETE and a read
 * in TIMEOUT after 8 bit cycles of 190 us; INT_STATUS clears on read and
 * drives INTC 58 while the interrupt is enabled.
 */
#define HDQ                 BLK_BASE(HDQ)
/* an HDQ register (hw/n9/omap3_hdq_regs.h) */
#define HDQ_TX              (HDQ + A_TX_DATA)
#define HDQ_CTRL            (HDQ + A_CTRL_STATUS)
#define HDQ_INT             (HDQ + A_INT_STATUS)
#define HDQ_SYSC            (HDQ + A_HDQ_SYSCONFIG)
#define HDQ_SYSS            (HDQ + A_HDQ_SYSSTATUS)
#define HDQ_IRQ             58

static void test_hdq(void)
{
    QTestState *qts = qtest_init("-M rm696");

    qtest_irq_intercept_in(qts, "/machine/soc/intc");
    qtest_writel(qts, HDQ_CTRL, 0x60);          /* CLOCKENABLE | INTMASK */
    qtest_writel(qts, HDQ_CTRL, 0x60 | 0x14 | 0x2);     /* break: INIT|GO */
    g_assert_cmphex(qtest_readl(qts, HDQ_CTRL) & 0x10, ==, 0x10);
    qtest_clock_step(qts, 229999);
    g_assert_cmphex(qtest_readl(qts, HDQ_INT), ==, 0);
    qtest_clock_step(qts, 1);
    g_assert_true(qtest_get_irq(qts, HDQ_IRQ));
    g_assert_cmphex(qtest_readl(qts, HDQ_CTRL) & 0x1c, ==, 0);  /* no PRESENCE */
    g_assert_cmphex(qtest_readl(qts, HDQ_INT), ==, 1);          /* TIMEOUT */
    g_assert_false(qtest_get_irq(qts, HDQ_IRQ));
    g_assert_cmphex(qtest_readl(qts, HDQ_INT), ==, 0);
    /* a write completes, a read finds nobody */
    qtest_writel(qts, HDQ_TX, 0xa5);
    qtest_writel(qts, HDQ_CTRL, 0x60 | 0x10);
    qtest_clock_step(qts, 8 * 190000);
    g_assert_cmphex(qtest_readl(qts, HDQ_INT), ==, 4);          /* TXCOMPLETE */
    qtest_writel(qts, HDQ_CTRL, 0x60 | 0x10 | 0x2);
    qtest_clock_step(qts, 8 * 190000);
    g_assert_cmphex(qtest_readl(qts, HDQ_INT), ==, 1);
    /* the hwmod reset */
    qtest_writel(qts, HDQ_SYSC, 2);
    g_assert_cmphex(qtest_readl(qts, HDQ_SYSS) & 1, ==, 1);
    g_assert_cmphex(qtest_readl(qts, HDQ_CTRL), ==, 0);
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("/rm696/wdt/wdt2-stop", test_wdt2_stop);
    qtest_add_func("/rm696/wdt/wdt2-expiry", test_wdt2_expiry);
    qtest_add_func("/rm696/wdt/wdt2-action-pause", test_wdt2_action_pause);
    qtest_add_func("/rm696/wdt/wdt2-action-none", test_wdt2_action_none);
    qtest_add_func("/rm696/wdt/wdt3-irq", test_wdt3_irq);
    qtest_add_func("/rm696/wdt/fast-long-step", test_wdt_fast_long_step);
    qtest_add_func("/rm696/mmc/reset", test_mmc_reset);
    qtest_add_func("/rm696/mmc/command", test_mmc_command);
    qtest_add_func("/rm696/sysc/mailbox", test_sysc_module);
    qtest_add_func("/rm696/hdq/empty-line", test_hdq);

    return g_test_run();
}
