/*
 * Host unit tests of the domain model's state image (pwrdm_state.c): a
 * model saved inside a sleep attempt and loaded into a fresh one goes on
 * as the model never stopped (every state, counter and register the
 * kernel reads); bad images are refused and change nothing.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>
#include "pwrdm_state.h"
#include "check.h"

static int transitions;

static void count(void *opaque, int pd, int from, int to)
{
    (void)opaque;
    (void)pd;
    (void)from;
    (void)to;
    transitions++;
}

/* step @i: Linux's idle path (targets, clock domains to auto, WFI, wake) */
static void step(PrcmModel *m, unsigned i)
{
    static const int pds[] = { PRCM_PD_PER, PRCM_PD_CORE, PRCM_PD_MPU,
                               PRCM_PD_NEON, PRCM_PD_DSS };
    int pd = pds[i % 5];
    uint32_t v = prcm_read_pwstctrl(m, pd);

    switch (i % 7) {
    case 0:
        prcm_write_pwstctrl(m, pd, (v & ~PRCM_POWERSTATE_MASK) | (i / 7) % 4);
        break;
    case 1:
        prcm_write_clktrctrl(m, (int)(i * 5) % PRCM_NUM_CLKDM,
                             (i & 8) ? PRCM_CLKTR_HW_AUTO : 0);
        break;
    case 2:
        prcm_set_fclk(m, (int)(i * 3) % PRCM_NUM_CLKDM, i & 16);
        break;
    case 3:
        prcm_mpu_wfi(m);
        break;
    case 4:
        prcm_set_wakeup_pending(m, PRCM_PD_PER, i & 32);
        break;
    case 5:
        prcm_mpu_wakeup(m);
        break;
    default:
        prcm_write_prepwstst(m, pd, 0);
        break;
    }
}

static uint64_t observe(const PrcmModel *m)
{
    uint64_t h = 0;

    for (int pd = 0; pd < PRCM_NUM_PWRDM; pd++) {
        h = h * 31 + (uint64_t)prcm_pwrdm_state(m, pd) * 7 +
            (uint64_t)prcm_pwrdm_prev_state(m, pd) +
            prcm_read_pwstctrl(m, pd);
    }
    for (int cd = 0; cd < PRCM_NUM_CLKDM; cd++) {
        h = h * 3 + prcm_clkdm_active(m, cd);
    }
    return h;
}

int main(void)
{
    static PrcmModel a, b, c, keep;
    unsigned char img[2048], img2[2048], bad[2048];
    size_t n = prcm_state_size(&a);
    unsigned i, diff = 0, ta;
    const char *why;

    prcm_reset(&a);
    prcm_reset(&b);
    prcm_set_notify(&a, count, NULL);
    for (i = 0; i < 400; i++) {
        step(&a, i);
        step(&b, i);
    }
    CHECK(n > 12 && n <= sizeof(img), "an image of %zu bytes", n);
    CHECK_EQ(prcm_state_save(&b, img, n), n);
    CHECK_EQ(prcm_state_save(&b, img, n - 1), 0);
    prcm_reset(&c);
    why = prcm_state_load(&c, img, n);
    CHECK(why == NULL, "loads: %s", why ? why : "ok");
    CHECK_EQ(prcm_state_save(&c, img2, n), n);
    CHECK(!memcmp(img, img2, n), "the loaded model saves the same image");
    ta = transitions;
    prcm_set_notify(&c, count, NULL);
    for (i = 400; i < 1200; i++) {
        unsigned t0 = transitions;

        step(&a, i);
        ta = transitions - t0;
        step(&c, i);
        diff += observe(&a) != observe(&c) || transitions - t0 != 2 * ta;
    }
    CHECK_EQ(diff, 0);
    CHECK(transitions > 50, "the run changed power states (%u)", transitions);
    CHECK(!memcmp(a.entries, c.entries, sizeof(a.entries)) &&
          !memcmp(a.reported, c.reported, sizeof(a.reported)),
          "the entry counters");
    prcm_state_save(&a, img2, n);
    prcm_state_save(&c, img, n);
    CHECK(!memcmp(img, img2, n), "the same image at the end");

    keep = c;
    why = prcm_state_load(&c, img, n - 1);
    CHECK(why != NULL, "truncated: %s", why ? why : "loaded");
    memcpy(bad, img, n);
    bad[1] = '?';
    why = prcm_state_load(&c, bad, n);
    CHECK(why && strstr(why, "not a state image"), "foreign: %s",
          why ? why : "loaded");
    memcpy(bad, img, n);
    bad[4]++;
    why = prcm_state_load(&c, bad, n);
    CHECK(why && strstr(why, "version"), "another version: %s",
          why ? why : "loaded");
    memcpy(bad, img, n);
    /* the first power state (after 4 u32 arrays and the two counts) */
    bad[12 + 8 + 4 * 4 * PRCM_NUM_PWRDM] = 9;
    why = prcm_state_load(&c, bad, n);
    CHECK(why && strstr(why, "corrupt"), "a power state 9: %s",
          why ? why : "loaded");
    CHECK(!memcmp(&keep, &c, sizeof(c)), "nothing changed");
    return check_done();
}
