/*
 * qtest for the SDRAM timing side of the rm696 SDRC (omap3-sdrc): the
 * registers the guest writes reach the model (models/sdrc) decoded, at the
 * L3 clock rate the PRCM gives; the model runs in virtual time (refreshes
 * between two register writes); SDRC_POWER 0x129 puts the SDRAM into
 * self-refresh when idle; the PRCM's idle request (CORE idle with
 * SRFRONIDLEREQ, CORE OFF whatever SDRC_POWER says) does too, and the
 * wake-up ends it; a CORE OFF resets the SDRC's registers, not the SDRAM's
 * state.  Everything read back through QOM properties.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "libqtest.h"
#include "rm696-qtest-prcm.h"

#define SDRC_PATH           "/machine/soc/sdrc"

#define GPT1_IRQ            37

/* One L3 clock at 195.2 MHz, in ps, and the N9's timings in it */
#define TCK                 5123

static int64_t get(QTestState *qts, const char *prop)
{
    return rm696_qom_get_int(qts, SDRC_PATH, prop);
}

static char *get_str(QTestState *qts, const char *prop)
{
    g_autoptr(QDict) resp = rm696_qom_get(qts, SDRC_PATH, prop);

    return g_strdup(qdict_get_str(resp, "return"));
}

static void assert_states(QTestState *qts, const char *want)
{
    g_autofree char *s = get_str(qts, "power-states");

    g_assert_cmpstr(s, ==, want);
}

/* The clock comes from the PRCM (l3_ick); the model's timing follows it. */
static void test_clock(void)
{
    QTestState *qts = qtest_init("-M rm696");

    g_assert_cmpint(get(qts, "l3-hz"), >=, 195199999);
    g_assert_cmpint(get(qts, "l3-hz"), <=, 195200000);
    g_assert_cmpint(get(qts, "tck-ps"), ==, TCK);
    g_assert_cmpint(get(qts, "cs0-cl-ps"), ==, 3 * TCK);
    g_assert_cmpint(get(qts, "cs0-trcd-ps"), ==, 4 * TCK);
    g_assert_cmpint(get(qts, "cs1-trp-ps"), ==, 3 * TCK);
    g_assert_cmpint(get(qts, "cs1-trfc-ps"), ==, 27 * TCK);
    g_assert_cmpint(get(qts, "cs0-txsr-ps"), ==, 40 * TCK);
    g_assert_cmpint(get(qts, "cs0-refi-ps"), ==, 1463 * TCK);
    qtest_quit(qts);
}

/* A register write is decoded into the model there and then. */
static void test_decode(void)
{
    QTestState *qts = qtest_init("-M rm696");

    /* ACTIM_CTRLB_0: tXSR 20 clocks */
    qtest_writel(qts, SDRC_ACTIM_REG(B, 0),
                 (qtest_readl(qts, SDRC_ACTIM_REG(B, 0)) & ~0xFFu) | 20);
    g_assert_cmpint(get(qts, "cs0-txsr"), ==, 20);
    g_assert_cmpint(get(qts, "cs0-txsr-ps"), ==, 20 * TCK);
    g_assert_cmpint(get(qts, "cs1-txsr-ps"), ==, 40 * TCK);
    /* MR_1: CAS latency 2 */
    qtest_writel(qts, SDRC_CS_REG(MR, 1), 0x22);
    g_assert_cmpint(get(qts, "cs1-cas-latency"), ==, 2);
    g_assert_cmpint(get(qts, "cs1-cl-ps"), ==, 2 * TCK);
    g_assert_cmpint(get(qts, "cs1-burst-length"), ==, 4);
    /* RFR_CTRL_0: ARCV 1000, one refresh per expiry */
    qtest_writel(qts, SDRC_CS_REG(RFR_CTRL, 0), (1000 << 8) | 1);
    g_assert_cmpint(get(qts, "cs0-refi-ps"), ==, 1000 * TCK);
    /* SDRC_POWER */
    qtest_writel(qts, SDRC_REG(POWER), 0x129);
    g_assert_cmpint(get(qts, "power-clkctrl"), ==, 2);
    g_assert_cmpint(get(qts, "power-autocount"), ==, 1);
    qtest_quit(qts);
}

/*
 * The model runs in virtual time: the refreshes of the first ms appear at
 * the next register write (133 per chip select, one per 7.495 us); with
 * 0x129 both chip selects go to self-refresh one idle clock later and the
 * controller's refreshes stop.
 */
static void test_refresh_and_autocount(void)
{
    QTestState *qts = qtest_init("-M rm696");

    qtest_writel(qts, SDRC_REG(POWER), 0x9);
    g_assert_cmpint(get(qts, "refreshes"), ==, 0);
    qtest_clock_step(qts, 1000000);
    qtest_writel(qts, SDRC_REG(POWER), 0x129);
    g_assert_cmpint(get(qts, "refreshes"), ==, 2 * 133);
    g_assert_cmpint(get(qts, "sr-entries"), ==, 0);
    assert_states(qts, "cs0=active cs1=active");
    qtest_clock_step(qts, 1000);
    qtest_writel(qts, SDRC_REG(POWER), 0x129);
    g_assert_cmpint(get(qts, "sr-entries"), ==, 2);
    assert_states(qts, "cs0=self-refresh cs1=self-refresh");
    qtest_clock_step(qts, 1000000);
    qtest_writel(qts, SDRC_REG(POWER), 0x9);
    g_assert_cmpint(get(qts, "refreshes"), ==, 2 * 133);
    /* 0x9 does not wake it: only an access (or the PRCM) does */
    assert_states(qts, "cs0=self-refresh cs1=self-refresh");
    qtest_quit(qts);
}

