/* The `rollout` player (Taiwanese): greedy improved by greedy rollouts (rollout.h). At a discard,
 * each discard of least shanten is valued by the mean of `n` rollouts of the hand after it (the
 * same wall orders for every discard, so that their difference is not noise of the deals); the
 * best is played, greedy's own choice on ties. At a claim, passing and each claim followed by
 * each of its discards of least shanten are valued the same way (claims=greedy: greedy's rule).
 * Wins are always taken and kongs are greedy's. Every random number comes from the decision's
 * seed, so a seed gives the same game on any thread. */
#include <stdlib.h>
#include <string.h>

#include "jong/eval.h"
#include "jong/player.h"
#include "rollout.h"
#include "table_rollout.h"
#include "players/greedy/greedy.h"

#define MAX_ROLLOUTS 100000
#define MAX_ARMS 64

typedef struct {
    jong_rollout_params p;
    int n;            /* rollouts per candidate */
    bool claims_sim;  /* claims by rollouts (else greedy's rule) */
    double margin;    /* a candidate must beat greedy's choice by this much (in win units) */
    bool table;       /* model=table: whole-table rollouts (table_rollout.h) */
    double z;         /* model=table: a candidate must beat greedy's by z standard errors */
    double tai;       /* model=table: the tai a win is taken to be worth */
    int evolve;       /* model=table: most draws replayed to shape a hidden hand */
    int top;          /* model=table: discards valued (the most effective draws first; 0 = all) */
    int claim_top;    /* model=table: discards valued after each claim (0 = all) */
    bool fast;        /* model=table: the rollouts' quick throw of a draw that does not help */
    uint8_t *walls;   /* n wall orders of up to 4 x 34 tiles */
} rollout_state;

typedef struct {
    uint8_t counts[JONG_KINDS];
    int sets;
    int action;  /* index into the legal actions */
    int thrown;  /* the kind this arm discards; -1: pass (the tile on the table goes on) */
} arm;

/* The arms' mean values over the same st->n wall orders. */
static void value_arms(rollout_state *st, const jong_decision *d, const arm *arms, int narms, double *val)
{
    const jong_view *v = d->view;
    int unseen[JONG_KINDS];
    jong_view_unseen(v, unseen);
    uint8_t pool[JONG_KINDS], w[JONG_KINDS];
    int total = 0;
    for (int k = 0; k < JONG_KINDS; k++) {
        pool[k] = w[k] = (uint8_t)(unseen[k] > 0 ? unseen[k] : 0);
        total += pool[k];
    }
    int n = v->wall_left < total ? v->wall_left : total;
    jong_rng rng;
    jong_rng_seed(&rng, d->seed);
    for (int r = 0; r < st->n; r++)
        jong_rollout_deal(&rng, pool, st->walls + (size_t)r * 4 * JONG_KINDS, n);
    for (int a = 0; a < narms; a++) {
        double sum = 0;
        for (int r = 0; r < st->n && !(d->stop && atomic_load(d->stop)); r++)
            sum += jong_rollout_once(&st->p, arms[a].counts, arms[a].sets, st->walls + (size_t)r * 4 * JONG_KINDS, n,
                                     v->turn, w);
        val[a] = sum / st->n;
    }
}

/* model=table: each arm's mean score change over st->n deals of the hidden tiles (the same deals
 * for every arm), and the arm to play: greedy's (g_action) unless another's mean beats it by more
 * than st->z standard errors of their paired difference. */
