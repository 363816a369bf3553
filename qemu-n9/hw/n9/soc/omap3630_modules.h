/*
 * TI OMAP3630 (Nokia N9): data tables of the SoC blocks that have no device
 * model of their own.
 *
 * omap3630_sysc_modules lists every module that Linux 6.18 (omap2plus,
 * omap3-n9.dts) resets or probes at boot and that is not one of the
 * dedicated models (INTC, PRM, CM, SCM, TAP, 32k counter, GPT1-12,
 * UART1-4, I2C1-3, GPIO1-6, SDRC, SMS, GPMC, WDT2/3, MMC1-3): each entry
 * becomes a TYPE_OMAP3_SYSC instance (OCP reset handshake plus register
 * storage).  Sources: the "ti,hwmods" nodes found under /ocp by
 * omap_hwmod.c:_init (status is not checked, so disabled nodes are reset
 * too) with their omap_hwmod_class_sysconfig in omap_hwmod_3xxx_data.c,
 * omap_hwmod_common_ipblock_data.c and omap_hwmod_2xxx_3xxx_ipblock_data.c;
 * and the "ti,sysc-*" target-module nodes of omap3.dtsi/omap36xx.dtsi that
 * ti-sysc.c:sysc_probe handles (disabled ones are not probed).
 *
 * omap3630_unimp_blocks lists the rest of the memory map that exists in
 * hardware but is not modelled: L4 target agents (TA, the 4 KB "L4
 * interconnect" region that follows each module), the L4 AP/IP/LA
 * configuration agents, the secure crypto blocks, ISP, VENC, IVA2.2, the
 * L3 configuration space, the L4-Emu debug blocks and the SMS rotation
 * spaces.  Linux 6.18 on the N9 touches none of them except the L3 firewall
 * registers on GP parts (sram.c:is_sram_locked).  Addresses come from the
 * OMAP34xx/36xx TRM memory map as reflected in the dtsi files and in the
 * kernel code cited; Linux has no data for the L4 TA/AP/IP/LA agents, the
 * secure-side blocks and the L4-Emu blocks, so those follow the OMAP35xx
 * TRM map (module at X, its TA at X + 4 KB).  Every size that could not be
 * confirmed is 4 KB and says so.  The SMS (0x6C000000), SDRC
 * (0x6D000000) and GPMC (0x6E000000) windows are 16 MB in the TRM but hold
 * their registers in the first 4 KB that the models map; the GPMC
 * chip-select space (0x00000000-0x3FFFFFFF) belongs to the GPMC model.
 * Neither table overlaps the modelled blocks or itself; both are sorted by
 * base address.
 *
 * Behaviour that plain storage (registers read back what was written,
 * revision constant, SOFTRESET self-clears, SYSSTATUS bit 0 = 1) does NOT
 * give, or where the generic SYSCONFIG layout does not apply:
 *
 *  1. hdq1w (0x480B2000, IRQ 58) has its own model now: omap3_hdq.c.
 *  2. smartreflex sr1/sr2 (0x480C9000/0x480CB000): the "sysc" offset 0x38
 *     is ERRCONFIG_V2 (omap_hwmod_3xxx_data.c:omap36xx_sr_sysc, ti-sysc.c:
 *     sysc_regbits_omap36xx_sr): SIDLEMODE [25:24], ENAWAKEUP [26], no
 *     SOFTRESET; bits [18:0] are ERRWEIGHT/ERRMAXLIMIT/ERRMINLIMIT written
 *     by drivers/soc/ti/smartreflex.c:sr_configure_errgen.  Bit 1 must not
 *     act as SOFTRESET here: treat 0x38 as plain storage.
 *  3. sgx (0x50000000): OCP_SYSCONFIG at 0xFE10 has the omap4 layout
 *     ("ti,sysc-omap4", ti-sysc.c:sysc_regbits_omap4): SOFTRESET is bit 0,
 *     SIDLE [3:2], MIDLE [5:4].  ti-sysc.c:sysc_reset sets bit 0 and does
 *     not poll (no SYSSTATUS, no ti,sysc-mask so no SYSC_QUIRK_RESET_STATUS);
 *     a bit-1 SOFTRESET never triggers.  Revision 0x40000000 at 0xFE00
 *     selects SYSC_MODULE_QUIRK_SGX: sysc_module_enable_quirk_sgx writes
 *     BIT(31) to 0xFF08 (OCP_DEBUG_CONFIG) on every enable (storage).
 *  4. dss (0x48050000): the hwmod reset is mach-omap2/display.c:
 *     omap_dss_reset, which writes no SOFTRESET: dispc_disable_outputs reads
 *     DISPC_CONTROL (0x48050440); if LCDENABLE/DIGITENABLE (bits 0/1) are
 *     set it waits up to 100 ms for FRAMEDONE/EVSYNC in DISPC_IRQSTATUS
 *     (0x48050418), which storage never sets.  DISPC_CONTROL must therefore
 *     reset to 0.  It then writes DSS_CONTROL (0x40) = 0 and polls
 *     DSS_SYSSTATUS (0x14) bit 0 (storage: fine).
 *  5. usb-otg (0x480AB000): revision 0x40 (0x33 is the other OMAP3 value)
 *     selects ti-sysc.c usb_otg_hs quirks: software-supervised idle and
 *     sysc_module_enable_quirk_otg / sysc_module_disable_quirk_otg writing
 *     OTG_FORCESTDBY (0x414) = 0 / 1 (storage).
 *  6. sdma (0x48056000): drivers/dma/ti/omap-dma.c:omap_dma_probe reads
 *     CAPS_0 (0x64); bit 20 (LL123) = 0 from storage just turns off
 *     linked-list mode.  "ti,omap3630-sdma" has may_lose_context, so the
 *     channel registers are saved/restored around CORE OFF (storage).
 *  7. McBSP (SYSCONFIG 0x8C), mailbox, usbtll, ssi, mmu-isp, dispc, rfbi:
 *     _ocp_softreset writes SOFTRESET and clears it again without polling
 *     (their classes lack SYSS_HAS_RESET_STATUS); the SYSSTATUS offsets
 *     listed for them exist in hardware but are not read at boot.
 *
 * Include after "qemu/osdep.h" (hwaddr).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_N9_OMAP3630_MODULES_H
#define HW_N9_OMAP3630_MODULES_H

typedef struct OMAP3ModuleInfo {
    const char *name;      /* QOM child name, e.g. "mcspi1" */
    hwaddr base;           /* physical base of the module's register window */
    uint64_t size;         /* window size */
    uint32_t rev;          /* offset of the revision reg, or OMAP3_NO_REG */
    uint32_t rev_value;    /* what the revision register reads */
    uint32_t sysc;         /* offset of SYSCONFIG, or OMAP3_NO_REG */
    uint32_t syss;         /* SYSSTATUS (resetdone bit 0), or OMAP3_NO_REG */
    const char *why;       /* which kernel code touches it (file:function) */
    bool omap4_sysc;       /* SYSCONFIG in the OMAP4 layout: SOFTRESET is bit 0 */
} OMAP3ModuleInfo;

