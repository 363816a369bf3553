/*
 * The SDRC target's socket behaviour: each SDRAM access's delay is the
 * annotated delay plus sdrc_access's answer at that time (checked against
 * a reference SdrcModel driven through the C API: row miss, hit, conflict,
 * power-down from an SDRC_POWER write, self-refresh from the CORE OFF
 * signal), the data with byte enables, errors, DMI refused.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "n9_sdrc_tlm.h"
#include "tlm_test.h"

using namespace n9test;

struct Bench : sc_core::sc_module {
    Initiator cpu{"cpu"}, regs{"regs"};
    n9::Sdrc sdrc{"sdrc"};
    sc_core::sc_signal<bool> idle{"idle", false}, off{"off", false};
    SdrcModel ref;

    explicit Bench(sc_core::sc_module_name n) : sc_module(n)
    {
        cpu.socket.bind(sdrc.mem);
        regs.socket.bind(sdrc.regs);
        sdrc.core_idle(idle);
        sdrc.core_off(off);
        sdrc_init(&ref, nullptr, n9::Sdrc::N9_L3_HZ, n9::SDRAM_BASE);
        SC_HAS_PROCESS(Bench);
        SC_THREAD(run);
    }

    /* a timed access at kernel time + @delay, compared with the model; the
     * kernel then waits until it is done */
    bool same(uint64_t off_, unsigned len, bool w, uint64_t delay,
              uint64_t *got = nullptr)
    {
        unsigned char d[64] = { 0 };
        uint64_t now = n9::time_ns(sc_core::sc_time_stamp()) + delay;
        uint64_t want = sdrc_access(&ref, n9::SDRAM_BASE + off_, len, w, now);
        Result r = transport(cpu.socket, w ? tlm::TLM_WRITE_COMMAND
                                           : tlm::TLM_READ_COMMAND,
                             off_, d, len, delay);
        if (got) {
            *got = r.delay_ns - delay;
        }
        wait(n9::ns_time(r.delay_ns));      /* the next one comes after */
        return r.status == tlm::TLM_OK_RESPONSE && r.delay_ns == delay + want;
    }

    void run()
    {
        uint64_t miss, hit, conflict, ns;
        int cs, bank, bank2;
        uint32_t row, row2;
        uint64_t other = 0;

        CHECK(same(0x1000, 64, false, 100, &miss), "row miss = sdrc_access");
        CHECK(same(0x1040, 64, false, 0, &hit), "row hit = sdrc_access");
        CHECK(hit < miss, "a hit (%llu) is quicker than a miss (%llu)",
              (unsigned long long)hit, (unsigned long long)miss);
        /* another row of the same bank: a conflict */
        sdrc_map(&ref, n9::SDRAM_BASE + 0x1000, &cs, &bank, &row);
        for (uint64_t o = 0x100000; o < 0x20000000; o += 0x100000) {
            sdrc_map(&ref, n9::SDRAM_BASE + o, &cs, &bank2, &row2);
            if (bank2 == bank && row2 != row && cs == 0) {
                other = o;
                break;
            }
        }
        CHECK(other != 0, "a conflicting row found");
        CHECK(same(other, 64, false, 0, &conflict), "row conflict = sdrc_access");
        CHECK(conflict > miss, "a conflict (%llu) costs more than a miss",
              (unsigned long long)conflict);
        CHECK_EQ(ref.cnt.row_conflicts, 1);
        CHECK_EQ(sdrc.counters().row_conflicts, 1);
        CHECK(same(0x2000, 4, true, 0), "a write = sdrc_access");

        /* SDRC_POWER: Linux's value, then PWDENA (power-down when idle) */
        tlm::tlm_response_status st;
        CHECK_EQ(read32(regs.socket, SDRC_REG_POWER), SDRC_POWER_LINUX);
        wait(sc_core::sc_time(1, sc_core::SC_US));
        {
            SdrcRegs r;
            SdrcConfig c;
            sdrc_n9_regs(&r);
            r.power = SDRC_POWER_LINUX | 4;
            sdrc_decode(&r, n9::Sdrc::N9_L3_HZ, &c);
            sdrc_set_config(&ref, &c, n9::time_ns(sc_core::sc_time_stamp()) + 5);
        }
        CHECK(write32(regs.socket, SDRC_REG_POWER, SDRC_POWER_LINUX | 4, 5).status
              == tlm::TLM_OK_RESPONSE, "SDRC_POWER write");
        CHECK_EQ(read32(regs.socket, SDRC_REG_POWER, 0, &st),
                 SDRC_POWER_LINUX | 4);
        wait(sc_core::sc_time(10, sc_core::SC_US));
        CHECK_EQ(sdrc.rank_state(0), LPDDR_POWERDOWN);
        CHECK(same(0x1040, 64, false, 0, &ns), "after power-down = sdrc_access");
        CHECK(ns > hit && sdrc.counters().pd_exits > 0 &&
              sdrc.counters().pd_exits == ref.cnt.pd_exits,
              "the power-down exit costs (%llu ns)", (unsigned long long)ns);

        /* CORE OFF from the PRCM: self-refresh; back on, an access waits */
        sdrc_core_idle(&ref, n9::time_ns(sc_core::sc_time_stamp()), true, true);
        idle.write(true);
        off.write(true);
        wait(sc_core::SC_ZERO_TIME);
        wait(sc_core::sc_time(20, sc_core::SC_US));
        CHECK_EQ(sdrc.rank_state(0), LPDDR_SELFREFRESH);
        sdrc_core_idle(&ref, n9::time_ns(sc_core::sc_time_stamp()), false, false);
        idle.write(false);
        off.write(false);
        wait(sc_core::SC_ZERO_TIME);
        CHECK(same(0x1000, 64, false, 0, &ns), "after self-refresh = sdrc_access");
        CHECK(sdrc.counters().sr_exits > 0 &&
              sdrc.counters().sr_exits == ref.cnt.sr_exits,
              "self-refresh exits as the model's (%llu)",
              (unsigned long long)ref.cnt.sr_exits);

        /* data: byte enables honoured */
        unsigned char w[8] = { 1, 2, 3, 4, 5, 6, 7, 8 }, rd[8];
        unsigned char be[4] = { 0xff, 0, 0xff, 0 };
        transport(cpu.socket, tlm::TLM_WRITE_COMMAND, 0x3000, w, 8, 0, be, 4);
        transport(cpu.socket, tlm::TLM_READ_COMMAND, 0x3000, rd, 8);
        CHECK(rd[0] == 1 && rd[1] == 0 && rd[2] == 3 && rd[3] == 0 &&
              rd[4] == 5 && rd[5] == 0 && rd[6] == 7 && rd[7] == 0,
              "byte enables: only enabled bytes written");

        /* errors */
        Result r = transport(cpu.socket, tlm::TLM_READ_COMMAND, n9::SDRAM_SIZE - 2,
                             rd, 4);
        CHECK(r.status == tlm::TLM_ADDRESS_ERROR_RESPONSE, "beyond the SDRAM");
        r = transport(cpu.socket, tlm::TLM_READ_COMMAND, 0, rd, 8, 0, nullptr, 0, 4);
        CHECK(r.status == tlm::TLM_BURST_ERROR_RESPONSE, "streaming refused");
        r = transport(regs.socket, tlm::TLM_READ_COMMAND, SDRC_REG_POWER, rd, 4,
                      0, be, 4);
        CHECK(r.status == tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE,
              "register: byte enables refused");
        r = transport(regs.socket, tlm::TLM_READ_COMMAND, SDRC_REG_POWER, rd, 2);
        CHECK(r.status == tlm::TLM_BURST_ERROR_RESPONSE, "register: 16 bits");
        r = transport(regs.socket, tlm::TLM_READ_COMMAND, SDRC_REG_POWER + 1, rd, 4);
        CHECK(r.status == tlm::TLM_ADDRESS_ERROR_RESPONSE, "register: unaligned");

        CHECK(dmi_refused(cpu.socket, 0), "DMI refused");
    }
};

int sc_main(int, char **)
{
    return run_bench<Bench>();
}
