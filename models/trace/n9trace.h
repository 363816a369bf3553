/*
 * Timing-event traces of a qemu-n9 run (plain C99, zlib): the writer the
 * machine uses (-M rm696,record=FILE) and the reader replay uses
 * (tools/n9 replay, models/trace/n9replay.c; a SystemC testbench).
 *
 * A trace is everything the timing models saw, in order, each event with
 * the virtual time (ns) at which it happened and, for an event the
 * machine charged, the ns it charged: the vCPU's memory accesses and line
 * fetches as they reached the memory path (models/mempath), the page-table
 * walks' descriptors, the CPU state that shapes them, register accesses
 * (agent and register group), the SDRC model's configurations, the guest's
 * marks, PRCM events.  The file format: docs/trace-format.md.
 *
 * Use:
 *   n9trace *t = n9trace_open(path, err, sizeof(err));
 *   n9trace_header_get(t, "qemu.version");
 *   while ((r = n9trace_next(t, &ev)) > 0) { ... ev.type ... }
 *   r < 0: n9trace_error(t) says why in one line (truncated, corrupt)
 *   n9trace_close(t);
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef MODELS_TRACE_N9TRACE_H
#define MODELS_TRACE_N9TRACE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define N9TRACE_MAGIC       "N9TRACE\n"
#define N9TRACE_VERSION     8   /* 8: CMAINT's barriers (DSB, DMB); 7:
                                 * CMAINT; 6: GIVEBACK; 5: UNWIND's I/O
                                 * instruction run again; 4: L3CLK,
                                 * UNWIND; 3: a register write's value,
                                 * the groups' windows; 2: STATE (a
                                 * window's start); a reader of 6 reads
                                 * 1 to 5 */

/* Event types (docs/trace-format.md lists each one's fields). */
enum n9trace_type {
    N9T_NONE = 0,
    N9T_ACCESS,     /* a vCPU load or store that reached the memory path */
    N9T_FETCH,      /* a fetch call: code at pa..pa+len, ninsns insns */
    N9T_PLD,        /* a PLD */
    N9T_WALK,       /* the descriptors of the walk the next event makes */
    N9T_CPUSTATE,   /* SCTLR, CONTEXTIDR, TTBR0, TTBR1, TTBCR */
    N9T_TLBI,       /* TLB maintenance: op, value */
    N9T_MPUCLK,     /* the MPU clock's rate (Hz) */
    N9T_MPUOFF,     /* MPU OFF: the caches lose their content */
    N9T_MEMRESET,   /* the memory path's reset (caches empty, counters 0) */
    N9T_SKIP,       /* hits the generated code counted without a call */
    N9T_REG,        /* a register access through an agent */
    N9T_MARK,       /* the guest wrote the mark port */
    N9T_SDRC_CFG,   /* the SDRC model took a configuration */
    N9T_SDRC_IDLE,  /* the PRCM's idle request to the SDRC */
    N9T_PRCM,       /* a PRCM event: WFI, wake-up, power state, clock domain */
    N9T_AGENTRESET, /* the agents' counters start again (reset) */
    N9T_END,        /* the end of the run (virtual time at exit) */
    N9T_STATE,      /* a chunk of the models' state at a window's start */
    N9T_IDLE,       /* a step of the idle walk (format 3): op in flags */
    N9T_L3CLK,      /* the L3 clock's rate (Hz, format 4) */
    N9T_UNWIND,     /* code left after value's low 32 bits of the last
                     * fetch's instructions (format 4), the last of them
                     * an I/O instruction of value >> 32 that runs again
                     * (format 5): mempath_unwind */
    N9T_GIVEBACK,   /* value cycles a fetch charged did not run: a pair
                     * across a block's end (format 6; N9T_F_TAKEN: they
                     * ran after all): mempath_give_back */
    N9T_CMAINT,     /* cache maintenance (format 7): the op (MP_IC_*,
                     * MP_DC_*; MP_DSB, MP_DMB from format 8) in value,
                     * by address va and pa, by set and way the operand
                     * in va: mempath_cache_maint */
    N9T_NUM_TYPES
};

/* ACCESS flags */
#define N9T_F_STORE     1u
#define N9T_F_SIMD      2u
#define N9T_F_USE       4u      /* a load in the line of the last load's word */
/* GIVEBACK flags */
#define N9T_F_TAKEN     1u      /* the pair taken back */
/* REG flags */
#define N9T_F_WRITE     1u
#define N9T_F_VALUE     2u      /* (set by the reader) a write's value is
                                 * in .value: format 3 on */
/* SDRC_CFG flags */
#define N9T_F_CONFIGURE 1u      /* sdrc_configure (no time), else set_config */
/* STATE flags */
#define N9T_F_LAST      1u      /* the image's last chunk */
/* IDLE ops (flags; n9_idle.c): an entry opens (value: the state asked
 * for), the MPU's WFI, the MPU runs again (a[0] the wake-up latency ns,
 * a[1] the wake-up source + 1, 0 none), the entry returns (value: the
 * state entered, as a signed 32-bit; a[0..3] the power-state register
 * reads and writes before WFI and after, a[4] each domain's lowest state
 * in the entry, 2 bits per domain) */
