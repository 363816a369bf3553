/*
 * idlecount: idle entries and residency per C-state over a window, from the
 * kernel's own trace events, as measured on the phone.
 *
 * Enables the tracefs events power:cpu_idle (cpuidle_enter_state() emits
 * one with the state's index just before the driver's enter function and
 * one with state=4294967295 just after it returns) and
 * power:power_domain_target (pwrdm_set_next_pwrst(), once per programmed
 * domain), lets the window pass (-s SECONDS, or the run of a command), then
 * reads the trace buffer and counts per C-state: the entries, the summed
 * and mean residency (the exit event's timestamp minus the enter event's,
 * in the trace clock, which on the N9 is sched_clock: the 32 kHz sync
 * counter, 30.5 us steps), and the power_domain_target events emitted
 * between an enter and its exit, per entry.  The cpuidle sysfs counters
 * (usage, time) are read just before tracing starts and just after it
 * stops, and their deltas are printed beside the trace's figures.
 *
 * Usage: idlecount [-s SECONDS] [-o FILE] [-- CMD [ARG...]]
 *   -s SECONDS   the window (default 1; decimals allowed); ignored with CMD
 *   -o FILE      write the result to FILE instead of standard output
 *   -- CMD ...   the window is CMD's run (its exit status is ours)
 * Run as root.  Exit status: 0 measured, 1 usage, 2 cannot measure.
 *
 * Output (stable for scripts): comment lines starting with '#', then one
 * line per cpuidle state of cpu0, in index order:
 *   # idlecount: window_us W tracefs DIR trace_clock CLOCK
 *   # events E lost L unmatched U pwrdm_targets_outside P
 *   C3 entries 10 residency_us 1998740 mean_us 199874.0
 *      pwrdm_targets_per_entry 2.00 usage_delta 10 time_us_delta 1998765
 * (one line; residency_us and mean_us from the trace, usage_delta and
 * time_us_delta from sysfs).  "lost": events the ring buffer dropped
 * (entries-written minus entries-in-buffer); "unmatched": enter events
 * without an exit or exits without an enter.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_STATES  10          /* CPUIDLE_STATE_MAX */
#define MAX_CPUS    8
#define EXIT_STATE  4294967295UL    /* PWR_EVENT_EXIT */
#define CPUIDLE_DIR "/sys/devices/system/cpu/cpu0/cpuidle"

static const char *tracefs;

struct state {
    char name[32];
    unsigned long long usage0, usage1, time0, time1;    /* sysfs */
    unsigned long long entries, exits, residency_ns, pwrdm;
};

static struct state states[MAX_STATES + 1];     /* the last: unknown index */
static int nstates;

static void die(const char *fmt, const char *arg)
{
    fprintf(stderr, "idlecount: ");
    fprintf(stderr, fmt, arg, arg ? strerror(errno) : "");
    fputc('\n', stderr);
    exit(2);
}

static int read_text(const char *path, char *buf, size_t len)
{
    int fd = open(path, O_RDONLY);
    ssize_t n;

    if (fd < 0) {
        return -1;
    }
    n = read(fd, buf, len - 1);
    close(fd);
    if (n < 0) {
        return -1;
    }
    buf[n] = 0;
    while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' ')) {
        buf[--n] = 0;
    }
    return 0;
}

static unsigned long long read_ull(const char *path)
{
    char buf[64];

    if (read_text(path, buf, sizeof(buf))) {
        die("cannot read %s: %s", path);
    }
    return strtoull(buf, NULL, 10);
}

static void write_text(const char *path, const char *val)
{
    int fd = open(path, O_WRONLY | O_TRUNC);

    if (fd < 0 || write(fd, val, strlen(val)) != (ssize_t)strlen(val)) {
        die("cannot write %s: %s", path);
    }
    close(fd);
}

static const char *tpath(const char *rel)
{
    static char buf[4][256];
    static int i;

    i = (i + 1) % 4;
    snprintf(buf[i], sizeof(buf[i]), "%s/%s", tracefs, rel);
    return buf[i];
}

static void find_tracefs(void)
{
    static const char *dirs[] = { "/sys/kernel/tracing",
                                  "/sys/kernel/debug/tracing" };
    struct stat st;
    char p[256];
    unsigned i;

    for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
        snprintf(p, sizeof(p), "%s/events/power/cpu_idle/enable", dirs[i]);
        if (!stat(p, &st)) {
            tracefs = dirs[i];
            return;
        }
    }
    errno = ENOENT;
    die("no tracefs with events/power/cpu_idle (mount -t tracefs tracefs "
        "/sys/kernel/tracing; kernel needs CONFIG_FTRACE): %s%s", "");
}

