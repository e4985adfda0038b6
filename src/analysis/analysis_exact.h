/* The discard analysis's exact method (not public): the figures of analysis_sim.h's model by
 * dynamic programming over the hands the policy can reach, memoised by (hand, draws left). One
 * solver serves a whole table: the rows' reachable hands overlap, so they are held once. */
#ifndef JONG_ANALYSIS_EXACT_H
#define JONG_ANALYSIS_EXACT_H

#include "analysis/analysis_internal.h"

typedef struct analysis_exact analysis_exact;

/* NULL when out of memory. exchanges: the input's (analysis_sim.h), 0 = forward only. */
analysis_exact *analysis_exact_new(const analysis_setup *su, jong_analysis_policy policy, long max_states,
                                   int exchanges);
void analysis_exact_free(analysis_exact *x);

/* Adds the hands a row can reach. Returns its handle, -1 when they would pass max_states (then
 * nothing of the row is kept), -2 when out of memory. */
int analysis_exact_add(analysis_exact *x, const analysis_row_hand *rh);

/* Computes every added row's figures (false when out of memory); then analysis_exact_row fills
 * a row's tenpai, win, points, points and tai per win, exact and riichi. */
bool analysis_exact_solve(analysis_exact *x);
void analysis_exact_row(const analysis_exact *x, int handle, jong_analysis_row *row);

/* Hands held (the work done). */
long analysis_exact_states(const analysis_exact *x);

#endif
