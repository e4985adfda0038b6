/* Monte Carlo moves with opponent models (Eq. 10, ODEV, Eq. 13) on a hand-made hand with hand-set
 * models: the same random numbers for every candidate (a candidate's Sim does not depend on which
 * others are evaluated), determinism for a seed, a deadly tile avoided against riichi although the
 * one-player policy prefers it, LP/EL inside Score, the switch of Eq. 13, and the players in
 * riichi self-play, ODEV (Algorithm 1) worked out by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jong/jong.h"
#include "players/mizukami/mizukami.h"
#include "jong/table.h"
#include "players/mizukami/mizukami_internal.h"
#include "support/assert_close.h"
#include "support/sanitized.h"
#include "support/spec_games.h"

static int code_of(const char *t)
{
    int r = t[0] - '0', s = t[1] == 'm' ? 0 : t[1] == 'p' ? 1 : t[1] == 's' ? 2 : 3;
    return s * 9 + r - 1;
}

/* P(waiting) 0.3 for seats not in riichi; only kind `deadly` is a likely winning tile; every win
 * is worth 8000 (ron) or 6000 (tsumo); the greedy policy with WPET 0.1 and FP 0.2. */
static void models(jong_oppmodel *om, jong_linmodel *pol, int deadly)
{
    jong_error err;
    for (int i = 0; i < JONG_OPP_MODELS; i++)
        assert_int_equal(jong_linmodel_alloc(&om->m[i], jong_opp_model_name(i), JONG_OPP_FEATURES_VERSION,
                                             i == JONG_OPP_WINTILE ? 34 : i == JONG_OPP_SCORE ? 2 : 1,
                                             jong_opp_feature_dim(i), &err), JONG_OK);
    om->m[JONG_OPP_WAITING].w[0] = log(0.3 / 0.7);
    for (int k = 0; k < 34; k++)
        om->m[JONG_OPP_WINTILE].w[(size_t)k * jong_opp_feature_dim(JONG_OPP_WINTILE)] = k == deadly ? 3.0 : -6.0;
    om->m[JONG_OPP_SCORE].w[0] = log(8000.0);
    om->m[JONG_OPP_SCORE].w[jong_opp_feature_dim(JONG_OPP_SCORE)] = log(6000.0);
    assert_int_equal(jong_linmodel_alloc(pol, "policy", JONG_OP_FEATURES_VERSION, 2, jong_op_feature_dim(), &err), JONG_OK);
    jong_op_greedy_weights(pol->w);
    for (int s = 0; s < JONG_OP_SITUATIONS; s++)
        pol->w[pol->dim + JONG_OP_FP_AT + s] = 0.2;
    for (int t = 0; t < JONG_OP_TURNS; t++)
        pol->w[pol->dim + JONG_OP_WPET_AT + t] = 0.1;
}

/* Seat 0 holds 123m 456p 789s 11z 5m9p + draws 3z: greedy would throw 3z or 9p ... the deadly kind
 * is given by the test. Seat 1 declares riichi. */
static void state(jong_opp_obs *o)
{
    uint8_t t[4][13];
    const char *mine = "1m2m3m4p5p6p7s8s9s1z1z5m9p";
    for (int i = 0; i < 13; i++)
        t[0][i] = (uint8_t)code_of(mine + 2 * i);
    for (int s = 1; s < 4; s++)
        memset(t[s], JONG_HIDDEN, 13);
    jong_error err;
    assert_int_equal(jong_opp_obs_start(o, 0, 0, 0, 0, 0, code_of("1s"), (const uint8_t (*)[13])t, &err), JONG_OK);
    const char *others = "7z6z4z2z8m1p";
    for (int round = 0; round < 6; round++) {
        assert_int_equal(jong_opp_obs_draw(o, 0, code_of("3z"), &err), JONG_OK);
        assert_int_equal(jong_opp_obs_discard(o, 0, code_of("3z"), true, &err), JONG_OK);
        for (int s = 1; s < 4; s++) {
            assert_int_equal(jong_opp_obs_draw(o, s, JONG_HIDDEN, &err), JONG_OK);
            if (s == 1 && round == 5)
                assert_int_equal(jong_opp_obs_riichi(o, 1, &err), JONG_OK);
            int k = code_of(others + 2 * round);
            assert_int_equal(jong_opp_obs_discard(o, s, k, false, &err), JONG_OK);
        }
    }
    assert_int_equal(jong_opp_obs_draw(o, 0, code_of("9m"), &err), JONG_OK);
}

