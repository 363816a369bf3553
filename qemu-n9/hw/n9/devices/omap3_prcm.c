/*
 * TI OMAP3630 Power, Reset and Clock Manager (PRCM).
 *
 * One device with the PRM (0x48306000) and the CM (0x48004000) register
 * regions, as on silicon, and one owner of the power and clock domains:
 * the state machines of models/prcm (pwrdm.c).  The register halves live
 * in omap3_prcm_prm.c and omap3_prcm_cm.c; this file is the device and the
 * MPU's idle:
 *
 *  - STANDBYWFI from the Cortex-A8 opens a sleep attempt: the domains whose
 *    clock domains become idle enter the state PM_PWSTCTRL asks for (the
 *    model's rules: CM_CLKSTCTRL auto, no functional clock, no sleep
 *    dependency on an active domain).
 *  - The MPU's interrupt lines from the INTC pass the PRCM.  While the MPU
 *    sleeps, an interrupt is a wake-up event: the PRCM holds it for the
 *    wake-up latency that the states reached and the registers the kernel
 *    programmed give (models/prcm/wakeup.c), on a virtual-clock timer, then
 *    brings the domains back ON and lets the interrupt through.  So a
 *    wake-up from RET or OFF is later than one from ON by that much, on
 *    every clock the guest reads.
 *  - A domain that was OFF lost its context: its devices are reset when it
 *    comes back (the SoC attaches them, omap3_prcm_attach), and for CORE
 *    the CM half too.  An MPU that was OFF is warm-reset into the boot
 *    ROM's wake-up entry, which restores what the scratchpad says and
 *    jumps to the kernel (omap3_rom.c).
 *
 * Everything that shapes timing is in VMState, the wake-up in progress
 * included, so a snapshot taken while a domain is OFF wakes correctly.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qapi/error.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "hw/sysbus.h"
#include "hw/irq.h"
#include "hw/qdev-clock.h"
#include "hw/qdev-properties.h"
#include "hw/resettable.h"
#include "hw/core/cpu.h"
#include "migration/vmstate.h"
#include "target/arm/cpu.h"
#include "omap3_prcm_internal.h"
#include "models/prcm/pwrdm_state.h"
#include "qemu/error-report.h"
#include "n9_agent.h"
#include "trace.h"

/* ---- Listeners and the PRCM interrupt ------------------------------------ */

void omap3_prcm_add_listener(OMAP3PRCMState *s, Notifier *n)
{
    notifier_list_add(&s->listeners, n);
}

static void omap3_prcm_notify(OMAP3PRCMState *s, OMAP3PRCMEvent *ev)
{
    notifier_list_notify(&s->listeners, ev);
}

int omap3_prcm_pwrdm_state(OMAP3PRCMState *s, int pwrdm)
{
    return prcm_pwrdm_state(&s->pwrdm, pwrdm);
}

bool omap3_prcm_clkdm_active(OMAP3PRCMState *s, int clkdm)
{
    return prcm_clkdm_active(&s->pwrdm, clkdm);
}

static uint32_t omap3_prcm_clkdm_mask(OMAP3PRCMState *s)
{
    uint32_t act = 0;
    int cd;

    for (cd = 0; cd < PRCM_NUM_CLKDM; cd++) {
        if (prcm_clkdm_active(&s->pwrdm, cd)) {
            act |= 1u << cd;
        }
    }
    return act;
}

/*
 * Clock domains whose activity changed since the listeners were last told:
 * tell them (the SDRC's idle request follows CORE_L3).
 */
static void omap3_prcm_clkdm_events(OMAP3PRCMState *s)
{
    uint32_t act = omap3_prcm_clkdm_mask(s);
    uint32_t diff = act ^ s->clkdm_seen;
    int cd;

    s->clkdm_seen = act;
    for (cd = 0; cd < PRCM_NUM_CLKDM; cd++) {
        if (diff & (1u << cd)) {
            OMAP3PRCMEvent ev = {
                .type = OMAP3_PRCM_CLKDM, .clkdm = cd,
                .active = (act >> cd) & 1,
            };

            omap3_prcm_notify(s, &ev);
        }
    }
}

void omap3_prcm_update_irq(OMAP3PRCMState *s)
{
    qemu_set_irq(s->irq, omap3_prcm_prm_irq_level(s));
}

