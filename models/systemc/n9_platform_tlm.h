/*
 * A small OMAP3630 platform of the TLM-2.0 components: the Cortex-A8's
 * cache front end (the CPU's port), a router by the SoC's memory map
 * (omap3630_map.h: the SDRAM to the SDRC, each interconnect window to its
 * agent, the boot ROM and the SRAM to targets that cost nothing, as the
 * machine's memory path does not time them), the five agents with a target behind every block of the map
 * (the PRCM's PRM and CM, the SDRC's registers, an UnimplementedDevice for
 * the others), the PRCM's idle request wired to the SDRC.
 *
 *   CPU -> cpu [A8Cache] mem -> [Router] -> SDRAM 0x80000000: Sdrc.mem
 *                                        -> ROM, SRAM: UnimplementedDevice
 *                                        -> L4-WKUP, L4-CORE, L4-PER,
 *                                           L4-EMU, L3: InterconnectAgent
 *                                              -> Prcm.prm / Prcm.cm,
 *                                                 Sdrc.regs, others
 *
 * standbywfi and irq are the platform's inputs to the PRCM (the MPU's
 * STANDBYWFI, the INTC's interrupt): drive them from a CPU model.
 *
 * PlatformConfig: the parameters and the register groups of a run of the
 * machine (tlm_replay builds one from a trace's header): the cache's and
 * the SDRC's parameters, the L3 clock, the seed, each group by name with
 * its windows and cost ranges (a group named prm, cm or sdrc reaches the
 * PRCM's or the SDRC's registers), and whether the PRCM drives the SDRC's
 * idle inputs (a replay gives the recorded requests itself).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef N9_PLATFORM_TLM_H
#define N9_PLATFORM_TLM_H

#include <memory>
#include <vector>

#include "n9_a8cache_tlm.h"
#include "n9_l4ic_tlm.h"
#include "n9_prcm_tlm.h"
#include "n9_router_tlm.h"
#include "n9_sdrc_tlm.h"
#include "n9_unimp_tlm.h"

namespace n9 {

struct PlatformGroup {
    OMAP3Agent agent;
    std::string name;
    std::vector<std::pair<uint64_t, uint64_t>> windows;  /* base, size */
    l4ic_params params;
};

struct PlatformConfig {
    uint64_t seed = 1;
    a8cache_params cache = a8cache_default_params;
    SdrcParams sdrc = sdrc_default_params;
    uint32_t l3_hz = Sdrc::N9_L3_HZ;
    /* empty: every block of omap3630_map, the agents' default costs */
    std::vector<PlatformGroup> groups;
    bool prcm_drives_sdrc = true;
};

class Platform : public sc_core::sc_module {
public:
    A8Cache cache;
    Router router;
    sc_core::sc_vector<InterconnectAgent> agents;  /* by OMAP3Agent */
    Sdrc sdrc;
    Prcm prcm;
    std::vector<std::unique_ptr<UnimplementedDevice>> unimplemented;
    /* the boot ROM and the SRAM (omap3630_onchip): reached, not timed */
    std::vector<std::unique_ptr<UnimplementedDevice>> onchip;
    sc_core::sc_signal<bool> standbywfi, irq;
    /* the SDRC's idle inputs when the PRCM does not drive them */
    sc_core::sc_signal<bool> sdrc_idle_tie, sdrc_off_tie;
    /* per group of the config (or block of the map): its agent's port */
    std::vector<unsigned> group_port;

    /* @seed: the [timing] seed of the agents and the cache's replacement */
    explicit Platform(sc_core::sc_module_name name, uint64_t seed = 1);
    Platform(sc_core::sc_module_name name, const PlatformConfig &cfg);

    /* The CPU's port: bind its initiator socket here. */
    tlm_utils::simple_target_socket<A8Cache> &cpu() { return cache.cpu; }
};

}  // namespace n9

#endif /* N9_PLATFORM_TLM_H */
