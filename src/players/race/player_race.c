/* The `race` player (Taiwanese). At this table a hand is a race (claims are worth 58-76 points
 * a game, docs/experiments/taiwanese-strength.md), and greedy counts its speed as if tiles came
 * only from its own draws. So each discard k of least shanten is valued
 *     speed(k) - lambda x maxspeed x P(k is chowed by the next seat or ponged by another)
 *              - nu x maxspeed x (copies of a scoring honor k held)
 *              - mu x maxspeed x P(k deals in)    (the guard model, src/models/guard_model.h)
 * where speed(k) counts the hand's effective draws after k two draws deep (look=2,
 * players/greedy/hand_speed.h), each first draw j weighted 1 + 3 claimw when a pong of j (any
 * seat's discard) would serve as well, 1 + claimw when only a chow (the seat before's discard)
 * would; maxspeed is the largest over the candidates, so lambda, nu and mu are shares of a
 * hand's speed. A discard the next seat can chow or another can pong speeds a rival hand: its
 * chance comes from the unseen copies (a seat holding h of the U tiles one has not seen holds
 * each with chance h/U). A dragon or scoring wind kept toward its pong keeps a tai. Claims, wins
 * and kongs are greedy's. The defaults are the best of the experiment in that document. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "jong/eval.h"
#include "jong/player.h"
#include "models/guard_model.h"
#include "players/guard/guard_builtin.h"
#include "players/greedy/greedy.h"
#include "players/greedy/hand_speed.h"
#include "players/race/race_infer.h"
#include "players/race/race_oracle.h"

typedef struct {
    double lambda; /* weight of the chance the discard is claimed */
    double mu;     /* weight of the chance it deals in */
    double nu;     /* weight of a scoring honor (dragon, seat or round wind) kept toward its pong */
    bool chow, pong;
    int look;      /* 1: greedy's effective draws; 2: two draws deep (hand_speed.h) */
    bool claim_speed; /* claims=speed: of greedy's equally good claims, the fastest (else greedy's) */
    double claimw; /* a first draw that a pong (any seat's discard) or chow (the seat before's) would also
                    * bring counts 1 + 3 claimw or 1 + claimw times */
    bool infer;    /* infer=on: each first draw weighted by the share of its unseen copies still to draw
                    * (race_infer.h); infer=waits: only a ready hand's waits */
    bool oracle;   /* oracle=SEED: a diagnostic that reads the wall (race_oracle.h) */
    bool oracle_draws, oracle_claims; /* oracle_for=: which of race's counts it replaces */
    bool oracle_shares; /* oracle_for=shares: infer=on's weights from the truth in place of the table */
    bool shares_waits;  /* infer=waits, oracle_for=waits: the weights for the waits of a ready hand only */
    uint64_t oracle_seed;
    jong_linmodel model;
} race_state;

/* P(a seat holding each unseen copy with chance p holds at least one of u copies). */
static double p_any(int u, double p) { return u > 0 ? 1 - pow(1 - p, u) : 0; }

/* P(it holds at least two of u copies). */
static double p_pair(int u, double p)
{
    if (u < 2)
        return 0;
    return 1 - pow(1 - p, u) - u * p * pow(1 - p, u - 1);
}

/* The chance that the discard of kind k is claimed: chowed by the next seat (which needs two of
 * the kinds around k) or ponged by any other seat. */
static double p_claimed(const race_state *st, const jong_view *v, const int unseen[JONG_KINDS], int k)
{
    int total = 0;
    for (int j = 0; j < JONG_KINDS; j++)
        total += unseen[j] > 0 ? unseen[j] : 0;
    if (total <= 0)
        return 0;
    double none = 1;
    for (int o = 1; o < JONG_SEATS; o++) {
        int s = (v->seat + o) % JONG_SEATS;
        double p = (double)v->seats[s].concealed / total;
        if (p > 1)
            p = 1;
        double claim = st->pong ? p_pair(unseen[k], p) : 0;
        if (st->chow && o == 1 && k < JONG_NUMBER_KINDS) {
            int r = k % 9;
            double no_chow = 1;
            for (int lo = r - 2; lo <= r; lo++) {
                if (lo < 0 || lo + 2 > 8)
                    continue;
                double both = 1;
                for (int x = lo; x <= lo + 2; x++)
                    if (x != r)
                        both *= p_any(unseen[k - r + x], p);
                no_chow *= 1 - both;
            }
            claim = 1 - (1 - claim) * no_chow;
        }
        none *= 1 - claim;
    }
    return 1 - none;
}

/* Whether a claim of kind j (a pong, or a chow with two held neighbours) followed by the best
 * discard brings the hand `after` (at `dist`) one nearer. */
