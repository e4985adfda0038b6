/* The discard analysis (analysis_sim.h) against exact answers: the hypergeometric chance of a
 * ready hand, the points of its wins, the one-draw tenpai chance counted by hand, and a slow
 * obvious reference that enumerates every ordering of short walls and plays the documented
 * policy with the plain evaluator calls (no shared code with the library's fast path); the
 * exact rows must equal it and the simulated rows must fall near it. Then determinism, errors,
 * the KF and SIMCAT papers' example hands with the engines' discard-values hooks. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jong/analysis_sim.h"
#include "jong/jong.h"
#include "players/kf/kf.h"
#include "jong/player.h"
#include "players/simcat/simcat.h"
#include "support/parse_or_fail.h"
#include "support/sanitized.h"
#include "support/selfdraw_points.h"

static const jong_analysis_row *row_of(const jong_analysis_result *r, int kind)
{
    for (int i = 0; i < r->nrows; i++)
        if (r->rows[i].discard == kind)
            return &r->rows[i];
    fail_msg("no row for kind %d", kind);
    return NULL;
}

static void run(const jong_analysis_input *in, jong_analysis_result *out)
{
    jong_error err;
    jong_error_clear(&err);
    int rc = jong_analysis_run(in, out, &err);
    if (rc != JONG_OK)
        fail_msg("%s", err.msg);
}

/* seen = everything but the hand, its melds and the pool, so that the draws come from `pool`. */
static void short_wall(jong_analysis_input *in, const char *pool_text)
{
    uint8_t pool[JONG_KINDS], meld[JONG_KINDS];
    counts_of(pool_text, pool);
    jong_hand_meld_counts(&in->hand, meld);
    for (int k = 0; k < JONG_KINDS; k++) {
        int rest = 4 - in->hand.counts[k] - meld[k] - pool[k];
        assert_true(rest >= 0);
        in->seen[k] = (uint8_t)rest;
    }
    for (int i = 0; i < in->ndora; i++)
        in->seen[in->dora[i]]--;
}

static double choose(int n, int k)
{
    if (k < 0 || k > n)
        return 0;
    double c = 1;
    for (int i = 1; i <= k; i++)
        c = c * (n - k + i) / i;
    return c;
}

/* ---- a ready open hand: the hypergeometric chance and fixed points ------------------------ */

static int open_points(const jong_hand *h13, int k)
{
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    jong_riichi_context c;
    memset(&c, 0, sizeof c);
    c.hand = *h13;
    c.hand.counts[k]++;
    c.win_tile = k;
    c.tsumo = true;
    c.seat_wind = 1;
    c.round_wind = 0;
    jong_riichi_result r;
    jong_error err;
    assert_int_equal(jong_riichi_score(&rs, &c, &r, &err), JONG_OK);
    return r.pay.points;
}

static void test_ready_open_hand(void **state)
{
    (void)state;
    jong_analysis_input in;
    jong_analysis_input_init(&in, JONG_VARIANT_RIICHI);
    /* the seat (South) has pon'd South: discarding 5m leaves 78s waiting on 6s and 9s */
    in.hand = hand_of("123m456p78s11z5m [222z]");
    jong_hand h13 = in.hand;
    h13.counts[kind_of("5m")]--;
    /* 1 han (yakuhai), 20 + tsumo 2 + open honor pon 4 + round-wind pair 2 = 30 fu: 300/500 */
    assert_int_equal(open_points(&h13, kind_of("6s")), 1100);
    assert_int_equal(open_points(&h13, kind_of("9s")), 1100);
    const int U = 136 - 14; /* 11 concealed, 3 in the pon */
    int draws[] = {0, 1, 2, 5, 17};
    for (size_t d = 0; d < sizeof draws / sizeof draws[0]; d++) {
        in.draws = draws[d];
        jong_analysis_result r;
        run(&in, &r);
        assert_int_equal(r.unseen, U);
        const jong_analysis_row *row = row_of(&r, kind_of("5m"));
        assert_true(row->exact);
        assert_int_equal(row->shanten, 0);
        assert_false(row->riichi); /* open */
        double p = 1 - choose(U - 8, draws[d]) / choose(U, draws[d]);
        assert_true(fabs(row->win.value - p) < 1e-12);
        assert_true(fabs(row->points.value - 1100 * p) < 1e-9);
        assert_true(row->tenpai.value == 1);
        /* draws <= 1: every row is exact, so is every difference */
        if (draws[d] <= 1)
            for (int i = 0; i < r.nrows; i++)
                assert_true(r.rows[i].exact && r.rows[i].behind.lo == r.rows[i].behind.hi);
        if (draws[d] > 0)
            assert_int_equal(r.rows[r.best].discard, kind_of("5m"));
    }
}

