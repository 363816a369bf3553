/*
 * qtest for the OMAP3630 memory controllers of the rm696 machine: the SDRAM
 * controller (omap3-sdrc, 0x6D000000), the SDRAM memory scheduler
 * (omap3-sms, 0x6C000000) and the GPMC (omap3-gpmc, 0x6E000000).  What
 * omap2_sdrc_init(), the scratchpad code, omap3_do_wfi (sleep34xx.S), the
 * hwmod soft reset and drivers/memory/omap-gpmc.c rely on, and the SDRAM
 * timings of docs/facts.md.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "libqtest.h"
#include "rm696-qtest.h"
#include "hw/n9/omap3_sms_regs.h"
#include "hw/n9/omap3_gpmc_regs.h"


#define SMS_REG(reg)        (BLK_BASE(SMS) + A_SMS_##reg)

#define GPMC                BLK_BASE(GPMC)
/* a GPMC register (hw/n9/omap3_gpmc_regs.h) */
#define GPMC_REVISION       (GPMC + A_REVISION)
#define GPMC_SYSCONFIG      (GPMC + A_SYSCONFIG)
#define GPMC_SYSSTATUS      (GPMC + A_SYSSTATUS)
#define GPMC_IRQSTATUS      (GPMC + A_IRQSTATUS)
#define GPMC_IRQENABLE      (GPMC + A_IRQENABLE)
#define GPMC_CONFIG         (GPMC + A_CONFIG)
#define GPMC_STATUS         (GPMC + A_STATUS)
/* chip select @cs's CONFIG@n */
#define GPMC_CS_CONFIG(cs, n) \
    (GPMC + A_CS_CONFIG1 + OMAP3_GPMC_CS_STRIDE * (cs) + 4 * ((n) - 1))

#define IRQ_GPMC            20

#define SDRC_PATH           "/machine/soc/sdrc"
#define GPMC_PATH           "/machine/soc/gpmc"

/* The N9's L3/SDRC clock (docs/facts.md): 195.2 MHz = 1952 / 10 */
#define SDRC_MHZ_X10        1952

/* @cycles SDRC clock cycles as a duration in units of @unit_ps, rounded. */
static int64_t cycles_to(int64_t cycles, int64_t unit_ps)
{
    /* One cycle is 1e6 / 195.2 ps = 1e7 / 1952 ps. */
    int64_t ps = cycles * 10000000 / SDRC_MHZ_X10;

    return (ps + unit_ps / 2) / unit_ps;
}

static int64_t cycles_to_ns(int64_t cycles)
{
    return cycles_to(cycles, 1000);
}

/*
 * hwmod-style soft reset: SOFTRESET self-clears, RESETDONE reads 1, and
 * the registers really go back to their reset values.
 */
static void test_sdrc_softreset(void)
{
    QTestState *qts = qtest_init("-M rm696");
    uint32_t power0 = qtest_readl(qts, SDRC_REG(POWER));

    qtest_writel(qts, SDRC_REG(POWER), 0x169);
    g_assert_cmphex(qtest_readl(qts, SDRC_REG(POWER)), ==, 0x169);
    qtest_writel(qts, SDRC_REG(SYSCONFIG), qtest_readl(qts, SDRC_REG(SYSCONFIG)) | 2);
    g_assert_cmphex(qtest_readl(qts, SDRC_REG(SYSCONFIG)) & 2, ==, 0);
    g_assert_cmphex(qtest_readl(qts, SDRC_REG(SYSSTATUS)) & 1, ==, 1);
    g_assert_cmphex(qtest_readl(qts, SDRC_REG(POWER)), ==, power0);

    /* omap2_sdrc_init: SIDLEMODE = smart idle, read-modify-write. */
    qtest_writel(qts, SDRC_REG(SYSCONFIG),
                 (qtest_readl(qts, SDRC_REG(SYSCONFIG)) & ~0x18) | 0x10);
    g_assert_cmphex(qtest_readl(qts, SDRC_REG(SYSCONFIG)) & 0x18, ==, 0x10);
    qtest_quit(qts);
}

