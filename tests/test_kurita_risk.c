/* kurita's risk=turn (docs/experiments/kurita.md, "Risk that rises with the turn"): the others'
 * tenpai chances grow along the paper's regression, the per-layer deal-in tables follow from
 * them, a search with rising risk never values a discard above the frozen-risk search, and the
 * option plays reproducible games. The solver against the recursive reference with per-layer
 * risk is in test_kurita.c (check_tiny). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "jong/eval.h"
#include "players/kurita/kurita.h"
#include "players/kurita/kurita_paper.h"
#include "players/kurita/kurita_setup.h"
#include "jong/player.h"
#include "jong/table.h"
#include "support/assert_close.h"
#include "support/kurita_tiny.h"
#include "support/random_hands.h"
#include "support/sanitized.h"
#include "support/spec_games.h"

static void test_still_noten(void **state)
{
    (void)state;
    jong_ku_paper_model pm;
    memset(&pm, 0, sizeof pm);
    for (int c = 0; c < JONG_KU_CALL_CLASSES; c++) {
        pm.tenpai[c][0] = -4 + c; /* more calls, more often tenpai */
        pm.tenpai[c][1] = 0.3;
    }
    jong_opp_obs o;
    memset(&o, 0, sizeof o);
    o.seats[1].ndiscards = 5;
    assert_close(jong_ku_paper_still_noten(&pm, &o, 1, 0), 1, 0);
    /* S(d) = 1 / (1 + exp(a + b d)): the ratio S(5 + 3) / S(5) by hand */
    double want = (1 / (1 + exp(-4 + 0.3 * 8))) / (1 / (1 + exp(-4 + 0.3 * 5)));
    assert_close(jong_ku_paper_still_noten(&pm, &o, 1, 3), want, 1e-12);
    double last = 1;
    for (int n = 1; n < 20; n++) { /* falls with every turn */
        double s = jong_ku_paper_still_noten(&pm, &o, 1, n);
        assert_true(s < last && s > 0);
        last = s;
    }
    o.seats[1].nmelds = 2; /* the class of two calls */
    want = (1 / (1 + exp(-2 + 0.3 * 6))) / (1 / (1 + exp(-2 + 0.3 * 5)));
    assert_close(jong_ku_paper_still_noten(&pm, &o, 1, 1), want, 1e-12);
    o.seats[1].riichi = true; /* tenpai already */
    assert_close(jong_ku_paper_still_noten(&pm, &o, 1, 4), 1, 0);
    pm.tenpai[0][1] = -0.1; /* a curve that falls: never more than 1 */
    assert_close(jong_ku_paper_still_noten(&pm, &o, 2, 4), 1, 0);
}

/* The tables by hand: two seats that can ron 5p, one that cannot. */
static void test_layer_tables(void **state)
{
    (void)state;
    jong_ku_setup *su = calloc(1, sizeof *su);
    assert_non_null(su);
    su->pr.horizon = 4;
    const int k = 13; /* 5p */
    su->wait_p[0][k] = 0.2, su->deal_p[0][k] = 0.1 * 0.2, su->deal_pts[0][k] = 8000;
    su->wait_p[1][k] = 0.5, su->deal_pts[1][k] = 3900; /* too unlikely now, scored for later */
    su->wait_p[2][k] = 0;                               /* furiten on 5p */
    for (int i = 0; i < 3; i++)
        for (int n = 0; n <= 4; n++)
            su->q_at[i][n] = i == 0 ? 0.1 + 0.1 * n : n * 0.05;
    for (int i = 0; i < 3; i++)
        for (int x = 0; x < JONG_KINDS; x++)
            su->deal_v[i][x] = -su->deal_pts[i][x], su->deal_vr[i][x] = -su->deal_pts[i][x] - 1000;
    jong_ku_setup_layers(su);
    assert_ptr_equal(su->pr.layer_risk, &su->layers);
    for (int n = 1; n < 4; n++) {
        double a = (0.1 + 0.1 * n) * 0.2, b = n * 0.05 * 0.5;
        assert_close(su->layers.p_lose[n][k], 1 - (1 - a) * (1 - b), 1e-12);
        assert_close(su->layers.lose_ev[n][k], -a * 8000 - b * 3900, 1e-9);
        assert_close(su->layers.p_lose[n][0], 0, 0); /* nobody waits on 1m */
    }
    /* rank payoffs: P_L times the payoff given a deal-in, weighted by who deals in */
    su->pr.riichi_payoffs = true;
    for (int i = 0; i < 2; i++)
        su->deal_v[i][k] = -0.5 - i, su->deal_vr[i][k] = -0.7 - i;
    jong_ku_setup_layers(su);
    double a = 0.3 * 0.2, b = 0.1 * 0.5, pl = 1 - (1 - a) * (1 - b);
    assert_close(su->layers.lose_ev[2][k], pl * (a * -0.5 + b * -1.5) / (a + b), 1e-12);
    assert_close(su->layers.lose_ev_riichi[2][k], pl * (a * -0.7 + b * -1.7) / (a + b), 1e-12);
    free(su);
}

