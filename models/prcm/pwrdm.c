/*
 * OMAP3630 power and clock domains as state machines (plain C99).
 * See pwrdm.h for what is modelled.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "pwrdm.h"

#include <string.h>

enum pd_kind {
    PD_PROG,        /* PM_PWSTCTRL decides the state when idle */
    PD_ALWAYS_ON,   /* wkup and the DPLL domains */
    PD_AUTO,        /* emu: ON while its clock domain is active, else OFF */
};

struct pd_info {
    const char *name;
    uint8_t kind;
    uint8_t banks;          /* memory banks (Linux's pwrdm->banks) */
    uint8_t primary_cd;     /* the clock domain a wake-up event wakes */
    bool sar;               /* PWSTCTRL has SAVEANDRESTORE */
    uint32_t wkdep_mask;    /* PM_WKDEP bits (TRM reset: all set) */
    uint32_t sleepdep_mask; /* CM_SLEEPDEP bits (TRM reset: all set) */
    uint32_t src_bit;       /* this domain's bit in other PM_WKDEP */
};

static const struct pd_info pd_info[PRCM_NUM_PWRDM] = {
    [PRCM_PD_WKUP] = { "wkup", PD_ALWAYS_ON, 0, PRCM_CD_WKUP, false,
                       0, 0, PRCM_WKDEP_EN_WKUP },
    [PRCM_PD_IVA2] = { "iva2", PD_PROG, 4, PRCM_CD_IVA2, false,
                       0xb3, 0, PRCM_WKDEP_EN_IVA2 },
    [PRCM_PD_MPU] = { "mpu", PD_PROG, 1, PRCM_CD_MPU, false,
                      0xa5, 0, PRCM_WKDEP_EN_MPU },
    [PRCM_PD_NEON] = { "neon", PD_PROG, 0, PRCM_CD_NEON, false,
                       0x02, 0, 0 },
    [PRCM_PD_CAM] = { "cam", PD_PROG, 1, PRCM_CD_CAM, false,
                      0x16, 0x02, 0 },
    [PRCM_PD_DSS] = { "dss", PD_PROG, 1, PRCM_CD_DSS, false,
                      0x16, 0x06, PRCM_WKDEP_EN_DSS },
    [PRCM_PD_PER] = { "per", PD_PROG, 1, PRCM_CD_PER, false,
                      0x17, 0x06, PRCM_WKDEP_EN_PER },
    [PRCM_PD_EMU] = { "emu", PD_AUTO, 0, PRCM_CD_EMU, false, 0, 0, 0 },
    [PRCM_PD_DPLL1] = { "dpll1", PD_ALWAYS_ON, 0, PRCM_CD_DPLL1, false,
                        0, 0, 0 },
    [PRCM_PD_DPLL2] = { "dpll2", PD_ALWAYS_ON, 0, PRCM_CD_DPLL2, false,
                        0, 0, 0 },
    [PRCM_PD_DPLL3] = { "dpll3", PD_ALWAYS_ON, 0, PRCM_CD_DPLL3, false,
                        0, 0, 0 },
    [PRCM_PD_DPLL4] = { "dpll4", PD_ALWAYS_ON, 0, PRCM_CD_DPLL4, false,
                        0, 0, 0 },
    [PRCM_PD_DPLL5] = { "dpll5", PD_ALWAYS_ON, 0, PRCM_CD_DPLL5, false,
                        0, 0, 0 },
    [PRCM_PD_CORE] = { "core", PD_PROG, 2, PRCM_CD_CORE_L4, true,
                       0, 0, PRCM_WKDEP_EN_CORE },
    [PRCM_PD_SGX] = { "sgx", PD_PROG, 1, PRCM_CD_SGX, false,
                      0x16, 0x02, 0 },
    [PRCM_PD_USBHOST] = { "usbhost", PD_PROG, 1, PRCM_CD_USBHOST, true,
                          0x17, 0x06, 0 },
};

enum cd_kind {
    CD_PLAIN,       /* active on its own demands */
    CD_MPU,         /* active while the MPU is not in WFI */
    CD_NEON,        /* clocked with the MPU */
    CD_CORE,        /* the L3/L4 interconnect: every other domain needs it */
};