/*
 * SDRC_POWER: the kernel writes 0x9 (EXTCLKDIS | PAGEPOLICY); the idle code
 * sets and clears SRFRONIDLEREQ (bit 6) around WFI; 0x129 is the
 * self-refresh-on-AUTOCOUNT value that docs/facts.md calls a bug.
 */
static void test_sdrc_power(void)
{
    QTestState *qts = qtest_init("-M rm696");

    /* A boot loader value that is not the kernel's. */
    g_assert_cmphex(qtest_readl(qts, SDRC_REG(POWER)), !=, 0x9);

    qtest_writel(qts, SDRC_REG(POWER), 0x9);
    g_assert_cmphex(qtest_readl(qts, SDRC_REG(POWER)), ==, 0x9);
    g_assert_cmpint(rm696_qom_get_int(qts, SDRC_PATH, "power-clkctrl"), ==, 0);
    g_assert_false(rm696_qom_get_bool(qts, SDRC_PATH, "power-pwdena"));

    qtest_writel(qts, SDRC_REG(POWER), qtest_readl(qts, SDRC_REG(POWER)) | 0x40);
    g_assert_cmphex(qtest_readl(qts, SDRC_REG(POWER)), ==, 0x49);
    g_assert_true(rm696_qom_get_bool(qts, SDRC_PATH,
                                     "power-srfr-on-idle-req"));
    qtest_writel(qts, SDRC_REG(POWER), qtest_readl(qts, SDRC_REG(POWER)) & ~0x40);
    g_assert_cmphex(qtest_readl(qts, SDRC_REG(POWER)), ==, 0x9);
    g_assert_false(rm696_qom_get_bool(qts, SDRC_PATH,
                                      "power-srfr-on-idle-req"));

    /* The ROM's HS scratchpad value: CLKCTRL 2, AUTOCOUNT 1. */
    qtest_writel(qts, SDRC_REG(POWER), 0x129);
    g_assert_cmphex(qtest_readl(qts, SDRC_REG(POWER)), ==, 0x129);
    g_assert_cmpint(rm696_qom_get_int(qts, SDRC_PATH, "power-clkctrl"), ==, 2);
    g_assert_cmpint(rm696_qom_get_int(qts, SDRC_PATH, "power-autocount"),
                    ==, 1);
    qtest_quit(qts);
}

/*
 * omap3_do_wfi: with DLLA_CTRL.LOCKDLL (bit 2) clear it polls
 * DLLA_STATUS.LOCKED (bit 2), toggling ENADLL (bit 3) every 8 reads,
 * forever.  The DLL must report locked whenever it is enabled.
 */
static void test_sdrc_dll(void)
{
    QTestState *qts = qtest_init("-M rm696");
    uint32_t ctrl = qtest_readl(qts, SDRC_REG(DLLA_CTRL));

    g_assert_cmphex(ctrl & (1 << 3), ==, 1 << 3);
    g_assert_cmphex(ctrl & (1 << 2), ==, 0);   /* unlocked mode: polled */
    g_assert_cmphex(qtest_readl(qts, SDRC_REG(DLLA_STATUS)) & (1 << 2), ==,
                    1 << 2);
    g_assert_true(rm696_qom_get_bool(qts, SDRC_PATH, "dll-enabled"));

    /* kick_dll: disable, then enable again. */
    qtest_writel(qts, SDRC_REG(DLLA_CTRL), ctrl & ~(1 << 3));
    g_assert_cmphex(qtest_readl(qts, SDRC_REG(DLLA_STATUS)) & (1 << 2), ==, 0);
    qtest_writel(qts, SDRC_REG(DLLA_CTRL), ctrl | (1 << 3));
    g_assert_cmphex(qtest_readl(qts, SDRC_REG(DLLA_STATUS)) & (1 << 2), ==,
                    1 << 2);
    /* Status is read-only. */
    qtest_writel(qts, SDRC_REG(DLLA_STATUS), 0);
    g_assert_cmphex(qtest_readl(qts, SDRC_REG(DLLA_STATUS)) & (1 << 2), ==,
                    1 << 2);
    qtest_quit(qts);
}

