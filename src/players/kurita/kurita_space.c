/* The reduced set of hands of the MDP search (jong/kurita.h): 13-tile hands on exchange walks of
 * length <= l from the current hand to a tenpai hand. A hand h lies on such a walk iff
 * dist(h) + shanten(h) <= l, where dist is the tiles h holds beyond the current 14 (walk there by
 * exchanges, then on to the nearest tenpai hand). Because shanten changes by at most one per
 * exchange, every hand on a shortest walk to h satisfies the bound as well, so a breadth-first
 * expansion that only expands hands within the bound finds them all. Each expansion of a hand
 * tries every draw u and every discard x, their shanten read from one jong_discard_shanten and
 * one jong_discard_draws call on the hand. */
#include <stdlib.h>
#include <string.h>

#include "jong/eval.h"
#include "kurita.h"
#include "kurita_space_internal.h"

/* The key of a state: a sum of one random word per tile held and per meld slot. A sum, so that
 * an exchange updates it in two additions (the expansion below never rehashes a whole hand);
 * equal keys are still compared tile by tile, so a collision costs time, never a wrong state. */
static const uint64_t tile_key[JONG_KINDS + JONG_KU_MAX_CALLS] = {
    0x910a2dec89025cc1ull, 0x21f1c19d970458caull, 0xa5c14a6d8fb81df5ull, 0x5f58ef558d2a35abull,
    0x7bad98e0681eec4aull, 0x608cdc743d605d33ull, 0x5df3d3dc67a5fae9ull, 0xb8a8f8f4c7dd1283ull,
    0xa95b32e6ea29fe40ull, 0xf4603320bf4d9481ull, 0xf9ec761b1a662761ull, 0xe26cf6efc83e2eaaull,
    0x25226b0335e7f195ull, 0x3fa01305a5e0454dull, 0x05174c9fc8e2fdaaull, 0x090fb731aba30e2cull,
    0xdb20e2e8057a3e03ull, 0xe1a888689331f18full, 0x1a18dbf7b9dc7cbcull, 0x872a82fb4aeb633eull,
    0x97915cc2c8d79e78ull, 0x44a0e02eff6810fdull, 0x6a3251c7e0b4ace1ull, 0x7ce88233d824c6d0ull,
    0xd59f36ebfbc10c4aull, 0xca158eddaea5ae6dull, 0x95c7afb1e10cc083ull, 0xe56120af29492f46ull,
    0x1ff76aab584dbe6bull, 0x91a641002e1ee2d4ull, 0x10d8850c48cfd084ull, 0xc2d4c6205bb37733ull,
    0x37a83c95f6495526ull, 0x8ab236c3651588e9ull, 0x170c17677123f426ull, 0xdc007d2824790936ull,
    0x714786a8b1bb6d41ull, 0x41f03aad3c24e34aull,
};

uint64_t ku_space_key(const uint8_t c[JONG_KINDS], const uint8_t *melds, int nm)
{
    uint64_t h = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        h += c[k] * tile_key[k];
    for (int m = 0; m < nm; m++)
        h += (uint64_t)(melds[m] + 1) * tile_key[JONG_KINDS + m];
    return h;
}

/* The slot of the state (counts, melds; key its ku_space_key), holding its index + 1, or 0 when
 * the slot is free. */
static uint32_t *probe(const jong_ku_space *s, const uint8_t c[JONG_KINDS], const uint8_t *melds, int nm, uint64_t key)
{
    uint32_t mask = s->nslots - 1;
    for (uint32_t i = (uint32_t)((key * 0x9e3779b97f4a7c15ull) >> 32) & mask;; i = (i + 1) & mask) {
        uint32_t v = s->slots[i];
        if (!v || (s->keys[v - 1] == key && s->nmelds[v - 1] == nm && !memcmp(s->counts[v - 1], c, JONG_KINDS) &&
                   (!nm || !memcmp(s->melds[v - 1], melds, (size_t)nm))))
            return &s->slots[i];
    }
}

int jong_ku_space_find_open(const jong_ku_space *s, const uint8_t counts[JONG_KINDS], const uint8_t *melds, int nmelds)
{
    return (int)*probe(s, counts, melds, nmelds, ku_space_key(counts, melds, nmelds)) - 1;
}

int jong_ku_space_find(const jong_ku_space *s, const uint8_t counts[JONG_KINDS])
{
    return jong_ku_space_find_open(s, counts, NULL, 0);
}

/* realloc of *p to n items of size sz; false when out of memory (*p left as it was) */
static bool grow(void *p, size_t n, size_t sz)
{
    void *a = realloc(*(void **)p, n * sz);
    if (a)
        *(void **)p = a;
    return a != NULL;
}

