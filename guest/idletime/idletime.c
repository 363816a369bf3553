/*
 * idletime: how late a timer wake-up reaches user space, per run, with the
 * cycle counter, as measured on the phone.  With one C-state enabled the
 * CPU idles in it between the wake-ups, so the lateness holds that state's
 * wake-up latency.
 *
 * Each sample:
 *   1. t_base = clock_gettime(CLOCK_MONOTONIC); next = t_base + PERIOD
 *   2. c_sleep = PMCCNTR; clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME,
 *      next); c_wake = PMCCNTR (the first instruction after the call)
 *   3. t_wake = clock_gettime(CLOCK_MONOTONIC): "mono" lateness t_wake - next
 *      (the clock is the 32 kHz counter on the N9: 30.5 us steps)
 *   4. find the next step of CLOCK_MONOTONIC: read PMCCNTR, then the clock,
 *      until the clock changes; the step (value t_edge) happened between the
 *      last two clock reads, whose PMCCNTR values c_prev, c_edge frame it.
 *      The wake-up instant in CLOCK_MONOTONIC is then
 *          t_edge - (c_mid - c_wake) / rate,  c_mid = (c_prev + c_edge) / 2
 *      and the "ccnt" lateness is that minus next.  Only cycles counted
 *      after the wake-up are used (c_wake .. c_edge), so a reset of PMCCNTR
 *      by an MPU OFF idle (the PMU driver zeroes it when the MPU comes back)
 *      does not matter; its resolution is one clock read (about 2 us),
 *      not one 32 kHz tick.
 *   5. the cycles slept, c_wake - c_sleep, are checked against the clock
 *      (t_wake - t_base, within 2 ticks + 20 us): a mismatch means PMCCNTR
 *      was reset during the sleep (MPU OFF); such samples are counted as
 *      "ccnt_resets" and left out of "slept", nothing else.
 * The timer slack is set to 1 ns (prctl PR_SET_TIMERSLACK), so the kernel
 * does not defer the wake-up by the default 50 us.
 *
 * Usage: idletime [-p PERIOD_US] [-n COUNT] [-s SECONDS] [-m MHZ] [-v]
 *   -p PERIOD_US  the time asked for per sleep (default 10000)
 *   -n COUNT      samples (default 100; with -s: at most COUNT)
 *   -s SECONDS    stop once SECONDS of CLOCK_MONOTONIC have passed
 *   -m MHZ        PMCCNTR rate (default 1000: the N9's MPU at OPP100)
 *   -v            print every sample too
 * Exit status: 0 measured, 1 usage, 2 cannot measure.
 *
 * Output (stable for scripts):
 *   # idletime: period_us 10000 samples 199 clock ccnt 1000 MHz step_ns 978
 *   late count 199 min_us 45.771 mean_us 55.817 median_us 55.680 max_us 57.647
 *   late_mono count 199 min_us 40.283 mean_us 40.283 median_us 40.283
 *             max_us 40.284                            (one line)
 *   slept count 199 min_us 10040.777 mean_us 10051.2 median_us 10051.429
 *         max_us 10053.601 ccnt_resets 0               (one line)
 * "late" is the ccnt lateness (step 4), "late_mono" the clock's (step 3),
 * "slept" the cycles from the last instruction before the call to the
 * first after it, in us; "step_ns" the mean cycles between two clock reads
 * of step 4 (the resolution of "late").
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#include "pmccntr.h"

static int64_t mono(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

struct stat_ns {
    unsigned long long n, cap;
    int64_t min, max, sum;
    int64_t *v;                 /* every sample, for the median */
};

static void add(struct stat_ns *s, int64_t v)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 256;
        s->v = realloc(s->v, s->cap * sizeof(*s->v));
        if (!s->v) {
            fprintf(stderr, "idletime: out of memory\n");
            exit(2);
        }
    }
    s->v[s->n] = v;
    if (!s->n || v < s->min) {
        s->min = v;
    }
    if (!s->n || v > s->max) {
        s->max = v;
    }
    s->sum += v;
    s->n++;
}

static int cmp64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

    return x < y ? -1 : x > y;
}

/* the middle sample, or the mean of the two middle ones */
static double median(struct stat_ns *s)
{
    if (!s->n) {
        return 0;
    }
    qsort(s->v, s->n, sizeof(*s->v), cmp64);
    return s->n % 2 ? s->v[s->n / 2]
                    : (s->v[s->n / 2 - 1] + s->v[s->n / 2]) / 2.0;
}

static void print(const char *name, struct stat_ns *s, int prec)
{
    printf("%s count %llu min_us %.3f mean_us %.*f median_us %.3f "
           "max_us %.3f", name, s->n,
           s->n ? s->min / 1e3 : 0.0, prec,
           s->n ? (double)s->sum / s->n / 1e3 : 0.0, median(s) / 1e3,
           s->n ? s->max / 1e3 : 0.0);
}

