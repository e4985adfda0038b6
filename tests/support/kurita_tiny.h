/* Chance parameters and win values of the tiny walls on which tests/test_kurita.c and
 * tests/test_kurita_calls.c check the kurita solver against a recursive expectimax. */
#ifndef JONG_TEST_KURITA_TINY_H
#define JONG_TEST_KURITA_TINY_H

#include "players/kurita/kurita.h"
#include "support/random_hands.h"

/* Uniform in [0, 1). */
double kt_unit(rh_rng *r);
/* Closed wins: refused ("no yaku") on a ron of a kind divisible by 3 without riichi. */
double kt_win(void *ctx, const uint8_t counts13[JONG_KINDS], int tile, bool tsumo, bool riichi);
/* Open wins: refused on odd kinds, else a value that depends on the melds. */
double kt_win_open(void *ctx, const uint8_t counts[JONG_KINDS], const uint8_t *melds, int nmelds, int tile,
                   bool tsumo);
/* Random risks, other wins, washouts and draw weights 1-3 over the first `kinds` kinds. */
void kt_params(rh_rng *r, jong_ku_params *pr, int horizon, int kinds);
/* One set and a pair: 5 tiles over the first kinds (at most 2 of a kind), draw weights cut to
 * the copies left, avail = the weights. */
void kt_wall(rh_rng *r, jong_ku_params *pr, int kinds, uint8_t c14[JONG_KINDS], uint8_t avail[JONG_KINDS]);
/* A near-complete 14-tile hand (four sets), the copies left of each kind (one fewer now and then)
 * and a path bound l (the least shanten, plus one on even cases below shanten 2, at most 2);
 * returns the least shanten after a discard (-1: complete). */
int kt_real_case(rh_rng *r, int c, uint8_t c14[JONG_KINDS], uint8_t avail[JONG_KINDS], int *l);

#endif
