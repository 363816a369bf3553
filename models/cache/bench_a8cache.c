/*
 * Micro-benchmark of the Cortex-A8 memory hierarchy model, run by hand:
 *
 *   ninja -C BUILD models/cache/bench_a8cache && BUILD/models/cache/bench_a8cache
 *
 * Part 1, the model's own speed: host ns per call (CPU time, best of five)
 * for access streams that hit the L1 (through the hit filter, or by way
 * search), hit the L2, miss to memory, stream stores, and look up the TLB.
 * -c: a short run of part 1 only, for instruction counts:
 *   valgrind --tool=callgrind --callgrind-out-file=cg.out bench_a8cache -c
 *   callgrind_annotate --inclusive=yes cg.out | grep run_stream
 * (each stream makes two passes of 200000 accesses).
 *
 * Part 2, what the model says: modelled ns per load for random dependent
 * loads per working set (as membench does; 4 KB pages, the walk's
 * descriptors from tables in SDRAM), sequential read and write bandwidth,
 * one load per line with and without PLD, with a next level of fixed
 * latency standing in for the SDRAM controller (-n NS, default 90) and the
 * [cache] defaults.  These are not the phone's figures: the SDRC model and
 * the calibration of l3_ns come later; they show the shape.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _POSIX_C_SOURCE 199309L  /* clock_gettime in C99 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "a8cache.h"

#define SDRAM 0x80000000u
#define KB 1024u
#define MB (1024u * 1024u)

static double host_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);  /* CPU time: a busy host */
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static uint32_t xs(uint32_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 17;
    *x ^= *x << 5;
    return *x;
}

static a8cache *model(uint32_t *mem_ns)
{
    a8cache *c = malloc(sizeof(*c));
    a8cache_next next = { a8cache_fixed_next, mem_ns };

    a8cache_init(c, &a8cache_default_params, &next, 1);
    return c;
}

/* Addresses first (so the timing is the model's, not the generator's). */
static uint32_t *stream(unsigned n, uint32_t span, int random, uint32_t step)
{
    uint32_t *a = malloc(n * sizeof(*a));
    uint32_t x = 2463534242u;

    for (unsigned i = 0; i < n; i++) {
        a[i] = SDRAM + (random ? (xs(&x) & (span - 1) & ~3u)
                               : (uint32_t)((uint64_t)i * step % span));
        if (random == 2) {
            /* every other access 64 KB higher: the same L1 sets (the L1
             * holds both halves) and the same hit-filter slots (which
             * thrash): hits found by the way search */
            a[i] += (i & 1) * 64 * KB;
        }
    }
    return a;
}

/* One pass over the stream; its own function so that a profiler
 * (valgrind --tool=callgrind) can count its instructions. */
static __attribute__((noinline)) uint32_t run_stream(a8cache *c,
                                                     const uint32_t *a,
                                                     unsigned n, int kind)
{
    uint64_t now = 0;
    uint32_t acc = 0;

    for (unsigned i = 0; i < n; i++) {
        uint32_t s;

        switch (kind) {
        case 0:
            s = a8cache_load(c, a[i], 4, now);
            break;
        case 1:
            s = a8cache_store(c, a[i], 4, now);
            break;
        default:
            s = 0;
            if (!a8cache_tlb_hit(c, A8C_DTLB, a[i], 1)) {
                a8cache_walk w = { { SDRAM + 0x4000, SDRAM + 0x8000 },
                                   2, 12, 0, 1, 0, 0 };

                s = a8cache_walk_tlb(c, A8C_DTLB, a[i], 1, &w, now);
            }
            break;
        }
        acc += s;
        now += 1 + s;
    }
    return acc;
}

static int passes = 6;

static void speed(const char *what, a8cache *c, const uint32_t *a, unsigned n,
                  int kind)
{
    volatile uint32_t sink = 0;
    double t0, t1, best = 1e30;

    /* warm up once, then the best of the others (the host is shared) */
    for (int pass = 0; pass < passes; pass++) {
        t0 = host_ns();
        sink += run_stream(c, a, n, kind);
        t1 = host_ns();
        if (pass && t1 - t0 < best) {
            best = t1 - t0;
        }
    }
    (void)sink;
    printf("  %-48s %6.2f ns/access\n", what, best / n);
}

/* membench's random dependent loads: modelled ns per load, TLB included. */
static double random_loads(a8cache *c, uint32_t ws, unsigned n)
{
    uint32_t x = 88172645u;
    uint64_t now = 0, start = 0;

    for (unsigned i = 0; i < 2 * n; i++) {
        uint32_t off = xs(&x) & (ws - 1) & ~3u;
        uint32_t va = 0x40000000u + off, pa = SDRAM + 0x1000000 + off;
        uint32_t ns = 0;

        if (i == n) {
            start = now;
        }
        if (!a8cache_tlb_hit(c, A8C_DTLB, va, 1)) {
            a8cache_walk w = { { SDRAM + 0x4000 + (va >> 20) * 4,
                                 SDRAM + 0x800000 + (va >> 20 << 10) +
                                 ((va >> 12) & 0xff) * 4 },
                               2, 12, 0, 1, 0, 0 };
            ns += a8cache_walk_tlb(c, A8C_DTLB, va, 1, &w, now);
        }
        ns += a8cache_load(c, pa, 4, now + ns);
        now += 3 + ns;          /* ldr, subs, bne */
    }
    return (double)(now - start) / n;
}

