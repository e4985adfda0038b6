/* Riichi scoring on hand-worked hands: every yaku and yakuman with a hand that has it and a near
 * miss that does not, every fu part, the whole han/fu point table (formula and published values),
 * limits, dora/ura/aka, honba and sticks, the choice of reading, options and errors. Every
 * expected figure is worked out in the comment above it.
 *
 * Unless a test says otherwise the winner sits South (seat wind S, not the dealer), the round is
 * East, the win is a ron from the previous player (kamicha), default rules (kuitan on, three red
 * fives, kiriage off, double yakuman off). "Closed ron" adds the 10 fu of menzen_ron. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "jong/jong.h"
#include "jong/riichi_score.h"
#include "support/parse_or_fail.h"

enum {
    RIICHI = JONG_RIICHI_WIN_RIICHI, DOUBLE = JONG_RIICHI_WIN_DOUBLE_RIICHI, IPPATSU = JONG_RIICHI_WIN_IPPATSU,
    HAITEI = JONG_RIICHI_WIN_HAITEI, HOUTEI = JONG_RIICHI_WIN_HOUTEI, RINSHAN = JONG_RIICHI_WIN_RINSHAN,
    CHANKAN = JONG_RIICHI_WIN_CHANKAN, TENHOU = JONG_RIICHI_WIN_TENHOU, CHIIHOU = JONG_RIICHI_WIN_CHIIHOU,
};

static jong_ruleset rules(void) { return rules_of(JONG_VARIANT_RIICHI, ""); }
static jong_ruleset rules_with(const char *options) { return rules_of(JONG_VARIANT_RIICHI, options); }

/* South wins by ron from the previous player; round East. */
static jong_riichi_context ron(const char *hand, const char *tile)
{
    jong_riichi_context c;
    memset(&c, 0, sizeof c);
    c.hand = hand_of(hand);
    jong_tile t = tile_of(tile);
    c.win_tile = t.kind;
    c.win_red = t.red;
    c.seat_wind = 1;
    c.round_wind = 0;
    c.discarder = 3;
    return c;
}

static jong_riichi_context tsumo(const char *hand, const char *tile)
{
    jong_riichi_context c = ron(hand, tile);
    c.tsumo = true;
    return c;
}

static jong_riichi_context with_flags(jong_riichi_context c, unsigned flags)
{
    c.flags |= flags;
    return c;
}

static jong_riichi_context as_dealer(jong_riichi_context c)
{
    c.dealer = true;
    c.seat_wind = 0;
    return c;
}

static void add_dora(jong_riichi_context *c, const char *indicator)
{
    c->dora[c->ndora++] = tile_of(indicator).kind;
}

static void add_ura(jong_riichi_context *c, const char *indicator)
{
    c->ura[c->nura++] = tile_of(indicator).kind;
}

static jong_riichi_result score_rs(const jong_ruleset *rs, const jong_riichi_context *c)
{
    jong_riichi_result r;
    jong_error err;
    jong_error_clear(&err);
    if (jong_riichi_score(rs, c, &r, &err) != JONG_OK) {
        fprintf(stderr, "jong_riichi_score failed: %s\n", err.msg);
        fail();
    }
    return r;
}

static void yaku_text(const jong_riichi_result *r, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; i < r->nyaku && used < n; i++)
        used += (size_t)snprintf(buf + used, n - used, "%s%s %d", i ? ", " : "", jong_yaku_name(r->yaku[i].yaku),
                                 r->yaku[i].han);
}

static void fu_text(const jong_riichi_result *r, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; i < r->nfu && used < n; i++) {
        const jong_riichi_fu_entry *e = &r->fu_parts[i];
        if (e->tile == JONG_NO_TILE)
            used += (size_t)snprintf(buf + used, n - used, "%s%s %d", i ? ", " : "", jong_fu_part_name(e->part), e->fu);
        else
            used += (size_t)snprintf(buf + used, n - used, "%s%s %s %d", i ? ", " : "", jong_fu_part_name(e->part),
                                     jong_kind_name(e->tile, JONG_STYLE_COMPACT), e->fu);
    }
}

static void expect(const jong_riichi_result *r, const char *yaku, int han, int fu, int points)
{
    char got[512];
    yaku_text(r, got, sizeof got);
    assert_string_equal(got, yaku);
    assert_int_equal(r->han, han);
    assert_int_equal(r->fu, fu);
    assert_int_equal(r->pay.points, points);
    int sum = 0;
    for (int i = 0; i < r->nyaku; i++)
        sum += r->yaku[i].han;
    assert_int_equal(sum, r->han);
    int fsum = 0;
    for (int i = 0; i < r->nfu; i++)
        fsum += r->fu_parts[i].fu;
    assert_int_equal(fsum, r->fu_raw);
}

/* Default rules: checks yaku, han, fu and the winner's points (before honba and sticks). */
static jong_riichi_result check(const jong_riichi_context *c, const char *yaku, int han, int fu, int points)
{
    jong_ruleset rs = rules();
    jong_riichi_result r = score_rs(&rs, c);
    expect(&r, yaku, han, fu, points);
    return r;
}

static jong_riichi_result check_rules(const char *options, const jong_riichi_context *c, const char *yaku, int han,
                                      int fu, int points)
{
    jong_ruleset rs = rules_with(options);
    jong_riichi_result r = score_rs(&rs, c);
    expect(&r, yaku, han, fu, points);
    return r;
}

static void check_fu(const jong_riichi_context *c, const char *parts, int raw, int fu)
{
    jong_ruleset rs = rules();
    jong_riichi_result r = score_rs(&rs, c);
    char got[512];
    fu_text(&r, got, sizeof got);
    assert_string_equal(got, parts);
    assert_int_equal(r.fu_raw, raw);
    assert_int_equal(r.fu, fu);
}

static void check_error_rules(const jong_ruleset *rs, const jong_riichi_context *c, const char *part)
{
    jong_riichi_result r;
    memset(&r, 0x5a, sizeof r);
    jong_riichi_result before = r;
    jong_error err;
    jong_error_clear(&err);
    assert_int_equal(jong_riichi_score(rs, c, &r, &err), JONG_ERR_ARG);
    if (!strstr(err.msg, part)) {
        fprintf(stderr, "message '%s' lacks '%s'\n", err.msg, part);
        fail();
    }
    assert_null(strchr(err.msg, '\n'));
    assert_memory_equal(&r, &before, sizeof r); /* untouched on error */
}

static void check_error(const jong_riichi_context *c, const char *part)
{
    jong_ruleset rs = rules();
    check_error_rules(&rs, c, part);
}

/* H0: closed, no yaku of its own; won on 4s it is a kanchan (345s), on 5s a ryanmen (34s). */
#define H0 "123m456p789s345s99m"
/* H0 with the 123m chow called. */
#define H0_OPEN "[123m] 456p789s345s99m"

/* ---- names ------------------------------------------------------------------------------------- */

static void names_are_stable(void **state)
{
    (void)state;
    assert_string_equal(jong_yaku_name(JONG_YAKU_RIICHI), "riichi");
    assert_string_equal(jong_yaku_name(JONG_YAKU_MENZEN_TSUMO), "menzen_tsumo");
    assert_string_equal(jong_yaku_name(JONG_YAKU_YAKUHAI_HAKU), "yakuhai_haku");
    assert_string_equal(jong_yaku_name(JONG_YAKU_SANSHOKU_DOUJUN), "sanshoku_doujun");
    assert_string_equal(jong_yaku_name(JONG_YAKU_KOKUSHI_MUSOU), "kokushi_musou");
    assert_string_equal(jong_yaku_name(JONG_YAKU_CHUUREN_POUTOU), "chuuren_poutou");
    assert_string_equal(jong_yaku_name(JONG_YAKU_URA_DORA), "ura_dora");
    assert_string_equal(jong_yaku_name(JONG_YAKU_COUNT), "unknown");
    assert_string_equal(jong_yaku_name(-1), "unknown");
    assert_string_equal(jong_fu_part_name(JONG_FU_MENZEN_RON), "menzen_ron");
    assert_string_equal(jong_fu_part_name(JONG_FU_COUNT), "unknown");
    assert_string_equal(jong_limit_name(JONG_LIMIT_NONE), "");
    assert_string_equal(jong_limit_name(JONG_LIMIT_KAZOE), "kazoe");
    assert_string_equal(jong_wait_name(JONG_WAIT_SHANPON), "shanpon");
    for (int a = 0; a < JONG_YAKU_COUNT; a++) {
        assert_string_not_equal(jong_yaku_name(a), "unknown");
        for (int b = a + 1; b < JONG_YAKU_COUNT; b++)
            assert_string_not_equal(jong_yaku_name(a), jong_yaku_name(b));
    }
    for (int a = 0; a < JONG_FU_COUNT; a++)
        for (int b = a + 1; b < JONG_FU_COUNT; b++)
            assert_string_not_equal(jong_fu_part_name(a), jong_fu_part_name(b));
}

/* The han table of the rules file, closed / open. */
static void han_table(void **state)
{
    (void)state;
    jong_ruleset rs = rules();
    static const struct { int yaku, closed, open; } rows[] = {
        {JONG_YAKU_RIICHI, 1, 0}, {JONG_YAKU_IPPATSU, 1, 0}, {JONG_YAKU_MENZEN_TSUMO, 1, 0},
        {JONG_YAKU_PINFU, 1, 0}, {JONG_YAKU_IIPEIKOU, 1, 0}, {JONG_YAKU_TANYAO, 1, 1},
        {JONG_YAKU_YAKUHAI_CHUN, 1, 1}, {JONG_YAKU_HAITEI, 1, 1}, {JONG_YAKU_HOUTEI, 1, 1},
        {JONG_YAKU_RINSHAN, 1, 1}, {JONG_YAKU_CHANKAN, 1, 1}, {JONG_YAKU_DOUBLE_RIICHI, 2, 0},
        {JONG_YAKU_CHIITOITSU, 2, 0}, {JONG_YAKU_SANSHOKU_DOUJUN, 2, 1}, {JONG_YAKU_ITTSUU, 2, 1},
        {JONG_YAKU_CHANTA, 2, 1}, {JONG_YAKU_TOITOI, 2, 2}, {JONG_YAKU_SANANKOU, 2, 2},
        {JONG_YAKU_SANSHOKU_DOUKOU, 2, 2}, {JONG_YAKU_SANKANTSU, 2, 2}, {JONG_YAKU_SHOUSANGEN, 2, 2},
        {JONG_YAKU_HONROUTOU, 2, 2}, {JONG_YAKU_JUNCHAN, 3, 2}, {JONG_YAKU_RYANPEIKOU, 3, 0},
        {JONG_YAKU_HONITSU, 3, 2}, {JONG_YAKU_CHINITSU, 6, 5}, {JONG_YAKU_KOKUSHI_MUSOU, 13, 0},
        {JONG_YAKU_DAISANGEN, 13, 13}, {JONG_YAKU_SUUANKOU, 13, 0}, {JONG_YAKU_DAISUUSHII, 13, 13},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        assert_int_equal(jong_yaku_han(&rs, rows[i].yaku, true), rows[i].closed);
        assert_int_equal(jong_yaku_han(&rs, rows[i].yaku, false), rows[i].open);
    }
    jong_ruleset off = rules_with("kuitan=off,double_yakuman=on");
    assert_int_equal(jong_yaku_han(&off, JONG_YAKU_TANYAO, false), 0);
    assert_int_equal(jong_yaku_han(&off, JONG_YAKU_DAISUUSHII, false), 26);
    assert_int_equal(jong_yaku_han(&off, JONG_YAKU_DAISANGEN, false), 13);
}

