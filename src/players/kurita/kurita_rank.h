/* The expected final rank of a riichi game from the situation at the start of a hand (Kurita and
 * Hoki's Eq. 1-2, docs/experiments/kurita.md "Rank payoffs"): a four-class softmax regression
 * P(final rank = r | situation) fitted on game records, and the exact rank when the rules end the
 * game after the hand (last hand, tobi, the extension round: the engine's own end rules). One
 * model serves East-only and East-South games: score differences are scaled by the square root of
 * the hands nominally left. The `kurita` player turns the terminals of its MDPs into the expected
 * payoff of the final rank (option payoff=rank|result, jong/kurita_payoff.h). */
#ifndef JONG_KURITA_RANK_H
#define JONG_KURITA_RANK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "jong/error.h"
#include "jong/mjai.h"
#include "jong/rules.h"

#define JONG_KU_RANKS 4
#define JONG_KU_RANK_FEATURES 19

/* A game situation at the start of a hand. Seats are absolute: seat 0 is the game's first
 * dealer, so kyoku % 4 is the dealer and ties in the final ranking go to the lower seat. */
typedef struct {
    int32_t scores[4];
    int kyoku;           /* round wind x 4 + dealer: East 1 = 0, South 4 = 7, West 1 = 8 */
    int honba, sticks;   /* counters and riichi sticks on the table */
    bool tonpuu;         /* East-only game (else East-South) */
} jong_ku_situation;

/* Hands nominally left counting this one: East 1 of an East-only game 4, South 4 1; every hand
 * of the extension round 1. */
int jong_ku_hands_left(int kyoku, bool tonpuu);
/* The features of seat's final rank (layout in kurita_rank.c). */
void jong_ku_rank_features(const jong_ku_situation *s, int seat, double f[JONG_KU_RANK_FEATURES]);
/* P(final rank = r), r = 0 (first) .. 3, by the softmax weights w (class 3 is all zeros). */
void jong_ku_rank_probs(const double w[JONG_KU_RANKS][JONG_KU_RANK_FEATURES], const jong_ku_situation *s, int seat,
                        double p[JONG_KU_RANKS]);
/* Current rank of seat by the scores alone (ties to the lower seat): the baseline's class. */
int jong_ku_rank_now(const int32_t scores[4], int seat);

/* Training rows: each hand's start in the records, once per seat, labelled with that seat's
 * final rank (final scores, ties to the lower seat), tagged with the game's number. */
typedef struct {
    jong_ku_situation *sit;
    uint8_t *seat, *rank;
    uint32_t *game;
    size_t n, cap;
} jong_ku_rank_data;

/* Adds the rows of one finished four-player game; JONG_ERR_ARG for a game without its end or
 * with a hand start that has no scores (the rows of that game are not added). */
int jong_ku_rank_add_log(jong_ku_rank_data *d, const jong_mjai_log *log, uint32_t game, jong_error *err);
void jong_ku_rank_data_free(jong_ku_rank_data *d);
/* Maximum likelihood with an L2 penalty lambda (not on the bias) by Newton's method, class 3
 * fixed at zero; rows are indices into d. Returns the iterations made. */
int jong_ku_rank_fit(const jong_ku_rank_data *d, const size_t *rows, size_t n, double lambda,
                     double w[JONG_KU_RANKS][JONG_KU_RANK_FEATURES]);
/* Mean log-loss of w on rows. */
double jong_ku_rank_logloss(const jong_ku_rank_data *d, const size_t *rows, size_t n,
                            const double w[JONG_KU_RANKS][JONG_KU_RANK_FEATURES]);
/* The baseline: P(final rank | current rank) counted on train rows (add-one), its log-loss on
 * test rows. */
double jong_ku_rank_baseline_logloss(const jong_ku_rank_data *d, const size_t *train, size_t ntrain,
                                     const size_t *test, size_t ntest);

/* ---- the end of the hand being played ---- */

/* Payoffs: points of the hand (the MDPs as first built), the payoff of the final rank only (uma
 * plus the oka to the first, the paper's Eq. 1), or the game result (score - return score in
 * thousands plus uma and oka, as `jong arena` counts a game). */
typedef enum { JONG_KU_PAYOFF_POINTS = 0, JONG_KU_PAYOFF_RANK, JONG_KU_PAYOFF_RESULT } jong_ku_payoff_mode;

/* How the hand being played ends: score changes by absolute seat (the winner's include the
 * sticks it takes), whether the dealer keeps the deal, whether it was a washout, and the riichi
 * sticks left on the table for the next hand. */
typedef struct {
    int32_t deltas[4];
    bool dealer_keeps, drawn;
    int sticks_left;
} jong_ku_hand_end;

/* Expected payoff for seat of a hand (situation `now` at its start, or at the decision: scores
 * as they stand) ending as e: when the rules end the game (jong_ku_game_over) the exact final
 * rank and result, else the regression at the next hand's start. mode is RANK or RESULT. */
double jong_ku_end_payoff(const jong_ruleset *rs, const double w[JONG_KU_RANKS][JONG_KU_RANK_FEATURES],
                          const jong_ku_situation *now, int seat, const jong_ku_hand_end *e, int mode);
/* Whether the game ends after the hand; when it does, rank[] and result[] (the engine's final
 * ranking and result, the sticks left given to the first), else *next is the next hand. */
bool jong_ku_game_over(const jong_ruleset *rs, const jong_ku_situation *now, const jong_ku_hand_end *e, int rank[4],
                       int result[4], jong_ku_situation *next);
/* The payoff of each final rank: uma plus the oka (4 x (return - start score) / 1000) to the first. */
void jong_ku_rank_values(const jong_ruleset *rs, double v[JONG_KU_RANKS]);

#endif
