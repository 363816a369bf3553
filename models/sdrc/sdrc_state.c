/*
 * The SDRC model's state image as bytes (sdrc_state.h): sdrc_save's words
 * (the one list of the model's state fields) in an n9img.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sdrc_state.h"
#include "../image/n9img.h"

static void visit(n9img *im, uint64_t w[SDRC_IMAGE_WORDS])
{
    n9img_head(im, "SDRC", SDRC_STATE_VERSION);
    n9img_same(im, SDRC_IMAGE_WORDS, 4, "words");
    n9img_u64s(im, w, SDRC_IMAGE_WORDS);
}

size_t sdrc_state_size(const SdrcModel *m)
{
    uint64_t w[SDRC_IMAGE_WORDS];
    n9img im;

    (void)m;
    n9img_save_begin(&im, NULL, 0);
    visit(&im, w);
    return n9img_end(&im, 0);
}

size_t sdrc_state_save(const SdrcModel *m, void *buf, size_t len)
{
    uint64_t w[SDRC_IMAGE_WORDS];
    n9img im;

    if (len < sdrc_state_size(m)) {
        return 0;       /* the buffer untouched */
    }

    sdrc_save(m, w);
    n9img_save_begin(&im, buf, len);
    visit(&im, w);
    return n9img_end(&im, 0);
}

const char *sdrc_state_load(SdrcModel *m, const void *img, size_t len)
{
    static char why[160];
    uint64_t w[SDRC_IMAGE_WORDS];
    n9img im;

    n9img_load_begin(&im, img, len);
    visit(&im, w);
    n9img_end(&im, 0);
    if (im.err) {
        snprintf(why, sizeof(why), "%s", im.err);
        return why;
    }
    if (!sdrc_load(m, w)) {
        return "the SDRC image's words are of another version";
    }
    return NULL;
}
