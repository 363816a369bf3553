/*
 * Timing-event traces (see n9trace.h; the format: docs/trace-format.md).
 *
 * The file: a magic line, the format version, a text header, then blocks
 * of events, each compressed on its own with zlib (so a reader needs
 * little memory and a writer compresses a block at a time), and an end
 * mark with the number of events (a file cut short or a block lost is
 * an error, not a shorter run).  Each event is a type byte (with up to 3
 * flag bits) and LEB128 varints; times and addresses are deltas from the
 * previous event's (zig-zag signed), and each kind of field goes to its
 * own stream in the block, so zlib sees like next to like.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "n9trace.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#if defined(__GNUC__)
#define N9T_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define N9T_PRINTF(f, a)
#endif

#define BLOCK_RAW       (1u << 20)      /* raw bytes per block (at most) */
#define EVENT_MAX       4096            /* an encoded event, at most */
#define BLOB_MAX        1024            /* an SDRC configuration image, a
                                         * chunk of a state image */

/* The delta state both sides keep (reset at the file's start). */
typedef struct codec {
    uint64_t time, va[2], off, fpa, foff;  /* va: loads (and PLDs), stores */
} codec;

static void N9T_PRINTF(3, 4) fmt_err(char *err, size_t len, const char *fmt,
                                     ...)
{
    va_list ap;

    if (!err || !len) {
        return;
    }
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
}

static void put_u32le(unsigned char *p, uint32_t v)
{
    p[0] = v; p[1] = v >> 8; p[2] = v >> 16; p[3] = v >> 24;
}

