/*
 * qtest for the OMAP3630 I2C controller model of the rm696 machine (I2C1
 * at 0x48070000).
 *
 * Checks what i2c-omap relies on: REV and the +0x04 bits 15:14 = 0 rule
 * that selects the v1 register map, the FIFO depth in BUFSTAT, the
 * SYSC/SYSS soft reset (omap_i2c_reset sequence), and that a transfer to
 * an address nobody answers ends at once with NACK + ARDY and the
 * interrupt (-EREMOTEIO without the 1 s timeout), after which STP clears
 * STAT.BB and sets BF.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "libqtest.h"
#include "rm696-qtest.h"
#include "hw/n9/omap3_i2c_regs.h"

#define I2C1_BASE       BLK_BASE(I2C1)
#define I2C3_BASE       BLK_BASE(I2C3)
#define I2C1_QOM        "/machine/soc/i2c1"

/* a controller's registers (hw/n9/omap3_i2c_regs.h) */
#define REV             A_REV
#define IE              A_IE
#define STAT            A_STAT
#define WE              A_WE
#define SYSS            A_SYSS
#define BUF             A_BUF
#define CNT             A_CNT
#define DATA            A_DATA
#define SYSC            A_SYSC
#define CON             A_CON
#define SA              A_SA
#define PSC             A_PSC
#define SCLL            A_SCLL
#define SCLH            A_SCLH
#define SYSTEST         A_SYSTEST
#define BUFSTAT         A_BUFSTAT

/* STAT and IE bits, CON bits */
#define STAT_AL         R_STAT_AL_MASK
#define STAT_NACK       R_STAT_NACK_MASK
#define STAT_ARDY       R_STAT_ARDY_MASK
#define STAT_RRDY       R_STAT_RRDY_MASK
#define STAT_XRDY       R_STAT_XRDY_MASK
#define STAT_BF         R_STAT_BF_MASK
#define STAT_BB         R_STAT_BB_MASK
#define STAT_RDR        R_STAT_RDR_MASK
#define STAT_XDR        R_STAT_XDR_MASK

#define CON_STT         R_CON_STT_MASK
#define CON_STP         R_CON_STP_MASK
#define CON_TRX         R_CON_TRX_MASK
#define CON_MST         R_CON_MST_MASK
#define CON_EN          R_CON_EN_MASK

/* i2c-omap's iestate with a FIFO. */
#define IE_DRIVER       (STAT_XDR | STAT_RDR | STAT_XRDY | STAT_RRDY | \
                         STAT_ARDY | STAT_NACK | STAT_AL)

static uint16_t rd(QTestState *qts, uint32_t reg)
{
    return qtest_readw(qts, I2C1_BASE + reg);
}

static void wr(QTestState *qts, uint32_t reg, uint16_t value)
{
    qtest_writew(qts, I2C1_BASE + reg, value);
}

/* __omap_i2c_init() */
static void i2c_init(QTestState *qts)
{
    wr(qts, CON, 0);
    wr(qts, PSC, 4);
    wr(qts, SCLL, 0x0d);
    wr(qts, SCLH, 0x0f);
    wr(qts, WE, 0x636f);
    wr(qts, CON, CON_EN);
    wr(qts, IE, IE_DRIVER);
}

/* omap_i2c_xfer_msg() up to the CON write. */
static void i2c_start_msg(QTestState *qts, uint16_t addr, uint16_t len,
                          bool read, bool stop)
{
    uint16_t con = CON_EN | CON_MST | CON_STT;

    wr(qts, BUF, (rd(qts, BUF) & ~0x3f3f) | (1 << 14) | (1 << 6));
    wr(qts, SA, addr);
    wr(qts, CNT, len);
    if (!read) {
        con |= CON_TRX;
    }
    if (stop) {
        con |= CON_STP;
    }
    wr(qts, CON, con);
}

static void test_rev_reset(void)
{
    QTestState *qts = qtest_init("-M rm696");

    /* omap_i2c_probe: scheme from +0x04 bits 15:14 must be 0 (v1). */
    g_assert_cmphex(rd(qts, IE) & 0xc000, ==, 0);
    g_assert_cmphex(rd(qts, REV), ==, 0x0040);      /* OMAP_I2C_REV_ON_3630 */
    /* 8-byte FIFO on I2C1, 64 on I2C3 (BUFSTAT[15:14]). */
    g_assert_cmphex(rd(qts, BUFSTAT) >> 14, ==, 0);
    g_assert_cmphex(qtest_readw(qts, I2C3_BASE + BUFSTAT) >> 14, ==, 3);
    /* 32-bit accesses reach the 16-bit registers too. */
    g_assert_cmphex(qtest_readl(qts, I2C1_BASE + REV), ==, 0x0040);

    /* omap_i2c_reset(): disable, soft reset, enable, poll RESETDONE. */
    wr(qts, PSC, 0x17);
    wr(qts, SYSC, 0x0215);
    g_assert_cmphex(rd(qts, SYSC), ==, 0x0215);
    wr(qts, CON, rd(qts, CON) & ~CON_EN);
    wr(qts, SYSC, 0x0002);
    wr(qts, CON, CON_EN);
    g_assert_cmphex(rd(qts, SYSS) & 1, ==, 1);
    /* SOFTRESET self-clears and the registers are back to reset. */
    g_assert_cmphex(rd(qts, SYSC), ==, 0);
    g_assert_cmphex(rd(qts, PSC), ==, 0);
    g_assert_cmphex(rd(qts, IE), ==, 0);

    /* Idle bus lines read high (omap_i2c_wait_for_bb_valid). */
    g_assert_cmphex(rd(qts, SYSTEST) & 0x0140, ==, 0x0140);
    /* No transfer: bus not busy. */
    g_assert_cmphex(rd(qts, STAT) & STAT_BB, ==, 0);

    qtest_quit(qts);
}

