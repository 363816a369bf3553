/*
 * qtest for the rm696 machine as a whole: memory map, interconnect agents,
 * boot ROM and the secure monitor's debug port.
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
 * Every register access passes the agent of its interconnect and is
 * counted there: the 32k counter and the PRM on the WKUP L4, the SCM on the
 * CORE L4, UART3 on the PER L4, the SDRC on the L3.
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
        uint64_t r0 = agent_counter(qts, t[i].agent, "reads");
        uint64_t w0 = agent_counter(qts, t[i].agent, "writes");

        qtest_readl(qts, t[i].addr);
        g_assert_cmpuint(agent_counter(qts, t[i].agent, "reads"), ==, r0 + 1);
        g_assert_cmpuint(agent_counter(qts, t[i].agent, "writes"), ==, w0);
    }
    /* The WKUP L4 window is not counted again by the CORE L4 around it. */
    {
        uint64_t c0 = agent_counter(qts, "l4-core", "reads");

        qtest_readl(qts, 0x48320010);
        g_assert_cmpuint(agent_counter(qts, "l4-core", "reads"), ==, c0);
    }
    qtest_quit(qts);
}

/*
 * A hole in an interconnect's map is an error, counted by its agent (the
 * CPU takes it as an external abort), never a QEMU abort.
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
        uint64_t e0 = agent_counter(qts, t[i].agent, "errors");

        g_assert_cmphex(qtest_readl(qts, t[i].addr), ==, 0);
        qtest_writel(qts, t[i].addr, 0xdeadbeef);
        g_assert_cmpuint(agent_counter(qts, t[i].agent, "errors"), ==, e0 + 2);
    }
    qtest_quit(qts);
}

/*
 * Each block behind an agent is a register group with its own counters;
 * every access is charged a modelled cost from the phone's measured range
 * (hardware-facts.md): PRM 625-668 ns, SCM 174-290 ns, SDRC 107-415 ns.
 * (Under qtest there is no icount: the cost is counted, not stalled.)
 */
static void test_agents_cost(void)
{
    QTestState *qts = qtest_init("-M rm696");
    static const struct {
        const char *agent, *group;
        uint32_t addr, lo, hi;
    } t[] = {
        { "l4-wkup", "prm",       0x48306804, 625, 668 },
        { "l4-wkup", "synctimer", 0x48320010, 625, 668 },
        { "l4-core", "scm",       0x480022f0, 174, 290 },
        { "l4-core", "cm",        0x48004a40, 174, 290 },
        { "l3",      "sdrc",      0x6d000070, 107, 415 },
    };

    for (int i = 0; i < ARRAY_SIZE(t); i++) {
        g_autofree char *gpath = g_strdup_printf("/machine/soc/%s/groups/%s",
                                                 t[i].agent, t[i].group);
        g_autofree char *apath = g_strdup_printf("/machine/soc/%s", t[i].agent);
        uint64_t n0 = rm696_qom_get_int(qts, gpath, "reads");
        uint64_t g0 = rm696_qom_get_int(qts, gpath, "read-ns");
        uint64_t a0 = rm696_qom_get_int(qts, apath, "read-ns");
        uint64_t min = UINT64_MAX, max = 0;

        for (int k = 0; k < 200; k++) {
            uint64_t before = rm696_qom_get_int(qts, gpath, "read-ns");
            uint64_t cost;

            qtest_readl(qts, t[i].addr);
            cost = rm696_qom_get_int(qts, gpath, "read-ns") - before;
            g_assert_cmpuint(cost, >=, t[i].lo);
            g_assert_cmpuint(cost, <=, t[i].hi);
            min = MIN(min, cost);
            max = MAX(max, cost);
        }
        g_assert_cmpuint(rm696_qom_get_int(qts, gpath, "reads"), ==, n0 + 200);
        /* the agent's total is the sum over its groups */
        g_assert_cmpuint(rm696_qom_get_int(qts, apath, "read-ns") - a0, ==,
                         rm696_qom_get_int(qts, gpath, "read-ns") - g0);
        /* the costs spread over the range, as on the phone */
        g_assert_cmpuint(max - min, >, (t[i].hi - t[i].lo) / 2);
    }
    qtest_quit(qts);
}

/* The same machine with the same seed charges the same costs. */
static void test_agents_deterministic(void)
{
    uint64_t ns[2];

    for (int run = 0; run < 2; run++) {
        QTestState *qts = qtest_init("-M rm696");

        for (int k = 0; k < 50; k++) {
            qtest_readl(qts, 0x48306804);
        }
        ns[run] = rm696_qom_get_int(qts, "/machine/soc/l4-wkup/groups/prm",
                                    "read-ns");
        qtest_quit(qts);
    }
    g_assert_cmpuint(ns[0], ==, ns[1]);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    qtest_add_func("/rm696/machine/memory", test_memory);
    qtest_add_func("/rm696/machine/rom", test_rom);
    qtest_add_func("/rm696/machine/agents-count", test_agents_count);
    qtest_add_func("/rm696/machine/agents-holes", test_agents_holes);
    qtest_add_func("/rm696/machine/agents-cost", test_agents_cost);
    qtest_add_func("/rm696/machine/agents-deterministic",
                   test_agents_deterministic);
    return g_test_run();
}