struct cd_info {
    const char *name;
    uint8_t pd;
    uint8_t kind;
    bool has_ctrl;          /* has a CM_CLKSTCTRL field */
};

static const struct cd_info cd_info[PRCM_NUM_CLKDM] = {
    [PRCM_CD_WKUP] = { "wkup", PRCM_PD_WKUP, CD_PLAIN, false },
    [PRCM_CD_IVA2] = { "iva2", PRCM_PD_IVA2, CD_PLAIN, true },
    [PRCM_CD_MPU] = { "mpu", PRCM_PD_MPU, CD_MPU, true },
    [PRCM_CD_NEON] = { "neon", PRCM_PD_NEON, CD_NEON, true },
    [PRCM_CD_CAM] = { "cam", PRCM_PD_CAM, CD_PLAIN, true },
    [PRCM_CD_DSS] = { "dss", PRCM_PD_DSS, CD_PLAIN, true },
    [PRCM_CD_PER] = { "per", PRCM_PD_PER, CD_PLAIN, true },
    [PRCM_CD_EMU] = { "emu", PRCM_PD_EMU, CD_PLAIN, true },
    [PRCM_CD_DPLL1] = { "dpll1", PRCM_PD_DPLL1, CD_PLAIN, false },
    [PRCM_CD_DPLL2] = { "dpll2", PRCM_PD_DPLL2, CD_PLAIN, false },
    [PRCM_CD_DPLL3] = { "dpll3", PRCM_PD_DPLL3, CD_PLAIN, false },
    [PRCM_CD_DPLL4] = { "dpll4", PRCM_PD_DPLL4, CD_PLAIN, false },
    [PRCM_CD_DPLL5] = { "dpll5", PRCM_PD_DPLL5, CD_PLAIN, false },
    [PRCM_CD_CORE_L3] = { "core_l3", PRCM_PD_CORE, CD_CORE, true },
    [PRCM_CD_CORE_L4] = { "core_l4", PRCM_PD_CORE, CD_CORE, true },
    [PRCM_CD_D2D] = { "d2d", PRCM_PD_CORE, CD_PLAIN, true },
    [PRCM_CD_SGX] = { "sgx", PRCM_PD_SGX, CD_PLAIN, true },
    [PRCM_CD_USBHOST] = { "usbhost", PRCM_PD_USBHOST, CD_PLAIN, true },
};

/*
 * Clock domains that cannot be active while CORE sleeps (the TRM's static
 * sleep dependencies on CORE: they reach memory and their registers through
 * the L3/L4 interconnect).  WKUP is not among them: GPT1 and the 32 kHz
 * counter run with CORE in RET/OFF.
 */
static const uint8_t core_dependents[] = {
    PRCM_CD_MPU, PRCM_CD_IVA2, PRCM_CD_SGX, PRCM_CD_DSS, PRCM_CD_CAM,
    PRCM_CD_PER, PRCM_CD_USBHOST,
};

static bool pd_valid(int pd)
{
    return pd >= 0 && pd < PRCM_NUM_PWRDM;
}

static bool cd_valid(int cd)
{
    return cd >= 0 && cd < PRCM_NUM_CLKDM;
}

const char *prcm_pwrdm_name(int pd)
{
    return pd_valid(pd) ? pd_info[pd].name : "?";
}

const char *prcm_clkdm_name(int cd)
{
    return cd_valid(cd) ? cd_info[cd].name : "?";
}

int prcm_clkdm_pwrdm(int cd)
{
    return cd_valid(cd) ? cd_info[cd].pd : -1;
}

int prcm_pwrdm_banks(int pd)
{
    return pd_valid(pd) ? pd_info[pd].banks : 0;
}

bool prcm_pwrdm_programmable(int pd)
{
    return pd_valid(pd) && pd_info[pd].kind == PD_PROG;
}