/* One draw left: a 1-shanten row reaches tenpai with its effective tiles; nothing can win. */
static void test_one_draw(void **state)
{
    (void)state;
    jong_analysis_input in;
    jong_analysis_input_init(&in, JONG_VARIANT_TAIWAN);
    /* 17 tiles: 13m 456m 789m 123p 11s 22s E 9p */
    in.hand = hand_of("13m456m789m123p11s22sE9p");
    in.draws = 1;
    jong_analysis_result r;
    run(&in, &r);
    for (int i = 0; i < r.nrows; i++) {
        const jong_analysis_row *row = &r.rows[i];
        assert_true(row->exact);
        assert_true(row->win.value == 0);
        if (row->shanten == 1)
            assert_true(fabs(row->tenpai.value - (double)row->ukeire.total / r.unseen) < 1e-12);
        else if (row->shanten > 1)
            assert_true(row->tenpai.value == 0);
    }
}

/* ---- the slow obvious reference: every ordering of a short wall --------------------------- */

typedef struct {
    const jong_analysis_input *in;
    jong_ruleset rs;
    jong_variant v;
    jong_forms forms;
    uint8_t tiles[136];
    int ntiles, draws;
    /* per row: sums over the orderings */
    double tenpai[JONG_KINDS], win[JONG_KINDS], points[JONG_KINDS];
    long orderings;
} ref_run;

static bool ref_score(const ref_run *rr, const jong_hand *h13, int k, bool riichi, bool ippatsu, int ura, int *pts)
{
    return selfdraw_points(&rr->rs, rr->v, rr->in, h13, k, riichi, ippatsu, ura, pts);
}

static bool closed(const jong_hand *h)
{
    for (int i = 0; i < h->nmelds; i++)
        if (h->melds[i].type != JONG_MELD_CONCEALED_KONG)
            return false;
    return true;
}

/* Effective tiles the seat has not seen after discarding d from h14, for the forms given. */
static int ref_ukeire(const ref_run *rr, jong_hand h14, int d, jong_forms forms, const uint8_t seen[JONG_KINDS])
{
    uint8_t s2[JONG_KINDS];
    memcpy(s2, seen, sizeof s2);
    s2[d]++;
    h14.counts[d]--;
    jong_ukeire u;
    jong_effective_tiles(&h14, rr->v, forms, s2, &u);
    return u.total;
}

/* The policy of analysis_sim.h, written plainly. */
static void ref_play(ref_run *rr, int row_kind, const uint8_t *seq)
{
    const jong_analysis_input *in = rr->in;
    jong_hand h = in->hand;
    h.counts[row_kind]--;
    uint8_t seen[JONG_KINDS];
    memcpy(seen, in->seen, sizeof seen);
    for (int i = 0; i < in->ndora; i++)
        seen[in->dora[i]]++;
    seen[row_kind]++;
    bool riichi_rules = rr->v == JONG_VARIANT_RIICHI;
    int s = jong_hand_shanten(&h, rr->v, rr->forms, NULL);
    bool tenpai = s == 0, riichi = false;
    int riichi_at = -2;
    if (s == 0 && riichi_rules && closed(&h) && rr->draws >= 1) {
        riichi = true;
        riichi_at = -1;
    }
    for (int i = 0; i < rr->draws; i++) {
        int t = seq[i];
        jong_hand h14 = h;
        h14.counts[t]++;
        if (jong_is_complete(&h14, rr->v, rr->forms)) {
            int pts;
            if (ref_score(rr, &h, t, riichi, riichi && riichi_at == i - 1, seq[rr->draws], &pts)) {
                rr->win[row_kind] += 1;
                rr->points[row_kind] += pts;
                break;
            }
            seen[t]++;
            continue;
        }
        int all[JONG_KINDS], std[JONG_KINDS], best = 99;
        for (int d = 0; d < JONG_KINDS; d++) {
            all[d] = std[d] = 99;
            if (!h14.counts[d])
                continue;
            h14.counts[d]--;
            all[d] = jong_hand_shanten(&h14, rr->v, rr->forms, NULL);
            std[d] = jong_hand_shanten(&h14, rr->v, JONG_FORMS_STANDARD, NULL);
            h14.counts[d]++;
            if (all[d] < best)
                best = all[d];
        }
        if (best >= s) {
            seen[t]++;
            continue;
        }
        bool by_std = false;
        for (int d = 0; d < JONG_KINDS; d++)
            by_std |= std[d] == best;
        int pick = -1, most = -1;
        for (int d = JONG_KINDS - 1; d >= 0; d--) {
            if (by_std ? std[d] != best : all[d] != best)
                continue;
            int u = ref_ukeire(rr, h14, d, by_std ? JONG_FORMS_STANDARD : rr->forms, seen);
            if (u > most) {
                most = u;
                pick = d;
            }
        }
        h = h14;
        h.counts[pick]--;
        seen[pick]++;
        s = best;
        if (s == 0) {
            tenpai = true;
            if (riichi_rules && closed(&h) && i + 1 < rr->draws) {
                riichi = true;
                riichi_at = i;
            }
        }
    }
    rr->tenpai[row_kind] += tenpai;
}

