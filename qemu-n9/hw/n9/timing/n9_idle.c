/*
 * qemu-n9 idle-walk counters (see n9_idle.h).
 *
 * An idle entry opens when the vCPU reaches the enter function (an
 * instruction hook, include/exec/insn-hook.h) and closes when it reaches
 * the return address the entry had in LR.  Its phases: before WFI (from the
 * entry to the MPU's STANDBYWFI), in WFI (to the moment the PRCM lets the
 * MPU run again, the wake-up latency included) and after the wake-up (to
 * the return).  At each boundary the register-group counters of every
 * agent are read, and the difference is this entry's accesses of the
 * phase.  An entry without WFI (the kernel found an interrupt pending)
 * has only the "before" phase.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qapi/error.h"
#include "qemu/error-report.h"
#include "qemu/main-loop.h"
#include "qemu/timer.h"
#include "qom/object.h"
#include "hw/qdev-properties.h"
#include "hw/resettable.h"
#include "qobject/qdict.h"
#include "qobject/qnum.h"
#include "hw/core/cpu.h"
#include "system/reset.h"
#include "exec/insn-hook.h"
#include "target/arm/cpu.h"
#include "elf.h"
#include "n9_idle.h"
#include "n9_agent.h"
#include "n9_record.h"
#include "omap3_prcm.h"
#include "models/prcm/pwrdm.h"
#include "trace.h"

#define N9_IDLE_MAX_STATES  10          /* CPUIDLE_STATE_MAX */

enum { PH_BEFORE, PH_AFTER, PH_NUM };

/*
 * Wake-up sources: the INTC line that woke the MPU, and two more: none (no
 * WFI) and the I/O daisy chain (the PRCM's interrupt while the SCM's pad
 * latches request a wake-up, PM_WKST_WKUP.ST_IO: a UART RX pad, ...).
 */
#define WAKE_NONE       OMAP3_NUM_IRQS
#define WAKE_IO_CHAIN   (OMAP3_NUM_IRQS + 1)
#define WAKE_NUM        (OMAP3_NUM_IRQS + 2)

typedef struct N9IdleCount {
    uint64_t reads, writes, read_ns, write_ns;
} N9IdleCount;

/* The counters of one C-state: child object "C<n>" of the idle walk */
#define TYPE_N9_IDLE_STATE "n9-idle-state"
OBJECT_DECLARE_SIMPLE_TYPE(N9IdleState, N9_IDLE_STATE)

struct N9IdleState {
    Object parent_obj;

    uint64_t entries;
    uint64_t demoted;           /* asked for a deeper state */
    uint64_t no_wfi;            /* returned without WFI */
    uint64_t before_ns, wfi_ns, after_ns, wake_ns;  /* sums */
    uint64_t reached[PRCM_NUM_PWRDM][4];    /* lowest state per entry */
    uint64_t wake_irq[WAKE_NUM];        /* by wake-up source */
    N9IdleCount *acc;           /* [PH_NUM][ngroups] */
    N9IdleCount pwrst[PH_NUM];  /* power-state registers (PRCM) */
};

struct N9IdleWalk {
    DeviceState parent_obj;

    /* Links and properties, set by the board before realize */
    OMAP3630State *soc;         /* link "soc": whose walk it counts */
    char *symbols;              /* "symbols": System.map or vmlinux */
    char *enter;                /* "enter": the boundary function */
    char *trace_file;           /* "trace-file": the trace, or NULL */

    uint64_t enter_pc;
    GArray *ret_pcs;            /* return addresses with a hook */
    unsigned ngroups;
    N9AgentGroup **groups;
    const char **group_agent;   /* the agent of each group */
    N9IdleCount *snap;          /* [ngroups]: at the phase's start */
    N9IdleCount *cur;           /* [PH_NUM][ngroups]: this entry */
    N9IdleCount pwrst_snap, pwrst_cur[PH_NUM];
    N9IdleState *state[N9_IDLE_MAX_STATES];
    Notifier prcm_listener;

    /* the open entry */
    bool open;
    int phase;                  /* PH_BEFORE, -1 in WFI, PH_AFTER */
    int req;
    uint64_t ret_pc;
    int64_t t_enter, t_wfi, t_running;
    uint64_t wake_ns;
    int wake_irq;
    uint8_t min_state[PRCM_NUM_PWRDM];

