/*
 * qtest for the OMAP3630 System Control Module (omap3-scm, 0x48002000) and
 * the TAP identification registers (omap3-tap, 0x4830A000) of the rm696
 * machine: what arch/arm/mach-omap2 (id.c, control.c), pinctrl-single and
 * the 3630 bandgap driver rely on.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "libqtest.h"
#include "rm696-qtest.h"
#include "hw/n9/omap3_scm_regs.h"
#include "hw/n9/omap3_tap_regs.h"

#define SCM                 BLK_BASE(SCM)
#define SCM_REG(reg)        (SCM + A_CONTROL_##reg)
#define PADCONF_CORE        (SCM + OMAP3_SCM_PADCONF_CORE_START)
#define PADCONF_CORE_LAST   (SCM + OMAP3_SCM_PADCONF_CORE_END - 4)
#define PADCONF_CORE2       (SCM + OMAP3_SCM_PADCONF_CORE2_START)
#define PADCONF_WKUP        (SCM + OMAP3_SCM_PADCONF_WKUP_START)
#define PADCONF_OFF         SCM_REG(PADCONF_OFF)
#define CONTROL_STATUS      SCM_REG(STATUS)
#define GP_STATUS           SCM_REG(GENERAL_PURPOSE_STATUS)
#define IVA2_BOOTMOD        SCM_REG(IVA2_BOOTMOD)
#define OMAP_STATUS         SCM_REG(OMAP_STATUS)
#define PBIAS_LITE          SCM_REG(PBIAS_LITE)
#define TEMP_SENSOR         SCM_REG(TEMP_SENSOR)
#define SCRATCHPAD          (SCM + OMAP3_SCM_SCRATCHPAD_START)

#define TAP                 BLK_BASE(TAP)
/* a TAP register (hw/n9/omap3_tap_regs.h) */
#define TAP_IDCODE          (TAP + A_IDCODE)
#define TAP_DIE_ID(n)       (TAP + A_DIE_ID_0 + 4 * (n))

/*
 * omap_type() reads CONTROL_STATUS[10:8]: the N9 is an HS part (2); the OFF
 * restore code compares (CONTROL_STATUS & 0x700) with 0x300 (GP).
 * CONTROL_OMAP_STATUS drives omap3xxx_check_features() and ti-cpufreq.
 */
static void test_status(void)
{
    QTestState *qts = qtest_init("-M rm696");
    uint32_t st = qtest_readl(qts, CONTROL_STATUS);

    g_assert_cmphex(st & 0x700, ==, 0x200);
    g_assert_cmphex(st & 0x700, !=, 0x300);
    /* Read-only: a write does not turn the part into a GP device. */
    qtest_writel(qts, CONTROL_STATUS, 0x300);
    g_assert_cmphex(qtest_readl(qts, CONTROL_STATUS) & 0x700, ==, 0x200);
    /* omap_ctrl_readw-style 16-bit read of the same register. */
    g_assert_cmphex(qtest_readw(qts, CONTROL_STATUS) & 0x700, ==, 0x200);

    g_assert_cmphex(qtest_readl(qts, OMAP_STATUS), ==, 0x00000E00);
    /*
     * L2CACHE (11:10) present, SGX (14:13) != 2, IVA/NEON/ISP (12, 4, 5)
     * "full": a complete OMAP3630; bit 9: speed-binned (OPP1G).
     */
    g_assert_cmpuint((qtest_readl(qts, OMAP_STATUS) >> 10) & 3, !=, 0);
    g_assert_cmpuint((qtest_readl(qts, OMAP_STATUS) >> 9) & 1, ==, 1);
    qtest_writel(qts, OMAP_STATUS, 0);
    g_assert_cmphex(qtest_readl(qts, OMAP_STATUS), ==, 0x00000E00);
    qtest_quit(qts);
}

/* A GP configuration of the same SoC model reports type 3. */
static void test_status_gp(void)
{
    QTestState *qts = qtest_init("-M rm696 "
                                 "-global omap3630-soc.device-type=3");

    g_assert_cmphex(qtest_readl(qts, CONTROL_STATUS) & 0x700, ==, 0x300);
    qtest_quit(qts);
}

/*
 * pinctrl-single accesses the pads 16 bits at a time; omap_ctrl_readl and
 * the context save use 32 bits.  Both views must agree.
 */
