/* The `guard` player (Taiwanese): greedy with a learned sense of danger, both probabilities from
 * the guard model (src/models/guard_model.h, learned from greedy self-play). Two ways to use it:
 *   fold_below=P (the default, 0.03): greedy's discard while P(win) after it is at least P, else
 *     the legal discard least likely to deal in;
 *   fold_below=0: every legal discard k (only those of least shanten with fold=off) is valued
 *     P(win | shanten and effective draws after k) - lambda x P(k deals in now).
 * The options look=2 (effective draws two draws deep), value=X (greedy's exact ties to the
 * discard that keeps value), claim_max and claim_keep (claim rules) were experiments of issue 23:
 * none beat greedy (docs/experiments/taiwanese-strength.md), and the defaults are the setting
 * that measured best. Wins are always taken; kongs are greedy's. The shipped model is built in;
 * model=FILE plays another made by `jong train guard`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jong/eval.h"
#include "jong/player.h"
#include "jong/tai.h"
#include "models/guard_model.h"
#include "players/guard/guard_builtin.h"
#include "players/greedy/greedy.h"
#include "players/greedy/hand_speed.h"

extern const unsigned char jong_guard_model_data[], jong_guard_model_end[];

typedef struct {
    jong_linmodel model;
    double lambda;
    bool claim;
    bool fold; /* fold=on: any discard may be chosen; off: only those of least shanten */
    double fold_below; /* > 0: greedy's discard unless P(win) after it is below this: then the safest */
    bool ready_value; /* ready=value: a discard that makes the hand ready is chosen by the points
                       * its waits are worth (unseen copies x the win's value), not their count */
    int decline_eff;  /* > 0: pass a win on a discard while the hand waits on at least this many
                       * unseen tiles and decline_wall tiles are left (to self-draw, paid by all) */
    int decline_wall;
    bool kong_eager; /* kong=eager: always make the exposed kong a discard offers */
    int claim_keep; /* > 0: also claim when the shanten stays and the effective draws grow by this many */
    int claim_max; /* claim only when the hand is then at most this shanten (after its best discard) */
    double value; /* > 0: greedy's ties (equal effective draws) go to the discard that keeps most value */
    int look;  /* look=2: the effective draws two draws deep break ties (1: one draw, as greedy) */
    char model_path[256];
} guard_state;

/* P(win) after discarding kind k (the win model on the shanten and unseen effective draws the
 * hand keeps); writes those draws and the distance when asked. */
static double win_after(const guard_state *st, const jong_view *v, int sets, const int unseen[JONG_KINDS], int k,
                        int *eff_out, int *dist_out)
{
    uint8_t after[JONG_KINDS];
    memcpy(after, v->own.counts, sizeof after);
    after[k]--;
    int dist, eff = 0;
    uint64_t lower = jong_lowering_draws(after, sets, (1ull << JONG_KINDS) - 1, &dist);
    for (uint64_t m = lower; m; m &= m - 1)
        eff += unseen[__builtin_ctzll(m)];
    if (eff_out)
        *eff_out = eff;
    if (dist_out)
        *dist_out = dist;
    uint32_t idx[JONG_GUARD_MAXF];
    return jong_guard_p(&st->model, JONG_GUARD_WIN, idx, jong_guard_win_features(v, dist - 1, eff, idx));
}

