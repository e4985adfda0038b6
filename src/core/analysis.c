/* Whole-hand analysis: shanten over the allowed forms with the 4-copy limit counting declared
 * melds, waits, effective tiles and the per-discard table. */
#include "jong/eval.h"

#include <stdlib.h>
#include <string.h>

jong_forms jong_variant_forms(jong_variant v)
{
    return v == JONG_VARIANT_TAIWAN ? JONG_FORMS_STANDARD : JONG_FORMS_ALL;
}

static int concealed(const uint8_t counts[JONG_KINDS])
{
    int n = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        n += counts[k];
    return n;
}

/* Seven pairs and thirteen orphans need a closed hand of 13 or 14 tiles. */
static bool special_forms_apply(const jong_hand *h, jong_variant v, int tiles)
{
    return h->nmelds == 0 && jong_variant_sets(v) == 4 && (tiles == 13 || tiles == 14);
}

/* Shanten over the allowed forms for counts (the hand's tiles may have been changed by the
 * caller); limit = 4 minus meld copies, or NULL for no limit below 4 (a lower bound, and exact
 * whenever the answer is -1). */
static int shanten_of(const jong_hand *h, const uint8_t counts[JONG_KINDS], const uint8_t limit[JONG_KINDS],
                      jong_variant v, jong_forms forms, jong_shanten3 *out)
{
    jong_shanten3 s = {JONG_UNDEFINED, JONG_UNDEFINED, JONG_UNDEFINED, JONG_UNDEFINED};
    if (forms & JONG_FORMS_STANDARD) {
        int sets = jong_hand_sets_needed(h, v);
        int d = limit ? jong_distance_standard_limited(counts, sets, limit) : jong_distance_standard(counts, sets);
        s.standard = d == JONG_UNDEFINED ? d : d - 1;
    }
    if (special_forms_apply(h, v, concealed(counts))) {
        if (forms & JONG_FORMS_CHIITOI)
            s.chiitoi = jong_shanten_chiitoi(counts);
        if (forms & JONG_FORMS_KOKUSHI)
            s.kokushi = jong_shanten_kokushi(counts);
    }
    s.best = s.standard;
    if (s.chiitoi < s.best) s.best = s.chiitoi;
    if (s.kokushi < s.best) s.best = s.kokushi;
    if (out)
        *out = s;
    return s.best;
}

int jong_hand_shanten(const jong_hand *h, jong_variant v, jong_forms forms, jong_shanten3 *out)
{
    uint8_t limit[JONG_KINDS];
    jong_hand_limits(h, limit);
    return shanten_of(h, h->counts, limit, v, forms, out);
}

bool jong_is_complete(const jong_hand *h, jong_variant v, jong_forms forms)
{
    /* completion uses only tiles we hold, so the 4-copy limit cannot matter: the fast
     * unlimited distance decides it exactly (the engine asks this on every discard) */
    return shanten_of(h, h->counts, NULL, v, forms, NULL) == -1;
}

uint64_t jong_waits(const jong_hand *h, jong_variant v, jong_forms forms)
{
    uint8_t limit[JONG_KINDS], counts[JONG_KINDS];
    jong_hand_limits(h, limit);
    memcpy(counts, h->counts, sizeof counts);
    uint64_t waits = 0;
    for (int k = 0; k < JONG_KINDS; k++) {
        if (counts[k] >= limit[k]) /* every copy is already ours: no fifth copy to wait on */
            continue;
        counts[k]++;
        /* A complete hand is made of tiles we hold, so the 4-copy limit is already met: the
         * unlimited (fast) distance decides completion exactly. */
        if (shanten_of(h, counts, NULL, v, forms, NULL) == -1)
            waits |= 1ull << k;
        counts[k]--;
    }
    return waits;
}

static int ukeire_of(const jong_hand *h, uint8_t counts[JONG_KINDS], const uint8_t limit[JONG_KINDS],
                     jong_variant v, jong_forms forms, const uint8_t seen[JONG_KINDS], jong_ukeire *out)
{
    memset(out, 0, sizeof *out);
    int now = shanten_of(h, counts, limit, v, forms, NULL);
    for (int k = 0; k < JONG_KINDS; k++) {
        if (counts[k] >= limit[k])
            continue;
        counts[k]++;
        /* The unlimited shanten is a lower bound: only where it improves is the exact one needed. */
        int after = shanten_of(h, counts, NULL, v, forms, NULL);
        if (after < now)
            after = shanten_of(h, counts, limit, v, forms, NULL);
        counts[k]--;
        if (after < now) {
            int left = limit[k] - counts[k] - (seen ? seen[k] : 0);
            out->kinds |= 1ull << k;
            out->unseen[k] = (uint8_t)(left > 0 ? left : 0);
            out->total += out->unseen[k];
        }
    }
    return now;
}

int jong_effective_tiles(const jong_hand *h, jong_variant v, jong_forms forms,
                         const uint8_t seen[JONG_KINDS], jong_ukeire *out)
{
    uint8_t limit[JONG_KINDS], counts[JONG_KINDS];
    jong_hand_limits(h, limit);
    memcpy(counts, h->counts, sizeof counts);
    return ukeire_of(h, counts, limit, v, forms, seen, out);
}

static int option_order(const void *pa, const void *pb)
{
    const jong_discard_option *a = pa, *b = pb;
    if (a->shanten != b->shanten)
        return a->shanten - b->shanten;
    if (a->ukeire.total != b->ukeire.total)
        return b->ukeire.total - a->ukeire.total;
    return a->discard - b->discard;
}

int jong_discard_table(const jong_hand *h, jong_variant v, jong_forms forms,
                       const uint8_t seen[JONG_KINDS], jong_discard_option out[JONG_KINDS])
{
    uint8_t limit[JONG_KINDS], counts[JONG_KINDS], visible[JONG_KINDS];
    jong_hand_limits(h, limit);
    memcpy(counts, h->counts, sizeof counts);
    for (int k = 0; k < JONG_KINDS; k++)
        visible[k] = seen ? seen[k] : 0;
    int rows = 0;
    for (int k = 0; k < JONG_KINDS; k++) {
        if (!counts[k])
            continue;
        counts[k]--;
        visible[k]++; /* the discard is face up now */
        out[rows].discard = (uint8_t)k;
        out[rows].shanten = ukeire_of(h, counts, limit, v, forms, visible, &out[rows].ukeire);
        visible[k]--;
        counts[k]++;
        rows++;
    }
    qsort(out, (size_t)rows, sizeof *out, option_order);
    return rows;
}
