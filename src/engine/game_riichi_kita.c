/* Three-player riichi's kita (nukidora) in the engine: a north tile set aside on one's turn,
 * a dora of its owner's from then on (riichi_win_context counts them), offered to the others
 * for a ron, then replaced from the dead wall. What Tenhou's January 2022 sanma logs show
 * (535 Houou games, 11,978 kita) and the engine does:
 * - the kita ends every ippatsu: none of the 35 riichi wins within a go-around that saw a kita
 *   has ippatsu, while 384 of 385 without one do; like a call it also ends the first
 *   go-around: the 9 wins of a first-turn riichi declared after a kita count riichi, not
 *   double riichi (11 without one do), and none of the 129 kyuushu kyuuhai follows a kita of
 *   the first go-around (tenhou/chiihou: the same rule, not seen);
 * - a ron on the kita is allowed for any hand and is not chankan (4 cases, none with it);
 * - a tsumo on the replacement tile is rinshan kaihou (79 of 79).
 * A pending open-kan dora is not shown by a kita (it waits for the next discard or kan). */
#include <string.h>

#include "game_internal.h"

void riichi_kita(jong_game *g, int seat)
{
    g->hands[seat].counts[JONG_N]--;
    g->kita[seat]++;
    g->interrupted = true;
    memset(g->ippatsu, 0, sizeof g->ippatsu);
    g->last_draw[seat] = g->last_code[seat] = JONG_NO_TILE;
    jong_event ev;
    game_event_init(g, &ev, JONG_EV_KITA, seat);
    ev.tile = JONG_N;
    game_emit(g, &ev);
    g->claim_code = JONG_N;
    g->rob_ankan = false;
    g->rob_kita = true;
    if (!game_offer(g, PHASE_ROB_KONG, JONG_N)) {
        g->rob_kita = false;
        riichi_replacement_draw(g, seat);
    }
}

void riichi_resolve_rob_kita(jong_game *g)
{
    int meld_seat, chi_seat;
    unsigned winners = game_claim_answers(g, &meld_seat, &chi_seat);
    riichi_mark_furiten(g, winners);
    if (!winners) {
        g->rob_kita = false;
        riichi_replacement_draw(g, g->cur);
        return;
    }
    g->kita[g->cur]--;  /* the robbed north is the (first) winner's tile, no longer a kita */
    riichi_rons(g, winners, false);
}