/*
 * The boot timings of both chip selects, decoded, against docs/facts.md:
 * LPDDR at 195.2 MHz, CAS 3, tRCD 20 ns, tRP 15 ns, tRAS 41 ns, tRC 56 ns,
 * tRFC 138 ns, a refresh every 7.49 us; 2 x 512 MB = 1 GB.
 */
static void test_sdrc_timings(void)
{
    QTestState *qts = qtest_init("-M rm696");
    int p;

    for (p = 0; p < 2; p++) {
        g_autofree char *trfc = g_strdup_printf("cs%d-trfc", p);
        g_autofree char *trcd = g_strdup_printf("cs%d-trcd", p);
        g_autofree char *trp = g_strdup_printf("cs%d-trp", p);
        g_autofree char *tras = g_strdup_printf("cs%d-tras", p);
        g_autofree char *trc = g_strdup_printf("cs%d-trc", p);
        g_autofree char *cas = g_strdup_printf("cs%d-cas-latency", p);
        g_autofree char *rfr = g_strdup_printf("cs%d-refresh-interval", p);
        g_autofree char *are = g_strdup_printf("cs%d-refresh-burst", p);
        g_autofree char *size = g_strdup_printf("cs%d-ram-size-mb", p);
        uint32_t actim_a = qtest_readl(qts, SDRC_ACTIM_REG(A, p));
        uint32_t rfr_ctrl = qtest_readl(qts, SDRC_CS_REG(RFR_CTRL, p));
        int64_t v;

        /* The decode follows the register (sdram-nokia.c field layout). */
        g_assert_cmpint(rm696_qom_get_int(qts, SDRC_PATH, trfc), ==,
                        actim_a >> 27);
        g_assert_cmpint(rm696_qom_get_int(qts, SDRC_PATH, trcd), ==,
                        (actim_a >> 12) & 7);
        g_assert_cmpint(rm696_qom_get_int(qts, SDRC_PATH, rfr), ==,
                        (rfr_ctrl >> 8) & 0xFFFF);

        /* Cycles at 195.2 MHz give back the measured nanoseconds. */
        v = rm696_qom_get_int(qts, SDRC_PATH, trfc);
        g_assert_cmpint(v, ==, 27);
        g_assert_cmpint(cycles_to_ns(v), ==, 138);
        v = rm696_qom_get_int(qts, SDRC_PATH, trcd);
        g_assert_cmpint(v, ==, 4);
        g_assert_cmpint(cycles_to_ns(v), ==, 20);
        v = rm696_qom_get_int(qts, SDRC_PATH, trp);
        g_assert_cmpint(v, ==, 3);
        g_assert_cmpint(cycles_to_ns(v), ==, 15);
        v = rm696_qom_get_int(qts, SDRC_PATH, tras);
        g_assert_cmpint(cycles_to_ns(v), ==, 41);
        v = rm696_qom_get_int(qts, SDRC_PATH, trc);
        g_assert_cmpint(cycles_to_ns(v), ==, 56);
        g_assert_cmpint(rm696_qom_get_int(qts, SDRC_PATH, cas), ==, 3);
        g_assert_cmphex((qtest_readl(qts, SDRC_CS_REG(MR, p)) >> 4) & 7, ==, 3);
        /* 7.49 us (749 x 10 ns) between refreshes, one auto-refresh. */
        v = rm696_qom_get_int(qts, SDRC_PATH, rfr);
        g_assert_cmpint(cycles_to(v, 10000), ==, 749);
        g_assert_cmpint(rm696_qom_get_int(qts, SDRC_PATH, are), ==, 1);
        g_assert_cmpint(rm696_qom_get_int(qts, SDRC_PATH, size), ==, 512);
        /* LPDDR (RAMTYPE 1), 32-bit, in MCFG. */
        g_assert_cmphex(qtest_readl(qts, SDRC_CS_REG(MCFG, p)) & 3, ==, 1);
        g_assert_cmphex(qtest_readl(qts, SDRC_CS_REG(MCFG, p)) & 0x10, ==, 0x10);
    }
    /* CS1 starts right after CS0's 512 MB. */
    g_assert_cmphex(qtest_readl(qts, SDRC_REG(CS_CFG)), ==, 0x4);

    /* A write is decoded once, there and then. */
    qtest_writel(qts, SDRC_ACTIM_REG(A, 1),
                 (qtest_readl(qts, SDRC_ACTIM_REG(A, 1)) & ~(0x1Fu << 27)) |
                 (20u << 27));
    g_assert_cmpint(rm696_qom_get_int(qts, SDRC_PATH, "cs1-trfc"), ==, 20);
    g_assert_cmpint(rm696_qom_get_int(qts, SDRC_PATH, "cs0-trfc"), ==, 27);
    qtest_writel(qts, SDRC_ACTIM_REG(B, 0), 0x00021214);
    g_assert_cmpint(rm696_qom_get_int(qts, SDRC_PATH, "cs0-txsr"), ==, 0x14);
    g_assert_cmpint(rm696_qom_get_int(qts, SDRC_PATH, "cs0-tcke"), ==, 1);
    qtest_quit(qts);
}

