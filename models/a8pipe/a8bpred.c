/*
 * Cortex-A8 program flow prediction (a8bpred.h): which branches the TRM
 * predicts and how, and the 13-cycle flush when a prediction is wrong.
 * The sources, and what is ours, are in docs/cortex-a8-timing.md
 * ("Branch prediction"); [TRM 5.x] tags the TRM's chapter 5 (ARM DDI 0344,
 * "Program Flow Prediction"), [ours] a choice no source at hand settles.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "a8bpred.h"

#define BIT(x, n)       (((x) >> (n)) & 1u)

/* ---- Which instructions are branches, and of what kind ------------------ */

/*
 * ARM (ARMv7-A ARM, chapter A5).  [TRM 5.2] predicts B, BL, BLX, BX, LDM
 * and LDR with the PC, and data-processing writes of the PC; the returns
 * that pop the stack are BX r14, MOV pc,r14, LDM r13 {..pc} and LDR
 * pc,[r13].  Instructions with the S suffix writing the PC (exception
 * returns), LDM with ^ and RFE are not predicted.
 */
unsigned a8bpred_classify_arm(uint32_t insn)
{
    unsigned cond = insn >> 28, rn = (insn >> 16) & 15;
    unsigned c = A8BPRED_SIZE4 | (cond < 14 ? A8BPRED_COND : 0);

    if (cond == 15) {
        if ((insn & 0xfe000000u) == 0xfa000000u) {
            return A8BPRED_SIZE4 | A8BPRED_CALL;        /* BLX (immediate) */
        }
        if ((insn & 0xfe50ffffu) == 0xf8100a00u) {
            return A8BPRED_SIZE4 | A8BPRED_UNPREDICTED; /* RFE */
        }
        return A8BPRED_NONE;
    }
    if ((insn & 0x0e000000u) == 0x0a000000u) {          /* B, BL */
        return c | (BIT(insn, 24) ? A8BPRED_CALL : A8BPRED_DIRECT);
    }
    if ((insn & 0x0ffffff0u) == 0x012fff10u) {          /* BX */
        return c | ((insn & 15) == 14 ? A8BPRED_RETURN : A8BPRED_INDIRECT);
    }
    if ((insn & 0x0ffffff0u) == 0x012fff30u) {          /* BLX (register) */
        return c | A8BPRED_CALL;
    }
    if ((insn & 0x0ffffff0u) == 0x012fff20u) {          /* BXJ: a state change */
        return c | A8BPRED_UNPREDICTED;
    }
    if ((insn & 0x0e108000u) == 0x08108000u) {          /* LDM with the PC */
        if (BIT(insn, 22)) {
            return c | A8BPRED_UNPREDICTED;             /* LDM ^: exception return */
        }
        return c | (rn == 13 ? A8BPRED_RETURN : A8BPRED_INDIRECT);
    }
    if ((insn & 0x0c10f000u) == 0x0410f000u &&
        !(BIT(insn, 25) && BIT(insn, 4))) {             /* LDR pc (not media) */
        return c | (rn == 13 ? A8BPRED_RETURN : A8BPRED_INDIRECT);
    }
    if ((insn & 0x0c00f000u) == 0x0000f000u &&
        !(!BIT(insn, 25) && BIT(insn, 4) && BIT(insn, 7))) {
        unsigned opc = (insn >> 21) & 15;

        if (opc >= 8 && opc <= 11) {
            return A8BPRED_NONE;        /* tests, MSR, the misc space */
        }
        if (BIT(insn, 20)) {
            return c | A8BPRED_UNPREDICTED; /* MOVS pc, SUBS pc,lr: returns */
        }
        if ((insn & 0x0fffffffu) == 0x01a0f00eu) {
            return c | A8BPRED_RETURN;              /* MOV pc, lr */
        }
        return c | A8BPRED_INDIRECT;
    }
    return A8BPRED_NONE;
}

