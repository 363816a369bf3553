/*
 * Timing-event traces (see n9trace.h; the format: docs/trace-format.md).
 *
 * The file: a magic line, the format version, a text header, then blocks
 * of events, each compressed on its own with zlib (so a reader needs
 * little memory and a writer compresses a block at a time), and an end
 * mark with the number of events (a file cut short or a block lost is
 * an error, not a shorter run).  Inside a block each event is a type
 * byte (with up to 3 flag bits) and LEB128 varints; times and addresses
 * are deltas from the previous event's (zig-zag signed), so a run of
 * accesses in one page costs a few bytes each before compression.
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

#define BLOCK_RAW       (1u << 20)      /* raw bytes per block (at most) */
#define EVENT_MAX       4096            /* an encoded event, at most */
#define BLOB_MAX        1024            /* an SDRC configuration image */

/* The delta state both sides keep (reset at the file's start). */
typedef struct codec {
    uint64_t time, va, off, fpa, foff;
} codec;

static void fmt_err(char *err, size_t len, const char *fmt, ...)
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

/* ---- Encoding ------------------------------------------------------------- */

static unsigned char *put_var(unsigned char *p, uint64_t v)
{
    while (v >= 0x80) {
        *p++ = (unsigned char)(v | 0x80);
        v >>= 7;
    }
    *p++ = (unsigned char)v;
    return p;
}

static unsigned char *put_zz(unsigned char *p, uint64_t now, uint64_t *last)
{
    int64_t d = (int64_t)(now - *last);

    *last = now;
    return put_var(p, ((uint64_t)d << 1) ^ (uint64_t)(d >> 63));
}

/* @ev into @p (at least EVENT_MAX bytes); returns the end */
static unsigned char *encode(codec *c, const n9trace_event *ev,
                             unsigned char *p)
{
    *p++ = (unsigned char)(ev->type | (ev->flags & 7) << 5);
    p = put_zz(p, ev->time_ns, &c->time);
    switch (ev->type) {
    case N9T_ACCESS:
        p = put_var(p, ev->size);
        p = put_zz(p, ev->va, &c->va);
        p = put_zz(p, ev->pa - ev->va, &c->off);
        p = put_var(p, ev->charge_ns);
        break;
    case N9T_PLD:
        p = put_zz(p, ev->va, &c->va);
        p = put_zz(p, ev->pa - ev->va, &c->off);
        p = put_var(p, ev->charge_ns);
        break;
    case N9T_FETCH:
        p = put_var(p, ev->size);
        p = put_var(p, ev->ninsns);
        p = put_zz(p, ev->pa, &c->fpa);
        p = put_zz(p, ev->va - ev->pa, &c->foff);
        p = put_var(p, ev->charge_ns);
        break;
    case N9T_WALK:
        for (int i = 0; i < 4; i++) {
            p = put_var(p, ev->a[i]);
        }
        break;
    case N9T_CPUSTATE:
    case N9T_PRCM:
        for (int i = 0; i < 5; i++) {
            p = put_var(p, ev->a[i]);
        }
        break;
    case N9T_SKIP:
        for (int i = 0; i < 4; i++) {
            p = put_var(p, ev->a[i]);
        }
        break;
    case N9T_TLBI:
    case N9T_MPUCLK:
    case N9T_MARK:
        p = put_var(p, ev->value);
        break;
    case N9T_REG:
        p = put_var(p, ev->group);
        p = put_var(p, ev->offset);
        p = put_var(p, ev->size);
        p = put_var(p, ev->charge_ns);
        break;
    case N9T_SDRC_CFG: {
        uint32_t n = ev->blob_len > BLOB_MAX ? BLOB_MAX : ev->blob_len;

        p = put_var(p, n);
        memcpy(p, ev->blob, n);
        p += n;
        break;
    }
    default:            /* MPUOFF, MEMRESET, AGENTRESET, SDRC_IDLE, END */
        break;
    }
    return p;
}

/* ---- Writer --------------------------------------------------------------- */

struct n9trace_writer {
    FILE *f;
    codec c;
    unsigned char *raw, *z;
    size_t used;
    uLong zcap;
    uint64_t events, bytes;
    int failed;
    char why[160];
};

