/* SIMCAT's simulations at one level of the CPU (core/cpu.h); simcat_sim.c says how they work.
 * Included once per level by simcat_sim_scalar.c, simcat_sim_sse4.c and simcat_sim_avx2.c. */

/* Group g's index (the honors' without the sets above it). */
static inline uint32_t index_of(const simcat_state *s, int g)
{
    uint64_t word = g < 2 ? s->lo : s->hi;
    uint32_t x = (uint32_t)(word >> (32 * (g & 1)));
    return g == 3 ? x & SIMCAT_HONOR_MASK : x;
}

static inline int sets_of(const simcat_state *s) { return (int)(s->hi >> (32 + SIMCAT_SETS_SHIFT)); }

/* The table entry of group g for its index x. */
static inline uint64_t entry_of(int g, uint32_t x)
{
    return g == 3 ? jong_honor_table[x] : jong_suit_table[x];
}

static void state_init(simcat_state *s, const uint8_t counts[JONG_KINDS], int sets)
{
    s->lo = jong_suit_index(counts) | (uint64_t)jong_suit_index(counts + 9) << 32;
    s->hi = jong_suit_index(counts + 18) |
            (uint64_t)(jong_honor_index(counts + 27) | (uint32_t)sets << SIMCAT_SETS_SHIFT) << 32;
}

static inline void entries_of(const simcat_state *s, uint64_t e[4])
{
    for (int g = 0; g < 4; g++)
        e[g] = entry_of(g, index_of(s, g));
}

bool JONG_V(jong_simcat_sim_sp)(const uint8_t counts[JONG_KINDS], int sets, const uint8_t *tiles, int m)
{
    if (sets < 0 || sets > JONG_MAX_SETS)
        return false;
    uint8_t c[JONG_KINDS];
    memcpy(c, counts, sizeof c);
    for (int i = 0; i < m; i++) {
        int k = tiles[4 * i + 3];
        if (c[k] < 4) /* a fifth copy cannot be picked; only bad input gets here */
            c[k]++;
    }
    uint64_t e[4] = {jong_suit_table[jong_suit_index(c)], jong_suit_table[jong_suit_index(c + 9)],
                     jong_suit_table[jong_suit_index(c + 18)], jong_honor_table[jong_honor_index(c + 27)]};
    return JONG_V(jong_total)(e, sets) == 0; /* >= JONG_TABLE_SAT means "at least that far" */
}

/* ---- four-player model ------------------------------------------------------------------- */

static inline uint32_t state_hash(const simcat_state *s)
{
#if JONG_LEVEL >= JONG_CPU_SSE4
    return (uint32_t)_mm_crc32_u64(_mm_crc32_u64(0, s->lo), s->hi); /* two instructions */
#else
    uint64_t h = s->lo * 0x9E3779B97F4A7C15ull ^ s->hi * 0xC2B2AE3D27D4EB4Full;
    return (uint32_t)(h >> 32 ^ h);
#endif
}

static inline bool same_state(const simcat_state *a, const simcat_state *b)
{
    return a->lo == b->lo && a->hi == b->hi;
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
    simcat_info *ci = realloc(w->cur_i, sizeof(simcat_info) * (size_t)cap);
    if (!ci)
        return false;
    w->cur_i = ci;
    simcat_info *ni = realloc(w->next_i, sizeof(simcat_info) * (size_t)cap);
    if (!ni)
        return false;
    w->next_i = ni;
    uint32_t nslots = w->nslots * 2;
    uint64_t *g = calloc(nslots, sizeof(uint64_t));
    if (!g)
        return false;
    free(w->slot);
    w->slot = g;
    w->nslots = nslots;
    w->cap = cap;
    w->gen = 1;
    for (int i = 0; i < w->nnext; i++) {
        uint32_t h = state_hash(&w->next[i]) & (nslots - 1);
        while (g[h] >> 32 == w->gen)
            h = (h + 1) & (nslots - 1);
        g[h] = (uint64_t)w->gen << 32 | (uint32_t)i;
    }
    return true;
}

