/* "What should I discard?": for each discard of a hand about to discard (3N+2 concealed tiles),
 * its shanten and effective tiles, and the chance of reaching tenpai and of winning within the
 * seat's remaining draws, with the expected points of the win under the real scoring of the
 * rules (riichi: yaku, fu, dora, red fives in the hand, riichi, ippatsu and ura-dora; Taiwanese:
 * tai and the payments of a self-draw).
 *
 * The model (stable; say so when quoting a figure):
 * - Only the seat's own draws are modelled. They come, without replacement, from the unseen
 *   tiles (4 copies of each kind less the hand, its melds, `seen` and the dora indicators): the
 *   opponents' hands and the wall are exchangeable, so the seat's next draws are a uniform random
 *   sequence of them. Opponents never win, call or deal in; the seat wins only by self-draw.
 * - After the discard the seat plays on by a policy (`policy`):
 *   - LOWER (today's, the default): it wins whenever the drawn tile completes the hand (riichi:
 *     with a yaku); otherwise, if the draw lowers its shanten (over the forms the rules allow),
 *     it keeps it and discards the tile that leaves the least shanten and then the most
 *     effective tiles it has not seen (counted for the standard form when the standard form
 *     reaches that shanten, else for the forms that do), ties going to the highest kind; any
 *     other draw is discarded at once. So a ready hand never changes its wait.
 *   - WIN and POINTS (the optimal policies): at every draw, the choice of most win chance (or
 *     most expected points; ties by the other figure, then tenpai) among: a win is always
 *     taken; a draw that lowers the shanten may be kept with any discard of least shanten, or
 *     thrown; a ready hand (without riichi) may keep a draw with a discard that leaves it ready
 *     on more copies (the model's unseen ones, below), or throw it; a closed hand that becomes
 *     ready with a draw left may declare riichi or not. With `exchanges` 0 (the default) that is
 *     all: no exchange that raises the shanten (backward) or keeps it before the hand is ready
 *     (sideways); with them unbounded the hands reachable from a 1-shanten hand pass a million.
 *   - `exchanges` N >= 1 (WIN and POINTS only): also any draw may be kept with any discard
 *     (sideways, backward, or a lowering draw with a discard of more than the least shanten)
 *     that leaves a hand H within N exchanges of a fastest way to win: e(H) + s(H) <= s14 + N,
 *     where e(H) counts H's tiles beyond the 14 (17) it started from, s(H) is its shanten and
 *     s14 the least shanten of the rows; and only into hands that can still win in the draws
 *     left (e(H) + s(H) < the draws, the draws made being at least e(H)).
 *     JONG_ANALYSIS_EXCHANGES_ALL keeps only that last bound: the whole optimal policy.
 * - Riichi rules: riichi locks the hand; LOWER declares it as soon as a closed hand is ready
 *   with a draw left (in this model riichi never lowers the chance of a win and only adds han);
 *   a win on the first draw after the declaration is ippatsu; one ura-dora indicator is drawn
 *   from the tiles the seat did not draw. Not modelled: kans, kan-dora, red fives among the
 *   draws (drawn fives are plain), haitei, the riichi stick (points are what the win brings,
 *   before honba and sticks).
 * - Methods (`method`):
 *   - AUTO (the default): rows of at most `reach` shanten (default JONG_ANALYSIS_REACH_LOWER or
 *     _OPTIMAL) are computed exactly by dynamic programming over the hands the policy can reach,
 *     memoised by (hand, draws left), the rows of one table sharing their hands. Its draw
 *     model is exact while the hand is ready from the start, and otherwise makes one stated
 *     approximation so that the chance of a draw depends on the hand and the draws left only:
 *     with t draws made, U unseen tiles, and r[k] = the unseen copies of k less those the hand
 *     holds beyond the 14 (17) tiles it started from, the next draw is k with chance
 *     r[k] / (U - t) for the kinds that lower the hand's shanten (or win, when ready) -- the
 *     tiles thrown so far are taken to be of the other kinds, which share the rest in
 *     proportion to r (all of the draw goes to the first kinds, in proportion, when their r
 *     sum exceeds U - t); the ura indicator of a riichi win is drawn the same way from the
 *     U - t - 1 tiles left, and today's policy counts effective tiles by r. "Exact" is exact
 *     for this model (tests: to 1e-9 against a slow enumeration of every draw sequence).
 *     Rows past the reach, or past `max_states` hands held, are simulated (with today's policy,
 *     and say so: `exact` false, `policy` LOWER).
 *   - SIMULATE (the method before the exact one): exact only where the hand is fixed (a ready
 *     hand: a hypergeometric sum over the draw of the first winning tile and the ura indicator)
 *     and when at most one draw is left; every other row simulated.
 *   Simulation: `sims` sequences per discard, all discards on the same draw sequences (common
 *   random numbers, so differences between rows are sharper than each row's interval),
 *   simulation i from jong_seed_mix(seed, i), truly without replacement: the same seed and
 *   inputs give the same table on any machine and thread.
 * The library reads no clock and allocates nothing it keeps. */
#ifndef JONG_ANALYSIS_SIM_H
#define JONG_ANALYSIS_SIM_H

#include <stdbool.h>
#include <stdint.h>

#include "jong/error.h"
#include "jong/eval.h"
#include "jong/hand.h"
#include "jong/riichi_score.h"
#include "jong/rules.h"

#define JONG_ANALYSIS_DEFAULT_SIMS 2000
#define JONG_ANALYSIS_MAX_SIMS 10000000L
#define JONG_ANALYSIS_MAX_DRAWS 40
/* The exact method's reach by default: rows of at most this shanten after their discard (for
 * the optimal policies, the lower figure), and the hands it may hold at once for one table. */