QDict *omap3_prcm_stats(OMAP3PRCMState *s)
{
    static const char *const names[4] = { "OFF", "RET", "INACTIVE", "ON" };
    QDict *d = qdict_new(), *w;
    int pd, st;

    for (pd = 0; pd < PRCM_NUM_PWRDM; pd++) {
        QDict *p = qdict_new(), *e = qdict_new(), *r = qdict_new();

        qdict_put_str(p, "state", names[prcm_pwrdm_state(&s->pwrdm, pd)]);
        for (st = 0; st < 4; st++) {
            qdict_put_int(e, names[st], s->pwrdm.entries[pd][st]);
            if (st < PRCM_PWRST_INACTIVE) {
                qdict_put_int(r, names[st], s->pwrdm.reported[pd][st]);
            }
        }
        qdict_put(p, "entries", e);
        qdict_put(p, "reported", r);
        qdict_put(d, prcm_pwrdm_name(pd), p);
    }
    w = qdict_new();
    omap3_prcm_prm_wake_stats(s, w);
    qdict_put(d, "wake-ups", w);
    return d;
}

/*
 * DVFS, as the PRCM sees it: the MPU clock now, its changes (an OPP change
 * is two: into DPLL1's bypass and out of it), DPLL1's relocks after a
 * reprogramming and the ABB LDO's transitions, with their modelled times.
 */
QDict *omap3_prcm_dvfs_stats(OMAP3PRCMState *s)
{
    QDict *d = qdict_new();
    uint32_t sel1 = omap3_prcm_cm_get(s, A_CLKSEL1_PLL_MPU);

    qdict_put_int(d, "mpu_hz", clock_get_hz(s->mpu_ck));
    qdict_put_int(d, "dpll1_m", extract32(sel1, 8, 11));
    qdict_put_int(d, "dpll1_n", extract32(sel1, 0, 7));
    qdict_put_int(d, "mpu_rate_changes", s->mpu_rate_changes);
    qdict_put_int(d, "dpll1_locks", s->dpll1_locks);
    qdict_put_int(d, "dpll1_lock_ns", s->dpll1_lock_ns);
    qdict_put_int(d, "abb_changes", s->abb_changes);
    qdict_put_int(d, "abb_settle_ns", s->abb_settle_ns);
    return d;
}

/* "power-states": every domain's current state, e.g. "mpu=OFF core=RET ..." */
static char *omap3_prcm_get_power_states(Object *obj, Error **errp)
{
    static const char *const names[4] = { "OFF", "RET", "INACTIVE", "ON" };
    OMAP3PRCMState *s = OMAP3_PRCM(obj);
    GString *out = g_string_new(NULL);
    int pd;

    for (pd = 0; pd < PRCM_NUM_PWRDM; pd++) {
        g_string_append_printf(out, "%s%s=%s", pd ? " " : "",
                               prcm_pwrdm_name(pd),
                               names[prcm_pwrdm_state(&s->pwrdm, pd)]);
    }
    return g_string_free(out, false);
}

/* ---- Power domains that lose their context ------------------------------- */

void omap3_prcm_attach(OMAP3PRCMState *s, int pwrdm, DeviceState *dev)
{
    g_assert(pwrdm >= 0 && pwrdm < PRCM_NUM_PWRDM);
    g_ptr_array_add(s->domain_devs[pwrdm], dev);
}

/* The model moved domain @pd (called from inside the model) */
static void omap3_prcm_pwrst_changed(void *opaque, int pd, int from, int to)
{
    OMAP3PRCMState *s = opaque;
    OMAP3PRCMEvent ev = {
        .type = OMAP3_PRCM_PWRST, .pwrdm = pd, .from = from, .to = to,
    };

    trace_omap3_prcm_pwrst(prcm_pwrdm_name(pd), from, to);
    if (to == PRCM_PWRST_OFF) {
        s->lost |= 1u << pd;
    }
    omap3_prcm_notify(s, &ev);
}

/*
 * Domains that were OFF and are back lost their context: reset their
 * devices (and for CORE the CM).  Done here, outside the model's
 * callbacks, because a device's reset moves interrupt and wake-up lines
 * that lead back into the PRCM.
 */
