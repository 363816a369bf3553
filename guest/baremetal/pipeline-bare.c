/*
 * pipeline-bare: the Cortex-A8's issue timing in the model (-M
 * rm696,pipeline=on), without an OS.
 *   qemu-system-arm -M rm696,pipeline=on -kernel pipeline-bare.elf \
 *       -semihosting-config enable=on,target=native \
 *       -icount shift=0,sleep=off
 * Each sequence below is straight-line code on registers only (no data
 * access, so no cache or SDRAM cost, but the barriers' stores and the
 * io_* sequences' device read), between two reads of PMCCNTR; it
 * runs four times and the least of the last three is reported (its code
 * lines are then in the L1 I).  It prints one line per sequence:
 *   NAME CYCLES
 * CYCLES is PMCCNTR's difference less that of two back-to-back reads, so
 * the sequence's own cycles.  The cycles the TRM's rules give each one
 * are in tests/guest/test_pipeline.py, with the rule; with pipeline=off
 * every instruction takes one cycle.
 * With -append "spin N" it runs N rounds of a multiply chain cut into
 * blocks by branches instead, and prints "spin CYCLES" (the snapshot
 * test); "vspin N" the same with a VADD.F64 a round, no VMRS, so that
 * the VFP and its full queue are busy at every block's end; "pspin N"
 * N rounds with a pair across a block's end in each.  With
 * -append "m2 N ..." it first sets the MPU's divider M2 to N
 * (CM_CLKSEL2_PLL_MPU: 1 GHz / N) and runs the sequences (or the spin)
 * at that rate: PMCCNTR counts MPU cycles, so the figures are the same
 * at any rate.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdint.h>

#include "bare.h"

#define CM_CLKSEL2_PLL_MPU  0x48004944u     /* M2 [4:0] */

void bare_fault(uint32_t what, uint32_t addr)
{
    put("pipeline-bare: fault ");
    put_u(what);
    put(" at ");
    put_u(addr);
    put("\n");
    bare_exit(1);
}

/* PMCCNTR before and after BODY (A32 or Thumb text, as ISA), once: a function of its own
 * (noinline), so both runs execute the same code (a loop of two runs
 * inside it would be unrolled by the compiler into two copies, the second
 * with its code lines cold).  Aligned to 256 bytes, and shorter, so no
 * sequence crosses a 4 KB page: QEMU's translator ends a block there
 * (pagecut_time below crosses one on purpose). */