static void test_padconf(void)
{
    QTestState *qts = qtest_init("-M rm696");

    /* Reset: every pad in mux mode 7 (safe mode). */
    g_assert_cmphex(qtest_readl(qts, PADCONF_CORE), ==, 0x00070007);
    g_assert_cmphex(qtest_readl(qts, PADCONF_CORE_LAST), ==, 0x00070007);
    g_assert_cmphex(qtest_readw(qts, PADCONF_WKUP + 2), ==, 0x0007);
    g_assert_cmphex(qtest_readw(qts, PADCONF_CORE2), ==, 0x0007);

    /* 16-bit writes to both halves, 32-bit read. */
    qtest_writew(qts, PADCONF_CORE, 0x0118);
    qtest_writew(qts, PADCONF_CORE + 2, 0x4104);
    g_assert_cmphex(qtest_readl(qts, PADCONF_CORE), ==, 0x41040118);
    g_assert_cmphex(qtest_readw(qts, PADCONF_CORE + 2), ==, 0x4104);

    /* 32-bit write, 16 and 8-bit reads. */
    qtest_writel(qts, PADCONF_WKUP, 0x01000003);
    g_assert_cmphex(qtest_readw(qts, PADCONF_WKUP), ==, 0x0003);
    g_assert_cmphex(qtest_readw(qts, PADCONF_WKUP + 2), ==, 0x0100);
    g_assert_cmphex(qtest_readb(qts, PADCONF_WKUP + 3), ==, 0x01);

    /* An 8-bit write changes one byte only. */
    qtest_writeb(qts, PADCONF_CORE2 + 1, 0x41);
    g_assert_cmphex(qtest_readl(qts, PADCONF_CORE2), ==, 0x00074107);

    /* WAKEUPEVENT (bit 15 of each pad) is status, not storage. */
    qtest_writew(qts, PADCONF_CORE + 2, 0xC104);
    g_assert_cmphex(qtest_readw(qts, PADCONF_CORE + 2), ==, 0x4104);

    /* General registers: storage (IVA2_BOOTMOD, PBIAS as regmap does). */
    qtest_writel(qts, IVA2_BOOTMOD, 1);
    g_assert_cmphex(qtest_readl(qts, IVA2_BOOTMOD), ==, 1);
    qtest_writel(qts, PBIAS_LITE, 0x00000202);
    g_assert_cmphex(qtest_readl(qts, PBIAS_LITE), ==, 0x00000202);
    qtest_quit(qts);
}

/*
 * The scratchpad (CONTROL_MEM_WKUP + 0x310) is filled with memcpy by
 * omap3_save_scratchpad_contents() and read by the ROM after OFF mode.
 */
static void test_scratchpad(void)
{
    QTestState *qts = qtest_init("-M rm696");
    static const uint8_t pattern[] = {
        0x00, 0x00, 0x00, 0x00, 0x78, 0x56, 0x34, 0x80, 0x00, 0x10, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x64,
    };
    int i;

    /* Byte by byte, as an unaligned memcpy tail would. */
    for (i = 0; i < sizeof(pattern); i++) {
        qtest_writeb(qts, SCRATCHPAD + i, pattern[i]);
    }
    g_assert_cmphex(qtest_readl(qts, SCRATCHPAD + 4), ==, 0x80345678);
    g_assert_cmphex(qtest_readl(qts, SCRATCHPAD + 0x10), ==, 0x0000002C);
    g_assert_cmphex(qtest_readb(qts, SCRATCHPAD + 0x14), ==, 0x64);

    /* Mixed widths on the SDRC block words. */
    qtest_writew(qts, SCRATCHPAD + 0x64, 0x0010);
    qtest_writew(qts, SCRATCHPAD + 0x66, 0x0004);
    g_assert_cmphex(qtest_readl(qts, SCRATCHPAD + 0x64), ==, 0x00040010);
    qtest_writel(qts, SCRATCHPAD + 0x74, 0x00000129);
    g_assert_cmphex(qtest_readw(qts, SCRATCHPAD + 0x74), ==, 0x0129);
    g_assert_cmphex(qtest_readw(qts, SCRATCHPAD + 0x76), ==, 0x0000);

    /* The last word of CONTROL_MEM_WKUP. */
    qtest_writel(qts, SCM + 0x9FC, 0xDEADBEEF);
    g_assert_cmphex(qtest_readl(qts, SCM + 0x9FC), ==, 0xDEADBEEF);
    qtest_quit(qts);
}