/* The discard of most value (guard_model.h's two probabilities) among the legal ones. */
static int guard_discard(const guard_state *st, const jong_decision *d)
{
    const jong_view *v = d->view;
    int sets = jong_hand_sets_needed(&v->own, v->variant), unseen[JONG_KINDS];
    jong_view_unseen(v, unseen);
    int best = -1, sh[JONG_KINDS];
    double best_v = -1e300;
    uint64_t done = 0, least = ~0ull;
    if (!st->fold) {
        uint64_t legal = 0;
        for (int i = 0; i < d->nlegal; i++)
            if (d->legal[i].type == JONG_ACT_DISCARD && d->legal[i].tile < JONG_KINDS)
                legal |= 1ull << d->legal[i].tile;
        jong_discard_shanten(v->own.counts, sets, sh, &least);
        if (!(least & legal))
            least = ~0ull; /* none of least shanten is legal: any */
    }
    for (int i = 0; i < d->nlegal; i++) {
        const jong_action *a = &d->legal[i];
        if (a->type != JONG_ACT_DISCARD || a->tile >= JONG_KINDS || (done >> a->tile & 1) || !(least >> a->tile & 1))
            continue;
        int k = a->tile;
        done |= 1ull << k;
        int dist, eff;
        double win = win_after(st, v, sets, unseen, k, &eff, &dist);
        double risk = st->lambda > 0 ? jong_guard_deal_in(&st->model, v, k) : 0;
        /* the effective draws break ties within a bucket of the win model, as greedy's do (look=2
         * has already ranked greedy's own candidate in discard_pick) */
        double val = win - st->lambda * risk + 1e-7 * eff - 1e-4 * dist;
        if (val > best_v) {
            best_v = val;
            best = i;
        }
    }
    return best;
}

/* look=2: of the legal discards of least shanten, the most effective draws two draws deep
 * (greedy's choice g on ties). */
static int look2_discard(const jong_decision *d, int g)
{
    const jong_view *v = d->view;
    int sets = jong_hand_sets_needed(&v->own, v->variant), unseen[JONG_KINDS], sh[JONG_KINDS];
    jong_view_unseen(v, unseen);
    uint64_t least;
    jong_discard_shanten(v->own.counts, sets, sh, &least);
    if (d->legal[g].type != JONG_ACT_DISCARD || !(least >> d->legal[g].tile & 1))
        return g;
    long best_e = -1;
    int best = g;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < d->nlegal; i++) {
            const jong_action *a = &d->legal[i];
            /* greedy's choice first, so that it keeps ties */
            if (a->type != JONG_ACT_DISCARD || !(least >> a->tile & 1) || (pass == 0) != (i == g))
                continue;
            uint8_t after[JONG_KINDS];
            memcpy(after, v->own.counts, sizeof after);
            after[a->tile]--;
            long e = (long)jong_hand_speed(after, sets, unseen, 2, NULL);
            if (e > best_e) {
                best_e = e;
                best = i;
            }
        }
    return best;
}

/* What keeping kind k is worth toward tai, for greedy's ties: honors that score when ponged (the
 * dragons, the seat and round winds), and the suit that holds the most tiles (a flush). */
static double keep_value(const jong_view *v, int k)
{
    const jong_hand *h = &v->own;
    if (k >= JONG_NUMBER_KINDS) {
        bool scores = k >= 31 || k - 27 == v->seat_winds[v->seat] || k - 27 == v->round_wind;
        return (scores ? 2.0 : 0.5) * h->counts[k];
    }
    int suit = k / 9, in = 0;
    for (int j = suit * 9; j < suit * 9 + 9; j++)
        in += h->counts[j];
    for (int m = 0; m < h->nmelds; m++)
        if (h->melds[m].tile < JONG_NUMBER_KINDS && h->melds[m].tile / 9 == suit)
            in += 3;
    return 0.3 * in;
}

/* value=X: of the legal discards that greedy ranks equal to its choice g (least shanten, the same
 * effective draws), the one whose keep_value is least. */
static int value_discard(const guard_state *st, const jong_decision *d, int g)
{
    const jong_view *v = d->view;
    if (d->legal[g].type != JONG_ACT_DISCARD)
        return g;
    int sets = jong_hand_sets_needed(&v->own, v->variant), unseen[JONG_KINDS], sh[JONG_KINDS], eff[JONG_KINDS];
    jong_view_unseen(v, unseen);
    uint8_t w[JONG_KINDS];
    for (int k = 0; k < JONG_KINDS; k++)
        w[k] = (uint8_t)(unseen[k] > 0 ? unseen[k] : 0);
    jong_discard_effective(v->own.counts, sets, w, sh, eff);
    int gk = d->legal[g].tile, best = g;
    if (gk >= JONG_KINDS || eff[gk] < 0)
        return g;
    double least = st->value * keep_value(v, gk);
    for (int i = 0; i < d->nlegal; i++) {
        int k = d->legal[i].tile;
        if (d->legal[i].type != JONG_ACT_DISCARD || k >= JONG_KINDS || eff[k] != eff[gk] || sh[k] != sh[gk])
            continue;
        double kv = st->value * keep_value(v, k);
        if (kv < least - 1e-9) {
            least = kv;
            best = i;
        }
    }
    return best;
}

