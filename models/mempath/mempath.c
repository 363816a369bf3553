/*
 * The vCPU's memory path in front of the cache model (see mempath.h).
 * Moved here from the machine's glue (n9_memory.c) so that the machine
 * and the trace replay share one copy: every rule below decides what the
 * models are asked and in which order.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "mempath.h"

#include <string.h>

const char *const mempath_counter_names[MP_NUM] = {
    [MP_LOADS] = "loads",
    [MP_STORES] = "stores",
    [MP_FETCHES] = "fetches",
    [MP_PLDS] = "plds",
    [MP_OTHER] = "other",
    [MP_UNCACHED] = "uncached",
    [MP_MPU_NS] = "mpu-ns",
    [MP_STALL_NS] = "stall-ns",
    [MP_CMAINT] = "cache-maint",
    [MP_BARRIERS] = "barriers",
    [MP_BARRIER_NS] = "barrier-ns",
};

/* SCTLR bits */
#define SCTLR_M_BIT     (1u << 0)
#define SCTLR_C_BIT     (1u << 2)
#define SCTLR_I_BIT     (1u << 12)

const char *mempath_reset(mempath *m, const a8cache_params *p,
                          const a8cache_next *next, uint64_t seed)
{
    /* the clocks run on through a reset: their rates stay */
    uint32_t period = m->cache.s.cpu_period_ps;
    uint32_t l3_hz = m->cache.s.l3_hz;
    const char *why = a8cache_init(&m->cache, p, next, seed);

    if (why) {
        return why;
    }
    if (period) {
        a8cache_set_cpu_period_ps(&m->cache, period);
    }
    a8cache_set_l3_hz(&m->cache, l3_hz);
    memset(m->c, 0, sizeof(m->c));
    m->insn_extra_acc = 0;
    m->seg_insns = 0;
    m->skip_ok = p->l1_extra_cycles == 0;
    return NULL;
}

void mempath_set_ctx(mempath *m, const uint64_t ctx[5])
{
    memcpy(m->ctx, ctx, sizeof(m->ctx));
    m->mmu_on = ctx[0] & SCTLR_M_BIT;
    /* with the MMU off, data accesses are Strongly-ordered: not cached */
    m->dcache_on = (ctx[0] & (SCTLR_M_BIT | SCTLR_C_BIT)) ==
                   (SCTLR_M_BIT | SCTLR_C_BIT);
    m->icache_on = ctx[0] & SCTLR_I_BIT;
    m->asid = ctx[1] & 0xff;
}

/*
 * With icount shift=0 an instruction is 1 ns: the MPU at 1 GHz.  Below
 * that, each fetch call charges the rest of 1e9 / rate per instruction;
 * the cache model's cycle costs follow the period too.
 */
int mempath_set_mpu_hz(mempath *m, uint64_t hz)
{
    const uint64_t ghz = 1000000000ull;

    m->seg_insns = 0;                   /* the next fetch charges anew */
    a8cache_set_cpu_period_ps(&m->cache,
                              hz >= 1000000000000ull ? 1
                                                     : (uint32_t)(1000000000000ull / hz));
    if (hz >= ghz) {
        m->insn_extra_fp = 0;
        return hz > ghz;
    }
    m->insn_extra_fp = (ghz << 32) / hz - (1ull << 32);
    return 0;
}

