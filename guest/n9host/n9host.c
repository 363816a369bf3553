/*
 * n9host: the guest's channel to the host when there is no serial console.
 *
 * The idle scenario boots without a console (a serial console keeps its
 * UART, PER and so CORE awake: docs/facts.md, Linux 3) and reports its
 * results afterwards through Arm semihosting, which QEMU offers to user
 * space with -semihosting-config enable=on,userspace=on,chardev=ID: one
 * trapping instruction per call, no device and no power domain involved,
 * so the report disturbs nothing the model measures.  On a phone this
 * program fails (SIGILL): the phone's tools print to the console instead.
 *
 *   n9host write        copy standard input to the semihosting console
 *   n9host exit [CODE]  end QEMU with exit status CODE (default 0)
 *   n9host mark N       make the machine keep a copy of all its counters,
 *                       marked N (the rm696 mark port, 0x40020100, through
 *                       /dev/mem; -M rm696,stats=FILE lists them)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/mman.h>

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

#define MARK_PORT_PAGE      0x40020000
#define MARK_PORT_OFFSET    0x100

static int do_mark(unsigned long n)
{
    int fd = open("/dev/mem", O_RDWR | O_SYNC);
    volatile uint32_t *page;

    if (fd < 0) {
        perror("n9host: /dev/mem");
        return 1;
    }
    page = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
                MARK_PORT_PAGE);
    close(fd);
    if (page == MAP_FAILED) {
        perror("n9host: mmap of the mark port");
        return 1;
    }
    page[MARK_PORT_OFFSET / 4] = n;
    munmap((void *)page, 4096);
    return 0;
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
    if (argc == 3 && !strcmp(argv[1], "mark")) {
        return do_mark(strtoul(argv[2], NULL, 0));
    }
    fprintf(stderr, "usage: n9host write < FILE | n9host exit [CODE] | "
            "n9host mark N\n");
    return 2;
}
