/* The arena (arena.h): seatings cover each seat as each mode specifies; the interval code
 * against values worked out by hand; the summary of hand-made results (ratios, paired
 * differences, ranks and uma, match wins); the same seed gives the same results and reports
 * with one or two workers; an interrupted run resumed from its results file gives the same
 * summary; a faulty player (illegal, crashing, hanging) loses only its decisions, which are
 * counted; a corrupt results file is refused with the line and the reason. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include "support/assert_close.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>
#include <string.h>
#include <time.h>

#include "jong/arena.h"
#include "jong/jong.h"

/* ---- seatings ---- */

/* For every mode: how many seatings, and which player sits where. */
static void test_seatings_four_players(void **state)
{
    (void)state;
    int sp[JONG_ARENA_MAX_SEATINGS][4], side[4];
    /* 1v3: A takes seat k at seating k, so exactly once each seat; B, C, D fill the others */
    assert_int_equal(jong_arena_seatings(JONG_ARENA_1V3, 4, sp), 4);
    for (int k = 0; k < 4; k++) {
        assert_int_equal(sp[k][k], 0);
        int seen = 0;
        for (int s = 0; s < 4; s++)
            seen |= 1 << sp[k][s];
        assert_int_equal(seen, 15); /* a permutation */
    }
    assert_int_equal(jong_arena_sides(JONG_ARENA_1V3, 4, side), 2);
    assert_int_equal(side[0], 0);
    assert_int_equal(side[1], 1);
    assert_int_equal(side[2], 1);
    assert_int_equal(side[3], 1);
    /* 3v1: the last player (D) is alone and takes seat k at seating k */
    assert_int_equal(jong_arena_seatings(JONG_ARENA_3V1, 4, sp), 4);
    for (int k = 0; k < 4; k++)
        assert_int_equal(sp[k][k], 3);
    assert_int_equal(jong_arena_sides(JONG_ARENA_3V1, 4, side), 2);
    assert_int_equal(side[3], 1);
    assert_int_equal(side[0] + side[1] + side[2], 0);
    /* 2v2: partners opposite (A with C, B with D), and the second seating swaps the teams */
    assert_int_equal(jong_arena_seatings(JONG_ARENA_2V2, 4, sp), 2);
    assert_int_equal(jong_arena_sides(JONG_ARENA_2V2, 4, side), 2);
    for (int k = 0; k < 2; k++)
        for (int s = 0; s < 4; s++) {
            assert_int_equal(side[sp[k][s]], side[sp[k][(s + 2) % 4]]);  /* partner opposite */
            assert_int_not_equal(side[sp[k][s]], side[sp[k][(s + 1) % 4]]);
        }
    for (int s = 0; s < 4; s++)
        assert_int_not_equal(side[sp[0][s]], side[sp[1][s]]); /* teams swapped on every seat */
    /* free: the four turns of the table, each player at each seat once */
    assert_int_equal(jong_arena_seatings(JONG_ARENA_FREE, 4, sp), 4);
    assert_int_equal(jong_arena_sides(JONG_ARENA_FREE, 4, side), 4);
    for (int p = 0; p < 4; p++) {
        assert_int_equal(side[p], p);
        int seats = 0;
        for (int k = 0; k < 4; k++)
            for (int s = 0; s < 4; s++)
                if (sp[k][s] == p)
                    seats |= 1 << s;
        assert_int_equal(seats, 15);
    }
}

static void seating_text(int sp[4], char out[5])
{
    for (int s = 0; s < 4; s++)
        out[s] = (char)('A' + sp[s]);
    out[4] = 0;
}

/* With two players the second fills every seat the first does not take. */
static void test_seatings_two_players(void **state)
{
    (void)state;
    int sp[JONG_ARENA_MAX_SEATINGS][4], side[4];
    char t[5];
    static const char *const one_v_three[4] = {"ABBB", "BABB", "BBAB", "BBBA"};
    static const char *const three_v_one[4] = {"BAAA", "ABAA", "AABA", "AAAB"};
    assert_int_equal(jong_arena_seatings(JONG_ARENA_1V3, 2, sp), 4);
    for (int k = 0; k < 4; k++) {
        seating_text(sp[k], t);
        assert_string_equal(t, one_v_three[k]);
    }
    assert_int_equal(jong_arena_seatings(JONG_ARENA_3V1, 2, sp), 4);
    for (int k = 0; k < 4; k++) {
        seating_text(sp[k], t);
        assert_string_equal(t, three_v_one[k]);
    }
    assert_int_equal(jong_arena_seatings(JONG_ARENA_2V2, 2, sp), 2);
    seating_text(sp[0], t);
    assert_string_equal(t, "ABAB");
    seating_text(sp[1], t);
    assert_string_equal(t, "BABA");
    assert_int_equal(jong_arena_sides(JONG_ARENA_2V2, 2, side), 2);
    assert_int_equal(side[0], 0);
    assert_int_equal(side[1], 1);
    jong_arena_config cfg = {.mode = JONG_ARENA_FREE, .nplayers = 2, .games = 1, .match_hands = 1};
    strcpy(cfg.players[0], "random");
    strcpy(cfg.players[1], "random");
    jong_error err;
    assert_int_equal(jong_arena_config_check(&cfg, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "free needs 4 players"));
}

/* Each player plays the rules it was written for; the registry says which, and the arena refuses
 * the others before a game is played. */
static void test_players_of_the_other_rules(void **state)
{
    (void)state;
    jong_arena_config cfg = {.mode = JONG_ARENA_1V3, .nplayers = 2, .games = 1, .match_hands = 1};
    jong_error err;
    const char *riichi_only[] = {"mizukami", "oneplayer", "kurita:l=2", "ext:cmd='x'"};
    const char *taiwan_only[] = {"simcat", "kf-rule", "kf-tree:search=2", "kf-v"};
    const char *both[] = {"random", "greedy", "faulty"};
    for (int v = 0; v < 2; v++) {
        jong_ruleset_default(&cfg.rules, v ? JONG_VARIANT_TAIWAN : JONG_VARIANT_RIICHI);
        strcpy(cfg.players[1], "greedy");
        for (int i = 0; i < 4; i++) {
            strcpy(cfg.players[0], v ? riichi_only[i] : taiwan_only[i]);
            assert_int_equal(jong_arena_config_check(&cfg, &err), JONG_ERR_ARG);
            assert_non_null(strstr(err.msg, v ? "riichi rules only, not a Taiwanese game"
                                              : "Taiwanese rules only, not a riichi game"));
            strcpy(cfg.players[0], v ? taiwan_only[i] : riichi_only[i]);
            assert_int_equal(jong_arena_config_check(&cfg, &err), JONG_OK);
        }
        for (int i = 0; i < 3; i++) {
            strcpy(cfg.players[0], both[i]);
            assert_int_equal(jong_arena_config_check(&cfg, &err), JONG_OK);
        }
    }
    /* every registered player says which rules it plays */
    for (int i = 0; i < jong_player_count(); i++)
        assert_true(jong_player_info_at(i)->variants != 0);
    assert_int_equal(jong_player_check_variant("nobody", JONG_VARIANT_RIICHI, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "unknown player 'nobody'"));
}

