/*
 * Host unit tests of the OMAP3630 power/clock-domain model (pwrdm.c).
 * Each check prints one line; the exit status is the number of failures.
 *
 * The scenarios follow what Linux 6.18 does on the N9: omap3_pm_init
 * (clear dependencies, hw-auto clock domains, RET next states), the
 * cpuidle states C1..C7 (cpuidle34xx.c) and the PRCM wake-up path.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "pwrdm.h"
#include "check.h"

#include <stdio.h>
#include <string.h>

#define ST(m, pd) prcm_pwrdm_state((m), (pd))
#define PREV(m, pd) prcm_pwrdm_prev_state((m), (pd))

static const char *stname(int st)
{
    static const char *const n[] = { "OFF", "RET", "INACTIVE", "ON" };

    return st >= 0 && st < 4 ? n[st] : "?";
}

#define CHECK_ST(m, pd, want) \
    CHECK(ST(m, pd) == (want), "%s is %s (want %s)", prcm_pwrdm_name(pd), \
          stname(ST(m, pd)), stname(want))
#define CHECK_PREV(m, pd, want) \
    CHECK(PREV(m, pd) == (want), "%s prev is %s (want %s)", \
          prcm_pwrdm_name(pd), stname(PREV(m, pd)), stname(want))

static int notified;

static void count_notify(void *opaque, int pd, int from, int to)
{
    (void)opaque;
    (void)pd;
    (void)from;
    (void)to;
    notified++;
}

/* PM_PWSTCTRL with POWERSTATE = st, other fields as after reset */
static void set_next(PrcmModel *m, int pd, int st)
{
    uint32_t v = prcm_read_pwstctrl(m, pd);

    prcm_write_pwstctrl(m, pd, (v & ~PRCM_POWERSTATE_MASK) | (uint32_t)st);
}

/* Linux's kernel-side clear before each idle (pwrdm_pre_transition) */
static void clear_prev_all(PrcmModel *m)
{
    int pd;

    for (pd = 0; pd < PRCM_NUM_PWRDM; pd++) {
        prcm_write_prepwstst(m, pd, 0);
    }
}

/*
 * What omap3_pm_init and friends leave behind on the N9: all wake-up and
 * sleep dependencies cleared (clkdm_complete_init) except neon <- mpu,
 * hw-auto on every clock domain that supports it, iva2 forced asleep,
 * next state RET (SGX: OFF, it has no RET), UART3 (PER) and no CORE
 * functional clock running.
 */
static void kernel_pm_init(PrcmModel *m)
{
    static const int auto_cd[] = {
        PRCM_CD_MPU, PRCM_CD_NEON, PRCM_CD_CAM, PRCM_CD_DSS, PRCM_CD_PER,
        PRCM_CD_CORE_L3, PRCM_CD_CORE_L4, PRCM_CD_D2D, PRCM_CD_SGX,
        PRCM_CD_USBHOST,
    };
    size_t i;
    int pd;

    for (pd = 0; pd < PRCM_NUM_PWRDM; pd++) {
        prcm_write_wkdep(m, pd, 0);
        prcm_write_sleepdep(m, pd, 0);
    }
    prcm_write_wkdep(m, PRCM_PD_NEON, PRCM_WKDEP_EN_MPU);
    prcm_set_fclk(m, PRCM_CD_PER, true);
    prcm_set_fclk(m, PRCM_CD_WKUP, true);
    prcm_write_clktrctrl(m, PRCM_CD_EMU, PRCM_CLKTR_FORCE_WAKEUP);
    for (i = 0; i < sizeof(auto_cd) / sizeof(auto_cd[0]); i++) {
        prcm_write_clktrctrl(m, auto_cd[i], PRCM_CLKTR_HW_AUTO);
    }
    prcm_write_clktrctrl(m, PRCM_CD_IVA2, PRCM_CLKTR_FORCE_SLEEP);
    for (pd = 0; pd < PRCM_NUM_PWRDM; pd++) {
        if (prcm_pwrdm_programmable(pd)) {
            set_next(m, pd, pd == PRCM_PD_SGX ? PRCM_PWRST_OFF
                                               : PRCM_PWRST_RET);
        }
    }
}

