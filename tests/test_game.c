/* The Taiwanese engine on arranged walls: claim priority, head-bump, multiple winners, robbing
 * the kong, the missed-win rule, flowers (chains, on replacement draws), the 16-tile draw,
 * dealer streaks, bad actions; and on self-play: determinism and the checking mode. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jong/jong.h"
#include "support/stacked_wall.h"

static event_log LOG;

static int code(const char *name)
{
    int c = tile_code(name);
    assert_true(c >= 0);
    return c;
}

static bool has_action(const jong_game *g, int seat, int type, const char *tile)
{
    jong_action a[JONG_MAX_ACTIONS];
    int n = jong_game_legal(g, seat, a);
    for (int i = 0; i < n; i++)
        if (a[i].type == type && (!tile || a[i].tile == code(tile)))
            return true;
    return false;
}

static void act_low(jong_game *g, int seat, int type, const char *tile, int low)
{
    jong_action a = {(uint8_t)type, (uint8_t)code(tile), (uint8_t)low, 0};
    jong_error err;
    int rc = jong_game_act(g, seat, &a, &err);
    if (rc)
        fprintf(stderr, "act: %s\n", err.msg);
    assert_int_equal(rc, JONG_OK);
}

static void act(jong_game *g, int seat, int type, const char *tile) { act_low(g, seat, type, tile, 0); }

static void pass(jong_game *g, int seat)
{
    jong_action a[JONG_MAX_ACTIONS];
    int n = jong_game_legal(g, seat, a);
    assert_true(n > 0);
    assert_int_equal(a[n - 1].type, JONG_ACT_PASS);
    jong_error err;
    assert_int_equal(jong_game_act(g, seat, &a[n - 1], &err), JONG_OK);
}

static const jong_event *last_of(int type)
{
    for (int i = LOG.n - 1; i >= 0; i--)
        if (LOG.ev[i].type == type)
            return &LOG.ev[i];
    return NULL;
}

static int count_of(int type, int from)
{
    int n = 0;
    for (int i = from; i < LOG.n; i++)
        n += LOG.ev[i].type == type;
    return n;
}

/* Scenario 1: the dealer discards 5m. Seat 1 (next) can chi it with 46m, seat 2 can pon it
 * with 55m, seat 3 waits on it (46m kanchan). */
static const char *const CLAIMS[4] = {
    "159m1289p129sESWNPFC",
    "46m234567p345678sES",
    "55789m345p234567sSS",
    "46m123456789p123sWW",
};

static void win_beats_pon_beats_chi(void **state)
{
    (void)state;
    jong_game *g = stacked_game("flowers=off", CLAIMS, "", "", &LOG);
    assert_int_equal(jong_game_pending(g), 1u);
    act(g, 0, JONG_ACT_DISCARD, "5m");
    assert_int_equal(jong_game_pending(g), 0xeu);
    assert_true(has_action(g, 1, JONG_ACT_CHI, "5m"));
    assert_true(has_action(g, 2, JONG_ACT_PON, "5m"));
    assert_true(has_action(g, 3, JONG_ACT_WIN, "5m"));
    /* chi only from the upper player: seat 3 holds 46m too but is not next after seat 0 */
    assert_false(has_action(g, 3, JONG_ACT_CHI, NULL));
    assert_false(has_action(g, 2, JONG_ACT_CHI, NULL));
    act_low(g, 1, JONG_ACT_CHI, "5m", code("4m"));
    act(g, 2, JONG_ACT_PON, "5m");
    act(g, 3, JONG_ACT_WIN, "5m");
    const jong_event *w = last_of(JONG_EV_WIN);
    assert_non_null(w);
    assert_int_equal(w->actor, 3);
    assert_int_equal(w->target, 0);
    assert_int_equal(count_of(JONG_EV_PON, 0) + count_of(JONG_EV_CHI, 0), 0);
    assert_int_equal(w->deltas[3], -w->deltas[0]);
    assert_int_equal(w->deltas[3], 100 + 20 * w->tai.tai);
    assert_true(jong_game_hand_over(g));
    jong_game_free(g);
}

static void pon_beats_chi_and_then_only_discards(void **state)
{
    (void)state;
    jong_game *g = stacked_game("flowers=off", CLAIMS, "", "", &LOG);
    act(g, 0, JONG_ACT_DISCARD, "5m");
    act_low(g, 1, JONG_ACT_CHI, "5m", code("4m"));
    act(g, 2, JONG_ACT_PON, "5m");
    pass(g, 3);
    const jong_event *p = last_of(JONG_EV_PON);
    assert_non_null(p);
    assert_int_equal(p->actor, 2);
    assert_int_equal(p->target, 0);
    assert_int_equal(count_of(JONG_EV_CHI, 0), 0);
    assert_int_equal(jong_game_pending(g), 1u << 2);
    jong_action a[JONG_MAX_ACTIONS];
    int n = jong_game_legal(g, 2, a);
    for (int i = 0; i < n; i++)
        assert_int_equal(a[i].type, JONG_ACT_DISCARD);
    jong_view v;
    jong_game_view(g, 2, &v);
    assert_int_equal(v.own.nmelds, 1);
    assert_int_equal(v.own.melds[0].type, JONG_MELD_PUNG);
    assert_int_equal(v.seats[0].discard_claimed[0], 1);
    jong_game_free(g);
}

