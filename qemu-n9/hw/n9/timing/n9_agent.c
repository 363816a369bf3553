/*
 * Interconnect target agents of the OMAP3630 (see n9_agent.h).
 *
 * The agent's window is a container.  Each device behind the agent is
 * mapped into it through a port: an I/O region that forwards the access to
 * the device's own region (memory_region_dispatch_read/write, which applies
 * the device's access-size rules), and on the way counts it and charges its
 * cost to virtual time.  Under the ports lies the hole: an I/O region over
 * the whole window whose accesses fail, as on the hardware's interconnect.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qapi/error.h"
#include "qemu/log.h"
#include "qemu/error-report.h"
#include "qemu/module.h"
#include "qemu/timer.h"
#include "exec/memop.h"
#include "hw/core/cpu.h"
#include "hw/qdev-clock.h"
#include "hw/qdev-properties.h"
#include "hw/misc/unimp.h"
#include "migration/vmstate.h"
#include "n9_agent.h"
#include "n9_record.h"
#include "models/l4-interconnect/l4ic_state.h"
#include "trace.h"

/* ---- Register groups --------------------------------------------------- */

static void n9_agent_group_init(Object *obj)
{
    N9AgentGroup *g = N9_AGENT_GROUP(obj);

    object_property_add_uint64_ptr(obj, "reads", &g->c.reads, OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "writes", &g->c.writes, OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "read-ns", &g->c.read_ns, OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "write-ns", &g->c.write_ns, OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "debug-reads", &g->c.debug_reads,
                                   OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "debug-writes", &g->c.debug_writes,
                                   OBJ_PROP_FLAG_READ);
}

static void n9_agent_group_finalize(Object *obj)
{
    g_free(N9_AGENT_GROUP(obj)->name);
}

static const TypeInfo n9_agent_group_info = {
    .name = TYPE_N9_AGENT_GROUP,
    .parent = TYPE_OBJECT,
    .instance_size = sizeof(N9AgentGroup),
    .instance_init = n9_agent_group_init,
    .instance_finalize = n9_agent_group_finalize,
};

static N9AgentGroup *n9_agent_group_new(N9AgentState *s, const char *name)
{
    N9AgentGroup *g = N9_AGENT_GROUP(object_new(TYPE_N9_AGENT_GROUP));
    g_autofree char *full = g_strdup_printf("%s.%s", s->name, name);
    l4ic_params p;

    g->name = g_strdup(name);
    n9_timing_lookup(s->timing, s->name, name, &p);
    /* each group draws from its own sequence, fixed by the seed */
    l4ic_target_init(&g->model, &p, l4ic_seed_for(s->timing->seed, full));
    l4ic_set_clock(&g->model, clock_get_hz(s->ick));
    object_property_add_child(s->groups, name, OBJECT(g));
    object_unref(OBJECT(g));
    return g;
}

/* ---- Access path --------------------------------------------------------- */

/*
 * Whether an access comes from the vCPU running guest code: only those
 * cost modelled time and count as guest accesses.  QEMU 10 has no one flag
 * for it, so two tests:
 * - current_cpu (thread-local) is set only on a vCPU thread: the TCG round
 *   robin thread (tcg-accel-ops-rr.c) sets it before tcg_cpu_exec() and
 *   keeps it.  The monitor (xp, x, also on a running machine), the gdbstub,
 *   QMP and the qtest protocol run in the main loop (or the monitor's I/O
 *   thread), where it is NULL.
 * - on the vCPU thread, a device model's own access (DMA started by a
 *   register write, a timer callback run by icount_handle_deadline())
 *   carries MEMTXATTRS_UNSPECIFIED, and cpu_memory_rw_debug() (gdbstub,
 *   monitor x, semihosting) sets attrs.debug; a TCG load or store carries
 *   its TLB entry's attributes (secure, space, user), which are neither.
 * The attributes alone would not do: monitor x and the gdbstub translate
 * with the CPU's attributes.
 */
bool n9_access_from_vcpu(MemTxAttrs attrs)
{
    return current_cpu && !attrs.unspecified && !attrs.debug;
}

/* Count and charge one access of @port's group (@data: a write's value,
 * for the trace). */
