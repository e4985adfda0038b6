/* Test support: seeded one-hand games of four players straight on the engine, checking every
 * answer is legal and accepted; for the players' tests (legality, determinism, per-decision
 * checks). */
#ifndef JONG_TEST_PLAY_HANDS_H
#define JONG_TEST_PLAY_HANDS_H

#include <stdint.h>

#include "jong/jong.h"

/* Called at each decision with the view, the legal actions and the answer. */
typedef void (*decision_check)(const jong_view *v, const jong_action *legal, int n, int chosen, int seat,
                               void *ctx);

/* `hands` one-hand games (game numbers 0..hands-1 of `seed`) of the default rules of `variant`
 * with these players; check (may be NULL) sees every decision. Fails the running cmocka test on
 * a player that cannot be made, an answer out of range or one the engine refuses. Returns a hash
 * of the actions taken. */
uint64_t play_hands(jong_variant variant, const char *specs[4], int hands, uint64_t seed, decision_check check,
                    void *ctx);

#endif
