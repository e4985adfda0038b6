/* A record's text from a file or from bytes, through as many gzip layers as it has, within
 * limits (jong_record_limits in mjai.h). A 488 KB gzip bomb used to unpack to 256 MB and parse
 * into 5 GB, and 8,000 nested layers were each unpacked whole before the next (1.7 GB,
 * growing quadratically). Here each layer is inflated only as the layer above asks for bytes,
 * so no layer but the text itself is ever held whole: the text stops at the size limit, and
 * each layer costs one zlib stream and one input chunk, up to the limit on layers. */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "jong/mjai.h"

#define CHUNK (64u << 10) /* bytes asked of a layer at a time */

typedef struct {
    z_stream z;
    unsigned char in[CHUNK];
    bool in_eof;     /* the layer below has no more bytes */
    bool member_end; /* a gzip member ended; another may follow (as `cat a.gz b.gz`) */
} layer;

typedef struct {
    FILE *f;                  /* the bottom: a file, or the bytes mem */
    const unsigned char *mem;
    size_t mem_len, mem_pos;
    layer **layers;           /* layers[k - 1] unpacks level k - 1 into level k */
    int n;
} unpacker;

static int pull(unpacker *u, int level, unsigned char *out, size_t n, size_t *got, jong_error *err);

static int bottom_read(unpacker *u, unsigned char *out, size_t n, size_t *got, jong_error *err)
{
    if (u->f) {
        *got = fread(out, 1, n, u->f);
        if (*got < n && ferror(u->f))
            return jong_error_set(err, JONG_ERR_IO, -1, "read failed: %s", strerror(errno));
        return JONG_OK;
    }
    size_t k = u->mem_len - u->mem_pos;
    if (k > n)
        k = n;
    memcpy(out, u->mem + u->mem_pos, k);
    u->mem_pos += k;
    *got = k;
    return JONG_OK;
}

static const char *layer_name(int k, char buf[32])
{
    if (k == 1)
        return "gzip";
    snprintf(buf, 32, "gzip layer %d", k);
    return buf;
}

/* Up to n bytes of level k's text (fewer only at its end). */
static int inflate_read(unpacker *u, int k, unsigned char *out, size_t n, size_t *got, jong_error *err)
{
    layer *L = u->layers[k - 1];
    L->z.next_out = out;
    L->z.avail_out = (uInt)n;
    int rc = JONG_OK;
    char name[32];
    while (L->z.avail_out > 0) {
        if (L->z.avail_in == 0 && !L->in_eof) {
            size_t g = 0;
            if ((rc = pull(u, k - 1, L->in, CHUNK, &g, err)))
                break;
            L->in_eof = g < CHUNK;
            L->z.next_in = L->in;
            L->z.avail_in = (uInt)g;
        }
        if (L->member_end) {
            if (L->z.avail_in == 0)
                break; /* the last member ended with the input */
            if (inflateReset(&L->z) != Z_OK) {
                rc = jong_error_set(err, JONG_ERR_IO, -1, "%s: cannot restart", layer_name(k, name));
                break;
            }
            L->member_end = false;
        }
        if (L->z.avail_in == 0 && L->in_eof) {
            rc = jong_error_set(err, JONG_ERR_SYNTAX, -1, "%s: the data stops early, at byte %lu", layer_name(k, name),
                                L->z.total_in);
            break;
        }
        int zr = inflate(&L->z, Z_NO_FLUSH);
        if (zr == Z_STREAM_END)
            L->member_end = true;
        else if (zr != Z_OK && zr != Z_BUF_ERROR) {
            rc = jong_error_set(err, JONG_ERR_SYNTAX, -1, "%s: damaged data at byte %lu%s%s", layer_name(k, name),
                                L->z.total_in, L->z.msg ? ": " : "", L->z.msg ? L->z.msg : "");
            break;
        }
    }
    *got = n - L->z.avail_out;
    return rc;
}

/* n bytes of level `level` (fewer only at its end). */
static int pull(unpacker *u, int level, unsigned char *out, size_t n, size_t *got, jong_error *err)
{
    *got = 0;
    while (*got < n) {
        size_t g = 0;
        int rc = level == 0 ? bottom_read(u, out + *got, n - *got, &g, err)
                            : inflate_read(u, level, out + *got, n - *got, &g, err);
        if (rc)
            return rc;
        if (g == 0)
            break;
        *got += g;
    }
    return JONG_OK;
}