static uint32_t get_u32le(const unsigned char *p)
{
    return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

/* ---- Encoding ------------------------------------------------------------- *
 *
 * A block's events are split into streams of like fields (the type bytes,
 * the time deltas, the address deltas, the page offsets, the charges, the
 * rest), each stream's bytes together, so that zlib sees repetitive data.
 */
enum { S_TYPE, S_TIME, S_ADDR, S_OFF, S_CHARGE, S_MISC, S_NUM };

typedef struct stream {
    unsigned char *p;           /* write: the next byte; read: the next */
    unsigned char *end;         /* read: the end */
} stream;

static void put_var(stream *st, uint64_t v)
{
    unsigned char *p = st->p;

    while (v >= 0x80) {
        *p++ = (unsigned char)(v | 0x80);
        v >>= 7;
    }
    *p++ = (unsigned char)v;
    st->p = p;
}

static void put_zz(stream *st, uint64_t now, uint64_t *last)
{
    int64_t d = (int64_t)(now - *last);

    *last = now;
    put_var(st, ((uint64_t)d << 1) ^ (uint64_t)(d >> 63));
}

/* @ev into the streams (each with at least EVENT_MAX bytes free) */
static void encode(codec *c, const n9trace_event *ev, stream *st)
{
    /* N9T_F_VALUE is the reader's, not the file's */
    *st[S_TYPE].p++ = (unsigned char)(ev->type |
                                      (ev->flags & (ev->type == N9T_REG ?
                                                    N9T_F_WRITE : 7)) << 5);
    put_zz(&st[S_TIME], ev->time_ns, &c->time);
    switch (ev->type) {
    case N9T_ACCESS:
        put_var(&st[S_MISC], ev->size);
        /* fall through */
    case N9T_PLD:
    case N9T_CMAINT:
        if (ev->type == N9T_CMAINT) {
            put_var(&st[S_MISC], ev->value);
        }
        put_zz(&st[S_ADDR], ev->va,
               &c->va[ev->type == N9T_ACCESS && (ev->flags & N9T_F_STORE)]);
        put_zz(&st[S_OFF], ev->pa - ev->va, &c->off);
        put_var(&st[S_CHARGE], ev->charge_ns);
        break;
    case N9T_FETCH:
        put_var(&st[S_MISC], ev->size);
        put_var(&st[S_MISC], ev->ninsns);
        put_zz(&st[S_ADDR], ev->pa, &c->fpa);
        put_zz(&st[S_OFF], ev->va - ev->pa, &c->foff);
        put_var(&st[S_CHARGE], ev->charge_ns);
        break;
    case N9T_WALK:
    case N9T_SKIP:
        for (int i = 0; i < 4; i++) {
            put_var(&st[S_MISC], ev->a[i]);
        }
        break;
    case N9T_IDLE:
        put_var(&st[S_MISC], ev->value);
        /* fall through */
    case N9T_CPUSTATE:
    case N9T_PRCM:
        for (int i = 0; i < 5; i++) {
            put_var(&st[S_MISC], ev->a[i]);
        }
        break;
    case N9T_TLBI:
    case N9T_MPUCLK:
    case N9T_L3CLK:
    case N9T_UNWIND:
    case N9T_GIVEBACK:
    case N9T_MARK:
        put_var(&st[S_MISC], ev->value);
        break;
    case N9T_REG:
        put_var(&st[S_MISC], ev->group);
        put_var(&st[S_MISC], ev->offset);
        put_var(&st[S_MISC], ev->size);
        put_var(&st[S_CHARGE], ev->charge_ns);
        if (ev->flags & N9T_F_WRITE) {
            put_var(&st[S_MISC], ev->value);        /* format 3 */
        }
        break;
    case N9T_SDRC_CFG:
    case N9T_STATE: {
        uint32_t n = ev->blob_len > BLOB_MAX ? BLOB_MAX : ev->blob_len;

        put_var(&st[S_MISC], n);
        memcpy(st[S_MISC].p, ev->blob, n);
        st[S_MISC].p += n;
        break;
    }
    default:            /* MPUOFF, MEMRESET, AGENTRESET, SDRC_IDLE, END */
        break;
    }
}

/* ---- Writer --------------------------------------------------------------- */

struct n9trace_writer {
    FILE *f;
    codec c;
    unsigned char *buf[S_NUM];  /* each stream's bytes of this block */
    stream st[S_NUM];
    unsigned char *raw, *z;
    uLong zcap;
    uint64_t events, bytes;
    int failed;
    char why[160];
    n9trace_block_fn *sink;     /* where full blocks go, or NULL */
    void *sink_ctx;
};

static size_t writer_used(const n9trace_writer *w)
{
    size_t n = 0;

    for (int i = 0; i < S_NUM; i++) {
        n += w->st[i].p - w->buf[i];
    }
    return n;
}

static void writer_free(n9trace_writer *w)
{
    for (int i = 0; i < S_NUM; i++) {
        free(w->buf[i]);
    }
    free(w->raw);
    free(w->z);
    free(w);
}

n9trace_writer *n9trace_create(const char *path, const char *header,
                               char *err, size_t errlen)
{
    n9trace_writer *w = calloc(1, sizeof(*w));
    unsigned char head[16];
    size_t hlen = strlen(header);
    int ok = 1;

    if (!w) {
        fmt_err(err, errlen, "out of memory");
        return NULL;
    }
    w->zcap = compressBound(BLOCK_RAW + S_NUM * (4 + EVENT_MAX));
    w->raw = malloc(BLOCK_RAW + S_NUM * (4 + EVENT_MAX));
    w->z = malloc(w->zcap);
    for (int i = 0; i < S_NUM; i++) {
        w->buf[i] = malloc(BLOCK_RAW + EVENT_MAX);
        w->st[i].p = w->buf[i];
        ok &= w->buf[i] != NULL;
    }
    if (!w->raw || !w->z || !ok) {
        fmt_err(err, errlen, "out of memory");
        writer_free(w);
        return NULL;
    }
    w->f = fopen(path, "wb");
    if (!w->f) {
        fmt_err(err, errlen, "cannot create %s: %s", path, strerror(errno));
        writer_free(w);
        return NULL;
    }
    memcpy(head, N9TRACE_MAGIC, 8);
    put_u32le(head + 8, N9TRACE_VERSION);
    put_u32le(head + 12, (uint32_t)hlen);
    if (fwrite(head, 1, 16, w->f) != 16 ||
        fwrite(header, 1, hlen, w->f) != hlen) {
        w->failed = 1;
        snprintf(w->why, sizeof(w->why), "%s", strerror(errno));
    }
    w->bytes = 16 + hlen;
    return w;
}

int n9trace_write_block(n9trace_writer *w, const unsigned char *raw,
                        size_t len)
{
    unsigned char head[8];
    uLongf zlen = w->zcap;

    if (w->failed) {
        return -1;
    }
    if (compress2(w->z, &zlen, raw, len, 6) != Z_OK) {
        w->failed = 1;
        snprintf(w->why, sizeof(w->why), "zlib could not compress a block");
        return -1;
    }
    put_u32le(head, (uint32_t)zlen);
    put_u32le(head + 4, (uint32_t)len);
    if (fwrite(head, 1, 8, w->f) != 8 || fwrite(w->z, 1, zlen, w->f) != zlen) {
        w->failed = 1;
        snprintf(w->why, sizeof(w->why), "%s", strerror(errno));
        return -1;
    }
    w->bytes += 8 + zlen;
    return 0;
}

void n9trace_set_block_sink(n9trace_writer *w, n9trace_block_fn *fn,
                            void *ctx)
{
    w->sink = fn;
    w->sink_ctx = ctx;
}

static void flush_block(n9trace_writer *w)
{
    unsigned char *p = w->raw;
    size_t used = writer_used(w);

    if (!used || w->failed) {
        goto done;
    }
    /* the streams' lengths, then the streams */
    for (int i = 0; i < S_NUM; i++) {
        put_u32le(p, (uint32_t)(w->st[i].p - w->buf[i]));
        p += 4;
    }
    for (int i = 0; i < S_NUM; i++) {
        memcpy(p, w->buf[i], w->st[i].p - w->buf[i]);
        p += w->st[i].p - w->buf[i];
    }
    if (w->sink) {
        w->sink(w->sink_ctx, w->raw, p - w->raw);
    } else {
        n9trace_write_block(w, w->raw, p - w->raw);
    }
done:
    for (int i = 0; i < S_NUM; i++) {
        w->st[i].p = w->buf[i];
    }
}

void n9trace_put(n9trace_writer *w, const n9trace_event *ev)
{
    encode(&w->c, ev, w->st);
    w->events++;
    /* the misc stream holds up to a blob per event: flush before it could
     * run out, the rest by the block's size */
    if (writer_used(w) >= BLOCK_RAW ||
        w->st[S_MISC].p - w->buf[S_MISC] >= BLOCK_RAW) {
        flush_block(w);
    }
}

void n9trace_put_state(n9trace_writer *w, uint64_t time_ns, const void *img,
                       size_t len)
{
    const unsigned char *p = img;
    n9trace_event ev = { .type = N9T_STATE, .time_ns = time_ns };

    do {
        size_t n = len > N9TRACE_STATE_CHUNK ? N9TRACE_STATE_CHUNK : len;

        ev.blob = p;
        ev.blob_len = (uint32_t)n;
        ev.flags = n == len ? N9T_F_LAST : 0;
        n9trace_put(w, &ev);
        p += n;
        len -= n;
    } while (len);
}

const void *n9trace_state_section(const void *img, size_t len,
                                  const char *name, size_t *sec_len)
{
    const unsigned char *p = img, *end = p + len;
    size_t nl = strlen(name);

    while (end - p >= 1 && (size_t)(end - p) >= 1u + p[0] + 4) {
        size_t l = p[0];
        uint32_t n = get_u32le(p + 1 + l);
        const unsigned char *body = p + 1 + l + 4;

        if ((size_t)(end - body) < n) {
            return NULL;
        }
        if (l == nl && !memcmp(p + 1, name, nl)) {
            *sec_len = n;
            return body;
        }
        p = body + n;
    }
    return NULL;
}

uint64_t n9trace_written_events(const n9trace_writer *w)
{
    return w->events;
}

uint64_t n9trace_written_bytes(const n9trace_writer *w)
{
    return w->bytes + writer_used(w);
}

int n9trace_finish(n9trace_writer *w, char *err, size_t errlen)
{
    unsigned char end[16];
    int r;

    flush_block(w);
    if (w->sink) {
        w->sink(w->sink_ctx, NULL, 0);      /* every block written */
    }
    put_u32le(end, 0);
    put_u32le(end + 4, 0);
    put_u32le(end + 8, (uint32_t)w->events);
    put_u32le(end + 12, (uint32_t)(w->events >> 32));
    if (!w->failed && fwrite(end, 1, 16, w->f) != 16) {
        w->failed = 1;
        snprintf(w->why, sizeof(w->why), "%s", strerror(errno));
    }
    w->bytes += 16;
    if (fclose(w->f) != 0 && !w->failed) {
        w->failed = 1;
        snprintf(w->why, sizeof(w->why), "%s", strerror(errno));
    }
    r = w->failed ? -1 : 0;
    if (r) {
        fmt_err(err, errlen, "%s", w->why);
    }
    writer_free(w);
    return r;
}

/* ---- Reader --------------------------------------------------------------- */

struct n9trace {
    FILE *f;
    unsigned version;
    char *header;           /* "key\0value\0" pairs */
    unsigned nlines;
    const char **keys, **vals;
    codec c;
    unsigned char *raw, *z;
    size_t zcap;
    stream st[S_NUM];       /* the current block's streams */
    uint64_t offset;        /* file offset of the next block */
    uint64_t index;
    int done;
    unsigned char blob[BLOB_MAX];
    char err[200];
};

static int N9T_PRINTF(2, 3) reader_fail(n9trace *t, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(t->err, sizeof(t->err), fmt, ap);
    va_end(ap);
    return -1;
}

void n9trace_close(n9trace *t)
{
    if (!t) {
        return;
    }
    if (t->f) {
        fclose(t->f);
    }
    free(t->header);
    free(t->keys);
    free(t->vals);
    free(t->raw);
    free(t->z);
    free(t);
}

n9trace *n9trace_open(const char *path, char *err, size_t errlen)
{
    n9trace *t = calloc(1, sizeof(*t));
    unsigned char head[16];
    uint32_t hlen;
    char *p, *end;

    if (!t) {
        fmt_err(err, errlen, "out of memory");
        return NULL;
    }
    t->f = fopen(path, "rb");
    if (!t->f) {
        fmt_err(err, errlen, "cannot open %s: %s", path, strerror(errno));
        n9trace_close(t);
        return NULL;
    }
    if (fread(head, 1, 16, t->f) != 16 || memcmp(head, N9TRACE_MAGIC, 8)) {
        fmt_err(err, errlen, "%s is not an n9 trace (no N9TRACE magic)", path);
        n9trace_close(t);
        return NULL;
    }
    t->version = get_u32le(head + 8);
    if (t->version < 1 || t->version > N9TRACE_VERSION) {
        fmt_err(err, errlen, "%s: trace format version %u, this reader "
                "reads version %u", path, t->version, N9TRACE_VERSION);
        n9trace_close(t);
        return NULL;
    }
    hlen = get_u32le(head + 12);
    t->header = malloc((size_t)hlen + 1);
    if (hlen > (64u << 20) || !t->header ||
        fread(t->header, 1, hlen, t->f) != hlen) {
        fmt_err(err, errlen, "%s: truncated in its header", path);
        n9trace_close(t);
        return NULL;
    }
    t->header[hlen] = 0;
    /* split into lines "key=value" */
    for (p = t->header; *p; p++) {
        t->nlines += *p == '\n';
    }
    t->keys = calloc(t->nlines + 1, sizeof(char *));
    t->vals = calloc(t->nlines + 1, sizeof(char *));
    t->nlines = 0;
    for (p = t->header; *p; p = end + 1) {
        char *eq;

        end = strchr(p, '\n');
        if (!end) {
            break;
        }
        *end = 0;
        eq = strchr(p, '=');
        if (eq) {
            *eq = 0;
            t->keys[t->nlines] = p;
            t->vals[t->nlines++] = eq + 1;
        }
    }
    t->zcap = compressBound(BLOCK_RAW + S_NUM * (4 + EVENT_MAX));
    t->raw = malloc(BLOCK_RAW + S_NUM * (4 + EVENT_MAX));
    t->z = malloc(t->zcap);
    t->offset = 16 + hlen;
    return t;
}

const char *n9trace_header_get(const n9trace *t, const char *key)
{
    for (unsigned i = 0; i < t->nlines; i++) {
        if (!strcmp(t->keys[i], key)) {
            return t->vals[i];
        }
    }
    return NULL;
}

int n9trace_header_at(const n9trace *t, unsigned i, const char **key,
                      const char **value)
{
    if (i >= t->nlines) {
        return 0;
    }
    *key = t->keys[i];
    *value = t->vals[i];
    return 1;
}

unsigned n9trace_version(const n9trace *t)
{
    return t->version;
}

uint64_t n9trace_index(const n9trace *t)
{
    return t->index;
}

const char *n9trace_error(const n9trace *t)
{
    return t->err;
}

/* the next block into raw: 1, 0 at the end mark, -1 */
static int read_block(n9trace *t)
{
    unsigned char head[8];
    uint32_t zlen, rlen;
    uLongf out;
    int r;

    if (fread(head, 1, 8, t->f) != 8) {
        return reader_fail(t, "truncated at byte %llu after event %llu "
                           "(no end mark: the run did not finish writing "
                           "it)", (unsigned long long)t->offset,
                           (unsigned long long)t->index);
    }
    zlen = get_u32le(head);
    rlen = get_u32le(head + 4);
    if (zlen == 0 && rlen == 0) {
        uint64_t n;

        if (fread(head, 1, 8, t->f) != 8) {
            return reader_fail(t, "truncated in its end mark");
        }
        n = get_u32le(head) | (uint64_t)get_u32le(head + 4) << 32;
        if (n != t->index) {
            return reader_fail(t, "corrupt: the end mark counts %llu events, "
                               "the blocks hold %llu",
                               (unsigned long long)n,
                               (unsigned long long)t->index);
        }
        return 0;
    }
    if (rlen > BLOCK_RAW + S_NUM * (4 + EVENT_MAX) || zlen > t->zcap ||
        rlen < 4 * S_NUM) {
        return reader_fail(t, "corrupt block header at byte %llu",
                           (unsigned long long)t->offset);
    }
    if (fread(t->z, 1, zlen, t->f) != zlen) {
        return reader_fail(t, "truncated in the block at byte %llu "
                           "(after event %llu)",
                           (unsigned long long)t->offset,
                           (unsigned long long)t->index);
    }
    out = rlen;
    r = uncompress(t->raw, &out, t->z, zlen);
    if (r != Z_OK || out != rlen) {
        return reader_fail(t, "corrupt block at byte %llu (zlib: %s)",
                           (unsigned long long)t->offset,
                           r == Z_OK ? "wrong length" : zError(r));
    }
    {
        unsigned char *p = t->raw + 4 * S_NUM;
        uint64_t sum = 4 * S_NUM;

        for (int i = 0; i < S_NUM; i++) {
            uint32_t n = get_u32le(t->raw + 4 * i);

            sum += n;
            if (sum > rlen) {
                break;
            }
            t->st[i].p = p;
            t->st[i].end = p + n;
            p += n;
        }
        if (sum != rlen) {
            return reader_fail(t, "corrupt block at byte %llu (its streams "
                               "do not add up)",
                               (unsigned long long)t->offset);
        }
    }
    t->offset += 8 + zlen;
    return 1;
}

static int get_var_slow(stream *st, uint64_t *v)
{
    uint64_t x = 0;

    for (unsigned shift = 0; shift < 64; shift += 7) {
        unsigned char b;

        if (st->p >= st->end) {
            return 0;
        }
        b = *st->p++;
        x |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80)) {
            *v = x;
            return 1;
        }
    }
    return 0;
}

