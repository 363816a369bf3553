/*
 * Host unit tests of the Cortex-A8 memory hierarchy model (a8cache).
 * Every check asserts an exact value; a next level of fixed latency that
 * records its calls stands in for the SDRAM controller.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "a8cache.h"
#include "check.h"


#define SDRAM 0x80000000u
#define KB 1024u

/* The next level: fixed read and write latency, a log of the calls. */
typedef struct mock {
    uint32_t read_ns, write_ns;
    unsigned reads, writes;
    unsigned n;
    struct { uint32_t pa, bytes; int is_write; uint64_t now; } log[1024];
} mock;

static uint32_t mock_access(void *ctx, uint32_t pa, uint32_t bytes,
                            int is_write, uint64_t now_ns)
{
    mock *m = ctx;

    if (m->n < 1024) {
        m->log[m->n].pa = pa;
        m->log[m->n].bytes = bytes;
        m->log[m->n].is_write = is_write;
        m->log[m->n].now = now_ns;
    }
    m->n++;
    if (is_write) {
        m->writes++;
        return m->write_ns;
    }
    m->reads++;
    return m->read_ns;
}

/* The N9's geometry; interconnect 30 ns, port 40 ns a line; memory 100 ns. */
/* The L2 way holding @pa's line, or -1 (the tags, not the combining
 * buffer). */
static int l2_way_of(const a8cache *c, uint32_t pa)
{
    uint32_t line = pa >> 6, base = (line & (c->l2_sets - 1)) * c->l2_ways;

    for (uint32_t i = 0; i < c->l2_ways; i++) {
        if (c->s.l2_tag[base + i] == (line | A8C_VALID)) {
            return (int)(base + i);
        }
    }
    return -1;
}

static a8cache *setup(mock *m, uint64_t seed)
{
    a8cache *c = malloc(sizeof(*c));
    a8cache_params p = a8cache_default_params;
    a8cache_next next = { mock_access, m };
    const char *why;

    memset(m, 0, sizeof(*m));
    m->read_ns = 100;
    m->write_ns = 50;
    p.l3_ns = 30;
    p.l3_line_ns = 40;
    why = a8cache_init(c, &p, &next, seed);
    if (why) {
        printf("FAILED: init: %s\n", why);
        exit(1);
    }
    return c;
}

#define CNT(c, k) ((c)->s.cnt[A8C_##k])

/* Geometry: sets and shifts; exactly L1/L2 size fits, one way more does not. */
static void test_geometry(void)
{
    mock m;
    a8cache *c = setup(&m, 1);
    uint64_t misses;
    int present = 0;

    CHECK(c->l1d_sets == 128 && c->l1i_sets == 128 && c->l2_sets == 512 &&
          c->l1d_shift == 6 && c->l2_shift == 6 && c->l2_qshift == 4,
          "geometry: L1 128 sets of 4 x 64 B, L2 512 sets of 8 x 64 B");

    /* 32 KB, 16 loads per line, twice */
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t a = 0; a < 32 * KB; a += 4) {
            a8cache_load(c, SDRAM + a, 4, 0);
        }
    }
    CHECK(CNT(c, L1D_MISS) == 512 && CNT(c, L1D_HIT) == 2 * 8192 - 512,
          "32 KB working set: 512 L1 D misses on the first pass, none on "
          "the second (misses %llu, hits %llu)",
          (unsigned long long)CNT(c, L1D_MISS),
          (unsigned long long)CNT(c, L1D_HIT));
    CHECK(CNT(c, L2_MISS) == 512 && CNT(c, L2_HIT) == 0,
          "32 KB: the L2 filled once (512 misses)");

    /* five lines of one L1 set (8 KB apart): four ways hold four of them */
    a8cache_invalidate(c, A8C_LEVEL_ALL);
    memset(c->s.cnt, 0, sizeof(c->s.cnt));
    for (int k = 0; k < 5; k++) {
        a8cache_load(c, SDRAM + k * 8 * KB, 4, 0);
    }
    for (int k = 0; k < 5; k++) {
        present += a8cache_probe(c, A8C_LEVEL_L1D, SDRAM + k * 8 * KB);
    }
    CHECK(CNT(c, L1D_MISS) == 5 && present == 4,
          "5 lines in one 4-way L1 set: 5 misses, 4 stay (%d)", present);

    /* 40 KB (L1 + one way) round and round: every set misses every round */
    a8cache_invalidate(c, A8C_LEVEL_ALL);
    for (uint32_t a = 0; a < 40 * KB; a += 64) {
        a8cache_load(c, SDRAM + a, 4, 0);
    }
    misses = CNT(c, L1D_MISS);
    for (uint32_t a = 0; a < 40 * KB; a += 64) {
        a8cache_load(c, SDRAM + a, 4, 0);
    }
    CHECK(CNT(c, L1D_MISS) - misses >= 128,
          "40 KB working set: a second round misses at least once per set "
          "(%llu misses)", (unsigned long long)(CNT(c, L1D_MISS) - misses));

    /* 256 KB twice: the L2 holds it all; 288 KB does not */
    a8cache_invalidate(c, A8C_LEVEL_ALL);
    memset(c->s.cnt, 0, sizeof(c->s.cnt));
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t a = 0; a < 256 * KB; a += 64) {
            a8cache_load(c, SDRAM + a, 4, 0);
        }
    }
    CHECK(CNT(c, L2_MISS) == 4096 &&
          CNT(c, L2_HIT) == CNT(c, L1D_MISS) - 4096 && CNT(c, L2_HIT) > 0,
          "256 KB working set: 4096 L2 misses in all, every second-pass L1 "
          "miss hits the L2 (%llu)", (unsigned long long)CNT(c, L2_HIT));
    a8cache_invalidate(c, A8C_LEVEL_ALL);
    memset(c->s.cnt, 0, sizeof(c->s.cnt));
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t a = 0; a < 288 * KB; a += 64) {
            a8cache_load(c, SDRAM + a, 4, 0);
        }
    }
    CHECK(CNT(c, L2_MISS) >= 4608 + 512,
          "288 KB (L2 + one way): the second pass misses at least once per "
          "L2 set (%llu misses)", (unsigned long long)CNT(c, L2_MISS) - 4608);
    free(c);
}

/* A repeatable pseudo-random stream for the tests. */
static uint32_t lcg(uint32_t *x)
{
    *x = *x * 1664525u + 1013904223u;
    return *x;
}

/* One step of a mixed workload; returns the stall. */
static uint32_t step(a8cache *c, uint32_t *x, uint64_t now)
{
    uint32_t r = lcg(x);
    uint32_t pa = SDRAM + ((r >> 4) & (1024 * KB - 1));
    a8cache_walk w = { { SDRAM + 0x4000 + (pa >> 20) * 4,
                         SDRAM + 0x100000 + ((pa >> 12) & 0xff) * 4 },
                       2, 12, 0, 1, 0, 0 };

    switch (r & 7) {
    case 0: case 1: case 2:
        return a8cache_load(c, pa, 4, now);
    case 3: case 4:
        return a8cache_store(c, pa, 4, now);
    case 5:
        return a8cache_fetch(c, pa & ~3u, now);
    case 6:
        return a8cache_pld(c, pa, now);
    default:
        if (!a8cache_tlb_hit(c, A8C_DTLB, pa, r >> 30)) {
            return a8cache_walk_tlb(c, A8C_DTLB, pa, r >> 30, &w, now);
        }
        return 0;
    }
}

