/* SIMCAT's optimistic simulations: the single-player model (picks only) and the four-player
 * model (picks, pongs of any discard, chows of the upper player's discard), and the deal.
 *
 * A state is kept as its four table indices (suit_table.h: base 5 per group), so that adding or
 * removing a tile is one addition and the standard-form distance is four table reads and one
 * min-plus combination (combine.h); a child shares its parent's three other entries.
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
 * The simulations are in simcat_sim_impl.h, compiled once per level of the CPU (core/cpu.h);
 * the two calls here run the level in use. */
#include "simcat.h"

#include <stdlib.h>
#include <string.h>

#include "core/cpu.h"
#include "simcat_sim_levels.h"

bool jong_simcat_sim_sp(const uint8_t counts[JONG_KINDS], int sets, const uint8_t *tiles, int m)
{
    JONG_DISPATCH(jong_simcat_sim_sp, (counts, sets, tiles, m));
}

jong_simcat_work *jong_simcat_work_new(void)
{
    jong_simcat_work *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->cap = 1024;
    w->nslots = 4096;
    w->cur = malloc(sizeof(simcat_state) * (size_t)w->cap);
    w->next = malloc(sizeof(simcat_state) * (size_t)w->cap);
    w->slot_gen = calloc(w->nslots, sizeof(uint32_t));
    w->slot_idx = malloc(sizeof(uint32_t) * w->nslots);
    if (!w->cur || !w->next || !w->slot_gen || !w->slot_idx) {
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
    free(w->slot_gen);
    free(w->slot_idx);
    free(w);
}

long jong_simcat_work_states(const jong_simcat_work *w) { return w->states; }

bool jong_simcat_sim_fp(jong_simcat_work *w, const uint8_t counts[JONG_KINDS], int sets,
                        const uint8_t *tiles, int m)
{
    JONG_DISPATCH(jong_simcat_sim_fp, (w, counts, sets, tiles, m));
}

void jong_simcat_deal(jong_rng *rng, const uint8_t pool[JONG_KINDS], uint8_t *scratch, uint8_t *tiles,
                      int n)
{
    int total = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        for (int i = 0; i < pool[k]; i++)
            scratch[total++] = (uint8_t)k;
    for (int j = 0; j < n && j < total; j++) { /* a partial Fisher-Yates shuffle */
        int r = j + (int)jong_rng_below(rng, (uint32_t)(total - j));
        uint8_t t = scratch[j];
        scratch[j] = scratch[r];
        scratch[r] = t;
        tiles[j] = scratch[j];
    }
}
