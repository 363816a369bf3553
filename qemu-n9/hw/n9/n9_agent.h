/*
 * Interconnect target agents of the OMAP3630 (L3, CORE L4, WKUP L4, PER L4,
 * EMU L4).
 *
 * Every device register window of the SoC sits behind the agent of the
 * interconnect it hangs on.  The CPU sees the agent's window; the agent
 * forwards each access to the device mapped behind it.  This is the one
 * place where MMIO accesses are counted (and, with the timing model,
 * charged): no device file repeats that code.
 *
 * An access to a hole in an agent's window gets the error response that the
 * interconnect gives on hardware, which the CPU takes as an external abort.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_N9_AGENT_H
#define HW_N9_N9_AGENT_H

#include "hw/sysbus.h"
#include "qom/object.h"

#define TYPE_N9_AGENT "n9-target-agent"
OBJECT_DECLARE_SIMPLE_TYPE(N9AgentState, N9_AGENT)

struct N9AgentState {
    SysBusDevice parent_obj;

    MemoryRegion iomem;      /* the window the CPU sees (sysbus MMIO 0) */
    MemoryRegion container;  /* the devices behind the agent */
    AddressSpace as;

    /* Counters, readable over QMP (qom-get) */
    uint64_t reads;
    uint64_t writes;
    uint64_t errors;

    /* Properties */
    char *name;
    uint64_t base;           /* physical base of the window */
    uint64_t size;
};

/* Map region @mr at physical address @addr behind @agent. */
void n9_agent_map(DeviceState *agent, hwaddr addr, MemoryRegion *mr);
/* Map MMIO region @n of sysbus device @sbd at physical address @addr. */
void n9_agent_map_sysbus(DeviceState *agent, hwaddr addr,
                         SysBusDevice *sbd, int n);
/* A block that exists on hardware but is not modelled: RAZ/WI, LOG_UNIMP. */
void n9_agent_add_unimp(DeviceState *agent, const char *name,
                        hwaddr addr, uint64_t size);

#endif /* HW_N9_N9_AGENT_H */
