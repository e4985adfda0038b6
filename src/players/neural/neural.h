/* The neural player's network and its choice from the network's logits, for the player and
 * `jong bench neural`. */
#ifndef JONG_PLAYERS_NEURAL_H
#define JONG_PLAYERS_NEURAL_H

#include <stdint.h>

#include "jong/error.h"
#include "jong/game.h"
#include "models/neuralnet.h"

/* The network at path, or the shipped one (models/neural.jnn, built in) when path is NULL. */
int jong_neural_net(const char *path, jong_nn *net, jong_error *err);

/* The index of the legal action to play given logits[JONG_ACTION_IDS] (models/planes.h ids):
 * temp 0, the legal action of the highest logit; temp > 0, one drawn from softmax(logit / temp)
 * over the legal actions with the seed. Legal actions that share an id count once, as the first
 * of them. */
int jong_neural_pick(const float *logits, const jong_action *legal, int nlegal, double temp, uint64_t seed);

#endif