static void n9_agent_charge(N9AgentPort *port, hwaddr addr, bool is_write,
                            unsigned size, uint64_t data)
{
    N9AgentState *s = port->agent;
    N9AgentGroup *g = port->group;
    uint64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    uint32_t ns = l4ic_access_cost(&g->model, is_write, size, now);

    if (is_write) {
        g->c.writes++;
        g->c.write_ns += ns;
        s->c.writes++;
        s->c.write_ns += ns;
    } else {
        g->c.reads++;
        g->c.read_ns += ns;
        s->c.reads++;
        s->c.read_ns += ns;
    }
    if (unlikely(n9_record_writer)) {
        n9trace_event ev = {
            .type = N9T_REG, .time_ns = now, .charge_ns = ns,
            .flags = is_write ? N9T_F_WRITE : 0, .group = g->rec_id,
            .offset = port->mr.addr + addr, .size = size,
            .value = is_write ? data : 0,
        };

        n9_record_put(&ev);
    }
    n9_timing_stall(ns);
}

/*
 * An access from outside the guest (debugger, monitor, qtest, DMA): counted
 * apart, costs nothing and draws nothing from the latency generator, so a
 * run looked at is the run not looked at.
 */
static void n9_agent_count_debug(N9AgentPort *port, bool is_write)
{
    if (is_write) {
        port->group->c.debug_writes++;
        port->agent->c.debug_writes++;
    } else {
        port->group->c.debug_reads++;
        port->agent->c.debug_reads++;
    }
}

static MemTxResult n9_agent_port_read(void *opaque, hwaddr addr,
                                      uint64_t *data, unsigned size,
                                      MemTxAttrs attrs)
{
    N9AgentPort *port = opaque;
    MemTxResult r;

    r = memory_region_dispatch_read(port->target, addr, data,
                                    size_memop(size) | MO_LE, attrs);
    if (!n9_access_from_vcpu(attrs)) {
        if (r == MEMTX_OK) {
            n9_agent_count_debug(port, false);
        }
        trace_n9_agent_debug(port->agent->name, port->group->name,
                             port->agent->base + port->mr.addr + addr, size,
                             false, r == MEMTX_OK ? *data : 0);
        return r;
    }
    if (r != MEMTX_OK) {
        /* the device refused the access (size, alignment) */
        port->agent->errors++;
        trace_n9_agent_error(port->agent->name, port->agent->base +
                             port->mr.addr + addr, size, false);
        return r;
    }
    n9_agent_charge(port, addr, false, size, 0);
    trace_n9_agent_read(port->agent->name, port->group->name,
                        port->agent->base + port->mr.addr + addr, size, *data);
    return MEMTX_OK;
}

static MemTxResult n9_agent_port_write(void *opaque, hwaddr addr,
                                       uint64_t data, unsigned size,
                                       MemTxAttrs attrs)
{
    N9AgentPort *port = opaque;
    MemTxResult r;

    r = memory_region_dispatch_write(port->target, addr, data,
                                     size_memop(size) | MO_LE, attrs);
    if (!n9_access_from_vcpu(attrs)) {
        if (r == MEMTX_OK) {
            n9_agent_count_debug(port, true);
        }
        trace_n9_agent_debug(port->agent->name, port->group->name,
                             port->agent->base + port->mr.addr + addr, size,
                             true, data);
        return r;
    }
    if (r != MEMTX_OK) {
        port->agent->errors++;
        trace_n9_agent_error(port->agent->name, port->agent->base +
                             port->mr.addr + addr, size, true);
        return r;
    }
    n9_agent_charge(port, addr, true, size, data);
    trace_n9_agent_write(port->agent->name, port->group->name,
                         port->agent->base + port->mr.addr + addr, size, data);
    return MEMTX_OK;
}

static const MemoryRegionOps n9_agent_port_ops = {
    .read_with_attrs = n9_agent_port_read,
    .write_with_attrs = n9_agent_port_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 1, .max_access_size = 4, .unaligned = true },
    .impl = { .min_access_size = 1, .max_access_size = 4, .unaligned = true },
};

