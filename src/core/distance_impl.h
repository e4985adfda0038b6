/* The standard-form distance's fast path at one level (cpu.h): four table lookups and the
 * min-plus combination, the exact DP where a saturated value could matter. Included once per
 * level by eval_scalar.c, eval_sse4.c and eval_avx2.c (after JONG_LEVEL, JONG_SUFFIX and the
 * headers they list); jong_distance_standard (distance.c) calls the level in use. */

static inline void lookup(const uint8_t counts[JONG_KINDS], uint64_t e[4])
{
#if JONG_LEVEL >= JONG_CPU_AVX2
    /* All four indices with multiply-adds: byte pairs (d0 + 5 d1 ...), then pairs of those
     * (digits 0-3 and 4-7 of a suit), then the weights of suit_table.h. Lanes: m | p and s | honors. */
    __m128i m = _mm_loadu_si128((const __m128i *)counts);
    __m128i p = _mm_loadu_si128((const __m128i *)(counts + 9));
    __m128i s = _mm_loadu_si128((const __m128i *)(counts + 18)); /* s, then the honors at bytes 9..15 */
    __m256i x0 = _mm256_inserti128_si256(_mm256_castsi128_si256(m), p, 1);
    __m256i x1 = _mm256_inserti128_si256(_mm256_castsi128_si256(s), _mm_srli_si128(s, 9), 1);
    const __m256i w1 = _mm256_setr_epi8(1, 5, 1, 5, 1, 5, 1, 5, 1, 0, 0, 0, 0, 0, 0, 0,
                                        1, 5, 1, 5, 1, 5, 1, 5, 1, 0, 0, 0, 0, 0, 0, 0);
    const __m256i w2 = _mm256_setr_epi16(1, 25, 1, 25, 1, 0, 0, 0, 1, 25, 1, 25, 1, 0, 0, 0);
    const __m256i w3 = _mm256_setr_epi16(5, 3125, 1, 0, 0, 0, 0, 0, 5, 3125, 1, 0, 0, 0, 0, 0);
    const __m256i w3h = _mm256_setr_epi16(5, 3125, 1, 0, 0, 0, 0, 0, 1, 625, 0, 0, 0, 0, 0, 0);
    __m256i f0 = _mm256_madd_epi16(_mm256_maddubs_epi16(x0, w1), w2);
    __m256i f1 = _mm256_madd_epi16(_mm256_maddubs_epi16(x1, w1), w2);
    __m256i g0 = _mm256_madd_epi16(_mm256_packus_epi32(f0, f0), w3);
    __m256i g1 = _mm256_madd_epi16(_mm256_packus_epi32(f1, f1), w3h);
    g0 = _mm256_add_epi32(g0, _mm256_srli_epi64(g0, 32));
    g1 = _mm256_add_epi32(g1, _mm256_srli_epi64(g1, 32));
    e[0] = jong_suit_table[(uint32_t)_mm256_cvtsi256_si32(g0)];
    e[1] = jong_suit_table[(uint32_t)_mm_cvtsi128_si32(_mm256_extracti128_si256(g0, 1))];
    e[2] = jong_suit_table[(uint32_t)_mm256_cvtsi256_si32(g1)];
    e[3] = jong_honor_table[(uint32_t)_mm_cvtsi128_si32(_mm256_extracti128_si256(g1, 1))];
#else
    e[0] = jong_suit_table[jong_suit_index(counts)];
    e[1] = jong_suit_table[jong_suit_index(counts + 9)];
    e[2] = jong_suit_table[jong_suit_index(counts + 18)];
    e[3] = jong_honor_table[jong_honor_index(counts + 27)];
#endif
}

int JONG_V(jong_distance_standard)(const uint8_t counts[JONG_KINDS], int sets)
{
    if (sets < 0 || sets > JONG_DP_MAXSETS)
        return JONG_UNDEFINED;
    if (sets <= JONG_MAX_SETS) {
        uint64_t e[4];
        lookup(counts, e);
        int d;
        /* Constant set counts let the compiler unroll the combination completely. */
        switch (sets) {
        case 4: d = JONG_V(jong_total)(e, 4); break;
        case 5: d = JONG_V(jong_total)(e, 5); break;
        default: d = JONG_V(jong_total)(e, sets); break;
        }
        if (d < JONG_TABLE_SAT)
            return d;
    }
    return jong_dp_distance(counts, sets, jong_full_limit);
}
