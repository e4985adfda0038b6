/* Three-player riichi (sanma, three_player=on) as Tenhou plays it: the ruleset's defaults, the
 * 108-tile wall, three seats without chi, kita (nukidora) and its rinshan draw, its ron, its
 * break of ippatsu and its limits in riichi, the dora after 1m, the payments with the tsumo
 * loss and 200-point honba, tenpai payments, nagashi, three riichi playing on, the game's
 * length and the final result, on arranged walls (tests/support/stacked_wall.*) and by hand;
 * then the checking mode over 10,000 self-play hands and records that replay. The figures
 * marked "Tenhou" were read off its January 2022 three-player Houou logs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "engine/game_riichi.h"
#include "jong/jong.h"
#include "jong/record.h"
#include "jong/table.h"
#include "support/parse_or_fail.h"
#include "support/sanitized.h"
#define RIICHI_STEPS_ON_LOGBUF
#include "support/riichi_steps.h"
#include "support/stacked_wall.h"

static event_log logbuf;

static int32_t total(const jong_game *g)
{
    int32_t s[JONG_SEATS];
    jong_game_scores(g, s);
    assert_int_equal(s[3], 0);  /* nobody sits there */
    return s[0] + s[1] + s[2];
}

/* ---- the ruleset and the wall ---- */

static void rules_defaults_and_round_trip(void **state)
{
    (void)state;
    jong_ruleset rs = rules_of(JONG_VARIANT_RIICHI, "three_player=on");
    assert_true(rs.three_player);
    assert_int_equal(rs.start_score, 35000);
    assert_int_equal(rs.return_score, 40000);
    const int uma3[4] = {20, 0, -20, 0};
    assert_memory_equal(rs.uma, uma3, sizeof uma3);
    assert_int_equal(jong_ruleset_tiles(&rs), 108);
    assert_int_equal(jong_ruleset_seats(&rs), 3);
    assert_int_equal(jong_ruleset_seat_wind(&rs, 2, 1), 1);  /* dealer seat 1: seat 2 is South */
    assert_int_equal(jong_ruleset_seat_wind(&rs, 0, 1), 2);  /* ... and seat 0 West */
    /* every option prints and parses back, in the order a record header lists them */
    jong_ruleset custom = rules_of(JONG_VARIANT_RIICHI, "three_player=on,uma=15/0/-15,start_score=30000");
    jong_ruleset back;
    jong_ruleset_default(&back, JONG_VARIANT_RIICHI);
    for (int i = 0; i < jong_ruleset_option_count(&custom); i++) {
        char buf[128];
        const char *name = jong_ruleset_option(&custom, i, buf, sizeof buf);
        if (!strcmp(name, "uma"))
            assert_string_equal(buf, "15,0,-15");
        assert_int_equal(jong_ruleset_set(&back, name, buf, NULL), JONG_OK);
    }
    assert_memory_equal(&custom, &back, sizeof custom);
    /* values given before three_player=on that are not the four-player defaults stay */
    jong_ruleset early = rules_of(JONG_VARIANT_RIICHI, "uma=10/0/-10,start_score=50000,three_player=on");
    assert_int_equal(early.uma[0], 10);
    assert_int_equal(early.start_score, 50000);
    assert_int_equal(early.return_score, 40000);
    /* off again: the four-player defaults */
    jong_ruleset off = rules_of(JONG_VARIANT_RIICHI, "three_player=on,three_player=off");
    jong_ruleset four;
    jong_ruleset_default(&four, JONG_VARIANT_RIICHI);
    assert_memory_equal(&off, &four, sizeof off);
    /* split: three players with the tsumo split; it prints and parses back */
    jong_ruleset split = rules_of(JONG_VARIANT_RIICHI, "three_player=split");
    assert_true(split.three_player && split.tsumo_split && !rs.tsumo_split);
    assert_int_equal(split.start_score, 35000);
    char text[32];
    for (int i = 0; i < jong_ruleset_option_count(&split); i++)
        if (!strcmp(jong_ruleset_option(&split, i, text, sizeof text), "three_player"))
            assert_string_equal(text, "split");
    /* Taiwanese has no such table; a four-value uma for three players is refused by the engine */
    jong_ruleset tw;
    jong_ruleset_default(&tw, JONG_VARIANT_TAIWAN);
    jong_error err;
    assert_int_equal(jong_ruleset_set(&tw, "three_player", "on", &err), JONG_ERR_ARG);
    jong_ruleset bad = rules_of(JONG_VARIANT_RIICHI, "three_player=on,uma=20/10/-10/-20");
    jong_game *g = NULL;
    assert_int_equal(jong_game_new(&bad, 1, 0, NULL, NULL, &g, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "three values"));
    assert_int_equal(jong_ruleset_set(&rs, "uma", "20,0,-20,", &err), JONG_ERR_ARG);
}

