/* The Taiwanese players added for strength (issue 23) and the options that changed the paper
 * players' defaults: the guard model's features and probabilities, the guard and rollout players
 * (legal, deterministic, their options and model files), a rollout's value on hands whose outcome
 * is known, SIMCAT's shanten filter, and KF's eager claim rule checked against the WN at every
 * claim decision of self-play. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jong/jong.h"
#include "models/guard_model.h"
#include "players/best/best.h"
#include "players/rollout/rollout.h"
#include "players/rollout/table_rollout.h"
#include "players/simcat/simcat.h"
#include "support/assert_close.h"
#include "support/parse_or_fail.h"
#include "support/play_hands.h"
#include "support/random_hands.h"
#include "support/sanitized.h"

/* ---- the guard model ------------------------------------------------------------------------ */

typedef struct {
    jong_linmodel m;
    long views;
} guard_ctx;

static void check_features(const jong_view *v, const jong_action *legal, int n, int chosen, int seat, void *vctx)
{
    (void)legal, (void)n, (void)chosen, (void)seat;
    guard_ctx *c = vctx;
    uint32_t idx[JONG_GUARD_MAXF];
    for (int o = 0; o < JONG_SEATS; o++) {
        if (o == v->seat)
            continue;
        for (int k = 0; k < JONG_KINDS; k++) {
            int f = jong_guard_danger_features(v, o, k, idx);
            assert_true(f >= 1 && f <= JONG_GUARD_MAXF);
            for (int i = 0; i < f; i++) {
                assert_true(idx[i] < JONG_GUARD_DIM);
                for (int j = 0; j < i; j++)
                    assert_true(idx[i] != idx[j]); /* binary features, each once */
            }
        }
    }
    for (int sh = 0; sh <= 8; sh++) {
        int f = jong_guard_win_features(v, sh, 3 * sh, idx);
        assert_true(f >= 1 && f <= JONG_GUARD_MAXF);
        for (int i = 0; i < f; i++)
            assert_true(idx[i] < JONG_GUARD_DIM);
        double p = jong_guard_p(&c->m, JONG_GUARD_WIN, idx, f);
        assert_true(p > 0 && p < 1);
    }
    for (int k = 0; k < JONG_KINDS; k++) {
        double r = jong_guard_deal_in(&c->m, v, k);
        assert_true(r > 0 && r < 1);
    }
    c->views++;
}

extern const unsigned char jong_guard_model_data[], jong_guard_model_end[];

static void test_guard_features(void **state)
{
    (void)state;
    guard_ctx c = {.views = 0};
    jong_error err;
    assert_int_equal(jong_guard_decode(jong_guard_model_data, (size_t)(jong_guard_model_end - jong_guard_model_data),
                                       "built-in", &c.m, &err),
                     JONG_OK);
    const char *mix[4] = {"greedy", "greedy", "greedy", "greedy"};
    play_hands(JONG_VARIANT_TAIWAN, mix, SANITIZED ? 2 : 8, 11, check_features, &c);
    assert_true(c.views > 100);
    /* the win model: a ready hand with many winning tiles early beats a far hand late */
    jong_view v;
    memset(&v, 0, sizeof v);
    uint32_t idx[JONG_GUARD_MAXF];
    v.wall_left = 80;
    double ready = jong_guard_p(&c.m, JONG_GUARD_WIN, idx, jong_guard_win_features(&v, 0, 12, idx));
    v.wall_left = 8;
    double far = jong_guard_p(&c.m, JONG_GUARD_WIN, idx, jong_guard_win_features(&v, 3, 12, idx));
    /* (a linear model: rare states such as this late one are not well calibrated, see
     * docs/players.md) */
    assert_true(ready > 0.3 && ready > 2 * far);
    jong_linmodel_free(&c.m);
}

