/*
 * memfuzz-bare: a seeded fuzzer of the vCPU's own memory path, without an
 * operating system.
 *   qemu-system-arm -M rm696[,stats=FILE] -kernel memfuzz-bare.elf \
 *       -semihosting-config enable=on,target=native \
 *       -icount shift=0,sleep=off -append "-s SEED -n OPS [-x]"
 *
 * The device fuzzer (tests/fuzz/n9fuzz.py) drives registers over qtest,
 * where no guest code runs; this program is the guest whose own fetches,
 * loads, stores, PLDs and TLB maintenance go through core patches 0005-0008's
 * hooks into n9_memory.c, models/cache and models/sdrc.  From SEED it
 * draws OPS operations:
 *   - loads and stores of every size: LDRB/H, LDR, LDRD, LDM/STM of 2 and
 *     4 words, LDRT/STRT, LDREX/STREX of 1, 2, 4 and 8 bytes, NEON VLD1/
 *     VST1 of 8, 16 and 32 bytes (unaligned, and 16 bytes with :128),
 *     VLDR/VSTR; unaligned where the architecture allows it (Normal
 *     memory, SCTLR.A = 0), aligned on Device and Strongly-ordered pages
 *     and with the MMU off;
 *   - through six views of one 256 KB arena of SDRAM (0x81000000): the
 *     identity section, a 1 MB section, a 16 MB supersection (or 16
 *     sections), 64 KB large pages and 4 KB small pages in permuted
 *     order, each with memory attributes and nG drawn again now and then
 *     (Normal WB/WT/NC, Strongly-ordered, Device), and a window of the
 *     on-chip SRAM; a shadow copy (identity-mapped SDRAM) says what every
 *     byte must hold, and each load is checked against it;
 *   - translation faults (a page table of fault entries, a fault section:
 *     loads, stores, LDM and a branch there), each checked for its
 *     abort, DFAR/IFAR and fault status, and recovered from; a load from
 *     a physical hole (an external abort or not);
 *   - PLD and PLI to anywhere: the views, faulting and unmapped
 *     addresses, device registers, the boot ROM, far SDRAM;
 *   - cache maintenance by MVA and set/way, branch predictor and
 *     I-cache invalidation, barriers; TLB maintenance (TLBIALL, TLBIMVA,
 *     TLBIASID, their I- and D-side forms);
 *   - page-table changes (pages swapped, attributes, nG, supersection <->
 *     sections) with the maintenance a real kernel does; CONTEXTIDR
 *     (ASID) changes; TTBR0/TTBR1 between three identical tables (two in
 *     SDRAM, one in the SRAM) with TTBCR.N 0-3 and walks cacheable or not; SCTLR.C, .I and .Z off and
 *     on; the MMU off for a burst of accesses;
 *   - self-modifying code: ARM or Thumb code (with PLD and PLI of every
 *     encoding in it) written through one view, cleaned, the I-cache
 *     invalidated, then run through another (its result checked); the
 *     same from the SRAM;
 *   - MPU rate changes (CM_CLKSEL2_PLL_MPU M2 1, 2, 4: 1 GHz to 250 MHz,
 *     and now and then any M2 0-31); SDRC_POWER changes (power-down and
 *     self-refresh between accesses);
 *   - reads of device registers, of the boot ROM (twice: the same word),
 *     and of far SDRAM (row and bank changes for the SDRC model).
 * At the end the whole arena and the SRAM window are read back through
 * the views and compared with the shadow.  It prints one line of counts,
 * a hash of every value it loaded and the cycle counter, then
 * "memfuzz: ok" (exit 0), or "memfuzz: FAIL ..." at the first mismatch or
 * unexpected exception (exit 1).  -x corrupts one shadow byte on purpose
 * (the check must then fail: the test's self-test); -d MASK leaves out the
 * operations whose bits are set (bit n: the n-th of op_names[], e.g. 1 << 14
 * no SCTLR changes), and -m K writes a mark (the rm696 mark port: the
 * stats file keeps the counters at each) before every K-th operation, to
 * narrow a failure down: "mark 1" after start.S and the set-up with the
 * MMU off, "mark 2" once the arena is filled, op + 3 before an operation,
 * 0xfffffffe before the final check.
 *
 * Runs in the state start.S leaves (secure SVC), with its own vector
 * table (an abort is recorded and the program goes on).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdint.h>

#include "bare.h"

/* ---- memory layout --------------------------------------------------------- */

#define ARENA_PA        0x81000000u     /* 16 MB aligned: the supersection */
#define ARENA_SIZE      0x40000u        /* 256 KB */
#define SHADOW_PA       0x80800000u     /* the arena's, then the SRAM's */
#define TTB_A           0x80400000u     /* two identical L1 tables */
#define TTB_B           0x80404000u
#define TTB_C           0x40208000u     /* a third copy, in the SRAM */
#define L2_LARGE        0x80408000u     /* second-level tables, 1 KB each */
#define L2_SMALL        0x80408400u
#define L2_FAULT        0x80408800u
#define SRAM_WIN        0x4020f000u     /* the SRAM's last 4 KB */
#define SRAM_WIN_SIZE   0x1000u
#define ROM_BASE        0x40000000u
#define ROM_SIZE        0x1c000u

#define VA_SECTION      0xc0000000u     /* 1 MB section -> arena */
#define VA_LARGE        0xc0100000u     /* 4 large pages, permuted */
#define VA_SMALL        0xc0200000u     /* 64 small pages, permuted */
#define VA_FAULT_PAGE   0xc0300000u     /* page table of fault entries */
#define VA_FAULT_SECT   0xc0400000u     /* fault section */
#define VA_SUPER        0xd0000000u     /* supersection -> 0x81000000 */
#define PA_HOLE         0x00000000u     /* GPMC space: nothing there */

#define CM_CLKSEL2_PLL_MPU  0x48004944u
#define SDRC_POWER      0x6d000070u
#define WDT2_WWPS       0x48314034u
#define WDT2_WSPR       0x48314048u

/* ---- output ---------------------------------------------------------------- */

static void put_kv(const char *k, uint32_t v)
{
    put(" ");
    put(k);
    put(" ");
    put_u(v);
}

/* start.S's handlers are not used once our table is in (VBAR) */
void bare_fault(uint32_t what, uint32_t addr)
{
    put("memfuzz: FAIL exception ");
    put_u(what);
    put(" at ");
    put_hex(addr);
    put(" before the fuzzer's vectors\n");
    bare_exit(1);
}

/* ---- the seeded generator ---------------------------------------------------- */

static uint64_t rng;

static uint32_t rnd(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return (uint32_t)((rng * 0x2545f4914f6cdd1dull) >> 32);
}

static uint32_t below(uint32_t n)
{
    return n ? rnd() % n : 0;
}

static int chance(uint32_t percent)
{
    return below(100) < percent;
}

/* ---- failure ------------------------------------------------------------------ */

static uint32_t op_no;
static const char *op_name = "init";

static void fail(const char *what, uint32_t a, uint32_t b, uint32_t c)
{
    put("memfuzz: FAIL op ");
    put_u(op_no);
    put(" (");
    put(op_name);
    put("): ");
    put(what);
    put(" ");
    put_hex(a);
    put(" ");
    put_hex(b);
    put(" ");
    put_hex(c);
    put("\n");
    bare_exit(1);
}

/* ---- exceptions: recorded, then the program goes on ----------------------------
 *
 * Data abort: the faulting instruction is skipped (A32 only: the program
 * makes data accesses that may fault in A32 only).  Prefetch abort: back
 * to mf_recover in SVC and A32 (a branch to a faulting address).
 * Undefined instruction, SVC: skipped, and an unexpected one fails the run.
 */
volatile uint32_t mf_recover;
volatile uint32_t fault_n, fault_kind, fault_fsr, fault_far, fault_pc;
static uint32_t unexpected_n;

