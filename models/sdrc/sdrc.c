/*
 * OMAP3630 SDRC: the controller's policy over the LPDDR timing (see
 * sdrc.h; the sources of every field and rule: docs/models-sdrc.md).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "sdrc.h"

#include <stddef.h>
#include <string.h>

#define NEVER           UINT64_MAX
/* The N9's L3 clock, for a model whose clock input does not run. */
#define SDRC_FALLBACK_HZ 195200000u

const SdrcParams sdrc_default_params = {
    .dll_relock_ns = 0,
    .clock_restart_cycles = 1,
    .write_latency_cycles = 1,
    .sr_exit_refreshes = 1,
    .sr_overhead_ns = 0,
};

static uint64_t max64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

static uint32_t field(uint32_t v, unsigned shift, unsigned len)
{
    return (v >> shift) & ((1u << len) - 1);
}

/* ---- Registers ------------------------------------------------------------ */

void sdrc_decode(const SdrcRegs *r, uint32_t l3_hz, SdrcConfig *c)
{
    int p;

    memset(c, 0, sizeof(*c));
    c->l3_hz = l3_hz;
    c->power.page_policy = field(r->power, 0, 1);
    c->power.pwdena = field(r->power, 2, 1);
    c->power.extclkdis = field(r->power, 3, 1);
    c->power.clkctrl = field(r->power, 4, 2);
    c->power.srfr_on_idle_req = field(r->power, 6, 1);
    c->power.srfr_on_reset = field(r->power, 7, 1);
    c->power.autocount = field(r->power, 8, 16);
    c->dll_lock_mode = field(r->dlla_ctrl, 2, 1);
    c->dll_enabled = field(r->dlla_ctrl, 3, 1);
    /* CS1STARTHIGH (3:0) in 128 MB, CS1STARTLOW (9:8) in 32 MB */
    c->cs1_start_mb = field(r->cs_cfg, 0, 4) * 128 +
                      field(r->cs_cfg, 8, 2) * 32;

    for (p = 0; p < SDRC_NUM_CS; p++) {
        SdrcCsConfig *cs = &c->cs[p];
        uint32_t mcfg = r->mcfg[p], a = r->actim_a[p], b = r->actim_b[p];
        unsigned bl = field(r->mr[p], 0, 3);
        static const uint8_t are_n[4] = { 0, 1, 4, 8 };

        cs->ram_type = field(mcfg, 0, 2);
        cs->deep_power_down = field(mcfg, 3, 1);
        cs->data_width = field(mcfg, 4, 1) ? 32 : 16;
        cs->bank_allocation = field(mcfg, 6, 2);
        cs->ram_size_mb = field(mcfg, 8, 10) * 2;
        cs->addr_mux_flexible = field(mcfg, 19, 1);
        cs->col_bits = field(mcfg, 20, 3) + 5;
        cs->row_bits = field(mcfg, 24, 3) + 11;

        cs->cas_latency = field(r->mr[p], 4, 3);
        cs->burst_length = (bl >= 1 && bl <= 3) ? 1u << bl : 0;

        cs->tdal = field(a, 0, 5);
        cs->tdpl = field(a, 6, 3);
        cs->trrd = field(a, 9, 3);
        cs->trcd = field(a, 12, 3);
        cs->trp = field(a, 15, 3);
        cs->tras = field(a, 18, 4);
        cs->trc = field(a, 22, 5);
        cs->trfc = field(a, 27, 5);
        cs->txsr = field(b, 0, 8);
        cs->txp = field(b, 8, 3);
        cs->tcke = field(b, 12, 3);
        cs->twtr = field(b, 16, 2);

        cs->refresh_interval = field(r->rfr_ctrl[p], 8, 16);
        cs->refresh_burst = are_n[field(r->rfr_ctrl[p], 0, 2)];
    }
}

