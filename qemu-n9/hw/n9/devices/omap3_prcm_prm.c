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

/* PRM_IRQSTATUS_MPU / PRM_IRQENABLE_MPU */
#define IRQ_WKUP_ST             (1u << 0)
#define IRQ_IO_ST               (1u << 9)
#define IRQ_VP1_TRANXDONE       (1u << 15)
#define IRQ_VP2_TRANXDONE       (1u << 21)
#define IRQ_ABB_TRANXDONE       (1u << 26)

/* PM_WKEN_WKUP / PM_WKST_WKUP */
#define WKUP_IO                 (1u << 8)
#define WKUP_IO_CHAIN           (1u << 16)

/* RM_RSTST_* and PRM_RSTST */
#define RSTST_GLOBAL_COLD       (1u << 0)
#define RSTST_GLOBAL_WARM       (1u << 1)

/* PRM_RSTCTRL */
#define RSTCTRL_RST_GS          (1u << 1)
#define RSTCTRL_RST_DPLL3       (1u << 2)

#define ABB_OPP_CHANGE          (1u << 2)
/*
 * PRM_LDO_ABB_SETUP.SR2_WTCNT_VALUE [15:8] counts the LDO's settling time
 * in units of 8 sys_clk cycles (omap36xx.dtsi's ti,clock-cycles, from
 * which ti-abb-regulator computes the value it programs)
 */
#define ABB_WTCNT_SHIFT         8
#define ABB_WTCNT_LEN           8
#define ABB_WTCNT_SYSCLKS       8
#define VC_BYPASS_VALID         (1u << 24)
#define VP_CONFIG_FORCEUPDATE   (1u << 1)

/* Register offsets used by the code (from 0x48306000) */
#define A_RSTST_IVA2            0x058
#define A_IRQSTATUS_MPU         0x818
#define A_IRQENABLE_MPU         0x81c
#define A_CLKSEL                0xd40
#define A_CLKSRC_CTRL           0x1270
#define A_VP1_VOLTAGE           0x12c0
#define A_VP2_VOLTAGE           0x12e0
#define A_LDO_ABB_CTRL          0x12f0
#define A_LDO_ABB_SETUP         0x12f4

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
    [WK_WKUP] = { "wkup-wake", 0xca0, 0xca4, 0xcb0, PRCM_PD_WKUP,
                  0xc10, 0xc30 },
    [WK_CORE1] = { "core-wake", 0xaa0, 0xaa4, 0xab0, PRCM_PD_CORE,
                   0xa10, 0xa30 },
    [WK_CORE3] = { "core-wake3", 0xaf0, 0xaf8, 0xab8, PRCM_PD_CORE,
                   0xa18, 0xa38 },
    [WK_PER] = { "per-wake", 0x10a0, 0x10a4, 0x10b0, PRCM_PD_PER,
                 0x1010, 0x1030 },
    [WK_USBHOST] = { "usbhost-wake", 0x14a0, 0x14a4, 0x14b0,
                     PRCM_PD_USBHOST, 0x1410, 0x1430 },
};

typedef enum {
    R_RW,           /* storage */
    R_RO,           /* reads its reset value (or what the model put there) */
    R_W1C,          /* write 1 to clear */
    R_RSTST,        /* reset source, W1C */
    R_RAZWI,        /* not in the TRM but touched by Linux: read 0 */
    R_PWSTCTRL,     /* arg: power domain (models/prcm) */
    R_PWSTST,
    R_PREPWSTST,
    R_WKDEP,
    R_WKEN,         /* arg: wake-up module */
    R_GRPSEL,
    R_WKST,
    R_IRQSTATUS,
    R_IRQENABLE,
    R_RSTCTRL_IVA2,
    R_PRM_RSTCTRL,
    R_SYSCLK,
    R_ABB_CTRL,
    R_VC_BYPASS,
    R_VP_CONFIG,    /* arg: 0 = VP1, 1 = VP2 */
} PRMRegKind;

#define REG(o, k, a, r, n)  { (o), (k), (a), (r), (n) }
#define RW(o, r, n)         REG(o, R_RW, 0, r, n)
#define RSTST(o, n)         REG(o, R_RSTST, 0, RSTST_GLOBAL_COLD, n)

/*
 * The registers that PRM modules have at the same offsets from their base
 * (prm2xxx_3xxx.h, prm3xxx.h), named after the module (n).
 */
