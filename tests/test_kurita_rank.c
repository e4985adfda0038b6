/* The kurita player's rank payoffs (jong/kurita_rank.h, jong/kurita_payoff.h): the shipped rank
 * regression (probabilities, the direction of a lead, stronger as hands run out), the exact end
 * of a game by the rules (last hand, agari-yame, extension, tobi, ties to the lower seat), the win
 * table against a direct computation on random situations and hands, the MDP unchanged by the
 * riichi payoffs written out and linear in its terminals, the Newton fit on a known model, the
 * model file's version, and the player option. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "players/kurita/kurita.h"
#include "players/kurita/kurita_model.h"
#include "players/kurita/kurita_payoff.h"
#include "players/kurita/kurita_rank.h"
#include "jong/player.h"
#include "jong/table.h"
#include "support/assert_close.h"
#include "support/parse_or_fail.h"
#include "support/random_hands.h"
#include "support/sanitized.h"
#include "support/spec_games.h"

static jong_ku_model km;
static jong_ruleset rs;

static int setup_all(void **state)
{
    (void)state;
    jong_error err;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    rs.tonpuu = true;
    return jong_ku_model_shipped(&km, &err) == JONG_OK && km.has_rank ? 0 : -1;
}

static double expected_rank_payoff(const jong_ku_situation *s, int seat)
{
    double p[4], rv[4], v = 0;
    jong_ku_rank_probs(km.rank_w, s, seat, p);
    jong_ku_rank_values(&rs, rv);
    for (int r = 0; r < 4; r++)
        v += p[r] * rv[r];
    return v;
}

/* Probabilities sum to 1; a bigger lead is worth more, and more so with fewer hands left. */
static void test_regression(void **state)
{
    (void)state;
    rh_rng r;
    rh_seed(&r, 5);
    for (int i = 0; i < 2000; i++) {
        jong_ku_situation s = {{0}, (int)rh_below(&r, 8), (int)rh_below(&r, 3), (int)rh_below(&r, 3), rh_below(&r, 2)};
        int32_t left = 100000;
        for (int k = 0; k < 3; k++) {
            s.scores[k] = (int32_t)rh_below(&r, 500) * 100 - 5000;
            left -= s.scores[k];
        }
        s.scores[3] = left;
        double p[4], sum = 0;
        jong_ku_rank_probs(km.rank_w, &s, (int)rh_below(&r, 4), p);
        for (int k = 0; k < 4; k++) {
            assert_true(p[k] > 0 && p[k] < 1);
            sum += p[k];
        }
        assert_close(sum, 1, 1e-12);
    }
    /* seat 1 leads the other three (level with each other) by d; East 1 and East 4 of tonpuu,
     * East 1 of a hanchan; seat 1 is not the dealer in any of them */
    const int kyoku[3] = {0, 3, 0};
    const bool ton[3] = {true, true, false};
    double gain[3];
    for (int c = 0; c < 3; c++) {
        double prev = -INFINITY;
        double at0 = 0, at8 = 0;
        for (int d = -16000; d <= 16000; d += 1000) {
            jong_ku_situation s = {{25000 - d / 4, 25000 + 3 * d / 4, 25000 - d / 4, 25000 - d / 4}, kyoku[c], 0, 0,
                                   ton[c]};
            double v = expected_rank_payoff(&s, 1);
            assert_true(v > prev);
            prev = v;
            if (d == 0)
                at0 = v;
            if (d == 8000)
                at8 = v;
        }
        gain[c] = at8 - at0;
    }
    print_message("a lead of 8000: +%.2f at East 1 of tonpuu, +%.2f at East 4, +%.2f at East 1 of a hanchan\n", gain[0],
                  gain[1], gain[2]);
    assert_true(gain[1] > gain[0]); /* the effect grows as hands run out */
    assert_true(gain[0] > gain[2]); /* a hanchan has more hands left at East 1 */
    /* the hands nominally left */
    assert_int_equal(jong_ku_hands_left(0, true), 4);
    assert_int_equal(jong_ku_hands_left(7, false), 1);
    assert_int_equal(jong_ku_hands_left(4, true), 1);
    assert_int_equal(jong_ku_hands_left(9, false), 1);
}

static jong_ku_hand_end ending(int32_t d0, int32_t d1, int32_t d2, int32_t d3, bool keeps, bool drawn, int sticks)
{
    jong_ku_hand_end e = {{d0, d1, d2, d3}, keeps, drawn, sticks};
    return e;
}