/* ---- one-han yaku -------------------------------------------------------------------------------- */

/* H0 with riichi on 4s (kanchan): riichi 1; fu 20 + 10 closed ron + 2 kanchan = 32 -> 40;
 * 1 han 40 fu = 320 basic, ron x4 = 1280 -> 1300. Near miss: no riichi, no yaku. */
static void yaku_riichi(void **state)
{
    (void)state;
    jong_riichi_context c = with_flags(ron(H0, "4s"), RIICHI);
    jong_riichi_result r = check(&c, "riichi 1", 1, 40, 1300);
    assert_int_equal(r.wait, JONG_WAIT_KANCHAN);
    assert_int_equal(r.form, JONG_DECOMP_STANDARD);
    c = ron(H0, "4s");
    check_error(&c, "no yaku");
}

/* Riichi + ippatsu: 2 han 40 fu = 640 x 4 = 2560 -> 2600. Near miss: riichi alone (above). */
static void yaku_ippatsu(void **state)
{
    (void)state;
    jong_riichi_context c = with_flags(ron(H0, "4s"), RIICHI | IPPATSU);
    check(&c, "riichi 1, ippatsu 1", 2, 40, 2600);
}

/* H0 tsumo on 4s: menzen tsumo 1; fu 20 + 2 tsumo + 2 kanchan = 24 -> 30; 1 han 30 fu tsumo:
 * basic 240, others 300, dealer 500 = 1100. Near miss: the open hand H0_OPEN has no yaku. */
static void yaku_menzen_tsumo(void **state)
{
    (void)state;
    jong_riichi_context c = tsumo(H0, "4s");
    jong_riichi_result r = check(&c, "menzen_tsumo 1", 1, 30, 1100);
    assert_int_equal(r.pay.tsumo_other, 300);
    assert_int_equal(r.pay.tsumo_dealer, 500);
    c = tsumo(H0_OPEN, "4s");
    check_error(&c, "no yaku");
}

/* H0 on 5s: a ryanmen (34s), four chows, 99m pair: pinfu 1, 30 fu (20 + 10), 1000.
 * Near misses: on 4s the wait is kanchan (no yaku, above); a yakuhai pair (55z haku) with
 * riichi gives riichi only, 20 + 10 + 2 = 32 -> 40 fu; the open hand has no pinfu. */
static void yaku_pinfu(void **state)
{
    (void)state;
    jong_riichi_context c = ron(H0, "5s");
    jong_riichi_result r = check(&c, "pinfu 1", 1, 30, 1000);
    assert_int_equal(r.wait, JONG_WAIT_RYANMEN);
    c = with_flags(ron("123m456p789s345s55z", "5s"), RIICHI);
    check(&c, "riichi 1", 1, 40, 1300);
    c = ron(H0_OPEN, "5s");
    check_error(&c, "no yaku");
    /* A penchan: 12m waiting on 3m, riichi: 20 + 10 + 2 = 32 -> 40. */
    c = with_flags(ron("123m456p789s345s99s", "3m"), RIICHI);
    r = check(&c, "riichi 1", 1, 40, 1300);
    assert_int_equal(r.wait, JONG_WAIT_PENCHAN);
}

/* 112233m456p789s99s won on 1m (23m ryanmen): pinfu 1 + iipeikou 1, 2 han 30 fu = 480 x 4 =
 * 1920 -> 2000. Near miss: 122334m instead, pinfu only (1000); the open version has neither. */
static void yaku_iipeikou(void **state)
{
    (void)state;
    jong_riichi_context c = ron("112233m456p789s99s", "1m");
    check(&c, "pinfu 1, iipeikou 1", 2, 30, 2000);
    c = ron("122334m456p789s99s", "1m");
    check(&c, "pinfu 1", 1, 30, 1000);
    c = ron("[123m] 123m456p789s99s", "1m");
    check_error(&c, "no yaku");
}

/* 234m456p678s345s88p on 4s (kanchan): tanyao 1, 20 + 10 + 2 -> 40 fu, 1300. Open (kuitan):
 * tanyao 1, 20 + 2 = 22 -> 30 fu, 1000; with kuitan off no yaku. Near miss: 123m instead of
 * 234m holds a terminal. */
static void yaku_tanyao(void **state)
{
    (void)state;
    jong_riichi_context c = ron("234m456p678s345s88p", "4s");
    check(&c, "tanyao 1", 1, 40, 1300);
    c = ron("[234m] 456p678s345s88p", "4s");
    check(&c, "tanyao 1", 1, 30, 1000);
    jong_ruleset rs = rules_with("kuitan=off");
    check_error_rules(&rs, &c, "no yaku");
    c = ron("123m456p678s345s88p", "4s");
    check_error(&c, "no yaku");
}

/* Honor pons. 123m456p789s + pon + 11m, won on the pon tile (shanpon): the pon was completed by
 * ron, so it is open: 4 fu; 20 + 10 + 4 = 34 -> 40 fu, 1 han = 1300.
 *  - 555z haku, 666z hatsu, 777z chun: one han each.
 *  - 222z: the seat wind (South) for South; 111z: the round wind East.
 *  - Near miss: 444z North is neither (riichi only: 1 han 40 fu).
 *  - The dealer (seat East) in the East round: 111z is seat and round wind, 2 han 40 fu,
 *    dealer ron 640 x 6 = 3840 -> 3900. */
static void yaku_yakuhai(void **state)
{
    (void)state;
    jong_riichi_context c = ron("123m456p789s555z11m", "5z");
    check(&c, "yakuhai_haku 1", 1, 40, 1300);
    c = ron("123m456p789s666z11m", "6z");
    check(&c, "yakuhai_hatsu 1", 1, 40, 1300);
    c = ron("123m456p789s777z11m", "7z");
    check(&c, "yakuhai_chun 1", 1, 40, 1300);
    c = ron("123m456p789s222z11m", "2z");
    check(&c, "yakuhai_seat_wind 1", 1, 40, 1300);
    c = ron("123m456p789s111z11m", "1z");
    check(&c, "yakuhai_round_wind 1", 1, 40, 1300);
    c = with_flags(ron("123m456p789s444z11m", "4z"), RIICHI);
    check(&c, "riichi 1", 1, 40, 1300);
    c = as_dealer(ron("123m456p789s111z11m", "1z"));
    check(&c, "yakuhai_seat_wind 1, yakuhai_round_wind 1", 2, 40, 3900);
    /* In the South round the East pon is nothing for South (riichi only), and the South pon is
     * a double wind: seat + round, 2 han 40 fu = 2600. */
    c = with_flags(ron("123m456p789s111z11m", "1z"), RIICHI);
    c.round_wind = 1;
    check(&c, "riichi 1", 1, 40, 1300);
    c = ron("123m456p789s222z11m", "2z");
    c.round_wind = 1;
    check(&c, "yakuhai_seat_wind 1, yakuhai_round_wind 1", 2, 40, 2600);
}

/* Haitei, houtei, rinshan, chankan on the open H0 (no other yaku):
 *  - haitei: tsumo, 20 + 2 + 2 = 24 -> 30, 1 han 30 fu tsumo 300/500 = 1100;
 *  - houtei, chankan: ron, 20 + 2 = 22 -> 30, 1000;
 *  - rinshan with an open kan of 1m: 20 + 16 + 2 + 2 = 40 fu, tsumo basic 320: 400/700 = 1500.
 * Near misses: the same wins without the flag have no yaku. */
static void yaku_last_tile_and_kan(void **state)
{
    (void)state;
    jong_riichi_context c = with_flags(tsumo(H0_OPEN, "4s"), HAITEI);
    check(&c, "haitei 1", 1, 30, 1100);
    c = with_flags(ron(H0_OPEN, "4s"), HOUTEI);
    check(&c, "houtei 1", 1, 30, 1000);
    c = with_flags(ron(H0_OPEN, "4s"), CHANKAN);
    check(&c, "chankan 1", 1, 30, 1000);
    c = with_flags(tsumo("[1111m] 456p789s345s99m", "4s"), RINSHAN);
    check(&c, "rinshan 1", 1, 40, 1500);
    c = tsumo("[1111m] 456p789s345s99m", "4s");
    check_error(&c, "no yaku");
    c = ron(H0_OPEN, "4s");
    check_error(&c, "no yaku");
}

/* ---- two-han and more ------------------------------------------------------------------------- */

/* Double riichi 2 (it replaces riichi): 2 han 40 fu = 2600; with ippatsu 3 han 40 fu = 1280 x 4
 * = 5120 -> 5200. Near miss: riichi, 1300 (above). */
static void yaku_double_riichi(void **state)
{
    (void)state;
    jong_riichi_context c = with_flags(ron(H0, "4s"), DOUBLE);
    check(&c, "double_riichi 2", 2, 40, 2600);
    c = with_flags(ron(H0, "4s"), RIICHI | DOUBLE | IPPATSU);
    check(&c, "ippatsu 1, double_riichi 2", 3, 40, 5200);
}

/* Seven pairs: chiitoitsu 2, 25 fu: 25 x 16 = 400 x 4 = 1600. Tsumo adds no fu: 2 + 1 han
 * 25 fu, 800 x 1 / x 2 = 800/1600 = 3200. Near miss: four 1z are not two pairs (not a win). */
