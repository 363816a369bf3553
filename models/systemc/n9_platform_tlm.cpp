/*
 * The small OMAP3630 platform (n9_platform_tlm.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "n9_platform_tlm.h"

namespace n9 {

Platform::Platform(sc_core::sc_module_name name, uint64_t seed)
    : sc_module(name), cache("cache", nullptr, seed), router("router"),
      agents("agent", OMAP3_NUM_AGENTS,
             [seed](const char *n, size_t i) {
                 return new InterconnectAgent(n, (OMAP3Agent)i, seed);
             }),
      sdrc("sdrc"), prcm("prcm"), standbywfi("standbywfi", false),
      irq("irq", false)
{
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
    for (int b = 0; b < OMAP3_NUM_BLOCKS; b++) {
        InterconnectAgent &ag = agents[omap3630_map[b].agent];

        ag.add_block((OMAP3Block)b);
        switch (b) {
        case OMAP3_BLK_PRM:
            ag.out.bind(prcm.prm);
            break;
        case OMAP3_BLK_CM:
            ag.out.bind(prcm.cm);
            break;
        case OMAP3_BLK_SDRC:
            ag.out.bind(sdrc.regs);
            break;
        default:
            unimplemented.emplace_back(
                new UnimplementedDevice(omap3630_map[b].name));
            ag.out.bind(unimplemented.back()->socket);
            break;
        }
    }
    sdrc.core_idle(prcm.sdrc_idle_req);
    sdrc.core_off(prcm.sdrc_core_off);
    prcm.mpu_standbywfi(standbywfi);
    prcm.mpu_irq_in(irq);
}

}  // namespace n9
