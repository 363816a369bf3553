/*
 * The OMAP3630 PRCM as a TLM-2.0 component (n9_prcm_tlm.h): power states
 * and wake-up latency are models/prcm's.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "n9_prcm_tlm.h"

#include <cstring>

namespace n9 {

/*
 * Where each power domain's PRM module is (its PM_PWSTCTRL at +0xe0,
 * PWSTST +0xe4, PREPWSTST +0xe8, PM_WKDEP +0xc8 where it has one): the
 * machine's table, qemu-n9/hw/n9/devices/omap3_prcm_prm.c (the OMAP36xx TRM,
 * Linux prm3xxx.h).  -1: no registers.
 */
static const struct { int32_t mod; bool wkdep; } prm_pd[PRCM_NUM_PWRDM] = {
    [PRCM_PD_WKUP] = { 0xc00, false },
    [PRCM_PD_IVA2] = { 0x000, true },
    [PRCM_PD_MPU] = { 0x900, true },
    [PRCM_PD_NEON] = { 0x1300, true },
    [PRCM_PD_CAM] = { 0xf00, true },
    [PRCM_PD_DSS] = { 0xe00, true },
    [PRCM_PD_PER] = { 0x1000, true },
    [PRCM_PD_EMU] = { 0x1100, false },
    [PRCM_PD_DPLL1] = { -1, false },
    [PRCM_PD_DPLL2] = { -1, false },
    [PRCM_PD_DPLL3] = { -1, false },
    [PRCM_PD_DPLL4] = { -1, false },
    [PRCM_PD_DPLL5] = { -1, false },
    [PRCM_PD_CORE] = { 0xa00, false },
    [PRCM_PD_SGX] = { 0xb00, true },
    [PRCM_PD_USBHOST] = { 0x1400, true },
};

/*
 * CM modules with a CM_CLKSTCTRL (+0x48, 2 bits per clock domain from bit
 * 0) and CM_CLKSTST (+0x4c, one bit each): omap3_prcm_cm.c's
 * cm_clkdm_fields.
 */
static const struct { uint32_t mod; int8_t cd[3]; } cm_clkdm[] = {
    { 0x000, { PRCM_CD_IVA2, -1, -1 } },
    { 0x900, { PRCM_CD_MPU, -1, -1 } },
    { 0xa00, { PRCM_CD_CORE_L3, PRCM_CD_CORE_L4, PRCM_CD_D2D } },
    { 0xb00, { PRCM_CD_SGX, -1, -1 } },
    { 0xe00, { PRCM_CD_DSS, -1, -1 } },
    { 0xf00, { PRCM_CD_CAM, -1, -1 } },
    { 0x1000, { PRCM_CD_PER, -1, -1 } },
    { 0x1100, { PRCM_CD_EMU, -1, -1 } },
    { 0x1300, { PRCM_CD_NEON, -1, -1 } },
    { 0x1400, { PRCM_CD_USBHOST, -1, -1 } },
};

/* CM_SLEEPDEP (+0x44) of these power domains, with its reset value */
static const struct { uint32_t mod; int pd; uint32_t reset; } cm_sleepdep[] = {
    { 0xb00, PRCM_PD_SGX, 0x2 }, { 0xe00, PRCM_PD_DSS, 0x6 },
    { 0xf00, PRCM_PD_CAM, 0x2 }, { 0x1000, PRCM_PD_PER, 0x6 },
    { 0x1400, PRCM_PD_USBHOST, 0x6 },
};

/* Plain registers (offset, reset): what prcm_wake_cost reads, and the
 * CM_FCLKEN registers whose bits are the clock domains' demand. */
