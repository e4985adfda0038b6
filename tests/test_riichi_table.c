/* The riichi engine on arranged walls (tests/support/stacked_wall.*): each rule of the hand as
 * it plays out — riichi and its stick, ippatsu and its break, double riichi, the locked hand,
 * the three furiten kinds, kuikae, kan-dora timing, chankan (kokushi on an ankan), double ron
 * with honba and sticks, triple ron, every abortive draw, haitei, houtei, the exhaustive draw
 * with tenpai payments and nagashi mangan. Every step is followed by jong_game_check. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "jong/jong.h"
#include "support/parse_or_fail.h"
#define RIICHI_STEPS_ON_LOGBUF
#include "support/riichi_steps.h"
#include "support/stacked_wall.h"

static event_log logbuf;

static int32_t total(const jong_game *g)
{
    int32_t s[JONG_SEATS];
    jong_game_scores(g, s);
    return s[0] + s[1] + s[2] + s[3];
}

/* Hands that take no part: no pair a discard below can be ponned with, no chi shapes. */
#define T0 "123m456m789m234p5s"   /* waits 5s (tanki) */
#define T1 "123p456p789p78sCC"    /* waits 6s 9s */

static void riichi_stick_double_riichi_and_ippatsu(void **state)
{
    (void)state;
    const char *hands[4] = {T0, "147m158p369sEESS", "258m369p147sWWNN", "369m147p258sPPFF"};
    jong_game *g = stacked_riichi_game("", hands, "9s - - - 5s", "", &logbuf);
    assert_int_equal(turn(g), 0);
    /* a discard that declares riichi leaves the hand waiting: 9s (5s tanki) and 5s (9s tanki) */
    assert_true(can(g, 0, JONG_ACT_DISCARD, "9s", JONG_ACT_FLAG_RIICHI));
    assert_true(can(g, 0, JONG_ACT_DISCARD, "5s", JONG_ACT_FLAG_RIICHI));
    assert_false(can(g, 0, JONG_ACT_DISCARD, "1m", JONG_ACT_FLAG_RIICHI));
    play(g, 0, JONG_ACT_DISCARD, "9s", JONG_ACT_FLAG_RIICHI);
    /* reach, then the dahai, then reach_accepted with the stick paid */
    int r = find_event(&logbuf, JONG_EV_REACH, 0);
    assert_true(r >= 0);
    assert_int_equal(logbuf.ev[r + 1].type, JONG_EV_DISCARD);
    const jong_event *acc = last_of(JONG_EV_REACH_ACCEPTED);
    assert_non_null(acc);
    assert_int_equal(acc->actor, 0);
    assert_int_equal(acc->deltas[0], -1000);
    assert_int_equal(acc->scores[0], 24000);
    jong_view v;
    jong_game_view(g, 2, &v);
    assert_int_equal(v.kyotaku, 1);
    assert_true(v.riichi[0]);
    assert_int_equal(v.seats[0].riichi_at, 0);            /* the declaring discard */
    assert_int_equal(v.seats[0].discard_tsumogiri, 1);    /* 9s was the tile just drawn */
    assert_int_equal(v.seats[1].riichi_at, -1);
    assert_int_equal(total(g), 99000);
    tsumogiri(g, 3);
    /* locked: the drawn tile or tsumo, nothing else */
    assert_int_equal(turn(g), 0);
    jong_action a[JONG_MAX_ACTIONS];
    int n = jong_game_legal(g, 0, a);
    assert_int_equal(n, 2);
    assert_true(can(g, 0, JONG_ACT_DISCARD, "5s", 0));
    play(g, 0, JONG_ACT_SELF_DRAW_WIN, "5s", 0);
    const jong_event *w = last_of(JONG_EV_WIN);
    assert_true(has_yaku(w, JONG_YAKU_DOUBLE_RIICHI));
    assert_false(has_yaku(w, JONG_YAKU_RIICHI));
    assert_true(has_yaku(w, JONG_YAKU_IPPATSU));
    assert_true(has_yaku(w, JONG_YAKU_MENZEN_TSUMO));
    assert_int_equal(w->nura, 1);
    /* the stick comes back to the winner; every point is on a score again */
    assert_int_equal(w->deltas[0], w->score.pay.points + 1000);
    assert_int_equal(total(g), 100000);
    jong_game_free(g);
}

static void riichi_ronned_pays_no_stick(void **state)
{
    (void)state;
    const char *hands[4] = {T0, "123p456p789p78sEE", "258m369p147sWWNN", "369m147p258sPPFF"};
    jong_game *g = stacked_riichi_game("", hands, "9s", "", &logbuf);
    play(g, 0, JONG_ACT_DISCARD, "9s", JONG_ACT_FLAG_RIICHI);
    assert_true(can(g, 1, JONG_ACT_WIN, "9s", 0));
    play(g, 1, JONG_ACT_WIN, "9s", 0);
    assert_null(last_of(JONG_EV_REACH_ACCEPTED));
    const jong_event *w = last_of(JONG_EV_WIN);
    assert_int_equal(w->target, 0);
    assert_int_equal(w->deltas[0], -w->score.pay.points);
    assert_int_equal(w->nura, 0);
    assert_int_equal(total(g), 100000);
    jong_game_free(g);
}

