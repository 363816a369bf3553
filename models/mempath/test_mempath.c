/*
 * Host unit tests of the memory path (mempath.c): what reaches the cache
 * model and what it is charged, against a twin cache model called
 * directly; the counters; the walk's front-end call; the MPU below 1 GHz.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>
#include "mempath.h"
#include "check.h"

#define BASE    0x80000000u
#define SIZE    0x40000000u

static uint64_t clock_ns = 1000;
static int walks;
static int walk_side;

static uint64_t now(void *fe)
{
    (void)fe;
    return clock_ns;
}

/* a section mapping: one descriptor */
static void walk_read(void *fe, int side, uint32_t va, a8cache_walk *w)
{
    (void)fe;
    walks++;
    walk_side = side;
    memset(w, 0, sizeof(*w));
    w->desc_pa[0] = BASE + 0x4000 + ((va >> 20) << 2);
    w->ndesc = 1;
    w->page_shift = 20;
    w->cacheable = 1;
}

static uint32_t mem_ns = 100;

static void setup(mempath *m, a8cache *twin)
{
    a8cache_next next = { .access = a8cache_fixed_next, .ctx = &mem_ns };

    memset(m, 0, sizeof(*m));
    m->sdram_base = BASE;
    m->sdram_size = SIZE;
    m->now = now;
    m->walk_read = walk_read;
    CHECK(mempath_reset(m, &a8cache_default_params, &next, 1) == NULL,
          "reset with the defaults");
    if (twin) {
        CHECK(a8cache_init(twin, &a8cache_default_params, &next, 1) == NULL,
              "twin");
    }
}

int main(void)
{
    mempath m;
    a8cache twin;
    unsigned res;
    uint32_t ns, want;
    uint64_t off[5] = { 0 };        /* SCTLR 0: MMU and caches off */
    uint64_t on[5] = { 1 | 4 | (1 << 12), 5, BASE, 0, 0 };

    /* MMU off: uncached, straight to the next level */
    setup(&m, &twin);
    mempath_set_ctx(&m, off);
    ns = mempath_access(&m, BASE + 64, BASE + 64, 4, false, false, false,
                        &res);
    want = a8cache_uncached(&twin, BASE + 64, 4, 0, clock_ns);
    CHECK_EQ(ns, want);
    CHECK(ns > 0, "an uncached load costs (%u ns)", ns);
    CHECK_EQ(m.c[MP_LOADS], 1);
    CHECK_EQ(m.c[MP_UNCACHED], 1);
    CHECK_EQ(m.c[MP_STALL_NS], ns);
    CHECK(!(res & (MP_R_FAST | MP_R_CACHED)), "not through the cache");

    /* outside the SDRAM: counted, free */
    ns = mempath_access(&m, 0x40200000u, 0x40200000u, 4, true, false, false,
                        &res);
    CHECK_EQ(ns, 0);
    CHECK(res & MP_R_OTHER, "SRAM: other");
    CHECK_EQ(m.c[MP_OTHER], 1);
    CHECK_EQ(m.c[MP_STORES], 1);

    /* MMU and caches on: a walk, a miss, then the fast path */
    setup(&m, NULL);
    mempath_set_ctx(&m, on);
    CHECK(m.mmu_on && m.dcache_on && m.icache_on, "SCTLR M, C, I");
    CHECK_EQ(m.asid, 5);
    walks = 0;
    ns = mempath_access(&m, 0xc0001000u, BASE + 0x1000, 4, false, false,
                        false, &res);
    CHECK_EQ(walks, 1);
    CHECK_EQ(walk_side, A8C_DTLB);
    CHECK(res & MP_R_WALKED, "walked");
    CHECK(ns > mem_ns, "walk and miss: %u ns", ns);
    ns = mempath_access(&m, 0xc0001004u, BASE + 0x1004, 4, false, false,
                        false, &res);
    CHECK_EQ(ns, 0);
    CHECK(res & MP_R_FAST, "then the common case");
    CHECK_EQ(walks, 1);
    /* the load-use interlock, when the caller says so */
    ns = mempath_access(&m, 0xc0001008u, BASE + 0x1008, 4, false, false,
                        true, &res);
    CHECK(ns > 0, "load-use: %u ns", ns);
    CHECK_EQ(m.c[MP_LOADS], 3);
    CHECK_EQ(m.cache.s.cnt[A8C_L1D_HIT], 2);

    /* the filters' hits */
    mempath_add_skipped(&m, 10, 20, 3, 4);
    CHECK_EQ(m.c[MP_LOADS], 13);
    CHECK_EQ(m.c[MP_STORES], 20);
    CHECK_EQ(m.c[MP_FETCHES], 4);
    CHECK_EQ(m.cache.s.cnt[A8C_L1D_HIT], 12);
    CHECK_EQ(m.cache.s.cnt[A8C_ITLB_HIT], 3);

    /* below 1 GHz: 500 MHz is 1 ns more per instruction */
    CHECK_EQ(mempath_set_mpu_hz(&m, 500000000), 0);
    ns = mempath_fetch(&m, BASE + 0x2000, 40, 10, 0xc0002000u,
                       MP_FETCH_NEW, 10, &res);
    CHECK_EQ(m.c[MP_MPU_NS], 10);
    CHECK(ns >= 10, "the extra is charged: %u ns", ns);
    CHECK_EQ(mempath_set_mpu_hz(&m, 2000000000), 1);

    /* TLB maintenance: the next access walks again */
    mempath_tlb_maint(&m, MP_TLBI_ALL, 0);
    walks = 0;
    mempath_access(&m, 0xc0001004u, BASE + 0x1004, 4, false, false, false,
                   &res);
    CHECK_EQ(walks, 1);
    return check_done();
}