enum {
    PRM_CLKSEL = 0xd40, PRM_VOLTCTRL = 0x1260, PRM_CLKSRC_CTRL = 0x1270,
    PRM_VOLTSETUP1 = 0x1290, PRM_VOLTOFFSET = 0x1294, PRM_CLKSETUP = 0x1298,
    PRM_VOLTSETUP2 = 0x12a0,
    CM_FCLKEN_IVA2 = 0x000, CM_AUTOIDLE_PLL_MPU = 0x934,
    CM_CLKSEL1_PLL_MPU = 0x940, CM_FCLKEN1_CORE = 0xa00,
    CM_FCLKEN3_CORE = 0xa08, CM_FCLKEN_SGX = 0xb00, CM_FCLKEN_WKUP = 0xc00,
    CM_AUTOIDLE_PLL = 0xd30, CM_CLKSEL1_PLL = 0xd40, CM_FCLKEN_DSS = 0xe00,
    CM_FCLKEN_CAM = 0xf00, CM_FCLKEN_PER = 0x1000, CM_FCLKEN_USBHOST = 0x1400,
};
static const struct { uint32_t off, reset; } prm_plain[] = {
    { PRM_CLKSEL, 0x4 },            /* 38.4 MHz oscillator */
    { PRM_VOLTCTRL, 0 }, { PRM_CLKSRC_CTRL, 0x80 },    /* sys_clk / 2 */
    { PRM_VOLTSETUP1, 0 }, { PRM_VOLTOFFSET, 0 }, { PRM_CLKSETUP, 0xff },
    { PRM_VOLTSETUP2, 0 },
};
static const struct { uint32_t off, reset; } cm_plain[] = {
    { CM_FCLKEN_IVA2, 0 }, { CM_AUTOIDLE_PLL_MPU, 0 },
    { CM_CLKSEL1_PLL_MPU, (2u << 19) | (625 << 8) | 11 },
    { CM_FCLKEN1_CORE, 0 }, { CM_FCLKEN3_CORE, 0 }, { CM_FCLKEN_SGX, 0 },
    { CM_FCLKEN_WKUP, 0 }, { CM_AUTOIDLE_PLL, 0 },
    { CM_CLKSEL1_PLL, (1u << 27) | (244 << 16) | (11 << 8) },
    { CM_FCLKEN_DSS, 0 }, { CM_FCLKEN_CAM, 0 }, { CM_FCLKEN_PER, 0 },
    { CM_FCLKEN_USBHOST, 0 },
};

uint32_t Prcm::pwstctrl_offset(int pd)
{
    return pd >= 0 && pd < PRCM_NUM_PWRDM && prm_pd[pd].mod >= 0 ?
           prm_pd[pd].mod + 0xe0 : 0;
}

uint32_t Prcm::clkstctrl_offset(int cd)
{
    for (const auto &m : cm_clkdm) {
        for (int8_t c : m.cd) {
            if (c == cd) {
                return m.mod + 0x48;
            }
        }
    }
    return 0;
}

Prcm::Prcm(sc_core::sc_module_name name, const PrcmWakeParams *p)
    : sc_module(name), prm("prm"), cm("cm"), mpu_standbywfi("mpu_standbywfi"),
      mpu_irq_in("mpu_irq_in"),
      pwrst("pwrst", PRCM_NUM_PWRDM,
            [](const char *n, size_t) {
                return new sc_core::sc_signal<int>(n, PRCM_PWRST_ON);
            }),
      mpu_irq("mpu_irq", false), sdrc_idle_req("sdrc_idle_req", false),
      sdrc_core_off("sdrc_core_off", false)
{
    params_ = p ? *p : prcm_wake_default_params;
    if (prcm_wake_params_check(&params_)) {
        SC_REPORT_ERROR(this->name(), prcm_wake_params_check(&params_));
    }
    std::memset(&model_, 0, sizeof(model_));     /* no callback yet */
    prcm_reset(&model_);
    prcm_set_notify(&model_, &Prcm::notify, this);
    for (const auto &r : prm_plain) {
        prm_[r.off] = r.reset;
    }
    for (const auto &r : cm_plain) {
        cm_[r.off] = r.reset;
    }
    for (const auto &s : cm_sleepdep) {
        prcm_write_sleepdep(&model_, s.pd, s.reset);
    }
    /* the DPLLs are locked as the boot loader leaves them */
    for (int cd = PRCM_CD_DPLL1; cd <= PRCM_CD_DPLL5; cd++) {
        prcm_set_fclk(&model_, cd, true);
    }
    cm_update_fclk();

    prm.register_b_transport(this, &Prcm::prm_b_transport);
    prm.register_transport_dbg(this, &Prcm::prm_dbg);
    cm.register_b_transport(this, &Prcm::cm_b_transport);
    cm.register_transport_dbg(this, &Prcm::cm_dbg);
    SC_HAS_PROCESS(Prcm);
    SC_METHOD(standbywfi);
    sensitive << mpu_standbywfi;
    dont_initialize();
    SC_METHOD(irq_in);
    sensitive << mpu_irq_in;
    dont_initialize();
    SC_METHOD(wake_done);
    sensitive << wake_done_ev_;
    dont_initialize();
    SC_METHOD(apply);
    sensitive << apply_ev_;
    dont_initialize();
}

