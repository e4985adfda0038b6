/* Random hands for the property tests. Every generator takes its tiles from an rh_wall, so the
 * four-copy limit holds by construction, melds included. */
#include "support/random_hands.h"

#include <string.h>

/* ---- PRNG: splitmix64 (one 64-bit state, passes BigCrush, trivially seedable) ------------ */

void rh_seed(rh_rng *r, uint64_t seed) { r->state = seed; }

uint64_t rh_next(rh_rng *r)
{
    uint64_t z = (r->state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

uint32_t rh_below(rh_rng *r, uint32_t n)
{
    /* Reject the top sliver of the 64-bit range that would make some results more likely. */
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do
        x = rh_next(r);
    while (x >= limit);
    return (uint32_t)(x % n);
}

/* ---- the wall ---------------------------------------------------------------------------- */

void rh_wall_full(rh_wall *w)
{
    memset(w->left, 4, sizeof w->left);
    w->total = 4 * JONG_KINDS;
}

int rh_wall_draw_range(rh_rng *r, rh_wall *w, int first, int last)
{
    int n = 0;
    for (int k = first; k <= last; k++)
        n += w->left[k];
    if (n == 0)
        return JONG_NO_TILE;
    int pick = (int)rh_below(r, (uint32_t)n);
    for (int k = first; k <= last; k++) {
        if (pick < w->left[k]) {
            w->left[k]--;
            w->total--;
            return k;
        }
        pick -= w->left[k];
    }
    return JONG_NO_TILE; /* not reached: pick < n */
}

int rh_wall_draw(rh_rng *r, rh_wall *w) { return rh_wall_draw_range(r, w, 0, JONG_KINDS - 1); }

bool rh_wall_take(rh_wall *w, int kind, int copies)
{
    if (w->left[kind] < copies)
        return false;
    w->left[kind] = (uint8_t)(w->left[kind] - copies);
    w->total -= copies;
    return true;
}

void rh_wall_put(rh_wall *w, int kind, int copies)
{
    w->left[kind] = (uint8_t)(w->left[kind] + copies);
    w->total += copies;
}

/* ---- helpers on count vectors -------------------------------------------------------------- */

static int total_tiles(const uint8_t counts[JONG_KINDS])
{
    int n = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        n += counts[k];
    return n;
}

/* Moves one uniformly chosen tile of the hand back to the wall. */
static void return_random_tile(rh_rng *r, rh_wall *w, uint8_t counts[JONG_KINDS])
{
    int n = total_tiles(counts);
    if (n == 0)
        return;
    int pick = (int)rh_below(r, (uint32_t)n);
    for (int k = 0; k < JONG_KINDS; k++) {
        if (pick < counts[k]) {
            counts[k]--;
            rh_wall_put(w, k, 1);
            return;
        }
        pick -= counts[k];
    }
}

/* Draws into the hand from kinds first..last, falling back to the whole wall when that range
 * is exhausted (melds may have taken it). */
static void draw_into(rh_rng *r, rh_wall *w, int first, int last, uint8_t counts[JONG_KINDS])
{
    int k = rh_wall_draw_range(r, w, first, last);
    if (k == JONG_NO_TILE)
        k = rh_wall_draw(r, w);
    if (k != JONG_NO_TILE)
        counts[k]++;
}

/* Brings the hand to exactly n tiles. */
static void fit_size(rh_rng *r, rh_wall *w, int n, int first, int last, uint8_t counts[JONG_KINDS])
{
    while (total_tiles(counts) > n)
        return_random_tile(r, w, counts);
    while (total_tiles(counts) < n && w->total > 0)
        draw_into(r, w, first, last, counts);
}

/* ---- generators ------------------------------------------------------------------------------ */

void rh_uniform_from(rh_rng *r, rh_wall *w, int n, uint8_t counts[JONG_KINDS])
{
    memset(counts, 0, JONG_KINDS);
    fit_size(r, w, n, 0, JONG_KINDS - 1, counts);
}

void rh_uniform(rh_rng *r, int n, uint8_t counts[JONG_KINDS])
{
    rh_wall w;
    rh_wall_full(&w);
    rh_uniform_from(r, &w, n, counts);
}

static int random_kind(rh_rng *r, int first, int last)
{
    return first + (int)rh_below(r, (uint32_t)(last - first + 1));
}

/* Takes one random set with all kinds in first..last out of the wall into the hand. Chows are
 * preferred a little, as in real hands. Returns false if a few tries found none. */
static bool add_random_set(rh_rng *r, rh_wall *w, int first, int last, uint8_t counts[JONG_KINDS])
{
    for (int attempt = 0; attempt < 64; attempt++) {
        int k = random_kind(r, first, last);
        bool chow = k < JONG_NUMBER_KINDS && rh_below(r, 5) < 3;
        if (chow) {
            if (k % 9 > 6 || k + 2 > last || !w->left[k] || !w->left[k + 1] || !w->left[k + 2])
                continue;
            for (int j = 0; j < 3; j++)
                rh_wall_take(w, k + j, 1), counts[k + j]++;
            return true;
        }
        if (rh_wall_take(w, k, 3)) {
            counts[k] += 3;
            return true;
        }
    }
    return false;
}

static bool add_random_pair(rh_rng *r, rh_wall *w, int first, int last, uint8_t counts[JONG_KINDS])
{
    for (int attempt = 0; attempt < 64; attempt++) {
        int k = random_kind(r, first, last);
        if (rh_wall_take(w, k, 2)) {
            counts[k] += 2;
            return true;
        }
    }
    return false;
}

/* A complete-looking hand from kinds first..last, cut to n tiles, then 0..max_swaps tiles
 * swapped. */
static void near_complete_range(rh_rng *r, rh_wall *w, int sets, int n, int first, int last,
                                int max_swaps, uint8_t counts[JONG_KINDS])
{
    memset(counts, 0, JONG_KINDS);
    add_random_pair(r, w, first, last, counts);
    for (int i = 0; i < sets; i++)
        add_random_set(r, w, first, last, counts);
    fit_size(r, w, n, first, last, counts);
    int swaps = (int)rh_below(r, (uint32_t)max_swaps + 1);
    for (int i = 0; i < swaps; i++) {
        return_random_tile(r, w, counts);
        draw_into(r, w, first, last, counts);
    }
}

void rh_near_complete_from(rh_rng *r, rh_wall *w, int sets, int n, uint8_t counts[JONG_KINDS])
{
    near_complete_range(r, w, sets, n, 0, JONG_KINDS - 1, 3, counts);
}

void rh_near_complete(rh_rng *r, int sets, int n, uint8_t counts[JONG_KINDS])
{
    rh_wall w;
    rh_wall_full(&w);
    rh_near_complete_from(r, &w, sets, n, counts);
}

void rh_one_suit_from(rh_rng *r, rh_wall *w, int n, uint8_t counts[JONG_KINDS])
{
    int first = 9 * (int)rh_below(r, 3), last = first + 8;
    memset(counts, 0, JONG_KINDS);
    switch (rh_below(r, 3)) {
    case 0: /* all tiles of one suit */
        fit_size(r, w, n, first, last, counts);
        break;
    case 1: /* mostly one suit, about one tile in eight from anywhere (honors included) */
        for (int i = 0; i < n; i++) {
            if (rh_below(r, 8) == 0)
                draw_into(r, w, 0, JONG_KINDS - 1, counts);
            else
                draw_into(r, w, first, last, counts);
        }
        break;
    default: /* a near-complete full flush: long runs of ready shapes with many waits */
        near_complete_range(r, w, n / 3, n, first, last, 3, counts);
        break;
    }
}

void rh_one_suit(rh_rng *r, int n, uint8_t counts[JONG_KINDS])
{
    rh_wall w;
    rh_wall_full(&w);
    rh_one_suit_from(r, &w, n, counts);
}

/* Swaps 0..2 hand tiles for wall tiles, mostly from kinds first..last. */
static void swap_some(rh_rng *r, rh_wall *w, int first, int last, uint8_t counts[JONG_KINDS])
{
    int swaps = (int)rh_below(r, 3);
    for (int i = 0; i < swaps; i++) {
        return_random_tile(r, w, counts);
        if (rh_below(r, 4) == 0)
            draw_into(r, w, 0, JONG_KINDS - 1, counts);
        else
            draw_into(r, w, first, last, counts);
    }
}

void rh_seven_pairs(rh_rng *r, int n, uint8_t counts[JONG_KINDS])
{
    rh_wall w;
    rh_wall_full(&w);
    memset(counts, 0, JONG_KINDS);
    /* Pairs within one suit (1122 33...) also read as chows, which is what tests the split
     * between the standard and the seven-pairs readings. */
    bool one_suit = rh_below(r, 2) == 0;
    int first = one_suit ? 9 * (int)rh_below(r, 3) : 0, last = one_suit ? first + 8 : JONG_KINDS - 1;
    for (int pairs = 0; pairs < 7;) {
        int k = random_kind(r, first, last);
        if (counts[k] == 0 && rh_wall_take(&w, k, 2))
            counts[k] = 2, pairs++;
    }
    fit_size(r, &w, n, first, last, counts);
    swap_some(r, &w, first, last, counts);
}

void rh_thirteen_orphans(rh_rng *r, int n, uint8_t counts[JONG_KINDS])
{
    rh_wall w;
    rh_wall_full(&w);
    memset(counts, 0, JONG_KINDS);
    int orphans[13], m = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        if (k >= JONG_NUMBER_KINDS || k % 9 == 0 || k % 9 == 8)
            orphans[m++] = k;
    for (int i = 0; i < 13; i++)
        rh_wall_take(&w, orphans[i], 1), counts[orphans[i]]++;
    int extra = orphans[rh_below(r, 13)];
    rh_wall_take(&w, extra, 1);
    counts[extra]++;
    fit_size(r, &w, n, 0, JONG_KINDS - 1, counts);
    swap_some(r, &w, 0, JONG_KINDS - 1, counts);
}

void rh_complete(rh_rng *r, int sets, bool one_suit, uint8_t counts[JONG_KINDS])
{
    rh_wall w;
    rh_wall_full(&w);
    int first = one_suit ? 9 * (int)rh_below(r, 3) : 0, last = one_suit ? first + 8 : JONG_KINDS - 1;
    near_complete_range(r, &w, sets, 3 * sets + 2, first, last, 0, counts);
}

/* ---- hands with declared melds ---------------------------------------------------------------- */

/* Takes one random meld out of the wall; false if a few tries found none. */
static bool add_random_meld(rh_rng *r, rh_wall *w, jong_meld *m)
{
    for (int attempt = 0; attempt < 64; attempt++) {
        uint32_t roll = rh_below(r, 10);
        int k = (int)rh_below(r, JONG_KINDS);
        m->red = 0;
        m->tile = (uint8_t)k;
        if (roll < 4) { /* chow */
            if (k >= JONG_NUMBER_KINDS || k % 9 > 6 || !w->left[k] || !w->left[k + 1] ||
                !w->left[k + 2])
                continue;
            for (int j = 0; j < 3; j++)
                rh_wall_take(w, k + j, 1);
            m->type = JONG_MELD_CHOW;
            return true;
        }
        int copies = roll < 7 ? 3 : 4;
        if (!rh_wall_take(w, k, copies))
            continue;
        m->type = copies == 3 ? JONG_MELD_PUNG : roll < 9 ? JONG_MELD_KONG : JONG_MELD_CONCEALED_KONG;
        return true;
    }
    return false;
}

void rh_hand_with_melds(rh_rng *r, jong_variant v, int nmelds, bool drawn, rh_style style,
                        jong_hand *out)
{
    memset(out, 0, sizeof *out);
    rh_wall w;
    rh_wall_full(&w);
    int sets = v == JONG_VARIANT_TAIWAN ? 5 : 4;
    if (nmelds > sets)
        nmelds = sets;
    for (int i = 0; i < nmelds; i++)
        if (add_random_meld(r, &w, &out->melds[out->nmelds]))
            out->nmelds++;
    int left = sets - out->nmelds;
    int n = 3 * left + 1 + (drawn ? 1 : 0);
    switch (style) {
    case RH_NEAR_COMPLETE:
        rh_near_complete_from(r, &w, left, n, out->counts);
        break;
    case RH_ONE_SUIT:
        rh_one_suit_from(r, &w, n, out->counts);
        break;
    default:
        rh_uniform_from(r, &w, n, out->counts);
        break;
    }
}
