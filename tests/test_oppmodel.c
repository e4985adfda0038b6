/* The opponent models' observation tracker and features on a hand-made hand: rivers with
 * tedashi/tsumogiri and the riichi discard, a pon with a red five, the visible tiles, the dora,
 * furiten after riichi, the true waits that label the data, the exact feature lists of Table I for
 * a riichi seat, blocks of Tables III and V, errors on inconsistent input, the engine-event path,
 * and LP/EL (Eqs. 8, 9) from hand-set weights. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jong/jong.h"
#include "models/learn.h"
#include "models/oppmodel.h"
#include "jong/table.h"
#include "support/sanitized.h"
#include "support/spec_games.h"

static int code_of(const char *t) /* "5m", "0m" (red), "7z" */
{
    int r = t[0] - '0', s = t[1] == 'm' ? 0 : t[1] == 'p' ? 1 : t[1] == 's' ? 2 : 3;
    if (r == 0)
        return JONG_CODE_RED_BASE + s;
    return s * 9 + r - 1;
}

static void codes_of(const char *text, uint8_t out[13]) /* "1m2m3m..." 13 tiles */
{
    for (int i = 0; i < 13; i++)
        out[i] = (uint8_t)code_of(text + 2 * i);
}

static bool has(const uint32_t *x, int n, uint32_t want)
{
    for (int i = 0; i < n; i++)
        if (x[i] == want)
            return true;
    return false;
}

static void sorted_below(const uint32_t *x, int n, uint32_t dim)
{
    for (int i = 0; i < n; i++) {
        assert_true(x[i] < dim);
        if (i)
            assert_true(x[i - 1] < x[i]);
    }
}

/* The hand: dealer 0, dora indicator 4m (dora 5m). Seat 1 knows nothing hidden of seat 2. */
static void play(jong_opp_obs *o)
{
    uint8_t t[4][13];
    codes_of("1s1s2s3s4s5s6s7s8s9s1p1p1p", t[0]);
    codes_of("2m3m4p5p6p7s8s9s1z1z5z5z9m", t[1]);
    memset(t[2], JONG_HIDDEN, 13);
    codes_of("0m5m1m2m3m7p8p9p2z2z3z3z4z", t[3]);
    jong_error err;
    assert_int_equal(jong_opp_obs_start(o, 0, 0, 0, 0, 0, code_of("4m"), (const uint8_t (*)[13])t, &err), JONG_OK);
#define OK(x) assert_int_equal((x), JONG_OK)
    OK(jong_opp_obs_draw(o, 0, code_of("9p"), &err));
    OK(jong_opp_obs_discard(o, 0, code_of("9p"), true, &err));
    OK(jong_opp_obs_draw(o, 1, code_of("7z"), &err));
    OK(jong_opp_obs_discard(o, 1, code_of("7z"), true, &err));
    OK(jong_opp_obs_draw(o, 2, JONG_HIDDEN, &err));
    OK(jong_opp_obs_discard(o, 2, code_of("1z"), false, &err));
    OK(jong_opp_obs_draw(o, 3, code_of("6s"), &err));
    OK(jong_opp_obs_discard(o, 3, code_of("6s"), true, &err));
    OK(jong_opp_obs_draw(o, 0, code_of("8p"), &err));
    OK(jong_opp_obs_discard(o, 0, code_of("8p"), true, &err));
    OK(jong_opp_obs_draw(o, 1, code_of("4m"), &err));
    OK(jong_opp_obs_discard(o, 1, code_of("9m"), false, &err)); /* tenpai on 1z/5z */
    OK(jong_opp_obs_draw(o, 2, JONG_HIDDEN, &err));
    OK(jong_opp_obs_discard(o, 2, code_of("2p"), false, &err));
    OK(jong_opp_obs_draw(o, 3, code_of("9s"), &err));
    OK(jong_opp_obs_discard(o, 3, code_of("4z"), false, &err));
    OK(jong_opp_obs_draw(o, 0, code_of("7p"), &err));
    OK(jong_opp_obs_discard(o, 0, code_of("7p"), true, &err));
    OK(jong_opp_obs_draw(o, 1, code_of("6z"), &err));
    OK(jong_opp_obs_riichi(o, 1, &err));
    OK(jong_opp_obs_discard(o, 1, code_of("6z"), true, &err));
    OK(jong_opp_obs_draw(o, 2, JONG_HIDDEN, &err));
    OK(jong_opp_obs_discard(o, 2, code_of("5m"), false, &err));
    uint8_t fives[2] = {(uint8_t)code_of("0m"), (uint8_t)code_of("5m")};
    OK(jong_opp_obs_call(o, JONG_EV_PON, 3, 2, code_of("5m"), fives, 2, &err));
    OK(jong_opp_obs_discard(o, 3, code_of("9s"), false, &err));
}