static void test_reset(void)
{
    PrcmModel m;
    int pd;

    memset(&m, 0xa5, sizeof(m));
    m.notify = NULL;
    prcm_reset(&m);
    for (pd = 0; pd < PRCM_NUM_PWRDM; pd++) {
        CHECK_ST(&m, pd, PRCM_PWRST_ON);
        CHECK(!(prcm_read_pwstst(&m, pd) & PRCM_INTRANSITION),
              "%s PWSTST INTRANSITION reads 0", prcm_pwrdm_name(pd));
        CHECK_PREV(&m, pd, PRCM_PWRST_ON);
    }
    CHECK(prcm_read_pwstctrl(&m, PRCM_PD_MPU) == 0x00030107,
          "PM_PWSTCTRL_MPU resets to 0x%08x (want 0x00030107)",
          prcm_read_pwstctrl(&m, PRCM_PD_MPU));
    CHECK(prcm_read_pwstctrl(&m, PRCM_PD_CORE) == 0x000f0307,
          "PM_PWSTCTRL_CORE resets to 0x%08x (want 0x000f0307)",
          prcm_read_pwstctrl(&m, PRCM_PD_CORE));
    CHECK(prcm_read_pwstctrl(&m, PRCM_PD_IVA2) == 0x00ff0f07,
          "PM_PWSTCTRL_IVA2 resets to 0x%08x (want 0x00ff0f07)",
          prcm_read_pwstctrl(&m, PRCM_PD_IVA2));
    CHECK(prcm_read_pwstst(&m, PRCM_PD_CORE) == 0xf7,
          "PM_PWSTST_CORE = 0x%x: ON, logic on, both banks on (want 0xf7)",
          prcm_read_pwstst(&m, PRCM_PD_CORE));
    CHECK(prcm_read_prepwstst(&m, PRCM_PD_CORE) == 0xf7,
          "PM_PREPWSTST_CORE = 0x%x at reset (want 0xf7)",
          prcm_read_prepwstst(&m, PRCM_PD_CORE));
    CHECK(prcm_read_wkdep(&m, PRCM_PD_PER) == 0x17,
          "PM_WKDEP_PER resets to 0x%x (want 0x17)",
          prcm_read_wkdep(&m, PRCM_PD_PER));
    CHECK(prcm_clkdm_active(&m, PRCM_CD_MPU), "MPU clock domain active");
    CHECK(!strcmp(prcm_pwrdm_name(PRCM_PD_USBHOST), "usbhost") &&
          prcm_clkdm_pwrdm(PRCM_CD_CORE_L4) == PRCM_PD_CORE &&
          prcm_pwrdm_banks(PRCM_PD_IVA2) == 4,
          "static description (names, banks, clkdm->pwrdm)");
}

static void test_prepwstst_write(void)
{
    PrcmModel m;

    memset(&m, 0, sizeof(m));
    prcm_reset(&m);
    /* Linux's "clear": write 0 -> no transition happened -> still ON */
    prcm_write_prepwstst(&m, PRCM_PD_CORE, 0);
    CHECK(prcm_read_prepwstst(&m, PRCM_PD_CORE) == 0xf7,
          "writing 0 to PREPWSTST_CORE leaves 0x%x (want 0xf7)",
          prcm_read_prepwstst(&m, PRCM_PD_CORE));
    prcm_write_prepwstst(&m, PRCM_PD_CORE, 3);
    CHECK_PREV(&m, PRCM_PD_CORE, PRCM_PWRST_ON);
}

