/*
 * membench: the memory path as the phone's membench measured it
 * (docs/facts.md, "The memory path"; its figures: timing/phone-measured.ini,
 * which n9 membench prints beside this program's), timed with the cycle counter PMCCNTR (bench.h).
 *
 * Tests (-t, comma separated; default lat,bw,line; --pause adds pause):
 *   lat    random dependent loads per working set: a pointer chase through
 *          a random cyclic permutation of the set's 64-byte lines (one
 *          element per cache line, each load's address is the value the
 *          last one loaded), built with Sattolo's algorithm from a fixed
 *          seed, so every run chases the same permutation.  One untimed
 *          round first (caches and TLB warm), then whole rounds, at least
 *          -n loads, timed; ns per load.
 *   bw     sequential bandwidth over -b bytes (default 8 MB, more than the
 *          256 KB L2): read (NEON vld1, 64 bytes per iteration, summed so
 *          the loop can be checked), write with glibc memset and with NEON
 *          vst1, copy with glibc memcpy and with NEON vld1/vst1 (64 bytes
 *          per iteration); MB/s, MB = 10^6 bytes, bytes copied for copy.
 *   line   one load per 64-byte line over -l bytes (default 8 MB), without
 *          and with a software prefetch (PLD) -p lines ahead (default 8);
 *          ns per line.
 *   pause  the SDRC self-refresh case: batches of -B random loads over
 *          --pause-ws bytes (default 32 MB: the loads miss the caches),
 *          with a pause of --pause us between batches (clock_nanosleep, or
 *          a busy-wait on PMCCNTR with --spin, which touches no memory).
 *          The first -K loads after each pause (default 1) are timed apart
 *          from the rest: with SDRC_POWER 0x129 the SDRAM is in
 *          self-refresh after every pause and the first miss pays its
 *          exit.  The last -K loads of the batch are timed with the same
 *          code as the first (the loop's own cost is the same: compare
 *          first with last), the loads between them with the chase loop
 *          of the lat test (steady).
 *
 * Every timed loop is checked after it ran (untimed): the chase's steps
 * back to its start must equal the set's elements, and the timed rounds
 * must end where they began; bandwidth loops by checksum or content; the
 * line loops by the sum of what they loaded.  Any failed check is printed
 * ("check FAIL") and makes the exit status 3.
 *
 * Usage: membench [-t TESTS] [-s SIZES] [-r R] [-n LOADS] [-b BYTES]
 *                 [-l BYTES] [-p LINES] [--pause US] [--pauses N]
 *                 [-B LOADS] [-K LOADS] [--pause-ws BYTES] [--spin]
 *                 [--seed S] [--marks BASE] [-m MHZ]
 * SIZES: comma separated, bytes with an optional K or M suffix, each a
 * multiple of 64 and at least 128 (default 16K,32K,...,32M).  R: best of
 * R runs (default 3, as on the phone).  --marks BASE: mark the machine's
 * counters (the rm696 mark port, as `n9host mark`) at the start and end
 * of each measured item: BASE + 2i and BASE + 2i + 1 for the i-th.
 * Exit status: 0 measured, 1 usage, 2 cannot measure, 3 a check failed.
 *
 * Output (stable for scripts; guest/README.md):
 *   # membench: clock PMCCNTR 1000 MHz (cpufreq scaling_cur_freq), best of 3, seed 1
 *   lat size 16K elements 256 loads 131072 cycles 164101 ns_per_load 1.25 check ok
 *   bw read-neon bytes 8388608 cycles 1048707 MB_s 7998.97 check ok
 *   line pld 0 lines 131072 cycles 655444 ns_per_line 5.00 check ok
 *   pause us 1000 mode sleep ws 32M pauses 50 batch 256 first 1
 *         first_ns_per_load mean 9.00 min 9.00 max 9.00 steady_ns_per_load
 *         mean 1.26 min 1.26 max 1.26 last_ns_per_load mean 9.00 min 9.00
 *         max 9.00 check ok                                    (one line)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"

#define LINE_BYTES      64u
#define MAX_SIZES       32

enum { T_LAT = 1, T_BW = 2, T_LINE = 4, T_PAUSE = 8 };

static struct bench_clock clk;
static unsigned reps = 3;
static unsigned failures;

/* ------------------------------------------------------------------ */
/* the machine's mark port (rm696, 0x40020100; guest/n9host)          */

