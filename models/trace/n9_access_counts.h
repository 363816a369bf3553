/*
 * An agent's register-access counts, as the machine's stats file gives
 * them per agent (reads, writes, the ns each cost): one definition for
 * the trace replays (trace_replay.h) and the interconnect component
 * (n9_l4ic_tlm.cpp), whose figures the testbench compares.
 */
#ifndef N9_ACCESS_COUNTS_H
#define N9_ACCESS_COUNTS_H

#include <stdint.h>

typedef struct n9_access_counts {
    uint64_t reads, writes, read_ns, write_ns, errors;
} n9_access_counts;

static inline void n9_access_count(n9_access_counts *c, int is_write,
                                   uint64_t ns)
{
    if (is_write) {
        c->writes++;
        c->write_ns += ns;
    } else {
        c->reads++;
        c->read_ns += ns;
    }
}

#endif /* N9_ACCESS_COUNTS_H */
