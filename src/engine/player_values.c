/* jong_player_discard_values: an engine's own values of each discard, through its optional hook. */
#include <string.h>

#include "jong/player.h"

int jong_player_discard_values(jong_player *p, const jong_decision *d, jong_player_values *out, jong_error *err)
{
    memset(out, 0, sizeof *out);
    out->choice = -1;
    out->measure = "";
    if (!p->discard_values)
        return jong_error_set(err, JONG_ERR_ARG, -1, "player '%s' has no values of its discards (simcat, kf-*, guard, rollout, race, loh, mizukami, oneplayer, kurita and best do)",
                              p->spec);
    bool discard = false;
    for (int i = 0; i < d->nlegal; i++)
        discard |= d->legal[i].type == JONG_ACT_DISCARD;
    if (!discard)
        return jong_error_set(err, JONG_ERR_ARG, -1, "the decision has no discard");
    return p->discard_values(p, d, out);
}
