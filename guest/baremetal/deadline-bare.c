/*
 * deadline-bare: where a timer deadline that falls inside a load's memory
 * stall stops the CPU, without an OS.
 *   qemu-system-arm -M rm696 -kernel deadline-bare.elf \
 *       -semihosting-config enable=on,target=native \
 *       -icount shift=0,sleep=off [-accel tcg,one-insn-per-tb=on]
 * The deadline is the PMU's cycle-counter overflow (PMCCNTR written to -X,
 * PMINTENSET.C), whose interrupt reaches the INTC's line 3 (omap3.dtsi,
 * pmu@54000000 interrupts = <3>): X cycles on, exactly, at 1 GHz.  After a
 * delay of d loop rounds (2 instructions each) the program runs one of two
 * sequences, with IRQs masked until its cpsie:
 *   a   cpsie i; ldr from a non-cacheable SDRAM page (a stall of its
 *       uncached access); 16 nops
 *   b   ldm {r4, r5} whose first word is the same load and whose second
 *       word is on the next 1 MB section, a translation fault: the data
 *       abort handler runs cpsie i; 16 nops; and returns past the ldm
 * and records where the interrupt came: the index of the instruction it
 * was taken before in the sequence (a: 1 the ldr, 2 the first nop, ...;
 * b: the handler's, 1 its first nop, ...), or 0 after the sequence.  For
 * d = 1..ROUNDS it prints one line per sequence, "a P1 P2 ..." and
 * "b P1 ...", and the cycles of the load alone ("ldr C").
 *
 * The interrupt must come before the first instruction that starts at or
 * after the deadline: with the deadline inside the load's stall, a: 2, b:
 * 1 (the abort handler's first nop: the ldm did not complete, and the
 * handler's cpsie is where the interrupt can be taken).  With QEMU's
 * blocks the vCPU stops at the deadline only as far as the memory hooks
 * give back what the stall went past it by (core patch 0011,
 * mem_hook_unwound); one instruction per TB (-accel
 * tcg,one-insn-per-tb=on) stops at every instruction, and the two must
 * print the same lines.  tests/guest/test_deadline.py checks them.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdint.h>

#include "bare.h"

#define ROUNDS          120     /* d = 1..ROUNDS */
#define DEADLINE        160     /* X: cycles from the PMCCNTR write */

#define TEST_VA         0xa0000000u     /* non-cacheable SDRAM, 1 MB */
#define TEST_PA         0x82000000u
#define FAULT_VA        0xa0100000u     /* the section after: no mapping */
#define LAST_WORD       (FAULT_VA - 4u)

#define INTC_SECTION    0x48200000u
#define INTC_CONTROL    0x48200048u
#define INTC_MIR_CLEAR0 0x48200088u
#define PMU_IRQ         3

#define PMCCNTR_C       (1u << 31)

static uint32_t ttb[4096] __attribute__((aligned(16384)));

/* An exception but the ones the test makes: which (start.S's numbers, 4
 * a data abort; 0 from our own table, dl_other), and where */
void bare_fault(uint32_t what, uint32_t addr)
{
    static char msg[] = "deadline-bare: unexpected exception ? at ";

    msg[sizeof(msg) - 6] = (char)('0' + (what & 7));
    put(msg);
    put_hex(addr);
    put("\n");
    bare_exit(1);
}

/* ---- vectors: the data abort's sequence b, the PMU's interrupt ----------- */

volatile uint32_t irq_n, irq_pc;

/*
 * The PMU's interrupt: where it came (@pc: the instruction it was taken
 * before), then the overflow flag and the interrupt enable cleared, so
 * the INTC's line 3 drops, and the INTC told to look again (NEWIRQAGR).
 */
void dl_irq_record(uint32_t pc)
{
    irq_pc = pc;
    irq_n++;
    __asm__ volatile("mcr p15, 0, %0, c9, c14, 2" : : "r"(PMCCNTR_C));
    __asm__ volatile("mcr p15, 0, %0, c9, c12, 3" : : "r"(PMCCNTR_C));
    __asm__ volatile("dsb" : : : "memory");
    *(volatile uint32_t *)INTC_CONTROL = 1;
    __asm__ volatile("dsb" : : : "memory");
}

__asm__(
    "   .text\n"
    "   .arm\n"
    "   .align 5\n"
    "dl_vectors:\n"
    "   b   .\n"
    "   b   dl_other\n"
    "   b   dl_other\n"
    "   b   dl_other\n"
    "   b   dl_dabt\n"
    "   b   .\n"
    "   b   dl_irq\n"
    "   b   dl_other\n"
    /* sequence b's second half: IRQs on, 16 nops, back past the ldm */
    "dl_dabt:\n"
    "   cpsie i\n"
    "dl_seq_b:\n"
    "   .rept 16\n"
    "   nop\n"
    "   .endr\n"
    "dl_seq_b_end:\n"
    "   subs pc, lr, #4\n"
    "dl_irq:\n"
    "   push {r0-r3, r12, lr}\n"
    "   sub  r0, lr, #4\n"
    "   bl   dl_irq_record\n"
    "   pop  {r0-r3, r12, lr}\n"
    "   subs pc, lr, #4\n"
    "dl_other:\n"
    "   mov  r0, #0\n"
    "   sub  r1, lr, #4\n"
    "   b    bare_fault\n"
);
extern char dl_vectors[], dl_seq_b[], dl_seq_b_end[];

/* ---- the MMU: the program write-back, the test page non-cacheable -------- */

