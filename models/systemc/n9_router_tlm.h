/*
 * A TLM-2.0 router by address: windows [base, base + size) to initiator
 * ports, the highest priority first where windows overlap (the SoC's map:
 * the WKUP L4 inside the CORE L4, the L3 agent under everything).  The
 * target sees the offset in its window.  An address no window holds:
 * TLM_ADDRESS_ERROR_RESPONSE.  The router itself costs nothing: the
 * interconnects' time is the agents' (n9_l4ic_tlm.h) and the cache's L3
 * round trip (n9_a8cache_tlm.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef N9_ROUTER_TLM_H
#define N9_ROUTER_TLM_H

#include <string>
#include <vector>

#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "n9_tlm.h"

namespace n9 {

class Router : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<Router> in;
    /* bind the targets in the order of their port numbers */
    tlm_utils::multi_passthrough_initiator_socket<Router, 32,
        tlm::tlm_base_protocol_types, 0, sc_core::SC_ZERO_OR_MORE_BOUND> out;

    explicit Router(sc_core::sc_module_name name);

    /* Window [base, base + size) to port @port of out. */
    void map(const std::string &name, uint64_t base, uint64_t size,
             unsigned port, int priority = 0);

    uint64_t errors() const { return errors_; }

private:
    struct Window {
        std::string name;
        uint64_t base, size;
        unsigned port;
        int priority;
    };
    std::vector<Window> windows_;    /* highest priority first */
    uint64_t errors_ = 0;

    const Window *decode(uint64_t addr) const;
    void b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &delay);
    unsigned transport_dbg(tlm::tlm_generic_payload &t);
    bool get_direct_mem_ptr(tlm::tlm_generic_payload &t, tlm::tlm_dmi &dmi);
    void invalidate_direct_mem_ptr(int port, sc_dt::uint64 start,
                                   sc_dt::uint64 end);
};

}  // namespace n9

#endif /* N9_ROUTER_TLM_H */
