/* The parameters of the `kurita` player that come from game records (docs/experiments/kurita.md,
 * "Parameters"): the chance that another player wins during each of p's turns, P_O(n), by p's
 * discard number and the riichi declared by the others; how much rarer that is once p itself has
 * declared riichi (the others fold); and R_O, p's mean score change when another player wins
 * without p dealing in. The deal-in and tenpai probabilities come from the opponent models of
 * jong/oppmodel.h. Made by `jong train kurita`, shipped as models/kurita.jlm (a linmodel file of
 * kind "kurita") and embedded. */
#ifndef JONG_KURITA_MODEL_H
#define JONG_KURITA_MODEL_H

#include <stdint.h>

#include "jong/error.h"
#include "models/linmodel.h"
#include "jong/mjai.h"
#include "models/oppmodel.h"
#include "kurita_paper.h"
#include "kurita_rank.h"

#define JONG_KU_TURNS 25          /* p's discard numbers 0..24 (later ones use 24) */
#define JONG_KU_RIICHI_CLASSES 3  /* the others' riichi: none, one, two or more */
#define JONG_KU_MODEL_VERSION 4 /* 3: the paper's tenpai and deal-in models (jong/kurita_paper.h); 4: the
                                   final-rank regression and the others' wins (jong/kurita_rank.h) */
/* Eq. 17's scenarios and features (jong/kurita_setup.h) */
enum { JONG_KU_WIN = 0, JONG_KU_LOSE, JONG_KU_OTHER_WIN, JONG_KU_TENPAI_WASHOUT, JONG_KU_NOTEN_WASHOUT, JONG_KU_SCENARIOS };
#define JONG_KU_EQ17_FEATURES 7
#define JONG_KU_MODEL_EQ17_END (JONG_KU_RIICHI_CLASSES * JONG_KU_TURNS + 3 + JONG_KU_SCENARIOS * JONG_KU_EQ17_FEATURES)
#define JONG_KU_MODEL_PAPER_END (JONG_KU_MODEL_EQ17_END + JONG_KU_CALL_CLASSES * 2 + JONG_KU_CATEGORIES)
#define JONG_KU_MODEL_DIM (JONG_KU_MODEL_PAPER_END + JONG_KU_RANKS * JONG_KU_RANK_FEATURES + 3)

typedef struct {
    /* [p in riichi][others' riichi class][p's discard number]: p's discards that did not deal in,
     * and those after which another player won before p's next discard */
    double exposure[2][JONG_KU_RIICHI_CLASSES][JONG_KU_TURNS];
    double other_win[2][JONG_KU_RIICHI_CLASSES][JONG_KU_TURNS];
    double r_other_sum;   /* p's score changes in hands another won without p dealing in */
    long r_other_n;
    double r_lose_sum;    /* the discarder's score changes when it dealt in */
    long r_lose_n;
    /* every win: its points before honba and sticks, by the winner being the dealer; tsumo or not */
    double win_points[2];
    long wins[2], tsumo_wins;
    long games, hands;
} jong_ku_stats;

typedef struct {
    double hazard[JONG_KU_RIICHI_CLASSES][JONG_KU_TURNS]; /* P_O by others' riichi and turn */
    double riichi_scale;  /* P_O after p's riichi / P_O before, at the same turns */
    double r_other;       /* R_O */
    double r_lose;        /* the mean score change of dealing in (Eq. 17's lose payoff) */
    /* Eq. 17: softmax weights of the scenario probabilities over the features (all 0 when the
     * file was made without them: then the player cannot use eq17=on) */
    double eq17[JONG_KU_SCENARIOS][JONG_KU_EQ17_FEATURES];
    bool has_eq17;
    jong_ku_paper_model paper; /* the paper's tenpai / deal-in models (option params=paper) */
    /* the final-rank regression (softmax weights, class 3 zero; all 0 when not trained) and the
     * others' wins as the rank payoffs see them: the share won by tsumo, the mean points of a win
     * by a non-dealer [0] and by the dealer [1] (jong/kurita_payoff.h) */
    double rank_w[JONG_KU_RANKS][JONG_KU_RANK_FEATURES];
    bool has_rank;
    double tsumo_share, win_points[2];
} jong_ku_model;

/* Adds the hands of one four-player game. */
int jong_ku_stats_add_log(jong_ku_stats *st, const jong_mjai_log *log, jong_error *err);
/* Smoothed rates (each cell pulled toward its class's overall rate by 20 pseudo-counts). */
void jong_ku_model_from_stats(const jong_ku_stats *st, jong_ku_model *m);
/* Eq. 17's training rows: features of a seat's hand after its discard at shanten 2-3 and the
 * scenario the hand ended in for that seat; each row tagged with its game. */
typedef struct {
    double (*x)[JONG_KU_EQ17_FEATURES];
    uint8_t *y;
    uint32_t *game;
    size_t n, cap;
} jong_ku_eq17_data;

/* Adds the rows of one game: every `every`-th discard decision (of any seat, counted over the
 * game) whose hand is closed, not in riichi, at shanten 2 or 3 after the best discard; hands that
 * ended in an abortive draw are left out. */
int jong_ku_eq17_add_log(jong_ku_eq17_data *d, const jong_oppmodel *om, const jong_ku_model *km, const jong_mjai_log *log,
                         uint32_t game, int every, jong_error *err);
void jong_ku_eq17_data_free(jong_ku_eq17_data *d);
/* Softmax regression by full-batch gradient descent (L2 0.001, step 0.5, `iters` steps) on rows. */
void jong_ku_eq17_fit(const jong_ku_eq17_data *d, const size_t *rows, size_t n, int iters,
                      double w[JONG_KU_SCENARIOS][JONG_KU_EQ17_FEATURES]);
/* Scenario probabilities of feature vector f. */
void jong_ku_eq17_probs(const double w[JONG_KU_SCENARIOS][JONG_KU_EQ17_FEATURES], const double *f,
                        double p[JONG_KU_SCENARIOS]);
/* Mean log-loss of w on rows. */
double jong_ku_eq17_logloss(const jong_ku_eq17_data *d, const size_t *rows, size_t n,
                            const double w[JONG_KU_SCENARIOS][JONG_KU_EQ17_FEATURES]);

/* To and from the linmodel file of kind "kurita". */
int jong_ku_model_to_linmodel(const jong_ku_model *m, const char *info, jong_linmodel *out, jong_error *err);
int jong_ku_model_from_linmodel(const jong_linmodel *lm, jong_ku_model *m, jong_error *err);
/* The shipped model (models/kurita.jlm, embedded at build time). */
int jong_ku_model_shipped(jong_ku_model *m, jong_error *err);

#endif
