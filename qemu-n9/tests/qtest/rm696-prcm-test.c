/*
 * qtest for the OMAP3630 PRCM of the rm696 machine: PRM (0x48306000) and
 * CM (0x48004000).  Each check is something Linux 6.18 relies on: DPLL
 * lock status following the enable field (_omap3_wait_dpll_status), module
 * IDLEST reading "accessible" (omap3xxx_cm_wait_module_ready), PWSTST not
 * in transition and PREPWSTST telling what really happened (pm34xx.c),
 * W1C of PM_WKST and PRM_IRQSTATUS_MPU with the PRCM interrupt
 * (omap_prcm_irq_handler), the ABB LDO transition and its settling time
 * (ti-abb-regulator), DPLL1's relock time (cpufreq's DPLL1 program), the
 * GP timer clock rates (CM_CLKSEL_WKUP) and the reboot through
 * PRM_RSTCTRL.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "libqtest.h"
#include "rm696-qtest-prcm.h"

/* PRM (hw/n9/omap3_prcm_regs.h, through rm696-qtest-prcm.h) */
#define PM_WKST_PER             (PRM + A_WKST_PER)
#define PM_WKDEP_PER            (PRM + MOD_PER + OMAP3_PM_WKDEP)
#define PRM_CLKSEL              (PRM + A_CLKSEL)
#define PRM_RSTCTRL             (PRM + A_RSTCTRL)
#define PRM_RSTTIME             (PRM + A_RSTTIME)
#define PRM_RSTST               (PRM + A_RSTST)
#define PRM_LDO_ABB_CTRL        (PRM + A_LDO_ABB_CTRL)
#define PRM_LDO_ABB_SETUP       (PRM + A_LDO_ABB_SETUP)
#define SYS_CLK_HZ              19200000u   /* 38.4 MHz / 2 on the N9 */

#define INTRANSITION            R_PM_PWSTST_INTRANSITION_MASK

/* CM */
#define CM_CLKEN_PLL_IVA2       (CM + A_CLKEN_PLL_IVA2)
#define CM_IDLEST_PLL_IVA2      (CM + A_IDLEST_PLL_IVA2)
#define CM_CLKEN_PLL_MPU        (CM + A_CLKEN_PLL_MPU)
#define CM_IDLEST_PLL_MPU       (CM + A_IDLEST_PLL_MPU)
#define CM_CLKSEL1_PLL_MPU      (CM + A_CLKSEL1_PLL_MPU)
#define CM_ICLKEN1_CORE         (CM + A_ICLKEN1_CORE)
#define CM_IDLEST1_CORE         (CM + A_IDLEST1_CORE)
#define CM_CLKSEL_CORE          (CM + A_CLKSEL_CORE)
#define CM_FCLKEN_WKUP          (CM + A_FCLKEN_WKUP)
#define CM_IDLEST_WKUP          (CM + A_IDLEST_WKUP)
#define CM_AUTOIDLE_WKUP        (CM + A_AUTOIDLE_WKUP)
#define CM_CLKSEL_WKUP          (CM + A_CLKSEL_WKUP)
#define CM_CLKEN_PLL            (CM + A_CLKEN_PLL)
#define CM_CLKEN2_PLL           (CM + A_CLKEN2_PLL)
#define CM_IDLEST_CKGEN         (CM + A_IDLEST_CKGEN)
#define CM_IDLEST2_CKGEN        (CM + A_IDLEST2_CKGEN)
#define CM_ICLKEN_PER           (CM + A_ICLKEN_PER)
#define CM_IDLEST_PER           (CM + A_IDLEST_PER)
#define CM_AUTOIDLE_PER         (CM + A_AUTOIDLE_PER)

/* INTC */
#define PRCM_INTC_LINE          11

/* GPT1 (v1 register layout) */
#define GPT1_TCLR               0x48318024
#define GPT1_TCRR               0x48318028

/* hw/clock.h */
#define CLOCK_PERIOD_1SEC       (1000000000llu << 32)
#define CLOCK_PERIOD_FROM_HZ(hz) ((hz) != 0 ? CLOCK_PERIOD_1SEC / (hz) : 0u)

static QTestState *start(void)
{
    return qtest_init("-M rm696");
}

static void set_field(QTestState *qts, uint64_t addr, int shift, uint32_t val)
{
    uint32_t v = qtest_readl(qts, addr);

    v = (v & ~(7u << shift)) | (val << shift);
    qtest_writel(qts, addr, v);
}

/*
 * DPLL1's lock after the guest asked for it from another mode: 2.5 us + 120
 * periods of its reference, sys_clk / (N + 1) in whole Hz (the wake-up
 * model's relock figure, docs/timing-parameters.md)
 */
static uint64_t dpll1_lock_ns(QTestState *qts)
{
    uint32_t n = qtest_readl(qts, CM_CLKSEL1_PLL_MPU) & 0x7f;
    uint64_t ref = SYS_CLK_HZ / (n + 1);

    return 2500 + (120ull * 1000000000 + ref - 1) / ref;
}

/* Lock: IDLEST shows it after @lock_ns (0: at once) */
static void lock_dpll(QTestState *qts, uint64_t clken, int shift,
                      uint64_t idlest, uint32_t bit, uint64_t lock_ns)
{
    set_field(qts, clken, shift, 7);
    if (lock_ns) {
        g_assert_cmphex(qtest_readl(qts, idlest) & bit, ==, 0);
        qtest_clock_step(qts, lock_ns - 1);
        g_assert_cmphex(qtest_readl(qts, idlest) & bit, ==, 0);
        qtest_clock_step(qts, 1);
    }
    g_assert_cmphex(qtest_readl(qts, idlest) & bit, ==, bit);
}

