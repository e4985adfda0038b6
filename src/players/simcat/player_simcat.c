/* The SIMCAT player: flat Monte Carlo over the afterstates of each decision (simcat.h).
 *
 * A win is taken at once. A discard goes through jong_simcat_discard (stage 1 and, with a
 * heuristic, the discard-twice method). A claim decision simulates passing (the hand as it is)
 * and, for each chow and pong, each discard that may follow it; the claim whose best follow-up
 * simulates best is taken. Kongs are never declared: the paper's model has picks, pongs and
 * chows only. The simulations' tiles come from the kinds this seat has not seen, and every
 * random number from the decision's seed, so a seed and a simulation budget give the same answer
 * on any thread. A time budget (ms=, or the decision's time_ms, whichever is shorter) is kept
 * with the clock the caller gives in the decision; without one, only the stop flag ends a run
 * early. A run that ends on time depends on the machine; one that ends on its budget does not. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jong/eval.h"
#include "jong/player.h"
#include "players/race/race_oracle.h"
#include "simcat.h"

typedef struct {
    jong_simcat_config cfg;
    int max_rounds;
    jong_simcat_work *work;
    jong_player race; /* prior=race: the player whose discard the simulation must beat */
} simcat_state;

int jong_player_race_create(const char *opts, jong_player *p, jong_error *err);

/* prior=race: the race player's discard is the one kept unless another simulates significantly
 * better (race counts the speed the claims bring, which SIMCAT's count of effective draws does
 * not: docs/experiments/taiwanese-strength.md). */
static void set_prior(simcat_state *st, const jong_decision *d, jong_simcat_config *cfg)
{
    cfg->prior_kind = -1;
    if (!cfg->prior || !cfg->prior_race || !st->race.discard_values)
        return;
    jong_player_values vals;
    if (st->race.discard_values(&st->race, d, &vals) == JONG_OK && vals.choice >= 0 && vals.choice < JONG_KINDS)
        cfg->prior_kind = vals.choice;
}

static void view_pool(const jong_simcat_config *cfg, const jong_decision *d, uint8_t pool[JONG_KINDS])
{
    int unseen[JONG_KINDS];
    jong_view_unseen(d->view, unseen);
    race_hidden h;
    if (cfg->oracle && d->rules && race_oracle_split(d->rules, cfg->oracle_seed, d->view, &h))
        memcpy(unseen, h.drawable, sizeof unseen);
    for (int k = 0; k < JONG_KINDS; k++)
        pool[k] = (uint8_t)unseen[k];
}

/* m: the rounds the wall still allows (four picks each), within the player's cap. */
static int rounds_for(const simcat_state *st, const jong_view *v)
{
    int m = v->wall_left / 4;
    if (m > st->max_rounds)
        m = st->max_rounds;
    return m < 1 ? 1 : m;
}

static int claim_choose(simcat_state *st, const jong_decision *d, const jong_simcat_config *cfg,
                        const uint8_t pool[JONG_KINDS], jong_rng *rng)
{
    const jong_view *v = d->view;
    int sets = jong_hand_sets_needed(&v->own, v->variant);
    jong_simcat_arm arms[JONG_SIMCAT_MAX_ARMS];
    int action_of[JONG_SIMCAT_MAX_ARMS], n = 0, pass = -1;
    for (int i = 0; i < d->nlegal && n < JONG_SIMCAT_MAX_ARMS; i++) {
        const jong_action *a = &d->legal[i];
        if (a->type == JONG_ACT_PASS) {
            pass = i;
            memcpy(arms[n].counts, v->own.counts, JONG_KINDS);
            arms[n].sets = (int8_t)sets;
            action_of[n++] = i;
            continue;
        }
        if ((a->type != JONG_ACT_CHI && a->type != JONG_ACT_PON) || sets < 1)
            continue;
        uint8_t c[JONG_KINDS];
        memcpy(c, v->own.counts, sizeof c);
        if (a->type == JONG_ACT_CHI) {
            for (int k = a->low; k < a->low + 3; k++)
                if (k != a->tile)
                    c[k]--;
        } else {
            c[a->tile] -= 2;
        }
        for (int k = 0; k < JONG_KINDS && n < JONG_SIMCAT_MAX_ARMS; k++)
            if (c[k]) {
                memcpy(arms[n].counts, c, JONG_KINDS);
                arms[n].counts[k]--;
                arms[n].sets = (int8_t)(sets - 1);
                action_of[n++] = i;
            }
    }
    if (n == 0)
        return pass >= 0 ? pass : 0;
    if (cfg->claims_eager) {
        /* keep only the claims that lower the shanten; pass when there is none */
        int now = jong_shanten_standard(v->own.counts, sets), kept = 0;
        for (int i = 0; i < n; i++)
            if (action_of[i] != pass && jong_shanten_standard(arms[i].counts, arms[i].sets) < now) {
                arms[kept] = arms[i];
                action_of[kept++] = action_of[i];
            }
        if (kept == 0)
            return pass >= 0 ? pass : 0;
        n = kept;
    }
    if (n == 1)
        return action_of[0];
    jong_simcat_stats stats;
    int best = jong_simcat_flat(&cfg->params, arms, n, pool, cfg->budget, rng, d->stop, st->work, &stats);
    return action_of[best];
}

