/*
 * The cache model's state image (a8cache_state.h): one walk over the
 * fields for counting, saving and loading.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdlib.h>

#include "a8cache_state.h"
#include "../image/n9img.h"

static void visit(n9img *im, void *model)
{
    a8cache *c = model;
    a8cache_state *s = &c->s;
    /* the lines the geometry has: the arrays' rest is never used */
    uint32_t l1i = c->l1i_sets * c->l1i_ways;
    uint32_t l1d = c->l1d_sets * c->l1d_ways;
    uint32_t l2 = c->l2_sets * c->l2_ways;

    n9img_head(im, "A8C$", A8CACHE_STATE_VERSION);
    /* the shape the state was made with: a load needs the same */
    n9img_same(im, c->p.l1i_size, 4, "l1i_size");
    n9img_same(im, c->p.l1i_ways, 4, "l1i_ways");
    n9img_same(im, c->p.l1i_line, 4, "l1i_line");
    n9img_same(im, c->p.l1d_size, 4, "l1d_size");
    n9img_same(im, c->p.l1d_ways, 4, "l1d_ways");
    n9img_same(im, c->p.l1d_line, 4, "l1d_line");
    n9img_same(im, c->p.l2_size, 4, "l2_size");
    n9img_same(im, c->p.l2_ways, 4, "l2_ways");
    n9img_same(im, c->p.l2_line, 4, "l2_line");
    n9img_same(im, c->p.itlb_entries, 4, "itlb_entries");
    n9img_same(im, c->p.dtlb_entries, 4, "dtlb_entries");
    n9img_same(im, c->p.wbuf_lines, 4, "wbuf_lines");
    n9img_same(im, c->p.pld_slots, 4, "pld_slots");
    n9img_same(im, A8C_NUM_COUNTERS, 4, "counters");

    n9img_u32(im, &s->l2_wlast);
    n9img_u32(im, &s->l2_wlast_idx);
    n9img_u32(im, &s->l1d_wmiss);
    n9img_u32(im, &s->wc_line);
    n9img_u32(im, &s->wc_bits);
    n9img_u32(im, &s->wc_noalloc);
    n9img_u32(im, &s->l1neon);
    n9img_u32(im, &s->cpu_period_ps);
    n9img_u32(im, &s->l3_hz);
    n9img_u32(im, &s->carry_ps);
    n9img_u64s(im, s->cnt, A8C_NUM_COUNTERS);
    n9img_u64(im, &s->rng);
    n9img_u64(im, &s->port_free_ns);
    n9img_u64s(im, s->wbuf_out_ns, A8CACHE_MAX_WBUF);
    n9img_u32(im, &s->wbuf_head);
    n9img_u32(im, &s->wbuf_count);
    n9img_u32s(im, s->pld_line, A8CACHE_MAX_PLD);
    n9img_u64s(im, s->pld_ready_ns, A8CACHE_MAX_PLD);
    for (int side = 0; side < 2; side++) {
        n9img_u32s(im, s->tlb_va[side], A8CACHE_MAX_TLB);
        n9img_u32s(im, s->tlb_mask[side], A8CACHE_MAX_TLB);
        n9img_u32s(im, s->tlb_attr[side], A8CACHE_MAX_TLB);
        n9img_u32s(im, s->tlb_hot_vpn[side], A8CACHE_HOT_TLB);
        n9img_u32s(im, s->tlb_hot_asid[side], A8CACHE_HOT_TLB);
        n9img_u32s(im, s->tlb_hot_attr[side], A8CACHE_HOT_TLB);
    }
    n9img_u32s(im, s->tlb_next, 2);
    n9img_u32s(im, s->l1i_hot, A8CACHE_HOT_L1);
    n9img_u32s(im, s->l1d_hot, A8CACHE_HOT_L1);
    n9img_u32s(im, s->l1d_whot, A8CACHE_HOT_L1);
    n9img_u32s(im, s->l1i_tag, l1i);
    n9img_u32s(im, s->l1d_tag, l1d);
    for (uint32_t i = 0; i < l1d && !im->err; i++) {
        n9img_u8(im, &s->l1d_dirty[i]);
    }
    n9img_u32s(im, s->l2_tag, l2);
    for (uint32_t i = 0; i < l2 && !im->err; i++) {
        n9img_u16(im, &s->l2_st[i]);
    }
    /* indices the model follows without a check: a bad image stops here */
    if (im->loading && !im->err &&
        (s->wbuf_head >= A8CACHE_MAX_WBUF || s->wbuf_count > A8CACHE_MAX_WBUF ||
         s->tlb_next[0] >= A8CACHE_MAX_TLB || s->tlb_next[1] >= A8CACHE_MAX_TLB ||
         s->l2_wlast_idx >= A8CACHE_MAX_L2_LINES || !s->cpu_period_ps ||
         !s->l3_hz ||
         !s->rng)) {
        n9img_fail(im, "the cache image is corrupt (an index out of range)");
    }
}

size_t a8cache_state_size(const a8cache *c)
{
    return n9img_size_of(visit, c);
}

size_t a8cache_state_save(const a8cache *c, void *buf, size_t len)
{
    return n9img_save(visit, c, buf, len);
}

const char *a8cache_state_load(a8cache *c, const void *img, size_t len)
{
    /* into a copy first: a bad image leaves the model as it was */
    static char why[160];
    a8cache *t = malloc(sizeof(*t));
    const char *err;

    if (!t) {
        return "out of memory loading the cache image";
    }
    *t = *c;
    err = n9img_load(visit, t, img, len, why, sizeof(why));
    if (!err) {
        c->s = t->s;
    }
    free(t);
    return err;
}
