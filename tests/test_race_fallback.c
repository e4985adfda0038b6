/* race's choice where the paper players fall back on a count of effective draws (issue 23):
 * simcat:prior=race keeps race's discard unless another simulates better by rd standard errors,
 * and kf-tree/kf-v:above=race play race's discard wherever their search does not decide. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "jong/jong.h"
#include "players/simcat/simcat.h"
#include "support/play_hands.h"
#include "support/parse_or_fail.h"
#include "support/random_hands.h"
#include "support/sanitized.h"

/* The library rule (rd = 0.5 here, so that overrides happen): with a prior kind, the answer is
 * the prior unless another discard simulates better by more than rd combined standard errors;
 * a prior that is not of least shanten is ignored. */
static void test_simcat_prior_rule(void **state)
{
    (void)state;
    jong_simcat_config cfg;
    int rounds;
    jong_error err;
    assert_int_equal(jong_simcat_options("sims=900,heuristic=none,m=8,rd=0.5", &cfg, &rounds, &err), JONG_OK);
    assert_int_equal(cfg.prior_kind, -1);
    assert_true(cfg.prior_race); /* the default; the library itself takes prior_kind as given */
    cfg.params.rounds = rounds;
    jong_simcat_work *w = jong_simcat_work_new();
    rh_rng r;
    rh_seed(&r, 71);
    int kept = 0, overridden = 0;
    for (int t = 0; t < (SANITIZED ? 6 : 40); t++) {
        uint8_t c[JONG_KINDS], pool[JONG_KINDS];
        rh_uniform(&r, 17, c);
        for (int k = 0; k < JONG_KINDS; k++)
            pool[k] = (uint8_t)(4 - c[k]);
        int sh[JONG_KINDS];
        uint64_t least;
        jong_discard_shanten(c, 5, sh, &least);
        for (uint64_t m = least; m; m &= m - 1) {
            cfg.prior_kind = __builtin_ctzll(m);
            jong_rng rng;
            jong_rng_seed(&rng, (uint64_t)t);
            jong_simcat_report rep;
            int kind = jong_simcat_discard(&cfg, c, 0, 5, pool, &rng, NULL, w, &rep);
            assert_true(least >> kind & 1);
            if (kind == cfg.prior_kind) {
                kept++;
                continue;
            }
            overridden++;
            /* only a significantly better simulation overrides the prior (one candidate: no choice) */
            double pk = rep.single_rate[cfg.prior_kind], pa = rep.single_rate[kind];
            assert_true(pa > pk);
            assert_non_null(strstr(rep.rule, "flat"));
        }
    }
    assert_true(kept > 10);
    assert_true(overridden > 0);
    /* a prior that is not of least shanten is ignored: the most effective discard stands in */
    uint8_t c[JONG_KINDS];
    counts_of("123m456m789m123p45p55s7z", c);
    cfg.prior_kind = kind_of("1p"); /* breaks a set: 7z leaves the hand ready, 1p does not */
    uint8_t pool[JONG_KINDS];
    for (int k = 0; k < JONG_KINDS; k++)
        pool[k] = (uint8_t)(4 - c[k]);
    jong_rng rng;
    jong_rng_seed(&rng, 5);
    jong_simcat_report rep;
    int kind = jong_simcat_discard(&cfg, c, 0, 5, pool, &rng, NULL, w, &rep);
    assert_int_equal(kind, kind_of("7z"));
    jong_simcat_work_free(w);
}

typedef struct {
    jong_player *fallback; /* simcat:prior=race or kf-tree:above=race */
    jong_player *race;
    long discards, same, race_valued;
} shadow;

static jong_decision decision_of(const jong_view *v, const jong_action *legal, int n, const jong_ruleset *rs)
{
    return (jong_decision){.view = v, .rules = rs, .legal = legal, .nlegal = n, .seed = 1234 + (uint64_t)n};
}

static bool is_discard_decision(const jong_action *legal, int n)
{
    for (int i = 0; i < n; i++)
        if (legal[i].type == JONG_ACT_DISCARD)
            return true;
    return false;
}

/* simcat:prior=race,rd=100: a simulation can hardly ever be 100 standard errors better, so its
 * discards are race's nearly always. */
