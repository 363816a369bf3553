/*
 * Nokia N9 (RM-696) board: 1 GB of LPDDR at 0x80000000 behind the
 * OMAP3630's SDRC, the SoC, and a direct Linux boot (-kernel/-dtb/-initrd)
 * as on any QEMU ARM board, or a bare-metal ELF (-kernel prog.elf, no DTB).
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
#include "hw/qdev-clock.h"
#include "system/qtest.h"
#include "exec/address-spaces.h"
#include "system/system.h"
#include "system/runstate.h"
#include "libfdt.h"
#include "elf.h"
#include "omap3630.h"
#include "omap3_rom.h"
#include "n9_agent.h"
#include "n9_timing.h"
#include "n9_idle.h"
#include "n9_memory.h"
#include "n9_record.h"
#include "qemu-version.h"
#include "omap3_prcm.h"
#include "omap3_sdrc.h"
#include "models/sdrc/sdrc_state.h"
#include "qemu/cutils.h"
#include "hw/core/cpu.h"
#include "twl5031.h"
#include "hw/i2c/i2c.h"
#include "qobject/qjson.h"
#include "qobject/qdict.h"
#include "qobject/qlist.h"
#include "qapi/visitor.h"
#include "qapi/qapi-visit-common.h"
#include "qapi/util.h"

#define TYPE_RM696_MACHINE MACHINE_TYPE_NAME("rm696")
OBJECT_DECLARE_SIMPLE_TYPE(RM696MachineState, RM696_MACHINE)

#define RM696_RAM_SIZE  (1 * GiB)

struct RM696MachineState {
    MachineState parent_obj;

    OMAP3630State *soc;
    struct arm_boot_info binfo;
    N9Timing *timing;
    N9IdleWalk *idle;
    N9MemoryState *memory;      /* the memory path, NULL when off */
    TWL5031State *twl;          /* the power IC on I2C1 */
    Notifier exit_notifier;
    MemoryRegion mark_port;     /* the guest's marks (not on silicon) */
    QList *marks;               /* the counters at each mark */

    /* Properties */
    char *timing_file;          /* timing=FILE: latency parameters (INI) */
    char *timing_set;           /* timing-set=SEC.KEY=VAL;...: single ones */
    char *stats_file;           /* stats=FILE: counters as JSON at exit */
    char *symbols_file;         /* symbols=FILE: the kernel's symbols */
    char *idle_enter;           /* idle-enter=SYMBOL: idle entry boundary */
    char *idle_trace;           /* idle-trace=FILE: Perfetto timeline */
    char *record_file;          /* record=FILE: timing-event trace */
    char *record_from;          /* record-from=mark:N: the trace's window */
    /* N, or -1: from the start (or the monitor's record-start) */
    int64_t record_from_mark;
    bool record_from_monitor;   /* record-from=monitor */
    char *record_to;            /* record-to=mark:M: the window's end */
    int64_t record_to_mark;     /* M, or -1: to the run's end */
    bool record_failed;         /* the trace ended at M but a write failed */
    Notifier record_prcm;       /* PRCM events into the trace */
    OnOffAuto memory_model;     /* memory-model=on|off (auto: with icount) */
    bool pipeline;              /* pipeline=on|off: the A8's issue timing */
};

/* Every counter of the machine, now */
static QDict *rm696_counters(RM696MachineState *rms)
{
    OMAP3630State *soc = rms->soc;
    QDict *d = qdict_new(), *agents = qdict_new();

    qdict_put_int(d, "virtual_ns", qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL));
    for (int i = 0; i < OMAP3_NUM_AGENTS; i++) {
        qdict_put(agents, omap3630_agents[i].name,
                  n9_agent_stats(soc->agent[i]));
    }
    qdict_put(d, "agents", agents);
    qdict_put(d, "prcm", omap3_prcm_stats(&soc->prcm));
    {
        /* DVFS: the MPU clock, DPLL1, the ABB LDO (PRCM) and VDD1 (TWL) */
        QDict *dvfs = omap3_prcm_dvfs_stats(&soc->prcm);

        if (rms->twl) {
            twl5031_dvfs_stats(rms->twl, dvfs);
        }
        qdict_put(d, "dvfs", dvfs);
    }
    if (rms->memory) {
        qdict_put(d, "memory", n9_memory_stats(rms->memory));
    } else {
        qdict_put_null(d, "memory");
    }
    qdict_put(d, "sdrc", omap3_sdrc_stats(soc->block[OMAP3_BLK_SDRC]));
    if (rms->idle) {
        qdict_put(d, "idle", n9_idle_stats(rms->idle));
    } else {
        qdict_put_null(d, "idle");
    }
    return d;
}

/*
 * The mark port, RM696_MARK_PORT (not on silicon, like QEMU's debug-exit
 * devices): a guest program writes a number there (n9host mark N) and the
 * machine keeps a copy of every counter at that instant, so a scenario can
 * delimit the window it measures; the statistics file lists them under
 * "marks".  No modelled time is charged.
 */
#define RM696_MARK_PORT     0x40020100

static size_t rm696_bytes_fill(const void *m, void *buf, size_t len)
{
    memcpy(buf, m, len);
    return len;
}

