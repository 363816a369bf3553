/*
 * The trace-driven initiator (n9_trace_initiator_tlm.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "n9_trace_initiator_tlm.h"

namespace n9 {

TraceInitiator::TraceInitiator(sc_core::sc_module_name name,
                               AccessSource &src,
                               const sc_core::sc_time &quantum)
    : sc_module(name), socket("socket"), src_(src), quantum_(quantum)
{
    SC_HAS_PROCESS(TraceInitiator);
    SC_THREAD(run);
}

void TraceInitiator::run()
{
    tlm::tlm_generic_payload t;
    AccessKind *kind = new AccessKind;
    unsigned char data[64];
    n9_access a;

    t.set_extension(kind);
    while (src_.next(a)) {
        uint64_t issue = a.cpu_ns + stall_ns;
        uint64_t stamp = time_ns(sc_core::sc_time_stamp());
        sc_core::sc_time delay;
        uint64_t ns;
        unsigned i;

        if (a.cpu_ns < cpu_ns_ || issue < stamp) {
            /* the kernel's time cannot go back (trace_source.h) */
            SC_REPORT_ERROR(name(), "an access goes back in time");
            break;
        }
        cpu_ns_ = a.cpu_ns;
        delay = ns_time(issue - stamp);

        t.set_address(a.addr);
        t.set_data_ptr(data);
        if (a.size > sizeof(data)) {
            a.size = sizeof(data);      /* no access is longer than a line */
        }
        t.set_data_length(a.size);
        t.set_streaming_width(a.size);
        t.set_byte_enable_ptr(nullptr);
        t.set_dmi_allowed(false);
        t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        switch (a.kind) {
        case N9_ACC_STORE:
            t.set_command(tlm::TLM_WRITE_COMMAND);
            kind->kind = AccessKind::STORE;
            for (i = 0; i < a.size && i < sizeof(data); i++) {
                data[i] = i < 4 ? a.value >> (8 * i) : 0;
            }
            if (a.flags & N9_ACC_KEEP) {
                /* the data are not known: what the target holds, again */
                t.set_command(tlm::TLM_READ_COMMAND);
                socket->transport_dbg(t);
                t.set_command(tlm::TLM_WRITE_COMMAND);
            }
            stores++;
            break;
        case N9_ACC_FETCH:
            t.set_command(tlm::TLM_READ_COMMAND);
            kind->kind = AccessKind::FETCH;
            fetches++;
            break;
        default:
            t.set_command(tlm::TLM_READ_COMMAND);
            kind->kind = AccessKind::LOAD;
            loads++;
            break;
        }
        socket->b_transport(t, delay);
        ns = time_ns(delay) - (issue - stamp);
        transactions++;
        stall_ns += ns;
        end_ns = issue + ns;
        if (t.is_response_error()) {
            errors++;
        }
        if (delay >= quantum_) {
            wait(delay);        /* sync: the kernel catches up */
        }
    }
    t.clear_extension(kind);
    delete kind;
    done = true;
}

}  // namespace n9
