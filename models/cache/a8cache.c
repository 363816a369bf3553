/*
 * Cortex-A8 (r3p2) memory hierarchy timing model of the OMAP3630 (see
 * a8cache.h).  Sources of the geometry, the policies and the default costs
 * (docs/models-cache.md has the longer version):
 *
 *  [TRM]   ARM Cortex-A8 Technical Reference Manual, r3p2 (ARM DDI 0344K).
 *          §3.2 CP15 c0 registers: CCSIDR, read on Cortex-A8 boards with
 *          32 KB L1s and a 256 KB L2, is 0xE00FE01A (L1 D: 128 sets, 4 ways,
 *          64-byte lines, write-through, write-back and read-allocate
 *          supported, write-allocate NOT supported), 0x200FE01A (L1 I) and
 *          0xF03FE03A (L2: 512 sets, 8 ways, 64-byte lines, write-allocate
 *          supported); TLB Type 0x00202001 (32 I-TLB and 32 D-TLB entries);
 *          CLIDR 0x0A000023 (level of unification: the L2).
 *          §8.2 L2 cache organisation: 8-way, physically addressed, sizes
 *          0-1 MB; the write buffer takes integer and NEON writes and L1
 *          evictions and streams them; a dirty bit per quadword, so only
 *          dirty data goes out.
 *          §16.4.2 Table 16-16 Memory system effects on instruction
 *          timings: an L1 load miss replays with at least 8 cycles, which
 *          matches the minimum time to get data from the L2; a D-TLB miss
 *          whose table entries are in the L2 costs 24 cycles; an L2 miss
 *          needs about 25 cycles at least for the critical word; a store
 *          miss costs nothing unless the store buffer is full.
 *  [OMAP]  OMAP36xx TRM (SPRUGN4), MPU subsystem: the Cortex-A8 with 32 KB
 *          L1 I, 32 KB L1 D and a 256 KB L2 (as the AM335x TRM, SPRUH73
 *          §3.1.1, states for its Cortex-A8: 4-way 16-word-line L1s, 8-way
 *          16-word-line 256 KB L2).
 *  [H&P]   Hennessy & Patterson, Computer Architecture 5th ed., §2.6 The
 *          ARM Cortex-A8: I-TLB and D-TLB fully associative, 32 entries,
 *          round-robin replacement, hardware walk; L1 4-way 64-byte lines;
 *          L2 8-way 64-byte lines.
 *  [KA]    ARM knowledge article "What is the fastest way to copy memory on
 *          a Cortex-A8?": PLD makes the L2 start loading the line; NEON
 *          loads fill the L1 only with ACTLR.L1NEON set.
 *  Replacement: pseudo-random in the L1s and the L2 (the project's reading
 *          of the Cortex-A8; the TRM's sentence was not at hand), the
 *          lowest invalid way first (ARM1176JZF-S TRM §7.2.1 documents
 *          that rule for ARM's L1 caches of the time).
 *  Walks:  ID_MMFR3 of the Cortex-A8 (0x00000011) has Coherent walk = 0:
 *          the table walk does not look in the L1 D cache, and Linux cleans
 *          each descriptor it writes to the point of unification (the L2),
 *          arch/arm/mm/proc-v7-2level.S cpu_v7_set_pte_ext, TLB_DCLEAN in
 *          arch/arm/include/asm/tlbflush.h.  So walks read through the L2.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>
#include "a8cache.h"

/* The way search runs on every slow-path access: keep it in its callers. */
#ifdef __GNUC__
#define HOT_INLINE inline __attribute__((always_inline))
#else
#define HOT_INLINE inline
#endif

const a8cache_params a8cache_default_params = {
    .l1i_size = 32 * 1024, .l1i_ways = 4, .l1i_line = 64,     /* [TRM] [OMAP] */
    .l1d_size = 32 * 1024, .l1d_ways = 4, .l1d_line = 64,
    .l2_size = 256 * 1024, .l2_ways = 8, .l2_line = 64,
    .itlb_entries = 32, .dtlb_entries = 32,                   /* [TRM] [H&P] */
    .l1_extra_cycles = 0,   /* icount's 1 ns per instruction covers a hit */
    .l2_hit_cycles = 8,     /* [TRM] Table 16-16: the 8-cycle replay */
    .walk_cycles = 8,       /* + two L2 descriptor reads of 8 = 24 [TRM] */
    .l3_ns = 75,            /* calibrated: the phone's SDRC_POWER = 0x9
                             * table's misses, 2-32 MB random loads
                             * 187-225 ns and one load per line 165 ns
                             * (docs/facts.md; docs/calibration.md) */
    .l3_line_ns = 41,       /* 64 bytes at 8 bytes per 195.2 MHz L3 clock
                             * (32-bit LPDDR, both edges) */
    .l3_ref_hz = 195200000, /* the N9's L3 at OPP100 (docs/facts.md):
                             * the rate l3_ns was calibrated at */
    .wbuf_lines = 4,        /* assumption: not in the TRM */
    .pld_slots = 4,         /* [TRM] Table 9-1: four AXI read IDs for
                             * L2-cacheable reads, one transaction each:
                             * fetch, loads, walks and PLD share them */
    .load_use_cycles = 2,   /* [TRM] §16: result in E3, address in E1 */
    .unaligned_cycles = 8,  /* [TRM] Table 16-16: the 8-cycle penalty */
};

#define KEY(f, lo, hi) { #f, offsetof(a8cache_params, f), lo, hi }
const a8cache_param_key a8cache_param_keys[] = {
    KEY(l1i_size, 1024, 128 * 1024), KEY(l1i_ways, 1, 16), KEY(l1i_line, 16, 256),
    KEY(l1d_size, 1024, 128 * 1024), KEY(l1d_ways, 1, 16), KEY(l1d_line, 16, 256),
    KEY(l2_size, 4096, 2 * 1024 * 1024), KEY(l2_ways, 1, 16), KEY(l2_line, 16, 256),
    KEY(itlb_entries, 1, A8CACHE_MAX_TLB), KEY(dtlb_entries, 1, A8CACHE_MAX_TLB),
    KEY(l1_extra_cycles, 0, 1000), KEY(l2_hit_cycles, 0, 1000),
    KEY(walk_cycles, 0, 1000),
    KEY(l3_ns, 0, 100000), KEY(l3_line_ns, 0, 100000),
    KEY(l3_ref_hz, 1000000, 1000000000),
    KEY(wbuf_lines, 1, A8CACHE_MAX_WBUF), KEY(pld_slots, 0, A8CACHE_MAX_PLD),
    KEY(load_use_cycles, 0, 1000), KEY(unaligned_cycles, 0, 1000),
};
#undef KEY
const unsigned a8cache_num_param_keys =
    sizeof(a8cache_param_keys) / sizeof(a8cache_param_keys[0]);

const char *const a8cache_counter_names[A8C_NUM_COUNTERS] = {
    [A8C_L1I_HIT] = "l1i-hits", [A8C_L1I_MISS] = "l1i-misses",
    [A8C_L1D_HIT] = "l1d-load-hits", [A8C_L1D_MISS] = "l1d-load-misses",
    [A8C_L1D_WHIT] = "l1d-store-hits", [A8C_L1D_WMISS] = "l1d-store-misses",
    [A8C_L1D_WB] = "l1d-writebacks", [A8C_L1_NS] = "l1-ns",
    [A8C_L2_HIT] = "l2-read-hits", [A8C_L2_MISS] = "l2-read-misses",
    [A8C_L2_WHIT] = "l2-write-hits", [A8C_L2_WMISS] = "l2-write-misses",
    [A8C_L2_WB] = "l2-writebacks", [A8C_L2_NS] = "l2-ns",
    [A8C_ITLB_HIT] = "itlb-hits", [A8C_ITLB_MISS] = "itlb-misses",
    [A8C_DTLB_HIT] = "dtlb-hits", [A8C_DTLB_MISS] = "dtlb-misses",
    [A8C_WALKS] = "walks", [A8C_WALK_DESC] = "walk-descriptors",
    [A8C_WALK_DESC_L2_HIT] = "walk-descriptor-l2-hits",
    [A8C_WALK_NS] = "walk-ns",
    [A8C_PLD] = "pld", [A8C_PLD_USEFUL] = "pld-useful",
    [A8C_PLD_PRESENT] = "pld-present", [A8C_PLD_DROPPED] = "pld-dropped",
    [A8C_PLD_WAIT_NS] = "pld-wait-ns",
    [A8C_MEM_READ] = "mem-reads", [A8C_MEM_WRITE] = "mem-writes",
    [A8C_MEM_READ_BYTES] = "mem-read-bytes",
    [A8C_MEM_WRITE_BYTES] = "mem-write-bytes",
    [A8C_MEM_NS] = "mem-ns", [A8C_L3_NS] = "l3-ns",
    [A8C_PORT_WAIT_NS] = "port-wait-ns",
    [A8C_WBUF_STALL_NS] = "wbuf-stall-ns",
    [A8C_UNCACHED_READ] = "uncached-reads",
    [A8C_UNCACHED_WRITE] = "uncached-writes",
    [A8C_MAINT_NS] = "maint-ns",
    [A8C_LOAD_USE] = "load-use", [A8C_LOAD_USE_NS] = "load-use-ns",
    [A8C_L2_WSTREAM] = "l2-write-streamed",
    [A8C_SIMD_FILL] = "simd-fills", [A8C_SIMD_FILL_WAIT_NS] = "simd-fill-wait-ns",
    [A8C_WALK_DESC_ON_CHIP] = "walk-descriptors-on-chip",
    [A8C_FILL_SLOT_WAIT_NS] = "fill-slot-wait-ns",
    [A8C_L1D_WTHROUGH] = "l1d-write-through",
    [A8C_WRITE_AROUND] = "l2-write-around",
    [A8C_UNALIGNED] = "unaligned-replays",
    [A8C_UNALIGNED_NS] = "unaligned-ns",
};

