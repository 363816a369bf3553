/*
 * OMAP3630 System Control Module (SCM, 0x48002000, CORE L4).
 *
 * The SCM holds the pad configuration (pin mux) registers, the "general"
 * control registers (device type and feature fuses, PBIAS, temperature
 * sensor, IVA2 boot mode, ...) and the wake-up memory (CONTROL_MEM_WKUP)
 * that carries the scratchpad read by the boot ROM after OFF mode.  Linux
 * reaches it through omap_ctrl_readl/writel (arch/arm/mach-omap2/control.c),
 * through pinctrl-single with 16-bit accesses (the three padconf ranges of
 * omap3.dtsi / omap36xx.dtsi), through the "scm_conf" syscon at +0x270
 * (pbias regulator, ti-cpufreq, the SCM clocks) and through the bandgap
 * driver at +0x524 (drivers/thermal/ti-soc-thermal).  The scratchpad is
 * filled with memcpy, so every register accepts 8, 16 and 32-bit accesses.
 *
 * Modelled: the whole 4 KB window as little-endian storage, with these
 * exceptions taken from what the kernel relies on:
 *  - CONTROL_STATUS (+0x2F0) reads the device type in bits 10:8 (property
 *    "device-type": 2 = HS as on the N9, 3 = GP) and is read-only;
 *  - CONTROL_OMAP_STATUS (+0x44C) reads property "omap-status", read-only;
 *  - writing START_PADCONF_SAVE (bit 1) to CONTROL_PADCONF_OFF (+0x270)
 *    completes the padconf save at once and sets SAVEDONE (bit 0) of
 *    CONTROL_GENERAL_PURPOSE_STATUS (+0x2F4), which omap3_ctrl_save_padconf()
 *    polls with no timeout;
 *  - CONTROL_TEMP_SENSOR (+0x524): a conversion completes at once (EOCZ
 *    follows SOC) and TEMP reads property "temp-adc";
 *  - the I/O pad wake-up latch (the "I/O daisy chain") of the pads in
 *    omap3_scm_wake_pads: activity on such a pad (GPIO input "pad-in" n,
 *    driven by the device whose input the pad is, e.g. the UART's RX) while
 *    the pad's WAKEUPENABLE (bit 14) is set latches its WAKEUPEVENT
 *    (bit 15), and GPIO output "io-wake" (PM_WKST_WKUP.ST_IO at the PRM)
 *    is high while any WAKEUPEVENT is.  WAKEUPEVENT is read-only; clearing
 *    WAKEUPENABLE clears it (what pinctrl-single's mask/ack does).
 * Not modelled: the hardware padconf save/restore across CORE OFF (the
 * padconf simply keeps its value), wake-up events of the pads that are not
 * in omap3_scm_wake_pads, the fuse values (they read 0) and the hole at
 * +0x268..+0x26F and above +0xAFF (logged, read 0).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/bitops.h"
#include "qapi/error.h"
#include "hw/sysbus.h"
#include "hw/irq.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "omap3630.h"
#include "omap3_scm.h"
#include "omap3_scm_regs.h"
#include "omap3_lanes.h"
#include "trace.h"

/* Registers and areas: omap3_scm_regs.h */

/* CONTROL_SYSCONFIG's bits: AUTOIDLE and IDLEMODE */
#define SYSCONFIG_WRITABLE      (R_CONTROL_SYSCONFIG_AUTOIDLE_MASK | \
                                 R_CONTROL_SYSCONFIG_IDLEMODE_MASK)
/* CONTROL_TEMP_SENSOR's bits that software sets */
#define TEMP_SENSOR_CTRL        (R_CONTROL_TEMP_SENSOR_SOC_MASK | \
                                 R_CONTROL_TEMP_SENSOR_CONTCONV_MASK)

/* Padconf: two 16-bit pads per word; bit 15 of each is WAKEUPEVENT (RO). */
#define PADCONF_WRITABLE        0x7FFF7FFF
#define PADCONF_WAKEUPENABLE    BIT(14)
#define PADCONF_WAKEUPEVENT     BIT(15)
/* Reset value of every pad: mux mode 7, the safe mode, inputs disabled. */
#define PADCONF_RESET           0x00070007

/*
 * The pads a wake-up can come from on the N9 model, by the offset of their
 * CONTROL_PADCONF half-word from the SCM base: Linux's
 * OMAP3_CORE1_IOPAD(0x2xxx) minus 0x2000, or the omap3_pmx_core pinctrl
 * offset (include/dt-bindings/pinctrl/omap.h OMAP3_UARTn_RX) plus 0x30.
 * The N9's device tree gives no pad a wake-up interrupt (its UART3 node has
 * only <&intc 74>; the N900's adds <&omap3_pmx_core OMAP3_UART3_RX>), so
 * Linux sets WAKEUPENABLE only where a DT says so.
 */
