/*
 * The PRCM's socket and signal behaviour, against a reference PrcmModel
 * driven through the C API: registers (PM_PWSTCTRL, PM_PWSTST,
 * PM_PREPWSTST, CM_CLKSTCTRL), the power states on the pwrst signals
 * after STANDBYWFI, the wake-up interrupt exactly prcm_wake_cost's
 * latency after the interrupt reached the sleeping MPU, the SDRC's idle
 * request, register errors.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "n9_prcm_tlm.h"
#include "tlm_test.h"

using namespace n9test;

/* PRM and CM offsets (TRM; the machine's omap3_prcm_prm.c / _cm.c) */
enum {
    PM_PWSTCTRL_MPU = 0x9e0, PM_PWSTST_MPU = 0x9e4, PM_PREPWSTST_MPU = 0x9e8,
    PM_PWSTCTRL_PER = 0x10e0, PM_PWSTST_PER = 0x10e4,
    PRM_CLKSEL = 0xd40, PRM_VOLTCTRL = 0x1260, PRM_CLKSRC_CTRL = 0x1270,
    PRM_VOLTSETUP1 = 0x1290, PRM_CLKSETUP = 0x1298,
    CM_CLKSTCTRL_MPU = 0x948, CM_CLKSTCTRL_PER = 0x1048,
    CM_CLKSTCTRL_CORE = 0xa48, CM_AUTOIDLE_PLL_MPU = 0x934,
};

struct Bench : sc_core::sc_module {
    Initiator prm{"prm"}, cm{"cm"};
    n9::Prcm prcm{"prcm"};
    sc_core::sc_signal<bool> wfi{"wfi", false}, irq{"irq", false};
    PrcmModel ref;

    explicit Bench(sc_core::sc_module_name n) : sc_module(n)
    {
        prm.socket.bind(prcm.prm);
        cm.socket.bind(prcm.cm);
        prcm.mpu_standbywfi(wfi);
        prcm.mpu_irq_in(irq);
        std::memset(&ref, 0, sizeof(ref));   /* no callback */
        prcm_reset(&ref);
        for (int cd = PRCM_CD_DPLL1; cd <= PRCM_CD_DPLL5; cd++) {
            prcm_set_fclk(&ref, cd, true);
        }
        /* the sleep dependencies' reset values (TRM) */
        prcm_write_sleepdep(&ref, PRCM_PD_SGX, 0x2);
        prcm_write_sleepdep(&ref, PRCM_PD_DSS, 0x6);
        prcm_write_sleepdep(&ref, PRCM_PD_CAM, 0x2);
        prcm_write_sleepdep(&ref, PRCM_PD_PER, 0x6);
        prcm_write_sleepdep(&ref, PRCM_PD_USBHOST, 0x6);
        SC_HAS_PROCESS(Bench);
        SC_THREAD(run);
    }

