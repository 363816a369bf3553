/*
 * OMAP3630 HS MMC host controller: the device's type and state
 * (omap3_hsmmc.c), for the SoC container that embeds it (omap3630.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_HSMMC_H
#define HW_N9_OMAP3_HSMMC_H

#include "hw/sysbus.h"
#include "qom/object.h"

/* HS MMC host: property "id" (1..3). */
#define TYPE_OMAP3_HSMMC    "omap3-hsmmc"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3HSMMCState, OMAP3_HSMMC)

struct OMAP3HSMMCState {
    SysBusDevice parent_obj;

    MemoryRegion iomem;
    qemu_irq irq;

    uint32_t sysconfig;
    uint32_t csre;
    uint32_t systest;
    uint32_t con;
    uint32_t pwcnt;
    uint32_t sdmasa;
    uint32_t blk;
    uint32_t arg;
    uint32_t cmd;
    uint32_t rsp[4];
    uint32_t hctl;
    uint32_t sysctl;
    uint32_t stat;
    uint32_t ie;
    uint32_t ise;
    uint32_t capa;

    /* Properties */
    uint8_t id;
};

#endif /* HW_N9_OMAP3_HSMMC_H */
