/* The riichi table's rules. So far the pure rules the engine will use: the kuikae ban after a
 * call, the concealed kan allowed after riichi, tenpai payments, kyuushu kyuuhai, the next hand
 * or the game's end (with tenpai_yame and extension_rounds), the final ranking and result. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "engine/game_riichi.h"
#include "jong/jong.h"
#include "support/parse_or_fail.h"

static uint64_t bits(const char *a, const char *b)
{
    return 1ull << kind_of(a) | (b ? 1ull << kind_of(b) : 0);
}

static void kuikae_bans_the_claimed_kind_and_the_other_end(void **state)
{
    (void)state;
    /* 3m taken with 45m: 3m and 6m; 6m taken with 45m: 6m and 3m; 5m taken with 46m: 5m only */
    assert_int_equal(riichi_kuikae_banned(JONG_ACT_CHI, kind_of("3m"), kind_of("3m")), bits("3m", "6m"));
    assert_int_equal(riichi_kuikae_banned(JONG_ACT_CHI, kind_of("6m"), kind_of("4m")), bits("6m", "3m"));
    assert_int_equal(riichi_kuikae_banned(JONG_ACT_CHI, kind_of("5m"), kind_of("4m")), bits("5m", NULL));
    /* no other end beyond 9 or below 1, and never into another suit */
    assert_int_equal(riichi_kuikae_banned(JONG_ACT_CHI, kind_of("7p"), kind_of("7p")), bits("7p", NULL));
    assert_int_equal(riichi_kuikae_banned(JONG_ACT_CHI, kind_of("3s"), kind_of("1s")), bits("3s", NULL));
    assert_int_equal(riichi_kuikae_banned(JONG_ACT_CHI, kind_of("6s"), kind_of("6s")), bits("6s", "9s"));
    assert_int_equal(riichi_kuikae_banned(JONG_ACT_CHI, kind_of("4p"), kind_of("2p")), bits("4p", "1p"));
    /* pon: the claimed kind only */
    assert_int_equal(riichi_kuikae_banned(JONG_ACT_PON, kind_of("5m"), 0), bits("5m", NULL));
    assert_int_equal(riichi_kuikae_banned(JONG_ACT_PON, kind_of("E"), 0), bits("E", NULL));
}

static bool ankan_ok(const char *hand, const char *drawn)
{
    jong_hand h = hand_of(hand);
    return riichi_ankan_allowed(&h, kind_of(drawn));
}

static void ankan_after_riichi(void **state)
{
    (void)state;
    /* 222m + 45m: waits 3m 6m with or without the kan, 2m always a triplet */
    assert_true(ankan_ok("2222m45m345p678s11z", "2m"));
    /* with a meld already declared */
    assert_true(ankan_ok("9999s45m345p11z [678s]", "9s"));
    /* only the drawn kind: the fourth 2m held before the draw of 4m is not kanned */
    assert_false(ankan_ok("2222m445m345p678s1z", "4m"));
    assert_false(ankan_ok("2222m45m345p678s11z", "5m"));
    /* the kan changes the waits: 22234m EE waits on 2m, 5m and E; after a 2m kan, 34m waits on 5m */
    assert_false(ankan_ok("22223m456p789s11z4m", "2m"));
    /* same waits, other reading: 666777888m reads as three 678m too (waiting on E either way) */
    assert_false(ankan_ok("6666777888m123p1z", "6m"));
    /* a hand that is not waiting (riichi is impossible there, but the rule still says no) */
    assert_false(ankan_ok("2222m19m19p19s1234z", "2m"));
}

static void tenpai_payments_every_split(void **state)
{
    (void)state;
    int32_t d[4];
    for (unsigned t = 0; t < 16; t++) {
        riichi_tenpai_payments(t, d);
        int n = __builtin_popcount(t);
        int32_t sum = 0;
        for (int s = 0; s < 4; s++) {
            sum += d[s];
            static const int32_t win[5] = {0, 3000, 1500, 1000, 0}, lose[5] = {0, -1000, -1500, -3000, 0};
            assert_int_equal(d[s], (t >> s & 1) ? win[n] : lose[n]);
        }
        assert_int_equal(sum, 0);
    }
}

static void nine_terminals(void **state)
{
    (void)state;
    jong_hand h = hand_of("19m19p1s1234z55888p"); /* 9 kinds */
    assert_true(riichi_nine_terminals(h.counts));
    h = hand_of("119m19p1s123z55888p"); /* 8 kinds */
    assert_false(riichi_nine_terminals(h.counts));
}

