/*
 * A model's state image (plain C99, header only): the bytes a model's
 * x_state_save writes and its x_state_load takes back, for a snapshot
 * (the QEMU device's VMState carries the image) and for a trace that
 * starts at a mark (docs/trace-format.md, "State images").
 *
 * One walk over the fields serves both directions, so that save and load
 * cannot disagree: a model writes a visit function that names each field
 * once (n9img_u64(im, &m->x), ...), and calls it to count, to save and to
 * load.  Every integer is little-endian whatever the host; an image opens
 * with the model's 4-byte tag, its version and the body's length, and a
 * load checks all three before it changes anything (n9img_load_begin).
 *
 *   magic[4]  u32 version  u32 body length  body
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef MODELS_IMAGE_N9IMG_H
#define MODELS_IMAGE_N9IMG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define N9IMG_HEAD  12          /* tag, version, body length */

typedef struct n9img {
    unsigned char *out;         /* saving: the buffer (NULL: count only) */
    const unsigned char *in;    /* loading: the image */
    size_t pos, len;            /* bytes walked; the buffer's or image's */
    int loading;
    const char *err;            /* the first thing wrong, or NULL */
    char why[160];              /* err's text when it has numbers in it */
} n9img;

/* Start a walk: counting (@buf NULL), saving into @buf of @len bytes. */
static inline void n9img_save_begin(n9img *im, void *buf, size_t len)
{
    memset(im, 0, sizeof(*im));
    im->out = (unsigned char *)buf;
    im->len = buf ? len : SIZE_MAX;
}

/* Start loading @len bytes of @img. */
static inline void n9img_load_begin(n9img *im, const void *img, size_t len)
{
    memset(im, 0, sizeof(*im));
    im->in = (const unsigned char *)img;
    im->len = len;
    im->loading = 1;
}

static inline void n9img_fail(n9img *im, const char *msg)
{
    if (!im->err) {
        im->err = msg;
    }
}

/* @n bytes at the cursor: NULL (and the walk failed) past the end */
static inline size_t n9img_room(n9img *im, size_t n)
{
    if (im->err) {
        return 0;
    }
    if (im->len - im->pos < n || im->pos > im->len) {
        n9img_fail(im, im->loading ? "the image is truncated"
                                   : "the buffer is too small for the image");
        return 0;
    }
    return 1;
}

/* One unsigned field of @n bytes (1, 2, 4 or 8), little-endian. */
static inline void n9img_field(n9img *im, uint64_t *v, unsigned n)
{
    if (!n9img_room(im, n)) {
        return;
    }
    if (im->loading) {
        uint64_t x = 0;

        for (unsigned i = 0; i < n; i++) {
            x |= (uint64_t)im->in[im->pos + i] << (8 * i);
        }
        *v = x;
    } else if (im->out) {
        for (unsigned i = 0; i < n; i++) {
            im->out[im->pos + i] = (unsigned char)(*v >> (8 * i));
        }
    }
    im->pos += n;
}

static inline void n9img_u64(n9img *im, uint64_t *v)
{
    n9img_field(im, v, 8);
}

static inline void n9img_u32(n9img *im, uint32_t *v)
{
    uint64_t x = *v;

    n9img_field(im, &x, 4);
    *v = (uint32_t)x;
}

static inline void n9img_u16(n9img *im, uint16_t *v)
{
    uint64_t x = *v;

    n9img_field(im, &x, 2);
    *v = (uint16_t)x;
}

static inline void n9img_u8(n9img *im, uint8_t *v)
{
    uint64_t x = *v;

    n9img_field(im, &x, 1);
    *v = (uint8_t)x;
}

/* A bool as one byte, 0 or 1 (another value: a bad image). */
static inline void n9img_bool(n9img *im, _Bool *v)
{
    uint64_t x = *v;

    n9img_field(im, &x, 1);
    if (x > 1) {
        n9img_fail(im, "the image is corrupt (a flag is neither 0 nor 1)");
    }
    *v = x != 0;
}

static inline void n9img_u32s(n9img *im, uint32_t *v, size_t n)
{
    for (size_t i = 0; i < n && !im->err; i++) {
        n9img_u32(im, &v[i]);
    }
}