/*
 * _omap3_wait_dpll_status: IDLEST follows the EN field, at once for every
 * DPLL but DPLL1, which takes its lock time (@dpll1) when asked to lock
 * from another mode
 */
static void check_dpll(QTestState *qts, const char *name, uint64_t clken,
                       int shift, uint64_t idlest, uint32_t bit, bool dpll1)
{
    set_field(qts, clken, shift, 7);
    g_assert_cmphex(qtest_readl(qts, idlest) & bit, ==, bit);
    set_field(qts, clken, shift, 5);        /* low-power bypass */
    g_assert_cmphex(qtest_readl(qts, idlest) & bit, ==, 0);
    lock_dpll(qts, clken, shift, idlest, bit, dpll1 ? dpll1_lock_ns(qts) : 0);
    set_field(qts, clken, shift, 1);        /* low-power stop */
    g_assert_cmphex(qtest_readl(qts, idlest) & bit, ==, 0);
    lock_dpll(qts, clken, shift, idlest, bit, dpll1 ? dpll1_lock_ns(qts) : 0);
    g_test_message("%s relocks", name);
}

static void test_dpll_lock(void)
{
    QTestState *qts = start();

    /* a booted bootloader: DPLL1, 3, 4, 5 locked, IVA2's DPLL stopped */
    g_assert_cmphex(qtest_readl(qts, CM_IDLEST_PLL_MPU) & 1, ==, 1);
    g_assert_cmphex(qtest_readl(qts, CM_IDLEST_CKGEN) & 3, ==, 3);
    g_assert_cmphex(qtest_readl(qts, CM_IDLEST2_CKGEN) & 1, ==, 1);
    g_assert_cmphex(qtest_readl(qts, CM_IDLEST_PLL_IVA2) & 1, ==, 0);

    check_dpll(qts, "DPLL1", CM_CLKEN_PLL_MPU, 0, CM_IDLEST_PLL_MPU, 1, true);
    check_dpll(qts, "DPLL2", CM_CLKEN_PLL_IVA2, 0, CM_IDLEST_PLL_IVA2, 1,
               false);
    check_dpll(qts, "DPLL3", CM_CLKEN_PLL, 0, CM_IDLEST_CKGEN, 1, false);
    check_dpll(qts, "DPLL4", CM_CLKEN_PLL, 16, CM_IDLEST_CKGEN, 2, false);
    check_dpll(qts, "DPLL5", CM_CLKEN2_PLL, 0, CM_IDLEST2_CKGEN, 1, false);
    /* changing DPLL4 leaves DPLL3 alone */
    set_field(qts, CM_CLKEN_PLL, 16, 1);
    g_assert_cmphex(qtest_readl(qts, CM_IDLEST_CKGEN) & 3, ==, 1);
    qtest_quit(qts);
}

/* MPU clock: 1 GHz at reset; cpufreq's omap3_noncore_dpll_program path */
static void test_mpu_clock(void)
{
    QTestState *qts = start();
    uint32_t v;

    g_assert_cmpuint(rm696_clock_period(qts, "/machine/soc/prcm/mpu_ck"), ==,
                     CLOCK_PERIOD_FROM_HZ(1000000000));
    /* bypass: dpll1_fck = core_ck (390.4 MHz) / 2 */
    set_field(qts, CM_CLKEN_PLL_MPU, 0, 5);
    g_assert_cmpuint(rm696_clock_period(qts, "/machine/soc/prcm/mpu_ck"), ==,
                     CLOCK_PERIOD_FROM_HZ(195200000));
    /* M 125, N 3: 19.2 MHz * 125 / 4 = 600 MHz, then relock */
    v = qtest_readl(qts, CM_CLKSEL1_PLL_MPU);
    v = (v & ~((0x7ffu << 8) | 0x7f)) | (125 << 8) | 3;
    qtest_writel(qts, CM_CLKSEL1_PLL_MPU, v);
    g_assert_cmpuint(rm696_clock_period(qts, "/machine/soc/prcm/mpu_ck"), ==,
                     CLOCK_PERIOD_FROM_HZ(195200000));
    /* the relock (N 3: 4.8 MHz reference): the MPU on the bypass clock */
    set_field(qts, CM_CLKEN_PLL_MPU, 0, 7);
    g_assert_cmphex(qtest_readl(qts, CM_IDLEST_PLL_MPU) & 1, ==, 0);
    qtest_clock_step(qts, dpll1_lock_ns(qts) - 1);
    g_assert_cmphex(qtest_readl(qts, CM_IDLEST_PLL_MPU) & 1, ==, 0);
    g_assert_cmpuint(rm696_clock_period(qts, "/machine/soc/prcm/mpu_ck"), ==,
                     CLOCK_PERIOD_FROM_HZ(195200000));
    qtest_clock_step(qts, 1);
    g_assert_cmphex(qtest_readl(qts, CM_IDLEST_PLL_MPU) & 1, ==, 1);
    g_assert_cmpuint(rm696_clock_period(qts, "/machine/soc/prcm/mpu_ck"), ==,
                     CLOCK_PERIOD_FROM_HZ(600000000));
    /* back to bypass in the middle of a relock: no lock comes */
    set_field(qts, CM_CLKEN_PLL_MPU, 0, 5);
    set_field(qts, CM_CLKEN_PLL_MPU, 0, 7);
    qtest_clock_step(qts, 1000);
    set_field(qts, CM_CLKEN_PLL_MPU, 0, 5);
    qtest_clock_step(qts, dpll1_lock_ns(qts));
    g_assert_cmphex(qtest_readl(qts, CM_IDLEST_PLL_MPU) & 1, ==, 0);
    g_assert_cmpuint(rm696_clock_period(qts, "/machine/soc/prcm/mpu_ck"), ==,
                     CLOCK_PERIOD_FROM_HZ(195200000));
    qtest_quit(qts);
}

