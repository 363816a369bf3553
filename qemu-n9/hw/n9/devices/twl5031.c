/*
 * TWL5031 (TWL4030 family) power-management IC of the Nokia N9, on I2C1.
 *
 * The chip answers at four I2C addresses, 0x48-0x4b: the device itself
 * (TYPE_TWL5031) is the slave at 0x48 and owns three TYPE_TWL5031_AUX
 * slaves for 0x49-0x4b that forward to it, so the whole register file,
 * the RTC and the interrupt tree live in one object.  What is modelled is
 * what Linux 6.18's TWL drivers reach on the N9 (twl-core, twl4030-irq,
 * twl4030-power, twl-regulator, rtc-twl, twl4030-madc, the GPIO, keypad,
 * USB, BCI and watchdog drivers, docs/twl5031.md):
 *   - registers of the modules those drivers use hold what is written
 *     (reset value 0 unless said), ranges no driver touches read as zero,
 *     ignore writes and are logged once each as unimplemented;
 *   - IDCODE behind the UNLOCK_TEST_REG key;
 *   - the secondary interrupt handlers (SIH: ISR, IMR, SIR, COR) of every
 *     module, the primary handler (PIH_ISR_P1) and its output, sys_nirq,
 *     on the OMAP INTC input 7;
 *   - the RTC: BCD time counting on QEMU's RTC clock (-rtc base=,clock=),
 *     GET_TIME snapshots, alarm and periodic interrupts into PWR_ISR1;
 *     its state survives a system reset (battery-backed);
 *   - the PM master's sequencer memory (power scripts: written through
 *     MEMORY_ADDRESS/MEMORY_DATA, read back the same way) and DEVOFF
 *     (power off);
 *   - the MADC's software conversions (SW1/SW2): instant, results from the
 *     battery temperature (property "battery-temp", m°C) through a 10 kΩ
 *     NTC and BCI current source, and the battery voltage ("vbat", mV).
 *   - VDD1's output voltage after a VSEL write (DVFS): it slews from where
 *     it is towards 600 mV + 12.5 mV x VSEL at the SMPS's rate, 4 mV/us
 *     (the kernel's own figure for this PMIC, slew_rate in omap_twl.c);
 *     property "vdd1-uv" (now), "vdd1-changes", "vdd1-slew-ns" (the sum
 *     of the ramps' durations).  Linux does not wait for the ramp
 *     (twl-regulator has no ramp delay), so it costs the guest no time.
 * Timing: none here; an I2C transfer costs what the I2C controller model
 * charges.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include <math.h>
#include "qemu/bcd.h"
#include "qemu/cutils.h"
#include "qemu/log.h"
#include "qemu/timer.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "hw/i2c/i2c.h"
#include "hw/irq.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "system/rtc.h"
#include "system/runstate.h"
#include "system/system.h"
#include "trace.h"
#include "twl5031.h"
#include "twl5031_regs.h"

OBJECT_DECLARE_SIMPLE_TYPE(TWL5031AuxState, TWL5031_AUX)

struct TWL5031AuxState {
    I2CSlave parent_obj;
    TWL5031State *twl;
    uint8_t sid;                        /* 1..3: address 0x48 + sid */
};

struct TWL5031State {
    I2CSlave parent_obj;                /* slave 0 (0x48) */

    TWL5031AuxState aux[TWL5031_NUM_SLAVES - 1];
    qemu_irq irq;                       /* sys_nirq, high = asserted */
    QEMUTimer *rtc_timer;

    uint8_t regs[TWL5031_NUM_SLAVES][256];
    uint8_t ptr[TWL5031_NUM_SLAVES];    /* register pointer per address */
    bool addr_next[TWL5031_NUM_SLAVES]; /* next byte written is the pointer */
    uint8_t seqmem[256];                /* PM master sequencer memory */
    uint8_t key_state;                  /* PROTECT_KEY sequence */

    /* RTC: while running, the time (s since the epoch) is rtc_base plus
     * the whole seconds since rtc_ref_ns on the RTC clock; while stopped,
     * the time registers SECONDS..WEEKS hold it, as written. */
    int64_t rtc_base;
    int64_t rtc_ref_ns;
    uint8_t rtc_snap[7];                /* GET_TIME copy of SECONDS..WEEKS */
    bool rtc_out;                       /* the RTC's interrupt output */

    /* VDD1's output: slewing from vdd1_from_uv since vdd1_ramp_ns to the
     * VSEL's voltage (virtual clock) */
    int64_t vdd1_ramp_ns;
    uint32_t vdd1_from_uv;
    uint64_t vdd1_changes, vdd1_slew_ns;

    /* properties */
    int32_t battery_temp;               /* m°C */
    uint32_t vbat;                      /* mV */
    uint32_t idcode;

    /* not migrated: each unimplemented register is logged once */
    uint32_t unimp_logged[TWL5031_NUM_SLAVES][8];
};

static void twl_vdd1_vsel_written(TWL5031State *s, uint8_t v);

#define KEY_LOCKED      0
#define KEY_CFG_HALF    1
#define KEY_TST_HALF    2
#define KEY_CFG         3
#define KEY_TST         4