int ku_space_add_state(jong_ku_space *s, const uint8_t c[JONG_KINDS], const uint8_t *melds, int nm, uint64_t key,
                       int total, int sets, int d, int max_hands)
{
    uint32_t *slot = probe(s, c, melds, nm, key);
    if (*slot)
        return (int)*slot - 1;
    if (s->n >= max_hands) {
        s->truncated = true;
        return -1;
    }
    int n = s->n, cap = s->cap;
    if (n >= cap) {
        int c2 = cap ? cap * 2 : 1024;
        if (c2 > max_hands)
            c2 = max_hands;
        size_t z = (size_t)c2;
        if (!grow(&s->counts, z, JONG_KINDS) || !grow(&s->shanten, z, 1) || !grow(&s->dist, z, 1) ||
            !grow(&s->waits, z, sizeof *s->waits) || !grow(&s->keys, z, sizeof *s->keys) ||
            !grow(&s->nmelds, z, 1) ||
            !grow(&s->melds, z, JONG_KU_MAX_CALLS) || !grow(&s->total, z, sizeof *s->total) ||
            !grow(&s->edge_start, z + 1, sizeof *s->edge_start) ||
            (s->call_start && !grow(&s->call_start, z + 1, sizeof *s->call_start)))
            return -1;
        s->cap = c2;
    }
    memcpy(s->counts[n], c, JONG_KINDS);
    memset(s->melds[n], 0, JONG_KU_MAX_CALLS);
    if (nm)
        memcpy(s->melds[n], melds, (size_t)nm);
    s->nmelds[n] = (uint8_t)nm;
    s->keys[n] = key;
    s->total[n] = total < 0 ? n : total;
    int sh = jong_shanten_standard(c, sets - nm);
    s->shanten[n] = (int8_t)sh;
    s->dist[n] = (uint8_t)d;
    s->waits[n] = 0;
    if (sh == 0) {
        int dist;
        uint64_t w = jong_lowering_draws(c, sets - nm, (1ull << JONG_KINDS) - 1, &dist);
        s->waits[n] = dist == 1 ? w : 0;
    }
    *slot = (uint32_t)n + 1;
    s->n = n + 1;
    return n;
}

/* Values of a shanten less an extra copy, plus one (kurita_space_build): 0..KU_BASES-1, the last
 * one meaning "that or more" (far beyond any bound l <= 6). */
#define KU_BASES 16

/* A closed hand (its key, dist d), inserted when new; -1 when full or out of memory. */
static int find_or_add(jong_ku_space *s, const uint8_t c[JONG_KINDS], uint64_t key, int sets, int d, int max_hands)
{
    return ku_space_add_state(s, c, NULL, 0, key, -1, sets, d, max_hands);
}

int ku_space_add_edge(jong_ku_space *s, int u, int x, int to)
{
    int cap = s->edge_cap;
    if (s->nedges >= cap) {
        int c2 = cap ? cap * 2 : 4096;
        if (!grow(&s->edge_draw, (size_t)c2, 1) || !grow(&s->edge_discard, (size_t)c2, 1) ||
            !grow(&s->edge_to, (size_t)c2, sizeof *s->edge_to))
            return -1;
        s->edge_cap = c2;
    }
    s->edge_draw[s->nedges] = (uint8_t)u;
    s->edge_discard[s->nedges] = (uint8_t)x;
    s->edge_to[s->nedges] = to;
    s->nedges++;
    return 0;
}

int ku_space_add_call(jong_ku_space *s, int t, int meld, int x, int to)
{
    int cap = s->call_cap;
    if (s->ncalls >= cap) {
        int c2 = cap ? cap * 2 : 4096;
        if (!grow(&s->call_taken, (size_t)c2, 1) || !grow(&s->call_meld, (size_t)c2, 1) ||
            !grow(&s->call_discard, (size_t)c2, 1) || !grow(&s->call_to, (size_t)c2, sizeof *s->call_to))
            return -1;
        s->call_cap = c2;
    }
    s->call_taken[s->ncalls] = (uint8_t)t;
    s->call_meld[s->ncalls] = (uint8_t)meld;
    s->call_discard[s->ncalls] = (uint8_t)x;
    s->call_to[s->ncalls] = to;
    s->ncalls++;
    return 0;
}

void jong_ku_space_free(jong_ku_space *s)
{
    free(s->counts);
    free(s->shanten);
    free(s->dist);
    free(s->waits);
    free(s->keys);
    free(s->nmelds);
    free(s->melds);
    free(s->total);
    free(s->edge_start);
    free(s->call_start);
    free(s->call_taken);
    free(s->call_meld);
    free(s->call_discard);
    free(s->call_to);
    free(s->edge_draw);
    free(s->edge_discard);
    free(s->edge_to);
    free(s->slots);
    memset(s, 0, sizeof *s);
}

