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
 * discarded), so the first state at distance 0 decides the simulation. */
#include "simcat.h"

#include <stdlib.h>
#include <string.h>

#include "core/combine.h"
#include "jong/eval.h"

static const uint32_t kind_weight[JONG_KINDS] = {
    5, 25, 125, 625, 3125, 15625, 78125, 390625, 1,
    5, 25, 125, 625, 3125, 15625, 78125, 390625, 1,
    5, 25, 125, 625, 3125, 15625, 78125, 390625, 1,
    1, 5, 25, 125, 625, 3125, 15625,
};

static inline int group_of(int k) { return k < 27 ? k / 9 : 3; }

typedef struct {
    uint32_t idx[4];
    uint8_t c[JONG_KINDS];
    int8_t sets;
} state;

static inline int distance(const state *s)
{
    uint64_t e[4] = {jong_suit_table[s->idx[0]], jong_suit_table[s->idx[1]], jong_suit_table[s->idx[2]],
                     jong_honor_table[s->idx[3]]};
    return jong_total(e, s->sets); /* >= JONG_TABLE_SAT means "at least that far" */
}

static void state_init(state *s, const uint8_t counts[JONG_KINDS], int sets)
{
    memcpy(s->c, counts, JONG_KINDS);
    s->idx[0] = jong_suit_index(counts);
    s->idx[1] = jong_suit_index(counts + 9);
    s->idx[2] = jong_suit_index(counts + 18);
    s->idx[3] = jong_honor_index(counts + 27);
    s->sets = (int8_t)sets;
}

static inline void add(state *s, int k)
{
    s->c[k]++;
    s->idx[group_of(k)] += kind_weight[k];
}

static inline void take(state *s, int k, int n)
{
    s->c[k] = (uint8_t)(s->c[k] - n);
    s->idx[group_of(k)] -= (uint32_t)n * kind_weight[k];
}

bool jong_simcat_sim_sp(const uint8_t counts[JONG_KINDS], int sets, const uint8_t *tiles, int m)
{
    if (sets < 0 || sets > JONG_MAX_SETS)
        return false;
    state s;
    state_init(&s, counts, sets);
    for (int i = 0; i < m; i++) {
        int k = tiles[4 * i + 3];
        if (s.c[k] < 4) /* a fifth copy cannot be picked; only bad input gets here */
            add(&s, k);
    }
    return distance(&s) == 0;
}

/* ---- four-player model ------------------------------------------------------------------- */

struct jong_simcat_work {
    state *cur, *next;
    int ncur, nnext, cap;
    uint32_t *slot_gen, *slot_idx; /* hash of `next`: a slot is live when its gen is the round's */
    uint32_t nslots, gen;
    long states;
};