/* Register ranges the modelled drivers use (inclusive), per slave. */
typedef struct { uint8_t lo, hi; } TWLRange;

static const TWLRange twl_known[TWL5031_NUM_SLAVES][5] = {
    { { 0x00, 0x3f }, { 0x80, 0xff } },                 /* USB */
    { { 0x01, 0x49 },                                   /* audio */
      { 0x4c, 0x62 },                                   /* test */
      { 0x80, 0xc5 } },                                 /* PIH, INTBR, GPIO */
    { { 0x00, 0x67 },                                   /* MADC */
      { 0x74, 0xc0 },                                   /* accessory, BCI */
      { 0xd2, 0xe9 },                                   /* keypad */
      { 0xee, 0xff } },                                 /* LED, PWM */
    { { 0x00, 0xf2 } },     /* secured, backup, RTC, INT, PM master/receiver */
};

/* The secondary interrupt handlers: where their registers are. */
typedef struct {
    const char *name;
    uint8_t sid, pih;
    uint8_t isr[2], imr[2];             /* line 1 (sys_nirq), line 2 */
    uint8_t bytes;
    uint8_t sir, ctrl;                  /* 0: none */
} TWLSih;

static const TWLSih twl_sih[] = {
    { "gpio",   1, TWL5031_PIH_GPIO,   { A_GPIO_ISR1A, A_GPIO_ISR1B },
      { A_GPIO_IMR1A, A_GPIO_IMR1B }, 3, 0, A_GPIO_SIH_CTRL },
    { "keypad", 2, TWL5031_PIH_KEYPAD, { A_KEYP_ISR1, A_KEYP_ISR2 },
      { A_KEYP_IMR1, A_KEYP_IMR2 }, 1, A_KEYP_SIR, A_KEYP_SIH_CTRL },
    { "bci",    2, TWL5031_PIH_BCI,    { A_BCI_ISR1, A_BCI_ISR2 },
      { A_BCI_IMR1, A_BCI_IMR2 }, 1, A_BCI_SIR, A_BCI_SIH_CTRL },
    { "madc",   2, TWL5031_PIH_MADC,   { A_MADC_ISR1, A_MADC_ISR2 },
      { A_MADC_IMR1, A_MADC_IMR2 }, 1, A_MADC_SIR, A_MADC_SIH_CTRL },
    { "power",  3, TWL5031_PIH_POWER,  { A_PWR_ISR1, A_PWR_ISR2 },
      { A_PWR_IMR1, A_PWR_IMR2 }, 1, A_PWR_SIR, A_PWR_SIH_CTRL },
    { "eci_dbi", 2, TWL5031_PIH_ECI_DBI, { A_ACC_ACIIDR_LSB, 0 },
      { A_ACC_ACIIMR_LSB, 0 }, 2, 0, 0 },
    { "audio",  2, TWL5031_PIH_AUDIO,  { A_ACC_ACCISR1, A_ACC_ACCISR2 },
      { A_ACC_ACCIMR1, A_ACC_ACCIMR2 }, 1, A_ACC_ACCSIR, A_ACC_ACCSIHCTRL },
};

/* ULPI-style registers with SET (+1) and CLR (+2) aliases in the USB block */
static const uint8_t usb_setclr[] = {
    0x04, 0x07, 0x0a, 0x0d, 0x10, 0x16, 0x19,
    0x80, 0x83, 0x86, 0x89, 0xac, 0xaf, 0xb2, 0xb5, 0xb8,
};

static bool twl_is_known(uint8_t sid, uint8_t a)
{
    for (int i = 0; i < ARRAY_SIZE(twl_known[sid]); i++) {
        const TWLRange *r = &twl_known[sid][i];

        if (r->hi && a >= r->lo && a <= r->hi) {
            return true;
        }
    }
    return false;
}

static void twl_log_unimp(TWL5031State *s, uint8_t sid, uint8_t a, bool wr)
{
    uint32_t bit = 1u << (a & 31);

    if (!(s->unimp_logged[sid][a >> 5] & bit)) {
        s->unimp_logged[sid][a >> 5] |= bit;
        qemu_log_mask(LOG_UNIMP, "twl5031: %s of unimplemented register "
                      "0x%02x:0x%02x (reads as 0)\n", wr ? "write" : "read",
                      TWL5031_ADDR0 + sid, a);
    }
}

/* ---- interrupts ------------------------------------------------------- */

/* Which SIH ISR/IMR byte, if any, is at sid:a; *line gets 0 or 1. */
static const TWLSih *twl_sih_isr(uint8_t sid, uint8_t a, int *line)
{
    for (int i = 0; i < ARRAY_SIZE(twl_sih); i++) {
        const TWLSih *h = &twl_sih[i];

        for (int l = 0; l < 2; l++) {
            if (h->sid == sid && h->isr[l] && a >= h->isr[l] &&
                a < h->isr[l] + h->bytes) {
                *line = l;
                return h;
            }
        }
    }
    return NULL;
}

