/*
 * kbench: what the kernel costs per operation, as the phone's kbench
 * measured it (docs/facts.md, "How the figures were taken"), timed with the cycle counter PMCCNTR (../membench/bench.h).
 *
 * Tests (-t, comma separated; default all), each in ns per operation, the
 * best of R runs (-r, default 3):
 *   syscall    getppid() through syscall(2) (glibc caches nothing here)
 *   yield      sched_yield() with nothing else to run
 *   pipe       a one-byte round trip between two processes over two pipes
 *   thread     a switch between two threads of one process: a futex
 *              ping-pong (FUTEX_WAIT/FUTEX_WAKE_PRIVATE); per switch, two
 *              per round trip
 *   process    the same between two processes (a futex in a shared
 *              mapping): a switch of address space too; per switch
 *   anonfault  first write to each page of a fresh anonymous mapping:
 *              one page fault (and a zeroed page) per page
 *   filefault  first read of each page of a file on tmpfs (-d DIR, default
 *              /tmp: the initramfs's tmpfs) through a fresh shared mapping;
 *              per page (the kernel's fault-around maps up to 16 pages per
 *              fault: the faults taken are printed)
 *   spawn      posix_spawn() of this program (which exits at once) and
 *              waitpid(): fork (vfork-like), exec of a static binary, exit
 *   memset     glibc memset over -b bytes (default 8 MB): MB/s
 *   memcpy     glibc memcpy of -b bytes: MB/s (MB = 10^6 bytes)
 * -n TEST=N[,TEST=N...] changes the operations per run (pages for the
 * faults).  Every run is checked: the operations happened as many times as
 * asked (counted on both sides of a ping-pong, page faults from
 * getrusage, children's exit statuses, buffer contents); a failed check
 * is printed ("check FAIL") and makes the exit status 3.
 *
 * Usage: kbench [-t TESTS] [-r R] [-n TEST=N,...] [-b BYTES] [-d DIR]
 *               [-m MHZ]
 * Exit status: 0 measured, 1 usage, 2 cannot measure, 3 a check failed.
 *
 * Output (stable for scripts; guest/README.md):
 *   # kbench: clock PMCCNTR 1000 MHz (cpufreq scaling_cur_freq), best of 3
 *   syscall ops 100000 cycles 81234567 ns_per_op 812.35 check ok
 *   anonfault ops 1024 cycles ... ns_per_op ... faults 1024 check ok
 *   memset ops 8388608 cycles ... MB_s ... check ok
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../membench/bench.h"

#define PAGE 4096u

extern char **environ;

static struct bench_clock clk;
static unsigned reps = 3;
static unsigned failures;
static size_t bytes = 8u << 20;
static const char *dir = "/tmp";
static char self[4096];

enum test_id {
    T_SYSCALL, T_YIELD, T_PIPE, T_THREAD, T_PROCESS, T_ANONFAULT,
    T_FILEFAULT, T_SPAWN, T_MEMSET, T_MEMCPY, T_COUNT
};

static const char *const names[T_COUNT] = {
    "syscall", "yield", "pipe", "thread", "process", "anonfault",
    "filefault", "spawn", "memset", "memcpy",
};

/* operations per run: round trips for pipe, thread, process (2 switches) */
static unsigned long ops[T_COUNT] = {
    100000, 100000, 10000, 10000, 10000, 1024, 1024, 100, 0, 0,
};

/* ------------------------------------------------------------------ */

static const char *check_str(int ok)
{
    if (!ok) {
        failures++;
    }
    return ok ? "ok" : "FAIL";
}

struct span {
    int64_t m0;
    uint32_t c0;
};

static inline void span_start(struct span *s)
{
    s->m0 = bench_mono_ns();
    s->c0 = bench_ccnt();
}

/* CPU cycles since span_start(), -1 if PMCCNTR was reset meanwhile */
static inline int64_t span_end(const struct span *s)
{
    uint32_t c1 = bench_ccnt();

    return bench_span(&clk, s->c0, c1, s->m0, bench_mono_ns());
}

static void best_add(int64_t *best, int64_t c)
{
    if (c >= 0 && (*best < 0 || c < *best)) {
        *best = c;
    }
}

static long minflt(void)
{
    struct rusage ru;

    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_minflt;
}