static void usage(void)
{
    fprintf(stderr, "usage: idletime [-p PERIOD_US] [-n COUNT] [-s SECONDS] "
            "[-m MHZ] [-v]\n");
    exit(1);
}

int main(int argc, char **argv)
{
    unsigned long period_us = 10000, count = 100, mhz = 1000;
    double secs = 0;
    int verbose = 0, opt, have_n = 0;
    struct stat_ns late = { 0 }, late_mono = { 0 }, slept = { 0 };
    unsigned long long resets = 0, steps = 0, step_cycles = 0;
    int64_t t_start, period_ns, tick_ns = 1000000000 / 32768 + 1;
    char *end;

    while ((opt = getopt(argc, argv, "p:n:s:m:vh")) != -1) {
        switch (opt) {
        case 'p':
            period_us = strtoul(optarg, &end, 0);
            if (*end || period_us < 1 || period_us > 10000000) {
                fprintf(stderr, "idletime: -p wants 1..10000000 us\n");
                usage();
            }
            break;
        case 'n':
            count = strtoul(optarg, &end, 0);
            have_n = 1;
            if (*end || count < 1 || count > 10000000) {
                fprintf(stderr, "idletime: -n wants 1..10000000\n");
                usage();
            }
            break;
        case 's':
            secs = strtod(optarg, &end);
            if (*end || !(secs > 0) || secs > 86400) {
                fprintf(stderr, "idletime: -s wants seconds above 0\n");
                usage();
            }
            break;
        case 'm':
            mhz = strtoul(optarg, &end, 0);
            if (*end || mhz < 1 || mhz > 10000) {
                fprintf(stderr, "idletime: -m wants a rate in MHz\n");
                usage();
            }
            break;
        case 'v':
            verbose = 1;
            break;
        default:
            usage();
        }
    }
    if (optind != argc) {
        usage();
    }
    if (secs > 0 && !have_n) {
        count = 10000000;
    }
    pmccntr_check("idletime");
    prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);
    period_ns = (int64_t)period_us * 1000;

    t_start = mono();
    for (unsigned long i = 0; i < count; i++) {
        int64_t t_base, next, t_wake, t, t_edge, wake, l_ccnt;
        uint32_t c_sleep, c_wake, c_prev, c_edge, c;
        struct timespec ts;
        int64_t slept_ns;

        if (secs > 0 && mono() - t_start >= (int64_t)(secs * 1e9)) {
            break;
        }
        t_base = mono();
        next = t_base + period_ns;
        ts.tv_sec = next / 1000000000;
        ts.tv_nsec = next % 1000000000;
        c_sleep = pmccntr_read();
        while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL)
               == EINTR) {
        }
        c_wake = pmccntr_read();
        t_wake = mono();

        /* the next step of the clock, framed by two PMCCNTR reads */
        c_prev = c_wake;
        for (;;) {
            c = pmccntr_read();
            t = mono();
            if (t != t_wake) {
                break;
            }
            c_prev = c;
        }
        c_edge = c;
        t_edge = t;
        steps++;
        step_cycles += (uint32_t)(c_edge - c_prev);
        wake = t_edge - (int64_t)((uint32_t)(c_prev - c_wake) +
                                  (uint32_t)(c_edge - c_prev) / 2) *
                        1000 / (int64_t)mhz;
        l_ccnt = wake - next;
        add(&late, l_ccnt);
        add(&late_mono, t_wake - next);

        slept_ns = (int64_t)(uint32_t)(c_wake - c_sleep) * 1000 / (int64_t)mhz;
        if (llabs(slept_ns - (t_wake - t_base)) > 2 * tick_ns + 20000) {
            resets++;
        } else {
            add(&slept, slept_ns);
        }
        if (verbose) {
            printf("sample %lu late_ns %lld late_mono_ns %lld slept_ns %lld%s\n",
                   i, (long long)l_ccnt, (long long)(t_wake - next),
                   (long long)slept_ns,
                   llabs(slept_ns - (t_wake - t_base)) > 2 * tick_ns + 20000
                   ? " ccnt_reset" : "");
        }
    }

    printf("# idletime: period_us %lu samples %llu clock ccnt %lu MHz "
           "step_ns %llu\n", period_us, late.n, mhz,
           steps ? step_cycles * 1000 / mhz / steps : 0);
    print("late", &late, 3);
    putchar('\n');
    print("late_mono", &late_mono, 3);
    putchar('\n');
    print("slept", &slept, 1);
    printf(" ccnt_resets %llu\n", resets);
    return late.n ? 0 : 2;
}
