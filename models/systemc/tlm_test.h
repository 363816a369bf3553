/*
 * What the TLM unit tests share: one call for a timed or debug transaction
 * through an initiator socket, and a memory-like target that records what
 * reached it (address, time, length) and answers after a fixed latency.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef N9_TLM_TEST_H
#define N9_TLM_TEST_H

#include <cstring>
#include <vector>

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "check.h"
#include "n9_tlm.h"

namespace n9test {

struct Result {
    tlm::tlm_response_status status;
    uint64_t delay_ns;      /* the delay that came back */
};

/* No extension (the default of transport's @ext). */
struct NoExt : tlm::tlm_extension<NoExt> {
    tlm::tlm_extension_base *clone() const override { return new NoExt; }
    void copy_from(const tlm::tlm_extension_base &) override {}
};

/* One b_transport of @len bytes at @addr with annotated @delay_ns. */
template <typename Socket, typename Ext = NoExt>
Result transport(Socket &s, tlm::tlm_command cmd, uint64_t addr,
                 unsigned char *data, unsigned len, uint64_t delay_ns = 0,
                 unsigned char *be = nullptr, unsigned be_len = 0,
                 unsigned width = 0, Ext *ext = nullptr)
{
    tlm::tlm_generic_payload t;
    sc_core::sc_time d = n9::ns_time(delay_ns);

    t.set_command(cmd);
    t.set_address(addr);
    t.set_data_ptr(data);
    t.set_data_length(len);
    t.set_streaming_width(width ? width : len);
    t.set_byte_enable_ptr(be);
    t.set_byte_enable_length(be_len);
    t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    if (ext) {
        t.set_extension(ext);
    }
    s->b_transport(t, d);
    if (ext) {
        t.clear_extension(ext);
    }
    return { t.get_response_status(), n9::time_ns(d) };
}

template <typename Socket>
uint32_t read32(Socket &s, uint64_t addr, uint64_t delay_ns = 0,
                tlm::tlm_response_status *st = nullptr)
{
    unsigned char d[4] = { 0 };
    Result r = transport(s, tlm::TLM_READ_COMMAND, addr, d, 4, delay_ns);
    if (st) {
        *st = r.status;
    }
    return d[0] | (uint32_t)d[1] << 8 | (uint32_t)d[2] << 16 |
           (uint32_t)d[3] << 24;
}

template <typename Socket>
Result write32(Socket &s, uint64_t addr, uint32_t v, uint64_t delay_ns = 0)
{
    unsigned char d[4] = { (unsigned char)v, (unsigned char)(v >> 8),
                           (unsigned char)(v >> 16), (unsigned char)(v >> 24) };
    return transport(s, tlm::TLM_WRITE_COMMAND, addr, d, 4, delay_ns);
}

/* A target that records each access and adds @latency ns; 64 KB of data. */
class Recorder : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<Recorder> socket;
    struct Seen {
        uint64_t addr, at_ns;
        unsigned len;
        bool write;
    };
    std::vector<Seen> seen;
    uint32_t latency;
    unsigned char mem[65536];
    tlm::tlm_response_status answer = tlm::TLM_OK_RESPONSE;

    Recorder(sc_core::sc_module_name n, uint32_t lat = 0)
        : sc_module(n), socket("socket"), latency(lat)
    {
        std::memset(mem, 0, sizeof(mem));
        socket.register_b_transport(this, &Recorder::b_transport);
        socket.register_transport_dbg(this, &Recorder::dbg);
    }

private:
    void b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &delay)
    {
        seen.push_back({ t.get_address(), n9::now_ns(delay),
                         t.get_data_length(), t.is_write() });
        dbg(t);
        delay += n9::ns_time(latency);
        t.set_response_status(answer);
    }

    unsigned dbg(tlm::tlm_generic_payload &t)
    {
        uint64_t a = t.get_address() % sizeof(mem);
        unsigned len = t.get_data_length();
        if (a + len > sizeof(mem)) {
            return 0;
        }
        if (t.is_read()) {
            std::memcpy(t.get_data_ptr(), mem + a, len);
        } else if (t.is_write()) {
            std::memcpy(mem + a, t.get_data_ptr(), len);
        }
        t.set_response_status(tlm::TLM_OK_RESPONSE);
        return len;
    }
};

/* Whether the target behind @s refuses DMI at @addr (the components
 * charge every access, so they all do). */
template <typename Socket>
bool dmi_refused(Socket &s, uint64_t addr)
{
    tlm::tlm_generic_payload p;
    tlm::tlm_dmi dmi;

    p.set_address(addr);
    p.set_read();
    return !s->get_direct_mem_ptr(p, dmi);
}

/* A test's sc_main: its bench (an SC_THREAD doing the checks) to the
 * end of the simulation, then check.h's verdict. */
template <typename Bench>
int run_bench()
{
    Bench b("bench");

    sc_core::sc_start();
    return check_done();
}

/* An initiator: the test's thread drives it. */
class Initiator : public sc_core::sc_module {
public:
    tlm_utils::simple_initiator_socket<Initiator> socket;
    explicit Initiator(sc_core::sc_module_name n) : sc_module(n), socket("socket") {}
};

}  // namespace n9test

#endif /* N9_TLM_TEST_H */