static void ref_orderings(ref_run *rr, uint8_t *seq, int depth, bool *used)
{
    if (depth == rr->draws + 1) {
        rr->orderings++;
        for (int k = 0; k < JONG_KINDS; k++)
            if (rr->in->hand.counts[k])
                ref_play(rr, k, seq);
        return;
    }
    for (int i = 0; i < rr->ntiles; i++) {
        if (used[i])
            continue;
        used[i] = true;
        seq[depth] = rr->tiles[i];
        ref_orderings(rr, seq, depth + 1, used);
        used[i] = false;
    }
}

static void reference(const jong_analysis_input *in, ref_run *rr)
{
    memset(rr, 0, sizeof *rr);
    rr->in = in;
    rr->v = in->variant;
    jong_ruleset_default(&rr->rs, rr->v);
    rr->forms = jong_variant_forms(rr->v);
    uint8_t meld[JONG_KINDS];
    jong_hand_meld_counts(&in->hand, meld);
    for (int k = 0; k < JONG_KINDS; k++) {
        int vis = in->seen[k];
        for (int i = 0; i < in->ndora; i++)
            vis += in->dora[i] == k;
        for (int c = 0; c < 4 - in->hand.counts[k] - meld[k] - vis; c++)
            rr->tiles[rr->ntiles++] = (uint8_t)k;
    }
    rr->draws = in->draws < rr->ntiles - 1 ? in->draws : rr->ntiles - 1;
    uint8_t seq[JONG_ANALYSIS_MAX_DRAWS + 1];
    bool used[136] = {false};
    ref_orderings(rr, seq, 0, used);
}

/* Compare every row with the reference: exact rows to rounding, simulated ones within 5
 * standard errors (a fixed seed, so the test cannot flicker). */