/* The points a ready hand (3n+1 concealed tiles after the discard) expects per draw of a winning
 * tile: over its waits, unseen copies x (0.78 x the win on a discard + 0.22 x 3 x the self-drawn
 * win), the mix of greedy's wins (about 22% self-drawn, paid by all three). */
static double ready_points(const jong_decision *d, const uint8_t after[JONG_KINDS], uint64_t waits,
                           const int unseen[JONG_KINDS])
{
    const jong_view *v = d->view;
    double total = 0;
    for (uint64_t m = waits; m; m &= m - 1) {
        int k = __builtin_ctzll(m);
        if (unseen[k] <= 0)
            continue;
        jong_win_context ctx;
        memset(&ctx, 0, sizeof ctx);
        ctx.hand = v->own;
        memcpy(ctx.hand.counts, after, JONG_KINDS);
        ctx.hand.counts[k]++;
        ctx.win_tile = k;
        ctx.winner = v->seat;
        ctx.dealer = v->dealer;
        ctx.dealer_streak = v->streak;
        ctx.seat_wind = v->seat_winds[v->seat];
        ctx.round_wind = v->round_wind;
        jong_tai_result ron, tsumo;
        jong_error err;
        ctx.discarder = (v->seat + 3) % 4;
        if (jong_tai_score(d->rules, &ctx, &ron, &err) != JONG_OK)
            continue;
        ctx.discarder = -1;
        if (jong_tai_score(d->rules, &ctx, &tsumo, &err) != JONG_OK)
            continue;
        double vr = d->rules->base + ron.tai * d->rules->unit, vt = d->rules->base + tsumo.tai * d->rules->unit;
        total += unseen[k] * (0.78 * vr + 0.22 * 3 * vt);
    }
    return total;
}

/* ready=value: when greedy's discard g makes the hand ready, the legal discard that does too and
 * whose waits are worth the most points. */
static int ready_discard(const jong_decision *d, int g)
{
    const jong_view *v = d->view;
    if (v->variant != JONG_VARIANT_TAIWAN || !d->rules)
        return g;
    int sets = jong_hand_sets_needed(&v->own, v->variant), unseen[JONG_KINDS];
    jong_view_unseen(v, unseen);
    int best = g;
    double best_pts = -1;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < d->nlegal; i++) {
            const jong_action *a = &d->legal[i];
            if (a->type != JONG_ACT_DISCARD || a->tile >= JONG_KINDS || (pass == 0) != (i == g))
                continue;
            uint8_t after[JONG_KINDS];
            memcpy(after, v->own.counts, sizeof after);
            after[a->tile]--;
            int dist;
            uint64_t waits = jong_lowering_draws(after, sets, (1ull << JONG_KINDS) - 1, &dist);
            if (dist != 1) {
                if (i == g)
                    return g; /* greedy's discard does not make the hand ready */
                continue;
            }
            double pts = ready_points(d, after, waits, unseen);
            if (pts > best_pts) {
                best_pts = pts;
                best = i;
            }
        }
    return best;
}

/* fold_below: greedy's discard g while the hand after it has P(win) >= fold_below, else the legal
 * discard least likely to deal in. */
static int threshold_discard(const guard_state *st, const jong_decision *d, int g)
{
    const jong_view *v = d->view;
    int sets = jong_hand_sets_needed(&v->own, v->variant), unseen[JONG_KINDS];
    jong_view_unseen(v, unseen);
    int k = d->legal[g].tile;
    if (win_after(st, v, sets, unseen, k, NULL, NULL) >= st->fold_below)
        return g;
    int best = g;
    double least = 2;
    for (int i = 0; i < d->nlegal; i++)
        if (d->legal[i].type == JONG_ACT_DISCARD && d->legal[i].tile < JONG_KINDS) {
            double r = jong_guard_deal_in(&st->model, v, d->legal[i].tile);
            if (r < least) {
                least = r;
                best = i;
            }
        }
    return best;
}