static void test_pm_init(void)
{
    PrcmModel m;

    memset(&m, 0, sizeof(m));
    prcm_reset(&m);
    kernel_pm_init(&m);
    /* domains with no clock running sleep while the MPU runs */
    CHECK_ST(&m, PRCM_PD_CAM, PRCM_PWRST_RET);
    CHECK_ST(&m, PRCM_PD_DSS, PRCM_PWRST_RET);
    CHECK_ST(&m, PRCM_PD_USBHOST, PRCM_PWRST_RET);
    CHECK_ST(&m, PRCM_PD_SGX, PRCM_PWRST_OFF);
    CHECK_ST(&m, PRCM_PD_IVA2, PRCM_PWRST_RET);
    CHECK_PREV(&m, PRCM_PD_SGX, PRCM_PWRST_OFF);
    CHECK(!prcm_clkdm_active(&m, PRCM_CD_CAM), "CAM clock domain idle");
    /* the running MPU keeps MPU, NEON and CORE on; UART3 keeps PER on */
    CHECK_ST(&m, PRCM_PD_MPU, PRCM_PWRST_ON);
    CHECK_ST(&m, PRCM_PD_NEON, PRCM_PWRST_ON);
    CHECK_ST(&m, PRCM_PD_CORE, PRCM_PWRST_ON);
    CHECK_ST(&m, PRCM_PD_PER, PRCM_PWRST_ON);
    CHECK_ST(&m, PRCM_PD_WKUP, PRCM_PWRST_ON);
    CHECK_ST(&m, PRCM_PD_EMU, PRCM_PWRST_ON);
    CHECK(prcm_read_pwstst(&m, PRCM_PD_CAM) == 0x15,
          "PM_PWSTST_CAM = 0x%x: RET, logic and memory retained (want 0x15)",
          prcm_read_pwstst(&m, PRCM_PD_CAM));
}

/* C1: MPU clock domain idle denied (CLKSTCTRL_MPU 0): nothing sleeps */
static void test_c1(void)
{
    PrcmModel m;

    memset(&m, 0, sizeof(m));
    prcm_reset(&m);
    kernel_pm_init(&m);
    prcm_write_clktrctrl(&m, PRCM_CD_MPU, PRCM_CLKTR_FORCE_WAKEUP);
    prcm_write_clktrctrl(&m, PRCM_CD_MPU, PRCM_CLKTR_NO_SLEEP);
    clear_prev_all(&m);
    prcm_mpu_wfi(&m);
    CHECK_ST(&m, PRCM_PD_MPU, PRCM_PWRST_ON);
    CHECK_ST(&m, PRCM_PD_CORE, PRCM_PWRST_ON);
    CHECK(prcm_clkdm_active(&m, PRCM_CD_MPU),
          "C1: MPU clock domain stays active in WFI");
    prcm_mpu_wakeup(&m);
    CHECK_PREV(&m, PRCM_PD_MPU, PRCM_PWRST_ON);
    CHECK_PREV(&m, PRCM_PD_CORE, PRCM_PWRST_ON);
    CHECK(prcm_read_prepwstst(&m, PRCM_PD_CORE) == 0xf7,
          "C1: PREPWSTST_CORE = 0x%x after the kernel's 0 write (want 0xf7)",
          prcm_read_prepwstst(&m, PRCM_PD_CORE));
    /* CAM was already in RET through the whole attempt */
    CHECK_PREV(&m, PRCM_PD_CAM, PRCM_PWRST_RET);
}

/* C2: MPU next ON, CORE next ON, PER RET: MPU clock-gated only */
static void test_c2(void)
{
    PrcmModel m;

    memset(&m, 0, sizeof(m));
    prcm_reset(&m);
    kernel_pm_init(&m);
    set_next(&m, PRCM_PD_MPU, PRCM_PWRST_ON);
    set_next(&m, PRCM_PD_CORE, PRCM_PWRST_ON);
    clear_prev_all(&m);
    prcm_mpu_wfi(&m);
    CHECK(!prcm_clkdm_active(&m, PRCM_CD_MPU),
          "C2: MPU clock domain idle in WFI");
    CHECK_ST(&m, PRCM_PD_MPU, PRCM_PWRST_ON);
    CHECK_ST(&m, PRCM_PD_CORE, PRCM_PWRST_ON);
    CHECK_ST(&m, PRCM_PD_PER, PRCM_PWRST_ON);
    prcm_mpu_wakeup(&m);
    CHECK_PREV(&m, PRCM_PD_MPU, PRCM_PWRST_ON);
}

