/* What tai.c (scoring) needs from tai_forms.c (which hands are wins). Not a public header. */
#ifndef JONG_TAI_INTERNAL_H
#define JONG_TAI_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "jong/notation.h"
#include "jong/tai.h"

/* Melds well formed, at most 4 copies of a kind, 16 or 17 tiles for Taiwanese rules. On false,
 * err (may be NULL) says what is wrong as a JONG_ERR_ARG. */
bool tai_hand_is_valid(const jong_hand *h, jong_error *err);
/* Tiles counting each meld (kongs too) as 3. */
int tai_hand_tiles(const jong_hand *h);
/* The enabled special hands (JONG_SPECIAL_* bits) a 17-tile meld-free hand forms. */
unsigned tai_special_forms(const jong_ruleset *rs, const jong_hand *h);
/* Kinds that complete a 16-tile hand: standard form plus the enabled special hands. */
uint64_t tai_waits(const jong_ruleset *rs, const jong_hand *h16);

#endif
