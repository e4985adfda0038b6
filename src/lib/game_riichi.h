/* Riichi-only rules of the engine that are pure functions of a hand or a call, kept apart from
 * the state machine so that each can be tested alone (tests/test_riichi_game.c). */
#ifndef JONG_GAME_RIICHI_H
#define JONG_GAME_RIICHI_H

#include <stdbool.h>
#include <stdint.h>

#include "jong/hand.h"

/* Kinds (bit k) a seat may not discard right after a chi or pon (kuikae, as Tenhou bans it):
 * the claimed kind, and after a chi that took the tile at one end of its sequence, the kind just
 * beyond the other end ("suji" kuikae: 3m taken with 45m bars 3m and 6m). type is JONG_ACT_CHI
 * or JONG_ACT_PON; low is the chi's lowest kind. */
uint64_t riichi_kuikae_banned(int type, int claimed, int low);

/* May a seat in riichi make a concealed kan of the tile it has just drawn? h is the hand after
 * the draw. Only the drawn kind may be kanned (no kan of a kind held before the draw), and the
 * kan must change neither the waits nor the reading: the waits of the hand without the drawn
 * tile equal the waits after the kan, and every standard reading of the hand completed by any
 * of those waits holds the kind as a triplet. */
bool riichi_ankan_allowed(const jong_hand *h, int drawn);

#endif
