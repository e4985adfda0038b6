/* Taiwanese scoring: the tai patterns of one win and the payments it brings.
 *
 * A hand may be read as sets in several ways, and the winning tile may sit in several of a
 * reading's groups; both choices change some patterns (all chows, concealed pongs, all pongs,
 * the honor pongs). Every reading with every place of the winning tile is scored in full and the
 * best total is kept, as a player would claim it. Special hands are one more reading each.
 *
 * Entries are listed in the order of jong_tai_pattern. "The larger pattern replaces the
 * smaller" is done by never emitting the smaller entry, so the entries always add up to the
 * total before the cap. */
#include <string.h>

#include "jong/eval.h"
#include "tai_internal.h"

#define SETS 5
#define MAX_READINGS 256  /* a 17-tile hand has far fewer readings than this */
#define MAX_STREAK 1000   /* keeps 2N inside an entry's int16 and the payments inside int32 */
#define ALL_FLOWERS 0xFFu
#define FLOWER_SET 0x0Fu  /* f1..f4 */
#define SEASON_SET 0xF0u  /* s1..s4 */

static const char *const pattern_names[JONG_TAI_PATTERNS] = {
    "dealer", "dealer_streak", "concealed", "self_draw", "concealed_self_draw", "dragon_pong",
    "seat_wind", "round_wind", "seat_flower", "four_seasons", "four_flowers", "robbing_kong",
    "single_wait", "replacement", "last_tile", "half_begging", "all_begging", "all_chows",
    "three_concealed_pongs", "all_pongs", "little_three_dragons", "half_flush",
    "four_concealed_pongs", "five_concealed_pongs", "full_flush", "big_three_dragons",
    "little_four_winds", "big_four_winds", "all_honors", "heavenly", "earthly", "human",
    "eight_flowers", "kong", "seven_pairs_pong", "sixteen_unrelated", "thirteen_orphans",
};

const char *jong_tai_pattern_name(int pattern)
{
    return pattern >= 0 && pattern < JONG_TAI_PATTERNS ? pattern_names[pattern] : "unknown";
}

/* What does not depend on the reading. */
typedef struct {
    const jong_ruleset *rs;
    const jong_win_context *ctx;
    bool self_draw;
    bool concealed;      /* every declared meld is a concealed kong */
    bool begging;        /* five declared melds, all taken from others (no concealed kong) */
    bool single_wait;    /* the hand before the winning tile waited on one kind only */
    bool dealer_entries; /* the dealer is the winner or the one who pays alone */
    uint8_t tiles[JONG_KINDS]; /* concealed tiles and melds together */
} win_facts;

/* One reading: the five sets (declared melds first), the pair, where the winning tile sits. */
typedef struct {
    unsigned special;  /* 0 for five sets and a pair, else one JONG_SPECIAL_* bit */
    uint8_t type[SETS]; /* jong_meld_type; a set of the reading is a CHOW or a PUNG */
    uint8_t tile[SETS];
    bool hidden[SETS];  /* a pong or kong that counts as concealed */
    int pair;
    int win_set;        /* index of the set holding the winning tile, -1 for the pair */
} reading;

static void add(jong_tai_result *r, int pattern, int tai)
{
    if (r->nentries < JONG_TAI_MAX_ENTRIES) {
        r->entries[r->nentries].pattern = (uint8_t)pattern;
        r->entries[r->nentries].tai = (int16_t)tai;
        r->nentries++;
    }
    r->tai += tai;
}

/* Stable, so repeated entries (two dragon pongs) keep their order. */
static void sort_entries(jong_tai_result *r)
{
    for (int i = 1; i < r->nentries; i++) {
        jong_tai_entry e = r->entries[i];
        int j = i;
        for (; j > 0 && r->entries[j - 1].pattern > e.pattern; j--)
            r->entries[j] = r->entries[j - 1];
        r->entries[j] = e;
    }
}

static bool ericyang(const win_facts *f)
{
    return f->rs->big_hands == JONG_BIG_HANDS_ERICYANG;
}

int jong_tai_pattern_value(const jong_ruleset *rs, int pattern)
{
    bool ey = rs && rs->big_hands == JONG_BIG_HANDS_ERICYANG;
    switch (pattern) {
    case JONG_TAI_ALL_CHOWS: return 2;
    case JONG_TAI_ALL_PONGS: return 4;
    case JONG_TAI_HALF_FLUSH: return 4;
    case JONG_TAI_FULL_FLUSH: return ey ? 12 : 8;
    case JONG_TAI_SEVEN_PAIRS_PONG: return 8;
    case JONG_TAI_SIXTEEN_UNRELATED: return 16;
    case JONG_TAI_THIRTEEN_ORPHANS: return 16;
    default: return -1;
    }
}

