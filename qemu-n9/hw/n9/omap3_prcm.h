/*
 * OMAP3630 PRCM: the private interface between the PRM (omap3_prm.c) and
 * the CM (omap3_cm.c).  The PRM owns the power/clock-domain model
 * (models/prcm/pwrdm.h); the CM writes its clock-domain half into it
 * (CM_FCLKEN activity, CM_CLKSTCTRL, CM_SLEEPDEP) and reads CM_CLKSTST
 * from it.  The PRM tells the CM when sys_clk changes (PRM_CLKSEL,
 * PRM_CLKSRC_CTRL).  Both find their registers through the same kind of
 * table (OMAP3PRCMRegMap).  Other devices use only the QOM interface
 * described in omap3630.h.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_PRCM_H
#define HW_N9_OMAP3_PRCM_H

#include "qemu/log.h"
#include "omap3630.h"
#include "models/prcm/pwrdm.h"

/*
 * Both blocks describe their registers the same way: a table with one
 * entry per register, found by offset through an index (offset / 4 ->
 * entry, or -1) that omap3_prcm_build_index() fills at class init.
 */
typedef struct OMAP3PRCMReg {
    uint16_t offset;
    uint8_t kind;           /* the block's PRMRegKind / CMRegKind */
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

OBJECT_DECLARE_SIMPLE_TYPE(OMAP3PRMState, OMAP3_PRM)
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3CMState, OMAP3_CM)

/* The power/clock-domain model; changes to it are traced by the PRM. */
PrcmModel *omap3_prm_pwrdm(OMAP3PRMState *prm);
/* sys_clk in Hz: oscillator (PRM_CLKSEL) / SYSCLKDIV (PRM_CLKSRC_CTRL) */
uint32_t omap3_prm_sys_clk_hz(OMAP3PRMState *prm);
/* The PRM changed sys_clk: recompute and propagate the CM's clocks. */
void omap3_cm_sys_clk_changed(OMAP3CMState *cm);

#endif /* HW_N9_OMAP3_PRCM_H */