/* Writable bits of PM_PWSTCTRL; also its reset value apart from bit 4. */
static uint32_t pwstctrl_wmask(int pd)
{
    uint32_t v = PRCM_POWERSTATE_MASK | PRCM_LOGICRETSTATE;
    int i;

    if (pd_info[pd].sar) {
        v |= PRCM_SAVEANDRESTORE;
    }
    for (i = 0; i < pd_info[pd].banks; i++) {
        v |= PRCM_MEMRET(i) | (3u << PRCM_MEMON_SHIFT(i));
    }
    return v;
}

/* Fields of PM_PREPWSTST (same layout as PM_PWSTST without INTRANSITION) */
static uint32_t prepwstst_mask(int pd)
{
    uint32_t v = PRCM_POWERSTATE_MASK | PRCM_LOGICRETSTATE;
    int i;

    for (i = 0; i < pd_info[pd].banks; i++) {
        v |= 3u << PRCM_MEMST_SHIFT(i);
    }
    return v;
}

/*
 * PM_PWSTST code of domain pd in power state st: POWERSTATEST, logic
 * (1 = on/retained) and per bank the memory state (3 on, 1 ret, 0 off),
 * from the ON/RET settings of PM_PWSTCTRL.
 */
static uint32_t encode_state(const PrcmModel *m, int pd, int st)
{
    uint32_t ctrl = m->pwstctrl[pd];
    bool on = st >= PRCM_PWRST_INACTIVE;
    uint32_t v = (uint32_t)st;
    int i;

    if (on || (st == PRCM_PWRST_RET && (ctrl & PRCM_LOGICRETSTATE))) {
        v |= PRCM_LOGICRETSTATE;
    }
    for (i = 0; i < pd_info[pd].banks; i++) {
        uint32_t mem;

        if (on) {
            mem = (ctrl >> PRCM_MEMON_SHIFT(i)) & 3;
        } else if (st == PRCM_PWRST_RET && (ctrl & PRCM_MEMRET(i))) {
            mem = 1;
        } else {
            mem = 0;
        }
        v |= mem << PRCM_MEMST_SHIFT(i);
    }
    return v;
}

static unsigned cd_mode(const PrcmModel *m, int cd)
{
    return cd_info[cd].has_ctrl ? m->clktrctrl[cd] : PRCM_CLKTR_HW_AUTO;
}

/* Demands of the clock domain itself: functional clock, wake-up event */
static bool cd_own_demand(const PrcmModel *m, int cd)
{
    int pd = cd_info[cd].pd;

    return m->fclk[cd] ||
           (pd_info[pd].primary_cd == cd && m->wake_pending[pd]);
}

/* Would clock domain cd be active, given the activity 'act' of the others? */
static bool cd_wants(const PrcmModel *m, int cd, const uint8_t *act,
                     bool sleepdeps)
{
    uint32_t sd = m->sleepdep[cd_info[cd].pd];
    bool want = cd_own_demand(m, cd);
    size_t i;

    switch (cd_info[cd].kind) {
    case CD_MPU:
        want = want || !m->mpu_standby;
        break;
    case CD_NEON:
        want = want || act[PRCM_CD_MPU];
        break;
    case CD_CORE:
        for (i = 0; i < sizeof(core_dependents); i++) {
            want = want || act[core_dependents[i]];
        }
        break;
    default:
        break;
    }
    if (sleepdeps && m->active[cd]) {
        /*
         * CM_SLEEPDEP: an active clock domain may not idle while the MPU /
         * IVA2 is active.  It only holds a domain awake, it does not wake
         * one (that is PM_WKDEP's job).
         */
        if ((sd & PRCM_SLEEPDEP_EN_MPU) && act[PRCM_CD_MPU]) {
            want = true;
        }
        if ((sd & PRCM_SLEEPDEP_EN_IVA2) && act[PRCM_CD_IVA2]) {
            want = true;
        }
    }
    return want;
}

static bool cd_eval(const PrcmModel *m, int cd, const uint8_t *act)
{
    switch (cd_mode(m, cd)) {
    case PRCM_CLKTR_FORCE_WAKEUP:
        return true;
    case PRCM_CLKTR_NO_SLEEP:
        /* no sleep transition starts; a wake-up transition still can */
        return m->active[cd] || cd_wants(m, cd, act, true);
    case PRCM_CLKTR_FORCE_SLEEP:
        /* sleeps unless a module still has its functional clock */
        return cd_wants(m, cd, act, false);
    default:
        return cd_wants(m, cd, act, true);
    }
}

