/* Linear model files: one or more weight vectors over one feature set, with how they were made.
 * Little-endian binary, small (only non-zero weights, as float32), versioned and checksummed:
 *   "JONGLMDL", u32 format, char kind[16], u32 feature-set version, u32 models, u32 dim,
 *   u32 info length, info bytes, u32 non-zeros, then per non-zero u32 (model * dim + index) and
 *   f32 weight, and last a u64 FNV-1a hash of every byte before it.
 * Loading checks each part and says what is wrong: a missing file, not a model file, another
 * format version, a cut or damaged file (checksum), or another kind or feature set. */
#ifndef JONG_LINMODEL_H
#define JONG_LINMODEL_H

#include <stddef.h>
#include <stdint.h>

#include "jong/error.h"

#define JONG_LINMODEL_FORMAT 1

typedef struct {
    char kind[16];      /* what the weights predict, e.g. "waiting" */
    uint32_t features;  /* version of the feature set the weights index */
    uint32_t nmodels;   /* weight vectors (34 for the winning-tile models) */
    uint32_t dim;       /* weights per vector */
    double *w;          /* nmodels * dim, model m's weights at w + m * dim */
    char info[1024];    /* how the file was made: command, seed, data, held-out figures */
} jong_linmodel;

/* Zeroed weights. */
int jong_linmodel_alloc(jong_linmodel *m, const char *kind, uint32_t features, uint32_t nmodels,
                        uint32_t dim, jong_error *err);
void jong_linmodel_free(jong_linmodel *m);

/* The file's bytes (malloc'ed into *buf). */
int jong_linmodel_encode(const jong_linmodel *m, unsigned char **buf, size_t *len, jong_error *err);
int jong_linmodel_save(const jong_linmodel *m, const char *path, jong_error *err);
/* Decode bytes; name says where they come from in messages. When kind is not NULL the file must
 * hold that kind, and features its feature-set version (when not 0). */
int jong_linmodel_decode(const void *buf, size_t len, const char *name, const char *kind,
                         uint32_t features, jong_linmodel *m, jong_error *err);
int jong_linmodel_load(const char *path, const char *kind, uint32_t features, jong_linmodel *m,
                       jong_error *err);

#endif