static void test_guard_danger_reads_the_table(void **state)
{
    (void)state;
    jong_linmodel m;
    jong_error err;
    assert_int_equal(jong_guard_decode(jong_guard_model_data, (size_t)(jong_guard_model_end - jong_guard_model_data),
                                       "built-in", &m, &err),
                     JONG_OK);
    /* late in the hand, an opponent with four melds: 5p is more dangerous than a wind with
     * three copies in sight, and than a 5p that went by it since its last turn */
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_TAIWAN);
    jong_view v;
    jong_view_init(&v, &rs, 0);
    v.wall_left = 20;
    v.own = hand_of("123m456m789m5p12s");
    jong_seat_view *o = &v.seats[1];
    o->nmelds = 4;
    for (int i = 0; i < 4; i++)
        o->melds[i] = (jong_meld){JONG_MELD_PUNG, (uint8_t)kind_of(i == 0 ? "1s" : i == 1 ? "9m" : i == 2 ? "C" : "F"), 0};
    o->ndiscards = 14;
    for (int i = 0; i < 14; i++)
        o->discards[i] = (uint8_t)kind_of(i % 2 ? "S" : "W");
    v.seats[2].ndiscards = 3;
    v.seats[2].discards[0] = (uint8_t)kind_of("E");
    v.seats[2].discards[1] = (uint8_t)kind_of("E");
    v.seats[2].discards[2] = (uint8_t)kind_of("E");
    uint32_t idx[JONG_GUARD_MAXF];
    double p5 = jong_guard_p(&m, JONG_GUARD_DANGER, idx, jong_guard_danger_features(&v, 1, kind_of("5p"), idx));
    double pe = jong_guard_p(&m, JONG_GUARD_DANGER, idx, jong_guard_danger_features(&v, 1, kind_of("E"), idx));
    assert_true(p5 > pe);
    v.seats[3].ndiscards = 1; /* seat 3 threw 5p after seat 1's turn (seat 2 then 3 then us) */
    v.seats[3].discards[0] = (uint8_t)kind_of("5p");
    double p5passed = jong_guard_p(&m, JONG_GUARD_DANGER, idx, jong_guard_danger_features(&v, 1, kind_of("5p"), idx));
    assert_true(p5passed < p5);
    jong_linmodel_free(&m);
}

static void test_guard_player(void **state)
{
    (void)state;
    const char *mix[4] = {"guard", "greedy", "guard:fold_below=0,lambda=0.5,fold=off,ready=value,kong=eager,decline_eff=4,decline_wall=30", "guard:fold_below=0.1,look=2,value=1"};
    uint64_t a = play_hands(JONG_VARIANT_TAIWAN, mix, SANITIZED ? 3 : 12, 21, NULL, NULL);
    uint64_t b = play_hands(JONG_VARIANT_TAIWAN, mix, SANITIZED ? 3 : 12, 21, NULL, NULL);
    assert_true(a == b);
    /* options, and a model file that is not one */
    jong_player *p;
    jong_error err;
    assert_int_equal(jong_player_create("guard:lambda=-1", &p, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "lambda"));
    assert_int_equal(jong_player_create("guard:fold=maybe", &p, &err), JONG_ERR_ARG);
    assert_int_equal(jong_player_create("guard:bogus=1", &p, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "bogus"));
    char path[] = "/tmp/jong_guard_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs("not a model\n", f);
    fclose(f);
    char spec[128];
    snprintf(spec, sizeof spec, "guard:model=%s", path);
    assert_int_not_equal(jong_player_create(spec, &p, &err), JONG_OK);
    assert_non_null(strstr(err.msg, path));
    /* the shipped model written to a file plays the same as the built-in one */
    f = fopen(path, "wb");
    fwrite(jong_guard_model_data, 1, (size_t)(jong_guard_model_end - jong_guard_model_data), f);
    fclose(f);
    const char *mix2[4] = {spec, "greedy", "guard", "greedy"};
    const char *mix3[4] = {"guard", "greedy", "guard", "greedy"};
    assert_true(play_hands(JONG_VARIANT_TAIWAN, mix2, 2, 5, NULL, NULL) == play_hands(JONG_VARIANT_TAIWAN, mix3, 2, 5, NULL, NULL));
    remove(path);
}

