/*
 * What-if of membench's loops through the two memory models alone
 * (models/cache + models/sdrc, host, run by hand; not a test):
 *
 *   ninja -C BUILD models/sdrc/whatif_membench && BUILD/models/sdrc/whatif_membench
 *
 * It answers "where does a gap of docs/calibration.md come from" in a
 * second, where a guest run takes minutes: the same access streams as
 * guest/membench (the NEON read and copy loops, one load per line with and
 * without PLD, the random pointer chase), each instruction 1 ns plus the
 * stall the cache model returns, with the [cache] and SDRC defaults, on
 * physical layouts chosen here:
 *
 *   same-bank   source and destination contiguous, the destination 8 MB
 *               after the source: what membench's two 8 MB buffers get in
 *               the guest after a fresh boot (read from /proc/self/pagemap:
 *               all 2048 page pairs 8 MB apart, the same SDRAM bank,
 *               another row);
 *   next-bank   the destination 8 MB + 8 KB after the source: the other
 *               bank of every pair;
 *   random      both buffers' 4 KB pages drawn at random (a fragmented
 *               page allocator): a pair shares its bank one time in four.
 *
 * The figures are close to the guest's, not identical: no instruction
 * fetch, a page walk is charged as 24 cycles on each new page instead of
 * being looked up, glibc's memset and memcpy are not run.  The chase
 * part prints the L2's data hit rate under the model's random replacement
 * and the most any replacement could keep (Belady's optimum for a cyclic
 * sequence: a set of m > ways lines keeps (ways - 1) / (m - 1) of them),
 * and the hit rate the phone's figure would need.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "a8cache.h"
#include "sdrc.h"

#define SDRAM       0x80000000u
#define BUF_PAGE    0x33000u        /* a page number 816 MB into SDRAM */
#define MB          (1024u * 1024u)
#define WALK_NS     24              /* TRM Table 16-16, entries in the L2 */

static a8cache cache;
static SdrcModel sdrc;
static uint64_t now;                /* ns */
static uint32_t *page_src, *page_dst;   /* virtual page -> physical page */
static uint32_t last_src, last_dst;

static SdrcParams sdrc_p;          /* the defaults; argv[1]: sr_overhead_ns */
static uint32_t sdrc_power = 0x9;   /* Linux's SDRC_POWER */

static void reset(void)
{
    a8cache_next next = { sdrc_next_level_access, &sdrc };
    SdrcRegs r;
    SdrcConfig c;

    sdrc_init(&sdrc, &sdrc_p, 195200000u, SDRAM);
    sdrc_n9_regs(&r);
    r.power = sdrc_power;
    sdrc_decode(&r, 195200000u, &c);
    sdrc_set_config(&sdrc, &c, now);
    a8cache_init(&cache, &a8cache_default_params, &next, 1);
    a8cache_set_l1neon(&cache, 1);     /* the machine's [cpu] actlr */
    last_src = last_dst = ~0u;
}

static uint32_t xorshift(uint32_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 17;
    *x ^= *x << 5;
    return *x;
}

static uint32_t pa(const uint32_t *map, uint32_t off)
{
    return SDRAM + (map[off >> 12] << 12) + (off & 4095);
}

/* a new page: the D-TLB misses (32 entries, streams of 8 MB) */
static uint32_t walk(uint32_t *last, uint32_t off)
{
    if ((off >> 12) == *last) {
        return 0;
    }
    *last = off >> 12;
    return WALK_NS;
}

static void insn(uint32_t stall)
{
    now += 1 + stall;
}

/* vld1.64 {d0-d3}: four 8-byte NEON loads (as QEMU's memory hook sees) */
static uint32_t vld1(uint32_t off)
{
    uint32_t st = walk(&last_src, off);

    for (int k = 0; k < 4; k++) {
        st += a8cache_load_simd(&cache, pa(page_src, off + 8 * k), 8,
                                now + st);
    }
    return st;
}

static uint32_t vst1(uint32_t off)
{
    uint32_t st = walk(&last_dst, off);

    for (int k = 0; k < 4; k++) {
        st += a8cache_store(&cache, pa(page_dst, off + 8 * k), 8, now + st);
    }
    return st;
}

