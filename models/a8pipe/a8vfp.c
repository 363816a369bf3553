/*
 * Cortex-A8 VFPlite timing: see a8vfp.h and docs/cortex-a8-timing.md
 * ("VFP").
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "a8vfp.h"

#include <string.h>

#define BIT(x, n)   (((x) >> (n)) & 1u)

/*
 * Table 16-25's cycles for normal operands, single and double precision:
 * the least of each range [ours]; the conversions to an integer or a
 * fixed-point number are past the end of the copy of the table at hand,
 * and take the conversion from an integer's [ours].
 */
enum {
    C_ADD_S = 9, C_ADD_D = 9,           /* FADD, FSUB: 9-10 */
    C_MUL_S = 10, C_MUL_D = 11,         /* FMUL, FNMUL: 10-12, 11-17 */
    C_MAC_S = 18, C_MAC_D = 19,         /* FMAC, FNMAC, FMSC, FNMSC:
                                         * 18-21, 19-26 */
    C_DIV_S = 20, C_DIV_D = 29,         /* FDIV: 20-37, 29-65 */
    C_SQRT_S = 19, C_SQRT_D = 29,       /* FSQRT: 19-33, 29-60 */
    C_SIMPLE = 4,                       /* FCONST, FABS, FCPY, FNEG: 4 */
    C_CMP = 4,                          /* FCMP{E}{Z}: 4 or 7 */
    C_CVT_DS = 5,                       /* FCVTDS (single to double): 5 */
    C_CVT_SD = 7,                       /* FCVTSD (double to single): 7 */
    C_CVT_INT = 9,                      /* FSITO, FUITO: 9 */
};

static unsigned op(bool dbl, unsigned s, unsigned d)
{
    return A8VFP_DESC(A8VFP_OP, dbl ? d : s);
}

/* VFP data-processing (ARMv7-A ARM A7.5, Tables A7-16 and A7-17) */
static unsigned decode_dp(uint32_t insn)
{
    unsigned opc1 = (BIT(insn, 23) << 2) | ((insn >> 20) & 3);  /* no D */
    unsigned opc2 = (insn >> 16) & 15;
    bool dbl = BIT(insn, 8), op6 = BIT(insn, 6);

    switch (opc1) {
    case 0:                             /* VMLA, VMLS */
    case 1:                             /* VNMLA, VNMLS */
        return op(dbl, C_MAC_S, C_MAC_D);
    case 2:                             /* VMUL, VNMUL */
        return op(dbl, C_MUL_S, C_MUL_D);
    case 3:                             /* VADD, VSUB */
        return op(dbl, C_ADD_S, C_ADD_D);
    case 4:                             /* VDIV */
        return op6 ? 0 : op(dbl, C_DIV_S, C_DIV_D);
    case 5:
    case 6:                             /* VFNMA/VFNMS/VFMA/VFMS: VFPv4 */
        return 0;
    }
    /* opc1 1D11: the other data-processing instructions */
    if (!op6) {
        return op(dbl, C_SIMPLE, C_SIMPLE);     /* VMOV (immediate) */
    }
    switch (opc2) {
    case 0:                             /* VMOV (register), VABS */
        return op(dbl, C_SIMPLE, C_SIMPLE);
    case 1:                             /* VNEG, VSQRT */
        return BIT(insn, 7) ? op(dbl, C_SQRT_S, C_SQRT_D)
                            : op(dbl, C_SIMPLE, C_SIMPLE);
    case 2:
    case 3:                             /* VCVTB/VCVTT: half precision,
                                         * not the Cortex-A8's */
        return 0;
    case 4:
    case 5:                             /* VCMP{E}, with a register or 0 */
        return op(dbl, C_CMP, C_CMP);
    case 7:                             /* VCVT double <-> single */
        return BIT(insn, 7) ? op(dbl, C_CVT_DS, C_CVT_SD) : 0;
    case 6:
        return 0;
    default:                            /* VCVT with integers, fixed point */
        return op(dbl, C_CVT_INT, C_CVT_INT);
    }
}

unsigned a8vfp_decode_arm(uint32_t insn)
{
    if (insn >> 28 == 15) {
        return 0;                       /* the unconditional space */
    }
    if ((insn & 0x0f000e10u) == 0x0e000a00u) {
        return decode_dp(insn);
    }
    if ((insn & 0x0f000e10u) == 0x0e000a10u) {
        /* 8, 16 and 32-bit transfers (A7.8): VMOV with a single or a
         * scalar, VMRS, VMSR, VDUP; L (bit 20) is "to the core" */
        bool to_core = BIT(insn, 20);
        bool sysreg = !BIT(insn, 8) && ((insn >> 21) & 7) == 7;

        if (sysreg || to_core) {
            return A8VFP_DESC(A8VFP_SYNC, 0);   /* VMSR, VMRS, to the core */
        }
        return A8VFP_DESC(A8VFP_FROM_CORE, 1);
    }
    if ((insn & 0x0fe00e00u) == 0x0c400a00u) {
        /* 64-bit transfers (A7.9): VMOV of two singles or a double */
        return BIT(insn, 20) ? A8VFP_DESC(A8VFP_SYNC, 0)
                             : A8VFP_DESC(A8VFP_FROM_CORE, 1);
    }
    return 0;
}

unsigned a8vfp_decode_thumb(uint32_t insn)
{
    /* 1110 11xx ...: the ARM encodings with cond 1110 (a 16-bit one, in
     * bits 15:0, never matches) */
    return insn >> 28 == 14 ? a8vfp_decode_arm(insn) : 0;
}

void a8vfp_reset(a8vfp *v)
{
    memset(v, 0, sizeof(*v));
}

uint64_t a8vfp_issue(a8vfp *v, unsigned desc, uint64_t now, uint64_t len)
{
    uint64_t wait = 0, start;

    switch (A8VFP_KIND(desc)) {
    case A8VFP_OP:
    case A8VFP_FROM_CORE:
        /* the queue is full while its oldest of 16 has not started */
        if (v->start[v->head] > now) {
            wait = v->start[v->head] - now;
        }
        start = now + wait > v->free ? now + wait : v->free;
        v->free = start + len;
        v->start[v->head] = start;
        v->head = (v->head + 1) % A8VFP_QUEUE;
        v->ops++;
        break;
    case A8VFP_SYNC:
        if (v->free > now) {
            wait = v->free - now;
        }
        v->syncs++;
        break;
    default:
        return 0;
    }
    if (wait) {
        v->waits++;
        v->wait_time += wait;
    }
    return wait;
}
