/* One greedy rollout (rollout.h). */
#include "rollout.h"

#include <string.h>

#include "jong/eval.h"

/* q(t) of others' wins: the chance that a hand of four greedy players ends with a win at the
 * discard after t discards, measured on 1,000 one-hand games (jong play --rules taiwan --players
 * greedy --games 1000 --hands 1 --seed 5 --log DIR: wins at each discard count over the hands
 * still going), smoothed, times 3/4 for the three seats that are not us. */
static const struct {
    int t;
    double q;
} hazard_points[] = {{12, 0.0}, {20, 0.012}, {28, 0.040}, {36, 0.055}, {44, 0.110}, {52, 0.170}, {200, 0.170}};

double jong_rollout_hazard(int t)
{
    int n = (int)(sizeof hazard_points / sizeof hazard_points[0]);
    if (t <= hazard_points[0].t)
        return 0;
    for (int i = 1; i < n; i++)
        if (t <= hazard_points[i].t) {
            double a = hazard_points[i - 1].q, b = hazard_points[i].q;
            double f = (double)(t - hazard_points[i - 1].t) / (hazard_points[i].t - hazard_points[i - 1].t);
            return 0.75 * (a + f * (b - a));
        }
    return 0.75 * hazard_points[n - 1].q;
}

void jong_rollout_deal(jong_rng *rng, const uint8_t pool[JONG_KINDS], uint8_t *tiles, int n)
{
    uint8_t all[4 * JONG_KINDS];
    int total = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        for (int i = 0; i < pool[k] && total < 4 * JONG_KINDS; i++)
            all[total++] = (uint8_t)k;
    if (n > total)
        n = total;
    for (int i = 0; i < n; i++) { /* partial Fisher-Yates */
        int j = i + (int)jong_rng_below(rng, (uint32_t)(total - i));
        uint8_t x = all[i];
        all[i] = all[j];
        all[j] = x;
        tiles[i] = all[i];
    }
}

int jong_rollout_greedy_discard(const uint8_t c[JONG_KINDS], int sets, const uint8_t w[JONG_KINDS])
{
    int sh[JONG_KINDS], eff[JONG_KINDS], best = -1;
    jong_discard_effective(c, sets, w, sh, eff);
    for (int k = 0; k < JONG_KINDS; k++)
        if (eff[k] >= 0 && (best < 0 || eff[k] > eff[best]))
            best = k;
    if (best < 0)
        for (int k = 0; k < JONG_KINDS && best < 0; k++)
            if (c[k])
                best = k;
    return best;
}

/* The hand of 3*sets+1 tiles: its shanten and, when ready, its winning kinds. */
static int state_of(const uint8_t c[JONG_KINDS], int sets, uint64_t *waits)
{
    int dist;
    uint64_t w = jong_lowering_draws(c, sets, (1ull << JONG_KINDS) - 1, &dist);
    *waits = dist == 1 ? w : 0;
    return dist - 1;
}

int jong_rollout_best_claim(uint8_t c[JONG_KINDS], int sets, int x, bool chow, int now, int take[2])
{
    int best = 99, sh[JONG_KINDS];
    if (sets < 1)
        return best;
    if (c[x] >= 2) {
        c[x] -= 2;
        int a = jong_discard_shanten(c, sets - 1, sh, NULL);
        c[x] += 2;
        if (a < now && a < best) {
            best = a;
            take[0] = take[1] = x;
        }
    }
    if (chow && x < JONG_NUMBER_KINDS) {
        int r = x % 9;
        for (int low = x - 2; low <= x; low++) {
            if (low < x - r || low + 2 > x - r + 8)
                continue; /* the chow leaves the suit */
            int o[2], m = 0;
            for (int y = low; y <= low + 2; y++)
                if (y != x)
                    o[m++] = y;
            int o1 = o[0], o2 = o[1];
            if (!c[o1] || !c[o2])
                continue;
            c[o1]--, c[o2]--;
            int a = jong_discard_shanten(c, sets - 1, sh, NULL);
            c[o1]++, c[o2]++;
            if (a < now && a < best) {
                best = a;
                take[0] = o1;
                take[1] = o2;
            }
        }
    }
    return best;
}

double jong_rollout_once(const jong_rollout_params *p, const uint8_t counts[JONG_KINDS], int sets,
                         const uint8_t *tiles, int n, int turn, const uint8_t weight[JONG_KINDS])
{
    uint8_t c[JONG_KINDS];
    memcpy(c, counts, sizeof c);
    uint64_t waits;
    int sh = state_of(c, sets, &waits), pos = 0, t = turn;
    double surv = 1;
    for (;;) {
        bool claimed = false;
        for (int k = 0; k < 3 && !claimed; k++) { /* next, opposite, previous seat */
            if (pos >= n)
                return 0;
            surv *= 1 - p->hazard * jong_rollout_hazard(t++);
            int x = tiles[pos++];
            if (waits >> x & 1)
                return surv; /* a win on the thrown tile */
            int take[2];
            if (jong_rollout_best_claim(c, sets, x, k == 2, sh, take) < 99) {
                c[take[0]]--;
                c[take[1]]--;
                sets--;
                c[jong_rollout_greedy_discard(c, sets, weight)]--;
                sh = state_of(c, sets, &waits);
                claimed = true; /* the turn goes on from the next seat */
            }
        }
        if (claimed)
            continue;
        if (pos >= n)
            return 0;
        int x = tiles[pos++];
        if (waits >> x & 1)
            return surv * p->self_draw;
        c[x]++;
        c[jong_rollout_greedy_discard(c, sets, weight)]--;
        sh = state_of(c, sets, &waits);
    }
}