static size_t rm696_sdrc_image_fill(const void *m, void *buf, size_t len)
{
    return sdrc_state_save(m, buf, len);
}

/*
 * record-from=mark:N, mark N: the trace starts here.  Its first events
 * are the models' state as it stands (docs/trace-format.md, "Windows"):
 * the SDRC's configuration, the MPU's rate and the CPU state, then one
 * state image (each model's own, the agents' counters, the PRCM's events
 * so far), then the mark and whatever follows, as a full trace has them.
 */
static void rm696_record_window(RM696MachineState *rms)
{
    SdrcModel *sdrc = omap3_sdrc_model(rms->soc->block[OMAP3_BLK_SDRC]);
    uint64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    g_autoptr(GByteArray) img = rms->memory ? n9_memory_image(rms->memory)
                                            : g_byte_array_new();
    n9trace_writer *w;
    uint64_t prcm[3];
    uint8_t le[24];

    n9_record_state_section(img, "sdrc", sdrc_state_size(sdrc),
                            rm696_sdrc_image_fill, sdrc);
    for (int i = 0; i < OMAP3_NUM_AGENTS; i++) {
        n9_agent_record_state(rms->soc->agent[i], img);
    }
    n9_record_prcm_counts(prcm);
    for (int i = 0; i < 24; i++) {
        le[i] = (uint8_t)(prcm[i / 8] >> (8 * (i % 8)));
    }
    n9_record_state_section(img, "prcm.counts", sizeof(le),
                            rm696_bytes_fill, le);
    w = n9_record_begin();
    n9_record_sdrc_config(&sdrc->cfg, now, true);
    if (rms->memory) {
        n9_memory_record_window(rms->memory, w);
    }
    n9trace_put_state(w, now, img->data, img->len);
}

static uint64_t rm696_mark_read(void *opaque, hwaddr addr, unsigned size)
{
    RM696MachineState *rms = opaque;

    return qlist_size(rms->marks);
}

static void rm696_mark_write(void *opaque, hwaddr addr, uint64_t value,
                             unsigned size)
{
    RM696MachineState *rms = opaque;
    QDict *d = rm696_counters(rms);

    if (n9_record_waiting() && (int64_t)value == rms->record_from_mark) {
        rm696_record_window(rms);
    }
    if (n9_record_writer) {
        n9trace_event ev = {
            .type = N9T_MARK, .value = value,
            .time_ns = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL),
        };

        n9_record_put(&ev);
        if ((int64_t)value == rms->record_to_mark) {
            /* the window ends: the trace's end is this mark's time */
            if (rms->memory) {
                n9_memory_record_end(rms->memory);
                n9_memory_record(rms->memory, NULL);
            }
            rms->record_failed = !n9_record_finish(ev.time_ns);
        }
    }
    qdict_put_int(d, "mark", value);
    /* for benchmarks only: host time is not part of any modelled figure */
    qdict_put_int(d, "host_us", g_get_monotonic_time());
    qlist_append(rms->marks, d);
}

/*
 * record-from=monitor: "qom-set /machine record-start on" (QMP or HMP)
 * starts the trace's window.  The state is taken on the vCPU's thread
 * between two blocks (async_run_on_cpu), where the mark port takes it
 * too: the memory path is not in the middle of an access then.
 */
static void rm696_record_start_cpu(CPUState *cs, run_on_cpu_data data)
{
    RM696MachineState *rms = data.host_ptr;

    if (n9_record_waiting()) {
        rm696_record_window(rms);
    }
}

static void rm696_set_record_start(Object *obj, bool value, Error **errp)
{
    RM696MachineState *rms = RM696_MACHINE(obj);

    if (!value) {
        return;
    }
    if (!rms->record_from_monitor || !n9_record_waiting()) {
        error_setg(errp, "record-start: no trace waits for the monitor "
                   "(-M rm696,record=FILE,record-from=monitor)");
        return;
    }
    async_run_on_cpu(first_cpu, rm696_record_start_cpu,
                     RUN_ON_CPU_HOST_PTR(rms));
}

static bool rm696_get_record_start(Object *obj, Error **errp)
{
    return n9_record_writer != NULL;
}

/* "marks": how many marks the guest has set so far */
static void rm696_get_marks(Object *obj, Visitor *v, const char *name,
                            void *opaque, Error **errp)
{
    RM696MachineState *rms = RM696_MACHINE(obj);
    uint32_t n = rms->marks ? qlist_size(rms->marks) : 0;

    visit_type_uint32(v, name, &n, errp);
}

static const MemoryRegionOps rm696_mark_ops = {
    .read = rm696_mark_read,
    .write = rm696_mark_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 4, .max_access_size = 4 },
};

