/* What the two builders of the kurita reduced set share (kurita_space.c: the closed hands;
 * kurita_calls.c: the states with melds revealed in the search). */
#ifndef JONG_KURITA_SPACE_INTERNAL_H
#define JONG_KURITA_SPACE_INTERNAL_H

#include "kurita.h"

/* The hash key of a state (concealed counts c, sorted melds): additive, so that an exchange of
 * u for x changes it by tile key u minus tile key x. */
uint64_t ku_space_key(const uint8_t c[JONG_KINDS], const uint8_t *melds, int nm);
/* Index of the state (concealed counts c, sorted melds, key its ku_space_key), inserting it when
 * new with its total hand (-1: itself), the sets its closed hands build and distance d; shanten
 * and waits are of the concealed tiles with sets - nm sets. -1 when the cap is reached
 * (truncated set) or out of memory. */
int ku_space_add_state(jong_ku_space *s, const uint8_t c[JONG_KINDS], const uint8_t *melds, int nm, uint64_t key,
                       int total, int sets, int d, int max_hands);
/* Appends draw edge (u, x, to) / call edge (t, meld, x, to) to the last state; -1 out of memory. */
int ku_space_add_edge(jong_ku_space *s, int u, int x, int to);
int ku_space_add_call(jong_ku_space *s, int t, int meld, int x, int to);

#endif