#define MARK_PORT_PAGE      0x40020000u
#define MARK_PORT_OFFSET    0x100u

static volatile uint32_t *mark_port;
static long mark_next = -1;         /* next mark number, -1: no marks */

static void marks_init(unsigned long base)
{
    int fd = open("/dev/mem", O_RDWR | O_SYNC);
    void *p;

    if (fd < 0) {
        fprintf(stderr, "membench: --marks: /dev/mem: %s\n", strerror(errno));
        exit(2);
    }
    p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
             MARK_PORT_PAGE);
    close(fd);
    if (p == MAP_FAILED) {
        fprintf(stderr, "membench: --marks: cannot map the mark port: %s\n",
                strerror(errno));
        exit(2);
    }
    mark_port = (volatile uint32_t *)p;
    mark_next = (long)base;
}

/* mark the start of an item; returns its number (-1 without marks) */
static long mark_begin(void)
{
    if (mark_next < 0) {
        return -1;
    }
    mark_port[MARK_PORT_OFFSET / 4] = (uint32_t)mark_next;
    return mark_next;
}

/* mark the end of the item begun with @m; " marks A B" into the line */
static void mark_end(long m, char *buf, size_t len)
{
    buf[0] = 0;
    if (m < 0) {
        return;
    }
    mark_port[MARK_PORT_OFFSET / 4] = (uint32_t)(m + 1);
    mark_next = m + 2;
    snprintf(buf, len, " marks %ld %ld", m, m + 1);
}

/* ------------------------------------------------------------------ */
/* the timed loops                                                     */

/*
 * @n dependent loads from @p (each loads the next address); the cycles
 * (PMCCNTR counts) between the clock reads in *@counts.  Sixteen loads per
 * iteration, then one per iteration for the rest; a dsb before the second
 * clock read so that the last load has completed.
 */
static void *chase(void *p, uint32_t n, uint32_t *counts)
{
    uint32_t t0, t1, m = n >> 4, r = n & 15;

    __asm__ volatile(
        "mrc  p15, 0, %[t0], c9, c13, 0\n"
        "     cmp  %[m], #0\n"
        "     beq  2f\n"
        "1:   ldr  %[p], [%[p]]\n"
        "     ldr  %[p], [%[p]]\n"
        "     ldr  %[p], [%[p]]\n"
        "     ldr  %[p], [%[p]]\n"
        "     ldr  %[p], [%[p]]\n"
        "     ldr  %[p], [%[p]]\n"
        "     ldr  %[p], [%[p]]\n"
        "     ldr  %[p], [%[p]]\n"
        "     ldr  %[p], [%[p]]\n"
        "     ldr  %[p], [%[p]]\n"
        "     ldr  %[p], [%[p]]\n"
        "     ldr  %[p], [%[p]]\n"
        "     ldr  %[p], [%[p]]\n"
        "     ldr  %[p], [%[p]]\n"
        "     ldr  %[p], [%[p]]\n"
        "     ldr  %[p], [%[p]]\n"
        "     subs %[m], %[m], #1\n"
        "     bne  1b\n"
        "2:   cmp  %[r], #0\n"
        "     beq  4f\n"
        "3:   ldr  %[p], [%[p]]\n"
        "     subs %[r], %[r], #1\n"
        "     bne  3b\n"
        "4:   dsb\n"
        "mrc  p15, 0, %[t1], c9, c13, 0\n"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [p] "+r"(p), [m] "+r"(m),
          [r] "+r"(r)
        :
        : "cc", "memory");
    *counts = t1 - t0;
    return p;
}