static int table_choice(rollout_state *st, const jong_decision *d, const arm *arms, int narms, int g_action,
                        double *val)
{
    const jong_view *v = d->view;
    int me = v->seat, unseen[JONG_KINDS], concealed[JONG_SEATS] = {0}, draws[JONG_SEATS] = {0};
    jong_view_unseen(v, unseen);
    uint8_t pool[JONG_KINDS];
    for (int k = 0; k < JONG_KINDS; k++)
        pool[k] = (uint8_t)(unseen[k] > 0 ? unseen[k] : 0);
    jong_table_sim base;
    memset(&base, 0, sizeof base);
    base.weight = pool;
    base.fast = st->fast;
    int full = jong_variant_sets(v->variant);
    for (int s = 0; s < JONG_SEATS; s++) {
        if (s == me)
            continue;
        concealed[s] = v->seats[s].concealed;
        draws[s] = v->seats[s].ndiscards < st->evolve ? v->seats[s].ndiscards : st->evolve;
        int sets = full - v->seats[s].nmelds;
        if (concealed[s] != 3 * sets + 1) /* not a hand waiting for its turn: count by its tiles */
            sets = concealed[s] > 0 ? (concealed[s] - 1) / 3 : 0;
        base.sets[s] = (int8_t)sets;
    }
    jong_ruleset defaults;
    const jong_ruleset *rs = d->rules;
    if (!rs || rs->variant != JONG_VARIANT_TAIWAN) { /* a decision without the table's rules */
        jong_ruleset_default(&defaults, JONG_VARIANT_TAIWAN);
        rs = &defaults;
    }
    double win = rs->base + st->tai * rs->unit; /* a win's value, the unit of the rollouts' scores */
    const jong_table_payoff pay = {1, win > 0 ? (win + rs->unit) / win : 1};
    int g = -1;
    for (int a = 0; a < narms && g < 0; a++)
        if (arms[a].action == g_action)
            g = a;
    double sum[MAX_ARMS] = {0}, dsum[MAX_ARMS] = {0}, dsq[MAX_ARMS] = {0}, one[MAX_ARMS];
    jong_rng rng;
    jong_rng_seed(&rng, d->seed);
    int done = 0;
    for (int r = 0; r < st->n && !(d->stop && atomic_load(d->stop)); r++, done++) {
        jong_table_deal(&rng, pool, concealed, draws, me, v->wall_left, &base, st->walls);
        for (int s = 0; s < JONG_SEATS; s++)
            if (s != me)
                jong_table_sim_seat(&base, s);
        for (int a = 0; a < narms; a++) {
            jong_table_sim t = base;
            memcpy(t.c[me], arms[a].counts, JONG_KINDS);
            t.sets[me] = (int8_t)arms[a].sets;
            jong_table_sim_seat(&t, me);
            one[a] = arms[a].thrown >= 0 ? jong_table_sim_run(&t, &pay, me, me, arms[a].thrown, 0)
                                         : jong_table_sim_run(&t, &pay, me, v->last_discarder, v->last_discard,
                                                              1u << me);
            sum[a] += one[a];
        }
        if (g >= 0)
            for (int a = 0; a < narms; a++) {
                dsum[a] += one[a] - one[g];
                dsq[a] += (one[a] - one[g]) * (one[a] - one[g]);
            }
    }
    if (!done)
        return g_action;
    int best = g >= 0 ? g : 0;
    double best_t = 0;
    for (int a = 0; a < narms; a++) {
        val[a] = sum[a] / done;
        if (g < 0 || a == g)
            continue;
        double mean = dsum[a] / done, var = dsq[a] / done - mean * mean;
        double se = done > 1 && var > 0 ? __builtin_sqrt(var / (done - 1)) : 0;
        if (mean <= 0 || (se > 0 && mean < st->z * se) || (se == 0 && st->z > 0 && done < 2))
            continue;
        double tstat = se > 0 ? mean / se : 1e9;
        if (best == g || tstat > best_t) {
            best = a;
            best_t = tstat;
        }
    }
    if (g < 0)
        for (int a = 0; a < narms; a++)
            if (val[a] > val[best])
                best = a;
    return arms[best].action;
}

/* The arms of a hand that must discard: its discards of least shanten (legal ones). */
static int discard_arms(const jong_decision *d, const uint8_t c[JONG_KINDS], int sets, int action_for_claim,
                        arm *arms, int max, int top)
{
    int sh[JONG_KINDS], n = 0;
    uint64_t least;
    if (jong_discard_shanten(c, sets, sh, &least) == JONG_UNDEFINED)
        return 0;
    if (top > 0 && __builtin_popcountll(least) > top) {
        /* keep the `top` discards with the most effective draws (greedy's ranking; ties by kind) */
        int unseen[JONG_KINDS], eff[JONG_KINDS];
        uint8_t w[JONG_KINDS];
        jong_view_unseen(d->view, unseen);
        for (int k = 0; k < JONG_KINDS; k++)
            w[k] = (uint8_t)(unseen[k] > 0 ? unseen[k] : 0);
        jong_discard_effective(c, sets, w, sh, eff);
        uint64_t keep = 0;
        for (int i = 0; i < top; i++) {
            int best = -1;
            for (uint64_t m = least & ~keep; m; m &= m - 1) {
                int k = __builtin_ctzll(m);
                if (best < 0 || eff[k] > eff[best])
                    best = k;
            }
            keep |= 1ull << best;
        }
        least = keep;
    }
    for (uint64_t m = least; m && n < max; m &= m - 1) {
        int k = __builtin_ctzll(m), action = action_for_claim;
        if (action < 0) { /* a discard decision: the legal discard of this kind */
            for (int i = 0; i < d->nlegal && action < 0; i++)
                if (d->legal[i].type == JONG_ACT_DISCARD && d->legal[i].tile == k)
                    action = i;
            if (action < 0)
                continue;
        }
        memcpy(arms[n].counts, c, JONG_KINDS);
        arms[n].counts[k]--;
        arms[n].sets = sets;
        arms[n].action = action;
        arms[n].thrown = k;
        n++;
    }
    return n;
}