static void check_against_reference(const jong_analysis_input *given)
{
    /* the simulation method (its exact rows: ready hands, one draw left) ... */
    jong_analysis_input sim = *given, *in = &sim;
    sim.method = JONG_ANALYSIS_METHOD_SIMULATE;
    jong_analysis_result r, auto_r;
    run(in, &r);
    ref_run *rr = malloc(sizeof *rr);
    reference(in, rr);
    /* ... and the exact method's ready rows, where its model is the true one */
    run(given, &auto_r);
    for (int i = 0; i < auto_r.nrows; i++) {
        const jong_analysis_row *row = &auto_r.rows[i];
        if (row->shanten != 0)
            continue;
        int k = row->discard;
        double n = (double)rr->orderings;
        assert_true(row->exact);
        assert_true(fabs(row->tenpai.value - rr->tenpai[k] / n) < 1e-9);
        assert_true(fabs(row->win.value - rr->win[k] / n) < 1e-9);
        assert_true(fabs(row->points.value - rr->points[k] / n) < 1e-6);
    }
    assert_int_equal(r.draws, rr->draws);
    assert_int_equal(r.unseen, rr->ntiles);
    double n = (double)rr->orderings;
    for (int i = 0; i < r.nrows; i++) {
        const jong_analysis_row *row = &r.rows[i];
        int k = row->discard;
        double t = rr->tenpai[k] / n, w = rr->win[k] / n, p = rr->points[k] / n;
        if (row->exact) {
            assert_true(fabs(row->tenpai.value - t) < 1e-9);
            assert_true(fabs(row->win.value - w) < 1e-9);
            if (fabs(row->points.value - p) >= 1e-6)
                fail_msg("row %s (shanten %d): points %.9f vs %.9f", jong_kind_name(k, JONG_STYLE_COMPACT), row->shanten,
                         row->points.value, p);
            continue;
        }
        double m = (double)row->samples;
        double se_t = sqrt(fmax(t * (1 - t), 1e-4) / m), se_w = sqrt(fmax(w * (1 - w), 1e-4) / m);
        if (fabs(row->tenpai.value - t) > 5 * se_t || fabs(row->win.value - w) > 5 * se_w)
            fail_msg("row %s: tenpai %.4f vs %.4f, win %.4f vs %.4f", jong_kind_name(k, JONG_STYLE_COMPACT),
                     row->tenpai.value, t, row->win.value, w);
        /* the points' interval, widened to 5 standard errors (1.96 in the interval) */
        double half = (row->points.hi - row->points.value) * 5 / 1.96;
        if (fabs(row->points.value - p) > half + 1e-6)
            fail_msg("row %s: points %.1f vs %.1f (+-%.1f)", jong_kind_name(k, JONG_STYLE_COMPACT), row->points.value,
                     p, half);
    }
    free(rr);
}

/* A closed ready riichi hand with riichi, ippatsu and ura-dora against every ordering. */
static void test_reference_ready_riichi(void **state)
{
    (void)state;
    jong_analysis_input in;
    jong_analysis_input_init(&in, JONG_VARIANT_RIICHI);
    in.hand = hand_of("234m456p789s23s55m1z"); /* discarding 1z: 23s waits on 1s and 4s */
    in.ndora = 1;
    in.dora[0] = (uint8_t)kind_of("3m");
    in.draws = 3;
    short_wall(&in, "1s4s4s9p1z2z6m");
    in.sims = 4000;
    check_against_reference(&in);
    jong_analysis_result r;
    run(&in, &r);
    const jong_analysis_row *row = row_of(&r, kind_of("1z"));
    assert_true(row->exact && row->riichi);
    assert_true(row->win.value > 0);
}

/* One and two shanten hands on short walls: simulated rows against every ordering. */
static void test_reference_simulated(void **state)
{
    (void)state;
    jong_analysis_input in;
    jong_analysis_input_init(&in, JONG_VARIANT_RIICHI);
    in.hand = hand_of("234m456p78s13s55m1z9p");
    in.draws = 4;
    short_wall(&in, "6s9s2s2s1z3m5p8p");
    in.sims = SANITIZED ? 4000 : 20000;
    in.seed = 11;
    check_against_reference(&in);

    /* Taiwanese, 17 tiles, with tai scoring */
    jong_analysis_input tw;
    jong_analysis_input_init(&tw, JONG_VARIANT_TAIWAN);
    tw.hand = hand_of("123m456m78m345p567p55sE");
    tw.draws = 3;
    short_wall(&tw, "6m9m1s3s5sE7p");
    tw.sims = SANITIZED ? 4000 : 20000;
    tw.seed = 5;
    check_against_reference(&tw);
}

/* ---- determinism and errors ---------------------------------------------------------------- */

static void test_determinism(void **state)
{
    (void)state;
    jong_analysis_input in;
    jong_analysis_input_init(&in, JONG_VARIANT_RIICHI);
    in.hand = hand_of("1368m2479p1358s2z7z");
    in.method = JONG_ANALYSIS_METHOD_SIMULATE; /* the exact method's rows do not depend on the seed */
    in.sims = 500;
    in.seed = 3;
    jong_analysis_result a, b, c;
    run(&in, &a);
    run(&in, &b);
    assert_memory_equal(&a, &b, sizeof a);
    in.seed = 4;
    run(&in, &c);
    assert_true(a.signature != c.signature);
    for (int i = 0; i < a.nrows; i++) {
        const jong_analysis_row *row = &a.rows[i];
        assert_int_equal(row->samples, 500);
        /* behind the best: the difference of the two means, inside its own interval, 0 for the best */
        assert_true(fabs(row->behind.value - (a.rows[0].points.value - row->points.value)) < 1e-9);
        assert_true(row->behind.lo <= row->behind.value && row->behind.value <= row->behind.hi);
        if (i == 0)
            assert_true(row->behind.lo == 0 && row->behind.hi == 0);
    }
}