static void yaku_chiitoitsu(void **state)
{
    (void)state;
    jong_riichi_context c = ron("1133m5577p2288s11z", "1z");
    jong_riichi_result r = check(&c, "chiitoitsu 2", 2, 25, 1600);
    assert_int_equal(r.form, JONG_DECOMP_CHIITOI);
    assert_int_equal(r.wait, JONG_WAIT_TANKI);
    c = tsumo("1133m5577p2288s11z", "1z");
    check(&c, "menzen_tsumo 1, chiitoitsu 2", 3, 25, 3200);
    c = ron("1133m5577p22s1111z", "1z");
    check_error(&c, "not a winning hand");
}

/* 123m123p123s789m55p on 1s (23s ryanmen): pinfu 1 + sanshoku 2 = 3 han 30 fu = 960 x 4 =
 * 3840 -> 3900. Open (123m called): sanshoku 1, open pinfu shape raised to 30 fu = 1000.
 * Near miss: 234s instead of 123s, pinfu only. */
static void yaku_sanshoku_doujun(void **state)
{
    (void)state;
    jong_riichi_context c = ron("123m123p123s789m55p", "1s");
    check(&c, "pinfu 1, sanshoku_doujun 2", 3, 30, 3900);
    c = ron("[123m] 123p123s789m55p", "1s");
    check(&c, "sanshoku_doujun 1", 1, 30, 1000);
    c = ron("123m123p234s789m55p", "2s");
    check(&c, "pinfu 1", 1, 30, 1000);
}

/* 123456789m234p55s on 5s (tanki): ittsuu 2, 20 + 10 + 2 = 32 -> 40 fu, 2600. Open: ittsuu 1,
 * 20 + 2 = 22 -> 30, 1000. Near miss: 789p instead of 789m (riichi only, 1300). */
static void yaku_ittsuu(void **state)
{
    (void)state;
    jong_riichi_context c = ron("123456789m234p55s", "5s");
    check(&c, "ittsuu 2", 2, 40, 2600);
    c = ron("[123m] 456789m234p55s", "5s");
    check(&c, "ittsuu 1", 1, 30, 1000);
    c = with_flags(ron("123456m789p234p55s", "5s"), RIICHI);
    check(&c, "riichi 1", 1, 40, 1300);
}

/* 123m789p999s444z99m on 9m (tanki): chanta 2; fu 20 + 10 + 8 (999s closed) + 8 (444z closed)
 * + 2 = 48 -> 50; 2 han 50 fu = 800 x 4 = 3200. Open: chanta 1, 20 + 8 + 8 + 2 = 38 -> 40, 1300.
 * Near miss: 234m instead of 123m has no terminal (riichi: 1 han 50 fu = 1600). */
static void yaku_chanta(void **state)
{
    (void)state;
    jong_riichi_context c = ron("123m789p999s444z99m", "9m");
    check(&c, "chanta 2", 2, 50, 3200);
    c = ron("[123m] 789p999s444z99m", "9m");
    check(&c, "chanta 1", 1, 40, 1300);
    c = with_flags(ron("234m789p999s444z99m", "9m"), RIICHI);
    check(&c, "riichi 1", 1, 50, 1600);
}

/* 123m789p999s111p99m on 9m: junchan 3 (no honors); 50 fu as above; 3 han 50 fu = 1600 x 4 =
 * 6400. Open: junchan 2, 40 fu, 2600. Near miss: a honor set makes it chanta (above). */
static void yaku_junchan(void **state)
{
    (void)state;
    jong_riichi_context c = ron("123m789p999s111p99m", "9m");
    check(&c, "junchan 3", 3, 50, 6400);
    c = ron("[123m] 789p999s111p99m", "9m");
    check(&c, "junchan 2", 2, 40, 2600);
}

/* [111m] [555p] 777s333m88p on 8p (tanki): toitoi 2; fu 20 + 4 (open 1m) + 2 (open 5p) + 4
 * (closed 7s) + 4 (closed 3m) + 2 = 36 -> 40: 2600. Won on 3m (shanpon, 33m + 88p) by ron, the
 * 333m pon is open: 20 + 4 + 2 + 4 + 2 = 32 -> 40. Near miss: 234m instead of 333m. */
static void yaku_toitoi(void **state)
{
    (void)state;
    jong_riichi_context c = ron("[111m] [555p] 777s333m88p", "8p");
    check(&c, "toitoi 2", 2, 40, 2600);
    c = ron("[111m] [555p] 777s333m88p", "3m");
    jong_riichi_result r = check(&c, "toitoi 2", 2, 40, 2600);
    assert_int_equal(r.wait, JONG_WAIT_SHANPON);
    assert_int_equal(r.fu_raw, 32);
    c = ron("[111m] [555p] 777s234m88p", "8p");
    check_error(&c, "no yaku");
}

/* 111m555p777s234m88p on 8p (tanki, ron): three concealed pons, sanankou 2; 20 + 10 + 8 + 4 +
 * 4 + 2 = 48 -> 50: 3200. Near miss: won on 7s by ron (shanpon), 777s is open: no yaku.
 * Tsumo on 7s: sanankou 2 + menzen tsumo 1; 20 + 2 + 8 + 4 + 4 = 38 -> 40; 3 han 40 fu tsumo:
 * basic 1280, 1300 / 2600 = 5200. */
static void yaku_sanankou(void **state)
{
    (void)state;
    jong_riichi_context c = ron("111m555p777s234m88p", "8p");
    check(&c, "sanankou 2", 2, 50, 3200);
    c = ron("111m555p777s234m88p", "7s");
    check_error(&c, "no yaku");
    c = tsumo("111m555p777s234m88p", "7s");
    check(&c, "menzen_tsumo 1, sanankou 2", 3, 40, 5200);
    /* A concealed kan is a concealed triplet: (1111m) 555p777s234m88p as above, 32 fu for the kan:
     * 20 + 10 + 32 + 4 + 4 + 2 = 72 -> 80; 2 han 80 fu = 1280 x 4 = 5120 -> 5200. */
    c = ron("(1111m) 555p777s234m88p", "8p");
    check(&c, "sanankou 2", 2, 80, 5200);
}

/* [111m] 111p111s456m88p on 8p: sanshoku doukou 2; 20 + 4 + 8 + 8 + 2 = 42 -> 50: 3200.
 * Near miss: 222s instead of 111s: no yaku. */
static void yaku_sanshoku_doukou(void **state)
{
    (void)state;
    jong_riichi_context c = ron("[111m] 111p111s456m88p", "8p");
    check(&c, "sanshoku_doukou 2", 2, 50, 3200);
    c = ron("[111m] 111p222s456m88p", "8p");
    check_error(&c, "no yaku");
}

/* [1111m] [5555p] (7777s) 234m88p on 8p: sankantsu 2; 20 + 16 (open kan 1m) + 8 (open kan 5p)
 * + 16 (closed kan 7s) + 2 = 62 -> 70; 2 han 70 fu = 1120 x 4 = 4480 -> 4500. Near miss: 777s
 * a pon instead: no yaku. */
static void yaku_sankantsu(void **state)
{
    (void)state;
    jong_riichi_context c = ron("[1111m] [5555p] (7777s) 234m88p", "8p");
    check(&c, "sankantsu 2", 2, 70, 4500);
    c = ron("[1111m] [5555p] 777s234m88p", "8p");
    check_error(&c, "no yaku");
}

/* 555z666z77z123m456p on 4p (ryanmen): haku 1 + hatsu 1 + shousangen 2 = 4 han; fu 20 + 10 + 8
 * + 8 + 2 (dragon pair) = 48 -> 50: mangan 8000. Near miss: a North pair (44z): haku + hatsu,
 * 46 -> 50 fu, 2 han = 3200. */
static void yaku_shousangen(void **state)
{
    (void)state;
    jong_riichi_context c = ron("555z666z77z123m456p", "4p");
    jong_riichi_result r = check(&c, "yakuhai_haku 1, yakuhai_hatsu 1, shousangen 2", 4, 50, 8000);
    assert_int_equal(r.limit, JONG_LIMIT_MANGAN);
    c = ron("555z666z44z123m456p", "4p");
    check(&c, "yakuhai_haku 1, yakuhai_hatsu 1", 2, 50, 3200);
}

/* [111m] [999p] 111s444z99s on 9s: toitoi 2 + honroutou 2 = 4 han; 20 + 4 + 4 + 8 + 8 + 2 = 46
 * -> 50: mangan 8000. Seven pairs of terminals and honors: chiitoitsu 2 + honroutou 2, 25 fu,
 * 1600 x 4 = 6400. Near miss: 888p instead of 999p, toitoi only (44 -> 50, 3200). */
static void yaku_honroutou(void **state)
{
    (void)state;
    jong_riichi_context c = ron("[111m] [999p] 111s444z99s", "9s");
    check(&c, "toitoi 2, honroutou 2", 4, 50, 8000);
    c = ron("1199m1199p1199s11z", "1z");
    check(&c, "chiitoitsu 2, honroutou 2", 4, 25, 6400);
    c = ron("[111m] [888p] 111s444z99s", "9s");
    check(&c, "toitoi 2", 2, 50, 3200);
}

/* 112233m445566p99s: read as two pairs of identical chows (ryanpeikou 3) or seven pairs
 * (chiitoitsu 2); ryanpeikou is worth more. On 9s (tanki): 3 han, 20 + 10 + 2 = 32 -> 40,
 * 1280 x 4 = 5120 -> 5200 (chiitoitsu: 1600). On 1m (ryanmen): pinfu + ryanpeikou 4 han 30 fu
 * = 7680 -> 7700. Near miss: 456p678p (one identical pair only): iipeikou, 1300. */
static void yaku_ryanpeikou(void **state)
{
    (void)state;
    jong_riichi_context c = ron("112233m445566p99s", "9s");
    jong_riichi_result r = check(&c, "ryanpeikou 3", 3, 40, 5200);
    assert_int_equal(r.form, JONG_DECOMP_STANDARD);
    c = ron("112233m445566p99s", "1m");
    check(&c, "pinfu 1, ryanpeikou 3", 4, 30, 7700);
    c = ron("112233m456678p99s", "9s");
    check(&c, "iipeikou 1", 1, 40, 1300);
}

/* 123m567m999m444z22m on 2m (tanki or kanchan, 2 fu either way): honitsu 3; 20 + 10 + 8 + 8 + 2
 * = 48 -> 50: 3 han 50 fu 6400. Open (123m called): honitsu 2, 20 + 8 + 8 + 2 = 38 -> 40, 2600.
 * Near miss: 567p: no yaku. */
static void yaku_honitsu(void **state)
{
    (void)state;
    jong_riichi_context c = ron("123m567m999m444z22m", "2m");
    check(&c, "honitsu 3", 3, 50, 6400);
    c = ron("[123m] 567m999m444z22m", "2m");
    check(&c, "honitsu 2", 2, 40, 2600);
    c = ron("123m567p999m444z22m", "2m");
    check_error(&c, "no yaku");
}

