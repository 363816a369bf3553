/*
 * qtest for the TWL5031 power IC of the rm696 machine (I2C1, 0x48-0x4b),
 * driven through the OMAP I2C1 controller as Linux's i2c-omap does.
 *
 * Checks what Linux's TWL drivers rely on: the IDCODE behind its unlock
 * key (twl-core), power-script words written and read back through the
 * sequencer memory (twl4030-power), VDD1's VSEL and an LDO's (twl-regulator),
 * the RTC counting on the virtual clock with GET_TIME snapshots and its
 * alarm raising PWR_ISR1.RTC_IT, PIH_ISR_P1 and the OMAP's sys_nirq (INTC
 * input 7) (rtc-twl, twl4030-irq), clear-on-read, the RTC surviving a
 * system reset, and the MADC's software conversion of the battery
 * temperature and voltage (twl4030-madc).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "libqtest.h"
#include "rm696-qtest.h"
#include "hw/n9/twl5031_regs.h"
#include "hw/n9/omap3_i2c_regs.h"

/* I2C1 and its registers (hw/n9/omap3_i2c_regs.h) */
#define I2C1            BLK_BASE(I2C1)
#define IE              A_IE
#define STAT            A_STAT
#define BUF             A_BUF
#define CNT             A_CNT
#define DATA            A_DATA
#define CON             A_CON
#define SA              A_SA

/* STAT bits, CON bits */
#define STAT_NACK       R_STAT_NACK_MASK
#define STAT_ARDY       R_STAT_ARDY_MASK
#define STAT_RRDY       R_STAT_RRDY_MASK
#define CON_STT         R_CON_STT_MASK
#define CON_STP         R_CON_STP_MASK
#define CON_TRX         R_CON_TRX_MASK
#define CON_MST         R_CON_MST_MASK
#define CON_EN          R_CON_EN_MASK

#define TWL_QOM         "/machine/twl5031"
#define NANOSECONDS_PER_SECOND  1000000000LL
#define SYS_NIRQ        7
#define RTC_ARGS        "-M rm696 -rtc base=2011-06-21T12:00:00,clock=vm"

static void msg(QTestState *qts, uint8_t addr, uint16_t len, bool read,
                bool stop)
{
    uint16_t con = CON_EN | CON_MST | CON_STT;

    qtest_writew(qts, I2C1 + STAT, 0xffff);
    qtest_writew(qts, I2C1 + SA, addr);
    qtest_writew(qts, I2C1 + CNT, len);
    con |= read ? 0 : CON_TRX;
    con |= stop ? CON_STP : 0;
    qtest_writew(qts, I2C1 + CON, con);
    g_assert_cmphex(qtest_readw(qts, I2C1 + STAT) & STAT_NACK, ==, 0);
}

/* twl_i2c_write(): [register, data...] in one message */
static void twl_wr(QTestState *qts, uint8_t addr, uint8_t reg,
                   const uint8_t *buf, int n)
{
    msg(qts, addr, n + 1, false, true);
    qtest_writeb(qts, I2C1 + DATA, reg);
    for (int i = 0; i < n; i++) {
        qtest_writeb(qts, I2C1 + DATA, buf[i]);
    }
    g_assert_cmphex(qtest_readw(qts, I2C1 + STAT) & (STAT_ARDY | STAT_NACK),
                    ==, STAT_ARDY);
}

static void twl_wr8(QTestState *qts, uint8_t addr, uint8_t reg, uint8_t v)
{
    twl_wr(qts, addr, reg, &v, 1);
}

/* twl_i2c_read(): the register, then a repeated START and n bytes */
static void twl_rd(QTestState *qts, uint8_t addr, uint8_t reg, uint8_t *buf,
                   int n)
{
    msg(qts, addr, 1, false, false);
    qtest_writeb(qts, I2C1 + DATA, reg);
    msg(qts, addr, n, true, true);
    for (int i = 0; i < n; i++) {
        g_assert_true(qtest_readw(qts, I2C1 + STAT) & STAT_RRDY);
        buf[i] = qtest_readb(qts, I2C1 + DATA);
    }
}

static uint8_t twl_rd8(QTestState *qts, uint8_t addr, uint8_t reg)
{
    uint8_t v;

    twl_rd(qts, addr, reg, &v, 1);
    return v;
}

