/*
 * qemu-n9 timing parameters (see n9_timing.h).
 *
 * The INI file (read with GKeyFile) has one section per interconnect agent,
 * and optionally one per register group behind it, "[agent.group]":
 *
 *   [timing]
 *   seed = 1                 # the generator seed of every target
 *   [l4-wkup]
 *   read_min_ns = 625        # cost range of one read, ns at 1 GHz
 *   read_max_ns = 668
 *   write_min_ns = 625
 *   write_max_ns = 668
 *   [l4-wkup.synctimer]      # only the 32 kHz counter
 *   read_min_ns = 700
 *
 * A key left out keeps its default (for a group: the agent's value).  An
 * unknown section or key, a value that is not a whole number or is out of
 * range stops QEMU with a message that names the file, the line and the key.
 * docs/timing-parameters.md documents every key and its source;
 * timing/phone.ini spells out the defaults.
 *
 * -M rm696,timing-set=SECTION.KEY=VALUE;SECTION.KEY=VALUE... sets single
 * keys without a file (';' between items: QEMU's option parser splits -M
 * at commas); the section may hold a dot (agent.group), the key follows
 * the last dot.  The items win over the file and are checked as its lines
 * are, an error naming the item.  Two sections take values the models
 * otherwise read from registers: [clocks] (mpu_hz, l3_hz) and [sdram]
 * (the SDRAM timings of SDRC_ACTIM_CTRLA/B, SDRC_MR, SDRC_RFR_CTRL and the
 * fields of SDRC_POWER); an override wins over the register.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/error-report.h"
#include "system/cpu-timers.h"
#include "hw/core/cpu.h"
#include "n9_timing.h"
#include "models/a8pipe/a8bpred.h"

static const char *const n9_agent_names[L4IC_NUM_AGENTS] = {
    [L4IC_WKUP] = "l4-wkup",
    [L4IC_CORE] = "l4-core",
    [L4IC_PER] = "l4-per",
    [L4IC_EMU] = "l4-emu",
    [L4IC_L3] = "l3",
};

/* [sdram]: the SDRC's decoded fields an override can replace */
const N9TimingKey n9_sdram_keys[N9_SDRAM_NUM_KEYS] = {
    [N9_SDRAM_CAS_LATENCY] = { "cas_latency", 1, 7, "SDRC_MR CASL" },
    [N9_SDRAM_BURST_LENGTH] = { "burst_length", 2, 8, "SDRC_MR BL" },
    [N9_SDRAM_TDAL] = { "tdal", 0, 255, "ACTIM_CTRLA TDAL" },
    [N9_SDRAM_TDPL] = { "tdpl", 0, 255, "ACTIM_CTRLA TDPL (tWR)" },
    [N9_SDRAM_TRRD] = { "trrd", 0, 255, "ACTIM_CTRLA TRRD" },
    [N9_SDRAM_TRCD] = { "trcd", 0, 255, "ACTIM_CTRLA TRCD" },
    [N9_SDRAM_TRP] = { "trp", 0, 255, "ACTIM_CTRLA TRP" },
    [N9_SDRAM_TRAS] = { "tras", 0, 255, "ACTIM_CTRLA TRAS" },
    [N9_SDRAM_TRC] = { "trc", 0, 255, "ACTIM_CTRLA TRC" },
    [N9_SDRAM_TRFC] = { "trfc", 0, 255, "ACTIM_CTRLA TRFC" },
    [N9_SDRAM_TXSR] = { "txsr", 0, 255, "ACTIM_CTRLB TXSR" },
    [N9_SDRAM_TXP] = { "txp", 0, 255, "ACTIM_CTRLB TXP" },
    [N9_SDRAM_TCKE] = { "tcke", 0, 255, "ACTIM_CTRLB TCKE" },
    [N9_SDRAM_TWTR] = { "twtr", 0, 255, "ACTIM_CTRLB TWTR" },
    [N9_SDRAM_REFRESH_INTERVAL] = { "refresh_interval", 0, 65535,
                                    "RFR_CTRL ARCV" },
    [N9_SDRAM_REFRESH_BURST] = { "refresh_burst", 0, 8, "RFR_CTRL ARE" },
    [N9_SDRAM_PAGE_POLICY] = { "page_policy", 0, 1, "SDRC_POWER PAGEPOLICY" },
    [N9_SDRAM_PWDENA] = { "pwdena", 0, 1, "SDRC_POWER PWDENA" },
    [N9_SDRAM_EXTCLKDIS] = { "extclkdis", 0, 1, "SDRC_POWER EXTCLKDIS" },
    [N9_SDRAM_CLKCTRL] = { "clkctrl", 0, 2, "SDRC_POWER CLKCTRL" },
    [N9_SDRAM_SRFR_ON_IDLE_REQ] = { "srfr_on_idle_req", 0, 1,
                                    "SDRC_POWER SRFRONIDLEREQ" },
    [N9_SDRAM_AUTOCOUNT] = { "autocount", 0, 65535, "SDRC_POWER AUTOCOUNT" },
};

/* [clocks]: whole Hz */
static const struct {
    const char *name;
    size_t offset;
    uint64_t min, max;
} n9_clock_keys[] = {
    { "mpu_hz", offsetof(N9ClockOverrides, mpu_hz), 1000000, 2000000000 },
    { "l3_hz", offsetof(N9ClockOverrides, l3_hz), 1000000, 1000000000 },
};