/* Thumb (chapter A6): the same kinds; POP {..pc} is a return */
unsigned a8bpred_classify_thumb(uint32_t insn)
{
    if (insn <= 0xffffu) {
        unsigned hw = insn, rm = (hw >> 3) & 15;

        if ((hw & 0xf000u) == 0xd000u) {                /* B<c> (T1) */
            return (hw >> 9 & 7) == 7 ? A8BPRED_NONE :  /* UDF, SVC */
                   A8BPRED_COND | A8BPRED_DIRECT;
        }
        if ((hw & 0xf800u) == 0xe000u) {                /* B (T2) */
            return A8BPRED_DIRECT;
        }
        if ((hw & 0xf500u) == 0xb100u) {                /* CBZ, CBNZ */
            return A8BPRED_COND | A8BPRED_DIRECT;
        }
        if ((hw & 0xff87u) == 0x4700u) {                /* BX */
            return rm == 14 ? A8BPRED_RETURN : A8BPRED_INDIRECT;
        }
        if ((hw & 0xff87u) == 0x4780u) {                /* BLX (register) */
            return A8BPRED_CALL;
        }
        if ((hw & 0xff87u) == 0x4687u) {                /* MOV pc, rm */
            return rm == 14 ? A8BPRED_RETURN : A8BPRED_INDIRECT;
        }
        if ((hw & 0xff87u) == 0x4487u) {                /* ADD pc, rm */
            return A8BPRED_INDIRECT;
        }
        if ((hw & 0xff00u) == 0xbd00u) {                /* POP {..pc} */
            return A8BPRED_RETURN;
        }
        return A8BPRED_NONE;
    }
    {
        unsigned hw1 = insn >> 16, hw2 = insn & 0xffffu, rn = hw1 & 15;
        unsigned c = A8BPRED_SIZE4;

        if ((hw1 & 0xf800u) == 0xf000u && BIT(hw2, 15)) {
            switch (hw2 & 0x5000u) {
            case 0x5000u:                               /* BL */
            case 0x4000u:                               /* BLX (immediate) */
                return c | A8BPRED_CALL;
            case 0x1000u:                               /* B.W (T4) */
                return c | A8BPRED_DIRECT;
            default:
                if (((hw1 >> 6) & 14) != 14) {          /* B<c>.W (T3) */
                    return c | A8BPRED_COND | A8BPRED_DIRECT;
                }
                if (hw1 == 0xf3deu && (hw2 & 0xff00u) == 0x8f00u) {
                    return c | A8BPRED_UNPREDICTED;     /* SUBS pc, lr */
                }
                if ((hw1 & 0xfff0u) == 0xf3c0u && (hw2 & 0xd000u) == 0x8000u) {
                    return c | A8BPRED_UNPREDICTED;     /* BXJ */
                }
                return A8BPRED_NONE;    /* MSR, CPS, hints, barriers, ... */
            }
        }
        if (((hw1 & 0xffd0u) == 0xe890u || (hw1 & 0xffd0u) == 0xe910u) &&
            BIT(hw2, 15)) {                             /* LDM with the PC */
            return c | (rn == 13 ? A8BPRED_RETURN : A8BPRED_INDIRECT);
        }
        if ((hw1 & 0xffd0u) == 0xe810u || (hw1 & 0xffd0u) == 0xe990u) {
            return c | A8BPRED_UNPREDICTED;             /* RFE */
        }
        if (((hw1 & 0xfff0u) == 0xf8d0u || (hw1 & 0xfff0u) == 0xf850u ||
             (hw1 & 0xff7fu) == 0xf85fu) && (hw2 >> 12) == 15) {
            return c | (rn == 13 ? A8BPRED_RETURN : A8BPRED_INDIRECT);
        }
        if ((hw1 & 0xfff0u) == 0xe8d0u && (hw2 & 0xffe0u) == 0xf000u) {
            return c | A8BPRED_INDIRECT;                /* TBB, TBH */
        }
        return A8BPRED_NONE;
    }
}

unsigned a8bpred_maint_arm(uint32_t insn)
{
    /* MCR p15, 0, Rt, c7, c5, 6 (any Rt, any condition but 1111) */
    if (insn >> 28 != 15 && (insn & 0x0fff0fffu) == 0x0e070fd5u) {
        return A8BPRED_MAINT_ALL;
    }
    return 0;
}

