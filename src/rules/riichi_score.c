/* jong_riichi_score: checks the win's context, gathers what does not depend on the reading,
 * then scores every reading of the hand with every place of the winning tile and keeps the
 * one worth the most points (then han, then fu). Nothing is allocated. */
#include <string.h>

#include "jong/eval.h"
#include "jong/notation.h"
#include "riichi_internal.h"

#define MAX_READINGS 64     /* a 14-tile hand has far fewer */
#define MAX_TABLE_COUNTER 1000 /* honba and sticks: keeps every sum well inside an int */

/* ---- checking the context ------------------------------------------------------------------ */

static const char *const wind_letters = "ESWN";

/* Red fives the rules allow in suit s (red_fives 3: one each; 4: two 5p). */
static int red_allowed(const jong_ruleset *rs, int suit)
{
    if (rs->red_fives <= 0)
        return 0;
    return rs->red_fives == 4 && suit == JONG_SUIT_P ? 2 : 1;
}

static int meld_copies(const jong_meld *m, int kind)
{
    switch (m->type) {
    case JONG_MELD_CHOW:
        return kind >= m->tile && kind <= m->tile + 2;
    case JONG_MELD_PUNG:
        return m->tile == kind ? 3 : 0;
    default:
        return m->tile == kind ? 4 : 0;
    }
}

#define ALL_BYTES 40 /* the 34 kinds padded to whole 64-bit words */
#define BYTES(x) (0x0101010101010101ull * (x))