static void chi_when_nobody_else_claims(void **state)
{
    (void)state;
    jong_game *g = stacked_game("flowers=off", CLAIMS, "", "", &LOG);
    act(g, 0, JONG_ACT_DISCARD, "5m");
    pass(g, 2);
    pass(g, 3);
    act_low(g, 1, JONG_ACT_CHI, "5m", code("4m"));
    const jong_event *c = last_of(JONG_EV_CHI);
    assert_non_null(c);
    assert_int_equal(c->actor, 1);
    assert_int_equal(c->low, code("4m"));
    assert_int_equal(c->nconsumed, 2);
    jong_game_free(g);
}

/* Scenario 2: seats 1 and 3 both wait on 5m when the dealer discards it. */
static const char *const BUMP[4] = {
    "159m1289p129sESWNPFC",
    "46m234567p345678sEE",
    "55789m345p234567sSS",
    "46m123456789p123sWW",
};

static void head_bump_nearest_wins(void **state)
{
    (void)state;
    jong_game *g = stacked_game("flowers=off", BUMP, "", "", &LOG);
    act(g, 0, JONG_ACT_DISCARD, "5m");
    act(g, 3, JONG_ACT_WIN, "5m");
    pass(g, 2);
    act(g, 1, JONG_ACT_WIN, "5m");
    assert_int_equal(count_of(JONG_EV_WIN, 0), 1);
    const jong_event *w = last_of(JONG_EV_WIN);
    assert_int_equal(w->actor, 1);
    assert_int_equal(w->target, 0);
    int32_t s[4];
    jong_game_scores(g, s);
    assert_int_equal(s[1], -s[0]);
    assert_int_equal(s[2], 0);
    assert_int_equal(s[3], 0);
    jong_game_free(g);
}

static void multiple_winners_option(void **state)
{
    (void)state;
    jong_game *g = stacked_game("flowers=off,multiple_winners=on", BUMP, "", "", &LOG);
    act(g, 0, JONG_ACT_DISCARD, "5m");
    act(g, 3, JONG_ACT_WIN, "5m");
    pass(g, 2);
    act(g, 1, JONG_ACT_WIN, "5m");
    assert_int_equal(count_of(JONG_EV_WIN, 0), 2);
    int32_t s[4];
    jong_game_scores(g, s);
    assert_true(s[1] > 0 && s[3] > 0);
    assert_int_equal(s[0], -(s[1] + s[3]));
    assert_int_equal(jong_game_check(g, NULL, NULL), JONG_OK);
    jong_game_free(g);
}

/* Scenario 3: the dealer pons 9s from seat 1, later draws the fourth 9s and adds it; seat 2
 * (waiting on 6s/9s with 78s) first passes the 9s discard, then may rob the added kong. */
static const char *const ROB[4] = {
    "99s123456789m1234p7pE",
    "2367m567888p2345s9sS",
    "345678m56799p12378s",
    "SWWNNPPFFCC13p5s19m",
};

static jong_game *rob_setup(void)
{
    jong_game *g = stacked_game("flowers=off", ROB, "E E E S 9s", "1p", &LOG);
    act(g, 0, JONG_ACT_DISCARD, "E");
    act(g, 1, JONG_ACT_DISCARD, "9s");
    assert_true(has_action(g, 2, JONG_ACT_WIN, "9s"));
    pass(g, 2);                                   /* seat 2 now may not win on 9s ... */
    act(g, 0, JONG_ACT_PON, "9s");
    act(g, 0, JONG_ACT_DISCARD, "7p");
    if (jong_game_pending(g) & 2)
        pass(g, 1);
    act(g, 1, JONG_ACT_DISCARD, "E");
    act(g, 2, JONG_ACT_DISCARD, "E");             /* ... until this discard of his own */
    act(g, 3, JONG_ACT_DISCARD, "S");
    assert_true(has_action(g, 0, JONG_ACT_ADDED_KONG, "9s"));
    act(g, 0, JONG_ACT_ADDED_KONG, "9s");
    return g;
}

static void robbing_the_kong(void **state)
{
    (void)state;
    jong_game *g = rob_setup();
    assert_int_equal(jong_game_pending(g), 1u << 2);
    assert_true(has_action(g, 2, JONG_ACT_WIN, "9s"));
    act(g, 2, JONG_ACT_WIN, "9s");
    const jong_event *w = last_of(JONG_EV_WIN);
    assert_non_null(w);
    assert_int_equal(w->actor, 2);
    assert_int_equal(w->target, 0);
    assert_true(w->win_flags & JONG_WIN_ROBBING_KONG);
    bool robbing_entry = false;
    for (int i = 0; i < w->tai.nentries; i++)
        robbing_entry |= w->tai.entries[i].pattern == JONG_TAI_ROBBING_KONG;
    assert_true(robbing_entry);
    assert_int_equal(jong_game_check(g, NULL, NULL), JONG_OK);
    jong_game_free(g);
}

static void passing_the_robbery_completes_the_kong(void **state)
{
    (void)state;
    jong_game *g = rob_setup();
    pass(g, 2);
    const jong_event *d = last_of(JONG_EV_DRAW);
    assert_int_equal(d->actor, 0);
    assert_true(d->replacement);
    assert_int_equal(d->tile, code("1p"));
    jong_view v;
    jong_game_view(g, 0, &v);
    assert_int_equal(v.own.melds[0].type, JONG_MELD_KONG);
    assert_int_equal(jong_game_check(g, NULL, NULL), JONG_OK);
    jong_game_free(g);
}


