/* The diagnostic oracle of `race` (race:oracle=SEED, issue 23): a player that reads the wall.
 * The arena deals each hand's wall as a pure function of (run seed, game, hand)
 * (jong_game_wall), so a player told the run's seed can rebuild it and, from what its view
 * shows of the draws so far, say where every tile it has not seen is: still in the wall or in
 * another seat's hand. That is not a way to play; it bounds how much race could gain from a
 * better model of the hidden tiles (its own model spreads them uniformly). */
#ifndef JONG_PLAYERS_RACE_ORACLE_H
#define JONG_PLAYERS_RACE_ORACLE_H

#include <stdbool.h>
#include <stdint.h>

#include "jong/error.h"
#include "jong/game.h"
#include "jong/rules.h"

typedef struct {
    int drawable[JONG_KINDS]; /* copies in the tiles still to be drawn from the front of the wall */
    int wall[JONG_KINDS];     /* copies anywhere in the wall (the dead tiles at its back too) */
    int held[JONG_KINDS];     /* copies in the other three seats' concealed hands */
} race_hidden;

/* Fills `out` for the view `v` of a hand dealt by jong_game_wall(rs, seed, v->game, v->hand).
 * Returns false when the view does not fit that wall (another seed, or a game not dealt so);
 * `out` is then unspecified. The wall's front is found from its two ends: every flower laid
 * out and every kong drew one replacement from the back, and the view says how many tiles are
 * left to draw. */
bool race_oracle_split(const jong_ruleset *rs, uint64_t seed, const jong_view *v, race_hidden *out);

/* The option's value: "off", or the run's seed as a decimal number. A bad value is a
 * JONG_ERR_ARG naming the player. */
int race_oracle_option(const char *player, const char *val, bool *on, uint64_t *seed, jong_error *err);

#endif
