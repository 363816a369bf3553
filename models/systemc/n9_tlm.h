/*
 * What the qemu-n9 SystemC TLM-2.0 wrappers share: the SoC's memory map
 * (omap3630_map.h, the one table the QEMU machine uses too), the time of a
 * loosely-timed transaction in whole ns, and the checks a 32-bit register
 * window makes.
 *
 * The wrappers only wrap: every delay comes from the plain C models
 * (models/), called with the time the transaction is at (the kernel's
 * time plus its annotated delay) and added to the annotated delay.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef N9_TLM_H
#define N9_TLM_H

#include <cstdint>
#include <systemc>
#include <tlm>

#include "omap3630_map.h"

namespace n9 {

/* The N9's 1 GB of LPDDR (two 512 MB chip selects) at 0x80000000: the
 * board, qemu-n9/hw/n9/soc/rm696.c and omap3630.h. */
constexpr uint64_t SDRAM_BASE = 0x80000000u;
constexpr uint64_t SDRAM_SIZE = 0x40000000u;

/* One ns in the kernel's time unit (the resolution is at most 1 ns: the
 * kernel refuses a coarser one with sc_time(1, SC_NS)); computed once. */
inline sc_core::sc_time::value_type ns_unit()
{
    static const sc_core::sc_time::value_type unit =
        sc_core::sc_time(1, sc_core::SC_NS).value();
    return unit;
}

/* ns as a sc_time (exact) */
inline sc_core::sc_time ns_time(uint64_t ns)
{
    return sc_core::sc_time::from_value(ns * ns_unit());
}

/* A time in whole ns (the models' unit; the testbench never makes less). */
inline uint64_t time_ns(const sc_core::sc_time &t)
{
    return t.value() / ns_unit();
}

/* When a transaction with annotated @delay happens, in ns. */
inline uint64_t now_ns(const sc_core::sc_time &delay)
{
    return time_ns(sc_core::sc_time_stamp() + delay);
}

/*
 * A 32-bit register window (PRCM, SDRC): one aligned word per access, as
 * the interconnect's 32-bit targets take them.  Byte enables are refused
 * (TLM_BYTE_ENABLE_ERROR_RESPONSE), other lengths or streaming are
 * TLM_BURST_ERROR_RESPONSE, an unaligned address
 * TLM_ADDRESS_ERROR_RESPONSE.  Returns false with the status set.
 */
inline bool reg_access_ok(tlm::tlm_generic_payload &t)
{
    if (t.get_byte_enable_ptr()) {
        t.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
        return false;
    }
    if (t.get_data_length() != 4 || t.get_streaming_width() != 4) {
        t.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
        return false;
    }
    if (t.get_address() & 3) {
        t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return false;
    }
    return true;
}

/* The word of a register access, and back (host byte order: the data
 * pointer holds the register in the target's order, little-endian here as
 * on the OMAP). */
inline uint32_t reg_get(const tlm::tlm_generic_payload &t)
{
    const unsigned char *d = t.get_data_ptr();
    return d[0] | (uint32_t)d[1] << 8 | (uint32_t)d[2] << 16 |
           (uint32_t)d[3] << 24;
}

inline void reg_put(tlm::tlm_generic_payload &t, uint32_t v)
{
    unsigned char *d = t.get_data_ptr();
    d[0] = v; d[1] = v >> 8; d[2] = v >> 16; d[3] = v >> 24;
}

}  // namespace n9

#endif /* N9_TLM_H */
