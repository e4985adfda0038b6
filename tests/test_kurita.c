/* Kurita and Hoki's MDPs (jong/kurita.h) against slow obvious references:
 *   - the folding MDP's closed form against an exhaustive search over every discard order on
 *     small hands (equal when the horizon allows every discard; never better when it cuts);
 *   - the reduced hand set against a brute-force enumeration of every hand within the path
 *     bound (all tenpai hands within l exchanges are in; nothing outside the bound is);
 *   - the retrograde values against a plain recursive expectimax of the same MDP on tiny walls
 *     (one set and a pair, a few kinds), over the whole space and over a reduced one. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "jong/eval.h"
#include "players/kurita/kurita.h"
#include "players/kurita/kurita_model.h"
#include "players/mizukami/mizukami.h"
#include "jong/mjai.h"
#include "jong/player.h"
#include "jong/table.h"
#include "support/assert_close.h"
#include "support/kurita_ref.h"
#include "support/kurita_tiny.h"
#include "support/random_hands.h"
#include "support/sanitized.h"
#include "support/spec_games.h"

/* ---- folding MDP ------------------------------------------------------------------------- */

static double fold_brute(uint8_t c[JONG_KINDS], uint64_t used, int played, int total, const jong_ku_fold_params *fp,
                         int *best_first)
{
    if (played >= fp->horizon || played >= total)
        return fp->r_washout;
    double best = -INFINITY;
    for (int x = 0; x < JONG_KINDS; x++) {
        if (!c[x])
            continue;
        double p = used >> x & 1 ? 0 : fp->p_lose[x];
        c[x]--;
        double rest = fold_brute(c, used | 1ull << x, played + 1, total, fp, NULL);
        c[x]++;
        double v = p * fp->r_lose[x] + (1 - p) * (fp->gamma * fp->r_other + (1 - fp->gamma) * rest);
        if (v > best) {
            best = v;
            if (best_first)
                *best_first = x;
        }
    }
    return best;
}

/* The value of playing a given order (the same dynamics, written again). */
static double fold_play(const uint8_t *order, int n, const jong_ku_fold_params *fp)
{
    double v = 0, alive = 1;
    uint64_t used = 0;
    for (int i = 0; i < n; i++) {
        int x = order[i];
        double p = used >> x & 1 ? 0 : fp->p_lose[x];
        used |= 1ull << x;
        v += alive * p * fp->r_lose[x];
        alive *= 1 - p;
        v += alive * fp->gamma * fp->r_other;
        alive *= 1 - fp->gamma;
    }
    return v + alive * fp->r_washout;
}

static void random_fold_case(rh_rng *r, uint8_t c[JONG_KINDS], jong_ku_fold_params *fp, int *tiles)
{
    memset(c, 0, JONG_KINDS);
    memset(fp, 0, sizeof *fp);
    int kinds = 2 + (int)rh_below(r, 4), n = 0;
    int want = 4 + (int)rh_below(r, 5);
    while (n < want) {
        int k = (int)rh_below(r, (uint32_t)kinds) * 5;
        if (c[k] < 4) {
            c[k]++;
            n++;
        }
    }
    fp->gamma = kt_unit(r) * 0.2;
    fp->r_other = -1500 * kt_unit(r);
    fp->r_washout = -1000 * kt_unit(r);
    double top = fp->r_other < fp->r_washout ? fp->r_other : fp->r_washout;
    for (int k = 0; k < JONG_KINDS; k++) {
        fp->p_lose[k] = rh_below(r, 4) == 0 ? 0 : kt_unit(r) * 0.3;
        fp->r_lose[k] = top - 1000 - 11000 * kt_unit(r);
    }
    *tiles = n;
}

static void test_fold_closed_form(void **state)
{
    (void)state;
    rh_rng r;
    rh_seed(&r, 7);
    int cases = SANITIZED ? 150 : 600;
    double worst_gap = 0;
    for (int c = 0; c < cases; c++) {
        uint8_t h[JONG_KINDS];
        jong_ku_fold_params fp;
        int tiles;
        random_fold_case(&r, h, &fp, &tiles);
        bool cut = c % 3 == 2;
        fp.horizon = cut ? 1 + (int)rh_below(&r, (uint32_t)tiles - 1) : tiles + (int)rh_below(&r, 3);
        jong_ku_fold_result res;
        jong_ku_fold_solve(h, &fp, &res);
        int first = -1;
        double brute = fold_brute(h, 0, 0, tiles, &fp, &first);
        assert_int_equal(res.norder, cut ? fp.horizon : tiles);
        /* the order played is the order returned */
        assert_close(fold_play(res.order, res.norder, &fp), res.value, 1e-9);
        if (!cut) {
            assert_close(res.value, brute, 1e-7);
            assert_close(jong_ku_fold_solve_exact(h, &fp), brute, 1e-7);
            /* the value after each first discard is the exhaustive one */
            for (int x = 0; x < JONG_KINDS; x++) {
                if (!h[x])
                    continue;
                double p = fp.p_lose[x];
                h[x]--;
                double rest = fold_brute(h, 1ull << x, 1, tiles, &fp, NULL);
                h[x]++;
                double want = p * fp.r_lose[x] + (1 - p) * (fp.gamma * fp.r_other + (1 - fp.gamma) * rest);
                assert_close(jong_ku_fold_value_after(h, x, &fp), want, 1e-7);
            }
        } else {
            assert_true(brute >= res.value - 1e-9);
            assert_close(jong_ku_fold_solve_exact(h, &fp), brute, 1e-7);
            if (brute - res.value > worst_gap)
                worst_gap = brute - res.value;
        }
        /* probability of the lose ending, summed again from the order */
        double alive = 1, pl = 0;
        uint64_t used = 0;
        for (int i = 0; i < res.norder; i++) {
            int x = res.order[i];
            double p = used >> x & 1 ? 0 : fp.p_lose[x];
            used |= 1ull << x;
            pl += alive * p;
            alive *= (1 - p) * (1 - fp.gamma);
        }
        assert_close(res.p_lose, pl, 1e-12);
    }
    print_message("folding MDP: %d cases; largest shortfall of the cut closed form %.3f points\n", cases, worst_gap);
}

