/*
 * The OMAP3630 SDRC + LPDDR as a TLM-2.0 component (n9_sdrc_tlm.h): the
 * timing is models/sdrc's.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "n9_sdrc_tlm.h"

#include <algorithm>
#include <cstring>

namespace n9 {

static const uint64_t PAGE = 4096;

Sdrc::Sdrc(sc_core::sc_module_name name, uint32_t l3_hz, const SdrcParams *p)
    : sc_module(name), mem("mem"), regs("regs"), core_idle("core_idle"),
      core_off("core_off"), l3_hz_(l3_hz)
{
    if (p && sdrc_params_check(p)) {
        SC_REPORT_ERROR(this->name(), sdrc_params_check(p));
    }
    sdrc_init(&model_, p, l3_hz, SDRAM_BASE);
    sdrc_n9_regs(&regs_);       /* what sdrc_init starts from */
    mem.register_b_transport(this, &Sdrc::mem_b_transport);
    mem.register_transport_dbg(this, &Sdrc::mem_transport_dbg);
    mem.register_get_direct_mem_ptr(this, &Sdrc::mem_get_direct_mem_ptr);
    regs.register_b_transport(this, &Sdrc::regs_b_transport);
    regs.register_transport_dbg(this, &Sdrc::regs_transport_dbg);
    SC_HAS_PROCESS(Sdrc);
    SC_METHOD(idle_request);
    sensitive << core_idle << core_off;
    dont_initialize();
}

/* The data half: copy to or from the sparse pages, byte enables honoured. */
bool Sdrc::copy_data(tlm::tlm_generic_payload &t)
{
    uint64_t addr = t.get_address();
    unsigned len = t.get_data_length();
    unsigned char *d = t.get_data_ptr();
    const unsigned char *be = t.get_byte_enable_ptr();
    unsigned be_len = t.get_byte_enable_length();

    if (t.get_streaming_width() < len) {
        t.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
        return false;
    }
    if (addr >= SDRAM_SIZE || SDRAM_SIZE - addr < len) {
        t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return false;
    }
    /* page by page; byte by byte only where byte enables are */
    for (unsigned i = 0; i < len;) {
        uint64_t a = addr + i;
        unsigned n = std::min<uint64_t>(len - i, PAGE - a % PAGE);
        auto it = pages_.find(a / PAGE);
        unsigned char *p;

        if (it == pages_.end() && t.is_write()) {
            it = pages_.emplace(a / PAGE, std::unique_ptr<unsigned char[]>(
                                    new unsigned char[PAGE]())).first;
        }
        p = it == pages_.end() ? nullptr : &it->second[a % PAGE];
        for (unsigned k = 0; k < n; k++) {
            if (be && be[(i + k) % be_len] != TLM_BYTE_ENABLED) {
                continue;
            }
            if (t.is_read()) {
                d[i + k] = p ? p[k] : 0;
            } else if (t.is_write()) {
                p[k] = d[i + k];
            }
        }
        i += n;
    }
    t.set_response_status(tlm::TLM_OK_RESPONSE);
    return true;
}

void Sdrc::mem_b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &delay)
{
    uint64_t ns;

    if (!copy_data(t) || t.get_command() == tlm::TLM_IGNORE_COMMAND) {
        return;
    }
    ns = sdrc_access(&model_, SDRAM_BASE + t.get_address(),
                     t.get_data_length(), t.is_write(), now_ns(delay));
    delay += ns_time(ns);
}

unsigned Sdrc::mem_transport_dbg(tlm::tlm_generic_payload &t)
{
    return copy_data(t) ? t.get_data_length() : 0;
}

/* Refused: every access's cost depends on the rows, the refresh and the
 * power state at its time (sdrc_access), which DMI would bypass. */
bool Sdrc::mem_get_direct_mem_ptr(tlm::tlm_generic_payload &t,
                                  tlm::tlm_dmi &dmi)
{
    (void)t;
    dmi.allow_read_write();
    dmi.set_start_address(0);
    dmi.set_end_address(SDRAM_SIZE - 1);
    return false;
}

uint32_t Sdrc::reg(uint32_t offset)
{
    uint32_t *f = sdrc_regs_field(&regs_, offset);
    return f ? *f : 0;
}

void Sdrc::regs_b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &delay)
{
    uint32_t *f;

    if (!reg_access_ok(t)) {
        return;
    }
    f = sdrc_regs_field(&regs_, t.get_address());
    if (t.is_read()) {
        reg_put(t, f ? *f : 0);
    } else if (t.is_write() && f) {
        SdrcConfig c;

        *f = reg_get(t);
        if (follow_regs_) {
            sdrc_decode(&regs_, l3_hz_, &c);
            sdrc_set_config(&model_, &c, now_ns(delay));
        }
    }
    t.set_response_status(tlm::TLM_OK_RESPONSE);
}

unsigned Sdrc::regs_transport_dbg(tlm::tlm_generic_payload &t)
{
    /* reads only: a debug write must not change the timing */
    if (!t.is_read() || t.get_data_length() != 4 || (t.get_address() & 3)) {
        return 0;
    }
    reg_put(t, reg(t.get_address()));
    return 4;
}

void Sdrc::set_config(const SdrcConfig &c, bool configure, uint64_t now_ns)
{
    if (configure) {
        sdrc_configure(&model_, &c);
    } else {
        sdrc_set_config(&model_, &c, now_ns);
    }
}

void Sdrc::idle_at(uint64_t now_ns, bool idle, bool off)
{
    sdrc_core_idle(&model_, now_ns, idle, off);
}

void Sdrc::idle_request()
{
    sdrc_core_idle(&model_, now_ns(sc_core::SC_ZERO_TIME), core_idle.read(),
                   core_off.read());
}

int Sdrc::rank_state(int cs)
{
    sdrc_sync(&model_, now_ns(sc_core::SC_ZERO_TIME));
    return sdrc_rank_state(&model_, cs);
}

}  // namespace n9
