/* The drawn style of the tile pictures (see web_svg.h): Jong's own drawings of the faces
 * players know. Characters are strokes in a 100x100 box (round caps, as a brush's ends), placed
 * and scaled on the tile; coins and sticks follow the usual layouts of each rank. */
#include <math.h>
#include <stdio.h>

#include "jong/jong.h"
#include "web_svg_out.h"

/* ---- characters: strokes of the numerals, 萬, the winds and the dragons ------------------------ */

static const char *const numerals[9] = {
    "M12 52L88 48",
    "M24 32L76 30M12 72L88 70",
    "M22 20L78 18M28 48L72 47M10 80L90 78",
    "M16 22L16 84M16 22L84 22L84 84M16 80L84 80M40 24Q40 52 26 62M60 24L60 54Q60 60 72 60",
    "M16 16L84 16M48 16L38 82M22 48L74 48L72 82M8 84L92 84",
    "M48 8L54 22M10 36L90 36M38 50Q30 72 16 86M62 50Q74 68 86 84",
    "M10 50L90 38M42 10L42 76Q42 88 56 88L88 88L88 76",
    "M40 20Q40 62 10 86M60 22Q64 62 92 86",
    "M46 10Q46 62 10 88M16 36L70 36Q68 82 80 86L92 86L92 72",
};

/* 萬: the grass on top, the box with its cross, the enclosure and what it holds */
static const char man[] = "M8 16L92 16M32 6L32 28M68 6L68 28M22 32L22 56M22 32L78 32L78 56L22 56M22 44L78 44"
                          "M50 32L50 70M14 62L14 96M14 62L86 62L86 90Q86 97 76 95M46 72L34 88L66 84M58 76L68 88";

static const char *const honours[7] = {
    /* 東 南 西 北 */
    "M10 22L90 22M50 4L50 96M24 32L24 64M24 32L76 32L76 64M24 48L76 48M24 64L76 64M44 66Q30 82 10 92"
    "M56 66Q70 82 90 92",
    "M10 14L90 14M50 4L50 28M16 32L16 96M16 32L84 32L84 88Q84 96 74 94M36 40L42 50M64 40L58 50M28 58L72 58"
    "M24 74L76 74M50 58L50 94",
    "M8 12L92 12M16 30L16 92M16 30L84 30L84 92M16 88L84 88M40 12L40 50Q40 66 18 72M60 12L60 60Q60 68 72 68"
    "L84 68",
    "M36 10L36 90M10 40L36 40M8 82L36 66M64 10L64 80Q64 92 76 92L92 92L92 78M64 50L90 34",
    /* the white dragon is a frame, drawn apart */
    "",
    /* 發 */
    "M14 8L38 8L18 32M24 18L32 26M58 6L64 14M54 20L84 20L94 34M72 8L62 30M10 42L38 42L38 54L14 54L12 68"
    "L40 68L38 90Q36 96 28 92M58 40L58 52Q56 60 48 62M58 40L80 40L80 54L92 54M52 66L86 66Q76 84 56 96"
    "M62 74Q74 88 94 96",
    /* 中 */
    "M16 30L16 72M16 30L84 30L84 72M16 70L84 70M50 4L50 96",
};

/* strokes of a 100x100 character with its top left at (x, y), `size` units wide */
static void strokes(svg_out *o, const char *d, double x, double y, double size, const char *colour, double width)
{
    svg_put(o, "<path transform='translate(%.1f %.1f) scale(%.3f)' d='%s' fill='none' stroke='%s' "
               "stroke-width='%.1f' stroke-linecap='round' stroke-linejoin='round'/>",
            x, y, size / 100, d, colour, width);
}

/* ---- dots: coins -------------------------------------------------------------------------------- */

static void coin(svg_out *o, double x, double y, double r, const char *c)
{
    svg_put(o, "<circle cx='%.1f' cy='%.1f' r='%.1f' fill='%s'/>", x, y, r, c);
    svg_put(o, "<circle cx='%.1f' cy='%.1f' r='%.1f' fill='" SVG_FACE "'/>", x, y, r * 0.74);
    svg_put(o, "<circle cx='%.1f' cy='%.1f' r='%.1f' fill='%s'/>", x, y, r * 0.5, c);
    svg_put(o, "<circle cx='%.1f' cy='%.1f' r='%.1f' fill='" SVG_FACE "'/>", x, y, r * 0.18);
}

