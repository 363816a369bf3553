/*
 * The PRCM as the rm696 qtests program it: register addresses (PRM and CM
 * modules, the offsets Linux's prm-regbits-34xx.h / cm-regbits-34xx.h and
 * prcm-common.h give) and the set-up the kernel's omap3_pm_init() leaves,
 * shared by the PRCM, SDRC and I/O wake-up qtests.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef RM696_QTEST_PRCM_H
#define RM696_QTEST_PRCM_H

#include "rm696-qtest.h"

#define PRM                     BLK_BASE(PRM)
#define CM                      BLK_BASE(CM)
#define PRCM_QOM                "/machine/soc/prcm"

/* Module offsets (the same in the PRM and the CM) */
#define MOD_IVA2                0x000
#define MOD_MPU                 0x900
#define MOD_CORE                0xa00
#define MOD_SGX                 0xb00
#define MOD_WKUP                0xc00
#define MOD_DSS                 0xe00
#define MOD_CAM                 0xf00
#define MOD_PER                 0x1000
#define MOD_NEON                0x1300
#define MOD_USBHOST             0x1400

/* PRM */
#define PRM_REVISION            (PRM + 0x804)
#define PRM_IRQSTATUS_MPU       (PRM + 0x818)
#define PRM_IRQENABLE_MPU       (PRM + 0x81c)
#define PM_PWSTCTRL(mod)        (PRM + (mod) + 0xe0)
#define PM_PWSTST(mod)          (PRM + (mod) + 0xe4)
#define PM_PREPWSTST(mod)       (PRM + (mod) + 0xe8)
#define PM_WKEN_WKUP            (PRM + 0xca0)
#define PM_MPUGRPSEL_WKUP       (PRM + 0xca4)
#define PM_WKST_WKUP            (PRM + 0xcb0)
#define PRM_CLKSRC_CTRL         (PRM + 0x1270)
#define PRM_CLKSETUP            (PRM + 0x1298)

#define PWRST_OFF               0
#define PWRST_RET               1
#define PWRST_ON                3

/* CM */
#define CM_FCLKEN(mod)          (CM + (mod))
#define CM_SLEEPDEP(mod)        (CM + (mod) + 0x44)
#define CM_CLKSTCTRL(mod)       (CM + (mod) + 0x48)
#define CM_CLKSTST(mod)         (CM + (mod) + 0x4c)
#define CM_FCLKEN1_CORE         (CM + 0xa00)
#define CM_FCLKEN_PER           (CM + 0x1000)

/*
 * What omap3_pm_init() leaves: the clock domains that can idle on their
 * own in hardware-supervised mode (CLKSTCTRL 3; CORE's three fields),
 * IVA2 forced to sleep (the N9 has no DSP driver), no sleep dependencies.
 */
static inline void rm696_pm_clkdm_setup(QTestState *qts)
{
    static const uint32_t auto_mods[] = {
        MOD_MPU, MOD_SGX, MOD_DSS, MOD_CAM, MOD_PER, MOD_NEON, MOD_USBHOST,
    };
    static const uint32_t deps[] = {
        MOD_SGX, MOD_DSS, MOD_CAM, MOD_PER, MOD_USBHOST,
    };
    size_t i;

    for (i = 0; i < ARRAY_SIZE(auto_mods); i++) {
        qtest_writel(qts, CM_CLKSTCTRL(auto_mods[i]), 3);
    }
    qtest_writel(qts, CM_CLKSTCTRL(MOD_CORE), 0x3f);
    qtest_writel(qts, CM_CLKSTCTRL(MOD_IVA2), 1);   /* iva2: force sleep */
    for (i = 0; i < ARRAY_SIZE(deps); i++) {
        qtest_writel(qts, CM_SLEEPDEP(deps[i]), 0);
    }
}

/* PM_PWSTCTRL.POWERSTATE of module @mod := @st (pwrdm_set_next_pwrst) */
static inline void rm696_pwrdm_set_next(QTestState *qts, uint32_t mod,
                                        uint32_t st)
{
    uint32_t v = qtest_readl(qts, PM_PWSTCTRL(mod));

    qtest_writel(qts, PM_PWSTCTRL(mod), (v & ~3u) | st);
}

#endif /* RM696_QTEST_PRCM_H */