/* NEON read of @n bytes (a multiple of 64) at @src; the 32-bit word sum */
static uint32_t read_neon(const void *src, uint32_t n, uint32_t *counts)
{
    uint32_t t0, t1, s0, s1, s2, s3;

    __asm__ volatile(
        "     vmov.i32 q8, #0\n"
        "     vmov.i32 q9, #0\n"
        "     vmov.i32 q10, #0\n"
        "     vmov.i32 q11, #0\n"
        "mrc  p15, 0, %[t0], c9, c13, 0\n"
        "1:   vld1.64 {d0-d3}, [%[s]:128]!\n"
        "     vld1.64 {d4-d7}, [%[s]:128]!\n"
        "     vadd.i32 q8, q8, q0\n"
        "     vadd.i32 q9, q9, q1\n"
        "     vadd.i32 q10, q10, q2\n"
        "     vadd.i32 q11, q11, q3\n"
        "     subs %[n], %[n], #64\n"
        "     bne  1b\n"
        "     dsb\n"
        "mrc  p15, 0, %[t1], c9, c13, 0\n"
        "     vadd.i32 q8, q8, q9\n"
        "     vadd.i32 q10, q10, q11\n"
        "     vadd.i32 q8, q8, q10\n"
        "     vmov %[s0], %[s1], d16\n"
        "     vmov %[s2], %[s3], d17\n"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [s] "+r"(src), [n] "+r"(n),
          [s0] "=&r"(s0), [s1] "=&r"(s1), [s2] "=&r"(s2), [s3] "=&r"(s3)
        :
        : "cc", "memory", "d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7",
          "d16", "d17", "d18", "d19", "d20", "d21", "d22", "d23");
    *counts = t1 - t0;
    return s0 + s1 + s2 + s3;
}

/* NEON write of the word @v over @n bytes (a multiple of 64) at @dst */
static void write_neon(void *dst, uint32_t v, uint32_t n, uint32_t *counts)
{
    uint32_t t0, t1;

    __asm__ volatile(
        "     vdup.32 q0, %[v]\n"
        "     vmov q1, q0\n"
        "mrc  p15, 0, %[t0], c9, c13, 0\n"
        "1:   vst1.64 {d0-d3}, [%[d]:128]!\n"
        "     vst1.64 {d0-d3}, [%[d]:128]!\n"
        "     subs %[n], %[n], #64\n"
        "     bne  1b\n"
        "     dsb\n"
        "mrc  p15, 0, %[t1], c9, c13, 0\n"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [d] "+r"(dst), [n] "+r"(n)
        : [v] "r"(v)
        : "cc", "memory", "d0", "d1", "d2", "d3");
    *counts = t1 - t0;
}

/* NEON copy of @n bytes (a multiple of 64), 64 bytes per iteration */
static void copy_neon(void *dst, const void *src, uint32_t n,
                      uint32_t *counts)
{
    uint32_t t0, t1;

    __asm__ volatile(
        "mrc  p15, 0, %[t0], c9, c13, 0\n"
        "1:   vld1.64 {d0-d3}, [%[s]:128]!\n"
        "     vld1.64 {d4-d7}, [%[s]:128]!\n"
        "     vst1.64 {d0-d3}, [%[d]:128]!\n"
        "     vst1.64 {d4-d7}, [%[d]:128]!\n"
        "     subs %[n], %[n], #64\n"
        "     bne  1b\n"
        "     dsb\n"
        "mrc  p15, 0, %[t1], c9, c13, 0\n"
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [d] "+r"(dst), [s] "+r"(src),
          [n] "+r"(n)
        :
        : "cc", "memory", "d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7");
    *counts = t1 - t0;
}

/*
 * One load per 64-byte line of @n lines from @p, summed; with @pld_off
 * nonzero a PLD @pld_off bytes ahead of each load, else a nop in its
 * place (the same instructions per line either way).
 */
static uint32_t line_loads(const void *p, uint32_t n, uint32_t pld_off,
                           uint32_t *counts)
{
    uint32_t t0, t1, x, sum = 0;

    if (pld_off) {
        __asm__ volatile(
            "mrc  p15, 0, %[t0], c9, c13, 0\n"
            "1:   ldr  %[x], [%[p]], #64\n"
            "     pld  [%[p], %[o]]\n"
            "     add  %[sum], %[sum], %[x]\n"
            "     subs %[n], %[n], #1\n"
            "     bne  1b\n"
            "     dsb\n"
            "mrc  p15, 0, %[t1], c9, c13, 0\n"
            : [t0] "=&r"(t0), [t1] "=&r"(t1), [x] "=&r"(x), [p] "+r"(p),
              [n] "+r"(n), [sum] "+r"(sum)
            : [o] "r"(pld_off)
            : "cc", "memory");
    } else {
        __asm__ volatile(
            "mrc  p15, 0, %[t0], c9, c13, 0\n"
            "1:   ldr  %[x], [%[p]], #64\n"
            "     nop\n"
            "     add  %[sum], %[sum], %[x]\n"
            "     subs %[n], %[n], #1\n"
            "     bne  1b\n"
            "     dsb\n"
            "mrc  p15, 0, %[t1], c9, c13, 0\n"
            : [t0] "=&r"(t0), [t1] "=&r"(t1), [x] "=&r"(x), [p] "+r"(p),
              [n] "+r"(n), [sum] "+r"(sum)
            :
            : "cc", "memory");
    }
    *counts = t1 - t0;
    return sum;
}