void sdrc_n9_regs(SdrcRegs *r)
{
    int p;

    memset(r, 0, sizeof(*r));
    r->power = SDRC_POWER_LINUX;
    r->cs_cfg = SDRC_N9_CS_CFG;
    r->dlla_ctrl = SDRC_N9_DLLA_CTRL;
    for (p = 0; p < SDRC_NUM_CS; p++) {
        r->mcfg[p] = SDRC_N9_MCFG;
        r->mr[p] = SDRC_N9_MR;
        r->actim_a[p] = SDRC_N9_ACTIM_A;
        r->actim_b[p] = SDRC_N9_ACTIM_B;
        r->rfr_ctrl[p] = SDRC_N9_RFR_CTRL;
    }
}

uint32_t *sdrc_regs_field(SdrcRegs *r, uint32_t offset)
{
    int p;

    switch (offset) {
    case SDRC_REG_CS_CFG:
        return &r->cs_cfg;
    case SDRC_REG_DLLA_CTRL:
        return &r->dlla_ctrl;
    case SDRC_REG_POWER:
        return &r->power;
    }
    for (p = 0; p < SDRC_NUM_CS; p++) {
        if (offset == SDRC_REG_MCFG(p)) {
            return &r->mcfg[p];
        } else if (offset == SDRC_REG_MR(p)) {
            return &r->mr[p];
        } else if (offset == SDRC_REG_ACTIM_A(p)) {
            return &r->actim_a[p];
        } else if (offset == SDRC_REG_ACTIM_B(p)) {
            return &r->actim_b[p];
        } else if (offset == SDRC_REG_RFR_CTRL(p)) {
            return &r->rfr_ctrl[p];
        }
    }
    return NULL;
}

const char *sdrc_params_check(const SdrcParams *p)
{
    if (p->dll_relock_ns > SDRC_PARAM_MAX ||
        p->clock_restart_cycles > SDRC_PARAM_MAX ||
        p->write_latency_cycles > SDRC_PARAM_MAX ||
        p->sr_overhead_ns > SDRC_PARAM_MAX) {
        return "a value is above 1000000";
    }
    if (p->sr_exit_refreshes > 8) {
        return "sr_exit_refreshes is above 8";
    }
    return NULL;
}

/* ---- Configuration -> timing in ps ----------------------------------------- */

static void derive(SdrcModel *m)
{
    const SdrcConfig *c = &m->cfg;
    uint32_t hz = c->l3_hz ? c->l3_hz : SDRC_FALLBACK_HZ;
    uint32_t tck = (uint32_t)((1000000000000ull + hz / 2) / hz);
    int p;

    m->restart_ps = m->params.clock_restart_cycles * tck;
    m->lp_delay_ps = (uint64_t)c->power.autocount * tck;
    m->lp_mode = c->power.pwdena || c->power.clkctrl == 1 ||
                 c->power.clkctrl == 2;
    m->cs1_start = (uint64_t)c->cs1_start_mb << 20;

    for (p = 0; p < SDRC_NUM_CS; p++) {
        const SdrcCsConfig *cs = &c->cs[p];
        SdrcCsDerived *d = &m->cs[p];
        LpddrTiming *t = &d->t;
        unsigned beat = cs->data_width == 16 ? 1 : 2;

        t->tck = tck;
        t->cl = cs->cas_latency * tck;
        t->wl = m->params.write_latency_cycles * tck;
        t->trcd = cs->trcd * tck;
        t->trp = cs->trp * tck;
        t->tras = cs->tras * tck;
        t->trc = cs->trc * tck;
        t->trrd = cs->trrd * tck;
        t->twr = cs->tdpl * tck;
        t->trfc = cs->trfc * tck;
        t->txsr = cs->txsr * tck;
        t->txp = cs->txp * tck;
        t->tcke = cs->tcke * tck;
        t->beat_shift = beat;
        /* a reserved burst-length code: taken as the LPDDR default, 4 */
        t->bl = cs->burst_length ? cs->burst_length : 4;

        d->ref_n = cs->refresh_burst;
        d->refi_ps = 0;
        if (d->ref_n && cs->refresh_interval) {
            /* ARE = n: n refreshes when the counter, reloaded with
             * n x ARCV, expires: the same average rate */
            d->refi_ps = (uint64_t)cs->refresh_interval * d->ref_n * tck;
            if (d->refi_ps <= (uint64_t)d->ref_n * t->trfc) {
                /* shorter than the refreshes themselves: back to back */
                d->refi_ps = (uint64_t)d->ref_n * t->trfc + tck;
            }
        }

        /* address bits: byte-in-beat, then column, bank, row (RBC), or
         * column, row, bank (BRC) */
        if (cs->bank_allocation == 0) {
            d->col_shift = beat;
            d->row_shift = beat + cs->col_bits;
            d->bank_shift = d->row_shift + cs->row_bits;
        } else {
            d->col_shift = beat;
            d->bank_shift = beat + cs->col_bits;
            d->row_shift = d->bank_shift + 2;
        }
        d->row_mask = (1u << cs->row_bits) - 1;
        d->size_mask = (1ull << (beat + cs->col_bits + cs->row_bits + 2)) - 1;
    }
}