/* the one of dots: a large coin in rings */
static void one_dot(svg_out *o)
{
    svg_put(o, "<circle cx='30' cy='38' r='23' fill='none' stroke='" SVG_GREEN "' stroke-width='2.5'/>");
    for (int i = 0; i < 12; i++) {
        double a = i * 3.14159265 / 6;
        svg_put(o, "<circle cx='%.1f' cy='%.1f' r='2.6' fill='" SVG_BLUE "'/>", 30 + 17.5 * cos(a),
                38 + 17.5 * sin(a));
    }
    coin(o, 30, 38, 12, SVG_RED);
}

typedef struct {
    signed char x, y;
    char colour; /* g, b, r */
} place;

static const char *colour_of(char c, bool red)
{
    return red || c == 'r' ? SVG_RED : c == 'b' ? SVG_BLUE : SVG_GREEN;
}

static const place dot_places[9][9] = {
    {{0}},
    {{30, 22, 'g'}, {30, 56, 'b'}},
    {{16, 16, 'b'}, {30, 38, 'r'}, {44, 60, 'g'}},
    {{18, 22, 'b'}, {42, 22, 'g'}, {18, 54, 'g'}, {42, 54, 'b'}},
    {{17, 18, 'b'}, {43, 18, 'g'}, {30, 38, 'r'}, {17, 58, 'g'}, {43, 58, 'b'}},
    {{19, 15, 'g'}, {41, 15, 'g'}, {19, 40, 'r'}, {41, 40, 'r'}, {19, 61, 'r'}, {41, 61, 'r'}},
    {{14, 11, 'g'}, {30, 17, 'g'}, {46, 23, 'g'}, {19, 43, 'r'}, {41, 43, 'r'}, {19, 62, 'r'}, {41, 62, 'r'}},
    {{19, 12, 'b'}, {41, 12, 'b'}, {19, 29, 'b'}, {41, 29, 'b'}, {19, 46, 'b'}, {41, 46, 'b'}, {19, 63, 'b'},
     {41, 63, 'b'}},
    {{14, 15, 'b'}, {30, 15, 'b'}, {46, 15, 'b'}, {14, 38, 'r'}, {30, 38, 'r'}, {46, 38, 'r'}, {14, 61, 'g'},
     {30, 61, 'g'}, {46, 61, 'g'}},
};

static const double dot_radius[9] = {0, 11, 9.5, 10, 9, 8, 7.2, 7.5, 7.4};

static void dots(svg_out *o, int rank, bool red)
{
    if (rank == 1) {
        one_dot(o);
        return;
    }
    for (int i = 0; i < rank; i++) {
        const place *p = &dot_places[rank - 1][i];
        coin(o, p->x, p->y, dot_radius[rank - 1], colour_of(p->colour, red));
    }
}

/* ---- bamboo: sticks with their joints, the one a bird ------------------------------------------- */

static void stick(svg_out *o, double x, double y, double h, double tilt, const char *c)
{
    double w = 7;
    svg_put(o, "<g transform='rotate(%.0f %.1f %.1f)'>", tilt, x, y);
    svg_put(o, "<rect x='%.1f' y='%.1f' width='%.1f' height='%.1f' rx='3' fill='%s'/>", x - w / 2, y - h / 2, w, h, c);
    /* the joints at both ends and in the middle, and the light down the stick */
    svg_put(o, "<path d='M%.1f %.1fh%.1fM%.1f %.1fh%.1fM%.1f %.1fh%.1f' stroke='" SVG_FACE "' stroke-width='1.4'/>",
            x - w / 2, y - h / 2 + 2.5, w, x - w / 2, y, w, x - w / 2, y + h / 2 - 2.5, w);
    svg_put(o, "<path d='M%.1f %.1fv%.1f' stroke='" SVG_FACE "' stroke-width='1' opacity='0.6'/>", x - 1, y - h / 2 + 4,
            h - 8);
    svg_put(o, "</g>");
}

typedef struct {
    signed char x, y, tilt;
    char colour;
} stick_place;

