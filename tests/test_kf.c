/* KF-RULE, KF-TREE, KF-V: the paper's combination-set example `11 5567 99` and its All-Pong
 * variant, Eq. 2 by hand and against a brute force over every complete target hand, the tree's
 * winning path of a one-away hand, the opponent model's tables, determinism for a seed, the
 * players' options, and only legal actions over self-play hands. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include "support/assert_close.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jong/jong.h"
#include "players/kf/kf.h"
#include "support/parse_or_fail.h"
#include "support/random_hands.h"
#include "support/sanitized.h"

static bool has_combo(const jong_kf_combo *cs, int n, const char *want)
{
    char buf[256];
    for (int i = 0; i < n; i++) {
        jong_kf_combo_format(&cs[i], buf, sizeof buf);
        if (!strcmp(buf, want))
            return true;
    }
    return false;
}

static void test_eq2_by_hand(void **state)
{
    (void)state;
    assert_int_equal(jong_kf_wn(5, 1, true), 0);  /* a win */
    assert_int_equal(jong_kf_wn(4, 2, true), 1);  /* 11 567 99 after three melds */
    assert_int_equal(jong_kf_wn(3, 3, true), 2);  /* 11 55 99 + 67 spare: the All-Pong split */
    assert_int_equal(jong_kf_wn(5, 0, false), 1); /* five sets and a lone tile */
    assert_int_equal(jong_kf_wn(0, 0, false), 17 - 1 - 5);
}

/* The paper's example, with three pong melds so that the hand is 17 tiles. */
static void test_paper_example(void **state)
{
    (void)state;
    jong_hand h = hand_of("11m5567m99m [EEE] [SSS] [WWW]");
    jong_kf_combo cs[64];
    int wn;
    int n = jong_kf_combos(h.counts, h.nmelds, JONG_KF_FAST, 0, cs, 64, &wn);
    assert_int_equal(wn, 1);
    assert_true(n >= 1 && n <= 64);
    assert_true(has_combo(cs, n, "[[], [5m6m7m], [1m1m 9m9m], [], [5m], 1]"));
    for (int i = 0; i < n; i++)
        assert_int_equal(cs[i].wn, 1);
    /* the All-Pong variant keeps the pairs 11 55 99: WN 2 */
    n = jong_kf_combos(h.counts, h.nmelds, JONG_KF_ALL_PONGS, 0, cs, 64, &wn);
    assert_int_equal(wn, 2);
    assert_true(has_combo(cs, n, "[[], [], [1m1m 5m5m 9m9m], [], [6m 7m], 2]"));
    assert_true(jong_kf_variant_applies(&h, JONG_KF_ALL_PONGS));
    h = hand_of("11m5567m99m [123p] [SSS] [WWW]");
    assert_false(jong_kf_variant_applies(&h, JONG_KF_ALL_PONGS));
    /* a slack of 1 also keeps the splits one take further */
    h = hand_of("11m5567m99m [EEE] [SSS] [WWW]");
    n = jong_kf_combos(h.counts, h.nmelds, JONG_KF_FAST, 1, cs, 64, &wn);
    assert_int_equal(wn, 1);
    /* (at most six blocks: with three melds and three pairs, 67 is spare, so T1) */
    assert_true(has_combo(cs, n, "[[], [], [1m1m 5m5m 9m9m], [], [6m 7m], 2]"));
}

/* Brute force: the fewest tiles missing from the hand over every complete target of `sets`
 * sets and a pair (at most 4 of a kind in the target, nothing else assumed). */
static int brute_missing(const uint8_t c[JONG_KINDS], int sets, uint8_t target[JONG_KINDS], int from)
{
    if (sets == 0) {
        int best = 99;
        for (int p = 0; p < JONG_KINDS; p++) {
            if (target[p] + 2 > 4)
                continue;
            target[p] += 2;
            int miss = 0;
            for (int k = 0; k < JONG_KINDS; k++)
                miss += target[k] > c[k] ? target[k] - c[k] : 0;
            target[p] -= 2;
            if (miss < best)
                best = miss;
        }
        return best;
    }
    int best = 99;
    for (int s = from; s < 2 * JONG_KINDS; s++) {
        int k = s % JONG_KINDS;
        bool chow = s >= JONG_KINDS;
        if (chow && (k >= JONG_NUMBER_KINDS || k % 9 > 6))
            continue;
        int kinds[3] = {k, chow ? k + 1 : k, chow ? k + 2 : k};
        bool ok = true;
        for (int i = 0; i < 3; i++)
            ok &= ++target[kinds[i]] <= 4;
        if (ok) {
            int m = brute_missing(c, sets - 1, target, s);
            if (m < best)
                best = m;
        }
        for (int i = 0; i < 3; i++)
            target[kinds[i]]--;
    }
    return best;
}

