/*
 * TWL5031 (TWL4030 family) power-management IC of the Nokia N9.
 * An I2C slave at 0x48 that brings its own slaves at 0x49-0x4b onto the
 * same bus when realized; qdev GPIO output "sys-nirq" (high = interrupt
 * pending, the OMAP INTC input 7).  Properties: "battery-temp" (m°C) and
 * "vbat" (mV), what the MADC measures; "idcode"; read-only "vdd1-uv",
 * "vdd1-changes", "vdd1-slew-ns" (DVFS).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_TWL5031_H
#define HW_N9_TWL5031_H

#include "qom/object.h"
#include "qobject/qdict.h"

#define TYPE_TWL5031        "twl5031"
#define TYPE_TWL5031_AUX    "twl5031-aux"
OBJECT_DECLARE_SIMPLE_TYPE(TWL5031State, TWL5031)

/* VDD1's output (vdd1_uv), VSEL changes and their slew time into @d */
void twl5031_dvfs_stats(TWL5031State *s, QDict *d);

#endif
