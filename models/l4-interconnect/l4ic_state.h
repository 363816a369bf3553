/*
 * A register target's state image (plain C99, models/image/n9img.h): its
 * latency generator's position, so that a restored machine or a replay
 * that starts at a mark draws the same costs as the unbroken run.  The
 * parameters are configuration, not state: the loader's stay (a replay
 * with other [agent] values draws from the same position).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef MODELS_L4IC_STATE_H
#define MODELS_L4IC_STATE_H

#include <stddef.h>
#include "l4ic.h"

#ifdef __cplusplus
extern "C" {
#endif

#define L4IC_STATE_VERSION      1

size_t l4ic_state_size(const l4ic_target *t);
/* the image's size, or 0 if @len is too small */
size_t l4ic_state_save(const l4ic_target *t, void *buf, size_t len);
/* NULL, or why the image cannot be loaded (one line); @t unchanged then */
const char *l4ic_state_load(l4ic_target *t, const void *img, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* MODELS_L4IC_STATE_H */
