/* Shanten after each discard and the draws that lower it, at one level (cpu.h): the method is
 * described in discard_eval.c. Included once per level by eval_scalar.c, eval_sse4.c and
 * eval_avx2.c, after distance_impl.h (whose distance it uses for the exact fallbacks);
 * discard_eval.c's public functions call the level in use. */

/* Weight of one tile of each kind in its group's table index (suit_table.h: the nine is the
 * lowest digit, then 1..8; honors digit k). */
static const uint32_t kind_weight[JONG_KINDS] = {
    5, 25, 125, 625, 3125, 15625, 78125, 390625, 1,
    5, 25, 125, 625, 3125, 15625, 78125, 390625, 1,
    5, 25, 125, 625, 3125, 15625, 78125, 390625, 1,
    1, 5, 25, 125, 625, 3125, 15625,
};

static const uint64_t group_mask[4] = {0x1FFull, 0x1FFull << 9, 0x1FFull << 18, 0x7Full << 27};

static inline int group_of(int k) { return k < 27 ? k / 9 : 3; }

static inline uint64_t entry_at(int g, uint32_t index)
{
    return g < 3 ? jong_suit_table[index] : jong_honor_table[index];
}

#define ALL_KINDS ((1ull << JONG_KINDS) - 1)

/* Bit k set where v[k] < bound, for k < JONG_KINDS (v padded to 64 bytes). */
static inline uint64_t below_mask(const uint8_t v[64], uint8_t bound)
{
#if JONG_LEVEL >= JONG_CPU_AVX2
    const __m256i b = _mm256_set1_epi8((char)bound);
    /* unsigned v < bound  <=>  max(v, bound) != v */
    __m256i lo = _mm256_loadu_si256((const __m256i *)v), hi = _mm256_loadu_si256((const __m256i *)(v + 32));
    uint32_t mlo = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_max_epu8(lo, b), lo));
    uint32_t mhi = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_max_epu8(hi, b), hi));
    return ~((uint64_t)mhi << 32 | mlo) & ALL_KINDS;
#else
    uint64_t m = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        m |= (uint64_t)(v[k] < bound) << k;
    return m;
#endif
}

/* Bit k set where counts[k] >= bound. */
static inline uint64_t at_least_mask(const uint8_t counts[JONG_KINDS], uint8_t bound)
{
    uint8_t v[64] = {0};
    memcpy(v, counts, JONG_KINDS);
    return ~below_mask(v, bound) & ALL_KINDS;
}

/* ---- distance vectors: 16 lanes, 0..5 = m sets, 8..13 = m sets and the pair ------------------
 * Lanes that hold no distance (6, 7, 14, 15, and m > sets after a combination) are at least
 * JONG_TABLE_SAT, so a term that reads them can never be mistaken for an exact value. */

#if JONG_LEVEL >= JONG_CPU_SSE4
typedef __m128i dvec;

static inline dvec dv_unpack(uint64_t e) { return jong_unpack_sse(e); }

static inline dvec dv_mask(const uint8_t m[16]) { return _mm_loadu_si128((const __m128i *)m); }

/* a (+) b for m = 0..sets (the lanes beyond stay at least JONG_TABLE_SAT where they read lane 6). */
static inline dvec dv_combine(dvec a, dvec b, int sets)
{
    dvec c = _mm_set1_epi8((char)0xFF);
    for (int j = 0; j <= sets; j++) {
        dvec t1 = _mm_adds_epu8(_mm_shuffle_epi8(b, dv_mask(jong_shift_same[j])),
                                _mm_shuffle_epi8(a, dv_mask(jong_bcast[j])));
        dvec t2 = _mm_adds_epu8(_mm_shuffle_epi8(b, dv_mask(jong_shift_cross[j])),
                                _mm_shuffle_epi8(a, dv_mask(jong_bcast[8 + j])));
        c = _mm_min_epu8(c, _mm_min_epu8(t1, t2));
    }
    return c;
}

/* b reversed around `sets` with its halves swapped, so that lane i pairs with lane i of a. */
static inline dvec dv_reverse(dvec b, int sets) { return _mm_shuffle_epi8(b, dv_mask(jong_reverse[sets])); }