/* most fields are one byte: that case inline */
static inline int get_var(stream *st, uint64_t *v)
{
    if (st->p < st->end && !(*st->p & 0x80)) {
        *v = *st->p++;
        return 1;
    }
    return get_var_slow(st, v);
}

static inline int get_zz(stream *st, uint64_t *last)
{
    uint64_t v;

    if (!get_var(st, &v)) {
        return 0;
    }
    *last += (v >> 1) ^ (0 - (v & 1));
    return 1;
}

/* the block's end: every stream read to its end */
static int block_done(n9trace *t)
{
    for (int i = 1; i < S_NUM; i++) {
        if (t->st[i].p != t->st[i].end) {
            return reader_fail(t, "corrupt: the block before byte %llu has "
                               "bytes no event reads",
                               (unsigned long long)t->offset);
        }
    }
    return 0;
}

#define NEED(x)     do { if (!(x)) { goto bad; } } while (0)

int n9trace_next(n9trace *t, n9trace_event *ev)
{
    stream *st = t->st;
    uint64_t v;
    unsigned char b;

    if (t->done) {
        return t->done > 0 ? 0 : -1;
    }
    while (st[S_TYPE].p >= st[S_TYPE].end) {
        int r = block_done(t);

        if (r == 0) {
            r = read_block(t);
        }
        if (r <= 0) {
            t->done = r < 0 ? -1 : 1;
            return r;
        }
    }
    /* the fields every event has; the others only where its type has
     * them (a8cache_walk-sized clears per event cost replay speed) */
    ev->charge_ns = 0;
    ev->blob = NULL;
    ev->blob_len = 0;
    b = *st[S_TYPE].p++;
    ev->type = b & 31;
    ev->flags = b >> 5;
    if (ev->type == N9T_NONE || ev->type >= N9T_NUM_TYPES) {
        t->done = -1;
        return reader_fail(t, "corrupt: event %llu has unknown type %u",
                           (unsigned long long)t->index, ev->type);
    }
    NEED(get_zz(&st[S_TIME], &t->c.time));
    ev->time_ns = t->c.time;
    switch (ev->type) {
    case N9T_ACCESS:
        NEED(get_var(&st[S_MISC], &v));
        ev->size = (uint32_t)v;
        /* fall through */
    case N9T_PLD:
    case N9T_CMAINT:
    {
        if (ev->type == N9T_CMAINT) {
            NEED(get_var(&st[S_MISC], &ev->value));
        }
        uint64_t *va = &t->c.va[ev->type == N9T_ACCESS &&
                                (ev->flags & N9T_F_STORE)];

        NEED(get_zz(&st[S_ADDR], va));
        NEED(get_zz(&st[S_OFF], &t->c.off));
        ev->va = *va;
        ev->pa = *va + t->c.off;
    }
        NEED(get_var(&st[S_CHARGE], &v));
        ev->charge_ns = (uint32_t)v;
        break;
    case N9T_FETCH:
        NEED(get_var(&st[S_MISC], &v));
        ev->size = (uint32_t)v;
        NEED(get_var(&st[S_MISC], &v));
        ev->ninsns = (uint32_t)v;
        NEED(get_zz(&st[S_ADDR], &t->c.fpa));
        NEED(get_zz(&st[S_OFF], &t->c.foff));
        ev->pa = t->c.fpa;
        ev->va = t->c.fpa + t->c.foff;
        NEED(get_var(&st[S_CHARGE], &v));
        ev->charge_ns = (uint32_t)v;
        break;
    case N9T_WALK:
    case N9T_SKIP:
        for (int i = 0; i < 4; i++) {
            NEED(get_var(&st[S_MISC], &ev->a[i]));
        }
        break;
    case N9T_IDLE:
        NEED(get_var(&st[S_MISC], &ev->value));
        /* fall through */
    case N9T_CPUSTATE:
    case N9T_PRCM:
        for (int i = 0; i < 5; i++) {
            NEED(get_var(&st[S_MISC], &ev->a[i]));
        }
        break;
    case N9T_TLBI:
    case N9T_MPUCLK:
    case N9T_L3CLK:
    case N9T_UNWIND:
    case N9T_GIVEBACK:
    case N9T_MARK:
        NEED(get_var(&st[S_MISC], &ev->value));
        break;
    case N9T_REG:
        NEED(get_var(&st[S_MISC], &v));
        ev->group = (uint32_t)v;
        NEED(get_var(&st[S_MISC], &v));
        ev->offset = (uint32_t)v;
        NEED(get_var(&st[S_MISC], &v));
        ev->size = (uint32_t)v;
        NEED(get_var(&st[S_CHARGE], &v));
        ev->charge_ns = (uint32_t)v;
        ev->flags &= ~N9T_F_VALUE;
        ev->value = 0;
        if ((ev->flags & N9T_F_WRITE) && t->version >= 3) {
            NEED(get_var(&st[S_MISC], &ev->value));
            ev->flags |= N9T_F_VALUE;
        }
        break;
    case N9T_SDRC_CFG:
    case N9T_STATE:
        NEED(get_var(&st[S_MISC], &v));
        NEED(v <= BLOB_MAX && v <= (uint64_t)(st[S_MISC].end - st[S_MISC].p));
        memcpy(t->blob, st[S_MISC].p, v);
        st[S_MISC].p += v;
        ev->blob = t->blob;
        ev->blob_len = (uint32_t)v;
        break;
    default:
        break;
    }
    t->index++;
    return 1;
bad:
    t->done = -1;
    return reader_fail(t, "corrupt: event %llu (type %d) runs past the end "
                       "of its block", (unsigned long long)t->index,
                       ev->type);
}