/* On real hands: every layer at least as dangerous as the decision (the same loss per deal-in)
 * never raises a value, and the same tables in every row give exactly the frozen values. */
static void test_rising_risk_lowers(void **state)
{
    (void)state;
    rh_rng r;
    rh_seed(&r, 23);
    static jong_ku_layer_risk lr;
    int cases = SANITIZED ? 4 : 12, checked = 0;
    for (int c = 0; c < cases; c++) {
        uint8_t c14[JONG_KINDS];
        rh_near_complete(&r, 4, 14, c14);
        int sh[JONG_KINDS];
        int best = jong_discard_shanten(c14, 4, sh, NULL);
        if (best < 0 || best > 2)
            continue;
        jong_ku_params pr;
        kt_params(&r, &pr, 6 + (int)rh_below(&r, 6), 0);
        uint8_t avail[JONG_KINDS];
        for (int k = 0; k < JONG_KINDS; k++) {
            pr.draw_w[k] = 4 - c14[k];
            avail[k] = (uint8_t)pr.draw_w[k];
            pr.lose_ev[k] = -pr.p_lose[k] * 12000; /* below every other payoff */
        }
        jong_ku_space s;
        jong_error err;
        assert_int_equal(jong_ku_space_build(&s, c14, 4, avail, best + 1, 1 << 20, &err), JONG_OK);
        jong_ku_result frozen, same, rising;
        assert_int_equal(jong_ku_solve(&s, &pr, c14, -1, &frozen, &err), JONG_OK);
        for (int n = 0; n < JONG_KU_MAX_HORIZON; n++) {
            memcpy(lr.p_lose[n], pr.p_lose, sizeof pr.p_lose);
            memcpy(lr.lose_ev[n], pr.lose_ev, sizeof pr.lose_ev);
        }
        pr.layer_risk = &lr;
        assert_int_equal(jong_ku_solve(&s, &pr, c14, -1, &same, &err), JONG_OK);
        assert_memory_equal(same.value, frozen.value, sizeof frozen.value);
        assert_memory_equal(same.value_riichi, frozen.value_riichi, sizeof frozen.value_riichi);
        for (int n = 1; n < pr.horizon; n++)
            for (int k = 0; k < JONG_KINDS; k++) {
                lr.p_lose[n][k] = pr.p_lose[k] + (1 - pr.p_lose[k]) * 0.03 * n;
                lr.lose_ev[n][k] = -lr.p_lose[n][k] * 12000;
            }
        assert_int_equal(jong_ku_solve(&s, &pr, c14, -1, &rising, &err), JONG_OK);
        bool lower = false;
        for (int k = 0; k < JONG_KINDS; k++)
            if (c14[k]) {
                assert_true(rising.value[k] <= frozen.value[k] + 1e-9);
                lower |= rising.value[k] < frozen.value[k] - 1e-6;
            }
        assert_true(lower);
        checked++;
        jong_ku_space_free(&s);
    }
    assert_true(checked >= 2);
}

static void test_player_option(void **state)
{
    (void)state;
    jong_error err;
    jong_player *p;
    assert_int_equal(jong_player_create("kurita:risk=turn", &p, &err), JONG_OK);
    jong_player_free(p);
    assert_int_equal(jong_player_create("kurita:risk=later", &p, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "risk wants now"));
    assert_null(strchr(err.msg, '\n'));
    /* a game with the option, points and rank payoffs: legal (checking mode) and reproducible */
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    rs.tonpuu = true;
    const char *spec = SANITIZED ? "kurita:risk=turn,mdp=1" : "kurita:risk=turn";
    const char *rank = SANITIZED ? "kurita:risk=turn,payoff=rank,mdp=1" : "kurita:risk=turn,payoff=rank";
    int32_t scores[2][JONG_SEATS];
    const char *specs[JONG_SEATS] = {spec, "greedy", rank, "greedy"};
    for (int run = 0; run < 2; run++) /* the same seed twice, with new players each time */
        play_spec_games(&(jong_table){.rules = &rs, .seed = 29, .check = true}, specs, 1, &scores[run]);
    assert_memory_equal(scores[0], scores[1], sizeof scores[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_still_noten),
        cmocka_unit_test(test_layer_tables),
        cmocka_unit_test(test_rising_risk_lowers),
        cmocka_unit_test(test_player_option),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