#define N9T_IDLE_OPEN       0u
#define N9T_IDLE_WFI        1u
#define N9T_IDLE_RUNNING    2u
#define N9T_IDLE_CLOSE      3u
/* SDRC_IDLE flags */
#define N9T_F_IDLE      1u
#define N9T_F_OFF       2u

typedef struct n9trace_event {
    int type;
    uint32_t flags;         /* as above; FETCH: its continuation (0-2);
                             * TLBI: the op; WALK: the side (0 I, 1 D) */
    uint64_t time_ns;       /* virtual time of the event */
    uint32_t charge_ns;     /* ns the machine charged for it */
    uint64_t va, pa;        /* ACCESS, FETCH, PLD, CMAINT */
    uint32_t size;          /* ACCESS: bytes; FETCH: len; REG: bytes */
    uint32_t ninsns;        /* FETCH */
    uint32_t group;         /* REG: register group index (header) */
    uint32_t offset;        /* REG: offset in the group's window */
    uint64_t value;         /* TLBI value, CMAINT op, MPUCLK/L3CLK Hz, MARK
                             * value, REG
                             * write's value (format 3) */
    uint64_t a[5];          /* CPUSTATE: the registers; WALK: desc_pa[0],
                             * desc_pa[1], ndesc | page_shift << 8 |
                             * global << 16 | cacheable << 17, on_chip;
                             * SKIP: loads, stores, fetch pages, lines;
                             * PRCM: type, pwrdm/clkdm, from/active, to,
                             * wake-up cost ns; IDLE: above */
    const void *blob;       /* SDRC_CFG: the configuration's image;
                             * STATE: a chunk of the state image */
    uint32_t blob_len;
} n9trace_event;

/* ---- Reader ---------------------------------------------------------------- */

typedef struct n9trace n9trace;

/* Open @path; NULL with a one-line reason in @err on failure. */
n9trace *n9trace_open(const char *path, char *err, size_t errlen);
/* A header value (the text after "key="), or NULL. */
const char *n9trace_header_get(const n9trace *t, const char *key);
/* The header's i-th line as key and value; 0 past the end. */
int n9trace_header_at(const n9trace *t, unsigned i, const char **key,
                      const char **value);
/* The file's format version. */
unsigned n9trace_version(const n9trace *t);
/*
 * The next event: 1, 0 at the end, -1 on error (n9trace_error).  Only the
 * fields of its type are set (above); the others keep what they held.
 */
int n9trace_next(n9trace *t, n9trace_event *ev);
/* Events read so far (the index of the next one). */
uint64_t n9trace_index(const n9trace *t);
/* Why the last call failed, one line. */
const char *n9trace_error(const n9trace *t);
void n9trace_close(n9trace *t);

/* ---- Writer ---------------------------------------------------------------- */

typedef struct n9trace_writer n9trace_writer;

/* Create @path with @header ("key=value\n" lines); NULL with @err. */
n9trace_writer *n9trace_create(const char *path, const char *header,
                               char *err, size_t errlen);
/* Append one event (buffered; compressed a block at a time). */
void n9trace_put(n9trace_writer *w, const n9trace_event *ev);
/*
 * The models' state where a trace starts later than the machine
 * (record-from=, docs/trace-format.md "Windows"): @img as STATE events of
 * up to N9TRACE_STATE_CHUNK bytes each, the last flagged N9T_F_LAST.  The
 * image is a list of sections, each a u8 name length, the name, a u32
 * (little-endian) length and that many bytes: a model's own state image
 * (models/image/n9img.h) or the machine's counters.  n9trace_state_section
 * finds one.
 */
#define N9TRACE_STATE_CHUNK 1024
void n9trace_put_state(n9trace_writer *w, uint64_t time_ns, const void *img,
                       size_t len);
/* Section @name of a state image: its bytes and length, or NULL. */
const void *n9trace_state_section(const void *img, size_t len,
                                  const char *name, size_t *sec_len);
/* Events and file bytes written so far. */
uint64_t n9trace_written_events(const n9trace_writer *w);
uint64_t n9trace_written_bytes(const n9trace_writer *w);
/*
 * Where full blocks go.  By default each is compressed and written at
 * once, on the caller's thread.  A caller with threads may take them
 * instead: @fn gets each block's @len raw bytes (to copy: the buffer is
 * the writer's again after the call) and must have n9trace_write_block
 * called on them, in order, from one thread at a time; a call with @raw
 * NULL (from n9trace_finish) must return when every block is written.
 */
typedef void n9trace_block_fn(void *ctx, const unsigned char *raw,
                              size_t len);
void n9trace_set_block_sink(n9trace_writer *w, n9trace_block_fn *fn,
                            void *ctx);
/* Compress and write one raw block: 0, or -1 (the trace failed). */
int n9trace_write_block(n9trace_writer *w, const unsigned char *raw,
                        size_t len);
/* Flush, end mark, close: 0, or -1 (a write failed; @err says why). */
int n9trace_finish(n9trace_writer *w, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif /* MODELS_TRACE_N9TRACE_H */