/* 123m456m678m999m22m on 2m: chinitsu 6, 20 + 10 + 8 + 2 = 40 fu: haneman 12000. Open
 * (123m called): chinitsu 5, 20 + 8 + 2 = 30: mangan 8000. Near miss: a honor pair makes it
 * honitsu (above). */
static void yaku_chinitsu(void **state)
{
    (void)state;
    jong_riichi_context c = ron("123m456m678m999m22m", "2m");
    jong_riichi_result r = check(&c, "chinitsu 6", 6, 40, 12000);
    assert_int_equal(r.limit, JONG_LIMIT_HANEMAN);
    c = ron("[123m] 456m678m999m22m", "2m");
    r = check(&c, "chinitsu 5", 5, 30, 8000);
    assert_int_equal(r.limit, JONG_LIMIT_MANGAN);
}

/* ---- yakuman ----------------------------------------------------------------------------------- */

/* Thirteen orphans on 9s (single wait): 32000 (dealer 48000). Waiting on all 13 (the hand
 * before the win held one of each; won on 1m): kokushi_musou_juusanmen, 13 han with double
 * yakuman off, 26 (64000) with it on. Near miss: 6z twice and no 7z is no win. */
static void yakuman_kokushi(void **state)
{
    (void)state;
    jong_riichi_context c = ron("119m19p19s1234567z", "9s");
    jong_riichi_result r = check(&c, "kokushi_musou 13", 13, 0, 32000);
    assert_int_equal(r.yakuman, 1);
    assert_int_equal(r.limit, JONG_LIMIT_YAKUMAN);
    assert_int_equal(r.form, JONG_DECOMP_KOKUSHI);
    c = as_dealer(c);
    check(&c, "kokushi_musou 13", 13, 0, 48000);
    c = ron("119m19p19s1234567z", "1m");
    check(&c, "kokushi_musou_juusanmen 13", 13, 0, 32000);
    r = check_rules("double_yakuman=on", &c, "kokushi_musou_juusanmen 26", 26, 0, 64000);
    assert_int_equal(r.yakuman, 2);
    assert_int_equal(r.yaku[0].yakuman, 2);
    c = ron("119m19p19s1234566z", "1m");
    check_error(&c, "not a winning hand");
}

/* 111m555p777s333m88p: tsumo on 7s (shanpon): suuankou 32000 (8000/16000); ron on 7s: the 777s
 * pon is open: toitoi 2 + sanankou 2 = 4 han, 20 + 10 + 8 + 4 + 2 + 4 = 48 -> 50, mangan 8000.
 * Ron on 8p (tanki): suuankou_tanki, 64000 with double yakuman on. */
static void yakuman_suuankou(void **state)
{
    (void)state;
    jong_riichi_context c = tsumo("111m555p777s333m88p", "7s");
    jong_riichi_result r = check(&c, "suuankou 13", 13, 0, 32000);
    assert_int_equal(r.pay.tsumo_other, 8000);
    assert_int_equal(r.pay.tsumo_dealer, 16000);
    c = ron("111m555p777s333m88p", "7s");
    check(&c, "toitoi 2, sanankou 2", 4, 50, 8000);
    c = ron("111m555p777s333m88p", "8p");
    check(&c, "suuankou_tanki 13", 13, 0, 32000);
    check_rules("double_yakuman=on", &c, "suuankou_tanki 26", 26, 0, 64000);
}

/* 555z666z777z123m99p: daisangen 32000, also open. Near miss: shousangen (above). */
static void yakuman_daisangen(void **state)
{
    (void)state;
    jong_riichi_context c = ron("555z666z777z123m99p", "9p");
    check(&c, "daisangen 13", 13, 0, 32000);
    c = ron("[555z] [666z] 777z123m99p", "9p");
    check(&c, "daisangen 13", 13, 0, 32000);
}

/* Winds. 111z222z333z44z123m on 3m: shousuushii. [111z] 222z333z444z11m on 1m: daisuushii (26
 * with double yakuman). All closed and won on the pair: daisuushii + suuankou_tanki = 2 yakuman,
 * 64000 (4 with the option: 128000). Near miss: E S pons, W pair, haku pon, 234m won on 2m
 * (ryanmen): yakuhai for haku, the seat wind S and the round wind E, sanankou 2 (the three
 * honor pons are concealed), honitsu 3: 8 han, baiman 16000 (20 + 10 + 8 + 8 + 8 = 54 -> 60). */
static void yakuman_winds(void **state)
{
    (void)state;
    jong_riichi_context c = ron("111z222z333z44z123m", "3m");
    check(&c, "shousuushii 13", 13, 0, 32000);
    c = ron("[111z] 222z333z444z11m", "1m");
    check(&c, "daisuushii 13", 13, 0, 32000);
    check_rules("double_yakuman=on", &c, "daisuushii 26", 26, 0, 64000);
    c = ron("111z222z333z444z11m", "1m");
    jong_riichi_result r = check(&c, "suuankou_tanki 13, daisuushii 13", 26, 0, 64000);
    assert_int_equal(r.yakuman, 2);
    check_rules("double_yakuman=on", &c, "suuankou_tanki 26, daisuushii 26", 52, 0, 128000);
    c = ron("111z222z33z555z234m", "2m");
    check(&c, "yakuhai_haku 1, yakuhai_seat_wind 1, yakuhai_round_wind 1, sanankou 2, honitsu 3", 8, 60, 16000);
}

/* [111z] [222z] 555z666z77z on 7z: tsuuiisou (the shousangen inside is not counted). Seven
 * honor pairs: tsuuiisou too. Near miss: 11m instead of 77z: toitoi, honroutou, yakuhai... */
static void yakuman_tsuuiisou(void **state)
{
    (void)state;
    jong_riichi_context c = ron("[111z] [222z] 555z666z77z", "7z");
    check(&c, "tsuuiisou 13", 13, 0, 32000);
    c = ron("11223344556677z", "7z");
    jong_riichi_result r = check(&c, "tsuuiisou 13", 13, 0, 32000);
    assert_int_equal(r.form, JONG_DECOMP_CHIITOI);
    /* E (round) S (seat) haku hatsu pons + 11m: four yakuhai, toitoi 2, honroutou 2, honitsu 2
     * (open): 10 han, baiman 16000; 20 + 4 + 4 + 8 + 8 + 2 = 46 -> 50 fu. */
    c = ron("[111z] [222z] 555z666z11m", "1m");
    check(&c, "yakuhai_haku 1, yakuhai_hatsu 1, yakuhai_seat_wind 1, yakuhai_round_wind 1, toitoi 2, "
              "honroutou 2, honitsu 2", 10, 50, 16000);
}

/* 234s234s666s888s66z (all green, hatsu pair) on 6z: ryuuiisou. Near miss: 555s instead of
 * 666s: 5s is not green (iipeikou 1 + honitsu 3 = 4 han; 20 + 10 + 4 + 4 + 2 (hatsu pair) + 2
 * (tanki) = 42 -> 50 fu: mangan 8000). */
static void yakuman_ryuuiisou(void **state)
{
    (void)state;
    jong_riichi_context c = ron("234s234s666s888s66z", "6z");
    check(&c, "ryuuiisou 13", 13, 0, 32000);
    c = ron("234s234s555s888s66z", "6z");
    check(&c, "iipeikou 1, honitsu 3", 4, 50, 8000);
}

/* [111m] 999m111p999p11s on 1s: chinroutou. Near miss: a honor pon instead of 999p is
 * honroutou + toitoi + sanankou (2 + 2 + 2 = 6: haneman 12000). */
static void yakuman_chinroutou(void **state)
{
    (void)state;
    jong_riichi_context c = ron("[111m] 999m111p999p11s", "1s");
    check(&c, "chinroutou 13", 13, 0, 32000);
    c = ron("[111m] 999m111p444z11s", "1s");
    check(&c, "toitoi 2, sanankou 2, honroutou 2", 6, 50, 12000);
}

/* Nine gates: 11122345678999m on 5m (the extra tile is the 2m): chuuren_poutou. The hand
 * 11123455678999m on 5m: it was 1112345678999 before, a nine-sided wait:
 * junsei_chuuren_poutou (26 with double yakuman). Near miss: 11223345678999m (only two 1m)
 * reads only as 123m 123m 456m 789m + 99m; won on 5m (kanchan in 456m): iipeikou 1, ittsuu 2,
 * chinitsu 6 = 9 han, baiman 16000 (20 + 10 + 2 = 32 -> 40 fu). */
static void yakuman_chuuren(void **state)
{
    (void)state;
    jong_riichi_context c = ron("11122345678999m", "5m");
    check(&c, "chuuren_poutou 13", 13, 0, 32000);
    c = ron("11123455678999m", "5m");
    check(&c, "junsei_chuuren_poutou 13", 13, 0, 32000);
    check_rules("double_yakuman=on", &c, "junsei_chuuren_poutou 26", 26, 0, 64000);
    c = tsumo("11123456789999m", "9m");
    check(&c, "junsei_chuuren_poutou 13", 13, 0, 32000);
    c = ron("11223345678999m", "5m");
    check(&c, "iipeikou 1, ittsuu 2, chinitsu 6", 9, 40, 16000);
}

/* [1111m] [2222p] (3333s) (4444z) 55m on 5m: suukantsu. Near miss: sankantsu (above). */
static void yakuman_suukantsu(void **state)
{
    (void)state;
    jong_riichi_context c = ron("[1111m] [2222p] (3333s) (4444z) 55m", "5m");
    check(&c, "suukantsu 13", 13, 0, 32000);
}

/* Tenhou: the dealer's tsumo on the deal, 16000 from each = 48000. Chiihou: a non-dealer's
 * first draw, 8000/16000. Both replace menzen tsumo and pinfu. Near misses: tenhou for a
 * non-dealer, chiihou for the dealer, either on ron: errors. */
static void yakuman_tenhou_chiihou(void **state)
{
    (void)state;
    jong_riichi_context c = with_flags(as_dealer(tsumo(H0, "5s")), TENHOU);
    jong_riichi_result r = check(&c, "tenhou 13", 13, 0, 48000);
    assert_int_equal(r.pay.tsumo_other, 16000);
    c = with_flags(tsumo(H0, "5s"), CHIIHOU);
    check(&c, "chiihou 13", 13, 0, 32000);
    c = with_flags(tsumo(H0, "5s"), TENHOU);
    check_error(&c, "tenhou is the dealer's win");
    c = with_flags(as_dealer(tsumo(H0, "5s")), CHIIHOU);
    check_error(&c, "chiihou is the non-dealer's win");
    c = with_flags(ron(H0, "5s"), CHIIHOU);
    check_error(&c, "tsumo");
    /* Stacking: tenhou with thirteen orphans is two yakuman, 96000. */
    c = with_flags(as_dealer(tsumo("119m19p19s1234567z", "9s")), TENHOU);
    check(&c, "kokushi_musou 13, tenhou 13", 26, 0, 96000);
}

