/*
 * TI OMAP3630 PRCM, the CM half: the Clock Manager registers, 0x48004000,
 * and the clock tree.
 *
 * The CM gates the functional and interface clocks of every module
 * (CM_FCLKEN, CM_ICLKEN, CM_AUTOIDLE), selects their sources and dividers
 * (CM_CLKSEL*), controls the clock domains (CM_CLKSTCTRL, CM_SLEEPDEP,
 * CM_CLKSTST) and the five DPLLs: DPLL1 (MPU), DPLL2 (IVA2), DPLL3 (CORE),
 * DPLL4 (PER, a j-type DPLL on the 3630) and DPLL5 (USB).  A DPLL locks or
 * leaves lock as soon as its enable field says so (CM_IDLEST_CKGEN,
 * CM_IDLEST2_CKGEN, CM_IDLEST_PLL_MPU, CM_IDLEST_PLL_IVA2), except DPLL1
 * when the guest asks it to lock from another mode (cpufreq's sequence:
 * bypass, new M/N, lock): it then takes the relock time of its N
 * (prcm_dpll_relock_ns, the same figure as the wake-up's), during which
 * CM_IDLEST_PLL_MPU reads "bypass" and the MPU runs on the bypass clock.
 * The relock after an automatic stop is part of the wake-up latency
 * (models/prcm/wakeup.c).  Module idle status (CM_IDLEST*) always reads
 * "accessible".  Clock-domain activity is the domain model's
 * (models/prcm): the CM tells it which domains have a functional clock
 * running, their CLKSTCTRL mode and sleep dependencies.
 *
 * The clock tree, as QEMU Clocks (outputs of the PRCM device): sys_clk
 * (PRM_CLKSEL / SYSCLKDIV), sys_32k, mpu_ck (DPLL1 / M2: the Cortex-A8),
 * core_ck (DPLL3 / M2), l3_ick and l4_ick (CM_CLKSEL_CORE), func_96m and
 * func_48m (DPLL4 / M2 and its half), the GP timers' functional clocks
 * (32768 Hz or sys_clk as CM_CLKSEL_WKUP/PER/CORE select; GPT12 always
 * 32 kHz), the UARTs' (func_48m) and the watchdogs' (32 kHz), each 0 Hz
 * while CM_FCLKEN gates it.  Reset values are what a bootloader leaves on
 * the N9: sys_clk 19.2 MHz, MPU at 1 GHz, CORE (L3, SDRAM, SGX) at 195.2
 * MHz, PER DPLL at 864 MHz (96/48 MHz peripheral clocks), DPLL5 at 960 MHz
 * (120 MHz USB), all locked; IVA2's DPLL stopped.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "hw/sysbus.h"
#include "hw/clock.h"
#include "hw/qdev-clock.h"
#include "hw/qdev-properties.h"
#include "hw/resettable.h"
#include "migration/vmstate.h"
#include "omap3_prcm_internal.h"
#include "trace.h"

#define CM_SIZE                 OMAP3_PRCM_REGION_SIZE
#define CM_NUM_GPT              OMAP3_PRCM_NUM_GPT
#define CM_NUM_UART             OMAP3_PRCM_NUM_UART
#define SYS_32K_HZ              32768

typedef enum {
    C_RW,           /* storage; may change clocks or clock activity */
    C_RO,           /* reads its reset value */
    C_IDLEST,       /* module idle status: reads 0 (accessible) */
    C_RAZWI,        /* not in the TRM but touched by Linux: read 0 */
    C_CLKSTCTRL,    /* arg: index in cm_clkdm_fields */
    C_CLKSTST,      /* arg: index in cm_clkdm_fields */
    C_SLEEPDEP,     /* arg: power domain */
    C_DPLL_ST,      /* arg: which CM_IDLEST_* of DPLLs */
} CMRegKind;

enum { ST_PLL_IVA2, ST_PLL_MPU, ST_CKGEN, ST_CKGEN2 };

/* The clock domains of a CM_CLKSTCTRL register, 2 bits each from bit 0. */
static const int8_t cm_clkdm_fields[][3] = {
    { PRCM_CD_IVA2, -1, -1 },
    { PRCM_CD_MPU, -1, -1 },
    { PRCM_CD_CORE_L3, PRCM_CD_CORE_L4, PRCM_CD_D2D },
    { PRCM_CD_SGX, -1, -1 },
    { PRCM_CD_DSS, -1, -1 },
    { PRCM_CD_CAM, -1, -1 },
    { PRCM_CD_PER, -1, -1 },
    { PRCM_CD_EMU, -1, -1 },
    { PRCM_CD_NEON, -1, -1 },
    { PRCM_CD_USBHOST, -1, -1 },
};
enum { F_IVA2, F_MPU, F_CORE, F_SGX, F_DSS, F_CAM, F_PER, F_EMU, F_NEON,
       F_USBHOST };

/*
 * The table's entries; RW with its write mask m (omap3_prcm_wval): the
 * union of the register's fields in the TRM as Linux defines them
 * (cm-regbits-34xx.h, prcm-common.h; where 6.18 has dropped a register's
 * unused fields, the same headers before; the bits its clock data uses:
 * the omap3 clock nodes of the device tree, drivers/clk/ti/dpll.c), with
 * the 3630 family's bits that Linux does not name (the AM37x's register
 * description; they only widen a mask); ALL_BITS where no field is known.
 */
