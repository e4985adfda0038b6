/* The target table (jong/analysis_targets.h) and the `loh` player: the values of the targets
 * under each family's rules, the chance model's edges and order, the rows best first, and the
 * player legal and deterministic over self-play hands of both families, with its options. */
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
#include "support/play_hands.h"
#include "support/sanitized.h"

static void test_values_from_the_rules(void **state)
{
    (void)state;
    jong_ruleset tw = rules_of(JONG_VARIANT_TAIWAN, ""), ey = rules_of(JONG_VARIANT_TAIWAN, "big_hands=ericyang");
    assert_int_equal(jong_target_value(&tw, JONG_TARGET_STANDARD, true), 0);
    assert_int_equal(jong_target_value(&tw, JONG_TARGET_ALL_CHOWS, true), 2);
    assert_int_equal(jong_target_value(&tw, JONG_TARGET_ALL_PONGS, false), 4);
    assert_int_equal(jong_target_value(&tw, JONG_TARGET_HALF_FLUSH, false), 4);
    assert_int_equal(jong_target_value(&tw, JONG_TARGET_FULL_FLUSH, false), 8);
    assert_int_equal(jong_target_value(&ey, JONG_TARGET_FULL_FLUSH, false), 12);
    assert_int_equal(jong_target_value(&tw, JONG_TARGET_SEVEN_PAIRS, true), 8);
    assert_int_equal(jong_target_value(&tw, JONG_TARGET_THIRTEEN_ORPHANS, true), 16);
    /* Taiwanese points: base + tai x unit */
    assert_int_equal(jong_target_points(&tw, JONG_TARGET_FULL_FLUSH, false), tw.base + 8 * tw.unit);
    jong_ruleset r = rules_of(JONG_VARIANT_RIICHI, "");
    assert_int_equal(jong_target_value(&r, JONG_TARGET_FULL_FLUSH, true), 6);
    assert_int_equal(jong_target_value(&r, JONG_TARGET_FULL_FLUSH, false), 5);
    assert_int_equal(jong_target_value(&r, JONG_TARGET_HALF_FLUSH, true), 3);
    assert_int_equal(jong_target_value(&r, JONG_TARGET_HALF_FLUSH, false), 2);
    assert_int_equal(jong_target_value(&r, JONG_TARGET_ALL_PONGS, false), 2);
    assert_int_equal(jong_target_value(&r, JONG_TARGET_ALL_CHOWS, true), 1);
    assert_int_equal(jong_target_value(&r, JONG_TARGET_ALL_CHOWS, false), 0);
    assert_int_equal(jong_target_value(&r, JONG_TARGET_SEVEN_PAIRS, true), 2);
    assert_int_equal(jong_target_value(&r, JONG_TARGET_THIRTEEN_ORPHANS, true), 13);
    /* riichi points: an open standard hand has no yaku; a closed one has riichi (1 han 30 fu:
     * 1,000 for a non-dealer's ron); chinitsu closed 6 + riichi 1 = 7 han: haneman 12,000 */
    assert_int_equal(jong_target_points(&r, JONG_TARGET_STANDARD, false), 0);
    assert_int_equal(jong_target_points(&r, JONG_TARGET_STANDARD, true), 1000);
    assert_int_equal(jong_target_points(&r, JONG_TARGET_FULL_FLUSH, true), 12000);
    assert_int_equal(jong_target_points(&r, JONG_TARGET_THIRTEEN_ORPHANS, true), 32000);
    /* the special forms the rules have */
    assert_int_equal(jong_rules_target_forms(&r), JONG_FORMS_ALL);
    assert_int_equal(jong_rules_target_forms(&tw), JONG_FORMS_STANDARD);
    jong_ruleset sp = rules_of(JONG_VARIANT_TAIWAN, "special_hands=seven-pairs-pong");
    assert_int_equal(jong_rules_target_forms(&sp), JONG_FORMS_STANDARD | JONG_FORMS_CHIITOI);
}

