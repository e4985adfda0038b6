/* The discard analysis's exact method (analysis_sim.h, method auto) against slow obvious
 * references written from the header's text with the plain evaluator and scoring calls (no code
 * shared with the library's dynamic programming):
 * - the model reference: every draw sequence of a short wall under the model's draw chances,
 *   today's policy played move by move, and for the optimal policies a brute force that tries
 *   every allowed choice at every draw (throw, keep with each allowed discard, riichi or not);
 *   every exact row must equal it to 1e-9;
 * - ready rows against the true chances (every ordering of the wall, in test_analysis_sim.c's
 *   way): the model is exact there;
 * - today's simulator on many seeded random hands: each exact figure inside the simulated row's
 *   interval widened to 5 standard errors (fixed seeds: the test cannot flicker). */
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
#include "support/parse_or_fail.h"
#include "support/random_hands.h"
#include "support/sanitized.h"
#include "support/selfdraw_points.h"

static void run(const jong_analysis_input *in, jong_analysis_result *out)
{
    jong_error err;
    jong_error_clear(&err);
    if (jong_analysis_run(in, out, &err) != JONG_OK)
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

/* ---- the model reference ------------------------------------------------------------------ */

typedef struct {
    const jong_analysis_input *in;
    jong_ruleset rs;
    jong_variant v;
    jong_forms forms;
    uint8_t pool[JONG_KINDS], meld[JONG_KINDS];
    int U, D;
    bool closed;
    int bound; /* exchanges: e(H) + s(H) at most this (the header), -1 = forward only */
} mref;

typedef struct {
    double tenpai, win, points;
} mval;

static bool m_score(const mref *m, const jong_hand *h13, int k, bool riichi, bool ippatsu, int ura, double *pts)
{
    int p;
    if (!selfdraw_points(&m->rs, m->v, m->in, h13, k, riichi, ippatsu, ura, &p))
        return false;
    *pts = p;
    return true;
}

/* The model's unseen copies: the pool less what the hand holds beyond the 14 tiles it started from. */
static void m_unseen(const mref *m, const uint8_t *counts, uint8_t *r)
{
    for (int k = 0; k < JONG_KINDS; k++) {
        int extra = counts[k] - m->in->hand.counts[k];
        r[k] = (uint8_t)(m->pool[k] - (extra > 0 ? extra : 0));
    }
}

/* Discard one tile of kind d: a plain copy while there is one (the header: a red five is kept). */
static void m_discard(jong_hand *h, int d)
{
    h->counts[d]--;
    if (d < JONG_NUMBER_KINDS && d % 9 == 4 && h->red[d / 9] > h->counts[d])
        h->red[d / 9] = h->counts[d];
}

static int shanten(const mref *m, const jong_hand *h)
{
    return jong_hand_shanten(h, m->v, m->forms, NULL);
}

/* The effective copies of h13 (all forms) weighted by the model's unseen copies r. */
static int m_ukeire(const mref *m, const jong_hand *h13, const uint8_t *r)
{
    uint8_t seen[JONG_KINDS];
    for (int k = 0; k < JONG_KINDS; k++)
        seen[k] = (uint8_t)(4 - h13->counts[k] - m->meld[k] - r[k]);
    jong_ukeire u;
    jong_effective_tiles(h13, m->v, m->forms, seen, &u);
    return u.total;
}

/* Today's policy's discard from h14 (its draw lowered the shanten), written as the header says. */
static int m_policy_discard(const mref *m, const jong_hand *h14, const uint8_t *r)
{
    int all[JONG_KINDS], std[JONG_KINDS], best = 99;
    jong_hand t = *h14;
    for (int d = 0; d < JONG_KINDS; d++) {
        all[d] = std[d] = 99;
        if (!t.counts[d])
            continue;
        t.counts[d]--;
        all[d] = shanten(m, &t);
        std[d] = jong_hand_shanten(&t, m->v, JONG_FORMS_STANDARD, NULL);
        t.counts[d]++;
        if (all[d] < best)
            best = all[d];
    }
    bool by_std = false;
    for (int d = 0; d < JONG_KINDS; d++)
        by_std |= std[d] == best;
    int pick = -1, most = -1;
    for (int d = JONG_KINDS - 1; d >= 0; d--) {
        if (by_std ? std[d] != best : all[d] != best)
            continue;
        jong_hand h13 = *h14;
        h13.counts[d]--;
        uint8_t seen[JONG_KINDS];
        for (int k = 0; k < JONG_KINDS; k++)
            seen[k] = (uint8_t)(4 - h13.counts[k] - (k == d) - m->meld[k] - r[k]);
        jong_ukeire u;
        jong_effective_tiles(&h13, m->v, by_std ? JONG_FORMS_STANDARD : m->forms, seen, &u);
        if (u.total > most) {
            most = u.total;
            pick = d;
        }
    }
    return pick;
}

static bool m_better(jong_analysis_policy p, const mval *a, const mval *b)
{
    double a1 = p == JONG_ANALYSIS_POLICY_WIN ? a->win : a->points;
    double b1 = p == JONG_ANALYSIS_POLICY_WIN ? b->win : b->points;
    double a2 = p == JONG_ANALYSIS_POLICY_WIN ? a->points : a->win;
    double b2 = p == JONG_ANALYSIS_POLICY_WIN ? b->points : b->win;
    /* figures equal but for rounding (the same chance summed in another order, common once
     * exchanges open many ways to a hand) are a tie, so that the choice does not hang on it */
    double e1 = 1e-12 * (fabs(a1) + fabs(b1)), e2 = 1e-12 * (fabs(a2) + fabs(b2));
    if (fabs(a1 - b1) > e1)
        return a1 > b1;
    if (fabs(a2 - b2) > e2)
        return a2 > b2;
    return a->tenpai > b->tenpai + 1e-12;
}

static mval m_value(const mref *m, const jong_hand *h, int t, bool riichi, bool ippatsu);

/* Exchanges: h2 (3N+1 tiles) within the bound, its tiles beyond the 14 it started from counted. */
static bool m_within(const mref *m, const jong_hand *h2)
{
    if (m->bound < 0)
        return false;
    int e = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        e += h2->counts[k] > m->in->hand.counts[k] ? h2->counts[k] - m->in->hand.counts[k] : 0;
    return e + shanten(m, h2) <= m->bound;
}

/* The value of keeping a draw that leaves h2 with t draws made: riichi or not, as the policy may. */
static mval m_keep(const mref *m, const jong_hand *h2, int t, jong_analysis_policy p, const mval *best_so_far)
{
    bool can_riichi = m->v == JONG_VARIANT_RIICHI && m->closed && shanten(m, h2) == 0 && t < m->D;
    mval plain = m_value(m, h2, t, false, false);
    if (!can_riichi)
        return plain;
    mval ri = m_value(m, h2, t, true, true);
    if (p == JONG_ANALYSIS_POLICY_LOWER)
        return ri;
    (void)best_so_far;
    return m_better(p, &ri, &plain) ? ri : plain;
}

/* The figures of hand h (3N+1 tiles) with t draws made, by every draw the model allows. */
static mval m_value(const mref *m, const jong_hand *h, int t, bool riichi, bool ippatsu)
{
    jong_analysis_policy p = m->in->policy;
    int s = shanten(m, h);
    mval out = {s == 0, 0, 0};
    if (t == m->D)
        return out;
    uint8_t r[JONG_KINDS];
    m_unseen(m, h->counts, r);
    /* the protected kinds: those that win when ready, else those that lower the shanten */
    bool prot[JONG_KINDS], wins[JONG_KINDS];
    double rp = 0, rn = 0;
    for (int k = 0; k < JONG_KINDS; k++) {
        prot[k] = wins[k] = false;
        if (!r[k])
            continue;
        jong_hand hk = *h;
        hk.counts[k]++;
        double pts;
        if (s == 0) {
            wins[k] = jong_is_complete(&hk, m->v, m->forms) && m_score(m, h, k, riichi, false, 0, &pts);
            prot[k] = wins[k];
        } else {
            for (int d = 0; d < JONG_KINDS && !prot[k]; d++) {
                if (!hk.counts[d])
                    continue;
                hk.counts[d]--;
                prot[k] = shanten(m, &hk) < s;
                hk.counts[d]++;
            }
        }
        if (prot[k])
            rp += r[k];
        else
            rn += r[k];
    }
    double left = m->U - t;
    mval stay = m_value(m, h, t + 1, riichi, false);
    double rest = 1;
    mval acc = {0, 0, 0};
    for (int k = 0; k < JONG_KINDS; k++) {
        if (!r[k])
            continue;
        double q = prot[k] ? r[k] / fmax(rp, left) : (rn > 0 && left > rp ? r[k] * (1 - rp / left) / rn : 0);
        if (q <= 0)
            continue;
        rest -= q;
        mval v = stay;
        if (wins[k]) {
            double pts = 0;
            if (riichi) {
                /* the ura indicator among the tiles left, the model's way */
                double share = rn > 0 && left > rp ? (left - rp) / rn : 0, total = 0;
                for (int j = 0; j < JONG_KINDS; j++) {
                    double rem = prot[j] ? r[j] - (j == k) : r[j] * share;
                    double pj = 0;
                    if (rem <= 0)
                        continue;
                    assert_true(m_score(m, h, k, true, ippatsu, j, &pj));
                    pts += rem * pj;
                    total += rem;
                }
                pts /= total;
            } else {
                assert_true(m_score(m, h, k, false, false, -1, &pts));
            }
            v.tenpai = v.win = 1;
            v.points = pts;
        } else if (!riichi) {
            jong_hand hk = *h;
            hk.counts[k]++;
            uint8_t w[JONG_KINDS];
            m_unseen(m, hk.counts, w);
            if (p == JONG_ANALYSIS_POLICY_LOWER) {
                if (prot[k]) {
                    m_discard(&hk, m_policy_discard(m, &hk, w));
                    v = m_keep(m, &hk, t + 1, p, NULL);
                }
            } else {
                /* every allowed choice: lowering, any discard of least shanten; ready, a discard
                 * that keeps it ready on more copies than the draw's; with exchanges, any discard
                 * that leaves a hand within the bound */
                int sh[JONG_KINDS], least = 99;
                for (int d = 0; d < JONG_KINDS; d++) {
                    sh[d] = 99;
                    if (!hk.counts[d])
                        continue;
                    hk.counts[d]--;
                    sh[d] = shanten(m, &hk);
                    hk.counts[d]++;
                    if (sh[d] < least)
                        least = sh[d];
                }
                jong_hand back = *h;
                int base = m_ukeire(m, &back, w);
                for (int d = 0; d < JONG_KINDS; d++) {
                    if (!hk.counts[d] || d == k)
                        continue;
                    jong_hand h2 = hk;
                    m_discard(&h2, d);
                    bool forward = sh[d] == least && least <= s && !(least == s && s > 0) &&
                                   !(least == s && m_ukeire(m, &h2, w) <= base);
                    if (!forward && !m_within(m, &h2))
                        continue;
                    mval c = m_keep(m, &h2, t + 1, p, &v);
                    if (m_better(p, &c, &v))
                        v = c;
                }
            }
        }
        acc.tenpai += q * v.tenpai;
        acc.win += q * v.win;
        acc.points += q * v.points;
    }
    acc.tenpai += rest * stay.tenpai;
    acc.win += rest * stay.win;
    acc.points += rest * stay.points;
    if (s == 0)
        acc.tenpai = 1;
    return acc;
}

/* The reference's figures of the row discarding kind d. */
static mval m_row(const jong_analysis_input *in, int d, bool *riichi)
{
    mref m;
    memset(&m, 0, sizeof m);
    m.in = in;
    m.v = in->variant;
    jong_ruleset_default(&m.rs, m.v);
    m.forms = jong_variant_forms(m.v);
    jong_hand_meld_counts(&in->hand, m.meld);
    m.closed = true;
    for (int i = 0; i < in->hand.nmelds; i++)
        m.closed &= in->hand.melds[i].type == JONG_MELD_CONCEALED_KONG;
    for (int k = 0; k < JONG_KINDS; k++) {
        int vis = in->seen[k];
        for (int i = 0; i < in->ndora; i++)
            vis += in->dora[i] == k;
        m.pool[k] = (uint8_t)(4 - in->hand.counts[k] - m.meld[k] - vis);
        m.U += m.pool[k];
    }
    m.D = in->draws < m.U - 1 ? in->draws : m.U - 1;
    m.bound = -1;
    if (in->exchanges > 0) {
        int s14 = 99;
        for (int k = 0; k < JONG_KINDS; k++) {
            jong_hand t = in->hand;
            if (!t.counts[k])
                continue;
            m_discard(&t, k);
            int st = shanten(&m, &t);
            s14 = st < s14 ? st : s14;
        }
        m.bound = s14 + in->exchanges < m.D - 1 ? s14 + in->exchanges : m.D - 1;
    }
    jong_hand h = in->hand;
    m_discard(&h, d);
    *riichi = false;
    mval plain = m_value(&m, &h, 0, false, false);
    if (!(m.v == JONG_VARIANT_RIICHI && m.closed && shanten(&m, &h) == 0 && m.D >= 1))
        return plain;
    mval ri = m_value(&m, &h, 0, true, true);
    if (in->policy == JONG_ANALYSIS_POLICY_LOWER || m_better(in->policy, &ri, &plain)) {
        *riichi = true;
        return ri;
    }
    return plain;
}

static bool close_to(double a, double b)
{
    return fabs(a - b) <= 1e-9 * fmax(1, fabs(b));
}

/* Every exact row of the table against the model reference, for each policy, the optimal ones
 * forward only and with exchanges (within 1, and all). */
static void check_model(jong_analysis_input *in)
{
    static const int exchanges[] = {0, 0, 0, 1, 1, JONG_ANALYSIS_EXCHANGES_ALL, JONG_ANALYSIS_EXCHANGES_ALL};
    for (int c = 0; c < 7; c++) {
        int p = c < 3 ? c : c % 2 ? JONG_ANALYSIS_POLICY_WIN : JONG_ANALYSIS_POLICY_POINTS;
        in->policy = (jong_analysis_policy)p;
        in->exchanges = exchanges[c];
        jong_analysis_result r;
        run(in, &r);
        int exact = 0;
        for (int i = 0; i < r.nrows; i++) {
            const jong_analysis_row *row = &r.rows[i];
            if (!row->exact)
                continue;
            exact++;
            bool riichi;
            mval v = m_row(in, row->discard, &riichi);
            if (!close_to(row->tenpai.value, v.tenpai) || !close_to(row->win.value, v.win) ||
                !close_to(row->points.value, v.points) || row->riichi != riichi)
                fail_msg("policy %d exchanges %d, row %s: tenpai %.12f/%.12f win %.12f/%.12f points %.9f/%.9f riichi %d/%d", p,
                         in->exchanges, jong_kind_name(row->discard, JONG_STYLE_COMPACT), row->tenpai.value, v.tenpai, row->win.value,
                         v.win, row->points.value, v.points, row->riichi, riichi);
            assert_int_equal(row->policy, p);
        }
        assert_true(exact == r.nrows);
        assert_int_equal(r.exchanges, in->exchanges);
    }
    in->exchanges = 0;
}

static void test_model_riichi(void **state)
{
    (void)state;
    jong_analysis_input in;
    jong_analysis_input_init(&in, JONG_VARIANT_RIICHI);
    /* ready, one and two shanten rows, riichi with ippatsu and ura */
    in.hand = hand_of("234m456p78s13s55m1z9p");
    in.ndora = 1;
    in.dora[0] = (uint8_t)kind_of("4s");
    in.draws = 3;
    short_wall(&in, "6s9s2s2s1z3m5p8p");
    check_model(&in);
    /* a ready hand with a choice of waits, and a bad one: riichi or dama, widen or not */
    in.hand = hand_of("234m456p789s24688s");
    in.ndora = 0;
    in.draws = 3;
    short_wall(&in, "3s5s7s1z2z8s9m");
    check_model(&in);
    /* the optimal policies do better than today's on some row here (the test above is not
     * only of today's policy), and never worse */
    jong_analysis_result lower, best;
    in.policy = JONG_ANALYSIS_POLICY_LOWER;
    run(&in, &lower);
    in.policy = JONG_ANALYSIS_POLICY_POINTS;
    run(&in, &best);
    bool gained = false;
    for (int i = 0; i < lower.nrows; i++)
        for (int j = 0; j < best.nrows; j++)
            if (best.rows[j].discard == lower.rows[i].discard) {
                assert_true(best.rows[j].points.value >= lower.rows[i].points.value - 1e-9);
                gained |= best.rows[j].points.value > lower.rows[i].points.value + 1e-6;
            }
    assert_true(gained);
}

/* A red five in the hand (aka dora in the points; kept over a plain five when one goes) and a
 * dora indicator, for the three policies. */
static void test_model_red_five(void **state)
{
    (void)state;
    jong_analysis_input in;
    jong_analysis_input_init(&in, JONG_VARIANT_RIICHI);
    in.hand = hand_of("234m055p789s13s7z2z5p");
    in.ndora = 1;
    in.dora[0] = (uint8_t)kind_of("1s");
    in.draws = 3;
    short_wall(&in, "2s2s4p6p1z2z3s");
    assert_int_equal(in.hand.red[1], 1);
    check_model(&in);
}

static void test_model_open_and_pairs(void **state)
{
    (void)state;
    jong_analysis_input in;
    jong_analysis_input_init(&in, JONG_VARIANT_RIICHI);
    /* open (no riichi; wins need a yaku) */
    in.hand = hand_of("23m456p78s11z5m9s [222z]");
    in.draws = 3;
    short_wall(&in, "6s9s1m4m1z7z5m");
    check_model(&in);
    /* seven pairs in reach */
    jong_analysis_input cp;
    jong_analysis_input_init(&cp, JONG_VARIANT_RIICHI);
    cp.hand = hand_of("1199m2288p4466s1z7z");
    cp.draws = 3;
    short_wall(&cp, "1z7z3m5p9s4s");
    check_model(&cp);
}

static void test_model_taiwan(void **state)
{
    (void)state;
    jong_analysis_input tw;
    jong_analysis_input_init(&tw, JONG_VARIANT_TAIWAN);
    tw.hand = hand_of("123m456m78m345p567p55sE");
    tw.draws = 3;
    short_wall(&tw, "6m9m1s3s5sE7p");
    check_model(&tw);
}

/* ---- exchanges: more choices never do worse ------------------------------------------------- */

/* Each row of `more` (exact) at least as good as the same row of `less` for the policy's figure;
 * true when better on some row. */
static bool no_worse(const jong_analysis_result *less, const jong_analysis_result *more, jong_analysis_policy p)
{
    bool gained = false;
    for (int i = 0; i < more->nrows; i++)
        for (int j = 0; j < less->nrows; j++) {
            const jong_analysis_row *a = &less->rows[j], *b = &more->rows[i];
            if (a->discard != b->discard || !a->exact || !b->exact)
                continue;
            double fa = p == JONG_ANALYSIS_POLICY_WIN ? a->win.value : a->points.value;
            double fb = p == JONG_ANALYSIS_POLICY_WIN ? b->win.value : b->points.value;
            assert_true(fb >= fa - 1e-9 * fmax(1, fa));
            gained |= fb > fa + 1e-6 * fmax(1, fa);
        }
    return gained;
}

/* Forward only, within 1 exchange, all: each a superset of the choices before, so never worse,
 * and better on some row of these short walls (a sideways exchange to a better wait; a row that
 * threw a needed tile winning again by exchanges); bad settings refused. */
static void test_exchanges(void **state)
{
    (void)state;
    jong_analysis_input a, b;
    jong_analysis_input_init(&a, JONG_VARIANT_RIICHI);
    a.hand = hand_of("234m456p78s13s55m1z9p");
    a.draws = 3;
    short_wall(&a, "6s9s2s2s1z3m5p8p");
    jong_analysis_input_init(&b, JONG_VARIANT_RIICHI);
    b.hand = hand_of("234m456p789s24688s");
    b.draws = 3;
    short_wall(&b, "3s5s7s1z2z8s9m");
    static const int steps[] = {0, 1, JONG_ANALYSIS_EXCHANGES_ALL};
    bool gained[2][2] = {{false, false}, {false, false}};
    for (int p = JONG_ANALYSIS_POLICY_WIN; p <= JONG_ANALYSIS_POLICY_POINTS; p++)
        for (int h = 0; h < 2; h++) {
            jong_analysis_input *in = h ? &b : &a;
            in->policy = (jong_analysis_policy)p;
            jong_analysis_result r[3];
            for (int i = 0; i < 3; i++) {
                in->exchanges = steps[i];
                run(in, &r[i]);
            }
            gained[h][0] |= no_worse(&r[0], &r[1], in->policy);
            gained[h][1] |= no_worse(&r[1], &r[2], in->policy);
        }
    assert_true(gained[0][0]); /* 9p: within 1 exchange beats forward only */
    assert_true(gained[1][1]); /* the rows that broke the ready shape: only all exchanges mend them */
    jong_error err;
    jong_analysis_result r;
    a.exchanges = JONG_ANALYSIS_EXCHANGES_ALL + 1;
    assert_int_equal(jong_analysis_run(&a, &r, &err), JONG_ERR_ARG);
    a.exchanges = 1;
    a.policy = JONG_ANALYSIS_POLICY_LOWER;
    assert_int_equal(jong_analysis_run(&a, &r, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "exchanges need the policy win or points"));
}

/* On seeded random hands at a real wall's length, within 1 exchange never loses to forward only
 * on a row both compute exactly. */
static void test_exchanges_random(void **state)
{
    (void)state;
    for (int i = 0; i < (SANITIZED ? 2 : 6); i++) {
        rh_rng rng;
        rh_seed(&rng, 3000 + (uint64_t)i);
        jong_analysis_input in;
        jong_analysis_input_init(&in, JONG_VARIANT_RIICHI);
        rh_uniform(&rng, 14, in.hand.counts);
        in.draws = 8;
        in.sims = 100;
        in.reach = 2;
        in.policy = JONG_ANALYSIS_POLICY_POINTS;
        jong_analysis_result fwd, ex;
        run(&in, &fwd);
        in.exchanges = 1;
        run(&in, &ex);
        no_worse(&fwd, &ex, in.policy);
    }
}

/* ---- the reach and the cap on hands held ------------------------------------------------------ */

/* Rows past the reach, or whose hands would pass max_states, are simulated with today's policy
 * and say so; the rows kept exact have the figures they have without the cap (a row that
 * passed it left nothing behind), and bad settings are refused. */
static void test_reach_and_cap(void **state)
{
    (void)state;
    jong_analysis_input in;
    jong_analysis_input_init(&in, JONG_VARIANT_RIICHI);
    in.hand = hand_of("12368m2478p3569s1z"); /* 3-shanten rows (exact) and 4-shanten ones */
    in.draws = 8;
    in.sims = 200;
    in.policy = JONG_ANALYSIS_POLICY_POINTS;
    jong_analysis_result full, capped;
    run(&in, &full);
    assert_int_equal(full.reach, JONG_ANALYSIS_REACH_OPTIMAL);
    int exact_full = 0;
    for (int i = 0; i < full.nrows; i++) {
        const jong_analysis_row *r = &full.rows[i];
        assert_true(r->exact == (r->shanten <= JONG_ANALYSIS_REACH_OPTIMAL));
        assert_int_equal(r->policy, r->exact ? JONG_ANALYSIS_POLICY_POINTS : JONG_ANALYSIS_POLICY_LOWER);
        assert_true(r->exact || r->samples == 200);
        exact_full += r->exact;
    }
    assert_true(exact_full > 0 && exact_full < full.nrows);
    /* caps from a tenth of the hands up: each keeps some first rows exact (with the figures they
     * have without a cap: a row that passed the cap left nothing behind) and simulates the rest;
     * some cap must split the rows */
    bool split = false;
    for (int tenth = 1; tenth <= 9; tenth++) {
        in.max_states = full.states * tenth / 10;
        run(&in, &capped);
        assert_true(capped.states <= in.max_states);
        int exact_capped = 0;
        for (int i = 0; i < capped.nrows; i++) {
            const jong_analysis_row *r = &capped.rows[i];
            if (!r->exact) {
                assert_int_equal(r->policy, JONG_ANALYSIS_POLICY_LOWER);
                continue;
            }
            exact_capped++;
            for (int j = 0; j < full.nrows; j++)
                if (full.rows[j].discard == r->discard) {
                    assert_true(full.rows[j].exact);
                    assert_true(close_to(r->win.value, full.rows[j].win.value));
                    assert_true(close_to(r->points.value, full.rows[j].points.value));
                    assert_true(close_to(r->tenpai.value, full.rows[j].tenpai.value));
                }
        }
        split |= exact_capped > 0 && exact_capped < exact_full;
    }
    assert_true(split);
    in.max_states = 0;
    jong_error err;
    jong_analysis_result r;
    in.max_states = -1;
    assert_int_equal(jong_analysis_run(&in, &r, &err), JONG_ERR_ARG);
    in.max_states = 0;
    in.reach = JONG_ANALYSIS_MAX_REACH + 1;
    assert_int_equal(jong_analysis_run(&in, &r, &err), JONG_ERR_ARG);
    in.reach = 0;
    in.policy = (jong_analysis_policy)7;
    assert_int_equal(jong_analysis_run(&in, &r, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "policy"));
    in.policy = JONG_ANALYSIS_POLICY_WIN;
    in.method = JONG_ANALYSIS_METHOD_SIMULATE;
    assert_int_equal(jong_analysis_run(&in, &r, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "only the policy lower"));
}

/* ---- against today's simulator on random hands -------------------------------------------- */

/* Every exact row of seeded random hands inside the simulated row's interval widened to 5
 * standard errors: the model's one approximation (the thrown draws' kinds) stays below the
 * simulations' noise. */
static void check_against_simulator(jong_variant v, int n, uint64_t seed0)
{
    long checked = 0;
    for (int i = 0; i < n; i++) {
        rh_rng rng;
        rh_seed(&rng, seed0 + (uint64_t)i);
        jong_analysis_input in;
        jong_analysis_input_init(&in, v);
        rh_uniform(&rng, v == JONG_VARIANT_RIICHI ? 14 : 17, in.hand.counts);
        in.draws = 6 + (int)rh_below(&rng, 7);
        if (v == JONG_VARIANT_RIICHI) {
            in.ndora = 1;
            do
                in.dora[0] = (uint8_t)rh_below(&rng, JONG_KINDS);
            while (in.hand.counts[in.dora[0]] == 4);
        }
        in.seed = seed0 + (uint64_t)i;
        in.sims = SANITIZED ? 1000 : 3000;
        jong_analysis_result ex, sim;
        run(&in, &ex);
        in.method = JONG_ANALYSIS_METHOD_SIMULATE;
        run(&in, &sim);
        for (int a = 0; a < ex.nrows; a++) {
            const jong_analysis_row *e = &ex.rows[a];
            const jong_analysis_row *s = NULL;
            for (int b = 0; b < sim.nrows; b++)
                if (sim.rows[b].discard == e->discard)
                    s = &sim.rows[b];
            assert_non_null(s);
            if (!e->exact || s->exact)
                continue;
            /* standard errors under the hypothesis that the exact figure is the mean (a rare
             * win seen once or never would understate them), the simulated one if larger */
            double m = (double)s->samples;
            double se_t = sqrt(fmax(e->tenpai.value * (1 - e->tenpai.value), 1e-4) / m);
            double se_w = sqrt(fmax(e->win.value * (1 - e->win.value), 1e-4) / m);
            double se_p = fmax((s->points.hi - s->points.value) / 1.96, e->points_per_win * sqrt(e->win.value / m));
            double half = 5 * se_p;
            if (fabs(e->tenpai.value - s->tenpai.value) > 5 * se_t || fabs(e->win.value - s->win.value) > 5 * se_w ||
                fabs(e->points.value - s->points.value) > half + 1)
                fail_msg("hand %d row %s: tenpai %.4f/%.4f win %.4f/%.4f points %.1f/%.1f (+-%.1f)", i,
                         jong_kind_name(e->discard, JONG_STYLE_COMPACT), e->tenpai.value, s->tenpai.value,
                         e->win.value, s->win.value, e->points.value, s->points.value, half);
            checked++;
        }
    }
    assert_true(checked > n);
}

static void test_simulator_riichi(void **state)
{
    (void)state;
    check_against_simulator(JONG_VARIANT_RIICHI, SANITIZED ? 6 : 40, 1000);
}

static void test_simulator_taiwan(void **state)
{
    (void)state;
    check_against_simulator(JONG_VARIANT_TAIWAN, SANITIZED ? 3 : 15, 2000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_model_riichi),
        cmocka_unit_test(test_model_red_five),
        cmocka_unit_test(test_model_open_and_pairs),
        cmocka_unit_test(test_model_taiwan),
        cmocka_unit_test(test_exchanges),
        cmocka_unit_test(test_exchanges_random),
        cmocka_unit_test(test_reach_and_cap),
        cmocka_unit_test(test_simulator_riichi),
        cmocka_unit_test(test_simulator_taiwan),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
