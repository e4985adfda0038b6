/* Rollouts of the whole table (Taiwanese): the three hidden hands dealt from the tiles a seat has
 * not seen, the wall after them, and the rest of the hand played by four greedy players (greedy's
 * discards, its claims: a win on any discard it can take, then a pong by anyone, then a chow by
 * the next seat, each only when it lowers the shanten). Unlike rollout.h's model, the others here
 * hold hands: they claim, they win on our discards and we on theirs. Kongs and flowers are left
 * out (a replacement draw changes little). The value is the rollout's score change for one seat.
 * With `fast`, a drawn tile that does not lower the shanten is thrown without weighing the other
 * discards (greedy would sometimes keep it for more effective draws): about half the work. */
#ifndef JONG_TABLE_ROLLOUT_H
#define JONG_TABLE_ROLLOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "jong/game.h"
#include "jong/rng.h"
#include "jong/tile.h"

typedef struct {
    uint8_t c[JONG_SEATS][JONG_KINDS]; /* concealed counts */
    int8_t sets[JONG_SEATS];           /* sets each seat still needs */
    uint64_t waits[JONG_SEATS];        /* winning kinds of a ready hand (3*sets+1 tiles), else 0 */
    int8_t sh[JONG_SEATS];             /* shanten of the hand of 3*sets+1 tiles */
    uint64_t lower[JONG_SEATS];        /* the kinds whose draw lowers that shanten */
    bool fast;                         /* a draw that does not lower the shanten is thrown at once */
    const uint8_t *wall;
    int n, pos;                        /* wall tiles, the next to draw */
    const uint8_t *weight;             /* greedy's weights of effective draws (unseen copies) */
} jong_table_sim;

typedef struct {
    double win;        /* a win on a discard, paid by the discarder */
    double self_draw;  /* each of the three payments of a self-drawn win */
} jong_table_payoff;

/* Deal the hidden tiles: a random order of pool (the unseen copies), concealed[s] of them to each
 * seat s != me (in t->c[s]), which then draws draws[s] more and throws one after each as greedy
 * would (t->sets and t->weight must be set), so that its hand is as far along as play makes it,
 * not a random one; the thrown tiles go back among the rest, and up to wall_left of the rest,
 * in a random order, into wall (t->wall, t->n). */
void jong_table_deal(jong_rng *rng, const uint8_t pool[JONG_KINDS], const int concealed[JONG_SEATS],
                     const int draws[JONG_SEATS], int me, int wall_left, jong_table_sim *t, uint8_t *wall);

/* Recompute seat s's shanten and waits after its counts changed (3*sets+1 tiles). */
void jong_table_sim_seat(jong_table_sim *t, int s);

/* Play on from tile x just thrown by seat cur (seats in the bitset skip do not answer it) to the
 * end of the hand; returns me's score change under p. Every seat's state must be current. */
double jong_table_sim_run(jong_table_sim *t, const jong_table_payoff *p, int me, int cur, int x, unsigned skip);

#endif
