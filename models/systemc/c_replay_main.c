/*
 * c_replay: the synthetic stream through the C models alone (c_replay.h),
 * the reference tlm_replay must equal; or, with --trace, a trace the
 * machine recorded through the C models (trace_replay.h, as n9replay).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _POSIX_C_SOURCE 200809L  /* clock_gettime */
#include <time.h>

#include "c_replay.h"
#include "replay_args.h"
#include "trace_replay.h"

static double since(const struct timespec *t0)
{
    struct timespec t1;

    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (t1.tv_sec - t0->tv_sec) + (t1.tv_nsec - t0->tv_nsec) / 1e9;
}

/* A recorded trace: its figures as n9replay's JSON */
static int trace_main(const replay_args *ra)
{
    static trp r;
    struct timespec t0;
    double secs;

    trp_open(&r, ra->trace, NULL, 0, 1);
    trp_c_init(&r);
    trp_start(&r);
    r.marks = tmpfile();
    if (!r.marks) {
        trp_die("cannot create a temporary file");
    }
    clock_gettime(CLOCK_MONOTONIC, &t0);
    trp_run(&r, 0);
    secs = since(&t0);
    trp_report(&r, ra->json, secs);
    if (ra->speed) {
        fprintf(stderr, "c_replay: %llu events in %.3f s: %.0f per host "
                "second\n", (unsigned long long)r.events, secs,
                r.events / (secs > 0 ? secs : 1e-9));
    }
    trp_close(&r);
    return 0;
}

int main(int argc, char **argv)
{
    replay_args ra;
    replay_stream s;
    n9_replay_figures f;
    struct timespec t0;
    double secs;
    char why[160];
    int rc = replay_parse(argc, argv, "the C models alone", &ra);

    if (rc) {
        return rc < 0;
    }
    if (ra.trace) {
        return trace_main(&ra);
    }
    if (replay_open(argv[0], &ra, &s)) {
        return 1;
    }
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (n9_c_replay(s.next, s.ctx, ra.seed, &f, why, sizeof(why))) {
        fprintf(stderr, "%s: %s\n", argv[0], why);
        replay_close(&s);
        return 1;
    }
    secs = since(&t0);
    replay_close(&s);
    n9_replay_print(stdout, &f);
    if (ra.speed) {
        fprintf(stderr, "c_replay: %llu transactions in %.3f s: %.0f per host "
                "second\n", (unsigned long long)f.transactions, secs,
                f.transactions / (secs > 0 ? secs : 1e-9));
    }
    return 0;
}