/* ---- Outputs: written at the time of what changed them ------------------- */

template <typename T> void Prcm::schedule(sc_core::sc_signal<T> &s, T v)
{
    sc_core::sc_time now = sc_core::sc_time_stamp();
    sc_core::sc_time at = at_ > now ? at_ : now;

    pending_.emplace(at, [&s, v] { s.write(v); });
    apply_ev_.notify(at - now);
}

void Prcm::apply()
{
    sc_core::sc_time now = sc_core::sc_time_stamp();

    while (!pending_.empty() && pending_.begin()->first <= now) {
        pending_.begin()->second();
        pending_.erase(pending_.begin());
    }
    if (!pending_.empty()) {
        apply_ev_.notify(pending_.begin()->first - now);
    }
}

void Prcm::notify(void *opaque, int pd, int from, int to)
{
    Prcm *s = static_cast<Prcm *>(opaque);

    (void)from;
    s->schedule(s->pwrst[pd], to);
}

/* The SDRC's idle request follows CORE, as the machine's SDRC asks it
 * (omap3_sdrc.c): CORE_L3 idle or CORE below ON; CORE OFF. */
void Prcm::settled()
{
    int core = prcm_pwrdm_state(&model_, PRCM_PD_CORE);

    schedule(sdrc_idle_req, core < PRCM_PWRST_ON ||
                            !prcm_clkdm_active(&model_, PRCM_CD_CORE_L3));
    schedule(sdrc_core_off, core == PRCM_PWRST_OFF);
}

/* ---- Registers ------------------------------------------------------------ */

uint32_t Prcm::prm_reg(uint32_t off) const
{
    auto it = prm_.find(off);
    return it == prm_.end() ? 0 : it->second;
}

uint32_t Prcm::cm_reg(uint32_t off) const
{
    auto it = cm_.find(off);
    return it == cm_.end() ? 0 : it->second;
}

uint32_t Prcm::prm_read(uint32_t off)
{
    for (int pd = 0; pd < PRCM_NUM_PWRDM; pd++) {
        if (prm_pd[pd].mod < 0) {
            continue;
        }
        switch ((int32_t)off - prm_pd[pd].mod) {
        case 0xe0:
            return prcm_read_pwstctrl(&model_, pd);
        case 0xe4:
            return prcm_read_pwstst(&model_, pd);
        case 0xe8:
            return prcm_read_prepwstst(&model_, pd);
        case 0xc8:
            return prm_pd[pd].wkdep ? prcm_read_wkdep(&model_, pd) : 0;
        }
    }
    return prm_reg(off);
}