#define ALL_BITS                UINT32_MAX
#define REG(o, k, a, r, n)      { (o), (k), (a), (r), ALL_BITS, (n) }
#define REGM(o, k, a, r, m, n)  { (o), (k), (a), (r), (m), (n) }
#define RW(o, r, m, n)          REGM(o, C_RW, 0, r, m, n)
#define IDLEST(o, n)            REG(o, C_IDLEST, 0, 0, n)
#define RAZWI(o, n)             REG(o, C_RAZWI, 0, 0, n)

/*
 * The registers every CM module has at the same offsets from its base
 * (cm2xxx_3xxx.h, cm3xxx.h), named after the module (n).
 */
/*
 * CM_FCLKEN (reset fclken, write mask fm), CM_ICLKEN (reset iclken, mask
 * im), CM_IDLEST, CM_AUTOIDLE (mask am)
 */
#define CM_GATES(m, fclken, fm, iclken, im, am, n) \
    RW((m) + OMAP3_CM_FCLKEN, fclken, fm, "CM_FCLKEN_" n), \
    RW((m) + OMAP3_CM_ICLKEN, iclken, im, "CM_ICLKEN_" n), \
    IDLEST((m) + OMAP3_CM_IDLEST, "CM_IDLEST_" n), \
    RW((m) + OMAP3_CM_AUTOIDLE, 0, am, "CM_AUTOIDLE_" n)
/* CM_SLEEPDEP of power domain pd: the reset value has every bit set */
#define CM_SLEEPDEP(m, pd, r, n) \
    REGM((m) + OMAP3_CM_SLEEPDEP, C_SLEEPDEP, pd, r, r, "CM_SLEEPDEP_" n)
/* CM_CLKSTCTRL, CM_CLKSTST of cm_clkdm_fields[f] */
#define CM_CLKDM(m, f, n) \
    REG((m) + OMAP3_CM_CLKSTCTRL, C_CLKSTCTRL, f, 0, "CM_CLKSTCTRL_" n), \
    REG((m) + OMAP3_CM_CLKSTST, C_CLKSTST, f, 0, "CM_CLKSTST_" n)
/*
 * The DPLL of the IVA2 and MPU modules: CM_CLKEN_PLL (reset en; EN_DPLL,
 * DRIFTGUARD, FREQSEL, RAMPTIME, the 3630's LPMODE), CM_IDLEST,
 * CM_IDLEST_PLL (ST_PLL_* st), CM_AUTOIDLE_PLL (AUTO_DPLL), CM_CLKSEL1_PLL
 * (reset sel1; CLK_SRC, MULT, DIV), CM_CLKSEL2_PLL (CLKOUT_DIV, M2 = 1).
 */
#define CM_DPLL(m, en, st, sel1, n) \
    RW((m) + OMAP3_CM_CLKEN_PLL, en, 0x7ff, "CM_CLKEN_PLL_" n), \
    IDLEST((m) + OMAP3_CM_IDLEST, "CM_IDLEST_" n), \
    REG((m) + OMAP3_CM_IDLEST_PLL, C_DPLL_ST, st, 0, "CM_IDLEST_PLL_" n), \
    RW((m) + OMAP3_CM_AUTOIDLE_PLL, 0, 0x7, "CM_AUTOIDLE_PLL_" n), \
    RW((m) + OMAP3_CM_CLKSEL, sel1, 0x3fff7f, "CM_CLKSEL1_PLL_" n), \
    RW((m) + OMAP3_CM_CLKSEL2_PLL, 1, 0x1f, "CM_CLKSEL2_PLL_" n)

/*
 * Every register of the block, by offset from 0x48004000.  DPLL settings
 * (sys_clk = 19.2 MHz; rate = sys_clk * M / (N + 1), omap2_get_dpll_rate):
 *   DPLL1 M 625 N 11 -> 1000 MHz, M2 1: the Cortex-A8 at 1 GHz
 *   DPLL2 M 325 N 11 ->  520 MHz, stopped
 *   DPLL3 M 244 N 11 ->  390.4 MHz, M2 1: core_ck; L3 = core/2 = 195.2 MHz,
 *                        L4 = L3/2; SGX = core/2 (CM_CLKSEL_SGX 5)
 *   DPLL4 M 360 N 7  ->  864 MHz (DCO 2, SD_DIV 4 as _lookup_dco/sddiv
 *                        compute), M2 9 -> 96 MHz, M3 16 -> 54 MHz TV,
 *                        M4/M5 5 -> 172.8 MHz DSS / CAM
 *   DPLL5 M 400 N 7  ->  960 MHz, M2 8 -> 120 MHz (what
 *                        omap3_clk_lock_dpll5 programs)
 */
