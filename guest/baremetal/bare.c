/*
 * What the bare-metal programs share beyond bare.h: the exit through
 * semihosting, numbers to the console, and the command line (-append).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "bare.h"

/*
 * In A32, r1 holds the reason itself; QEMU exits 0 only for
 * ApplicationExit.  Weak: a program that needs the whole status
 * (SYS_EXIT_EXTENDED) defines its own.
 */
__attribute__((weak)) void bare_exit(int status)
{
    semihost(SYS_EXIT, status ? ADP_Stopped_RunTimeErrorUnknown
                              : ADP_Stopped_ApplicationExit);
    for (;;) {
    }
}

void put_u(uint32_t v)
{
    char buf[12], *p = buf + sizeof(buf) - 1;

    *p = 0;
    do {
        *--p = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    put(p);
}

void put_hex(uint32_t v)
{
    char buf[11];

    buf[0] = '0';
    buf[1] = 'x';
    for (int i = 0; i < 8; i++) {
        buf[2 + i] = "0123456789abcdef"[(v >> (28 - 4 * i)) & 0xf];
    }
    buf[10] = 0;
    put(buf);
}

void bare_fault_exit(const char *prog, uint32_t what, uint32_t addr)
{
    put(prog);
    put(": fault ");
    put_u(what);
    put(" at ");
    put_hex(addr);
    put("\n");
    bare_exit(1);
}

int bare_cmdline(char *buf, uint32_t size)
{
    struct { char *buf; uint32_t len; } blk = { buf, size };

    if (semihost(SYS_GET_CMDLINE, (uintptr_t)&blk) != 0) {
        buf[0] = 0;
        return -1;
    }
    buf[size - 1] = 0;
    return 0;
}

char *bare_token(char **p)
{
    char *tok;

    while (**p == ' ') {
        (*p)++;
    }
    if (!**p) {
        return 0;
    }
    tok = *p;
    while (**p && **p != ' ') {
        (*p)++;
    }
    if (**p) {
        *(*p)++ = 0;
    }
    return tok;
}

uint32_t bare_u32(const char *s)
{
    uint32_t v = 0;

    for (; *s >= '0' && *s <= '9'; s++) {
        v = v * 10 + (uint32_t)(*s - '0');
    }
    return v;
}

__attribute__((noinline, aligned(256))) uint32_t bare_loop_cycles(uint32_t k)
{
    uint32_t t0, t1;

    __asm__ volatile(
        "mrc p15, 0, %0, c9, c13, 0\n"
        "1: subs %2, %2, #1\n"
        " bne 1b\n"
        "mrc p15, 0, %1, c9, c13, 0\n"
        : "=&r"(t0), "=&r"(t1), "+r"(k) : : "cc");
    return t1 - t0;
}
