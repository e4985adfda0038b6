/* How fast a hand is after its discard, for the players built on greedy (guard, race). */
#ifndef JONG_PLAYERS_HAND_SPEED_H
#define JONG_PLAYERS_HAND_SPEED_H

#include <stdint.h>

#include "jong/tile.h"

/* The speed of the concealed counts `after` (3n+1 tiles, `sets` sets still to make) against the
 * unseen copies: look = 1, the unseen effective draws (those that lower the distance, greedy's
 * measure); look = 2, two draws deep: over those draws j, unseen[j] x the most effective draws of
 * the hand after j and its best discard (a draw that completes the hand counts 200). A hand one
 * draw from a win counts its effective draws at either look. Writes the distance (shanten + 1)
 * when asked. */
double jong_hand_speed(const uint8_t after[JONG_KINDS], int sets, const int unseen[JONG_KINDS], int look,
                       int *distance);

/* The same with each first draw j counted weight[j] times (e.g. more for a tile that can also be
 * taken from the others' discards); the distance must be known (from jong_hand_speed). */
double jong_hand_speed_weighted(const uint8_t after[JONG_KINDS], int sets, const int unseen[JONG_KINDS], int look,
                                const double weight[JONG_KINDS]);

#endif
