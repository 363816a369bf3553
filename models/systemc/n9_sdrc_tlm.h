/*
 * The OMAP3630 SDRC with the N9's LPDDR behind it as a TLM-2.0 component:
 * models/sdrc (sdrc.h, lpddr.h) wrapped, nothing re-implemented.
 *
 *  - mem: the SDRAM (1 GB at 0x80000000; the socket takes the offset).
 *    Each access costs what sdrc_access says at the time it is at (row
 *    hit, miss or conflict, a refresh, a power-down or self-refresh exit),
 *    added to the annotated delay.  The data are kept (sparse, 4 KB pages,
 *    zero until written); byte enables are honoured, streaming is refused
 *    (TLM_BURST_ERROR_RESPONSE), an access beyond the SDRAM is
 *    TLM_ADDRESS_ERROR_RESPONSE.  DMI is refused: the model charges every
 *    access by the state the SDRAM is in when it comes.
 *  - regs: the register window (0x6D000000, 4 KB).  The timing registers
 *    (SDRC_POWER, MCFG, MR, ACTIM, RFR_CTRL, CS_CFG, DLLA_CTRL; sdrc.h's
 *    SDRC_REG_*) hold what is written and the model takes them from the
 *    write's time on: SDRC_POWER's PWDENA/CLKCTRL/AUTOCOUNT/SRFRONIDLEREQ
 *    drive the LPDDR's power-down and self-refresh.  Other offsets read 0.
 *    32-bit accesses only (n9_tlm.h: reg_access_ok).  No cost here: the L3
 *    agent charges the register access.
 *  - core_idle, core_off: the PRCM's idle request (CORE_L3 idle or CORE
 *    in RET/OFF) and CORE OFF (n9_prcm_tlm.h drives both):
 *    sdrc_core_idle at the time they change.  An initiator running ahead
 *    of the kernel (a quantum) must sync before what makes them change.
 *  - A platform that gives the model its configurations and idle requests
 *    itself (a recorded run's, tlm_replay: the machine decoded them, with
 *    its [sdram]/[clocks] overrides) calls set_config and idle_at with the
 *    time they happened at, and follow_registers(false) keeps register
 *    writes from reconfiguring the model.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef N9_SDRC_TLM_H
#define N9_SDRC_TLM_H

#include <memory>
#include <unordered_map>

#include <tlm_utils/simple_target_socket.h>

#include "n9_tlm.h"

extern "C" {
#include "sdrc.h"
}

namespace n9 {

class Sdrc : public sc_core::sc_module {
public:
    /* optional: a platform may use one without the other */
    tlm_utils::simple_target_socket_optional<Sdrc> mem;
    tlm_utils::simple_target_socket_optional<Sdrc> regs;
    sc_core::sc_in<bool> core_idle;
    sc_core::sc_in<bool> core_off;

    /* The L3 clock: 195.2 MHz on the N9 (DPLL3 as its boot loader sets
     * it); @p: [sdrc] parameters (nullptr: sdrc_default_params). */
    static constexpr uint32_t N9_L3_HZ = 195200000u;
    Sdrc(sc_core::sc_module_name name, uint32_t l3_hz = N9_L3_HZ,
         const SdrcParams *p = nullptr);

    SdrcModel &model() { return model_; }
    const SdrcCounters &counters() const { return model_.cnt; }
    /* enum lpddr_pstate of chip select @cs, brought up to now */
    int rank_state(int cs);
    uint32_t reg(uint32_t offset);
    /* sdrc_configure (@configure: at start-up, no time) or sdrc_set_config
     * at @now_ns; sdrc_core_idle at @now_ns */
    void set_config(const SdrcConfig &c, bool configure, uint64_t now_ns);
    void idle_at(uint64_t now_ns, bool idle, bool off);
    /* false: register writes are held but leave the model's configuration */
    void follow_registers(bool on) { follow_regs_ = on; }

private:
    SdrcModel model_;
    SdrcRegs regs_;
    uint32_t l3_hz_;
    bool follow_regs_ = true;
    std::unordered_map<uint64_t, std::unique_ptr<unsigned char[]>> pages_;

    void mem_b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &delay);
    unsigned mem_transport_dbg(tlm::tlm_generic_payload &t);
    bool mem_get_direct_mem_ptr(tlm::tlm_generic_payload &t, tlm::tlm_dmi &dmi);
    void regs_b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &delay);
    unsigned regs_transport_dbg(tlm::tlm_generic_payload &t);
    void idle_request();
    bool copy_data(tlm::tlm_generic_payload &t);
};

}  // namespace n9

#endif /* N9_SDRC_TLM_H */