/* omap3xxx_cm_wait_module_ready: IDLEST bit 0 once the clocks are on */
static void test_idlest(void)
{
    QTestState *qts = start();

    /* UART1 (bit 13), MMC2 (bit 25), GPT10 (bit 11) */
    qtest_writel(qts, CM_FCLKEN1_CORE, (1u << 13) | (1u << 25) | (1u << 11));
    qtest_writel(qts, CM_ICLKEN1_CORE, (1u << 13) | (1u << 25) | (1u << 11));
    g_assert_cmphex(qtest_readl(qts, CM_IDLEST1_CORE) &
                    ((1u << 13) | (1u << 25) | (1u << 11)), ==, 0);
    /* the sleep code polls CM_IDLEST1_CORE bit 1 (SDRC) for 0 */
    g_assert_cmphex(qtest_readl(qts, CM_IDLEST1_CORE) & 2, ==, 0);
    /* modem_fck's "autoidle" write lands here; it changes nothing */
    qtest_writel(qts, CM_IDLEST1_CORE, 0x80000000);
    g_assert_cmphex(qtest_readl(qts, CM_IDLEST1_CORE), ==, 0);
    /* UART3 (bit 11) in PER, GPT1 (bit 0) in WKUP */
    qtest_writel(qts, CM_FCLKEN_PER, 1u << 11);
    qtest_writel(qts, CM_ICLKEN_PER, 1u << 11);
    g_assert_cmphex(qtest_readl(qts, CM_IDLEST_PER) & (1u << 11), ==, 0);
    g_assert_cmphex(qtest_readl(qts, CM_IDLEST_WKUP) & 1, ==, 0);
    qtest_quit(qts);
}

/* omap2_pwrdm_wait_transition; PWSTST reads ON for every domain at boot */
static void test_pwstst(void)
{
    static const uint32_t mods[] = {
        MOD_IVA2, MOD_MPU, MOD_CORE, MOD_SGX, MOD_DSS, MOD_CAM, MOD_PER,
        MOD_NEON, MOD_USBHOST,
    };
    QTestState *qts = start();
    size_t i;

    for (i = 0; i < ARRAY_SIZE(mods); i++) {
        uint32_t v = qtest_readl(qts, PM_PWSTST(mods[i]));

        g_assert_cmphex(v & INTRANSITION, ==, 0);
        g_assert_cmphex(v & 3, ==, PWRST_ON);
    }
    /* CORE: ON, logic on, both memory banks on */
    g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_CORE)), ==, 0xf7);
    g_assert_cmphex(qtest_readl(qts, PM_PWSTCTRL(MOD_MPU)), ==, 0x00030107);
    qtest_quit(qts);
}

static void mpu_standby(QTestState *qts, int level)
{
    qtest_set_irq_in(qts, PRCM_QOM, "standbywfi", 0, level);
}

static void test_prepwstst(void)
{
    QTestState *qts = start();

    /* pwrdm_clear_all_prev_pwrst writes 0: nothing happened, so ON */
    qtest_writel(qts, PM_PREPWSTST(MOD_CORE), 0);
    g_assert_cmphex(qtest_readl(qts, PM_PREPWSTST(MOD_CORE)) & 3, ==,
                    PWRST_ON);
    qtest_writel(qts, PM_PREPWSTST(MOD_MPU), 0);
    g_assert_cmphex(qtest_readl(qts, PM_PREPWSTST(MOD_MPU)) & 3, ==,
                    PWRST_ON);
    /* wkup_pwrdm (walked on every idle): always ON */
    qtest_writel(qts, PM_PREPWSTST(MOD_WKUP), 0);
    g_assert_cmphex(qtest_readl(qts, PM_PREPWSTST(MOD_WKUP)) & 3, ==,
                    PWRST_ON);
    g_assert_cmphex(qtest_readl(qts, PM_PWSTCTRL(MOD_WKUP)) & 3, ==,
                    PWRST_ON);

    rm696_pm_clkdm_setup(qts);
    /* idle domains with no clock go to their next state at once */
    rm696_pwrdm_set_next(qts, MOD_CAM, PWRST_RET);
    g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_CAM)) & 3, ==, PWRST_RET);
    g_assert_cmphex(qtest_readl(qts, CM_CLKSTST(MOD_CAM)) & 1, ==, 0);

    /* C3: MPU RET, CORE ON; the console clock keeps PER and CORE on */
    rm696_pwrdm_set_next(qts, MOD_MPU, PWRST_RET);
    rm696_pwrdm_set_next(qts, MOD_CORE, PWRST_RET);
    rm696_pwrdm_set_next(qts, MOD_PER, PWRST_RET);
    qtest_writel(qts, PM_PREPWSTST(MOD_MPU), 0);
    qtest_writel(qts, PM_PREPWSTST(MOD_CORE), 0);
    mpu_standby(qts, 1);
    g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_MPU)) & 3, ==, PWRST_RET);
    g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_PER)) & 3, ==, PWRST_ON);
    mpu_standby(qts, 0);
    g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_MPU)) & 3, ==, PWRST_ON);
    g_assert_cmphex(qtest_readl(qts, PM_PREPWSTST(MOD_MPU)) & 3, ==,
                    PWRST_RET);
    g_assert_cmphex(qtest_readl(qts, PM_PREPWSTST(MOD_CORE)) & 3, ==,
                    PWRST_ON);

    /* C5 with the console quiet: PER and CORE reach RET */
    qtest_writel(qts, CM_FCLKEN_PER, 0);
    g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_PER)) & 3, ==, PWRST_RET);
    qtest_writel(qts, PM_PREPWSTST(MOD_CORE), 0);
    mpu_standby(qts, 1);
    g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_CORE)) & 3, ==,
                    PWRST_RET);
    mpu_standby(qts, 0);
    g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_CORE)) & 3, ==, PWRST_ON);
    g_assert_cmphex(qtest_readl(qts, PM_PREPWSTST(MOD_CORE)), ==, 0x55);

    /* a running GPT10 (CORE functional clock) keeps CORE out of RET */
    qtest_writel(qts, CM_FCLKEN1_CORE, 1u << 11);
    qtest_writel(qts, PM_PREPWSTST(MOD_CORE), 0);
    mpu_standby(qts, 1);
    g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_CORE)) & 3, ==, PWRST_ON);
    mpu_standby(qts, 0);
    g_assert_cmphex(qtest_readl(qts, PM_PREPWSTST(MOD_CORE)) & 3, ==,
                    PWRST_ON);
    qtest_quit(qts);
}