/* Write the counters as JSON (stats=FILE), with QEMU's JSON writer. */
static bool rm696_write_stats(Notifier *n, void *data)
{
    RM696MachineState *rms = container_of(n, RM696MachineState, exit_notifier);
    g_autoptr(QDict) d = rm696_counters(rms);
    g_autoptr(GString) out = NULL;
    g_autoptr(GError) err = NULL;

    qdict_put_str(d, "machine", "rm696");
    qdict_put_bool(d, "timing", n9_timing_enabled());
    if (rms->timing->file) {
        qdict_put_str(d, "timing_file", rms->timing->file);
    } else {
        qdict_put_null(d, "timing_file");
    }
    if (rms->timing->set) {
        qdict_put_str(d, "timing_set", rms->timing->set);
    } else {
        qdict_put_null(d, "timing_set");
    }
    {
        /* every parameter in force, defaults included, and the overrides
         * of register-derived ones with what the registers give */
        OMAP3PRCMState *prcm = &rms->soc->prcm;
        SdrcConfig cfg, regs;
        uint64_t mpu, mpu_reg, l3, l3_reg;
        QDict *params, *overrides;

        omap3_sdrc_configs(rms->soc->block[OMAP3_BLK_SDRC], &cfg, &regs);
        omap3_prcm_clock_rates(prcm, &mpu, &mpu_reg, &l3, &l3_reg);
        n9_timing_report(rms->timing, &cfg, &regs, mpu, mpu_reg, l3, l3_reg,
                         &params, &overrides);
        qdict_put(d, "timing_params", params);
        qdict_put(d, "timing_overrides", overrides);
    }
    qdict_put(d, "marks", qobject_ref(rms->marks));
    out = qobject_to_json_pretty(QOBJECT(d), true);
    g_string_append_c(out, '\n');
    if (!g_file_set_contents(rms->stats_file, out->str, out->len, &err)) {
        error_report("rm696: cannot write the statistics file: %s",
                     err->message);
        return false;
    }
    return true;
}

/*
 * At exit: the statistics and the end of the idle trace.  A run whose
 * figures could not be written must not look like a good one to a script
 * or CI: QEMU then exits with status 1 (whatever status the guest asked
 * for), after the line that says why.  This runs from atexit(), where
 * only _exit() may change the status; the other exit notifiers (QEMU's
 * own clean-up) are skipped then.
 */
static void rm696_exit(Notifier *n, void *data)
{
    RM696MachineState *rms = container_of(n, RM696MachineState, exit_notifier);
    bool ok = true;

    if (rms->stats_file) {
        ok &= rm696_write_stats(n, data);
    }
    if (rms->idle) {
        ok &= n9_idle_finish(rms->idle);
    }
    if (n9_record_writer || n9_record_waiting()) {
        if (rms->memory) {
            n9_memory_record_end(rms->memory);
            n9_memory_record(rms->memory, NULL);
        }
        ok &= n9_record_finish(qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL));
    }
    ok &= !rms->record_failed;
    if (!ok) {
        fflush(NULL);
        _exit(1);
    }
}

/* The set-up code lives in the ROM already; nothing to write. */
static void rm696_write_board_setup(ARMCPU *cpu,
                                    const struct arm_boot_info *info)
{
}

/*
 * Bad input stops QEMU at start-up with one line that names it (the rest
 * of QEMU's convention for a machine it cannot build), never later, never
 * with an abort.
 */

/*
 * What -kernel holds: a zImage (magic 0x016f2818 at offset 0x24), a uImage
 * (0x27051956 at offset 0, big-endian) or a 32-bit ARM ELF.  Anything else
 * hw/arm/boot.c would copy into SDRAM as a raw image and jump into.
 *
 * An ELF is a bare-metal program (the guest tools' mmiolat-bare.elf, say),
 * not Linux: hw/arm/boot.c loads it at its own addresses and, at reset,
 * jumps to its entry point with the CPU as cpu_reset() left it (Secure
 * SVC, MMU off), without the Linux boot stub and without the board set-up
 * (so without the ROM's switch to the non-secure world).  It needs no
 * device tree.
 */
typedef enum RM696KernelKind {
    RM696_KERNEL_ZIMAGE,
    RM696_KERNEL_UIMAGE,
    RM696_KERNEL_ELF,
} RM696KernelKind;

#define RM696_ZIMAGE_MAGIC      0x016f2818
#define RM696_UIMAGE_MAGIC      0x27051956

static RM696KernelKind rm696_check_kernel(const char *file)
{
    uint8_t h[0x30] = { 0 };
    struct stat st;
    size_t n = 0;
    FILE *f;

    f = stat(file, &st) == 0 ? fopen(file, "rb") : NULL;
    if (f == NULL) {
        error_report("rm696: cannot read the kernel '%s': %s", file,
                     strerror(errno));
        exit(1);
    }
    if (S_ISREG(st.st_mode)) {
        n = fread(h, 1, sizeof(h), f);
    }
    fclose(f);
    if (!S_ISREG(st.st_mode)) {
        error_report("rm696: the kernel '%s' is not a file", file);
        exit(1);
    }
    if (n >= SELFMAG && memcmp(h, ELFMAG, SELFMAG) == 0) {
        uint16_t machine = n >= 20 ? lduw_le_p(h + 18) : 0;

        if (h[EI_CLASS] != ELFCLASS32 || h[EI_DATA] != ELFDATA2LSB ||
            machine != EM_ARM) {
            error_report("rm696: the kernel '%s' is an ELF file for another "
                         "machine (class %u, e_machine %u), not a 32-bit "
                         "little-endian ARM one", file, h[EI_CLASS], machine);
            exit(1);
        }
        return RM696_KERNEL_ELF;
    }
    if (n >= 4 && ldl_be_p(h) == RM696_UIMAGE_MAGIC) {
        return RM696_KERNEL_UIMAGE;
    }
    if (n >= 0x28 && ldl_le_p(h + 0x24) == RM696_ZIMAGE_MAGIC) {
        return RM696_KERNEL_ZIMAGE;
    }
    error_report("rm696: the kernel '%s' is not an ARM zImage, uImage or ELF "
                 "(no zImage magic 0x%08x at offset 0x24): boot "
                 "arch/arm/boot/zImage", file, RM696_ZIMAGE_MAGIC);
    exit(1);
}

