/* Drawing the terminal table (see tty_screen.h). */
#include <stdarg.h>
#include <string.h>

#include "cli/ui/event_text.h"
#include "cli/ui/hint.h"
#include "tty_screen.h"

/* A line being built: its bytes and its width in columns (ANSI escapes take none, a tile glyph
 * one, the red dragon two, as terminals count them). Writing past the width is dropped. */
typedef struct {
    char buf[1024];
    size_t len;
    int cols, width;
} line;

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

/* Appends what fits of s; escape sequences always go in (they take no room). */
static void put(line *l, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        int c;
        size_t n = char_at(p, &c);
        if (l->len + n + 8 >= sizeof l->buf)
            break;
        if (l->cols + c <= l->width) {
            memcpy(l->buf + l->len, p, n);
            l->len += n;
            l->cols += c;
        }
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

/* a tile followed by the space that makes every tile the same width */
static void put_tile(line *l, const tty_style *st, int code, bool red)
{
    char b[48];
    put(l, tty_tile(code, red, st, b, sizeof b));
    if (st->ascii || code != JONG_C)
        put(l, " ");
}

static void emit(FILE *out, line *l)
{
    fprintf(out, "%s\033[K\r\n", l->buf);
    l->len = 0;
    l->buf[0] = 0;
    l->cols = 0;
}

static const char *const wind_letters = "ESWN";

static void put_melds(line *l, const tty_style *st, const jong_meld *m, int n)
{
    for (int i = 0; i < n; i++) {
        put(l, i ? " [" : "[");
        int reds = m[i].red;
        for (int t = 0; t < (m[i].type >= JONG_MELD_KONG ? 4 : 3); t++) {
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

static void seat_lines(FILE *out, const tty_frame *f, int s, line *l)
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
    emit(out, l);
    put(l, "   ");
    /* the discard that declared riichi follows a '>' (and is reversed in colour) */
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
    emit(out, l);
}

static void hand_lines(FILE *out, const tty_frame *f, line *l)
{
    const hand_menu *m = f->menu;
    hand_menu shown;
    if (!m) {
        hand_menu_build(&shown, f->v, NULL, 0);
        m = &shown;
    }
    put(l, "hand  ");
    for (int i = 0; i < m->ntiles; i++) {
        if (m->drawn_apart && i == m->ntiles - 1)
            put(l, "  ");
        put_tile(l, &f->style, m->tiles[i], m->red[i]);
    }
    emit(out, l);
    put(l, "      ");
    int w = f->style.ascii ? 3 : 2;
    for (int i = 0; i < m->ntiles; i++) {
        if (m->drawn_apart && i == m->ntiles - 1)
            put(l, "  ");
        bool usable = f->menu && (f->declaring ? m->declare[i] : m->discard[i]) >= 0;
        putf(l, "%c%*s", usable ? 'a' + i : ' ', w - 1, "");
        if (!f->style.ascii && m->tiles[i] == JONG_C)
            put(l, " ");
    }
    emit(out, l);
}

static void action_lines(FILE *out, const tty_frame *f, line *l)
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
        emit(out, l);
        for (int i = 0; i < m->nother; i++) {
            char text[64];
            action_text(&f->legal[m->other[i]], text, sizeof text);
            putf(l, "%s%c %s", i ? "   " : "", hand_menu_other_key(i), text);
        }
        if (m->pass >= 0)
            putf(l, "%s0 pass", m->nother ? "   " : "");
        emit(out, l);
    } else {
        emit(out, l);
        emit(out, l);
    }
    if (f->hint && m && m->ntiles % 3 == 2) {
        char h[256];
        hint_text(f->v, f->legal, f->nlegal, h, sizeof h);
        put(l, h);
    } else if (f->hint) {
        jong_shanten3 sh;
        jong_hand_shanten(&f->v->own, f->v->variant, jong_variant_forms(f->v->variant), &sh);
        putf(l, "hint: your hand is %s", sh.best == 0 ? "ready" : "");
        if (sh.best > 0)
            putf(l, "%d from ready (shanten %d)", sh.best, sh.best);
    }
    emit(out, l);
}

void tty_screen_draw(FILE *out, const tty_frame *f)
{
    const jong_view *v = f->v;
    line l = {.width = f->width};
    fputs("\033[H", out);
    putf(&l, "Jong  %s  game %d hand %d  round %c  wall %d  seed %llu",
         v->variant == JONG_VARIANT_TAIWAN ? "taiwan" : "riichi", v->game + 1, v->hand + 1,
         wind_letters[v->round_wind & 3], v->wall_left, (unsigned long long)f->seed);
    emit(out, &l);
    for (int k = 1; k <= JONG_SEATS; k++)
        seat_lines(out, f, (f->seat + k) % JONG_SEATS, &l);
    if (v->variant == JONG_VARIANT_RIICHI) {
        /* riichi: the dora indicators, the honba and the sticks on the table */
        put(&l, "-- dora indicators ");
        for (int i = 0; i < v->ndora && i < JONG_RIICHI_MAX_INDICATORS; i++)
            put_tile(&l, &f->style, jong_code_kind(v->dora_markers[i]), jong_code_is_red(v->dora_markers[i]));
        putf(&l, "-- honba %d -- riichi sticks %d ", v->streak, v->kyotaku);
    }
    put(&l, "--------------------------------------------------------------------------------");
    emit(out, &l);
    for (int i = 0; i < TTY_LOG_LINES; i++) {
        put(&l, f->log[i] ? f->log[i] : "");
        emit(out, &l);
    }
    if (f->result[0]) {
        for (int i = 0; i < TTY_RESULT_LINES; i++) {
            put(&l, f->result[i] ? f->result[i] : "");
            emit(out, &l);
        }
    } else {
        emit(out, &l);
        hand_lines(out, f, &l);
        emit(out, &l);
        action_lines(out, f, &l);
        emit(out, &l);
    }
    put(&l, f->style.colour ? "\033[1m" : "");
    put(&l, f->status ? f->status : "");
    put(&l, f->style.colour ? "\033[0m" : "");
    emit(out, &l);
    put(&l, "?: hint on/off   Q: quit");
    fprintf(out, "%s\033[K\033[J", l.buf);
    fflush(out);
}
