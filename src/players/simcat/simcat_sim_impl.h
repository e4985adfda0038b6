/* SIMCAT's simulations at one level of the CPU (core/cpu.h); simcat_sim.c says how they work.
 * Included once per level by simcat_sim_scalar.c, simcat_sim_sse4.c and simcat_sim_avx2.c. */

static const uint32_t kind_weight[JONG_KINDS] = {
    5, 25, 125, 625, 3125, 15625, 78125, 390625, 1,
    5, 25, 125, 625, 3125, 15625, 78125, 390625, 1,
    5, 25, 125, 625, 3125, 15625, 78125, 390625, 1,
    1, 5, 25, 125, 625, 3125, 15625,
};

static inline int group_of(int k) { return k < 27 ? k / 9 : 3; }

static inline int distance(const simcat_state *s)
{
    uint64_t e[4] = {jong_suit_table[s->idx[0]], jong_suit_table[s->idx[1]], jong_suit_table[s->idx[2]],
                     jong_honor_table[s->idx[3]]};
    return JONG_V(jong_total)(e, s->sets); /* >= JONG_TABLE_SAT means "at least that far" */
}

static void state_init(simcat_state *s, const uint8_t counts[JONG_KINDS], int sets)
{
    memcpy(s->c, counts, JONG_KINDS);
    s->idx[0] = jong_suit_index(counts);
    s->idx[1] = jong_suit_index(counts + 9);
    s->idx[2] = jong_suit_index(counts + 18);
    s->idx[3] = jong_honor_index(counts + 27);
    s->sets = (int8_t)sets;
}

static inline void add(simcat_state *s, int k)
{
    s->c[k]++;
    s->idx[group_of(k)] += kind_weight[k];
}

static inline void take(simcat_state *s, int k, int n)
{
    s->c[k] = (uint8_t)(s->c[k] - n);
    s->idx[group_of(k)] -= (uint32_t)n * kind_weight[k];
}

bool JONG_V(jong_simcat_sim_sp)(const uint8_t counts[JONG_KINDS], int sets, const uint8_t *tiles, int m)
{
    if (sets < 0 || sets > JONG_MAX_SETS)
        return false;
    simcat_state s;
    state_init(&s, counts, sets);
    for (int i = 0; i < m; i++) {
        int k = tiles[4 * i + 3];
        if (s.c[k] < 4) /* a fifth copy cannot be picked; only bad input gets here */
            add(&s, k);
    }
    return distance(&s) == 0;
}

/* ---- four-player model ------------------------------------------------------------------- */

static inline uint32_t state_hash(const simcat_state *s)
{
    uint64_t h = (uint64_t)s->idx[0] * 0x9E3779B97F4A7C15ull ^ (uint64_t)s->idx[1] * 0xC2B2AE3D27D4EB4Full ^
                 (uint64_t)s->idx[2] * 0x165667B19E3779F9ull ^ (uint64_t)s->idx[3] * 0xD6E8FEB86659FD93ull ^
                 (uint64_t)(uint8_t)s->sets;
    return (uint32_t)(h >> 32 ^ h);
}

static inline bool same_state(const simcat_state *a, const simcat_state *b)
{
    return a->idx[0] == b->idx[0] && a->idx[1] == b->idx[1] && a->idx[2] == b->idx[2] &&
           a->idx[3] == b->idx[3] && a->sets == b->sets;
}

/* Double the state arrays and the hash (rehashing `next`). False when out of memory. */
static bool grow(jong_simcat_work *w)
{
    int cap = w->cap * 2;
    simcat_state *c = realloc(w->cur, sizeof(simcat_state) * (size_t)cap);
    if (!c)
        return false;
    w->cur = c;
    simcat_state *n = realloc(w->next, sizeof(simcat_state) * (size_t)cap);
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
static bool insert(jong_simcat_work *w, const simcat_state *s)
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
static inline int offer(jong_simcat_work *w, const simcat_state *child, int rounds_left)
{
    w->states++;
    int d = distance(child);
    if (d == 0)
        return 1;
    if (d > rounds_left)
        return 0;
    return insert(w, child) ? 0 : -1;
}

bool JONG_V(jong_simcat_sim_fp)(jong_simcat_work *w, const uint8_t counts[JONG_KINDS], int sets,
                        const uint8_t *tiles, int m)
{
    w->states = 0;
    if (sets < 0 || sets > JONG_MAX_SETS)
        return false;
    simcat_state s0;
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
            const simcat_state parent = w->cur[j]; /* a copy: growing may move the arrays */
            const simcat_state *s = &parent;
            simcat_state c = *s;
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
        simcat_state *t = w->cur;
        w->cur = w->next;
        w->next = t;
        w->ncur = w->nnext;
    }
    return false;
}

