/*
 * A trace-driven initiator: replays an access stream through its socket,
 * loosely timed.  The stream is an AccessSource (the next access with its
 * time, trace_source.h's n9_access); CSource adapts any n9_next_fn (the
 * synthetic stream, a trace reader).
 *
 * Each access is issued at its cpu_ns plus the stalls so far (as the C
 * replay does), with that time as its annotated delay from the kernel's
 * time; the delay that comes back is its stall.  The initiator syncs (waits
 * its local time off) whenever it is a quantum ahead of the kernel.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef N9_TRACE_INITIATOR_TLM_H
#define N9_TRACE_INITIATOR_TLM_H

#include <tlm_utils/simple_initiator_socket.h>

#include "n9_a8cache_tlm.h"
#include "trace_source.h"

namespace n9 {

class AccessSource {
public:
    virtual ~AccessSource() {}
    /* the next access into @a; false at the end */
    virtual bool next(n9_access &a) = 0;
};

class CSource : public AccessSource {
public:
    CSource(n9_next_fn fn, void *ctx) : fn_(fn), ctx_(ctx) {}
    bool next(n9_access &a) override { return fn_(ctx_, &a); }

private:
    n9_next_fn fn_;
    void *ctx_;
};

class TraceInitiator : public sc_core::sc_module {
public:
    tlm_utils::simple_initiator_socket<TraceInitiator> socket;
    uint64_t transactions = 0, loads = 0, stores = 0, fetches = 0;
    uint64_t errors = 0, stall_ns = 0, end_ns = 0;
    bool done = false;

    TraceInitiator(sc_core::sc_module_name name, AccessSource &src,
                   const sc_core::sc_time &quantum =
                       sc_core::sc_time(1, sc_core::SC_US));

private:
    AccessSource &src_;
    sc_core::sc_time quantum_;
    uint64_t cpu_ns_ = 0;       /* the last access's CPU time */
    void run();
};

}  // namespace n9

#endif /* N9_TRACE_INITIATOR_TLM_H */