static int discard_choose(simcat_state *st, const jong_decision *d, const jong_simcat_config *cfg,
                          const uint8_t pool[JONG_KINDS], jong_rng *rng)
{
    const jong_view *v = d->view;
    jong_simcat_report rep;
    jong_simcat_config mine = *cfg;
    set_prior(st, d, &mine);
    cfg = &mine;
    int kind = jong_simcat_discard(cfg, v->own.counts, v->own.nmelds, jong_hand_sets_needed(&v->own, v->variant),
                                   pool, rng, d->stop, st->work, &rep);
    int best = -1;
    for (int i = 0; i < d->nlegal; i++) {
        const jong_action *a = &d->legal[i];
        if (a->type != JONG_ACT_DISCARD)
            continue;
        if (a->tile == kind)
            return i;
        /* a kind the rules forbid: the legal discard that simulated best */
        if (best < 0 || (a->tile < JONG_KINDS && d->legal[best].tile < JONG_KINDS &&
                         rep.single_rate[a->tile] > rep.single_rate[d->legal[best].tile]))
            best = i;
    }
    return best >= 0 ? best : 0;
}

/* The decision's configuration (budget, rounds, time), its pool of unseen tiles and its rng. */
static void prepare(const simcat_state *st, const jong_decision *d, jong_simcat_config *cfg,
                    uint8_t pool[JONG_KINDS], jong_rng *rng)
{
    *cfg = st->cfg;
    if (d->sims > 0)
        cfg->budget = d->sims;
    cfg->params.rounds = rounds_for(st, d->view);
    int64_t ms = cfg->time_ms;
    if (d->time_ms > 0 && (ms <= 0 || d->time_ms < ms))
        ms = d->time_ms;
    if (ms > 0 && d->now_ms) {
        cfg->params.now_ms = d->now_ms;
        cfg->params.deadline_ms = d->now_ms() + ms;
    }
    view_pool(cfg, d, pool);
    jong_rng_seed(rng, d->seed);
}

static int simcat_choose(jong_player *p, const jong_decision *d)
{
    simcat_state *st = p->state;
    bool discard = false, choice = false;
    for (int i = 0; i < d->nlegal; i++) {
        int t = d->legal[i].type;
        if (t == JONG_ACT_WIN || t == JONG_ACT_SELF_DRAW_WIN)
            return i;
        discard |= t == JONG_ACT_DISCARD;
        choice |= (t == JONG_ACT_CHI || t == JONG_ACT_PON) && st->cfg.claims;
    }
    if (!discard && !choice) { /* only passing or a kong: pass */
        for (int i = 0; i < d->nlegal; i++)
            if (d->legal[i].type == JONG_ACT_PASS)
                return i;
        return 0;
    }
    jong_simcat_config cfg;
    uint8_t pool[JONG_KINDS];
    jong_rng rng;
    prepare(st, d, &cfg, pool, &rng);
    return discard ? discard_choose(st, d, &cfg, pool, &rng) : claim_choose(st, d, &cfg, pool, &rng);
}

