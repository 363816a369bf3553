/*
 * offmode-bare: the MPU OFF and CORE OFF wake-up paths of the rm696
 * machine, end to end through the boot ROM, without Linux.
 *   qemu-system-arm -M rm696 -kernel offmode-bare.elf -nographic \
 *       -semihosting-config enable=on,target=native \
 *       -icount shift=0,sleep=off
 *
 * It does what Linux does around an OFF-mode idle (arch/arm/mach-omap2:
 * omap3_pm_init, omap3_save_scratchpad_contents, omap_sram_idle,
 * sleep34xx.S), reduced to the registers:
 *  1. start.S leaves it in secure SVC; the ROM's board set-up (0x40014100)
 *     installs the monitor and returns in non-secure SVC, where Linux runs;
 *  2. the power set-up: every clock domain in hardware-supervised mode, no
 *     sleep dependencies, the console clock off; IVA2 forced asleep; the
 *     MPU's DPLL moved to 800 MHz (M 1000, N 23: not the 1 GHz it comes
 *     out of reset with), automatic DPLL stop for DPLL1 and DPLL3; the
 *     oscillator and voltage set-up times of an OFF-mode wake-up; the SDRC
 *     with SDRC_POWER = 0x9 and timings of its own (not the reset ones);
 *  3. the scratchpad (0x48002910), as omap3_save_scratchpad_contents fills
 *     it on an HS part: the restore pointer is offmode_resume
 *     (offmode-sleep.S), the PRCM block holds the CM clock and DPLL words,
 *     the SDRC block the controller's configuration with SDRC_POWER
 *     adjusted as for erratum 1.142 (self-refresh on AUTOCOUNT 1: 0x129);
 *  4. two sleeps, each with GPT1 (32 kHz, one-shot, INTC line 37) 5 ms
 *     ahead and WFI with IRQs masked:
 *       C4: MPU (and NEON) OFF, CORE ON, PER RET;
 *       C7: MPU (and NEON) OFF, CORE OFF, PER OFF;
 *     the MPU loses its context both times, so the PRCM warm-resets it
 *     into the ROM's wake-up entry (0x40014000), which restores the CM and
 *     the SDRC from the scratchpad if CORE was OFF and jumps to the
 *     restore pointer in non-secure SVC with the MMU off;
 *  5. after each wake-up it checks, one line per check:
 *       resume       it came back through the restore pointer, in
 *                    non-secure SVC;
 *       prepwstst    PM_PREPWSTST_MPU / _CORE tell the states reached;
 *       core-context C4: CORE's devices kept their registers (SDRC, INTC,
 *                    CM) and the ROM restored nothing; C7: they lost them
 *                    (INTC, CM back at reset values), and
 *       cm-restore,  the CM's clock/DPLL words and the SDRC's registers
 *       sdrc-restore hold the scratchpad's values;
 *       monitor      the ROM's monitor answers smc #1 (services 40 and 42,
 *                    as Linux's omap3_restore_3630 path calls them);
 *       sdram        a 16 KB pattern written before the sleep is intact;
 *       latency      the wake-up (GPT1's interrupt to the first
 *                    instruction of the restore pointer, on the 32 kHz
 *                    counter) took at least the latency the programmed
 *                    registers imply (models/prcm/wakeup.c's rules:
 *                    max(oscillator, voltage) with CORE asleep, plus the
 *                    relock of the DPLLs that stopped) and at most a
 *                    little more (the ROM's own run).
 * Output goes through Arm semihosting: "ok NAME: details" or
 * "FAIL NAME: details" per check, "#" lines for the rest, and the exit
 * status is the number of failed checks (SYS_EXIT_EXTENDED).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdint.h>

#include "bare.h"

/* ---- semihosting ---------------------------------------------------------- */

/* offmode-sleep.S */
int offmode_sleep(void);
void offmode_resume(void);
void offmode_board_setup(void);
int offmode_secure(uint32_t *scr);
extern char _start[];
/* r4-r11, lr, sp; the 32 kHz counter and the CPSR at offmode_resume */
uint32_t offmode_ctx[12];
#define CTX_K32     10
#define CTX_CPSR    11

void bare_exit(int status)
{
    uint32_t blk[2] = { ADP_Stopped_ApplicationExit, (uint32_t)status };

    semihost(SYS_EXIT_EXTENDED, (uintptr_t)blk);
    for (;;) {
    }
}

/* ---- one line of output ----------------------------------------------------- */

static char line[600];
static unsigned len;
static int nfail;

static void ls(const char *s)
{
    while (*s && len < sizeof(line) - 2) {
        line[len++] = *s++;
    }
}