/* TLB entry attributes (tlb_attr) */
#define TLB_SHIFT_MASK  0xffu
#define TLB_ASID(a)     (((a) >> 8) & 0xffu)
#define TLB_GLOBAL      (1u << 16)
#define TLB_VALID       (1u << 17)
#define TLB_MA_SHIFT    18              /* A8C_ATTR, 4 bits */
#define TLB_MA(a)       (((a) >> TLB_MA_SHIFT) & 0xfu)

#define L2_VALID_MASK   0xfu

static int is_pow2(uint32_t v)
{
    return v && !(v & (v - 1));
}

static uint32_t ilog2(uint32_t v)
{
    uint32_t n = 0;

    while (v >>= 1) {
        n++;
    }
    return n;
}

/* A cache's geometry is usable: powers of two, at least one set. */
static int bad_cache(uint32_t size, uint32_t ways, uint32_t line,
                     uint32_t max_lines)
{
    return !is_pow2(size) || !is_pow2(ways) || !is_pow2(line) ||
           size < ways * line || size / line > max_lines;
}

const char *a8cache_params_check(const a8cache_params *p)
{
    for (unsigned k = 0; k < a8cache_num_param_keys; k++) {
        const a8cache_param_key *key = &a8cache_param_keys[k];
        uint32_t v = *(const uint32_t *)((const char *)p + key->offset);

        if (v < key->min || v > key->max) {
            return "a [cache] value is out of its range (see "
                   "docs/timing-parameters.md)";
        }
    }
    if (bad_cache(p->l1i_size, p->l1i_ways, p->l1i_line,
                  A8CACHE_MAX_L1_LINES)) {
        return "l1i_size, l1i_ways and l1i_line must be powers of two, "
               "with l1i_size >= ways * line and at most 2048 lines";
    }
    if (bad_cache(p->l1d_size, p->l1d_ways, p->l1d_line,
                  A8CACHE_MAX_L1_LINES)) {
        return "l1d_size, l1d_ways and l1d_line must be powers of two, "
               "with l1d_size >= ways * line and at most 2048 lines";
    }
    if (bad_cache(p->l2_size, p->l2_ways, p->l2_line,
                  A8CACHE_MAX_L2_LINES)) {
        return "l2_size, l2_ways and l2_line must be powers of two, "
               "with l2_size >= ways * line and at most 32768 lines";
    }
    if (p->l1i_line > p->l2_line || p->l1d_line > p->l2_line) {
        return "an L1 line (l1i_line, l1d_line) is longer than l2_line";
    }
    return NULL;
}

uint32_t a8cache_fixed_next(void *ctx, uint32_t paddr, uint32_t bytes,
                            int is_write, uint64_t now_ns)
{
    (void)paddr; (void)bytes; (void)is_write; (void)now_ns;
    return *(const uint32_t *)ctx;
}

/* Empty hit filters (A8C_NO_LINE and A8C_NO_ASID are all ones). */
static void tlb_forget_hot(a8cache *c)
{
    memset(c->s.tlb_hot_vpn, 0xff, sizeof(c->s.tlb_hot_vpn));
    memset(c->s.tlb_hot_asid, 0xff, sizeof(c->s.tlb_hot_asid));
}

static void reset_shortcuts(a8cache *c)
{
    memset(c->s.l1i_hot, 0xff, sizeof(c->s.l1i_hot));
    memset(c->s.l1d_hot, 0xff, sizeof(c->s.l1d_hot));
    memset(c->s.l1d_whot, 0xff, sizeof(c->s.l1d_whot));
    c->s.l2_wlast = A8C_NO_LINE;
    c->s.l2_wlast_idx = 0;
    c->s.l1d_wmiss = A8C_NO_LINE;
    c->s.wc_line = A8C_NO_LINE;
    c->s.wc_bits = 0;
    tlb_forget_hot(c);
}

/* A line enters (hot_set) or leaves (hot_forget) a hit filter. */
static void hot_set(uint32_t *hot, uint32_t line)
{
    hot[line & (A8CACHE_HOT_L1 - 1)] = line;
}

static void hot_forget(uint32_t *hot, uint32_t line)
{
    if (hot[line & (A8CACHE_HOT_L1 - 1)] == line) {
        hot[line & (A8CACHE_HOT_L1 - 1)] = A8C_NO_LINE;
    }
}

/* An L1 D line leaves, or is cleaned: tell the watch. */
static void l1d_tell(a8cache *c, uint32_t line, int what)
{
    if (c->l1d_watch) {
        c->l1d_watch(c->l1d_watch_ctx, line, what);
    }
}

void a8cache_set_l1d_watch(a8cache *c, a8cache_watch_fn *fn, void *ctx)
{
    c->l1d_watch = fn;
    c->l1d_watch_ctx = ctx;
}

const char *a8cache_init(a8cache *c, const a8cache_params *p,
                         const a8cache_next *next, uint64_t seed)
{
    const char *why = a8cache_params_check(p);

    if (why) {
        return why;
    }
    memset(c, 0, sizeof(*c));
    c->p = *p;
    c->l1i_shift = ilog2(p->l1i_line);
    c->l1i_ways = p->l1i_ways;
    c->l1i_sets = p->l1i_size / p->l1i_line / p->l1i_ways;
    c->l1d_shift = ilog2(p->l1d_line);
    c->l1d_ways = p->l1d_ways;
    c->l1d_sets = p->l1d_size / p->l1d_line / p->l1d_ways;
    c->l2_shift = ilog2(p->l2_line);
    c->l2_ways = p->l2_ways;
    c->l2_sets = p->l2_size / p->l2_line / p->l2_ways;
    c->l2_qshift = c->l2_shift - 2;     /* four quadwords of a 64-byte line */
    c->next = *next;
    /* xorshift64* must not start at 0 */
    c->s.rng = (seed ^ 0x9e3779b97f4a7c15ull) ? seed ^ 0x9e3779b97f4a7c15ull : 1;
    c->s.cpu_period_ps = 1000;
    c->s.l3_hz = p->l3_ref_hz;
    for (int i = 0; i < A8CACHE_MAX_PLD; i++) {
        c->s.pld_line[i] = A8C_NO_LINE;
    }
    reset_shortcuts(c);
    a8cache_tlb_flush_all(c);
    return NULL;
}

void a8cache_set_cpu_period_ps(a8cache *c, uint32_t ps)
{
    c->s.cpu_period_ps = ps ? ps : 1;
}

void a8cache_set_l3_hz(a8cache *c, uint32_t hz)
{
    if (hz) {                   /* stopped: nothing crosses the L3 then */
        c->s.l3_hz = hz;
    }
}

/* --- helpers -------------------------------------------------------------- */

/* The replacement choice: xorshift64*, the state's own generator. */
static uint32_t rnd(a8cache *c)
{
    uint64_t x = c->s.rng;

    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    c->s.rng = x;
    return (uint32_t)((x * 0x2545f4914f6cdd1dull) >> 32);
}

/* @cycles of the MPU clock in ns; the sub-ns rest carries to the next. */
static uint32_t cyc_ns(a8cache *c, uint32_t cycles)
{
    uint64_t ps = (uint64_t)cycles * c->s.cpu_period_ps + c->s.carry_ps;

    c->s.carry_ps = (uint32_t)(ps % 1000);
    return (uint32_t)(ps / 1000);
}

uint32_t a8cache_load_use(a8cache *c)
{
    uint32_t ns = cyc_ns(c, c->p.load_use_cycles);

    c->s.cnt[A8C_LOAD_USE]++;
    c->s.cnt[A8C_LOAD_USE_NS] += ns;
    return ns;
}

/*
 * TRM Table 16-16, "unaligned load or store request": 8 cycles when a
 * load's unaligned access is not contained in a 128-bit boundary, a
 * store's in a 64-bit one.  Which accesses are "unaligned" is ours: a
 * halfword or word not at a multiple of its size.  LDRD/STRD need only
 * word alignment and are two aligned words (no replay); LDM/STM and the
 * exclusives fault when unaligned.  The replay adds to any miss the same
 * access pays (ours: the table gives each alone).  Counted with
 * unaligned_cycles 0 too (at 0 ns).
 */