#define OMAP3_NO_REG 0xffffffffu

/* Modules reset (or probed) by Linux at boot, sorted by base address. */
static const OMAP3ModuleInfo omap3630_sysc_modules[] = {
    /*
     * L4-Core: display subsystem (omap3.dtsi dss@48050000, status
     * "disabled", but hwmod still resets dss_core, dispc, dsi1 and rfbi).
     */
    { "dsi1", 0x4804FC00, 0x400, 0x0, 0, 0x10, 0x14,
      "omap_hwmod.c:_ocp_softreset polls SYSS bit0 (omap3xxx_dsi_sysc, "
      "hwmod dss_dsi1; DT proto 0x4804fc00 + phy 0x4804fe00 + pll "
      "0x4804ff00, TRM 1 KB)" },
    { "dss", 0x48050000, 0x400, 0x0, 0, 0x10, 0x14,
      "mach-omap2/display.c:omap_dss_reset writes DSS_CONTROL 0x40=0, "
      "polls SYSS bit0 (omap2_dss_sysc, hwmod dss_core; DT 0x200, TRM 1 KB)" },
    { "dispc", 0x48050400, 0x400, 0x0, 0, 0x10, 0x14,
      "display.c:dispc_disable_outputs reads DISPC_CONTROL 0x40; "
      "omap_hwmod.c:_ocp_softreset, no poll (omap3_dispc_sysc, hwmod "
      "dss_dispc)" },
    { "rfbi", 0x48050800, 0x400, 0x0, 0, 0x10, 0x14,
      "omap_hwmod.c:_ocp_softreset, no poll (omap2_rfbi_sysc, hwmod "
      "dss_rfbi; DT 0x100, TRM 1 KB)" },
    /* ---- L4-Core ---- */
    { "sdma", 0x48056000, 0x1000, 0x0, 0, 0x2C, 0x28,
      "ti-sysc.c:sysc_reset polls SYSS 0x28 bit0 (omap3.dtsi "
      "target-module@48056000); omap-dma.c:omap_dma_probe reads CAPS_0 0x64" },
    { "ssi", 0x48058000, 0x4000, 0x0, 0, 0x10, 0x14,
      "omap_hwmod.c:_ocp_softreset, no poll (omap34xx_ssi_sysc); "
      "omap_ssi_core.c:ssi_hw_init writes gdd+0x200, sys+0x100 (DT "
      "sys/gdd/port1/port2 = 16 KB)" },
    { "usbtll", 0x48062000, 0x1000, 0x0, 0x18, 0x10, 0x14,
      "omap_hwmod.c:_ocp_softreset, no poll (omap3xxx_usb_tll_hs_sysc); "
      "rev 0x18 = OMAP_USBTLL_REV2 (3630) for "
      "omap-usb-tll.c:usbtll_omap_probe (not built)" },
    { "usbhost", 0x48064000, 0x1000, 0x0, 0x10, 0x10, 0x14,
      "omap_hwmod.c:_ocp_softreset polls SYSS bit0 "
      "(omap3xxx_usb_host_hs_sysc); rev 0x10 = OMAP_USBHS_REV1 for "
      "omap-usb-host.c:usbhs_omap_probe (not built)" },
    { "mcbsp1", 0x48074000, 0x1000, OMAP3_NO_REG, 0, 0x8C, OMAP3_NO_REG,
      "omap_hwmod.c:_ocp_softreset, no status (omap3xxx_mcbsp_sysc; DT "
      "status disabled, still reset)" },
    { "mailbox", 0x48094000, 0x1000, 0x0, 0, 0x10, 0x14,
      "omap_hwmod.c:_ocp_softreset, no poll (omap3xxx_mailbox_sysc); "
      "omap-mailbox.c:omap_mbox_probe only prints REVISION" },
    { "mcbsp5", 0x48096000, 0x1000, OMAP3_NO_REG, 0, 0x8C, OMAP3_NO_REG,
      "omap_hwmod.c:_ocp_softreset, no status (omap3xxx_mcbsp_sysc; DT "
      "status disabled, still reset)" },
    { "mcspi1", 0x48098000, 0x1000, 0x0, 0, 0x10, 0x14,
      "omap_hwmod.c:_ocp_softreset polls SYSS bit0 (omap34xx_mcspi_sysc); "
      "spi-omap2-mcspi.c:omap2_mcspi_controller_setup writes only" },
    { "mcspi2", 0x4809A000, 0x1000, 0x0, 0, 0x10, 0x14,
      "omap_hwmod.c:_ocp_softreset polls SYSS bit0 (omap34xx_mcspi_sysc); "
      "spi-omap2-mcspi.c:omap2_mcspi_controller_setup writes only" },
    { "usb-otg", 0x480AB000, 0x1000, 0x400, 0x40, 0x404, 0x408,
      "ti-sysc.c:sysc_reset polls SYSS 0x408 bit0 (omap3.dtsi "
      "usb_otg_target); rev 0x40 selects the usb_otg_hs quirk (0x414 "
      "writes)" },
    { "mcspi3", 0x480B8000, 0x1000, 0x0, 0, 0x10, 0x14,
      "omap_hwmod.c:_ocp_softreset polls SYSS bit0 (omap34xx_mcspi_sysc); "
      "spi-omap2-mcspi.c:omap2_mcspi_controller_setup writes only" },
    { "mcspi4", 0x480BA000, 0x1000, 0x0, 0, 0x10, 0x14,
      "omap_hwmod.c:_ocp_softreset polls SYSS bit0 (omap34xx_mcspi_sysc); "
      "spi-omap2-mcspi.c:omap2_mcspi_controller_setup writes only" },
    { "mmu-isp", 0x480BD400, 0x400, 0x0, 0, 0x10, 0x14,
      "omap_hwmod.c:_ocp_softreset, no poll (mmu_sysc, hwmod mmu_isp; DT "
      "0x80, ISP MMU slot 0x480BD400-0x480BD7FF)" },
    { "sham", 0x480C3000, 0x1000, 0x5C, 0, 0x60, 0x64,
      "omap_hwmod.c:_ocp_softreset polls SYSS 0x64 bit0 (omap3_sham_sysc; "
      "hwmod registered on HS: DT node available); omap-sham.c not built" },
    /* 0x38 is ERRCONFIG, not a SYSCONFIG: its bit 1 is ERRMINLIMIT, so no
     * soft-reset handling there (plain storage). */
    { "sr1", 0x480C9000, 0x1000, OMAP3_NO_REG, 0, OMAP3_NO_REG, OMAP3_NO_REG,
      "omap_hwmod.c:_enable_sysc RMW ERRCONFIG 0x38 (omap36xx_sr_sysc, "
      "smartreflex_mpu_iva; ti-sysc legacy); smartreflex.c:omap_sr_probe "
      "no access" },
    /* 0x38 is ERRCONFIG, not a SYSCONFIG: its bit 1 is ERRMINLIMIT, so no
     * soft-reset handling there (plain storage). */
    { "sr2", 0x480CB000, 0x1000, OMAP3_NO_REG, 0, OMAP3_NO_REG, OMAP3_NO_REG,
      "omap_hwmod.c:_enable_sysc RMW ERRCONFIG 0x38 (omap36xx_sr_sysc, "
      "smartreflex_core; ti-sysc legacy); smartreflex.c:omap_sr_probe no "
      "access" },
    /* ---- L4-Per ---- */
    { "mcbsp2", 0x49022000, 0x1000, OMAP3_NO_REG, 0, 0x8C, OMAP3_NO_REG,
      "omap_hwmod.c:_ocp_softreset, no status (omap3xxx_mcbsp_sysc; DT "
      "status disabled, still reset)" },
    { "mcbsp3", 0x49024000, 0x1000, OMAP3_NO_REG, 0, 0x8C, OMAP3_NO_REG,
      "omap_hwmod.c:_ocp_softreset, no status (omap3xxx_mcbsp_sysc; DT "
      "status disabled, still reset)" },
    { "mcbsp4", 0x49026000, 0x1000, OMAP3_NO_REG, 0, 0x8C, OMAP3_NO_REG,
      "omap_hwmod.c:_ocp_softreset, no status (omap3xxx_mcbsp_sysc; DT "
      "status disabled, still reset)" },
    { "mcbsp2-st", 0x49028000, 0x1000, OMAP3_NO_REG, 0, 0x10, OMAP3_NO_REG,
      "omap_hwmod.c:_enable_sysc sets AUTOIDLE only, no SOFTRESET "
      "(omap3xxx_mcbsp_sidetone_sysc; mcbsp2 DT reg[1] \"sidetone\")" },
    { "mcbsp3-st", 0x4902A000, 0x1000, OMAP3_NO_REG, 0, 0x10, OMAP3_NO_REG,
      "omap_hwmod.c:_enable_sysc sets AUTOIDLE only, no SOFTRESET "
      "(omap3xxx_mcbsp_sidetone_sysc; mcbsp3 DT reg[1] \"sidetone\")" },
    /* ---- L3 ---- */
    { "sgx", 0x50000000, 0x10000, 0xFE00, 0x40000000, 0xFE10, OMAP3_NO_REG,
      "ti-sysc.c:sysc_init_module reads rev 0xFE00, sysc_reset sets 0xFE10 "
      "bit0, quirk writes 0xFF08 (DT ranges 32 MB, TRM SGX 64 KB)", true },
    { NULL }
};

