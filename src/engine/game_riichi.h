/* Riichi-only rules of the engine that are pure functions of a hand, a call or the scores, kept apart from
 * the state machine so that each can be tested alone (tests/test_riichi_game.c). */
#ifndef JONG_GAME_RIICHI_H
#define JONG_GAME_RIICHI_H

#include <stdbool.h>
#include <stdint.h>

#include "jong/game.h"
#include "jong/hand.h"
#include "jong/rules.h"

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

/* The chi and pon a seat may make on a discard of kind `kind` (chi only when chi is true, i.e.
 * from the previous seat), as actions: tile = kind, low = the chi's lowest kind, flags =
 * JONG_ACT_FLAG_RED when a red five of the hand is used. When the hand holds both a red and a
 * plain five that a call could use, both calls are listed. A call after which every tile left in
 * the hand is barred by kuikae is not listed (as on Tenhou). Writes at most 8; returns the count. */
int riichi_call_options(const jong_hand *h, int kind, bool chi, jong_action out[8]);

/* A closed hand: no declared meld but concealed kans (riichi and menzen tsumo need it). */
bool riichi_hand_closed(const jong_hand *h);

/* The riichi discards of a hand with 3N+2 concealed tiles: bit k set when discarding kind k
 * leaves the hand waiting. A kind whose four copies are all in the hand is no wait, so a hand
 * waiting only on such kinds cannot declare riichi (as Tenhou). The other conditions (closed,
 * 1000 points, 4 tiles left in the live wall, not yet in riichi) are the engine's. */
uint64_t riichi_tenpai_discards(const jong_hand *h);

/* Tenpai at an exhaustive draw, as Tenhou counts it for the payments: the hand (3N+1 tiles)
 * lacks one tile of a winning form, where only four copies in the concealed hand make a wait
 * impossible (a tanki on 5p next to a pon of 5p is tenpai; a tanki on 1m holding 1111m is not). */
bool riichi_tenpai_at_draw(const jong_hand *h);

/* Four winds: the first four discards of a hand, with no call before them, are one wind. */
bool riichi_four_winds(const uint8_t first_discards[4]);

/* The payments of an exhaustive draw (no nagashi mangan): the seats not in tenpai pay 3000 in
 * all to the seats in tenpai (1 tenpai: +3000 / -1000 each; 2: +1500 / -1500; 3: +1000 / -3000;
 * none or all four: nothing). tenpai is a bit set of seats. */
void riichi_tenpai_payments(unsigned tenpai, int32_t deltas[4]);
/* The same at a table of `seats` seats (3: 2000 in all, 1 tenpai: +2000 / -1000 each; 2: +1000
 * each / -2000, as Tenhou's three-player logs show; seat 3 gets 0). */
void riichi_tenpai_payments_seats(unsigned tenpai, int seats, int32_t deltas[4]);

/* Nagashi mangan at an exhaustive draw: a seat discarded at least once, only terminals and
 * honors, and none of its discards was claimed. river: the seat's discards (kinds). */
bool riichi_nagashi(const uint8_t *river, const uint8_t *claimed, int n);
/* Add to deltas what a nagashi mangan of seat pays it: a mangan by tsumo (dealer 4000 from each
 * seat; non-dealer 4000 from the dealer and 2000 from the others), without honba (as Tenhou). */
void riichi_nagashi_payments(int seat, int dealer, int32_t deltas[4]);
/* The same at a table of `seats` seats: with three, the missing North pays nothing (a
 * non-dealer's 6000, the dealer's 8000, as on Tenhou's three-player logs). */
void riichi_nagashi_payments_seats(int seat, int dealer, int seats, int32_t deltas[4]);
/* Three players with the tsumo split (three_player=split): a non-dealer's 5,000 from the dealer
 * and 3,000 from the other, the dealer's 6,000 from each. */
void riichi_nagashi_payments_split(int seat, int dealer, int32_t deltas[4]);

/* Kyuushu kyuuhai: a hand holds at least nine different terminal and honor kinds. */
bool riichi_nine_terminals(const uint8_t counts[JONG_KINDS]);

/* What comes after a riichi hand, as on Tenhou. kyoku counts hands by dealer and round from 0
 * (East 1 = 0 .. East 4 = 3, South 1 = 4 .. North 4 = 15; three players: round x 3 + dealer,
 * the last hand East 3 or South 3); dealer_keeps: the dealer won, or the
 * hand was drawn (exhaustive, nagashi or abortive) with the dealer in tenpai or aborted; draw:
 * the hand was drawn (honba + 1 then too); abortive: an abortive draw; scores: after the hand;
 * dealer: its seat. Returns true when the game is over; otherwise writes the next kyoku and
 * honba. The game ends: on a score below zero (tobi on); after the last hand of the length
 * (East 4 tonpuu, South 4 hanchan) or any hand of the extension (extension_rounds rounds at
 * most) when the dealer moves on and someone has return_score, or the extension's last hand is
 * over; and there when the dealer keeps the deal by a win, or by tenpai at a draw (tenpai_yame
 * on; not an abortive draw: Tenhou plays on after a kyuushu kyuuhai in South 4 with the dealer
 * first), first with return_score (agari_yame on).
 * A dealer who keeps the deal otherwise plays on, also in the extension (checked on Tenhou's
 * January 2022 logs: all 1,586 four-player games replay to the same end). */
bool riichi_next_hand(const jong_ruleset *rs, int kyoku, int honba, bool dealer_keeps, bool draw, bool abortive,
                      const int32_t scores[4], int dealer, int *next_kyoku, int *next_honba);

/* The end of a riichi game. scores are the final scores (leftover riichi sticks already given to
 * the first place). rank[s] = 0..3, ties to the seat nearer the first dealer (seat 0). points[s]
 * is the result in thousands, as Tenhou computes it: each seat but the first gets its score in
 * thousands rounded half away from zero, minus return_score / 1000, plus the uma of its rank;
 * the first place gets minus the sum of the others (so the oka goes to it). Checked against the
 * final results of 1,586 Tenhou Houou games of January 2022. */
void riichi_final_result(const int32_t scores[4], const int uma[4], int return_score, int rank[4],
                         int points[4]);
/* The same over the first `seats` seats (3: three players, uma[0..2]; seat 3 gets rank 3 and 0
 * points). Checked with four players as above; with three against a Tenhou sanma game of
 * January 2022 (41,700 / 35,300 / 28,000: +37, -5, -32 with uma +20 0 -20, return 40,000). */
void riichi_final_result_seats(int seats, const int32_t scores[4], const int uma[4], int return_score, int rank[4],
                               int points[4]);

#endif
