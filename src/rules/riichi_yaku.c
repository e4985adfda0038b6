/* The yaku and yakuman of one reading of a riichi win, and its dora entries.
 *
 * A reading is four sets (declared melds first) and a pair, with the place of the winning tile
 * already chosen, or seven pairs, or thirteen orphans. Yakuman replace every ordinary yaku and
 * the dora. The standard exclusions are built in: ryanpeikou replaces iipeikou, junchan
 * replaces chanta, chinitsu replaces honitsu, honroutou needs no separate toitoi/chiitoitsu
 * test (a hand of terminals and honors has no chow), double riichi replaces riichi. Entries are
 * put in jong_yaku order by the caller (riichi_score.c) once the best reading is known. */
#include <string.h>

#include "jong/eval.h"
#include "riichi_internal.h"

/* Han closed / open (0: not a yaku that way). Yakuman are 13; their doubles are decided below. */
static const int8_t han_table[JONG_YAKU_COUNT][2] = {
    [JONG_YAKU_RIICHI] = {1, 0},           [JONG_YAKU_IPPATSU] = {1, 0},
    [JONG_YAKU_MENZEN_TSUMO] = {1, 0},     [JONG_YAKU_PINFU] = {1, 0},
    [JONG_YAKU_IIPEIKOU] = {1, 0},         [JONG_YAKU_TANYAO] = {1, 1},
    [JONG_YAKU_YAKUHAI_HAKU] = {1, 1},     [JONG_YAKU_YAKUHAI_HATSU] = {1, 1},
    [JONG_YAKU_YAKUHAI_CHUN] = {1, 1},     [JONG_YAKU_YAKUHAI_SEAT_WIND] = {1, 1},
    [JONG_YAKU_YAKUHAI_ROUND_WIND] = {1, 1}, [JONG_YAKU_HAITEI] = {1, 1},
    [JONG_YAKU_HOUTEI] = {1, 1},           [JONG_YAKU_RINSHAN] = {1, 1},
    [JONG_YAKU_CHANKAN] = {1, 1},          [JONG_YAKU_DOUBLE_RIICHI] = {2, 0},
    [JONG_YAKU_CHIITOITSU] = {2, 0},       [JONG_YAKU_SANSHOKU_DOUJUN] = {2, 1},
    [JONG_YAKU_ITTSUU] = {2, 1},           [JONG_YAKU_CHANTA] = {2, 1},
    [JONG_YAKU_TOITOI] = {2, 2},           [JONG_YAKU_SANANKOU] = {2, 2},
    [JONG_YAKU_SANSHOKU_DOUKOU] = {2, 2},  [JONG_YAKU_SANKANTSU] = {2, 2},
    [JONG_YAKU_SHOUSANGEN] = {2, 2},       [JONG_YAKU_HONROUTOU] = {2, 2},
    [JONG_YAKU_JUNCHAN] = {3, 2},          [JONG_YAKU_RYANPEIKOU] = {3, 0},
    [JONG_YAKU_HONITSU] = {3, 2},          [JONG_YAKU_CHINITSU] = {6, 5},
    [JONG_YAKU_KOKUSHI_MUSOU] = {13, 0},   [JONG_YAKU_KOKUSHI_MUSOU_JUUSANMEN] = {13, 0},
    [JONG_YAKU_SUUANKOU] = {13, 0},        [JONG_YAKU_SUUANKOU_TANKI] = {13, 0},
    [JONG_YAKU_DAISANGEN] = {13, 13},      [JONG_YAKU_SHOUSUUSHII] = {13, 13},
    [JONG_YAKU_DAISUUSHII] = {13, 13},     [JONG_YAKU_TSUUIISOU] = {13, 13},
    [JONG_YAKU_RYUUIISOU] = {13, 13},      [JONG_YAKU_CHINROUTOU] = {13, 13},
    [JONG_YAKU_CHUUREN_POUTOU] = {13, 0},  [JONG_YAKU_JUNSEI_CHUUREN_POUTOU] = {13, 0},
    [JONG_YAKU_SUUKANTSU] = {13, 13},      [JONG_YAKU_TENHOU] = {13, 0},
    [JONG_YAKU_CHIIHOU] = {13, 0},         [JONG_YAKU_DORA] = {1, 1},
    [JONG_YAKU_AKA_DORA] = {1, 1},         [JONG_YAKU_URA_DORA] = {1, 1},
};

/* The four yakuman that the double_yakuman option doubles. */
static bool doubled(int yaku)
{
    return yaku == JONG_YAKU_KOKUSHI_MUSOU_JUUSANMEN || yaku == JONG_YAKU_SUUANKOU_TANKI ||
           yaku == JONG_YAKU_DAISUUSHII || yaku == JONG_YAKU_JUNSEI_CHUUREN_POUTOU;
}

