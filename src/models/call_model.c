/* The learned call decision (jong/callmodel.h): what a pon or chi makes of the hand, its features
 * and the model's probability. */
#include <math.h>
#include <string.h>

#include "callmodel.h"
#include "jong/eval.h"
#include "learn.h"

/* Block sizes, each block laid out once per call type; feature 0 is the bias. */
enum {
    SH = 5, TURNS = 18,
    PER_TYPE = SH * 4 + SH + 2 + 2 + 2 + 2 + 3 + 5 + 2 + 6 + 2 + TURNS + 5 + 2 + 3 + 4 + 6 + 2 + 10,
    CALL_DIM = 1 + 2 * PER_TYPE
};

uint32_t jong_call_feature_dim(void) { return CALL_DIM; }

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

/* The two tiles a call takes from the hand and the kinds it may not discard next (kuikae);
 * false when the hand does not hold them. */
static bool call_shape(const jong_hand *h, int type, int tile, int low, int take[2], uint64_t *banned)
{
    *banned = 1ull << tile;
    if (type == JONG_CALL_PON) {
        take[0] = take[1] = tile;
        return h->counts[tile] >= 2;
    }
    if (tile >= JONG_NUMBER_KINDS || low < 0 || low >= JONG_NUMBER_KINDS || low % 9 > 6 ||
        low / 9 != tile / 9 || tile < low || tile > low + 2)
        return false;
    int n = 0;
    for (int k = low; k <= low + 2; k++)
        if (k != tile)
            take[n++] = k;
    if (h->counts[take[0]] < 1 || h->counts[take[1]] < 1)
        return false;
    /* the other end of the run, of the same suit (suji kuikae) */
    int other = low == tile ? tile + 3 : low + 2 == tile ? tile - 3 : -1;
    if (other >= 0 && other / 9 == tile / 9 && other < JONG_NUMBER_KINDS)
        *banned |= 1ull << other;
    return true;
}

int jong_call_shanten_after(const jong_hand *h, int type, int tile, int low)
{
    int take[2];
    uint64_t banned;
    if (tile < 0 || tile >= JONG_KINDS || h->nmelds >= 4 || !call_shape(h, type, tile, low, take, &banned))
        return JONG_UNDEFINED;
    uint8_t c[JONG_KINDS];
    memcpy(c, h->counts, sizeof c);
    c[take[0]]--;
    c[take[1]]--;
    int sh[JONG_KINDS], best = JONG_UNDEFINED;
    jong_discard_shanten(c, 4 - h->nmelds - 1, sh, NULL);
    for (int k = 0; k < JONG_KINDS; k++)
        if (c[k] && !(banned >> k & 1) && sh[k] < best)
            best = sh[k];
    return best;
}

int jong_call_best_chi(const jong_hand *h, int tile)
{
    int best = -1, best_sh = JONG_UNDEFINED;
    for (int low = tile - 2; low <= tile; low++) {
        int s = jong_call_shanten_after(h, JONG_CALL_CHI, tile, low);
        if (s < best_sh) {
            best_sh = s;
            best = low;
        }
    }
    return best;
}

static bool value_honor(int k, const jong_call_context *cx)
{
    return k >= JONG_P || k == JONG_E + cx->round_wind || k == JONG_E + cx->seat_wind;
}

/* Tiles of each kind in the melds, the new one included. */
static void meld_tiles(const jong_hand *h, int type, int tile, int low, uint8_t out[JONG_KINDS])
{
    jong_hand_meld_counts(h, out);
    if (type == JONG_CALL_PON)
        out[tile] = (uint8_t)(out[tile] + 3);
    else
        for (int i = 0; i < 3; i++)
            out[low + i]++;
}

typedef struct {
    uint32_t *out;
    int n;
    uint32_t base;
    int type;
} builder;

/* One block of size values, the one for this call type; v is clamped into it. */
static void put(builder *b, int size, int v)
{
    b->out[b->n++] = b->base + (uint32_t)(b->type * size + clampi(v, 0, size - 1));
    b->base += 2u * (uint32_t)size;
}