/* ---- intervals, against values worked out by hand ---- */

static void test_t_quantiles(void **state)
{
    (void)state;
    assert_true(isnan(jong_t975(0)));
    assert_close(jong_t975(1), 12.706204736, 1e-9);
    assert_close(jong_t975(4), 2.776445105, 1e-9);
    assert_close(jong_t975(30), 2.042272456, 1e-9);
    /* beyond the table: 2.0210753903 (40), 1.9839715185 (100), 1.9623390808 (1000) */
    assert_close(jong_t975(40), 2.0210753903, 1e-6);
    assert_close(jong_t975(100), 1.9839715185, 1e-6);
    assert_close(jong_t975(1000), 1.9623390808, 1e-6);
    /* decreasing towards the normal quantile */
    for (int df = 1; df < 2000; df++)
        assert_true(jong_t975(df + 1) < jong_t975(df));
    assert_true(jong_t975(2000) > 1.959963984);
}

static void test_mean_ci(void **state)
{
    (void)state;
    /* 1..5: mean 3, s^2 = 10/4, se = sqrt(2.5/5) = 0.70710678, t(4) = 2.776445105 */
    double x[5] = {1, 2, 3, 4, 5};
    jong_ci c;
    jong_mean_ci(x, 5, &c);
    assert_close(c.mean, 3, 1e-12);
    assert_close(c.hi - 3, 1.963243161, 1e-8);
    assert_close(3 - c.lo, 1.963243161, 1e-8);
    assert_int_equal(c.n, 5);
    /* one game: a mean, no interval (not a zero-width one) */
    jong_mean_ci(x, 1, &c);
    assert_close(c.mean, 1, 0);
    assert_true(isnan(c.lo) && isnan(c.hi));
    jong_mean_ci(x, 0, &c);
    assert_true(isnan(c.mean) && isnan(c.lo));
}

static void test_ratio_ci(void **state)
{
    (void)state;
    jong_ci c;
    /* equal denominators: the t interval of 0.5, 1, 1.5: se = 0.5 / sqrt(3), t(2) = 4.302652730 */
    double n1[3] = {1, 2, 3}, d1[3] = {2, 2, 2};
    jong_ratio_ci(n1, d1, 3, &c);
    assert_close(c.mean, 1, 1e-12);
    assert_close(c.hi - c.mean, 1.242068856, 1e-8);
    /* unequal: R = 4/8, mean den 2, z = 0, -0.25, 0.25, 0; s^2 = 0.125/3; se = sqrt(s^2/4) =
     * 0.10206207; t(3) = 3.182446305, so the half width is 0.32480707 */
    double n2[4] = {1, 0, 2, 1}, d2[4] = {2, 1, 3, 2};
    jong_ratio_ci(n2, d2, 4, &c);
    assert_close(c.mean, 0.5, 1e-12);
    assert_close(c.hi - c.mean, 0.324807066, 1e-8);
    assert_close(c.mean - c.lo, 0.324807066, 1e-8);
    /* tai per win resting on one game with a win: 3.00, its spread unknown, not zero */
    double n3[4] = {0, 0, 3, 0}, d3[4] = {0, 0, 1, 0};
    jong_ratio_ci(n3, d3, 4, &c);
    assert_close(c.mean, 3, 0);
    assert_true(isnan(c.lo) && isnan(c.hi));
    /* no denominator at all: no ratio */
    double zero[4] = {0, 0, 0, 0};
    jong_ratio_ci(zero, zero, 4, &c);
    assert_true(isnan(c.mean));
}

static void test_paired_difference(void **state)
{
    (void)state;
    jong_ci c;
    /* per game differences 2, 3, 0: mean 5/3, s^2 = (1/9 + 16/9 + 25/9) / 2 = 7/3,
     * se = sqrt(7/9) = 0.88191710, t(2) = 4.302652730: half width 3.79458303 */
    double a[3] = {3, 5, 4}, one[3] = {1, 1, 1}, b[3] = {1, 2, 4};
    jong_ratio_diff_ci(a, one, b, one, 3, &c);
    assert_close(c.mean, 5.0 / 3, 1e-12);
    assert_close(c.hi - c.mean, 3.794583034, 1e-8);
    /* pairing: games that move both sides together cancel in the difference */
    double a2[4] = {10, 20, 30, 40}, b2[4] = {9, 19, 29, 39}, one4[4] = {1, 1, 1, 1};
    jong_ratio_diff_ci(a2, one4, b2, one4, 4, &c);
    assert_close(c.mean, 1, 1e-12);
    assert_true(isnan(c.lo) && isnan(c.hi)); /* a constant difference: no spread seen, no interval */
}

/* ---- the summary of hand-made results ---- */

static void base_config(jong_arena_config *cfg, jong_variant v, jong_arena_mode mode, int games)
{
    memset(cfg, 0, sizeof *cfg);
    jong_ruleset_default(&cfg->rules, v);
    cfg->rules.hands = 1;
    cfg->mode = mode;
    cfg->nplayers = 2;
    strcpy(cfg->players[0], "greedy");
    strcpy(cfg->players[1], "random");
    cfg->seed = 7;
    cfg->games = games;
    cfg->match_hands = 2;
}

static void set_seat(jong_arena_seat *s, int score, int wins, int tai)
{
    memset(s, 0, sizeof *s);
    s->score = score;
    s->hands = 1;
    s->wins = wins;
    s->tai = tai;
}

/* 2v2 over 3 games of one hand: A wins (+30, the others -10) at both seatings of games 0 and 1,
 * B at both seatings of game 2. A's score per seat per game: (30 - 10) * 2 / 4 = +10, +10, then
 * -10 * 4 / 4 = -10; B's the opposite. */