static void update_next(SdrcModel *m);

void sdrc_configure(SdrcModel *m, const SdrcConfig *c)
{
    m->cfg = *c;
    derive(m);
    update_next(m);
}

void sdrc_init(SdrcModel *m, const SdrcParams *p, uint32_t l3_hz,
               uint64_t base)
{
    SdrcRegs r;
    SdrcConfig c;
    int k;

    memset(m, 0, sizeof(*m));
    m->params = p ? *p : sdrc_default_params;
    m->base = base;
    sdrc_n9_regs(&r);
    sdrc_decode(&r, l3_hz, &c);
    sdrc_configure(m, &c);
    for (k = 0; k < SDRC_NUM_CS; k++) {
        lpddr_rank_init(&m->rank[k]);
        m->next_ref[k] = m->cs[k].refi_ps;
    }
    update_next(m);
}

/* ---- Mapping --------------------------------------------------------------- */

static inline int map(const SdrcModel *m, uint64_t paddr, int *bank,
                      uint32_t *row)
{
    uint64_t off = paddr - m->base;
    const SdrcCsDerived *d;
    int cs = 0;

    if (m->cs1_start && off >= m->cs1_start && m->cfg.cs[1].ram_size_mb) {
        cs = 1;
        off -= m->cs1_start;
    }
    d = &m->cs[cs];
    off &= d->size_mask;
    *bank = (int)(off >> d->bank_shift) & (LPDDR_BANKS - 1);
    *row = (uint32_t)(off >> d->row_shift) & d->row_mask;
    return cs;
}

void sdrc_map(const SdrcModel *m, uint64_t paddr, int *cs, int *bank,
              uint32_t *row)
{
    *cs = map(m, paddr, bank, row);
}

int sdrc_rank_state(const SdrcModel *m, int cs)
{
    return m->rank[cs].state;
}

uint32_t sdrc_open_row(const SdrcModel *m, int cs, int bank)
{
    return m->rank[cs].bank[bank].open_row;
}

/* ---- The policy, run lazily ---------------------------------------------- */

static bool cs_used(const SdrcModel *m, int k)
{
    return m->cfg.cs[k].ram_size_mb != 0;
}

/*
 * When rank @k next enters a low-power state on its own, and which
 * (*sr: self-refresh, else power-down).  The AUTOCOUNT timer counts L3
 * clocks while the SDRC is idle; it does not run while the PRCM holds the
 * SDRC idle (its clock is stopped), nor from before the configuration
 * that asks for it.
 */