static void add_dealer(const win_facts *f, jong_tai_result *r)
{
    if (!f->dealer_entries)
        return;
    add(r, JONG_TAI_DEALER, 1);
    if (f->ctx->dealer_streak > 0)
        add(r, JONG_TAI_DEALER_STREAK, 2 * f->ctx->dealer_streak);
}

/* Concealed hand, self-draw, and the three first-turn wins that replace them. A special hand
 * is concealed by definition and its value already pays for that, so of "concealed" and
 * "concealed self-draw" it keeps only the self-draw's own 1 tai. */
static void add_concealed_and_self_draw(const win_facts *f, bool special, jong_tai_result *r)
{
    unsigned flags = f->ctx->flags;
    if (flags & (JONG_WIN_HEAVENLY | JONG_WIN_EARTHLY))
        return;
    if (special || !f->concealed) {
        if (f->self_draw)
            add(r, JONG_TAI_SELF_DRAW, 1);
    } else if (f->self_draw) {
        add(r, JONG_TAI_CONCEALED_SELF_DRAW, 3);
    } else if (!(flags & JONG_WIN_HUMAN)) {
        add(r, JONG_TAI_CONCEALED, 1);
    }
}

/* Flowers of one's own seat (f and s numbered seat wind + 1), a full set replacing the seat
 * flower inside it. */
static void add_flowers(const win_facts *f, jong_tai_result *r)
{
    unsigned held = f->ctx->hand.flowers, w = (unsigned)f->ctx->seat_wind;
    if ((held & FLOWER_SET) == FLOWER_SET)
        add(r, JONG_TAI_FOUR_FLOWERS, 2);
    else if (held >> w & 1)
        add(r, JONG_TAI_SEAT_FLOWER, 1);
    if ((held & SEASON_SET) == SEASON_SET)
        add(r, JONG_TAI_FOUR_SEASONS, 2);
    else if (held >> (4 + w) & 1)
        add(r, JONG_TAI_SEAT_FLOWER, 1);
}

/* Half flush, full flush, all honors: what the tiles are, however they are grouped. */
static void add_suits(const win_facts *f, jong_tai_result *r)
{
    unsigned suits = 0;
    bool honors = false;
    for (int k = 0; k < JONG_KINDS; k++)
        if (f->tiles[k]) {
            if (jong_kind_is_honor(k))
                honors = true;
            else
                suits |= 1u << jong_kind_suit(k);
        }
    if (suits == 0)
        add(r, JONG_TAI_ALL_HONORS, 16);
    else if ((suits & (suits - 1)) == 0 && honors)
        add(r, JONG_TAI_HALF_FLUSH, jong_tai_pattern_value(f->rs, JONG_TAI_HALF_FLUSH));
    else if ((suits & (suits - 1)) == 0)
        add(r, JONG_TAI_FULL_FLUSH, jong_tai_pattern_value(f->rs, JONG_TAI_FULL_FLUSH));
}

static bool all_honors(const win_facts *f)
{
    for (int k = 0; k < JONG_NUMBER_KINDS; k++)
        if (f->tiles[k])
            return false;
    return true;
}

static bool any_honor(const win_facts *f)
{
    for (int k = JONG_NUMBER_KINDS; k < JONG_KINDS; k++)
        if (f->tiles[k])
            return true;
    return false;
}

/* The winning tile sits at one end of a chow of the reading whose other two tiles are
 * consecutive and are not the 12 or 89 edge (those wait on one kind only). */
static bool two_sided(const win_facts *f, const reading *rd)
{
    if (rd->win_set < 0 || rd->type[rd->win_set] != JONG_MELD_CHOW)
        return false;
    int t = rd->tile[rd->win_set], w = f->ctx->win_tile;
    if (w == t)
        return jong_kind_rank(t) != 7;      /* 89 waiting on 7 is an edge */
    if (w == t + 2)
        return jong_kind_rank(t) != 1;      /* 12 waiting on 3 is an edge */
    return false;                           /* the middle: a closed wait */
}