void omap3_prcm_settled(OMAP3PRCMState *s)
{
    int pd;

    if (s->settling) {
        return;
    }
    s->settling = true;
    for (pd = 0; pd < PRCM_NUM_PWRDM; pd++) {
        GPtrArray *devs = s->domain_devs[pd];

        if (!(s->lost & (1u << pd)) ||
            prcm_pwrdm_state(&s->pwrdm, pd) == PRCM_PWRST_OFF) {
            continue;
        }
        s->lost &= ~(1u << pd);
        trace_omap3_prcm_context_lost(prcm_pwrdm_name(pd), devs->len);
        for (guint i = 0; i < devs->len; i++) {
            device_cold_reset(g_ptr_array_index(devs, i));
        }
        if (pd == PRCM_PD_CORE) {
            omap3_prcm_cm_reset(s);
            omap3_prcm_cm_sync(s);
        }
    }
    s->settling = false;
    omap3_prcm_clkdm_events(s);
}

/* ---- The MPU's idle and wake-up -------------------------------------------- */

static void omap3_prcm_forward_irqs(OMAP3PRCMState *s)
{
    qemu_set_irq(s->cpu_irq[0], s->intc_level[0]);
    qemu_set_irq(s->cpu_irq[1], s->intc_level[1]);
}

/* The registers of both halves that shape a wake-up */
static void omap3_prcm_wake_regs(OMAP3PRCMState *s, PrcmWakeRegs *r)
{
    *r = (PrcmWakeRegs) {
        .sys_clk_hz = omap3_prcm_sys_clk_hz(s),
        .clksrc_ctrl = omap3_prcm_prm_get(s, A_CLKSRC_CTRL),
        .clksetup = omap3_prcm_prm_get(s, A_CLKSETUP),
        .voltctrl = omap3_prcm_prm_get(s, A_VOLTCTRL),
        .voltsetup1 = omap3_prcm_prm_get(s, A_VOLTSETUP1),
        .voltsetup2 = omap3_prcm_prm_get(s, A_VOLTSETUP2),
        .voltoffset = omap3_prcm_prm_get(s, A_VOLTOFFSET),
        .autoidle_pll = omap3_prcm_cm_get(s, A_AUTOIDLE_PLL),
        .autoidle_pll_mpu = omap3_prcm_cm_get(s, A_AUTOIDLE_PLL_MPU),
        .dpll3_n = extract32(omap3_prcm_cm_get(s, A_CLKSEL1_PLL), 8, 7),
        .dpll1_n = extract32(omap3_prcm_cm_get(s, A_CLKSEL1_PLL_MPU), 0, 7),
    };
}

/*
 * After an MPU OFF: the core restarts in the boot ROM (vCPU thread, BQL
 * held).  A reset forgets the interrupt lines' levels, which did not
 * change: drive them again.
 */
static void omap3_prcm_mpu_warm_reset(CPUState *cs, run_on_cpu_data data)
{
    OMAP3PRCMState *s = data.host_ptr;

    cpu_reset(cs);
    ARM_CPU(cs)->env.regs[15] = s->warm_reset_pc;
    omap3_prcm_forward_irqs(s);
}

/* The wake-up is complete: domains back ON, the MPU runs again. */
static void omap3_prcm_wake_done(OMAP3PRCMState *s)
{
    OMAP3PRCMEvent ev = { .type = OMAP3_PRCM_MPU_RUNNING };
    bool mpu_off = prcm_window_min(&s->pwrdm, PRCM_PD_MPU) == PRCM_PWRST_OFF;

    s->waking = 0;
    s->standby = 0;
    prcm_mpu_wakeup(&s->pwrdm);
    trace_omap3_prcm_mpu_running(qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL),
                                  mpu_off);
    omap3_prcm_settled(s);
    omap3_prcm_notify(s, &ev);
    if (mpu_off && s->cpu) {
        /* the MPU lost its context: a warm reset into the ROM */
        async_run_on_cpu(CPU(s->cpu), omap3_prcm_mpu_warm_reset,
                         RUN_ON_CPU_HOST_PTR(s));
    } else {
        omap3_prcm_forward_irqs(s);
    }
}

static void omap3_prcm_wake_timer_cb(void *opaque)
{
    omap3_prcm_wake_done(opaque);
}

