/*
 * qtest for the rm696 machine as a whole: memory map, interconnect agents,
 * boot ROM and the secure monitor's debug port, the memory path's hooks.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "libqtest.h"
#include "rm696-qtest.h"

#define SDRAM_BASE      0x80000000u
#define SRAM_BASE       0x40200000u
#define ROM_BASE        0x40000000u
#define ROM_MAILBOX     0x40020000u

static uint64_t agent_counter(QTestState *qts, const char *agent,
                              const char *counter)
{
    g_autofree char *path = g_strdup_printf("/machine/soc/%s", agent);

    return rm696_qom_get_int(qts, path, counter);
}

/* 1 GB of SDRAM at 0x80000000, the 64 KB OCM SRAM at 0x40200000. */
static void test_memory(void)
{
    QTestState *qts = qtest_init("-M rm696");

    qtest_writel(qts, SDRAM_BASE, 0x12345678);
    qtest_writel(qts, SDRAM_BASE + 0x3ffffffc, 0xcafef00d);
    g_assert_cmphex(qtest_readl(qts, SDRAM_BASE), ==, 0x12345678);
    g_assert_cmphex(qtest_readl(qts, SDRAM_BASE + 0x3ffffffc), ==, 0xcafef00d);
    qtest_writel(qts, SRAM_BASE + 0xfffc, 0xa5a5a5a5);
    g_assert_cmphex(qtest_readl(qts, SRAM_BASE + 0xfffc), ==, 0xa5a5a5a5);
    qtest_quit(qts);
}

/*
 * The ROM holds our assembled code (rom/omap3-rom.S): the monitor's SMC
 * vector branches to its handler, the wake-up entry and the board set-up
 * start with code; it is read-only.  The debug port counts the services.
 */
static void test_rom(void)
{
    QTestState *qts = qtest_init("-M rm696");
    uint32_t smc_vector = qtest_readl(qts, ROM_BASE + 0x08);

    g_assert_cmphex(smc_vector >> 24, ==, 0xea);        /* b <handler> */
    g_assert_cmphex(qtest_readl(qts, ROM_BASE + 0x14000) >> 16, ==, 0xe59f);
    g_assert_cmphex(qtest_readl(qts, ROM_BASE + 0x14100), !=, 0);
    qtest_writel(qts, ROM_BASE + 0x08, 0);
    g_assert_cmphex(qtest_readl(qts, ROM_BASE + 0x08), ==, smc_vector);
    /* the monitor reports each service number it answers */
    g_assert_cmpuint(rm696_qom_get_int(qts, "/machine/soc/rom", "smc-calls"),
                     ==, 0);
    qtest_writel(qts, ROM_MAILBOX, 25);
    qtest_writel(qts, ROM_MAILBOX, 40);
    g_assert_cmpuint(rm696_qom_get_int(qts, "/machine/soc/rom", "smc-calls"),
                     ==, 2);
    g_assert_cmpuint(rm696_qom_get_int(qts, "/machine/soc/rom",
                                       "last-service"), ==, 40);
    qtest_quit(qts);
}

/*
 * Every register access passes the agent of its interconnect: the 32k
 * counter and the PRM on the WKUP L4, the SCM on the CORE L4, UART3 on the
 * PER L4, the SDRC on the L3.  A qtest access is not the guest's: the
 * agent counts it as a debug access, not in reads/writes.
 */
static void test_agents_count(void)
{
    QTestState *qts = qtest_init("-M rm696");
    static const struct { const char *agent; uint32_t addr; } t[] = {
        { "l4-wkup", 0x48320010 },      /* 32k counter */
        { "l4-wkup", 0x48306804 },      /* PRM_REVISION */
        { "l4-core", 0x480022f0 },      /* CONTROL_STATUS */
        { "l4-per",  0x49020014 },      /* UART3 LSR */
        { "l3",      0x6d000070 },      /* SDRC_POWER */
    };

    for (int i = 0; i < ARRAY_SIZE(t); i++) {
        uint64_t d0 = agent_counter(qts, t[i].agent, "debug-reads");

        qtest_readl(qts, t[i].addr);
        g_assert_cmpuint(agent_counter(qts, t[i].agent, "debug-reads"), ==,
                         d0 + 1);
        g_assert_cmpuint(agent_counter(qts, t[i].agent, "reads"), ==, 0);
        g_assert_cmpuint(agent_counter(qts, t[i].agent, "writes"), ==, 0);
    }
    /* The WKUP L4 window is not counted again by the CORE L4 around it. */
    {
        uint64_t c0 = agent_counter(qts, "l4-core", "debug-reads");

        qtest_readl(qts, 0x48320010);
        g_assert_cmpuint(agent_counter(qts, "l4-core", "debug-reads"), ==, c0);
    }
    qtest_quit(qts);
}

/*
 * A hole in an interconnect's map answers with an error (the CPU takes it
 * as an external abort, counted in "errors"), never a QEMU abort; from
 * qtest it reads 0 and is not the guest's error.
 */
static void test_agents_holes(void)
{
    QTestState *qts = qtest_init("-M rm696");
    static const struct { const char *agent; uint32_t addr; } t[] = {
        { "l4-core", 0x48ff0000 },
        { "l4-wkup", 0x4833f000 },
        { "l4-per",  0x490ff000 },
        { "l3",      0xc0000000 },      /* past the 1 GB of SDRAM */
    };

    for (int i = 0; i < ARRAY_SIZE(t); i++) {
        g_assert_cmphex(qtest_readl(qts, t[i].addr), ==, 0);
        qtest_writel(qts, t[i].addr, 0xdeadbeef);
        g_assert_cmpuint(agent_counter(qts, t[i].agent, "errors"), ==, 0);
    }
    qtest_quit(qts);
}

