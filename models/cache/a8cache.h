/*
 * Cortex-A8 (r3p2) memory hierarchy timing model of the OMAP3630: L1
 * instruction and data caches, the unified L2, the I-TLB and D-TLB, the
 * hardware page walk, PLD, the write/eviction buffer, and the L2's port to
 * the L3 interconnect.  Plain C99: no QEMU types, no globals, no malloc;
 * all run-time state in one struct of fixed-size integer arrays
 * (a8cache_state), so that a snapshot can save it and a copy continues
 * identically.
 *
 * What the model decides is time, not data: tags, dirty and valid bits,
 * and the cost of each access in ns of the MPU's time.  The data itself
 * stays in QEMU's RAM.
 *
 * Geometry and policy (defaults, see a8cache.c and docs/models-cache.md for
 * the sources): L1 I and L1 D 32 KB, 4 ways, 64-byte lines; L1 D write-back,
 * read-allocate only (no write-allocate); L2 256 KB, 8 ways, 64-byte lines,
 * write-back, read-allocate, write-allocate as the page says (A8C_ATTR),
 * valid and dirty bits per quadword,
 * a write miss held in a one-line write-combining buffer first (a whole
 * line written there goes to memory without allocating);
 * pseudo-random replacement (xorshift64*, seeded, part of the state);
 * I-TLB and D-TLB 32 entries each, fully associative, round-robin; page
 * walks read their descriptors through the L2, never the L1 D; PLD fills
 * the L2 without stalling.
 *
 * Time: the API takes the current time in ns and returns the stall in ns
 * that the access adds beyond the one instruction icount already charges.
 * Costs that the TRM gives in CPU cycles (L2 hit, page walk) are converted
 * with the MPU clock period (a8cache_set_cpu_period_ps), with the
 * sub-nanosecond remainder carried in the state, so a run at any frequency
 * adds up exactly.  Costs outside the core (interconnect, SDRAM) are in ns;
 * the interconnect's (l3_ns, l3_line_ns) are given at the L3 clock's
 * reference rate and follow its period (a8cache_set_l3_hz).
 *
 * The next level (the SDRAM controller model) sits behind a small
 * interface, a8cache_next: latency in ns of one transfer starting at a
 * given time.  The model keeps the bandwidth of the L2's port (one line
 * transfer occupies it l3_line_ns); the next level keeps its own timing
 * (rows, banks, power states) and is told when each transfer starts.
 *
 * Speed: a8cache_load/store/fetch and a8cache_tlb_hit below are inline and
 * answer the common case (an L1 line or a page that hit recently, found in
 * a direct-mapped filter) in a handful of instructions; everything else is
 * in a8cache.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef MODELS_A8CACHE_H
#define MODELS_A8CACHE_H

#include <stddef.h>
#include <stdint.h>

/* Largest geometry the fixed-size state holds. */
#define A8CACHE_MAX_L1_LINES  2048      /* 128 KB of 64-byte lines */
#define A8CACHE_MAX_L2_LINES  32768     /* 2 MB of 64-byte lines */
#define A8CACHE_MAX_TLB       64
#define A8CACHE_MAX_WBUF      16
#define A8CACHE_MAX_PLD       16
#define A8CACHE_HOT_L1        512       /* hit filters, see a8cache_state */
#define A8CACHE_HOT_TLB       64