static void test_nack(void)
{
    QTestState *qts = qtest_init("-M rm696");
    uint16_t stat;

    qtest_irq_intercept_out_named(qts, I2C1_QOM, "sysbus-irq");
    i2c_init(qts);
    g_assert_cmphex(rd(qts, STAT), ==, 0);
    g_assert_false(qtest_get_irq(qts, 0));

    /*
     * Write of one byte with STOP to 0x50, where no slave answers: NACK and
     * ARDY at once (no clock step), interrupt raised, no XRDY.
     */
    i2c_start_msg(qts, 0x50, 1, false, true);
    stat = rd(qts, STAT);
    g_assert_cmphex(stat & (STAT_NACK | STAT_ARDY), ==, STAT_NACK | STAT_ARDY);
    g_assert_cmphex(stat & (STAT_XRDY | STAT_XDR), ==, 0);
    g_assert_true(qtest_get_irq(qts, 0));
    /* STT self-cleared. */
    g_assert_cmphex(rd(qts, CON) & CON_STT, ==, 0);

    /* omap_i2c_xfer_data(): ack NACK, then ARDY; the line drops. */
    wr(qts, STAT, STAT_NACK);
    g_assert_true(qtest_get_irq(qts, 0));          /* ARDY still set */
    wr(qts, STAT, STAT_ARDY);
    wr(qts, STAT, STAT_RRDY | STAT_RDR | STAT_XRDY | STAT_XDR | STAT_ARDY);
    g_assert_false(qtest_get_irq(qts, 0));
    /* omap_i2c_xfer_msg() then sets STP; the bus is free afterwards. */
    wr(qts, CON, rd(qts, CON) | CON_STP);
    stat = rd(qts, STAT);
    g_assert_cmphex(stat & STAT_BB, ==, 0);
    g_assert_cmphex(stat & STAT_BF, ==, STAT_BF);
    wr(qts, STAT, STAT_BF);
    g_assert_cmphex(rd(qts, STAT), ==, 0);

    /* A read without STOP to 0x4c: NACK + ARDY, the bus stays busy. */
    i2c_start_msg(qts, 0x4c, 2, true, false);
    stat = rd(qts, STAT);
    g_assert_cmphex(stat & (STAT_NACK | STAT_ARDY | STAT_BB), ==,
                    STAT_NACK | STAT_ARDY | STAT_BB);
    g_assert_cmphex(stat & (STAT_RRDY | STAT_RDR), ==, 0);
    g_assert_true(qtest_get_irq(qts, 0));
    /* BB is not a write-1-to-clear bit. */
    wr(qts, STAT, 0xffff);
    g_assert_cmphex(rd(qts, STAT), ==, STAT_BB);
    g_assert_false(qtest_get_irq(qts, 0));
    /* STOP releases the bus: BB clears, BF sets (omap_i2c_wait_for_bb). */
    wr(qts, CON, CON_EN | CON_MST | CON_STP);
    g_assert_cmphex(rd(qts, STAT) & (STAT_BB | STAT_BF), ==, STAT_BF);
    g_assert_cmphex(rd(qts, CON) & (CON_STP | CON_MST), ==, 0);

    /* Masked by IE, the same event leaves the line low. */
    wr(qts, STAT, 0xffff);
    wr(qts, IE, 0);
    i2c_start_msg(qts, 0x51, 1, false, true);
    g_assert_cmphex(rd(qts, STAT) & STAT_NACK, ==, STAT_NACK);
    g_assert_false(qtest_get_irq(qts, 0));
    wr(qts, IE, IE_DRIVER);
    g_assert_true(qtest_get_irq(qts, 0));

    /* CON.EN = 0 puts the controller back in reset: STAT cleared. */
    wr(qts, CON, 0);
    g_assert_cmphex(rd(qts, STAT), ==, 0);
    g_assert_false(qtest_get_irq(qts, 0));

    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("rm696/i2c/rev-reset", test_rev_reset);
    qtest_add_func("rm696/i2c/nack", test_nack);

    return g_test_run();
}
