/* Internal: min-plus combination of table entries, the hot path of the evaluator.
 *
 * A table entry unpacks to 16 bytes: lanes 0..5 = distance to m sets without a pair, lanes
 * 8..13 = with the pair, lanes 6, 7, 14, 15 = 15 (saturated; used as "impossible").
 * combining two groups A and B: C[m] = min over j of A[j] + B[m - j], and for the pair half
 * min(A[j] + Bpair[m-j], Apair[j] + B[m-j]). Any result >= 15 may involve a saturated value,
 * so callers treat >= 15 as "unknown" and fall back to exact code. */
#ifndef JONG_COMBINE_H
#define JONG_COMBINE_H

#include <stdint.h>
#include <string.h>

#include "cpu.h"
#include "suit_table.h"

#if JONG_CPU_DISPATCH
#include <immintrin.h>
#endif

/* Portable version: the scalar level, and what the tests check the vector versions against. */
static inline void jong_unpack_scalar(uint64_t e, uint8_t out[16])
{
    for (int i = 0; i < 16; i++)
        out[i] = (uint8_t)((e >> (4 * i)) & 15);
}

static inline void jong_combine_scalar(const uint8_t a[16], const uint8_t b[16], int sets, uint8_t out[16])
{
    uint8_t r[16];
    memset(r, 60, sizeof r);
    for (int k = 0; k <= sets; k++)
        for (int j = 0; j <= k; j++) {
            int np = a[j] + b[k - j];
            int p = a[j] + b[8 + k - j], p2 = a[8 + j] + b[k - j];
            if (p2 < p) p = p2;
            if (np < r[k]) r[k] = (uint8_t)np;
            if (p < r[8 + k]) r[8 + k] = (uint8_t)p;
        }
    memcpy(out, r, 16);
}

/* Distance to `sets` sets and a pair from the four groups' entries, scalar. */
static inline int jong_total_scalar(const uint64_t e[4], int sets)
{
    uint8_t a[16], b[16], x[16], y[16];
    jong_unpack_scalar(e[0], a);
    jong_unpack_scalar(e[1], b);
    jong_combine_scalar(a, b, sets, x);
    jong_unpack_scalar(e[2], a);
    jong_unpack_scalar(e[3], b);
    jong_combine_scalar(a, b, sets, y);
    int best = 255;
    for (int j = 0; j <= sets; j++) {
        int v1 = x[j] + y[8 + sets - j], v2 = x[8 + j] + y[sets - j];
        if (v1 < best) best = v1;
        if (v2 < best) best = v2;
    }
    return best;
}

#if JONG_CPU_DISPATCH
/* Shuffle masks, built once per call site by the compiler from these constant tables. */
extern const uint8_t jong_shift_same[6][16];  /* B shifted by j within each half */
extern const uint8_t jong_shift_cross[6][16]; /* B's no-pair half shifted by j into the pair half */
extern const uint8_t jong_bcast[16][16];      /* all lanes = lane i */
extern const uint8_t jong_reverse[6][16];     /* Y reversed around `sets`, halves swapped */

JONG_TARGET_SSE4 static inline __m128i jong_unpack_sse(uint64_t e)
{
    const __m128i low4 = _mm_set1_epi8(15);
    __m128i x = _mm_cvtsi64_si128((long long)e);
    __m128i lo = _mm_and_si128(x, low4);
    __m128i hi = _mm_and_si128(_mm_srli_epi16(x, 4), low4);
    return _mm_unpacklo_epi8(lo, hi);
}

JONG_TARGET_SSE4 static inline int jong_hmin_sse(__m128i z)
{
    /* Fold bytes into 16-bit lanes, then one phminposuw. */
    __m128i w = _mm_min_epu16(_mm_and_si128(z, _mm_set1_epi16(255)), _mm_srli_epi16(z, 8));
    return _mm_cvtsi128_si32(_mm_minpos_epu16(w)) & 0xFFFF;
}