static uint8_t twl_pih(TWL5031State *s, int line)
{
    uint8_t pih = 0;

    for (int i = 0; i < ARRAY_SIZE(twl_sih); i++) {
        const TWLSih *h = &twl_sih[i];

        if (!h->isr[line]) {
            continue;
        }
        for (int b = 0; b < h->bytes; b++) {
            if (s->regs[h->sid][h->isr[line] + b] &
                ~s->regs[h->sid][h->imr[line] + b]) {
                pih |= 1 << h->pih;
            }
        }
    }
    return pih;
}

static void twl_update_irq(TWL5031State *s)
{
    uint8_t pih = twl_pih(s, 0);

    trace_twl5031_irq(pih);
    qemu_set_irq(s->irq, pih != 0);
}

/* A module's interrupt event: its ISR bit on both lines. */
static void twl_sih_raise(TWL5031State *s, const TWLSih *h, int byte,
                          uint8_t bits)
{
    for (int l = 0; l < 2; l++) {
        if (h->isr[l]) {
            s->regs[h->sid][h->isr[l] + byte] |= bits;
        }
    }
    twl_update_irq(s);
}

static const TWLSih *twl_sih_by_pih(int pih)
{
    for (int i = 0; i < ARRAY_SIZE(twl_sih); i++) {
        if (twl_sih[i].pih == pih) {
            return &twl_sih[i];
        }
    }
    g_assert_not_reached();
}

/* ---- RTC -------------------------------------------------------------- */

static bool rtc_running(TWL5031State *s)
{
    return s->regs[3][A_RTC_CTRL] & R_RTC_CTRL_STOP_RTC_MASK;
}

static int64_t rtc_regs_time(const uint8_t *r);

static int64_t rtc_now(TWL5031State *s)
{
    if (!rtc_running(s)) {
        return rtc_regs_time(&s->regs[3][A_RTC_SECONDS]);
    }
    return s->rtc_base + (qemu_clock_get_ns(rtc_clock) - s->rtc_ref_ns) /
                         NANOSECONDS_PER_SECOND;
}

static void rtc_time_regs(int64_t t, uint8_t out[7])
{
    time_t tt = t;
    struct tm tm;

    gmtime_r(&tt, &tm);
    out[0] = to_bcd(tm.tm_sec);
    out[1] = to_bcd(tm.tm_min);
    out[2] = to_bcd(tm.tm_hour);
    out[3] = to_bcd(tm.tm_mday);
    out[4] = to_bcd(tm.tm_mon + 1);
    out[5] = to_bcd(tm.tm_year % 100);
    out[6] = to_bcd(tm.tm_wday);
}

/* SECONDS..YEARS (6 BCD registers from @r) as seconds since the epoch;
 * years 00-99 are 2000-2099. */
static int64_t rtc_regs_time(const uint8_t *r)
{
    struct tm tm = {
        .tm_sec = from_bcd(r[0] & 0x7f),
        .tm_min = from_bcd(r[1] & 0x7f),
        .tm_hour = from_bcd(r[2] & 0x3f),
        .tm_mday = from_bcd(r[3] & 0x3f),
        .tm_mon = from_bcd(r[4] & 0x1f) - 1,
        .tm_year = from_bcd(r[5]) + 100,
    };

    return mktimegm(&tm);
}

static const uint32_t rtc_periods[4] = { 1, 60, 3600, 86400 };

static void rtc_update_out(TWL5031State *s, bool pulse)
{
    uint8_t st = s->regs[3][A_RTC_STATUS];
    uint8_t it = s->regs[3][A_RTC_INTERRUPTS];
    bool out = (st & R_RTC_STATUS_ALARM_MASK) &&
               (it & R_RTC_INTERRUPTS_IT_ALARM_MASK);

    /* RTC_IT in PWR_ISR1 on a rising edge of the output; a periodic
     * event is a pulse. */
    if ((out && !s->rtc_out) || pulse) {
        trace_twl5031_rtc_irq(pulse ? "timer" : "alarm");
        twl_sih_raise(s, twl_sih_by_pih(TWL5031_PIH_POWER), 0,
                      R_PWR_ISR1_RTC_IT_MASK);
    }
    s->rtc_out = out;
}

/* Arm the timer for the next second at which something happens: the alarm
 * second, or the next periodic event while IT_TIMER is on. */
static void rtc_schedule(TWL5031State *s)
{
    uint8_t it = s->regs[3][A_RTC_INTERRUPTS];
    int64_t now, next = INT64_MAX, alarm;

    timer_del(s->rtc_timer);
    if (!rtc_running(s)) {
        return;
    }
    now = rtc_now(s);
    alarm = rtc_regs_time(&s->regs[3][A_RTC_ALARM_SECONDS]);
    if (alarm > now) {
        next = alarm;
    }
    if (it & R_RTC_INTERRUPTS_IT_TIMER_MASK) {
        uint32_t p = rtc_periods[FIELD_EX8(it, RTC_INTERRUPTS, EVERY)];

        next = MIN(next, now - now % p + p);
    }
    if (next != INT64_MAX) {
        timer_mod(s->rtc_timer, s->rtc_ref_ns +
                  (next - s->rtc_base) * NANOSECONDS_PER_SECOND);
    }
}

