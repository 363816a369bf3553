/*
 * mmiolat: the cost of one register read, per target.  The part shared by
 * the Linux program (mmiolat.c) and the bare-metal one
 * (../baremetal/mmiolat-bare.c), so that both time exactly the same
 * instructions and print exactly the same lines.
 *
 * How a target is timed: N reads of one register in a loop of three ARM
 * instructions (ldr; subs; bne), between two reads of the clock, with a
 * dsb before the second clock read so that the last load has completed.
 * The same code with the ldr replaced by a nop (the "empty loop") is timed
 * as well, and its time is subtracted: what is left is the cost of N
 * register reads beyond that of N one-cycle instructions, plus nothing of
 * the clock reads, the loop control or the barrier.  Each loop is run R
 * times and the smallest time of each is kept, so that an interrupt that
 * lands in one run does not count.
 *
 * Clocks: "ccnt" is PMCCNTR (mrc p15, 0, rN, c9, c13, 0), counting CPU
 * cycles (1 GHz on the N9 at OPP100); "32k" is the 32 kHz sync counter,
 * read through the same kind of mapping as the targets.  In 32k mode the
 * run starts on a counter edge (the clock is read until it changes), so
 * that the result is off by less than one 32 kHz tick (30.5 us) over the
 * N reads; the 32k target is then timed with itself.
 *
 * Output, one line per target, stable for scripts:
 *   <target> <ns with 2 decimals> ns/read  (<N> reads, <net> cycles|ticks)
 * e.g. "prm       651.23 ns/read  (1000 reads, 651230 cycles)".
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef MMIOLAT_H
#define MMIOLAT_H

#include <stdint.h>

struct mmiolat_target {
    const char *name;       /* as given to -t and printed */
    uint32_t phys;          /* physical address of the register read */
    const char *reg;        /* its name in the OMAP3630 TRM */
    const char *path;       /* the interconnect it sits behind */
};

#define MMIOLAT_32K_PHYS    0x48320010u    /* REG_32KSYNCNT_CR */

/*
 * Harmless registers: reading them has no side effect, and each is one
 * that Linux itself reads on the N9.
 */
static const struct mmiolat_target mmiolat_targets[] = {
    { "prm",  0x48306804u, "PRM_REVISION",     "wakeup L4" },
    { "cm",   0x48004a40u, "CM_CLKSEL_CORE",   "CORE L4" },
    { "scm",  0x480022f0u, "CONTROL_STATUS",   "CORE L4" },
    { "sdrc", 0x6d000000u, "SDRC_REVISION",    "L3" },
    { "32k",  MMIOLAT_32K_PHYS, "REG_32KSYNCNT_CR", "wakeup L4" },
};
#define MMIOLAT_NTARGETS \
    (sizeof(mmiolat_targets) / sizeof(mmiolat_targets[0]))

static inline uint32_t mmiolat_ccnt(void)
{
    uint32_t v;

    __asm__ volatile("mrc p15, 0, %0, c9, c13, 0" : "=r"(v));
    return v;
}

/* PMCCNTR ticks for @n reads of @reg (n >= 1). */
static inline uint32_t mmiolat_reads_ccnt(const volatile uint32_t *reg,
                                          uint32_t n)
{
    uint32_t t0, t1, x;

    __asm__ volatile(
        "mrc  p15, 0, %[t0], c9, c13, 0\n"
        "1:   ldr  %[x], [%[r]]\n"
        "     subs %[n], %[n], #1\n"
        "     bne  1b\n"
        "     dsb\n"
        "mrc  p15, 0, %[t1], c9, c13, 0\n"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [x] "=&r"(x), [n] "+r"(n)
        : [r] "r"(reg)
        : "cc", "memory");
    return t1 - t0;
}

/* The same loop without the read. */
static inline uint32_t mmiolat_empty_ccnt(uint32_t n)
{
    uint32_t t0, t1;

    __asm__ volatile(
        "mrc  p15, 0, %[t0], c9, c13, 0\n"
        "1:   nop\n"
        "     subs %[n], %[n], #1\n"
        "     bne  1b\n"
        "     dsb\n"
        "mrc  p15, 0, %[t1], c9, c13, 0\n"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [n] "+r"(n)
        :
        : "cc", "memory");
    return t1 - t0;
}

/*
 * 32 kHz ticks for @n reads of @reg, starting on a tick edge of @k.  The
 * edge wait is outside the timed part: the first clock value taken is the
 * first one that differs from the one before.
 */
