/* What the two files of the tile pictures share: SVG text appended to a buffer that never
 * overflows (what does not fit is dropped, and the picture is then cut, which the tests rule
 * out for every tile). */
#ifndef JONG_WEB_SVG_OUT_H
#define JONG_WEB_SVG_OUT_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    char *buf;
    size_t n, len;
} svg_out;

void svg_put(svg_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The face of a drawn-style tile (web_svg_drawn.c): a kind 0..33 or a flower 0..7. */
void svg_drawn_face(svg_out *o, int code, bool red);

#define SVG_RED "#c0392b"
#define SVG_GREEN "#1e7f4f"
#define SVG_BLUE "#1f4e9c"
#define SVG_INK "#1c2833"
#define SVG_FACE "#fbf8ef"

#endif