static void mmu_on(void)
{
    unsigned i;

    for (i = 0; i < 16; i++) {      /* the program: WB write-allocate */
        ttb[0x800 + i] = bare_section(0x80000000u + i * 0x100000u, 1, 1, 1);
    }
    ttb[TEST_VA >> 20] = bare_section(TEST_PA, 1, 0, 0);    /* Normal NC */
    ttb[FAULT_VA >> 20] = 0;                                /* a fault */
    ttb[INTC_SECTION >> 20] = bare_section(INTC_SECTION, 0, 0, 1); /* Device */
    __asm__ volatile("mcr p15, 0, %0, c12, c0, 0\nisb" /* VBAR: ours */
                     : : "r"((uint32_t)(uintptr_t)dl_vectors) : "memory");
    bare_mmu_on(ttb);
}

/* ---- one deadline -------------------------------------------------------- */

/* The overflow's interrupt on, the counter DEADLINE cycles before it */
static inline void arm_deadline(void)
{
    __asm__ volatile("mcr p15, 0, %0, c9, c12, 3" : : "r"(PMCCNTR_C));
    __asm__ volatile("mcr p15, 0, %0, c9, c14, 1" : : "r"(PMCCNTR_C));
    __asm__ volatile("isb" : : : "memory");
}

/* IRQs on until the interrupt has come (it is DEADLINE cycles at most) */
static void wait_irq(uint32_t n)
{
    for (uint32_t i = 0; irq_n == n && i < 100000; i++) {
        __asm__ volatile("cpsie i\n nop\n cpsid i" : : : "memory");
    }
    if (irq_n == n) {
        put("deadline-bare: no interrupt\n");
        bare_exit(1);
    }
}

static uint32_t position(uint32_t pc, const char *start, const char *end)
{
    uint32_t s = (uint32_t)(uintptr_t)start, e = (uint32_t)(uintptr_t)end;

    return pc >= s && pc <= e ? (pc - s) / 4 + 1 : 0;
}

/* Sequence a after @d delay rounds: the interrupt's position */
static __attribute__((noinline)) uint32_t run_a(uint32_t d)
{
    uint32_t n = irq_n;
    extern char dl_seq_a[], dl_seq_a_end[];

    arm_deadline();
    __asm__ volatile(
        "mcr p15, 0, %1, c9, c13, 0\n"      /* PMCCNTR: DEADLINE before */
        "1: subs %0, %0, #1\n"
        "bne 1b\n"
        "cpsie i\n"
        "dl_seq_a:\n"
        "ldr r4, [%2]\n"
        ".rept 16\n"
        "nop\n"
        ".endr\n"
        "dl_seq_a_end:\n"
        "cpsid i\n"
        : "+r"(d) : "r"(0u - DEADLINE), "r"(LAST_WORD)
        : "r4", "cc", "memory");
    wait_irq(n);
    return position(irq_pc, dl_seq_a, dl_seq_a_end);
}

/*
 * Sequence b after @d delay rounds: the interrupt's position.  The nops
 * after the ldm (run after the handler returns) are in the ldm's block:
 * the fault gives them back to the budget, and they are what a vCPU that
 * ran on past the deadline would run (the exception entry itself raises
 * the interrupt when the count it takes has passed the deadline: QEMU's
 * PMU looks at the counter on every exception level change, so only a
 * deadline that the given-back instructions move ahead of the clock
 * shows a late stop).
 */
static __attribute__((noinline)) uint32_t run_b(uint32_t d)
{
    uint32_t n = irq_n;

    arm_deadline();
    __asm__ volatile(
        "mcr p15, 0, %1, c9, c13, 0\n"
        "1: subs %0, %0, #1\n"
        "bne 1b\n"
        "ldm %2, {r4, r5}\n"                /* the data abort: dl_dabt */
        ".rept 16\n"                        /* in the ldm's block: see top */
        "nop\n"
        ".endr\n"
        : "+r"(d) : "r"(0u - DEADLINE), "r"(LAST_WORD)
        : "r4", "r5", "cc", "memory");
    wait_irq(n);
    return position(irq_pc, dl_seq_b, dl_seq_b_end);
}

/* PMCCNTR across the load alone (the same uncached word) */
static __attribute__((noinline)) uint32_t load_cycles(void)
{
    uint32_t t0, t1;

    __asm__ volatile(
        "mrc p15, 0, %0, c9, c13, 0\n"
        "ldr r4, [%2]\n"
        "mrc p15, 0, %1, c9, c13, 0\n"
        : "=&r"(t0), "=&r"(t1) : "r"(LAST_WORD) : "r4", "memory");
    return t1 - t0;
}

static void sweep(const char *name, uint32_t (*run)(uint32_t))
{
    run(1);                         /* the code into the L1 I, the TLBs */
    put(name);
    for (uint32_t d = 1; d <= ROUNDS; d++) {
        put(" ");
        put_u(run(d));
    }
    put("\n");
}

int main(void)
{
    bare_ccnt_enable();
    mmu_on();
    *(volatile uint32_t *)INTC_MIR_CLEAR0 = 1u << PMU_IRQ;
    put("deadline-bare: PMU overflow ");
    put_u(DEADLINE);
    put(" cycles on, d = 1..");
    put_u(ROUNDS);
    put("\n");
    load_cycles();
    put("ldr ");
    put_u(load_cycles());
    put("\n");
    sweep("a", run_a);
    sweep("b", run_b);
    return 0;
}
