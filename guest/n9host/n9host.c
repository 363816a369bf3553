/*
 * n9host: the guest's channel to the host when there is no serial console.
 *
 * The idle scenario boots without a console (a serial console keeps its
 * UART, PER and so CORE awake: kernel-facts.md section 3) and reports its
 * results afterwards through Arm semihosting, which QEMU offers to user
 * space with -semihosting-config enable=on,userspace=on,chardev=ID: one
 * trapping instruction per call, no device and no power domain involved,
 * so the report disturbs nothing the model measures.  On a phone this
 * program fails (SIGILL): the phone's tools print to the console instead.
 *
 *   n9host write        copy standard input to the semihosting console
 *   n9host exit [CODE]  end QEMU with exit status CODE (default 0)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SYS_WRITE0          0x04
#define SYS_EXIT            0x18
#define SYS_EXIT_EXTENDED   0x20
#define ADP_STOPPED_APPLICATION_EXIT 0x20026

/* One semihosting call: HLT #0xF000 in ARM state (A-profile) */
static long semihost(long op, void *arg)
{
    register long r0 __asm__("r0") = op;
    register void *r1 __asm__("r1") = arg;

    __asm__ volatile("hlt #0xf000" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

static int do_write(void)
{
    char buf[1025];
    ssize_t n;

    while ((n = read(0, buf, sizeof(buf) - 1)) > 0) {
        char *p = buf, *end = buf + n;

        *end = 0;
        /* SYS_WRITE0 stops at a NUL: send the pieces between them */
        while (p < end) {
            semihost(SYS_WRITE0, p);
            p += strlen(p) + 1;
        }
    }
    return n < 0 ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "write")) {
        return do_write();
    }
    if (argc >= 2 && !strcmp(argv[1], "exit")) {
        unsigned long block[2] = {
            ADP_STOPPED_APPLICATION_EXIT,
            argc > 2 ? strtoul(argv[2], NULL, 0) : 0,
        };

        sync();
        semihost(SYS_EXIT_EXTENDED, block);
        return 1;       /* not reached when semihosting is on */
    }
    fprintf(stderr, "usage: n9host write < FILE | n9host exit [CODE]\n");
    return 2;
}
