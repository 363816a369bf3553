/*
 * OMAP3630 PRCM: the device's state and the interface between its parts,
 * omap3_prcm.c (the device: QOM, reset, VMState, the MPU's idle and
 * wake-up), omap3_prcm_prm.c (the PRM registers) and omap3_prcm_cm.c (the
 * CM registers and the clock tree).  Not for other devices: they use
 * omap3_prcm.h.
 *
 * Both register halves describe their registers the same way: a table with
 * one entry per register, found by offset through an index (offset / 4 ->
 * entry, or -1) built at class init.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_PRCM_INTERNAL_H
#define HW_N9_OMAP3_PRCM_INTERNAL_H

#include "qemu/log.h"
#include "qemu/timer.h"
#include "hw/clock.h"
#include "omap3_prcm.h"
#include "models/prcm/pwrdm.h"
#include "models/prcm/wakeup.h"

#define OMAP3_PRM_BASE          0x48306000
#define OMAP3_CM_BASE           0x48004000
#define OMAP3_PRCM_REGION_SIZE  0x2000

typedef struct OMAP3PRCMReg {
    uint16_t offset;
    uint8_t kind;           /* the half's PRMRegKind / CMRegKind */
    int8_t arg;             /* what it means depends on kind */
    uint32_t reset;
    const char *name;
} OMAP3PRCMReg;

typedef struct OMAP3PRCMRegMap {
    const char *name;       /* for the guest-error log */
    hwaddr base;            /* physical address, for the guest-error log */
    hwaddr size;
    const OMAP3PRCMReg *regs;
    size_t num_regs;
    int16_t *index;         /* size / 4 entries */
} OMAP3PRCMRegMap;

static inline void omap3_prcm_build_index(const OMAP3PRCMRegMap *map)
{
    size_t i;

    for (i = 0; i < map->size / 4; i++) {
        map->index[i] = -1;
    }
    for (i = 0; i < map->num_regs; i++) {
        hwaddr offset = map->regs[i].offset;

        g_assert(offset < map->size && !(offset & 3));
        g_assert(map->index[offset >> 2] < 0);
        map->index[offset >> 2] = i;
    }
}

/* The register at @addr, or NULL. */
static inline const OMAP3PRCMReg *omap3_prcm_lookup(const OMAP3PRCMRegMap *map,
                                                    hwaddr addr)
{
    int idx;

    if (addr >= map->size || (addr & 3)) {
        return NULL;
    }
    idx = map->index[addr >> 2];
    return idx < 0 ? NULL : &map->regs[idx];
}

/* The register a guest reads at @addr, or NULL after logging the error. */
static inline const OMAP3PRCMReg *omap3_prcm_find_read(
    const OMAP3PRCMRegMap *map, hwaddr addr)
{
    const OMAP3PRCMReg *r = omap3_prcm_lookup(map, addr);

    if (!r) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: read of unknown register"
                      " 0x%08" HWADDR_PRIx "\n", map->name, map->base + addr);
    }
    return r;
}

/* The register a guest writes @val to at @addr, or NULL after logging. */
static inline const OMAP3PRCMReg *omap3_prcm_find_write(
    const OMAP3PRCMRegMap *map, hwaddr addr, uint32_t val)
{
    const OMAP3PRCMReg *r = omap3_prcm_lookup(map, addr);

    if (!r) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: write of unknown register"
                      " 0x%08" HWADDR_PRIx " = 0x%08x\n", map->name,
                      map->base + addr, val);
    }
    return r;
}

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

/* omap3_prcm.c */
void omap3_prcm_update_irq(OMAP3PRCMState *s);
/* After anything that may have moved the domains: resets of lost domains */
void omap3_prcm_settled(OMAP3PRCMState *s);

/* omap3_prcm_prm.c */
uint64_t omap3_prcm_prm_read(void *opaque, hwaddr addr, unsigned size);
void omap3_prcm_prm_write(void *opaque, hwaddr addr, uint64_t value,
                          unsigned size);
void omap3_prcm_prm_class_init(void);
void omap3_prcm_prm_reset(OMAP3PRCMState *s);
void omap3_prcm_prm_init(OMAP3PRCMState *s);
uint32_t omap3_prcm_prm_get(OMAP3PRCMState *s, hwaddr offset);
/* sys_clk in Hz: oscillator (PRM_CLKSEL) / SYSCLKDIV (PRM_CLKSRC_CTRL) */
uint32_t omap3_prcm_sys_clk_hz(OMAP3PRCMState *s);
/* Is a wake-up event routed to the MPU pending (PM_WKST & WKEN & GRPSEL)? */
bool omap3_prcm_wakeup_pending(OMAP3PRCMState *s);
/* The PRCM interrupt's level (PRM_IRQSTATUS_MPU & PRM_IRQENABLE_MPU) */
bool omap3_prcm_prm_irq_level(OMAP3PRCMState *s);

/* omap3_prcm_cm.c */
uint64_t omap3_prcm_cm_read(void *opaque, hwaddr addr, unsigned size);
void omap3_prcm_cm_write(void *opaque, hwaddr addr, uint64_t value,
                         unsigned size);
void omap3_prcm_cm_class_init(void);
void omap3_prcm_cm_reset(OMAP3PRCMState *s);
/* Push the CM's clock-domain settings into the model, update the clocks */
void omap3_prcm_cm_sync(OMAP3PRCMState *s);
void omap3_prcm_cm_init_clocks(OMAP3PRCMState *s);
void omap3_prcm_cm_update_clocks(OMAP3PRCMState *s);
uint32_t omap3_prcm_cm_get(OMAP3PRCMState *s, hwaddr offset);
/* "wake-ups" of the statistics: latched wake-up events by source */
void omap3_prcm_prm_wake_stats(OMAP3PRCMState *s, QDict *d);

#endif /* HW_N9_OMAP3_PRCM_INTERNAL_H */