static uint64_t lp_time(const SdrcModel *m, int k, int *sr)
{
    const SdrcPowerConfig *p = &m->cfg.power;
    uint64_t base = max64(m->idle_since, m->cfg_since);

    if (m->core_idle) {
        return NEVER;
    }
    switch (m->rank[k].state) {
    case LPDDR_ACTIVE:
        if (p->pwdena) {
            *sr = 0;
            return base;
        }
        if (p->clkctrl == 1 || p->clkctrl == 2) {
            *sr = p->clkctrl == 2;
            return base + m->lp_delay_ps;
        }
        return NEVER;
    case LPDDR_POWERDOWN:
        if (p->clkctrl == 2) {
            *sr = 1;
            return base + m->lp_delay_ps;
        }
        return NEVER;
    default:
        return NEVER;
    }
}

static uint32_t pd_restart(const SdrcModel *m)
{
    return m->cfg.power.extclkdis ? m->restart_ps : 0;
}

/*
 * Rank @k leaves self-refresh, asked at @t, the controller's own steps
 * (@extra ps: clock restart, DLL) before CKE rises: the LPDDR's exit
 * (tXSR), the SDRC's overhead, then the refreshes it owes (sr_exit_
 * refreshes; its refresh counter starts again after them).  Returns when
 * the rank takes the next command.
 */
static uint64_t sr_exit(SdrcModel *m, int k, uint64_t t, uint64_t extra)
{
    LpddrRank *r = &m->rank[k];
    const SdrcCsDerived *d = &m->cs[k];
    uint64_t ready = lpddr_selfrefresh_exit(r, &d->t, t,
                                            extra +
                                            m->params.sr_overhead_ns * 1000ull);

    if (m->params.sr_exit_refreshes && d->refi_ps) {
        ready = lpddr_refresh(r, &d->t, ready, m->params.sr_exit_refreshes);
        m->cnt.refreshes += m->params.sr_exit_refreshes;
        m->ref_end[k] = ready;
    }
    m->cnt.sr_exits++;
    m->next_ref[k] = ready + d->refi_ps;
    m->sr_cause[k] = SDRC_SR_NONE;
    return ready;
}

/* Everything rank @k does on its own before @t (events at @t wait). */
static void rank_advance(SdrcModel *m, int k, uint64_t t)
{
    LpddrRank *r = &m->rank[k];
    const SdrcCsDerived *d = &m->cs[k];

    if (!cs_used(m, k)) {
        return;
    }
    for (;;) {
        uint64_t tref = (d->refi_ps && r->state != LPDDR_SELFREFRESH) ?
                        m->next_ref[k] : NEVER;
        int sr = 0;
        uint64_t tlp = lp_time(m, k, &sr);

        if (tref >= t && tlp >= t) {
            return;
        }
        if (tref <= tlp) {
            /* auto-refresh: out of power-down for it, and back in */
            int pd = r->state == LPDDR_POWERDOWN;
            uint64_t at = tref;

            if (pd) {
                at = lpddr_powerdown_exit(r, &d->t, tref, pd_restart(m));
                m->cnt.pd_exits++;
            }
            m->ref_end[k] = lpddr_refresh(r, &d->t, at, d->ref_n);
            m->cnt.refreshes += d->ref_n;
            m->next_ref[k] += d->refi_ps;
            if (pd) {
                lpddr_powerdown_enter(r, m->ref_end[k]);
                m->cnt.pd_entries++;
            }
            /*
             * A long idle: every refresh before the last one due before
             * @t finds the banks closed and nothing else to do; count
             * them at once (a division only once per such idle).
             */
            tlp = lp_time(m, k, &sr);
            if (tlp >= t && m->next_ref[k] + d->refi_ps < t) {
                uint64_t skip = (t - 1 - m->next_ref[k]) / d->refi_ps;

                m->cnt.refreshes += skip * d->ref_n;
                if (pd) {
                    m->cnt.pd_exits += skip;
                    m->cnt.pd_entries += skip;
                }
                m->next_ref[k] += skip * d->refi_ps;
            }
        } else if (!sr) {
            lpddr_powerdown_enter(r, tlp);
            m->cnt.pd_entries++;
        } else {
            if (r->state == LPDDR_POWERDOWN) {
                lpddr_powerdown_exit(r, &d->t, tlp, pd_restart(m));
                m->cnt.pd_exits++;
            }
            lpddr_selfrefresh_enter(r, &d->t, tlp);
            m->cnt.sr_entries++;
            m->sr_cause[k] = SDRC_SR_AUTO;
        }
    }
}

