/*
 * The vCPU's memory path in front of the cache model (plain C99): what
 * one load, store, fetch call, PLD or TLB maintenance of the CPU costs
 * and counts, given the CPU state that shapes it (SCTLR, ASID, the MPU's
 * rate).  The machine's glue (qemu-n9/hw/n9/timing/n9_memory.c) and the trace
 * replay (models/trace/n9replay.c) both call these functions, so a
 * replayed trace makes the same model calls in the same order as the run
 * that recorded it.
 *
 * What stays with the front-end: the virtual time (mempath.now), the
 * guest's page tables (mempath.walk_read: the descriptors a walk reads),
 * the load-use test's operand (the word the last load read: the caller
 * says whether this load's address is in its line), and its own filters
 * (the result flags say what an access did, for QEMU's skip filters).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef MODELS_MEMPATH_MEMPATH_H
#define MODELS_MEMPATH_MEMPATH_H

#include <stdbool.h>
#include <stdint.h>
#include "../cache/a8cache.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The path's own counters (the cache model counts the rest). */
enum {
    MP_LOADS,           /* vCPU loads to RAM or ROM (not MMIO) */
    MP_STORES,
    MP_FETCHES,         /* instruction fetches: one per line a TB spans */
    MP_PLDS,
    MP_OTHER,           /* of all those: outside SDRAM (SRAM, ROM) */
    MP_UNCACHED,        /* SDRAM accesses past both caches: the MMU or
                         * cache off, or a non-cacheable page */
    MP_MPU_NS,          /* ns added as the MPU runs below 1 GHz */
    MP_STALL_NS,        /* all the ns charged */
    MP_CMAINT,          /* cache maintenance operations (MP_IC_*, MP_DC_*) */
    MP_BARRIERS,        /* DSB, DMB (MP_DSB, MP_DMB) */
    MP_BARRIER_NS,      /* of the stall: their waits for the write buffer */
    MP_NUM
};
extern const char *const mempath_counter_names[MP_NUM];

/* Fetch continuation (mempath_fetch's @cont): see n9_memory.c */
enum { MP_FETCH_NEW, MP_FETCH_SAME_PAGE, MP_FETCH_SAME_LINE };

/* Result flags: what an access did (for the caller's filters) */
#define MP_R_OTHER      1u      /* outside the SDRAM: not modelled */
#define MP_R_FAST       2u      /* D-TLB and L1 D hit, the common case */
#define MP_R_HIT        4u      /* an L1 D hit (store: on a dirty line) */
#define MP_R_WALKED     8u      /* a D-TLB miss: walked */
#define MP_R_CACHED     16u     /* through the D-cache (not uncached) */
#define MP_R_FETCH_HOT  32u     /* fetch: every line and the page hit */

/* TLB maintenance (mempath_tlb_maint) */
enum { MP_TLBI_ALL, MP_TLBI_ASID, MP_TLBI_MVA, MP_TLBI_MVAA };

/*
 * Cache maintenance (mempath_cache_maint): ARMv7's CP15 c7 operations,
 * and the data barriers that complete them (ARM ARM B2.2.9)
 */
enum {
    MP_IC_IALLU,        /* ICIALLU(IS): the whole L1 I */
    MP_IC_IMVAU,        /* ICIMVAU: a line of the L1 I */
    MP_DC_IMVAC,        /* DCIMVAC: a line dropped from the L1 D and L2 */
    MP_DC_CMVAC,        /* DCCMVAC: a line cleaned to memory */
    MP_DC_CMVAU,        /* DCCMVAU: a line cleaned into the L2 */
    MP_DC_CIMVAC,       /* DCCIMVAC: cleaned to memory, then dropped */
    MP_DC_ISW,          /* DCISW, DCCSW, DCCISW: by set and way */
    MP_DC_CSW,
    MP_DC_CISW,
    MP_DSB,             /* DSB, DMB (as a DSB, ours): the write buffer */
    MP_DMB,             /* drains first */
    MP_CMAINT_NUM
};