/* ---- rollouts -------------------------------------------------------------------------------- */

static void test_rollout_known_outcomes(void **state)
{
    (void)state;
    jong_rollout_params p = {.self_draw = 3, .hazard = 1};
    uint8_t c[JONG_KINDS], w[JONG_KINDS];
    counts_of("123m456m789m123p789s4p", c); /* 16 tiles, 5 sets to make: ready on 4p (a pair) */
    memset(w, 1, sizeof w);
    int turn = 30;
    /* the next seat throws 4p: a win on a discard, worth the chance the table went on */
    uint8_t tiles[8];
    memset(tiles, kind_of("N"), sizeof tiles);
    tiles[0] = (uint8_t)kind_of("4p");
    assert_close(jong_rollout_once(&p, c, 5, tiles, 8, turn, w), 1 - jong_rollout_hazard(turn), 1e-12);
    /* three tiles nobody can use, then our draw of 4p: a self-draw, worth 3 */
    tiles[0] = (uint8_t)kind_of("E");
    tiles[1] = (uint8_t)kind_of("S");
    tiles[2] = (uint8_t)kind_of("W");
    tiles[3] = (uint8_t)kind_of("4p");
    double surv = (1 - jong_rollout_hazard(turn)) * (1 - jong_rollout_hazard(turn + 1)) * (1 - jong_rollout_hazard(turn + 2));
    assert_close(jong_rollout_once(&p, c, 5, tiles, 8, turn, w), 3 * surv, 1e-12);
    /* the wall ends first: nothing */
    assert_close(jong_rollout_once(&p, c, 5, tiles, 3, turn, w), 0, 0);
    /* the hazard grows through the hand */
    assert_true(jong_rollout_hazard(10) == 0 && jong_rollout_hazard(30) < jong_rollout_hazard(50));
}

static void test_rollout_player(void **state)
{
    (void)state;
    const char *mix[4] = {"rollout:n=8", "greedy", "rollout:n=8,claims=greedy", "greedy"};
    uint64_t a = play_hands(JONG_VARIANT_TAIWAN, mix, SANITIZED ? 2 : 6, 31, NULL, NULL);
    uint64_t b = play_hands(JONG_VARIANT_TAIWAN, mix, SANITIZED ? 2 : 6, 31, NULL, NULL);
    assert_true(a == b);
    jong_player *p;
    jong_error err;
    assert_int_equal(jong_player_create("rollout:n=0", &p, &err), JONG_ERR_ARG);
    assert_int_equal(jong_player_create("rollout:claims=always", &p, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "claims"));
}

/* ---- whole-table rollouts ------------------------------------------------------------------- */

/* A table of four hands given as text (seat 0 first), each 3*5+1 = 16 tiles, and a wall. */
static void table_of(jong_table_sim *t, const char *const hands[JONG_SEATS], const uint8_t *wall, int n,
                     const uint8_t *weight)
{
    memset(t, 0, sizeof *t);
    for (int s = 0; s < JONG_SEATS; s++) {
        counts_of(hands[s], t->c[s]);
        t->sets[s] = 5;
        jong_table_sim_seat(t, s);
    }
    t->wall = wall;
    t->n = n;
    t->weight = weight;
}