static void lu(uint64_t v)
{
    char buf[24];
    int i = 0;

    do {
        buf[i++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (i && len < sizeof(line) - 2) {
        line[len++] = buf[--i];
    }
}

static void lh(uint32_t v)
{
    int i;

    ls("0x");
    for (i = 28; i >= 0; i -= 4) {
        char c[2] = { "0123456789abcdef"[(v >> i) & 0xf], 0 };

        ls(c);
    }
}

/* "NAME 0xVALUE" */
static void lreg(const char *name, uint32_t v)
{
    ls(name);
    ls(" ");
    lh(v);
}

/* microseconds with one decimal from ns */
static void lus(uint64_t ns)
{
    lu(ns / 1000);
    ls(".");
    lu(ns / 100 % 10);
    ls(" us");
}

static void flush(const char *prefix)
{
    put(prefix);
    line[len++] = '\n';
    line[len] = 0;
    put(line);
    len = 0;
}

static void report(int ok, const char *name)
{
    char head[48];
    unsigned i = 0;
    const char *p = ok ? "ok " : "FAIL ";

    while (*p) {
        head[i++] = *p++;
    }
    for (p = name; *p && i < sizeof(head) - 3; p++) {
        head[i++] = *p;
    }
    head[i++] = ':';
    head[i++] = ' ';
    head[i] = 0;
    if (!ok) {
        nfail++;
    }
    flush(head);
}

void bare_fault(uint32_t what, uint32_t addr)
{
    static const char *const names[] = {
        "?", "undefined instruction", "SVC", "prefetch abort",
        "data abort", "IRQ", "FIQ",
    };

    len = 0;
    ls(what < 7 ? names[what] : "?");
    ls(" at pc ");
    lh(addr);
    report(0, "fault");
    bare_exit(nfail + 100);
}

/* ---- registers ---------------------------------------------------------------- */

static inline uint32_t rd(uint32_t a)
{
    return *(volatile uint32_t *)a;
}

static inline void wr(uint32_t a, uint32_t v)
{
    *(volatile uint32_t *)a = v;
}

#define PRM                     0x48306000u
#define CM                      0x48004000u
#define SCRATCHPAD              0x48002910u
#define INTC                    0x48200000u
#define GPT1                    0x48318000u
#define SYNC_32K_CR             0x48320010u
#define SDRC                    0x6d000000u

/* power and clock domains: the modules' offsets in the PRM and the CM */
#define MOD_IVA2                0x000
#define MOD_MPU                 0x900
#define MOD_CORE                0xa00
#define MOD_SGX                 0xb00
#define MOD_DSS                 0xe00
#define MOD_CAM                 0xf00
#define MOD_PER                 0x1000
#define MOD_NEON                0x1300
#define MOD_USBHOST             0x1400

#define PM_PWSTCTRL(m)          (PRM + (m) + 0xe0)
#define PM_PWSTST(m)            (PRM + (m) + 0xe4)
#define PM_PREPWSTST(m)         (PRM + (m) + 0xe8)
#define PRM_IRQSTATUS_MPU       (PRM + 0x818)
#define PM_WKST_WKUP            (PRM + 0xcb0)
#define PRM_CLKSEL              (PRM + 0xd40)
#define PRM_VOLTCTRL            (PRM + 0x1260)
#define PRM_CLKSRC_CTRL         (PRM + 0x1270)
#define PRM_VOLTSETUP1          (PRM + 0x1290)
#define PRM_VOLTOFFSET          (PRM + 0x1294)
#define PRM_CLKSETUP            (PRM + 0x1298)
#define PRM_VOLTSETUP2          (PRM + 0x12a0)

#define PWRST_OFF               0
#define PWRST_RET               1
#define PWRST_ON                3

#define CM_FCLKEN(m)            (CM + (m) + 0x00)
#define CM_SLEEPDEP(m)          (CM + (m) + 0x44)
#define CM_CLKSTCTRL(m)         (CM + (m) + 0x48)
#define CM_CLKEN_PLL_MPU        (CM + 0x904)
#define CM_IDLEST_PLL_MPU       (CM + 0x924)
#define CM_AUTOIDLE_PLL_MPU     (CM + 0x934)
#define CM_CLKSEL1_PLL_MPU      (CM + 0x940)
#define CM_CLKSEL2_PLL_MPU      (CM + 0x944)
#define CM_CLKSEL_CORE          (CM + 0xa40)
#define CM_CLKSEL_WKUP          (CM + 0xc40)
#define CM_CLKEN_PLL            (CM + 0xd00)
#define CM_IDLEST_CKGEN         (CM + 0xd20)
#define CM_AUTOIDLE_PLL         (CM + 0xd30)
#define CM_CLKSEL1_PLL          (CM + 0xd40)
#define CM_CLKSEL2_PLL          (CM + 0xd44)
#define CM_CLKSEL3_PLL          (CM + 0xd48)

#define INTC_SIR_IRQ            (INTC + 0x40)
#define INTC_CONTROL            (INTC + 0x48)
#define INTC_MIR1               (INTC + 0xa4)
#define INTC_MIR_CLEAR1         (INTC + 0xa8)
#define INTC_PENDING_IRQ1       (INTC + 0xb8)
#define GPT1_IRQ                37

#define GPT_TISR                (GPT1 + 0x18)
#define GPT_TIER                (GPT1 + 0x1c)
#define GPT_TCLR                (GPT1 + 0x24)
#define GPT_TCRR                (GPT1 + 0x28)
#define GPT_OVF                 (1u << 1)

#define SDRC_SYSCONFIG          (SDRC + 0x10)
#define SDRC_CS_CFG             (SDRC + 0x40)
#define SDRC_SHARING            (SDRC + 0x44)
#define SDRC_ERR_TYPE           (SDRC + 0x4c)
#define SDRC_DLLA_CTRL          (SDRC + 0x60)
#define SDRC_POWER              (SDRC + 0x70)
#define SDRC_MCFG(p)            (SDRC + 0x80 + 0x30 * (p))
#define SDRC_MR(p)              (SDRC + 0x84 + 0x30 * (p))
#define SDRC_ACTIM_A(p)         (SDRC + 0x9c + 0x28 * (p))
#define SDRC_ACTIM_B(p)         (SDRC + 0xa0 + 0x28 * (p))
#define SDRC_RFR_CTRL(p)        (SDRC + 0xa4 + 0x30 * (p))

/* SDRC_POWER fields (sdrc.h) */
#define SDRC_POWER_AUTOCOUNT_MASK   0x00ffff00u
#define SDRC_POWER_CLKCTRL_MASK     0x00000030u
#define SDRC_SELF_REFRESH_ON_AUTOCOUNT (2u << 4)

/*
 * The SDRC timings this program gives the controller (those of a 166 MHz
 * L3: tRFC 23, tRC 10, tRAS 7, tRP 3, tRCD 4, tRRD 2, tDPL 3, tDAL 6;
 * tWTR 2, tCKE 4, tXP 2, tXSR 35; ARCV 1245, ARE 1), all different from
 * the reset values (omap3_sdrc.c: the N9's 195.2 MHz ones).
 */
#define MY_ACTIM_A  ((23u << 27) | (10 << 22) | (7 << 18) | (3 << 15) | \
                     (4 << 12) | (2 << 9) | (3 << 6) | 6)
#define MY_ACTIM_B  ((2u << 16) | (4 << 12) | (2 << 8) | 35)
#define MY_RFR_CTRL ((1245u << 8) | 1)
/* what omap2_sdrc_init writes */
#define MY_SDRC_POWER           0x9
/* DPLL1: 19.2 MHz * 1000 / 24 = 800 MHz (reset: M 625, N 11, 1 GHz) */
#define MY_DPLL1_M              1000
#define MY_DPLL1_N              23
/* the wake-up set-up times (32 kHz cycles) */
#define MY_CLKSETUP             96
#define MY_VOLTOFFSET           64
#define MY_VOLTSETUP2           96
#define PRM_VOLTCTRL_AUTO_OFF   (1u << 2)
#define PRM_VOLTCTRL_SEL_OFF    (1u << 3)

/* CP15 */
static uint32_t read_cpsr(void)
{
    uint32_t v;

    __asm__ volatile("mrs %0, cpsr" : "=r"(v));
    return v;
}

static uint32_t read_vbar(void)
{
    uint32_t v;

    __asm__ volatile("mrc p15, 0, %0, c12, c0, 0" : "=r"(v));
    return v;
}

static void write_vbar(uint32_t v)
{
    __asm__ volatile("mcr p15, 0, %0, c12, c0, 0\n\tisb" : : "r"(v));
}

static uint32_t read_actlr(void)
{
    uint32_t v;

    __asm__ volatile("mrc p15, 0, %0, c1, c0, 1" : "=r"(v));
    return v;
}

/* ---- the power set-up ---------------------------------------------------------- */

static void set_next(uint32_t mod, uint32_t st)
{
    wr(PM_PWSTCTRL(mod), (rd(PM_PWSTCTRL(mod)) & ~3u) | st);
}

static const char *pwrst_name(uint32_t v)
{
    static const char *const n[4] = { "OFF", "RET", "INACTIVE", "ON" };

    return n[v & 3];
}

/* What omap3_pm_init and the clock framework leave on a quiet system. */
static void pm_setup(void)
{
    static const uint32_t auto_mods[] = {
        MOD_MPU, MOD_NEON, MOD_SGX, MOD_DSS, MOD_CAM, MOD_PER, MOD_USBHOST,
    };
    static const uint32_t deps[] = {
        MOD_SGX, MOD_DSS, MOD_CAM, MOD_PER, MOD_USBHOST,
    };
    unsigned i;

    for (i = 0; i < sizeof(auto_mods) / sizeof(auto_mods[0]); i++) {
        wr(CM_CLKSTCTRL(auto_mods[i]), 3);
    }
    wr(CM_CLKSTCTRL(MOD_CORE), 0x3f);       /* L3, L4, D2D */
    wr(CM_CLKSTCTRL(MOD_IVA2), 1);          /* force sleep */
    for (i = 0; i < sizeof(deps) / sizeof(deps[0]); i++) {
        wr(CM_SLEEPDEP(deps[i]), 0);
    }
    wr(CM_FCLKEN(MOD_PER), 0);              /* UART3, the console */

    /* DPLL1 to 800 MHz: bypass, new M/N, relock (cpufreq's sequence) */
    wr(CM_CLKEN_PLL_MPU, (rd(CM_CLKEN_PLL_MPU) & ~7u) | 5);
    wr(CM_CLKSEL1_PLL_MPU, (rd(CM_CLKSEL1_PLL_MPU) & ~((0x7ffu << 8) | 0x7f)) |
                           (MY_DPLL1_M << 8) | MY_DPLL1_N);
    wr(CM_CLKEN_PLL_MPU, (rd(CM_CLKEN_PLL_MPU) & ~7u) | 7);
    while (!(rd(CM_IDLEST_PLL_MPU) & 1)) {
    }
    /* automatic low-power stop of DPLL3 (CORE) and DPLL1 (MPU) */
    wr(CM_AUTOIDLE_PLL, (rd(CM_AUTOIDLE_PLL) & ~7u) | 1);
    wr(CM_AUTOIDLE_PLL_MPU, (rd(CM_AUTOIDLE_PLL_MPU) & ~7u) | 1);

    /*
     * OFF-mode wake-up set-up (omap3_pm_init / twl4030 scripts): sys_clkreq
     * drops in OFF only (AUTOEXTCLKMODE 2), the oscillator needs
     * MY_CLKSETUP cycles; the voltages come back through sys_off_mode
     * (AUTO_OFF, SEL_OFF) in VOLTOFFSET + VOLTSETUP2 cycles.
     */
    wr(PRM_CLKSRC_CTRL, (rd(PRM_CLKSRC_CTRL) & ~(3u << 3)) | (2u << 3));
    wr(PRM_CLKSETUP, MY_CLKSETUP);
    wr(PRM_VOLTCTRL, PRM_VOLTCTRL_AUTO_OFF | PRM_VOLTCTRL_SEL_OFF);
    wr(PRM_VOLTOFFSET, MY_VOLTOFFSET);
    wr(PRM_VOLTSETUP2, MY_VOLTSETUP2);
    wr(PRM_VOLTSETUP1, 0);

    /* the SDRC: omap2_sdrc_init's SDRC_POWER, timings of our own */
    wr(SDRC_POWER, MY_SDRC_POWER);
    for (i = 0; i < 2; i++) {
        wr(SDRC_ACTIM_A(i), MY_ACTIM_A);
        wr(SDRC_ACTIM_B(i), MY_ACTIM_B);
        wr(SDRC_RFR_CTRL(i), MY_RFR_CTRL);
    }

    /* GPT1's interrupt reaches nIRQ */
    wr(INTC_MIR_CLEAR1, 1u << (GPT1_IRQ - 32));
}

/* ---- the scratchpad (omap3_save_scratchpad_contents) ------------------------------ */

#define SP_PRCM_OFFSET          0x2c
#define SP_SDRC_OFFSET          0x64
#define SP_NUM_CM               11
#define SP_NUM_SDRC             22

/* the CM words of the PRCM block, in omap3_cm_save_scratchpad_contents' order */
static const struct {
    uint32_t addr;
    const char *name;
} sp_cm[SP_NUM_CM] = {
    { CM_CLKSEL_CORE, "CM_CLKSEL_CORE" },
    { CM_CLKSEL_WKUP, "CM_CLKSEL_WKUP" },
    { CM_CLKEN_PLL, "CM_CLKEN_PLL" },
    { CM_AUTOIDLE_PLL, "CM_AUTOIDLE_PLL" },
    { CM_CLKSEL1_PLL, "CM_CLKSEL1_PLL" },
    { CM_CLKSEL2_PLL, "CM_CLKSEL2_PLL" },
    { CM_CLKSEL3_PLL, "CM_CLKSEL3_PLL" },
    { CM_CLKEN_PLL_MPU, "CM_CLKEN_PLL_MPU" },
    { CM_AUTOIDLE_PLL_MPU, "CM_AUTOIDLE_PLL_MPU" },
    { CM_CLKSEL1_PLL_MPU, "CM_CLKSEL1_PLL_MPU" },
    { CM_CLKSEL2_PLL_MPU, "CM_CLKSEL2_PLL_MPU" },
};

/* What the scratchpad got (to compare with after the restore). */
static uint32_t saved_cm[SP_NUM_CM];
static uint32_t saved_sdrc[SP_NUM_SDRC];

/* the SDRC registers the ROM restores and their word in the SDRC block */
static const struct {
    uint32_t addr;
    uint8_t word;
    uint8_t half;       /* 16-bit field: 1 low half, 2 high half */
    const char *name;
} sp_sdrc[] = {
    { SDRC_SYSCONFIG, 0, 1, "SYSCONFIG" },
    { SDRC_CS_CFG, 0, 2, "CS_CFG" },
    { SDRC_SHARING, 1, 1, "SHARING" },
    { SDRC_DLLA_CTRL, 2, 0, "DLLA_CTRL" },
    { SDRC_POWER, 4, 0, "POWER" },
    { SDRC_MCFG(0), 6, 0, "MCFG_0" },
    { SDRC_MR(0), 7, 1, "MR_0" },
    { SDRC_ACTIM_A(0), 9, 0, "ACTIM_CTRLA_0" },
    { SDRC_ACTIM_B(0), 10, 0, "ACTIM_CTRLB_0" },
    { SDRC_RFR_CTRL(0), 11, 0, "RFR_CTRL_0" },
    { SDRC_MCFG(1), 13, 0, "MCFG_1" },
    { SDRC_MR(1), 14, 1, "MR_1" },
    { SDRC_ACTIM_A(1), 16, 0, "ACTIM_CTRLA_1" },
    { SDRC_ACTIM_B(1), 17, 0, "ACTIM_CTRLB_1" },
    { SDRC_RFR_CTRL(1), 18, 0, "RFR_CTRL_1" },
};
#define NUM_SP_SDRC (sizeof(sp_sdrc) / sizeof(sp_sdrc[0]))

static uint32_t sp_sdrc_value(unsigned i)
{
    uint32_t w = saved_sdrc[sp_sdrc[i].word];

    switch (sp_sdrc[i].half) {
    case 1:
        return w & 0xffff;
    case 2:
        return w >> 16;
    default:
        return w;
    }
}

static void save_scratchpad(void)
{
    uint32_t *s = saved_sdrc;
    uint32_t power = rd(SDRC_POWER);
    unsigned i;

    wr(SCRATCHPAD + 0x00, 0);                           /* boot_config_ptr */
    wr(SCRATCHPAD + 0x04, (uint32_t)(uintptr_t)offmode_resume);
    wr(SCRATCHPAD + 0x08, 0);                           /* secure RAM */
    wr(SCRATCHPAD + 0x0c, 0);                           /* SDRC semaphore */
    wr(SCRATCHPAD + 0x10, SP_PRCM_OFFSET);
    wr(SCRATCHPAD + 0x14, SP_SDRC_OFFSET);

    /* PRCM block: 2 PRM words, 11 CM words, the block size */
    wr(SCRATCHPAD + SP_PRCM_OFFSET + 0, rd(PRM_CLKSRC_CTRL));
    wr(SCRATCHPAD + SP_PRCM_OFFSET + 4, rd(PRM_CLKSEL));
    for (i = 0; i < SP_NUM_CM; i++) {
        uint32_t v = rd(sp_cm[i].addr);

        if (sp_cm[i].addr == CM_AUTOIDLE_PLL) {
            v &= ~(7u << 3);    /* erratum i671: no AUTO_PERIPH_DPLL */
        }
        saved_cm[i] = v;
        wr(SCRATCHPAD + SP_PRCM_OFFSET + 8 + 4 * i, v);
    }
    wr(SCRATCHPAD + SP_PRCM_OFFSET + 8 + 4 * SP_NUM_CM, 0);

    /* SDRC block (struct omap3_scratchpad_sdrc_block) */
    s[0] = (rd(SDRC_SYSCONFIG) & 0xffff) | (rd(SDRC_CS_CFG) << 16);
    s[1] = (rd(SDRC_SHARING) & 0xffff) | (rd(SDRC_ERR_TYPE) << 16);
    s[2] = rd(SDRC_DLLA_CTRL);
    s[3] = 0;                                           /* dll_b_ctrl */
    /* HS, erratum 1.142: self-refresh on an AUTOCOUNT of 1 before OFF */
    s[4] = (power & ~(SDRC_POWER_AUTOCOUNT_MASK | SDRC_POWER_CLKCTRL_MASK)) |
           (1u << 8) | SDRC_SELF_REFRESH_ON_AUTOCOUNT;
    for (i = 0; i < 2; i++) {
        uint32_t *c = &s[5 + 7 * i];

        c[0] = 0;                                       /* cs_x */
        c[1] = rd(SDRC_MCFG(i));
        c[2] = rd(SDRC_MR(i)) & 0xffff;                 /* mr, emr_1 */
        c[3] = 0;                                       /* emr_2, emr_3 */
        c[4] = rd(SDRC_ACTIM_A(i));
        c[5] = rd(SDRC_ACTIM_B(i));
        c[6] = rd(SDRC_RFR_CTRL(i));
    }
    s[19] = 0;                                          /* dcdl_1/2 */
    s[20] = 0;                                          /* flags */
    s[21] = 0;                                          /* block_size */
    for (i = 0; i < SP_NUM_SDRC; i++) {
        wr(SCRATCHPAD + SP_SDRC_OFFSET + 4 * i, s[i]);
    }
}

/* ---- SDRAM pattern ------------------------------------------------------------- */

#define PATTERN_WORDS           4096

static uint32_t pattern[PATTERN_WORDS];

static uint32_t xorshift(uint32_t x)
{
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return x;
}

static void pattern_fill(uint32_t seed)
{
    unsigned i;

    for (i = 0; i < PATTERN_WORDS; i++) {
        seed = xorshift(seed);
        pattern[i] = seed;
    }
}

/* the number of words that differ */
static unsigned pattern_check(uint32_t seed)
{
    unsigned i, bad = 0;

    for (i = 0; i < PATTERN_WORDS; i++) {
        seed = xorshift(seed);
        bad += pattern[i] != seed;
    }
    return bad;
}

/* ---- the wake-up latency the registers imply (models/prcm/wakeup.c) ------------ */

#define NS_PER_S                1000000000ull

static uint64_t ns_32k(uint64_t cycles)
{
    return (cycles * NS_PER_S + 32767) / 32768;
}

static uint32_t sys_clk_hz(void)
{
    static const uint32_t osc[8] = {
        12000000, 13000000, 19200000, 26000000, 38400000, 16800000, 0, 0,
    };
    uint32_t div = (rd(PRM_CLKSRC_CTRL) >> 6) & 3;

    return osc[rd(PRM_CLKSEL) & 7] / (div ? div : 1);
}

/* DPLL relock: 2.5 us + 120 periods of its reference clock sys_clk/(N+1) */
static uint64_t dpll_relock_ns(uint32_t n)
{
    uint64_t ref = sys_clk_hz() / (n + 1);

    return 2500 + (120 * NS_PER_S + ref - 1) / ref;
}

/*
 * The latency of a wake-up with CORE in @core (the MPU OFF, every clock
 * domain idle, so both DPLLs with automatic stop stopped), from the
 * registers as they are now, and its parts in the line.
 */
static uint64_t expected_latency(uint32_t core)
{
    uint32_t autoext = (rd(PRM_CLKSRC_CTRL) >> 3) & 3;
    uint32_t voltctrl = rd(PRM_VOLTCTRL);
    uint64_t osc = 0, volt = 0, dpll = 0, d;

    if (core <= PWRST_RET) {
        if (autoext == 1 || (autoext == 2 && core == PWRST_OFF)) {
            osc = ns_32k(rd(PRM_CLKSETUP) & 0xffff);
        }
        if (core == PWRST_OFF && (voltctrl & PRM_VOLTCTRL_AUTO_OFF) &&
            (voltctrl & PRM_VOLTCTRL_SEL_OFF)) {
            volt = ns_32k((rd(PRM_VOLTOFFSET) & 0xffff) +
                          (rd(PRM_VOLTSETUP2) & 0xffff));
        }
    }
    if ((rd(CM_AUTOIDLE_PLL_MPU) & 7) == 1) {
        dpll = dpll_relock_ns(rd(CM_CLKSEL1_PLL_MPU) & 0x7f);
    }
    if ((rd(CM_AUTOIDLE_PLL) & 7) == 1) {
        d = dpll_relock_ns((rd(CM_CLKSEL1_PLL) >> 8) & 0x7f);
        dpll = d > dpll ? d : dpll;
    }
    ls("oscillator ");
    lu(osc);
    ls(" ns, voltage ");
    lu(volt);
    ls(" ns, DPLL relock ");
    lu(dpll);
    ls(" ns");
    return (osc > volt ? osc : volt) + dpll;
}

/* ---- one sleep ------------------------------------------------------------------- */

#define SLEEP_TICKS             164     /* GPT1 5 ms ahead */

struct sleep_result {
    int resumed;            /* offmode_sleep returned through the ROM */
    uint32_t k_irq;         /* 32 kHz tick of GPT1's interrupt */
    uint32_t k_resume;      /* 32 kHz counter at offmode_resume */
    uint32_t cpsr;          /* the CPSR offmode_resume was entered with */
    uint32_t prepwstst_mpu, prepwstst_core;
    uint64_t expected_ns;   /* the latency the registers imply */
    char parts[160];        /* its parts, for the line */
};

/*
 * GPT1, one-shot on 32 kHz, overflows @ticks from now: the 32 kHz tick at
 * which it interrupts (GPT1 and the sync counter tick together).
 */
static uint32_t gpt1_arm(uint32_t ticks)
{
    uint32_t k, k2, c;

    wr(GPT_TCLR, 0);
    wr(GPT_TISR, 7);
    wr(GPT_TIER, GPT_OVF);
    wr(GPT_TCRR, 0u - ticks);
    wr(GPT_TCLR, 1);                            /* ST, no auto-reload */
    do {
        k = rd(SYNC_32K_CR);
        c = rd(GPT_TCRR);
        k2 = rd(SYNC_32K_CR);
    } while (k != k2);
    return k + (0u - c);
}

/* Acknowledge GPT1's interrupt everywhere, as Linux's handlers would. */
static void gpt1_ack(void)
{
    wr(GPT_TCLR, 0);
    wr(GPT_TIER, 0);
    wr(GPT_TISR, 7);
    wr(PM_WKST_WKUP, 1);                        /* ST_GPT1 */
    wr(PRM_IRQSTATUS_MPU, 1);                   /* WKUP_ST */
    (void)rd(INTC_SIR_IRQ);
    wr(INTC_CONTROL, 1);                        /* NEWIRQAGR */
}

static void do_sleep(struct sleep_result *r, uint32_t core, uint32_t per)
{
    unsigned i;

    len = 0;
    set_next(MOD_MPU, PWRST_OFF);
    set_next(MOD_NEON, PWRST_OFF);
    set_next(MOD_PER, per);
    set_next(MOD_CORE, core);
    /* omap3_pwrdm_clear_all_prev_pwrst: writing 0 changes nothing */
    wr(PM_PREPWSTST(MOD_MPU), 0);
    wr(PM_PREPWSTST(MOD_CORE), 0);
    r->expected_ns = expected_latency(core);
    for (i = 0; i < len && i < sizeof(r->parts) - 1; i++) {
        r->parts[i] = line[i];
    }
    r->parts[i] = 0;
    len = 0;
    r->k_irq = gpt1_arm(SLEEP_TICKS);
    r->resumed = offmode_sleep();
    r->k_resume = offmode_ctx[CTX_K32];
    r->cpsr = offmode_ctx[CTX_CPSR];
    r->prepwstst_mpu = rd(PM_PREPWSTST(MOD_MPU));
    r->prepwstst_core = rd(PM_PREPWSTST(MOD_CORE));
    gpt1_ack();
}

/* ---- the checks -------------------------------------------------------------------- */

static void check_resume(const char *name, const struct sleep_result *r)
{
    uint32_t scr = 0;
    int secure = offmode_secure(&scr);
    int ok = r->resumed && (r->cpsr & 0x1f) == 0x13 && !secure &&
             (r->cpsr & 0x1c0) == 0x1c0;

    ls(r->resumed ? "came back through the restore pointer " :
                    "WFI returned without a reset (the MPU kept its context)");
    if (r->resumed) {
        lh((uint32_t)(uintptr_t)offmode_resume);
    }
    ls(", entered with CPSR ");
    lh(r->cpsr);
    ls((r->cpsr & 0x1f) == 0x13 ? " (SVC, A/I/F masked)" : " (not SVC)");
    ls(secure ? ", SECURE world (SCR " : ", non-secure (SCR read UNDEFINED)");
    if (secure) {
        lh(scr);
        ls(")");
    }
    report(ok, name);
}

static void check_prepwstst(const char *name, const struct sleep_result *r,
                            uint32_t core)
{
    lreg("PM_PREPWSTST_MPU", r->prepwstst_mpu);
    ls(" (");
    ls(pwrst_name(r->prepwstst_mpu));
    ls("), PM_PREPWSTST_CORE ");
    lh(r->prepwstst_core);
    ls(" (");
    ls(pwrst_name(r->prepwstst_core));
    ls("); expected MPU OFF, CORE ");
    ls(pwrst_name(core));
    ls("; now MPU ");
    ls(pwrst_name(rd(PM_PWSTST(MOD_MPU))));
    ls(", CORE ");
    ls(pwrst_name(rd(PM_PWSTST(MOD_CORE))));
    report((r->prepwstst_mpu & 3) == PWRST_OFF &&
           (r->prepwstst_core & 3) == core &&
           (rd(PM_PWSTST(MOD_MPU)) & 3) == PWRST_ON &&
           (rd(PM_PWSTST(MOD_CORE)) & 3) == PWRST_ON, name);
}

/* smc #1 as omap3_restore_3630's path and omap3_restore do it */
static void check_monitor(const char *name)
{
    static uint32_t args[4];
    register uint32_t r0 __asm__("r0");
    register uint32_t r1 __asm__("r1");
    register uint32_t r2 __asm__("r2");
    register uint32_t r3 __asm__("r3");
    register uint32_t r12 __asm__("r12");
    uint32_t ret40, ret42, k1, k2, k3, scr = 0;
    int kept, secure;

    /* service 40: invalidate the L2 */
    r0 = 0x5a5a0000;
    r1 = 0x11111111;
    r2 = 0x22222222;
    r3 = 0x33333333;
    r12 = 40;
    __asm__ volatile(".arch_extension sec\n\tsmc #1"
                     : "+r"(r0), "+r"(r1), "+r"(r2), "+r"(r3), "+r"(r12)
                     : : "memory");
    ret40 = r0;
    kept = r1 == 0x11111111 && r2 == 0x22222222 && r3 == 0x33333333;

    /* service 42: ACTLR from [r3 + 4]: {1, ACTLR, 1, L2AUX} */
    args[0] = 1;
    args[1] = read_actlr();
    args[2] = 1;
    args[3] = 0x42;
    r0 = 0x5a5a0000;
    r1 = 0x11111111;
    r2 = 0x22222222;
    r3 = (uint32_t)(uintptr_t)args;
    r12 = 42;
    __asm__ volatile(".arch_extension sec\n\tsmc #1"
                     : "+r"(r0), "+r"(r1), "+r"(r2), "+r"(r3), "+r"(r12)
                     : : "memory");
    ret42 = r0;
    k1 = r1;
    k2 = r2;
    k3 = r3;
    kept = kept && k1 == 0x11111111 && k2 == 0x22222222 &&
           k3 == (uint32_t)(uintptr_t)args;
    secure = offmode_secure(&scr);

    ls("smc #1 service 40 -> r0 ");
    lh(ret40);
    ls(", service 42 (ACTLR ");
    lh(args[1]);
    ls(") -> r0 ");
    lh(ret42);
    ls(", ACTLR now ");
    lh(read_actlr());
    ls(kept ? ", r1-r3 kept" : ", r1-r3 CHANGED");
    ls(", back in ");
    ls((read_cpsr() & 0x1f) == 0x13 ? "SVC" : "another mode");
    ls(secure ? ", SECURE" : ", non-secure");
    report(ret40 == 0 && ret42 == 0 && kept && !secure &&
           (read_cpsr() & 0x1f) == 0x13 && read_actlr() == args[1], name);
}

static void check_sdram(const char *name, uint32_t seed)
{
    unsigned bad = pattern_check(seed);

    lu(PATTERN_WORDS * 4);
    ls(" bytes at ");
    lh((uint32_t)(uintptr_t)pattern);
    ls(" written before the sleep: ");
    lu(bad);
    ls(" words differ");
    report(bad == 0, name);
}

/*
 * The wake-up took at least the modelled latency: resume at or after the
 * 32 kHz tick k_irq + floor(latency * 32768 / 1e9), and at most
 * SLACK_TICKS later (the ROM's run, the restore, the tick boundaries).
 */
#define SLACK_TICKS             2

static void check_latency(const char *name, const struct sleep_result *r)
{
    uint32_t ticks = r->k_resume - r->k_irq;
    uint32_t min = (uint32_t)(r->expected_ns * 32768 / NS_PER_S);

    ls("GPT1 interrupt at 32k tick ");
    lu(r->k_irq);
    ls(", restore pointer reached at ");
    lu(r->k_resume);
    ls(": ");
    lu(ticks);
    ls(" ticks (");
    lus((uint64_t)ticks * NS_PER_S / 32768);
    ls("); the registers imply ");
    lu(r->expected_ns);
    ls(" ns (");
    ls(r->parts);
    ls("): ");
    lu(min);
    ls("..");
    lu(min + SLACK_TICKS);
    ls(" ticks");
    report(r->resumed && r->expected_ns > 0 && ticks >= min &&
           ticks <= min + SLACK_TICKS, name);
}

static int mpu_mhz(uint32_t sel1, uint32_t sel2)
{
    uint32_t m = (sel1 >> 8) & 0x7ff, n = sel1 & 0x7f, m2 = sel2 & 0x1f;

    return (int)((uint64_t)sys_clk_hz() * m / (n + 1) / (m2 ? m2 : 1) /
                 1000000);
}

int main(void)
{
    struct sleep_result c4, c7;
    uint32_t scr0 = 0, scr1 = 0, vbar, sdrc_rfr, clkstctrl_per, mir1;
    uint32_t cm_reset_sel1, sdrc_reset_power, sdrc_reset_rfr;
    int secure0, secure1, ok;
    unsigned i, bad;

    put("# offmode-bare: MPU OFF (C4) and MPU+CORE OFF (C7) through the "
        "boot ROM\n");

    /* 1. the monitor: the ROM's board set-up, as QEMU's Linux boot does */
    secure0 = offmode_secure(&scr0);
    offmode_board_setup();
    vbar = read_vbar();
    secure1 = offmode_secure(&scr1);
    write_vbar((uint32_t)(uintptr_t)_start);    /* this world's vectors */
    ls("started in ");
    ls(secure0 ? "secure" : "non-secure");
    ls(" SVC (SCR ");
    lh(scr0);
    ls("); 0x40014100 returned in mode ");
    lh(read_cpsr() & 0x1f);
    ls(secure1 ? ", still SECURE (SCR " : ", non-secure (SCR read UNDEFINED");
    if (secure1) {
        lh(scr1);
    }
    ls(", VBAR reads ");
    lh(vbar);
    ls(" (the non-secure bank, not start.S's ");
    lh((uint32_t)(uintptr_t)_start);
    ls("))");
    report(secure0 && !secure1 && (read_cpsr() & 0x1f) == 0x13 && vbar == 0,
           "board-setup");

    /* reset values, before anything changes them */
    cm_reset_sel1 = rd(CM_CLKSEL1_PLL_MPU);
    sdrc_reset_power = rd(SDRC_POWER);
    sdrc_reset_rfr = rd(SDRC_RFR_CTRL(0));

    /* 2, 3. what Linux sets up, and the scratchpad */
    pm_setup();
    save_scratchpad();
    put("# scratchpad: restore pointer ");
    len = 0;
    lh(rd(SCRATCHPAD + 4));
    ls(", CM_CLKSEL1_PLL_MPU ");
    lh(saved_cm[9]);
    ls(" (DPLL1 ");
    lu((uint64_t)mpu_mhz(saved_cm[9], saved_cm[10]));
    ls(" MHz; reset ");
    lh(cm_reset_sel1);
    ls(", ");
    lu((uint64_t)mpu_mhz(cm_reset_sel1, 1));
    ls(" MHz), SDRC_POWER ");
    lh(saved_sdrc[4]);
    ls(" (now ");
    lh(rd(SDRC_POWER));
    ls(", reset ");
    lh(sdrc_reset_power);
    ls("), RFR_CTRL_0 ");
    lh(saved_sdrc[11]);
    ls(" (reset ");
    lh(sdrc_reset_rfr);
    ls(")");
    flush("");

    /* 4a. C4: MPU OFF, CORE ON */
    pattern_fill(0xc4c4c4c4);
    do_sleep(&c4, PWRST_ON, PWRST_RET);
    check_resume("c4.resume", &c4);
    check_prepwstst("c4.prepwstst", &c4, PWRST_ON);
    sdrc_rfr = rd(SDRC_RFR_CTRL(0));
    clkstctrl_per = rd(CM_CLKSTCTRL(MOD_PER));
    mir1 = rd(INTC_MIR1);
    lreg("SDRC_POWER", rd(SDRC_POWER));
    ls(" (before the sleep ");
    lh(MY_SDRC_POWER);
    ls(", not the scratchpad's ");
    lh(saved_sdrc[4]);
    ls("), ");
    lreg("SDRC_RFR_CTRL_0", sdrc_rfr);
    ls(", ");
    lreg("CM_CLKSEL1_PLL_MPU", rd(CM_CLKSEL1_PLL_MPU));
    ls(", ");
    lreg("CM_CLKSTCTRL_PER", clkstctrl_per);
    ls(", ");
    lreg("INTC_MIR1", mir1);
    report(rd(SDRC_POWER) == MY_SDRC_POWER && sdrc_rfr == MY_RFR_CTRL &&
           rd(CM_CLKSEL1_PLL_MPU) == saved_cm[9] && clkstctrl_per == 3 &&
           !(mir1 & (1u << (GPT1_IRQ - 32))), "c4.core-context");
    check_monitor("c4.monitor");
    check_sdram("c4.sdram", 0xc4c4c4c4);
    check_latency("c4.latency", &c4);

    /* 4b. C7: MPU OFF, CORE OFF */
    pattern_fill(0xc7c7c7c7);
    do_sleep(&c7, PWRST_OFF, PWRST_OFF);
    check_resume("c7.resume", &c7);
    check_prepwstst("c7.prepwstst", &c7, PWRST_OFF);

    /* CORE's context was lost: registers the ROM does not restore */
    clkstctrl_per = rd(CM_CLKSTCTRL(MOD_PER));
    mir1 = rd(INTC_MIR1);
    lreg("INTC_MIR1", mir1);
    ls(" (reset: all masked), ");
    lreg("CM_CLKSTCTRL_PER", clkstctrl_per);
    ls(" (reset 0, was 3), ");
    lreg("CM_FCLKEN_PER", rd(CM_FCLKEN(MOD_PER)));
    ls(" (reset: UART3 on, was 0); the wake-up domain kept its own: ");
    lreg("PRM_CLKSETUP", rd(PRM_CLKSETUP));
    ls(", scratchpad restore pointer ");
    lh(rd(SCRATCHPAD + 4));
    report(mir1 == 0xffffffff && clkstctrl_per == 0 &&
           rd(CM_FCLKEN(MOD_PER)) == (1u << 11) &&
           rd(PRM_CLKSETUP) == MY_CLKSETUP &&
           rd(SCRATCHPAD + 4) == (uint32_t)(uintptr_t)offmode_resume,
           "c7.core-context-lost");

    /* the CM words came back from the scratchpad */
    ok = 1;
    bad = 0;
    for (i = 0; i < SP_NUM_CM; i++) {
        uint32_t v = rd(sp_cm[i].addr);

        if (sp_cm[i].addr == CM_AUTOIDLE_PLL) {
            v &= ~(7u << 3);
        }
        if (v != saved_cm[i]) {
            if (bad++ < 3) {
                lreg(sp_cm[i].name, v);
                ls(" (scratchpad ");
                lh(saved_cm[i]);
                ls("), ");
            }
            ok = 0;
        }
    }
    lu(SP_NUM_CM - bad);
    ls(" of 11 CM words hold the scratchpad's values; CM_CLKSEL1_PLL_MPU ");
    lh(rd(CM_CLKSEL1_PLL_MPU));
    ls(" (M ");
    lu((rd(CM_CLKSEL1_PLL_MPU) >> 8) & 0x7ff);
    ls(" N ");
    lu(rd(CM_CLKSEL1_PLL_MPU) & 0x7f);
    ls(": ");
    lu((uint64_t)mpu_mhz(rd(CM_CLKSEL1_PLL_MPU), rd(CM_CLKSEL2_PLL_MPU)));
    ls(" MHz, reset ");
    lu((uint64_t)mpu_mhz(cm_reset_sel1, 1));
    ls(" MHz), CM_AUTOIDLE_PLL ");
    lh(rd(CM_AUTOIDLE_PLL));
    ls(", CM_AUTOIDLE_PLL_MPU ");
    lh(rd(CM_AUTOIDLE_PLL_MPU));
    ls(" (reset 0), DPLL1 ");
    ls(rd(CM_IDLEST_PLL_MPU) & 1 ? "locked" : "NOT locked");
    ls(", DPLL3 ");
    ls(rd(CM_IDLEST_CKGEN) & 1 ? "locked" : "NOT locked");
    report(ok && rd(CM_CLKSEL1_PLL_MPU) != cm_reset_sel1 &&
           (rd(CM_AUTOIDLE_PLL_MPU) & 7) == 1 &&
           (rd(CM_AUTOIDLE_PLL) & 7) == 1 &&
           (rd(CM_IDLEST_PLL_MPU) & 1) && (rd(CM_IDLEST_CKGEN) & 1),
           "c7.cm-restore");

    /* the SDRC's registers came back from the scratchpad */
    ok = 1;
    bad = 0;
    for (i = 0; i < NUM_SP_SDRC; i++) {
        uint32_t v = rd(sp_sdrc[i].addr);

        if (v != sp_sdrc_value(i)) {
            if (bad++ < 3) {
                ls("SDRC_");
                lreg(sp_sdrc[i].name, v);
                ls(" (scratchpad ");
                lh(sp_sdrc_value(i));
                ls("), ");
            }
            ok = 0;
        }
    }
    lu(NUM_SP_SDRC - bad);
    ls(" of ");
    lu(NUM_SP_SDRC);
    ls(" SDRC registers hold the scratchpad's values; SDRC_POWER ");
    lh(rd(SDRC_POWER));
    ls(" (reset ");
    lh(sdrc_reset_power);
    ls("), RFR_CTRL_0 ");
    lh(rd(SDRC_RFR_CTRL(0)));
    ls(", ACTIM_CTRLA_0 ");
    lh(rd(SDRC_ACTIM_A(0)));
    ls(", ACTIM_CTRLB_1 ");
    lh(rd(SDRC_ACTIM_B(1)));
    report(ok && rd(SDRC_POWER) == 0x129 && rd(SDRC_POWER) != sdrc_reset_power &&
           rd(SDRC_RFR_CTRL(0)) == MY_RFR_CTRL &&
           rd(SDRC_ACTIM_A(0)) == MY_ACTIM_A && rd(SDRC_ACTIM_B(1)) == MY_ACTIM_B,
           "c7.sdrc-restore");

    check_monitor("c7.monitor");
    check_sdram("c7.sdram", 0xc7c7c7c7);
    check_latency("c7.latency", &c7);

    len = 0;
    ls("# ");
    lu((uint64_t)nfail);
    ls(nfail == 1 ? " check failed" : " checks failed");
    flush("");
    return nfail;
}
