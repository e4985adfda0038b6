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
 * - After the discard the seat plays on by a fixed policy: it wins whenever the drawn tile
 *   completes the hand (riichi: with a yaku); otherwise, if the draw lowers its shanten (over the
 *   forms the rules allow), it keeps it and discards the tile that leaves the least shanten and
 *   then the most effective tiles it has not seen (counted for the standard form when the
 *   standard form reaches that shanten, else for the forms that do), ties going to the highest
 *   kind; any other draw is discarded at once. So a ready hand never changes its wait.
 * - Riichi rules: a closed hand declares riichi as soon as it is ready with a draw left (in this
 *   model riichi never lowers the chance of a win and only adds han, so it is always declared);
 *   a win on the first draw after the declaration is ippatsu; one ura-dora indicator is drawn
 *   from the tiles the seat did not draw. Not modelled: kans, kan-dora, red fives among the
 *   draws (drawn fives are plain), haitei, the riichi stick (points are what the win brings,
 *   before honba and sticks).
 * - Exact where enumeration is cheap: when the discard leaves the hand ready (the hand is then
 *   fixed: a hypergeometric sum over the draw of the first winning tile and the ura indicator),
 *   and when at most one draw is left. Otherwise `sims` simulations per discard, all discards on
 *   the same draw sequences (common random numbers, so differences between rows are sharper than
 *   each row's interval), simulation i from jong_seed_mix(seed, i): the same seed and inputs give
 *   the same table on any machine and thread.
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
#define JONG_ANALYSIS_MAX_REACH 8
#define JONG_ANALYSIS_DEFAULT_STATES 400000L

/* The policy the seat plays on by after the discard (see the model above). */
typedef enum {
    JONG_ANALYSIS_POLICY_LOWER = 0, /* keep a draw only when it lowers the shanten */
    JONG_ANALYSIS_POLICY_WIN,       /* at every draw the allowed choice of most win chance */
    JONG_ANALYSIS_POLICY_POINTS,    /* at every draw the allowed choice of most expected points */
} jong_analysis_policy;

typedef enum {
    JONG_ANALYSIS_METHOD_AUTO = 0,  /* exact up to the reach, simulated beyond */
    JONG_ANALYSIS_METHOD_SIMULATE,  /* exact only for ready hands and one draw left (the method
                                       before the exact one; today's policy only) */
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
                                    JONG_ANALYSIS_REACH_*; at most JONG_ANALYSIS_MAX_REACH) */
    long max_states;             /* the exact method's hands held at once (0 = the default); a row
                                    that would pass it is simulated instead */
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
    uint64_t seed;
    uint64_t signature;     /* FNV-1a of every row's numbers: changes only when the results do */
} jong_analysis_result;

void jong_analysis_input_init(jong_analysis_input *in, jong_variant v);

/* Fill *out. Errors (JONG_ERR_ARG, one line, *out untouched): a hand that is not 3N+2 tiles
 * for the variant, more than 4 copies of a kind counting hand, melds, seen and indicators,
 * out-of-range winds, dora, sims or draws. */
int jong_analysis_run(const jong_analysis_input *in, jong_analysis_result *out, jong_error *err);

#endif