/* Final results of real Tenhou games (scores and results as Tenhou's logs give them). */
static void final_result_as_tenhou(void **state)
{
    (void)state;
    static const struct { int32_t scores[4]; int points[4]; int rank[4]; } cases[] = {
        {{36600, 4900, 39600, 18900}, {17, -45, 49, -21}, {1, 3, 0, 2}},
        {{17000, 20600, 64100, -1700}, {-23, 1, 74, -52}, {2, 1, 0, 3}},
        /* x.5 thousand rounds away from zero, on the score itself: 30500 -> 31, -3500 -> -4 */
        {{-1100, 14600, 56000, 30500}, {-51, -25, 65, 11}, {3, 2, 0, 1}},
        {{51300, 29000, -3500, 23200}, {62, 9, -54, -17}, {0, 1, 3, 2}},
        {{40500, 22100, 4900, 32500}, {50, -18, -45, 13}, {0, 2, 3, 1}},
        /* ties: the seat nearer the first dealer ranks first */
        {{73000, 25000, 25000, -23000}, {83, 5, -15, -73}, {0, 1, 2, 3}},
        {{22300, 15200, 40200, 22300}, {2, -35, 51, -18}, {1, 3, 0, 2}},
    };
    static const int uma[4] = {20, 10, -10, -20};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int rank[4], points[4];
        riichi_final_result(cases[i].scores, uma, 30000, rank, points);
        assert_memory_equal(rank, cases[i].rank, sizeof rank);
        assert_memory_equal(points, cases[i].points, sizeof points);
    }
}

static uint64_t riichi_discards_of(const char *hand)
{
    jong_hand h = hand_of(hand);
    return riichi_tenpai_discards(&h);
}

static void riichi_discards_and_closed_hands(void **state)
{
    (void)state;
    /* 123m 456p 789s 11z 579m: dropping 9m waits on 6m, 5m on 8m; dropping 7m leaves 5m 9m */
    assert_int_equal(riichi_discards_of("12357m9m456p789s11z"), bits("9m", "5m"));
    /* seven pairs: any single of the two breaks away to a tanki */
    assert_int_equal(riichi_discards_of("1199m2288p3377s1z2z"), bits("E", "S"));
    /* not waiting after any discard */
    assert_int_equal(riichi_discards_of("1379m1379p1379s12z"), 0);
    /* dropping S leaves 1111m waiting only on a kind held four times: no riichi that way */
    assert_int_equal(riichi_discards_of("1111m123p456s789s2z"), bits("1m", NULL));
    /* with a concealed kan the hand is still closed and may declare */
    assert_int_equal(riichi_discards_of("123p456s78s112z (1111m)"), bits("S", NULL));
    jong_hand h = hand_of("123p456s78s112z (1111m)");
    assert_true(riichi_hand_closed(&h));
    h = hand_of("123p456s11z [789s] (1111m)");
    assert_false(riichi_hand_closed(&h));
}

static bool tenpai_at_draw(const char *text)
{
    jong_hand h = hand_of(text);
    return riichi_tenpai_at_draw(&h);
}

static void tenpai_at_the_exhaustive_draw(void **state)
{
    (void)state;
    assert_true(tenpai_at_draw("123m456p789s234s5s"));
    assert_false(tenpai_at_draw("123m456p789s23s59s"));
    assert_true(tenpai_at_draw("19m19p19sESWNPFC"));        /* thirteen orphans, 13-sided */
    assert_true(tenpai_at_draw("1122m3344p5566s7z"));       /* seven pairs */
    /* the fourth 5p is in the seat's own pon: tenpai on Tenhou (not a wait a ron could use) */
    assert_true(tenpai_at_draw("678m5p678s [555p] [111z]"));
    jong_hand h = hand_of("678m5p678s [555p] [111z]");
    assert_int_equal(jong_waits(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL), 0);
    /* four copies in the concealed hand: no tenpai */
    assert_false(tenpai_at_draw("1111m234p567p789s"));
}

static void four_winds(void **state)
{
    (void)state;
    assert_true(riichi_four_winds((const uint8_t[]){JONG_N, JONG_N, JONG_N, JONG_N}));
    assert_false(riichi_four_winds((const uint8_t[]){JONG_P, JONG_P, JONG_P, JONG_P}));  /* dragons */
    assert_false(riichi_four_winds((const uint8_t[]){JONG_E, JONG_E, JONG_E, JONG_S}));
}

static int calls_of(const char *hand, const char *discard, bool chi, jong_action out[8])
{
    jong_hand h = hand_of(hand);
    return riichi_call_options(&h, kind_of(discard), chi, out);
}

