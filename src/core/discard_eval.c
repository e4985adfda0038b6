/* Shanten after each discard, and the draws that lower it, computed incrementally.
 *
 * The standard-form distance is a min-plus combination of four per-group table entries (three
 * suits and the honors, see combine.h). Discarding k and drawing j change one or two groups, so
 * the unchanged groups are combined once per call: R[g] (the three groups other than g) and
 * P[g][h] (the two groups other than g and h). Then
 *   distance(H - k)     = point(entry of group(k) less k, R[group(k)])
 *   distance(H - k + j) = point(entry of group(k) less k plus j, R[g])                 j in g
 *                       = point(entry of group(j) plus j, entry of g less k (+) P[g][h]) j in h
 * where point(A, B) is the combination at exactly `sets` sets and the pair. Table indices are
 * base 5 per group (suit_table.h), so removing or adding a tile is one subtraction or addition.
 * As in jong_distance_standard, a combined value below JONG_TABLE_SAT is exact (every term is a
 * sum of entries and a saturated entry makes its term at least JONG_TABLE_SAT), and anything
 * else falls back to jong_distance_standard on the actual counts.
 * The code is in discard_eval_impl.h, once per level of the CPU (cpu.h); here the calls of
 * the level in use. */
#include "jong/eval.h"

#include <string.h>

#include "cpu.h"
#include "eval_levels.h"

int jong_discard_shanten(const uint8_t counts[JONG_KINDS], int sets, int shanten[JONG_KINDS], uint64_t *least)
{
    JONG_DISPATCH(jong_discard_shanten, (counts, sets, shanten, least));
}

void jong_discard_draws(const uint8_t counts[JONG_KINDS], int sets, uint64_t discards, uint64_t draws,
                        uint64_t lowers[JONG_KINDS])
{
    JONG_DISPATCH_VOID(jong_discard_draws, (counts, sets, discards, draws, lowers));
}

uint64_t jong_lowering_draws(const uint8_t counts[JONG_KINDS], int sets, uint64_t draws, int *distance)
{
    JONG_DISPATCH(jong_lowering_draws, (counts, sets, draws, distance));
}

int jong_discard_effective(const uint8_t counts[JONG_KINDS], int sets, const uint8_t weight[JONG_KINDS],
                           int shanten[JONG_KINDS], int eff[JONG_KINDS])
{
    int best = jong_discard_shanten(counts, sets, shanten, NULL);
    uint64_t discards = 0, draws = 0;
    for (int k = 0; k < JONG_KINDS; k++) {
        eff[k] = -1;
        if (best != JONG_UNDEFINED && shanten[k] == best)
            discards |= 1ull << k;
        if (weight[k])
            draws |= 1ull << k;
    }
    uint64_t lowers[JONG_KINDS];
    jong_discard_draws(counts, sets, discards, draws, lowers);
    for (int k = 0; k < JONG_KINDS; k++) {
        if (!(discards >> k & 1))
            continue;
        int total = 0;
        for (uint64_t m = lowers[k]; m; m &= m - 1)
            total += weight[__builtin_ctzll(m)];
        eff[k] = total;
    }
    return best;
}