static void test_tracker(void **state)
{
    (void)state;
    jong_opp_obs o;
    play(&o);
    const jong_opp_seat *s1 = &o.seats[1];
    assert_int_equal(s1->ndiscards, 3);
    assert_int_equal(s1->river[0].tile, code_of("7z"));
    assert_int_equal(s1->river[0].tedashi, 0);
    assert_int_equal(s1->river[1].tile, code_of("9m"));
    assert_int_equal(s1->river[1].tedashi, 1);
    assert_int_equal(s1->river[2].riichi, 1);
    assert_int_equal(s1->river[1].turn, 1);
    assert_int_equal(s1->river[2].seq, 9);
    assert_true(s1->riichi);
    assert_int_equal(s1->riichi_at, 2);
    assert_true(o.seats[2].river[2].called);
    assert_int_equal(o.seats[3].nmelds, 1);
    assert_int_equal(o.seats[3].melds[0].type, JONG_MELD_PUNG);
    assert_int_equal(o.seats[3].melds[0].tile, 4);
    assert_int_equal(o.seats[3].melds[0].red, 1);
    assert_int_equal(o.shown[4], 3);          /* 5m: the discard and the two from the hand */
    assert_int_equal(o.shown[code_of("4m")], 1); /* the indicator */
    assert_int_equal(o.shown[code_of("9s")], 1);
    assert_int_equal(o.wall_left, 70 - 11);
    assert_int_equal(jong_opp_true_waits(&o, 1), (1ull << JONG_E) | (1ull << JONG_P));
    /* seat 0: 11s 23456789s 111p waits on 1s, 4s, 7s */
    assert_int_equal(jong_opp_true_waits(&o, 0), (1ull << 18) | (1ull << 21) | (1ull << 24));
    assert_int_equal(jong_opp_true_waits(&o, 2), 0); /* not known */
    /* furiten: own river always, after riichi anything discarded since */
    assert_false(jong_opp_can_ron(&o, 1, code_of("9m")));
    assert_false(jong_opp_can_ron(&o, 1, code_of("5m")));  /* seat 2's discard after the riichi */
    assert_true(jong_opp_can_ron(&o, 1, code_of("2p")));  /* seat 2 discarded 2p before the riichi */
    assert_true(jong_opp_can_ron(&o, 1, code_of("1z")));  /* seat 2's 1z came before the riichi */
    assert_true(jong_opp_can_ron(&o, 2, code_of("9m")));
    uint8_t dora[JONG_KINDS];
    jong_opp_dora_kinds(&o, dora);
    assert_int_equal(dora[4], 1);
    jong_error err;
    assert_int_equal(jong_opp_obs_dora(&o, code_of("9m"), &err), JONG_OK);
    assert_int_equal(jong_opp_obs_dora(&o, code_of("4z"), &err), JONG_OK);
    assert_int_equal(jong_opp_obs_dora(&o, code_of("7z"), &err), JONG_OK);
    assert_int_equal(jong_opp_obs_dora(&o, code_of("4m"), &err), JONG_OK);
    jong_opp_dora_kinds(&o, dora);
    assert_int_equal(dora[0], 1);       /* after 9m comes 1m */
    assert_int_equal(dora[JONG_E], 1);  /* after North comes East */
    assert_int_equal(dora[JONG_P], 1);  /* after red dragon comes white */
    assert_int_equal(dora[4], 2);
    assert_int_equal(jong_opp_obs_dora(&o, code_of("1m"), &err), JONG_ERR_ARG); /* a sixth */
}

