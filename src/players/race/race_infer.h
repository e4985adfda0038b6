/* race's inference of where the unseen tiles are (race:infer=on, issue 23): of the copies of a
 * kind that a seat has not seen, what share is still in the wall to be drawn rather than in
 * the others' hands. race's own model spreads them uniformly, so every kind's copies count as
 * drawable alike; the oracle (race_oracle.h) measured that knowing the wall's true contents is
 * worth about 3 points a game to race. The inference reads only what a seat sees: the kind's
 * class (honor, terminal, 2/8, 3-7), its unseen copies, the copies others showed (discards and
 * melds) and the tiles left to draw; the share per such cell is counted over self-play with
 * the oracle's truth (race_infer_fit, tools/gen_race_infer.c) and shipped as a table
 * (race_infer_table.c). */
#ifndef JONG_PLAYERS_RACE_INFER_H
#define JONG_PLAYERS_RACE_INFER_H

#include <stdint.h>

#include "jong/game.h"
#include "jong/player.h"

enum { RACE_INFER_STAGES = 8, RACE_INFER_SHOWN = 3, RACE_INFER_CLASSES = 4, RACE_INFER_UNSEEN = 4 };
#define RACE_INFER_CELLS (RACE_INFER_STAGES * RACE_INFER_SHOWN * RACE_INFER_CLASSES * RACE_INFER_UNSEEN)

/* The shipped table: the share of a cell's unseen copies that are still to be drawn. */
extern const float race_infer_table[RACE_INFER_CELLS];

/* The cell of kind k for the seat of view v holding unseen[k] > 0 unseen copies. */
int race_infer_cell(const jong_view *v, const int unseen[JONG_KINDS], int k);

/* Each kind's share still to draw by the table (0 where nothing is unseen). */
void race_infer_shares(const jong_view *v, const int unseen[JONG_KINDS], double share[JONG_KINDS]);

/* Counting: per cell, the unseen copies and those among them still to draw, summed over every
 * discard decision of `games` one-hand self-play games (game numbers first.. of `seed`, default
 * Taiwanese rules) of the four players (made by the caller: the registry lists race, which
 * uses this file). */
typedef struct {
    double unseen[RACE_INFER_CELLS], drawable[RACE_INFER_CELLS];
} race_infer_counts;
int race_infer_fit(jong_player *const players[JONG_SEATS], uint64_t seed, int first, int games,
                   race_infer_counts *out, jong_error *err);

/* The table from the counts: each cell's share, pulled toward its stage's share by `prior`
 * copies (so that rare cells do not swing on a few samples). */
void race_infer_table_of(const race_infer_counts *c, double prior, float table[RACE_INFER_CELLS]);

#endif