/* An interrupt reached the sleeping MPU: wake it, after the latency. */
static void omap3_prcm_wake_start(OMAP3PRCMState *s)
{
    OMAP3PRCMEvent ev = { .type = OMAP3_PRCM_WAKEUP_START };
    PrcmWakeRegs regs;

    omap3_prcm_wake_regs(s, &regs);
    prcm_wake_cost(&s->pwrdm, &regs, &s->wake_params, &ev.wake);
    trace_omap3_prcm_wakeup(ev.wake.total_ns, ev.wake.osc_ns,
                            ev.wake.volt_ns, ev.wake.pwrdm_ns,
                            ev.wake.dpll_ns);
    omap3_prcm_notify(s, &ev);
    if (!ev.wake.total_ns) {
        omap3_prcm_wake_done(s);
        return;
    }
    s->waking = 1;
    s->wake_done_ns = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
                      ev.wake.total_ns;
    timer_mod(s->wake_timer, s->wake_done_ns);
}

/* The INTC's nIRQ (n = 0) or nFIQ (n = 1) */
static void omap3_prcm_mpu_irq(void *opaque, int n, int level)
{
    OMAP3PRCMState *s = opaque;

    s->intc_level[n] = level;
    if (!s->standby) {
        qemu_set_irq(s->cpu_irq[n], level);
    } else if (level && !s->waking) {
        omap3_prcm_wake_start(s);
    }
}

/* The Cortex-A8's STANDBYWFI */
static void omap3_prcm_standbywfi(void *opaque, int n, int level)
{
    OMAP3PRCMState *s = opaque;
    OMAP3PRCMEvent ev;

    if (level && !s->standby) {
        trace_omap3_prcm_standby(qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL), 1);
        s->standby = 1;
        ev = (OMAP3PRCMEvent) { .type = OMAP3_PRCM_MPU_STANDBY };
        omap3_prcm_notify(s, &ev);
        prcm_mpu_wfi(&s->pwrdm);
        omap3_prcm_settled(s);
        if (s->intc_level[0] || s->intc_level[1]) {
            omap3_prcm_wake_start(s);
        }
    } else if (!level && s->standby) {
        /* left WFI without the PRCM's wake-up (debugger, reset) */
        trace_omap3_prcm_standby(qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL), 0);
        timer_del(s->wake_timer);
        omap3_prcm_wake_done(s);
    }
}

void omap3_prcm_set_clock_overrides(OMAP3PRCMState *s, uint64_t mpu_hz,
                                    uint64_t l3_hz)
{
    /* the rates follow at the reset, which computes every clock */
    s->mpu_hz_override = mpu_hz;
    s->l3_hz_override = l3_hz;
}

void omap3_prcm_clock_rates(OMAP3PRCMState *s, uint64_t *mpu_hz,
                            uint64_t *mpu_reg_hz, uint64_t *l3_hz,
                            uint64_t *l3_reg_hz)
{
    *mpu_hz = clock_get_hz(s->mpu_ck);
    *mpu_reg_hz = s->mpu_reg_hz;
    *l3_hz = clock_get_hz(s->l3_ick);
    *l3_reg_hz = s->l3_reg_hz;
}

void omap3_prcm_set_wake_params(OMAP3PRCMState *s, const PrcmWakeParams *p)
{
    s->wake_params = *p;
}

/* ---- Register regions ---------------------------------------------------- */

/* A power-state register: PM_PWSTCTRL, PM_PWSTST or PM_PREPWSTST */
static bool omap3_prcm_is_pwrst(hwaddr addr)
{
    hwaddr o = addr & 0xff;

    return o == 0xe0 || o == 0xe4 || o == 0xe8;
}

/* Only the guest's own accesses count (not the monitor's, qtest's). */
static MemTxResult omap3_prcm_prm_write_settle(void *opaque, hwaddr addr,
                                               uint64_t value, unsigned size,
                                               MemTxAttrs attrs)
{
    OMAP3PRCMState *s = opaque;

    if (omap3_prcm_is_pwrst(addr) && n9_access_from_vcpu(attrs)) {
        s->pwrst_writes++;
    }
    omap3_prcm_prm_write(opaque, addr, value, size);
    omap3_prcm_settled(opaque);
    return MEMTX_OK;
}

static void omap3_prcm_cm_write_settle(void *opaque, hwaddr addr,
                                       uint64_t value, unsigned size)
{
    omap3_prcm_cm_write(opaque, addr, value, size);
    omap3_prcm_settled(opaque);
}