/* The end of the game by the rules, with ranks and results worked out by hand. */
static void test_exact_end(void **state)
{
    (void)state;
    int rank[4], result[4];
    jong_ku_situation next;
    /* tonpuu East 4 (dealer seat 3): seat 0 rons seat 1 for 8000; seats 2 and 3 tie at 25000 and
     * seat 2 (the lower seat) is above */
    jong_ku_situation all_last = {{25000, 25000, 25000, 25000}, 3, 0, 0, true};
    jong_ku_hand_end e = ending(8000, -8000, 0, 0, false, false, 0);
    assert_true(jong_ku_game_over(&rs, &all_last, &e, rank, result, &next));
    int want[4] = {0, 3, 1, 2};
    assert_memory_equal(rank, want, sizeof want);
    /* result: (score - 30000) / 1000 + uma, the first takes the rest (oka 20) */
    assert_int_equal(result[1], -13 - 20);
    assert_int_equal(result[2], -5 + 10);
    assert_int_equal(result[3], -5 - 10);
    assert_int_equal(result[0], 33 - 5 + 15);
    assert_close(jong_ku_end_payoff(&rs, km.rank_w, &all_last, 2, &e, JONG_KU_PAYOFF_RANK), 10, 0);
    assert_close(jong_ku_end_payoff(&rs, km.rank_w, &all_last, 0, &e, JONG_KU_PAYOFF_RANK), 40, 0);
    assert_close(jong_ku_end_payoff(&rs, km.rank_w, &all_last, 0, &e, JONG_KU_PAYOFF_RESULT), result[0], 0);
    /* nobody at 30000 after a non-dealer's win: the extension (South 1) */
    e = ending(3900, 0, -3900, 0, false, false, 0);
    assert_false(jong_ku_game_over(&rs, &all_last, &e, rank, result, &next));
    assert_int_equal(next.kyoku, 4);
    assert_int_equal(next.honba, 0);
    assert_int_equal(next.scores[0], 28900);
    /* the dealer wins and is first at 30000 or more: agari-yame ends it */
    e = ending(-12000, 0, 0, 12000, true, false, 0);
    assert_true(jong_ku_game_over(&rs, &all_last, &e, rank, result, &next));
    assert_int_equal(rank[3], 0);
    /* the dealer wins but is not first: it goes on with a honba */
    jong_ku_situation behind = {{40000, 20000, 20000, 20000}, 3, 1, 1, true};
    e = ending(0, -2900, 0, 3900, true, false, 0);
    assert_false(jong_ku_game_over(&rs, &behind, &e, rank, result, &next));
    assert_int_equal(next.kyoku, 3);
    assert_int_equal(next.honba, 2);
    assert_int_equal(next.sticks, 0);
    /* a washout at the all-last, seats 0 and 1 tenpai, the dealer noten, seat 0 at 41,500: over;
     * the two sticks go to the first; Tenhou rounds 21,500 to 22 and 18,500 to 19 (thousands) */
    e = ending(1500, 1500, -1500, -1500, false, true, 2);
    assert_true(jong_ku_game_over(&rs, &behind, &e, rank, result, &next));
    int want2[4] = {0, 1, 2, 3};
    assert_memory_equal(rank, want2, sizeof want2);
    assert_int_equal(result[1], 22 - 30 + 10);
    assert_int_equal(result[2], 19 - 30 - 10);
    assert_int_equal(result[3], 19 - 30 - 20);
    assert_int_equal(result[0], 50);
    /* tobi at East 1: over at once */
    jong_ku_situation e1 = {{25000, 5000, 35000, 35000}, 0, 0, 0, true};
    e = ending(0, -8000, 8000, 0, false, false, 0);
    assert_true(jong_ku_game_over(&rs, &e1, &e, rank, result, &next));
    e = ending(0, -5000, 5000, 0, false, false, 0); /* exactly 0 is no tobi */
    assert_false(jong_ku_game_over(&rs, &e1, &e, rank, result, &next));
    assert_int_equal(next.kyoku, 1);
    /* the last hand of the extension (South 4 of tonpuu) ends the game even below 30000 */
    jong_ku_situation s4 = {{25000, 25000, 25000, 25000}, 7, 0, 0, true};
    e = ending(1000, -1000, 0, 0, false, false, 0);
    assert_true(jong_ku_game_over(&rs, &s4, &e, rank, result, &next));
    /* a hanchan's East 4 goes on */
    jong_ku_situation h = all_last;
    h.tonpuu = false;
    e = ending(8000, -8000, 0, 0, false, false, 0);
    assert_false(jong_ku_game_over(&rs, &h, &e, rank, result, &next));
    assert_int_equal(next.kyoku, 4);
}

