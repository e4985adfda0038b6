/* Taiwanese scoring: the tai patterns of a win, "the larger pattern replaces the smaller", and
 * the payments (value = base + tai x unit; self-draw paid by all three, a discard by the discarder,
 * the dealer's extra tai only on the payments that involve the dealer). */
#ifndef JONG_TAI_H
#define JONG_TAI_H

#include <stdbool.h>
#include <stdint.h>

#include "jong/error.h"
#include "jong/hand.h"
#include "jong/rules.h"

/* Circumstances of a win, set by the engine (or by `jong score`). */
enum {
    JONG_WIN_ROBBING_KONG = 1 << 0,  /* won on the tile of another player's added kong */
    JONG_WIN_REPLACEMENT = 1 << 1,   /* self-drawn on a replacement tile (after a kong or a flower) */
    JONG_WIN_LAST_TILE = 1 << 2,     /* the last tile of the wall (self-draw) or the last discard */
    JONG_WIN_HEAVENLY = 1 << 3,      /* dealer wins on the deal */
    JONG_WIN_EARTHLY = 1 << 4,       /* non-dealer wins on his first draw */
    JONG_WIN_HUMAN = 1 << 5,         /* win on a discard of the first go-around */
    JONG_WIN_FLOWERS = 1 << 6,       /* flower win: all 8 flowers (win_tile is the 8th flower) */
};

/* The win tile of a flower win is JONG_TILE_FLOWER_BASE + flower (0..7). */
#define JONG_TILE_FLOWER_BASE 34

typedef struct {
    jong_hand hand;     /* the winning hand: the concealed tiles include the winning tile */
    int win_tile;       /* kind 0..33, or JONG_TILE_FLOWER_BASE + flower for a flower win */
    int winner;         /* seat 0..3 */
    int discarder;      /* the seat that pays alone (discard, robbed kong, robbed flower); -1 for self-draw */
    int dealer;         /* the dealer's seat */
    int dealer_streak;  /* N: how many times the dealer has kept the deal (0 = first hand of this dealer) */
    int seat_wind;      /* the winner's seat wind 0..3 (E S W N) */
    int round_wind;     /* 0..3 */
    unsigned flags;     /* JONG_WIN_* */
} jong_win_context;

typedef enum {
    JONG_TAI_DEALER = 0, JONG_TAI_DEALER_STREAK, JONG_TAI_CONCEALED, JONG_TAI_SELF_DRAW,
    JONG_TAI_CONCEALED_SELF_DRAW, JONG_TAI_DRAGON_PONG, JONG_TAI_SEAT_WIND, JONG_TAI_ROUND_WIND,
    JONG_TAI_SEAT_FLOWER, JONG_TAI_FOUR_SEASONS, JONG_TAI_FOUR_FLOWERS, JONG_TAI_ROBBING_KONG,
    JONG_TAI_SINGLE_WAIT, JONG_TAI_REPLACEMENT, JONG_TAI_LAST_TILE, JONG_TAI_HALF_BEGGING,
    JONG_TAI_ALL_BEGGING, JONG_TAI_ALL_CHOWS, JONG_TAI_THREE_CONCEALED_PONGS, JONG_TAI_ALL_PONGS,
    JONG_TAI_LITTLE_THREE_DRAGONS, JONG_TAI_HALF_FLUSH, JONG_TAI_FOUR_CONCEALED_PONGS,
    JONG_TAI_FIVE_CONCEALED_PONGS, JONG_TAI_FULL_FLUSH, JONG_TAI_BIG_THREE_DRAGONS,
    JONG_TAI_LITTLE_FOUR_WINDS, JONG_TAI_BIG_FOUR_WINDS, JONG_TAI_ALL_HONORS, JONG_TAI_HEAVENLY,
    JONG_TAI_EARTHLY, JONG_TAI_HUMAN, JONG_TAI_EIGHT_FLOWERS, JONG_TAI_KONG,
    JONG_TAI_SEVEN_PAIRS_PONG, JONG_TAI_SIXTEEN_UNRELATED, JONG_TAI_THIRTEEN_ORPHANS,
    JONG_TAI_PATTERNS
} jong_tai_pattern;

#define JONG_TAI_MAX_ENTRIES 40

typedef struct {
    uint8_t pattern;  /* jong_tai_pattern */
    int16_t tai;      /* tai of this entry (a pattern may appear more than once, e.g. two dragon pongs) */
} jong_tai_entry;

typedef struct {
    int tai;          /* the total of the entries (after replacement and the cap) */
    int nentries;
    jong_tai_entry entries[JONG_TAI_MAX_ENTRIES];
    int dealer_tai;   /* 1 + 2N: added to each payment that involves the dealer */
    int32_t payments[4]; /* what each seat pays the winner (0 for the winner and non-payers) */
    int32_t deltas[4];   /* score change of each seat; sums to 0 */
} jong_tai_result;

/* Stable snake_case name of a pattern ("dealer", "concealed_self_draw", "big_three_dragons", ...). */
const char *jong_tai_pattern_name(int pattern);
/* The tai of a pattern whose value is fixed by the rules (the flushes, all pongs, all chows, the
 * special hands, ...), as the scoring adds it; -1 for a pattern whose value depends on the hand
 * (dealer streak, kongs, flowers). Used to value a target before it is complete. */
int jong_tai_pattern_value(const jong_ruleset *rs, int pattern);
/* Is this hand (concealed tiles + melds, 17 tiles counting kongs as 3) a win under the ruleset
 * (5 sets + a pair, or an enabled special hand)? Flower wins are not hands and are not seen here. */
bool jong_tai_is_winning_hand(const jong_ruleset *rs, const jong_hand *h);
/* Score a win. Picks the reading of the hand with the most tai. Errors (JONG_ERR_ARG) when the
 * hand is not a win or the context is inconsistent; *out is then untouched. */
int jong_tai_score(const jong_ruleset *rs, const jong_win_context *ctx, jong_tai_result *out,
                   jong_error *err);

#endif