static const struct {
    const char *name;
    uint16_t offset;
} omap3_scm_wake_pads[OMAP3_SCM_NUM_WAKE_PADS] = {
    [OMAP3_SCM_PAD_UART1_RX] = { "uart1_rx", 0x182 },      /* 0x30 + 0x152 */
    [OMAP3_SCM_PAD_UART2_RX] = { "uart2_rx", 0x17a },      /* 0x30 + 0x14a */
    [OMAP3_SCM_PAD_UART3_RX] = { "uart3_rx_irrx", 0x19e }, /* 0x30 + 0x16e */
};

static bool omap3_scm_is_padconf(hwaddr offset)
{
    return (offset >= OMAP3_SCM_PADCONF_CORE_START &&
            offset < OMAP3_SCM_PADCONF_CORE_END) ||
           (offset >= OMAP3_SCM_PADCONF_CORE2_START &&
            offset < OMAP3_SCM_PADCONF_CORE2_END) ||
           (offset >= OMAP3_SCM_PADCONF_WKUP_START &&
            offset < OMAP3_SCM_PADCONF_WKUP_END);
}

static bool omap3_scm_exists(hwaddr offset)
{
    return offset < OMAP3_SCM_PADCONF_CORE_END ||
           (offset >= OMAP3_SCM_GENERAL_START &&
            offset < OMAP3_SCM_GENERAL_WKUP_END);
}

/* The WAKEUPEVENT bit of pad @n in its register word */
static uint32_t omap3_scm_pad_bit(int n, uint32_t bit)
{
    return bit << ((omap3_scm_wake_pads[n].offset & 2) * 8);
}

static uint32_t *omap3_scm_pad_word(OMAP3SCMState *s, int n)
{
    return &s->regs[omap3_scm_wake_pads[n].offset / 4];
}

/*
 * The I/O wake-up request to the PRM is the OR of the latched events: a
 * level, high until the kernel has cleared every WAKEUPEVENT.
 */
static bool omap3_scm_io_pending(OMAP3SCMState *s)
{
    int n;

    for (n = 0; n < OMAP3_SCM_NUM_WAKE_PADS; n++) {
        if (*omap3_scm_pad_word(s, n) &
            omap3_scm_pad_bit(n, PADCONF_WAKEUPEVENT)) {
            return true;
        }
    }
    return false;
}

static void omap3_scm_update_io_wake(OMAP3SCMState *s)
{
    bool pending = omap3_scm_io_pending(s);

    trace_omap3_scm_io_wake(pending);
    qemu_set_irq(s->io_wake, pending);
}

/* QOM "io-wake": the request is up (the idle recorder names the source) */
static bool omap3_scm_get_io_wake(Object *obj, Error **errp)
{
    return omap3_scm_io_pending(OMAP3_SCM(obj));
}

/*
 * Activity on wake-up pad @n: an edge either way.  The pad's detector is
 * asynchronous and in the always-on pad ring: it needs no clock, and the
 * domain of the module behind the pad may be OFF.
 */
static void omap3_scm_pad_in(void *opaque, int n, int level)
{
    OMAP3SCMState *s = opaque;
    uint32_t *reg = omap3_scm_pad_word(s, n);
    bool was = s->pad_in & BIT(n);

    if (!!level == was) {
        return;
    }
    s->pad_in ^= BIT(n);
    if ((*reg & omap3_scm_pad_bit(n, PADCONF_WAKEUPENABLE)) &&
        !(*reg & omap3_scm_pad_bit(n, PADCONF_WAKEUPEVENT))) {
        *reg |= omap3_scm_pad_bit(n, PADCONF_WAKEUPEVENT);
        s->wakeup_events++;
        trace_omap3_scm_pad_wakeup(omap3_scm_wake_pads[n].name,
                                   omap3_scm_wake_pads[n].offset);
        omap3_scm_update_io_wake(s);
    }
}

static uint32_t omap3_scm_status(OMAP3SCMState *s)
{
    /*
     * DEVICETYPE in bits 10:8: omap_type() (id.c) and the OFF restore path
     * (sleep34xx.S, "and r1, #0x700; cmp r1, #0x300") read it.  SYSBOOT
     * (bits 5:0) is not known for the N9 and nothing reads it: 0.
     */
    return FIELD_DP32(0, CONTROL_STATUS, DEVICETYPE, s->device_type);
}