static MemTxResult omap3_prcm_prm_read_count(void *opaque, hwaddr addr,
                                             uint64_t *data, unsigned size,
                                             MemTxAttrs attrs)
{
    OMAP3PRCMState *s = opaque;

    if (omap3_prcm_is_pwrst(addr) && n9_access_from_vcpu(attrs)) {
        s->pwrst_reads++;
    }
    *data = omap3_prcm_prm_read(opaque, addr, size);
    return MEMTX_OK;
}

void omap3_prcm_pwrst_accesses(OMAP3PRCMState *s, uint64_t *reads,
                               uint64_t *writes)
{
    *reads = s->pwrst_reads;
    *writes = s->pwrst_writes;
}

static const MemoryRegionOps omap3_prcm_prm_ops = {
    .read_with_attrs = omap3_prcm_prm_read_count,
    .write_with_attrs = omap3_prcm_prm_write_settle,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 4, .max_access_size = 4 },
    .impl = { .min_access_size = 4, .max_access_size = 4 },
};

static const MemoryRegionOps omap3_prcm_cm_ops = {
    .read = omap3_prcm_cm_read,
    .write = omap3_prcm_cm_write_settle,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 4, .max_access_size = 4 },
    .impl = { .min_access_size = 4, .max_access_size = 4 },
};

/* ---- QOM ------------------------------------------------------------------ */

static void omap3_prcm_reset_hold(Object *obj, ResetType type)
{
    OMAP3PRCMState *s = OMAP3_PRCM(obj);

    omap3_prcm_prm_reset(s);
    omap3_prcm_cm_reset(s);
    s->standby = 0;
    s->waking = 0;
    s->wake_done_ns = 0;
    s->lost = 0;
    timer_del(s->wake_timer);
    prcm_reset(&s->pwrdm);
}

/*
 * After every device's hold phase: give the model the CM's clock-domain
 * settings, propagate the clock rates and the interrupt levels.
 */
static void omap3_prcm_reset_exit(Object *obj, ResetType type)
{
    OMAP3PRCMState *s = OMAP3_PRCM(obj);

    omap3_prcm_cm_sync(s);
    omap3_prcm_update_irq(s);
    omap3_prcm_forward_irqs(s);
    omap3_prcm_clkdm_events(s);
}

/* The listeners' view is the state's: nothing to tell after a load. */
/* The domain model describes its own state: its image travels */
static int omap3_prcm_pre_save(void *opaque)
{
    OMAP3PRCMState *s = opaque;

    g_free(s->vm_pwrdm);
    s->vm_pwrdm_len = prcm_state_size(&s->pwrdm);
    s->vm_pwrdm = g_malloc(s->vm_pwrdm_len);
    prcm_state_save(&s->pwrdm, s->vm_pwrdm, s->vm_pwrdm_len);
    return 0;
}

static int omap3_prcm_post_save(void *opaque)
{
    OMAP3PRCMState *s = opaque;

    g_clear_pointer(&s->vm_pwrdm, g_free);
    return 0;
}

static int omap3_prcm_post_load(void *opaque, int version_id)
{
    OMAP3PRCMState *s = opaque;
    const char *why = prcm_state_load(&s->pwrdm, s->vm_pwrdm,
                                      s->vm_pwrdm_len);

    g_clear_pointer(&s->vm_pwrdm, g_free);
    if (why) {
        error_report("%s: the snapshot's power-domain state: %s",
                     TYPE_OMAP3_PRCM, why);
        return -EINVAL;
    }

    s->clkdm_seen = omap3_prcm_clkdm_mask(s);
    return 0;
}

