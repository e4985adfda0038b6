/* Test support: games with an outside bot (the ext: player) in seat 0 and greedy in the others,
 * at a table that tolerates faults as the arena does; where the build's programs are. */
#ifndef JONG_TEST_EXT_GAMES_H
#define JONG_TEST_EXT_GAMES_H

#include <stddef.h>
#include <stdint.h>

#include "jong/table.h"

/* One riichi game (East only) of `hands` hands, seed 11, seat 0 the player `spec`, under a fault
 * policy with a clock and these limits (0: none), as the arena's --time-per-move sets them.
 * Fails the running test when the player cannot be made or the game stops. */
jong_game_result ext_game_limited(const char *spec, int hands, int64_t stop_ms, int64_t late_ms);
/* The same without time limits. */
jong_game_result ext_game(const char *spec, int hands);
/* The running test program's build directory (build/MODE: its jong is BUILD/jong). */
void ext_build_dir(char *out, size_t n);

#endif