static void check_simcat(const jong_view *v, const jong_action *legal, int n, int chosen, int seat, void *vctx)
{
    (void)chosen, (void)seat;
    shadow *s = vctx;
    if (!is_discard_decision(legal, n))
        return;
    for (int i = 0; i < n; i++)
        if (legal[i].type == JONG_ACT_SELF_DRAW_WIN || legal[i].type == JONG_ACT_CONCEALED_KONG ||
            legal[i].type == JONG_ACT_ADDED_KONG)
            return; /* wins and kongs are each player's own */
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_TAIWAN);
    jong_decision d = decision_of(v, legal, n, &rs);
    int a = s->fallback->ops->choose(s->fallback, &d), b = s->race->ops->choose(s->race, &d);
    s->discards++;
    s->same += legal[a].tile == legal[b].tile;
}

static void test_simcat_plays_race_when_unsure(void **state)
{
    (void)state;
    jong_error err;
    shadow s = {0};
    assert_int_equal(jong_player_create("simcat:prior=race,rd=100,sims=600", &s.fallback, &err), JONG_OK);
    assert_int_equal(jong_player_create("race", &s.race, &err), JONG_OK);
    const char *mix[4] = {"greedy", "greedy", "greedy", "greedy"};
    play_hands(JONG_VARIANT_TAIWAN, mix, SANITIZED ? 2 : 8, 73, check_simcat, &s);
    assert_true(s.discards > 50);
    assert_true(s.same >= s.discards * 95 / 100);
    jong_player_free(s.fallback);
    jong_player_free(s.race);
}

/* kf-tree:above=race: wherever its values are race's (the search did not decide), so is its
 * discard. */
static void check_kf(const jong_view *v, const jong_action *legal, int n, int chosen, int seat, void *vctx)
{
    (void)chosen, (void)seat;
    shadow *s = vctx;
    if (!is_discard_decision(legal, n))
        return;
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_TAIWAN);
    jong_decision d = decision_of(v, legal, n, &rs);
    jong_player_values kv, rv;
    assert_int_equal(s->fallback->discard_values(s->fallback, &d, &kv), JONG_OK);
    int a = s->fallback->ops->choose(s->fallback, &d);
    s->discards++;
    assert_int_equal(s->race->discard_values(s->race, &d, &rv), JONG_OK);
    if (strcmp(kv.measure, rv.measure))
        return; /* the search decided (Etile) */
    s->race_valued++;
    if (legal[a].type != JONG_ACT_DISCARD)
        return; /* a kong that keeps the WN comes first */
    assert_int_equal(legal[a].tile, rv.choice);
    assert_int_equal(kv.choice, rv.choice);
}

static void test_kf_plays_race_above_the_search(void **state)
{
    (void)state;
    jong_error err;
    shadow s = {0};
    assert_int_equal(jong_player_create("kf-tree:above=race", &s.fallback, &err), JONG_OK);
    assert_int_equal(jong_player_create("race", &s.race, &err), JONG_OK);
    const char *mix[4] = {"greedy", "kf-tree:above=race", "greedy", "race"};
    play_hands(JONG_VARIANT_TAIWAN, mix, SANITIZED ? 3 : 12, 75, check_kf, &s);
    assert_true(s.race_valued > 20);
    assert_true(s.race_valued < s.discards); /* and the search decides the rest */
    jong_player_free(s.fallback);
    jong_player_free(s.race);
}

static void test_bad_options(void **state)
{
    (void)state;
    jong_player *p;
    jong_error err;
    assert_int_equal(jong_player_create("simcat:prior=greedy", &p, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "prior"));
    assert_int_equal(jong_player_create("kf-v:above=tree", &p, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "above"));
    assert_int_equal(jong_player_create("kf-rule:above=race", &p, &err), JONG_ERR_ARG); /* no search to be above */
    const char *ok[4] = {"simcat:prior=effective", "simcat:prior=race", "kf-v:above=rule", "kf-v:above=race"};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(jong_player_create(ok[i], &p, &err), JONG_OK);
        jong_player_free(p);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_simcat_prior_rule),
        cmocka_unit_test(test_simcat_plays_race_when_unsure),
        cmocka_unit_test(test_kf_plays_race_above_the_search),
        cmocka_unit_test(test_bad_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
