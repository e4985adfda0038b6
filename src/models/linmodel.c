/* Linear model files (format in linmodel.h), with the fields, hash and file reading that
 * model_file.h shares with the network files. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "linmodel.h"
#include "model_file.h"

static const char magic[8] = {'J', 'O', 'N', 'G', 'L', 'M', 'D', 'L'};

int jong_linmodel_alloc(jong_linmodel *m, const char *kind, uint32_t features, uint32_t nmodels,
                        uint32_t dim, jong_error *err)
{
    memset(m, 0, sizeof *m);
    if (strlen(kind) >= sizeof m->kind)
        return jong_error_set(err, JONG_ERR_ARG, -1, "model kind '%s' is too long", kind);
    if (nmodels == 0 || dim == 0 || (uint64_t)nmodels * dim > (1u << 28))
        return jong_error_set(err, JONG_ERR_ARG, -1, "model size %u x %u out of range", nmodels, dim);
    m->w = calloc((size_t)nmodels * dim, sizeof *m->w);
    if (!m->w)
        return jong_error_set(err, JONG_ERR_IO, -1, "model: out of memory");
    strcpy(m->kind, kind);
    m->features = features;
    m->nmodels = nmodels;
    m->dim = dim;
    return JONG_OK;
}

void jong_linmodel_free(jong_linmodel *m)
{
    free(m->w);
    m->w = NULL;
}

int jong_linmodel_encode(const jong_linmodel *m, unsigned char **buf, size_t *len, jong_error *err)
{
    size_t total = (size_t)m->nmodels * m->dim, nnz = 0;
    for (size_t i = 0; i < total; i++)
        nnz += (float)m->w[i] != 0.0f;
    size_t info = strnlen(m->info, sizeof m->info - 1);
    size_t n = 8 + 4 + 16 + 4 * 3 + 4 + info + 4 + 8 * nnz + 8;
    unsigned char *p = calloc(n, 1);
    if (!p)
        return jong_error_set(err, JONG_ERR_IO, -1, "model: out of memory for %zu bytes", n);
    size_t o = 0;
    memcpy(p, magic, 8), o += 8;
    jong_model_put32(p + o, JONG_LINMODEL_FORMAT), o += 4;
    memcpy(p + o, m->kind, strnlen(m->kind, 15)), o += 16;
    jong_model_put32(p + o, m->features), o += 4;
    jong_model_put32(p + o, m->nmodels), o += 4;
    jong_model_put32(p + o, m->dim), o += 4;
    jong_model_put32(p + o, (uint32_t)info), o += 4;
    memcpy(p + o, m->info, info), o += info;
    jong_model_put32(p + o, (uint32_t)nnz), o += 4;
    for (size_t i = 0; i < total; i++) {
        float f = (float)m->w[i];
        if (f == 0.0f)
            continue;
        uint32_t bits;
        memcpy(&bits, &f, 4);
        jong_model_put32(p + o, (uint32_t)i), o += 4;
        jong_model_put32(p + o, bits), o += 4;
    }
    uint64_t h = jong_model_hash(p, o);
    jong_model_put32(p + o, (uint32_t)h), jong_model_put32(p + o + 4, (uint32_t)(h >> 32)), o += 8;
    *buf = p;
    *len = o;
    return JONG_OK;
}

int jong_linmodel_save(const jong_linmodel *m, const char *path, jong_error *err)
{
    unsigned char *buf;
    size_t len;
    int rc = jong_linmodel_encode(m, &buf, &len, err);
    if (rc)
        return rc;
    FILE *f = fopen(path, "wb");
    if (!f) {
        free(buf);
        return jong_error_set(err, JONG_ERR_IO, -1, "model %s: cannot write: %s", path, strerror(errno));
    }
    size_t put = fwrite(buf, 1, len, f);
    free(buf);
    if (fclose(f) != 0 || put != len)
        return jong_error_set(err, JONG_ERR_IO, -1, "model %s: write failed", path);
    return JONG_OK;
}

int jong_linmodel_decode(const void *data, size_t len, const char *name, const char *kind,
                         uint32_t features, jong_linmodel *m, jong_error *err)
{
    const unsigned char *p = data;
    memset(m, 0, sizeof *m);
    if (len < 8 || memcmp(p, magic, 8) != 0)
        return jong_error_set(err, JONG_ERR_IO, -1, "model %s: not a Jong model file", name);
    if (len < 8 + 4 + 16 + 16 + 4 + 8)
        return jong_error_set(err, JONG_ERR_IO, -1, "model %s: cut short (%zu bytes)", name, len);
    uint32_t format = jong_model_get32(p + 8);
    if (format != JONG_LINMODEL_FORMAT)
        return jong_error_set(err, JONG_ERR_IO, -1,
                              "model %s: format version %u, this Jong reads version %d (remake it with jong train)",
                              name, format, JONG_LINMODEL_FORMAT);
    uint64_t h = jong_model_hash(p, len - 8);
    uint64_t stored = jong_model_get64(p + len - 8);
    if (h != stored)
        return jong_error_set(err, JONG_ERR_IO, -1, "model %s: checksum mismatch (damaged or cut file)", name);
    size_t o = 12;
    char k[16];
    memcpy(k, p + o, 16), o += 16;
    if (k[15] != 0)
        return jong_error_set(err, JONG_ERR_IO, -1, "model %s: bad kind field", name);
    uint32_t feat = jong_model_get32(p + o), nmodels = jong_model_get32(p + o + 4), dim = jong_model_get32(p + o + 8);
    o += 12;
    if (kind && strcmp(kind, k) != 0)
        return jong_error_set(err, JONG_ERR_ARG, -1, "model %s: holds a '%s' model, not '%s'", name, k, kind);
    if (kind && features && feat != features)
        return jong_error_set(err, JONG_ERR_ARG, -1,
                              "model %s: made for feature set %u, this Jong extracts set %u (remake it with jong train)",
                              name, feat, features);
    int rc = jong_linmodel_alloc(m, k, feat, nmodels, dim, err);
    if (rc) {
        jong_error_set(err, JONG_ERR_IO, -1, "model %s: %s", name, err ? err->msg : "bad size");
        return JONG_ERR_IO;
    }
    uint32_t info = jong_model_get32(p + o);
    o += 4;
    if (info >= sizeof m->info || o + info + 4 > len - 8)
        goto bad;
    memcpy(m->info, p + o, info), o += info;
    uint32_t nnz = jong_model_get32(p + o);
    o += 4;
    if (o + (size_t)nnz * 8 != len - 8)
        goto bad;
    size_t total = (size_t)nmodels * dim;
    for (uint32_t i = 0; i < nnz; i++, o += 8) {
        uint32_t at = jong_model_get32(p + o), bits = jong_model_get32(p + o + 4);
        float f;
        memcpy(&f, &bits, 4);
        if (at >= total || f != f)
            goto bad;
        m->w[at] = f;
    }
    return JONG_OK;
bad:
    jong_linmodel_free(m);
    return jong_error_set(err, JONG_ERR_IO, -1, "model %s: inconsistent sizes inside the file", name);
}

int jong_linmodel_load(const char *path, const char *kind, uint32_t features, jong_linmodel *m,
                       jong_error *err)
{
    memset(m, 0, sizeof *m);
    unsigned char *buf;
    size_t len;
    int rc = jong_model_read(path, &buf, &len, err);
    if (rc)
        return rc;
    rc = jong_linmodel_decode(buf, len, path, kind, features, m, err);
    free(buf);
    return rc;
}
