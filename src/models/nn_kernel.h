/* Internal: the one hot loop of the network's forward pass (nn_forward.c), at each level of the
 * CPU (core/cpu.h): out[0..ld) = b + the sum over e < n of vals[e] x row rows[e] of w, where w's
 * rows hold ld floats (ld a multiple of 8; w, b and out 32-byte aligned). The inputs come as a
 * list of the non-zero ones: the planes are mostly zeros and half of every layer is cut by ReLU,
 * so a layer costs its non-zero inputs, not all of them.
 *
 * Both levels add the terms to each output in the same order, b first, one multiply and one add
 * per term, never fused (the files turn contraction off for clang, and GCC does not contract in
 * ISO C mode): so they give the same floats and the same move. */
#ifndef JONG_NN_KERNEL_H
#define JONG_NN_KERNEL_H

#include <stddef.h>

#include "core/cpu.h"

#define JONG_NN_KERNEL_DECL(S)                                                                     \
    void jong_nn_kernel##S(float *out, const float *b, const float *w, size_t ld, const int *rows,   \
                           const float *vals, int n);

JONG_NN_KERNEL_DECL(_scalar)
#if JONG_CPU_DISPATCH
JONG_NN_KERNEL_DECL(_avx2)
#endif

#endif
