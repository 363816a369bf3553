/*
 * tlm_replay: the SystemC testbench.  A trace-driven initiator replays the
 * synthetic stream (trace_source.h) through the small OMAP3630 platform
 * (n9_platform_tlm.h: cache front end, router by the SoC's memory map,
 * agents, SDRC, PRCM) and prints the same figures as c_replay, which it
 * must equal to the ns.  With --trace, a trace the machine recorded goes
 * through a platform built from its header (n9_replay_initiator_tlm.h)
 * and the figures are n9replay's JSON, which they must equal.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <chrono>
#include <cstring>

#include "c_replay.h"
#include "n9_platform_tlm.h"
#include "n9_replay_initiator_tlm.h"
#include "n9_trace_initiator_tlm.h"
#include "replay_args.h"

static int trace_main(const replay_args &ra)
{
    static trp r;

    trp_open(&r, ra.trace, nullptr, 0, 1);
    n9::Platform soc("soc", n9::replay_platform_config(r));
    n9::ReplayInitiator cpu("cpu", r, soc);
    cpu.socket.bind(soc.cpu());
    r.marks = tmpfile();
    if (!r.marks) {
        trp_die("cannot create a temporary file");
    }
    auto t0 = std::chrono::steady_clock::now();
    sc_core::sc_start();
    double secs = std::chrono::duration<double>(
        std::chrono::steady_clock::now() - t0).count();
    if (!cpu.done) {
        trp_die("%s: the initiator did not finish", ra.trace);
    }
    trp_report(&r, ra.json, secs);
    /* what the run wrote (format 3) is in the components' registers */
    fprintf(stderr, "tlm_replay: at the end SDRC_POWER 0x%x, MCFG_0 0x%x, "
            "ACTIM_CTRLA_0 0x%x\n", soc.sdrc.reg(SDRC_REG_POWER),
            soc.sdrc.reg(SDRC_REG_MCFG(0)), soc.sdrc.reg(SDRC_REG_ACTIM_A(0)));
    if (ra.speed) {
        fprintf(stderr, "tlm_replay: %llu events in %.3f s: %.0f per host "
                "second\n", (unsigned long long)r.events, secs,
                r.events / (secs > 0 ? secs : 1e-9));
    }
    trp_close(&r);
    return 0;
}

int sc_main(int argc, char **argv)
{
    replay_args ra;
    replay_stream s;
    n9_replay_figures f;
    int rc = replay_parse(argc, argv, "the SystemC TLM-2.0 platform", &ra);

    if (rc) {
        return rc < 0;
    }
    sc_core::sc_report_handler::set_actions(sc_core::SC_INFO,
                                            sc_core::SC_DO_NOTHING);
    if (ra.trace) {
        return trace_main(ra);
    }
    if (replay_open(argv[0], &ra, &s)) {
        return 1;
    }
    n9::CSource src(s.next, s.ctx);
    n9::Platform soc("soc", ra.seed);
    n9::TraceInitiator cpu("cpu", src, n9::ns_time(ra.quantum_ns));
    cpu.socket.bind(soc.cpu());

    auto t0 = std::chrono::steady_clock::now();
    sc_core::sc_start();
    double secs = std::chrono::duration<double>(
        std::chrono::steady_clock::now() - t0).count();
    replay_close(&s);
    if (!cpu.done) {
        fprintf(stderr, "%s: the initiator did not finish\n", argv[0]);
        return 1;
    }

    std::memset(&f, 0, sizeof(f));
    f.transactions = cpu.transactions;
    f.loads = cpu.loads;
    f.stores = cpu.stores;
    f.fetches = cpu.fetches;
    f.errors = cpu.errors;
    for (auto &m : soc.onchip) {
        f.onchip += m->reads + m->writes;
    }
    f.end_ns = cpu.end_ns;
    f.stall_ns = cpu.stall_ns;
    std::memcpy(f.cache, soc.cache.model().s.cnt, sizeof(f.cache));
    f.sdrc = soc.sdrc.counters();
    f.sdrc_power = soc.sdrc.reg(SDRC_REG_POWER);
    for (int a = 0; a < OMAP3_NUM_AGENTS; a++) {
        const n9::InterconnectAgent::Counters &c =
            static_cast<const n9::InterconnectAgent &>(soc.agents[a])
                .counters();
        f.agent[a] = { c.reads, c.writes, c.read_ns, c.write_ns, c.errors };
    }
    n9_replay_print(stdout, &f);
    if (ra.speed) {
        fprintf(stderr, "tlm_replay: %llu transactions in %.3f s: %.0f per "
                "host second\n", (unsigned long long)f.transactions, secs,
                f.transactions / (secs > 0 ? secs : 1e-9));
    }
    return 0;
}