/* The patterns that come from the five sets and the pair. */
static void add_sets(const win_facts *f, const reading *rd, jong_tai_result *r)
{
    int dragons = 0, winds = 0, pongs = 0, chows = 0, hidden = 0;
    bool seat = false, round = false;
    for (int i = 0; i < SETS; i++) {
        int k = rd->tile[i];
        if (rd->type[i] == JONG_MELD_CHOW) {
            chows++;
            continue;
        }
        pongs++;
        hidden += rd->hidden[i];
        if (k >= JONG_P) {
            dragons++;
        } else if (k >= JONG_E) {
            winds++;
            seat |= k - JONG_E == f->ctx->seat_wind;
            round |= k - JONG_E == f->ctx->round_wind;
        }
    }
    bool dragon_pair = rd->pair >= JONG_P, wind_pair = rd->pair >= JONG_E && rd->pair < JONG_P;

    if (dragons == 3)
        add(r, JONG_TAI_BIG_THREE_DRAGONS, 8);
    else if (dragons == 2 && dragon_pair)
        add(r, JONG_TAI_LITTLE_THREE_DRAGONS, 4);
    else
        for (int i = 0; i < dragons; i++)
            add(r, JONG_TAI_DRAGON_PONG, 1);

    /* Most Taiwanese tables let the four-winds hands absorb the seat and round wind pongs
     * inside them, as the three-dragons hands absorb the dragon pongs; we follow that. */
    if (winds == 4) {
        add(r, JONG_TAI_BIG_FOUR_WINDS, 16);
    } else if (winds == 3 && wind_pair) {
        add(r, JONG_TAI_LITTLE_FOUR_WINDS, 8);
    } else {
        if (seat)
            add(r, JONG_TAI_SEAT_WIND, 1);
        if (round)
            add(r, JONG_TAI_ROUND_WIND, 1);
    }

    /* Ping-hu: the cheapest hand pays only when it is plain in every way. */
    if (chows == SETS && !any_honor(f) && f->ctx->hand.flowers == 0 && !f->self_draw && !f->single_wait &&
        two_sided(f, rd))
        add(r, JONG_TAI_ALL_CHOWS, jong_tai_pattern_value(f->rs, JONG_TAI_ALL_CHOWS));

    if (hidden == 5)
        add(r, JONG_TAI_FIVE_CONCEALED_PONGS, ericyang(f) ? 16 : 8);
    else if (hidden == 4)
        add(r, JONG_TAI_FOUR_CONCEALED_PONGS, ericyang(f) ? 6 : 5);
    else if (hidden == 3)
        add(r, JONG_TAI_THREE_CONCEALED_PONGS, 2);
    if (pongs == SETS && hidden != 5 && !all_honors(f))
        add(r, JONG_TAI_ALL_PONGS, jong_tai_pattern_value(f->rs, JONG_TAI_ALL_PONGS));

    if (f->rs->kong_tai == JONG_KONG_TAI_EXPOSED1_CONCEALED2)
        for (int i = 0; i < SETS; i++) {
            if (rd->type[i] == JONG_MELD_KONG)
                add(r, JONG_TAI_KONG, 1);
            else if (rd->type[i] == JONG_MELD_CONCEALED_KONG)
                add(r, JONG_TAI_KONG, 2);
        }
}

static void add_special(unsigned special, jong_tai_result *r)
{
    if (special == JONG_SPECIAL_SEVEN_PAIRS_PONG)
        add(r, JONG_TAI_SEVEN_PAIRS_PONG, jong_tai_pattern_value(NULL, JONG_TAI_SEVEN_PAIRS_PONG));
    else if (special == JONG_SPECIAL_SIXTEEN_UNRELATED)
        add(r, JONG_TAI_SIXTEEN_UNRELATED, jong_tai_pattern_value(NULL, JONG_TAI_SIXTEEN_UNRELATED));
    else if (special == JONG_SPECIAL_THIRTEEN_ORPHANS)
        add(r, JONG_TAI_THIRTEEN_ORPHANS, jong_tai_pattern_value(NULL, JONG_TAI_THIRTEEN_ORPHANS));
}