jong_simcat_work *jong_simcat_work_new(void)
{
    jong_simcat_work *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->cap = 1024;
    w->nslots = 4096;
    w->cur = malloc(sizeof(state) * (size_t)w->cap);
    w->next = malloc(sizeof(state) * (size_t)w->cap);
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

static inline uint32_t state_hash(const state *s)
{
    uint64_t h = (uint64_t)s->idx[0] * 0x9E3779B97F4A7C15ull ^ (uint64_t)s->idx[1] * 0xC2B2AE3D27D4EB4Full ^
                 (uint64_t)s->idx[2] * 0x165667B19E3779F9ull ^ (uint64_t)s->idx[3] * 0xD6E8FEB86659FD93ull ^
                 (uint64_t)(uint8_t)s->sets;
    return (uint32_t)(h >> 32 ^ h);
}

static inline bool same_state(const state *a, const state *b)
{
    return a->idx[0] == b->idx[0] && a->idx[1] == b->idx[1] && a->idx[2] == b->idx[2] &&
           a->idx[3] == b->idx[3] && a->sets == b->sets;
}

/* Double the state arrays and the hash (rehashing `next`). False when out of memory. */
static bool grow(jong_simcat_work *w)
{
    int cap = w->cap * 2;
    state *c = realloc(w->cur, sizeof(state) * (size_t)cap);
    if (!c)
        return false;
    w->cur = c;
    state *n = realloc(w->next, sizeof(state) * (size_t)cap);
    if (!n)
        return false;
    w->next = n;
    uint32_t nslots = w->nslots * 2;
    uint32_t *g = calloc(nslots, sizeof(uint32_t)), *ix = malloc(sizeof(uint32_t) * nslots);
    if (!g || !ix) {
        free(g);
        free(ix);
        return false;
    }
    free(w->slot_gen);
    free(w->slot_idx);
    w->slot_gen = g;
    w->slot_idx = ix;
    w->nslots = nslots;
    w->cap = cap;
    w->gen = 1;
    for (int i = 0; i < w->nnext; i++) {
        uint32_t h = state_hash(&w->next[i]) & (nslots - 1);
        while (g[h] == w->gen)
            h = (h + 1) & (nslots - 1);
        g[h] = w->gen;
        ix[h] = (uint32_t)i;
    }
    return true;
}

/* Put a child into `next` unless an equal state is there. False when out of memory. */
static bool insert(jong_simcat_work *w, const state *s)
{
    /* nslots stays 4 * cap, so a full array means a hash at most half full */
    if (w->nnext + 1 >= w->cap && !grow(w))
        return false;
    uint32_t mask = w->nslots - 1, h = state_hash(s) & mask;
    while (w->slot_gen[h] == w->gen) {
        if (same_state(&w->next[w->slot_idx[h]], s))
            return true;
        h = (h + 1) & mask;
    }
    w->slot_gen[h] = w->gen;
    w->slot_idx[h] = (uint32_t)w->nnext;
    w->next[w->nnext++] = *s;
    return true;
}

/* Result of offering one child: 1 = it wins, 0 = kept or cut, -1 = out of memory. */
static inline int offer(jong_simcat_work *w, const state *child, int rounds_left)
{
    w->states++;
    int d = distance(child);
    if (d == 0)
        return 1;
    if (d > rounds_left)
        return 0;
    return insert(w, child) ? 0 : -1;
}

bool jong_simcat_sim_fp(jong_simcat_work *w, const uint8_t counts[JONG_KINDS], int sets,
                        const uint8_t *tiles, int m)
{
    w->states = 0;
    if (sets < 0 || sets > JONG_MAX_SETS)
        return false;
    state s0;
    state_init(&s0, counts, sets);
    int d0 = distance(&s0);
    if (d0 == 0)
        return true;
    if (d0 > m)
        return false;
    w->cur[0] = s0;
    w->ncur = 1;
    for (int i = 0; i < m && w->ncur > 0; i++) {
        int left = m - i - 1;
        int tl = tiles[4 * i], to = tiles[4 * i + 1], tu = tiles[4 * i + 2], tc = tiles[4 * i + 3];
        /* the distinct discards that may be ponged (equal discards give equal children) */
        int pong[3] = {tl, to, tu}, npong = 3;
        if (pong[2] == pong[1] || pong[2] == pong[0])
            npong--;
        if (pong[1] == pong[0]) {
            pong[1] = pong[2];
            npong--;
        }
        bool chow = tu < 27;
        int rank = tu % 9;
        if (++w->gen == 0) { /* generations wrapped: clear the slots once */
            memset(w->slot_gen, 0, sizeof(uint32_t) * w->nslots);
            w->gen = 1;
        }
        w->nnext = 0;
        for (int j = 0; j < w->ncur; j++) {
            const state parent = w->cur[j]; /* a copy: growing may move the arrays */
            const state *s = &parent;
            state c = *s;
            int r;
            if (c.c[tc] < 4) {
                add(&c, tc);
                if ((r = offer(w, &c, left)) != 0)
                    return r > 0;
            }
            if (s->sets == 0)
                continue; /* only the pair is missing: a claimed meld has no place */
            for (int p = 0; p < npong; p++)
                if (s->c[pong[p]] >= 2) {
                    c = *s;
                    take(&c, pong[p], 2);
                    c.sets--;
                    if ((r = offer(w, &c, left)) != 0)
                        return r > 0;
                }
            if (!chow)
                continue;
            for (int low = rank - 2; low <= rank; low++) {
                if (low < 0 || low > 6)
                    continue;
                int base = tu - rank + low, a = -1, b = -1;
                for (int k = base; k < base + 3; k++)
                    if (k != tu) {
                        if (a < 0) a = k;
                        else b = k;
                    }
                if (s->c[a] && s->c[b]) {
                    c = *s;
                    take(&c, a, 1);
                    take(&c, b, 1);
                    c.sets--;
                    if ((r = offer(w, &c, left)) != 0)
                        return r > 0;
                }
            }
        }
        state *t = w->cur;
        w->cur = w->next;
        w->next = t;
        w->ncur = w->nnext;
    }
    return false;
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