static void snap_sysfs(int after)
{
    char p[128];
    int i;

    for (i = 0; i < nstates; i++) {
        snprintf(p, sizeof(p), CPUIDLE_DIR "/state%d/usage", i);
        *(after ? &states[i].usage1 : &states[i].usage0) = read_ull(p);
        snprintf(p, sizeof(p), CPUIDLE_DIR "/state%d/time", i);
        *(after ? &states[i].time1 : &states[i].time0) = read_ull(p);
    }
}

static void find_states(void)
{
    char p[128];

    for (nstates = 0; nstates < MAX_STATES; nstates++) {
        snprintf(p, sizeof(p), CPUIDLE_DIR "/state%d/name", nstates);
        if (read_text(p, states[nstates].name,
                      sizeof(states[nstates].name))) {
            break;
        }
    }
    if (!nstates) {
        die("no cpuidle states in %s: %s", CPUIDLE_DIR);
    }
    snprintf(states[MAX_STATES].name, sizeof(states[0].name), "other");
}

/* "  123.456789: " ending at @end: the timestamp in ns */
static int parse_ts(const char *line, const char *end, uint64_t *ns)
{
    const char *p = end, *dot = NULL;
    uint64_t s = 0, f = 0;
    int digits = 0;

    while (p > line && p[-1] != ' ') {
        p--;
    }
    for (; p < end; p++) {
        if (*p == '.') {
            dot = p;
        } else if (*p >= '0' && *p <= '9') {
            if (dot) {
                if (digits < 9) {
                    f = f * 10 + (*p - '0');
                    digits++;
                }
            } else {
                s = s * 10 + (*p - '0');
            }
        } else {
            return -1;
        }
    }
    while (digits++ < 9) {
        f *= 10;
    }
    *ns = s * 1000000000ull + f;
    return 0;
}

static unsigned long long n_events, n_lost, n_unmatched, n_outside;

static void parse_trace(void)
{
    FILE *f = fopen(tpath("trace"), "r");
    int open_state[MAX_CPUS];
    uint64_t open_ts[MAX_CPUS];
    char *line = NULL;
    size_t cap = 0;
    int i;

    if (!f) {
        die("cannot read %s: %s", tpath("trace"));
    }
    for (i = 0; i < MAX_CPUS; i++) {
        open_state[i] = -1;
    }
    while (getline(&line, &cap, f) > 0) {
        unsigned long long inbuf, written;
        unsigned long st;
        unsigned cpu;
        uint64_t ts;
        char *p;

        if (line[0] == '#') {
            if (sscanf(line, "# entries-in-buffer/entries-written: %llu/%llu",
                       &inbuf, &written) == 2 && written > inbuf) {
                n_lost = written - inbuf;
            }
            continue;
        }
        if ((p = strstr(line, ": cpu_idle: state="))) {
            if (sscanf(p, ": cpu_idle: state=%lu cpu_id=%u", &st, &cpu) != 2
                || cpu >= MAX_CPUS || parse_ts(line, p, &ts)) {
                continue;
            }
            n_events++;
            if (st == EXIT_STATE) {
                if (open_state[cpu] < 0) {
                    n_unmatched++;
                    continue;
                }
                states[open_state[cpu]].exits++;
                states[open_state[cpu]].residency_ns += ts - open_ts[cpu];
                open_state[cpu] = -1;
            } else {
                if (open_state[cpu] >= 0) {
                    n_unmatched++;
                }
                open_state[cpu] = st < (unsigned long)nstates ? (int)st
                                                              : MAX_STATES;
                open_ts[cpu] = ts;
                states[open_state[cpu]].entries++;
            }
        } else if ((p = strstr(line, ": power_domain_target: "))) {
            if (!(p = strstr(p, " cpu_id=")) ||
                sscanf(p, " cpu_id=%u", &cpu) != 1 || cpu >= MAX_CPUS) {
                continue;
            }
            n_events++;
            if (open_state[cpu] >= 0) {
                states[open_state[cpu]].pwrdm++;
            } else {
                n_outside++;
            }
        }
    }
    for (i = 0; i < MAX_CPUS; i++) {
        n_unmatched += open_state[i] >= 0;
    }
    free(line);
    fclose(f);
}

static void usage(void)
{
    fprintf(stderr, "usage: idlecount [-s SECONDS] [-o FILE] "
            "[-- CMD [ARG...]]\n");
    exit(1);
}

static uint64_t now_ns(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000ull + t.tv_nsec;
}