/* A concealed kong cannot be robbed: seat 2 waits on 9s, the dealer declares four 9s. */
static const char *const HIDDEN_KONG[4] = {
    "9999s123456789m1234p",
    "2367m567888p2345sSN",
    "345678m56799p12378s",
    "SWWNNPPFFCC13p5s19m",
};

static void concealed_kong_is_not_robbed(void **state)
{
    (void)state;
    jong_game *g = stacked_game("flowers=off", HIDDEN_KONG, "", "E", &LOG);
    act(g, 0, JONG_ACT_CONCEALED_KONG, "9s");
    assert_int_equal(jong_game_pending(g), 1u);  /* nobody else is asked */
    const jong_event *d = last_of(JONG_EV_DRAW);
    assert_int_equal(d->actor, 0);
    assert_true(d->replacement);
    /* the other seats see a face-down kong */
    jong_view v;
    jong_game_view(g, 2, &v);
    assert_int_equal(v.seats[0].nmelds, 1);
    assert_int_equal(v.seats[0].melds[0].tile, JONG_HIDDEN);
    jong_event seen;
    jong_event_for_seat(last_of(JONG_EV_CONCEALED_KONG), 2, JONG_VARIANT_TAIWAN, &seen);
    assert_int_equal(seen.tile, JONG_HIDDEN);
    jong_game_free(g);
}

/* Scenario 4: seat 3 waits on 4m/7m and passes the dealer's 4m. */
static const char *const MISSED[4] = {
    "14m1289p1289sESWNPFC",
    "234567p345567sSENN",
    "789m345p678p678sWWPP",
    "56999m123p123789sFF",
};

static void missed_win_bars_the_kind_until_own_discard(void **state)
{
    (void)state;
    jong_game *g = stacked_game("flowers=off", MISSED, "E E 4m 4m", "", &LOG);
    act(g, 0, JONG_ACT_DISCARD, "4m");
    assert_true(has_action(g, 3, JONG_ACT_WIN, "4m"));
    pass(g, 3);
    act(g, 1, JONG_ACT_DISCARD, "E");
    act(g, 2, JONG_ACT_DISCARD, "E");
    /* seat 3 draws 4m: a self-draw of the missed kind is barred too */
    assert_int_equal(jong_game_pending(g), 1u << 3);
    assert_false(has_action(g, 3, JONG_ACT_SELF_DRAW_WIN, NULL));
    act(g, 3, JONG_ACT_DISCARD, "4m");
    /* after his own discard the bar is gone: the dealer's next 4m may be won on */
    act(g, 0, JONG_ACT_DISCARD, "4m");
    assert_true(has_action(g, 3, JONG_ACT_WIN, "4m"));
    jong_game_free(g);
}

static void missed_win_option_off(void **state)
{
    (void)state;
    jong_game *g = stacked_game("flowers=off,missed_win=off", MISSED, "E E 4m 4m", "", &LOG);
    act(g, 0, JONG_ACT_DISCARD, "4m");
    pass(g, 3);
    act(g, 1, JONG_ACT_DISCARD, "E");
    act(g, 2, JONG_ACT_DISCARD, "E");
    assert_true(has_action(g, 3, JONG_ACT_SELF_DRAW_WIN, "4m"));
    jong_game_free(g);
}

/* Scenario 5: flowers in the deal (a chain of two for the dealer, one for seat 1) and on the
 * draws of play (a flower from the front whose replacement is a flower again). */
static const char *const FLOWERS[4] = {
    "f1s1159m19p5p19sESWNPFC",
    "f3234567m234567p5sEE",
    "11789m789p234567sSS",
    "345m345p345s88s88pWWN",
};

static void flower_replacement_chains(void **state)
{
    (void)state;
    jong_game *g = stacked_game("", FLOWERS, "f4", "f2 1m 2m 3m s2 4m", &LOG);
    int i = find_event(&LOG, JONG_EV_START_HAND, 0);
    assert_true(i >= 0);
    /* dealer: flower, replacement (f2), flower, replacement, flower, replacement */
    int want_type[] = {JONG_EV_FLOWER, JONG_EV_DRAW, JONG_EV_FLOWER, JONG_EV_DRAW, JONG_EV_FLOWER,
                       JONG_EV_DRAW, JONG_EV_FLOWER, JONG_EV_DRAW};
    int want_actor[] = {0, 0, 0, 0, 0, 0, 1, 1};
    for (int k = 0; k < 8; k++) {
        const jong_event *e = &LOG.ev[i + 1 + k];
        assert_int_equal(e->type, want_type[k]);
        assert_int_equal(e->actor, want_actor[k]);
        if (e->type == JONG_EV_DRAW)
            assert_true(e->replacement);
    }
    assert_int_equal(LOG.ev[i + 2].tile, code("f2"));
    assert_int_equal(LOG.ev[i + 8].tile, code("3m"));
    jong_view v;
    jong_game_view(g, 0, &v);
    assert_int_equal(v.seats[0].concealed, 17);
    assert_int_equal(v.seats[0].flowers, (1 << 0) | (1 << 4) | (1 << 1));
    assert_int_equal(v.seats[1].concealed, 16);
    /* in play: seat 1 draws f4 from the front; its replacement s2 is a flower again */
    int before = LOG.n;
    act(g, 0, JONG_ACT_DISCARD, "E");
    if (jong_game_pending(g) & 2)
        pass(g, 1);  /* seat 1 could pon the E */
    int types[] = {JONG_EV_DRAW, JONG_EV_FLOWER, JONG_EV_DRAW, JONG_EV_FLOWER, JONG_EV_DRAW};
    int first = find_event(&LOG, JONG_EV_DRAW, before);
    for (int k = 0; k < 5; k++) {
        assert_int_equal(LOG.ev[first + k].type, types[k]);
        assert_int_equal(LOG.ev[first + k].actor, 1);
    }
    assert_false(LOG.ev[first].replacement);
    assert_true(LOG.ev[first + 4].replacement);
    assert_int_equal(LOG.ev[first + 4].tile, code("4m"));
    jong_game_view(g, 1, &v);
    assert_int_equal(v.last_draw, code("4m"));
    assert_int_equal(v.seats[1].concealed, 17);
    assert_int_equal(jong_game_check(g, NULL, NULL), JONG_OK);
    jong_game_free(g);
}


