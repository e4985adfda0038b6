/* Seeded random hands for the property tests: a small PRNG (splitmix64) and generators that
 * draw from a 136-tile wall, so no kind ever exceeds 4 copies counting declared melds. */
#ifndef JONG_TEST_RANDOM_HANDS_H
#define JONG_TEST_RANDOM_HANDS_H

#include <stdbool.h>
#include <stdint.h>

#include "jong/hand.h"
#include "jong/tile.h"

typedef struct {
    uint64_t state;
} rh_rng;

void rh_seed(rh_rng *r, uint64_t seed);
uint64_t rh_next(rh_rng *r);
/* Uniform in [0, n), n >= 1, without modulo bias. */
uint32_t rh_below(rh_rng *r, uint32_t n);

/* The tiles still available: 4 of each kind at first, less what hands and melds took. */
typedef struct {
    uint8_t left[JONG_KINDS];
    int total;
} rh_wall;

void rh_wall_full(rh_wall *w);
/* Takes one tile, uniformly among the remaining tiles; JONG_NO_TILE if the wall is empty. */
int rh_wall_draw(rh_rng *r, rh_wall *w);
/* Takes one tile uniformly among the remaining tiles of kinds first..last; JONG_NO_TILE if none. */
int rh_wall_draw_range(rh_rng *r, rh_wall *w, int first, int last);
bool rh_wall_take(rh_wall *w, int kind, int copies);
void rh_wall_put(rh_wall *w, int kind, int copies);

/* (a) n tiles drawn uniformly from a full 136-tile wall. */
void rh_uniform(rh_rng *r, int n, uint8_t counts[JONG_KINDS]);
/* (b) `sets` random sets plus a pair (n = 3*sets+2), or that less one tile (n = 3*sets+1),
 * then 0..3 tiles swapped for random wall tiles: many results are complete or ready. */
void rh_near_complete(rh_rng *r, int sets, int n, uint8_t counts[JONG_KINDS]);
/* (c) n tiles mostly of one suit (as in full-flush hands), sometimes a near-complete one-suit
 * hand, sometimes a few honors or other-suit tiles mixed in. */
void rh_one_suit(rh_rng *r, int n, uint8_t counts[JONG_KINDS]);
/* The same generators drawing from a given wall (so melds can hold copies already). */
void rh_uniform_from(rh_rng *r, rh_wall *w, int n, uint8_t counts[JONG_KINDS]);
void rh_near_complete_from(rh_rng *r, rh_wall *w, int sets, int n, uint8_t counts[JONG_KINDS]);
void rh_one_suit_from(rh_rng *r, rh_wall *w, int n, uint8_t counts[JONG_KINDS]);

/* `sets` random sets plus a pair, all of one suit when one_suit (full flushes have the most
 * readings). Almost always complete; rarely the wall runs short of a shape and it is not. */
void rh_complete(rh_rng *r, int sets, bool one_suit, uint8_t counts[JONG_KINDS]);
/* Seven distinct pairs (often in one suit, so that standard readings overlap), then 0..2 tiles
 * swapped; cut to n = 13 or 14 tiles. */
void rh_seven_pairs(rh_rng *r, int n, uint8_t counts[JONG_KINDS]);
/* The thirteen terminal and honor kinds plus one more of them, then 0..2 tiles swapped (for
 * n = 13 or 14 tiles). */
void rh_thirteen_orphans(rh_rng *r, int n, uint8_t counts[JONG_KINDS]);

typedef enum { RH_UNIFORM = 0, RH_NEAR_COMPLETE, RH_ONE_SUIT, RH_STYLES } rh_style;

/* (d) A hand for variant v with nmelds declared melds (chow, pung, kong or concealed kong) and
 * 3*(sets - nmelds) + 1 (+1 more if drawn) concealed tiles generated in the given style. */
void rh_hand_with_melds(rh_rng *r, jong_variant v, int nmelds, bool drawn, rh_style style,
                        jong_hand *out);

#endif