void mf_fault_record(uint32_t fsr, uint32_t far, uint32_t pc, uint32_t kind)
{
    fault_n++;
    fault_kind = kind;
    fault_fsr = fsr;
    fault_far = far;
    fault_pc = pc;
    if (kind != 3 && kind != 4) {
        unexpected_n++;
    }
}

__asm__(
    "   .text\n"
    "   .arm\n"
    "   .align 5\n"
    "mf_vectors:\n"
    "   b   .\n"
    "   b   mf_und\n"
    "   b   mf_svc\n"
    "   b   mf_pabt\n"
    "   b   mf_dabt\n"
    "   b   .\n"
    "   b   mf_irq\n"
    "   b   mf_fiq\n"
    "mf_dabt:\n"
    "   push {r0-r3, r12, lr}\n"
    "   mrc  p15, 0, r0, c5, c0, 0\n"      /* DFSR */
    "   mrc  p15, 0, r1, c6, c0, 0\n"      /* DFAR */
    "   sub  r2, lr, #8\n"
    "   mov  r3, #4\n"
    "   bl   mf_fault_record\n"
    "   pop  {r0-r3, r12, lr}\n"
    "   subs pc, lr, #4\n"                 /* the next instruction */
    "mf_pabt:\n"
    "   push {r0-r3, r12, lr}\n"
    "   mrc  p15, 0, r0, c5, c0, 1\n"      /* IFSR */
    "   mrc  p15, 0, r1, c6, c0, 2\n"      /* IFAR */
    "   sub  r2, lr, #4\n"
    "   mov  r3, #3\n"
    "   bl   mf_fault_record\n"
    "   mrs  r0, spsr\n"
    "   bic  r0, r0, #0x20\n"              /* back in A32 */
    "   msr  spsr_cxsf, r0\n"
    "   pop  {r0-r3, r12, lr}\n"
    "   ldr  lr, =mf_recover\n"
    "   ldr  lr, [lr]\n"
    "   movs pc, lr\n"
    "mf_und:\n"
    "   push {r0-r3, r12, lr}\n"
    "   mov  r0, #0\n"
    "   mov  r1, #0\n"
    "   sub  r2, lr, #4\n"
    "   mov  r3, #1\n"
    "   bl   mf_fault_record\n"
    "   pop  {r0-r3, r12, lr}\n"
    "   movs pc, lr\n"
    "mf_svc:\n"
    "   push {r0-r3, r12, lr}\n"
    "   mov  r0, #0\n"
    "   mov  r1, #0\n"
    "   sub  r2, lr, #4\n"
    "   mov  r3, #2\n"
    "   bl   mf_fault_record\n"
    "   pop  {r0-r3, r12, lr}\n"
    "   movs pc, lr\n"
    "mf_irq:\n"
    "mf_fiq:\n"
    "   b    .\n"                          /* masked throughout */
    "   .ltorg\n"
);
extern char mf_vectors[];

/* ---- CP15 ---------------------------------------------------------------------- */

#define MCR15(crn, crm, op2, v) \
    __asm__ volatile("mcr p15, 0, %0, c" #crn ", c" #crm ", " #op2 \
                     : : "r"(v) : "memory")
#define MRC15(crn, crm, op2, v) \
    __asm__ volatile("mrc p15, 0, %0, c" #crn ", c" #crm ", " #op2 \
                     : "=r"(v) : : "memory")

static inline void dsb(void)
{
    __asm__ volatile("dsb" : : : "memory");
}

static inline void isb(void)
{
    __asm__ volatile("isb" : : : "memory");
}

static uint32_t ccnt(void)
{
    uint32_t v;

    MRC15(9, 13, 0, v);
    return v;
}

#define SCTLR_M     (1u << 0)
#define SCTLR_A     (1u << 1)
#define SCTLR_C     (1u << 2)
#define SCTLR_Z     (1u << 11)
#define SCTLR_I     (1u << 12)

static uint32_t sctlr_get(void)
{
    uint32_t v;

    MRC15(1, 0, 0, v);
    return v;
}

static void sctlr_set(uint32_t v)
{
    dsb();
    MCR15(1, 0, 0, v);
    isb();
}

/* ---- page tables ------------------------------------------------------------------ */

/* Memory attributes (TEX, C, B; ARM ARM B3.8.2, TEX remap off) */
static const struct {
    uint8_t tex, c, b, normal;
    const char *name;
} attrs[] = {
    { 1, 1, 1, 1, "wbwa" }, { 0, 1, 1, 1, "wb" }, { 0, 1, 0, 1, "wt" },
    { 1, 0, 0, 1, "nc" }, { 0, 0, 0, 0, "so" }, { 0, 0, 1, 0, "dev" },
};
#define NATTRS      (sizeof(attrs) / sizeof(attrs[0]))
#define A_WBWA      0
#define A_DEV       5

/* AP = 0b011 (full access) everywhere; domain 0, client (DACR) */
static uint32_t sect_desc(uint32_t pa, unsigned a, int ng, int super)
{
    return (pa & (super ? 0xff000000u : 0xfff00000u)) | (ng ? 1u << 17 : 0) |
           (super ? 1u << 18 : 0) | (uint32_t)attrs[a].tex << 12 |
           3u << 10 | (uint32_t)attrs[a].c << 3 | (uint32_t)attrs[a].b << 2 |
           2u;
}

static uint32_t small_desc(uint32_t pa, unsigned a, int ng)
{
    return (pa & 0xfffff000u) | (ng ? 1u << 11 : 0) |
           (uint32_t)attrs[a].tex << 6 | 3u << 4 |
           (uint32_t)attrs[a].c << 3 | (uint32_t)attrs[a].b << 2 | 2u;
}

static uint32_t large_desc(uint32_t pa, unsigned a, int ng)
{
    return (pa & 0xffff0000u) | (uint32_t)attrs[a].tex << 12 |
           (ng ? 1u << 11 : 0) | 3u << 4 | (uint32_t)attrs[a].c << 3 |
           (uint32_t)attrs[a].b << 2 | 1u;
}

/* A descriptor into both L1 tables (or one L2 table), cleaned to the
 * point of unification: the Cortex-A8's walk does not look in the L1 D. */
static void l1_write(uint32_t va, uint32_t desc)
{
    volatile uint32_t *a = (volatile uint32_t *)(TTB_A + (va >> 20) * 4);
    volatile uint32_t *b = (volatile uint32_t *)(TTB_B + (va >> 20) * 4);
    volatile uint32_t *c = (volatile uint32_t *)(TTB_C + (va >> 20) * 4);

    *a = desc;
    *b = desc;
    *c = desc;
    MCR15(7, 11, 1, (uint32_t)a);
    MCR15(7, 11, 1, (uint32_t)b);
    MCR15(7, 11, 1, (uint32_t)c);
}

static void l2_write(uint32_t table, uint32_t va, uint32_t desc)
{
    volatile uint32_t *p = (volatile uint32_t *)(table + ((va >> 12) & 0xff) * 4);

    *p = desc;
    MCR15(7, 11, 1, (uint32_t)p);
}

/* ---- views of the arena ---------------------------------------------------------- */

enum { V_ID, V_SECT, V_SUPER, V_LARGE, V_SMALL, V_SRAM, NVIEWS };
static const char *const view_names[NVIEWS] = {
    "id", "section", "super", "large", "small", "sram",
};

typedef struct view {
    uint32_t base, size;
    unsigned attr;
    int ng;
} view;

static view views[NVIEWS] = {
    [V_ID] = { ARENA_PA, ARENA_SIZE, A_WBWA, 0 },
    [V_SECT] = { VA_SECTION, ARENA_SIZE, A_WBWA, 0 },
    [V_SUPER] = { VA_SUPER, ARENA_SIZE, A_WBWA, 0 },
    [V_LARGE] = { VA_LARGE, ARENA_SIZE, A_WBWA, 0 },
    [V_SMALL] = { VA_SMALL, ARENA_SIZE, A_WBWA, 0 },
    [V_SRAM] = { SRAM_WIN, SRAM_WIN_SIZE, A_WBWA, 0 },
};
static uint8_t perm_large[4], inv_large[4];     /* VA chunk -> PA chunk */
static uint8_t perm_small[64], inv_small[64];
static int super_as_sections;
static int mmu_on;

