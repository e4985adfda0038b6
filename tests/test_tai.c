/* Taiwanese tai scoring on hand-worked hands: every pattern with a hand that has it and a near
 * miss that does not, the replacement rules, the choice of reading, payments, options, special
 * hands and errors. Every expected figure is worked out in the comment above it.
 *
 * Unless a test says otherwise the winner is seat 1 (seat wind South), the dealer seat 0, the
 * round East, and the win is on a discard of seat 2 (neither the winner nor the dealer), so no
 * dealer tai appear; base 100, unit 20. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "jong/jong.h"
#include "jong/rules.h"
#include "jong/tai.h"
#include "support/parse_or_fail.h"

static jong_ruleset taiwan(void) { return rules_of(JONG_VARIANT_TAIWAN, ""); }
static jong_ruleset taiwan_with(const char *options) { return rules_of(JONG_VARIANT_TAIWAN, options); }

/* Seat 1 (South) wins on a discard of seat 2; dealer seat 0; round East. */
static jong_win_context win(const char *hand, const char *tile)
{
    jong_win_context c;
    memset(&c, 0, sizeof c);
    c.hand = hand_of(hand);
    c.win_tile = kind_of(tile);
    c.winner = 1;
    c.discarder = 2;
    c.dealer = 0;
    c.seat_wind = 1;
    c.round_wind = 0;
    return c;
}

static jong_win_context self_drawn(const char *hand, const char *tile)
{
    jong_win_context c = win(hand, tile);
    c.discarder = -1;
    return c;
}

static jong_tai_result score_with(const jong_ruleset *rs, const jong_win_context *c)
{
    jong_tai_result r;
    jong_error err;
    jong_error_clear(&err);
    if (jong_tai_score(rs, c, &r, &err) != JONG_OK) {
        fprintf(stderr, "jong_tai_score failed: %s\n", err.msg);
        fail();
    }
    int sum = 0;
    for (int s = 0; s < 4; s++)
        sum += r.deltas[s];
    assert_int_equal(sum, 0);
    return r;
}

/* "name tai, name tai" of the entries, for one readable comparison. */
static void entries_text(const jong_tai_result *r, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; i < r->nentries && used < n; i++)
        used += (size_t)snprintf(buf + used, n - used, "%s%s %d", i ? ", " : "",
                                 jong_tai_pattern_name(r->entries[i].pattern), r->entries[i].tai);
}

static void expect(const jong_tai_result *r, const char *entries, int total)
{
    char got[512];
    entries_text(r, got, sizeof got);
    assert_string_equal(got, entries);
    assert_int_equal(r->tai, total);
}

/* Scores with the default rules and checks entries and total. */
static jong_tai_result check(const jong_win_context *c, const char *entries, int total)
{
    jong_ruleset rs = taiwan();
    jong_tai_result r = score_with(&rs, c);
    expect(&r, entries, total);
    return r;
}

static void check_rules(const char *options, const jong_win_context *c, const char *entries, int total)
{
    jong_ruleset rs = taiwan_with(options);
    jong_tai_result r = score_with(&rs, c);
    expect(&r, entries, total);
}

static void expect_deltas(const jong_tai_result *r, int d0, int d1, int d2, int d3)
{
    assert_int_equal(r->deltas[0], d0);
    assert_int_equal(r->deltas[1], d1);
    assert_int_equal(r->deltas[2], d2);
    assert_int_equal(r->deltas[3], d3);
}

/* Hands used by several tests.
 * N0: exposed chow, shanpon wait 5p/8s won on 8s: the 888s pong was completed by the discard,
 *     so nothing counts at all.
 * C0: the same sets all concealed (123456m instead of the exposed chow).
 * N1: exposed chow and four concealed chows, two-sided 5s/8s wait: all chows on a discard. */
#define N0 "[123m] 456m789p234s55p888s"
#define C0 "123456m789p234s55p888s"
#define N1 "[123m] 456m789p234s55p678s"

static void names_are_stable(void **state)
{
    (void)state;
    assert_string_equal(jong_tai_pattern_name(JONG_TAI_DEALER), "dealer");
    assert_string_equal(jong_tai_pattern_name(JONG_TAI_CONCEALED_SELF_DRAW), "concealed_self_draw");
    assert_string_equal(jong_tai_pattern_name(JONG_TAI_BIG_THREE_DRAGONS), "big_three_dragons");
    assert_string_equal(jong_tai_pattern_name(JONG_TAI_THIRTEEN_ORPHANS), "thirteen_orphans");
    assert_string_equal(jong_tai_pattern_name(JONG_TAI_PATTERNS), "unknown");
    assert_string_equal(jong_tai_pattern_name(-1), "unknown");
    /* Every pattern has its own name. */
    for (int a = 0; a < JONG_TAI_PATTERNS; a++)
        for (int b = a + 1; b < JONG_TAI_PATTERNS; b++)
            assert_string_not_equal(jong_tai_pattern_name(a), jong_tai_pattern_name(b));
}

