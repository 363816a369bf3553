/*
 * qemu-n9's OMAP3630 boot ROM: what the N9's HS ROM does, as far as Linux
 * 6.18 relies on it (docs/facts.md, Linux 2 and 4).
 * Our own code, assembled at build time (meson.build); it lives at
 * 0x40000000 and runs in the secure world.
 *
 *  0x40000000  the secure monitor's vectors (MVBAR).  The SMC handler
 *              answers the HS services Linux calls with `smc #1`:
 *                25  save the secure RAM context (at boot): nothing secure
 *                    to save in the model;
 *                40  invalidate the L2 (MPU OFF restore): the model keeps
 *                    no L2 contents;
 *                42  write the auxiliary control register from [r3 + 4];
 *                43  write L2AUXCR from [r3 + 12] (not called by 6.18);
 *              and the GP ones (`smc #0`, r12 = 1 invalidate L2, 3 write
 *              ACTLR from r0, 2 write L2AUXCR from r0).  Every call
 *              returns r0 = 0 and is reported to the ROM's debug port
 *              (omap3_rom.c), which counts and traces it.
 *  0x40014000  the wake-up entry: after an MPU OFF the PRCM warm-resets the
 *              core here (secure SVC, MMU and caches off).  If CORE was OFF
 *              too, the CM's clock and DPLL settings and the SDRC's
 *              configuration come back from the scratchpad the kernel
 *              filled at boot (omap3_save_scratchpad_contents), SDRC_POWER
 *              included, whatever value it holds; then the core enters the
 *              non-secure world and jumps to the scratchpad's restore
 *              pointer with the MMU off.
 *  0x40014100  the board set-up that QEMU's direct kernel boot calls in
 *              secure SVC: the same secure set-up, then the non-secure
 *              world, back to the caller.
 *
 * The monitor's stack and the ROM's own stack are at the top of the OCM
 * SRAM (0x4020F000-0x40210000), which an HS device keeps for the ROM: Linux
 * uses only 0x40208000-0x4020EFFF there.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#define ROM_DEBUG_PORT          0x40020000  /* omap3_rom.c: service number */
#define ROM_STACK_TOP           0x40210000  /* SVC stack, grows down */
#define MON_STACK_TOP           0x4020F800  /* monitor stack */

#define SCRATCHPAD              0x48002910  /* CONTROL_MEM_WKUP + 0x310 */
#define SP_RESTORE_PTR          0x04        /* public_restore_ptr */
#define SP_PRCM_OFFSET          0x10        /* prcm_block_offset */
#define SP_SDRC_OFFSET          0x14        /* sdrc_block_offset */

#define PM_PREPWSTST_CORE       0x48306ae8
#define CM_BASE                 0x48004000
#define SDRC_BASE               0x6d000000

/* CM registers of the scratchpad's PRCM block, after its 2 PRM words */
#define CM_CLKSEL_CORE          0xa40
#define CM_CLKSEL_WKUP          0xc40
#define CM_CLKEN_PLL            0xd00
#define CM_AUTOIDLE_PLL         0xd30
#define CM_CLKSEL1_PLL          0xd40
#define CM_CLKSEL2_PLL          0xd44
#define CM_CLKSEL3_PLL          0xd48
#define CM_CLKEN_PLL_MPU        0x904
#define CM_AUTOIDLE_PLL_MPU     0x934
#define CM_CLKSEL1_PLL_MPU      0x940
#define CM_CLKSEL2_PLL_MPU      0x944
#define CM_IDLEST_PLL_MPU       0x924
#define CM_IDLEST_CKGEN         0xd20

/* SDRC registers */
#define SDRC_SYSCONFIG          0x010
#define SDRC_CS_CFG             0x040
#define SDRC_SHARING            0x044
#define SDRC_DLLA_CTRL          0x060
#define SDRC_POWER              0x070
#define SDRC_MCFG_0             0x080
#define SDRC_MR_0               0x084
#define SDRC_ACTIM_A_0          0x09c
#define SDRC_ACTIM_B_0          0x0a0
#define SDRC_RFR_CTRL_0         0x0a4
#define SDRC_MCFG_1             0x0b0
#define SDRC_MR_1               0x0b4
#define SDRC_ACTIM_A_1          0x0c4
#define SDRC_ACTIM_B_1          0x0c8
#define SDRC_RFR_CTRL_1         0x0d4