/*
 * The earliest time a rank does something on its own (a refresh, a
 * power-down or self-refresh entry): until then advance() has nothing to
 * do, which is the common case of an access.  Called whenever the state
 * or the configuration changes.
 */
static void update_next(SdrcModel *m)
{
    uint64_t e = NEVER;
    int k, sr;

    for (k = 0; k < SDRC_NUM_CS; k++) {
        if (!cs_used(m, k)) {
            continue;
        }
        if (m->cs[k].refi_ps && m->rank[k].state != LPDDR_SELFREFRESH) {
            e = e < m->next_ref[k] ? e : m->next_ref[k];
        }
        if (m->lp_mode) {
            uint64_t l = lp_time(m, k, &sr);

            e = e < l ? e : l;
        }
    }
    m->next_event = e;
}

/* Run every rank up to @now_ns (never backwards): the time to act at. */
static uint64_t advance(SdrcModel *m, uint64_t now_ns)
{
    uint64_t t = max64(now_ns * 1000, m->now);
    int k;

    m->now = t;
    if (t <= m->next_event) {
        return t;
    }
    for (k = 0; k < SDRC_NUM_CS; k++) {
        rank_advance(m, k, t);
    }
    update_next(m);
    return t;
}

void sdrc_sync(SdrcModel *m, uint64_t now_ns)
{
    advance(m, now_ns);
}

void sdrc_set_config(SdrcModel *m, const SdrcConfig *c, uint64_t now_ns)
{
    uint64_t t = advance(m, now_ns);
    uint64_t old_refi[SDRC_NUM_CS];
    int k;

    for (k = 0; k < SDRC_NUM_CS; k++) {
        old_refi[k] = m->cs[k].refi_ps;
    }
    if (memcmp(&c->power, &m->cfg.power, sizeof(c->power))) {
        m->cfg_since = t;
    }
    sdrc_configure(m, c);
    for (k = 0; k < SDRC_NUM_CS; k++) {
        if (!old_refi[k] && m->cs[k].refi_ps) {
            /* refresh switched on: the counter starts now */
            m->next_ref[k] = t + m->cs[k].refi_ps;
        }
    }
    update_next(m);
}

/* ---- Accesses -------------------------------------------------------------- */