static inline uint32_t mmiolat_reads_32k(const volatile uint32_t *reg,
                                         const volatile uint32_t *k,
                                         uint32_t n)
{
    uint32_t a, t0, t1, x;

    __asm__ volatile(
        "     ldr  %[a], [%[k]]\n"
        "2:   ldr  %[t0], [%[k]]\n"
        "     cmp  %[t0], %[a]\n"
        "     beq  2b\n"
        "1:   ldr  %[x], [%[r]]\n"
        "     subs %[n], %[n], #1\n"
        "     bne  1b\n"
        "     dsb\n"
        "     ldr  %[t1], [%[k]]\n"
        : [a] "=&r"(a), [t0] "=&r"(t0), [t1] "=&r"(t1), [x] "=&r"(x),
          [n] "+r"(n)
        : [r] "r"(reg), [k] "r"(k)
        : "cc", "memory");
    return t1 - t0;
}

static inline uint32_t mmiolat_empty_32k(const volatile uint32_t *k,
                                         uint32_t n)
{
    uint32_t a, t0, t1;

    __asm__ volatile(
        "     ldr  %[a], [%[k]]\n"
        "2:   ldr  %[t0], [%[k]]\n"
        "     cmp  %[t0], %[a]\n"
        "     beq  2b\n"
        "1:   nop\n"
        "     subs %[n], %[n], #1\n"
        "     bne  1b\n"
        "     dsb\n"
        "     ldr  %[t1], [%[k]]\n"
        : [a] "=&r"(a), [t0] "=&r"(t0), [t1] "=&r"(t1), [n] "+r"(n)
        : [k] "r"(k)
        : "cc", "memory");
    return t1 - t0;
}

enum mmiolat_clock { MMIOLAT_CCNT, MMIOLAT_32K };

/* Smallest of @reps runs, for a target (@reg) or the empty loop (NULL). */
static inline uint32_t mmiolat_best(enum mmiolat_clock clk,
                                    const volatile uint32_t *reg,
                                    const volatile uint32_t *k,
                                    uint32_t n, unsigned reps)
{
    uint32_t best = UINT32_MAX, t;
    unsigned i;

    for (i = 0; i < reps; i++) {
        if (clk == MMIOLAT_CCNT) {
            t = reg ? mmiolat_reads_ccnt(reg, n) : mmiolat_empty_ccnt(n);
        } else {
            t = reg ? mmiolat_reads_32k(reg, k, n) : mmiolat_empty_32k(k, n);
        }
        if (t < best) {
            best = t;
        }
    }
    return best;
}

/* Unsigned decimal into @p; returns the end.  No libc needed. */
static inline char *mmiolat_utoa(char *p, uint64_t v)
{
    char tmp[24];
    int i = 0;

    do {
        tmp[i++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (i) {
        *p++ = tmp[--i];
    }
    return p;
}

static inline char *mmiolat_str(char *p, const char *s)
{
    while (*s) {
        *p++ = *s++;
    }
    return p;
}

/*
 * The result line for one target into @buf (at least 96 bytes).  @net is
 * the clock count of the N reads minus that of the empty loop (may be
 * negative); @mhz the PMCCNTR rate in MHz (ccnt mode).  Integer arithmetic
 * only, so that the bare-metal build needs no floating point.
 */
static inline void mmiolat_format(char *buf, const char *name,
                                  enum mmiolat_clock clk, int64_t net,
                                  uint32_t n, uint32_t mhz)
{
    /* ns per read, times 100, rounded toward zero */
    uint64_t mag = net < 0 ? (uint64_t)-net : (uint64_t)net;
    uint64_t cns = clk == MMIOLAT_CCNT
        ? mag * 100000u / ((uint64_t)mhz * n)
        : mag * 100000000000ull / (32768ull * n);
    char num[32], *p = num, *q = buf;
    int len, i;

    if (net < 0) {
        *p++ = '-';
    }
    p = mmiolat_utoa(p, cns / 100);
    *p++ = '.';
    *p++ = (char)('0' + cns / 10 % 10);
    *p++ = (char)('0' + cns % 10);
    *p = 0;

    /* "%-5s %10s ns/read  (%u reads, %lld cycles)" */
    q = mmiolat_str(q, name);
    for (i = 0; name[i]; i++) {
    }
    for (; i < 5; i++) {
        *q++ = ' ';
    }
    *q++ = ' ';
    len = (int)(p - num);
    for (i = len; i < 10; i++) {
        *q++ = ' ';
    }
    q = mmiolat_str(q, num);
    q = mmiolat_str(q, " ns/read  (");
    q = mmiolat_utoa(q, n);
    q = mmiolat_str(q, " reads, ");
    if (net < 0) {
        *q++ = '-';
    }
    q = mmiolat_utoa(q, mag);
    q = mmiolat_str(q, clk == MMIOLAT_CCNT ? " cycles)\n" : " ticks)\n");
    *q = 0;
}

#endif /* MMIOLAT_H */