static void wall_without_2m_to_8m(void **state)
{
    (void)state;
    jong_ruleset rs = rules_of(JONG_VARIANT_RIICHI, "three_player=on");
    uint8_t wall[JONG_WALL_MAX];
    jong_game_wall(&rs, 7, 0, 0, wall);
    int count[JONG_KINDS] = {0}, red[3] = {0};
    for (int i = 0; i < 108; i++) {
        if (jong_code_is_red(wall[i]))
            red[wall[i] - JONG_CODE_RED_BASE]++;
        count[jong_code_kind(wall[i])]++;
    }
    for (int k = 0; k < JONG_KINDS; k++)
        assert_int_equal(count[k], k >= 1 && k <= 7 ? 0 : 4);
    assert_int_equal(red[0], 0);  /* no 5m: a red 5p and a red 5s, as on Tenhou */
    assert_int_equal(red[1], 1);
    assert_int_equal(red[2], 1);
    /* a wall with a 2m is not a three-player wall */
    jong_game *g;
    jong_error err;
    assert_int_equal(jong_game_new(&rs, 7, 0, NULL, NULL, &g, &err), JONG_OK);
    uint8_t bad[JONG_WALL_MAX];
    memcpy(bad, wall, sizeof bad);
    bad[5] = 1;
    assert_int_equal(jong_game_start_hand_with_wall(g, bad, 108, &err), JONG_ERR_ARG);
    /* the deal: 13 tiles to each of three seats, 55 draws left once the dealer has drawn 1 */
    assert_int_equal(jong_game_start_hand(g, &err), JONG_OK);
    check(g);
    assert_int_equal(jong_game_pending(g), 1u);
    jong_view v;
    jong_game_view(g, 1, &v);
    assert_int_equal(v.nseats, 3);
    assert_int_equal(v.seats[0].concealed, 14);
    assert_int_equal(v.seats[1].concealed, 13);
    assert_int_equal(v.seats[2].concealed, 13);
    assert_int_equal(v.seats[3].concealed, 0);
    assert_int_equal(v.wall_left, 54);
    assert_int_equal(v.scores[0] + v.scores[1] + v.scores[2], 105000);
    assert_int_equal(v.scores[3], 0);
    int unseen[JONG_KINDS];
    jong_view_unseen(&v, unseen);
    assert_int_equal(unseen[3], 0);  /* 4m is not in the game */
    jong_game_free(g);
}

/* ---- scoring by hand ---- */

static jong_riichi_result score_of(const char *rules, const char *hand, const char *win, bool tsumo, int seat_wind,
                                   int discarder, const char *dora, int kita, unsigned flags)
{
    jong_ruleset rs = rules_of(JONG_VARIANT_RIICHI, rules);
    jong_riichi_context c;
    memset(&c, 0, sizeof c);
    c.hand = hand_of(hand);
    c.win_tile = kind_of(win);
    c.tsumo = tsumo;
    c.seat_wind = seat_wind;
    c.dealer = seat_wind == 0;
    c.discarder = discarder;
    c.flags = flags;
    c.ndora = 1;
    c.dora[0] = (uint8_t)kind_of(dora);
    c.kita = kita;
    jong_riichi_result r;
    jong_error err;
    int rc = jong_riichi_score(&rs, &c, &r, &err);
    if (rc)
        fprintf(stderr, "score: %s\n", err.msg);
    assert_int_equal(rc, JONG_OK);
    return r;
}

static void dora_after_1m_is_9m(void **state)
{
    (void)state;
    /* riichi, pinfu, ittsuu (closed) and, with three players, the 9m pair as dora (indicator 1m):
     * 6 han, a haneman ron of a non-dealer, 3000 x 4 = 12,000. With four players 1m names 2m:
     * 4 han 30 fu, 30 x 2^6 = 1,920, x 4 = 7,680, 7,700. */
    jong_riichi_result r = score_of("three_player=on", "99m123456789p234s", "4s", false, 1, 1, "1m", 0,
                                    JONG_RIICHI_WIN_RIICHI);
    assert_int_equal(r.dora, 2);
    assert_int_equal(r.han, 6);
    assert_int_equal(r.pay.ron, 12000);
    r = score_of("", "99m123456789p234s", "4s", false, 1, 1, "1m", 0, JONG_RIICHI_WIN_RIICHI);
    assert_int_equal(r.dora, 0);
    assert_int_equal(r.pay.ron, 7700);
    assert_int_equal(jong_dora_of_indicator_sanma(0), 8);
    assert_int_equal(jong_dora_of_indicator_sanma(8), 0);
    assert_int_equal(jong_dora_of_indicator_sanma(JONG_W), JONG_N);
}

