/* The `mizukami` player (Monte Carlo moves with opponent models, switched by Eq. 13) and the
 * `oneplayer` player (one-player moves alone), riichi only. Both follow the hand with the opponent
 * models' tracker from the events they see. Wins are always taken; a riichi is declared whenever
 * the chosen discard allows it (the paper's rule); calls: with calls=learned (the default) the pon
 * or chi the learned call model (jong/callmodel.h) gives the highest probability, when above 1/2,
 * with calls=yakuhai only a pon of a dragon or of a wind worth a yaku; kans are never called.
 * When the tracker did not follow the hand (a position given without its events, as in
 * jong analyze, or an event it refused), the observation is rebuilt from the view. The values of
 * each discard (Eq. 10's score, or the policy's) are there for jong analyze and review. */
#include <stdlib.h>
#include <string.h>

#include "models/callmodel.h"
#include "mizukami.h"
#include "jong/player.h"

typedef struct {
    bool mc;             /* mizukami (else oneplayer) */
    jong_oppmodel om;
    jong_linmodel policy;
    jong_linmodel calls; /* loaded with calls=learned */
    bool learned_calls;
    jong_mz_config cfg;
    jong_opp_obs obs;
    bool obs_ok;
} mz_state;

static void mz_observe(jong_player *p, const jong_view *v, const jong_event *ev)
{
    (void)v;
    mz_state *st = p->state;
    jong_opp_obs_follow(&st->obs, &st->obs_ok, ev);
}

static bool value_honor(const jong_view *v, int k)
{
    return k >= JONG_P || k == JONG_E + v->round_wind || k == JONG_E + v->seat_winds[v->seat];
}


/* The kind to discard; out (may be NULL) receives each allowed discard's value: Eq. 10's score
 * (points) when mizukami's Eq. 13 calls for the Monte Carlo move, else the policy's score. */
static int pick_discard(mz_state *st, const jong_decision *d, uint64_t allowed, jong_player_values *out)
{
    const jong_view *v = d->view;
    jong_opp_obs rebuilt;
    /* the tracker when it followed this hand; else the observation rebuilt from the view (a
     * position given without its events, as in jong analyze, or an event the tracker refused) */
    const jong_opp_obs *o = jong_opp_obs_for(&st->obs, st->obs_ok, v, &rebuilt);
    if (st->mc) {
        jong_mz_config cfg = st->cfg;
        cfg.seed = d->seed;
        if (d->sims > 0)
            cfg.sims = (int)d->sims;
        jong_mz_result r;
        jong_error err;
        if (jong_mz_evaluate(&cfg, o, v->seat, allowed, d->stop, &r, &err) == JONG_OK) {
            for (int i = 0; out && i < r.n; i++) {
                out->valued[r.c[i].kind] = true;
                out->value[r.c[i].kind] = r.c[i].score;
            }
            if (out)
                out->measure = r.use_mc ? "points (Eq. 10)" : "policy score (Eq. 13 kept the one-player move)";
            return r.c[r.use_mc ? r.best : r.one_player].kind;
        }
    }
    jong_op_context cx;
    jong_opp_op_context(o, v->seat, &cx);
    uint8_t order[JONG_KINDS];
    double score[JONG_KINDS];
    int n = jong_op_rank(&st->policy, &v->own, &cx, order, score);
    int pick = -1;
    for (int i = 0; i < n; i++)
        if (allowed >> order[i] & 1) {
            if (pick < 0)
                pick = order[i];
            if (out) {
                out->valued[order[i]] = true;
                out->value[order[i]] = score[i];
            }
        }
    return pick;
}

/* calls=learned: the legal pon or chi of highest P(call), when above 1/2; -1 for none. */
static int learned_call(const mz_state *st, const jong_decision *d)
{
    const jong_view *v = d->view;
    jong_call_context cx;
    if (st->obs_ok) {
        jong_opp_call_context(&st->obs, v->seat, &cx);
    } else {
        memset(&cx, 0, sizeof cx);
        cx.round_wind = v->round_wind;
        cx.seat_wind = v->seat_winds[v->seat];
    }
    int best = -1;
    double best_p = 0.5;
    for (int i = 0; i < d->nlegal; i++) {
        const jong_action *a = &d->legal[i];
        if (a->type != JONG_ACT_PON && a->type != JONG_ACT_CHI)
            continue;
        int type = a->type == JONG_ACT_PON ? JONG_CALL_PON : JONG_CALL_CHI;
        double p = jong_call_probability(&st->calls, &v->own, type, a->tile, type == JONG_CALL_CHI ? a->low : a->tile,
                                         &cx);
        if (p > best_p) {
            best_p = p;
            best = i;
        }
    }
    return best;
}