/* Busy-wait @cycles CPU cycles on PMCCNTR alone: no load or store. */
static void spin(uint64_t cycles)
{
    uint32_t t0 = bench_ccnt(), target = (uint32_t)(cycles / clk.div);

    while ((uint32_t)(bench_ccnt() - t0) < target) {
    }
}

/* ------------------------------------------------------------------ */
/* helpers                                                             */

static uint32_t rng_state;

/* xorshift32: a fixed sequence from the seed, the same on every run */
static uint32_t rng(void)
{
    uint32_t x = rng_state;

    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return rng_state = x;
}

static void *alloc(size_t bytes, const char *what)
{
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

    if (p == MAP_FAILED) {
        fprintf(stderr, "membench: cannot map %zu bytes for %s: %s\n",
                bytes, what, strerror(errno));
        exit(2);
    }
    memset(p, 0, bytes);        /* every page present before timing */
    return p;
}

static const char *size_str(size_t b, char *buf, size_t len)
{
    if (b >= (1u << 20) && b % (1u << 20) == 0) {
        snprintf(buf, len, "%zuM", b >> 20);
    } else if (b >= 1024 && b % 1024 == 0) {
        snprintf(buf, len, "%zuK", b >> 10);
    } else {
        snprintf(buf, len, "%zu", b);
    }
    return buf;
}

static int parse_size(const char *s, size_t *out)
{
    char *end;
    unsigned long long v = strtoull(s, &end, 0);

    if (end == s) {
        return -1;
    }
    if (*end == 'k' || *end == 'K') {
        v <<= 10;
        end++;
    } else if (*end == 'm' || *end == 'M') {
        v <<= 20;
        end++;
    }
    if (*end || v == 0 || v > (256ull << 20)) {
        return -1;
    }
    *out = (size_t)v;
    return 0;
}

static const char *check_str(int ok)
{
    if (!ok) {
        failures++;
    }
    return ok ? "ok" : "FAIL";
}

/*
 * The chase over the first @bytes of @buf: a random cyclic permutation of
 * its lines (Sattolo's algorithm: from a single cycle, each step swaps
 * element i with one of the elements before it), line i holding the
 * address of the line after it in the cycle.  @perm: scratch of
 * bytes / 64 words.  Returns the start (line 0).
 */