/* Sequential reads of @len bytes, 8 bytes per ldm-pair, PLD @ahead lines. */
static double seq_read(a8cache *c, uint32_t len, int ahead)
{
    uint64_t now = 0;

    for (uint32_t a = 0; a < len; a += 8) {
        uint32_t ns = 0;

        if (ahead && !(a & 63)) {
            ns += a8cache_pld(c, SDRAM + a + ahead * 64, now);
            now += 1;
        }
        ns += a8cache_load(c, SDRAM + a, 8, now);
        now += 1 + ns;
        if (!(a & 63)) {
            now += 2;           /* loop */
        }
    }
    return len / (now / 1e9) / 1e6;
}

static double seq_write(a8cache *c, uint32_t len)
{
    uint64_t now = 0;

    for (uint32_t a = 0; a < len; a += 8) {
        now += 1 + a8cache_store(c, SDRAM + 0x10000000 + a, 8, now);
        if (!(a & 63)) {
            now += 2;
        }
    }
    return len / (now / 1e9) / 1e6;
}

/* One load per line over @len bytes: modelled ns per line. */
static double per_line(a8cache *c, uint32_t len, int ahead)
{
    uint64_t now = 0;

    for (uint32_t a = 0; a < len; a += 64) {
        uint32_t ns = 0;

        if (ahead) {
            ns += a8cache_pld(c, SDRAM + 0x4000000 + a + ahead * 64, now);
            now += 1;
        }
        ns += a8cache_load(c, SDRAM + 0x4000000 + a, 4, now);
        now += 3 + ns;
    }
    return (double)now / (len / 64);
}

int main(int argc, char **argv)
{
    uint32_t mem_ns = 90;
    unsigned n = 2000000;
    int host_only = 0;
    a8cache *c;
    uint32_t *a;

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-n") && i + 1 < argc) {
            mem_ns = (uint32_t)atoi(argv[++i]);
        } else if (!strcmp(argv[i], "-c")) {
            /* for instruction counts: a short run, host part only */
            n = 200000;
            passes = 2;
            host_only = 1;
        } else {
            fprintf(stderr, "usage: %s [-n NS] [-c]\n", argv[0]);
            return 2;
        }
    }
    printf("a8cache micro-benchmark (sizeof(a8cache) = %zu bytes)\n",
           sizeof(a8cache));
    printf("host speed (CPU time, best of 5 runs of %u accesses):\n", n);

    c = model(&mem_ns);
    a = stream(n, 16 * KB, 0, 4);
    speed("L1 hit, sequential words", c, a, n, 0);
    free(a);
    a = stream(n, 16 * KB, 1, 0);
    speed("L1 hit, random words in 16 KB (hit filter)", c, a, n, 0);
    free(a);
    a = stream(n, 16 * KB, 2, 0);
    speed("L1 hit, 2 x 16 KB 64 KB apart (way search)", c, a, n, 0);
    free(a);
    a = stream(n, 128 * KB, 1, 0);
    speed("L2 hit, random words in 128 KB", c, a, n, 0);
    free(a);
    a = stream(n, 32 * MB, 1, 0);
    speed("miss, random words in 32 MB", c, a, n, 0);
    free(a);
    a = stream(n, 1 * MB, 0, 4);
    speed("store, sequential words over 1 MB", c, a, n, 1);
    free(a);
    a = stream(n, 16 * KB, 0, 4);
    speed("D-TLB hit, same page", c, a, n, 2);
    free(a);
    a = stream(n, 128 * KB, 1, 0);
    speed("D-TLB hit, random pages in 128 KB (32 entries)", c, a, n, 2);
    free(a);
    a = stream(n, 256 * KB, 1, 0);
    speed("D-TLB random pages in 256 KB (half miss+walk)", c, a, n, 2);
    free(a);
    free(c);

    if (host_only) {
        return 0;
    }
    printf("\nmodelled, next level %u ns, [cache] defaults:\n", mem_ns);
    printf("  random dependent loads (3 instructions + stall):\n");
    for (uint32_t ws = 16 * KB; ws <= 32 * MB; ws *= 2) {
        c = model(&mem_ns);
        printf("    %6u KB  %7.1f ns/load\n", ws / KB,
               random_loads(c, ws, 2000000));
        free(c);
    }
    c = model(&mem_ns);
    printf("  sequential read 16 MB:          %7.0f MB/s\n",
           seq_read(c, 16 * MB, 0));
    free(c);
    c = model(&mem_ns);
    printf("  sequential read 16 MB, PLD +4:  %7.0f MB/s\n",
           seq_read(c, 16 * MB, 4));
    free(c);
    c = model(&mem_ns);
    printf("  sequential write 16 MB:         %7.0f MB/s\n",
           seq_write(c, 16 * MB));
    free(c);
    c = model(&mem_ns);
    printf("  one load per line:              %7.1f ns/line\n",
           per_line(c, 16 * MB, 0));
    free(c);
    c = model(&mem_ns);
    printf("  one load per line, PLD +4:      %7.1f ns/line\n",
           per_line(c, 16 * MB, 4));
    free(c);
    return 0;
}