/* Yakuman replace ordinary yaku and dora: daisangen with riichi, tsumo and three dora is one
 * yakuman, and the dora counts are 0. */
static void yakuman_replaces_yaku_and_dora(void **state)
{
    (void)state;
    jong_riichi_context c = with_flags(tsumo("555z666z777z123m99p", "9p"), RIICHI);
    add_dora(&c, "8p");
    jong_riichi_result r = check(&c, "daisangen 13", 13, 0, 32000);
    assert_int_equal(r.dora, 0);
    assert_int_equal(r.fu, 0);
    assert_int_equal(r.nfu, 0);
}

/* Kazoe: 112233m456m789m55m tsumo on 4m with riichi: riichi 1, menzen tsumo 1, pinfu 1, iipeikou
 * 1, ittsuu 2, chinitsu 6 = 12 han: sanbaiman, 6000/12000 = 24000. One dora (indicator 6m names
 * 7m, held once) makes 13: kazoe yakuman, 8000/16000 = 32000, yakuman multiple 0. */
static void kazoe_yakuman(void **state)
{
    (void)state;
    jong_riichi_context c = with_flags(tsumo("112233m456m789m55m", "4m"), RIICHI);
    jong_riichi_result r =
        check(&c, "riichi 1, menzen_tsumo 1, pinfu 1, iipeikou 1, ittsuu 2, chinitsu 6", 12, 20, 24000);
    assert_int_equal(r.limit, JONG_LIMIT_SANBAIMAN);
    add_dora(&c, "6m");
    r = check(&c, "riichi 1, menzen_tsumo 1, pinfu 1, iipeikou 1, ittsuu 2, chinitsu 6, dora 1", 13, 20, 32000);
    assert_int_equal(r.limit, JONG_LIMIT_KAZOE);
    assert_int_equal(r.yakuman, 0);
    assert_int_equal(r.basic, 8000);
}

/* ---- fu ------------------------------------------------------------------------------------------ */

static void fu_parts(void **state)
{
    (void)state;
    /* Pinfu tsumo: 20 exactly, no tsumo fu. 2 han 20 fu tsumo: basic 320, 400/700 = 1500. */
    jong_riichi_context c = tsumo(H0, "5s");
    check_fu(&c, "base 20", 20, 20);
    check(&c, "menzen_tsumo 1, pinfu 1", 2, 20, 1500);
    /* Pinfu ron: 20 + 10. */
    c = ron(H0, "5s");
    check_fu(&c, "base 20, menzen_ron 10", 30, 30);
    /* Closed tsumo, kanchan: 20 + 2 + 2. */
    c = tsumo(H0, "4s");
    check_fu(&c, "base 20, tsumo 2, kanchan 4s 2", 24, 30);
    /* Penchan (12m on 3m) and tanki. */
    c = with_flags(ron("123m456p789s345s99s", "3m"), RIICHI);
    check_fu(&c, "base 20, menzen_ron 10, penchan 3m 2", 32, 40);
    c = with_flags(ron("789m456p789s345s99s", "7m"), RIICHI);
    check_fu(&c, "base 20, menzen_ron 10, penchan 7m 2", 32, 40);
    c = with_flags(ron(H0, "9m"), RIICHI);
    check_fu(&c, "base 20, menzen_ron 10, tanki 9m 2", 32, 40);
    /* Open pinfu shape on ron: 20 raised to 30. On tsumo: 20 + 2 -> 30. */
    c = ron("[123m] 123p123s789m55p", "1s");
    check_fu(&c, "base 20, open_pinfu 10", 30, 30);
    c = tsumo("[123m] 123p123s789m55p", "1s");
    check_fu(&c, "base 20, tsumo 2", 22, 30);
    /* Yakuhai pairs (riichi, ryanmen on 5s): dragon 2; seat wind (South) 2; round wind (East) 2;
     * the dealer's East in the East round: 2 + 2 = 4 (44 -> 40... 20 + 10 + 4 = 34 -> 40). */
    c = with_flags(ron("123m456p789s345s55z", "5s"), RIICHI);
    check_fu(&c, "base 20, menzen_ron 10, pair_dragon 5z 2", 32, 40);
    c = with_flags(ron("123m456p789s345s22z", "5s"), RIICHI);
    check_fu(&c, "base 20, menzen_ron 10, pair_seat_wind 2z 2", 32, 40);
    c = with_flags(ron("123m456p789s345s11z", "5s"), RIICHI);
    check_fu(&c, "base 20, menzen_ron 10, pair_round_wind 1z 2", 32, 40);
    c = as_dealer(with_flags(ron("123m456p789s345s11z", "5s"), RIICHI));
    check_fu(&c, "base 20, menzen_ron 10, pair_seat_wind 1z 2, pair_round_wind 1z 2", 34, 40);
    /* A North pair in the East round for South: nothing, and pinfu stands. */
    c = ron("123m456p789s345s44z", "5s");
    check(&c, "pinfu 1", 1, 30, 1000);
    /* Pons and kans, simples and terminals (tanki on 8p, riichi impossible when open, so
     * yakuhai chun gives the yaku):
     *   open pon 2m 2, open pon 9m 4, closed pon 3p 4, closed pon 9p 8 (with a 7z pair). */
    c = ron("[222m] [999m] 333p999p77z", "7z");
    check_fu(&c, "base 20, pair_dragon 7z 2, open_pon 2m 2, open_pon 9m 4, closed_pon 3p 4, closed_pon 9p 8, "
                 "tanki 7z 2", 42, 50);
    /*   open kan 2m 8, open kan 9m 16, closed kan 9p 32, closed pon 3p 4 (toitoi, sankantsu). */
    c = ron("[2222m] [9999m] (9999p) 333p77z", "7z");
    check_fu(&c, "base 20, pair_dragon 7z 2, open_kan 2m 8, open_kan 9m 16, closed_kan 9p 32, closed_pon 3p 4, "
                 "tanki 7z 2", 84, 90);
    /*   closed kan of simples 16, with riichi: 20 + 10 + 2 + 16 + 8 (999s) + 2 = 58 -> 60. */
    c = with_flags(ron("(3333p) 234m567s999s77z", "7z"), RIICHI);
    check_fu(&c, "base 20, menzen_ron 10, pair_dragon 7z 2, closed_kan 3p 16, closed_pon 9s 8, tanki 7z 2", 58, 60);
    /* Shanpon: no wait fu; the pon won by ron is open (4 for 5z), the other closed (8 for 9m). */
    c = ron("123m456p999m555z11z", "5z");
    check_fu(&c, "base 20, menzen_ron 10, pair_round_wind 1z 2, closed_pon 9m 8, open_pon 5z 4", 44, 50);
    c = tsumo("123m456p999m555z11z", "5z");
    check_fu(&c, "base 20, tsumo 2, pair_round_wind 1z 2, closed_pon 9m 8, closed_pon 5z 8", 40, 40);
    /* Seven pairs: 25. */
    c = ron("1133m5577p2288s11z", "1z");
    check_fu(&c, "chiitoitsu 25", 25, 25);
}

/* 110 fu: [1111m] (9999p) (1111s) 234m 11z (round wind pair) on tanki by tsumo:
 * 20 + 2 (tsumo) + 2 (pair) + 16 + 32 + 32 + 2 = 106 -> 110; sankantsu 2 (open, no tsumo yaku),
 * 2 han 110 fu tsumo: basic 1760, 1800 / 3600 = 7200. */
static void fu_110(void **state)
{
    (void)state;
    jong_riichi_context c = tsumo("[1111m] (9999p) (1111s) 234m11z", "1z");
    check_fu(&c, "base 20, tsumo 2, pair_round_wind 1z 2, open_kan 1m 16, closed_kan 9p 32, closed_kan 1s 32, "
                 "tanki 1z 2", 106, 110);
    check(&c, "sankantsu 2", 2, 110, 7200);
}

/* ---- the point table ------------------------------------------------------------------------------ */

static int up100(int x)
{
    return (x + 99) / 100 * 100;
}

/* The formula, written out independently of the library. */
static int table_basic(int han, int fu)
{
    int b = fu;
    for (int i = 0; i < han + 2; i++)
        b *= 2;
    return b > 2000 ? 2000 : b;
}

static void point_table_formula(void **state)
{
    (void)state;
    jong_ruleset rs = rules();
    static const int fus[] = {20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110};
    for (int han = 1; han <= 4; han++)
        for (size_t i = 0; i < sizeof fus / sizeof fus[0]; i++) {
            int fu = fus[i], limit;
            int basic = jong_riichi_basic_points(&rs, han, fu, 0, &limit);
            assert_int_equal(basic, table_basic(han, fu));
            assert_int_equal(limit, basic == 2000 ? JONG_LIMIT_MANGAN : JONG_LIMIT_NONE);
            for (int dealer = 0; dealer < 2; dealer++) {
                jong_riichi_payment p;
                jong_riichi_pay(basic, dealer, false, dealer ? 0 : 2, 1, 0, 0, &p);
                assert_int_equal(p.points, up100(basic * (dealer ? 6 : 4)));
                assert_int_equal(p.ron, p.points);
                assert_int_equal(p.payments[1], p.points);
                jong_riichi_pay(basic, dealer, true, dealer ? 0 : 2, 0, 0, 0, &p);
                if (dealer) {
                    assert_int_equal(p.tsumo_other, up100(2 * basic));
                    assert_int_equal(p.points, 3 * up100(2 * basic));
                } else {
                    assert_int_equal(p.tsumo_other, up100(basic));
                    assert_int_equal(p.tsumo_dealer, up100(2 * basic));
                    assert_int_equal(p.points, 2 * up100(basic) + up100(2 * basic));
                    /* West: the dealer is two seats on. */
                    assert_int_equal(p.payments[2], p.tsumo_dealer);
                    assert_int_equal(p.payments[1], p.tsumo_other);
                    assert_int_equal(p.payments[3], p.tsumo_other);
                }
            }
        }
}

/* Published table values (non-dealer ron, dealer ron, non-dealer tsumo other/dealer, dealer
 * tsumo each), han 1-4 x fu 20..110 (0 where the table has no entry). */
