/* One-player moves: the candidate features (sorted, in range, one row per kind held), the greedy
 * weights against the evaluator's discard table on random hands, Eq. 11's WPET by self-play
 * (deterministic, shares in range, counts consistent), and Eq. 5 worked by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "jong/jong.h"
#include "models/oneplayer.h"
#include "models/oppmodel.h"
#include "support/random_hands.h"
#include "support/sanitized.h"

static void greedy_model(jong_linmodel *m)
{
    jong_error err;
    assert_int_equal(jong_linmodel_alloc(m, "policy", JONG_OP_FEATURES_VERSION, 2, jong_op_feature_dim(), &err), JONG_OK);
    jong_op_greedy_weights(m->w);
}

static void test_features_and_greedy(void **state)
{
    (void)state;
    jong_linmodel m;
    greedy_model(&m);
    rh_rng r;
    rh_seed(&r, 42);
    int cases = SANITIZED ? 300 : 3000;
    for (int c = 0; c < cases; c++) {
        jong_hand h;
        jong_hand_clear(&h);
        if (c % 2)
            rh_uniform(&r, 14, h.counts);
        else
            rh_near_complete(&r, 4, 14, h.counts);
        jong_op_context cx;
        memset(&cx, 0, sizeof cx);
        cx.turn = c % 20;
        cx.dora[c % 34] = 1;
        uint8_t kinds[JONG_KINDS];
        uint32_t f[JONG_KINDS][JONG_OP_MAX_ACTIVE];
        int nf[JONG_KINDS];
        int n = jong_op_candidates(&h, &cx, kinds, f, nf);
        int held = 0;
        for (int k = 0; k < JONG_KINDS; k++)
            held += h.counts[k] > 0;
        assert_int_equal(n, held);
        for (int i = 0; i < n; i++) {
            assert_true(h.counts[kinds[i]] > 0);
            for (int j = 0; j < nf[i]; j++) {
                assert_true(f[i][j] < jong_op_feature_dim());
                if (j)
                    assert_true(f[i][j - 1] < f[i][j]);
            }
        }
        jong_discard_option opt[JONG_KINDS];
        jong_discard_table(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL, cx.seen, opt);
        uint8_t order[JONG_KINDS];
        double score[JONG_KINDS];
        assert_int_equal(jong_op_rank(&m, &h, &cx, order, score), n);
        for (int i = 1; i < n; i++)
            assert_true(score[i - 1] >= score[i]);
        int pick = -1;
        for (int i = 0; i < n; i++)
            if (opt[i].discard == order[0])
                pick = i;
        assert_true(pick >= 0);
        /* least shanten, and effective tiles in the best one's bucket of 3 */
        assert_int_equal(opt[pick].shanten, opt[0].shanten);
        assert_int_equal(opt[pick].ukeire.total / 3, opt[0].ukeire.total / 3);
    }
    jong_linmodel_free(&m);
}

static void test_wpet(void **state)
{
    (void)state;
    jong_linmodel m;
    greedy_model(&m);
    int games = SANITIZED ? 100 : 600;
    double a[JONG_OP_TURNS], b[JONG_OP_TURNS];
    long bw[JONG_OP_TURNS], reach[JONG_OP_TURNS], bw2[JONG_OP_TURNS], reach2[JONG_OP_TURNS];
    jong_op_wpet(&m, games, 5, a, bw, reach);
    jong_op_wpet(&m, games, 5, b, bw2, reach2);
    assert_memory_equal(a, b, sizeof a);
    assert_int_equal(reach[0], games);
    long waited = 0;
    for (int i = 0; i < JONG_OP_TURNS; i++) {
        assert_true(a[i] >= 0 && a[i] <= 1);
        if (i + 1 < JONG_OP_TURNS)
            assert_int_equal(reach[i + 1], reach[i] - bw[i]); /* who did not become waiting goes on */
        waited += bw[i];
    }
    /* greedy one-player play is waiting by the end of the wall in most games */
    assert_true(waited > games / 2);
    assert_true(a[8] > a[0]);
    jong_linmodel_free(&m);
}

static void test_eq5_by_hand(void **state)
{
    (void)state;
    double p[JONG_KINDS];
    for (int k = 0; k < JONG_KINDS; k++)
        p[k] = 0.5;
    /* own kinds 0..4, winning kinds 2 and 4; P ranks 0 < 1 < 4 < 3 < 2 */
    p[0] = 0.01, p[1] = 0.02, p[4] = 0.03, p[3] = 0.04, p[2] = 0.05;
    uint64_t own = 0x1f, waits = (1u << 2) | (1u << 4);
    double v;
    assert_true(jong_opp_eq5(p, waits, own, &v));
    assert_true(fabs(v - 2.0 / 3.0) < 1e-12);       /* kinds 0 and 1 before 4, of 3 safe ones */
    p[4] = 0.5;                                       /* now 0 1 3 come before 2: all safe ones */
    assert_true(jong_opp_eq5(p, waits, own, &v) && v == 1.0);
    p[2] = 0.0;                                       /* a winning kind first: 0 */
    assert_true(jong_opp_eq5(p, waits, own, &v) && v == 0.0);
    assert_false(jong_opp_eq5(p, 1ull << 30, own, &v)); /* no winning kind in the hand */
    assert_false(jong_opp_eq5(p, own, own, &v));        /* nothing safe in the hand */
    for (int k = 0; k < 5; k++)
        p[k] = 0.2; /* ties: the lower kind first, so kinds 0 and 1 before 2 */
    assert_true(jong_opp_eq5(p, waits, own, &v) && fabs(v - 2.0 / 3.0) < 1e-12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_features_and_greedy),
        cmocka_unit_test(test_wpet),
        cmocka_unit_test(test_eq5_by_hand),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