/* A worked case: two kinds, one safe. The safe kind goes first; the value by hand. */
static void test_fold_worked(void **state)
{
    (void)state;
    uint8_t h[JONG_KINDS] = {0};
    h[0] = 2; /* 1m x2, safe */
    h[27] = 1; /* East, risk 0.1 */
    jong_ku_fold_params fp;
    memset(&fp, 0, sizeof fp);
    fp.p_lose[27] = 0.1;
    fp.r_lose[27] = -8000;
    fp.gamma = 0.1;
    fp.r_other = -1000;
    fp.r_washout = -500;
    fp.horizon = 3;
    jong_ku_fold_result res;
    jong_ku_fold_solve(h, &fp, &res);
    assert_int_equal(res.norder, 3);
    assert_int_equal(res.order[0], 0);
    assert_int_equal(res.order[1], 0);
    assert_int_equal(res.order[2], 27);
    /* 1m: -100 (0.1 x -1000), alive 0.9; 1m: -90, alive 0.81; E: 0.81 x 0.1 x -8000 = -648,
     * alive 0.729, other win 0.0729 x -1000 = -72.9, alive 0.6561 x -500 = -328.05 */
    assert_close(res.value, -100 - 90 - 648 - 72.9 - 328.05, 1e-9);
    assert_close(res.p_lose, 0.081, 1e-12);
    assert_close(res.value_given_lose, -8000, 1e-9);
}

/* ---- the reduced set --------------------------------------------------------------------- */

typedef struct {
    const uint8_t *c14;
    const uint8_t *top;
    const jong_ku_space *s;
    int l, sets;
    long checked, tenpai;
} enum_ctx;

static int dist_of(const uint8_t h[JONG_KINDS], const uint8_t c14[JONG_KINDS])
{
    int d = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        d += h[k] > c14[k] ? h[k] - c14[k] : 0;
    return d;
}

/* Every 13-tile hand: c14 less `rem` tiles (kinds >= from_r), plus `add` tiles (kinds >= from_a). */
static void enum_add(enum_ctx *e, uint8_t h[JONG_KINDS], int add, int from_a)
{
    if (add == 0) {
        int d = dist_of(h, e->c14);
        int sh = jong_shanten_standard(h, e->sets);
        if (d + sh <= e->l) {
            e->checked++;
            e->tenpai += sh == 0;
            if (jong_ku_space_find(e->s, h) < 0)
                fail_msg("a hand within the bound (dist %d, shanten %d) is missing", d, sh);
        }
        return;
    }
    for (int k = from_a; k < JONG_KINDS; k++) {
        if (h[k] >= e->top[k])
            continue;
        h[k]++;
        enum_add(e, h, add - 1, k);
        h[k]--;
    }
}

static void enum_remove(enum_ctx *e, uint8_t h[JONG_KINDS], int rem, int from_r, int add)
{
    if (rem == 0) {
        enum_add(e, h, add, 0);
        return;
    }
    for (int k = from_r; k < JONG_KINDS; k++) {
        if (!h[k])
            continue;
        h[k]--;
        enum_remove(e, h, rem - 1, k, add);
        h[k]++;
    }
}