static bool claim_lowers(const uint8_t after[JONG_KINDS], int sets, int dist, int j, int lo)
{
    uint8_t c[JONG_KINDS];
    memcpy(c, after, sizeof c);
    if (lo < 0) {
        if (c[j] < 2)
            return false;
        c[j] -= 2;
    } else {
        for (int x = lo; x < lo + 3; x++)
            if (x != j) {
                if (!c[x])
                    return false;
                c[x]--;
            }
    }
    int sh[JONG_KINDS];
    int s = jong_discard_shanten(c, sets - 1, sh, NULL);
    return s != JONG_UNDEFINED && s < dist - 1;
}

/* Each draw j's weight: 1 for the draw, and claimw for each seat whose discard of j could be
 * claimed to the same end (all three by a pong, the seat before by a chow). Only the draws in
 * `lower` (those that bring the hand nearer) are counted by the speed, so only they are tried. */
static void claim_weights(const race_state *st, const uint8_t after[JONG_KINDS], int sets, int dist, uint64_t lower,
                          double w[JONG_KINDS])
{
    for (int j = 0; j < JONG_KINDS; j++) {
        w[j] = 1;
        if (sets < 1 || !(lower >> j & 1))
            continue;
        if (claim_lowers(after, sets, dist, j, -1)) {
            w[j] += 3 * st->claimw;
            continue;
        }
        if (j >= JONG_NUMBER_KINDS)
            continue;
        int r = j % 9;
        for (int lo = r - 2; lo <= r; lo++)
            if (lo >= 0 && lo + 2 <= 8 && claim_lowers(after, sets, dist, j, j - r + lo)) {
                w[j] += st->claimw;
                break;
            }
    }
}

/* The speed of `counts` (one tile too many) after discarding k, as the header describes. */
static double speed_after(const race_state *st, const uint8_t counts[JONG_KINDS], int sets, const int unseen[JONG_KINDS],
                          const double *share, int k)
{
    uint8_t after[JONG_KINDS];
    memcpy(after, counts, sizeof after);
    after[k]--;
    if (st->claimw <= 0 && !share)
        return jong_hand_speed(after, sets, unseen, st->look, NULL);
    int dist;
    uint64_t lower = jong_lowering_draws(after, sets, (1ull << JONG_KINDS) - 1, &dist);
    if (st->shares_waits && dist > 1)
        share = NULL;
    if (dist <= 1 && !share)
        return jong_hand_speed(after, sets, unseen, st->look, NULL); /* ready: every wait by any discard */
    double w[JONG_KINDS];
    if (dist <= 1 || st->claimw <= 0)
        for (int j = 0; j < JONG_KINDS; j++)
            w[j] = 1;
    else
        claim_weights(st, after, sets, dist, lower, w);
    if (!share)
        return jong_hand_speed_weighted(after, sets, unseen, st->look, w);
    /* infer=on: a first draw counts as many times as its copies are likely still in the wall */
    for (int j = 0; j < JONG_KINDS; j++)
        w[j] *= share[j];
    return jong_hand_speed_weighted(after, sets, unseen, st->look, w);
}

/* The copies the speed counts as still to come (`draws`) and those the others may hold
 * (`holders`, for the chance a discard is claimed): both the unseen copies, or with the oracle
 * what the wall says: the tiles still to be drawn, and those in the others' hands. */
static const double *race_counts(const race_state *st, const jong_decision *d, int draws[JONG_KINDS],
                                 int holders[JONG_KINDS], double share[JONG_KINDS])
{
    jong_view_unseen(d->view, draws);
    memcpy(holders, draws, sizeof(int) * JONG_KINDS);
    if (st->infer)
        race_infer_shares(d->view, draws, share);
    race_hidden h;
    if (st->oracle && d->rules && race_oracle_split(d->rules, st->oracle_seed, d->view, &h)) {
        if (st->oracle_draws)
            memcpy(draws, h.drawable, sizeof h.drawable);
        if (st->oracle_claims)
            memcpy(holders, h.held, sizeof h.held);
        if (st->oracle_shares) {
            for (int k = 0; k < JONG_KINDS; k++)
                share[k] = draws[k] > 0 ? (double)h.drawable[k] / draws[k] : 0;
            return share;
        }
    }
    return st->infer ? share : NULL;
}

/* Each least-shanten discard's value (written to value/valued when given) and the index of the
 * best, greedy's g on ties (g itself when g is not of least shanten). */
