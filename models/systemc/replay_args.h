/*
 * The replay programs' command line (c_replay, tlm_replay): the synthetic
 * stream's size, working set and seed.  One-line errors, --help.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef N9_REPLAY_ARGS_H
#define N9_REPLAY_ARGS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct replay_args {
    uint64_t accesses;
    uint32_t ws_kb;
    uint64_t seed;
    int speed;              /* print the speed line on stderr */
    uint64_t quantum_ns;    /* tlm_replay: the initiator's quantum */
} replay_args;

static int replay_number(const char *prog, const char *opt, const char *v,
                         uint64_t max, uint64_t *out)
{
    char *end;
    unsigned long long n;

    if (!v || !*v || *v == '-') {
        fprintf(stderr, "%s: %s needs a whole number\n", prog, opt);
        return -1;
    }
    n = strtoull(v, &end, 0);
    if (*end || n > max) {
        fprintf(stderr, "%s: %s: '%s' is not a whole number up to %llu\n",
                prog, opt, v, (unsigned long long)max);
        return -1;
    }
    *out = n;
    return 0;
}

/* 0: go on; 1: --help printed; -1: error printed */
static int replay_parse(int argc, char **argv, const char *what,
                        replay_args *r)
{
    const char *prog = argv[0];
    int i;

    r->accesses = 200000;
    r->ws_kb = 4096;
    r->seed = 1;
    r->speed = 0;
    r->quantum_ns = 1000;
    for (i = 1; i < argc; i++) {
        uint64_t v;
        const char *o = argv[i];

        if (!strcmp(o, "-h") || !strcmp(o, "--help")) {
            printf("usage: %s [--accesses N] [--working-set KB] [--seed S] "
                   "[--speed] [--quantum-ns Q]\n"
                   "%s: the synthetic pointer-chase stream (trace_source.h)\n"
                   "  --accesses N      accesses to replay (200000)\n"
                   "  --working-set KB  the chase's working set (4096)\n"
                   "  --seed S          the chase's order and the timing "
                   "seed (1)\n"
                   "  --speed           accesses per host second on stderr\n"
                   "  --quantum-ns Q    tlm_replay: the initiator syncs when "
                   "Q ns ahead (1000)\n"
                   "Prints the figures, one \"name value\" per line.\n",
                   prog, what);
            return 1;
        } else if (!strcmp(o, "--speed")) {
            r->speed = 1;
        } else if (!strcmp(o, "--accesses")) {
            if (replay_number(prog, o, i + 1 < argc ? argv[++i] : NULL,
                              1ull << 40, &v)) {
                return -1;
            }
            r->accesses = v;
        } else if (!strcmp(o, "--working-set")) {
            if (replay_number(prog, o, i + 1 < argc ? argv[++i] : NULL,
                              256 * 1024, &v)) {
                return -1;
            }
            if (v < 1) {
                fprintf(stderr, "%s: --working-set: at least 1 KB\n", prog);
                return -1;
            }
            r->ws_kb = (uint32_t)v;
        } else if (!strcmp(o, "--quantum-ns")) {
            if (replay_number(prog, o, i + 1 < argc ? argv[++i] : NULL,
                              1000000000, &v)) {
                return -1;
            }
            r->quantum_ns = v;
        } else if (!strcmp(o, "--seed")) {
            if (replay_number(prog, o, i + 1 < argc ? argv[++i] : NULL,
                              UINT64_MAX, &v)) {
                return -1;
            }
            r->seed = v;
        } else {
            fprintf(stderr, "%s: unknown option %s (see --help)\n", prog, o);
            return -1;
        }
    }
    return 0;
}

#endif /* N9_REPLAY_ARGS_H */