static void ippatsu_broken_by_a_call(void **state)
{
    (void)state;
    const char *hands[4] = {T0, "147m158p369sEESS", "258m369p147sWWNN", "369m147p258sPPFF"};
    /* seat 0 discards N, then declares riichi with 9s; seat 2 discards P, seat 3 pons it; seat 0
     * then draws 5s: riichi and tsumo, no ippatsu */
    jong_game *g = stacked_riichi_game("", hands, "N - - - 9s - P 5s", "", &logbuf);
    play(g, 0, JONG_ACT_DISCARD, "N", 0);
    tsumogiri(g, 3);
    play(g, 0, JONG_ACT_DISCARD, "9s", JONG_ACT_FLAG_RIICHI);
    tsumogiri(g, 1);
    pass_all(g);
    assert_int_equal(turn(g), 2);
    play(g, 2, JONG_ACT_DISCARD, "P", 0);
    play(g, 3, JONG_ACT_PON, "P", 0);
    /* after the pon, P itself may not be discarded (kuikae) */
    assert_false(can(g, 3, JONG_ACT_DISCARD, "P", 0));
    play(g, 3, JONG_ACT_DISCARD, "1p", 0);
    pass_all(g);
    play(g, 0, JONG_ACT_SELF_DRAW_WIN, "5s", 0);
    const jong_event *w = last_of(JONG_EV_WIN);
    assert_true(has_yaku(w, JONG_YAKU_RIICHI));
    assert_false(has_yaku(w, JONG_YAKU_DOUBLE_RIICHI));
    assert_false(has_yaku(w, JONG_YAKU_IPPATSU));
    jong_game_free(g);
}

static void furiten_own_discards(void **state)
{
    (void)state;
    const char *hands[4] = {"147m258p39sEESSN", T1, "258m369p147sWWNN", "369m147p258sPPFF"};
    /* seat 1 draws 9s (a win) and discards it: furiten; seat 2's 6s is then no ron; seat 1 still
     * wins by tsumo on 6s */
    jong_game *g = stacked_riichi_game("", hands, "- 9s 6s - - 6s", "", &logbuf);
    assert_int_equal(jong_game_furiten(g, 1), 0);
    tsumogiri(g, 1);
    assert_int_equal(turn(g), 1);
    assert_true(can(g, 1, JONG_ACT_SELF_DRAW_WIN, "9s", 0));
    play(g, 1, JONG_ACT_DISCARD, "9s", 0);
    pass_all(g);
    /* what the tables show the seat (jong_game_furiten) says the same */
    assert_int_equal(jong_game_furiten(g, 1), JONG_FURITEN_DISCARD);
    assert_int_equal(jong_game_furiten(g, 2), 0);
    play(g, 2, JONG_ACT_DISCARD, "6s", 0);
    assert_false(can(g, 1, JONG_ACT_WIN, "6s", 0));
    tsumogiri(g, 2);
    assert_int_equal(turn(g), 1);
    play(g, 1, JONG_ACT_SELF_DRAW_WIN, "6s", 0);
    assert_true(has_yaku(last_of(JONG_EV_WIN), JONG_YAKU_MENZEN_TSUMO));
    jong_game_free(g);
}

static void furiten_temporary_until_own_discard(void **state)
{
    (void)state;
    const char *hands[4] = {"147m258p39sEESSN", T1, "258m369p147sWWNN", "369m147p258sPPFF"};
    /* seat 2 discards 9s: seat 1 passes; seat 3's 6s: no ron; after seat 1's own discard, seat
     * 2's 6s is a ron again */
    jong_game *g = stacked_riichi_game("", hands, "- - 9s 6s - - 6s", "", &logbuf);
    tsumogiri(g, 2);
    play(g, 2, JONG_ACT_DISCARD, "9s", 0);
    assert_true(can(g, 1, JONG_ACT_WIN, "9s", 0));
    assert_int_equal(jong_game_furiten(g, 1), 0);
    pass_all(g);
    assert_int_equal(jong_game_furiten(g, 1), JONG_FURITEN_PASSED);
    play(g, 3, JONG_ACT_DISCARD, "6s", 0);
    assert_false(can(g, 1, JONG_ACT_WIN, "6s", 0));
    tsumogiri(g, 2);
    assert_int_equal(jong_game_furiten(g, 1), 0);
    play(g, 2, JONG_ACT_DISCARD, "6s", 0);
    play(g, 1, JONG_ACT_WIN, "6s", 0);
    assert_int_equal(last_of(JONG_EV_WIN)->target, 2);
    jong_game_free(g);
}

static void furiten_riichi_for_the_rest_of_the_hand(void **state)
{
    (void)state;
    const char *hands[4] = {"147m258p39sEESSN", T1, "258m369p147sWWNN", "369m147p258sPPFF"};
    /* seat 1 declares riichi, passes seat 2's 9s, discards again, and still may not ron seat 2's
     * 6s; it wins by tsumo on its next 9s */
    jong_game *g = stacked_riichi_game("", hands, "- W 9s - - - 6s - - 9s", "", &logbuf);
    tsumogiri(g, 1);
    play(g, 1, JONG_ACT_DISCARD, "W", JONG_ACT_FLAG_RIICHI);
    pass_all(g);
    play(g, 2, JONG_ACT_DISCARD, "9s", 0);
    assert_true(can(g, 1, JONG_ACT_WIN, "9s", 0));
    pass_all(g);
    assert_int_equal(jong_game_furiten(g, 1), JONG_FURITEN_PASSED | JONG_FURITEN_RIICHI);
    tsumogiri(g, 3);  /* seats 3, 0 and 1 (seat 1's own discard) */
    assert_int_equal(turn(g), 2);
    assert_int_equal(jong_game_furiten(g, 1), JONG_FURITEN_RIICHI);
    play(g, 2, JONG_ACT_DISCARD, "6s", 0);
    assert_false(can(g, 1, JONG_ACT_WIN, "6s", 0));
    tsumogiri(g, 2);
    assert_int_equal(turn(g), 1);
    play(g, 1, JONG_ACT_SELF_DRAW_WIN, "9s", 0);
    /* declared on its first discard with no call before: a double riichi */
    assert_true(has_yaku(last_of(JONG_EV_WIN), JONG_YAKU_DOUBLE_RIICHI));
    jong_game_free(g);
}

