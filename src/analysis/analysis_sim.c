/* The discard analysis of analysis_sim.h: the evaluator's per-discard table, then for each
 * discard the chance of tenpai and of a self-drawn win within the draws left and the expected
 * points of that win, exactly where the hand is fixed (ready) or at most one draw is left, and
 * otherwise by simulating the seat's policy on the same seeded draw sequences for every discard.
 * The model and the policy are described in the header; this file follows them line by line. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis_exact.h"
#include "analysis/analysis_internal.h"
#include "jong/analysis_sim.h"
#include "jong/notation.h"
#include "jong/rng.h"
#include "jong/tai.h"

#define Z95 1.959963984540054

/* ---- small pieces ---------------------------------------------------------------------------- */

/* Wilson score interval of x successes in n. */
static jong_estimate proportion(long x, long n)
{
    jong_estimate e = {0, 0, 0};
    if (n <= 0)
        return e;
    double p = (double)x / n, z2 = Z95 * Z95;
    double den = 1 + z2 / n, mid = (p + z2 / (2.0 * n)) / den;
    double half = Z95 * sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) / den;
    e.value = p;
    e.lo = fmax(0, mid - half);
    e.hi = fmin(1, mid + half);
    return e;
}

static jong_estimate exact(double x)
{
    jong_estimate e = {x, x, x};
    return e;
}

/* ---- exact rows ------------------------------------------------------------------------------ */

/* A ready hand never changes (the policy discards every draw that does not win). The first
 * winning draw is at i with kind k with probability Q(i-1) pool[k] / (U - i + 1), Q(j) being the
 * chance that the first j draws miss all W winning tiles. Given that, the ura indicator is
 * uniform over the U - i tiles not drawn: another winning kind j keeps its pool[j] copies, k
 * one fewer, and a losing kind j the expected pool[j] (1 - (i-1)/(U-W)). */
static void exact_ready(const analysis_setup *su, const analysis_row_hand *rh, jong_analysis_row *row)
{
    const int U = su->unseen, D = su->draws;
    bool riichi = row->riichi;
    int W = 0;
    uint64_t wins = 0;
    /* score[k][ippatsu][ura] for riichi, score[k][0][0] otherwise */
    int pts[JONG_KINDS][2][JONG_KINDS], tai[JONG_KINDS];
    for (int k = 0; k < JONG_KINDS; k++) {
        if (!(rh->eff >> k & 1) || !su->pool[k])
            continue;
        int p, t;
        if (!analysis_win_points(su, &rh->h, k, riichi, false, riichi ? 0 : -1, &p, &t))
            continue;
        wins |= 1ull << k;
        W += su->pool[k];
        tai[k] = t;
        for (int ip = 0; ip < 2; ip++)
            for (int j = 0; j < JONG_KINDS; j++) {
                pts[k][ip][j] = 0;
                if (!riichi) {
                    pts[k][ip][j] = p;
                } else if (su->pool[j]) {
                    analysis_win_points(su, &rh->h, k, true, ip == 1, j, &pts[k][ip][j], &t);
                }
            }
    }
    double q = 1, pwin = 0, epts = 0, etai = 0;
    for (int i = 1; i <= D && W > 0; i++) {
        int left = U - i + 1;
        for (int k = 0; k < JONG_KINDS; k++) {
            if (!(wins >> k & 1))
                continue;
            double p = q * su->pool[k] / left;
            double value = 0;
            if (!riichi) {
                value = pts[k][0][0];
            } else {
                int ip = i == 1;
                double lose_share = U > W ? 1.0 - (double)(i - 1) / (U - W) : 0;
                for (int j = 0; j < JONG_KINDS; j++) {
                    double r = (wins >> j & 1) ? su->pool[j] - (j == k) : su->pool[j] * lose_share;
                    if (r > 0)
                        value += r / (U - i) * pts[k][ip][j];
                }
            }
            pwin += p;
            epts += p * value;
            etai += p * tai[k];
        }
        q *= (double)(U - W - (i - 1)) / left;
        if (q <= 0)
            break;
    }
    row->exact = true;
    row->tenpai = exact(1);
    row->win = exact(pwin);
    row->points = exact(epts);
    row->points_per_win = pwin > 0 ? epts / pwin : 0;
    row->tai_per_win = pwin > 0 ? etai / pwin : 0;
}

