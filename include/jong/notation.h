/* Reading and writing tiles and hands.
 *
 * Accepted input (all styles may be mixed, spaces are ignored between groups):
 *   - compact:    digits then a suit letter, `123m456p789s1234567z`; `0` is a red five (`0m`).
 *                 Suit letters m/w (wan), p/t (tong), s (sou), z (honors 1..7 = E S W N P F C).
 *   - honors:     single letters E S W N P F C (capital; the mjai letters).
 *   - mjai:       `5mr` (a red five), tokens like `1m`, `E`.
 *   - flowers:    `f1`..`f4` and `s1`..`s4` (a lower-case f or s directly followed by 1-4, with no
 *                 digits pending before it), as in the Taiwanese style `445w1267t1144888999s f1s2`.
 *   - melds:      `[...]` an exposed meld (chow, pung or kong of tiles in any style above),
 *                 `(...)` a concealed kong, e.g. `123m456p11z [789s] (5555p)`.
 * Output uses one canonical form per style. */
#ifndef JONG_NOTATION_H
#define JONG_NOTATION_H

#include <stddef.h>

#include "jong/error.h"
#include "jong/hand.h"
#include "jong/tile.h"

typedef enum {
    JONG_STYLE_COMPACT = 0, /* 123m456p789s1234567z, 0m for red, melds in [] and (), flowers f1 s1 */
    JONG_STYLE_TAIWAN,      /* 445w1267t1144s, honors as E S W N P F C letters, flowers f1..s4 */
    JONG_STYLE_MJAI,        /* one token per tile: 1m 5mr E ... (space separated) */
} jong_style;

/* Parse a whole hand. No size check (see jong_hand_check); checks at most 4 copies of a kind
 * over the hand and its melds, at most one red five per suit, each flower at most once.
 * Spaces, tabs, newlines and commas separate groups; an empty text is an error. On error *out
 * is cleared; an error in the text has err->pos = N (a byte offset), msg "position N: ...". */
int jong_parse_hand(const char *text, jong_hand *out, jong_error *err);
/* Parse a list of tiles (no melds) into counts; used for --seen and indicator lists.
 * Unlike a hand, a list may hold any number of tiles (none too: "" gives all zeros), still at
 * most 4 of each kind and one red five per suit; red fives count as plain fives. */
int jong_parse_tiles(const char *text, uint8_t counts[JONG_KINDS], jong_error *err);
/* Parse exactly one tile (`5m`, `0p`, `5pr`, `E`, `7z`, `f3`, `s2`); a flower gives
 * kind = JONG_NO_TILE. Two tiles are JONG_ERR_TILE_COUNT. */
int jong_parse_tile(const char *text, jong_tile *out, jong_error *err);

/* Print into buf (always NUL-terminated when n > 0); returns the length the full text needs. */
size_t jong_format_hand(const jong_hand *h, jong_style style, char *buf, size_t n);
size_t jong_format_counts(const uint8_t counts[JONG_KINDS], jong_style style, char *buf, size_t n);
/* Name of one kind in a style: "5m", "E"/"1z"; static storage; "?" for a kind out of range. */
const char *jong_kind_name(int kind, jong_style style);
const char *jong_flower_name(int flower);

#endif
