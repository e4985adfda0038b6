/* The paper's own forms of two chance-player parameters of the `kurita` player (Kurita and Hoki,
 * Sec. VI-B/C; docs/experiments/kurita.md, "params=paper"): each other player's tenpai
 * probability by a logistic regression on the number of his discards, fitted separately for each
 * number of his calls; the chance that a tile is one of his winning tiles given he is tenpai, from
 * histograms over the records by the tile's category relative to his river when he has not
 * called, and by enumerating the tenpai hands consistent with the unseen tiles when he has. */
#ifndef JONG_KURITA_PAPER_H
#define JONG_KURITA_PAPER_H

#include <stdint.h>

#include "jong/error.h"
#include "jong/mjai.h"
#include "models/oppmodel.h"

#define JONG_KU_CALL_CLASSES 4   /* calls made: 0, 1, 2, 3 or more */
#define JONG_KU_DISCARD_BINS 25  /* discards made: 0..24 (later ones count as 24) */
#define JONG_KU_CATEGORIES 12    /* jong_ku_tile_category */

typedef struct {
    /* after each discard of a seat not in riichi: [its calls][its discards]: samples and tenpai */
    double tenpai_n[JONG_KU_CALL_CLASSES][JONG_KU_DISCARD_BINS];
    double tenpai_pos[JONG_KU_CALL_CLASSES][JONG_KU_DISCARD_BINS];
    /* after each discard of a tenpai seat with no calls: each kind not in its river, by category:
     * samples and those that were winning tiles */
    double cat_n[JONG_KU_CATEGORIES], cat_wait[JONG_KU_CATEGORIES];
    long samples;
} jong_ku_paper_stats;

typedef struct {
    double tenpai[JONG_KU_CALL_CLASSES][2]; /* P(tenpai) = 1 / (1 + exp(-(a + b d))), d discards */
    double hist[JONG_KU_CATEGORIES];        /* P(kind is a winning tile | tenpai, no calls) */
} jong_ku_paper_model;

/* Category of kind k against seat's river (-1: in his river, genbutsu). Honours 0-3: copies shown
 * to everyone (0..3); number tiles 4 + 2 * position + suji, position 0 for 1/9, 1 for 2/8, 2 for
 * 3/7, 3 for 4-6, suji 1 when the tile(s) three away that make it safe against a two-sided wait
 * are in his river (both sides for 4-6). */
int jong_ku_tile_category(const jong_opp_obs *o, int seat, int k);
/* Adds one four-player game (its true hands are needed: tenpai and waits are read from them). */
int jong_ku_paper_add_log(jong_ku_paper_stats *st, const jong_mjai_log *log, jong_error *err);
/* Maximum-likelihood logistic regression P(y) = 1/(1+exp(-(a+bx))) on m grouped points (x[i], n[i]
 * samples, pos[i] positives) by Newton's method; ab = {a, b}. Returns the iterations used. */
int jong_ku_logreg_fit(const double *x, const double *n, const double *pos, int m, double ab[2]);
/* The fits of every call class (a class with no data takes the pooled fit) and the smoothed
 * histogram rates (2 pseudo-counts of the pooled rate). */
void jong_ku_paper_fit(const jong_ku_paper_stats *st, jong_ku_paper_model *pm);
/* The tenpai hands of 3 * sets + 1 concealed tiles (standard form, sets 0..2) with their waits,
 * built once (independent of the unseen tiles) and read by jong_ku_enum_wintile. */
typedef struct {
    int sets, n;
    uint64_t *hand;  /* the hand's tiles (kinds, ascending) 6 bits each, first tile lowest */
    uint64_t *waits; /* bit k: kind k completes it */
} jong_ku_tenpai_table;
int jong_ku_tenpai_table_build(jong_ku_tenpai_table *t, int sets, jong_error *err);
void jong_ku_tenpai_table_free(jong_ku_tenpai_table *t);
/* P(kind k is a winning tile | tenpai) of a hand of the table drawn from the unseen copies avail
 * (each hand weighted by the number of ways to draw it), hands that are furiten (a wait among
 * the kinds of `river`, a bitset) left out. Returns the number of tenpai hands counted; out all 0
 * when there is none. */
long jong_ku_enum_wintile(const jong_ku_tenpai_table *t, const uint8_t avail[JONG_KINDS], uint64_t river,
                          double out[JONG_KINDS]);

/* At a decision of observer: seat's P(tenpai) (1 in riichi) and P(kind is a winning tile | tenpai)
 * (no calls: the histogram; calls: the enumeration over min(2, 4 - calls) sets, the paper's "ignore
 * one mentsu" after one call; 0 for kinds in his river). */
double jong_ku_paper_p_tenpai(const jong_ku_paper_model *pm, const jong_opp_obs *o, int seat);
/* The chance that seat, not tenpai after his discards so far, is still not tenpai after n more:
 * the regression's S(d + n) / S(d), S = 1 - P(tenpai) (at most 1; 1 for a seat in riichi). */
double jong_ku_paper_still_noten(const jong_ku_paper_model *pm, const jong_opp_obs *o, int seat, int n);
void jong_ku_paper_p_wintile(const jong_ku_paper_model *pm, const jong_ku_tenpai_table tables[3],
                             const jong_opp_obs *o, int seat, int observer, double out[JONG_KINDS]);

#endif
