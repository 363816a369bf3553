/*
 * Host unit tests of the OMAP3630 wake-up latency (wakeup.c): which part
 * applies for which states reached and registers programmed, and the
 * arithmetic of each.  Each check prints one line; the exit status is the
 * number of failures.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "pwrdm.h"
#include "check.h"
#include "wakeup.h"

#include <stdio.h>
#include <string.h>

#define CHECK_NS(got, want) \
    check_line((got) == (want), __LINE__, "%s = %llu (want %llu)", #got, \
               (unsigned long long)(got), (unsigned long long)(want))

/* A quiet system as Linux leaves it: hw-auto domains, no clocks */
static void quiet(PrcmModel *m)
{
    static const int auto_cd[] = {
        PRCM_CD_MPU, PRCM_CD_NEON, PRCM_CD_CAM, PRCM_CD_DSS, PRCM_CD_PER,
        PRCM_CD_CORE_L3, PRCM_CD_CORE_L4, PRCM_CD_D2D, PRCM_CD_SGX,
        PRCM_CD_USBHOST, PRCM_CD_IVA2, PRCM_CD_EMU,
    };
    size_t i;
    int pd;

    memset(m, 0, sizeof(*m));
    prcm_reset(m);
    for (pd = 0; pd < PRCM_NUM_PWRDM; pd++) {
        prcm_write_wkdep(m, pd, 0);
        prcm_write_sleepdep(m, pd, 0);
    }
    for (i = 0; i < sizeof(auto_cd) / sizeof(auto_cd[0]); i++) {
        prcm_write_clktrctrl(m, auto_cd[i], PRCM_CLKTR_HW_AUTO);
    }
}

static void set_next(PrcmModel *m, int pd, int st)
{
    uint32_t v = prcm_read_pwstctrl(m, pd);

    prcm_write_pwstctrl(m, pd, (v & ~PRCM_POWERSTATE_MASK) | (uint32_t)st);
}

/* The registers as Linux 6.18 programs them on the N9 (vc.c, prm3xxx.c) */
static PrcmWakeRegs n9_regs(void)
{
    PrcmWakeRegs r = {
        .sys_clk_hz = 19200000,
        .clksrc_ctrl = (2u << 6) | (1u << 3),   /* SYSCLKDIV 2, AUTOEXT 1 */
        .clksetup = 0x148,                      /* 10 ms: no oscillator data */
        .voltctrl = PRCM_VOLTCTRL_AUTO_RET | PRCM_VOLTCTRL_SEL_OFF,
        .voltsetup1 = (0xa8u << 16) | 0xa8,
        .voltsetup2 = 0x148 - 0x10,
        .voltoffset = 0x10,
        .autoidle_pll = 1,
        .autoidle_pll_mpu = 1,
        .dpll3_n = 11,
        .dpll1_n = 11,
    };
    return r;
}

#define NS_32K(c)   (((c) * 1000000000ull + 32767) / 32768)

