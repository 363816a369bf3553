/*
 * clockcheck: do the guest's clocks still agree, and does every timer
 * wake-up arrive?  For long idle runs (the soak scenario).
 *
 *   clockcheck busy CYCLES   busy-wait CYCLES of the cycle counter (PMCCNTR)
 *                            and print how many 32 kHz sync counter ticks
 *                            passed meanwhile: "busy ccnt C 32k T"
 *   clockcheck sleeps N US   N relative nanosleeps of US microseconds each,
 *                            print N and the 32 kHz ticks they took:
 *                            "sleeps N of US us in T ticks"
 *   clockcheck spin N MARK   a loop of N iterations of two instructions
 *                            (subs, bne: registers only) between the
 *                            machine's marks MARK and MARK + 1, so the
 *                            statistics file holds its modelled time;
 *                            prints "spin N ccnt C" (PMCCNTR across it)
 *   clockcheck setspeed KHZ MARK
 *                            write KHZ to cpufreq's scaling_setspeed (the
 *                            userspace governor) between marks MARK and
 *                            MARK + 1: the transition's modelled time;
 *                            prints "setspeed KHZ cur K" (scaling_cur_freq)
 *
 * The 32 kHz counter (0x48320010) is read through /dev/mem; PMCCNTR from
 * user space (CONFIG_ARM_USER_CYCLE_COUNTER).  A lost wake-up would hang
 * "sleeps" or make it far longer than N x (US + the wake-up latency).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "pmccntr.h"

#define SYNC_PAGE   0x48320000
#define SYNC_CR     0x10

static volatile uint32_t *sync32k;

static uint32_t ticks(void)
{
    return sync32k[SYNC_CR / 4];
}

/* The rm696 mark port (not on silicon; n9host mark does the same) */
#define MARK_PORT_PAGE      0x40020000
#define MARK_PORT_OFFSET    0x100
#define CPUFREQ             "/sys/devices/system/cpu/cpu0/cpufreq/"

static volatile uint32_t *mark_port(void)
{
    int fd = open("/dev/mem", O_RDWR | O_SYNC);
    volatile uint32_t *page;

    if (fd < 0) {
        perror("clockcheck: /dev/mem");
        exit(1);
    }
    page = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
                MARK_PORT_PAGE);
    close(fd);
    if (page == MAP_FAILED) {
        perror("clockcheck: mmap of the mark port");
        exit(1);
    }
    return page + MARK_PORT_OFFSET / 4;
}

static long read_khz(const char *file)
{
    FILE *f = fopen(file, "r");
    long v = -1;

    if (!f || fscanf(f, "%ld", &v) != 1) {
        v = -1;
    }
    if (f) {
        fclose(f);
    }
    return v;
}

int main(int argc, char **argv)
{
    int fd = open("/dev/mem", O_RDONLY | O_SYNC);

    if (fd < 0) {
        perror("clockcheck: /dev/mem");
        return 1;
    }
    sync32k = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, SYNC_PAGE);
    close(fd);
    if (sync32k == MAP_FAILED) {
        perror("clockcheck: mmap");
        return 1;
    }
    if (argc == 3 && !strcmp(argv[1], "busy")) {
        uint32_t n = strtoul(argv[2], NULL, 0), c0, c1, t0, t1;

        t0 = ticks();
        c0 = pmccntr_read();
        do {
            c1 = pmccntr_read();
        } while (c1 - c0 < n);
        t1 = ticks();
        if (c1 == c0) {
            fprintf(stderr, "clockcheck: PMCCNTR does not count\n");
            return 1;
        }
        printf("busy ccnt %u 32k %u\n", c1 - c0, t1 - t0);
        return 0;
    }
    if (argc == 4 && !strcmp(argv[1], "sleeps")) {
        unsigned long n = strtoul(argv[2], NULL, 0), i;
        unsigned long us = strtoul(argv[3], NULL, 0);
        struct timespec ts = { us / 1000000, (us % 1000000) * 1000 };
        uint32_t t0 = ticks();

        for (i = 0; i < n; i++) {
            if (nanosleep(&ts, NULL)) {
                perror("clockcheck: nanosleep");
                return 1;
            }
        }
        printf("sleeps %lu of %lu us in %u ticks\n", n, us, ticks() - t0);
        return 0;
    }
    if (argc == 4 && !strcmp(argv[1], "spin")) {
        uint32_t n = strtoul(argv[2], NULL, 0), m = strtoul(argv[3], NULL, 0);
        volatile uint32_t *mark = mark_port();
        uint32_t c0, c1, i = n;

        if (!n) {
            fprintf(stderr, "clockcheck: spin needs N > 0\n");
            return 2;
        }
        *mark = m;
        c0 = pmccntr_read();
        __asm__ volatile("1: subs %0, %0, #1\n\tbne 1b" : "+r"(i) : : "cc");
        c1 = pmccntr_read();
        *mark = m + 1;
        printf("spin %u ccnt %u\n", n, c1 - c0);
        return 0;
    }
    if (argc == 4 && !strcmp(argv[1], "setspeed")) {
        const char *khz = argv[2];
        uint32_t m = strtoul(argv[3], NULL, 0);
        volatile uint32_t *mark = mark_port();
        int fd = open(CPUFREQ "scaling_setspeed", O_WRONLY);
        ssize_t w;

        if (fd < 0) {
            perror("clockcheck: " CPUFREQ "scaling_setspeed (userspace governor?)");
            return 1;
        }
        *mark = m;
        w = write(fd, khz, strlen(khz));
        *mark = m + 1;
        close(fd);
        if (w != (ssize_t)strlen(khz)) {
            perror("clockcheck: setspeed");
            return 1;
        }
        printf("setspeed %s cur %ld\n", khz, read_khz(CPUFREQ "scaling_cur_freq"));
        return 0;
    }
    fprintf(stderr, "usage: clockcheck busy CYCLES | sleeps N US | spin N MARK"
            " | setspeed KHZ MARK\n");
    return 2;
}
