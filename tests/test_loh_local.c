/* Loh's local search (jong_loh_local_distance, eval.h) against the exact target distances:
 * complete hands give 0, the search never claims less than the exact distance (save where the
 * 4-copy limit binds across its groups, the gap src/core/loh_local.c describes), the same
 * seed gives the same answer, and the paper's two observations on concrete hands: the hand a
 * person misjudged (section 9, first figure) and a local optimum left by reshuffling (second
 * figure: the 9m pair that blocks the 8-9 sets). Random hands: 1,000 of each size (riichi 13 and
 * 14 tiles, Taiwanese 16 and 17), JONG_RANDOM_HANDS / 100 when that is lower (the sanitizers). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jong/jong.h"
#include "support/parse_or_fail.h"
#include "support/random_hands.h"

#define U JONG_UNDEFINED
#define R JONG_VARIANT_RIICHI
#define TW JONG_VARIANT_TAIWAN

static const int searched[] = {JONG_TARGET_STANDARD, JONG_TARGET_ALL_PONGS, JONG_TARGET_ALL_CHOWS,
                               JONG_TARGET_FULL_FLUSH, JONG_TARGET_HALF_FLUSH};
#define NSEARCHED ((int)(sizeof searched / sizeof searched[0]))

static int local_of(const char *hand, jong_variant v, int target)
{
    jong_hand h = hand_of(hand);
    return jong_loh_local_distance(&h, v, target, 5, 1, NULL);
}

static int exact_of(const char *hand, jong_variant v, int target)
{
    jong_hand h = hand_of(hand);
    return jong_hand_target(&h, v, JONG_FORMS_STANDARD, target);
}

/* Every searched target of the hand: the local distance is the exact one. */
static void expect_as_exact(const char *hand, jong_variant v)
{
    for (int i = 0; i < NSEARCHED; i++) {
        int t = searched[i], e = exact_of(hand, v, t), l = local_of(hand, v, t);
        if (l != e)
            fail_msg("%s: %s local %d, exact %d", hand, jong_target_name(t), l, e);
    }
}

static void test_complete_hands(void **state)
{
    (void)state;
    assert_int_equal(local_of("123m456p789s234s55m", R, JONG_TARGET_STANDARD), 0);
    assert_int_equal(local_of("123m456p789s234s55m", R, JONG_TARGET_ALL_CHOWS), 0);
    assert_int_equal(local_of("111m222p333sEEEWW", R, JONG_TARGET_ALL_PONGS), 0);
    assert_int_equal(local_of("11123456789995m", R, JONG_TARGET_FULL_FLUSH), 0);
    assert_int_equal(local_of("11122233344455566m", TW, JONG_TARGET_FULL_FLUSH), 0);
    assert_int_equal(local_of("11122233344455566m", TW, JONG_TARGET_ALL_PONGS), 0);
    assert_int_equal(local_of("12345678911m [EEE]", R, JONG_TARGET_HALF_FLUSH), 0);
    assert_int_equal(local_of("123m456pEEE55s [789s]", R, JONG_TARGET_STANDARD), 0);
    /* a ready 13-tile hand lacks one tile: the blank's slot */
    assert_int_equal(local_of("123m456p789s234s5m", R, JONG_TARGET_STANDARD), 1);
    expect_as_exact("123m456p789s234s55m", R);
    expect_as_exact("111m222p333sEEEWW", R);
    expect_as_exact("11122233344455566m", TW);
    /* but a complete hand can be a local optimum: nine gates as a standard hand, seed 1, five
     * reshuffles stop one short (as a full flush, the search from the same start finds it) */
    assert_int_equal(local_of("11123456789995m", R, JONG_TARGET_STANDARD), 1);
    assert_int_equal(local_of("11123456789995m", R, JONG_TARGET_FULL_FLUSH), 0);

    /* random complete hands (standard form, a third of them in one suit): the paper's five
     * reshuffles leave some of them in a local optimum (mostly one-suit hands, whose many
     * readings share tiles), more reshuffles find them all */
    rh_rng rng;
    rh_seed(&rng, 20261201);
    long missed5 = 0, missed_more = 0, n = 0;
    for (int sets = 4; sets <= 5; sets++)
        for (int i = 0; i < 300; i++) {
            jong_hand h;
            memset(&h, 0, sizeof h);
            rh_complete(&rng, sets, i % 3 == 0, h.counts);
            jong_variant v = sets == 4 ? R : TW;
            if (jong_hand_target(&h, v, JONG_FORMS_STANDARD, JONG_TARGET_STANDARD) != 0)
                continue; /* the wall ran short of a shape */
            n++;
            missed5 += jong_loh_local_distance(&h, v, JONG_TARGET_STANDARD, 5, (uint64_t)i, NULL) != 0;
            missed_more += jong_loh_local_distance(&h, v, JONG_TARGET_STANDARD, 200, (uint64_t)i, NULL) != 0;
        }
    printf("loh local: %ld random complete hands, not found complete: %ld with 5 reshuffles, %ld with 200\n", n,
           missed5, missed_more);
    assert_true(n > 500);
    assert_true(missed5 < n / 10);
    assert_int_equal(missed_more, 0);
}

