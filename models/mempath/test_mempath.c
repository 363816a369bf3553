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
static uint32_t walk_attr;          /* what the walk finds (0: not read) */

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
    w->attr = walk_attr;
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

/* Descriptors: a section and a small page with TEX, C, B */
static uint32_t sect(uint32_t tex, uint32_t c, uint32_t b)
{
    return tex << 12 | c << 3 | b << 2 | 2;
}

static uint32_t small(uint32_t tex, uint32_t c, uint32_t b)
{
    return tex << 6 | c << 3 | b << 2 | 2;
}

#define GIVEN(i, o)     (A8C_ATTR_GIVEN | A8C_ATTR(A8C_MA_##i, A8C_MA_##o))
#define SCTLR_TRE       (1u << 28)
/* What Linux programs with TEX remap (arch/arm/mm/proc-v7-2level.S, its
 * PRRR and NMRR and the L_PTE_MT_* table above them) */
#define LINUX_PRRR      0xff0a81a8u
#define LINUX_NMRR      0x40e040e0u

/* TEX/C/B, with and without TEX remap (ARM ARM B3.8.2, B3.8.3) */
static void test_page_attr(void)
{
    /* without remap: TEX[2] set, C:B inner and TEX[1:0] outer */
    CHECK_EQ(mempath_page_attr(sect(5, 0, 1), 0, 0, 0, 0), GIVEN(WBWA, WBWA));
    CHECK_EQ(mempath_page_attr(sect(6, 1, 1), 0, 0, 0, 0), GIVEN(WB, WT));
    CHECK_EQ(mempath_page_attr(sect(4, 1, 0), 0, 0, 0, 0), GIVEN(WT, NC));
    CHECK_EQ(mempath_page_attr(small(7, 0, 0), 1, 0, 0, 0), GIVEN(NC, WB));
    /* TEX[2] clear: the ARMv6 encodings */
    CHECK_EQ(mempath_page_attr(sect(0, 0, 0), 0, 0, 0, 0), GIVEN(NC, NC));
    CHECK_EQ(mempath_page_attr(sect(0, 0, 1), 0, 0, 0, 0), GIVEN(NC, NC));
    CHECK_EQ(mempath_page_attr(sect(0, 1, 0), 0, 0, 0, 0), GIVEN(WT, WT));
    CHECK_EQ(mempath_page_attr(sect(0, 1, 1), 0, 0, 0, 0), GIVEN(WB, WB));
    CHECK_EQ(mempath_page_attr(sect(1, 0, 0), 0, 0, 0, 0), GIVEN(NC, NC));
    CHECK_EQ(mempath_page_attr(sect(1, 1, 1), 0, 0, 0, 0), GIVEN(WBWA, WBWA));
    CHECK_EQ(mempath_page_attr(sect(2, 0, 0), 0, 0, 0, 0), GIVEN(NC, NC));
    /* a small page's TEX is bits 8:6, not 14:12 */
    CHECK_EQ(mempath_page_attr(small(1, 1, 1), 1, 0, 0, 0), GIVEN(WBWA, WBWA));
    CHECK_EQ(mempath_page_attr(small(1, 1, 1), 0, 0, 0, 0), GIVEN(WB, WB));
    /* TEX remap with Linux's PRRR/NMRR: its memory types */
    CHECK_EQ(mempath_page_attr(small(0, 1, 1), 1, SCTLR_TRE, LINUX_PRRR,
                               LINUX_NMRR), GIVEN(WB, WB));    /* WRITEBACK */
    CHECK_EQ(mempath_page_attr(small(1, 1, 1), 1, SCTLR_TRE, LINUX_PRRR,
                               LINUX_NMRR), GIVEN(WBWA, WBWA)); /* WRITEALLOC */
    CHECK_EQ(mempath_page_attr(small(0, 1, 0), 1, SCTLR_TRE, LINUX_PRRR,
                               LINUX_NMRR), GIVEN(WT, WT));  /* WRITETHROUGH */
    CHECK_EQ(mempath_page_attr(small(0, 0, 1), 1, SCTLR_TRE, LINUX_PRRR,
                               LINUX_NMRR), GIVEN(NC, NC));    /* BUFFERABLE */
    CHECK_EQ(mempath_page_attr(small(0, 0, 0), 1, SCTLR_TRE, LINUX_PRRR,
                               LINUX_NMRR), GIVEN(NC, NC));    /* UNCACHED */
    CHECK_EQ(mempath_page_attr(small(1, 0, 0), 1, SCTLR_TRE, LINUX_PRRR,
                               LINUX_NMRR), GIVEN(NC, NC));    /* DEV_SHARED */
    /* the PMD_SECT_WB section of a uniprocessor kernel (PMD_FLAGS_UP) */
    CHECK_EQ(mempath_page_attr(sect(0, 1, 1), 0, SCTLR_TRE, LINUX_PRRR,
                               LINUX_NMRR), GIVEN(WB, WB));
    /* remap reads the index's own fields: another NMRR, another answer */
    CHECK_EQ(mempath_page_attr(small(0, 1, 1), 1, SCTLR_TRE, LINUX_PRRR,
                               0x00400040u), GIVEN(WBWA, WBWA));
}