/* The query hook: stage 1 (and stage 2 when the heuristic asks) of a discard decision, as
 * discard_choose runs it; the values are the single discards' simulated win rates. */
static int simcat_values(jong_player *p, const jong_decision *d, jong_player_values *out)
{
    simcat_state *st = p->state;
    jong_simcat_config cfg;
    uint8_t pool[JONG_KINDS];
    jong_rng rng;
    prepare(st, d, &cfg, pool, &rng);
    set_prior(st, d, &cfg);
    const jong_view *v = d->view;
    jong_simcat_report rep;
    out->choice = jong_simcat_discard(&cfg, v->own.counts, v->own.nmelds, jong_hand_sets_needed(&v->own, v->variant),
                                      pool, &rng, d->stop, st->work, &rep);
    out->measure = "win rate";
    for (int k = 0; k < JONG_KINDS; k++) {
        out->valued[k] = rep.single_rate[k] >= 0;
        out->value[k] = out->valued[k] ? rep.single_rate[k] : 0;
    }
    return JONG_OK;
}

static void simcat_destroy(jong_player *p)
{
    simcat_state *st = p->state;
    if (st) {
        jong_simcat_work_free(st->work);
        if (st->race.ops && st->race.ops->destroy)
            st->race.ops->destroy(&st->race);
    }
    free(st);
}

static const jong_player_ops simcat_ops = {simcat_choose, NULL, simcat_destroy};

static int parse_long(const char *key, const char *val, long lo, long hi, long *out, jong_error *err)
{
    char *end;
    long x = strtol(val, &end, 10);
    if (!*val || *end || x < lo || x > hi)
        return jong_error_set(err, JONG_ERR_ARG, -1, "simcat: %s must be a whole number from %ld to %ld, not '%s'",
                              key, lo, hi, val);
    *out = x;
    return JONG_OK;
}