/* A random closed tenpai hand: four sets and a pair less one tile, which is a wait. */
static void random_tenpai(rh_rng *r, uint8_t c[JONG_KINDS], int *wait)
{
    for (;;) {
        memset(c, 0, JONG_KINDS);
        bool ok = true;
        for (int m = 0; m < 4 && ok; m++) {
            if (rh_below(r, 3) == 0) {
                int k = (int)rh_below(r, JONG_KINDS);
                ok = c[k] + 3 <= 4;
                c[k] = (uint8_t)(c[k] + 3);
            } else {
                int suit = (int)rh_below(r, 3), lo = suit * 9 + (int)rh_below(r, 7);
                for (int k = lo; k < lo + 3; k++)
                    ok &= ++c[k] <= 4;
            }
        }
        int pair = (int)rh_below(r, JONG_KINDS);
        c[pair] = (uint8_t)(c[pair] + 2);
        ok &= c[pair] <= 4;
        if (!ok)
            continue;
        int pick = (int)rh_below(r, 14);
        for (int k = 0; k < JONG_KINDS; k++) {
            if (pick < c[k]) {
                c[k]--;
                *wait = k;
                return;
            }
            pick -= c[k];
        }
    }
}

/* The payoff of p's win straight from the scoring's relative-seat deltas (1 = next seat). */
static double slow_win(const jong_ku_setup *su, const jong_ku_situation *now, int seat, int mode, const uint8_t c[],
                       int tile, bool tsumo, bool riichi)
{
    jong_riichi_result r;
    if (jong_ku_setup_score_win(su, c, NULL, 0, tile, tsumo, riichi, &r) != JONG_OK)
        return -1;
    jong_ku_situation base = *now;
    if (riichi)
        base.scores[seat] -= 1000;
    jong_ku_hand_end e;
    memset(&e, 0, sizeof e);
    e.dealer_keeps = su->dealer;
    if (tsumo) {
        for (int rel = 0; rel < 4; rel++)
            e.deltas[(seat + rel) % 4] = r.pay.deltas[rel];
        return jong_ku_end_payoff(&rs, km.rank_w, &base, seat, &e, mode) + JONG_KU_PAYOFF_SHIFT;
    }
    double wsum = 0, v = 0;
    for (int i = 0; i < 3; i++)
        wsum += 1 + su->q[i];
    for (int i = 0; i < 3; i++) {
        memset(e.deltas, 0, sizeof e.deltas);
        e.deltas[seat] = r.pay.deltas[0];
        e.deltas[su->opp[i]] = r.pay.deltas[2]; /* the context's discarder sits opposite */
        v += (1 + su->q[i]) / wsum * (jong_ku_end_payoff(&rs, km.rank_w, &base, seat, &e, mode) + JONG_KU_PAYOFF_SHIFT);
    }
    return v;
}

/* A setup of seat at situation now, made by hand: no melds, one dora, random tenpai chances. */
static void hand_setup(rh_rng *r, jong_ku_setup *su, const jong_ku_situation *now, int seat)
{
    memset(su, 0, sizeof *su);
    su->rules = &rs;
    int dealer = now->kyoku % 4;
    su->dealer = seat == dealer;
    su->seat_wind = (seat - dealer + 4) % 4;
    su->round_wind = now->kyoku / 4;
    su->ndora = 1;
    su->dora[0] = (uint8_t)rh_below(r, JONG_KINDS);
    su->honba = now->honba;
    su->sticks = now->sticks;
    int n = 0;
    for (int s = 0; s < 4; s++)
        if (s != seat) {
            su->opp[n] = s;
            su->q[n] = rh_below(r, 3) == 0 ? 1 : (double)rh_below(r, 100) / 100;
            su->q_end[n] = su->q[n]; /* as jong_ku_setup_from_obs: the washout's chances are today's */
            n++;
        }
    for (int k = 0; k < JONG_KINDS; k++) {
        double keep = 1;
        for (int i = 0; i < 3; i++) {
            su->deal_p[i][k] = rh_below(r, 2) ? (double)rh_below(r, 100) / 1000 : 0;
            su->deal_pts[i][k] = 1000 + (double)rh_below(r, 120) * 100;
            keep *= 1 - su->deal_p[i][k];
        }
        su->pr.p_lose[k] = 1 - keep;
    }
}