/* C3: MPU RET, CORE ON */
static void test_c3(void)
{
    PrcmModel m;

    memset(&m, 0, sizeof(m));
    prcm_reset(&m);
    kernel_pm_init(&m);
    set_next(&m, PRCM_PD_CORE, PRCM_PWRST_ON);
    clear_prev_all(&m);
    prcm_mpu_wfi(&m);
    CHECK_ST(&m, PRCM_PD_MPU, PRCM_PWRST_RET);
    CHECK_ST(&m, PRCM_PD_NEON, PRCM_PWRST_RET);
    CHECK_ST(&m, PRCM_PD_CORE, PRCM_PWRST_ON);
    prcm_mpu_wakeup(&m);
    CHECK_ST(&m, PRCM_PD_MPU, PRCM_PWRST_ON);
    CHECK_ST(&m, PRCM_PD_NEON, PRCM_PWRST_ON);
    CHECK_PREV(&m, PRCM_PD_MPU, PRCM_PWRST_RET);
    CHECK_PREV(&m, PRCM_PD_NEON, PRCM_PWRST_RET);
    CHECK_PREV(&m, PRCM_PD_CORE, PRCM_PWRST_ON);
    CHECK(prcm_read_prepwstst(&m, PRCM_PD_MPU) == 0x15,
          "C3: PREPWSTST_MPU = 0x%x: RET, logic and L2 retained (want 0x15)",
          prcm_read_prepwstst(&m, PRCM_PD_MPU));
    /* the next attempt where nothing happens reads ON again */
    set_next(&m, PRCM_PD_MPU, PRCM_PWRST_ON);
    clear_prev_all(&m);
    prcm_mpu_wfi(&m);
    prcm_mpu_wakeup(&m);
    CHECK_PREV(&m, PRCM_PD_MPU, PRCM_PWRST_ON);
}

/* C5: CORE RET; an active PER (UART3 clock) keeps CORE on */
static void test_c5_core_held_by_per(void)
{
    PrcmModel m;

    memset(&m, 0, sizeof(m));
    prcm_reset(&m);
    kernel_pm_init(&m);
    clear_prev_all(&m);
    prcm_mpu_wfi(&m);
    CHECK_ST(&m, PRCM_PD_MPU, PRCM_PWRST_RET);
    CHECK_ST(&m, PRCM_PD_PER, PRCM_PWRST_ON);
    CHECK_ST(&m, PRCM_PD_CORE, PRCM_PWRST_ON);
    prcm_mpu_wakeup(&m);
    CHECK_PREV(&m, PRCM_PD_CORE, PRCM_PWRST_ON);

    /* console suspended: PER and CORE reach RET */
    prcm_set_fclk(&m, PRCM_CD_PER, false);
    clear_prev_all(&m);
    prcm_mpu_wfi(&m);
    CHECK_ST(&m, PRCM_PD_PER, PRCM_PWRST_RET);
    CHECK_ST(&m, PRCM_PD_CORE, PRCM_PWRST_RET);
    prcm_mpu_wakeup(&m);
    CHECK_ST(&m, PRCM_PD_CORE, PRCM_PWRST_ON);
    CHECK_ST(&m, PRCM_PD_MPU, PRCM_PWRST_ON);
    /* PER has no wake-up dependency left: it sleeps on */
    CHECK_ST(&m, PRCM_PD_PER, PRCM_PWRST_RET);
    CHECK_PREV(&m, PRCM_PD_CORE, PRCM_PWRST_RET);
    CHECK_PREV(&m, PRCM_PD_PER, PRCM_PWRST_RET);
    /* the driver touches UART3 again: PER wakes */
    prcm_set_fclk(&m, PRCM_CD_PER, true);
    CHECK_ST(&m, PRCM_PD_PER, PRCM_PWRST_ON);
}