static const stick_place stick_places[9][9] = {
    {{0}},
    {{30, 23, 0, 'g'}, {30, 55, 0, 'g'}},
    {{30, 22, 0, 'g'}, {19, 55, 0, 'g'}, {41, 55, 0, 'g'}},
    {{19, 23, 0, 'g'}, {41, 23, 0, 'g'}, {19, 55, 0, 'g'}, {41, 55, 0, 'g'}},
    {{16, 22, 0, 'g'}, {44, 22, 0, 'g'}, {30, 38, 0, 'r'}, {16, 56, 0, 'g'}, {44, 56, 0, 'g'}},
    {{15, 23, 0, 'g'}, {30, 23, 0, 'g'}, {45, 23, 0, 'g'}, {15, 55, 0, 'b'}, {30, 55, 0, 'b'}, {45, 55, 0, 'b'}},
    {{30, 14, 0, 'r'}, {15, 38, 0, 'g'}, {30, 38, 0, 'g'}, {45, 38, 0, 'g'}, {15, 61, 0, 'b'}, {30, 61, 0, 'b'},
     {45, 61, 0, 'b'}},
    {{9, 23, 0, 'g'}, {23, 23, 20, 'g'}, {37, 23, -20, 'g'}, {51, 23, 0, 'g'}, {9, 55, 0, 'b'},
     {23, 55, -20, 'b'}, {37, 55, 20, 'b'}, {51, 55, 0, 'b'}},
    {{15, 15, 0, 'g'}, {30, 15, 0, 'r'}, {45, 15, 0, 'g'}, {15, 38, 0, 'g'}, {30, 38, 0, 'r'}, {45, 38, 0, 'g'},
     {15, 61, 0, 'g'}, {30, 61, 0, 'r'}, {45, 61, 0, 'g'}},
};

static const double stick_height[9] = {0, 27, 26, 27, 24, 27, 19, 25, 19};

/* the one of bamboo: a bird on the tile (tail, body, wing, head, beak, eye) */
static void bird(svg_out *o)
{
    const char *body = SVG_GREEN;
    svg_put(o, "<path d='M30 50L12 70Q20 64 24 72L30 58L36 72Q40 64 48 70Z' fill='" SVG_BLUE "'/>");
    svg_put(o, "<ellipse cx='30' cy='42' rx='12' ry='15' fill='%s'/>", body);
    svg_put(o, "<path d='M22 38Q30 34 38 42Q30 52 22 38Z' fill='#145a38'/>");
    svg_put(o, "<circle cx='31' cy='22' r='8' fill='" SVG_RED "'/>");
    svg_put(o, "<path d='M37 20L46 23L37 26Z' fill='#d4a017'/>");
    svg_put(o, "<circle cx='33' cy='20' r='1.8' fill='" SVG_FACE "'/>");
    svg_put(o, "<path d='M27 14L24 8M31 14L31 7M35 15L38 9' stroke='" SVG_RED "' stroke-width='1.6' "
               "stroke-linecap='round'/>");
}

static void bamboo(svg_out *o, int rank, bool red)
{
    if (rank == 1) {
        bird(o);
        return;
    }
    for (int i = 0; i < rank; i++) {
        const stick_place *p = &stick_places[rank - 1][i];
        stick(o, p->x, p->y, stick_height[rank - 1], p->tilt, colour_of(p->colour, red));
    }
}

/* ---- flowers and seasons: a picture and the number ---------------------------------------------- */

static void petals(svg_out *o, int n, double len, double width, const char *c)
{
    for (int i = 0; i < n; i++)
        svg_put(o, "<ellipse cx='30' cy='%.1f' rx='%.1f' ry='%.1f' fill='%s' transform='rotate(%.1f 30 40)'/>",
                40 - len / 2, width, len / 2, c, 360.0 * i / n);
}

static void flower(svg_out *o, int f)
{
    switch (f) {
    case 0: /* plum: five round petals on a branch */
        svg_put(o, "<path d='M12 70Q22 58 30 44' stroke='#6e4b2a' stroke-width='3' fill='none'/>");
        for (int i = 0; i < 5; i++) {
            double a = -1.5708 + i * 1.25664;
            svg_put(o, "<circle cx='%.1f' cy='%.1f' r='6.5' fill='#d94f7a'/>", 30 + 9 * cos(a),
                    38 + 9 * sin(a));
        }
        svg_put(o, "<circle cx='30' cy='38' r='4' fill='#f4d03f'/>");
        break;
    case 1: /* orchid: long leaves and a bloom */
        svg_put(o, "<path d='M30 72Q14 50 10 28M30 72Q26 48 34 26M30 72Q44 54 52 44' stroke='" SVG_GREEN "' "
                   "stroke-width='3' fill='none' stroke-linecap='round'/>");
        svg_put(o, "<ellipse cx='36' cy='22' rx='4' ry='9' fill='#8e44ad' transform='rotate(-30 36 22)'/>");
        svg_put(o, "<ellipse cx='42' cy='26' rx='4' ry='9' fill='#8e44ad' transform='rotate(40 42 26)'/>");
        svg_put(o, "<ellipse cx='37' cy='31' rx='4' ry='8' fill='#a569bd' transform='rotate(100 37 31)'/>");
        svg_put(o, "<circle cx='39' cy='27' r='2.5' fill='#f4d03f'/>");
        break;
    case 2: /* chrysanthemum: many thin petals */
        petals(o, 14, 30, 3.2, "#e0a020");
        svg_put(o, "<circle cx='30' cy='40' r='5' fill='#a04000'/>");
        break;
    default: /* bamboo: a stalk with joints and leaves */
        svg_put(o, "<rect x='26' y='12' width='7' height='60' rx='3' fill='" SVG_GREEN "'/>");
        svg_put(o, "<path d='M26 28h7M26 46h7M26 62h7' stroke='" SVG_FACE "' stroke-width='1.4'/>");
        svg_put(o, "<path d='M33 28Q44 18 52 20Q44 28 33 28ZM26 46Q14 38 8 42Q16 50 26 46ZM33 56Q46 50 52 56Q42 62 33 "
                   "56Z' fill='#27ae60'/>");
        break;
    }
}

