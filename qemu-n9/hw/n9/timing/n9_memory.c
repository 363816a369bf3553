/*
 * The N9's memory path in the machine (see n9_memory.h).
 *
 * How an access gets here: the core's memory hooks (qemu-n9/patches/0005-0008,
 * include/exec/mem-hook.h).  After each guest load or store to RAM or ROM
 * the translated code calls n9_memory_access() with the virtual and the
 * physical address; at the first instruction of a translation block in
 * each L1 I line it runs from, n9_memory_fetch() gets the code's
 * physical address, length and instruction count; a PLD comes to
 * n9_memory_pld(); the guest's TLB maintenance to n9_memory_tlb_maint(),
 * its cache maintenance to n9_memory_cache_maint().
 * MMIO never comes here: the interconnect agents charge it.
 *
 * Where it goes: models/cache (the Cortex-A8's L1 I/D, L2, TLBs, page
 * walk, PLD, write buffer), whose next level is models/sdrc, the SDRAM
 * model the SDRC device keeps up to date with its registers, its clock and
 * the PRCM (omap3_sdrc_model()).
 *
 * What it costs: the models' answer in ns, at the virtual time of the
 * instruction that made the access (n9_memory_now), returned to the hook,
 * which charges it as consumed instruction budget on the vCPU thread
 * (icount_charge: no lock, no TB exit).  So PMCCNTR, the 32 kHz counter
 * and the timers see it as they see a register access's stall.
 *
 * Accesses outside the SDRAM (the on-chip SRAM, the boot ROM) are counted
 * and cost nothing more.  With the MMU on, each access is looked up in the
 * model's TLB; a miss is a page-table walk: the descriptors' physical
 * addresses, the page size and the global bit are read from the guest's
 * tables here (TTBR0/1 and TTBCR of the current security state,
 * short-descriptor format, no LPAE), without charging, and the model reads
 * them through its L2.  With the MMU or the caches off (SCTLR), accesses
 * are non-cacheable and go straight to the SDRAM model.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qapi/error.h"
#include "qemu/error-report.h"
#include "qapi/visitor.h"
#include "exec/mem-hook.h"
#include "exec/memory.h"
#include "hw/qdev-clock.h"
#include "hw/qdev-properties.h"
#include "hw/resettable.h"
#include "migration/vmstate.h"
#include "system/cpu-timers.h"
#include "system/icount-vcpu.h"
#include "system/reset.h"
#include "target/arm/cpu.h"
#include "omap3_prcm.h"
#include "omap3_sdrc.h"
#include "n9_memory.h"
#include "n9_record.h"
#include "n9_pipeline.h"
#include "n9_timing.h"
#include "trace.h"
#include "models/mempath/mempath_state.h"

/* The glue's own counters are the memory path's (models/mempath) */
#define C_NUM   MP_NUM

struct N9MemoryState {
    DeviceState parent_obj;

    /* Links and properties, set by the board before realize */
    ARMCPU *cpu;                /* link "cpu" */
    MemoryRegion *sdram;        /* link "sdram": the SDRAM's RAM */
    OMAP3PRCMState *prcm;       /* link "prcm": MPU OFF */
    DeviceState *sdrc_dev;      /* link "sdrc": the SDRAM's timing model */
    uint64_t seed;              /* "seed": the caches' replacement */
    bool pipeline;              /* "pipeline": the A8's issue timing */
    a8cache_params params;      /* n9_memory_set_params */

    CPUState *cs;
    uint8_t *sdram_host;        /* the SDRAM's host memory (descriptors) */
    Clock *mpu_ck;
    Clock *l3_ick;              /* the L3's part of a miss follows it */
    SdrcModel *sdrc;
    Notifier prcm_listener;     /* MPU OFF: the caches lose their content */

    /* the CPU's state as of the current TB (refreshed at each fetch) */
    uint64_t skip_line[2];      /* mem_hook_skip's lines, for VMState */
    uint64_t fetch_end;         /* mem_hook_fetch_skip.end, for VMState */
    uint32_t tb_va;             /* the running TB's first instruction */
    uint32_t last_val;          /* mem_hook_skip.last_val, for VMState */
    /*
     * the memory path's and the cache model's state image in a snapshot
     * (models/mempath/mempath_state.h: the models describe their state)
     */
    uint8_t *vm_image;
    uint32_t vm_image_len;

    /* recording (-M rm696,record=FILE): the filters' counts seen so far */
    n9trace_writer *rec;
    uint64_t rec_skip[4];
    uint64_t rec_hits[4];       /* hits of the common case, not written */
    uint64_t rec_t;             /* the last event's time */
    bool in_hook;               /* in a hook: the clock is n9_memory_now's */

    mempath mp;                 /* models/mempath: the path, the cache */
    N9Pipeline pipe;            /* translation time only (n9_pipeline.h) */
    uint64_t carry;             /* mem_hook_carry, for VMState */
    uint64_t pair;              /* mem_hook_pair, for VMState */
    uint64_t pairs;             /* mem_hook_pairs, for VMState */
    uint64_t pair_units;        /* mem_hook_pair_units, for VMState */
    uint64_t branch;            /* mem_hook_branch, for VMState */
    a8bpred bpred;              /* the A8's branch predictor (run time) */
    uint32_t btb_ways, btb_shift;   /* its BTB's organisation (properties) */
    a8vfp vfp;                  /* the A8's VFP and its queue (run time) */
    uint64_t cp15_flushes;      /* conditional cp15 context writes that ran
                                 * (the unconditional ones flush in their
                                 * block's issue cycles) */
    uint64_t lsm_unaligned;     /* load/store multiples of an even count and
                                 * LDRD/STRD from an address not 64-bit
                                 * aligned (a cycle more each) */
    uint64_t pipe_wait;         /* cycles waited for results in flight */
    uint64_t io_settles;        /* I/O accesses whose stall completed
                                 * results in flight */
    uint64_t io_stall_ns;       /* n9_timing_io_stall_ns, for VMState */
    uint32_t io_rerun;          /* the units an I/O unwind left pending for
                                 * the re-run block (n9_memory_io_done) */
};

/*
 * The virtual time of the access (or fetch) being modelled, exact to the
 * instruction (inline: only the models' slow paths need it).  icount
 * counts a whole TB as executed at its start, so the instructions from
 * this one to the TB's end (mem_hook_insns_ahead) are taken back, and
 * below 1 GHz the extra time the fetch call charged for those of them
 * in its code.  So an access's time does not depend on where QEMU ends
 * its blocks (the icount budget, a snapshot restore, the size of the
 * generated code).
 */
static inline uint64_t n9_memory_now(N9MemoryState *s)
{
    uint32_t ahead = mem_hook_insns_ahead;
    uint32_t ran = s->mp.seg_ahead - ahead; /* of the last fetch's code */
    uint64_t back = ahead;

    if (!icount_enabled()) {
        /* the virtual clock follows the host: readable anywhere */
        return qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    }
    if (unlikely(s->mp.seg_insns) && ahead <= s->mp.seg_ahead &&
        ran < s->mp.seg_insns) {
        /* charged for its code, less what the instructions before this
         * one cost: the carried fraction as one instruction per call
         * would have carried it */
        back += s->mp.seg_extra - (mempath_seg_charge_fp(&s->mp, ran) >> 32);
    }
    return icount_vcpu_clock(s->cs) - back;
}

/* ---- Page-table walks ---------------------------------------------------- */