/* Flower wins: all eight at once (self-drawn), or seven and the eighth robbed when another seat
 * lays it out (that seat pays). Here the dealer holds seven and seat 1 is dealt the eighth. */
static const char *const SEVEN[4] = {
    "f1f2f3f4s1s2s3123m456m789m1p",
    "s4234567p345567sSEN",
    "789m345p678p678sWWPP",
    "56m123p123444789sFF",
};

static void seven_flowers_rob_the_eighth(void **state)
{
    (void)state;
    jong_game *g = stacked_game("", SEVEN, "", "1s 2s 3s 9p 5s 6s 7s 8s", &LOG);
    assert_int_equal(jong_game_pending(g), 1u);
    assert_true(has_action(g, 0, JONG_ACT_WIN, "s4"));
    act(g, 0, JONG_ACT_WIN, "s4");
    const jong_event *w = last_of(JONG_EV_WIN);
    assert_non_null(w);
    assert_int_equal(w->actor, 0);
    assert_int_equal(w->target, 1);
    assert_true(w->win_flags & JONG_WIN_FLOWERS);
    assert_true(w->deltas[0] > 0);
    assert_int_equal(w->deltas[1], -w->deltas[0]);
    assert_int_equal(jong_game_check(g, NULL, NULL), JONG_OK);
    jong_game_free(g);
}

static void seven_flowers_passing_goes_on(void **state)
{
    (void)state;
    jong_game *g = stacked_game("", SEVEN, "", "1s 2s 3s 9p 5s 6s 7s 8s", &LOG);
    pass(g, 0);
    const jong_event *d = last_of(JONG_EV_DRAW);
    assert_int_equal(d->actor, 1);
    assert_true(d->replacement);
    assert_int_equal(d->tile, code("8s"));
    assert_int_equal(jong_game_pending(g), 1u);  /* the dealer's first turn */
    assert_true(has_action(g, 0, JONG_ACT_DISCARD, NULL));
    assert_int_equal(jong_game_check(g, NULL, NULL), JONG_OK);
    jong_game_free(g);
}

static const char *const EIGHT[4] = {
    "f1f2f3f4s1s2s3s4123m456m789m",
    "234567p345567sSENN",
    "789m345p678p678sWWPP",
    "56m123p123444789sFF",
};

static void eight_flowers_win_at_once(void **state)
{
    (void)state;
    jong_game *g = stacked_game("", EIGHT, "", "1s 2s 3s 9p 5s 6s 7s 8s", &LOG);
    assert_true(jong_game_hand_over(g));
    const jong_event *w = last_of(JONG_EV_WIN);
    assert_non_null(w);
    assert_int_equal(w->actor, 0);
    assert_int_equal(w->target, -1);
    assert_true(w->win_flags & JONG_WIN_FLOWERS);
    for (int s = 1; s < 4; s++)
        assert_true(w->deltas[s] < 0);
    assert_int_equal(count_of(JONG_EV_FLOWER, 0), 8);
    jong_game_free(g);
}

/* Always discard the drawn tile and pass every claim: the hand must end exhausted. */
static int play_out_passing(jong_game *g)
{
    int draws = 0, start = LOG.n;
    while (!jong_game_hand_over(g)) {
        unsigned p = jong_game_pending(g);
        for (int s = 0; s < 4; s++) {
            if (!(p >> s & 1))
                continue;
            jong_action a[JONG_MAX_ACTIONS];
            int n = jong_game_legal(g, s, a);
            jong_view v;
            jong_game_view(g, s, &v);
            int pick = n - 1;
            if (a[0].type == JONG_ACT_DISCARD) {
                for (int i = 0; i < n; i++)
                    if (a[i].type == JONG_ACT_DISCARD && (a[i].tile == v.last_draw || v.last_draw == JONG_NO_TILE))
                        pick = i;
            }
            jong_error err;
            assert_int_equal(jong_game_act(g, s, &a[pick], &err), JONG_OK);
        }
    }
    for (int i = start; i < LOG.n; i++)
        draws += LOG.ev[i].type == JONG_EV_DRAW && !LOG.ev[i].replacement;
    return draws;
}

static void exhaustive_draw_leaves_sixteen(void **state)
{
    (void)state;
    const struct { const char *opts; int draws; } cases[] = {
        {"flowers=off", 136 - 65 - 16}, {"flowers=off,dead_wall=14", 136 - 65 - 14},
        {"flowers=off,dead_wall=0", 136 - 65},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        jong_game *g = stacked_game(cases[c].opts, MISSED, "", "", &LOG);
        int draws = play_out_passing(g);
        assert_int_equal(draws, cases[c].draws);
        const jong_event *x = last_of(JONG_EV_EXHAUSTED);
        assert_non_null(x);
        for (int s = 0; s < 4; s++)
            assert_int_equal(x->deltas[s], 0);
        jong_game_free(g);
    }
}

