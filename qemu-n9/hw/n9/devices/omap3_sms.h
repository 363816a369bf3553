/*
 * OMAP3630 SDRAM memory scheduler (SMS): the device's type and state
 * (omap3_sms.c), for the SoC container that embeds it (omap3630.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_SMS_H
#define HW_N9_OMAP3_SMS_H

#include "hw/sysbus.h"
#include "qom/object.h"

/* PRCM (PRM + CM, one device): see omap3_prcm.h. */
#define TYPE_OMAP3_SMS      "omap3-sms"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3SMSState, OMAP3_SMS)

#define OMAP3_SMS_REGS_END  0x240
#define OMAP3_SMS_WORDS     (OMAP3_SMS_REGS_END / 4)

struct OMAP3SMSState {
    SysBusDevice parent_obj;

    MemoryRegion iomem;
    uint32_t regs[OMAP3_SMS_WORDS];
};

#endif /* HW_N9_OMAP3_SMS_H */
