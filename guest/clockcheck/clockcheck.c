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
    fprintf(stderr, "usage: clockcheck busy CYCLES | clockcheck sleeps N US\n");
    return 2;
}
