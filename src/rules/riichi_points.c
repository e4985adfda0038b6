/* Riichi points: basic points from han and fu with the limit hands, the payments of ron and
 * tsumo, the dora an indicator names, and the stable names of yaku, fu parts, limits and waits. */
#include "jong/riichi_score.h"

static const char *const yaku_names[JONG_YAKU_COUNT] = {
    "riichi", "ippatsu", "menzen_tsumo", "pinfu", "iipeikou", "tanyao", "yakuhai_haku", "yakuhai_hatsu",
    "yakuhai_chun", "yakuhai_seat_wind", "yakuhai_round_wind", "haitei", "houtei", "rinshan", "chankan",
    "double_riichi", "chiitoitsu", "sanshoku_doujun", "ittsuu", "chanta", "toitoi", "sanankou",
    "sanshoku_doukou", "sankantsu", "shousangen", "honroutou", "junchan", "ryanpeikou", "honitsu",
    "chinitsu", "kokushi_musou", "kokushi_musou_juusanmen", "suuankou", "suuankou_tanki", "daisangen",
    "shousuushii", "daisuushii", "tsuuiisou", "ryuuiisou", "chinroutou", "chuuren_poutou",
    "junsei_chuuren_poutou", "suukantsu", "tenhou", "chiihou", "dora", "aka_dora", "ura_dora",
};

static const char *const fu_names[JONG_FU_COUNT] = {
    "base", "chiitoitsu", "menzen_ron", "tsumo", "open_pinfu", "pair_dragon", "pair_seat_wind",
    "pair_round_wind", "open_pon", "closed_pon", "open_kan", "closed_kan", "kanchan", "penchan", "tanki",
};

static const char *const limit_names[JONG_LIMIT_COUNT] = {
    "", "mangan", "haneman", "baiman", "sanbaiman", "yakuman", "kazoe",
};

static const char *const wait_names[JONG_WAIT_COUNT] = {
    "ryanmen", "kanchan", "penchan", "tanki", "shanpon", "kokushi", "kokushi_13",
};

const char *jong_yaku_name(int yaku)
{
    return yaku >= 0 && yaku < JONG_YAKU_COUNT ? yaku_names[yaku] : "unknown";
}

const char *jong_fu_part_name(int part)
{
    return part >= 0 && part < JONG_FU_COUNT ? fu_names[part] : "unknown";
}

const char *jong_limit_name(int limit)
{
    return limit >= 0 && limit < JONG_LIMIT_COUNT ? limit_names[limit] : "unknown";
}

const char *jong_wait_name(int wait)
{
    return wait >= 0 && wait < JONG_WAIT_COUNT ? wait_names[wait] : "unknown";
}

int jong_dora_of_indicator(int kind)
{
    if (kind < 0 || kind >= JONG_KINDS)
        return -1;
    if (kind < JONG_NUMBER_KINDS)
        return kind % 9 == 8 ? kind - 8 : kind + 1;
    if (kind < JONG_P)
        return kind == JONG_N ? JONG_E : kind + 1;
    return kind == JONG_C ? JONG_P : kind + 1;
}

int jong_dora_of_indicator_sanma(int kind)
{
    return kind == 0 ? 8 : jong_dora_of_indicator(kind);  /* 2m-8m are not in the wall: 1m names 9m */
}