static void test_table_rollout_known_outcomes(void **state)
{
    (void)state;
    uint8_t w[JONG_KINDS], wall[8];
    memset(w, 1, sizeof w);
    const jong_table_payoff pay = {1, 1.2};
    /* seat 2 waits on 4p (a pair), the others on nothing they can get; every hand is 16 tiles */
    const char *hands[JONG_SEATS] = {"147m258p369s1sESWNCF", "123s456s789s55p68p79mE", "123m456m789m123p789s4p",
                                     "EEESSSWWWNNNCCFP"};
    jong_table_sim t;
    memset(wall, kind_of("N"), sizeof wall);
    /* seat 0 throws 4p: seat 1 holds none, seat 2 wins on it */
    table_of(&t, hands, wall, 8, w);
    assert_true(t.waits[2] >> kind_of("4p") & 1);
    assert_close(jong_table_sim_run(&t, &pay, 0, 0, kind_of("4p"), 0), -1, 0);      /* we dealt in */
    table_of(&t, hands, wall, 8, w);
    assert_close(jong_table_sim_run(&t, &pay, 2, 0, kind_of("4p"), 0), 1, 0);       /* seen by the winner */
    table_of(&t, hands, wall, 8, w);
    assert_close(jong_table_sim_run(&t, &pay, 3, 0, kind_of("4p"), 0), 0, 0);       /* by a bystander */
    table_of(&t, hands, wall, 8, w);
    assert_close(jong_table_sim_run(&t, &pay, 0, 0, kind_of("4p"), 1u << 2), 0, 1); /* seat 2 skipped */
    /* a tile nobody wants, then seat 1 draws N, throws; seat 2 draws 4p: a self-draw */
    wall[0] = (uint8_t)kind_of("9s");
    wall[1] = (uint8_t)kind_of("4p");
    table_of(&t, hands, wall, 8, w);
    assert_close(jong_table_sim_run(&t, &pay, 2, 0, kind_of("9m"), 0), 3 * 1.2, 1e-12);
    table_of(&t, hands, wall, 8, w);
    assert_close(jong_table_sim_run(&t, &pay, 0, 0, kind_of("9m"), 0), -1.2, 1e-12);
    /* the wall ends first: nothing */
    table_of(&t, hands, wall, 0, w);
    assert_close(jong_table_sim_run(&t, &pay, 0, 0, kind_of("9m"), 0), 0, 0);
}

/* Dealing keeps every tile: the hidden hands and the wall are the unseen tiles, less what the
 * wall cannot hold; play-shaped hands are nearer a win than random ones. */
static void test_table_deal(void **state)
{
    (void)state;
    uint8_t pool[JONG_KINDS], wall[4 * JONG_KINDS];
    for (int k = 0; k < JONG_KINDS; k++)
        pool[k] = 3;
    int concealed[JONG_SEATS] = {0, 16, 13, 16}, none[JONG_SEATS] = {0}, some[JONG_SEATS] = {0, 10, 10, 10};
    jong_rng rng;
    jong_rng_seed(&rng, 7);
    double sh_random = 0, sh_played = 0;
    for (int r = 0; r < 200; r++) {
        for (int pass = 0; pass < 2; pass++) {
            jong_table_sim t;
            memset(&t, 0, sizeof t);
            t.weight = pool;
            t.sets[1] = t.sets[3] = 5;
            t.sets[2] = 4;
            jong_table_deal(&rng, pool, concealed, pass ? some : none, 0, 200, &t, wall);
            int total[JONG_KINDS] = {0};
            for (int s = 1; s < JONG_SEATS; s++) {
                int n = 0;
                for (int k = 0; k < JONG_KINDS; k++) {
                    n += t.c[s][k];
                    total[k] += t.c[s][k];
                }
                assert_int_equal(n, concealed[s]);
                jong_table_sim_seat(&t, s);
                *(pass ? &sh_played : &sh_random) += t.sh[s];
            }
            assert_int_equal(t.n, 3 * JONG_KINDS - 45);
            for (int i = 0; i < t.n; i++)
                total[t.wall[i]]++;
            for (int k = 0; k < JONG_KINDS; k++)
                assert_int_equal(total[k], pool[k]);
        }
    }
    assert_true(sh_played < sh_random - 200); /* at least a shanten nearer a win on average */
}

