/* Test support: a policy network held as the training framework holds it (every tensor in
 * PyTorch's shape, in the file's order), its forward pass written plainly in double precision,
 * and the .jnn file of it, whole or spoiled on purpose. The reference for models/neuralnet.h:
 * nothing here uses the library's network code. */
#ifndef JONG_TEST_NN_REF_H
#define JONG_TEST_NN_REF_H

#include <stddef.h>
#include <stdint.h>

#define NN_REF_PLANES 52
#define NN_REF_KINDS 34
#define NN_REF_ACTIONS 155

typedef struct {
    int C, B, H;
    float *t;        /* every tensor, in the file's order */
    size_t nt;
} nn_ref;

/* Random weights (uniform, scaled by each layer's inputs so activations stay near 1) from seed. */
void nn_ref_random(nn_ref *n, int C, int B, int H, uint64_t seed);
void nn_ref_free(nn_ref *n);
/* The tensors by name, PyTorch shapes: stem.w [C][52][3], stem.b [C], block b's c1.w, c1.b,
 * c2.w, c2.b, head.w [H][C], head.b [H], fc.w [155][H*34], fc.b [155]. */
float *nn_ref_stem_w(const nn_ref *n);
float *nn_ref_fc_w(const nn_ref *n);

/* logits[155] of planes x[52][34], every sum in double, in the plain order of the formulas. */
void nn_ref_forward(const nn_ref *n, const float *x, double *logits);

/* Random planes from seed, mostly zeros as real ones are (values 0.25..1). */
void nn_ref_random_planes(float *x, uint64_t seed);

/* How a file is written: the fields that the tests spoil (defaults from nn_ref_file_default). */
typedef struct {
    char magic[8];
    uint32_t format;
    char kind[16], rules[16];
    uint32_t planes, kinds, actions;
    const char *info;
    int nchecks;
    const float *check_x;   /* nchecks x [52][34] */
    const float *check_y;   /* nchecks x [155]: the logits the file claims */
    size_t extra;           /* zero bytes added before the hash (sizes that do not add up) */
} nn_ref_file;

void nn_ref_file_default(nn_ref_file *f);
/* The file's bytes (malloc'ed) and length; the hash over them is right. */
unsigned char *nn_ref_encode(const nn_ref *n, const nn_ref_file *f, size_t *len);
/* nchecks random check inputs into x (nchecks x 52 x 34) and the reference's logits into y. */
void nn_ref_checks(const nn_ref *n, int nchecks, uint64_t seed, float *x, float *y);
/* Writes bytes to path; fails the test when it cannot. */
void nn_ref_write(const char *path, const unsigned char *buf, size_t len);

#endif