/* The current security state's bank of an AArch32 banked register. */
#define N9_BANKED(env, sec, reg) \
    ((sec) ? (env)->cp15.reg##_s : (env)->cp15.reg##_ns)

/*
 * A descriptor the walk reads at @pa; false if it is not in RAM or ROM (a
 * device is never read from here: that could have side effects).  Sets
 * bit @k of @on_chip when it is not in the SDRAM (tables in the SRAM).
 */
static bool n9_memory_read_desc(N9MemoryState *s, hwaddr pa, uint32_t *desc,
                                unsigned k, uint32_t *on_chip)
{
    uint64_t off = pa - s->mp.sdram_base;
    MemoryRegion *mr;
    hwaddr xlat, len = 4;

    if (off <= s->mp.sdram_size - 4) {
        *desc = ldl_le_p(s->sdram_host + off);
        return true;
    }
    *on_chip |= 1u << k;
    RCU_READ_LOCK_GUARD();
    mr = address_space_translate(s->cs->as, pa, &xlat, &len,
                                 false, MEMTXATTRS_UNSPECIFIED);
    if (len < 4 || !memory_region_is_ram(mr)) {
        return false;
    }
    *desc = ldl_le_p((uint8_t *)memory_region_get_ram_ptr(mr) + xlat);
    return true;
}

/*
 * What the hardware walk reads for @va (short-descriptor format, ARM ARM
 * B3.5): the first-level descriptor, for a page table the second-level
 * one, the page size, nG and the memory attributes (TEX/C/B, through the
 * PRRR/NMRR remap when SCTLR.TRE is set: mempath_page_attr).  Read
 * without charging.
 */
static void n9_memory_walk_read(N9MemoryState *s, uint32_t va, a8cache_walk *w)
{
    CPUARMState *env = &s->cpu->env;
    bool sec = arm_is_secure(env);
    uint32_t ttbcr = env->cp15.tcr_el[sec ? 3 : 1];
    unsigned n = ttbcr & 7;
    uint64_t ttbr;
    uint32_t l1, l2;

    if (n && (va >> (32 - n)) != 0) {
        ttbr = N9_BANKED(env, sec, ttbr1);
        w->desc_pa[0] = (ttbr & ~0x3fffull) | ((va >> 20) << 2);
    } else {
        ttbr = N9_BANKED(env, sec, ttbr0);
        w->desc_pa[0] = (ttbr & ~((0x4000ull >> n) - 1) & 0xffffffffu) |
                        (((va & (0xffffffffu >> n)) >> 20) << 2);
    }
    /* TTBR.C (bit 0, no MP extensions): walks are inner cacheable */
    w->cacheable = ttbr & 1;
    w->ndesc = 1;
    w->page_shift = 12;
    w->global = 0;
    w->on_chip = 0;
    w->attr = 0;                /* a fault: none (the walk still reads) */
    if (!n9_memory_read_desc(s, w->desc_pa[0], &l1, 0, &w->on_chip)) {
        return;             /* not in memory: the walk reads one */
    }
    switch (l1 & 3) {
    case 2:                                 /* section, supersection */
        w->page_shift = (l1 & (1u << 18)) ? 24 : 20;
        w->global = !(l1 & (1u << 17));
        w->attr = mempath_page_attr(l1, 0, N9_BANKED(env, sec, sctlr),
                                    N9_BANKED(env, sec, mair0),
                                    N9_BANKED(env, sec, mair1));
        return;
    case 1:                                 /* page table */
        w->desc_pa[1] = (l1 & ~0x3ffu) | (((va >> 12) & 0xff) << 2);
        w->ndesc = 2;
        if (n9_memory_read_desc(s, w->desc_pa[1], &l2, 1, &w->on_chip) &&
            (l2 & 3)) {
            w->page_shift = (l2 & 3) == 1 ? 16 : 12;
            w->global = !(l2 & (1u << 11));
            /* PRRR and NMRR are QEMU's MAIR0 and MAIR1 */
            w->attr = mempath_page_attr(l2, (l2 & 3) != 1,
                                        N9_BANKED(env, sec, sctlr),
                                        N9_BANKED(env, sec, mair0),
                                        N9_BANKED(env, sec, mair1));
        }
        return;
    default:                                /* fault: the walk reads one */
        return;
    }
}

static void n9_memory_skip_drop(void);
static void n9_memory_rec_walk(N9MemoryState *s, int side,
                               const a8cache_walk *w);

/* The memory path's front-end: the guest's tables for a TLB miss's walk. */
static void n9_memory_walk_cb(void *fe, int side, uint32_t va, a8cache_walk *w)
{
    N9MemoryState *s = fe;

    if (side == A8C_DTLB) {
        n9_memory_skip_drop();  /* and the line filter: a D-TLB entry goes */
    }
    n9_memory_walk_read(s, va, w);
    if (unlikely(s->rec)) {
        n9_memory_rec_walk(s, side, w);
    }
}

/* ... and the virtual time of the access being modelled */
static uint64_t n9_memory_now_cb(void *fe)
{
    return n9_memory_now(fe);
}

/* ---- The skip filter (exec/mem-hook.h) --------------------------------------
 *
 * After an access the translated code need not call us again for a load
 * (store) to the same virtual line while that would be an L1 hit (a hit
 * on a dirty line) and a D-TLB hit costing 0: the model's state would not
 * change but for its hit counters.  Such accesses are counted by the
 * translated code; the counters' readers add those counts, a snapshot
 * save folds them in (n9_memory_counter, n9_memory_pre_save).  The lines are
 * virtual, so anything that may change what they map to or whether they
 * hit drops them: a walk (it replaces a TLB entry), a load miss (its fill
 * evicts a line), TLB maintenance, a change of ASID, tables or SCTLR,
 * MPU OFF, a reset (a snapshot carries them).
 */
static void n9_memory_skip_fold(N9MemoryState *s)
{
    mempath_add_skipped(&s->mp, mem_hook_skip.count[0],
                        mem_hook_skip.count[1], 0, 0);
    mem_hook_skip.count[0] = mem_hook_skip.count[1] = 0;
}

/*
 * The line filter (exec/mem-hook.h, MemHookOps.line_tab): per kind, a
 * direct-mapped table of virtual lines for which an access of that kind
 * would be what the skip filter spares (D-TLB and L1 D hit, for a store
 * on a dirty line, cost 0), beside the physical line each maps to.  The
 * generated code tests an access that the skip filter does not spare
 * against it and, on a match, does what this hook's hit path does
 * (counts, the skip filter's line, the load-use word) without a call.
 * An entry goes when its physical line leaves the L1 D (for stores: is
 * cleaned), told by the cache model's watch, and the whole table with
 * the skip filter's lines (a D-TLB walk or maintenance, a change of
 * ASID, tables or SCTLR, MPU OFF, reset, snapshot load).  Not migrated:
 * it only spares calls whose answer it knows.
 */
#define N9_LINE_TAB     256
#define N9_LINE_REV     512
static uint32_t n9_line_tab[2][N9_LINE_TAB];    /* virtual line */
static uint32_t n9_line_pa[2][N9_LINE_TAB];     /* its physical line */
/*
 * From a physical line back to its entry (direct-mapped by physical
 * line): an entry that loses its way back here is dropped, so the watch
 * finds every entry of a line that leaves in one look.
 */
static uint32_t n9_line_rev_pa[2][N9_LINE_REV];
static uint16_t n9_line_rev_i[2][N9_LINE_REV];

static void n9_memory_line_clear(void)
{
    memset(n9_line_tab, 0xff, sizeof(n9_line_tab));
    memset(n9_line_pa, 0xff, sizeof(n9_line_pa));
    memset(n9_line_rev_pa, 0xff, sizeof(n9_line_rev_pa));
}

/* entry @i of @kind, if it still maps physical line @pline: dropped */
static inline void n9_memory_line_drop(int kind, uint32_t i, uint32_t pline)
{
    if (n9_line_pa[kind][i] == pline) {
        n9_line_tab[kind][i] = A8C_NO_LINE;
        n9_line_pa[kind][i] = A8C_NO_LINE;
    }
}

static inline void n9_memory_line_add(int kind, vaddr va, hwaddr pa,
                                      unsigned shift)
{
    uint32_t i = (va >> shift) & (N9_LINE_TAB - 1);
    uint32_t pline = pa >> shift, r = pline & (N9_LINE_REV - 1);

    if (n9_line_rev_i[kind][r] != i || n9_line_rev_pa[kind][r] != pline) {
        /* the entry this slot led to loses its way back */
        n9_memory_line_drop(kind, n9_line_rev_i[kind][r],
                            n9_line_rev_pa[kind][r]);
        n9_line_rev_pa[kind][r] = pline;
        n9_line_rev_i[kind][r] = i;
    }
    n9_line_tab[kind][i] = va >> shift;
    n9_line_pa[kind][i] = pline;
}

/* the model's watch: a physical line left the L1 D, or was cleaned */
static void n9_memory_l1d_watch(void *ctx, uint32_t line, int what)
{
    if (line == A8C_NO_LINE) {
        n9_memory_line_clear();
        return;
    }
    for (int k = what == A8C_NOW_CLEAN; k < 2; k++) {
        uint32_t r = line & (N9_LINE_REV - 1);

        if (n9_line_rev_pa[k][r] == line) {
            n9_memory_line_drop(k, n9_line_rev_i[k][r], line);
        }
    }
}

static void n9_memory_skip_drop(void)
{
    mem_hook_skip.line[0] = mem_hook_skip.line[1] = MEM_HOOK_NO_LINE;
    n9_memory_line_clear();
}

/* ---- The fetch filter (exec/mem-hook.h, mem_hook_fetch_skip) ----------------
 *
 * A TB's generated code spares the fetch call when the call would find
 * the CPU's state unchanged, the MPU at 1 GHz, the MMU and the I-cache
 * on, and its lines and page in the model's L1 I and I-TLB hit filters
 * (which the model keeps true): it would cost 0 and count hits.  ok says
 * the first three hold: set by a fetch call that found them so at a TB's
 * start, cleared by the core on anything that may change the CPU's state
 * (a return to the CPU loop, a coprocessor or CPSR write) and here on a
 * change of state, the MPU's rate, TLB maintenance, MPU OFF, reset,
 * snapshot load.
 *
 * Fetch continuation: a fetch that starts where the last one ended, not
 * at a 4 KB page's start, does not look the page up again (the last one
 * did), and if not at a line's start either, does not fetch that line
 * again (nothing can have evicted either in between: end is dropped with
 * the state that could).  A TB's fetch looks its page up once and each
 * of its lines once, so cut in two it counts the same.  So how QEMU cuts
 * the code into TBs (an icount budget cuts a TB where the unbroken run
 * did not, a snapshot restore starts a new budget) does not change the
 * counts.
 */
static void n9_memory_fetch_fold(N9MemoryState *s)
{
    mempath_add_skipped(&s->mp, 0, 0, mem_hook_fetch_skip.count[0],
                        mem_hook_fetch_skip.count[1]);
    mem_hook_fetch_skip.count[0] = mem_hook_fetch_skip.count[1] = 0;
}

static void n9_memory_fetch_drop(void)
{
    mem_hook_fetch_skip.ok = 0;
    mem_hook_fetch_skip.end = MEM_HOOK_NO_LINE;
}

/* ---- Recording (-M rm696,record=FILE, n9_memory_record) ------------------ */

/*
 * The hits the generated code counted since the last sync (the skip,
 * line and fetch filters): written before a mark, the end, a reset or a
 * fold, so that each sees every counter as the run did (nothing else
 * reads the counters: the models do not).
 */
static void n9_memory_rec_sync(N9MemoryState *s)
{
    uint64_t now[4] = {
        qatomic_read(&mem_hook_skip.count[0]),
        qatomic_read(&mem_hook_skip.count[1]),
        qatomic_read(&mem_hook_fetch_skip.count[0]),
        qatomic_read(&mem_hook_fetch_skip.count[1]),
    };
    n9trace_event ev = { .type = N9T_SKIP };
    bool any = false;

    for (int i = 0; i < 4; i++) {
        ev.a[i] = now[i] - s->rec_skip[i] + s->rec_hits[i];
        any |= ev.a[i] != 0;
        s->rec_skip[i] = now[i];
        s->rec_hits[i] = 0;
    }
    if (any) {
        /* (inside a TB only the hook's clock may be read: the last one) */
        ev.time_ns = s->rec_t;
        n9trace_put(s->rec, &ev);
    }
}

/* the filters' counts went into the counters (fold, reset): seen */
static void n9_memory_rec_folded(N9MemoryState *s)
{
    if (s->rec) {
        n9_memory_rec_sync(s);
    }
    memset(s->rec_skip, 0, sizeof(s->rec_skip));
    memset(s->rec_hits, 0, sizeof(s->rec_hits));
}

static void n9_memory_rec_put(N9MemoryState *s, n9trace_event *ev)
{
    s->rec_t = ev->time_ns;
    n9trace_put(s->rec, ev);
}

/* now: in a hook the access's time, else the virtual clock */
static uint64_t n9_memory_rec_now(N9MemoryState *s)
{
    return s->in_hook ? n9_memory_now(s)
                      : qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
}

static void n9_memory_rec_walk(N9MemoryState *s, int side,
                               const a8cache_walk *w)
{
    n9trace_event ev = {
        .type = N9T_WALK, .flags = side == A8C_DTLB,
        .time_ns = n9_memory_now(s),
        .a = { w->desc_pa[0], w->desc_pa[1],
               w->ndesc | w->page_shift << 8 | (w->global & 1) << 16 |
               (w->cacheable & 1) << 17 | (uint64_t)(w->attr & 0x1f) << 18,
               w->on_chip },
    };

    n9_memory_rec_put(s, &ev);
}

static void n9_memory_rec_simple(N9MemoryState *s, int type, uint32_t flags,
                                 uint64_t value)
{
    n9trace_event ev = {
        .type = type, .flags = flags, .value = value,
        .time_ns = n9_memory_rec_now(s),
    };

    n9_memory_rec_put(s, &ev);
}

static void n9_memory_rec_ctx(N9MemoryState *s)
{
    n9trace_event ev = {
        .type = N9T_CPUSTATE,
        .time_ns = n9_memory_rec_now(s),
    };

    memcpy(ev.a, s->mp.ctx, sizeof(s->mp.ctx));
    n9_memory_rec_put(s, &ev);
}

static void n9_memory_rec_sync_cb(void *opaque)
{
    N9MemoryState *s = opaque;

    if (s->rec) {
        n9_memory_rec_sync(s);
    }
}

void n9_memory_record(N9MemoryState *s, n9trace_writer *w)
{
    s->rec = w;
    n9_record_set_sync(w ? n9_memory_rec_sync_cb : NULL, s);
    if (!w) {
        return;
    }
    /* the state the path is in: the run goes on from there */
    memset(s->rec_skip, 0, sizeof(s->rec_skip));
    memset(s->rec_hits, 0, sizeof(s->rec_hits));
    n9_memory_rec_sync(s);
    n9_memory_rec_simple(s, N9T_MPUCLK, 0, clock_get_hz(s->mpu_ck));
    n9_memory_rec_simple(s, N9T_L3CLK, 0, clock_get_hz(s->l3_ick));
    n9_memory_rec_ctx(s);
}

void n9_memory_record_window(N9MemoryState *s, n9trace_writer *w)
{
    s->rec = w;
    n9_record_set_sync(n9_memory_rec_sync_cb, s);
    /* the counts so far are in the image: the first SKIP has what follows */
    s->rec_skip[0] = qatomic_read(&mem_hook_skip.count[0]);
    s->rec_skip[1] = qatomic_read(&mem_hook_skip.count[1]);
    s->rec_skip[2] = qatomic_read(&mem_hook_fetch_skip.count[0]);
    s->rec_skip[3] = qatomic_read(&mem_hook_fetch_skip.count[1]);
    memset(s->rec_hits, 0, sizeof(s->rec_hits));
    n9_memory_rec_simple(s, N9T_MPUCLK, 0, clock_get_hz(s->mpu_ck));
    n9_memory_rec_simple(s, N9T_L3CLK, 0, clock_get_hz(s->l3_ick));
    n9_memory_rec_ctx(s);
}

static size_t n9_memory_image_fill(const void *m, void *buf, size_t len)
{
    return mempath_state_save(m, buf, len);
}

GByteArray *n9_memory_image(N9MemoryState *s)
{
    g_autofree mempath *m = g_memdup2(&s->mp, sizeof(s->mp));
    GByteArray *out = g_byte_array_new();
    size_t n;

    mempath_add_skipped(m, qatomic_read(&mem_hook_skip.count[0]),
                        qatomic_read(&mem_hook_skip.count[1]),
                        qatomic_read(&mem_hook_fetch_skip.count[0]),
                        qatomic_read(&mem_hook_fetch_skip.count[1]));
    n = mempath_state_size(m);
    n9_record_state_section(out, "mempath", n, n9_memory_image_fill, m);
    return out;
}

void n9_memory_record_end(N9MemoryState *s)
{
    if (s->rec) {
        n9_memory_rec_sync(s);
    }
}

/* ---- The hooks ------------------------------------------------------------ */

/*
 * Each load and store the skip filter does not spare: the memory path
 * (models/mempath) costs it, the common case inline; here the filters.
 * The skip filter's counts are not folded here (a store to the counters
 * just before reading them back stalled store forwarding: perf); they
 * are added when the counters are read and folded on save.
 *
 * The load-use interlock of a pointer chase, with pipeline=off: a load
 * whose address lies in the line of the word the previous hooked load
 * read (as far as the hooks can tell, computed from that result) waits
 * for it (with pipeline=on the scoreboard has it: n9_pipeline_issue).
 * Scheduled code with independent loads never matches; a load the skip
 * filter spared is not seen.  This load's word (SDRAM) is remembered for the
 * next one; a NEON/VFP register is no address: no chase through it.
 */
static uint32_t n9_memory_access(void *opaque, vaddr va, hwaddr pa,
                                 unsigned size, bool is_store, bool simd)
{
    N9MemoryState *s = opaque;
    uint32_t shift = s->mp.cache.l1d_shift;
    bool use = !is_store && !s->pipeline &&
        ((((uint32_t)va ^ mem_hook_skip.last_val) >> shift) == 0);
    uint64_t t = unlikely(s->rec) ? n9_memory_now(s) : 0;
    unsigned res;
    uint32_t ns;

    ns = mempath_access(&s->mp, va, pa, size, is_store, simd, use, &res);
    if (unlikely(s->rec) && (res & MP_R_FAST) && !ns && !use) {
        /* a hit that only counts, as the skip filter's: counted alone */
        s->rec_hits[is_store]++;
    } else if (unlikely(s->rec)) {
        n9trace_event ev = {
            .type = N9T_ACCESS, .time_ns = t, .charge_ns = ns,
            .va = (uint32_t)va, .pa = pa, .size = size,
            .flags = (is_store ? N9T_F_STORE : 0) | (simd ? N9T_F_SIMD : 0) |
                     (use ? N9T_F_USE : 0),
        };

        n9_memory_rec_put(s, &ev);
    }
    if (unlikely(res & MP_R_OTHER)) {
        mem_hook_skip.last_val = ~0u;
        return ns;
    }
    if (likely(res & MP_R_FAST)) {
        if (is_store) {
            /* a store hit leaves the line dirty: the next one changes
             * nothing */
            if (likely(s->mp.skip_ok)) {
                mem_hook_skip.line[1] = va >> shift;
                n9_memory_line_add(1, va, pa, shift);
            }
            return ns;
        }
        if (likely(s->mp.skip_ok)) {
            mem_hook_skip.line[0] = va >> shift;
            n9_memory_line_add(0, va, pa, shift);
        } else {
            mem_hook_skip.line[0] = MEM_HOOK_NO_LINE;
        }
    } else if (res & MP_R_CACHED) {
        if (is_store) {
            /* a store hit leaves the line dirty: the next one changes
             * nothing; a miss does not allocate in the L1 D, so loads'
             * line stays */
            mem_hook_skip.line[1] = (res & MP_R_HIT) && s->mp.skip_ok ?
                                    va >> shift : MEM_HOOK_NO_LINE;
            if (s->mp.skip_ok &&
                a8cache_l1d_known(&s->mp.cache, pa, size, true)) {
                n9_memory_line_add(1, va, pa, shift);
            }
            if (res & MP_R_WALKED) {
                mem_hook_skip.line[0] = MEM_HOOK_NO_LINE;
            }
        } else {
            /* hit or filled, the line is in the L1 D now */
            mem_hook_skip.line[0] = s->mp.skip_ok ? va >> shift
                                                  : MEM_HOOK_NO_LINE;
            if (s->mp.skip_ok &&
                a8cache_l1d_known(&s->mp.cache, pa, size, false)) {
                n9_memory_line_add(0, va, pa, shift);
            }
            if (!(res & MP_R_HIT) || (res & MP_R_WALKED)) {
                mem_hook_skip.line[1] = MEM_HOOK_NO_LINE;
            }
        }
    }
    if (!is_store) {
        uint64_t off = pa - s->mp.sdram_base;

        mem_hook_skip.last_val = size == 4 && !simd &&
                                 off <= s->mp.sdram_size - 4 ?
                                 ldl_le_p(s->sdram_host + off) : ~0u;
    }
    return ns;
}

/* AArch32 with the Security Extensions (EL3 AArch32): secure in Monitor
 * mode or with SCR.NS clear (arm_is_secure(), without its general case) */
static inline bool n9_memory_secure(CPUARMState *env)
{
    return (env->uncached_cpsr & CPSR_M) == ARM_CPU_MODE_MON ||
           !(env->cp15.scr_el3 & SCR_NS);
}

/*
 * The CPU's state that shapes an access: it changes only between TBs (a
 * cp15 write ends its TB), so each TB's fetch looks whether it did.
 */
static void G_GNUC_NO_INLINE n9_memory_cpu_state_changed(N9MemoryState *s,
                                                         bool sec)
{
    CPUARMState *env = &s->cpu->env;
    uint64_t ctx[5] = {
        N9_BANKED(env, sec, sctlr),
        N9_BANKED(env, sec, contextidr),
        N9_BANKED(env, sec, ttbr0),
        N9_BANKED(env, sec, ttbr1),
        env->cp15.tcr_el[sec ? 3 : 1],
    };

    mempath_set_ctx(&s->mp, ctx);
    n9_memory_skip_drop();
    n9_memory_fetch_drop();
    if (unlikely(s->rec)) {
        n9_memory_rec_ctx(s);
    }
}

/* field by field, in place: a copy on the stack compared with memcmp
 * cost a store-forwarding stall per TB (perf) */
static inline void n9_memory_cpu_state(N9MemoryState *s)
{
    CPUARMState *env = &s->cpu->env;
    bool sec = n9_memory_secure(env);
    uint64_t *ctx = s->mp.ctx;

    if (likely(ctx[0] == N9_BANKED(env, sec, sctlr) &&
               ctx[1] == N9_BANKED(env, sec, contextidr) &&
               ctx[2] == N9_BANKED(env, sec, ttbr0) &&
               ctx[3] == N9_BANKED(env, sec, ttbr1) &&
               ctx[4] == env->cp15.tcr_el[sec ? 3 : 1])) {
        return;
    }
    n9_memory_cpu_state_changed(s, sec);
}

/*
 * At a TB's first instruction in each line: the memory path costs it
 * (the common case inline); here the CPU's state, the TB's virtual
 * address, the fetch continuation and the fetch filter.
 */
static uint32_t n9_memory_fetch(void *opaque, hwaddr pa, unsigned len,
                                unsigned ninsns, unsigned offset)
{
    N9MemoryState *s = opaque;
    uint32_t shift = s->mp.cache.l1i_shift, va, ns;
    int cont = MP_FETCH_NEW;
    uint64_t t = 0;
    unsigned res;

    s->io_rerun = 0;
    if (offset == 0) {
        /* the TB's start: the PC is up to date there */
        s->tb_va = s->cpu->env.regs[15];
        s->in_hook = true;
        n9_memory_cpu_state(s);
        s->in_hook = false;
    }
    va = s->tb_va + offset;
    if (pa == mem_hook_fetch_skip.end && (pa & 0xfff)) {
        cont = pa & ((1u << shift) - 1) ? MP_FETCH_SAME_LINE
                                        : MP_FETCH_SAME_PAGE;
    }
    if (unlikely(s->rec)) {
        /* the time the slow path reads: after it drops the last extra */
        uint32_t seg = s->mp.seg_insns;

        s->mp.seg_insns = 0;
        t = n9_memory_now(s);
        s->mp.seg_insns = seg;
    }
    ns = mempath_fetch(&s->mp, pa, len, ninsns, va, cont,
                       mem_hook_insns_ahead, &res);
    if (offset == 0 && ns > (s->mp.insn_extra_fp ? s->mp.seg_extra : 0)) {
        /* the block's first instruction came late (an I-TLB or L1 I
         * miss): it pairs with nothing before it */
        mem_hook_pair = 0;
    }
    /* the next fetch may continue this one (see above), whatever the
     * memory.  With the I-cache off the line a fetch ended in is the
     * prefetch unit's: a fetch that continues inside it does not read
     * it again, so there too the cost does not depend on where the TBs
     * end. */
    mem_hook_fetch_skip.end = len ? pa + len : MEM_HOOK_NO_LINE;
    if ((res & MP_R_FETCH_HOT) && offset == 0 && s->mp.mmu_on) {
        /* the TBs that follow may test the filters alone */
        mem_hook_fetch_skip.tag = s->mp.asid;
        mem_hook_fetch_skip.ok = 1;
    }
    if (unlikely(s->rec) && (res & MP_R_FETCH_HOT)) {
        /* every line a hit, its page too: counted alone (as the fetch
         * filter's); the page looked up only by a fetch that is new */
        s->rec_hits[2] += cont == MP_FETCH_NEW && s->mp.mmu_on;
        s->rec_hits[3] += ((pa + len - 1) >> shift) - (pa >> shift) + 1 -
                          (cont == MP_FETCH_SAME_LINE);
    } else if (unlikely(s->rec)) {
        n9trace_event ev = {
            .type = N9T_FETCH, .flags = cont, .time_ns = t,
            .charge_ns = ns, .va = va, .pa = pa, .size = len,
            .ninsns = ninsns,
        };

        n9_memory_rec_put(s, &ev);
    }
    return ns;
}

/*
 * A recording's UNWIND (mempath_unwind's @ran and @rerun), even with no
 * whole ns back (the fraction carried changed).  The clock cannot be read
 * while a TB unwinds: the last event's time.
 */
static void n9_memory_rec_unwind(N9MemoryState *s, uint32_t ran,
                                 uint32_t rerun)
{
    if (unlikely(s->rec)) {
        n9trace_event ev = {
            .type = N9T_UNWIND, .value = ran | (uint64_t)rerun << 32,
            .time_ns = s->rec_t,
        };

        n9_memory_rec_put(s, &ev);
    }
}

/*
 * The TB was left with @insns_left of its instructions not run (counted
 * from the TB's end, as mem_hook_insns_ahead): below 1 GHz the last fetch
 * call charged the extra for some of them; it comes back
 * (mempath_unwind).  Only inside the TB of that call: the call set
 * seg_ahead, its instructions to the TB's end.  @rerun: the instruction
 * before them is an I/O one QEMU runs again alone, without a fetch: it
 * stays charged, pending for that block.
 */
static uint32_t n9_memory_unwind(void *opaque, unsigned insns_left,
                                 unsigned rerun)
{
    N9MemoryState *s = opaque;
    uint32_t ran, ns;

    if (!s->mp.seg_insns || insns_left > s->mp.seg_ahead) {
        return 0;
    }
    ran = s->mp.seg_ahead - insns_left;
    ns = mempath_unwind(&s->mp, ran, rerun);
    s->io_rerun = s->mp.seg_insns;
    n9_memory_rec_unwind(s, ran, rerun);
    return ns;
}

static uint32_t n9_memory_pld(void *opaque, vaddr va, hwaddr pa)
{
    N9MemoryState *s = opaque;
    uint64_t t = unlikely(s->rec) ? n9_memory_now(s) : 0;
    uint32_t ns;

    /* a walk drops the skip filter's lines (n9_memory_walk_cb) */
    ns = mempath_pld(&s->mp, va, pa);
    if (unlikely(s->rec)) {
        n9trace_event ev = {
            .type = N9T_PLD, .time_ns = t, .charge_ns = ns,
            .va = (uint32_t)va, .pa = pa,
        };

        n9_memory_rec_put(s, &ev);
    }
    return ns;
}

/*
 * The guest's cache maintenance (core patch 0022): the model's caches
 * follow it, and the write-backs it queues cost their wait for room in
 * the write buffer.  A DSB or DMB (core patch 0023) waits for the rest:
 * until the write buffer has drained (ARM ARM: a DSB completes when every
 * explicit memory access before it has; a DMB the same, ours:
 * docs/cortex-a8-timing.md).  An L1 D line that leaves or is cleaned
 * leaves the line filter through the model's watch; the skip filter's
 * two lines go here.
 */
static uint32_t n9_memory_cache_maint(void *opaque, MemHookCacheOp op,
                                      vaddr va, hwaddr pa)
{
    N9MemoryState *s = opaque;
    uint64_t t = unlikely(s->rec) ? n9_memory_now(s) : 0;
    bool barrier = op == MEM_HOOK_DSB || op == MEM_HOOK_DMB;
    uint32_t ns;

    /* the core's operations are the memory path's, in the same order */
    QEMU_BUILD_BUG_ON((int)MEM_HOOK_IC_IALLU != MP_IC_IALLU ||
                      (int)MEM_HOOK_IC_IMVAU != MP_IC_IMVAU ||
                      (int)MEM_HOOK_DC_IMVAC != MP_DC_IMVAC ||
                      (int)MEM_HOOK_DC_CMVAC != MP_DC_CMVAC ||
                      (int)MEM_HOOK_DC_CMVAU != MP_DC_CMVAU ||
                      (int)MEM_HOOK_DC_CIMVAC != MP_DC_CIMVAC ||
                      (int)MEM_HOOK_DC_ISW != MP_DC_ISW ||
                      (int)MEM_HOOK_DC_CSW != MP_DC_CSW ||
                      (int)MEM_HOOK_DC_CISW != MP_DC_CISW ||
                      (int)MEM_HOOK_DSB != MP_DSB ||
                      (int)MEM_HOOK_DMB != MP_DMB);

    /*
     * An instruction cache operation leaves the fetch continuation: the
     * rest of the line it runs from is in the fetch unit already (with
     * QEMU's blocks it was fetched with the line; one instruction per TB
     * must not fetch it again), the next line misses.  The fetch filter
     * reads the model's L1 I hit filter, which the operation empties.  A
     * barrier changes no line: the skip filter's stay.
     */
    if (op != MEM_HOOK_IC_IALLU && op != MEM_HOOK_IC_IMVAU && !barrier) {
        mem_hook_skip.line[0] = mem_hook_skip.line[1] = MEM_HOOK_NO_LINE;
    }
    ns = mempath_cache_maint(&s->mp, op, (uint32_t)va, pa);
    if (barrier) {
        trace_n9_memory_barrier(op == MEM_HOOK_DSB ? "DSB" : "DMB", ns);
    } else {
        trace_n9_memory_cache_maint(op, va, pa, ns);
    }
    if (unlikely(s->rec)) {
        n9trace_event ev = {
            .type = N9T_CMAINT, .time_ns = t, .charge_ns = ns,
            .value = op, .va = (uint32_t)va, .pa = pa,
        };

        n9_memory_rec_put(s, &ev);
    }
    return ns;
}

static void n9_memory_tlb_maint(void *opaque, MemHookTlbOp op, uint64_t value)
{
    N9MemoryState *s = opaque;
    static const int ops[] = {
        [MEM_HOOK_TLBI_ALL] = MP_TLBI_ALL,
        [MEM_HOOK_TLBI_ASID] = MP_TLBI_ASID,
        [MEM_HOOK_TLBI_MVA] = MP_TLBI_MVA,
        [MEM_HOOK_TLBI_MVAA] = MP_TLBI_MVAA,
    };

    n9_memory_skip_drop();
    n9_memory_fetch_drop();
    mempath_tlb_maint(&s->mp, ops[op], value);
    if (unlikely(s->rec)) {
        s->in_hook = true;
        n9_memory_rec_simple(s, N9T_TLBI, ops[op], value);
        s->in_hook = false;
    }
}

/*
 * The L1s and the L2 are in the MPU power domain: OFF loses them (the
 * kernel cleans them before; the model drops what is still dirty), and
 * with them the branch predictor's tables.  The vCPU is in WFI then, so
 * the model is not in use.
 */
/* An empty predictor (its counters go on), nothing pending or in flight */
static void n9_memory_bpred_empty(N9MemoryState *s)
{
    a8bpred_forget(&s->bpred);
    mem_hook_branch = 0;
    mem_hook_carry = 0;
    mem_hook_pair = 0;
}

static void n9_memory_prcm_event(Notifier *n, void *data)
{
    N9MemoryState *s = container_of(n, N9MemoryState, prcm_listener);
    OMAP3PRCMEvent *ev = data;

    if (ev->type == OMAP3_PRCM_PWRST && ev->pwrdm == PRCM_PD_MPU &&
        ev->to == PRCM_PWRST_OFF) {
        n9_memory_skip_drop();
        n9_memory_fetch_drop();
        mempath_mpu_off(&s->mp);
        if (s->pipeline) {
            n9_memory_bpred_empty(s);
        }
        if (unlikely(s->rec)) {
            n9_memory_rec_simple(s, N9T_MPUOFF, 0, 0);
        }
    }
}

/* ---- The pipeline: cycle costs at translation time (n9_pipeline.c) ------ */

static void n9_memory_block_start(void *opaque)
{
    n9_pipeline_block_start(&((N9MemoryState *)opaque)->pipe);
}

static uint32_t n9_memory_issue(void *opaque, uint32_t insn,
                                MemHookInsnKind kind)
{
    return n9_pipeline_issue(&((N9MemoryState *)opaque)->pipe, insn, kind);
}

static uint32_t n9_memory_block_cycles(void *opaque)
{
    return n9_pipeline_block_cycles(&((N9MemoryState *)opaque)->pipe);
}

static void n9_memory_block_edges(void *opaque, uint64_t *need,
                                  uint64_t *out, uint32_t *info,
                                  uint64_t *limit)
{
    n9_pipeline_block_edges(&((N9MemoryState *)opaque)->pipe, need, out,
                            info, limit);
}

/* Pairs across a block's end (n9_pipeline_block_pair) */
static void n9_memory_block_pair(void *opaque, MemHookPair *pair)
{
    n9_pipeline_block_pair(&((N9MemoryState *)opaque)->pipe, pair);
}

static bool n9_memory_pair_enter(void *opaque, uint64_t need2, uint64_t out2,
                                 uint32_t info2)
{
    return n9_pipeline_pair_enter(need2, out2, info2);
}

/*
 * Below 1 GHz a pair across a block's end saves a cycle whose period the
 * block's fetch has charged already (the fetch runs before the pair's
 * test: a first fetch that misses cancels the pair).  The core gives its
 * 1 ns back to the budget and, while mem_hook_pair_give is set, asks here
 * for the rest of the cycle (core patch 0018); @back: the pair is taken
 * back (its block left at its first instruction), the rest is charged
 * again.  As if the pair had been inside the fetched code, to the
 * fraction (mempath_give_back).
 */
static uint32_t n9_memory_pair_give(void *opaque, bool back)
{
    N9MemoryState *s = opaque;
    int32_t ns = mempath_give_back(&s->mp, back ? -1 : 1);

    if (unlikely(s->rec)) {
        /* the clock cannot be read in the block's start code */
        n9trace_event ev = {
            .type = N9T_GIVEBACK, .flags = back ? N9T_F_TAKEN : 0,
            .value = 1, .time_ns = s->rec_t,
        };

        n9_memory_rec_put(s, &ev);
    }
    return back ? -ns : ns;
}

/* The core asks for the rest of a paired cycle only below 1 GHz */
static void n9_memory_pair_give_update(N9MemoryState *s)
{
    mem_hook_pair_give = s->pipeline && s->mp.insn_extra_fp;
}

/* MPU cycles in ns (icount units): one each at 1 GHz, more below it */
static uint64_t n9_memory_cycles_ns(N9MemoryState *s, uint64_t cycles)
{
    return cycles + ((cycles * s->mp.insn_extra_fp) >> 32);
}

/* The whole MPU cycles in @ns (a stall of more than 1 ms is as long:
 * nothing stays in flight that long) */
static uint32_t n9_memory_ns_cycles(N9MemoryState *s, uint64_t ns)
{
    ns = MIN(ns, 1000000);
    return (ns << 32) / ((1ull << 32) + s->mp.insn_extra_fp);
}

/* A block waits for results in flight: its cycles in ns at the MPU's rate */
static uint32_t n9_memory_carry_enter(void *opaque, uint64_t need,
                                      uint64_t out, uint32_t info)
{
    N9MemoryState *s = opaque;
    uint32_t cycles = n9_pipeline_carry_enter(need, out, info);

    trace_n9_pipeline_carry_wait(cycles);

    s->pipe_wait += cycles;
    return n9_memory_cycles_ns(s, cycles);
}

static uint32_t n9_memory_insn_branch(void *opaque)
{
    return n9_pipeline_insn_branch(&((N9MemoryState *)opaque)->pipe);
}

/* A branch resolved: a wrong prediction's flush in ns at the MPU's rate */
static uint32_t n9_memory_branch(void *opaque, uint64_t token,
                                 uint64_t next_pc)
{
    N9MemoryState *s = opaque;
    /* SCTLR as of this block's fetch (a write of it ends its block) */
    bool z = s->mp.ctx[0] & SCTLR_Z;
    uint32_t cycles = n9_pipeline_branch(&s->bpred, token, next_pc, z);

    trace_n9_pipeline_branch(token >> 32, next_pc, (uint32_t)token, cycles);

    return n9_memory_cycles_ns(s, cycles);
}

static uint32_t n9_memory_insn_writes(void *opaque)
{
    return n9_pipeline_insn_writes(&((N9MemoryState *)opaque)->pipe);
}

/*
 * An access the memory path does not cost (MMIO) ran its device path,
 * whose stall n9_timing_stall charged: the core waited for it, so what was
 * in flight before it is ready by its end, but for what its instruction
 * writes (core patch 0020), and the instruction after it issues after
 * the stall, not beside it.  Under icount an I/O access is its block's
 * last instruction, which QEMU runs alone after an unwind that dropped
 * the block's results in flight, and whose cycle it leaves open where
 * the block had the access beside the instruction before: with this, one
 * instruction per TB leaves the same after it.
 *
 * Below 1 GHz the unwind before the re-run left the fetch's extra charged
 * for the units from the access's issue to the next instruction's
 * (n9_memory_unwind's @rerun), which count that instruction's wait when it
 * had one; the re-run block has only the access's own units (its count,
 * mem_hook_tb_insns): the rest comes back (mempath_unwind again, a second
 * UNWIND in a recording).
 */
static uint32_t n9_memory_io_done(void *opaque, uint32_t writes)
{
    N9MemoryState *s = opaque;
    uint64_t ns = n9_timing_io_stall_ns, before = mem_hook_carry;
    uint32_t cycles, back = 0;

    if (s->io_rerun && s->mp.seg_insns == s->io_rerun &&
        mem_hook_tb_insns < s->io_rerun) {
        back = mempath_unwind(&s->mp, mem_hook_tb_insns, 0);
        n9_memory_rec_unwind(s, mem_hook_tb_insns, 0);
    }
    s->io_rerun = 0;
    n9_timing_io_stall_ns = 0;
    if (!ns) {
        return back;
    }
    mem_hook_pair = 0;
    if (!before) {
        return back;
    }
    cycles = n9_memory_ns_cycles(s, ns);
    n9_pipeline_io_settle(writes, cycles);
    if (mem_hook_carry != before) {
        s->io_settles++;
        trace_n9_pipeline_io_settle(cycles, before, mem_hook_carry);
    }
    return back;
}

static uint32_t n9_memory_insn_unit(void *opaque)
{
    return n9_pipeline_insn_unit(&((N9MemoryState *)opaque)->pipe);
}

/* ACTLR.IBE: BPIALL and BPIMVA act (TRM 5.6); else they are NOPs */
#define ACTLR_IBE   (1u << 6)

/*
 * A VFP instruction ran: the ns the integer pipeline waits before it
 * issues (a full queue, or a transfer to the core before the VFP is
 * done), at its time; its cycles in the VFP at the MPU's rate.  A
 * BPIALL: the predictor emptied, no wait.  A conditional cp15 context
 * write whose condition passed: the flush after it (TRM 5.6.1), at the
 * MPU's rate.  A load/store multiple or doubleword from @addr: its cycle
 * more when not aligned.
 */
static uint32_t n9_memory_unit(void *opaque, uint32_t desc, uint32_t addr)
{
    N9MemoryState *s = opaque;
    uint64_t now, cycles, len, wait;

    if (N9_UNIT_KIND(desc) == N9_UNIT_LSM) {
        /*
         * A load/store multiple of an even count, or an LDRD/STRD (as
         * one of two), scheduled as from a 64-bit aligned address, called
         * only from one that is not (unit_addr_skip): its first cycle
         * moves one register, and it takes the cycles its descriptor
         * holds more (n9_pipeline_issue; docs/cortex-a8-timing.md,
         * "Load/store multiple")
         */
        cycles = desc & 0xfff;
        trace_n9_pipeline_lsm(addr, cycles);
        s->lsm_unaligned++;
        return n9_memory_cycles_ns(s, cycles);
    }
    now = n9_memory_now(s);
    if ((desc & N9_UNIT_FLUSH) == N9_UNIT_FLUSH) {
        cycles = s->pipe.flush_cycles;
        s->cp15_flushes++;
        trace_n9_pipeline_cp15_flush(cycles);
        return n9_memory_cycles_ns(s, cycles);
    }
    if (desc & N9_UNIT_BPMAINT) {
        /*
         * BPIALL: a NOP unless ACTLR.IBE is set (TRM 5.6), which the
         * N9's firmware sets ([cpu] actlr; QEMU holds ACTLR constant)
         */
        bool ibe = s->cpu->reset_auxcr & ACTLR_IBE;

        if (ibe) {
            a8bpred_invalidate(&s->bpred);
        }
        trace_n9_pipeline_bpiall(ibe);
        return 0;
    }
    cycles = A8VFP_CYCLES(desc);
    len = n9_memory_cycles_ns(s, cycles);
    wait = a8vfp_issue(&s->vfp, desc, now, len);

    trace_n9_pipeline_vfp(A8VFP_KIND(desc), cycles, wait);
    return MIN(wait, UINT32_MAX);
}

static MemHookOps n9_memory_hooks = {
    .access = n9_memory_access,
    .fetch = n9_memory_fetch,
    .unwind = n9_memory_unwind,
    .tlb_maint = n9_memory_tlb_maint,
    .pld = n9_memory_pld,
    .cache_maint = n9_memory_cache_maint,
    .skip_line_bits = 0,        /* the L1 D's line: set at creation */
};

/* ---- MPU clock -------------------------------------------------------------- */

/*
 * With icount shift=0 an instruction is 1 ns: the MPU at 1 GHz.  Below
 * that, each TB's fetch charges the rest of 1e9 / rate per instruction;
 * the cache model's cycle costs (L2 hit, walk) follow the period too.
 * Above 1 GHz an instruction cannot cost less than 1 ns (the N9's OPPs
 * stop at 1 GHz).  A stopped clock (0) leaves the costs alone: the MPU
 * does not run then.  The CPU's cycle counter follows the same clock, from
 * the SoC (omap3630_cpu_clk_update), with or without this model.
 */
static void n9_memory_mpu_ck_update(void *opaque, ClockEvent event)
{
    N9MemoryState *s = opaque;
    uint64_t hz = clock_get_hz(s->mpu_ck);

    if (unlikely(s->rec)) {
        n9_memory_rec_simple(s, N9T_MPUCLK, 0, hz);
    }
    if (hz == 0) {
        return;
    }
    mem_hook_cpu_state_changed();       /* the fetch filter: 1 GHz only */
    if (mempath_set_mpu_hz(&s->mp, hz)) {
        warn_report_once("rm696: the MPU clock is above 1 GHz; an "
                         "instruction still costs 1 ns");
    }
    n9_memory_pair_give_update(s);
}

/*
 * The L3 clock: the interconnect's part of an L2 miss and the L2 port's
 * line time ([cache] l3_ns, l3_line_ns, given at l3_ref_hz) follow its
 * period, as the SDRAM's own timings (in its clocks) do.
 */
static void n9_memory_l3_ick_update(void *opaque, ClockEvent event)
{
    N9MemoryState *s = opaque;
    uint64_t hz = clock_get_hz(s->l3_ick);

    if (unlikely(s->rec)) {
        n9_memory_rec_simple(s, N9T_L3CLK, 0, hz);
    }
    a8cache_set_l3_hz(&s->mp.cache, (uint32_t)MIN(hz, UINT32_MAX));
}

/* ---- Statistics ----------------------------------------------------------- */

/*
 * A counter as it stands, with the accesses the skip filter counted since
 * the last fold (read-only, so any thread may read it).  @model: a cache
 * model counter (A8C_*), else one of the glue's (C_*).
 */
static uint64_t n9_memory_counter(N9MemoryState *s, bool model, int i)
{
    uint64_t r = qatomic_read(&mem_hook_skip.count[0]);
    uint64_t w = qatomic_read(&mem_hook_skip.count[1]);
    uint64_t pages = qatomic_read(&mem_hook_fetch_skip.count[0]);
    uint64_t lines = qatomic_read(&mem_hook_fetch_skip.count[1]);

    if (!model) {
        return s->mp.c[i] + (i == MP_LOADS ? r : i == MP_STORES ? w :
                             i == MP_FETCHES ? lines : 0);
    }
    return s->mp.cache.s.cnt[i] + (i == A8C_L1D_HIT ? r : i == A8C_L1D_WHIT ? w :
                                i == A8C_DTLB_HIT ? r + w :
                                i == A8C_L1I_HIT ? lines :
                                i == A8C_ITLB_HIT ? pages : 0);
}

static void n9_memory_get_counter(Object *obj, Visitor *v, const char *name,
                                  void *opaque, Error **errp)
{
    intptr_t i = (intptr_t)opaque;
    uint64_t val = n9_memory_counter(N9_MEMORY(obj), i >= C_NUM,
                                     i >= C_NUM ? i - C_NUM : i);

    visit_type_uint64(v, name, &val, errp);
}

static void n9_memory_put(QDict *d, const char *name, uint64_t v)
{
    g_autofree char *key = g_strdelimit(g_strdup(name), "-", '_');

    qdict_put_int(d, key, v);
}

QDict *n9_memory_stats(N9MemoryState *s)
{
    QDict *d = qdict_new(), *cache = qdict_new();

    for (int i = 0; i < C_NUM; i++) {
        n9_memory_put(d, mempath_counter_names[i],
                      n9_memory_counter(s, false, i));
    }
    qdict_put_int(d, "mpu_hz", clock_get_hz(s->mpu_ck));
    qdict_put_int(d, "l3_hz", clock_get_hz(s->l3_ick));
    for (int i = 0; i < A8C_NUM_COUNTERS; i++) {
        n9_memory_put(cache, a8cache_counter_names[i],
                      n9_memory_counter(s, true, i));
    }
    qdict_put(d, "cache", cache);
    if (s->pipeline) {
        /* cycles blocks waited at their start for results in flight */
        qdict_put_int(d, "pipeline_wait_cycles", s->pipe_wait);
        /* I/O accesses whose stall let results in flight complete */
        qdict_put_int(d, "pipeline_io_settles", s->io_settles);
        /* blocks whose first instruction paired with the last before,
         * and the cycles those pairs saved (a pair may save none in its
         * block but leave its last cycle open for the next) */
        qdict_put_int(d, "pipeline_pairs_across", mem_hook_pairs);
        qdict_put_int(d, "pipeline_pair_cycles", mem_hook_pair_units);
        /* branches resolved, and those predicted wrong (13 cycles each) */
        qdict_put_int(d, "pipeline_branches", s->bpred.branches);
        qdict_put_int(d, "pipeline_mispredicts", s->bpred.mispredicts);
        /* exception entries, each a 13-cycle flush */
        qdict_put_int(d, "pipeline_exceptions", s->bpred.exceptions);
        /* BPIALLs that emptied the predictor (ACTLR.IBE) */
        qdict_put_int(d, "pipeline_bp_invalidates", s->bpred.invalidates);
        /* VFP instructions queued, transfers that waited for the VFP,
         * and the integer pipeline's waits for it (ns) */
        qdict_put_int(d, "pipeline_vfp_ops", s->vfp.ops);
        qdict_put_int(d, "pipeline_vfp_syncs", s->vfp.syncs);
        qdict_put_int(d, "pipeline_vfp_waits", s->vfp.waits);
        qdict_put_int(d, "pipeline_vfp_wait_ns", s->vfp.wait_time);
        /* conditional cp15 context writes that ran, each a flush */
        qdict_put_int(d, "pipeline_cp15_cond_flushes", s->cp15_flushes);
        /* load/store multiples of an even count and LDRD/STRD not
         * 64-bit aligned (a cycle more each) */
        qdict_put_int(d, "pipeline_lsm_unaligned", s->lsm_unaligned);
        /* per class of branch, with prediction on: resolved, wrong */
        {
            QDict *cl = qdict_new();

            for (int i = 0; i < A8BPRED_CLASSES; i++) {
                QDict *one;

                if (!a8bpred_class_names[i]) {
                    continue;
                }
                one = qdict_new();
                qdict_put_int(one, "branches", s->bpred.class_branches[i]);
                qdict_put_int(one, "mispredicts",
                              s->bpred.class_mispredicts[i]);
                qdict_put(cl, a8bpred_class_names[i], one);
            }
            qdict_put(d, "pipeline_classes", cl);
        }
    }
    return d;
}

/* ---- QOM -------------------------------------------------------------------- */

static void n9_memory_reset_hold(Object *obj, ResetType type)
{
    N9MemoryState *s = N9_MEMORY(obj);
    a8cache_next next = { .access = sdrc_next_level_access, .ctx = s->sdrc };
    const char *why;

    if (unlikely(s->rec)) {
        n9_memory_rec_folded(s);
        n9_memory_rec_simple(s, N9T_MEMRESET, 0, 0);
    }
    /* caches and TLBs start empty; counters start again with each boot */
    why = mempath_reset(&s->mp, &s->params, &next, s->seed);
    assert(!why);       /* checked when the timing file was read */
    /* pipeline=on: the load-use interlock as a result stage, E15 at most */
    s->pipe.load_stage = A8PIPE_E1 + MIN(s->params.load_use_cycles, 14u);
    /* ACTLR.L1NEON: QEMU holds ACTLR at its reset value ([cpu] actlr) */
    mempath_set_actlr(&s->mp, s->cpu->reset_auxcr);
    a8cache_set_l1d_watch(&s->mp.cache, n9_memory_l1d_watch, s);
    mem_hook_skip.last_val = ~0u;
    n9_memory_skip_drop();
    mem_hook_skip.count[0] = mem_hook_skip.count[1] = 0;
    n9_memory_fetch_drop();
    mem_hook_fetch_skip.count[0] = mem_hook_fetch_skip.count[1] = 0;
    s->mp.ctx[0] = UINT64_MAX;  /* no SCTLR has every bit: look again */
    n9_memory_cpu_state(s);
    mem_hook_carry = 0;         /* nothing in flight */
    mem_hook_pair = 0;          /* nor a cycle open for a partner */
    mem_hook_pairs = mem_hook_pair_units = 0;
    n9_memory_pair_give_update(s);      /* the rate runs on */
    s->pipe_wait = 0;
    s->io_settles = 0;
    s->io_rerun = 0;
    n9_timing_io_stall_ns = 0;
    mem_hook_branch = 0;        /* no branch pending, an empty predictor */
    a8bpred_reset(&s->bpred);
    s->bpred.penalty = s->pipe.flush_cycles;
    /* checked at realize */
    a8bpred_set_btb(&s->bpred, s->btb_ways, s->btb_shift);
    a8vfp_reset(&s->vfp);       /* an empty queue, the VFP idle */
    s->cp15_flushes = 0;
    s->lsm_unaligned = 0;
}

/* The skip filter's counts into the counters, and nothing pending. */
static int n9_memory_pre_save(void *opaque)
{
    N9MemoryState *s = opaque;

    n9_memory_rec_folded(s);
    n9_memory_skip_fold(s);
    n9_memory_fetch_fold(s);
    s->skip_line[0] = mem_hook_skip.line[0];
    s->skip_line[1] = mem_hook_skip.line[1];
    s->last_val = mem_hook_skip.last_val;
    s->fetch_end = mem_hook_fetch_skip.end;
    s->carry = mem_hook_carry;
    s->io_stall_ns = n9_timing_io_stall_ns;
    s->pair = mem_hook_pair;
    s->pairs = mem_hook_pairs;
    s->pair_units = mem_hook_pair_units;
    s->branch = mem_hook_branch;
    g_free(s->vm_image);
    s->vm_image_len = mempath_state_size(&s->mp);
    s->vm_image = g_malloc(s->vm_image_len);
    mempath_state_save(&s->mp, s->vm_image, s->vm_image_len);
    return 0;
}

static int n9_memory_post_save(void *opaque)
{
    N9MemoryState *s = opaque;

    g_clear_pointer(&s->vm_image, g_free);
    return 0;
}

/*
 * The skip filter's lines and the CPU state they were set under travel
 * with the snapshot, as the model's state does: dropping them would send
 * accesses the unbroken run spared to the hook, where the load-use
 * interlock sees them, and a restored run would drift from the unbroken
 * one (tests/idle/test_snapshot.py, membench mid-run).
 */
static int n9_memory_post_load(void *opaque, int version_id)
{
    N9MemoryState *s = opaque;
    const char *why = mempath_state_load(&s->mp, s->vm_image,
                                         s->vm_image_len);

    g_clear_pointer(&s->vm_image, g_free);
    if (why) {
        error_report("%s: the snapshot's memory-path state: %s",
                     TYPE_N9_MEMORY, why);
        return -EINVAL;
    }

    mem_hook_skip.line[0] = s->skip_line[0];
    mem_hook_skip.line[1] = s->skip_line[1];
    mem_hook_skip.last_val = s->last_val;
    /* results in flight (none in a snapshot without the pipeline) */
    mem_hook_carry = s->carry;
    if (s->pipeline) {
        n9_timing_io_stall_ns = s->io_stall_ns;
    }
    mem_hook_pair = s->pair;
    mem_hook_pairs = s->pairs;
    mem_hook_pair_units = s->pair_units;
    n9_memory_pair_give_update(s);      /* the image's MPU rate */
    mem_hook_branch = s->branch;
    /* the line filter starts empty (the skip filter's lines are kept) */
    n9_memory_line_clear();
    mem_hook_skip.count[0] = mem_hook_skip.count[1] = 0;
    /* the fetch continuation goes on; the filter looks at the state again */
    mem_hook_fetch_skip.end = s->fetch_end;
    mem_hook_fetch_skip.ok = 0;
    s->mp.seg_insns = 0;        /* between TBs: nothing pending */
    s->io_rerun = 0;
    memset(s->rec_skip, 0, sizeof(s->rec_skip));
    mem_hook_fetch_skip.count[0] = mem_hook_fetch_skip.count[1] = 0;
    return 0;
}

static void n9_memory_init(Object *obj)
{
    N9MemoryState *s = N9_MEMORY(obj);

    for (intptr_t i = 0; i < C_NUM; i++) {
        object_property_add(obj, mempath_counter_names[i], "uint64",
                            n9_memory_get_counter, NULL, NULL, (void *)i);
    }
    for (intptr_t i = 0; i < A8C_NUM_COUNTERS; i++) {
        object_property_add(obj, a8cache_counter_names[i], "uint64",
                            n9_memory_get_counter, NULL, NULL,
                            (void *)(C_NUM + i));
    }
    s->mpu_ck = qdev_init_clock_in(DEVICE(obj), "mpu_ck",
                                   n9_memory_mpu_ck_update, s, ClockUpdate);
    s->l3_ick = qdev_init_clock_in(DEVICE(obj), "l3_ick",
                                   n9_memory_l3_ick_update, s, ClockUpdate);
}

/*
 * The links are required: the path is the CPU's, over that SDRAM, in front
 * of that SDRC's model, and MPU OFF comes from the PRCM; so are the two
 * clocks.  Registers the hooks (exec/mem-hook.h): realize it before
 * anything is translated.
 */
static void n9_memory_realize(DeviceState *dev, Error **errp)
{
    N9MemoryState *s = N9_MEMORY(dev);
    const char *why;

    if (!s->cpu || !s->sdram || !s->prcm || !s->sdrc_dev) {
        error_setg(errp, "n9-memory: links 'cpu', 'sdram', 'prcm' and "
                   "'sdrc' must be set");
        return;
    }
    if (!clock_has_source(s->mpu_ck) || !clock_has_source(s->l3_ick)) {
        error_setg(errp, "n9-memory: clock inputs 'mpu_ck' and 'l3_ick' "
                   "must be connected");
        return;
    }
    if (!memory_region_is_ram(s->sdram)) {
        error_setg(errp, "n9-memory: 'sdram' is not RAM");
        return;
    }
    why = a8cache_params_check(&s->params);
    if (why) {
        error_setg(errp, "n9-memory: [cache] parameters: %s", why);
        return;
    }
    why = a8bpred_btb_check(s->btb_ways, s->btb_shift);
    if (why) {
        error_setg(errp, "n9-memory: [cpu] btb_ways %u, btb_index_shift %u: "
                   "%s", s->btb_ways, s->btb_shift, why);
        return;
    }
    s->cs = CPU(s->cpu);
    s->sdram_host = memory_region_get_ram_ptr(s->sdram);
    s->mp.sdram_size = memory_region_size(s->sdram);
    s->mp.now = n9_memory_now_cb;
    s->mp.walk_read = n9_memory_walk_cb;
    s->mp.fe = s;
    s->sdrc = omap3_sdrc_share_with_vcpu(s->sdrc_dev);
    /* at once, as a reset would: the hooks read the model's filters */
    n9_memory_reset_hold(OBJECT(s), RESET_TYPE_COLD);
    n9_memory_mpu_ck_update(s, ClockUpdate);
    n9_memory_l3_ick_update(s, ClockUpdate);
    /* reset with the machine, in the order the board realized it */
    qemu_register_resettable(OBJECT(s));
    s->prcm_listener.notify = n9_memory_prcm_event;
    omap3_prcm_add_listener(s->prcm, &s->prcm_listener);
    n9_memory_hooks.skip_line_bits = s->mp.cache.l1d_shift;
    /* a fetch per L1 I line, when its first instruction runs */
    n9_memory_hooks.fetch_line_bits = s->mp.cache.l1i_shift;
    /* the fetch filter reads the model's L1 I and I-TLB hit filters */
    n9_memory_hooks.fetch_lines = s->mp.cache.s.l1i_hot;
    n9_memory_hooks.fetch_lines_n = A8CACHE_HOT_L1;
    n9_memory_hooks.fetch_pages = s->mp.cache.s.tlb_hot_vpn[A8C_ITLB];
    n9_memory_hooks.fetch_page_tags = s->mp.cache.s.tlb_hot_asid[A8C_ITLB];
    n9_memory_hooks.fetch_pages_n = A8CACHE_HOT_TLB;
    n9_memory_hooks.pc_offset = offsetof(CPUARMState, regs[15]);
    n9_memory_hooks.line_tab[0] = n9_line_tab[0];
    n9_memory_hooks.line_tab[1] = n9_line_tab[1];
    n9_memory_hooks.line_tab_n = N9_LINE_TAB;
    /* a load in the line of the last load's value goes to the hook, for
     * the load-use interlock; with the pipeline the scoreboard has it */
    n9_memory_hooks.load_value_rule = !s->pipeline;
    /* an unaligned access may replay (a8cache_unaligned), and one that
     * runs into the next line needs that line: never spared, whatever
     * unaligned_cycles is */
    n9_memory_hooks.unaligned_calls = true;
    if (s->pipeline) {
        /* each block costs its cycles, not one per instruction */
        n9_memory_hooks.block_start = n9_memory_block_start;
        n9_memory_hooks.issue = n9_memory_issue;
        n9_memory_hooks.block_cycles = n9_memory_block_cycles;
        n9_memory_hooks.block_edges = n9_memory_block_edges;
        n9_memory_hooks.carry_enter = n9_memory_carry_enter;
        n9_memory_hooks.carry_guard = A8PIPE_GUARD;
        /* pairs across a block's end (a branch with its target's first) */
        n9_memory_hooks.block_pair = n9_memory_block_pair;
        n9_memory_hooks.pair_enter = n9_memory_pair_enter;
        n9_memory_hooks.pair_open = A8PIPE_TAIL_OPEN;
        n9_memory_hooks.pair_give = n9_memory_pair_give;
        n9_memory_hooks.insn_branch = n9_memory_insn_branch;
        n9_memory_hooks.branch = n9_memory_branch;
        /* an exception's entry: a flush at the handler's first block */
        n9_memory_hooks.exception_token = A8BPRED_EXCEPTION;
        /* the VFP: its queue and its own timeline */
        n9_memory_hooks.insn_unit = n9_memory_insn_unit;
        n9_memory_hooks.unit = n9_memory_unit;
        /* a load/store multiple or doubleword 64-bit aligned: no call */
        n9_memory_hooks.unit_addr_skip = N9_LSM_ALIGN - 1;
        /* an I/O access's stall completes results in flight */
        n9_memory_hooks.insn_writes = n9_memory_insn_writes;
        n9_memory_hooks.io_done = n9_memory_io_done;
    }
    n9_memory_line_clear();
    mem_hook_register(&n9_memory_hooks, s);
}

static const Property n9_memory_properties[] = {
    DEFINE_PROP_LINK("cpu", N9MemoryState, cpu, TYPE_ARM_CPU, ARMCPU *),
    DEFINE_PROP_LINK("sdram", N9MemoryState, sdram, TYPE_MEMORY_REGION,
                     MemoryRegion *),
    /* where the CPU sees the SDRAM: the memory path's own field */
    DEFINE_PROP_UINT64("sdram-base", N9MemoryState, mp.sdram_base, 0),
    DEFINE_PROP_LINK("prcm", N9MemoryState, prcm, TYPE_OMAP3_PRCM,
                     OMAP3PRCMState *),
    DEFINE_PROP_LINK("sdrc", N9MemoryState, sdrc_dev, TYPE_OMAP3_SDRC,
                     DeviceState *),
    DEFINE_PROP_UINT64("seed", N9MemoryState, seed, 0),
    DEFINE_PROP_BOOL("pipeline", N9MemoryState, pipeline, false),
    /* [cpu] flush_cycles: a flush of the integer pipeline (pipeline=on) */
    DEFINE_PROP_UINT32("flush-cycles", N9MemoryState, pipe.flush_cycles,
                       A8BPRED_PENALTY),
    /* [cpu] cp15_flush: a cp15 write that changes the context flushes */
    DEFINE_PROP_BOOL("cp15-flush", N9MemoryState, pipe.cp15_flush, true),
    /* [cpu] btb_ways, btb_index_shift: the BTB's organisation */
    DEFINE_PROP_UINT32("btb-ways", N9MemoryState, btb_ways, A8BPRED_BTB_WAYS),
    DEFINE_PROP_UINT32("btb-index-shift", N9MemoryState, btb_shift,
                       A8BPRED_BTB_SHIFT),
};

/* Where the last fetch ended (fetch continuation): it shapes the counts */
static const VMStateDescription vmstate_n9_memory_fetch = {
    .name = TYPE_N9_MEMORY "/fetch",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT64(fetch_end, N9MemoryState),
        VMSTATE_END_OF_LIST()
    },
};