static void test_table_rollout_player(void **state)
{
    (void)state;
    const char *mix[4] = {"rollout:n=8", "greedy", "rollout:n=8,model=table,claims=greedy", "greedy"};
    uint64_t a = play_hands(JONG_VARIANT_TAIWAN, mix, SANITIZED ? 2 : 6, 32, NULL, NULL);
    uint64_t b = play_hands(JONG_VARIANT_TAIWAN, mix, SANITIZED ? 2 : 6, 32, NULL, NULL);
    assert_true(a == b);
    jong_player *p;
    jong_error err;
    assert_int_equal(jong_player_create("rollout:model=tables", &p, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "model"));
    assert_int_equal(jong_player_create("rollout:evolve=-1", &p, &err), JONG_ERR_ARG);
}

/* ---- SIMCAT's filter -------------------------------------------------------------------------- */

static void test_simcat_filter(void **state)
{
    (void)state;
    jong_simcat_config cfg;
    int rounds;
    jong_error err;
    assert_int_equal(jong_simcat_options("sims=600,filter=shanten,m=6", &cfg, &rounds, &err), JONG_OK);
    cfg.params.rounds = rounds;
    jong_simcat_work *w = jong_simcat_work_new();
    rh_rng r;
    rh_seed(&r, 41);
    for (int t = 0; t < (SANITIZED ? 6 : 30); t++) {
        uint8_t c[JONG_KINDS], pool[JONG_KINDS];
        rh_uniform(&r, 17, c);
        for (int k = 0; k < JONG_KINDS; k++)
            pool[k] = (uint8_t)(4 - c[k]);
        jong_rng rng;
        jong_rng_seed(&rng, (uint64_t)t);
        jong_simcat_report rep;
        int kind = jong_simcat_discard(&cfg, c, 0, 5, pool, &rng, NULL, w, &rep);
        int sh[JONG_KINDS];
        int least = jong_discard_shanten(c, 5, sh, NULL);
        assert_true(kind >= 0 && c[kind] > 0);
        assert_int_equal(sh[kind], least);
        for (int k = 0; k < JONG_KINDS; k++)
            if (sh[k] != least)
                assert_true(rep.single_rate[k] < 0); /* never simulated */
    }
    jong_simcat_work_free(w);
    assert_int_not_equal(jong_simcat_options("filter=maybe", &cfg, &rounds, &err), JONG_OK);
    assert_non_null(strstr(err.msg, "filter"));
}

/* ---- KF's eager claims ---------------------------------------------------------------------- */

typedef struct {
    int seat; /* the eager KF seat */
    long offers, lowering, taken;
} claim_ctx;

static int wn_of(const uint8_t c[JONG_KINDS], const jong_hand *h, int sets)
{
    uint8_t lim[JONG_KINDS];
    jong_hand_limits(h, lim);
    return jong_distance_standard_limited(c, sets, lim);
}

static void check_eager(const jong_view *v, const jong_action *legal, int n, int chosen, int seat, void *vctx)
{
    claim_ctx *c = vctx;
    if (seat != c->seat)
        return;
    bool offer = false, lowers = false;
    int sets = jong_hand_sets_needed(&v->own, JONG_VARIANT_TAIWAN);
    int now = wn_of(v->own.counts, &v->own, sets);
    for (int i = 0; i < n; i++) {
        const jong_action *a = &legal[i];
        if (a->type == JONG_ACT_WIN || a->type == JONG_ACT_DISCARD)
            return; /* a win is always taken; not a claim decision */
        if (a->type != JONG_ACT_CHI && a->type != JONG_ACT_PON)
            continue;
        offer = true;
        uint8_t k[JONG_KINDS];
        memcpy(k, v->own.counts, sizeof k);
        if (a->type == JONG_ACT_CHI) {
            for (int t = a->low; t < a->low + 3; t++)
                if (t != a->tile)
                    k[t]--;
        } else {
            k[a->tile] -= 2;
        }
        jong_hand h = v->own;
        h.melds[h.nmelds++] = (jong_meld){a->type == JONG_ACT_CHI ? JONG_MELD_CHOW : JONG_MELD_PUNG,
                                          (uint8_t)(a->type == JONG_ACT_CHI ? a->low : a->tile), 0};
        if (wn_of(k, &h, sets - 1) < now)
            lowers = true;
    }
    if (!offer)
        return;
    c->offers++;
    if (lowers) {
        c->lowering++;
        assert_true(legal[chosen].type != JONG_ACT_PASS); /* eager: a claim that lowers the WN is taken */
        c->taken++;
    } else {
        assert_true(legal[chosen].type == JONG_ACT_PASS || legal[chosen].type == JONG_ACT_KONG);
    }
}