/* The dealer's 17 tiles are complete: a heavenly win, again and again with a growing streak. */
static const char *const HEAVEN[4] = {
    "123456789m123456p77p",
    "234567p345567sSENN",
    "789m345p678p678sWWPP",
    "56m123p123444789sFF",
};

static void dealer_streak_and_rotation(void **state)
{
    (void)state;
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_TAIWAN);
    jong_ruleset_apply(&rs, "flowers=off", NULL);
    uint8_t wall[JONG_WALL_MAX];
    int n = stack_wall(&rs, 0, HEAVEN, "", "", wall);
    assert_int_equal(n, 136);
    jong_game *g;
    LOG.n = 0;
    assert_int_equal(jong_game_new(&rs, 1, 0, log_event, &LOG, &g, NULL), JONG_OK);
    for (int hand = 0; hand < 3; hand++) {
        assert_int_equal(jong_game_start_hand_with_wall(g, wall, n, NULL), JONG_OK);
        const jong_event *sh = last_of(JONG_EV_START_HAND);
        assert_int_equal(sh->dealer, 0);
        assert_int_equal(sh->streak, hand);
        assert_true(has_action(g, 0, JONG_ACT_SELF_DRAW_WIN, NULL));
        jong_action a[JONG_MAX_ACTIONS];
        int na = jong_game_legal(g, 0, a);
        act(g, 0, JONG_ACT_SELF_DRAW_WIN, jong_code_name(a[na - 1].tile));
        const jong_event *w = last_of(JONG_EV_WIN);
        assert_true(w->win_flags & JONG_WIN_HEAVENLY);
        int streak_tai = 0;
        for (int i = 0; i < w->tai.nentries; i++)
            if (w->tai.entries[i].pattern == JONG_TAI_DEALER_STREAK)
                streak_tai = w->tai.entries[i].tai;
        assert_int_equal(streak_tai, 2 * hand);
        for (int s = 1; s < 4; s++)
            assert_int_equal(w->deltas[s], -(100 + 20 * w->tai.tai));
    }
    /* an exhaustive draw keeps the deal too */
    assert_int_equal(jong_game_start_hand_with_wall(g, wall, n, NULL), JONG_OK);
    assert_int_equal(last_of(JONG_EV_START_HAND)->streak, 3);
    jong_action a[JONG_MAX_ACTIONS];
    jong_game_legal(g, 0, a);
    act(g, 0, JONG_ACT_DISCARD, "7p");
    play_out_passing(g);
    assert_non_null(last_of(JONG_EV_EXHAUSTED));
    /* a non-dealer win passes the deal and resets the streak */
    int m = stack_wall(&rs, 0, BUMP, "", "", wall);
    assert_int_equal(jong_game_start_hand_with_wall(g, wall, m, NULL), JONG_OK);
    assert_int_equal(last_of(JONG_EV_START_HAND)->streak, 4);
    act(g, 0, JONG_ACT_DISCARD, "5m");
    act(g, 1, JONG_ACT_WIN, "5m");
    pass(g, 2);
    pass(g, 3);
    uint8_t wall2[JONG_WALL_MAX];
    jong_game_wall(&rs, 9, 0, 0, wall2);
    assert_int_equal(jong_game_start_hand_with_wall(g, wall2, 136, NULL), JONG_OK);
    const jong_event *sh = last_of(JONG_EV_START_HAND);
    assert_int_equal(sh->dealer, 1);
    assert_int_equal(sh->streak, 0);
    assert_int_equal(sh->round_wind, 0);
    jong_game_free(g);
}

static void bad_actions_leave_the_state_unchanged(void **state)
{
    (void)state;
    jong_game *g = stacked_game("flowers=off", CLAIMS, "", "", &LOG);
    jong_view before, after;
    jong_game_view(g, 0, &before);
    int events = LOG.n;
    jong_error err;
    jong_action not_held = {JONG_ACT_DISCARD, (uint8_t)code("3m"), 0, 0};
    assert_int_equal(jong_game_act(g, 0, &not_held, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "illegal action from seat 0: discard 3m"));
    jong_action not_asked = {JONG_ACT_DISCARD, (uint8_t)code("4m"), 0, 0};
    assert_int_equal(jong_game_act(g, 1, &not_asked, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "seat 1"));
    jong_action bad_type = {200, 0, 0, 0};
    assert_int_equal(jong_game_act(g, 0, &bad_type, &err), JONG_ERR_ARG);
    assert_int_equal(jong_game_act(g, 7, &not_held, &err), JONG_ERR_ARG);
    jong_game_view(g, 0, &after);
    assert_true(jong_view_equal(&before, &after, NULL, 0));
    assert_int_equal(LOG.n, events);
    /* a chi from a seat that is not next */
    act(g, 0, JONG_ACT_DISCARD, "5m");
    jong_action chi = {JONG_ACT_CHI, (uint8_t)code("5m"), (uint8_t)code("4m"), 0};
    assert_int_equal(jong_game_act(g, 3, &chi, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "chi 5m"));
    assert_int_equal(jong_game_pending(g), 0xeu);
    jong_game_free(g);
}