typedef struct OMAP3BlockInfo {
    const char *name;
    hwaddr base;
    uint64_t size;
    const char *why;
} OMAP3BlockInfo;

/* Hardware blocks that are neither modelled nor touched, sorted by base. */
static const OMAP3BlockInfo omap3630_unimp_blocks[] = {
    /* ---- L4-Core (0x48000000) ---- */
    { "l4ta-scm", 0x48003000, 0x1000,
      "L4 TA of SCM: 2nd half of omap3.dtsi scm@2000 reg 0x2000; not touched" },
    { "cm-b", 0x48006000, 0x1000,
      "CM region B (TRM 2 KB; 4 KB assumed, size unconfirmed) inside "
      "omap3.dtsi cm@48004000 reg 0x4000; Linux CM code stays below "
      "0x48005500" },
    { "l4ta-cm", 0x48007000, 0x1000,
      "L4 TA of CM, last 4 KB of omap3.dtsi cm@48004000 reg 0x4000; not "
      "touched" },
    { "l4core-ap", 0x48040000, 0x800,
      "L4-Core address/protection agent (TRM map; AP..IP spacing 2 KB); "
      "not touched" },
    { "l4core-ip", 0x48040800, 0x800,
      "L4-Core initiator port agent (TRM map); not touched" },
    { "l4core-la", 0x48041000, 0x1000,
      "L4-Core link agent (TRM map; 4 KB assumed, size unconfirmed); not "
      "touched" },
    { "venc", 0x48050C00, 0x400,
      "DSS VENC (omap3.dtsi venc@48050c00, disabled; "
      "omap2_venc_hwmod_class has no sysc so hwmod never touches it)" },
    { "l4ta-dss", 0x48051000, 0x1000,
      "L4 TA of DSS (TRM map); not touched" },
    { "l4ta-sdma", 0x48057000, 0x1000,
      "L4 TA of sDMA (TRM map); not touched" },
    { "l4ta-ssi", 0x4805C000, 0x1000,
      "L4 TA of SSI (assumed after the 16 KB SSI module, size "
      "unconfirmed); not touched" },
    { "l4ta-i2c3", 0x48061000, 0x1000, "L4 TA of I2C3 (TRM map); not touched" },
    { "l4ta-usbtll", 0x48063000, 0x1000,
      "L4 TA of USB TLL (TRM map); not touched" },
    { "l4ta-usbhost", 0x48065000, 0x1000,
      "L4 TA of USB HS host (TRM map); not touched" },
    { "l4ta-uart1", 0x4806B000, 0x1000,
      "L4 TA of UART1 (TRM map); not touched" },
    { "l4ta-uart2", 0x4806D000, 0x1000,
      "L4 TA of UART2 (TRM map); not touched" },
    { "l4ta-i2c1", 0x48071000, 0x1000, "L4 TA of I2C1 (TRM map); not touched" },
    { "l4ta-i2c2", 0x48073000, 0x1000, "L4 TA of I2C2 (TRM map); not touched" },
    { "l4ta-mcbsp1", 0x48075000, 0x1000,
      "L4 TA of McBSP1 (TRM map); not touched" },
    { "l4ta-gpt10", 0x48087000, 0x1000,
      "L4 TA of GPTIMER10 (TRM map); not touched" },
    { "l4ta-gpt11", 0x48089000, 0x1000,
      "L4 TA of GPTIMER11 (TRM map); not touched" },
    { "l4ta-mailbox", 0x48095000, 0x1000,
      "L4 TA of mailbox (TRM map); not touched" },
    { "l4ta-mcbsp5", 0x48097000, 0x1000,
      "L4 TA of McBSP5 (TRM map); not touched" },
    { "l4ta-mcspi1", 0x48099000, 0x1000,
      "L4 TA of McSPI1 (TRM map); not touched" },
    { "l4ta-mcspi2", 0x4809B000, 0x1000,
      "L4 TA of McSPI2 (TRM map); not touched" },
    { "l4ta-mmc1", 0x4809D000, 0x1000, "L4 TA of MMC1 (TRM map); not touched" },
    { "mspro", 0x4809E000, 0x1000,
      "MS-PRO slot of the OMAP35xx L4-Core map; presence on 3630 "
      "unconfirmed, no DT node; not touched" },
    { "l4ta-mspro", 0x4809F000, 0x1000,
      "L4 TA of MS-PRO (OMAP35xx map, unconfirmed on 3630); not touched" },
    { "rng", 0x480A0000, 0x1000,
      "secure RNG (omap3.dtsi rng_target ranges 0x2000 = module + TA; N9 "
      "dtsi disables it, ti-sysc never probes)" },
    { "l4ta-rng", 0x480A1000, 0x1000,
      "L4 TA of RNG (2nd half of rng_target ranges); not touched" },
    { "des1", 0x480A2000, 0x1000,
      "secure DES/3DES1 (des1_ick; TRM map, 4 KB assumed, size "
      "unconfirmed); HS-only, no DT node" },
    { "l4ta-des1", 0x480A3000, 0x1000, "L4 TA of DES1 (TRM map); not touched" },
    { "sha11", 0x480A4000, 0x1000,
      "secure SHA2/MD5 1 (sha11_ick; TRM map, 4 KB assumed, size "
      "unconfirmed); HS-only, no DT node" },
    { "l4ta-sha11", 0x480A5000, 0x1000,
      "L4 TA of SHA11 (TRM map); not touched" },
    { "aes1", 0x480A6000, 0x1000,
      "secure AES1 (omap3.dtsi aes1_target ranges 0x2000 = module + TA; N9 "
      "dtsi disables it, ti-sysc never probes)" },
    { "l4ta-aes1", 0x480A7000, 0x1000,
      "L4 TA of AES1 (2nd half of aes1_target ranges); not touched" },
    { "pka", 0x480A8000, 0x1000,
      "secure PKA (pka_ick; TRM map, 4 KB assumed, size unconfirmed); "
      "HS-only, no DT node" },
    { "l4ta-pka", 0x480A9000, 0x1000, "L4 TA of PKA (TRM map); not touched" },
    { "l4ta-usbotg", 0x480AC000, 0x1000,
      "L4 TA of HS USB OTG (TRM map); not touched" },
    { "l4ta-mmc3", 0x480AE000, 0x1000, "L4 TA of MMC3 (TRM map); not touched" },
    { "mg", 0x480B0000, 0x1000,
      "\"MG\" slot of the OMAP35xx L4-Core map; function and 3630 presence "
      "unconfirmed, 4 KB assumed; not touched" },
    { "l4ta-mg", 0x480B1000, 0x1000,
      "L4 TA of MG (OMAP35xx map, unconfirmed on 3630); not touched" },
    { "l4ta-hdq1w", 0x480B3000, 0x1000,
      "L4 TA of HDQ/1-Wire (TRM map); not touched" },
    { "l4ta-mmc2", 0x480B5000, 0x1000, "L4 TA of MMC2 (TRM map); not touched" },
    { "icr-mpu", 0x480B6000, 0x1000,
      "ICR MPU port (icr_ick; TRM map, 4 KB assumed, size unconfirmed); no "
      "DT node; not touched" },
    { "l4ta-icr-mpu", 0x480B7000, 0x1000,
      "L4 TA of ICR MPU port (TRM map); not touched" },
    { "l4ta-mcspi3", 0x480B9000, 0x1000,
      "L4 TA of McSPI3 (TRM map); not touched" },
    { "l4ta-mcspi4", 0x480BB000, 0x1000,
      "L4 TA of McSPI4 (TRM map); not touched" },
    { "isp", 0x480BC000, 0x1400,
      "camera ISP core..SBL (omap36xx.dtsi isp reg0 0x480bc000+0x12fc, up "
      "to the MMU at 0x480BD400); no hwmod, omap3isp not built (MEDIA=n)" },
    { "isp-csi", 0x480BD800, 0x2800,
      "camera ISP CSI2/CSIPHY (omap36xx.dtsi isp reg1 0x480bd800+0x600) to "
      "the end of the 16 KB camera region; not touched" },
    { "l4ta-cam", 0x480C0000, 0x1000,
      "L4 TA of the camera subsystem (TRM map); not touched" },
    { "des2", 0x480C1000, 0x1000,
      "public DES/3DES2 (des2_ick; TRM map, 4 KB assumed, size "
      "unconfirmed); no DT node; not touched" },
    { "l4ta-des2", 0x480C2000, 0x1000, "L4 TA of DES2 (TRM map); not touched" },
    { "l4ta-sham", 0x480C4000, 0x1000,
      "L4 TA of SHA1/MD5 2 (TRM map); not touched" },
    { "aes2", 0x480C5000, 0x1000,
      "AES2 (omap3.dtsi aes2_target ranges 0x2000 = module + TA; N9 dtsi "
      "disables it, ti-sysc never probes)" },
    { "l4ta-aes2", 0x480C6000, 0x1000,
      "L4 TA of AES2 (2nd half of aes2_target ranges); not touched" },
    { "modem-intc", 0x480C7000, 0x1000,
      "modem INTC slot of the OMAP35xx L4-Core map (4 KB assumed, 3630 "
      "presence unconfirmed); not touched" },
    { "l4ta-modem-intc", 0x480C8000, 0x1000,
      "L4 TA of modem INTC (OMAP35xx map); not touched" },
    { "l4ta-sr1", 0x480CA000, 0x1000,
      "L4 TA of SmartReflex1 (TRM map); not touched" },
    { "l4ta-sr2", 0x480CC000, 0x1000,
      "L4 TA of SmartReflex2 (TRM map); not touched" },
    { "icr-modem", 0x480CD000, 0x1000,
      "ICR modem port (TRM map, 4 KB assumed, size unconfirmed); not touched" },
    { "l4ta-icr-modem", 0x480CE000, 0x1000,
      "L4 TA of ICR modem port (TRM map); not touched" },
    { "ssm", 0x48280000, 0x1000,
      "secure state machine (MPU subsystem, TRM map; 4 KB assumed, size "
      "unconfirmed); HS secure side, not touched" },
    /* ---- L4-Wakeup (0x48300000, inside the L4-Core window) ---- */
    { "l4ta-gpt12", 0x48305000, 0x1000,
      "L4 TA of GPTIMER12 (TRM map); not touched" },
    { "prm-b", 0x48308000, 0x1000,
      "PRM region B (TRM 2 KB; 4 KB assumed, size unconfirmed) inside "
      "omap3.dtsi prm@48306000 reg 0x4000; Linux PRM code stays below "
      "0x48307500" },
    { "l4ta-prm", 0x48309000, 0x1000,
      "L4 TA of PRM, last 4 KB of omap3.dtsi prm reg 0x4000; not touched" },
    { "l4ta-tap", 0x4830B000, 0x1000,
      "L4 TA of the control module ID/TAP block (assumed from the "
      "module+TA pattern, unconfirmed); not touched" },
    { "wdt1", 0x4830C000, 0x1000,
      "WDTIMER1, secure watchdog (TRM map); no DT node or hwmod, not touched" },
    { "l4ta-wdt1", 0x4830D000, 0x1000,
      "L4 TA of WDTIMER1 (TRM map); not touched" },
    { "l4ta-gpio1", 0x48311000, 0x1000,
      "L4 TA of GPIO1 (TRM map); not touched" },
    { "l4ta-wdt2", 0x48315000, 0x1000,
      "L4 TA of WDTIMER2 (TRM map); not touched" },
    { "l4ta-gpt1", 0x48319000, 0x1000,
      "L4 TA of GPTIMER1 (TRM map); not touched" },
    { "l4ta-32ksync", 0x48321000, 0x1000,
      "L4 TA of the 32 kHz sync counter (TRM map); not touched" },
    { "l4wkup-ap", 0x48328000, 0x800,
      "L4-Wakeup address/protection agent (TRM map); not touched" },
    { "l4wkup-ip-core", 0x48328800, 0x800,
      "L4-Wakeup initiator port from L4-Core (TRM map); not touched" },
    { "l4wkup-la", 0x48329000, 0x1000,
      "L4-Wakeup link agent (TRM map; 4 KB assumed, size unconfirmed); not "
      "touched" },
    { "l4wkup-ip-emu", 0x4832A000, 0x1000,
      "L4-Wakeup initiator port from L4-Emu (TRM map; 4 KB assumed, size "
      "unconfirmed); not touched" },
    /* ---- L4-Per (0x49000000) ---- */
    { "l4per-ap", 0x49000000, 0x800,
      "L4-Per address/protection agent (TRM map); not touched" },
    { "l4per-ip", 0x49000800, 0x800,
      "L4-Per initiator port agent (TRM map); not touched" },
    { "l4per-la", 0x49001000, 0x1000,
      "L4-Per link agent (TRM map; 4 KB assumed, size unconfirmed); not "
      "touched" },
    { "l4ta-uart3", 0x49021000, 0x1000,
      "L4 TA of UART3 (TRM map); not touched" },
    { "l4ta-mcbsp2", 0x49023000, 0x1000,
      "L4 TA of McBSP2 (TRM map); not touched" },
    { "l4ta-mcbsp3", 0x49025000, 0x1000,
      "L4 TA of McBSP3 (TRM map); not touched" },
    { "l4ta-mcbsp4", 0x49027000, 0x1000,
      "L4 TA of McBSP4 (TRM map); not touched" },
    { "l4ta-mcbsp2-st", 0x49029000, 0x1000,
      "L4 TA of McBSP2 sidetone (TRM map); not touched" },
    { "l4ta-mcbsp3-st", 0x4902B000, 0x1000,
      "L4 TA of McBSP3 sidetone (TRM map); not touched" },
    { "l4ta-wdt3", 0x49031000, 0x1000,
      "L4 TA of WDTIMER3 (TRM map); not touched" },
    { "l4ta-gpt2", 0x49033000, 0x1000,
      "L4 TA of GPTIMER2 (TRM map); not touched" },
    { "l4ta-gpt3", 0x49035000, 0x1000,
      "L4 TA of GPTIMER3 (TRM map); not touched" },
    { "l4ta-gpt4", 0x49037000, 0x1000,
      "L4 TA of GPTIMER4 (TRM map); not touched" },
    { "l4ta-gpt5", 0x49039000, 0x1000,
      "L4 TA of GPTIMER5 (TRM map); not touched" },
    { "l4ta-gpt6", 0x4903B000, 0x1000,
      "L4 TA of GPTIMER6 (TRM map); not touched" },
    { "l4ta-gpt7", 0x4903D000, 0x1000,
      "L4 TA of GPTIMER7 (TRM map); not touched" },
    { "l4ta-gpt8", 0x4903F000, 0x1000,
      "L4 TA of GPTIMER8 (TRM map); not touched" },
    { "l4ta-gpt9", 0x49041000, 0x1000,
      "L4 TA of GPTIMER9 (TRM map); not touched" },
    { "l4ta-uart4", 0x49043000, 0x1000,
      "L4 TA of UART4 (3630 only; assumed from the module+TA pattern); not "
      "touched" },
    { "l4ta-gpio2", 0x49051000, 0x1000,
      "L4 TA of GPIO2 (TRM map); not touched" },
    { "l4ta-gpio3", 0x49053000, 0x1000,
      "L4 TA of GPIO3 (TRM map); not touched" },
    { "l4ta-gpio4", 0x49055000, 0x1000,
      "L4 TA of GPIO4 (TRM map); not touched" },
    { "l4ta-gpio5", 0x49057000, 0x1000,
      "L4 TA of GPIO5 (TRM map); not touched" },
    { "l4ta-gpio6", 0x49059000, 0x1000,
      "L4 TA of GPIO6 (TRM map); not touched" },
    /* ---- L4-Emu (0x54000000, omap3.dtsi pmu@54000000 reg 8 MB) ---- */
    { "emu-tap", 0x54004000, 0x1000,
      "test chip-level TAP on L4-Emu (TRM map; 4 KB assumed, size "
      "unconfirmed); not touched" },
    { "l4ta-emu-tap", 0x54005000, 0x1000,
      "L4 TA of the chip-level TAP (TRM map); not touched" },
    { "l4emu-ap", 0x54006000, 0x800,
      "L4-Emu address/protection agent (TRM map); not touched" },
    { "l4emu-ip-core", 0x54006800, 0x800,
      "L4-Emu initiator port from L4-Core (TRM map); not touched" },
    { "l4emu-la", 0x54007000, 0x1000,
      "L4-Emu link agent (TRM map; 4 KB assumed, size unconfirmed); not "
      "touched" },
    { "l4emu-ip-dap", 0x54008000, 0x1000,
      "L4-Emu initiator port from the DAP (TRM map; 4 KB assumed, size "
      "unconfirmed); not touched" },
    { "mpu-emu", 0x54010000, 0x8000,
      "MPU emulation: Cortex-A8 ETM 0x54010000, debug 0x54011000 (TRM 32 "
      "KB, unconfirmed); the cortex-a8-pmu node reg is unused (CP15 PMU), "
      "not touched" },
    { "l4ta-mpu-emu", 0x54018000, 0x1000,
      "L4 TA of MPU emulation (assumed, unconfirmed); not touched" },
    { "tpiu", 0x54019000, 0x1000,
      "trace port interface unit (TRM map); not touched" },
    { "l4ta-tpiu", 0x5401A000, 0x1000, "L4 TA of TPIU (TRM map); not touched" },
    { "etb", 0x5401B000, 0x1000,
      "embedded trace buffer (TRM map); not touched" },
    { "l4ta-etb", 0x5401C000, 0x1000, "L4 TA of ETB (TRM map); not touched" },
    { "dapctl", 0x5401D000, 0x1000,
      "debug access port control (TRM map); not touched" },
    { "l4ta-dapctl", 0x5401E000, 0x1000,
      "L4 TA of DAPCTL (TRM map); not touched" },
    { "l4ta-sdti", 0x5401F000, 0x1000, "L4 TA of SDTI (TRM map); not touched" },
    { "sdti-cfg", 0x54500000, 0x1000,
      "SDTI configuration (TRM map; 4 KB assumed, size unconfirmed); not "
      "touched" },
    { "sdti-window", 0x54600000, 0x1000,
      "SDTI message window (TRM map; 4 KB assumed, size unconfirmed); not "
      "touched" },
    { "l4emu-wkup", 0x54700000, 0x40000,
      "L4-Wakeup (GPT12, PRM, WDT1, GPIO1, WDT2, GPT1, 32k, L4-WKUP "
      "config) as seen from L4-Emu (debugger path, TRM map); not touched" },
    /* ---- L3 ---- */
    { "iva2", 0x5C000000, 0x3000000,
      "IVA2.2 subsystem (TRM 48 MB) incl. mmu_iva 0x5d000000 (omap3.dtsi, "
      "disabled; hwmod only asserts PRM reset lines); not touched" },
    { "l3", 0x68000000, 0x1000000,
      "L3 config: RT/IA/TA (omap_l3_smx.h, omap_l3_smx.c:omap3_l3_probe "
      "maps it, IRQ 9/10 only) + PM firewall; sram.c:is_sram_locked writes "
      "0x68012848/50/58/80 on GP" },
    { "vrfb-vas0", 0x70000000, 0x10000000,
      "SMS rotation virtual space 0 (mach-omap2/fb.c omap3_vrfb_resources "
      "areas 0-3); OMAP2_VRFB not built" },
    { "vrfb-vas1", 0xE0000000, 0x20000000,
      "SMS rotation virtual space 1 (mach-omap2/fb.c omap3_vrfb_resources "
      "areas 4-11); OMAP2_VRFB not built" },
    { NULL }
};

#endif /* HW_N9_OMAP3630_MODULES_H */