    /* totals */
    uint64_t entries, lost, rejected;

    /* the trace file */
    FILE *trace;
    bool trace_first;
    int64_t pd_since[PRCM_NUM_PWRDM];
};

/* ---- Symbols -------------------------------------------------------------- */

static bool n9_symbols_elf(const char *file, const uint8_t *d, size_t len,
                           const char *name, uint64_t *addr, Error **errp)
{
    const Elf32_Ehdr *eh = (const void *)d;
    const Elf32_Shdr *sh;
    int i;

    if (len < sizeof(*eh) || eh->e_ident[EI_CLASS] != ELFCLASS32 ||
        eh->e_ident[EI_DATA] != ELFDATA2LSB || eh->e_machine != EM_ARM ||
        eh->e_shoff + (uint64_t)eh->e_shnum * sizeof(*sh) > len) {
        error_setg(errp, "%s: not a 32-bit little-endian ARM ELF file", file);
        return false;
    }
    sh = (const void *)(d + eh->e_shoff);
    for (i = 0; i < eh->e_shnum; i++) {
        const Elf32_Shdr *str;
        const Elf32_Sym *sym;
        size_t n, j;

        if (sh[i].sh_type != SHT_SYMTAB || sh[i].sh_link >= eh->e_shnum) {
            continue;
        }
        str = &sh[sh[i].sh_link];
        if (sh[i].sh_offset + (uint64_t)sh[i].sh_size > len ||
            str->sh_offset + (uint64_t)str->sh_size > len) {
            break;
        }
        sym = (const void *)(d + sh[i].sh_offset);
        n = sh[i].sh_size / sizeof(*sym);
        for (j = 0; j < n; j++) {
            if (sym[j].st_name < str->sh_size &&
                !strncmp((const char *)d + str->sh_offset + sym[j].st_name,
                         name, str->sh_size - sym[j].st_name) &&
                ELF32_ST_TYPE(sym[j].st_info) == STT_FUNC) {
                *addr = sym[j].st_value & ~1u;      /* Thumb bit */
                return true;
            }
        }
        error_setg(errp, "%s: no function '%s' in its symbol table", file,
                   name);
        return false;
    }
    error_setg(errp, "%s: no symbol table (built without symbols, or "
               "stripped?)", file);
    return false;
}

bool n9_symbols_lookup(const char *file, const char *name, uint64_t *addr,
                       Error **errp)
{
    g_autofree char *text = NULL;
    g_autoptr(GError) gerr = NULL;
    g_auto(GStrv) lines = NULL;
    gsize len;

    if (!g_file_get_contents(file, &text, &len, &gerr)) {
        error_setg(errp, "symbol file %s: %s", file, gerr->message);
        return false;
    }
    if (len >= SELFMAG && !memcmp(text, ELFMAG, SELFMAG)) {
        return n9_symbols_elf(file, (const uint8_t *)text, len, name, addr,
                              errp);
    }
    /* System.map: "c0123456 T name" per line */
    lines = g_strsplit(text, "\n", -1);
    for (int i = 0; lines[i]; i++) {
        char type, sym[256];
        unsigned long long v;

        if (!lines[i][0]) {
            continue;
        }
        if (sscanf(lines[i], "%llx %c %255s", &v, &type, sym) != 3) {
            error_setg(errp, "symbol file %s, line %d: not a System.map "
                       "line ('address type name') nor an ELF file",
                       file, i + 1);
            return false;
        }
        if (!strcmp(sym, name) && strchr("tTwW", type)) {
            *addr = v & ~1ull;
            return true;
        }
    }
    error_setg(errp, "symbol file %s: no function '%s' (is this the "
               "System.map of the kernel you boot?)", file, name);
    return false;
}

/* ---- Counting -------------------------------------------------------------- */

static void n9_idle_snapshot(N9IdleWalk *w)
{
    omap3_prcm_pwrst_accesses(&w->soc->prcm, &w->pwrst_snap.reads,
                              &w->pwrst_snap.writes);
    for (unsigned i = 0; i < w->ngroups; i++) {
        const N9AgentCounters *c = &w->groups[i]->c;

        w->snap[i] = (N9IdleCount) {
            c->reads, c->writes, c->read_ns, c->write_ns,
        };
    }
}