/* N0 has no pattern: 0 tai, seat 2 pays the base 100. */
static void nothing_hand(void **state)
{
    (void)state;
    jong_win_context c = win(N0, "8s");
    jong_tai_result r = check(&c, "", 0);
    assert_int_equal(r.dealer_tai, 1);
    expect_deltas(&r, 0, 100, -100, 0);
    assert_int_equal(r.payments[2], 100);
    assert_int_equal(r.payments[0] + r.payments[1] + r.payments[3], 0);
}

/* The dealer wins (seat 0, East) on seat 3's discard: dealer 1; seat 3 pays 100 + 20 = 120.
 * With a streak of 2: dealer 1 + streak 4 = 5 tai, 200. */
static void dealer_wins(void **state)
{
    (void)state;
    jong_win_context c = win(N0, "8s");
    c.winner = 0, c.discarder = 3, c.seat_wind = 0;
    jong_tai_result r = check(&c, "dealer 1", 1);
    expect_deltas(&r, 120, 0, 0, -120);
    c.dealer_streak = 2;
    r = check(&c, "dealer 1, dealer_streak 4", 5);
    assert_int_equal(r.dealer_tai, 5);
    expect_deltas(&r, 200, 0, 0, -200);
}

/* The dealer discards to seat 1: dealer 1, seat 0 pays 120. Near miss: seat 2 discards, no
 * dealer entry (N0 above). */
static void dealer_discards(void **state)
{
    (void)state;
    jong_win_context c = win(N0, "8s");
    c.discarder = 0;
    jong_tai_result r = check(&c, "dealer 1", 1);
    expect_deltas(&r, -120, 120, 0, 0);
}

/* N0 self-drawn by seat 1: self-draw 1 (the 888s pong is now concealed, only one). The dealer
 * pays 1 + 1 tai = 140, the others 120 each: seat 1 gets 380. With streak 2 the dealer pays
 * 1 + 5 = 6 tai = 220: seat 1 gets 460. */
static void self_draw_by_non_dealer(void **state)
{
    (void)state;
    jong_win_context c = self_drawn(N0, "8s");
    jong_tai_result r = check(&c, "self_draw 1", 1);
    expect_deltas(&r, -140, 380, -120, -120);
    assert_int_equal(r.payments[0], 140);
    assert_int_equal(r.payments[2], 120);
    c.dealer_streak = 2;
    r = check(&c, "self_draw 1", 1);
    assert_int_equal(r.dealer_tai, 5);
    expect_deltas(&r, -220, 460, -120, -120);
}

/* The dealer self-draws N0 with streak 2: dealer 1 + streak 4 + self-draw 1 = 6 tai; each of
 * the three pays 100 + 120 = 220 (the dealer tai counted once). */
static void self_draw_by_dealer(void **state)
{
    (void)state;
    jong_win_context c = self_drawn(N0, "8s");
    c.winner = 0, c.seat_wind = 0, c.dealer_streak = 2;
    jong_tai_result r = check(&c, "dealer 1, dealer_streak 4, self_draw 1", 6);
    expect_deltas(&r, 660, -220, -220, -220);
}

/* C0 on a discard: concealed 1 (888s was completed by the discard, no concealed pong count).
 * Self-drawn: concealed self-draw 3 replaces concealed and self-draw; the dealer pays 4 tai =
 * 180, the others 160. */
static void concealed_and_self_draw(void **state)
{
    (void)state;
    jong_win_context c = win(C0, "8s");
    check(&c, "concealed 1", 1);
    c = self_drawn(C0, "8s");
    jong_tai_result r = check(&c, "concealed_self_draw 3", 3);
    expect_deltas(&r, -180, 500, -160, -160);
}

/* A concealed kong keeps the hand concealed (concealed 1); an exposed kong does not (0). */
static void concealed_kong_keeps_concealed(void **state)
{
    (void)state;
    jong_win_context c = win("123456m234s55p888s (9999p)", "8s");
    check(&c, "concealed 1", 1);
    c = win("123456m234s55p888s [9999p]", "8s");
    check(&c, "", 0);
}

/* Dragon pongs: 777z (red) concealed: dragon pong 1. Two: 1 + 1. A dragon pong as a declared
 * meld still counts. Near miss: a dragon pair is nothing. */
static void dragon_pongs(void **state)
{
    (void)state;
    jong_win_context c = win("[123m] 456m789p55p888s777z", "8s");
    check(&c, "dragon_pong 1", 1);
    c = win("[123m] 456m55p888s555z777z", "8s");
    check(&c, "dragon_pong 1, dragon_pong 1", 2);
    c = win("[777z] 123m456m789p55p888s", "8s");
    check(&c, "dragon_pong 1", 1);
    c = win("[123m] 456m789p234s888s77z", "8s");
    check(&c, "", 0);
}

/* Winds: seat 1 is South (222z): seat wind 1. Round East (111z): round wind 1. A winner whose
 * seat wind and the round are both East gets both for 111z. Near miss: West (333z): nothing. */
static void wind_pongs(void **state)
{
    (void)state;
    jong_win_context c = win("[123m] 456m789p55p888s222z", "8s");
    check(&c, "seat_wind 1", 1);
    c = win("[123m] 456m789p55p888s111z", "8s");
    check(&c, "round_wind 1", 1);
    c.winner = 0, c.seat_wind = 0, c.dealer = 2, c.discarder = 3;
    check(&c, "seat_wind 1, round_wind 1", 2);
    c = win("[123m] 456m789p55p888s333z", "8s");
    check(&c, "", 0);
}

