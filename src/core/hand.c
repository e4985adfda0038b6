/* Hand bookkeeping: counts, melds, size checks per variant. */
#include "jong/hand.h"

#include <string.h>

void jong_hand_clear(jong_hand *h)
{
    memset(h, 0, sizeof *h);
}

int jong_hand_concealed_count(const jong_hand *h)
{
    int n = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        n += h->counts[k];
    return n;
}

int jong_variant_sets(jong_variant v)
{
    return v == JONG_VARIANT_TAIWAN ? 5 : 4;
}

int jong_hand_sets_needed(const jong_hand *h, jong_variant v)
{
    int n = jong_variant_sets(v) - h->nmelds;
    return n < 0 ? 0 : n;
}

void jong_hand_meld_counts(const jong_hand *h, uint8_t out[JONG_KINDS])
{
    memset(out, 0, JONG_KINDS);
    for (int i = 0; i < h->nmelds; i++) {
        const jong_meld *m = &h->melds[i];
        switch (m->type) {
        case JONG_MELD_CHOW:
            out[m->tile]++, out[m->tile + 1]++, out[m->tile + 2]++;
            break;
        case JONG_MELD_PUNG:
            out[m->tile] += 3;
            break;
        default:
            out[m->tile] += 4;
            break;
        }
    }
}

bool jong_hand_limits(const jong_hand *h, uint8_t limit[JONG_KINDS])
{
    bool lowered = false;
    jong_hand_meld_counts(h, limit);
    for (int k = 0; k < JONG_KINDS; k++) {
        lowered |= limit[k] != 0;
        limit[k] = (uint8_t)(limit[k] >= 4 ? 0 : 4 - limit[k]);
    }
    return lowered;
}

int jong_hand_check(const jong_hand *h, jong_variant v, jong_error *err)
{
    uint8_t meld[JONG_KINDS];
    jong_hand_meld_counts(h, meld);
    for (int k = 0; k < JONG_KINDS; k++)
        if (h->counts[k] + meld[k] > 4)
            return jong_error_set(err, JONG_ERR_FIFTH_COPY, -1,
                                  "%d copies of kind %d%c (at most 4)", h->counts[k] + meld[k],
                                  k < 27 ? k % 9 + 1 : k - 26, "mpsz"[k / 9]);
    int sets = jong_variant_sets(v);
    if (h->nmelds > sets)
        return jong_error_set(err, JONG_ERR_TILE_COUNT, -1, "%d melds, at most %d for %s rules",
                              h->nmelds, sets, v == JONG_VARIANT_TAIWAN ? "taiwan" : "riichi");
    int n = jong_hand_concealed_count(h) + 3 * h->nmelds;
    int lo = 3 * sets + 1;
    if (n != lo && n != lo + 1)
        return jong_error_set(err, JONG_ERR_TILE_COUNT, -1,
                              "%d tiles (melds count 3), %s rules need %d or %d", n,
                              v == JONG_VARIANT_TAIWAN ? "taiwan" : "riichi", lo, lo + 1);
    return JONG_OK;
}