/* Where a child goes in `next` (then filled by the caller with its state and entries), or -1
 * when an equal state is there already. The caller has made room (SIMCAT_ROOM). */
static inline int insert_slot(jong_simcat_work *w, const simcat_state *s)
{
    uint32_t mask = w->nslots - 1, h = state_hash(s) & mask;
    uint64_t v;
    while ((v = w->slot[h]) >> 32 == w->gen) {
        if (same_state(&w->next[(uint32_t)v], s))
            return -1;
        h = (h + 1) & mask;
    }
    w->slot[h] = (uint64_t)w->gen << 32 | (uint32_t)w->nnext;
    w->next[w->nnext] = *s;
    return w->nnext++;
}

/* Bit 4i set when nibble i (lane i of a table entry) is 0. */
static inline uint64_t zero_lanes(uint64_t x)
{
    x |= x >> 1;
    x |= x >> 2;
    return ~x & 0x1111111111111111ull;
}

/* Reading group g's index from a key without a branch on g (simcat_round). */
static const uint64_t group_hi_word[4] = {0, 0, ~0ull, ~0ull};
static const uint32_t group_shift[4] = {0, 32, 0, 32}, group_imask[4] = {~0u, ~0u, ~0u, SIMCAT_HONOR_MASK};

/* Add child i of group g (the tables it reads, its lane of the entries). */
static inline int round_child(simcat_round *r, int g)
{
    int i = r->n++;
    r->group[i] = g;
    r->hi_word[i] = group_hi_word[g];
    r->shift[i] = group_shift[g];
    r->imask[i] = group_imask[g];
    r->table[i] = g == 3 ? jong_honor_table : jong_suit_table;
    for (int x = 0; x < 4; x++)
        r->lane[i][x] = x == g ? ~0ull : 0;
    return i;
}

/* A claim: `take` copies of a (and one of b for a chow) leave with the discard as a meld. */
static inline void round_claim(simcat_round *r, const simcat_kind *a, const simcat_kind *b, uint64_t take)
{
    int i = round_child(r, a->group);
    /* the masks within the 32-bit half of the claim's group; a pong checks its one kind twice
     * (no branch for "no second kind") */
    const uint64_t *ma = take == 2 ? a->m6 : a->m7, *mb = b ? b->m7 : ma;
    const int g = a->group, shift = 32 * (g & 1);
    r->need_half[i] = (uint32_t)g;
    r->need_a[i] = (uint32_t)(ma[g >> 1] >> shift);
    r->need_b[i] = (uint32_t)(mb[g >> 1] >> shift);
    uint64_t lo = take * a->key_lo, hi = take * a->key_hi + (1ull << (32 + SIMCAT_SETS_SHIFT)); /* a set fewer */
    uint64_t c0 = take * a->cnt0, c1 = take * a->cnt1;
    if (b) {
        lo += b->key_lo;
        hi += b->key_hi;
        c0 += b->cnt0;
        c1 += b->cnt1;
    }
    r->add_lo[i] = 0 - lo;
    r->add_hi[i] = 0 - hi;
    r->add_cnt0[i] = 0 - c0;
    r->add_cnt1[i] = 0 - c1;
}

#if JONG_LEVEL == JONG_CPU_AVX2
/* The combination with `sets` a constant in each case: each loop unrolled, its masks constants. */
static inline int total_avx2(__m256i ev, int sets)
{
    switch (sets) {
    case 0: return jong_total_avx2_vec(ev, 0);
    case 1: return jong_total_avx2_vec(ev, 1);
    case 2: return jong_total_avx2_vec(ev, 2);
    case 3: return jong_total_avx2_vec(ev, 3);
    case 4: return jong_total_avx2_vec(ev, 4);
    default: return jong_total_avx2_vec(ev, 5);
    }
}
#endif

/* A child's four table entries: one vector at the avx2 level, four words below it. */
#if JONG_LEVEL == JONG_CPU_AVX2
typedef __m256i sim_ev;
static inline sim_ev ev_load(const uint64_t e[4]) { return _mm256_loadu_si256((const __m256i *)e); }
static inline void ev_store(uint64_t e[4], sim_ev ev) { _mm256_storeu_si256((__m256i *)e, ev); }
/* the parent's entries with the changed group's replaced, built in registers (a scalar store
 * read back as a vector would stall); no branch on the group, which changes with the child
 * (one would be mispredicted whenever claims and the pick alternate) */
