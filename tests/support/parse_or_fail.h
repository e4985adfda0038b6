/* Test support: hands, tiles and rule options written as text in a test, read with the library's
 * parsers (the notation in every style it reads: compact, Taiwanese, the papers' w/t/s, melds,
 * flowers). A text that does not parse fails the running cmocka test naming the text and the
 * parser's message, so a typo in a test is a failure, never a quietly empty hand or default rule. */
#ifndef JONG_TEST_PARSE_OR_FAIL_H
#define JONG_TEST_PARSE_OR_FAIL_H

#include <stdint.h>

#include "jong/jong.h"

/* The hand in `text` (concealed tiles, melds, flowers). */
jong_hand hand_of(const char *text);

/* The one tile in `text` ("5m", "0m" for a red five, "E", "f1"). */
jong_tile tile_of(const char *text);

/* The kind of the one tile in `text`; a flower gives JONG_TILE_FLOWER_BASE + its number, as a
 * win context holds a flower won on. */
int kind_of(const char *text);

/* The count of each kind among any number of tiles in `text` (no melds; "" gives all zeros). */
void counts_of(const char *text, uint8_t counts[JONG_KINDS]);

/* Bit k set for each kind k among the tiles in `text`. */
uint64_t kinds_of(const char *text);

/* The default rules of `variant` with the options in `text` ("name=value,..."; "" for none). */
jong_ruleset rules_of(jong_variant variant, const char *text);

#endif