static void rtc_tick(void *opaque)
{
    TWL5031State *s = opaque;
    uint8_t it = s->regs[3][A_RTC_INTERRUPTS];
    int64_t now = rtc_now(s);
    bool pulse = false;

    if (now == rtc_regs_time(&s->regs[3][A_RTC_ALARM_SECONDS])) {
        s->regs[3][A_RTC_STATUS] |= R_RTC_STATUS_ALARM_MASK;
    }
    if (it & R_RTC_INTERRUPTS_IT_TIMER_MASK) {
        int every = FIELD_EX8(it, RTC_INTERRUPTS, EVERY);

        if (now % rtc_periods[every] == 0) {
            s->regs[3][A_RTC_STATUS] |= 1 << (R_RTC_STATUS_EVENTS_SHIFT +
                                              every);
            pulse = true;
        }
    }
    trace_twl5031_rtc_tick(now, s->regs[3][A_RTC_STATUS]);
    rtc_update_out(s, pulse);
    rtc_schedule(s);
}

static void rtc_write(TWL5031State *s, uint8_t a, uint8_t v)
{
    uint8_t *r = s->regs[3];

    if (a >= A_RTC_SECONDS && a <= A_RTC_WEEKS) {
        /* Stopped (as rtc-twl sets the time): the register takes the
         * value.  Running: the new time counts on from this instant. */
        if (rtc_running(s)) {
            rtc_time_regs(rtc_now(s), &r[A_RTC_SECONDS]);
            r[a] = v;
            s->rtc_base = rtc_regs_time(&r[A_RTC_SECONDS]);
            s->rtc_ref_ns = qemu_clock_get_ns(rtc_clock);
        } else {
            r[a] = v;
        }
    } else if (a == A_RTC_CTRL) {
        bool was = rtc_running(s);

        if (was && !(v & R_RTC_CTRL_STOP_RTC_MASK)) {
            /* stop: the time stays in the registers */
            rtc_time_regs(rtc_now(s), &r[A_RTC_SECONDS]);
        }
        r[a] = v;
        if (!was && rtc_running(s)) {
            /* start: a new second begins now */
            s->rtc_base = rtc_regs_time(&r[A_RTC_SECONDS]);
            s->rtc_ref_ns = qemu_clock_get_ns(rtc_clock);
        }
        if (v & R_RTC_CTRL_GET_TIME_MASK) {
            rtc_time_regs(rtc_now(s), s->rtc_snap);
        }
        if (v & R_RTC_CTRL_MODE_12_24_MASK) {
            qemu_log_mask(LOG_UNIMP, "twl5031: RTC 12-hour mode not "
                          "modelled (24-hour values)\n");
        }
    } else if (a == A_RTC_STATUS) {
        /* ALARM and POWER_UP are cleared by writing 1, events too */
        r[a] &= ~(v & (R_RTC_STATUS_ALARM_MASK | R_RTC_STATUS_POWER_UP_MASK |
                       R_RTC_STATUS_EVENTS_MASK));
    } else {
        r[a] = v;               /* alarm, interrupts, compensation */
    }
    rtc_update_out(s, false);
    rtc_schedule(s);
}

static uint8_t rtc_read(TWL5031State *s, uint8_t a)
{
    if (a >= A_RTC_SECONDS && a <= A_RTC_WEEKS) {
        uint8_t cur[7];

        if (s->regs[3][A_RTC_CTRL] & R_RTC_CTRL_GET_TIME_MASK) {
            return s->rtc_snap[a - A_RTC_SECONDS];
        }
        if (!rtc_running(s)) {
            return s->regs[3][a];
        }
        rtc_time_regs(rtc_now(s), cur);
        return cur[a - A_RTC_SECONDS];
    }
    if (a == A_RTC_STATUS) {
        return (s->regs[3][a] & ~R_RTC_STATUS_RUN_MASK) |
               (rtc_running(s) ? R_RTC_STATUS_RUN_MASK : 0);
    }
    return s->regs[3][a];
}

/* ---- MADC ------------------------------------------------------------- */

/* The 10-bit result of channel @ch: 1.5 V full scale after the channel's
 * prescaler. */
static uint16_t madc_convert(TWL5031State *s, int ch)
{
    double mv;

    switch (ch) {
    case 1: {
        /* BTEMP: a 10 kΩ (25 °C, B = 3380 K) NTC fed by the BCI's
         * current source, (ITHSENS + 1) * 10 µA. */
        double t = s->battery_temp / 1000.0 + 273.15;
        double ohm = 10000.0 * exp(3380.0 * (1.0 / t - 1.0 / 298.15));
        int ua = (FIELD_EX8(s->regs[2][A_BCICTL2], BCICTL2, ITHSENS) + 1) * 10;

        mv = ohm * ua / 1000.0;
        break;
    }
    case 12:
        mv = s->vbat / 4.0;             /* VBAT, prescaler 1/4 */
        break;
    default:
        mv = 0;
        break;
    }
    return MIN(lround(mv * 1023 / 1500), 1023);
}