/*
 * Only the vCPU's own accesses cost modelled time.  2,000 qtest reads of
 * the 32 kHz counter and of PRM registers (power-state ones among them):
 * QEMU_CLOCK_VIRTUAL does not move (clock_step answers the clock it
 * reached: a step of 1 ns after the reads lands 1 ns after the clock before
 * them), the
 * counter reads the same, no agent, group or PRCM counter of guest
 * accesses moves, and the debug counters count exactly these reads.  Then
 * a clock_step of 1 s moves the counter by exactly 32768: the clock runs.
 * (The guest's costs are tested with a guest: tests/guest/test_baremetal.py,
 * tests/guest/test_nonvcpu.py; the cost model by models/l4-interconnect.)
 */
static void test_agents_not_charged(void)
{
    QTestState *qts = qtest_init("-M rm696");
    static const uint32_t regs[] = {
        0x48320010,                     /* 32k counter */
        0x48306804,                     /* PRM_REVISION */
        0x48306ae4,                     /* PM_PWSTST_CORE */
        0x483069e8,                     /* PM_PREPWSTST_MPU */
    };
    static const char *const counters[] = {
        "reads", "writes", "read-ns", "write-ns", "errors",
    };
    const char *wk = "/machine/soc/l4-wkup";
    const char *sync = "/machine/soc/l4-wkup/groups/synctimer";
    const char *prm = "/machine/soc/l4-wkup/groups/prm";
    int64_t t0, t1;
    uint32_t k0, k1;

    t0 = qtest_clock_step(qts, 12345678);  /* anywhere but 0 */
    k0 = qtest_readl(qts, regs[0]);
    for (int i = 0; i < 2000 - 2; i++) {
        qtest_readl(qts, regs[i % ARRAY_SIZE(regs)]);
    }
    k1 = qtest_readl(qts, regs[0]);
    t1 = qtest_clock_step(qts, 1);
    g_assert_cmpint(t1, ==, t0 + 1);
    g_assert_cmphex(k1, ==, k0);
    for (int i = 0; i < ARRAY_SIZE(counters); i++) {
        g_assert_cmpuint(rm696_qom_get_int(qts, wk, counters[i]), ==, 0);
    }
    for (int i = 0; i < 4; i++) {
        g_assert_cmpuint(rm696_qom_get_int(qts, sync, counters[i]), ==, 0);
        g_assert_cmpuint(rm696_qom_get_int(qts, prm, counters[i]), ==, 0);
    }
    g_assert_cmpuint(rm696_qom_get_int(qts, "/machine/soc/prcm",
                                       "pwrst-reads"), ==, 0);
    g_assert_cmpuint(rm696_qom_get_int(qts, wk, "debug-reads"), ==, 2000);
    g_assert_cmpuint(rm696_qom_get_int(qts, sync, "debug-reads"), ==, 502);
    g_assert_cmpuint(rm696_qom_get_int(qts, prm, "debug-reads"), ==, 1498);

    qtest_writel(qts, 0x48002910, 0x5eed);     /* SCM scratchpad */
    g_assert_cmpuint(agent_counter(qts, "l4-core", "debug-writes"), ==, 1);
    g_assert_cmpuint(agent_counter(qts, "l4-core", "writes"), ==, 0);

    g_assert_cmpint(qtest_clock_step(qts, 1000000000), ==, t1 + 1000000000);
    g_assert_cmphex(qtest_readl(qts, regs[0]) - k0, ==, 32768);
    qtest_quit(qts);
}

/*
 * The memory path (n9_memory.c) hooks only the vCPU's generated code:
 * qtest's SDRAM and SRAM accesses never reach it, even with it forced on
 * (qtest runs without icount, where auto leaves it off: no
 * /machine/memory-path then).
 */
static void test_memory_path_not_charged(void)
{
    QTestState *qts = qtest_init("-M rm696,memory-model=on");
    static const char *const counters[] = {
        "loads", "stores", "fetches", "plds", "other", "uncached",
        "stall-ns", "l1d-load-hits", "l1d-load-misses", "mem-reads",
        "mem-writes", "walks",
    };
    g_autoptr(QDict) resp = NULL;

    for (int i = 0; i < 1000; i++) {
        qtest_writel(qts, SDRAM_BASE + 64 * i, i);
        g_assert_cmphex(qtest_readl(qts, SDRAM_BASE + 64 * i), ==, i);
        qtest_writel(qts, SRAM_BASE + 4 * (i & 0x3fff), i);
    }
    qtest_memset(qts, SDRAM_BASE + 0x100000, 0x5a, 65536);
    qtest_clock_step(qts, 1000000);
    for (int i = 0; i < ARRAY_SIZE(counters); i++) {
        g_assert_cmpuint(rm696_qom_get_int(qts, "/machine/memory-path",
                                           counters[i]), ==, 0);
    }
    qtest_quit(qts);

    qts = qtest_init("-M rm696");
    resp = qtest_qmp(qts, "{ 'execute': 'qom-get', 'arguments': "
                     "{ 'path': '/machine/memory-path', "
                     "'property': 'loads' } }");
    g_assert(qdict_haskey(resp, "error"));
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    qtest_add_func("/rm696/machine/memory", test_memory);
    qtest_add_func("/rm696/machine/rom", test_rom);
    qtest_add_func("/rm696/machine/agents-count", test_agents_count);
    qtest_add_func("/rm696/machine/agents-holes", test_agents_holes);
    qtest_add_func("/rm696/machine/agents-not-charged",
                   test_agents_not_charged);
    qtest_add_func("/rm696/machine/memory-path-not-charged",
                   test_memory_path_not_charged);
    return g_test_run();
}