static void test_summary_two_sides(void **state)
{
    (void)state;
    jong_arena_config cfg;
    base_config(&cfg, JONG_VARIANT_TAIWAN, JONG_ARENA_2V2, 3);
    jong_arena_results r;
    jong_error err;
    assert_int_equal(jong_arena_results_init(&r, &cfg, &err), JONG_OK);
    /* seating 0 is ABAB, seating 1 BABA */
    int tai[3] = {1, 3, 2};
    for (int g = 0; g < 3; g++) {
        for (int k = 0; k < 2; k++) {
            jong_arena_seat *s = jong_arena_results_at(&r, g, k);
            int winner = g < 2 ? k : 1 - k; /* the seat of A (games 0, 1) or B (game 2) */
            for (int seat = 0; seat < 4; seat++)
                set_seat(&s[seat], seat == winner ? 30 : -10, seat == winner, seat == winner ? tai[g] : 0);
        }
        r.done[g] = 1;
        r.ndone++;
    }
    jong_arena_summary s;
    assert_int_equal(jong_arena_summarize(&r, &s, &err), JONG_OK);
    assert_int_equal(s.games, 3);
    assert_int_equal(s.nsides, 2);
    assert_int_equal(s.table_hands, 6);
    const jong_ci *score = &s.side[0].m[JONG_M_SCORE];
    assert_close(score->mean, 10.0 / 3, 1e-12);
    double a[3] = {10, 10, -10};
    jong_ci want;
    jong_mean_ci(a, 3, &want);
    assert_close(score->lo, want.lo, 1e-12);
    /* A - B per game: 20, 20, -20 */
    double diff[3] = {20, 20, -20};
    jong_mean_ci(diff, 3, &want);
    assert_close(s.versus[0][JONG_M_SCORE].mean, 20.0 / 3, 1e-12);
    assert_close(s.versus[0][JONG_M_SCORE].lo, want.lo, 1e-9);
    assert_close(s.versus[0][JONG_M_SCORE].hi, want.hi, 1e-9);
    /* win rate of A: 4 wins in 12 hands; tai per win of A: (1+1+3+3)/4 = 2 over two games */
    assert_close(s.side[0].m[JONG_M_WIN].mean, 4.0 / 12, 1e-12);
    assert_close(s.side[0].m[JONG_M_TAI].mean, 2, 1e-12);
    assert_false(isnan(s.side[0].m[JONG_M_TAI].lo));
    /* B never self-draws: no spread, so no interval (not [0, 0]); B's win rate 2/12 has a t
     * interval reaching below 0, cut at 0 */
    assert_close(s.side[1].m[JONG_M_SELF_DRAW].mean, 0, 0);
    assert_true(isnan(s.side[1].m[JONG_M_SELF_DRAW].lo));
    assert_close(s.side[1].m[JONG_M_WIN].mean, 2.0 / 12, 1e-12);
    assert_close(s.side[1].m[JONG_M_WIN].lo, 0, 0);
    assert_true(s.side[1].m[JONG_M_WIN].hi > 2.0 / 12);
    /* B won only in game 2 (2 tai twice): a mean, but no interval */
    assert_close(s.side[1].m[JONG_M_TAI].mean, 2, 1e-12);
    assert_true(isnan(s.side[1].m[JONG_M_TAI].lo));
    assert_true(isnan(s.versus[0][JONG_M_TAI].lo));
    /* a match is 2 hands = 2 games: one full match (games 0, 1), won by A */
    assert_int_equal(s.match_games, 2);
    assert_int_equal(s.matches, 1);
    assert_close(s.side[0].match_wins, 1, 0);
    assert_close(s.side[1].match_wins, 0, 0);
    /* the share of the won hands: A 2 of 2 in games 0 and 1, 0 of 2 in game 2 (the interval,
     * t with 2 degrees of freedom, is cut at 0 and 1) */
    assert_close(s.win_share[0].mean, 4.0 / 6, 1e-12);
    assert_close(s.win_share[0].lo, 0, 0);
    assert_close(s.win_share[0].hi, 1, 0);
    assert_close(s.win_share[1].mean, 2.0 / 6, 1e-12);
    assert_close(s.win_share_level[0], 0.5, 0);
    char *text = jong_arena_report_text(&s);
    assert_non_null(strstr(text, "2.00 ±n/a"));
    assert_null(strstr(text, "±0.00"));
    assert_non_null(strstr(text, "A's share of the hands won: 66.7%, 95% CI [0.0, 100.0] (a side as strong as the "
                                 "rest: 50.0%)"));
    free(text);
    jong_arena_results_free(&r);
}

/* The share of the won hands against a slow count: 2v2 games of one hand whose two seatings are
 * won by A, by B or by nobody; A's share is the ratio of its wins to all wins over games as
 * clusters (jong_ratio_ci, tested above), in 1v3 too with its level of one seat in four. */
static void test_win_share(void **state)
{
    (void)state;
    enum { G = 9 };
    const char who[G][2] = {{'A', 'A'}, {'A', 'B'}, {'A', '-'}, {'-', 'B'}, {'A', 'A'},
                            {'B', 'A'}, {'B', 'B'}, {'A', '-'}, {'-', '-'}};
    for (int mode = 0; mode < 2; mode++) {
        jong_arena_config cfg;
        base_config(&cfg, JONG_VARIANT_TAIWAN, mode ? JONG_ARENA_1V3 : JONG_ARENA_2V2, G);
        jong_arena_results r;
        jong_error err;
        assert_int_equal(jong_arena_results_init(&r, &cfg, &err), JONG_OK);
        int sp[JONG_ARENA_MAX_SEATINGS][4];
        int nk = jong_arena_seatings(cfg.mode, cfg.nplayers, sp);
        double num[G], den[G];
        for (int g = 0; g < G; g++) {
            num[g] = den[g] = 0;
            for (int k = 0; k < nk; k++) {
                jong_arena_seat *seat = jong_arena_results_at(&r, g, k);
                char w = who[g][k % 2];
                int winner = -1; /* the first seat of the winning player */
                for (int x = 0; x < 4 && winner < 0 && w != '-'; x++)
                    if (sp[k][x] == w - 'A')
                        winner = x;
                for (int x = 0; x < 4; x++)
                    set_seat(&seat[x], x == winner ? 30 : -10, x == winner, x == winner);
                num[g] += w == 'A' && winner >= 0;
                den[g] += winner >= 0;
            }
            r.done[g] = 1;
            r.ndone++;
        }
        jong_arena_summary s;
        assert_int_equal(jong_arena_summarize(&r, &s, &err), JONG_OK);
        jong_ci want;
        jong_ratio_ci(num, den, G, &want);
        assert_close(s.win_share[0].mean, want.mean, 1e-12);
        assert_close(s.win_share[0].lo, want.lo < 0 ? 0 : want.lo, 1e-12);
        assert_close(s.win_share[0].hi, want.hi > 1 ? 1 : want.hi, 1e-12);
        assert_close(s.win_share_level[0], mode ? 0.25 : 0.5, 0);
        jong_arena_results_free(&r);
    }
}