uint64_t sdrc_access(SdrcModel *m, uint64_t paddr, uint32_t bytes,
                     int is_write, uint64_t now_ns)
{
    uint64_t t0 = now_ns * 1000, t, t1, end;
    const SdrcCsDerived *d;
    LpddrRank *r;
    int k, bank, outcome;
    uint32_t row;

    k = map(m, paddr, &bank, &row);
    t = advance(m, now_ns);
    r = &m->rank[k];
    d = &m->cs[k];

    /* wake the rank: its exit, or the one the PRCM started */
    t1 = t;
    if (r->state == LPDDR_POWERDOWN) {
        t1 = lpddr_powerdown_exit(r, &d->t, t, pd_restart(m));
        m->cnt.pd_exits++;
        m->cnt.pd_wait_ps += t1 - t;
    } else if (r->state == LPDDR_SELFREFRESH) {
        uint32_t extra = m->restart_ps;

        if (m->sr_cause[k] != SDRC_SR_AUTO) {
            extra += m->params.dll_relock_ns * 1000;
        }
        t1 = sr_exit(m, k, t, extra);
        m->cnt.sr_wait_ps += t1 - t;
    } else if (m->exit_end[k] > t) {
        t1 = m->exit_end[k];
        m->cnt.sr_wait_ps += t1 - t;
    } else if (m->cfg.power.extclkdis && t > m->bus_free &&
               m->ref_end[k] <= t) {
        /* EXTCLKDIS stopped the clock when the last access ended */
        t1 = t + m->restart_ps;
        m->cnt.clock_restarts++;
        m->cnt.clock_restart_ps += m->restart_ps;
    }
    if (m->ref_end[k] > t1) {
        m->cnt.refresh_delays++;
        m->cnt.refresh_wait_ps += m->ref_end[k] - t1;
    }
    t1 = max64(t1, r->ready);

    end = lpddr_access(r, &d->t, (unsigned)bank, row, is_write, bytes, t1,
                       m->bus_free, !m->cfg.power.page_policy, &outcome);
    switch (outcome) {
    case LPDDR_ROW_HIT:
        m->cnt.row_hits++;
        m->cnt.row_hit_ps += end - t1;
        break;
    case LPDDR_ROW_MISS:
        m->cnt.row_misses++;
        m->cnt.row_miss_ps += end - t1;
        break;
    default:
        m->cnt.row_conflicts++;
        m->cnt.row_conflict_ps += end - t1;
        break;
    }
    if (is_write) {
        m->cnt.writes++;
    } else {
        m->cnt.reads++;
    }
    m->bus_free = end;
    m->idle_since = end;
    m->cnt.access_ps += end - t0;
    if (m->lp_mode || r->state != LPDDR_ACTIVE || m->next_ref[k] < m->next_event) {
        update_next(m);
    }
    return sdrc_ps_to_ns(end - t0);
}

uint32_t sdrc_next_level_access(void *ctx, uint32_t paddr, uint32_t bytes,
                                int is_write, uint64_t now_ns)
{
    uint64_t ns = sdrc_access(ctx, paddr, bytes, is_write, now_ns);

    return ns > UINT32_MAX ? UINT32_MAX : (uint32_t)ns;
}

/* ---- The PRCM's idle request ------------------------------------------------ */

static void core_idle(SdrcModel *m, uint64_t now_ns, bool idle, bool off)
{
    uint64_t t = advance(m, now_ns);
    int k;

    if (idle) {
        m->core_idle = 1;
        if (!off && !m->cfg.power.srfr_on_idle_req) {
            /* the SDRAM stays up; the SDRC keeps refreshing it */
            return;
        }
        for (k = 0; k < SDRC_NUM_CS; k++) {
            LpddrRank *r = &m->rank[k];

            if (!cs_used(m, k)) {
                continue;
            }
            if (r->state != LPDDR_SELFREFRESH) {
                if (r->state == LPDDR_POWERDOWN) {
                    lpddr_powerdown_exit(r, &m->cs[k].t, t, pd_restart(m));
                    m->cnt.pd_exits++;
                }
                lpddr_selfrefresh_enter(r, &m->cs[k].t, t);
                m->cnt.sr_entries++;
            }
            /* the PRCM's request holds it now, whatever put it there */
            if (off || m->sr_cause[k] != SDRC_SR_OFF) {
                m->sr_cause[k] = off ? SDRC_SR_OFF : SDRC_SR_IDLE;
            }
        }
        return;
    }

    /* the idle request goes: the SDRC leaves idle and wakes the SDRAM */
    m->core_idle = 0;
    m->idle_since = max64(m->idle_since, t);
    for (k = 0; k < SDRC_NUM_CS; k++) {
        LpddrRank *r = &m->rank[k];

        if (r->state != LPDDR_SELFREFRESH ||
            (m->sr_cause[k] != SDRC_SR_IDLE && m->sr_cause[k] != SDRC_SR_OFF)) {
            continue;
        }
        m->exit_end[k] = sr_exit(m, k, t, m->restart_ps +
                                 m->params.dll_relock_ns * 1000ull);
        m->idle_since = max64(m->idle_since, m->exit_end[k]);
    }
}

