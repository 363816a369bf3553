/*
 * Host unit tests of a register target's state image (l4ic_state.c): the
 * generator loaded from an image draws what the one never stopped draws;
 * bad images are refused and change nothing.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>
#include "l4ic_state.h"
#include "check.h"

int main(void)
{
    const l4ic_params *p = &l4ic_default_params[L4IC_CORE];
    l4ic_target a, b, c, keep;
    unsigned char img[64], bad[64];
    size_t n;
    uint32_t i, diff = 0, distinct = 0, last = 0;
    const char *why;

    l4ic_target_init(&a, p, l4ic_seed_for(3, "l4-core.uart1"));
    l4ic_target_init(&b, p, l4ic_seed_for(3, "l4-core.uart1"));
    for (i = 0; i < 500; i++) {
        l4ic_access_cost(&a, i & 1, 4, i * 100);
        l4ic_access_cost(&b, i & 1, 4, i * 100);
    }
    n = l4ic_state_size(&a);
    CHECK(n > 12 && n <= sizeof(img), "an image of %zu bytes", n);
    CHECK_EQ(l4ic_state_save(&b, img, n), n);
    CHECK_EQ(l4ic_state_save(&b, img, n - 1), 0);
    /* another seed, another position: the image takes it to b's */
    l4ic_target_init(&c, p, l4ic_seed_for(4, "l4-core.uart1"));
    why = l4ic_state_load(&c, img, n);
    CHECK(why == NULL, "loads: %s", why ? why : "ok");
    for (i = 500; i < 1500; i++) {
        uint32_t x = l4ic_access_cost(&a, i & 1, 4, i * 100);
        uint32_t y = l4ic_access_cost(&c, i & 1, 4, i * 100);

        diff += x != y;
        distinct += x != last;
        last = x;
    }
    CHECK_EQ(diff, 0);
    CHECK(distinct > 100, "the costs vary (%u changes)", distinct);

    keep = c;
    why = l4ic_state_load(&c, img, n - 1);
    CHECK(why != NULL, "truncated: %s", why ? why : "loaded");
    memcpy(bad, img, n);
    bad[0] = 'X';
    why = l4ic_state_load(&c, bad, n);
    CHECK(why && strstr(why, "not a state image"), "foreign: %s",
          why ? why : "loaded");
    memcpy(bad, img, n);
    bad[4]++;
    why = l4ic_state_load(&c, bad, n);
    CHECK(why && strstr(why, "version"), "another version: %s",
          why ? why : "loaded");
    memcpy(bad, img, n);
    memset(bad + 12, 0, 8);
    why = l4ic_state_load(&c, bad, n);
    CHECK(why && strstr(why, "corrupt"), "generator 0: %s",
          why ? why : "loaded");
    CHECK(!memcmp(&keep, &c, sizeof(c)), "nothing changed");
    return check_done();
}