static void kuikae_after_chi(void **state)
{
    (void)state;
    const char *hands[4] = {"17m258p39sEESSNN", "3456m123p456p789p", "258m369p147sWWNN", "369m147p258sPPFF"};
    jong_game *g = stacked_riichi_game("", hands, "3m", "", &logbuf);
    play(g, 0, JONG_ACT_DISCARD, "3m", 0);
    /* 3m with 45m (low 3m) or with... only 45m: 3m and 6m are barred after it */
    jong_action a[JONG_MAX_ACTIONS];
    int n = jong_game_legal(g, 1, a), chi = -1;
    for (int i = 0; i < n; i++)
        if (a[i].type == JONG_ACT_CHI && a[i].low == kind_of("3m"))
            chi = i;
    assert_true(chi >= 0);
    jong_error err;
    assert_int_equal(jong_game_act(g, 1, &a[chi], &err), JONG_OK);
    check(g);
    assert_int_equal(turn(g), 1);
    assert_false(can(g, 1, JONG_ACT_DISCARD, "3m", 0));
    assert_false(can(g, 1, JONG_ACT_DISCARD, "6m", 0));
    assert_true(can(g, 1, JONG_ACT_DISCARD, "1p", 0));
    /* no riichi, kan or tsumo right after a call */
    assert_false(can(g, 1, JONG_ACT_SELF_DRAW_WIN, NULL, 0));
    jong_game_free(g);
}

static void kan_dora_timing(void **state)
{
    (void)state;
    /* seat 0: ankan of 1m at once (dora, then the replacement draw); seat 1: daiminkan of 2p
     * (replacement draw, then the dora just before its discard) */
    const char *hands[4] = {"1111m58p369sEESN", "222p258m369sWWNN", "258m36p147sPPFFC", "369m147p258sSCCW"};
    jong_game *g = stacked_riichi_game("", hands, "2p", "7s 8s 9s 6s 1s 1s 2s 2s 3s 3s", &logbuf);
    /* the first indicator is back[4] */
    const jong_event *st = last_of(JONG_EV_START_HAND);
    assert_int_equal(st->dora_marker, kind_of("1s"));
    play(g, 0, JONG_ACT_CONCEALED_KONG, "1m", 0);
    int k = find_event(&logbuf, JONG_EV_CONCEALED_KONG, 0);
    assert_int_equal(logbuf.ev[k + 1].type, JONG_EV_DORA);
    assert_int_equal(logbuf.ev[k + 1].dora_marker, kind_of("2s"));
    assert_int_equal(logbuf.ev[k + 2].type, JONG_EV_DRAW);
    assert_true(logbuf.ev[k + 2].replacement);
    assert_int_equal(logbuf.ev[k + 2].tile, kind_of("7s"));
    play(g, 0, JONG_ACT_DISCARD, "2p", 0);
    play(g, 1, JONG_ACT_KONG, "2p", 0);
    int dk = find_event(&logbuf, JONG_EV_KONG, 0);
    assert_int_equal(logbuf.ev[dk + 1].type, JONG_EV_DRAW);
    assert_int_equal(logbuf.ev[dk + 1].tile, kind_of("8s"));
    assert_int_equal(logbuf.n, dk + 2);  /* no dora yet */
    jong_view v;
    jong_game_view(g, 3, &v);
    assert_int_equal(v.ndora, 2);
    play(g, 1, JONG_ACT_DISCARD, "8s", 0);
    assert_int_equal(logbuf.ev[dk + 2].type, JONG_EV_DORA);
    assert_int_equal(logbuf.ev[dk + 2].dora_marker, kind_of("3s"));
    assert_int_equal(logbuf.ev[dk + 3].type, JONG_EV_DISCARD);
    jong_game_view(g, 3, &v);
    assert_int_equal(v.ndora, 3);
    /* two draws from the live wall (seat 0's, then seat 2's after the discard), and two kans:
     * each moved a tile of the live wall to the dead wall */
    assert_int_equal(v.wall_left, 70 - 2 - 2);
    jong_game_free(g);
}

static void second_kan_shows_the_waiting_dora_first(void **state)
{
    (void)state;
    /* seat 1: daiminkan of 2p, then on its replacement tile an ankan of 3s: the daiminkan's
     * indicator is shown at once, then the ankan's, then the second replacement draw */
    const char *hands[4] = {"2p147m58p69sEESNW", "222p3333s345m678m", "258m369p147sWWNN", "369m147p258sPPFF"};
    jong_game *g = stacked_riichi_game("", hands, "", "1s 1s 9s 9s 5m 5m 6p 6p 7p 7p", &logbuf);
    play(g, 0, JONG_ACT_DISCARD, "2p", 0);
    play(g, 1, JONG_ACT_KONG, "2p", 0);
    play(g, 1, JONG_ACT_CONCEALED_KONG, "3s", 0);
    int k = find_event(&logbuf, JONG_EV_CONCEALED_KONG, 0);
    assert_int_equal(logbuf.ev[k + 1].type, JONG_EV_DORA);
    assert_int_equal(logbuf.ev[k + 1].dora_marker, kind_of("6p"));
    assert_int_equal(logbuf.ev[k + 2].type, JONG_EV_DORA);
    assert_int_equal(logbuf.ev[k + 2].dora_marker, kind_of("7p"));
    assert_int_equal(logbuf.ev[k + 3].type, JONG_EV_DRAW);
    assert_true(logbuf.ev[k + 3].replacement);
    /* the discard shows nothing more */
    play(g, 1, JONG_ACT_DISCARD, "1s", 0);
    assert_int_equal(logbuf.ev[k + 4].type, JONG_EV_DISCARD);
    jong_game_free(g);
}