n9trace_writer *n9trace_create(const char *path, const char *header,
                               char *err, size_t errlen)
{
    n9trace_writer *w = calloc(1, sizeof(*w));
    unsigned char head[16];
    size_t hlen = strlen(header);

    if (!w) {
        fmt_err(err, errlen, "out of memory");
        return NULL;
    }
    w->zcap = compressBound(BLOCK_RAW + EVENT_MAX);
    w->raw = malloc(BLOCK_RAW + EVENT_MAX);
    w->z = malloc(w->zcap);
    w->f = fopen(path, "wb");
    if (!w->raw || !w->z || !w->f) {
        fmt_err(err, errlen, "cannot create %s: %s", path, strerror(errno));
        if (w->f) {
            fclose(w->f);
        }
        free(w->raw);
        free(w->z);
        free(w);
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

static void flush_block(n9trace_writer *w)
{
    unsigned char head[8];
    uLongf zlen = w->zcap;

    if (!w->used || w->failed) {
        w->used = 0;
        return;
    }
    /* level 1: the run waits for it; the deltas did most of the work */
    if (compress2(w->z, &zlen, w->raw, w->used, 1) != Z_OK) {
        w->failed = 1;
        snprintf(w->why, sizeof(w->why), "zlib could not compress a block");
        return;
    }
    put_u32le(head, (uint32_t)zlen);
    put_u32le(head + 4, (uint32_t)w->used);
    if (fwrite(head, 1, 8, w->f) != 8 || fwrite(w->z, 1, zlen, w->f) != zlen) {
        w->failed = 1;
        snprintf(w->why, sizeof(w->why), "%s", strerror(errno));
    }
    w->bytes += 8 + zlen;
    w->used = 0;
}

void n9trace_put(n9trace_writer *w, const n9trace_event *ev)
{
    w->used = encode(&w->c, ev, w->raw + w->used) - w->raw;
    w->events++;
    if (w->used >= BLOCK_RAW) {
        flush_block(w);
    }
}

uint64_t n9trace_written_events(const n9trace_writer *w)
{
    return w->events;
}

uint64_t n9trace_written_bytes(const n9trace_writer *w)
{
    return w->bytes + w->used;
}

int n9trace_finish(n9trace_writer *w, char *err, size_t errlen)
{
    unsigned char end[16];
    int r;

    flush_block(w);
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
    free(w->raw);
    free(w->z);
    free(w);
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
    size_t len, pos;        /* the current block */
    uint64_t offset;        /* file offset of the next block */
    uint64_t index;
    int done;
    unsigned char blob[BLOB_MAX];
    char err[200];
};

static int reader_fail(n9trace *t, const char *fmt, ...)
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
    if (t->version != N9TRACE_VERSION) {
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
    t->zcap = compressBound(BLOCK_RAW + EVENT_MAX);
    t->raw = malloc(BLOCK_RAW + EVENT_MAX);
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
    if (rlen > BLOCK_RAW + EVENT_MAX || zlen > t->zcap) {
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
    t->offset += 8 + zlen;
    t->len = rlen;
    t->pos = 0;
    return 1;
}

static int get_var(n9trace *t, uint64_t *v)
{
    uint64_t x = 0;

    for (unsigned shift = 0; shift < 64; shift += 7) {
        unsigned char b;

        if (t->pos >= t->len) {
            return 0;
        }
        b = t->raw[t->pos++];
        x |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80)) {
            *v = x;
            return 1;
        }
    }
    return 0;
}

static int get_zz(n9trace *t, uint64_t *last)
{
    uint64_t v;

    if (!get_var(t, &v)) {
        return 0;
    }
    *last += (v >> 1) ^ (0 - (v & 1));
    return 1;
}

#define NEED(x)     do { if (!(x)) { goto bad; } } while (0)

int n9trace_next(n9trace *t, n9trace_event *ev)
{
    uint64_t v;
    unsigned char b;

    if (t->done) {
        return t->done > 0 ? 0 : -1;
    }
    while (t->pos >= t->len) {
        int r = read_block(t);

        if (r <= 0) {
            t->done = r < 0 ? -1 : 1;
            return r;
        }
    }
    memset(ev, 0, sizeof(*ev));
    b = t->raw[t->pos++];
    ev->type = b & 31;
    ev->flags = b >> 5;
    if (ev->type == N9T_NONE || ev->type >= N9T_NUM_TYPES) {
        t->done = -1;
        return reader_fail(t, "corrupt: event %llu has unknown type %u",
                           (unsigned long long)t->index, ev->type);
    }
    NEED(get_zz(t, &t->c.time));
    ev->time_ns = t->c.time;
    switch (ev->type) {
    case N9T_ACCESS:
        NEED(get_var(t, &v));
        ev->size = (uint32_t)v;
        /* fall through */
    case N9T_PLD:
        NEED(get_zz(t, &t->c.va));
        NEED(get_zz(t, &t->c.off));
        ev->va = t->c.va;
        ev->pa = t->c.va + t->c.off;
        NEED(get_var(t, &v));
        ev->charge_ns = (uint32_t)v;
        break;
    case N9T_FETCH:
        NEED(get_var(t, &v));
        ev->size = (uint32_t)v;
        NEED(get_var(t, &v));
        ev->ninsns = (uint32_t)v;
        NEED(get_zz(t, &t->c.fpa));
        NEED(get_zz(t, &t->c.foff));
        ev->pa = t->c.fpa;
        ev->va = t->c.fpa + t->c.foff;
        NEED(get_var(t, &v));
        ev->charge_ns = (uint32_t)v;
        break;
    case N9T_WALK:
    case N9T_SKIP:
        for (int i = 0; i < 4; i++) {
            NEED(get_var(t, &ev->a[i]));
        }
        break;
    case N9T_CPUSTATE:
    case N9T_PRCM:
        for (int i = 0; i < 5; i++) {
            NEED(get_var(t, &ev->a[i]));
        }
        break;
    case N9T_TLBI:
    case N9T_MPUCLK:
    case N9T_MARK:
        NEED(get_var(t, &ev->value));
        break;
    case N9T_REG:
        NEED(get_var(t, &v));
        ev->group = (uint32_t)v;
        NEED(get_var(t, &v));
        ev->offset = (uint32_t)v;
        NEED(get_var(t, &v));
        ev->size = (uint32_t)v;
        NEED(get_var(t, &v));
        ev->charge_ns = (uint32_t)v;
        break;
    case N9T_SDRC_CFG:
        NEED(get_var(t, &v));
        NEED(v <= BLOB_MAX && t->pos + v <= t->len);
        memcpy(t->blob, t->raw + t->pos, v);
        t->pos += v;
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
