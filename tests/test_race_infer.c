/* race's inference of where the unseen tiles are (race:infer=on, src/players/race/race_infer.h):
 * the counting that makes its table equals a slow recount from the engine's own state; the
 * shipped table predicts the copies still to draw better than spreading them uniformly, on games
 * it was not counted on; infer=on is legal, deterministic, off by default; bad values give one
 * error naming the option. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include <string.h>

#include "engine/game_internal.h"
#include "jong/jong.h"
#include "players/race/race_infer.h"
#include "support/engine_hands.h"
#include "support/play_hands.h"
#include "support/sanitized.h"

/* The slow way: a kind's copies in the engine's hands, melds, rivers and wall, counted one by one. */
typedef struct {
    int seat_unseen[JONG_KINDS], shown[JONG_KINDS], drawable[JONG_KINDS];
} recount;

static void count_everything(const jong_game *g, int seat, recount *r)
{
    memset(r, 0, sizeof *r);
    int threshold = g->rs.dead_wall + (g->rs.dead_wall_per_kong ? g->kongs : 0);
    for (int i = g->head; i < g->tail - threshold; i++)
        if (!jong_code_is_flower(g->wall[i]))
            r->drawable[g->wall[i]]++;
    for (int k = 0; k < JONG_KINDS; k++) {
        int own = g->hands[seat].counts[k], shown = 0;
        for (int s = 0; s < JONG_SEATS; s++) {
            for (int m = 0; m < g->hands[s].nmelds; m++) {
                const jong_meld *md = &g->hands[s].melds[m];
                int in = md->type == JONG_MELD_CHOW ? (k >= md->tile && k < md->tile + 3)
                         : md->tile == k ? (md->type == JONG_MELD_PUNG ? 3 : 4) : 0;
                if (s == seat)
                    own += in;
                else if (md->type != JONG_MELD_CONCEALED_KONG)
                    shown += in;
            }
            for (int i = 0; i < g->nriver[s]; i++)
                shown += g->river[s][i] == k && !g->river_claimed[s][i];
        }
        r->shown[k] = shown;
        r->seat_unseen[k] = 4 - own - shown;
    }
}

typedef struct {
    race_infer_counts c;
} fit_ctx;

static void slow_fit(const jong_game *g, const jong_view *v, bool discard, void *vctx)
{
    if (!discard)
        return;
    fit_ctx *f = vctx;
    recount r;
    count_everything(g, v->seat, &r);
    int stage = g->tail - g->head - (g->rs.dead_wall + (g->rs.dead_wall_per_kong ? g->kongs : 0));
    stage = stage / 8 > RACE_INFER_STAGES - 1 ? RACE_INFER_STAGES - 1 : stage / 8;
    for (int k = 0; k < JONG_KINDS; k++) {
        int u = r.seat_unseen[k];
        if (u <= 0)
            continue;
        int cls = k >= JONG_NUMBER_KINDS ? 0 : k % 9 == 0 || k % 9 == 8 ? 1 : k % 9 == 1 || k % 9 == 7 ? 2 : 3;
        int shown = r.shown[k] > 2 ? 2 : r.shown[k];
        int c = ((stage * RACE_INFER_SHOWN + shown) * RACE_INFER_CLASSES + cls) * RACE_INFER_UNSEEN + u - 1;
        f->c.unseen[c] += u;
        f->c.drawable[c] += r.drawable[k];
    }
}

static void test_fit_is_a_recount(void **state)
{
    (void)state;
    int games = SANITIZED ? 3 : 30;
    static fit_ctx slow;
    static race_infer_counts fast;
    memset(&slow, 0, sizeof slow);
    engine_hands(61, games, slow_fit, &slow);
    jong_player *g;
    jong_error err;
    assert_int_equal(jong_player_create("greedy", &g, &err), JONG_OK);
    jong_player *const greedy[JONG_SEATS] = {g, g, g, g}; /* greedy keeps no state */
    assert_int_equal(race_infer_fit(greedy, 61, 0, games, &fast, &err), JONG_OK);
    jong_player_free(g);
    double total = 0;
    for (int c = 0; c < RACE_INFER_CELLS; c++) {
        assert_true(fast.unseen[c] == slow.c.unseen[c]);
        assert_true(fast.drawable[c] == slow.c.drawable[c]);
        total += fast.unseen[c];
    }
    assert_true(total > 1000);
    /* the table of the counts: a share in 0..1 per cell; an empty cell takes its stage's */
    float t[RACE_INFER_CELLS];
    race_infer_table_of(&fast, 50, t);
    for (int c = 0; c < RACE_INFER_CELLS; c++)
        assert_true(t[c] >= 0 && t[c] <= 1);
}