static void kita_counts_as_dora(void **state)
{
    (void)state;
    /* pinfu ron, 1 han 30 fu: 30 x 2^3 = 240, x 4 = 960, 1,000. Two kita with the indicator W
     * (its dora is N): each kita is a dora, and again for the indicator: 4 dora, 5 han, a
     * mangan, 8,000. */
    jong_riichi_result r = score_of("three_player=on", "11m234567p345678s", "8s", false, 1, 2, "E", 0, 0);
    assert_int_equal(r.pay.ron, 1000);
    r = score_of("three_player=on", "11m234567p345678s", "8s", false, 1, 2, "W", 2, 0);
    assert_int_equal(r.dora, 4);
    assert_int_equal(r.han, 5);
    assert_int_equal(r.pay.ron, 8000);
    /* kita alone is no yaku, and there is none with four players */
    jong_ruleset four = rules_of(JONG_VARIANT_RIICHI, "");
    jong_riichi_context c;
    memset(&c, 0, sizeof c);
    c.hand = hand_of("11m234567p345678s");
    c.win_tile = kind_of("8s");
    c.seat_wind = 1;
    c.discarder = 2;
    c.kita = 1;
    jong_riichi_result res;
    jong_error err;
    assert_int_equal(jong_riichi_score(&four, &c, &res, &err), JONG_ERR_ARG);
    assert_non_null(strstr(err.msg, "kita"));
    /* a discarder three seats away does not exist at a three-player table */
    jong_ruleset three = rules_of(JONG_VARIANT_RIICHI, "three_player=on");
    c.kita = 0;
    c.discarder = 3;
    assert_int_equal(jong_riichi_score(&three, &c, &res, &err), JONG_ERR_ARG);
}

static void payments_with_tsumo_loss_and_honba(void **state)
{
    (void)state;
    jong_riichi_payment p;
    /* a non-dealer's tsumo of 40 fu 2 han (basic 640) at honba 1: the dealer 1,300 + 100, the
     * other 700 + 100; the North's 700 is lost: 2,200 in all (Tenhou: -1,400 / -800) */
    jong_riichi_pay_sanma(640, false, true, 1, 0, 1, 0, &p);
    assert_int_equal(p.payments[2], 1300);  /* seat wind S: the dealer sits two after it */
    assert_int_equal(p.payments[1], 700);
    assert_int_equal(p.payments[3], 0);
    assert_int_equal(p.points, 2000);
    assert_int_equal(p.deltas[2], -1400);
    assert_int_equal(p.deltas[1], -800);
    assert_int_equal(p.deltas[0], 2200);
    /* the dealer's tsumo of 40 fu 2 han with a stick on the table: 1,300 from each, +3,600 */
    jong_riichi_pay_sanma(640, true, true, 0, 0, 0, 1, &p);
    assert_int_equal(p.deltas[1], -1300);
    assert_int_equal(p.deltas[2], -1300);
    assert_int_equal(p.deltas[0], 3600);
    /* a non-dealer's haneman ron at honba 4 with a stick: 12,000 + 800 (Tenhou: -12,800, +13,800) */
    jong_riichi_pay_sanma(3000, false, false, 1, 2, 4, 1, &p);
    assert_int_equal(p.deltas[2], -12800);
    assert_int_equal(p.deltas[1], 0);
    assert_int_equal(p.deltas[0], 13800);
    /* the dealer's haneman tsumo at honba 3, two sticks: 6,300 from each, +14,600 (Tenhou) */
    jong_riichi_pay_sanma(3000, true, true, 0, 0, 3, 2, &p);
    assert_int_equal(p.deltas[1], -6300);
    assert_int_equal(p.deltas[2], -6300);
    assert_int_equal(p.deltas[0], 14600);
    /* the tsumo split: a non-dealer's mangan tsumo, the dealer 4,000 + 1,000, the other 2,000 +
     * 1,000 (8,000 as a ron); the dealer's, 4,000 + 2,000 from each; 30 fu 1 han (basic 240): the
     * dealer 600, the other 360 -> 400 */
    jong_riichi_pay_sanma_split(2000, false, true, 1, 0, 0, 0, &p);
    assert_true(p.payments[2] == 5000 && p.payments[1] == 3000 && p.points == 8000);
    jong_riichi_pay_sanma_split(2000, true, true, 0, 0, 1, 0, &p);
    assert_true(p.deltas[1] == -6100 && p.deltas[2] == -6100 && p.deltas[0] == 12200);
    jong_riichi_pay_sanma_split(240, false, true, 2, 0, 0, 0, &p);
    assert_true(p.payments[1] == 600 && p.payments[2] == 400);
    jong_riichi_pay_sanma_split(2000, false, false, 1, 1, 2, 0, &p);  /* a ron: as without the split */
    assert_true(p.deltas[1] == -8400 && p.deltas[0] == 8400);
    assert_true(jong_riichi_pay_of(&(jong_ruleset){.three_player = true, .tsumo_split = true}) ==
                jong_riichi_pay_sanma_split);
}