#define MODE_MON                0x16
#define SCR_NS_FW_AW            0x31

    .syntax unified
    .arm
    .text

/* ---- 0x40000000: the monitor vectors ------------------------------------ */
    .org 0x0
    .global _start
_start:
mvbar:
    b       .                   /* reset: not used through MVBAR */
    b       .                   /* undefined */
    b       smc_handler         /* SMC */
    b       .                   /* prefetch abort */
    b       .                   /* data abort */
    b       .
    b       .                   /* IRQ: not routed to the monitor */
    b       .                   /* FIQ: not routed to the monitor */

/*
 * r12 = the service; r0-r3 its arguments.  Returns r0 = 0, keeps every
 * other register, and goes back to the caller's mode and world.
 */
smc_handler:
    push    {r1-r3, lr}
    ldr     r1, =ROM_DEBUG_PORT
    str     r12, [r1]
    cmp     r12, #42
    beq     hs_write_actlr
    cmp     r12, #43
    beq     hs_write_l2auxcr
    cmp     r12, #3
    beq     gp_write_actlr
    b       smc_done            /* 25, 40, 1, 2: nothing to do */
hs_write_actlr:
    ldr     r0, [r3, #4]
    mcr     p15, 0, r0, c1, c0, 1
    b       smc_done
hs_write_l2auxcr:
    b       smc_done            /* QEMU's Cortex-A8 has no writable L2AUXCR */
gp_write_actlr:
    mcr     p15, 0, r0, c1, c0, 1
smc_done:
    mov     r0, #0
    pop     {r1-r3, lr}
    movs    pc, lr

/*
 * Secure set-up shared by the cold and the warm path: the non-secure world
 * may use VFP/NEON (NSACR cp10/cp11), the monitor's vectors and stack.
 * Clobbers r0, r1.
 */
secure_setup:
    mrc     p15, 0, r0, c1, c1, 2       /* NSACR */
    orr     r0, r0, #0xc00
    mcr     p15, 0, r0, c1, c1, 2
    ldr     r0, =mvbar
    mcr     p15, 0, r0, c12, c0, 1      /* MVBAR */
    mrs     r1, cpsr
    cps     #MODE_MON
    ldr     sp, =MON_STACK_TOP
    msr     cpsr_c, r1
    bx      lr

/*
 * Enter the non-secure world in the current mode: SCR.NS (with FW, AW),
 * made effective by the return from the monitor.  Clobbers r0.
 */
enter_nonsecure:
    mrc     p15, 0, r0, c1, c1, 0       /* SCR */
    orr     r0, r0, #SCR_NS_FW_AW
    mcr     p15, 0, r0, c1, c1, 0
    mov     r12, #0                     /* "service 0": the world switch */
    smc     #0
    bx      lr

/*
 * CORE was OFF: the CM lost its clock and DPLL settings and the SDRC its
 * configuration.  Restore both from the scratchpad's blocks, as the kernel
 * wrote them.  The PRM words of the PRCM block are the PRM's own registers,
 * which live in the wake-up domain and were never lost: read, not written.
 */
restore_core:
    push    {r4-r6, lr}
    ldr     r4, =SCRATCHPAD
    ldr     r0, [r4, #SP_PRCM_OFFSET]
    add     r5, r4, r0                  /* r5: PRCM block */
    add     r5, r5, #8                  /* skip the two PRM words */
    ldr     r6, =CM_BASE
    /* selections and dividers first, then the DPLLs' enables */
    ldr     r0, [r5, #0]
    str     r0, [r6, #CM_CLKSEL_CORE]
    ldr     r0, [r5, #4]
    str     r0, [r6, #CM_CLKSEL_WKUP]
    ldr     r0, [r5, #16]
    str     r0, [r6, #CM_CLKSEL1_PLL]
    ldr     r0, [r5, #20]
    str     r0, [r6, #CM_CLKSEL2_PLL]
    ldr     r0, [r5, #24]
    str     r0, [r6, #CM_CLKSEL3_PLL]
    ldr     r0, [r5, #36]
    str     r0, [r6, #CM_CLKSEL1_PLL_MPU]
    ldr     r0, [r5, #40]
    str     r0, [r6, #CM_CLKSEL2_PLL_MPU]
    ldr     r0, [r5, #8]
    str     r0, [r6, #CM_CLKEN_PLL]
    ldr     r0, [r5, #28]
    str     r0, [r6, #CM_CLKEN_PLL_MPU]
    /* wait for DPLL3 and DPLL1 to lock */
1:  ldr     r0, [r6, #CM_IDLEST_CKGEN]
    tst     r0, #1
    beq     1b
2:  ldr     r0, [r6, #CM_IDLEST_PLL_MPU]
    tst     r0, #1
    beq     2b
    ldr     r0, [r5, #12]
    str     r0, [r6, #CM_AUTOIDLE_PLL]
    ldr     r0, [r5, #32]
    str     r0, [r6, #CM_AUTOIDLE_PLL_MPU]

    ldr     r0, [r4, #SP_SDRC_OFFSET]
    add     r5, r4, r0                  /* r5: SDRC block */
    ldr     r6, =SDRC_BASE
    ldrh    r0, [r5, #0x00]
    str     r0, [r6, #SDRC_SYSCONFIG]
    ldrh    r0, [r5, #0x02]
    str     r0, [r6, #SDRC_CS_CFG]
    ldrh    r0, [r5, #0x04]
    str     r0, [r6, #SDRC_SHARING]
    ldr     r0, [r5, #0x08]
    str     r0, [r6, #SDRC_DLLA_CTRL]
    ldr     r0, [r5, #0x18]
    str     r0, [r6, #SDRC_MCFG_0]
    ldrh    r0, [r5, #0x1c]
    str     r0, [r6, #SDRC_MR_0]
    ldr     r0, [r5, #0x24]
    str     r0, [r6, #SDRC_ACTIM_A_0]
    ldr     r0, [r5, #0x28]
    str     r0, [r6, #SDRC_ACTIM_B_0]
    ldr     r0, [r5, #0x2c]
    str     r0, [r6, #SDRC_RFR_CTRL_0]
    ldr     r0, [r5, #0x34]
    str     r0, [r6, #SDRC_MCFG_1]
    ldrh    r0, [r5, #0x38]
    str     r0, [r6, #SDRC_MR_1]
    ldr     r0, [r5, #0x40]
    str     r0, [r6, #SDRC_ACTIM_A_1]
    ldr     r0, [r5, #0x44]
    str     r0, [r6, #SDRC_ACTIM_B_1]
    ldr     r0, [r5, #0x48]
    str     r0, [r6, #SDRC_RFR_CTRL_1]
    ldr     r0, [r5, #0x10]
    str     r0, [r6, #SDRC_POWER]
    pop     {r4-r6, pc}

    .ltorg

/* ---- 0x40014000: the wake-up entry (warm reset after MPU OFF) ----------- */
    .org 0x14000
    .global rom_wakeup
rom_wakeup:
    ldr     sp, =ROM_STACK_TOP
    bl      secure_setup
    ldr     r0, =PM_PREPWSTST_CORE
    ldr     r0, [r0]
    tst     r0, #3                      /* LASTPOWERSTATEENTERED = OFF? */
    bleq    restore_core
    ldr     r4, =SCRATCHPAD
    ldr     r4, [r4, #SP_RESTORE_PTR]
    bl      enter_nonsecure
    bx      r4                          /* non-secure SVC, MMU off */

    .ltorg

/* ---- 0x40014100: board set-up for QEMU's direct kernel boot ------------- */
    .org 0x14100
    .global rom_board_setup
rom_board_setup:
    mov     r3, lr                      /* no stack needed: SP is kept */
    bl      secure_setup
    bl      enter_nonsecure
    bx      r3

    .ltorg