static void test_eq2_brute_force(void **state)
{
    (void)state;
    rh_rng r;
    rh_seed(&r, 17);
    int checked = 0;
    for (int i = 0; i < (SANITIZED ? 120 : 400); i++) {
        /* 3 or 2 declared sets: 8/7 or 11/10 concealed tiles (after and before a draw) */
        int melds = i % 4 < 2 ? 3 : 2, sets = 5 - melds;
        int n = 3 * sets + (i % 2 ? 2 : 1);
        uint8_t c[JONG_KINDS];
        if (i % 3 == 0)
            rh_one_suit(&r, n, c);
        else if (i % 3 == 1)
            rh_near_complete(&r, sets, n, c);
        else
            rh_uniform(&r, n, c);
        if (melds == 2 && i % 5)
            continue;  /* the 3-set brute force is slower: fewer of them */
        uint8_t target[JONG_KINDS] = {0};
        int want = brute_missing(c, sets, target, 0);
        int got = jong_kf_min_wn(c, melds, JONG_KF_FAST);
        if (got != want) {
            char buf[64];
            jong_hand h;
            jong_hand_clear(&h);
            memcpy(h.counts, c, sizeof c);
            jong_format_hand(&h, JONG_STYLE_COMPACT, buf, sizeof buf);
            fail_msg("hand %s (%d melds): Eq. 2 gives %d, brute force %d", buf, melds, got, want);
        }
        checked++;
    }
    assert_true(checked > (SANITIZED ? 40 : 150));
    /* full 17- and 16-tile hands against the evaluator's distance (its own tests check it) */
    for (int i = 0; i < (SANITIZED ? 300 : 2000); i++) {
        uint8_t c[JONG_KINDS];
        int n = i % 2 ? 17 : 16;
        if (i % 3 == 0)
            rh_near_complete(&r, 5, n, c);
        else if (i % 3 == 1)
            rh_one_suit(&r, n, c);
        else
            rh_uniform(&r, n, c);
        assert_int_equal(jong_kf_min_wn(c, 0, JONG_KF_FAST), jong_distance_standard(c, 5));
    }
}

static void plain_tables(const jong_hand *h, jong_kf_tables *t)
{
    memset(t, 0, sizeof *t);
    uint8_t held[JONG_KINDS];
    jong_hand_meld_counts(h, held);
    int total = 0;
    for (int k = 0; k < JONG_KINDS; k++) {
        t->unseen[k] = (uint8_t)(4 - h->counts[k] - held[k]);
        total += t->unseen[k];
    }
    for (int k = 0; k < JONG_KINDS; k++)
        t->self_mo[k] = (double)t->unseen[k] / total;
    t->wall = 80;
}

static void kf_hand(const char *text, const jong_ruleset *rs, jong_kf_hand *kh)
{
    memset(kh, 0, sizeof *kh);
    kh->hand = hand_of(text);
    kh->rules = rs;
    kh->seat = 1;
}

/* One away: 123m 456m 789m 123p 55p 78s and a lone E. The tree discards E (the only discard on a
 * winning path) and its Etile is Ptaking x Tscore summed over the two waits, 6s and 9s. */
static void test_tree_one_away(void **state)
{
    (void)state;
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_TAIWAN);
    jong_kf_hand kh;
    kf_hand("123456789m123p55p78sE", &rs, &kh);
    jong_kf_tables t;
    plain_tables(&kh.hand, &t);
    jong_kf_opts o;
    jong_kf_opts_default(&o);
    o.high_score = false;
    jong_kf_result r;
    jong_kf_decide(&kh, &t, &o, NULL, &r);
    assert_int_equal(r.wn, 1);
    assert_true(r.searched);
    assert_int_equal(r.best, kind_of("E"));
    for (int k = 0; k < JONG_KINDS; k++)
        if (k != r.best)
            assert_true(r.etile[k] == 0);
    /* the value by hand: each wait is a tile not held (chi ways: 2) of 4 unseen copies; the win
     * is scored by the engine: concealed hand 1 tai, ping-hu needs no honors: 2 more (two-sided) */
    jong_win_context ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.hand = hand_of("123456789m123p55p678s");
    ctx.win_tile = kind_of("6s");
    ctx.winner = 1;
    ctx.discarder = 0;
    jong_tai_result tr;
    jong_error err;
    assert_int_equal(jong_tai_score(&rs, &ctx, &tr, &err), JONG_OK);
    double score6 = rs.base + tr.tai * rs.unit;
    ctx.hand = hand_of("123456789m123p55p789s");
    ctx.win_tile = kind_of("9s");
    assert_int_equal(jong_tai_score(&rs, &ctx, &tr, &err), JONG_OK);
    double score9 = rs.base + tr.tai * rs.unit;
    double want = 2 * t.self_mo[kind_of("6s")] * score6 + 2 * t.self_mo[kind_of("9s")] * score9;
    assert_close(r.etile[r.best], want, 1e-9);
    /* ways=pairs: the winning tile may come from any discard (4 ways, not a chow's 2) */
    o.pair_ways = true;
    jong_kf_decide(&kh, &t, &o, NULL, &r);
    assert_close(r.etile[r.best], 2 * want, 1e-9);
    o.pair_ways = false;
    /* improved exploration: with every 6s and 9s gone, 78s is no T2 and the hand is further */
    t.unseen[kind_of("6s")] = t.unseen[kind_of("9s")] = 0;
    t.self_mo[kind_of("6s")] = t.self_mo[kind_of("9s")] = 0;
    jong_kf_decide(&kh, &t, &o, NULL, &r);
    assert_int_equal(r.wn, 2);
    assert_true(r.best != kind_of("E") || !r.searched);
}

