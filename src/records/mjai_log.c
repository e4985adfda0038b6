/* Whole mjai logs: the .mjson reader and writer (gzipped when asked; unpacking is record_unpack.c), and telling the three
 * record formats apart (the event array is in mjai_log_events.c). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "jong/mjai.h"
#include "mjai_internal.h"

static void reset(jong_mjai_log *log, int source)
{
    jong_mjai_event *ev = log->ev;
    size_t cap = log->cap;
    jong_mjai_log_init(log);
    log->ev = ev;
    log->cap = cap;
    log->source = source;
}

/* ---- .mjson ---- */

int jong_mjai_read_mjson(const char *text, size_t len, jong_mjai_log *log, jong_error *err)
{
    reset(log, JONG_MJAI_SRC_MJSON);
    size_t pos = 0;
    int line = 0;
    while (pos < len) {
        line++;
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - text) : len;
        size_t a = pos, b = end;
        while (a < b && (text[a] == ' ' || text[a] == '\t' || text[a] == '\r'))
            a++;
        while (b > a && (text[b - 1] == ' ' || text[b - 1] == '\t' || text[b - 1] == '\r'))
            b--;
        if (b > a) {
            jong_mjai_event ev;
            jong_error e;
            if (jong_mjai_parse(text + a, b - a, &ev, &e))
                return jong_error_set(err, e.code, (int)a, "line %d: %s", line, e.msg);
            if (ev.type == JONG_MJAI_START_GAME && ev.aka_flag == 0)
                log->red_fives = false;
            if (ev.type == JONG_MJAI_START_GAME && ev.kyoku_first >= 0)
                log->east_south = ev.kyoku_first == 0;
            if (ev.type == JONG_MJAI_END_GAME)
                log->complete = true;
            if (jong_mjai_log_push(log, &ev, err))
                return err ? err->code : JONG_ERR_IO;
        }
        pos = end + 1;
    }
    if (log->n == 0)
        return jong_error_set(err, JONG_ERR_SYNTAX, 0, "empty mjai record");
    return JONG_OK;
}