/* No target at this address: the interconnect answers with an error. */
static MemTxResult n9_agent_hole_read(void *opaque, hwaddr addr,
                                      uint64_t *data, unsigned size,
                                      MemTxAttrs attrs)
{
    N9AgentState *s = opaque;

    *data = 0;
    if (!n9_access_from_vcpu(attrs)) {
        /* not the guest's error: the debugger gets the error response */
        return MEMTX_DECODE_ERROR;
    }
    s->errors++;
    qemu_log_mask(LOG_GUEST_ERROR, "%s: read of %u bytes at 0x%" HWADDR_PRIx
                  ": no target there, interconnect error\n",
                  s->name, size, (hwaddr)(s->base + addr));
    trace_n9_agent_error(s->name, s->base + addr, size, false);
    return MEMTX_DECODE_ERROR;
}

static MemTxResult n9_agent_hole_write(void *opaque, hwaddr addr,
                                       uint64_t data, unsigned size,
                                       MemTxAttrs attrs)
{
    N9AgentState *s = opaque;

    if (!n9_access_from_vcpu(attrs)) {
        return MEMTX_DECODE_ERROR;
    }
    s->errors++;
    qemu_log_mask(LOG_GUEST_ERROR, "%s: write of %u bytes at 0x%" HWADDR_PRIx
                  ": no target there, interconnect error\n",
                  s->name, size, (hwaddr)(s->base + addr));
    trace_n9_agent_error(s->name, s->base + addr, size, true);
    return MEMTX_DECODE_ERROR;
}

static const MemoryRegionOps n9_agent_hole_ops = {
    .read_with_attrs = n9_agent_hole_read,
    .write_with_attrs = n9_agent_hole_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 1, .max_access_size = 4, .unaligned = true },
};

/* ---- Building the map ---------------------------------------------------- */

void n9_agent_set_timing(DeviceState *agent, N9Timing *timing)
{
    N9_AGENT(agent)->timing = timing;
}

void n9_agent_map_group(DeviceState *agent, hwaddr addr, MemoryRegion *mr,
                        const char *group)
{
    N9AgentState *s = N9_AGENT(agent);
    N9AgentPort *port = g_new0(N9AgentPort, 1);
    g_autofree char *pname = g_strdup_printf("%s-port", group);

    assert(s->timing);
    assert(addr >= s->base && addr + memory_region_size(mr) <= s->base + s->size);
    port->target = mr;
    port->agent = s;
    port->group = n9_agent_group_new(s, group);
    memory_region_init_io(&port->mr, OBJECT(s), &n9_agent_port_ops, port,
                          pname, memory_region_size(mr));
    memory_region_add_subregion(&s->window, addr - s->base, &port->mr);
    g_ptr_array_add(s->ports, port);
}

void n9_agent_add_unimp(DeviceState *agent, const char *name,
                        hwaddr addr, uint64_t size)
{
    DeviceState *dev = qdev_new(TYPE_UNIMPLEMENTED_DEVICE);

    qdev_prop_set_string(dev, "name", name);
    qdev_prop_set_uint64(dev, "size", size);
    object_property_add_child(OBJECT(agent), name, OBJECT(dev));
    sysbus_realize_and_unref(SYS_BUS_DEVICE(dev), &error_fatal);
    n9_agent_map_group(agent, addr,
                       sysbus_mmio_get_region(SYS_BUS_DEVICE(dev), 0), name);
}

void n9_agent_record_header(DeviceState *agent, unsigned index,
                            GString *header, unsigned *next_id)
{
    N9AgentState *s = N9_AGENT(agent);

    s->rec_index = index;
    g_string_append_printf(header, "agent.%u=%s\n", index, s->name);
    for (guint i = 0; i < s->ports->len; i++) {
        N9AgentGroup *g = ((N9AgentPort *)g_ptr_array_index(s->ports, i))->group;

        if (!g->rec_id) {
            g->rec_id = ++*next_id;
            g_string_append_printf(header, "group.%u=%s.%s\n", g->rec_id,
                                   s->name, g->name);
        }
    }
    /* each port's window in the agent's: where a replay routes a REG
     * event's offset (a SystemC platform, tlm_replay) */
    for (guint i = 0; i < s->ports->len; i++) {
        N9AgentPort *port = g_ptr_array_index(s->ports, i);

        g_string_append_printf(header, "window.%u=0x%" HWADDR_PRIx "+0x%"
                               PRIx64 "\n", port->group->rec_id,
                               port->mr.addr,
                               memory_region_size(&port->mr));
    }
}

