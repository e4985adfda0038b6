/* The reduced set of hands of the MDP search (jong/kurita.h): 13-tile hands on exchange walks of
 * length <= l from the current hand to a tenpai hand. A hand h lies on such a walk iff
 * dist(h) + shanten(h) <= l, where dist is the tiles h holds beyond the current 14 (walk there by
 * exchanges, then on to the nearest tenpai hand). Because shanten changes by at most one per
 * exchange, every hand on a shortest walk to h satisfies the bound as well, so a breadth-first
 * expansion that only expands hands within the bound finds them all. Each expansion of a hand
 * tries every draw u and reads the shanten of every discard from one jong_discard_shanten call. */
#include <stdlib.h>
#include <string.h>

#include "jong/eval.h"
#include "jong/kurita.h"

static uint64_t hand_hash(const uint8_t c[JONG_KINDS])
{
    uint64_t h = 1469598103934665603ull;
    for (int k = 0; k < JONG_KINDS; k++)
        h = (h ^ c[k]) * 1099511628211ull;
    return h ^ h >> 29;
}

int jong_ku_space_find(const jong_ku_space *s, const uint8_t counts[JONG_KINDS])
{
    uint32_t mask = s->nslots - 1;
    for (uint32_t i = (uint32_t)hand_hash(counts) & mask;; i = (i + 1) & mask) {
        uint32_t v = s->slots[i];
        if (!v)
            return -1;
        if (!memcmp(s->counts[v - 1], counts, JONG_KINDS))
            return (int)v - 1;
    }
}

/* Index of counts, inserting it (shanten sh, dist d) when new; -1 when full or out of memory. */
static int find_or_add(jong_ku_space *s, const uint8_t c[JONG_KINDS], int sets, int d, int max_hands)
{
    uint32_t mask = s->nslots - 1;
    uint32_t i = (uint32_t)hand_hash(c) & mask;
    for (;; i = (i + 1) & mask) {
        uint32_t v = s->slots[i];
        if (!v)
            break;
        if (!memcmp(s->counts[v - 1], c, JONG_KINDS))
            return (int)v - 1;
    }
    if (s->n >= max_hands) {
        s->truncated = true;
        return -1;
    }
    int n = s->n, cap = s->cap;
    if (n >= cap) {
        int c2 = cap ? cap * 2 : 1024;
        if (c2 > max_hands)
            c2 = max_hands;
        void *a = realloc(s->counts, (size_t)c2 * JONG_KINDS);
        if (!a)
            return -1;
        s->counts = a;
        if (!(a = realloc(s->shanten, (size_t)c2)))
            return -1;
        s->shanten = a;
        if (!(a = realloc(s->dist, (size_t)c2)))
            return -1;
        s->dist = a;
        if (!(a = realloc(s->waits, (size_t)c2 * sizeof *s->waits)))
            return -1;
        s->waits = a;
        if (!(a = realloc(s->edge_start, (size_t)(c2 + 1) * sizeof *s->edge_start)))
            return -1;
        s->edge_start = a;
        s->cap = c2;
    }
    memcpy(s->counts[n], c, JONG_KINDS);
    int sh = jong_shanten_standard(c, sets);
    s->shanten[n] = (int8_t)sh;
    s->dist[n] = (uint8_t)d;
    s->waits[n] = 0;
    if (sh == 0) {
        int dist;
        uint64_t w = jong_lowering_draws(c, sets, (1ull << JONG_KINDS) - 1, &dist);
        s->waits[n] = dist == 1 ? w : 0;
    }
    s->slots[i] = (uint32_t)n + 1;
    s->n = n + 1;
    return n;
}

static int add_edge(jong_ku_space *s, int u, int x, int to)
{
    int cap = s->edge_cap;
    if (s->nedges >= cap) {
        int c2 = cap ? cap * 2 : 4096;
        void *a;
        if (!(a = realloc(s->edge_draw, (size_t)c2)))
            return -1;
        s->edge_draw = a;
        if (!(a = realloc(s->edge_discard, (size_t)c2)))
            return -1;
        s->edge_discard = a;
        if (!(a = realloc(s->edge_to, (size_t)c2 * sizeof *s->edge_to)))
            return -1;
        s->edge_to = a;
        s->edge_cap = c2;
    }
    s->edge_draw[s->nedges] = (uint8_t)u;
    s->edge_discard[s->nedges] = (uint8_t)x;
    s->edge_to[s->nedges] = to;
    s->nedges++;
    return 0;
}

void jong_ku_space_free(jong_ku_space *s)
{
    free(s->counts);
    free(s->shanten);
    free(s->dist);
    free(s->waits);
    free(s->edge_start);
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
        if (find_or_add(s, c, sets, 0, max_hands) < 0)
            goto oom;
        s->root_kind[s->nroots++] = JONG_NO_TILE;
    }
    for (int x = 0; x < JONG_KINDS && tiles % 3 != 1; x++) {
        if (!c14[x])
            continue;
        c[x]--;
        int i = find_or_add(s, c, sets, 0, max_hands);
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
        for (int u = 0; u < JONG_KINDS; u++) {
            if (h[u] >= top[u])
                continue;
            h[u]++;
            int sh[JONG_KINDS];
            jong_discard_shanten(h, sets, sh, NULL);
            int du = d + (h[u] > c14[u]);
            for (int x = 0; x < JONG_KINDS; x++) {
                if (x == u || !h[x] || sh[x] == JONG_UNDEFINED)
                    continue;
                int nd = du - (h[x] > c14[x]);
                if (nd + sh[x] > l)
                    continue;
                h[x]--;
                int j = find_or_add(s, h, sets, nd, max_hands);
                h[x]++;
                if (j < 0) {
                    if (s->truncated)
                        continue;
                    goto oom;
                }
                if (add_edge(s, u, x, j))
                    goto oom;
            }
            h[u]--;
        }
    }
    s->edge_start[s->n] = s->nedges;
    return JONG_OK;
oom:
    jong_ku_space_free(s);
    return jong_error_set(err, JONG_ERR_IO, -1, "kurita: out of memory");
}
