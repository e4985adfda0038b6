/* `jong analyze --player NAME`: an engine's own values of each discard of a hand given on the
 * command line, through the player's query hook, on a view made from the hand and the seen tiles. */
#ifndef JONG_ANALYZE_PLAYER_H
#define JONG_ANALYZE_PLAYER_H

#include <stddef.h>

#include "analyze_sim_out.h"
#include "jong/analysis_sim.h"

/* The view: seat 0 holds the hand; the seen tiles lie in the discards, turn - 1 of them in the
 * seat's own (engines that count their rounds from their discards see the turn), the rest round
 * the other seats; the wall holds four tiles per draw left. Returns 0, or -1 with the reason in
 * why. */
int analyze_player_values(const char *spec, const jong_analysis_input *in, int turn, analyze_player_out *out,
                          char *why, size_t n);

#endif
