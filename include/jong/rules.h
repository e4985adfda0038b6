/* One ruleset value carries every option of a table. Each option has a name, a default and a
 * printable value, so a record header can list them all and a command line can set any of them
 * with name=value. The Taiwanese options follow ../shared/rules/taiwanese.md. */
#ifndef JONG_RULES_H
#define JONG_RULES_H

#include <stdbool.h>
#include <stddef.h>

#include "jong/error.h"
#include "jong/hand.h"

typedef enum { JONG_SEATWIND_DEALER_EAST = 0, JONG_SEATWIND_WALLBREAK_EAST = 1 } jong_seat_wind_rule;
typedef enum { JONG_KONG_TAI_NONE = 0, JONG_KONG_TAI_EXPOSED1_CONCEALED2 = 1 } jong_kong_tai_rule;
typedef enum { JONG_BIG_HANDS_ASSOCIATION = 0, JONG_BIG_HANDS_ERICYANG = 1 } jong_big_hands_rule;

/* special_hands is a bit set of these. */
enum {
    JONG_SPECIAL_SEVEN_PAIRS_PONG = 1,   /* seven pairs plus one pong, concealed */
    JONG_SPECIAL_SIXTEEN_UNRELATED = 2,  /* no two tiles related (see tai.c for the exact form) */
    JONG_SPECIAL_THIRTEEN_ORPHANS = 4,   /* the 13 terminals and honors + a pair + one set */
};

typedef struct {
    jong_variant variant;
    /* Taiwanese */
    bool flowers;             /* flowers = on: 144 tiles; off: 136 */
    int dead_wall;            /* tiles left in the wall when the hand is drawn: 16, 14 or 0 */
    bool dead_wall_per_kong;  /* "16+kong": one more tile kept back per kong */
    bool multiple_winners;    /* off: head-bump, the nearest claimant after the discarder wins alone */
    bool missed_win;          /* on: passing a win bars that kind until one's own next discard */
    jong_seat_wind_rule seat_wind;
    jong_kong_tai_rule kong_tai;
    jong_big_hands_rule big_hands;
    int tai_cap;              /* 0 = none */
    unsigned special_hands;   /* JONG_SPECIAL_* bits, 0 = none */
    int base, unit;           /* value of a win = base + tai x unit */
    /* Riichi (../shared/rules/riichi.md) */
    bool tonpuu;              /* length: hanchan (false) or tonpuu (East round only) */
    int red_fives;            /* 3 (one each of 5m 5p 5s), 0, or 4 (two red 5p) */
    bool kuitan;              /* open tanyao counts */
    bool double_ron;          /* on: double ron (triple ron: see triple_ron_wins); off: head-bump */
    bool abortive_draws;
    bool nagashi;             /* nagashi mangan */
    bool kiriage;             /* 4 han 30 fu and 3 han 60 fu round up to mangan */
    bool double_yakuman;      /* double yakuman for the four "pure" yakuman (see scoring) */
    bool tobi;                /* the game ends when a score goes below zero */
    bool agari_yame;          /* the all-last dealer may stop when first */
    bool tenpai_yame;         /* with agari_yame: the dealer's tenpai at an exhaustive draw stops it too */
    int extension_rounds;     /* rounds the game may go on past its length with nobody at return_score:
                                 1 (Tenhou: tonpuu into South, hanchan into West), 0 or 2 */
    bool pao;                 /* responsibility payment for big three dragons / big four winds (Tenhou) */
    bool triple_ron_wins;     /* triple_ron=win: three rons on one discard all win (Mahjong Soul);
                                 abort (the default, Tenhou): an abortive draw when abortive_draws is on */
    int uma[4];               /* rank bonuses in thousands: +20 +10 -10 -20 (three players: +20 0 -20, uma[3] 0) */
    bool three_player;        /* sanma: 108 tiles (no 2m-8m), three seats, no chi, kita (Tenhou's rules) */
    bool tsumo_split;         /* three_player=split: a tsumo's missing North share is split between the
                                 two payers (else the tsumo loss: it is not paid, as on Tenhou) */
    int return_score;         /* the reference score of the final result (30000) */
    /* Game length, both variants */
    int hands;                /* 0 = a full game (4 round winds x 4 dealers plus repeats); N = N hands */
    int start_score;          /* every seat's score at the start of a game (0 / 25000) */
} jong_ruleset;

/* The defaults of the rules file for a variant. */
void jong_ruleset_default(jong_ruleset *rs, jong_variant v);
/* Number of named options of the ruleset's variant, and the i-th one's name and current value
 * (written into buf). Returns the name, or NULL when i is out of range. */
int jong_ruleset_option_count(const jong_ruleset *rs);
const char *jong_ruleset_option(const jong_ruleset *rs, int i, char *buf, size_t n);
/* Do two rulesets play the same (variant and every named option)? When not, the first
 * difference in why ("rules taiwan, not riichi", "rule NAME=A, not B"). */
bool jong_ruleset_same(const jong_ruleset *a, const jong_ruleset *b, char *why, size_t n);
/* Set one option by name from text; an unknown name or a bad value is a JONG_ERR_ARG naming it. */
int jong_ruleset_set(jong_ruleset *rs, const char *name, const char *value, jong_error *err);
/* Apply "name=value,name=value"; stops at the first bad one (rs unchanged on error). */
int jong_ruleset_apply(jong_ruleset *rs, const char *list, jong_error *err);
/* Rule presets: a named set of the options above, applied to the variant's defaults (later
 * options override it). jong_ruleset_preset_count / _name / _options list them (name NULL past
 * the end; options as "name=value,..." for jong_ruleset_apply, "" for the defaults themselves);
 * jong_ruleset_preset sets rs to the defaults of its variant with the preset's options. An
 * unknown name, or a preset of the other variant, is a JONG_ERR_ARG naming it (and the presets
 * there are); rs is unchanged then. */
int jong_ruleset_preset_count(void);
const char *jong_ruleset_preset_name(int i);
const char *jong_ruleset_preset_options(int i);
int jong_ruleset_preset(jong_ruleset *rs, const char *name, jong_error *err);
/* The variant a preset is for (a jong_variant), -1 for an unknown name. */
int jong_ruleset_preset_variant(const char *name);
/* Tiles in the wall: 144 with flowers, 136 without, 108 for three players (sanma). */
int jong_ruleset_tiles(const jong_ruleset *rs);
/* Seats at the table: 3 with three_player (seats 0..2), else 4. */
int jong_ruleset_seats(const jong_ruleset *rs);
/* Three players: the kinds left out of the wall (2m-8m). */
static inline bool jong_sanma_missing(int kind) { return kind >= 1 && kind <= 7; }
/* Seat wind (0 E .. 3 N; three players: 0 E .. 2 W) of a seat, given the hand's dealer (the
 * game's first dealer is seat 0). */
int jong_ruleset_seat_wind(const jong_ruleset *rs, int seat, int dealer);

#endif