uint32_t mempath_page_attr(uint32_t desc, int small, uint32_t sctlr,
                           uint32_t prrr, uint32_t nmrr)
{
    uint32_t cb = (desc >> 2) & 3;
    uint32_t tex = small ? (desc >> 6) & 7 : (desc >> 12) & 7;
    const uint32_t nc = A8C_ATTR_GIVEN | A8C_ATTR(A8C_MA_NC, A8C_MA_NC);

    if (sctlr & (1u << 28)) {
        /* TEX remap: n = TEX[0]:C:B; PRRR.TRn 2 is Normal memory */
        uint32_t n = (tex & 1) << 2 | cb;

        if (((prrr >> (2 * n)) & 3) != 2) {
            return nc;          /* Strongly-ordered, Device, reserved */
        }
        return A8C_ATTR_GIVEN | A8C_ATTR((nmrr >> (2 * n)) & 3,
                                         (nmrr >> (2 * n + 16)) & 3);
    }
    if (tex & 4) {
        /* Normal, cacheable: C:B the inner policy, TEX[1:0] the outer, in
         * the NMRR's encoding */
        return A8C_ATTR_GIVEN | A8C_ATTR(cb, tex & 3);
    }
    switch (tex << 2 | cb) {
    case 0x2:                   /* Normal, write-through, no write-allocate */
        return A8C_ATTR_GIVEN | A8C_ATTR(A8C_MA_WT, A8C_MA_WT);
    case 0x3:                   /* Normal, write-back, no write-allocate */
        return A8C_ATTR_GIVEN | A8C_ATTR(A8C_MA_WB, A8C_MA_WB);
    case 0x7:                   /* Normal, write-back, write-allocate */
        return A8C_ATTR_GIVEN | A8C_ATTR(A8C_MA_WBWA, A8C_MA_WBWA);
    default:
        /* 0x4 Normal non-cacheable; Strongly-ordered (0x0), Device (0x1,
         * 0x8), reserved and implementation defined: not cached */
        return nc;
    }
}

void mempath_set_actlr(mempath *m, uint32_t actlr)
{
    a8cache_set_l1neon(&m->cache, (actlr >> 5) & 1);
}

void mempath_mpu_off(mempath *m)
{
    a8cache_invalidate(&m->cache, A8C_LEVEL_ALL);
}

void mempath_tlb_maint(mempath *m, int op, uint64_t value)
{
    switch (op) {
    case MP_TLBI_ALL:
        a8cache_tlb_flush_all(&m->cache);
        break;
    case MP_TLBI_ASID:
        a8cache_tlb_flush_asid(&m->cache, value & 0xff);
        break;
    case MP_TLBI_MVA:
        a8cache_tlb_flush_va(&m->cache, value & ~0xfffu, value & 0xff, 0);
        break;
    case MP_TLBI_MVAA:
        a8cache_tlb_flush_va(&m->cache, value & ~0xfffu, 0, 1);
        break;
    }
}

void mempath_add_skipped(mempath *m, uint64_t r, uint64_t w,
                         uint64_t pages, uint64_t lines)
{
    uint64_t *cnt = m->cache.s.cnt;

    m->c[MP_LOADS] += r;
    m->c[MP_STORES] += w;
    cnt[A8C_L1D_HIT] += r;
    cnt[A8C_L1D_WHIT] += w;
    cnt[A8C_DTLB_HIT] += r + w;
    m->c[MP_FETCHES] += lines;
    cnt[A8C_L1I_HIT] += lines;
    cnt[A8C_ITLB_HIT] += pages;
}

/* A TLB miss (A8C_ITLB, A8C_DTLB): the walk.  Returns the ns. */
static uint32_t mempath_walk(mempath *m, int side, uint32_t va)
{
    a8cache_walk w;

    m->walk_read(m->fe, side, va, &w);
    return a8cache_walk_tlb(&m->cache, side, va, m->asid, &w, m->now(m->fe));
}

/*
 * All but the common case (mempath_access): outside SDRAM, the D-cache
 * off, a D-TLB or L1 miss.  Counted already: the access; @tlb: 1 if the
 * D-TLB hit was found (and counted) already, -1 if its hit filter missed.
 */