static const OMAP3PRCMReg omap3_cm_regs[] = {
    /* IVA2_CM */
    RW(A_FCLKEN_IVA2, 0, 0x1, "CM_FCLKEN_IVA2"),
    CM_DPLL(OMAP3_IVA2_MOD, OMAP3_DPLL_LOW_POWER_STOP, ST_PLL_IVA2,
            (2 << 19) | (325 << 8) | 11, "IVA2"),
    CM_CLKDM(OMAP3_IVA2_MOD, F_IVA2, "IVA2"),
    /* OCP_System_Reg_CM; Linux saves CM_POLCTRL at OCP_MOD + 0x9c */
    REG(A_CM_REVISION, C_RO, 0, 0x10, "CM_REVISION"),
    RW(A_CM_SYSCONFIG, 0x1, 0x1, "CM_SYSCONFIG"),
    RW(A_CM_POLCTRL_OCP, 0, 0x1, "CM_POLCTRL"),
    /* MPU_CM */
    CM_DPLL(OMAP3_MPU_MOD, OMAP3_DPLL_LOCKED, ST_PLL_MPU,
            (2 << 19) | (625 << 8) | 11, "MPU"),
    CM_CLKDM(OMAP3_MPU_MOD, F_MPU, "MPU"),
    /*
     * CORE_CM: SDRC and SCM interface clocks on.  Linux writes
     * CM_IDLEST1_CORE: modem_fck (CM_FCLKEN1_CORE bit 31) is declared an
     * interface clock, whose autoidle register omap2_clkt_iclk_allow_idle
     * finds at enable register ^ 0x20.  Writes to IDLEST are ignored.
     * 0xa44 (and 0xc44, 0x1144, 0x1344): omap3xxx_clkdm_clear_all_sleepdeps
     * on clock domains that have no CM_SLEEPDEP.
     */
    RW(A_FCLKEN1_CORE, 0, 0xc3fffe29, "CM_FCLKEN1_CORE"),
    RW(A_FCLKEN3_CORE, 0, 0x7, "CM_FCLKEN3_CORE"),
    RW(A_ICLKEN1_CORE, R_ICLKEN1_CORE_EN_OMAPCTRL_MASK |
       R_ICLKEN1_CORE_EN_SDRC_MASK, 0x7ffffffb, "CM_ICLKEN1_CORE"),
    RW(A_ICLKEN2_CORE, 0, 0x1f, "CM_ICLKEN2_CORE"),
    RW(A_ICLKEN3_CORE, 0, 0xc, "CM_ICLKEN3_CORE"),
    IDLEST(A_IDLEST1_CORE, "CM_IDLEST1_CORE"),
    IDLEST(A_IDLEST2_CORE, "CM_IDLEST2_CORE"),
    IDLEST(A_IDLEST3_CORE, "CM_IDLEST3_CORE"),
    RW(A_AUTOIDLE1_CORE, 0, 0xfffffff9, "CM_AUTOIDLE1_CORE"),
    RW(A_AUTOIDLE2_CORE, 0, 0x1f, "CM_AUTOIDLE2_CORE"),
    RW(A_AUTOIDLE3_CORE, 0, 0xd, "CM_AUTOIDLE3_CORE"),
    /* L3 = core/2, L4 = L3/2, SSI /4, GPT10/11 on 32 kHz */
    RW(A_CLKSEL_CORE, (4 << 8) | (2 << 2) | 2, 0x3fff, "CM_CLKSEL_CORE"),
    RAZWI(OMAP3_CORE_MOD + OMAP3_CM_SLEEPDEP, "(CM_SLEEPDEP_CORE)"),
    CM_CLKDM(OMAP3_CORE_MOD, F_CORE, "CORE"),
    /* SGX_CM: no CM_AUTOIDLE */
    RW(A_FCLKEN_SGX, 0, 0x2, "CM_FCLKEN_SGX"),
    RW(A_ICLKEN_SGX, 0, 0x1, "CM_ICLKEN_SGX"),
    IDLEST(A_IDLEST_SGX, "CM_IDLEST_SGX"),
    RW(A_CLKSEL_SGX, 5, 0x7, "CM_CLKSEL_SGX"),
    CM_SLEEPDEP(OMAP3_SGX_MOD, PRCM_PD_SGX, 0x2, "SGX"),
    CM_CLKDM(OMAP3_SGX_MOD, F_SGX, "SGX"),
    /* WKUP_CM: GPT1, GPIO1, WDT2 running; RM /2, USIM sys_clk */
    CM_GATES(OMAP3_WKUP_MOD, 0x29, 0x2eb, 0x3f, 0x23f, 0x23f, "WKUP"),
    RW(A_CLKSEL_WKUP, (1 << 3) | (2 << 1), 0x7f, "CM_CLKSEL_WKUP"),
    RAZWI(OMAP3_WKUP_MOD + OMAP3_CM_SLEEPDEP, "(CM_SLEEPDEP_WKUP)"),
    /*
     * Clock_Control_Reg_CM: DPLL3, DPLL4, DPLL5.  0xd10: enabling a wait
     * gate in CM_CLKEN_PLL, _omap2_module_wait_ready reads the "ICLKEN"
     * companion register (omap2_clk_dflt_find_companion: +0x10).
     */
    RW(A_CLKEN_PLL, (OMAP3_DPLL_LOCKED << 16) | OMAP3_DPLL_LOCKED,
       0xfbff17ff, "CM_CLKEN_PLL"),
    RW(A_CLKEN2_PLL, OMAP3_DPLL_LOCKED, 0x7ff, "CM_CLKEN2_PLL"),
    RAZWI(OMAP3_CLOCK_CTRL_MOD + OMAP3_CM_ICLKEN,
          "(CM_CLKEN_PLL companion)"),
    REG(A_IDLEST_CKGEN, C_DPLL_ST, ST_CKGEN, 0, "CM_IDLEST_CKGEN"),
    REG(A_IDLEST2_CKGEN, C_DPLL_ST, ST_CKGEN2, 0, "CM_IDLEST2_CKGEN"),
    RW(A_AUTOIDLE_PLL, 0, 0x3f, "CM_AUTOIDLE_PLL"),
    RW(A_AUTOIDLE2_PLL, 0, 0x7, "CM_AUTOIDLE2_PLL"),
    RW(A_CLKSEL1_PLL, (1u << 27) | (244 << 16) | (11 << 8), 0xffff7f68,
       "CM_CLKSEL1_PLL"),
    RW(A_CLKSEL2_PLL, (4u << 24) | (2 << 21) | (360 << 8) | 7, 0xffefff7f,
       "CM_CLKSEL2_PLL"),
    RW(A_CLKSEL3_PLL, 9, 0x3f, "CM_CLKSEL3_PLL"),
    RW(A_CLKSEL4_PLL, (400 << 8) | 7, 0x7ff7f, "CM_CLKSEL4_PLL"),
    RW(A_CLKSEL5_PLL, 8, 0x1f, "CM_CLKSEL5_PLL"),
    RW(A_CM_CLKOUT_CTRL, 0x3, 0xbb, "CM_CLKOUT_CTRL"),
    /* DSS_CM: M3 16 (TV 54 MHz), M4 5 */
    CM_GATES(OMAP3_DSS_MOD, 0, 0x7, 0, 0x1, 0x1, "DSS"),
    RW(A_CLKSEL_DSS, (16 << 8) | 5, 0x3f3f, "CM_CLKSEL_DSS"),
    CM_SLEEPDEP(OMAP3_DSS_MOD, PRCM_PD_DSS, 0x6, "DSS"),
    CM_CLKDM(OMAP3_DSS_MOD, F_DSS, "DSS"),
    /* CAM_CM */
    CM_GATES(OMAP3_CAM_MOD, 0, 0x3, 0, 0x1, 0x1, "CAM"),
    RW(A_CLKSEL_CAM, 5, 0x3f, "CM_CLKSEL_CAM"),
    CM_SLEEPDEP(OMAP3_CAM_MOD, PRCM_PD_CAM, 0x2, "CAM"),
    CM_CLKDM(OMAP3_CAM_MOD, F_CAM, "CAM"),
    /* PER_CM: the UART3 console running, GPIO2-6 interface clocks on */
    CM_GATES(OMAP3_PER_MOD, R_FCLKEN_PER_EN_UART3_MASK, 0x7ffff,
             (0x1f << 13) | R_FCLKEN_PER_EN_UART3_MASK, 0x7ffff, 0x7ffff,
             "PER"),
    RW(A_CLKSEL_PER, 0, 0xff, "CM_CLKSEL_PER"),
    CM_SLEEPDEP(OMAP3_PER_MOD, PRCM_PD_PER, 0x6, "PER"),
    CM_CLKDM(OMAP3_PER_MOD, F_PER, "PER"),
    /* EMU_CM */
    RW(A_CLKSEL1_EMU, 0x03020a50, 0x3f3f3fff, "CM_CLKSEL1_EMU"),
    RAZWI(OMAP3_EMU_MOD + OMAP3_CM_SLEEPDEP, "(CM_SLEEPDEP_EMU)"),
    CM_CLKDM(OMAP3_EMU_MOD, F_EMU, "EMU"),
    RW(A_CLKSEL2_EMU, 0, 0xfff7f, "CM_CLKSEL2_EMU"),
    RW(A_CLKSEL3_EMU, 0, 0xfff7f, "CM_CLKSEL3_EMU"),
    /* Global_Reg_CM */
    RW(A_CM_POLCTRL, 0, 0x1, "CM_POLCTRL (Global_Reg_CM)"),
    /* NEON_CM: no CM_CLKSTST */
    IDLEST(A_IDLEST_NEON, "CM_IDLEST_NEON"),
    RAZWI(OMAP3_NEON_MOD + OMAP3_CM_SLEEPDEP, "(CM_SLEEPDEP_NEON)"),
    REG(A_CLKSTCTRL_NEON, C_CLKSTCTRL, F_NEON, 0, "CM_CLKSTCTRL_NEON"),
    /* USBHOST_CM */
    CM_GATES(OMAP3_USBHOST_MOD, 0, 0x3, 0, 0x1, 0x1, "USBHOST"),
    CM_SLEEPDEP(OMAP3_USBHOST_MOD, PRCM_PD_USBHOST, 0x6, "USBHOST"),
    CM_CLKDM(OMAP3_USBHOST_MOD, F_USBHOST, "USBHOST"),
};

