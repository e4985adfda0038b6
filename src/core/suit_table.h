/* Internal: the generated per-suit distance tables (format in tools/gen_tables.c).
 * Index of a number suit: count[8] + 5 * (count[0] + 5 * count[1] + ... + 5^7 * count[7]) (the
 * nine in the lowest digit, so that SIMD multiply-adds over byte pairs can form it); of the
 * honors: sum of count[k] * 5^k.
 * Entry nibble m (0..5): distance to m sets; nibble 8+m: to m sets and a pair; saturating at 15. */
#ifndef JONG_SUIT_TABLE_H
#define JONG_SUIT_TABLE_H

#include <stdint.h>

#define JONG_TABLE_SAT 15

extern const uint64_t jong_suit_table[];  /* 5^9 entries */
extern const uint64_t jong_honor_table[]; /* 5^7 entries */

static inline uint32_t jong_suit_index(const uint8_t *c)
{
    return c[8] + 5u * (c[0] + 5u * (c[1] + 5u * (c[2] + 5u * (c[3] + 5u * (c[4] + 5u * (c[5] + 5u * (c[6] + 5u * c[7])))))));
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