/* Parameters: the [cache] section of the timing file.  All whole numbers. */
typedef struct a8cache_params {
    uint32_t l1i_size, l1i_ways, l1i_line;      /* bytes, ways, bytes */
    uint32_t l1d_size, l1d_ways, l1d_line;
    uint32_t l2_size, l2_ways, l2_line;
    uint32_t itlb_entries, dtlb_entries;
    uint32_t l1_extra_cycles;   /* an L1 hit, beyond its instruction's own */
    uint32_t l2_hit_cycles;     /* an L1 miss that hits the L2 */
    uint32_t walk_cycles;       /* a page walk, beside its descriptor reads */
    uint32_t l3_ns;             /* interconnect round trip of an L2 miss */
    uint32_t l3_line_ns;        /* one L2 line through the L2's port */
    uint32_t l3_ref_hz;         /* the L3 clock l3_ns and l3_line_ns hold
                                 * at: at another rate (a8cache_set_l3_hz)
                                 * they scale with its period */
    uint32_t wbuf_lines;        /* write-backs queued before the core waits */
    uint32_t pld_slots;         /* L2-cacheable line fills outstanding at
                                 * once (Cortex-A8 TRM Table 9-1: four
                                 * AXI read IDs), shared by instruction
                                 * fetch, loads, walks, PLD: PLDs and
                                 * NEON/VFP load misses fill in the
                                 * background in one of them, a demand
                                 * fill waits for a free one */
    uint32_t load_use_cycles;   /* a load whose address is the previous
                                 * load's result waits for it (the glue
                                 * detects it: a8cache_load_use) */
    uint32_t unaligned_cycles;  /* an unaligned load not within 16 aligned
                                 * bytes, or store not within 8, replays
                                 * (a8cache_unaligned) */
} a8cache_params;

/* The N9's: Cortex-A8 r3p2 in the OMAP3630 at 1 GHz. */
extern const a8cache_params a8cache_default_params;

/* One [cache] key: its name, where it lives in a8cache_params, its range. */
typedef struct a8cache_param_key {
    const char *name;
    size_t offset;
    uint32_t min, max;
} a8cache_param_key;
extern const a8cache_param_key a8cache_param_keys[];
extern const unsigned a8cache_num_param_keys;

/* Check @p; on error return a static message naming the key, else NULL. */
const char *a8cache_params_check(const a8cache_params *p);

/*
 * The next level: latency in ns of one transfer of @bytes at @paddr that
 * starts at @now_ns (a read: until the data is back; a write: until the
 * next level has taken it).  Reads are line fills and uncached reads;
 * writes are write-backs of dirty quadwords and uncached writes.
 */
typedef struct a8cache_next {
    uint32_t (*access)(void *ctx, uint32_t paddr, uint32_t bytes,
                       int is_write, uint64_t now_ns);
    void *ctx;
} a8cache_next;

/* A next level of fixed latency: ctx points to a uint32_t of ns. */
uint32_t a8cache_fixed_next(void *ctx, uint32_t paddr, uint32_t bytes,
                            int is_write, uint64_t now_ns);