static void test_tracker_errors(void **state)
{
    (void)state;
    jong_opp_obs o;
    play(&o);
    jong_error err;
    assert_int_equal(jong_opp_obs_discard(&o, 3, code_of("9m"), false, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "seat 3"));
    uint8_t two[2] = {(uint8_t)code_of("2z"), (uint8_t)code_of("2z")};
    assert_int_equal(jong_opp_obs_call(&o, JONG_EV_PON, 3, 1, code_of("2z"), two, 2, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "last discard"));
    assert_int_equal(jong_opp_obs_riichi(&o, 1, &err), JONG_ERR_ARG);
    assert_int_equal(jong_opp_obs_draw(&o, 4, 0, &err), JONG_ERR_ARG);
    assert_int_equal(jong_opp_obs_discard(&o, 0, 77, false, &err), JONG_ERR_ARG);
    uint8_t k[1] = {(uint8_t)code_of("2z")};
    assert_int_equal(jong_opp_obs_call(&o, JONG_EV_ADDED_KONG, 3, -1, code_of("2z"), k, 1, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "no pon"));
}

/* Table I for seat 1 after its riichi discard: every feature, worked out by hand. */
static void test_waiting_features_by_hand(void **state)
{
    (void)state;
    jong_opp_obs o;
    play(&o);
    uint32_t x[JONG_OPP_MAX_ACTIVE];
    int n = jong_opp_features_waiting(&o, 1, x);
    sorted_below(x, n, jong_opp_feature_dim(JONG_OPP_WAITING));
    /* blocks: riichi 1, melds x discards 2, melds x turns 97, melds x tedashi 173, melds x last
     * 268, meld x discard 453, dora discard 5485, red 5519, discard pairs 5520 */
    int t7z = code_of("7z"), t9m = code_of("9m"), t6z = code_of("6z");
    uint32_t want[] = {0, 1, 2 + 3, 97 + 14 / 4, 173 + 1, 268 + (uint32_t)t6z,
                       5520 + t9m * 37 + t9m, 5520 + t9m * 37 + t6z, 5520 + t9m * 37 + t7z,
                       5520 + t6z * 37 + t6z, 5520 + t6z * 37 + t7z, 5520 + t7z * 37 + t7z};
    assert_int_equal(n, (int)(sizeof want / sizeof want[0]));
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        assert_true(has(x, n, want[i]));
    /* seat 3: one pon of 5m (class 1), four discards, one of them the ... no dora discards */
    n = jong_opp_features_waiting(&o, 3, x);
    sorted_below(x, n, jong_opp_feature_dim(JONG_OPP_WAITING));
    assert_false(has(x, n, 1));
    assert_true(has(x, n, 2 + 1 * 19 + 3));
    int pon5m = 1 * 34 + 4;
    assert_true(has(x, n, 453 + (uint32_t)(pon5m * 37 + code_of("4z"))));
    assert_true(has(x, n, 453 + (uint32_t)(pon5m * 37 + code_of("9s"))));
    assert_true(has(x, n, 268 + 1 * 37 + (uint32_t)code_of("9s")));
    /* seat 2 discarded the dora 5m (plain): the dora-discard feature of kind 5m, no red one */
    n = jong_opp_features_waiting(&o, 2, x);
    assert_true(has(x, n, 5485 + 4));
    assert_false(has(x, n, 5519));
}