/* At most one draw left and not ready: no win; tenpai when the one draw lowers a 1-shanten hand. */
static void exact_short(const analysis_setup *su, const analysis_row_hand *rh, jong_analysis_row *row)
{
    double t = 0;
    if (su->draws >= 1 && rh->shanten == 1 && su->unseen > 0) {
        int n = 0;
        for (int k = 0; k < JONG_KINDS; k++)
            if (rh->eff >> k & 1)
                n += su->pool[k];
        t = (double)n / su->unseen;
    }
    row->exact = true;
    row->tenpai = exact(t);
    row->win = exact(0);
    row->points = exact(0);
    row->points_per_win = row->tai_per_win = 0;
}

/* ---- simulated rows -------------------------------------------------------------------------- */

typedef struct {
    long n, tenpai, wins;
    int64_t points, tai;
    double points2;
} tally;

/* One simulation of one row on the draw sequence seq[0..D] (seq[D]: the ura indicator). */
static int simulate_row(const analysis_setup *su, const analysis_row_hand *start, const uint8_t *seq, tally *t)
{
    int won = 0;
    jong_hand h = start->h;
    int s = start->shanten;
    uint64_t eff = start->eff;
    uint8_t seen[JONG_KINDS];
    memcpy(seen, su->visible, sizeof seen);
    seen[start->discard]++;
    bool riichi_rules = su->v == JONG_VARIANT_RIICHI;
    bool tenpai = false, riichi = false;
    int riichi_at = -1;
    for (int i = 0; i < su->draws; i++) {
        int k = seq[i];
        if (s == 0 && (eff >> k & 1)) {
            int p, tai;
            if (analysis_win_points(su, &h, k, riichi, riichi && riichi_at == i - 1, seq[su->draws], &p, &tai)) {
                t->wins++;
                t->points += p;
                t->points2 += (double)p * p;
                t->tai += tai;
                won = p;
                break;
            }
            seen[k]++; /* complete but no yaku: the hand stays as it is */
            continue;
        }
        if (!(eff >> k & 1)) {
            seen[k]++; /* discarded at once */
            continue;
        }
        h.counts[k]++;
        uint8_t meld[JONG_KINDS], weight[JONG_KINDS];
        jong_hand_meld_counts(&h, meld);
        for (int j = 0; j < JONG_KINDS; j++) {
            int left = 4 - seen[j] - h.counts[j] - meld[j];
            weight[j] = (uint8_t)(left > 0 ? left : 0);
        }
        int thrown;
        eff = analysis_policy_discard(su, &h, weight, &thrown, &s);
        seen[thrown]++;
        if (s == 0) {
            tenpai = true;
            if (riichi_rules && start->closed && i + 1 < su->draws) {
                riichi = true;
                riichi_at = i;
            }
        }
    }
    t->n++;
    t->tenpai += tenpai;
    return won;
}

static void finish_simulated(const tally *t, jong_analysis_row *row)
{
    row->exact = false;
    row->samples = t->n;
    row->tenpai = proportion(t->tenpai, t->n);
    row->win = proportion(t->wins, t->n);
    double mean = t->n ? (double)t->points / t->n : 0;
    double var = t->n > 1 ? (t->points2 - t->n * mean * mean) / (t->n - 1) : 0;
    double half = t->n ? Z95 * sqrt(fmax(var, 0) / t->n) : 0;
    row->points.value = mean;
    row->points.lo = fmax(0, mean - half);
    row->points.hi = mean + half;
    row->points_per_win = t->wins ? (double)t->points / t->wins : 0;
    row->tai_per_win = t->wins ? (double)t->tai / t->wins : 0;
}

/* The best row's expected points less row r's. Two simulated rows (indices sb, sr into the
 * tallies) are paired draw by draw: var(b - r) = var(b) + var(r) - 2 cov(b, r), with cross[i][j]
 * (i < j) the sum of their products; against an exact row only the simulated one varies. */
static jong_estimate behind(const jong_analysis_row *b, int sb, const jong_analysis_row *r, int sr, const tally *t,
                            double (*cross)[JONG_KINDS])
{
    double d = b->points.value - r->points.value;
    jong_estimate e = {d, d, d};
    if (b == r || (sb < 0 && sr < 0))
        return e;
    double var = 0;
    long n = sb >= 0 ? t[sb].n : t[sr].n;
    if (n < 2)
        return e;
    for (int k = 0; k < 2; k++) {
        int s = k ? sr : sb;
        if (s < 0)
            continue;
        double mean = (double)t[s].points / n;
        var += (t[s].points2 - n * mean * mean) / (n - 1);
    }
    if (sb >= 0 && sr >= 0) {
        int i = sb < sr ? sb : sr, j = sb < sr ? sr : sb;
        double mi = (double)t[i].points / n, mj = (double)t[j].points / n;
        var -= 2 * (cross[i][j] - n * mi * mj) / (n - 1);
    }
    double half = Z95 * sqrt(fmax(var, 0) / n);
    e.lo = d - half;
    e.hi = d + half;
    return e;
}