static void n9_agent_put_le(GByteArray *b, uint64_t v, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        uint8_t x = (uint8_t)(v >> (8 * i));

        g_byte_array_append(b, &x, 1);
    }
}

static void n9_agent_put_counters(GByteArray *b, const N9AgentCounters *c)
{
    n9_agent_put_le(b, c->reads, 8);
    n9_agent_put_le(b, c->writes, 8);
    n9_agent_put_le(b, c->read_ns, 8);
    n9_agent_put_le(b, c->write_ns, 8);
}

static size_t n9_agent_section_fill(const void *m, void *buf, size_t len)
{
    const GByteArray *b = m;

    memcpy(buf, b->data, b->len);
    return b->len;
}

void n9_agent_record_state(DeviceState *agent, GByteArray *out)
{
    N9AgentState *s = N9_AGENT(agent);
    g_autoptr(GByteArray) b = g_byte_array_new();
    g_autoptr(GPtrArray) seen = g_ptr_array_new();
    g_autofree char *name = g_strdup_printf("agent.%u", s->rec_index);

    n9_agent_put_counters(b, &s->c);
    for (guint i = 0; i < s->ports->len; i++) {
        N9AgentGroup *g =
            ((N9AgentPort *)g_ptr_array_index(s->ports, i))->group;

        if (!g_ptr_array_find(seen, g, NULL)) {
            g_ptr_array_add(seen, g);
        }
    }
    n9_agent_put_le(b, seen->len, 4);
    for (guint i = 0; i < seen->len; i++) {
        N9AgentGroup *g = g_ptr_array_index(seen, i);
        size_t n = l4ic_state_size(&g->model);
        guint at;

        n9_agent_put_le(b, g->rec_id, 4);
        n9_agent_put_counters(b, &g->c);
        n9_agent_put_le(b, n, 4);
        at = b->len;
        g_byte_array_set_size(b, at + n);
        l4ic_state_save(&g->model, b->data + at, n);
    }
    n9_record_state_section(out, name, b->len, n9_agent_section_fill, b);
}

/* ---- Statistics ------------------------------------------------------------ */

static void n9_counters_put(QDict *d, const N9AgentCounters *c)
{
    qdict_put_int(d, "reads", c->reads);
    qdict_put_int(d, "writes", c->writes);
    qdict_put_int(d, "read_ns", c->read_ns);
    qdict_put_int(d, "write_ns", c->write_ns);
    qdict_put_int(d, "debug_reads", c->debug_reads);
    qdict_put_int(d, "debug_writes", c->debug_writes);
}

QDict *n9_agent_stats(DeviceState *agent)
{
    N9AgentState *s = N9_AGENT(agent);
    QDict *d = qdict_new(), *groups = qdict_new();

    n9_counters_put(d, &s->c);
    qdict_put_int(d, "errors", s->errors);
    for (guint i = 0; i < s->ports->len; i++) {
        N9AgentGroup *g = ((N9AgentPort *)g_ptr_array_index(s->ports, i))->group;
        QDict *gd;

        if (!g->c.reads && !g->c.writes && !g->c.debug_reads &&
            !g->c.debug_writes) {
            continue;
        }
        gd = qdict_new();
        n9_counters_put(gd, &g->c);
        qdict_put(groups, g->name, gd);
    }
    qdict_put(d, "groups", groups);
    return d;
}

/* ---- The interface clock ------------------------------------------------ */

/* Every group's costs follow the serving domain's clock (0 Hz: as measured) */
static void n9_agent_ick_update(void *opaque, ClockEvent event)
{
    N9AgentState *s = opaque;
    uint32_t hz = clock_get_hz(s->ick);

    for (guint i = 0; i < s->ports->len; i++) {
        l4ic_set_clock(&((N9AgentPort *)g_ptr_array_index(s->ports, i))
                       ->group->model, hz);
    }
}