/*
 * SMS: omap2_sdrc_init sets smart idle; the GP SRAM code opens firewall
 * region 0 (0x6C000048 = 0xFFFFFFFF).
 */
static void test_sms(void)
{
    QTestState *qts = qtest_init("-M rm696");

    qtest_writel(qts, SMS_REG(RG_ATT0), 0xFFFFFFFF);
    g_assert_cmphex(qtest_readl(qts, SMS_REG(RG_ATT0)), ==, 0xFFFFFFFF);
    qtest_writel(qts, SMS_REG(SYSCONFIG),
                 (qtest_readl(qts, SMS_REG(SYSCONFIG)) & ~0x18) | 0x10);
    g_assert_cmphex(qtest_readl(qts, SMS_REG(SYSCONFIG)), ==, 0x10);

    qtest_writel(qts, SMS_REG(SYSCONFIG), 0x2);
    g_assert_cmphex(qtest_readl(qts, SMS_REG(SYSCONFIG)) & 2, ==, 0);
    g_assert_cmphex(qtest_readl(qts, SMS_REG(SYSSTATUS)) & 1, ==, 1);
    g_assert_cmphex(qtest_readl(qts, SMS_REG(RG_ATT0)), ==, 0);
    qtest_quit(qts);
}

/*
 * GPMC: revision 5.x (OMAP3 feature set), hwmod soft reset back to the
 * hardware reset values (CS0 valid at 0, which gpmc_mem_init disables),
 * IRQSTATUS write-1-to-clear and the interrupt line (INTC input 20).
 */