#define CM_NUM_REGS ARRAY_SIZE(omap3_cm_regs)
G_STATIC_ASSERT(CM_NUM_REGS <= OMAP3_CM_NUM_REGS);

static int16_t omap3_cm_index[CM_SIZE / 4];

static const OMAP3PRCMRegMap omap3_cm_map = {
    .name = "omap3-prcm (CM)",
    .base = OMAP3_CM_BASE,
    .size = CM_SIZE,
    .regs = omap3_cm_regs,
    .num_regs = CM_NUM_REGS,
    .index = omap3_cm_index,
};


static uint32_t cm_reg(OMAP3PRCMState *s, hwaddr addr)
{
    const OMAP3PRCMReg *r = omap3_prcm_lookup(&omap3_cm_map, addr);

    g_assert(r);
    return s->cm_regs[r - omap3_cm_regs];
}

uint32_t omap3_prcm_cm_get(OMAP3PRCMState *s, hwaddr offset)
{
    return cm_reg(s, offset);
}

static PrcmModel *cm_model(OMAP3PRCMState *s)
{
    return &s->pwrdm;
}

static bool dpll_locked(uint32_t clken, int shift)
{
    return extract32(clken, shift, 3) == OMAP3_DPLL_LOCKED;
}

/* DPLL1's mode as its output sees it: bypass until a relock completes */
static unsigned dpll1_mode(OMAP3PRCMState *s)
{
    return s->dpll1_locking ? OMAP3_DPLL_LOW_POWER_BYPASS
                            : extract32(cm_reg(s, A_CLKEN_PLL_MPU), 0, 3);
}

