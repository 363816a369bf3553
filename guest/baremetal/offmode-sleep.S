/*
 * offmode-bare: what has to be assembly.  The CPU state around a sleep
 * that loses the MPU's context, the call to the ROM's board set-up, and a
 * probe of the security world.
 *
 *  offmode_sleep()        saves the callee-saved registers, sp and lr in
 *                         offmode_ctx and executes WFI.  Returns 0 if WFI
 *                         simply returned (the MPU kept its context); when
 *                         the MPU was OFF, the PRCM warm-resets the core
 *                         into the boot ROM, which jumps to
 *                         offmode_resume, and offmode_sleep "returns" 1
 *                         from there, as Linux's cpu_suspend does.
 *  offmode_resume         the scratchpad's restore pointer.  The ROM enters
 *                         it in non-secure SVC with the MMU off and a CPU
 *                         fresh out of reset (banked stack pointers, VBAR
 *                         and the PMU at their reset values).  It reads the
 *                         32 kHz counter first (the time of the resume),
 *                         keeps the CPSR it was handed, sets up the stacks
 *                         and the vectors of start.S again and returns from
 *                         offmode_sleep.
 *  offmode_board_setup()  calls the ROM's board set-up at 0x40014100 (the
 *                         secure set-up, then the non-secure world, back to
 *                         the caller).  The ROM sets sp to its own stack
 *                         (0x40210000) on the way: ours is put back.
 *  offmode_secure(&scr)   1 if this runs in the secure world (SCR is
 *                         readable; *scr = SCR), 0 if reading SCR is
 *                         UNDEFINED (non-secure PL1).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
    .syntax unified
    .arm

#define SYNC_32K_CR             0x48320010
#define ROM_BOARD_SETUP         0x40014100

/* offmode_ctx (offmode-bare.c): r4-r11, lr, sp, 32k at resume, CPSR */
#define CTX_SP                  36
#define CTX_K32                 40
#define CTX_CPSR                44

    .text
    .global offmode_sleep
offmode_sleep:
    ldr     r0, =offmode_ctx
    stmia   r0, {r4-r11, lr}
    str     sp, [r0, #CTX_SP]
    dsb
    wfi
    mov     r0, #0
    bx      lr

    .global offmode_resume
    .align  2
offmode_resume:
    ldr     r0, =SYNC_32K_CR
    ldr     r1, [r0]
    ldr     r0, =offmode_ctx
    str     r1, [r0, #CTX_K32]
    mrs     r1, cpsr
    str     r1, [r0, #CTX_CPSR]
    cpsid   aif
    ldr     r1, =__exc_stack_top
    cps     #0x1b           /* UND */
    mov     sp, r1
    cps     #0x17           /* ABT */
    mov     sp, r1
    cps     #0x12           /* IRQ */
    mov     sp, r1
    cps     #0x11           /* FIQ */
    mov     sp, r1
    cps     #0x13           /* SVC */
    /* start.S's vectors, in this world's VBAR */
    mrc     p15, 0, r1, c1, c0, 0
    bic     r1, r1, #(1 << 13)
    mcr     p15, 0, r1, c1, c0, 0
    ldr     r1, =_start
    mcr     p15, 0, r1, c12, c0, 0
    isb
    ldmia   r0, {r4-r11, lr}
    ldr     sp, [r0, #CTX_SP]
    mov     r0, #1
    bx      lr

    .global offmode_board_setup
offmode_board_setup:
    push    {r4, lr}
    mov     r4, sp
    ldr     r12, =ROM_BOARD_SETUP
    blx     r12
    mov     sp, r4
    pop     {r4, pc}

/*
 * A vector table for the probe alone: an undefined instruction comes back
 * with r0 = 0, past the instruction.
 */
    .align  5
probe_vectors:
    b       .
    b       probe_undef
    b       .
    b       .
    b       .
    b       .
    b       .
    b       .
probe_undef:
    mov     r0, #0
    movs    pc, lr

    .global offmode_secure
offmode_secure:
    mov     r2, r0
    mrc     p15, 0, r1, c12, c0, 0      /* VBAR */
    ldr     r3, =probe_vectors
    mcr     p15, 0, r3, c12, c0, 0
    isb
    mov     r0, #1
    mrc     p15, 0, r3, c1, c1, 0       /* SCR: secure PL1 only */
    cmp     r0, #0
    strne   r3, [r2]
    mcr     p15, 0, r1, c12, c0, 0
    isb
    bx      lr

    .ltorg