/* Distance to `sets` sets and the pair from a and a reversed b. */
static inline int dv_point(dvec a, dvec brev) { return jong_hmin_sse(_mm_adds_epu8(a, brev)); }

/* dv_point(a, brev) <= limit, without the horizontal minimum. */
static inline bool dv_at_most(dvec a, dvec brev, dvec limit)
{
    dvec sum = _mm_adds_epu8(a, brev);
    return _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(sum, limit), sum)) != 0;
}

static inline dvec dv_splat(int v) { return _mm_set1_epi8((char)v); }

#else
typedef struct {
    uint8_t b[16];
} dvec;

static inline dvec dv_unpack(uint64_t e)
{
    dvec v;
    jong_unpack_scalar(e, v.b);
    return v;
}

static inline dvec dv_combine(dvec a, dvec b, int sets)
{
    dvec c;
    memset(c.b, JONG_TABLE_SAT, sizeof c.b);
    for (int k = 0; k <= sets; k++) {
        int np = 255, p = 255;
        for (int j = 0; j <= k; j++) {
            int x = a.b[j] + b.b[k - j], y = a.b[j] + b.b[8 + k - j], z = a.b[8 + j] + b.b[k - j];
            if (x < np) np = x;
            if (y < p) p = y;
            if (z < p) p = z;
        }
        c.b[k] = (uint8_t)(np < 255 ? np : 255);
        c.b[8 + k] = (uint8_t)(p < 255 ? p : 255);
    }
    return c;
}

static inline dvec dv_reverse(dvec b, int sets)
{
    dvec r;
    memset(r.b, 255, sizeof r.b);
    for (int i = 0; i <= sets; i++) {
        r.b[i] = b.b[8 + sets - i];
        r.b[8 + i] = b.b[sets - i];
    }
    return r;
}

static inline int dv_point(dvec a, dvec brev)
{
    int best = 255;
    for (int i = 0; i < 16; i++) {
        int v = a.b[i] + brev.b[i];
        if (v < best)
            best = v;
    }
    return best;
}

static inline bool dv_at_most(dvec a, dvec brev, dvec limit) { return dv_point(a, brev) <= limit.b[0]; }

static inline dvec dv_splat(int v)
{
    dvec r;
    memset(r.b, v, sizeof r.b);
    return r;
}
#endif

/* The unchanged groups of a base hand, combined. */
typedef struct {
    int sets;
    uint32_t index[4];
    dvec entry[4];
    dvec rest_rev[4]; /* the other three groups, reversed for dv_point */
    dvec pair[4][4];  /* pair[g][h]: the two groups other than g and h (g != h), once computed */
    unsigned have_pair; /* bit 4g + h: pair[g][h] is set */
} base_hand;

static void base_init(const uint8_t counts[JONG_KINDS], int sets, base_hand *b)
{
    b->sets = sets;
    b->index[0] = jong_suit_index(counts);
    b->index[1] = jong_suit_index(counts + 9);
    b->index[2] = jong_suit_index(counts + 18);
    b->index[3] = jong_honor_index(counts + 27);
    for (int g = 0; g < 4; g++)
        b->entry[g] = dv_unpack(entry_at(g, b->index[g]));
    const dvec *e = b->entry;
    dvec p01 = dv_combine(e[2], e[3], sets), p23 = dv_combine(e[0], e[1], sets);
    b->rest_rev[0] = dv_reverse(dv_combine(e[1], p01, sets), sets);
    b->rest_rev[1] = dv_reverse(dv_combine(e[0], p01, sets), sets);
    b->rest_rev[2] = dv_reverse(dv_combine(e[3], p23, sets), sets);
    b->rest_rev[3] = dv_reverse(dv_combine(e[2], p23, sets), sets);
    b->pair[0][1] = b->pair[1][0] = p01;
    b->pair[2][3] = b->pair[3][2] = p23;
    b->have_pair = 1u << 1 | 1u << 4 | 1u << 11 | 1u << 14;
}