static void bad_walls_and_options(void **state)
{
    (void)state;
    jong_ruleset rs;
    jong_error err;
    jong_ruleset_default(&rs, JONG_VARIANT_TAIWAN);
    assert_int_equal(jong_ruleset_set(&rs, "flowerz", "on", &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "flowerz"));
    assert_int_equal(jong_ruleset_set(&rs, "dead_wall", "15", &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "dead_wall"));
    jong_ruleset copy = rs;
    assert_int_equal(jong_ruleset_apply(&rs, "base=50,unit=oops", &err), JONG_ERR_ARG);
    assert_memory_equal(&copy, &rs, sizeof rs);  /* unchanged */
    jong_game *g;
    assert_int_equal(jong_game_new(&rs, 1, 0, NULL, NULL, &g, &err), JONG_OK);
    uint8_t wall[JONG_WALL_MAX];
    jong_game_wall(&rs, 5, 0, 0, wall);
    wall[3] = wall[4];  /* one tile twice */
    assert_int_equal(jong_game_start_hand_with_wall(g, wall, 144, &err), JONG_ERR_ARG);
    assert_int_equal(jong_game_start_hand_with_wall(g, wall, 100, &err), JONG_ERR_ARG);
    jong_game_free(g);
    jong_player *p;
    assert_int_equal(jong_player_create("greedy:claim=maybe", &p, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "claim"));
    assert_int_equal(jong_player_create("nobody", &p, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "nobody"));
}

static void every_option_prints_and_parses_back(void **state)
{
    (void)state;
    jong_ruleset rs, back;
    jong_ruleset_default(&rs, JONG_VARIANT_TAIWAN);
    assert_int_equal(jong_ruleset_apply(&rs, "flowers=off,dead_wall=16+kong,multiple_winners=on,"
                                             "missed_win=off,seat_wind=wall-break-east,kong_tai=exposed1-concealed2,"
                                             "big_hands=ericyang,tai_cap=30,special_hands=all,base=50,unit=10,hands=8",
                                        NULL), JONG_OK);
    jong_ruleset_default(&back, JONG_VARIANT_TAIWAN);
    int n = jong_ruleset_option_count(&rs);
    assert_true(n >= 13);
    for (int i = 0; i < n; i++) {
        char buf[128];
        const char *name = jong_ruleset_option(&rs, i, buf, sizeof buf);
        assert_non_null(name);
        assert_int_equal(jong_ruleset_set(&back, name, buf, NULL), JONG_OK);
    }
    assert_memory_equal(&rs, &back, sizeof rs);
    /* the riichi options: defaults of the rules file, and each one round-trips */
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    assert_int_equal(rs.start_score, 25000);
    assert_int_equal(rs.red_fives, 3);
    assert_true(rs.kuitan && rs.double_ron && !rs.kiriage && !rs.double_yakuman);
    assert_int_equal(jong_ruleset_apply(&rs, "length=tonpuu,red_fives=4,kuitan=off,double_ron=off,"
                                             "abortive_draws=off,nagashi=off,kiriage=on,double_yakuman=on,"
                                             "tobi=off,agari_yame=off,uma=15/5/-5/-15,tenpai_yame=off,"
                                             "extension_rounds=2,triple_ron=win",
                                        NULL), JONG_OK);
    assert_true(rs.triple_ron_wins);
    assert_int_equal(jong_ruleset_apply(&rs, "triple_ron=on", NULL), JONG_ERR_ARG);
    assert_int_equal(jong_ruleset_apply(&rs, "extension_rounds=3", NULL), JONG_ERR_ARG);
    assert_int_equal(jong_ruleset_apply(&rs, "tenpai_yame=maybe", NULL), JONG_ERR_ARG);
    assert_int_equal(jong_ruleset_apply(&rs, "uma=20,10,-10,-10", NULL), JONG_ERR_ARG);
    assert_int_equal(jong_ruleset_apply(&rs, "flowers=on", NULL), JONG_ERR_ARG);
    assert_int_equal(jong_ruleset_apply(&rs, "three_player=maybe", NULL), JONG_ERR_ARG);
    jong_ruleset_default(&back, JONG_VARIANT_RIICHI);
    n = jong_ruleset_option_count(&rs);
    for (int i = 0; i < n; i++) {
        char buf[128];
        const char *name = jong_ruleset_option(&rs, i, buf, sizeof buf);
        assert_int_equal(jong_ruleset_set(&back, name, buf, NULL), JONG_OK);
    }
    assert_memory_equal(&rs, &back, sizeof rs);
}

/* The presets: the variant's defaults with their options; later options override them; a bad
 * name, or a preset of the other variant, is one line naming it and leaves the ruleset as it was. */