/*
 * DPLL output (CLKOUT): locked, sys_clk * M / (N + 1); in a bypass mode,
 * the bypass clock; stopped, nothing.
 */
static uint64_t dpll_rate(unsigned mode, uint32_t m, uint32_t n,
                          uint64_t sys_hz, uint64_t bypass_hz)
{
    switch (mode) {
    case OMAP3_DPLL_LOCKED:
        return sys_hz * m / (n + 1);
    case OMAP3_DPLL_LOW_POWER_STOP:
        return 0;
    default:
        return bypass_hz;
    }
}

/* A divider field whose value is the divisor (0 reads as 1) */
static uint32_t div_field(uint32_t reg, int shift, int len)
{
    uint32_t d = extract32(reg, shift, len);

    return d ? d : 1;
}

static void cm_set_clock(Clock *clk, uint64_t hz)
{
    if (clock_get(clk) != CLOCK_PERIOD_FROM_HZ(hz)) {
        trace_omap3_cm_clock(object_get_canonical_path_component(OBJECT(clk)),
                             hz);
        clock_update_hz(clk, hz);
    }
}


/* Recompute the clock outputs from the registers and propagate changes. */
void omap3_prcm_cm_update_clocks(OMAP3PRCMState *s)
{
    uint64_t sys = omap3_prcm_sys_clk_hz(s);
    uint32_t clksel1_pll = cm_reg(s, A_CLKSEL1_PLL);
    uint32_t clksel2_pll = cm_reg(s, A_CLKSEL2_PLL);
    uint32_t mpu_sel1 = cm_reg(s, A_CLKSEL1_PLL_MPU);
    uint32_t fclken_per = cm_reg(s, A_FCLKEN_PER);
    uint32_t fclken_core = cm_reg(s, A_FCLKEN1_CORE);
    uint32_t fclken_wkup = cm_reg(s, A_FCLKEN_WKUP);
    uint32_t clksel_per = cm_reg(s, A_CLKSEL_PER);
    uint32_t clksel_core = cm_reg(s, A_CLKSEL_CORE);
    uint64_t dpll3, core, l3, dpll1_fck, dpll1, dpll4, f96m, f48m, hz;
    /* the UARTs' enable bits: CM_FCLKEN1_CORE 13, 14; CM_FCLKEN_PER 11, 18 */
    bool uart_on[CM_NUM_UART] = {
        fclken_core & R_FCLKEN1_CORE_EN_UART1_MASK,
        fclken_core & R_FCLKEN1_CORE_EN_UART2_MASK,
        fclken_per & R_FCLKEN_PER_EN_UART3_MASK,
        fclken_per & R_FCLKEN_PER_EN_UART4_MASK,
    };
    int i;

    cm_set_clock(s->sys_clk, sys);
    cm_set_clock(s->sys_32k, SYS_32K_HZ);

    /* DPLL3 (bypass: sys_clk) -> M2 -> core_ck -> L3 -> L4 */
    dpll3 = dpll_rate(extract32(cm_reg(s, A_CLKEN_PLL), 0, 3),
                      extract32(clksel1_pll, 16, 11),
                      extract32(clksel1_pll, 8, 7), sys, sys);
    core = dpll3 / div_field(clksel1_pll, 27, 5);
    l3 = core / div_field(clksel_core, 0, 2);
    s->l3_reg_hz = l3;
    if (l3 && s->l3_hz_override) {
        l3 = s->l3_hz_override;         /* [clocks] l3_hz wins */
    }
    cm_set_clock(s->core_ck, core);
    cm_set_clock(s->l3_ick, l3);
    cm_set_clock(s->l4_ick, l3 / div_field(clksel_core, 2, 2));

    /*
     * DPLL1 (bypass: dpll1_fck = core_ck / CLKSEL1_PLL_MPU[21:19]).  Linux
     * models mpu_ck as 2 * dpll1 / M2 and arm_fck as mpu_ck / 2 (the
     * divider on CM_IDLEST_PLL_MPU); the core runs at dpll1 / M2, which
     * is what cpufreq sets through dpll1_ck.
     */
    dpll1_fck = core / div_field(mpu_sel1, 19, 3);
    dpll1 = dpll_rate(dpll1_mode(s),
                      extract32(mpu_sel1, 8, 11), extract32(mpu_sel1, 0, 7),
                      sys, dpll1_fck);
    hz = dpll1 / div_field(cm_reg(s, A_CLKSEL2_PLL_MPU), 0, 5);
    s->mpu_reg_hz = hz;
    if (hz && s->mpu_hz_override) {
        hz = s->mpu_hz_override;        /* [clocks] mpu_hz wins */
    }
    if (clock_get(s->mpu_ck) != CLOCK_PERIOD_FROM_HZ(hz) &&
        clock_get(s->mpu_ck)) {
        s->mpu_rate_changes++;          /* not the first setting at start */
    }
    cm_set_clock(s->mpu_ck, hz);

    /*
     * DPLL4 (the 3630's j-type: M [19:8], N [6:0]; bypass: sys_clk) -> M2
     * (CM_CLKSEL3_PLL) -> func_96m; func_48m is its half.
     */
    dpll4 = dpll_rate(extract32(cm_reg(s, A_CLKEN_PLL), 16, 3),
                      extract32(clksel2_pll, 8, 12),
                      extract32(clksel2_pll, 0, 7), sys, sys);
    f96m = dpll4 / div_field(cm_reg(s, A_CLKSEL3_PLL), 0, 5);
    f48m = f96m / 2;
    cm_set_clock(s->func_96m, f96m);
    cm_set_clock(s->func_48m, f48m);

    /* GP timers: 32 kHz or sys_clk, gated by their functional clock */
    for (i = 1; i <= CM_NUM_GPT; i++) {
        bool on, sys_sel;

        if (i == 1) {
            on = fclken_wkup & R_FCLKEN_WKUP_EN_GPT1_MASK;
            sys_sel = cm_reg(s, A_CLKSEL_WKUP) & R_CLKSEL_WKUP_CLKSEL_GPT1_MASK;
        } else if (i <= 9) {
            on = fclken_per & (1u << (i + 1));      /* EN_GPT2 is bit 3 */
            sys_sel = clksel_per & (1u << (i - 2));
        } else if (i <= 11) {
            on = fclken_core & (1u << (i + 1));     /* EN_GPT10 is bit 11 */
            sys_sel = clksel_core & (1u << (i - 4)); /* CLKSEL_GPT10 bit 6 */
        } else {
            on = true;                  /* secure 32k, no gate */
            sys_sel = false;
        }
        hz = on ? (sys_sel ? sys : SYS_32K_HZ) : 0;
        cm_set_clock(s->gpt_fck[i - 1], hz);
    }

    /* UARTs: func_48m; watchdogs: 32 kHz (EN_WDT2 bit 5, EN_WDT3 bit 12) */
    for (i = 0; i < CM_NUM_UART; i++) {
        cm_set_clock(s->uart_fck[i], uart_on[i] ? f48m : 0);
    }
    cm_set_clock(s->wdt2_fck,
                 (fclken_wkup & R_FCLKEN_WKUP_EN_WDT2_MASK) ? SYS_32K_HZ : 0);
    cm_set_clock(s->wdt3_fck,
                 (fclken_per & R_FCLKEN_PER_EN_WDT3_MASK) ? SYS_32K_HZ : 0);
}

