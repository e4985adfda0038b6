/* Mizukami and Tsuruoka's Monte Carlo moves (Section VII): for each candidate discard,
 *   Score(Tile) = Sim(Tile) x prod_p (1 - LP(p, Tile)) - sum_p EL(p, Tile)          (Eq. 10)
 * where LP and EL come from the opponent models (Eqs. 8, 9) and Sim(Tile) is the mean point change
 * of the player over simulations of the rest of the hand after the discard passes:
 *   - the player draws and discards by the one-player policy, and folds (virtually: draws, does not
 *     discard) when ODEV (Algorithm 1, as read in docs/experiments/mizukami.md) says so;
 *   - each opponent only has two parameters: waiting (at first drawn from P(waiting), later from
 *     WPET of its turn, Eq. 11) and folding (drawn at each of its draws from FP of Eq. 12 while
 *     someone has declared riichi); a waiting opponent wins on a drawn or discarded tile of its
 *     winning set (drawn from P(winning tile) once per simulation); it discards what it draws;
 *     a waiting opponent declares riichi unless it waits by calls (the stealing share, 35%);
 *   - every candidate sees the same random numbers (wall order, parameters, draws).
 * The switch of Eq. 13: the one-player move when sum_p EL(p, T1) / fold value <= alpha for the
 * one-player move T1, where the fold value is the player's predicted hand score (see the doc). */
#ifndef JONG_MIZUKAMI_H
#define JONG_MIZUKAMI_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "models/linmodel.h"
#include "models/oneplayer.h"
#include "models/oppmodel.h"

typedef struct {
    const jong_oppmodel *opp;
    const jong_linmodel *policy; /* kind "policy": weights, FP and WPET (jong/oneplayer.h) */
    double steal_share;          /* waiting by calls instead of riichi (paper: 0.35) */
    double alpha;                /* Eq. 13 threshold (paper: 0.2) */
    int sims;                    /* simulations per candidate */
    bool odev;                   /* the player's own virtual folds in the simulations */
    uint64_t seed;
} jong_mz_config;

typedef struct {
    uint8_t kind;
    double sim;      /* Sim(Tile): mean points over the simulations */
    double safe;     /* prod_p (1 - LP(p, Tile)) */
    double el;       /* sum_p EL(p, Tile) */
    double score;    /* Eq. 10 */
    double policy;   /* the one-player policy's score */
} jong_mz_candidate;

typedef struct {
    jong_mz_candidate c[JONG_KINDS];
    int n;
    int best;        /* index in c of the Monte Carlo move (highest Score) */
    int one_player;  /* index in c of the one-player move */
    bool use_mc;     /* Eq. 13 chose the Monte Carlo move */
    double ratio;    /* sum_p EL(p, T1) / fold value */
    long sims_done;  /* simulations run over all candidates */
} jong_mz_result;

/* The models shipped inside Jong (the files in models/, embedded at build time): the three opponent models
 * and the one-player policy, decoded with their version checks. */
int jong_mizukami_models_load(jong_oppmodel *om, jong_linmodel *policy, jong_error *err);
/* The shipped call model (jong/callmodel.h, models/calls.jlm), with its version check. */
int jong_mizukami_calls_load(jong_linmodel *calls, jong_error *err);

/* Evaluate the discards of seat (its true hand in o, 3n+2 concealed tiles) in observation o.
 * allowed: bit k = kind k may be discarded (kuikae); 0 = any held. stop (may be NULL) is polled
 * between simulations; a stopped evaluation uses the simulations done. */
int jong_mz_evaluate(const jong_mz_config *cfg, const jong_opp_obs *o, int seat, uint64_t allowed,
                     const atomic_bool *stop, jong_mz_result *out, jong_error *err);

#endif