/* docs/facts.md: a running GPT10 (CORE fclk) keeps CORE out of RET */
static void test_core_fclk_blocks_ret(void)
{
    PrcmModel m;

    memset(&m, 0, sizeof(m));
    prcm_reset(&m);
    kernel_pm_init(&m);
    prcm_set_fclk(&m, PRCM_CD_PER, false);
    prcm_set_fclk(&m, PRCM_CD_CORE_L4, true);
    clear_prev_all(&m);
    prcm_mpu_wfi(&m);
    CHECK_ST(&m, PRCM_PD_MPU, PRCM_PWRST_RET);
    CHECK_ST(&m, PRCM_PD_PER, PRCM_PWRST_RET);
    CHECK_ST(&m, PRCM_PD_CORE, PRCM_PWRST_ON);
    prcm_mpu_wakeup(&m);
    CHECK_PREV(&m, PRCM_PD_CORE, PRCM_PWRST_ON);
}

/* C7 with off mode: MPU, CORE, PER OFF; logic and memories lost */
static void test_off(void)
{
    PrcmModel m;
    int pd;

    memset(&m, 0, sizeof(m));
    prcm_reset(&m);
    kernel_pm_init(&m);
    for (pd = 0; pd < PRCM_NUM_PWRDM; pd++) {
        if (prcm_pwrdm_programmable(pd)) {
            set_next(&m, pd, PRCM_PWRST_OFF);
        }
    }
    /* asleep already: a new next state waits for the next wake-up */
    CHECK_ST(&m, PRCM_PD_CAM, PRCM_PWRST_RET);
    prcm_set_fclk(&m, PRCM_CD_PER, false);
    CHECK_ST(&m, PRCM_PD_PER, PRCM_PWRST_OFF);
    clear_prev_all(&m);
    prcm_mpu_wfi(&m);
    CHECK_ST(&m, PRCM_PD_MPU, PRCM_PWRST_OFF);
    CHECK_ST(&m, PRCM_PD_CORE, PRCM_PWRST_OFF);
    CHECK_ST(&m, PRCM_PD_PER, PRCM_PWRST_OFF);
    CHECK(prcm_read_pwstst(&m, PRCM_PD_CORE) == 0,
          "PM_PWSTST_CORE = 0x%x in OFF (want 0)",
          prcm_read_pwstst(&m, PRCM_PD_CORE));
    prcm_mpu_wakeup(&m);
    CHECK(prcm_read_prepwstst(&m, PRCM_PD_CORE) == 0,
          "PREPWSTST_CORE = 0x%x after CORE OFF (want 0)",
          prcm_read_prepwstst(&m, PRCM_PD_CORE));
    CHECK_PREV(&m, PRCM_PD_MPU, PRCM_PWRST_OFF);
    /* a domain asleep through the whole attempt reports that state */
    CHECK_PREV(&m, PRCM_PD_CAM, PRCM_PWRST_RET);
}

