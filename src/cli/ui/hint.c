/* The hint (see hint.h). */
#include <stdio.h>
#include <string.h>

#include "event_text.h"
#include "hint.h"

/* the tiles the seat sees outside its own hand, at most what its own tiles leave of each kind
 * (a claimed tile is both a river's and a meld's) */
static void seen_tiles(const jong_view *v, uint8_t seen[JONG_KINDS])
{
    memset(seen, 0, JONG_KINDS);
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
    uint8_t mine[JONG_KINDS];
    jong_hand_meld_counts(&v->own, mine);
    for (int k = 0; k < JONG_KINDS; k++) {
        int room = 4 - v->own.counts[k] - mine[k];
        if (seen[k] > room)
            seen[k] = (uint8_t)(room > 0 ? room : 0);
    }
}

void hint_find(const jong_view *v, const jong_action *legal, int nlegal, hint_info *out)
{
    memset(out, 0, sizeof *out);
    uint64_t allowed = legal ? 0 : ~0ull;
    for (int a = 0; legal && a < nlegal; a++) {
        if (legal[a].type == JONG_ACT_SELF_DRAW_WIN)
            out->win = true;
        if (legal[a].type == JONG_ACT_DISCARD && legal[a].tile < JONG_KINDS)
            allowed |= 1ull << legal[a].tile;
    }
    uint8_t seen[JONG_KINDS];
    seen_tiles(v, seen);
    jong_discard_option rows[JONG_KINDS];
    int nrows = jong_discard_table(&v->own, v->variant, jong_variant_forms(v->variant), seen, rows);
    /* only the kinds the seat may discard now (after riichi: the tile just drawn) */
    for (int i = 0; i < nrows && out->nrows < HINT_ROWS; i++)
        if (allowed >> rows[i].discard & 1) {
            out->rows[out->nrows].kind = rows[i].discard;
            out->rows[out->nrows].shanten = rows[i].shanten;
            out->rows[out->nrows].tiles = rows[i].ukeire.total;
            out->nrows++;
        }
}

void hint_words(const hint_info *h, char *buf, size_t n)
{
    if (h->win) {
        snprintf(buf, n, "win by self-draw");
        return;
    }
    if (!h->nrows) {
        snprintf(buf, n, "no discard to suggest");
        return;
    }
    int sh = h->rows[0].shanten, t = h->rows[0].tiles;
    const char *kind = tile_word(h->rows[0].kind);
    size_t used;
    if (sh <= 0)
        used = (size_t)snprintf(buf, n, "discard %s: ready, %d tile%s win", kind, t, t == 1 ? "" : "s");
    else
        used = (size_t)snprintf(buf, n, "discard %s: %d from ready, %d tile%s help", kind, sh, t, t == 1 ? "" : "s");
    for (int i = 1; i < h->nrows && used < n; i++)
        used += (size_t)snprintf(buf + used, n - used, "%s%s", i == 1 ? "; or " : ", ", tile_word(h->rows[i].kind));
}

void hint_text(const jong_view *v, const jong_action *legal, int nlegal, char *buf, size_t n)
{
    hint_info h;
    hint_find(v, legal, nlegal, &h);
    char words[200];
    hint_words(&h, words, sizeof words);
    snprintf(buf, n, "hint: %s", words);
}
