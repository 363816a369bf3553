/*
 * The initiator of a recorded run's replay (n9_replay_initiator_tlm.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "n9_replay_initiator_tlm.h"

#include <cstring>

extern "C" {
#include "mempath.h"
}

namespace n9 {

static int platform_agent(const trp &r, unsigned a)
{
    for (int i = 0; i < OMAP3_NUM_AGENTS; i++) {
        if (!strcmp(r.agents[a], omap3630_agents[i].name)) {
            return i;
        }
    }
    trp_die("%s: agent %s is not one of the SoC's (omap3630_map.h)", r.path,
            r.agents[a]);
    return -1;
}

PlatformConfig replay_platform_config(const trp &r)
{
    PlatformConfig c;

    if (r.sdrc_base != SDRAM_BASE || r.sdram_base != SDRAM_BASE ||
        r.sdram_size > SDRAM_SIZE) {
        trp_die("%s: the SDRAM is not the N9's (0x80000000, 1 GB)", r.path);
    }
    c.seed = r.seed;
    c.cache = r.cache_p;
    c.sdrc = r.sdrc_p;
    c.l3_hz = r.l3_hz;
    /* the run's configurations and idle requests come from the trace */
    c.prcm_drives_sdrc = false;
    for (unsigned id = 1; id <= r.ngroups; id++) {
        const trp_group &g = r.groups[id];
        PlatformGroup pg;

        if (!g.name[0]) {
            continue;
        }
        if (!g.nwin) {
            trp_die("%s: the header gives no window for register group %s "
                    "(recorded before format 3): record it again", r.path,
                    g.full);
        }
        pg.agent = (OMAP3Agent)platform_agent(r, g.agent);
        pg.name = g.name;
        for (unsigned w = 0; w < g.nwin; w++) {
            pg.windows.push_back({ omap3630_agents[pg.agent].base +
                                   g.win_off[w], g.win_size[w] });
        }
        pg.params = g.p;
        c.groups.push_back(pg);
    }
    return c;
}

const trp_ops ReplayInitiator::ops_ = {
    &ReplayInitiator::op_mem, &ReplayInitiator::op_reg,
    &ReplayInitiator::op_sdrc_cfg, &ReplayInitiator::op_sdrc_idle,
    &ReplayInitiator::op_mem_reset,
};

ReplayInitiator::ReplayInitiator(sc_core::sc_module_name name, trp &r,
                                 Platform &soc, uint64_t lookback_ns)
    : sc_module(name), socket("socket"), r_(r), soc_(soc),
      lookback_ns_(lookback_ns), kind_(new AccessKind)
{
    unsigned i = 0;

    t_.set_extension(kind_);
    for (unsigned a = 0; a < r.nagents; a++) {
        agent_[a] = r.agents[a][0] ? platform_agent(r, a) : -1;
        if (agent_[a] >= 0) {
            r.ac[a] = &soc.agents[agent_[a]].counters();
        }
    }
    /* the groups in the order replay_platform_config gave them */
    for (unsigned id = 1; id <= r.ngroups; id++) {
        trp_group &g = r.groups[id];

        if (!g.name[0]) {
            continue;
        }
        InterconnectAgent &ag = soc.agents[agent_[g.agent]];
        g.model = &ag.group_model(soc.group_port.at(i));
        g.c = &ag.group_counters(soc.group_port.at(i));
        i++;
    }
    r.mp = &soc.cache.path();
    r.sdrc = &soc.sdrc.model();
    r.ops = &ops_;
    r.ctx = this;
    soc.sdrc.follow_registers(false);
    trp_start(&r);
    SC_HAS_PROCESS(ReplayInitiator);
    SC_THREAD(run);
}

ReplayInitiator::~ReplayInitiator()
{
    t_.clear_extension(kind_);
    delete kind_;
}

void ReplayInitiator::run()
{
    trp_run(&r_, 0);
    done = true;
}

/* One transaction at @now (its stall back); keeps the kernel a lookback
 * behind.  @keep: a write of what the target holds (its value unknown). */
