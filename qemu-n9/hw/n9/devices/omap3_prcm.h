/*
 * OMAP3630 Power, Reset and Clock Manager (PRCM): the public interface.
 *
 * On silicon the PRM (0x48306000) and the CM (0x48004000) are one PRCM
 * with one view of the power and clock domains; so is the model: one
 * device, two register regions, one owner of the domain state
 * (models/prcm).  See omap3_prcm.c.
 *
 *   sysbus MMIO 0   PRM registers (8 KB)
 *   sysbus MMIO 1   CM registers (8 KB)
 *   sysbus IRQ 0    the PRCM MPU interrupt (INTC 11)
 *   GPIO in  "standbywfi"        the Cortex-A8's STANDBYWFI
 *   GPIO in  "mpu-irq"[2]        the INTC's nIRQ (0) and nFIQ (1)
 *   GPIO out "cpu-irq"[2]        to the CPU's IRQ and FIQ inputs: the MPU
 *                                wakes through the PRCM, which holds the
 *                                interrupt while the domains power up
 *   GPIO in  "wkup-wake"[32], "core-wake"[32], "core-wake3"[32],
 *            "per-wake"[32], "usbhost-wake"[32]
 *                                wake-up events, one per PM_WKST bit
 *   Clock out "sys_clk", "sys_32k", "mpu_ck", "core_ck", "l3_ick",
 *            "l4_ick", "func_96m", "func_48m", "gpt1_fck".."gpt12_fck",
 *            "uart1_fck".."uart4_fck", "wdt2_fck", "wdt3_fck"
 *   link "cpu"                   the MPU, warm-reset on wake-up from OFF
 *   property "warm-reset-pc"     where the MPU starts after that reset
 *                                (the boot ROM's wake-up entry)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_PRCM_H
#define HW_N9_OMAP3_PRCM_H

#include "hw/sysbus.h"
#include "hw/clock.h"
#include "qemu/notify.h"
#include "qemu/timer.h"
#include "qom/object.h"
#include "qobject/qdict.h"
#include "models/prcm/pwrdm.h"
#include "models/prcm/wakeup.h"

#define TYPE_OMAP3_PRCM "omap3-prcm"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3PRCMState, OMAP3_PRCM)

/* The modules with a PM_WKST register: one GPIO input array each. */
enum {
    OMAP3_WK_WKUP,
    OMAP3_WK_CORE1,
    OMAP3_WK_CORE3,
    OMAP3_WK_PER,
    OMAP3_WK_USBHOST,
    OMAP3_PRCM_NUM_WK
};

#define OMAP3_PRCM_NUM_GPT      12
#define OMAP3_PRCM_NUM_UART     4

/* Room for the register tables of the two halves (each asserts it fits) */
#define OMAP3_PRM_NUM_REGS      192
#define OMAP3_CM_NUM_REGS       160

/*
 * The state, for the SoC to embed: its fields are private to omap3_prcm*.c
 * (omap3_prcm_internal.h); other devices use the functions below.
 */
struct OMAP3PRCMState {
    SysBusDevice parent_obj;

    MemoryRegion prm_iomem;
    MemoryRegion cm_iomem;
    qemu_irq irq;                       /* PRCM MPU interrupt (INTC 11) */
    qemu_irq cpu_irq[2];                /* to the CPU: IRQ, FIQ */

    /* Clock outputs (omap3_prcm_cm.c computes them) */
    Clock *sys_clk, *sys_32k, *mpu_ck, *core_ck, *l3_ick, *l4_ick;
    Clock *func_96m, *func_48m;
    Clock *gpt_fck[OMAP3_PRCM_NUM_GPT];
    Clock *uart_fck[OMAP3_PRCM_NUM_UART];
    Clock *wdt2_fck, *wdt3_fck;

    /* Registers of the two halves */
    uint32_t prm_regs[OMAP3_PRM_NUM_REGS];
    uint32_t cm_regs[OMAP3_CM_NUM_REGS];
    uint32_t wake_in[OMAP3_PRCM_NUM_WK];    /* levels of the wake inputs */
    /* wake-up requests latched in PM_WKST, by module and bit; and those
     * that found the module's interface clock held on (statistics) */
    uint64_t wake_events[OMAP3_PRCM_NUM_WK][32];
    uint64_t wake_held[OMAP3_PRCM_NUM_WK];
    uint8_t sw_reset;                   /* PRM_RSTCTRL requested a reset */

    /* The power/clock-domain model: the one owner of the domain state */
    PrcmModel pwrdm;
    /* its state image in a snapshot (models/prcm/pwrdm_state.h) */
    uint8_t *vm_pwrdm;
    uint32_t vm_pwrdm_len;
    /* accesses to PM_PWSTCTRL, PM_PWSTST, PM_PREPWSTST (any domain) */
    uint64_t pwrst_reads, pwrst_writes;

