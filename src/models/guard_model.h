/* The guard model (Taiwanese): two logistic regressions learned from self-play, over features a
 * seat can see, for the `guard` player's push-or-fold discards.
 *   danger  P(discarding kind k now lets opponent o win on it): o's turn and melds, how many
 *           copies of k are in sight, whether o discarded k, its suji or neighbours, o's discards
 *           of k's suit, whether k went by o since its last turn, o's recent discards of the tile
 *           just drawn (a ready hand throws its useless draws), the wall left.
 *   win     P(this seat wins the hand) given the shanten and the effective draws its hand keeps
 *           after a discard, its melds and the wall left.
 * Both are stored in one linear model file (models/guard.jlm, kind "guard", two weight vectors of
 * JONG_GUARD_DIM, remade by `jong train guard`). Features are binary indices below
 * JONG_GUARD_DIM; the layout is this file's version, JONG_GUARD_VERSION. */
#ifndef JONG_GUARD_MODEL_H
#define JONG_GUARD_MODEL_H

#include <stdint.h>

#include "jong/error.h"
#include "jong/game.h"
#include "models/linmodel.h"

#define JONG_GUARD_VERSION 1
#define JONG_GUARD_DIM 512
#define JONG_GUARD_MAXF 24

enum { JONG_GUARD_DANGER = 0, JONG_GUARD_WIN = 1, JONG_GUARD_MODELS = 2 };

/* The features of "seat v->seat discards `kind` now, against opponent `opp`" (danger). */
int jong_guard_danger_features(const jong_view *v, int opp, int kind, uint32_t idx[JONG_GUARD_MAXF]);
/* The features of "the hand after a discard has this shanten and these effective draws" (win). */
int jong_guard_win_features(const jong_view *v, int shanten, int effective, uint32_t idx[JONG_GUARD_MAXF]);

/* sigmoid(w . x) of model `which` (JONG_GUARD_DANGER or JONG_GUARD_WIN). */
double jong_guard_p(const jong_linmodel *m, int which, const uint32_t *idx, int n);
/* P(discarding kind now deals in to some opponent) = 1 - prod over opponents of (1 - danger). */
double jong_guard_deal_in(const jong_linmodel *m, const jong_view *v, int kind);

/* The model file: kind "guard", JONG_GUARD_VERSION, two vectors of JONG_GUARD_DIM. */
int jong_guard_load(const char *path, jong_linmodel *m, jong_error *err);
int jong_guard_decode(const void *buf, size_t len, const char *name, jong_linmodel *m, jong_error *err);

#endif