static int multiple(const jong_ruleset *rs, int yaku)
{
    return rs->double_yakuman && doubled(yaku) ? 2 : 1;
}

int jong_yaku_han(const jong_ruleset *rs, int yaku, bool closed)
{
    if (yaku < 0 || yaku >= JONG_YAKU_COUNT)
        return 0;
    int han = han_table[yaku][closed ? 0 : 1];
    if (yaku == JONG_YAKU_TANYAO && !closed && rs && !rs->kuitan)
        return 0;
    if (yaku >= JONG_YAKU_FIRST_YAKUMAN && yaku < JONG_YAKU_DORA && han && rs)
        han *= multiple(rs, yaku);
    return han;
}

static void add(jong_riichi_result *r, int yaku, int han)
{
    if (r->nyaku < JONG_RIICHI_MAX_YAKU) {
        jong_riichi_yaku_entry *e = &r->yaku[r->nyaku++];
        e->yaku = (uint8_t)yaku;
        e->yakuman = 0;
        e->han = (int16_t)han;
    }
    r->han += han;
}

/* An ordinary yaku at its closed or open value. */
static void add_yaku(const riichi_facts *f, jong_riichi_result *r, int yaku)
{
    add(r, yaku, han_table[yaku][f->closed ? 0 : 1]);
}

static void add_yakuman(const riichi_facts *f, jong_riichi_result *r, int yaku)
{
    int m = multiple(f->rs, yaku);
    add(r, yaku, 13 * m);
    r->yaku[r->nyaku - 1].yakuman = (uint8_t)m;
    r->yakuman += m;
}

static void start(jong_riichi_result *r, int form, int wait)
{
    r->nyaku = 0;
    r->han = 0;
    r->yakuman = 0;
    r->fu = 0;
    r->fu_raw = 0;
    r->nfu = 0;
    r->dora = r->aka = r->ura = 0;
    r->form = form;
    r->wait = wait;
}

/* Tenhou and chiihou (with any form). */
static void add_first_draw(const riichi_facts *f, jong_riichi_result *r)
{
    unsigned fl = f->ctx->flags;
    if (fl & JONG_RIICHI_WIN_TENHOU)
        add_yakuman(f, r, JONG_YAKU_TENHOU);
    if (fl & JONG_RIICHI_WIN_CHIIHOU)
        add_yakuman(f, r, JONG_YAKU_CHIIHOU);
}

/* Yaku of the circumstances, whatever the form. */
static void add_circumstances(const riichi_facts *f, jong_riichi_result *r)
{
    unsigned fl = f->ctx->flags;
    if (fl & JONG_RIICHI_WIN_DOUBLE_RIICHI)
        add_yaku(f, r, JONG_YAKU_DOUBLE_RIICHI);
    else if (fl & JONG_RIICHI_WIN_RIICHI)
        add_yaku(f, r, JONG_YAKU_RIICHI);
    if (fl & JONG_RIICHI_WIN_IPPATSU)
        add_yaku(f, r, JONG_YAKU_IPPATSU);
    if (f->closed && f->tsumo)
        add_yaku(f, r, JONG_YAKU_MENZEN_TSUMO);
    if (fl & JONG_RIICHI_WIN_HAITEI)
        add_yaku(f, r, JONG_YAKU_HAITEI);
    if (fl & JONG_RIICHI_WIN_HOUTEI)
        add_yaku(f, r, JONG_YAKU_HOUTEI);
    if (fl & JONG_RIICHI_WIN_RINSHAN)
        add_yaku(f, r, JONG_YAKU_RINSHAN);
    if (fl & JONG_RIICHI_WIN_CHANKAN)
        add_yaku(f, r, JONG_YAKU_CHANKAN);
}

/* Tanyao, honroutou, honitsu / chinitsu: what the tiles are. */
static void add_tile_yaku(const riichi_facts *f, jong_riichi_result *r)
{
    if (f->simples_only && (f->closed || f->rs->kuitan))
        add_yaku(f, r, JONG_YAKU_TANYAO);
    if (f->yaochu_only)
        add_yaku(f, r, JONG_YAKU_HONROUTOU);
    if (f->suits && !(f->suits & (f->suits - 1)))
        add_yaku(f, r, f->honors ? JONG_YAKU_HONITSU : JONG_YAKU_CHINITSU);
}