static uint32_t le32(const uint8_t *b)
{
    return b[0] | b[1] << 8 | b[2] << 16 | (uint32_t)b[3] << 24;
}

static QTestState *start(const char *args)
{
    QTestState *qts = qtest_init(args);

    qtest_writew(qts, I2C1 + CON, CON_EN);
    qtest_writew(qts, I2C1 + IE, 0);
    return qts;
}

static void test_idcode(void)
{
    QTestState *qts = start("-M rm696");
    uint8_t id[4];

    /* every address of the chip answers */
    for (int a = 0x48; a <= 0x4b; a++) {
        twl_rd8(qts, a, 0);
    }
    /* locked: IDCODE reads 0 */
    twl_rd(qts, 0x49, A_IDCODE_7_0, id, 4);
    g_assert_cmphex(le32(id), ==, 0);
    /* twl_read_idcode_register(): unlock, read 4 bytes, relock */
    twl_wr8(qts, 0x49, A_UNLOCK_TEST_REG, TWL5031_IDCODE_UNLOCK);
    twl_rd(qts, 0x49, A_IDCODE_7_0, id, 4);
    /* TWL_SIL_TYPE() is the TWL5030 family's part, 0x09002F */
    g_assert_cmphex(le32(id) & 0xffffff, ==, 0x09002f);
    twl_wr8(qts, 0x49, A_UNLOCK_TEST_REG, 0);
    g_assert_cmphex(twl_rd8(qts, 0x49, A_IDCODE_7_0), ==, 0);
    /* IDCODE is read-only */
    twl_wr8(qts, 0x49, A_UNLOCK_TEST_REG, TWL5031_IDCODE_UNLOCK);
    twl_wr8(qts, 0x49, A_IDCODE_7_0, 0x55);
    g_assert_cmphex(twl_rd8(qts, 0x49, A_IDCODE_7_0), ==, id[0]);
    qtest_quit(qts);
}

static void test_power_script(void)
{
    QTestState *qts = start("-M rm696");
    /* twl4030_write_script_ins(): a PB message, delay and next address */
    const uint8_t ins[2][4] = { { 0x7e, 0x1f, 0x02, 0x2b },
                                { 0x01, 0x3e, 0x00, 0x3f } };

    twl_wr8(qts, 0x4b, A_PROTECT_KEY, TWL5031_KEY_CFG1);
    twl_wr8(qts, 0x4b, A_PROTECT_KEY, TWL5031_KEY_CFG2);
    for (int w = 0; w < 2; w++) {
        for (int b = 0; b < 4; b++) {
            twl_wr8(qts, 0x4b, A_MEMORY_ADDRESS, 0x2b * 4 + 4 * w + b);
            twl_wr8(qts, 0x4b, A_MEMORY_DATA, ins[w][b]);
        }
    }
    twl_wr8(qts, 0x4b, A_PROTECT_KEY, 0);
    for (int w = 0; w < 2; w++) {
        for (int b = 0; b < 4; b++) {
            twl_wr8(qts, 0x4b, A_MEMORY_ADDRESS, 0x2b * 4 + 4 * w + b);
            g_assert_cmphex(twl_rd8(qts, 0x4b, A_MEMORY_DATA), ==,
                            ins[w][b]);
        }
    }
    /* the address register itself reads back */
    g_assert_cmphex(twl_rd8(qts, 0x4b, A_MEMORY_ADDRESS), ==, 0x2b * 4 + 7);
    /* sequence start addresses (SEQ_ADD_*) are plain registers */
    twl_wr8(qts, 0x4b, 0x36 + 0x1f, 0x2b);
    g_assert_cmphex(twl_rd8(qts, 0x4b, 0x36 + 0x1f), ==, 0x2b);
    qtest_quit(qts);
}

