/* Test support: what a self-drawn win brings, scored by the engine's own rules as the discard
 * analysis states its model (analysis_sim.h), for the slow references of the analysis tests. */
#ifndef JONG_TEST_SELFDRAW_POINTS_H
#define JONG_TEST_SELFDRAW_POINTS_H

#include <stdbool.h>

#include "jong/jong.h"

/* The points of a self-drawn win on kind k by the 3n+1 tiles h13, under the analysis input's
 * seat, winds and dora: riichi (with riichi, ippatsu and one ura indicator `ura` when riichi) or
 * Taiwanese tai (the seat's own gain). False when the hand does not score. */
bool selfdraw_points(const jong_ruleset *rs, jong_variant v, const jong_analysis_input *in, const jong_hand *h13,
                     int k, bool riichi, bool ippatsu, int ura, int *pts);

#endif
