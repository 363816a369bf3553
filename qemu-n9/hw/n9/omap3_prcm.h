/*
 * OMAP3630 PRCM: the private interface between the PRM (omap3_prm.c) and
 * the CM (omap3_cm.c).  The PRM owns the power/clock-domain model
 * (models/prcm/pwrdm.h); the CM writes its clock-domain half into it
 * (CM_FCLKEN activity, CM_CLKSTCTRL, CM_SLEEPDEP) and reads CM_CLKSTST
 * from it.  The PRM tells the CM when sys_clk changes (PRM_CLKSEL,
 * PRM_CLKSRC_CTRL).  Other devices use only the QOM interface described in
 * omap3630.h.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_PRCM_H
#define HW_N9_OMAP3_PRCM_H

#include "omap3630.h"
#include "models/prcm/pwrdm.h"

OBJECT_DECLARE_SIMPLE_TYPE(OMAP3PRMState, OMAP3_PRM)
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3CMState, OMAP3_CM)

/* The power/clock-domain model; changes to it are traced by the PRM. */
PrcmModel *omap3_prm_pwrdm(OMAP3PRMState *prm);
/* sys_clk in Hz: oscillator (PRM_CLKSEL) / SYSCLKDIV (PRM_CLKSRC_CTRL) */
uint32_t omap3_prm_sys_clk_hz(OMAP3PRMState *prm);
/* The PRM changed sys_clk: recompute and propagate the CM's clocks. */
void omap3_cm_sys_clk_changed(OMAP3CMState *cm);

#endif /* HW_N9_OMAP3_PRCM_H */