static void test_space_bound(void **state)
{
    (void)state;
    rh_rng r;
    rh_seed(&r, 11);
    int cases = SANITIZED ? 3 : 12;
    for (int c = 0; c < cases; c++) {
        uint8_t c14[JONG_KINDS], avail[JONG_KINDS], top[JONG_KINDS];
        int l;
        if (kt_real_case(&r, c, c14, avail, &l) < 0)
            continue; /* already complete: nothing to walk */
        for (int k = 0; k < JONG_KINDS; k++)
            top[k] = (uint8_t)(c14[k] + avail[k]);
        jong_ku_space s;
        jong_error err;
        assert_int_equal(jong_ku_space_build(&s, c14, 4, avail, l, 1 << 22, &err), JONG_OK);
        assert_false(s.truncated);
        /* nothing in the set breaks the bound (roots aside), nothing exceeds the copies */
        for (int i = 0; i < s.n; i++) {
            assert_int_equal(s.dist[i], dist_of(s.counts[i], c14));
            assert_int_equal(s.shanten[i], jong_shanten_standard(s.counts[i], 4));
            if (i >= s.nroots)
                assert_true(s.dist[i] + s.shanten[i] <= l);
            for (int k = 0; k < JONG_KINDS; k++)
                assert_true(s.counts[i][k] <= top[k]);
        }
        /* every edge is one draw and one discard */
        for (int i = 0; i < s.n; i++)
            for (int e = s.edge_start[i]; e < s.edge_start[i + 1]; e++) {
                uint8_t h[JONG_KINDS];
                memcpy(h, s.counts[i], sizeof h);
                h[s.edge_draw[e]]++;
                assert_true(h[s.edge_discard[e]] > 0);
                h[s.edge_discard[e]]--;
                assert_memory_equal(h, s.counts[s.edge_to[e]], JONG_KINDS);
            }
        /* every hand within the bound is in it: 13 tiles = c14 less d+1 tiles plus d tiles */
        enum_ctx e = {c14, top, &s, l, 4, 0, 0};
        uint8_t h[JONG_KINDS];
        memcpy(h, c14, sizeof h);
        for (int d = 0; d <= l; d++)
            enum_remove(&e, h, d + 1, 0, d);
        if (c == 0)
            print_message("reduced set: l=%d, %d hands, %ld within the bound enumerated, %ld tenpai\n", l, s.n,
                          e.checked, e.tenpai);
        jong_ku_space_free(&s);
    }
}

/* ---- retrograde analysis against a recursive expectimax ---------------------------------- */

static void check_tiny(rh_rng *r, int c, bool reduced)
{
    int kinds = 5 + (int)rh_below(r, 3);
    jong_ku_params pr;
    kt_params(r, &pr, 2 + (int)rh_below(r, SANITIZED ? 2 : 3), kinds);
    if (c % 5 == 4) { /* the winning MDP and the tenpai MDP as parameter settings */
        bool win_mdp = c % 10 == 4;
        memset(pr.p_lose, 0, sizeof pr.p_lose);
        memset(pr.lose_ev, 0, sizeof pr.lose_ev);
        memset(pr.p_other, 0, sizeof pr.p_other);
        pr.r_other = 0;
        pr.riichi = false;
        pr.wins = win_mdp;
        pr.r_tenpai = win_mdp ? 0 : 1;
        pr.r_noten = 0;
    }
    static jong_ku_layer_risk lr; /* risk=turn: each layer's own deal-in chances (every third case) */
    if (c % 3 == 1 && c % 5 != 4) {
        rh_rng lr_rng;
        rh_seed(&lr_rng, 1000 + (uint64_t)c); /* its own stream: the other cases draw as before */
        for (int n = 1; n < pr.horizon; n++)
            for (int k = 0; k < JONG_KINDS; k++) {
                lr.p_lose[n][k] = kt_unit(&lr_rng) * 0.4;
                lr.lose_ev[n][k] = -lr.p_lose[n][k] * (2000 + 6000 * kt_unit(&lr_rng));
            }
        pr.layer_risk = &lr;
    }
    uint8_t c14[JONG_KINDS], avail[JONG_KINDS];
    kt_wall(r, &pr, kinds, c14, avail);
    int drawn = -1;
    for (int k = 0; k < JONG_KINDS && drawn < 0; k++)
        if (c14[k])
            drawn = k;
    int l = reduced ? 1 : 12;
    jong_ku_space s;
    jong_error err;
    assert_int_equal(jong_ku_space_build(&s, c14, 1, avail, l, 1 << 20, &err), JONG_OK);
    jong_ku_result res;
    assert_int_equal(jong_ku_solve(&s, &pr, c14, drawn, &res, &err), JONG_OK);
    kr_ctx x = {&pr, c14, 1, 0, reduced ? &s : NULL, l, l, 0};
    for (int d = 0; d < JONG_KINDS; d++) {
        if (!c14[d]) {
            assert_true(isinf(res.value[d]));
            continue;
        }
        uint8_t h[JONG_KINDS];
        memcpy(h, c14, sizeof h);
        h[d]--;
        double want = pr.lose_ev[d] + (1 - pr.p_lose[d]) * kr_closed_A(&x, h, 1, false);
        assert_close(res.value[d], want, 1e-6);
        bool tenpai = jong_shanten_standard(h, 1) == 0;
        if (pr.riichi && pr.horizon > 1 && tenpai) {
            double wr = pr.lose_ev[d] + (1 - pr.p_lose[d]) * kr_closed_A(&x, h, 1, true);
            assert_close(res.value_riichi[d], wr, 1e-6);
        } else {
            assert_true(isinf(res.value_riichi[d]));
        }
    }
    jong_ku_space_free(&s);
    /* a hand between turns (3n+1 tiles) is its own root: its value after a discard */
    uint8_t h[JONG_KINDS];
    memcpy(h, c14, sizeof h);
    h[drawn]--;
    assert_int_equal(jong_ku_space_build(&s, h, 1, avail, l, 1 << 20, &err), JONG_OK);
    assert_int_equal(s.nroots, 1);
    assert_int_equal(s.root_kind[0], JONG_NO_TILE);
    assert_memory_equal(s.counts[0], h, JONG_KINDS);
    assert_int_equal(jong_ku_solve(&s, &pr, h, -1, &res, &err), JONG_OK);
    kr_ctx y = {&pr, h, 1, 0, reduced ? &s : NULL, l, l, 0};
    assert_close(res.after[0], kr_closed_A(&y, h, 1, false), 1e-6);
    assert_int_equal(x.edge_mismatches + y.edge_mismatches, 0); /* the reference's moves are the set's edges */
    jong_ku_space_free(&s);
}