static inline void n9img_u64s(n9img *im, uint64_t *v, size_t n)
{
    for (size_t i = 0; i < n && !im->err; i++) {
        n9img_u64(im, &v[i]);
    }
}

/*
 * A value the image must share with the model that loads it (a
 * geometry, a size): saved as is, compared on load.  @what names it in
 * the error.
 */
static inline void n9img_same(n9img *im, uint64_t cur, unsigned n,
                              const char *what)
{
    uint64_t x = cur;

    n9img_field(im, &x, n);
    if (im->loading && !im->err && x != cur) {
        snprintf(im->why, sizeof(im->why), "the image has %s %llu, this "
                 "model %llu", what, (unsigned long long)x,
                 (unsigned long long)cur);
        im->err = im->why;
    }
}

/*
 * The image's head: @tag (4 characters), @version and the body's length
 * (saving: patched in by n9img_end).  Loading: a foreign image, another
 * version or a length that is not the image's fail here.
 */
static inline void n9img_head(n9img *im, const char tag[4], uint32_t version)
{
    uint64_t v = version, body = 0;

    if (!n9img_room(im, N9IMG_HEAD)) {
        return;
    }
    if (im->loading) {
        if (memcmp(im->in, tag, 4)) {
            snprintf(im->why, sizeof(im->why), "not a state image of this "
                     "model (tag \"%.4s\", not \"%.4s\")", (const char *)im->in,
                     tag);
            im->err = im->why;
            return;
        }
    } else if (im->out) {
        memcpy(im->out, tag, 4);
    }
    im->pos += 4;
    n9img_field(im, &v, 4);
    if (im->loading && v != version) {
        snprintf(im->why, sizeof(im->why), "the %.4s image is version %llu, "
                 "this model reads version %u", tag, (unsigned long long)v,
                 (unsigned)version);
        im->err = im->why;
        return;
    }
    n9img_field(im, &body, 4);
    if (im->loading && body != im->len - N9IMG_HEAD) {
        snprintf(im->why, sizeof(im->why), "the %.4s image says %llu bytes "
                 "follow its head, %llu do", tag, (unsigned long long)body,
                 (unsigned long long)(im->len - N9IMG_HEAD));
        im->err = im->why;
    }
}

/*
 * The walk's end: the image's size (saving: its length written into the
 * head that starts at @start), or 0 with im->err.  Loading: every byte
 * must have been read.
 */
static inline size_t n9img_end(n9img *im, size_t start)
{
    if (im->err) {
        return 0;
    }
    if (im->loading && im->pos != im->len) {
        n9img_fail(im, "the image is longer than its fields");
        return 0;
    }
    if (!im->loading && im->out) {
        uint64_t body = im->pos - start - N9IMG_HEAD;

        for (unsigned i = 0; i < 4; i++) {
            im->out[start + 8 + i] = (unsigned char)(body >> (8 * i));
        }
    }
    return im->pos;
}

/*
 * The three walks of a model's x_state_size, x_state_save and
 * x_state_load, given its visit function (@visit takes the model, or
 * whatever the model's visit walks, as void *).
 */
typedef void n9img_visit(n9img *im, void *model);

/* The image's size. */
static inline size_t n9img_size_of(n9img_visit *visit, const void *model)
{
    n9img im;

    n9img_save_begin(&im, NULL, 0);
    visit(&im, (void *)model);
    return n9img_end(&im, 0);
}

/* The image into @buf: its size, or 0 if @len is too small (untouched). */
static inline size_t n9img_save(n9img_visit *visit, const void *model,
                                void *buf, size_t len)
{
    n9img im;

    if (len < n9img_size_of(visit, model)) {
        return 0;
    }
    n9img_save_begin(&im, buf, len);
    visit(&im, (void *)model);
    return n9img_end(&im, 0);
}

/*
 * The image into @model (a copy the caller commits only on success, so
 * that a bad image changes nothing): NULL, or why, in @why of @whylen.
 */
static inline const char *n9img_load(n9img_visit *visit, void *model,
                                     const void *img, size_t len,
                                     char *why, size_t whylen)
{
    n9img im;

    n9img_load_begin(&im, img, len);
    visit(&im, model);
    n9img_end(&im, 0);
    if (im.err) {
        snprintf(why, whylen, "%s", im.err);
        return why;
    }
    return NULL;
}

#endif /* MODELS_IMAGE_N9IMG_H */
