/* Kurita and Hoki's abstraction of a riichi hand to Markov decision processes ("solitary
 * mahjong"): the other three players become a chance player, and the decision-making player p
 * plays alone until the hand ends in one of five scenarios (win, lose = p deals in, other win,
 * tenpai washout, noten washout). The equations as rebuilt here are written out in
 * docs/experiments/kurita.md; names below follow that document.
 *
 *   Folding MDP: p only discards from the hand it holds (no draws). The first discard of a kind
 *   x deals in with probability P_L(x) (payoff R_L(x)); a kind already discarded is safe. After
 *   each discard that did not deal in, another player wins with probability gamma (payoff R_O);
 *   after `horizon` discards (or when the hand is empty) the hand ends in a noten washout (R_W).
 *   With R_L(x) <= R_O, R_W the optimal order plays kind by kind ("blocks"), in decreasing order
 *   of the expected payoff given that the hand ends inside the block; solved in closed form.
 *
 *   Inclusive-policy MDP: states (hand h of 13 concealed tiles, tile t, type, n = p's discards
 *   made) with types D (p drew t: tsumo or discard), O (another player discarded t: ron or pass)
 *   and A (after p's discard survived: the chance player ends the hand or moves on). Solved by
 *   retrograde analysis from the end of the wall (n = horizon) back to the current decision,
 *   over a reduced set of hands: those on exchange paths of length <= l from the current hand to
 *   a tenpai hand, and (option k) the states of which at most k melds are revealed by calls.
 *   A riichi copy of each closed tenpai hand plays on with the hand locked.
 *   The winning MDP (payoff 1 for a win, nothing else ends the hand) and the tenpai MDP (no
 *   wins; payoff 1 for a tenpai washout) are the same solver with other parameters. */
#ifndef JONG_KURITA_H
#define JONG_KURITA_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "jong/error.h"
#include "jong/tile.h"

#define JONG_KU_MAX_HORIZON 40

/* ---- folding MDP ------------------------------------------------------------------------- */

typedef struct {
    double p_lose[JONG_KINDS]; /* P_L(x) of the first discard of kind x (0 for a safe kind) */
    double r_lose[JONG_KINDS]; /* R_L(x): payoff when that discard deals in */
    double gamma;              /* chance another player ends the hand after each safe discard */
    double r_other;            /* R_O */
    double r_washout;          /* R_W: the hand ran out (p is folding, so noten) */
    int horizon;               /* discards p still makes at most */
} jong_ku_fold_params;

typedef struct {
    double value;              /* the optimal value from the initial hand */
    double p_lose;             /* probability the optimal policy ends in lose (Eq. 14 here) */
    double value_given_lose;   /* expected payoff given the lose ending (0 when p_lose is 0) */
    int norder;                /* discards in the optimal order (min(tiles, horizon)) */
    uint8_t order[JONG_KINDS * 4]; /* kinds in the order played */
} jong_ku_fold_result;

/* The closed form: blocks sorted by key W/(1-S), W the block's expected payoff and S its
 * survival probability (docs/experiments/kurita.md, Eq. F2). Exact when the horizon lets every
 * tile be discarded; with a shorter horizon it plays the same order cut at the horizon (the
 * paper's closed form), which the tests compare with the exhaustive optimum. */
void jong_ku_fold_solve(const uint8_t counts[JONG_KINDS], const jong_ku_fold_params *fp, jong_ku_fold_result *out);
/* The exact optimal value under any horizon (equal to the closed form when the horizon lets
 * every tile go): whole blocks in key order, then one block cut by the horizon, over every set. */
double jong_ku_fold_solve_exact(const uint8_t counts[JONG_KINDS], const jong_ku_fold_params *fp);
/* The value of discarding kind `first` now and then playing the closed-form order. */
double jong_ku_fold_value_after(const uint8_t counts[JONG_KINDS], int first, const jong_ku_fold_params *fp);

/* ---- the reduced hand set ---------------------------------------------------------------- */

/* Melds revealed inside the search (the reduced set's second step), one byte each: a pon of kind
 * t is t, a chi whose lowest kind is k is JONG_KINDS + k. */
#define JONG_KU_MAX_CALLS 4
#define JONG_KU_MELD_PON(t) ((uint8_t)(t))
#define JONG_KU_MELD_CHI(low) ((uint8_t)(JONG_KINDS + (low)))
#define JONG_KU_MELD_IS_CHI(m) ((m) >= JONG_KINDS)
#define JONG_KU_MELD_KIND(m) ((m) >= JONG_KINDS ? (m) - JONG_KINDS : (m))

