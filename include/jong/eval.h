/* The hand evaluator: exact shanten (standard form with any number of sets, seven pairs,
 * thirteen orphans), SIMCAT's MTW(c) and block count, waits, effective tiles (ukeire), the
 * per-discard table and every decomposition of a winning hand.
 *
 * Distances are defined on multisets: the distance of a hand to a form is the least number of
 * tiles that must be added (each replacing a discard) so that the hand contains a complete
 * instance of the form, and no kind is used more than 4 times counting the declared melds.
 * Shanten = distance - 1, so a complete hand is -1 and a ready (tenpai) hand is 0.
 * All functions take the concealed counts; "sets" is the number of sets the concealed part
 * must still form (4 or 5 minus the declared melds). Nothing here allocates or prints. */
#ifndef JONG_EVAL_H
#define JONG_EVAL_H

#include <stdbool.h>
#include <stdint.h>

#include "jong/hand.h"

#define JONG_MAX_SETS 5     /* the fast tables cover 0..5 sets */
#define JONG_MTW_MAX 12     /* MTW(c) is defined here for c = 1..JONG_MTW_MAX */
#define JONG_UNDEFINED 127  /* a form that does not apply to this hand size */

/* ---- distances on count vectors (limit 4 per kind) ---------------------------------------- */

/* Least tiles to add so the counts contain `sets` sets and one pair (sets 0..JONG_MAX_SETS). */
int jong_distance_standard(const uint8_t counts[JONG_KINDS], int sets);
/* Same with an upper limit per kind (4 minus copies in declared melds). */
int jong_distance_standard_limited(const uint8_t counts[JONG_KINDS], int sets,
                                   const uint8_t limit[JONG_KINDS]);
int jong_shanten_standard(const uint8_t counts[JONG_KINDS], int sets);
/* Seven distinct pairs (four of a kind is not two pairs); for 13/14 concealed tiles. */
int jong_shanten_chiitoi(const uint8_t counts[JONG_KINDS]);
/* Thirteen orphans; for 13/14 concealed tiles. */
int jong_shanten_kokushi(const uint8_t counts[JONG_KINDS]);

typedef struct {
    int standard, chiitoi, kokushi; /* JONG_UNDEFINED where the form does not apply */
    int best;                       /* the least of the three */
} jong_shanten3;

/* All three forms. The special forms apply only when sets == 4 and there are 13 or 14 tiles. */
void jong_shanten_all(const uint8_t counts[JONG_KINDS], int sets, jong_shanten3 *out);

/* ---- SIMCAT: MTW and blocks --------------------------------------------------------------- */

/* MTW(c): least tiles to pick (and keep) to form c-1 melds and one pair, c = 1..JONG_MTW_MAX.
 * `melds` declared melds count as formed melds. Returns JONG_UNDEFINED if no such target
 * fits in the 136 tiles. */
int jong_mtw(const uint8_t counts[JONG_KINDS], int melds, int c);
/* Fills out[c] for c = 1..cmax (out[0] unused); cmax <= JONG_MTW_MAX. */
void jong_mtw_table(const uint8_t counts[JONG_KINDS], int melds, int cmax, int out[]);
/* SIMCAT formula (1): the largest c with MTW(c) - MTW(c-1) <= 1 (MTW(0) taken as 0). */
int jong_blocks(const uint8_t counts[JONG_KINDS], int melds);
/* The same for a whole hand: its declared melds count as formed melds and lower the 4-copy
 * limit of their kinds (the count-vector functions above assume no kind is locked in a meld). */
void jong_hand_mtw_table(const jong_hand *h, int cmax, int out[]);
int jong_hand_blocks(const jong_hand *h);

/* ---- analysis of a whole hand (declared melds respected) ---------------------------------- */

typedef enum {
    JONG_FORMS_STANDARD = 1,
    JONG_FORMS_CHIITOI = 2,
    JONG_FORMS_KOKUSHI = 4,
    JONG_FORMS_ALL = 7,
} jong_forms;

/* Forms a variant allows by default: riichi all three, Taiwanese standard only. */
jong_forms jong_variant_forms(jong_variant v);

/* Shanten of a hand over the allowed forms, with the 4-copy limit counting declared melds. */
int jong_hand_shanten(const jong_hand *h, jong_variant v, jong_forms forms, jong_shanten3 *out);

/* Waits of a hand with 3N+1 concealed tiles: bitset of kinds (bit k) that complete it.
 * A kind whose four copies are all in the hand or its melds is never a wait. */
uint64_t jong_waits(const jong_hand *h, jong_variant v, jong_forms forms);
bool jong_is_complete(const jong_hand *h, jong_variant v, jong_forms forms);

typedef struct {
    uint64_t kinds;               /* bit k: drawing kind k lowers the shanten */
    int total;                    /* sum of unseen copies of those kinds */
    uint8_t unseen[JONG_KINDS];   /* unseen copies of each effective kind (0 for others) */
} jong_ukeire;