int jong_ku_space_build(jong_ku_space *s, const uint8_t c14[JONG_KINDS], int sets, const uint8_t avail[JONG_KINDS],
                        int l, int max_hands, jong_error *err)
{
    memset(s, 0, sizeof *s);
    if (max_hands < JONG_KINDS)
        max_hands = JONG_KINDS;
    uint32_t slots = 1024;
    while (slots < (uint32_t)max_hands * 2u)
        slots *= 2;
    s->nslots = slots;
    s->slots = calloc(slots, sizeof *s->slots);
    if (!s->slots)
        return jong_error_set(err, JONG_ERR_IO, -1, "kurita: out of memory");
    uint8_t top[JONG_KINDS]; /* copies of each kind a hand may hold */
    for (int k = 0; k < JONG_KINDS; k++) {
        int t = c14[k] + avail[k];
        top[k] = (uint8_t)(t > 4 ? 4 : t);
    }
    uint8_t c[JONG_KINDS];
    memcpy(c, c14, sizeof c);
    int tiles = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        tiles += c14[k];
    if (tiles % 3 == 1) { /* a hand between turns: itself is the one root */
        if (find_or_add(s, c, ku_space_key(c, NULL, 0), sets, 0, max_hands) < 0)
            goto oom;
        s->root_kind[s->nroots++] = JONG_NO_TILE;
    }
    for (int x = 0; x < JONG_KINDS && tiles % 3 != 1; x++) {
        if (!c14[x])
            continue;
        c[x]--;
        int i = find_or_add(s, c, ku_space_key(c, NULL, 0), sets, 0, max_hands);
        c[x]++;
        if (i < 0)
            goto oom;
        s->root_kind[s->nroots++] = (uint8_t)x;
    }
    s->truncated = false;
    for (int i = 0; i < s->n; i++) {
        s->edge_start[i] = s->nedges;
        int d = s->dist[i];
        if (d + s->shanten[i] > l)
            continue;
        uint8_t h[JONG_KINDS];
        memcpy(h, s->counts[i], sizeof h);
        /* shanten(h + u - x) for every draw u and held x from two calls: the shanten of h - x,
         * less one when u lowers it (one more tile lowers the distance by one at most). With
         * base[x] = that shanten less x's own extra copy, x stays within the bound after draw u
         * iff base[x] <= l - du, or base[x] = l - du + 1 and u lowers h - x: the kinds that do
         * are found as bitsets, in ascending order as the edges are listed. */
        int sh_less[JONG_KINDS];
        uint64_t lowers[JONG_KINDS], held = 0, draws = 0;
        jong_discard_shanten(h, sets, sh_less, NULL);
        for (int k = 0; k < JONG_KINDS; k++) {
            held |= (uint64_t)(h[k] > 0) << k;
            draws |= (uint64_t)(h[k] < top[k]) << k;
        }
        jong_discard_draws(h, sets, held, draws, lowers);
        uint64_t with_base[KU_BASES] = {0}, lowered_by[JONG_KINDS] = {0};
        for (uint64_t m = held; m; m &= m - 1) {
            int x = __builtin_ctzll(m);
            int b = sh_less[x] - (h[x] > c14[x]) + 1; /* >= 1: 3 sets tiles are 1-shanten at best */
            with_base[b < KU_BASES ? b : KU_BASES - 1] |= 1ull << x;
            for (uint64_t w = lowers[x]; w; w &= w - 1)
                lowered_by[__builtin_ctzll(w)] |= 1ull << x;
        }
        for (int u = 0; u < JONG_KINDS; u++) {
            if (h[u] >= top[u])
                continue;
            h[u]++;
            uint64_t key_u = s->keys[i] + tile_key[u];
            int du = d + (h[u] > c14[u]);
            int lim = l - du + 1; /* in base + 1 units */
            uint64_t within = 0;
            for (int b = 0; b <= lim && b < KU_BASES; b++)
                within |= with_base[b];
            if (lim + 1 >= 0 && lim + 1 < KU_BASES)
                within |= with_base[lim + 1] & lowered_by[u];
            for (uint64_t m = within & ~(1ull << u); m; m &= m - 1) {
                int x = __builtin_ctzll(m);
                int nd = du - (h[x] > c14[x]);
                h[x]--;
                int j = find_or_add(s, h, key_u - tile_key[x], sets, nd, max_hands);
                h[x]++;
                if (j < 0) {
                    if (s->truncated)
                        continue;
                    goto oom;
                }
                if (ku_space_add_edge(s, u, x, j))
                    goto oom;
            }
            h[u]--;
        }
    }
    s->edge_start[s->n] = s->nedges;
    s->nclosed = s->n;
    s->sets = sets;
    return JONG_OK;
oom:
    jong_ku_space_free(s);
    return jong_error_set(err, JONG_ERR_IO, -1, "kurita: out of memory");
}