/* The L3 clock as the cache model last heard it (its image has the rate) */
static const VMStateDescription vmstate_n9_memory_l3 = {
    .name = TYPE_N9_MEMORY "/l3",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_CLOCK(l3_ick, N9MemoryState),
        VMSTATE_END_OF_LIST()
    },
};

/* With the pipeline: results in flight after the last block, and what its
 * last cycle leaves open for a partner */
static bool n9_memory_pipe_needed(void *opaque)
{
    return ((N9MemoryState *)opaque)->pipeline;
}

static const VMStateDescription vmstate_n9_memory_pipe = {
    .name = TYPE_N9_MEMORY "/pipeline",
    /* 2: the last block's cycle open for a partner, the pairs made and
     * the cycles they saved; 3: the I/O stall not yet settled, the I/O
     * accesses that settled results in flight */
    .version_id = 3,
    .minimum_version_id = 2,
    .needed = n9_memory_pipe_needed,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT64(carry, N9MemoryState),
        VMSTATE_UINT64(pipe_wait, N9MemoryState),
        VMSTATE_UINT64(pair, N9MemoryState),
        VMSTATE_UINT64(pairs, N9MemoryState),
        VMSTATE_UINT64(pair_units, N9MemoryState),
        VMSTATE_UINT64_V(io_stall_ns, N9MemoryState, 3),
        VMSTATE_UINT64_V(io_settles, N9MemoryState, 3),
        VMSTATE_END_OF_LIST()
    },
};