/*
 * -dtb: a device tree blob, and one for this SoC (a DTB for another board
 * boots a kernel that cannot drive this one).
 */
static void rm696_check_dtb(const char *file)
{
    g_autofree char *fdt = NULL;
    g_autoptr(GError) err = NULL;
    gsize len;
    int r;

    if (!g_file_get_contents(file, &fdt, &len, &err)) {
        error_report("rm696: cannot read the device tree '%s': %s", file,
                     err->message);
        exit(1);
    }
    r = len < sizeof(struct fdt_header) ? -FDT_ERR_TRUNCATED
                                        : fdt_check_header(fdt);
    if (r == 0 && fdt_totalsize(fdt) > len) {
        r = -FDT_ERR_TRUNCATED;
    }
    if (r != 0) {
        error_report("rm696: '%s' is not a device tree blob (%s): use "
                     "omap3-n9.dtb from the kernel build", file,
                     fdt_strerror(r));
        exit(1);
    }
    if (fdt_node_check_compatible(fdt, 0, "ti,omap3630") != 0) {
        error_report("rm696: the device tree '%s' is not for an OMAP3630 "
                     "(its root is not compatible with \"ti,omap3630\"): use "
                     "omap3-n9.dtb from the same kernel tree", file);
        exit(1);
    }
}

/*
 * A file the machine writes later (stats=, at exit): one that cannot be
 * written is said now, not after the run.  Creates it, and removes it again
 * if it was not there.
 */
static void rm696_check_writable(const char *opt, const char *file)
{
    bool existed = g_file_test(file, G_FILE_TEST_EXISTS);
    int fd;

    if (g_file_test(file, G_FILE_TEST_IS_DIR)) {
        error_report("rm696: %s=%s: is a folder, not a file", opt, file);
        exit(1);
    }
    /*
     * The file is replaced at exit (g_file_set_contents: a new file beside
     * it, renamed over it), so a device or /proc file would be replaced or
     * never written: only a regular file, in a folder that takes new files.
     */
    if (existed && !g_file_test(file, G_FILE_TEST_IS_REGULAR)) {
        error_report("rm696: %s=%s: not a regular file (it is replaced by a "
                     "new file at exit)", opt, file);
        exit(1);
    }
    fd = open(file, O_WRONLY | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0) {
        error_report("rm696: %s=%s: cannot write this file: %s", opt, file,
                     strerror(errno));
        exit(1);
    }
    close(fd);
    if (!existed) {
        unlink(file);
    }
    {
        g_autofree char *tmp = g_strdup_printf("%s.XXXXXX", file);

        fd = g_mkstemp(tmp);
        if (fd < 0) {
            error_report("rm696: %s=%s: cannot create a file in its folder: "
                         "%s", opt, file, strerror(errno));
            exit(1);
        }
        close(fd);
        unlink(tmp);
    }
}

/* PRCM events into the trace: WFI, wake-up (its cost), power states */
static void rm696_record_prcm(Notifier *n, void *data)
{
    OMAP3PRCMEvent *e = data;
    n9trace_event ev = {
        .type = N9T_PRCM, .time_ns = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL),
        .a = { e->type,
               e->type == OMAP3_PRCM_CLKDM ? e->clkdm : e->pwrdm,
               e->type == OMAP3_PRCM_CLKDM ? e->active : e->from,
               e->to, e->wake.total_ns },
    };

    n9_record_put(&ev);
}

/* Each timing parameter in force as "param.SECTION.KEY=VALUE" */
static void rm696_record_params(GString *h, QDict *params)
{
    for (const QDictEntry *e = qdict_first(params); e;
         e = qdict_next(params, e)) {
        QDict *sec = qobject_to(QDict, qdict_entry_value(e));

        if (!sec) {
            continue;
        }
        for (const QDictEntry *k = qdict_first(sec); k;
             k = qdict_next(sec, k)) {
            g_string_append_printf(h, "param.%s.%s=%" PRId64 "\n",
                                   qdict_entry_key(e), qdict_entry_key(k),
                                   qdict_get_int(sec, qdict_entry_key(k)));
        }
    }
}

/*
 * record=FILE: the header (what ran, with which parameters, how the
 * models were set up) and the state the models start from.
 */