static void test_vsel(void)
{
    QTestState *qts = start("-M rm696");

    /* twl4030smps_get_voltage(): 600 mV + 12.5 mV * VSEL = 1.2 V at reset */
    g_assert_cmpint(600000 + 12500 * twl_rd8(qts, 0x4b, A_VDD1_VSEL), ==,
                    1200000);
    twl_wr8(qts, 0x4b, A_VDD1_VSEL, 0x3c);
    g_assert_cmphex(twl_rd8(qts, 0x4b, A_VDD1_VSEL), ==, 0x3c);
    /* an LDO: VAUX1's voltage selection and device group */
    twl_wr8(qts, 0x4b, A_VAUX1_DEDICATED, 0x03);
    twl_wr8(qts, 0x4b, A_VAUX1_DEV_GRP, 0x20);
    g_assert_cmphex(twl_rd8(qts, 0x4b, A_VAUX1_DEDICATED), ==, 0x03);
    g_assert_cmphex(twl_rd8(qts, 0x4b, A_VAUX1_DEV_GRP), ==, 0x20);
    /* a register no driver uses reads 0 and ignores writes */
    twl_wr8(qts, 0x4a, 0x70, 0x5a);
    g_assert_cmphex(twl_rd8(qts, 0x4a, 0x70), ==, 0);
    /* a system reset brings the supplies back */
    qtest_system_reset(qts);
    qtest_writew(qts, I2C1 + CON, CON_EN);
    g_assert_cmphex(twl_rd8(qts, 0x4b, A_VDD1_VSEL), ==, 48);
    g_assert_cmphex(twl_rd8(qts, 0x4b, A_VAUX1_DEDICATED), ==, 0);
    qtest_quit(qts);
}

/*
 * DVFS: after a VSEL write VDD1's output slews to the new voltage at the
 * SMPS's 4 mV/us (omap_twl.c's slew_rate for this PMIC); a write during a
 * ramp starts from where the output is.
 */
#define VDD1_UV(vsel)   (600000 + 12500 * (vsel))
#define SLEW_UV_PER_NS  4           /* 4 mV/us */

static int64_t vdd1_uv(QTestState *qts)
{
    return rm696_qom_get_int(qts, "/machine/twl5031", "vdd1-uv");
}

static void test_vdd1_slew(void)
{
    QTestState *qts = start("-M rm696");
    int64_t up_ns = (VDD1_UV(60) - VDD1_UV(48)) / SLEW_UV_PER_NS; /* 150 mV */
    int64_t mid;

    g_assert_cmpint(vdd1_uv(qts), ==, VDD1_UV(48));
    twl_wr8(qts, 0x4b, A_VDD1_VSEL, 60);
    g_assert_cmpint(vdd1_uv(qts), ==, VDD1_UV(48));
    qtest_clock_step(qts, up_ns / 2);
    g_assert_cmpint(vdd1_uv(qts), ==, VDD1_UV(48) + up_ns / 2 * SLEW_UV_PER_NS);
    qtest_clock_step(qts, up_ns - up_ns / 2);
    g_assert_cmpint(vdd1_uv(qts), ==, VDD1_UV(60));
    qtest_clock_step(qts, 1000000);
    g_assert_cmpint(vdd1_uv(qts), ==, VDD1_UV(60));
    g_assert_cmpint(rm696_qom_get_int(qts, "/machine/twl5031", "vdd1-changes"),
                    ==, 1);
    g_assert_cmpint(rm696_qom_get_int(qts, "/machine/twl5031", "vdd1-slew-ns"),
                    ==, up_ns);
    /* down again, turned back half way: from where the output is */
    twl_wr8(qts, 0x4b, A_VDD1_VSEL, 48);
    qtest_clock_step(qts, up_ns / 2);
    mid = vdd1_uv(qts);
    g_assert_cmpint(mid, ==, VDD1_UV(60) - up_ns / 2 * SLEW_UV_PER_NS);
    twl_wr8(qts, 0x4b, A_VDD1_VSEL, 60);
    qtest_clock_step(qts, (VDD1_UV(60) - mid) / SLEW_UV_PER_NS);
    g_assert_cmpint(vdd1_uv(qts), ==, VDD1_UV(60));
    /* the same VSEL again is no change */
    twl_wr8(qts, 0x4b, A_VDD1_VSEL, 60);
    g_assert_cmpint(rm696_qom_get_int(qts, "/machine/twl5031", "vdd1-changes"),
                    ==, 3);
    qtest_quit(qts);
}