/* Seat 1 owns f2 and s2. f2: 1; f2 s2: 1 + 1. Near miss f1 s3: nothing. */
static void seat_flowers(void **state)
{
    (void)state;
    jong_win_context c = win(N0 " f2", "8s");
    check(&c, "seat_flower 1", 1);
    c = win(N0 " f2s2", "8s");
    check(&c, "seat_flower 1, seat_flower 1", 2);
    c = win(N0 " f1s3", "8s");
    check(&c, "", 0);
}

/* f1-f4: four flowers 2, which replaces the own f2 inside it; with s2 too: 2 + 1. s1-s4 with
 * f2: seat flower 1 + four seasons 2. Near miss f1f2f3: only the seat flower f2, 1. */
static void flower_sets(void **state)
{
    (void)state;
    jong_win_context c = win(N0 " f1f2f3f4", "8s");
    check(&c, "four_flowers 2", 2);
    c = win(N0 " f1f2f3f4s2", "8s");
    check(&c, "seat_flower 1, four_flowers 2", 3);
    c = win(N0 " s1s2s3s4f2", "8s");
    check(&c, "seat_flower 1, four_seasons 2", 3);
    c = win(N0 " f1f2f3", "8s");
    check(&c, "seat_flower 1", 1);
}

/* N1 on 8s: the win completes 678s at its high end and the others 67 are not an edge; five
 * chows, no honors, no flowers, a discard, and the 5s/8s wait is two kinds: all chows 2.
 * Won on 5s (N1 with 567s): the low end of 567s, others 67: all chows 2 as well. */
static void all_chows(void **state)
{
    (void)state;
    jong_win_context c = win(N1, "8s");
    jong_tai_result r = check(&c, "all_chows 2", 2);
    expect_deltas(&r, 0, 140, -140, 0);
    c = win("[123m] 456m789p234s55p567s", "5s");
    check(&c, "all_chows 2", 2);
}

/* Near misses of all chows. Self-drawn: self-draw 1 only. A flower (f1, not seat 1's): 0.
 * An honor pair (11z, East: no tai as a pair): 0. An edge wait 89s on 7s is a single wait:
 * single wait 1. A closed wait 68s on 7s: single wait 1. An edge 12s on 3s: single wait 1. */
static void all_chows_near_misses(void **state)
{
    (void)state;
    jong_win_context c = self_drawn(N1, "8s");
    check(&c, "self_draw 1", 1);
    c = win(N1 " f1", "8s");
    check(&c, "", 0);
    c = win("[123m] 456m789p234s678s11z", "8s");
    check(&c, "", 0);
    c = win("[123m] 456m789p234s55p789s", "7s");
    check(&c, "single_wait 1", 1);
    c = win("[123m] 456m789p234s55p678s", "7s");
    check(&c, "single_wait 1", 1);
    c = win("[123m] 456m789p123s55p678s", "3s");
    check(&c, "single_wait 1", 1);
}

/* One hand, three winning tiles: [123m] 456m 789p 234s 789s 99s. Before 9s it held 7899s,
 * waiting on 6s or 9s: 9s completes 789s at the high end next to 78, two-sided: all chows 2.
 * Before 7s it held 8999s, waiting on 7s or 8s (not a single wait): 7s completes the 89 edge,
 * nothing. Before 8s it held 7999s, waiting on 7s or 8s: 8s closes 7_9, nothing. */
static void all_chows_edge_and_closed(void **state)
{
    (void)state;
    const char *h = "[123m] 456m789p234s789s99s";
    jong_win_context c = win(h, "9s");
    check(&c, "all_chows 2", 2);
    c = win(h, "7s");
    check(&c, "", 0);
    c = win(h, "8s");
    check(&c, "", 0);
}

/* The mirror image: 1112s waits on 2s or 3s; 3s completes the 12 edge of 123s: nothing. */
static void all_chows_low_edge(void **state)
{
    (void)state;
    jong_win_context c = win("[123m] 456m789p234p11123s", "3s");
    check(&c, "", 0);
}

/* A pair wait: 456m789p234s678s + 5p waits on 5p alone: single wait 1. (N0's shanpon and N1's
 * two-sided waits, above, are the near misses.) */
static void single_wait(void **state)
{
    (void)state;
    jong_win_context c = win("[123m] 456m789p234s678s55p", "5p");
    check(&c, "single_wait 1", 1);
}

/* Robbing the kong on N1's 8s: robbing the kong 1 + all chows 2 = 3; without the flag 2. */
static void robbing_the_kong(void **state)
{
    (void)state;
    jong_win_context c = win(N1, "8s");
    c.flags = JONG_WIN_ROBBING_KONG;
    jong_tai_result r = check(&c, "robbing_kong 1, all_chows 2", 3);
    expect_deltas(&r, 0, 160, -160, 0);
}

/* N0 self-drawn on a replacement tile: self-draw 1 + replacement 1. N0 on the last discard:
 * last tile 1. */
