/*
 * n9user: run a program as an ordinary user, as the phone's benchmarks
 * ran (docs/facts.md, "How the phone's figures were taken"), for the
 * scenarios' phone conditions (kernel/initramfs/scenarios/conditions.sh).
 * Busybox's setpriv cannot change the user; this does only that, and
 * keeps a capability the model's own instruments need (membench's marks
 * map the machine's mark port through /dev/mem: CAP_SYS_RAWIO), as an
 * ambient capability so that it survives the exec.
 *
 * Usage: n9user UID [-c CAP] PROG [ARGS...]      (run as root)
 *   UID    the user and group id to become (no supplementary groups)
 *   -c CAP a capability number to keep (linux/capability.h; 17 is
 *          CAP_SYS_RAWIO)
 * Exit status: PROG's, or 125 if n9user itself fails (one line on stderr).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#define _GNU_SOURCE
#include <errno.h>
#include <grp.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

static void die(const char *what)
{
    fprintf(stderr, "n9user: %s: %s\n", what, strerror(errno));
    exit(125);
}

static long number(const char *s, const char *what, long max)
{
    char *end;
    long v = strtol(s, &end, 10);

    if (!*s || *end || v < 0 || v > max) {
        fprintf(stderr, "n9user: %s '%s' is not a number from 0 to %ld\n",
                what, s, max);
        exit(125);
    }
    return v;
}

/* Keep capability @cap across the change of user and the exec. */
static void keep_cap(int cap)
{
    struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3, 0 };
    struct __user_cap_data_struct data[2];

    if (syscall(SYS_capget, &hdr, data) < 0) {
        die("capget");
    }
    /* after setuid with KEEPCAPS: permitted kept, effective cleared */
    data[cap / 32].effective = 0;
    data[1 - cap / 32].effective = 0;
    data[cap / 32].inheritable |= 1u << (cap % 32);
    if (syscall(SYS_capset, &hdr, data) < 0) {
        die("capset");
    }
    if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, cap, 0, 0) < 0) {
        die("PR_CAP_AMBIENT_RAISE");
    }
}

int main(int argc, char **argv)
{
    long uid, cap = -1;
    int i = 2;

    if (argc < 3) {
        fprintf(stderr, "usage: n9user UID [-c CAP] PROG [ARGS...]\n");
        return 125;
    }
    uid = number(argv[1], "UID", 65534);
    if (!strcmp(argv[i], "-c")) {
        if (argc < 5) {
            fprintf(stderr, "usage: n9user UID [-c CAP] PROG [ARGS...]\n");
            return 125;
        }
        cap = number(argv[i + 1], "capability", CAP_LAST_CAP);
        i += 2;
    }
    if (cap >= 0 && prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0) < 0) {
        die("PR_SET_KEEPCAPS");
    }
    if (setgroups(0, NULL) < 0) {
        die("setgroups");
    }
    if (setresgid(uid, uid, uid) < 0) {
        die("setresgid");
    }
    if (setresuid(uid, uid, uid) < 0) {
        die("setresuid");
    }
    if (cap >= 0) {
        keep_cap((int)cap);
    }
    execvp(argv[i], argv + i);
    fprintf(stderr, "n9user: %s: %s\n", argv[i], strerror(errno));
    return 125;
}