/* Tell the power/clock-domain model which domains have a clock running. */
static void cm_update_activity(OMAP3PRCMState *s)
{
    PrcmModel *m = cm_model(s);
    uint32_t clken = cm_reg(s, A_CLKEN_PLL);

    if (!m) {
        return;
    }
    prcm_set_fclk(m, PRCM_CD_IVA2,
                  cm_reg(s, A_FCLKEN_IVA2) & R_FCLKEN_IVA2_EN_IVA2_MASK);
    prcm_set_fclk(m, PRCM_CD_CORE_L4,
                  cm_reg(s, A_FCLKEN1_CORE) | cm_reg(s, A_FCLKEN3_CORE));
    prcm_set_fclk(m, PRCM_CD_SGX,
                  cm_reg(s, A_FCLKEN_SGX) & R_FCLKEN_SGX_EN_SGX_MASK);
    prcm_set_fclk(m, PRCM_CD_WKUP, cm_reg(s, A_FCLKEN_WKUP));
    prcm_set_fclk(m, PRCM_CD_DSS, cm_reg(s, A_FCLKEN_DSS) & 7);
    prcm_set_fclk(m, PRCM_CD_CAM, cm_reg(s, A_FCLKEN_CAM) & 3);
    prcm_set_fclk(m, PRCM_CD_PER, cm_reg(s, A_FCLKEN_PER));
    prcm_set_fclk(m, PRCM_CD_USBHOST, cm_reg(s, A_FCLKEN_USBHOST) & 3);
    prcm_set_fclk(m, PRCM_CD_DPLL1,
                  dpll_locked(cm_reg(s, A_CLKEN_PLL_MPU), 0));
    prcm_set_fclk(m, PRCM_CD_DPLL2,
                  dpll_locked(cm_reg(s, A_CLKEN_PLL_IVA2), 0));
    prcm_set_fclk(m, PRCM_CD_DPLL3, dpll_locked(clken, 0));
    prcm_set_fclk(m, PRCM_CD_DPLL4, dpll_locked(clken, 16));
    prcm_set_fclk(m, PRCM_CD_DPLL5,
                  dpll_locked(cm_reg(s, A_CLKEN2_PLL), 0));
}