static void draws_and_the_end_of_the_game(void **state)
{
    (void)state;
    int32_t d[4];
    /* noten payments: 2,000 in all (Tenhou: one tenpai +2,000, the others -1,000 each) */
    riichi_tenpai_payments_seats(1u << 1, 3, d);
    assert_true(d[0] == -1000 && d[1] == 2000 && d[2] == -1000 && d[3] == 0);
    riichi_tenpai_payments_seats(1u << 0 | 1u << 2, 3, d);
    assert_true(d[0] == 1000 && d[1] == -2000 && d[2] == 1000 && d[3] == 0);
    riichi_tenpai_payments_seats(7, 3, d);
    assert_true(d[0] == 0 && d[1] == 0 && d[2] == 0);
    riichi_tenpai_payments_seats(0, 3, d);
    assert_true(d[0] == 0 && d[1] == 0 && d[2] == 0);
    /* nagashi mangan with the tsumo loss: a non-dealer 4,000 + 2,000, the dealer 4,000 x 2 (Tenhou) */
    memset(d, 0, sizeof d);
    riichi_nagashi_payments_seats(1, 0, 3, d);
    assert_true(d[0] == -4000 && d[1] == 6000 && d[2] == -2000 && d[3] == 0);
    memset(d, 0, sizeof d);
    riichi_nagashi_payments_seats(2, 2, 3, d);
    assert_true(d[0] == -4000 && d[1] == -4000 && d[2] == 8000 && d[3] == 0);
    memset(d, 0, sizeof d);
    riichi_nagashi_payments_split(1, 0, d);  /* with the tsumo split: 5,000 + 3,000 */
    assert_true(d[0] == -5000 && d[1] == 8000 && d[2] == -3000 && d[3] == 0);
    /* the final result of a Tenhou game: 35,300 / 41,700 / 28,000, uma +20 0 -20, 40,000 back:
     * -5, +37, -32 (its owari) */
    const int32_t scores[4] = {35300, 41700, 28000, 0};
    const int uma[4] = {20, 0, -20, 0};
    int rank[4], points[4];
    riichi_final_result_seats(3, scores, uma, 40000, rank, points);
    assert_true(rank[0] == 1 && rank[1] == 0 && rank[2] == 2 && rank[3] == 3);
    assert_true(points[0] == -5 && points[1] == 37 && points[2] == -32 && points[3] == 0);
    /* the length: hands are round x 3 + dealer; hanchan ends after South 3 (kyoku 5) once the
     * deal moves with someone at 40,000, else goes into West; tonpuu after East 3 (kyoku 2) */
    jong_ruleset rs = rules_of(JONG_VARIANT_RIICHI, "three_player=on");
    const int32_t up[4] = {45000, 30000, 30000, 0}, level[4] = {35000, 35000, 35000, 0};
    int next = -1, honba = -1;
    assert_true(riichi_next_hand(&rs, 5, 0, false, false, false, up, 2, &next, &honba));
    assert_false(riichi_next_hand(&rs, 5, 0, false, false, false, level, 2, &next, &honba));
    assert_int_equal(next, 6);  /* West 1 */
    assert_false(riichi_next_hand(&rs, 4, 0, false, false, false, up, 1, &next, &honba));
    assert_int_equal(next, 5);
    /* the extension ends with its round: West 3 is the last hand */
    assert_true(riichi_next_hand(&rs, 8, 0, false, false, false, level, 2, &next, &honba));
    jong_ruleset east = rules_of(JONG_VARIANT_RIICHI, "three_player=on,length=tonpuu");
    assert_true(riichi_next_hand(&east, 2, 0, false, false, false, up, 2, &next, &honba));
    /* agari-yame: the last dealer (seat 2) wins and is first with 40,000 or more */
    const int32_t dealer_up[4] = {30000, 30000, 45000, 0};
    assert_true(riichi_next_hand(&rs, 5, 0, true, false, false, dealer_up, 2, &next, &honba));
    /* tobi */
    const int32_t below[4] = {60000, 46000, -1000, 0};
    assert_true(riichi_next_hand(&rs, 0, 0, true, false, false, below, 0, &next, &honba));
}