static void omap3_prcm_init(Object *obj)
{
    OMAP3PRCMState *s = OMAP3_PRCM(obj);
    DeviceState *dev = DEVICE(obj);
    SysBusDevice *sbd = SYS_BUS_DEVICE(obj);
    int pd;

    memory_region_init_io(&s->prm_iomem, obj, &omap3_prcm_prm_ops, s,
                          "omap3-prm", OMAP3_PRCM_REGION_SIZE);
    memory_region_init_io(&s->cm_iomem, obj, &omap3_prcm_cm_ops, s,
                          "omap3-cm", OMAP3_PRCM_REGION_SIZE);
    sysbus_init_mmio(sbd, &s->prm_iomem);
    sysbus_init_mmio(sbd, &s->cm_iomem);
    sysbus_init_irq(sbd, &s->irq);
    qdev_init_gpio_in_named(dev, omap3_prcm_standbywfi, "standbywfi", 1);
    qdev_init_gpio_in_named(dev, omap3_prcm_mpu_irq, "mpu-irq", 2);
    qdev_init_gpio_out_named(dev, s->cpu_irq, "cpu-irq", 2);
    omap3_prcm_prm_init(s);
    omap3_prcm_cm_init_clocks(s);
    object_property_add_uint64_ptr(obj, "pwrst-reads", &s->pwrst_reads,
                                   OBJ_PROP_FLAG_READ);
    object_property_add_str(obj, "power-states", omap3_prcm_get_power_states,
                            NULL);
    object_property_add_uint64_ptr(obj, "pwrst-writes", &s->pwrst_writes,
                                   OBJ_PROP_FLAG_READ);

    notifier_list_init(&s->listeners);
    for (pd = 0; pd < PRCM_NUM_PWRDM; pd++) {
        s->domain_devs[pd] = g_ptr_array_new();
    }
    s->wake_params = prcm_wake_default_params;
    s->wake_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, omap3_prcm_wake_timer_cb,
                                 s);
    prcm_set_notify(&s->pwrdm, omap3_prcm_pwrst_changed, s);
    prcm_reset(&s->pwrdm);
    s->clkdm_seen = omap3_prcm_clkdm_mask(s);
}

static void omap3_prcm_finalize(Object *obj)
{
    OMAP3PRCMState *s = OMAP3_PRCM(obj);
    int pd;

    timer_free(s->wake_timer);
    timer_free(s->dpll1_timer);
    timer_free(s->abb_timer);
    for (pd = 0; pd < PRCM_NUM_PWRDM; pd++) {
        g_ptr_array_free(s->domain_devs[pd], true);
    }
}

/* Both are required: a wake-up from MPU OFF warm-resets the CPU there. */
static void omap3_prcm_realize(DeviceState *dev, Error **errp)
{
    OMAP3PRCMState *s = OMAP3_PRCM(dev);

    if (!s->cpu) {
        error_setg(errp, "omap3-prcm: link 'cpu' not set");
        return;
    }
    if (!s->warm_reset_pc) {
        error_setg(errp, "omap3-prcm: property 'warm-reset-pc' not set (the "
                   "boot ROM's wake-up entry)");
    }
}

static const Property omap3_prcm_properties[] = {
    DEFINE_PROP_LINK("cpu", OMAP3PRCMState, cpu, TYPE_CPU, Object *),
    DEFINE_PROP_UINT32("warm-reset-pc", OMAP3PRCMState, warm_reset_pc, 0),
};

static const VMStateDescription vmstate_omap3_prcm_dvfs = {
    .name = "omap3-prcm/dvfs",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_TIMER_PTR(dpll1_timer, OMAP3PRCMState),
        VMSTATE_UINT8(dpll1_locking, OMAP3PRCMState),
        VMSTATE_INT64(dpll1_lock_start_ns, OMAP3PRCMState),
        VMSTATE_UINT64(dpll1_lock_len_ns, OMAP3PRCMState),
        VMSTATE_TIMER_PTR(abb_timer, OMAP3PRCMState),
        VMSTATE_UINT8(abb_settling, OMAP3PRCMState),
        VMSTATE_INT64(abb_start_ns, OMAP3PRCMState),
        VMSTATE_UINT64(abb_settle_len_ns, OMAP3PRCMState),
        VMSTATE_UINT64(dpll1_locks, OMAP3PRCMState),
        VMSTATE_UINT64(dpll1_lock_ns, OMAP3PRCMState),
        VMSTATE_UINT64(abb_changes, OMAP3PRCMState),
        VMSTATE_UINT64(abb_settle_ns, OMAP3PRCMState),
        VMSTATE_UINT64(mpu_rate_changes, OMAP3PRCMState),
        VMSTATE_END_OF_LIST()
    },
};

