/* The paper's tenpai and deal-in models of the kurita player (jong/kurita_paper.h): the grouped
 * logistic regression against known answers, the histogram counts on a hand-made record, the
 * tenpai-hand enumeration against a brute force, the model file's version, the player option. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "players/kurita/kurita_model.h"
#include "players/kurita/kurita_paper.h"
#include "jong/mjai.h"
#include "jong/player.h"
#include "jong/table.h"
#include "support/assert_close.h"
#include "support/sanitized.h"
#include "support/spec_games.h"

static void test_logreg(void **state)
{
    (void)state;
    /* two groups: the saturated model gives the groups' rates, 1/4 and 3/4 */
    double x2[2] = {0, 1}, n2[2] = {4, 4}, p2[2] = {1, 3}, ab[2];
    jong_ku_logreg_fit(x2, n2, p2, 2, ab);
    assert_close(ab[0], log(1.0 / 3), 1e-4);
    assert_close(ab[1], 2 * log(3.0), 1e-4);
    /* counts drawn exactly from a known curve give it back */
    double x[10], n[10], pos[10];
    for (int i = 0; i < 10; i++) {
        x[i] = i, n[i] = 1e6;
        pos[i] = n[i] / (1 + exp(-(-2 + 0.5 * i)));
    }
    jong_ku_logreg_fit(x, n, pos, 10, ab);
    assert_close(ab[0], -2, 1e-6);
    assert_close(ab[1], 0.5, 1e-6);
    /* no positives at all: finite, and a tiny probability */
    double none[10] = {0};
    jong_ku_logreg_fit(x, n, none, 10, ab);
    assert_true(isfinite(ab[0]) && isfinite(ab[1]) && 1 / (1 + exp(-(ab[0] + 5 * ab[1]))) < 1e-4);
}

/* Seat 0 is dealt 123m 456p 789s EE 23m (tenpai on 1m and 4m, no calls), draws and discards 9m;
 * seat 1 (not tenpai) draws and discards 1m. */
static const char RECORD[] =
    "{\"type\":\"start_game\",\"names\":[\"a\",\"b\",\"c\",\"d\"]}\n"
    "{\"type\":\"start_kyoku\",\"bakaze\":\"E\",\"kyoku\":1,\"honba\":0,\"kyotaku\":0,\"oya\":0,\"dora_marker\":\"9p\","
    "\"scores\":[25000,25000,25000,25000],\"tehais\":["
    "[\"1m\",\"2m\",\"3m\",\"4p\",\"5p\",\"6p\",\"7s\",\"8s\",\"9s\",\"E\",\"E\",\"2m\",\"3m\"],"
    "[\"1m\",\"4m\",\"7m\",\"1p\",\"4p\",\"7p\",\"1s\",\"4s\",\"7s\",\"S\",\"W\",\"N\",\"P\"],"
    "[\"2p\",\"5p\",\"8p\",\"2s\",\"5s\",\"8s\",\"3m\",\"6m\",\"9m\",\"S\",\"W\",\"N\",\"F\"],"
    "[\"3p\",\"6p\",\"9p\",\"3s\",\"6s\",\"9s\",\"5m\",\"8m\",\"S\",\"W\",\"N\",\"C\",\"C\"]]}\n"
    "{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"9m\"}\n"
    "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"9m\",\"tsumogiri\":true}\n"
    "{\"type\":\"tsumo\",\"actor\":1,\"pai\":\"1m\"}\n"
    "{\"type\":\"dahai\",\"actor\":1,\"pai\":\"1m\",\"tsumogiri\":true}\n";

