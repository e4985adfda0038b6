/* SIMCAT's MTW(c) (least tiles to pick and keep to hold c-1 melds and a pair) and the block
 * count of its formula (1). Declared melds count as melds already formed. */
#include "jong/eval.h"

#include "suit_dp.h"

static int sets_for(int melds, int c)
{
    int s = c - 1 - melds;
    return s < 0 ? 0 : s;
}

/* MTW(1..cmax) from one DP pass, which gives every set count at once. */
static void table_by_dp(const uint8_t counts[JONG_KINDS], const uint8_t limit[JONG_KINDS], int melds,
                        int cmax, int out[])
{
    uint8_t d[2][JONG_DP_MAXSETS + 1];
    jong_hand_dp(counts, limit, sets_for(melds, cmax), d);
    for (int c = 1; c <= cmax; c++) {
        int v = d[1][sets_for(melds, c)];
        out[c] = v >= JONG_DP_INF ? JONG_UNDEFINED : v;
    }
}

int jong_mtw(const uint8_t counts[JONG_KINDS], int melds, int c)
{
    if (c < 1 || c > JONG_MTW_MAX || melds < 0)
        return JONG_UNDEFINED;
    return jong_distance_standard(counts, sets_for(melds, c));
}

void jong_mtw_table(const uint8_t counts[JONG_KINDS], int melds, int cmax, int out[])
{
    if (cmax > JONG_MTW_MAX)
        cmax = JONG_MTW_MAX;
    int most = sets_for(melds, cmax);
    if (most <= JONG_MAX_SETS) {
        for (int c = 1; c <= cmax; c++)
            out[c] = jong_distance_standard(counts, sets_for(melds, c));
        return;
    }
    table_by_dp(counts, jong_full_limit, melds, cmax, out);
}

static int blocks_of(const int mtw[JONG_MTW_MAX + 1])
{
    int blocks = 0, prev = 0;
    for (int c = 1; c <= JONG_MTW_MAX && mtw[c] != JONG_UNDEFINED; c++) {
        if (mtw[c] - prev <= 1)
            blocks = c;
        prev = mtw[c];
    }
    return blocks;
}

int jong_blocks(const uint8_t counts[JONG_KINDS], int melds)
{
    int mtw[JONG_MTW_MAX + 1];
    jong_mtw_table(counts, melds, JONG_MTW_MAX, mtw);
    return blocks_of(mtw);
}

void jong_hand_mtw_table(const jong_hand *h, int cmax, int out[])
{
    uint8_t limit[JONG_KINDS];
    if (!jong_hand_limits(h, limit)) {
        jong_mtw_table(h->counts, h->nmelds, cmax, out);
        return;
    }
    table_by_dp(h->counts, limit, h->nmelds, cmax > JONG_MTW_MAX ? JONG_MTW_MAX : cmax, out);
}

int jong_hand_blocks(const jong_hand *h)
{
    int mtw[JONG_MTW_MAX + 1];
    jong_hand_mtw_table(h, JONG_MTW_MAX, mtw);
    return blocks_of(mtw);
}
