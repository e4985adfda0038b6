/* Greedy rollouts (Taiwanese): the value of a hand after a decision, estimated by playing the rest
 * of the hand many times with greedy's policy against a simple table.
 *
 * One rollout takes a random order of the tiles this seat has not seen. The three other seats
 * (next, opposite, previous) each take the next tile and throw it at once; then this seat draws.
 * On a thrown tile this seat wins if it completes its hand, else claims as greedy does (pong from
 * anyone, chow from the previous seat, when the claim lowers the shanten) and discards. On its draw
 * it wins if the hand is complete, else discards as greedy (least shanten, then most effective
 * draws counted on the unseen tiles of the decision). The rollout ends at a win or when the wall
 * is used up. The table wins without us too: before each thrown tile the hand goes on with
 * probability 1 - q(t) (t = discards so far in the hand), q from greedy self-play; a win is worth
 * its survival probability, times `self_draw` for a self-drawn win (Taiwanese self-draws are paid
 * by all three), so the value is the expected win in units of a win on a discard. */
#ifndef JONG_ROLLOUT_H
#define JONG_ROLLOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "jong/rng.h"
#include "jong/tile.h"

typedef struct {
    double self_draw;   /* value of a self-drawn win against a win on a discard (1) */
    double hazard;      /* scale of q(t) (1 = as measured in greedy self-play) */
} jong_rollout_params;

/* q(t): the chance that another seat wins at a discard when t discards have been made. */
double jong_rollout_hazard(int discards);

/* One rollout of a hand of 3*sets+1 concealed tiles that has just discarded (counts), with the
 * wall order `tiles` (n tiles, from the unseen ones), `turn` discards made so far in the hand and
 * the unseen counts `weight` for greedy's effective draws. Returns the value of the rollout. */
double jong_rollout_once(const jong_rollout_params *p, const uint8_t counts[JONG_KINDS], int sets,
                         const uint8_t *tiles, int n, int turn, const uint8_t weight[JONG_KINDS]);

/* A random order of the first n of the unseen tiles (pool[k] copies of kind k, total >= n). */
void jong_rollout_deal(jong_rng *rng, const uint8_t pool[JONG_KINDS], uint8_t *tiles, int n);

/* Greedy's discard from a hand of 3*sets+2 tiles: least shanten, then most effective draws
 * weighted by w, then the lowest kind. */
int jong_rollout_greedy_discard(const uint8_t c[JONG_KINDS], int sets, const uint8_t w[JONG_KINDS]);

/* Greedy's best claim of thrown tile x by a hand of 3*sets+1 tiles at shanten `now` (a pong; a
 * chow too when `chow`): the shanten after it and its best discard, with the two tiles it takes
 * in take[0..1]; 99 when no claim lowers `now`. c is left as it was. */
int jong_rollout_best_claim(uint8_t c[JONG_KINDS], int sets, int x, bool chow, int now, int take[2]);

#endif