uint32_t a8cache_unaligned(a8cache *c, uint32_t pa, unsigned size,
                           int is_store)
{
    uint32_t block = is_store ? 8 : 16;
    uint32_t ns;

    if ((size != 2 && size != 4) || !(pa & (size - 1)) ||
        (pa & (block - 1)) + size <= block) {
        return 0;
    }
    ns = cyc_ns(c, c->p.unaligned_cycles);
    c->s.cnt[A8C_UNALIGNED]++;
    c->s.cnt[A8C_UNALIGNED_NS] += ns;
    return ns;
}

/* Bit w set when way w of the set at @t holds @want.  Unrolled for the
 * Cortex-A8's 4 and 8 ways: which way hits is random, so compares beat a
 * branch per way. */
static HOT_INLINE uint32_t ways_equal(const uint32_t *t, uint32_t ways, uint32_t want)
{
    uint32_t hit = 0;

    if (ways == 4) {
        return (uint32_t)(t[0] == want) | (uint32_t)(t[1] == want) << 1 |
               (uint32_t)(t[2] == want) << 2 | (uint32_t)(t[3] == want) << 3;
    }
    if (ways == 8) {
        return (uint32_t)(t[0] == want) | (uint32_t)(t[1] == want) << 1 |
               (uint32_t)(t[2] == want) << 2 | (uint32_t)(t[3] == want) << 3 |
               (uint32_t)(t[4] == want) << 4 | (uint32_t)(t[5] == want) << 5 |
               (uint32_t)(t[6] == want) << 6 | (uint32_t)(t[7] == want) << 7;
    }
    for (uint32_t w = 0; w < ways; w++) {
        hit |= (uint32_t)(t[w] == want) << w;
    }
    return hit;
}

static HOT_INLINE uint32_t lowest_bit(uint32_t m)
{
#ifdef __GNUC__
    return (uint32_t)__builtin_ctz(m);
#else
    uint32_t w = 0;

    while (!(m & (1u << w))) {
        w++;
    }
    return w;
#endif
}

/* The way of @want in the set at @base, or -1. */
static HOT_INLINE int find(const uint32_t *tag, uint32_t base, uint32_t ways,
                uint32_t want)
{
    uint32_t hit = ways_equal(tag + base, ways, want);

    return hit ? (int)(base + lowest_bit(hit)) : -1;
}

/* The way to fill: the lowest invalid one (an invalid tag is 0), else a
 * pseudo-random one. */
static uint32_t victim(a8cache *c, const uint32_t *tag, uint32_t base,
                       uint32_t ways)
{
    uint32_t empty = ways_equal(tag + base, ways, 0);

    if (empty) {
        return base + lowest_bit(empty);
    }
    return base + (rnd(c) & (ways - 1));
}

/* Quadwords of the L2 line that [pa, pa + bytes) touches (same line). */
static uint32_t qmask(const a8cache *c, uint32_t pa, uint32_t bytes)
{
    uint32_t first = (pa >> c->l2_qshift) & 3;
    uint32_t last = ((pa + bytes - 1) >> c->l2_qshift) & 3;

    return ((2u << last) - 1) & ~((1u << first) - 1);
}

static uint32_t popcount4(uint32_t m)
{
    static const uint8_t n[16] = { 0, 1, 1, 2, 1, 2, 2, 3,
                                   1, 2, 2, 3, 2, 3, 3, 4 };
    return n[m & 15];
}

/* @ns of the L3 at its reference rate, at the L3's rate now (rounded) */
static uint32_t l3_scaled(const a8cache *c, uint32_t ns)
{
    if (c->s.l3_hz == c->p.l3_ref_hz) {
        return ns;
    }
    return (uint32_t)(((uint64_t)ns * c->p.l3_ref_hz + c->s.l3_hz / 2) /
                      c->s.l3_hz);
}

/* The interconnect's round trip of a read from the next level. */
static uint32_t l3_ns(const a8cache *c)
{
    return l3_scaled(c, c->p.l3_ns);
}

/* Time the port takes for @bytes (the L3's bandwidth). */
static uint32_t port_ns(const a8cache *c, uint32_t bytes)
{
    return (uint32_t)(((uint64_t)l3_scaled(c, c->p.l3_line_ns) * bytes) >>
                      c->l2_shift);
}

/*
 * A read from the next level at @t, the core waiting for it (@demand) or
 * not (a walk or fill counts its ns as the core's).  Returns the latency:
 * port wait + interconnect + next level.
 */
static uint32_t mem_read(a8cache *c, uint32_t pa, uint32_t bytes, uint64_t t,
                         int demand)
{
    uint64_t start = t > c->s.port_free_ns ? t : c->s.port_free_ns;
    uint32_t wait = (uint32_t)(start - t);
    uint32_t d = c->next.access(c->next.ctx, pa, bytes, 0, start);
    uint32_t ns = wait + l3_ns(c) + d;

    c->s.port_free_ns = start + port_ns(c, bytes);
    c->s.cnt[A8C_MEM_READ]++;
    c->s.cnt[A8C_MEM_READ_BYTES] += bytes;
    if (demand) {
        c->s.cnt[A8C_MEM_NS] += ns;
        c->s.cnt[A8C_L3_NS] += l3_ns(c);
        c->s.cnt[A8C_PORT_WAIT_NS] += wait;
    }
    return ns;
}

/*
 * A posted write (a write-back, an uncached write) at @t: it waits in the
 * write buffer for the port; the core waits only when the buffer is full.
 * Returns that wait.
 */
static uint32_t post_write(a8cache *c, uint32_t pa, uint32_t bytes, uint64_t t)
{
    a8cache_state *s = &c->s;
    uint32_t stall = 0;
    uint64_t start, done;

    while (s->wbuf_count && s->wbuf_out_ns[s->wbuf_head] <= t) {
        s->wbuf_head = (s->wbuf_head + 1) & (A8CACHE_MAX_WBUF - 1);
        s->wbuf_count--;
    }
    if (s->wbuf_count >= c->p.wbuf_lines) {
        stall = (uint32_t)(s->wbuf_out_ns[s->wbuf_head] - t);
        t += stall;
        s->wbuf_head = (s->wbuf_head + 1) & (A8CACHE_MAX_WBUF - 1);
        s->wbuf_count--;
        s->cnt[A8C_WBUF_STALL_NS] += stall;
    }
    start = t > s->port_free_ns ? t : s->port_free_ns;
    s->port_free_ns = start + port_ns(c, bytes);
    /* the entry is free when the next level has taken the data, not when
     * the port has sent it: else a slower SDRAM falls behind unseen and a
     * later read pays the whole backlog at once */
    done = start + c->next.access(c->next.ctx, pa, bytes, 1, start);
    s->wbuf_out_ns[(s->wbuf_head + s->wbuf_count) & (A8CACHE_MAX_WBUF - 1)] =
        done > s->port_free_ns ? done : s->port_free_ns;
    s->wbuf_count++;
    s->cnt[A8C_MEM_WRITE]++;
    s->cnt[A8C_MEM_WRITE_BYTES] += bytes;
    return stall;
}

/* Forget the PLD fill of L2 line @line, if one is in flight. */
static void pld_forget(a8cache *c, uint32_t line)
{
    for (uint32_t k = 0; k < c->p.pld_slots; k++) {
        if (c->s.pld_line[k] == line) {
            c->s.pld_line[k] = A8C_NO_LINE;
        }
    }
}

/* How long a demand at @t waits for the PLD fill of @line. */
static uint32_t pld_wait(a8cache *c, uint32_t line, uint64_t t)
{
    uint32_t wait = 0;

    for (uint32_t k = 0; k < c->p.pld_slots; k++) {
        if (c->s.pld_line[k] == line) {
            if (c->s.pld_ready_ns[k] > t) {
                wait = (uint32_t)(c->s.pld_ready_ns[k] - t);
            }
            c->s.pld_line[k] = A8C_NO_LINE;
        }
    }
    c->s.cnt[A8C_PLD_WAIT_NS] += wait;
    return wait;
}

/*
 * A demand line fill (a load's, a fetch's, a walk's) at @t needs one of
 * the pld_slots read IDs: with every one held by a PLD or NEON/VFP fill
 * in flight it waits for the first to end.  The in-order core stalls on
 * its own miss, so it never has two demand fills out: one does not hold a
 * slot against later ones.  Returns the wait.
 */
static uint32_t fill_slot_wait(a8cache *c, uint64_t t)
{
    uint64_t first = UINT64_MAX;
    uint32_t wait;

    for (uint32_t k = 0; k < c->p.pld_slots; k++) {
        if (c->s.pld_line[k] == A8C_NO_LINE || c->s.pld_ready_ns[k] <= t) {
            return 0;
        }
        if (c->s.pld_ready_ns[k] < first) {
            first = c->s.pld_ready_ns[k];
        }
    }
    if (first == UINT64_MAX) {
        return 0;               /* no slots: no background fills either */
    }
    wait = (uint32_t)(first - t);
    c->s.cnt[A8C_FILL_SLOT_WAIT_NS] += wait;
    return wait;
}

