/*
 * -M rm696,record=FILE (see n9_record.h).  The machine opens the trace
 * at start-up with its header (rm696.c), the memory path writes its own
 * events (n9_memory.c), the agents, the SDRC, the mark port and the PRCM
 * theirs through n9_record_put.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/error-report.h"
#include "qemu/timer.h"
#include "qemu/thread.h"
#include "n9_record.h"

n9trace_writer *n9_record_writer;
/* record-from=: the trace waiting for its window, and what it counts */
static n9trace_writer *n9_record_pending;
static uint64_t n9_record_prcm[3];      /* WFIs, wake-ups, their ns */
static void (*n9_record_sync)(void *opaque);
static void *n9_record_sync_opaque;

/*
 * Compression off the vCPU's thread: the writer hands each full block
 * (1 MB of events) here; a thread of ours compresses and writes them in
 * order.  At most N9_RECORD_QUEUE blocks wait (the vCPU waits beyond).
 */
#define N9_RECORD_QUEUE 4

static struct {
    QemuThread thread;
    QemuMutex lock;
    QemuCond cond;
    GQueue blocks;              /* of GByteArray, oldest first */
    n9trace_writer *w;
    bool busy;                  /* the thread is writing one */
    bool stop;
} n9_rec_q;

static void *n9_record_thread(void *opaque)
{
    qemu_mutex_lock(&n9_rec_q.lock);
    for (;;) {
        GByteArray *b;

        while (g_queue_is_empty(&n9_rec_q.blocks) && !n9_rec_q.stop) {
            qemu_cond_wait(&n9_rec_q.cond, &n9_rec_q.lock);
        }
        if (g_queue_is_empty(&n9_rec_q.blocks)) {
            break;
        }
        b = g_queue_pop_head(&n9_rec_q.blocks);
        n9_rec_q.busy = true;
        qemu_mutex_unlock(&n9_rec_q.lock);
        n9trace_write_block(n9_rec_q.w, b->data, b->len);
        g_byte_array_free(b, true);
        qemu_mutex_lock(&n9_rec_q.lock);
        n9_rec_q.busy = false;
        qemu_cond_broadcast(&n9_rec_q.cond);
    }
    qemu_mutex_unlock(&n9_rec_q.lock);
    return NULL;
}

static void n9_record_block(void *ctx, const unsigned char *raw, size_t len)
{
    qemu_mutex_lock(&n9_rec_q.lock);
    if (!raw) {
        /* the end: every block written */
        while (!g_queue_is_empty(&n9_rec_q.blocks) || n9_rec_q.busy) {
            qemu_cond_wait(&n9_rec_q.cond, &n9_rec_q.lock);
        }
    } else {
        while (g_queue_get_length(&n9_rec_q.blocks) >= N9_RECORD_QUEUE) {
            qemu_cond_wait(&n9_rec_q.cond, &n9_rec_q.lock);
        }
        g_queue_push_tail(&n9_rec_q.blocks,
                          g_byte_array_append(g_byte_array_sized_new(len),
                                              raw, len));
        qemu_cond_broadcast(&n9_rec_q.cond);
    }
    qemu_mutex_unlock(&n9_rec_q.lock);
}

bool n9_record_open(const char *file, const char *header, bool deferred,
                    Error **errp)
{
    char err[256];
    n9trace_writer *w = n9trace_create(file, header, err, sizeof(err));

    if (!w) {
        error_setg(errp, "record=%s: %s", file, err);
        return false;
    }
    if (deferred) {
        n9_record_pending = w;
    } else {
        n9_record_writer = w;
    }
    n9_rec_q.w = w;
    qemu_mutex_init(&n9_rec_q.lock);
    qemu_cond_init(&n9_rec_q.cond);
    g_queue_init(&n9_rec_q.blocks);
    qemu_thread_create(&n9_rec_q.thread, "n9-record", n9_record_thread,
                       NULL, QEMU_THREAD_JOINABLE);
    n9trace_set_block_sink(w, n9_record_block, NULL);
    return true;
}

n9trace_writer *n9_record_begin(void)
{
    n9_record_writer = n9_record_pending;
    n9_record_pending = NULL;
    return n9_record_writer;
}

bool n9_record_waiting(void)
{
    return n9_record_pending != NULL;
}

void n9_record_prcm_counts(uint64_t out[3])
{
    memcpy(out, n9_record_prcm, sizeof(n9_record_prcm));
}

void n9_record_state_section(GByteArray *out, const char *name, size_t len,
                             size_t (*fill)(const void *m, void *buf,
                                            size_t len),
                             const void *m)
{
    size_t nl = strlen(name);
    guint at;
    uint8_t b = nl;

    assert(nl < 256 && len <= UINT32_MAX);
    g_byte_array_append(out, &b, 1);
    g_byte_array_append(out, (const guint8 *)name, nl);
    for (int i = 0; i < 4; i++) {
        b = (uint8_t)(len >> (8 * i));
        g_byte_array_append(out, &b, 1);
    }
    at = out->len;
    g_byte_array_set_size(out, at + len);
    if (fill(m, out->data + at, len) != len) {
        error_report("rm696: record: the %s state image is not %zu bytes",
                     name, len);
        abort();
    }
}

void n9_record_set_sync(void (*fn)(void *opaque), void *opaque)
{
    n9_record_sync = fn;
    n9_record_sync_opaque = opaque;
}

void n9_record_put(n9trace_event *ev)
{
    if (!n9_record_writer) {
        if (n9_record_pending && ev->type == N9T_PRCM) {
            /* OMAP3PRCMEventType: 0 the MPU's WFI, 1 a wake-up */
            n9_record_prcm[0] += ev->a[0] == 0;
            n9_record_prcm[1] += ev->a[0] == 1;
            n9_record_prcm[2] += ev->a[0] == 1 ? ev->a[4] : 0;
        }
        return;
    }
    if (n9_record_sync && (ev->type == N9T_MARK || ev->type == N9T_END)) {
        n9_record_sync(n9_record_sync_opaque);
    }
    n9trace_put(n9_record_writer, ev);
}

void n9_record_sdrc_config(const SdrcConfig *c, uint64_t now, bool configure)
{
    n9trace_event ev = {
        .type = N9T_SDRC_CFG, .time_ns = now,
        .flags = configure ? N9T_F_CONFIGURE : 0,
        .blob = c, .blob_len = sizeof(*c),
    };

    n9_record_put(&ev);
}

bool n9_record_finish(uint64_t now)
{
    n9trace_event ev = { .type = N9T_END, .time_ns = now };
    char err[256];
    n9trace_writer *w;
    int r;

    if (n9_record_pending) {
        /* the window never came: the file says so by having no events */
        warn_report("rm696: record-from: the run ended before the trace's "
                    "window began: the trace holds no events");
        n9_record_begin();
    }
    w = n9_record_writer;
    if (!w) {
        return true;
    }
    n9_record_put(&ev);
    n9_record_sync = NULL;
    /* the last blocks through the thread (the writer waits for them),
     * the end mark; then the thread ends */
    r = n9trace_finish(w, err, sizeof(err));
    n9_record_writer = NULL;
    qemu_mutex_lock(&n9_rec_q.lock);
    n9_rec_q.stop = true;
    qemu_cond_broadcast(&n9_rec_q.cond);
    qemu_mutex_unlock(&n9_rec_q.lock);
    qemu_thread_join(&n9_rec_q.thread);
    if (r < 0) {
        error_report("rm696: record: the trace could not be written: %s",
                     err);
        return false;
    }
    return true;
}