static void replacement_and_last_tile(void **state)
{
    (void)state;
    jong_win_context c = self_drawn(N0, "8s");
    c.flags = JONG_WIN_REPLACEMENT;
    check(&c, "self_draw 1, replacement 1", 2);
    c = win(N0, "8s");
    c.flags = JONG_WIN_LAST_TILE;
    check(&c, "last_tile 1", 1);
    c = self_drawn(N0, "8s");
    c.flags = JONG_WIN_LAST_TILE;
    check(&c, "self_draw 1, last_tile 1", 2);
}

/* Five declared melds and the pair 5p. Self-drawn: self-draw 1 + half-begging 1 (no single
 * wait: begging replaces it). On a discard: all-begging 2. */
static void begging(void **state)
{
    (void)state;
    const char *h = "[123m][456m][789p][234s][888s] 55p";
    jong_win_context c = self_drawn(h, "5p");
    check(&c, "self_draw 1, half_begging 1", 2);
    c = win(h, "5p");
    check(&c, "all_begging 2", 2);
}

/* Near misses of begging. A concealed kong among the five melds was not begged from anyone:
 * single wait 1 (the kong is one concealed pong, not three). Four melds and 888s+5p concealed,
 * self-drawn: self-draw 1 + single wait 1. */
static void begging_near_misses(void **state)
{
    (void)state;
    jong_win_context c = win("[123m][456m][789p][234s](8888s) 55p", "5p");
    check(&c, "single_wait 1", 1);
    c = self_drawn("[123m][456m][789p][234s] 55p888s", "5p");
    check(&c, "self_draw 1, single_wait 1", 2);
}

/* 111p 555p 999s concealed with the two-sided 56m won on 4m: three concealed pongs 2.
 * Near miss: the shanpon 99s/22s won on a discarded 9s leaves two concealed pongs: 0; the same
 * 9s self-drawn: self-draw 1 + three concealed pongs 2. */
static void three_concealed_pongs(void **state)
{
    (void)state;
    const char *h = "[123m] 456m111p555p999s22s";
    jong_win_context c = win(h, "4m");
    check(&c, "three_concealed_pongs 2", 2);
    c = win(h, "9s");
    check(&c, "", 0);
    c = self_drawn(h, "9s");
    check(&c, "self_draw 1, three_concealed_pongs 2", 3);
}

/* Four pongs concealed, shanpon 22s/44m. A discarded 2s: three concealed 2. Self-drawn: four
 * concealed 5 replaces three, + self-draw 1 = 6 (ericyang: 6 + 1 = 7). */
static void four_concealed_pongs(void **state)
{
    (void)state;
    const char *h = "[123m] 111p555p999s222s44m";
    jong_win_context c = win(h, "2s");
    check(&c, "three_concealed_pongs 2", 2);
    c = self_drawn(h, "2s");
    check(&c, "self_draw 1, four_concealed_pongs 5", 6);
    check_rules("big_hands=ericyang", &c, "self_draw 1, four_concealed_pongs 6", 7);
}

/* Five concealed pongs, shanpon 99s/22s. Self-drawn 9s: concealed self-draw 3 + five concealed
 * 8 (replacing four/three concealed and all pongs) = 11; ericyang 3 + 16 = 19. On a discarded
 * 9s the 999s is not concealed: concealed 1 + all pongs 4 + four concealed 5 = 10. */
static void five_concealed_pongs(void **state)
{
    (void)state;
    const char *h = "111m555m111p555p999s22s";
    jong_win_context c = self_drawn(h, "9s");
    check(&c, "concealed_self_draw 3, five_concealed_pongs 8", 11);
    check_rules("big_hands=ericyang", &c, "concealed_self_draw 3, five_concealed_pongs 16", 19);
    c = win(h, "9s");
    check(&c, "concealed 1, all_pongs 4, four_concealed_pongs 5", 10);
}

/* Two pong melds + 111p 555p concealed + shanpon won on a discarded 9s: all pongs 4 (two
 * concealed pongs count nothing). Near miss with 789s instead of 999s: 78s waits on 6s or 9s,
 * and a chow is not a pong: nothing. */
static void all_pongs(void **state)
{
    (void)state;
    jong_win_context c = win("[111m][555m] 111p555p999s22s", "9s");
    check(&c, "all_pongs 4", 4);
    c = win("[111m][555m] 111p555p789s22s", "9s");
    check(&c, "", 0);
}

/* 333m 345m: a discarded 3m may sit in the chow (low end, others 45: two-sided) so 333m stays
 * concealed: with 777p 999p that is three concealed pongs 2. (The 16-tile hand waits on 3m and
 * 6m, not a single wait; five chows it is not.) */
static void win_tile_placed_for_most_tai(void **state)
{
    (void)state;
    jong_win_context c = win("[123s] 333m345m777p999p55s", "3m");
    check(&c, "three_concealed_pongs 2", 2);
}

/* 111222333m read as three pongs gives three concealed pongs 2, as three chows nothing; the
 * 89s edge on 7s is a single wait either way: 1 + 2 = 3. */
static void reading_with_most_tai(void **state)
{
    (void)state;
    jong_win_context c = win("[456p] 111222333m789s55s", "7s");
    check(&c, "single_wait 1, three_concealed_pongs 2", 3);
}