/* jong arena compare: two runs that differ only in player A, paired game by game. Synthetic
 * 2v2 runs of one hand per game; A's score per game is (its two seats' sum over both seatings)
 * / 4 as in test_summary_two_sides. */
static void fill_two_sides(jong_arena_results *r, const int *a_wins, int games)
{
    for (int g = 0; g < games; g++) {
        for (int k = 0; k < 2; k++) {
            jong_arena_seat *s = jong_arena_results_at(r, g, k);
            int winner = a_wins[g] ? k : 1 - k; /* seating 0 is ABAB, seating 1 BABA */
            for (int seat = 0; seat < 4; seat++)
                set_seat(&s[seat], seat == winner ? 30 : -10, seat == winner, seat == winner ? 1 : 0);
        }
        r->done[g] = 1;
        r->ndone++;
    }
}

static void test_compare_runs(void **state)
{
    (void)state;
    jong_arena_config c1, c2;
    base_config(&c1, JONG_VARIANT_TAIWAN, JONG_ARENA_2V2, 3);
    base_config(&c2, JONG_VARIANT_TAIWAN, JONG_ARENA_2V2, 4);
    strcpy(c2.players[0], "greedy:claims=off"); /* only player A and the game count differ */
    jong_arena_results r1, r2;
    jong_error err;
    assert_int_equal(jong_arena_results_init(&r1, &c1, &err), JONG_OK);
    assert_int_equal(jong_arena_results_init(&r2, &c2, &err), JONG_OK);
    /* A's score per game: run 1 +10 +10 -10; run 2 -10 +10 -10 (and a 4th game, +10, that
     * run 1 does not have) */
    fill_two_sides(&r1, (int[]){1, 1, 0}, 3);
    fill_two_sides(&r2, (int[]){0, 1, 0, 1}, 4);
    jong_arena_comparison cmp;
    assert_int_equal(jong_arena_compare(&r1, &r2, &cmp, &err), JONG_OK);
    assert_int_equal(cmp.games, 3);
    jong_ci want;
    jong_mean_ci((double[]){10, 10, -10}, 3, &want);
    assert_close(cmp.a1[JONG_M_SCORE].mean, want.mean, 1e-12);
    assert_close(cmp.a1[JONG_M_SCORE].lo, want.lo, 1e-9);
    jong_mean_ci((double[]){-10, 10, -10}, 3, &want);
    assert_close(cmp.a2[JONG_M_SCORE].hi, want.hi, 1e-9);
    jong_mean_ci((double[]){20, 0, 0}, 3, &want); /* paired: per game differences */
    assert_close(cmp.diff[JONG_M_SCORE].mean, 20.0 / 3, 1e-12);
    assert_close(cmp.diff[JONG_M_SCORE].lo, want.lo, 1e-9);
    assert_close(cmp.diff[JONG_M_SCORE].hi, want.hi, 1e-9);
    /* A's side in run 1 as its own summary has it (the same games) */
    jong_arena_summary s;
    assert_int_equal(jong_arena_summarize(&r1, &s, &err), JONG_OK);
    for (int m = 0; m < JONG_M_COUNT; m++) {
        assert_close(cmp.a1[m].mean, s.player[0].m[m].mean, 1e-12);
        if (!isnan(s.player[0].m[m].lo))
            assert_close(cmp.a1[m].lo, s.player[0].m[m].lo, 1e-12);
    }
    /* a run against itself: no difference, and no spread to make an interval of */
    assert_int_equal(jong_arena_compare(&r1, &r1, &cmp, &err), JONG_OK);
    assert_close(cmp.diff[JONG_M_SCORE].mean, 0, 0);
    assert_true(isnan(cmp.diff[JONG_M_SCORE].lo));
    /* other walls, other opponents: not the same games */
    jong_arena_results_free(&r2);
    c2.seed = 8;
    assert_int_equal(jong_arena_results_init(&r2, &c2, &err), JONG_OK);
    assert_int_equal(jong_arena_compare(&r1, &r2, &cmp, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "seed 7, not 8"));
    jong_arena_results_free(&r2);
    c2.seed = 7;
    strcpy(c2.players[1], "greedy");
    assert_int_equal(jong_arena_results_init(&r2, &c2, &err), JONG_OK);
    assert_int_equal(jong_arena_compare(&r1, &r2, &cmp, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "other players"));
    jong_arena_results_free(&r1);
    jong_arena_results_free(&r2);
}

/* Riichi: ranks from the final scores (ties to the seat nearer the first East), the uma result
 * with the oka to the first, worked out by hand for a 1v3 game. */