unsigned a8bpred_maint_thumb(uint32_t insn)
{
    /* MCR (T1) is the ARM encoding with cond 1110 */
    return insn >> 28 == 14 ? a8bpred_maint_arm(insn) : 0;
}

/* ---- The predictor ------------------------------------------------------- */

/* NULL: a class no instruction has */
const char *const a8bpred_class_names[A8BPRED_CLASSES] = {
    [A8BPRED_DIRECT] = "direct",
    [A8BPRED_INDIRECT] = "indirect",
    [A8BPRED_CALL] = "call",
    [A8BPRED_RETURN] = "return",
    [A8BPRED_UNPREDICTED] = "unpredicted",
    [A8BPRED_COND | A8BPRED_DIRECT] = "direct_cond",
    [A8BPRED_COND | A8BPRED_INDIRECT] = "indirect_cond",
    [A8BPRED_COND | A8BPRED_CALL] = "call_cond",
    [A8BPRED_COND | A8BPRED_RETURN] = "return_cond",
    [A8BPRED_COND | A8BPRED_UNPREDICTED] = "unpredicted_cond",
};

void a8bpred_reset(a8bpred *p)
{
    memset(p, 0, sizeof(*p));
    memset(p->ghb, 1, sizeof(p->ghb));  /* weakly not taken [ours] */
    p->penalty = A8BPRED_PENALTY;
    p->btb_ways = A8BPRED_BTB_WAYS;
    p->btb_shift = A8BPRED_BTB_SHIFT;
    p->btb_set_mask = A8BPRED_BTB_ENTRIES / A8BPRED_BTB_WAYS - 1;
}

void a8bpred_forget(a8bpred *p)
{
    a8bpred keep = *p;

    a8bpred_reset(p);
    p->penalty = keep.penalty;
    p->btb_ways = keep.btb_ways;
    p->btb_shift = keep.btb_shift;
    p->btb_set_mask = keep.btb_set_mask;
    p->branches = keep.branches;
    p->mispredicts = keep.mispredicts;
    p->exceptions = keep.exceptions;
    p->invalidates = keep.invalidates;
    memcpy(p->class_branches, keep.class_branches,
           sizeof(p->class_branches));
    memcpy(p->class_mispredicts, keep.class_mispredicts,
           sizeof(p->class_mispredicts));
}

const char *a8bpred_btb_check(unsigned ways, unsigned shift)
{
    if (ways < 1 || ways > A8BPRED_BTB_ENTRIES || (ways & (ways - 1))) {
        return "the BTB's ways must be a power of two from 1 to 512";
    }
    if (shift > A8BPRED_BTB_SHIFT_MAX) {
        return "the BTB's index shift must be from 0 to 16";
    }
    return NULL;
}

/* No entry valid (btb_pc 0), none used */
static void btb_empty(a8bpred *p)
{
    memset(p->btb_pc, 0, sizeof(p->btb_pc));
    memset(p->btb_used, 0, sizeof(p->btb_used));
}

const char *a8bpred_set_btb(a8bpred *p, unsigned ways, unsigned shift)
{
    const char *why = a8bpred_btb_check(ways, shift);

    if (why) {
        return why;
    }
    p->btb_ways = ways;
    p->btb_shift = shift;
    p->btb_set_mask = A8BPRED_BTB_ENTRIES / ways - 1;
    btb_empty(p);
    return NULL;
}

void a8bpred_invalidate(a8bpred *p)
{
    btb_empty(p);
    memset(p->ghb, 1, sizeof(p->ghb));  /* as a8bpred_reset */
    p->invalidates++;
}

/* The BTB's set, as the index of its first entry: the address bits from
 * btb_shift up [ours: the index bits are not given; the word address by
 * default] */
static unsigned btb_first(const a8bpred *p, uint32_t pc)
{
    return ((pc >> p->btb_shift) & p->btb_set_mask) * p->btb_ways;
}

/* The GHB's counter: ten bits of history with the branch's address
 * [TRM 5.1: 4096 entries; the history and the index hash are ours] */
static unsigned ghb_index(const a8bpred *p, uint32_t pc)
{
    return ((pc >> 2) ^ (p->hist << 2)) & (A8BPRED_GHB - 1);
}