static int race_rank(const race_state *st, const jong_decision *d, int g, double value[JONG_KINDS],
                     bool valued[JONG_KINDS])
{
    const jong_view *v = d->view;
    int sets = jong_hand_sets_needed(&v->own, v->variant), unseen[JONG_KINDS], holders[JONG_KINDS], sh[JONG_KINDS];
    double shares[JONG_KINDS];
    const double *share = race_counts(st, d, unseen, holders, shares);
    uint64_t least;
    jong_discard_shanten(v->own.counts, sets, sh, &least);
    if (!(least >> d->legal[g].tile & 1))
        return g;
    double eff[JONG_KINDS], maxeff = 1;
    for (int i = 0; i < d->nlegal; i++) {
        const jong_action *a = &d->legal[i];
        if (a->type != JONG_ACT_DISCARD || a->tile >= JONG_KINDS || !(least >> a->tile & 1))
            continue;
        eff[a->tile] = speed_after(st, v->own.counts, sets, unseen, share, a->tile);
        if (eff[a->tile] > maxeff)
            maxeff = eff[a->tile];
    }
    int best = g;
    double best_v = -1e300;
    for (int i = 0; i < d->nlegal; i++) {
        const jong_action *a = &d->legal[i];
        if (a->type != JONG_ACT_DISCARD || a->tile >= JONG_KINDS || !(least >> a->tile & 1))
            continue;
        int k = a->tile;
        double val = eff[k] - st->lambda * maxeff * p_claimed(st, v, holders, k);
        if (st->nu > 0 && k >= JONG_NUMBER_KINDS &&
            (k >= 31 || k - 27 == v->seat_winds[v->seat] || k - 27 == v->round_wind) && unseen[k] + holders[k] > 0)
            val -= st->nu * maxeff * v->own.counts[k];
        if (st->mu > 0)
            val -= st->mu * maxeff * jong_guard_deal_in(&st->model, v, k);
        if (value) {
            value[k] = val;
            valued[k] = true;
        }
        if (i == g)
            val += 1e-9; /* greedy's own choice on ties */
        if (val > best_v) {
            best_v = val;
            best = i;
        }
    }
    return best;
}

static int race_discard(const race_state *st, const jong_decision *d, int g)
{
    return race_rank(st, d, g, NULL, NULL);
}

/* claims=speed: of the chows and pongs that bring the hand as near as greedy's claim g, the one
 * whose best discard leaves the fastest hand. */
static int race_claim(const race_state *st, const jong_decision *d, int g)
{
    const jong_view *v = d->view;
    int sets = jong_hand_sets_needed(&v->own, v->variant) - 1, unseen[JONG_KINDS], holders[JONG_KINDS],
        sh[JONG_KINDS];
    if (sets < 0)
        return g;
    double shares[JONG_KINDS];
    const double *share = race_counts(st, d, unseen, holders, shares);
    uint8_t c[JONG_KINDS];
    jong_counts_after_claim(v->own.counts, &d->legal[g], c);
    int target = jong_discard_shanten(c, sets, sh, NULL), best = g;
    double best_v = -1;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < d->nlegal; i++) {
            const jong_action *a = &d->legal[i];
            /* greedy's claim first, so that it keeps ties */
            if ((a->type != JONG_ACT_CHI && a->type != JONG_ACT_PON) || (pass == 0) != (i == g))
                continue;
            uint64_t least;
            jong_counts_after_claim(v->own.counts, a, c);
            if (jong_discard_shanten(c, sets, sh, &least) != target)
                continue;
            for (uint64_t m = least; m; m &= m - 1) {
                double e = speed_after(st, c, sets, unseen, share, __builtin_ctzll(m));
                if (e > best_v + 1e-9) {
                    best_v = e;
                    best = i;
                }
            }
        }
    return best;
}

static int race_choose(jong_player *p, const jong_decision *d)
{
    race_state *st = p->state;
    int g = jong_greedy_decide(true, d);
    if (g < 0 || g >= d->nlegal)
        return 0;
    if (st->claim_speed && (d->legal[g].type == JONG_ACT_CHI || d->legal[g].type == JONG_ACT_PON))
        return race_claim(st, d, g);
    if (d->legal[g].type != JONG_ACT_DISCARD)
        return g;
    return race_discard(st, d, g);
}

/* The query hook (jong analyze --player, the review): each least-shanten discard's value. */
static int race_values(jong_player *p, const jong_decision *d, jong_player_values *out)
{
    race_state *st = p->state;
    out->measure = "speed less feeding";
    memset(out->valued, 0, sizeof out->valued);
    memset(out->value, 0, sizeof out->value);
    out->choice = -1;
    int g = jong_greedy_decide(true, d);
    if (g < 0 || g >= d->nlegal || d->legal[g].type != JONG_ACT_DISCARD)
        g = jong_discard_of_kind(d, -1);
    if (g < 0 || g >= d->nlegal || d->legal[g].type != JONG_ACT_DISCARD)
        return JONG_OK;
    int i = race_rank(st, d, g, out->value, out->valued);
    out->choice = d->legal[i].tile;
    return JONG_OK;
}