/* On real hands: making a kind more dangerous lowers its own discard's value and raises no
 * other value; a win worth more raises no value less. */
/* Random chance parameters for a real 14-tile hand (draws: the copies it does not hold) and its
 * reduced set at l = best + 1. */
static void real_hand_space(rh_rng *r, const uint8_t c14[JONG_KINDS], int best, int horizon, jong_ku_params *pr,
                            jong_ku_space *s)
{
    kt_params(r, pr, horizon, 0);
    uint8_t avail[JONG_KINDS];
    for (int k = 0; k < JONG_KINDS; k++) {
        pr->draw_w[k] = 4 - c14[k];
        avail[k] = (uint8_t)pr->draw_w[k];
    }
    jong_error err;
    assert_int_equal(jong_ku_space_build(s, c14, 4, avail, best + 1, 1 << 20, &err), JONG_OK);
}

static void test_retrograde_monotone(void **state)
{
    (void)state;
    rh_rng r;
    rh_seed(&r, 17);
    int cases = SANITIZED ? 4 : 16;
    for (int c = 0; c < cases; c++) {
        uint8_t c14[JONG_KINDS];
        rh_near_complete(&r, 4, 14, c14);
        int sh[JONG_KINDS];
        int best = jong_discard_shanten(c14, 4, sh, NULL);
        if (best < 0 || best > 2)
            continue;
        jong_ku_params pr;
        jong_ku_space s;
        jong_error err;
        real_hand_space(&r, c14, best, 6 + (int)rh_below(&r, 6), &pr, &s);
        jong_ku_result a, b;
        assert_int_equal(jong_ku_solve(&s, &pr, c14, -1, &a, &err), JONG_OK);
        int x = -1;
        for (int k = 0; k < JONG_KINDS && x < 0; k++)
            if (c14[k] && k % 2 == c % 2)
                x = k;
        if (x < 0)
            x = s.root_kind[0];
        pr.p_lose[x] = 0.5;
        pr.lose_ev[x] = -0.5 * 12000;
        assert_int_equal(jong_ku_solve(&s, &pr, c14, -1, &b, &err), JONG_OK);
        assert_true(b.value[x] < a.value[x]);
        for (int k = 0; k < JONG_KINDS; k++)
            if (c14[k]) {
                assert_true(b.value[k] <= a.value[k] + 1e-9);
                if (!isinf(a.value_riichi[k]))
                    assert_true(b.value_riichi[k] <= a.value_riichi[k] + 1e-9);
            }
        jong_ku_space_free(&s);
    }
}

static void test_retrograde_full(void **state)
{
    (void)state;
    rh_rng r;
    rh_seed(&r, 3);
    int cases = SANITIZED ? 12 : 40;
    for (int c = 0; c < cases; c++)
        check_tiny(&r, c, false);
}

static void test_retrograde_reduced(void **state)
{
    (void)state;
    rh_rng r;
    rh_seed(&r, 5);
    int cases = SANITIZED ? 12 : 40;
    for (int c = 0; c < cases; c++)
        check_tiny(&r, c, true);
}

/* ---- the record statistics and the model file -------------------------------------------- */

static void push_ev(jong_mjai_log *lg, int type, int actor, int target)
{
    jong_mjai_event ev;
    jong_error err;
    jong_mjai_event_init(&ev, type);
    ev.actor = (int8_t)actor;
    ev.target = (int8_t)target;
    if (type == JONG_MJAI_DAHAI)
        ev.pai = 27;
    assert_int_equal(jong_mjai_log_push(lg, &ev, &err), JONG_OK);
}

static void push_hora(jong_mjai_log *lg, int actor, int target, const int32_t deltas[4])
{
    jong_mjai_event ev;
    jong_error err;
    jong_mjai_event_init(&ev, JONG_MJAI_HORA);
    ev.actor = (int8_t)actor;
    ev.target = (int8_t)target;
    ev.has |= JONG_MJAI_HAS_DELTAS;
    memcpy(ev.deltas, deltas, sizeof ev.deltas);
    assert_int_equal(jong_mjai_log_push(lg, &ev, &err), JONG_OK);
}