/* A claim decision: greedy's choice g, changed by claim_keep and claim_max. */
static int claim_pick(const guard_state *st, const jong_decision *d, int g)
{
    if (st->kong_eager && g >= 0 && g < d->nlegal && d->legal[g].type == JONG_ACT_PASS)
        for (int i = 0; i < d->nlegal; i++)
            if (d->legal[i].type == JONG_ACT_KONG)
                return i; /* kong=eager: a kong on a discard keeps the shanten and brings a draw */
    if (st->claim_keep && g >= 0 && g < d->nlegal && d->legal[g].type == JONG_ACT_PASS) {
        /* claim_keep: a claim that keeps the shanten and gives more effective draws */
        const jong_view *v = d->view;
        int sets = jong_hand_sets_needed(&v->own, v->variant), unseen[JONG_KINDS];
        jong_view_unseen(v, unseen);
        uint8_t w[JONG_KINDS];
        for (int k = 0; k < JONG_KINDS; k++)
            w[k] = (uint8_t)(unseen[k] > 0 ? unseen[k] : 0);
        int dist;
        uint64_t lower = jong_lowering_draws(v->own.counts, sets, (1ull << JONG_KINDS) - 1, &dist);
        int now_eff = 0;
        for (uint64_t m = lower; m; m &= m - 1)
            now_eff += unseen[__builtin_ctzll(m)];
        int best_i = -1, best_eff = now_eff;
        for (int i = 0; i < d->nlegal; i++) {
            const jong_action *a = &d->legal[i];
            if (a->type != JONG_ACT_CHI && a->type != JONG_ACT_PON)
                continue;
            uint8_t c[JONG_KINDS];
            jong_counts_after_claim(v->own.counts, a, c);
            int sh[JONG_KINDS], eff[JONG_KINDS];
            int after = jong_discard_effective(c, sets - 1, w, sh, eff);
            if (after != dist - 1)
                continue;
            for (int k = 0; k < JONG_KINDS; k++)
                if (eff[k] > best_eff + st->claim_keep - 1) {
                    best_eff = eff[k];
                    best_i = i;
                }
        }
        if (best_i >= 0)
            return best_i;
    }
    if (g >= 0 && g < d->nlegal && (d->legal[g].type == JONG_ACT_CHI || d->legal[g].type == JONG_ACT_PON)) {
        const jong_view *v = d->view;
        const jong_action *a = &d->legal[g];
        uint8_t c[JONG_KINDS];
        jong_counts_after_claim(v->own.counts, a, c);
        int sh[JONG_KINDS];
        int after = jong_discard_shanten(c, jong_hand_sets_needed(&v->own, v->variant) - 1, sh, NULL);
        if (after > st->claim_max)
            for (int i = 0; i < d->nlegal; i++)
                if (d->legal[i].type == JONG_ACT_PASS)
                    return i;
    }
    return g;
}

/* A discard decision: greedy's discard g, or what the options make of it. */
static int discard_pick(const guard_state *st, const jong_decision *d, int g)
{
    if (st->look == 2)
        g = look2_discard(d, g);
    if (st->ready_value)
        g = ready_discard(d, g);
    if (st->value > 0)
        g = value_discard(st, d, g);
    if (st->fold_below > 0)
        return threshold_discard(st, d, g);
    if ((st->look == 2 || st->value > 0 || st->ready_value) && st->lambda == 0)
        return g;
    int i = guard_discard(st, d);
    return i >= 0 ? i : g;
}