static void ankan_after_riichi_in_the_engine(void **state)
{
    (void)state;
    /* in riichi on 5s with 111m, the fourth 1m may be kanned (the waits stay 5s) */
    const char *hands[4] = {"111m456m789m234p5s", "247m158p369sEESS", "258m369p147sWWNN", "369m147p258sPPFF"};
    jong_game *g = stacked_riichi_game("", hands, "9s - - - 1m", "", &logbuf);
    play(g, 0, JONG_ACT_DISCARD, "9s", JONG_ACT_FLAG_RIICHI);
    tsumogiri(g, 3);
    assert_int_equal(turn(g), 0);
    assert_true(can(g, 0, JONG_ACT_CONCEALED_KONG, "1m", 0));
    assert_true(can(g, 0, JONG_ACT_DISCARD, "1m", 0));
    assert_false(can(g, 0, JONG_ACT_DISCARD, "5s", 0));
    play(g, 0, JONG_ACT_CONCEALED_KONG, "1m", 0);
    assert_int_equal(last_of(JONG_EV_DRAW)[-1].type, JONG_EV_DORA);
    assert_int_equal(turn(g), 0);  /* still in riichi: the replacement tile or tsumo only */
    jong_action a[JONG_MAX_ACTIONS];
    assert_true(jong_game_legal(g, 0, a) <= 2);
    jong_game_free(g);
}

static void rinshan_win_without_the_open_kans_dora(void **state)
{
    (void)state;
    /* seat 1 makes a daiminkan of 2p and wins on the replacement tile: rinshan kaihou; the
     * kan's indicator (1s: dora 2s, held twice) is not shown yet and does not count */
    const char *hands[4] = {"2p147m58p369sEESN", "222p345m678m22s34s", "258m369p147sWWNN", "369m147p258sPPFF"};
    jong_game *g = stacked_riichi_game("", hands, "", "5s - - - 9p - 1s", &logbuf);
    tsumogiri(g, 0);
    play(g, 0, JONG_ACT_DISCARD, "2p", 0);
    play(g, 1, JONG_ACT_KONG, "2p", 0);
    assert_int_equal(turn(g), 1);
    play(g, 1, JONG_ACT_SELF_DRAW_WIN, "5s", 0);
    const jong_event *w = last_of(JONG_EV_WIN);
    assert_true(has_yaku(w, JONG_YAKU_RINSHAN));
    assert_int_equal(w->score.dora, 0);
    assert_null(last_of(JONG_EV_DORA));
    jong_game_free(g);
}

static void chankan_on_an_added_kan(void **state)
{
    (void)state;
    /* seat 0 pons seat 3's 3p (seat 2, waiting on 3p, passes it), then draws the fourth 3p and
     * adds it: seat 2 robs the kan */
    const char *hands[4] = {"33p147m258s69sEEC", "258m258p369sWWNN", "12p456p789p123sSS", "369m147p258sPPFF"};
    jong_game *g = stacked_riichi_game("", hands, "- - - 3p - - - 3p", "", &logbuf);
    tsumogiri(g, 3);
    assert_int_equal(turn(g), 3);
    play(g, 3, JONG_ACT_DISCARD, "3p", 0);
    assert_true(can(g, 2, JONG_ACT_WIN, "3p", 0));
    play(g, 2, JONG_ACT_PASS, NULL, 0);
    play(g, 0, JONG_ACT_PON, "3p", 0);
    play(g, 0, JONG_ACT_DISCARD, "C", 0);
    tsumogiri(g, 3);
    assert_int_equal(turn(g), 0);
    play(g, 0, JONG_ACT_ADDED_KONG, "3p", 0);
    assert_true(can(g, 2, JONG_ACT_WIN, "3p", 0));
    play(g, 2, JONG_ACT_WIN, "3p", 0);
    const jong_event *w = last_of(JONG_EV_WIN);
    assert_true(has_yaku(w, JONG_YAKU_CHANKAN));
    assert_int_equal(w->target, 0);
    assert_null(last_of(JONG_EV_DORA));  /* the robbed kan never stood */
    jong_game_free(g);
}

static void kakan_dora_after_the_replacement_draw(void **state)
{
    (void)state;
    /* the chankan layout, but seat 2 lets the added kan stand: replacement draw, then the kan's
     * indicator just before seat 0's discard */
    const char *hands[4] = {"33p147m258s69sEEC", "258m258p369sWWNN", "12p456p789p123sSS", "369m147p258sPPFF"};
    jong_game *g = stacked_riichi_game("", hands, "- - - 3p - - - 3p", "9m - - - 1s - 2s", &logbuf);
    tsumogiri(g, 3);
    play(g, 3, JONG_ACT_DISCARD, "3p", 0);
    play(g, 2, JONG_ACT_PASS, NULL, 0);
    play(g, 0, JONG_ACT_PON, "3p", 0);
    play(g, 0, JONG_ACT_DISCARD, "C", 0);
    tsumogiri(g, 3);
    play(g, 0, JONG_ACT_ADDED_KONG, "3p", 0);
    pass_all(g);
    int k = find_event(&logbuf, JONG_EV_ADDED_KONG, 0);
    assert_int_equal(logbuf.ev[k + 1].type, JONG_EV_DRAW);
    assert_true(logbuf.ev[k + 1].replacement);
    assert_int_equal(logbuf.ev[k + 1].tile, kind_of("9m"));
    assert_int_equal(logbuf.n, k + 2);
    play(g, 0, JONG_ACT_DISCARD, "9m", 0);
    assert_int_equal(logbuf.ev[k + 2].type, JONG_EV_DORA);
    assert_int_equal(logbuf.ev[k + 2].dora_marker, kind_of("2s"));
    assert_int_equal(logbuf.ev[k + 3].type, JONG_EV_DISCARD);
    jong_game_free(g);
}

