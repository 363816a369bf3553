/*
 * TI OMAP3630: a module's own side of a wake-up request (SWAKEUP).
 *
 * A module that the PRCM has put to sleep (idle request acknowledged)
 * and that detects an event it is asked to wake for raises SWAKEUP; the
 * PRM latches it in PM_WKST (omap3_prcm_prm.c, which adds the PRCM's own
 * condition: it may cut the module's interface clock).  OMAP36xx TRM,
 * module power management (SYSCONFIG) with the GP timer, GPIO and UART
 * chapters:
 *  - only in smart-idle (SIDLEMODE 2): force-idle acknowledges whatever
 *    the module does and no-idle never sleeps; with ENAWAKEUP set;
 *  - in smart-idle a module acknowledges the idle request only once its
 *    interrupts are served, so an event that finds one still pending
 *    finds the module awake: no wake-up request;
 *  - the event must be one the module's wake-up enables select (GP
 *    timer TWER, GPIO WAKEUPENABLE, UART WER).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_N9_OMAP3_SWAKEUP_H
#define HW_N9_OMAP3_SWAKEUP_H

#include "qemu/bitops.h"

/* OMAP2/3 "type 1" SYSCONFIG: ENAWAKEUP bit 2, SIDLEMODE bits 4:3 */
#define OMAP3_SYSC_ENAWAKEUP    (1u << 2)
#define OMAP3_SIDLE_SMART       2

/*
 * Whether @fresh (events that just happened) make a module with
 * SYSCONFIG @sysc, interrupts pending before them @pending and wake-up
 * enables @wake_en raise its wake-up request.
 */
static inline bool omap3_swakeup(uint32_t sysc, bool pending,
                                 uint32_t fresh, uint32_t wake_en)
{
    return extract32(sysc, 3, 2) == OMAP3_SIDLE_SMART &&
           (sysc & OMAP3_SYSC_ENAWAKEUP) && !pending && (fresh & wake_en);
}

#endif