/* one result line; @extra: more fields, or "" */
static void report(enum test_id t, unsigned long n, int64_t best,
                   unsigned div, const char *extra, int ok)
{
    printf("%s ops %lu cycles %lld ns_per_op %.2f%s check %s\n", names[t], n,
           (long long)best,
           best < 0 ? -1.0 : bench_ns(&clk, (double)best) / ((double)n * div),
           extra, check_str(ok && best >= 0));
    fflush(stdout);
}

static int futex(volatile int *addr, int op, int val)
{
    return (int)syscall(SYS_futex, addr, op, val, NULL, NULL, 0);
}

/* ------------------------------------------------------------------ */
/* the tests                                                           */

static void t_syscall(unsigned long n)
{
    pid_t pp = getppid();
    int64_t best = -1;
    unsigned long i, good = 0;
    unsigned r;

    for (r = 0; r < reps; r++) {
        struct span s;

        good = 0;
        span_start(&s);
        for (i = 0; i < n; i++) {
            good += syscall(SYS_getppid) == pp;
        }
        best_add(&best, span_end(&s));
    }
    report(T_SYSCALL, n, best, 1, "", good == n);
}

static void t_yield(unsigned long n)
{
    int64_t best = -1;
    unsigned long i, good = 0;
    unsigned r;

    for (r = 0; r < reps; r++) {
        struct span s;

        good = 0;
        span_start(&s);
        for (i = 0; i < n; i++) {
            good += sched_yield() == 0;
        }
        best_add(&best, span_end(&s));
    }
    report(T_YIELD, n, best, 1, "", good == n);
}

static void t_pipe(unsigned long n)
{
    int64_t best = -1;
    unsigned r;
    int ok = 1;

    for (r = 0; r < reps; r++) {
        int to[2], from[2], st;
        unsigned long i, good = 0;
        unsigned char b;
        struct span s;
        pid_t pid;

        if (pipe(to) || pipe(from)) {
            perror("kbench: pipe");
            exit(2);
        }
        pid = fork();
        if (pid < 0) {
            perror("kbench: fork");
            exit(2);
        }
        if (pid == 0) {
            /* echo every byte; exit 0 if exactly n came */
            unsigned long got = 0;

            close(to[1]);
            close(from[0]);
            while (read(to[0], &b, 1) == 1) {
                if (write(from[1], &b, 1) != 1) {
                    _exit(1);
                }
                got++;
            }
            _exit(got == n ? 0 : 1);
        }
        close(to[0]);
        close(from[1]);
        span_start(&s);
        for (i = 0; i < n; i++) {
            unsigned char v = (unsigned char)i;

            if (write(to[1], &v, 1) != 1 || read(from[0], &b, 1) != 1) {
                break;
            }
            good += b == v;
        }
        best_add(&best, span_end(&s));
        close(to[1]);
        close(from[0]);
        ok = ok && waitpid(pid, &st, 0) == pid && WIFEXITED(st) &&
             WEXITSTATUS(st) == 0 && good == n;
    }
    report(T_PIPE, n, best, 1, "", ok);
}

/*
 * The ping-pong: side 0 runs when *turn == 0, side 1 when it is 1; each
 * hands over by flipping it and waking the other, then waits.  Each side
 * takes n turns: n round trips, 2n switches.  turn starts at 2 (nobody's):
 * side 1 starts, says it is ready and sleeps; then side 0 starts the clock
 * and takes the first turn.
 */
struct pingpong {
    volatile int turn, ready;
    volatile unsigned long count[2];
    unsigned long n;
    int op_wait, op_wake;
};

static void pingpong_side(struct pingpong *pp, int side)
{
    unsigned long i;
    int cur;

    for (i = 0; i < pp->n; i++) {
        while ((cur = pp->turn) != side) {
            futex(&pp->turn, pp->op_wait, cur);
        }
        pp->count[side]++;
        __atomic_store_n(&pp->turn, !side, __ATOMIC_SEQ_CST);
        futex(&pp->turn, pp->op_wake, 1);
    }
}

