/*
 * OMAP3630 GP timer: the device's type and state (omap3_gptimer.c), for the
 * SoC container that embeds it (omap3630.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_GPTIMER_H
#define HW_N9_OMAP3_GPTIMER_H

#include "hw/sysbus.h"
#include "hw/clock.h"
#include "qemu/timer.h"
#include "qom/object.h"

/* GP timer: clock input "fclk" (32768 Hz or sys_clk, chosen by the CM);
 * property "id" (1..12).  GPIO output "pwm" is not modelled. */
#define TYPE_OMAP3_GPTIMER  "omap3-gptimer"
OBJECT_DECLARE_SIMPLE_TYPE(OMAP3GPTimerState, OMAP3_GPTIMER)

struct OMAP3GPTimerState {
    SysBusDevice parent_obj;

    MemoryRegion iomem;
    qemu_irq irq;
    qemu_irq swakeup;           /* wake-up request, to the PRM */
    Clock *fclk;
    QEMUTimer *timer;
    uint8_t id;

    /* fclk rate that 'base' is counted in; 0 = clock stopped. */
    uint32_t rate;
    /*
     * The counter: TCRR held 'count' at the absolute fclk tick 'base' and
     * has advanced by one every prescaler period since then, if started.
     * While stopped, 'count' is TCRR.  TCLR.ST lives in 'started'.
     */
    uint64_t base;
    uint32_t count;
    bool started;

    uint32_t tiocp_cfg;
    uint32_t tisr;
    uint32_t tier;
    uint32_t twer;
    uint32_t tclr;              /* without ST */
    uint32_t tldr;
    uint32_t tmar;
    uint32_t tsicr;
    uint32_t tpir;
    uint32_t tnir;
    uint32_t tcvr;
    uint32_t tocr;
    uint32_t towr;
};

#endif /* HW_N9_OMAP3_GPTIMER_H */