/*
 * Make room for L2 line @line: choose the way, write back its dirty
 * quadwords (posted at @t; *@stall gets any write-buffer wait).
 */
static uint32_t l2_alloc(a8cache *c, uint32_t line, uint64_t t,
                         uint32_t *stall)
{
    uint32_t base = (line & (c->l2_sets - 1)) * c->l2_ways;
    uint32_t i = victim(c, c->s.l2_tag, base, c->l2_ways);
    uint32_t old = c->s.l2_tag[i];

    if (old & A8C_VALID) {
        uint32_t st = c->s.l2_st[i];
        uint32_t dirty = (st >> A8C_L2_DIRTY_SHIFT) & 0xf;

        if (st & A8C_L2_PREFETCHED) {
            pld_forget(c, old & ~A8C_VALID);
        }
        if (dirty) {
            c->s.cnt[A8C_L2_WB]++;
            *stall += post_write(c, (old & ~A8C_VALID) << c->l2_shift,
                                 popcount4(dirty) << c->l2_qshift, t);
        }
        if (c->s.l2_wlast_idx == i) {
            c->s.l2_wlast = A8C_NO_LINE;
        }
    }
    c->s.l2_tag[i] = line | A8C_VALID;
    c->s.l2_st[i] = 0;
    return i;
}

/*
 * Close the write-combining buffer at @t: a line written whole goes to
 * memory without taking an L2 line (no victim, no write-back later); a
 * partly written one is allocated with its quadwords valid and dirty, as
 * a write miss was before the buffer.  Returns the core's wait (a full
 * write buffer).
 *
 * The Cortex-A8's L2 has write-allocate "delay" and "combine" (L2 Cache
 * Auxiliary Control Register bits 24 and 23, enabled at reset; Linux on
 * r3p2 leaves them, it sets only bit 22 on r2p0 for erratum 460075): our
 * reading is that a streaming write is combined before it is allocated,
 * and a whole combined line needs no allocation.  The phone's sequential
 * write (1494 MB/s, near the 32-bit LPDDR's 1562) needs its write-backs
 * in address order, which random victims of an allocated stream are not.
 */
static uint32_t wc_close(a8cache *c, uint64_t t)
{
    uint32_t line = c->s.wc_line, bits = c->s.wc_bits, stall = 0, i;

    if (line == A8C_NO_LINE) {
        return 0;
    }
    c->s.wc_line = A8C_NO_LINE;
    c->s.wc_bits = 0;
    if (((bits >> A8C_L2_DIRTY_SHIFT) & 0xf) == 0xf) {
        c->s.cnt[A8C_L2_WSTREAM]++;
        return post_write(c, line << c->l2_shift, c->p.l2_line, t);
    }
    if (c->s.wc_noalloc) {
        /* the page does not allocate on a write: its quadwords go out */
        c->s.cnt[A8C_L2_WSTREAM]++;
        return post_write(c, line << c->l2_shift,
                          popcount4(bits >> A8C_L2_DIRTY_SHIFT) <<
                          c->l2_qshift, t);
    }
    i = l2_alloc(c, line, t, &stall);
    c->s.l2_st[i] = (uint16_t)bits;
    return stall;
}

/*
 * A read of [pa, pa + bytes) (one L2 line) by an L1 fill or a walk at @t:
 * the L2 lookup, and on a miss the line from the next level (read-allocate;
 * the dirty victim written back after the fill).  Returns the ns; *@hit
 * (if not NULL) whether the L2 had the data.
 */
static uint32_t l2_read(a8cache *c, uint32_t pa, uint32_t bytes, uint64_t t,
                        int *hit)
{
    uint32_t line = pa >> c->l2_shift;
    uint32_t base = (line & (c->l2_sets - 1)) * c->l2_ways;
    uint32_t need = qmask(c, pa, bytes);
    uint32_t ns = cyc_ns(c, c->p.l2_hit_cycles);
    /* a read of the line being combined takes it into the L2 first */
    uint32_t stall = line == c->s.wc_line ? wc_close(c, t) : 0;
    int i = find(c->s.l2_tag, base, c->l2_ways, line | A8C_VALID);

    c->s.cnt[A8C_L2_NS] += ns;
    if (i >= 0) {
        uint32_t st = c->s.l2_st[i];

        if (st & A8C_L2_PREFETCHED) {
            st &= ~A8C_L2_PREFETCHED;
            c->s.cnt[A8C_PLD_USEFUL]++;
            ns += pld_wait(c, line, t + ns);
        }
        if ((st & need) == need) {
            c->s.l2_st[i] = st;
            c->s.cnt[A8C_L2_HIT]++;
            if (hit) {
                *hit = 1;
            }
            return ns;
        }
        /* written but not all read: fill the rest, keep what is dirty */
        c->s.cnt[A8C_L2_MISS]++;
        ns += fill_slot_wait(c, t + ns);
        ns += mem_read(c, line << c->l2_shift, c->p.l2_line, t + ns, 1);
        c->s.l2_st[i] = st | L2_VALID_MASK;
    } else {
        c->s.cnt[A8C_L2_MISS]++;
        ns += fill_slot_wait(c, t + ns);
        /* the fill goes first; the victim leaves when the data is in */
        ns += mem_read(c, line << c->l2_shift, c->p.l2_line, t + ns, 1);
        i = (int)l2_alloc(c, line, t + ns, &stall);
        c->s.l2_st[i] = L2_VALID_MASK;
    }
    if (hit) {
        *hit = 0;
    }
    return ns + stall;
}

/*
 * A write of [pa, pa + bytes) (one L2 line) into the L2 at @t: an L1 D
 * store miss (through the write buffer) or an L1 D eviction.  Write-back
 * [TRM CCSIDR]: a miss waits in the write-combining buffer; a page that
 * allocates on a write (@noalloc 0: outer write-back write-allocate) then
 * gets the line with only the written quadwords valid and dirty, no line
 * fill; one that does not (outer write-back no write-allocate, as a
 * uniprocessor Linux maps normal memory) sends them to memory (wc_close).
 * Returns the core's wait (a full write buffer only).
 */
static uint32_t l2_write(a8cache *c, uint32_t pa, uint32_t bytes, uint64_t t,
                         int noalloc)
{
    uint32_t line = pa >> c->l2_shift;
    uint32_t need = qmask(c, pa, bytes);
    uint32_t bits = need | need << A8C_L2_DIRTY_SHIFT;
    uint32_t stall = 0;
    uint32_t base;
    int i;

    if (line == c->s.l2_wlast) {
        c->s.l2_st[c->s.l2_wlast_idx] |= bits;
        c->s.cnt[A8C_L2_WHIT]++;
        return 0;
    }
    if (line == c->s.wc_line) {         /* combining: not allocated yet */
        c->s.wc_bits |= bits;
        c->s.cnt[A8C_L2_WHIT]++;
        return 0;
    }
    stall = wc_close(c, t);
    base = (line & (c->l2_sets - 1)) * c->l2_ways;
    i = find(c->s.l2_tag, base, c->l2_ways, line | A8C_VALID);
    if (i < 0) {
        /* a miss waits in the write-combining buffer (see wc_close) */
        c->s.cnt[A8C_L2_WMISS]++;
        c->s.wc_line = line;
        c->s.wc_bits = bits;
        c->s.wc_noalloc = (uint32_t)noalloc;
        return stall;
    }
    c->s.cnt[A8C_L2_WHIT]++;
    c->s.l2_st[i] |= bits;
    c->s.l2_wlast = line;
    c->s.l2_wlast_idx = (uint32_t)i;
    return stall;
}

/*
 * A write past the L1 D at @t to a page of outer attribute @outer: into
 * the L2 as it says (write-back: l2_write), or to the next level too
 * (write-through: a hit updates the L2 line, which stays clean, and the
 * data goes on through the write buffer; a miss does not allocate), or
 * straight to the next level (non-cacheable).
 */
static uint32_t l2_write_attr(a8cache *c, uint32_t pa, uint32_t bytes,
                              uint64_t t, uint32_t outer)
{
    uint32_t line = pa >> c->l2_shift, stall;
    int i;

    if (outer == A8C_MA_NC) {
        c->s.cnt[A8C_L2_WMISS]++;       /* the L2 may not hold it */
        c->s.cnt[A8C_WRITE_AROUND]++;
        return post_write(c, pa, bytes, t);
    }
    if (outer != A8C_MA_WT || line == c->s.wc_line) {
        return l2_write(c, pa, bytes, t, outer != A8C_MA_WBWA);
    }
    stall = wc_close(c, t);
    i = find(c->s.l2_tag, (line & (c->l2_sets - 1)) * c->l2_ways,
             c->l2_ways, line | A8C_VALID);
    c->s.cnt[A8C_WRITE_AROUND]++;
    if (i < 0) {
        c->s.cnt[A8C_L2_WMISS]++;
        return stall + post_write(c, pa, bytes, t);
    }
    c->s.cnt[A8C_L2_WHIT]++;
    c->s.l2_st[i] |= qmask(c, pa, bytes);
    return stall + post_write(c, pa, bytes, t);
}