static void calls_with_red_fives_and_kuikae(void **state)
{
    (void)state;
    jong_action a[8];
    /* 3m 4m 0m 6m 7m on a 5m: three chi, none uses a red five of the hand; no pon */
    assert_int_equal(calls_of("34067m111p222s33z", "5m", true, a), 3);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(a[i].type, JONG_ACT_CHI);
        assert_int_equal(a[i].flags, 0);
        assert_int_equal(a[i].low, kind_of("3m") + i);
    }
    /* not from the previous seat: no chi */
    assert_int_equal(calls_of("34067m111p222s33z", "5m", false, a), 0);
    /* 3m 0m 5m 5m 6m on a 4m: 3-4-5 and 4-5-6 each with the red or a plain five */
    assert_int_equal(calls_of("30556m111p222s33z", "4m", true, a), 4);
    assert_int_equal(a[0].low, kind_of("3m"));
    assert_int_equal(a[0].flags, 0);
    assert_int_equal(a[1].low, kind_of("3m"));
    assert_int_equal(a[1].flags, JONG_ACT_FLAG_RED);
    assert_int_equal(a[3].low, kind_of("4m"));
    assert_int_equal(a[3].flags, JONG_ACT_FLAG_RED);
    /* pon of 5m holding 0m 5m 5m: with two plain fives or with the red one */
    assert_int_equal(calls_of("055m111p222s333s1z", "5m", false, a), 2);
    assert_int_equal(a[0].type, JONG_ACT_PON);
    assert_int_equal(a[0].flags, 0);
    assert_int_equal(a[1].flags, JONG_ACT_FLAG_RED);
    /* holding 0m 5m only: the pon must use the red five */
    assert_int_equal(calls_of("05m111p222s333s11z", "5m", false, a), 1);
    assert_int_equal(a[0].flags, JONG_ACT_FLAG_RED);
    /* 45m 66m on a 3m: after 3-4-5 only 6m is left, and kuikae bars 3m and 6m: no chi */
    assert_int_equal(calls_of("4566m [111p] [222s] [333s]", "3m", true, a), 0);
    /* the same with a 1z left over: the chi is allowed */
    assert_int_equal(calls_of("45m66m1z11p [222s] [333s]", "3m", true, a), 1);
}

/* riichi_next_hand on a ruleset, returning -1 when the game is over, else kyoku * 100 + honba */
static int next_of(bool tonpuu, bool agari_yame, bool tobi, int kyoku, int honba, bool keeps,
                   bool draw, int32_t a, int32_t b, int32_t c, int32_t d, int dealer)
{
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    rs.tonpuu = tonpuu;
    rs.agari_yame = agari_yame;
    rs.tobi = tobi;
    const int32_t scores[4] = {a, b, c, d};
    int k = -5, h = -5;
    if (riichi_next_hand(&rs, kyoku, honba, keeps, draw, false, scores, dealer, &k, &h))
        return -1;
    return k * 100 + h;
}

