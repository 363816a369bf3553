/*
 * The interconnect agent's socket behaviour: each access's delay is the
 * annotated delay plus what models/l4-interconnect draws for its group
 * (checked against the C model with the machine's seed, access by access),
 * the target sees the group's offset at the issue time, errors for
 * addresses without a group, the counters, DMI refused.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "n9_l4ic_tlm.h"
#include "tlm_test.h"

using namespace n9test;

struct Bench : sc_core::sc_module {
    Initiator cpu{"cpu"};
    n9::InterconnectAgent wkup{"wkup", OMAP3_AGENT_L4_WKUP, 5};
    Recorder prm{"prm"}, gpt1{"gpt1"};

    explicit Bench(sc_core::sc_module_name n) : sc_module(n)
    {
        cpu.socket.bind(wkup.in);
        wkup.add_block(OMAP3_BLK_PRM);
        wkup.out.bind(prm.socket);
        wkup.add_block(OMAP3_BLK_GPT1);
        wkup.out.bind(gpt1.socket);
        SC_HAS_PROCESS(Bench);
        SC_THREAD(run);
    }

    void run()
    {
        /* the C model as the machine sets it up: seed 5, "l4-wkup.prm" */
        l4ic_target ref_prm, ref_gpt1;
        uint64_t base = omap3630_agents[OMAP3_AGENT_L4_WKUP].base;
        uint64_t prm_off = omap3630_map[OMAP3_BLK_PRM].base - base;
        uint64_t gpt_off = omap3630_map[OMAP3_BLK_GPT1].base - base;
        uint64_t sum_r = 0, sum_w = 0, t = 0;
        bool all_equal = true, some_differ = false;
        unsigned char d[4] = { 0 };
        Result r;

        l4ic_target_init(&ref_prm, &l4ic_default_params[L4IC_WKUP],
                         l4ic_seed_for(5, "l4-wkup.prm"));
        l4ic_target_init(&ref_gpt1, &l4ic_default_params[L4IC_WKUP],
                         l4ic_seed_for(5, "l4-wkup.gpt1"));
        for (int i = 0; i < 40; i++) {
            bool w = i % 3 == 0;
            uint32_t want = l4ic_access_cost(&ref_prm, w, 4, t);
            r = transport(cpu.socket, w ? tlm::TLM_WRITE_COMMAND
                                        : tlm::TLM_READ_COMMAND,
                          prm_off + 0xe4, d, 4, 10);
            all_equal &= r.status == tlm::TLM_OK_RESPONSE &&
                         r.delay_ns == 10 + want;
            some_differ |= i && want != l4ic_default_params[L4IC_WKUP].read_min_ns;
            (w ? sum_w : sum_r) += want;
            t += 0;     /* all at the same kernel time; the cost ignores it */
        }
        CHECK(all_equal, "40 accesses: delay = annotated + l4ic_access_cost");
        CHECK(some_differ, "the costs spread over the range");
        CHECK_EQ(prm.seen.size(), 40);
        CHECK_EQ(prm.seen.back().addr, 0xe4);       /* offset in PRM */
        CHECK_EQ(prm.seen.back().at_ns, 10);        /* at the issue time */
        CHECK_EQ(wkup.group_counters(0).reads, 26);
        CHECK_EQ(wkup.group_counters(0).writes, 14);
        CHECK_EQ(wkup.group_counters(0).read_ns, sum_r);
        CHECK_EQ(wkup.group_counters(0).write_ns, sum_w);

        /* another group draws from its own sequence */
        r = transport(cpu.socket, tlm::TLM_READ_COMMAND, gpt_off + 0x28, d, 4);
        CHECK_EQ(r.delay_ns, l4ic_access_cost(&ref_gpt1, 0, 4, 0));
        CHECK_EQ(gpt1.seen.back().addr, 0x28);

        /* in the window, no group: the interconnect's error, no cost */
        r = transport(cpu.socket, tlm::TLM_READ_COMMAND, 0x30000, d, 4, 7);
        CHECK(r.status == tlm::TLM_ADDRESS_ERROR_RESPONSE,
              "no group: TLM_ADDRESS_ERROR_RESPONSE");
        CHECK_EQ(r.delay_ns, 7);
        CHECK_EQ(wkup.counters().errors, 1);

        /* the target's own error comes back, the access still costs */
        gpt1.answer = tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE;
        r = transport(cpu.socket, tlm::TLM_READ_COMMAND, gpt_off, d, 4);
        CHECK(r.status == tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE,
              "the target's error passes through");
        CHECK_EQ(r.delay_ns, l4ic_access_cost(&ref_gpt1, 0, 4, 0));

        CHECK(dmi_refused(cpu.socket, prm_off), "DMI refused");
    }
};

int sc_main(int, char **)
{
    return run_bench<Bench>();
}
