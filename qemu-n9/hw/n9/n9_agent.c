/*
 * Interconnect target agents of the OMAP3630 (see n9_agent.h).
 *
 * The agent owns a container region holding the devices of its
 * interconnect and an address space over it.  The CPU-visible window is an
 * I/O region whose accesses are forwarded into that address space, so that
 * every access passes one function: here it is counted and traced, and the
 * timing model (models/l4-interconnect) will charge its latency here.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qapi/error.h"
#include "qemu/log.h"
#include "qemu/bswap.h"
#include "qemu/module.h"
#include "hw/qdev-properties.h"
#include "hw/misc/unimp.h"
#include "migration/vmstate.h"
#include "qapi/visitor.h"
#include "n9_agent.h"
#include "trace.h"

static MemTxResult n9_agent_read(void *opaque, hwaddr addr, uint64_t *data,
                                 unsigned size, MemTxAttrs attrs)
{
    N9AgentState *s = opaque;
    uint8_t buf[8];
    MemTxResult r;

    r = address_space_read(&s->as, addr, attrs, buf, size);
    if (r != MEMTX_OK) {
        s->errors++;
        qemu_log_mask(LOG_GUEST_ERROR,
                      "%s: read of %u bytes at 0x%" HWADDR_PRIx
                      ": no target there, interconnect error\n",
                      s->name, size, (hwaddr)(s->base + addr));
        trace_n9_agent_error(s->name, s->base + addr, size, false);
        *data = 0;
        return r;
    }
    *data = ldn_le_p(buf, size);
    s->reads++;
    trace_n9_agent_read(s->name, s->base + addr, size, *data);
    return MEMTX_OK;
}

static MemTxResult n9_agent_write(void *opaque, hwaddr addr, uint64_t data,
                                  unsigned size, MemTxAttrs attrs)
{
    N9AgentState *s = opaque;
    uint8_t buf[8];
    MemTxResult r;

    stn_le_p(buf, size, data);
    r = address_space_write(&s->as, addr, attrs, buf, size);
    if (r != MEMTX_OK) {
        s->errors++;
        qemu_log_mask(LOG_GUEST_ERROR,
                      "%s: write of %u bytes at 0x%" HWADDR_PRIx
                      ": no target there, interconnect error\n",
                      s->name, size, (hwaddr)(s->base + addr));
        trace_n9_agent_error(s->name, s->base + addr, size, true);
        return r;
    }
    s->writes++;
    trace_n9_agent_write(s->name, s->base + addr, size, data);
    return MEMTX_OK;
}

static const MemoryRegionOps n9_agent_ops = {
    .read_with_attrs = n9_agent_read,
    .write_with_attrs = n9_agent_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 1, .max_access_size = 4 },
    .impl = { .min_access_size = 1, .max_access_size = 4 },
};

void n9_agent_map(DeviceState *agent, hwaddr addr, MemoryRegion *mr)
{
    N9AgentState *s = N9_AGENT(agent);

    assert(addr >= s->base && addr + memory_region_size(mr) <= s->base + s->size);
    memory_region_add_subregion(&s->container, addr - s->base, mr);
}

void n9_agent_map_sysbus(DeviceState *agent, hwaddr addr,
                         SysBusDevice *sbd, int n)
{
    n9_agent_map(agent, addr, sysbus_mmio_get_region(sbd, n));
}

void n9_agent_add_unimp(DeviceState *agent, const char *name,
                        hwaddr addr, uint64_t size)
{
    DeviceState *dev = qdev_new(TYPE_UNIMPLEMENTED_DEVICE);

    qdev_prop_set_string(dev, "name", name);
    qdev_prop_set_uint64(dev, "size", size);
    object_property_add_child(OBJECT(agent), name, OBJECT(dev));
    sysbus_realize_and_unref(SYS_BUS_DEVICE(dev), &error_fatal);
    n9_agent_map_sysbus(agent, addr, SYS_BUS_DEVICE(dev), 0);
}

static void n9_agent_realize(DeviceState *dev, Error **errp)
{
    N9AgentState *s = N9_AGENT(dev);
    g_autofree char *cname = NULL;

    if (!s->name || !s->size) {
        error_setg(errp, "n9-target-agent needs a name and a size");
        return;
    }
    cname = g_strdup_printf("%s-targets", s->name);
    memory_region_init(&s->container, OBJECT(dev), cname, s->size);
    address_space_init(&s->as, &s->container, cname);
    memory_region_init_io(&s->iomem, OBJECT(dev), &n9_agent_ops, s,
                          s->name, s->size);
    sysbus_init_mmio(SYS_BUS_DEVICE(dev), &s->iomem);
}

static void n9_agent_reset_hold(Object *obj, ResetType type)
{
    N9AgentState *s = N9_AGENT(obj);

    s->reads = s->writes = s->errors = 0;
}

static void n9_agent_init(Object *obj)
{
    N9AgentState *s = N9_AGENT(obj);

    object_property_add_uint64_ptr(obj, "reads", &s->reads,
                                   OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "writes", &s->writes,
                                   OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "errors", &s->errors,
                                   OBJ_PROP_FLAG_READ);
}

static const VMStateDescription vmstate_n9_agent = {
    .name = TYPE_N9_AGENT,
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT64(reads, N9AgentState),
        VMSTATE_UINT64(writes, N9AgentState),
        VMSTATE_UINT64(errors, N9AgentState),
        VMSTATE_END_OF_LIST()
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
    type_register_static(&n9_agent_info);
}

type_init(n9_agent_register_types)