static void rm696_record_open(RM696MachineState *rms, MachineState *machine)
{
    OMAP3PRCMState *prcm = &rms->soc->prcm;
    SdrcModel *sdrc = omap3_sdrc_model(rms->soc->block[OMAP3_BLK_SDRC]);
    g_autoptr(GString) h = g_string_new("");
    const char *build = g_getenv("N9_BUILD");
    SdrcConfig cfg, regs;
    uint64_t mpu, mpu_reg, l3, l3_reg;
    QDict *params, *overrides;
    unsigned next_id = 0;
    Error *err = NULL;

    g_string_append_printf(h, "format.version=%d\n", N9TRACE_VERSION);
    g_string_append_printf(h, "qemu.version=%s\n", QEMU_FULL_VERSION);
    g_string_append_printf(h, "project.build=%s\n", build ? build : "unknown");
    g_string_append_printf(h, "kernel=%s\n", machine->kernel_filename ?: "");
    g_string_append_printf(h, "kernel.cmdline=%s\n",
                           machine->kernel_cmdline ?: "");
    g_string_append_printf(h, "machine.icount=%d\n", n9_timing_enabled());
    g_string_append_printf(h, "machine.memory_model=%d\n", !!rms->memory);
    /* with the pipeline the fetches' instruction counts count cycles */
    g_string_append_printf(h, "machine.pipeline=%d\n",
                           rms->memory && rms->pipeline);
    g_string_append_printf(h, "machine.timing=%s\n",
                           rms->timing_file ?: "");
    g_string_append_printf(h, "machine.timing_set=%s\n",
                           rms->timing_set ?: "");
    omap3_sdrc_configs(rms->soc->block[OMAP3_BLK_SDRC], &cfg, &regs);
    omap3_prcm_clock_rates(prcm, &mpu, &mpu_reg, &l3, &l3_reg);
    n9_timing_report(rms->timing, &cfg, &regs, mpu, mpu_reg, l3, l3_reg,
                     &params, &overrides);
    rm696_record_params(h, params);
    g_string_append_printf(h, "overrides=%zu\n", qdict_size(overrides));
    qobject_unref(params);
    qobject_unref(overrides);
    g_string_append_printf(h, "mem.seed=%" PRIu64 "\n", rms->timing->seed);
    g_string_append_printf(h, "mem.sdram_base=%" PRIu64 "\n",
                           (uint64_t)OMAP3_SDRAM_BASE);
    g_string_append_printf(h, "mem.sdram_size=%" PRIu64 "\n",
                           (uint64_t)machine->ram_size);
    g_string_append_printf(h, "sdrc.l3_hz=%u\n", sdrc->cfg.l3_hz);
    g_string_append_printf(h, "sdrc.base=%u\n", (unsigned)OMAP3_SDRAM_BASE);
    g_string_append_printf(h, "sdrc.config_size=%zu\n", sizeof(SdrcConfig));
    if (rms->record_from) {
        g_string_append_printf(h, "record.from=%s\n", rms->record_from);
    }
    if (rms->record_to) {
        g_string_append_printf(h, "record.to=%s\n", rms->record_to);
    }
    for (int i = 0; i < OMAP3_NUM_AGENTS; i++) {
        n9_agent_record_header(rms->soc->agent[i], i, h, &next_id);
    }
    if (!n9_record_open(rms->record_file, h->str,
                        rms->record_from_mark >= 0 || rms->record_from_monitor,
                        &err)) {
        error_reportf_err(err, "rm696: ");
        exit(1);
    }
    /* the SDRAM model's configuration as it stands */
    n9_record_sdrc_config(&sdrc->cfg, 0, true);
    if (rms->memory) {
        n9_memory_record(rms->memory, n9_record_writer);
    }
    rms->record_prcm.notify = rm696_record_prcm;
    omap3_prcm_add_listener(prcm, &rms->record_prcm);
}