/* ---- arranged walls ---- */

/* Hands without 2m-8m that take no part unless a test says so. */
#define D0 "11m123456789p23s"   /* the dealer's: waits 1s 4s (pinfu, ittsuu) */
#define S1 "99m258p258s369sEE"
#define S2 "147p147sSSWWPPF"

static void no_chi_pon_from_either_seat(void **state)
{
    (void)state;
    /* seat 0 discards 3p: seat 1 (next) would chi 12p in a four-player game; seat 2 pons it */
    const char *hands[3] = {"11m99m159p159sESW", "12p45p78p12s45s78sP", "33p66p33s66s99pFCE"};
    jong_game *g = stacked_sanma_game("", hands, "3p", "", &logbuf);
    play(g, 0, JONG_ACT_DISCARD, "3p", 0);
    assert_int_equal(jong_game_pending(g), 1u << 2);
    assert_false(can(g, 1, JONG_ACT_CHI, NULL, 0));
    play(g, 2, JONG_ACT_PON, "3p", 0);
    assert_int_equal(turn(g), 2);
    play(g, 2, JONG_ACT_DISCARD, "F", 0);
    pass_all(g);
    assert_int_equal(turn(g), 0);  /* after seat 2 comes seat 0 */
    jong_game_free(g);
}

static void kita_then_rinshan_tsumo(void **state)
{
    (void)state;
    /* the dealer draws N, sets it aside and draws 4s from the dead wall: tsumo with rinshan,
     * menzen tsumo, pinfu, ittsuu and the kita's dora (indicator E names S, which it has not):
     * 6 han, a dealer's haneman, 6,000 from each of the two others (the North's is lost) */
    const char *hands[3] = {D0, S1, S2};
    jong_game *g = stacked_sanma_game("", hands, "N", "E - - - - - - - - - 4s", &logbuf);
    assert_int_equal(turn(g), 0);
    assert_true(can(g, 0, JONG_ACT_KITA, "N", 0));
    assert_false(can(g, 1, JONG_ACT_KITA, NULL, 0));
    play(g, 0, JONG_ACT_KITA, "N", 0);
    const jong_event *k = last_of(JONG_EV_KITA);
    assert_non_null(k);
    assert_int_equal(k->actor, 0);
    assert_int_equal(k->tile, JONG_N);
    const jong_event *d = last_of(JONG_EV_DRAW);
    assert_true(d->replacement);
    assert_int_equal(d->tile, kind_of("4s"));
    assert_int_equal(turn(g), 0);
    jong_view v;
    jong_game_view(g, 1, &v);
    assert_int_equal(v.seats[0].kita, 1);
    assert_int_equal(v.seats[0].concealed, 14);
    assert_int_equal(v.wall_left, 53);  /* the dead wall took in the live wall's last tile */
    play(g, 0, JONG_ACT_SELF_DRAW_WIN, "4s", 0);
    const jong_event *w = last_of(JONG_EV_WIN);
    assert_true(has_yaku(w, JONG_YAKU_RINSHAN));
    assert_true(has_yaku(w, JONG_YAKU_PINFU));
    assert_true(has_yaku(w, JONG_YAKU_ITTSUU));
    assert_true(has_yaku(w, JONG_YAKU_MENZEN_TSUMO));
    assert_false(has_yaku(w, JONG_YAKU_TENHOU));  /* the kita ended the first go-around */
    assert_int_equal(w->score.dora, 1);
    assert_int_equal(w->score.han, 6);
    assert_int_equal(w->deltas[0], 12000);
    assert_int_equal(w->deltas[1], -6000);
    assert_int_equal(w->deltas[2], -6000);
    assert_int_equal(w->deltas[3], 0);
    assert_int_equal(total(g), 105000);
    jong_game_free(g);
}

/* Seat 1 waits on N with seven pairs of terminals (honroutou): it may ron the dealer's kita. */
static jong_game *kita_ron_game(void)
{
    const char *hands[3] = {"234p567p345s678sE", "1199m1199p11s99sN", "888p222s5p7sSWPFC"};
    jong_game *g = stacked_sanma_game("", hands, "N", "", &logbuf);
    play(g, 0, JONG_ACT_KITA, "N", 0);
    assert_int_equal(jong_game_pending(g), 1u << 1);
    assert_true(can(g, 1, JONG_ACT_WIN, "N", 0));
    assert_false(can(g, 1, JONG_ACT_PON, NULL, 0));
    return g;
}