/* Counters: a8cache_state.cnt[] indices, names in a8cache_counter_names. */
enum a8cache_counter {
    A8C_L1I_HIT, A8C_L1I_MISS,
    A8C_L1D_HIT, A8C_L1D_MISS,          /* loads */
    A8C_L1D_WHIT, A8C_L1D_WMISS,        /* stores */
    A8C_L1D_WB,                         /* dirty lines evicted or cleaned */
    A8C_L1_NS,                          /* ns added by L1 hits */
    A8C_L2_HIT, A8C_L2_MISS,            /* reads: L1 fills, walks */
    A8C_L2_WHIT, A8C_L2_WMISS,          /* writes: L1 misses, L1 evictions */
    A8C_L2_WB,                          /* dirty lines written to memory */
    A8C_L2_NS,                          /* ns of L2 lookups that stalled */
    A8C_ITLB_HIT, A8C_ITLB_MISS,
    A8C_DTLB_HIT, A8C_DTLB_MISS,
    A8C_WALKS, A8C_WALK_DESC,           /* page walks, descriptors read */
    A8C_WALK_DESC_L2_HIT,               /* descriptors found in the L2 */
    A8C_WALK_NS,                        /* ns the walks added */
    A8C_PLD, A8C_PLD_USEFUL,            /* issued; later used by a demand */
    A8C_PLD_PRESENT, A8C_PLD_DROPPED,   /* already cached; no slot free */
    A8C_PLD_WAIT_NS,                    /* demand waits on a PLD in flight */
    A8C_MEM_READ, A8C_MEM_WRITE,        /* transfers to the next level */
    A8C_MEM_READ_BYTES, A8C_MEM_WRITE_BYTES,
    A8C_MEM_NS,                         /* ns the core waited on them */
    A8C_L3_NS,                          /* of which interconnect */
    A8C_PORT_WAIT_NS,                   /* of which waiting for the port */
    A8C_WBUF_STALL_NS,                  /* waits for a write-buffer entry */
    A8C_UNCACHED_READ, A8C_UNCACHED_WRITE,
    A8C_MAINT_NS,                       /* ns of clean operations */
    A8C_LOAD_USE, A8C_LOAD_USE_NS,      /* dependent loads; ns they waited */
    A8C_L2_WSTREAM,                     /* whole lines written to memory
                                         * from the write-combining buffer,
                                         * not allocated in the L2 */
    A8C_SIMD_FILL, A8C_SIMD_FILL_WAIT_NS, /* L2 misses of NEON/VFP loads
                                         * filled in the background; ns
                                         * they waited for a free fill */
    A8C_WALK_DESC_ON_CHIP,              /* descriptors in the SRAM: not
                                         * read through the L2 or memory */
    A8C_FILL_SLOT_WAIT_NS,              /* ns demand line fills (loads,
                                         * fetches, walks) waited for one of
                                         * the pld_slots fills to end */
    A8C_L1D_WTHROUGH,                   /* store hits on write-through
                                         * lines, passed on to the L2 */
    A8C_WRITE_AROUND,                   /* writes to memory that the L2
                                         * does not keep: outer
                                         * write-through or non-cacheable
                                         * pages */
    A8C_UNALIGNED, A8C_UNALIGNED_NS,    /* unaligned loads and stores
                                         * that replayed; ns they cost */
    A8C_NUM_COUNTERS
};
extern const char *const a8cache_counter_names[A8C_NUM_COUNTERS];

/*
 * Run-time state: everything that shapes future timing, as integers only
 * (a snapshot saves it with VMState arrays; a struct copy continues
 * identically).  Sizes are the maxima; the parameters say how much is used.
 * Tags hold (paddr >> line_shift) | A8C_VALID, 0 when invalid.
 */
