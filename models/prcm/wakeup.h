/*
 * OMAP3630 wake-up latency: how long after a wake-up event the MPU runs
 * again, from the states the domains reached during the sleep attempt and
 * the registers the kernel programmed (plain C99).
 *
 * The parts, each from its source (docs/timing-parameters.md, [prcm]):
 *  - oscillator: PRM_CLKSRC_CTRL.AUTOEXTCLKMODE = 1 de-asserts sys_clkreq
 *    while the device is in RET or OFF (CORE RET/OFF), and the PRM waits
 *    PRM_CLKSETUP.SETUPTIME 32 kHz cycles for the oscillator on wake-up
 *    (2: only in OFF; 0: never);
 *  - voltage: with PRM_VOLTCTRL.AUTO_RET (CORE RET) or AUTO_OFF (CORE
 *    OFF) over I2C4, the VDD1/VDD2 ramp back, PRM_VOLTSETUP1.SETUPTIME1/2
 *    in units of 8 sys_clk cycles (the slower of the two); with AUTO_OFF
 *    and SEL_OFF (sys_off_mode pin), PRM_VOLTOFFSET + PRM_VOLTSETUP2 in
 *    32 kHz cycles.  Oscillator and voltage run in parallel;
 *  - power domains: the MPU's and CORE's domain leave RET or OFF
 *    (parameters ret_exit_ns / off_exit_ns: power switches, logic and
 *    memory wake-up), in parallel;
 *  - DPLLs: a DPLL whose CM_AUTOIDLE_PLL field allows the automatic
 *    low-power stop stopped when the clock domains it feeds idled (DPLL1
 *    with the MPU's, DPLL3 with CORE's L3 and L4) and relocks: dpll_lock_ns +
 *    dpll_lock_refclks periods of its reference clock, sys_clk / (N + 1).
 * total = max(oscillator, voltage) + power domains + DPLL relock.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef MODELS_PRCM_WAKEUP_H
#define MODELS_PRCM_WAKEUP_H

#include <stdint.h>
#include "pwrdm.h"

/* Parameters that no register gives ([prcm] in the timing file). */
typedef struct PrcmWakeParams {
    uint32_t ret_exit_ns;       /* a power domain RET -> ON */
    uint32_t off_exit_ns;       /* a power domain OFF -> ON */
    uint32_t dpll_lock_ns;      /* fixed part of a DPLL relock */
    uint32_t dpll_lock_refclks; /* reference clock periods of a relock */
} PrcmWakeParams;

extern const PrcmWakeParams prcm_wake_default_params;

/* Largest value a parameter may take (100 ms; REFCLK periods: 100000). */
#define PRCM_WAKE_PARAM_MAX     100000000u

/* The registers the kernel programs that shape a wake-up. */
typedef struct PrcmWakeRegs {
    uint32_t sys_clk_hz;
    uint32_t clksrc_ctrl;       /* PRM_CLKSRC_CTRL */
    uint32_t clksetup;          /* PRM_CLKSETUP */
    uint32_t voltctrl;          /* PRM_VOLTCTRL */
    uint32_t voltsetup1;        /* PRM_VOLTSETUP1 */
    uint32_t voltsetup2;        /* PRM_VOLTSETUP2 */
    uint32_t voltoffset;        /* PRM_VOLTOFFSET */
    uint32_t autoidle_pll;      /* CM_AUTOIDLE_PLL (DPLL3 in [2:0]) */
    uint32_t autoidle_pll_mpu;  /* CM_AUTOIDLE_PLL_MPU (DPLL1 in [2:0]) */
    uint32_t dpll3_n;           /* N of DPLL3 (CM_CLKSEL1_PLL[14:8]) */
    uint32_t dpll1_n;           /* N of DPLL1 (CM_CLKSEL1_PLL_MPU[6:0]) */
} PrcmWakeRegs;

/* PRM_VOLTCTRL bits (prm-regbits-34xx.h) */
#define PRCM_VOLTCTRL_AUTO_SLEEP    (1u << 0)
#define PRCM_VOLTCTRL_AUTO_RET      (1u << 1)
#define PRCM_VOLTCTRL_AUTO_OFF      (1u << 2)
#define PRCM_VOLTCTRL_SEL_OFF       (1u << 3)

/* A wake-up's cost, by part (ns). */
typedef struct PrcmWakeCost {
    uint64_t osc_ns;
    uint64_t volt_ns;
    uint64_t pwrdm_ns;
    uint64_t dpll_ns;
    uint64_t total_ns;
} PrcmWakeCost;

/*
 * The cost of waking the MPU now, from the sleep attempt that @m has open
 * (between prcm_mpu_wfi and prcm_mpu_wakeup).  Zero if nothing slept.
 */
void prcm_wake_cost(const PrcmModel *m, const PrcmWakeRegs *r,
                    const PrcmWakeParams *p, PrcmWakeCost *out);

/*
 * The lock time of a DPLL with divider @n on a @sys_hz reference:
 * dpll_lock_ns + dpll_lock_refclks periods of sys_hz / (n + 1).  The same
 * figure serves the relock after a low-power stop (above) and the lock
 * after the guest reprograms M/N from bypass (the CM, DVFS).
 */
uint64_t prcm_dpll_relock_ns(const PrcmWakeParams *p, uint32_t n,
                             uint32_t sys_hz);

/* Check @p; on error return a static message naming the field, else NULL */
const char *prcm_wake_params_check(const PrcmWakeParams *p);

#endif /* MODELS_PRCM_WAKEUP_H */
