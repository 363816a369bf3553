/*
 * The cache front end's socket behaviour: each CPU access's delay is the
 * annotated delay plus a8cache's stall at that time (checked against a
 * reference a8cache whose next level is a fixed latency, the same as the
 * target's), the line fills go out as timed 64-byte reads, the data move
 * untimed, MMIO passes through, errors, DMI refused.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "n9_a8cache_tlm.h"
#include "tlm_test.h"

using namespace n9test;

static const uint32_t MEM_NS = 50;

struct Bench : sc_core::sc_module {
    Initiator cpu{"cpu"};
    n9::A8Cache cache{"cache", nullptr, 3, 0x80000000u, 0x10000u};
    Recorder mem{"mem", MEM_NS};
    a8cache ref;
    uint32_t ref_ns = MEM_NS;

    explicit Bench(sc_core::sc_module_name n) : sc_module(n)
    {
        a8cache_next next = { a8cache_fixed_next, &ref_ns };

        cpu.socket.bind(cache.cpu);
        cache.mem.bind(mem.socket);
        a8cache_init(&ref, &a8cache_default_params, &next, 3);
        SC_HAS_PROCESS(Bench);
        SC_THREAD(run);
    }

    void run()
    {
        uint64_t t = 0;
        bool all_equal = true;
        unsigned fills = 0;
        n9::AccessKind k;

        /* loads, stores and fetches over 16 KB, twice: misses, then hits */
        for (int pass = 0; pass < 2; pass++) {
            for (uint32_t a = 0; a < 0x4000; a += 48) {
                unsigned char d[4] = { 0 };
                int op = (a / 48) % 3;
                uint32_t pa = 0x80000000u + a;
                uint32_t want;
                tlm::tlm_command cmd = op == 1 ? tlm::TLM_WRITE_COMMAND
                                               : tlm::TLM_READ_COMMAND;

                k.kind = op == 0 ? n9::AccessKind::LOAD :
                         op == 1 ? n9::AccessKind::STORE : n9::AccessKind::FETCH;
                want = op == 0 ? a8cache_load(&ref, pa, 4, t) :
                       op == 1 ? a8cache_store(&ref, pa, 4, t) :
                                 a8cache_fetch(&ref, pa, t);
                Result r = transport(cpu.socket, cmd, pa, d, 4,
                                     t - n9::time_ns(sc_core::sc_time_stamp()),
                                     nullptr, 0, 0, &k);
                all_equal &= r.status == tlm::TLM_OK_RESPONSE &&
                             n9::time_ns(sc_core::sc_time_stamp()) + r.delay_ns
                             == t + want;
                t += want + 2;
                if (t - n9::time_ns(sc_core::sc_time_stamp()) > 1000) {
                    wait(n9::ns_time(t) - sc_core::sc_time_stamp());
                }
            }
        }
        CHECK(all_equal, "every access: delay = annotated + a8cache's stall");
        CHECK(ref.s.cnt[A8C_L1D_HIT] > 0 && ref.s.cnt[A8C_L2_MISS] > 0,
              "hits and misses both happened");
        for (const auto &s : mem.seen) {
            fills += !s.write && s.len == 64;
        }
        CHECK_EQ(fills, ref.s.cnt[A8C_MEM_READ]);
        CHECK_EQ(mem.seen.size(), ref.s.cnt[A8C_MEM_READ] + ref.s.cnt[A8C_MEM_WRITE]);
        CHECK_EQ(cache.counter(A8C_L2_MISS), ref.s.cnt[A8C_L2_MISS]);

        /* the data: a store then a load of the same word */
        unsigned char w[4] = { 0xef, 0xbe, 0xad, 0xde }, rd[4] = { 0 };
        size_t seen = mem.seen.size();
        transport(cpu.socket, tlm::TLM_WRITE_COMMAND, 0x80000100, w, 4);
        transport(cpu.socket, tlm::TLM_READ_COMMAND, 0x80000100, rd, 4);
        CHECK(!memcmp(w, rd, 4), "a store's data reads back");

        /* outside the cacheable range: through, untouched */
        uint64_t l2 = cache.counter(A8C_L2_MISS);
        seen = mem.seen.size();
        Result r = transport(cpu.socket, tlm::TLM_READ_COMMAND, 0x48004000, rd, 4, 9);
        CHECK_EQ(r.delay_ns, 9 + MEM_NS);
        CHECK_EQ(mem.seen.size(), seen + 1);
        CHECK_EQ(mem.seen.back().addr, 0x48004000);
        CHECK_EQ(cache.counter(A8C_L2_MISS), l2);

        unsigned char big[128];
        r = transport(cpu.socket, tlm::TLM_READ_COMMAND, 0x80000000, big, 128);
        CHECK(r.status == tlm::TLM_BURST_ERROR_RESPONSE, "longer than a line");

        CHECK(dmi_refused(cpu.socket, 0x80000000), "DMI refused");
    }
};

int sc_main(int, char **)
{
    return run_bench<Bench>();
}
