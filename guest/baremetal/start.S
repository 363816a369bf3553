/*
 * mmiolat-bare start-up: vectors, stacks, .bss, then main(); main's return
 * value becomes the semihosting exit.
 *
 * The state QEMU starts us in: for an ELF given with -kernel, hw/arm/boot.c
 * does not take the Linux path (no boot stub, no board set-up, so the rm696
 * ROM's switch to the non-secure world does not run): do_cpu_reset() leaves
 * the CPU as cpu_reset() made it and jumps to the ELF entry.  A Cortex-A8
 * with the Security Extensions comes out of reset in Secure SVC mode
 * (PL1, AArch32 EL3 in QEMU's terms) with IRQ, FIQ and asynchronous aborts
 * masked and the MMU and caches off.  Everything below works in that
 * state: PMCR/PMCNTENSET and VBAR are written at secure PL1, and the cycle
 * counter counts in the secure world because PMCR.DP stays 0.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
    .syntax unified
    .arm

    .section .vectors, "ax"
    .global _start
    .align  5
_start:
vectors:
    b       reset           /* 0x00 reset: also the ELF entry */
    b       undef_h         /* 0x04 undefined instruction */
    b       svc_h           /* 0x08 SVC (not the semihosting one) */
    b       pabt_h          /* 0x0c prefetch abort */
    b       dabt_h          /* 0x10 data abort */
    b       .               /* 0x14 unused */
    b       irq_h           /* 0x18 IRQ (masked: never) */
    b       fiq_h           /* 0x1c FIQ (masked: never) */

    .text
reset:
    cpsid   aif
    /* One small stack shared by the exception modes: a fault ends the run. */
    ldr     r0, =__exc_stack_top
    cps     #0x1b           /* UND */
    mov     sp, r0
    cps     #0x17           /* ABT */
    mov     sp, r0
    cps     #0x12           /* IRQ */
    mov     sp, r0
    cps     #0x11           /* FIQ */
    mov     sp, r0
    cps     #0x13           /* back to SVC */
    ldr     sp, =__stack_top

    /*
     * Exceptions to our table: SCTLR.V = 0 selects VBAR (secure bank).
     * SCTLR.I = 1: instruction fetches cacheable (with the MMU off too),
     * as a boot loader leaves it; with the machine's memory model on, an
     * uncached fetch would go to the SDRAM each time and the timed loops
     * would measure their own code instead of the register.
     * SCTLR.Z = 1: program flow prediction on, as U-Boot's cpu_init_cp15
     * and Linux (arch/arm/mm/proc-v7.S, v7_crval) leave it; with it off
     * every taken branch costs the A8 13 cycles (with -M rm696,pipeline=on).
     */
    mrc     p15, 0, r0, c1, c0, 0
    bic     r0, r0, #(1 << 13)
    orr     r0, r0, #(1 << 12)
    orr     r0, r0, #(1 << 11)
    mcr     p15, 0, r0, c1, c0, 0
    ldr     r0, =vectors
    mcr     p15, 0, r0, c12, c0, 0
    isb

    /* Zero .bss (the stacks are in it too, which does no harm). */
    ldr     r0, =__bss_start
    ldr     r1, =__bss_end
    mov     r2, #0
1:  cmp     r0, r1
    strlo   r2, [r0], #4
    blo     1b

    bl      main
    bl      bare_exit       /* does not return */
    b       .

/* r0 = what, r1 = the faulting address as lr shows it */
undef_h:
    mov     r0, #1
    sub     r1, lr, #4
    b       bare_fault
svc_h:
    mov     r0, #2
    sub     r1, lr, #4
    b       bare_fault
pabt_h:
    mov     r0, #3
    sub     r1, lr, #4
    b       bare_fault
dabt_h:
    mov     r0, #4
    sub     r1, lr, #8
    b       bare_fault
irq_h:
    mov     r0, #5
    sub     r1, lr, #4
    b       bare_fault
fiq_h:
    mov     r0, #6
    sub     r1, lr, #4
    b       bare_fault
