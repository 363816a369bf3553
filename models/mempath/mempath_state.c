/*
 * The memory path's state image (mempath_state.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdlib.h>

#include "mempath_state.h"
#include "../cache/a8cache_state.h"
#include "../image/n9img.h"

static void visit(n9img *im, void *model)
{
    mempath *m = model;
    uint32_t clen;

    n9img_head(im, "MEMP", MEMPATH_STATE_VERSION);
    n9img_same(im, m->sdram_base, 8, "sdram_base");
    n9img_same(im, m->sdram_size, 8, "sdram_size");
    n9img_same(im, MP_NUM, 4, "counters");
    n9img_bool(im, &m->mmu_on);
    n9img_bool(im, &m->dcache_on);
    n9img_bool(im, &m->icache_on);
    n9img_bool(im, &m->skip_ok);
    n9img_u32(im, &m->asid);
    n9img_u64s(im, m->ctx, 5);
    n9img_u64(im, &m->insn_extra_fp);
    n9img_u64(im, &m->insn_extra_acc);
    n9img_u32(im, &m->seg_ahead);
    n9img_u32(im, &m->seg_insns);
    n9img_u32(im, &m->seg_extra);
    n9img_u64(im, &m->seg_acc);
    n9img_u64s(im, m->c, MP_NUM);

    /* the cache model's own image, as it writes it */
    clen = im->loading ? 0 : (uint32_t)a8cache_state_size(&m->cache);
    n9img_u32(im, &clen);
    if (im->err || !n9img_room(im, clen)) {
        return;
    }
    if (im->loading) {
        const char *why = a8cache_state_load(&m->cache, im->in + im->pos,
                                             clen);
        if (why) {
            snprintf(im->why, sizeof(im->why), "cache: %s", why);
            im->err = im->why;
            return;
        }
    } else if (im->out &&
               a8cache_state_save(&m->cache, im->out + im->pos, clen) != clen) {
        n9img_fail(im, "the cache image changed size while saved");
        return;
    }
    im->pos += clen;
}

size_t mempath_state_size(const mempath *m)
{
    return n9img_size_of(visit, m);
}

size_t mempath_state_save(const mempath *m, void *buf, size_t len)
{
    return n9img_save(visit, m, buf, len);
}

const char *mempath_state_load(mempath *m, const void *img, size_t len)
{
    static char why[200];
    mempath *t = malloc(sizeof(*t));

    if (!t) {
        return "out of memory loading the memory path's image";
    }
    *t = *m;
    if (n9img_load(visit, t, img, len, why, sizeof(why))) {
        free(t);
        return why;
    }
    /* the state; the front-end's callbacks and the geometry stay */
    t->now = m->now;
    t->walk_read = m->walk_read;
    t->fe = m->fe;
    *m = *t;
    free(t);
    return NULL;
}