static void kita_ron_without_chankan(void **state)
{
    (void)state;
    /* seven pairs 2 han 25 fu and honroutou 2 han: 25 x 2^6 = 1,600, x 4 = 6,400; no chankan */
    jong_game *g = kita_ron_game();
    play(g, 1, JONG_ACT_WIN, "N", 0);
    const jong_event *w = last_of(JONG_EV_WIN);
    assert_int_equal(w->actor, 1);
    assert_int_equal(w->target, 0);
    assert_true(w->win_flags & JONG_WIN_ROBBING_KITA);
    assert_false(has_yaku(w, JONG_YAKU_CHANKAN));
    assert_true(has_yaku(w, JONG_YAKU_CHIITOITSU));
    assert_true(has_yaku(w, JONG_YAKU_HONROUTOU));
    assert_int_equal(w->score.fu, 25);
    assert_int_equal(w->score.han, 4);
    assert_int_equal(w->deltas[1], 6400);
    assert_int_equal(w->deltas[0], -6400);
    jong_view v;
    jong_game_view(g, 2, &v);
    assert_int_equal(v.seats[0].kita, 0);  /* the robbed north is the winner's */
    assert_int_equal(total(g), 105000);
    jong_game_free(g);
    /* passed: the kita stands, its owner draws from the dead wall, the passer is furiten */
    g = kita_ron_game();
    play(g, 1, JONG_ACT_PASS, "N", 0);
    assert_int_equal(turn(g), 0);
    assert_true(last_of(JONG_EV_DRAW)->replacement);
    assert_true(jong_game_furiten(g, 1) & JONG_FURITEN_PASSED);
    jong_game_view(g, 2, &v);
    assert_int_equal(v.seats[0].kita, 1);
    jong_game_free(g);
}

/* Seat 0 declares (double) riichi with F; seat 1 draws N and either sets it aside or discards
 * it; seat 2 discards C; seat 0 draws 4s and wins. */
static const jong_event *riichi_then(bool kita)
{
    const char *hands[3] = {D0, S1, S2};
    jong_game *g = stacked_sanma_game("", hands, "F N C 4s", "- - - - - - - - - - W", &logbuf);
    play(g, 0, JONG_ACT_DISCARD, "F", JONG_ACT_FLAG_RIICHI);
    pass_all(g);
    assert_int_equal(turn(g), 1);
    if (kita)
        play(g, 1, JONG_ACT_KITA, "N", 0);
    tsumogiri(g, 2);  /* seat 1's N or its replacement W, then seat 2's C */
    assert_int_equal(turn(g), 0);
    play(g, 0, JONG_ACT_SELF_DRAW_WIN, "4s", 0);
    jong_game_free(g);
    return last_of(JONG_EV_WIN);
}

static void kita_breaks_ippatsu(void **state)
{
    (void)state;
    const jong_event *w = riichi_then(false);
    assert_true(has_yaku(w, JONG_YAKU_IPPATSU));
    w = riichi_then(true);
    assert_true(has_yaku(w, JONG_YAKU_DOUBLE_RIICHI));
    assert_false(has_yaku(w, JONG_YAKU_IPPATSU));
}

static void kita_in_riichi_only_the_drawn_north(void **state)
{
    (void)state;
    /* seat 0 waits on N alone, holding one: before riichi it may set it aside; in riichi only a
     * north it has just drawn (which leaves the waiting hand as it was) */
    const char *hands[3] = {"111m123456789pN", S1, S2};
    jong_game *g = stacked_sanma_game("", hands, "F - - P - - N", "", &logbuf);
    assert_true(can(g, 0, JONG_ACT_KITA, "N", 0));
    play(g, 0, JONG_ACT_DISCARD, "F", JONG_ACT_FLAG_RIICHI);
    tsumogiri(g, 2);
    assert_int_equal(turn(g), 0);
    assert_false(can(g, 0, JONG_ACT_KITA, NULL, 0));
    tsumogiri(g, 3);
    assert_int_equal(turn(g), 0);
    assert_true(can(g, 0, JONG_ACT_KITA, "N", 0));
    assert_true(can(g, 0, JONG_ACT_SELF_DRAW_WIN, "N", 0));
    play(g, 0, JONG_ACT_KITA, "N", 0);
    pass_all(g);
    assert_int_equal(turn(g), 0);
    jong_game_free(g);
}