static inline sim_ev ev_replace(sim_ev pe, uint64_t v, const uint64_t lane[4])
{
    return _mm256_blendv_epi8(pe, _mm256_set1_epi64x((long long)v), _mm256_loadu_si256((const __m256i *)lane));
}
static inline int ev_total(sim_ev ev, int sets) { return total_avx2(ev, sets); }
#else
typedef struct {
    uint64_t g[4];
} sim_ev;
static inline sim_ev ev_load(const uint64_t e[4])
{
    sim_ev ev;
    memcpy(ev.g, e, sizeof ev.g);
    return ev;
}
static inline void ev_store(uint64_t e[4], sim_ev ev) { memcpy(e, ev.g, sizeof ev.g); }
static inline sim_ev ev_replace(sim_ev pe, uint64_t v, const uint64_t lane[4])
{
    for (int g = 0; g < 4; g++)
        pe.g[g] = (v & lane[g]) | (pe.g[g] & ~lane[g]);
    return pe;
}
static inline int ev_total(sim_ev ev, int sets) { return JONG_V(jong_total)(ev.g, sets); }
#endif

/* Child c's entry of the group it changes, read without a branch on the group. */
static inline uint64_t child_entry(const simcat_round *r, int c, const simcat_state *k)
{
    const uint64_t word = (k->lo & ~r->hi_word[c]) | (k->hi & r->hi_word[c]);
    return r->table[c][(uint32_t)(word >> r->shift[c]) & r->imask[c]];
}

/* What became of a child (keep_child). */
enum { CHILD_KEPT, CHILD_WIN };

/* More than the most children of one parent: the pick, three pongs, three chows. */
#define SIMCAT_ROOM 8

/* A child k with its entries ev, bounds [lo, hi] on its distance and packed counts: its distance
 * computed when the bounds do not decide, then a win, or dropped when farther than the rounds
 * left (it can never win: simcat_sim.c), or added to `next` unless an equal state is there.
 * Inlined into both of its calls (the pick's and the claims'), where the compiler would call
 * it: a call costs more than the work of most children. */
__attribute__((always_inline)) static inline int keep_child(jong_simcat_work *w, const simcat_state *k, sim_ev ev,
                                                            int lo, int hi, int left, uint64_t cnt0, uint64_t cnt1)
{
    if (lo == 0 || hi > left) {
        lo = hi = ev_total(ev, sets_of(k));
        if (lo == 0)
            return CHILD_WIN;
        if (lo > left)
            return CHILD_KEPT;
    }
    const int at = insert_slot(w, k);
    if (at >= 0) {
        simcat_info *ni = &w->next_i[at];
        ev_store(ni->e, ev);
        ni->cnt[0] = cnt0;
        ni->cnt[1] = cnt1;
        ni->dlo = (uint16_t)lo;
        ni->dhi = (uint16_t)hi;
    }
    return CHILD_KEPT;
}

/* A round's children in the order they are offered: the pick, the pongs, the chows. */
static void round_of(const simcat_kind *kinds, const uint8_t *t, simcat_round *r)
{
    int tl = t[0], to = t[1], tu = t[2], tc = t[3];
    const simcat_kind *p = &kinds[tc];
    r->n = 0;
    round_child(r, p->group);
    r->pick0 = p->m4[0];
    r->pick1 = p->m4[1];
    r->near0 = p->near[0];
    r->near1 = p->near[1];
    r->add_lo[0] = p->key_lo;
    r->add_hi[0] = p->key_hi;
    r->add_cnt0[0] = p->cnt0;
    r->add_cnt1[0] = p->cnt1;
    /* the distinct discards that may be ponged (equal discards give equal children) */
    int pong[3] = {tl, to, tu}, npong = 3;
    if (pong[2] == pong[1] || pong[2] == pong[0])
        npong--;
    if (pong[1] == pong[0]) {
        pong[1] = pong[2];
        npong--;
    }
    for (int q = 0; q < npong; q++)
        round_claim(r, &kinds[pong[q]], NULL, 2);
    /* the chows of the upper player's discard: the two held kinds of each, lowest run first */
    if (tu < 27) {
        int rank = tu % 9;
        for (int low = rank - 2; low <= rank; low++) {
            if (low < 0 || low > 6)
                continue;
            int base = tu - rank + low, a = -1, b = -1;
            for (int k = base; k < base + 3; k++)
                if (k != tu) {
                    if (a < 0) a = k;
                    else b = k;
                }
            round_claim(r, &kinds[a], &kinds[b], 1);
        }
    }
    for (int i = 0; i < 8; i++) /* the pick's lane and the lanes past the claims: no claim */
        if (i == 0 || i >= r->n)
            r->need_a[i] = r->need_b[i] = r->need_half[i] = 0;
}