void Prcm::prm_write(uint32_t off, uint32_t v)
{
    for (int pd = 0; pd < PRCM_NUM_PWRDM; pd++) {
        if (prm_pd[pd].mod < 0) {
            continue;
        }
        switch ((int32_t)off - prm_pd[pd].mod) {
        case 0xe0:
            prcm_write_pwstctrl(&model_, pd, v);
            settled();
            return;
        case 0xe4:
            return;                     /* read-only */
        case 0xe8:
            prcm_write_prepwstst(&model_, pd, v);
            return;
        case 0xc8:
            if (prm_pd[pd].wkdep) {
                prcm_write_wkdep(&model_, pd, v);
                settled();
            }
            return;
        }
    }
    if (prm_.count(off)) {
        prm_[off] = v;
    }
}

uint32_t Prcm::cm_read(uint32_t off)
{
    for (const auto &m : cm_clkdm) {
        if (off == m.mod + 0x48 || off == m.mod + 0x4c) {
            uint32_t v = 0;
            for (int f = 0; f < 3; f++) {
                if (m.cd[f] < 0) {
                    continue;
                }
                if (off == m.mod + 0x48) {
                    v |= prcm_read_clktrctrl(&model_, m.cd[f]) << (2 * f);
                } else {
                    v |= (uint32_t)prcm_clkdm_active(&model_, m.cd[f]) << f;
                }
            }
            return v;
        }
    }
    for (const auto &s : cm_sleepdep) {
        if (off == s.mod + 0x44) {
            return prcm_read_sleepdep(&model_, s.pd);
        }
    }
    return cm_reg(off);
}

void Prcm::cm_write(uint32_t off, uint32_t v)
{
    for (const auto &m : cm_clkdm) {
        if (off == m.mod + 0x48) {
            for (int f = 0; f < 3; f++) {
                if (m.cd[f] >= 0) {
                    prcm_write_clktrctrl(&model_, m.cd[f], (v >> (2 * f)) & 3);
                }
            }
            settled();
            return;
        }
    }
    for (const auto &s : cm_sleepdep) {
        if (off == s.mod + 0x44) {
            prcm_write_sleepdep(&model_, s.pd, v);
            settled();
            return;
        }
    }
    if (cm_.count(off)) {
        cm_[off] = v;
        cm_update_fclk();
    }
}

/* The clock domains' functional-clock demand, with the machine's masks
 * (omap3_prcm_cm.c, cm_update_activity). */
void Prcm::cm_update_fclk()
{
    prcm_set_fclk(&model_, PRCM_CD_IVA2, cm_reg(CM_FCLKEN_IVA2) & 1);
    prcm_set_fclk(&model_, PRCM_CD_CORE_L4,
                  cm_reg(CM_FCLKEN1_CORE) | cm_reg(CM_FCLKEN3_CORE));
    prcm_set_fclk(&model_, PRCM_CD_SGX, cm_reg(CM_FCLKEN_SGX) & 2);
    prcm_set_fclk(&model_, PRCM_CD_WKUP, cm_reg(CM_FCLKEN_WKUP));
    prcm_set_fclk(&model_, PRCM_CD_DSS, cm_reg(CM_FCLKEN_DSS) & 7);
    prcm_set_fclk(&model_, PRCM_CD_CAM, cm_reg(CM_FCLKEN_CAM) & 3);
    prcm_set_fclk(&model_, PRCM_CD_PER, cm_reg(CM_FCLKEN_PER));
    prcm_set_fclk(&model_, PRCM_CD_USBHOST, cm_reg(CM_FCLKEN_USBHOST) & 3);
    settled();
}

/* sys_clk: the oscillator PRM_CLKSEL selects, divided by
 * PRM_CLKSRC_CTRL.SYSCLKDIV (omap3_prcm_prm.c, omap3_prcm_sys_clk_hz). */
uint32_t Prcm::sys_clk_hz() const
{
    static const uint32_t osc_hz[8] = {
        12000000, 13000000, 19200000, 26000000, 38400000, 16800000, 0, 0,
    };
    uint32_t div = (prm_reg(PRM_CLKSRC_CTRL) >> 6) & 3;

    return osc_hz[prm_reg(PRM_CLKSEL) & 7] / (div ? div : 1);
}