/* PM_PWSTCTRL 0xe0, PM_PWSTST 0xe4, PM_PREPWSTST 0xe8 of power domain pd */
#define PRM_PWRST(m, pd, n) \
    REG((m) + 0xe0, R_PWSTCTRL, pd, 0, "PM_PWSTCTRL_" n), \
    REG((m) + 0xe4, R_PWSTST, pd, 0, "PM_PWSTST_" n), \
    REG((m) + 0xe8, R_PREPWSTST, pd, 0, "PM_PREPWSTST_" n)
/* PM_WKDEP 0xc8, then the power state registers */
#define PRM_PWRDM(m, pd, n) \
    REG((m) + 0xc8, R_WKDEP, pd, 0, "PM_WKDEP_" n), \
    PRM_PWRST(m, pd, n)
/*
 * Wake-up module wk (prm_wk): PM_WKEN 0xa0 and PM_MPUGRPSEL 0xa4 (reset
 * r), PM_IVA2GRPSEL 0xa8 (reset iva), PM_WKST 0xb0
 */
#define PRM_WAKE(m, wk, r, iva, n) \
    REG((m) + 0xa0, R_WKEN, wk, r, "PM_WKEN_" n), \
    REG((m) + 0xa4, R_GRPSEL, wk, r, "PM_MPUGRPSEL_" n), \
    RW((m) + 0xa8, iva, "PM_IVA2GRPSEL_" n), \
    REG((m) + 0xb0, R_WKST, wk, 0, "PM_WKST_" n)

/*
 * Voltage processor i (0 = VP1) at b: PRM_VPx_CONFIG, _VSTEPMIN,
 * _VSTEPMAX, _VLIMITTO, _VOLTAGE, _STATUS (reset: VPINIDLE)
 */
#define PRM_VP(b, i, n) \
    REG((b) + 0x00, R_VP_CONFIG, i, 0, "PRM_" n "_CONFIG"), \
    RW((b) + 0x04, 0, "PRM_" n "_VSTEPMIN"), \
    RW((b) + 0x08, 0, "PRM_" n "_VSTEPMAX"), \
    RW((b) + 0x0c, 0, "PRM_" n "_VLIMITTO"), \
    REG((b) + 0x10, R_RO, 0, 0, "PRM_" n "_VOLTAGE"), \
    REG((b) + 0x14, R_RO, 0, 0x1, "PRM_" n "_STATUS")

/*
 * Every register of the block, by offset from 0x48306000.  Reset values
 * are the TRM's, with what a booted bootloader leaves (everything ON).
 */