#define A8C_VALID       0x80000000u
#define A8C_NO_LINE     0xffffffffu     /* a line number no address has */
#define A8C_NO_ASID     0xffffffffu
#define A8C_L2_DIRTY_SHIFT  4           /* l2_st: bits 0-3 valid quadwords, */
#define A8C_L2_PREFETCHED   0x100u      /* 4-7 dirty, 8 PLD not yet used */
typedef struct a8cache_state {
    /* Small and hot first. */
    uint32_t l2_wlast, l2_wlast_idx;    /* L2 line of the last L1 store miss */
    uint32_t l1d_wmiss;                 /* L1 line of the last L1 store miss */
    uint32_t wc_line, wc_bits;          /* L2 write miss not yet allocated:
                                         * its line and l2_st bits */
    uint32_t cpu_period_ps;             /* MPU clock period */
    uint32_t l3_hz;                     /* the L3 clock's rate */
    uint32_t carry_ps;                  /* sub-ns remainder of cycle costs */
    uint64_t cnt[A8C_NUM_COUNTERS];
    uint64_t rng;                       /* xorshift64* replacement choice */
    uint64_t port_free_ns;              /* the L2's port is busy until */
    uint64_t wbuf_out_ns[A8CACHE_MAX_WBUF]; /* when queued write-backs leave */
    uint32_t wbuf_head, wbuf_count;
    uint32_t pld_line[A8CACHE_MAX_PLD]; /* L2 lines filling for a PLD */
    uint64_t pld_ready_ns[A8CACHE_MAX_PLD];
    /* TLBs, [0] instruction, [1] data: page base VA (all ones if
     * invalid), its mask, and size shift | asid << 8 | global << 16 |
     * valid << 17 */
    uint32_t tlb_va[2][A8CACHE_MAX_TLB];
    uint32_t tlb_mask[2][A8CACHE_MAX_TLB];  /* page mask; all ones if invalid */
    uint32_t tlb_attr[2][A8CACHE_MAX_TLB];
    uint32_t tlb_next[2];               /* round-robin victim */
    /*
     * Hit filters, direct-mapped by line or 4 KB page number: an entry
     * holds a line known to be in the L1 I / L1 D (l1d_whot: in the L1 D
     * and dirty), or a page the TLB maps for that ASID; A8C_NO_LINE when
     * empty.  They only spare the way search of the common case: every
     * fill, eviction, clean and flush keeps them true.
     */
    uint32_t l1i_hot[A8CACHE_HOT_L1], l1d_hot[A8CACHE_HOT_L1];
    uint32_t l1d_whot[A8CACHE_HOT_L1];
    uint32_t tlb_hot_vpn[2][A8CACHE_HOT_TLB];
    uint32_t tlb_hot_asid[2][A8CACHE_HOT_TLB];
    uint32_t tlb_hot_attr[2][A8CACHE_HOT_TLB];  /* the entry's memory
                                                 * attributes (A8C_ATTR) */
    uint32_t wc_noalloc;                /* the combined line's page does not
                                         * allocate in the L2 on a write
                                         * (outer WB no-WA, WT) */
    uint32_t l1neon;                    /* ACTLR.L1NEON: NEON/VFP loads
                                         * allocate in the L1 D */
    uint32_t l1i_tag[A8CACHE_MAX_L1_LINES];
    uint32_t l1d_tag[A8CACHE_MAX_L1_LINES];
    uint8_t l1d_dirty[A8CACHE_MAX_L1_LINES];
    uint32_t l2_tag[A8CACHE_MAX_L2_LINES];
    uint16_t l2_st[A8CACHE_MAX_L2_LINES];
} a8cache_state;

/*
 * The L1 D watch (optional): told when a line leaves the L1 D (@what
 * A8C_LEFT_L1D) or stays but is no longer dirty (A8C_NOW_CLEAN);
 * @line A8C_NO_LINE: every line.  For a caller that remembers what hits
 * (the machine's virtual-line filter); not part of the state.
 */
enum { A8C_LEFT_L1D, A8C_NOW_CLEAN };
typedef void a8cache_watch_fn(void *ctx, uint32_t line, int what);

/* The model: parameters, derived geometry, the next level, the state. */
typedef struct a8cache {
    a8cache_watch_fn *l1d_watch;
    void *l1d_watch_ctx;
    a8cache_params p;
    /* derived from p by a8cache_init */
    uint32_t l1i_shift, l1i_sets, l1i_ways;
    uint32_t l1d_shift, l1d_sets, l1d_ways;
    uint32_t l2_shift, l2_sets, l2_ways, l2_qshift;
    a8cache_next next;
    a8cache_state s;
} a8cache;

/*
 * Set up @c with parameters @p (checked: see a8cache_params_check), the
 * next level @next, the replacement generator's @seed, at 1 GHz, with
 * every cache and TLB empty.  Returns the error message or NULL.
 */
const char *a8cache_init(a8cache *c, const a8cache_params *p,
                         const a8cache_next *next, uint64_t seed);

/* Set the L1 D watch (NULL: none), see a8cache_watch_fn. */
void a8cache_set_l1d_watch(a8cache *c, a8cache_watch_fn *fn, void *ctx);

/* The MPU clock period in ps (1000 at 1 GHz); cycle costs follow it. */
void a8cache_set_cpu_period_ps(a8cache *c, uint32_t ps);

