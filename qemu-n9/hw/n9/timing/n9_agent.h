/*
 * Interconnect target agents of the OMAP3630 (L3, CORE L4, WKUP L4, PER L4,
 * EMU L4).
 *
 * Every device register window of the SoC sits behind the agent of the
 * interconnect it hangs on.  The CPU sees the agent's window; the agent
 * forwards each access to the device mapped behind it.  This is the one
 * place where MMIO accesses are counted and charged their modelled latency
 * (models/l4-interconnect): no device file repeats that code.
 *
 * Each device behind an agent is one register group: it has its own cost
 * parameters (the agent's unless the timing file overrides them) and its
 * own counters, readable over QMP:
 *   qom-get /machine/soc/l4-wkup reads             (the agent's totals)
 *   qom-get /machine/soc/l4-wkup/groups/prm read-ns
 *
 * An access to a hole in an agent's window gets the error response that the
 * interconnect gives on hardware, which the CPU takes as an external abort.
 *
 * Clock input "ick": the interface clock of the domain that serves the
 * agent's accesses (the SoC connects sys_clk to the wakeup L4, the core L4
 * clock to the core, PER and EMU L4s, the L3 clock to the L3).  Each
 * group's costs follow it (l4ic_set_clock): at the rate the ranges were
 * measured at they are the ranges' ns exactly.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_N9_AGENT_H
#define HW_N9_N9_AGENT_H

#include "hw/sysbus.h"
#include "hw/clock.h"
#include "qom/object.h"
#include "n9_timing.h"
#include "qobject/qdict.h"

#define TYPE_N9_AGENT "n9-target-agent"
OBJECT_DECLARE_SIMPLE_TYPE(N9AgentState, N9_AGENT)

#define TYPE_N9_AGENT_GROUP "n9-agent-group"
OBJECT_DECLARE_SIMPLE_TYPE(N9AgentGroup, N9_AGENT_GROUP)

/* Counters of an agent or of one register group. */
typedef struct N9AgentCounters {
    uint64_t reads, writes;
    uint64_t read_ns, write_ns;     /* modelled time charged */
    /*
     * Accesses from outside the guest (monitor, gdbstub, qtest, DMA): not
     * charged, not in reads/writes.  Not machine state: not migrated.
     */
    uint64_t debug_reads, debug_writes;
} N9AgentCounters;

struct N9AgentGroup {
    Object parent_obj;

    char *name;
    l4ic_target model;
    N9AgentCounters c;
    uint32_t rec_id;        /* its number in a trace (record=), 0: none */
};

/* One device window behind the agent. */
typedef struct N9AgentPort {
    MemoryRegion mr;
    MemoryRegion *target;
    struct N9AgentState *agent;
    N9AgentGroup *group;
} N9AgentPort;

struct N9AgentState {
    SysBusDevice parent_obj;

    MemoryRegion window;     /* the window the CPU sees (sysbus MMIO 0) */
    MemoryRegion hole;       /* under the ports: interconnect errors */
    Object *groups;          /* container of the N9AgentGroups */
    GPtrArray *ports;

    N9AgentCounters c;
    uint64_t errors;
    Clock *ick;              /* the serving domain's interface clock */

    N9Timing *timing;        /* set by the SoC before realize */
    uint32_t rec_index;      /* its number in a trace (record=) */

    /* migration: every group's counters, flattened; its generator's image */
    uint32_t vm_len;
    uint64_t *vm_groups;
    uint32_t vm_models_len;
    uint8_t *vm_models;

    /* Properties */
    char *name;
    uint64_t base;           /* physical base of the window */
    uint64_t size;
};

void n9_agent_set_timing(DeviceState *agent, N9Timing *timing);
/* Connect the agent's interface clock (after realize: the SoC makes the
 * agents before the PRCM that drives it) */
void n9_agent_connect_clock(DeviceState *agent, Clock *src);
/*
 * Number @agent (@index) and its register groups for a trace (record=):
 * appends "agent.INDEX=NAME" and "group.ID=AGENT.GROUP" lines to @header,
 * the ids from *@next_id + 1 on.
 */
void n9_agent_record_header(DeviceState *agent, unsigned index,
                            GString *header, unsigned *next_id);
/*
 * A trace's window starts (record-from=): section "agent.INDEX" of @out,
 * the agent's counters and each register group's (its number, counters
 * and latency generator's image, models/l4-interconnect/l4ic_state.h).
 */
void n9_agent_record_state(DeviceState *agent, GByteArray *out);
/*
 * Map region @mr at physical address @addr behind @agent, as register
 * group @group (counted and costed under that name).
 */
void n9_agent_map_group(DeviceState *agent, hwaddr addr, MemoryRegion *mr,
                        const char *group);
/* A block that exists on hardware but is not modelled: RAZ/WI, LOG_UNIMP. */
void n9_agent_add_unimp(DeviceState *agent, const char *name,
                        hwaddr addr, uint64_t size);
/*
 * Whether an access with @attrs is the vCPU's own (a guest load or store),
 * not the monitor's, the gdbstub's, qtest's or a device model's: only those
 * cost modelled time and count as guest accesses.  For any model that
 * counts accesses (see n9_agent.c for how it is decided).
 */
bool n9_access_from_vcpu(MemTxAttrs attrs);
/* The agent's counters, for the statistics file. */
QDict *n9_agent_stats(DeviceState *agent);

#endif /* HW_N9_N9_AGENT_H */