/* What omap3_pm_init leaves: hw-auto clock domains, no dependencies; then
 * a quiet system with MPU, NEON, PER at RET and CORE at @core. */
static void quiet_system(QTestState *qts, uint32_t core)
{
    static const uint32_t ret_mods[] = { MOD_MPU, MOD_NEON, MOD_PER };
    size_t i;

    rm696_pm_clkdm_setup(qts);
    qtest_writel(qts, CM_FCLKEN_PER, 0);
    qtest_writel(qts, CM_FCLKEN1_CORE, 0);
    for (i = 0; i < ARRAY_SIZE(ret_mods); i++) {
        rm696_pwrdm_set_next(qts, ret_mods[i], PWRST_RET);
    }
    qtest_writel(qts, PM_PWSTCTRL(MOD_CORE),
                 (qtest_readl(qts, PM_PWSTCTRL(MOD_CORE)) & ~3u) | core);
    qtest_writel(qts, INTC_BANK_REG(MIR_CLEAR, 1), 1u << (GPT1_IRQ - 32));
}

static void mpu_standby(QTestState *qts)
{
    qtest_set_irq_in(qts, PRCM_QOM, "standbywfi", 0, 1);
}

/* GPT1's interrupt wakes the MPU; the handler drops it again. */
static void wake(QTestState *qts)
{
    qtest_set_irq_in(qts, "/machine/soc/intc", NULL, GPT1_IRQ, 1);
    qtest_clock_step(qts, 1000000);
    qtest_set_irq_in(qts, "/machine/soc/intc", NULL, GPT1_IRQ, 0);
    qtest_writel(qts, INTC_REG(CONTROL), 1);
    qtest_set_irq_in(qts, PRCM_QOM, "standbywfi", 0, 0);
}

/*
 * The idle code's 0x49 (SRFRONIDLEREQ): CORE idles, the PRCM's idle
 * request puts the SDRAM into self-refresh; the wake-up ends it.  With
 * 0x9 the SDRAM stays up.
 */
static void test_idle_request(void)
{
    QTestState *qts = qtest_init("-M rm696");

    quiet_system(qts, PWRST_RET);
    qtest_writel(qts, SDRC_REG(POWER), 0x9);
    mpu_standby(qts);
    g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_CORE)) & 3, ==, PWRST_RET);
    assert_states(qts, "cs0=active cs1=active");
    wake(qts);
    g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_CORE)) & 3, ==, PWRST_ON);
    g_assert_cmpint(get(qts, "sr-entries"), ==, 0);

    qtest_writel(qts, SDRC_REG(POWER), 0x49);
    mpu_standby(qts);
    g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_CORE)) & 3, ==, PWRST_RET);
    assert_states(qts, "cs0=self-refresh cs1=self-refresh");
    g_assert_cmpint(get(qts, "sr-entries"), ==, 2);
    g_assert_cmpint(get(qts, "sr-exits"), ==, 0);
    wake(qts);
    assert_states(qts, "cs0=active cs1=active");
    g_assert_cmpint(get(qts, "sr-exits"), ==, 2);
    /* nothing waited for the exit: no access came */
    g_assert_cmpint(get(qts, "sr-wait-ns"), ==, 0);
    qtest_quit(qts);
}

/*
 * CORE OFF: self-refresh with 0x9 too (the SDRAM keeps its content); the
 * SDRC loses its registers (reset values back, as the ROM then restores
 * them) but the SDRAM's state and the counters stay.
 */
static void test_core_off(void)
{
    QTestState *qts = qtest_init("-M rm696");
    uint32_t reset_power = qtest_readl(qts, SDRC_REG(POWER));

    quiet_system(qts, PWRST_OFF);
    qtest_writel(qts, SDRC_REG(POWER), 0x9);
    mpu_standby(qts);
    g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_CORE)) & 3, ==, PWRST_OFF);
    assert_states(qts, "cs0=self-refresh cs1=self-refresh");
    g_assert_cmpint(get(qts, "sr-entries"), ==, 2);
    wake(qts);
    g_assert_cmphex(qtest_readl(qts, PM_PWSTST(MOD_CORE)) & 3, ==, PWRST_ON);
    g_assert_cmphex(qtest_readl(qts, SDRC_REG(POWER)), ==, reset_power);
    assert_states(qts, "cs0=active cs1=active");
    g_assert_cmpint(get(qts, "sr-entries"), ==, 2);
    g_assert_cmpint(get(qts, "sr-exits"), ==, 2);
    /* the ROM's restore value on HS: self-refresh again when idle */
    qtest_writel(qts, SDRC_REG(POWER), 0x129);
    qtest_clock_step(qts, 1000);
    qtest_writel(qts, SDRC_REG(POWER), 0x129);
    g_assert_cmpint(get(qts, "sr-entries"), ==, 4);
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("/rm696/sdrc/model/clock", test_clock);
    qtest_add_func("/rm696/sdrc/model/decode", test_decode);
    qtest_add_func("/rm696/sdrc/model/refresh-autocount",
                   test_refresh_and_autocount);
    qtest_add_func("/rm696/sdrc/model/idle-request", test_idle_request);
    qtest_add_func("/rm696/sdrc/model/core-off", test_core_off);

    return g_test_run();
}