static void next_hand_and_game_end(void **state)
{
    (void)state;
    /* East 3: a non-dealer win moves the deal and clears the honba; draws add one */
    assert_int_equal(next_of(false, true, true, 2, 1, false, false, 25000, 25000, 25000, 25000, 2), 300);
    assert_int_equal(next_of(false, true, true, 2, 1, false, true, 25000, 25000, 25000, 25000, 2), 302);
    assert_int_equal(next_of(false, true, true, 2, 1, true, true, 25000, 25000, 25000, 25000, 2), 202);
    assert_int_equal(next_of(false, true, true, 2, 1, true, false, 40000, 20000, 20000, 20000, 2), 202);
    /* tobi below zero only, and only with the option */
    assert_int_equal(next_of(false, true, true, 2, 0, false, false, 50100, 25000, 25000, -100, 2), -1);
    assert_int_equal(next_of(false, true, true, 2, 0, false, false, 50000, 25000, 25000, 0, 2), 300);
    assert_int_equal(next_of(false, true, false, 2, 0, false, false, 50100, 25000, 25000, -100, 2), 300);
    /* South 4 (dealer seat 3): ends when the deal moves and someone has 30000, else West 1 */
    assert_int_equal(next_of(false, true, true, 7, 0, false, false, 31000, 23000, 23000, 23000, 3), -1);
    assert_int_equal(next_of(false, true, true, 7, 2, false, true, 29000, 29000, 29000, 13000, 3), 803);
    /* the dealer keeps the deal: agari-yame when first with 30000, otherwise the game goes on */
    assert_int_equal(next_of(false, true, true, 7, 0, true, false, 20000, 20000, 20000, 40000, 3), -1);
    assert_int_equal(next_of(false, true, true, 7, 0, true, true, 20000, 20000, 20000, 40000, 3), -1);
    assert_int_equal(next_of(false, false, true, 7, 0, true, false, 20000, 20000, 20000, 40000, 3), 701);
    /* but an abortive draw is no dealer's win or tenpai: South 4 goes on (as a Tenhou game of
     * January 2022 after a kyuushu kyuuhai with the dealer first at 45900) */
    {
        jong_ruleset rs;
        jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
        const int32_t sc[4] = {25200, 19500, 9400, 45900};
        int k = -5, h = -5;
        assert_false(riichi_next_hand(&rs, 7, 0, true, true, true, sc, 3, &k, &h));
        assert_int_equal(k * 100 + h, 701);
    }
    assert_int_equal(next_of(false, true, true, 7, 0, true, false, 23000, 24000, 24000, 29000, 3), 701);
    assert_int_equal(next_of(false, true, true, 7, 0, true, false, 45000, 10000, 10000, 35000, 3), 701);
    /* tied first place goes to the seat nearer seat 0: the dealer at seat 3 is not first */
    assert_int_equal(next_of(false, true, true, 7, 0, true, false, 35000, 15000, 15000, 35000, 3), 701);
    /* the West round: over when the deal moves and someone has 30000; a dealer repeat ends it
     * only by agari-yame, else it goes on (as a tonpuu game of January 2022: South 1, the
     * dealer tenpai at 17000, another seat at 30800, then South 1 honba 2) */
    assert_int_equal(next_of(false, true, true, 8, 0, true, false, 31000, 23000, 23000, 23000, 0), -1);
    assert_int_equal(next_of(false, true, true, 8, 0, false, false, 29000, 29000, 29000, 13000, 0), 900);
    assert_int_equal(next_of(false, true, true, 8, 0, false, false, 31000, 23000, 23000, 23000, 0), -1);
    assert_int_equal(next_of(true, true, true, 4, 1, true, true, 17000, 30800, 25500, 25700, 0), 402);
    /* West 4 is the last hand: over when the deal moves, even with nobody at 30000 */
    assert_int_equal(next_of(false, true, true, 11, 0, false, false, 29000, 29000, 29000, 13000, 3), -1);
    assert_int_equal(next_of(false, true, true, 11, 0, true, true, 29000, 29000, 29000, 13000, 3), 1101);
    /* tonpuu: East 4 is the last, the South round the extension */
    assert_int_equal(next_of(true, true, true, 3, 0, false, false, 31000, 23000, 23000, 23000, 3), -1);
    assert_int_equal(next_of(true, true, true, 3, 0, false, false, 29000, 29000, 29000, 13000, 3), 400);
    assert_int_equal(next_of(true, true, true, 2, 0, false, false, 31000, 23000, 23000, 23000, 2), 300);
    assert_int_equal(next_of(true, true, true, 7, 0, false, false, 29000, 29000, 29000, 13000, 3), -1);
}

/* riichi_next_hand under the options of March 2009 and their neighbours: -1 when the game is
 * over, else kyoku * 100 + honba */
static int next_with(const char *options, int kyoku, bool keeps, bool draw, int32_t a, int32_t b, int32_t c,
                     int32_t d)
{
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    if (jong_ruleset_apply(&rs, options, NULL))
        fail_msg("bad options %s", options);
    const int32_t scores[4] = {a, b, c, d};
    int k = -5, h = -5;
    if (riichi_next_hand(&rs, kyoku, 0, keeps, draw, false, scores, kyoku % 4, &k, &h))
        return -1;
    return k * 100 + h;
}

