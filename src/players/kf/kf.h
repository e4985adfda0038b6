/* KF-RULE, KF-TREE and KF-V (Wang et al., "An efficient AI-based method to play the Mahjong game
 * with the knowledge and game-tree searching strategy"): combination sets, the waiting number of
 * Eq. 2, the heuristic of Eq. 9, the opponent model of Algorithm 1 and the search of Algorithm 2.
 * Taiwanese hands: H = 17 tiles, Nmax = 5 sets. */
#ifndef JONG_KF_H
#define JONG_KF_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "jong/game.h"
#include "jong/hand.h"
#include "jong/rules.h"

#define JONG_KF_H_TILES 17
#define JONG_KF_NMAX 5

typedef enum { JONG_KF_AAA = 0, JONG_KF_ABC, JONG_KF_AA, JONG_KF_AB, JONG_KF_AC, JONG_KF_T1 } jong_kf_block_type;

/* Combination-set variants: the fast-win split, and the high-score splits that keep only the
 * blocks of one pattern (the paper's "high score exploration"). */
typedef enum {
    JONG_KF_FAST = 0,   /* every block type */
    JONG_KF_ALL_PONGS,  /* AAA and AA only (needs every meld to be a pong or kong) */
    JONG_KF_FLUSH_M,    /* blocks of one suit only (full flush), m p s */
    JONG_KF_FLUSH_P,
    JONG_KF_FLUSH_S,
    JONG_KF_HALF_M,     /* blocks of one suit and honors (half flush), m p s */
    JONG_KF_HALF_P,
    JONG_KF_HALF_S,
    JONG_KF_VARIANTS
} jong_kf_variant;

typedef struct {
    uint8_t type;  /* jong_kf_block_type (not T1) */
    uint8_t kind;  /* lowest kind */
} jong_kf_block;

/* CS = [[AAA], [ABC], [AA], [AB/AC], [T1], WN] (Eq. 8); melds count as T3 in n3. */
typedef struct {
    jong_kf_block blocks[JONG_KF_H_TILES];
    uint8_t nblocks;
    uint8_t t1[JONG_KF_H_TILES];
    uint8_t nt1;
    uint8_t n3, n2;  /* T3 (melds included) and T2 */
    bool has_aa;
    int8_t wn;
    uint8_t variant;
} jong_kf_combo;

/* Eq. 2: the waiting number of a split with n3 T3 (melds included), n2 T2, has_aa when one of
 * the T2 is a pair. */
int jong_kf_wn(int n3, int n2, bool has_aa);

/* Every split of the concealed counts (with `melds` declared sets) under a variant whose WN is
 * at most the least WN found + slack. Writes up to max of them (in a canonical order) and
 * returns how many there are in all (-1 when the variant does not apply); *min_wn gets the least
 * WN (127 when none). */
int jong_kf_combos(const uint8_t counts[JONG_KINDS], int melds, int variant, int slack,
                   jong_kf_combo *out, int max, int *min_wn);

/* The least WN of a variant (the same as jong_kf_combos' min_wn, without storing the splits). */
int jong_kf_min_wn(const uint8_t counts[JONG_KINDS], int melds, int variant);

/* Does the variant apply to a hand with these melds (all-pongs needs no chow, a flush needs
 * every meld in the suit)? */
bool jong_kf_variant_applies(const jong_hand *h, int variant);
const char *jong_kf_variant_name(int variant);
void jong_kf_combo_format(const jong_kf_combo *c, char *buf, size_t n);

/* ---- the opponent model (Algorithm 1) ----------------------------------------------------- */

#define JONG_KF_ROUNDS 24  /* rounds (own discards) covered by the WN table; later rounds use the last */
#define JONG_KF_WN_MAX 8   /* WN 0..8 in the table; more counts as 8 */

/* The waiting-number distribution per round measured from self-play (kf_wn_table.c, remade by
 * `jong kf wn-table`): alpha[round][wn] sums to 1 over wn. */
extern const double jong_kf_wn_alpha[JONG_KF_ROUNDS][JONG_KF_WN_MAX + 1];
extern const char jong_kf_wn_source[];

