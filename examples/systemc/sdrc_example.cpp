/*
 * docs/systemc.md's example: the N9's SDRC + LPDDR model dropped into a
 * platform of one's own.  "MyCpu" stands for your initiator; the SDRC is
 * the installed n9::Sdrc (qemu-n9-systemc.pc).  Two 64-byte reads, the
 * second in the row the first opened; each prints the delay the model
 * added.  Build from an installed prefix:
 *   c++ sdrc_example.cpp $(pkg-config --cflags --libs qemu-n9-systemc)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <cstdio>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include "n9_sdrc_tlm.h"

struct MyCpu : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<MyCpu> socket;

    explicit MyCpu(sc_core::sc_module_name n) : sc_module(n), socket("socket")
    {
        SC_HAS_PROCESS(MyCpu);
        SC_THREAD(run);
    }

    void read(uint64_t offset, const char *what)
    {
        unsigned char data[64];
        tlm::tlm_generic_payload t;
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;

        t.set_read();
        t.set_address(offset);          /* from the SDRAM's base */
        t.set_data_ptr(data);
        t.set_data_length(sizeof(data));
        t.set_streaming_width(sizeof(data));
        t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        socket->b_transport(t, delay);
        if (t.is_response_error()) {
            std::printf("%s: %s\n", what, t.get_response_string().c_str());
            return;
        }
        std::printf("%s: %llu ns\n", what,
                    (unsigned long long)(delay / sc_core::sc_time(1, sc_core::SC_NS)));
        wait(delay);                    /* loosely timed: sync after */
    }

    void run()
    {
        read(0x1000, "read 64 bytes at 0x80001000");
        read(0x1040, "read 64 bytes at 0x80001040");
    }
};

int sc_main(int, char **)
{
    MyCpu cpu("cpu");
    n9::Sdrc sdrc("sdrc");                  /* the N9's: 195.2 MHz L3 */
    sc_core::sc_signal<bool> idle("idle", false), off("off", false);

    cpu.socket.bind(sdrc.mem);
    sdrc.core_idle(idle);                   /* no PRCM here: never idle */
    sdrc.core_off(off);
    sc_core::sc_start();
    return 0;
}
