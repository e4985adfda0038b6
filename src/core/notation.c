/* Tile notation: read compact, Taiwanese and mjai spellings of tiles and hands, print them back.
 *
 * Parsing is split in two layers. A small lexer turns the text into items (one tile, one
 * flower, an opening or a closing bracket) and reports every syntax error with the byte
 * position that caused it. The parsers on top (hand, tile list, single tile) only decide which
 * items are allowed where and keep the per-kind tallies for the fifth-copy and red-five checks.
 * The lexer never looks further than one byte past a byte it has already seen to be non-NUL,
 * so it cannot read past the end of a NUL-terminated string whatever bytes it holds. */
#include "jong/notation.h"

#include <limits.h>
#include <stdbool.h>
#include <string.h>

#define RUN_SHOW 16  /* digits of a suitless run quoted in an error; longer runs are elided */
#define MELD_SHOW 40 /* bytes of a bad meld quoted in an error */

/* ------------------------------------------------------------------------------------------ */
/* Names                                                                                       */

#define NINE(s) "1" s, "2" s, "3" s, "4" s, "5" s, "6" s, "7" s, "8" s, "9" s

static const char *const compact_names[JONG_KINDS] = {
    NINE("m"), NINE("p"), NINE("s"), "1z", "2z", "3z", "4z", "5z", "6z", "7z",
};
static const char *const taiwan_names[JONG_KINDS] = {
    NINE("w"), NINE("t"), NINE("s"), "E", "S", "W", "N", "P", "F", "C",
};
static const char *const mjai_names[JONG_KINDS] = {
    NINE("m"), NINE("p"), NINE("s"), "E", "S", "W", "N", "P", "F", "C",
};
static const char *const flower_names[JONG_FLOWERS] = {
    "f1", "f2", "f3", "f4", "s1", "s2", "s3", "s4",
};
static const char honor_letters[] = "ESWNPFC"; /* kinds 27..33 in order */

/* An out-of-range style is printed as compact rather than rejected: formatting has no error
 * channel and must never fail. */
static jong_style norm_style(jong_style style)
{
    return (style == JONG_STYLE_TAIWAN || style == JONG_STYLE_MJAI) ? style : JONG_STYLE_COMPACT;
}

const char *jong_kind_name(int kind, jong_style style)
{
    if (kind < 0 || kind >= JONG_KINDS)
        return "?";
    switch (norm_style(style)) {
    case JONG_STYLE_TAIWAN: return taiwan_names[kind];
    case JONG_STYLE_MJAI: return mjai_names[kind];
    default: return compact_names[kind];
    }
}

const char *jong_flower_name(int flower)
{
    return (flower >= 0 && flower < JONG_FLOWERS) ? flower_names[flower] : "?";
}

/* ------------------------------------------------------------------------------------------ */
/* Lexer                                                                                       */

typedef enum { ITEM_END, ITEM_TILE, ITEM_FLOWER, ITEM_OPEN, ITEM_CLOSE } item_type;

typedef struct {
    item_type type;
    size_t pos;  /* byte offset of the item (the digit of a tile in a digit group) */
    int kind;    /* ITEM_TILE */
    bool red;    /* ITEM_TILE: a red five */
    int flower;  /* ITEM_FLOWER: 0..7 */
    char ch;     /* ITEM_OPEN / ITEM_CLOSE: the bracket */
} item;

typedef struct {
    const char *s;
    size_t i;              /* next byte to look at */
    size_t run, run_end;   /* digits of the current group still to hand out as tiles */
    int run_suit;          /* 0..3 for the group being handed out */
    bool run_red;          /* the group was a mjai `5mr` */
    jong_error *err;
} lexer;

/* Error positions are ints; a text longer than INT_MAX bytes still gets a usable position. */
static int pos_int(size_t p)
{
    return p > (size_t)INT_MAX ? INT_MAX : (int)p;
}

static bool is_sep(unsigned char c)
{
    return c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r';
}

static bool is_digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