static void kokushi_robs_a_concealed_kan(void **state)
{
    (void)state;
    const char *hands[4] = {"1111m234p567p234s", "9m19p19sESWNPFCC", "223558m258p6789s", "3369m36p5678sEEE"};
    jong_game *g = stacked_riichi_game("", hands, "", "", &logbuf);
    play(g, 0, JONG_ACT_CONCEALED_KONG, "1m", 0);
    assert_int_equal(jong_game_pending(g), 1u << 1);  /* only the thirteen orphans may rob it */
    play(g, 1, JONG_ACT_WIN, "1m", 0);
    const jong_event *w = last_of(JONG_EV_WIN);
    assert_true(has_yaku(w, JONG_YAKU_KOKUSHI_MUSOU));
    assert_int_equal(w->score.yakuman, 1);
    jong_game_free(g);
}

/* Hand 1: the dealer declares riichi, seat 1 aborts with nine terminals (honba 1, one stick);
 * hand 2 on `hands2`. */
static jong_game *after_nine_terminals(const char *options, const char *const hands2[4], const char *front2)
{
    const char *hands[4] = {T0, "19m19p12345sESWN", "258m369p147sWWNN", "369m147p258sPPFF"};
    jong_game *g = stacked_riichi_game(options, hands, "9s", "", &logbuf);
    play(g, 0, JONG_ACT_DISCARD, "9s", JONG_ACT_FLAG_RIICHI);
    pass_all(g);
    assert_int_equal(turn(g), 1);
    play(g, 1, JONG_ACT_NINE_TERMINALS, NULL, 0);
    const jong_event *d = last_of(JONG_EV_EXHAUSTED);
    assert_int_equal(d->reason, JONG_DRAW_NINE_TERMINALS);
    assert_true(jong_game_hand_over(g));
    uint8_t wall[JONG_WALL_MAX];
    int n = stack_riichi_wall(0, hands2, front2, "", wall);
    assert_true(n > 0);
    jong_error err;
    assert_int_equal(jong_game_start_hand_with_wall(g, wall, n, &err), JONG_OK);
    check(g);
    const jong_event *st = last_of(JONG_EV_START_HAND);
    assert_int_equal(st->dealer, 0);
    assert_int_equal(st->streak, 1);
    assert_int_equal(st->kyotaku, 1);
    return g;
}

static void double_ron_honba_and_sticks_to_the_first(void **state)
{
    (void)state;
    const char *hands[4] = {"147m258p39sEESSN", "123p456p789p46sEE", "123m456m789m46sWW", "369m147p258sPPFF"};
    jong_game *g = after_nine_terminals("", hands, "5s");
    play(g, 0, JONG_ACT_DISCARD, "5s", 0);
    play(g, 1, JONG_ACT_WIN, "5s", 0);
    play(g, 2, JONG_ACT_WIN, "5s", 0);
    const jong_event *w2 = last_of(JONG_EV_WIN), *w1 = w2 - 1;
    assert_int_equal(w1->type, JONG_EV_WIN);
    assert_int_equal(w1->actor, 1);
    assert_int_equal(w2->actor, 2);
    assert_int_equal(w1->deltas[1], w1->score.pay.points + 300 + 1000);
    assert_int_equal(w2->deltas[2], w2->score.pay.points);
    assert_int_equal(w1->deltas[0] + w2->deltas[0], -(w1->score.pay.points + 300 + w2->score.pay.points));
    assert_int_equal(total(g), 100000);
    jong_game_free(g);
}

static const char *const three_waits[4] = {"147m258p39s1sEEFC", "123p456p789p46sEE", "123m456m789m46sWW",
                                           "SSSNNNPPP789s5s"};

/* The dealer throws 5s and the three others (three_waits) all call ron on it. */
static void three_rons_on_5s(jong_game *g)
{
    play(g, 0, JONG_ACT_DISCARD, "5s", 0);
    play(g, 1, JONG_ACT_WIN, "5s", 0);
    play(g, 2, JONG_ACT_WIN, "5s", 0);
    play(g, 3, JONG_ACT_WIN, "5s", 0);
}

static void triple_ron_aborts(void **state)
{
    (void)state;
    /* three rons on one discard: an abortive draw, nothing paid, the dealer stays, honba + 1 */
    jong_game *g = after_nine_terminals("", three_waits, "5s");
    int32_t before[4], after[4];
    jong_game_scores(g, before);
    three_rons_on_5s(g);
    assert_null(last_of(JONG_EV_WIN));
    assert_int_equal(last_of(JONG_EV_EXHAUSTED)->reason, JONG_DRAW_TRIPLE_RON);
    jong_game_scores(g, after);
    assert_memory_equal(before, after, sizeof before);
    jong_error err;
    assert_int_equal(jong_game_start_hand(g, &err), JONG_OK);
    const jong_event *st = find_event(&logbuf, JONG_EV_START_HAND, 0) >= 0 ? last_of(JONG_EV_START_HAND) : NULL;
    assert_int_equal(st->dealer, 0);
    assert_int_equal(st->streak, 2);
    assert_int_equal(st->kyotaku, 1);
    jong_game_free(g);
}

