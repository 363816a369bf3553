/*
 * TI OMAP3630 PRCM, the PRM half: the Power and Reset Manager registers,
 * 0x48306000.
 *
 * Per power domain the requested state (PM_PWSTCTRL), the current and
 * previous state (PM_PWSTST, PM_PREPWSTST) and the wake-up dependencies
 * (PM_WKDEP) are those of the domain model (models/prcm/pwrdm.c), which
 * the CM half feeds with clock-domain activity.  Wake-up events arrive on
 * qdev GPIO inputs (one array per PM_WKST register) from the modules'
 * wake-up requests (SWAKEUP: a module asleep, in smart-idle with its
 * wake-ups enabled; see prm_iclk_held for the PRCM's side) and the SCM's
 * I/O pad latches, latch in PM_WKST when PM_WKEN allows, and raise
 * PRM_IRQSTATUS_MPU.WKUP_ST (IO_ST for the I/O pad bit) towards the PRCM
 * interrupt (INTC 11) when PM_MPUGRPSEL routes them to the MPU.  Also
 * modelled: W1C status registers, reset sources (PRM_RSTST, RM_RSTST_*),
 * the IVA2 reset lines, the global
 * software reset (PRM_RSTCTRL), the system clock selection (PRM_CLKSEL,
 * PRM_CLKSRC_CTRL: 38.4 MHz / 2 on the N9), the ABB LDO OPP change
 * (PRM_IRQSTATUS_MPU bit 26 after the settling time PRM_LDO_ABB_SETUP's
 * SR2_WTCNT_VALUE gives; at once without icount, where nothing is timed)
 * and VP force updates.  The voltage
 * controller registers shape the wake-up latency (models/prcm/wakeup.c);
 * there is no I2C4 PMIC traffic.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "hw/sysbus.h"
#include "hw/irq.h"
#include "hw/qdev-properties.h"
#include "hw/resettable.h"
#include "migration/vmstate.h"
#include "system/runstate.h"
#include "system/tcg.h"
#include "system/cpu-timers.h"
#include "omap3_prcm_internal.h"
#include "trace.h"

#define PRM_SIZE                OMAP3_PRCM_REGION_SIZE

/*
 * PRM_LDO_ABB_SETUP.SR2_WTCNT_VALUE counts the LDO's settling time in units
 * of 8 sys_clk cycles (omap36xx.dtsi's ti,clock-cycles, from which
 * ti-abb-regulator computes the value it programs)
 */
#define ABB_WTCNT_SYSCLKS       8

#define WK_WKUP         OMAP3_WK_WKUP
#define WK_CORE1        OMAP3_WK_CORE1
#define WK_CORE3        OMAP3_WK_CORE3
#define WK_PER          OMAP3_WK_PER
#define WK_USBHOST      OMAP3_WK_USBHOST
#define PRM_NUM_WK      OMAP3_PRCM_NUM_WK

/*
 * Per wake-up module: its PRM registers, its power domain, and the CM
 * registers of the same modules' interface clocks (CM_ICLKEN,
 * CM_AUTOIDLE: a PM_WKST bit and the module's CM_ICLKEN bit share their
 * position, which omap3xxx_prm_clear_mod_irqs relies on too).
 */
static const struct {
    const char *input;
    uint16_t wken, grpsel, wkst;
    uint8_t pwrdm;
    uint16_t iclken, autoidle;
} prm_wk[PRM_NUM_WK] = {
#define WK(in, m, wken, grpsel, wkst, pd, iclken, autoidle) \
    { in, (m) + (wken), (m) + (grpsel), (m) + (wkst), pd, \
      (m) + (iclken), (m) + (autoidle) }
    [WK_WKUP] = WK("wkup-wake", OMAP3_WKUP_MOD, OMAP3_PM_WKEN,
                   OMAP3_PM_MPUGRPSEL, OMAP3_PM_WKST, PRCM_PD_WKUP,
                   OMAP3_CM_ICLKEN, OMAP3_CM_AUTOIDLE),
    [WK_CORE1] = WK("core-wake", OMAP3_CORE_MOD, OMAP3_PM_WKEN,
                    OMAP3_PM_MPUGRPSEL, OMAP3_PM_WKST, PRCM_PD_CORE,
                    OMAP3_CM_ICLKEN, OMAP3_CM_AUTOIDLE),
    [WK_CORE3] = WK("core-wake3", OMAP3_CORE_MOD, OMAP3_PM_WKEN3,
                    OMAP3_PM_MPUGRPSEL3, OMAP3_PM_WKST3, PRCM_PD_CORE,
                    OMAP3_CM_ICLKEN3, OMAP3_CM_AUTOIDLE3),
    [WK_PER] = WK("per-wake", OMAP3_PER_MOD, OMAP3_PM_WKEN,
                  OMAP3_PM_MPUGRPSEL, OMAP3_PM_WKST, PRCM_PD_PER,
                  OMAP3_CM_ICLKEN, OMAP3_CM_AUTOIDLE),
    [WK_USBHOST] = WK("usbhost-wake", OMAP3_USBHOST_MOD, OMAP3_PM_WKEN,
                      OMAP3_PM_MPUGRPSEL, OMAP3_PM_WKST, PRCM_PD_USBHOST,
                      OMAP3_CM_ICLKEN, OMAP3_CM_AUTOIDLE),
#undef WK
};