static uint32_t omap3_scm_read_word(OMAP3SCMState *s, hwaddr offset)
{
    uint32_t val;

    switch (offset) {
    case A_CONTROL_STATUS:
        return omap3_scm_status(s);
    case A_CONTROL_OMAP_STATUS:
        return s->omap_status;
    case A_CONTROL_TEMP_SENSOR:
        /*
         * ti_bandgap_force_single_read() sets SOC, waits (1 ms bound) for
         * EOCZ to go high, clears SOC and waits (1.5 ms bound) for EOCZ to
         * go low.  The conversion is modelled as instantaneous: EOCZ
         * follows SOC, and TEMP always holds the result, a constant die
         * temperature.
         */
        val = s->regs[offset / 4] & TEMP_SENSOR_CTRL;
        if (val & R_CONTROL_TEMP_SENSOR_SOC_MASK) {
            val |= R_CONTROL_TEMP_SENSOR_EOCZ_MASK;
        }
        return val | s->temp_adc;
    default:
        return s->regs[offset / 4];
    }
}

/* @val holds the new bytes at their lane positions, @mask the written lanes */
static void omap3_scm_write_word(OMAP3SCMState *s, hwaddr offset,
                                 uint32_t val, uint32_t mask)
{
    uint32_t *reg = &s->regs[offset / 4];

    if (omap3_scm_is_padconf(offset)) {
        mask &= PADCONF_WRITABLE;
    }

    switch (offset) {
    case A_CONTROL_SYSCONFIG:
        mask &= SYSCONFIG_WRITABLE;
        break;
    case A_CONTROL_STATUS:
    case A_CONTROL_GENERAL_PURPOSE_STATUS:
    case A_CONTROL_OMAP_STATUS:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "%s: write to read-only register 0x%03" HWADDR_PRIx
                      "\n", __func__, offset);
        return;
    case A_CONTROL_PADCONF_OFF:
        if (val & mask & R_CONTROL_PADCONF_OFF_START_PADCONF_SAVE_MASK) {
            /*
             * omap3_ctrl_save_padconf() sets START_PADCONF_SAVE and then
             * polls SAVEDONE with no timeout (CORE OFF only).  The save is
             * complete at once; the start bit is a trigger and does not
             * stay set.
             */
            s->regs[R_CONTROL_GENERAL_PURPOSE_STATUS] |=
                R_CONTROL_GENERAL_PURPOSE_STATUS_SAVEDONE_MASK;
            mask &= ~R_CONTROL_PADCONF_OFF_START_PADCONF_SAVE_MASK;
            trace_omap3_scm_padconf_save();
        }
        break;
    case A_CONTROL_TEMP_SENSOR:
        mask &= TEMP_SENSOR_CTRL;
        break;
    default:
        break;
    }
    *reg = (*reg & ~mask) | (val & mask);
    if (omap3_scm_is_padconf(offset) &&
        (*reg & (PADCONF_WAKEUPEVENT | PADCONF_WAKEUPEVENT << 16))) {
        /* a pad whose wake-up is disabled drops its latched event */
        uint32_t off = ~*reg & (PADCONF_WAKEUPENABLE |
                                PADCONF_WAKEUPENABLE << 16);

        if (*reg & (off << 1)) {
            *reg &= ~(off << 1);
            omap3_scm_update_io_wake(s);
        }
    }
}

static uint64_t omap3_scm_read(void *opaque, hwaddr addr, unsigned size)
{
    OMAP3SCMState *s = opaque;
    uint64_t val;

    if (!omap3_scm_exists(addr)) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: no register at 0x%03"
                      HWADDR_PRIx "\n", __func__, addr);
        return 0;
    }
    val = omap3_lane_read(omap3_scm_read_word(s, addr & ~3), addr, size);
    trace_omap3_scm_read(addr, size, val);
    return val;
}

static void omap3_scm_write(void *opaque, hwaddr addr, uint64_t value,
                            unsigned size)
{
    OMAP3SCMState *s = opaque;

    trace_omap3_scm_write(addr, size, value);
    if (!omap3_scm_exists(addr)) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: no register at 0x%03"
                      HWADDR_PRIx "\n", __func__, addr);
        return;
    }
    omap3_scm_write_word(s, addr & ~3, omap3_lane_value(addr, size, value),
                         omap3_lane_mask(addr, size));
}