/*
 * omap2_clk_enable_autoidle_all: the interface clocks may idle, so the
 * modules may sleep and their wake-up requests (the PRCM's wake inputs,
 * driven here directly) are wake-up events; with an interface clock
 * held on the PRCM never puts its module to sleep (rm696-wakeup-test).
 */
static void allow_iclk_idle(QTestState *qts)
{
    qtest_writel(qts, CM_AUTOIDLE_WKUP, 0x23f);
    qtest_writel(qts, CM_AUTOIDLE_PER, 0x7ffff);
}

/* omap_prcm_irq_handler / omap3xxx_prm_clear_mod_irqs */
static void test_wkst_irq(void)
{
    QTestState *qts = start();

    qtest_irq_intercept_out_named(qts, PRCM_QOM, "sysbus-irq");
    allow_iclk_idle(qts);
    qtest_writel(qts, PM_WKEN_WKUP, 0x10b);         /* omap3_prm_init_pm */
    qtest_writel(qts, PM_MPUGRPSEL_WKUP, 0xb);
    qtest_writel(qts, PRM_IRQENABLE_MPU, 0x201);
    g_assert_false(qtest_get_irq(qts, 0));

    /* GPT1 wake-up: PM_WKST_WKUP.ST_GPT1 and WKUP_ST */
    qtest_set_irq_in(qts, PRCM_QOM, "wkup-wake", 0, 1);
    g_assert_cmphex(qtest_readl(qts, PM_WKST_WKUP), ==, 1);
    g_assert_cmphex(qtest_readl(qts, PRM_IRQSTATUS_MPU), ==, 1);
    g_assert_true(qtest_get_irq(qts, 0));
    qtest_set_irq_in(qts, PRCM_QOM, "wkup-wake", 0, 0);

    /* the handler: mask, ack, clear PM_WKST (must clear), unmask */
    qtest_writel(qts, PRM_IRQENABLE_MPU, 0x200);
    g_assert_false(qtest_get_irq(qts, 0));
    qtest_writel(qts, PRM_IRQSTATUS_MPU, 1);
    qtest_writel(qts, PM_WKST_WKUP, 1);
    g_assert_cmphex(qtest_readl(qts, PM_WKST_WKUP), ==, 0);
    qtest_writel(qts, PRM_IRQENABLE_MPU, 0x201);
    g_assert_cmphex(qtest_readl(qts, PRM_IRQSTATUS_MPU), ==, 0);
    g_assert_false(qtest_get_irq(qts, 0));
    qtest_readl(qts, PRM_REVISION);                 /* OCP barrier */

    /* writing 0 clears nothing (omap3_prm_init_pm's "clear") */
    qtest_set_irq_in(qts, PRCM_QOM, "wkup-wake", 3, 1);
    g_assert_cmphex(qtest_readl(qts, PM_WKST_WKUP), ==, 1u << 3);
    qtest_writel(qts, PRM_IRQSTATUS_MPU, 0);
    g_assert_true(qtest_get_irq(qts, 0));
    qtest_writel(qts, PM_WKST_WKUP, 1u << 3);
    qtest_writel(qts, PRM_IRQSTATUS_MPU, 1);
    g_assert_false(qtest_get_irq(qts, 0));

    /* a source not enabled in PM_WKEN is not latched */
    qtest_set_irq_in(qts, PRCM_QOM, "wkup-wake", 5, 1);
    g_assert_cmphex(qtest_readl(qts, PM_WKST_WKUP), ==, 0);

    /* nor one whose interface clock is held on (CM_AUTOIDLE_WKUP.GPT1 0) */
    qtest_writel(qts, CM_AUTOIDLE_WKUP, 0x23e);
    qtest_set_irq_in(qts, PRCM_QOM, "wkup-wake", 0, 0);
    qtest_set_irq_in(qts, PRCM_QOM, "wkup-wake", 0, 1);
    g_assert_cmphex(qtest_readl(qts, PM_WKST_WKUP), ==, 0);
    qtest_set_irq_in(qts, PRCM_QOM, "wkup-wake", 0, 0);
    qtest_writel(qts, CM_AUTOIDLE_WKUP, 0x23f);

    /* PER GPIO2 wake-up (PM_WKEN_PER / GRPSEL reset values allow it) */
    qtest_set_irq_in(qts, PRCM_QOM, "per-wake", 13, 1);
    g_assert_cmphex(qtest_readl(qts, PM_WKST_PER), ==, 1u << 13);
    g_assert_true(qtest_get_irq(qts, 0));
    qtest_writel(qts, PM_WKST_PER, 1u << 13);
    qtest_writel(qts, PRM_IRQSTATUS_MPU, 1);
    g_assert_false(qtest_get_irq(qts, 0));

    /* I/O chain: ST_IO_CHAIN follows EN_IO_CHAIN, clears on W1C, no IRQ */
    qtest_writel(qts, PM_WKEN_WKUP, 0x10b | (1u << 16));
    g_assert_cmphex(qtest_readl(qts, PM_WKST_WKUP) & (1u << 16), ==,
                    1u << 16);
    qtest_writel(qts, PM_WKEN_WKUP, 0x10b);
    qtest_writel(qts, PM_WKST_WKUP, 1u << 16);
    g_assert_cmphex(qtest_readl(qts, PM_WKST_WKUP), ==, 0);
    g_assert_false(qtest_get_irq(qts, 0));
    qtest_quit(qts);
}