/* Two away with a high-score split: the tree values the pong path as well (etile of the
 * discards that keep the all-pongs shape grows when high-score exploration is on). */
static void test_tree_two_away_and_rule(void **state)
{
    (void)state;
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_TAIWAN);
    jong_kf_hand kh;
    kf_hand("11m5567m99m [EEE] [SSS] [WWW]", &rs, &kh);
    jong_kf_tables t;
    plain_tables(&kh.hand, &t);
    jong_kf_opts o;
    jong_kf_opts_default(&o);
    jong_kf_result with, without;
    jong_kf_decide(&kh, &t, &o, NULL, &with);
    o.high_score = false;
    jong_kf_decide(&kh, &t, &o, NULL, &without);
    assert_true(with.searched && without.searched);
    assert_int_equal(without.best, kind_of("5m"));
    int six = kind_of("6m");
    assert_true(without.etile[six] == 0);
    assert_true(with.etile[six] > 0);  /* the All-Pong path discards 6m and 7m */
    /* KF-RULE: the T1 of the least-WN set, 5m */
    jong_kf_rule(&kh, &t, &o, &with);
    assert_int_equal(with.best, kind_of("5m"));
    assert_int_equal(with.wn, 1);
    /* KF-RULE prefers the set whose waits are alive: 12m with every 3m gone */
    kf_hand("12m456789p123s55sE3s [NNN]", &rs, &kh);
    plain_tables(&kh.hand, &t);
    t.unseen[kind_of("3m")] = 0;
    jong_kf_rule(&kh, &t, &o, &with);
    assert_true(with.best == kind_of("1m") || with.best == kind_of("2m") || with.best == kind_of("E"));
}

/* Play a few seeded hands with the given players, checking every answer is legal and the engine's
 * invariants hold; returns a hash of the actions. */
static uint64_t play_hands(const char *specs[4], int hands, uint64_t seed)
{
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_TAIWAN);
    jong_player *pl[4];
    jong_error err;
    for (int s = 0; s < 4; s++)
        assert_int_equal(jong_player_create(specs[s], &pl[s], &err), JONG_OK);
    uint64_t h = 1469598103934665603ull;
    for (int g = 0; g < hands; g++) {
        jong_game *game;
        assert_int_equal(jong_game_new(&rs, seed, g, NULL, NULL, &game, &err), JONG_OK);
        assert_int_equal(jong_game_start_hand(game, &err), JONG_OK);
        uint64_t dn = 0;
        while (!jong_game_hand_over(game)) {
            unsigned pending = jong_game_pending(game);
            assert_true(pending != 0);
            int s = __builtin_ctz(pending);
            jong_action legal[JONG_MAX_ACTIONS];
            int n = jong_game_legal(game, s, legal);
            jong_view v;
            jong_game_view(game, s, &v);
            jong_decision d = {.view = &v, .rules = &rs, .legal = legal, .nlegal = n,
                               .seed = jong_seed_mix(seed, (uint64_t)g << 20 | dn++)};
            int i = pl[s]->ops->choose(pl[s], &d);
            assert_true(i >= 0 && i < n);
            assert_int_equal(jong_game_act(game, s, &legal[i], &err), JONG_OK);
            h = (h ^ (uint64_t)(legal[i].type * 64 + legal[i].tile)) * 1099511628211ull;
            assert_int_equal(jong_game_check(game, NULL, &err), JONG_OK);
        }
        jong_game_free(game);
    }
    for (int s = 0; s < 4; s++)
        jong_player_free(pl[s]);
    return h;
}

