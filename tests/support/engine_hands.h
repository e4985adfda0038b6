/* Test support: seeded one-hand games of four greedy players straight on the engine, with the
 * engine's own state shown at each decision, for tests that compare what a seat may infer with
 * what is really there (race's oracle and inference). */
#ifndef JONG_TEST_ENGINE_HANDS_H
#define JONG_TEST_ENGINE_HANDS_H

#include <stdbool.h>
#include <stdint.h>

#include "jong/jong.h"

/* Called at each decision before it is answered: the engine, the deciding seat's view, and
 * whether a discard is among its legal actions. */
typedef void (*engine_check)(const jong_game *g, const jong_view *v, bool discard, void *ctx);

/* `games` one-hand games (game numbers 0..games-1 of `seed`, default Taiwanese rules). */
void engine_hands(uint64_t seed, int games, engine_check check, void *ctx);

#endif
