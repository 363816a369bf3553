/*
 * A register target's state image (l4ic_state.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "l4ic_state.h"
#include "../image/n9img.h"

static void visit(n9img *im, l4ic_target *t)
{
    n9img_head(im, "L4IC", L4IC_STATE_VERSION);
    n9img_u64(im, &t->rng);
    if (im->loading && !im->err && !t->rng) {
        /* xorshift stays at 0 for ever: no generator state */
        n9img_fail(im, "the L4IC image is corrupt (generator state 0)");
    }
}

size_t l4ic_state_size(const l4ic_target *t)
{
    n9img im;

    n9img_save_begin(&im, NULL, 0);
    visit(&im, (l4ic_target *)t);
    return n9img_end(&im, 0);
}

size_t l4ic_state_save(const l4ic_target *t, void *buf, size_t len)
{
    n9img im;

    if (len < l4ic_state_size(t)) {
        return 0;       /* the buffer untouched */
    }

    n9img_save_begin(&im, buf, len);
    visit(&im, (l4ic_target *)t);
    return n9img_end(&im, 0);
}

const char *l4ic_state_load(l4ic_target *t, const void *img, size_t len)
{
    static char why[160];
    l4ic_target c = *t;
    n9img im;

    n9img_load_begin(&im, img, len);
    visit(&im, &c);
    n9img_end(&im, 0);
    if (im.err) {
        snprintf(why, sizeof(why), "%s", im.err);
        return why;
    }
    *t = c;
    return NULL;
}