/* The walk's attributes decide the path: a device page is not cached */
static void test_attr_path(void)
{
    mempath m;
    a8cache twin;
    unsigned res;
    uint32_t ns, want;
    uint64_t on[5] = { 1 | 4 | (1 << 12), 5, BASE, 0, 0 };

    setup(&m, &twin);
    mempath_set_ctx(&m, on);
    walk_attr = GIVEN(NC, NC);
    mempath_access(&m, 0xd0000000u, BASE + 0x100000, 4, false, false, false,
                   &res);
    clock_ns += 100000;             /* the first access's transfers done */
    ns = mempath_access(&m, 0xd0000040u, BASE + 0x100040, 4, false, false,
                        false, &res);
    want = a8cache_uncached(&twin, BASE + 0x100040, 4, 0, clock_ns);
    CHECK_EQ(ns, want);
    CHECK(!(res & (MP_R_FAST | MP_R_CACHED | MP_R_HIT)),
          "device page: not through the L1 D, nothing to skip");
    CHECK_EQ(m.c[MP_UNCACHED], 2);
    CHECK(!a8cache_probe(&m.cache, A8C_LEVEL_L1D, BASE + 0x100040) &&
          !a8cache_probe(&m.cache, A8C_LEVEL_L2, BASE + 0x100040),
          "device page: in neither cache");
    /* write-through: a store hit is no hit the filters may skip */
    mempath_tlb_maint(&m, MP_TLBI_ALL, 0);
    walk_attr = GIVEN(WT, WB);
    mempath_access(&m, 0xd0000000u, BASE + 0x100000, 4, false, false, false,
                   &res);
    mempath_access(&m, 0xd0000000u, BASE + 0x100000, 4, true, false, false,
                   &res);
    CHECK(!(res & (MP_R_FAST | MP_R_HIT)) && (res & MP_R_CACHED),
          "write-through store hit: cached, not skippable");
    /* ACTLR.L1NEON clear: a NEON miss leaves no line for the filters */
    mempath_tlb_maint(&m, MP_TLBI_ALL, 0);
    walk_attr = GIVEN(WB, WB);
    mempath_access(&m, 0xd0000000u, BASE + 0x100400, 8, false, true, false,
                   &res);
    CHECK(!(res & (MP_R_CACHED | MP_R_HIT)),
          "L1NEON clear: a NEON load that missed is no line in the L1 D");
    mempath_access(&m, 0xd0000000u, BASE + 0x100408, 8, false, true, false,
                   &res);
    CHECK(!(res & (MP_R_CACHED | MP_R_FAST)),
          "... and the next NEON load of the line misses the L1 D again");
    mempath_set_actlr(&m, 0x62);
    mempath_access(&m, 0xd0000000u, BASE + 0x100800, 8, false, true, false,
                   &res);
    CHECK(res & MP_R_CACHED, "L1NEON set: the NEON miss fills the L1 D");
    mempath_set_actlr(&m, 0);
    /* ACTLR.L1NEON */
    CHECK_EQ(m.cache.s.l1neon, 0);
    mempath_set_actlr(&m, 0x62);
    CHECK_EQ(m.cache.s.l1neon, 1);
    mempath_set_actlr(&m, 0x42);
    CHECK_EQ(m.cache.s.l1neon, 0);
    walk_attr = 0;
}

/*
 * Cache maintenance: by address the D-TLB is looked up (a walk on a
 * miss); outside the SDRAM nothing; a clean's write-back is the twin's;
 * by set and way and ICIALLU no walk.
 */
