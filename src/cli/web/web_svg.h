/* Tiles drawn as SVG by Jong for the web page: pips for dots, sticks for bamboo, a numeral
 * for characters, letters for winds and dragons (the white dragon a blue frame), flowers with
 * their number; red fives in red; a back for hidden tiles. No fonts beyond a generic sans. */
#ifndef JONG_WEB_SVG_H
#define JONG_WEB_SVG_H

#include <stdbool.h>
#include <stddef.h>

/* The SVG of a tile code (0..33 kinds, 34..41 flowers, anything else the back) into buf;
 * returns its length. 1 KiB... 4 KiB is enough for any tile. */
size_t web_tile_svg(int code, bool red, char *buf, size_t n);

#endif