/* The two groups other than g and h (g != h), combined on first use. */
static inline dvec base_pair(base_hand *b, int g, int h)
{
    if (!(b->have_pair >> (4 * g + h) & 1)) {
        int x = -1, y = -1;
        for (int i = 0; i < 4; i++)
            if (i != g && i != h) {
                if (x < 0) x = i;
                else y = i;
            }
        b->pair[g][h] = b->pair[h][g] = dv_combine(b->entry[x], b->entry[y], b->sets);
        b->have_pair |= 1u << (4 * g + h) | 1u << (4 * h + g);
    }
    return b->pair[g][h];
}

/* Exact distance of counts with one kind removed (del) and one added (add); -1 = none. */
static int distance_changed(const uint8_t counts[JONG_KINDS], int sets, int del, int add)
{
    uint8_t c[JONG_KINDS];
    memcpy(c, counts, sizeof c);
    if (del >= 0)
        c[del]--;
    if (add >= 0)
        c[add]++;
    return JONG_V(jong_distance_standard)(c, sets);
}

static inline int to_shanten(int d) { return d == JONG_UNDEFINED ? d : d - 1; }

/* Distance after discarding held kind k. */
static inline int discard_distance(const uint8_t counts[JONG_KINDS], const base_hand *b, int k)
{
    int g = group_of(k);
    int d = dv_point(dv_unpack(entry_at(g, b->index[g] - kind_weight[k])), b->rest_rev[g]);
    return d < JONG_TABLE_SAT ? d : distance_changed(counts, b->sets, k, -1);
}

static bool fast_sets(int sets) { return sets >= 0 && sets <= JONG_MAX_SETS; }

int JONG_V(jong_discard_shanten)(const uint8_t counts[JONG_KINDS], int sets, int shanten[JONG_KINDS], uint64_t *least)
{
    int best = JONG_UNDEFINED;
    uint64_t held = at_least_mask(counts, 1), tied = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        shanten[k] = JONG_UNDEFINED;
    base_hand b;
    bool fast = fast_sets(sets);
    if (fast && held)
        base_init(counts, sets, &b);
    for (uint64_t m = held; m; m &= m - 1) {
        int k = __builtin_ctzll(m);
        int s = to_shanten(fast ? discard_distance(counts, &b, k) : distance_changed(counts, sets, k, -1));
        shanten[k] = s;
        if (s < best) {
            best = s;
            tied = 0;
        }
        if (s == best)
            tied |= 1ull << k;
    }
    if (least)
        *least = best == JONG_UNDEFINED ? 0 : tied;
    return best;
}

/* The draws j in `cand` (j != k) that lower the distance d of counts - k (held k, fast set
 * count); plus[j] holds the unpacked entry of group(j) with j added. */
static uint64_t lowering_draws(const uint8_t counts[JONG_KINDS], base_hand *b, int k, int d, uint64_t cand,
                               const dvec plus[JONG_KINDS])
{
    const int sets = b->sets;
    int g = group_of(k);
    uint32_t less = b->index[g] - kind_weight[k];
    uint64_t found = 0;
    if (d == 0)
        return 0;  /* nothing is closer than complete */
    dvec a = dv_unpack(entry_at(g, less));
    /* Below the saturation a computed value is exact, and at or above it the distance is at
     * least JONG_TABLE_SAT, so "below d" is one comparison; past it, ask the exact path. */
    bool unsaturated = d <= JONG_TABLE_SAT;
    dvec limit = dv_splat(d - 1);
    for (int h = 0; h < 4; h++) {
        uint64_t todo = cand & group_mask[h];
        if (!todo)
            continue;
        dvec rest = h == g ? b->rest_rev[g] : dv_reverse(dv_combine(a, base_pair(b, g, h), sets), sets);
        while (todo) {
            int j = __builtin_ctzll(todo);
            todo &= todo - 1;
            dvec x = h == g ? dv_unpack(entry_at(g, less + kind_weight[j])) : plus[j];
            bool lower;
            if (unsaturated) {
                lower = dv_at_most(x, rest, limit);
            } else {
                int v = dv_point(x, rest);
                if (v >= JONG_TABLE_SAT)
                    v = distance_changed(counts, sets, k, j);
                lower = v < d;
            }
            if (lower)
                found |= 1ull << j;
        }
    }
    return found;
}