/* Add what the groups counted since the snapshot to phase @ph */
static void n9_idle_take(N9IdleWalk *w, int ph)
{
    N9IdleCount *cur = &w->cur[ph * w->ngroups];
    uint64_t r, wr;

    omap3_prcm_pwrst_accesses(&w->soc->prcm, &r, &wr);
    w->pwrst_cur[ph].reads += r - w->pwrst_snap.reads;
    w->pwrst_cur[ph].writes += wr - w->pwrst_snap.writes;
    for (unsigned i = 0; i < w->ngroups; i++) {
        const N9AgentCounters *c = &w->groups[i]->c;

        cur[i].reads += c->reads - w->snap[i].reads;
        cur[i].writes += c->writes - w->snap[i].writes;
        cur[i].read_ns += c->read_ns - w->snap[i].read_ns;
        cur[i].write_ns += c->write_ns - w->snap[i].write_ns;
    }
    n9_idle_snapshot(w);
}

static const char *const pwrst_name[4] = { "OFF", "RET", "INACTIVE", "ON" };

/*
 * A step of the walk in the trace (-M rm696,record=, N9T_IDLE): where the
 * entry's phases begin and end among the register accesses, so that a
 * replay rebuilds the per-entry figures with its own costs
 * (docs/trace-format.md).
 */
static void n9_idle_record(int op, int64_t now, uint64_t value,
                           uint64_t a0, uint64_t a1, const N9IdleWalk *w)
{
    n9trace_event ev = {
        .type = N9T_IDLE, .flags = op, .time_ns = now, .value = value,
        .a = { a0, a1 },
    };

    if (!n9_record_writer) {
        return;
    }
    if (op == N9T_IDLE_CLOSE) {
        ev.a[0] = w->pwrst_cur[PH_BEFORE].reads;
        ev.a[1] = w->pwrst_cur[PH_BEFORE].writes;
        ev.a[2] = w->pwrst_cur[PH_AFTER].reads;
        ev.a[3] = w->pwrst_cur[PH_AFTER].writes;
        for (int pd = 0; pd < PRCM_NUM_PWRDM; pd++) {
            ev.a[4] |= (uint64_t)(w->min_state[pd] & 3) << (2 * pd);
        }
    }
    n9_record_put(&ev);
}

/* ---- Trace file (Chrome trace event format, opens in ui.perfetto.dev) ---- */

enum { TID_IDLE = 1, TID_WFI = 2, TID_WAKE = 3, TID_PWRDM = 10 };

static void n9_idle_trace(N9IdleWalk *w, const char *fmt, ...)
    G_GNUC_PRINTF(2, 3);

static void n9_idle_trace(N9IdleWalk *w, const char *fmt, ...)
{
    va_list ap;

    if (!w->trace) {
        return;
    }
    fputs(w->trace_first ? "\n" : ",\n", w->trace);
    w->trace_first = false;
    va_start(ap, fmt);
    vfprintf(w->trace, fmt, ap);
    va_end(ap);
}

/* A span [@t0, @t1) on track @tid, in µs */
static void n9_idle_trace_span(N9IdleWalk *w, int tid, const char *name,
                               int64_t t0, int64_t t1, const char *args)
{
    n9_idle_trace(w, "{\"name\": \"%s\", \"ph\": \"X\", \"pid\": 1, "
                  "\"tid\": %d, \"ts\": %.3f, \"dur\": %.3f%s%s}",
                  name, tid, t0 / 1000.0, (t1 - t0) / 1000.0,
                  args ? ", \"args\": " : "", args ? args : "");
}

/* ---- Events --------------------------------------------------------------- */

