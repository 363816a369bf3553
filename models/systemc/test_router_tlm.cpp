/*
 * The router's socket behaviour: windows by priority, the offset the
 * target sees, no delay of its own, TLM_ADDRESS_ERROR_RESPONSE where no
 * window is, debug transport and DMI passed on.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "n9_router_tlm.h"
#include "tlm_test.h"

using namespace n9test;

struct Bench : sc_core::sc_module {
    Initiator cpu{"cpu"};
    n9::Router router{"router"};
    Recorder low{"low", 0}, high{"high", 0};

    explicit Bench(sc_core::sc_module_name n) : sc_module(n)
    {
        cpu.socket.bind(router.in);
        router.out.bind(low.socket);        /* port 0 */
        router.out.bind(high.socket);       /* port 1 */
        /* the CORE L4 and the WKUP L4 inside it, above it */
        router.map("core", 0x48000000, 0x01000000, 0, 0);
        router.map("wkup", 0x48300000, 0x00040000, 1, 1);
        SC_HAS_PROCESS(Bench);
        SC_THREAD(run);
    }

    void run()
    {
        unsigned char d[8] = { 1, 2, 3, 4 };
        Result r;

        r = transport(cpu.socket, tlm::TLM_READ_COMMAND, 0x48004010, d, 4, 25);
        CHECK(r.status == tlm::TLM_OK_RESPONSE, "core window: ok");
        CHECK_EQ(r.delay_ns, 25);           /* the router adds nothing */
        CHECK_EQ(low.seen.size(), 1);
        CHECK_EQ(low.seen.back().addr, 0x4010);     /* offset in the window */
        CHECK_EQ(low.seen.back().at_ns, 25);

        r = transport(cpu.socket, tlm::TLM_WRITE_COMMAND, 0x48306004, d, 4);
        CHECK(r.status == tlm::TLM_OK_RESPONSE, "wkup window: ok");
        CHECK_EQ(high.seen.size(), 1);      /* the higher priority wins */
        CHECK_EQ(low.seen.size(), 1);
        CHECK_EQ(high.seen.back().addr, 0x6004);
        CHECK(high.seen.back().write, "a write");

        r = transport(cpu.socket, tlm::TLM_READ_COMMAND, 0x49000000, d, 4, 3);
        CHECK(r.status == tlm::TLM_ADDRESS_ERROR_RESPONSE,
              "no window: TLM_ADDRESS_ERROR_RESPONSE");
        CHECK_EQ(r.delay_ns, 3);
        CHECK_EQ(router.errors(), 1);
        /* an access running off the end of its window */
        r = transport(cpu.socket, tlm::TLM_READ_COMMAND, 0x48fffffe, d, 4);
        CHECK(r.status == tlm::TLM_ADDRESS_ERROR_RESPONSE,
              "across the window's end: TLM_ADDRESS_ERROR_RESPONSE");

        /* debug transport reaches the same target, untimed */
        high.mem[0x10] = 0x5a;
        tlm::tlm_generic_payload t;
        t.set_read();
        t.set_address(0x48300010);
        t.set_data_ptr(d);
        t.set_data_length(1);
        CHECK_EQ(cpu.socket->transport_dbg(t), 1);
        CHECK_EQ(d[0], 0x5a);
        CHECK_EQ(high.seen.size(), 1);

        /* DMI: the recorder grants none; the range comes back translated */
        tlm::tlm_dmi dmi;
        t.set_address(0x48300010);
        CHECK(!cpu.socket->get_direct_mem_ptr(t, dmi), "no DMI");
    }
};

int sc_main(int, char **)
{
    return run_bench<Bench>();
}