/*
 * Activity of every clock domain: the least fixed point of the rules
 * above (all of them are monotonic in the activity of the others), so a
 * ring of dependencies with no demand in it stays idle.
 */
static void compute_activity(PrcmModel *m)
{
    uint8_t act[PRCM_NUM_CLKDM];
    bool changed;
    int cd;

    memset(act, 0, sizeof(act));
    do {
        changed = false;
        for (cd = 0; cd < PRCM_NUM_CLKDM; cd++) {
            if (!act[cd] && cd_eval(m, cd, act)) {
                act[cd] = 1;
                changed = true;
            }
        }
    } while (changed);
    memcpy(m->active, act, sizeof(act));
    if (m->in_window) {
        uint32_t busy = 0;

        for (cd = 0; cd < PRCM_NUM_CLKDM; cd++) {
            if (act[cd]) {
                busy |= 1u << cd_info[cd].pd;
            }
        }
        m->win_pd_idle |= ~busy & ((1u << PRCM_NUM_PWRDM) - 1);
    }
}

static bool pd_active(const PrcmModel *m, int pd)
{
    int cd;

    for (cd = 0; cd < PRCM_NUM_CLKDM; cd++) {
        if (cd_info[cd].pd == pd && m->active[cd]) {
            return true;
        }
    }
    return false;
}

/* The state domain pd settles in, given the clock domain activity. */
static int pd_target(const PrcmModel *m, int pd)
{
    int req = (int)(m->pwstctrl[pd] & PRCM_POWERSTATE_MASK);
    int cur = m->state[pd];
    bool active = pd_active(m, pd);

    switch (pd_info[pd].kind) {
    case PD_ALWAYS_ON:
        return PRCM_PWRST_ON;
    case PD_AUTO:
        return active ? PRCM_PWRST_ON : PRCM_PWRST_OFF;
    default:
        break;
    }
    if (active || req == PRCM_PWRST_ON) {
        return PRCM_PWRST_ON;
    }
    if (cur >= PRCM_PWRST_INACTIVE) {
        return req;
    }
    /* asleep: it leaves RET/OFF only by waking up */
    return cur;
}

static void transition(PrcmModel *m, int pd, int to)
{
    int from = m->state[pd];

    m->state[pd] = (uint8_t)to;
    m->entries[pd][to]++;
    if (to < from) {
        /* PM_PREPWSTST: the low-power state entered */
        uint32_t rec = encode_state(m, pd, to) & prepwstst_mask(pd);

        if (m->in_window) {
            if (to < m->win_min[pd]) {
                m->win_min[pd] = (uint8_t)to;
                m->win_rec[pd] = rec;
            }
        } else {
            m->prepwstst[pd] = rec;
            m->reported[pd][to]++;
        }
    }
    if (m->notify) {
        m->notify(m->notify_opaque, pd, from, to);
    }
}

static void apply_power_states(PrcmModel *m)
{
    int pd;

    for (pd = 0; pd < PRCM_NUM_PWRDM; pd++) {
        int to = pd_target(m, pd);

        if (to != m->state[pd]) {
            transition(m, pd, to);
        }
    }
}

/*
 * Bring every domain to where its rules put it.  'events' is the set of
 * power domains that just received a wake-up event: each domain with a
 * PM_WKDEP bit for such a source is powered up (and is itself a source in
 * turn); if nothing keeps it awake it goes back to sleep at once.
 */
