/*
 * Host unit tests of the trace writer and reader (n9trace.c): every event
 * type round-trips, the header reads back, and a file cut short, a
 * corrupt block, a wrong magic or version, a lost block each give a
 * one-line error, not a shorter run.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "n9trace.h"
#include "../mempath/mempath.h"
#include "check.h"

static char path[64];

/* a pseudo-random but fixed event of each type */
static n9trace_event make(unsigned i, unsigned char *blob)
{
    n9trace_event e;
    unsigned type = 1 + i % (N9T_NUM_TYPES - 1);

    memset(&e, 0, sizeof(e));
    e.type = type;
    e.time_ns = 1000000ull * (i / 3) + i * 7;   /* not monotonic in steps */
    switch (type) {
    case N9T_ACCESS:
        e.flags = i & 7;
        e.size = 1u << (i % 4);
        e.va = 0xc0000000u + (i * 4444u) % 0x100000u;
        e.pa = e.va - 0x40000000u + (i % 5 == 0 ? 0x1000 : 0);
        e.charge_ns = i % 11 == 0 ? 150 : 0;
        break;
    case N9T_PLD:
        e.va = 0x1000u * i;
        e.pa = 0x80000000u + 0x1000u * i;
        e.charge_ns = 3;
        break;
    case N9T_CMAINT:
        e.value = i % MP_CMAINT_NUM;    /* every op, the barriers too */
        e.va = i % 2 ? 0xe0000000u | (i & 0x1ff) << 6 | 2 : 0xc0001000u + i;
        e.pa = i % 2 ? 0 : 0x80001000u + i;
        e.charge_ns = i % 3 ? 0 : 40 + i;
        break;
    case N9T_FETCH:
        e.flags = i % 3;
        e.size = 4 + i % 60;
        e.ninsns = 1 + i % 15;
        e.pa = 0x80008000u + 64u * i;
        e.va = 0xc0008000u + 64u * i;
        e.charge_ns = i;
        break;
    case N9T_WALK:
    case N9T_SKIP:
        e.flags = type == N9T_WALK ? i & 1 : 0;
        for (int k = 0; k < 4; k++) {
            e.a[k] = (uint64_t)i * 0x9e3779b9u + k;
        }
        break;
    case N9T_IDLE:
        e.flags = i & 3;
        e.value = (uint32_t)-1 - i % 3;
        /* fall through */
    case N9T_CPUSTATE:
    case N9T_PRCM:
        for (int k = 0; k < 5; k++) {
            e.a[k] = ~0ull - i - k;     /* the largest varints */
        }
        break;
    case N9T_TLBI:
        e.flags = i & 3;
        /* fall through */
    case N9T_MPUCLK:
    case N9T_L3CLK:
    case N9T_UNWIND:
    case N9T_GIVEBACK:
    case N9T_MARK:
        e.value = 1000000000ull + i;
        break;
    case N9T_REG:
        /* a write's value comes back (format 3), flagged by the reader */
        e.flags = i & 1 ? N9T_F_WRITE | N9T_F_VALUE : 0;
        e.value = i & 1 ? 0xc0de0000u + i : 0;
        e.group = i % 40;
        e.offset = (i * 4) & 0xfff;
        e.size = 4;
        e.charge_ns = 75 + i % 5;
        break;
    case N9T_SDRC_CFG:
    case N9T_STATE:
        for (int k = 0; k < 100; k++) {
            blob[k] = (unsigned char)(i + k);
        }
        e.blob = blob;
        e.blob_len = 100;
        e.flags = i & 1;
        break;
    case N9T_SDRC_IDLE:
        e.flags = i & 3;
        break;
    default:
        break;
    }
    return e;
}

static int same(const n9trace_event *a, const n9trace_event *b)
{
    return a->type == b->type && a->flags == b->flags &&
           a->time_ns == b->time_ns && a->charge_ns == b->charge_ns &&
           a->va == b->va && a->pa == b->pa && a->size == b->size &&
           a->ninsns == b->ninsns && a->group == b->group &&
           a->offset == b->offset && a->value == b->value &&
           !memcmp(a->a, b->a, sizeof(a->a)) && a->blob_len == b->blob_len &&
           (!a->blob_len || !memcmp(a->blob, b->blob, a->blob_len));
}

static long file_size(void)
{
    FILE *f = fopen(path, "rb");
    long n;

    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fclose(f);
    return n;
}