/* The outer attribute an L1 D line's dirty mark carries (bit 0 dirty,
 * bits 1-2 the outer attribute of the page the store was to). */
#define L1D_DIRTY(outer)        (1u | (outer) << 1)
#define L1D_OUTER(d)            (((d) >> 1) & 3u)

/* Evict-or-fill bookkeeping of an L1 D way: a dirty victim goes to the L2. */
static uint32_t l1d_replace(a8cache *c, uint32_t i, uint32_t line, uint64_t t)
{
    uint32_t old = c->s.l1d_tag[i];
    uint32_t stall = 0;

    if ((old & A8C_VALID) && c->s.l1d_dirty[i]) {
        c->s.cnt[A8C_L1D_WB]++;
        stall = l2_write_attr(c, (old & ~A8C_VALID) << c->l1d_shift,
                              c->p.l1d_line, t, L1D_OUTER(c->s.l1d_dirty[i]));
    }
    if (old & A8C_VALID) {
        hot_forget(c->s.l1d_hot, old & ~A8C_VALID);
        hot_forget(c->s.l1d_whot, old & ~A8C_VALID);
        l1d_tell(c, old & ~A8C_VALID, A8C_LEFT_L1D);
    }
    c->s.l1d_tag[i] = line | A8C_VALID;
    c->s.l1d_dirty[i] = 0;
    if (line == c->s.l1d_wmiss) {
        c->s.l1d_wmiss = A8C_NO_LINE;
    }
    return stall;
}

/* --- loads, stores, fetches ---------------------------------------------- */

/*
 * An L2 miss of a NEON/VFP load at @t (@ns: the L2 lookup so far): the
 * fill goes into a fill slot, as a PLD's does (the line is allocated
 * marked prefetched, so a later access waits for what is left of it);
 * the load waits for a free slot only.  Returns the ns beyond @ns.
 */
static uint32_t simd_fill(a8cache *c, uint32_t line, uint64_t t)
{
    uint32_t slot = 0, wait = 0, stall = 0, d, i;
    uint64_t start;

    /* the slot that frees first (a free one at once) */
    for (uint32_t k = 0; k < c->p.pld_slots; k++) {
        if (c->s.pld_line[k] == A8C_NO_LINE ||
            c->s.pld_ready_ns[k] <= t) {
            slot = k;
            break;
        }
        if (c->s.pld_ready_ns[k] < c->s.pld_ready_ns[slot]) {
            slot = k;
        }
    }
    if (c->s.pld_line[slot] != A8C_NO_LINE &&
        c->s.pld_ready_ns[slot] > t) {
        wait = (uint32_t)(c->s.pld_ready_ns[slot] - t);
        t += wait;
        c->s.cnt[A8C_SIMD_FILL_WAIT_NS] += wait;
    }
    c->s.cnt[A8C_L2_MISS]++;
    c->s.cnt[A8C_SIMD_FILL]++;
    start = t > c->s.port_free_ns ? t : c->s.port_free_ns;
    d = c->next.access(c->next.ctx, line << c->l2_shift, c->p.l2_line, 0,
                       start);
    c->s.port_free_ns = start + port_ns(c, c->p.l2_line);
    c->s.cnt[A8C_MEM_READ]++;
    c->s.cnt[A8C_MEM_READ_BYTES] += c->p.l2_line;
    i = l2_alloc(c, line, t, &stall);
    c->s.l2_st[i] = L2_VALID_MASK | A8C_L2_PREFETCHED;
    c->s.pld_line[slot] = line;
    c->s.pld_ready_ns[slot] = start + l3_ns(c) + d;
    return wait + stall;
}

/*
 * An L1 D fill's L2 read at @t for a NEON/VFP load (see simd_fill).
 * Without ACTLR.L1NEON the line is not allocated in the L1 D, so each
 * NEON load of it comes here: one that finds it still filling is queued
 * by the NEON unit as the first was, and waits for the L2 lookup only.
 */
static uint32_t l2_read_simd(a8cache *c, uint32_t pa, uint64_t t)
{
    uint32_t line = pa >> c->l2_shift;
    uint32_t base = (line & (c->l2_sets - 1)) * c->l2_ways;
    uint32_t ns;
    int i;

    if (!c->p.pld_slots || line == c->s.wc_line) {
        return l2_read(c, pa, c->p.l1d_line, t, NULL);
    }
    i = find(c->s.l2_tag, base, c->l2_ways, line | A8C_VALID);
    if (i >= 0) {
        if (!c->s.l1neon && (c->s.l2_st[i] & A8C_L2_PREFETCHED) &&
            (c->s.l2_st[i] & L2_VALID_MASK) == L2_VALID_MASK) {
            ns = cyc_ns(c, c->p.l2_hit_cycles);
            c->s.cnt[A8C_L2_NS] += ns;
            c->s.cnt[A8C_L2_HIT]++;
            return ns;
        }
        return l2_read(c, pa, c->p.l1d_line, t, NULL);
    }
    ns = cyc_ns(c, c->p.l2_hit_cycles);
    c->s.cnt[A8C_L2_NS] += ns;
    return ns + simd_fill(c, line, t + ns);
}

/*
 * A load of one L1 line at @t from a page of inner-cacheable memory whose
 * outer attribute is @outer: the L1 D, then the L2 (or, outer
 * non-cacheable, the next level: nothing allocated in the L2).  A NEON/VFP
 * load (@simd) allocates in the L1 D only with ACTLR.L1NEON.
 */
static uint32_t load_line(a8cache *c, uint32_t pa, uint64_t t, int simd,
                          uint32_t outer)
{
    uint32_t line = pa >> c->l1d_shift;
    uint32_t base = (line & (c->l1d_sets - 1)) * c->l1d_ways;
    int i = find(c->s.l1d_tag, base, c->l1d_ways, line | A8C_VALID);
    uint32_t ns;

    if (i >= 0) {
        c->s.cnt[A8C_L1D_HIT]++;
        if (c->p.l1_extra_cycles) {
            ns = cyc_ns(c, c->p.l1_extra_cycles);
            c->s.cnt[A8C_L1_NS] += ns;
            return ns;
        }
        hot_set(c->s.l1d_hot, line);
        return 0;
    }
    c->s.cnt[A8C_L1D_MISS]++;
    if (outer == A8C_MA_NC) {
        c->s.cnt[A8C_L2_MISS]++;        /* the L2 may not hold it */
        ns = mem_read(c, line << c->l1d_shift, c->p.l1d_line, t, 1);
    } else if (simd && c->l1d_shift == c->l2_shift) {
        ns = l2_read_simd(c, line << c->l1d_shift, t);
    } else {
        ns = l2_read(c, line << c->l1d_shift, c->p.l1d_line, t, NULL);
    }
    if (simd && !c->s.l1neon) {
        return ns;          /* ACTLR.L1NEON clear: no L1 D allocation */
    }
    ns += l1d_replace(c, victim(c, c->s.l1d_tag, base, c->l1d_ways), line,
                      t + ns);
    if (!c->p.l1_extra_cycles) {
        hot_set(c->s.l1d_hot, line);
    }
    return ns;
}

/*
 * A load of inner non-cacheable, outer cacheable memory: the L2 only
 * (counted as an L1 D miss per L2 line, as the L1 D does not serve it).
 */
static uint32_t load_l2_only(a8cache *c, uint32_t pa, uint32_t bytes,
                             uint64_t t)
{
    uint32_t last = (pa + bytes - 1) >> c->l2_shift;
    uint32_t first_bytes, ns;

    c->s.cnt[A8C_L1D_MISS]++;
    if ((pa >> c->l2_shift) == last) {
        return l2_read(c, pa, bytes, t, NULL);
    }
    c->s.cnt[A8C_L1D_MISS]++;
    first_bytes = (last << c->l2_shift) - pa;
    ns = l2_read(c, pa, first_bytes, t, NULL);
    return ns + l2_read(c, last << c->l2_shift, bytes - first_bytes, t + ns,
                        NULL);
}

static uint32_t load_any(a8cache *c, uint32_t pa, unsigned size,
                         uint64_t now_ns, int simd, uint32_t outer)
{
    uint32_t last = (pa + size - 1) >> c->l1d_shift;
    uint32_t ns;

    if (size == 0 || (pa >> c->l1d_shift) == last) {
        return load_line(c, pa, now_ns, simd, outer);
    }
    /* across two lines: both, one after the other */
    ns = load_line(c, pa, now_ns, simd, outer);
    return ns + load_line(c, last << c->l1d_shift, now_ns + ns, simd, outer);
}

uint32_t a8cache_load_slow(a8cache *c, uint32_t pa, unsigned size,
                           uint64_t now_ns)
{
    return load_any(c, pa, size, now_ns, 0, A8C_MA_WBWA);
}

uint32_t a8cache_load_simd_slow(a8cache *c, uint32_t pa, unsigned size,
                                uint64_t now_ns)
{
    return load_any(c, pa, size, now_ns, 1, A8C_MA_WBWA);
}