static const MemoryRegionOps omap3_scm_ops = {
    .read = omap3_scm_read,
    .write = omap3_scm_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 1,
        .max_access_size = 4,
    },
    .impl = {
        .min_access_size = 1,
        .max_access_size = 4,
    },
};

static void omap3_scm_reset_hold(Object *obj, ResetType type)
{
    OMAP3SCMState *s = OMAP3_SCM(obj);
    hwaddr off;

    /*
     * A cold reset: everything, the wake-up memory included, goes back to
     * its power-on value.  Nothing else resets the SCM (it has no
     * SOFTRESET), so the scratchpad survives the soft resets of other
     * modules.
     */
    memset(s->regs, 0, sizeof(s->regs));
    for (off = 0; off < OMAP3_SCM_SIZE; off += 4) {
        if (omap3_scm_is_padconf(off)) {
            s->regs[off / 4] = PADCONF_RESET;
        }
    }
}

/* The latched events went with the reset: drop the wake-up request. */
static void omap3_scm_reset_exit(Object *obj, ResetType type)
{
    omap3_scm_update_io_wake(OMAP3_SCM(obj));
}

static void omap3_scm_init(Object *obj)
{
    OMAP3SCMState *s = OMAP3_SCM(obj);

    memory_region_init_io(&s->iomem, obj, &omap3_scm_ops, s,
                          TYPE_OMAP3_SCM, OMAP3_SCM_SIZE);
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->iomem);
    qdev_init_gpio_in_named(DEVICE(obj), omap3_scm_pad_in, "pad-in",
                            OMAP3_SCM_NUM_WAKE_PADS);
    qdev_init_gpio_out_named(DEVICE(obj), &s->io_wake, "io-wake", 1);
    object_property_add_uint64_ptr(obj, "wakeup-events", &s->wakeup_events,
                                   OBJ_PROP_FLAG_READ);
    object_property_add_bool(obj, "io-wake", omap3_scm_get_io_wake, NULL);
}

static void omap3_scm_realize(DeviceState *dev, Error **errp)
{
    OMAP3SCMState *s = OMAP3_SCM(dev);

    if (s->device_type > 7) {
        error_setg(errp, "omap3-scm: device-type %u does not fit in 3 bits",
                   s->device_type);
        return;
    }
    if (s->temp_adc > 127) {
        /* The 3630 conversion table (omap36xx_adc_to_temp) has 128 rows. */
        error_setg(errp, "omap3-scm: temp-adc %u is out of range 0..127",
                   s->temp_adc);
        return;
    }
}

/*
 * Defaults: device type 2 (HS, the N9).  CONTROL_OMAP_STATUS 0xE00:
 * L2CACHE (11:10) = 3, IVA (12) = 0, SGX (14:13) = 0, NEON (4) = 0,
 * ISP (5) = 0 make omap3xxx_check_features() report a full OMAP3630, and
 * bit 9 marks the part as speed-binned so ti-cpufreq offers OPP1G
 * (docs/facts.md, Linux 1 and 7).  temp-adc 57 is 40 degrees C in
 * omap36xx_adc_to_temp.
 */
static const Property omap3_scm_properties[] = {
    DEFINE_PROP_UINT8("device-type", OMAP3SCMState, device_type, 2),
    DEFINE_PROP_UINT32("omap-status", OMAP3SCMState, omap_status, 0x00000E00),
    DEFINE_PROP_UINT8("temp-adc", OMAP3SCMState, temp_adc, 57),
};

static const VMStateDescription vmstate_omap3_scm = {
    .name = TYPE_OMAP3_SCM,
    .version_id = 2,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(regs, OMAP3SCMState, OMAP3_SCM_WORDS),
        VMSTATE_UINT32_V(pad_in, OMAP3SCMState, 2),
        VMSTATE_UINT64_V(wakeup_events, OMAP3SCMState, 2),
        VMSTATE_END_OF_LIST()
    },
};

static void omap3_scm_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->desc = "OMAP3 system control module (SCM: padconf, general, wake-up)";
    dc->realize = omap3_scm_realize;
    dc->vmsd = &vmstate_omap3_scm;
    rc->phases.hold = omap3_scm_reset_hold;
    rc->phases.exit = omap3_scm_reset_exit;
    device_class_set_props(dc, omap3_scm_properties);
}

static const TypeInfo omap3_scm_info = {
    .name = TYPE_OMAP3_SCM,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3SCMState),
    .instance_init = omap3_scm_init,
    .class_init = omap3_scm_class_init,
};

static void omap3_scm_register_types(void)
{
    type_register_static(&omap3_scm_info);
}

type_init(omap3_scm_register_types)