static void test_kf_eager_claims(void **state)
{
    (void)state;
    claim_ctx c = {.seat = 0};
    const char *mix[4] = {"kf-rule", "greedy", "kf-rule:claim=paper", "greedy"};
    play_hands(JONG_VARIANT_TAIWAN, mix, SANITIZED ? 10 : 60, 51, check_eager, &c);
    assert_true(c.lowering > 5);
    jong_player *p;
    jong_error err;
    assert_int_equal(jong_player_create("kf-v:claim=sometimes", &p, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "eager"));
    for (int i = 0; i < 4; i++) {
        const char *ok[4] = {"kf-v:claim=eager", "kf-v:claim=paper", "kf-v:claim=on", "kf-v:claim=off"};
        assert_int_equal(jong_player_create(ok[i], &p, &err), JONG_OK);
        jong_player_free(p);
    }
}

/* ---- the best alias ------------------------------------------------------------------------ */

static void test_best(void **state)
{
    (void)state;
    /* its help names what it plays */
    const jong_player_info *info = NULL;
    for (int i = 0; i < jong_player_count(); i++)
        if (!strcmp(jong_player_info_at(i)->name, "best"))
            info = jong_player_info_at(i);
    assert_non_null(info);
    assert_non_null(strstr(info->summary, jong_best_spec[JONG_VARIANT_RIICHI]));
    assert_non_null(strstr(info->summary, jong_best_spec[JONG_VARIANT_TAIWAN]));
    jong_error err;
    assert_int_equal(jong_player_check_variant("best", JONG_VARIANT_RIICHI, &err), JONG_OK);
    assert_int_equal(jong_player_check_variant("best", JONG_VARIANT_TAIWAN, &err), JONG_OK);
    jong_player *p;
    assert_int_equal(jong_player_create("best:n=3", &p, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "no options"));
    /* in Taiwanese it plays exactly as the player it names */
    const char *a[4] = {"best", "greedy", "best", "greedy"};
    const char *b[4] = {jong_best_spec[JONG_VARIANT_TAIWAN], "greedy", jong_best_spec[JONG_VARIANT_TAIWAN], "greedy"};
    assert_true(play_hands(JONG_VARIANT_TAIWAN, a, SANITIZED ? 1 : 3, 61, NULL, NULL) == play_hands(JONG_VARIANT_TAIWAN, b, SANITIZED ? 1 : 3, 61, NULL, NULL));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_guard_features),
        cmocka_unit_test(test_guard_danger_reads_the_table),
        cmocka_unit_test(test_guard_player),
        cmocka_unit_test(test_rollout_known_outcomes),
        cmocka_unit_test(test_rollout_player),
        cmocka_unit_test(test_table_rollout_known_outcomes),
        cmocka_unit_test(test_table_deal),
        cmocka_unit_test(test_table_rollout_player),
        cmocka_unit_test(test_simcat_filter),
        cmocka_unit_test(test_kf_eager_claims),
        cmocka_unit_test(test_best),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
