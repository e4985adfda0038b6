/* Tiles: 34 kinds, red fives, 8 flowers. A kind is an index 0..33:
 *   0..8 = 1m..9m (wan / characters), 9..17 = 1p..9p (tong / dots), 18..26 = 1s..9s (sou / bamboo),
 *   27..33 = E S W N P F C (east south west north, white green red dragons; 1z..7z).
 * Flowers are numbered 0..7: f1..f4 (plum orchid bamboo chrysanthemum), s1..s4 (spring..winter). */
#ifndef JONG_TILE_H
#define JONG_TILE_H

#include <stdbool.h>
#include <stdint.h>

#define JONG_KINDS 34
#define JONG_NUMBER_KINDS 27
#define JONG_FLOWERS 8
#define JONG_NO_TILE 255

enum { JONG_SUIT_M = 0, JONG_SUIT_P = 1, JONG_SUIT_S = 2, JONG_SUIT_Z = 3 };
enum { JONG_E = 27, JONG_S = 28, JONG_W = 29, JONG_N = 30, JONG_P = 31, JONG_F = 32, JONG_C = 33 };

static inline int jong_kind_suit(int kind) { return kind / 9; }
static inline int jong_kind_rank(int kind) { return kind % 9 + 1; } /* 1..9; honors 1..7 */
static inline bool jong_kind_is_honor(int kind) { return kind >= JONG_NUMBER_KINDS; }
static inline bool jong_kind_is_terminal(int kind) { return kind < JONG_NUMBER_KINDS && (kind % 9 == 0 || kind % 9 == 8); }
static inline bool jong_kind_is_yaochu(int kind) { return jong_kind_is_honor(kind) || jong_kind_is_terminal(kind); }
static inline int jong_kind_make(int suit, int rank) { return suit * 9 + rank - 1; }

/* One physical tile as written in notation: a kind, whether it is a red five, or a flower. */
typedef struct {
    uint8_t kind;   /* 0..33, or JONG_NO_TILE for a flower */
    uint8_t red;    /* 1 for a red five */
    uint8_t flower; /* 0..7 when kind == JONG_NO_TILE */
} jong_tile;

#endif
