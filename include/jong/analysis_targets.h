/* "What hand should I aim for?": one row per target of the evaluator (jong_hand_targets) with
 * the unseen tiles that bring it closer, what it is worth under the rules, and a rough chance of
 * completing it, the three things Loh's hand evaluator weighs (../shared/papers, section 4a).
 *
 * The model (stable; say so when quoting a figure):
 * - useful tiles: for a hand waiting for a draw (3N+1 concealed tiles) the kinds whose draw
 *   lowers the target's distance; for a hand about to discard (3N+2) the kinds that lower it when
 *   exchanged for one of the hand's tiles. Their unseen copies are 4 less the hand, its melds and
 *   `seen`.
 * - value: Taiwanese, the tai of the target's pattern (all chows 2, all pongs 4, half flush 4,
 *   full flush 8 or 12, seven pairs and a pong 8, thirteen orphans 16; standard 0); riichi, the
 *   han of the yaku it gives (pinfu 1 when closed, toitoi 2, chiitoitsu 2, honitsu 3/2, chinitsu
 *   6/5, kokushi a yakuman; standard 0).
 * - points: Taiwanese, base + tai x unit; riichi, a non-dealer ron's points with the value plus
 *   one han of riichi when the hand is closed, at 30 fu (25 for seven pairs); 0 when the hand
 *   would have no yaku (an open standard hand).
 * - chance: the chance that the draws left bring `distance` useful draws, when a draw is useful
 *   with chance p ((d - i) / d)^thin at i of d steps done, p = useful copies / unseen copies and
 *   thin = JONG_TARGET_THIN: the useful tiles thin out as the hand closes in (a far target counts
 *   many kinds as useful, few of which stay useful), and at one step left it is the plain chance
 *   of a win by one's own draws with that many winning tiles. All-pongs, all-chows and the
 *   flushes are standard hands too, so their chance is at most the standard form's. Opponents,
 *   their claims and their wins are ignored: a ranking aid, not a probability to quote.
 * - expected = chance x points; rows are sorted best first by expected, then the least distance,
 *   the most value, the order of the targets; targets the rules or the melds rule out (distance
 *   JONG_UNDEFINED) come last. */
#ifndef JONG_ANALYSIS_TARGETS_H
#define JONG_ANALYSIS_TARGETS_H

#include <stdbool.h>
#include <stdint.h>

#include "jong/eval.h"
#include "jong/hand.h"
#include "jong/rules.h"

typedef struct {
    int target;                 /* jong_target */
    int distance;               /* JONG_UNDEFINED: ruled out */
    uint64_t useful;            /* bit k: kind k brings the target closer */
    uint8_t copies[JONG_KINDS]; /* unseen copies of each useful kind */
    int useful_total;           /* their sum */
    int value;                  /* tai or han of the pattern (riichi kokushi: 13 per yakuman) */
    int points;                 /* what a win of it pays in the model above */
    double chance, expected;
} jong_target_row;

/* The special forms the rules have, as jong_hand_targets wants them: riichi both; Taiwanese the
 * special hands the ruleset enables. */
jong_forms jong_rules_target_forms(const jong_ruleset *rs);
/* Value (tai or han) and points of a target under the rules, for a closed or open hand. */
int jong_target_value(const jong_ruleset *rs, int target, bool closed);
int jong_target_points(const jong_ruleset *rs, int target, bool closed);
/* The table's thinning: 2 keeps the chance readable as a rough probability. The loh player
 * uses a far steeper one (thin=24, chosen by experiment in docs/experiments/loh.md), which
 * ranks by distance first: as a player, speed first and value among equally fast hands. */
#define JONG_TARGET_THIN 2.0

/* The chance above; 1 at distance 0. The _thin form takes another exponent. */
double jong_target_chance(int distance, int useful, int unseen, int draws);
double jong_target_chance_thin(int distance, int useful, int unseen, int draws, double thin);
/* All JONG_TARGETS rows of a hand (3N+1 or 3N+2 concealed tiles plus melds), best first.
 * `seen` may be NULL. Returns JONG_TARGETS. */
int jong_target_rows(const jong_ruleset *rs, const jong_hand *h, const uint8_t seen[JONG_KINDS], int draws,
                     jong_target_row rows[JONG_TARGETS]);
int jong_target_rows_thin(const jong_ruleset *rs, const jong_hand *h, const uint8_t seen[JONG_KINDS], int draws,
                          double thin, jong_target_row rows[JONG_TARGETS]);

#endif