int main(int argc, char **argv)
{
    static const char *events[] = { "events/power/cpu_idle/enable",
                                    "events/power/power_domain_target/enable" };
    char old_on[16], old_ev[2][16], clk[128], *end, *c1, *c2;
    const char *outfile = NULL;
    double secs = 1;
    uint64_t t0, t1;
    FILE *out = stdout;
    int opt, i, status = 0;
    struct stat sb;

    while ((opt = getopt(argc, argv, "s:o:h")) != -1) {
        switch (opt) {
        case 's':
            secs = strtod(optarg, &end);
            if (*end || !(secs > 0) || secs > 86400) {
                fprintf(stderr, "idlecount: -s wants seconds above 0\n");
                usage();
            }
            break;
        case 'o':
            outfile = optarg;
            break;
        default:
            usage();
        }
    }

    find_tracefs();
    find_states();
    if (read_text(tpath("tracing_on"), old_on, sizeof(old_on))) {
        die("cannot read %s: %s", tpath("tracing_on"));
    }
    for (i = 0; i < 2; i++) {
        if (stat(tpath(events[i]), &sb)) {
            old_ev[i][0] = 0;       /* no such event on this kernel */
        } else if (read_text(tpath(events[i]), old_ev[i], sizeof(old_ev[i]))) {
            die("cannot read %s: %s", tpath(events[i]));
        }
    }
    /* "[local] global ..." -> "local" */
    if (read_text(tpath("trace_clock"), clk, sizeof(clk)) ||
        !(c1 = strchr(clk, '[')) || !(c2 = strchr(c1, ']'))) {
        snprintf(clk, sizeof(clk), "?");
    } else {
        *c2 = 0;
        memmove(clk, c1 + 1, strlen(c1 + 1) + 1);
    }

    /* Set up with tracing off, then: sysfs, tracing on, window, off, sysfs */
    write_text(tpath("tracing_on"), "0");
    write_text(tpath("trace"), "");
    for (i = 0; i < 2; i++) {
        if (old_ev[i][0]) {
            write_text(tpath(events[i]), "1");
        }
    }
    fflush(NULL);
    snap_sysfs(0);
    t0 = now_ns();
    write_text(tpath("tracing_on"), "1");
    if (optind < argc) {
        pid_t pid = fork();

        if (pid == 0) {
            execvp(argv[optind], argv + optind);
            fprintf(stderr, "idlecount: cannot run %s: %s\n", argv[optind],
                    strerror(errno));
            _exit(127);
        }
        if (pid < 0 || waitpid(pid, &status, 0) < 0) {
            write_text(tpath("tracing_on"), old_on);
            die("cannot run the command: %s%s", "");
        }
        status = WIFEXITED(status) ? WEXITSTATUS(status)
                                   : 128 + WTERMSIG(status);
    } else {
        struct timespec ts = {
            .tv_sec = (time_t)secs,
            .tv_nsec = (long)((secs - (time_t)secs) * 1e9),
        };

        while (clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, &ts) == EINTR) {
        }
    }
    write_text(tpath("tracing_on"), "0");
    t1 = now_ns();
    snap_sysfs(1);

    for (i = 0; i < 2; i++) {
        if (old_ev[i][0]) {
            write_text(tpath(events[i]), old_ev[i]);
        }
    }
    parse_trace();
    write_text(tpath("tracing_on"), old_on);

    if (outfile && !(out = fopen(outfile, "w"))) {
        die("cannot write %s: %s", outfile);
    }
    fprintf(out, "# idlecount: window_us %llu tracefs %s trace_clock %s\n",
            (unsigned long long)(t1 - t0) / 1000, tracefs, clk);
    fprintf(out, "# events %llu lost %llu unmatched %llu "
            "pwrdm_targets_outside %llu\n",
            n_events, n_lost, n_unmatched, n_outside);
    for (i = 0; i <= MAX_STATES; i++) {
        struct state *s = &states[i];

        if (i >= nstates && (i < MAX_STATES || !s->entries)) {
            continue;
        }
        fprintf(out, "%s entries %llu residency_us %llu mean_us %.1f "
                "pwrdm_targets_per_entry %.2f usage_delta %llu "
                "time_us_delta %llu\n",
                s->name, s->entries, s->residency_ns / 1000,
                s->exits ? s->residency_ns / 1e3 / s->exits : 0.0,
                s->entries ? (double)s->pwrdm / s->entries : 0.0,
                s->usage1 - s->usage0, s->time1 - s->time0);
    }
    if (out != stdout && fclose(out)) {
        die("cannot write %s: %s", outfile);
    }
    return status;
}