/* The wake-up statistics (omap3_prcm_prm.c): counts, they shape nothing */
static const VMStateDescription vmstate_omap3_prcm_wake_events = {
    .name = TYPE_OMAP3_PRCM "/wake-events",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT64_2DARRAY(wake_events, OMAP3PRCMState,
                               OMAP3_PRCM_NUM_WK, 32),
        VMSTATE_UINT64_ARRAY(wake_held, OMAP3PRCMState, OMAP3_PRCM_NUM_WK),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_omap3_prcm = {
    .name = TYPE_OMAP3_PRCM,
    .version_id = 2,                    /* 2: the domain model's image */
    .minimum_version_id = 2,
    .pre_save = omap3_prcm_pre_save,
    .post_save = omap3_prcm_post_save,
    .post_load = omap3_prcm_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(prm_regs, OMAP3PRCMState, OMAP3_PRM_NUM_REGS),
        VMSTATE_UINT32_ARRAY(cm_regs, OMAP3PRCMState, OMAP3_CM_NUM_REGS),
        VMSTATE_UINT32_ARRAY(wake_in, OMAP3PRCMState, OMAP3_PRCM_NUM_WK),
        VMSTATE_UINT8(sw_reset, OMAP3PRCMState),
        /* the domain model: its own image (models/prcm/pwrdm_state.c) */
        VMSTATE_UINT32(vm_pwrdm_len, OMAP3PRCMState),
        VMSTATE_VBUFFER_ALLOC_UINT32(vm_pwrdm, OMAP3PRCMState, 0, NULL,
                                     vm_pwrdm_len),
        /* the MPU's idle */
        VMSTATE_UINT8(standby, OMAP3PRCMState),
        VMSTATE_UINT8_ARRAY(intc_level, OMAP3PRCMState, 2),
        VMSTATE_UINT8(waking, OMAP3PRCMState),
        VMSTATE_INT64(wake_done_ns, OMAP3PRCMState),
        VMSTATE_TIMER_PTR(wake_timer, OMAP3PRCMState),
        VMSTATE_UINT32(lost, OMAP3PRCMState),
        VMSTATE_UINT64(pwrst_reads, OMAP3PRCMState),
        VMSTATE_UINT64(pwrst_writes, OMAP3PRCMState),
        /* the clock tree's outputs */
        VMSTATE_CLOCK(sys_clk, OMAP3PRCMState),
        VMSTATE_CLOCK(sys_32k, OMAP3PRCMState),
        VMSTATE_CLOCK(mpu_ck, OMAP3PRCMState),
        VMSTATE_CLOCK(core_ck, OMAP3PRCMState),
        VMSTATE_CLOCK(l3_ick, OMAP3PRCMState),
        VMSTATE_CLOCK(l4_ick, OMAP3PRCMState),
        VMSTATE_CLOCK(func_96m, OMAP3PRCMState),
        VMSTATE_CLOCK(func_48m, OMAP3PRCMState),
        VMSTATE_ARRAY_CLOCK(gpt_fck, OMAP3PRCMState, OMAP3_PRCM_NUM_GPT),
        VMSTATE_ARRAY_CLOCK(uart_fck, OMAP3PRCMState, OMAP3_PRCM_NUM_UART),
        VMSTATE_CLOCK(wdt2_fck, OMAP3PRCMState),
        VMSTATE_CLOCK(wdt3_fck, OMAP3PRCMState),
        VMSTATE_END_OF_LIST()
    },
    .subsections = (const VMStateDescription * const []) {
        &vmstate_omap3_prcm_wake_events,
        &vmstate_omap3_prcm_dvfs,
        NULL
    },
};

static void omap3_prcm_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    omap3_prcm_prm_class_init();
    omap3_prcm_cm_class_init();
    dc->desc = "OMAP3630 power, reset and clock manager";
    dc->realize = omap3_prcm_realize;
    dc->vmsd = &vmstate_omap3_prcm;
    dc->user_creatable = false;
    device_class_set_props(dc, omap3_prcm_properties);
    rc->phases.hold = omap3_prcm_reset_hold;
    rc->phases.exit = omap3_prcm_reset_exit;
}

static const TypeInfo omap3_prcm_info = {
    .name = TYPE_OMAP3_PRCM,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3PRCMState),
    .instance_init = omap3_prcm_init,
    .instance_finalize = omap3_prcm_finalize,
    .class_init = omap3_prcm_class_init,
};

static void omap3_prcm_register_types(void)
{
    type_register_static(&omap3_prcm_info);
}

type_init(omap3_prcm_register_types)
