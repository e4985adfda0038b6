/* Greedy's decision, for players that build on it (guard, rollout) without going through the
 * registry (which lists them, so using it would make a circle of files). */
#ifndef JONG_PLAYERS_GREEDY_H
#define JONG_PLAYERS_GREEDY_H

#include <stdbool.h>
#include <stdint.h>

#include "jong/player.h"

/* The concealed counts after a chow, pong or kong claim a (the claimed tile used, the meld's
 * other tiles taken from the hand); for any other action, the counts as they are. */
void jong_counts_after_claim(const uint8_t counts[JONG_KINDS], const jong_action *a, uint8_t out[JONG_KINDS]);

/* The index of the action the `greedy` player (claim=on when claim) chooses at d. */
int jong_greedy_decide(bool claim, const jong_decision *d);

#endif