static void test_wintile_and_score_features(void **state)
{
    (void)state;
    jong_opp_obs o;
    play(&o);
    uint32_t x[JONG_OPP_MAX_ACTIVE];
    /* seen by seat 3 (who holds 1m2m3m 7p8p9p 2z2z 3z3z 9s after its pon): counts of 5 x 34 */
    int n = jong_opp_features_wintile(&o, 1, 3, x);
    sorted_below(x, n, jong_opp_feature_dim(JONG_OPP_WINTILE));
    int counts = 0;
    for (int i = 0; i < n; i++)
        counts += x[i] >= 1 && x[i] < 1 + 170;
    assert_int_equal(counts, 34);
    assert_true(has(x, n, 1 + 4 * 5 + 3));                     /* 5m: 3 seen */
    assert_true(has(x, n, 1 + (uint32_t)code_of("2z") * 5 + 2)); /* 2z: the 2 in its hand */
    assert_true(has(x, n, 1 + (uint32_t)code_of("2p") * 5 + 1));
    int n_public = jong_opp_features_wintile(&o, 1, -1, x);
    assert_true(has(x, n_public, 1 + (uint32_t)code_of("2z") * 5 + 0));
    assert_int_equal(n, n_public);
    /* safety tiles (171..204) = the kinds in seat 1's river; riichi tile (block at 1041) 6z */
    n = jong_opp_features_wintile(&o, 1, -1, x);
    assert_true(has(x, n, 171 + (uint32_t)code_of("9m")));
    assert_true(has(x, n, 171 + (uint32_t)code_of("7z")));
    assert_false(has(x, n, 171 + (uint32_t)code_of("1z")));
    assert_true(has(x, n, 1 + 170 + 34 + 102 + 34 + 666 + (uint32_t)code_of("6z")));

    /* Table V for seat 3 (pon of 5m with the red one; dora 5m): 3 dora + 1 red = 4, fan 0 */
    n = jong_opp_features_score(&o, 3, 4, x);
    sorted_below(x, n, jong_opp_feature_dim(JONG_OPP_SCORE));
    assert_true(has(x, n, 1 + 0 * 2 + 0));        /* no riichi, not dealer */
    assert_true(has(x, n, 5 + 0 * 8 + 4));        /* fan 0, 4 countable dora */
    assert_true(has(x, n, 61 + 2 * 56 + 4));      /* open hand */
    uint32_t rel = 1 + 4 + 56 + 168 + 7616 + 18496 + 280 + 12 + 3;
    assert_true(has(x, n, rel + 0));              /* 5m is the dora */
    n = jong_opp_features_score(&o, 3, code_of("6m"), x);
    assert_true(has(x, n, rel + 1));
    n = jong_opp_features_score(&o, 3, code_of("7m"), x);
    assert_true(has(x, n, rel + 2));
    n = jong_opp_features_score(&o, 3, code_of("9m"), x);
    assert_true(has(x, n, rel + 3));
    n = jong_opp_features_score(&o, 3, code_of("5p"), x);
    assert_true(has(x, n, rel + 4));
    /* seat 1: riichi, closed, so fan 1 */
    n = jong_opp_features_score(&o, 1, code_of("1z"), x);
    assert_true(has(x, n, 1 + 1 * 2 + 0));
    assert_true(has(x, n, 5 + 1 * 8 + 0));
    assert_true(has(x, n, 61 + 0 * 56 + 8));
}

/* The engine's events give the same observation as the direct calls. */
static void test_event_path(void **state)
{
    (void)state;
    jong_opp_obs a, b;
    uint8_t t[4][13];
    for (int s = 0; s < 4; s++)
        codes_of("1m1m2m2m3m4m5m6m7m8m9m9m9m", t[s]);
    jong_error err;
    OK(jong_opp_obs_start(&a, 0, 0, 0, 0, 0, 0, (const uint8_t (*)[13])t, &err));
    OK(jong_opp_obs_start(&b, 0, 0, 0, 0, 0, 0, (const uint8_t (*)[13])t, &err));
    jong_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = JONG_EV_DRAW, ev.actor = 0, ev.tile = 1;
    OK(jong_opp_obs_event(&a, &ev, &err));
    OK(jong_opp_obs_draw(&b, 0, 1, &err));
    ev.type = JONG_EV_DISCARD, ev.tsumogiri = true;
    OK(jong_opp_obs_event(&a, &ev, &err));
    OK(jong_opp_obs_discard(&b, 0, 1, true, &err));
    ev.type = JONG_EV_PON, ev.actor = 2, ev.target = 0, ev.tile = 1, ev.nconsumed = 2;
    ev.consumed[0] = ev.consumed[1] = 1;
    ev.tsumogiri = false;
    OK(jong_opp_obs_event(&a, &ev, &err));
    uint8_t c[2] = {1, 1};
    OK(jong_opp_obs_call(&b, JONG_EV_PON, 2, 0, 1, c, 2, &err));
    assert_memory_equal(&a, &b, sizeof a);
}