static void three_riichi_and_three_winds_play_on(void **state)
{
    (void)state;
    /* all three declare riichi on their first discards: no abortive draw, three sticks */
    const char *hands[3] = {D0, "99m123456789s55p", "11p99pEESSWWPP5s"};
    jong_game *g = stacked_sanma_game("", hands, "F C C", "", &logbuf);
    play(g, 0, JONG_ACT_DISCARD, "F", JONG_ACT_FLAG_RIICHI);
    pass_all(g);
    play(g, 1, JONG_ACT_DISCARD, "C", JONG_ACT_FLAG_RIICHI);
    pass_all(g);
    play(g, 2, JONG_ACT_DISCARD, "C", JONG_ACT_FLAG_RIICHI);
    pass_all(g);
    assert_null(last_of(JONG_EV_EXHAUSTED));
    assert_int_equal(turn(g), 0);
    jong_view v;
    jong_game_view(g, 0, &v);
    assert_int_equal(v.kyotaku, 3);
    assert_int_equal(v.scores[0], 34000);
    assert_int_equal(total(g), 102000);
    jong_game_free(g);
    /* the first discards all W, and the dealer's second W: the hand goes on (no four winds) */
    const char *winds[3] = {"11m99m159p159sESW", "12p45p78p12s45s78sW", "33p66p33s66s99pWCE"};
    g = stacked_sanma_game("", winds, "C C E W", "", &logbuf);
    play(g, 0, JONG_ACT_DISCARD, "W", 0);
    pass_all(g);
    play(g, 1, JONG_ACT_DISCARD, "W", 0);
    pass_all(g);
    play(g, 2, JONG_ACT_DISCARD, "W", 0);
    pass_all(g);
    play(g, 0, JONG_ACT_DISCARD, "W", 0);
    pass_all(g);
    assert_null(last_of(JONG_EV_EXHAUSTED));
    assert_int_equal(turn(g), 1);
    jong_game_free(g);
}

static void exhaustive_draw_pays_2000(void **state)
{
    (void)state;
    /* only the dealer is tenpai when the 55 draws are gone: +2,000, -1,000 from each other
     * seat; the dealer keeps the deal with a honba */
    const char *hands[3] = {D0, S1, S2};
    jong_game *g = stacked_sanma_game("nagashi=off", hands, "", "", &logbuf);
    tsumogiri(g, 100);
    assert_true(jong_game_hand_over(g));
    const jong_event *e = last_of(JONG_EV_EXHAUSTED);
    assert_non_null(e);
    assert_int_equal(e->reason, JONG_DRAW_EXHAUSTIVE);
    assert_int_equal(e->tenpai, 1);
    assert_true(e->deltas[0] == 2000 && e->deltas[1] == -1000 && e->deltas[2] == -1000 && e->deltas[3] == 0);
    int draws = 0;
    for (int i = 0; i < logbuf.n; i++)
        draws += logbuf.ev[i].type == JONG_EV_DRAW;
    assert_int_equal(draws, 55);
    jong_error err;
    assert_int_equal(jong_game_start_hand(g, &err), JONG_OK);
    jong_view v;
    jong_game_view(g, 0, &v);
    assert_int_equal(v.dealer, 0);
    assert_int_equal(v.streak, 1);
    jong_game_free(g);
}

/* ---- self-play ---- */

typedef struct {
    long kita, kita_rons, wins, rinshan, draws;
} tally;

static void count(void *ctx, const jong_event *ev)
{
    tally *t = ctx;
    t->kita += ev->type == JONG_EV_KITA;
    if (ev->type == JONG_EV_WIN) {
        t->wins++;
        t->kita_rons += (ev->win_flags & JONG_WIN_ROBBING_KITA) != 0;
        for (int i = 0; i < ev->score.nyaku; i++)
            t->rinshan += ev->score.yaku[i].yaku == JONG_YAKU_RINSHAN;
    }
    t->draws += ev->type == JONG_EV_EXHAUSTED;
}

static long play_checked(const char *options, const char *const specs[3], uint64_t seed, long hands, tally *t)
{
    char text[256];
    snprintf(text, sizeof text, "three_player=on%s%s", *options ? "," : "", options);
    jong_ruleset rs = rules_of(JONG_VARIANT_RIICHI, text);
    jong_player *players[JONG_SEATS] = {0};
    jong_error err;
    for (int s = 0; s < 3; s++)
        assert_int_equal(jong_player_create(specs[s], &players[s], &err), JONG_OK);
    long done = 0;
    for (int g = 0; done < hands; g++) {
        jong_table tb = {.rules = &rs, .seed = seed, .game_number = g, .check = true, .sink = count, .sink_ctx = t};
        memcpy(tb.players, players, sizeof players);
        jong_game_result res;
        int rc = jong_table_play(&tb, &res, &err);
        if (rc)
            fprintf(stderr, "%s, game %d: %s\n", text, g, err.msg);
        assert_int_equal(rc, JONG_OK);
        done += res.hands;
        assert_int_equal(res.scores[0] + res.scores[1] + res.scores[2], 3 * rs.start_score);
        assert_int_equal(res.scores[3], 0);
    }
    for (int s = 0; s < 3; s++)
        jong_player_free(players[s]);
    return done;
}