/* Replacement: the same seed, the same victims; another seed, others. */
static void test_determinism(void)
{
    static a8cache a, b, d;
    uint32_t fixed = 90;
    a8cache_next next = { a8cache_fixed_next, &fixed };
    a8cache_params p = a8cache_default_params;
    uint32_t xa = 5, xb = 5, xd = 5;
    uint64_t ta = 0, tb = 0, td = 0;
    int same = 1;

    a8cache_init(&a, &p, &next, 42);
    a8cache_init(&b, &p, &next, 42);
    a8cache_init(&d, &p, &next, 43);
    for (int i = 0; i < 300000; i++) {
        uint32_t sa = step(&a, &xa, ta), sb = step(&b, &xb, tb);

        same &= sa == sb;
        ta += 1 + sa;
        tb += 1 + sb;
        td += 1 + step(&d, &xd, td);
    }
    CHECK(same && !memcmp(&a.s, &b.s, sizeof(a.s)) && ta == tb,
          "seed 42 twice: every stall and the whole state identical "
          "(%llu ns)", (unsigned long long)ta);
    CHECK(memcmp(a.s.l2_tag, d.s.l2_tag, sizeof(a.s.l2_tag)) != 0 &&
          memcmp(a.s.l1d_tag, d.s.l1d_tag, sizeof(a.s.l1d_tag)) != 0,
          "seed 43: other victims (L1 D and L2 tags differ)");
}

/* Write-back: a dirty line goes to the next level when evicted, a clean
 * one does not; only the dirty quadwords go. */
/* The L1 D watch: told of every line that leaves (or is cleaned), once. */
typedef struct watched {
    uint32_t line[64];
    int what[64];
    int n;
} watched;

static void watch_cb(void *ctx, uint32_t line, int what)
{
    watched *w = ctx;

    if (w->n < 64) {
        w->line[w->n] = line;
        w->what[w->n] = what;
    }
    w->n++;
}

static void test_l1d_watch(void)
{
    mock m;
    a8cache *c = setup(&m, 3);
    watched w = { .n = 0 };
    uint32_t A = SDRAM, B = SDRAM + 0x40;
    int k;

    a8cache_set_l1d_watch(c, watch_cb, &w);
    a8cache_load(c, A, 4, 0);
    a8cache_store(c, A, 4, 0);
    a8cache_load(c, B, 4, 0);
    CHECK(w.n == 0, "fills and hits tell the watch nothing (%d calls)", w.n);
    /* four more lines of A's set (8 KB apart) evict it sooner or later */
    for (k = 1; a8cache_probe(c, A8C_LEVEL_L1D, A); k++) {
        a8cache_load(c, A + k * 8 * KB, 4, 0);
    }
    CHECK(w.n >= 1 && w.line[w.n - 1] == A >> 6 &&
          w.what[w.n - 1] == A8C_LEFT_L1D,
          "A evicted from the L1 D (after %d loads of its set): the watch "
          "is told its line (%d calls)", k - 1, w.n);
    w.n = 0;
    a8cache_store(c, B, 4, 0);
    a8cache_maint_line(c, A8C_CLEAN_POU, B, 0);
    CHECK(w.n == 1 && w.line[0] == B >> 6 && w.what[0] == A8C_NOW_CLEAN &&
          a8cache_probe(c, A8C_LEVEL_L1D, B),
          "B cleaned by DCCMVAU: the watch is told it is clean, B stays");
    w.n = 0;
    a8cache_maint_line(c, A8C_INVAL_POC, B, 0);
    CHECK(w.n == 1 && w.line[0] == B >> 6 && w.what[0] == A8C_LEFT_L1D &&
          !a8cache_probe(c, A8C_LEVEL_L1D, B),
          "B invalidated by DCIMVAC: the watch is told it left");
    w.n = 0;
    a8cache_invalidate(c, A8C_LEVEL_L1I);
    CHECK(w.n == 0, "the L1 I invalidated: nothing about the L1 D");
    a8cache_invalidate(c, A8C_LEVEL_ALL);
    CHECK(w.n == 1 && w.line[0] == A8C_NO_LINE,
          "the L1 D invalidated: one call for every line");
    free(c);
}

static void test_writeback(void)
{
    mock m;
    a8cache *c = setup(&m, 3);
    uint32_t A = SDRAM, F = SDRAM + 0x40, G = SDRAM + 0x80;
    int k;

    a8cache_load(c, A, 4, 0);
    a8cache_store(c, A + 8, 4, 0);
    {
        int i, dirty = 0;

        for (i = 0; i < 4; i++) {     /* A is in L1 set 0 */
            if (c->s.l1d_tag[i] == ((A >> 6) | A8C_VALID)) {
                dirty = c->s.l1d_dirty[i];
            }
        }
        CHECK(CNT(c, L1D_WHIT) == 1 && (dirty & 1),
              "store after load: an L1 hit, the line dirty");
    }
    for (k = 1; a8cache_probe(c, A8C_LEVEL_L1D, A); k++) {
        a8cache_load(c, A + k * 8 * KB, 4, 0);
    }
    CHECK(CNT(c, L1D_WB) == 1 && m.writes == 0,
          "dirty L1 line evicted (after %d loads of its set): one L1 "
          "write-back, into the L2, nothing to memory", k - 1);
    {
        uint32_t base = ((A >> 6) & 511) * 8;
        int i;

        for (i = 0; i < 8 && c->s.l2_tag[base + i] != ((A >> 6) | A8C_VALID); i++) {
        }
        CHECK(i < 8 && ((c->s.l2_st[base + i] >> 4) & 0xf) == 0xf,
              "the L2 line now has all four quadwords dirty");
    }
    /* a clean line evicted: no write-back */
    a8cache_load(c, F, 4, 0);
    for (k = 1; a8cache_probe(c, A8C_LEVEL_L1D, F); k++) {
        a8cache_load(c, F + k * 8 * KB, 4, 0);
    }
    CHECK(CNT(c, L1D_WB) == 1, "clean L1 line evicted: no write-back");

    /* a store that misses the L1: no L1 allocation; in the L2's
     * write-combining buffer, then (a store to another line closes it)
     * allocated in the L2 with one quadword dirty */
    a8cache_store(c, G + 20, 4, 0);
    CHECK(CNT(c, L1D_WMISS) == 1 && !a8cache_probe(c, A8C_LEVEL_L1D, G) &&
          a8cache_probe(c, A8C_LEVEL_L2, G) && CNT(c, L2_WMISS) == 1 &&
          c->s.wc_line == G >> 6,
          "store miss: not allocated in the L1 D, combined for the L2");
    a8cache_store(c, G + 0x20040, 4, 0);
    CHECK(c->s.wc_line == (G + 0x20040) >> 6 && l2_way_of(c, G) >= 0 &&
          m.writes == 0 && CNT(c, L2_WSTREAM) == 0,
          "a store to another line: G's partial line allocated in the L2, "
          "nothing to memory");

    /* now push A and G out of the L2 with loads of their L2 sets */
    for (k = 1; a8cache_probe(c, A8C_LEVEL_L2, A) ||
                a8cache_probe(c, A8C_LEVEL_L2, G); k++) {
        a8cache_load(c, A + k * 32 * KB, 4, 0);
        a8cache_load(c, G + k * 32 * KB, 4, 0);
    }
    {
        int wa = -1, wg = -1;

        for (unsigned i = 0; i < m.n && i < 1024; i++) {
            if (m.log[i].is_write && m.log[i].pa == A) {
                wa = (int)m.log[i].bytes;
            }
            if (m.log[i].is_write && m.log[i].pa == G) {
                wg = (int)m.log[i].bytes;
            }
        }
        CHECK(m.writes == 2 && CNT(c, L2_WB) == 2 && wa == 64 && wg == 16,
              "L2 evictions: exactly two writes to memory, A's 64 bytes and "
              "G's one quadword (writes %u, A %d, G %d)", m.writes, wa, wg);
    }
    free(c);
}