static void test_summary_riichi_ranks_and_uma(void **state)
{
    (void)state;
    jong_arena_config cfg;
    base_config(&cfg, JONG_VARIANT_RIICHI, JONG_ARENA_1V3, 2);
    cfg.rules.hands = 0;
    cfg.match_hands = 8;
    assert_int_equal(cfg.rules.start_score, 25000);
    assert_int_equal(cfg.rules.return_score, 30000);
    assert_int_equal(cfg.rules.uma[0], 20);
    assert_int_equal(cfg.rules.uma[3], -20);
    jong_arena_results r;
    jong_error err;
    assert_int_equal(jong_arena_results_init(&r, &cfg, &err), JONG_OK);
    /* every seating of both games: seat scores 40000 32000 18000 10000; A at seat k in seating k,
     * so A is 1st, 2nd, 3rd, 4th once each per game */
    int scores[4] = {40000, 32000, 18000, 10000};
    for (int g = 0; g < 2; g++) {
        for (int k = 0; k < 4; k++)
            for (int seat = 0; seat < 4; seat++)
                set_seat(&jong_arena_results_at(&r, g, k)[seat], scores[seat], 0, 0);
        r.done[g] = 1;
        r.ndone++;
    }
    /* in game 1, seating 0: a tie for first (A at seat 0 and seat 1 both 36000): seat 0 ranks first */
    jong_arena_results_at(&r, 1, 0)[0].score = 36000;
    jong_arena_results_at(&r, 1, 0)[1].score = 36000;
    jong_arena_summary s;
    assert_int_equal(jong_arena_summarize(&r, &s, &err), JONG_OK);
    assert_int_equal(s.match_games, 1);
    assert_int_equal(s.matches, 2);
    /* A's average rank: (1+2+3+4) / 4 in both games */
    assert_close(s.side[0].m[JONG_M_RANK].mean, 2.5, 1e-12);
    for (int m = JONG_M_RANK1; m <= JONG_M_RANK4; m++)
        assert_close(s.side[0].m[m].mean, 0.25, 1e-12);
    /* uma results: 1st (40000-30000)/1000 + 20 + oka 4 * 5 = 50; 2nd 2 + 10 = 12;
     * 3rd -12 - 10 = -22; 4th -20 - 20 = -40. Game 0 for A: (50 + 12 - 22 - 40) / 4 = 0.
     * Game 1 seating 0 has A first with 36000: 6 + 20 + 20 = 46 instead of 50: -1 over 4 seats. */
    double a[2] = {0, -1};
    jong_ci want;
    jong_mean_ci(a, 2, &want);
    assert_close(s.side[0].m[JONG_M_RESULT].mean, -0.5, 1e-12);
    assert_close(s.side[0].m[JONG_M_RESULT].lo, want.lo, 1e-9);
    /* B: game 0 sums to minus A's (zero-sum uma), over 12 seat games; game 1 seating 0 B at seat
     * 1 has 36000 and ranks 2nd: 6 + 10 = 16 instead of 12, so B's total is +4 that game */
    assert_close(s.side[1].m[JONG_M_RESULT].mean, (0 + 4.0) / 24, 1e-12);
    /* the main result of riichi is the uma result, and it decides the matches */
    assert_int_equal(jong_arena_main_metric(&cfg), JONG_M_RESULT);
    assert_close(s.side[0].match_wins + s.side[1].match_wins, 2, 0);
    assert_close(s.side[1].match_wins, 1.5, 0); /* game 0 tied (0 each), game 1 B */
    assert_close(s.tied_matches, 1, 0);
    char *text = jong_arena_report_text(&s);
    assert_non_null(strstr(text, "average rank"));
    assert_null(strstr(text, "tai per win"));
    free(text);
    jong_arena_results_free(&r);
}

/* The uma result rounds like the engine's end of game (Tenhou: thousands rounded half away from
 * zero for all but the first, who takes minus their sum). 2v2, one game: seating 0 (ABAB) ends
 * 40600 31500 17900 10000: 1st gets -(12 - 22 - 40) = 50 (not 50.6), 31500 -> 32 - 30 + 10 = 12,
 * 17900 -> 18 - 30 - 10 = -22, 10000 -> -40; A (seats 0, 2) 28. Seating 1 (BABA) ends level at
 * 25000: ranks by seat, 2nd 5, 3rd -15, 4th -25, 1st 35; A (seats 1, 3) -20. A: 8 over 4 seats. */
static void test_summary_riichi_rounding(void **state)
{
    (void)state;
    jong_arena_config cfg;
    base_config(&cfg, JONG_VARIANT_RIICHI, JONG_ARENA_2V2, 1);
    cfg.rules.hands = 0;
    jong_arena_results r;
    jong_error err;
    assert_int_equal(jong_arena_results_init(&r, &cfg, &err), JONG_OK);
    int first[4] = {40600, 31500, 17900, 10000};
    for (int s = 0; s < 4; s++) {
        set_seat(&jong_arena_results_at(&r, 0, 0)[s], first[s], 0, 0);
        set_seat(&jong_arena_results_at(&r, 0, 1)[s], 25000, 0, 0);
    }
    r.done[0] = 1;
    r.ndone = 1;
    jong_arena_summary s;
    assert_int_equal(jong_arena_summarize(&r, &s, &err), JONG_OK);
    assert_close(s.side[0].m[JONG_M_RESULT].mean, 2, 1e-12);
    assert_close(s.side[1].m[JONG_M_RESULT].mean, -2, 1e-12);
    assert_true(isnan(s.side[0].m[JONG_M_RESULT].lo)); /* one game */
    /* points: A (40600 + 17900 + 25000 * 2 - 4 * 25000) / 4 = 2125 */
    assert_close(s.side[0].m[JONG_M_SCORE].mean, 2125, 1e-9);
    /* ranks of A: 1st, 3rd, 2nd, 4th */
    assert_close(s.side[0].m[JONG_M_RANK].mean, 2.5, 1e-12);
    assert_close(s.side[0].m[JONG_M_RANK3].mean, 0.25, 1e-12);
    jong_arena_results_free(&r);
}

/* ---- running ---- */

static int64_t mono_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void play(jong_arena_results *r, const jong_arena_config *cfg, int jobs, FILE *out)
{
    jong_error err;
    assert_int_equal(jong_arena_results_init(r, cfg, &err), JONG_OK);
    if (out)
        assert_int_equal(jong_arena_write_header(out, cfg, &err), JONG_OK);
    jong_arena_run_opts opts = {.jobs = jobs, .now_ms = mono_ms, .results = out};
    assert_int_equal(jong_arena_run(r, &opts, &err), JONG_OK);
    assert_int_equal(r->ndone, cfg->games);
}

static char *summary_json(const jong_arena_results *r)
{
    jong_arena_summary s;
    jong_error err;
    assert_int_equal(jong_arena_summarize(r, &s, &err), JONG_OK);
    return jong_arena_report_json(&s);
}

static char *file_text(FILE *f)
{
    long n = ftell(f);
    char *t = calloc(1, (size_t)n + 1);
    rewind(f);
    assert_int_equal(fread(t, 1, (size_t)n, f), (size_t)n);
    return t;
}

static void assert_same_results(const jong_arena_results *a, const jong_arena_results *b)
{
    assert_int_equal(a->ndone, b->ndone);
    assert_memory_equal(a->done, b->done, (size_t)a->cfg.games);
    assert_memory_equal(a->seats, b->seats, sizeof *a->seats * 4 * (size_t)a->nseatings * (size_t)a->cfg.games);
}

/* The take/give hooks (the CLI's MPI ranks): games handed out from outside, last first and
 * skipping some, reach give in r and match the same games of a whole run. */
typedef struct {
    pthread_mutex_t lock;
    int next;           /* counts down */
    int given[16], ngiven;
} source;