static uint64_t load8(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* The first kind held more than 4 times (concealed and in melds), -1 if none. */
static int fifth_copy(const jong_hand *h, int *copies)
{
    uint8_t meld[JONG_KINDS];
    jong_hand_meld_counts(h, meld);
    for (int k = 0; k < JONG_KINDS; k++)
        if (h->counts[k] + meld[k] > 4) {
            *copies = h->counts[k] + meld[k];
            return k;
        }
    return -1;
}

/* Checks the hand and fills all[] (concealed tiles and melds, a kan as 4; ALL_BYTES long) and
 * the bit set of the kinds present. The counting is done 8 kinds at a time in 64-bit words: it
 * is the one part of scoring that touches every kind. */
static int check_hand(const jong_ruleset *rs, const jong_riichi_context *c, uint8_t all[ALL_BYTES],
                      uint64_t *present, jong_error *err)
{
    const jong_hand *h = &c->hand;
    if (h->nmelds > RIICHI_SETS)
        return jong_error_set(err, JONG_ERR_ARG, -1, "%d melds, at most 4", h->nmelds);
    for (int i = 0; i < h->nmelds; i++) {
        const jong_meld *m = &h->melds[i];
        bool ok = m->type <= JONG_MELD_CONCEALED_KONG && m->tile < JONG_KINDS;
        if (ok && m->type == JONG_MELD_CHOW)
            ok = m->tile < JONG_NUMBER_KINDS && m->tile % 9 <= 6;
        if (!ok)
            return jong_error_set(err, JONG_ERR_ARG, -1, "meld %d is not a valid chi, pon or kan", i + 1);
    }
    if (h->flowers)
        return jong_error_set(err, JONG_ERR_ARG, -1, "riichi hands hold no flowers");
    uint8_t conc[ALL_BYTES] = {0};
    memcpy(conc, h->counts, JONG_KINDS);
    memset(all, 0, ALL_BYTES);
    if (h->nmelds)
        jong_hand_meld_counts(h, all); /* at most 16 of a kind, so no byte below overflows */
    int n = 3 * h->nmelds;
    uint64_t over = 0, p = 0;
    for (int w = 0; w < ALL_BYTES / 8; w++) {
        uint64_t x = load8(conc + 8 * w), a = x + load8(all + 8 * w);
        /* A byte above 4 gets its top bit from adding 0x7b (or has it already). */
        over |= (x | (x + BYTES(0x7b)) | (a + BYTES(0x7b))) & BYTES(0x80);
        n += (int)((x * BYTES(1)) >> 56); /* the byte sum (exact once no byte is above 4) */
        memcpy(all + 8 * w, &a, sizeof a);
        uint64_t nonzero = ((a + BYTES(0x7f)) & BYTES(0x80)) >> 7;
        p |= ((nonzero * 0x0102040810204080ull) >> 56) << (8 * w); /* one bit per byte */
    }
    *present = p;
    int held = 0, k = over ? fifth_copy(h, &held) : -1;
    if (k >= 0)
        return jong_error_set(err, JONG_ERR_ARG, -1, "%d copies of %s (at most 4, melds included)", held,
                              jong_kind_name(k, JONG_STYLE_COMPACT));
    if (n != 14)
        return jong_error_set(err, JONG_ERR_ARG, -1, "the winning hand has %d tiles, not 14 (melds count 3)", n);
    if (c->win_tile < 0 || c->win_tile >= JONG_KINDS)
        return jong_error_set(err, JONG_ERR_ARG, -1, "win tile %d is not a tile kind", c->win_tile);
    if (!h->counts[c->win_tile])
        return jong_error_set(err, JONG_ERR_ARG, -1, "the win tile %s is not among the concealed tiles",
                              jong_kind_name(c->win_tile, JONG_STYLE_COMPACT));
    int meld_red[3] = {0, 0, 0};
    for (int i = 0; i < h->nmelds; i++) {
        const jong_meld *m = &h->melds[i];
        int copies = m->tile < JONG_NUMBER_KINDS ? meld_copies(m, m->tile / 9 * 9 + 4) : 0;
        if (m->red > copies)
            return jong_error_set(err, JONG_ERR_ARG, -1, "meld %d holds %d red fives but %d fives", i + 1, m->red,
                                  copies);
        if (m->red)
            meld_red[m->tile / 9] += m->red;
    }
    for (int s = 0; s < 3; s++) {
        int five = s * 9 + 4, red = h->red[s] + meld_red[s];
        if (h->red[s] > h->counts[five])
            return jong_error_set(err, JONG_ERR_ARG, -1, "%d red 5%c among %d concealed 5%c", h->red[s], "mps"[s],
                                  h->counts[five], "mps"[s]);
        if (red > red_allowed(rs, s))
            return jong_error_set(err, JONG_ERR_ARG, -1, "%d red 5%c but the rules have %d (red_fives = %d)", red,
                                  "mps"[s], red_allowed(rs, s), rs->red_fives);
    }
    if (c->win_red && (c->win_tile >= JONG_NUMBER_KINDS || c->win_tile % 9 != 4 || !h->red[c->win_tile / 9]))
        return jong_error_set(err, JONG_ERR_ARG, -1, "the win tile %s is said to be red but the hand holds no "
                              "red one", jong_kind_name(c->win_tile, JONG_STYLE_COMPACT));
    return JONG_OK;
}

static bool has_kan(const jong_hand *h)
{
    for (int i = 0; i < h->nmelds; i++)
        if (h->melds[i].type >= JONG_MELD_KONG)
            return true;
    return false;
}

static bool is_closed(const jong_hand *h)
{
    for (int i = 0; i < h->nmelds; i++)
        if (h->melds[i].type != JONG_MELD_CONCEALED_KONG)
            return false;
    return true;
}

static int check_flags(const jong_riichi_context *c, jong_error *err)
{
    const unsigned known = (JONG_RIICHI_WIN_CHIIHOU << 1) - 1;
    unsigned fl = c->flags;
    bool riichi = fl & (JONG_RIICHI_WIN_RIICHI | JONG_RIICHI_WIN_DOUBLE_RIICHI);
    if (fl & ~known)
        return jong_error_set(err, JONG_ERR_ARG, -1, "unknown win flags 0x%x", fl & ~known);
    if (riichi && !is_closed(&c->hand))
        return jong_error_set(err, JONG_ERR_ARG, -1, "riichi needs a closed hand (only concealed kans)");
    if ((fl & JONG_RIICHI_WIN_IPPATSU) && !riichi)
        return jong_error_set(err, JONG_ERR_ARG, -1, "ippatsu without riichi");
    if ((fl & JONG_RIICHI_WIN_HAITEI) && !c->tsumo)
        return jong_error_set(err, JONG_ERR_ARG, -1, "haitei is a tsumo win (houtei is the last discard)");
    if ((fl & JONG_RIICHI_WIN_HOUTEI) && c->tsumo)
        return jong_error_set(err, JONG_ERR_ARG, -1, "houtei is a ron on the last discard (haitei is the tsumo)");
    if ((fl & JONG_RIICHI_WIN_RINSHAN) && !c->tsumo)
        return jong_error_set(err, JONG_ERR_ARG, -1, "rinshan is a tsumo on a kan's replacement tile");
    if ((fl & JONG_RIICHI_WIN_RINSHAN) && !has_kan(&c->hand) && !c->kita)  /* three players: or a kita's draw */
        return jong_error_set(err, JONG_ERR_ARG, -1, "rinshan without a kan in the hand");
    if ((fl & JONG_RIICHI_WIN_RINSHAN) && (fl & JONG_RIICHI_WIN_HAITEI))
        return jong_error_set(err, JONG_ERR_ARG, -1, "rinshan and haitei exclude each other");
    if ((fl & JONG_RIICHI_WIN_RINSHAN) && (fl & JONG_RIICHI_WIN_IPPATSU))
        return jong_error_set(err, JONG_ERR_ARG, -1, "a kan ends ippatsu, so rinshan and ippatsu exclude each other");
    if ((fl & JONG_RIICHI_WIN_CHANKAN) && c->tsumo)
        return jong_error_set(err, JONG_ERR_ARG, -1, "chankan is a ron on another player's kan");
    if ((fl & JONG_RIICHI_WIN_CHANKAN) && (fl & JONG_RIICHI_WIN_HOUTEI))
        return jong_error_set(err, JONG_ERR_ARG, -1, "chankan and houtei exclude each other");
    unsigned first = fl & (JONG_RIICHI_WIN_TENHOU | JONG_RIICHI_WIN_CHIIHOU);
    if (first) {
        const char *name = first == JONG_RIICHI_WIN_TENHOU ? "tenhou" : "chiihou";
        if (first & (first - 1))
            return jong_error_set(err, JONG_ERR_ARG, -1, "tenhou and chiihou exclude each other");
        if (!c->tsumo)
            return jong_error_set(err, JONG_ERR_ARG, -1, "%s is a tsumo win", name);
        if ((first == JONG_RIICHI_WIN_TENHOU) != c->dealer)
            return jong_error_set(err, JONG_ERR_ARG, -1, "%s is the %s's win", name,
                                  c->dealer ? "non-dealer" : "dealer");
        if (c->hand.nmelds)
            return jong_error_set(err, JONG_ERR_ARG, -1, "%s with a meld (a call or kan ends the first go-around)",
                                  name);
        if (fl & ~first)
            return jong_error_set(err, JONG_ERR_ARG, -1, "%s with other circumstances (riichi, ippatsu, ...)", name);
    }
    return JONG_OK;
}

static int check_context(const jong_ruleset *rs, const jong_riichi_context *c, uint8_t all[ALL_BYTES],
                         uint64_t *present, jong_error *err)
{
    if (rs->variant != JONG_VARIANT_RIICHI)
        return jong_error_set(err, JONG_ERR_ARG, -1, "riichi scoring needs riichi rules");
    if (c->seat_wind < 0 || c->seat_wind > 3 || c->round_wind < 0 || c->round_wind > 3)
        return jong_error_set(err, JONG_ERR_ARG, -1, "%s wind %d out of range 0-3",
                              c->seat_wind < 0 || c->seat_wind > 3 ? "seat" : "round",
                              c->seat_wind < 0 || c->seat_wind > 3 ? c->seat_wind : c->round_wind);
    if (c->dealer != (c->seat_wind == 0))
        return jong_error_set(err, JONG_ERR_ARG, -1, "the dealer's seat wind is E (seat wind %c, %s)",
                              wind_letters[c->seat_wind], c->dealer ? "dealer" : "not the dealer");
    if (!c->tsumo && (c->discarder < 0 || c->discarder > 3))
        return jong_error_set(err, JONG_ERR_ARG, -1, "discarder %d out of range 1-3 (seats after the winner)",
                              c->discarder);
    if (rs->three_player && (c->seat_wind > 2 || (!c->tsumo && c->discarder > 2)))
        return jong_error_set(err, JONG_ERR_ARG, -1, "three players: %s %d out of range %s",
                              c->seat_wind > 2 ? "seat wind" : "discarder", c->seat_wind > 2 ? c->seat_wind : c->discarder,
                              c->seat_wind > 2 ? "0-2" : "1-2 (seats after the winner)");
    if (c->kita < 0 || c->kita > 4 || (c->kita && !rs->three_player))
        return jong_error_set(err, JONG_ERR_ARG, -1, "%d kita (0-4, three players only)", c->kita);
    if (c->ndora < 0 || c->ndora > JONG_RIICHI_MAX_INDICATORS || c->nura < 0 ||
        c->nura > JONG_RIICHI_MAX_INDICATORS)
        return jong_error_set(err, JONG_ERR_ARG, -1, "%d %s indicators (0-%d)",
                              c->ndora < 0 || c->ndora > JONG_RIICHI_MAX_INDICATORS ? c->ndora : c->nura,
                              c->ndora < 0 || c->ndora > JONG_RIICHI_MAX_INDICATORS ? "dora" : "ura",
                              JONG_RIICHI_MAX_INDICATORS);
    for (int i = 0; i < c->ndora; i++)
        if (c->dora[i] >= JONG_KINDS)
            return jong_error_set(err, JONG_ERR_ARG, -1, "dora indicator %d is not a tile kind", c->dora[i]);
    for (int i = 0; i < c->nura; i++)
        if (c->ura[i] >= JONG_KINDS)
            return jong_error_set(err, JONG_ERR_ARG, -1, "ura indicator %d is not a tile kind", c->ura[i]);
    if (c->honba < 0 || c->honba > MAX_TABLE_COUNTER || c->sticks < 0 || c->sticks > MAX_TABLE_COUNTER)
        return jong_error_set(err, JONG_ERR_ARG, -1, "%s %d out of range 0-%d",
                              c->honba < 0 || c->honba > MAX_TABLE_COUNTER ? "honba" : "sticks",
                              c->honba < 0 || c->honba > MAX_TABLE_COUNTER ? c->honba : c->sticks,
                              MAX_TABLE_COUNTER);
    int rc = check_hand(rs, c, all, present, err);
    if (rc != JONG_OK)
        return rc;
    return check_flags(c, err);
}

/* ---- what does not depend on the reading ----------------------------------------------------- */

#define KIND_BIT(k) (1ull << (k))
#define HONOR_MASK (0x7Full << JONG_E)
#define SUIT_MASK(s) (0x1FFull << (9 * (s)))
#define YAOCHU_MASK (HONOR_MASK | KIND_BIT(0) | KIND_BIT(8) | KIND_BIT(9) | KIND_BIT(17) | KIND_BIT(18) | KIND_BIT(26))
#define GREEN_MASK (KIND_BIT(19) | KIND_BIT(20) | KIND_BIT(21) | KIND_BIT(23) | KIND_BIT(25) | KIND_BIT(JONG_F))

static void chuuren(const jong_hand *h, int win, riichi_facts *f)
{
    if (h->nmelds || f->honors || !f->suits || (f->suits & (f->suits - 1)))
        return;
    const uint8_t *c = h->counts + 9 * (f->suits == 1 ? 0 : f->suits == 2 ? 1 : 2);
    static const uint8_t gates[9] = {3, 1, 1, 1, 1, 1, 1, 1, 3};
    int extra = -1;
    for (int r = 0; r < 9; r++) {
        if (c[r] < gates[r])
            return;
        if (c[r] > gates[r])
            extra = r;
    }
    f->chuuren = true;
    f->chuuren9 = extra == win % 9;
}

/* jong_dora_of_indicator as a table (the hot path). */
static const uint8_t dora_of[JONG_KINDS] = {
    1,  2,  3,  4,  5,  6,  7,  8,  0,  10, 11, 12, 13, 14, 15, 16, 17,
    9,  19, 20, 21, 22, 23, 24, 25, 26, 18, 28, 29, 30, 27, 32, 33, 31,
};

static void gather_facts(const jong_ruleset *rs, const jong_riichi_context *c, const uint8_t all[JONG_KINDS],
                         uint64_t present, riichi_facts *f)
{
    const jong_hand *h = &c->hand;
    memset(f, 0, sizeof *f);
    f->rs = rs;
    f->ctx = c;
    f->tsumo = c->tsumo;
    f->riichi = c->flags & (JONG_RIICHI_WIN_RIICHI | JONG_RIICHI_WIN_DOUBLE_RIICHI);
    f->win = c->win_tile;
    f->seat_kind = JONG_E + c->seat_wind;
    f->round_kind = JONG_E + c->round_wind;
    f->honor_yakuhai = 1u << (JONG_P - JONG_E) | 1u << (JONG_F - JONG_E) | 1u << (JONG_C - JONG_E) |
                       1u << c->seat_wind | 1u << c->round_wind;
    f->closed = true;
    for (int i = 0; i < h->nmelds; i++) {
        f->closed &= h->melds[i].type == JONG_MELD_CONCEALED_KONG;
        f->kans += h->melds[i].type >= JONG_MELD_KONG;
        f->aka += h->melds[i].red;
    }
    f->aka += h->red[0] + h->red[1] + h->red[2];
    f->honors = (present & HONOR_MASK) != 0;
    for (int s = 0; s < 3; s++)
        if (present & SUIT_MASK(s))
            f->suits |= 1u << s;
    f->simples_only = !(present & YAOCHU_MASK);
    f->yaochu_only = !(present & ~YAOCHU_MASK);
    f->green_only = !(present & ~GREEN_MASK);
    chuuren(h, c->win_tile, f);
    /* three players: 1m names 9m (2m-8m are out), and the kita set aside are tiles of the
     * winner's too (each a dora of its own, counted again for each indicator of the north) */
    bool sanma = rs && rs->three_player;
    for (int i = 0; i < c->ndora; i++)
        f->dora += sanma && c->dora[i] == 0 ? all[8] : all[dora_of[c->dora[i]]] + (dora_of[c->dora[i]] == JONG_N) * c->kita;
    for (int i = 0; i < c->nura; i++)
        f->ura += sanma && c->ura[i] == 0 ? all[8] : all[dora_of[c->ura[i]]] + (dora_of[c->ura[i]] == JONG_N) * c->kita;
    f->dora += c->kita;
}

/* ---- readings -------------------------------------------------------------------------------- */

/* The best result so far and the candidate being scored: two buffers whose roles swap when a
 * candidate wins, so no result is copied while choosing. */
typedef struct {
    const riichi_facts *f;
    jong_riichi_result buf[2];
    jong_riichi_result *best, *cand;
    int best_points;
    bool have;
} chooser;

/* What the winner receives (as jong_riichi_pay's points, without filling a payment). */
static int win_points(int basic, bool dealer, bool tsumo)
{
#define UP100(x) (((x) + 99) / 100 * 100)
    if (!tsumo)
        return UP100(basic * (dealer ? 6 : 4));
    return dealer ? 3 * UP100(2 * basic) : 2 * UP100(basic) + UP100(2 * basic);
#undef UP100
}

/* Keeps the candidate when it has a yaku and beats the best so far (points, han, fu). */
static void consider(chooser *ch, bool has_yaku)
{
    if (!has_yaku)
        return;
    jong_riichi_result *r = ch->cand, *b = ch->best;
    r->basic = jong_riichi_basic_points(ch->f->rs, r->han, r->fu, r->yakuman, &r->limit);
    int points = win_points(r->basic, ch->f->ctx->dealer, ch->f->tsumo);
    if (ch->have && (points < ch->best_points ||
                     (points == ch->best_points && (r->han < b->han || (r->han == b->han && r->fu <= b->fu)))))
        return;
    ch->best = r;
    ch->cand = b;
    ch->best_points = points;
    ch->have = true;
}

static int wait_of(const riichi_reading *rd, int w)
{
    if (rd->win_set < 0)
        return JONG_WAIT_TANKI;
    int t = rd->tile[rd->win_set];
    if (rd->type[rd->win_set] != RS_CHOW)
        return JONG_WAIT_SHANPON;
    if (w == t + 1)
        return JONG_WAIT_KANCHAN;
    if (w == t)
        return t % 9 == 6 ? JONG_WAIT_PENCHAN : JONG_WAIT_RYANMEN; /* 89 waiting on 7 */
    return t % 9 == 0 ? JONG_WAIT_PENCHAN : JONG_WAIT_RYANMEN;     /* 12 waiting on 3 */
}

static void score_standard(chooser *ch, const jong_decomposition *d)
{
    const riichi_facts *f = ch->f;
    const jong_hand *h = &f->ctx->hand;
    const int w = f->win, m = h->nmelds;
    riichi_reading rd;
    for (int i = 0; i < m; i++) {
        const jong_meld *ml = &h->melds[i];
        rd.type[i] = ml->type == JONG_MELD_CHOW ? RS_CHOW : ml->type == JONG_MELD_PUNG ? RS_PON : RS_KAN;
        rd.tile[i] = ml->tile;
        rd.open[i] = ml->type != JONG_MELD_CONCEALED_KONG;
    }
    for (int i = 0; i < d->nsets && m + i < RIICHI_SETS; i++) {
        rd.type[m + i] = d->set_type[i] == JONG_MELD_CHOW ? RS_CHOW : RS_PON;
        rd.tile[m + i] = d->set_tile[i];
    }
    rd.pair = d->pair;
    for (int place = -1; place < RIICHI_SETS; place++) {
        if (place < 0) {
            if (rd.pair != w)
                continue;
        } else {
            if (place < m)
                continue;
            int t = rd.tile[place];
            if (rd.type[place] == RS_CHOW ? w < t || w > t + 2 : w != t)
                continue;
            bool seen = false; /* the same set met before gives the same score */
            for (int j = m; j < place; j++)
                seen |= rd.type[j] == rd.type[place] && rd.tile[j] == t;
            if (seen)
                continue;
        }
        for (int i = m; i < RIICHI_SETS; i++)
            rd.open[i] = i == place && rd.type[i] == RS_PON && !f->tsumo;
        rd.win_set = (int8_t)place;
        rd.wait = (uint8_t)wait_of(&rd, w);
        consider(ch, riichi_score_standard(f, &rd, ch->cand));
    }
}

/* Entries in jong_yaku order (stable), fu parts as produced. */
static void sort_yaku(jong_riichi_result *r)
{
    for (int i = 1; i < r->nyaku; i++) {
        jong_riichi_yaku_entry e = r->yaku[i];
        int j = i;
        for (; j > 0 && r->yaku[j - 1].yaku > e.yaku; j--)
            r->yaku[j] = r->yaku[j - 1];
        r->yaku[j] = e;
    }
}

int jong_riichi_score(const jong_ruleset *rs, const jong_riichi_context *ctx, jong_riichi_result *out,
                      jong_error *err)
{
    if (!rs || !ctx || !out)
        return jong_error_set(err, JONG_ERR_ARG, -1, "jong_riichi_score needs a ruleset, a context and a result");
    uint8_t all[ALL_BYTES];
    uint64_t present = 0;
    int rc = check_context(rs, ctx, all, &present, err);
    if (rc != JONG_OK)
        return rc;
    riichi_facts f;
    gather_facts(rs, ctx, all, present, &f);
    const jong_hand *h = &ctx->hand;
    jong_decomposition dec[MAX_READINGS];
    int n = jong_decompose(h->counts, RIICHI_SETS - h->nmelds, JONG_FORMS_STANDARD, dec, MAX_READINGS);
    if (n > MAX_READINGS)
        n = MAX_READINGS;
    /* The special forms straight from the kinds present (cheaper than their shanten). */
    bool kokushi = !h->nmelds && present == YAOCHU_MASK;
    bool chiitoi = !h->nmelds && __builtin_popcountll(present) == 7;
    for (uint64_t m = chiitoi ? present : 0; m; m &= m - 1)
        chiitoi &= h->counts[__builtin_ctzll(m)] == 2;
    if (n == 0 && !kokushi && !chiitoi)
        return jong_error_set(err, JONG_ERR_ARG, -1,
                              "not a winning hand (four sets and a pair, seven pairs or thirteen orphans)");
    chooser ch;
    ch.f = &f;
    ch.best = &ch.buf[0];
    ch.cand = &ch.buf[1];
    ch.have = false;
    ch.best_points = 0;
    for (int i = 0; i < n; i++)
        score_standard(&ch, &dec[i]);
    if (chiitoi)
        consider(&ch, riichi_score_chiitoi(&f, ch.cand));
    if (kokushi)
        consider(&ch, riichi_score_kokushi(&f, h->counts[f.win] == 2, ch.cand));
    if (!ch.have)
        return jong_error_set(err, JONG_ERR_ARG, -1, "no yaku (dora alone do not count)");
    sort_yaku(ch.best);
    jong_riichi_pay_of(rs)(
        ch.best->basic, ctx->dealer, ctx->tsumo, ctx->seat_wind, ctx->discarder, ctx->honba, ctx->sticks,
        &ch.best->pay);
    *out = *ch.best;
    return JONG_OK;
}
