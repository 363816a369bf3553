/*
 * An OMAP3630 interconnect target agent (L4-WKUP, L4-CORE, L4-PER, L4-EMU
 * or L3) as a TLM-2.0 component: a target socket facing the initiators
 * and one initiator port per register group (a block of the SoC's memory
 * map) behind it, as the machine's n9_agent.c holds one port per device
 * window.
 *
 * Each access to a group costs what models/l4-interconnect says
 * (l4ic_access_cost: the phone's measured ranges, drawn per group from a
 * generator seeded from the seed and "agent.group", as in the machine, so
 * the same seed gives the same costs); the ns are added to the annotated
 * delay after the target has taken the access at its issue time.  An
 * address in the agent's window where no group is: the agent answers
 * TLM_ADDRESS_ERROR_RESPONSE (the interconnect's error response), counted.
 * DMI is refused: every register access costs its own interconnect time.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef N9_L4IC_TLM_H
#define N9_L4IC_TLM_H

#include <string>
#include <vector>

#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "n9_tlm.h"

extern "C" {
#include "l4ic.h"
#include "n9_access_counts.h"
}

namespace n9 {

class InterconnectAgent : public sc_core::sc_module {
public:
    /* from the router: the address is the offset in the agent's window */
    tlm_utils::simple_target_socket<InterconnectAgent> in;
    /* to the groups' targets, in add_group order; a target sees the
     * offset in its group's window */
    tlm_utils::multi_passthrough_initiator_socket<InterconnectAgent, 32,
        tlm::tlm_base_protocol_types, 0, sc_core::SC_ZERO_OR_MORE_BOUND> out;

    using Counters = n9_access_counts;

    /* @which: the agent (its window from omap3630_agents); @seed: the
     * [timing] seed (1 in the machine unless a timing file says). */
    InterconnectAgent(sc_core::sc_module_name name, OMAP3Agent which,
                      uint64_t seed = 1);

    /* A register group [base, base + size) (physical addresses inside the
     * agent's window); @p its cost ranges, nullptr: the agent's defaults
     * (l4ic_default_params).  Returns its port of out. */
    unsigned add_group(const std::string &group, uint64_t base, uint64_t size,
                       const l4ic_params *p = nullptr);
    /* A block of omap3630_map (name, base, size); it must be behind this
     * agent. */
    unsigned add_block(OMAP3Block block, const l4ic_params *p = nullptr);
    /* Another window [base, base + size) of group @port (the machine maps
     * some groups at several places): the same generator and counters;
     * its target sees the offset in this window. */
    void add_window(unsigned port, uint64_t base, uint64_t size);

    const Counters &counters() const { return total_; }
    /* for a replay that starts from a state image (a window's) */
    Counters &counters() { return total_; }
    Counters &group_counters(unsigned port) { return groups_.at(port).c; }
    l4ic_target &group_model(unsigned port) { return groups_.at(port).model; }
    const Counters &group_counters(unsigned port) const
    {
        return groups_.at(port).c;
    }
    const std::string &group_name(unsigned port) const
    {
        return groups_.at(port).name;
    }
    unsigned groups() const { return groups_.size(); }
    OMAP3Agent which() const { return which_; }

private:
    struct Group {
        std::string name;
        uint64_t base, size;
        l4ic_target model;
        Counters c{};
    };
    OMAP3Agent which_;
    uint64_t seed_;
    std::vector<Group> groups_;
    struct Window {
        unsigned group;
        uint64_t base, size;
    };
    std::vector<Window> windows_;   /* every group's, in order */
    Counters total_{};

    void b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &delay);
    unsigned transport_dbg(tlm::tlm_generic_payload &t);
    bool get_direct_mem_ptr(tlm::tlm_generic_payload &t, tlm::tlm_dmi &dmi);
    int find(uint64_t addr, unsigned len, uint64_t *base) const;
};

}  // namespace n9

#endif /* N9_L4IC_TLM_H */