/*
 * omap3_ctrl_save_padconf() sets START_PADCONF_SAVE and polls SAVEDONE in
 * CONTROL_GENERAL_PURPOSE_STATUS with no timeout.
 */
static void test_padconf_save(void)
{
    QTestState *qts = qtest_init("-M rm696");
    uint32_t cpo;

    g_assert_cmphex(qtest_readl(qts, GP_STATUS) & 1, ==, 0);
    cpo = qtest_readl(qts, PADCONF_OFF);
    qtest_writel(qts, PADCONF_OFF, cpo | 0x2);
    g_assert_cmphex(qtest_readl(qts, GP_STATUS) & 1, ==, 1);
    /* SAVEDONE is status: a write cannot clear it. */
    qtest_writel(qts, GP_STATUS, 0);
    g_assert_cmphex(qtest_readl(qts, GP_STATUS) & 1, ==, 1);
    /* A second save (next CORE OFF) completes too. */
    cpo = qtest_readl(qts, PADCONF_OFF);
    qtest_writel(qts, PADCONF_OFF, cpo | 0x2);
    g_assert_cmphex(qtest_readl(qts, GP_STATUS) & 1, ==, 1);
    qtest_quit(qts);
}

/*
 * ti_bandgap_force_single_read() on the 3630: set SOC (bit 9), wait for
 * EOCZ (bit 8) high, clear SOC, wait for EOCZ low, read TEMP (7:0), which
 * must index the 128-entry omap36xx_adc_to_temp table.
 */
static void test_bandgap(void)
{
    QTestState *qts = qtest_init("-M rm696");
    uint32_t v = qtest_readl(qts, TEMP_SENSOR);

    qtest_writel(qts, TEMP_SENSOR, v | (1 << 9));
    g_assert_cmphex(qtest_readl(qts, TEMP_SENSOR) & (1 << 8), ==, 1 << 8);
    v = qtest_readl(qts, TEMP_SENSOR);
    qtest_writel(qts, TEMP_SENSOR, v & ~(1 << 9));
    v = qtest_readl(qts, TEMP_SENSOR);
    g_assert_cmphex(v & (1 << 8), ==, 0);
    /*
     * 57 is 40 degrees C in the table; anything from 35 (0 C) to 80
     * (~87 C) is a plausible phone.
     */
    g_assert_cmpuint(v & 0xFF, <=, 127);
    g_assert_cmpuint(v & 0xFF, >=, 35);
    g_assert_cmpuint(v & 0xFF, <=, 80);
    qtest_quit(qts);
}

/*
 * omap3xxx_check_revision(): hawkeye 0xB891 = OMAP3630, ES field 2 = ES1.2
 * (ES < 1.2 brings errata i583/i582).  The die ID feeds the entropy pool.
 */
static void test_tap(void)
{
    QTestState *qts = qtest_init("-M rm696");
    uint32_t idcode = qtest_readl(qts, TAP_IDCODE);
    uint32_t any = 0;
    int i;

    g_assert_cmphex(idcode, ==, 0x2B89102F);
    g_assert_cmphex((idcode >> 12) & 0xFFFF, ==, 0xB891);
    g_assert_cmpuint(idcode >> 28, ==, 2);
    for (i = 0; i < 4; i++) {
        any |= qtest_readl(qts, TAP_DIE_ID(i));
    }
    g_assert_cmphex(any, !=, 0);
    /* Read-only. */
    qtest_writel(qts, TAP_IDCODE, 0);
    g_assert_cmphex(qtest_readl(qts, TAP_IDCODE), ==, 0x2B89102F);
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("/rm696/scm/status", test_status);
    qtest_add_func("/rm696/scm/status-gp", test_status_gp);
    qtest_add_func("/rm696/scm/padconf", test_padconf);
    qtest_add_func("/rm696/scm/scratchpad", test_scratchpad);
    qtest_add_func("/rm696/scm/padconf-save", test_padconf_save);
    qtest_add_func("/rm696/scm/bandgap", test_bandgap);
    qtest_add_func("/rm696/tap/idcode", test_tap);

    return g_test_run();
}