/* Little three dragons: 555z 666z and the pair 77z, won on 4p (two-sided 56p): 4, replacing
 * both dragon pongs. Near miss with the pair 11s: dragon pong 1 + 1. */
static void little_three_dragons(void **state)
{
    (void)state;
    jong_win_context c = win("[123m] 555z666z77z456p789s", "4p");
    check(&c, "little_three_dragons 4", 4);
    c = win("[123m] 555z666z11s456p789s", "4p");
    check(&c, "dragon_pong 1, dragon_pong 1", 2);
}

/* Big three dragons: 555z 666z 777z concealed, won on 4p: three concealed 2 + big three
 * dragons 8 (no dragon pong entries, no little three dragons). */
static void big_three_dragons(void **state)
{
    (void)state;
    jong_win_context c = win("[123m] 555z666z777z456p11s", "4p");
    check(&c, "three_concealed_pongs 2, big_three_dragons 8", 10);
}

/* Little four winds: 111z 222z 333z and the pair 44z, won on 4p: three concealed 2 + little
 * four winds 8; the seat (222z) and round (111z) wind entries are absorbed. Near miss with the
 * pair 55p: seat wind 1 + round wind 1 + three concealed 2. */
static void little_four_winds(void **state)
{
    (void)state;
    jong_win_context c = win("[123m] 111z222z333z44z456p", "4p");
    check(&c, "three_concealed_pongs 2, little_four_winds 8", 10);
    c = win("[123m] 111z222z333z456p55p", "4p");
    check(&c, "seat_wind 1, round_wind 1, three_concealed_pongs 2", 4);
}

/* Big four winds with a chow meld, shanpon 44z/55p won on a discarded 4z: 444z not concealed,
 * three concealed 2 + big four winds 16. */
static void big_four_winds(void **state)
{
    (void)state;
    jong_win_context c = win("[123m] 111z222z333z444z55p", "4z");
    check(&c, "three_concealed_pongs 2, big_four_winds 16", 18);
}

/* All honors: [555z][666z] 111z 222z 444z and the pair 33z, won on a discarded 4z. Two dragon
 * pongs (pair 33z is a wind): 1 + 1. Winds 111z 222z 444z + pair 33z: little four winds 8.
 * Concealed pongs 111z 222z: two, nothing. All pongs is replaced by all honors 16. 26 tai.
 */
static void all_honors(void **state)
{
    (void)state;
    jong_win_context c = win("[555z][666z] 111z222z33z444z", "4z");
    check(&c, "dragon_pong 1, dragon_pong 1, little_four_winds 8, all_honors 16", 26);
}

/* All honors with four wind pongs: [777z] 111z 222z 333z 444z + 55z, won on a discarded 4z:
 * dragon pong 1, three concealed 2, big four winds 16, all honors 16 = 35. Near miss of all
 * honors: the pair 55p instead of 55z; all pongs 4 is no longer replaced and it is a half
 * flush 4: 1 + 2 + 4 + 4 + 16 = 27. */
static void all_honors_big_four_winds(void **state)
{
    (void)state;
    jong_win_context c = win("[777z] 111z222z333z444z55z", "4z");
    check(&c, "dragon_pong 1, three_concealed_pongs 2, big_four_winds 16, all_honors 16", 35);
    c = win("[777z] 111z222z333z444z55p", "4z");
    check(&c, "dragon_pong 1, three_concealed_pongs 2, all_pongs 4, half_flush 4, big_four_winds 16", 27);
}

/* Half flush: characters and 111z, shanpon 33m/77m won on a discarded 7m: round wind 1 (111z;
 * the winner is South) + half flush 4 (two concealed pongs: nothing). Near miss with 999p:
 * round wind 1. */
static void half_flush(void **state)
{
    (void)state;
    jong_win_context c = win("[123m][456m] 111z999m33m777m", "7m");
    check(&c, "round_wind 1, half_flush 4", 5);
    c = win("[123m][456m] 111z999p33m777m", "7m");
    check(&c, "round_wind 1", 1);
}

/* Full flush: all characters, shanpon 33m/77m won on a discarded 7m: full flush 8 (ericyang
 * 12). The half-flush hand above is its near miss. */
static void full_flush(void **state)
{
    (void)state;
    jong_win_context c = win("[123m][456m] 111m999m33m777m", "7m");
    check(&c, "full_flush 8", 8);
    check_rules("big_hands=ericyang", &c, "full_flush 12", 12);
}

/* Heavenly: the dealer (seat 0) self-draws C0 on the deal: dealer 1 + heavenly 16 (concealed
 * self-draw replaced) = 17; each pays 100 + 340 = 440. Ericyang: 1 + 24 = 25. */
static void heavenly(void **state)
{
    (void)state;
    jong_win_context c = self_drawn(C0, "8s");
    c.winner = 0, c.seat_wind = 0, c.flags = JONG_WIN_HEAVENLY;
    jong_tai_result r = check(&c, "dealer 1, heavenly 16", 17);
    expect_deltas(&r, 1320, -440, -440, -440);
    check_rules("big_hands=ericyang", &c, "dealer 1, heavenly 24", 25);
}