static void test_record_stats(void **state)
{
    (void)state;
    jong_mjai_log lg;
    jong_mjai_log_init(&lg);
    lg.players = 4;
    /* hand 1: everyone discards once, seat 0 twice, then seat 2 wins by tsumo */
    push_ev(&lg, JONG_MJAI_START_KYOKU, -1, -1);
    for (int s = 0; s < 4; s++)
        push_ev(&lg, JONG_MJAI_DAHAI, s, -1);
    push_ev(&lg, JONG_MJAI_DAHAI, 0, -1);
    push_hora(&lg, 2, 2, (const int32_t[4]){-1000, -1000, 3000, -1000});
    push_ev(&lg, JONG_MJAI_END_KYOKU, -1, -1);
    /* hand 2: seat 1 declares riichi on its discard, seat 2 discards and deals in to seat 1 */
    push_ev(&lg, JONG_MJAI_START_KYOKU, -1, -1);
    push_ev(&lg, JONG_MJAI_REACH, 1, -1);
    push_ev(&lg, JONG_MJAI_DAHAI, 1, -1);
    push_ev(&lg, JONG_MJAI_REACH_ACCEPTED, 1, -1);
    push_ev(&lg, JONG_MJAI_DAHAI, 2, -1);
    push_hora(&lg, 1, 2, (const int32_t[4]){0, 3900, -3900, 0});
    push_ev(&lg, JONG_MJAI_END_KYOKU, -1, -1);
    jong_ku_stats st;
    memset(&st, 0, sizeof st);
    jong_error err;
    assert_int_equal(jong_ku_stats_add_log(&st, &lg, &err), JONG_OK);
    assert_int_equal(st.hands, 2);
    /* turn 0, nobody in riichi: seats 0-3 of hand 1 and seat 1 of hand 2 (its own win); other
     * wins after seats 1 and 3 of hand 1; seat 2 of hand 2 dealt in (left out) */
    assert_close(st.exposure[0][0][0], 5, 0);
    assert_close(st.other_win[0][0][0], 2, 0);
    assert_close(st.exposure[0][0][1], 1, 0);
    assert_close(st.other_win[0][0][1], 1, 0);
    double total = 0;
    for (int a = 0; a < 2; a++)
        for (int r = 0; r < JONG_KU_RIICHI_CLASSES; r++)
            for (int t = 0; t < JONG_KU_TURNS; t++)
                total += st.exposure[a][r][t];
    assert_close(total, 6, 0);
    assert_int_equal(st.r_other_n, 5);
    assert_close(st.r_other_sum, -3000, 0);
    jong_mjai_log_free(&lg);
    /* the model: smoothed rates in range, through the file format and back */
    jong_ku_model m, back;
    jong_ku_model_from_stats(&st, &m);
    assert_close(m.r_other, -600, 1e-9);
    jong_linmodel lm, lm2;
    assert_int_equal(jong_ku_model_to_linmodel(&m, "test", &lm, &err), JONG_OK);
    unsigned char *buf;
    size_t len;
    assert_int_equal(jong_linmodel_encode(&lm, &buf, &len, &err), JONG_OK);
    assert_int_equal(jong_linmodel_decode(buf, len, "test", "kurita", JONG_KU_MODEL_VERSION, &lm2, &err), JONG_OK);
    assert_int_equal(jong_ku_model_from_linmodel(&lm2, &back, &err), JONG_OK);
    for (int r = 0; r < JONG_KU_RIICHI_CLASSES; r++)
        for (int t = 0; t < JONG_KU_TURNS; t++) {
            assert_true(m.hazard[r][t] >= 0 && m.hazard[r][t] <= 1);
            assert_close(back.hazard[r][t], m.hazard[r][t], 1e-6); /* float32 in the file */
        }
    free(buf);
    jong_linmodel_free(&lm);
    jong_linmodel_free(&lm2);
    /* the shipped model loads */
    assert_int_equal(jong_ku_model_shipped(&m, &err), JONG_OK);
    assert_true(m.r_other < 0 && m.riichi_scale > 0 && m.riichi_scale < 2);
}

/* ---- Eq. 17 ------------------------------------------------------------------------------ */

