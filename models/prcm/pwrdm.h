/*
 * OMAP3630 power and clock domains as state machines (plain C99).
 *
 * The 16 power domains Linux registers on a 3630 (wkup, iva2, mpu, neon,
 * cam, dss, per, emu, dpll1..5, core, sgx, usbhost) and their 18 clock
 * domains.  A clock domain is active or idle from its CM_CLKSTCTRL mode and
 * its demands: an enabled functional clock (CM_FCLKEN), a pending wake-up,
 * a sleep dependency (CM_SLEEPDEP) on an active MPU or IVA2 (which holds an
 * active clock domain awake but does not wake an idle one), the MPU
 * running (not in WFI), and for CORE the static dependency of every
 * initiator and peripheral domain on the L3/L4 interconnect.  A power
 * domain goes to the state its PM_PWSTCTRL asks for only while all its
 * clock domains are idle, and comes back ON when one of them becomes
 * active.  PM_PWSTST reads the current state (never "in transition"),
 * PM_PREPWSTST the lowest state the domain was in during the last MPU
 * sleep attempt (WFI .. wake-up), ON (3) when nothing happened.
 *
 * Interface clocks are assumed to idle with their interconnect (Linux
 * enables every iclk autoidle at late init, omap2_clk_enable_autoidle_all),
 * so only CM_FCLKEN bits count as clock demand.  Transitions complete at
 * once.  Wake-up dependencies (PM_WKDEP) act on wake-up events: a domain
 * with a dependency on a source that receives a wake-up event is powered
 * up, and goes back to sleep at once if nothing keeps it awake.
 *
 * The state is a struct of plain arrays so that a wrapper can save it (QEMU
 * VMState) and the same code can run outside QEMU.  The register encodings
 * are those of the OMAP36xx TRM as used by Linux 6.18
 * (arch/arm/mach-omap2/prm3xxx.c, cm3xxx.c, powerdomain.c).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef MODELS_PRCM_PWRDM_H
#define MODELS_PRCM_PWRDM_H

#include <stdbool.h>
#include <stdint.h>

/* Power domains, in the order of Linux's powerdomains3xxx_data.c. */
enum prcm_pwrdm_id {
    PRCM_PD_WKUP,
    PRCM_PD_IVA2,
    PRCM_PD_MPU,
    PRCM_PD_NEON,
    PRCM_PD_CAM,
    PRCM_PD_DSS,
    PRCM_PD_PER,
    PRCM_PD_EMU,
    PRCM_PD_DPLL1,
    PRCM_PD_DPLL2,
    PRCM_PD_DPLL3,
    PRCM_PD_DPLL4,
    PRCM_PD_DPLL5,
    PRCM_PD_CORE,
    PRCM_PD_SGX,
    PRCM_PD_USBHOST,
    PRCM_NUM_PWRDM
};

/* Clock domains (clockdomains3xxx_data.c, 3630 set). */
enum prcm_clkdm_id {
    PRCM_CD_WKUP,
    PRCM_CD_IVA2,
    PRCM_CD_MPU,
    PRCM_CD_NEON,
    PRCM_CD_CAM,
    PRCM_CD_DSS,
    PRCM_CD_PER,
    PRCM_CD_EMU,
    PRCM_CD_DPLL1,
    PRCM_CD_DPLL2,
    PRCM_CD_DPLL3,
    PRCM_CD_DPLL4,
    PRCM_CD_DPLL5,
    PRCM_CD_CORE_L3,
    PRCM_CD_CORE_L4,
    PRCM_CD_D2D,
    PRCM_CD_SGX,
    PRCM_CD_USBHOST,
    PRCM_NUM_CLKDM
};

/* PM_PWSTCTRL.POWERSTATE / PM_PWSTST.POWERSTATEST values. */
enum prcm_pwrst {
    PRCM_PWRST_OFF = 0,
    PRCM_PWRST_RET = 1,
    PRCM_PWRST_INACTIVE = 2,
    PRCM_PWRST_ON = 3,
};

/* CM_CLKSTCTRL.CLKTRCTRL values. */
enum prcm_clktrctrl {
    PRCM_CLKTR_NO_SLEEP = 0,     /* no sleep transition; wake-ups happen */
    PRCM_CLKTR_FORCE_SLEEP = 1,
    PRCM_CLKTR_FORCE_WAKEUP = 2,
    PRCM_CLKTR_HW_AUTO = 3,
};

/* Register fields (TRM; prm-regbits-34xx.h, prm.h) */
#define PRCM_POWERSTATE_MASK        0x3u
#define PRCM_LOGICRETSTATE          (1u << 2)
#define PRCM_SAVEANDRESTORE         (1u << 4)
#define PRCM_INTRANSITION           (1u << 20)
/* memory bank i: RET state bit, ON state field, status field */
#define PRCM_MEMRET(i)              (1u << (8 + (i)))
#define PRCM_MEMON_SHIFT(i)         (16 + 2 * (i))
#define PRCM_MEMST_SHIFT(i)         (4 + 2 * (i))

/* PM_WKDEP bits: the source domain a wake-up dependency points at. */
#define PRCM_WKDEP_EN_CORE          (1u << 0)
#define PRCM_WKDEP_EN_MPU           (1u << 1)
#define PRCM_WKDEP_EN_IVA2          (1u << 2)
#define PRCM_WKDEP_EN_WKUP          (1u << 4)
#define PRCM_WKDEP_EN_DSS           (1u << 5)
#define PRCM_WKDEP_EN_PER           (1u << 7)
/* CM_SLEEPDEP bits */
#define PRCM_SLEEPDEP_EN_MPU        (1u << 1)
#define PRCM_SLEEPDEP_EN_IVA2       (1u << 2)

