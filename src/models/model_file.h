/* What Jong's model file formats share (linear models .jlm in linmodel.h, networks .jnn in
 * neuralnet.h): little-endian fields, so a file reads the same on any machine; the FNV-1a hash
 * over the whole file, so that damage is named as such; and reading a whole file. */
#ifndef JONG_MODEL_FILE_H
#define JONG_MODEL_FILE_H

#include <stddef.h>
#include <stdint.h>

#include "jong/error.h"

/* FNV-1a, 64 bits, of n bytes. */
uint64_t jong_model_hash(const void *p, size_t n);

static inline void jong_model_put32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static inline uint32_t jong_model_get32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint64_t jong_model_get64(const unsigned char *p)
{
    return (uint64_t)jong_model_get32(p) | (uint64_t)jong_model_get32(p + 4) << 32;
}

/* The whole file at path into *buf (malloc'ed; free it) and *len; errors name the file as
 * "model PATH: ...". */
int jong_model_read(const char *path, unsigned char **buf, size_t *len, jong_error *err);

#endif