static int simcat_option(void *ctx, const char *key, const char *val, jong_error *err)
{
    simcat_state *st = ctx;
    jong_simcat_params *p = &st->cfg.params;
    long x;
    int rc = JONG_OK;
    if (!strcmp(key, "model")) {
        if (!strcmp(val, "sp")) p->model = JONG_SIMCAT_SP;
        else if (!strcmp(val, "fp")) p->model = JONG_SIMCAT_FP;
        else return jong_error_set(err, JONG_ERR_ARG, -1, "simcat: model must be sp or fp, not '%s'", val);
    } else if (!strcmp(key, "pp")) {
        if (!strcmp(val, "on")) p->prune = true;
        else if (!strcmp(val, "off")) p->prune = false;
        else return jong_error_set(err, JONG_ERR_ARG, -1, "simcat: pp must be on or off, not '%s'", val);
    } else if (!strcmp(key, "claims")) {
        if (!strcmp(val, "on")) st->cfg.claims = true, st->cfg.claims_eager = false;
        else if (!strcmp(val, "off")) st->cfg.claims = st->cfg.claims_eager = false;
        else if (!strcmp(val, "eager")) st->cfg.claims = st->cfg.claims_eager = true;
        else return jong_error_set(err, JONG_ERR_ARG, -1, "simcat: claims must be on, eager or off, not '%s'", val);
    } else if (!strcmp(key, "filter")) {
        if (!strcmp(val, "shanten")) st->cfg.filter = true, st->cfg.prior = false;
        else if (!strcmp(val, "prior")) st->cfg.filter = st->cfg.prior = true;
        else if (!strcmp(val, "off")) st->cfg.filter = st->cfg.prior = false;
        else return jong_error_set(err, JONG_ERR_ARG, -1, "simcat: filter must be prior, shanten or off, not '%s'", val);
    } else if (!strcmp(key, "prior")) {
        if (!strcmp(val, "race")) st->cfg.prior_race = true;
        else if (!strcmp(val, "effective")) st->cfg.prior_race = false;
        else return jong_error_set(err, JONG_ERR_ARG, -1, "simcat: prior must be race or effective, not '%s'", val);
    } else if (!strcmp(key, "oracle")) {
        rc = race_oracle_option("simcat", val, &st->cfg.oracle, &st->cfg.oracle_seed, err);
    } else if (!strcmp(key, "heuristic")) {
        if (!strcmp(val, "none")) st->cfg.heuristic = JONG_SIMCAT_ORIGINAL;
        else if (!strcmp(val, "h1")) st->cfg.heuristic = JONG_SIMCAT_H1;
        else if (!strcmp(val, "h2h1")) st->cfg.heuristic = JONG_SIMCAT_H2H1;
        else return jong_error_set(err, JONG_ERR_ARG, -1, "simcat: heuristic must be none, h1 or h2h1, not '%s'", val);
    } else if (!strcmp(key, "sims")) {
        if (!(rc = parse_long(key, val, 1, 100000000, &x, err))) st->cfg.budget = x;
    } else if (!strcmp(key, "ms")) {
        if (!(rc = parse_long(key, val, 0, 3600000, &x, err))) st->cfg.time_ms = x;
    } else if (!strcmp(key, "m")) {
        if (!(rc = parse_long(key, val, 1, JONG_SIMCAT_MAX_ROUNDS, &x, err))) st->max_rounds = (int)x;
    } else if (!strcmp(key, "first")) {
        if (!(rc = parse_long(key, val, 1, 1000000, &x, err))) p->first = (int)x;
    } else if (!strcmp(key, "step")) {
        if (!(rc = parse_long(key, val, 1, 1000000, &x, err))) p->step = (int)x;
    } else if (!strcmp(key, "rd")) {
        char *end;
        double r = strtod(val, &end);
        if (!*val || *end || !(r > 0 && r <= 100))
            return jong_error_set(err, JONG_ERR_ARG, -1, "simcat: rd must be a number above 0, not '%s'", val);
        p->rd = r;
    } else {
        return jong_error_set(err, JONG_ERR_ARG, -1,
                              "simcat: unknown option '%s' (options: model, pp, heuristic, filter, prior, sims, ms, m, rd, first, step, claims, oracle)",
                              key);
    }
    return rc;
}

int jong_simcat_options(const char *opts, jong_simcat_config *cfg, int *max_rounds, jong_error *err)
{
    simcat_state st = {
        /* filter=prior, m=5, claims=eager and prior=race were chosen by experiment against greedy
         * (issue 23, docs/experiments/taiwanese-strength.md); the paper's player is
         * filter=off,m=12,claims=on (the prior then plays no part) */
        .cfg = {.params = {.model = JONG_SIMCAT_FP, .prune = true, .rd = 3.0, .first = 300, .step = 100},
                .heuristic = JONG_SIMCAT_H2H1, .budget = 10000, .claims = true, .claims_eager = true,
                .filter = true, .prior = true, .prior_kind = -1, .prior_race = true},
        .max_rounds = 5,
    };
    int rc = jong_options_parse(opts, simcat_option, &st, "simcat", err);
    *cfg = st.cfg;
    *max_rounds = st.max_rounds;
    return rc;
}

int jong_player_simcat_create(const char *opts, jong_player *p, jong_error *err)
{
    simcat_state st = {0};
    int rc = jong_simcat_options(opts, &st.cfg, &st.max_rounds, err);
    if (rc)
        return rc;
    simcat_state *mine = malloc(sizeof *mine);
    if (!mine || !(st.work = jong_simcat_work_new())) {
        free(mine);
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    }
    char race_opts[64] = "";
    if (st.cfg.oracle)
        snprintf(race_opts, sizeof race_opts, "oracle=%llu,oracle_for=draws", (unsigned long long)st.cfg.oracle_seed);
    if (st.cfg.prior && st.cfg.prior_race && (rc = jong_player_race_create(race_opts, &st.race, err))) {
        jong_simcat_work_free(st.work);
        free(mine);
        return rc;
    }
    *mine = st;
    p->ops = &simcat_ops;
    p->state = mine;
    p->discard_values = simcat_values;
    return JONG_OK;
}
