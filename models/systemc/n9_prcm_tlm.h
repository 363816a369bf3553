/*
 * The OMAP3630 PRCM as a TLM-2.0 component: models/prcm (pwrdm.h, the
 * power and clock domains; wakeup.h, the wake-up latency) wrapped.
 *
 *  - prm (0x48306000) and cm (0x48004000), 8 KB each, 32-bit registers
 *    (n9_tlm.h: reg_access_ok).  The registers that shape power states and
 *    wake-ups, at the machine's offsets (qemu-n9/hw/n9/devices/omap3_prcm_prm.c,
 *    omap3_prcm_cm.c): PM_PWSTCTRL/PWSTST/PREPWSTST and PM_WKDEP per power
 *    domain; CM_FCLKEN (the clock demand), CM_CLKSTCTRL/CLKSTST and
 *    CM_SLEEPDEP per clock domain; what prcm_wake_cost reads
 *    (PRM_CLKSEL, PRM_CLKSRC_CTRL, PRM_CLKSETUP, PRM_VOLTCTRL,
 *    PRM_VOLTSETUP1/2, PRM_VOLTOFFSET, CM_AUTOIDLE_PLL(_MPU),
 *    CM_CLKSEL1_PLL(_MPU)).  Any other offset reads 0, writes are ignored.
 *    No cost here: the L4-WKUP / L4-CORE agents charge the access.
 *  - mpu_standbywfi: the Cortex-A8's STANDBYWFI.  Rising: the domains
 *    whose clocks idle enter the states PM_PWSTCTRL asks (prcm_mpu_wfi).
 *  - mpu_irq_in: the INTC's interrupt to the MPU.  In WFI it wakes the
 *    MPU after the wake-up latency that prcm_wake_cost gives for the
 *    states the domains reached and the registers above; then the domains
 *    come back ON and mpu_irq (below) rises: the wake-up interrupt.
 *  - outputs, sc_signals of this module (bind ports to them): pwrst[pd]
 *    (enum prcm_pwrst of each power domain), mpu_irq (the interrupt the
 *    MPU sees), sdrc_idle_req and sdrc_core_off (CORE_L3 idle or CORE in
 *    RET/OFF; CORE OFF: for n9_sdrc_tlm.h's inputs).  They change at the
 *    time the access or event that changed them is at.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef N9_PRCM_TLM_H
#define N9_PRCM_TLM_H

#include <functional>
#include <map>

#include <tlm_utils/simple_target_socket.h>

#include "n9_tlm.h"

extern "C" {
#include "pwrdm.h"
#include "wakeup.h"
}

namespace n9 {

class Prcm : public sc_core::sc_module {
public:
    /* optional: a platform may use one without the other */
    tlm_utils::simple_target_socket_optional<Prcm> prm;
    tlm_utils::simple_target_socket_optional<Prcm> cm;
    sc_core::sc_in<bool> mpu_standbywfi;
    sc_core::sc_in<bool> mpu_irq_in;

    sc_core::sc_vector<sc_core::sc_signal<int>> pwrst;
    sc_core::sc_signal<bool> mpu_irq;
    sc_core::sc_signal<bool> sdrc_idle_req;
    sc_core::sc_signal<bool> sdrc_core_off;

    /* @p: [prcm] parameters (nullptr: prcm_wake_default_params) */
    Prcm(sc_core::sc_module_name name, const PrcmWakeParams *p = nullptr);

    PrcmModel &model() { return model_; }
    /* the last wake-up's cost, by part, and how many there were */
    const PrcmWakeCost &last_wake() const { return last_wake_; }
    uint64_t wakeups() const { return wakeups_; }
    bool in_standby() const { return standby_; }
    uint32_t prm_reg(uint32_t off) const;
    uint32_t cm_reg(uint32_t off) const;

    /* The offsets this component knows (for tests and docs) */
    static uint32_t pwstctrl_offset(int pd);    /* 0: none */
    static uint32_t clkstctrl_offset(int cd);   /* 0: none */

private:
    PrcmModel model_;
    PrcmWakeParams params_;
    std::map<uint32_t, uint32_t> prm_, cm_;     /* plain registers */
    bool standby_ = false, waking_ = false;
    PrcmWakeCost last_wake_ = {};
    uint64_t wakeups_ = 0;
    sc_core::sc_time at_;               /* the time of what runs the model */
    sc_core::sc_event wake_done_ev_, apply_ev_;
    std::multimap<sc_core::sc_time, std::function<void()>> pending_;

    void prm_b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &delay);
    void cm_b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &delay);
    unsigned prm_dbg(tlm::tlm_generic_payload &t);
    unsigned cm_dbg(tlm::tlm_generic_payload &t);
    uint32_t prm_read(uint32_t off);
    void prm_write(uint32_t off, uint32_t v);
    uint32_t cm_read(uint32_t off);
    void cm_write(uint32_t off, uint32_t v);
    void cm_update_fclk();
    uint32_t sys_clk_hz() const;

    static void notify(void *opaque, int pd, int from, int to);
    template <typename T> void schedule(sc_core::sc_signal<T> &s, T v);
    void settled();
    void apply();
    void standbywfi();
    void irq_in();
    void wake_start();
    void wake_done();
};

}  // namespace n9

#endif /* N9_PRCM_TLM_H */