static void rtc_get(QTestState *qts, uint8_t t[7])
{
    uint8_t ctrl = twl_rd8(qts, 0x4b, A_RTC_CTRL);

    twl_wr8(qts, 0x4b, A_RTC_CTRL, ctrl | R_RTC_CTRL_GET_TIME_MASK);
    twl_rd(qts, 0x4b, A_RTC_SECONDS, t, 7);
}

static void test_rtc(void)
{
    /* (the test stays under 10 s of virtual time: the MPU watchdog) */
    QTestState *qts = start(RTC_ARGS);
    uint8_t t[7];
    const uint8_t start_time[7] = { 0x00, 0x00, 0x12, 0x21, 0x06, 0x11, 2 };

    /* a fresh battery: POWER_UP, stopped at QEMU's RTC base */
    g_assert_cmphex(twl_rd8(qts, 0x4b, A_RTC_STATUS), ==,
                    R_RTC_STATUS_POWER_UP_MASK);
    qtest_clock_step(qts, NANOSECONDS_PER_SECOND);
    rtc_get(qts, t);
    g_assert_cmpmem(t, 7, start_time, 7);   /* Tuesday 2011-06-21 12:00:00 */

    /* rtc-twl's probe: clear POWER_UP, start */
    twl_wr8(qts, 0x4b, A_RTC_STATUS, R_RTC_STATUS_POWER_UP_MASK);
    twl_wr8(qts, 0x4b, A_RTC_CTRL, R_RTC_CTRL_STOP_RTC_MASK);
    g_assert_cmphex(twl_rd8(qts, 0x4b, A_RTC_STATUS), ==,
                    R_RTC_STATUS_RUN_MASK);
    qtest_clock_step(qts, 2500 * 1000 * 1000LL);
    rtc_get(qts, t);
    g_assert_cmphex(t[0], ==, 0x02);
    /* the snapshot holds while GET_TIME stays set */
    qtest_clock_step(qts, NANOSECONDS_PER_SECOND);
    g_assert_cmphex(twl_rd8(qts, 0x4b, A_RTC_SECONDS), ==, 0x02);
    rtc_get(qts, t);
    g_assert_cmphex(t[0], ==, 0x03);

    /* twl_rtc_set_time(): stop, write, start; 2011-12-31 23:59:58 */
    {
        const uint8_t set[6] = { 0x58, 0x59, 0x23, 0x31, 0x12, 0x11 };

        twl_wr8(qts, 0x4b, A_RTC_CTRL, 0);
        twl_wr(qts, 0x4b, A_RTC_SECONDS, set, 6);
        qtest_clock_step(qts, NANOSECONDS_PER_SECOND);   /* stopped */
        rtc_get(qts, t);
        g_assert_cmpmem(t, 6, set, 6);
        twl_wr8(qts, 0x4b, A_RTC_CTRL, R_RTC_CTRL_STOP_RTC_MASK);
        qtest_clock_step(qts, 2 * NANOSECONDS_PER_SECOND);
        rtc_get(qts, t);
        /* 2012-01-01 00:00:00, a Sunday */
        {
            const uint8_t ny[7] = { 0, 0, 0, 0x01, 0x01, 0x12, 0 };

            g_assert_cmpmem(t, 7, ny, 7);
        }
    }
    qtest_quit(qts);
}