/* write @n events (enough for several blocks when large) */
static void write_trace(unsigned n)
{
    char err[200];
    unsigned char blob[100];
    n9trace_writer *w = n9trace_create(path, "format.version=1\n"
                                       "kernel=zImage\nparam.cache.l2_kb=256\n",
                                       err, sizeof(err));

    CHECK(w != NULL, "create: %s", w ? "ok" : err);
    for (unsigned i = 0; i < n; i++) {
        n9trace_event e = make(i, blob);

        n9trace_put(w, &e);
    }
    CHECK_EQ(n9trace_written_events(w), n);
    CHECK(n9trace_finish(w, err, sizeof(err)) == 0, "finish");
}

/* read back; returns what n9trace_next said last, the error in @err */
static int read_trace(unsigned *count, char *err, size_t errlen, int check)
{
    char oerr[200];
    unsigned char blob[100];
    n9trace *t = n9trace_open(path, oerr, sizeof(oerr));
    n9trace_event e;
    int r, bad = 0;

    *count = 0;
    if (!t) {
        snprintf(err, errlen, "%s", oerr);
        return -2;
    }
    /* only the type's own fields are set: clear the rest to compare */
    while (memset(&e, 0, sizeof(e)), (r = n9trace_next(t, &e)) > 0) {
        if (check) {
            n9trace_event want = make(*count, blob);

            bad += !same(&e, &want);
        }
        (*count)++;
    }
    if (check) {
        CHECK(bad == 0, "every event reads back as written (%d differ)", bad);
    }
    snprintf(err, errlen, "%s", r < 0 ? n9trace_error(t) : "");
    n9trace_close(t);
    return r;
}

static void corrupt_at(long off, unsigned char x)
{
    FILE *f = fopen(path, "r+b");
    int c;

    fseek(f, off, SEEK_SET);
    c = fgetc(f);
    fseek(f, off, SEEK_SET);
    fputc(c ^ x, f);
    fclose(f);
}

static void truncate_to(long n)
{
    FILE *f = fopen(path, "rb");
    char *buf = malloc(n);

    CHECK(fread(buf, 1, n, f) == (size_t)n, "read %ld bytes", n);
    fclose(f);
    f = fopen(path, "wb");
    fwrite(buf, 1, n, f);
    fclose(f);
    free(buf);
}

