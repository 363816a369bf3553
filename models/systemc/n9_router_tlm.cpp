/*
 * A TLM-2.0 router by address (n9_router_tlm.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "n9_router_tlm.h"

#include <algorithm>

namespace n9 {

Router::Router(sc_core::sc_module_name name)
    : sc_module(name), in("in"), out("out")
{
    in.register_b_transport(this, &Router::b_transport);
    in.register_transport_dbg(this, &Router::transport_dbg);
    in.register_get_direct_mem_ptr(this, &Router::get_direct_mem_ptr);
    out.register_invalidate_direct_mem_ptr(this,
                                           &Router::invalidate_direct_mem_ptr);
}

void Router::map(const std::string &name, uint64_t base, uint64_t size,
                 unsigned port, int priority)
{
    if (!size || base + size < base || base + size > (1ull << 32)) {
        SC_REPORT_ERROR(this->name(), ("bad window " + name).c_str());
    }
    Window w = { name, base, size, port, priority };
    /* stable: among equal priorities the first mapped wins */
    auto at = std::find_if(windows_.begin(), windows_.end(),
                           [&](const Window &o) { return o.priority < priority; });
    windows_.insert(at, w);
}

const Router::Window *Router::decode(uint64_t addr) const
{
    for (const Window &w : windows_) {
        if (addr >= w.base && addr - w.base < w.size) {
            return &w;
        }
    }
    return nullptr;
}

void Router::b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &delay)
{
    uint64_t addr = t.get_address();
    const Window *w = decode(addr);

    if (!w || addr - w->base + t.get_data_length() > w->size) {
        errors_++;
        t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    t.set_address(addr - w->base);
    out[w->port]->b_transport(t, delay);
    t.set_address(addr);
}

unsigned Router::transport_dbg(tlm::tlm_generic_payload &t)
{
    uint64_t addr = t.get_address();
    const Window *w = decode(addr);
    unsigned n;

    if (!w) {
        t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return 0;
    }
    t.set_address(addr - w->base);
    n = out[w->port]->transport_dbg(t);
    t.set_address(addr);
    return n;
}

/* Passed on, the range translated back (no target here grants DMI). */
bool Router::get_direct_mem_ptr(tlm::tlm_generic_payload &t, tlm::tlm_dmi &dmi)
{
    uint64_t addr = t.get_address();
    const Window *w = decode(addr);
    bool ok;

    if (!w) {
        dmi.allow_read_write();
        dmi.set_start_address(0);
        dmi.set_end_address((sc_dt::uint64)-1);
        return false;
    }
    t.set_address(addr - w->base);
    ok = out[w->port]->get_direct_mem_ptr(t, dmi);
    t.set_address(addr);
    dmi.set_start_address(dmi.get_start_address() + w->base);
    dmi.set_end_address(std::min<sc_dt::uint64>(dmi.get_end_address() + w->base,
                                                w->base + w->size - 1));
    return ok;
}

void Router::invalidate_direct_mem_ptr(int port, sc_dt::uint64 start,
                                       sc_dt::uint64 end)
{
    for (const Window &w : windows_) {
        if ((int)w.port == port) {
            in->invalidate_direct_mem_ptr(w.base + start,
                                          std::min<sc_dt::uint64>(w.base + end,
                                                                  w.base + w.size - 1));
        }
    }
}

}  // namespace n9