/*
 * The L3 clock's rate in Hz (0: stopped, the costs stay): l3_ns and
 * l3_line_ns, given at l3_ref_hz, scale with its period.
 */
void a8cache_set_l3_hz(a8cache *c, uint32_t hz);

/* --- per access: the stall in ns beyond the instruction --------------- */

uint32_t a8cache_load_slow(a8cache *c, uint32_t pa, unsigned size,
                           uint64_t now_ns);
uint32_t a8cache_store_slow(a8cache *c, uint32_t pa, unsigned size,
                            uint64_t now_ns);
uint32_t a8cache_fetch_slow(a8cache *c, uint32_t pa, uint64_t now_ns);

/*
 * The hit filters alone (what a8cache_load/store/fetch try first): 1 if
 * the access is a known L1 hit, counted as one, costing 0; else 0 and the
 * caller calls the _slow function, which does the whole lookup.  For a
 * caller whose now_ns is not free to compute: it needs it on a miss only.
 */
static inline int a8cache_load_hot(a8cache *c, uint32_t pa, unsigned size)
{
    uint32_t first = pa >> c->l1d_shift;

    if (c->s.l1d_hot[first & (A8CACHE_HOT_L1 - 1)] == first &&
        ((pa + size - 1) >> c->l1d_shift) == first) {
        c->s.cnt[A8C_L1D_HIT]++;
        return 1;
    }
    return 0;
}

static inline int a8cache_store_hot(a8cache *c, uint32_t pa, unsigned size)
{
    uint32_t first = pa >> c->l1d_shift;

    if (c->s.l1d_whot[first & (A8CACHE_HOT_L1 - 1)] == first &&
        ((pa + size - 1) >> c->l1d_shift) == first) {
        c->s.cnt[A8C_L1D_WHIT]++;
        return 1;
    }
    return 0;
}

/*
 * Is [pa, pa + size) in one L1 D line that the hit filter knows is there
 * (@dirty: and dirty)?  Counts nothing, changes nothing.
 */
static inline int a8cache_l1d_known(const a8cache *c, uint32_t pa,
                                    unsigned size, int dirty)
{
    uint32_t first = pa >> c->l1d_shift;
    const uint32_t *hot = dirty ? c->s.l1d_whot : c->s.l1d_hot;

    return hot[first & (A8CACHE_HOT_L1 - 1)] == first &&
           ((pa + size - 1) >> c->l1d_shift) == first;
}

static inline int a8cache_fetch_hot(a8cache *c, uint32_t pa)
{
    uint32_t line = pa >> c->l1i_shift;

    if (c->s.l1i_hot[line & (A8CACHE_HOT_L1 - 1)] == line) {
        c->s.cnt[A8C_L1I_HIT]++;
        return 1;
    }
    return 0;
}

/* A load of @size bytes (1..64) at physical @pa, cacheable memory. */
static inline uint32_t a8cache_load(a8cache *c, uint32_t pa, unsigned size,
                                    uint64_t now_ns)
{
    if (a8cache_load_hot(c, pa, size)) {
        return 0;
    }
    return a8cache_load_slow(c, pa, size, now_ns);
}

/*
 * A load by a NEON or VFP instruction.  The Cortex-A8's NEON unit takes
 * its loads from its own queue, so the integer pipeline does not wait for
 * their data: an L2 miss starts a line fill in one of the pld_slots fill
 * slots (shared with PLD) and the load waits only for a free slot (and the
 * L2 lookup), not for the line.  Several misses of a stream are so in
 * flight at once, which the integer loads' one-at-a-time misses are not.
 * A later access to a line still filling waits for what is left of it.
 * With pld_slots = 0 it is a8cache_load.
 */
uint32_t a8cache_load_simd_slow(a8cache *c, uint32_t pa, unsigned size,
                                uint64_t now_ns);