/* ---- the whole table ------------------------------------------------------------------------- */

static int row_order(const void *pa, const void *pb)
{
    const jong_analysis_row *a = pa, *b = pb;
    if (a->points.value != b->points.value)
        return a->points.value > b->points.value ? -1 : 1;
    if (a->win.value != b->win.value)
        return a->win.value > b->win.value ? -1 : 1;
    if (a->tenpai.value != b->tenpai.value)
        return a->tenpai.value > b->tenpai.value ? -1 : 1;
    if (a->shanten != b->shanten)
        return a->shanten - b->shanten;
    if (a->ukeire.total != b->ukeire.total)
        return b->ukeire.total - a->ukeire.total;
    return a->discard - b->discard;
}

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

/* Rounded so that the last bits of a floating-point sum cannot change the signature. */
static uint64_t fnv_value(uint64_t h, double x)
{
    int64_t r = (int64_t)llround(x * 1e6);
    return fnv(h, &r, sizeof r);
}

void jong_analysis_input_init(jong_analysis_input *in, jong_variant v)
{
    memset(in, 0, sizeof *in);
    jong_hand_clear(&in->hand);
    in->variant = v;
    in->draws = v == JONG_VARIANT_RIICHI ? 17 : 15;
    in->seat_wind = 1;
}

static int check_input(const jong_analysis_input *in, analysis_setup *su, jong_error *err)
{
    memset(su, 0, sizeof *su);
    su->in = in;
    su->v = in->rules ? in->rules->variant : in->variant;
    if (in->rules)
        su->rules = *in->rules;
    else
        jong_ruleset_default(&su->rules, su->v);
    su->forms = jong_variant_forms(su->v);
    int rc = jong_hand_check(&in->hand, su->v, err);
    if (rc != JONG_OK)
        return rc;
    int sets = jong_hand_sets_needed(&in->hand, su->v);
    if (jong_hand_concealed_count(&in->hand) != 3 * sets + 2)
        return jong_error_set(err, JONG_ERR_TILE_COUNT, -1, "the hand must be about to discard (%d concealed tiles, not %d)",
                              3 * sets + 2, jong_hand_concealed_count(&in->hand));
    if (in->seat_wind < 0 || in->seat_wind > 3 || in->round_wind < 0 || in->round_wind > 3)
        return jong_error_set(err, JONG_ERR_ARG, -1, "winds must be 0..3 (E S W N)");
    if (su->v == JONG_VARIANT_RIICHI && in->dealer && in->seat_wind != 0)
        return jong_error_set(err, JONG_ERR_ARG, -1, "the dealer's seat wind is East");
    if (in->ndora < 0 || in->ndora > JONG_RIICHI_MAX_INDICATORS)
        return jong_error_set(err, JONG_ERR_ARG, -1, "at most %d dora indicators", JONG_RIICHI_MAX_INDICATORS);
    if (in->sims < 0 || in->sims > JONG_ANALYSIS_MAX_SIMS)
        return jong_error_set(err, JONG_ERR_ARG, -1, "sims must be 1..%ld (0 = %d)", JONG_ANALYSIS_MAX_SIMS,
                              JONG_ANALYSIS_DEFAULT_SIMS);
    if (in->draws < 0)
        return jong_error_set(err, JONG_ERR_ARG, -1, "draws must not be negative");
    if (in->policy < JONG_ANALYSIS_POLICY_LOWER || in->policy > JONG_ANALYSIS_POLICY_POINTS)
        return jong_error_set(err, JONG_ERR_ARG, -1, "the policy must be lower, win or points");
    if (in->method < JONG_ANALYSIS_METHOD_AUTO || in->method > JONG_ANALYSIS_METHOD_SIMULATE)
        return jong_error_set(err, JONG_ERR_ARG, -1, "the method must be auto or simulate");
    if (in->method == JONG_ANALYSIS_METHOD_SIMULATE && in->policy != JONG_ANALYSIS_POLICY_LOWER)
        return jong_error_set(err, JONG_ERR_ARG, -1, "the simulation method plays only the policy lower");
    if (in->reach < 0 || in->reach > JONG_ANALYSIS_MAX_REACH)
        return jong_error_set(err, JONG_ERR_ARG, -1, "the exact method's reach must be 1..%d shanten (0 = the default)",
                              JONG_ANALYSIS_MAX_REACH);
    if (in->exchanges < 0 || in->exchanges > JONG_ANALYSIS_EXCHANGES_ALL)
        return jong_error_set(err, JONG_ERR_ARG, -1, "exchanges must be 0..%d (0 = forward only)",
                              JONG_ANALYSIS_EXCHANGES_ALL);
    if (in->exchanges > 0 && (in->policy == JONG_ANALYSIS_POLICY_LOWER || in->method != JONG_ANALYSIS_METHOD_AUTO))
        return jong_error_set(err, JONG_ERR_ARG, -1, "exchanges need the policy win or points and the method auto");
    if (in->max_states < 0)
        return jong_error_set(err, JONG_ERR_ARG, -1, "max_states must not be negative (0 = the default)");
    uint8_t meld[JONG_KINDS];
    jong_hand_meld_counts(&in->hand, meld);
    for (int k = 0; k < JONG_KINDS; k++)
        su->visible[k] = in->seen[k];
    for (int i = 0; i < in->ndora; i++) {
        if (in->dora[i] >= JONG_KINDS)
            return jong_error_set(err, JONG_ERR_ARG, -1, "dora indicator %d is not a tile kind", i + 1);
        su->visible[in->dora[i]]++;
    }
    for (int k = 0; k < JONG_KINDS; k++) {
        int used = in->hand.counts[k] + meld[k] + su->visible[k];
        if (used > 4)
            return jong_error_set(err, JONG_ERR_FIFTH_COPY, -1,
                                  "%s: %d copies in the hand, its melds, the seen tiles and the indicators",
                                  jong_kind_name(k, JONG_STYLE_COMPACT), used);
        su->pool[k] = (uint8_t)(4 - used);
        su->unseen += su->pool[k];
    }
    su->draws = in->draws;
    if (su->draws > JONG_ANALYSIS_MAX_DRAWS)
        su->draws = JONG_ANALYSIS_MAX_DRAWS;
    if (su->draws > su->unseen - 1) /* one unseen tile is kept for the ura indicator */
        su->draws = su->unseen > 0 ? su->unseen - 1 : 0;
    return JONG_OK;
}

