/*
 * The SDRC model's state image as bytes (plain C99, models/image/n9img.h):
 * the words sdrc_save walks (the controller's and each LPDDR rank's and
 * bank's state, the counters: one list, sdrc.c's visit), little-endian,
 * with a tag, a version and a length.  The configuration is not in it:
 * the loader takes the same configuration first (sdrc_configure), as the
 * SDRC device does from its registers and a trace from its SDRC_CFG event.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef MODELS_SDRC_STATE_H
#define MODELS_SDRC_STATE_H

#include <stddef.h>
#include "sdrc.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SDRC_STATE_VERSION      1

size_t sdrc_state_size(const SdrcModel *m);
/* the image's size, or 0 if @len is too small */
size_t sdrc_state_save(const SdrcModel *m, void *buf, size_t len);
/* NULL, or why the image cannot be loaded (one line); @m unchanged then */
const char *sdrc_state_load(SdrcModel *m, const void *img, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* MODELS_SDRC_STATE_H */