static void test_histogram(void **state)
{
    (void)state;
    jong_mjai_log lg;
    jong_mjai_log_init(&lg);
    jong_error err;
    assert_int_equal(jong_mjai_read_mjson(RECORD, sizeof RECORD - 1, &lg, &err), JONG_OK);
    lg.players = 4;
    jong_ku_paper_stats st;
    memset(&st, 0, sizeof st);
    assert_int_equal(jong_ku_paper_add_log(&st, &lg, &err), JONG_OK);
    jong_mjai_log_free(&lg);
    /* two samples after one discard each, no calls: seat 0 tenpai, seat 1 not */
    assert_int_equal(st.samples, 2);
    assert_close(st.tenpai_n[0][1], 2, 0);
    assert_close(st.tenpai_pos[0][1], 1, 0);
    double total = 0;
    for (int c = 0; c < JONG_KU_CALL_CLASSES; c++)
        for (int d = 0; d < JONG_KU_DISCARD_BINS; d++)
            total += st.tenpai_n[c][d];
    assert_close(total, 2, 0);
    /* seat 0's 33 kinds (9m is in its river): 7 honours none shown, 5 terminals (1m wins),
     * 6 of 2/8, 6 of 3/7, 9 of 4-6 (4m wins), none suji (only 9m discarded: 6m needs 3m too) */
    const double want_n[JONG_KU_CATEGORIES] = {7, 0, 0, 0, 5, 0, 6, 0, 6, 0, 9, 0};
    const double want_w[JONG_KU_CATEGORIES] = {0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0};
    for (int c = 0; c < JONG_KU_CATEGORIES; c++) {
        assert_close(st.cat_n[c], want_n[c], 0);
        assert_close(st.cat_wait[c], want_w[c], 0);
    }
    /* the fit: smoothed rates, every empty category at the pooled rate 2/33 */
    jong_ku_paper_model pm;
    jong_ku_paper_fit(&st, &pm);
    assert_close(pm.hist[1], 2.0 / 33, 1e-12);
    assert_close(pm.hist[4], (1 + 2 * 2.0 / 33) / 7, 1e-12);
}

static void test_category(void **state)
{
    (void)state;
    jong_opp_obs o;
    memset(&o, 0, sizeof o);
    o.seats[1].ndiscards = 3;
    o.seats[1].river[0].tile = 3;  /* 4m */
    o.seats[1].river[1].tile = 9;  /* 1p */
    o.seats[1].river[2].tile = 31; /* haku */
    o.shown[31] = 1, o.shown[28] = 2;
    assert_int_equal(jong_ku_tile_category(&o, 1, 3), -1);   /* genbutsu */
    assert_int_equal(jong_ku_tile_category(&o, 1, 31), -1);
    assert_int_equal(jong_ku_tile_category(&o, 1, 28), 2);   /* south, 2 shown */
    assert_int_equal(jong_ku_tile_category(&o, 1, 0), 5);    /* 1m: suji of 4m */
    assert_int_equal(jong_ku_tile_category(&o, 1, 6), 9);    /* 7m: 3/7, suji of 4m */
    assert_int_equal(jong_ku_tile_category(&o, 1, 12), 10);  /* 4p: needs 1p and 7p, only 1p */
    assert_int_equal(jong_ku_tile_category(&o, 1, 8), 4);    /* 9m */
    assert_int_equal(jong_ku_tile_category(&o, 0, 3), 10);   /* another seat's river is not his */
}

/* ---- the enumeration against a brute force ------------------------------------------------- */

static bool complete(uint8_t c[JONG_KINDS], int sets, bool pair)
{
    int k = 0;
    while (k < JONG_KINDS && !c[k])
        k++;
    if (k == JONG_KINDS)
        return sets == 0 && pair;
    bool ok = false;
    if (!pair && c[k] >= 2) {
        c[k] -= 2;
        ok = complete(c, sets, true);
        c[k] += 2;
    }
    if (!ok && sets && c[k] >= 3) {
        c[k] -= 3;
        ok = complete(c, sets - 1, pair);
        c[k] += 3;
    }
    if (!ok && sets && k < 27 && k % 9 <= 6 && c[k + 1] && c[k + 2]) {
        c[k]--, c[k + 1]--, c[k + 2]--;
        ok = complete(c, sets - 1, pair);
        c[k]++, c[k + 1]++, c[k + 2]++;
    }
    return ok;
}

typedef struct {
    const uint8_t *avail;
    uint64_t river;
    int sets;
    double out[JONG_KINDS], total;
    long hands;
} brute_ctx;

static void brute(brute_ctx *b, uint8_t h[JONG_KINDS], int k, int left)
{
    if (left == 0) {
        uint64_t waits = 0;
        for (int y = 0; y < JONG_KINDS; y++)
            if (h[y] < 4) {
                h[y]++;
                if (complete(h, b->sets, false))
                    waits |= (uint64_t)1 << y;
                h[y]--;
            }
        if (!waits || (waits & b->river))
            return;
        static const double choose[5][5] = {{1}, {1, 1}, {1, 2, 1}, {1, 3, 3, 1}, {1, 4, 6, 4, 1}};
        double w = 1;
        for (int j = 0; j < JONG_KINDS; j++)
            w *= choose[b->avail[j]][h[j]];
        b->hands++;
        b->total += w;
        for (int y = 0; y < JONG_KINDS; y++)
            if (waits >> y & 1)
                b->out[y] += w;
        return;
    }
    if (k == JONG_KINDS)
        return;
    for (int c = 0; c <= b->avail[k] && c <= left; c++) {
        h[k] = (uint8_t)c;
        brute(b, h, k + 1, left - c);
    }
    h[k] = 0;
}