static void pingpong_init(struct pingpong *pp, unsigned long n, int shared)
{
    memset((void *)pp, 0, sizeof(*pp));
    pp->turn = 2;
    pp->n = n;
    pp->op_wait = shared ? FUTEX_WAIT : FUTEX_WAIT_PRIVATE;
    pp->op_wake = shared ? FUTEX_WAKE : FUTEX_WAKE_PRIVATE;
}

static void pingpong_second(struct pingpong *pp)
{
    pp->ready = 1;
    pingpong_side(pp, 1);
}

/* side 0: wait until side 1 is ready, then play; the span in cycles */
static int64_t pingpong_first(struct pingpong *pp)
{
    struct span s;

    while (!pp->ready) {
        sched_yield();
    }
    span_start(&s);
    __atomic_store_n(&pp->turn, 0, __ATOMIC_SEQ_CST);
    pingpong_side(pp, 0);
    /* side 1's last turn: it gives the turn back to 0 and ends */
    while (pp->turn != 0) {
        futex(&pp->turn, pp->op_wait, 1);
    }
    return span_end(&s);
}

static void *pingpong_thread(void *arg)
{
    pingpong_second(arg);
    return NULL;
}

static void t_thread(unsigned long n)
{
    int64_t best = -1;
    unsigned r;
    int ok = 1;

    for (r = 0; r < reps; r++) {
        struct pingpong pp;
        pthread_t th;

        pingpong_init(&pp, n, 0);
        if (pthread_create(&th, NULL, pingpong_thread, &pp)) {
            fprintf(stderr, "kbench: pthread_create failed\n");
            exit(2);
        }
        best_add(&best, pingpong_first(&pp));
        pthread_join(th, NULL);
        ok = ok && pp.count[0] == n && pp.count[1] == n;
    }
    report(T_THREAD, n, best, 2, "", ok);
}