typedef enum {
    P_RW,           /* storage */
    P_RO,           /* reads its reset value (or what the model put there) */
    P_W1C,          /* write 1 to clear */
    P_RSTST,        /* reset source, W1C */
    P_RAZWI,        /* not in the TRM but touched by Linux: read 0 */
    P_PWSTCTRL,     /* arg: power domain (models/prcm) */
    P_PWSTST,
    P_PREPWSTST,
    P_WKDEP,
    P_WKEN,         /* arg: wake-up module */
    P_GRPSEL,
    P_WKST,
    P_IRQSTATUS,
    P_IRQENABLE,
    P_RSTCTRL_IVA2,
    P_PRM_RSTCTRL,
    P_SYSCLK,
    P_ABB_CTRL,
    P_VC_BYPASS,
    P_VP_CONFIG,    /* arg: 0 = VP1, 1 = VP2 */
} PRMRegKind;

/*
 * The table's entries; REGM for the kinds whose handler stores the value
 * written, with its write mask m (omap3_prcm_wval): the union of the
 * register's fields in the TRM as Linux defines them (prm-regbits-34xx.h,
 * prcm-common.h, prm2xxx_3xxx.h; where 6.18 has dropped a register's
 * unused fields, the same headers before), with the 3630 family's bits
 * that Linux does not name (the AM37x's register description; they only
 * widen a mask); ALL_BITS where no field is known, or the reset value has
 * bits of none.
 */
#define ALL_BITS                UINT32_MAX
#define REG(o, k, a, r, n)      { (o), (k), (a), (r), ALL_BITS, (n) }
#define REGM(o, k, a, r, m, n)  { (o), (k), (a), (r), (m), (n) }
#define RW(o, r, m, n)          REGM(o, P_RW, 0, r, m, n)
#define RSTST(o, n) \
    REG(o, P_RSTST, 0, R_RM_RSTST_GLOBALCOLD_RST_MASK, n)

/*
 * The registers that PRM modules have at the same offsets from their base
 * (prm2xxx_3xxx.h, prm3xxx.h), named after the module (n).
 */
/* PM_PWSTCTRL, PM_PWSTST, PM_PREPWSTST of power domain pd */
#define PRM_PWRST(m, pd, n) \
    REG((m) + OMAP3_PM_PWSTCTRL, P_PWSTCTRL, pd, 0, "PM_PWSTCTRL_" n), \
    REG((m) + OMAP3_PM_PWSTST, P_PWSTST, pd, 0, "PM_PWSTST_" n), \
    REG((m) + OMAP3_PM_PREPWSTST, P_PREPWSTST, pd, 0, "PM_PREPWSTST_" n)
/* PM_WKDEP, then the power state registers */
#define PRM_PWRDM(m, pd, n) \
    REG((m) + OMAP3_PM_WKDEP, P_WKDEP, pd, 0, "PM_WKDEP_" n), \
    PRM_PWRST(m, pd, n)
/*
 * Wake-up module wk (prm_wk): PM_WKEN and PM_MPUGRPSEL (reset r),
 * PM_IVA2GRPSEL (reset iva), all three with write mask wm; PM_WKST
 */
#define PRM_WAKE(m, wk, r, iva, wm, n) \
    REGM((m) + OMAP3_PM_WKEN, P_WKEN, wk, r, wm, "PM_WKEN_" n), \
    REGM((m) + OMAP3_PM_MPUGRPSEL, P_GRPSEL, wk, r, wm, \
         "PM_MPUGRPSEL_" n), \
    RW((m) + OMAP3_PM_IVA2GRPSEL, iva, wm, "PM_IVA2GRPSEL_" n), \
    REG((m) + OMAP3_PM_WKST, P_WKST, wk, 0, "PM_WKST_" n)

/*
 * Voltage processor vp (VP1, VP2; i = 0, 1): PRM_VPx_CONFIG, _VSTEPMIN,
 * _VSTEPMAX, _VLIMITTO, _VOLTAGE, _STATUS (reset: VPINIDLE).  CONFIG
 * 31:8 and 3:0, VSTEPMIN/MAX 23:0 (SMPSWAITTIME, VSTEP); VLIMITTO's
 * fields (VDDMAX, VDDMIN, TIMEOUT) cover every bit.
 */