static void random_situation(rh_rng *r, jong_ku_situation *s)
{
    s->tonpuu = rh_below(r, 2);
    s->kyoku = (int)rh_below(r, s->tonpuu ? 6 : 10);
    s->honba = (int)rh_below(r, 3);
    s->sticks = (int)rh_below(r, 3);
    int32_t left = 100000 - 1000 * s->sticks;
    for (int k = 0; k < 3; k++) {
        s->scores[k] = (int32_t)rh_below(r, 400) * 100;
        left -= s->scores[k];
    }
    s->scores[3] = left;
}

/* The MDP's win values through the table equal the direct computation, on random situations. */
static void test_win_table(void **state)
{
    (void)state;
    rh_rng r;
    rh_seed(&r, 17);
    jong_ku_payoff *pay = malloc(sizeof *pay);
    jong_ku_setup *su = malloc(sizeof *su);
    assert_non_null(pay);
    assert_non_null(su);
    long compared = 0, refused = 0;
    int nsit = SANITIZED ? 20 : 120;
    for (int t = 0; t < nsit; t++) {
        jong_ku_situation now;
        random_situation(&r, &now);
        int seat = (int)rh_below(&r, 4), mode = rh_below(&r, 2) ? JONG_KU_PAYOFF_RANK : JONG_KU_PAYOFF_RESULT;
        hand_setup(&r, su, &now, seat);
        jong_ku_setup_payoff(su, pay, &km, &rs, &now, seat, mode);
        assert_ptr_equal(su->pay, pay);
        for (int h = 0; h < 40; h++) {
            uint8_t c[JONG_KINDS];
            int wait;
            random_tenpai(&r, c, &wait);
            for (int cs = 0; cs < 4; cs++) {
                bool tsumo = cs & 1, riichi = cs & 2;
                double slow = slow_win(su, &now, seat, mode, c, wait, tsumo, riichi);
                double first = su->pr.win(su->pr.win_ctx, c, wait, tsumo, riichi);
                double again = su->pr.win(su->pr.win_ctx, c, wait, tsumo, riichi); /* from the table */
                assert_close(first, slow, 1e-9);
                assert_true(first == again);
                assert_close(jong_ku_payoff_win_direct(su, c, wait, tsumo, riichi), slow, 1e-9);
                if (slow < 0)
                    refused++;
                compared++;
            }
        }
        assert_true(pay->fills <= pay->lookups);
        /* the other terminals are within the range of the rank payoffs (shifted) */
        double lo = JONG_KU_PAYOFF_SHIFT - 200, hi = JONG_KU_PAYOFF_SHIFT + 200;
        assert_true(su->pr.r_tenpai > lo && su->pr.r_tenpai < hi);
        assert_true(su->pr.r_noten > lo && su->pr.r_noten <= su->pr.r_tenpai + 1e-9);
        assert_true(su->pr.r_other > lo && su->pr.r_other < hi);
        assert_true(su->pr.r_tenpai_riichi < su->pr.r_tenpai + 1e-9);
    }
    print_message("%ld win values compared (%ld refused: no yaku)\n", compared, refused);
    /* points: the setup is left alone */
    jong_ku_situation now = {{25000, 25000, 25000, 25000}, 0, 0, 0, true};
    hand_setup(&r, su, &now, 0);
    su->pr.r_other = -1082;
    jong_ku_setup_payoff(su, pay, &km, &rs, &now, 0, JONG_KU_PAYOFF_POINTS);
    assert_null(su->pay);
    assert_close(su->pr.r_other, -1082, 0);
    assert_false(su->pr.riichi_payoffs);
    free(su);
    free(pay);
}

/* ---- the MDP ---- */

static double test_win(void *ctx, const uint8_t counts13[JONG_KINDS], int tile, bool tsumo, bool riichi)
{
    const double *ab = ctx;
    (void)counts13;
    double pts = 1000 + 100 * tile + (tsumo ? 500 : 0) + (riichi ? 1500 : 0);
    return ab[0] + ab[1] * pts;
}

