/* Japanese riichi scoring (../shared/rules/riichi.md, "Winning and scoring"): the yaku and
 * yakuman of a win, its fu part by part, the dora, the limit hands and the payments.
 *
 * The hand may be read in several ways (sets and pair, seven pairs, thirteen orphans) and the
 * winning tile may sit in several groups of one reading; that choice decides the wait, the fu,
 * pinfu and the concealed triplets. Every reading with every place of the winning tile is scored
 * and the one worth the most points is kept (then the most han, then the most fu).
 * Nothing here allocates; a call takes a few hundred nanoseconds. */
#ifndef JONG_RIICHI_SCORE_H
#define JONG_RIICHI_SCORE_H

#include <stdbool.h>
#include <stdint.h>

#include "jong/error.h"
#include "jong/hand.h"
#include "jong/rules.h"

/* Circumstances of the win (jong_riichi_context.flags). */
enum {
    JONG_RIICHI_WIN_RIICHI = 1 << 0,        /* the winner declared riichi */
    JONG_RIICHI_WIN_DOUBLE_RIICHI = 1 << 1, /* ... on his first uninterrupted discard (replaces riichi) */
    JONG_RIICHI_WIN_IPPATSU = 1 << 2,       /* within one uninterrupted go-around after riichi */
    JONG_RIICHI_WIN_HAITEI = 1 << 3,        /* tsumo on the last tile of the live wall */
    JONG_RIICHI_WIN_HOUTEI = 1 << 4,        /* ron on the last discard */
    JONG_RIICHI_WIN_RINSHAN = 1 << 5,       /* tsumo on a kan's replacement tile */
    JONG_RIICHI_WIN_CHANKAN = 1 << 6,       /* ron on the tile of another player's added kan */
    JONG_RIICHI_WIN_TENHOU = 1 << 7,        /* the dealer's win on the deal */
    JONG_RIICHI_WIN_CHIIHOU = 1 << 8,       /* a non-dealer's tsumo on his first, uninterrupted draw */
};

#define JONG_RIICHI_MAX_INDICATORS 5 /* the dora indicator and up to four kan dora */

typedef struct {
    jong_hand hand;     /* the concealed tiles INCLUDE the winning tile; red fives in hand.red[] and
                           melds[].red; concealed kans are melds of type JONG_MELD_CONCEALED_KONG */
    int win_tile;       /* kind 0..33 */
    bool win_red;       /* the winning tile is a red five (then hand.red counts it) */
    bool tsumo;         /* self-drawn; otherwise ron */
    bool dealer;        /* the winner is the dealer (his seat wind is then East) */
    int seat_wind;      /* 0..3 = E S W N (three players: 0..2) */
    int round_wind;     /* 0..3 */
    int discarder;      /* ron: the discarder's seat relative to the winner, 1 = next (shimocha),
                           2 = opposite (toimen), 3 = previous (kamicha); 0 is taken as 3.
                           Three players: 1 = next, 2 = previous; 0 is taken as 2 */
    unsigned flags;     /* JONG_RIICHI_WIN_* */
    int ndora;          /* dora indicators shown, 0..5 */
    uint8_t dora[JONG_RIICHI_MAX_INDICATORS]; /* their kinds */
    int nura;           /* ura indicators, 0..5; they count only for riichi (or double riichi) */
    uint8_t ura[JONG_RIICHI_MAX_INDICATORS];
    int honba;          /* counters on the table (300 each on ron, 100 from each payer on tsumo;
                           three players: 200 on ron) */
    int sticks;         /* riichi sticks on the table (1000 each to the winner) */
    int kita;           /* three players (rules three_player): the north tiles the winner set aside
                           (nukidora), each a dora, and each counted again for every dora (ura)
                           indicator naming the north; 0 otherwise */
} jong_riichi_context;