uint32_t mempath_access_slow(mempath *m, uint32_t va, uint64_t pa,
                             unsigned size, bool is_store, bool simd,
                             int tlb, bool use, unsigned *res)
{
    uint64_t off = pa - m->sdram_base;
    uint64_t *cnt = m->cache.s.cnt;
    uint64_t hits;
    uint32_t ns = 0, attr;

    *res = 0;
    if (off >= m->sdram_size) {
        m->c[MP_OTHER]++;
        *res = MP_R_OTHER;
        return 0;
    }
    if (m->mmu_on && tlb < 0 &&
        !a8cache_tlb_hit(&m->cache, A8C_DTLB, va, m->asid)) {
        *res |= MP_R_WALKED;
        ns = mempath_walk(m, A8C_DTLB, va);
    }
    /* the page's attributes, from the D-TLB entry just hit or filled */
    attr = m->dcache_on ? a8cache_tlb_attr(&m->cache, A8C_DTLB, va)
                        : A8C_ATTR(A8C_MA_NC, A8C_MA_NC);
    if (attr == A8C_ATTR(A8C_MA_NC, A8C_MA_NC)) {
        m->c[MP_UNCACHED]++;
        ns += a8cache_uncached(&m->cache, (uint32_t)pa, size, is_store,
                               m->now(m->fe) + ns);
    } else if (A8C_ATTR_INNER(attr) == A8C_MA_NC) {
        /* past the L1 D, to the L2: nothing for the caller's filters */
        ns += is_store ? a8cache_store_attr(&m->cache, (uint32_t)pa, size,
                                            attr, m->now(m->fe) + ns)
                       : a8cache_load_attr(&m->cache, (uint32_t)pa, size,
                                           attr, simd, m->now(m->fe) + ns);
    } else if (is_store) {
        *res |= MP_R_CACHED;
        hits = cnt[A8C_L1D_WHIT];
        /* a hit needs no clock read (not free: atomics) */
        if (A8C_ATTR_INNER(attr) == A8C_MA_WT ||
            !a8cache_store_hot(&m->cache, (uint32_t)pa, size)) {
            ns += a8cache_store_attr(&m->cache, (uint32_t)pa, size, attr,
                                     m->now(m->fe) + ns);
        }
        /* a hit on a write-through line is no hit the filters may skip:
         * every store goes on to the L2 */
        if (cnt[A8C_L1D_WHIT] != hits && A8C_ATTR_INNER(attr) != A8C_MA_WT) {
            *res |= MP_R_HIT;
        }
    } else {
        hits = cnt[A8C_L1D_HIT];
        if (!a8cache_load_hot(&m->cache, (uint32_t)pa, size)) {
            /* a NEON/VFP load does not wait for its miss (a8cache.h) */
            ns += a8cache_load_attr(&m->cache, (uint32_t)pa, size, attr, simd,
                                    m->now(m->fe) + ns);
        }
        if (cnt[A8C_L1D_HIT] != hits) {
            *res |= MP_R_HIT | MP_R_CACHED;
        } else if (!simd || m->cache.s.l1neon) {
            *res |= MP_R_CACHED;    /* filled: the line is in the L1 D now */
        }
        /* a NEON/VFP miss without ACTLR.L1NEON leaves the L1 D as it was:
         * not MP_R_CACHED, so the caller's filters do not take its line */
    }
    if (!is_store && use) {
        ns += a8cache_load_use(&m->cache);
    }
    if (!simd && (pa & (size - 1))) {
        ns += a8cache_unaligned(&m->cache, (uint32_t)pa, size, is_store);
    }
    m->c[MP_STALL_NS] += ns;
    return ns;
}

/*
 * All but the common case (mempath_fetch): the MPU below 1 GHz, SRAM or
 * ROM, the I-cache off, several lines, an I-TLB or L1 I miss.  @tlb: the
 * I-TLB lookup's result if it was made (and counted) already, else -1.
 */
