/* The end of a hand and of a game in a web game's state (see web_state.h): "result", the lines
 * the terminal shows too; "ura_markers" (riichi); "end", what the end-of-hand screen draws: each
 * win with the winner's hand (winning tile apart, melds with the called tile turned, flowers),
 * its scoring items with their values (yaku and han, or tai), the points and every seat's
 * payment; at an exhaustive draw the ready hands with their waits; and, once the game is over,
 * "final": the standings with scores and, in riichi, the uma and the result. */
#ifndef JONG_WEB_END_H
#define JONG_WEB_END_H

#include <jansson.h>

#include "web_state.h"

void web_end_add(json_t *root, const web_state_input *in);

#endif