typedef struct mempath {
    a8cache cache;
    uint64_t sdram_base, sdram_size;
    bool mmu_on, dcache_on, icache_on;
    bool skip_ok;               /* an L1 hit costs 0 (no extra L1 cycles) */
    uint32_t asid;
    uint64_t ctx[5];            /* SCTLR, CONTEXTIDR, TTBR0/1, TTBCR */
    /* below 1 GHz: ns per instruction beyond 1, 32.32 fixed point */
    uint64_t insn_extra_fp;
    uint64_t insn_extra_acc;    /* the fraction not charged yet */
    /*
     * The last fetch call's extra, charged at once for instructions that
     * run after it (the front-end's clock, n9_memory_now, takes back what
     * its later ones have not run yet): the front-end's @ahead then, its
     * instruction count (0: none pending), the ns charged and the
     * fraction carried before.  Only good inside the TB of that call.
     */
    uint32_t seg_ahead, seg_insns, seg_extra;
    uint64_t seg_acc;
    uint64_t c[MP_NUM];

    /* The front-end */
    uint64_t (*now)(void *fe);  /* the access's virtual time, ns */
    /* the descriptors the walk for @va reads (side A8C_ITLB/A8C_DTLB) */
    void (*walk_read)(void *fe, int side, uint32_t va, a8cache_walk *w);
    void *fe;
} mempath;

/*
 * (Re)start: the caches and TLBs empty, the counters 0 (the MPU's period
 * is kept).  Returns NULL or why the parameters are bad.
 */
const char *mempath_reset(mempath *m, const a8cache_params *p,
                          const a8cache_next *next, uint64_t seed);
/* The CPU's state that shapes an access changed (SCTLR, ASID, tables). */
void mempath_set_ctx(mempath *m, const uint64_t ctx[5]);
/* The MPU's rate; returns 1 if above 1 GHz (an instruction stays 1 ns). */
int mempath_set_mpu_hz(mempath *m, uint64_t hz);
/*
 * The memory attributes (A8C_ATTR_GIVEN | A8C_ATTR(inner, outer)) of a
 * page from its descriptor @desc (short-descriptor format; @small: a
 * second-level small page, whose TEX is bits 8:6, else a section or a
 * large page, TEX bits 14:12), the SCTLR (TRE, bit 28: TEX[0], C, B index
 * the PRRR's memory types and the NMRR's inner/outer cacheability) and
 * PRRR, NMRR.  ARM ARM (ARMv7-A) B3.8.2, B3.8.3, B4.1.114, B4.1.127.
 */
uint32_t mempath_page_attr(uint32_t desc, int small, uint32_t sctlr,
                           uint32_t prrr, uint32_t nmrr);
/* The CPU's ACTLR: its L1NEON bit (5) decides whether NEON/VFP loads
 * allocate in the L1 D (a8cache_set_l1neon). */
void mempath_set_actlr(mempath *m, uint32_t actlr);
/* MPU OFF: the caches lose their content. */
void mempath_mpu_off(mempath *m);
void mempath_tlb_maint(mempath *m, int op, uint64_t value);
/*
 * Cache maintenance (MP_IC_*, MP_DC_*): by address, @va and its physical
 * @pa (outside the SDRAM: nothing; with the MMU on the D-TLB is looked
 * up, and walked on a miss, as for a PLD); by set and way, @va is the
 * operation's register (a8cache_maint_setway); ICIALLU takes neither.
 * Returns the stall in ns: a walk, and the wait for room in the write
 * buffer for write-backs (the operation completes at a DSB).  A barrier
 * (MP_DSB, MP_DMB) takes neither address and waits until the write
 * buffer has drained (a8cache_drain).
 */
uint32_t mempath_cache_maint(mempath *m, int op, uint32_t va, uint64_t pa);
/*
 * Below 1 GHz: the code of the last fetch call was left after @ran of its
 * instructions (an exception, an exit at a timer deadline): the extra
 * time charged for the others, which did not run, comes back (returned,
 * in ns; the fraction carried is what @ran alone would leave).  A fetch
 * that runs them later charges them again, so the charge does not depend
 * on where the code was cut into blocks.  0 if nothing is pending.
 * @rerun: the last @rerun of the @ran are an I/O instruction that runs
 * again, alone, in a block without a fetch (QEMU's cpu_io_recompile): it
 * stays charged, pending as that block's code, so that it comes back if
 * that block is left early too (an access that faults).
 */
uint32_t mempath_unwind(mempath *m, uint32_t ran, uint32_t rerun);
/*
 * Below 1 GHz: @units cycles a fetch call charged did not run (a pair
 * across a block's end saved them after its block's fetch; negative: a
 * pair was taken back, they run after all).  The extra charged for them
 * comes back now, as if the pair had been inside the fetched code: the
 * clock's position moves by -@units * insn_extra_fp, the fraction
 * carried and the pending code's charge with it.  Returns the whole ns
 * to give back (negative: to charge).
 */
int32_t mempath_give_back(mempath *m, int32_t units);
/*
 * The part of the last fetch call's extra charge that its first @ran
 * instructions would have left (32.32 fixed point; whole ns above bit
 * 31): what a pending segment has not yet earned is seg_extra minus its
 * whole ns.  Shared by mempath_unwind and the front-end's clock.
 */