/* A layer on top whose first input is the n bytes the level below has already given. */
static int push_layer(unpacker *u, const unsigned char *first, size_t n, jong_error *err)
{
    layer **ls = realloc(u->layers, (size_t)(u->n + 1) * sizeof *ls);
    if (!ls)
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    u->layers = ls;
    layer *L = calloc(1, sizeof *L);
    if (!L)
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    if (inflateInit2(&L->z, 15 + 16) != Z_OK) { /* gzip only: the magic said so */
        free(L);
        return jong_error_set(err, JONG_ERR_IO, -1, "gzip: cannot start");
    }
    memcpy(L->in, first, n);
    L->z.next_in = L->in;
    L->z.avail_in = (uInt)n;
    L->in_eof = n < CHUNK;
    ls[u->n++] = L;
    return JONG_OK;
}

static void unpacker_free(unpacker *u)
{
    for (int i = 0; i < u->n; i++) {
        inflateEnd(&u->layers[i]->z);
        free(u->layers[i]);
    }
    free(u->layers);
}

static bool is_gzip(const unsigned char *b, size_t n) { return n >= 2 && b[0] == 0x1f && b[1] == 0x8b; }

static int unpack(unpacker *u, const jong_record_limits *lim, char **text, size_t *len, jong_error *err)
{
    jong_record_limits def = jong_record_limits_default();
    if (!lim)
        lim = &def;
    size_t max = lim->max_bytes, cap = CHUNK, n = 0;
    unsigned char *buf = malloc(cap + 1);
    if (!buf)
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    int rc;
    /* the first chunk of the top level tells whether another layer is wrapped inside */
    while (!(rc = pull(u, u->n, buf, CHUNK, &n, err)) && is_gzip(buf, n)) {
        if (u->n >= lim->max_layers) {
            rc = jong_error_set(err, JONG_ERR_ARG, -1, "more than %d gzip layer%s (the limit on nested gzip)",
                                lim->max_layers, lim->max_layers == 1 ? "" : "s");
            break;
        }
        if ((rc = push_layer(u, buf, n, err)))
            break;
    }
    /* the text: read until its end or one byte past the limit */
    while (!rc && n == cap && n <= max) {
        size_t want = cap > max + 1 - n ? max + 1 - n : cap; /* grow to at most max + 1 */
        unsigned char *p = realloc(buf, cap + want + 1);
        if (!p) {
            rc = jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
            break;
        }
        buf = p;
        size_t g = 0;
        rc = pull(u, u->n, buf + n, want, &g, err);
        n += g;
        cap += want;
    }
    if (!rc && n > max)
        rc = jong_error_set(err, JONG_ERR_ARG, -1, "%s more than %zu MiB (the limit on a record's text)",
                            u->n ? "unpacks to" : "is", max >> 20);
    unpacker_free(u);
    if (rc) {
        free(buf);
        return rc;
    }
    buf[n] = 0; /* a NUL after the text, for readers that like one (not counted in len) */
    *text = (char *)buf;
    *len = n;
    return JONG_OK;
}

jong_record_limits jong_record_limits_default(void)
{
    return (jong_record_limits){.max_bytes = (size_t)JONG_RECORD_MAX_MB << 20,
                                .max_layers = JONG_RECORD_MAX_GZIP_LAYERS};
}

int jong_record_unpack(const void *data, size_t len, const jong_record_limits *lim, char **text, size_t *text_len,
                       jong_error *err)
{
    unpacker u = {.mem = data, .mem_len = len};
    return unpack(&u, lim, text, text_len, err);
}

int jong_record_load(const char *path, const jong_record_limits *lim, char **text, size_t *len, jong_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return jong_error_set(err, JONG_ERR_IO, -1, "%s: %s", path, strerror(errno));
    unpacker u = {.f = f};
    jong_error e;
    int rc = unpack(&u, lim, text, len, &e);
    fclose(f);
    if (rc)
        return jong_error_set(err, e.code, e.pos, "%s: %s", path, e.msg);
    return JONG_OK;
}