static void n9_idle_close(N9IdleWalk *w, int entered, int64_t now)
{
    N9IdleState *st;
    int ph, pd;
    unsigned i;

    n9_idle_take(w, w->phase == PH_AFTER ? PH_AFTER : PH_BEFORE);
    n9_idle_record(N9T_IDLE_CLOSE, now, (uint32_t)entered, 0, 0, w);
    w->open = false;
    if (entered < 0 || entered >= N9_IDLE_MAX_STATES) {
        w->rejected++;
        return;
    }
    st = w->state[entered];
    w->entries++;
    st->entries++;
    if (w->req > entered) {
        st->demoted++;
    }
    if (w->phase == PH_BEFORE) {
        st->no_wfi++;
        st->before_ns += now - w->t_enter;
        st->wake_irq[WAKE_NONE]++;
    } else {
        st->before_ns += w->t_wfi - w->t_enter;
        st->wfi_ns += w->t_running - w->t_wfi;
        st->after_ns += now - w->t_running;
        st->wake_ns += w->wake_ns;
        st->wake_irq[w->wake_irq >= 0 && w->wake_irq < WAKE_NUM ?
                     w->wake_irq : WAKE_NONE]++;
    }
    for (pd = 0; pd < PRCM_NUM_PWRDM; pd++) {
        st->reached[pd][w->min_state[pd] & 3]++;
    }
    for (ph = 0; ph < PH_NUM; ph++) {
        N9IdleCount *src = &w->cur[ph * w->ngroups];
        N9IdleCount *dst = &st->acc[ph * w->ngroups];

        st->pwrst[ph].reads += w->pwrst_cur[ph].reads;
        st->pwrst[ph].writes += w->pwrst_cur[ph].writes;
        for (i = 0; i < w->ngroups; i++) {
            dst[i].reads += src[i].reads;
            dst[i].writes += src[i].writes;
            dst[i].read_ns += src[i].read_ns;
            dst[i].write_ns += src[i].write_ns;
        }
    }
    if (w->trace) {
        char name[8], args[64];

        snprintf(name, sizeof(name), "C%d", entered + 1);
        snprintf(args, sizeof(args), "{\"requested\": \"C%d\"}", w->req + 1);
        n9_idle_trace_span(w, TID_IDLE, name, w->t_enter, now, args);
    }
    trace_n9_idle_exit(now, entered + 1, now - w->t_enter);
}

static void n9_idle_open(N9IdleWalk *w, CPUState *cs, int64_t now)
{
    CPUARMState *env = &ARM_CPU(cs)->env;
    uint64_t ret = env->regs[14] & ~1u;
    guint i;

    if (w->open) {
        /* the last entry never returned (a reset): drop it */
        w->lost++;
    }
    w->open = true;
    w->phase = PH_BEFORE;
    w->req = env->regs[2];
    w->ret_pc = ret;
    w->t_enter = now;
    w->wake_ns = 0;
    w->wake_irq = -1;
    for (int pd = 0; pd < PRCM_NUM_PWRDM; pd++) {
        /* the PRCM owns the domains' states: ask it */
        w->min_state[pd] = omap3_prcm_pwrdm_state(&w->soc->prcm, pd);
    }
    memset(w->cur, 0, PH_NUM * w->ngroups * sizeof(*w->cur));
    memset(w->pwrst_cur, 0, sizeof(w->pwrst_cur));
    n9_idle_snapshot(w);
    n9_idle_record(N9T_IDLE_OPEN, now, (uint32_t)w->req, 0, 0, w);
    trace_n9_idle_enter(now, w->req + 1);

    for (i = 0; i < w->ret_pcs->len; i++) {
        if (g_array_index(w->ret_pcs, uint64_t, i) == ret) {
            return;
        }
    }
    /* a new call site: hook its return address once */
    g_array_append_val(w->ret_pcs, ret);
    insn_hook_add(cs, ret);
}

/* The instruction hook (vCPU thread, without the BQL) */
static void n9_idle_hook(CPUState *cs, vaddr pc, void *opaque)
{
    N9IdleWalk *w = opaque;
    int64_t now;

    BQL_LOCK_GUARD();
    now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    if (pc == w->enter_pc) {
        n9_idle_open(w, cs, now);
    } else if (w->open && pc == w->ret_pc) {
        n9_idle_close(w, (int32_t)ARM_CPU(cs)->env.regs[0], now);
    }
}

/* What woke the MPU: the INTC's active line, or the I/O chain behind it */
static int n9_idle_wake_source(N9IdleWalk *w)
{
    int irq = object_property_get_int(OBJECT(w->soc->block[OMAP3_BLK_INTC]),
                                      "active-irq", NULL);

    if (irq == omap3630_map[OMAP3_BLK_PRM].irq &&
        object_property_get_bool(OBJECT(w->soc->block[OMAP3_BLK_SCM]),
                                 "io-wake", NULL)) {
        return WAKE_IO_CHAIN;
    }
    return irq;
}