static void triple_ron_wins_when_the_rules_say_so(void **state)
{
    (void)state;
    /* triple_ron=win (Mahjong Soul): all three win, the first after the discarder takes the honba
     * and the stick, the dealer (the discarder) pays every win, and the deal passes */
    jong_game *g = after_nine_terminals("triple_ron=win", three_waits, "5s");
    three_rons_on_5s(g);
    const jong_event *w3 = last_of(JONG_EV_WIN), *w2 = w3 - 1, *w1 = w3 - 2;
    assert_int_equal(w1->type, JONG_EV_WIN);
    assert_int_equal(w2->type, JONG_EV_WIN);
    assert_int_equal(w1->actor, 1);
    assert_int_equal(w2->actor, 2);
    assert_int_equal(w3->actor, 3);
    assert_int_equal(w1->deltas[1], w1->score.pay.points + 300 + 1000);
    assert_int_equal(w2->deltas[2], w2->score.pay.points);
    assert_int_equal(w3->deltas[3], w3->score.pay.points);
    assert_int_equal(w1->deltas[0] + w2->deltas[0] + w3->deltas[0],
                     -(w1->score.pay.points + 300 + w2->score.pay.points + w3->score.pay.points));
    assert_int_equal(total(g), 100000);
    jong_error err;
    assert_int_equal(jong_game_start_hand(g, &err), JONG_OK);
    const jong_event *st = last_of(JONG_EV_START_HAND);
    assert_int_equal(st->dealer, 1);
    assert_int_equal(st->streak, 0);
    assert_int_equal(st->kyotaku, 0);
    jong_game_free(g);
}

static void head_bump_when_double_ron_is_off(void **state)
{
    (void)state;
    jong_game *g = after_nine_terminals("double_ron=off", three_waits, "5s");
    three_rons_on_5s(g);
    const jong_event *w = last_of(JONG_EV_WIN);
    assert_int_equal(w->actor, 1);  /* the nearest after the discarder, alone */
    assert_int_equal(w[-1].type, JONG_EV_DISCARD);
    assert_int_equal(w->deltas[1], w->score.pay.points + 300 + 1000);
    jong_game_free(g);
}

static void four_winds_abort(void **state)
{
    (void)state;
    const char *hands[4] = {"147m258p369sESSN", "258m369p147sEWWN", "369m147p258sEPPF", "147m258p369sEFFC"};
    for (int on = 1; on >= 0; on--) {
        jong_game *g = stacked_riichi_game(on ? "" : "abortive_draws=off", hands, "", "", &logbuf);
        for (int s = 0; s < 4; s++) {
            pass_all(g);
            assert_int_equal(turn(g), s);
            play(g, s, JONG_ACT_DISCARD, "E", 0);
        }
        if (on) {
            assert_true(jong_game_hand_over(g));
            const jong_event *d = last_of(JONG_EV_EXHAUSTED);
            assert_int_equal(d->reason, JONG_DRAW_FOUR_WINDS);
            assert_int_equal(d->deltas[0], 0);
        } else {
            assert_false(jong_game_hand_over(g));
        }
        jong_game_free(g);
    }
}

static void four_riichi_abort(void **state)
{
    (void)state;
    const char *hands[4] = {T0, "123p456p789p46sEE", "123s789s456mWW55p", "SSSNNNPPP789m1s"};
    jong_game *g = stacked_riichi_game("", hands, "C C F F", "", &logbuf);
    const char *draw[4] = {"C", "C", "F", "F"};
    for (int s = 0; s < 4; s++) {
        pass_all(g);
        assert_int_equal(turn(g), s);
        play(g, s, JONG_ACT_DISCARD, draw[s], JONG_ACT_FLAG_RIICHI);
    }
    assert_true(jong_game_hand_over(g));
    assert_int_equal(last_of(JONG_EV_EXHAUSTED)->reason, JONG_DRAW_FOUR_RIICHI);
    /* the fourth stick was paid before the abort; all four stay on the table */
    const jong_event *end = last_of(JONG_EV_END_HAND);
    for (int s = 0; s < 4; s++)
        assert_int_equal(end->scores[s], 24000);
    jong_error err;
    assert_int_equal(jong_game_start_hand(g, &err), JONG_OK);
    const jong_event *st = last_of(JONG_EV_START_HAND);
    assert_int_equal(st->kyotaku, 4);
    assert_int_equal(st->streak, 1);
    assert_int_equal(st->dealer, 0);
    assert_int_equal(total(g), 96000);
    jong_game_free(g);
}

static void four_kans_by_several_players_abort(void **state)
{
    (void)state;
    const char *hands[4] = {"1111m58p369sEESN", "2222p258m369sWWN", "4444s147p258mPPF", "CCCC369p369mFFW"};
    const char *quad[4] = {"1m", "2p", "4s", "C"};
    jong_game *g = stacked_riichi_game("", hands, "", "", &logbuf);
    for (int s = 0; s < 4; s++) {
        pass_all(g);
        assert_int_equal(turn(g), s);
        play(g, s, JONG_ACT_CONCEALED_KONG, quad[s], 0);
        assert_int_equal(last_of(JONG_EV_DORA) + 1, last_of(JONG_EV_DRAW));
        tsumogiri(g, 1);
    }
    assert_true(jong_game_hand_over(g));
    assert_int_equal(last_of(JONG_EV_EXHAUSTED)->reason, JONG_DRAW_FOUR_KANS);
    int doras = 0;
    for (int i = 0; i < logbuf.n; i++)
        doras += logbuf.ev[i].type == JONG_EV_DORA;
    assert_int_equal(doras, 4);
    jong_game_free(g);
}

