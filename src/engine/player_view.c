/* What an engine can work out from its view: the unseen copies of each kind; which legal discard
 * plays a chosen kind. */
#include "jong/player.h"

void jong_view_unseen(const jong_view *v, int out[JONG_KINDS])
{
    for (int k = 0; k < JONG_KINDS; k++)
        out[k] = (v->nseats == 3 && jong_sanma_missing(k) ? 0 : 4) - v->own.counts[k];
    for (int s = 0; s < JONG_SEATS; s++) {
        const jong_seat_view *sv = &v->seats[s];
        out[JONG_N] -= sv->kita;
        for (int m = 0; m < sv->nmelds; m++) {
            const jong_meld *md = &sv->melds[m];
            if (md->tile >= JONG_KINDS)
                continue; /* a face-down kong */
            if (md->type == JONG_MELD_CHOW)
                for (int k = 0; k < 3; k++)
                    out[md->tile + k]--;
            else
                out[md->tile] -= md->type == JONG_MELD_PUNG ? 3 : 4;
        }
        for (int i = 0; i < sv->ndiscards; i++)
            if (!sv->discard_claimed[i])
                out[sv->discards[i]]--;
    }
    for (int k = 0; k < JONG_KINDS; k++)
        if (out[k] < 0)
            out[k] = 0;
}

int jong_discard_of_kind(const jong_decision *d, int kind)
{
    int best = -1, best_rank = -1;
    for (int i = 0; i < d->nlegal; i++) {
        const jong_action *a = &d->legal[i];
        if (a->type != JONG_ACT_DISCARD || jong_code_kind(a->tile) != kind)
            continue;
        int rank = (a->flags & JONG_ACT_FLAG_RIICHI ? 2 : 0) + !(a->flags & JONG_ACT_FLAG_RED);
        if (rank > best_rank) {
            best_rank = rank;
            best = i;
        }
    }
    if (best >= 0)
        return best;
    for (int i = 0; i < d->nlegal; i++)
        if (d->legal[i].type == JONG_ACT_DISCARD)
            return i;
    return 0;
}
