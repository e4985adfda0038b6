/* Tile pictures (see web_svg.h). A tile is 60x80 units: an ivory face with a rounded border. */
#include <stdarg.h>
#include <stdio.h>

#include "jong/jong.h"
#include "web_svg.h"

typedef struct {
    char *buf;
    size_t n, len;
} svg_out;

static void out(svg_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void out(svg_out *o, const char *fmt, ...)
{
    if (o->len >= o->n)
        return;
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(o->buf + o->len, o->n - o->len, fmt, ap);
    va_end(ap);
    o->len += w > 0 ? (size_t)w : 0;
    if (o->len >= o->n)
        o->len = o->n - 1;
}

/* Where the pips of 1..9 go, in a 3x3 grid of cells (column, row) 0..2 with halves allowed
 * (given as twice the position). */
static const signed char layouts[10][9][2] = {
    {{0}},
    {{2, 2}},
    {{2, 0}, {2, 4}},
    {{0, 0}, {2, 2}, {4, 4}},
    {{0, 0}, {4, 0}, {0, 4}, {4, 4}},
    {{0, 0}, {4, 0}, {2, 2}, {0, 4}, {4, 4}},
    {{0, 0}, {4, 0}, {0, 2}, {4, 2}, {0, 4}, {4, 4}},
    {{0, 0}, {2, 0}, {4, 0}, {0, 3}, {4, 3}, {0, 5}, {4, 5}},
    {{0, 0}, {4, 0}, {0, 1}, {4, 1}, {0, 3}, {4, 3}, {0, 4}, {4, 4}},
    {{0, 0}, {2, 0}, {4, 0}, {0, 2}, {2, 2}, {4, 2}, {0, 4}, {2, 4}, {4, 4}},
};

static void pips(svg_out *o, int rank, bool bamboo, bool red)
{
    /* the grid spans x 14..46, y 14..66 */
    int rows = rank == 7 || rank == 8 ? 5 : 4;
    for (int i = 0; i < rank; i++) {
        double x = 14 + layouts[rank][i][0] * 8.0;
        double y = 14 + layouts[rank][i][1] * (52.0 / rows);
        if (bamboo) {
            const char *c = red || (rank == 1) ? "#c0392b" : i % 2 ? "#1e8449" : "#117a65";
            double h = rank == 1 ? 40.0 : rank > 6 ? 9.0 : rank > 4 ? 13.0 : 18.0;
            out(o, "<rect x='%.1f' y='%.1f' width='7' height='%.1f' rx='3' fill='%s'/>", x - 3.5, y - h / 2, h, c);
        } else {
            const char *c = red ? "#c0392b" : rank == 1 ? "#c0392b" : i % 3 == 1 ? "#1e8449" : "#1f4e9c";
            out(o, "<circle cx='%.1f' cy='%.1f' r='%.1f' fill='none' stroke='%s' stroke-width='2.5'/>", x, y,
                rank == 1 ? 12.0 : rank > 6 ? 5.0 : 6.0, c);
            out(o, "<circle cx='%.1f' cy='%.1f' r='1.8' fill='%s'/>", x, y, c);
        }
    }
}

static void text(svg_out *o, double x, double y, int size, const char *colour, const char *s)
{
    out(o, "<text x='%.1f' y='%.1f' font-family='sans-serif' font-weight='bold' font-size='%d' "
           "text-anchor='middle' fill='%s'>%s</text>", x, y, size, colour, s);
}

size_t web_tile_svg(int code, bool red, char *buf, size_t n)
{
    svg_out o = {buf, n, 0};
    if (jong_code_is_red(code)) {
        code = jong_code_kind(code);
        red = true;
    }
    if (n)
        buf[0] = 0;
    out(&o, "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 60 80' width='60' height='80'>");
    bool back = !(code >= 0 && code < JONG_KINDS) && !jong_code_is_flower(code);
    out(&o, "<rect x='1.5' y='1.5' width='57' height='77' rx='7' fill='%s' stroke='#6b6b6b' stroke-width='2'/>",
        back ? "#2e7d5b" : "#fbf8ef");
    char label[8];
    if (back) {
        out(&o, "<rect x='8' y='8' width='44' height='64' rx='5' fill='none' stroke='#a9dfbf' stroke-width='2'/>");
    } else if (jong_code_is_flower(code)) {
        int f = code - JONG_TILE_FLOWER_BASE;
        const char *c = f < 4 ? "#a93226" : "#7d3c98";
        out(&o, "<circle cx='30' cy='30' r='11' fill='none' stroke='%s' stroke-width='3'/>", c);
        out(&o, "<circle cx='30' cy='30' r='4' fill='%s'/>", c);
        snprintf(label, sizeof label, "%c%d", f < 4 ? 'f' : 's', f % 4 + 1);
        text(&o, 30, 66, 20, c, label);
    } else if (code < 9) {
        snprintf(label, sizeof label, "%d", code + 1);
        text(&o, 30, 40, 34, red ? "#c0392b" : "#1c2833", label);
        text(&o, 30, 68, 18, "#c0392b", "m");
    } else if (code < 18) {
        pips(&o, code - 8, false, red);
    } else if (code < 27) {
        pips(&o, code - 17, true, red);
    } else if (code == JONG_P) {
        out(&o, "<rect x='13' y='16' width='34' height='48' rx='3' fill='none' stroke='#1f4e9c' stroke-width='4'/>");
    } else {
        static const char *const letters[] = {"E", "S", "W", "N", "", "F", "C"};
        const char *c = code == JONG_F ? "#1e8449" : code == JONG_C ? "#c0392b" : "#1c2833";
        text(&o, 30, 54, 40, c, letters[code - JONG_E]);
    }
    out(&o, "</svg>");
    return o.len;
}
