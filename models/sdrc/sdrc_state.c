/*
 * The SDRC model's state image as bytes (sdrc_state.h): sdrc_save's words
 * (the one list of the model's state fields) in an n9img.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sdrc_state.h"
#include "../image/n9img.h"

static void visit(n9img *im, void *words)
{
    uint64_t *w = words;

    n9img_head(im, "SDRC", SDRC_STATE_VERSION);
    n9img_same(im, SDRC_IMAGE_WORDS, 4, "words");
    n9img_u64s(im, w, SDRC_IMAGE_WORDS);
}

size_t sdrc_state_size(const SdrcModel *m)
{
    uint64_t w[SDRC_IMAGE_WORDS] = { 0 };   /* counted, not read */

    (void)m;
    return n9img_size_of(visit, w);
}

size_t sdrc_state_save(const SdrcModel *m, void *buf, size_t len)
{
    uint64_t w[SDRC_IMAGE_WORDS];

    if (len < sdrc_state_size(m)) {
        return 0;       /* the buffer untouched */
    }
    sdrc_save(m, w);
    return n9img_save(visit, w, buf, len);
}

const char *sdrc_state_load(SdrcModel *m, const void *img, size_t len)
{
    static char why[160];
    uint64_t w[SDRC_IMAGE_WORDS];

    if (n9img_load(visit, w, img, len, why, sizeof(why))) {
        return why;
    }
    if (!sdrc_load(m, w)) {
        return "the SDRC image's words are of another version";
    }
    return NULL;
}
