/* SIMCAT's optimistic simulations: the single-player model (picks only) and the four-player
 * model (picks, pongs of any discard, chows of the upper player's discard), and the deal.
 *
 * A state is kept as its four table indices (suit_table.h: base 5 per group) packed in two
 * 64-bit words with its sets to form (simcat_sim_levels.h), so that a child is its parent plus a
 * constant of the round and the standard-form distance is four table reads and one min-plus
 * combination (combine.h); a child reads only the entry of the group it changed and keeps the
 * parent's three others. Each kept state also carries its counts packed 3 bits a kind (what a
 * child takes is then one AND) and bounds on its distance.
 *
 * Why the cut is exact: a round adds exactly one tile to the state (a pick, or a claimed discard
 * that then leaves as a meld together with two held tiles and one set fewer to form). Adding one
 * tile lowers the distance by at most one, and taking a complete meld out with one set fewer
 * never lowers it, so a state at distance d needs at least d more rounds; one farther than the
 * rounds left can never win and is dropped. The table distance ignores the copies locked in
 * melds, so it is a lower bound of the true distance, which keeps the cut safe; at distance 0
 * the hand is complete whatever the limits. Winning is kept by adding tiles (nothing is ever
 * discarded), so the first state at distance 0 decides the simulation.
 *
 * Why a child's distance d may be left uncomputed: the distance is the least number of tiles T
 * misses over targets T (the sets and a pair, at most 4 copies a kind). With the parent's d_p:
 * d >= d_p - 1 (above); a pick never raises it (every target misses no more), so d <= d_p; a claim
 * takes two held tiles and one set: dropping one set from the parent's best target leaves a
 * target for one set fewer that misses at most the two tiles taken besides, so d <= d_p + 2.
 * And a pick x completes a hand (d = 0, while d_p >= 1) only if x is not isolated (a complete
 * part of P + x without x would be one of P) and x's group entry gains a zero lane (a complete
 * split of P + x would otherwise be one of P). Kept states carry [lo, hi] bounds from these
 * (exact when computed); a child whose bounds say it
 * neither wins (lo >= 1) nor is cut (hi <= rounds left) is kept without its distance: the same
 * states, in the same order, the same answer. tests/test_simcat.c checks the bounds and the
 * states examined against the obvious expansion.
 *
 * The simulations are in simcat_sim_impl.h, compiled once per level of the CPU (core/cpu.h);
 * the two calls here run the level in use. */
#include "simcat.h"

#include <stdlib.h>
#include <string.h>

#include "core/cpu.h"
#include "core/suit_table.h"
#include "simcat_sim_levels.h"

bool jong_simcat_sim_sp(const uint8_t counts[JONG_KINDS], int sets, const uint8_t *tiles, int m)
{
    JONG_DISPATCH(jong_simcat_sim_sp, (counts, sets, tiles, m));
}

/* The packed-count mask of `bits` of kind k's count (simcat_info), on cnt[0] and cnt[1]. */
static void cnt_mask(int k, uint64_t bits, uint64_t m[2])
{
    int g = k < 27 ? k / 9 : 3;
    uint64_t x = bits << (32 * (g & 1) + SIMCAT_CNT_BITS * (k - 9 * g));
    m[0] = g < 2 ? x : 0;
    m[1] = g < 2 ? 0 : x;
}