static long hands_per_size(void)
{
    const char *s = getenv("JONG_RANDOM_HANDS");
    long v = s ? strtol(s, NULL, 10) / 100 : 1000;
    return v > 0 && v < 1000 ? v : 1000;
}

/* Three or more copies of some kind are in the hand or its melds: only then can two groups,
 * each choosing its set alone, together ask for more copies than are left (11m as a pong in one
 * group and as the pair in another; a 7p for two chows when a pong of 7p is declared). */
static bool near_limit(const jong_hand *h)
{
    uint8_t meld[JONG_KINDS];
    jong_hand_meld_counts(h, meld);
    for (int k = 0; k < JONG_KINDS; k++)
        if (h->counts[k] + meld[k] >= 3)
            return true;
    return false;
}

static void test_never_below_exact(void **state)
{
    (void)state;
    long per = hands_per_size(), calls = 0, equal = 0, below = 0, strict = 0;
    rh_rng rng;
    rh_seed(&rng, 20261202);
    for (int vi = 0; vi < 2; vi++) {
        jong_variant v = vi ? TW : R;
        for (int drawn = 0; drawn < 2; drawn++)
            for (long i = 0; i < per; i++) {
                jong_hand h;
                /* a quarter of the hands with 1 or 2 declared melds */
                int melds = i % 4 == 3 ? 1 + (int)rh_below(&rng, 2) : 0;
                rh_hand_with_melds(&rng, v, melds, drawn, (rh_style)(i % RH_STYLES), &h);
                for (int j = 0; j < NSEARCHED; j++) {
                    int t = searched[j];
                    int e = jong_hand_target(&h, v, JONG_FORMS_STANDARD, t);
                    int l = jong_loh_local_distance(&h, v, t, 5, (uint64_t)i, NULL);
                    if (e == U || l == U) {
                        if (l != e && !(e == U && near_limit(&h))) {
                            char text[128];
                            jong_format_hand(&h, JONG_STYLE_COMPACT, text, sizeof text);
                            fail_msg("%s: %s local %d, exact %d", text, jong_target_name(t), l, e);
                        }
                        continue;
                    }
                    calls++;
                    strict += !near_limit(&h);
                    equal += l == e;
                    if (l < e) {
                        below++;
                        if (!near_limit(&h)) {
                            char text[128];
                            jong_format_hand(&h, JONG_STYLE_COMPACT, text, sizeof text);
                            fail_msg("%s: %s local %d below exact %d", text, jong_target_name(t), l, e);
                        }
                    }
                }
            }
    }
    printf("loh local: %ld searches (%ld hands of each size), %ld equal to the exact distance, %ld below it "
           "(all near the copy limit); %ld searches on hands with no kind near it, none below\n",
           calls, per, equal, below, strict);
    assert_true(strict > calls / 4);
}

/* The gap itself, on a concrete hand with four West: a manzu half flush keeps WWW, 67m and 3m
 * (as the pair), 6 tiles; the fourth West cannot be the pair (that would be five). The groups
 * keep WWW, 67m, 3m and make the fourth West the pair: 7 tiles. */
static void test_four_copies_gap(void **state)
{
    (void)state;
    const char *hand = "367m479p667s3333z";
    assert_int_equal(exact_of(hand, R, JONG_TARGET_HALF_FLUSH), 8);
    assert_int_equal(local_of(hand, R, JONG_TARGET_HALF_FLUSH), 7);
}

static void test_same_seed(void **state)
{
    (void)state;
    rh_rng rng;
    rh_seed(&rng, 20261203);
    for (int i = 0; i < 50; i++) {
        jong_hand h;
        rh_hand_with_melds(&rng, i % 2 ? TW : R, 0, true, RH_UNIFORM, &h);
        jong_variant v = i % 2 ? TW : R;
        for (int j = 0; j < NSEARCHED; j++) {
            jong_loh_stats a, b;
            int x = jong_loh_local_distance(&h, v, searched[j], 5, 99, &a);
            int y = jong_loh_local_distance(&h, v, searched[j], 5, 99, &b);
            assert_int_equal(x, y);
            assert_memory_equal(&a, &b, sizeof a);
            assert_int_equal(a.climbs, a.reshuffles + (searched[j] == JONG_TARGET_FULL_FLUSH ||
                                                               searched[j] == JONG_TARGET_HALF_FLUSH
                                                           ? 3
                                                           : 1));
            assert_true(a.first_distance >= x);
        }
    }
}

/* Section 9, first figure: 123m 45m 78p 23s 56s and three lone honors. Each suited tile has a
 * neighbour and a person counts 3 tiles missing (a score of 11), but none of the five partial
 * sets can be the pair without breaking one: 4 are missing, and the search finds 4 too. */