int main(void)
{
    const PrcmWakeParams *p = &prcm_wake_default_params;
    PrcmWakeRegs r = n9_regs();
    PrcmWakeParams q;
    PrcmWakeCost c;
    PrcmModel m;
    /* DPLL relock: 2.5 us + 120 periods of 19.2 MHz / 12 */
    const uint64_t relock = 2500 + 75000;

    /* no sleep attempt open: nothing to pay */
    quiet(&m);
    prcm_wake_cost(&m, &r, p, &c);
    CHECK_NS(c.total_ns, 0);

    /* C1: the MPU clock domain held active, nothing sleeps */
    quiet(&m);
    prcm_write_clktrctrl(&m, PRCM_CD_MPU, PRCM_CLKTR_FORCE_WAKEUP);
    prcm_mpu_wfi(&m);
    prcm_wake_cost(&m, &r, p, &c);
    CHECK_NS(c.total_ns, 0);

    /* C2: the MPU clock domain idles: DPLL1's automatic stop and relock */
    quiet(&m);
    prcm_set_fclk(&m, PRCM_CD_CORE_L4, true);
    prcm_mpu_wfi(&m);
    prcm_wake_cost(&m, &r, p, &c);
    CHECK_NS(c.dpll_ns, relock);
    CHECK_NS(c.osc_ns, 0);
    CHECK_NS(c.total_ns, relock);
    /* without DPLL autoidle there is no relock */
    r.autoidle_pll_mpu = 0;
    prcm_wake_cost(&m, &r, p, &c);
    CHECK_NS(c.total_ns, 0);
    r = n9_regs();

    /* C3: MPU RET, CORE held ON by a clock: only the relock */
    quiet(&m);
    prcm_set_fclk(&m, PRCM_CD_CORE_L4, true);
    set_next(&m, PRCM_PD_MPU, PRCM_PWRST_RET);
    prcm_mpu_wfi(&m);
    CHECK_NS(prcm_window_min(&m, PRCM_PD_MPU), PRCM_PWRST_RET);
    prcm_wake_cost(&m, &r, p, &c);
    CHECK_NS(c.total_ns, relock);
    /* a domain parameter adds to it */
    q = *p;
    q.ret_exit_ns = 5000;
    prcm_wake_cost(&m, &r, &q, &c);
    CHECK_NS(c.pwrdm_ns, 5000);
    CHECK_NS(c.total_ns, relock + 5000);

    /* C5: CORE RET: the oscillator (10 ms) beside the I2C4 voltage ramp */
    quiet(&m);
    set_next(&m, PRCM_PD_MPU, PRCM_PWRST_RET);
    set_next(&m, PRCM_PD_CORE, PRCM_PWRST_RET);
    set_next(&m, PRCM_PD_PER, PRCM_PWRST_RET);
    prcm_mpu_wfi(&m);
    CHECK_NS(prcm_window_min(&m, PRCM_PD_CORE), PRCM_PWRST_RET);
    prcm_wake_cost(&m, &r, p, &c);
    CHECK_NS(c.osc_ns, NS_32K(0x148ull));
    CHECK_NS(c.osc_ns, 10009766);
    /* 0xa8 x 8 cycles of 19.2 MHz */
    CHECK_NS(c.volt_ns, (0xa8ull * 8 * 1000000000 + 19199999) / 19200000);
    CHECK_NS(c.total_ns, c.osc_ns + relock);
    /* the slower of VDD1 and VDD2 counts */
    r.voltsetup1 = (0x20u << 16) | 0x30;
    r.clksetup = 0;
    prcm_wake_cost(&m, &r, p, &c);
    CHECK_NS(c.volt_ns, (0x30ull * 8 * 1000000000 + 19199999) / 19200000);
    CHECK_NS(c.total_ns, c.volt_ns + relock);
    /* AUTOEXTCLKMODE 2: the oscillator stops in OFF only */
    r = n9_regs();
    r.clksrc_ctrl = (2u << 6) | (2u << 3);
    prcm_wake_cost(&m, &r, p, &c);
    CHECK_NS(c.osc_ns, 0);
    /* no AUTO_RET: the voltage stays */
    r.voltctrl = PRCM_VOLTCTRL_SEL_OFF;
    prcm_wake_cost(&m, &r, p, &c);
    CHECK_NS(c.volt_ns, 0);
    CHECK_NS(c.total_ns, relock);
    r = n9_regs();

    /* C7: CORE OFF through sys_off_mode: VOLTOFFSET + VOLTSETUP2 */
    quiet(&m);
    set_next(&m, PRCM_PD_MPU, PRCM_PWRST_OFF);
    set_next(&m, PRCM_PD_CORE, PRCM_PWRST_OFF);
    set_next(&m, PRCM_PD_PER, PRCM_PWRST_OFF);
    r.voltctrl = PRCM_VOLTCTRL_AUTO_OFF | PRCM_VOLTCTRL_SEL_OFF;
    prcm_mpu_wfi(&m);
    CHECK_NS(prcm_window_min(&m, PRCM_PD_CORE), PRCM_PWRST_OFF);
    prcm_wake_cost(&m, &r, p, &c);
    CHECK_NS(c.volt_ns, NS_32K(0x148ull));
    CHECK_NS(c.osc_ns, NS_32K(0x148ull));
    q = *p;
    q.off_exit_ns = 1000;
    q.ret_exit_ns = 10;
    prcm_wake_cost(&m, &r, &q, &c);
    CHECK_NS(c.pwrdm_ns, 1000);
    CHECK_NS(c.total_ns, NS_32K(0x148ull) + 1000 + relock);
    /* OFF over I2C4 instead (no SEL_OFF): VOLTSETUP1 */
    r.voltctrl = PRCM_VOLTCTRL_AUTO_OFF;
    prcm_wake_cost(&m, &r, p, &c);
    CHECK_NS(c.volt_ns, (0xa8ull * 8 * 1000000000 + 19199999) / 19200000);
    r = n9_regs();

    /* the window closes with the wake-up: nothing more to pay */
    prcm_mpu_wakeup(&m);
    prcm_wake_cost(&m, &r, p, &c);
    CHECK_NS(c.total_ns, 0);

    /*
     * The lock after a reprogramming (DVFS): the same figure by N (N = 11
     * at 1 GHz; another N gives another reference, in whole Hz, and the
     * periods are rounded up to whole ns); no system clock leaves the fixed part only.
     */
    CHECK_NS(prcm_dpll_relock_ns(p, 11, 19200000), relock);
    CHECK_NS(prcm_dpll_relock_ns(p, 12, 19200000),     /* 1476923 Hz */
             2500 + (120ull * 1000000000 + 1476922) / 1476923);
    CHECK_NS(prcm_dpll_relock_ns(p, 0, 19200000),
             2500 + (120ull * 1000000000 + 19199999) / 19200000);
    CHECK_NS(prcm_dpll_relock_ns(p, 11, 0), 2500);

    /* parameter checks */
    q = *p;
    check_line(prcm_wake_params_check(&q) == NULL, __LINE__,
               "the defaults are valid");
    q.off_exit_ns = PRCM_WAKE_PARAM_MAX + 1;
    check_line(prcm_wake_params_check(&q) != NULL, __LINE__,
               "off_exit_ns above 100 ms is refused");
    q = *p;
    q.dpll_lock_refclks = 100001;
    check_line(prcm_wake_params_check(&q) != NULL, __LINE__,
               "dpll_lock_refclks above 100000 is refused");

    return check_done();
}