static void test_cache_maint(void)
{
    mempath m;
    a8cache twin;
    unsigned res;
    uint32_t ns, want, before;
    uint64_t on[5] = { 1 | 4 | (1 << 12), 5, BASE, 0, 0 };
    const uint32_t va = 0xd0000000u, pa = BASE + 0x100000;

    setup(&m, &twin);
    mempath_set_ctx(&m, on);
    walk_attr = GIVEN(WB, WB);
    mempath_access(&m, va, pa, 4, false, false, false, &res);
    mempath_access(&m, va, pa, 4, true, false, false, &res);
    a8cache_load(&twin, pa, 4, clock_ns);
    a8cache_store(&twin, pa, 4, clock_ns);
    walks = 0;
    ns = mempath_cache_maint(&m, MP_DC_CMVAC, va, pa);
    want = a8cache_maint_line(&twin, A8C_CLEAN_POC, pa, clock_ns);
    CHECK(ns == want && walks == 0 && m.cache.s.cnt[A8C_L2_WB] == 1 &&
          a8cache_probe(&m.cache, A8C_LEVEL_L1D, pa),
          "DCCMVAC of a dirty line: the twin's write-backs, the D-TLB hit, "
          "the line stays (%u ns)", ns);
    mempath_cache_maint(&m, MP_DC_IMVAC, va, pa);
    CHECK(!a8cache_probe(&m.cache, A8C_LEVEL_L1D, pa) &&
          !a8cache_probe(&m.cache, A8C_LEVEL_L2, pa),
          "DCIMVAC: the line leaves both levels");
    mempath_cache_maint(&m, MP_DC_CMVAC, 0xd0200000u, BASE + 0x200000);
    CHECK(walks == 1, "an address the D-TLB does not hold is walked");
    before = m.c[MP_STALL_NS];
    ns = mempath_cache_maint(&m, MP_DC_CIMVAC, 0x40000000u, 0x40000000u);
    CHECK(ns == 0 && walks == 1 && m.c[MP_STALL_NS] == before,
          "outside the SDRAM: nothing, no walk");
    mempath_access(&m, va, pa, 4, false, false, false, &res);
    mempath_cache_maint(&m, MP_DC_CISW, (uint32_t)(pa >> 6 & 127) << 6, 0);
    mempath_cache_maint(&m, MP_DC_CISW, 1u << 30 | (pa >> 6 & 127) << 6, 0);
    mempath_cache_maint(&m, MP_DC_CISW, 2u << 30 | (pa >> 6 & 127) << 6, 0);
    mempath_cache_maint(&m, MP_DC_CISW, 3u << 30 | (pa >> 6 & 127) << 6, 0);
    CHECK(!a8cache_probe(&m.cache, A8C_LEVEL_L1D, pa) && walks == 1,
          "DCCISW of the line's L1 D set, four ways: it leaves, no walk");
    mempath_fetch(&m, pa, 4, 1, va, MP_FETCH_NEW, 0, &res);
    CHECK(a8cache_probe(&m.cache, A8C_LEVEL_L1I, pa), "a fetch fills the L1 I");
    mempath_cache_maint(&m, MP_IC_IALLU, 0, 0);
    CHECK(!a8cache_probe(&m.cache, A8C_LEVEL_L1I, pa),
          "ICIALLU empties the L1 I");
    /*
     * A barrier waits until the write buffer has drained (a8cache_drain,
     * test_a8cache's), here the clean's write-back, then costs nothing;
     * a DMB waits as a DSB does
     */
    mempath_access(&m, va, pa, 4, false, false, false, &res);
    mempath_access(&m, va, pa, 4, true, false, false, &res);
    mempath_cache_maint(&m, MP_DC_CMVAC, va, pa);
    want = a8cache_drain(&m.cache, clock_ns);
    before = m.c[MP_STALL_NS];
    ns = mempath_cache_maint(&m, MP_DSB, 0, 0);
    CHECK(ns == want && ns > 0 && m.c[MP_STALL_NS] == before + ns &&
          a8cache_probe(&m.cache, A8C_LEVEL_L1D, pa),
          "DSB after DCCMVAC of a dirty line: waits for the write buffer "
          "(%u ns), the line stays", ns);
    clock_ns += ns;
    CHECK_EQ(mempath_cache_maint(&m, MP_DSB, 0, 0), 0);
    before = ns;
    mempath_access(&m, va, pa, 4, true, false, false, &res);
    mempath_cache_maint(&m, MP_DC_CMVAC, va, pa);
    want = a8cache_drain(&m.cache, clock_ns);
    ns = mempath_cache_maint(&m, MP_DMB, 0, 0);
    CHECK(ns == want && ns > 0, "DMB after DCCMVAC of a dirty line: waits "
          "for the write buffer (%u ns)", ns);
    clock_ns += ns;
    /* counted apart: the 11 operations above (the one outside the SDRAM
     * too), 3 barriers and the two waits */
    CHECK(m.c[MP_CMAINT] == 11 && m.c[MP_BARRIERS] == 3 &&
          m.c[MP_BARRIER_NS] == before + ns,
          "counted: %llu operations, %llu barriers, %llu ns",
          (unsigned long long)m.c[MP_CMAINT],
          (unsigned long long)m.c[MP_BARRIERS],
          (unsigned long long)m.c[MP_BARRIER_NS]);
    walk_attr = 0;
}

