/*
 * The memory path's state image (plain C99): the path's own fields (CPU
 * state, counters, the MPU's rate, a fetch's pending extra) and, inside
 * it, the cache model's image (models/cache/a8cache_state.h), so the one
 * image is everything that shapes the next access's cost.  The machine's
 * memory path carries it in its VMState (n9_memory.c); a trace that
 * starts at a mark carries it for replay (docs/trace-format.md).
 *
 * A load needs a path reset with the same SDRAM window and the same cache
 * geometry (mempath_reset); a bad image changes nothing.  The front-end
 * (now, walk_read, fe) is not state: the loader's stays.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef MODELS_MEMPATH_MEMPATH_STATE_H
#define MODELS_MEMPATH_MEMPATH_STATE_H

#include <stddef.h>
#include "mempath.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MEMPATH_STATE_VERSION   3   /* 3: the cache maintenance and
                                     * barrier counters (2 was used
                                     * and taken back before) */

size_t mempath_state_size(const mempath *m);
/* the image's size, or 0 if @len is too small */
size_t mempath_state_save(const mempath *m, void *buf, size_t len);
/* NULL, or why the image cannot be loaded (one line) */
const char *mempath_state_load(mempath *m, const void *img, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* MODELS_MEMPATH_MEMPATH_STATE_H */
