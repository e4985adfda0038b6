/* The features of the opponent models: the paper's Tables I (waiting), III (winning tiles) and V
 * (score), laid out block after block behind a bias feature. Where the paper names a block but
 * not its exact meaning, docs/experiments/mizukami.md says how it is read here. All features are
 * binary; a feature that fires twice counts once. */
#include <stdlib.h>
#include <string.h>

#include "oppmodel.h"

enum { T37 = JONG_OPP_TILES, M136 = 136 };

/* Table I */
enum {
    W_RIICHI = 1,
    W_MELDS_DISCARDS = W_RIICHI + 1,           /* 5 x 19 */
    W_MELDS_TURNS = W_MELDS_DISCARDS + 5 * 19,  /* 4 x 19 */
    W_MELDS_TEDASHI = W_MELDS_TURNS + 4 * 19,   /* 5 x 19 */
    W_MELDS_LAST = W_MELDS_TEDASHI + 5 * 19,    /* 5 x 37 */
    W_MELD_DISCARD = W_MELDS_LAST + 5 * T37,    /* 136 x 37 */
    W_DORA_DISCARD = W_MELD_DISCARD + M136 * T37, /* 34 */
    W_RED_DISCARD = W_DORA_DISCARD + JONG_KINDS,  /* 1 */
    W_DISCARD_PAIR = W_RED_DISCARD + 1,           /* 37 x 37 */
    W_DIM = W_DISCARD_PAIR + T37 * T37
};

/* Table III */
enum {
    T_COUNT = 1,                                /* 5 x 34 */
    T_SAFE = T_COUNT + 5 * JONG_KINDS,          /* 34 */
    T_TEDASHI_N = T_SAFE + JONG_KINDS,          /* 3 x 34 */
    T_DORA = T_TEDASHI_N + 3 * JONG_KINDS,      /* 34 */
    T_TURN_TILE = T_DORA + JONG_KINDS,          /* 18 x 37 */
    T_RIICHI_TILE = T_TURN_TILE + 18 * T37,     /* 37 */
    T_MELD_DISCARD = T_RIICHI_TILE + T37,       /* 136 x 37 */
    T_MELD_PAIR = T_MELD_DISCARD + M136 * T37,  /* 136 x 136 */
    T_DISCARD_PAIR = T_MELD_PAIR + M136 * M136, /* 37 x 37 x 2 x 2 */
    T_LAST_TEDASHI = T_DISCARD_PAIR + T37 * T37 * 4, /* 37 x 37 */
    T_DIM = T_LAST_TEDASHI + T37 * T37
};

/* Table V (fd = revealed fan 0..6 x countable dora 0..7 = 56) */
enum {
    S_RIICHI_DEALER = 1,                        /* 2 x 2 */
    S_FD = S_RIICHI_DEALER + 4,                 /* 7 x 8 */
    S_STATE_FD = S_FD + 56,                     /* 3 x 7 x 8 */
    S_MELD_FD = S_STATE_FD + 3 * 56,            /* 136 x 7 x 8 */
    S_MELD_PAIR = S_MELD_FD + M136 * 56,        /* 136 x 136 */
    S_NMELDS_FD = S_MELD_PAIR + M136 * M136,    /* 5 x 7 x 8 */
    S_SUJI_TANYAO = S_NMELDS_FD + 5 * 56,       /* 3 x 2 x 2 */
    S_HONOR_CALLS = S_SUJI_TANYAO + 12,         /* 3 */
    S_DORA_RELATION = S_HONOR_CALLS + 3,        /* 5 */
    S_TANYAO_DORA = S_DORA_RELATION + 5,        /* 2 x 2 x 8 */
    S_FLUSH = S_TANYAO_DORA + 32,               /* 5 x 7 x 2 x 2 */
    S_TOITOI = S_FLUSH + 140,                   /* 5 x 7 x 2 */
    S_DRAGON_MELDS = S_TOITOI + 70,             /* 3 */
    S_WIND_MELDS = S_DRAGON_MELDS + 3,          /* 4 */
    S_DIM = S_WIND_MELDS + 4
};

_Static_assert(W_DIM == 1 + 6888, "Table I has 6,888 features");
_Static_assert(T_DIM == 1 + 31416, "Table III has 31,416 features");
_Static_assert(S_DIM == 1 + 26889, "Table V has 26,889 features");

uint32_t jong_opp_feature_dim(int model)
{
    return model == JONG_OPP_WAITING ? W_DIM : model == JONG_OPP_WINTILE ? T_DIM : S_DIM;
}