/* @x through view @v's chunk maps: @large for V_LARGE, @small for V_SMALL */
static uint32_t remap(int v, uint32_t x, const uint8_t *large,
                      const uint8_t *small)
{
    switch (v) {
    case V_LARGE:
        return (uint32_t)large[x >> 16] << 16 | (x & 0xffff);
    case V_SMALL:
        return (uint32_t)small[x >> 12] << 12 | (x & 0xfff);
    default:
        return x;
    }
}

/* The arena (or SRAM window) offset of byte @voff of view @v */
static uint32_t view_off(int v, uint32_t voff)
{
    return remap(v, voff, perm_large, perm_small);
}

/* The view offset at which view @v sees arena offset @off */
static uint32_t view_voff(int v, uint32_t off)
{
    return remap(v, off, inv_large, inv_small);
}

/* Chunks @i and @j of a view's map @perm (and its inverse @inv) swap */
static void swap_chunks(uint8_t *perm, uint8_t *inv, uint32_t i, uint32_t j)
{
    uint8_t x = perm[i];

    perm[i] = perm[j];
    perm[j] = x;
    inv[perm[i]] = (uint8_t)i;
    inv[perm[j]] = (uint8_t)j;
}

static uint8_t *shadow(int v, uint32_t voff)
{
    uint8_t *base = (uint8_t *)SHADOW_PA + (v == V_SRAM ? ARENA_SIZE : 0);

    return base + view_off(v, voff);
}

static int view_normal(int v)
{
    return mmu_on && attrs[views[v].attr].normal;
}

/* (Re)write view @v's descriptors as views[] says. */
static void view_map(int v)
{
    view *w = &views[v];
    unsigned k;

    switch (v) {
    case V_SECT:
        l1_write(VA_SECTION, sect_desc(ARENA_PA, w->attr, w->ng, 0));
        break;
    case V_SUPER:
        for (k = 0; k < 16; k++) {
            l1_write(VA_SUPER + (k << 20),
                     super_as_sections
                         ? sect_desc(ARENA_PA + (k << 20), w->attr, w->ng, 0)
                         : sect_desc(ARENA_PA, w->attr, w->ng, 1));
        }
        break;
    case V_LARGE:
        for (k = 0; k < 64; k++) {
            l2_write(L2_LARGE, VA_LARGE + (k << 12),
                     large_desc(ARENA_PA + ((uint32_t)perm_large[k >> 4] << 16),
                                w->attr, w->ng));
        }
        break;
    case V_SMALL:
        for (k = 0; k < 64; k++) {
            l2_write(L2_SMALL, VA_SMALL + (k << 12),
                     small_desc(ARENA_PA + ((uint32_t)perm_small[k] << 12),
                                w->attr, w->ng));
        }
        break;
    }
}

/* The maintenance after descriptors changed: a TLB operation chosen at
 * random that covers them (by MVA for every ASID in use, by ASID, or all). */
#define NASIDS 4
static const uint8_t asids[NASIDS] = { 0, 1, 2, 255 };
static uint32_t asid;

static void tlb_after(uint32_t va, uint32_t len)
{
    uint32_t how = below(3);

    dsb();
    if (how == 0 && len <= 0x10000) {
        for (uint32_t a = 0; a < NASIDS; a++) {
            for (uint32_t p = 0; p < len; p += 0x1000) {
                MCR15(8, 7, 1, ((va + p) & ~0xfffu) | asids[a]);
            }
        }
    } else if (how == 1) {
        for (uint32_t a = 0; a < NASIDS; a++) {
            MCR15(8, 7, 2, asids[a]);
        }
        MCR15(8, 7, 0, 0);      /* the global entries too */
    } else {
        MCR15(8, 7, 0, 0);
    }
    MCR15(7, 5, 6, 0);          /* BPIALL */
    dsb();
    isb();
}

static void tables_init(void)
{
    volatile uint32_t *t;
    uint32_t i;

    for (i = 0; i < 4096; i++) {
        ((volatile uint32_t *)TTB_A)[i] = 0;
        ((volatile uint32_t *)TTB_B)[i] = 0;
        ((volatile uint32_t *)TTB_C)[i] = 0;
    }
    for (i = 0; i < 256; i++) {
        ((volatile uint32_t *)L2_LARGE)[i] = 0;
        ((volatile uint32_t *)L2_SMALL)[i] = 0;
        ((volatile uint32_t *)L2_FAULT)[i] = 0;     /* all translation faults */
    }
    /* identity: the hole, ROM and SRAM, the L4s and L3 devices, all SDRAM */
    l1_write(PA_HOLE, sect_desc(PA_HOLE, A_DEV, 0, 0));
    l1_write(0x40000000u, sect_desc(0x40000000u, A_WBWA, 0, 0));
    l1_write(0x40200000u, sect_desc(0x40200000u, A_WBWA, 0, 0));
    for (i = 0x480; i < 0x484; i++) {
        l1_write(i << 20, sect_desc(i << 20, A_DEV, 0, 0));
    }
    l1_write(0x49000000u, sect_desc(0x49000000u, A_DEV, 0, 0));
    l1_write(0x6c000000u, sect_desc(0x6c000000u, A_DEV, 0, 0));
    l1_write(0x6d000000u, sect_desc(0x6d000000u, A_DEV, 0, 0));
    for (i = 0x800; i < 0xc00; i++) {
        l1_write(i << 20, sect_desc(i << 20, A_WBWA, 0, 0));
    }
    /* the views */
    for (i = 0; i < 64; i++) {
        perm_small[i] = inv_small[i] = (uint8_t)i;
        if (i < 4) {
            perm_large[i] = inv_large[i] = (uint8_t)i;
        }
    }
    for (i = 3; i > 0; i--) {                       /* Fisher-Yates */
        swap_chunks(perm_large, inv_large, i, below(i + 1));
    }
    for (i = 63; i > 0; i--) {
        swap_chunks(perm_small, inv_small, i, below(i + 1));
    }
    l1_write(VA_LARGE, L2_LARGE | 1u);
    l1_write(VA_SMALL, L2_SMALL | 1u);
    l1_write(VA_FAULT_PAGE, L2_FAULT | 1u);
    t = (volatile uint32_t *)(TTB_A + (VA_FAULT_SECT >> 20) * 4);
    (void)t;                                        /* stays 0: a fault */
    for (i = V_SECT; i <= V_SMALL; i++) {
        view_map((int)i);
    }
    dsb();
}

static void mmu_enable(void)
{
    uint32_t v = 0x55555555u;      /* every domain client */

    MCR15(3, 0, 0, v);
    MCR15(2, 0, 2, 0);              /* TTBCR: N = 0 */
    MCR15(2, 0, 0, TTB_A | 1u);     /* TTBR0: walks inner cacheable */
    MCR15(2, 0, 1, TTB_A | 1u);
    MCR15(13, 0, 1, 0);             /* CONTEXTIDR: ASID 0 */
    MCR15(8, 7, 0, 0);
    MCR15(7, 5, 0, 0);
    MCR15(7, 5, 6, 0);
    dsb();
    isb();
    sctlr_set((sctlr_get() & ~SCTLR_A) | SCTLR_M | SCTLR_C | SCTLR_I | SCTLR_Z);
    mmu_on = 1;
}

/* ---- accesses ----------------------------------------------------------------------- */