uint32_t mempath_fetch_slow(mempath *m, uint64_t pa, unsigned len,
                            unsigned ninsns, uint32_t va, int tlb, int cont,
                            uint32_t ahead)
{
    uint64_t off = pa - m->sdram_base;
    uint32_t ns = 0, extra = 0;

    /* the misses below come at the code's start, before its extra */
    m->seg_insns = 0;
    if (m->insn_extra_fp) {
        uint64_t ns_fp = m->insn_extra_acc + ninsns * m->insn_extra_fp;

        m->seg_acc = m->insn_extra_acc;
        m->insn_extra_acc = ns_fp & 0xffffffffu;
        m->c[MP_MPU_NS] += ns_fp >> 32;
        extra = (uint32_t)(ns_fp >> 32);
    }
    if (!len) {
        m->c[MP_OTHER]++;
    } else if (off >= m->sdram_size) {
        /* the SRAM or ROM: each line it runs through, counted */
        uint32_t shift = m->cache.l1i_shift;

        m->c[MP_OTHER] += ((pa + len - 1) >> shift) - (pa >> shift) + 1 -
                          (cont == MP_FETCH_SAME_LINE);
    } else {
        uint32_t shift = m->cache.l1i_shift;
        uint32_t line = (uint32_t)(pa >> shift);
        uint32_t last = (uint32_t)((pa + len - 1) >> shift);

        if (cont == MP_FETCH_SAME_LINE) {
            line++;             /* fetched already */
        }
        if (m->mmu_on && cont == MP_FETCH_NEW) {
            if (tlb < 0) {
                tlb = a8cache_tlb_hit(&m->cache, A8C_ITLB, va, m->asid);
            }
            if (!tlb) {
                ns += mempath_walk(m, A8C_ITLB, va);
            }
        }
        for (; line <= last; line++) {
            m->c[MP_FETCHES]++;
            if (m->icache_on) {
                /* a hit needs no clock read (not free: atomics) */
                if (!a8cache_fetch_hot(&m->cache, line << shift)) {
                    ns += a8cache_fetch_slow(&m->cache, line << shift,
                                             m->now(m->fe) + ns);
                }
            } else {
                m->c[MP_UNCACHED]++;
                ns += a8cache_uncached(&m->cache, line << shift,
                                       1u << shift, 0, m->now(m->fe) + ns);
            }
        }
    }
    if (m->insn_extra_fp) {
        /* charged now for @ninsns instructions that have not run yet */
        m->seg_ahead = ahead;
        m->seg_insns = ninsns;
        m->seg_extra = extra;
    }
    ns += extra;
    m->c[MP_STALL_NS] += ns;
    return ns;
}

int32_t mempath_give_back(mempath *m, int32_t units)
{
    /* the new position, relative to the whole ns charged so far */
    int64_t pos = (int64_t)m->insn_extra_acc -
                  (int64_t)units * (int64_t)m->insn_extra_fp;
    /* its whole ns, rounded down (C99 leaves >> of a negative alone) */
    int32_t ns = pos >= 0 ? (int32_t)(pos >> 32)
                          : -(int32_t)(((uint64_t)-pos + 0xffffffffu) >> 32);

    m->insn_extra_acc = (uint64_t)pos & 0xffffffffu;
    if (m->seg_insns) {
        /* the pending code's charge from its start's new fraction */
        m->seg_acc = (m->seg_acc - (uint64_t)units * m->insn_extra_fp) &
                     0xffffffffu;
        m->seg_extra = (uint32_t)((m->seg_acc + (uint64_t)m->seg_insns *
                                   m->insn_extra_fp) >> 32);
    }
    m->c[MP_MPU_NS] += ns;
    m->c[MP_STALL_NS] += ns;
    return -ns;
}