static void test_same_random_numbers(void **state_)
{
    (void)state_;
    jong_oppmodel om;
    jong_linmodel pol;
    models(&om, &pol, code_of("5m"));
    jong_opp_obs o;
    state(&o);
    jong_mz_config cfg = {.opp = &om, .policy = &pol, .steal_share = 0.35, .alpha = 0, .sims = SANITIZED ? 20 : 80,
                          .odev = true, .seed = 9};
    jong_mz_result all, some, again;
    jong_error err;
    assert_int_equal(jong_mz_evaluate(&cfg, &o, 0, 0, NULL, &all, &err), JONG_OK);
    assert_int_equal(jong_mz_evaluate(&cfg, &o, 0, 0, NULL, &again, &err), JONG_OK);
    assert_memory_equal(&all, &again, sizeof all);
    uint64_t pair = 1ull << code_of("9m") | 1ull << code_of("1z");
    assert_int_equal(jong_mz_evaluate(&cfg, &o, 0, pair, NULL, &some, &err), JONG_OK);
    assert_int_equal(some.n, 2);
    for (int i = 0; i < some.n; i++)
        for (int j = 0; j < all.n; j++)
            if (all.c[j].kind == some.c[i].kind)
                assert_true(all.c[j].sim == some.c[i].sim);
    assert_true(all.use_mc);
    for (int i = 0; i < all.n; i++) {
        const jong_mz_candidate *c = &all.c[i];
        assert_true(fabs(c->score - (c->sim * c->safe - c->el)) < 1e-9); /* Eq. 10 */
    }
    jong_oppmodel_free(&om);
    jong_linmodel_free(&pol);
}

/* Against a riichi whose winning tile is almost surely 5m, the Monte Carlo move keeps 5m although
 * greedy one-player play would throw it (5m and 9m are its isolated tiles). */
static void test_avoids_deadly_tile(void **state_)
{
    (void)state_;
    jong_oppmodel om;
    jong_linmodel pol;
    jong_opp_obs o;
    state(&o);
    jong_mz_config cfg = {.steal_share = 0.35, .alpha = 0, .sims = SANITIZED ? 20 : 60, .odev = true, .seed = 3};
    jong_mz_result r;
    jong_error err;
    for (int pass = 0; pass < 2; pass++) {
        int deadly = pass == 0 ? code_of("5m") : code_of("9m");
        models(&om, &pol, deadly);
        cfg.opp = &om;
        cfg.policy = &pol;
        assert_int_equal(jong_mz_evaluate(&cfg, &o, 0, 0, NULL, &r, &err), JONG_OK);
        assert_true(r.use_mc);
        assert_true(r.c[r.best].kind != deadly);
        for (int i = 0; i < r.n; i++)
            if (r.c[i].kind == deadly)
                assert_true(r.c[i].el > 1000); /* riichi x P(win) ~ 0.95 x 8000 */
        jong_oppmodel_free(&om);
        jong_linmodel_free(&pol);
    }
    /* Eq. 13: a large alpha keeps the one-player move and runs no simulation */
    models(&om, &pol, code_of("5m"));
    cfg.opp = &om;
    cfg.policy = &pol;
    cfg.alpha = 1e9;
    assert_int_equal(jong_mz_evaluate(&cfg, &o, 0, 0, NULL, &r, &err), JONG_OK);
    assert_false(r.use_mc);
    assert_int_equal(r.sims_done, 0);
    assert_int_equal(r.one_player, 0);
    jong_oppmodel_free(&om);
    jong_linmodel_free(&pol);
}

/* ODEV worked out by hand: opponent 0 waits (P(it wins on the discard d) 0.5, 8000 points), the
 * player waits on kind 5 (4 of the 40 unseen tiles: 0.1 a draw; 8000 by ron, 12000 by tsumo). */
static void test_odev_by_hand(void **state_)
{
    (void)state_;
    mz_root r;
    memset(&r, 0, sizeof r);
    const int d = 0, wait = 5, other = 20;
    r.pk[0][d] = 0.5;
    r.ron[0][d] = 8000;
    r.my_ron[wait] = 8000;
    r.my_tsumo[wait] = 12000;
    int unseen[JONG_KINDS] = {0};
    unseen[wait] = 4;
    unseen[other] = 36;
    bool waiting[MZ_OPP] = {true, false, false}, fold[MZ_OPP] = {false, false, false};
    /* -0.5 x 8000; then each opponent in turn may discard the winning tile (0.1 x 8000) while the
     * hand is still on (0.9 less per player who draws): 800 + 0.9 x 800 + 0.81 x 800; and the
     * player's own draw 0.729 x 0.1 x 12000 */
    assert_close(jong_mz_odev(&r, waiting, fold, unseen, d, 1ull << wait), -4000 + 800 + 720 + 648 + 874.8, 1e-9);
    /* opponent 0 cannot ron on d (furiten): no expected loss */
    r.furiten[0] = 1ull << d;
    assert_close(jong_mz_odev(&r, waiting, fold, unseen, d, 1ull << wait), 800 + 720 + 648 + 874.8, 1e-9);
    r.furiten[0] = 0;
    /* opponent 1 folded (virtually): it discards nothing, so no ron for the player on it */
    fold[1] = true;
    assert_close(jong_mz_odev(&r, waiting, fold, unseen, d, 1ull << wait), -4000 + 800 + 0.9 * 800 + 0.81 * 1200, 1e-9);
    fold[1] = false;
    /* opponent 0 may also win from the wall: P 0.1 on kind 20, 36 of 40 unseen: 0.09 */
    r.pk[0][other] = 0.1;
    double p = 0.91;
    double want = -4000 + p * 800 + p * 0.9 * 800 + p * 0.81 * 800 + p * 0.729 * 1200;
    assert_close(jong_mz_odev(&r, waiting, fold, unseen, d, 1ull << wait), want, 1e-9);
    /* nobody waiting and no wait of its own: 0, and the player does not fold (value < 0 folds) */
    waiting[0] = false;
    assert_close(jong_mz_odev(&r, waiting, fold, unseen, d, 0), 0, 0);
}

