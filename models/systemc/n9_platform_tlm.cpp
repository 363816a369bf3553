/*
 * The small OMAP3630 platform (n9_platform_tlm.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "n9_platform_tlm.h"

namespace n9 {

/* The map's blocks with the agents' default costs */
static PlatformConfig map_config(uint64_t seed)
{
    PlatformConfig c;

    c.seed = seed;
    for (int b = 0; b < OMAP3_NUM_BLOCKS; b++) {
        const OMAP3BlockMap &m = omap3630_map[b];

        c.groups.push_back({ (OMAP3Agent)m.agent, m.name, { { m.base, m.size } },
                             l4ic_default_params[m.agent] });
    }
    return c;
}

Platform::Platform(sc_core::sc_module_name name, uint64_t seed)
    : Platform(name, map_config(seed))
{
}

Platform::Platform(sc_core::sc_module_name name, const PlatformConfig &cfg)
    : sc_module(name), cache("cache", &cfg.cache, cfg.seed), router("router"),
      agents("agent", OMAP3_NUM_AGENTS,
             [&cfg](const char *n, size_t i) {
                 return new InterconnectAgent(n, (OMAP3Agent)i, cfg.seed);
             }),
      sdrc("sdrc", cfg.l3_hz, &cfg.sdrc), prcm("prcm"),
      standbywfi("standbywfi", false), irq("irq", false),
      sdrc_idle_tie("sdrc_idle_tie", false), sdrc_off_tie("sdrc_off_tie", false)
{
    const PlatformConfig &c = cfg.groups.empty() ? map_config(cfg.seed) : cfg;

    cache.mem.bind(router.in);
    /* the SDRAM above every interconnect window (port 0) */
    router.map("sdram", SDRAM_BASE, SDRAM_SIZE, 0, 2);
    router.out.bind(sdrc.mem);
    for (int a = 0; a < OMAP3_NUM_AGENTS; a++) {
        const OMAP3AgentMap &m = omap3630_agents[a];
        router.map(m.name, m.base, m.size, 1 + a, m.priority);
        router.out.bind(agents[a].in);
    }
    /* the boot ROM and the SRAM: free, as the machine's memory path */
    for (int i = 0; i < OMAP3_NUM_ONCHIP; i++) {
        const OMAP3OnChipMap &m = omap3630_onchip[i];

        onchip.emplace_back(new UnimplementedDevice(m.name));
        router.map(m.name, m.base, m.size, 1 + OMAP3_NUM_AGENTS + i, 2);
        router.out.bind(onchip.back()->socket);
    }
    for (const PlatformGroup &g : c.groups) {
        InterconnectAgent &ag = agents[g.agent];
        unsigned port = ag.add_group(g.name, g.windows.at(0).first,
                                     g.windows.at(0).second, &g.params);

        for (size_t w = 1; w < g.windows.size(); w++) {
            ag.add_window(port, g.windows[w].first, g.windows[w].second);
        }
        group_port.push_back(port);
        if (g.name == "prm") {
            ag.out.bind(prcm.prm);
        } else if (g.name == "cm") {
            ag.out.bind(prcm.cm);
        } else if (g.name == "sdrc") {
            ag.out.bind(sdrc.regs);
        } else {
            std::string n = std::string(omap3630_agents[g.agent].name) + "_" +
                            g.name;

            unimplemented.emplace_back(new UnimplementedDevice(n.c_str()));
            ag.out.bind(unimplemented.back()->socket);
        }
    }
    if (c.prcm_drives_sdrc) {
        sdrc.core_idle(prcm.sdrc_idle_req);
        sdrc.core_off(prcm.sdrc_core_off);
    } else {
        sdrc.core_idle(sdrc_idle_tie);
        sdrc.core_off(sdrc_off_tie);
    }
    prcm.mpu_standbywfi(standbywfi);
    prcm.mpu_irq_in(irq);
}

}  // namespace n9
