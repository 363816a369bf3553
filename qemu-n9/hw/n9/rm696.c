/*
 * Nokia N9 (RM-696) board: 1 GB of LPDDR at 0x80000000 behind the
 * OMAP3630's SDRC, the SoC, and a direct Linux boot (-kernel/-dtb/-initrd)
 * as on any QEMU ARM board.
 *
 * The N9 is an HS part: Linux runs in the non-secure world, entered through
 * the boot ROM's board set-up code (omap3_rom.c), and the console is UART3,
 * which gets QEMU's first serial port.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qapi/error.h"
#include "qemu/error-report.h"
#include "qemu/units.h"
#include "hw/boards.h"
#include "hw/arm/boot.h"
#include "hw/qdev-properties.h"
#include "system/qtest.h"
#include "exec/address-spaces.h"
#include "libfdt.h"
#include "omap3630.h"
#include "omap3_rom.h"

#define TYPE_RM696_MACHINE MACHINE_TYPE_NAME("rm696")
OBJECT_DECLARE_SIMPLE_TYPE(RM696MachineState, RM696_MACHINE)

#define RM696_RAM_SIZE  (1 * GiB)

struct RM696MachineState {
    MachineState parent_obj;

    OMAP3630State *soc;
    struct arm_boot_info binfo;
};

/* The set-up code lives in the ROM already; nothing to write. */
static void rm696_write_board_setup(ARMCPU *cpu,
                                    const struct arm_boot_info *info)
{
}

/* A DTB for another board boots a kernel that cannot drive this one. */
static void rm696_check_dtb(const struct arm_boot_info *info, void *fdt)
{
    if (fdt_node_check_compatible(fdt, 0, "ti,omap3630") != 0) {
        warn_report("rm696: the device tree's root is not compatible with "
                    "\"ti,omap3630\"; use omap3-n9.dtb from the same kernel "
                    "tree");
    }
}

static void rm696_init(MachineState *machine)
{
    RM696MachineState *rms = RM696_MACHINE(machine);
    MemoryRegion *sysmem = get_system_memory();

    if (machine->ram_size > RM696_RAM_SIZE) {
        error_report("rm696: the N9's SDRC addresses at most 1 GiB "
                     "(0x80000000-0xbfffffff); use -m 1G or less");
        exit(1);
    }
    if (!qtest_enabled()) {
        if (!machine->kernel_filename) {
            error_report("rm696: no kernel to boot: use -kernel zImage "
                         "-dtb omap3-n9.dtb (scripts/boot.sh builds and "
                         "runs both)");
            exit(1);
        }
        if (!machine->dtb) {
            error_report("rm696: Linux on the OMAP3630 boots only with a "
                         "device tree: add -dtb omap3-n9.dtb");
            exit(1);
        }
    }

    memory_region_add_subregion(sysmem, OMAP3_SDRAM_BASE, machine->ram);

    rms->soc = OMAP3630_SOC(qdev_new(TYPE_OMAP3630_SOC));
    object_property_add_child(OBJECT(machine), "soc", OBJECT(rms->soc));
    object_property_set_link(OBJECT(rms->soc), "memory", OBJECT(sysmem),
                             &error_abort);
    qdev_realize_and_unref(DEVICE(rms->soc), NULL, &error_fatal);

    rms->binfo = (struct arm_boot_info) {
        .loader_start = OMAP3_SDRAM_BASE,
        .ram_size = machine->ram_size,
        .board_id = -1,                 /* device tree only */
        .secure_board_setup = true,     /* HS: the ROM enters the NS world */
        .board_setup_addr = OMAP3_BOOT_ROM_BASE + OMAP3_ROM_BOARD_SETUP_OFFSET,
        .write_board_setup = rm696_write_board_setup,
        .modify_dtb = rm696_check_dtb,
    };
    arm_load_kernel(rms->soc->cpu, machine, &rms->binfo);
}

static void rm696_machine_class_init(ObjectClass *oc, void *data)
{
    MachineClass *mc = MACHINE_CLASS(oc);
    static const char * const valid_cpu_types[] = {
        ARM_CPU_TYPE_NAME("cortex-a8"),
        NULL
    };

    mc->desc = "Nokia N9 (RM-696, OMAP3630)";
    mc->init = rm696_init;
    mc->max_cpus = 1;
    mc->default_cpu_type = ARM_CPU_TYPE_NAME("cortex-a8");
    mc->valid_cpu_types = valid_cpu_types;
    mc->default_ram_size = RM696_RAM_SIZE;
    mc->default_ram_id = "rm696.sdram";
    mc->no_parallel = 1;
    mc->no_floppy = 1;
    mc->no_cdrom = 1;
}

static const TypeInfo rm696_machine_info = {
    .name = TYPE_RM696_MACHINE,
    .parent = TYPE_MACHINE,
    .instance_size = sizeof(RM696MachineState),
    .class_init = rm696_machine_class_init,
};

static void rm696_machine_register_types(void)
{
    type_register_static(&rm696_machine_info);
}

type_init(rm696_machine_register_types)