static void presets_by_name(void **state)
{
    (void)state;
    jong_ruleset rs, want, copy;
    jong_error err;
    assert_true(jong_ruleset_preset_count() >= 3);
    assert_null(jong_ruleset_preset_name(jong_ruleset_preset_count()));
    assert_null(jong_ruleset_preset_name(-1));
    /* tenhou: the defaults themselves (applied over changed options, it resets them) */
    jong_ruleset_default(&want, JONG_VARIANT_RIICHI);
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    rs.kiriage = true;
    assert_int_equal(jong_ruleset_preset(&rs, "tenhou", &err), JONG_OK);
    assert_memory_equal(&rs, &want, sizeof rs);
    assert_true(rs.tenpai_yame && rs.agari_yame);
    assert_int_equal(rs.extension_rounds, 1);
    /* tenhou2009: no tenpai-yame, two rounds of extension, the rest today's */
    assert_int_equal(jong_ruleset_preset(&rs, "tenhou2009", &err), JONG_OK);
    want.tenpai_yame = false;
    want.extension_rounds = 2;
    assert_memory_equal(&rs, &want, sizeof rs);
    /* mahjongsoul: what the options express today */
    assert_int_equal(jong_ruleset_preset(&rs, "mahjongsoul", &err), JONG_OK);
    jong_ruleset_default(&want, JONG_VARIANT_RIICHI);
    want.double_yakuman = true;
    want.triple_ron_wins = true;
    assert_memory_equal(&rs, &want, sizeof rs);
    /* every listed preset applies, its options are those of its table, and a later option wins */
    for (int i = 0; i < jong_ruleset_preset_count(); i++) {
        const char *name = jong_ruleset_preset_name(i);
        assert_int_equal(jong_ruleset_preset_variant(name), JONG_VARIANT_RIICHI);
        jong_ruleset_default(&want, JONG_VARIANT_RIICHI);
        assert_int_equal(jong_ruleset_apply(&want, jong_ruleset_preset_options(i), &err), JONG_OK);
        assert_int_equal(jong_ruleset_preset(&rs, name, &err), JONG_OK);
        assert_memory_equal(&rs, &want, sizeof rs);
    }
    assert_int_equal(jong_ruleset_preset(&rs, "tenhou2009", &err), JONG_OK);
    assert_int_equal(jong_ruleset_apply(&rs, "tenpai_yame=on", &err), JONG_OK);
    assert_true(rs.tenpai_yame);
    assert_int_equal(rs.extension_rounds, 2);
    /* bad names and the other variant: one line, the ruleset unchanged */
    copy = rs;
    assert_int_equal(jong_ruleset_preset(&rs, "tenhou2010", &err), JONG_ERR_ARG);
    assert_string_equal(err.msg, "unknown rule preset 'tenhou2010' (presets: tenhou, tenhou2009, mahjongsoul)");
    assert_int_equal(jong_ruleset_preset_variant("tenhou2010"), -1);
    assert_int_equal(jong_ruleset_preset(&rs, "", &err), JONG_ERR_ARG);
    assert_memory_equal(&rs, &copy, sizeof rs);
    jong_ruleset_default(&rs, JONG_VARIANT_TAIWAN);
    copy = rs;
    assert_int_equal(jong_ruleset_preset(&rs, "tenhou", &err), JONG_ERR_ARG);
    assert_string_equal(err.msg, "rule preset 'tenhou' is for riichi rules");
    assert_memory_equal(&rs, &copy, sizeof rs);
}

/* ---- self-play ---- */

static int env_int(const char *name, int dflt)
{
    const char *v = getenv(name);
    return v && *v ? atoi(v) : dflt;
}

static void same_seed_same_events(void **state)
{
    (void)state;
    static event_log a, b;
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_TAIWAN);
    rs.hands = 8;
    jong_player *p[4];
    const char *names[4] = {"greedy", "random", "greedy", "random"};
    for (int s = 0; s < 4; s++)
        assert_int_equal(jong_player_create(names[s], &p[s], NULL), JONG_OK);
    event_log *logs[2] = {&a, &b};
    for (int k = 0; k < 2; k++) {
        logs[k]->n = 0;
        jong_table t = {.rules = &rs, .seed = 77, .game_number = 3, .sink = log_event, .sink_ctx = logs[k]};
        memcpy(t.players, p, sizeof p);
        jong_game_result r;
        assert_int_equal(jong_table_play(&t, &r, NULL), JONG_OK);
        assert_int_equal(r.hands, 8);
    }
    assert_int_equal(a.n, b.n);
    assert_memory_equal(a.ev, b.ev, sizeof(jong_event) * (size_t)a.n);
    /* and the wall is a function of (seed, game, hand) only */
    uint8_t w1[JONG_WALL_MAX], w2[JONG_WALL_MAX];
    jong_game_wall(&rs, 77, 3, 5, w1);
    jong_game_wall(&rs, 77, 3, 5, w2);
    assert_memory_equal(w1, w2, 144);
    jong_game_wall(&rs, 77, 3, 6, w2);
    assert_memory_not_equal(w1, w2, 144);
    for (int s = 0; s < 4; s++)
        jong_player_free(p[s]);
}

/* The riichi wall (the engine does not play it yet): 136 tiles, four of each kind, the red fives
 * of the red_fives option as their own codes, a pure function of (seed, game, hand). */
static void riichi_wall_red_fives(void **state)
{
    (void)state;
    static const int reds[3] = {0, 3, 4};
    for (int r = 0; r < 3; r++) {
        jong_ruleset rs;
        jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
        rs.red_fives = reds[r];
        assert_int_equal(jong_ruleset_tiles(&rs), 136);
        for (int hand = 0; hand < 20; hand++) {
            uint8_t w[JONG_WALL_MAX], w2[JONG_WALL_MAX];
            jong_game_wall(&rs, 123, 0, hand, w);
            jong_game_wall(&rs, 123, 0, hand, w2);
            assert_memory_equal(w, w2, 136);
            int kinds[JONG_KINDS] = {0}, red[3] = {0};
            for (int i = 0; i < 136; i++) {
                int k = jong_code_kind(w[i]);
                assert_true(k < JONG_KINDS);
                kinds[k]++;
                if (jong_code_is_red(w[i]))
                    red[w[i] - JONG_CODE_RED_BASE]++;
            }
            for (int k = 0; k < JONG_KINDS; k++)
                assert_int_equal(kinds[k], 4);
            assert_int_equal(red[0], reds[r] ? 1 : 0);
            assert_int_equal(red[1], reds[r] == 4 ? 2 : reds[r] ? 1 : 0);
            assert_int_equal(red[2], reds[r] ? 1 : 0);
        }
    }
    /* a Taiwanese ruleset never has red fives, whatever the (riichi-only) option says */
    jong_ruleset tw;
    jong_ruleset_default(&tw, JONG_VARIANT_TAIWAN);
    tw.red_fives = 3;
    uint8_t w[JONG_WALL_MAX];
    jong_game_wall(&tw, 123, 0, 0, w);
    for (int i = 0; i < jong_ruleset_tiles(&tw); i++)
        assert_false(jong_code_is_red(w[i]));
}