static void settle(PrcmModel *m, uint32_t events)
{
    uint32_t pulsed = 0;
    int src, pd;

    compute_activity(m);
    apply_power_states(m);

    while (events) {
        for (src = 0; src < PRCM_NUM_PWRDM; src++) {
            uint32_t bit = pd_info[src].src_bit;

            if (!(events & (1u << src))) {
                continue;
            }
            events &= ~(1u << src);
            if (!bit) {
                continue;
            }
            for (pd = 0; pd < PRCM_NUM_PWRDM; pd++) {
                if (pd == src || (pulsed & (1u << pd)) ||
                    !(m->wkdep[pd] & bit)) {
                    continue;
                }
                pulsed |= 1u << pd;
                if (m->state[pd] < PRCM_PWRST_ON) {
                    transition(m, pd, PRCM_PWRST_ON);
                    events |= 1u << pd;
                }
                /* the woken domain's clock domain is active again */
                if (cd_mode(m, pd_info[pd].primary_cd) !=
                    PRCM_CLKTR_FORCE_SLEEP) {
                    m->active[pd_info[pd].primary_cd] = 1;
                }
            }
        }
    }
    if (pulsed) {
        compute_activity(m);
        apply_power_states(m);
    }
}

void prcm_reset(PrcmModel *m)
{
    int pd, cd;

    for (pd = 0; pd < PRCM_NUM_PWRDM; pd++) {
        m->pwstctrl[pd] = pd_info[pd].kind == PD_PROG ?
                          pwstctrl_wmask(pd) & ~PRCM_SAVEANDRESTORE : 0;
        m->state[pd] = PRCM_PWRST_ON;
        m->prepwstst[pd] = encode_state(m, pd, PRCM_PWRST_ON) &
                           prepwstst_mask(pd);
        m->wkdep[pd] = pd_info[pd].wkdep_mask;
        m->sleepdep[pd] = pd_info[pd].sleepdep_mask;
        m->wake_pending[pd] = 0;
        m->win_min[pd] = PRCM_PWRST_ON;
        m->win_rec[pd] = m->prepwstst[pd];
        m->win_start[pd] = PRCM_PWRST_ON;
        memset(m->entries[pd], 0, sizeof(m->entries[pd]));
        memset(m->reported[pd], 0, sizeof(m->reported[pd]));
    }
    for (cd = 0; cd < PRCM_NUM_CLKDM; cd++) {
        m->clktrctrl[cd] = cd_info[cd].has_ctrl ? PRCM_CLKTR_NO_SLEEP
                                                : PRCM_CLKTR_HW_AUTO;
        m->fclk[cd] = 0;
        m->active[cd] = 1;
    }
    m->mpu_standby = 0;
    m->in_window = 0;
    m->win_pd_idle = 0;
    settle(m, 0);
}

void prcm_set_notify(PrcmModel *m, PrcmNotifyFn *fn, void *opaque)
{
    m->notify = fn;
    m->notify_opaque = opaque;
}

void prcm_write_pwstctrl(PrcmModel *m, int pd, uint32_t val)
{
    if (!prcm_pwrdm_programmable(pd)) {
        return;
    }
    m->pwstctrl[pd] = val & pwstctrl_wmask(pd);
    settle(m, 0);
}

uint32_t prcm_read_pwstctrl(const PrcmModel *m, int pd)
{
    if (!pd_valid(pd)) {
        return 0;
    }
    if (pd_info[pd].kind == PD_ALWAYS_ON) {
        return PRCM_PWRST_ON;
    }
    return m->pwstctrl[pd];
}

uint32_t prcm_read_pwstst(const PrcmModel *m, int pd)
{
    /* transitions complete at once: INTRANSITION always reads 0 */
    return pd_valid(pd) ? encode_state(m, pd, m->state[pd]) : 0;
}

uint32_t prcm_read_prepwstst(const PrcmModel *m, int pd)
{
    return pd_valid(pd) ? m->prepwstst[pd] : 0;
}

void prcm_write_prepwstst(PrcmModel *m, int pd, uint32_t val)
{
    uint32_t fields, f;
    int i;

    if (!pd_valid(pd)) {
        return;
    }
    /*
     * TRM: LASTPOWERSTATEENTERED "set to 0x3 upon write of the same only";
     * the same for the logic and memory fields.  Linux writes 0 before each
     * idle (omap3_pwrdm_clear_all_prev_pwrst): that leaves the field alone,
     * and the next sleep attempt records what really happened.
     */
    fields = prepwstst_mask(pd);
    for (i = 0; i < 2 + 4; i++) {
        if (i == 0) {
            f = PRCM_POWERSTATE_MASK;
        } else if (i == 1) {
            f = PRCM_LOGICRETSTATE;
        } else {
            f = 3u << PRCM_MEMST_SHIFT(i - 2);
        }
        if ((f & fields) == f && (val & f) == f) {
            m->prepwstst[pd] |= f;
        }
    }
}