int main(void)
{
    test_page_attr();
    test_attr_path();
    test_cache_maint();

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

    /* unaligned, in the line that hit (a8cache_unaligned): a word load
     * across 128 bits replays, one inside them does not, nor does a
     * NEON/VFP one; a store across 64 bits replays */
    ns = mempath_access(&m, 0xc000100eu, BASE + 0x100e, 4, false, false,
                        false, &res);
    CHECK_EQ(ns, 8);
    ns = mempath_access(&m, 0xc0001001u, BASE + 0x1001, 4, false, false,
                        false, &res);
    CHECK_EQ(ns, 0);
    ns = mempath_access(&m, 0xc000100eu, BASE + 0x100e, 4, false, true,
                        false, &res);
    CHECK_EQ(ns, 0);
    ns = mempath_access(&m, 0xc0001006u, BASE + 0x1006, 4, true, false,
                        false, &res);
    CHECK_EQ(ns, 8);
    CHECK_EQ(m.cache.s.cnt[A8C_UNALIGNED], 2);

    /* below 1 GHz: 500 MHz is 1 ns more per instruction */
    CHECK_EQ(mempath_set_mpu_hz(&m, 500000000), 0);
    ns = mempath_fetch(&m, BASE + 0x2000, 40, 10, 0xc0002000u,
                       MP_FETCH_NEW, 10, &res);
    CHECK_EQ(m.c[MP_MPU_NS], 10);
    CHECK(ns >= 10, "the extra is charged: %u ns", ns);
    /* left after 4 of the 10 (an exception): 6 ns come back, once */
    CHECK_EQ(mempath_unwind(&m, 4, 0), 6);
    CHECK_EQ(m.c[MP_MPU_NS], 4);
    CHECK_EQ(mempath_unwind(&m, 2, 0), 0);
    /*
     * an I/O access at the 4th of 10 (QEMU runs it again alone, without a
     * fetch): 6 come back, the 4th stays charged as the new block's code;
     * when that access faults, its 1 ns comes back too
     */
    ns = mempath_fetch(&m, BASE + 0x2000, 40, 10, 0xc0002000u,
                       MP_FETCH_NEW, 10, &res);
    CHECK_EQ(m.c[MP_MPU_NS], 14);
    CHECK_EQ(mempath_unwind(&m, 4, 1), 6);
    CHECK_EQ(m.c[MP_MPU_NS], 8);
    CHECK_EQ(mempath_unwind(&m, 0, 0), 1);
    CHECK_EQ(m.c[MP_MPU_NS], 7);
    CHECK_EQ(mempath_unwind(&m, 0, 0), 0);
    /* at 600 MHz (2/3 ns more each, in 32.32 fixed point just under) the
     * fraction carried is what the instructions that ran left: 3 of 5 ran
     * (1.99.. ns: 1 charged), 2 of the 3 charged come back, and the
     * other 2 instructions charged again later make the 3 that 5 in one
     * call make */
    CHECK_EQ(mempath_set_mpu_hz(&m, 600000000), 0);
    ns = mempath_fetch(&m, BASE + 0x2040, 20, 5, 0xc0002040u,
                       MP_FETCH_NEW, 5, &res);
    CHECK_EQ(m.c[MP_MPU_NS], 7 + 3);
    CHECK_EQ(mempath_unwind(&m, 3, 0), 2);
    CHECK_EQ(m.c[MP_MPU_NS], 7 + 1);
    ns = mempath_fetch(&m, BASE + 0x2040 + 12, 8, 2, 0xc000204cu,
                       MP_FETCH_SAME_LINE, 2, &res);
    CHECK_EQ(m.c[MP_MPU_NS], 7 + 3);
    CHECK_EQ(mempath_unwind(&m, 2, 0), 0);
    {
        /*
         * the I/O instruction re-run and faulting leaves what an exception
         * at it would have: the same ns, the same fraction carried
         */
        mempath a = m, b = m;

        mempath_fetch(&a, BASE + 0x2040, 20, 5, 0xc0002040u, MP_FETCH_NEW,
                      5, &res);
        mempath_fetch(&b, BASE + 0x2040, 20, 5, 0xc0002040u, MP_FETCH_NEW,
                      5, &res);
        mempath_unwind(&a, 3, 1);
        mempath_unwind(&a, 0, 0);
        mempath_unwind(&b, 2, 0);
        CHECK_EQ(a.c[MP_MPU_NS], b.c[MP_MPU_NS]);
        CHECK_EQ(a.insn_extra_acc, b.insn_extra_acc);
        CHECK(a.c[MP_MPU_NS] == m.c[MP_MPU_NS] + 1,
              "2 of 5 at 600 MHz: 1 ns (%llu)",
              (unsigned long long)(a.c[MP_MPU_NS] - m.c[MP_MPU_NS]));
    }
    {
        /*
         * a pair across blocks at 600 MHz: code of 2, then of 3 whose
         * first paired with the 2's last (its cycle given back), then 1,
         * charge what 4 and 1 charge (the pair inside the first code):
         * the same ns, the same fraction carried; the cycle's 2/3 ns
         * here take a whole ns back out of the 3's charge
         */
        mempath a = m, b = m;
        int64_t na = 0, nb = 0;

        na += mempath_fetch(&a, BASE + 0x2040, 8, 2, 0xc0002040u,
                            MP_FETCH_NEW, 2, &res);
        na += mempath_fetch(&a, BASE + 0x2048, 12, 3, 0xc0002048u,
                            MP_FETCH_SAME_LINE, 3, &res);
        CHECK_EQ(mempath_give_back(&a, 1), 1);
        na -= 1;
        na += mempath_fetch(&a, BASE + 0x2054, 4, 1, 0xc0002054u,
                            MP_FETCH_SAME_LINE, 1, &res);
        nb += mempath_fetch(&b, BASE + 0x2040, 20, 4, 0xc0002040u,
                            MP_FETCH_NEW, 4, &res);
        nb += mempath_fetch(&b, BASE + 0x2054, 4, 1, 0xc0002054u,
                            MP_FETCH_SAME_LINE, 1, &res);
        CHECK_EQ(na, nb);
        CHECK_EQ(a.c[MP_MPU_NS], b.c[MP_MPU_NS]);
        CHECK_EQ(a.insn_extra_acc, b.insn_extra_acc);
    }
    {
        /*
         * a pair taken back (its block left at its first instruction)
         * leaves what no pair left; an I/O instruction run again after a
         * pair (the 3rd of 5, the pair's cycle given back) is charged as
         * the 2nd of 4 is: its pending charge moves with the rest
         */
        mempath c = m, d = m, e = m, f = m;

        mempath_fetch(&c, BASE + 0x2040, 20, 5, 0xc0002040u, MP_FETCH_NEW,
                      5, &res);
        d = c;
        CHECK_EQ(mempath_give_back(&c, 1) + mempath_give_back(&c, -1), 0);
        CHECK_EQ(c.c[MP_MPU_NS], d.c[MP_MPU_NS]);
        CHECK_EQ(c.insn_extra_acc, d.insn_extra_acc);
        CHECK_EQ(c.seg_extra, d.seg_extra);
        CHECK_EQ(c.seg_acc, d.seg_acc);
        mempath_fetch(&e, BASE + 0x2040, 20, 5, 0xc0002040u, MP_FETCH_NEW,
                      5, &res);
        mempath_give_back(&e, 1);
        mempath_unwind(&e, 3, 1);
        mempath_fetch(&f, BASE + 0x2040, 16, 4, 0xc0002040u, MP_FETCH_NEW,
                      4, &res);
        mempath_unwind(&f, 2, 1);
        CHECK_EQ(e.c[MP_MPU_NS], f.c[MP_MPU_NS]);
        CHECK_EQ(e.insn_extra_acc, f.insn_extra_acc);
        CHECK_EQ(e.seg_extra, f.seg_extra);
        CHECK_EQ(e.seg_acc, f.seg_acc);
    }
    CHECK_EQ(mempath_set_mpu_hz(&m, 2000000000), 1);

    /* TLB maintenance: the next access walks again */
    mempath_tlb_maint(&m, MP_TLBI_ALL, 0);
    walks = 0;
    mempath_access(&m, 0xc0001004u, BASE + 0x1004, 4, false, false, false,
                   &res);
    CHECK_EQ(walks, 1);
    return check_done();
}