/* TLB: hit, miss, ASID, global, flushes, 32 entries round-robin. */
static void test_tlb(void)
{
    mock m;
    a8cache *c = setup(&m, 4);
    a8cache_walk page = { { SDRAM + 0x4000, SDRAM + 0x8000 }, 2, 12, 0, 1, 0, 0 };
    a8cache_walk sect = { { SDRAM + 0x4c00, 0 }, 1, 20, 1, 1, 0, 0 };
    int ok = 1;

    CHECK(!a8cache_tlb_hit(c, A8C_DTLB, 0x1000, 1) && CNT(c, DTLB_MISS) == 1,
          "empty D-TLB: a miss");
    a8cache_walk_tlb(c, A8C_DTLB, 0x1000, 1, &page, 0);
    CHECK(a8cache_tlb_hit(c, A8C_DTLB, 0x1ffc, 1) &&
          a8cache_tlb_hit(c, A8C_DTLB, 0x1000, 1) &&
          !a8cache_tlb_hit(c, A8C_DTLB, 0x2000, 1),
          "after the walk: the 4 KB page hits, the next page misses");
    CHECK(!a8cache_tlb_hit(c, A8C_DTLB, 0x1000, 2),
          "a non-global entry does not match another ASID");
    CHECK(!a8cache_tlb_hit(c, A8C_ITLB, 0x1000, 1),
          "the I-TLB is separate from the D-TLB");
    a8cache_walk_tlb(c, A8C_DTLB, 0xc0000000, 1, &sect, 0);
    CHECK(a8cache_tlb_hit(c, A8C_DTLB, 0xc00ffffc, 7) &&
          !a8cache_tlb_hit(c, A8C_DTLB, 0xc0100000, 7),
          "a global 1 MB section matches every ASID, over 1 MB");
    a8cache_tlb_flush_asid(c, 1);
    CHECK(!a8cache_tlb_hit(c, A8C_DTLB, 0x1000, 1) &&
          a8cache_tlb_hit(c, A8C_DTLB, 0xc0001000, 1),
          "flush ASID 1: its page goes, the global section stays");
    a8cache_tlb_flush_va(c, 0xc0001234, 3, 0);
    CHECK(!a8cache_tlb_hit(c, A8C_DTLB, 0xc0001000, 1),
          "flush by VA: the global entry goes");
    CHECK(CNT(c, DTLB_HIT) == 4 && CNT(c, DTLB_MISS) == 6 &&
          CNT(c, ITLB_MISS) == 1 && CNT(c, WALKS) == 2,
          "counts: D-TLB 4 hits 6 misses, I-TLB 1 miss, 2 walks");

    a8cache_tlb_flush_all(c);
    for (uint32_t p = 0; p < 33; p++) {
        a8cache_walk_tlb(c, A8C_DTLB, p << 12, 5, &page, 0);
    }
    CHECK(!a8cache_tlb_hit(c, A8C_DTLB, 0, 5),
          "33 pages: the 33rd replaced the first (round-robin)");
    for (uint32_t p = 1; p < 33; p++) {
        ok &= a8cache_tlb_hit(c, A8C_DTLB, p << 12, 5);
    }
    CHECK(ok, "pages 1..32 still hit: 32 entries");
    a8cache_walk_tlb(c, A8C_DTLB, 33 << 12, 5, &page, 0);
    CHECK(!a8cache_tlb_hit(c, A8C_DTLB, 1 << 12, 5) &&
          a8cache_tlb_hit(c, A8C_DTLB, 2 << 12, 5),
          "the 34th replaced the second");

    /* a section's 4 KB pages in the hit filter (slots 60, 61; the pages
     * walked below all use slot 0) go when it is replaced */
    a8cache_tlb_flush_all(c);
    a8cache_walk_tlb(c, A8C_DTLB, 0xc0000000, 5, &sect, 0);
    ok = a8cache_tlb_hit(c, A8C_DTLB, 0xc003c000, 5) &&
         a8cache_tlb_hit(c, A8C_DTLB, 0xc003d000, 5);
    for (uint32_t p = 0, held = 1; held; p++) {
        a8cache_walk_tlb(c, A8C_DTLB, (p * 64) << 12, 5, &page, 0);
        held = 0;
        for (int e = 0; e < 32; e++) {   /* is the section still there? */
            held |= c->s.tlb_va[A8C_DTLB][e] == 0xc0000000 &&
                    (c->s.tlb_attr[A8C_DTLB][e] & (1u << 17));
        }
    }
    CHECK(ok && !a8cache_tlb_hit(c, A8C_DTLB, 0xc003c000, 5) &&
          !a8cache_tlb_hit(c, A8C_DTLB, 0xc003d000, 5),
          "a section replaced round-robin: its pages no longer hit");
    free(c);
}

/* Page walk: fixed cycles + each descriptor through the L2. */
static void test_walk_cost(void)
{
    mock m;
    a8cache *c = setup(&m, 5);
    a8cache_walk w = { { SDRAM + 0x4000, SDRAM + 0x100000 }, 2, 12, 0, 1, 0, 0 };
    uint32_t ns;

    ns = a8cache_walk_tlb(c, A8C_DTLB, 0x10000, 1, &w, 1000);
    CHECK(ns == 8 + 2 * (8 + 30 + 100),
          "cold walk, both descriptors from SDRAM: 8 + 2 x (L2 8 + L3 30 + "
          "SDRAM 100) = 284 ns (%u)", ns);
    w.desc_pa[1] += 4;
    ns = a8cache_walk_tlb(c, A8C_DTLB, 0x11000, 1, &w, 2000);
    CHECK(ns == 24 && CNT(c, WALK_DESC_L2_HIT) == 2,
          "both descriptors in the L2: 24 ns, the TRM's 24 cycles (%u)", ns);
    w.desc_pa[1] = SDRAM + 0x200000;
    ns = a8cache_walk_tlb(c, A8C_DTLB, 0x12000, 1, &w, 3000);
    CHECK(ns == 8 + 8 + (8 + 30 + 100),
          "first in the L2, second from SDRAM: 154 ns (%u)", ns);
    w.cacheable = 0;
    w.desc_pa[1] = SDRAM + 0x300000;
    ns = a8cache_walk_tlb(c, A8C_DTLB, 0x13000, 1, &w, 4000);
    CHECK(ns == 8 + 2 * (30 + 100) &&
          !a8cache_probe(c, A8C_LEVEL_L2, SDRAM + 0x300000),
          "walk with non-cacheable tables: 8 + 2 x 130 = 268 ns, nothing "
          "allocated (%u)", ns);

    /* the walk does not read the L1 D: a descriptor line only in the L1 */
    a8cache_load(c, SDRAM + 0x500000, 4, 5000);
    a8cache_invalidate(c, A8C_LEVEL_L2);
    w.cacheable = 1;
    w.ndesc = 1;
    w.desc_pa[0] = SDRAM + 0x500000;
    ns = a8cache_walk_tlb(c, A8C_DTLB, 0x14000, 1, &w, 6000);
    CHECK(a8cache_probe(c, A8C_LEVEL_L1D, SDRAM + 0x500000) &&
          ns == 8 + 8 + 130,
          "descriptor in the L1 D but not the L2: read from SDRAM, 146 ns "
          "(%u)", ns);

    a8cache_set_cpu_period_ps(c, 2000);
    w.ndesc = 2;
    w.desc_pa[1] = SDRAM + 0x500004;
    ns = a8cache_walk_tlb(c, A8C_DTLB, 0x15000, 1, &w, 7000);
    CHECK(ns == 3 * 8 * 2 && CNT(c, WALKS) == 6,
          "at 500 MHz the cycles double: both in the L2, 48 ns (%u)", ns);
    w.desc_pa[1] = SDRAM + 0x600000;
    ns = a8cache_walk_tlb(c, A8C_DTLB, 0x16000, 1, &w, 8000);
    CHECK(ns == 16 + 16 + (16 + 30 + 100),
          "at 500 MHz the SDRAM part does not double: 178 ns (%u)", ns);

    /* tables in the on-chip SRAM: not through the L2, not to the SDRAM */
    a8cache_set_cpu_period_ps(c, 1000);
    w.desc_pa[0] = 0x40200000;
    w.desc_pa[1] = 0x40201000;
    w.on_chip = 3;
    m.n = 0;
    ns = a8cache_walk_tlb(c, A8C_DTLB, 0x17000, 1, &w, 9000);
    CHECK(ns == 8 && m.n == 0 && CNT(c, WALK_DESC) == 15 &&
          CNT(c, WALK_DESC_ON_CHIP) == 2 &&
          !a8cache_probe(c, A8C_LEVEL_L2, 0x40200000),
          "both descriptors in the SRAM: walk_cycles only, nothing read "
          "from the next level or allocated, both counted (%u ns, %u reads)",
          ns, m.n);
    w.on_chip = 1;
    w.desc_pa[1] = SDRAM + 0x700000;
    ns = a8cache_walk_tlb(c, A8C_DTLB, 0x18000, 1, &w, 10000);
    CHECK(ns == 8 + (8 + 30 + 100) && m.n == 1 && m.log[0].pa == SDRAM + 0x700000,
          "first-level table in the SRAM, second in SDRAM: only the second "
          "is read, 146 ns (%u)", ns);
    free(c);
}

