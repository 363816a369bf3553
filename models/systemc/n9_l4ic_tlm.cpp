/*
 * An OMAP3630 interconnect target agent as a TLM-2.0 component
 * (n9_l4ic_tlm.h); the cost of each access is models/l4-interconnect's.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "n9_l4ic_tlm.h"

namespace n9 {

InterconnectAgent::InterconnectAgent(sc_core::sc_module_name name,
                                     OMAP3Agent which, uint64_t seed)
    : sc_module(name), in("in"), out("out"), which_(which), seed_(seed)
{
    in.register_b_transport(this, &InterconnectAgent::b_transport);
    in.register_transport_dbg(this, &InterconnectAgent::transport_dbg);
    in.register_get_direct_mem_ptr(this, &InterconnectAgent::get_direct_mem_ptr);
}

unsigned InterconnectAgent::add_group(const std::string &group, uint64_t base,
                                      uint64_t size, const l4ic_params *p)
{
    const OMAP3AgentMap &a = omap3630_agents[which_];
    const l4ic_params *params = p ? p : &l4ic_default_params[which_];
    const char *why = l4ic_params_check(params);
    /* the machine's group name: "agent.group" seeds its sequence */
    std::string full = std::string(a.name) + "." + group;
    Group g;

    if (why) {
        SC_REPORT_ERROR(name(), (group + ": " + why).c_str());
    }
    if (base < a.base || base + size > a.base + a.size) {
        SC_REPORT_ERROR(name(), (group + ": not in the agent's window").c_str());
    }
    g.name = group;
    g.base = base;
    g.size = size;
    l4ic_target_init(&g.model, params, l4ic_seed_for(seed_, full.c_str()));
    groups_.push_back(g);
    windows_.push_back({ (unsigned)groups_.size() - 1, base, size });
    return groups_.size() - 1;
}

void InterconnectAgent::add_window(unsigned port, uint64_t base,
                                   uint64_t size)
{
    const OMAP3AgentMap &a = omap3630_agents[which_];

    if (port >= groups_.size() || base < a.base ||
        base + size > a.base + a.size) {
        SC_REPORT_ERROR(name(), "add_window: no such group, or not in the "
                        "agent's window");
    }
    windows_.push_back({ port, base, size });
}

unsigned InterconnectAgent::add_block(OMAP3Block block, const l4ic_params *p)
{
    const OMAP3BlockMap &b = omap3630_map[block];

    if (omap3630_agent_at(b.base) != which_) {
        SC_REPORT_ERROR(name(), (std::string(b.name) +
                                 ": behind another agent").c_str());
    }
    return add_group(b.name, b.base, b.size, p);
}

int InterconnectAgent::find(uint64_t addr, unsigned len,
                            uint64_t *base) const
{
    for (const Window &w : windows_) {
        if (addr >= w.base && addr - w.base + len <= w.size) {
            *base = w.base;
            return w.group;
        }
    }
    return -1;
}

void InterconnectAgent::b_transport(tlm::tlm_generic_payload &t,
                                    sc_core::sc_time &delay)
{
    uint64_t off = t.get_address();
    uint64_t addr = omap3630_agents[which_].base + off;
    uint64_t base;
    int i = find(addr, t.get_data_length(), &base);
    bool is_write = t.is_write();
    uint32_t ns;

    if (i < 0) {
        total_.errors++;
        t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    if (t.get_command() == tlm::TLM_IGNORE_COMMAND) {
        t.set_response_status(tlm::TLM_OK_RESPONSE);
        return;
    }
    Group &g = groups_[i];
    /* at the issue time, as the machine charges it; the target takes the
     * access at that time too, the wait comes after */
    ns = l4ic_access_cost(&g.model, is_write, t.get_data_length(),
                          now_ns(delay));
    t.set_address(addr - base);
    out[i]->b_transport(t, delay);
    t.set_address(off);
    delay += ns_time(ns);
    n9_access_count(&g.c, is_write, ns);
    n9_access_count(&total_, is_write, ns);
}

unsigned InterconnectAgent::transport_dbg(tlm::tlm_generic_payload &t)
{
    uint64_t off = t.get_address();
    uint64_t addr = omap3630_agents[which_].base + off;
    uint64_t base;
    int i = find(addr, t.get_data_length(), &base);
    unsigned n;

    if (i < 0) {
        t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return 0;
    }
    t.set_address(addr - base);
    n = out[i]->transport_dbg(t);
    t.set_address(off);
    return n;
}

/* Refused: each access costs its own interconnect time (l4ic). */
bool InterconnectAgent::get_direct_mem_ptr(tlm::tlm_generic_payload &t,
                                           tlm::tlm_dmi &dmi)
{
    (void)t;
    dmi.allow_read_write();
    dmi.set_start_address(0);
    dmi.set_end_address(omap3630_agents[which_].size - 1);
    return false;
}

}  // namespace n9