/* Earthly: seat 1 self-draws C0 on the first draw: earthly 16 (concealed self-draw replaced,
 * ericyang too); the dealer pays 17 tai = 440, the others 420. */
static void earthly(void **state)
{
    (void)state;
    jong_win_context c = self_drawn(C0, "8s");
    c.flags = JONG_WIN_EARTHLY;
    jong_tai_result r = check(&c, "earthly 16", 16);
    expect_deltas(&r, -440, 1280, -420, -420);
    check_rules("big_hands=ericyang", &c, "earthly 16", 16);
}

/* Human: C0 on a first-go-around discard: human 16 replaces concealed. N0: human 16. */
static void human(void **state)
{
    (void)state;
    jong_win_context c = win(C0, "8s");
    c.flags = JONG_WIN_HUMAN;
    jong_tai_result r = check(&c, "human 16", 16);
    expect_deltas(&r, 0, 420, -420, 0);
    c = win(N0, "8s");
    c.flags = JONG_WIN_HUMAN;
    check(&c, "human 16", 16);
}

/* Flower win: seat 1 holds seven flowers and draws s4; the hand (16 tiles) need not be
 * complete, and none of it counts (f2 s2 are seat 1's, ignored): self-draw 1 + eight flowers 8
 * = 9. The dealer pays 10 tai = 300, the others 280. Robbed from the dealer's revealed flower:
 * dealer 1 + eight flowers 8 = 9, the dealer alone pays 280. */
static void flower_win(void **state)
{
    (void)state;
    const char *h = "1357m2468p13579s123z f1f2f3f4s1s2s3s4";
    jong_win_context c = self_drawn(h, "s4");
    c.flags = JONG_WIN_FLOWERS;
    jong_tai_result r = check(&c, "self_draw 1, eight_flowers 8", 9);
    expect_deltas(&r, -300, 860, -280, -280);
    c.discarder = 0;
    r = check(&c, "dealer 1, eight_flowers 8", 9);
    expect_deltas(&r, -280, 280, 0, 0);
}

/* An exposed kong 1111m and a concealed kong 9999s, shanpon won on a discarded 8s: nothing by
 * default (not concealed; one concealed pong). kong_tai=exposed1-concealed2: kong 1 + kong 2. */
static void kong_tai_option(void **state)
{
    (void)state;
    jong_win_context c = win("[1111m] 456m789p55p888s (9999s)", "8s");
    check(&c, "", 0);
    check_rules("kong_tai=exposed1-concealed2", &c, "kong 1, kong 2", 3);
}

/* Cap 10 on the 35-tai all-honors hand: tai 10 (the entries still show 35), seat 2 pays
 * 100 + 200 = 300. Cap 3 on N0 self-drawn with streak 2: the dealer would pay 1 + 5 = 6, capped
 * to 3 = 160; the others 1 tai = 120; seat 1 gets 400. */
static void tai_cap(void **state)
{
    (void)state;
    jong_win_context c = win("[777z] 111z222z333z444z55z", "4z");
    jong_ruleset rs = taiwan_with("tai_cap=10");
    jong_tai_result r = score_with(&rs, &c);
    expect(&r, "dragon_pong 1, three_concealed_pongs 2, big_four_winds 16, all_honors 16", 10);
    expect_deltas(&r, 0, 300, -300, 0);
    c = self_drawn(N0, "8s");
    c.dealer_streak = 2;
    rs = taiwan_with("tai_cap=3");
    r = score_with(&rs, &c);
    expect(&r, "self_draw 1", 1);
    expect_deltas(&r, -160, 400, -120, -120);
}

/* base 50, unit 10: N0 self-drawn by the dealer (dealer 1 + self-draw 1 = 2): 70 each. */
static void base_and_unit(void **state)
{
    (void)state;
    jong_win_context c = self_drawn(N0, "8s");
    c.winner = 0, c.seat_wind = 0;
    jong_ruleset rs = taiwan_with("base=50,unit=10");
    jong_tai_result r = score_with(&rs, &c);
    expect(&r, "dealer 1, self_draw 1", 2);
    expect_deltas(&r, 210, -70, -70, -70);
}

/* Seven pairs and a pong (11m 22m 33m 44p 55p 66s 77s + 999s) won on a discarded 4p, the lone
 * wait: seven pairs pong 8 + single wait 1 (concealed replaced). Self-drawn: self-draw 1 +
 * single wait 1 + 8 = 10. Won on 9s: any pair could have become the pong, eight waits: 8.
 * Special hands off: not a win. */
static void seven_pairs_pong(void **state)
{
    (void)state;
    const char *h = "11m22m33m44p55p66s77s999s";
    jong_win_context c = win(h, "4p");
    check_rules("special_hands=seven-pairs-pong", &c, "single_wait 1, seven_pairs_pong 8", 9);
    c = self_drawn(h, "4p");
    check_rules("special_hands=seven-pairs-pong", &c, "self_draw 1, single_wait 1, seven_pairs_pong 8", 10);
    c = win(h, "9s");
    check_rules("special_hands=all", &c, "seven_pairs_pong 8", 8);
    jong_ruleset rs = taiwan();
    assert_false(jong_tai_is_winning_hand(&rs, &c.hand));
    rs = taiwan_with("special_hands=sixteen-unrelated+thirteen-orphans");
    assert_false(jong_tai_is_winning_hand(&rs, &c.hand));
    rs = taiwan_with("special_hands=seven-pairs-pong");
    assert_true(jong_tai_is_winning_hand(&rs, &c.hand));
    /* Four of a kind is not two pairs. */
    jong_hand four = hand_of("1111m33m44p55p66s77s999s");
    assert_false(jong_tai_is_winning_hand(&rs, &four));
}