/* record-from= and record-to=: mark:N, N; -1 if not given */
static int64_t rm696_record_mark(const char *opt, const char *val,
                                 RM696MachineState *rms, const char *what)
{
    uint64_t v;

    if (!val) {
        return -1;
    }
    if (!rms->record_file) {
        error_report("rm696: %s=%s needs record=FILE", opt, val);
        exit(1);
    }
    if (!g_str_has_prefix(val, "mark:") ||
        qemu_strtou64(val + 5, NULL, 0, &v) < 0 || v > UINT32_MAX) {
        error_report("rm696: %s=%s: give mark:N (the trace %s the guest's "
                     "first mark N, 0-%u)%s", opt, val, what, UINT32_MAX,
                     !strcmp(opt, "record-from") ? " or monitor (at "
                     "qom-set /machine record-start on)" : "");
        exit(1);
    }
    return (int64_t)v;
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
        if (rm696_check_kernel(machine->kernel_filename) != RM696_KERNEL_ELF
            && !machine->dtb) {
            error_report("rm696: Linux on the OMAP3630 boots only with a "
                         "device tree: add -dtb omap3-n9.dtb");
            exit(1);
        }
        if (machine->dtb) {
            rm696_check_dtb(machine->dtb);
        }
    }
    if (rms->stats_file) {
        rm696_check_writable("stats", rms->stats_file);
    }
    if (rms->record_file) {
        rm696_check_writable("record", rms->record_file);
    }
    rms->record_from_monitor = rms->record_from &&
                               !strcmp(rms->record_from, "monitor");
    rms->record_from_mark = rms->record_from_monitor ? -1 :
                            rm696_record_mark("record-from", rms->record_from,
                                              rms, "starts at");
    rms->record_to_mark = rm696_record_mark("record-to", rms->record_to, rms,
                                            "ends at");

    memory_region_add_subregion(sysmem, OMAP3_SDRAM_BASE, machine->ram);
    rms->marks = qlist_new();
    memory_region_init_io(&rms->mark_port, OBJECT(machine), &rm696_mark_ops,
                          rms, "rm696.mark-port", 4);
    memory_region_add_subregion(sysmem, RM696_MARK_PORT, &rms->mark_port);

    rms->timing = n9_timing_new();
    if (rms->timing_file || rms->timing_set) {
        Error *err = NULL;

        if (!n9_timing_load(rms->timing, rms->timing_file, rms->timing_set,
                            &err)) {
            error_reportf_err(err, "rm696: ");
            exit(1);
        }
    }
    if (!n9_timing_enabled() && !qtest_enabled()) {
        warn_report("rm696: timing is off: without -icount shift=0,sleep=off "
                    "register and memory latencies are not charged and the "
                    "guest's clocks follow the host");
    }

    rms->soc = OMAP3630_SOC(qdev_new(TYPE_OMAP3630_SOC));
    rms->soc->timing = rms->timing;
    object_property_add_child(OBJECT(machine), "soc", OBJECT(rms->soc));
    object_property_set_link(OBJECT(rms->soc), "memory", OBJECT(sysmem),
                             &error_abort);
    qdev_realize_and_unref(DEVICE(rms->soc), NULL, &error_fatal);
    {
        /* The TWL5031 power IC on I2C1 (0x48-0x4b); its interrupt output
         * is the OMAP's sys_nirq, INTC input 7. */
        I2CBus *i2c1 = I2C_BUS(qdev_get_child_bus(
                           rms->soc->block[OMAP3_BLK_I2C1], "i2c"));
        I2CSlave *twl = i2c_slave_new(TYPE_TWL5031, 0x48);

        object_property_add_child(OBJECT(machine), "twl5031", OBJECT(twl));
        i2c_slave_realize_and_unref(twl, i2c1, &error_fatal);
        rms->twl = TWL5031(twl);
        qdev_connect_gpio_out_named(DEVICE(twl), "sys-nirq", 0,
            qdev_get_gpio_in(rms->soc->block[OMAP3_BLK_INTC], 7));
    }
    {
        Error *err = NULL;

        if (!n9_timing_check_used(rms->timing, &err)) {
            error_reportf_err(err, "rm696: ");
            exit(1);
        }
    }
    /*
     * The memory path: on by default with icount (it is timing), off
     * without (it would only slow the functional mode down).  Before
     * anything is translated: its hooks change the code the translator
     * emits.
     */
    if (rms->memory_model == ON_OFF_AUTO_ON ||
        (rms->memory_model == ON_OFF_AUTO_AUTO && n9_timing_enabled())) {
        DeviceState *mp = qdev_new(TYPE_N9_MEMORY);
        DeviceState *prcm = DEVICE(&rms->soc->prcm);

        object_property_add_child(OBJECT(machine), "memory-path",
                                  OBJECT(mp));
        object_property_set_link(OBJECT(mp), "cpu", OBJECT(rms->soc->cpu),
                                 &error_abort);
        object_property_set_link(OBJECT(mp), "sdram", OBJECT(machine->ram),
                                 &error_abort);
        qdev_prop_set_uint64(mp, "sdram-base", OMAP3_SDRAM_BASE);
        object_property_set_link(OBJECT(mp), "prcm", OBJECT(prcm),
                                 &error_abort);
        object_property_set_link(OBJECT(mp), "sdrc",
                                 OBJECT(rms->soc->block[OMAP3_BLK_SDRC]),
                                 &error_abort);
        qdev_prop_set_uint64(mp, "seed", rms->timing->seed);
        qdev_prop_set_bit(mp, "pipeline", rms->pipeline);
        qdev_prop_set_uint32(mp, "flush-cycles", rms->timing->flush_cycles);
        qdev_prop_set_bit(mp, "cp15-flush", rms->timing->cp15_flush);
        qdev_prop_set_uint32(mp, "btb-ways", rms->timing->btb_ways);
        qdev_prop_set_uint32(mp, "btb-index-shift",
                             rms->timing->btb_index_shift);
        n9_memory_set_params(mp, &rms->timing->cache);
        qdev_connect_clock_in(mp, "mpu_ck",
                              qdev_get_clock_out(prcm, "mpu_ck"));
        qdev_connect_clock_in(mp, "l3_ick",
                              qdev_get_clock_out(prcm, "l3_ick"));
        qdev_realize_and_unref(mp, NULL, &error_fatal);
        rms->memory = N9_MEMORY(mp);
    } else if (rms->pipeline) {
        error_report("rm696: pipeline=on needs the memory model (-icount, "
                     "or memory-model=on)");
        exit(1);
    }
    if (rms->symbols_file) {
        DeviceState *idle = qdev_new(TYPE_N9_IDLE);
        Error *err = NULL;

        object_property_add_child(OBJECT(machine), "idle", OBJECT(idle));
        object_property_set_link(OBJECT(idle), "soc", OBJECT(rms->soc),
                                 &error_abort);
        qdev_prop_set_string(idle, "symbols", rms->symbols_file);
        if (rms->idle_enter) {
            qdev_prop_set_string(idle, "enter", rms->idle_enter);
        }
        if (rms->idle_trace) {
            qdev_prop_set_string(idle, "trace-file", rms->idle_trace);
        }
        if (!qdev_realize_and_unref(idle, NULL, &err)) {
            error_reportf_err(err, "rm696: idle counters: ");
            exit(1);
        }
        rms->idle = N9_IDLE(idle);
    } else if (rms->idle_enter || rms->idle_trace) {
        error_report("rm696: idle-enter and idle-trace need the kernel's "
                     "symbols: add symbols=System.map (or vmlinux)");
        exit(1);
    }
    if (rms->record_file) {
        rm696_record_open(rms, machine);
    }
    rms->exit_notifier.notify = rm696_exit;
    qemu_add_exit_notifier(&rms->exit_notifier);

    rms->binfo = (struct arm_boot_info) {
        .loader_start = OMAP3_SDRAM_BASE,
        .ram_size = machine->ram_size,
        .board_id = -1,                 /* device tree only */
        .secure_board_setup = true,     /* HS: the ROM enters the NS world */
        .board_setup_addr = OMAP3_BOOT_ROM_BASE + OMAP3_ROM_BOARD_SETUP_OFFSET,
        .write_board_setup = rm696_write_board_setup,
    };
    arm_load_kernel(rms->soc->cpu, machine, &rms->binfo);
}

