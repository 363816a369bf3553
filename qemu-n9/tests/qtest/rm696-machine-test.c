/*
 * qtest for the rm696 machine as a whole: memory map, interconnect agents,
 * boot ROM and secure monitor mailbox.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "libqtest.h"
#include "qobject/qdict.h"

#define SDRAM_BASE      0x80000000u
#define SRAM_BASE       0x40200000u
#define ROM_BASE        0x40000000u
#define ROM_MAILBOX     0x40020000u

static uint64_t agent_counter(QTestState *qts, const char *agent,
                              const char *counter)
{
    QDict *resp;
    uint64_t v;
    g_autofree char *path = g_strdup_printf("/machine/soc/%s", agent);

    resp = qtest_qmp(qts, "{ 'execute': 'qom-get', 'arguments': "
                     "{ 'path': %s, 'property': %s } }", path, counter);
    g_assert(qdict_haskey(resp, "return"));
    v = qdict_get_int(resp, "return");
    qobject_unref(resp);
    return v;
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

/* The ROM holds the monitor vectors: the SMC vector branches to the handler. */
static void test_rom(void)
{
    QTestState *qts = qtest_init("-M rm696");

    g_assert_cmphex(qtest_readl(qts, ROM_BASE + 0x08), ==, 0xea000004);
    g_assert_cmphex(qtest_readl(qts, ROM_BASE + 0x30), ==, ROM_MAILBOX);
    /* The ROM is read-only to the guest. */
    qtest_writel(qts, ROM_BASE + 0x08, 0);
    g_assert_cmphex(qtest_readl(qts, ROM_BASE + 0x08), ==, 0xea000004);
    /* The mailbox answers every service Linux uses with 0 (success). */
    qtest_writel(qts, ROM_MAILBOX, 25);
    g_assert_cmphex(qtest_readl(qts, ROM_MAILBOX), ==, 25);
    g_assert_cmphex(qtest_readl(qts, ROM_MAILBOX + 4), ==, 0);
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

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    qtest_add_func("/rm696/machine/memory", test_memory);
    qtest_add_func("/rm696/machine/rom", test_rom);
    qtest_add_func("/rm696/machine/agents-count", test_agents_count);
    qtest_add_func("/rm696/machine/agents-holes", test_agents_holes);
    return g_test_run();
}