void prcm_write_wkdep(PrcmModel *m, int pd, uint32_t val)
{
    if (pd_valid(pd)) {
        m->wkdep[pd] = val & pd_info[pd].wkdep_mask;
    }
}

uint32_t prcm_read_wkdep(const PrcmModel *m, int pd)
{
    return pd_valid(pd) ? m->wkdep[pd] : 0;
}

void prcm_write_clktrctrl(PrcmModel *m, int cd, unsigned mode)
{
    if (!cd_valid(cd) || !cd_info[cd].has_ctrl) {
        return;
    }
    m->clktrctrl[cd] = (uint8_t)(mode & 3);
    settle(m, 0);
}

unsigned prcm_read_clktrctrl(const PrcmModel *m, int cd)
{
    return cd_valid(cd) ? cd_mode(m, cd) : 0;
}

void prcm_set_fclk(PrcmModel *m, int cd, bool enabled)
{
    if (!cd_valid(cd) || m->fclk[cd] == enabled) {
        return;
    }
    m->fclk[cd] = enabled;
    settle(m, 0);
}

void prcm_write_sleepdep(PrcmModel *m, int pd, uint32_t val)
{
    if (!pd_valid(pd)) {
        return;
    }
    m->sleepdep[pd] = val & pd_info[pd].sleepdep_mask;
    settle(m, 0);
}

uint32_t prcm_read_sleepdep(const PrcmModel *m, int pd)
{
    return pd_valid(pd) ? m->sleepdep[pd] : 0;
}

bool prcm_clkdm_active(const PrcmModel *m, int cd)
{
    return cd_valid(cd) && m->active[cd];
}

void prcm_mpu_wfi(PrcmModel *m)
{
    int pd;

    if (m->mpu_standby) {
        return;
    }
    m->mpu_standby = 1;
    /* open the sleep attempt: PM_PREPWSTST will report its lowest state */
    m->in_window = 1;
    m->win_pd_idle = 0;
    for (pd = 0; pd < PRCM_NUM_PWRDM; pd++) {
        m->win_start[pd] = m->state[pd];
        m->win_min[pd] = m->state[pd];
        m->win_rec[pd] = encode_state(m, pd, m->state[pd]) &
                         prepwstst_mask(pd);
    }
    settle(m, 0);
}

void prcm_mpu_wakeup(PrcmModel *m)
{
    int pd;

    if (!m->mpu_standby) {
        return;
    }
    m->mpu_standby = 0;
    settle(m, 1u << PRCM_PD_MPU);
    if (m->in_window) {
        for (pd = 0; pd < PRCM_NUM_PWRDM; pd++) {
            m->prepwstst[pd] = m->win_rec[pd];
            if (m->win_min[pd] < m->win_start[pd]) {
                m->reported[pd][m->win_min[pd]]++;
            }
        }
        m->in_window = 0;
    }
}

void prcm_set_wakeup_pending(PrcmModel *m, int pd, bool pending)
{
    bool rise;

    if (!pd_valid(pd)) {
        return;
    }
    rise = pending && !m->wake_pending[pd];
    m->wake_pending[pd] = pending;
    settle(m, rise ? 1u << pd : 0);
}

int prcm_window_min(const PrcmModel *m, int pd)
{
    if (!pd_valid(pd)) {
        return -1;
    }
    return m->in_window ? m->win_min[pd] : m->state[pd];
}

bool prcm_window_pwrdm_idled(const PrcmModel *m, int pd)
{
    return pd_valid(pd) && m->in_window && (m->win_pd_idle & (1u << pd));
}

int prcm_pwrdm_state(const PrcmModel *m, int pd)
{
    return pd_valid(pd) ? m->state[pd] : -1;
}

int prcm_pwrdm_prev_state(const PrcmModel *m, int pd)
{
    return pd_valid(pd) ? (int)(m->prepwstst[pd] & PRCM_POWERSTATE_MASK)
                        : -1;
}