static void madc_start(TWL5031State *s, uint8_t ctrl_reg, uint8_t sel_reg,
                       int method)
{
    uint8_t *r = s->regs[2];
    uint16_t sel = r[sel_reg] | r[sel_reg + 1] << 8;

    if (!(r[A_MADC_CTRL1] & R_MADC_CTRL1_MADCON_MASK)) {
        qemu_log_mask(LOG_GUEST_ERROR, "twl5031: MADC conversion started "
                      "with the MADC off (CTRL1.MADCON = 0): ignored\n");
        return;
    }
    for (int ch = 0; ch < 16; ch++) {
        if (sel & (1 << ch)) {
            uint16_t v = madc_convert(s, ch) << 6;

            r[A_MADC_GPCH0_LSB + 2 * ch] = v;
            r[A_MADC_GPCH0_LSB + 2 * ch + 1] = v >> 8;
            trace_twl5031_madc(ch, v >> 6);
        }
    }
    /* done at once: not busy, end of conversion; ISR bit of the method
     * (SW1 = bit 1, SW2 = bit 2) */
    r[ctrl_reg] = R_MADC_CTRL_SW_EOC_SW_MASK;
    twl_sih_raise(s, twl_sih_by_pih(TWL5031_PIH_MADC), 0, 1 << method);
}

/* ---- register file ---------------------------------------------------- */

static uint8_t twl_read(TWL5031State *s, uint8_t sid, uint8_t a)
{
    const TWLSih *h;
    int line;
    uint8_t v;

    if (!twl_is_known(sid, a)) {
        twl_log_unimp(s, sid, a, false);
        return 0;
    }
    v = s->regs[sid][a];
    switch (sid) {
    case 0:
        if (a == A_USB_PHY_CLK_CTRL_STS) {
            /* the PHY's DPLL runs as soon as it is requested */
            v = s->regs[0][A_USB_PHY_CLK_CTRL] &
                R_USB_PHY_CLK_CTRL_REQ_PHY_DPLL_CLK_MASK;
        }
        break;
    case 1:
        if (a == A_PIH_ISR_P1 || a == A_PIH_ISR_P2) {
            v = twl_pih(s, a - A_PIH_ISR_P1);
        } else if (a >= A_IDCODE_7_0 && a < A_IDCODE_7_0 + 4) {
            v = s->regs[1][A_UNLOCK_TEST_REG] == TWL5031_IDCODE_UNLOCK ?
                s->idcode >> (8 * (a - A_IDCODE_7_0)) : 0;
        }
        break;
    case 3:
        if (a >= A_RTC_SECONDS && a <= A_RTC_INTERRUPTS) {
            v = rtc_read(s, a);
        } else if (a == A_MEMORY_DATA) {
            v = s->seqmem[s->regs[3][A_MEMORY_ADDRESS]];
        } else if (a == A_PROTECT_KEY) {
            v = 0;
        }
        break;
    }
    h = twl_sih_isr(sid, a, &line);
    if (h && h->ctrl && (s->regs[sid][h->ctrl] & R_SIH_CTRL_COR_MASK)) {
        s->regs[sid][a] = 0;            /* clear on read */
        twl_update_irq(s);
    }
    trace_twl5031_read(TWL5031_ADDR0 + sid, a, v);
    return v;
}

static void twl_write(TWL5031State *s, uint8_t sid, uint8_t a, uint8_t v)
{
    const TWLSih *h;
    int line;

    trace_twl5031_write(TWL5031_ADDR0 + sid, a, v);
    if (!twl_is_known(sid, a)) {
        twl_log_unimp(s, sid, a, true);
        return;
    }
    h = twl_sih_isr(sid, a, &line);
    if (h) {
        s->regs[sid][a] &= ~v;          /* write 1 to clear */
        twl_update_irq(s);
        return;
    }
    for (int i = 0; i < ARRAY_SIZE(twl_sih); i++) {
        if (twl_sih[i].sid == sid && twl_sih[i].sir && a == twl_sih[i].sir) {
            twl_sih_raise(s, &twl_sih[i], 0, v);    /* software interrupt */
            return;
        }
    }

    switch (sid) {
    case 0:
        for (int i = 0; i < ARRAY_SIZE(usb_setclr); i++) {
            uint8_t b = usb_setclr[i];

            if (a == b + 1) {
                s->regs[0][b] |= v;
                return;
            } else if (a == b + 2) {
                s->regs[0][b] &= ~v;
                return;
            }
        }
        if (a == A_USB_PHY_CLK_CTRL_STS || a < A_USB_FUNC_CTRL) {
            return;                     /* read-only: IDs, status */
        }
        break;
    case 1:
        if (a == A_PIH_ISR_P1 || a == A_PIH_ISR_P2 ||
            (a >= A_IDCODE_7_0 && a < A_IDCODE_7_0 + 4)) {
            return;                     /* read-only */
        }
        break;
    case 2:
        if (a == A_MADC_CTRL_SW1 || a == A_MADC_CTRL_SW2) {
            s->regs[2][a] = v & ~R_MADC_CTRL_SW_SW_START_MASK;
            if (v & R_MADC_CTRL_SW_SW_START_MASK) {
                bool sw2 = a == A_MADC_CTRL_SW2;

                madc_start(s, a, sw2 ? A_MADC_SW2SELECT_LSB :
                           A_MADC_SW1SELECT_LSB, sw2 ? 2 : 1);
            }
            return;
        }
        break;
    case 3:
        if (a >= A_RTC_SECONDS && a <= A_RTC_SECONDS + 0x11) {
            rtc_write(s, a, v);
            return;
        }
        if (a == A_PROTECT_KEY) {
            /* two-byte keys; anything else locks */
            if (v == TWL5031_KEY_CFG1 || v == TWL5031_KEY_TST1) {
                s->key_state = v == TWL5031_KEY_CFG1 ? KEY_CFG_HALF
                                                     : KEY_TST_HALF;
            } else if (v == TWL5031_KEY_CFG2 &&
                       s->key_state == KEY_CFG_HALF) {
                s->key_state = KEY_CFG;
            } else if (v == TWL5031_KEY_TST2 &&
                       s->key_state == KEY_TST_HALF) {
                s->key_state = KEY_TST;
            } else {
                s->key_state = KEY_LOCKED;
            }
            return;
        }
        if (a == A_MEMORY_DATA) {
            s->seqmem[s->regs[3][A_MEMORY_ADDRESS]] = v;
            trace_twl5031_script(s->regs[3][A_MEMORY_ADDRESS], v);
            return;
        }
        if (a == A_VDD1_VSEL) {
            twl_vdd1_vsel_written(s, v);
        }
        if (a == A_P1_SW_EVENTS && (v & R_P1_SW_EVENTS_DEVOFF_MASK)) {
            /* the whole phone switches off */
            qemu_system_shutdown_request(SHUTDOWN_CAUSE_GUEST_SHUTDOWN);
            v &= ~R_P1_SW_EVENTS_DEVOFF_MASK;
        }
        break;
    }
    s->regs[sid][a] = v;
    for (int i = 0; i < ARRAY_SIZE(twl_sih); i++) {
        const TWLSih *m = &twl_sih[i];

        if (m->sid == sid && a >= m->imr[0] && a < m->imr[0] + m->bytes) {
            twl_update_irq(s);
        }
    }
}