static inline uint32_t a8cache_load_simd(a8cache *c, uint32_t pa,
                                         unsigned size, uint64_t now_ns)
{
    if (a8cache_load_hot(c, pa, size)) {
        return 0;
    }
    return a8cache_load_simd_slow(c, pa, size, now_ns);
}

/*
 * The load-use interlock: a load whose address came from the load just
 * before it waits for that load's result (Cortex-A8 TRM §16: a load's
 * result is ready in E3, an address is needed in E1: load_use_cycles = 2
 * beyond the instruction).  The glue calls it when it sees such a chase;
 * returns the ns.
 */
uint32_t a8cache_load_use(a8cache *c);
/*
 * An integer load or store of @size bytes at @pa (not NEON/VFP; the glue
 * knows): unaligned_cycles at the MPU's period, counted (at 0 too), if it
 * is unaligned (a halfword or word not at a multiple of its size) and not
 * contained in an aligned 128-bit (load) or 64-bit (store) block; else 0.
 * Cortex-A8 TRM Table 16-16.
 */
uint32_t a8cache_unaligned(a8cache *c, uint32_t pa, unsigned size,
                           int is_store);

/* A store of @size bytes at physical @pa, cacheable memory. */
static inline uint32_t a8cache_store(a8cache *c, uint32_t pa, unsigned size,
                                     uint64_t now_ns)
{
    if (a8cache_store_hot(c, pa, size)) {
        return 0;
    }
    return a8cache_store_slow(c, pa, size, now_ns);
}

/* An instruction fetch from physical @pa (the glue may call it once per
 * line rather than per instruction: the cost is per line). */
static inline uint32_t a8cache_fetch(a8cache *c, uint32_t pa, uint64_t now_ns)
{
    if (a8cache_fetch_hot(c, pa)) {
        return 0;
    }
    return a8cache_fetch_slow(c, pa, now_ns);
}

/* A non-cacheable (Normal non-cacheable or Strongly-ordered/Device in RAM)
 * access: straight to the next level; a write is posted. */
uint32_t a8cache_uncached(a8cache *c, uint32_t pa, unsigned size,
                          int is_write, uint64_t now_ns);

/*
 * PLD: start a line fill into the L2 and return at once (0 unless a dirty
 * victim finds the write buffer full).  A later access to the line waits
 * only for what is left of the fill.
 */
uint32_t a8cache_pld(a8cache *c, uint32_t pa, uint64_t now_ns);

/* --- TLB and page walk ------------------------------------------------- */

enum { A8C_ITLB = 0, A8C_DTLB = 1 };

int a8cache_tlb_lookup(a8cache *c, int side, uint32_t va, uint32_t asid);

/*
 * Does the I-TLB (side 0) or D-TLB (side 1) hold @va's page for @asid?
 * Counts a hit or a miss; on a miss the glue reads the guest's tables and
 * calls a8cache_walk.
 */
static inline int a8cache_tlb_hit(a8cache *c, int side, uint32_t va,
                                  uint32_t asid)
{
    uint32_t vpn = va >> 12, h = vpn & (A8CACHE_HOT_TLB - 1);

    if (c->s.tlb_hot_vpn[side][h] == vpn && c->s.tlb_hot_asid[side][h] == asid) {
        c->s.cnt[A8C_ITLB_HIT + 2 * side]++;
        return 1;
    }
    return a8cache_tlb_lookup(c, side, va, asid);
}

/*
 * The hit filter alone (what a8cache_tlb_hit tries first): 1, counted as
 * a hit, if @va's page is a known TLB hit for @asid; else 0, nothing
 * counted, and the caller calls a8cache_tlb_lookup.
 */
static inline int a8cache_tlb_hot(a8cache *c, int side, uint32_t va,
                                  uint32_t asid)
{
    uint32_t vpn = va >> 12, h = vpn & (A8CACHE_HOT_TLB - 1);

    if (c->s.tlb_hot_vpn[side][h] == vpn && c->s.tlb_hot_asid[side][h] == asid) {
        c->s.cnt[A8C_ITLB_HIT + 2 * side]++;
        return 1;
    }
    return 0;
}