static char *rm696_get_timing(Object *obj, Error **errp)
{
    return g_strdup(RM696_MACHINE(obj)->timing_file);
}

/* A machine option that names a file or a symbol cannot be empty. */
static bool rm696_check_value(const char *opt, const char *value,
                              Error **errp)
{
    if (!value || !*value) {
        error_setg(errp, "rm696: %s= is empty: give it a %s", opt,
                   strcmp(opt, "idle-enter") ? "file name" : "symbol");
        return false;
    }
    return true;
}

static void rm696_set_timing(Object *obj, const char *value, Error **errp)
{
    RM696MachineState *rms = RM696_MACHINE(obj);

    if (!rm696_check_value("timing", value, errp)) {
        return;
    }

    g_free(rms->timing_file);
    rms->timing_file = g_strdup(value);
}

static char *rm696_get_timing_set(Object *obj, Error **errp)
{
    return g_strdup(RM696_MACHINE(obj)->timing_set);
}

static void rm696_set_timing_set(Object *obj, const char *value,
                                 Error **errp)
{
    RM696MachineState *rms = RM696_MACHINE(obj);

    if (!value || !*value) {
        error_setg(errp, "rm696: timing-set= is empty: give it "
                   "SECTION.KEY=VALUE items separated by ';'");
        return;
    }
    g_free(rms->timing_set);
    rms->timing_set = g_strdup(value);
}

static char *rm696_get_stats(Object *obj, Error **errp)
{
    return g_strdup(RM696_MACHINE(obj)->stats_file);
}

static void rm696_set_stats(Object *obj, const char *value, Error **errp)
{
    RM696MachineState *rms = RM696_MACHINE(obj);

    if (!rm696_check_value("stats", value, errp)) {
        return;
    }

    g_free(rms->stats_file);
    rms->stats_file = g_strdup(value);
}

#define RM696_STR_PROP(field, opt) \
static char *rm696_get_##field(Object *obj, Error **errp) \
{ \
    return g_strdup(RM696_MACHINE(obj)->field); \
} \
static void rm696_set_##field(Object *obj, const char *value, Error **errp) \
{ \
    RM696MachineState *rms = RM696_MACHINE(obj); \
    if (!rm696_check_value(opt, value, errp)) { \
        return; \
    } \
    g_free(rms->field); \
    rms->field = g_strdup(value); \
}

RM696_STR_PROP(symbols_file, "symbols")
RM696_STR_PROP(idle_enter, "idle-enter")
RM696_STR_PROP(idle_trace, "idle-trace")
RM696_STR_PROP(record_file, "record")
RM696_STR_PROP(record_from, "record-from")
RM696_STR_PROP(record_to, "record-to")

static void rm696_get_memory_model(Object *obj, Visitor *v, const char *name,
                                   void *opaque, Error **errp)
{
    visit_type_OnOffAuto(v, name, &RM696_MACHINE(obj)->memory_model, errp);
}