const char *jong_opp_model_name(int model)
{
    return model == JONG_OPP_WAITING ? "waiting" : model == JONG_OPP_WINTILE ? "wintile" : "score";
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static int unique(uint32_t *out, int n)
{
    qsort(out, (size_t)n, sizeof *out, cmp_u32);
    int m = 0;
    for (int i = 0; i < n; i++)
        if (m == 0 || out[m - 1] != out[i])
            out[m++] = out[i];
    return m;
}

static int imin(int a, int b) { return a < b ? a : b; }

/* A meld as one of 136: chow (by lowest kind), pung, open kong, closed kong, x 34 kinds. */
static int meld136(const jong_meld *m)
{
    int cls = m->type == JONG_MELD_CHOW ? 0 : m->type == JONG_MELD_PUNG ? 1 : m->type == JONG_MELD_KONG ? 2 : 3;
    return cls * JONG_KINDS + m->tile;
}

static int tile_kind(int t37) { return t37 < JONG_KINDS ? t37 : (t37 - JONG_KINDS) * 9 + 4; }

/* Room for: 1 + 34 + 40 + 40 + 160 + 10 + 820 + 40 + ... well under JONG_OPP_MAX_ACTIVE. */
#define PUT(x) (out[n++] = (uint32_t)(x))

int jong_opp_features_waiting(const jong_opp_obs *o, int seat, uint32_t *out)
{
    const jong_opp_seat *st = &o->seats[seat];
    int n = 0, nm = st->nmelds, nd = st->ndiscards, tedashi = 0;
    uint8_t dora[JONG_KINDS];
    jong_opp_dora_kinds(o, dora);
    PUT(0);
    if (st->riichi)
        PUT(W_RIICHI);
    for (int i = 0; i < nd; i++)
        tedashi += st->river[i].tedashi;
    PUT(W_MELDS_DISCARDS + nm * 19 + imin(nd, 18));
    PUT(W_MELDS_TURNS + imin(nm, 3) * 19 + imin(o->ndiscards / 4, 18));
    PUT(W_MELDS_TEDASHI + nm * 19 + imin(tedashi, 18));
    if (nd > 0)
        PUT(W_MELDS_LAST + nm * T37 + st->river[nd - 1].tile);
    for (int m = 0; m < nm; m++)
        for (int i = 0; i < nd; i++)
            PUT(W_MELD_DISCARD + meld136(&st->melds[m]) * T37 + st->river[i].tile);
    for (int i = 0; i < nd; i++) {
        int t = st->river[i].tile, k = tile_kind(t);
        if (dora[k])
            PUT(W_DORA_DISCARD + k);
        if (t >= JONG_KINDS)
            PUT(W_RED_DISCARD);
        for (int j = i; j < nd; j++) {
            int a = t, b = st->river[j].tile;
            if (a > b) {
                int x = a;
                a = b;
                b = x;
            }
            PUT(W_DISCARD_PAIR + a * T37 + b);
        }
    }
    return unique(out, n);
}

int jong_opp_features_wintile(const jong_opp_obs *o, int seat, int observer, uint32_t *out)
{
    const jong_opp_seat *st = &o->seats[seat];
    int n = 0, nm = st->nmelds, nd = st->ndiscards;
    uint8_t dora[JONG_KINDS];
    jong_opp_dora_kinds(o, dora);
    const jong_hand *own = observer >= 0 && o->seats[observer].known ? &o->seats[observer].hand : NULL;
    PUT(0);
    int te[JONG_KINDS] = {0};
    for (int k = 0; k < JONG_KINDS; k++) {
        int c = o->shown[k] + (own ? own->counts[k] : 0);
        PUT(T_COUNT + k * 5 + imin(c, 4));
        if (dora[k])
            PUT(T_DORA + k);
    }
    int last_tedashi = -1;
    for (int i = 0; i < nd; i++) {
        const jong_opp_discard *d = &st->river[i];
        int k = tile_kind(d->tile);
        PUT(T_SAFE + k);
        if (d->tedashi) {
            te[k]++;
            last_tedashi = d->tile;
        }
        PUT(T_TURN_TILE + imin(i, 17) * T37 + d->tile);
        if (d->riichi)
            PUT(T_RIICHI_TILE + d->tile);
        for (int j = i; j < nd; j++) {
            const jong_opp_discard *e = &st->river[j];
            PUT(T_DISCARD_PAIR + ((d->tile * T37 + e->tile) * 2 + d->tedashi) * 2 + e->tedashi);
        }
    }
    for (int k = 0; k < JONG_KINDS; k++)
        if (te[k])
            PUT(T_TEDASHI_N + k * 3 + imin(te[k], 3) - 1);
    for (int i = 0; last_tedashi >= 0 && i < nd; i++)
        PUT(T_LAST_TEDASHI + last_tedashi * T37 + st->river[i].tile);
    for (int m = 0; m < nm; m++) {
        int a = meld136(&st->melds[m]);
        for (int i = 0; i < nd; i++)
            PUT(T_MELD_DISCARD + a * T37 + st->river[i].tile);
        for (int j = m; j < nm; j++) {
            int b = meld136(&st->melds[j]);
            PUT(T_MELD_PAIR + (a < b ? a * M136 + b : b * M136 + a));
        }
    }
    return unique(out, n);
}

static bool is_value_honor(const jong_opp_obs *o, int seat, int k)
{
    int seat_wind = (seat - o->dealer + JONG_SEATS) % JONG_SEATS;
    return k >= JONG_P || k == JONG_E + seat_wind || k == JONG_E + o->round_wind;
}

int jong_opp_features_score(const jong_opp_obs *o, int seat, int tile, uint32_t *out)
{
    const jong_opp_seat *st = &o->seats[seat];
    int n = 0, nm = st->nmelds;
    uint8_t dora[JONG_KINDS];
    jong_opp_dora_kinds(o, dora);
    int seat_wind = (seat - o->dealer + JONG_SEATS) % JONG_SEATS;
    int fan = st->riichi, ndora = 0, dragons = 0, winds = 0, open = 0, chows = 0, pungs = 0;
    bool tanyao = true, value_call = false, plain_honor_call = false, dora_in_pungs = false;
    int flush_suit = -1; /* -2: melds of two suits */
    for (int m = 0; m < nm; m++) {
        const jong_meld *md = &st->melds[m];
        int k = md->tile, size = md->type == JONG_MELD_CHOW || md->type == JONG_MELD_PUNG ? 3 : 4;
        open += md->type != JONG_MELD_CONCEALED_KONG;
        if (md->type == JONG_MELD_CHOW) {
            chows++;
            for (int i = 0; i < 3; i++)
                ndora += dora[k + i];
            tanyao = tanyao && k % 9 != 0 && k % 9 != 6;
        } else {
            pungs++;
            ndora += size * dora[k];
            dora_in_pungs = dora_in_pungs || dora[k];
            tanyao = tanyao && !jong_kind_is_yaochu(k);
            if (k >= JONG_KINDS - 7) {
                fan += (k >= JONG_P) + (k == JONG_E + seat_wind) + (k == JONG_E + o->round_wind);
                dragons += k >= JONG_P;
                winds += k < JONG_P;
                if (is_value_honor(o, seat, k))
                    value_call = true;
                else
                    plain_honor_call = true;
            }
        }
        ndora += md->red;
        if (k < JONG_NUMBER_KINDS)
            flush_suit = flush_suit == -1 || flush_suit == k / 9 ? k / 9 : -2;
    }
    fan = imin(fan, 6);
    ndora = imin(ndora, 7);
    int fd = fan * 8 + ndora;
    int state = st->riichi ? 0 : open == 0 ? 1 : 2;
    PUT(0);
    PUT(S_RIICHI_DEALER + st->riichi * 2 + (seat == o->dealer));
    PUT(S_FD + fd);
    PUT(S_STATE_FD + state * 56 + fd);
    PUT(S_NMELDS_FD + nm * 56 + fd);
    for (int m = 0; m < nm; m++) {
        int a = meld136(&st->melds[m]);
        PUT(S_MELD_FD + a * 56 + fd);
        for (int j = m; j < nm; j++) {
            int b = meld136(&st->melds[j]);
            PUT(S_MELD_PAIR + (a < b ? a * M136 + b : b * M136 + a));
        }
    }
    bool suji = false;
    if (tile < JONG_NUMBER_KINDS)
        for (int i = 0; i < st->ndiscards; i++) {
            int k = tile_kind(st->river[i].tile);
            suji = suji || (k / 9 == tile / 9 && (k == tile - 3 || k == tile + 3));
        }
    PUT(S_SUJI_TANYAO + state * 4 + suji * 2 + tanyao);
    if (plain_honor_call)
        PUT(S_HONOR_CALLS);
    if (value_call)
        PUT(S_HONOR_CALLS + 1);
    if (nm == 0)
        PUT(S_HONOR_CALLS + 2);
    int rel = 4; /* 0 dora, 1 next to one, 2 two away, 3 same suit, 4 no relation */
    for (int k = 0; k < JONG_KINDS; k++) {
        if (!dora[k])
            continue;
        int r = 4;
        if (k == tile)
            r = 0;
        else if (k < JONG_NUMBER_KINDS && tile < JONG_NUMBER_KINDS && k / 9 == tile / 9)
            r = abs(k - tile) == 1 ? 1 : abs(k - tile) == 2 ? 2 : 3;
        rel = imin(rel, r);
    }
    PUT(S_DORA_RELATION + rel);
    PUT(S_TANYAO_DORA + (tanyao * 2 + (dora[tile] > 0)) * 8 + ndora);
    if (nm > 0 && flush_suit != -2) {
        bool dora_same = false;
        for (int k = 0; k < JONG_KINDS; k++)
            if (dora[k] && (k >= JONG_NUMBER_KINDS || flush_suit < 0 || k / 9 == flush_suit))
                dora_same = true;
        bool tile_same = tile >= JONG_NUMBER_KINDS || flush_suit < 0 || tile / 9 == flush_suit;
        PUT(S_FLUSH + ((imin(nm, 4) * 7 + fan) * 2 + dora_same) * 2 + tile_same);
    } else {
        PUT(S_FLUSH + fan * 4); /* state 0: no flush in sight */
    }
    PUT(S_TOITOI + ((chows ? 0 : pungs) * 7 + fan) * 2 + dora_in_pungs);
    if (dragons)
        PUT(S_DRAGON_MELDS + imin(dragons, 3) - 1);
    if (winds)
        PUT(S_WIND_MELDS + imin(winds, 4) - 1);
    return unique(out, n);
}