static void mdp_params(jong_ku_params *pr, const uint8_t c14[JONG_KINDS], double *ab)
{
    memset(pr, 0, sizeof *pr);
    pr->horizon = 8;
    for (int k = 0; k < JONG_KINDS; k++) {
        pr->draw_w[k] = 4 - c14[k];
        pr->p_lose[k] = (k % 7) * 0.01;
        pr->lose_ev[k] = -pr->p_lose[k] * (2000 + 300 * (k % 5));
    }
    for (int n = 0; n < JONG_KU_MAX_HORIZON; n++)
        pr->p_other[n] = 0.02 + 0.005 * n;
    pr->r_other = -1082;
    pr->r_tenpai = 1500;
    pr->r_noten = -1500;
    pr->wins = pr->ron = pr->riichi = true;
    pr->riichi_cost = 1000;
    pr->riichi_p_other_scale = 0.5;
    pr->win = test_win;
    pr->win_ctx = ab;
}

/* Written-out riichi payoffs equal to the points ones give the same values bit for bit, and
 * payoffs a + b x points give a + b x the values. */
static void test_mdp_linear(void **state)
{
    (void)state;
    const char *hands[] = {"23m456p789s11z5m66p7z", "1234m456p789s1z12p5s", "123m456p78s1122z9s3p"};
    for (size_t h = 0; h < sizeof hands / sizeof *hands; h++) {
        jong_hand hd = hand_of(hands[h]);
        jong_error err;
        uint8_t avail[JONG_KINDS];
        for (int k = 0; k < JONG_KINDS; k++)
            avail[k] = (uint8_t)(4 - hd.counts[k]);
        jong_ku_space s;
        assert_int_equal(jong_ku_space_build(&s, hd.counts, 4, avail, 2, 50000, &err), JONG_OK);
        double ab[2] = {0, 1};
        jong_ku_params pr, wr, lin;
        mdp_params(&pr, hd.counts, ab);
        wr = pr;
        wr.riichi_payoffs = true;
        wr.r_tenpai_riichi = wr.r_tenpai - wr.riichi_cost;
        wr.r_other_riichi = wr.r_other - wr.riichi_cost;
        for (int k = 0; k < JONG_KINDS; k++)
            wr.lose_ev_riichi[k] = wr.lose_ev[k] - wr.p_lose[k] * wr.riichi_cost;
        jong_ku_result a, b, c;
        assert_int_equal(jong_ku_solve(&s, &pr, hd.counts, -1, &a, &err), JONG_OK);
        assert_int_equal(jong_ku_solve(&s, &wr, hd.counts, -1, &b, &err), JONG_OK);
        assert_memory_equal(a.value, b.value, sizeof a.value);
        assert_memory_equal(a.value_riichi, b.value_riichi, sizeof a.value_riichi);
        assert_memory_equal(a.after, b.after, sizeof(double) * (size_t)s.nroots);
        /* the result's scale: 1000 + points / 1000 */
        double ab2[2] = {1000, 0.001};
        lin = wr;
        lin.win_ctx = ab2;
        lin.r_tenpai = ab2[0] + ab2[1] * wr.r_tenpai;
        lin.r_noten = ab2[0] + ab2[1] * wr.r_noten;
        lin.r_other = ab2[0] + ab2[1] * wr.r_other;
        lin.r_tenpai_riichi = ab2[0] + ab2[1] * wr.r_tenpai_riichi;
        lin.r_other_riichi = ab2[0] + ab2[1] * wr.r_other_riichi;
        for (int k = 0; k < JONG_KINDS; k++) {
            lin.lose_ev[k] = wr.p_lose[k] * ab2[0] + ab2[1] * wr.lose_ev[k];
            lin.lose_ev_riichi[k] = wr.p_lose[k] * ab2[0] + ab2[1] * wr.lose_ev_riichi[k];
        }
        assert_int_equal(jong_ku_solve(&s, &lin, hd.counts, -1, &c, &err), JONG_OK);
        int valued = 0;
        for (int k = 0; k < JONG_KINDS; k++) {
            if (isfinite(a.value[k])) {
                assert_close(c.value[k], ab2[0] + ab2[1] * a.value[k], 1e-9);
                valued++;
            }
            if (isfinite(a.value_riichi[k]))
                assert_close(c.value_riichi[k], ab2[0] + ab2[1] * a.value_riichi[k], 1e-9);
        }
        assert_true(valued > 0);
        jong_ku_space_free(&s);
    }
}