/*
 * An agent's or a group's keys: the cost ranges (ns at clock_hz), the
 * interface clock rate they hold at (0: costs in ns whatever the clock, a
 * what-if override) and the part of each cost outside that clock
 */
static const char *const n9_timing_keys[] = {
    "read_min_ns", "read_max_ns", "write_min_ns", "write_max_ns",
    "clock_hz", "crossing_ns",
};
#define N9_TIMING_KEY_CLOCK_HZ  4

static uint32_t *n9_timing_field(l4ic_params *p, int key)
{
    switch (key) {
    case 0: return &p->read_min_ns;
    case 1: return &p->read_max_ns;
    case 2: return &p->write_min_ns;
    case 3: return &p->write_max_ns;
    case 4: return &p->ref_hz;
    default: return &p->crossing_ns;
    }
}

N9Timing *n9_timing_new(void)
{
    N9Timing *t = g_new0(N9Timing, 1);

    t->seed = 1;
    t->prcm = prcm_wake_default_params;
    t->sdrc = sdrc_default_params;
    t->cache = a8cache_default_params;
    t->actlr = N9_DEFAULT_ACTLR;
    t->flush_cycles = A8BPRED_PENALTY;
    t->cp15_flush = 1;
    t->btb_ways = A8BPRED_BTB_WAYS;
    t->btb_index_shift = A8BPRED_BTB_SHIFT;
    t->entries = g_array_new(false, true, sizeof(N9TimingEntry));
    for (int a = 0; a < L4IC_NUM_AGENTS; a++) {
        N9TimingEntry e = {
            .agent = g_strdup(n9_agent_names[a]),
            .p = l4ic_default_params[a],
        };
        g_array_append_val(t->entries, e);
    }
    return t;
}

static N9TimingEntry *n9_timing_find(N9Timing *t, const char *agent,
                                     const char *group)
{
    for (guint i = 0; i < t->entries->len; i++) {
        N9TimingEntry *e = &g_array_index(t->entries, N9TimingEntry, i);

        if (!strcmp(e->agent, agent) &&
            (group ? e->group && !strcmp(e->group, group) : !e->group)) {
            return e;
        }
    }
    return NULL;
}

void n9_timing_lookup(N9Timing *t, const char *agent, const char *group,
                      l4ic_params *out)
{
    N9TimingEntry *e = group ? n9_timing_find(t, agent, group) : NULL;

    if (e) {
        e->used = true;
    } else {
        e = n9_timing_find(t, agent, NULL);
    }
    assert(e);
    *out = e->p;
}

/*
 * Where in the file each section and key stands: GKeyFile does not say,
 * and an error must name the line.  Also finds the first line GKeyFile
 * will refuse, so that its error can be given a line number too.
 */
typedef struct N9IniLines {
    GHashTable *where;      /* "section\nkey" or "section" -> line; a
                             * timing-set item i: -(i + 1) */
    const char *file;       /* the timing file, or NULL */
    char **items;           /* the timing-set items, or NULL */
    int bad_line;           /* first line that is not INI, or 0 */
    int dup_line, dup_first;    /* a key set twice in a section: where */
    char *dup_key;              /* "[section] key" */
} N9IniLines;

static void n9_ini_scan(const char *text, N9IniLines *l)
{
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    g_autofree char *section = NULL;

    l->where = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    l->bad_line = 0;
    l->dup_line = l->dup_first = 0;
    l->dup_key = NULL;
    for (int i = 0; lines[i]; i++) {
        g_autofree char *s = g_strstrip(g_strdup(lines[i]));
        char *eq;

        if (!*s || *s == '#' || *s == ';') {
            continue;
        }
        if (*s == '[' && s[strlen(s) - 1] == ']') {
            g_free(section);
            section = g_strndup(s + 1, strlen(s) - 2);
            g_hash_table_insert(l->where, g_strdup(section),
                                GINT_TO_POINTER(i + 1));
            continue;
        }
        eq = strchr(s, '=');
        if (eq && section && eq != s) {
            g_autofree char *k = NULL;
            int first;

            *eq = 0;
            k = g_strdup_printf("%s\n%s", section, g_strstrip(s));
            /* GKeyFile keeps the last of two: say so, it is a mistake */
            first = GPOINTER_TO_INT(g_hash_table_lookup(l->where, k));
            if (first && !l->dup_line) {
                l->dup_line = i + 1;
                l->dup_first = first;
                l->dup_key = g_strdup_printf("[%s] %s", section, s);
            }
            g_hash_table_insert(l->where, g_steal_pointer(&k),
                                GINT_TO_POINTER(i + 1));
            continue;
        }
        if (!l->bad_line) {
            l->bad_line = i + 1;
        }
    }
}

static int n9_ini_line(N9IniLines *l, const char *section, const char *key)
{
    g_autofree char *k = key ? g_strdup_printf("%s\n%s", section, key)
                             : g_strdup(section);

    return GPOINTER_TO_INT(g_hash_table_lookup(l->where, k));
}

/* Where @line (n9_ini_line) is: "timing file F, line N" or "timing-set
 * ITEM".  The caller frees it. */
static char *n9_where_of(const char *file, char **items, int line)
{
    if (line < 0 && items) {
        return g_strdup_printf("timing-set %s", items[-line - 1]);
    }
    return g_strdup_printf("timing file %s, line %d", file ? file : "?",
                           line);
}

