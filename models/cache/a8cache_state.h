/*
 * The cache model's state image (plain C99): every field of a8cache_state
 * that the model's geometry uses, little-endian, versioned
 * (models/image/n9img.h).  The machine's memory path puts it in its
 * VMState (through the memory path's image, models/mempath), a trace that
 * starts at a mark carries it (docs/trace-format.md).
 *
 *   size_t n = a8cache_state_size(&c);
 *   a8cache_state_save(&c, buf, n);         n, or 0 if the buffer is short
 *   why = a8cache_state_load(&c2, buf, n);  NULL, or why not (one line)
 *
 * A load needs a model initialised with the same geometry (sizes, ways,
 * lines, TLB entries, write-buffer and PLD slots); its latencies may
 * differ.  A bad, foreign or other-geometry image changes nothing.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef MODELS_A8CACHE_STATE_H
#define MODELS_A8CACHE_STATE_H

#include <stddef.h>
#include "a8cache.h"

#ifdef __cplusplus
extern "C" {
#endif

#define A8CACHE_STATE_VERSION   4   /* 4: unaligned counters; 3: the L3
                                     * rate; 2: page attributes, L1NEON */

size_t a8cache_state_size(const a8cache *c);
size_t a8cache_state_save(const a8cache *c, void *buf, size_t len);
const char *a8cache_state_load(a8cache *c, const void *img, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* MODELS_A8CACHE_STATE_H */
