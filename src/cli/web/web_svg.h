/* Tiles drawn as SVG by Jong for the web page and the review report, in two styles. The drawn
 * style (the default) is the one players read at a glance: coins for dots, sticks with their
 * joints for bamboo and a bird for the one, the numeral and the character for characters, the
 * wind characters, the red and green dragons' characters and the white dragon's frame,
 * flowers and seasons as pictures with their number; Jong draws every stroke itself, so no font
 * is needed. The plain style writes a number and a letter (5m, E) instead, for whoever reads
 * those faster. Red fives are red in both; hidden tiles show the back. */
#ifndef JONG_WEB_SVG_H
#define JONG_WEB_SVG_H

#include <stdbool.h>
#include <stddef.h>

#define WEB_TILE_SVG_MAX 8192 /* bytes enough for any tile in either style */

typedef enum { WEB_TILES_DRAWN = 0, WEB_TILES_PLAIN = 1 } web_tile_style;

/* The SVG of a tile code (0..33 kinds, 34..41 flowers, a red five's code, anything else the
 * back) into buf; returns its length. */
size_t web_tile_svg_style(int code, bool red, web_tile_style style, char *buf, size_t n);
/* The drawn style. */
size_t web_tile_svg(int code, bool red, char *buf, size_t n);
/* The tile a URL path names below /tile/: "13.svg", "13r.svg" (a red five), "plain/13.svg";
 * 0 when it names none. */
size_t web_tile_svg_path(const char *name, char *buf, size_t n);

#endif