/* The PRCM interrupt reaches INTC line 11 */
static void test_prcm_intc(void)
{
    QTestState *qts = start();

    allow_iclk_idle(qts);
    qtest_writel(qts, PRM_IRQENABLE_MPU, 0x201);
    qtest_writel(qts, INTC_BANK_REG(MIR_CLEAR, 0), 1u << PRCM_INTC_LINE);
    g_assert_cmphex(qtest_readl(qts, INTC_BANK_REG(PENDING_IRQ, 0)) &
                    (1u << PRCM_INTC_LINE), ==, 0);
    qtest_set_irq_in(qts, PRCM_QOM, "wkup-wake", 0, 1);
    g_assert_cmphex(qtest_readl(qts, INTC_BANK_REG(PENDING_IRQ, 0)) &
                    (1u << PRCM_INTC_LINE), ==, 1u << PRCM_INTC_LINE);
    qtest_writel(qts, PM_WKST_WKUP, 1);
    qtest_writel(qts, PRM_IRQSTATUS_MPU, 1);
    g_assert_cmphex(qtest_readl(qts, INTC_BANK_REG(PENDING_IRQ, 0)) &
                    (1u << PRCM_INTC_LINE), ==, 0);
    qtest_quit(qts);
}

/* ti_abb_set_opp: OPP_CHANGE completes and raises bit 26 */
static void test_abb(void)
{
    QTestState *qts = start();

    qtest_writel(qts, PRM_LDO_ABB_CTRL, 1);              /* OPP_SEL */
    g_assert_cmphex(qtest_readl(qts, PRM_IRQSTATUS_MPU) & (1u << 26), ==, 0);
    qtest_writel(qts, PRM_LDO_ABB_CTRL, 1 | (1u << 2)); /* OPP_CHANGE */
    g_assert_cmphex(qtest_readl(qts, PRM_IRQSTATUS_MPU) & (1u << 26), ==,
                    1u << 26);
    g_assert_cmphex(qtest_readl(qts, PRM_LDO_ABB_CTRL), ==, 1);
    qtest_writel(qts, PRM_IRQSTATUS_MPU, 1u << 26);       /* clear_txdone */
    g_assert_cmphex(qtest_readl(qts, PRM_IRQSTATUS_MPU) & (1u << 26), ==, 0);
    qtest_quit(qts);
}

/*
 * ti_abb_set_opp with the settling time ti_abb_init_timings programs:
 * TRANXDONE (bit 26) only after SR2_WTCNT_VALUE x 8 sys_clk cycles
 */
static void test_abb_settling(void)
{
    QTestState *qts = start();
    /* ti_abb_init_timings: ti,settling-time 30 us, ti,clock-cycles 8 */
    uint32_t mhz = (SYS_CLK_HZ + 500000) / 1000000;
    uint32_t cycle_rate = (8 * 10 + mhz / 2) / mhz;
    uint32_t wtcnt = (30 * 10 + cycle_rate / 2) / cycle_rate;
    uint64_t ns = ((uint64_t)wtcnt * 8 * 1000000000 + SYS_CLK_HZ - 1) /
                  SYS_CLK_HZ;

    qtest_writel(qts, PRM_LDO_ABB_SETUP, (wtcnt << 8) | 1);   /* SR2EN */
    qtest_writel(qts, PRM_LDO_ABB_CTRL, 1);
    qtest_writel(qts, PRM_LDO_ABB_CTRL, 1 | (1u << 2));      /* OPP_CHANGE */
    g_assert_cmphex(qtest_readl(qts, PRM_LDO_ABB_CTRL), ==, 1);
    g_assert_cmphex(qtest_readl(qts, PRM_IRQSTATUS_MPU) & (1u << 26), ==, 0);
    qtest_clock_step(qts, ns - 1);
    g_assert_cmphex(qtest_readl(qts, PRM_IRQSTATUS_MPU) & (1u << 26), ==, 0);
    qtest_clock_step(qts, 1);
    g_assert_cmphex(qtest_readl(qts, PRM_IRQSTATUS_MPU) & (1u << 26), ==,
                    1u << 26);
    g_test_message("ABB LDO: SR2_WTCNT_VALUE %u, settles in %" PRIu64 " ns",
                   wtcnt, ns);
    /* a reset ends a transition: no TRANXDONE afterwards */
    qtest_writel(qts, PRM_IRQSTATUS_MPU, 1u << 26);
    qtest_writel(qts, PRM_LDO_ABB_SETUP, (wtcnt << 8) | 1);
    qtest_writel(qts, PRM_LDO_ABB_CTRL, 1 | (1u << 2));
    qtest_system_reset(qts);
    qtest_clock_step(qts, ns);
    g_assert_cmphex(qtest_readl(qts, PRM_IRQSTATUS_MPU) & (1u << 26), ==, 0);
    qtest_quit(qts);
}