/* AVX2: both pairs of groups at once: lane 0 combines (m, p), lane 1 combines (s, honors).
 * The four entries come as one vector, 64-bit lane g = entry g (SIMCAT keeps them so). */
JONG_TARGET_AVX2 static inline int jong_total_avx2_vec(__m256i x, int sets)
{
    /* Unpack all four entries together: nibble i of entry g goes to byte i of its half. */
    const __m256i low4 = _mm256_set1_epi8(15);
    __m256i lo = _mm256_and_si256(x, low4), hi = _mm256_and_si256(_mm256_srli_epi16(x, 4), low4);
    __m256i A = _mm256_unpacklo_epi8(lo, hi), B = _mm256_unpackhi_epi8(lo, hi);
    /* j = 0: A holds zero sets without the pair at no cost (A[0] = 0), so that term is B itself. */
    __m256i C = _mm256_min_epu8(B, _mm256_add_epi8(
        _mm256_shuffle_epi8(B, _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)jong_shift_cross[0]))),
        _mm256_shuffle_epi8(A, _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)jong_bcast[8])))));
#pragma GCC unroll 8 /* with `sets` a constant (SIMCAT's total_avx2): no loop, constant masks */
    for (int j = 1; j <= sets; j++) {
        __m256i same = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)jong_shift_same[j]));
        __m256i cross = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)jong_shift_cross[j]));
        __m256i bnp = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)jong_bcast[j]));
        __m256i bp = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)jong_bcast[8 + j]));
        __m256i t1 = _mm256_add_epi8(_mm256_shuffle_epi8(B, same), _mm256_shuffle_epi8(A, bnp));
        __m256i t2 = _mm256_add_epi8(_mm256_shuffle_epi8(B, cross), _mm256_shuffle_epi8(A, bp));
        C = _mm256_min_epu8(C, _mm256_min_epu8(t1, t2));
    }
    __m128i X = _mm256_castsi256_si128(C), Y = _mm256_extracti128_si256(C, 1);
    __m128i R = _mm_shuffle_epi8(Y, _mm_loadu_si128((const __m128i *)jong_reverse[sets]));
    return jong_hmin_sse(_mm_adds_epu8(X, R));
}

JONG_TARGET_AVX2 static inline int jong_total_avx2(const uint64_t e[4], int sets)
{
    return jong_total_avx2_vec(_mm256_set_epi64x((long long)e[3], (long long)e[2], (long long)e[1], (long long)e[0]),
                               sets);
}

/* SSE4: one pair of groups at a time. */
JONG_TARGET_SSE4 static inline __m128i jong_combine_sse(__m128i A, __m128i B, int sets)
{
    __m128i C = _mm_set1_epi8(60);
    for (int j = 0; j <= sets; j++) {
        __m128i t1 = _mm_add_epi8(_mm_shuffle_epi8(B, _mm_loadu_si128((const __m128i *)jong_shift_same[j])),
                                  _mm_shuffle_epi8(A, _mm_loadu_si128((const __m128i *)jong_bcast[j])));
        __m128i t2 = _mm_add_epi8(_mm_shuffle_epi8(B, _mm_loadu_si128((const __m128i *)jong_shift_cross[j])),
                                  _mm_shuffle_epi8(A, _mm_loadu_si128((const __m128i *)jong_bcast[8 + j])));
        C = _mm_min_epu8(C, _mm_min_epu8(t1, t2));
    }
    return C;
}

JONG_TARGET_SSE4 static inline int jong_total_sse4(const uint64_t e[4], int sets)
{
    __m128i X = jong_combine_sse(jong_unpack_sse(e[0]), jong_unpack_sse(e[1]), sets);
    __m128i Y = jong_combine_sse(jong_unpack_sse(e[2]), jong_unpack_sse(e[3]), sets);
    __m128i R = _mm_shuffle_epi8(Y, _mm_loadu_si128((const __m128i *)jong_reverse[sets]));
    return jong_hmin_sse(_mm_adds_epu8(X, R));
}
#endif

/* In a level's code (cpu.h), JONG_V(jong_total)(e, sets) is that level's combination. */

#endif
