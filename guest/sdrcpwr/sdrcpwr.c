/*
 * sdrcpwr: read (and, for what-if runs, write) the SDRC's SDRC_POWER
 * register (0x6D000070) through /dev/mem, as on the phone, and say whether
 * it holds the right value.
 *
 * On the N9 SDRC_POWER must read 0x9 (EXTCLKDIS | PAGEPOLICY, written by
 * omap2_sdrc_init() in arch/arm/mach-omap2/sdrc.c).  0x129 is the
 * self-refresh bug: on an HS OMAP3630 mainline Linux saves 0x129 in the
 * scratchpad (control.c, erratum 1.142: AUTOCOUNT = 1, CLKCTRL = 2) and
 * the boot ROM restores it at the first CORE OFF wake-up, after which the
 * SDRAM enters self-refresh whenever the controller has been idle for one
 * AUTOCOUNT period, i.e. at every pause (docs/facts.md, Linux 4, and
 * "SDRAM and SDRC_POWER").  The idle code sets SRFRONIDLEREQ (bit 6)
 * around WFI and clears it after a wake-up that did not go through OFF, so
 * the verdict ignores that bit.
 *
 * Fields (Linux sdrc.c and sdrc.h; SRFRONRESET and WAKEUPPROC as U-Boot's
 * OMAP3 SDRC set-up names them; the OMAP36xx TRM, SDRC_POWER_REG):
 *   0      PAGEPOLICY     1: open page (rows stay open between accesses)
 *   2      PWDENA         active power-down when idle (erratum 1.150: off)
 *   3      EXTCLKDIS      the clock to the SDRAM stops while it sleeps
 *   5:4    CLKCTRL        after AUTOCOUNT idle L3 clocks: 0 nothing,
 *                         1 power-down, 2 self-refresh
 *   6      SRFRONIDLEREQ  self-refresh when the PRCM asks the SDRC to idle
 *   7      SRFRONRESET    self-refresh across a warm reset
 *   23:8   AUTOCOUNT      the idle timer of CLKCTRL, in L3 clocks
 *   26     WAKEUPPROC     U-Boot sets it; its meaning is not in Linux
 *   others reserved
 *
 * Usage: sdrcpwr [-w VALUE] [-q]
 *   -w VALUE  write VALUE to SDRC_POWER first, then read it back
 *   -q        print the value alone (0x%08x)
 * Run as root.  Exit status: 0 read (and written), 1 usage, 2 cannot
 * access /dev/mem, 3 the value read back differs from the one written.
 *
 * Output (stable for scripts):
 *   SDRC_POWER 0x6d000070 = 0x00000009
 *     PAGEPOLICY    1  open page
 *     ...
 *   verdict ok: 0x9 is right
 * With -w: a line "wrote 0x00000129, read back 0x00000129" before.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define SDRC_BASE           0x6d000000u
#define SDRC_POWER_OFFSET   0x70u

#define PAGEPOLICY          (1u << 0)
#define PWDENA              (1u << 2)
#define EXTCLKDIS           (1u << 3)
#define CLKCTRL_SHIFT       4
#define CLKCTRL_MASK        (3u << CLKCTRL_SHIFT)
#define SRFRONIDLEREQ       (1u << 6)
#define SRFRONRESET         (1u << 7)
#define AUTOCOUNT_SHIFT     8
#define AUTOCOUNT_MASK      (0xffffu << AUTOCOUNT_SHIFT)
#define WAKEUPPROC          (1u << 26)
#define KNOWN               (PAGEPOLICY | PWDENA | EXTCLKDIS | CLKCTRL_MASK | \
                             SRFRONIDLEREQ | SRFRONRESET | AUTOCOUNT_MASK | \
                             WAKEUPPROC)

#define RIGHT               0x9u
#define SELF_REFRESH_BUG    0x129u

static void usage(void)
{
    fprintf(stderr, "usage: sdrcpwr [-w VALUE] [-q]\n");
    exit(1);
}

static volatile uint32_t *map_power(int writable)
{
    long pg = sysconf(_SC_PAGESIZE);
    int fd = open("/dev/mem", (writable ? O_RDWR : O_RDONLY) | O_SYNC);
    void *p;

    if (fd < 0) {
        int e = errno;

        fprintf(stderr, "sdrcpwr: cannot open /dev/mem: %s%s\n", strerror(e),
                e == ENOENT ? " (kernel needs CONFIG_DEVMEM, and devtmpfs or "
                              "a /dev/mem node)" :
                e == EACCES || e == EPERM ? " (run as root)" : "");
        exit(2);
    }
    p = mmap(NULL, pg, PROT_READ | (writable ? PROT_WRITE : 0), MAP_SHARED,
             fd, SDRC_BASE);
    close(fd);
    if (p == MAP_FAILED) {
        fprintf(stderr, "sdrcpwr: cannot map 0x%08x through /dev/mem: %s%s\n",
                SDRC_BASE, strerror(errno),
                errno == EPERM ? " (CONFIG_STRICT_DEVMEM or "
                                 "CONFIG_IO_STRICT_DEVMEM forbids it)" : "");
        exit(2);
    }
    return (volatile uint32_t *)((char *)p + SDRC_POWER_OFFSET);
}

static void decode(uint32_t v)
{
    static const char *const clkctrl[] = {
        "no clock stop on the AUTOCOUNT timeout",
        "power-down after AUTOCOUNT idle L3 clocks",
        "self-refresh after AUTOCOUNT idle L3 clocks",
        "reserved",
    };
    unsigned cc = (v & CLKCTRL_MASK) >> CLKCTRL_SHIFT;
    unsigned ac = (v & AUTOCOUNT_MASK) >> AUTOCOUNT_SHIFT;
    uint32_t base = v & ~SRFRONIDLEREQ;

    printf("SDRC_POWER 0x%08x = 0x%08x\n", SDRC_BASE + SDRC_POWER_OFFSET, v);
    printf("  PAGEPOLICY    %u  %s\n", !!(v & PAGEPOLICY),
           v & PAGEPOLICY ? "open page" : "close page");
    printf("  PWDENA        %u  %s\n", !!(v & PWDENA),
           v & PWDENA ? "active power-down when idle" :
                        "no active power-down");
    printf("  EXTCLKDIS     %u  %s\n", !!(v & EXTCLKDIS),
           v & EXTCLKDIS ? "SDRAM clock stopped while it sleeps" :
                           "SDRAM clock kept running");
    printf("  CLKCTRL       %u  %s\n", cc, clkctrl[cc]);
    printf("  SRFRONIDLEREQ %u  %s\n", !!(v & SRFRONIDLEREQ),
           v & SRFRONIDLEREQ ? "self-refresh on the PRCM's idle request "
                               "(the idle code sets it around WFI)" :
                               "no self-refresh on idle request");
    printf("  SRFRONRESET   %u  %s\n", !!(v & SRFRONRESET),
           v & SRFRONRESET ? "self-refresh across a warm reset" :
                             "no self-refresh on reset");
    printf("  AUTOCOUNT     %u  L3 clocks (%.1f ns at 195.2 MHz)\n", ac,
           ac * 1000.0 / 195.2);
    printf("  WAKEUPPROC    %u\n", !!(v & WAKEUPPROC));
    printf("  reserved      0x%08x\n", v & ~KNOWN);
    if (base == RIGHT) {
        printf("verdict ok: 0x9 is right\n");
    } else if (base == SELF_REFRESH_BUG) {
        printf("verdict bug: 0x129 is the self-refresh bug (self-refresh "
               "after every pause; mainline's scratchpad value restored by "
               "the ROM at a CORE OFF wake-up)\n");
    } else {
        printf("verdict other: neither 0x9 (right) nor 0x129 (the "
               "self-refresh bug)%s\n",
               cc == 2 ? "; self-refresh on the AUTOCOUNT timeout" :
               cc == 1 ? "; power-down on the AUTOCOUNT timeout" : "");
    }
}

int main(int argc, char **argv)
{
    volatile uint32_t *reg;
    unsigned long w = 0;
    int c, write = 0, quiet = 0;
    uint32_t v;
    char *end;

    while ((c = getopt(argc, argv, "w:qh")) != -1) {
        switch (c) {
        case 'w':
            errno = 0;
            w = strtoul(optarg, &end, 0);
            if (end == optarg || *end || errno || w > 0xffffffffu) {
                fprintf(stderr, "sdrcpwr: -w wants a 32-bit value\n");
                usage();
            }
            write = 1;
            break;
        case 'q':
            quiet = 1;
            break;
        default:
            usage();
        }
    }
    if (optind != argc) {
        usage();
    }
    reg = map_power(write);
    if (write) {
        *reg = (uint32_t)w;
        __asm__ volatile("dsb" ::: "memory");
    }
    v = *reg;
    if (write && !quiet) {
        printf("wrote 0x%08lx, read back 0x%08x\n", w, v);
    }
    if (quiet) {
        printf("0x%08x\n", v);
    } else {
        decode(v);
    }
    return write && v != (uint32_t)w ? 3 : 0;
}