/* The suit a letter closes a digit group with, or -1. */
static int suit_of_letter(unsigned char c)
{
    switch (c) {
    case 'm': case 'w': return JONG_SUIT_M;
    case 'p': case 't': return JONG_SUIT_P;
    case 's': return JONG_SUIT_S;
    case 'z': return JONG_SUIT_Z;
    default: return -1;
    }
}

/* The honor kind of a capital letter, or -1. NUL is excluded explicitly because strchr would
 * find the terminator. */
static int honor_of_letter(unsigned char c)
{
    const char *p = c ? strchr(honor_letters, c) : NULL;
    return p ? JONG_E + (int)(p - honor_letters) : -1;
}

/* Bytes that begin (or end) something meaningful; anything else is an unknown letter. */
static bool is_known(unsigned char c)
{
    return c == '\0' || is_sep(c) || is_digit(c) || suit_of_letter(c) >= 0 ||
           honor_of_letter(c) >= 0 || c == 'f' || c == 'r' || c == '[' || c == ']' || c == '(' ||
           c == ')';
}

static int unknown_byte(lexer *lx, size_t p)
{
    unsigned char c = (unsigned char)lx->s[p];
    if (c > 0x20 && c < 0x7f)
        return jong_error_set(lx->err, JONG_ERR_SYNTAX, pos_int(p), "position %d: unknown letter '%c'",
                              pos_int(p), c);
    return jong_error_set(lx->err, JONG_ERR_SYNTAX, pos_int(p), "position %d: unknown byte 0x%02x",
                          pos_int(p), c);
}

/* Hand out the next digit of the current group as a tile. */
static int emit_digit(lexer *lx, item *it)
{
    size_t p = lx->run++;
    int d = lx->s[p] - '0';
    it->type = ITEM_TILE;
    it->pos = p;
    it->red = false;
    if (lx->run_suit == JONG_SUIT_Z) {
        if (d < 1 || d > 7)
            return jong_error_set(lx->err, JONG_ERR_SYNTAX, pos_int(p),
                                  "position %d: %dz is not a tile (honors are 1z-7z)", pos_int(p), d);
        it->kind = JONG_E + d - 1;
        return JONG_OK;
    }
    if (d == 0) { /* 0 is the red five of the suit */
        it->kind = jong_kind_make(lx->run_suit, 5);
        it->red = true;
        return JONG_OK;
    }
    it->kind = jong_kind_make(lx->run_suit, d);
    it->red = lx->run_red;
    return JONG_OK;
}

/* A digit group: digits, one suit letter, and an optional mjai `r` after a lone 5. */
static int start_run(lexer *lx, item *it)
{
    const char *s = lx->s;
    size_t a = lx->i, b = a;
    while (is_digit((unsigned char)s[b]))
        b++;
    unsigned char c = (unsigned char)s[b];
    int suit = suit_of_letter(c);
    if (suit < 0) {
        /* An unknown byte is the more precise complaint; otherwise the group just ended early
         * (space, bracket, honor letter, `f`, end of text). */
        if (!is_known(c))
            return unknown_byte(lx, b);
        size_t len = b - a;
        return jong_error_set(lx->err, JONG_ERR_SYNTAX, pos_int(a),
                              "position %d: digits '%.*s%s' have no suit letter", pos_int(a),
                              (int)(len > RUN_SHOW ? RUN_SHOW : len), s + a,
                              len > RUN_SHOW ? "..." : "");
    }
    bool red = false;
    size_t next = b + 1;
    if (s[next] == 'r') {
        if (b - a != 1 || s[a] != '5' || suit == JONG_SUIT_Z)
            return jong_error_set(lx->err, JONG_ERR_SYNTAX, pos_int(next),
                                  "position %d: 'r' only marks a red five, as in 5mr 5pr 5sr",
                                  pos_int(next));
        red = true;
        next++;
    }
    lx->run = a;
    lx->run_end = b;
    lx->run_suit = suit;
    lx->run_red = red;
    lx->i = next;
    return emit_digit(lx, it);
}

