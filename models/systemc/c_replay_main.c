/*
 * c_replay: the synthetic stream through the C models alone (c_replay.h);
 * the reference tlm_replay must equal.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _POSIX_C_SOURCE 200809L  /* clock_gettime */
#include <time.h>

#include "c_replay.h"
#include "replay_args.h"
#include "trace_file_source.h"

int main(int argc, char **argv)
{
    replay_args ra;
    replay_stream s;
    n9_replay_figures f;
    struct timespec t0, t1;
    double secs;
    int rc = replay_parse(argc, argv, "the C models alone", &ra);

    if (rc) {
        return rc < 0;
    }
    if (replay_open(argv[0], &ra, &s)) {
        return 1;
    }
    if (ra.write_trace) {
        char err[256];
        int bad = n9_trace_write(ra.write_trace, s.next, s.ctx, err,
                                 sizeof(err));
        if (bad) {
            fprintf(stderr, "%s: %s\n", argv[0], err);
        }
        return replay_close(argv[0], &s) || bad;
    }
    clock_gettime(CLOCK_MONOTONIC, &t0);
    {
        char why[160];

        if (n9_c_replay(s.next, s.ctx, ra.seed, &f, why, sizeof(why))) {
            fprintf(stderr, "%s: %s\n", argv[0], why);
            replay_close(argv[0], &s);
            return 1;
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (replay_close(argv[0], &s)) {
        return 1;
    }
    n9_replay_print(stdout, &f);
    secs = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    if (ra.speed) {
        fprintf(stderr, "c_replay: %llu transactions in %.3f s: %.0f per host "
                "second\n", (unsigned long long)f.transactions, secs,
                f.transactions / (secs > 0 ? secs : 1e-9));
    }
    return 0;
}