typedef enum {
    JONG_YAKU_RIICHI = 0, JONG_YAKU_IPPATSU, JONG_YAKU_MENZEN_TSUMO, JONG_YAKU_PINFU, JONG_YAKU_IIPEIKOU,
    JONG_YAKU_TANYAO, JONG_YAKU_YAKUHAI_HAKU, JONG_YAKU_YAKUHAI_HATSU, JONG_YAKU_YAKUHAI_CHUN,
    JONG_YAKU_YAKUHAI_SEAT_WIND, JONG_YAKU_YAKUHAI_ROUND_WIND, JONG_YAKU_HAITEI, JONG_YAKU_HOUTEI,
    JONG_YAKU_RINSHAN, JONG_YAKU_CHANKAN, JONG_YAKU_DOUBLE_RIICHI, JONG_YAKU_CHIITOITSU,
    JONG_YAKU_SANSHOKU_DOUJUN, JONG_YAKU_ITTSUU, JONG_YAKU_CHANTA, JONG_YAKU_TOITOI, JONG_YAKU_SANANKOU,
    JONG_YAKU_SANSHOKU_DOUKOU, JONG_YAKU_SANKANTSU, JONG_YAKU_SHOUSANGEN, JONG_YAKU_HONROUTOU,
    JONG_YAKU_JUNCHAN, JONG_YAKU_RYANPEIKOU, JONG_YAKU_HONITSU, JONG_YAKU_CHINITSU,
    /* yakuman: entries carry their multiple */
    JONG_YAKU_KOKUSHI_MUSOU, JONG_YAKU_KOKUSHI_MUSOU_JUUSANMEN, JONG_YAKU_SUUANKOU,
    JONG_YAKU_SUUANKOU_TANKI, JONG_YAKU_DAISANGEN, JONG_YAKU_SHOUSUUSHII, JONG_YAKU_DAISUUSHII,
    JONG_YAKU_TSUUIISOU, JONG_YAKU_RYUUIISOU, JONG_YAKU_CHINROUTOU, JONG_YAKU_CHUUREN_POUTOU,
    JONG_YAKU_JUNSEI_CHUUREN_POUTOU, JONG_YAKU_SUUKANTSU, JONG_YAKU_TENHOU, JONG_YAKU_CHIIHOU,
    /* dora: the han are the count */
    JONG_YAKU_DORA, JONG_YAKU_AKA_DORA, JONG_YAKU_URA_DORA,
    JONG_YAKU_COUNT
} jong_yaku;

#define JONG_YAKU_FIRST_YAKUMAN JONG_YAKU_KOKUSHI_MUSOU

typedef enum {
    JONG_FU_BASE = 0,       /* 20 (fuutei) */
    JONG_FU_CHIITOITSU,     /* 25, the whole fu of seven pairs */
    JONG_FU_MENZEN_RON,     /* 10: ron with a closed hand */
    JONG_FU_TSUMO,          /* 2: tsumo, except with pinfu */
    JONG_FU_OPEN_PINFU,     /* 10: an open hand won by ron with no other fu is 30 */
    JONG_FU_PAIR_DRAGON,    /* 2 */
    JONG_FU_PAIR_SEAT_WIND, /* 2 */
    JONG_FU_PAIR_ROUND_WIND, /* 2 (a double wind pair has both: 4) */
    JONG_FU_OPEN_PON,       /* 2 simples, 4 terminals and honors (a pon completed by ron is open) */
    JONG_FU_CLOSED_PON,     /* 4 / 8 */
    JONG_FU_OPEN_KAN,       /* 8 / 16 */
    JONG_FU_CLOSED_KAN,     /* 16 / 32 */
    JONG_FU_KANCHAN,        /* 2: closed wait (4 on 35) */
    JONG_FU_PENCHAN,        /* 2: edge wait (3 on 12, 7 on 89) */
    JONG_FU_TANKI,          /* 2: pair wait */
    JONG_FU_COUNT
} jong_fu_part;

typedef enum {
    JONG_LIMIT_NONE = 0, JONG_LIMIT_MANGAN, JONG_LIMIT_HANEMAN, JONG_LIMIT_BAIMAN, JONG_LIMIT_SANBAIMAN,
    JONG_LIMIT_YAKUMAN, JONG_LIMIT_KAZOE, JONG_LIMIT_COUNT
} jong_limit;

typedef enum {
    JONG_WAIT_RYANMEN = 0, JONG_WAIT_KANCHAN, JONG_WAIT_PENCHAN, JONG_WAIT_TANKI, JONG_WAIT_SHANPON,
    JONG_WAIT_KOKUSHI, JONG_WAIT_KOKUSHI_13, JONG_WAIT_COUNT
} jong_wait;

#define JONG_RIICHI_MAX_YAKU 24
#define JONG_RIICHI_MAX_FU 12

typedef struct {
    uint8_t yaku;    /* jong_yaku */
    uint8_t yakuman; /* the multiple of a yakuman entry (1 or 2), 0 for the others */
    int16_t han;     /* han of the entry; a yakuman entry counts 13 per multiple */
} jong_riichi_yaku_entry;

typedef struct {
    uint8_t part;    /* jong_fu_part */
    uint8_t tile;    /* kind of the set or pair it is about, JONG_NO_TILE for the others */
    int16_t fu;
} jong_riichi_fu_entry;

typedef struct {
    int points;          /* what the winner receives before honba and sticks */
    int ron;             /* ron: what the discarder pays (0 on tsumo) */
    int tsumo_dealer;    /* a non-dealer's tsumo: what the dealer pays (0 otherwise) */
    int tsumo_other;     /* tsumo: what each non-dealer payer pays (0 on ron) */
    int32_t payments[4]; /* by seat relative to the winner (0 winner, 1 next, 2 opposite, 3 previous),
                            before honba */
    int honba_each;      /* honba paid by each payer: 300 x honba on ron, 100 x honba on tsumo */
    int bonus;           /* all the honba plus 1000 per riichi stick */
    int total;           /* points + bonus: what the winner's score grows by */
    int32_t deltas[4];   /* score changes by relative seat, honba and sticks included (the sticks
                            come from the table, so they sum to 1000 x sticks) */
} jong_riichi_payment;

