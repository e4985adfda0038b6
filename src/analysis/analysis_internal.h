/* What the discard analysis's files share (not public): the table's setup, a row's hand after its
 * discard, and the pieces of the model of analysis_sim.h that both the simulation
 * (analysis_sim.c) and the exact computation (analysis_exact.c) play by, written once so that
 * the two methods cannot drift apart. */
#ifndef JONG_ANALYSIS_INTERNAL_H
#define JONG_ANALYSIS_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "jong/analysis_sim.h"

/* Everything a row's computation needs that is the same for every row. */
typedef struct {
    const jong_analysis_input *in;
    jong_ruleset rules;
    jong_variant v;
    jong_forms forms;
    uint8_t pool[JONG_KINDS];    /* unseen copies the draws come from */
    uint8_t visible[JONG_KINDS]; /* seen + dora indicators (each row adds its discard) */
    int unseen, draws;
} analysis_setup;

/* One row's hand after its discard and what the policy keeps about it. */
typedef struct {
    jong_hand h;          /* 3N+1 concealed tiles */
    int shanten;
    uint64_t eff;         /* kinds whose draw lowers the shanten (the winning kinds when ready) */
    bool closed;          /* no open meld (concealed kongs allowed) */
    int discard;          /* the row's discard, face up from now on */
} analysis_row_hand;

bool analysis_hand_closed(const jong_hand *h);

/* Remove one tile of kind k, a plain copy when the hand holds one (a red five is worth keeping). */
void analysis_remove_tile(jong_hand *h, int k);

/* The kinds whose draw lowers the shanten of h (3N+1 tiles) over the allowed forms; *shanten. */
uint64_t analysis_effective_kinds(const analysis_setup *su, const jong_hand *h, int *shanten);

/* The policy's discard from h (3N+2 tiles, its last draw lowered the shanten): least shanten,
 * then most effective tiles weighted by weight[] (the copies the seat counts as unseen), then
 * the highest kind. Leaves the 3N+1 hand in *h, the kind in *discarded; returns its effective
 * kinds and shanten. */
uint64_t analysis_policy_discard(const analysis_setup *su, jong_hand *h, const uint8_t weight[JONG_KINDS],
                                 int *discarded, int *shanten);

/* Points (and tai) of a self-drawn win of hand h (3N+1 tiles) on kind k; false when the rules do
 * not let it win (riichi: no yaku). ura < 0: no ura indicator. */
bool analysis_win_points(const analysis_setup *su, const jong_hand *h, int k, bool riichi, bool ippatsu, int ura,
                         int *points, int *tai);

#endif