int main(void)
{
    char err[200];
    unsigned n;
    long size, hdr;
    n9trace *t;
    const char *k, *v;

    snprintf(path, sizeof(path), "test_n9trace.tmp");
    /* round trip, across several blocks */
    write_trace(300000);
    CHECK(read_trace(&n, err, sizeof(err), 1) == 0, "reads to its end: %s",
          err);
    CHECK_EQ(n, 300000);

    /* the header */
    t = n9trace_open(path, err, sizeof(err));
    CHECK(t != NULL, "open");
    CHECK(!strcmp(n9trace_header_get(t, "kernel"), "zImage"), "kernel=");
    CHECK(!strcmp(n9trace_header_get(t, "param.cache.l2_kb"), "256"),
          "param.cache.l2_kb=");
    CHECK(n9trace_header_get(t, "nothing") == NULL, "an absent key: NULL");
    CHECK(n9trace_header_at(t, 2, &k, &v) && !strcmp(k, "param.cache.l2_kb"),
          "the header's lines in order");
    CHECK(!n9trace_header_at(t, 3, &k, &v), "three lines");
    CHECK_EQ(n9trace_version(t), N9TRACE_VERSION);
    n9trace_close(t);

    size = file_size();
    /* compact: a loop's accesses (deltas repeat) well under a byte each */
    {
        n9trace_writer *w = n9trace_create(path, "", err, sizeof(err));
        n9trace_event e = { .type = N9T_ACCESS, .size = 4 };

        for (unsigned i = 0; i < 100000; i++) {
            e.time_ns = 3 * i;
            e.va = 0xc0100000u + 4 * (i % 1024);
            e.pa = e.va - 0x40000000u;
            n9trace_put(w, &e);
        }
        n9trace_finish(w, err, sizeof(err));
        CHECK(file_size() < 100000, "100000 loop accesses in %ld bytes",
              file_size());
    }
    write_trace(300000);

    /* cut short: in a block, and just before the end mark */
    truncate_to(size - 5);
    CHECK(read_trace(&n, err, sizeof(err), 0) < 0 &&
          strstr(err, "truncated"), "cut in its end mark: %s", err);
    write_trace(300000);
    truncate_to(size / 2);
    CHECK(read_trace(&n, err, sizeof(err), 0) < 0 &&
          strstr(err, "truncated") && !strchr(err, '\n'),
          "cut in a block: one line: %s", err);
    CHECK(n > 0 && n < 300000, "the events before the cut read (%u)", n);

    /* a flipped byte inside a compressed block */
    write_trace(300000);
    hdr = 16 + (long)strlen("format.version=1\nkernel=zImage\n"
                            "param.cache.l2_kb=256\n");
    corrupt_at(hdr + 8 + 100, 0x55);
    CHECK(read_trace(&n, err, sizeof(err), 0) < 0 && strstr(err, "corrupt"),
          "a corrupt block: %s", err);

    /* a corrupt block header (length) */
    write_trace(1000);
    corrupt_at(hdr + 3, 0x7f);
    CHECK(read_trace(&n, err, sizeof(err), 0) < 0 &&
          (strstr(err, "corrupt") || strstr(err, "truncated")),
          "a corrupt block length: %s", err);

    /* the end mark's count disagrees (a block lost) */
    write_trace(1000);
    corrupt_at(file_size() - 8, 1);
    CHECK(read_trace(&n, err, sizeof(err), 0) < 0 && strstr(err, "end mark"),
          "the end mark's count: %s", err);

    /* a state image in chunks between events (a window's start) */
    {
        static unsigned char img[5000], got[6000];
        n9trace_writer *w = n9trace_create(path, "", err, sizeof(err));
        n9trace_event e = { .type = N9T_MARK, .value = 7 };
        size_t glen = 0, sl = 0;
        unsigned chunks = 0, last = 0;
        const unsigned char *sec;
        int r;

        /* two sections: "a" (3 bytes), "model" (the rest) */
        img[0] = 1; img[1] = 'a'; img[2] = 3; img[6] = 9; img[7] = 8;
        img[8] = 7;
        img[9] = 5; memcpy(img + 10, "model", 5);
        img[15] = (5000 - 19) & 0xff; img[16] = (5000 - 19) >> 8;
        for (unsigned i = 19; i < sizeof(img); i++) {
            img[i] = (unsigned char)(i * 7);
        }
        n9trace_put(w, &e);
        n9trace_put_state(w, 1234, img, sizeof(img));
        n9trace_put(w, &e);
        n9trace_finish(w, err, sizeof(err));
        t = n9trace_open(path, err, sizeof(err));
        while ((r = n9trace_next(t, &e)) > 0) {
            if (e.type == N9T_STATE) {
                CHECK(e.time_ns == 1234 && e.blob_len <= N9TRACE_STATE_CHUNK,
                      "a chunk of %u bytes at %llu", e.blob_len,
                      (unsigned long long)e.time_ns);
                memcpy(got + glen, e.blob, e.blob_len);
                glen += e.blob_len;
                chunks++;
                last = e.flags & N9T_F_LAST;
            }
        }
        CHECK(r == 0 && chunks == 5 && last, "five chunks, the last flagged");
        CHECK(glen == sizeof(img) && !memcmp(got, img, glen),
              "the image reassembles");
        sec = n9trace_state_section(got, glen, "model", &sl);
        CHECK(sec == got + 19 && sl == 5000 - 19, "section \"model\"");
        sec = n9trace_state_section(got, glen, "a", &sl);
        CHECK(sec && sl == 3 && sec[0] == 9, "section \"a\"");
        CHECK(n9trace_state_section(got, glen, "mode", &sl) == NULL,
              "no section \"mode\"");
        CHECK(n9trace_state_section(got, 100, "model", &sl) == NULL,
              "a section past the image's end: none");
        n9trace_close(t);
    }

    /* not a trace, another version, no header */
    write_trace(10);
    corrupt_at(0, 1);
    CHECK(read_trace(&n, err, sizeof(err), 0) == -2 &&
          strstr(err, "not an n9 trace"), "wrong magic: %s", err);
    write_trace(10);
    corrupt_at(8, 0x40);
    CHECK(read_trace(&n, err, sizeof(err), 0) == -2 &&
          strstr(err, "version"), "another version: %s", err);
    /* an older format (4: UNWIND without the rerun count) still reads */
    write_trace(10);
    corrupt_at(8, N9TRACE_VERSION ^ 4);
    CHECK(read_trace(&n, err, sizeof(err), 1) == 0 && n == 10,
          "format 4 read: %s", err);
    write_trace(10);
    corrupt_at(8, N9TRACE_VERSION ^ (N9TRACE_VERSION + 1));
    CHECK(read_trace(&n, err, sizeof(err), 0) == -2 &&
          strstr(err, "version"), "a newer format refused: %s", err);
    write_trace(10);
    truncate_to(20);
    CHECK(read_trace(&n, err, sizeof(err), 0) == -2 &&
          strstr(err, "header"), "cut in the header: %s", err);
    CHECK(n9trace_open("/nonexistent/x", err, sizeof(err)) == NULL &&
          strstr(err, "cannot open"), "no such file: %s", err);
    CHECK(n9trace_create("/nonexistent/x", "", err, sizeof(err)) == NULL &&
          strstr(err, "cannot create"), "cannot create: %s", err);
    remove(path);
    return check_done();
}