typedef struct {
    int nyaku;
    jong_riichi_yaku_entry yaku[JONG_RIICHI_MAX_YAKU]; /* in jong_yaku order; dora entries last */
    int han;            /* the entries' sum (yakuman: 13 per multiple) */
    int yakuman;        /* total multiple of the yakuman entries, 0 if none (kazoe is 0: see limit) */
    int fu;             /* rounded up to 10 (seven pairs 25); 0 for a yakuman */
    int fu_raw;         /* the parts' sum before rounding */
    int nfu;
    jong_riichi_fu_entry fu_parts[JONG_RIICHI_MAX_FU];
    int dora, aka, ura; /* counted copies (0 when a yakuman replaces them) */
    int basic;          /* basic points: fu x 2^(2+han), or the limit's */
    int limit;          /* jong_limit */
    int form;           /* the reading kept: jong_decomp_form (standard, seven pairs, thirteen orphans) */
    int wait;           /* jong_wait of the winning tile in that reading */
    jong_riichi_payment pay;
} jong_riichi_result;

/* Stable snake_case names: "riichi", "menzen_tsumo", "yakuhai_haku", "kokushi_musou", "dora", ...;
 * "base", "menzen_ron", "closed_pon", "kanchan", ...; "mangan", ..., "kazoe" ("" for none);
 * "ryanmen", "kanchan", ... "unknown" out of range. */
const char *jong_yaku_name(int yaku);
const char *jong_fu_part_name(int part);
const char *jong_limit_name(int limit);
const char *jong_wait_name(int wait);
/* Han of a yaku for a closed or open hand: 0 where it does not exist (e.g. pinfu open, or tanyao
 * open with kuitan off); a yakuman's 13. Dora entries: 1 (per copy). */
int jong_yaku_han(const jong_ruleset *rs, int yaku, bool closed);

/* Basic points of han (with dora) and fu, or of a yakuman multiple (> 0 wins over han/fu); sets
 * *limit (may be NULL) to the jong_limit reached. 13 han and more is a kazoe yakuman. */
int jong_riichi_basic_points(const jong_ruleset *rs, int han, int fu, int yakuman, int *limit);
/* Payments of a win worth `basic`: ron 4x (dealer 6x) from the discarder; tsumo 2x from the
 * dealer and 1x from the others (dealer tsumo 2x each); each rounded up to 100. seat_wind places
 * the dealer among the relative seats; discarder as in the context (0 = 3). */
void jong_riichi_pay(int basic, bool dealer, bool tsumo, int seat_wind, int discarder, int honba, int sticks,
                     jong_riichi_payment *out);
/* The same at a three-player table, as Tenhou pays it (checked on its January 2022 sanma
 * logs): ron as above but 200 x honba; tsumo with the tsumo loss (each of the two others pays
 * what it would with four players, the missing North's share is not paid) and 100 x honba from
 * each. Relative seats 1 (next) and 2 (previous); payments[3] and deltas[3] are 0. */
void jong_riichi_pay_sanma(int basic, bool dealer, bool tsumo, int seat_wind, int discarder, int honba, int sticks,
                           jong_riichi_payment *out);
/* The same with the tsumo split (three_player=split) instead of the loss: the North's share of a
 * tsumo is split between the two payers, each rounded up to 100 (a non-dealer's tsumo: the dealer
 * 2.5x basic, the other 1.5x; the dealer's: 3x from each), so a tsumo is worth about a ron; honba
 * as with the loss. */
void jong_riichi_pay_sanma_split(int basic, bool dealer, bool tsumo, int seat_wind, int discarder, int honba,
                                 int sticks, jong_riichi_payment *out);
/* The payment function of a ruleset: jong_riichi_pay, or one of the two above with three_player. */
typedef void (*jong_riichi_pay_fn)(int basic, bool dealer, bool tsumo, int seat_wind, int discarder, int honba,
                                   int sticks, jong_riichi_payment *out);
jong_riichi_pay_fn jong_riichi_pay_of(const jong_ruleset *rs);
/* The dora a tile indicator names: next in its suit (9 -> 1), winds E S W N E, dragons P F C P.
 * (Three players: the indicator 1m names 9m, jong_dora_of_indicator_sanma.) */
int jong_dora_of_indicator(int kind);
int jong_dora_of_indicator_sanma(int kind);

/* Score a win. Errors (JONG_ERR_ARG, one line; *out untouched): not a winning hand, no yaku
 * ("no yaku": dora alone do not count), inconsistent circumstances (ippatsu without riichi,
 * riichi with an open hand, haitei on ron, ...) or values out of range. */
int jong_riichi_score(const jong_ruleset *rs, const jong_riichi_context *ctx, jong_riichi_result *out,
                      jong_error *err);

#endif
