/* Internal: the generated per-suit distance tables (format in tools/gen_tables.c).
 * Index of a suit: sum of count[k] * 5^k over its kinds (9 number kinds or 7 honors).
 * Entry nibble m (0..5): distance to m sets; nibble 8+m: to m sets and a pair; saturating at 15. */
#ifndef JONG_SUIT_TABLE_H
#define JONG_SUIT_TABLE_H

#include <stdint.h>

#define JONG_TABLE_SAT 15

extern const uint64_t jong_suit_table[];  /* 5^9 entries */
extern const uint64_t jong_honor_table[]; /* 5^7 entries */

static inline uint32_t jong_suit_index(const uint8_t *c)
{
    return c[0] + 5u * (c[1] + 5u * (c[2] + 5u * (c[3] + 5u * (c[4] + 5u * (c[5] + 5u * (c[6] + 5u * (c[7] + 5u * c[8])))))));
}

static inline uint32_t jong_honor_index(const uint8_t *c)
{
    return c[0] + 5u * (c[1] + 5u * (c[2] + 5u * (c[3] + 5u * (c[4] + 5u * (c[5] + 5u * c[6])))));
}

static inline int jong_entry_get(uint64_t e, int sets, int pair)
{
    return (int)((e >> (4 * (sets + 8 * pair))) & 15);
}

#endif