/* Chi calls by seats 1 and 3 (the calls=learned players; the others never chi). */
static void count_chi(void *ctx, const jong_event *ev)
{
    if (ev->type == JONG_EV_CHI && (ev->actor == 1 || ev->actor == 3))
        ++*(int *)ctx;
}

static void test_players_play(void **state_)
{
    (void)state_;
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    const char *specs[JONG_SEATS] = {"mizukami:sims=10", "oneplayer:calls=learned", "greedy",
                                     "mizukami:sims=10,alpha=0,calls=learned"};
    int chis = 0;
    play_spec_games(&(jong_table){.rules = &rs, .seed = 5, .check = true, .sink = count_chi, .sink_ctx = &chis}, specs,
                    SANITIZED ? 1 : 2, NULL);
    jong_error err;
    jong_player *p;
    assert_int_equal(jong_player_create("mizukami:sims=0", &p, &err), JONG_ERR_ARG);
    assert_int_equal(jong_player_create("oneplayer:sims=5", &p, &err), JONG_ERR_ARG);
    assert_int_equal(jong_player_create("oneplayer:calls=all", &p, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "calls wants yakuhai or learned"));
    assert_true(chis > 0); /* the learned call model does call chi */
}

/* The values hook (jong analyze --player, jong review): at each discard decision of real games,
 * the values cover exactly the allowed discards and the choice is what the player then plays;
 * a player that did not follow the hand (it rebuilds the observation from the view) values the
 * same discards. */
typedef struct {
    jong_player *pl, *fresh;
    long checked;
} values_checker;

static void vch_observe(jong_player *p, const jong_view *v, const jong_event *ev)
{
    values_checker *c = p->state;
    c->pl->ops->observe(c->pl, v, ev);
}

static int vch_choose(jong_player *p, const jong_decision *d)
{
    values_checker *c = p->state;
    uint64_t allowed = 0;
    for (int i = 0; i < d->nlegal; i++)
        if (d->legal[i].type == JONG_ACT_DISCARD)
            allowed |= 1ull << jong_code_kind(d->legal[i].tile);
    int i = c->pl->ops->choose(c->pl, d);
    if (allowed && d->legal[i].type == JONG_ACT_DISCARD) {
        jong_player_values followed, fresh;
        jong_error err;
        assert_int_equal(jong_player_discard_values(c->pl, d, &followed, &err), JONG_OK);
        assert_int_equal(jong_player_discard_values(c->fresh, d, &fresh, &err), JONG_OK);
        assert_int_equal(followed.choice, jong_code_kind(d->legal[i].tile));
        assert_true(allowed >> fresh.choice & 1);
        for (int k = 0; k < JONG_KINDS; k++) {
            assert_int_equal(followed.valued[k], (bool)(allowed >> k & 1));
            assert_int_equal(fresh.valued[k], (bool)(allowed >> k & 1));
        }
        c->checked++;
    }
    return i;
}

static void vch_destroy(jong_player *p) { (void)p; }

static void test_discard_values(void **state_)
{
    (void)state_;
    static const jong_player_ops ops = {vch_choose, vch_observe, vch_destroy};
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    jong_error err;
    const char *specs[2] = {"mizukami:sims=8", "oneplayer"};
    values_checker vc[2];
    jong_player wrapped[2];
    jong_player *pl[JONG_SEATS];
    for (int j = 0; j < 2; j++) {
        assert_int_equal(jong_player_create(specs[j], &vc[j].pl, &err), JONG_OK);
        assert_int_equal(jong_player_create(specs[j], &vc[j].fresh, &err), JONG_OK);
        vc[j].checked = 0;
        wrapped[j] = (jong_player){.ops = &ops, .state = &vc[j]};
    }
    assert_int_equal(jong_player_create("greedy", &pl[1], &err), JONG_OK);
    assert_int_equal(jong_player_create("greedy", &pl[3], &err), JONG_OK);
    pl[0] = &wrapped[0];
    pl[2] = &wrapped[1];
    rs.hands = SANITIZED ? 2 : 3;
    jong_table tb = {.rules = &rs, .seed = 9, .game_number = 0};
    memcpy(tb.players, pl, sizeof pl);
    jong_game_result res;
    assert_int_equal(jong_table_play(&tb, &res, &err), JONG_OK);
    for (int j = 0; j < 2; j++) {
        assert_true(vc[j].checked > 5);
        jong_player_free(vc[j].pl);
        jong_player_free(vc[j].fresh);
    }
    jong_player_free(pl[1]);
    jong_player_free(pl[3]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_random_numbers),
        cmocka_unit_test(test_avoids_deadly_tile),
        cmocka_unit_test(test_odev_by_hand),
        cmocka_unit_test(test_players_play),
        cmocka_unit_test(test_discard_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
