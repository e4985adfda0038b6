/* A player's hand: concealed tiles as a count vector, red fives, flowers and declared melds. */
#ifndef JONG_HAND_H
#define JONG_HAND_H

#include "jong/error.h"
#include "jong/tile.h"

#define JONG_MAX_MELDS 8

typedef enum {
    JONG_MELD_CHOW = 0,  /* chi: three consecutive number tiles, `tile` is the lowest */
    JONG_MELD_PUNG,      /* pon: three of a kind */
    JONG_MELD_KONG,      /* exposed kong (daiminkan or added kong) */
    JONG_MELD_CONCEALED_KONG,
} jong_meld_type;

typedef struct {
    uint8_t type;  /* jong_meld_type */
    uint8_t tile;  /* kind; the lowest kind for a chow */
    uint8_t red;   /* how many red fives the meld holds */
} jong_meld;

typedef enum { JONG_VARIANT_RIICHI = 0, JONG_VARIANT_TAIWAN = 1 } jong_variant;

typedef struct {
    uint8_t counts[JONG_KINDS]; /* concealed tiles of each kind, 0..4 */
    uint8_t red[3];             /* red fives among the concealed tiles, per suit m p s */
    uint8_t flowers;            /* bit f set when flower f (0..7) is held */
    uint8_t nmelds;
    jong_meld melds[JONG_MAX_MELDS];
} jong_hand;

void jong_hand_clear(jong_hand *h);
int jong_hand_concealed_count(const jong_hand *h);
/* Sets still to build in the concealed part: sets(variant) - nmelds (never below 0). */
int jong_hand_sets_needed(const jong_hand *h, jong_variant v);
/* Copies of each kind locked inside the declared melds. */
void jong_hand_meld_counts(const jong_hand *h, uint8_t out[JONG_KINDS]);
/* Copies of each kind the concealed part may still use: 4 minus the copies in declared melds.
 * Returns whether any kind is below 4. */
bool jong_hand_limits(const jong_hand *h, uint8_t limit[JONG_KINDS]);
/* Sets in a complete hand: 4 for riichi, 5 for Taiwanese. */
int jong_variant_sets(jong_variant v);
/* Hand size (not counting melds as tiles but as 3 each) must be 3N+1 or 3N+2 for the variant:
 * 13/14 riichi, 16/17 Taiwanese; kongs count as 3. Also checks no kind exceeds 4 over hand+melds. */
int jong_hand_check(const jong_hand *h, jong_variant v, jong_error *err);

#endif