static int take_down(void *ctx, int worker)
{
    (void)worker;
    source *src = ctx;
    pthread_mutex_lock(&src->lock);
    int g = src->next;
    src->next -= 2;     /* every other game: the rest stay not done */
    pthread_mutex_unlock(&src->lock);
    return g >= 0 ? g : -1;
}

static int give_up(void *ctx, const jong_arena_results *r, int g, jong_error *err)
{
    (void)err;
    source *src = ctx;
    assert_true(r->done[g]); /* r already holds it */
    src->given[src->ngiven++] = g; /* under the run's lock */
    return JONG_OK;
}

static void test_games_from_outside(void **state)
{
    (void)state;
    jong_arena_config cfg;
    base_config(&cfg, JONG_VARIANT_TAIWAN, JONG_ARENA_2V2, 12);
    jong_arena_results whole, part;
    play(&whole, &cfg, 1, NULL);
    jong_error err;
    assert_int_equal(jong_arena_results_init(&part, &cfg, &err), JONG_OK);
    source src = {.next = 11};
    pthread_mutex_init(&src.lock, NULL);
    jong_arena_run_opts opts = {.jobs = 2, .now_ms = mono_ms, .take = take_down, .give = give_up, .ctx = &src};
    assert_int_equal(jong_arena_run(&part, &opts, &err), JONG_OK);
    assert_int_equal(part.ndone, 6);
    assert_int_equal(src.ngiven, 6);
    for (int g = 0; g < cfg.games; g++) {
        assert_int_equal(part.done[g], g % 2);
        if (g % 2)
            assert_memory_equal(jong_arena_results_at(&part, g, 0), jong_arena_results_at(&whole, g, 0),
                                sizeof(jong_arena_seat) * 4 * (size_t)part.nseatings);
    }
    pthread_mutex_destroy(&src.lock);
    jong_arena_results_free(&whole);
    jong_arena_results_free(&part);
}

/* One worker or two: the same results, the same summary, and (in game order) the same file. */
static void test_jobs_do_not_change_results(void **state)
{
    (void)state;
    jong_arena_mode modes[5] = {JONG_ARENA_2V2, JONG_ARENA_1V3, JONG_ARENA_3V1, JONG_ARENA_FREE, JONG_ARENA_2V2};
    for (int i = 0; i < 5; i++) {
        jong_arena_config cfg;
        base_config(&cfg, JONG_VARIANT_TAIWAN, modes[i], 12);
        cfg.match_hands = 4;
        if (i >= 3) { /* four players */
            cfg.nplayers = 4;
            strcpy(cfg.players[2], "greedy:claim=off");
            strcpy(cfg.players[3], "random");
        }
        jong_arena_results r1, r2;
        play(&r1, &cfg, 1, NULL);
        play(&r2, &cfg, 2, NULL);
        assert_same_results(&r1, &r2);
        char *j1 = summary_json(&r1), *j2 = summary_json(&r2);
        assert_string_equal(j1, j2);
        FILE *f1 = tmpfile(), *f2 = tmpfile();
        jong_error err;
        assert_int_equal(jong_arena_write_all(f1, &r1, &err), JONG_OK);
        assert_int_equal(jong_arena_write_all(f2, &r2, &err), JONG_OK);
        char *t1 = file_text(f1), *t2 = file_text(f2);
        assert_string_equal(t1, t2);
        /* the file alone gives back the results */
        rewind(f1);
        jong_arena_results back;
        long good;
        assert_int_equal(jong_arena_read(f1, &back, &good, &err), JONG_OK);
        assert_int_equal(good, (long)strlen(t1));
        assert_same_results(&r1, &back);
        jong_arena_results_free(&back);
        fclose(f1);
        fclose(f2);
        free(t1);
        free(t2);
        free(j1);
        free(j2);
        jong_arena_results_free(&r1);
        jong_arena_results_free(&r2);
    }
}

typedef struct {
    atomic_bool *flag;
    int after;
} stopper;

static void stop_after(void *ctx, int done, int total)
{
    (void)total;
    stopper *st = ctx;
    if (done >= st->after)
        atomic_store(st->flag, true);
}

/* Interrupted through the flag after some games, then resumed from what the file holds (with a
 * partial last line added, as a killed run leaves): the same summary as a run in one go. */
static void test_interrupt_and_resume(void **state)
{
    (void)state;
    jong_arena_config cfg;
    base_config(&cfg, JONG_VARIANT_TAIWAN, JONG_ARENA_2V2, 20);
    cfg.match_hands = 5;
    jong_arena_results whole;
    play(&whole, &cfg, 2, NULL);
    char *want = summary_json(&whole);

    FILE *f = tmpfile();
    jong_error err;
    jong_arena_results part;
    assert_int_equal(jong_arena_results_init(&part, &cfg, &err), JONG_OK);
    assert_int_equal(jong_arena_write_header(f, &cfg, &err), JONG_OK);
    atomic_bool flag = false;
    stopper st = {&flag, 7};
    jong_arena_run_opts opts = {.jobs = 2, .interrupt = &flag, .results = f, .on_game = stop_after, .ctx = &st};
    assert_int_equal(jong_arena_run(&part, &opts, &err), JONG_OK);
    assert_true(part.ndone >= 7 && part.ndone < cfg.games);
    int done_before = part.ndone;
    jong_arena_results_free(&part);
    fputs("{\"game\":19,\"seed\":\"7\",\"seatin", f); /* killed in the middle of a line */
    long full = ftell(f);
    rewind(f);
    jong_arena_results back;
    long good;
    assert_int_equal(jong_arena_read(f, &back, &good, &err), JONG_OK);
    assert_int_equal(back.ndone, done_before);
    assert_true(good < full);
    /* cut the partial line off and carry on appending, as --resume does */
    assert_int_equal(fseek(f, good, SEEK_SET), 0);
    jong_arena_run_opts again = {.jobs = 1, .results = f};
    assert_int_equal(jong_arena_run(&back, &again, &err), JONG_OK);
    assert_int_equal(back.ndone, cfg.games);
    assert_same_results(&whole, &back);
    char *got = summary_json(&back);
    assert_string_equal(want, got);
    /* and the file, read once more, holds every game once (the resumed writes overwrote the cut) */
    rewind(f);
    jong_arena_results again_read;
    assert_int_equal(jong_arena_read(f, &again_read, &good, &err), JONG_OK);
    assert_same_results(&whole, &again_read);
    jong_arena_results_free(&again_read);
    fclose(f);
    free(want);
    free(got);
    jong_arena_results_free(&whole);
    jong_arena_results_free(&back);
}

