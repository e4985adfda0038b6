/* The network's kernel (nn_kernel.h) in plain C: every CPU, and the only level off x86-64. */
#include "nn_kernel.h"

#ifdef __clang__
#pragma STDC FP_CONTRACT OFF /* a fused multiply-add would round differently from the avx2 level */
#endif

void jong_nn_kernel_scalar(float *out, const float *b, const float *w, size_t ld, const int *rows,
                           const float *vals, int n)
{
    for (size_t c = 0; c < ld; c++)
        out[c] = b[c];
    for (int e = 0; e < n; e++) {
        const float v = vals[e], *row = w + (size_t)rows[e] * ld;
        for (size_t c = 0; c < ld; c++)
            out[c] += v * row[c];
    }
}