/* `f1`..`f4` (base 0) or `s1`..`s4` (base 4); the caller saw the letter at lx->i. */
static int lex_flower(lexer *lx, item *it, int base)
{
    size_t p = lx->i;
    unsigned char c = (unsigned char)lx->s[p + 1]; /* s[p] != NUL, so p + 1 is in bounds */
    if (c < '1' || c > '4') {
        if (base == 0)
            return jong_error_set(lx->err, JONG_ERR_SYNTAX, pos_int(p),
                                  "position %d: 'f' must be followed by 1-4 (flowers f1-f4)",
                                  pos_int(p));
        return jong_error_set(lx->err, JONG_ERR_SYNTAX, pos_int(p),
                              "position %d: 's' has no digits before it and is not a flower s1-s4",
                              pos_int(p));
    }
    it->type = ITEM_FLOWER;
    it->pos = p;
    it->flower = base + (c - '1');
    lx->i = p + 2;
    return JONG_OK;
}

static int lex_next(lexer *lx, item *it)
{
    if (lx->run < lx->run_end)
        return emit_digit(lx, it);
    while (is_sep((unsigned char)lx->s[lx->i]))
        lx->i++;
    size_t p = lx->i;
    unsigned char c = (unsigned char)lx->s[p];
    it->pos = p;
    if (c == '\0') {
        it->type = ITEM_END;
        return JONG_OK;
    }
    if (is_digit(c))
        return start_run(lx, it);
    int honor = honor_of_letter(c);
    if (honor >= 0) {
        it->type = ITEM_TILE;
        it->kind = honor;
        it->red = false;
        lx->i = p + 1;
        return JONG_OK;
    }
    switch (c) {
    case 'f': return lex_flower(lx, it, 0);
    case 's': return lex_flower(lx, it, 4); /* no digits pending, so not the sou letter */
    case '[': case '(': case ']': case ')':
        it->type = (c == '[' || c == '(') ? ITEM_OPEN : ITEM_CLOSE;
        it->ch = (char)c;
        lx->i = p + 1;
        return JONG_OK;
    case 'r':
        return jong_error_set(lx->err, JONG_ERR_SYNTAX, pos_int(p),
                              "position %d: 'r' only marks a red five, as in 5mr 5pr 5sr", pos_int(p));
    default:
        if (suit_of_letter(c) >= 0)
            return jong_error_set(lx->err, JONG_ERR_SYNTAX, pos_int(p),
                                  "position %d: suit letter '%c' has no digits before it", pos_int(p), c);
        return unknown_byte(lx, p);
    }
}

static void lexer_init(lexer *lx, const char *text, jong_error *err)
{
    memset(lx, 0, sizeof *lx);
    lx->s = text;
    lx->err = err;
}

/* ------------------------------------------------------------------------------------------ */
/* Tallies shared by the parsers                                                                */

/* Every copy of every kind seen so far, concealed or in a meld: the physical limits (four of a
 * kind, one red five per suit) hold over the whole set. */
typedef struct {
    uint8_t total[JONG_KINDS];
    uint8_t red[3];
} tally;

static int tally_add(tally *t, const item *it, jong_error *err)
{
    int p = pos_int(it->pos);
    if (t->total[it->kind] >= 4)
        return jong_error_set(err, JONG_ERR_FIFTH_COPY, p, "position %d: fifth copy of %s", p,
                              compact_names[it->kind]);
    if (it->red) {
        int suit = jong_kind_suit(it->kind);
        if (t->red[suit] >= 1)
            return jong_error_set(err, JONG_ERR_FIFTH_COPY, p, "position %d: two red fives of suit %c",
                                  p, "mps"[suit]);
        t->red[suit]++;
    }
    t->total[it->kind]++;
    return JONG_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* Melds                                                                                       */

static void sort_kinds(int *k, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && k[j - 1] > k[j]; j--) {
            int t = k[j];
            k[j] = k[j - 1];
            k[j - 1] = t;
        }
}