/* The checking mode: after every event of many self-play hands, all tiles are accounted for,
 * points are conserved and each view equals the one rebuilt from its seat's events. */
static void checking_mode_on_self_play(void **state)
{
    (void)state;
    int target = env_int("JONG_CHECK_HANDS", 10000);
    const char *rules[] = {"", "multiple_winners=on,missed_win=off", "flowers=off,dead_wall=0",
                           "dead_wall=16+kong,special_hands=all,kong_tai=exposed1-concealed2",
                           "seat_wind=wall-break-east,dead_wall=14"};
    const char *lineups[][4] = {{"greedy", "greedy", "greedy", "greedy"},
                                {"greedy", "random", "greedy", "random"},
                                {"random", "random", "random", "greedy"}};
    int hands = 0, wins = 0, game = 0;
    while (hands < target) {
        jong_ruleset rs;
        jong_ruleset_default(&rs, JONG_VARIANT_TAIWAN);
        assert_int_equal(jong_ruleset_apply(&rs, rules[game % 5], NULL), JONG_OK);
        rs.hands = 16;
        jong_player *p[4];
        for (int s = 0; s < 4; s++)
            assert_int_equal(jong_player_create(lineups[game % 3][s], &p[s], NULL), JONG_OK);
        jong_table t = {.rules = &rs, .seed = 2026, .game_number = game, .check = true};
        memcpy(t.players, p, sizeof p);
        jong_game_result r;
        jong_error err;
        int rc = jong_table_play(&t, &r, &err);
        if (rc)
            fprintf(stderr, "game %d: %s\n", game, err.msg);
        assert_int_equal(rc, JONG_OK);
        hands += r.hands;
        for (int s = 0; s < 4; s++)
            wins += r.seats[s].wins;
        for (int s = 0; s < 4; s++)
            jong_player_free(p[s]);
        game++;
    }
    assert_true(wins > hands / 10);
    fprintf(stderr, "checking mode: %d hands, %d games, %d wins, no broken invariant\n", hands, game, wins);
}

static void full_game_and_hand_match(void **state)
{
    (void)state;
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_TAIWAN);
    jong_player *p[4];
    for (int s = 0; s < 4; s++)
        assert_int_equal(jong_player_create("greedy", &p[s], NULL), JONG_OK);
    static event_log log;
    log.n = 0;
    jong_table t = {.rules = &rs, .seed = 11, .sink = log_event, .sink_ctx = &log};
    memcpy(t.players, p, sizeof p);
    jong_game_result r;
    assert_int_equal(jong_table_play(&t, &r, NULL), JONG_OK);
    assert_true(r.hands >= 16);
    /* the last hand is North round's fourth dealer, and the game ends right after it */
    int last = -1;
    for (int i = 0; i < log.n; i++)
        if (log.ev[i].type == JONG_EV_START_HAND)
            last = i;
    assert_int_equal(log.ev[last].round_wind, 3);
    assert_int_equal(log.ev[last].dealer, 3);
    assert_int_equal(log.ev[log.n - 1].type, JONG_EV_END_GAME);
    rs.hands = 5;
    assert_int_equal(jong_table_play(&t, &r, NULL), JONG_OK);
    assert_int_equal(r.hands, 5);
    for (int s = 0; s < 4; s++)
        jong_player_free(p[s]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(win_beats_pon_beats_chi),
        cmocka_unit_test(pon_beats_chi_and_then_only_discards),
        cmocka_unit_test(chi_when_nobody_else_claims),
        cmocka_unit_test(head_bump_nearest_wins),
        cmocka_unit_test(multiple_winners_option),
        cmocka_unit_test(robbing_the_kong),
        cmocka_unit_test(passing_the_robbery_completes_the_kong),
        cmocka_unit_test(concealed_kong_is_not_robbed),
        cmocka_unit_test(missed_win_bars_the_kind_until_own_discard),
        cmocka_unit_test(missed_win_option_off),
        cmocka_unit_test(flower_replacement_chains),
        cmocka_unit_test(seven_flowers_rob_the_eighth),
        cmocka_unit_test(seven_flowers_passing_goes_on),
        cmocka_unit_test(eight_flowers_win_at_once),
        cmocka_unit_test(exhaustive_draw_leaves_sixteen),
        cmocka_unit_test(dealer_streak_and_rotation),
        cmocka_unit_test(bad_actions_leave_the_state_unchanged),
        cmocka_unit_test(bad_walls_and_options),
        cmocka_unit_test(every_option_prints_and_parses_back),
        cmocka_unit_test(presets_by_name),
        cmocka_unit_test(same_seed_same_events),
        cmocka_unit_test(riichi_wall_red_fives),
        cmocka_unit_test(full_game_and_hand_match),
        cmocka_unit_test(checking_mode_on_self_play),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
