/* Speed of a hand after its discard, one or two draws deep (see hand_speed.h). */
#include <string.h>

#include "hand_speed.h"
#include "jong/eval.h"

/* Two draws deep: over the draws j that lower the distance of `after`, unseen[j] x the most
 * effective draws of the hand after j and its best discard. */
static double two_draws(const uint8_t after[JONG_KINDS], int sets, uint64_t lower, const int unseen[JONG_KINDS],
                        const double *weight)
{
    double total = 0;
    for (uint64_t m = lower; m; m &= m - 1) {
        int j = __builtin_ctzll(m);
        if (unseen[j] <= 0)
            continue;
        uint8_t c2[JONG_KINDS], w[JONG_KINDS];
        memcpy(c2, after, JONG_KINDS);
        c2[j]++;
        for (int k = 0; k < JONG_KINDS; k++)
            w[k] = (uint8_t)(unseen[k] - (k == j) > 0 ? unseen[k] - (k == j) : 0);
        int sh2[JONG_KINDS], eff2[JONG_KINDS], best = 0;
        if (jong_discard_effective(c2, sets, w, sh2, eff2) < 0) {
            best = 200; /* the draw completes the hand */
        } else {
            for (int k = 0; k < JONG_KINDS; k++)
                if (eff2[k] > best)
                    best = eff2[k];
        }
        total += (weight ? weight[j] : 1) * unseen[j] * best;
    }
    return total;
}

static double speed(const uint8_t after[JONG_KINDS], int sets, const int unseen[JONG_KINDS], int look,
                    const double *weight, int *distance)
{
    int dist;
    uint64_t lower = jong_lowering_draws(after, sets, (1ull << JONG_KINDS) - 1, &dist);
    if (distance)
        *distance = dist;
    if (look >= 2 && dist > 1)
        return two_draws(after, sets, lower, unseen, weight);
    double e = 0;
    for (uint64_t m = lower; m; m &= m - 1) {
        int j = __builtin_ctzll(m);
        e += (weight ? weight[j] : 1) * unseen[j];
    }
    return e;
}

double jong_hand_speed(const uint8_t after[JONG_KINDS], int sets, const int unseen[JONG_KINDS], int look,
                       int *distance)
{
    return speed(after, sets, unseen, look, NULL, distance);
}

double jong_hand_speed_weighted(const uint8_t after[JONG_KINDS], int sets, const int unseen[JONG_KINDS], int look,
                                const double weight[JONG_KINDS])
{
    return speed(after, sets, unseen, look, weight, NULL);
}