typedef struct {
    double self_mo[JONG_KINDS];    /* T_self-mo: probability of drawing each kind (Eq. 7) */
    double rt_aa[4][JONG_KINDS];   /* RT^AA of each seat relative to us (1 next, 2 opposite, 3 previous) */
    double rt_ab[4][JONG_KINDS];   /* RT^AB/AC */
    double p_wn1[4];               /* P_WN1 of each opponent's round (alpha[round][1]) */
    uint8_t unseen[JONG_KINDS];    /* copies this seat has not seen (improved exploration) */
    int wall;                      /* N_wall of Eq. 9: tiles left to draw */
    bool modelled;                 /* false: the early-game tables (unseen share, RT = 0) */
} jong_kf_tables;

typedef struct {
    int samples;      /* N (default 100) */
    double bias_aaa;  /* bias of Eq. 3 when no sequence can hold the kind (default 4) */
    double bias_easy; /* added for middle sequences and edge pongs (default 1) */
} jong_kf_model_opts;

/* The early tables: T_self-mo is each kind's share of the unseen tiles, RT = 0. */
void jong_kf_tables_plain(const jong_view *v, jong_kf_tables *t);
/* Algorithm 1 from this seat's view, seeded. */
void jong_kf_tables_model(const jong_view *v, const jong_kf_model_opts *o, uint64_t seed, jong_kf_tables *t);

/* ---- KF-RULE and KF-TREE ------------------------------------------------------------------- */

typedef struct {
    double w_aa;        /* W of Eq. 9 (weight of a pair's valid tile against 2 for AB/AC) */
    int search_wn;      /* search when WN <= this, KF-RULE otherwise (default 3) */
    bool high_score;    /* high-score exploration */
    bool improved;      /* improved exploration: T2 whose valid tiles are gone count as T1 */
    double risk_w;      /* W of Eq. 12 (KF-V) */
    bool use_risk;      /* Drisk in Epath (KF-V) */
    int64_t max_nodes;  /* node budget of one search (then KF-RULE decides) */
    bool pair_ways;     /* Eq. 11 with ways=pairs: only a held pair can pong (4 ways); a single
                         * held copy comes from the wall alone, unless it is the winning tile */
} jong_kf_opts;

typedef struct {
    double etile[JONG_KINDS];  /* Etile of each discard kind (Eq. 15), or the Eq. 9 value under KF-RULE */
    double rtile[JONG_KINDS];  /* Rtile (Eq. 12) of each kind */
    int wn;                    /* WN of the hand */
    int best;                  /* the chosen discard kind */
    bool searched;             /* true when the tree decided, false for KF-RULE */
    int64_t nodes;             /* nodes expanded */
} jong_kf_result;

/* The hand being decided, with what the scoring needs. */
typedef struct {
    jong_hand hand;            /* concealed counts (3n+2 for a discard) and melds */
    const jong_ruleset *rules;
    int seat, dealer, streak, seat_wind, round_wind;
} jong_kf_hand;

void jong_kf_opts_default(jong_kf_opts *o);
void jong_kf_hand_from_view(const jong_view *v, const jong_ruleset *rs, jong_kf_hand *kh);
/* Eq. 12 for every kind from the tables. */
void jong_kf_risk(const jong_kf_tables *t, double w, double rtile[JONG_KINDS]);
/* KF-RULE (Eq. 9) on a hand with one tile to discard. */
void jong_kf_rule(const jong_kf_hand *kh, const jong_kf_tables *t, const jong_kf_opts *o, jong_kf_result *r);
/* KF-TREE / KF-V on a hand with one tile to discard: the search when WN <= search_wn and the
 * budget allows, KF-RULE otherwise. */
void jong_kf_decide(const jong_kf_hand *kh, const jong_kf_tables *t, const jong_kf_opts *o,
                    const atomic_bool *stop, jong_kf_result *r);
/* The value of a hand waiting to take a tile (3n+1 concealed): the sum of Epath over the paths
 * that start with a take (used by the claim decision). */
double jong_kf_wait_value(const jong_kf_hand *kh, const jong_kf_tables *t, const jong_kf_opts *o,
                          const atomic_bool *stop, int64_t *nodes);

#endif