/*
 * Memory attributes of a page, as the TLB holds them: inner (the L1s) and
 * outer (the L2) cacheability in the encoding of the NMRR's IRn/ORn fields
 * (ARM ARM B4.1.114): non-cacheable, write-back write-allocate,
 * write-through (no write-allocate), write-back no write-allocate.  Device
 * and Strongly-ordered memory is A8C_ATTR(A8C_MA_NC, A8C_MA_NC).
 */
#define A8C_MA_NC       0u
#define A8C_MA_WBWA     1u
#define A8C_MA_WT       2u
#define A8C_MA_WB       3u
#define A8C_ATTR(inner, outer)  ((inner) | (outer) << 2)
#define A8C_ATTR_INNER(a)       ((a) & 3u)
#define A8C_ATTR_OUTER(a)       (((a) >> 2) & 3u)
#define A8C_ATTR_GIVEN          0x10u
/* what a8cache_load/store and a walk without attributes assume */
#define A8C_ATTR_DEFAULT        A8C_ATTR(A8C_MA_WBWA, A8C_MA_WBWA)

/*
 * The attributes of @va's page in the I-TLB (side 0) or D-TLB (1), just
 * after a8cache_tlb_hit/_hot said yes or a8cache_walk_tlb filled it (the
 * hit filter holds them); A8C_ATTR_DEFAULT if the filter does not name it.
 */
static inline uint32_t a8cache_tlb_attr(const a8cache *c, int side,
                                        uint32_t va)
{
    uint32_t vpn = va >> 12, h = vpn & (A8CACHE_HOT_TLB - 1);

    return c->s.tlb_hot_vpn[side][h] == vpn ? c->s.tlb_hot_attr[side][h]
                                            : A8C_ATTR_DEFAULT;
}

/*
 * A load or store of a page with memory attributes @attr (A8C_ATTR):
 * inner non-cacheable leaves the L1 D out, outer non-cacheable the L2;
 * both, a8cache_uncached.  The L1 D never allocates on a write (Cortex-A8
 * TRM Table 7-1), the L2 allocates on a write miss only for outer
 * write-back write-allocate; write-through writes go on to the next level
 * on a hit too.  @simd: a NEON/VFP load (see a8cache_load_simd; it
 * allocates in the L1 D only with ACTLR.L1NEON, a8cache_set_l1neon).
 */
uint32_t a8cache_load_attr(a8cache *c, uint32_t pa, unsigned size,
                           uint32_t attr, int simd, uint64_t now_ns);
uint32_t a8cache_store_attr(a8cache *c, uint32_t pa, unsigned size,
                            uint32_t attr, uint64_t now_ns);

/* ACTLR.L1NEON (bit 5 of the Cortex-A8's ACTLR): 1, NEON/VFP loads that
 * miss the L1 D allocate there; 0 (the reset value), they read the L2
 * (or memory) and leave the L1 D as it was. */
void a8cache_set_l1neon(a8cache *c, int on);

/* What a page walk read and found (the glue reads the guest's tables). */
typedef struct a8cache_walk {
    uint32_t desc_pa[2];    /* first-level, then second-level descriptor */
    uint32_t ndesc;         /* 1: section/supersection, 2: small/large page */
    uint32_t page_shift;    /* 12 (4 KB), 16 (64 KB), 20 (1 MB), 24 (16 MB) */
    uint32_t global;        /* nG == 0: matches every ASID */
    uint32_t cacheable;     /* the TTBR's walk attributes are inner
                             * cacheable: descriptors are looked up and
                             * allocated in the L2; else read from memory */
    uint32_t on_chip;       /* bit k: desc_pa[k] is not in the SDRAM but
                             * in on-chip memory (the OMAP's SRAM): read
                             * neither through the L2 nor from the next
                             * level, at no cost beyond walk_cycles, as
                             * the machine's other accesses there */
    uint32_t attr;          /* the page's memory attributes: A8C_ATTR_GIVEN
                             * | A8C_ATTR(inner, outer); without
                             * A8C_ATTR_GIVEN (a caller that does not read
                             * them) write-back write-allocate */
} a8cache_walk;