/* RET with LOGICRETSTATE = 0 loses logic; PREPWSTST says so */
static void test_logic_off_in_ret(void)
{
    PrcmModel m;
    uint32_t v;

    memset(&m, 0, sizeof(m));
    prcm_reset(&m);
    kernel_pm_init(&m);
    set_next(&m, PRCM_PD_CORE, PRCM_PWRST_ON);
    v = prcm_read_pwstctrl(&m, PRCM_PD_MPU);
    prcm_write_pwstctrl(&m, PRCM_PD_MPU,
                        v & ~(PRCM_LOGICRETSTATE | PRCM_MEMRET(0)));
    prcm_mpu_wfi(&m);
    CHECK(prcm_read_pwstst(&m, PRCM_PD_MPU) == 0x1,
          "PM_PWSTST_MPU = 0x%x: RET with logic and L2 off (want 0x1)",
          prcm_read_pwstst(&m, PRCM_PD_MPU));
    prcm_mpu_wakeup(&m);
    CHECK(prcm_read_prepwstst(&m, PRCM_PD_MPU) == 0x1,
          "PREPWSTST_MPU = 0x%x (want 0x1)",
          prcm_read_prepwstst(&m, PRCM_PD_MPU));
}

/* A pending wake-up in PER (GPIO) powers PER and CORE while the MPU sleeps */
static void test_wakeup_event(void)
{
    PrcmModel m;

    memset(&m, 0, sizeof(m));
    prcm_reset(&m);
    kernel_pm_init(&m);
    prcm_set_fclk(&m, PRCM_CD_PER, false);
    prcm_mpu_wfi(&m);
    CHECK_ST(&m, PRCM_PD_PER, PRCM_PWRST_RET);
    CHECK_ST(&m, PRCM_PD_CORE, PRCM_PWRST_RET);
    prcm_set_wakeup_pending(&m, PRCM_PD_PER, true);
    CHECK_ST(&m, PRCM_PD_PER, PRCM_PWRST_ON);
    CHECK_ST(&m, PRCM_PD_CORE, PRCM_PWRST_ON);
    CHECK_ST(&m, PRCM_PD_MPU, PRCM_PWRST_RET);
    /* acknowledged (PM_WKST cleared) with the MPU still asleep */
    prcm_set_wakeup_pending(&m, PRCM_PD_PER, false);
    CHECK_ST(&m, PRCM_PD_PER, PRCM_PWRST_RET);
    CHECK_ST(&m, PRCM_PD_CORE, PRCM_PWRST_RET);
    prcm_mpu_wakeup(&m);
    CHECK_PREV(&m, PRCM_PD_PER, PRCM_PWRST_RET);
    CHECK_PREV(&m, PRCM_PD_CORE, PRCM_PWRST_RET);
}

/* PM_WKDEP: a wake-up event in WKUP wakes PER (i582 workaround dep) */
static void test_wkdep(void)
{
    PrcmModel m;
    uint32_t before;

    memset(&m, 0, sizeof(m));
    prcm_reset(&m);
    kernel_pm_init(&m);
    prcm_set_fclk(&m, PRCM_CD_PER, false);
    prcm_write_wkdep(&m, PRCM_PD_PER, PRCM_WKDEP_EN_WKUP);
    prcm_mpu_wfi(&m);
    before = m.entries[PRCM_PD_PER][PRCM_PWRST_ON];
    prcm_set_wakeup_pending(&m, PRCM_PD_WKUP, true);
    CHECK(m.entries[PRCM_PD_PER][PRCM_PWRST_ON] == before + 1,
          "GPT1 wake-up in WKUP powers PER up once (%u -> %u)", before,
          m.entries[PRCM_PD_PER][PRCM_PWRST_ON]);
    /* and, with nothing to do, PER goes back to RET */
    CHECK_ST(&m, PRCM_PD_PER, PRCM_PWRST_RET);
    prcm_set_wakeup_pending(&m, PRCM_PD_WKUP, false);
    prcm_mpu_wakeup(&m);
    /* NEON has a wake-up dependency on MPU and its clock: back ON */
    CHECK_ST(&m, PRCM_PD_NEON, PRCM_PWRST_ON);
}

/*
 * CM_SLEEPDEP: an active PER may not idle while the MPU is active; the
 * dependency holds it awake but does not wake it (PM_WKDEP does).
 */
