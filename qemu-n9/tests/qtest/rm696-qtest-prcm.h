/*
 * The PRCM as the rm696 qtests program it: register addresses (PRM and CM
 * modules and registers, from the device's hw/n9/omap3_prcm_regs.h) and
 * the set-up the kernel's omap3_pm_init() leaves, shared by the PRCM, SDRC
 * and I/O wake-up qtests.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef RM696_QTEST_PRCM_H
#define RM696_QTEST_PRCM_H

#include "rm696-qtest.h"
#include "hw/n9/omap3_prcm_regs.h"

#define PRM                     BLK_BASE(PRM)
#define CM                      BLK_BASE(CM)
#define PRCM_QOM                "/machine/soc/prcm"

/* Module offsets (the same in the PRM and the CM) */
#define MOD_IVA2                OMAP3_IVA2_MOD
#define MOD_MPU                 OMAP3_MPU_MOD
#define MOD_CORE                OMAP3_CORE_MOD
#define MOD_SGX                 OMAP3_SGX_MOD
#define MOD_WKUP                OMAP3_WKUP_MOD
#define MOD_DSS                 OMAP3_DSS_MOD
#define MOD_CAM                 OMAP3_CAM_MOD
#define MOD_PER                 OMAP3_PER_MOD
#define MOD_NEON                OMAP3_NEON_MOD
#define MOD_USBHOST             OMAP3_USBHOST_MOD

/* PRM */
#define PRM_REVISION            (PRM + A_PRM_REVISION)
#define PRM_IRQSTATUS_MPU       (PRM + A_IRQSTATUS_MPU)
#define PRM_IRQENABLE_MPU       (PRM + A_IRQENABLE_MPU)
#define PM_PWSTCTRL(mod)        (PRM + (mod) + OMAP3_PM_PWSTCTRL)
#define PM_PWSTST(mod)          (PRM + (mod) + OMAP3_PM_PWSTST)
#define PM_PREPWSTST(mod)       (PRM + (mod) + OMAP3_PM_PREPWSTST)
#define PM_WKEN_WKUP            (PRM + A_WKEN_WKUP)
#define PM_MPUGRPSEL_WKUP       (PRM + A_MPUGRPSEL_WKUP)
#define PM_WKST_WKUP            (PRM + A_WKST_WKUP)
#define PRM_CLKSRC_CTRL         (PRM + A_CLKSRC_CTRL)
#define PRM_CLKSETUP            (PRM + A_CLKSETUP)

#define PWRST_OFF               OMAP3_PWRST_OFF
#define PWRST_RET               OMAP3_PWRST_RET
#define PWRST_ON                OMAP3_PWRST_ON

/* CM */
#define CM_FCLKEN(mod)          (CM + (mod) + OMAP3_CM_FCLKEN)
#define CM_SLEEPDEP(mod)        (CM + (mod) + OMAP3_CM_SLEEPDEP)
#define CM_CLKSTCTRL(mod)       (CM + (mod) + OMAP3_CM_CLKSTCTRL)
#define CM_CLKSTST(mod)         (CM + (mod) + OMAP3_CM_CLKSTST)
#define CM_FCLKEN1_CORE         (CM + A_FCLKEN1_CORE)
/* to the letter as rm696-wakeup-test.c has it too, checked against A_ */
#define CM_FCLKEN_PER           (CM + 0x1000)
QEMU_BUILD_BUG_ON(A_FCLKEN_PER != 0x1000);

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

    qtest_writel(qts, PM_PWSTCTRL(mod),
                 (v & ~R_PM_PWSTCTRL_POWERSTATE_MASK) | st);
}

#endif /* RM696_QTEST_PRCM_H */
