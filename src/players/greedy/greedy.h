/* Greedy's decision, for players that build on it (guard, rollout) without going through the
 * registry (which lists them, so using it would make a circle of files). */
#ifndef JONG_PLAYERS_GREEDY_H
#define JONG_PLAYERS_GREEDY_H

#include <stdbool.h>

#include "jong/player.h"

/* The index of the action the `greedy` player (claim=on when claim) chooses at d. */
int jong_greedy_decide(bool claim, const jong_decision *d);

#endif
