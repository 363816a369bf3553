/*
 * The replay programs' command line (c_replay, tlm_replay): the synthetic
 * stream's size, working set and seed, or a recorded trace.  One-line
 * errors, --help.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef N9_REPLAY_ARGS_H
#define N9_REPLAY_ARGS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace_source.h"

typedef struct replay_args {
    uint64_t accesses;
    uint32_t ws_kb;
    uint64_t seed;
    int speed;              /* print the speed line on stderr */
    uint64_t quantum_ns;    /* tlm_replay: the initiator's quantum */
    const char *trace;      /* replay this recorded trace */
    const char *json;       /* its figures' JSON ("-": stdout) */
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
    r->trace = NULL;
    r->json = "-";
    for (i = 1; i < argc; i++) {
        uint64_t v;
        const char *o = argv[i];

        if (!strcmp(o, "-h") || !strcmp(o, "--help")) {
            printf("usage: %s [--accesses N] [--working-set KB] [--seed S] "
                   "[--speed] [--quantum-ns Q]\n"
                   "       %s --trace FILE [--json FILE|-] [--speed]\n"
                   "%s: the synthetic pointer-chase stream (trace_source.h)\n"
                   "  --accesses N      accesses to replay (200000)\n"
                   "  --working-set KB  the chase's working set (4096)\n"
                   "  --seed S          the chase's order and the timing "
                   "seed (1)\n"
                   "  --speed           accesses per host second on stderr\n"
                   "  --quantum-ns Q    tlm_replay: the initiator syncs when "
                   "Q ns ahead (1000)\n"
                   "  --trace FILE      a trace the machine recorded "
                   "(-M rm696,record=FILE)\n"
                   "                    instead: its figures as n9replay's "
                   "JSON (trace_replay.h)\n"
                   "  --json FILE       where that JSON goes (- : stdout)\n"
                   "Prints the stream's figures, one \"name value\" per "
                   "line.\n",
                   prog, prog, what);
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
        } else if (!strcmp(o, "--trace") || !strcmp(o, "--json")) {
            if (i + 1 >= argc || !argv[i + 1][0]) {
                fprintf(stderr, "%s: %s needs a file name\n", prog, o);
                return -1;
            }
            *(o[2] == 't' ? &r->trace : &r->json) = argv[++i];
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

/* The synthetic stream the arguments ask for */
typedef struct replay_stream {
    n9_synth synth;
    n9_next_fn next;
    void *ctx;
} replay_stream;

/* 0, or -1 with the error printed */
static int replay_open(const char *prog, const replay_args *ra,
                       replay_stream *st)
{
    memset(st, 0, sizeof(*st));
    if (n9_synth_init(&st->synth, ra->accesses, ra->ws_kb * 1024, ra->seed)) {
        fprintf(stderr, "%s: cannot set up a %u KB working set\n", prog,
                ra->ws_kb);
        return -1;
    }
    st->next = n9_synth_next;
    st->ctx = &st->synth;
    return 0;
}

static void replay_close(replay_stream *st)
{
    n9_synth_free(&st->synth);
}

#endif /* N9_REPLAY_ARGS_H */
