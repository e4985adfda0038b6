/* The network's kernel (nn_kernel.h) at the avx2 level (core/cpu.h): the outputs in chunks of up
 * to 64 (eight 8-float accumulators kept in registers across the whole list), each input's
 * value broadcast against its row. */
#include "nn_kernel.h"

#if JONG_CPU_DISPATCH
#include <immintrin.h>

#ifdef __clang__
#pragma STDC FP_CONTRACT OFF /* keep the scalar level's rounding: one multiply, one add */
#endif

JONG_REGION_AVX2

/* One chunk of NV vectors of outputs, one named accumulator each (an array of them is not kept
 * in registers), so that the whole list runs without a load or store of an output. */
#define NN_INIT(j) __m256 acc##j = _mm256_load_ps(b + 8 * j);
#define NN_STEP(j) acc##j = _mm256_add_ps(acc##j, _mm256_mul_ps(v, _mm256_load_ps(row + 8 * j)));
#define NN_STORE(j) _mm256_store_ps(out + 8 * j, acc##j);
#define NN_REP1(M) M(0)
#define NN_REP2(M) M(0) M(1)
#define NN_REP4(M) M(0) M(1) M(2) M(3)
#define NN_REP8(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7)
#define NN_CHUNK(NV)                                                                               \
    static inline void chunk##NV(float *out, const float *b, const float *w, size_t ld,           \
                                 const int *rows, const float *vals, int n)                        \
    {                                                                                              \
        NN_REP##NV(NN_INIT)                                                                        \
        for (int e = 0; e < n; e++) {                                                              \
            __m256 v = _mm256_set1_ps(vals[e]);                                                    \
            const float *row = w + (size_t)rows[e] * ld;                                           \
            NN_REP##NV(NN_STEP)                                                                    \
        }                                                                                          \
        NN_REP##NV(NN_STORE)                                                                       \
    }

NN_CHUNK(8)
NN_CHUNK(4)
NN_CHUNK(2)
NN_CHUNK(1)

void jong_nn_kernel_avx2(float *out, const float *b, const float *w, size_t ld, const int *rows,
                         const float *vals, int n)
{
    size_t c = 0;
    for (; c + 64 <= ld; c += 64)
        chunk8(out + c, b + c, w + c, ld, rows, vals, n);
    if (c + 32 <= ld)
        chunk4(out + c, b + c, w + c, ld, rows, vals, n), c += 32;
    if (c + 16 <= ld)
        chunk2(out + c, b + c, w + c, ld, rows, vals, n), c += 16;
    if (c + 8 <= ld)
        chunk1(out + c, b + c, w + c, ld, rows, vals, n);
}

JONG_REGION_END
#else
typedef int jong_no_nn_avx2_level; /* not x86-64: the scalar level only (a C file may not be empty) */
#endif