/* decline_eff: pass this win on a discard for a self-draw? */
static bool decline_win(const guard_state *st, const jong_decision *d)
{
    const jong_view *v = d->view;
    if (st->decline_eff <= 0 || v->wall_left < st->decline_wall)
        return false;
    int unseen[JONG_KINDS], dist, eff = 0;
    jong_view_unseen(v, unseen);
    uint64_t w = jong_lowering_draws(v->own.counts, jong_hand_sets_needed(&v->own, v->variant),
                                     (1ull << JONG_KINDS) - 1, &dist);
    for (uint64_t m = w; m; m &= m - 1)
        eff += unseen[__builtin_ctzll(m)];
    return dist == 1 && eff >= st->decline_eff;
}

static int guard_choose(jong_player *p, const jong_decision *d)
{
    guard_state *st = p->state;
    bool discard = false, declined = false;
    int pass = -1;
    for (int i = 0; i < d->nlegal; i++) {
        int t = d->legal[i].type;
        if (t == JONG_ACT_WIN && decline_win(st, d)) {
            declined = true;
            continue;
        }
        if (t == JONG_ACT_WIN || t == JONG_ACT_SELF_DRAW_WIN)
            return i;
        discard |= t == JONG_ACT_DISCARD;
        if (t == JONG_ACT_PASS)
            pass = i;
    }
    if (declined && pass >= 0)
        return pass;
    int g = jong_greedy_decide(st->claim, d);
    if (g < 0 || g >= d->nlegal)
        g = 0;
    if (!discard)
        return claim_pick(st, d, g);
    if (d->legal[g].type != JONG_ACT_DISCARD)
        return g; /* a kong: greedy's */
    return discard_pick(st, d, g);
}

/* The query hook: each discard's value (win chance less lambda x deal-in chance). */
static int guard_values(jong_player *p, const jong_decision *d, jong_player_values *out)
{
    guard_state *st = p->state;
    const jong_view *v = d->view;
    int sets = jong_hand_sets_needed(&v->own, v->variant), unseen[JONG_KINDS];
    jong_view_unseen(v, unseen);
    out->measure = "P(win) - lambda x P(deal-in)";
    int g = jong_greedy_decide(st->claim, d);
    if (g < 0 || g >= d->nlegal || d->legal[g].type != JONG_ACT_DISCARD)
        g = jong_discard_of_kind(d, -1);
    int i = g >= 0 && g < d->nlegal && d->legal[g].type == JONG_ACT_DISCARD ? discard_pick(st, d, g) : -1;
    out->choice = i >= 0 ? d->legal[i].tile : -1;
    for (int k = 0; k < JONG_KINDS; k++) {
        out->valued[k] = v->own.counts[k] > 0;
        out->value[k] = 0;
        if (!out->valued[k])
            continue;
        out->value[k] = win_after(st, v, sets, unseen, k, NULL, NULL) - st->lambda * jong_guard_deal_in(&st->model, v, k);
    }
    return JONG_OK;
}

int jong_guard_builtin(jong_linmodel *m, jong_error *err)
{
    return jong_guard_decode(jong_guard_model_data, (size_t)(jong_guard_model_end - jong_guard_model_data),
                             "built-in guard model", m, err);
}

static void guard_destroy(jong_player *p)
{
    guard_state *st = p->state;
    if (st) {
        jong_linmodel_free(&st->model);
    }
    free(st);
}

static const jong_player_ops guard_ops = {guard_choose, NULL, guard_destroy};

/* A number option in lo..hi (whole when `whole`), or one error naming it. */
static int number_option(const char *key, const char *val, double lo, double hi, bool whole, double *out,
                         jong_error *err)
{
    char *end;
    double x = strtod(val, &end);
    if (!*val || *end || !(x >= lo && x <= hi) || (whole && x != (double)(long)x))
        return jong_error_set(err, JONG_ERR_ARG, -1, "guard: %s must be a %s in %g..%g, not '%s'", key,
                              whole ? "whole number" : "number", lo, hi, val);
    *out = x;
    return JONG_OK;
}

static int onoff_option(const char *key, const char *val, bool *out, jong_error *err)
{
    if (!strcmp(val, "on") || !strcmp(val, "off")) {
        *out = !strcmp(val, "on");
        return JONG_OK;
    }
    return jong_error_set(err, JONG_ERR_ARG, -1, "guard: %s must be on or off, not '%s'", key, val);
}

