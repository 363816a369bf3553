/*
 * Host unit tests of the Cortex-A8 VFPlite model (a8vfp): which
 * instructions it times and their cycles (TRM 16.7.1, Table 16-25: the
 * least of each range for normal operands), the NEON instruction queue
 * of 16 (TRM 16.5: the integer pipeline runs on while it is not full) and
 * the transfers to the core that wait for the unit (ARM's assembler
 * guide: VMRS and VMSR stall the core until the VFP is done).  The
 * encodings are hex with their assembly (arm-linux-gnueabihf-as
 * -march=armv7-a -mfpu=neon).  docs/cortex-a8-timing.md, "VFP".
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include "a8vfp.h"
#include "check.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static void test_decode(void)
{
    static const struct { uint32_t insn; unsigned kind, cycles;
                          const char *as; }
    arm[] = {
        { 0xee300a81, A8VFP_OP, 9, "vadd.f32 s0, s1, s2 (FADD 9-10)" },
        { 0xee310b02, A8VFP_OP, 9, "vadd.f64 d0, d1, d2 (FADD 9-10)" },
        { 0xee310b42, A8VFP_OP, 9, "vsub.f64 d0, d1, d2 (FSUB 9-10)" },
        { 0xee200a81, A8VFP_OP, 10, "vmul.f32 s0, s1, s2 (FMUL 10-12)" },
        { 0xee210b02, A8VFP_OP, 11, "vmul.f64 d0, d1, d2 (FMUL 11-17)" },
        { 0xee210b42, A8VFP_OP, 11, "vnmul.f64 d0, d1, d2 (FNMUL 11-17)" },
        { 0xee000a81, A8VFP_OP, 18, "vmla.f32 s0, s1, s2 (FMAC 18-21)" },
        { 0xee010b02, A8VFP_OP, 19, "vmla.f64 d0, d1, d2 (FMAC 19-26)" },
        { 0xee010b42, A8VFP_OP, 19, "vmls.f64 d0, d1, d2 (FNMAC 19-26)" },
        { 0xee110b42, A8VFP_OP, 19, "vnmla.f64 d0, d1, d2 (FNMSC 19-26)" },
        { 0xee100a81, A8VFP_OP, 18, "vnmls.f32 s0, s1, s2 (FMSC 18-21)" },
        { 0xee800a81, A8VFP_OP, 20, "vdiv.f32 s0, s1, s2 (FDIV 20-37)" },
        { 0xee810b02, A8VFP_OP, 29, "vdiv.f64 d0, d1, d2 (FDIV 29-65)" },
        { 0xeeb10ae0, A8VFP_OP, 19, "vsqrt.f32 s0, s1 (FSQRT 19-33)" },
        { 0xeeb10bc1, A8VFP_OP, 29, "vsqrt.f64 d0, d1 (FSQRT 29-60)" },
        { 0xeeb70b00, A8VFP_OP, 4, "vmov.f64 d0, #1.0 (FCONST 4)" },
        { 0xeeb00a60, A8VFP_OP, 4, "vmov.f32 s0, s1 (FCPY 4)" },
        { 0xeeb00bc1, A8VFP_OP, 4, "vabs.f64 d0, d1 (FABS 4)" },
        { 0xeeb10a60, A8VFP_OP, 4, "vneg.f32 s0, s1 (FNEG 4)" },
        { 0xeeb40b41, A8VFP_OP, 4, "vcmp.f64 d0, d1 (FCMP 4 or 7)" },
        { 0xeeb50ac0, A8VFP_OP, 4, "vcmpe.f32 s0, #0 (FCMPEZ 4 or 7)" },
        { 0xeeb70ae0, A8VFP_OP, 5, "vcvt.f64.f32 d0, s1 (FCVTDS 5)" },
        { 0xeeb70bc1, A8VFP_OP, 7, "vcvt.f32.f64 s0, d1 (FCVTSD 7)" },
        { 0xeeb80be0, A8VFP_OP, 9, "vcvt.f64.s32 d0, s1 (FSITO 9)" },
        { 0xeebd0bc1, A8VFP_OP, 9, "vcvt.s32.f64 s0, d1 (ours: 9)" },
        { 0xeebc0ae0, A8VFP_OP, 9, "vcvt.u32.f32 s0, s1 (ours: 9)" },
        { 0x1e310b02, A8VFP_OP, 9, "vaddne.f64 d0, d1, d2" },
        { 0xee100a90, A8VFP_SYNC, 0, "vmov r0, s1" },
        { 0xee000a90, A8VFP_FROM_CORE, 1, "vmov s1, r0" },
        { 0xec510b12, A8VFP_SYNC, 0, "vmov r0, r1, d2" },
        { 0xec410b12, A8VFP_FROM_CORE, 1, "vmov d2, r0, r1" },
        { 0xee310b10, A8VFP_SYNC, 0, "vmov.32 r0, d1[1]" },
        { 0xee210b10, A8VFP_FROM_CORE, 1, "vmov.32 d1[1], r0" },
        { 0xeef10a10, A8VFP_SYNC, 0, "vmrs r0, fpscr" },
        { 0xeef1fa10, A8VFP_SYNC, 0, "vmrs APSR_nzcv, fpscr" },
        { 0xeee10a10, A8VFP_SYNC, 0, "vmsr fpscr, r0" },
        { 0xeee80a10, A8VFP_SYNC, 0, "vmsr fpexc, r0" },
        { 0xed900b00, A8VFP_NONE, 0, "vldr d0, [r0] (the memory path's)" },
        { 0xed800a00, A8VFP_NONE, 0, "vstr s0, [r0]" },
        { 0xec900b08, A8VFP_NONE, 0, "vldmia r0, {d0-d3}" },
        { 0xf2210802, A8VFP_NONE, 0, "vadd.i32 d0, d1, d2 (Advanced SIMD)" },
        { 0xf420070f, A8VFP_NONE, 0, "vld1.8 {d0}, [r0]" },
        { 0xeea10b02, A8VFP_NONE, 0, "vfma.f64 d0, d1, d2 (VFPv4)" },
        { 0xe2800001, A8VFP_NONE, 0, "add r0, r0, #1" },
        { 0xee070f15, A8VFP_NONE, 0, "mcr p15, 0, r0, c7, c5, 0" },
    }, thumb[] = {
        { 0xee310b02, A8VFP_OP, 9, "vadd.f64 d0, d1, d2" },
        { 0xee100a90, A8VFP_SYNC, 0, "vmov r0, s1" },
        { 0xeef10a10, A8VFP_SYNC, 0, "vmrs r0, fpscr" },
        { 0xef210802, A8VFP_NONE, 0, "vadd.i32 d0, d1, d2" },
        { 0x4770, A8VFP_NONE, 0, "bx lr" },
    };

    for (unsigned i = 0; i < N(arm); i++) {
        unsigned d = a8vfp_decode_arm(arm[i].insn);

        CHECK(A8VFP_KIND(d) == arm[i].kind && A8VFP_CYCLES(d) == arm[i].cycles,
              "ARM %08x %s: kind %u cycles %u (want %u, %u)", arm[i].insn,
              arm[i].as, A8VFP_KIND(d), A8VFP_CYCLES(d), arm[i].kind,
              arm[i].cycles);
    }
    for (unsigned i = 0; i < N(thumb); i++) {
        unsigned d = a8vfp_decode_thumb(thumb[i].insn);

        CHECK(A8VFP_KIND(d) == thumb[i].kind &&
              A8VFP_CYCLES(d) == thumb[i].cycles,
              "Thumb %08x %s: kind %u cycles %u (want %u, %u)",
              thumb[i].insn, thumb[i].as, A8VFP_KIND(d), A8VFP_CYCLES(d),
              thumb[i].kind, thumb[i].cycles);
    }
}

/* @n VADD.F64 issued one a cycle from @t: the time the last one issues */
static uint64_t adds(a8vfp *v, unsigned n, uint64_t t)
{
    unsigned d = a8vfp_decode_arm(0xee310b02);

    for (unsigned i = 0; i < n; i++) {
        t += a8vfp_issue(v, d, t, A8VFP_CYCLES(d)) + 1;
    }
    return t - 1;
}