/* With the pipeline: the branch predictor's tables and the branch pending */
static const VMStateDescription vmstate_n9_memory_bpred = {
    .name = TYPE_N9_MEMORY "/bpred",
    /* 2: when each BTB entry was last used (1: a way to replace a set) */
    .version_id = 2,
    .minimum_version_id = 2,
    .needed = n9_memory_pipe_needed,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT64(branch, N9MemoryState),
        VMSTATE_UINT32_ARRAY(bpred.btb_pc, N9MemoryState,
                             A8BPRED_BTB_ENTRIES),
        VMSTATE_UINT32_ARRAY(bpred.btb_target, N9MemoryState,
                             A8BPRED_BTB_ENTRIES),
        VMSTATE_UINT8_ARRAY(bpred.btb_kind, N9MemoryState,
                            A8BPRED_BTB_ENTRIES),
        VMSTATE_UINT64_ARRAY(bpred.btb_used, N9MemoryState,
                             A8BPRED_BTB_ENTRIES),
        VMSTATE_UINT8_ARRAY(bpred.ghb, N9MemoryState, A8BPRED_GHB),
        VMSTATE_UINT32_ARRAY(bpred.rstack, N9MemoryState, A8BPRED_RSTACK),
        VMSTATE_UINT32(bpred.hist, N9MemoryState),
        VMSTATE_UINT32(bpred.rs_top, N9MemoryState),
        VMSTATE_UINT64(bpred.branches, N9MemoryState),
        VMSTATE_UINT64(bpred.mispredicts, N9MemoryState),
        VMSTATE_UINT64(bpred.exceptions, N9MemoryState),
        VMSTATE_UINT64(bpred.invalidates, N9MemoryState),
        VMSTATE_UINT64_ARRAY(bpred.class_branches, N9MemoryState,
                             A8BPRED_CLASSES),
        VMSTATE_UINT64_ARRAY(bpred.class_mispredicts, N9MemoryState,
                             A8BPRED_CLASSES),
        VMSTATE_END_OF_LIST()
    },
};

