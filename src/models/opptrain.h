/* Training data for the opponent models (jong/oppmodel.h) from game records read into mjai
 * events (jong/mjai.h), and the paper's measures of the trained models on held-out games.
 *
 * Samples, each tagged with its game (so that train and test split by game):
 *   waiting  after every discard: the discarder's Table I features; label: its true hand waits
 *   wintile  after every discard that leaves the discarder waiting: its Table III features as a
 *            seeded random other seat sees them; labels: its winning kinds (34 models)
 *   score    at every win: the winner's Table V features with the winning kind; label:
 *            ln(hand points) (points before honba and riichi sticks); ron and tsumo apart */
#ifndef JONG_OPPTRAIN_H
#define JONG_OPPTRAIN_H

#include <stdbool.h>
#include <stdint.h>

#include "callmodel.h"
#include "learn.h"
#include "jong/mjai.h"
#include "oneplayer.h"
#include "oppmodel.h"

/* A fourth kind of training set besides the three models: the one-player discard policy
 * (jong/oneplayer.h): for each discard decision (not forced by riichi), one row per other
 * candidate: the expert's features minus the candidate's, label 1. */
enum { JONG_TRAIN_POLICY = JONG_OPP_MODELS, JONG_TRAIN_CALLS };
/* JONG_TRAIN_CALLS (jong/callmodel.h): one row per call a discard offers (a pon to any other
 * seat holding two, a chi to the next seat): its features, label 1 when the seat made that call;
 * flag: JONG_CALL_PON or JONG_CALL_CHI. */

/* Feed one mjai event to the tracker (start_kyoku, tsumo, dahai, the calls, reach, dora; the
 * others change nothing). */
int jong_opp_obs_mjai(jong_opp_obs *o, const jong_mjai_event *ev, jong_error *err);

typedef struct {
    int model;           /* JONG_OPP_WAITING, JONG_OPP_WINTILE or JONG_OPP_SCORE */
    uint64_t seed;       /* chooses the observer of each wintile sample */
    jong_dataset d;
    uint64_t *waits;     /* wintile: the true winning kinds of each row; policy: the decision's number */
    uint64_t *own;       /* wintile: the kinds in the observer's concealed hand; waiting: the
                          * seat's discards so far */
    uint8_t *flag;       /* waiting: the seat had declared riichi; score: a win by tsumo;
                          * policy: Eq. 12's situation (JONG_OP_SITUATIONS) */
    size_t cap;
    size_t games, hands, decisions; /* fed so far */
    /* waiting: seats that became waiting in a hand, and those of them with a called meld then
     * (the paper's stealing share) */
    size_t became_waiting, became_waiting_open;
    bool was_waiting[JONG_SEATS];
} jong_opp_trainset;

void jong_opp_trainset_init(jong_opp_trainset *t, int model, uint64_t seed);
void jong_opp_trainset_free(jong_opp_trainset *t);
/* Add the samples of one four-player game; group names it (its number in the run). An event the
 * tracker refuses is an error naming the event's index. */
int jong_opp_trainset_add_log(jong_opp_trainset *t, const jong_mjai_log *log, uint32_t group,
                              jong_error *err);

#endif
