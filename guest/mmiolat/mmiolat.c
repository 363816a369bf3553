/*
 * mmiolat: the cost of one register read, per target, measured from Linux
 * user space the way it was measured on the N9: the registers are mapped
 * through /dev/mem (uncached, as O_SYNC gives), and N reads of one register
 * are timed with the cycle counter PMCCNTR, which the kernel lets user
 * space read (CONFIG_ARM_USER_CYCLE_COUNTER, kernel/patches/0002-*), or
 * with the 32 kHz sync counter (-c 32k).  The loops and the output format
 * are in mmiolat.h, shared with the bare-metal build.
 *
 * Usage: mmiolat [-n N] [-r R] [-t TARGET] [-c ccnt|32k] [-m MHZ]
 *   -n N       reads per run (default 1000)
 *   -r R       runs per target and of the empty loop; the best is kept
 *              (default 5)
 *   -t TARGET  only this target: prm, cm, scm, sdrc, 32k
 *   -c CLOCK   ccnt (PMCCNTR, default) or 32k (the sync counter; the 32k
 *              target is then timed with itself)
 *   -m MHZ     PMCCNTR rate used to turn cycles into ns (default 1000)
 * Run as root.  Exit status: 0 measured, 1 usage, 2 cannot measure.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <unistd.h>

#include "mmiolat.h"
#include "pmccntr.h"

static void usage(void)
{
    fprintf(stderr,
            "usage: mmiolat [-n N] [-r R] [-t TARGET] [-c ccnt|32k] [-m MHZ]\n"
            "  targets: prm cm scm sdrc 32k\n");
    exit(1);
}

static int devmem = -1;

/* Map the page holding @phys; return a pointer to the register. */
static const volatile uint32_t *map_reg(uint32_t phys)
{
    long pg = sysconf(_SC_PAGESIZE);
    uint32_t base = phys & ~(uint32_t)(pg - 1);
    void *p;

    if (devmem < 0) {
        devmem = open("/dev/mem", O_RDONLY | O_SYNC);
        if (devmem < 0) {
            int e = errno;
            fprintf(stderr, "mmiolat: cannot open /dev/mem: %s%s\n",
                    strerror(e),
                    e == ENOENT ? " (kernel needs CONFIG_DEVMEM, and "
                                  "devtmpfs or a /dev/mem node)" :
                    e == EACCES || e == EPERM ? " (run as root)" : "");
            exit(2);
        }
    }
    p = mmap(NULL, pg, PROT_READ, MAP_SHARED, devmem, base);
    if (p == MAP_FAILED) {
        fprintf(stderr, "mmiolat: cannot map 0x%08x through /dev/mem: %s%s\n",
                base, strerror(errno),
                errno == EPERM ? " (CONFIG_STRICT_DEVMEM forbids it)" : "");
        exit(2);
    }
    return (const volatile uint32_t *)((char *)p + (phys - base));
}

int main(int argc, char **argv)
{
    enum mmiolat_clock clk = MMIOLAT_CCNT;
    const char *only = NULL;
    unsigned long n = 1000, reps = 5, mhz = 1000;
    const volatile uint32_t *k = NULL;
    uint32_t empty;
    char line[128], *end;
    unsigned i;
    int c, found = 0;

    while ((c = getopt(argc, argv, "n:r:t:c:m:h")) != -1) {
        switch (c) {
        case 'n':
            n = strtoul(optarg, &end, 0);
            if (*end || n < 1 || n > 10000000) {
                fprintf(stderr, "mmiolat: -n wants 1..10000000\n");
                usage();
            }
            break;
        case 'r':
            reps = strtoul(optarg, &end, 0);
            if (*end || reps < 1 || reps > 1000) {
                fprintf(stderr, "mmiolat: -r wants 1..1000\n");
                usage();
            }
            break;
        case 'm':
            mhz = strtoul(optarg, &end, 0);
            if (*end || mhz < 1 || mhz > 10000) {
                fprintf(stderr, "mmiolat: -m wants a rate in MHz\n");
                usage();
            }
            break;
        case 't':
            only = optarg;
            break;
        case 'c':
            if (!strcasecmp(optarg, "ccnt")) {
                clk = MMIOLAT_CCNT;
            } else if (!strcasecmp(optarg, "32k")) {
                clk = MMIOLAT_32K;
            } else {
                fprintf(stderr, "mmiolat: -c wants ccnt or 32k\n");
                usage();
            }
            break;
        default:
            usage();
        }
    }
    if (optind != argc) {
        usage();
    }
    if (only) {
        for (i = 0; i < MMIOLAT_NTARGETS; i++) {
            found |= !strcasecmp(only, mmiolat_targets[i].name);
        }
        if (!found) {
            fprintf(stderr, "mmiolat: unknown target '%s'\n", only);
            usage();
        }
    }

    if (clk == MMIOLAT_CCNT) {
        pmccntr_check("mmiolat");
        printf("# mmiolat: clock ccnt (PMCCNTR at %lu MHz), %lu reads, "
               "best of %lu, empty loop subtracted\n", mhz, n, reps);
    } else {
        k = map_reg(MMIOLAT_32K_PHYS);
        printf("# mmiolat: clock 32k (sync counter, 32768 Hz), %lu reads, "
               "best of %lu, empty loop subtracted; the 32k target is timed "
               "with itself; resolution %.2f ns/read\n",
               n, reps, 1e9 / 32768 / n);
    }
    empty = mmiolat_best(clk, NULL, k, n, reps);
    printf("# empty loop: %u %s\n", empty,
           clk == MMIOLAT_CCNT ? "cycles" : "ticks");

    for (i = 0; i < MMIOLAT_NTARGETS; i++) {
        const struct mmiolat_target *t = &mmiolat_targets[i];
        const volatile uint32_t *reg;
        uint32_t best;

        if (only && strcasecmp(only, t->name)) {
            continue;
        }
        reg = map_reg(t->phys);
        best = mmiolat_best(clk, reg, k, n, reps);
        mmiolat_format(line, t->name, clk, (int64_t)best - empty, n, mhz);
        fputs(line, stdout);
    }
    return 0;
}