/* A faulty player in 1v3 against random: its bad answers are replaced, counted, and every game
 * is played. Returns the faulty player's count of faults of that kind. */
static int run_faulty(const char *spec, int64_t time_ms, int games, int kind)
{
    jong_arena_config cfg;
    base_config(&cfg, JONG_VARIANT_TAIWAN, JONG_ARENA_1V3, games);
    strcpy(cfg.players[0], spec);
    cfg.time_ms = time_ms;
    jong_arena_results r;
    play(&r, &cfg, 2, NULL);
    jong_arena_summary s;
    jong_error err;
    assert_int_equal(jong_arena_summarize(&r, &s, &err), JONG_OK);
    assert_true(s.player[0].faults[kind] > 0);
    assert_true(s.player[0].faults[kind] < s.player[0].decisions);
    for (int k = 0; k < JONG_FAULT_KINDS; k++) {
        assert_int_equal(s.player[1].faults[k], 0);
        if (k != kind)
            assert_int_equal(s.player[0].faults[k], 0);
    }
    assert_int_equal(s.games, games);
    char *text = jong_arena_report_text(&s), *json = jong_arena_report_json(&s);
    assert_non_null(strstr(text, "faults ill/crash/time"));
    assert_null(strstr(text, "faults: none"));
    assert_non_null(strstr(json, "\"timeout\""));
    free(text);
    free(json);
    jong_arena_results_free(&r);
    return (int)s.player[0].faults[kind];
}

static void test_faulty_illegal(void **state)
{
    (void)state;
    run_faulty("faulty:mode=illegal,every=4", 0, 6, JONG_FAULT_ILLEGAL);
}

static void test_faulty_crash(void **state)
{
    (void)state;
    run_faulty("faulty:mode=crash,every=4", 0, 6, JONG_FAULT_CRASH);
}

/* A hang of 1500 ms against 500 ms per move (late after 500 + 125 ms): a timeout each time; this
 * seed hangs 3 times (every=80). The clock is the real one, so every other decision (random's,
 * and the faulty player's own random answers) must stay under 625 ms of wall time: room for a
 * loaded machine, where 100 ms per move (late at 150 ms) left little; the hangs are sleeps and
 * always past it. */
static void test_faulty_hang(void **state)
{
    (void)state;
    assert_true(run_faulty("faulty:mode=hang,every=80,ms=1500", 500, 1, JONG_FAULT_TIMEOUT) >= 3);
}

/* The hang limit on CPU time (jong_fault_policy.thread_cpu_ms): a player that spends its time
 * on the CPU is late, one whose wall clock alone runs (a loaded machine) is not, unless it waits
 * for another program (outside) and so keeps the wall clock. The clocks are fakes the player
 * moves, so the test is the same under any load. */
static int64_t fake_wall_ms, fake_cpu_ms, step_wall_ms, step_cpu_ms;
static int64_t fake_now(void) { return fake_wall_ms; }
static int64_t fake_thread_cpu(pthread_t t)
{
    (void)t;
    return fake_cpu_ms;
}
static int slow_choose(jong_player *p, const jong_decision *d)
{
    (void)p;
    (void)d;
    fake_wall_ms += step_wall_ms;
    fake_cpu_ms += step_cpu_ms;
    return 0;
}
static const jong_player_ops slow_ops = {slow_choose, NULL, NULL};

/* Seat 0's timeouts and decisions in one riichi hand against greedy under the policy. */
static void slow_seat(int64_t wall, int64_t cpu, bool outside, bool by_cpu, int *timeouts, int64_t *decisions)
{
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    rs.hands = 1;
    jong_player slow = {.ops = &slow_ops, .outside = outside};
    snprintf(slow.spec, sizeof slow.spec, "slow");
    jong_table t = {.rules = &rs, .seed = 5, .players = {&slow}};
    jong_error err;
    for (int s = 1; s < 4; s++)
        assert_int_equal(jong_player_create("greedy", &t.players[s], &err), JONG_OK);
    jong_move_watch watch = {0};
    jong_fault_policy f = {.now_ms = fake_now, .stop_ms = 100, .late_ms = 150, .watch = &watch,
                           .thread_cpu_ms = by_cpu ? fake_thread_cpu : NULL};
    t.faults = &f;
    step_wall_ms = wall;
    step_cpu_ms = cpu;
    jong_game_result res;
    assert_int_equal(jong_table_play(&t, &res, &err), JONG_OK);
    for (int s = 1; s < 4; s++) {
        assert_int_equal(res.seats[s].faults[JONG_FAULT_TIMEOUT], 0);
        jong_player_free(t.players[s]);
    }
    assert_int_equal(atomic_load(&watch.deadline_ms), 0);
    assert_int_equal(atomic_load(&watch.cpu_deadline_ms), 0);
    *timeouts = res.seats[0].faults[JONG_FAULT_TIMEOUT];
    *decisions = res.seats[0].decisions;
    assert_true(*decisions > 0);
}

static void test_hang_limit_on_cpu_time(void **state)
{
    (void)state;
    int late;
    int64_t asked;
    slow_seat(0, 200, false, true, &late, &asked);   /* 200 ms of CPU a decision: all late */
    assert_int_equal(late, asked);
    slow_seat(200, 0, false, true, &late, &asked);   /* the wall clock alone: none */
    assert_int_equal(late, 0);
    slow_seat(200, 0, false, false, &late, &asked);  /* the same on the wall clock: all late */
    assert_int_equal(late, asked);
    slow_seat(200, 0, true, true, &late, &asked);    /* an outside bot keeps the wall clock */
    assert_int_equal(late, asked);
    slow_seat(120, 120, false, true, &late, &asked); /* inside the grace on either clock: none */
    assert_int_equal(late, 0);
}