/* Squared error of the copies still to draw, per kind: the table against the stage's mean
 * share (the uniform model, every kind alike), on games the table was not counted on. */
typedef struct {
    double err_table, err_uniform;
    long kinds;
} calib;

static void calibrate(const jong_game *g, const jong_view *v, bool discard, void *vctx)
{
    if (!discard)
        return;
    calib *cb = vctx;
    recount r;
    count_everything(g, v->seat, &r);
    int unseen[JONG_KINDS];
    jong_view_unseen(v, unseen);
    double share[JONG_KINDS], u = 0, d = 0;
    race_infer_shares(v, unseen, share);
    for (int k = 0; k < JONG_KINDS; k++)
        u += unseen[k], d += r.drawable[k];
    for (int k = 0; k < JONG_KINDS; k++) {
        assert_int_equal(unseen[k], r.seat_unseen[k]);
        if (unseen[k] <= 0)
            continue;
        double et = unseen[k] * share[k] - r.drawable[k], eu = unseen[k] * d / u - r.drawable[k];
        cb->err_table += et * et;
        cb->err_uniform += eu * eu;
        cb->kinds++;
    }
}

static void test_table_beats_uniform(void **state)
{
    (void)state;
    calib cb = {0};
    engine_hands(62, SANITIZED ? 5 : 200, calibrate, &cb);
    /* the uniform model is told the true number of tiles left to draw; the table is not */
    printf("race infer: mean squared error per kind: table %.4f, uniform %.4f (%ld kinds)\n",
           cb.err_table / cb.kinds, cb.err_uniform / cb.kinds, cb.kinds);
    assert_true(cb.kinds > 1000);
    assert_true(cb.err_table < cb.err_uniform);
}

static void test_player(void **state)
{
    (void)state;
    const char *mix[4] = {"race:infer=on", "greedy", "race:infer=waits,claims=speed", "race:oracle=63,oracle_for=waits"};
    int hands = SANITIZED ? 2 : 8;
    uint64_t a = play_hands(JONG_VARIANT_TAIWAN, mix, hands, 63, NULL, NULL);
    assert_true(a == play_hands(JONG_VARIANT_TAIWAN, mix, hands, 63, NULL, NULL));
    const char *off[4] = {"race:infer=off", "greedy", "race", "greedy"};
    const char *dflt[4] = {"race", "greedy", "race", "greedy"};
    const char *on[4] = {"race:infer=on", "greedy", "race:infer=on", "greedy"};
    uint64_t h_off = play_hands(JONG_VARIANT_TAIWAN, off, hands, 63, NULL, NULL);
    assert_true(h_off == play_hands(JONG_VARIANT_TAIWAN, dflt, hands, 63, NULL, NULL));
    if (!SANITIZED) /* a few hands may not meet a decision the weights change */
        assert_true(h_off != play_hands(JONG_VARIANT_TAIWAN, on, hands, 63, NULL, NULL));
}

static void test_options(void **state)
{
    (void)state;
    jong_player *p;
    jong_error err;
    assert_int_equal(jong_player_create("race:infer=maybe", &p, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "infer"));
    assert_null(strchr(err.msg, '\n'));
    assert_int_equal(jong_player_create("race:infer=wait", &p, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "on, off or waits"));
    assert_int_equal(jong_player_create("race:oracle_for=all", &p, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "oracle_for"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fit_is_a_recount),
        cmocka_unit_test(test_table_beats_uniform),
        cmocka_unit_test(test_player),
        cmocka_unit_test(test_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