static int mz_choose(jong_player *p, const jong_decision *d)
{
    mz_state *st = p->state;
    const jong_view *v = d->view;
    int pass = -1;
    uint64_t allowed = 0;
    for (int i = 0; i < d->nlegal; i++) {
        const jong_action *a = &d->legal[i];
        if (a->type == JONG_ACT_WIN || a->type == JONG_ACT_SELF_DRAW_WIN)
            return i;
        if (a->type == JONG_ACT_PASS)
            pass = i;
        if (a->type == JONG_ACT_DISCARD)
            allowed |= 1ull << jong_code_kind(a->tile);
    }
    if (!allowed && st->learned_calls) {
        int call = learned_call(st, d);
        return call >= 0 ? call : pass >= 0 ? pass : 0;
    }
    if (!allowed) {
        for (int i = 0; i < d->nlegal; i++) {
            const jong_action *a = &d->legal[i];
            if (a->type == JONG_ACT_PON && jong_kind_is_honor(a->tile) && value_honor(v, a->tile))
                return i;
        }
        return pass >= 0 ? pass : 0;
    }
    int kind = pick_discard(st, d, allowed, NULL);
    return jong_discard_of_kind(d, kind); /* declaring riichi when it may */
}

static int mz_values(jong_player *p, const jong_decision *d, jong_player_values *out)
{
    mz_state *st = p->state;
    uint64_t allowed = 0;
    for (int i = 0; i < d->nlegal; i++)
        if (d->legal[i].type == JONG_ACT_DISCARD)
            allowed |= 1ull << jong_code_kind(d->legal[i].tile);
    memset(out->valued, 0, sizeof out->valued);
    out->measure = "policy score";
    out->choice = allowed ? pick_discard(st, d, allowed, out) : -1;
    return JONG_OK;
}

static void mz_destroy(jong_player *p)
{
    mz_state *st = p->state;
    if (!st)
        return;
    jong_oppmodel_free(&st->om);
    jong_linmodel_free(&st->policy);
    jong_linmodel_free(&st->calls);
    free(st);
    p->state = NULL;
}

static const jong_player_ops mz_ops = {mz_choose, mz_observe, mz_destroy};

static int mz_option(void *ctx, const char *key, const char *val, jong_error *err)
{
    mz_state *st = ctx;
    char *end;
    if (!strcmp(key, "sims") && st->mc) {
        long n = strtol(val, &end, 10);
        if (*end || n < 1 || n > 1000000)
            return jong_error_set(err, JONG_ERR_ARG, -1, "mizukami: sims wants 1..1000000, not '%s'", val);
        st->cfg.sims = (int)n;
    } else if (!strcmp(key, "alpha") && st->mc) {
        double x = strtod(val, &end);
        if (*end || !(x >= 0))
            return jong_error_set(err, JONG_ERR_ARG, -1, "mizukami: alpha wants a number >= 0, not '%s'", val);
        st->cfg.alpha = x;
    } else if (!strcmp(key, "steal") && st->mc) {
        double x = strtod(val, &end);
        if (*end || !(x >= 0 && x <= 1))
            return jong_error_set(err, JONG_ERR_ARG, -1, "mizukami: steal wants 0..1, not '%s'", val);
        st->cfg.steal_share = x;
    } else if (!strcmp(key, "odev") && st->mc) {
        if (strcmp(val, "on") && strcmp(val, "off"))
            return jong_error_set(err, JONG_ERR_ARG, -1, "mizukami: odev wants on or off, not '%s'", val);
        st->cfg.odev = !strcmp(val, "on");
    } else if (!strcmp(key, "calls")) {
        if (strcmp(val, "yakuhai") && strcmp(val, "learned"))
            return jong_error_set(err, JONG_ERR_ARG, -1, "%s: calls wants yakuhai or learned, not '%s'",
                                  st->mc ? "mizukami" : "oneplayer", val);
        st->learned_calls = !strcmp(val, "learned");
    } else {
        return jong_error_set(err, JONG_ERR_ARG, -1, "%s: unknown option '%s'", st->mc ? "mizukami" : "oneplayer", key);
    }
    return JONG_OK;
}

static int create(const char *opts, jong_player *p, bool mc, jong_error *err)
{
    mz_state *st = calloc(1, sizeof *st);
    if (!st)
        return jong_error_set(err, JONG_ERR_IO, -1, "mizukami: out of memory");
    st->mc = mc;
    st->cfg.steal_share = 0.35;
    st->cfg.alpha = 0.1; /* tuned by agreement with experts (jong train alpha) */
    st->cfg.sims = 60;
    st->cfg.odev = true;
    st->learned_calls = true; /* better than yakuhai pons only in the arena (docs/experiments/mizukami.md) */
    int rc = jong_options_parse(opts, mz_option, st, mc ? "mizukami" : "oneplayer", err);
    if (!rc)
        rc = jong_mizukami_models_load(&st->om, &st->policy, err);
    if (!rc && st->learned_calls && (rc = jong_mizukami_calls_load(&st->calls, err)) != 0) {
        jong_oppmodel_free(&st->om);
        jong_linmodel_free(&st->policy);
    }
    if (rc) {
        free(st);
        return rc;
    }
    st->cfg.opp = &st->om;
    st->cfg.policy = &st->policy;
    p->ops = &mz_ops;
    p->state = st;
    p->discard_values = mz_values;
    return JONG_OK;
}

int jong_player_mizukami_create(const char *opts, jong_player *p, jong_error *err)
{
    return create(opts, p, true, err);
}

int jong_player_oneplayer_create(const char *opts, jong_player *p, jong_error *err)
{
    return create(opts, p, false, err);
}