static char *n9_where(N9IniLines *l, int line)
{
    return n9_where_of(l->file, l->items, line);
}

/* A whole number in [0, max], as GKeyFile's integer parser is 32-bit signed
 * and accepts trailing garbage silently in some versions. */
static bool n9_parse_u64(const char *s, uint64_t max, uint64_t *out)
{
    char *end;
    guint64 v;

    s += strspn(s, " \t");
    if (!g_ascii_isdigit(*s)) {
        return false;
    }
    errno = 0;
    v = g_ascii_strtoull(s, &end, 10);
    end += strspn(end, " \t");
    if (errno || *end || v > max) {
        return false;
    }
    *out = v;
    return true;
}

/* A key of a section whose values are whole numbers in one uint32_t field */
typedef struct N9U32Key {
    const char *key;
    size_t off;
    uint32_t max;           /* 0: the section's */
} N9U32Key;

/*
 * Section @sec: each key one of @keys (@n of them), a whole number from 0
 * to @max, stored at its offset in @base.  An unknown key or a bad value
 * names the file, the line and the known keys.
 */
static bool n9_timing_load_u32_keys(GKeyFile *kf, N9IniLines *lines,
                                    const char *sec,
                                    const N9U32Key *keys, size_t n,
                                    uint32_t max, void *base, Error **errp)
{
    g_auto(GStrv) names = g_key_file_get_keys(kf, sec, NULL, NULL);

    for (int k = 0; names[k]; k++) {
        g_autofree char *v = g_key_file_get_value(kf, sec, names[k], NULL);
        g_autofree char *where = n9_where(lines,
                                          n9_ini_line(lines, sec, names[k]));
        uint64_t val;
        size_t i;

        for (i = 0; i < n; i++) {
            if (!strcmp(names[k], keys[i].key)) {
                break;
            }
        }
        if (i == n) {
            g_autoptr(GString) known = g_string_new(NULL);

            for (i = 0; i < n; i++) {
                g_string_append_printf(known, "%s%s", i ? ", " : "",
                                       keys[i].key);
            }
            error_setg(errp, "%s: [%s] %s: unknown key (known: %s)", where,
                       sec, names[k], known->str);
            return false;
        }
        if (!n9_parse_u64(v, keys[i].max ? keys[i].max : max, &val)) {
            error_setg(errp, "%s: [%s] %s: '%s' is not a whole number from "
                       "0 to %u", where, sec, names[k], v,
                       keys[i].max ? keys[i].max : max);
            return false;
        }
        *(uint32_t *)((char *)base + keys[i].off) = val;
    }
    return true;
}

/* [prcm]: the wake-up latency parameters of models/prcm/wakeup.h */
static bool n9_timing_load_prcm(N9Timing *t, GKeyFile *kf, N9IniLines *lines,
                                Error **errp)
{
    static const N9U32Key keys[] = {
        { "ret_exit_ns", offsetof(PrcmWakeParams, ret_exit_ns) },
        { "off_exit_ns", offsetof(PrcmWakeParams, off_exit_ns) },
        { "dpll_lock_ns", offsetof(PrcmWakeParams, dpll_lock_ns) },
        { "dpll_lock_refclks", offsetof(PrcmWakeParams, dpll_lock_refclks) },
    };
    const char *why;

    if (!n9_timing_load_u32_keys(kf, lines, "prcm", keys,
                                 ARRAY_SIZE(keys), PRCM_WAKE_PARAM_MAX,
                                 &t->prcm, errp)) {
        return false;
    }
    why = prcm_wake_params_check(&t->prcm);
    if (why) {
        g_autofree char *where = n9_where(lines,
                                          n9_ini_line(lines, "prcm", NULL));

        error_setg(errp, "%s: [prcm]: %s", where, why);
        return false;
    }
    return true;
}

/* [sdrc]: the SDRAM controller parameters of models/sdrc/sdrc.h */
static bool n9_timing_load_sdrc(N9Timing *t, GKeyFile *kf, N9IniLines *lines,
                                Error **errp)
{
    static const N9U32Key keys[] = {
        { "dll_relock_ns", offsetof(SdrcParams, dll_relock_ns) },
        { "clock_restart_cycles", offsetof(SdrcParams, clock_restart_cycles) },
        { "write_latency_cycles", offsetof(SdrcParams, write_latency_cycles) },
        { "sr_exit_refreshes", offsetof(SdrcParams, sr_exit_refreshes) },
        { "sr_overhead_ns", offsetof(SdrcParams, sr_overhead_ns) },
    };
    const char *why;

    if (!n9_timing_load_u32_keys(kf, lines, "sdrc", keys,
                                 ARRAY_SIZE(keys), SDRC_PARAM_MAX,
                                 &t->sdrc, errp)) {
        return false;
    }
    why = sdrc_params_check(&t->sdrc);
    if (why) {
        g_autofree char *where = n9_where(lines,
                                          n9_ini_line(lines, "sdrc", NULL));

        error_setg(errp, "%s: [sdrc]: %s", where, why);
        return false;
    }
    return true;
}

/*
 * [cpu]: what the firmware leaves in the Cortex-A8's ACTLR, which QEMU's
 * model holds constant (its reset value): L1NEON (bit 5) decides whether
 * NEON loads allocate in the L1 D; and, with pipeline=on, what a flush of
 * the integer pipeline costs, whether a cp15 context write flushes it, and
 * how the BTB's 512 entries are organised (docs/timing-parameters.md).
 */