/* ---- VDD1: the SMPS output after a VSEL change ---------------------------- */

#define TWL_SMPS_UV(vsel)       (600000u + 12500u * (vsel))
#define TWL_SMPS_SLEW_UV_PER_US 4000u

/* VDD1's output now: the ramp's start, moved towards VSEL's voltage */
static uint32_t twl_vdd1_uv(TWL5031State *s)
{
    uint32_t to = TWL_SMPS_UV(s->regs[3][A_VDD1_VSEL]);
    uint32_t from = s->vdd1_from_uv;
    int64_t dt = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) - s->vdd1_ramp_ns;
    uint64_t moved = dt > 0 ? (uint64_t)dt * TWL_SMPS_SLEW_UV_PER_US / 1000
                            : 0;

    if (to >= from) {
        return moved >= to - from ? to : from + moved;
    }
    return moved >= from - to ? to : from - moved;
}

static void twl_vdd1_vsel_written(TWL5031State *s, uint8_t v)
{
    uint32_t now_uv = twl_vdd1_uv(s), to = TWL_SMPS_UV(v);
    uint32_t delta = to > now_uv ? to - now_uv : now_uv - to;
    uint64_t ns = ((uint64_t)delta * 1000 + TWL_SMPS_SLEW_UV_PER_US - 1) /
                  TWL_SMPS_SLEW_UV_PER_US;

    if (v == s->regs[3][A_VDD1_VSEL]) {
        return;
    }
    s->vdd1_from_uv = now_uv;
    s->vdd1_ramp_ns = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    s->vdd1_changes++;
    s->vdd1_slew_ns += ns;
    trace_twl5031_vdd1(now_uv, to, ns);
}

void twl5031_dvfs_stats(TWL5031State *s, QDict *d)
{
    qdict_put_int(d, "vdd1_uv", twl_vdd1_uv(s));
    qdict_put_int(d, "vdd1_changes", s->vdd1_changes);
    qdict_put_int(d, "vdd1_slew_ns", s->vdd1_slew_ns);
}

/* ---- I2C: first byte written after START is the register pointer,
 * then data with auto-increment, both directions. ------------------------- */

static int twl_event(TWL5031State *s, uint8_t sid, enum i2c_event ev)
{
    if (ev == I2C_START_SEND) {
        s->addr_next[sid] = true;
    }
    return 0;
}

static int twl_send(TWL5031State *s, uint8_t sid, uint8_t data)
{
    if (s->addr_next[sid]) {
        s->ptr[sid] = data;
        s->addr_next[sid] = false;
    } else {
        twl_write(s, sid, s->ptr[sid]++, data);
    }
    return 0;
}

static uint8_t twl_recv(TWL5031State *s, uint8_t sid)
{
    return twl_read(s, sid, s->ptr[sid]++);
}

static int twl5031_event(I2CSlave *i2c, enum i2c_event ev)
{
    return twl_event(TWL5031(i2c), 0, ev);
}

static int twl5031_send(I2CSlave *i2c, uint8_t data)
{
    return twl_send(TWL5031(i2c), 0, data);
}

static uint8_t twl5031_recv(I2CSlave *i2c)
{
    return twl_recv(TWL5031(i2c), 0);
}