int jong_analysis_run(const jong_analysis_input *in, jong_analysis_result *out, jong_error *err)
{
    analysis_setup su;
    int rc = check_input(in, &su, err);
    if (rc != JONG_OK)
        return rc;
    jong_discard_option opts[JONG_KINDS];
    int n = jong_discard_table(&in->hand, su.v, su.forms, su.visible, opts);
    jong_analysis_result res;
    memset(&res, 0, sizeof res);
    res.nrows = n;
    res.unseen = su.unseen;
    res.draws = su.draws;
    res.sims = in->sims > 0 ? in->sims : JONG_ANALYSIS_DEFAULT_SIMS;
    res.seed = in->seed;

    res.policy = in->policy;
    res.exchanges = in->exchanges;
    res.reach = -1;
    analysis_exact *x = NULL;
    if (in->method == JONG_ANALYSIS_METHOD_AUTO) {
        res.reach = in->reach > 0                          ? in->reach
                    : in->policy == JONG_ANALYSIS_POLICY_LOWER ? JONG_ANALYSIS_REACH_LOWER
                    : in->exchanges > 0                        ? JONG_ANALYSIS_REACH_EXCHANGES
                                                               : JONG_ANALYSIS_REACH_OPTIMAL;
        x = analysis_exact_new(&su, in->policy, in->max_states > 0 ? in->max_states : JONG_ANALYSIS_DEFAULT_STATES,
                               in->exchanges);
        if (!x)
            return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    }

    analysis_row_hand hands[JONG_KINDS];
    int simulated[JONG_KINDS], nsim = 0, handle[JONG_KINDS];
    /* the exact method takes the rows by shanten (the evaluator's order): once a row passes the
     * hands allowed, the rows after it (no nearer) are simulated too */
    bool exact_open = x != NULL;
    for (int i = 0; i < n; i++) {
        jong_analysis_row *row = &res.rows[i];
        row->discard = opts[i].discard;
        row->shanten = opts[i].shanten;
        row->ukeire = opts[i].ukeire;
        row->policy = JONG_ANALYSIS_POLICY_LOWER;
        analysis_row_hand *rh = &hands[i];
        rh->h = in->hand;
        rh->discard = row->discard;
        analysis_remove_tile(&rh->h, row->discard);
        rh->eff = analysis_effective_kinds(&su, &rh->h, &rh->shanten);
        rh->closed = analysis_hand_closed(&rh->h);
        row->riichi = su.v == JONG_VARIANT_RIICHI && rh->closed && rh->shanten == 0 && su.draws >= 1;
        handle[i] = -1;
        if (exact_open && rh->shanten <= res.reach) {
            handle[i] = analysis_exact_add(x, rh);
            if (handle[i] == -2) {
                analysis_exact_free(x);
                return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
            }
            exact_open = handle[i] >= 0;
        }
        if (handle[i] >= 0)
            continue;
        if (rh->shanten == 0) {
            exact_ready(&su, rh, row);
        } else if (su.draws <= 1) {
            exact_short(&su, rh, row);
            row->policy = in->policy; /* one draw: every policy keeps exactly the lowering draws */
        } else {
            simulated[nsim++] = i;
        }
    }
    if (x) {
        if (!analysis_exact_solve(x)) {
            analysis_exact_free(x);
            return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
        }
        for (int i = 0; i < n; i++)
            if (handle[i] >= 0)
                analysis_exact_row(x, handle[i], &res.rows[i]);
        res.states = analysis_exact_states(x);
        analysis_exact_free(x);
    }

    /* per simulated row: its tally, and the sums of products of two rows' points per draw
     * sequence (for the paired differences) */
    tally t[JONG_KINDS];
    memset(t, 0, sizeof t);
    double (*cross)[JONG_KINDS] = nsim > 1 ? calloc(JONG_KINDS, sizeof *cross) : NULL;
    if (nsim > 1 && !cross)
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    int sim_of[JONG_KINDS];
    for (int i = 0; i < JONG_KINDS; i++)
        sim_of[i] = -1;
    if (nsim > 0) {
        /* Every simulated row plays the same sequences: the discarded tiles are face up, so the
         * pool is the same whichever is discarded. */
        uint8_t tiles[4 * JONG_KINDS], seq[JONG_ANALYSIS_MAX_DRAWS + 1];
        for (long s = 0; s < res.sims; s++) {
            int m = 0;
            for (int k = 0; k < JONG_KINDS; k++)
                for (int c = 0; c < su.pool[k]; c++)
                    tiles[m++] = (uint8_t)k;
            jong_rng rng;
            jong_rng_seed(&rng, jong_seed_mix(in->seed, (uint64_t)s));
            for (int i = 0; i <= su.draws; i++) {
                int j = i + (int)jong_rng_below(&rng, (uint32_t)(m - i));
                uint8_t swap = tiles[i];
                tiles[i] = tiles[j];
                tiles[j] = swap;
                seq[i] = tiles[i];
            }
            double won[JONG_KINDS];
            for (int r = 0; r < nsim; r++)
                won[r] = simulate_row(&su, &hands[simulated[r]], seq, &t[r]);
            for (int r = 0; r < nsim; r++)
                for (int q = r + 1; q < nsim; q++)
                    cross[r][q] += won[r] * won[q];
        }
        for (int r = 0; r < nsim; r++) {
            finish_simulated(&t[r], &res.rows[simulated[r]]);
            sim_of[simulated[r]] = r;
        }
    }

    /* best first; the permutation keeps each row's simulation index for the paired differences */
    int order[JONG_KINDS];
    for (int i = 0; i < n; i++) {
        int j = i;
        for (; j > 0 && row_order(&res.rows[i], &res.rows[order[j - 1]]) < 0; j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
    jong_analysis_row sorted[JONG_KINDS];
    int sorted_sim[JONG_KINDS];
    for (int i = 0; i < n; i++) {
        sorted[i] = res.rows[order[i]];
        sorted_sim[i] = sim_of[order[i]];
    }
    memcpy(res.rows, sorted, (size_t)n * sizeof sorted[0]);
    for (int i = 0; i < n; i++)
        res.rows[i].behind = behind(&res.rows[0], sorted_sim[0], &res.rows[i], sorted_sim[i], t, cross);
    res.best = n > 0 ? 0 : -1;
    uint64_t sig = 0xcbf29ce484222325ull;
    for (int i = 0; i < n; i++) {
        const jong_analysis_row *row = &res.rows[i];
        sig = fnv(sig, &row->discard, 1);
        sig = fnv_value(sig, row->shanten);
        sig = fnv_value(sig, row->tenpai.value);
        sig = fnv_value(sig, row->win.value);
        sig = fnv_value(sig, row->points.value);
    }
    res.signature = sig;
    free(cross);
    *out = res;
    return JONG_OK;
}