static void season(svg_out *o, int f)
{
    switch (f) {
    case 0: /* spring: a sprout */
        svg_put(o, "<path d='M30 72V38' stroke='" SVG_GREEN "' stroke-width='3'/>");
        svg_put(o, "<path d='M30 48Q14 46 12 32Q26 32 30 48ZM30 42Q44 38 48 24Q34 24 30 42Z' fill='#27ae60'/>");
        svg_put(o, "<circle cx='30' cy='34' r='5' fill='#e8849f'/>");
        break;
    case 1: /* summer: the sun */
        for (int i = 0; i < 12; i++)
            svg_put(o, "<path d='M30 22V14' stroke='#e67e22' stroke-width='3' stroke-linecap='round' "
                       "transform='rotate(%d 30 40)'/>", 30 * i);
        svg_put(o, "<circle cx='30' cy='40' r='13' fill='#f39c12'/>");
        break;
    case 2: /* autumn: a leaf with its veins */
        svg_put(o, "<path d='M30 70L30 62M30 62Q8 56 12 30L20 34L22 18L30 26L38 18L40 34L48 30Q52 56 30 62Z' "
                   "fill='#d35400' stroke='#d35400' stroke-width='2' stroke-linejoin='round'/>");
        svg_put(o, "<path d='M30 62V28M30 50L18 38M30 50L42 38' stroke='#f5cba7' stroke-width='1.5' fill='none'/>");
        break;
    default: /* winter: a snowflake */
        for (int i = 0; i < 3; i++)
            svg_put(o, "<path d='M30 18V62M30 26L25 21M30 26L35 21M30 54L25 59M30 54L35 59' stroke='#2e86c1' "
                       "stroke-width='2.6' stroke-linecap='round' fill='none' transform='rotate(%d 30 40)'/>", 60 * i);
        break;
    }
}

/* flowers 0..3 (plum, orchid, chrysanthemum, bamboo) and seasons 4..7 (spring, summer, autumn,
 * winter): the picture, and the number that ties a flower to its seat in the corner */
static void flowers(svg_out *o, int f)
{
    const char *c = f < 4 ? SVG_RED : SVG_BLUE;
    if (f < 4)
        flower(o, f);
    else
        season(o, f - 4);
    svg_put(o, "<text x='8' y='17' font-family='sans-serif' font-weight='bold' font-size='13' fill='%s'>%d</text>", c,
            f % 4 + 1);
}

/* ---- a face ------------------------------------------------------------------------------------- */

void svg_drawn_face(svg_out *o, int code, bool red)
{
    if (jong_code_is_flower(code)) {
        flowers(o, code - JONG_TILE_FLOWER_BASE);
    } else if (code < 9) {
        strokes(o, numerals[code], 14, 4, 32, red ? SVG_RED : SVG_INK, 10.5);
        strokes(o, man, 11, 36, 38, SVG_RED, 9);
    } else if (code < 18) {
        dots(o, code - 8, red);
    } else if (code < 27) {
        bamboo(o, code - 17, red);
    } else if (code == JONG_P) {
        svg_put(o, "<rect x='12' y='14' width='36' height='50' rx='3' fill='none' stroke='" SVG_BLUE "' "
                   "stroke-width='4'/>");
        svg_put(o, "<rect x='18' y='20' width='24' height='38' rx='2' fill='none' stroke='" SVG_BLUE "' "
                   "stroke-width='1.5'/>");
    } else {
        const char *c = code == JONG_F ? SVG_GREEN : code == JONG_C ? SVG_RED : SVG_INK;
        strokes(o, honours[code - JONG_E], 6, 14, 48, c, 9);
    }
}