uint32_t a8cache_load_attr(a8cache *c, uint32_t pa, unsigned size,
                           uint32_t attr, int simd, uint64_t now_ns)
{
    uint32_t inner = A8C_ATTR_INNER(attr), outer = A8C_ATTR_OUTER(attr);

    if (inner != A8C_MA_NC) {
        if (a8cache_load_hot(c, pa, size)) {
            return 0;
        }
        return load_any(c, pa, size, now_ns, simd, outer);
    }
    if (outer == A8C_MA_NC) {
        return a8cache_uncached(c, pa, size ? size : 1, 0, now_ns);
    }
    return load_l2_only(c, pa, size ? size : 1, now_ns);
}

void a8cache_set_l1neon(a8cache *c, int on)
{
    c->s.l1neon = on != 0;
}

/*
 * A store into one L1 line, inner attribute @inner, outer @outer: a hit
 * on a write-back line dirties it; on a write-through one it updates it
 * and goes on to the L2; a miss goes to the L2 (the L1 D does not
 * allocate on a write [TRM CCSIDR WA = 0, Table 7-1]).
 */
static uint32_t store_line(a8cache *c, uint32_t pa, uint32_t bytes,
                           uint64_t t, uint32_t inner, uint32_t outer)
{
    uint32_t line = pa >> c->l1d_shift;
    uint32_t base = (line & (c->l1d_sets - 1)) * c->l1d_ways;
    int i;

    if (line == c->s.l1d_wmiss) {       /* streaming stores: still not in */
        c->s.cnt[A8C_L1D_WMISS]++;
        return l2_write_attr(c, pa, bytes, t, outer);
    }
    i = find(c->s.l1d_tag, base, c->l1d_ways, line | A8C_VALID);
    if (i >= 0) {
        c->s.cnt[A8C_L1D_WHIT]++;
        if (inner == A8C_MA_WT) {
            c->s.cnt[A8C_L1D_WTHROUGH]++;
            return l2_write_attr(c, pa, bytes, t, outer);
        }
        c->s.l1d_dirty[i] = (uint8_t)L1D_DIRTY(outer);
        hot_set(c->s.l1d_whot, line);
        return 0;
    }
    c->s.cnt[A8C_L1D_WMISS]++;
    c->s.l1d_wmiss = line;
    return l2_write_attr(c, pa, bytes, t, outer);
}

static uint32_t store_any(a8cache *c, uint32_t pa, unsigned size,
                          uint64_t now_ns, uint32_t inner, uint32_t outer)
{
    uint32_t last = (pa + size - 1) >> c->l1d_shift;
    uint32_t first_bytes, ns;

    if (last == c->s.l1d_wmiss && (pa >> c->l1d_shift) == last && size &&
        outer != A8C_MA_NC) {
        /* streaming stores (memset, memcpy): the line is still not in the
         * L1 D and the L2 line (or the combining buffer's) is the one the
         * last store miss wrote */
        uint32_t need = qmask(c, pa, size);

        if ((pa >> c->l2_shift) == c->s.wc_line) {
            c->s.cnt[A8C_L1D_WMISS]++;
            c->s.cnt[A8C_L2_WHIT]++;
            c->s.wc_bits |= need | need << A8C_L2_DIRTY_SHIFT;
            return 0;
        }
        if ((pa >> c->l2_shift) == c->s.l2_wlast && outer != A8C_MA_WT) {
            c->s.cnt[A8C_L1D_WMISS]++;
            c->s.cnt[A8C_L2_WHIT]++;
            c->s.l2_st[c->s.l2_wlast_idx] |= need | need << A8C_L2_DIRTY_SHIFT;
            return 0;
        }
    }
    if (size == 0 || (pa >> c->l1d_shift) == last) {
        return store_line(c, pa, size ? size : 1, now_ns, inner, outer);
    }
    first_bytes = (last << c->l1d_shift) - pa;
    ns = store_line(c, pa, first_bytes, now_ns, inner, outer);
    return ns + store_line(c, last << c->l1d_shift, size - first_bytes,
                           now_ns + ns, inner, outer);
}

uint32_t a8cache_store_slow(a8cache *c, uint32_t pa, unsigned size,
                            uint64_t now_ns)
{
    return store_any(c, pa, size, now_ns, A8C_MA_WBWA, A8C_MA_WBWA);
}

uint32_t a8cache_store_attr(a8cache *c, uint32_t pa, unsigned size,
                            uint32_t attr, uint64_t now_ns)
{
    uint32_t inner = A8C_ATTR_INNER(attr), outer = A8C_ATTR_OUTER(attr);
    uint32_t last, first_bytes, ns;

    if (inner != A8C_MA_NC) {
        if (inner != A8C_MA_WT && a8cache_store_hot(c, pa, size)) {
            return 0;
        }
        return store_any(c, pa, size, now_ns, inner, outer);
    }
    if (outer == A8C_MA_NC) {
        return a8cache_uncached(c, pa, size ? size : 1, 1, now_ns);
    }
    /* inner non-cacheable, outer cacheable: past the L1 D to the L2
     * (an L1 D store miss per L2 line: the L1 D does not take it) */
    size = size ? size : 1;
    last = (pa + size - 1) >> c->l2_shift;
    c->s.cnt[A8C_L1D_WMISS]++;
    if ((pa >> c->l2_shift) == last) {
        return l2_write_attr(c, pa, size, now_ns, outer);
    }
    c->s.cnt[A8C_L1D_WMISS]++;
    first_bytes = (last << c->l2_shift) - pa;
    ns = l2_write_attr(c, pa, first_bytes, now_ns, outer);
    return ns + l2_write_attr(c, last << c->l2_shift, size - first_bytes,
                              now_ns + ns, outer);
}

uint32_t a8cache_fetch_slow(a8cache *c, uint32_t pa, uint64_t now_ns)
{
    uint32_t line = pa >> c->l1i_shift;
    uint32_t base = (line & (c->l1i_sets - 1)) * c->l1i_ways;
    int i = find(c->s.l1i_tag, base, c->l1i_ways, line | A8C_VALID);
    uint32_t ns, v;

    if (i >= 0) {
        c->s.cnt[A8C_L1I_HIT]++;
        hot_set(c->s.l1i_hot, line);
        return 0;
    }
    c->s.cnt[A8C_L1I_MISS]++;
    ns = l2_read(c, line << c->l1i_shift, c->p.l1i_line, now_ns, NULL);
    v = victim(c, c->s.l1i_tag, base, c->l1i_ways);
    if (c->s.l1i_tag[v] & A8C_VALID) {
        hot_forget(c->s.l1i_hot, c->s.l1i_tag[v] & ~A8C_VALID);
    }
    c->s.l1i_tag[v] = line | A8C_VALID;
    hot_set(c->s.l1i_hot, line);
    return ns;
}

uint32_t a8cache_uncached(a8cache *c, uint32_t pa, unsigned size,
                          int is_write, uint64_t now_ns)
{
    if (is_write) {
        c->s.cnt[A8C_UNCACHED_WRITE]++;
        return post_write(c, pa, size, now_ns);
    }
    c->s.cnt[A8C_UNCACHED_READ]++;
    return mem_read(c, pa, size, now_ns, 1);
}

uint32_t a8cache_pld(a8cache *c, uint32_t pa, uint64_t now_ns)
{
    uint32_t l1 = pa >> c->l1d_shift;
    uint32_t line = pa >> c->l2_shift;
    uint32_t base = (line & (c->l2_sets - 1)) * c->l2_ways;
    uint32_t stall = 0, slot = A8CACHE_MAX_PLD, i;
    uint64_t start;
    uint32_t d;

    c->s.cnt[A8C_PLD]++;
    if (line == c->s.wc_line) {
        stall = wc_close(c, now_ns);
    }
    if (find(c->s.l1d_tag, (l1 & (c->l1d_sets - 1)) * c->l1d_ways,
             c->l1d_ways, l1 | A8C_VALID) >= 0 ||
        find(c->s.l2_tag, base, c->l2_ways, line | A8C_VALID) >= 0) {
        c->s.cnt[A8C_PLD_PRESENT]++;
        return stall;
    }
    for (uint32_t k = 0; k < c->p.pld_slots; k++) {
        if (c->s.pld_line[k] == A8C_NO_LINE ||
            c->s.pld_ready_ns[k] <= now_ns) {
            slot = k;
            break;
        }
    }
    if (slot == A8CACHE_MAX_PLD) {
        c->s.cnt[A8C_PLD_DROPPED]++;
        return stall;
    }
    /* the fill takes the port first; a dirty victim follows it */
    start = now_ns > c->s.port_free_ns ? now_ns : c->s.port_free_ns;
    d = c->next.access(c->next.ctx, line << c->l2_shift, c->p.l2_line, 0,
                       start);
    c->s.port_free_ns = start + port_ns(c, c->p.l2_line);
    c->s.cnt[A8C_MEM_READ]++;
    c->s.cnt[A8C_MEM_READ_BYTES] += c->p.l2_line;
    i = l2_alloc(c, line, now_ns, &stall);
    c->s.l2_st[i] = L2_VALID_MASK | A8C_L2_PREFETCHED;
    c->s.pld_line[slot] = line;
    c->s.pld_ready_ns[slot] = start + l3_ns(c) + d;
    return stall;
}

