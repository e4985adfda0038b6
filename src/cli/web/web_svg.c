/* Tile pictures (see web_svg.h): the tile's body and back, the plain style, the URL names. A
 * tile is 60x80 units: an ivory face on a green body that shows below it, as a tile standing
 * on the table shows its back. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jong/jong.h"
#include "web_svg.h"
#include "web_svg_out.h"

/* ---- the plain style: a number and a suit letter, letters for honours -------------------------- */

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

static void plain_pips(svg_out *o, int rank, bool bamboo, bool red)
{
    /* the grid spans x 14..46, y 14..66 */
    int rows = rank == 7 || rank == 8 ? 5 : 4;
    for (int i = 0; i < rank; i++) {
        double x = 14 + layouts[rank][i][0] * 8.0;
        double y = 14 + layouts[rank][i][1] * (52.0 / rows);
        if (bamboo) {
            const char *c = red || (rank == 1) ? SVG_RED : i % 2 ? "#1e8449" : "#117a65";
            double h = rank == 1 ? 40.0 : rank > 6 ? 9.0 : rank > 4 ? 13.0 : 18.0;
            svg_put(o, "<rect x='%.1f' y='%.1f' width='7' height='%.1f' rx='3' fill='%s'/>", x - 3.5, y - h / 2, h, c);
        } else {
            const char *c = red ? SVG_RED : rank == 1 ? SVG_RED : i % 3 == 1 ? "#1e8449" : SVG_BLUE;
            svg_put(o, "<circle cx='%.1f' cy='%.1f' r='%.1f' fill='none' stroke='%s' stroke-width='2.5'/>", x, y,
                    rank == 1 ? 12.0 : rank > 6 ? 5.0 : 6.0, c);
            svg_put(o, "<circle cx='%.1f' cy='%.1f' r='1.8' fill='%s'/>", x, y, c);
        }
    }
}

static void text(svg_out *o, double x, double y, int size, const char *colour, const char *s)
{
    svg_put(o, "<text x='%.1f' y='%.1f' font-family='sans-serif' font-weight='bold' font-size='%d' "
               "text-anchor='middle' fill='%s'>%s</text>", x, y, size, colour, s);
}

static void plain_face(svg_out *o, int code, bool red)
{
    char label[16];
    if (jong_code_is_flower(code)) {
        int f = code - JONG_TILE_FLOWER_BASE;
        const char *c = f < 4 ? "#a93226" : "#7d3c98";
        svg_put(o, "<circle cx='30' cy='30' r='11' fill='none' stroke='%s' stroke-width='3'/>", c);
        svg_put(o, "<circle cx='30' cy='30' r='4' fill='%s'/>", c);
        snprintf(label, sizeof label, "%c%d", f < 4 ? 'f' : 's', f % 4 + 1);
        text(o, 30, 66, 20, c, label);
    } else if (code < 9) {
        snprintf(label, sizeof label, "%d", code + 1);
        text(o, 30, 40, 34, red ? SVG_RED : SVG_INK, label);
        text(o, 30, 68, 18, SVG_RED, "m");
    } else if (code < 18) {
        plain_pips(o, code - 8, false, red);
    } else if (code < 27) {
        plain_pips(o, code - 17, true, red);
    } else if (code == JONG_P) {
        svg_put(o, "<rect x='13' y='16' width='34' height='48' rx='3' fill='none' stroke='%s' stroke-width='4'/>",
                SVG_BLUE);
    } else {
        static const char *const letters[] = {"E", "S", "W", "N", "", "F", "C"};
        const char *c = code == JONG_F ? "#1e8449" : code == JONG_C ? SVG_RED : SVG_INK;
        text(o, 30, 54, 40, c, letters[code - JONG_E]);
    }
}

/* ---- both styles ------------------------------------------------------------------------------ */

size_t web_tile_svg_style(int code, bool red, web_tile_style style, char *buf, size_t n)
{
    svg_out o = {buf, n, 0};
    if (jong_code_is_red(code)) {
        code = jong_code_kind(code);
        red = true;
    }
    if (n)
        buf[0] = 0;
    red = red && code < JONG_NUMBER_KINDS && code % 9 == 4;
    svg_put(&o, "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 60 80' width='60' height='80'>");
    bool face = (code >= 0 && code < JONG_KINDS) || jong_code_is_flower(code);
    /* the body, whose green shows below the face */
    svg_put(&o, "<rect x='1' y='1' width='58' height='78' rx='7' fill='#2e7d5b' stroke='#5a5a5a' stroke-width='1.5'/>");
    if (!face) {
        svg_put(&o, "<rect x='8' y='8' width='44' height='62' rx='5' fill='none' stroke='#a9dfbf' stroke-width='2'/>");
    } else {
        svg_put(&o, "<rect x='1.8' y='1.8' width='56.4' height='72' rx='6' fill='" SVG_FACE "'/>");
        if (style == WEB_TILES_PLAIN)
            plain_face(&o, code, red);
        else
            svg_drawn_face(&o, code, red);
    }
    svg_put(&o, "</svg>");
    return o.len;
}

size_t web_tile_svg(int code, bool red, char *buf, size_t n)
{
    return web_tile_svg_style(code, red, WEB_TILES_DRAWN, buf, n);
}

size_t web_tile_svg_path(const char *name, char *buf, size_t n)
{
    web_tile_style style = WEB_TILES_DRAWN;
    if (!strncmp(name, "plain/", 6)) {
        style = WEB_TILES_PLAIN;
        name += 6;
    }
    if (*name < '0' || *name > '9')
        return 0;
    char *end;
    long code = strtol(name, &end, 10);
    bool red = *end == 'r';
    if (red)
        end++;
    if (strcmp(end, ".svg") || code < 0 || code > 255)
        return 0;
    return web_tile_svg_style((int)code, red, style, buf, n);
}
