/* A slow, obviously correct reference for the hand evaluator, written from the definitions in
 * include/jong/eval.h and sharing no code with the library (src/). The random tests compare the library
 * against it; test_reference_selfcheck.c checks it against hand-worked values.
 *
 * Kinds 0..33 are 1m..9m, 1p..9p, 1s..9s, E S W N P F C. A set is a pung (three of a kind) or a
 * chow (three consecutive ranks of one number suit, no wrap-around, never honors). */
#ifndef JONG_TEST_REFERENCE_H
#define JONG_TEST_REFERENCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "jong/eval.h"
#include "jong/hand.h"
#include "jong/tile.h"

/* What ref_distance returns when no target fits under the limits. */
#define REF_IMPOSSIBLE 1000

/* ---- distances on count vectors ---------------------------------------------------------- */

/* Least tiles to add so the hand contains `sets` sets plus one pair, the target using kind k at
 * most limit[k] times: min over targets T of sum_k max(0, T_k - counts_k).
 * REF_IMPOSSIBLE when no target fits under the limits. */
int ref_distance(const uint8_t counts[JONG_KINDS], int sets, const uint8_t limit[JONG_KINDS]);
/* ref_distance with the plain limit of 4 copies per kind. */
int ref_distance4(const uint8_t counts[JONG_KINDS], int sets);
/* Seven distinct pairs and thirteen orphans, as shanten (distance - 1); JONG_UNDEFINED unless
 * the counts hold 13 or 14 tiles. */
int ref_chiitoi_shanten(const uint8_t counts[JONG_KINDS]);
int ref_kokushi_shanten(const uint8_t counts[JONG_KINDS]);
/* All three forms as jong_shanten_all defines them (special forms only for sets 4, 13/14 tiles). */
void ref_shanten_all(const uint8_t counts[JONG_KINDS], int sets, jong_shanten3 *out);

/* ---- SIMCAT ------------------------------------------------------------------------------ */

/* MTW(c) = distance to c-1 melds and a pair, the `melds` declared melds counting as formed:
 * ref_distance with sets = max(0, c-1-melds), limit 4 per kind. c = 1..JONG_MTW_MAX;
 * MTW(0) = 0; JONG_UNDEFINED where no target fits. */
int ref_mtw(const uint8_t counts[JONG_KINDS], int melds, int c);
/* out[c] = MTW(c) for c = 0..cmax (out[0] = 0), cmax <= 43 + melds. */
void ref_mtw_table(const uint8_t counts[JONG_KINDS], int melds, int cmax, int out[]);
/* SIMCAT formula (1): largest c in 1..JONG_MTW_MAX with MTW(c) - MTW(c-1) <= 1. */
int ref_blocks(const uint8_t counts[JONG_KINDS], int melds);

/* The same for a whole hand: nmelds melds count as formed and their copies lower the limits. */
void ref_hand_mtw_table(const jong_hand *h, int cmax, int out[]);
int ref_hand_blocks(const jong_hand *h);

/* ---- whole hands (declared melds lower the limits and the sets still to form) ------------- */

int ref_variant_sets(jong_variant v);
/* Copies of each kind inside the declared melds. */
void ref_meld_copies(const jong_hand *h, uint8_t out[JONG_KINDS]);
int ref_concealed_count(const jong_hand *h);
/* Sets the concealed part must still form. */
int ref_sets_needed(const jong_hand *h, jong_variant v);
/* Whether the seven-pairs / thirteen-orphans forms apply to a hand: no declared melds, 4 sets
 * needed, 13 or 14 concealed tiles. */
bool ref_special_forms_apply(const jong_hand *h, jong_variant v);
/* Least distance (shanten + 1) over the allowed forms that apply. */
int ref_hand_distance(const jong_hand *h, jong_variant v, jong_forms forms);
/* Shanten over the allowed forms; out (may be NULL) gets each form, JONG_UNDEFINED where a
 * form is not allowed or does not apply. */
int ref_hand_shanten(const jong_hand *h, jong_variant v, jong_forms forms, jong_shanten3 *out);
bool ref_is_complete(const jong_hand *h, jong_variant v, jong_forms forms);
/* Kinds t (bit t) with a copy left (hand + melds < 4) whose draw completes the hand. */
uint64_t ref_waits(const jong_hand *h, jong_variant v, jong_forms forms);
/* Kinds whose draw lowers the best distance, with the unseen copies of each
 * (4 - hand - melds - seen, at least 0). seen may be NULL. Returns out->total. */
int ref_effective_tiles(const jong_hand *h, jong_variant v, jong_forms forms,
                        const uint8_t seen[JONG_KINDS], jong_ukeire *out);
/* One row per distinct kind held (3N+2 tiles): shanten and effective tiles after discarding it,
 * sorted by shanten, then effective-tile total descending, then kind. The discarded tile counts
 * as seen (it lies in the discards), so unseen copies exclude all 3N+2 tiles. Returns the row
 * count. */
int ref_discard_table(const jong_hand *h, jong_variant v, jong_forms forms,
                      const uint8_t seen[JONG_KINDS], jong_discard_option out[JONG_KINDS]);

/* ---- decompositions ----------------------------------------------------------------------- */

/* Every distinct reading of the counts as `sets` sets plus a pair (sets sorted by ref_set_key),
 * then the seven-pairs and thirteen-orphans readings
 * when `forms` allows them and sets == 4 with 14 tiles. Writes at most max entries; returns the
 * total found. Found by brute force over multisets of the 55 possible sets. */
int ref_decompose(const uint8_t counts[JONG_KINDS], int sets, jong_forms forms,
                  jong_decomposition *out, int max);
/* Orders sets inside a decomposition: by lowest kind, then chow before pung. */
int ref_set_key(int type, int tile);
/* Puts a decomposition in canonical form (sets sorted by ref_set_key, unused fields zeroed)
 * so two readings can be compared with memcmp. */
void ref_decomposition_canonical(jong_decomposition *d);

/* ---- notation for tests (independent of the library's parser) ----------------------------- */

/* Parses digits followed by a suit letter (m/w, p/t, s, z; 0 = a five), spaces ignored.
 * Returns the number of tiles, or -1 on a syntax error or a fifth copy. */
int ref_parse_counts(const char *text, uint8_t counts[JONG_KINDS]);
/* Writes counts as 123m456p789s11z; returns buf. */
char *ref_format_counts(const uint8_t counts[JONG_KINDS], char *buf, size_t n);
/* Writes a hand: concealed counts, then each meld in brackets. */
char *ref_format_hand(const jong_hand *h, char *buf, size_t n);

#endif
