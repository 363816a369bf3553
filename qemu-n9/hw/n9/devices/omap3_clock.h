/*
 * OMAP3630 model: the one rule that turns QEMU_CLOCK_VIRTUAL nanoseconds
 * into ticks of a clock of hz Hz, and back.  Every counter of the SoC that
 * is a function of virtual time (the 32 kHz sync counter, the GP timers,
 * the watchdogs) uses it, so that counters on the same clock tick on the
 * same virtual nanosecond and -icount runs are exact.
 *
 *   tick(ns) = floor(ns * hz / 1e9)
 *   tick k starts at the smallest ns with tick(ns) >= k
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_CLOCK_H
#define HW_N9_OMAP3_CLOCK_H

#include "qemu/timer.h"
#include "qemu/host-utils.h"

/* Ticks of a @hz clock elapsed in @ns nanoseconds (0 if @hz is 0). */
static inline uint64_t omap3_ns_to_ticks(int64_t ns, uint32_t hz)
{
    return muldiv64(ns, hz, NANOSECONDS_PER_SECOND);
}

/*
 * The first nanosecond of tick @ticks of a @hz clock (@hz not 0): the exact
 * inverse of omap3_ns_to_ticks().  INT64_MAX (never) if that lies beyond
 * the end of virtual time.
 */
static inline int64_t omap3_ticks_to_ns(uint64_t ticks, uint32_t hz)
{
    if (ticks > omap3_ns_to_ticks(INT64_MAX, hz)) {
        return INT64_MAX;
    }
    return muldiv64_round_up(ticks, NANOSECONDS_PER_SECOND, hz);
}

#endif /* HW_N9_OMAP3_CLOCK_H */