/* --- TLB and page walk ---------------------------------------------------- */

static uint32_t tlb_entries(const a8cache *c, int side)
{
    return side == A8C_ITLB ? c->p.itlb_entries : c->p.dtlb_entries;
}

static uint32_t page_mask(uint32_t shift)
{
    return ~((1u << shift) - 1);
}

/* The 4 KB page of @va hit for @asid: remember it in the side's filter. */
static void tlb_set_hot(a8cache *c, int side, uint32_t va, uint32_t asid,
                        uint32_t attr)
{
    uint32_t vpn = va >> 12;

    c->s.tlb_hot_vpn[side][vpn & (A8CACHE_HOT_TLB - 1)] = vpn;
    c->s.tlb_hot_asid[side][vpn & (A8CACHE_HOT_TLB - 1)] = asid;
    c->s.tlb_hot_attr[side][vpn & (A8CACHE_HOT_TLB - 1)] = TLB_MA(attr);
}

/* Drop TLB entry @e of @side (an invalid entry matches no address but
 * all ones, and that one fails the valid bit). */
static void tlb_drop(a8cache *c, int side, uint32_t e)
{
    c->s.tlb_va[side][e] = ~0u;
    c->s.tlb_mask[side][e] = ~0u;
    c->s.tlb_attr[side][e] = 0;
}

/* Entry @e of @side translates @va for @asid. */
static int tlb_match(const a8cache *c, int side, uint32_t e, uint32_t va,
                     uint32_t asid)
{
    uint32_t attr = c->s.tlb_attr[side][e];

    return !((va ^ c->s.tlb_va[side][e]) & c->s.tlb_mask[side][e]) &&
           (attr & TLB_VALID) &&
           ((attr & TLB_GLOBAL) || TLB_ASID(attr) == (asid & 0xff));
}

int a8cache_tlb_lookup(a8cache *c, int side, uint32_t va, uint32_t asid)
{
    uint32_t n = tlb_entries(c, side);

    for (uint32_t e = 0; e < n; e++) {
        if (tlb_match(c, side, e, va, asid)) {
            c->s.cnt[A8C_ITLB_HIT + 2 * side]++;
            tlb_set_hot(c, side, va, asid, c->s.tlb_attr[side][e]);
            return 1;
        }
    }
    c->s.cnt[A8C_ITLB_MISS + 2 * side]++;
    return 0;
}

uint32_t a8cache_walk_tlb(a8cache *c, int side, uint32_t va, uint32_t asid,
                          const a8cache_walk *w, uint64_t now_ns)
{
    uint32_t n = tlb_entries(c, side);
    uint32_t ns = cyc_ns(c, c->p.walk_cycles);
    uint32_t shift = w->page_shift < 12 ? 12 : w->page_shift > 24 ? 24
                   : w->page_shift;
    uint32_t ma = (w->attr & A8C_ATTR_GIVEN) ? w->attr & 0xfu
                                             : A8C_ATTR_DEFAULT;
    uint32_t attr = shift | (asid & 0xff) << 8 |
                    (w->global ? TLB_GLOBAL : 0) | TLB_VALID |
                    ma << TLB_MA_SHIFT;
    uint32_t e = n;

    c->s.cnt[A8C_WALKS]++;
    for (uint32_t k = 0; k < w->ndesc && k < 2; k++) {
        uint32_t pa = w->desc_pa[k] & ~3u;
        int hit = 0;

        c->s.cnt[A8C_WALK_DESC]++;
        if (w->on_chip & (1u << k)) {
            c->s.cnt[A8C_WALK_DESC_ON_CHIP]++;
            continue;
        }
        if (w->cacheable) {
            ns += l2_read(c, pa, 4, now_ns + ns, &hit);
            c->s.cnt[A8C_WALK_DESC_L2_HIT] += hit;
        } else {
            ns += mem_read(c, pa, 4, now_ns + ns, 1);
        }
    }
    /* the new entry: an invalid one, else round-robin [H&P] */
    for (uint32_t k = 0; k < n; k++) {
        if (!(c->s.tlb_attr[side][k] & TLB_VALID)) {
            e = k;
            break;
        }
    }
    if (e == n) {
        uint32_t old_attr;

        e = c->s.tlb_next[side] % n;
        c->s.tlb_next[side] = (e + 1) % n;
        /* the filter may name the old entry's pages: a 4 KB one has one
         * slot, a larger one may have any */
        old_attr = c->s.tlb_attr[side][e];
        if ((old_attr & TLB_SHIFT_MASK) == 12) {
            uint32_t vpn = c->s.tlb_va[side][e] >> 12;
            uint32_t h = vpn & (A8CACHE_HOT_TLB - 1);

            if (c->s.tlb_hot_vpn[side][h] == vpn) {
                c->s.tlb_hot_vpn[side][h] = A8C_NO_LINE;
            }
        } else {
            memset(c->s.tlb_hot_vpn[side], 0xff,
                   sizeof(c->s.tlb_hot_vpn[side]));
        }
    }
    c->s.tlb_va[side][e] = va & page_mask(shift);
    c->s.tlb_mask[side][e] = page_mask(shift);
    c->s.tlb_attr[side][e] = attr;
    tlb_set_hot(c, side, va, asid, attr);
    c->s.cnt[A8C_WALK_NS] += ns;
    return ns;
}

void a8cache_tlb_flush_all(a8cache *c)
{
    memset(c->s.tlb_va, 0xff, sizeof(c->s.tlb_va));
    memset(c->s.tlb_mask, 0xff, sizeof(c->s.tlb_mask));
    memset(c->s.tlb_attr, 0, sizeof(c->s.tlb_attr));
    tlb_forget_hot(c);
}

void a8cache_tlb_flush_asid(a8cache *c, uint32_t asid)
{
    for (int side = 0; side < 2; side++) {
        for (uint32_t e = 0; e < A8CACHE_MAX_TLB; e++) {
            uint32_t attr = c->s.tlb_attr[side][e];

            if ((attr & TLB_VALID) && !(attr & TLB_GLOBAL) &&
                TLB_ASID(attr) == (asid & 0xff)) {
                tlb_drop(c, side, e);
            }
        }
    }
    tlb_forget_hot(c);
}

void a8cache_tlb_flush_va(a8cache *c, uint32_t va, uint32_t asid,
                          int all_asids)
{
    for (int side = 0; side < 2; side++) {
        for (uint32_t e = 0; e < A8CACHE_MAX_TLB; e++) {
            uint32_t attr = c->s.tlb_attr[side][e];

            if ((attr & TLB_VALID) &&
                !((va ^ c->s.tlb_va[side][e]) & c->s.tlb_mask[side][e]) &&
                (all_asids || (attr & TLB_GLOBAL) ||
                 TLB_ASID(attr) == (asid & 0xff))) {
                tlb_drop(c, side, e);
            }
        }
    }
    tlb_forget_hot(c);
}

/* --- maintenance ------------------------------------------------------------ */

static uint32_t l1i_lines(const a8cache *c)
{
    return c->l1i_sets * c->l1i_ways;
}

static uint32_t l1d_lines(const a8cache *c)
{
    return c->l1d_sets * c->l1d_ways;
}

static uint32_t l2_lines(const a8cache *c)
{
    return c->l2_sets * c->l2_ways;
}

void a8cache_invalidate(a8cache *c, unsigned levels)
{
    if (levels & A8C_LEVEL_L1I) {
        memset(c->s.l1i_tag, 0, l1i_lines(c) * sizeof(uint32_t));
        memset(c->s.l1i_hot, 0xff, sizeof(c->s.l1i_hot));
    }
    if (levels & A8C_LEVEL_L1D) {
        memset(c->s.l1d_tag, 0, l1d_lines(c) * sizeof(uint32_t));
        memset(c->s.l1d_dirty, 0, l1d_lines(c));
        memset(c->s.l1d_hot, 0xff, sizeof(c->s.l1d_hot));
        memset(c->s.l1d_whot, 0xff, sizeof(c->s.l1d_whot));
        l1d_tell(c, A8C_NO_LINE, A8C_LEFT_L1D);
    }
    if (levels & A8C_LEVEL_L2) {
        memset(c->s.l2_tag, 0, l2_lines(c) * sizeof(uint32_t));
        memset(c->s.l2_st, 0, l2_lines(c) * sizeof(uint16_t));
        c->s.l2_wlast = A8C_NO_LINE;
        c->s.wc_line = A8C_NO_LINE;
        c->s.wc_bits = 0;
        for (int k = 0; k < A8CACHE_MAX_PLD; k++) {
            c->s.pld_line[k] = A8C_NO_LINE;
        }
    }
}

