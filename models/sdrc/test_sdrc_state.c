/*
 * Host unit tests of the SDRC model's byte image (sdrc_state.c): saved
 * mid-run and loaded into a model with the same configuration, it runs on
 * as the model that never stopped; bad images are refused and change
 * nothing.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>
#include "sdrc_state.h"
#include "check.h"

#define L3_HZ       195200000u
#define SDRAM       0x80000000ull

static void setup(SdrcModel *m)
{
    SdrcRegs r;
    SdrcConfig c;

    sdrc_init(m, NULL, L3_HZ, SDRAM);
    sdrc_n9_regs(&r);
    r.power = SDRC_POWER_LINUX | 0x40;      /* self-refresh on idle request */
    sdrc_decode(&r, L3_HZ, &c);
    sdrc_set_config(m, &c, 0);
}

/* accesses with row hits, misses, refreshes and CORE idle */
static uint64_t step(SdrcModel *m, uint32_t i)
{
    uint64_t a = SDRAM + ((uint64_t)(i * 2654435761u) & 0x0FFFFFC0u);
    uint64_t t = 1000 + (uint64_t)i * 900;

    if (i % 97 == 50) {
        sdrc_core_idle(m, t - 400, true, false);
        sdrc_core_idle(m, t - 100, false, false);
    }
    return sdrc_access(m, a, 64, i & 1, t);
}

int main(void)
{
    static SdrcModel a, b, c, keep;
    unsigned char img[4096], img2[4096], bad[4096];
    size_t n = sdrc_state_size(&a), n2;
    uint64_t sa = 0, sc = 0;
    uint32_t i, diff = 0;
    const char *why;

    CHECK(n > 12 && n <= sizeof(img), "an image of %zu bytes", n);
    setup(&a);
    setup(&b);
    for (i = 0; i < 3000; i++) {
        step(&a, i);
        step(&b, i);
    }
    CHECK_EQ(sdrc_state_save(&b, img, n), n);
    CHECK_EQ(sdrc_state_save(&b, img, n - 1), 0);
    CHECK(!memcmp(img, "SDRC", 4), "the tag");
    setup(&c);
    sdrc_configure(&c, &b.cfg);
    why = sdrc_state_load(&c, img, n);
    CHECK(why == NULL, "loads: %s", why ? why : "ok");
    CHECK_EQ(sdrc_state_save(&c, img2, n), n);
    CHECK(!memcmp(img, img2, n), "the loaded model saves the same image");
    for (i = 3000; i < 6000; i++) {
        uint64_t x = step(&a, i), y = step(&c, i);

        diff += x != y;
        sa += x;
        sc += y;
    }
    CHECK_EQ(diff, 0);
    CHECK_EQ(sc, sa);
    CHECK(!memcmp(&a.cnt, &c.cnt, sizeof(a.cnt)), "every counter");
    CHECK(a.cnt.refreshes > 0 && a.cnt.sr_exits > 0 &&
          a.cnt.row_conflicts > 0,
          "the run refreshed, left self-refresh, met row conflicts (%llu, "
          "%llu, %llu)", (unsigned long long)a.cnt.refreshes,
          (unsigned long long)a.cnt.sr_exits,
          (unsigned long long)a.cnt.row_conflicts);
    n2 = sdrc_state_save(&a, img2, sizeof(img2));
    sdrc_state_save(&c, img, sizeof(img));
    CHECK(n2 == n && !memcmp(img, img2, n), "the same image at the end");

    keep = c;
    why = sdrc_state_load(&c, img, n - 8);
    CHECK(why && strstr(why, "says"), "truncated: %s", why ? why : "loaded");
    memcpy(bad, img, n);
    memcpy(bad, "A8C$", 4);
    why = sdrc_state_load(&c, bad, n);
    CHECK(why && strstr(why, "not a state image"), "foreign: %s",
          why ? why : "loaded");
    memcpy(bad, img, n);
    bad[4] = SDRC_STATE_VERSION + 1;
    why = sdrc_state_load(&c, bad, n);
    CHECK(why && strstr(why, "version"), "another version: %s",
          why ? why : "loaded");
    memcpy(bad, img, n);
    bad[16] ^= 1;               /* the words' own version (sdrc_save) */
    why = sdrc_state_load(&c, bad, n);
    CHECK(why != NULL, "other words: %s", why ? why : "loaded");
    CHECK(!memcmp(&keep, &c, sizeof(c)), "nothing changed");
    return check_done();
}