#define JONG_ANALYSIS_REACH_LOWER 5
#define JONG_ANALYSIS_REACH_OPTIMAL 3
#define JONG_ANALYSIS_REACH_EXCHANGES 2 /* the optimal policies with exchanges */
#define JONG_ANALYSIS_MAX_REACH 8
#define JONG_ANALYSIS_DEFAULT_STATES 400000L
/* `exchanges`: the bound above; ALL = no bound but the draws left (JONG_ANALYSIS_MAX_DRAWS). */
#define JONG_ANALYSIS_EXCHANGES_ALL JONG_ANALYSIS_MAX_DRAWS

/* The policy the seat plays on by after the discard (see the model above). */
typedef enum {
    JONG_ANALYSIS_POLICY_LOWER = 0, /* keep a draw only when it lowers the shanten */
    JONG_ANALYSIS_POLICY_WIN,       /* at every draw the allowed choice of most win chance */
    JONG_ANALYSIS_POLICY_POINTS,    /* at every draw the allowed choice of most expected points */
} jong_analysis_policy;

typedef enum {
    JONG_ANALYSIS_METHOD_AUTO = 0,  /* exact up to the reach, simulated beyond */
    JONG_ANALYSIS_METHOD_SIMULATE,  /* exact only for ready hands and one draw left (the method
                                       before the exact one; policy LOWER only, others refused) */
} jong_analysis_method;

typedef struct {
    jong_hand hand;              /* 3N+2 concealed tiles (red fives in hand.red) and declared melds */
    const jong_ruleset *rules;   /* variant and scoring options (NULL: the defaults of hand_variant) */
    jong_variant variant;        /* used when rules is NULL */
    uint8_t seen[JONG_KINDS];    /* tiles visible elsewhere: discards, others' melds (NOT the dora
                                    indicators, which are counted from dora[]) */
    int draws;                   /* the seat's draws left after this discard (capped at the unseen
                                    tiles less one, and at JONG_ANALYSIS_MAX_DRAWS) */
    int seat_wind, round_wind;   /* 0..3 = E S W N */
    bool dealer;                 /* the seat is the dealer (riichi: its seat wind must be East) */
    int ndora;                   /* riichi: dora indicators shown (0..5) */
    uint8_t dora[JONG_RIICHI_MAX_INDICATORS];
    long sims;                   /* simulations per discard, 0 = JONG_ANALYSIS_DEFAULT_SIMS */
    uint64_t seed;
    jong_analysis_policy policy;
    jong_analysis_method method;
    int reach;                   /* exact rows: shanten up to this (0 = the policy's default,
                                    JONG_ANALYSIS_REACH_*, _EXCHANGES with exchanges; at most
                                    JONG_ANALYSIS_MAX_REACH) */
    long max_states;             /* the exact method's hands held at once (0 = the default); a row
                                    that would pass it is simulated instead */
    int exchanges;               /* WIN and POINTS: 0 = forward only (the default), N = also exchanges
                                    within N of a fastest way to win (see the model above), up to
                                    JONG_ANALYSIS_EXCHANGES_ALL; refused with LOWER or SIMULATE */
} jong_analysis_input;

/* A value with its 95% interval; lo == hi == value when exact. */
typedef struct {
    double value, lo, hi;
} jong_estimate;

typedef struct {
    uint8_t discard;        /* kind discarded */
    int shanten;            /* after the discard (over the forms the rules allow) */
    jong_ukeire ukeire;     /* effective tiles after it, with unseen copies */
    bool exact;             /* computed exactly for the model (else by `samples` simulations) */
    jong_analysis_policy policy; /* the policy the figures are for: the input's, or today's
                                    (LOWER) on a simulated row (the simulation plays only it) */
    bool riichi;            /* riichi rules: the discard leaves a closed ready hand that declares riichi */
    long samples;           /* simulations run for this row (0 when exact) */
    jong_estimate tenpai;   /* P(ready after some discard within the draws), this discard included */
    jong_estimate win;      /* P(a self-drawn win within the draws) */
    jong_estimate points;   /* expected points the win brings (0 without a win) */
    jong_estimate behind;   /* the best row's expected points less this row's, with a 95% interval:
                               paired over the same draws when both rows are simulated (so it is
                               far narrower than the two rows' own intervals), exact when both
                               are exact; 0 for the best row */
    double points_per_win;  /* mean points of the wins (0 when none) */
    double tai_per_win;     /* Taiwanese: mean tai of the wins (0 in riichi or without a win) */
} jong_analysis_row;

typedef struct {
    int nrows;
    jong_analysis_row rows[JONG_KINDS]; /* best first: expected points, then P(win), P(tenpai),
                                           then the evaluator's order (shanten, effective tiles) */
    int best;               /* index of the best row (0), -1 when there are no rows */
    int unseen;             /* unseen tiles the draws come from */
    int draws;              /* draws used after the caps */
    long sims;              /* simulations per simulated row */
    jong_analysis_policy policy; /* the input's */
    int reach;              /* the exact method's reach used (-1: the simulation method) */
    long states;            /* hands the exact method held (its work) */
    int exchanges;          /* the input's (the exact rows' bound on exchanges) */
    uint64_t seed;
    uint64_t signature;     /* FNV-1a of every row's numbers: changes only when the results do */
} jong_analysis_result;

void jong_analysis_input_init(jong_analysis_input *in, jong_variant v);

/* Fill *out. Errors (JONG_ERR_ARG, one line, *out untouched): a hand that is not 3N+2 tiles
 * for the variant, more than 4 copies of a kind counting hand, melds, seen and indicators,
 * out-of-range winds, dora, sims or draws. */
int jong_analysis_run(const jong_analysis_input *in, jong_analysis_result *out, jong_error *err);

#endif