/* CM_IDLEST_* of the DPLLs: the lock status follows the enable field */
static uint32_t cm_dpll_status(OMAP3PRCMState *s, int which)
{
    uint32_t clken = cm_reg(s, A_CLKEN_PLL);

    switch (which) {
    case ST_PLL_IVA2:
        return dpll_locked(cm_reg(s, A_CLKEN_PLL_IVA2), 0);
    case ST_PLL_MPU:
        return dpll1_mode(s) == OMAP3_DPLL_LOCKED;
    case ST_CKGEN:
        /* ST_CORE_CLK bit 0 (DPLL3), ST_PERIPH_CLK bit 1 (DPLL4) */
        return dpll_locked(clken, 0) | (dpll_locked(clken, 16) << 1);
    case ST_CKGEN2:
        return dpll_locked(cm_reg(s, A_CLKEN2_PLL), 0);
    default:
        g_assert_not_reached();
    }
}

static uint32_t cm_clkstst(OMAP3PRCMState *s, int f)
{
    PrcmModel *m = cm_model(s);
    uint32_t v = 0;
    int j;

    /* CLKACTIVITY bits; CORE reports L3 (bit 0) and L4 (bit 1) */
    for (j = 0; j < 2; j++) {
        int cd = cm_clkdm_fields[f][j];

        if (cd >= 0 && (!m || prcm_clkdm_active(m, cd))) {
            v |= 1u << j;
        }
    }
    return v;
}

static void cm_push_clkstctrl(OMAP3PRCMState *s, int f, uint32_t val)
{
    PrcmModel *m = cm_model(s);
    int j;

    for (j = 0; j < 3 && m; j++) {
        if (cm_clkdm_fields[f][j] >= 0) {
            prcm_write_clktrctrl(m, cm_clkdm_fields[f][j],
                                 extract32(val, 2 * j, 2));
        }
    }
}

static uint32_t cm_clkstctrl_mask(int f)
{
    uint32_t mask = 0;
    int j;

    for (j = 0; j < 3; j++) {
        if (cm_clkdm_fields[f][j] >= 0) {
            mask |= 3u << (2 * j);
        }
    }
    return mask;
}

uint64_t omap3_prcm_cm_read(void *opaque, hwaddr addr, unsigned size)
{
    OMAP3PRCMState *s = opaque;
    const OMAP3PRCMReg *r = omap3_prcm_find_read(&omap3_cm_map, addr);
    uint32_t val;

    if (!r) {
        return 0;
    }
    switch (r->kind) {
    case C_IDLEST:
    case C_RAZWI:
        val = 0;
        break;
    case C_CLKSTST:
        val = cm_clkstst(s, r->arg);
        break;
    case C_DPLL_ST:
        val = cm_dpll_status(s, r->arg);
        break;
    default:
        val = s->cm_regs[r - omap3_cm_regs];
        break;
    }
    trace_omap3_cm_read(addr, r->name, val);
    return val;
}

static void omap3_cm_trace_dpll(uint32_t old, uint32_t val, int shift,
                                int dpll)
{
    unsigned mode = extract32(val, shift, 3);

    if (extract32(old, shift, 3) != mode) {
        trace_omap3_cm_dpll(dpll, mode, mode == OMAP3_DPLL_LOCKED);
    }
}

/*
 * CM_CLKEN_PLL_MPU written: a request to lock from another mode starts the
 * relock (M/N as CM_CLKSEL1_PLL_MPU holds them now); any other mode ends
 * one in progress.
 */
static void cm_dpll1_mode_written(OMAP3PRCMState *s, uint32_t old,
                                  uint32_t val)
{
    unsigned from = extract32(old, 0, 3), to = extract32(val, 0, 3);
    uint64_t ns;

    if (to != OMAP3_DPLL_LOCKED) {
        s->dpll1_locking = 0;
        timer_del(s->dpll1_timer);
        return;
    }
    if (from == OMAP3_DPLL_LOCKED) {
        return;
    }
    ns = prcm_dpll_relock_ns(&s->wake_params,
                             extract32(cm_reg(s, A_CLKSEL1_PLL_MPU), 0, 7),
                             omap3_prcm_sys_clk_hz(s));
    s->dpll1_locking = 1;
    s->dpll1_lock_start_ns = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    s->dpll1_lock_len_ns = ns;
    trace_omap3_cm_dpll1_relock(extract32(cm_reg(s, A_CLKSEL1_PLL_MPU), 8, 11),
                                extract32(cm_reg(s, A_CLKSEL1_PLL_MPU), 0, 7),
                                ns);
    timer_mod(s->dpll1_timer, s->dpll1_lock_start_ns + ns);
}