/* "37 gpt1", "11 prcm", "11 prcm io-chain", "none" */
static void n9_idle_source_name(int src, char *buf, size_t len)
{
    const char *who = NULL;

    if (src == WAKE_IO_CHAIN) {
        snprintf(buf, len, "%d prcm io-chain",
                 omap3630_map[OMAP3_BLK_PRM].irq);
        return;
    }
    if (src < 0 || src >= OMAP3_NUM_IRQS) {
        snprintf(buf, len, "none");
        return;
    }
    if (src == omap3630_map[OMAP3_BLK_PRM].irq) {
        who = "prcm";
    }
    for (int b = 0; !who && b < OMAP3_NUM_BLOCKS; b++) {
        if (omap3630_map[b].irq == src) {
            who = omap3630_map[b].name;
        }
    }
    snprintf(buf, len, "%d %s", src, who ? who : "?");
}

/* The PRCM's idle events */
static void n9_idle_prcm_event(Notifier *n, void *data)
{
    N9IdleWalk *w = container_of(n, N9IdleWalk, prcm_listener);
    OMAP3PRCMEvent *ev = data;
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    int src;

    switch (ev->type) {
    case OMAP3_PRCM_MPU_STANDBY:
        if (w->open && w->phase == PH_BEFORE) {
            n9_idle_take(w, PH_BEFORE);
            n9_idle_record(N9T_IDLE_WFI, now, 0, 0, 0, w);
            w->phase = -1;
            w->t_wfi = now;
        }
        break;
    case OMAP3_PRCM_WAKEUP_START:
        src = n9_idle_wake_source(w);
        if (w->open && w->phase < 0) {
            w->wake_ns = ev->wake.total_ns;
            w->wake_irq = src;
        }
        if (w->trace) {
            char args[224], name[32];

            n9_idle_source_name(src, name, sizeof(name));
            snprintf(args, sizeof(args), "{\"latency_ns\": %" PRIu64
                     ", \"oscillator_ns\": %" PRIu64 ", \"voltage_ns\": %"
                     PRIu64 ", \"dpll_ns\": %" PRIu64 ", \"source\": \"%s\"}",
                     ev->wake.total_ns, ev->wake.osc_ns, ev->wake.volt_ns,
                     ev->wake.dpll_ns, name);
            n9_idle_trace_span(w, TID_WAKE, "wake-up", now,
                               now + ev->wake.total_ns, args);
        }
        break;
    case OMAP3_PRCM_MPU_RUNNING:
        if (w->open && w->phase < 0) {
            n9_idle_snapshot(w);
            n9_idle_record(N9T_IDLE_RUNNING, now, 0, w->wake_ns,
                           (uint64_t)(w->wake_irq + 1), w);
            w->phase = PH_AFTER;
            w->t_running = now;
            n9_idle_trace_span(w, TID_WFI, "WFI", w->t_wfi, now, NULL);
        }
        break;
    case OMAP3_PRCM_PWRST:
        if (w->trace && ev->from != PRCM_PWRST_ON) {
            n9_idle_trace_span(w, TID_PWRDM + ev->pwrdm,
                               pwrst_name[ev->from & 3],
                               w->pd_since[ev->pwrdm], now, NULL);
        }
        w->pd_since[ev->pwrdm] = now;
        if (w->open && ev->to < w->min_state[ev->pwrdm]) {
            w->min_state[ev->pwrdm] = ev->to;
        }
        break;
    default:
        break;
    }
}

/* A system reset puts every domain back ON without events */
static void n9_idle_reset_hold(Object *obj, ResetType type)
{
    N9IdleWalk *w = N9_IDLE(obj);
    int pd;

    w->open = false;
    for (pd = 0; pd < PRCM_NUM_PWRDM; pd++) {
        w->pd_since[pd] = 0;
    }
}

/* ---- Statistics ------------------------------------------------------------ */