/* 112233m 445566p 77s 888s is both seven pairs + a pong and a standard hand. Before the 7s the
 * hand waited on 6s, 7s and 9s (7888s is also 678s/789s + 88s), so no single wait. Standard:
 * concealed 1 (888s is one concealed pong). With the special hand on, seven pairs pong 8 is the
 * better reading. */
static void special_reading_beats_standard(void **state)
{
    (void)state;
    jong_win_context c = win("112233m445566p77s888s", "7s");
    check(&c, "concealed 1", 1);
    check_rules("special_hands=seven-pairs-pong", &c, "seven_pairs_pong 8", 8);
}

/* Sixteen unrelated: 147m 258p 369s, the seven honors and a second East, won on the discarded
 * East: any of the 16 kinds would have paired, no single wait: 16. Self-drawn: 1 + 16. Near
 * miss 368s (6 and 8 are two apart): not a win even with the option. */
static void sixteen_unrelated(void **state)
{
    (void)state;
    const char *h = "147m258p369s11234567z";
    jong_win_context c = win(h, "1z");
    check_rules("special_hands=sixteen-unrelated", &c, "sixteen_unrelated 16", 16);
    c = self_drawn(h, "1z");
    check_rules("special_hands=sixteen-unrelated", &c, "self_draw 1, sixteen_unrelated 16", 17);
    jong_ruleset rs = taiwan_with("special_hands=sixteen-unrelated");
    assert_true(jong_tai_is_winning_hand(&rs, &c.hand));
    jong_hand miss = hand_of("147m258p368s11234567z");
    assert_false(jong_tai_is_winning_hand(&rs, &miss));
    rs = taiwan();
    assert_false(jong_tai_is_winning_hand(&rs, &c.hand));
}

/* Thirteen orphans: the 13 terminals and honors, a second 1m, and 234p. Won on the 1m pair: the
 * 16-tile hand waited on any of the 13 kinds: 16. Won on 3p (closed wait, alone): 16 + single
 * wait 1. Near misses: 235p, 89m+1p or the three dragons as the set are not wins. */
static void thirteen_orphans(void **state)
{
    (void)state;
    const char *h = "119m19p19s1234567z234p";
    jong_win_context c = win(h, "1m");
    check_rules("special_hands=thirteen-orphans", &c, "thirteen_orphans 16", 16);
    c = win(h, "3p");
    check_rules("special_hands=thirteen-orphans", &c, "single_wait 1, thirteen_orphans 16", 17);
    jong_ruleset rs = taiwan_with("special_hands=thirteen-orphans");
    jong_hand miss = hand_of("119m19p19s1234567z235p");
    assert_false(jong_tai_is_winning_hand(&rs, &miss));
    /* The set may be a pong of an orphan kind too: 1z as the pair, 999m as the pong is 5 copies
     * of 9m, so use 555s. */
    jong_hand pong = hand_of("19m19p19s11234567z555s");
    assert_true(jong_tai_is_winning_hand(&rs, &pong));
    /* Three consecutive kinds are a chow only inside one suit: 8m 9m 1p and P F C are not. */
    jong_hand across = hand_of("1899m119p19s11234567z");
    assert_false(jong_tai_is_winning_hand(&rs, &across));
    jong_hand dragons = hand_of("19m19p19s11234567z567z");
    assert_false(jong_tai_is_winning_hand(&rs, &dragons));
    rs = taiwan();
    assert_false(jong_tai_is_winning_hand(&rs, &c.hand));
}

static void winning_hand_checks(void **state)
{
    (void)state;
    jong_ruleset rs = taiwan();
    jong_hand h = hand_of(N0);
    assert_true(jong_tai_is_winning_hand(&rs, &h));
    h = hand_of("[123m] 456m789p234s55p889s");
    assert_false(jong_tai_is_winning_hand(&rs, &h));
    h = hand_of("[123m] 456m789p234s55p88s"); /* 16 tiles */
    assert_false(jong_tai_is_winning_hand(&rs, &h));
    assert_false(jong_tai_is_winning_hand(&rs, NULL));
}

/* Errors leave *out untouched and name what is wrong. */
static void expect_error(const jong_ruleset *rs, const jong_win_context *c, const char *words)
{
    jong_tai_result r, before;
    memset(&r, 0xAB, sizeof r);
    before = r;
    jong_error err;
    jong_error_clear(&err);
    assert_int_equal(jong_tai_score(rs, c, &r, &err), JONG_ERR_ARG);
    assert_int_equal(err.code, JONG_ERR_ARG);
    assert_memory_equal(&r, &before, sizeof r);
    if (!strstr(err.msg, words)) {
        fprintf(stderr, "message '%s' lacks '%s'\n", err.msg, words);
        fail();
    }
}

