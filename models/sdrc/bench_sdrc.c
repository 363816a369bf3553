/*
 * Host micro-benchmark of the SDRC model's access path (run by hand, not a
 * test): host ns per sdrc_access for line fills in a few patterns, with
 * SDRC_POWER 0x9 and 0x129, and the modelled ns per access beside.  The
 * next access comes 100 ns after the last one's data (the interconnect
 * and the core), as a dependent load would.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _POSIX_C_SOURCE 199309L
#include "sdrc.h"

#include <stdio.h>
#include <time.h>

#define N       10000000u

static double host_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void run(const char *pattern, uint32_t power, uint64_t span)
{
    SdrcModel m;
    SdrcRegs r;
    SdrcConfig c;
    uint64_t now = 1000, rng = 88172645463325252ull, sum = 0, a = 0;
    double t0, t1;
    uint32_t i;

    sdrc_init(&m, NULL, 195200000, 0x80000000);
    sdrc_n9_regs(&r);
    r.power = power;
    sdrc_decode(&r, 195200000, &c);
    sdrc_set_config(&m, &c, 0);
    t0 = host_ns();
    for (i = 0; i < N; i++) {
        uint64_t ns;

        if (span) {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            a = (rng % span) & ~63ull;
        } else {
            a += 64;
        }
        ns = sdrc_access(&m, 0x80000000 + (a & 0x3fffffc0), 64, 0, now);
        sum += ns;
        now += ns + 100;
    }
    t1 = host_ns();
    printf("%-22s SDRC_POWER 0x%03x: %6.1f host ns/access, %6.1f modelled "
           "ns/access (hits %llu, misses %llu, conflicts %llu, "
           "self-refresh exits %llu, refreshes %llu)\n",
           pattern, power, (t1 - t0) / N, (double)sum / N,
           (unsigned long long)m.cnt.row_hits,
           (unsigned long long)m.cnt.row_misses,
           (unsigned long long)m.cnt.row_conflicts,
           (unsigned long long)m.cnt.sr_exits,
           (unsigned long long)m.cnt.refreshes);
}

int main(void)
{
    static const uint32_t power[] = { SDRC_POWER_LINUX, SDRC_POWER_HS_OFF };
    int i;

    for (i = 0; i < 2; i++) {
        run("sequential lines", power[i], 0);
        run("random lines in 32 MB", power[i], 32u << 20);
        run("random lines in 1 GB", power[i], 1u << 30);
    }
    return 0;
}