static QDict *n9_idle_count_dict(const N9IdleCount *c, uint64_t entries)
{
    QDict *d = qdict_new();

    qdict_put_int(d, "reads", c->reads);
    qdict_put_int(d, "writes", c->writes);
    qdict_put_int(d, "ns", c->read_ns + c->write_ns);
    qdict_put(d, "per_entry", qnum_from_double(entries ?
              (double)(c->reads + c->writes) / entries : 0.0));
    return d;
}

/* Accesses of phase @ph of state @st: per agent, then per group */
static QDict *n9_idle_phase_dict(N9IdleWalk *w, N9IdleState *st, int ph)
{
    N9IdleCount *acc = &st->acc[ph * w->ngroups];
    QDict *agents = qdict_new();
    N9IdleCount total = { 0 };

    for (int a = 0; a < OMAP3_NUM_AGENTS; a++) {
        const char *aname = omap3630_agents[a].name;
        N9IdleCount sum = { 0 };
        QDict *groups = qdict_new(), *ad;

        for (unsigned i = 0; i < w->ngroups; i++) {
            if (strcmp(w->group_agent[i], aname) ||
                !(acc[i].reads + acc[i].writes)) {
                continue;
            }
            qdict_put(groups, w->groups[i]->name,
                      n9_idle_count_dict(&acc[i], st->entries));
            sum.reads += acc[i].reads;
            sum.writes += acc[i].writes;
            sum.read_ns += acc[i].read_ns;
            sum.write_ns += acc[i].write_ns;
        }
        if (!(sum.reads + sum.writes)) {
            qobject_unref(groups);
            continue;
        }
        ad = n9_idle_count_dict(&sum, st->entries);
        qdict_put(ad, "groups", groups);
        qdict_put(agents, aname, ad);
        total.reads += sum.reads;
        total.writes += sum.writes;
        total.read_ns += sum.read_ns;
        total.write_ns += sum.write_ns;
    }
    {
        QDict *d = n9_idle_count_dict(&total, st->entries);

        qdict_put(d, "agents", agents);
        return d;
    }
}

static double n9_per(uint64_t sum, uint64_t n)
{
    return n ? (double)sum / n : 0.0;
}

QDict *n9_idle_stats(N9IdleWalk *w)
{
    QDict *d = qdict_new(), *states = qdict_new();

    qdict_put_int(d, "entries", w->entries);
    qdict_put_int(d, "rejected", w->rejected);
    qdict_put_int(d, "lost", w->lost);
    for (int i = 0; i < N9_IDLE_MAX_STATES; i++) {
        N9IdleState *st = w->state[i];
        uint64_t woken = st->entries - st->no_wfi;
        QDict *sd, *reached, *wake;
        char name[8];

        if (!st->entries) {
            continue;
        }
        sd = qdict_new();
        qdict_put_int(sd, "entries", st->entries);
        qdict_put_int(sd, "demoted_to_this", st->demoted);
        qdict_put_int(sd, "without_wfi", st->no_wfi);
        qdict_put_int(sd, "before_wfi_ns", st->before_ns);
        qdict_put_int(sd, "in_wfi_ns", st->wfi_ns);
        qdict_put_int(sd, "after_wakeup_ns", st->after_ns);
        qdict_put_int(sd, "wakeup_latency_ns", st->wake_ns);
        qdict_put(sd, "before_wfi_us_per_entry",
                  qnum_from_double(n9_per(st->before_ns, st->entries) / 1e3));
        qdict_put(sd, "in_wfi_us_per_entry",
                  qnum_from_double(n9_per(st->wfi_ns, woken) / 1e3));
        qdict_put(sd, "after_wakeup_us_per_entry",
                  qnum_from_double(n9_per(st->after_ns, woken) / 1e3));
        qdict_put(sd, "wakeup_latency_us_per_entry",
                  qnum_from_double(n9_per(st->wake_ns, woken) / 1e3));
        {
            QDict *pdr = qdict_new();

            for (int ph = 0; ph < PH_NUM; ph++) {
                qdict_put(pdr, ph == PH_BEFORE ? "before_wfi" : "after_wakeup",
                          n9_idle_count_dict(&st->pwrst[ph], st->entries));
            }
            qdict_put(sd, "power_domain_registers", pdr);
        }
        qdict_put(sd, "before_wfi", n9_idle_phase_dict(w, st, PH_BEFORE));
        qdict_put(sd, "after_wakeup", n9_idle_phase_dict(w, st, PH_AFTER));
        reached = qdict_new();
        for (int pd = 0; pd < PRCM_NUM_PWRDM; pd++) {
            QDict *pdd = qdict_new();

            for (int s = 0; s < 4; s++) {
                if (st->reached[pd][s]) {
                    qdict_put_int(pdd, pwrst_name[s], st->reached[pd][s]);
                }
            }
            qdict_put(reached, prcm_pwrdm_name(pd), pdd);
        }
        qdict_put(sd, "lowest_power_state", reached);
        wake = qdict_new();
        for (int irq = 0; irq < WAKE_NUM; irq++) {
            char src[32];

            if (!st->wake_irq[irq]) {
                continue;
            }
            n9_idle_source_name(irq, src, sizeof(src));
            qdict_put_int(wake, src, st->wake_irq[irq]);
        }
        qdict_put(sd, "wakeup_sources", wake);
        snprintf(name, sizeof(name), "C%d", i + 1);
        qdict_put(states, name, sd);
    }
    qdict_put(d, "states", states);
    return d;
}