static int guard_option(void *ctx, const char *key, const char *val, jong_error *err)
{
    guard_state *st = ctx;
    double x;
    int rc = JONG_OK;
    if (!strcmp(key, "lambda"))
        return number_option(key, val, 0, 100, false, &st->lambda, err);
    if (!strcmp(key, "value"))
        return number_option(key, val, 0, 100, false, &st->value, err);
    if (!strcmp(key, "fold_below"))
        return number_option(key, val, 0, 1, false, &st->fold_below, err);
    if (!strcmp(key, "claim_keep")) {
        if (!(rc = number_option(key, val, 0, 100, true, &x, err)))
            st->claim_keep = (int)x;
        return rc;
    }
    if (!strcmp(key, "claim_max")) {
        if (!(rc = number_option(key, val, 0, 9, true, &x, err)))
            st->claim_max = (int)x;
        return rc;
    }
    if (!strcmp(key, "look")) {
        if (!(rc = number_option(key, val, 1, 2, true, &x, err)))
            st->look = (int)x;
        return rc;
    }
    if (!strcmp(key, "fold"))
        return onoff_option(key, val, &st->fold, err);
    if (!strcmp(key, "claim"))
        return onoff_option(key, val, &st->claim, err);
    if (!strcmp(key, "decline_eff")) {
        if (!(rc = number_option(key, val, 0, 136, true, &x, err)))
            st->decline_eff = (int)x;
        return rc;
    }
    if (!strcmp(key, "decline_wall")) {
        if (!(rc = number_option(key, val, 0, 144, true, &x, err)))
            st->decline_wall = (int)x;
        return rc;
    }
    if (!strcmp(key, "ready")) {
        if (!strcmp(val, "value") || !strcmp(val, "count")) {
            st->ready_value = !strcmp(val, "value");
            return JONG_OK;
        }
        return jong_error_set(err, JONG_ERR_ARG, -1, "guard: ready must be value or count, not '%s'", val);
    }
    if (!strcmp(key, "kong")) {
        if (!strcmp(val, "eager") || !strcmp(val, "greedy")) {
            st->kong_eager = !strcmp(val, "eager");
            return JONG_OK;
        }
        return jong_error_set(err, JONG_ERR_ARG, -1, "guard: kong must be eager or greedy, not '%s'", val);
    }
    if (!strcmp(key, "model")) {
        if (!*val || strlen(val) >= sizeof st->model_path)
            return jong_error_set(err, JONG_ERR_ARG, -1, "guard: model must be a file path (under %zu characters)",
                                  sizeof st->model_path);
        strcpy(st->model_path, val);
        return JONG_OK;
    }
    return jong_error_set(err, JONG_ERR_ARG, -1,
                          "guard: unknown option '%s' (options: fold_below, lambda, fold, look, value, claim, "
                          "claim_max, claim_keep, kong, ready, decline_eff, decline_wall, model)",
                          key);
}

int jong_player_guard_create(const char *opts, jong_player *p, jong_error *err)
{
    guard_state st;
    memset(&st, 0, sizeof st);
    /* the defaults are the best measured against greedy (docs/experiments/taiwanese-strength.md) */
    st.fold_below = 0.03;
    st.lambda = 1.0;
    st.claim = true;
    st.fold = true;
    st.look = 1;
    st.claim_max = 9;
    int rc = jong_options_parse(opts, guard_option, &st, "guard", err);
    if (rc)
        return rc;
    if (st.model_path[0])
        rc = jong_guard_load(st.model_path, &st.model, err);
    else
        rc = jong_guard_builtin(&st.model, err);
    if (rc)
        return rc;
    guard_state *mine = malloc(sizeof *mine);
    if (!mine) {
        jong_linmodel_free(&st.model);
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    }
    *mine = st;
    p->ops = &guard_ops;
    p->state = mine;
    p->discard_values = guard_values;
    return JONG_OK;
}