    /* The MPU's idle (omap3_prcm.c) */
    uint8_t standby;                    /* in WFI, as the PRCM sees it */
    uint8_t intc_level[2];              /* nIRQ, nFIQ from the INTC */
    uint8_t waking;                     /* a wake-up is in progress */
    int64_t wake_done_ns;               /* when it completes */
    QEMUTimer *wake_timer;
    PrcmWakeParams wake_params;
    uint64_t mpu_hz_override, l3_hz_override;   /* [clocks]; 0: none */
    uint64_t mpu_reg_hz, l3_reg_hz;     /* what the registers give */
    NotifierList listeners;
    GPtrArray *domain_devs[PRCM_NUM_PWRDM];  /* reset when back from OFF */
    uint32_t lost;                      /* domains that went OFF (bits) */
    bool settling;
    uint32_t clkdm_seen;                /* clock domains active (bits), as
                                         * the listeners were last told */

    /*
     * DVFS: DPLL1 locking after the guest reprogrammed it (omap3_prcm_cm.c)
     * and the ABB LDO settling after an OPP change (omap3_prcm_prm.c);
     * counts and modelled times (as the registers give them: the guest
     * sees the completion at its next instruction boundary) for the
     * statistics ("dvfs")
     */
    QEMUTimer *dpll1_timer;
    uint8_t dpll1_locking;
    int64_t dpll1_lock_start_ns;
    uint64_t dpll1_lock_len_ns;         /* the relock in progress */
    QEMUTimer *abb_timer;
    uint8_t abb_settling;
    int64_t abb_start_ns;
    uint64_t abb_settle_len_ns;         /* the settling in progress */
    uint64_t dpll1_locks, dpll1_lock_ns;
    uint64_t abb_changes, abb_settle_ns;
    uint64_t mpu_rate_changes;

    /* Links and properties */
    Object *cpu;
    uint32_t warm_reset_pc;
};

/*
 * The devices that lose their state when power domain @pwrdm is OFF: the
 * PRCM resets them when the domain comes back ON.
 */
void omap3_prcm_attach(OMAP3PRCMState *prcm, int pwrdm, DeviceState *dev);

/* The [prcm] timing parameters (defaults: prcm_wake_default_params). */
void omap3_prcm_set_wake_params(OMAP3PRCMState *prcm,
                                const PrcmWakeParams *p);

/*
 * [clocks] overrides: the MPU's (mpu_ck) and the L3's (l3_ick, and l4_ick
 * below it) rates whatever the DPLL registers say, while that clock runs
 * (0: the registers'), from the next reset on (before the machine's
 * first).  The rates in force and the registers' own, for the statistics
 * file.
 */
void omap3_prcm_set_clock_overrides(OMAP3PRCMState *prcm, uint64_t mpu_hz,
                                    uint64_t l3_hz);
void omap3_prcm_clock_rates(OMAP3PRCMState *prcm, uint64_t *mpu_hz,
                            uint64_t *mpu_reg_hz, uint64_t *l3_hz,
                            uint64_t *l3_reg_hz);

/*
 * Idle events, for the counters of the idle walk (n9_idle.c): the PRCM
 * notifies its listeners with an OMAP3PRCMEvent.
 */
typedef enum OMAP3PRCMEventType {
    OMAP3_PRCM_MPU_STANDBY,     /* the MPU executed WFI */
    OMAP3_PRCM_WAKEUP_START,    /* a wake-up event; cost in wake */
    OMAP3_PRCM_MPU_RUNNING,     /* the MPU runs again (left WFI / reset) */
    OMAP3_PRCM_PWRST,           /* domain pwrdm went from -> to */
    OMAP3_PRCM_CLKDM,           /* clock domain clkdm became active / idle
                                 * (CORE_L3 idle: the SDRC's idle request) */
} OMAP3PRCMEventType;

typedef struct OMAP3PRCMEvent {
    OMAP3PRCMEventType type;
    int pwrdm, from, to;        /* OMAP3_PRCM_PWRST */
    PrcmWakeCost wake;          /* WAKEUP_START */
    int clkdm;                  /* OMAP3_PRCM_CLKDM */
    bool active;
} OMAP3PRCMEvent;

void omap3_prcm_add_listener(OMAP3PRCMState *prcm, Notifier *n);

/* The current state of a power domain and activity of a clock domain. */
int omap3_prcm_pwrdm_state(OMAP3PRCMState *prcm, int pwrdm);
bool omap3_prcm_clkdm_active(OMAP3PRCMState *prcm, int clkdm);

/*
 * The domain model's counters, for the statistics file: per power domain
 * its state, its entries into each state, and the entries as PM_PREPWSTST
 * reports them (what Linux's pm_debug "count" can see).
 */
QDict *omap3_prcm_stats(OMAP3PRCMState *prcm);
/* DVFS counters: mpu_hz, its changes, DPLL1 relocks, ABB LDO transitions */
QDict *omap3_prcm_dvfs_stats(OMAP3PRCMState *prcm);

/*
 * Accesses to the power-state registers of every domain (PM_PWSTCTRL,
 * PM_PWSTST, PM_PREPWSTST: offsets 0xe0-0xe8 of each PRM module), the
 * registers Linux's idle walk reads and writes; also QOM properties
 * "pwrst-reads" and "pwrst-writes".
 */
void omap3_prcm_pwrst_accesses(OMAP3PRCMState *prcm, uint64_t *reads,
                               uint64_t *writes);

#endif /* HW_N9_OMAP3_PRCM_H */
