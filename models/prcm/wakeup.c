/*
 * OMAP3630 wake-up latency (see wakeup.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "wakeup.h"

#include <stddef.h>

/*
 * Defaults (docs/timing-parameters.md, [prcm]):
 *  - DPLL relock from low-power stop: 2.5 us + 120 reference-clock periods
 *    (phase lock), the figure TI gives for its DPLLs of this family (the
 *    OMAP36xx TRM's own table is not at hand; DRA75x TRM SPRUI30H, table
 *    "DPLL power modes").
 *  - A power domain's own RET/OFF exit: no source gives a figure beside
 *    the oscillator, voltage and DPLL times; 0 until one does.
 */
const PrcmWakeParams prcm_wake_default_params = {
    .ret_exit_ns = 0,
    .off_exit_ns = 0,
    .dpll_lock_ns = 2500,
    .dpll_lock_refclks = 120,
};

#define NS_PER_S 1000000000ull

/* @cycles of the 32768 Hz clock, in ns (rounded up) */
static uint64_t ns_32k(uint64_t cycles)
{
    return (cycles * NS_PER_S + 32767) / 32768;
}

/* @units of 8 sys_clk cycles, in ns (rounded up) */
static uint64_t ns_sysclk8(uint64_t units, uint32_t hz)
{
    return hz ? (units * 8 * NS_PER_S + hz - 1) / hz : 0;
}

static uint64_t max64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

/* Relock of a DPLL with divider N: fixed part + REFCLK periods */
uint64_t prcm_dpll_relock_ns(const PrcmWakeParams *p, uint32_t n,
                             uint32_t sys_hz)
{
    uint64_t refclk_hz = sys_hz / (uint64_t)(n + 1);

    if (!refclk_hz) {
        return p->dpll_lock_ns;
    }
    return p->dpll_lock_ns +
           ((uint64_t)p->dpll_lock_refclks * NS_PER_S + refclk_hz - 1) /
           refclk_hz;
}

static uint64_t pwrdm_exit_ns(const PrcmWakeParams *p, int st)
{
    switch (st) {
    case PRCM_PWRST_OFF:
        return p->off_exit_ns;
    case PRCM_PWRST_RET:
        return p->ret_exit_ns;
    default:
        return 0;
    }
}

void prcm_wake_cost(const PrcmModel *m, const PrcmWakeRegs *r,
                    const PrcmWakeParams *p, PrcmWakeCost *out)
{
    int mpu = prcm_window_min(m, PRCM_PD_MPU);
    int core = prcm_window_min(m, PRCM_PD_CORE);
    unsigned autoext = (r->clksrc_ctrl >> 3) & 3;

    out->osc_ns = out->volt_ns = out->pwrdm_ns = out->dpll_ns = 0;

    /* The device sleeps (sys_clkreq, voltages) only with CORE asleep. */
    if (core <= PRCM_PWRST_RET) {
        bool off = core == PRCM_PWRST_OFF;

        if (autoext == 1 || (autoext == 2 && off)) {
            out->osc_ns = ns_32k(r->clksetup & 0xffff);
        }
        if (off && (r->voltctrl & PRCM_VOLTCTRL_AUTO_OFF) &&
            (r->voltctrl & PRCM_VOLTCTRL_SEL_OFF)) {
            out->volt_ns = ns_32k((r->voltoffset & 0xffff) +
                                  (r->voltsetup2 & 0xffff));
        } else if ((off && (r->voltctrl & PRCM_VOLTCTRL_AUTO_OFF)) ||
                   (!off && (r->voltctrl & PRCM_VOLTCTRL_AUTO_RET))) {
            out->volt_ns = ns_sysclk8(max64(r->voltsetup1 & 0xffff,
                                            r->voltsetup1 >> 16),
                                      r->sys_clk_hz);
        }
    }
    out->pwrdm_ns = max64(pwrdm_exit_ns(p, mpu), pwrdm_exit_ns(p, core));
    /*
     * automatic low-power stop (AUTO_*_DPLL = 1) while every clock domain
     * it feeds idled: DPLL1 the MPU's, DPLL3 CORE's (L3 and L4)
     */
    if ((r->autoidle_pll_mpu & 7) == 1 &&
        prcm_window_pwrdm_idled(m, PRCM_PD_MPU)) {
        out->dpll_ns = prcm_dpll_relock_ns(p, r->dpll1_n, r->sys_clk_hz);
    }
    if ((r->autoidle_pll & 7) == 1 &&
        prcm_window_pwrdm_idled(m, PRCM_PD_CORE)) {
        out->dpll_ns = max64(out->dpll_ns,
                             prcm_dpll_relock_ns(p, r->dpll3_n, r->sys_clk_hz));
    }
    out->total_ns = max64(out->osc_ns, out->volt_ns) + out->pwrdm_ns +
                    out->dpll_ns;
}

const char *prcm_wake_params_check(const PrcmWakeParams *p)
{
    if (p->ret_exit_ns > PRCM_WAKE_PARAM_MAX) {
        return "ret_exit_ns is above 100 ms";
    }
    if (p->off_exit_ns > PRCM_WAKE_PARAM_MAX) {
        return "off_exit_ns is above 100 ms";
    }
    if (p->dpll_lock_ns > PRCM_WAKE_PARAM_MAX) {
        return "dpll_lock_ns is above 100 ms";
    }
    if (p->dpll_lock_refclks > 100000) {
        return "dpll_lock_refclks is above 100000";
    }
    return NULL;
}