/* Effective tiles of a hand with 3N+1 concealed tiles. `seen` (may be NULL) counts tiles visible
 * elsewhere (discards, others' melds, indicators); the hand and its melds are subtracted too.
 * Returns the hand's shanten over the allowed forms. */
int jong_effective_tiles(const jong_hand *h, jong_variant v, jong_forms forms,
                         const uint8_t seen[JONG_KINDS], jong_ukeire *out);

typedef struct {
    uint8_t discard;    /* kind discarded */
    int shanten;        /* shanten after the discard */
    jong_ukeire ukeire; /* effective tiles after the discard */
} jong_discard_option;

/* For a hand with 3N+2 concealed tiles: one row per distinct kind held, sorted by shanten, then by
 * effective-tile total (descending), then kind. Returns the number of rows (<= 34). Unseen
 * copies exclude all 3N+2 tiles: the discarded tile lies face up in the discards. */
int jong_discard_table(const jong_hand *h, jong_variant v, jong_forms forms,
                       const uint8_t seen[JONG_KINDS], jong_discard_option out[JONG_KINDS]);

/* ---- decompositions of a complete hand ---------------------------------------------------- */

typedef enum { JONG_DECOMP_STANDARD = 0, JONG_DECOMP_CHIITOI, JONG_DECOMP_KOKUSHI } jong_decomp_form;

typedef struct {
    uint8_t form;                   /* jong_decomp_form */
    uint8_t pair;                   /* kind of the pair (kokushi: the doubled kind) */
    uint8_t nsets;
    uint8_t set_type[JONG_MAX_SETS + 2]; /* JONG_MELD_CHOW or JONG_MELD_PUNG (concealed) */
    uint8_t set_tile[JONG_MAX_SETS + 2]; /* lowest kind */
    uint8_t pairs[7];               /* chiitoi: the seven pair kinds */
} jong_decomposition;

/* Every distinct way to read the concealed counts as `sets` sets plus a pair (sets listed in
 * ascending order, so two readings that differ only in order are one), then the seven-pairs and
 * thirteen-orphans readings when `forms` allows them. Writes at most max entries and returns
 * the total number found (which may exceed max). */
int jong_decompose(const uint8_t counts[JONG_KINDS], int sets, jong_forms forms,
                   jong_decomposition *out, int max);

/* ---- discards and draws, incrementally (the players' fast path) --------------------------- */

/* Standard-form shanten (as jong_shanten_standard: `sets` sets to build, each count <= 4, the
 * declared melds not counted) after discarding each kind, for a hand that normally holds one
 * tile too many (3*sets + 2). shanten[k] = JONG_UNDEFINED for kinds not held. Returns the least
 * (JONG_UNDEFINED if nothing is held) and, if `least` is not NULL, sets it to the bitset of the
 * kinds whose discard gives it. Only the discarded tile's group is looked up again. */
int jong_discard_shanten(const uint8_t counts[JONG_KINDS], int sets, int shanten[JONG_KINDS], uint64_t *least);
/* For each held kind k in the bitset `discards`: lowers[k] = the kinds j in the bitset `draws`
 * with fewer than 4 copies left after discarding k (j = k allowed) whose draw lowers the
 * shanten of counts - k, i.e. jong_shanten_standard(counts - k + j) < jong_shanten_standard(
 * counts - k). lowers[k] = 0 for every other k. Exact: the same answers as those calls. */
void jong_discard_draws(const uint8_t counts[JONG_KINDS], int sets, uint64_t discards, uint64_t draws,
                        uint64_t lowers[JONG_KINDS]);
/* The hand as it stands (typically 3*sets + 1 tiles): the kinds j in the bitset `draws` with
 * fewer than 4 copies held whose draw lowers its standard-form distance, and (if `distance` is
 * not NULL) that distance. With distance 1 these are the kinds that complete the standard form
 * (a superset of the waits once declared melds lower a limit), e.g. for a cached win check. */
uint64_t jong_lowering_draws(const uint8_t counts[JONG_KINDS], int sets, uint64_t draws, int *distance);
/* Both at once: shanten[] as jong_discard_shanten; for the discards of least shanten,
 * eff[k] = sum of weight[j] over the kinds j of jong_discard_draws (typically weight = unseen
 * copies, giving the effective tiles after each best discard); eff[k] = -1 for other kinds.
 * Returns the least shanten. */
int jong_discard_effective(const uint8_t counts[JONG_KINDS], int sets, const uint8_t weight[JONG_KINDS],
                           int shanten[JONG_KINDS], int eff[JONG_KINDS]);

/* ---- target distances: how far the hand is from each kind of winning hand (Loh) ----------- */

