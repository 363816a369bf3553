/*
 * The initiator of a recorded run's replay (tlm_replay --trace): a trace
 * of the QEMU machine (-M rm696,record=FILE) through the Platform, with
 * the machine's figures.  trace_replay.c reads the events and keeps the
 * figures; this module is its ops (trace_replay.h): each access, fetch
 * and PLD a transaction to the cache front end through the memory path
 * (AccessKind.path: virtual address, walks from the trace), each register
 * access a transaction through the router to its agent and group, the
 * SDRC's recorded configurations and idle requests to the SDRC component
 * at their times, the memory path's resets to the cache front end.  Every
 * cost is the components' (their C models'), and the figures are read
 * from the components' models and counters.
 *
 * Time: each event is issued at its recorded time plus the shift (as
 * n9replay); the machine's events are not quite in time order (a fetch is
 * charged before the instructions it starts run), so the initiator keeps
 * the kernel's time a lookback behind its own (it syncs when two
 * lookbacks ahead) and an event more than that before the last one is an
 * error.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef N9_REPLAY_INITIATOR_TLM_H
#define N9_REPLAY_INITIATOR_TLM_H

#include <tlm_utils/simple_initiator_socket.h>

#include "n9_platform_tlm.h"

extern "C" {
#include "trace_replay.h"
}

namespace n9 {

/* A platform for the trace's header (its parameters, groups, windows);
 * exit(1) with one line if the trace cannot be replayed on it. */
PlatformConfig replay_platform_config(const trp &r);

class ReplayInitiator : public sc_core::sc_module {
public:
    tlm_utils::simple_initiator_socket<ReplayInitiator> socket;
    bool done = false;

    /* Points @r's models at @soc's components and starts the replay
     * (trp_start); the events run in this module's thread. */
    ReplayInitiator(sc_core::sc_module_name name, trp &r, Platform &soc,
                    uint64_t lookback_ns = 1000000);
    ~ReplayInitiator();

private:
    trp &r_;
    Platform &soc_;
    uint64_t lookback_ns_;
    tlm::tlm_generic_payload t_;
    AccessKind *kind_;
    unsigned char data_[8192];
    /* the trace's agent i: the platform's */
    int agent_[TRP_MAX_AGENTS];

    void run();
    uint32_t transport(uint64_t addr, unsigned len, bool write,
                       bool keep, uint64_t now);

    static uint32_t op_mem(trp *r, const n9trace_event *ev, uint64_t now);
    static uint32_t op_reg(trp *r, const n9trace_event *ev, uint64_t now);
    static void op_sdrc_cfg(trp *r, const SdrcConfig *c, int configure,
                            uint64_t now);
    static void op_sdrc_idle(trp *r, uint64_t now, int idle, int off);
    static const char *op_mem_reset(trp *r);
    static const trp_ops ops_;
};

}  // namespace n9

#endif /* N9_REPLAY_INITIATOR_TLM_H */
