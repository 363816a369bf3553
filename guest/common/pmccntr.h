/*
 * The Cortex-A8 cycle counter PMCCNTR from Linux user space, as the
 * phone's measuring programs read it (mrc p15, 0, rN, c9, c13, 0; the
 * kernel option CONFIG_ARM_USER_CYCLE_COUNTER, kernel/patches/mainline/
 * 0002-*, sets PMUSERENR.EN).  Shared by the guest tools (-I guest/common).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef N9_PMCCNTR_H
#define N9_PMCCNTR_H

#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline uint32_t pmccntr_read(void)
{
    uint32_t v;

    __asm__ volatile("mrc p15, 0, %0, c9, c13, 0" : "=r"(v));
    return v;
}

/* PMCR (readable from user space with PMUSERENR.EN too) */
static inline uint32_t pmccntr_pmcr(void)
{
    uint32_t v;

    __asm__ volatile("mrc p15, 0, %0, c9, c12, 0" : "=r"(v));
    return v;
}

static sigjmp_buf pmccntr_probe_env;

static inline void pmccntr_on_sigill(int sig)
{
    (void)sig;
    siglongjmp(pmccntr_probe_env, 1);
}

/*
 * PMCCNTR must be readable from user space (else the read is undefined:
 * SIGILL) and counting.  Exits with status 2 (cannot measure), naming
 * @prog and the cause, if not.
 */
static inline void pmccntr_check(const char *prog)
{
    struct sigaction sa, old;
    volatile uint32_t a, b = 0;
    int i;

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = pmccntr_on_sigill;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGILL, &sa, &old);
    if (sigsetjmp(pmccntr_probe_env, 1)) {
        fprintf(stderr, "%s: user access to PMCCNTR is off: kernel needs "
                "CONFIG_ARM_USER_CYCLE_COUNTER\n", prog);
        exit(2);
    }
    a = pmccntr_read();
    for (i = 0; i < 1000 && (b = pmccntr_read()) == a; i++) {
    }
    sigaction(SIGILL, &old, NULL);
    if (a == b) {
        fprintf(stderr, "%s: PMCCNTR does not count (PMCR.E or PMCNTENSET "
                "bit 31 is off; running perf stops it)\n", prog);
        exit(2);
    }
}

#endif /* N9_PMCCNTR_H */