void sdrc_core_idle(SdrcModel *m, uint64_t now_ns, bool idle, bool off)
{
    core_idle(m, now_ns, idle, off);
    update_next(m);
}

/* ---- Saving ------------------------------------------------------------------ */

/* One walk over the state for both directions, so they cannot disagree. */
static size_t visit(SdrcModel *m, uint64_t *img, int save)
{
    size_t n = 0;
    uint64_t *cnt = (uint64_t *)&m->cnt;
    size_t i;
    int k, b;

#define V(f) do { \
        if (save) { \
            img[n] = (uint64_t)(f); \
        } else { \
            (f) = img[n]; \
        } \
        n++; \
    } while (0)

    if (save) {
        img[n] = SDRC_IMAGE_VERSION;
    }
    n++;
    V(m->bus_free);
    V(m->idle_since);
    V(m->cfg_since);
    V(m->now);
    V(m->core_idle);
    for (k = 0; k < SDRC_NUM_CS; k++) {
        LpddrRank *r = &m->rank[k];

        for (b = 0; b < LPDDR_BANKS; b++) {
            V(r->bank[b].open_row);
            V(r->bank[b].act_ok);
            V(r->bank[b].pre_ok);
            V(r->bank[b].idle_at);
        }
        V(r->rrd_ok);
        V(r->ready);
        V(r->since);
        V(r->state);
        V(m->next_ref[k]);
        V(m->ref_end[k]);
        V(m->exit_end[k]);
        V(m->sr_cause[k]);
    }
    for (i = 0; i < SDRC_NUM_COUNTERS; i++) {
        V(cnt[i]);
    }
#undef V
    return n;
}

void sdrc_save(const SdrcModel *m, uint64_t img[SDRC_IMAGE_WORDS])
{
    visit((SdrcModel *)m, img, 1);
}

bool sdrc_load(SdrcModel *m, const uint64_t img[SDRC_IMAGE_WORDS])
{
    if (img[0] != SDRC_IMAGE_VERSION) {
        return false;
    }
    visit(m, (uint64_t *)img, 0);
    update_next(m);
    return true;
}

/* The counters' names (the machine's QOM and statistics names) */
#define COUNTER(n, f, ps) \
    { n, offsetof(SdrcCounters, f) / sizeof(uint64_t), ps }

const SdrcCounterKey sdrc_counter_keys[] = {
    COUNTER("reads", reads, false),
    COUNTER("writes", writes, false),
    COUNTER("access-ns", access_ps, true),
    COUNTER("row-hits", row_hits, false),
    COUNTER("row-misses", row_misses, false),
    COUNTER("row-conflicts", row_conflicts, false),
    COUNTER("row-hit-ns", row_hit_ps, true),
    COUNTER("row-miss-ns", row_miss_ps, true),
    COUNTER("row-conflict-ns", row_conflict_ps, true),
    COUNTER("refreshes", refreshes, false),
    COUNTER("refresh-delays", refresh_delays, false),
    COUNTER("refresh-wait-ns", refresh_wait_ps, true),
    COUNTER("pd-entries", pd_entries, false),
    COUNTER("pd-exits", pd_exits, false),
    COUNTER("pd-wait-ns", pd_wait_ps, true),
    COUNTER("sr-entries", sr_entries, false),
    COUNTER("sr-exits", sr_exits, false),
    COUNTER("sr-wait-ns", sr_wait_ps, true),
    COUNTER("clock-restarts", clock_restarts, false),
    COUNTER("clock-restart-ns", clock_restart_ps, true),
};
const unsigned sdrc_num_counter_keys =
    sizeof(sdrc_counter_keys) / sizeof(sdrc_counter_keys[0]);

uint64_t sdrc_counter_value(const SdrcModel *m, const SdrcCounterKey *k)
{
    uint64_t v = ((const uint64_t *)&m->cnt)[k->index];

    /* a time in ps, shown in ns */
    return k->ps ? (v + 500) / 1000 : v;
}