static void checking_mode_ten_thousand_hands(void **state)
{
    (void)state;
    static const char *const greedy[3] = {"greedy", "greedy", "greedy:claim=off"};
    static const char *const mixed[3] = {"random", "greedy", "random"};
    tally t = {0}, r = {0};
    long want = SANITIZED ? 4000 : 10000;
    long done = play_checked("", greedy, 20261127, want / 2, &t);
    done += play_checked("", mixed, 20261128, want / 4, &r);
    done += play_checked("length=tonpuu,red_fives=4", mixed, 3, want / 8, &r);
    done += play_checked("double_ron=off,abortive_draws=off,nagashi=off,pao=off", mixed, 4, want / 16, &r);
    done += play_checked("three_player=split", greedy, 6, want / 16, &t);
    print_message("%ld hands: greedy %ld kita, %ld wins (%ld rinshan); mixed %ld kita, %ld kita rons\n", done,
                  t.kita, t.wins, t.rinshan, r.kita, r.kita_rons);
    assert_true(done >= want);
    assert_true(t.kita > 0 && t.rinshan > 0 && t.wins > 0 && t.draws > 0);
    assert_true(r.kita > 0);
}

/* Records of three-player games replay event for event. */
static void records_replay(void **state)
{
    (void)state;
    jong_ruleset rs = rules_of(JONG_VARIANT_RIICHI, "three_player=on");
    char *data = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&data, &len);
    assert_non_null(f);
    jong_player *players[JONG_SEATS] = {0};
    jong_error err;
    for (int s = 0; s < 3; s++)
        assert_int_equal(jong_player_create(s == 1 ? "random" : "greedy", &players[s], &err), JONG_OK);
    int games = SANITIZED ? 4 : 20;
    for (int g = 0; g < games; g++) {
        const char *names[JONG_SEATS] = {players[0]->spec, players[1]->spec, players[2]->spec, NULL};
        jong_record_writer *w;
        assert_int_equal(jong_record_writer_new(f, &rs, 5, g, names, &w, &err), JONG_OK);
        jong_table t = {.rules = &rs, .seed = 5, .game_number = g, .sink = jong_record_writer_event, .sink_ctx = w};
        memcpy(t.players, players, sizeof players);
        jong_game_result res;
        assert_int_equal(jong_table_play(&t, &res, &err), JONG_OK);
        assert_int_equal(jong_record_writer_finish(w, &err), JONG_OK);
    }
    for (int s = 0; s < 3; s++)
        jong_player_free(players[s]);
    fclose(f);
    assert_non_null(strstr(data, "\"type\":\"nukidora\""));
    assert_non_null(strstr(data, "\"players\":[\"greedy\",\"random\",\"greedy\"]"));
    FILE *in = fmemopen(data, len, "r");
    jong_replay_stats st;
    int rc = jong_replay_verify_stream(in, &st, &err);
    if (rc)
        fprintf(stderr, "replay: %s\n", err.msg);
    assert_int_equal(rc, JONG_OK);
    assert_int_equal(st.games, games);
    fclose(in);
    free(data);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rules_defaults_and_round_trip),
        cmocka_unit_test(wall_without_2m_to_8m),
        cmocka_unit_test(dora_after_1m_is_9m),
        cmocka_unit_test(kita_counts_as_dora),
        cmocka_unit_test(payments_with_tsumo_loss_and_honba),
        cmocka_unit_test(draws_and_the_end_of_the_game),
        cmocka_unit_test(no_chi_pon_from_either_seat),
        cmocka_unit_test(kita_then_rinshan_tsumo),
        cmocka_unit_test(kita_ron_without_chankan),
        cmocka_unit_test(kita_breaks_ippatsu),
        cmocka_unit_test(kita_in_riichi_only_the_drawn_north),
        cmocka_unit_test(three_riichi_and_three_winds_play_on),
        cmocka_unit_test(exhaustive_draw_pays_2000),
        cmocka_unit_test(checking_mode_ten_thousand_hands),
        cmocka_unit_test(records_replay),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
