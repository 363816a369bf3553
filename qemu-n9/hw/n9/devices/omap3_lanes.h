/*
 * Byte lanes of the OMAP3's 32-bit registers.
 *
 * Most OMAP3 register blocks take 8-, 16- and 32-bit accesses to their
 * 32-bit registers (pinctrl-single writes the SCM padconf 16 bits at a
 * time, the scratchpad is written by memcpy).  QEMU's memory core would
 * widen a narrow write to the whole word and clobber its neighbours, so
 * these devices take every size and work on the lanes an access touches.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3_LANES_H
#define HW_N9_OMAP3_LANES_H

#include "qemu/bitops.h"

/* The part of register @word that a @size-byte read at @addr returns. */
static inline uint32_t omap3_lane_read(uint32_t word, hwaddr addr,
                                       unsigned size)
{
    return extract32(word, (addr & 3) * 8, size * 8);
}

/* The bits of the register that a @size-byte write at @addr changes. */
static inline uint32_t omap3_lane_mask(hwaddr addr, unsigned size)
{
    return deposit32(0, (addr & 3) * 8, size * 8, UINT32_MAX);
}

/* @value, written with @size bytes at @addr, moved to its lanes. */
static inline uint32_t omap3_lane_value(hwaddr addr, unsigned size,
                                        uint64_t value)
{
    return deposit32(0, (addr & 3) * 8, size * 8, value);
}

/* Register @word after a @size-byte write of @value at @addr. */
static inline uint32_t omap3_lane_merge(uint32_t word, hwaddr addr,
                                        unsigned size, uint64_t value)
{
    return deposit32(word, (addr & 3) * 8, size * 8, value);
}

#endif /* HW_N9_OMAP3_LANES_H */