/* membench read_neon: 2 vld1, 4 vadd, subs, bne per 64 bytes; MB/s */
static double read_neon(uint32_t bytes)
{
    uint64_t t0 = now;

    for (uint32_t off = 0; off < bytes; off += 64) {
        insn(vld1(off));
        insn(vld1(off + 32));
        for (int k = 0; k < 6; k++) {
            insn(0);
        }
    }
    return bytes * 1e3 / (double)(now - t0);
}

/* membench copy_neon: 2 vld1, 2 vst1, subs, bne per 64 bytes; MB/s */
static double copy_neon(uint32_t bytes)
{
    uint64_t t0 = now;

    for (uint32_t off = 0; off < bytes; off += 64) {
        insn(vld1(off));
        insn(vld1(off + 32));
        insn(vst1(off));
        insn(vst1(off + 32));
        insn(0);
        insn(0);
    }
    return bytes * 1e3 / (double)(now - t0);
}

/* membench line_loads: ldr, pld or nop, add, subs, bne; ns per line */
static double line_loads(uint32_t bytes, uint32_t pld_off)
{
    uint64_t t0 = now;

    for (uint32_t off = 0; off < bytes; off += 64) {
        uint32_t st = walk(&last_src, off);

        insn(st + a8cache_load(&cache, pa(page_src, off), 4, now + st));
        insn(pld_off && off + pld_off < bytes ?
             a8cache_pld(&cache, pa(page_src, off + pld_off), now) : 0);
        insn(0);
        insn(0);
        insn(0);
    }
    return (double)(now - t0) / (bytes / 64);
}

static void rows(const char *what, const SdrcCounters *a)
{
    const SdrcCounters *b = &sdrc.cnt;
    uint64_t n = b->reads + b->writes - a->reads - a->writes;

    printf("    %-10s SDRAM accesses %llu: row hits %.1f%%, misses %.1f%%, "
           "conflicts %.1f%%\n", what, (unsigned long long)n,
           100.0 * (b->row_hits - a->row_hits) / n,
           100.0 * (b->row_misses - a->row_misses) / n,
           100.0 * (b->row_conflicts - a->row_conflicts) / n);
}

static void streams(const char *layout, uint32_t bytes)
{
    SdrcCounters a;
    double v;

    reset();
    printf("%s:\n", layout);
    read_neon(bytes);                   /* warm, then measured */
    a = sdrc.cnt;
    v = read_neon(bytes);
    printf("  read-neon %.1f MB/s (phone 1195)\n", v);
    rows("read", &a);
    copy_neon(bytes);
    a = sdrc.cnt;
    v = copy_neon(bytes);
    printf("  copy-neon %.1f MB/s (phone 500)\n", v);
    rows("copy", &a);
    line_loads(bytes, 0);
    v = line_loads(bytes, 0);
    printf("  one load per line %.2f ns (phone 165)", v);
    line_loads(bytes, 512);
    v = line_loads(bytes, 512);
    printf(", with PLD 8 lines ahead %.2f ns (phone 85)\n", v);
}