static void test_players_legal_and_deterministic(void **state)
{
    (void)state;
    const char *mix[4] = {"kf-v", "kf-tree", "kf-rule", "kf-v:risk=1,def=1,late=4,samples=30"};
    uint64_t a = play_hands(mix, SANITIZED ? 6 : 24, 99);
    uint64_t b = play_hands(mix, SANITIZED ? 6 : 24, 99);
    assert_true(a == b);
    const char *mix2[4] = {"kf-tree:search=2,hs=off", "kf-v:late=2", "kf-rule:w=4,claim=off", "kf-tree:improved=off"};
    play_hands(mix2, SANITIZED ? 4 : 16, 5);
}

static void test_model_tables(void **state)
{
    (void)state;
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_TAIWAN);
    jong_game *game;
    jong_error err;
    assert_int_equal(jong_game_new(&rs, 3, 0, NULL, NULL, &game, &err), JONG_OK);
    assert_int_equal(jong_game_start_hand(game, &err), JONG_OK);
    /* play 40 decisions with the first legal action that is a discard or a pass */
    for (int step = 0; step < 40 && !jong_game_hand_over(game); step++) {
        int s = __builtin_ctz(jong_game_pending(game));
        jong_action legal[JONG_MAX_ACTIONS];
        int n = jong_game_legal(game, s, legal);
        int pick = 0;
        for (int i = 0; i < n; i++)
            if (legal[i].type == JONG_ACT_PASS || legal[i].type == JONG_ACT_DISCARD) {
                pick = i;
                break;
            }
        assert_int_equal(jong_game_act(game, s, &legal[pick], &err), JONG_OK);
    }
    jong_view v;
    jong_game_view(game, 0, &v);
    jong_kf_model_opts mo = {100, 4.0, 1.0};
    jong_kf_tables t1, t2;
    jong_kf_tables_model(&v, &mo, 42, &t1);
    jong_kf_tables_model(&v, &mo, 42, &t2);
    assert_memory_equal(&t1, &t2, sizeof t1);
    double sum = 0;
    for (int k = 0; k < JONG_KINDS; k++) {
        sum += t1.self_mo[k];
        assert_true(t1.self_mo[k] >= 0);
        if (!t1.unseen[k])
            assert_true(t1.self_mo[k] == 0);  /* nothing unseen is in the simulated wall */
        for (int i = 1; i <= 3; i++) {
            assert_true(t1.rt_aa[i][k] >= 0 && t1.rt_aa[i][k] <= 1);
            assert_true(t1.rt_ab[i][k] >= 0 && t1.rt_ab[i][k] <= 1);
        }
    }
    assert_close(sum, 1.0, 1e-9);
    /* bias (2): an opponent never waits on a pair of a kind it discarded */
    for (int i = 1; i <= 3; i++) {
        const jong_seat_view *sv = &v.seats[(v.seat + i) % 4];
        for (int j = 0; j < sv->ndiscards; j++)
            assert_true(t1.rt_aa[i][sv->discards[j]] == 0);
    }
    double rt[JONG_KINDS];
    jong_kf_risk(&t1, 0.375, rt);
    for (int k = 0; k < JONG_KINDS; k++)
        assert_true(rt[k] >= 0 && rt[k] <= 1);
    /* the table of alpha: each row a distribution */
    for (int r = 0; r < JONG_KF_ROUNDS; r++) {
        double s = 0;
        for (int w = 0; w <= JONG_KF_WN_MAX; w++)
            s += jong_kf_wn_alpha[r][w];
        assert_close(s, 1.0, 1e-5);
    }
    jong_game_free(game);
}

static void test_options(void **state)
{
    (void)state;
    jong_player *p;
    jong_error err;
    assert_int_equal(jong_player_create("kf-rule:search=2", &p, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "search"));
    assert_int_equal(jong_player_create("kf-tree:ways=some", &p, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "ways must be paper or pairs"));
    assert_int_equal(jong_player_create("kf-rule:ways=pairs", &p, &err), JONG_ERR_ARG);
    assert_int_equal(jong_player_create("kf-v:ways=pairs", &p, &err), JONG_OK);
    jong_player_free(p);
    assert_int_equal(jong_player_create("kf-tree:risk=0.5", &p, &err), JONG_ERR_ARG);
    assert_int_equal(jong_player_create("kf-v:risk=2", &p, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "risk"));
    assert_int_equal(jong_player_create("kf-v:hs=maybe", &p, &err), JONG_ERR_ARG);
    assert_int_equal(jong_player_create("kf-v:risk=0.5,samples=20,search=2,w=5.5", &p, &err), JONG_OK);
    jong_player_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_eq2_by_hand),
        cmocka_unit_test(test_paper_example),
        cmocka_unit_test(test_eq2_brute_force),
        cmocka_unit_test(test_tree_one_away),
        cmocka_unit_test(test_tree_two_away_and_rule),
        cmocka_unit_test(test_players_legal_and_deterministic),
        cmocka_unit_test(test_model_tables),
        cmocka_unit_test(test_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
