/* The learned call decision (jong/callmodel.h) on hand-made hands: the shanten a pon or chi
 * leaves (worked out below, kuikae included), the chi run chosen, the feature layout (one
 * feature per block, the types apart), a yakuhai test that only the winds decide, and the
 * probability under hand-set weights; and the shipped model loads with its version check. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "jong/jong.h"
#include "models/callmodel.h"
#include "players/mizukami/mizukami.h"
#include "support/assert_close.h"
#include "support/parse_or_fail.h"

enum { M1 = 0, M4 = 3, P1 = 9, S2 = 19, Z2 = 28, Z5 = 31 };

static void test_shanten_after(void **state)
{
    (void)state;
    /* 23m 456p 789s 55z 1p 9p 1s: two sets, 23m, the 55z pair: 2-shanten. Pon of 5z leaves
     * 23m 456p 789s + 1p 9p 1s with three sets to make; less one float, 1-shanten. Chi of 1m
     * (123m) leaves 456p 789s 55z + floats: 1-shanten too. */
    jong_hand a = hand_of("23m456p789s55z19p1s");
    assert_int_equal(jong_call_shanten_after(&a, JONG_CALL_PON, Z5, Z5), 1);
    assert_int_equal(jong_call_shanten_after(&a, JONG_CALL_CHI, M1, M1), 1);
    assert_int_equal(jong_call_shanten_after(&a, JONG_CALL_PON, P1, P1), JONG_UNDEFINED); /* one 1p */
    assert_int_equal(jong_call_shanten_after(&a, JONG_CALL_CHI, Z5, Z5), JONG_UNDEFINED); /* an honour */
    assert_int_equal(jong_call_shanten_after(&a, JONG_CALL_CHI, M1, M1 + 1), JONG_UNDEFINED); /* not in 234m */
    /* 4m: only 234m (2m 3m held); 345m and 456m lack tiles */
    assert_int_equal(jong_call_best_chi(&a, M4), 1);
    assert_int_equal(jong_call_best_chi(&a, P1), -1);
    assert_int_equal(jong_call_best_chi(&a, Z2), -1);

    /* Kuikae: 23m 4m 456p 789s 11z 55s. Chi of 1m makes 123m; discarding 4m would leave
     * 456p 789s 11z 55s, ready, but 4m is the run's other end and may not be discarded, so the
     * best is 1-shanten. Chi of 4m (234m) leaves the same tiles and bans 4m itself. With 9m
     * instead of 4m the chi of 1m is ready after discarding 9m. */
    jong_hand d = hand_of("234m456p789s11z55s");
    assert_int_equal(jong_call_shanten_after(&d, JONG_CALL_CHI, M1, M1), 1);
    assert_int_equal(jong_call_shanten_after(&d, JONG_CALL_CHI, M4, M1 + 1), 1);
    jong_hand e = hand_of("239m456p789s11z55s");
    assert_int_equal(jong_call_shanten_after(&e, JONG_CALL_CHI, M1, M1), 0);

    /* a hand with melds: [789s] 23m 456p 55z 19p: pon of 5z leaves 23m 456p 1p 9p with two
     * sets to make; less one float: 1-shanten (23m and 456p) */
    jong_hand f = hand_of("23m456p55z19p[789s]");
    assert_int_equal(f.nmelds, 1);
    assert_int_equal(jong_call_shanten_after(&f, JONG_CALL_PON, Z5, Z5), 1);
}

static bool has(const uint32_t *f, int n, uint32_t x)
{
    for (int i = 0; i < n; i++)
        if (f[i] == x)
            return true;
    return false;
}

