/*
 * OMAP3630 SDRAM controller (SDRC): the public interface of the device
 * (omap3_sdrc.c) for the board, the SoC and the memory path.
 *
 *   sysbus MMIO 0          the registers (0x6D000000, 4 KB)
 *   Clock in "fclk"        the L3 clock (the SDRAM clock): l3_ick
 *   link "prcm"            the PRCM: CORE idle / OFF (the idle request)
 *   property "sdram-base"  physical address of chip select 0 (0x80000000)
 *   QOM: the decoded registers ("power-clkctrl", "cs0-trfc", ...), the
 *   model's clock ("tck-ps") and counters ("row-hits", "sr-exits",
 *   "sr-wait-ns", ...; see omap3_sdrc.c)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_SDRC_H
#define HW_N9_OMAP3_SDRC_H

#include "hw/sysbus.h"
#include "hw/clock.h"
#include "qobject/qdict.h"
#include "models/sdrc/sdrc.h"
#include "omap3_prcm.h"

/*
 * The SDRAM timing model the device keeps up to date with its registers,
 * its clock and the PRCM, to read (statistics, a trace's header).
 */
SdrcModel *omap3_sdrc_model(DeviceState *sdrc);
/*
 * The same model for the memory path, which calls it for each access that
 * leaves the L2 (sdrc_access, or sdrc_next_level_access with this pointer
 * as ctx) from the vCPU thread.  Not thread-safe: from then on the device
 * checks that its own updates do not run beside the vCPU (omap3_sdrc.c).
 */
SdrcModel *omap3_sdrc_share_with_vcpu(DeviceState *sdrc);

/* The [sdrc] timing parameters (before realize; default: the model's). */
void omap3_sdrc_set_params(DeviceState *sdrc, const SdrcParams *p);

/*
 * The [sdram] overrides (timing-set / timing file): decoded fields that
 * win over the registers (before realize; @o must outlive the device).
 */
struct N9SdramOverrides;
void omap3_sdrc_set_overrides(DeviceState *sdrc,
                              const struct N9SdramOverrides *o);
/* The configuration in force (@cfg) and the registers' own (@regs). */
void omap3_sdrc_configs(DeviceState *sdrc, SdrcConfig *cfg, SdrcConfig *regs);

/* The counters, in ns and counts, for the statistics file. */
QDict *omap3_sdrc_stats(DeviceState *sdrc);

/* SDRC: clock input "fclk" (the L3 clock). */
#define TYPE_OMAP3_SDRC     "omap3-sdrc"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3SDRCState, OMAP3_SDRC)

#define OMAP3_SDRC_NUM_CS   SDRC_NUM_CS

typedef struct OMAP3SDRCCsRegs {
    uint32_t mcfg;
    uint32_t mr;
    uint32_t emr2;
    uint32_t actim_a;
    uint32_t actim_b;
    uint32_t rfr_ctrl;
    uint32_t manual;
} OMAP3SDRCCsRegs;

struct OMAP3SDRCState {
    SysBusDevice parent_obj;

    MemoryRegion iomem;
    Clock *fclk;            /* the L3 clock (SDRAM clock), from the PRCM */
    OMAP3PRCMState *prcm;   /* link: the idle request comes from there */
    Notifier prcm_listener;
    uint64_t sdram_base;
    SdrcParams params;
    const struct N9SdramOverrides *overrides;  /* [sdram]: over the registers */

    uint32_t sysconfig;
    uint32_t cs_cfg;
    uint32_t sharing;
    uint32_t err_addr;
    uint32_t err_type;
    uint32_t dlla_ctrl;
    uint32_t dllb_ctrl;
    uint32_t power;
    OMAP3SDRCCsRegs cs[OMAP3_SDRC_NUM_CS];

    /*
     * The timing model: its configuration is the registers decoded
     * (model.cfg, what the QOM properties show), its state and counters
     * are migrated through image[].
     */
    SdrcModel model;
    uint64_t image[SDRC_IMAGE_WORDS];
    uint8_t core_off;       /* the model was told CORE is OFF */

    /* The one-writer rule (omap3_sdrc_check_writer); not timing state */
    bool vcpu_shared;       /* the memory path calls the model */
    uint64_t cross_thread_writes;
};

#endif /* HW_N9_OMAP3_SDRC_H */