static int twl5031_aux_event(I2CSlave *i2c, enum i2c_event ev)
{
    TWL5031AuxState *a = TWL5031_AUX(i2c);

    return twl_event(a->twl, a->sid, ev);
}

static int twl5031_aux_send(I2CSlave *i2c, uint8_t data)
{
    TWL5031AuxState *a = TWL5031_AUX(i2c);

    return twl_send(a->twl, a->sid, data);
}

static uint8_t twl5031_aux_recv(I2CSlave *i2c)
{
    TWL5031AuxState *a = TWL5031_AUX(i2c);

    return twl_recv(a->twl, a->sid);
}

/* ---- device ----------------------------------------------------------- */

static void twl5031_reset_hold(Object *obj, ResetType type)
{
    TWL5031State *s = TWL5031(obj);
    uint8_t rtc[0x12];

    /* The backup domain (RTC) is battery-backed: a reset keeps it. */
    memcpy(rtc, &s->regs[3][A_RTC_SECONDS], sizeof(rtc));
    memset(s->regs, 0, sizeof(s->regs));
    memcpy(&s->regs[3][A_RTC_SECONDS], rtc, sizeof(rtc));
    memset(s->ptr, 0, sizeof(s->ptr));
    memset(s->addr_next, 0, sizeof(s->addr_next));
    s->key_state = KEY_LOCKED;

    /* Every interrupt masked, as after power-on. */
    for (int i = 0; i < ARRAY_SIZE(twl_sih); i++) {
        const TWLSih *h = &twl_sih[i];

        for (int l = 0; l < 2; l++) {
            if (h->imr[l]) {
                memset(&s->regs[h->sid][h->imr[l]], 0xff, h->bytes);
            }
        }
    }
    /* The OMAP's supplies as the boot loader leaves them: VDD1 1.2 V
     * (OPP100 of the 3630, VSEL 48), VDD2 1.1375 V (VSEL 43), both in the
     * P1 (OMAP) device group. */
    s->regs[3][A_VDD1_VSEL] = 48;
    s->regs[3][A_VDD2_VSEL] = 43;
    s->vdd1_from_uv = TWL_SMPS_UV(48);  /* settled there */
    s->vdd1_ramp_ns = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    s->regs[3][A_VDD1_DEV_GRP] = 0x20;
    s->regs[3][A_VDD2_DEV_GRP] = 0x20;
    /* TI's USB vendor and product ids */
    s->regs[0][A_USB_VENDOR_ID_LO] = 0x51;
    s->regs[0][A_USB_VENDOR_ID_LO + 1] = 0x04;
    s->regs[0][A_USB_VENDOR_ID_LO + 2] = 0x30;
    s->regs[0][A_USB_VENDOR_ID_LO + 3] = 0x40;
    /* the MADC's SW conversions idle: not busy */
    twl_update_irq(s);
    rtc_schedule(s);
}

static void twl5031_init(Object *obj)
{
    TWL5031State *s = TWL5031(obj);

    for (int i = 0; i < ARRAY_SIZE(s->aux); i++) {
        g_autofree char *name = g_strdup_printf("twl5031-0x%02x",
                                                TWL5031_ADDR0 + 1 + i);

        object_initialize_child(obj, name, &s->aux[i], TYPE_TWL5031_AUX);
        s->aux[i].twl = s;
        s->aux[i].sid = i + 1;
    }
    qdev_init_gpio_out_named(DEVICE(obj), &s->irq, "sys-nirq", 1);
    s->battery_temp = 25000;
}

static void twl5031_realize(DeviceState *dev, Error **errp)
{
    TWL5031State *s = TWL5031(dev);
    I2CBus *bus = I2C_BUS(qdev_get_parent_bus(dev));
    struct tm tm;

    for (int i = 0; i < ARRAY_SIZE(s->aux); i++) {
        qdev_prop_set_uint8(DEVICE(&s->aux[i]), "address",
                            TWL5031_ADDR0 + 1 + i);
        if (!qdev_realize(DEVICE(&s->aux[i]), BUS(bus), errp)) {
            return;
        }
    }
    s->rtc_timer = timer_new_ns(rtc_clock, rtc_tick, s);
    /* First power-up: the RTC starts from QEMU's RTC base (-rtc base=),
     * stopped, with POWER_UP set, as rtc-twl expects of a fresh battery. */
    qemu_get_timedate(&tm, 0);
    rtc_time_regs(mktimegm(&tm), &s->regs[3][A_RTC_SECONDS]);
    s->regs[3][A_RTC_STATUS] = R_RTC_STATUS_POWER_UP_MASK;
}

static const VMStateDescription vmstate_twl5031_vdd1 = {
    .name = TYPE_TWL5031 "/vdd1",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_INT64(vdd1_ramp_ns, TWL5031State),
        VMSTATE_UINT32(vdd1_from_uv, TWL5031State),
        VMSTATE_UINT64(vdd1_changes, TWL5031State),
        VMSTATE_UINT64(vdd1_slew_ns, TWL5031State),
        VMSTATE_END_OF_LIST()
    }
};

