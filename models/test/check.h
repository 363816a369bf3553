/*
 * The models' host unit tests: one line per check in TAP's form
 * ("ok N - line L: ..." / "not ok N - ..."), a summary, and the number of
 * failures as the exit status (check_done).  Header only, C99.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef MODELS_TEST_CHECK_H
#define MODELS_TEST_CHECK_H

#include <stdarg.h>
#include <stdio.h>

static int check_failures;
static int check_count;

static void check_line(int ok, int line, const char *fmt, ...)
{
    va_list ap;

    check_count++;
    if (!ok) {
        check_failures++;
    }
    printf("%s %d - line %d: ", ok ? "ok" : "not ok", check_count, line);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
}

#define CHECK(cond, ...) check_line((cond), __LINE__, __VA_ARGS__)

/* each argument is evaluated once (some are accesses) */
#define CHECK_EQ(got, want) do { \
        unsigned long long g_ = (got), w_ = (want); \
        check_line(g_ == w_, __LINE__, "%s = %llu (want %llu)", #got, \
                   g_, w_); \
    } while (0)

/* The summary line; the exit status: the failures, at most 255 */
static int check_done(void)
{
    printf("%d checks, %d failed\n", check_count, check_failures);
    return check_failures > 255 ? 255 : check_failures;
}

#endif /* MODELS_TEST_CHECK_H */
