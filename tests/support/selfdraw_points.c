/* Test support: see selfdraw_points.h. */
#include "selfdraw_points.h"

#include <string.h>

bool selfdraw_points(const jong_ruleset *rs, jong_variant v, const jong_analysis_input *in, const jong_hand *h13,
                     int k, bool riichi, bool ippatsu, int ura, int *pts)
{
    jong_error err;
    if (v == JONG_VARIANT_RIICHI) {
        jong_riichi_context c;
        memset(&c, 0, sizeof c);
        c.hand = *h13;
        c.hand.counts[k]++;
        c.win_tile = k;
        c.tsumo = true;
        c.dealer = in->dealer;
        c.seat_wind = in->seat_wind;
        c.round_wind = in->round_wind;
        c.flags = (riichi ? JONG_RIICHI_WIN_RIICHI : 0u) | (ippatsu ? JONG_RIICHI_WIN_IPPATSU : 0u);
        c.ndora = in->ndora;
        memcpy(c.dora, in->dora, sizeof c.dora);
        if (riichi) {
            c.nura = 1;
            c.ura[0] = (uint8_t)ura;
        }
        jong_riichi_result r;
        if (jong_riichi_score(rs, &c, &r, &err) != JONG_OK)
            return false;
        *pts = r.pay.points;
        return true;
    }
    jong_win_context c;
    memset(&c, 0, sizeof c);
    c.hand = *h13;
    c.hand.counts[k]++;
    c.win_tile = k;
    c.discarder = -1;
    c.dealer = in->dealer ? 0 : 1;
    c.seat_wind = in->seat_wind;
    c.round_wind = in->round_wind;
    jong_tai_result r;
    if (jong_tai_score(rs, &c, &r, &err) != JONG_OK)
        return false;
    *pts = r.deltas[0];
    return true;
}