static const VMStateDescription vmstate_twl5031 = {
    .name = TYPE_TWL5031,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_I2C_SLAVE(parent_obj, TWL5031State),
        VMSTATE_UINT8_2DARRAY(regs, TWL5031State, TWL5031_NUM_SLAVES, 256),
        VMSTATE_UINT8_ARRAY(ptr, TWL5031State, TWL5031_NUM_SLAVES),
        VMSTATE_BOOL_ARRAY(addr_next, TWL5031State, TWL5031_NUM_SLAVES),
        VMSTATE_UINT8_ARRAY(seqmem, TWL5031State, 256),
        VMSTATE_UINT8(key_state, TWL5031State),
        VMSTATE_INT64(rtc_base, TWL5031State),
        VMSTATE_INT64(rtc_ref_ns, TWL5031State),
        VMSTATE_UINT8_ARRAY(rtc_snap, TWL5031State, 7),
        VMSTATE_BOOL(rtc_out, TWL5031State),
        VMSTATE_TIMER_PTR(rtc_timer, TWL5031State),
        VMSTATE_END_OF_LIST()
    },
    .subsections = (const VMStateDescription * const []) {
        &vmstate_twl5031_vdd1,
        NULL
    },
};

static const Property twl5031_properties[] = {
    DEFINE_PROP_UINT32("vbat", TWL5031State, vbat, 3800),
    /* JTAG-style IDCODE: part 0x09002F is the TWL5030 family
     * (Linux's TWL_SIL_5030); revision 0 */
    DEFINE_PROP_UINT32("idcode", TWL5031State, idcode, 0x0009002f),
};

/* "battery-temp" can change while the machine runs (qom-set). */
static void twl5031_get_temp(Object *obj, Visitor *v, const char *name,
                             void *opaque, Error **errp)
{
    visit_type_int32(v, name, &TWL5031(obj)->battery_temp, errp);
}

static void twl5031_set_temp(Object *obj, Visitor *v, const char *name,
                             void *opaque, Error **errp)
{
    int32_t t;

    if (!visit_type_int32(v, name, &t, errp)) {
        return;
    }
    if (t < -40000 || t > 125000) {
        error_setg(errp, "battery-temp %d m°C is outside -40000..125000", t);
        return;
    }
    TWL5031(obj)->battery_temp = t;
}

static void twl5031_get_vdd1(Object *obj, Visitor *v, const char *name,
                             void *opaque, Error **errp)
{
    uint32_t uv = twl_vdd1_uv(TWL5031(obj));

    visit_type_uint32(v, name, &uv, errp);
}

static void twl5031_get_vdd1_changes(Object *obj, Visitor *v,
                                     const char *name, void *opaque,
                                     Error **errp)
{
    visit_type_uint64(v, name, &TWL5031(obj)->vdd1_changes, errp);
}

static void twl5031_get_vdd1_slew(Object *obj, Visitor *v, const char *name,
                                  void *opaque, Error **errp)
{
    visit_type_uint64(v, name, &TWL5031(obj)->vdd1_slew_ns, errp);
}

static void twl5031_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    I2CSlaveClass *k = I2C_SLAVE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);

    dc->desc = "TWL5031 power-management IC (TWL4030 family)";
    dc->realize = twl5031_realize;
    dc->vmsd = &vmstate_twl5031;
    device_class_set_props(dc, twl5031_properties);
    object_class_property_add(oc, "battery-temp", "int32", twl5031_get_temp,
                              twl5031_set_temp, NULL, NULL);
    object_class_property_set_description(oc, "battery-temp",
        "the battery's temperature the MADC's BTEMP channel measures, m°C");
    object_class_property_add(oc, "vdd1-uv", "uint32", twl5031_get_vdd1,
                              NULL, NULL, NULL);
    object_class_property_set_description(oc, "vdd1-uv",
        "VDD1's output now, µV (slewing at 4 mV/µs after a VSEL change)");
    object_class_property_add(oc, "vdd1-changes", "uint64",
                              twl5031_get_vdd1_changes, NULL, NULL, NULL);
    object_class_property_add(oc, "vdd1-slew-ns", "uint64",
                              twl5031_get_vdd1_slew, NULL, NULL, NULL);
    rc->phases.hold = twl5031_reset_hold;
    k->event = twl5031_event;
    k->send = twl5031_send;
    k->recv = twl5031_recv;
}

static void twl5031_aux_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    I2CSlaveClass *k = I2C_SLAVE_CLASS(oc);

    dc->desc = "TWL5031 power-management IC: slave address 0x49-0x4b";
    dc->user_creatable = false;
    k->event = twl5031_aux_event;
    k->send = twl5031_aux_send;
    k->recv = twl5031_aux_recv;
}

static const TypeInfo twl5031_types[] = {
    {
        .name = TYPE_TWL5031,
        .parent = TYPE_I2C_SLAVE,
        .instance_size = sizeof(TWL5031State),
        .instance_init = twl5031_init,
        .class_init = twl5031_class_init,
    }, {
        .name = TYPE_TWL5031_AUX,
        .parent = TYPE_I2C_SLAVE,
        .instance_size = sizeof(TWL5031AuxState),
        .class_init = twl5031_aux_class_init,
    },
};

DEFINE_TYPES(twl5031_types)