/* Every pattern of one reading; r->tai is the total before any cap. */
static void score_reading(const win_facts *f, const reading *rd, jong_tai_result *r)
{
    unsigned flags = f->ctx->flags;
    memset(r, 0, sizeof *r);
    add_dealer(f, r);
    add_concealed_and_self_draw(f, rd->special != 0, r);
    add_flowers(f, r);
    if (flags & JONG_WIN_ROBBING_KONG)
        add(r, JONG_TAI_ROBBING_KONG, 1);
    /* A begging hand always waited on its pair tile alone: the begging pattern replaces the
     * single wait. */
    if (f->begging && f->self_draw)
        add(r, JONG_TAI_HALF_BEGGING, 1);
    else if (f->begging)
        add(r, JONG_TAI_ALL_BEGGING, 2);
    else if (f->single_wait)
        add(r, JONG_TAI_SINGLE_WAIT, 1);
    if (flags & JONG_WIN_REPLACEMENT)
        add(r, JONG_TAI_REPLACEMENT, 1);
    if (flags & JONG_WIN_LAST_TILE)
        add(r, JONG_TAI_LAST_TILE, 1);
    add_suits(f, r);
    if (flags & JONG_WIN_HEAVENLY)
        add(r, JONG_TAI_HEAVENLY, ericyang(f) ? 24 : 16);
    if (flags & JONG_WIN_EARTHLY)
        add(r, JONG_TAI_EARTHLY, 16);
    if (flags & JONG_WIN_HUMAN)
        add(r, JONG_TAI_HUMAN, 16);
    if (rd->special)
        add_special(rd->special, r);
    else
        add_sets(f, rd, r);
    sort_entries(r);
}

/* Keeps the better of best and the reading just scored (the first one on a tie). */
static void consider(const win_facts *f, const reading *rd, jong_tai_result *best, bool *have)
{
    jong_tai_result r;
    score_reading(f, rd, &r);
    if (!*have || r.tai > best->tai) {
        *best = r;
        *have = true;
    }
}

/* Can the winning tile sit in this group of the reading (-1 = the pair)? Declared melds were
 * complete before the win, so the tile is never in one of them. */
static bool may_hold_win(const reading *rd, int group, int nmelds, int w)
{
    if (group < 0)
        return rd->pair == w;
    if (group < nmelds)
        return false;
    int t = rd->tile[group];
    return rd->type[group] == JONG_MELD_CHOW ? w >= t && w <= t + 2 : w == t;
}

/* Every reading of the hand, each with every place the winning tile may sit. */
static bool score_best(const win_facts *f, jong_tai_result *best)
{
    const jong_hand *h = &f->ctx->hand;
    const int w = f->ctx->win_tile;
    bool have = false;
    jong_decomposition dec[MAX_READINGS];
    int n = jong_decompose(h->counts, SETS - h->nmelds, JONG_FORMS_STANDARD, dec, MAX_READINGS);
    if (n > MAX_READINGS)
        n = MAX_READINGS;
    for (int d = 0; d < n; d++) {
        reading rd;
        memset(&rd, 0, sizeof rd);
        int m = h->nmelds;
        for (int i = 0; i < m; i++) {
            rd.type[i] = h->melds[i].type;
            rd.tile[i] = h->melds[i].tile;
            rd.hidden[i] = h->melds[i].type == JONG_MELD_CONCEALED_KONG;
        }
        for (int i = 0; i < dec[d].nsets && m + i < SETS; i++) {
            rd.type[m + i] = dec[d].set_type[i];
            rd.tile[m + i] = dec[d].set_tile[i];
        }
        rd.pair = dec[d].pair;
        for (int place = -1; place < SETS; place++) {
            if (!may_hold_win(&rd, place, m, w))
                continue;
            /* A pong completed by a discard (or a robbed kong tile) was not concealed. */
            for (int i = m; i < SETS; i++)
                rd.hidden[i] = rd.type[i] == JONG_MELD_PUNG && !(i == place && !f->self_draw);
            rd.win_set = place;
            consider(f, &rd, best, &have);
        }
    }
    unsigned forms = tai_special_forms(f->rs, h);
    for (unsigned bit = 1; bit <= forms; bit <<= 1)
        if (forms & bit) {
            reading rd;
            memset(&rd, 0, sizeof rd);
            rd.special = bit;
            consider(f, &rd, best, &have);
        }
    return have;
}

/* The flower win: eight flowers, plus only the dealer's tai and a self-draw. The tiles are not
 * a hand, so nothing else counts; the circumstance flags are checked for consistency but add
 * nothing either. */
static void score_flower_win(const win_facts *f, jong_tai_result *r)
{
    memset(r, 0, sizeof *r);
    add_dealer(f, r);
    if (f->self_draw)
        add(r, JONG_TAI_SELF_DRAW, 1);
    add(r, JONG_TAI_EIGHT_FLOWERS, 8);
    sort_entries(r);
}

/* ---- checking the context ------------------------------------------------------------------ */

static bool seat_ok(int s)
{
    return s >= 0 && s < 4;
}