static void test_enumeration(void **state)
{
    (void)state;
    jong_error err;
    jong_ku_tenpai_table t[3];
    for (int s = 0; s < 3; s++)
        assert_int_equal(jong_ku_tenpai_table_build(&t[s], s, &err), JONG_OK);
    assert_int_equal(t[0].n, JONG_KINDS); /* a single tile waits on itself */
    jong_ku_tenpai_table bad;
    assert_int_equal(jong_ku_tenpai_table_build(&bad, 3, &err), JONG_ERR_ARG);
    /* small universes: 1m-7m, east and south (9 kinds), random unseen counts and rivers */
    static const int kinds[9] = {0, 1, 2, 3, 4, 5, 6, 27, 28};
    uint64_t rng = 12345;
    int cases = SANITIZED ? 12 : 40;
    for (int cs = 0; cs < cases; cs++) {
        uint8_t avail[JONG_KINDS] = {0};
        for (int i = 0; i < 9; i++) {
            rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
            avail[kinds[i]] = (uint8_t)(rng >> 33) % 5;
        }
        rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
        uint64_t river = cs % 3 ? (uint64_t)1 << kinds[(rng >> 40) % 9] : 0;
        int sets = cs % 3;
        brute_ctx b = {.avail = avail, .river = river, .sets = sets};
        uint8_t h[JONG_KINDS] = {0};
        brute(&b, h, 0, 3 * sets + 1);
        double got[JONG_KINDS];
        long n = jong_ku_enum_wintile(&t[sets], avail, river, got);
        assert_int_equal(n, b.hands);
        for (int y = 0; y < JONG_KINDS; y++)
            assert_close(got[y], b.total > 0 ? b.out[y] / b.total : 0, 1e-12);
    }
    for (int s = 0; s < 3; s++)
        jong_ku_tenpai_table_free(&t[s]);
}

/* ---- the model file and the player option ------------------------------------------------- */

static void test_model_version(void **state)
{
    (void)state;
    jong_error err;
    jong_ku_model m;
    assert_int_equal(jong_ku_model_shipped(&m, &err), JONG_OK);
    for (int c = 0; c < JONG_KU_CALL_CLASSES; c++)
        assert_true(m.paper.tenpai[c][1] > 0); /* more discards, more often tenpai */
    jong_linmodel lm;
    assert_int_equal(jong_ku_model_to_linmodel(&m, "test", &lm, &err), JONG_OK);
    jong_ku_model back;
    assert_int_equal(jong_ku_model_from_linmodel(&lm, &back, &err), JONG_OK);
    for (int c = 0; c < JONG_KU_CATEGORIES; c++)
        assert_close(back.paper.hist[c], m.paper.hist[c], 1e-6);
    lm.features = 2; /* a file of the previous version */
    assert_int_equal(jong_ku_model_from_linmodel(&lm, &back, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "remake it with jong train kurita"));
    jong_linmodel_free(&lm);
}

static void test_player_option(void **state)
{
    (void)state;
    jong_error err;
    jong_player *p;
    assert_int_equal(jong_player_create("kurita:params=opp", &p, &err), JONG_OK);
    jong_player_free(p);
    assert_int_equal(jong_player_create("kurita:params=mizukami", &p, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "params"));
    /* one game with the paper's forms against greedy players (who call): legal and reproducible */
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    rs.tonpuu = SANITIZED; /* with fewer cases (ASan, clang): an East-only game */
    const char *spec = SANITIZED ? "kurita:params=paper,mdp=1" : "kurita:params=paper";
    int32_t scores[2][JONG_SEATS];
    const char *specs[JONG_SEATS] = {spec, "greedy", spec, "greedy"};
    for (int run = 0; run < 2; run++) /* the same seed twice, with new players each time */
        play_spec_games(&(jong_table){.rules = &rs, .seed = 11, .check = true}, specs, 1, &scores[run]);
    assert_memory_equal(scores[0], scores[1], sizeof scores[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_logreg),        cmocka_unit_test(test_histogram),
        cmocka_unit_test(test_category),      cmocka_unit_test(test_enumeration),
        cmocka_unit_test(test_model_version), cmocka_unit_test(test_player_option),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