static int best_arm(const rollout_state *st, const arm *arms, const double *val, int narms, int greedy_action)
{
    int g = -1, best = -1;
    for (int a = 0; a < narms; a++)
        if (arms[a].action == greedy_action && (g < 0 || val[a] > val[g]))
            g = a;
    for (int a = 0; a < narms; a++)
        if (best < 0 || val[a] > val[best])
            best = a;
    if (g >= 0 && val[best] <= val[g] + st->margin)
        return arms[g].action;
    return arms[best].action;
}

static int discard_choice(rollout_state *st, const jong_decision *d, int g)
{
    const jong_view *v = d->view;
    arm arms[MAX_ARMS];
    int narms = discard_arms(d, v->own.counts, jong_hand_sets_needed(&v->own, v->variant), -1, arms, MAX_ARMS,
                             st->table ? st->top : 0);
    if (narms < 2)
        return narms == 1 ? arms[0].action : g;
    double val[MAX_ARMS];
    if (st->table)
        return table_choice(st, d, arms, narms, g, val);
    value_arms(st, d, arms, narms, val);
    return best_arm(st, arms, val, narms, g);
}

static int claim_choice(rollout_state *st, const jong_decision *d, int g)
{
    const jong_view *v = d->view;
    int sets = jong_hand_sets_needed(&v->own, v->variant);
    arm arms[MAX_ARMS];
    int narms = 0;
    for (int i = 0; i < d->nlegal && narms < MAX_ARMS; i++) {
        const jong_action *a = &d->legal[i];
        if (a->type == JONG_ACT_PASS) {
            memcpy(arms[narms].counts, v->own.counts, JONG_KINDS);
            arms[narms].sets = sets;
            arms[narms].thrown = -1;
            arms[narms++].action = i;
            continue;
        }
        if ((a->type != JONG_ACT_CHI && a->type != JONG_ACT_PON) || sets < 1)
            continue;
        uint8_t c[JONG_KINDS];
        jong_counts_after_claim(v->own.counts, a, c);
        narms += discard_arms(d, c, sets - 1, i, arms + narms, MAX_ARMS - narms, st->table ? st->claim_top : 0);
    }
    if (narms < 2)
        return g;
    double val[MAX_ARMS];
    if (st->table)
        return table_choice(st, d, arms, narms, g, val);
    value_arms(st, d, arms, narms, val);
    return best_arm(st, arms, val, narms, g);
}

static int rollout_choose(jong_player *p, const jong_decision *d)
{
    rollout_state *st = p->state;
    bool discard = false, claim = false;
    for (int i = 0; i < d->nlegal; i++) {
        int t = d->legal[i].type;
        if (t == JONG_ACT_WIN || t == JONG_ACT_SELF_DRAW_WIN)
            return i;
        discard |= t == JONG_ACT_DISCARD;
        claim |= t == JONG_ACT_CHI || t == JONG_ACT_PON;
    }
    int g = jong_greedy_decide(true, d);
    if (g < 0 || g >= d->nlegal)
        g = 0;
    if (discard)
        return d->legal[g].type == JONG_ACT_DISCARD ? discard_choice(st, d, g) : g;
    if (claim && st->claims_sim)
        return claim_choice(st, d, g);
    return g;
}

/* The query hook: each least-shanten discard's rollout value. */
static int rollout_values(jong_player *p, const jong_decision *d, jong_player_values *out)
{
    rollout_state *st = p->state;
    const jong_view *v = d->view;
    arm arms[MAX_ARMS];
    int narms = discard_arms(d, v->own.counts, jong_hand_sets_needed(&v->own, v->variant), -1, arms, MAX_ARMS,
                             st->table ? st->top : 0);
    double val[MAX_ARMS];
    if (st->table)
        table_choice(st, d, arms, narms, -1, val);
    else
        value_arms(st, d, arms, narms, val);
    out->measure = st->table ? "rollout score (wins on a discard)" : "rollout win value";
    memset(out->valued, 0, sizeof out->valued);
    memset(out->value, 0, sizeof out->value);
    out->choice = -1;
    double best = -1;
    for (int a = 0; a < narms; a++) {
        int k = d->legal[arms[a].action].tile;
        out->valued[k] = true;
        out->value[k] = val[a];
        if (val[a] > best) {
            best = val[a];
            out->choice = k;
        }
    }
    return JONG_OK;
}