static void nine_terminals_only_on_the_first_uninterrupted_draw(void **state)
{
    (void)state;
    const char *hands[4] = {"147m258p39sEESSC", "19m19p12345sESWN", "258m369p147sNNPF", "369m147p258sWWCC"};
    jong_game *g = stacked_riichi_game("", hands, "", "", &logbuf);
    tsumogiri(g, 1);
    assert_true(can(g, 1, JONG_ACT_NINE_TERMINALS, NULL, 0));
    tsumogiri(g, 4);
    assert_int_equal(turn(g), 1);
    assert_false(can(g, 1, JONG_ACT_NINE_TERMINALS, NULL, 0));  /* its second draw */
    jong_game_free(g);
    /* a call before the seat's first draw ends the first go-around */
    g = stacked_riichi_game("", hands, "N", "", &logbuf);
    play(g, 0, JONG_ACT_DISCARD, "N", 0);
    play(g, 2, JONG_ACT_PON, "N", 0);
    play(g, 2, JONG_ACT_DISCARD, "P", 0);
    tsumogiri(g, 2);
    assert_int_equal(turn(g), 1);
    assert_false(can(g, 1, JONG_ACT_NINE_TERMINALS, NULL, 0));
    jong_game_free(g);
    /* and the option is off with abortive draws off */
    g = stacked_riichi_game("abortive_draws=off", hands, "", "", &logbuf);
    tsumogiri(g, 1);
    assert_false(can(g, 1, JONG_ACT_NINE_TERMINALS, NULL, 0));
    jong_game_free(g);
}

static void riichi_needs_a_thousand_points(void **state)
{
    (void)state;
    const char *hands[4] = {T0, "147m158p369sEESS", "258m369p147sWWNN", "369m147p258sPPFF"};
    jong_game *g = stacked_riichi_game("start_score=900", hands, "9s", "", &logbuf);
    assert_false(can(g, 0, JONG_ACT_DISCARD, "9s", JONG_ACT_FLAG_RIICHI));
    assert_true(can(g, 0, JONG_ACT_DISCARD, "9s", 0));
    jong_game_free(g);
}

/* A front of 70 draws: `at` gives the tile of some draws (NULL elsewhere, the filler's). */
static const char *front70(const char *const at[70])
{
    static char buf[1024];
    size_t used = 0;
    for (int i = 0; i < 70; i++)
        used += (size_t)snprintf(buf + used, sizeof buf - used, "%s%s", i ? " " : "", at[i] ? at[i] : "-");
    return buf;
}

/* Seat 1 waits on 5s; every other 5s is in seat 2's hand or (when last) the last live tile. */
static const char *const to_the_end[4] = {"147m258p39sEESSN", T0, "8m369p147s55sWWNN", "369m147p28sPPFFC"};

static void haitei_on_the_last_tile(void **state)
{
    (void)state;
    const char *at[70] = {0};
    at[69] = "5s";  /* the 70th draw is seat 1's (no calls) */
    jong_game *g = stacked_riichi_game("", to_the_end, front70(at), "", &logbuf);
    tsumogiri(g, 65);
    assert_int_equal(turn(g), 1);  /* its 17th draw leaves 4 tiles: riichi is still allowed */
    jong_view v;
    jong_game_view(g, 1, &v);
    assert_int_equal(v.wall_left, 4);
    assert_true(can(g, 1, JONG_ACT_DISCARD, "9s", JONG_ACT_FLAG_RIICHI) ||
                can(g, 1, JONG_ACT_DISCARD, jong_code_name(v.last_draw), JONG_ACT_FLAG_RIICHI));
    tsumogiri(g, 4);
    assert_int_equal(turn(g), 1);
    jong_game_view(g, 1, &v);
    assert_int_equal(v.wall_left, 0);
    assert_false(can(g, 1, JONG_ACT_DISCARD, "5s", JONG_ACT_FLAG_RIICHI));
    play(g, 1, JONG_ACT_SELF_DRAW_WIN, "5s", 0);
    assert_true(has_yaku(last_of(JONG_EV_WIN), JONG_YAKU_HAITEI));
    jong_game_free(g);
}

static void houtei_on_the_last_discard(void **state)
{
    (void)state;
    const char *hands[4] = {"147m258p39sEESSN", "8m369p147s55sWWNN", T0, "369m147p28sPPFFC"};
    const char *at[70] = {0};
    at[69] = "5s";
    jong_game *g = stacked_riichi_game("", hands, front70(at), "", &logbuf);
    tsumogiri(g, 69);
    assert_int_equal(turn(g), 1);
    play(g, 1, JONG_ACT_DISCARD, "5s", 0);
    assert_false(can(g, 3, JONG_ACT_PON, NULL, 0));  /* no call on the last discard */
    play(g, 2, JONG_ACT_WIN, "5s", 0);
    assert_true(has_yaku(last_of(JONG_EV_WIN), JONG_YAKU_HOUTEI));
    jong_game_free(g);
}

static void exhaustive_draw_pays_tenpai(void **state)
{
    (void)state;
    const char *at[70] = {0};
    jong_game *g = stacked_riichi_game("", to_the_end, front70(at), "", &logbuf);
    tsumogiri(g, 70);
    assert_true(jong_game_hand_over(g));
    const jong_event *d = last_of(JONG_EV_EXHAUSTED);
    assert_int_equal(d->reason, JONG_DRAW_EXHAUSTIVE);
    assert_int_equal(d->tenpai, 1u << 1);
    const int32_t want[4] = {-1000, 3000, -1000, -1000};
    assert_memory_equal(d->deltas, want, sizeof want);
    /* the dealer was not tenpai: the deal moves on, with a honba */
    jong_error err;
    assert_int_equal(jong_game_start_hand(g, &err), JONG_OK);
    const jong_event *st = last_of(JONG_EV_START_HAND);
    assert_int_equal(st->dealer, 1);
    assert_int_equal(st->streak, 1);
    jong_game_free(g);
}