void Prcm::prm_b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &delay)
{
    if (!reg_access_ok(t)) {
        return;
    }
    at_ = sc_core::sc_time_stamp() + delay;
    if (t.is_read()) {
        reg_put(t, prm_read(t.get_address()));
    } else if (t.is_write()) {
        prm_write(t.get_address(), reg_get(t));
    }
    t.set_response_status(tlm::TLM_OK_RESPONSE);
}

void Prcm::cm_b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &delay)
{
    if (!reg_access_ok(t)) {
        return;
    }
    at_ = sc_core::sc_time_stamp() + delay;
    if (t.is_read()) {
        reg_put(t, cm_read(t.get_address()));
    } else if (t.is_write()) {
        cm_write(t.get_address(), reg_get(t));
    }
    t.set_response_status(tlm::TLM_OK_RESPONSE);
}

/* Debug reads only (no register here has a read side effect) */
unsigned Prcm::prm_dbg(tlm::tlm_generic_payload &t)
{
    if (!t.is_read() || t.get_data_length() != 4 || (t.get_address() & 3)) {
        return 0;
    }
    reg_put(t, prm_read(t.get_address()));
    return 4;
}

unsigned Prcm::cm_dbg(tlm::tlm_generic_payload &t)
{
    if (!t.is_read() || t.get_data_length() != 4 || (t.get_address() & 3)) {
        return 0;
    }
    reg_put(t, cm_read(t.get_address()));
    return 4;
}

/* ---- The MPU's standby and wake-up (omap3_prcm.c's sequence) ------------- */

void Prcm::standbywfi()
{
    bool level = mpu_standbywfi.read();

    at_ = sc_core::sc_time_stamp();
    if (level && !standby_) {
        standby_ = true;
        prcm_mpu_wfi(&model_);
        settled();
        if (mpu_irq_in.read()) {
            wake_start();
        }
    } else if (!level && standby_) {
        /* left WFI without the PRCM's wake-up (a reset, a debugger) */
        wake_done_ev_.cancel();
        wake_done();
    }
}

void Prcm::irq_in()
{
    bool level = mpu_irq_in.read();

    at_ = sc_core::sc_time_stamp();
    if (!standby_) {
        schedule(mpu_irq, level);
    } else if (level && !waking_) {
        wake_start();
    }
}

/* An interrupt reached the sleeping MPU: it runs again after the latency
 * models/prcm gives for the states reached and the registers. */
void Prcm::wake_start()
{
    PrcmWakeRegs r = {};

    r.sys_clk_hz = sys_clk_hz();
    r.clksrc_ctrl = prm_reg(PRM_CLKSRC_CTRL);
    r.clksetup = prm_reg(PRM_CLKSETUP);
    r.voltctrl = prm_reg(PRM_VOLTCTRL);
    r.voltsetup1 = prm_reg(PRM_VOLTSETUP1);
    r.voltsetup2 = prm_reg(PRM_VOLTSETUP2);
    r.voltoffset = prm_reg(PRM_VOLTOFFSET);
    r.autoidle_pll = cm_reg(CM_AUTOIDLE_PLL);
    r.autoidle_pll_mpu = cm_reg(CM_AUTOIDLE_PLL_MPU);
    r.dpll3_n = (cm_reg(CM_CLKSEL1_PLL) >> 8) & 0x7f;
    r.dpll1_n = cm_reg(CM_CLKSEL1_PLL_MPU) & 0x7f;
    prcm_wake_cost(&model_, &r, &params_, &last_wake_);
    if (!last_wake_.total_ns) {
        wake_done();
        return;
    }
    waking_ = true;
    wake_done_ev_.notify(ns_time(last_wake_.total_ns));
}

void Prcm::wake_done()
{
    at_ = sc_core::sc_time_stamp();
    waking_ = false;
    standby_ = false;
    wakeups_++;
    prcm_mpu_wakeup(&model_);
    settled();
    schedule(mpu_irq, mpu_irq_in.read());
}

}  // namespace n9