static void test_misjudged_hand(void **state)
{
    (void)state;
    const char *hand = "123m45m78p23s56sESW";
    assert_int_equal(exact_of(hand, R, JONG_TARGET_STANDARD), 4);
    assert_int_equal(local_of(hand, R, JONG_TARGET_STANDARD), 4);
    assert_int_equal(local_of(hand, R, JONG_TARGET_ALL_CHOWS), 4);
    /* even the first climb, with no reshuffle, does not find the person's 3 */
    jong_hand h = hand_of(hand);
    assert_int_equal(jong_loh_local_distance(&h, R, JONG_TARGET_STANDARD, 0, 1, NULL), 4);
    /* with a lone honor turned into a pair partner (5s doubled), it is the 3 a person sees */
    assert_int_equal(local_of("123m45m78p23s56s5sES", R, JONG_TARGET_STANDARD), 3);
}

/* Section 9, second figure: the 9m pair blocks the 8-9 sets. From the start below the groups
 * score 3+2+2+2+2 = 11 (distance 3): moving a 9m to 7m 7m 8m makes 789m (+1) but leaves the
 * pair group one 9m (-1), and only a second swap (7s 7s as the pair) gains, so no single swap
 * raises the total and the search stops there. Reshuffling finds 789m 345m 7s7s-as-pair,
 * score 12 (distance 2, the exact one). */
static void test_local_optimum(void **state)
{
    (void)state;
    jong_hand h = hand_of("34577899m248p778s");
    const uint8_t B = JONG_LOH_IMAGINARY;
    uint8_t order[15];
    const char *tiles[14] = {"3m", "4m", "5m", "7m", "7m", "8m", "2p", "4p", "8p", "7s", "7s", "8s", "9m", "9m"};
    for (int i = 0; i < 14; i++)
        order[i] = (uint8_t)kind_of(tiles[i]);
    order[14] = B;
    assert_int_equal(jong_hand_target(&h, R, JONG_FORMS_STANDARD, JONG_TARGET_STANDARD), 2);
    jong_loh_stats st;
    assert_int_equal(jong_loh_local_from(&h, R, JONG_TARGET_STANDARD, order, 0, 1, &st), 3);
    assert_int_equal(st.swaps_made, 0); /* the start is the local optimum */
    assert_int_equal(st.reshuffles, 0);
    assert_true(st.swaps_tried > 0);
    assert_memory_equal(st.arrangement, order, sizeof order);
    /* reshuffling fixes it (the paper's remedy), though not with every seed at the paper's five
     * reshuffles (about 4 seeds in 5: see docs/experiments/loh.md) */
    assert_int_equal(jong_loh_local_from(&h, R, JONG_TARGET_STANDARD, order, 5, 1, &st), 2);
    assert_int_equal(st.first_distance, 3);
    assert_true(st.reshuffles >= 1);
    int fixed5 = 0, fixed32 = 0;
    for (uint64_t seed = 1; seed <= 100; seed++) {
        fixed5 += jong_loh_local_from(&h, R, JONG_TARGET_STANDARD, order, 5, seed, NULL) == 2;
        fixed32 += jong_loh_local_from(&h, R, JONG_TARGET_STANDARD, order, 32, seed, NULL) == 2;
    }
    printf("loh local: the 9m-pair optimum left with 5 reshuffles for %d of 100 seeds, with 32 for %d\n", fixed5,
           fixed32);
    assert_true(fixed5 >= 60);
    assert_int_equal(fixed32, 100);
}

static void test_undefined(void **state)
{
    (void)state;
    jong_hand h = hand_of("123m456p789s234s55m");
    assert_int_equal(jong_loh_local_distance(&h, R, JONG_TARGET_SEVEN_PAIRS, 5, 1, NULL), U);
    assert_int_equal(jong_loh_local_distance(&h, R, JONG_TARGET_THIRTEEN_ORPHANS, 5, 1, NULL), U);
    assert_int_equal(jong_loh_local_distance(&h, R, JONG_TARGETS, 5, 1, NULL), U);
    /* a 14-tile hand is the wrong size for Taiwanese rules */
    assert_int_equal(jong_loh_local_distance(&h, TW, JONG_TARGET_STANDARD, 5, 1, NULL), U);
    /* the melds rule targets out as they do for the exact distance */
    assert_int_equal(local_of("11m22p33sEEWW [123m]", R, JONG_TARGET_ALL_PONGS), U);
    assert_int_equal(local_of("123456m789p11s [555s]", R, JONG_TARGET_ALL_CHOWS), U);
    assert_int_equal(local_of("123456m789p11s [EEE]", R, JONG_TARGET_FULL_FLUSH), U);
    assert_int_equal(local_of("1234567m [123p] [123s]", R, JONG_TARGET_HALF_FLUSH), U);
    /* an order that is not the hand's tiles and padding */
    uint8_t order[15];
    for (int i = 0; i < 15; i++)
        order[i] = (uint8_t)(i % 9);
    assert_int_equal(jong_loh_local_from(&h, R, JONG_TARGET_STANDARD, order, 5, 1, NULL), U);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_complete_hands),
        cmocka_unit_test(test_never_below_exact),
        cmocka_unit_test(test_four_copies_gap),
        cmocka_unit_test(test_same_seed),
        cmocka_unit_test(test_misjudged_hand),
        cmocka_unit_test(test_local_optimum),
        cmocka_unit_test(test_undefined),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