static void tenpai_yame_and_extension_rounds(void **state)
{
    (void)state;
    /* tonpuu East 4, the dealer (seat 3) first with 39500 and tenpai at the draw: today's Tenhou
     * ends the game (tenpai-yame); March 2009 (2009030821gm-00e1-0000-b6b68d37) played East 4
     * honba 1 */
    assert_int_equal(next_with("length=tonpuu", 3, true, true, 15200, 19400, 24900, 39500), -1);
    assert_int_equal(next_with("length=tonpuu,tenpai_yame=off", 3, true, true, 15200, 19400, 24900, 39500), 301);
    /* without tenpai-yame a dealer's win there still ends it (agari-yame), and without agari-yame
     * tenpai_yame does nothing */
    assert_int_equal(next_with("length=tonpuu,tenpai_yame=off", 3, true, false, 15200, 19400, 24900, 39500), -1);
    assert_int_equal(next_with("length=tonpuu,agari_yame=off", 3, true, true, 15200, 19400, 24900, 39500), 301);
    assert_int_equal(next_with("length=tonpuu,agari_yame=off", 3, true, false, 15200, 19400, 24900, 39500), 301);
    /* the extension's hands alike: South 1 (dealer seat 0 first with 30800, tenpai), as
     * 2009030921gm-00e1-0000-95e6fe14 went on to South 1 honba 1 */
    assert_int_equal(next_with("length=tonpuu", 4, true, true, 30800, 26400, 20700, 21100), -1);
    assert_int_equal(next_with("length=tonpuu,tenpai_yame=off", 4, true, true, 30800, 26400, 20700, 21100), 401);
    /* tonpuu South 4 with nobody at 30000 (2009030812gm-00e1-0000-270195f3): one round of
     * extension ends the game; two go on into West 1, where a win to 30000 ends it */
    assert_int_equal(next_with("length=tonpuu", 7, false, true, 16400, 27700, 26200, 28700), -1);
    assert_int_equal(next_with("length=tonpuu,extension_rounds=2", 7, false, true, 16400, 27700, 26200, 28700), 801);
    assert_int_equal(next_with("length=tonpuu,extension_rounds=2", 8, false, false, 15800, 27300, 25800, 31100), -1);
    assert_int_equal(next_with("length=tonpuu,extension_rounds=2", 8, false, false, 15800, 27300, 29800, 27100), 900);
    /* and end after West 4 whatever the scores */
    assert_int_equal(next_with("length=tonpuu,extension_rounds=2", 11, false, false, 29000, 29000, 29000, 13000), -1);
    /* a hanchan with two rounds goes on into the North round, over after North 4 */
    assert_int_equal(next_with("extension_rounds=2", 11, false, false, 29000, 29000, 29000, 13000), 1200);
    assert_int_equal(next_with("extension_rounds=2", 15, false, false, 29000, 29000, 29000, 13000), -1);
    /* no extension: the last hand ends the game once the deal moves, whatever the scores; a
     * dealer who keeps it below first place plays on */
    assert_int_equal(next_with("length=tonpuu,extension_rounds=0", 3, false, false, 29000, 29000, 29000, 13000), -1);
    assert_int_equal(next_with("extension_rounds=0", 7, false, true, 29000, 29000, 29000, 13000), -1);
    assert_int_equal(next_with("extension_rounds=0", 7, true, true, 29000, 29000, 29000, 13000), 701);
    assert_int_equal(next_with("extension_rounds=0", 6, false, false, 29000, 29000, 29000, 13000), 700);
}

static void nagashi_mangan(void **state)
{
    (void)state;
    const uint8_t river[4] = {0, 8, JONG_E, JONG_C}, claimed[4] = {0, 0, 0, 0}, taken[4] = {0, 0, 1, 0};
    assert_true(riichi_nagashi(river, claimed, 4));
    assert_false(riichi_nagashi(river, taken, 4));          /* one of them was called */
    const uint8_t simple[4] = {0, 8, 1, JONG_C};
    assert_false(riichi_nagashi(simple, claimed, 4));       /* a 2m */
    assert_false(riichi_nagashi(river, claimed, 0));        /* no discard at all */
    int32_t d[4] = {0, 0, 0, 0};
    riichi_nagashi_payments(1, 0, d);                        /* non-dealer: 4000 / 2000 / 2000 */
    assert_int_equal(d[0], -4000);
    assert_int_equal(d[1], 8000);
    assert_int_equal(d[2], -2000);
    assert_int_equal(d[3], -2000);
    riichi_nagashi_payments(0, 0, d);                        /* and the dealer too: 4000 all */
    assert_int_equal(d[0], 8000);
    assert_int_equal(d[1], 4000);
    assert_int_equal(d[2], -6000);
    assert_int_equal(d[3], -6000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(kuikae_bans_the_claimed_kind_and_the_other_end),
        cmocka_unit_test(ankan_after_riichi),
        cmocka_unit_test(tenpai_payments_every_split),
        cmocka_unit_test(nine_terminals),
        cmocka_unit_test(final_result_as_tenhou),
        cmocka_unit_test(riichi_discards_and_closed_hands),
        cmocka_unit_test(four_winds),
        cmocka_unit_test(tenpai_at_the_exhaustive_draw),
        cmocka_unit_test(calls_with_red_fives_and_kuikae),
        cmocka_unit_test(next_hand_and_game_end),
        cmocka_unit_test(tenpai_yame_and_extension_rounds),
        cmocka_unit_test(nagashi_mangan),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