static bool n9_timing_load_cpu(N9Timing *t, GKeyFile *kf, N9IniLines *lines,
                               Error **errp)
{
    static const N9U32Key keys[] = {
        { "actlr", offsetof(N9Timing, actlr) },
        { "flush_cycles", offsetof(N9Timing, flush_cycles),
          N9_FLUSH_CYCLES_MAX },
        { "cp15_flush", offsetof(N9Timing, cp15_flush), 1 },
        { "btb_ways", offsetof(N9Timing, btb_ways), A8BPRED_BTB_ENTRIES },
        { "btb_index_shift", offsetof(N9Timing, btb_index_shift),
          A8BPRED_BTB_SHIFT_MAX },
    };
    const char *why;

    if (!n9_timing_load_u32_keys(kf, lines, "cpu", keys, ARRAY_SIZE(keys),
                                 UINT32_MAX, t, errp)) {
        return false;
    }
    /* the model says what it takes (a power of two of ways) */
    why = a8bpred_btb_check(t->btb_ways, t->btb_index_shift);
    if (why) {
        g_autofree char *where = n9_where(lines,
                                          n9_ini_line(lines, "cpu",
                                                      "btb_ways"));

        error_setg(errp, "%s: [cpu] btb_ways = %u: %s", where, t->btb_ways,
                   why);
        return false;
    }
    return true;
}

/* [cache]: the Cortex-A8 cache and TLB parameters; models/cache lists its
 * keys, their places in a8cache_params and their ranges. */
static bool n9_timing_load_cache(N9Timing *t, GKeyFile *kf, N9IniLines *lines,
                                 Error **errp)
{
    g_auto(GStrv) names = g_key_file_get_keys(kf, "cache", NULL, NULL);
    const char *why;

    for (int k = 0; names[k]; k++) {
        g_autofree char *v = g_key_file_get_value(kf, "cache", names[k], NULL);
        g_autofree char *where =
            n9_where(lines, n9_ini_line(lines, "cache", names[k]));
        const a8cache_param_key *key = NULL;
        uint64_t val;

        for (unsigned i = 0; i < a8cache_num_param_keys; i++) {
            if (!strcmp(names[k], a8cache_param_keys[i].name)) {
                key = &a8cache_param_keys[i];
                break;
            }
        }
        if (!key) {
            g_autoptr(GString) known = g_string_new(NULL);

            for (unsigned i = 0; i < a8cache_num_param_keys; i++) {
                g_string_append_printf(known, "%s%s", i ? ", " : "",
                                       a8cache_param_keys[i].name);
            }
            error_setg(errp, "%s: [cache] %s: unknown key (known: %s)",
                       where, names[k], known->str);
            return false;
        }
        if (!n9_parse_u64(v, key->max, &val) || val < key->min) {
            error_setg(errp, "%s: [cache] %s: '%s' is not a whole number "
                       "from %u to %u", where, names[k], v, key->min,
                       key->max);
            return false;
        }
        *(uint32_t *)((char *)&t->cache + key->offset) = val;
    }
    why = a8cache_params_check(&t->cache);
    if (why) {
        g_autofree char *where = n9_where(lines,
                                          n9_ini_line(lines, "cache", NULL));

        error_setg(errp, "%s: [cache]: %s", where, why);
        return false;
    }
    return true;
}

/* The known keys of a table, "a, b, c", for an error message */
#define N9_KNOWN(tab, n, field) ({ \
    GString *k_ = g_string_new(NULL); \
    for (size_t i_ = 0; i_ < (n); i_++) { \
        g_string_append_printf(k_, "%s%s", i_ ? ", " : "", tab[i_].field); \
    } \
    k_; })

/* [clocks]: rates over the PRCM's registers */
static bool n9_timing_load_clocks(N9Timing *t, GKeyFile *kf,
                                  N9IniLines *lines, Error **errp)
{
    g_auto(GStrv) names = g_key_file_get_keys(kf, "clocks", NULL, NULL);

    for (int k = 0; names[k]; k++) {
        g_autofree char *v = g_key_file_get_value(kf, "clocks", names[k],
                                                  NULL);
        g_autofree char *where =
            n9_where(lines, n9_ini_line(lines, "clocks", names[k]));
        uint64_t val;
        size_t i;

        for (i = 0; i < ARRAY_SIZE(n9_clock_keys); i++) {
            if (!strcmp(names[k], n9_clock_keys[i].name)) {
                break;
            }
        }
        if (i == ARRAY_SIZE(n9_clock_keys)) {
            g_autoptr(GString) known = N9_KNOWN(n9_clock_keys,
                                                ARRAY_SIZE(n9_clock_keys),
                                                name);

            error_setg(errp, "%s: [clocks] %s: unknown key (known: %s)",
                       where, names[k], known->str);
            return false;
        }
        if (!n9_parse_u64(v, n9_clock_keys[i].max, &val) ||
            val < n9_clock_keys[i].min) {
            error_setg(errp, "%s: [clocks] %s: '%s' is not a whole number of "
                       "Hz from %" PRIu64 " to %" PRIu64, where, names[k], v,
                       n9_clock_keys[i].min, n9_clock_keys[i].max);
            return false;
        }
        *(uint64_t *)((char *)&t->clocks + n9_clock_keys[i].offset) = val;
    }
    return true;
}

