/* Internal: exact distances of one suit by dynamic programming over its kinds, for any number
 * of sets (up to JONG_DP_MAXSETS) and any per-kind limit. Slower than the tables; used where
 * the tables do not reach (declared melds lowering a limit, MTW(c) with many sets). */
#ifndef JONG_SUIT_DP_H
#define JONG_SUIT_DP_H

#include <stdbool.h>
#include <stdint.h>

#define JONG_DP_MAXSETS 12
#define JONG_DP_INF 255

/* Every kind allowed 4 copies: no declared meld locks any. */
extern const uint8_t jong_full_limit[34];

/* out[p][m] = least tiles to add to v[0..n-1] so it contains m sets (+ a pair if p), using kind
 * k at most lim[k] times; JONG_DP_INF if impossible. Chows only when `chows`. */
void jong_suit_dp(const uint8_t *v, const uint8_t *lim, int n, bool chows, int maxsets,
                  uint8_t out[2][JONG_DP_MAXSETS + 1]);

/* The same with the set types chosen: chows and/or pongs (the pair is always allowed); the
 * target distances (targets.c) use it for all-chows and all-pongs. */
void jong_suit_dp_blocks(const uint8_t *v, const uint8_t *lim, int n, bool chows, bool pongs, int maxsets,
                         uint8_t out[2][JONG_DP_MAXSETS + 1]);

/* Min-plus combination of per-group distance vectors: out = a (+) b for m = 0..maxsets. */
void jong_dist_combine(const uint8_t a[2][JONG_DP_MAXSETS + 1], const uint8_t b[2][JONG_DP_MAXSETS + 1],
                       int maxsets, uint8_t out[2][JONG_DP_MAXSETS + 1]);

/* The four groups (m, p, s, honors) of a whole hand, combined: out[p][m] for m = 0..maxsets. */
void jong_hand_dp(const uint8_t counts[34], const uint8_t limit[34], int maxsets,
                  uint8_t out[2][JONG_DP_MAXSETS + 1]);

/* Distance of the whole hand to `sets` sets and a pair (0..JONG_DP_MAXSETS) by the DP alone,
 * JONG_UNDEFINED when no such hand fits the limits: the exact path behind the tables. */
int jong_dp_distance(const uint8_t counts[34], int sets, const uint8_t limit[34]);

#endif