/* PLD: the fill starts at once; a later load waits only for the rest. */
static void test_pld(void)
{
    mock m;
    a8cache *c = setup(&m, 6);
    uint32_t P = SDRAM + 0x10000, Q = SDRAM + 0x20000, R = SDRAM + 0x30000;
    uint32_t ns;

    ns = a8cache_load(c, R, 4, 0);
    CHECK(ns == 8 + 30 + 100, "a cold load: 8 + 30 + 100 = 138 ns (%u)", ns);
    ns = a8cache_pld(c, P, 1000);
    CHECK(ns == 0 && CNT(c, PLD) == 1 && a8cache_probe(c, A8C_LEVEL_L2, P) &&
          !a8cache_probe(c, A8C_LEVEL_L1D, P),
          "PLD returns at once (%u ns) and fills the L2, not the L1", ns);
    ns = a8cache_pld(c, Q, 1000);
    ns = a8cache_load(c, P, 4, 1050);
    CHECK(ns == 80, "load 50 ns after the PLD: waits the fill's last 80 ns "
          "(1000 + 130 - 1050) (%u)", ns);
    ns = a8cache_load(c, Q, 4, 1100);
    CHECK(ns == 70, "second PLD waited for the port (40 ns): ready at 1170, "
          "load at 1100 waits 70 (%u)", ns);
    ns = a8cache_load(c, P + 32, 4, 1200);
    CHECK(ns == 0 && CNT(c, PLD_USEFUL) == 2 && CNT(c, PLD_WAIT_NS) == 72 + 62,
          "the line is in the L1 now; 2 useful PLDs, %llu ns waited",
          (unsigned long long)CNT(c, PLD_WAIT_NS));
    a8cache_pld(c, SDRAM + 0x40000, 5000);
    ns = a8cache_load(c, SDRAM + 0x40000, 4, 6000);
    CHECK(ns == 8, "a load long after its PLD: an L2 hit, 8 ns (%u)", ns);
    a8cache_pld(c, P, 7000);
    CHECK(CNT(c, PLD_PRESENT) == 1, "PLD of a cached line: nothing to do");
    for (uint32_t k = 0; k < 5; k++) {
        a8cache_pld(c, SDRAM + 0x100000 + k * 64, 8000);
    }
    CHECK(CNT(c, PLD_DROPPED) == 1 && CNT(c, PLD) == 9,
          "five PLDs at once with four slots: the fifth is dropped");
    free(c);
}

/*
 * NEON/VFP loads: an L2 miss fills in a fill slot (shared with PLD) and the
 * load waits only for the L2 lookup and a free slot; four misses in flight
 * at once, the fifth waits for the first; a later access to a line still
 * filling waits for the rest of it; without slots it is a plain load.
 */
static void test_simd_load(void)
{
    mock m;
    a8cache *c = setup(&m, 7);
    uint32_t L = SDRAM + 0x50000, ns, ns2[4], k;

    a8cache_set_l1neon(c, 1);       /* the NEON loads allocate in the L1 D */

    for (k = 0; k < 4; k++) {
        ns2[k] = a8cache_load_simd(c, L + k * 64, 8, k * 10);
    }
    CHECK(ns2[0] == 8 && ns2[1] == 8 && ns2[2] == 8 && ns2[3] == 8 &&
          CNT(c, SIMD_FILL) == 4 && m.reads == 4,
          "four NEON misses: the L2 lookup each (8 ns), four fills in flight "
          "(%u %u %u %u)", ns2[0], ns2[1], ns2[2], ns2[3]);
    CHECK(m.n == 4 && m.log[0].now == 8 && m.log[1].now == 48 &&
          m.log[2].now == 88 && m.log[3].now == 128,
          "the fills start one port time (40 ns) apart: 8 48 88 128");
    ns = a8cache_load_simd(c, L + 4 * 64, 8, 40);
    CHECK(ns == 8 + 90 && CNT(c, SIMD_FILL_WAIT_NS) == 90 &&
          m.log[4].now == 168,
          "the fifth waits for the first fill (ready at 8 + 130 = 138, "
          "lookup done at 48): 8 + 90 ns (%u); its fill starts when the "
          "port is free (168)", ns);
    ns = a8cache_load_simd(c, L + 8, 8, 100);
    CHECK(ns == 0, "the rest of a line whose fill is in flight: an L1 hit "
          "(the NEON unit waits for the data, the core does not) (%u)", ns);
    CHECK(a8cache_pld(c, SDRAM + 0x60000, 100) == 0 &&
          CNT(c, PLD_DROPPED) == 1,
          "the slots are PLD's: a PLD with all four busy is dropped");
    /* a demand on a line still filling waits for the rest of it */
    a8cache_invalidate(c, A8C_LEVEL_L1D);
    ns = a8cache_load(c, L + 3 * 64, 4, 200);
    CHECK(ns == 8 + (128 + 130 - 208),
          "an integer load of a line still filling (ready at 258): the L2 "
          "lookup then the fill's last 50 ns (%u)", ns);
    free(c);

    c = setup(&m, 7);
    c->p.pld_slots = 0;
    ns = a8cache_load_simd(c, L, 8, 0);
    CHECK(ns == 8 + 30 + 100 && CNT(c, SIMD_FILL) == 0,
          "pld_slots 0: a NEON miss waits for its line like any load (%u)",
          ns);
    free(c);

    c = setup(&m, 7);
    ns = a8cache_load(c, L, 4, 0);
    ns += a8cache_load(c, L + 64, 4, ns);
    CHECK(ns == 2 * 138 && CNT(c, SIMD_FILL) == 0,
          "integer loads: one miss at a time, 2 x 138 ns (%u)", ns);
    free(c);
}

/* Streaming writes: whole combined lines go to memory without taking an
 * L2 line, in address order, at the port's rate. */
static void test_write_stream(void)
{
    mock m;
    a8cache *c = setup(&m, 7);
    uint64_t t = 0, t_half = 0;

    for (uint32_t a = 0; a < 1024 * KB; a += 4) {
        if (a == 512 * KB) {
            t_half = t;
        }
        t += 1 + a8cache_store(c, SDRAM + a, 4, t);
    }
    CHECK(CNT(c, L2_WMISS) == 16384 && CNT(c, L2_MISS) == 0 && m.reads == 0,
          "1 MB of stores: 16384 L2 write misses, no line read");
    CHECK(m.writes == 16383 && CNT(c, L2_WSTREAM) == 16383 &&
          CNT(c, L2_WB) == 0 && !a8cache_probe(c, A8C_LEVEL_L2, SDRAM),
          "16383 whole lines written from the combining buffer (the last "
          "one still in it), none allocated in the L2");
    {
        int ordered = 1;

        for (unsigned i = 0; i < 1024; i++) {
            ordered = ordered && m.log[i].is_write && m.log[i].bytes == 64 &&
                      m.log[i].pa == SDRAM + i * 64;
        }
        CHECK(ordered, "the first 1024 writes: whole lines in address order");
    }
    CHECK(t - t_half == 8192 * 40,
          "second 512 KB: exactly 40 ns per line, the port's rate (%llu ns)",
          (unsigned long long)(t - t_half));
    CHECK(CNT(c, WBUF_STALL_NS) > 0,
          "the core waited for the write buffer (%llu ns)",
          (unsigned long long)CNT(c, WBUF_STALL_NS));
    free(c);
}

