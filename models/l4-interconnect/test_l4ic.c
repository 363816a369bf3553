/*
 * Host unit tests of the interconnect latency model.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <string.h>
#include "l4ic.h"
#include "check.h"


/* Every cost lies in the range; the range is covered; the mean is central. */
static void test_range(enum l4ic_agent a, const char *name, int is_write)
{
    const l4ic_params *p = &l4ic_default_params[a];
    uint32_t lo = is_write ? p->write_min_ns : p->read_min_ns;
    uint32_t hi = is_write ? p->write_max_ns : p->read_max_ns;
    uint32_t seen_lo = UINT32_MAX, seen_hi = 0;
    double sum = 0;
    l4ic_target t;
    const int n = 200000;

    l4ic_target_init(&t, p, l4ic_seed_for(1, name));
    for (int i = 0; i < n; i++) {
        uint32_t c = l4ic_access_cost(&t, is_write, 4, (uint64_t)i * 1000);
        if (c < seen_lo) {
            seen_lo = c;
        }
        if (c > seen_hi) {
            seen_hi = c;
        }
        sum += c;
    }
    CHECK(seen_lo >= lo && seen_hi <= hi, "%s %s: costs within [%u, %u] (saw %u..%u)",
          name, is_write ? "write" : "read", lo, hi, seen_lo, seen_hi);
    CHECK(seen_lo == lo && seen_hi == hi, "%s %s: both ends of the range are reached",
          name, is_write ? "write" : "read");
    CHECK(sum / n > (lo + hi) / 2.0 - 1.0 && sum / n < (lo + hi) / 2.0 + 1.0,
          "%s %s: mean %.2f within 1 ns of the middle %.1f",
          name, is_write ? "write" : "read", sum / n, (lo + hi) / 2.0);
}

/* The same seed gives the same sequence; another seed another one. */
static void test_determinism(void)
{
    l4ic_target a, b, c;
    int same = 1, differ = 0;

    l4ic_target_init(&a, &l4ic_default_params[L4IC_WKUP], l4ic_seed_for(7, "l4-wkup"));
    l4ic_target_init(&b, &l4ic_default_params[L4IC_WKUP], l4ic_seed_for(7, "l4-wkup"));
    l4ic_target_init(&c, &l4ic_default_params[L4IC_WKUP], l4ic_seed_for(8, "l4-wkup"));
    for (int i = 0; i < 1000; i++) {
        uint32_t x = l4ic_access_cost(&a, 0, 4, 0);
        uint32_t y = l4ic_access_cost(&b, 0, 4, 0);
        uint32_t z = l4ic_access_cost(&c, 0, 4, 0);
        same &= x == y;
        differ |= x != z;
    }
    CHECK(same, "same seed: same 1000 costs");
    CHECK(differ, "other seed: other costs");
    CHECK(l4ic_seed_for(1, "l4-wkup") != l4ic_seed_for(1, "l4-core"),
          "targets get their own seeds");
}

/* The defaults are the phone's figures (timing/phone-measured.ini, mmio.*). */
static void test_defaults(void)
{
    const l4ic_params *w = &l4ic_default_params[L4IC_WKUP];
    const l4ic_params *c = &l4ic_default_params[L4IC_CORE];
    const l4ic_params *l = &l4ic_default_params[L4IC_L3];

    CHECK(w->read_min_ns == 625 && w->read_max_ns == 668, "wakeup L4 read 625-668 ns");
    CHECK(c->read_min_ns == 174 && c->read_max_ns == 290, "core L4 read 174-290 ns");
    CHECK(l->read_min_ns == 107 && l->read_max_ns == 415, "L3 read 107-415 ns");
    for (int a = 0; a < L4IC_NUM_AGENTS; a++) {
        CHECK(l4ic_params_check(&l4ic_default_params[a]) == 0, "default %d is valid", a);
    }
}

static void test_check(void)
{
    l4ic_params p = { 10, 5, 1, 2 };
    l4ic_params q = { 1, 2, 1, L4IC_MAX_NS + 1 };
    l4ic_params r = { 3, 3, 0, 0 };
    l4ic_target t;

    CHECK(l4ic_params_check(&p) != 0, "min > max is refused");
    CHECK(l4ic_params_check(&q) != 0, "a cost over 1 ms is refused");
    CHECK(l4ic_params_check(&r) == 0, "a fixed cost is accepted");
    l4ic_target_init(&t, &r, 0);
    CHECK(l4ic_access_cost(&t, 0, 4, 0) == 3 && l4ic_access_cost(&t, 1, 4, 0) == 0,
          "a fixed cost is exact (seed 0 works too)");
}