#define TIMED_ISA(name, isa, body)                                      \
static __attribute__((noinline, aligned(256), target(isa)))             \
uint32_t name(void)                                                     \
{                                                                       \
    uint32_t t0, t1;                                                    \
                                                                        \
    __asm__ volatile(                                                   \
        "mrc p15, 0, %0, c9, c13, 0\n"                                  \
        body                                                            \
        "mrc p15, 0, %1, c9, c13, 0\n"                                  \
        : "=&r"(t0), "=&r"(t1) : :                                      \
        "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "lr", "cc");    \
    return t1 - t0;                                                     \
}
#define TIMED(name, body)       TIMED_ISA(name, "arm", body)

/*
 * The least of three runs after a first, which brings the code into the
 * L1 I.  On registers alone the three are the same; a store's drain to
 * the SDRAM (the barriers' sequences) can meet a refresh in one of them,
 * which would time the refresh rather than the barrier.
 */
static uint32_t best_run(uint32_t (*seq)(void))
{
    uint32_t best = UINT32_MAX;

    seq();
    for (int k = 0; k < 3; k++) {
        uint32_t c = seq();

        best = c < best ? c : best;
    }
    return best;
}

/* nothing: the two reads themselves */
TIMED(seq_empty, "")
/* 32 independent pairs of ALU instructions: add r0; add r1 */
TIMED(seq_alu_pairs,
      ".rept 16\n add r0, r0, #1\n add r1, r1, #1\n .endr\n")
/* 32 ALU instructions, each using the one before's result */
TIMED(seq_alu_chain,
      ".rept 32\n add r0, r0, #1\n .endr\n")
/* 8 multiplies, each a multiplicand of the next */
TIMED(seq_mul_chain,
      "mov r1, #3\n .rept 8\n mul r0, r0, r1\n .endr\n")
/* 8 independent multiplies */
TIMED(seq_mul_indep,
      "mov r6, #3\n mov r7, #5\n"
      ".rept 2\n mul r0, r6, r7\n mul r1, r6, r7\n"
      " mul r2, r6, r7\n mul r3, r6, r7\n .endr\n")
/* 8 multiplies, each followed by an independent ALU instruction */
TIMED(seq_mul_alu,
      "mov r6, #3\n mov r7, #5\n"
      ".rept 4\n mul r0, r6, r7\n add r4, r4, #1\n"
      " mul r1, r6, r7\n add r5, r5, #1\n .endr\n")
/* The same in Thumb (a Thumb function: the translator tells the machine
 * T16/T32 encodings): 16 pairs of 16-bit ADDS, and the multiply chain
 * with 16-bit MULS */
#define TIMED_THUMB(name, body) TIMED_ISA(name, "thumb", body)
TIMED_THUMB(seq_t_alu_pairs,
            ".rept 16\n adds r0, r0, #1\n adds r1, r1, #1\n .endr\n")
TIMED_THUMB(seq_t_mul_chain,
            "movs r1, #3\n .rept 8\n muls r0, r1, r0\n .endr\n")
TIMED_THUMB(seq_t_empty, "")
/* 8 IT blocks of four: two conditional moves, each with an ADD of what
 * it moved (ITTTT EQ; MOVEQ r0, r2; ADDEQ r1, r0, #1; MOVEQ r3, r2;
 * ADDEQ r4, r3, #1) */
TIMED_THUMB(seq_t_it_mov_use,
            ".rept 8\n itttt eq\n moveq r0, r2\n addeq r1, r0, #1\n"
            " moveq r3, r2\n addeq r4, r3, #1\n .endr\n")

/* 4 multiplies, each a multiplicand of the next, each followed by a
 * branch to the next instruction: each a block of its own in QEMU, so the
 * product is in flight across the blocks' ends */
TIMED(seq_mul_chain_br,
      "mov r1, #3\n .rept 4\n mul r0, r0, r1\n b 1f\n 1:\n .endr\n")
/* 8 rounds of ADD r0; ADD r1; B; ADD r2; ADD r3; B, each B to the next
 * instruction: a block ends at each, and the first ADD after a B alone in
 * its cycle pairs with it (TRM Example 16-6, across the blocks' end) */
TIMED(seq_br_target,
      ".rept 8\n add r0, r0, #1\n add r1, r1, #1\n b 1f\n 1:\n"
      " add r2, r2, #1\n add r3, r3, #1\n b 2f\n 2:\n .endr\n")
/* an ISB: QEMU ends its block there too */
TIMED(seq_isb, "isb\n")
/* the ARMv6 form of it, as Linux built for v6 and v7 issues it */
TIMED(seq_cp15isb, "mcr p15, 0, r0, c7, c5, 4\n")
/*
 * cp15 writes: each register is read and written back unchanged (the MMU
 * is off, but the model's TLB keeps its ASID), the MRC a cycle alone.
 * After a write that changes the context the core flushes its pipeline
 * (TRM 5.6.1); TPIDRURO's does not (TRM 3.2.73).
 */
TIMED(seq_cp15_ctxidr, "mrc p15, 0, r0, c13, c0, 1\n mcr p15, 0, r0, c13, c0, 1\n")
TIMED(seq_cp15_ttbr0, "mrc p15, 0, r0, c2, c0, 0\n mcr p15, 0, r0, c2, c0, 0\n")
TIMED(seq_cp15_dacr, "mrc p15, 0, r0, c3, c0, 0\n mcr p15, 0, r0, c3, c0, 0\n")
TIMED(seq_cp15_tlbimva, "mov r0, #0\n mcr p15, 0, r0, c8, c7, 1\n")
TIMED(seq_cp15_tpidruro,
      "mrc p15, 0, r0, c13, c0, 3\n mcr p15, 0, r0, c13, c0, 3\n")
/* a conditional one flushes only when it runs (Linux's alignment_trap:
 * MCRNE to SCTLR at every kernel entry) */
TIMED(seq_cp15_cond_run, "mrc p15, 0, r0, c13, c0, 1\n cmp r0, r0\n"
      " mcreq p15, 0, r0, c13, c0, 1\n")
TIMED(seq_cp15_cond_skip, "mrc p15, 0, r0, c13, c0, 1\n cmp r0, r0\n"
      " mcrne p15, 0, r0, c13, c0, 1\n")
TIMED_THUMB(seq_t_cp15_ctxidr,
            "mrc p15, 0, r0, c13, c0, 1\n mcr p15, 0, r0, c13, c0, 1\n")
/*
 * Data barriers: a DSB waits until the write buffer has drained (the
 * stores before it have reached the memory; with the MMU off every store
 * is posted to the SDRAM).  Each starts with a DSB, so that what the
 * function's entry pushed is gone.
 */
TIMED(seq_dsb_1, "dsb\n")
TIMED(seq_dsb_2, "dsb\n dsb\n")
TIMED(seq_str_nop, "dsb\n str r0, [sp, #-64]\n nop\n")
TIMED(seq_str_dsb, "dsb\n str r0, [sp, #-64]\n dsb\n")
TIMED(seq_str_dmb, "dsb\n str r0, [sp, #-64]\n dmb\n")
/* 8 moves, each followed by an ALU instruction using what it moved */
TIMED(seq_mov_use,
      ".rept 8\n mov r0, r2\n add r1, r0, #1\n .endr\n")

/*
 * An I/O access in the middle of a block: a read of the 32 kHz counter
 * (0x48320010, the wakeup L4: timing/phone.ini's range, or what timing-set
 * fixes) after a multiply, then an ADD of the product (io_mul_use), of
 * another register (io_mul_indep) or of the value read (io_ld_use).  QEMU
 * runs the read again alone after unwinding the block; the core waits for
 * it, and the product is ready by its end (core patch 0020): io_mul_use
 * costs what io_mul_indep does, cut there or one instruction per TB.
 */
#define IO_SEQ(use)                                                     \
    "movw r4, #0x0010\n movt r4, #0x4832\n"                             \
    "mul r0, r1, r2\n ldr r3, [r4]\n " use "\n"
TIMED(seq_io_mul_use, IO_SEQ("add r5, r0, #1"))
TIMED(seq_io_mul_indep, IO_SEQ("add r5, r6, #1"))
TIMED(seq_io_ld_use, IO_SEQ("add r5, r3, #1"))

/*
 * Branches (TRM chapter 5, "Program Flow Prediction"): a loop of N rounds
 * of SUBS and BNE back to it, each round a block of its own; run three
 * times and the third reported, so the predictor has learnt the loop and
 * only its exit is predicted wrong.  With SCTLR.Z clear (prediction off)
 * every taken BNE flushes the pipeline.
 */
static uint32_t third_loop(uint32_t n)
{
    bare_loop_cycles(n);
    bare_loop_cycles(n);
    return bare_loop_cycles(n);
}

/* SCTLR.Z: program flow prediction on or off */
static void flow_prediction(int on)
{
    uint32_t sctlr;

    __asm__ volatile("mrc p15, 0, %0, c1, c0, 0" : "=r"(sctlr));
    sctlr = on ? sctlr | (1u << 11) : sctlr & ~(1u << 11);
    __asm__ volatile("mcr p15, 0, %0, c1, c0, 0\n isb" : : "r"(sctlr));
}

/*
 * A chain of calls: chain_k keeps its return address in a register of its
 * own (r(k-1)), calls chain_(k-1) (BL) and returns with BX lr (a return,
 * TRM 5.2); chain_0 is a BX lr.  chain_time(f) times one call (BLX) of
 * chain_k: k + 1 nested calls and returns.  The return stack holds 8
 * (TRM 5.1): deeper, the outermost returns find it wrapped.  Every level
 * is the same code on registers only, so two more levels cost the same
 * at any depth but for those returns.
 */
__asm__(
    "    .arm\n"
    "    .p2align 8\n"
    "chain_time:\n"
    "    push {r4-r11, lr}\n"
    "    mov r12, r0\n"
    "    mrc p15, 0, r11, c9, c13, 0\n"
    "    blx r12\n"
    "    mrc p15, 0, r0, c9, c13, 0\n"
    "    sub r0, r0, r11\n"
    "    pop {r4-r11, pc}\n"
    "    .p2align 8\n"
    "chain_11: mov r10, lr\n bl chain_10\n mov lr, r10\n bx lr\n"
    "chain_10: mov r9, lr\n bl chain_9\n mov lr, r9\n bx lr\n"
    "chain_9: mov r8, lr\n bl chain_8\n mov lr, r8\n bx lr\n"
    "chain_8: mov r7, lr\n bl chain_7\n mov lr, r7\n bx lr\n"
    "chain_7: mov r6, lr\n bl chain_6\n mov lr, r6\n bx lr\n"
    "chain_6: mov r5, lr\n bl chain_5\n mov lr, r5\n bx lr\n"
    "chain_5: mov r4, lr\n bl chain_4\n mov lr, r4\n bx lr\n"
    "chain_4: mov r3, lr\n bl chain_3\n mov lr, r3\n bx lr\n"
    "chain_3: mov r2, lr\n bl chain_2\n mov lr, r2\n bx lr\n"
    "chain_2: mov r1, lr\n bl chain_1\n mov lr, r1\n bx lr\n"
    "chain_1: mov r0, lr\n bl chain_0\n mov lr, r0\n bx lr\n"
    "chain_0: bx lr\n"
    "    .global chain_top\n"
    "    .set chain_top, chain_11\n");
extern char chain_top[];
uint32_t chain_time(uintptr_t f);

/* @depth calls and returns: chain_(depth - 1) (16 bytes each) */
static uint32_t chain(uint32_t depth)
{
    return chain_time((uintptr_t)chain_top + 16 * (12 - depth));
}

static uint32_t third_chain(uint32_t depth)
{
    chain(depth);
    chain(depth);
    return chain(depth);
}

/*
 * alu_pairs with a 4 KB page's end between the ADD r0 and the ADD r1 of
 * its ninth pair: QEMU ends a block at a page's end (its target pages are
 * 4 KB on the rm696), so the pair is made across two blocks.  The function
 * starts 12 instructions and a push before the page's end, so the page
 * ends after the first MRC and 8 pairs and an ADD; the space before it is
 * never run.
 */
__asm__(
    "    .arm\n"
    "    .p2align 12\n"
    "    .space 4096 - 4 * (2 + 17)\n"
    "pagecut_time:\n"
    "    push {r4-r11, lr}\n"
    "    mrc p15, 0, r11, c9, c13, 0\n"
    "    .rept 16\n add r0, r0, #1\n add r1, r1, #1\n .endr\n"
    "    mrc p15, 0, r1, c9, c13, 0\n"
    "    sub r0, r1, r11\n"
    "    pop {r4-r11, pc}\n");
uint32_t pagecut_time(void);

/*
 * The BTB's organisation (TRM 5.1: 512 entries, 2-way; the set index is
 * ours: the word address, [cpu] btb_ways and btb_index_shift for others):
 * btb_time(n) times n rounds through three B instructions 1 KB apart,
 * btb_a, btb_b, btb_c (one set: the word address's low 8 bits are the
 * same), then SUBS; BNE back to btb_a.  With two ways the three evict each
 * other every round (the way used least lately goes).
 */
__asm__(
    "    .arm\n"
    "    .p2align 8\n"
    "btb_time:\n"
    "    push {r4-r11, lr}\n"
    "    mrc p15, 0, r11, c9, c13, 0\n"
    "    bl btb_a\n"
    "    mrc p15, 0, r1, c9, c13, 0\n"
    "    sub r0, r1, r11\n"
    "    pop {r4-r11, pc}\n"
    "    .p2align 10\n"
    "btb_a: b btb_b\n"
    "    .p2align 10\n"
    "btb_b: b btb_c\n"
    "    .p2align 10\n"
    "btb_c: b btb_d\n"
    "    .p2align 6\n"
    "btb_d: subs r0, r0, #1\n"
    "    bne btb_a\n"
    "    bx lr\n");
uint32_t btb_time(uint32_t rounds);

static uint32_t third_btb(uint32_t rounds)
{
    btb_time(rounds);
    btb_time(rounds);
    return btb_time(rounds);
}

/*
 * BPIALL (TRM 5.6: "invalidate entire branch predictor array", a NOP
 * unless ACTLR.IBE is set, as the N9's firmware sets it): bpi_time(n)
 * times n rounds of a B over two NOPs, a BPIALL, SUBS; BNE back.  With
 * IBE each round's B and BNE find the BTB empty.
 */
__asm__(
    "    .arm\n"
    "    .p2align 8\n"
    "bpi_time:\n"
    "    push {r4-r11, lr}\n"
    "    mrc p15, 0, r11, c9, c13, 0\n"
    "    bl bpi_loop\n"
    "    mrc p15, 0, r1, c9, c13, 0\n"
    "    sub r0, r1, r11\n"
    "    pop {r4-r11, pc}\n"
    "    .p2align 6\n"
    "bpi_loop:\n"
    "    b 1f\n"
    "    nop\n"
    "    nop\n"
    "1:  mcr p15, 0, r0, c7, c5, 6\n"
    "    subs r0, r0, #1\n"
    "    bne bpi_loop\n"
    "    bx lr\n");
uint32_t bpi_time(uint32_t rounds);

static uint32_t third_bpi(uint32_t rounds)
{
    bpi_time(rounds);
    bpi_time(rounds);
    return bpi_time(rounds);
}

/*
 * Exceptions: an SVC whose handler is the exception return itself (MOVS
 * pc, lr at the vector, in a table of our own at VBAR).  Its entry is a
 * change of flow the prefetch unit did not predict (TRM 16.4.1: a
 * 13-cycle flush) and MOVS pc, lr is never predicted (TRM 5.2: it runs
 * as not taken, so it flushes too).  svc_1 times one, svc_2 two in a row;
 * the third run of three.
 */
__asm__(
    "    .arm\n"
    "    .p2align 5\n"
    "svc_vectors:\n"
    "    b .\n b .\n movs pc, lr\n b .\n b .\n b .\n b .\n b .\n");
extern char svc_vectors[];

TIMED(seq_svc_1, "svc #0\n")
TIMED(seq_svc_2, "svc #0\n svc #0\n")

static uint32_t third_svc(uint32_t (*seq)(void))
{
    uint32_t vbar, t;

    __asm__ volatile("mrc p15, 0, %0, c12, c0, 0" : "=r"(vbar));
    __asm__ volatile("mcr p15, 0, %0, c12, c0, 0\n isb" : :
                     "r"(svc_vectors) : "memory");
    seq();
    seq();
    t = seq();
    __asm__ volatile("mcr p15, 0, %0, c12, c0, 0\n isb" : : "r"(vbar)
                     : "memory");
    return t;
}

/*
 * The VFP (TRM 16.5, 16.7.1): VFP instructions go to the NEON instruction
 * queue (16 entries) and on to the VFP, which is not pipelined; a VMRS
 * waits until it is done.  vfp_OP_N is N of OP in a row and a VMRS; the
 * test takes differences (N more of OP: N times its cycles in TRM Table
 * 16-25).  vfp_add_4_alu puts 16 ALU instructions between 4 VADDs and the
 * VMRS: they run while the VFP works.  vfp_add_N_nosync has no VMRS: the
 * integer pipeline runs on while the queue is not full, and then at the
 * VFP's pace.  Each runs with the VFP idle (vfp_run).
 */
#define VFP_BODY(n, insn, tail) \
    ".fpu vfpv3\n .rept " #n "\n " insn "\n .endr\n" tail
TIMED(seq_vfp_add_16, VFP_BODY(16, "vadd.f64 d0, d1, d2", "vmrs r0, fpscr\n"))
TIMED(seq_vfp_add_32, VFP_BODY(32, "vadd.f64 d0, d1, d2", "vmrs r0, fpscr\n"))
TIMED(seq_vfp_mul_16, VFP_BODY(16, "vmul.f64 d0, d1, d2", "vmrs r0, fpscr\n"))
TIMED(seq_vfp_mul_32, VFP_BODY(32, "vmul.f64 d0, d1, d2", "vmrs r0, fpscr\n"))
TIMED(seq_vfp_mla_4, VFP_BODY(4, "vmla.f32 s0, s1, s2", "vmrs r0, fpscr\n"))
TIMED(seq_vfp_mla_8, VFP_BODY(8, "vmla.f32 s0, s1, s2", "vmrs r0, fpscr\n"))
TIMED(seq_vfp_div_4, VFP_BODY(4, "vdiv.f64 d0, d1, d2", "vmrs r0, fpscr\n"))
TIMED(seq_vfp_div_8, VFP_BODY(8, "vdiv.f64 d0, d1, d2", "vmrs r0, fpscr\n"))
TIMED(seq_vfp_add_4, VFP_BODY(4, "vadd.f64 d0, d1, d2", "vmrs r0, fpscr\n"))
TIMED(seq_vfp_add_4_alu, VFP_BODY(4, "vadd.f64 d0, d1, d2",
                                  ".rept 8\n add r4, r4, #1\n"
                                  " add r5, r5, #1\n .endr\n"
                                  "vmrs r0, fpscr\n"))
TIMED(seq_vfp_add_8_nosync, VFP_BODY(8, "vadd.f64 d0, d1, d2", ""))
TIMED(seq_vfp_add_32_nosync, VFP_BODY(32, "vadd.f64 d0, d1, d2", ""))
TIMED(seq_vfp_add_48_nosync, VFP_BODY(48, "vadd.f64 d0, d1, d2", ""))

/* wait until the VFP has done everything queued */
static void vfp_drain(void)
{
    uint32_t x;

    __asm__ volatile(".fpu vfpv3\n vmrs %0, fpscr" : "=r"(x));
}

/* the second of two runs, each with the VFP idle */
static uint32_t vfp_run(uint32_t (*seq)(void))
{
    uint32_t t;

    vfp_drain();
    seq();
    vfp_drain();
    t = seq();
    vfp_drain();
    return t;
}

/* CPACR: cp10 and cp11 (the VFP and NEON) for every mode; FPEXC.EN */
static void vfp_enable(void)
{
    uint32_t cpacr;

    __asm__ volatile("mrc p15, 0, %0, c1, c0, 2" : "=r"(cpacr));
    __asm__ volatile("mcr p15, 0, %0, c1, c0, 2\n isb"
                     : : "r"(cpacr | 0xf00000u));
    __asm__ volatile(".fpu vfpv3\n vmsr fpexc, %0" : : "r"(1u << 30));
}

/*
 * NAME(n): PMCCNTR over N rounds of FIRST, a branch to the next
 * instruction (a block's end), SECOND, the count and the loop's branch
 * (another block's end); SETUP before the first read
 */
#define SPIN_LOOP(name, setup, first, second)                           \
static uint32_t name(uint32_t n)                                        \
{                                                                       \
    uint32_t t0, t1;                                                    \
                                                                        \
    __asm__ volatile(setup                                              \
                     "mov r2, %2\n"                                     \
                     "mrc p15, 0, %0, c9, c13, 0\n"                     \
                     "2: " first "\n"                                   \
                     " b 1f\n"                                          \
                     "1: " second                                       \
                     " subs r2, r2, #1\n"                               \
                     " bne 2b\n"                                        \
                     "mrc p15, 0, %1, c9, c13, 0\n"                     \
                     : "=&r"(t0), "=&r"(t1) : "r"(n)                    \
                     : "r0", "r1", "r2", "cc");                         \
    return t1 - t0;                                                     \
}

/*
 * "spin N" (-append): N rounds of a multiply whose product the next
 * round multiplies again, each round two blocks (the multiply and a
 * branch; the count and the loop's branch), so that at every block's end
 * a product is in flight: what tests/guest/test_pipeline.py stops, saves
 * and restores mid-run.  Prints "spin CYCLES" (PMCCNTR over the loop).
 */
SPIN_LOOP(spin, "mov r1, #3\n", "mul r0, r0, r1", "")

/* "pspin N": N rounds of an ADD and a branch to the next instruction,
 * which pairs with the branch across the block's end (TRM Example
 * 16-6), then the count and the loop's branch: a pair across blocks each
 * round, and the loop's SUBS beside that ADD */
SPIN_LOOP(pspin, "", "add r0, r0, #1", "add r1, r1, #1\n")

/* "vspin N": N rounds of a VADD.F64 and a branch, the count and the
 * loop's branch: the VFP's pace, 9 cycles a round once the queue is full */
SPIN_LOOP(vspin, ".fpu vfpv3\n", "vadd.f64 d0, d1, d2", "")

/* the straight-line sequences, in the order they are printed; each less
 * the two reads' own cycles (in its own instruction set) */
static const struct {
    const char *name;
    uint32_t (*seq)(void);
    int thumb;
} seqs[] = {
    { "alu_pairs", seq_alu_pairs, 0 },
    { "alu_chain", seq_alu_chain, 0 },
    { "mul_chain", seq_mul_chain, 0 },
    { "mul_indep", seq_mul_indep, 0 },
    { "mul_alu", seq_mul_alu, 0 },
    { "mov_use", seq_mov_use, 0 },
    { "mul_chain_br", seq_mul_chain_br, 0 },
    { "br_target", seq_br_target, 0 },
    { "alu_pairs_pagecut", pagecut_time, 0 },
    { "isb", seq_isb, 0 },
    { "cp15isb", seq_cp15isb, 0 },
    { "cp15_ctxidr", seq_cp15_ctxidr, 0 },
    { "cp15_ttbr0", seq_cp15_ttbr0, 0 },
    { "cp15_dacr", seq_cp15_dacr, 0 },
    { "cp15_tlbimva", seq_cp15_tlbimva, 0 },
    { "cp15_tpidruro", seq_cp15_tpidruro, 0 },
    { "cp15_cond_run", seq_cp15_cond_run, 0 },
    { "cp15_cond_skip", seq_cp15_cond_skip, 0 },
    { "t_cp15_ctxidr", seq_t_cp15_ctxidr, 1 },
    { "dsb_1", seq_dsb_1, 0 },
    { "dsb_2", seq_dsb_2, 0 },
    { "str_nop", seq_str_nop, 0 },
    { "str_dsb", seq_str_dsb, 0 },
    { "str_dmb", seq_str_dmb, 0 },
    { "t_alu_pairs", seq_t_alu_pairs, 1 },
    { "t_mul_chain", seq_t_mul_chain, 1 },
    { "t_it_mov_use", seq_t_it_mov_use, 1 },
};

static void report(const char *name, uint32_t cycles, uint32_t empty)
{
    put(name);
    put(" ");
    put_u(cycles - empty);
    put("\n");
}

int main(void)
{
    static char buf[128];
    char *p = buf, *tok;
    uint32_t empty, t_empty;

    bare_ccnt_enable();
    bare_cmdline(buf, sizeof(buf));
    bare_token(&p);                     /* QEMU gives "<kernel> <append>" */
    tok = bare_token(&p);
    if (tok && tok[0] == 'm') {         /* m2 N, then the rest */
        volatile uint32_t *clksel2 = (volatile uint32_t *)CM_CLKSEL2_PLL_MPU;

        tok = bare_token(&p);
        *clksel2 = (*clksel2 & ~0x1fu) | (tok ? bare_u32(tok) & 0x1f : 1);
        put("m2 ");
        put_u(*clksel2 & 0x1f);
        put("\n");
        tok = bare_token(&p);
    }
    if (tok && (tok[0] == 's' || tok[0] == 'v' || tok[0] == 'p')) {
        /* spin N, vspin N, pspin N */
        char mode = tok[0];
        uint32_t n, cycles;

        tok = bare_token(&p);
        n = tok ? bare_u32(tok) : 1;
        if (mode == 'v') {
            vfp_enable();
            cycles = vspin(n);
            vfp_drain();
        } else {
            cycles = mode == 'p' ? pspin(n) : spin(n);
        }
        put(mode == 'v' ? "vspin " : mode == 'p' ? "pspin " : "spin ");
        put_u(cycles);
        put("\n");
        return 0;
    }
    empty = best_run(seq_empty);
    put("empty ");
    put_u(empty);
    put("\n");
    t_empty = best_run(seq_t_empty);
    /* the moves that set up the multiplies' operands are in the timed
     * code: the test counts them */
    for (unsigned k = 0; k < sizeof(seqs) / sizeof(seqs[0]); k++) {
        report(seqs[k].name, best_run(seqs[k].seq),
               seqs[k].thumb ? t_empty : empty);
    }
    /* an I/O read in the middle of a block (its cost is drawn: the test
     * compares these with one instruction per TB, and fixes it to check
     * them) */
    report("io_mul_use", best_run(seq_io_mul_use), empty);
    report("io_mul_indep", best_run(seq_io_mul_indep), empty);
    report("io_ld_use", best_run(seq_io_ld_use), empty);
    /* branches: whole figures, the test takes differences */
    report("loop_1000", third_loop(1000), 0);
    report("loop_2000", third_loop(2000), 0);
    for (uint32_t d = 6; d <= 10; d += 2) {
        put("chain_");
        put_u(d);
        put(" ");
        put_u(third_chain(d));
        put("\n");
    }
    report("btb_8", third_btb(8), 0);
    report("btb_16", third_btb(16), 0);
    report("bpi_8", third_bpi(8), 0);
    report("bpi_16", third_bpi(16), 0);
    report("svc_1", third_svc(seq_svc_1), 0);
    report("svc_2", third_svc(seq_svc_2), 0);
    vfp_enable();
    report("vfp_add_16", vfp_run(seq_vfp_add_16), empty);
    report("vfp_add_32", vfp_run(seq_vfp_add_32), empty);
    report("vfp_mul_16", vfp_run(seq_vfp_mul_16), empty);
    report("vfp_mul_32", vfp_run(seq_vfp_mul_32), empty);
    report("vfp_mla_4", vfp_run(seq_vfp_mla_4), empty);
    report("vfp_mla_8", vfp_run(seq_vfp_mla_8), empty);
    report("vfp_div_4", vfp_run(seq_vfp_div_4), empty);
    report("vfp_div_8", vfp_run(seq_vfp_div_8), empty);
    report("vfp_add_4", vfp_run(seq_vfp_add_4), empty);
    report("vfp_add_4_alu", vfp_run(seq_vfp_add_4_alu), empty);
    report("vfp_add_8_nosync", vfp_run(seq_vfp_add_8_nosync), empty);
    report("vfp_add_32_nosync", vfp_run(seq_vfp_add_32_nosync), empty);
    report("vfp_add_48_nosync", vfp_run(seq_vfp_add_48_nosync), empty);
    flow_prediction(0);
    report("loop_1000_noz", third_loop(1000), 0);
    report("loop_2000_noz", third_loop(2000), 0);
    flow_prediction(1);
    return 0;
}
