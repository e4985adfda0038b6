/* SIMCAT's discard decision: flat Monte Carlo over the single discards, then the discard-twice
 * method (paper section 4.2) when a heuristic is on and the best discard keeps every block.
 *
 * Budget: with a heuristic, stage 1 (single discards) gets half the budget. If the best
 * tatsu-breaking discard is at least as good as the best non-tatsu-breaking one (or a set is
 * empty), the rule says "take it" and stage 1 simply goes on with the whole budget. Otherwise
 * stage 2 simulates every pair of discards (the hand less two tiles) with the other half.
 * Which tile of H1's best pair goes first: the one whose single discard simulated better (the
 * paper's Table 1 pair 1t+2t starts with its best tatsu-breaking tile 1t). */
#include "simcat.h"

#include <math.h>
#include <string.h>

#include "jong/eval.h"

static bool good(const jong_simcat_stats *st, int arm, int best, double rd)
{
    return jong_simcat_rate(st, arm) + rd * jong_simcat_sigma(st, arm) >=
           jong_simcat_rate(st, best) - rd * jong_simcat_sigma(st, best);
}

/* Stage 2: every pair {a, b} of held kinds (a == b when two are held). */
typedef struct {
    jong_simcat_arm arms[JONG_SIMCAT_MAX_ARMS];
    uint8_t a[JONG_SIMCAT_MAX_ARMS], b[JONG_SIMCAT_MAX_ARMS];
    int n;
} pairs;

static void make_pairs(const uint8_t counts[JONG_KINDS], int sets, uint64_t allowed, pairs *ps)
{
    ps->n = 0;
    for (int a = 0; a < JONG_KINDS; a++)
        for (int b = a; b < JONG_KINDS && counts[a]; b++) {
            if (!counts[b] || (a == b && counts[a] < 2) || ps->n == JONG_SIMCAT_MAX_ARMS)
                continue;
            if (!(allowed >> a & 1) && !(allowed >> b & 1))
                continue;  /* neither tile may go first */
            jong_simcat_arm *arm = &ps->arms[ps->n];
            memcpy(arm->counts, counts, JONG_KINDS);
            arm->counts[a]--;
            arm->counts[b]--;
            arm->sets = (int8_t)sets;
            ps->a[ps->n] = (uint8_t)a;
            ps->b[ps->n] = (uint8_t)b;
            ps->n++;
        }
}

/* The filter's fallback: of the allowed kinds, the one with the most effective tiles. */
static int most_effective(const int eff[JONG_KINDS], uint64_t allowed)
{
    int best = -1;
    for (uint64_t m = allowed; m; m &= m - 1) {
        int k = __builtin_ctzll(m);
        if (best < 0 || eff[k] > eff[best])
            best = k;
    }
    return best;
}

/* Best pair among those holding a kind of `with` (bit set); writes the other tile of the pair. */
static int best_pair_with(const pairs *ps, const jong_simcat_stats *st, uint64_t with, int *other)
{
    int best = -1;
    for (int i = 0; i < ps->n; i++) {
        bool ha = with >> ps->a[i] & 1, hb = with >> ps->b[i] & 1;
        if ((ha || hb) && (best < 0 || jong_simcat_rate(st, i) > jong_simcat_rate(st, best))) {
            best = i;
            *other = ha ? ps->b[i] : ps->a[i];
        }
    }
    return best;
}