static const int fus_pub[11] = {20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110};
static const int nd_ron[4][11] = {
    {0, 0, 1000, 1300, 1600, 2000, 2300, 2600, 2900, 3200, 3600},
    {1300, 1600, 2000, 2600, 3200, 3900, 4500, 5200, 5800, 6400, 7100},
    {2600, 3200, 3900, 5200, 6400, 7700, 8000, 8000, 8000, 8000, 8000},
    {5200, 6400, 7700, 8000, 8000, 8000, 8000, 8000, 8000, 8000, 8000},
};
static const int d_ron[4][11] = {
    {0, 0, 1500, 2000, 2400, 2900, 3400, 3900, 4400, 4800, 5300},
    {2000, 2400, 2900, 3900, 4800, 5800, 6800, 7700, 8700, 9600, 10600},
    {3900, 4800, 5800, 7700, 9600, 11600, 12000, 12000, 12000, 12000, 12000},
    {7700, 9600, 11600, 12000, 12000, 12000, 12000, 12000, 12000, 12000, 12000},
};
static const int nd_tsumo[4][11][2] = {
    {{0, 0}, {0, 0}, {300, 500}, {400, 700}, {400, 800}, {500, 1000}, {600, 1200}, {700, 1300}, {800, 1500},
     {800, 1600}, {900, 1800}},
    {{400, 700}, {400, 800}, {500, 1000}, {700, 1300}, {800, 1600}, {1000, 2000}, {1200, 2300}, {1300, 2600},
     {1500, 2900}, {1600, 3200}, {1800, 3600}},
    {{700, 1300}, {800, 1600}, {1000, 2000}, {1300, 2600}, {1600, 3200}, {2000, 3900}, {2000, 4000},
     {2000, 4000}, {2000, 4000}, {2000, 4000}, {2000, 4000}},
    {{1300, 2600}, {1600, 3200}, {2000, 3900}, {2000, 4000}, {2000, 4000}, {2000, 4000}, {2000, 4000},
     {2000, 4000}, {2000, 4000}, {2000, 4000}, {2000, 4000}},
};
static const int d_tsumo[4][11] = {
    {0, 0, 500, 700, 800, 1000, 1200, 1300, 1500, 1600, 1800},
    {700, 800, 1000, 1300, 1600, 2000, 2300, 2600, 2900, 3200, 3600},
    {1300, 1600, 2000, 2600, 3200, 3900, 4000, 4000, 4000, 4000, 4000},
    {2600, 3200, 3900, 4000, 4000, 4000, 4000, 4000, 4000, 4000, 4000},
};

static void point_table_published(void **state)
{
    (void)state;
    jong_ruleset rs = rules();
    for (int h = 0; h < 4; h++)
        for (int i = 0; i < 11; i++) {
            int basic = jong_riichi_basic_points(&rs, h + 1, fus_pub[i], 0, NULL);
            jong_riichi_payment p;
            if (nd_ron[h][i]) {
                jong_riichi_pay(basic, false, false, 1, 3, 0, 0, &p);
                assert_int_equal(p.points, nd_ron[h][i]);
            }
            if (d_ron[h][i]) {
                jong_riichi_pay(basic, true, false, 0, 3, 0, 0, &p);
                assert_int_equal(p.points, d_ron[h][i]);
            }
            if (nd_tsumo[h][i][0]) {
                jong_riichi_pay(basic, false, true, 1, 0, 0, 0, &p);
                assert_int_equal(p.tsumo_other, nd_tsumo[h][i][0]);
                assert_int_equal(p.tsumo_dealer, nd_tsumo[h][i][1]);
            }
            if (d_tsumo[h][i]) {
                jong_riichi_pay(basic, true, true, 0, 0, 0, 0, &p);
                assert_int_equal(p.tsumo_other, d_tsumo[h][i]);
                assert_int_equal(p.points, 3 * d_tsumo[h][i]);
            }
        }
}

/* Spot values every player knows, and the limits. */
static void point_spot_checks(void **state)
{
    (void)state;
    jong_ruleset rs = rules();
    jong_riichi_payment p;
#define BASIC(h, f) jong_riichi_basic_points(&rs, h, f, 0, NULL)
    jong_riichi_pay(BASIC(1, 30), false, false, 1, 3, 0, 0, &p);
    assert_int_equal(p.points, 1000);
    jong_riichi_pay(BASIC(1, 30), false, true, 1, 0, 0, 0, &p);
    assert_int_equal(p.tsumo_other, 300);
    assert_int_equal(p.tsumo_dealer, 500);
    assert_int_equal(p.points, 1100);
    jong_riichi_pay(BASIC(3, 30), false, false, 1, 3, 0, 0, &p);
    assert_int_equal(p.points, 3900);
    jong_riichi_pay(BASIC(4, 30), false, false, 1, 3, 0, 0, &p);
    assert_int_equal(p.points, 7700);
    jong_riichi_pay(BASIC(4, 30), true, false, 0, 3, 0, 0, &p);
    assert_int_equal(p.points, 11600);
    jong_riichi_pay(BASIC(2, 25), false, false, 1, 3, 0, 0, &p);
    assert_int_equal(p.points, 1600);
    jong_riichi_pay(BASIC(1, 40), true, true, 0, 0, 0, 0, &p);
    assert_int_equal(p.tsumo_other, 700);
    assert_int_equal(p.points, 2100);
    jong_riichi_pay(BASIC(2, 20), false, true, 1, 0, 0, 0, &p);
    assert_int_equal(p.points, 1500); /* 400/700 */
    /* Limits: mangan 8000 / 12000, 2000/4000, 4000 all; haneman 12000 / 18000; baiman 16000 /
     * 24000; sanbaiman 24000 / 36000; yakuman 32000 / 48000; double 64000 / 96000. */
    static const struct { int han, fu, yakuman, limit, nd, d; } rows[] = {
        {5, 30, 0, JONG_LIMIT_MANGAN, 8000, 12000},    {4, 40, 0, JONG_LIMIT_MANGAN, 8000, 12000},
        {3, 70, 0, JONG_LIMIT_MANGAN, 8000, 12000},    {6, 30, 0, JONG_LIMIT_HANEMAN, 12000, 18000},
        {7, 30, 0, JONG_LIMIT_HANEMAN, 12000, 18000},  {8, 30, 0, JONG_LIMIT_BAIMAN, 16000, 24000},
        {10, 30, 0, JONG_LIMIT_BAIMAN, 16000, 24000},  {11, 30, 0, JONG_LIMIT_SANBAIMAN, 24000, 36000},
        {12, 30, 0, JONG_LIMIT_SANBAIMAN, 24000, 36000}, {13, 30, 0, JONG_LIMIT_KAZOE, 32000, 48000},
        {20, 30, 0, JONG_LIMIT_KAZOE, 32000, 48000},   {0, 0, 1, JONG_LIMIT_YAKUMAN, 32000, 48000},
        {0, 0, 2, JONG_LIMIT_YAKUMAN, 64000, 96000},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        int limit;
        int basic = jong_riichi_basic_points(&rs, rows[i].han, rows[i].fu, rows[i].yakuman, &limit);
        assert_int_equal(limit, rows[i].limit);
        jong_riichi_pay(basic, false, false, 1, 3, 0, 0, &p);
        assert_int_equal(p.points, rows[i].nd);
        jong_riichi_pay(basic, true, false, 0, 3, 0, 0, &p);
        assert_int_equal(p.points, rows[i].d);
        jong_riichi_pay(basic, false, true, 1, 0, 0, 0, &p);
        assert_int_equal(p.points, rows[i].nd);
        jong_riichi_pay(basic, true, true, 0, 0, 0, 0, &p);
        assert_int_equal(p.points, rows[i].d);
    }
    /* 3 han 60 fu is no limit: 7700 ron, tsumo 2000/3900 = 7900. */
    int lim;
    int b60 = jong_riichi_basic_points(&rs, 3, 60, 0, &lim);
    assert_int_equal(lim, JONG_LIMIT_NONE);
    jong_riichi_pay(b60, false, false, 1, 3, 0, 0, &p);
    assert_int_equal(p.points, 7700);
    jong_riichi_pay(b60, false, true, 1, 3, 0, 0, &p);
    assert_int_equal(p.points, 7900);
    /* Kiriage: 4 han 30 fu and 3 han 60 fu become mangan. */
    jong_ruleset kiri = rules_with("kiriage=on");
    int limit;
    assert_int_equal(jong_riichi_basic_points(&kiri, 4, 30, 0, &limit), 2000);
    assert_int_equal(limit, JONG_LIMIT_MANGAN);
    assert_int_equal(jong_riichi_basic_points(&kiri, 3, 60, 0, &limit), 2000);
    assert_int_equal(jong_riichi_basic_points(&kiri, 3, 50, 0, &limit), 1600);
    assert_int_equal(limit, JONG_LIMIT_NONE);
#undef BASIC
}

/* Kiriage on a whole hand: pinfu + ryanpeikou, 4 han 30 fu ron: 7700, with kiriage 8000. */
static void kiriage_option(void **state)
{
    (void)state;
    jong_riichi_context c = ron("112233m445566p99s", "1m");
    check(&c, "pinfu 1, ryanpeikou 3", 4, 30, 7700);
    jong_riichi_result r = check_rules("kiriage=on", &c, "pinfu 1, ryanpeikou 3", 4, 30, 8000);
    assert_int_equal(r.limit, JONG_LIMIT_MANGAN);
}

/* ---- dora ------------------------------------------------------------------------------------- */

