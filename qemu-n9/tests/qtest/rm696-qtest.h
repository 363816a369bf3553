/*
 * Helpers shared by the rm696 qtests: the SoC's memory map, reading QOM
 * properties over QMP and the raw level of an INTC input.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef RM696_QTEST_H
#define RM696_QTEST_H

#include "libqtest.h"
#include "qobject/qdict.h"
/* The one memory map of the SoC, shared with the machine (hw/n9) */
#include "hw/n9/omap3630_map.h"
/* The registers of the blocks every test touches, shared with the devices */
#include "hw/n9/omap3_intc_regs.h"
#include "hw/n9/omap3_sdrc_regs.h"

/* The base address of block OMAP3_BLK_<blk> */
#define BLK_BASE(blk)   ((uint32_t)omap3630_map[OMAP3_BLK_##blk].base)

/* INTC register INTCPS_<reg>; bank register <reg>n of bank @n; ILR @line */
#define INTC_REG(reg)           (BLK_BASE(INTC) + A_INTCPS_##reg)
#define INTC_BANK_REG(reg, n)   (INTC_REG(reg##0) + OMAP3_INTC_BANK_STRIDE * (n))
#define INTC_ILR(line)          (INTC_REG(ILR0) + 4 * (line))

/* SDRC register SDRC_<reg>; chip select @p's SDRC_<reg>_p, ACTIM_CTRL_<ab>_p */
#define SDRC_REG(reg)           (BLK_BASE(SDRC) + A_SDRC_##reg)
#define SDRC_CS_REG(reg, p)     (BLK_BASE(SDRC) + OMAP3_SDRC_CS_REG(reg, p))
#define SDRC_ACTIM_REG(ab, p)   (BLK_BASE(SDRC) + OMAP3_SDRC_ACTIM_REG(ab, p))

/* The reply to a qom-get that must succeed. */
static inline QDict *rm696_qom_get(QTestState *qts, const char *path,
                                   const char *prop)
{
    QDict *resp = qtest_qmp(qts, "{ 'execute': 'qom-get', 'arguments': "
                            "{ 'path': %s, 'property': %s } }", path, prop);

    g_assert(qdict_haskey(resp, "return"));
    return resp;
}

static inline int64_t rm696_qom_get_int(QTestState *qts, const char *path,
                                        const char *prop)
{
    g_autoptr(QDict) resp = rm696_qom_get(qts, path, prop);

    return qdict_get_int(resp, "return");
}

static inline bool rm696_qom_get_bool(QTestState *qts, const char *path,
                                      const char *prop)
{
    g_autoptr(QDict) resp = rm696_qom_get(qts, path, prop);

    return qdict_get_bool(resp, "return");
}

/* The period of a QOM clock, in 2^-32 ns units (0: stopped). */
static inline uint64_t rm696_clock_period(QTestState *qts, const char *path)
{
    return rm696_qom_get_int(qts, path, "qtest-clock-period");
}

/* The raw level of INTC input @line, from INTCPS_ITRn. */
static inline bool rm696_intc_line(QTestState *qts, int line)
{
    return qtest_readl(qts, INTC_BANK_REG(ITR, line / 32)) &
           (1u << (line % 32));
}

#endif /* RM696_QTEST_H */