void n9_agent_connect_clock(DeviceState *agent, Clock *src)
{
    N9AgentState *s = N9_AGENT(agent);

    clock_set_source(s->ick, src);
    n9_agent_ick_update(s, ClockUpdate);
}

/* ---- QOM --------------------------------------------------------------------- */

static void n9_agent_realize(DeviceState *dev, Error **errp)
{
    N9AgentState *s = N9_AGENT(dev);
    g_autofree char *hname = NULL;

    if (!s->name || !s->size || !s->timing) {
        error_setg(errp, "n9-target-agent needs a name, a size and timing");
        return;
    }
    memory_region_init(&s->window, OBJECT(dev), s->name, s->size);
    hname = g_strdup_printf("%s-hole", s->name);
    memory_region_init_io(&s->hole, OBJECT(dev), &n9_agent_hole_ops, s,
                          hname, s->size);
    memory_region_add_subregion_overlap(&s->window, 0, &s->hole, -1);
    sysbus_init_mmio(SYS_BUS_DEVICE(dev), &s->window);
}

static void n9_agent_reset_hold(Object *obj, ResetType type)
{
    N9AgentState *s = N9_AGENT(obj);

    /* Counters start again with each boot; the generators do not. */
    if (n9_record_writer) {
        n9trace_event ev = {
            .type = N9T_AGENTRESET, .value = s->rec_index,
            .time_ns = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL),
        };

        n9_record_put(&ev);
    }
    memset(&s->c, 0, sizeof(s->c));
    s->errors = 0;
    for (guint i = 0; i < s->ports->len; i++) {
        N9AgentGroup *g = ((N9AgentPort *)g_ptr_array_index(s->ports, i))->group;

        memset(&g->c, 0, sizeof(g->c));
    }
}

static void n9_agent_init(Object *obj)
{
    N9AgentState *s = N9_AGENT(obj);

    s->ports = g_ptr_array_new_with_free_func(g_free);
    s->ick = qdev_init_clock_in(DEVICE(obj), "ick", n9_agent_ick_update, s,
                                ClockUpdate);
    s->groups = object_new(TYPE_CONTAINER);
    object_property_add_child(obj, "groups", s->groups);
    object_unref(s->groups);
    object_property_add_uint64_ptr(obj, "reads", &s->c.reads, OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "writes", &s->c.writes, OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "read-ns", &s->c.read_ns, OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "write-ns", &s->c.write_ns, OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "errors", &s->errors, OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "debug-reads", &s->c.debug_reads,
                                   OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "debug-writes", &s->c.debug_writes,
                                   OBJ_PROP_FLAG_READ);
}

/*
 * Each group's counters and its latency generator's state (the model's
 * own image) travel with a snapshot, so a restored run draws the same
 * costs as one never stopped.
 */
#define N9_AGENT_VM_WORDS   4   /* reads, writes, read_ns, write_ns */

static N9AgentGroup *n9_agent_group_at(N9AgentState *s, guint i)
{
    return ((N9AgentPort *)g_ptr_array_index(s->ports, i))->group;
}

static int n9_agent_pre_save(void *opaque)
{
    N9AgentState *s = opaque;

    s->vm_len = s->ports->len * N9_AGENT_VM_WORDS;
    s->vm_groups = g_renew(uint64_t, s->vm_groups, s->vm_len);
    for (guint i = 0; i < s->ports->len; i++) {
        N9AgentGroup *g = n9_agent_group_at(s, i);
        uint64_t *w = &s->vm_groups[i * N9_AGENT_VM_WORDS];

        w[0] = g->c.reads;
        w[1] = g->c.writes;
        w[2] = g->c.read_ns;
        w[3] = g->c.write_ns;
    }
    /* each generator's own image (models/l4-interconnect/l4ic_state.h) */
    g_free(s->vm_models);
    s->vm_models_len = 0;
    for (guint i = 0; i < s->ports->len; i++) {
        s->vm_models_len += l4ic_state_size(&n9_agent_group_at(s, i)->model);
    }
    s->vm_models = g_malloc(s->vm_models_len);
    for (guint i = 0, at = 0; i < s->ports->len; i++) {
        const l4ic_target *t = &n9_agent_group_at(s, i)->model;

        at += l4ic_state_save(t, s->vm_models + at, s->vm_models_len - at);
    }
    return 0;
}