typedef enum {
    JONG_TARGET_STANDARD = 0,    /* any sets and a pair (the distance above) */
    JONG_TARGET_SEVEN_PAIRS,     /* riichi: seven distinct pairs; Taiwanese: seven pairs + a pong */
    JONG_TARGET_THIRTEEN_ORPHANS,/* riichi: the 13 + one as pair; Taiwanese: + a pair + one set */
    JONG_TARGET_ALL_PONGS,       /* every set a pong or kong, plus a pair */
    JONG_TARGET_ALL_CHOWS,       /* every set a chow, no honor tile anywhere */
    JONG_TARGET_FULL_FLUSH,      /* every tile, declared melds included, of one suit */
    JONG_TARGET_HALF_FLUSH,      /* one suit and honors, at least one honor tile */
    JONG_TARGETS
} jong_target;

typedef struct {
    /* Least tiles to draw, each replacing one of the hand's tiles, until the hand is complete in
     * that form, no kind used more than 4 times counting declared melds (0 = complete; standard
     * = shanten + 1). JONG_UNDEFINED where the rules lack the form or a declared meld (or the
     * 4-copy limit) rules it out. */
    int distance[JONG_TARGETS];
    int full_flush[3], half_flush[3]; /* the flushes per suit m p s (distance[] has the least) */
} jong_targets;

/* Stable names: "standard", "seven-pairs", "thirteen-orphans", "all-pongs", "all-chows",
 * "full-flush", "half-flush"; NULL out of range. */
const char *jong_target_name(int target);
/* Every target of a hand of 3N+1 or 3N+2 concealed tiles plus its declared melds. `forms` says
 * which special forms the rules have (JONG_FORMS_CHIITOI, JONG_FORMS_KOKUSHI: in Taiwanese the
 * 17-tile forms of the special hands). Exact. */
void jong_hand_targets(const jong_hand *h, jong_variant v, jong_forms forms, jong_targets *out);
/* One target only (cheaper). */
int jong_hand_target(const jong_hand *h, jong_variant v, jong_forms forms, int target);
/* Every target after drawing each kind j in the bitset `draws` (out[j]; a kind whose copies are
 * all in the hand and its melds gets JONG_UNDEFINED everywhere): the hand's per-group tables are
 * made once and only the drawn kind's group again, so this is much cheaper than 34 calls. */
void jong_hand_targets_draws(const jong_hand *h, jong_variant v, jong_forms forms, uint64_t draws,
                             jong_targets out[JONG_KINDS]);


/* ---- Loh's own method: the histogram-method local search (paper, appendix steps 1-10) ------ */

#define JONG_LOH_IMAGINARY 254 /* the imaginary tile: its group becomes the pair */
#define JONG_LOH_BLANK 255     /* a hand of 3N+1 concealed tiles: the slot its missing tile leaves */
#define JONG_LOH_SLOTS (3 * (JONG_MAX_SETS + 1))

typedef struct {
    uint64_t swaps_tried;  /* swaps scored (two tiles of different groups exchanged) */
    uint64_t swaps_made;   /* of them, those that raised the score and were kept */
    int climbs;            /* local searches run: the first and one per reshuffle */
    int reshuffles;        /* random reshuffles done */
    int first_distance;    /* the distance after the first climb only, before any reshuffle */
    int slots;             /* 3 x (sets + 1): the arrangement's length */
    uint8_t arrangement[JONG_LOH_SLOTS]; /* the best arrangement found (a flush: of its best suit) */
} jong_loh_stats;

/* Loh's evaluator for the targets of standard shape (standard, all-pongs, all-chows, full-flush,
 * half-flush): the concealed tiles, padded with the imaginary tile (and a blank for 3N+1 tiles)
 * to 3 x (sets + 1) slots, cut by position into groups of three; each group scores the tiles
 * that can stay in one set of the target's kind (the pair for the imaginary tile's group); tiles
 * are swapped between groups while the total rises, then the whole is reshuffled and searched
 * again until the best has not risen for `restarts` reshuffles in a row. A flush is searched
 * once per suit. Returns (3 x sets + 2) - the best total: the distance the search finds, never
 * below jong_hand_target's exact one except where the 4-copy limit binds across groups (see
 * src/core/loh_local.c). The first climb starts from the hand in kind order with the padding
 * last; the reshuffles come from a jong_rng seeded from `seed` (same seed, same answer).
 * JONG_UNDEFINED for the other targets, for a hand of another size, and where the declared melds
 * rule the target out (as jong_hand_target). `stats` (may be NULL) is filled. */
int jong_loh_local_distance(const jong_hand *h, jong_variant v, int target, int restarts, uint64_t seed,
                            jong_loh_stats *stats);
/* The same search with the first climb from the arrangement `order` (3 x (sets + 1) slots: the
 * concealed tiles as kinds, one JONG_LOH_IMAGINARY, and one JONG_LOH_BLANK for 3N+1 tiles, in any
 * order); JONG_UNDEFINED if `order` is not such a list. */
int jong_loh_local_from(const jong_hand *h, jong_variant v, int target, const uint8_t *order, int restarts,
                        uint64_t seed, jong_loh_stats *stats);

#endif