int jong_riichi_basic_points(const jong_ruleset *rs, int han, int fu, int yakuman, int *limit)
{
    int lim = JONG_LIMIT_NONE, basic;
    if (yakuman > 0) {
        lim = JONG_LIMIT_YAKUMAN;
        basic = 8000 * yakuman;
    } else if (han >= 13) {
        lim = JONG_LIMIT_KAZOE;
        basic = 8000;
    } else if (han >= 11) {
        lim = JONG_LIMIT_SANBAIMAN;
        basic = 6000;
    } else if (han >= 8) {
        lim = JONG_LIMIT_BAIMAN;
        basic = 4000;
    } else if (han >= 6) {
        lim = JONG_LIMIT_HANEMAN;
        basic = 3000;
    } else if (han >= 5) {
        lim = JONG_LIMIT_MANGAN;
        basic = 2000;
    } else if (han <= 0 || fu <= 0) {
        basic = 0;
    } else {
        basic = fu << (2 + han);
        if (basic > 2000 || (basic == 1920 && rs && rs->kiriage)) {
            lim = JONG_LIMIT_MANGAN;
            basic = 2000;
        }
    }
    if (limit)
        *limit = lim;
    return basic;
}

static int up100(int x)
{
    return (x + 99) / 100 * 100;
}

/* The payments at a table of `seats` seats (4, or 3 with the tsumo loss: the missing North's
 * share is simply not paid). Honba: 100 from each payer on tsumo; on ron 300 with four players,
 * 200 with three (Tenhou's). */
static void pay_seats(int seats, bool split, int basic, bool dealer, bool tsumo, int seat_wind, int discarder,
                      int honba, int sticks, jong_riichi_payment *out)
{
    jong_riichi_payment p = {0};
    /* The player with seat wind w sits (w - seat_wind) mod seats places after the winner. */
    int w = seats == 4 ? seat_wind & 3 : (seat_wind % seats + seats) % seats;
    int dealer_seat = (seats - w) % seats;
    if (!tsumo) {
        int from = discarder >= 1 && discarder < seats ? discarder : seats - 1;
        p.ron = up100(basic * (dealer ? 6 : 4));
        p.payments[from] = p.ron;
        p.points = p.ron;
        p.honba_each = 100 * (seats - 1) * honba;
        p.bonus = p.honba_each;
    } else {
        /* (split: the North's share, 2x basic from a dealer's tsumo or 1x from another's, halved
         * onto each payer) */
        p.tsumo_other = up100(split ? basic * (dealer ? 6 : 3) / 2 : basic * (dealer ? 2 : 1));
        p.tsumo_dealer = dealer ? 0 : up100(split ? 5 * basic / 2 : 2 * basic);
        for (int s = 1; s < seats; s++) {
            p.payments[s] = s == dealer_seat ? p.tsumo_dealer : p.tsumo_other;
            p.points += p.payments[s];
        }
        p.honba_each = 100 * honba;
        p.bonus = (seats - 1) * p.honba_each;
    }
    p.bonus += 1000 * sticks;
    p.total = p.points + p.bonus;
    for (int s = 1; s < seats; s++)
        p.deltas[s] = p.payments[s] ? -(p.payments[s] + p.honba_each) : 0;
    p.deltas[0] = p.total;
    *out = p;
}

void jong_riichi_pay(int basic, bool dealer, bool tsumo, int seat_wind, int discarder, int honba, int sticks,
                     jong_riichi_payment *out)
{
    pay_seats(4, false, basic, dealer, tsumo, seat_wind, discarder, honba, sticks, out);
}

void jong_riichi_pay_sanma(int basic, bool dealer, bool tsumo, int seat_wind, int discarder, int honba, int sticks,
                           jong_riichi_payment *out)
{
    pay_seats(3, false, basic, dealer, tsumo, seat_wind, discarder, honba, sticks, out);
}

void jong_riichi_pay_sanma_split(int basic, bool dealer, bool tsumo, int seat_wind, int discarder, int honba,
                                 int sticks, jong_riichi_payment *out)
{
    pay_seats(3, true, basic, dealer, tsumo, seat_wind, discarder, honba, sticks, out);
}

jong_riichi_pay_fn jong_riichi_pay_of(const jong_ruleset *rs)
{
    if (!rs || !rs->three_player)
        return jong_riichi_pay;
    return rs->tsumo_split ? jong_riichi_pay_sanma_split : jong_riichi_pay_sanma;
}
