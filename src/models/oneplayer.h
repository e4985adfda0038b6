/* One-player moves (Mizukami and Tsuruoka, Section III): the discard that most likely leads to a
 * quick win, learned from expert records, blind to the opponents. A linear score over features of
 * the hand after each candidate discard (shanten, effective tiles and how they compare with the
 * best candidate, the tile's kind, neighbours, copies held and seen, dora, turn, melds), trained
 * on pairs (the expert's discard against each other candidate) as logistic regression on the
 * feature difference, with FOBOS and AdaGrad (jong/learn.h). */
#ifndef JONG_ONEPLAYER_H
#define JONG_ONEPLAYER_H

#include <stdint.h>

#include "jong/hand.h"
#include "linmodel.h"

#define JONG_OP_FEATURES_VERSION 1
#define JONG_OP_MAX_ACTIVE 32

/* What the discarder knows besides its hand. */
typedef struct {
    uint8_t seen[JONG_KINDS]; /* copies visible outside the hand: discards, melds, indicators */
    uint8_t dora[JONG_KINDS]; /* dora multiplicity of each kind */
    int turn;                 /* the hand's go-around (0..) */
    int round_wind, seat_wind; /* 0 East .. 3 North */
} jong_op_context;

uint32_t jong_op_feature_dim(void);

/* The candidates of a hand with 3n+2 concealed tiles: each kind held, with the features of
 * discarding it (feats[c][0..nfeat[c]) sorted, binary). Returns the number of candidates. */
int jong_op_candidates(const jong_hand *h, const jong_op_context *cx, uint8_t kinds[JONG_KINDS],
                       uint32_t feats[JONG_KINDS][JONG_OP_MAX_ACTIVE], int nfeat[JONG_KINDS]);

/* Weights under which the ranking is the greedy one: least shanten, then most effective tiles
 * (dim jong_op_feature_dim()); a baseline and the tests' reference. */
void jong_op_greedy_weights(double *w);

/* The policy file (kind "policy") holds 2 vectors: 0 the weights, 1 the tables measured with
 * them: Eq. 12's folding probability FP by situation at JONG_OP_FP_AT (situation = 4 x [the
 * player is waiting] + opponents that have called or declared riichi, 0..3) and Eq. 11's WPET by
 * turn at JONG_OP_WPET_AT. */
#define JONG_OP_SITUATIONS 8
#define JONG_OP_TURNS 18
#define JONG_OP_FP_AT 0
#define JONG_OP_WPET_AT JONG_OP_SITUATIONS

/* Eq. 11 by one-player self-play: games seeded walls; in each, one player discards by the policy
 * (the others only draw and discard what they draw) until it is waiting after a discard; bw[i]
 * counts the games that became waiting at turn i, reach[i] those that reached turn i, and
 * wpet[i] = bw[i] / reach[i] (0 when never reached). */
void jong_op_wpet(const jong_linmodel *m, int games, uint64_t seed, double wpet[JONG_OP_TURNS],
                  long bw[JONG_OP_TURNS], long reach[JONG_OP_TURNS]);

/* Scores of every candidate under model m (kind "policy"); returns the number of candidates and
 * writes them best first into order (kinds) with their scores. */
int jong_op_rank(const jong_linmodel *m, const jong_hand *h, const jong_op_context *cx,
                 uint8_t order[JONG_KINDS], double score[JONG_KINDS]);

#endif
