/* What the end of a hand and of a game show a person (terminal and web): the winner's hand with
 * the winning tile set apart, the ready hands at an exhaustive draw with their waits, the names
 * of the scoring items, and the final standings (riichi: the result with uma and oka, as the
 * engine ranks a game). Once a hand is over every hand may be shown, so these read every seat's
 * view from the session. */
#ifndef JONG_HAND_END_H
#define JONG_HAND_END_H

#include <stdbool.h>
#include <stddef.h>

#include "jong/jong.h"

#define END_HAND_TILES 20

typedef struct {
    int seat;
    int ntiles;
    int tiles[END_HAND_TILES]; /* concealed tile codes, sorted (red fives as their red code) */
    int win;                   /* the winning tile apart; JONG_NO_TILE for a ready hand at a draw */
    uint64_t waits;            /* a ready hand's waits (bit k: kind k) */
} end_hand;

/* The winner's hand of a WIN event (of the hand that just ended). */
void end_hand_winner(const jong_session *s, const jong_event *win, end_hand *out);
/* The ready hands at an EXHAUSTED event: riichi, the seats the engine counts in tenpai (none at
 * an abortive draw, which shows no hand); Taiwanese, the hands one tile from a win. Returns how
 * many. */
int end_hands_ready(const jong_session *s, const jong_event *ev, end_hand out[JONG_SEATS]);

/* A scoring item's stable name for people: "menzen_tsumo" -> "menzen tsumo". */
void end_item_name(const char *stable, char *buf, size_t n);

typedef struct {
    int seat, rank;  /* rank 0 = first; ties go to the seat nearer seat 0, as the engine ranks */
    int32_t score;
    bool riichi;     /* the next two are riichi's final result */
    int uma;         /* the rank's bonus, in thousands */
    int points;      /* (score - return) / 1000 + uma, the first taking what the others give up (oka) */
} end_standing;

/* The four seats best first. */
void end_standings(const jong_ruleset *rs, const int32_t scores[JONG_SEATS], end_standing out[JONG_SEATS]);

#endif