static void t_process(unsigned long n)
{
    int64_t best = -1;
    unsigned r;
    int ok = 1;

    for (r = 0; r < reps; r++) {
        struct pingpong *pp = mmap(NULL, sizeof(*pp), PROT_READ | PROT_WRITE,
                                   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        pid_t pid;
        int st;

        if (pp == MAP_FAILED) {
            perror("kbench: mmap");
            exit(2);
        }
        pingpong_init(pp, n, 1);
        pid = fork();
        if (pid < 0) {
            perror("kbench: fork");
            exit(2);
        }
        if (pid == 0) {
            pingpong_second(pp);
            _exit(0);
        }
        best_add(&best, pingpong_first(pp));
        ok = ok && waitpid(pid, &st, 0) == pid && WIFEXITED(st) &&
             WEXITSTATUS(st) == 0;
        ok = ok && pp->count[0] == n && pp->count[1] == n;
        munmap(pp, sizeof(*pp));
    }
    report(T_PROCESS, n, best, 2, "", ok);
}

static void t_anonfault(unsigned long n)
{
    int64_t best = -1;
    long faults = 0;
    unsigned r;
    int ok = 1;
    char extra[48];

    for (r = 0; r < reps; r++) {
        char *p = mmap(NULL, n * PAGE, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        unsigned long i;
        struct span s;
        long f0;

        if (p == MAP_FAILED) {
            perror("kbench: mmap");
            exit(2);
        }
        f0 = minflt();
        span_start(&s);
        for (i = 0; i < n; i++) {
            p[i * PAGE] = (char)(i | 1);
        }
        best_add(&best, span_end(&s));
        faults = minflt() - f0;
        for (i = 0; i < n; i++) {
            ok = ok && p[i * PAGE] == (char)(i | 1);
        }
        ok = ok && faults >= (long)n;
        munmap(p, n * PAGE);
    }
    snprintf(extra, sizeof(extra), " faults %ld", faults);
    report(T_ANONFAULT, n, best, 1, extra, ok);
}

static void t_filefault(unsigned long n)
{
    char path[4200], extra[48];
    int64_t best = -1;
    long faults = 0;
    uint32_t ref = 0;
    unsigned long i;
    uint32_t *page;
    unsigned r;
    int fd, ok = 1;

    snprintf(path, sizeof(path), "%s/kbench.XXXXXX", dir);
    fd = mkstemp(path);
    if (fd < 0) {
        fprintf(stderr, "kbench: cannot create a file in %s: %s\n", dir,
                strerror(errno));
        exit(2);
    }
    page = calloc(1, PAGE);
    for (i = 0; i < n; i++) {
        page[0] = (uint32_t)i * 2654435761u + 1;
        ref += page[0];
        if (write(fd, page, PAGE) != (ssize_t)PAGE) {
            fprintf(stderr, "kbench: writing %s: %s\n", path, strerror(errno));
            exit(2);
        }
    }
    free(page);
    for (r = 0; r < reps; r++) {
        const char *p = mmap(NULL, n * PAGE, PROT_READ, MAP_SHARED, fd, 0);
        uint32_t sum = 0;
        struct span s;
        long f0;

        if (p == MAP_FAILED) {
            perror("kbench: mmap of the file");
            exit(2);
        }
        f0 = minflt();
        span_start(&s);
        for (i = 0; i < n; i++) {
            sum += *(const volatile uint32_t *)(p + i * PAGE);
        }
        best_add(&best, span_end(&s));
        faults = minflt() - f0;
        ok = ok && sum == ref && faults > 0;
        munmap((void *)p, n * PAGE);
    }
    close(fd);
    unlink(path);
    snprintf(extra, sizeof(extra), " faults %ld", faults);
    report(T_FILEFAULT, n, best, 1, extra, ok);
}

static void t_spawn(unsigned long n)
{
    char *argv[] = { self, (char *)"-x", NULL };
    int64_t best = -1;
    unsigned long i, good = 0;
    unsigned r;

    for (r = 0; r < reps; r++) {
        struct span s;

        good = 0;
        span_start(&s);
        for (i = 0; i < n; i++) {
            pid_t pid;
            int st;

            if (posix_spawn(&pid, self, NULL, NULL, argv, environ) == 0 &&
                waitpid(pid, &st, 0) == pid && WIFEXITED(st) &&
                WEXITSTATUS(st) == 0) {
                good++;
            }
        }
        best_add(&best, span_end(&s));
    }
    report(T_SPAWN, n, best, 1, "", good == n);
}

static void mb_report(enum test_id t, int64_t best, int ok)
{
    printf("%s ops %zu cycles %lld MB_s %.2f check %s\n", names[t], bytes,
           (long long)best,
           best <= 0 ? -1.0 : (double)bytes * 1000.0 /
                              bench_ns(&clk, (double)best),
           check_str(ok && best >= 0));
    fflush(stdout);
}

static void t_memset(void)
{
    unsigned char *p = malloc(bytes);
    int64_t best = -1;
    unsigned r;
    size_t i;
    int ok = 1;

    if (!p) {
        fprintf(stderr, "kbench: out of memory\n");
        exit(2);
    }
    memset(p, 0, bytes);        /* pages present before timing */
    for (r = 0; r < reps; r++) {
        unsigned char v = (unsigned char)(0x3c + r);
        struct span s;

        span_start(&s);
        memset(p, v, bytes);
        best_add(&best, span_end(&s));
        for (i = 0; i < bytes; i += 61) {
            ok = ok && p[i] == v;
        }
        ok = ok && p[bytes - 1] == v;
    }
    free(p);
    mb_report(T_MEMSET, best, ok);
}

static void t_memcpy(void)
{
    unsigned char *src = malloc(bytes), *dst = malloc(bytes);
    int64_t best = -1;
    unsigned r;
    size_t i;
    int ok = 1;

    if (!src || !dst) {
        fprintf(stderr, "kbench: out of memory\n");
        exit(2);
    }
    for (i = 0; i < bytes; i++) {
        src[i] = (unsigned char)(i * 7 + (i >> 12));
    }
    for (r = 0; r < reps; r++) {
        struct span s;

        memset(dst, 0, bytes);
        span_start(&s);
        memcpy(dst, src, bytes);
        best_add(&best, span_end(&s));
        ok = ok && memcmp(dst, src, bytes) == 0;
    }
    free(src);
    free(dst);
    mb_report(T_MEMCPY, best, ok);
}

/* ------------------------------------------------------------------ */

static void usage(void)
{
    fprintf(stderr,
            "usage: kbench [-t TESTS] [-r R] [-n TEST=N,...] [-b BYTES] "
            "[-d DIR] [-m MHZ]\n"
            "  tests: syscall yield pipe thread process anonfault filefault "
            "spawn memset memcpy\n");
    exit(1);
}

static int test_by_name(const char *s)
{
    int t;

    for (t = 0; t < T_COUNT; t++) {
        if (!strcmp(s, names[t])) {
            return t;
        }
    }
    fprintf(stderr, "kbench: unknown test '%s'\n", s);
    usage();
    return -1;
}

static unsigned long num(const char *s, const char *opt, unsigned long lo,
                         unsigned long hi)
{
    char *end;
    unsigned long v = strtoul(s, &end, 0);

    if (end == s || *end || v < lo || v > hi) {
        fprintf(stderr, "kbench: %s wants %lu..%lu\n", opt, lo, hi);
        usage();
    }
    return v;
}

int main(int argc, char **argv)
{
    unsigned want = 0;
    unsigned long mhz = 0;
    char cs[96], *list, *tok, *save, *end;
    ssize_t len;
    int c, t;

    while ((c = getopt(argc, argv, "t:r:n:b:d:m:xh")) != -1) {
        switch (c) {
        case 'x':
            return 0;           /* the spawn test's child */
        case 't':
            list = strdup(optarg);
            save = NULL;
            for (tok = strtok_r(list, ",", &save); tok;
                 tok = strtok_r(NULL, ",", &save)) {
                want |= 1u << test_by_name(tok);
            }
            free(list);
            break;
        case 'r':
            reps = num(optarg, "-r", 1, 1000);
            break;
        case 'n':
            list = strdup(optarg);
            save = NULL;
            for (tok = strtok_r(list, ",", &save); tok;
                 tok = strtok_r(NULL, ",", &save)) {
                char *eq = strchr(tok, '=');

                if (!eq) {
                    fprintf(stderr, "kbench: -n wants TEST=N\n");
                    usage();
                }
                *eq = 0;
                t = test_by_name(tok);
                if (t == T_MEMSET || t == T_MEMCPY) {
                    fprintf(stderr, "kbench: -b sets memset's and memcpy's "
                            "bytes\n");
                    usage();
                }
                ops[t] = num(eq + 1, "-n", 1, 100000000);
            }
            free(list);
            break;
        case 'b':
            bytes = strtoul(optarg, &end, 0);
            if (*end == 'K' || *end == 'k') {
                bytes <<= 10;
                end++;
            } else if (*end == 'M' || *end == 'm') {
                bytes <<= 20;
                end++;
            }
            if (end == optarg || *end || bytes < 64 || bytes > (256u << 20)) {
                fprintf(stderr, "kbench: -b wants 64 bytes .. 256M\n");
                usage();
            }
            break;
        case 'd':
            dir = optarg;
            break;
        case 'm':
            mhz = num(optarg, "-m", 1, 10000);
            break;
        default:
            usage();
        }
    }
    if (optind != argc) {
        usage();
    }
    if (!want) {
        want = (1u << T_COUNT) - 1;
    }
    len = readlink("/proc/self/exe", self, sizeof(self) - 1);
    if (len <= 0) {
        fprintf(stderr, "kbench: cannot read /proc/self/exe\n");
        return 2;
    }
    self[len] = 0;

    bench_clock_init(&clk, "kbench", mhz);
    printf("# kbench: clock %s, best of %u\n",
           bench_clock_str(&clk, cs, sizeof(cs)), reps);
    fflush(stdout);
    for (t = 0; t < T_COUNT; t++) {
        if (!(want & (1u << t))) {
            continue;
        }
        switch (t) {
        case T_SYSCALL:   t_syscall(ops[t]);   break;
        case T_YIELD:     t_yield(ops[t]);     break;
        case T_PIPE:      t_pipe(ops[t]);      break;
        case T_THREAD:    t_thread(ops[t]);    break;
        case T_PROCESS:   t_process(ops[t]);   break;
        case T_ANONFAULT: t_anonfault(ops[t]); break;
        case T_FILEFAULT: t_filefault(ops[t]); break;
        case T_SPAWN:     t_spawn(ops[t]);     break;
        case T_MEMSET:    t_memset();          break;
        case T_MEMCPY:    t_memcpy();          break;
        }
    }
    if (failures) {
        printf("# kbench: %u checks FAILED\n", failures);
        return 3;
    }
    printf("# kbench: all checks ok\n");
    return 0;
}