static void *build_chase(char *buf, size_t bytes, uint32_t *perm,
                         uint32_t seed)
{
    uint32_t n = (uint32_t)(bytes / LINE_BYTES), i, j, t;

    rng_state = seed ? seed : 1;
    for (i = 0; i < n; i++) {
        perm[i] = i;
    }
    for (i = n - 1; i > 0; i--) {
        j = (uint32_t)(((uint64_t)rng() * i) >> 32);    /* 0 <= j < i */
        t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    /* perm as a mapping line -> next line is one cycle through all n */
    for (i = 0; i < n; i++) {
        *(void **)(buf + (size_t)i * LINE_BYTES) =
            buf + (size_t)perm[i] * LINE_BYTES;
    }
    return buf;
}

/* Untimed: the steps from @start back to it (at most @cap) */
static uint32_t cycle_length(void *start, uint32_t cap)
{
    void *p = start;
    uint32_t steps = 0;

    do {
        p = *(void **)p;
        steps++;
    } while (p != start && steps <= cap);
    return steps;
}

/* best (smallest) valid span of the runs; -1 if none was valid */
struct best {
    int64_t cycles;
};

static void best_init(struct best *b)
{
    b->cycles = -1;
}

static void best_add(struct best *b, int64_t c)
{
    if (c >= 0 && (b->cycles < 0 || c < b->cycles)) {
        b->cycles = c;
    }
}

/* ------------------------------------------------------------------ */
/* the tests                                                           */

static void test_lat(char *buf, uint32_t *perm, const size_t *sizes,
                     unsigned nsizes, unsigned long min_loads, uint32_t seed)
{
    unsigned k, i;

    printf("# lat: random dependent loads, one per %u-byte line, through a "
           "random cyclic permutation; at least %lu loads per run, after "
           "one untimed round\n", LINE_BYTES, min_loads);
    for (k = 0; k < nsizes; k++) {
        uint32_t n = (uint32_t)(sizes[k] / LINE_BYTES), rounds, counts;
        uint64_t loads;
        void *start, *p;
        struct best b;
        char sz[16], mk[32];
        int ok;
        long m;

        start = build_chase(buf, sizes[k], perm, seed);
        ok = cycle_length(start, n) == n;
        rounds = (uint32_t)((min_loads + n - 1) / n);
        if (rounds == 0) {
            rounds = 1;
        }
        loads = (uint64_t)rounds * n;
        if (loads > 0xffffffffull) {
            rounds = 0xffffffffu / n;
            loads = (uint64_t)rounds * n;
        }
        m = mark_begin();
        p = chase(start, n, &counts);           /* warm-up round */
        ok = ok && p == start;
        best_init(&b);
        for (i = 0; i < reps; i++) {
            int64_t m0 = bench_mono_ns(), m1;

            p = chase(start, (uint32_t)loads, &counts);
            m1 = bench_mono_ns();
            ok = ok && p == start;
            best_add(&b, bench_span(&clk, 0, counts, m0, m1));
        }
        mark_end(m, mk, sizeof(mk));
        printf("lat size %s elements %u loads %llu cycles %lld "
               "ns_per_load %.2f check %s%s\n",
               size_str(sizes[k], sz, sizeof(sz)), n,
               (unsigned long long)loads, (long long)b.cycles,
               b.cycles < 0 ? -1.0 : bench_ns(&clk, (double)b.cycles) / loads,
               check_str(ok && b.cycles >= 0), mk);
        fflush(stdout);
    }
}

static void bw_line(const char *name, uint32_t bytes, struct best *b, int ok,
                    long m)
{
    char mk[32];

    mark_end(m, mk, sizeof(mk));
    printf("bw %s bytes %u cycles %lld MB_s %.2f check %s%s\n", name, bytes,
           (long long)b->cycles,
           b->cycles <= 0 ? -1.0 :
           (double)bytes * 1000.0 / bench_ns(&clk, (double)b->cycles),
           check_str(ok && b->cycles >= 0), mk);
    fflush(stdout);
}

static int all_words(const uint32_t *p, size_t words, uint32_t v)
{
    size_t i;

    for (i = 0; i < words; i++) {
        if (p[i] != v) {
            return 0;
        }
    }
    return 1;
}

static void test_bw(uint32_t bytes)
{
    uint32_t *src = alloc(bytes, "the bandwidth source");
    uint32_t *dst = alloc(bytes, "the bandwidth destination");
    size_t words = bytes / 4, w;
    uint32_t counts, ref = 0, sum;
    struct best b;
    unsigned i;
    int ok;
    long m;

    printf("# bw: %u bytes per run (MB = 10^6 bytes; copy counts the bytes "
           "copied)\n", bytes);
    for (w = 0; w < words; w++) {
        src[w] = (uint32_t)w * 2654435761u + 12345u;
        ref += src[w];
    }

    /* read: NEON, summed */
    m = mark_begin();
    best_init(&b);
    ok = 1;
    for (i = 0; i < reps; i++) {
        int64_t m0 = bench_mono_ns();

        sum = read_neon(src, bytes, &counts);
        best_add(&b, bench_span(&clk, 0, counts, m0, bench_mono_ns()));
        ok = ok && sum == ref;
    }
    bw_line("read-neon", bytes, &b, ok, m);

    /* write: glibc memset, a different byte each run */
    m = mark_begin();
    best_init(&b);
    ok = 1;
    for (i = 0; i < reps; i++) {
        uint8_t v = (uint8_t)(0x5a + i);
        int64_t m0 = bench_mono_ns();
        uint32_t c0 = bench_ccnt(), c1;

        memset(dst, v, bytes);
        __asm__ volatile("dsb" ::: "memory");
        c1 = bench_ccnt();
        best_add(&b, bench_span(&clk, c0, c1, m0, bench_mono_ns()));
        ok = ok && all_words(dst, words, v * 0x01010101u);
    }
    bw_line("write-memset", bytes, &b, ok, m);

    /* write: NEON */
    m = mark_begin();
    best_init(&b);
    ok = 1;
    for (i = 0; i < reps; i++) {
        uint32_t v = 0xa5a50000u + i;
        int64_t m0 = bench_mono_ns();

        write_neon(dst, v, bytes, &counts);
        best_add(&b, bench_span(&clk, 0, counts, m0, bench_mono_ns()));
        ok = ok && all_words(dst, words, v);
    }
    bw_line("write-neon", bytes, &b, ok, m);

    /* copy: glibc memcpy; the destination cleared before each run */
    m = mark_begin();
    best_init(&b);
    ok = 1;
    for (i = 0; i < reps; i++) {
        int64_t m0;
        uint32_t c0, c1;

        memset(dst, 0, bytes);
        m0 = bench_mono_ns();
        c0 = bench_ccnt();
        memcpy(dst, src, bytes);
        __asm__ volatile("dsb" ::: "memory");
        c1 = bench_ccnt();
        best_add(&b, bench_span(&clk, c0, c1, m0, bench_mono_ns()));
        ok = ok && memcmp(dst, src, bytes) == 0;
    }
    bw_line("copy-memcpy", bytes, &b, ok, m);

    /* copy: NEON */
    m = mark_begin();
    best_init(&b);
    ok = 1;
    for (i = 0; i < reps; i++) {
        int64_t m0;

        memset(dst, 0, bytes);
        m0 = bench_mono_ns();
        copy_neon(dst, src, bytes, &counts);
        best_add(&b, bench_span(&clk, 0, counts, m0, bench_mono_ns()));
        ok = ok && memcmp(dst, src, bytes) == 0;
    }
    bw_line("copy-neon", bytes, &b, ok, m);

    munmap(src, bytes);
    munmap(dst, bytes);
}

static void test_line(char *buf, uint32_t bytes, unsigned pld)
{
    uint32_t n = bytes / LINE_BYTES, ref = 0, counts, i, sum;
    unsigned v, r;

    printf("# line: one load per %u-byte line over %u bytes, without and "
           "with PLD %u lines ahead\n", LINE_BYTES, bytes, pld);
    for (i = 0; i < n; i++) {
        uint32_t *w = (uint32_t *)(buf + (size_t)i * LINE_BYTES);

        *w = i * 40503u + 7u;
        ref += *w;
    }
    for (v = 0; v < 2; v++) {
        uint32_t off = v ? pld * LINE_BYTES : 0;
        struct best b;
        char mk[32];
        int ok = 1;
        long m = mark_begin();

        best_init(&b);
        for (r = 0; r < reps; r++) {
            int64_t m0 = bench_mono_ns();

            sum = line_loads(buf, n, off, &counts);
            best_add(&b, bench_span(&clk, 0, counts, m0, bench_mono_ns()));
            ok = ok && sum == ref;
        }
        mark_end(m, mk, sizeof(mk));
        printf("line pld %u lines %u cycles %lld ns_per_line %.2f check %s%s\n",
               v ? pld : 0, n, (long long)b.cycles,
               b.cycles < 0 ? -1.0 : bench_ns(&clk, (double)b.cycles) / n,
               check_str(ok && b.cycles >= 0), mk);
        fflush(stdout);
    }
}

struct stat_ns {
    double sum, min, max;
    unsigned n;
};

static void stat_add(struct stat_ns *s, double v)
{
    if (!s->n || v < s->min) {
        s->min = v;
    }
    if (!s->n || v > s->max) {
        s->max = v;
    }
    s->sum += v;
    s->n++;
}

static void test_pause(char *buf, uint32_t *perm, size_t ws, uint32_t seed,
                       unsigned long us, unsigned pauses, uint32_t batch,
                       uint32_t first, int spinning)
{
    uint32_t n = (uint32_t)(ws / LINE_BYTES), c1, c2, c3, i, walked;
    struct stat_ns sf = { 0, 0, 0, 0 }, ss = { 0, 0, 0, 0 };
    struct stat_ns sl = { 0, 0, 0, 0 };
    struct timespec ts = { (time_t)(us / 1000000),
                           (long)(us % 1000000) * 1000 };
    uint64_t total = (uint64_t)pauses * batch;
    uint32_t mid = batch - 2 * first;
    void *start, *p, *q;
    char sz[16], mk[32];
    long m;
    int ok;

    printf("# pause: batches of %u random loads over %s, a %s of %lu us "
           "before each; the first %u and the last %u loads of each batch "
           "timed apart from the %u between (the same code times the first "
           "and the last)\n",
           batch, size_str(ws, sz, sizeof(sz)),
           spinning ? "busy-wait" : "sleep", us, first, first, mid);
    start = build_chase(buf, ws, perm, seed);
    ok = cycle_length(start, n) == n;
    p = start;
    m = mark_begin();
    for (i = 0; i < pauses; i++) {
        if (spinning) {
            spin((uint64_t)us * clk.mhz);
        } else {
            clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, NULL);
        }
        p = chase(p, first, &c1);
        p = chase(p, mid, &c2);
        p = chase(p, first, &c3);
        stat_add(&sf, bench_ns(&clk, (double)c1 * clk.div) / first);
        stat_add(&ss, bench_ns(&clk, (double)c2 * clk.div) / mid);
        stat_add(&sl, bench_ns(&clk, (double)c3 * clk.div) / first);
    }
    mark_end(m, mk, sizeof(mk));
    /* untimed: the loads went exactly total mod n steps along the cycle */
    q = start;
    for (walked = 0; walked < total % n; walked++) {
        q = *(void **)q;
    }
    ok = ok && p == q;
    printf("pause us %lu mode %s ws %s pauses %u batch %u first %u "
           "first_ns_per_load mean %.2f min %.2f max %.2f "
           "steady_ns_per_load mean %.2f min %.2f max %.2f "
           "last_ns_per_load mean %.2f min %.2f max %.2f check %s%s\n",
           us, spinning ? "spin" : "sleep", sz, pauses, batch, first,
           sf.sum / sf.n, sf.min, sf.max, ss.sum / ss.n, ss.min, ss.max,
           sl.sum / sl.n, sl.min, sl.max, check_str(ok), mk);
    fflush(stdout);
}