/*
 * Costs in the clock that owns them: at the reference rate the very costs
 * drawn before (the calibration); at another rate the part beyond the
 * crossing scales by ref / rate; ref_hz 0 keeps ns.
 */
static void test_clock(void)
{
    l4ic_params p = l4ic_default_params[L4IC_WKUP];
    l4ic_target a, b, c;
    int same = 1, twice = 1, third = 1, fixed = 1;

    CHECK(p.ref_hz == 19200000 && l4ic_default_params[L4IC_CORE].ref_hz ==
          97600000 && l4ic_default_params[L4IC_L3].ref_hz == 195200000,
          "the wakeup L4 follows sys_clk, the core L4 its clock, the L3 its");
    /* the same seed with and without the clock at its reference rate */
    l4ic_target_init(&a, &p, 5);
    l4ic_target_init(&b, &p, 5);
    l4ic_set_clock(&b, p.ref_hz);
    for (int i = 0; i < 1000; i++) {
        same &= l4ic_access_cost(&a, i & 1, 4, 0) ==
                l4ic_access_cost(&b, i & 1, 4, 0);
    }
    CHECK(same, "at the reference rate: the same 1000 costs");
    /* half the rate: twice the cost (no crossing by default) */
    l4ic_target_init(&a, &p, 5);
    l4ic_target_init(&b, &p, 5);
    l4ic_set_clock(&b, p.ref_hz / 2);
    for (int i = 0; i < 1000; i++) {
        twice &= 2 * l4ic_access_cost(&a, 0, 4, 0) ==
                 l4ic_access_cost(&b, 0, 4, 0);
    }
    CHECK(twice, "at half the rate: twice each cost");
    /* with a crossing of 100 ns, three times the rate: 100 + the rest / 3 */
    p.crossing_ns = 100;
    l4ic_target_init(&a, &p, 9);
    l4ic_target_init(&b, &p, 9);
    l4ic_set_clock(&b, p.ref_hz * 3);
    for (int i = 0; i < 1000; i++) {
        uint32_t x = l4ic_access_cost(&a, 0, 4, 0);
        uint32_t y = l4ic_access_cost(&b, 0, 4, 0);

        third &= y == 100 + (2 * (x - 100) + 3) / 6;   /* nearest */
    }
    CHECK(third, "crossing 100 ns, 3 x the rate: 100 ns + the rest / 3");
    /* ref_hz 0: ns whatever the clock (the what-if override) */
    p.ref_hz = 0;
    l4ic_target_init(&a, &p, 9);
    l4ic_target_init(&c, &p, 9);
    l4ic_set_clock(&c, 1000000);
    for (int i = 0; i < 1000; i++) {
        fixed &= l4ic_access_cost(&a, 1, 4, 0) == l4ic_access_cost(&c, 1, 4, 0);
    }
    CHECK(fixed, "ref_hz 0: costs in ns, whatever the clock");
    /* a stopped clock: as at the reference (the wait is not modelled) */
    p = l4ic_default_params[L4IC_L3];
    l4ic_target_init(&a, &p, 1);
    l4ic_set_clock(&a, 0);
    CHECK(l4ic_scale(&a, 300) == 300, "a stopped clock scales nothing");
    p.crossing_ns = p.read_min_ns + 1;
    CHECK(l4ic_params_check(&p) != 0, "a crossing above read_min_ns is refused");
    p.crossing_ns = 0;
    p.ref_hz = L4IC_MAX_HZ + 1;
    CHECK(l4ic_params_check(&p) != 0, "a clock above 1 GHz is refused");
}

int main(void)
{
    static const char *const names[L4IC_NUM_AGENTS] = {
        "l4-wkup", "l4-core", "l4-per", "l4-emu", "l3"
    };

    test_defaults();
    for (int a = 0; a < L4IC_NUM_AGENTS; a++) {
        test_range(a, names[a], 0);
        test_range(a, names[a], 1);
    }
    test_determinism();
    test_check();
    test_clock();
    return check_done();
}