static void errors(void **state)
{
    (void)state;
    jong_ruleset rs = taiwan();
    jong_win_context c = win("[123m] 456m789p234s55p889s", "8s");
    expect_error(&rs, &c, "not a winning hand");
    c = win(N0, "1m");
    expect_error(&rs, &c, "not among the concealed tiles");
    c = win("[123m] 456m789p234s55p88s", "8s");
    expect_error(&rs, &c, "16 tiles");
    c = win(N0, "8s");
    c.winner = 4;
    expect_error(&rs, &c, "winner seat 4");
    c = win(N0, "8s");
    c.discarder = 1;
    expect_error(&rs, &c, "own discard");
    c = win(N0, "8s");
    c.discarder = 7;
    expect_error(&rs, &c, "discarder seat 7");
    c = win(N0, "8s");
    c.dealer = -1;
    expect_error(&rs, &c, "dealer seat -1");
    c = win(N0, "8s");
    c.seat_wind = 4;
    expect_error(&rs, &c, "seat wind 4");
    c = win(N0, "8s");
    c.dealer_streak = -1;
    expect_error(&rs, &c, "streak");
    c = win(N0, "8s");
    c.flags = JONG_WIN_HEAVENLY;
    expect_error(&rs, &c, "heavenly");
    c = self_drawn(N0, "8s");
    c.flags = JONG_WIN_ROBBING_KONG;
    expect_error(&rs, &c, "robbing the kong");
    c = win(N0, "8s");
    c.flags = JONG_WIN_REPLACEMENT;
    expect_error(&rs, &c, "replacement");
    c = win(N0, "8s");
    c.flags = 1u << 12;
    expect_error(&rs, &c, "unknown win flags");
    c = self_drawn("1357m2468p13579s123z f1f2f3f4s1s2s3", "s4");
    c.flags = JONG_WIN_FLOWERS;
    expect_error(&rs, &c, "all eight flowers");
    c = win(N0, "8s");
    c.win_tile = JONG_TILE_FLOWER_BASE + 1;
    expect_error(&rs, &c, "not a tile kind");
    c = win(N0 " f1", "8s");
    jong_ruleset off = taiwan_with("flowers=off");
    expect_error(&off, &c, "flowers are off");
    jong_ruleset riichi;
    jong_ruleset_default(&riichi, JONG_VARIANT_RIICHI);
    c = win(N0, "8s");
    expect_error(&riichi, &c, "Taiwanese");
    assert_int_equal(jong_tai_score(NULL, &c, NULL, NULL), JONG_ERR_ARG);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(names_are_stable),
        cmocka_unit_test(nothing_hand),
        cmocka_unit_test(dealer_wins),
        cmocka_unit_test(dealer_discards),
        cmocka_unit_test(self_draw_by_non_dealer),
        cmocka_unit_test(self_draw_by_dealer),
        cmocka_unit_test(concealed_and_self_draw),
        cmocka_unit_test(concealed_kong_keeps_concealed),
        cmocka_unit_test(dragon_pongs),
        cmocka_unit_test(wind_pongs),
        cmocka_unit_test(seat_flowers),
        cmocka_unit_test(flower_sets),
        cmocka_unit_test(all_chows),
        cmocka_unit_test(all_chows_near_misses),
        cmocka_unit_test(all_chows_edge_and_closed),
        cmocka_unit_test(all_chows_low_edge),
        cmocka_unit_test(single_wait),
        cmocka_unit_test(robbing_the_kong),
        cmocka_unit_test(replacement_and_last_tile),
        cmocka_unit_test(begging),
        cmocka_unit_test(begging_near_misses),
        cmocka_unit_test(three_concealed_pongs),
        cmocka_unit_test(four_concealed_pongs),
        cmocka_unit_test(five_concealed_pongs),
        cmocka_unit_test(all_pongs),
        cmocka_unit_test(win_tile_placed_for_most_tai),
        cmocka_unit_test(reading_with_most_tai),
        cmocka_unit_test(little_three_dragons),
        cmocka_unit_test(big_three_dragons),
        cmocka_unit_test(little_four_winds),
        cmocka_unit_test(big_four_winds),
        cmocka_unit_test(all_honors),
        cmocka_unit_test(all_honors_big_four_winds),
        cmocka_unit_test(half_flush),
        cmocka_unit_test(full_flush),
        cmocka_unit_test(heavenly),
        cmocka_unit_test(earthly),
        cmocka_unit_test(human),
        cmocka_unit_test(flower_win),
        cmocka_unit_test(kong_tai_option),
        cmocka_unit_test(tai_cap),
        cmocka_unit_test(base_and_unit),
        cmocka_unit_test(seven_pairs_pong),
        cmocka_unit_test(special_reading_beats_standard),
        cmocka_unit_test(sixteen_unrelated),
        cmocka_unit_test(thirteen_orphans),
        cmocka_unit_test(winning_hand_checks),
        cmocka_unit_test(errors),
    };
    return cmocka_run_group_tests_name("tai", tests, NULL, NULL);
}