/* The GPT1 functional clock follows CM_CLKSEL_WKUP bit 0 and its gate */
static void test_gpt1_clock(void)
{
    QTestState *qts = start();
    uint32_t t0, t1;

    /* N9 oscillator 38.4 MHz (index 4) / SYSCLKDIV 2 */
    g_assert_cmphex(qtest_readl(qts, PRM_CLKSEL) & 7, ==, 4);
    g_assert_cmphex((qtest_readl(qts, PRM_CLKSRC_CTRL) >> 6) & 3, ==, 2);

    g_assert_cmphex(qtest_readl(qts, CM_CLKSEL_WKUP) & 1, ==, 0);
    g_assert_cmpuint(rm696_clock_period(qts, "/machine/soc/prcm/gpt1_fck"), ==,
                     CLOCK_PERIOD_FROM_HZ(32768));
    g_assert_cmpuint(rm696_clock_period(qts, "/machine/soc/prcm/gpt12_fck"), ==,
                     CLOCK_PERIOD_FROM_HZ(32768));

    /* GPT1 counts 32768 ticks a second */
    qtest_writel(qts, GPT1_TCLR, 1);
    t0 = qtest_readl(qts, GPT1_TCRR);
    qtest_clock_step(qts, 10 * 1000 * 1000);            /* 10 ms */
    t1 = qtest_readl(qts, GPT1_TCRR);
    g_assert_cmpuint(t1 - t0, >=, 327);
    g_assert_cmpuint(t1 - t0, <=, 328);

    /* sys_clk: 19.2 MHz */
    qtest_writel(qts, CM_CLKSEL_WKUP, qtest_readl(qts, CM_CLKSEL_WKUP) | 1);
    g_assert_cmpuint(rm696_clock_period(qts, "/machine/soc/prcm/gpt1_fck"), ==,
                     CLOCK_PERIOD_FROM_HZ(19200000));
    t0 = qtest_readl(qts, GPT1_TCRR);
    qtest_clock_step(qts, 10 * 1000 * 1000);
    t1 = qtest_readl(qts, GPT1_TCRR);
    g_assert_cmpuint(t1 - t0, >=, 191999);
    g_assert_cmpuint(t1 - t0, <=, 192001);

    /* gated: no clock at all */
    qtest_writel(qts, CM_FCLKEN_WKUP, qtest_readl(qts, CM_FCLKEN_WKUP) & ~1);
    g_assert_cmpuint(rm696_clock_period(qts, "/machine/soc/prcm/gpt1_fck"), ==,
                     0);
    qtest_writel(qts, CM_FCLKEN_WKUP, qtest_readl(qts, CM_FCLKEN_WKUP) | 1);
    g_assert_cmpuint(rm696_clock_period(qts, "/machine/soc/prcm/gpt1_fck"), ==,
                     CLOCK_PERIOD_FROM_HZ(19200000));
    qtest_quit(qts);
}

/* omap3xxx_prm_dpll3_reset: RST_DPLL3 reboots the SoC */
static void test_rstctrl(void)
{
    QTestState *qts = start();

    g_assert_cmphex(qtest_readl(qts, PRM_RSTST), ==, 1);    /* cold */
    qtest_writel(qts, PRM_RSTST, 1);
    g_assert_cmphex(qtest_readl(qts, PRM_RSTST), ==, 0);
    rm696_pwrdm_set_next(qts, MOD_CAM, PWRST_RET);
    g_assert_cmphex(qtest_readl(qts, PM_PWSTCTRL(MOD_CAM)) & 3, ==,
                    PWRST_RET);

    qtest_writel(qts, PRM_RSTCTRL, 1u << 2);
    qtest_qmp_eventwait(qts, "RESET");

    /* global warm reset recorded; registers back to reset values */
    g_assert_cmphex(qtest_readl(qts, PRM_RSTST), ==, 2);
    g_assert_cmphex(qtest_readl(qts, PRM_RSTCTRL), ==, 0);
    g_assert_cmphex(qtest_readl(qts, PM_PWSTCTRL(MOD_CAM)) & 3, ==,
                    PWRST_ON);
    qtest_quit(qts);
}

/*
 * Reserved bits read 0: a write stores the register's fields only (the
 * TRM's, as Linux defines them: omap3_prcm_prm.c and omap3_prcm_cm.c give
 * each register's write mask), PM_WKDEP its domain's dependencies (the
 * domain model's).  None of these has reserved bits set at reset, so all
 * ones read back as the mask.  Each register is put back afterwards.
 */
static void test_reserved_bits(void)
{
    QTestState *qts = start();
    const struct {
        const char *name;
        uint64_t addr;
        uint32_t mask;
    } regs[] = {
        /* CLKSEL_L3, _L4, _GPT10, _GPT11, _SSI, _96M */
        { "CM_CLKSEL_CORE", CM_CLKSEL_CORE, 0x3fff },
        /* AUTO_GPT1, _GPT12, _32KSYNC, _GPIO1, _WDT1, _WDT2, _USIMOCP */
        { "CM_AUTOIDLE_WKUP", CM_AUTOIDLE_WKUP, 0x23f },
        /* EN_CORE, EN_MPU, EN_IVA2, EN_WKUP */
        { "PM_WKDEP_PER", PM_WKDEP_PER, 0x17 },
        /* RSTTIME1, RSTTIME2 */
        { "PRM_RSTTIME", PRM_RSTTIME, 0x1fff },
    };
    size_t i;

    for (i = 0; i < ARRAY_SIZE(regs); i++) {
        uint32_t saved = qtest_readl(qts, regs[i].addr);

        g_assert_cmphex(saved & ~regs[i].mask, ==, 0);
        qtest_writel(qts, regs[i].addr, 0xffffffff);
        g_assert_cmphex(qtest_readl(qts, regs[i].addr), ==, regs[i].mask);
        qtest_writel(qts, regs[i].addr, saved);
        g_assert_cmphex(qtest_readl(qts, regs[i].addr), ==, saved);
        g_test_message("%s: 0x%08x", regs[i].name, regs[i].mask);
    }
    qtest_quit(qts);
}