static void test_sleepdep(void)
{
    PrcmModel m;

    memset(&m, 0, sizeof(m));
    prcm_reset(&m);
    kernel_pm_init(&m);
    prcm_set_fclk(&m, PRCM_CD_PER, true);
    prcm_write_sleepdep(&m, PRCM_PD_PER, PRCM_SLEEPDEP_EN_MPU);
    prcm_set_fclk(&m, PRCM_CD_PER, false);
    CHECK_ST(&m, PRCM_PD_PER, PRCM_PWRST_ON);
    prcm_mpu_wfi(&m);
    CHECK_ST(&m, PRCM_PD_PER, PRCM_PWRST_RET);
    prcm_mpu_wakeup(&m);
    /* no wake-up dependency on the MPU: PER sleeps on */
    CHECK_ST(&m, PRCM_PD_PER, PRCM_PWRST_RET);
    /* with one, the MPU's wake-up wakes PER and the sleep dependency holds it */
    prcm_write_wkdep(&m, PRCM_PD_PER, PRCM_WKDEP_EN_MPU);
    prcm_mpu_wfi(&m);
    prcm_mpu_wakeup(&m);
    CHECK_ST(&m, PRCM_PD_PER, PRCM_PWRST_ON);
    CHECK_PREV(&m, PRCM_PD_PER, PRCM_PWRST_RET);
    prcm_write_sleepdep(&m, PRCM_PD_PER, 0);
    CHECK_ST(&m, PRCM_PD_PER, PRCM_PWRST_RET);
    /* an idle PER is not woken by a new sleep dependency */
    prcm_write_sleepdep(&m, PRCM_PD_PER, PRCM_SLEEPDEP_EN_MPU);
    CHECK_ST(&m, PRCM_PD_PER, PRCM_PWRST_RET);
}

/* CLKSTCTRL modes: force wakeup, no-sleep (sticky), force sleep */
static void test_clktrctrl_modes(void)
{
    PrcmModel m;

    memset(&m, 0, sizeof(m));
    prcm_reset(&m);
    kernel_pm_init(&m);
    CHECK_ST(&m, PRCM_PD_CAM, PRCM_PWRST_RET);
    prcm_write_clktrctrl(&m, PRCM_CD_CAM, PRCM_CLKTR_FORCE_WAKEUP);
    CHECK_ST(&m, PRCM_PD_CAM, PRCM_PWRST_ON);
    CHECK(prcm_clkdm_active(&m, PRCM_CD_CAM), "CAM active when forced");
    prcm_write_clktrctrl(&m, PRCM_CD_CAM, PRCM_CLKTR_HW_AUTO);
    CHECK_ST(&m, PRCM_PD_CAM, PRCM_PWRST_RET);
    /* NO_SLEEP: asleep stays asleep, awake stays awake */
    prcm_write_clktrctrl(&m, PRCM_CD_CAM, PRCM_CLKTR_NO_SLEEP);
    CHECK_ST(&m, PRCM_PD_CAM, PRCM_PWRST_RET);
    prcm_set_fclk(&m, PRCM_CD_CAM, true);
    CHECK_ST(&m, PRCM_PD_CAM, PRCM_PWRST_ON);
    prcm_set_fclk(&m, PRCM_CD_CAM, false);
    CHECK_ST(&m, PRCM_PD_CAM, PRCM_PWRST_ON);
    /* FORCE_SLEEP sleeps, but not while a functional clock runs */
    prcm_set_fclk(&m, PRCM_CD_CAM, true);
    prcm_write_clktrctrl(&m, PRCM_CD_CAM, PRCM_CLKTR_FORCE_SLEEP);
    CHECK_ST(&m, PRCM_PD_CAM, PRCM_PWRST_ON);
    prcm_set_fclk(&m, PRCM_CD_CAM, false);
    CHECK_ST(&m, PRCM_PD_CAM, PRCM_PWRST_RET);
    /* EMU has no POWERSTATE: OFF when its clock domain is asleep */
    prcm_write_clktrctrl(&m, PRCM_CD_EMU, PRCM_CLKTR_FORCE_SLEEP);
    CHECK_ST(&m, PRCM_PD_EMU, PRCM_PWRST_OFF);
    prcm_write_clktrctrl(&m, PRCM_CD_EMU, PRCM_CLKTR_FORCE_WAKEUP);
    CHECK_ST(&m, PRCM_PD_EMU, PRCM_PWRST_ON);
}