static int check_context(const jong_ruleset *rs, const jong_win_context *c, jong_error *err)
{
    if (rs->variant != JONG_VARIANT_TAIWAN)
        return jong_error_set(err, JONG_ERR_ARG, -1, "tai scoring needs Taiwanese rules");
    if (!seat_ok(c->winner))
        return jong_error_set(err, JONG_ERR_ARG, -1, "winner seat %d out of range 0-3", c->winner);
    if (!seat_ok(c->dealer))
        return jong_error_set(err, JONG_ERR_ARG, -1, "dealer seat %d out of range 0-3", c->dealer);
    if (c->discarder != -1 && !seat_ok(c->discarder))
        return jong_error_set(err, JONG_ERR_ARG, -1, "discarder seat %d out of range 0-3 (-1 for a self-draw)",
                              c->discarder);
    if (c->discarder == c->winner)
        return jong_error_set(err, JONG_ERR_ARG, -1, "seat %d cannot win on its own discard", c->winner);
    if (!seat_ok(c->seat_wind) || !seat_ok(c->round_wind))
        return jong_error_set(err, JONG_ERR_ARG, -1, "%s wind %d out of range 0-3",
                              seat_ok(c->seat_wind) ? "round" : "seat",
                              seat_ok(c->seat_wind) ? c->round_wind : c->seat_wind);
    if (c->dealer_streak < 0 || c->dealer_streak > MAX_STREAK)
        return jong_error_set(err, JONG_ERR_ARG, -1, "dealer streak %d out of range 0-%d", c->dealer_streak,
                              MAX_STREAK);
    unsigned known = JONG_WIN_ROBBING_KONG | JONG_WIN_REPLACEMENT | JONG_WIN_LAST_TILE | JONG_WIN_HEAVENLY |
                     JONG_WIN_EARTHLY | JONG_WIN_HUMAN | JONG_WIN_FLOWERS;
    unsigned fl = c->flags, first = fl & (JONG_WIN_HEAVENLY | JONG_WIN_EARTHLY | JONG_WIN_HUMAN);
    bool self = c->discarder < 0;
    if (fl & ~known)
        return jong_error_set(err, JONG_ERR_ARG, -1, "unknown win flags 0x%x", fl & ~known);
    if (first & (first - 1))
        return jong_error_set(err, JONG_ERR_ARG, -1, "at most one of heavenly, earthly and human wins");
    if ((fl & JONG_WIN_HEAVENLY) && (!self || c->winner != c->dealer))
        return jong_error_set(err, JONG_ERR_ARG, -1, "a heavenly win is the dealer's self-draw");
    if ((fl & JONG_WIN_EARTHLY) && (!self || c->winner == c->dealer))
        return jong_error_set(err, JONG_ERR_ARG, -1, "an earthly win is a non-dealer's self-draw");
    if ((fl & JONG_WIN_HUMAN) && self)
        return jong_error_set(err, JONG_ERR_ARG, -1, "a human win is a win on a discard, not a self-draw");
    if ((fl & JONG_WIN_ROBBING_KONG) && self)
        return jong_error_set(err, JONG_ERR_ARG, -1, "robbing the kong needs the seat that added the kong");
    if ((fl & JONG_WIN_REPLACEMENT) && !self)
        return jong_error_set(err, JONG_ERR_ARG, -1, "a win on a replacement tile is a self-draw");

    const jong_hand *h = &c->hand;
    if (!tai_hand_is_valid(h, err))
        return JONG_ERR_ARG;
    if (h->flowers && !rs->flowers)
        return jong_error_set(err, JONG_ERR_ARG, -1, "the hand holds flowers but flowers are off");
    if (fl & JONG_WIN_FLOWERS) {
        int fw = c->win_tile - JONG_TILE_FLOWER_BASE;
        if (!rs->flowers)
            return jong_error_set(err, JONG_ERR_ARG, -1, "a flower win with flowers off");
        if (fw < 0 || fw >= JONG_FLOWERS)
            return jong_error_set(err, JONG_ERR_ARG, -1, "the win tile of a flower win must be a flower");
        if (h->flowers != ALL_FLOWERS)
            return jong_error_set(err, JONG_ERR_ARG, -1, "a flower win needs all eight flowers in the hand");
        return JONG_OK;
    }
    if (c->win_tile < 0 || c->win_tile >= JONG_KINDS)
        return jong_error_set(err, JONG_ERR_ARG, -1, "win tile %d is not a tile kind%s", c->win_tile,
                              c->win_tile >= JONG_TILE_FLOWER_BASE ? " (a flower needs JONG_WIN_FLOWERS)" : "");
    if (tai_hand_tiles(h) != 17)
        return jong_error_set(err, JONG_ERR_ARG, -1, "the winning hand has %d tiles, not 17 (melds count 3)",
                              tai_hand_tiles(h));
    if (!h->counts[c->win_tile])
        return jong_error_set(err, JONG_ERR_ARG, -1, "the win tile %s is not among the concealed tiles",
                              jong_kind_name(c->win_tile, JONG_STYLE_COMPACT));
    if (!jong_tai_is_winning_hand(rs, h))
        return jong_error_set(err, JONG_ERR_ARG, -1,
                              "not a winning hand (five sets and a pair, or an enabled special hand)");
    return JONG_OK;
}