/*
 * The hardware page walk after a TLB miss at @va: its descriptor reads
 * (through the L2, as the Cortex-A8's table walk does), the fixed
 * walk_cycles, and the new TLB entry.  Returns the stall in ns.
 */
uint32_t a8cache_walk_tlb(a8cache *c, int side, uint32_t va, uint32_t asid,
                          const a8cache_walk *w, uint64_t now_ns);

/* TLB maintenance (TLBIALL, TLBIASID, TLBIMVA/TLBIMVAA). */
void a8cache_tlb_flush_all(a8cache *c);
void a8cache_tlb_flush_asid(a8cache *c, uint32_t asid);
void a8cache_tlb_flush_va(a8cache *c, uint32_t va, uint32_t asid,
                          int all_asids);

/* --- cache maintenance ------------------------------------------------- */

enum {
    A8C_LEVEL_L1I = 1, A8C_LEVEL_L1D = 2, A8C_LEVEL_L2 = 4,
    A8C_LEVEL_ALL = 7
};

/* Forget the contents of the levels in @levels (reset, power off): no
 * write-back. */
void a8cache_invalidate(a8cache *c, unsigned levels);

/* Write every dirty line of the levels in @levels back (L1 D into the
 * L2, the L2 to memory); returns the ns until the last write has left. */
uint32_t a8cache_clean(a8cache *c, unsigned levels, uint64_t now_ns);

/* The ns until every write queued in the write buffer (write-backs,
 * posted uncached writes) has been taken by the next level: what a DSB
 * (or DMB) waits for.  Changes nothing. */
uint32_t a8cache_drain(const a8cache *c, uint64_t now_ns);

/* By address (DCCMVAU, DCCMVAC, DCIMVAC, DCCIMVAC, ICIMVAU). */
enum a8cache_maint {
    A8C_CLEAN_POU,          /* L1 D line into the L2 */
    A8C_CLEAN_POC,          /* L1 D and L2 lines to memory */
    A8C_INVAL_POC,          /* drop the L1 D and L2 lines */
    A8C_CLEAN_INVAL_POC,    /* write back, then drop */
    A8C_INVAL_I,            /* drop the L1 I line */
};
uint32_t a8cache_maint_line(a8cache *c, enum a8cache_maint op, uint32_t pa,
                            uint64_t now_ns);

/*
 * By set and way (DCISW A8C_INVAL_POC, DCCSW A8C_CLEAN_POC, DCCISW
 * A8C_CLEAN_INVAL_POC): @value as ARMv7 encodes it (ARM ARM B4.2.1: the
 * level in bits 3:1, 0 the L1 D, 1 the L2; the set from bit log2(line
 * bytes), the way in the top ceil(log2(ways)) bits), decoded with the
 * model's geometry.  A clean writes the line to the next level (the L1 D
 * into the L2, the L2 to memory).  Both this and a8cache_maint_line queue
 * their write-backs in the write buffer and return only the core's wait
 * for room there: the operation completes at a DSB (a8cache_drain).
 */
uint32_t a8cache_maint_setway(a8cache *c, enum a8cache_maint op,
                              uint32_t value, uint64_t now_ns);

/* Is @pa's line in the level (A8C_LEVEL_*)?  No side effect: for tests
 * and debugging. */
int a8cache_probe(const a8cache *c, unsigned level, uint32_t pa);

#endif /* MODELS_A8CACHE_H */
