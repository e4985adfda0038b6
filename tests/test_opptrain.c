/* Training samples from real Tenhou games (the mjlog fixtures in ../shared; skipped when absent):
 * every game's events are accepted by the tracker, one waiting sample per discard, winning-tile
 * samples only for waiting seats with their true waits, a score sample per win with its points,
 * policy pairs with +-1 values, call offers with one positive row per pon or chi of the record,
 * the same rows for the same input, and a three-player game refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "jong/jong.h"
#include "models/opptrain.h"

static const char *const fixtures[] = {
    "mjlog2json/2019021004gm-00a9-0000-e2f6516d.xml", "mjlog2json/2019080322gm-00a9-0000-81e85e04.xml",
    "mjlog2json/2019081518gm-00a9-0000-cce9d00c.xml", "mjlog2json/2019103023gm-00a9-0000-f90e0fe9.xml",
    "mjlog2json/2019123123gm-00a9-0000-f4386d0e.xml", "mjx/tests_py_mjlog/2020052700gm-00a9-0000-75a4695c.mjlog",
    "mjx/tests_py_mjlog/2010112714gm-00a9-0000-d497e395.mjlog",
};

static bool fixture(char *out, size_t n, const char *rel)
{
    const char *d = getenv("JONG_SHARED");
    snprintf(out, n, "%s/data/gamerecords/parser-fixtures/%s", d ? d : "../shared", rel);
    struct stat st;
    return stat(out, &st) == 0;
}

static void test_samples_from_real_games(void **state)
{
    (void)state;
    char path[1024];
    if (!fixture(path, sizeof path, fixtures[0])) {
        fprintf(stderr, "test_opptrain: ../shared is absent, skipped\n");
        skip();
    }
    jong_opp_trainset t[5], again;
    for (int m = 0; m < 5; m++)
        jong_opp_trainset_init(&t[m], m, 7);
    jong_opp_trainset_init(&again, JONG_OPP_WINTILE, 7);
    size_t discards = 0, wins = 0, calls = 0;
    long games = 0;
    jong_mjai_log lg;
    jong_mjai_log_init(&lg);
    for (size_t f = 0; f < sizeof fixtures / sizeof fixtures[0]; f++) {
        jong_error err;
        if (!fixture(path, sizeof path, fixtures[f]))
            continue;
        assert_int_equal(jong_mjai_read_file(path, &lg, &err), JONG_OK);
        if (lg.players != 4)
            continue;
        for (size_t i = 0; i < lg.n; i++) {
            discards += lg.ev[i].type == JONG_MJAI_DAHAI;
            wins += lg.ev[i].type == JONG_MJAI_HORA;
            calls += lg.ev[i].type == JONG_MJAI_PON || lg.ev[i].type == JONG_MJAI_CHI;
        }
        for (int m = 0; m < 5; m++) {
            if (jong_opp_trainset_add_log(&t[m], &lg, (uint32_t)games, &err) != JONG_OK)
                fail_msg("%s: %s", path, err.msg);
        }
        assert_int_equal(jong_opp_trainset_add_log(&again, &lg, (uint32_t)games, &err), JONG_OK);
        games++;
    }
    assert_true(games >= 5);
    assert_int_equal(t[JONG_OPP_WAITING].d.n, discards);
    size_t positives = 0;
    for (size_t i = 0; i < t[0].d.n; i++)
        positives += t[0].d.label[i] > 0.5f;
    assert_true(positives > 0 && positives < discards / 2);
    assert_int_equal(t[JONG_OPP_WINTILE].d.n, positives); /* one per waiting sample */
    for (size_t i = 0; i < t[1].d.n; i++) {
        assert_true(t[1].waits[i] != 0);
        assert_true(t[1].own[i] != 0);
    }
    assert_int_equal(t[JONG_OPP_SCORE].d.n, wins);
    for (size_t i = 0; i < t[2].d.n; i++)
        assert_true(t[2].d.label[i] > log(999.0) && t[2].d.label[i] < log(200000.0));
    assert_true(t[3].d.n > discards); /* several pairs per decision */
    for (size_t j = 0; j < t[3].d.nnz; j++)
        assert_true(t[3].d.val[j] == 1.0f || t[3].d.val[j] == -1.0f);
    /* calls: every pon and chi of the records is one positive row, of its type; many offers passed */
    size_t called = 0, chi = 0;
    for (size_t i = 0; i < t[JONG_TRAIN_CALLS].d.n; i++) {
        called += t[4].d.label[i] > 0.5f;
        chi += t[4].flag[i] == JONG_CALL_CHI;
        assert_true(t[4].flag[i] == JONG_CALL_PON || t[4].flag[i] == JONG_CALL_CHI);
        assert_int_equal(t[4].d.start[i + 1] - t[4].d.start[i], 20);
    }
    assert_true(calls > 0);
    assert_int_equal(called, calls);
    assert_true(chi > 0 && t[4].d.n > 3 * calls);
    /* the same input gives the same rows */
    assert_int_equal(again.d.nnz, t[1].d.nnz);
    assert_memory_equal(again.d.idx, t[1].d.idx, t[1].d.nnz * sizeof *again.d.idx);
    assert_memory_equal(again.waits, t[1].waits, t[1].d.n * sizeof *again.waits);
    /* a three-player game is refused */
    lg.players = 3;
    jong_error err;
    assert_int_equal(jong_opp_trainset_add_log(&t[0], &lg, 99, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "3-player"));
    jong_mjai_log_free(&lg);
    for (int m = 0; m < 5; m++)
        jong_opp_trainset_free(&t[m]);
    jong_opp_trainset_free(&again);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_samples_from_real_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
