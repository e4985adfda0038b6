/* The three forms' shanten at one level (cpu.h): one pass over the counts for the special
 * forms, the standard form from the same level's distance. Included once per level by
 * eval_scalar.c, eval_sse4.c and eval_avx2.c, after distance_impl.h; jong_shanten_all
 * (special_forms.c) calls the level in use. */

/* Bit masks over kinds 0..33: the thirteen orphans. */
#define ORPHAN_MASK ((1ull << 0) | (1ull << 8) | (1ull << 9) | (1ull << 17) | (1ull << 18) | (1ull << 26) | \
                     (0x7Full << 27))

/* Kinds held (bit k: count >= 1), kinds paired (count >= 2) and the tile total, in one pass. */
static inline void census(const uint8_t counts[JONG_KINDS], uint64_t *held, uint64_t *paired, int *tiles)
{
#if JONG_LEVEL >= JONG_CPU_AVX2
    __m256i x = _mm256_loadu_si256((const __m256i *)counts);
    uint32_t h = (uint32_t)_mm256_movemask_epi8(_mm256_cmpgt_epi8(x, _mm256_set1_epi8(0)));
    uint32_t p = (uint32_t)_mm256_movemask_epi8(_mm256_cmpgt_epi8(x, _mm256_set1_epi8(1)));
    __m256i sad = _mm256_sad_epu8(x, _mm256_setzero_si256());
    __m128i s2 = _mm_add_epi64(_mm256_castsi256_si128(sad), _mm256_extracti128_si256(sad, 1));
    *tiles = (int)(_mm_cvtsi128_si64(s2) + _mm_extract_epi64(s2, 1)) + counts[32] + counts[33];
    *held = h | (uint64_t)(counts[32] >= 1) << 32 | (uint64_t)(counts[33] >= 1) << 33;
    *paired = p | (uint64_t)(counts[32] >= 2) << 32 | (uint64_t)(counts[33] >= 2) << 33;
#else
    uint64_t h = 0, p = 0;
    int n = 0;
    for (int k = 0; k < JONG_KINDS; k++) {
        n += counts[k];
        h |= (uint64_t)(counts[k] >= 1) << k;
        p |= (uint64_t)(counts[k] >= 2) << k;
    }
    *held = h, *paired = p, *tiles = n;
#endif
}

void JONG_V(jong_shanten_all)(const uint8_t counts[JONG_KINDS], int sets, jong_shanten3 *out)
{
    uint64_t held, paired;
    int n;
    census(counts, &held, &paired, &n);
    int d = JONG_V(jong_distance_standard)(counts, sets);
    out->standard = d == JONG_UNDEFINED ? d : d - 1;
    if (sets == 4 && (n == 13 || n == 14)) {
        int kinds = __builtin_popcountll(held), pairs = __builtin_popcountll(paired);
        out->chiitoi = 6 - pairs + (kinds < 7 ? 7 - kinds : 0);
        out->kokushi = 13 - __builtin_popcountll(held & ORPHAN_MASK) - ((paired & ORPHAN_MASK) != 0);
    } else {
        out->chiitoi = out->kokushi = JONG_UNDEFINED;
    }
    out->best = out->standard;
    if (out->chiitoi < out->best) out->best = out->chiitoi;
    if (out->kokushi < out->best) out->best = out->kokushi;
}