/* Called on every power-state change of a domain (not saved state). */
typedef void PrcmNotifyFn(void *opaque, int pwrdm, int from, int to);

typedef struct PrcmModel {
    /* PRM side, per power domain */
    uint32_t pwstctrl[PRCM_NUM_PWRDM];   /* PM_PWSTCTRL as written */
    uint32_t prepwstst[PRCM_NUM_PWRDM];  /* PM_PREPWSTST */
    uint32_t wkdep[PRCM_NUM_PWRDM];      /* PM_WKDEP */
    uint32_t sleepdep[PRCM_NUM_PWRDM];   /* CM_SLEEPDEP (pushed by the CM) */
    uint8_t state[PRCM_NUM_PWRDM];       /* current power state */
    uint8_t wake_pending[PRCM_NUM_PWRDM];/* unacknowledged wake-up event */
    /* the open sleep attempt: lowest state seen, and its PREPWSTST code */
    uint8_t win_min[PRCM_NUM_PWRDM];
    uint32_t win_rec[PRCM_NUM_PWRDM];
    /* the state each domain was in when the sleep attempt opened */
    uint8_t win_start[PRCM_NUM_PWRDM];
    /* statistics: number of entries into each power state */
    uint32_t entries[PRCM_NUM_PWRDM][4];
    /*
     * Entries as PM_PREPWSTST reports them: outside a sleep attempt each
     * transition to a lower state; in one, the lowest state reached if it
     * is below the state it started in, once.  What a kernel that reads
     * PREPWSTST after every attempt can count (Linux's pm_debug "count").
     */
    uint32_t reported[PRCM_NUM_PWRDM][4];

    /* CM side, per clock domain */
    uint8_t clktrctrl[PRCM_NUM_CLKDM];   /* CM_CLKSTCTRL field */
    uint8_t fclk[PRCM_NUM_CLKDM];        /* some functional clock enabled */
    uint8_t active[PRCM_NUM_CLKDM];      /* CM_CLKSTST.CLKACTIVITY */

    uint8_t mpu_standby;                 /* the MPU executed WFI */
    uint8_t in_window;                   /* a sleep attempt is open */
    uint32_t win_pd_idle;                /* domains whose clocks all idled */

    /* not state: the wrapper's callback */
    PrcmNotifyFn *notify;
    void *notify_opaque;
} PrcmModel;

/* Put every register and state at its reset value (keeps the callback). */
void prcm_reset(PrcmModel *m);
void prcm_set_notify(PrcmModel *m, PrcmNotifyFn *fn, void *opaque);

/* Static description */
const char *prcm_pwrdm_name(int pd);
const char *prcm_clkdm_name(int cd);
int prcm_clkdm_pwrdm(int cd);
int prcm_pwrdm_banks(int pd);
/* false for wkup, emu and the dpll domains (no PM_PWSTCTRL) */
bool prcm_pwrdm_programmable(int pd);

/* PRM registers of a power domain */
void prcm_write_pwstctrl(PrcmModel *m, int pd, uint32_t val);
uint32_t prcm_read_pwstctrl(const PrcmModel *m, int pd);
uint32_t prcm_read_pwstst(const PrcmModel *m, int pd);
uint32_t prcm_read_prepwstst(const PrcmModel *m, int pd);
/* A field is set to its ON code only by writing that code (all ones). */
void prcm_write_prepwstst(PrcmModel *m, int pd, uint32_t val);
void prcm_write_wkdep(PrcmModel *m, int pd, uint32_t val);
uint32_t prcm_read_wkdep(const PrcmModel *m, int pd);

/* CM side */
void prcm_write_clktrctrl(PrcmModel *m, int cd, unsigned mode);
unsigned prcm_read_clktrctrl(const PrcmModel *m, int cd);
void prcm_set_fclk(PrcmModel *m, int cd, bool enabled);
void prcm_write_sleepdep(PrcmModel *m, int pd, uint32_t val);
uint32_t prcm_read_sleepdep(const PrcmModel *m, int pd);
bool prcm_clkdm_active(const PrcmModel *m, int cd);

/*
 * Events.  prcm_mpu_wfi: the MPU executed WFI (idle request); domains
 * whose clock domains become idle enter their programmed state.
 * prcm_mpu_wakeup: the MPU leaves WFI (an interrupt reached it); domains
 * needed again come back ON, and each domain's PM_PREPWSTST now holds the
 * lowest state it was in since prcm_mpu_wfi.
 * prcm_set_wakeup_pending: a wake-up event of a module in domain pd is
 * pending (PM_WKST & PM_WKEN & MPUGRPSEL) or acknowledged; a rising level is
 * a wake-up event for the PM_WKDEP dependencies.
 */
void prcm_mpu_wfi(PrcmModel *m);
void prcm_mpu_wakeup(PrcmModel *m);
void prcm_set_wakeup_pending(PrcmModel *m, int pd, bool pending);

/*
 * The open sleep attempt: the lowest state domain pd reached since
 * prcm_mpu_wfi (its current state when no attempt is open), and whether
 * all the clock domains of power domain pd were idle at some point of it
 * (its clocks, and a DPLL that feeds only them, could stop).
 */
int prcm_window_min(const PrcmModel *m, int pd);
bool prcm_window_pwrdm_idled(const PrcmModel *m, int pd);

/* Current and previous power state (POWERSTATEST / LASTPOWERSTATEENTERED) */
int prcm_pwrdm_state(const PrcmModel *m, int pd);
int prcm_pwrdm_prev_state(const PrcmModel *m, int pd);

#endif /* MODELS_PRCM_PWRDM_H */