/* membench's chase over @ws bytes, contiguous: data L2 hit rates */
static void chase(uint32_t ws, double phone_ns)
{
    uint32_t n = ws / 64, x = 1, p = 0;
    uint32_t *next = malloc(n * sizeof(*next));
    uint32_t sets = cache.l2_sets, ways = cache.l2_ways;
    uint32_t *per_set = calloc(sets, sizeof(*per_set));
    uint64_t t0, hit_ns = 0, miss_ns = 0, hits = 0, misses = 0, l1 = 0;
    double opt = 0;

    reset();
    /* Sattolo's algorithm as membench's build_chase (its xorshift32) */
    for (uint32_t i = 0; i < n; i++) {
        next[i] = i;
    }
    for (uint32_t i = n - 1; i > 0; i--) {
        uint32_t j = (uint32_t)(((uint64_t)xorshift(&x) * i) >> 32);
        uint32_t t = next[i];

        next[i] = next[j];
        next[j] = t;
    }
    for (int round = 0; round < 3; round++) {
        t0 = now;
        for (uint32_t k = 0; k < n; k++) {
            uint32_t va = 0x40000000u + p * 64, addr = (BUF_PAGE << 12) + p * 64;
            uint32_t st = 0;
            uint64_t reads, l1hits;

            if (!a8cache_tlb_hit(&cache, A8C_DTLB, va, 1)) {
                a8cache_walk w = {
                    { SDRAM + 0x4000 + (va >> 20) * 4,
                      SDRAM + 0x100000 + ((va >> 12) & 0xfff) * 4 },
                    2, 12, 0, 1, 0, 0 };

                st += a8cache_walk_tlb(&cache, A8C_DTLB, va, 1, &w, now);
            }
            reads = cache.s.cnt[A8C_MEM_READ];
            l1hits = cache.s.cnt[A8C_L1D_HIT];
            st += a8cache_load(&cache, SDRAM + addr, 4, now + st);
            st += a8cache_load_use(&cache);
            now += 1 + st + (k % 16 == 15 ? 2 : 0);
            if (round == 2) {
                if (cache.s.cnt[A8C_L1D_HIT] != l1hits) {
                    l1++;
                } else if (cache.s.cnt[A8C_MEM_READ] == reads) {
                    hits++;
                    hit_ns += 1 + st;
                } else {
                    misses++;
                    miss_ns += 1 + st;
                }
            }
            p = next[p];
        }
    }
    for (uint32_t i = 0; i < n; i++) {
        per_set[(((BUF_PAGE << 12) >> 6) + i) & (sets - 1)]++;
    }
    for (uint32_t s = 0; s < sets; s++) {
        uint32_t m = per_set[s];

        opt += m <= ways ? m : m * (double)(ways - 1) / (m - 1);
    }
    {
        double h_ns = hits ? (double)hit_ns / hits : 0;
        double m_ns = misses ? (double)miss_ns / misses : 0;
        double need = m_ns > h_ns ? (m_ns - phone_ns) / (m_ns - h_ns) : 0;

        printf("chase %u KB: %.2f ns per load (phone %.0f); L1 hits %.1f%%; "
               "L2 data hits %.1f%% of L1 misses (random replacement); at "
               "most %.1f%% with any replacement (Belady); an L2 hit costs "
               "%.1f ns, a miss %.1f: the phone's figure needs %.0f%%\n",
               ws / 1024, (double)(now - t0) / n, phone_ns,
               100.0 * l1 / n, 100.0 * hits / (hits + misses),
               100.0 * opt / n, h_ns, m_ns, 100.0 * need);
    }
    free(per_set);
    free(next);
}

int main(int argc, char **argv)
{
    uint32_t bytes = 8 * MB, np = bytes / 4096, x = 12345;

    sdrc_p = sdrc_default_params;
    if (argc > 1) {
        sdrc_p.sr_overhead_ns = (uint32_t)strtoul(argv[1], NULL, 0);
    }
    page_src = malloc(np * sizeof(*page_src));
    page_dst = malloc(np * sizeof(*page_dst));
    for (uint32_t i = 0; i < np; i++) {
        page_src[i] = BUF_PAGE + i;
        page_dst[i] = BUF_PAGE + np + i;
    }
    streams("same-bank (the guest's: destination 8 MB after the source)",
            bytes);
    for (uint32_t i = 0; i < np; i++) {
        page_dst[i] = BUF_PAGE + np + 2 + i;
    }
    streams("next-bank (destination 8 MB + 8 KB after the source)", bytes);
    for (uint32_t i = 0; i < np; i++) {
        /* anywhere in CS1's 512 MB, as the guest's buffers are (a
         * page drawn twice does not matter here) */
        page_src[i] = 0x20000u + xorshift(&x) % 0x20000u;
        page_dst[i] = 0x20000u + xorshift(&x) % 0x20000u;
    }
    streams("random (4 KB pages anywhere)", bytes);
    chase(512 * 1024, 64);
    /* SDRC_POWER = 0x129 (the phone's table: facts.md, membench-0x129) */
    chase(2 * MB, 182);
    chase(8 * MB, 211);
    sdrc_power = 0x129;
    printf("SDRC_POWER = 0x129, sr_overhead_ns %u:\n", sdrc_p.sr_overhead_ns);
    chase(512 * 1024, 211);
    chase(2 * MB, 578);
    chase(8 * MB, 695);
    free(page_src);
    free(page_dst);
    return 0;
}