static void kinds_init(simcat_kind kinds[JONG_KINDS])
{
    for (int k = 0; k < JONG_KINDS; k++) {
        simcat_kind *d = &kinds[k];
        uint8_t unit[JONG_KINDS] = {0};
        unit[k] = 1;
        int g = k < 27 ? k / 9 : 3;
        /* the key's words as simcat_sim_levels.h lays them out, for the counts of one copy */
        uint64_t idx = g < 3 ? jong_suit_index(unit + 9 * g) : jong_honor_index(unit + 27);
        d->key_lo = g == 0 ? idx : g == 1 ? idx << 32 : 0;
        d->key_hi = g == 2 ? idx : g == 3 ? idx << 32 : 0;
        uint64_t one[2];
        cnt_mask(k, 1, one);
        d->cnt0 = one[0];
        d->cnt1 = one[1];
        cnt_mask(k, 4, d->m4);
        cnt_mask(k, 6, d->m6);
        cnt_mask(k, 7, d->m7);
        d->near[0] = d->near[1] = 0;
        for (int x = k - 2; x <= k + 2; x++)
            if (x == k || (k < 27 && x >= 0 && x < 27 && x / 9 == k / 9)) {
                uint64_t m[2];
                cnt_mask(x, 7, m);
                d->near[0] |= m[0];
                d->near[1] |= m[1];
            }
        d->group = g;
    }
}

jong_simcat_work *jong_simcat_work_new(void)
{
    jong_simcat_work *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    kinds_init(w->kinds);
    w->cap = 1024;
    w->nslots = 4096;
    w->cur = malloc(sizeof(simcat_state) * (size_t)w->cap);
    w->next = malloc(sizeof(simcat_state) * (size_t)w->cap);
    w->cur_i = malloc(sizeof(simcat_info) * (size_t)w->cap);
    w->next_i = malloc(sizeof(simcat_info) * (size_t)w->cap);
    w->slot = calloc(w->nslots, sizeof(uint64_t));
    if (!w->cur || !w->next || !w->cur_i || !w->next_i || !w->slot) {
        jong_simcat_work_free(w);
        return NULL;
    }
    return w;
}

void jong_simcat_work_free(jong_simcat_work *w)
{
    if (!w)
        return;
    free(w->cur);
    free(w->next);
    free(w->cur_i);
    free(w->next_i);
    free(w->slot);
    free(w);
}

long jong_simcat_work_states(const jong_simcat_work *w) { return w->states; }

bool jong_simcat_sim_fp(jong_simcat_work *w, const uint8_t counts[JONG_KINDS], int sets,
                        const uint8_t *tiles, int m)
{
    JONG_DISPATCH(jong_simcat_sim_fp, (w, counts, sets, tiles, m));
}

/* jong_rng_below's rejection limit for n = 1..144 (a pool never holds more). */
#define DEAL_L1(n) (UINT64_MAX - UINT64_MAX % (uint64_t)(n))
#define DEAL_L4(n) DEAL_L1(n), DEAL_L1(n + 1), DEAL_L1(n + 2), DEAL_L1(n + 3)
#define DEAL_L16(n) DEAL_L4(n), DEAL_L4(n + 4), DEAL_L4(n + 8), DEAL_L4(n + 12)
static const uint64_t deal_limit[144] = {DEAL_L16(1),  DEAL_L16(17),  DEAL_L16(33),  DEAL_L16(49), DEAL_L16(65),
                                         DEAL_L16(81), DEAL_L16(97), DEAL_L16(113), DEAL_L16(129)};

void jong_simcat_deal(jong_rng *rng, const uint8_t pool[JONG_KINDS], uint8_t *scratch, uint8_t *tiles,
                      int n)
{
    int total = 0;
    for (int k = 0; k < JONG_KINDS; k++) { /* the pool in kind order, as the shuffle expects */
        memset(scratch + total, k, pool[k]);
        total += pool[k];
    }
    for (int j = 0; j < n && j < total; j++) { /* a partial Fisher-Yates shuffle */
        /* jong_rng_below(rng, total - j) with its rejection limit from a table (one 64-bit
         * division fewer per draw; the same numbers drawn, the same result) */
        uint32_t below = (uint32_t)(total - j);
        uint64_t limit = below <= 144 ? deal_limit[below - 1] : UINT64_MAX - UINT64_MAX % below, x;
        do
            x = jong_rng_next(rng);
        while (x >= limit);
        int r = j + (int)(x % below);
        uint8_t t = scratch[j];
        scratch[j] = scratch[r];
        scratch[r] = t;
        tiles[j] = scratch[j];
    }
}
