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
 * qemu-n9/timing/n9-phone.ini spells out the defaults.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/error-report.h"
#include "system/cpu-timers.h"
#include "hw/core/cpu.h"
#include "n9_timing.h"

static const char *const n9_agent_names[L4IC_NUM_AGENTS] = {
    [L4IC_WKUP] = "l4-wkup",
    [L4IC_CORE] = "l4-core",
    [L4IC_PER] = "l4-per",
    [L4IC_EMU] = "l4-emu",
    [L4IC_L3] = "l3",
};

static const char *const n9_timing_keys[] = {
    "read_min_ns", "read_max_ns", "write_min_ns", "write_max_ns",
};

static uint32_t *n9_timing_field(l4ic_params *p, int key)
{
    switch (key) {
    case 0: return &p->read_min_ns;
    case 1: return &p->read_max_ns;
    case 2: return &p->write_min_ns;
    default: return &p->write_max_ns;
    }
}

N9Timing *n9_timing_new(void)
{
    N9Timing *t = g_new0(N9Timing, 1);

    t->seed = 1;
    t->prcm = prcm_wake_default_params;
    t->sdrc = sdrc_default_params;
    t->cache = a8cache_default_params;
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
    GHashTable *where;      /* "section\nkey" or "section" -> line */
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
} N9U32Key;

/*
 * Section @sec: each key one of @keys (@n of them), a whole number from 0
 * to @max, stored at its offset in @base.  An unknown key or a bad value
 * names the file, the line and the known keys.
 */
static bool n9_timing_load_u32_keys(GKeyFile *kf, N9IniLines *lines,
                                    const char *file, const char *sec,
                                    const N9U32Key *keys, size_t n,
                                    uint32_t max, void *base, Error **errp)
{
    g_auto(GStrv) names = g_key_file_get_keys(kf, sec, NULL, NULL);

    for (int k = 0; names[k]; k++) {
        g_autofree char *v = g_key_file_get_value(kf, sec, names[k], NULL);
        int line = n9_ini_line(lines, sec, names[k]);
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
            error_setg(errp, "timing file %s, line %d: [%s] %s: unknown "
                       "key (known: %s)", file, line, sec, names[k],
                       known->str);
            return false;
        }
        if (!n9_parse_u64(v, max, &val)) {
            error_setg(errp, "timing file %s, line %d: [%s] %s: '%s' is "
                       "not a whole number from 0 to %u", file, line, sec,
                       names[k], v, max);
            return false;
        }
        *(uint32_t *)((char *)base + keys[i].off) = val;
    }
    return true;
}

/* [prcm]: the wake-up latency parameters of models/prcm/wakeup.h */
static bool n9_timing_load_prcm(N9Timing *t, GKeyFile *kf, N9IniLines *lines,
                                const char *file, Error **errp)
{
    static const N9U32Key keys[] = {
        { "ret_exit_ns", offsetof(PrcmWakeParams, ret_exit_ns) },
        { "off_exit_ns", offsetof(PrcmWakeParams, off_exit_ns) },
        { "dpll_lock_ns", offsetof(PrcmWakeParams, dpll_lock_ns) },
        { "dpll_lock_refclks", offsetof(PrcmWakeParams, dpll_lock_refclks) },
    };
    const char *why;

    if (!n9_timing_load_u32_keys(kf, lines, file, "prcm", keys,
                                 ARRAY_SIZE(keys), PRCM_WAKE_PARAM_MAX,
                                 &t->prcm, errp)) {
        return false;
    }
    why = prcm_wake_params_check(&t->prcm);
    if (why) {
        error_setg(errp, "timing file %s, line %d: [prcm]: %s", file,
                   n9_ini_line(lines, "prcm", NULL), why);
        return false;
    }
    return true;
}

/* [sdrc]: the SDRAM controller parameters of models/sdrc/sdrc.h */
static bool n9_timing_load_sdrc(N9Timing *t, GKeyFile *kf, N9IniLines *lines,
                                const char *file, Error **errp)
{
    static const N9U32Key keys[] = {
        { "dll_relock_ns", offsetof(SdrcParams, dll_relock_ns) },
        { "clock_restart_cycles", offsetof(SdrcParams, clock_restart_cycles) },
        { "write_latency_cycles", offsetof(SdrcParams, write_latency_cycles) },
    };

    return n9_timing_load_u32_keys(kf, lines, file, "sdrc", keys,
                                   ARRAY_SIZE(keys), SDRC_PARAM_MAX,
                                   &t->sdrc, errp);
}

/* [cache]: the Cortex-A8 cache and TLB parameters; models/cache lists its
 * keys, their places in a8cache_params and their ranges. */