/* ---- The MPU's idle and wake-up through the PRCM --------------------------- */

#define PRM_VOLTCTRL            (PRM + A_VOLTCTRL)
#define PRM_VOLTSETUP1          (PRM + A_VOLTSETUP1)
#define CM_AUTOIDLE_PLL         (CM + A_AUTOIDLE_PLL)
#define CM_AUTOIDLE_PLL_MPU     (CM + A_AUTOIDLE_PLL_MPU)
#define CM_CLKSTCTRL_PER        CM_CLKSTCTRL(MOD_PER)
#define GPT1_IRQ                37
#define SCRATCHPAD              (BLK_BASE(SCM) + 0x910)

/* C5 on a quiet system: MPU, NEON, CORE and PER to RET, no clocks running */
static void setup_c5(QTestState *qts, uint32_t core_state)
{
    rm696_pm_clkdm_setup(qts);
    qtest_writel(qts, CM_FCLKEN_PER, 0);
    qtest_writel(qts, CM_FCLKEN1_CORE, 0);
    rm696_pwrdm_set_next(qts, MOD_MPU, PWRST_RET);
    rm696_pwrdm_set_next(qts, MOD_NEON, PWRST_RET);
    rm696_pwrdm_set_next(qts, MOD_PER, PWRST_RET);
    rm696_pwrdm_set_next(qts, MOD_CORE, core_state);
    qtest_writel(qts, PM_PREPWSTST(MOD_CORE), 0);
    /* GPT1's interrupt reaches nIRQ */
    qtest_writel(qts, INTC_BANK_REG(MIR_CLEAR, 1), 1u << (GPT1_IRQ - 32));
    qtest_irq_intercept_out_named(qts, PRCM_QOM, "cpu-irq");
}

/* A running GPT10 (a CORE functional clock) keeps CORE out of RET. */
static void test_gpt10_core(void)
{
    QTestState *qts = start();

    setup_c5(qts, PWRST_RET);
    qtest_writel(qts, CM_FCLKEN1_CORE, 1u << 11);       /* EN_GPT10 */
    mpu_standby(qts, 1);
    g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_MPU)) & 3, ==, PWRST_RET);
    g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_PER)) & 3, ==, PWRST_RET);
    g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_CORE)) & 3, ==, PWRST_ON);
    mpu_standby(qts, 0);
    g_assert_cmphex(qtest_readl(qts, PM_PREPWSTST(MOD_CORE)) & 3, ==,
                    PWRST_ON);
    /* GPT10 stopped: CORE reaches RET at the next WFI */
    qtest_writel(qts, CM_FCLKEN1_CORE, 0);
    qtest_writel(qts, PM_PREPWSTST(MOD_CORE), 0);
    mpu_standby(qts, 1);
    g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_CORE)) & 3, ==, PWRST_RET);
    mpu_standby(qts, 0);
    g_assert_cmphex(qtest_readl(qts, PM_PREPWSTST(MOD_CORE)) & 3, ==,
                    PWRST_RET);
    qtest_quit(qts);
}

/* From ON (C1-like: nothing slept), an interrupt passes at once. */
static void test_wake_from_on(void)
{
    QTestState *qts = start();

    setup_c5(qts, PWRST_ON);
    rm696_pwrdm_set_next(qts, MOD_MPU, PWRST_ON);
    rm696_pwrdm_set_next(qts, MOD_PER, PWRST_ON);
    qtest_writel(qts, CM_CLKSTCTRL(MOD_MPU), 2);       /* force wakeup */
    mpu_standby(qts, 1);
    g_assert_false(qtest_get_irq(qts, 0));
    qtest_set_irq_in(qts, "/machine/soc/intc", NULL, GPT1_IRQ, 1);
    g_assert_true(qtest_get_irq(qts, 0));
    qtest_quit(qts);
}

/*
 * From C5 the interrupt waits for the wake-up latency the registers give:
 * oscillator (PRM_CLKSETUP, AUTOEXTCLKMODE = 1) and voltage (VOLTSETUP1
 * with AUTO_RET) in parallel, then the DPLLs' relock (autoidle on).
 */
