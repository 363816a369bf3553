/*
 * A register target's state image (l4ic_state.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "l4ic_state.h"
#include "../image/n9img.h"

static void visit(n9img *im, void *model)
{
    l4ic_target *t = model;

    n9img_head(im, "L4IC", L4IC_STATE_VERSION);
    n9img_u64(im, &t->rng);
    if (im->loading && !im->err && !t->rng) {
        /* xorshift stays at 0 for ever: no generator state */
        n9img_fail(im, "the L4IC image is corrupt (generator state 0)");
    }
}

size_t l4ic_state_size(const l4ic_target *t)
{
    return n9img_size_of(visit, t);
}

size_t l4ic_state_save(const l4ic_target *t, void *buf, size_t len)
{
    return n9img_save(visit, t, buf, len);
}

const char *l4ic_state_load(l4ic_target *t, const void *img, size_t len)
{
    static char why[160];
    l4ic_target c = *t;

    if (n9img_load(visit, &c, img, len, why, sizeof(why))) {
        return why;
    }
    *t = c;
    return NULL;
}