void JONG_V(jong_discard_draws)(const uint8_t counts[JONG_KINDS], int sets, uint64_t discards, uint64_t draws,
                        uint64_t lowers[JONG_KINDS])
{
    memset(lowers, 0, JONG_KINDS * sizeof lowers[0]);
    discards &= at_least_mask(counts, 1);
    draws &= ALL_KINDS;
    if (!discards || !draws)
        return;
    if (!fast_sets(sets)) {
        /* beyond the tables: every distance from the exact path */
        for (int k = 0; k < JONG_KINDS; k++) {
            if (!(discards >> k & 1))
                continue;
            int d = distance_changed(counts, sets, k, -1);
            if (d == JONG_UNDEFINED)
                continue;
            for (int j = 0; j < JONG_KINDS; j++)
                if ((draws >> j & 1) && counts[j] - (j == k) < 4 && distance_changed(counts, sets, k, j) < d)
                    lowers[k] |= 1ull << j;
        }
        return;
    }
    base_hand b;
    base_init(counts, sets, &b);
    /* Drawing back the discarded kind restores the whole hand. */
    int whole = dv_point(b.entry[0], b.rest_rev[0]);
    if (whole >= JONG_TABLE_SAT)
        whole = JONG_V(jong_distance_standard)(counts, sets);
    /* The other draws: each group's entry plus the drawn tile does not depend on the discard,
     * nor does the distance of the whole hand plus it, a lower bound for the hand less any
     * discard plus it (more tiles are never farther): a draw can lower the distance d after a
     * discard only if that bound is below d. A computed bound below JONG_TABLE_SAT is exact, and
     * one at or above it means at least JONG_TABLE_SAT: kept as JONG_TABLE_SAT, it rules the draw
     * out for d <= JONG_TABLE_SAT, and past that every draw is a candidate. */
    dvec plus[JONG_KINDS];
    uint8_t plus_d[64];
    memset(plus_d, 255, sizeof plus_d);
    uint64_t others = draws & ~at_least_mask(counts, 4);
    for (uint64_t m = others; m; m &= m - 1) {
        int j = __builtin_ctzll(m), h = group_of(j);
        plus[j] = dv_unpack(entry_at(h, b.index[h] + kind_weight[j]));
        int v = dv_point(plus[j], b.rest_rev[h]);
        plus_d[j] = (uint8_t)(v < JONG_TABLE_SAT ? v : JONG_TABLE_SAT);
    }
    for (uint64_t t = discards; t; t &= t - 1) {
        int k = __builtin_ctzll(t);
        int d = discard_distance(counts, &b, k);
        uint64_t cand = d > JONG_TABLE_SAT ? others : below_mask(plus_d, (uint8_t)d) & others;  /* none if d = 0 */
        lowers[k] = lowering_draws(counts, &b, k, d, cand & ~(1ull << k), plus);
        if ((draws >> k & 1) && whole < d)
            lowers[k] |= 1ull << k;
    }
}

uint64_t JONG_V(jong_lowering_draws)(const uint8_t counts[JONG_KINDS], int sets, uint64_t draws, int *distance)
{
    draws &= ALL_KINDS & ~at_least_mask(counts, 4);
    uint64_t found = 0;
    if (!fast_sets(sets)) {
        int d = JONG_V(jong_distance_standard)(counts, sets);
        if (distance)
            *distance = d;
        if (d != JONG_UNDEFINED)
            for (uint64_t m = draws; m; m &= m - 1) {
                int j = __builtin_ctzll(m);
                if (distance_changed(counts, sets, -1, j) < d)
                    found |= 1ull << j;
            }
        return found;
    }
    base_hand b;
    base_init(counts, sets, &b);
    int d = dv_point(b.entry[0], b.rest_rev[0]);
    if (d >= JONG_TABLE_SAT)
        d = JONG_V(jong_distance_standard)(counts, sets);
    if (distance)
        *distance = d;
    for (uint64_t m = draws; m; m &= m - 1) {
        int j = __builtin_ctzll(m), h = group_of(j);
        int v = dv_point(dv_unpack(entry_at(h, b.index[h] + kind_weight[j])), b.rest_rev[h]);
        if (v >= JONG_TABLE_SAT && d > JONG_TABLE_SAT)
            v = distance_changed(counts, sets, -1, j);
        if (v < d)
            found |= 1ull << j;
    }
    return found;
}

