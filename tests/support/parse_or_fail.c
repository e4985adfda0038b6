/* Hands, tiles and rules from their text for tests, or the test fails (see parse_or_fail.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "support/parse_or_fail.h"

jong_hand hand_of(const char *text)
{
    jong_hand h;
    jong_error err;
    if (jong_parse_hand(text, &h, &err) != JONG_OK)
        fail_msg("cannot parse the hand \"%s\": %s", text, err.msg);
    return h;
}

jong_tile tile_of(const char *text)
{
    jong_tile t;
    jong_error err;
    if (jong_parse_tile(text, &t, &err) != JONG_OK)
        fail_msg("cannot parse the tile \"%s\": %s", text, err.msg);
    return t;
}

int kind_of(const char *text)
{
    jong_tile t = tile_of(text);
    return t.kind == JONG_NO_TILE ? JONG_TILE_FLOWER_BASE + t.flower : t.kind;
}

void counts_of(const char *text, uint8_t counts[JONG_KINDS])
{
    jong_error err;
    if (jong_parse_tiles(text, counts, &err) != JONG_OK)
        fail_msg("cannot parse the tiles \"%s\": %s", text, err.msg);
}

uint64_t kinds_of(const char *text)
{
    uint8_t c[JONG_KINDS];
    counts_of(text, c);
    uint64_t bits = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        if (c[k])
            bits |= 1ull << k;
    return bits;
}

jong_ruleset rules_of(jong_variant variant, const char *text)
{
    jong_ruleset rs;
    jong_ruleset_default(&rs, variant);
    jong_error err;
    if (jong_ruleset_apply(&rs, text, &err) != JONG_OK)
        fail_msg("cannot apply the rule options \"%s\": %s", text, err.msg);
    return rs;
}