/* Counters and costs of a short scripted sequence, every one exact. */
static void test_counters(void)
{
    mock m;
    a8cache *c = setup(&m, 8);
    uint32_t X = SDRAM + 0x1000;
    uint32_t ns[8];

    ns[0] = a8cache_fetch(c, X, 0);            /* L1I miss, L2 miss */
    ns[1] = a8cache_fetch(c, X + 4, 200);       /* L1I hit */
    ns[2] = a8cache_load(c, X + 8, 4, 300);     /* L1D miss, L2 hit */
    ns[3] = a8cache_load(c, X + 12, 4, 400);    /* L1D hit (shortcut) */
    ns[4] = a8cache_store(c, X + 16, 4, 500);   /* L1D store hit */
    ns[5] = a8cache_uncached(c, 0x90000000, 4, 0, 600);
    ns[6] = a8cache_uncached(c, 0x90000000, 4, 1, 800);
    ns[7] = a8cache_clean(c, A8C_LEVEL_ALL, 1000);
    CHECK(ns[0] == 138 && ns[1] == 0 && ns[2] == 8 && ns[3] == 0 &&
          ns[4] == 0 && ns[5] == 130 && ns[6] == 0,
          "costs: 138 0 8 0 0 130 0 (%u %u %u %u %u %u %u)",
          ns[0], ns[1], ns[2], ns[3], ns[4], ns[5], ns[6]);
    CHECK(CNT(c, L1I_MISS) == 1 && CNT(c, L1I_HIT) == 1 &&
          CNT(c, L1D_MISS) == 1 && CNT(c, L1D_HIT) == 1 &&
          CNT(c, L1D_WHIT) == 1 && CNT(c, L2_HIT) == 1 &&
          CNT(c, L2_MISS) == 1 && CNT(c, L2_NS) == 16 &&
          CNT(c, UNCACHED_READ) == 1 && CNT(c, UNCACHED_WRITE) == 1,
          "hits and misses per level");
    /* the clean: L1 line into the L2, then the L2 line (64 B) to memory;
     * the write-back has left when the next level has taken it: 1000 +
     * its 50 ns (beyond the port's 40) */
    CHECK(CNT(c, L1D_WB) == 1 && CNT(c, L2_WB) == 1 && ns[7] == 50 &&
          CNT(c, MAINT_NS) == 50,
          "clean all: one L1 and one L2 write-back, 50 ns (%u)", ns[7]);
    CHECK(CNT(c, MEM_READ) == 2 && CNT(c, MEM_WRITE) == 2 &&
          CNT(c, MEM_READ_BYTES) == 68 && CNT(c, MEM_WRITE_BYTES) == 68 &&
          CNT(c, MEM_NS) == 260 && CNT(c, L3_NS) == 60 &&
          CNT(c, PORT_WAIT_NS) == 0,
          "memory: 2 reads (64 + 4 B), 2 writes (4 + 64 B), 260 ns waited, "
          "60 of them interconnect");
    CHECK(!strcmp(a8cache_counter_names[A8C_L2_MISS], "l2-read-misses") &&
          !strcmp(a8cache_counter_names[A8C_MAINT_NS], "maint-ns"),
          "every counter has a name");
    free(c);
}

/* A snapshot: the state copied into another model continues identically. */
static void test_save_restore(void)
{
    static a8cache a, b, d;
    uint32_t fixed = 120;
    a8cache_next next = { a8cache_fixed_next, &fixed };
    uint32_t x = 11, xb, xd;
    uint64_t t = 0, tb, td;
    int same = 1;

    a8cache_init(&a, &a8cache_default_params, &next, 9);
    a8cache_set_cpu_period_ps(&a, 1667);
    for (int i = 0; i < 100000; i++) {
        t += 1 + step(&a, &x, t);
    }
    b = a;                                  /* the whole struct */
    a8cache_init(&d, &a8cache_default_params, &next, 12345);
    d.s = a.s;                              /* only the saved state */
    xb = xd = x;
    tb = td = t;
    for (int i = 0; i < 100000; i++) {
        uint32_t sa = step(&a, &x, t);

        same &= sa == step(&b, &xb, tb) && sa == step(&d, &xd, td);
        t += 1 + sa;
        tb = td = t;
    }
    CHECK(same && !memcmp(&a.s, &b.s, sizeof(a.s)) &&
          !memcmp(&a.s, &d.s, sizeof(a.s)),
          "after a copy of the struct, and of the state into a fresh model, "
          "100000 more steps give the same stalls and state");
}

/* Cycle costs at another clock: the remainder carries, the sum is exact. */
static void test_cpu_period(void)
{
    mock m;
    a8cache *c = setup(&m, 10);
    uint32_t ns[3];

    for (int k = 0; k < 3; k++) {
        a8cache_fetch(c, SDRAM + k * 64, 0);   /* into the L2 */
    }
    a8cache_set_cpu_period_ps(c, 1667);        /* 600 MHz */
    for (int k = 0; k < 3; k++) {
        ns[k] = a8cache_load(c, SDRAM + k * 64, 4, 1000);
    }
    CHECK(ns[0] == 13 && ns[1] == 13 && ns[2] == 14,
          "8 cycles at 600 MHz (13.336 ns): 13, 13, 14 (%u %u %u)",
          ns[0], ns[1], ns[2]);
    free(c);
}

/*
 * The L3's part of a miss follows the L3 clock: l3_ns and l3_line_ns are
 * given at l3_ref_hz; at half the rate both take twice as long, the
 * SDRAM's part (the next level's) and the MPU's cycles stay.
 */
static void test_l3_rate(void)
{
    mock m;
    a8cache *c = setup(&m, 11);
    uint32_t ref, a, b, l3;

    ref = a8cache_load(c, SDRAM, 4, 1000);
    a8cache_set_l3_hz(c, c->p.l3_ref_hz / 2);
    l3 = (uint32_t)CNT(c, L3_NS);
    a = a8cache_load(c, SDRAM + 0x10000, 4, 100000);
    b = a8cache_load(c, SDRAM + 0x20000, 4, 100000);
    CHECK(a == ref + 30 && CNT(c, L3_NS) - l3 == 2 * 60,
          "at half the L3 rate a miss's 30 ns of L3 take 60: %u ns, %u at "
          "the reference rate", a, ref);
    CHECK(b == a + 80,
          "... and the port's 64-byte line 80 ns instead of 40: the second "
          "of two misses at once waits 80 more (%u, %u)", a, b);
    a8cache_set_l3_hz(c, 0);
    CHECK(a8cache_load(c, SDRAM + 0x30000, 4, 200000) == a,
          "a stopped L3 clock (0) keeps the last rate's costs");
    a8cache_set_l3_hz(c, c->p.l3_ref_hz);
    CHECK(a8cache_load(c, SDRAM + 0x40000, 4, 300000) == ref,
          "back at the reference rate: the reference cost (%u)", ref);
    free(c);
}

/* Parameter checks and the key table. */
static void test_params(void)
{
    a8cache_params p = a8cache_default_params;
    int found = 0;

    CHECK(a8cache_params_check(&p) == NULL, "the defaults are valid");
    p.l1d_size = 3000;
    CHECK(a8cache_params_check(&p) != NULL, "l1d_size 3000: refused");
    p = a8cache_default_params;
    p.l1d_line = 128;
    CHECK(a8cache_params_check(&p) != NULL, "L1 line longer than L2's: refused");
    p = a8cache_default_params;
    p.l2_size = 4 * 1024 * 1024;
    CHECK(a8cache_params_check(&p) != NULL, "l2_size 4 MB: out of range");
    p = a8cache_default_params;
    p.wbuf_lines = 0;
    CHECK(a8cache_params_check(&p) != NULL, "wbuf_lines 0: out of range");
    for (unsigned k = 0; k < a8cache_num_param_keys; k++) {
        const a8cache_param_key *key = &a8cache_param_keys[k];

        if (!strcmp(key->name, "l2_size") &&
            *(const uint32_t *)((const char *)&a8cache_default_params +
                                key->offset) == 256 * 1024) {
            found = 1;
        }
    }
    CHECK(a8cache_num_param_keys == 21 && found,
          "21 keys; l2_size's offset reads the default 262144");
}