enum acc {
    X_B, X_H, X_W, X_D, X_M2, X_M4, X_T, X_EXB, X_EXH, X_EXW, X_EXD,
    X_N8, X_N16, X_N32, X_N16A, X_VD, NACC
};
static const uint8_t acc_size[NACC] = {
    1, 2, 4, 8, 8, 16, 4, 1, 2, 4, 8, 8, 16, 32, 16, 8,
};
/* alignment on Normal memory (SCTLR.A = 0) */
static const uint8_t acc_align[NACC] = {
    1, 1, 1, 4, 4, 4, 4, 1, 2, 4, 8, 1, 1, 1, 16, 4,
};
static const char *const acc_names[NACC] = {
    "ldrb/strb", "ldrh/strh", "ldr/str", "ldrd/strd", "ldm/stm2",
    "ldm/stm4", "ldrt/strt", "ldrexb", "ldrexh", "ldrex", "ldrexd",
    "vld1.8x1", "vld1.8x2", "vld1.8x4", "vld1.64:128", "vldr",
};

static uint32_t hash = 2166136261u;     /* FNV-1a of every value loaded */

static void hash_bytes(const uint8_t *p, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        hash = (hash ^ p[i]) * 16777619u;
    }
}

static void put_le(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static uint32_t get_le(const uint8_t *p)
{
    return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

/*
 * A load of kind @k at @va into @out (acc_size bytes, little-endian).
 * Each kind is one instruction: the integer ones load r4 (r4-r5, r4-r6
 * and r8), the NEON and VFP ones go through d0-d3 to @out.
 */
#define LOAD_R4(insn) \
    __asm__ volatile(insn : "+r"(r4) : "r"(va) : "memory")
#define LOAD_R4R5(insn) \
    __asm__ volatile(insn : "+r"(r4), "+r"(r5) : "r"(va) : "memory")
#define LOAD_NEON(insn) \
    __asm__ volatile(".fpu neon\n" insn : : "r"(va), "r"(out) : "memory")

static void load(enum acc k, uint32_t va, uint8_t *out)
{
    register uint32_t r4 __asm__("r4") = 0, r5 __asm__("r5") = 0;
    register uint32_t r6 __asm__("r6") = 0, r8 __asm__("r8") = 0;

    switch (k) {
    case X_B:   LOAD_R4("ldrb %0, [%1]"); break;
    case X_H:   LOAD_R4("ldrh %0, [%1]"); break;
    case X_W:   LOAD_R4("ldr %0, [%1]"); break;
    case X_T:   LOAD_R4("ldrt %0, [%1]"); break;
    case X_EXB: LOAD_R4("ldrexb %0, [%1]\nclrex"); break;
    case X_EXH: LOAD_R4("ldrexh %0, [%1]\nclrex"); break;
    case X_EXW: LOAD_R4("ldrex %0, [%1]\nclrex"); break;
    case X_D:   LOAD_R4R5("ldrd r4, r5, [%2]"); break;
    case X_EXD: LOAD_R4R5("ldrexd r4, r5, [%2]\nclrex"); break;
    case X_M2:  LOAD_R4R5("ldm %2, {r4, r5}"); break;
    case X_M4:
        __asm__ volatile("ldm %4, {r4, r5, r6, r8}"
                         : "+r"(r4), "+r"(r5), "+r"(r6), "+r"(r8) : "r"(va)
                         : "memory");
        break;
    case X_N8:  LOAD_NEON("vld1.8 {d0}, [%0]\nvst1.8 {d0}, [%1]"); return;
    case X_N16: LOAD_NEON("vld1.8 {d0-d1}, [%0]\nvst1.8 {d0-d1}, [%1]"); return;
    case X_N32: LOAD_NEON("vld1.8 {d0-d3}, [%0]\nvst1.8 {d0-d3}, [%1]"); return;
    case X_N16A:
        LOAD_NEON("vld1.64 {d0-d1}, [%0:128]\nvst1.8 {d0-d1}, [%1]");
        return;
    case X_VD:  LOAD_NEON("vldr d0, [%0]\nvst1.8 {d0}, [%1]"); return;
    default:
        return;
    }
    {
        uint32_t w[4] = { r4, r5, r6, r8 };

        for (uint32_t b = 0; b < acc_size[k]; b++) {
            out[b] = (uint8_t)(w[b / 4] >> (8 * (b % 4)));
        }
    }
}

/*
 * A store of kind @k of @in at @va.  Returns 0 if it did not happen (a
 * STREX that lost its reservation), else 1.  The integer kinds store r4
 * (r4-r5, r4-r6 and r8), the NEON and VFP ones go through d4-d7.
 */
#define STORE_R4(insn) \
    __asm__ volatile(insn : : "r"(r4), "r"(va) : "memory")
#define STORE_R4R5(insn) \
    do { \
        r5 = get_le(in + 4); \
        __asm__ volatile(insn : : "r"(r4), "r"(r5), "r"(va) : "memory"); \
    } while (0)
#define STORE_EX(insn) \
    __asm__ volatile(insn : "=&r"(old), "=&r"(st) : "r"(va), "r"(r4) \
                     : "memory")
#define STORE_NEON(insn) \
    __asm__ volatile(".fpu neon\n" insn : : "r"(va), "r"(in) : "memory")

static int store(enum acc k, uint32_t va, const uint8_t *in)
{
    register uint32_t r4 __asm__("r4") = get_le(in), r5 __asm__("r5");
    uint32_t st = 0, old;

    switch (k) {
    case X_B:   STORE_R4("strb %0, [%1]"); return 1;
    case X_H:   STORE_R4("strh %0, [%1]"); return 1;
    case X_W:   STORE_R4("str %0, [%1]"); return 1;
    case X_T:   STORE_R4("strt %0, [%1]"); return 1;
    case X_D:   STORE_R4R5("strd r4, r5, [%2]"); return 1;
    case X_M2:  STORE_R4R5("stm %2, {r4, r5}"); return 1;
    case X_M4: {
        register uint32_t r6 __asm__("r6") = get_le(in + 8);
        register uint32_t r8 __asm__("r8") = get_le(in + 12);

        r5 = get_le(in + 4);
        __asm__ volatile("stm %4, {r4, r5, r6, r8}"
                         : : "r"(r4), "r"(r5), "r"(r6), "r"(r8), "r"(va)
                         : "memory");
        return 1;
    }
    case X_EXB: STORE_EX("ldrexb %0, [%2]\nstrexb %1, %3, [%2]"); return !st;
    case X_EXH: STORE_EX("ldrexh %0, [%2]\nstrexh %1, %3, [%2]"); return !st;
    case X_EXW: STORE_EX("ldrex %0, [%2]\nstrex %1, %3, [%2]"); return !st;
    case X_EXD: {
        register uint32_t r6 __asm__("r6"), r7 __asm__("r7");

        r5 = get_le(in + 4);
        __asm__ volatile("ldrexd r6, r7, [%3]\nstrexd %2, r4, r5, [%3]"
                         : "=&r"(r6), "=&r"(r7), "=&r"(st)
                         : "r"(va), "r"(r4), "r"(r5) : "memory");
        (void)r6;
        (void)r7;
        return !st;
    }
    case X_N8:  STORE_NEON("vld1.8 {d4}, [%1]\nvst1.8 {d4}, [%0]"); return 1;
    case X_N16: STORE_NEON("vld1.8 {d4-d5}, [%1]\nvst1.8 {d4-d5}, [%0]"); return 1;
    case X_N32: STORE_NEON("vld1.8 {d4-d7}, [%1]\nvst1.8 {d4-d7}, [%0]"); return 1;
    case X_N16A:
        STORE_NEON("vld1.8 {d4-d5}, [%1]\nvst1.64 {d4-d5}, [%0:128]");
        return 1;
    case X_VD:  STORE_NEON("vld1.8 {d4}, [%1]\nvstr d4, [%0]"); return 1;
    default:
        (void)old;
        return 0;
    }
}

/* ---- the operations ------------------------------------------------------------------ */

enum {
    OP_LOAD, OP_STORE, OP_FAULT, OP_PFAULT, OP_HOLE, OP_PLD, OP_DCMAINT,
    OP_TLBMAINT, OP_REMAP_SMALL, OP_REMAP_LARGE, OP_ATTR, OP_SUPER,
    OP_ASID, OP_TTBR, OP_SCTLR, OP_MMUOFF, OP_SMC, OP_SRAMCODE, OP_MPU,
    OP_DEVREAD, OP_ROM, OP_FAR, OP_SDRCPOWER, NOPS
};
static const char *const op_names[NOPS] = {
    "load", "store", "fault", "prefetch-abort", "hole", "pld", "cache-maint",
    "tlb-maint", "remap-small", "remap-large", "attributes", "supersection",
    "asid", "ttbr", "sctlr", "mmu-off", "smc", "sram-code", "mpu-rate",
    "device-read", "rom-read", "far-read", "sdrc-power",
};
/* how often, out of their sum */
static uint16_t op_weight[NOPS] = {
    300, 260, 10, 3, 2, 40, 30, 20, 12, 4, 6, 2, 15, 8, 8, 3, 12, 3, 2, 8,
    6, 10, 2,
};
static uint32_t op_count[NOPS];
static uint32_t acc_count[NACC];
static uint32_t strex_failed;
static uint32_t dev_aborts;     /* device reads and the hole: may abort */

/* A view and an access kind that it takes (MMU off: identity views only). */
static int pick_view(void)
{
    if (!mmu_on) {
        return chance(80) ? V_ID : V_SRAM;
    }
    return (int)below(NVIEWS);
}

static enum acc pick_acc(int v, int for_store)
{
    for (;;) {
        enum acc k = (enum acc)below(NACC);

        if (!view_normal(v) && k >= X_EXB && k <= X_EXD) {
            continue;       /* exclusives on Normal memory only */
        }
        (void)for_store;
        return k;
    }
}

/* A view offset for @size bytes of kind @k: aligned as the memory type
 * requires (Device, Strongly-ordered, MMU off: to the size, up to 8). */
static uint32_t pick_voff(int v, enum acc k)
{
    uint32_t size = acc_size[k];
    uint32_t align = acc_align[k];
    uint32_t voff;

    if (!view_normal(v)) {
        align = size < 8 ? size : 8;
        if (align < acc_align[k]) {
            align = acc_align[k];
        }
    }
    if (chance(70)) {
        /* near a line, page or chunk boundary, where the interesting
         * splits are */
        uint32_t unit = chance(50) ? 64 : chance(50) ? 4096 : 65536;
        uint32_t b = (below(views[v].size / unit) + 1) * unit;

        voff = b - below(48) - (chance(50) ? size : 0);
        if (voff > views[v].size - size) {
            voff = views[v].size - size;
        }
    } else {
        voff = below(views[v].size - size + 1);
    }
    voff &= ~(align - 1);
    return voff;
}

static void expect_no_fault(uint32_t before, uint32_t va)
{
    if (fault_n != before) {
        fail("unexpected abort: va, FSR, FAR", va, fault_fsr, fault_far);
    }
}

/* A random access through a view, and the fault count before it */
struct access {
    int v;                      /* view */
    enum acc k;                 /* kind */
    uint32_t voff, va, size;    /* view offset, virtual address, bytes */
    uint32_t before;            /* fault_n before the access */
};

static struct access pick_access(int store)
{
    struct access a;

    a.v = pick_view();
    a.k = pick_acc(a.v, store);
    a.voff = pick_voff(a.v, a.k);
    a.va = views[a.v].base + a.voff;
    a.size = acc_size[a.k];
    a.before = fault_n;
    acc_count[a.k]++;
    return a;
}

static void do_load(void)
{
    struct access a = pick_access(0);
    uint8_t got[32] __attribute__((aligned(8)));

    load(a.k, a.va, got);
    expect_no_fault(a.before, a.va);
    for (uint32_t i = 0; i < a.size; i++) {
        if (got[i] != *shadow(a.v, a.voff + i)) {
            put("memfuzz: load ");
            put(acc_names[a.k]);
            put(" through view ");
            put(view_names[a.v]);
            put(" (");
            put(attrs[views[a.v].attr].name);
            put(")\n");
            fail("load differs: va, byte, expected",
                 a.va + i, got[i], *shadow(a.v, a.voff + i));
        }
    }
    hash_bytes(got, a.size);
}

static void do_store(void)
{
    struct access a = pick_access(1);
    uint8_t in[32] __attribute__((aligned(8)));

    for (uint32_t i = 0; i < a.size; i += 4) {
        put_le(in + i, rnd());
    }
    if (!store(a.k, a.va, in)) {
        strex_failed++;
        expect_no_fault(a.before, a.va);
        return;
    }
    expect_no_fault(a.before, a.va);
    for (uint32_t i = 0; i < a.size; i++) {
        *shadow(a.v, a.voff + i) = in[i];
    }
}

/* A load, store or LDM to a translation fault: the abort, DFAR, DFSR. */
static void do_fault(void)
{
    int sect = chance(50);
    uint32_t va = (sect ? VA_FAULT_SECT : VA_FAULT_PAGE) + (below(0x100000) & ~3u);
    uint32_t before = fault_n, how = below(3), fs;
    uint8_t buf[16] __attribute__((aligned(8)));

    put_le(buf, 0);
    if (how == 0) {
        load(X_W, va, buf);
    } else if (how == 1) {
        store(X_W, va, buf);
    } else {
        load(X_M4, va, buf);
    }
    if (fault_n != before + 1 || fault_kind != 4) {
        fail("no data abort at a translation fault: va, faults, kind", va,
             fault_n - before, fault_kind);
    }
    fs = (fault_fsr & 0xf) | ((fault_fsr >> 6) & 0x10);
    if (fault_far != va || fs != (sect ? 5u : 7u) ||
        !!(fault_fsr & (1u << 11)) != (how == 1)) {
        fail("wrong abort: va, DFAR, DFSR", va, fault_far, fault_fsr);
    }
}

/*
 * Branch (blx, so bit 0 picks Thumb) to @va with r0 = 0; the code there
 * returns its r0 with "bx lr", or faults and the handlers resume at the
 * address stored in mf_recover, the instruction after the blx.
 */
static uint32_t run_code(uint32_t va)
{
    register uint32_t r0 __asm__("r0") = 0;
    register uint32_t r2 __asm__("r2") = va;
    register uint32_t r3 __asm__("r3") = (uint32_t)&mf_recover;

    __asm__ volatile("adr r1, 1f\n"
                     "str r1, [r3]\n"
                     "blx r2\n"
                     "1:\n"
                     : "+r"(r0) : "r"(r2), "r"(r3)
                     : "r1", "r12", "lr", "memory", "cc");
    return r0;
}

/* A branch to a translation fault: a prefetch abort, back at mf_recover. */
static void do_pfault(void)
{
    uint32_t va = (chance(50) ? VA_FAULT_SECT : VA_FAULT_PAGE) +
                  (below(0x100000) & ~3u) + (chance(30) ? 1 : 0);
    uint32_t before = fault_n, fs;

    run_code(va);
    fs = (fault_fsr & 0xf) | ((fault_fsr >> 6) & 0x10);
    if (fault_n != before + 1 || fault_kind != 3 || fault_far != (va & ~1u) ||
        (fs != 5 && fs != 7)) {
        fail("wrong prefetch abort: va, IFAR, IFSR", va, fault_far, fault_fsr);
    }
}

/* A load from a physical hole: an external abort or a value, not a crash */
static void do_hole(void)
{
    uint32_t va = PA_HOLE + (below(0x100000) & ~3u), before = fault_n;
    uint8_t buf[4] __attribute__((aligned(4)));

    load(X_W, va, buf);
    dev_aborts += fault_n - before;
}

static uint32_t any_address(void)
{
    switch (below(9)) {
    case 0: case 1: case 2: {
        int v = (int)below(NVIEWS);

        return views[v].base + below(views[v].size);
    }
    case 3:
        return VA_FAULT_PAGE + below(0x200000);
    case 4:
        return 0x48000000u + below(0x400000);
    case 5:
        return ROM_BASE + below(ROM_SIZE);
    case 6:
        return 0x80000000u + below(0x40000000u);
    case 7:
        return PA_HOLE + below(0x100000);
    default:
        return rnd();
    }
}

static void do_pld(void)
{
    uint32_t n = 1 + below(8), stride = chance(50) ? 64 : below(4096);
    uint32_t va = any_address(), before = fault_n;

    for (uint32_t i = 0; i < n; i++, va += stride) {
        if (chance(85)) {
            __asm__ volatile("pld [%0]" : : "r"(va) : "memory");
        } else {
            __asm__ volatile("pli [%0]" : : "r"(va) : "memory");
        }
    }
    expect_no_fault(before, va);
}

/* Cache maintenance of mapped addresses (hardware-valid: an invalidate
 * only after a clean of the same line) and by set/way. */
static void do_dcmaint(void)
{
    int v = mmu_on ? (int)below(NVIEWS) : V_ID;
    uint32_t va = views[v].base + below(views[v].size);
    uint32_t n = 1 + below(4), before = fault_n;

    for (uint32_t i = 0; i < n; i++, va += 64) {
        if (va >= views[v].base + views[v].size) {
            break;
        }
        switch (below(9)) {
        case 0: MCR15(7, 10, 1, va); break;            /* DCCMVAC */
        case 1: MCR15(7, 14, 1, va); break;            /* DCCIMVAC */
        case 2: MCR15(7, 11, 1, va); break;            /* DCCMVAU */
        case 3:                                         /* clean, invalidate */
            MCR15(7, 10, 1, va);
            dsb();
            MCR15(7, 6, 1, va);                         /* DCIMVAC */
            break;
        case 4: MCR15(7, 5, 1, va); break;              /* ICIMVAU */
        case 5: MCR15(7, 5, 0, 0); break;               /* ICIALLU */
        case 6: MCR15(7, 5, 6, 0); MCR15(7, 5, 7, va); break; /* BPIALL, BPIMVA */
        case 7: {                                       /* DCCSW, DCCISW */
            uint32_t sw = below(4) << 30 | below(128) << 6 | below(2) << 1;

            if (chance(50)) {
                MCR15(7, 10, 2, sw);
            } else {
                MCR15(7, 14, 2, sw);
            }
            break;
        }
        default:
            dsb();
            isb();
            __asm__ volatile("dmb" : : : "memory");
            break;
        }
    }
    dsb();
    expect_no_fault(before, va);
}

static void do_tlbmaint(void)
{
    uint32_t va = any_address() & ~0xfffu;
    uint32_t a = asids[below(NASIDS)];

    switch (below(9)) {
    case 0: MCR15(8, 7, 0, 0); break;           /* TLBIALL */
    case 1: MCR15(8, 7, 1, va | a); break;      /* TLBIMVA */
    case 2: MCR15(8, 7, 2, a); break;           /* TLBIASID */
    case 3: MCR15(8, 5, 0, 0); break;           /* ITLBIALL */
    case 4: MCR15(8, 5, 1, va | a); break;      /* ITLBIMVA */
    case 5: MCR15(8, 5, 2, a); break;           /* ITLBIASID */
    case 6: MCR15(8, 6, 0, 0); break;           /* DTLBIALL */
    case 7: MCR15(8, 6, 1, va | a); break;      /* DTLBIMVA */
    default: MCR15(8, 6, 2, a); break;          /* DTLBIASID */
    }
    dsb();
    isb();
}

/* Two small pages (or large pages) of their view trade places. */
static void do_remap_small(void)
{
    uint32_t i = below(64), j = below(64);

    swap_chunks(perm_small, inv_small, i, j);
    l2_write(L2_SMALL, VA_SMALL + (i << 12),
             small_desc(ARENA_PA + ((uint32_t)perm_small[i] << 12),
                        views[V_SMALL].attr, views[V_SMALL].ng));
    l2_write(L2_SMALL, VA_SMALL + (j << 12),
             small_desc(ARENA_PA + ((uint32_t)perm_small[j] << 12),
                        views[V_SMALL].attr, views[V_SMALL].ng));
    dsb();
    if (chance(50)) {
        tlb_after(VA_SMALL + (i << 12), 0x1000);
        tlb_after(VA_SMALL + (j << 12), 0x1000);
    } else {
        tlb_after(VA_SMALL, ARENA_SIZE);
    }
}

static void do_remap_large(void)
{
    uint32_t i = below(4), j = below(4);    /* in this order */

    swap_chunks(perm_large, inv_large, i, j);
    view_map(V_LARGE);
    tlb_after(VA_LARGE, ARENA_SIZE);
}

/* New attributes and nG for one view (mostly Normal) */
static void do_attr(void)
{
    int v = V_SECT + (int)below(4);

    views[v].attr = chance(75) ? below(4) : below(NATTRS);
    views[v].ng = chance(50);
    view_map(v);
    tlb_after(views[v].base, views[v].size);
}

static void do_super(void)
{
    super_as_sections = !super_as_sections;
    view_map(V_SUPER);
    tlb_after(VA_SUPER, 16u << 20);
}

static void do_asid(void)
{
    asid = asids[below(NASIDS)];
    MCR15(13, 0, 1, below(256) << 8 | asid);    /* PROCID, ASID */
    isb();
}

/* TTBR0 and TTBR1 on one of three identical tables (two in SDRAM, one in
 * the SRAM); TTBCR.N 0-3; walks inner cacheable or not. */
static uint32_t pick_ttb(void)
{
    uint32_t r = below(10);

    return r < 4 ? TTB_A : r < 8 ? TTB_B : TTB_C;
}

static void do_ttbr(void)
{
    uint32_t t0 = pick_ttb(), t1 = pick_ttb();

    dsb();
    MCR15(2, 0, 2, below(4));
    MCR15(2, 0, 0, t0 | (chance(70) ? 1u : 0) | below(4) << 3);
    MCR15(2, 0, 1, t1 | (chance(70) ? 1u : 0) | below(4) << 3);
    isb();
}

static void do_sctlr(void)
{
    uint32_t s = sctlr_get();

    switch (below(3)) {
    case 0: s ^= SCTLR_C; break;
    case 1: s ^= SCTLR_I; break;
    default: s ^= SCTLR_Z; break;
    }
    if (chance(50)) {
        s |= SCTLR_C | SCTLR_I;     /* mostly on */
    }
    sctlr_set(s);
}

static void do_mmuoff(void)
{
    uint32_t s = sctlr_get(), n = 1 + below(40);

    sctlr_set(s & ~SCTLR_M);
    mmu_on = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (chance(50)) {
            do_load();
        } else {
            do_store();
        }
    }
    if (chance(30)) {
        do_tlbmaint();
    }
    sctlr_set(s);
    mmu_on = 1;
}

/*
 * Generated code: @n "add r0, r0, #1" (Thumb: "adds r0, #1") with PLD and
 * PLI of every encoding between them (immediate up and down, register
 * with a shift, PC-relative: patch 0008 decodes each to find the address;
 * r1 and r2 hold addresses in run_code), then "bx lr".  Into code_buf as
 * halfwords; returns its length in bytes.
 */
static uint16_t code_buf[4096];

static uint32_t gen_code(uint32_t n, int thumb)
{
    uint32_t k = 0, rn, rm;

    for (uint32_t i = 0; i <= n; i++) {
        if (i < n && chance(15)) {
            rn = 1 + below(2);
            rm = 3 - rn;
            if (thumb) {
                uint16_t hw1, hw2;

                switch (below(5)) {
                case 0: hw1 = 0xf890 | rn; hw2 = 0xf000 | below(4096); break;
                case 1: hw1 = 0xf810 | rn; hw2 = 0xfc00 | below(256); break;
                case 2: hw1 = 0xf81f | (chance(50) ? 0x80 : 0);
                        hw2 = 0xf000 | below(4096); break;
                case 3: hw1 = 0xf810 | rn;
                        hw2 = 0xf000 | below(4) << 4 | rm; break;
                default: hw1 = 0xf990 | rn; hw2 = 0xf000 | below(4096); break;
                }
                code_buf[k++] = hw1;
                code_buf[k++] = hw2;
            } else {
                uint32_t w, u = chance(50) ? 1u << 23 : 0;

                switch (below(4)) {
                case 0: w = 0xf550f000u | u | rn << 16 | below(4096); break;
                case 1: w = 0xf55ff000u | u | below(4096); break;    /* literal */
                case 2: w = 0xf750f000u | u | rn << 16 | below(32) << 7 |
                            below(4) << 5 | rm; break;
                default: w = 0xf450f000u | u | rn << 16 | below(4096); break;
                }
                code_buf[k++] = (uint16_t)w;
                code_buf[k++] = (uint16_t)(w >> 16);
            }
        }
        if (thumb) {
            code_buf[k++] = i < n ? 0x3001u : 0x4770u;
        } else {
            uint32_t w = i < n ? 0xe2800001u : 0xe12fff1eu;

            code_buf[k++] = (uint16_t)w;
            code_buf[k++] = (uint16_t)(w >> 16);
        }
    }
    return 2 * k;
}

/* code_buf's @len bytes written through view @wv where view @xv sees
 * @xvoff, cleaned to the point of unification, the I-cache invalidated */
static void write_code(int wv, int xv, uint32_t xvoff, uint32_t len,
                       int thumb)
{
    for (uint32_t i = 0; i < len; i += thumb ? 2 : 4) {
        uint32_t off = view_off(xv, xvoff + i);
        uint32_t wva = views[wv].base + view_voff(wv, off);
        uint8_t in[4] __attribute__((aligned(4))) = { 0, 0, 0, 0 };
        uint32_t nb = thumb ? 2 : 4;

        in[0] = (uint8_t)code_buf[i / 2];
        in[1] = (uint8_t)(code_buf[i / 2] >> 8);
        if (!thumb) {
            in[2] = (uint8_t)code_buf[i / 2 + 1];
            in[3] = (uint8_t)(code_buf[i / 2 + 1] >> 8);
        }
        store(thumb ? X_H : X_W, wva, in);
        for (uint32_t b = 0; b < nb; b++) {
            shadow(wv, view_voff(wv, off) + b)[0] = in[b];
        }
        /* clean to the point of unification, through the writing view */
        MCR15(7, 11, 1, wva);
    }
    dsb();
    if (chance(50)) {
        MCR15(7, 5, 0, 0);                          /* ICIALLU */
    } else {
        for (uint32_t i = 0; i < len; i += 32) {
            MCR15(7, 5, 1, views[xv].base + xvoff + i);     /* ICIMVAU */
        }
        MCR15(7, 5, 1, views[xv].base + xvoff + len - 1);
    }
    MCR15(7, 5, 6, 0);                              /* BPIALL */
    dsb();
    isb();
}

static void do_smc(void)
{
    int wv, xv, thumb = chance(40);
    uint32_t n = 1 + below(chance(20) ? 400 : 40), before = fault_n;
    uint32_t len = gen_code(n, thumb), xvoff, got;

    /* both through Normal views (code in Device memory: not done) */
    do {
        wv = (int)below(V_SMALL + 1);
    } while (!view_normal(wv));
    do {
        xv = (int)below(V_SMALL + 1);
    } while (!view_normal(xv));
    xvoff = below(ARENA_SIZE - len) & ~3u;
    write_code(wv, xv, xvoff, len, thumb);
    got = run_code(views[xv].base + xvoff + (thumb ? 1 : 0));
    if (fault_n != before || got != n) {
        fail("self-modified code: va, result, faults",
             views[xv].base + xvoff, got, fault_n - before);
    }
}

/* The same through the identity-mapped SRAM window (outside SDRAM) */
static void do_sramcode(void)
{
    int thumb = chance(30);
    uint32_t n = 1 + below(200), before = fault_n, xvoff, got;
    uint32_t len = gen_code(n, thumb);

    xvoff = below(SRAM_WIN_SIZE - len) & ~3u;
    write_code(V_SRAM, V_SRAM, xvoff, len, thumb);
    got = run_code(SRAM_WIN + xvoff + (thumb ? 1 : 0));
    if (fault_n != before || got != n) {
        fail("code in SRAM: va, result, faults", SRAM_WIN + xvoff, got,
             fault_n - before);
    }
}

static void do_mpu(void)
{
    static const uint8_t m2s[] = { 1, 1, 2, 4 };
    volatile uint32_t *clksel2 = (volatile uint32_t *)CM_CLKSEL2_PLL_MPU;
    /* mostly the OPPs' dividers; now and then any M2 (0: what the PRCM
     * makes of it; 31: 32 MHz) */
    uint32_t m2 = chance(90) ? m2s[below(sizeof(m2s))] : below(32);

    *clksel2 = (*clksel2 & ~0x1fu) | m2;
    dsb();
}

/* SDRC_POWER: Linux's 0x9, the HS ROM's 0x129, the reset 0x81, or any
 * page policy, power-down and AUTOCOUNT/CLKCTRL combination: the SDRC
 * model powers down or self-refreshes between the accesses that follow */
static void do_sdrcpower(void)
{
    static const uint32_t vals[] = { 0x9, 0x129, 0x81 };
    uint32_t v = chance(50) ? vals[below(3)]
                            : (rnd() & 0xff00ffu) | (chance(50) ? 0x8 : 0);

    *(volatile uint32_t *)SDRC_POWER = v & 0x00ffffffu;
    dsb();
}

/* Reads of device registers (their values are not checked: the 32k
 * counter moves; an abort is counted, not a failure) */
static void do_devread(void)
{
    static const uint32_t regs[] = {
        0x48320010u,        /* 32k counter */
        0x6d000000u,        /* SDRC_REVISION */
        0x6d000070u,        /* SDRC_POWER */
        0x48004944u,        /* CM_CLKSEL2_PLL_MPU */
        0x48004d20u,        /* CM_IDLEST_CKGEN */
        0x48306d40u,        /* PRM_CLKSEL */
        0x48200000u,        /* INTC_REVISION */
        0x48004a00u,        /* CM_FCLKEN1_CORE */
    };
    uint32_t n = 1 + below(4);
    uint8_t buf[8] __attribute__((aligned(8)));

    for (uint32_t i = 0; i < n; i++) {
        uint32_t r = regs[below(sizeof(regs) / sizeof(regs[0]))];
        uint32_t before = fault_n;

        load(X_W, r, buf);
        dev_aborts += fault_n - before;
    }
}

static void do_rom(void)
{
    uint32_t va = ROM_BASE + (below(ROM_SIZE - 8) & ~3u), before = fault_n;
    uint8_t a[8] __attribute__((aligned(8))), b[8] __attribute__((aligned(8)));
    enum acc k = chance(50) ? X_W : chance(50) ? X_D : X_N8;

    load(k, va, a);
    if (chance(50)) {
        __asm__ volatile("pld [%0, #64]" : : "r"(va) : "memory");
    }
    load(k, va, b);
    expect_no_fault(before, va);
    for (uint32_t i = 0; i < acc_size[k]; i++) {
        if (a[i] != b[i]) {
            fail("the boot ROM read two values: va, first, second",
                 va + i, a[i], b[i]);
        }
    }
    hash_bytes(a, acc_size[k]);
}

/* Loads anywhere in the 1 GB of SDRAM (identity): rows and banks */
static void do_far(void)
{
    uint32_t n = 1 + below(16), before = fault_n;
    uint32_t va = 0x80000000u + (below(0x40000000u) & ~63u);
    uint32_t stride = chance(50) ? 0x400u << below(16) : 64;
    uint8_t buf[8] __attribute__((aligned(8)));

    for (uint32_t i = 0; i < n; i++) {
        uint32_t a = 0x80000000u | ((va + i * stride) & 0x3ffffffcu);

        load(chance(80) ? X_W : X_N8, a, buf);
        hash_bytes(buf, 4);
    }
    expect_no_fault(before, va);
}

/* ---- set-up, run, final check -------------------------------------------------------- */

static uint32_t opt_seed = 1, opt_ops = 20000, opt_corrupt, opt_disable;
static uint32_t opt_mark;

#define MARK_PORT       0x40020100u     /* rm696: the counters, marked N */

/* A mark in the stats file (its counters now): where two runs part */
static void mark(uint32_t n)
{
    if (opt_mark) {
        *(volatile uint32_t *)MARK_PORT = n;
    }
}

/* "-s SEED -n OPS [-d MASK] [-m K] [-x]" from -append (QEMU passes
 * "<kernel> <append>"); -d: operations not to draw, bit n for
 * op_names[n]; -m: a stats mark every K operations */
static void parse_cmdline(void)
{
    static char buf[256];
    char *p = buf, *tok, opt = 0;

    bare_cmdline(buf, sizeof(buf));
    while ((tok = bare_token(&p))) {
        if (opt) {
            uint32_t v = bare_u32(tok);

            if (opt == 's') {
                opt_seed = v;
            } else if (opt == 'd') {
                opt_disable = v;
            } else if (opt == 'm') {
                opt_mark = v;
            } else if (v) {
                opt_ops = v;
            }
            opt = 0;
        } else if (tok[0] == '-' && (tok[1] == 's' || tok[1] == 'n' ||
                                     tok[1] == 'd' || tok[1] == 'm') &&
                   !tok[2]) {
            opt = tok[1];
        } else if (tok[0] == '-' && tok[1] == 'x' && !tok[2]) {
            opt_corrupt = 1;
        }
    }
}

static void final_check(void)
{
    uint8_t got[4] __attribute__((aligned(4)));

    op_name = "final check";
    for (int v = 0; v < NVIEWS; v++) {
        /* every view while MMU is on; with it off only the identity ones */
        for (uint32_t voff = 0; voff < views[v].size; voff += 4) {
            uint32_t before = fault_n;

            load(X_W, views[v].base + voff, got);
            expect_no_fault(before, views[v].base + voff);
            for (uint32_t i = 0; i < 4; i++) {
                if (got[i] != *shadow(v, voff + i)) {
                    put("memfuzz: final check through view ");
                    put(view_names[v]);
                    put("\n");
                    fail("differs: va, byte, expected", views[v].base + voff + i,
                         got[i], *shadow(v, voff + i));
                }
            }
        }
    }
}

int main(void)
{
    uint32_t total = 0, c0, i;
    uint32_t v;

    parse_cmdline();
    /* splitmix64 of the seed: nearby seeds start far apart */
    rng = (uint64_t)opt_seed * 0x9e3779b97f4a7c15ull + 0x632be59bd9b4e019ull;
    rng = (rng ^ (rng >> 30)) * 0xbf58476d1ce4e5b9ull;
    rng = (rng ^ (rng >> 27)) * 0x94d049bb133111ebull;
    rng ^= rng >> 31;
    if (!rng) {
        rng = 1;
    }
    for (i = 0; i < NOPS; i++) {
        if (opt_disable & (1u << i)) {
            op_weight[i] = 0;
        }
        total += op_weight[i];
    }
    if (!total) {
        put("memfuzz: FAIL -d disables every operation\n");
        return 1;
    }

    /* our vectors; NEON and VFP on (CPACR cp10, cp11; FPEXC.EN) */
    MCR15(12, 0, 0, (uint32_t)mf_vectors);
    MRC15(1, 0, 2, v);
    MCR15(1, 0, 2, v | 0xf00000u);
    isb();
    __asm__ volatile(".fpu neon\nvmsr fpexc, %0" : : "r"(0x40000000u));
    bare_ccnt_enable();
    /* WDT2 runs from reset and would reset the chip in a long run */
    *(volatile uint32_t *)WDT2_WSPR = 0xaaaa;
    while (*(volatile uint32_t *)WDT2_WWPS & 0x10) {
    }
    *(volatile uint32_t *)WDT2_WSPR = 0x5555;

    put("memfuzz-bare seed ");
    put_u(opt_seed);
    put(" ops ");
    put_u(opt_ops);
    put("\n");
    tables_init();
    mark(1);
    mmu_enable();
    /* the arena and the SRAM window from the seed, and their shadow */
    for (i = 0; i < ARENA_SIZE + SRAM_WIN_SIZE; i += 4) {
        uint32_t x = rnd();
        uint32_t dst = i < ARENA_SIZE ? ARENA_PA + i : SRAM_WIN + i - ARENA_SIZE;

        *(volatile uint32_t *)dst = x;
        *(volatile uint32_t *)(SHADOW_PA + i) = x;
    }
    if (opt_corrupt) {
        ((volatile uint8_t *)SHADOW_PA)[below(ARENA_SIZE)] ^= 0x5a;
    }

    mark(2);
    c0 = ccnt();
    for (op_no = 0; op_no < opt_ops; op_no++) {
        uint32_t r = below(total), op = 0;

        if (opt_mark && op_no % opt_mark == 0) {
            mark(op_no + 3);
        }
        while (r >= op_weight[op]) {
            r -= op_weight[op];
            op++;
        }
        op_name = op_names[op];
        op_count[op]++;
        switch (op) {
        case OP_LOAD: do_load(); break;
        case OP_STORE: do_store(); break;
        case OP_FAULT: do_fault(); break;
        case OP_PFAULT: do_pfault(); break;
        case OP_HOLE: do_hole(); break;
        case OP_PLD: do_pld(); break;
        case OP_DCMAINT: do_dcmaint(); break;
        case OP_TLBMAINT: do_tlbmaint(); break;
        case OP_REMAP_SMALL: do_remap_small(); break;
        case OP_REMAP_LARGE: do_remap_large(); break;
        case OP_ATTR: do_attr(); break;
        case OP_SUPER: do_super(); break;
        case OP_ASID: do_asid(); break;
        case OP_TTBR: do_ttbr(); break;
        case OP_SCTLR: do_sctlr(); break;
        case OP_MMUOFF: do_mmuoff(); break;
        case OP_SMC: do_smc(); break;
        case OP_SRAMCODE: do_sramcode(); break;
        case OP_MPU: do_mpu(); break;
        case OP_DEVREAD: do_devread(); break;
        case OP_ROM: do_rom(); break;
        case OP_FAR: do_far(); break;
        default: do_sdrcpower(); break;
        }
        if (unexpected_n) {
            fail("unexpected exception: kind, pc, count", fault_kind,
                 fault_pc, unexpected_n);
        }
    }
    c0 = ccnt() - c0;
    mark(0xfffffffeu);
    final_check();

    put("memfuzz: ops");
    for (i = 0; i < NOPS; i++) {
        put_kv(op_names[i], op_count[i]);
    }
    put("\nmemfuzz: accesses");
    for (i = 0; i < NACC; i++) {
        put_kv(acc_names[i], acc_count[i]);
    }
    put_kv("strex-failed", strex_failed);
    put_kv("aborts", fault_n);
    put_kv("device-aborts", dev_aborts);
    put("\nmemfuzz: hash ");
    put_hex(hash);
    put(" cycles ");
    put_u(c0);
    put("\nmemfuzz: ok\n");
    return 0;
}