/* LP = P(waiting) P(winning) (Eq. 8), EL = LP x exp(HS) (Eq. 9), from hand-set bias weights. */
static void test_lp_el_from_weights(void **state)
{
    (void)state;
    jong_oppmodel om;
    jong_error err;
    for (int i = 0; i < JONG_OPP_MODELS; i++)
        OK(jong_linmodel_alloc(&om.m[i], jong_opp_model_name(i), JONG_OPP_FEATURES_VERSION,
                               i == JONG_OPP_WINTILE ? 34 : i == JONG_OPP_SCORE ? 2 : 1, jong_opp_feature_dim(i), &err));
    om.m[JONG_OPP_WAITING].w[0] = log(0.25 / 0.75);                    /* P(waiting) = 0.25 */
    for (int k = 0; k < 34; k++)
        om.m[JONG_OPP_WINTILE].w[(size_t)k * jong_opp_feature_dim(JONG_OPP_WINTILE)] = k == 2 ? 0.0 : -50;
    om.m[JONG_OPP_SCORE].w[0] = log(8000.0);
    om.m[JONG_OPP_SCORE].w[jong_opp_feature_dim(JONG_OPP_SCORE)] = log(3900.0);
    jong_opp_obs o;
    play(&o);
    assert_true(fabs(jong_opp_p_waiting(&om, &o, 3) - 0.25) < 1e-12);
    assert_true(jong_opp_p_waiting(&om, &o, 1) == 1.0);  /* riichi */
    assert_true(fabs(jong_opp_lp(&om, &o, 3, 0, 2) - 0.125) < 1e-12);
    assert_true(fabs(jong_opp_el(&om, &o, 3, 0, 2) - 1000.0) < 1e-6);
    assert_true(fabs(jong_opp_hand_score(&om, &o, 3, 2, true) - 3900.0) < 1e-6);
    assert_true(jong_opp_lp(&om, &o, 3, 0, 5) < 1e-20);
    assert_true(jong_opp_lp(&om, &o, 1, 0, code_of("9m")) == 0); /* furiten */
    assert_true(fabs(jong_opp_lp(&om, &o, 1, 0, 2) - 0.5) < 1e-12);
    jong_oppmodel_free(&om);
}

/* The tracker follows the riichi engine's full event stream: no event refused, never more than
 * four copies of a kind between the hands and the table, and every ron's tile among the winner's
 * true waits. */
typedef struct {
    jong_opp_obs o;
    long discards, rons, errors;
} follow;

static void follow_event(void *ctx, const jong_event *ev)
{
    follow *f = ctx;
    jong_error err;
    if (ev->type == JONG_EV_WIN && ev->target >= 0 && ev->target != ev->actor) {
        uint64_t w = jong_opp_true_waits(&f->o, ev->actor);
        if (!(w >> jong_code_kind(ev->tile) & 1))
            f->errors++;
        f->rons++;
    }
    if (jong_opp_obs_event(&f->o, ev, &err) != JONG_OK) {
        fprintf(stderr, "tracker: %s\n", err.msg);
        f->errors++;
    }
    if (ev->type == JONG_EV_DISCARD) {
        f->discards++;
        for (int k = 0; k < JONG_KINDS; k++) {
            int c = f->o.shown[k];
            for (int s = 0; s < JONG_SEATS; s++)
                c += f->o.seats[s].hand.counts[k];
            if (c > 4)
                f->errors++;
        }
        if (jong_hand_concealed_count(&f->o.seats[ev->actor].hand) % 3 != 1)
            f->errors++;
    }
}

static void test_follows_engine(void **state)
{
    (void)state;
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    follow f;
    memset(&f, 0, sizeof f);
    const char *greedy[JONG_SEATS] = {"greedy", "greedy", "greedy", "greedy"};
    play_spec_games(&(jong_table){.rules = &rs, .seed = 11, .sink = follow_event, .sink_ctx = &f}, greedy,
                    SANITIZED ? 3 : 20, NULL);
    assert_int_equal(f.errors, 0);
    assert_true(f.discards > 1000);
    assert_true(f.rons > 10);
}

/* jong_opp_obs_from_view: at every decision of a seat in real games, the observation rebuilt from
 * its view equals the one its tracker followed event by event, in everything but each discard's
 * place among the other seats' (seq, turn), which the view does not keep. */
typedef struct {
    jong_player *inner;
    jong_opp_obs o;
    bool ok;
    long compared, riichi_seen, called_seen, melds_seen, pending_seen;
} view_checker;

static void vc_observe(jong_player *p, const jong_view *v, const jong_event *ev)
{
    (void)v;
    view_checker *c = p->state;
    jong_opp_obs_follow(&c->o, &c->ok, ev);
}