uint32_t ReplayInitiator::transport(uint64_t addr, unsigned len, bool write,
                                    bool keep, uint64_t now)
{
    uint64_t stamp = time_ns(sc_core::sc_time_stamp());
    sc_core::sc_time delay;
    uint64_t ns;

    if (now < stamp) {
        trp_die("%s: event %llu at %llu ns is more than %llu ns before the "
                "latest one", r_.path,
                (unsigned long long)n9trace_index(r_.t) - 1,
                (unsigned long long)now, (unsigned long long)lookback_ns_);
    }
    if (len > sizeof(data_)) {
        trp_die("%s: event %llu: an access of %u bytes", r_.path,
                (unsigned long long)n9trace_index(r_.t) - 1, len);
    }
    delay = ns_time(now - stamp);
    t_.set_address(addr);
    t_.set_data_ptr(data_);
    t_.set_data_length(len);
    t_.set_streaming_width(len);
    t_.set_byte_enable_ptr(nullptr);
    t_.set_dmi_allowed(false);
    if (keep) {
        t_.set_command(tlm::TLM_READ_COMMAND);
        socket->transport_dbg(t_);
    }
    t_.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    t_.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    socket->b_transport(t_, delay);
    if (t_.is_response_error()) {
        trp_die("%s: event %llu: the platform answered %s at 0x%llx",
                r_.path, (unsigned long long)n9trace_index(r_.t) - 1,
                t_.get_response_string().c_str(), (unsigned long long)addr);
    }
    ns = time_ns(delay) - (now - stamp);
    if (now - stamp >= 2 * lookback_ns_) {
        wait(ns_time(now - stamp - lookback_ns_));      /* sync */
    }
    return (uint32_t)ns;
}

static unsigned data_len(unsigned size)
{
    return size ? size : 1;
}

/* An access, fetch, PLD or cache maintenance: a memory-path transaction
 * with the trace's virtual address, the walks' descriptors from the trace
 * (the CPU's page tables) */
uint32_t ReplayInitiator::op_mem(trp *r, const n9trace_event *ev,
                                 uint64_t now)
{
    ReplayInitiator *s = static_cast<ReplayInitiator *>(r->ctx);
    AccessKind &k = *s->kind_;
    bool store = ev->type == N9T_ACCESS && (ev->flags & N9T_F_STORE);

    k = AccessKind();
    k.path = true;
    k.va = (uint32_t)ev->va;
    k.size = ev->size;
    k.walk_read = trp_walk_read;
    k.walk_ctx = r;
    switch (ev->type) {
    case N9T_ACCESS:
        k.kind = store ? AccessKind::STORE : ev->flags & N9T_F_SIMD ?
                 AccessKind::LOAD_SIMD : AccessKind::LOAD;
        k.use = ev->flags & N9T_F_USE;
        break;
    case N9T_FETCH:
        k.kind = AccessKind::FETCH;
        k.ninsns = ev->ninsns;
        k.cont = (int)ev->flags;
        break;
    case N9T_CMAINT:
        k.kind = AccessKind::CMAINT;
        k.op = (int)ev->value;
        return s->transport(ev->pa, 1, false, false, now);
    default:
        k.kind = AccessKind::PLD;
        return s->transport(ev->pa, 1, false, false, now);
    }
    return s->transport(ev->pa, data_len(ev->size), store, false, now);
}

/* A register access: through the router to its agent and group; the
 * agent counts it.  A write carries the recorded value (format 3; an
 * older trace's write puts back what the register holds). */
uint32_t ReplayInitiator::op_reg(trp *r, const n9trace_event *ev,
                                 uint64_t now)
{
    ReplayInitiator *s = static_cast<ReplayInitiator *>(r->ctx);
    const trp_group &g = r->groups[ev->group];
    bool w = ev->flags & N9T_F_WRITE;

    bool known = ev->flags & N9T_F_VALUE;

    *s->kind_ = AccessKind();
    s->kind_->kind = w ? AccessKind::STORE : AccessKind::LOAD;
    for (unsigned i = 0; known && i < ev->size && i < 8; i++) {
        s->data_[i] = (unsigned char)(ev->value >> (8 * i));    /* LE */
    }
    return s->transport(omap3630_agents[s->agent_[g.agent]].base + ev->offset,
                        ev->size, w, w && !known, now);
}

void ReplayInitiator::op_sdrc_cfg(trp *r, const SdrcConfig *c, int configure,
                                  uint64_t now)
{
    static_cast<ReplayInitiator *>(r->ctx)->soc_.sdrc.set_config(*c,
                                                                configure,
                                                                now);
}

void ReplayInitiator::op_sdrc_idle(trp *r, uint64_t now, int idle, int off)
{
    static_cast<ReplayInitiator *>(r->ctx)->soc_.sdrc.idle_at(now, idle, off);
}

const char *ReplayInitiator::op_mem_reset(trp *r)
{
    return static_cast<ReplayInitiator *>(r->ctx)->soc_.cache.reset(
        &r->cache_p, r->seed);
}

}  // namespace n9