static void test_unit(void)
{
    unsigned sync = a8vfp_decode_arm(0xeef10a10);       /* vmrs r0, fpscr */
    a8vfp v;
    uint64_t t;

    /* not pipelined: 4 VADDs from cycle 1 keep the unit to 1 + 4 x 9 */
    a8vfp_reset(&v);
    t = adds(&v, 4, 1);
    CHECK_EQ(t, 4);                     /* the core did not wait */
    CHECK_EQ(v.free, 37);
    /* a VMRS at 20 waits for the unit: issues at 37 */
    CHECK_EQ(a8vfp_issue(&v, sync, 20, 0), 17);
    /* one after the unit is done does not wait */
    CHECK_EQ(a8vfp_issue(&v, sync, 40, 0), 0);
    CHECK_EQ(v.syncs, 2);
    CHECK_EQ(v.waits, 1);
    CHECK_EQ(v.wait_time, 17);

    /*
     * The queue: VADDs one a cycle from 1.  The k-th starts at 1 +
     * 9 (k - 1), and leaves the queue then.  At cycle 19 the 19th finds
     * the 4th..18th waiting (the 3rd starts at 19): 15, not full.  The
     * 20th at 20 finds the 4th..19th: 16, full until the 4th starts at
     * 28.
     */
    a8vfp_reset(&v);
    t = adds(&v, 19, 1);
    CHECK_EQ(t, 19);
    CHECK_EQ(v.waits, 0);
    CHECK_EQ(a8vfp_issue(&v, a8vfp_decode_arm(0xee310b02), 20, 9), 8);
    /*
     * In the steady state the core is paced by the unit: 16 more each
     * wait for a slot, so they take 16 x 9 cycles.
     */
    a8vfp_reset(&v);
    t = adds(&v, 32, 1);
    CHECK_EQ(adds(&v, 16, t + 1) - t, 16 * 9);
    /* everything queued is done 9 cycles an instruction after the first
     * started, 48 of them */
    CHECK_EQ(v.free, 1 + 48 * 9);
    CHECK_EQ(v.ops, 48);

    /* a transfer from the core takes the unit one cycle, in order */
    a8vfp_reset(&v);
    a8vfp_issue(&v, a8vfp_decode_arm(0xee000a90), 5, 1);   /* vmov s1, r0 */
    CHECK_EQ(v.free, 6);
    adds(&v, 1, 6);
    CHECK_EQ(v.free, 15);
    /* not a VFP instruction: no wait, nothing queued */
    CHECK_EQ(a8vfp_issue(&v, 0, 7, 3), 0);
    CHECK_EQ(v.ops, 2);
}

int main(void)
{
    test_decode();
    test_unit();
    return check_done();
}