/* [sdram]: timings and SDRC_POWER fields over the SDRC's registers */
static bool n9_timing_load_sdram(N9Timing *t, GKeyFile *kf,
                                 N9IniLines *lines, Error **errp)
{
    g_auto(GStrv) names = g_key_file_get_keys(kf, "sdram", NULL, NULL);

    for (int k = 0; names[k]; k++) {
        g_autofree char *v = g_key_file_get_value(kf, "sdram", names[k],
                                                  NULL);
        g_autofree char *where =
            n9_where(lines, n9_ini_line(lines, "sdram", names[k]));
        const N9TimingKey *key;
        uint64_t val;
        int i;

        for (i = 0; i < N9_SDRAM_NUM_KEYS; i++) {
            if (!strcmp(names[k], n9_sdram_keys[i].name)) {
                break;
            }
        }
        if (i == N9_SDRAM_NUM_KEYS) {
            g_autoptr(GString) known = N9_KNOWN(n9_sdram_keys,
                                                N9_SDRAM_NUM_KEYS, name);

            error_setg(errp, "%s: [sdram] %s: unknown key (known: %s)",
                       where, names[k], known->str);
            return false;
        }
        key = &n9_sdram_keys[i];
        if (!n9_parse_u64(v, key->max, &val) || val < key->min) {
            error_setg(errp, "%s: [sdram] %s: '%s' is not a whole number "
                       "from %u to %u (%s)", where, names[k], v, key->min,
                       key->max, key->where);
            return false;
        }
        if ((i == N9_SDRAM_BURST_LENGTH && val != 2 && val != 4 &&
             val != 8) ||
            (i == N9_SDRAM_REFRESH_BURST && val != 0 && val != 1 &&
             val != 4 && val != 8)) {
            error_setg(errp, "%s: [sdram] %s: '%s' is not one of %s", where,
                       names[k], v, i == N9_SDRAM_BURST_LENGTH ? "2, 4, 8"
                                                             : "0, 1, 4, 8");
            return false;
        }
        t->sdram.set[i] = true;
        t->sdram.value[i] = val;
    }
    return true;
}

/*
 * The timing-set items into @kf, each where it came from in @l (-(i + 1)):
 * "SECTION.KEY=VALUE", the section up to the key's dot.
 */
static bool n9_timing_add_set(GKeyFile *kf, N9IniLines *l, Error **errp)
{
    for (int i = 0; l->items[i]; i++) {
        const char *it = l->items[i];
        const char *eq = strchr(it, '=');
        g_autofree char *name = eq ? g_strndup(it, eq - it) : NULL;
        char *dot = name ? strrchr(name, '.') : NULL;
        g_autofree char *k = NULL;

        if (!eq || !dot || dot == name || !dot[1] || !eq[1]) {
            error_setg(errp, "timing-set %s: not SECTION.KEY=VALUE (e.g. "
                       "l4-wkup.read_min_ns=300; items separated by ';')",
                       it);
            return false;
        }
        *dot = 0;
        k = g_strdup_printf("%s\n%s", name, dot + 1);
        {
            int first = GPOINTER_TO_INT(g_hash_table_lookup(l->where, k));

            if (first < 0) {
                error_setg(errp, "timing-set %s: [%s] %s: set twice (also "
                           "%s)", it, name, dot + 1, l->items[-first - 1]);
                return false;
            }
        }
        g_hash_table_insert(l->where, g_steal_pointer(&k),
                            GINT_TO_POINTER(-(i + 1)));
        if (!g_hash_table_lookup(l->where, name)) {
            g_hash_table_insert(l->where, g_strdup(name),
                                GINT_TO_POINTER(-(i + 1)));
        }
        g_key_file_set_value(kf, name, dot + 1, eq + 1);
    }
    return true;
}

