/* Neural network files (.jnn) and their inference: the riichi policy of the `neural` player, a
 * residual 1-D convolution over the 34 kinds trained outside Jong (tools/train_neural.py) on the
 * planes of planes.h.
 *
 * The file, little-endian:
 *   char magic[8] "JONGNNET", u32 format (1), char kind[16] ("policy"), char rules[16] ("riichi"),
 *   u32 planes, kinds, actions (52, 34, 155), u32 channels C, blocks B, head H,
 *   u32 info length, the info bytes (UTF-8: how the file was made),
 *   f32 tensors in PyTorch's shapes, row-major: stem.w [C][planes][3], stem.b [C]; per block
 *   c1.w [C][C][3], c1.b [C], c2.w [C][C][3], c2.b [C]; head.w [H][C], head.b [H];
 *   fc.w [actions][H*34] (input h*34 + k), fc.b [actions];
 *   u32 nchecks, then per check f32 x[planes][34] and f32 logits[actions] (the trainer's own
 *   output for x);
 *   u64 FNV-1a of every byte before it (model_file.h).
 * The network (conv3: kernel 3, padding 1, zeros outside kinds 0..33):
 *   a = relu(conv3(x; stem)); per block a = relu(a + conv3(relu(conv3(a; c1)); c2));
 *   h = relu(head.w . a + head.b) per kind; logits = fc.w . flatten(h) + fc.b.
 * Loading checks every part and says in one line what is wrong, then runs every check input and
 * refuses the file unless each logit is within JONG_NN_TOLERANCE of the stored one: the check
 * that this code computes what the training framework computed. */
#ifndef JONG_NEURALNET_H
#define JONG_NEURALNET_H

#include <stddef.h>
#include <stdint.h>

#include "jong/error.h"

#define JONG_NN_FORMAT 1
/* A check logit y passes when |y - stored| <= JONG_NN_TOLERANCE * max(1, |stored|): absolute
 * below 1, relative above (float32 sums in another order differ by far less). */
#define JONG_NN_TOLERANCE 1e-4
/* The largest network a file may describe (a damaged size field must not allocate gigabytes). */
#define JONG_NN_MAX_CHANNELS 512
#define JONG_NN_MAX_BLOCKS 32
#define JONG_NN_MAX_HEAD 256

typedef struct {
    char kind[16], rules[16];
    int channels, blocks, head;
    int nchecks;
    char *info;         /* how the file was made, NUL-terminated */
    double worst_check; /* the largest |difference| over the check logits at load */
    /* The weights, laid out for the forward pass (nn_forward.c): each layer a matrix of rows of
     * `ld` floats, one row per (tap, input channel), the outputs contiguous along the row and
     * padded with zeros to a multiple of 8 (32-byte aligned). */
    int cp, hp, ap;     /* C, H and the actions padded to a multiple of 8 */
    float *stem_w, *stem_b, *conv_w, *conv_b, *head_w, *head_b, *fc_w, *fc_b;
    /* The scratch of one forward pass: a network is used by one thread at a time. */
    float *act, *mid, *hid, *out;
    int *nnz, *idx, *rows;
    float *val, *vals;
    int list_ld;        /* entries per kind in idx and val */
    void *mem;          /* the one allocation everything above lives in */
} jong_nn;

/* Decode a file's bytes; name says where they come from in messages ("model NAME: ..."). */
int jong_nn_decode(const void *buf, size_t len, const char *name, jong_nn *n, jong_error *err);
int jong_nn_load(const char *path, jong_nn *n, jong_error *err);
void jong_nn_free(jong_nn *n);

/* logits[155] of the planes x[52 * 34] (plane-major, as planes.h writes them), at the CPU
 * level in use (core/cpu.h: avx2 where the CPU has it, the scalar code otherwise). */
void jong_nn_forward(jong_nn *n, const float *x, float *logits);
/* The same at a given level (JONG_CPU_SCALAR or JONG_CPU_AVX2, lowered to what the CPU has), for
 * the tests and `jong bench neural`. Every level gives the same logits, bit for bit where the
 * compiler keeps each multiply and add apart (it does here: see nn_kernel.h). */
void jong_nn_forward_at(jong_nn *n, const float *x, float *logits, int level);

#endif
