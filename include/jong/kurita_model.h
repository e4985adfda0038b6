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
#include "jong/linmodel.h"
#include "jong/mjai.h"

#define JONG_KU_TURNS 25          /* p's discard numbers 0..24 (later ones use 24) */
#define JONG_KU_RIICHI_CLASSES 3  /* the others' riichi: none, one, two or more */
#define JONG_KU_MODEL_VERSION 1
#define JONG_KU_MODEL_DIM (JONG_KU_RIICHI_CLASSES * JONG_KU_TURNS + 2)

typedef struct {
    /* [p in riichi][others' riichi class][p's discard number]: p's discards that did not deal in,
     * and those after which another player won before p's next discard */
    double exposure[2][JONG_KU_RIICHI_CLASSES][JONG_KU_TURNS];
    double other_win[2][JONG_KU_RIICHI_CLASSES][JONG_KU_TURNS];
    double r_other_sum;   /* p's score changes in hands another won without p dealing in */
    long r_other_n;
    long games, hands;
} jong_ku_stats;

typedef struct {
    double hazard[JONG_KU_RIICHI_CLASSES][JONG_KU_TURNS]; /* P_O by others' riichi and turn */
    double riichi_scale;  /* P_O after p's riichi / P_O before, at the same turns */
    double r_other;       /* R_O */
} jong_ku_model;

/* Adds the hands of one four-player game. */
int jong_ku_stats_add_log(jong_ku_stats *st, const jong_mjai_log *log, jong_error *err);
/* Smoothed rates (each cell pulled toward its class's overall rate by 20 pseudo-counts). */
void jong_ku_model_from_stats(const jong_ku_stats *st, jong_ku_model *m);
/* To and from the linmodel file of kind "kurita". */
int jong_ku_model_to_linmodel(const jong_ku_model *m, const char *info, jong_linmodel *out, jong_error *err);
int jong_ku_model_from_linmodel(const jong_linmodel *lm, jong_ku_model *m, jong_error *err);
/* The shipped model (models/kurita.jlm, embedded at build time). */
int jong_ku_model_shipped(jong_ku_model *m, jong_error *err);

#endif
