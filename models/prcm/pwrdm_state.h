/*
 * The power/clock-domain model's state image (plain C99,
 * models/image/n9img.h): every field of PrcmModel but the wrapper's
 * callback, little-endian, versioned.  The PRCM device's VMState carries
 * it (omap3_prcm.c), so the model alone describes its state.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef MODELS_PRCM_PWRDM_STATE_H
#define MODELS_PRCM_PWRDM_STATE_H

#include <stddef.h>
#include "pwrdm.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PRCM_STATE_VERSION      1

size_t prcm_state_size(const PrcmModel *m);
/* the image's size, or 0 if @len is too small */
size_t prcm_state_save(const PrcmModel *m, void *buf, size_t len);
/* NULL, or why the image cannot be loaded (one line); @m unchanged then */
const char *prcm_state_load(PrcmModel *m, const void *img, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* MODELS_PRCM_PWRDM_STATE_H */
