/*
 * The N9's memory path in the machine (n9_memory.c): every instruction
 * fetch, load and store of the vCPU to SDRAM reaches the cache model, and
 * what it costs is charged to the vCPU's virtual time.
 *
 * A device without a bus, the machine's child "memory-path"
 * (/machine/memory-path):
 *   clock input "mpu_ck"   the MPU clock (PRCM): below 1 GHz an
 *                          instruction costs 1e9 / rate ns, not 1; the
 *                          cache model's cycle costs follow it
 *   clock input "l3_ick"   the L3 clock (PRCM): the interconnect's part
 *                          of an L2 miss ([cache] l3_ns, l3_line_ns)
 *                          follows its period
 *   QOM counters           the glue's (loads, stores, fetches, plds,
 *                          other, uncached, mpu-ns, stall-ns) and the
 *                          cache model's (l1d-load-hits, walks, mem-ns,
 *                          ...: models/cache a8cache_counter_names)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_N9_MEMORY_H
#define HW_N9_N9_MEMORY_H

#include "hw/qdev-core.h"
#include "hw/clock.h"
#include "qobject/qdict.h"
#include "target/arm/cpu-qom.h"
#include "models/cache/a8cache.h"
#include "models/mempath/mempath.h"
#include "models/trace/n9trace.h"
#include "models/sdrc/sdrc.h"
#include "omap3_prcm.h"

#define TYPE_N9_MEMORY "n9-memory"
OBJECT_DECLARE_SIMPLE_TYPE(N9MemoryState, N9_MEMORY)

/*
 * The memory path of the CPU (link "cpu") over the SDRAM (link "sdram",
 * RAM, seen at "sdram-base"): the cache model with the [cache] parameters
 * (n9_memory_set_params, before realize) and the replacement "seed", in
 * front of the SDRC's SDRAM model (link "sdrc"); MPU OFF from the PRCM
 * (link "prcm"), its clock inputs "mpu_ck" and "l3_ick" from the PRCM's.
 * All required.  Realize registers the hooks (exec/mem-hook.h): before
 * anything is translated.  It resets with the machine (Resettable).
 */
void n9_memory_set_params(DeviceState *dev, const a8cache_params *params);

/*
 * Record every call into the memory path from now on to @w (NULL: stop):
 * the state it is in first (MPU rate, CPU state), then each access,
 * fetch, PLD, walk, TLB maintenance, MPU OFF, reset, and the hits the
 * generated code counted (models/trace, docs/trace-format.md).
 */
void n9_memory_record(N9MemoryState *s, n9trace_writer *w);
/* The hits counted since the last event, before the trace ends. */
void n9_memory_record_end(N9MemoryState *s);
/*
 * A trace's window starts (record-from=): the events from here on, the
 * filters' counts so far being in the state image (n9_memory_image).
 */
void n9_memory_record_window(N9MemoryState *s, n9trace_writer *w);
/*
 * The memory path's state image (models/mempath/mempath_state.h) as the
 * counters read now: the filters' counts folded into a copy.
 */
GByteArray *n9_memory_image(N9MemoryState *s);

/* The counters, for the statistics file's "memory" section. */
QDict *n9_memory_stats(N9MemoryState *s);

#endif /* HW_N9_N9_MEMORY_H */