static bool n9_timing_load_cache(N9Timing *t, GKeyFile *kf, N9IniLines *lines,
                                 const char *file, Error **errp)
{
    g_auto(GStrv) names = g_key_file_get_keys(kf, "cache", NULL, NULL);
    const char *why;

    for (int k = 0; names[k]; k++) {
        g_autofree char *v = g_key_file_get_value(kf, "cache", names[k], NULL);
        int line = n9_ini_line(lines, "cache", names[k]);
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
            error_setg(errp, "timing file %s, line %d: [cache] %s: unknown "
                       "key (known: %s)", file, line, names[k], known->str);
            return false;
        }
        if (!n9_parse_u64(v, key->max, &val) || val < key->min) {
            error_setg(errp, "timing file %s, line %d: [cache] %s: '%s' is "
                       "not a whole number from %u to %u", file, line,
                       names[k], v, key->min, key->max);
            return false;
        }
        *(uint32_t *)((char *)&t->cache + key->offset) = val;
    }
    why = a8cache_params_check(&t->cache);
    if (why) {
        error_setg(errp, "timing file %s, line %d: [cache]: %s", file,
                   n9_ini_line(lines, "cache", NULL), why);
        return false;
    }
    return true;
}

bool n9_timing_load(N9Timing *t, const char *file, Error **errp)
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

    if (!g_file_get_contents(file, &text, &len, &gerr)) {
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

    t->file = g_strdup(file);
    groups = g_key_file_get_groups(kf, NULL);
    /* Agents first, then groups: a group starts from its agent's values. */
    ngroups = g_strv_length(groups);
    for (int gi = 0; gi < 2 * ngroups; gi++) {
        const char *sec = groups[gi % ngroups];
        bool group_pass = gi >= ngroups;
        int sline = n9_ini_line(&lines, sec, NULL);
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
                int line = n9_ini_line(&lines, sec, keys[k]);

                if (strcmp(keys[k], "seed")) {
                    error_setg(errp, "timing file %s, line %d: [timing] %s: "
                               "unknown key (known: seed)", file, line, keys[k]);
                    goto out;
                }
                if (!n9_parse_u64(v, UINT64_MAX, &t->seed)) {
                    error_setg(errp, "timing file %s, line %d: [timing] seed: "
                               "'%s' is not a whole number", file, line, v);
                    goto out;
                }
            }
            continue;
        }

        if (!strcmp(sec, "prcm")) {
            if (!n9_timing_load_prcm(t, kf, &lines, file, errp)) {
                goto out;
            }
            continue;
        }

        if (!strcmp(sec, "sdrc")) {
            if (!n9_timing_load_sdrc(t, kf, &lines, file, errp)) {
                goto out;
            }
            continue;
        }

        if (!strcmp(sec, "cache")) {
            if (!n9_timing_load_cache(t, kf, &lines, file, errp)) {
                goto out;
            }
            continue;
        }

        agent = dot ? g_strndup(sec, dot - sec) : g_strdup(sec);
        e = n9_timing_find(t, agent, NULL);
        if (!e || (dot && !dot[1])) {
            error_setg(errp, "timing file %s, line %d: [%s]: unknown section "
                       "(known: timing, prcm, sdrc, cache, l4-wkup, l4-core, "
                       "l4-per, l4-emu, l3, and agent.group for one "
                       "register group)",
                       file, sline, sec);
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
            int line = n9_ini_line(&lines, sec, keys[k]);
            uint64_t val;
            int key;

            for (key = 0; key < ARRAY_SIZE(n9_timing_keys); key++) {
                if (!strcmp(keys[k], n9_timing_keys[key])) {
                    break;
                }
            }
            if (key == ARRAY_SIZE(n9_timing_keys)) {
                error_setg(errp, "timing file %s, line %d: [%s] %s: unknown "
                           "key (known: read_min_ns, read_max_ns, "
                           "write_min_ns, write_max_ns)",
                           file, line, sec, keys[k]);
                goto out;
            }
            if (!n9_parse_u64(v, L4IC_MAX_NS, &val)) {
                error_setg(errp, "timing file %s, line %d: [%s] %s: '%s' is "
                           "not a whole number of ns from 0 to %u",
                           file, line, sec, keys[k], v, L4IC_MAX_NS);
                goto out;
            }
            *n9_timing_field(&e->p, key) = val;
        }
        {
            const char *why = l4ic_params_check(&e->p);

            if (why) {
                error_setg(errp, "timing file %s, line %d: [%s]: %s",
                           file, sline, sec, why);
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
            error_setg(errp, "timing file %s, line %d: [%s.%s]: %s has no "
                       "register group '%s' (groups are the blocks behind "
                       "the agent: see qom-list /machine/soc/%s/groups)",
                       t->file, e->line, e->agent, e->group, e->agent,
                       e->group, e->agent);
            return false;
        }
    }
    return true;
}

bool n9_timing_enabled(void)
{
    return icount_enabled();
}

/*
 * As consumed instruction budget of the running vCPU (icount_charge,
 * qemu-n9/patches/0005): no lock, no TB exit, no main-loop wake-up.  The
 * agents charge only the vCPU's own accesses, so it is on its thread,
 * inside its TB loop (else, defensively, icount_stall).  icount_stall (patches/0002: the bias under the
 * seqlock, a clock notify and a cpu_exit per access) gives the same
 * guest figures at about 8x the host CPU time on MMIO-bound code
 * (docs/architecture.md, "Charging a stall").
 */
void n9_timing_stall(uint64_t ns)
{
    if (current_cpu && current_cpu->running) {
        icount_charge(current_cpu, ns);
    } else {
        /* outside its TB loop a charge would be lost with the budget */
        icount_stall(ns);
    }
}