/* States of the search, indexed 0..n-1. The first nclosed are 13-tile concealed hands (counts);
 * roots come first: the hands left by each discard of the current 14 tiles. With calls
 * (jong_ku_space_add_calls) the rest are open states: concealed tiles (counts) and up to k
 * melds revealed in the search (melds, sorted), whose total hand (concealed + melds) is the
 * closed member total[i]. Edge (u, x, j) of state i: draw kind u, discard kind x != u, and the
 * state becomes j. Call edge (t, m, x, j): take kind t from another's discard to reveal meld m,
 * discard x (not barred by kuikae), and the state becomes j. */
typedef struct {
    int n, cap;
    uint8_t (*counts)[JONG_KINDS];
    int8_t *shanten;           /* standard-form shanten of the concealed tiles (sets - melds) */
    uint8_t *dist;             /* tiles acquired beyond the current hand (exchange distance) */
    uint64_t *waits;           /* kinds that complete the hand (standard form), 0 unless tenpai */
    uint64_t *keys;            /* each state's hash key (kurita_space.c) */
    uint8_t *nmelds;           /* melds revealed in the search */
    uint8_t (*melds)[JONG_KU_MAX_CALLS];
    int *total;                /* the closed member holding the same tiles (itself when closed) */
    int *edge_start;           /* edges of hand i: [edge_start[i], edge_start[i+1]) */
    uint8_t *edge_draw, *edge_discard;
    int *edge_to;
    int nedges, edge_cap;
    int nclosed;               /* closed members (all of them without calls) */
    int sets;                  /* sets the closed hands still build */
    int k;                     /* melds the search may reveal (0: no calls) */
    int *call_start;           /* call edges of state i: [call_start[i], call_start[i+1]), NULL when k = 0 */
    uint8_t *call_taken, *call_meld, *call_discard;
    int *call_to;
    int ncalls, call_cap;
    int nroots;
    uint8_t root_kind[JONG_KINDS]; /* root i discards kind root_kind[i]; JONG_NO_TILE for a hand
                                      given with 3n+1 tiles, which is its own one root */
    bool truncated;            /* the cap on hands stopped the expansion */
    /* the hash table of hands */
    uint32_t *slots;
    uint32_t nslots;
} jong_ku_space;

/* Builds the set for a 14-tile concealed hand `c14` (sets = sets still to build, 4 - melds), or
 * for a hand of 3n+1 tiles between turns (one root, itself):
 * every 13-tile hand h with dist(h) + shanten(h) <= l that can be reached (no kind beyond the
 * copies the hand holds plus the unseen ones `avail`), plus every root. At most max_hands.
 * (Since shanten changes by at most 1 per exchange, these are exactly the hands on exchange
 * walks of length <= l from the current hand to a tenpai hand.) */
int jong_ku_space_build(jong_ku_space *s, const uint8_t c14[JONG_KINDS], int sets, const uint8_t avail[JONG_KINDS],
                        int l, int max_hands, jong_error *err);
void jong_ku_space_free(jong_ku_space *s);
/* Index of a closed hand (no meld revealed in the search), -1 when absent. */
int jong_ku_space_find(const jong_ku_space *s, const uint8_t counts[JONG_KINDS]);
/* Index of the state with concealed counts and the sorted melds, -1 when absent. */
int jong_ku_space_find_open(const jong_ku_space *s, const uint8_t counts[JONG_KINDS], const uint8_t *melds, int nmelds);

/* The reduced set's second step (Sec. VI-D (4)): adds every state whose total hand is a closed
 * member T within bound l (dist + shanten <= l; l at most the bound the set was built with: a
 * smaller l reveals melds only near tenpai) and of which at most k mentsus (pons, and chis, as
 * runs) are revealed (k <= sets, JONG_KU_MAX_CALLS), with draw edges (those of T whose discard
 * is concealed and whose target is within l) and the call edges of every state with fewer than k
 * melds: a pon of a kind it holds twice or a chi of a run it holds two tiles of, on a kind still
 * unseen, then a discard allowed by kuikae, to a state whose total is within l. c14 and avail as
 * given to jong_ku_space_build. States stay within max_hands in all (truncated says when the cap
 * cut). k = 0 changes nothing. */
int jong_ku_space_add_calls(jong_ku_space *s, const uint8_t c14[JONG_KINDS], const uint8_t avail[JONG_KINDS], int k,
                            int l, int max_hands, jong_error *err);

/* ---- the inclusive-policy MDP (and the winning / tenpai MDPs) ---------------------------- */

/* Value of a win of hand counts13 + tile (tsumo or ron, with or without riichi), or a negative
 * number when the rules refuse the win (no yaku). Called once per tenpai hand, wait and case. */