static void test_rtc_alarm(void)
{
    QTestState *qts = start(RTC_ARGS);
    const uint8_t alarm[6] = { 0x03, 0x00, 0x12, 0x21, 0x06, 0x11 };

    /* twl4030-irq: COR on the power SIH, RTC_IT unmasked */
    twl_wr8(qts, 0x4b, A_PWR_SIH_CTRL, R_SIH_CTRL_COR_MASK);
    twl_wr8(qts, 0x4b, A_PWR_IMR1, (uint8_t)~R_PWR_ISR1_RTC_IT_MASK);
    twl_wr8(qts, 0x4b, A_RTC_STATUS, R_RTC_STATUS_POWER_UP_MASK);
    twl_wr8(qts, 0x4b, A_RTC_CTRL, R_RTC_CTRL_STOP_RTC_MASK);
    /* twl_rtc_set_alarm(): 12:00:03, then IT_ALARM */
    twl_wr(qts, 0x4b, A_RTC_ALARM_SECONDS, alarm, 6);
    twl_wr8(qts, 0x4b, A_RTC_INTERRUPTS, R_RTC_INTERRUPTS_IT_ALARM_MASK);

    qtest_clock_step(qts, 2 * NANOSECONDS_PER_SECOND);
    g_assert_false(rm696_intc_line(qts, SYS_NIRQ));
    g_assert_cmphex(twl_rd8(qts, 0x49, A_PIH_ISR_P1), ==, 0);
    qtest_clock_step(qts, NANOSECONDS_PER_SECOND - 1);
    g_assert_false(rm696_intc_line(qts, SYS_NIRQ));
    qtest_clock_step(qts, 1);
    /* 12:00:03: ALARM, RTC_IT in PWR_ISR1, the power bit in the PIH, and
     * the OMAP's sys_nirq */
    g_assert_true(rm696_intc_line(qts, SYS_NIRQ));
    g_assert_cmphex(twl_rd8(qts, 0x49, A_PIH_ISR_P1), ==,
                    1 << TWL5031_PIH_POWER);
    g_assert_cmphex(twl_rd8(qts, 0x4b, A_RTC_STATUS) &
                    R_RTC_STATUS_ALARM_MASK, ==, R_RTC_STATUS_ALARM_MASK);
    /* handle_twl4030_sih(): the read clears (COR) and the line drops */
    g_assert_cmphex(twl_rd8(qts, 0x4b, A_PWR_ISR1), ==,
                    R_PWR_ISR1_RTC_IT_MASK);
    g_assert_cmphex(twl_rd8(qts, 0x4b, A_PWR_ISR1), ==, 0);
    g_assert_false(rm696_intc_line(qts, SYS_NIRQ));
    /* twl_rtc_interrupt(): ack ALARM */
    twl_wr8(qts, 0x4b, A_RTC_STATUS, R_RTC_STATUS_ALARM_MASK);
    g_assert_cmphex(twl_rd8(qts, 0x4b, A_RTC_STATUS), ==,
                    R_RTC_STATUS_RUN_MASK);

    /* the software interrupt register and a masked source: no sys_nirq */
    twl_wr8(qts, 0x4b, A_PWR_IMR1, 0xff);
    twl_wr8(qts, 0x4b, A_PWR_SIR, R_PWR_ISR1_PWRON_MASK);
    g_assert_false(rm696_intc_line(qts, SYS_NIRQ));
    twl_wr8(qts, 0x4b, A_PWR_IMR1, 0xfe);
    g_assert_true(rm696_intc_line(qts, SYS_NIRQ));
    twl_rd8(qts, 0x4b, A_PWR_ISR1);
    g_assert_false(rm696_intc_line(qts, SYS_NIRQ));

    /* IT_TIMER every second: one RTC_IT per second */
    twl_wr8(qts, 0x4b, A_PWR_IMR1, (uint8_t)~R_PWR_ISR1_RTC_IT_MASK);
    twl_wr8(qts, 0x4b, A_RTC_INTERRUPTS, R_RTC_INTERRUPTS_IT_TIMER_MASK);
    for (int i = 0; i < 3; i++) {
        qtest_clock_step(qts, NANOSECONDS_PER_SECOND);
        g_assert_true(rm696_intc_line(qts, SYS_NIRQ));
        twl_rd8(qts, 0x4b, A_PWR_ISR1);
        g_assert_false(rm696_intc_line(qts, SYS_NIRQ));
    }
    twl_wr8(qts, 0x4b, A_RTC_INTERRUPTS, 0);

    /* a system reset keeps the battery-backed RTC: still counting */
    qtest_system_reset(qts);
    qtest_writew(qts, I2C1 + CON, CON_EN);
    qtest_clock_step(qts, NANOSECONDS_PER_SECOND);
    {
        uint8_t t[7];

        rtc_get(qts, t);
        g_assert_cmphex(t[0], ==, 0x07);
        g_assert_cmphex(t[2], ==, 0x12);
    }
    qtest_quit(qts);
}

