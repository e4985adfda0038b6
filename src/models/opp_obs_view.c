/* An opponent-model observation made from one seat's view alone, for players asked about a
 * position they did not follow event by event (jong analyze, a review of a single decision).
 * The view keeps each river in order but not the order between rivers, so each discard's place
 * in the hand (seq, turn) is rebuilt as if the seats had discarded in turn from the dealer;
 * calls make that an approximation, which the models only use as "how late in the hand". */
#include <string.h>

#include "oppmodel.h"

void jong_opp_obs_from_view(jong_opp_obs *o, const jong_view *v)
{
    memset(o, 0, sizeof *o);
    o->round_wind = v->round_wind;
    o->kyoku = (int8_t)(v->dealer >= 0 ? v->dealer : 0);
    o->dealer = v->dealer;
    o->honba = v->streak;
    o->kyotaku = v->kyotaku; /* the tracker keeps the sticks the hand started with */
    for (int s = 0; s < JONG_SEATS; s++)
        o->kyotaku -= v->riichi[s] != 0;
    if (o->kyotaku < 0)
        o->kyotaku = 0;
    o->ndora = (uint8_t)(v->ndora > 5 ? 5 : v->ndora);
    for (int i = 0; i < o->ndora; i++) {
        o->dora_markers[i] = v->dora_markers[i];
        o->shown[jong_code_kind(v->dora_markers[i])]++;
    }
    for (int s = 0; s < JONG_SEATS; s++) {
        const jong_seat_view *sv = &v->seats[s];
        jong_opp_seat *st = &o->seats[s];
        int order = (s - v->dealer + JONG_SEATS) % JONG_SEATS;
        st->riichi_at = -1;
        st->drawn = JONG_NO_TILE;
        jong_hand_clear(&st->hand);
        int n = sv->ndiscards < JONG_OPP_RIVER ? sv->ndiscards : JONG_OPP_RIVER;
        for (int i = 0; i < n; i++) {
            int code = jong_code_make(sv->discards[i], sv->discard_red >> i & 1);
            jong_opp_discard *d = &st->river[i];
            int seq = i * JONG_SEATS + order;
            d->tile = (uint8_t)jong_opp_tile37(code);
            d->tedashi = !(sv->discard_tsumogiri >> i & 1);
            d->riichi = sv->riichi_at == i;
            d->called = sv->discard_claimed[i] != 0;
            d->seq = (uint8_t)(seq < 255 ? seq : 255);
            d->turn = (uint8_t)(seq / JONG_SEATS);
            /* every discard is seen, also one a call took (the meld then shows the other tiles) */
            o->shown[sv->discards[i]]++;
            if (d->called)
                o->shown[sv->discards[i]]--;
        }
        st->ndiscards = (uint8_t)n;
        o->ndiscards += n;
        st->riichi = v->riichi[s] != 0;
        st->riichi_at = sv->riichi_at;
        st->nmelds = (uint8_t)(sv->nmelds > 4 ? 4 : sv->nmelds);
        for (int m = 0; m < st->nmelds; m++) {
            const jong_meld *md = &sv->melds[m];
            st->melds[m] = *md;
            if (md->tile >= JONG_KINDS)
                continue; /* face down */
            if (md->type == JONG_MELD_CHOW)
                for (int k = 0; k < 3; k++)
                    o->shown[md->tile + k]++;
            else
                o->shown[md->tile] += md->type == JONG_MELD_PUNG ? 3 : 4;
        }
        if (s == v->seat) {
            st->hand = v->own;
            st->known = true;
            if (v->last_draw != JONG_NO_TILE)
                st->drawn = (uint8_t)v->last_draw;
        }
    }
    o->wall_left = v->wall_left;
}