#define PRM_VP(i, vp) \
    REGM(A_##vp##_CONFIG, P_VP_CONFIG, i, 0, 0xffffff0f, \
         "PRM_" #vp "_CONFIG"), \
    RW(A_##vp##_VSTEPMIN, 0, 0x00ffffff, "PRM_" #vp "_VSTEPMIN"), \
    RW(A_##vp##_VSTEPMAX, 0, 0x00ffffff, "PRM_" #vp "_VSTEPMAX"), \
    RW(A_##vp##_VLIMITTO, 0, ALL_BITS, "PRM_" #vp "_VLIMITTO"), \
    REG(A_##vp##_VOLTAGE, P_RO, 0, 0, "PRM_" #vp "_VOLTAGE"), \
    REG(A_##vp##_STATUS, P_RO, 0, R_VP_STATUS_VPINIDLE_MASK, \
        "PRM_" #vp "_STATUS")

/*
 * Every register of the block, by offset from 0x48306000.  Reset values
 * are the TRM's, with what a booted bootloader leaves (everything ON).
 */
static const OMAP3PRCMReg omap3_prm_regs[] = {
    /* IVA2_PRM (Linux's dpll2_pwrdm uses these too) */
    REGM(A_RSTCTRL_IVA2, P_RSTCTRL_IVA2, 0, 0x7, 0x7, "RM_RSTCTRL_IVA2"),
    RSTST(A_RSTST_IVA2, "RM_RSTST_IVA2"),
    PRM_PWRDM(OMAP3_IVA2_MOD, PRCM_PD_IVA2, "IVA2"),
    REG(A_IRQSTATUS_IVA2, P_W1C, 0, 0, "PRM_IRQSTATUS_IVA2"),
    RW(A_IRQENABLE_IVA2, 0, 0x7, "PRM_IRQENABLE_IVA2"),
    /* OCP_System_Reg_PRM */
    REG(A_PRM_REVISION, P_RO, 0, 0x10, "PRM_REVISION"),
    RW(A_PRM_SYSCONFIG, 0x1, 0x1, "PRM_SYSCONFIG"),
    REG(A_IRQSTATUS_MPU, P_IRQSTATUS, 0, 0, "PRM_IRQSTATUS_MPU"),
    /* bits 0-25 Linux's, 26-28 the 3630's (ABB LDO, VC acknowledges) */
    REGM(A_IRQENABLE_MPU, P_IRQENABLE, 0, 0, 0x1fffffff,
         "PRM_IRQENABLE_MPU"),
    /* MPU_PRM (also dpll1_pwrdm) */
    RSTST(OMAP3_MPU_MOD + OMAP3_RM_RSTST, "RM_RSTST_MPU"),
    REG(OMAP3_MPU_MOD + OMAP3_PM_WKDEP, P_WKDEP, PRCM_PD_MPU, 0,
        "PM_WKDEP_MPU"),
    RW(A_EVGENCTRL_MPU, 0x12, 0x1f, "PM_EVGENCTRL_MPU"),
    /* ONTIMEVAL, OFFTIMEVAL: every bit */
    RW(A_EVGENONTIM_MPU, 0, ALL_BITS, "PM_EVGENONTIM_MPU"),
    RW(A_EVGENOFFTIM_MPU, 0, ALL_BITS, "PM_EVGENOFFTIM_MPU"),
    PRM_PWRST(OMAP3_MPU_MOD, PRCM_PD_MPU, "MPU"),
    /*
     * CORE_PRM.  PM_WKDEP_CORE (and of WKUP, PLL, EMU) is not in the TRM:
     * omap2_clkdm_clear_all_wkdeps read-modify-writes it with an empty
     * mask for clock domains without wake-up dependency sources.  The
     * WKEN1/GRPSEL1 registers reset with bit 31 set, of no known field:
     * all bits kept.  WKEN3/GRPSEL3: (no fields known: all bits kept).
     */
    RW(A_RSTCTRL_CORE, 0, 0x3, "RM_RSTCTRL_CORE"),
    RSTST(OMAP3_CORE_MOD + OMAP3_RM_RSTST, "RM_RSTST_CORE"),
    REG(OMAP3_CORE_MOD + OMAP3_PM_WKDEP, P_RAZWI, 0, 0, "(PM_WKDEP_CORE)"),
    REGM(OMAP3_CORE_MOD + OMAP3_PM_WKEN, P_WKEN, WK_CORE1, 0xc33ffe18,
         ALL_BITS, "PM_WKEN1_CORE"),
    REGM(OMAP3_CORE_MOD + OMAP3_PM_MPUGRPSEL, P_GRPSEL, WK_CORE1, 0xc33ffe18,
         ALL_BITS, "PM_MPUGRPSEL1_CORE"),
    RW(OMAP3_CORE_MOD + OMAP3_PM_IVA2GRPSEL, 0xc33ffe18, ALL_BITS,
       "PM_IVA2GRPSEL1_CORE"),
    REG(OMAP3_CORE_MOD + OMAP3_PM_WKST, P_WKST, WK_CORE1, 0, "PM_WKST1_CORE"),
    REG(OMAP3_CORE_MOD + OMAP3_PM_WKST3, P_WKST, WK_CORE3, 0,
        "PM_WKST3_CORE"),
    PRM_PWRST(OMAP3_CORE_MOD, PRCM_PD_CORE, "CORE"),
    REGM(OMAP3_CORE_MOD + OMAP3_PM_WKEN3, P_WKEN, WK_CORE3, 0x4, ALL_BITS,
         "PM_WKEN3_CORE"),
    RW(OMAP3_CORE_MOD + OMAP3_PM_IVA2GRPSEL3, 0x4, ALL_BITS,
       "PM_IVA2GRPSEL3_CORE"),
    REGM(OMAP3_CORE_MOD + OMAP3_PM_MPUGRPSEL3, P_GRPSEL, WK_CORE3, 0x4,
         ALL_BITS, "PM_MPUGRPSEL3_CORE"),
    /* SGX_PRM */
    RSTST(OMAP3_SGX_MOD + OMAP3_RM_RSTST, "RM_RSTST_SGX"),
    PRM_PWRDM(OMAP3_SGX_MOD, PRCM_PD_SGX, "SGX"),
    /*
     * WKUP_PRM.  0xc58 is not in the TRM: omap3xxx_prm_read_reset_sources
     * reads WKUP_MOD + RM_RSTST.  The wake-up registers reset with bit 9
     * (USIM) set, of no field Linux knows: all bits kept.
     */
    REG(OMAP3_WKUP_MOD + OMAP3_RM_RSTST, P_RAZWI, 0, 0, "(WKUP RM_RSTST)"),
    PRM_WAKE(OMAP3_WKUP_MOD, WK_WKUP, 0x3cb, 0, ALL_BITS, "WKUP"),
    REG(OMAP3_WKUP_MOD + OMAP3_PM_WKDEP, P_RAZWI, 0, 0, "(PM_WKDEP_WKUP)"),
    /*
     * Not in the TRM either, but pwrdm_pre/post_transition walk wkup_pwrdm
     * on every idle: clear PREPWSTST, read PWSTCTRL.  WKUP is always ON.
     */
    PRM_PWRST(OMAP3_WKUP_MOD, PRCM_PD_WKUP, "WKUP"),
    /*
     * Clock_Control_Reg_PRM.  0xde0-0xde8: Linux's dpll3/4/5 power domains
     * sit on PLL_MOD, so pwrdm_pre/post_transition access PWSTCTRL, PWSTST
     * and PREPWSTST there; the TRM has nothing at these offsets.
     */
    REGM(A_CLKSEL, P_SYSCLK, 0, 0x4, 0x7, "PRM_CLKSEL"),
    RW(A_PRM_CLKOUT_CTRL, 0x80, 0x80, "PRM_CLKOUT_CTRL"),
    REG(OMAP3_CLOCK_CTRL_MOD + OMAP3_PM_WKDEP, P_RAZWI, 0, 0,
        "(dpll3-5 PM_WKDEP)"),
    REG(OMAP3_CLOCK_CTRL_MOD + OMAP3_PM_PWSTCTRL, P_RAZWI, 0, 0,
        "(dpll3-5 PM_PWSTCTRL)"),
    REG(OMAP3_CLOCK_CTRL_MOD + OMAP3_PM_PWSTST, P_RAZWI, 0, 0,
        "(dpll3-5 PM_PWSTST)"),
    REG(OMAP3_CLOCK_CTRL_MOD + OMAP3_PM_PREPWSTST, P_RAZWI, 0, 0,
        "(dpll3-5 PM_PREPWSTST)"),
    /* DSS_PRM */
    RSTST(OMAP3_DSS_MOD + OMAP3_RM_RSTST, "RM_RSTST_DSS"),
    RW(A_WKEN_DSS, 0x1, 0x1, "PM_WKEN_DSS"),
    PRM_PWRDM(OMAP3_DSS_MOD, PRCM_PD_DSS, "DSS"),
    /* CAM_PRM */
    RSTST(OMAP3_CAM_MOD + OMAP3_RM_RSTST, "RM_RSTST_CAM"),
    PRM_PWRDM(OMAP3_CAM_MOD, PRCM_PD_CAM, "CAM"),
    /* PER_PRM: the wake-up registers' bits 0-11, 13-18 */
    RSTST(OMAP3_PER_MOD + OMAP3_RM_RSTST, "RM_RSTST_PER"),
    PRM_WAKE(OMAP3_PER_MOD, WK_PER, 0x7efff, 0x7efff, 0x7efff, "PER"),
    PRM_PWRDM(OMAP3_PER_MOD, PRCM_PD_PER, "PER"),
    /* EMU_PRM: no power state control, Linux reads PWSTCTRL anyway */
    RSTST(OMAP3_EMU_MOD + OMAP3_RM_RSTST, "RM_RSTST_EMU"),
    REG(OMAP3_EMU_MOD + OMAP3_PM_WKDEP, P_RAZWI, 0, 0, "(PM_WKDEP_EMU)"),
    REG(OMAP3_EMU_MOD + OMAP3_PM_PWSTCTRL, P_RAZWI, 0, 0,
        "(PM_PWSTCTRL_EMU)"),
    REG(OMAP3_EMU_MOD + OMAP3_PM_PWSTST, P_PWSTST, PRCM_PD_EMU, 0,
        "PM_PWSTST_EMU"),
    REG(OMAP3_EMU_MOD + OMAP3_PM_PREPWSTST, P_PREPWSTST, PRCM_PD_EMU, 0,
        "PM_PREPWSTST_EMU"),
    /* Global_Reg_PRM: voltage controller; VC_CMD_VAL's fields: every bit */
    RW(A_VC_SMPS_SA, 0, 0x007f007f, "PRM_VC_SMPS_SA"),
    RW(A_VC_SMPS_VOL_RA, 0, 0x00ff00ff, "PRM_VC_SMPS_VOL_RA"),
    RW(A_VC_SMPS_CMD_RA, 0, 0x00ff00ff, "PRM_VC_SMPS_CMD_RA"),
    RW(A_VC_CMD_VAL_0, 0, ALL_BITS, "PRM_VC_CMD_VAL_0"),
    RW(A_VC_CMD_VAL_1, 0, ALL_BITS, "PRM_VC_CMD_VAL_1"),
    RW(A_VC_CH_CONF, 0, 0x001f001f, "PRM_VC_CH_CONF"),
    RW(A_VC_I2C_CFG, 0, 0x3f, "PRM_VC_I2C_CFG"),
    REGM(A_VC_BYPASS_VAL, P_VC_BYPASS, 0, 0, 0x01ffff7f, "PRM_VC_BYPASS_VAL"),
    /*
     * 0x1240: omap3_prm_save_scratchpad_contents reads GR_MOD + 0x40 where
     * PRM_CLKSEL (CCR_MOD + 0x40) was meant.
     */
    REG(OMAP3_GLOBAL_MOD + 0x40, P_RAZWI, 0, 0, "(GR+0x40)"),
    REGM(A_RSTCTRL, P_PRM_RSTCTRL, 0, 0,
         R_RSTCTRL_RST_GS_MASK | R_RSTCTRL_RST_DPLL3_MASK, "PRM_RSTCTRL"),
    RW(A_RSTTIME, 0x1006, 0x1fff, "PRM_RSTTIME"),
    RSTST(A_RSTST, "PRM_RSTST"),
    RW(A_VOLTCTRL, 0, 0x1f, "PRM_VOLTCTRL"),
    RW(A_SRAM_PCHARGE, 0x50, 0xff, "PRM_SRAM_PCHARGE"),
    /* with the 3630's DPLL4_CLKINP_DIV (bit 8) */
    REGM(A_CLKSRC_CTRL, P_SYSCLK, 0, 0x80, 0x1db, "PRM_CLKSRC_CTRL"),
    REG(A_OBS, P_RO, 0, 0, "PRM_OBS"),
    /* SETUP_TIME2, SETUP_TIME1: every bit */
    RW(A_VOLTSETUP1, 0, ALL_BITS, "PRM_VOLTSETUP1"),
    RW(A_VOLTOFFSET, 0, 0xffff, "PRM_VOLTOFFSET"),
    RW(A_CLKSETUP, 0xff, 0xffff, "PRM_CLKSETUP"),
    RW(A_PRM_POLCTRL, 0x2, 0xf, "PRM_POLCTRL"),
    RW(A_VOLTSETUP2, 0, 0xffff, "PRM_VOLTSETUP2"),
    /* voltage processors */
    PRM_VP(0, VP1),
    PRM_VP(1, VP2),
    /*
     * ABB LDO: ti-abb-regulator (abb-v1) uses 0xf0 as the control register
     * (OPP_SEL, OPP_CHANGE; SR2_STATUS and SR2_IN_TRANSITION are read-only)
     * and 0xf4 as setup; the TRM names are swapped.
     */
    REGM(A_LDO_ABB_CTRL, P_ABB_CTRL, 0, 0, 0x7, "PRM_LDO_ABB_CTRL"),
    RW(A_LDO_ABB_SETUP, 0, 0xff07, "PRM_LDO_ABB_SETUP"),
    /* NEON_PRM */
    RSTST(OMAP3_NEON_MOD + OMAP3_RM_RSTST, "RM_RSTST_NEON"),
    PRM_PWRDM(OMAP3_NEON_MOD, PRCM_PD_NEON, "NEON"),
    /* USBHOST_PRM; wake-up registers: (no fields known: all bits kept) */
    RSTST(OMAP3_USBHOST_MOD + OMAP3_RM_RSTST, "RM_RSTST_USBHOST"),
    PRM_WAKE(OMAP3_USBHOST_MOD, WK_USBHOST, 0x1, 0x1, ALL_BITS, "USBHOST"),
    PRM_PWRDM(OMAP3_USBHOST_MOD, PRCM_PD_USBHOST, "USBHOST"),
};

#define PRM_NUM_REGS ARRAY_SIZE(omap3_prm_regs)
G_STATIC_ASSERT(PRM_NUM_REGS <= OMAP3_PRM_NUM_REGS);

static int16_t omap3_prm_index[PRM_SIZE / 4];

static const OMAP3PRCMRegMap omap3_prm_map = {
    .name = "omap3-prcm (PRM)",
    .base = OMAP3_PRM_BASE,
    .size = PRM_SIZE,
    .regs = omap3_prm_regs,
    .num_regs = PRM_NUM_REGS,
    .index = omap3_prm_index,
};


static uint32_t *prm_reg(OMAP3PRCMState *s, hwaddr addr)
{
    const OMAP3PRCMReg *r = omap3_prcm_lookup(&omap3_prm_map, addr);

    g_assert(r);
    return &s->prm_regs[r - omap3_prm_regs];
}

uint32_t omap3_prcm_prm_get(OMAP3PRCMState *s, hwaddr offset)
{
    return *prm_reg(s, offset);
}

uint32_t omap3_prcm_sys_clk_hz(OMAP3PRCMState *s)
{
    /* osc_sys_ck parents in omap3xxx-clocks.dtsi, by SYS_CLKIN_SEL */
    static const uint32_t osc_hz[8] = {
        12000000, 13000000, 19200000, 26000000, 38400000, 16800000, 0, 0,
    };
    uint32_t osc = osc_hz[FIELD_EX32(*prm_reg(s, A_CLKSEL),
                                     CLKSEL, SYS_CLKIN_SEL)];
    uint32_t div = FIELD_EX32(*prm_reg(s, A_CLKSRC_CTRL),
                              CLKSRC_CTRL, SYSCLKDIV);

    return osc / (div ? div : 1);
}

static void prm_update_irq(OMAP3PRCMState *s)
{
    omap3_prcm_update_irq(s);
}

/*
 * A domain with a wake-up event routed to the MPU (PM_WKST & PM_WKEN &
 * PM_MPUGRPSEL) stays awake until the MPU acknowledges it in PM_WKST, as
 * _prcm_int_handle_wakeup does.
 */
static void prm_update_wake(OMAP3PRCMState *s, int wk)
{
    int pd = prm_wk[wk].pwrdm;
    bool pending = false;
    int i;

    for (i = 0; i < PRM_NUM_WK; i++) {
        if (prm_wk[i].pwrdm == pd &&
            (*prm_reg(s, prm_wk[i].wkst) & *prm_reg(s, prm_wk[i].wken) &
             *prm_reg(s, prm_wk[i].grpsel))) {
            pending = true;
        }
    }
    prcm_set_wakeup_pending(&s->pwrdm, pd, pending);
}

static void prm_wkst_set(OMAP3PRCMState *s, int wk, uint32_t bits)
{
    uint32_t *wkst = prm_reg(s, prm_wk[wk].wkst);
    uint32_t grpsel = *prm_reg(s, prm_wk[wk].grpsel);
    uint32_t *irqst = prm_reg(s, A_IRQSTATUS_MPU);
    uint32_t fresh = bits & ~*wkst;
    uint32_t io = wk == WK_WKUP ? R_WKST_WKUP_ST_IO_MASK |
                                  R_WKST_WKUP_ST_IO_CHAIN_MASK : 0;

    *wkst |= bits;
    trace_omap3_prm_wkst(prm_wk[wk].input, bits, *wkst);
    /* the I/O pad events have their own interrupt (Linux's "io") */
    if (fresh & grpsel & ~io) {
        *irqst |= R_IRQSTATUS_MPU_WKUP_ST_MASK;
    }
    /*
     * Each new I/O wake-up request (a rising edge from the SCM's pad
     * latches) raises IO_ST, even if ST_IO is still set: the kernel
     * programs PM_MPUGRPSEL_WKUP without GRPSEL_IO (bit 8), so its "io"
     * handler never clears ST_IO (omap3xxx_prm_clear_mod_irqs masks with
     * GRPSEL), and pinctrl-single acknowledges the event at the pad.
     */
    if (bits & R_WKST_WKUP_ST_IO_MASK & io) {
        *irqst |= R_IRQSTATUS_MPU_IO_ST_MASK;
    }
    prm_update_irq(s);
    prm_update_wake(s, wk);
}

/*
 * A module's wake-up request (SWAKEUP) exists only while the module is
 * asleep: the PRCM asked it to idle and it acknowledged (OMAP36xx TRM,
 * PRCM, module wake-up; the module's own side, smart-idle with ENAWAKEUP
 * and its wake-up enables, is checked by the module).  The PRCM asks a
 * module to idle when it may cut the module's interface clock: not while
 * CM_ICLKEN holds the clock on without CM_AUTOIDLE.  The I/O pad events
 * (WKUP bits 8 and 16) come from the SCM's pad latches, not a module.
 */
static bool prm_iclk_held(OMAP3PRCMState *s, int wk, uint32_t mask)
{
    if (wk == WK_WKUP &&
        (mask & (R_WKST_WKUP_ST_IO_MASK | R_WKST_WKUP_ST_IO_CHAIN_MASK))) {
        return false;
    }
    return omap3_prcm_cm_get(s, prm_wk[wk].iclken) &
           ~omap3_prcm_cm_get(s, prm_wk[wk].autoidle) & mask;
}

static void prm_wake_input(OMAP3PRCMState *s, int wk, int bit, int level)
{
    uint32_t mask = 1u << bit;
    bool rise = level && !(s->wake_in[wk] & mask);

    if (level) {
        s->wake_in[wk] |= mask;
    } else {
        s->wake_in[wk] &= ~mask;
    }
    if (rise && (*prm_reg(s, prm_wk[wk].wken) & mask)) {
        if (prm_iclk_held(s, wk, mask)) {
            trace_omap3_prm_wake_held(prm_wk[wk].input, bit);
            s->wake_held[wk]++;
        } else {
            s->wake_events[wk][bit]++;
            prm_wkst_set(s, wk, mask);
        }
    }
    omap3_prcm_settled(s);
}

static void prm_wkup_wake(void *opaque, int n, int level)
{
    prm_wake_input(opaque, WK_WKUP, n, level);
}

static void prm_core_wake(void *opaque, int n, int level)
{
    prm_wake_input(opaque, WK_CORE1, n, level);
}

static void prm_core_wake3(void *opaque, int n, int level)
{
    prm_wake_input(opaque, WK_CORE3, n, level);
}

static void prm_per_wake(void *opaque, int n, int level)
{
    prm_wake_input(opaque, WK_PER, n, level);
}

static void prm_usbhost_wake(void *opaque, int n, int level)
{
    prm_wake_input(opaque, WK_USBHOST, n, level);
}

/* The PM_WKST bits of the N9's wake-up sources (prm-regbits-34xx.h) */
static const char *prm_wake_name(int wk, int bit)
{
    static const char *const wkup[32] = {
        [0] = "GPT1", [1] = "GPT12", [3] = "GPIO1", [8] = "IO",
        [16] = "IO_CHAIN",
    };
    static const char *const core1[32] = {
        [11] = "GPT10", [12] = "GPT11", [13] = "UART1", [14] = "UART2",
    };
    static const char *const per[32] = {
        [3] = "GPT2", [4] = "GPT3", [5] = "GPT4", [6] = "GPT5", [7] = "GPT6",
        [8] = "GPT7", [9] = "GPT8", [10] = "GPT9", [11] = "UART3",
        [13] = "GPIO2", [14] = "GPIO3", [15] = "GPIO4", [16] = "GPIO5",
        [17] = "GPIO6", [18] = "UART4",
    };

    switch (wk) {
    case WK_WKUP:
        return wkup[bit];
    case WK_CORE1:
        return core1[bit];
    case WK_PER:
        return per[bit];
    default:
        return NULL;
    }
}

void omap3_prcm_prm_wake_stats(OMAP3PRCMState *s, QDict *d)
{
    QDict *ev = qdict_new(), *held = qdict_new();
    int wk, bit;

    for (wk = 0; wk < PRM_NUM_WK; wk++) {
        for (bit = 0; bit < 32; bit++) {
            const char *n = prm_wake_name(wk, bit);
            g_autofree char *key = NULL;

            if (!s->wake_events[wk][bit]) {
                continue;
            }
            key = n ? g_strdup(n)
                    : g_strdup_printf("%s.%d", prm_wk[wk].input, bit);
            qdict_put_int(ev, key, s->wake_events[wk][bit]);
        }
        qdict_put_int(held, prm_wk[wk].input, s->wake_held[wk]);
    }
    qdict_put(d, "events", ev);
    qdict_put(d, "held", held);
}

uint64_t omap3_prcm_prm_read(void *opaque, hwaddr addr, unsigned size)
{
    OMAP3PRCMState *s = opaque;
    const OMAP3PRCMReg *r = omap3_prcm_find_read(&omap3_prm_map, addr);
    uint32_t val;

    if (!r) {
        return 0;
    }
    switch (r->kind) {
    case P_RAZWI:
        val = 0;
        break;
    case P_PWSTCTRL:
        val = prcm_read_pwstctrl(&s->pwrdm, r->arg);
        break;
    case P_PWSTST:
        val = prcm_read_pwstst(&s->pwrdm, r->arg);
        break;
    case P_PREPWSTST:
        val = prcm_read_prepwstst(&s->pwrdm, r->arg);
        break;
    case P_WKDEP:
        val = prcm_read_wkdep(&s->pwrdm, r->arg);
        break;
    default:
        val = s->prm_regs[r - omap3_prm_regs];
        break;
    }
    trace_omap3_prm_read(addr, r->name, val);
    return val;
}

/*
 * The ABB LDO's OPP change: the LDO settles for SR2_WTCNT_VALUE x 8
 * sys_clk cycles, then TRANXDONE (ti_abb_wait_txdone polls it every
 * microsecond).  No count: at once, as before the count was programmed.
 */
static void prm_abb_done(OMAP3PRCMState *s)
{
    *prm_reg(s, A_IRQSTATUS_MPU) |= R_IRQSTATUS_MPU_ABB_LDO_TRANXDONE_ST_MASK;
    prm_update_irq(s);
}

static void prm_abb_settled(void *opaque)
{
    OMAP3PRCMState *s = opaque;

    if (!s->abb_settling) {
        return;
    }
    s->abb_settling = 0;
    s->abb_settle_ns += s->abb_settle_len_ns;
    trace_omap3_prm_abb(FIELD_EX32(*prm_reg(s, A_LDO_ABB_CTRL),
                                   LDO_ABB_CTRL, OPP_SEL));
    prm_abb_done(s);
}

static void prm_abb_start(OMAP3PRCMState *s, uint32_t opp_sel)
{
    uint32_t wtcnt = FIELD_EX32(*prm_reg(s, A_LDO_ABB_SETUP),
                                LDO_ABB_SETUP, SR2_WTCNT_VALUE);
    uint64_t sys_hz = omap3_prcm_sys_clk_hz(s);
    uint64_t ns;

    s->abb_changes++;
    /*
     * Without icount the virtual clock is the host's and nothing is timed:
     * a 31.25 us timer run by the main loop can come after the kernel's
     * 32 us poll has given up (a loaded host), so the LDO settles at once
     * (the qtest's clock, and icount, time it).
     */
    if (tcg_enabled() && !icount_enabled()) {
        wtcnt = 0;
    }
    if (!wtcnt || !sys_hz) {
        trace_omap3_prm_abb(opp_sel);
        prm_abb_done(s);
        return;
    }
    ns = ((uint64_t)wtcnt * ABB_WTCNT_SYSCLKS * NANOSECONDS_PER_SECOND +
          sys_hz - 1) / sys_hz;
    trace_omap3_prm_abb_settling(opp_sel, wtcnt, ns);
    s->abb_settling = 1;
    s->abb_start_ns = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    s->abb_settle_len_ns = ns;
    timer_mod(s->abb_timer, s->abb_start_ns + ns);
}

void omap3_prcm_prm_write(void *opaque, hwaddr addr, uint64_t value,
                          unsigned size)
{
    OMAP3PRCMState *s = opaque;
    const OMAP3PRCMReg *r = omap3_prcm_find_write(&omap3_prm_map, addr,
                                                  value);
    uint32_t val = value, wval, old, changed;
    uint32_t *reg;

    if (!r) {
        return;
    }
    trace_omap3_prm_write(addr, r->name, val);
    reg = &s->prm_regs[r - omap3_prm_regs];
    old = *reg;
    wval = omap3_prcm_wval(r, val);

    switch (r->kind) {
    case P_RW:
        *reg = wval;
        break;
    case P_RO:
    case P_PWSTST:
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-prm: write to read-only %s\n",
                      r->name);
        break;
    case P_RAZWI:
        break;
    case P_W1C:
    case P_RSTST:
        *reg &= ~val;
        break;
    case P_PWSTCTRL:
        prcm_write_pwstctrl(&s->pwrdm, r->arg, val);
        break;
    case P_PREPWSTST:
        prcm_write_prepwstst(&s->pwrdm, r->arg, val);
        break;
    case P_WKDEP:
        prcm_write_wkdep(&s->pwrdm, r->arg, val);
        break;
    case P_WKEN:
        *reg = wval;
        /*
         * I/O daisy chain: WUCLKOUT follows WUCLKIN at once, so ST_IO_CHAIN
         * is set as soon as EN_IO_CHAIN is (omap3_prm_reconfigure_io_chain
         * polls it for 100 us).
         */
        if (r->arg == WK_WKUP &&
            (*reg & ~old & R_WKEN_WKUP_EN_IO_CHAIN_MASK)) {
            prm_wkst_set(s, WK_WKUP, R_WKST_WKUP_ST_IO_CHAIN_MASK);
        }
        prm_update_wake(s, r->arg);
        break;
    case P_GRPSEL:
        *reg = wval;
        prm_update_wake(s, r->arg);
        break;
    case P_WKST:
        /* must clear: omap3xxx_prm_clear_mod_irqs loops until it reads 0 */
        *reg &= ~val;
        prm_update_wake(s, r->arg);
        break;
    case P_IRQSTATUS:
        *reg &= ~val;
        prm_update_irq(s);
        break;
    case P_IRQENABLE:
        *reg = wval;
        prm_update_irq(s);
        break;
    case P_RSTCTRL_IVA2:
        /*
         * Releasing a reset line reports its completion in RM_RSTST_IVA2
         * bits 8-10 (omap2_prm_deassert_hardreset waits for them).
         */
        *reg = wval;
        changed = old & ~wval;
        if (changed) {
            *prm_reg(s, A_RSTST_IVA2) |=
                changed << R_RSTST_IVA2_IVA2_SW_RST_SHIFT;
        }
        break;
    case P_PRM_RSTCTRL:
        *reg = wval;
        if (*reg) {
            /* omap3xxx_prm_dpll3_reset: the reboot path */
            trace_omap3_prm_reset_request(val);
            s->sw_reset = 1;
            qemu_system_reset_request(SHUTDOWN_CAUSE_GUEST_RESET);
        }
        break;
    case P_SYSCLK: {
        uint32_t before = omap3_prcm_sys_clk_hz(s), after;

        *reg = wval;
        after = omap3_prcm_sys_clk_hz(s);
        if (!after) {
            qemu_log_mask(LOG_GUEST_ERROR, "omap3-prm: %s = 0x%x selects no"
                          " system clock\n", r->name, val);
        }
        if (after != before) {
            trace_omap3_prm_sys_clk(after);
            omap3_prcm_cm_update_clocks(s);
        }
        break;
    }
    case P_ABB_CTRL:
        *reg = wval & ~R_LDO_ABB_CTRL_OPP_CHANGE_MASK;
        if (wval & R_LDO_ABB_CTRL_OPP_CHANGE_MASK) {
            prm_abb_start(s, FIELD_EX32(wval, LDO_ABB_CTRL, OPP_SEL));
        }
        break;
    case P_VC_BYPASS:
        /* no PMIC on the SmartReflex I2C: the command "completes" at once */
        *reg = wval & ~R_VC_BYPASS_VAL_VALID_MASK;
        break;
    case P_VP_CONFIG:
        *reg = wval;
        if (wval & ~old & R_VP_CONFIG_FORCEUPDATE_MASK) {
            /* the VP takes INITVOLTAGE at once and reports TRANXDONE */
            *prm_reg(s, r->arg ? A_VP2_VOLTAGE : A_VP1_VOLTAGE) =
                FIELD_EX32(wval, VP_CONFIG, INITVOLTAGE);
            *prm_reg(s, A_IRQSTATUS_MPU) |=
                r->arg ? R_IRQSTATUS_MPU_VP2_TRANXDONE_ST_MASK
                       : R_IRQSTATUS_MPU_VP1_TRANXDONE_ST_MASK;
            prm_update_irq(s);
        }
        break;
    default:
        g_assert_not_reached();
    }
}


/* PRCM_IRQSTATUS_MPU & PRM_IRQENABLE_MPU: the PRCM interrupt's level */
bool omap3_prcm_prm_irq_level(OMAP3PRCMState *s)
{
    uint32_t st = *prm_reg(s, A_IRQSTATUS_MPU);
    uint32_t en = *prm_reg(s, A_IRQENABLE_MPU);

    trace_omap3_prm_irq(st, en, (st & en) != 0);
    return (st & en) != 0;
}

bool omap3_prcm_wakeup_pending(OMAP3PRCMState *s)
{
    int i;

    for (i = 0; i < PRM_NUM_WK; i++) {
        if (*prm_reg(s, prm_wk[i].wkst) & *prm_reg(s, prm_wk[i].wken) &
            *prm_reg(s, prm_wk[i].grpsel)) {
            return true;
        }
    }
    return false;
}

/* Registers back to their reset values; the model is reset by the caller */
void omap3_prcm_prm_reset(OMAP3PRCMState *s)
{
    size_t i;

    for (i = 0; i < PRM_NUM_REGS; i++) {
        const OMAP3PRCMReg *r = &omap3_prm_regs[i];

        if (r->kind == P_RSTST && s->sw_reset) {
            /* a global warm reset keeps the earlier sources, adds its own */
            s->prm_regs[i] |= R_RM_RSTST_GLOBALWARM_RST_MASK;
        } else {
            s->prm_regs[i] = r->reset;
        }
    }
    s->sw_reset = 0;
    memset(s->wake_in, 0, sizeof(s->wake_in));
    s->abb_settling = 0;
    timer_del(s->abb_timer);
}

/* The wake-up inputs */
void omap3_prcm_prm_init(OMAP3PRCMState *s)
{
    DeviceState *dev = DEVICE(s);

    s->abb_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, prm_abb_settled, s);

    qdev_init_gpio_in_named(dev, prm_wkup_wake, prm_wk[WK_WKUP].input, 32);
    qdev_init_gpio_in_named(dev, prm_core_wake, prm_wk[WK_CORE1].input, 32);
    qdev_init_gpio_in_named(dev, prm_core_wake3, prm_wk[WK_CORE3].input, 32);
    qdev_init_gpio_in_named(dev, prm_per_wake, prm_wk[WK_PER].input, 32);
    qdev_init_gpio_in_named(dev, prm_usbhost_wake,
                            prm_wk[WK_USBHOST].input, 32);
}

void omap3_prcm_prm_class_init(void)
{
    omap3_prcm_build_index(&omap3_prm_map);
}