static uint16_t madc_sw1(QTestState *qts, int ch)
{
    uint8_t sel[2] = { 1 << ch, (1 << ch) >> 8 }, v[2];

    twl_wr(qts, 0x4a, A_MADC_SW1SELECT_LSB, sel, 2);
    twl_wr8(qts, 0x4a, A_MADC_CTRL_SW1, R_MADC_CTRL_SW_SW_START_MASK);
    /* twl4030_madc_wait_conversion_ready(): not BUSY, EOC_SW */
    g_assert_cmphex(twl_rd8(qts, 0x4a, A_MADC_CTRL_SW1), ==,
                    R_MADC_CTRL_SW_EOC_SW_MASK);
    twl_rd(qts, 0x4a, A_MADC_GPCH0_LSB + 2 * ch, v, 2);
    return (v[0] | v[1] << 8) >> 6;
}

static void test_madc(void)
{
    QTestState *qts = start("-M rm696");

    twl_wr8(qts, 0x4a, A_MADC_CTRL1, R_MADC_CTRL1_MADCON_MASK);
    /* BTEMP at 25 °C: a 10 kΩ NTC, 10 µA (ITHSENS 0): 100 mV of the 1.5 V
     * full scale: 68 */
    g_assert_cmpuint(madc_sw1(qts, 1), ==, 68);
    /* the conversion's end is the MADC's SW1 interrupt (masked at reset) */
    g_assert_cmphex(twl_rd8(qts, 0x4a, A_MADC_ISR1), ==, 1 << 1);
    g_assert_false(rm696_intc_line(qts, SYS_NIRQ));
    twl_wr8(qts, 0x4a, A_MADC_ISR1, 0xff);
    g_assert_cmphex(twl_rd8(qts, 0x4a, A_MADC_ISR1), ==, 0);

    /* configurable: at 40 °C the NTC has 5.81 kΩ: 58.1 mV, 40 */
    qtest_qmp_assert_success(qts, "{ 'execute': 'qom-set', 'arguments': "
                             "{ 'path': %s, 'property': 'battery-temp', "
                             "'value': 40000 } }", TWL_QOM);
    g_assert_cmpuint(madc_sw1(qts, 1), ==, 40);
    /* a current source of 20 µA doubles the voltage */
    twl_wr8(qts, 0x4a, A_BCICTL2, 1);
    g_assert_cmpuint(madc_sw1(qts, 1), ==, 79);

    /* VBAT (channel 12, prescaler 1/4): the driver's mV formula gives
     * the 3.8 V of the property back */
    {
        uint16_t raw = madc_sw1(qts, 12);

        g_assert_cmpint(raw * 3 * 1000 * 4 / (2 * 1023 * 1), ==, 3800);
    }
    /* unmasked, the conversion's end reaches sys_nirq through the PIH */
    twl_wr8(qts, 0x4a, A_MADC_ISR1, 0xff);
    twl_wr8(qts, 0x4a, A_MADC_IMR1, 0xfd);
    madc_sw1(qts, 12);
    g_assert_true(rm696_intc_line(qts, SYS_NIRQ));
    g_assert_cmphex(twl_rd8(qts, 0x49, A_PIH_ISR_P1), ==,
                    1 << TWL5031_PIH_MADC);
    twl_wr8(qts, 0x4a, A_MADC_ISR1, 0xff);
    g_assert_false(rm696_intc_line(qts, SYS_NIRQ));

    /* MADC off: no conversion */
    twl_wr8(qts, 0x4a, A_MADC_CTRL1, 0);
    twl_wr8(qts, 0x4a, A_MADC_CTRL_SW1, 0);
    twl_wr8(qts, 0x4a, A_MADC_CTRL_SW1, R_MADC_CTRL_SW_SW_START_MASK);
    g_assert_cmphex(twl_rd8(qts, 0x4a, A_MADC_CTRL_SW1), ==, 0);
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);

    qtest_add_func("rm696/twl/idcode", test_idcode);
    qtest_add_func("rm696/twl/power-script", test_power_script);
    qtest_add_func("rm696/twl/vsel", test_vsel);
    qtest_add_func("rm696/twl/vdd1-slew", test_vdd1_slew);
    qtest_add_func("rm696/twl/rtc", test_rtc);
    qtest_add_func("rm696/twl/rtc-alarm", test_rtc_alarm);
    qtest_add_func("rm696/twl/madc", test_madc);

    return g_test_run();
}
