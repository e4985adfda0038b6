/* `jong score` as a function, for the Python package's jong.score: the command's inputs as
 * values, and the object `jong score --json` prints. Each family's file (cmd_score_riichi.c,
 * cmd_score.c for Taiwanese) turns these inputs into the library's win context, scores it and
 * builds that object, for the command and for this function alike. */
#ifndef JONG_SCORE_JSON_H
#define JONG_SCORE_JSON_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "jong/jong.h"

typedef struct {
    const char *hand;    /* with the win tile or without it; Taiwanese flowers may be in it */
    const char *win;     /* the winning tile (Taiwanese: a flower for a flower win) */
    bool self_draw;      /* riichi --tsumo, Taiwanese --self-draw */
    int discarder;       /* riichi: its seat wind; Taiwanese: its seat; -1 when not given */
    int seat;            /* riichi: the winner's seat wind (E is the dealer); Taiwanese: the winner's seat */
    int round;           /* the round wind */
    unsigned flags;      /* riichi JONG_RIICHI_WIN_*, Taiwanese JONG_WIN_* (score_flag names them) */
    const char *melds, *dora, *ura; /* riichi; NULL when not given */
    int honba, sticks;   /* riichi */
    const char *flowers; /* Taiwanese flowers held, beside the hand's; NULL when not given */
    int dealer, streak;  /* Taiwanese */
    bool api;            /* report bad input in a function's words, not the command's (cli_input_why) */
} score_input;

/* The command's defaults: seat, round and dealer East (0), no discarder, nothing else given. */
void score_input_init(score_input *in);

/* The flag a family's flag option stands for, by the option's name without its dashes
 * ("double-riichi", "robbing-kong"); 0 when the family has no flag of that name. */
unsigned score_flag(jong_variant v, const char *name);

/* Inputs that exclude each other (a self-draw with a discarder; riichi: the winner as the
 * discarder): writes the reason into why and returns -1; 0 when they agree. */
int score_conflict(jong_variant v, const score_input *in, char *why, size_t n);

/* The object `jong score --json` prints for these inputs under rs (whose variant chooses the
 * family); NULL with the reason, one line, in why (inputs that conflict included). */
json_t *score_json(const jong_ruleset *rs, const score_input *in, char *why, size_t n);

/* The riichi half of the three functions above (cmd_score_riichi.c), and its options' table. */
const struct cli_option *score_riichi_options(void);
int score_riichi_conflict(const score_input *in, char *why, size_t n);
json_t *score_riichi_json(const jong_ruleset *rs, const score_input *in, char *why, size_t n);

#endif
