/* The call half of the one-player moves (Mizukami and Tsuruoka learn "discard and call" moves
 * from expert records): whether to call pon or chi on a discard, as logistic regression over
 * features of the hand before and after the call, trained with FOBOS and AdaGrad (jong/learn.h)
 * on every call the experts could have made (`jong train calls`).
 *
 * Features (binary; feature 0 a bias; every other block once for pon and once for chi):
 * shanten before x its change by the call (with the best discard after it); shanten after; a pon
 * of a dragon or a wind worth a yaku; a pon of another honour; the hand already open; a yaku
 * already held (a triplet or meld of such an honour); pairs of such honours; terminal/honour
 * tiles left after the call (tanyao) and whether the called tile is one; tiles outside the main
 * suit after the call (flush) and whether the called tile is in it; the turn; dora held and
 * whether the called tile is one; others in riichi; melds before; pairs held; dealer; the called
 * tile's rank (or honour). */
#ifndef JONG_CALLMODEL_H
#define JONG_CALLMODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "jong/hand.h"
#include "linmodel.h"

#define JONG_CALL_FEATURES_VERSION 1
#define JONG_CALL_MAX_ACTIVE 32

enum { JONG_CALL_PON = 0, JONG_CALL_CHI = 1 };

/* What the caller knows besides its hand. */
typedef struct {
    int turn;                  /* the hand's go-around (all discards / 4) */
    int round_wind, seat_wind; /* 0 East .. 3 North */
    bool dealer;
    int others_riichi;         /* other seats that have declared riichi */
    uint8_t dora[JONG_KINDS];  /* dora multiplicity of each kind */
} jong_call_context;

uint32_t jong_call_feature_dim(void);

/* Standard-form shanten of h (3n+1 concealed tiles, its melds in h->melds) after calling kind
 * tile (pon; or chi of the run starting at low) and making the best discard; JONG_UNDEFINED when
 * the hand cannot make that call. */
int jong_call_shanten_after(const jong_hand *h, int type, int tile, int low);

/* The chi run (its lowest kind) with the least shanten after it among those the hand can make
 * on kind tile (ties: the lowest run); -1 when there is none. */
int jong_call_best_chi(const jong_hand *h, int tile);

/* Active features of calling kind tile (type JONG_CALL_PON, or JONG_CALL_CHI with run low);
 * returns their number, 0 when the hand cannot make the call. */
int jong_call_features(const jong_hand *h, int type, int tile, int low, const jong_call_context *cx,
                       uint32_t out[JONG_CALL_MAX_ACTIVE]);

/* P(call) under model m (kind "calls"). */
double jong_call_probability(const jong_linmodel *m, const jong_hand *h, int type, int tile, int low,
                             const jong_call_context *cx);

#endif
