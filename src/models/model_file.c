/* What the model file formats share (model_file.h). */
#include "model_file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t jong_model_hash(const void *data, size_t n)
{
    const unsigned char *p = data;
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

int jong_model_read(const char *path, unsigned char **out, size_t *out_len, jong_error *err)
{
    *out = NULL;
    *out_len = 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return jong_error_set(err, JONG_ERR_IO, -1, "model %s: cannot open: %s", path, strerror(errno));
    size_t cap = 1 << 16, len = 0;
    unsigned char *buf = malloc(cap);
    while (buf) {
        len += fread(buf + len, 1, cap - len, f);
        if (len < cap)
            break;
        unsigned char *q = realloc(buf, cap * 2);
        if (!q) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = q;
        cap *= 2;
    }
    int bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        free(buf);
        return jong_error_set(err, JONG_ERR_IO, -1, "model %s: read failed", path);
    }
    *out = buf;
    *out_len = len;
    return JONG_OK;
}