static void test_errors(void **state)
{
    (void)state;
    jong_analysis_input in;
    jong_analysis_result r;
    jong_error err;
    jong_analysis_input_init(&in, JONG_VARIANT_RIICHI);
    in.hand = hand_of("123m456p789s1122z"); /* 13 tiles: not about to discard */
    assert_int_equal(jong_analysis_run(&in, &r, &err), JONG_ERR_TILE_COUNT);
    in.hand = hand_of("123m456p789s1122z5m");
    in.seen[kind_of("1z")] = 3;
    assert_int_equal(jong_analysis_run(&in, &r, &err), JONG_ERR_FIFTH_COPY);
    assert_non_null(strstr(err.msg, "1z"));
    in.seen[kind_of("1z")] = 0;
    in.ndora = 1;
    in.dora[0] = 40;
    assert_int_equal(jong_analysis_run(&in, &r, &err), JONG_ERR_ARG);
    in.ndora = 0;
    in.dealer = true; /* seat South */
    assert_int_equal(jong_analysis_run(&in, &r, &err), JONG_ERR_ARG);
    in.dealer = false;
    in.seat_wind = 4;
    assert_int_equal(jong_analysis_run(&in, &r, &err), JONG_ERR_ARG);
    in.seat_wind = 1;
    in.sims = -1;
    assert_int_equal(jong_analysis_run(&in, &r, &err), JONG_ERR_ARG);
}

/* ---- the papers' example hands -------------------------------------------------------------- */

static void decision_for(const jong_hand *h, jong_variant v, int wall_left, jong_view *view, jong_action *legal,
                         int *nlegal)
{
    memset(view, 0, sizeof *view);
    view->variant = v;
    view->dealer = 1;
    for (int s = 0; s < 4; s++)
        view->seat_winds[s] = (int8_t)((1 + s) % 4);
    view->own = *h;
    view->last_draw = JONG_NO_TILE;
    view->last_discarder = -1;
    view->last_discard = JONG_NO_TILE;
    view->wall_left = wall_left;
    *nlegal = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        if (h->counts[k])
            legal[(*nlegal)++] = (jong_action){JONG_ACT_DISCARD, (uint8_t)k, 0, 0};
}

/* KF: `11 5567 99` with three pongs. Discarding 5m is the only way to be ready (WN 1), on 1m and
 * 9m: the analysis makes it the best row, exactly, and KF-TREE's Etile chooses it too. */
static void test_kf_paper_hand(void **state)
{
    (void)state;
    jong_analysis_input in;
    jong_analysis_input_init(&in, JONG_VARIANT_TAIWAN);
    in.hand = hand_of("11m5567m99m [EEE] [SSS] [WWW]");
    in.draws = 8;
    jong_analysis_result r;
    run(&in, &r);
    const jong_analysis_row *best = &r.rows[r.best];
    assert_int_equal(best->discard, kind_of("5m"));
    assert_true(best->exact);
    assert_int_equal(best->shanten, 0);
    assert_int_equal(best->ukeire.total, 4); /* two 1m and two 9m unseen */
    assert_int_equal(r.unseen, 136 - 17); /* flowers are never drawn in the model */
    /* the exact method reaches every other row (shanten 1 to 3) */
    for (int i = 1; i < r.nrows; i++)
        assert_true(r.rows[i].shanten > 0 && r.rows[i].exact == (r.rows[i].shanten <= JONG_ANALYSIS_REACH_LOWER));

    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_TAIWAN);
    jong_player *p;
    jong_error err;
    assert_int_equal(jong_player_create("kf-tree", &p, &err), JONG_OK);
    jong_view view;
    jong_action legal[JONG_MAX_ACTIONS];
    int n;
    decision_for(&in.hand, JONG_VARIANT_TAIWAN, 32, &view, legal, &n);
    jong_decision d = {.view = &view, .rules = &rs, .legal = legal, .nlegal = n, .seed = 1};
    jong_player_values vals;
    assert_int_equal(jong_player_discard_values(p, &d, &vals, &err), JONG_OK);
    assert_string_equal(vals.measure, "Etile");
    assert_int_equal(vals.choice, kind_of("5m"));
    assert_true(vals.valued[kind_of("5m")] && !vals.valued[kind_of("2m")]);
    /* the hook and the player agree */
    int i = p->ops->choose(p, &d);
    assert_int_equal(legal[i].tile, vals.choice);
    jong_player_free(p);
}

