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
#include "qemu/notify.h"
#include "qom/object.h"
#include "qobject/qdict.h"
#include "models/prcm/wakeup.h"

#define TYPE_OMAP3_PRCM "omap3-prcm"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3PRCMState, OMAP3_PRCM)

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