static int n9_agent_post_save(void *opaque)
{
    N9AgentState *s = opaque;

    g_clear_pointer(&s->vm_models, g_free);
    return 0;
}

static int n9_agent_post_load(void *opaque, int version_id)
{
    N9AgentState *s = opaque;

    if (s->vm_len != s->ports->len * N9_AGENT_VM_WORDS) {
        error_report("%s: the snapshot has %u register-group words, this "
                     "machine %u", s->name, s->vm_len,
                     s->ports->len * N9_AGENT_VM_WORDS);
        return -EINVAL;
    }
    for (guint i = 0; i < s->ports->len; i++) {
        N9AgentGroup *g = n9_agent_group_at(s, i);
        const uint64_t *w = &s->vm_groups[i * N9_AGENT_VM_WORDS];

        g->c.reads = w[0];
        g->c.writes = w[1];
        g->c.read_ns = w[2];
        g->c.write_ns = w[3];
    }
    for (guint i = 0, at = 0; i < s->ports->len; i++) {
        l4ic_target *t = &n9_agent_group_at(s, i)->model;
        size_t n = l4ic_state_size(t);
        const char *why = at + n > s->vm_models_len ? "the image is truncated"
                          : l4ic_state_load(t, s->vm_models + at, n);

        if (why) {
            error_report("%s: the snapshot's latency generator %u: %s",
                         s->name, i, why);
            g_clear_pointer(&s->vm_models, g_free);
            return -EINVAL;
        }
        at += n;
    }
    g_clear_pointer(&s->vm_models, g_free);
    n9_agent_ick_update(s, ClockUpdate);
    return 0;
}

static const VMStateDescription vmstate_n9_agent_ick = {
    .name = TYPE_N9_AGENT "/ick",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_CLOCK(ick, N9AgentState),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_n9_agent = {
    .name = TYPE_N9_AGENT,
    .version_id = 3,                    /* 3: the generators' own images */
    .minimum_version_id = 3,
    .pre_save = n9_agent_pre_save,
    .post_save = n9_agent_post_save,
    .post_load = n9_agent_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT64(c.reads, N9AgentState),
        VMSTATE_UINT64(c.writes, N9AgentState),
        VMSTATE_UINT64(c.read_ns, N9AgentState),
        VMSTATE_UINT64(c.write_ns, N9AgentState),
        VMSTATE_UINT64(errors, N9AgentState),
        VMSTATE_UINT32(vm_len, N9AgentState),
        VMSTATE_VARRAY_UINT32_ALLOC(vm_groups, N9AgentState, vm_len, 0,
                                    vmstate_info_uint64, uint64_t),
        VMSTATE_UINT32(vm_models_len, N9AgentState),
        VMSTATE_VBUFFER_ALLOC_UINT32(vm_models, N9AgentState, 0, NULL,
                                     vm_models_len),
        VMSTATE_END_OF_LIST()
    },
    .subsections = (const VMStateDescription * const []) {
        &vmstate_n9_agent_ick,
        NULL
    },
};

static const Property n9_agent_properties[] = {
    DEFINE_PROP_STRING("name", N9AgentState, name),
    DEFINE_PROP_UINT64("base", N9AgentState, base, 0),
    DEFINE_PROP_UINT64("size", N9AgentState, size, 0),
};

static void n9_agent_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    dc->desc = "OMAP3630 interconnect target agent: charges and counts register accesses";
    dc->realize = n9_agent_realize;
    dc->vmsd = &vmstate_n9_agent;
    dc->user_creatable = false;
    rc->phases.hold = n9_agent_reset_hold;
    device_class_set_props(dc, n9_agent_properties);
}

static const TypeInfo n9_agent_info = {
    .name = TYPE_N9_AGENT,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(N9AgentState),
    .instance_init = n9_agent_init,
    .class_init = n9_agent_class_init,
};

static void n9_agent_register_types(void)
{
    type_register_static(&n9_agent_group_info);
    type_register_static(&n9_agent_info);
}

type_init(n9_agent_register_types)