typedef double (*jong_ku_win_fn)(void *ctx, const uint8_t counts13[JONG_KINDS], int tile, bool tsumo, bool riichi);
/* The same for an open state: concealed tiles and the melds it revealed in the search (no riichi). */
typedef double (*jong_ku_win_open_fn)(void *ctx, const uint8_t counts[JONG_KINDS], const uint8_t *melds, int nmelds,
                                      int tile, bool tsumo);

/* risk=turn: the deal-in chance and payoff of p's discard at each future layer n (1..horizon-1),
 * as the others' tenpai chances rise with the turn (kurita_setup.c, jong_ku_setup_layers) */
typedef struct {
    double p_lose[JONG_KU_MAX_HORIZON][JONG_KINDS];
    double lose_ev[JONG_KU_MAX_HORIZON][JONG_KINDS];
    double lose_ev_riichi[JONG_KU_MAX_HORIZON][JONG_KINDS];
} jong_ku_layer_risk;

typedef struct {
    int horizon;                          /* N: discards p makes at most, counting the current one */
    double draw_w[JONG_KINDS];            /* unseen copies at the decision (weights of draws) */
    double p_lose[JONG_KINDS];            /* P_L(x) of discarding x */
    double lose_ev[JONG_KINDS];           /* P_L(x) * R_L(x) */
    double p_other[JONG_KU_MAX_HORIZON];  /* P_O(n): another's win after p's n-th safe discard */
    double r_other;                       /* R_O */
    double r_tenpai, r_noten;             /* washout payoffs */
    bool wins;                            /* p may win (false: the tenpai MDP) */
    bool ron;                             /* p may win on others' discards (state type O) */
    bool riichi;                          /* closed tenpai hands may declare riichi */
    double riichi_cost;                   /* the stick, lost unless p wins (1000) */
    double riichi_p_other_scale;          /* P_O after p's riichi = scale * P_O (others fold) */
    /* false: the riichi copy's endings are the dama ones less riichi_cost (points); true: its
     * own payoffs below (rank payoffs, where the stick is no constant) */
    bool riichi_payoffs;
    double r_tenpai_riichi, r_other_riichi;   /* R_T, R_O with the stick on the table */
    double lose_ev_riichi[JONG_KINDS];        /* P_L(x) R_L(x) with the stick on the table */
    /* NULL: every future discard has the decision's p_lose, lose_ev, lose_ev_riichi (the risk
     * frozen, as in the paper); else layer n's discards take row n of these tables */
    const jong_ku_layer_risk *layer_risk;
    jong_ku_win_fn win;
    jong_ku_win_open_fn win_open;         /* open states' wins (NULL: they cannot win) */
    void *win_ctx;
    /* raised from outside (the arena's deadline): the solve gives up between layers (NULL: never) */
    const atomic_bool *stop;
} jong_ku_params;

typedef struct {
    double value[JONG_KINDS];      /* root discard of kind k (dama), -inf when not a root */
    double value_riichi[JONG_KINDS]; /* the same discard declaring riichi, -inf when impossible */
    double tsumo;                  /* winning now (when the 14 tiles are complete), -inf otherwise */
    double after[JONG_KINDS];      /* A(root r, 1) of root index r: its value after p's discard */
    long states;                   /* states (hand, n, riichi) valued */
} jong_ku_result;

/* Retrograde analysis over the space (built from the 14 tiles being decided on). Fails (and
 * values nothing) when pr->stop is raised before the last layer is done. States that may
 * still call see the others' three discards before their draw (pon on each, chi on the left
 * player's: docs/experiments/kurita.md, M7); open states never declare riichi and win only with a
 * yaku (pr->win_open). */
int jong_ku_solve(const jong_ku_space *s, const jong_ku_params *pr, const uint8_t c14[JONG_KINDS], int drawn,
                  jong_ku_result *out, jong_error *err);

/* ---- the `kurita` player --------------------------------------------------------------- */

/* What the player did at its last decision (for `jong bench kurita`). */
typedef struct {
    int shanten;        /* least shanten after a legal discard; -2 when not a discard decision */
    bool mdp;           /* valued by the MDP (else the rule, a forced discard, a win or a pass) */
    int l;              /* the path bound used */
    int hands;          /* hands in the reduced set */
    bool truncated;     /* the set hit the cap */
    long states;        /* states valued by the retrograde analysis */
    double value;       /* the chosen discard's value (points) */
    long ms;            /* decision time when the caller gives a clock */
} jong_ku_info;

struct jong_player;
/* The last decision's figures of a kurita player; false for any other player. */
bool jong_kurita_last_info(const struct jong_player *p, jong_ku_info *out);

#endif
