/*
 * OMAP3630 PRCM: the device's state and the interface between its parts,
 * omap3_prcm.c (the device: QOM, reset, VMState, the MPU's idle and
 * wake-up), omap3_prcm_prm.c (the PRM registers) and omap3_prcm_cm.c (the
 * CM registers and the clock tree).  Not for other devices: they use
 * omap3_prcm.h.
 *
 * The device's state is in omap3_prcm.h (the SoC embeds it); only these
 * files touch it.
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
#include "omap3_prcm_regs.h"
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
    /*
     * The bits a guest write can change, for the kinds whose write handler
     * stores the value written (omap3_prcm_wval): the union of the TRM's
     * fields, as Linux defines them; all ones where no field is known.  The
     * other kinds have all ones: their handlers decide.
     */
    uint32_t wmask;
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

/*
 * What register @r stores when the guest writes @val: the bits of its
 * write mask from @val, the others as they reset (a reserved bit reads 0,
 * or its reset value).
 */
static inline uint32_t omap3_prcm_wval(const OMAP3PRCMReg *r, uint32_t val)
{
    return (r->reset & ~r->wmask) | (val & r->wmask);
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