static int vc_choose(jong_player *p, const jong_decision *d)
{
    view_checker *c = p->state;
    const jong_view *v = d->view;
    if (c->ok) {
        jong_opp_obs r;
        jong_opp_obs_from_view(&r, v);
        assert_true(jong_opp_obs_matches(&r, true, v));
        assert_memory_equal(r.shown, c->o.shown, sizeof r.shown);
        assert_int_equal(r.wall_left, c->o.wall_left);
        assert_int_equal(r.ndiscards, c->o.ndiscards);
        assert_int_equal(r.ndora, c->o.ndora);
        assert_memory_equal(r.dora_markers, c->o.dora_markers, r.ndora);
        assert_int_equal(r.honba, c->o.honba);
        assert_int_equal(r.kyotaku, c->o.kyotaku);
        assert_int_equal(r.dealer, c->o.dealer);
        assert_int_equal(r.round_wind, c->o.round_wind);
        for (int s = 0; s < JONG_SEATS; s++) {
            const jong_opp_seat *a = &r.seats[s], *b = &c->o.seats[s];
            assert_int_equal(a->ndiscards, b->ndiscards);
            /* a riichi discard not yet accepted (the others are deciding on it) is one in the
             * tracker and not yet in the view: the one difference allowed */
            bool pending = b->riichi && !a->riichi;
            if (pending) {
                assert_int_equal(b->riichi_at, b->ndiscards - 1);
                assert_int_equal(a->riichi_at, -1);
                c->pending_seen++;
            } else {
                assert_int_equal(a->riichi, b->riichi);
                assert_int_equal(a->riichi_at, b->riichi_at);
            }
            for (int i = 0; i < a->ndiscards; i++) {
                assert_int_equal(a->river[i].tile, b->river[i].tile);
                assert_int_equal(a->river[i].tedashi, b->river[i].tedashi);
                if (!pending || i != b->riichi_at)
                    assert_int_equal(a->river[i].riichi, b->river[i].riichi);
                assert_int_equal(a->river[i].called, b->river[i].called);
                c->called_seen += a->river[i].called;
            }
            c->riichi_seen += a->riichi;
            assert_int_equal(a->nmelds, b->nmelds);
            c->melds_seen += a->nmelds;
            for (int m = 0; m < a->nmelds; m++) {
                assert_int_equal(a->melds[m].type, b->melds[m].type);
                assert_int_equal(a->melds[m].tile, b->melds[m].tile);
            }
            assert_int_equal(a->known, s == v->seat);
        }
        const jong_hand *h = &r.seats[v->seat].hand, *t = &c->o.seats[v->seat].hand;
        assert_memory_equal(h->counts, t->counts, sizeof h->counts);
        assert_memory_equal(h->red, t->red, sizeof h->red);
        c->compared++;
    }
    return c->inner->ops->choose(c->inner, d);
}

static void vc_destroy(jong_player *p) { (void)p; }

static void test_observation_from_view(void **state)
{
    (void)state;
    static const jong_player_ops ops = {vc_choose, vc_observe, vc_destroy};
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    jong_error err;
    jong_player *pl[JONG_SEATS];
    view_checker vc[JONG_SEATS];
    jong_player wrapped[JONG_SEATS];
    memset(vc, 0, sizeof vc);
    for (int s = 0; s < JONG_SEATS; s++) {
        assert_int_equal(jong_player_create(s % 2 ? "greedy" : "random", &vc[s].inner, &err), JONG_OK);
        wrapped[s] = (jong_player){.ops = &ops, .state = &vc[s]};
        pl[s] = &wrapped[s];
    }
    for (int g = 0; g < (SANITIZED ? 2 : 8); g++) {
        jong_table tb = {.rules = &rs, .seed = 23, .game_number = g};
        memcpy(tb.players, pl, sizeof pl);
        jong_game_result res;
        assert_int_equal(jong_table_play(&tb, &res, &err), JONG_OK);
    }
    long compared = 0, riichi = 0, called = 0, melds = 0;
    for (int s = 0; s < JONG_SEATS; s++) {
        compared += vc[s].compared;
        riichi += vc[s].riichi_seen;
        called += vc[s].called_seen;
        melds += vc[s].melds_seen;
        jong_player_free(vc[s].inner);
    }
    /* the games reached the cases worth checking */
    assert_true(compared > 500);
    assert_true(riichi > 0);
    assert_true(called > 0);
    assert_true(melds > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tracker),
        cmocka_unit_test(test_tracker_errors),
        cmocka_unit_test(test_waiting_features_by_hand),
        cmocka_unit_test(test_wintile_and_score_features),
        cmocka_unit_test(test_event_path),
        cmocka_unit_test(test_lp_el_from_weights),
        cmocka_unit_test(test_follows_engine),
        cmocka_unit_test(test_observation_from_view),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