static void dora_indicators(void **state)
{
    (void)state;
    static const struct { const char *ind, *dora; } rows[] = {
        {"1m", "2m"}, {"9m", "1m"}, {"9p", "1p"}, {"9s", "1s"}, {"5s", "6s"}, {"1z", "2z"}, {"3z", "4z"},
        {"4z", "1z"}, {"5z", "6z"}, {"6z", "7z"}, {"7z", "5z"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        assert_int_equal(jong_dora_of_indicator(tile_of(rows[i].ind).kind), tile_of(rows[i].dora).kind);
    assert_int_equal(jong_dora_of_indicator(34), -1);
}

/* H0 pinfu ron (1000) with dora: indicator 8m names 9m (the pair: 2 dora) -> 3 han 30 fu 3900;
 * indicator 9m names 1m (1 dora); two indicators naming the same tile count twice; a kan counts
 * four copies. Ura only with riichi. Red fives count one each, in the hand and in melds.
 * Dora alone are no yaku. */
static void dora_counting(void **state)
{
    (void)state;
    jong_riichi_context c = ron(H0, "5s");
    add_dora(&c, "8m");
    jong_riichi_result r = check(&c, "pinfu 1, dora 2", 3, 30, 3900);
    assert_int_equal(r.dora, 2);
    c = ron(H0, "5s");
    add_dora(&c, "9m");
    check(&c, "pinfu 1, dora 1", 2, 30, 2000);
    add_dora(&c, "9m");
    check(&c, "pinfu 1, dora 2", 3, 30, 3900);
    /* Ura: counted with riichi (riichi 1, pinfu 1, ura 2 = 4 han 30 fu, 7700), ignored without. */
    c = ron(H0, "5s");
    add_ura(&c, "8m");
    check(&c, "pinfu 1", 1, 30, 1000);
    c.flags = RIICHI;
    r = check(&c, "riichi 1, pinfu 1, ura_dora 2", 4, 30, 7700);
    assert_int_equal(r.ura, 2);
    /* A kan of the dora: 4 copies. The rinshan hand with indicator 9m: rinshan 1 + dora 4 =
     * 5 han, mangan tsumo 2000/4000. */
    c = with_flags(tsumo("[1111m] 456p789s345s99m", "4s"), RINSHAN);
    add_dora(&c, "9m");
    check(&c, "rinshan 1, dora 4", 5, 40, 8000);
    /* Red fives: 0s in a called chow and the red 0p won in 406p (kanchan): aka 2; open tanyao 1
     * + aka 2, 3 han, 20 + 2 -> 30 fu: 3900. */
    c = ron("[340s] 234m406p678s88p", "0p");
    assert_true(c.win_red);
    r = check(&c, "tanyao 1, aka_dora 2", 3, 30, 3900);
    assert_int_equal(r.aka, 2);
    /* Closed, the red win tile alone: tanyao 1 + aka 1, 20 + 10 + 2 -> 40 fu: 2600. */
    c = ron("234m406p678s88p345s", "0p");
    check(&c, "tanyao 1, aka_dora 1", 2, 40, 2600);
    /* Dora without a yaku. */
    c = ron(H0, "4s");
    add_dora(&c, "8m");
    check_error(&c, "no yaku");
    /* Red fives off: a red five is an error; with red_fives=4 two red 5p are allowed. */
    jong_ruleset off = rules_with("red_fives=0");
    c = ron("234m406p678s88p345s", "0p");
    check_error_rules(&off, &c, "red_fives");
}

/* ---- honba, sticks, payments ------------------------------------------------------------------ */

static void honba_and_sticks(void **state)
{
    (void)state;
    /* Pinfu ron 1000 from the opposite player with 2 honba and 1 stick: +600, +1000. */
    jong_riichi_context c = ron(H0, "5s");
    c.honba = 2, c.sticks = 1, c.discarder = 2;
    jong_riichi_result r = check(&c, "pinfu 1", 1, 30, 1000);
    assert_int_equal(r.pay.honba_each, 600);
    assert_int_equal(r.pay.bonus, 1600);
    assert_int_equal(r.pay.total, 2600);
    assert_int_equal(r.pay.payments[2], 1000);
    assert_int_equal(r.pay.deltas[0], 2600);
    assert_int_equal(r.pay.deltas[2], -1600);
    assert_int_equal(r.pay.deltas[1] + r.pay.deltas[3], 0);
    /* Discarder 0 means the previous player. */
    c.discarder = 0;
    r = check(&c, "pinfu 1", 1, 30, 1000);
    assert_int_equal(r.pay.payments[3], 1000);
    /* Non-dealer tsumo (South) 1 han 30 fu with 3 honba: 300 + 300 each from W and N, 500 + 300
     * from the dealer E (the previous seat of South): total 1100 + 900. */
    c = tsumo(H0, "4s");
    c.honba = 3;
    r = check(&c, "menzen_tsumo 1", 1, 30, 1100);
    assert_int_equal(r.pay.honba_each, 300);
    assert_int_equal(r.pay.payments[3], 500);
    assert_int_equal(r.pay.payments[1], 300);
    assert_int_equal(r.pay.payments[2], 300);
    assert_int_equal(r.pay.total, 2000);
    assert_int_equal(r.pay.deltas[3], -800);
    assert_int_equal(r.pay.deltas[0] + r.pay.deltas[1] + r.pay.deltas[2] + r.pay.deltas[3], 0);
    /* Dealer tsumo: 2x each. 1 han 30 fu = 500 all = 1500; 2 sticks: +2000. */
    c = as_dealer(tsumo(H0, "4s"));
    c.sticks = 2;
    r = check(&c, "menzen_tsumo 1", 1, 30, 1500);
    assert_int_equal(r.pay.total, 3500);
    assert_int_equal(r.pay.deltas[0] + r.pay.deltas[1] + r.pay.deltas[2] + r.pay.deltas[3], 2000);
}

/* ---- reading choice --------------------------------------------------------------------------- */

static void reading_choice(void **state)
{
    (void)state;
    /* 345s + 55s on 5s: tanki on the pair or ryanmen in 345s; with riichi pinfu gives 2 han 30 fu
     * (2000) against riichi 1 han 40 fu (1300). */
    jong_riichi_context c = with_flags(ron("123m456p789s34555s", "5s"), RIICHI);
    jong_riichi_result r = check(&c, "riichi 1, pinfu 1", 2, 30, 2000);
    assert_int_equal(r.wait, JONG_WAIT_RYANMEN);
    /* 111222333m456p77s on 3m: by ron the pons read gives nothing (333m open, two concealed
     * pons); the chows read gives iipeikou with a penchan: 1 han 40 fu, 1300. By tsumo the pons
     * read wins: sanankou 2 + tsumo 1, 20 + 2 + 8 + 4 + 4 = 38 -> 40, 3 han 40 fu = 5200, against
     * tsumo + iipeikou 2 han 30 fu = 2000. */
    c = ron("111222333m456p77s", "3m");
    check(&c, "iipeikou 1", 1, 40, 1300);
    c = tsumo("111222333m456p77s", "3m");
    check(&c, "menzen_tsumo 1, sanankou 2", 3, 40, 5200);
    /* 45666s + 789s on 6s: the 6s sits in the 66s pair (tanki) or ends 45s (ryanmen, pinfu);
     * without riichi only the pinfu place has a yaku: 1000. */
    c = ron("123m456p789s45666s", "6s");
    r = check(&c, "pinfu 1", 1, 30, 1000);
    assert_int_equal(r.wait, JONG_WAIT_RYANMEN);
}

/* ---- random wins: invariants --------------------------------------------------------------- */

static uint64_t next_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int rnd(uint64_t *s, int n)
{
    return (int)(next_rand(s) % (uint64_t)n);
}

/* A random winning hand: four sets (some called, some kans) and a pair, or seven pairs. */
static void random_win(uint64_t *s, jong_riichi_context *c)
{
    memset(c, 0, sizeof *c);
    jong_hand *h = &c->hand;
    uint8_t used[JONG_KINDS] = {0};
    if (rnd(s, 10) == 0) {
        for (int n = 0; n < 7;) {
            int k = rnd(s, JONG_KINDS);
            if (!h->counts[k])
                h->counts[k] = 2, n++;
        }
    } else {
        for (int i = 0; i < 4;) {
            bool called = rnd(s, 4) == 0;
            if (rnd(s, 2)) {
                int k = rnd(s, 3) * 9 + rnd(s, 7);
                if (used[k] > 3 || used[k + 1] > 3 || used[k + 2] > 3)
                    continue;
                used[k]++, used[k + 1]++, used[k + 2]++;
                if (called)
                    h->melds[h->nmelds++] = (jong_meld){JONG_MELD_CHOW, (uint8_t)k, 0};
                else
                    h->counts[k]++, h->counts[k + 1]++, h->counts[k + 2]++;
            } else {
                int k = rnd(s, JONG_KINDS);
                bool kan = rnd(s, 6) == 0;
                if (used[k] > (kan ? 0 : 1))
                    continue;
                used[k] = (uint8_t)(used[k] + (kan ? 4 : 3));
                int type = called ? JONG_MELD_KONG : JONG_MELD_CONCEALED_KONG;
                if (kan)
                    h->melds[h->nmelds++] = (jong_meld){(uint8_t)type, (uint8_t)k, 0};
                else if (called)
                    h->melds[h->nmelds++] = (jong_meld){JONG_MELD_PUNG, (uint8_t)k, 0};
                else
                    h->counts[k] += 3;
            }
            i++;
        }
        int k;
        do
            k = rnd(s, JONG_KINDS);
        while (used[k] > 2);
        h->counts[k] += 2;
    }
    int pick = rnd(s, jong_hand_concealed_count(h));
    for (int k = 0; k < JONG_KINDS; k++)
        if ((pick -= h->counts[k]) < 0) {
            c->win_tile = k;
            break;
        }
    c->tsumo = rnd(s, 2);
    c->seat_wind = rnd(s, 4);
    c->dealer = c->seat_wind == 0;
    c->round_wind = rnd(s, 2);
    c->discarder = c->tsumo ? 0 : 1 + rnd(s, 3);
    c->ndora = rnd(s, 3);
    for (int i = 0; i < c->ndora; i++)
        c->dora[i] = (uint8_t)rnd(s, JONG_KINDS);
    c->honba = rnd(s, 3);
    c->sticks = rnd(s, 3);
}

static bool closed_hand(const jong_hand *h)
{
    for (int i = 0; i < h->nmelds; i++)
        if (h->melds[i].type != JONG_MELD_CONCEALED_KONG)
            return false;
    return true;
}

static void check_invariants(const jong_ruleset *rs, const jong_riichi_context *c, const jong_riichi_result *r)
{
    bool closed = closed_hand(&c->hand);
    int sum = 0, ordinary = 0, yakuman = 0;
    for (int i = 0; i < r->nyaku; i++) {
        const jong_riichi_yaku_entry *e = &r->yaku[i];
        sum += e->han;
        if (i)
            assert_true(r->yaku[i - 1].yaku < e->yaku); /* sorted, each once */
        if (e->yakuman) {
            assert_true(e->yaku >= JONG_YAKU_FIRST_YAKUMAN && e->yaku < JONG_YAKU_DORA);
            assert_int_equal(e->han, 13 * e->yakuman);
            yakuman += e->yakuman;
        } else {
            assert_true(e->yaku < JONG_YAKU_FIRST_YAKUMAN || e->yaku >= JONG_YAKU_DORA);
            if (e->yaku < JONG_YAKU_FIRST_YAKUMAN) {
                ordinary++;
                assert_int_equal(e->han, jong_yaku_han(rs, e->yaku, closed)); /* never a closed-only yaku open */
            }
        }
    }
    assert_int_equal(sum, r->han);
    assert_int_equal(yakuman, r->yakuman);
    if (yakuman) {
        assert_int_equal(ordinary, 0);
        assert_int_equal(r->basic, 8000 * yakuman);
        assert_int_equal(r->fu, 0);
    } else {
        assert_true(ordinary > 0);
        int fsum = 0;
        for (int i = 0; i < r->nfu; i++)
            fsum += r->fu_parts[i].fu;
        assert_int_equal(fsum, r->fu_raw);
        if (r->form == JONG_DECOMP_CHIITOI) {
            assert_int_equal(r->fu, 25);
        } else {
            assert_int_equal(r->fu, (r->fu_raw + 9) / 10 * 10);
            assert_true(r->fu >= (closed && c->tsumo ? 20 : 30));
        }
        assert_int_equal(r->basic, jong_riichi_basic_points(rs, r->han, r->fu, 0, NULL));
        /* Dora counted independently: every copy of every named kind, kans as four. */
        uint8_t all[JONG_KINDS];
        jong_hand_meld_counts(&c->hand, all);
        int dora = 0;
        for (int i = 0; i < c->ndora; i++) {
            int d = jong_dora_of_indicator(c->dora[i]);
            dora += all[d] + c->hand.counts[d];
        }
        assert_int_equal(r->dora, dora);
    }
    jong_riichi_payment p;
    jong_riichi_pay(r->basic, c->dealer, c->tsumo, c->seat_wind, c->discarder, c->honba, c->sticks, &p);
    assert_memory_equal(&p, &r->pay, sizeof p);
    assert_int_equal(p.points, p.payments[0] + p.payments[1] + p.payments[2] + p.payments[3]);
    assert_int_equal(p.deltas[0] + p.deltas[1] + p.deltas[2] + p.deltas[3], 1000 * c->sticks);
}

/* 20,000 random wins: each scores (or has no yaku), the result holds together, and riichi or
 * one more dora indicator never lowers the points. */
static void random_wins_are_consistent(void **state)
{
    (void)state;
    jong_ruleset rs = rules();
    uint64_t seed = 20261124;
    int scored = 0, no_yaku = 0;
    for (int n = 0; n < 20000; n++) {
        jong_riichi_context c;
        random_win(&seed, &c);
        jong_riichi_result r;
        jong_error err;
        jong_error_clear(&err);
        if (jong_riichi_score(&rs, &c, &r, &err) != JONG_OK) {
            if (!strstr(err.msg, "no yaku")) {
                fprintf(stderr, "hand %d: %s\n", n, err.msg);
                fail();
            }
            no_yaku++;
            continue;
        }
        scored++;
        check_invariants(&rs, &c, &r);
        jong_riichi_context more = c;
        if (closed_hand(&c.hand)) {
            more.flags |= RIICHI;
            jong_riichi_result r2 = score_rs(&rs, &more);
            check_invariants(&rs, &more, &r2);
            assert_true(r2.pay.points >= r.pay.points);
        }
        if (c.ndora < 5) {
            more = c;
            more.dora[more.ndora++] = (uint8_t)rnd(&seed, JONG_KINDS);
            jong_riichi_result r3 = score_rs(&rs, &more);
            assert_true(r3.pay.points >= r.pay.points);
        }
    }
    assert_true(scored > 10000);
    assert_true(no_yaku > 0);
}

/* ---- errors ----------------------------------------------------------------------------------- */

static void errors(void **state)
{
    (void)state;
    jong_riichi_context c = ron(H0, "5s");
    /* Not a win, no yaku. */
    c = ron("123m456p789s345s19m", "5s");
    check_error(&c, "not a winning hand");
    c = ron(H0, "4s");
    check_error(&c, "no yaku");
    /* Sizes and the win tile. */
    c = ron("123m456p789s345s9m", "5s");
    check_error(&c, "13 tiles");
    c = ron(H0, "6s");
    check_error(&c, "not among the concealed tiles");
    c = ron(H0, "5s");
    c.win_tile = 34;
    check_error(&c, "not a tile kind");
    /* Flags. */
    c = with_flags(ron(H0, "5s"), IPPATSU);
    check_error(&c, "ippatsu without riichi");
    c = with_flags(ron(H0_OPEN, "5s"), RIICHI);
    check_error(&c, "closed hand");
    c = with_flags(ron(H0, "5s"), HAITEI);
    check_error(&c, "haitei");
    c = with_flags(tsumo(H0, "5s"), HOUTEI);
    check_error(&c, "houtei");
    c = with_flags(tsumo(H0, "5s"), RINSHAN);
    check_error(&c, "rinshan without a kan");
    c = with_flags(ron("[1111m] 456p789s345s99m", "4s"), RINSHAN);
    check_error(&c, "rinshan is a tsumo");
    c = with_flags(tsumo("(1111m) 456p789s345s99m", "4s"), RINSHAN | RIICHI | IPPATSU);
    check_error(&c, "ippatsu");
    c = with_flags(tsumo(H0, "4s"), CHANKAN);
    check_error(&c, "chankan");
    c = with_flags(tsumo(H0, "5s"), TENHOU | CHIIHOU);
    check_error(&c, "exclude");
    c = with_flags(as_dealer(tsumo(H0, "5s")), TENHOU | RIICHI);
    check_error(&c, "other circumstances");
    c = with_flags(as_dealer(tsumo("(1111m) 456p789s345s99m", "4s")), TENHOU);
    check_error(&c, "meld");
    c = ron(H0, "5s");
    c.flags = 1u << 12;
    check_error(&c, "unknown win flags");
    /* Seats, winds, counters, indicators. */
    c = ron(H0, "5s");
    c.dealer = true;
    check_error(&c, "dealer's seat wind is E");
    c = ron(H0, "5s");
    c.seat_wind = 4;
    check_error(&c, "seat wind 4");
    c = ron(H0, "5s");
    c.round_wind = -1;
    check_error(&c, "round wind -1");
    c = ron(H0, "5s");
    c.discarder = 4;
    check_error(&c, "discarder 4");
    c = ron(H0, "5s");
    c.honba = -1;
    check_error(&c, "honba -1");
    c = ron(H0, "5s");
    c.sticks = 1001;
    check_error(&c, "sticks 1001");
    c = ron(H0, "5s");
    c.ndora = 6;
    check_error(&c, "6 dora indicators");
    c = ron(H0, "5s");
    c.ndora = 1;
    c.dora[0] = 40;
    check_error(&c, "dora indicator 40");
    /* A fifth copy, concealed or with a meld (the notation refuses both, so set by hand). */
    c = ron(H0, "5s");
    c.hand.counts[8] = 5;
    check_error(&c, "5 copies of 9m");
    c = ron("[999m] 456p789s345s11z", "5s");
    c.hand.counts[8] = 2;
    check_error(&c, "5 copies of 9m");
    c = ron(H0, "5s");
    c.hand.counts[JONG_C] = 200;
    check_error(&c, "200 copies of 7z");
    /* Red fives: more than the hand holds, a red win tile without one. */
    c = ron(H0, "5s");
    c.hand.red[0] = 1;
    check_error(&c, "red 5m");
    c = ron(H0, "5s");
    c.win_red = true;
    check_error(&c, "red");
    /* Taiwanese rules are refused. */
    jong_ruleset tw;
    jong_ruleset_default(&tw, JONG_VARIANT_TAIWAN);
    c = ron(H0, "5s");
    check_error_rules(&tw, &c, "riichi rules");
    /* NULL arguments. */
    jong_ruleset rs = rules();
    jong_riichi_result r;
    jong_error err;
    assert_int_equal(jong_riichi_score(NULL, &c, &r, &err), JONG_ERR_ARG);
    assert_int_equal(jong_riichi_score(&rs, NULL, &r, &err), JONG_ERR_ARG);
    assert_int_equal(jong_riichi_score(&rs, &c, NULL, &err), JONG_ERR_ARG);
    assert_int_equal(jong_riichi_score(&rs, &c, &r, NULL), JONG_OK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(names_are_stable),
        cmocka_unit_test(han_table),
        cmocka_unit_test(yaku_riichi),
        cmocka_unit_test(yaku_ippatsu),
        cmocka_unit_test(yaku_menzen_tsumo),
        cmocka_unit_test(yaku_pinfu),
        cmocka_unit_test(yaku_iipeikou),
        cmocka_unit_test(yaku_tanyao),
        cmocka_unit_test(yaku_yakuhai),
        cmocka_unit_test(yaku_last_tile_and_kan),
        cmocka_unit_test(yaku_double_riichi),
        cmocka_unit_test(yaku_chiitoitsu),
        cmocka_unit_test(yaku_sanshoku_doujun),
        cmocka_unit_test(yaku_ittsuu),
        cmocka_unit_test(yaku_chanta),
        cmocka_unit_test(yaku_junchan),
        cmocka_unit_test(yaku_toitoi),
        cmocka_unit_test(yaku_sanankou),
        cmocka_unit_test(yaku_sanshoku_doukou),
        cmocka_unit_test(yaku_sankantsu),
        cmocka_unit_test(yaku_shousangen),
        cmocka_unit_test(yaku_honroutou),
        cmocka_unit_test(yaku_ryanpeikou),
        cmocka_unit_test(yaku_honitsu),
        cmocka_unit_test(yaku_chinitsu),
        cmocka_unit_test(yakuman_kokushi),
        cmocka_unit_test(yakuman_suuankou),
        cmocka_unit_test(yakuman_daisangen),
        cmocka_unit_test(yakuman_winds),
        cmocka_unit_test(yakuman_tsuuiisou),
        cmocka_unit_test(yakuman_ryuuiisou),
        cmocka_unit_test(yakuman_chinroutou),
        cmocka_unit_test(yakuman_chuuren),
        cmocka_unit_test(yakuman_suukantsu),
        cmocka_unit_test(yakuman_tenhou_chiihou),
        cmocka_unit_test(yakuman_replaces_yaku_and_dora),
        cmocka_unit_test(kazoe_yakuman),
        cmocka_unit_test(fu_parts),
        cmocka_unit_test(fu_110),
        cmocka_unit_test(point_table_formula),
        cmocka_unit_test(point_table_published),
        cmocka_unit_test(point_spot_checks),
        cmocka_unit_test(kiriage_option),
        cmocka_unit_test(dora_indicators),
        cmocka_unit_test(dora_counting),
        cmocka_unit_test(honba_and_sticks),
        cmocka_unit_test(reading_choice),
        cmocka_unit_test(random_wins_are_consistent),
        cmocka_unit_test(errors),
    };
    return cmocka_run_group_tests_name("riichi_score", tests, NULL, NULL);
}