/* The default action is legal, never a win, and passes when it can. */
static void test_default_action(void **state)
{
    (void)state;
    jong_view v;
    memset(&v, 0, sizeof v);
    v.last_draw = 5;
    jong_action legal[4];
    memset(legal, 0, sizeof legal);
    legal[0].type = JONG_ACT_DISCARD;
    legal[0].tile = 3;
    legal[1].type = JONG_ACT_DISCARD;
    legal[1].tile = 5;
    legal[2].type = JONG_ACT_DISCARD;
    legal[2].tile = 7;
    assert_int_equal(jong_default_action(&v, legal, 3), 1); /* the drawn tile */
    v.last_draw = 9;
    assert_int_equal(jong_default_action(&v, legal, 3), 0); /* else the first discard */
    legal[0].flags = JONG_ACT_FLAG_RIICHI;
    assert_int_equal(jong_default_action(&v, legal, 3), 1); /* that declares nothing */
    v.last_draw = 5;
    legal[1].flags = JONG_ACT_FLAG_RED; /* the drawn red five */
    assert_int_equal(jong_default_action(&v, legal, 3), 1);
    legal[3].type = JONG_ACT_PASS;
    assert_int_equal(jong_default_action(&v, legal, 4), 3);
}

/* ---- the results file ---- */

static int read_text(const char *text, jong_arena_results *r, long *good, jong_error *err)
{
    FILE *f = tmpfile();
    fputs(text, f);
    rewind(f);
    int rc = jong_arena_read(f, r, good, err);
    fclose(f);
    return rc;
}

static void test_corrupt_results_file(void **state)
{
    (void)state;
    jong_arena_config cfg;
    base_config(&cfg, JONG_VARIANT_TAIWAN, JONG_ARENA_2V2, 3);
    jong_arena_results r;
    play(&r, &cfg, 1, NULL);
    FILE *f = tmpfile();
    jong_error err;
    assert_int_equal(jong_arena_write_all(f, &r, &err), JONG_OK);
    char *good_text = file_text(f);
    fclose(f);
    jong_arena_results_free(&r);
    long good;
    size_t n = strlen(good_text);
    char *bad = malloc(2 * n + 200);
    /* a line that is not JSON, in the middle */
    char *second = strchr(good_text, '\n') + 1;
    snprintf(bad, 2 * n + 200, "%.*sgarbage\n%s", (int)(second - good_text), good_text, second);
    assert_int_not_equal(read_text(bad, &r, &good, &err), JONG_OK);
    assert_non_null(strstr(err.msg, "line 2: not a JSON object"));
    /* a game twice */
    snprintf(bad, 2 * n + 200, "%s%.*s", good_text, (int)(strchr(second, '\n') + 1 - second), second);
    assert_int_not_equal(read_text(bad, &r, &good, &err), JONG_OK);
    assert_non_null(strstr(err.msg, "line 5: game 0 appears twice"));
    /* another seed */
    snprintf(bad, 2 * n + 200, "%s", good_text);
    char *seed = strstr(strchr(bad, '\n'), "\"seed\":\"7\"");
    seed[8] = '8';
    assert_int_not_equal(read_text(bad, &r, &good, &err), JONG_OK);
    assert_non_null(strstr(err.msg, "line 2: game 0: the seed is not the header's"));
    /* a header that is not one */
    assert_int_not_equal(read_text("{\"x\":1}\n", &r, &good, &err), JONG_OK);
    assert_non_null(strstr(err.msg, "line 1: not an arena results header"));
    assert_int_not_equal(read_text("", &r, &good, &err), JONG_OK);
    assert_non_null(strstr(err.msg, "no complete header line"));
    /* a partial last line is a killed run, not an error */
    snprintf(bad, 2 * n + 200, "%s{\"game\":2,\"se", good_text);
    assert_int_equal(read_text(bad, &r, &good, &err), JONG_OK);
    assert_int_equal(good, (long)n);
    assert_int_equal(r.ndone, 3);
    jong_arena_results_free(&r);
    /* configurations that differ name the difference */
    jong_arena_config other = cfg;
    other.seed = 8;
    char why[160];
    assert_false(jong_arena_config_same(&cfg, &other, why, sizeof why));
    assert_string_equal(why, "seed 7, not 8");
    assert_true(jong_arena_config_same(&cfg, &cfg, why, sizeof why));
    free(bad);
    free(good_text);
}

/* Riichi through the arena: whole hanchan, ranks for every seat game that add up, the uma
 * results of the two sides opposite, and the same results with one worker or two. */
static void test_riichi_run(void **state)
{
    (void)state;
    jong_arena_config cfg;
    base_config(&cfg, JONG_VARIANT_RIICHI, JONG_ARENA_2V2, 3);
    cfg.rules.hands = 0;
    jong_arena_results r, r2;
    play(&r, &cfg, 1, NULL);
    play(&r2, &cfg, 2, NULL);
    assert_same_results(&r, &r2);
    char *j1 = summary_json(&r), *j2 = summary_json(&r2);
    assert_string_equal(j1, j2);
    jong_error err;
    jong_arena_summary s;
    assert_int_equal(jong_arena_summarize(&r, &s, &err), JONG_OK);
    double shares = 0;
    for (int m = JONG_M_RANK1; m <= JONG_M_RANK4; m++)
        shares += s.side[0].m[m].mean + s.side[1].m[m].mean;
    assert_close(shares, 2, 1e-9);
    assert_close(s.side[0].m[JONG_M_RESULT].mean + s.side[1].m[JONG_M_RESULT].mean, 0, 1e-9);
    /* a hanchan has at least its 8 nominal hands unless someone is bust */
    assert_true(s.side[0].hands >= 3 * 2 * 2);
    free(j1);
    free(j2);
    jong_arena_results_free(&r);
    jong_arena_results_free(&r2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seatings_four_players),
        cmocka_unit_test(test_seatings_two_players),
        cmocka_unit_test(test_players_of_the_other_rules),
        cmocka_unit_test(test_t_quantiles),
        cmocka_unit_test(test_mean_ci),
        cmocka_unit_test(test_ratio_ci),
        cmocka_unit_test(test_paired_difference),
        cmocka_unit_test(test_summary_two_sides),
        cmocka_unit_test(test_win_share),
        cmocka_unit_test(test_compare_runs),
        cmocka_unit_test(test_summary_riichi_ranks_and_uma),
        cmocka_unit_test(test_summary_riichi_rounding),
        cmocka_unit_test(test_jobs_do_not_change_results),
        cmocka_unit_test(test_games_from_outside),
        cmocka_unit_test(test_interrupt_and_resume),
        cmocka_unit_test(test_faulty_illegal),
        cmocka_unit_test(test_faulty_crash),
        cmocka_unit_test(test_faulty_hang),
        cmocka_unit_test(test_hang_limit_on_cpu_time),
        cmocka_unit_test(test_default_action),
        cmocka_unit_test(test_corrupt_results_file),
        cmocka_unit_test(test_riichi_run),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