static const OMAP3PRCMReg omap3_prm_regs[] = {
    /* IVA2_PRM (Linux's dpll2_pwrdm uses these too) */
    REG(0x050, R_RSTCTRL_IVA2, 0, 0x7, "RM_RSTCTRL_IVA2"),
    RSTST(0x058, "RM_RSTST_IVA2"),
    PRM_PWRDM(0x000, PRCM_PD_IVA2, "IVA2"),
    REG(0x0f8, R_W1C, 0, 0, "PRM_IRQSTATUS_IVA2"),
    RW(0x0fc, 0, "PRM_IRQENABLE_IVA2"),
    /* OCP_System_Reg_PRM */
    REG(0x804, R_RO, 0, 0x10, "PRM_REVISION"),
    RW(0x814, 0x1, "PRM_SYSCONFIG"),
    REG(0x818, R_IRQSTATUS, 0, 0, "PRM_IRQSTATUS_MPU"),
    REG(0x81c, R_IRQENABLE, 0, 0, "PRM_IRQENABLE_MPU"),
    /* MPU_PRM (also dpll1_pwrdm) */
    RSTST(0x958, "RM_RSTST_MPU"),
    REG(0x9c8, R_WKDEP, PRCM_PD_MPU, 0, "PM_WKDEP_MPU"),
    RW(0x9d4, 0x12, "PM_EVGENCTRL_MPU"),
    RW(0x9d8, 0, "PM_EVGENONTIM_MPU"),
    RW(0x9dc, 0, "PM_EVGENOFFTIM_MPU"),
    PRM_PWRST(0x900, PRCM_PD_MPU, "MPU"),
    /*
     * CORE_PRM.  PM_WKDEP_CORE (and of WKUP, PLL, EMU) is not in the TRM:
     * omap2_clkdm_clear_all_wkdeps read-modify-writes it with an empty
     * mask for clock domains without wake-up dependency sources.
     */
    RW(0xa50, 0, "RM_RSTCTRL_CORE"),
    RSTST(0xa58, "RM_RSTST_CORE"),
    REG(0xac8, R_RAZWI, 0, 0, "(PM_WKDEP_CORE)"),
    REG(0xaa0, R_WKEN, WK_CORE1, 0xc33ffe18, "PM_WKEN1_CORE"),
    REG(0xaa4, R_GRPSEL, WK_CORE1, 0xc33ffe18, "PM_MPUGRPSEL1_CORE"),
    RW(0xaa8, 0xc33ffe18, "PM_IVA2GRPSEL1_CORE"),
    REG(0xab0, R_WKST, WK_CORE1, 0, "PM_WKST1_CORE"),
    REG(0xab8, R_WKST, WK_CORE3, 0, "PM_WKST3_CORE"),
    PRM_PWRST(0xa00, PRCM_PD_CORE, "CORE"),
    REG(0xaf0, R_WKEN, WK_CORE3, 0x4, "PM_WKEN3_CORE"),
    RW(0xaf4, 0x4, "PM_IVA2GRPSEL3_CORE"),
    REG(0xaf8, R_GRPSEL, WK_CORE3, 0x4, "PM_MPUGRPSEL3_CORE"),
    /* SGX_PRM */
    RSTST(0xb58, "RM_RSTST_SGX"),
    PRM_PWRDM(0xb00, PRCM_PD_SGX, "SGX"),
    /*
     * WKUP_PRM.  0xc58 is not in the TRM: omap3xxx_prm_read_reset_sources
     * reads WKUP_MOD + RM_RSTST.
     */
    REG(0xc58, R_RAZWI, 0, 0, "(WKUP RM_RSTST)"),
    PRM_WAKE(0xc00, WK_WKUP, 0x3cb, 0, "WKUP"),
    REG(0xcc8, R_RAZWI, 0, 0, "(PM_WKDEP_WKUP)"),
    /*
     * Not in the TRM either, but pwrdm_pre/post_transition walk wkup_pwrdm
     * on every idle: clear PREPWSTST, read PWSTCTRL.  WKUP is always ON.
     */
    PRM_PWRST(0xc00, PRCM_PD_WKUP, "WKUP"),
    /*
     * Clock_Control_Reg_PRM.  0xde0-0xde8: Linux's dpll3/4/5 power domains
     * sit on PLL_MOD, so pwrdm_pre/post_transition access PWSTCTRL, PWSTST
     * and PREPWSTST there; the TRM has nothing at these offsets.
     */
    REG(0xd40, R_SYSCLK, 0, 0x4, "PRM_CLKSEL"),
    RW(0xd70, 0x80, "PRM_CLKOUT_CTRL"),
    REG(0xdc8, R_RAZWI, 0, 0, "(dpll3-5 PM_WKDEP)"),
    REG(0xde0, R_RAZWI, 0, 0, "(dpll3-5 PM_PWSTCTRL)"),
    REG(0xde4, R_RAZWI, 0, 0, "(dpll3-5 PM_PWSTST)"),
    REG(0xde8, R_RAZWI, 0, 0, "(dpll3-5 PM_PREPWSTST)"),
    /* DSS_PRM */
    RSTST(0xe58, "RM_RSTST_DSS"),
    RW(0xea0, 0x1, "PM_WKEN_DSS"),
    PRM_PWRDM(0xe00, PRCM_PD_DSS, "DSS"),
    /* CAM_PRM */
    RSTST(0xf58, "RM_RSTST_CAM"),
    PRM_PWRDM(0xf00, PRCM_PD_CAM, "CAM"),
    /* PER_PRM */
    RSTST(0x1058, "RM_RSTST_PER"),
    PRM_WAKE(0x1000, WK_PER, 0x7efff, 0x7efff, "PER"),
    PRM_PWRDM(0x1000, PRCM_PD_PER, "PER"),
    /* EMU_PRM: no power state control, Linux reads PWSTCTRL anyway */
    RSTST(0x1158, "RM_RSTST_EMU"),
    REG(0x11c8, R_RAZWI, 0, 0, "(PM_WKDEP_EMU)"),
    REG(0x11e0, R_RAZWI, 0, 0, "(PM_PWSTCTRL_EMU)"),
    REG(0x11e4, R_PWSTST, PRCM_PD_EMU, 0, "PM_PWSTST_EMU"),
    REG(0x11e8, R_PREPWSTST, PRCM_PD_EMU, 0, "PM_PREPWSTST_EMU"),
    /* Global_Reg_PRM: voltage controller */
    RW(0x1220, 0, "PRM_VC_SMPS_SA"),
    RW(0x1224, 0, "PRM_VC_SMPS_VOL_RA"),
    RW(0x1228, 0, "PRM_VC_SMPS_CMD_RA"),
    RW(0x122c, 0, "PRM_VC_CMD_VAL_0"),
    RW(0x1230, 0, "PRM_VC_CMD_VAL_1"),
    RW(0x1234, 0, "PRM_VC_CH_CONF"),
    RW(0x1238, 0, "PRM_VC_I2C_CFG"),
    REG(0x123c, R_VC_BYPASS, 0, 0, "PRM_VC_BYPASS_VAL"),
    /*
     * 0x1240: omap3_prm_save_scratchpad_contents reads GR_MOD + 0x40 where
     * PRM_CLKSEL (CCR_MOD + 0x40) was meant.
     */
    REG(0x1240, R_RAZWI, 0, 0, "(GR+0x40)"),
    REG(0x1250, R_PRM_RSTCTRL, 0, 0, "PRM_RSTCTRL"),
    RW(0x1254, 0x1006, "PRM_RSTTIME"),
    RSTST(0x1258, "PRM_RSTST"),
    RW(0x1260, 0, "PRM_VOLTCTRL"),
    RW(0x1264, 0x50, "PRM_SRAM_PCHARGE"),
    REG(0x1270, R_SYSCLK, 0, 0x80, "PRM_CLKSRC_CTRL"),
    REG(0x1280, R_RO, 0, 0, "PRM_OBS"),
    RW(0x1290, 0, "PRM_VOLTSETUP1"),
    RW(0x1294, 0, "PRM_VOLTOFFSET"),
    RW(0x1298, 0xff, "PRM_CLKSETUP"),
    RW(0x129c, 0x2, "PRM_POLCTRL"),
    RW(0x12a0, 0, "PRM_VOLTSETUP2"),
    /* voltage processors */
    PRM_VP(0x12b0, 0, "VP1"),
    PRM_VP(0x12d0, 1, "VP2"),
    /*
     * ABB LDO: ti-abb-regulator (abb-v1) uses 0xf0 as the control register
     * (OPP_SEL, OPP_CHANGE) and 0xf4 as setup; the TRM names are swapped.
     */
    REG(0x12f0, R_ABB_CTRL, 0, 0, "PRM_LDO_ABB_CTRL"),
    RW(0x12f4, 0, "PRM_LDO_ABB_SETUP"),
    /* NEON_PRM */
    RSTST(0x1358, "RM_RSTST_NEON"),
    PRM_PWRDM(0x1300, PRCM_PD_NEON, "NEON"),
    /* USBHOST_PRM */
    RSTST(0x1458, "RM_RSTST_USBHOST"),
    PRM_WAKE(0x1400, WK_USBHOST, 0x1, 0x1, "USBHOST"),
    PRM_PWRDM(0x1400, PRCM_PD_USBHOST, "USBHOST"),
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
    uint32_t osc = osc_hz[*prm_reg(s, A_CLKSEL) & 7];
    uint32_t div = extract32(*prm_reg(s, A_CLKSRC_CTRL), 6, 2);

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
    uint32_t io = wk == WK_WKUP ? WKUP_IO | WKUP_IO_CHAIN : 0;

    *wkst |= bits;
    trace_omap3_prm_wkst(prm_wk[wk].input, bits, *wkst);
    /* the I/O pad events have their own interrupt (Linux's "io") */
    if (fresh & grpsel & ~io) {
        *irqst |= IRQ_WKUP_ST;
    }
    /*
     * Each new I/O wake-up request (a rising edge from the SCM's pad
     * latches) raises IO_ST, even if ST_IO is still set: the kernel
     * programs PM_MPUGRPSEL_WKUP without GRPSEL_IO (bit 8), so its "io"
     * handler never clears ST_IO (omap3xxx_prm_clear_mod_irqs masks with
     * GRPSEL), and pinctrl-single acknowledges the event at the pad.
     */
    if (bits & WKUP_IO & io) {
        *irqst |= IRQ_IO_ST;
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
    if (wk == WK_WKUP && (mask & (WKUP_IO | WKUP_IO_CHAIN))) {
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
    case R_RAZWI:
        val = 0;
        break;
    case R_PWSTCTRL:
        val = prcm_read_pwstctrl(&s->pwrdm, r->arg);
        break;
    case R_PWSTST:
        val = prcm_read_pwstst(&s->pwrdm, r->arg);
        break;
    case R_PREPWSTST:
        val = prcm_read_prepwstst(&s->pwrdm, r->arg);
        break;
    case R_WKDEP:
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
    *prm_reg(s, A_IRQSTATUS_MPU) |= IRQ_ABB_TRANXDONE;
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
    trace_omap3_prm_abb(*prm_reg(s, A_LDO_ABB_CTRL) & 3);
    prm_abb_done(s);
}

static void prm_abb_start(OMAP3PRCMState *s, uint32_t opp_sel)
{
    uint32_t wtcnt = extract32(*prm_reg(s, A_LDO_ABB_SETUP),
                               ABB_WTCNT_SHIFT, ABB_WTCNT_LEN);
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
    uint32_t val = value, old, changed;
    uint32_t *reg;

    if (!r) {
        return;
    }
    trace_omap3_prm_write(addr, r->name, val);
    reg = &s->prm_regs[r - omap3_prm_regs];
    old = *reg;

    switch (r->kind) {
    case R_RW:
        *reg = val;
        break;
    case R_RO:
    case R_PWSTST:
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-prm: write to read-only %s\n",
                      r->name);
        break;
    case R_RAZWI:
        break;
    case R_W1C:
    case R_RSTST:
        *reg &= ~val;
        break;
    case R_PWSTCTRL:
        prcm_write_pwstctrl(&s->pwrdm, r->arg, val);
        break;
    case R_PREPWSTST:
        prcm_write_prepwstst(&s->pwrdm, r->arg, val);
        break;
    case R_WKDEP:
        prcm_write_wkdep(&s->pwrdm, r->arg, val);
        break;
    case R_WKEN:
        *reg = val;
        /*
         * I/O daisy chain: WUCLKOUT follows WUCLKIN at once, so ST_IO_CHAIN
         * is set as soon as EN_IO_CHAIN is (omap3_prm_reconfigure_io_chain
         * polls it for 100 us).
         */
        if (r->arg == WK_WKUP && (val & ~old & WKUP_IO_CHAIN)) {
            prm_wkst_set(s, WK_WKUP, WKUP_IO_CHAIN);
        }
        prm_update_wake(s, r->arg);
        break;
    case R_GRPSEL:
        *reg = val;
        prm_update_wake(s, r->arg);
        break;
    case R_WKST:
        /* must clear: omap3xxx_prm_clear_mod_irqs loops until it reads 0 */
        *reg &= ~val;
        prm_update_wake(s, r->arg);
        break;
    case R_IRQSTATUS:
        *reg &= ~val;
        prm_update_irq(s);
        break;
    case R_IRQENABLE:
        *reg = val;
        prm_update_irq(s);
        break;
    case R_RSTCTRL_IVA2:
        /*
         * Releasing a reset line reports its completion in RM_RSTST_IVA2
         * bits 8-10 (omap2_prm_deassert_hardreset waits for them).
         */
        *reg = val & 7;
        changed = old & ~val & 7;
        if (changed) {
            *prm_reg(s, A_RSTST_IVA2) |= changed << 8;
        }
        break;
    case R_PRM_RSTCTRL:
        *reg = val & (RSTCTRL_RST_GS | RSTCTRL_RST_DPLL3);
        if (*reg) {
            /* omap3xxx_prm_dpll3_reset: the reboot path */
            trace_omap3_prm_reset_request(val);
            s->sw_reset = 1;
            qemu_system_reset_request(SHUTDOWN_CAUSE_GUEST_RESET);
        }
        break;
    case R_SYSCLK: {
        uint32_t before = omap3_prcm_sys_clk_hz(s), after;

        *reg = val;
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
    case R_ABB_CTRL:
        *reg = val & ~ABB_OPP_CHANGE;
        if (val & ABB_OPP_CHANGE) {
            prm_abb_start(s, val & 3);
        }
        break;
    case R_VC_BYPASS:
        /* no PMIC on the SmartReflex I2C: the command "completes" at once */
        *reg = val & ~VC_BYPASS_VALID;
        break;
    case R_VP_CONFIG:
        *reg = val;
        if (val & ~old & VP_CONFIG_FORCEUPDATE) {
            /* the VP takes INITVOLTAGE at once and reports TRANXDONE */
            *prm_reg(s, r->arg ? A_VP2_VOLTAGE : A_VP1_VOLTAGE) =
                extract32(val, 8, 8);
            *prm_reg(s, A_IRQSTATUS_MPU) |=
                r->arg ? IRQ_VP2_TRANXDONE : IRQ_VP1_TRANXDONE;
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

        if (r->kind == R_RSTST && s->sw_reset) {
            /* a global warm reset keeps the earlier sources, adds its own */
            s->prm_regs[i] |= RSTST_GLOBAL_WARM;
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