static void test_features(void **state)
{
    (void)state;
    jong_call_context cx;
    memset(&cx, 0, sizeof cx); /* East round, East seat */
    jong_hand a = hand_of("23m456p789s55z19p1s");
    uint32_t pon[JONG_CALL_MAX_ACTIVE], chi[JONG_CALL_MAX_ACTIVE];
    int np = jong_call_features(&a, JONG_CALL_PON, Z5, Z5, &cx, pon);
    int nc = jong_call_features(&a, JONG_CALL_CHI, M1, M1, &cx, chi);
    assert_int_equal(np, 20); /* the bias and one per block */
    assert_int_equal(nc, 20);
    assert_int_equal(pon[0], 0);
    for (int i = 0; i < np; i++) {
        assert_true(pon[i] < jong_call_feature_dim() && chi[i] < jong_call_feature_dim());
        for (int j = 0; j < i; j++)
            assert_true(pon[i] != pon[j] && chi[i] != chi[j]);
        if (i > 0)
            assert_false(has(chi, nc, pon[i])); /* pon and chi blocks are apart */
    }
    assert_int_equal(jong_call_features(&a, JONG_CALL_PON, P1, P1, &cx, pon), 0);

    /* A pon of the South wind is worth a yaku to the South seat as a pon of haku is to anyone:
     * the same hand with 22z in place of 55z then has the same features, and not for East. */
    jong_hand s = hand_of("23m456p789s22z19p1s");
    uint32_t south[JONG_CALL_MAX_ACTIVE];
    np = jong_call_features(&a, JONG_CALL_PON, Z5, Z5, &cx, pon);
    jong_call_context cs = cx;
    cs.seat_wind = 1;
    assert_int_equal(jong_call_features(&s, JONG_CALL_PON, Z2, Z2, &cs, south), np);
    assert_memory_equal(pon, south, sizeof *pon * (size_t)np);
    assert_int_equal(jong_call_features(&s, JONG_CALL_PON, Z2, Z2, &cx, south), np);
    assert_memory_not_equal(pon, south, sizeof *pon * (size_t)np);

    /* Making 1s a dora changes the dora count only (1s is in the hand, not the called tile) */
    jong_call_context cd = cx;
    cd.dora[S2 - 1] = 1;
    uint32_t dora[JONG_CALL_MAX_ACTIVE];
    assert_int_equal(jong_call_features(&a, JONG_CALL_PON, Z5, Z5, &cd, dora), np);
    int differ = 0;
    for (int i = 0; i < np; i++)
        differ += pon[i] != dora[i];
    assert_int_equal(differ, 1);
}

static void test_probability(void **state)
{
    (void)state;
    jong_linmodel m;
    jong_error err;
    assert_int_equal(jong_linmodel_alloc(&m, "calls", JONG_CALL_FEATURES_VERSION, 1, jong_call_feature_dim(), &err),
                     JONG_OK);
    jong_call_context cx;
    memset(&cx, 0, sizeof cx);
    jong_hand a = hand_of("23m456p789s55z19p1s");
    assert_close(jong_call_probability(&m, &a, JONG_CALL_PON, Z5, Z5, &cx), 0.5, 1e-12);
    m.w[0] = log(3.0); /* the bias alone: odds 3 */
    assert_close(jong_call_probability(&m, &a, JONG_CALL_PON, Z5, Z5, &cx), 0.75, 1e-12);
    uint32_t f[JONG_CALL_MAX_ACTIVE];
    int n = jong_call_features(&a, JONG_CALL_CHI, M1, M1, &cx, f);
    m.w[f[n - 1]] = -log(3.0); /* cancels the bias for this chi */
    assert_close(jong_call_probability(&m, &a, JONG_CALL_CHI, M1, M1, &cx), 0.5, 1e-12);
    assert_close(jong_call_probability(&m, &a, JONG_CALL_PON, P1, P1, &cx), 0, 0); /* no such call */
    jong_linmodel_free(&m);

    /* the shipped model: one vector over this feature set, and it prefers a pon of haku that
     * makes progress to a chi of 1m in the same hand, by what the experts did */
    jong_linmodel calls;
    assert_int_equal(jong_mizukami_calls_load(&calls, &err), JONG_OK);
    assert_int_equal(calls.dim, jong_call_feature_dim());
    double p_pon = jong_call_probability(&calls, &a, JONG_CALL_PON, Z5, Z5, &cx);
    double p_chi = jong_call_probability(&calls, &a, JONG_CALL_CHI, M1, M1, &cx);
    assert_true(p_pon > 0.5 && p_pon > p_chi);
    jong_linmodel_free(&calls);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shanten_after),
        cmocka_unit_test(test_features),
        cmocka_unit_test(test_probability),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