/* The softmax fit on a bias alone gives back the class rates. */
static void test_eq17_fit(void **state)
{
    (void)state;
    jong_ku_eq17_data d;
    memset(&d, 0, sizeof d);
    static const int counts[JONG_KU_SCENARIOS] = {50, 30, 15, 5, 0};
    size_t n = 0;
    for (int c = 0; c < JONG_KU_SCENARIOS; c++)
        n += (size_t)counts[c];
    d.x = calloc(n, sizeof *d.x);
    d.y = calloc(n, 1);
    d.game = calloc(n, sizeof *d.game);
    size_t *rows = calloc(n, sizeof *rows);
    assert_non_null(d.x);
    assert_non_null(rows);
    for (int c = 0; c < JONG_KU_SCENARIOS; c++)
        for (int i = 0; i < counts[c]; i++) {
            d.x[d.n][0] = 1;
            d.y[d.n] = (uint8_t)c;
            rows[d.n] = d.n;
            d.n++;
        }
    d.cap = d.n;
    double w[JONG_KU_SCENARIOS][JONG_KU_EQ17_FEATURES];
    jong_ku_eq17_fit(&d, rows, d.n, 3000, w);
    double p[JONG_KU_SCENARIOS];
    jong_ku_eq17_probs(w, d.x[0], p);
    for (int c = 0; c < JONG_KU_SCENARIOS; c++)
        assert_close(p[c], counts[c] / (double)n, 0.02);
    /* its log-loss is the entropy of the rates, within the fit's tolerance */
    double h = 0;
    for (int c = 0; c < JONG_KU_SCENARIOS; c++)
        if (counts[c])
            h -= counts[c] / (double)n * log(counts[c] / (double)n);
    assert_close(jong_ku_eq17_logloss(&d, rows, d.n, w), h, 0.02);
    free(rows);
    jong_ku_eq17_data_free(&d);
}

/* Rows from a game the engine played (greedy everywhere), as mjai: features in range, labels. */
static void to_mjai(void *ctx, const jong_event *ev)
{
    jong_mjai_log *lg = ctx;
    jong_mjai_event m;
    jong_error err;
    assert_int_equal(jong_mjai_of_engine_event(ev, &m, &err), JONG_OK);
    assert_int_equal(jong_mjai_log_push(lg, &m, &err), JONG_OK);
}

static void test_eq17_rows(void **state)
{
    (void)state;
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    jong_error err;
    jong_mjai_log lg;
    jong_mjai_log_init(&lg);
    const char *greedy[JONG_SEATS] = {"greedy", "greedy", "greedy", "greedy"};
    play_spec_games(&(jong_table){.rules = &rs, .seed = 4, .sink = to_mjai, .sink_ctx = &lg}, greedy, 1, NULL);
    lg.players = 4;
    jong_oppmodel om;
    jong_linmodel pol;
    assert_int_equal(jong_mizukami_models_load(&om, &pol, &err), JONG_OK);
    jong_ku_model km;
    assert_int_equal(jong_ku_model_shipped(&km, &err), JONG_OK);
    jong_ku_eq17_data d;
    memset(&d, 0, sizeof d);
    assert_int_equal(jong_ku_eq17_add_log(&d, &om, &km, &lg, 7, SANITIZED ? 6 : 2, &err), JONG_OK);
    assert_true(d.n > 0);
    for (size_t r = 0; r < d.n; r++) {
        const double *f = d.x[r];
        assert_close(f[0], 1, 0);
        for (int j = 1; j <= 3; j++)
            assert_true(f[j] >= -1e-12 && f[j] <= 1 + 1e-12); /* probabilities */
        assert_true(f[4] >= 0 && f[4] <= 3 && f[5] >= 0 && f[5] <= 3 && f[6] > 0);
        assert_true(d.y[r] < JONG_KU_SCENARIOS);
        assert_int_equal(d.game[r], 7);
    }
    print_message("Eq. 17 rows from one engine game: %zu\n", d.n);
    jong_ku_eq17_data_free(&d);
    jong_oppmodel_free(&om);
    jong_linmodel_free(&pol);
    jong_mjai_log_free(&lg);
}

/* ---- the player -------------------------------------------------------------------------- */

static void play_games(const char *spec, int games, int32_t scores[][JONG_SEATS])
{
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    rs.tonpuu = SANITIZED; /* with fewer cases (ASan, clang): East-only games; release plays hanchan */
    const char *specs[JONG_SEATS] = {spec, "greedy", spec, "greedy"};
    play_spec_games(&(jong_table){.rules = &rs, .seed = 9, .check = true}, specs, games, scores);
}

static void count_calls(void *ctx, const jong_event *ev)
{
    int *calls = ctx;
    if ((ev->type == JONG_EV_CHI || ev->type == JONG_EV_PON) && ev->actor % 2 == 0)
        (*calls)++;
}

/* k=1: chi and pon offers valued by the MDP; legal games, and some calls are made. */
static void test_player_calls(void **state)
{
    (void)state;
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    const char *k1 = SANITIZED ? "kurita:k=1,mdp=1" : "kurita:k=1";
    rs.tonpuu = SANITIZED; /* with fewer cases: an East-only game */
    const char *specs[JONG_SEATS] = {k1, "greedy", k1, "greedy"};
    int calls = 0;
    play_spec_games(&(jong_table){.rules = &rs, .seed = 5, .check = true, .sink = count_calls, .sink_ctx = &calls},
                    specs, 1, NULL);
    print_message("kurita:k=1 called %d times in one game\n", calls);
    assert_true(calls > 0);
}

/* Fake clocks for the time option: one that never moves, one that jumps 1000 ms per reading. */
static int64_t frozen_ms(void) { return 0; }
static int64_t fast_now;
static int64_t fast_ms(void) { return fast_now += 1000; }

