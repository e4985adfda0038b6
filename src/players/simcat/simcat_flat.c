/* SIMCAT's flat Monte Carlo over a list of afterstates ("arms") with progressive pruning, and
 * the tatsu-breaking / non-tatsu-breaking split of the discard-twice method.
 *
 * Every live arm is simulated on the same deal (common random numbers): the comparison between
 * arms then sees the same luck, and one deal serves them all. Iterations give each live arm
 * `first` simulations, then `step`; after each iteration an arm whose upper bound
 * (rate + r_d sigma) is below the best lower bound (rate - r_d sigma) is pruned, sigma being the
 * standard error of its rate. The run stops when the budget is spent, one arm is left or the
 * stop flag is raised; the flag is read once per deal, so stopping costs at most one deal. */
#include "simcat.h"

#include <math.h>
#include <string.h>

#include "jong/eval.h"

double jong_simcat_rate(const jong_simcat_stats *st, int arm)
{
    return st->sims[arm] ? (double)st->wins[arm] / (double)st->sims[arm] : 0.0;
}

double jong_simcat_sigma(const jong_simcat_stats *st, int arm)
{
    if (!st->sims[arm])
        return 1.0; /* nothing known yet: an interval wider than any rate */
    double p = jong_simcat_rate(st, arm);
    return sqrt(p * (1 - p) / (double)st->sims[arm]);
}

static bool one_sim(const jong_simcat_params *p, const jong_simcat_arm *a, const uint8_t *tiles, int m,
                    jong_simcat_work *w, long *states)
{
    const uint8_t *counts = a->counts;
    if (p->model == JONG_SIMCAT_SP)
        return jong_simcat_sim_sp(counts, a->sets, tiles, m);
    bool win = jong_simcat_sim_fp(w, counts, a->sets, tiles, m);
    *states += jong_simcat_work_states(w);
    return win;
}

static void prune(const jong_simcat_params *p, int narms, jong_simcat_stats *st)
{
    double best_low = -1;
    for (int i = 0; i < narms; i++)
        if (!st->pruned[i]) {
            double low = jong_simcat_rate(st, i) - p->rd * jong_simcat_sigma(st, i);
            if (low > best_low)
                best_low = low;
        }
    for (int i = 0; i < narms; i++)
        if (!st->pruned[i] && jong_simcat_rate(st, i) + p->rd * jong_simcat_sigma(st, i) < best_low)
            st->pruned[i] = true;
}

static int best_arm(int narms, const jong_simcat_stats *st)
{
    int best = 0;
    double rate = -1;
    for (int i = 0; i < narms; i++)
        if (!st->pruned[i] && jong_simcat_rate(st, i) > rate) {
            rate = jong_simcat_rate(st, i);
            best = i;
        }
    return best;
}

int jong_simcat_flat(const jong_simcat_params *p, const jong_simcat_arm *arms, int narms,
                     const uint8_t pool[JONG_KINDS], long budget, jong_rng *rng,
                     const atomic_bool *stop, jong_simcat_work *w, jong_simcat_stats *st)
{
    memset(st, 0, sizeof *st);
    return jong_simcat_flat_more(p, arms, narms, pool, budget, rng, stop, w, st);
}

int jong_simcat_flat_more(const jong_simcat_params *p, const jong_simcat_arm *arms, int narms,
                          const uint8_t pool[JONG_KINDS], long budget, jong_rng *rng,
                          const atomic_bool *stop, jong_simcat_work *w, jong_simcat_stats *st)
{
    st->stopped = false;
    if (narms <= 1 || narms > JONG_SIMCAT_MAX_ARMS)
        return 0;
    int total = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        total += pool[k];
    int m = p->rounds < 1 ? 1 : p->rounds > JONG_SIMCAT_MAX_ROUNDS ? JONG_SIMCAT_MAX_ROUNDS : p->rounds;
    while (m > 1 && 4 * m > total)
        m--;
    if (4 * m > total)
        return 0; /* no deal possible: nothing to learn, the first arm stands */
    uint8_t scratch[4 * JONG_KINDS], tiles[4 * JONG_SIMCAT_MAX_ROUNDS];
    int live = 0;
    for (int i = 0; i < narms; i++)
        live += !st->pruned[i];
    for (int iter = st->total ? 1 : 0; live > 1; iter++) {
        int batch = iter == 0 ? p->first : p->step;
        if (batch < 1)
            batch = 1;
        for (int b = 0; b < batch; b++) {
            if (st->total + live > budget || (stop && atomic_load_explicit(stop, memory_order_relaxed)) ||
                (p->now_ms && p->now_ms() >= p->deadline_ms)) {
                st->stopped = st->total + live <= budget;
                return best_arm(narms, st);
            }
            jong_simcat_deal(rng, pool, scratch, tiles, 4 * m);
            for (int i = 0; i < narms; i++) {
                if (st->pruned[i])
                    continue;
                st->sims[i]++;
                st->wins[i] += one_sim(p, &arms[i], tiles, m, w, &st->states);
            }
            st->total += live;
        }
        if (p->prune) {
            prune(p, narms, st);
            live = 0;
            for (int i = 0; i < narms; i++)
                live += !st->pruned[i];
        }
    }
    return best_arm(narms, st);
}

void jong_simcat_tatsu_sets(const uint8_t counts[JONG_KINDS], int melds, uint64_t *breaking,
                            uint64_t *keeping)
{
    uint8_t c[JONG_KINDS];
    memcpy(c, counts, sizeof c);
    int now = jong_blocks(c, melds);
    *breaking = *keeping = 0;
    for (int k = 0; k < JONG_KINDS; k++) {
        if (!c[k])
            continue;
        c[k]--;
        if (jong_blocks(c, melds) < now)
            *breaking |= 1ull << k;
        else
            *keeping |= 1ull << k;
        c[k]++;
    }
}
