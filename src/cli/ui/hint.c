/* The hint line (see hint.h). */
#include <stdio.h>

#include "event_text.h"
#include "hint.h"

void hint_text(const jong_view *v, const jong_action *legal, int nlegal, char *buf, size_t n)
{
    uint8_t seen[JONG_KINDS] = {0};
    for (int s = 0; s < JONG_SEATS; s++) {
        const jong_seat_view *sv = &v->seats[s];
        for (int i = 0; i < sv->ndiscards; i++)
            if (!sv->discard_claimed[i] && jong_code_kind(sv->discards[i]) < JONG_KINDS)
                seen[jong_code_kind(sv->discards[i])]++;
        if (s == v->seat)
            continue; /* own melds are counted by the evaluator */
        for (int i = 0; i < sv->nmelds; i++) {
            const jong_meld *m = &sv->melds[i];
            if (m->tile >= JONG_KINDS)
                continue;
            for (int t = 0; t < (m->type >= JONG_MELD_KONG ? 4 : 3); t++) {
                int k = m->type == JONG_MELD_CHOW ? m->tile + t : m->tile;
                if (seen[k] < 4)
                    seen[k]++;
            }
        }
    }
    /* never more than 4 in sight with the own tiles (a claimed tile is both river and meld) */
    uint8_t mine[JONG_KINDS];
    jong_hand_meld_counts(&v->own, mine);
    for (int k = 0; k < JONG_KINDS; k++) {
        int room = 4 - v->own.counts[k] - mine[k];
        if (seen[k] > room)
            seen[k] = (uint8_t)(room > 0 ? room : 0);
    }
    jong_discard_option rows[JONG_KINDS];
    int nrows = jong_discard_table(&v->own, v->variant, jong_variant_forms(v->variant), seen, rows);
    /* only the kinds the seat may discard now (after riichi: the tile just drawn) */
    if (legal) {
        uint64_t allowed = 0;
        for (int a = 0; a < nlegal; a++)
            if (legal[a].type == JONG_ACT_DISCARD && legal[a].tile < JONG_KINDS)
                allowed |= 1ull << legal[a].tile;
        int kept = 0;
        for (int i = 0; i < nrows; i++)
            if (allowed >> rows[i].discard & 1)
                rows[kept++] = rows[i];
        nrows = kept;
    }
    size_t used = (size_t)snprintf(buf, n, "hint:");
    for (int i = 0; i < nrows && i < 3 && used < n; i++) {
        const char *sh = rows[i].shanten < 0 ? "win" : rows[i].shanten == 0 ? "ready" : NULL;
        char shbuf[24];
        if (!sh) {
            snprintf(shbuf, sizeof shbuf, "%d-shanten", rows[i].shanten);
            sh = shbuf;
        }
        used += (size_t)snprintf(buf + used, n - used, "%s %s %s/%d", i ? "," : "",
                                 tile_word(rows[i].discard), sh, rows[i].ukeire.total);
    }
}