    void run()
    {
        /* what the kernel programs before an idle: MPU and PER to RET,
         * their clock domains and CORE's to hardware-supervised */
        write32(cm.socket, CM_CLKSTCTRL_MPU, PRCM_CLKTR_HW_AUTO);
        write32(cm.socket, CM_CLKSTCTRL_PER, PRCM_CLKTR_HW_AUTO);
        write32(cm.socket, CM_CLKSTCTRL_CORE, 0xf);
        write32(prm.socket, PM_PWSTCTRL_MPU, PRCM_PWRST_RET);
        write32(prm.socket, PM_PWSTCTRL_PER, PRCM_PWRST_RET);
        prcm_write_clktrctrl(&ref, PRCM_CD_MPU, PRCM_CLKTR_HW_AUTO);
        prcm_write_clktrctrl(&ref, PRCM_CD_PER, PRCM_CLKTR_HW_AUTO);
        prcm_write_clktrctrl(&ref, PRCM_CD_CORE_L3, PRCM_CLKTR_HW_AUTO);
        prcm_write_clktrctrl(&ref, PRCM_CD_CORE_L4, PRCM_CLKTR_HW_AUTO);
        prcm_write_pwstctrl(&ref, PRCM_PD_MPU, PRCM_PWRST_RET);
        prcm_write_pwstctrl(&ref, PRCM_PD_PER, PRCM_PWRST_RET);
        /* wake-up set-up: 38.4 MHz / 2, oscillator and voltage set-up */
        write32(prm.socket, PRM_CLKSEL, 4);
        write32(prm.socket, PRM_CLKSRC_CTRL, 0x80 | 1 << 3);  /* AUTOEXTCLKMODE 1 */
        write32(cm.socket, CM_AUTOIDLE_PLL_MPU, 1);   /* DPLL1 stops */
        write32(prm.socket, PRM_CLKSETUP, 0x40);
        write32(prm.socket, PRM_VOLTCTRL, PRCM_VOLTCTRL_AUTO_RET);
        write32(prm.socket, PRM_VOLTSETUP1, 0x00400040);

        CHECK_EQ(read32(prm.socket, PM_PWSTCTRL_MPU),
                 prcm_read_pwstctrl(&ref, PRCM_PD_MPU));
        CHECK_EQ(read32(cm.socket, CM_CLKSTCTRL_MPU), PRCM_CLKTR_HW_AUTO);
        CHECK_EQ(read32(cm.socket, CM_CLKSTCTRL_CORE), 0xf);
        CHECK_EQ(read32(prm.socket, PM_PWSTST_MPU),
                 prcm_read_pwstst(&ref, PRCM_PD_MPU));

        /* WFI: the domains go where PM_PWSTCTRL says */
        wait(sc_core::sc_time(1, sc_core::SC_US));
        wfi.write(true);
        prcm_mpu_wfi(&ref);
        wait(sc_core::SC_ZERO_TIME);
        wait(sc_core::SC_ZERO_TIME);
        wait(sc_core::SC_ZERO_TIME);
        CHECK_EQ(prcm.pwrst[PRCM_PD_MPU].read(), prcm_pwrdm_state(&ref, PRCM_PD_MPU));
        CHECK_EQ(prcm.pwrst[PRCM_PD_MPU].read(), PRCM_PWRST_RET);
        CHECK_EQ(prcm.pwrst[PRCM_PD_PER].read(), prcm_pwrdm_state(&ref, PRCM_PD_PER));
        CHECK_EQ(read32(prm.socket, PM_PWSTST_PER),
                 prcm_read_pwstst(&ref, PRCM_PD_PER));
        int core = prcm_pwrdm_state(&ref, PRCM_PD_CORE);
        bool idle = core < PRCM_PWRST_ON ||
                    !prcm_clkdm_active(&ref, PRCM_CD_CORE_L3);
        CHECK_EQ(prcm.sdrc_idle_req.read(), idle);
        CHECK_EQ(prcm.sdrc_core_off.read(), core == PRCM_PWRST_OFF);

        /* the interrupt: the MPU sees it after the wake-up latency */
        PrcmWakeRegs r = {};
        PrcmWakeCost c;
        r.sys_clk_hz = 19200000;
        r.clksrc_ctrl = 0x88;
        r.autoidle_pll_mpu = 1;
        r.clksetup = 0x40;
        r.voltctrl = PRCM_VOLTCTRL_AUTO_RET;
        r.voltsetup1 = 0x00400040;
        r.dpll3_n = 11;     /* CM_CLKSEL1_PLL's N as the boot loader sets it */
        r.dpll1_n = 11;
        prcm_wake_cost(&ref, &r, &prcm_wake_default_params, &c);
        wait(sc_core::sc_time(5, sc_core::SC_US));
        sc_core::sc_time t_irq = sc_core::sc_time_stamp();
        irq.write(true);
        wait(prcm.mpu_irq.posedge_event());
        CHECK_EQ(n9::time_ns(sc_core::sc_time_stamp() - t_irq), c.total_ns);
        CHECK(c.total_ns > 0 && c.dpll_ns > 0,
              "the wake-up costs (%llu ns)", (unsigned long long)c.total_ns);
        CHECK_EQ(prcm.last_wake().total_ns, c.total_ns);
        prcm_mpu_wakeup(&ref);
        wait(sc_core::SC_ZERO_TIME);
        CHECK_EQ(prcm.pwrst[PRCM_PD_MPU].read(), PRCM_PWRST_ON);
        CHECK_EQ(read32(prm.socket, PM_PREPWSTST_MPU),
                 prcm_read_prepwstst(&ref, PRCM_PD_MPU));
        CHECK_EQ(prcm.wakeups(), 1);

        /* errors */
        unsigned char d[4], be[4] = { 0xff, 0, 0, 0 };
        Result e = transport(prm.socket, tlm::TLM_READ_COMMAND, PM_PWSTST_MPU,
                             d, 4, 0, be, 4);
        CHECK(e.status == tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE, "byte enables");
        e = transport(cm.socket, tlm::TLM_READ_COMMAND, 0x949, d, 4);
        CHECK(e.status == tlm::TLM_ADDRESS_ERROR_RESPONSE, "unaligned");
    }
};

int sc_main(int, char **)
{
    return run_bench<Bench>();
}
