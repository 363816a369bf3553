/*
 * n9replay: run a recorded trace (-M rm696,record=FILE) through the C
 * models (models/mempath, models/cache, models/sdrc,
 * models/l4-interconnect) and print the figures the machine's statistics
 * file has: the memory path's and the cache model's counters, the SDRC
 * model's, every agent's and register group's, the virtual time, and
 * the same at each of the guest's marks.  Driven by ./n9 replay
 * (tools/n9); docs/trace-format.md.
 *
 * The replay itself (time, windows, the figures) is trace_replay.c,
 * shared with the SystemC testbench (tlm_replay) and c_replay; here the
 * C models are called directly (trp_c_ops).
 *
 * Usage: n9replay TRACE [--set SECTION.KEY=VALUE]... [--verify]
 *                       [--json FILE|-] [--progress]
 *   --verify   every charge must equal the recorded one (same parameters):
 *              the first that does not is an error naming its event
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "trace_replay.h"

int main(int argc, char **argv)
{
    static trp rr;
    trp *r = &rr;
    const char *json = NULL, *path = NULL;
    int progress = 0, verify = 0, nsets = 0;
    char **sets = calloc(argc, sizeof(char *));
    struct timespec t0, t1;

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: n9replay TRACE [--set SECTION.KEY=VALUE]... "
                   "[--verify] [--json FILE|-] [--progress]\n");
            return 0;
        }
    }
    for (int k = 1; k < argc; k++) {
        if (!strcmp(argv[k], "--verify")) {
            verify = 1;
        } else if (!strcmp(argv[k], "--progress")) {
            progress = 1;
        } else if (!strcmp(argv[k], "--json") && k + 1 < argc) {
            json = argv[++k];
        } else if (!strcmp(argv[k], "--set") && k + 1 < argc) {
            sets[nsets++] = argv[++k];      /* after the header is read */
        } else if (argv[k][0] == '-') {
            trp_die("unknown option %s (--help)", argv[k]);
        } else if (!path) {
            path = argv[k];
        } else {
            trp_die("one trace at a time (%s, %s)", path, argv[k]);
        }
    }
    if (!path) {
        trp_die("no trace given (--help)");
    }
    trp_open(r, path, sets, nsets, verify);
    trp_c_init(r);
    trp_start(r);
    if (json) {
        /* the marks are written as they come, the rest at the end */
        r->marks = tmpfile();
        if (!r->marks) {
            trp_die("cannot create a temporary file");
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t0);
    trp_run(r, progress);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    trp_report(r, json, (t1.tv_sec - t0.tv_sec) +
                        (t1.tv_nsec - t0.tv_nsec) / 1e9);
    trp_close(r);
    free(sets);
    return 0;
}