static void play_timed(const char *spec, int64_t (*clock)(void), int32_t scores[1][JONG_SEATS])
{
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    rs.tonpuu = true;
    const char *specs[JONG_SEATS] = {spec, "greedy", "greedy", "greedy"};
    play_spec_games(&(jong_table){.rules = &rs, .seed = 21, .check = true, .now_ms = clock}, specs, 1, scores);
}

/* time=MS: with a clock that never moves the wide bound is always reached (the same game as
 * without a budget); with one that jumps, only the tight bound l = shanten is searched, which
 * plays differently here. */
static void test_player_time(void **state)
{
    (void)state;
    int32_t none[1][JONG_SEATS], frozen[1][JONG_SEATS], rushed[1][JONG_SEATS], tight[1][JONG_SEATS];
    const char *base = SANITIZED ? "kurita:mdp=1" : "kurita";
    char timed[64], tight_spec[64];
    snprintf(timed, sizeof timed, "%s%s", base, SANITIZED ? ",time=100" : ":time=100");
    snprintf(tight_spec, sizeof tight_spec, "%s", SANITIZED ? "kurita:mdp=1,l=0" : "kurita:l=0");
    play_timed(base, NULL, none);
    play_timed(timed, frozen_ms, frozen);
    assert_memory_equal(none, frozen, sizeof none);
    play_timed(timed, fast_ms, rushed);
    play_timed(tight_spec, NULL, tight); /* l=0 means l = shanten, the tight bound */
    assert_memory_equal(rushed, tight, sizeof rushed);
    if (!SANITIZED) /* the lighter ASan settings happen to play this game alike */
        assert_memory_not_equal(none, tight, sizeof none);
}

static void test_player_plays(void **state)
{
    (void)state;
    int32_t a[1][JONG_SEATS], b[2][JONG_SEATS], c[2][JONG_SEATS];
    play_games(SANITIZED ? "kurita:mdp=1" : "kurita", 1, a);
    int n = SANITIZED ? 1 : 2;
    play_games("kurita:l=1,mdp=1,fold=off,states=2000,k=0", n, b); /* the closed search */
    play_games("kurita:l=1,mdp=1,fold=off,states=2000,k=0", n, c);
    int32_t e[1][JONG_SEATS];
    play_games(SANITIZED ? "kurita:eq17=on,mdp=2,l=2" : "kurita:eq17=on", 1, e);
    assert_memory_equal(b, c, sizeof(int32_t) * JONG_SEATS * (size_t)n); /* same seed, same games */
    jong_player *p;
    jong_error err;
    assert_int_equal(jong_player_create("kurita:k=3", &p, &err), JONG_ERR_ARG);
    assert_int_equal(jong_player_create("kurita:k=one", &p, &err), JONG_ERR_ARG);
    assert_int_equal(jong_player_create("kurita:l=9", &p, &err), JONG_ERR_ARG);
    assert_int_equal(jong_player_create("kurita:l=auto+4", &p, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "auto+1..auto+3"));
    assert_int_equal(jong_player_create("kurita:l=auto+", &p, &err), JONG_ERR_ARG);
    assert_int_equal(jong_player_create("kurita:l=auto+1", &p, &err), JONG_OK);
    jong_player_free(p);
    /* more slack than by shanten (capped small here): a legal game, the same twice */
    int32_t w[2][JONG_SEATS];
    for (int run = 0; run < 2; run++)
        play_games("kurita:l=auto+1,mdp=0,states=1000", 1, &w[run]);
    assert_memory_equal(w[0], w[1], sizeof w[0]);
    assert_int_equal(jong_player_create("kurita:fold=maybe", &p, &err), JONG_ERR_ARG);
    assert_int_equal(jong_player_create("kurita:depth=3", &p, &err), JONG_ERR_ARG);
}

/* A raised stop flag: the solve gives up (valuing nothing), and the player, never getting a
 * solved set, still plays a whole legal game by its rule; with the flag down the MDP decides. */
typedef struct {
    jong_player *kurita;
    int decisions, by_mdp;
} mdp_count;

static void count_mdp(void *ctx, const jong_event *ev)
{
    mdp_count *m = ctx;
    jong_ku_info info;
    if (ev->type != JONG_EV_DISCARD || ev->actor != 0 || !jong_kurita_last_info(m->kurita, &info))
        return;
    m->decisions++;
    m->by_mdp += info.mdp;
}

static int play_stopped(bool stop)
{
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    rs.tonpuu = true;
    rs.hands = 1;
    jong_error err;
    jong_player *pl[JONG_SEATS];
    const char *specs[JONG_SEATS] = {SANITIZED ? "kurita:mdp=1" : "kurita", "greedy", "greedy", "greedy"};
    for (int s = 0; s < JONG_SEATS; s++)
        assert_int_equal(jong_player_create(specs[s], &pl[s], &err), JONG_OK);
    atomic_bool raised = stop;
    mdp_count m = {.kurita = pl[0]};
    jong_table tb = {.rules = &rs, .seed = 21, .check = true, .stop = &raised, .sink = count_mdp, .sink_ctx = &m};
    memcpy(tb.players, pl, sizeof pl);
    jong_game_result res;
    assert_int_equal(jong_table_play(&tb, &res, &err), JONG_OK);
    for (int s = 0; s < JONG_SEATS; s++)
        jong_player_free(pl[s]);
    assert_true(m.decisions > 0);
    return m.by_mdp;
}