/* The load-use interlock: load_use_cycles at the MPU's period, counted. */
static void test_load_use(void)
{
    mock m;
    a8cache *c = setup(&m, 9);
    uint32_t a = a8cache_load_use(c), b;

    CHECK(a == 2 && CNT(c, LOAD_USE) == 1 && CNT(c, LOAD_USE_NS) == 2,
          "load-use at 1 GHz: 2 ns, counted (%u)", a);
    a8cache_set_cpu_period_ps(c, 1667);         /* 600 MHz */
    a = a8cache_load_use(c);
    b = a8cache_load_use(c);
    CHECK(a + b == 6 && CNT(c, LOAD_USE) == 3 && CNT(c, LOAD_USE_NS) == 8,
          "load-use at 600 MHz: 3.334 ns twice, the carry adds up (%u + %u)",
          a, b);
    free(c);
}

/*
 * TRM Table 16-16: an unaligned load not contained in 128 bits, or store
 * not in 64, replays for 8 cycles; aligned ones, unaligned ones inside the
 * block and 8-byte accesses (LDRD/STRD: word alignment is theirs) do not.
 */
static void test_unaligned(void)
{
    static const struct {
        uint32_t pa;
        unsigned size;
        int is_store;
        uint32_t ns;
    } t[] = {
        { 0x1000, 4, 0, 0 }, { 0x1001, 4, 0, 0 }, { 0x100c, 4, 0, 0 },
        { 0x100d, 4, 0, 8 }, { 0x100f, 2, 0, 8 }, { 0x100e, 2, 0, 0 },
        { 0x1007, 2, 0, 0 }, { 0x1007, 2, 1, 8 }, { 0x1005, 4, 1, 8 },
        { 0x1003, 4, 1, 0 }, { 0x1004, 4, 1, 0 }, { 0x100c, 8, 0, 0 },
        { 0x103f, 2, 0, 8 },
    };
    mock m;
    a8cache *c = setup(&m, 9);
    unsigned bad = 0, n8 = 0;
    uint32_t a, b;

    for (unsigned i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
        uint32_t ns = a8cache_unaligned(c, t[i].pa, t[i].size, t[i].is_store);

        n8 += t[i].ns != 0;
        if (ns != t[i].ns) {
            printf("# %#x size %u %s: %u ns, want %u\n", t[i].pa, t[i].size,
                   t[i].is_store ? "store" : "load", ns, t[i].ns);
            bad++;
        }
    }
    CHECK(!bad && CNT(c, UNALIGNED) == n8 && CNT(c, UNALIGNED_NS) == 8 * n8,
          "unaligned: 8 cycles past a 128-bit (load) or 64-bit (store) "
          "boundary, %u of 13 accesses", n8);
    a8cache_set_cpu_period_ps(c, 1667);         /* 600 MHz */
    a = a8cache_unaligned(c, 0x100d, 4, 0);
    b = a8cache_unaligned(c, 0x100d, 4, 0);
    CHECK(a + b == 26, "unaligned at 600 MHz: 13.336 ns twice (%u + %u)",
          a, b);
    c->p.unaligned_cycles = 0;
    a = a8cache_unaligned(c, 0x100d, 4, 0);
    CHECK(a == 0 && CNT(c, UNALIGNED) == n8 + 3,
          "unaligned_cycles 0: free, still counted");
    free(c);
}

/*
 * A write-back leaves the write buffer when the next level has taken it:
 * with a next level slower than the port (write_ns 100 > 40 per line) the
 * core waits at the full buffer, and a read afterwards does not pay the
 * writes' backlog.
 */
static void test_wbuf_drain(void)
{
    mock m;
    a8cache *c = setup(&m, 10);
    uint32_t stall = 0, rd;

    m.write_ns = 100;
    for (uint32_t i = 0; i < 8; i++) {
        stall += a8cache_uncached(c, 0x90000000 + i * 64, 64, 1, stall);
    }
    /* the first 4 start when the port is free (0, 40, 80, 120) and are
     * taken at 100, 140, 180, 220; the next 4 each wait for the oldest:
     * 100, then 40, 40, 40 (the port was only 40 ns a line) */
    CHECK(stall == 100 + 40 + 40 + 40 && CNT(c, WBUF_STALL_NS) == stall,
          "8 posted writes, 4 entries, next level 100 ns: the core waits "
          "220 ns (%u)", stall);
    /* the 5th to 8th leave the port at 160, 200, 240, 280 and are taken
     * 100 ns later: a barrier at 220 (where the core is) waits until 380 */
    CHECK(a8cache_drain(c, stall) == 160,
          "a barrier after them waits until the last has been taken (%u)",
          a8cache_drain(c, stall));
    CHECK(a8cache_drain(c, 10000) == 0, "and nothing once it has");
    rd = a8cache_uncached(c, 0x90001000, 4, 0, 1000);
    CHECK(rd == 30 + 100, "a read after the writes drained: 130 ns (%u)", rd);
    free(c);
}

/*
 * Memory attributes (A8C_ATTR): what each inner/outer cacheability does
 * with a load or a store.  Costs from setup(): L2 lookup 8 cycles at
 * 1 GHz, interconnect 30, memory read 100 ns.
 */
#define T_L2    8u
#define T_MEM   (30u + 100u)