/* With the pipeline: the VFP's queue and when it is free (ns); the
 * conditional cp15 flushes' counts (version 2), the unaligned load/store
 * multiples' (version 3).  The two unused words were the barriers'
 * counts until 2026-12-07; they are the memory path's now (MP_BARRIERS,
 * in the models' image, whose version 3 does not load an older one). */
static const VMStateDescription vmstate_n9_memory_units = {
    .name = TYPE_N9_MEMORY "/units",
    .version_id = 3,
    .minimum_version_id = 1,
    .needed = n9_memory_pipe_needed,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT64_ARRAY(vfp.start, N9MemoryState, A8VFP_QUEUE),
        VMSTATE_UINT32(vfp.head, N9MemoryState),
        VMSTATE_UINT64(vfp.free, N9MemoryState),
        VMSTATE_UINT64(vfp.ops, N9MemoryState),
        VMSTATE_UINT64(vfp.syncs, N9MemoryState),
        VMSTATE_UINT64(vfp.waits, N9MemoryState),
        VMSTATE_UINT64(vfp.wait_time, N9MemoryState),
        VMSTATE_UNUSED(2 * sizeof(uint64_t)),
        VMSTATE_UINT64_V(cp15_flushes, N9MemoryState, 2),
        VMSTATE_UINT64_V(lsm_unaligned, N9MemoryState, 3),
        VMSTATE_END_OF_LIST()
    },
};