static void test_stop_flag(void **state)
{
    (void)state;
    rh_rng r;
    rh_seed(&r, 5);
    uint8_t c14[JONG_KINDS];
    int best;
    do {
        rh_near_complete(&r, 4, 14, c14);
        best = jong_discard_shanten(c14, 4, (int[JONG_KINDS]){0}, NULL);
    } while (best < 0 || best > 1);
    jong_ku_params pr;
    jong_ku_space s;
    jong_error err;
    real_hand_space(&r, c14, best, 8, &pr, &s);
    jong_ku_result free_run, down, up;
    assert_int_equal(jong_ku_solve(&s, &pr, c14, -1, &free_run, &err), JONG_OK);
    atomic_bool flag = false;
    pr.stop = &flag;
    assert_int_equal(jong_ku_solve(&s, &pr, c14, -1, &down, &err), JONG_OK);
    assert_memory_equal(free_run.value, down.value, sizeof down.value);
    atomic_store(&flag, true);
    assert_int_not_equal(jong_ku_solve(&s, &pr, c14, -1, &up, &err), JONG_OK);
    assert_non_null(strstr(err.msg, "stopped"));
    jong_ku_space_free(&s);
    assert_true(play_stopped(false) > 0);
    assert_int_equal(play_stopped(true), 0);
}

/* jong analyze --player kurita: a player that did not follow the hand rebuilds the opponents'
 * observation from the view, so at every discard decision of a game it values each discard as
 * the player that followed every event does. */
typedef struct {
    jong_player *followed, *fresh;
    long compared;
} same_values;

static void sv_observe(jong_player *p, const jong_view *v, const jong_event *ev)
{
    same_values *c = p->state;
    c->followed->ops->observe(c->followed, v, ev);
}

static int sv_choose(jong_player *p, const jong_decision *d)
{
    same_values *c = p->state;
    jong_player_values a, b;
    jong_error err;
    bool discards = jong_player_discard_values(c->followed, d, &a, &err) == JONG_OK;
    if (discards && a.choice >= 0) {
        assert_int_equal(jong_player_discard_values(c->fresh, d, &b, &err), JONG_OK);
        assert_int_equal(a.choice, b.choice);
        for (int k = 0; k < JONG_KINDS; k++) {
            assert_int_equal(a.valued[k], b.valued[k]);
            if (a.valued[k])
                assert_close(a.value[k], b.value[k], 1e-9);
        }
        c->compared++;
    }
    return c->followed->ops->choose(c->followed, d);
}

static void sv_destroy(jong_player *p) { (void)p; }

static void test_values_without_events(void **state)
{
    (void)state;
    static const jong_player_ops ops = {sv_choose, sv_observe, sv_destroy};
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    rs.hands = SANITIZED ? 1 : 2;
    const char *spec = SANITIZED ? "kurita:mdp=1" : "kurita";
    jong_error err;
    same_values sv = {0};
    assert_int_equal(jong_player_create(spec, &sv.followed, &err), JONG_OK);
    assert_int_equal(jong_player_create(spec, &sv.fresh, &err), JONG_OK);
    jong_player wrapped = {.ops = &ops, .state = &sv};
    jong_player *pl[JONG_SEATS] = {&wrapped};
    for (int s = 1; s < JONG_SEATS; s++)
        assert_int_equal(jong_player_create("greedy", &pl[s], &err), JONG_OK);
    jong_table tb = {.rules = &rs, .seed = 13, .game_number = 0};
    memcpy(tb.players, pl, sizeof pl);
    jong_game_result res;
    assert_int_equal(jong_table_play(&tb, &res, &err), JONG_OK);
    print_message("compared the values of %ld decisions\n", sv.compared);
    assert_true(sv.compared > 10);
    jong_player_free(sv.followed);
    jong_player_free(sv.fresh);
    for (int s = 1; s < JONG_SEATS; s++)
        jong_player_free(pl[s]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fold_worked),
        cmocka_unit_test(test_fold_closed_form),
        cmocka_unit_test(test_space_bound),
        cmocka_unit_test(test_retrograde_monotone),
        cmocka_unit_test(test_retrograde_full),
        cmocka_unit_test(test_retrograde_reduced),
        cmocka_unit_test(test_record_stats),
        cmocka_unit_test(test_eq17_fit),
        cmocka_unit_test(test_eq17_rows),
        cmocka_unit_test(test_player_plays),
        cmocka_unit_test(test_player_calls),
        cmocka_unit_test(test_player_time),
        cmocka_unit_test(test_stop_flag),
        cmocka_unit_test(test_values_without_events),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