uint32_t mempath_unwind(mempath *m, uint32_t ran, uint32_t rerun)
{
    uint32_t insns = m->seg_insns, back = 0;
    uint64_t fp, before;

    m->seg_insns = 0;
    if (!insns || ran > insns) {
        return 0;
    }
    fp = mempath_seg_charge_fp(m, ran);
    if (ran < insns) {
        back = m->seg_extra - (uint32_t)(fp >> 32);
        m->insn_extra_acc = fp & 0xffffffffu;
        m->c[MP_MPU_NS] -= back;
        m->c[MP_STALL_NS] -= back;
    }
    if (rerun && rerun <= ran) {
        /* the I/O instruction's block: its code, charged what it was */
        before = mempath_seg_charge_fp(m, ran - rerun);
        m->seg_extra = (uint32_t)(fp >> 32) - (uint32_t)(before >> 32);
        m->seg_acc = before & 0xffffffffu;
        m->seg_insns = rerun;
        m->seg_ahead = rerun;
    }
    return back;
}

uint32_t mempath_pld(mempath *m, uint32_t va, uint64_t pa)
{
    uint64_t off = pa - m->sdram_base;
    uint32_t ns = 0;

    m->c[MP_PLDS]++;
    if (off >= m->sdram_size) {
        m->c[MP_OTHER]++;
        return 0;
    }
    if (!m->dcache_on) {
        return 0;           /* a PLD of non-cacheable memory does nothing */
    }
    if (!a8cache_tlb_hit(&m->cache, A8C_DTLB, va, m->asid)) {
        ns = mempath_walk(m, A8C_DTLB, va);
    }
    /* PLD fills the L2: nothing to do where the page may not be there */
    if (A8C_ATTR_OUTER(a8cache_tlb_attr(&m->cache, A8C_DTLB, va)) !=
        A8C_MA_NC) {
        ns += a8cache_pld(&m->cache, (uint32_t)pa, m->now(m->fe) + ns);
    }
    m->c[MP_STALL_NS] += ns;
    return ns;
}

uint32_t mempath_cache_maint(mempath *m, int op, uint32_t va, uint64_t pa)
{
    static const enum a8cache_maint by[MP_CMAINT_NUM] = {
        [MP_IC_IMVAU] = A8C_INVAL_I,
        [MP_DC_IMVAC] = A8C_INVAL_POC,
        [MP_DC_CMVAC] = A8C_CLEAN_POC,
        [MP_DC_CMVAU] = A8C_CLEAN_POU,
        [MP_DC_CIMVAC] = A8C_CLEAN_INVAL_POC,
        [MP_DC_ISW] = A8C_INVAL_POC,
        [MP_DC_CSW] = A8C_CLEAN_POC,
        [MP_DC_CISW] = A8C_CLEAN_INVAL_POC,
    };
    uint32_t ns = 0;

    if (op == MP_DSB || op == MP_DMB) {
        ns = a8cache_drain(&m->cache, m->now(m->fe));
        m->c[MP_BARRIERS]++;
        m->c[MP_BARRIER_NS] += ns;
        m->c[MP_STALL_NS] += ns;
        return ns;
    }
    m->c[MP_CMAINT]++;
    switch (op) {
    case MP_IC_IALLU:
        a8cache_invalidate(&m->cache, A8C_LEVEL_L1I);
        return 0;
    case MP_DC_ISW:
    case MP_DC_CSW:
    case MP_DC_CISW:
        ns = a8cache_maint_setway(&m->cache, by[op], va, m->now(m->fe));
        break;
    case MP_IC_IMVAU:
    case MP_DC_IMVAC:
    case MP_DC_CMVAC:
    case MP_DC_CMVAU:
    case MP_DC_CIMVAC:
        if (pa - m->sdram_base >= m->sdram_size) {
            return 0;       /* not cached here: nothing to do */
        }
        /* with the MMU off the address is the physical one: no lookup */
        if (m->mmu_on && !a8cache_tlb_hit(&m->cache, A8C_DTLB, va, m->asid)) {
            ns = mempath_walk(m, A8C_DTLB, va);
        }
        ns += a8cache_maint_line(&m->cache, by[op], (uint32_t)pa,
                                 m->now(m->fe) + ns);
        break;
    default:
        return 0;
    }
    m->c[MP_STALL_NS] += ns;
    return ns;
}