/* The wait until every queued write has left the write buffer. */
uint32_t a8cache_drain(const a8cache *c, uint64_t t)
{
    const a8cache_state *s = &c->s;
    uint64_t last;

    if (!s->wbuf_count) {
        return 0;
    }
    last = s->wbuf_out_ns[(s->wbuf_head + s->wbuf_count - 1) &
                          (A8CACHE_MAX_WBUF - 1)];
    return last > t ? (uint32_t)(last - t) : 0;
}


/* Write L1 D way @i back into the L2 if dirty; returns the core's wait. */
static uint32_t l1d_clean_way(a8cache *c, uint32_t i, uint64_t t)
{
    uint32_t tag = c->s.l1d_tag[i];

    if (!(tag & A8C_VALID) || !c->s.l1d_dirty[i]) {
        return 0;
    }
    uint32_t outer = L1D_OUTER(c->s.l1d_dirty[i]);

    c->s.cnt[A8C_L1D_WB]++;
    c->s.l1d_dirty[i] = 0;
    hot_forget(c->s.l1d_whot, tag & ~A8C_VALID);
    l1d_tell(c, tag & ~A8C_VALID, A8C_NOW_CLEAN);
    return l2_write_attr(c, (tag & ~A8C_VALID) << c->l1d_shift,
                         c->p.l1d_line, t, outer);
}

/* Write L2 way @i's dirty quadwords to memory; returns the core's wait. */
static uint32_t l2_clean_way(a8cache *c, uint32_t i, uint64_t t)
{
    uint32_t tag = c->s.l2_tag[i];
    uint32_t dirty = (c->s.l2_st[i] >> A8C_L2_DIRTY_SHIFT) & 0xf;

    if (!(tag & A8C_VALID) || !dirty) {
        return 0;
    }
    c->s.cnt[A8C_L2_WB]++;
    c->s.l2_st[i] &= ~(0xfu << A8C_L2_DIRTY_SHIFT);
    return post_write(c, (tag & ~A8C_VALID) << c->l2_shift,
                      popcount4(dirty) << c->l2_qshift, t);
}

/* L1 D way @i's line, if any, leaves unwritten (maintenance): the hit
 * filters and the watch are told */
static void l1d_drop_way(a8cache *c, uint32_t i)
{
    uint32_t tag = c->s.l1d_tag[i];

    if (!(tag & A8C_VALID)) {
        return;
    }
    c->s.l1d_tag[i] = 0;
    c->s.l1d_dirty[i] = 0;
    hot_forget(c->s.l1d_hot, tag & ~A8C_VALID);
    hot_forget(c->s.l1d_whot, tag & ~A8C_VALID);
    l1d_tell(c, tag & ~A8C_VALID, A8C_LEFT_L1D);
}

/* L2 way @i's line, if any, leaves unwritten (maintenance), with a PLD
 * fill of it in flight; the last store miss's line is forgotten */
static void l2_drop_way(a8cache *c, uint32_t i)
{
    uint32_t tag = c->s.l2_tag[i];

    if (!(tag & A8C_VALID)) {
        return;
    }
    if (c->s.l2_st[i] & A8C_L2_PREFETCHED) {
        pld_forget(c, tag & ~A8C_VALID);
    }
    c->s.l2_tag[i] = 0;
    c->s.l2_st[i] = 0;
    c->s.l2_wlast = A8C_NO_LINE;
}

uint32_t a8cache_clean(a8cache *c, unsigned levels, uint64_t now_ns)
{
    uint32_t ns = 0;

    if (levels & A8C_LEVEL_L1D) {
        for (uint32_t i = 0; i < l1d_lines(c); i++) {
            ns += l1d_clean_way(c, i, now_ns + ns);
        }
    }
    if (levels & A8C_LEVEL_L2) {
        ns += wc_close(c, now_ns + ns);
        for (uint32_t i = 0; i < l2_lines(c); i++) {
            ns += l2_clean_way(c, i, now_ns + ns);
        }
    }
    ns += a8cache_drain(c, now_ns + ns);
    c->s.cnt[A8C_MAINT_NS] += ns;
    return ns;
}

static int l1d_index(const a8cache *c, uint32_t pa)
{
    uint32_t line = pa >> c->l1d_shift;

    return find(c->s.l1d_tag, (line & (c->l1d_sets - 1)) * c->l1d_ways,
                c->l1d_ways, line | A8C_VALID);
}

static int l1i_index(const a8cache *c, uint32_t pa)
{
    uint32_t line = pa >> c->l1i_shift;

    return find(c->s.l1i_tag, (line & (c->l1i_sets - 1)) * c->l1i_ways,
                c->l1i_ways, line | A8C_VALID);
}

static int l2_index(const a8cache *c, uint32_t pa)
{
    uint32_t line = pa >> c->l2_shift;

    return find(c->s.l2_tag, (line & (c->l2_sets - 1)) * c->l2_ways,
                c->l2_ways, line | A8C_VALID);
}

uint32_t a8cache_maint_line(a8cache *c, enum a8cache_maint op, uint32_t pa,
                            uint64_t now_ns)
{
    int i1 = l1d_index(c, pa);
    uint32_t ns = 0;
    int i2;

    if (op == A8C_INVAL_I) {
        int ii = l1i_index(c, pa);

        if (ii >= 0) {
            c->s.l1i_tag[ii] = 0;
        }
        hot_forget(c->s.l1i_hot, pa >> c->l1i_shift);
        return 0;
    }
    if (op != A8C_INVAL_POC && i1 >= 0) {
        ns += l1d_clean_way(c, (uint32_t)i1, now_ns);
    }
    if ((pa >> c->l2_shift) == c->s.wc_line) {
        if (op == A8C_INVAL_POC) {
            c->s.wc_line = A8C_NO_LINE;     /* dropped unwritten */
            c->s.wc_bits = 0;
        } else {
            ns += wc_close(c, now_ns + ns);
        }
    }
    i2 = l2_index(c, pa);
    /* the write-backs are queued, not waited for: an ARMv7 cache operation
     * is complete only at a DSB (ARM ARM B2.2.9), which drains them */
    if ((op == A8C_CLEAN_POC || op == A8C_CLEAN_INVAL_POC) && i2 >= 0) {
        ns += l2_clean_way(c, (uint32_t)i2, now_ns + ns);
    }
    if (op == A8C_INVAL_POC || op == A8C_CLEAN_INVAL_POC) {
        if (i1 >= 0) {
            l1d_drop_way(c, (uint32_t)i1);
        }
        if (i2 >= 0) {
            l2_drop_way(c, (uint32_t)i2);
        }
        c->s.l2_wlast = A8C_NO_LINE;
    }
    c->s.cnt[A8C_MAINT_NS] += ns;
    return ns;
}

uint32_t a8cache_maint_setway(a8cache *c, enum a8cache_maint op,
                              uint32_t value, uint64_t now_ns)
{
    unsigned level = (value >> 1) & 7;
    int clean = op != A8C_INVAL_POC, inval = op != A8C_CLEAN_POC;
    uint32_t ns = 0, ways, sets, shift, set, way, i;
    unsigned a;

    if (level == 0) {
        ways = c->l1d_ways, sets = c->l1d_sets, shift = c->l1d_shift;
    } else if (level == 1) {
        ways = c->l2_ways, sets = c->l2_sets, shift = c->l2_shift;
    } else {
        return 0;           /* no third level: nothing there */
    }
    /* the way field's width: ways is a power of two (a8cache_params_check) */
    a = ilog2(ways);
    way = a ? value >> (32 - a) : 0;
    set = (value >> shift) & (sets - 1);
    i = set * ways + way;
    if (level == 0) {
        if (clean) {
            ns += l1d_clean_way(c, i, now_ns);
        }
        if (inval) {
            l1d_drop_way(c, i);
        }
    } else {
        /* the write-combining buffer's line belongs to its set: an
         * operation on any of the set's ways takes it (in whatever order
         * the ways are walked): written out, or dropped unwritten */
        if (c->s.wc_line != A8C_NO_LINE &&
            (c->s.wc_line & (sets - 1)) == set) {
            uint32_t line = c->s.wc_line;
            int k;

            if (clean) {
                ns += wc_close(c, now_ns);
                k = l2_index(c, line << shift);     /* allocated: out too */
                if (k >= 0) {
                    ns += l2_clean_way(c, (uint32_t)k, now_ns + ns);
                    if (inval) {
                        l2_drop_way(c, (uint32_t)k);
                    }
                }
            } else {
                c->s.wc_line = A8C_NO_LINE;
                c->s.wc_bits = 0;
            }
        }
        if (clean) {
            ns += l2_clean_way(c, i, now_ns + ns);
        }
        if (inval) {
            l2_drop_way(c, i);
        }
    }
    c->s.cnt[A8C_MAINT_NS] += ns;
    return ns;
}

int a8cache_probe(const a8cache *c, unsigned level, uint32_t pa)
{
    switch (level) {
    case A8C_LEVEL_L1I:
        return l1i_index(c, pa) >= 0;
    case A8C_LEVEL_L1D:
        return l1d_index(c, pa) >= 0;
    case A8C_LEVEL_L2:
        return l2_index(c, pa) >= 0 || (pa >> c->l2_shift) == c->s.wc_line;
    default:
        return 0;
    }
}