/* Dora entries; true when the hand had a yaku (only then do they count). */
static bool finish(const riichi_facts *f, jong_riichi_result *r)
{
    if (r->nyaku == 0)
        return false;
    if (r->yakuman)
        return true;
    r->dora = f->dora;
    r->aka = f->aka;
    r->ura = f->riichi ? f->ura : 0;
    if (r->dora)
        add(r, JONG_YAKU_DORA, r->dora);
    if (r->aka)
        add(r, JONG_YAKU_AKA_DORA, r->aka);
    if (r->ura)
        add(r, JONG_YAKU_URA_DORA, r->ura);
    return true;
}

/* Yakuman that only need the tiles: all honors, all green, all terminals. */
static void add_tile_yakuman(const riichi_facts *f, jong_riichi_result *r)
{
    if (!f->suits)
        add_yakuman(f, r, JONG_YAKU_TSUUIISOU);
    if (f->green_only)
        add_yakuman(f, r, JONG_YAKU_RYUUIISOU);
    if (f->yaochu_only && !f->honors)
        add_yakuman(f, r, JONG_YAKU_CHINROUTOU);
}

bool riichi_score_kokushi(const riichi_facts *f, bool thirteen_sided, jong_riichi_result *r)
{
    start(r, JONG_DECOMP_KOKUSHI, thirteen_sided ? JONG_WAIT_KOKUSHI_13 : JONG_WAIT_KOKUSHI);
    add_yakuman(f, r, thirteen_sided ? JONG_YAKU_KOKUSHI_MUSOU_JUUSANMEN : JONG_YAKU_KOKUSHI_MUSOU);
    add_first_draw(f, r);
    return finish(f, r);
}

bool riichi_score_chiitoi(const riichi_facts *f, jong_riichi_result *r)
{
    start(r, JONG_DECOMP_CHIITOI, JONG_WAIT_TANKI);
    add_tile_yakuman(f, r);
    add_first_draw(f, r);
    if (!r->yakuman) {
        add_circumstances(f, r);
        add_yaku(f, r, JONG_YAKU_CHIITOITSU);
        add_tile_yaku(f, r);
        r->fu_parts[0].part = JONG_FU_CHIITOITSU;
        r->fu_parts[0].tile = JONG_NO_TILE;
        r->fu_parts[0].fu = 25;
        r->nfu = 1;
        r->fu = r->fu_raw = 25;
    }
    return finish(f, r);
}

/* Counts taken over the four sets of a reading. */
typedef struct {
    int chows, triplets, concealed_triplets, dragon_triplets, wind_triplets;
    bool all_yaochu_groups;      /* every set and the pair hold a terminal or honor */
    unsigned chow_suits[7];      /* by starting rank 0..6: bit s for a chow of suit s */
    unsigned triplet_suits[9];   /* by rank 0..8: bit s for a pon/kan of suit s */
    unsigned chow_starts[3];     /* by suit: bit r for a chow starting at rank r */
    uint32_t honor_triplets;     /* bit (k - JONG_E) */
} set_counts;

static void count_sets(const riichi_reading *rd, set_counts *c)
{
    memset(c, 0, sizeof *c);
    c->all_yaochu_groups = jong_kind_is_yaochu(rd->pair);
    for (int i = 0; i < RIICHI_SETS; i++) {
        int t = rd->tile[i];
        if (rd->type[i] == RS_CHOW) {
            int rank = t % 9;
            c->chows++;
            c->chow_suits[rank] |= 1u << (t / 9);
            c->chow_starts[t / 9] |= 1u << rank;
            c->all_yaochu_groups &= rank == 0 || rank == 6;
            continue;
        }
        c->triplets++;
        c->concealed_triplets += !rd->open[i];
        c->all_yaochu_groups &= jong_kind_is_yaochu(t);
        if (t >= JONG_E) {
            c->honor_triplets |= 1u << (t - JONG_E);
            if (t >= JONG_P)
                c->dragon_triplets++;
            else
                c->wind_triplets++;
        } else {
            c->triplet_suits[t % 9] |= 1u << (t / 9);
        }
    }
}

static bool standard_yakuman(const riichi_facts *f, const riichi_reading *rd, const set_counts *c,
                             jong_riichi_result *r)
{
    if (c->concealed_triplets == 4)
        add_yakuman(f, r, rd->win_set < 0 ? JONG_YAKU_SUUANKOU_TANKI : JONG_YAKU_SUUANKOU);
    if (c->dragon_triplets == 3)
        add_yakuman(f, r, JONG_YAKU_DAISANGEN);
    if (c->wind_triplets == 3 && rd->pair >= JONG_E && rd->pair < JONG_P)
        add_yakuman(f, r, JONG_YAKU_SHOUSUUSHII);
    if (c->wind_triplets == 4)
        add_yakuman(f, r, JONG_YAKU_DAISUUSHII);
    add_tile_yakuman(f, r);
    if (f->chuuren)
        add_yakuman(f, r, f->chuuren9 ? JONG_YAKU_JUNSEI_CHUUREN_POUTOU : JONG_YAKU_CHUUREN_POUTOU);
    if (f->kans == 4)
        add_yakuman(f, r, JONG_YAKU_SUUKANTSU);
    add_first_draw(f, r);
    return r->yakuman != 0;
}