/*
 * Everything that shapes timing travels with a snapshot: the memory
 * path's and the cache model's state as their image (they own its
 * description) and the glue's filters.  The SDRC
 * model's state travels with the SDRC device.
 */
static const VMStateDescription vmstate_n9_memory = {
    .name = TYPE_N9_MEMORY,
    .version_id = 4,                    /* 4: the models' image */
    .minimum_version_id = 4,
    .pre_save = n9_memory_pre_save,
    .post_save = n9_memory_post_save,
    .post_load = n9_memory_post_load,
    .fields = (const VMStateField[]) {
        /* the models' own image (mempath_state.c, a8cache_state.c) */
        VMSTATE_UINT32(vm_image_len, N9MemoryState),
        VMSTATE_VBUFFER_ALLOC_UINT32(vm_image, N9MemoryState, 0, NULL,
                                     vm_image_len),
        /* the glue's: QEMU's filters */
        VMSTATE_UINT32(tb_va, N9MemoryState),
        VMSTATE_UINT64_ARRAY(skip_line, N9MemoryState, 2),
        VMSTATE_UINT32(last_val, N9MemoryState),
        VMSTATE_CLOCK(mpu_ck, N9MemoryState),
        VMSTATE_END_OF_LIST()
    },
    .subsections = (const VMStateDescription * const []) {
        &vmstate_n9_memory_fetch,
        &vmstate_n9_memory_l3,
        &vmstate_n9_memory_pipe,
        &vmstate_n9_memory_bpred,
        &vmstate_n9_memory_units,
        NULL
    },
};

static void n9_memory_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);

    dc->desc = "N9 memory path: caches, TLBs, SDRAM timing of every access";
    dc->realize = n9_memory_realize;
    dc->vmsd = &vmstate_n9_memory;
    dc->user_creatable = false;
    device_class_set_props(dc, n9_memory_properties);
    rc->phases.hold = n9_memory_reset_hold;
}

static const TypeInfo n9_memory_info = {
    .name = TYPE_N9_MEMORY,
    .parent = TYPE_DEVICE,
    .instance_size = sizeof(N9MemoryState),
    .instance_init = n9_memory_init,
    .class_init = n9_memory_class_init,
};

static void n9_memory_register_types(void)
{
    type_register_static(&n9_memory_info);
}

type_init(n9_memory_register_types)

void n9_memory_set_params(DeviceState *dev, const a8cache_params *params)
{
    N9_MEMORY(dev)->params = *params;
}
