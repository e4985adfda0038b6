/* Standard-form distances: table lookups and the vector combination (distance_impl.h, at the
 * level the CPU runs: cpu.h), with the exact DP as the fallback where a saturated table value
 * could matter or a limit is below 4. */
#include "jong/eval.h"

#include <string.h>

#include "cpu.h"
#include "eval_levels.h"
#include "suit_dp.h"
#include "suit_table.h"

int jong_distance_standard(const uint8_t counts[JONG_KINDS], int sets)
{
    JONG_DISPATCH(jong_distance_standard, (counts, sets));
}

int jong_distance_standard_limited(const uint8_t counts[JONG_KINDS], int sets,
                                   const uint8_t limit[JONG_KINDS])
{
    if (sets < 0 || sets > JONG_DP_MAXSETS)
        return JONG_UNDEFINED;
    if (memcmp(limit, jong_full_limit, JONG_KINDS) == 0)
        return jong_distance_standard(counts, sets);
    if (sets > JONG_MAX_SETS)
        return jong_dp_distance(counts, sets, limit);
    /* Groups without a lowered limit still come from the tables; only the others need the DP. */
    uint8_t acc[2][JONG_DP_MAXSETS + 1], part[2][JONG_DP_MAXSETS + 1];
    for (int g = 0; g < 4; g++) {
        const uint8_t *c = counts + 9 * g, *lim = limit + 9 * g;
        int n = g < 3 ? 9 : 7;
        if (memcmp(lim, jong_full_limit, (size_t)n) == 0) {
            uint64_t e = g < 3 ? jong_suit_table[jong_suit_index(c)] : jong_honor_table[jong_honor_index(c)];
            for (int p = 0; p < 2; p++)
                for (int m = 0; m <= JONG_DP_MAXSETS; m++)
                    part[p][m] = m <= JONG_MAX_SETS ? (uint8_t)jong_entry_get(e, m, p) : JONG_DP_INF;
        } else {
            jong_suit_dp(c, lim, n, g < 3, sets, part);
        }
        if (g == 0)
            memcpy(acc, part, sizeof acc);
        else
            jong_dist_combine(acc, part, sets, acc);
    }
    if (acc[1][sets] < JONG_TABLE_SAT)
        return acc[1][sets];
    return jong_dp_distance(counts, sets, limit);
}

int jong_shanten_standard(const uint8_t counts[JONG_KINDS], int sets)
{
    int d = jong_distance_standard(counts, sets);
    return d == JONG_UNDEFINED ? d : d - 1;
}
