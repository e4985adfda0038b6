/* Drawing the terminal table (see tty_screen.h). A frame is built as lines in memory first: a
 * line longer than the terminal is wide goes on, indented, on the next line (nothing is cut),
 * and when the lines outnumber the terminal's rows the blank spacers go first, then the oldest
 * events of the log. */
#include <stdarg.h>
#include <string.h>

#include "cli/ui/event_text.h"
#include "cli/ui/hint.h"
#include "tty_screen.h"

#define SCREEN_LINES 64
#define LINE_BYTES 1024

/* The lines of a frame, and how readily each gives way when rows run short (0: never). */
typedef struct {
    char text[SCREEN_LINES][LINE_BYTES];
    int give[SCREEN_LINES];
    int n;
} screen;

/* A line being built: its bytes and its width in columns (ANSI escapes take none, a tile glyph
 * one, the red dragon two, as terminals count them). */
typedef struct {
    screen *sc;
    char buf[LINE_BYTES];
    size_t len;
    int cols, width;
    int give;      /* this line's readiness to give way */
} line;

enum { KEEP = 0, SPACER = 2, OLD_LOG = 1 };

/* Length in bytes and width in columns of the character (or escape sequence) at p. */
static size_t char_at(const unsigned char *p, int *cols)
{
    if (*p == 0x1b) {
        size_t i = 1;
        while (p[i] && !(p[i] >= 0x40 && p[i] <= 0x7e && p[i] != '['))
            i++;
        *cols = 0;
        return p[i] ? i + 1 : i;
    }
    if (*p >= 0xF0) {
        *cols = p[1] == 0x9F && p[2] == 0x80 && p[3] == 0x84 ? 2 : 1;
        return 4;
    }
    *cols = 1;
    return *p >= 0xE0 ? 3 : *p >= 0xC0 ? 2 : 1;
}

static void emit(line *l)
{
    screen *sc = l->sc;
    if (sc->n < SCREEN_LINES) {
        memcpy(sc->text[sc->n], l->buf, l->len);
        sc->text[sc->n][l->len] = 0;
        sc->give[sc->n++] = l->give;
    }
    l->len = 0;
    l->buf[0] = 0;
    l->cols = 0;
    l->give = KEEP;
}

/* the rest of a long line on the next one, indented */
static void wrap(line *l)
{
    int give = l->give;
    emit(l);
    l->give = give;
    memcpy(l->buf, "    ", 5);
    l->len = 4;
    l->cols = 4;
}

/* room for cols more columns on this line: a line already past its indent goes on below */
static void room(line *l, int cols)
{
    if (l->cols + cols > l->width && l->cols > 4)
        wrap(l);
}

/* Appends s, wrapping where it passes the width. */
static void put(line *l, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        int c;
        size_t n = char_at(p, &c);
        if (c)
            room(l, c);
        if (l->len + n + 8 >= sizeof l->buf)
            break;
        memcpy(l->buf + l->len, p, n);
        l->len += n;
        l->cols += c;
        p += n;
    }
    l->buf[l->len] = 0;
}