static void rm696_set_memory_model(Object *obj, Visitor *v, const char *name,
                                   void *opaque, Error **errp)
{
    g_autofree char *str = NULL;
    int val;

    if (!visit_type_str(v, name, &str, errp)) {
        return;
    }
    /* one line that says what the values are (QAPI's names none) */
    val = qapi_enum_parse(&OnOffAuto_lookup, str, -1, NULL);
    if (val < 0) {
        error_setg(errp, "rm696: memory-model=%s: must be on, off or auto "
                   "(auto: on with -icount)", str);
        return;
    }
    RM696_MACHINE(obj)->memory_model = val;
}

static bool rm696_get_pipeline(Object *obj, Error **errp)
{
    return RM696_MACHINE(obj)->pipeline;
}

static void rm696_set_pipeline(Object *obj, bool value, Error **errp)
{
    RM696_MACHINE(obj)->pipeline = value;
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
    /* the Cortex-A8 (ARMv7 VMSA) has no 1 KB tiny pages: QEMU's 4 KB pages,
     * as on virt, so its TLB and blocks are not cut at each 1 KB */
    mc->minimum_page_bits = 12;
    mc->default_cpu_type = ARM_CPU_TYPE_NAME("cortex-a8");
    mc->valid_cpu_types = valid_cpu_types;
    mc->default_ram_size = RM696_RAM_SIZE;
    mc->default_ram_id = "rm696.sdram";
    mc->no_parallel = 1;
    mc->no_floppy = 1;
    mc->no_cdrom = 1;

    object_class_property_add_str(oc, "timing", rm696_get_timing,
                                  rm696_set_timing);
    object_class_property_set_description(oc, "timing",
        "INI file of interconnect latency parameters "
        "(defaults: the phone's figures; see docs/timing-parameters.md)");
    object_class_property_add_str(oc, "timing-set", rm696_get_timing_set,
                                  rm696_set_timing_set);
    object_class_property_set_description(oc, "timing-set",
        "timing parameters without a file, SECTION.KEY=VALUE items "
        "separated by ';' (they win over timing=FILE), e.g. "
        "timing-set=l4-wkup.prm.read_min_ns=300;sdram.txsr=20; [clocks] and "
        "[sdram] override what the registers give");
    object_class_property_add_str(oc, "stats", rm696_get_stats,
                                  rm696_set_stats);
    object_class_property_set_description(oc, "stats",
        "file to write the access and idle counters to, as JSON, at exit");
    object_class_property_add(oc, "marks", "uint32", rm696_get_marks, NULL,
                              NULL, NULL);
    object_class_property_set_description(oc, "marks",
        "how many marks the guest has set (n9host mark N)");
    object_class_property_add_str(oc, "symbols", rm696_get_symbols_file,
                                  rm696_set_symbols_file);
    object_class_property_set_description(oc, "symbols",
        "the guest kernel's System.map or vmlinux: turns on the idle-walk "
        "counters (per idle entry and C-state)");
    object_class_property_add_str(oc, "idle-enter", rm696_get_idle_enter,
                                  rm696_set_idle_enter);
    object_class_property_set_description(oc, "idle-enter",
        "the kernel function whose call is one idle entry (default "
        N9_IDLE_DEFAULT_ENTER ")");
    object_class_property_add(oc, "memory-model", "OnOffAuto",
                              rm696_get_memory_model, rm696_set_memory_model,
                              NULL, NULL);
    object_class_property_set_description(oc, "memory-model",
        "the memory path: caches, TLBs and SDRAM timing of every fetch, "
        "load and store (on, off; default auto: on with -icount)");
    object_class_property_add_bool(oc, "pipeline", rm696_get_pipeline,
                                   rm696_set_pipeline);
    object_class_property_set_description(oc, "pipeline",
        "the Cortex-A8's issue timing (dual issue, result latencies; "
        "docs/cortex-a8-timing.md) instead of one cycle per instruction; "
        "needs the memory model (default off)");
    object_class_property_add_str(oc, "idle-trace", rm696_get_idle_trace,
                                  rm696_set_idle_trace);
    object_class_property_set_description(oc, "idle-trace",
        "file to write a Perfetto/Chrome trace of the idle entries, WFI, "
        "power states and wake-ups to");
    object_class_property_add_str(oc, "record", rm696_get_record_file,
                                  rm696_set_record_file);
    object_class_property_set_description(oc, "record",
        "file to write a trace of every timing event to, for ./n9 replay "
        "(docs/trace-format.md)");
    object_class_property_add_str(oc, "record-from", rm696_get_record_from,
                                  rm696_set_record_from);
    object_class_property_set_description(oc, "record-from",
        "mark:N: the trace starts at the guest's mark N with the models' "
        "state images, so a replay runs that window only; monitor: at "
        "qom-set /machine record-start on");
    object_class_property_add_bool(oc, "record-start", rm696_get_record_start,
                                   rm696_set_record_start);
    object_class_property_set_description(oc, "record-start",
        "on: with record-from=monitor, the trace starts now (the models' "
        "state images, then every event); reads whether a trace is being "
        "written");
    object_class_property_add_str(oc, "record-to", rm696_get_record_to,
                                  rm696_set_record_to);
    object_class_property_set_description(oc, "record-to",
        "mark:M: the trace ends at the guest's mark M (its end event at "
        "that mark's time); the run goes on");
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