static void test_attributes(void)
{
    mock m;
    a8cache *c;
    uint32_t X = SDRAM + 0x1000, Y = SDRAM + 0x9000, ns;
    int w;

    /* outer write-back write-allocate: a partial line written is kept */
    c = setup(&m, 3);
    a8cache_store_attr(c, X, 4, A8C_ATTR(A8C_MA_WB, A8C_MA_WBWA), 0);
    a8cache_store_attr(c, Y, 4, A8C_ATTR(A8C_MA_WB, A8C_MA_WBWA), 0);
    w = l2_way_of(c, X);
    CHECK(m.writes == 0 && w >= 0 &&
          c->s.l2_st[w] == (1u | 1u << A8C_L2_DIRTY_SHIFT),
          "outer WB write-allocate: a store miss is allocated in the L2 "
          "(combined, then kept with its quadword valid and dirty when the "
          "next line is written), nothing to memory");
    free(c);

    /* outer write-back no write-allocate (Linux UP): it goes to memory */
    c = setup(&m, 3);
    a8cache_store_attr(c, X, 4, A8C_ATTR(A8C_MA_WB, A8C_MA_WB), 0);
    a8cache_store_attr(c, Y, 4, A8C_ATTR(A8C_MA_WB, A8C_MA_WB), 0);
    CHECK(m.writes == 1 && m.log[0].pa == X && m.log[0].bytes == 16 &&
          !a8cache_probe(c, A8C_LEVEL_L2, X) && CNT(c, L2_WMISS) == 2,
          "outer WB no write-allocate: the written quadword goes to memory "
          "when the combining buffer closes, no L2 line (writes %u)",
          m.writes);
    ns = a8cache_load_attr(c, X, 4, A8C_ATTR(A8C_MA_WB, A8C_MA_WB), 0, 1000);
    CHECK(ns == T_L2 + T_MEM && a8cache_probe(c, A8C_LEVEL_L2, X) &&
          a8cache_probe(c, A8C_LEVEL_L1D, X),
          "... so the load misses both levels and allocates on the read "
          "(%u ns)", ns);
    /* a whole line streams out either way: no allocation, one write */
    for (uint32_t k = 0; k < 64; k += 8) {
        a8cache_store_attr(c, Y + 0x1000 + k, 8,
                           A8C_ATTR(A8C_MA_WB, A8C_MA_WB), 2000);
    }
    a8cache_store_attr(c, Y + 0x2000, 4, A8C_ATTR(A8C_MA_WB, A8C_MA_WB),
                       2000);
    CHECK(m.log[m.n - 1].pa == Y + 0x1000 && m.log[m.n - 1].bytes == 64 &&
          m.log[m.n - 1].is_write && CNT(c, L1D_WMISS) == 11,
          "a whole line written goes out as one 64-byte write; the L1 D "
          "allocates on no store miss (%llu misses)",
          (unsigned long long)CNT(c, L1D_WMISS));
    free(c);

    /* inner write-through: an L1 hit stays clean, the write goes on */
    c = setup(&m, 3);
    a8cache_load_attr(c, X, 4, A8C_ATTR(A8C_MA_WT, A8C_MA_WB), 0, 0);
    a8cache_store_attr(c, X, 4, A8C_ATTR(A8C_MA_WT, A8C_MA_WB), 1000);
    w = l2_way_of(c, X);
    CHECK(CNT(c, L1D_WHIT) == 1 && !c->s.l1d_dirty[0] &&
          !c->s.l1d_dirty[1] && !c->s.l1d_dirty[2] && !c->s.l1d_dirty[3] &&
          w >= 0 && ((c->s.l2_st[w] >> A8C_L2_DIRTY_SHIFT) & 1),
          "inner WT, outer WB: the store hits the L1 D, which stays clean; "
          "the L2 line is written (dirty)");
    CHECK(!a8cache_l1d_known(c, X, 4, 1),
          "... and the L1 D's store-hit filter does not name the line");
    free(c);

    /* outer write-through: an L2 hit stays clean, the data goes out */
    c = setup(&m, 3);
    a8cache_load_attr(c, X, 4, A8C_ATTR(A8C_MA_WT, A8C_MA_WT), 0, 0);
    a8cache_store_attr(c, X, 4, A8C_ATTR(A8C_MA_WT, A8C_MA_WT), 1000);
    w = l2_way_of(c, X);
    CHECK(m.writes == 1 && m.log[1].pa == X && m.log[1].bytes == 4 &&
          w >= 0 && !((c->s.l2_st[w] >> A8C_L2_DIRTY_SHIFT) & 0xf),
          "inner and outer WT: the store goes to memory, the L2 line stays "
          "clean (writes %u)", m.writes);
    free(c);

    /* outer non-cacheable: the L1 D fills from memory, the L2 is left out */
    c = setup(&m, 3);
    ns = a8cache_load_attr(c, X, 4, A8C_ATTR(A8C_MA_WB, A8C_MA_NC), 0, 0);
    CHECK(ns == T_MEM && a8cache_probe(c, A8C_LEVEL_L1D, X) &&
          !a8cache_probe(c, A8C_LEVEL_L2, X),
          "inner WB, outer NC: the fill from memory without the L2 lookup "
          "(%u ns), in the L1 D only", ns);
    ns = a8cache_store_attr(c, Y, 4, A8C_ATTR(A8C_MA_WB, A8C_MA_NC), 1000);
    CHECK(ns == 0 && m.writes == 1 && m.log[1].bytes == 4 &&
          c->s.wc_line == A8C_NO_LINE,
          "... a store miss goes to memory through the write buffer, not "
          "the combining buffer");
    free(c);

    /* inner non-cacheable, outer cacheable: the L2 only */
    c = setup(&m, 3);
    ns = a8cache_load_attr(c, X, 4, A8C_ATTR(A8C_MA_NC, A8C_MA_WBWA), 0, 0);
    CHECK(ns == T_L2 + T_MEM && !a8cache_probe(c, A8C_LEVEL_L1D, X) &&
          a8cache_probe(c, A8C_LEVEL_L2, X),
          "inner NC, outer WB: an L2 miss (%u ns), allocated in the L2, not "
          "in the L1 D", ns);
    ns = a8cache_load_attr(c, X, 4, A8C_ATTR(A8C_MA_NC, A8C_MA_WBWA), 0,
                           1000);
    CHECK(ns == T_L2, "... the next load of it: an L2 hit (%u ns)", ns);
    free(c);

    /* Device, Strongly-ordered: neither level */
    c = setup(&m, 3);
    ns = a8cache_load_attr(c, X, 4, A8C_ATTR(A8C_MA_NC, A8C_MA_NC), 0, 0);
    ns += a8cache_load_attr(c, X, 4, A8C_ATTR(A8C_MA_NC, A8C_MA_NC), 0,
                            1000);
    CHECK(ns == 2 * T_MEM && !a8cache_probe(c, A8C_LEVEL_L1D, X) &&
          !a8cache_probe(c, A8C_LEVEL_L2, X) && CNT(c, UNCACHED_READ) == 2,
          "non-cacheable (device): every load to memory (%u ns for two)", ns);
    ns = a8cache_store_attr(c, X, 4, A8C_ATTR(A8C_MA_NC, A8C_MA_NC), 2000);
    CHECK(ns == 0 && m.writes == 1 && CNT(c, UNCACHED_WRITE) == 1,
          "... a store is posted (0 ns while the write buffer has room)");
    free(c);
}

/* The TLB keeps each page's attributes; a walk without them: WB-WA. */
static void test_tlb_attr(void)
{
    mock m;
    a8cache *c = setup(&m, 3);
    a8cache_walk dev = { .desc_pa = { SDRAM + 0x4000, 0 }, .ndesc = 1,
                         .page_shift = 20, .global = 1, .cacheable = 1,
                         .attr = A8C_ATTR_GIVEN |
                                 A8C_ATTR(A8C_MA_NC, A8C_MA_NC) };
    a8cache_walk ram = { .desc_pa = { SDRAM + 0x4004, 0 }, .ndesc = 1,
                         .page_shift = 20, .global = 1, .cacheable = 1,
                         .attr = A8C_ATTR_GIVEN |
                                 A8C_ATTR(A8C_MA_WB, A8C_MA_WB) };
    a8cache_walk old = { .desc_pa = { SDRAM + 0x4008, 0 }, .ndesc = 1,
                         .page_shift = 20, .global = 1, .cacheable = 1 };

    /* pages 1, 0x102, 0x203: three slots of the 64-entry hit filter */
    a8cache_walk_tlb(c, A8C_DTLB, 0x00001000, 1, &dev, 0);
    a8cache_walk_tlb(c, A8C_DTLB, 0x00102000, 1, &ram, 0);
    a8cache_walk_tlb(c, A8C_DTLB, 0x00203000, 1, &old, 0);
    CHECK(a8cache_tlb_attr(c, A8C_DTLB, 0x00001010) ==
          A8C_ATTR(A8C_MA_NC, A8C_MA_NC) &&
          a8cache_tlb_attr(c, A8C_DTLB, 0x00102010) ==
          A8C_ATTR(A8C_MA_WB, A8C_MA_WB) &&
          a8cache_tlb_attr(c, A8C_DTLB, 0x00203010) == A8C_ATTR_DEFAULT,
          "a walk's attributes are the entry's (none given: WB-WA)");
    /* a flush forgets the filter; a lookup in the TLB puts them back */
    a8cache_tlb_flush_va(c, 0x00300000, 1, 0);
    CHECK(a8cache_tlb_hit(c, A8C_DTLB, 0x00000ff0, 1) &&
          a8cache_tlb_attr(c, A8C_DTLB, 0x00000ff0) ==
          A8C_ATTR(A8C_MA_NC, A8C_MA_NC),
          "a TLB hit found by the lookup gives the entry's attributes");
    free(c);
}

/* ACTLR.L1NEON: without it a NEON load leaves the L1 D as it was. */
static void test_l1neon(void)
{
    mock m;
    a8cache *c = setup(&m, 3);
    uint32_t X = SDRAM + 0x3000, ns;

    CHECK(c->s.l1neon == 0, "L1NEON is clear at reset (TRM reset value)");
    ns = a8cache_load_simd(c, X, 16, 0);
    CHECK(ns == T_L2 && !a8cache_probe(c, A8C_LEVEL_L1D, X) &&
          a8cache_probe(c, A8C_LEVEL_L2, X) && CNT(c, SIMD_FILL) == 1,
          "L1NEON clear: a NEON miss fills the L2 in a slot, not the L1 D "
          "(%u ns)", ns);
    ns = a8cache_load_simd(c, X + 16, 16, 20);
    CHECK(ns == T_L2 && CNT(c, SIMD_FILL) == 1 && m.reads == 1,
          "... the next NEON load of the line, still filling: the L2 "
          "lookup only, no second fill (%u ns)", ns);
    ns = a8cache_load(c, X + 32, 4, 30);
    /* the fill started after the first load's lookup: ready at
     * T_L2 + T_MEM; this load, at 30, waits until then */
    CHECK(ns == T_L2 + T_MEM - 30,
          "... an integer load of it waits for the rest of the fill (%u ns)",
          ns);
    a8cache_set_l1neon(c, 1);
    ns = a8cache_load_simd(c, X + 0x1000, 16, 1000);
    CHECK(a8cache_probe(c, A8C_LEVEL_L1D, X + 0x1000),
          "L1NEON set: the NEON miss allocates in the L1 D too");
    free(c);
}