int jong_simcat_discard(const jong_simcat_config *cfg, const uint8_t counts[JONG_KINDS], int melds,
                        int sets, const uint8_t pool[JONG_KINDS], jong_rng *rng, const atomic_bool *stop,
                        jong_simcat_work *w, jong_simcat_report *out)
{
    jong_simcat_stats st1, st2;
    memset(out, 0, sizeof *out);
    out->t1tb = out->t2tb = out->t1ntb = out->t2ntb = out->h1_kind = -1;
    out->wr1tb = out->wr2tb = out->wr1ntb = out->wr2ntb = -1;
    out->rule = "flat";
    jong_simcat_tatsu_sets(counts, melds, &out->breaking, &out->keeping);
    /* the filter: why simulate a discard that leaves the hand farther from a win than another? */
    uint64_t allowed = ~0ull;
    int eff[JONG_KINDS], sh[JONG_KINDS];
    if (cfg->filter) {
        allowed = 0;
        if (jong_discard_effective(counts, sets, pool, sh, eff) != JONG_UNDEFINED)
            for (int k = 0; k < JONG_KINDS; k++)
                if (eff[k] >= 0)
                    allowed |= 1ull << k;
        out->breaking &= allowed;
        out->keeping &= allowed;
    }

    jong_simcat_arm arms[JONG_KINDS];
    int kind_of[JONG_KINDS], arm_of[JONG_KINDS], n = 0;
    for (int k = 0; k < JONG_KINDS; k++) {
        out->single_rate[k] = -1;
        arm_of[k] = -1;
        if (!counts[k] || !(allowed >> k & 1))
            continue;
        memcpy(arms[n].counts, counts, JONG_KINDS);
        arms[n].counts[k]--;
        arms[n].sets = (int8_t)sets;
        kind_of[n] = k;
        arm_of[k] = n++;
    }
    if (cfg->filter && n == 1) {
        out->rule = "only least shanten";
        out->kind = kind_of[0];
        return out->kind;
    }
    bool twice = cfg->heuristic != JONG_SIMCAT_ORIGINAL;
    const jong_simcat_params *p = &cfg->params;
    int best = jong_simcat_flat(p, arms, n, pool, twice ? cfg->budget / 2 : cfg->budget, rng, stop, w, &st1);
    for (int i = 0; i < n; i++)
        out->single_rate[kind_of[i]] = jong_simcat_rate(&st1, i);
    /* the best of each set */
    for (int i = 0; i < n; i++) {
        int k = kind_of[i];
        double r = jong_simcat_rate(&st1, i);
        if (out->breaking >> k & 1 && r > out->wr1tb) {
            out->wr1tb = r;
            out->t1tb = k;
        }
        if (out->keeping >> k & 1 && r > out->wr1ntb) {
            out->wr1ntb = r;
            out->t1ntb = k;
        }
    }
    if (out->t1ntb >= 0)
        for (int i = 0; i < n; i++)
            if (out->keeping >> kind_of[i] & 1 && good(&st1, i, arm_of[out->t1ntb], p->rd))
                out->good_t1ntb |= 1ull << kind_of[i];
    out->sims = st1.total;
    out->states = st1.states;
    out->stopped = st1.stopped;
    bool stage2 = twice && out->t1tb >= 0 && out->t1ntb >= 0 && out->wr1tb < out->wr1ntb && !st1.stopped;
    if (!stage2) {
        if (twice && out->t1tb >= 0 && out->wr1tb >= out->wr1ntb)
            out->rule = "tatsu-breaking best";
        if (twice && !st1.stopped) { /* no stage 2: stage 1 goes on with the whole budget */
            best = jong_simcat_flat_more(p, arms, n, pool, cfg->budget, rng, stop, w, &st1);
            for (int i = 0; i < n; i++)
                out->single_rate[kind_of[i]] = jong_simcat_rate(&st1, i);
            out->sims = st1.total;
            out->states = st1.states;
            out->stopped = st1.stopped;
        }
        out->kind = n ? kind_of[best] : -1;
        /* the prior's discard when it is one of the simulated ones, else the most effective */
        int prior = cfg->prior && cfg->prior_kind >= 0 && cfg->prior_kind < JONG_KINDS && arm_of[cfg->prior_kind] >= 0
                        ? cfg->prior_kind : -1;
        if (cfg->filter && n && st1.wins[best] == 0) {
            out->kind = prior >= 0 ? prior : most_effective(eff, allowed);
            out->rule = prior >= 0 ? "prior (no simulated win)" : "most effective (no simulated win)";
        } else if (cfg->prior && n) {
            int e = arm_of[prior >= 0 ? prior : most_effective(eff, allowed)];
            double gap = jong_simcat_rate(&st1, best) - jong_simcat_rate(&st1, e);
            double se = sqrt(jong_simcat_sigma(&st1, best) * jong_simcat_sigma(&st1, best) +
                             jong_simcat_sigma(&st1, e) * jong_simcat_sigma(&st1, e));
            if (e != best && gap <= p->rd * se) {
                out->kind = kind_of[e];
                out->rule = prior >= 0 ? "prior (no discard simulates significantly better)"
                                       : "most effective (no discard simulates significantly better)";
            }
        }
        return out->kind;
    }

    pairs ps;
    make_pairs(counts, sets, allowed, &ps);
    int bp = jong_simcat_flat(p, ps.arms, ps.n, pool, cfg->budget - st1.total, rng, stop, w, &st2);
    out->sims += st2.total;
    out->states += st2.states;
    out->stopped = st2.stopped;
    /* H1: the first tile of the best pair */
    int a = ps.a[bp], b = ps.b[bp];
    out->h1_kind = out->single_rate[b] > out->single_rate[a] ? b : a;
    if (!(allowed >> out->h1_kind & 1))
        out->h1_kind = out->h1_kind == a ? b : a;  /* the filter: the allowed tile goes first */
    /* the data of Tables 1 and 2 */
    int t2 = -1, bt = best_pair_with(&ps, &st2, 1ull << out->t1tb, &t2);
    if (bt >= 0) {
        out->t2tb = t2;
        out->wr2tb = jong_simcat_rate(&st2, bt);
        for (int i = 0; i < ps.n; i++) {
            int other = ps.a[i] == out->t1tb ? ps.b[i] : ps.b[i] == out->t1tb ? ps.a[i] : -1;
            if (other >= 0 && good(&st2, i, bt, p->rd))
                out->good_t2tb |= 1ull << other;
        }
    }
    int bn = best_pair_with(&ps, &st2, out->good_t1ntb, &t2);
    if (bn >= 0) {
        out->t2ntb = t2;
        out->wr2ntb = jong_simcat_rate(&st2, bn);
    }
    out->kind = out->h1_kind;
    out->rule = "H1";
    uint64_t both = out->good_t1ntb & out->good_t2tb & allowed;
    if (cfg->heuristic == JONG_SIMCAT_H2H1 && both) {
        int pick = -1;
        for (uint64_t m = both; m; m &= m - 1) {
            int k = __builtin_ctzll(m);
            if (pick < 0 || out->single_rate[k] > out->single_rate[pick])
                pick = k;
        }
        out->kind = pick;
        out->rule = "H2";
    }
    return out->kind;
}