static bool all_same(const int *k, int n)
{
    for (int i = 1; i < n; i++)
        if (k[i] != k[0])
            return false;
    return true;
}

/* Decide what a bracket group is; false when it is no legal meld for that bracket. */
static bool classify_meld(int *k, int n, bool concealed, jong_meld *m)
{
    /* Checked first: with fewer than three tiles k[0] may never have been written ("[]"). */
    if (n < 3)
        return false;
    sort_kinds(k, n);
    if (concealed) {
        m->type = JONG_MELD_CONCEALED_KONG;
        m->tile = (uint8_t)k[0];
        return n == 4 && all_same(k, n);
    }
    m->tile = (uint8_t)k[0];
    if (n == 4 && all_same(k, n)) {
        m->type = JONG_MELD_KONG;
        return true;
    }
    if (n != 3)
        return false; /* four tiles that are not one kind */
    if (all_same(k, n)) {
        m->type = JONG_MELD_PUNG;
        return true;
    }
    /* A chow stays inside one number suit: 8m9m1p is consecutive as kinds but not as tiles. */
    m->type = JONG_MELD_CHOW;
    return k[2] < JONG_NUMBER_KINDS && k[1] == k[0] + 1 && k[2] == k[1] + 1 &&
           jong_kind_suit(k[0]) == jong_kind_suit(k[2]);
}

typedef struct {
    jong_hand h;
    tally t;
    bool any; /* anything at all was read, to tell an empty hand */
} hand_state;

static int meld_error(lexer *lx, jong_errcode code, size_t open, size_t close, const char *what)
{
    size_t len = close - open + 1;
    return jong_error_set(lx->err, code, pos_int(open), "position %d: %.*s%s is not %s", pos_int(open),
                          (int)(len > MELD_SHOW ? MELD_SHOW : len), lx->s + open,
                          len > MELD_SHOW ? "..." : "", what);
}