bool n9_idle_finish(N9IdleWalk *w)
{
    bool ok = true;

    if (w->trace) {
        int bad;

        fputs("\n]}\n", w->trace);
        /* A full disk (or /dev/full) is said, not a trace silently cut */
        bad = ferror(w->trace);
        bad |= fclose(w->trace);
        if (bad) {
            error_report("rm696: idle trace file %s: could not be written "
                         "in full (disk full?)", w->trace_file);
            ok = false;
        }
        w->trace = NULL;
    }
    return ok;
}

/* ---- QOM -------------------------------------------------------------------- */

static void n9_idle_state_init(Object *obj)
{
    N9IdleState *st = N9_IDLE_STATE(obj);

    object_property_add_uint64_ptr(obj, "entries", &st->entries,
                                   OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "without-wfi", &st->no_wfi,
                                   OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "before-ns", &st->before_ns,
                                   OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "wfi-ns", &st->wfi_ns,
                                   OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "after-ns", &st->after_ns,
                                   OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "wakeup-latency-ns", &st->wake_ns,
                                   OBJ_PROP_FLAG_READ);
}

static void n9_idle_state_finalize(Object *obj)
{
    g_free(N9_IDLE_STATE(obj)->acc);
}

static void n9_idle_init(Object *obj)
{
    N9IdleWalk *w = N9_IDLE(obj);

    object_property_add_uint64_ptr(obj, "entries", &w->entries,
                                   OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "lost", &w->lost, OBJ_PROP_FLAG_READ);
    w->ret_pcs = g_array_new(false, false, sizeof(uint64_t));
}

static void n9_idle_finalize(Object *obj)
{
    N9IdleWalk *w = N9_IDLE(obj);

    n9_idle_finish(w);
    g_array_free(w->ret_pcs, true);
    g_free(w->groups);
    g_free(w->group_agent);
    g_free(w->snap);
    g_free(w->cur);
}

/*
 * The link "soc" and "symbols" are required; "enter" defaults to the
 * cpuidle driver's (N9_IDLE_DEFAULT_ENTER).  It resets with the machine
 * (Resettable).
 */
