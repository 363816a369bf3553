/*
 * The clock the memory-path and kernel benchmarks (membench, kbench) time
 * with: the Cortex-A8 cycle counter PMCCNTR, read from user space
 * (mrc p15, 0, rN, c9, c13, 0; the kernel option
 * CONFIG_ARM_USER_CYCLE_COUNTER, kernel/patches/mainline/0002-*), as on the
 * phone.
 *
 * - bench_clock_init() checks that PMCCNTR is readable and counting,
 *   reads PMCR.D (the divide-by-64 bit: then one count is 64 cycles) and
 *   finds the CPU frequency: -m MHZ if given, else cpufreq's
 *   scaling_cur_freq of cpu0 if the kernel has cpufreq, else 1000 MHz
 *   (the N9 at OPP100; the model's default), and says which.
 * - bench_span() turns two PMCCNTR readings, taken between two
 *   CLOCK_MONOTONIC readings, into CPU cycles: the 32-bit counter wraps
 *   every 4.29 s at 1 GHz, so whole wraps are added back from the
 *   monotonic clock; a span PMCCNTR and the clock disagree on by more than
 *   a wrap can explain (the PMU driver zeroes PMCCNTR when the MPU comes
 *   back from OFF) is reported as invalid (-1).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef N9_BENCH_H
#define N9_BENCH_H

#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pmccntr.h"

#define bench_ccnt pmccntr_read

static inline int64_t bench_mono_ns(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

struct bench_clock {
    unsigned long mhz;      /* CPU cycles per us */
    unsigned div;           /* CPU cycles per PMCCNTR count: 1 or 64 */
    const char *source;     /* where mhz came from */
};

/*
 * Check PMCCNTR, find the clock.  @mhz_opt: -m MHZ, or 0.  Exits with
 * status 2 (cannot measure) if PMCCNTR cannot be read or does not count.
 */
static inline void bench_clock_init(struct bench_clock *c, const char *prog,
                                    unsigned long mhz_opt)
{
    FILE *f;
    unsigned long khz;

    pmccntr_check(prog);
    c->div = (pmccntr_pmcr() & 8) ? 64 : 1;     /* PMCR.D */
    c->mhz = 1000;
    c->source = "assumed: no cpufreq";
    if (mhz_opt) {
        c->mhz = mhz_opt;
        c->source = "-m";
        return;
    }
    f = fopen("/sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq", "r");
    if (f) {
        if (fscanf(f, "%lu", &khz) == 1 && khz >= 1000) {
            c->mhz = khz / 1000;
            c->source = "cpufreq scaling_cur_freq";
        }
        fclose(f);
    }
}

/* "PMCCNTR 1000 MHz (assumed: no cpufreq)" into @buf */
static inline const char *bench_clock_str(const struct bench_clock *c,
                                          char *buf, size_t len)
{
    snprintf(buf, len, "PMCCNTR %lu MHz (%s)%s", c->mhz, c->source,
             c->div == 64 ? ", PMCR.D set: one count = 64 cycles" : "");
    return buf;
}

/* CPU cycles -> ns */
static inline double bench_ns(const struct bench_clock *c, double cycles)
{
    return cycles * 1000.0 / (double)c->mhz;
}

/*
 * A timed span: read bench_mono_ns() (m0), then PMCCNTR (c0), run, then
 * PMCCNTR (c1), then bench_mono_ns() (m1).  Returns the span in CPU
 * cycles, whole PMCCNTR wraps added back from the monotonic clock, or -1
 * if the two disagree by more than 1% + 100 us (PMCCNTR was reset).
 */
static inline int64_t bench_span(const struct bench_clock *c, uint32_t c0,
                                 uint32_t c1, int64_t m0, int64_t m1)
{
    const int64_t wrap = (int64_t)1 << 32;
    int64_t counts = (int64_t)(uint32_t)(c1 - c0);
    int64_t want = (m1 - m0) * (int64_t)c->mhz / 1000 / c->div;
    int64_t slack = want / 100 + 100 * (int64_t)c->mhz / c->div;

    if (want > counts + wrap / 2) {
        counts += (want - counts + wrap / 2) / wrap * wrap;
    }
    if (counts > want + slack) {
        return -1;          /* more counts than time passed: impossible */
    }
    /* fewer: only the clock reads around the span may account for it */
    if (want - counts > slack) {
        return -1;
    }
    return counts * c->div;
}

#endif /* N9_BENCH_H */
