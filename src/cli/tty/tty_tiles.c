/* Tile glyphs and names for the terminal table (see tty_tiles.h). */
#include <langinfo.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "jong/jong.h"
#include "cli/ui/event_text.h"
#include "tty_tiles.h"

/* Code points of the Unicode mahjong block: the suits run 1..9 from these bases, the winds
 * E S W N from 0x1F000, the dragons red, green, white from 0x1F004 (Jong's order is white,
 * green, red), flowers and seasons from 0x1F022 and 0x1F026, the back at 0x1F02B. */
static unsigned glyph(int code)
{
    if (code >= 0 && code < 9)
        return 0x1F007 + (unsigned)code;
    if (code >= 9 && code < 18)
        return 0x1F019 + (unsigned)(code - 9);
    if (code >= 18 && code < 27)
        return 0x1F010 + (unsigned)(code - 18);
    if (code >= JONG_E && code <= JONG_N)
        return 0x1F000 + (unsigned)(code - JONG_E);
    if (code == JONG_P)
        return 0x1F006;
    if (code == JONG_F)
        return 0x1F005;
    if (code == JONG_C)
        return 0x1F004;
    if (jong_code_is_flower(code))
        return 0x1F022 + (unsigned)(code - JONG_TILE_FLOWER_BASE);
    return 0x1F02B;
}

static void utf8(unsigned cp, char out[5])
{
    out[0] = (char)(0xF0 | cp >> 18);
    out[1] = (char)(0x80 | (cp >> 12 & 0x3F));
    out[2] = (char)(0x80 | (cp >> 6 & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    out[4] = 0;
}

/* characters red, dots blue, bamboo green, dragons and winds bold, flowers magenta */
static const char *colour_of(int code, bool red)
{
    if (red)
        return "\033[1;31m";
    if (code >= 0 && code < 9)
        return "\033[31m";
    if (code >= 9 && code < 18)
        return "\033[34m";
    if (code >= 18 && code < 27)
        return "\033[32m";
    if (code >= 27 && code < JONG_KINDS)
        return "\033[1m";
    return jong_code_is_flower(code) ? "\033[35m" : "";
}

const char *tty_tile(int code, bool red, const tty_style *st, char *buf, size_t n)
{
    char text[8];
    if (jong_code_is_red(code)) {
        code = jong_code_kind(code);
        red = true;
    }
    if (st->ascii) {
        const char *name = tile_word(code);
        if (red && code < JONG_NUMBER_KINDS)
            snprintf(text, sizeof text, "0%c", name[1]);
        else
            snprintf(text, sizeof text, "%-2s", name);
    } else {
        utf8(glyph(code), text);
    }
    const char *c = st->colour ? colour_of(code, red) : "";
    snprintf(buf, n, "%s%s%s", c, text, *c ? "\033[0m" : "");
    return buf;
}

bool tty_locale_is_utf8(void)
{
    const char *cs = nl_langinfo(CODESET);
    return cs && (!strcasecmp(cs, "UTF-8") || !strcasecmp(cs, "utf8"));
}