int jong_mjai_write(FILE *f, const jong_mjai_log *log, bool gz, jong_error *err)
{
    z_stream z;
    unsigned char out[16384];
    if (gz) {
        memset(&z, 0, sizeof z);
        if (deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
            return jong_error_set(err, JONG_ERR_IO, -1, "gzip: cannot start");
    }
    int rc = JONG_OK;
    char buf[4096];
    for (size_t i = 0; i <= log->n && !rc; i++) {
        size_t n = 0;
        char *s = NULL;
        if (i < log->n) {
            s = jong_mjai_format(&log->ev[i], buf, sizeof buf - 1, &n);
            if (!s) {
                rc = jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
                break;
            }
            s[n++] = '\n'; /* format leaves room: buf has one spare byte; a malloc'd text has its NUL */
        }
        if (!gz) {
            if (n && fwrite(s, 1, n, f) != n)
                rc = jong_error_set(err, JONG_ERR_IO, -1, "write failed: %s", strerror(errno));
        } else {
            z.next_in = (unsigned char *)s;
            z.avail_in = (unsigned)n;
            int flush = i == log->n ? Z_FINISH : Z_NO_FLUSH, zr;
            do {
                z.next_out = out;
                z.avail_out = sizeof out;
                zr = deflate(&z, flush);
                size_t have = sizeof out - z.avail_out;
                if (have && fwrite(out, 1, have, f) != have) {
                    rc = jong_error_set(err, JONG_ERR_IO, -1, "write failed: %s", strerror(errno));
                    break;
                }
            } while (z.avail_out == 0 || (flush == Z_FINISH && zr != Z_STREAM_END));
        }
        if (s && s != buf)
            free(s);
    }
    if (gz)
        deflateEnd(&z);
    if (!rc && fflush(f))
        rc = jong_error_set(err, JONG_ERR_IO, -1, "write failed: %s", strerror(errno));
    return rc;
}

int jong_mjai_write_file(const char *path, const jong_mjai_log *log, jong_error *err)
{
    size_t l = strlen(path);
    bool gz = l > 3 && !strcmp(path + l - 3, ".gz");
    FILE *f = fopen(path, "wb");
    if (!f)
        return jong_error_set(err, JONG_ERR_IO, -1, "%s: %s", path, strerror(errno));
    jong_error e;
    int rc = jong_mjai_write(f, log, gz, &e);
    if (fclose(f) && !rc)
        rc = jong_error_set(&e, JONG_ERR_IO, -1, "close failed: %s", strerror(errno));
    if (rc)
        return jong_error_set(err, e.code, -1, "%s: %s", path, e.msg);
    return JONG_OK;
}

/* ---- reading any format ---- */

/* Plain text (no gzip): the format told from its first character. */
static int read_text(const char *t, size_t len, jong_mjai_log *log, jong_error *err)
{
    const unsigned char *b = (const unsigned char *)t;
    if (len >= 3 && b[0] == 0xef && b[1] == 0xbb && b[2] == 0xbf) {
        t += 3; /* a UTF-8 byte order mark (editors on Windows write one): skipped for every format */
        len -= 3;
    }
    size_t i = 0;
    while (i < len && (t[i] == ' ' || t[i] == '\n' || t[i] == '\r' || t[i] == '\t'))
        i++;
    if (i == len)
        return jong_error_set(err, JONG_ERR_SYNTAX, 0, "empty record");
    if (t[i] == '<')
        return jong_mjai_read_mjlog(t, len, log, err);
    if (t[i] != '{')
        return jong_error_set(err, JONG_ERR_SYNTAX, (int)i,
                              "not a game record: neither mjai JSON lines, tenhou.net/6 JSON nor mjlog XML");
    /* mjai lines hold "type" in their first object; tenhou.net/6 has "log" */
    const char *nl = memchr(t + i, '\n', len - i);
    size_t end = nl ? (size_t)(nl - t) : len;
    const char *p = t + i;
    bool has_type = false, has_log = false;
    for (const char *q = p; q + 6 <= t + end; q++) {
        if (!memcmp(q, "\"type\"", 6))
            has_type = true;
        if (!memcmp(q, "\"log\"", 5))
            has_log = true;
    }
    if (has_log && !has_type)
        return jong_mjai_read_tenhou6(t, len, log, err);
    return jong_mjai_read_mjson(t, len, log, err);
}

int jong_mjai_read_limited(const void *data, size_t len, const jong_record_limits *lim, jong_mjai_log *log,
                           jong_error *err)
{
    const unsigned char *b = data;
    if (!(len >= 2 && b[0] == 0x1f && b[1] == 0x8b))
        return read_text(data, len, log, err);
    char *text = NULL;
    size_t n = 0;
    if (jong_record_unpack(data, len, lim, &text, &n, err))
        return err ? err->code : JONG_ERR_SYNTAX;
    int rc = read_text(text, n, log, err);
    free(text);
    return rc;
}

int jong_mjai_read(const void *data, size_t len, jong_mjai_log *log, jong_error *err)
{
    return jong_mjai_read_limited(data, len, NULL, log, err);
}

int jong_mjai_read_file_limited(const char *path, const jong_record_limits *lim, jong_mjai_log *log,
                                jong_error *err)
{
    char *text = NULL;
    size_t n = 0;
    if (jong_record_load(path, lim, &text, &n, err))
        return err ? err->code : JONG_ERR_IO;
    jong_error e;
    int rc = read_text(text, n, log, &e);
    free(text);
    if (rc)
        return jong_error_set(err, e.code, e.pos, "%s: %s", path, e.msg);
    return JONG_OK;
}

int jong_mjai_read_file(const char *path, jong_mjai_log *log, jong_error *err)
{
    return jong_mjai_read_file_limited(path, NULL, log, err);
}