uint32_t a8bpred_resolve(a8bpred *p, unsigned cls, uint32_t pc,
                         uint32_t next, bool enabled)
{
    unsigned kind = A8BPRED_KIND(cls);
    uint32_t size = cls & A8BPRED_SIZE4 ? 4 : 2;
    bool taken = next != pc + size;
    unsigned e0, ways = p->btb_ways, hit = ways, gi = 0;
    bool pred_taken = false, wrong;
    uint32_t pred_target = 0, pen;

    if (kind == A8BPRED_EXCEPTION) {
        /* [TRM 16.4.1] a change of flow not predicted: the flush */
        p->exceptions++;
        return p->penalty;
    }
    p->branches++;
    if (!enabled || kind == A8BPRED_UNPREDICTED) {
        /* [TRM 5.1] prediction off: every taken branch flushes; [TRM
         * 5.2] never predicted: it runs as predicted not taken */
        pen = taken ? p->penalty : 0;
        p->mispredicts += taken;
        if (enabled) {
            p->class_branches[cls & (A8BPRED_COND | 7u)]++;
            p->class_mispredicts[cls & (A8BPRED_COND | 7u)] += taken;
        }
        return pen;
    }
    e0 = btb_first(p, pc);
    for (unsigned w = 0; w < ways; w++) {
        /* no early exit: the host predicts a loop of fixed length better */
        hit = p->btb_pc[e0 + w] == (pc | 1) ? w : hit;
    }
    if (cls & A8BPRED_COND) {
        gi = ghb_index(p, pc);
    }
    if (hit < ways) {
        unsigned e = e0 + hit;

        /* [ours: the way used least lately is replaced] */
        p->btb_used[e] = p->branches;
        /* [TRM 5.1, Stallings] a BTB hit is a predicted branch; the GHB's
         * counter gives a conditional one's direction [ours: an
         * unconditional one is taken] */
        pred_taken = !(p->btb_kind[e] & A8BPRED_COND) || p->ghb[gi] >= 2;
        pred_target = p->btb_target[e];
        if (A8BPRED_KIND(p->btb_kind[e]) == A8BPRED_RETURN) {
            /* [TRM 5.2] a predicted return goes where the stack says */
            pred_target = p->rstack[(p->rs_top - 1) % A8BPRED_RSTACK];
        }
    }
    if (kind == A8BPRED_RETURN && taken) {
        /* [TRM 5.2] a return pops the stack [ours: predicted or not, so
         * that calls and returns stay matched] */
        p->rs_top = (p->rs_top - 1) % A8BPRED_RSTACK;
    }
    if (kind == A8BPRED_CALL && taken) {
        /* [TRM 5.2] a call pushes its return address [ours: predicted or
         * not] */
        p->rstack[p->rs_top] = pc + size;
        p->rs_top = (p->rs_top + 1) % A8BPRED_RSTACK;
    }
    /* [TRM 5.1] a wrong direction or target flushes the pipeline */
    wrong = pred_taken != taken || (taken && pred_target != next);
    pen = wrong ? p->penalty : 0;
    p->mispredicts += wrong;
    p->class_branches[cls & (A8BPRED_COND | 7u)]++;
    p->class_mispredicts[cls & (A8BPRED_COND | 7u)] += wrong;

    /* training: the counter, the history, the BTB [ours: the order] */
    if (cls & A8BPRED_COND) {
        if (taken && p->ghb[gi] < 3) {
            p->ghb[gi]++;
        } else if (!taken && p->ghb[gi] > 0) {
            p->ghb[gi]--;
        }
    }
    p->hist = ((p->hist << 1) | taken) & ((1u << A8BPRED_HIST_BITS) - 1);
    if (taken) {
        unsigned e = e0 + hit;

        if (hit == ways) {
            e = e0;                         /* the set's LRU entry */
            for (unsigned w = 1; w < ways; w++) {
                if (p->btb_used[e0 + w] < p->btb_used[e]) {
                    e = e0 + w;
                }
            }
        }
        p->btb_pc[e] = pc | 1;
        p->btb_target[e] = next;
        p->btb_kind[e] = cls & (A8BPRED_COND | 7u);
        p->btb_used[e] = p->branches;
    }
    return pen;
}