static void test_chance_model(void **state)
{
    (void)state;
    assert_true(jong_target_chance(0, 0, 100, 0) == 1.0);
    assert_true(jong_target_chance(3, 10, 100, 2) == 0.0);  /* more steps than draws */
    assert_true(jong_target_chance(1, 0, 100, 10) == 0.0);  /* nothing useful */
    /* one step: the plain chance that one of `useful` tiles comes in `draws` draws (with
     * replacement): 1 - (1 - 8/100)^10 */
    double one = jong_target_chance(1, 8, 100, 10);
    assert_true(one > 0.5656 && one < 0.5657);
    /* farther is less likely, more useful tiles more likely, more draws more likely */
    for (int d = 1; d < 6; d++)
        assert_true(jong_target_chance(d + 1, 30, 100, 15) < jong_target_chance(d, 30, 100, 15));
    assert_true(jong_target_chance(3, 20, 100, 15) < jong_target_chance(3, 40, 100, 15));
    assert_true(jong_target_chance(3, 20, 100, 10) < jong_target_chance(3, 20, 100, 15));
    /* the thinning exponent: 0 keeps the first step's chance for every step */
    assert_true(jong_target_chance_thin(3, 20, 100, 15, 0) > jong_target_chance_thin(3, 20, 100, 15, 2));
}

static void test_rows_best_first(void **state)
{
    (void)state;
    jong_ruleset r = rules_of(JONG_VARIANT_RIICHI, "");
    jong_hand h = hand_of("1112345678999m5p"); /* nine gates but for one tile: a full flush, one away */
    jong_target_row rows[JONG_TARGETS];
    assert_int_equal(jong_target_rows(&r, &h, NULL, 10, rows), JONG_TARGETS);
    assert_int_equal(rows[0].target, JONG_TARGET_FULL_FLUSH);
    assert_int_equal(rows[0].distance, 1);
    for (int i = 1; i < JONG_TARGETS; i++)
        if (rows[i].distance != JONG_UNDEFINED)
            assert_true(rows[i].expected <= rows[i - 1].expected);
    /* useful tiles of a 14-tile hand are those an exchange brings in: any m tile for the flush */
    assert_true(rows[0].useful >> kind_of("1m") & 1);
    assert_int_equal(rows[0].copies[kind_of("1m")], 1);
    assert_false(rows[0].useful >> kind_of("1p") & 1);
    /* ruled-out targets come last */
    h = hand_of("123m456p11z [789s] [CCC]");
    jong_target_rows(&r, &h, NULL, 10, rows);
    assert_int_equal(rows[JONG_TARGETS - 1].distance, JONG_UNDEFINED);
    assert_int_not_equal(rows[0].distance, JONG_UNDEFINED);
}

static void test_player_both_families(void **state)
{
    (void)state;
    const char *mix[4] = {"loh", "greedy", "loh:value=off,claims=off", "loh:thin=1,margin=0.5"};
    for (int f = 0; f < 2; f++) {
        jong_variant v = f ? JONG_VARIANT_TAIWAN : JONG_VARIANT_RIICHI;
        int hands = SANITIZED ? 1 : 4;
        uint64_t a = play_hands(v, mix, hands, 24, NULL, NULL);
        uint64_t b = play_hands(v, mix, hands, 24, NULL, NULL);
        assert_true(a == b);
    }
    jong_player *p;
    jong_error err;
    assert_int_equal(jong_player_create("loh:value=maybe", &p, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "value"));
    assert_int_equal(jong_player_create("loh:thin=-1", &p, &err), JONG_ERR_ARG);
    assert_int_equal(jong_player_create("loh:margin=x", &p, &err), JONG_ERR_ARG);
    assert_int_equal(jong_player_create("loh:depth=2", &p, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "unknown option"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values_from_the_rules),
        cmocka_unit_test(test_chance_model),
        cmocka_unit_test(test_rows_best_first),
        cmocka_unit_test(test_player_both_families),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