static void n9_idle_realize(DeviceState *dev, Error **errp)
{
    N9IdleWalk *w = N9_IDLE(dev);
    OMAP3630State *soc = w->soc;
    uint64_t pc;
    int a, i;

    if (!soc || !w->symbols) {
        error_setg(errp, "n9-idle-walk: link 'soc' and property 'symbols' "
                   "must be set");
        return;
    }
    if (!n9_symbols_lookup(w->symbols,
                           w->enter ? w->enter : N9_IDLE_DEFAULT_ENTER, &pc,
                           errp)) {
        return;
    }
    w->enter_pc = pc;
    /* every register group of every agent */
    for (a = 0; a < OMAP3_NUM_AGENTS; a++) {
        N9AgentState *ag = N9_AGENT(soc->agent[a]);

        w->groups = g_renew(N9AgentGroup *, w->groups,
                            w->ngroups + ag->ports->len);
        w->group_agent = g_renew(const char *, w->group_agent,
                                 w->ngroups + ag->ports->len);
        for (guint p = 0; p < ag->ports->len; p++) {
            N9AgentPort *port = g_ptr_array_index(ag->ports, p);

            w->groups[w->ngroups] = port->group;
            w->group_agent[w->ngroups] = omap3630_agents[a].name;
            w->ngroups++;
        }
    }
    w->snap = g_new0(N9IdleCount, w->ngroups);
    w->cur = g_new0(N9IdleCount, PH_NUM * w->ngroups);
    for (i = 0; i < N9_IDLE_MAX_STATES; i++) {
        char name[8];

        snprintf(name, sizeof(name), "C%d", i + 1);
        w->state[i] = N9_IDLE_STATE(object_new(TYPE_N9_IDLE_STATE));
        w->state[i]->acc = g_new0(N9IdleCount, PH_NUM * w->ngroups);
        object_property_add_child(OBJECT(w), name, OBJECT(w->state[i]));
        object_unref(OBJECT(w->state[i]));
    }

    if (w->trace_file) {
        w->trace = fopen(w->trace_file, "w");
        if (!w->trace) {
            error_setg_errno(errp, errno, "idle trace file %s",
                             w->trace_file);
            return;
        }
        fputs("{\"displayTimeUnit\": \"ns\", \"traceEvents\": [", w->trace);
        w->trace_first = true;
        n9_idle_trace(w, "{\"name\": \"thread_name\", \"ph\": \"M\", "
                      "\"pid\": 1, \"tid\": %d, \"args\": {\"name\": "
                      "\"cpuidle\"}}", TID_IDLE);
        n9_idle_trace(w, "{\"name\": \"thread_name\", \"ph\": \"M\", "
                      "\"pid\": 1, \"tid\": %d, \"args\": {\"name\": "
                      "\"MPU WFI\"}}", TID_WFI);
        n9_idle_trace(w, "{\"name\": \"thread_name\", \"ph\": \"M\", "
                      "\"pid\": 1, \"tid\": %d, \"args\": {\"name\": "
                      "\"wake-up latency\"}}", TID_WAKE);
        for (i = 0; i < PRCM_NUM_PWRDM; i++) {
            n9_idle_trace(w, "{\"name\": \"thread_name\", \"ph\": \"M\", "
                          "\"pid\": 1, \"tid\": %d, \"args\": {\"name\": "
                          "\"%s_pwrdm\"}}", TID_PWRDM + i,
                          prcm_pwrdm_name(i));
        }
    }

    n9_idle_reset_hold(OBJECT(w), RESET_TYPE_COLD);
    /* reset with the machine, in the order the board realized it */
    qemu_register_resettable(OBJECT(w));
    w->prcm_listener.notify = n9_idle_prcm_event;
    omap3_prcm_add_listener(&soc->prcm, &w->prcm_listener);
    insn_hook_set_handler(n9_idle_hook, w);
    insn_hook_add(NULL, pc);
}

static const Property n9_idle_properties[] = {
    DEFINE_PROP_LINK("soc", N9IdleWalk, soc, TYPE_OMAP3630_SOC,
                     OMAP3630State *),
    DEFINE_PROP_STRING("symbols", N9IdleWalk, symbols),
    DEFINE_PROP_STRING("enter", N9IdleWalk, enter),
    DEFINE_PROP_STRING("trace-file", N9IdleWalk, trace_file),
};

static void n9_idle_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);

    dc->desc = "N9 idle walk: register accesses and time per idle entry";
    dc->realize = n9_idle_realize;
    dc->user_creatable = false;
    device_class_set_props(dc, n9_idle_properties);
    rc->phases.hold = n9_idle_reset_hold;
}

static const TypeInfo n9_idle_types[] = {
    {
        .name = TYPE_N9_IDLE,
        .parent = TYPE_DEVICE,
        .instance_size = sizeof(N9IdleWalk),
        .class_init = n9_idle_class_init,
        .instance_init = n9_idle_init,
        .instance_finalize = n9_idle_finalize,
    }, {
        .name = TYPE_N9_IDLE_STATE,
        .parent = TYPE_OBJECT,
        .instance_size = sizeof(N9IdleState),
        .instance_init = n9_idle_state_init,
        .instance_finalize = n9_idle_state_finalize,
    },
};

DEFINE_TYPES(n9_idle_types)