bool n9_timing_load(N9Timing *t, const char *file, const char *set,
                    Error **errp)
{
    g_autoptr(GKeyFile) kf = g_key_file_new();
    g_autoptr(GError) gerr = NULL;
    g_autofree char *text = NULL;
    g_auto(GStrv) groups = NULL;
    const char *end = NULL;
    N9IniLines lines;
    gsize len;
    int ngroups;
    bool ok = false;

    if (set) {
        g_auto(GStrv) raw = g_strsplit(set, ";", -1);
        GPtrArray *items = g_ptr_array_new();

        for (int i = 0; raw[i]; i++) {
            g_strstrip(raw[i]);
            if (*raw[i]) {
                g_ptr_array_add(items, g_strdup(raw[i]));
            }
        }
        g_ptr_array_add(items, NULL);
        g_strfreev(t->set_items);
        t->set_items = (char **)g_ptr_array_free(items, false);
        g_free(t->set);
        t->set = g_strdup(set);
    }
    if (!file) {
        text = g_strdup("");
        len = 0;
    } else if (!g_file_get_contents(file, &text, &len, &gerr)) {
        error_setg(errp, "timing file %s: %s", file, gerr->message);
        return false;
    }
    /* A NUL would end the text early: GKeyFile would read half a file. */
    if (memchr(text, 0, len) || !g_utf8_validate(text, len, &end)) {
        const char *bad = memchr(text, 0, len);
        int line = 1;

        if (!bad || (end && end < bad)) {
            bad = end;
        }
        for (const char *c = text; c < bad; c++) {
            line += *c == '\n';
        }
        error_setg(errp, "timing file %s, line %d: not text (a NUL byte or "
                   "no UTF-8)", file, line);
        return false;
    }
    n9_ini_scan(text, &lines);
    lines.file = file;
    lines.items = t->set_items;
    if (!g_key_file_load_from_data(kf, text, -1, G_KEY_FILE_NONE, &gerr)) {
        if (lines.bad_line) {
            error_setg(errp, "timing file %s, line %d: not a [section], "
                       "key = value or comment line", file, lines.bad_line);
        } else {
            error_setg(errp, "timing file %s: %s", file, gerr->message);
        }
        goto out;
    }
    if (lines.dup_line) {
        error_setg(errp, "timing file %s, line %d: %s: set twice (also at "
                   "line %d)", file, lines.dup_line, lines.dup_key,
                   lines.dup_first);
        goto out;
    }
    if (t->set_items && !n9_timing_add_set(kf, &lines, errp)) {
        goto out;
    }

    t->file = g_strdup(file);
    groups = g_key_file_get_groups(kf, NULL);
    /* Agents first, then groups: a group starts from its agent's values. */
    ngroups = g_strv_length(groups);
    for (int gi = 0; gi < 2 * ngroups; gi++) {
        const char *sec = groups[gi % ngroups];
        bool group_pass = gi >= ngroups;
        int sline = n9_ini_line(&lines, sec, NULL);
        g_autofree char *swhere = n9_where(&lines, sline);
        g_auto(GStrv) keys = g_key_file_get_keys(kf, sec, NULL, NULL);
        g_autofree char *agent = NULL;
        const char *dot = strchr(sec, '.');
        N9TimingEntry *e = NULL;

        if ((strchr(sec, '.') != NULL) != group_pass) {
            continue;
        }
        if (!strcmp(sec, "timing")) {
            for (int k = 0; keys[k]; k++) {
                g_autofree char *v = g_key_file_get_value(kf, sec, keys[k], NULL);
                g_autofree char *where =
                    n9_where(&lines, n9_ini_line(&lines, sec, keys[k]));

                if (strcmp(keys[k], "seed")) {
                    error_setg(errp, "%s: [timing] %s: unknown key (known: "
                               "seed)", where, keys[k]);
                    goto out;
                }
                if (!n9_parse_u64(v, UINT64_MAX, &t->seed)) {
                    error_setg(errp, "%s: [timing] seed: '%s' is not a whole "
                               "number", where, v);
                    goto out;
                }
            }
            continue;
        }

        if (!strcmp(sec, "prcm")) {
            if (!n9_timing_load_prcm(t, kf, &lines, errp)) {
                goto out;
            }
            continue;
        }

        if (!strcmp(sec, "sdrc")) {
            if (!n9_timing_load_sdrc(t, kf, &lines, errp)) {
                goto out;
            }
            continue;
        }

        if (!strcmp(sec, "cache")) {
            if (!n9_timing_load_cache(t, kf, &lines, errp)) {
                goto out;
            }
            continue;
        }

        if (!strcmp(sec, "cpu")) {
            if (!n9_timing_load_cpu(t, kf, &lines, errp)) {
                goto out;
            }
            continue;
        }

        if (!strcmp(sec, "clocks")) {
            if (!n9_timing_load_clocks(t, kf, &lines, errp)) {
                goto out;
            }
            continue;
        }

        if (!strcmp(sec, "sdram")) {
            if (!n9_timing_load_sdram(t, kf, &lines, errp)) {
                goto out;
            }
            continue;
        }

        agent = dot ? g_strndup(sec, dot - sec) : g_strdup(sec);
        e = n9_timing_find(t, agent, NULL);
        if (!e || (dot && !dot[1])) {
            error_setg(errp, "%s: [%s]: unknown section "
                       "(known: timing, prcm, sdrc, cache, cpu, clocks, sdram, "
                       "l4-wkup, l4-core, l4-per, l4-emu, l3, and agent.group "
                       "for one register group)", swhere, sec);
            goto out;
        }
        if (dot) {
            N9TimingEntry ne = {
                .agent = g_strdup(agent), .group = g_strdup(dot + 1),
                .p = e->p, .line = sline,
            };
            g_array_append_val(t->entries, ne);
            e = &g_array_index(t->entries, N9TimingEntry, t->entries->len - 1);
        }
        e->line = sline;
        for (int k = 0; keys[k]; k++) {
            g_autofree char *v = g_key_file_get_value(kf, sec, keys[k], NULL);
            g_autofree char *where =
                n9_where(&lines, n9_ini_line(&lines, sec, keys[k]));
            uint64_t val;
            int key;

            for (key = 0; key < ARRAY_SIZE(n9_timing_keys); key++) {
                if (!strcmp(keys[k], n9_timing_keys[key])) {
                    break;
                }
            }
            if (key == ARRAY_SIZE(n9_timing_keys)) {
                error_setg(errp, "%s: [%s] %s: unknown key (known: "
                           "read_min_ns, read_max_ns, write_min_ns, "
                           "write_max_ns, clock_hz, crossing_ns)", where, sec,
                           keys[k]);
                goto out;
            }
            if (key == N9_TIMING_KEY_CLOCK_HZ) {
                if (!n9_parse_u64(v, L4IC_MAX_HZ, &val)) {
                    error_setg(errp, "%s: [%s] %s: '%s' is not a whole number "
                               "of Hz from 0 to %u", where, sec, keys[k], v,
                               L4IC_MAX_HZ);
                    goto out;
                }
            } else if (!n9_parse_u64(v, L4IC_MAX_NS, &val)) {
                error_setg(errp, "%s: [%s] %s: '%s' is not a whole number of "
                           "ns from 0 to %u", where, sec, keys[k], v,
                           L4IC_MAX_NS);
                goto out;
            }
            *n9_timing_field(&e->p, key) = val;
        }
        {
            const char *why = l4ic_params_check(&e->p);

            if (why) {
                error_setg(errp, "%s: [%s]: %s", swhere, sec, why);
                goto out;
            }
        }
    }
    ok = true;
out:
    g_hash_table_destroy(lines.where);
    g_free(lines.dup_key);
    return ok;
}

