/* Tiles as terminal text: Unicode mahjong glyphs (U+1F000..U+1F02B) or plain ASCII names
 * ("5m", "E", "f1"), each with the ANSI colour of its suit when colour is on. */
#ifndef JONG_TTY_TILES_H
#define JONG_TTY_TILES_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    bool ascii;  /* ASCII names instead of the Unicode glyphs */
    bool colour; /* ANSI colours by suit (red fives in red) */
} tty_style;

/* Writes one tile code (kind, flower, JONG_HIDDEN) into buf, padded to the same width for
 * every tile of the style; red marks a red five. Returns buf. */
const char *tty_tile(int code, bool red, const tty_style *st, char *buf, size_t n);

/* Does the locale say the terminal takes UTF-8? (setlocale must have been called.) */
bool tty_locale_is_utf8(void);

#endif