static void nagashi_mangan_at_the_draw(void **state)
{
    (void)state;
    static const char *const yaochu[17] = {"1p", "1p", "1p", "9p", "9p", "9p", "1s", "1s", "1s",
                                           "9s", "9s", "9s", "C", "C", "C", "1m", "1m"};
    const char *at[70] = {0};
    for (int i = 0; i < 17; i++)
        at[4 * i + 3] = yaochu[i];  /* seat 3's draws, all discarded */
    for (int on = 1; on >= 0; on--) {
        jong_game *g = stacked_riichi_game(on ? "" : "nagashi=off", to_the_end, front70(at), "", &logbuf);
        tsumogiri(g, 70);
        const jong_event *d = last_of(JONG_EV_EXHAUSTED);
        if (on) {
            assert_int_equal(d->reason, JONG_DRAW_NAGASHI);
            const int32_t want[4] = {-4000, -2000, -2000, 8000};  /* a non-dealer mangan by tsumo */
            assert_memory_equal(d->deltas, want, sizeof want);
        } else {
            assert_int_equal(d->reason, JONG_DRAW_EXHAUSTIVE);
        }
        assert_int_equal(d->tenpai, 1u << 1);
        jong_game_free(g);
    }
}

/* Seat 1 pons the dragons seat 0 discards, the third one making seat 0 liable (pao). */
static jong_game *pao_game(const char *options, const char *front)
{
    const char *hands[4] = {"147m258p369sEESN", "PPFFCC123m9p9p9p5s", "258m369p147sWWNN", "369m147p258sESWN"};
    jong_game *g = stacked_riichi_game(options, hands, front, "", &logbuf);
    const char *dragons[3] = {"P", "F", "C"};
    for (int i = 0; i < 3; i++) {
        pass_all(g);
        assert_int_equal(turn(g), 0);
        play(g, 0, JONG_ACT_DISCARD, dragons[i], 0);
        play(g, 1, JONG_ACT_PON, dragons[i], 0);
        play(g, 1, JONG_ACT_DISCARD, "9p", 0);
        if (i < 2)
            tsumogiri(g, 2);
    }
    return g;
}

static void pao_for_big_three_dragons(void **state)
{
    (void)state;
    /* tsumo: the liable seat pays it all */
    jong_game *g = pao_game("", "P - - F - - C - - - 5s");
    tsumogiri(g, 3);
    play(g, 1, JONG_ACT_SELF_DRAW_WIN, "5s", 0);
    const jong_event *w = last_of(JONG_EV_WIN);
    assert_true(has_yaku(w, JONG_YAKU_DAISANGEN));
    assert_int_equal(w->pao, 0);
    const int32_t all[4] = {-32000, 32000, 0, 0};
    assert_memory_equal(w->deltas, all, sizeof all);
    jong_game_free(g);
    /* another seat's ron: the discarder and the liable seat pay half each */
    g = pao_game("", "P - - F - - C 5s");
    play(g, 2, JONG_ACT_DISCARD, "5s", 0);
    play(g, 1, JONG_ACT_WIN, "5s", 0);
    w = last_of(JONG_EV_WIN);
    const int32_t split[4] = {-16000, 32000, -16000, 0};
    assert_memory_equal(w->deltas, split, sizeof split);
    jong_game_free(g);
    /* pao=off: an ordinary tsumo */
    g = pao_game("pao=off", "P - - F - - C - - - 5s");
    tsumogiri(g, 3);
    play(g, 1, JONG_ACT_SELF_DRAW_WIN, "5s", 0);
    w = last_of(JONG_EV_WIN);
    assert_int_equal(w->pao, -1);
    const int32_t usual[4] = {-16000, 32000, -8000, -8000};
    assert_memory_equal(w->deltas, usual, sizeof usual);
    jong_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(riichi_stick_double_riichi_and_ippatsu),
        cmocka_unit_test(riichi_ronned_pays_no_stick),
        cmocka_unit_test(ippatsu_broken_by_a_call),
        cmocka_unit_test(furiten_own_discards),
        cmocka_unit_test(furiten_temporary_until_own_discard),
        cmocka_unit_test(furiten_riichi_for_the_rest_of_the_hand),
        cmocka_unit_test(kuikae_after_chi),
        cmocka_unit_test(kan_dora_timing),
        cmocka_unit_test(second_kan_shows_the_waiting_dora_first),
        cmocka_unit_test(ankan_after_riichi_in_the_engine),
        cmocka_unit_test(rinshan_win_without_the_open_kans_dora),
        cmocka_unit_test(chankan_on_an_added_kan),
        cmocka_unit_test(kakan_dora_after_the_replacement_draw),
        cmocka_unit_test(kokushi_robs_a_concealed_kan),
        cmocka_unit_test(double_ron_honba_and_sticks_to_the_first),
        cmocka_unit_test(triple_ron_aborts),
        cmocka_unit_test(triple_ron_wins_when_the_rules_say_so),
        cmocka_unit_test(head_bump_when_double_ron_is_off),
        cmocka_unit_test(four_winds_abort),
        cmocka_unit_test(four_riichi_abort),
        cmocka_unit_test(four_kans_by_several_players_abort),
        cmocka_unit_test(nine_terminals_only_on_the_first_uninterrupted_draw),
        cmocka_unit_test(riichi_needs_a_thousand_points),
        cmocka_unit_test(haitei_on_the_last_tile),
        cmocka_unit_test(houtei_on_the_last_discard),
        cmocka_unit_test(exhaustive_draw_pays_tenpai),
        cmocka_unit_test(nagashi_mangan_at_the_draw),
        cmocka_unit_test(pao_for_big_three_dragons),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