bool n9_timing_check_used(N9Timing *t, Error **errp)
{
    for (guint i = 0; i < t->entries->len; i++) {
        N9TimingEntry *e = &g_array_index(t->entries, N9TimingEntry, i);

        if (e->group && !e->used) {
            g_autofree char *where = n9_where_of(t->file, t->set_items,
                                                 e->line);

            error_setg(errp, "%s: [%s.%s]: %s has no register group '%s' "
                       "(groups are the blocks behind the agent: see qom-list "
                       "/machine/soc/%s/groups)", where, e->agent, e->group,
                       e->agent, e->group, e->agent);
            return false;
        }
    }
    return true;
}

/* A decoded field of chip select @cs (or SDRC_POWER) for key @key */
static void *n9_sdram_field(SdrcConfig *c, int cs, int key, int *width)
{
    SdrcCsConfig *p = &c->cs[cs];

    *width = 8;
    switch (key) {
    case N9_SDRAM_CAS_LATENCY: return &p->cas_latency;
    case N9_SDRAM_BURST_LENGTH: return &p->burst_length;
    case N9_SDRAM_TDAL: return &p->tdal;
    case N9_SDRAM_TDPL: return &p->tdpl;
    case N9_SDRAM_TRRD: return &p->trrd;
    case N9_SDRAM_TRCD: return &p->trcd;
    case N9_SDRAM_TRP: return &p->trp;
    case N9_SDRAM_TRAS: return &p->tras;
    case N9_SDRAM_TRC: return &p->trc;
    case N9_SDRAM_TRFC: return &p->trfc;
    case N9_SDRAM_TXSR: return &p->txsr;
    case N9_SDRAM_TXP: return &p->txp;
    case N9_SDRAM_TCKE: return &p->tcke;
    case N9_SDRAM_TWTR: return &p->twtr;
    case N9_SDRAM_REFRESH_INTERVAL:
        *width = 32;
        return &p->refresh_interval;
    case N9_SDRAM_REFRESH_BURST: return &p->refresh_burst;
    case N9_SDRAM_PAGE_POLICY:
        *width = 1;
        return &c->power.page_policy;
    case N9_SDRAM_PWDENA:
        *width = 1;
        return &c->power.pwdena;
    case N9_SDRAM_EXTCLKDIS:
        *width = 1;
        return &c->power.extclkdis;
    case N9_SDRAM_CLKCTRL: return &c->power.clkctrl;
    case N9_SDRAM_SRFR_ON_IDLE_REQ:
        *width = 1;
        return &c->power.srfr_on_idle_req;
    case N9_SDRAM_AUTOCOUNT:
        *width = 16;
        return &c->power.autocount;
    default:
        g_assert_not_reached();
    }
}

void n9_timing_sdram_apply(const N9SdramOverrides *o, SdrcConfig *c)
{
    for (int k = 0; k < N9_SDRAM_NUM_KEYS; k++) {
        if (!o->set[k]) {
            continue;
        }
        /* SDRC_POWER's fields once, the chip selects' on both */
        for (int cs = 0; cs < (k >= N9_SDRAM_PAGE_POLICY ? 1 : SDRC_NUM_CS);
             cs++) {
            int w;
            void *f = n9_sdram_field(c, cs, k, &w);

            switch (w) {
            case 1:
                *(bool *)f = o->value[k];
                break;
            case 8:
                *(uint8_t *)f = o->value[k];
                break;
            case 16:
                *(uint16_t *)f = o->value[k];
                break;
            default:
                *(uint32_t *)f = o->value[k];
                break;
            }
        }
    }
}

uint32_t n9_timing_sdram_value(const SdrcConfig *c, int key)
{
    int w;
    void *f = n9_sdram_field((SdrcConfig *)c, 0, key, &w);

    switch (w) {
    case 1: return *(bool *)f;
    case 8: return *(uint8_t *)f;
    case 16: return *(uint16_t *)f;
    default: return *(uint32_t *)f;
    }
}

static QDict *n9_l4ic_dict(const l4ic_params *p)
{
    QDict *d = qdict_new();

    for (int k = 0; k < ARRAY_SIZE(n9_timing_keys); k++) {
        qdict_put_int(d, n9_timing_keys[k],
                      *n9_timing_field((l4ic_params *)p, k));
    }
    return d;
}