static void test_wake_latency(void)
{
    QTestState *qts = start();
    /* 100 32 kHz cycles; 200 x 8 sys_clk cycles; 2.5 us + 120 REFCLKs */
    const uint64_t osc = (100ull * 1000000000 + 32767) / 32768;
    const uint64_t dpll = 2500 + 120ull * 1000000000 / (19200000 / 12);
    const uint64_t total = osc + dpll;

    g_assert_cmpuint(osc, >, (200ull * 8 * 1000000000) / 19200000 + 1);
    setup_c5(qts, PWRST_RET);
    qtest_writel(qts, PRM_CLKSRC_CTRL, (2 << 6) | (1 << 3));
    qtest_writel(qts, PRM_CLKSETUP, 100);
    qtest_writel(qts, PRM_VOLTCTRL, 2);                 /* AUTO_RET */
    qtest_writel(qts, PRM_VOLTSETUP1, (200 << 16) | 100);
    qtest_writel(qts, CM_AUTOIDLE_PLL, 1);
    qtest_writel(qts, CM_AUTOIDLE_PLL_MPU, 1);
    mpu_standby(qts, 1);
    g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_CORE)) & 3, ==, PWRST_RET);

    qtest_set_irq_in(qts, "/machine/soc/intc", NULL, GPT1_IRQ, 1);
    g_assert_false(qtest_get_irq(qts, 0));
    qtest_clock_step(qts, total - 1);
    g_assert_false(qtest_get_irq(qts, 0));
    g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_CORE)) & 3, ==, PWRST_RET);
    qtest_clock_step(qts, 1);
    g_assert_true(qtest_get_irq(qts, 0));
    g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_MPU)) & 3, ==, PWRST_ON);
    g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_CORE)) & 3, ==, PWRST_ON);
    g_assert_cmphex(qtest_readl(qts, PM_PREPWSTST(MOD_CORE)) & 3, ==,
                    PWRST_RET);
    g_assert_cmphex(qtest_readl(qts, PM_PREPWSTST(MOD_MPU)) & 3, ==,
                    PWRST_RET);
    qtest_quit(qts);
}

/*
 * CORE OFF loses CORE's context: back ON, the SDRC, the INTC and the CM
 * are at their reset values; the wake-up domain (PRM, GPT1) and the SCM's
 * scratchpad (wake-up memory) keep theirs.  RET keeps everything.
 */
static void test_core_off_context(void)
{
    QTestState *qts = start();
    uint32_t sdrc_reset = qtest_readl(qts, SDRC_REG(POWER));

    setup_c5(qts, PWRST_RET);
    qtest_writel(qts, SDRC_REG(POWER), 0x9);
    qtest_writel(qts, SCRATCHPAD, 0x80008000);
    qtest_writel(qts, GPT1_TCLR, 1);                    /* GPT1 runs */
    /* RET first: nothing is lost */
    mpu_standby(qts, 1);
    qtest_set_irq_in(qts, "/machine/soc/intc", NULL, GPT1_IRQ, 1);
    qtest_clock_step(qts, 1000000);
    g_assert_true(qtest_get_irq(qts, 0));
    g_assert_cmphex(qtest_readl(qts, SDRC_REG(POWER)), ==, 0x9);
    g_assert_cmphex(qtest_readl(qts, CM_CLKSTCTRL_PER), ==, 3);
    /* the handler: the source drops its line, then NEWIRQAGR */
    qtest_set_irq_in(qts, "/machine/soc/intc", NULL, GPT1_IRQ, 0);
    qtest_writel(qts, INTC_REG(CONTROL), 1);

    /* CORE OFF */
    rm696_pwrdm_set_next(qts, MOD_CORE, 0);
    rm696_pwrdm_set_next(qts, MOD_PER, 0);
    qtest_writel(qts, PM_PREPWSTST(MOD_CORE), 0);
    mpu_standby(qts, 1);
    g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_CORE)) & 3, ==, 0);
    qtest_set_irq_in(qts, "/machine/soc/intc", NULL, GPT1_IRQ, 1);
    qtest_clock_step(qts, 1000000);
    g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_CORE)) & 3, ==, PWRST_ON);
    g_assert_cmphex(qtest_readl(qts, PM_PREPWSTST(MOD_CORE)) & 3, ==, 0);
    g_assert_cmphex(qtest_readl(qts, SDRC_REG(POWER)), ==, sdrc_reset);
    g_assert_cmphex(qtest_readl(qts, INTC_BANK_REG(MIR, 1)), ==, 0xffffffff);
    g_assert_cmphex(qtest_readl(qts, CM_CLKSTCTRL_PER), ==, 0);
    g_assert_cmphex(qtest_readl(qts, SCRATCHPAD), ==, 0x80008000);
    g_assert_cmphex(qtest_readl(qts, GPT1_TCLR) & 1, ==, 1);
    g_assert_cmphex(qtest_readl(qts, PM_PWSTCTRL(MOD_CORE)) & 3, ==, 0);
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("/rm696/prcm/dpll-lock", test_dpll_lock);
    qtest_add_func("/rm696/prcm/mpu-clock", test_mpu_clock);
    qtest_add_func("/rm696/prcm/idlest", test_idlest);
    qtest_add_func("/rm696/prcm/pwstst", test_pwstst);
    qtest_add_func("/rm696/prcm/prepwstst", test_prepwstst);
    qtest_add_func("/rm696/prcm/wkst-irq", test_wkst_irq);
    qtest_add_func("/rm696/prcm/prcm-intc", test_prcm_intc);
    qtest_add_func("/rm696/prcm/abb", test_abb);
    qtest_add_func("/rm696/prcm/abb-settling", test_abb_settling);
    qtest_add_func("/rm696/prcm/gpt1-clock", test_gpt1_clock);
    qtest_add_func("/rm696/prcm/rstctrl", test_rstctrl);
    qtest_add_func("/rm696/prcm/reserved-bits", test_reserved_bits);
    qtest_add_func("/rm696/prcm/gpt10-keeps-core-on", test_gpt10_core);
    qtest_add_func("/rm696/prcm/wake-from-on", test_wake_from_on);
    qtest_add_func("/rm696/prcm/wake-latency", test_wake_latency);
    qtest_add_func("/rm696/prcm/core-off-context", test_core_off_context);

    return g_test_run();
}