static void gather_facts(const jong_ruleset *rs, const jong_win_context *c, win_facts *f)
{
    const jong_hand *h = &c->hand;
    memset(f, 0, sizeof *f);
    f->rs = rs;
    f->ctx = c;
    f->self_draw = c->discarder < 0;
    f->dealer_entries = c->winner == c->dealer || c->discarder == c->dealer;
    f->concealed = true;
    int taken = 0;
    for (int i = 0; i < h->nmelds; i++) {
        bool hidden = h->melds[i].type == JONG_MELD_CONCEALED_KONG;
        f->concealed &= hidden;
        taken += !hidden;
    }
    f->begging = taken == SETS;
    jong_hand_meld_counts(h, f->tiles);
    for (int k = 0; k < JONG_KINDS; k++)
        f->tiles[k] = (uint8_t)(f->tiles[k] + h->counts[k]);
    if (!(c->flags & JONG_WIN_FLOWERS)) {
        jong_hand before = *h;
        before.counts[c->win_tile]--;
        uint64_t waits = tai_waits(rs, &before);
        f->single_wait = waits != 0 && (waits & (waits - 1)) == 0;
    }
}

/* ---- payments ------------------------------------------------------------------------------ */

static int capped(const jong_ruleset *rs, int tai)
{
    return rs->tai_cap > 0 && tai > rs->tai_cap ? rs->tai_cap : tai;
}

/* Fills payments and deltas. On a self-draw by a non-dealer the dealer's tai are not among the
 * entries (he is not the winner and not the lone payer), so they go onto his payment alone. */
static int pay(const jong_ruleset *rs, const jong_win_context *c, int hand_tai, jong_tai_result *r,
               jong_error *err)
{
    int64_t pays[4] = {0, 0, 0, 0}, total = 0;
    for (int s = 0; s < 4; s++) {
        if (s == c->winner || (c->discarder >= 0 && s != c->discarder))
            continue;
        int t = hand_tai;
        if (c->discarder < 0 && s == c->dealer)
            t += r->dealer_tai;
        pays[s] = (int64_t)rs->base + (int64_t)capped(rs, t) * rs->unit;
        total += pays[s];
    }
    if (total > INT32_MAX || total < 0)
        return jong_error_set(err, JONG_ERR_ARG, -1, "the payments do not fit in 32 bits (base %d, unit %d)",
                              rs->base, rs->unit);
    for (int s = 0; s < 4; s++) {
        r->payments[s] = (int32_t)pays[s];
        r->deltas[s] = (int32_t)-pays[s];
    }
    r->deltas[c->winner] = (int32_t)total;
    return JONG_OK;
}

int jong_tai_score(const jong_ruleset *rs, const jong_win_context *ctx, jong_tai_result *out, jong_error *err)
{
    if (!rs || !ctx || !out)
        return jong_error_set(err, JONG_ERR_ARG, -1, "jong_tai_score needs a ruleset, a context and a result");
    int rc = check_context(rs, ctx, err);
    if (rc != JONG_OK)
        return rc;
    win_facts f;
    gather_facts(rs, ctx, &f);
    jong_tai_result r;
    if (ctx->flags & JONG_WIN_FLOWERS)
        score_flower_win(&f, &r);
    else if (!score_best(&f, &r))
        return jong_error_set(err, JONG_ERR_ARG, -1, "no reading of the hand holds the win tile");
    int hand_tai = r.tai;
    r.dealer_tai = 1 + 2 * ctx->dealer_streak;
    r.tai = capped(rs, hand_tai);
    rc = pay(rs, ctx, hand_tai, &r, err);
    if (rc != JONG_OK)
        return rc;
    *out = r;
    return JONG_OK;
}