void n9_timing_report(N9Timing *t, const SdrcConfig *cfg,
                      const SdrcConfig *regs_cfg, uint64_t mpu_hz,
                      uint64_t mpu_reg_hz, uint64_t l3_hz, uint64_t l3_reg_hz,
                      QDict **params, QDict **overrides)
{
    QDict *p = qdict_new(), *o = qdict_new(), *d;

    d = qdict_new();
    qdict_put_int(d, "seed", t->seed);
    qdict_put(p, "timing", d);
    for (guint i = 0; i < t->entries->len; i++) {
        N9TimingEntry *e = &g_array_index(t->entries, N9TimingEntry, i);
        g_autofree char *sec = e->group
            ? g_strdup_printf("%s.%s", e->agent, e->group)
            : g_strdup(e->agent);

        qdict_put(p, sec, n9_l4ic_dict(&e->p));
    }
    d = qdict_new();
    qdict_put_int(d, "ret_exit_ns", t->prcm.ret_exit_ns);
    qdict_put_int(d, "off_exit_ns", t->prcm.off_exit_ns);
    qdict_put_int(d, "dpll_lock_ns", t->prcm.dpll_lock_ns);
    qdict_put_int(d, "dpll_lock_refclks", t->prcm.dpll_lock_refclks);
    qdict_put(p, "prcm", d);
    d = qdict_new();
    qdict_put_int(d, "dll_relock_ns", t->sdrc.dll_relock_ns);
    qdict_put_int(d, "clock_restart_cycles", t->sdrc.clock_restart_cycles);
    qdict_put_int(d, "write_latency_cycles", t->sdrc.write_latency_cycles);
    qdict_put_int(d, "sr_exit_refreshes", t->sdrc.sr_exit_refreshes);
    qdict_put_int(d, "sr_overhead_ns", t->sdrc.sr_overhead_ns);
    qdict_put(p, "sdrc", d);
    d = qdict_new();
    for (unsigned i = 0; i < a8cache_num_param_keys; i++) {
        qdict_put_int(d, a8cache_param_keys[i].name,
                      *(const uint32_t *)((const char *)&t->cache +
                                          a8cache_param_keys[i].offset));
    }
    qdict_put(p, "cache", d);
    d = qdict_new();
    qdict_put_int(d, "actlr", t->actlr);
    qdict_put_int(d, "flush_cycles", t->flush_cycles);
    qdict_put_int(d, "cp15_flush", t->cp15_flush);
    qdict_put_int(d, "btb_ways", t->btb_ways);
    qdict_put_int(d, "btb_index_shift", t->btb_index_shift);
    qdict_put(p, "cpu", d);

    /* the register-derived ones: as in force now */
    d = qdict_new();
    qdict_put_int(d, "mpu_hz", mpu_hz);
    qdict_put_int(d, "l3_hz", l3_hz);
    qdict_put(p, "clocks", d);
    for (int i = 0; i < ARRAY_SIZE(n9_clock_keys); i++) {
        uint64_t set = *(uint64_t *)((char *)&t->clocks +
                                     n9_clock_keys[i].offset);
        g_autofree char *name = g_strdup_printf("clocks.%s",
                                                n9_clock_keys[i].name);
        QDict *od;

        if (!set) {
            continue;
        }
        od = qdict_new();
        qdict_put_int(od, "value", i == 0 ? mpu_hz : l3_hz);
        qdict_put_int(od, "registers", i == 0 ? mpu_reg_hz : l3_reg_hz);
        qdict_put(o, name, od);
    }
    d = qdict_new();
    for (int k = 0; k < N9_SDRAM_NUM_KEYS; k++) {
        qdict_put_int(d, n9_sdram_keys[k].name,
                      n9_timing_sdram_value(cfg, k));
        if (t->sdram.set[k]) {
            g_autofree char *name = g_strdup_printf("sdram.%s",
                                                    n9_sdram_keys[k].name);
            QDict *od = qdict_new();

            qdict_put_int(od, "value", n9_timing_sdram_value(cfg, k));
            qdict_put_int(od, "registers",
                          n9_timing_sdram_value(regs_cfg, k));
            qdict_put(o, name, od);
        }
    }
    qdict_put(p, "sdram", d);
    *params = p;
    *overrides = o;
}

bool n9_timing_enabled(void)
{
    return icount_enabled();
}

uint64_t n9_timing_io_stall_ns;

/*
 * As consumed instruction budget of the running vCPU (icount_charge,
 * qemu-n9/patches/0002): no lock, no TB exit, no main-loop wake-up.  The
 * agents charge only the vCPU's own accesses, so it is on its thread,
 * inside its TB loop; an MMIO access is the last instruction of its TB
 * under icount, so a stall that passes a timer deadline is taken at the
 * next instruction, as the phone takes the interrupt after the stalled
 * access.  (docs/architecture.md, "Charging a stall".)  It is also the
 * I/O access's stall the memory path settles results in flight by
 * (n9_timing_io_stall_ns).
 */
void n9_timing_stall(uint64_t ns)
{
    if (likely(current_cpu && current_cpu->running)) {
        icount_charge(current_cpu, ns);
        n9_timing_io_stall_ns += ns;
    } else {
        /* outside its TB loop the budget is not the vCPU's: not charged */
        warn_report_once("rm696: a modelled stall outside the vCPU's run "
                         "(%" PRIu64 " ns) was not charged", ns);
    }
}