/* SIMCAT: Table 1's hand as 17 tiles (445w1267t1144s with 888s 999s). The analysis gives every
 * discard its evaluator row; SIMCAT's hook reports the win rates of its stage 1 and the discard
 * its decision makes, the same one the player plays on the same seed; greedy has no hook. */
static void test_simcat_paper_hand(void **state)
{
    (void)state;
    jong_analysis_input in;
    jong_analysis_input_init(&in, JONG_VARIANT_TAIWAN);
    in.hand = hand_of("445m1267p1144888999s");
    in.draws = 8;
    in.sims = 300;
    jong_analysis_result r;
    run(&in, &r);
    jong_discard_option opts[JONG_KINDS];
    int n = jong_discard_table(&in.hand, JONG_VARIANT_TAIWAN, JONG_FORMS_STANDARD, NULL, opts);
    assert_int_equal(r.nrows, n);
    for (int i = 0; i < n; i++) {
        const jong_analysis_row *row = row_of(&r, opts[i].discard);
        assert_int_equal(row->shanten, opts[i].shanten);
        assert_int_equal(row->ukeire.total, opts[i].ukeire.total);
    }

    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_TAIWAN);
    jong_player *p;
    jong_error err;
    assert_int_equal(jong_player_create("simcat:sims=3000", &p, &err), JONG_OK);
    jong_view view;
    jong_action legal[JONG_MAX_ACTIONS];
    int nl;
    decision_for(&in.hand, JONG_VARIANT_TAIWAN, 32, &view, legal, &nl);
    jong_decision d = {.view = &view, .rules = &rs, .legal = legal, .nlegal = nl, .seed = 7};
    jong_player_values vals;
    assert_int_equal(jong_player_discard_values(p, &d, &vals, &err), JONG_OK);
    assert_string_equal(vals.measure, "win rate");
    /* the default filter simulates (and values) only the discards of least shanten */
    int sh[JONG_KINDS];
    uint64_t least;
    jong_discard_shanten(in.hand.counts, 5, sh, &least);
    for (int k = 0; k < JONG_KINDS; k++) {
        assert_true(vals.valued[k] == (in.hand.counts[k] > 0 && (least >> k & 1)));
        if (vals.valued[k])
            assert_true(vals.value[k] >= 0 && vals.value[k] <= 1);
    }
    int i = p->ops->choose(p, &d);
    assert_int_equal(legal[i].tile, vals.choice);
    jong_player_free(p);
    /* the paper's player (filter=off) values every held kind */
    assert_int_equal(jong_player_create("simcat:sims=3000,filter=off", &p, &err), JONG_OK);
    assert_int_equal(jong_player_discard_values(p, &d, &vals, &err), JONG_OK);
    for (int k = 0; k < JONG_KINDS; k++)
        assert_true(vals.valued[k] == (in.hand.counts[k] > 0));
    i = p->ops->choose(p, &d);
    assert_int_equal(legal[i].tile, vals.choice);
    jong_player_free(p);

    assert_int_equal(jong_player_create("greedy", &p, &err), JONG_OK);
    assert_int_equal(jong_player_discard_values(p, &d, &vals, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "greedy"));
    jong_player_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ready_open_hand),
        cmocka_unit_test(test_one_draw),
        cmocka_unit_test(test_reference_ready_riichi),
        cmocka_unit_test(test_reference_simulated),
        cmocka_unit_test(test_determinism),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_kf_paper_hand),
        cmocka_unit_test(test_simcat_paper_hand),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