static void rollout_destroy(jong_player *p)
{
    rollout_state *st = p->state;
    if (st) {
        free(st->walls);
    }
    free(st);
}

static const jong_player_ops rollout_ops = {rollout_choose, NULL, rollout_destroy};

static int parse_double(const char *key, const char *val, double lo, double hi, double *out, jong_error *err)
{
    char *end;
    double x = strtod(val, &end);
    if (!*val || *end || !(x >= lo && x <= hi))
        return jong_error_set(err, JONG_ERR_ARG, -1, "rollout: %s must be a number in %g..%g, not '%s'", key, lo, hi,
                              val);
    *out = x;
    return JONG_OK;
}

static int rollout_option(void *ctx, const char *key, const char *val, jong_error *err)
{
    rollout_state *st = ctx;
    double x;
    int rc;
    if (!strcmp(key, "n")) {
        if ((rc = parse_double(key, val, 1, MAX_ROLLOUTS, &x, err)))
            return rc;
        st->n = (int)x;
        return JONG_OK;
    }
    if (!strcmp(key, "self_draw"))
        return parse_double(key, val, 0, 10, &st->p.self_draw, err);
    if (!strcmp(key, "hazard"))
        return parse_double(key, val, 0, 5, &st->p.hazard, err);
    if (!strcmp(key, "margin"))
        return parse_double(key, val, 0, 1, &st->margin, err);
    if (!strcmp(key, "z"))
        return parse_double(key, val, 0, 10, &st->z, err);
    if (!strcmp(key, "evolve")) {
        if ((rc = parse_double(key, val, 0, 40, &x, err)))
            return rc;
        st->evolve = (int)x;
        return JONG_OK;
    }
    if (!strcmp(key, "top") || !strcmp(key, "claim_top")) {
        if ((rc = parse_double(key, val, 0, 34, &x, err)))
            return rc;
        *(key[0] == 't' ? &st->top : &st->claim_top) = (int)x;
        return JONG_OK;
    }
    if (!strcmp(key, "fast")) {
        if (!strcmp(val, "on")) st->fast = true;
        else if (!strcmp(val, "off")) st->fast = false;
        else return jong_error_set(err, JONG_ERR_ARG, -1, "rollout: fast must be on or off, not '%s'", val);
        return JONG_OK;
    }
    if (!strcmp(key, "tai"))
        return parse_double(key, val, 0, 100, &st->tai, err);
    if (!strcmp(key, "model")) {
        if (!strcmp(val, "table")) st->table = true;
        else if (!strcmp(val, "own")) st->table = false;
        else return jong_error_set(err, JONG_ERR_ARG, -1, "rollout: model must be table or own, not '%s'", val);
        return JONG_OK;
    }
    if (!strcmp(key, "claims")) {
        if (!strcmp(val, "rollout")) st->claims_sim = true;
        else if (!strcmp(val, "greedy")) st->claims_sim = false;
        else return jong_error_set(err, JONG_ERR_ARG, -1, "rollout: claims must be rollout or greedy, not '%s'", val);
        return JONG_OK;
    }
    return jong_error_set(err, JONG_ERR_ARG, -1,
                          "rollout: unknown option '%s' (options: model, n, claims, z, tai, evolve, top, claim_top, fast, self_draw, hazard, margin)", key);
}

int jong_player_rollout_create(const char *opts, jong_player *p, jong_error *err)
{
    rollout_state st;
    memset(&st, 0, sizeof st);
    st.n = 64;
    st.p.self_draw = 3;
    st.p.hazard = 1;
    st.claims_sim = true;
    st.z = 2;
    st.evolve = 40;
    st.tai = 2;
    int rc = jong_options_parse(opts, rollout_option, &st, "rollout", err);
    if (rc)
        return rc;
    rollout_state *mine = malloc(sizeof *mine);
    st.walls = malloc(((size_t)st.n + 1) * 4 * JONG_KINDS);
    if (!mine || !st.walls) {
        free(mine);
        free(st.walls);
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    }
    *mine = st;
    p->ops = &rollout_ops;
    p->state = mine;
    p->discard_values = rollout_values;
    return JONG_OK;
}
