/*
 * Host unit tests of the memory path's state image (mempath_state.c),
 * with the cache model's inside it (models/cache/a8cache_state.c): a path
 * saved mid-run and loaded into a fresh one runs on exactly as the path
 * that never stopped (every charge, every counter, the image at the end);
 * a truncated, foreign, other-version, other-geometry or corrupt image is
 * refused with one line and changes nothing.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdlib.h>
#include <string.h>
#include "mempath_state.h"
#include "../cache/a8cache_state.h"
#include "check.h"

#define BASE    0x80000000u
#define SIZE    0x40000000u

static uint64_t clock_ns;
static uint32_t mem_ns = 100;

static uint64_t now(void *fe)
{
    (void)fe;
    return clock_ns;
}

/* 4 KB pages of a second-level table: two descriptors a walk */
static void walk_read(void *fe, int side, uint32_t va, a8cache_walk *w)
{
    (void)fe;
    (void)side;
    memset(w, 0, sizeof(*w));
    w->desc_pa[0] = BASE + 0x4000 + ((va >> 20) << 2);
    w->desc_pa[1] = BASE + 0x100000 + ((va >> 12) & 0xff) * 4;
    w->ndesc = 2;
    w->page_shift = 12;
    w->cacheable = 1;
}

static void setup(mempath *m, const a8cache_params *p)
{
    a8cache_next next = { .access = a8cache_fixed_next, .ctx = &mem_ns };
    uint64_t on[5] = { 1 | 4 | (1 << 12), 5, BASE, 0, 0 };

    memset(m, 0, sizeof(*m));
    m->sdram_base = BASE;
    m->sdram_size = SIZE;
    m->now = now;
    m->walk_read = walk_read;
    CHECK(mempath_reset(m, p ? p : &a8cache_default_params, &next, 7) == NULL,
          "reset");
    mempath_set_ctx(m, on);
}

/* step @i of a workload with misses, hits, stores, fetches, PLDs, TLB
 * maintenance, a clock change: the same for every path given the same @i */
static uint32_t step(mempath *m, uint32_t i)
{
    uint32_t x = i * 2654435761u;
    uint32_t va = 0x10000000u + (x >> 8) % (6u << 20);
    unsigned res;

    clock_ns = 1000 + (uint64_t)i * 3;
    switch (x & 15) {
    case 0:
        return mempath_pld(m, va, va - 0x10000000u + BASE);
    case 1:
        return mempath_fetch(m, va + BASE - 0x10000000u, 32, 8, va,
                             MP_FETCH_NEW, 8, &res);
    case 2:
        if ((i & 1023) == 2) {
            mempath_tlb_maint(m, MP_TLBI_ASID, 5);
        }
        if ((i & 4095) == 2) {
            mempath_set_mpu_hz(m, (i & 8192) ? 600000000u : 1000000000u);
        }
        return 0;
    default:
        return mempath_access(m, va, va - 0x10000000u + BASE, 4, x & 16,
                              x & 32, x & 64, &res);
    }
}

static unsigned char *image(const mempath *m, size_t *n)
{
    unsigned char *buf;

    *n = mempath_state_size(m);
    buf = malloc(*n);
    CHECK(buf && mempath_state_save(m, buf, *n) == *n,
          "saved %zu bytes", *n);
    return buf;
}

int main(void)
{
    static mempath a, b, c, keep;
    unsigned char *img, *img2, *bad;
    size_t n, n2;
    uint32_t i, diff = 0, sum_a = 0, sum_c = 0;
    const char *why;
    a8cache_params other = a8cache_default_params;

    /* a runs 40000 steps and never stops; b is saved at 20000 into c */
    setup(&a, NULL);
    setup(&b, NULL);
    for (i = 0; i < 20000; i++) {
        step(&a, i);
        step(&b, i);
    }
    img = image(&b, &n);
    CHECK(n > 1000 && n < 200000, "an image of %zu bytes", n);
    CHECK(mempath_state_save(&b, img, n - 1) == 0,
          "a short buffer: nothing saved");
    setup(&c, NULL);
    why = mempath_state_load(&c, img, n);
    CHECK(why == NULL, "loads: %s", why ? why : "ok");
    img2 = image(&c, &n2);
    CHECK(n2 == n && !memcmp(img, img2, n), "the loaded path saves the same "
          "image");
    free(img2);
    for (i = 20000; i < 40000; i++) {
        uint32_t x = step(&a, i), y = step(&c, i);

        diff += x != y;
        sum_a += x;
        sum_c += y;
    }
    CHECK_EQ(diff, 0);
    CHECK_EQ(sum_c, sum_a);
    CHECK(sum_a > 0, "the steps after the load cost (%u ns)", sum_a);
    CHECK(!memcmp(a.c, c.c, sizeof(a.c)), "the path's counters");
    CHECK(!memcmp(a.cache.s.cnt, c.cache.s.cnt, sizeof(a.cache.s.cnt)),
          "the cache's counters");
    CHECK(a.cache.s.cnt[A8C_L2_MISS] > 100 && a.cache.s.cnt[A8C_WALKS] > 100 &&
          a.cache.s.cnt[A8C_PLD] > 100 && a.c[MP_MPU_NS] > 0,
          "the workload misses, walks, preloads and runs below 1 GHz");
    img2 = image(&a, &n2);
    free(img);
    img = image(&c, &n);
    CHECK(n2 == n && !memcmp(img, img2, n), "the same image at the end");
    free(img2);

    /* bad images: refused, one line, the path unchanged */
    keep = c;
    bad = malloc(n);
    why = mempath_state_load(&c, img, n - 1);
    CHECK(why && strstr(why, "says"), "truncated: %s", why ? why : "loaded");
    memcpy(bad, img, n);
    memcpy(bad, "XXXX", 4);
    why = mempath_state_load(&c, bad, n);
    CHECK(why && strstr(why, "not a state image"), "foreign: %s",
          why ? why : "loaded");
    memcpy(bad, img, n);
    bad[4] = MEMPATH_STATE_VERSION + 1;
    why = mempath_state_load(&c, bad, n);
    CHECK(why && strstr(why, "version"), "another version: %s",
          why ? why : "loaded");
    memcpy(bad, img, n);
    bad[n - 1] ^= 0x40;     /* the cache's last L2 state word */
    bad[12] ^= 1;           /* sdram_base */
    why = mempath_state_load(&c, bad, n);
    CHECK(why && strstr(why, "sdram_base"), "another SDRAM: %s",
          why ? why : "loaded");
    CHECK(!memcmp(&keep, &c, sizeof(c)), "nothing changed");
    /* another L2: the cache model's image refuses it */
    other.l2_size = 512 * 1024;
    setup(&b, &other);
    why = mempath_state_load(&b, img, n);
    CHECK(why && strstr(why, "cache: ") && strstr(why, "l2_size"),
          "another cache geometry: %s", why ? why : "loaded");
    /* the cache image alone: its own tag */
    {
        size_t cn = a8cache_state_size(&a.cache);
        unsigned char *ci = malloc(cn);

        CHECK(a8cache_state_save(&a.cache, ci, cn) == cn, "cache image");
        CHECK(!memcmp(ci, "A8C$", 4), "the cache image's tag");
        why = a8cache_state_load(&c.cache, ci + 1, cn - 1);
        CHECK(why != NULL, "a cache image shifted by a byte: %s",
              why ? why : "loaded");
        ci[cn - 20] = 0;
        why = a8cache_state_load(&c.cache, ci, cn);
        CHECK(why == NULL, "a cache image with other tags loads");
        free(ci);
    }
    free(bad);
    free(img);
    return check_done();
}