/* Identical concealed chows (only a closed hand counts them): 0, 1 (iipeikou) or 2 (ryanpeikou). */
static int peikou(const riichi_reading *rd)
{
    uint8_t t[RIICHI_SETS];
    int n = 0;
    for (int i = 0; i < RIICHI_SETS; i++)
        if (rd->type[i] == RS_CHOW)
            t[n++] = rd->tile[i];
    for (int i = 1; i < n; i++) /* sort (at most four) */
        for (int j = i; j > 0 && t[j - 1] > t[j]; j--) {
            uint8_t x = t[j];
            t[j] = t[j - 1];
            t[j - 1] = x;
        }
    if (n == 4 && t[0] == t[1] && t[2] == t[3])
        return 2;
    for (int i = 1; i < n; i++)
        if (t[i] == t[i - 1])
            return 1;
    return 0;
}

static bool has_ittsuu(const set_counts *c)
{
    const unsigned run = 1u << 0 | 1u << 3 | 1u << 6;
    return (c->chow_starts[0] & run) == run || (c->chow_starts[1] & run) == run ||
           (c->chow_starts[2] & run) == run;
}

static void add_yakuhai(const riichi_facts *f, const set_counts *c, jong_riichi_result *r)
{
    uint32_t h = c->honor_triplets;
    if (h >> (JONG_P - JONG_E) & 1)
        add_yaku(f, r, JONG_YAKU_YAKUHAI_HAKU);
    if (h >> (JONG_F - JONG_E) & 1)
        add_yaku(f, r, JONG_YAKU_YAKUHAI_HATSU);
    if (h >> (JONG_C - JONG_E) & 1)
        add_yaku(f, r, JONG_YAKU_YAKUHAI_CHUN);
    if (h >> (f->seat_kind - JONG_E) & 1)
        add_yaku(f, r, JONG_YAKU_YAKUHAI_SEAT_WIND);
    if (h >> (f->round_kind - JONG_E) & 1)
        add_yaku(f, r, JONG_YAKU_YAKUHAI_ROUND_WIND);
}

bool riichi_score_standard(const riichi_facts *f, const riichi_reading *rd, jong_riichi_result *r)
{
    set_counts c;
    count_sets(rd, &c);
    start(r, JONG_DECOMP_STANDARD, rd->wait);
    if (standard_yakuman(f, rd, &c, r))
        return finish(f, r);

    bool yakuhai_pair = rd->pair >= JONG_E && (f->honor_yakuhai >> (rd->pair - JONG_E) & 1);
    bool pinfu = f->closed && c.chows == 4 && !yakuhai_pair && rd->wait == JONG_WAIT_RYANMEN;
    add_circumstances(f, r);
    if (pinfu)
        add_yaku(f, r, JONG_YAKU_PINFU);
    int pk = f->closed ? peikou(rd) : 0;
    if (pk == 1)
        add_yaku(f, r, JONG_YAKU_IIPEIKOU);
    add_yakuhai(f, &c, r);
    for (int k = 0; k < 7; k++)
        if (c.chow_suits[k] == 7) {
            add_yaku(f, r, JONG_YAKU_SANSHOKU_DOUJUN);
            break;
        }
    if (has_ittsuu(&c))
        add_yaku(f, r, JONG_YAKU_ITTSUU);
    if (c.all_yaochu_groups && c.chows)
        add_yaku(f, r, f->honors ? JONG_YAKU_CHANTA : JONG_YAKU_JUNCHAN);
    if (c.triplets == 4)
        add_yaku(f, r, JONG_YAKU_TOITOI);
    if (c.concealed_triplets == 3)
        add_yaku(f, r, JONG_YAKU_SANANKOU);
    for (int k = 0; k < 9; k++)
        if (c.triplet_suits[k] == 7) {
            add_yaku(f, r, JONG_YAKU_SANSHOKU_DOUKOU);
            break;
        }
    if (f->kans == 3)
        add_yaku(f, r, JONG_YAKU_SANKANTSU);
    if (c.dragon_triplets == 2 && rd->pair >= JONG_P)
        add_yaku(f, r, JONG_YAKU_SHOUSANGEN);
    if (pk == 2)
        add_yaku(f, r, JONG_YAKU_RYANPEIKOU);
    add_tile_yaku(f, r);
    riichi_fu_standard(f, rd, pinfu, r);
    return finish(f, r);
}