/* DPLL1's relock is over: locked, mpu_ck at the new rate */
static void cm_dpll1_locked(void *opaque)
{
    OMAP3PRCMState *s = opaque;

    if (!s->dpll1_locking) {
        return;
    }
    s->dpll1_locking = 0;
    s->dpll1_locks++;
    s->dpll1_lock_ns += s->dpll1_lock_len_ns;
    trace_omap3_cm_dpll(1, OMAP3_DPLL_LOCKED, 1);
    omap3_prcm_cm_update_clocks(s);
}

void omap3_prcm_cm_write(void *opaque, hwaddr addr, uint64_t value,
                          unsigned size)
{
    OMAP3PRCMState *s = opaque;
    const OMAP3PRCMReg *r = omap3_prcm_find_write(&omap3_cm_map, addr, value);
    uint32_t val = value;
    uint32_t *reg;
    uint32_t old;
    PrcmModel *m = cm_model(s);

    if (!r) {
        return;
    }
    trace_omap3_cm_write(addr, r->name, val);
    reg = &s->cm_regs[r - omap3_cm_regs];
    old = *reg;

    switch (r->kind) {
    case C_RW:
        *reg = omap3_prcm_wval(r, val);
        switch (addr) {
        case A_CLKEN_PLL_IVA2:
            omap3_cm_trace_dpll(old, *reg, 0, 2);
            break;
        case A_CLKEN_PLL_MPU:
            omap3_cm_trace_dpll(old, *reg, 0, 1);
            cm_dpll1_mode_written(s, old, *reg);
            break;
        case A_CLKEN_PLL:
            omap3_cm_trace_dpll(old, *reg, 0, 3);
            omap3_cm_trace_dpll(old, *reg, 16, 4);
            break;
        case A_CLKEN2_PLL:
            omap3_cm_trace_dpll(old, *reg, 0, 5);
            break;
        }
        /* clock gates, DPLLs and selects: activity and rates follow */
        cm_update_activity(s);
        omap3_prcm_cm_update_clocks(s);
        break;
    case C_CLKSTCTRL:
        *reg = val & cm_clkstctrl_mask(r->arg);
        cm_push_clkstctrl(s, r->arg, *reg);
        break;
    case C_SLEEPDEP:
        *reg = omap3_prcm_wval(r, val);     /* wmask: the reset value */
        if (m) {
            prcm_write_sleepdep(m, r->arg, *reg);
        }
        break;
    case C_IDLEST:
    case C_RAZWI:
        break;
    case C_RO:
    case C_CLKSTST:
    case C_DPLL_ST:
        qemu_log_mask(LOG_GUEST_ERROR, "omap3-cm: write to read-only %s\n",
                      r->name);
        break;
    default:
        g_assert_not_reached();
    }
}


void omap3_prcm_cm_reset(OMAP3PRCMState *s)
{
    size_t i;

    for (i = 0; i < CM_NUM_REGS; i++) {
        s->cm_regs[i] = omap3_cm_regs[i].reset;
    }
    /* DPLL1 is back in its reset mode (locked): no relock goes on */
    s->dpll1_locking = 0;
    timer_del(s->dpll1_timer);
}

/*
 * Give the domain model the CM's clock-domain settings (after a reset of
 * either) and propagate the clock rates.
 */
void omap3_prcm_cm_sync(OMAP3PRCMState *s)
{
    PrcmModel *m = cm_model(s);
    size_t i;

    for (i = 0; i < CM_NUM_REGS; i++) {
        const OMAP3PRCMReg *r = &omap3_cm_regs[i];

        if (r->kind == C_CLKSTCTRL) {
            cm_push_clkstctrl(s, r->arg, s->cm_regs[i]);
        } else if (r->kind == C_SLEEPDEP) {
            prcm_write_sleepdep(m, r->arg, s->cm_regs[i]);
        }
    }
    cm_update_activity(s);
    omap3_prcm_cm_update_clocks(s);
}

void omap3_prcm_cm_init_clocks(OMAP3PRCMState *s)
{
    DeviceState *dev = DEVICE(s);
    char name[16];
    int i;

    s->sys_clk = qdev_init_clock_out(dev, "sys_clk");
    s->sys_32k = qdev_init_clock_out(dev, "sys_32k");
    s->mpu_ck = qdev_init_clock_out(dev, "mpu_ck");
    s->core_ck = qdev_init_clock_out(dev, "core_ck");
    s->l3_ick = qdev_init_clock_out(dev, "l3_ick");
    s->l4_ick = qdev_init_clock_out(dev, "l4_ick");
    s->func_96m = qdev_init_clock_out(dev, "func_96m");
    s->func_48m = qdev_init_clock_out(dev, "func_48m");
    for (i = 0; i < CM_NUM_GPT; i++) {
        snprintf(name, sizeof(name), "gpt%d_fck", i + 1);
        s->gpt_fck[i] = qdev_init_clock_out(dev, name);
    }
    for (i = 0; i < CM_NUM_UART; i++) {
        snprintf(name, sizeof(name), "uart%d_fck", i + 1);
        s->uart_fck[i] = qdev_init_clock_out(dev, name);
    }
    s->wdt2_fck = qdev_init_clock_out(dev, "wdt2_fck");
    s->wdt3_fck = qdev_init_clock_out(dev, "wdt3_fck");
    s->dpll1_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, cm_dpll1_locked, s);
}

void omap3_prcm_cm_class_init(void)
{
    omap3_prcm_build_index(&omap3_cm_map);
}
