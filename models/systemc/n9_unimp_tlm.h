/*
 * A block that exists on the SoC but has no model here: reads as zero,
 * writes ignored, any size (as the machine's unimplemented-device), at no
 * cost of its own (its interconnect agent charges the access).  It lets a
 * platform put a target behind every group of the map; counts what it saw.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef N9_UNIMP_TLM_H
#define N9_UNIMP_TLM_H

#include <cstring>

#include <tlm_utils/simple_target_socket.h>

#include "n9_tlm.h"

namespace n9 {

class UnimplementedDevice : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<UnimplementedDevice> socket;
    uint64_t reads = 0, writes = 0;

    explicit UnimplementedDevice(sc_core::sc_module_name name)
        : sc_module(name), socket("socket")
    {
        socket.register_b_transport(this, &UnimplementedDevice::b_transport);
        socket.register_transport_dbg(this, &UnimplementedDevice::transport_dbg);
    }

private:
    void b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &)
    {
        if (t.is_read()) {
            reads++;
        } else if (t.is_write()) {
            writes++;
        }
        transport_dbg(t);
        t.set_response_status(tlm::TLM_OK_RESPONSE);
    }

    unsigned transport_dbg(tlm::tlm_generic_payload &t)
    {
        if (t.is_read()) {
            std::memset(t.get_data_ptr(), 0, t.get_data_length());
        }
        return t.get_data_length();
    }
};

}  // namespace n9

#endif /* N9_UNIMP_TLM_H */