/* Newton's method recovers a model that generated the labels (up to sampling noise). */
static void test_fit(void **state)
{
    (void)state;
    rh_rng r;
    rh_seed(&r, 3);
    jong_ku_rank_data d;
    memset(&d, 0, sizeof d);
    size_t n = SANITIZED ? 8000 : 40000;
    d.sit = malloc(n * sizeof *d.sit);
    d.seat = malloc(n);
    d.rank = malloc(n);
    d.game = malloc(n * sizeof *d.game);
    size_t *rows = malloc(n * sizeof *rows);
    assert_true(d.sit && d.seat && d.rank && d.game && rows);
    for (size_t i = 0; i < n; i++) {
        random_situation(&r, &d.sit[i]);
        d.seat[i] = (uint8_t)rh_below(&r, 4);
        double p[4], u = (double)rh_below(&r, 1000000) / 1e6, acc = 0;
        jong_ku_rank_probs(km.rank_w, &d.sit[i], d.seat[i], p);
        int y = 3;
        for (int c = 0; c < 4; c++) {
            acc += p[c];
            if (u < acc) {
                y = c;
                break;
            }
        }
        d.rank[i] = (uint8_t)y;
        d.game[i] = (uint32_t)i;
        rows[i] = i;
    }
    d.n = d.cap = n;
    double w[JONG_KU_RANKS][JONG_KU_RANK_FEATURES];
    int it = jong_ku_rank_fit(&d, rows, n, 1.0, w);
    assert_true(it < 25);
    double fitted = jong_ku_rank_logloss(&d, rows, n, (const double(*)[JONG_KU_RANK_FEATURES])w);
    double truth = jong_ku_rank_logloss(&d, rows, n, km.rank_w);
    double base = jong_ku_rank_baseline_logloss(&d, rows, n, rows, n);
    print_message("fit on %zu rows drawn from the shipped model: log-loss %.4f (true model %.4f, by current rank %.4f), "
                  "%d Newton steps\n", n, fitted, truth, base, it);
    assert_true(fitted <= truth + 1e-9); /* the maximum likelihood fits its own sample at least as well */
    assert_true(fitted > truth - 0.01);
    assert_true(fitted < base);
    jong_ku_rank_data_free(&d);
    free(rows);
}

static void test_model_version(void **state)
{
    (void)state;
    jong_error err;
    jong_linmodel lm;
    assert_int_equal(jong_ku_model_to_linmodel(&km, "test", &lm, &err), JONG_OK);
    jong_ku_model back;
    assert_int_equal(jong_ku_model_from_linmodel(&lm, &back, &err), JONG_OK);
    assert_true(back.has_rank);
    assert_memory_equal(back.rank_w, km.rank_w, sizeof km.rank_w);
    assert_close(back.tsumo_share, km.tsumo_share, 0);
    assert_true(km.tsumo_share > 0.2 && km.tsumo_share < 0.6);
    assert_true(km.win_points[1] > km.win_points[0]); /* a dealer's win is worth more */
    lm.features = JONG_KU_MODEL_VERSION - 1; /* a file of the previous version */
    assert_int_equal(jong_ku_model_from_linmodel(&lm, &back, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "remake it with jong train kurita"));
    lm.features = JONG_KU_MODEL_VERSION;
    lm.w[JONG_KU_MODEL_PAPER_END] = NAN;
    assert_int_equal(jong_ku_model_from_linmodel(&lm, &back, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "rank"));
    jong_linmodel_free(&lm);
}

/* payoff=rank|result play legal, reproducible games; bad values are refused. */
static void test_player(void **state)
{
    (void)state;
    jong_error err;
    jong_player *p;
    assert_int_equal(jong_player_create("kurita:payoff=rank", &p, &err), JONG_OK);
    jong_player_free(p);
    assert_int_equal(jong_player_create("kurita:payoff=uma", &p, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "payoff"));
    const char *spec = SANITIZED ? "kurita:payoff=result,mdp=1" : "kurita:payoff=result";
    int32_t scores[2][JONG_SEATS];
    /* the other kurita (payoff=rank, the default) also lighter with fewer cases (ASan, clang) */
    const char *specs[JONG_SEATS] = {spec, "greedy", SANITIZED ? "kurita:mdp=1" : "kurita", "greedy"};
    for (int run = 0; run < 2; run++) /* the same seed twice, with new players each time */
        play_spec_games(&(jong_table){.rules = &rs, .seed = 23, .check = true}, specs, 1, &scores[run]);
    assert_memory_equal(scores[0], scores[1], sizeof scores[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_regression), cmocka_unit_test(test_exact_end),     cmocka_unit_test(test_win_table),
        cmocka_unit_test(test_mdp_linear), cmocka_unit_test(test_fit),           cmocka_unit_test(test_model_version),
        cmocka_unit_test(test_player),
    };
    return cmocka_run_group_tests(tests, setup_all, NULL);
}
