/* What the arena's statistics share between their files (not part of the public API). */
#ifndef JONG_ARENA_INTERNAL_H
#define JONG_ARENA_INTERNAL_H

#include "jong/arena.h"

/* One game's totals for a group of players (mask: bit set of player indices) over every
 * seating: per metric the numerator and the denominator of its ratio (wins and hands, ...). */
typedef struct {
    double num[JONG_M_COUNT], den[JONG_M_COUNT];
} game_values;

/* sp: the seatings' player of each seat (jong_arena_seatings). */
void jong_arena_game_values(const jong_arena_results *r, const int sp[][4], int g, unsigned mask, game_values *v);
/* Shares lie in [0, 1] and ranks in [1, 4]: cuts metric m's t interval to what it can be. */
void jong_arena_clamp_ci(jong_ci *c, int m);

#endif