static void race_destroy(jong_player *p)
{
    race_state *st = p->state;
    if (st)
        jong_linmodel_free(&st->model);
    free(st);
}

static const jong_player_ops race_ops = {race_choose, NULL, race_destroy};

static int race_option(void *ctx, const char *key, const char *val, jong_error *err)
{
    race_state *st = ctx;
    if (!strcmp(key, "lambda") || !strcmp(key, "mu") || !strcmp(key, "nu") || !strcmp(key, "claimw")) {
        char *end;
        double x = strtod(val, &end);
        if (!*val || *end || !(x >= 0 && x <= 100))
            return jong_error_set(err, JONG_ERR_ARG, -1, "race: %s must be a number in 0..100, not '%s'", key, val);
        *(!strcmp(key, "lambda") ? &st->lambda : !strcmp(key, "mu") ? &st->mu : !strcmp(key, "nu") ? &st->nu
          : &st->claimw) = x;
        return JONG_OK;
    }
    if (!strcmp(key, "claims")) {
        if (strcmp(val, "speed") && strcmp(val, "greedy"))
            return jong_error_set(err, JONG_ERR_ARG, -1, "race: claims must be speed or greedy, not '%s'", val);
        st->claim_speed = !strcmp(val, "speed");
        return JONG_OK;
    }
    if (!strcmp(key, "look")) {
        if (strcmp(val, "1") && strcmp(val, "2"))
            return jong_error_set(err, JONG_ERR_ARG, -1, "race: look must be 1 or 2, not '%s'", val);
        st->look = val[0] - '0';
        return JONG_OK;
    }
    if (!strcmp(key, "infer")) {
        if (strcmp(val, "on") && strcmp(val, "off") && strcmp(val, "waits"))
            return jong_error_set(err, JONG_ERR_ARG, -1, "race: infer must be on, off or waits, not '%s'", val);
        st->infer = strcmp(val, "off") != 0;
        st->shares_waits = !strcmp(val, "waits");
        return JONG_OK;
    }
    if (!strcmp(key, "chow") || !strcmp(key, "pong")) {
        if (strcmp(val, "on") && strcmp(val, "off"))
            return jong_error_set(err, JONG_ERR_ARG, -1, "race: %s must be on or off, not '%s'", key, val);
        *(!strcmp(key, "chow") ? &st->chow : &st->pong) = !strcmp(val, "on");
        return JONG_OK;
    }
    if (!strcmp(key, "oracle_for")) {
        if (strcmp(val, "both") && strcmp(val, "draws") && strcmp(val, "claims") && strcmp(val, "shares") &&
            strcmp(val, "waits"))
            return jong_error_set(err, JONG_ERR_ARG, -1,
                                  "race: oracle_for must be both, draws, claims, shares or waits, not '%s'", val);
        st->oracle_draws = !strcmp(val, "both") || !strcmp(val, "draws");
        st->oracle_claims = !strcmp(val, "both") || !strcmp(val, "claims");
        st->oracle_shares = !strcmp(val, "shares") || !strcmp(val, "waits");
        st->shares_waits = !strcmp(val, "waits");
        return JONG_OK;
    }
    if (!strcmp(key, "oracle"))
        return race_oracle_option("race", val, &st->oracle, &st->oracle_seed, err);
    return jong_error_set(err, JONG_ERR_ARG, -1, "race: unknown option '%s' (options: lambda, mu, nu, claimw, look, claims, chow, pong, infer, oracle, oracle_for)", key);
}

int jong_player_race_create(const char *opts, jong_player *p, jong_error *err)
{
    race_state st;
    memset(&st, 0, sizeof st);
    st.lambda = 0.25;
    st.nu = 0.1;
    st.claimw = 0.7;
    st.look = 2;
    st.chow = st.pong = true;
    st.oracle_draws = st.oracle_claims = true;
    int rc = jong_options_parse(opts, race_option, &st, "race", err);
    if (rc)
        return rc;
    rc = jong_guard_builtin(&st.model, err);
    if (rc)
        return rc;
    race_state *mine = malloc(sizeof *mine);
    if (!mine) {
        jong_linmodel_free(&st.model);
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    }
    *mine = st;
    p->ops = &race_ops;
    p->state = mine;
    p->discard_values = race_values;
    return JONG_OK;
}