static void cnt_init(uint64_t cnt[2], const uint8_t counts[JONG_KINDS])
{
    cnt[0] = cnt[1] = 0;
    for (int i = 0; i < 9; i++) { /* constant shifts once unrolled */
        cnt[0] |= (uint64_t)counts[i] << (SIMCAT_CNT_BITS * i) | (uint64_t)counts[9 + i] << (32 + SIMCAT_CNT_BITS * i);
        cnt[1] |= (uint64_t)counts[18 + i] << (SIMCAT_CNT_BITS * i);
    }
    for (int i = 0; i < 7; i++)
        cnt[1] |= (uint64_t)counts[27 + i] << (32 + SIMCAT_CNT_BITS * i);
}

bool JONG_V(jong_simcat_sim_fp)(jong_simcat_work *w, const uint8_t counts[JONG_KINDS], int sets,
                        const uint8_t *tiles, int m)
{
    w->states = 0;
    if (sets < 0 || sets > JONG_MAX_SETS)
        return false;
    simcat_state s0;
    state_init(&s0, counts, sets);
    simcat_info i0;
    entries_of(&s0, i0.e);
    cnt_init(i0.cnt, counts);
    int d0 = JONG_V(jong_total)(i0.e, sets);
    if (d0 == 0)
        return true;
    if (d0 > m)
        return false;
    /* The arms of a decision are simulated on one deal after another: a round is made once per
     * deal, when a simulation first reaches it (most end in a few rounds). */
    if (memcmp(tiles, w->round_tiles, (size_t)(4 * w->round_n)) != 0)
        w->round_n = 0;
    long states = 0;
    int win = 0;
    i0.dlo = i0.dhi = (uint16_t)d0;
    w->cur[0] = s0;
    w->cur_i[0] = i0;
    w->ncur = 1;
    for (int i = 0; i < m && w->ncur > 0 && !win; i++) {
        const int left = m - i - 1;
        if (i >= w->round_n) {
            round_of(w->kinds, tiles + 4 * i, &w->rounds[i]);
            memcpy(w->round_tiles + 4 * i, tiles + 4 * i, 4);
            w->round_n = i + 1;
        }
        const simcat_round *r = &w->rounds[i];
        if (++w->gen == 0) { /* generations wrapped: clear the slots once */
            memset(w->slot, 0, sizeof(uint64_t) * w->nslots);
            w->gen = 1;
        }
        w->nnext = 0;
        /* room for every child of the round first, so that nothing moves while they are made
         * (nor need each be checked); nslots stays 4 * cap, so the hash is at most a quarter
         * full */
        while (__builtin_expect((long)w->ncur * SIMCAT_ROOM >= w->cap, 0))
            if (!grow(w)) {
                w->states = states;
                return false;
            }
        for (int j = 0; j < w->ncur && !win; j++) {
            const simcat_state s = w->cur[j];
            const simcat_info *pi = &w->cur_i[j];
            /* Bounds on a child's distance d from its parent's [plo, phi] (simcat_sim.c proves
             * them): d >= plo - 1; a pick d <= phi, a claim d <= phi + 2. When they say the
             * child neither wins (lo >= 1) nor is cut (hi <= left), d itself is not needed:
             * the child is kept with its bounds, and the answer and the states counted are
             * those of computing it. More than half of the distances go. */
            const int phi = pi->dhi, lo = pi->dlo - 1; /* a kept state is at least one tile away */
            const uint64_t pc0 = pi->cnt[0], pc1 = pi->cnt[1];
            const sim_ev pe = ev_load(pi->e);
            int got = CHILD_KEPT;
            /* The pick (child 0), when there is room for the copy (almost always). */
            if (((pc0 & r->pick0) | (pc1 & r->pick1)) == 0) {
                states++;
                const simcat_state k = {s.lo + r->add_lo[0], s.hi + r->add_hi[0]};
                const uint64_t v = child_entry(r, 0, &k), old = pi->e[r->group[0]];
                /* A picked tile with nothing it could form a set or pair with (isolated)
                 * cannot complete the hand: a complete target in P + x without x would be one
                 * in P, whose distance is at least 1. Nor can one whose group entry gains no
                 * zero lane (a lane is a number of sets, with or without the pair, from that
                 * group): a complete split of the child would then be one of the parent. So
                 * then d >= 1, with no distance: the pick of a parent one tile away that does
                 * not win is the commonest case. */
                const int plo = lo == 0 && (!((pc0 & r->near0) | (pc1 & r->near1)) ||
                                            !(zero_lanes(v) & ~zero_lanes(old)))
                                    ? 1
                                    : lo;
                got = keep_child(w, &k, ev_replace(pe, v, r->lane[0]), plo, phi, left, pc0 + r->add_cnt0[0],
                                 pc1 + r->add_cnt1[0]);
            }
            if (got == CHILD_WIN || sets_of(&s) == 0) { /* a win, or no set to claim */
                win = got == CHILD_WIN;
                continue;
            }
            /* The claims, as bits in round_of's order, found without a branch each (which
             * would be mispredicted about as often as not): a claim when the parent holds what
             * it takes (it has a set to form: with only the pair missing a claimed meld has no
             * place). */
            unsigned have = 0;
#if JONG_LEVEL == JONG_CPU_AVX2
            /* all eight lanes at once: each lane takes the 32-bit half of its group's counts;
             * it is bad when either kind's masked count is 0 */
            const __m256i cv = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)pi->cnt));
            const __m256i x = _mm256_permutevar8x32_epi32(cv, _mm256_loadu_si256((const __m256i *)r->need_half));
            const __m256i zero = _mm256_setzero_si256();
            const __m256i bad = _mm256_or_si256(
                _mm256_cmpeq_epi32(_mm256_and_si256(x, _mm256_loadu_si256((const __m256i *)r->need_a)), zero),
                _mm256_cmpeq_epi32(_mm256_and_si256(x, _mm256_loadu_si256((const __m256i *)r->need_b)), zero));
            have = ~(unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(bad)) & 255u;
#else
            const uint32_t half[4] = {(uint32_t)pc0, (uint32_t)(pc0 >> 32), (uint32_t)pc1, (uint32_t)(pc1 >> 32)};
            for (int c = 1; c < r->n; c++) {
                const uint32_t x = half[r->need_half[c]];
                have |= (unsigned)(((x & r->need_a[c]) != 0) & ((x & r->need_b[c]) != 0)) << c;
            }
#endif
            for (; have; have &= have - 1) {
                const int c = __builtin_ctz(have);
                states++;
                const simcat_state k = {s.lo + r->add_lo[c], s.hi + r->add_hi[c]};
                got = keep_child(w, &k, ev_replace(pe, child_entry(r, c, &k), r->lane[c]), lo, phi + 2, left,
                                 pc0 + r->add_cnt0[c], pc1 + r->add_cnt1[c]);
                if (got == CHILD_WIN) {
                    win = 1;
                    break;
                }
            }
        }
        simcat_state *t = w->cur;
        w->cur = w->next;
        w->next = t;
        simcat_info *ti = w->cur_i;
        w->cur_i = w->next_i;
        w->next_i = ti;
        w->ncur = w->nnext;
    }
    w->states = states;
    return win;
}