/*
 * Four L2-cacheable reads in flight (TRM Table 9-1), shared: a demand
 * fill waits for a free one when PLDs hold all four.  No port time here,
 * so the fills overlap entirely: each is ready T_MEM after it starts.
 */
static void test_fill_slots(void)
{
    mock m;
    a8cache *c = setup(&m, 3);
    uint32_t P = SDRAM + 0x20000, ns;

    c->p.l3_line_ns = 0;
    for (uint32_t k = 0; k < 3; k++) {
        a8cache_pld(c, P + k * 64, 0);
    }
    ns = a8cache_load(c, SDRAM + 0x30000, 4, 10);
    CHECK(ns == T_L2 + T_MEM && CNT(c, FILL_SLOT_WAIT_NS) == 0,
          "three PLD fills in flight: a load miss takes the fourth read "
          "at once (%u ns)", ns);
    free(c);

    c = setup(&m, 3);
    c->p.l3_line_ns = 0;
    for (uint32_t k = 0; k < 4; k++) {
        a8cache_pld(c, P + k * 64, 0);
    }
    ns = a8cache_load(c, SDRAM + 0x30000, 4, 10);
    /* the lookup ends at 10 + T_L2; the first PLD's fill at T_MEM */
    CHECK(ns == T_L2 + (T_MEM - (10 + T_L2)) + T_MEM &&
          CNT(c, FILL_SLOT_WAIT_NS) == T_MEM - (10 + T_L2),
          "four PLD fills in flight: the load miss waits for the first to "
          "end, then fills (%u ns)", ns);
    ns = a8cache_fetch(c, SDRAM + 0x40000, 1000);
    CHECK(ns == T_L2 + T_MEM, "once they are done a fetch miss does not "
          "wait (%u ns)", ns);
    free(c);
}

/*
 * By set and way (DCCSW, DCISW, DCCISW): the ARMv7 operand (ARM ARM
 * B4.2.1) decoded with the N9's geometry, as Linux's v7_flush_dcache_all
 * builds it from CCSIDR: L1 D 4 ways (way in bits 31:30), 128 sets of 64
 * bytes (set in bits 12:6), level 0; L2 8 ways (bits 31:29), 512 sets
 * (bits 14:6), level 1 (bits 3:1 = 1).  A walk of every set and way
 * writes back each dirty line once, and no clean line.
 */
static uint32_t sw_walk(a8cache *c, enum a8cache_maint op, unsigned level,
                        uint64_t t)
{
    uint32_t ways = level ? c->l2_ways : c->l1d_ways;
    uint32_t sets = level ? c->l2_sets : c->l1d_sets;
    unsigned wbits = level ? 29 : 30, ns = 0;

    for (uint32_t w = 0; w < ways; w++) {
        for (uint32_t set = 0; set < sets; set++) {
            ns += a8cache_maint_setway(c, op, w << wbits | set << 6 |
                                       level << 1, t + ns);
        }
    }
    return ns;
}

static void test_setway(void)
{
    mock m;
    a8cache *c = setup(&m, 3);
    uint32_t A = SDRAM + 0x40, B = SDRAM + 0x2040, ns;
    int w;

    a8cache_load(c, A, 4, 0);           /* A, B: L1 set 1, L2 sets 1, 129 */
    a8cache_store(c, A, 4, 0);
    a8cache_load(c, B, 4, 0);
    /* DCCSW of A's L1 slot, found by its way: one write-back into the L2 */
    for (w = 0; w < 4; w++) {
        if (c->s.l1d_tag[1 * 4 + w] == ((A >> 6) | A8C_VALID)) {
            break;
        }
    }
    CHECK(w < 4, "A is in L1 D set 1 (way %d)", w);
    a8cache_maint_setway(c, A8C_CLEAN_POC, (uint32_t)w << 30 | 1 << 6, 100);
    CHECK(CNT(c, L1D_WB) == 1 && a8cache_probe(c, A8C_LEVEL_L1D, A) &&
          !c->s.l1d_dirty[4 + w],
          "DCCSW of A's set and way: A written into the L2, kept, clean");
    a8cache_maint_setway(c, A8C_CLEAN_POC, (uint32_t)w << 30 | 1 << 6, 200);
    CHECK(CNT(c, L1D_WB) == 1, "... again: clean, nothing written");
    a8cache_store(c, A, 4, 300);
    a8cache_store(c, B, 4, 300);
    m.writes = 0;
    ns = sw_walk(c, A8C_CLEAN_INVAL_POC, 0, 1000);
    CHECK(CNT(c, L1D_WB) == 3 && !a8cache_probe(c, A8C_LEVEL_L1D, A) &&
          !a8cache_probe(c, A8C_LEVEL_L1D, B) && m.writes == 0,
          "DCCISW over the L1 D's 512 sets and ways: A and B written into "
          "the L2 once each, both gone, nothing to memory (%u ns)", ns);
    ns = sw_walk(c, A8C_CLEAN_POC, 1, 2000);
    ns += a8cache_drain(c, 2000 + ns);
    CHECK(CNT(c, L2_WB) == 2 && m.writes == 2 &&
          a8cache_probe(c, A8C_LEVEL_L2, A),
          "DCCSW over the L2's 4096: the two dirty lines to memory, once "
          "each; A stays (%u ns with the drain)", ns);
    sw_walk(c, A8C_CLEAN_POC, 1, 9000);
    CHECK(CNT(c, L2_WB) == 2 && m.writes == 2, "... again: nothing");
    sw_walk(c, A8C_INVAL_POC, 1, 10000);
    CHECK(!a8cache_probe(c, A8C_LEVEL_L2, A) &&
          !a8cache_probe(c, A8C_LEVEL_L2, B),
          "DCISW over the L2: A and B gone");
    m.reads = 0;
    ns = a8cache_load(c, A, 4, 20000);
    CHECK(ns == T_L2 + T_MEM && m.reads == 1,
          "... a load of A misses both levels (%u ns)", ns);
    CHECK(a8cache_maint_setway(c, A8C_CLEAN_POC, 2 << 1, 30000) == 0,
          "level 2 (a third level; the Cortex-A8 has none): nothing");
    /* a store left in the write-combining buffer is the L2 set's too */
    a8cache_store(c, SDRAM + 0x9000, 4, 40000);
    CHECK(c->s.wc_line == (SDRAM + 0x9000) >> 6,
          "a store miss waits in the write-combining buffer");
    m.writes = 0;
    sw_walk(c, A8C_CLEAN_POC, 1, 50000);
    CHECK(c->s.wc_line == A8C_NO_LINE && m.writes == 1,
          "... a DCCSW walk of the L2 writes it out");
    a8cache_store(c, SDRAM + 0xa000, 4, 60000);
    sw_walk(c, A8C_CLEAN_INVAL_POC, 1, 70000);
    CHECK(c->s.wc_line == A8C_NO_LINE &&
          !a8cache_probe(c, A8C_LEVEL_L2, SDRAM + 0xa000),
          "... a DCCISW walk writes it out and leaves it in no way");
    free(c);
}

int main(void)
{
    test_setway();
    test_fill_slots();
    test_attributes();
    test_tlb_attr();
    test_l1neon();
    test_load_use();
    test_unaligned();
    test_wbuf_drain();
    test_geometry();
    test_determinism();
    test_writeback();
    test_l1d_watch();
    test_tlb();
    test_walk_cost();
    test_pld();
    test_simd_load();
    test_write_stream();
    test_counters();
    test_save_restore();
    test_cpu_period();
    test_l3_rate();
    test_params();
    return check_done();
}