int jong_call_features(const jong_hand *h, int type, int tile, int low, const jong_call_context *cx,
                       uint32_t out[JONG_CALL_MAX_ACTIVE])
{
    int after = jong_call_shanten_after(h, type, tile, low);
    if (after == JONG_UNDEFINED)
        return 0;
    int take[2];
    uint64_t banned;
    call_shape(h, type, tile, low, take, &banned);
    int before = jong_shanten_standard(h->counts, 4 - h->nmelds);
    if (h->nmelds == 0) {
        int s7 = jong_shanten_chiitoi(h->counts), s13 = jong_shanten_kokushi(h->counts);
        before = s7 < before ? s7 : before;
        before = s13 < before ? s13 : before;
    }
    uint8_t rest[JONG_KINDS], melded[JONG_KINDS];
    memcpy(rest, h->counts, sizeof rest);
    rest[take[0]]--;
    rest[take[1]]--;
    meld_tiles(h, type, tile, low, melded);

    bool open = false, yaku_held = false;
    for (int m = 0; m < h->nmelds; m++) {
        const jong_meld *md = &h->melds[m];
        open = open || md->type != JONG_MELD_CONCEALED_KONG;
        yaku_held = yaku_held || (md->type != JONG_MELD_CHOW && value_honor(md->tile, cx));
    }
    int value_pairs = 0, pairs = 0, yaochu = 0, dora = 0, suit_tiles[3] = {0, 0, 0};
    for (int k = 0; k < JONG_KINDS; k++) {
        yaku_held = yaku_held || (h->counts[k] >= 3 && value_honor(k, cx));
        value_pairs += k != tile && h->counts[k] == 2 && value_honor(k, cx);
        pairs += h->counts[k] >= 2;
        int all = rest[k] + melded[k];
        if (jong_kind_is_yaochu(k))
            yaochu += all;
        if (k < JONG_NUMBER_KINDS)
            suit_tiles[k / 9] += all;
        dora += all * cx->dora[k];
    }
    for (int s = 0; s < 3; s++)
        dora += h->red[s];
    for (int m = 0; m < h->nmelds; m++)
        dora += h->melds[m].red;
    int main_suit = 0;
    for (int s = 1; s < 3; s++)
        if (suit_tiles[s] > suit_tiles[main_suit])
            main_suit = s;
    int off_suit = suit_tiles[0] + suit_tiles[1] + suit_tiles[2] - suit_tiles[main_suit];

    builder b = {out, 0, 1, type};
    out[b.n++] = 0; /* bias */
    int s0 = clampi(before, 0, SH - 1);
    put(&b, SH * 4, s0 * 4 + clampi(before - after + 1, 0, 3)); /* change -1..2 */
    put(&b, SH, after);
    bool honor = tile >= JONG_NUMBER_KINDS;
    put(&b, 2, type == JONG_CALL_PON && honor && value_honor(tile, cx));
    put(&b, 2, type == JONG_CALL_PON && honor && !value_honor(tile, cx));
    put(&b, 2, open);
    put(&b, 2, yaku_held);
    put(&b, 3, value_pairs);
    put(&b, 5, yaochu);
    put(&b, 2, jong_kind_is_yaochu(tile));
    put(&b, 6, off_suit);
    put(&b, 2, honor || tile / 9 == main_suit);
    put(&b, TURNS, cx->turn);
    put(&b, 5, dora);
    put(&b, 2, cx->dora[tile] > 0);
    put(&b, 3, cx->others_riichi);
    put(&b, 4, h->nmelds);
    put(&b, 6, pairs);
    put(&b, 2, cx->dealer);
    put(&b, 10, honor ? 9 : tile % 9);
    return b.base == CALL_DIM ? b.n : 0; /* the layout above and the enum agree (tests check) */
}

double jong_call_probability(const jong_linmodel *m, const jong_hand *h, int type, int tile, int low,
                             const jong_call_context *cx)
{
    uint32_t f[JONG_CALL_MAX_ACTIVE];
    int n = jong_call_features(h, type, tile, low, cx, f);
    if (n == 0 || m->dim != CALL_DIM)
        return 0;
    return 1.0 / (1.0 + exp(-jong_sparse_dot(m->w, f, NULL, n)));
}
