/*
 * The power/clock-domain model's state image (pwrdm_state.h).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "pwrdm_state.h"
#include "../image/n9img.h"

static void u8s(n9img *im, uint8_t *v, size_t n)
{
    for (size_t i = 0; i < n && !im->err; i++) {
        n9img_u8(im, &v[i]);
    }
}

static void visit(n9img *im, void *model)
{
    PrcmModel *m = model;
    n9img_head(im, "PWRD", PRCM_STATE_VERSION);
    n9img_same(im, PRCM_NUM_PWRDM, 4, "power domains");
    n9img_same(im, PRCM_NUM_CLKDM, 4, "clock domains");
    n9img_u32s(im, m->pwstctrl, PRCM_NUM_PWRDM);
    n9img_u32s(im, m->prepwstst, PRCM_NUM_PWRDM);
    n9img_u32s(im, m->wkdep, PRCM_NUM_PWRDM);
    n9img_u32s(im, m->sleepdep, PRCM_NUM_PWRDM);
    u8s(im, m->state, PRCM_NUM_PWRDM);
    u8s(im, m->wake_pending, PRCM_NUM_PWRDM);
    u8s(im, m->win_min, PRCM_NUM_PWRDM);
    n9img_u32s(im, m->win_rec, PRCM_NUM_PWRDM);
    u8s(im, m->win_start, PRCM_NUM_PWRDM);
    for (int d = 0; d < PRCM_NUM_PWRDM; d++) {
        n9img_u32s(im, m->entries[d], 4);
        n9img_u32s(im, m->reported[d], 4);
    }
    u8s(im, m->clktrctrl, PRCM_NUM_CLKDM);
    u8s(im, m->fclk, PRCM_NUM_CLKDM);
    u8s(im, m->active, PRCM_NUM_CLKDM);
    n9img_u8(im, &m->mpu_standby);
    n9img_u8(im, &m->in_window);
    n9img_u32(im, &m->win_pd_idle);
    if (im->loading && !im->err) {
        /* a power state indexes the entry counters */
        for (int d = 0; d < PRCM_NUM_PWRDM; d++) {
            if (m->state[d] > 3 || m->win_min[d] > 3 || m->win_start[d] > 3) {
                n9img_fail(im, "the PWRD image is corrupt (a power state "
                               "above 3)");
                break;
            }
        }
    }
}

size_t prcm_state_size(const PrcmModel *m)
{
    return n9img_size_of(visit, m);
}

size_t prcm_state_save(const PrcmModel *m, void *buf, size_t len)
{
    return n9img_save(visit, m, buf, len);
}

const char *prcm_state_load(PrcmModel *m, const void *img, size_t len)
{
    static char why[160];
    PrcmModel c = *m;

    if (n9img_load(visit, &c, img, len, why, sizeof(why))) {
        return why;
    }
    *m = c;
    return NULL;
}