static void putf(line *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void putf(line *l, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    put(l, tmp);
}

/* a tile followed by the space that makes every tile the same width; never split by a wrap */
static void put_tile(line *l, const tty_style *st, int code, bool red)
{
    char b[48];
    room(l, st->ascii ? 3 : 2);
    put(l, tty_tile(code, red, st, b, sizeof b));
    if (st->ascii || code != JONG_C)
        put(l, " ");
}

static const char *const wind_letters = "ESWN";

static void put_melds(line *l, const tty_style *st, const jong_meld *m, int n)
{
    for (int i = 0; i < n; i++) {
        int size = m[i].type >= JONG_MELD_KONG ? 4 : 3;
        room(l, size * (st->ascii ? 3 : 2) + 2);
        put(l, i ? " [" : "[");
        int reds = m[i].red;
        for (int t = 0; t < size; t++) {
            int code = m[i].tile == JONG_HIDDEN ? JONG_HIDDEN
                       : m[i].type == JONG_MELD_CHOW ? m[i].tile + t : m[i].tile;
            bool red = reds > 0 && code < JONG_NUMBER_KINDS && code % 9 == 4;
            reds -= red;
            put_tile(l, st, code, red);
        }
        l->len--, l->cols--; /* the last tile's space */
        l->buf[l->len] = 0;
        put(l, "]");
    }
}

static void seat_lines(const tty_frame *f, int s, line *l)
{
    const jong_view *v = f->v;
    const jong_seat_view *sv = &v->seats[s];
    bool bold = f->style.colour && s == f->seat;
    putf(l, "%s%c%c %-14.14s %7d%s", bold ? "\033[1m" : "", wind_letters[v->seat_winds[s] & 3],
         s == v->dealer ? '*' : ' ', f->names[s], (int)v->scores[s], bold ? "\033[0m" : "");
    if (v->riichi[s])
        put(l, "  riichi");
    if (s == f->seat && f->furiten)
        put(l, "  furiten");
    if (s != f->seat)
        putf(l, "  %2d tiles", sv->concealed);
    if (sv->flowers) {
        put(l, "  ");
        for (int fl = 0; fl < JONG_FLOWERS; fl++)
            if (sv->flowers >> fl & 1)
                put_tile(l, &f->style, JONG_TILE_FLOWER_BASE + fl, false);
    }
    if (sv->nmelds) {
        put(l, "  ");
        put_melds(l, &f->style, sv->melds, sv->nmelds);
    }
    emit(l);
    put(l, "   ");
    /* the river on one line: the latest discards that fit (the first ones give way to '..');
     * the discard that declared riichi follows a '>' (and is reversed in colour) */
    int per = (f->width - 5 - (sv->riichi_at >= 0)) / (f->style.ascii ? 3 : 2);
    int first = sv->ndiscards > per ? sv->ndiscards - per + 1 : 0;
    if (first)
        put(l, "..");
    for (int i = first; i < sv->ndiscards; i++) {
        bool dim = f->style.colour && sv->discard_claimed[i];
        bool declared = i == sv->riichi_at;
        if (declared)
            put(l, f->style.colour ? ">\033[7m" : ">");
        if (dim)
            put(l, "\033[2m");
        put_tile(l, &f->style, sv->discards[i], i < 64 && (sv->discard_red >> i & 1));
        if (dim || (declared && f->style.colour))
            put(l, "\033[0m");
    }
    emit(l);
}

/* The hand and, under it, each tile's key: as many tiles a row as the width takes, so that a
 * tile and its key line up on a narrow terminal too. */
static void hand_lines(const tty_frame *f, line *l)
{
    const hand_menu *m = f->menu;
    hand_menu shown;
    if (!m) {
        hand_menu_build(&shown, f->v, NULL, 0);
        m = &shown;
    }
    int w = f->style.ascii ? 3 : 2;
    int per = (l->width - 8) / w;
    if (per < 4)
        per = 4;
    int width = l->width;
    l->width = LINE_BYTES; /* the rows are cut here, not by the wrap */
    for (int from = 0; from < m->ntiles; from += per) {
        int to = from + per < m->ntiles ? from + per : m->ntiles;
        put(l, from ? "      " : "hand  ");
        for (int i = from; i < to; i++) {
            if (m->drawn_apart && i == m->ntiles - 1)
                put(l, "  ");
            put_tile(l, &f->style, m->tiles[i], m->red[i]);
        }
        emit(l);
        put(l, "      ");
        for (int i = from; i < to; i++) {
            if (m->drawn_apart && i == m->ntiles - 1)
                put(l, "  ");
            bool usable = f->menu && (f->declaring ? m->declare[i] : m->discard[i]) >= 0;
            putf(l, "%c%*s", usable ? 'a' + i : ' ', w - 1, "");
            if (!f->style.ascii && m->tiles[i] == JONG_C)
                put(l, " ");
        }
        emit(l);
    }
    l->width = width;
}

static void action_lines(const tty_frame *f, line *l)
{
    const hand_menu *m = f->menu;
    if (m) {
        bool any_discard = false;
        for (int i = 0; i < m->ntiles; i++)
            any_discard |= m->discard[i] >= 0;
        if (f->declaring)
            put(l, "riichi: choose the discard with its letter (r again: cancel)");
        else if (any_discard && f->v->riichi[f->seat])
            put(l, "riichi locks your hand: only the tile drawn may go (its letter)");
        else if (any_discard)
            put(l, "letter: discard that tile");
        if (!f->declaring && hand_menu_has_declare(m))
            put(l, "   r: riichi");
        emit(l);
        for (int i = 0; i < m->nother; i++) {
            char text[64];
            action_text(&f->legal[m->other[i]], text, sizeof text);
            putf(l, "%s%c %s", i ? "   " : "", hand_menu_other_key(i), text);
        }
        if (m->pass >= 0)
            putf(l, "%s0 pass", m->nother ? "   " : "");
        emit(l);
    } else {
        emit(l);
        emit(l);
    }
    if (f->hint && m && m->ntiles % 3 == 2) {
        char h[256];
        hint_text(f->v, f->legal, f->nlegal, h, sizeof h);
        put(l, h);
    } else if (f->hint) {
        jong_shanten3 sh;
        jong_hand_shanten(&f->v->own, f->v->variant, jong_variant_forms(f->v->variant), &sh);
        if (sh.best <= 0)
            put(l, "hint: your hand is ready");
        else
            putf(l, "hint: your hand is %d from ready", sh.best);
    }
    emit(l);
}

static void spacer(line *l)
{
    l->give = SPACER;
    emit(l);
}

/* Writes the lines that fit the rows: the spacers give way first, then the oldest events. */
static void print_fitting(FILE *out, screen *sc, int rows)
{
    int over = sc->n - rows;
    for (int give = SPACER; give > KEEP && over > 0; give--)
        for (int i = 0; i < sc->n && over > 0; i++)
            if (sc->give[i] == give) {
                sc->give[i] = -1;
                over--;
            }
    bool first = true;
    for (int i = 0; i < sc->n; i++) {
        if (sc->give[i] < 0)
            continue;
        fprintf(out, "%s%s\033[K", first ? "" : "\r\n", sc->text[i]);
        first = false;
    }
    fputs("\033[J", out);
}

void tty_screen_draw(FILE *out, const tty_frame *f)
{
    static screen sc; /* one frame at a time: the table is single-threaded */
    const jong_view *v = f->v;
    sc.n = 0;
    line l = {.sc = &sc, .width = f->width > 20 ? f->width : 20};
    fputs("\033[H", out);
    putf(&l, "Jong  %s  game %d hand %d  round %c  wall %d  seed %llu",
         v->variant == JONG_VARIANT_TAIWAN ? "taiwan" : "riichi", v->game + 1, v->hand + 1,
         wind_letters[v->round_wind & 3], v->wall_left, (unsigned long long)f->seed);
    emit(&l);
    for (int k = 1; k <= JONG_SEATS; k++)
        seat_lines(f, (f->seat + k) % JONG_SEATS, &l);
    if (v->variant == JONG_VARIANT_RIICHI) {
        /* riichi: the dora indicators, the honba and the sticks on the table */
        put(&l, "-- dora indicators ");
        for (int i = 0; i < v->ndora && i < JONG_RIICHI_MAX_INDICATORS; i++)
            put_tile(&l, &f->style, jong_code_kind(v->dora_markers[i]), jong_code_is_red(v->dora_markers[i]));
        putf(&l, "-- honba %d -- riichi sticks %d ", v->streak, v->kyotaku);
    }
    /* the rule to the end of the line */
    while (l.cols < l.width)
        put(&l, "-");
    emit(&l);
    if (f->result[0]) {
        /* the hand's end in place of the log and the hand: the log's last line is the result's first */
        for (int i = 0; i < TTY_RESULT_LINES && f->result[i]; i++) {
            put(&l, f->result[i]);
            emit(&l);
        }
        spacer(&l);
    } else {
        for (int i = 0; i < TTY_LOG_LINES; i++) {
            put(&l, f->log[i] ? f->log[i] : "");
            l.give = i < TTY_LOG_LINES - 1 ? OLD_LOG : KEEP;
            emit(&l);
        }
        spacer(&l);
        hand_lines(f, &l);
        spacer(&l);
        action_lines(f, &l);
        spacer(&l);
    }
    put(&l, f->style.colour ? "\033[1m" : "");
    put(&l, f->status ? f->status : "");
    put(&l, f->style.colour ? "\033[0m" : "");
    emit(&l);
    put(&l, "?: hint on/off   Q: quit");
    emit(&l);
    print_fitting(out, &sc, f->height > 0 ? f->height : 24);
    fflush(out);
}
