/* The `race` player (Taiwanese, issue 23): with its terms off it plays exactly greedy's choices;
 * with them on it only ever changes a discard among those of least shanten; it is legal and
 * deterministic; the speed it counts (players/greedy/hand_speed.h) weighs draws as documented;
 * and bad options get one error naming them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "jong/jong.h"
#include "players/greedy/greedy.h"
#include "players/greedy/hand_speed.h"
#include "support/parse_or_fail.h"
#include "support/play_hands.h"
#include "support/sanitized.h"

typedef struct {
    jong_player *race; /* asked at every decision of the game, whoever plays it */
    bool must_equal;   /* its answer must be greedy's */
    long asked, differed;
} shadow;

/* At each decision: race's answer beside greedy's. */
static void compare(const jong_view *v, const jong_action *legal, int n, int chosen, int seat, void *vctx)
{
    (void)chosen, (void)seat;
    shadow *s = vctx;
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_TAIWAN);
    jong_decision d = {.view = v, .rules = &rs, .legal = legal, .nlegal = n};
    int g = jong_greedy_decide(true, &d);
    int r = s->race->ops->choose(s->race, &d);
    assert_true(r >= 0 && r < n);
    s->asked++;
    if (s->must_equal) {
        assert_int_equal(r, g);
        return;
    }
    if (r == g)
        return;
    s->differed++;
    if (legal[g].type == JONG_ACT_CHI || legal[g].type == JONG_ACT_PON) {
        /* claims=speed: another chow or pong, never a pass */
        assert_true(legal[r].type == JONG_ACT_CHI || legal[r].type == JONG_ACT_PON);
        return;
    }
    /* otherwise only a discard is ever changed, and only to another of least shanten */
    assert_int_equal(legal[g].type, JONG_ACT_DISCARD);
    assert_int_equal(legal[r].type, JONG_ACT_DISCARD);
    int sh[JONG_KINDS];
    uint64_t least;
    jong_discard_shanten(v->own.counts, jong_hand_sets_needed(&v->own, v->variant), sh, &least);
    assert_true(least >> legal[r].tile & 1);
}

static void shadow_games(const char *spec, bool must_equal, long *asked, long *differed)
{
    shadow s = {.must_equal = must_equal};
    jong_error err;
    assert_int_equal(jong_player_create(spec, &s.race, &err), JONG_OK);
    const char *mix[4] = {"greedy", "greedy", "greedy", "greedy"};
    play_hands(JONG_VARIANT_TAIWAN, mix, SANITIZED ? 3 : 20, 41, compare, &s);
    jong_player_free(s.race);
    *asked = s.asked;
    *differed = s.differed;
}

static void test_terms_off_is_greedy(void **state)
{
    (void)state;
    long asked, differed;
    shadow_games("race:look=1,claimw=0,lambda=0,nu=0,mu=0", true, &asked, &differed);
    assert_true(asked > 100);
}

static void test_changes_only_least_shanten_discards(void **state)
{
    (void)state;
    long asked, differed;
    shadow_games("race", false, &asked, &differed);
    assert_true(asked > 100);
    assert_true(differed > 0); /* the defaults do change some of greedy's discards */
    shadow_games("race:mu=1,lambda=2,chow=off,claims=speed", false, &asked, &differed);
    assert_true(differed > 0);
}

static void test_legal_and_deterministic(void **state)
{
    (void)state;
    const char *mix[4] = {"race", "greedy", "race:look=1,claimw=2,pong=off", "race:mu=0.5,nu=0"};
    uint64_t a = play_hands(JONG_VARIANT_TAIWAN, mix, SANITIZED ? 2 : 8, 43, NULL, NULL);
    uint64_t b = play_hands(JONG_VARIANT_TAIWAN, mix, SANITIZED ? 2 : 8, 43, NULL, NULL);
    assert_true(a == b);
}

static void test_hand_speed(void **state)
{
    (void)state;
    int unseen[JONG_KINDS];
    for (int k = 0; k < JONG_KINDS; k++)
        unseen[k] = 4;
    /* 16 tiles, 5 sets and a pair to make: four sets, the pair 11p, the pair 99s; either pair
     * becomes the fifth set with its third copy: 2 + 2 unseen copies wanted (of 4 each here) */
    uint8_t c[JONG_KINDS];
    counts_of("123m456m789m123s11p99s", c);
    unseen[kind_of("1p")] = 2;
    unseen[kind_of("9s")] = 2;
    int dist;
    assert_true(jong_hand_speed(c, 5, unseen, 1, &dist) == 4);
    assert_int_equal(dist, 1);
    /* look=2 of a ready hand is still its count of waits */
    assert_true(jong_hand_speed(c, 5, unseen, 2, NULL) == 4);
    /* weights count per first draw: weight 3 on 1p gives 2 x 3 + 2 */
    double w[JONG_KINDS];
    for (int k = 0; k < JONG_KINDS; k++)
        w[k] = 1;
    assert_true(jong_hand_speed_weighted(c, 5, unseen, 1, w) == 4);
    w[kind_of("1p")] = 3;
    assert_true(jong_hand_speed_weighted(c, 5, unseen, 1, w) == 8);
    /* one step farther (99s gone for a lone E and S): two draws deep counts, for each first
     * draw j, its copies x the best effective draws after j, so it exceeds the one-draw count */
    counts_of("123m456m789m123s11pES", c);
    double one = jong_hand_speed(c, 5, unseen, 1, &dist);
    double two = jong_hand_speed(c, 5, unseen, 2, NULL);
    assert_int_equal(dist, 2);
    assert_true(one > 0 && two > one);
}

static void test_options(void **state)
{
    (void)state;
    jong_player *p;
    jong_error err;
    assert_int_equal(jong_player_create("race:lambda=-1", &p, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "lambda"));
    assert_int_equal(jong_player_create("race:look=3", &p, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "look"));
    assert_int_equal(jong_player_create("race:pong=maybe", &p, &err), JONG_ERR_ARG);
    assert_int_equal(jong_player_create("race:bogus=1", &p, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "bogus"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_terms_off_is_greedy),
        cmocka_unit_test(test_changes_only_least_shanten_discards),
        cmocka_unit_test(test_legal_and_deterministic),
        cmocka_unit_test(test_hand_speed),
        cmocka_unit_test(test_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
