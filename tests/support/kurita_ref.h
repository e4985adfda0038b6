/* A plain recursive expectimax of the kurita inclusive-policy MDP (docs/experiments/kurita.md,
 * M1-M7), written from the equations and sharing no code with the solver, for the tests that
 * check jong_ku_solve on tiny walls (tests/test_kurita.c, tests/test_kurita_calls.c). States are
 * concealed tiles with the melds revealed in the search; with a space given, moves are limited
 * to those between totals within its bound, as the solver's are. */
#ifndef JONG_TEST_KURITA_REF_H
#define JONG_TEST_KURITA_REF_H

#include <stdbool.h>
#include <stdint.h>

#include "players/kurita/kurita.h"

typedef struct {
    const jong_ku_params *pr;
    const uint8_t *c14;        /* the hand of the decision (draw weights are relative to it) */
    int sets, k;               /* sets of the closed hands; melds the search may reveal */
    const jong_ku_space *s;    /* NULL: every move allowed */
    int l;                     /* the bound of closed moves */
    int lk;                    /* the bound of calls and of open states' draws (<= l) */
    long edge_mismatches;      /* closed moves allowed here but missing from s's edges, or the reverse */
} kr_ctx;

typedef struct {
    uint8_t c[JONG_KINDS];     /* concealed tiles */
    uint8_t melds[JONG_KU_MAX_CALLS]; /* sorted meld codes (jong/kurita.h) */
    int nm;
} kr_state;

/* A(state, n): after p's n-th discard survived, with or without riichi. */
double kr_A(kr_ctx *x, const kr_state *st, int n, bool riichi);
/* The same for a closed hand. */
double kr_closed_A(kr_ctx *x, const uint8_t h[JONG_KINDS], int n, bool riichi);

/* Melds, written again: the kinds of code m, whether m is a meld, whether c holds it, laying it
 * down (sign 1) or back (-1), and kuikae (may x be discarded after taking t into m?). */
void kr_meld_kinds(int m, int out[3]);
bool kr_is_meld(int m);
bool kr_holds(const uint8_t c[JONG_KINDS], int m);
void kr_lay(uint8_t c[JONG_KINDS], int m, int sign);
bool kr_banned(int m, int t, int x);
/* Is T a closed member of s within bound l? */
bool kr_member_within(const jong_ku_space *s, const uint8_t T[JONG_KINDS], int l);

#endif