static inline uint64_t mempath_seg_charge_fp(const mempath *m, uint32_t ran)
{
    return m->seg_acc + (uint64_t)ran * m->insn_extra_fp;
}
/* Accesses the front-end counted without a call (filters): hits. */
void mempath_add_skipped(mempath *m, uint64_t loads, uint64_t stores,
                         uint64_t fetch_pages, uint64_t fetch_lines);

uint32_t mempath_access_slow(mempath *m, uint32_t va, uint64_t pa,
                             unsigned size, bool is_store, bool simd,
                             int tlb, bool use, unsigned *res);
uint32_t mempath_fetch_slow(mempath *m, uint64_t pa, unsigned len,
                            unsigned ninsns, uint32_t va, int tlb, int cont,
                            uint32_t ahead);
uint32_t mempath_pld(mempath *m, uint32_t va, uint64_t pa);

/*
 * One load or store (not MMIO): the ns it costs.  @use: a load whose
 * address lies in the line of the word the previous load read (the
 * load-use interlock of a pointer chase).  The common case inline.
 */
static inline uint32_t mempath_access(mempath *m, uint32_t va, uint64_t pa,
                                      unsigned size, bool is_store,
                                      bool simd, bool use, unsigned *res)
{
    uint64_t off = pa - m->sdram_base;
    uint32_t ns;

    m->c[is_store ? MP_STORES : MP_LOADS]++;
    /* the slow path for an unaligned one too: it may replay
     * (a8cache_unaligned) */
    if (off >= m->sdram_size || !m->dcache_on || (pa & (size - 1)) ||
        !a8cache_tlb_hot(&m->cache, A8C_DTLB, va, m->asid)) {
        return mempath_access_slow(m, va, pa, size, is_store, simd, -1, use,
                                   res);
    }
    /* the D-cache is on, so is the MMU; the D-TLB hit is counted */
    if (is_store) {
        if (!a8cache_store_hot(&m->cache, (uint32_t)pa, size)) {
            return mempath_access_slow(m, va, pa, size, true, simd, 1, use,
                                       res);
        }
        *res = MP_R_FAST;
        return 0;
    }
    if (!a8cache_load_hot(&m->cache, (uint32_t)pa, size)) {
        return mempath_access_slow(m, va, pa, size, false, simd, 1, use, res);
    }
    *res = MP_R_FAST;
    ns = use ? a8cache_load_use(&m->cache) : 0;
    m->c[MP_STALL_NS] += ns;
    return ns;
}

/*
 * A fetch call at a TB's first instruction in a line: the code at
 * @pa..@pa+@len (@ninsns instructions, the first at @va), continuing the
 * last one (@cont).  @ahead: the front-end's count of instructions from
 * this one to its block's end (for its clock).  The common case inline.
 */
static inline uint32_t mempath_fetch(mempath *m, uint64_t pa, unsigned len,
                                     unsigned ninsns, uint32_t va, int cont,
                                     uint32_t ahead, unsigned *res)
{
    uint32_t shift = m->cache.l1i_shift;
    int tlb = -1;

    *res = 0;
    /* 1 GHz, SDRAM, I-TLB and L1 I hits: 0 ns */
    if (!m->insn_extra_fp && m->icache_on && len &&
        pa - m->sdram_base < m->sdram_size) {
        uint32_t line = (uint32_t)(pa >> shift);
        uint32_t last = (uint32_t)((pa + len - 1) >> shift);
        uint64_t end = pa + len;

        if (cont != MP_FETCH_NEW) {
            /* its page looked up already, its first line maybe fetched */
            line += cont == MP_FETCH_SAME_LINE;
            tlb = 1;
        } else if (m->mmu_on) {
            tlb = a8cache_tlb_hit(&m->cache, A8C_ITLB, va, m->asid);
        }
        if (tlb != 0) {
            while (line <= last &&
                   a8cache_fetch_hot(&m->cache, line << shift)) {
                m->c[MP_FETCHES]++;
                line++;
            }
            if (line > last) {
                *res = MP_R_FETCH_HOT;
                return 0;
            }
            /* the slow path from the first line not known to hit */
            if (line != pa >> shift) {
                pa = (uint64_t)line << shift;
                len = (unsigned)(end - pa);
                cont = MP_FETCH_NEW;        /* with tlb known */
            }
        }
    }
    return mempath_fetch_slow(m, pa, len, ninsns, va, tlb, cont, ahead);
}

#ifdef __cplusplus
}
#endif

#endif /* MODELS_MEMPATH_MEMPATH_H */