/* ------------------------------------------------------------------ */

static void usage(void)
{
    fprintf(stderr,
            "usage: membench [-t lat,bw,line,pause] [-s SIZES] [-r R] "
            "[-n LOADS] [-b BYTES]\n"
            "                [-l BYTES] [-p LINES] [--pause US] [--pauses N] "
            "[-B LOADS] [-K LOADS]\n"
            "                [--pause-ws BYTES] [--spin] [--seed S] "
            "[--marks BASE] [-m MHZ]\n");
    exit(1);
}

static unsigned long num(const char *s, const char *opt, unsigned long lo,
                         unsigned long hi)
{
    char *end;
    unsigned long v = strtoul(s, &end, 0);

    if (end == s || *end || v < lo || v > hi) {
        fprintf(stderr, "membench: %s wants %lu..%lu\n", opt, lo, hi);
        usage();
    }
    return v;
}

static size_t size_opt(const char *s, const char *opt)
{
    size_t v;

    if (parse_size(s, &v) || v % LINE_BYTES || v < 2 * LINE_BYTES) {
        fprintf(stderr, "membench: %s: '%s' is not a size of at least 128 "
                "bytes, a multiple of 64, at most 256M\n", opt, s);
        usage();
    }
    return v;
}

int main(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "pause", required_argument, NULL, 'P' },
        { "pauses", required_argument, NULL, 'N' },
        { "pause-ws", required_argument, NULL, 'W' },
        { "spin", no_argument, NULL, 'S' },
        { "seed", required_argument, NULL, 'R' },
        { "marks", required_argument, NULL, 'M' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
    };
    static const size_t default_sizes[] = {
        16u << 10, 32u << 10, 64u << 10, 128u << 10, 256u << 10, 512u << 10,
        1u << 20, 2u << 20, 4u << 20, 8u << 20, 16u << 20, 32u << 20,
    };
    size_t sizes[MAX_SIZES], bw_bytes = 8u << 20, line_bytes = 8u << 20;
    size_t pause_ws = 32u << 20, max_ws = 0;
    unsigned nsizes = 0, tests = 0, pld = 8, pauses = 50, k;
    unsigned long min_loads = 1ul << 17, pause_us = 0, mhz = 0;
    uint32_t seed = 1, batch = 256, first = 1, *perm;
    int c, spinning = 0, pause_given = 0;
    char *buf, cs[96];

    while ((c = getopt_long(argc, argv, "t:s:r:n:b:l:p:B:K:m:h", longopts,
                            NULL)) != -1) {
        switch (c) {
        case 't': {
            char *list = strdup(optarg), *tok, *save = NULL;

            for (tok = strtok_r(list, ",", &save); tok;
                 tok = strtok_r(NULL, ",", &save)) {
                if (!strcmp(tok, "lat")) {
                    tests |= T_LAT;
                } else if (!strcmp(tok, "bw")) {
                    tests |= T_BW;
                } else if (!strcmp(tok, "line")) {
                    tests |= T_LINE;
                } else if (!strcmp(tok, "pause")) {
                    tests |= T_PAUSE;
                } else {
                    fprintf(stderr, "membench: unknown test '%s'\n", tok);
                    usage();
                }
            }
            free(list);
            break;
        }
        case 's': {
            char *list = strdup(optarg), *tok, *save = NULL;

            nsizes = 0;
            for (tok = strtok_r(list, ",", &save); tok;
                 tok = strtok_r(NULL, ",", &save)) {
                if (nsizes == MAX_SIZES) {
                    fprintf(stderr, "membench: at most %d sizes\n", MAX_SIZES);
                    usage();
                }
                sizes[nsizes++] = size_opt(tok, "-s");
            }
            free(list);
            if (!nsizes) {
                usage();
            }
            break;
        }
        case 'r':
            reps = num(optarg, "-r", 1, 1000);
            break;
        case 'n':
            min_loads = num(optarg, "-n", 1, 1ul << 30);
            break;
        case 'b':
            bw_bytes = size_opt(optarg, "-b");
            break;
        case 'l':
            line_bytes = size_opt(optarg, "-l");
            break;
        case 'p':
            pld = num(optarg, "-p", 1, 63);
            break;
        case 'P':
            pause_us = num(optarg, "--pause", 1, 10000000);
            pause_given = 1;
            break;
        case 'N':
            pauses = num(optarg, "--pauses", 1, 1000000);
            break;
        case 'B':
            batch = num(optarg, "-B", 2, 1u << 24);
            break;
        case 'K':
            first = num(optarg, "-K", 1, 1u << 24);
            break;
        case 'W':
            pause_ws = size_opt(optarg, "--pause-ws");
            break;
        case 'S':
            spinning = 1;
            break;
        case 'R':
            seed = num(optarg, "--seed", 1, 0xffffffffu);
            break;
        case 'M':
            marks_init(num(optarg, "--marks", 0, 0x7fffffff));
            break;
        case 'm':
            mhz = num(optarg, "-m", 1, 10000);
            break;
        default:
            usage();
        }
    }
    if (optind != argc) {
        usage();
    }
    if (!tests) {
        tests = T_LAT | T_BW | T_LINE | (pause_given ? T_PAUSE : 0);
    }
    if ((tests & T_PAUSE) && !pause_given) {
        pause_us = 1000;
    }
    if (2 * (uint64_t)first >= batch) {
        fprintf(stderr, "membench: -B must be more than twice -K\n");
        usage();
    }
    if (!nsizes) {
        nsizes = sizeof(default_sizes) / sizeof(default_sizes[0]);
        memcpy(sizes, default_sizes, sizeof(default_sizes));
    }

    bench_clock_init(&clk, "membench", mhz);
    printf("# membench: clock %s, best of %u, seed %u\n",
           bench_clock_str(&clk, cs, sizeof(cs)), reps, seed);

    /* one buffer for the chases and the line test: the largest of them */
    if (tests & T_LAT) {
        for (k = 0; k < nsizes; k++) {
            max_ws = sizes[k] > max_ws ? sizes[k] : max_ws;
        }
    }
    if ((tests & T_PAUSE) && pause_ws > max_ws) {
        max_ws = pause_ws;
    }
    if ((tests & T_LINE) && line_bytes > max_ws) {
        max_ws = line_bytes;
    }
    buf = max_ws ? alloc(max_ws, "the working sets") : NULL;
    perm = NULL;
    if (tests & (T_LAT | T_PAUSE)) {
        perm = malloc(max_ws / LINE_BYTES * sizeof(*perm));
        if (!perm) {
            fprintf(stderr, "membench: out of memory\n");
            return 2;
        }
    }

    if (tests & T_LAT) {
        test_lat(buf, perm, sizes, nsizes, min_loads, seed);
    }
    if (tests & T_BW) {
        test_bw((uint32_t)bw_bytes);
    }
    if (tests & T_LINE) {
        test_line(buf, (uint32_t)line_bytes, pld);
    }
    if (tests & T_PAUSE) {
        test_pause(buf, perm, pause_ws, seed, pause_us, pauses, batch, first,
                   spinning);
    }
    if (failures) {
        printf("# membench: %u checks FAILED\n", failures);
        return 3;
    }
    printf("# membench: all checks ok\n");
    return 0;
}