/* omap_set_pwrdm_state on a sleeping domain: wake (deny idle), set, allow */
static void test_set_state_while_asleep(void)
{
    PrcmModel m;

    memset(&m, 0, sizeof(m));
    prcm_reset(&m);
    kernel_pm_init(&m);
    CHECK_ST(&m, PRCM_PD_DSS, PRCM_PWRST_RET);
    /* changing RET -> OFF while asleep does not start a new transition */
    set_next(&m, PRCM_PD_DSS, PRCM_PWRST_OFF);
    CHECK_ST(&m, PRCM_PD_DSS, PRCM_PWRST_RET);
    prcm_write_clktrctrl(&m, PRCM_CD_DSS, PRCM_CLKTR_FORCE_WAKEUP);
    prcm_write_clktrctrl(&m, PRCM_CD_DSS, PRCM_CLKTR_NO_SLEEP);
    CHECK_ST(&m, PRCM_PD_DSS, PRCM_PWRST_ON);
    prcm_write_clktrctrl(&m, PRCM_CD_DSS, PRCM_CLKTR_HW_AUTO);
    CHECK_ST(&m, PRCM_PD_DSS, PRCM_PWRST_OFF);
    /* writing ON wakes a sleeping domain */
    set_next(&m, PRCM_PD_DSS, PRCM_PWRST_ON);
    CHECK_ST(&m, PRCM_PD_DSS, PRCM_PWRST_ON);
    /* INACTIVE: clock-gated but powered */
    set_next(&m, PRCM_PD_DSS, PRCM_PWRST_INACTIVE);
    CHECK_ST(&m, PRCM_PD_DSS, PRCM_PWRST_INACTIVE);
    CHECK(prcm_read_pwstst(&m, PRCM_PD_DSS) == 0x36,
          "PM_PWSTST_DSS = 0x%x in INACTIVE (want 0x36)",
          prcm_read_pwstst(&m, PRCM_PD_DSS));
}

static void test_notify_and_counters(void)
{
    PrcmModel m;

    memset(&m, 0, sizeof(m));
    prcm_reset(&m);
    prcm_set_notify(&m, count_notify, NULL);
    kernel_pm_init(&m);
    notified = 0;
    prcm_mpu_wfi(&m);
    prcm_mpu_wakeup(&m);
    /* MPU and NEON: down and up (UART3 keeps PER and CORE on) */
    CHECK(notified == 4, "idle entry and exit notified %d changes (want 4)",
          notified);
    CHECK(m.entries[PRCM_PD_MPU][PRCM_PWRST_RET] == 1,
          "MPU entered RET %u time(s) (want 1)",
          m.entries[PRCM_PD_MPU][PRCM_PWRST_RET]);
    /* repeated WFI / wake-up calls are idempotent */
    notified = 0;
    prcm_mpu_wakeup(&m);
    CHECK(notified == 0, "a wake-up with the MPU running changes nothing");
    prcm_reset(&m);
    CHECK(m.notify == count_notify, "reset keeps the callback");
}

int main(void)
{
    test_reset();
    test_prepwstst_write();
    test_pm_init();
    test_c1();
    test_c2();
    test_c3();
    test_c5_core_held_by_per();
    test_core_fclk_blocks_ret();
    test_off();
    test_logic_off_in_ret();
    test_wakeup_event();
    test_wkdep();
    test_sleepdep();
    test_clktrctrl_modes();
    test_set_state_while_asleep();
    test_notify_and_counters();
    return check_done();
}