static void test_gpmc(void)
{
    QTestState *qts = qtest_init("-M rm696");
    uint32_t st;

    g_assert_cmphex((qtest_readl(qts, GPMC_REVISION) >> 4) & 0xF, ==, 5);
    /* The boot loader's OneNAND chip select: valid at 0x04000000. */
    g_assert_cmphex(qtest_readl(qts, GPMC_CS_CONFIG(0, 7)), ==, 0xF44);
    g_assert_cmphex(qtest_readl(qts, GPMC_CS_CONFIG(0, 1)), ==, 0xFD001202);

    qtest_writel(qts, GPMC_IRQENABLE, 0x301);
    qtest_writel(qts, GPMC_SYSCONFIG, 0x2);
    g_assert_cmphex(qtest_readl(qts, GPMC_SYSCONFIG) & 2, ==, 0);
    g_assert_cmphex(qtest_readl(qts, GPMC_SYSSTATUS) & 1, ==, 1);
    g_assert_cmphex(qtest_readl(qts, GPMC_IRQENABLE), ==, 0);
    g_assert_cmphex(qtest_readl(qts, GPMC_CS_CONFIG(0, 7)), ==, 0xF40);
    g_assert_cmphex(qtest_readl(qts, GPMC_CS_CONFIG(1, 7)) & 0x40, ==, 0);

    /* CS configuration is storage (gpmc_cs_remap / gpmc_cs_set_timings). */
    qtest_writel(qts, GPMC_CS_CONFIG(0, 7), 0xF44);
    g_assert_cmphex(qtest_readl(qts, GPMC_CS_CONFIG(0, 7)), ==, 0xF44);

    /* WAIT pins idle high; no posted write pending. */
    st = qtest_readl(qts, GPMC_STATUS);
    g_assert_cmphex(st & 1, ==, 1);
    g_assert_cmphex(st & 0xF00, ==, 0xF00);

    /* gpmc_setup_irq: disable, then clear what is pending. */
    qtest_writel(qts, GPMC_IRQENABLE, 0);
    qtest_writel(qts, GPMC_IRQSTATUS, qtest_readl(qts, GPMC_IRQSTATUS));
    g_assert_cmphex(qtest_readl(qts, GPMC_IRQSTATUS), ==, 0);

    /* A rising edge on WAIT1 (polarity bit 9 = 0) is latched... */
    qtest_set_irq_in(qts, GPMC_PATH, "wait", 1, 0);
    g_assert_cmphex(qtest_readl(qts, GPMC_STATUS) & 0xF00, ==, 0xD00);
    g_assert_cmphex(qtest_readl(qts, GPMC_IRQSTATUS), ==, 0);
    qtest_set_irq_in(qts, GPMC_PATH, "wait", 1, 1);
    g_assert_cmphex(qtest_readl(qts, GPMC_IRQSTATUS), ==, 0x200);
    /* ...and interrupts only when enabled. */
    g_assert_false(rm696_intc_line(qts, IRQ_GPMC));
    qtest_writel(qts, GPMC_IRQENABLE, 0x200);
    g_assert_true(rm696_intc_line(qts, IRQ_GPMC));
    /* Writing 0 clears nothing, writing 1 clears. */
    qtest_writel(qts, GPMC_IRQSTATUS, 0);
    g_assert_cmphex(qtest_readl(qts, GPMC_IRQSTATUS), ==, 0x200);
    qtest_writel(qts, GPMC_IRQSTATUS, 0x200);
    g_assert_cmphex(qtest_readl(qts, GPMC_IRQSTATUS), ==, 0);
    g_assert_false(rm696_intc_line(qts, IRQ_GPMC));

    /* With falling-edge polarity (gpmc_irq_edge_config) only a fall counts. */
    qtest_writel(qts, GPMC_CONFIG, qtest_readl(qts, GPMC_CONFIG) | (1 << 9));
    qtest_set_irq_in(qts, GPMC_PATH, "wait", 1, 0);
    g_assert_cmphex(qtest_readl(qts, GPMC_IRQSTATUS), ==, 0x200);
    qtest_writel(qts, GPMC_IRQSTATUS, 0x200);
    qtest_set_irq_in(qts, GPMC_PATH, "wait", 1, 1);
    g_assert_cmphex(qtest_readl(qts, GPMC_IRQSTATUS), ==, 0);
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("/rm696/sdrc/softreset", test_sdrc_softreset);
    qtest_add_func("/rm696/sdrc/power", test_sdrc_power);
    qtest_add_func("/rm696/sdrc/dll", test_sdrc_dll);
    qtest_add_func("/rm696/sdrc/timings", test_sdrc_timings);
    qtest_add_func("/rm696/sms/softreset", test_sms);
    qtest_add_func("/rm696/gpmc/registers", test_gpmc);

    return g_test_run();
}