/* Reads the tiles after an opening bracket up to its closing bracket. */
static int parse_meld(lexer *lx, const item *open, hand_state *st)
{
    int p = pos_int(open->pos);
    if (st->h.nmelds >= JONG_MAX_MELDS)
        return jong_error_set(lx->err, JONG_ERR_TILE_COUNT, p, "position %d: more than %d melds", p,
                              JONG_MAX_MELDS);
    char want = open->ch == '[' ? ']' : ')';
    int kinds[4];
    int n = 0, reds = 0;
    item it;
    for (;;) {
        int rc = lex_next(lx, &it);
        if (rc)
            return rc;
        int q = pos_int(it.pos);
        switch (it.type) {
        case ITEM_END:
            return jong_error_set(lx->err, JONG_ERR_SYNTAX, p, "position %d: unclosed '%c'", p, open->ch);
        case ITEM_OPEN:
            return jong_error_set(lx->err, JONG_ERR_SYNTAX, q,
                                  "position %d: '%c' inside the meld opened at position %d", q, it.ch, p);
        case ITEM_FLOWER:
            return jong_error_set(lx->err, JONG_ERR_SYNTAX, q, "position %d: flower %s inside a meld", q,
                                  flower_names[it.flower]);
        case ITEM_TILE:
            if (n == 4)
                return jong_error_set(lx->err, JONG_ERR_MELD, q,
                                      "position %d: more than 4 tiles in the meld opened at position %d",
                                      q, p);
            rc = tally_add(&st->t, &it, lx->err);
            if (rc)
                return rc;
            kinds[n++] = it.kind;
            reds += it.red;
            continue;
        case ITEM_CLOSE:
            break;
        }
        break;
    }
    if (it.ch != want)
        return jong_error_set(lx->err, JONG_ERR_SYNTAX, pos_int(it.pos),
                              "position %d: '%c' closes the '%c' opened at position %d",
                              pos_int(it.pos), it.ch, open->ch, p);
    jong_meld m = {0};
    bool concealed = open->ch == '(';
    if (!classify_meld(kinds, n, concealed, &m))
        return meld_error(lx, JONG_ERR_MELD, open->pos, it.pos,
                          concealed ? "a concealed kong" : "a chow, pung or kong");
    m.red = (uint8_t)reds;
    st->h.melds[st->h.nmelds++] = m;
    return JONG_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* Parsers                                                                                     */

static int hand_item(lexer *lx, const item *it, hand_state *st)
{
    int p = pos_int(it->pos);
    switch (it->type) {
    case ITEM_TILE: {
        int rc = tally_add(&st->t, it, lx->err);
        if (rc)
            return rc;
        st->h.counts[it->kind]++;
        if (it->red)
            st->h.red[jong_kind_suit(it->kind)]++;
        return JONG_OK;
    }
    case ITEM_FLOWER:
        if (st->h.flowers & (1u << it->flower))
            return jong_error_set(lx->err, JONG_ERR_SYNTAX, p, "position %d: flower %s given twice", p,
                                  flower_names[it->flower]);
        st->h.flowers |= (uint8_t)(1u << it->flower);
        return JONG_OK;
    case ITEM_OPEN:
        return parse_meld(lx, it, st);
    case ITEM_CLOSE:
        return jong_error_set(lx->err, JONG_ERR_SYNTAX, p, "position %d: '%c' without an opening bracket",
                              p, it->ch);
    case ITEM_END:
        break;
    }
    return JONG_OK;
}

int jong_parse_hand(const char *text, jong_hand *out, jong_error *err)
{
    if (!text || !out)
        return jong_error_set(err, JONG_ERR_ARG, -1, "no text or no hand to fill");
    hand_state st;
    memset(&st, 0, sizeof st);
    lexer lx;
    lexer_init(&lx, text, err);
    item it;
    int rc;
    /* Parse into a local so a failed parse leaves *out cleared, never half filled. */
    jong_hand_clear(out);
    for (;;) {
        rc = lex_next(&lx, &it);
        if (rc)
            return rc;
        if (it.type == ITEM_END)
            break;
        rc = hand_item(&lx, &it, &st);
        if (rc)
            return rc;
        st.any = true;
    }
    if (!st.any)
        return jong_error_set(err, JONG_ERR_SYNTAX, 0, "position 0: empty hand");
    *out = st.h;
    jong_error_clear(err);
    return JONG_OK;
}

/* One item of a tile list: only tiles are allowed. */
static int tiles_item(const item *it, tally *t, jong_error *err)
{
    int p = pos_int(it->pos);
    switch (it->type) {
    case ITEM_TILE:
        return tally_add(t, it, err);
    case ITEM_FLOWER:
        return jong_error_set(err, JONG_ERR_SYNTAX, p, "position %d: flower %s in a tile list", p,
                              flower_names[it->flower]);
    case ITEM_OPEN:
    case ITEM_CLOSE:
        return jong_error_set(err, JONG_ERR_SYNTAX, p, "position %d: '%c' but a tile list has no melds",
                              p, it->ch);
    case ITEM_END:
        break;
    }
    return JONG_OK;
}

int jong_parse_tiles(const char *text, uint8_t counts[JONG_KINDS], jong_error *err)
{
    if (!text || !counts)
        return jong_error_set(err, JONG_ERR_ARG, -1, "no text or no counts to fill");
    memset(counts, 0, JONG_KINDS);
    tally t;
    memset(&t, 0, sizeof t);
    lexer lx;
    lexer_init(&lx, text, err);
    item it;
    for (;;) {
        int rc = lex_next(&lx, &it);
        if (rc)
            return rc;
        if (it.type == ITEM_END)
            break;
        rc = tiles_item(&it, &t, err);
        if (rc)
            return rc;
    }
    /* An empty list is fine: "no tiles seen" is a real answer. */
    memcpy(counts, t.total, JONG_KINDS);
    jong_error_clear(err);
    return JONG_OK;
}

int jong_parse_tile(const char *text, jong_tile *out, jong_error *err)
{
    if (!text || !out)
        return jong_error_set(err, JONG_ERR_ARG, -1, "no text or no tile to fill");
    memset(out, 0, sizeof *out);
    out->kind = JONG_NO_TILE;
    lexer lx;
    lexer_init(&lx, text, err);
    item it, next;
    int rc = lex_next(&lx, &it);
    if (rc)
        return rc;
    int p = pos_int(it.pos);
    if (it.type == ITEM_END)
        return jong_error_set(err, JONG_ERR_SYNTAX, p, "position %d: no tile", p);
    if (it.type == ITEM_OPEN || it.type == ITEM_CLOSE)
        return jong_error_set(err, JONG_ERR_SYNTAX, p, "position %d: '%c' but a single tile has no melds",
                              p, it.ch);
    /* The rest must be empty; a second tile (or a lexing error) means this was no single tile. */
    rc = lex_next(&lx, &next);
    if (rc)
        return rc;
    if (next.type != ITEM_END) {
        int q = pos_int(next.pos);
        return jong_error_set(err, JONG_ERR_TILE_COUNT, q, "position %d: more than one tile", q);
    }
    if (it.type == ITEM_FLOWER) {
        out->flower = (uint8_t)it.flower;
    } else {
        out->kind = (uint8_t)it.kind;
        out->red = it.red;
    }
    jong_error_clear(err);
    return JONG_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* Formatting                                                                                  */

/* snprintf-like output: counts every byte, stores those that fit and keeps room for the NUL. */
typedef struct {
    char *buf;
    size_t n;
    size_t len;
} writer;

static void put_char(writer *w, char c)
{
    if (w->len + 1 < w->n)
        w->buf[w->len] = c;
    w->len++;
}

static void put_str(writer *w, const char *s)
{
    while (*s)
        put_char(w, *s++);
}

static void put_repeat(writer *w, char c, int times)
{
    for (int i = 0; i < times; i++)
        put_char(w, c);
}

static size_t finish(writer *w)
{
    if (w->n > 0)
        w->buf[w->len < w->n ? w->len : w->n - 1] = '\0';
    return w->len;
}

/* Groups (the concealed tiles, the flowers, each meld) are separated by one space. Since len
 * counts bytes even past a full buffer, "anything written yet" stays right when truncating. */
static void begin_group(writer *w)
{
    if (w->len > 0)
        put_char(w, ' ');
}

/* mjai: one space-separated token per tile. */
static void put_token(writer *w, bool *first, const char *tok, bool red)
{
    if (!*first)
        put_char(w, ' ');
    *first = false;
    put_str(w, tok);
    if (red)
        put_char(w, 'r');
}

/* Red fives to print for a kind: only the 5 of a number suit, never more than its copies. */
static int red_copies(int kind, int count, const uint8_t red[3])
{
    if (kind >= JONG_NUMBER_KINDS || jong_kind_rank(kind) != 5)
        return 0;
    int r = red[jong_kind_suit(kind)];
    return r < count ? r : count;
}

static void put_suit_mjai(writer *w, bool *first, int suit, const uint8_t counts[JONG_KINDS],
                          const uint8_t red[3])
{
    int ranks = suit == JONG_SUIT_Z ? 7 : 9;
    for (int r = 1; r <= ranks; r++) {
        int k = jong_kind_make(suit, r);
        int zeros = red_copies(k, counts[k], red);
        for (int i = 0; i < counts[k]; i++)
            put_token(w, first, mjai_names[k], i < zeros);
    }
}

/* Digits then the suit letter; the red five is a 0 written before the other 5s. */
static void put_suit_digits(writer *w, int suit, char letter, const uint8_t counts[JONG_KINDS],
                            const uint8_t red[3])
{
    int ranks = suit == JONG_SUIT_Z ? 7 : 9;
    bool any = false;
    for (int r = 1; r <= ranks; r++) {
        int k = jong_kind_make(suit, r);
        int zeros = red_copies(k, counts[k], red);
        put_repeat(w, '0', zeros);
        put_repeat(w, (char)('0' + r), counts[k] - zeros);
        any |= counts[k] > 0;
    }
    if (any)
        put_char(w, letter);
}

static void put_honor_letters(writer *w, const uint8_t counts[JONG_KINDS])
{
    for (int k = JONG_E; k <= JONG_C; k++)
        put_repeat(w, honor_letters[k - JONG_E], counts[k]);
}

/* A set of tiles given as counts, in the style's canonical order; no leading space. */
static void put_tiles(writer *w, const uint8_t counts[JONG_KINDS], const uint8_t red[3], jong_style style)
{
    if (style == JONG_STYLE_MJAI) {
        bool first = true;
        for (int suit = JONG_SUIT_M; suit <= JONG_SUIT_Z; suit++)
            put_suit_mjai(w, &first, suit, counts, red);
        return;
    }
    const char *letters = style == JONG_STYLE_TAIWAN ? "wts" : "mps";
    for (int suit = JONG_SUIT_M; suit <= JONG_SUIT_S; suit++)
        put_suit_digits(w, suit, letters[suit], counts, red);
    if (style == JONG_STYLE_TAIWAN)
        put_honor_letters(w, counts);
    else
        put_suit_digits(w, JONG_SUIT_Z, 'z', counts, red);
}

/* The tiles of a meld as counts. A meld that does not describe real tiles (a kind out of range,
 * a chow leaving its suit, an unknown type) prints as an empty bracket rather than reading
 * outside the tables. */
static void meld_tiles(const jong_meld *m, uint8_t counts[JONG_KINDS], uint8_t red[3])
{
    memset(counts, 0, JONG_KINDS);
    memset(red, 0, 3);
    int k = m->tile;
    if (k >= JONG_KINDS)
        return;
    switch (m->type) {
    case JONG_MELD_CHOW:
        if (k >= JONG_NUMBER_KINDS || jong_kind_rank(k) > 7)
            return;
        counts[k] = counts[k + 1] = counts[k + 2] = 1;
        break;
    case JONG_MELD_PUNG:
        counts[k] = 3;
        break;
    case JONG_MELD_KONG:
    case JONG_MELD_CONCEALED_KONG:
        counts[k] = 4;
        break;
    default:
        return;
    }
    if (k < JONG_NUMBER_KINDS)
        red[jong_kind_suit(k)] = m->red;
}

static void put_meld(writer *w, const jong_meld *m, jong_style style)
{
    uint8_t counts[JONG_KINDS], red[3];
    meld_tiles(m, counts, red);
    bool concealed = m->type == JONG_MELD_CONCEALED_KONG;
    put_char(w, concealed ? '(' : '[');
    put_tiles(w, counts, red, style);
    put_char(w, concealed ? ')' : ']');
}

static void put_flowers(writer *w, uint8_t flowers, jong_style style)
{
    if (!flowers)
        return;
    if (style != JONG_STYLE_MJAI)
        begin_group(w);
    for (int f = 0; f < JONG_FLOWERS; f++) {
        if (!(flowers & (1u << f)))
            continue;
        if (style == JONG_STYLE_MJAI)
            begin_group(w);
        put_str(w, flower_names[f]);
    }
}

size_t jong_format_hand(const jong_hand *h, jong_style style, char *buf, size_t n)
{
    writer w = {buf, buf ? n : 0, 0};
    if (h) {
        style = norm_style(style);
        if (jong_hand_concealed_count(h) > 0)
            put_tiles(&w, h->counts, h->red, style);
        put_flowers(&w, h->flowers, style);
        int nm = h->nmelds < JONG_MAX_MELDS ? h->nmelds : JONG_MAX_MELDS;
        for (int i = 0; i < nm; i++) {
            begin_group(&w);
            put_meld(&w, &h->melds[i], style);
        }
    }
    return finish(&w);
}

size_t jong_format_counts(const uint8_t counts[JONG_KINDS], jong_style style, char *buf, size_t n)
{
    jong_hand h;
    jong_hand_clear(&h);
    if (counts)
        memcpy(h.counts, counts, JONG_KINDS);
    return jong_format_hand(&h, style, buf, n);
}
