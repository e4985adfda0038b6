/* The neural player's search=mc (neural_search.c): the network's likely discards valued by
 * Mizukami and Tsuruoka's Monte Carlo moves with the opponent models. */
#ifndef JONG_PLAYERS_NEURAL_SEARCH_H
#define JONG_PLAYERS_NEURAL_SEARCH_H

#include <stdbool.h>

#include "jong/player.h"
#include "players/mizukami/mizukami.h"

typedef struct {
    double mass;          /* candidates until the network's probabilities add up to this */
    int top;              /* at most this many candidates */
    jong_mz_config cfg;   /* the simulations (sims, steal share, ODEV) */
    jong_oppmodel om;
    jong_linmodel policy; /* the one-player policy the simulations play the seat's own draws by */
    bool loaded;
    jong_opp_obs obs;     /* the opponent models' tracker, following the hand's events */
    bool obs_ok;
} jong_neural_search;

/* Load the shipped opponent models and one-player policy (mass, top and cfg's numbers are the
 * caller's). */
int jong_neural_search_init(jong_neural_search *s, jong_error *err);
void jong_neural_search_free(jong_neural_search *s);
void jong_neural_search_observe(jong_neural_search *s, const jong_event *ev);
/* The index of the legal action to play, given the network's logits and its own pick. */
int jong_neural_search_choose(jong_neural_search *s, const jong_decision *d, const float *logits, int pick);

#endif
