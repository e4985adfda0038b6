/* The tenpai hands of a called opponent (jong/kurita_paper.h): every complete standard-form hand
 * of `sets` sets and a pair less one of its tiles is a tenpai hand h waiting (at least) on that
 * tile, and every wait of h arises that way, so collecting the pairs (h, tile) over all complete
 * hands, sorted and grouped by h, gives each tenpai hand with its full set of waits. */
#include <stdlib.h>
#include <string.h>

#include "kurita_paper.h"

/* sets of three: 34 pungs, then the 21 chows (by their lowest kind) */
static int set_kinds(int m, int out[3])
{
    if (m < JONG_KINDS) {
        out[0] = out[1] = out[2] = m;
    } else {
        int c = m - JONG_KINDS, suit = c / 7, start = suit * 9 + c % 7;
        out[0] = start, out[1] = start + 1, out[2] = start + 2;
    }
    return 3;
}
#define NSETS (JONG_KINDS + 21)

static uint64_t encode(const uint8_t c[JONG_KINDS])
{
    uint64_t key = 0;
    int shift = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        for (int i = 0; i < c[k]; i++, shift += 6)
            key |= (uint64_t)k << shift;
    return key;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

typedef struct {
    uint64_t *v;
    size_t n, cap;
} u64vec;

static int push(u64vec *a, uint64_t x)
{
    if (a->n == a->cap) {
        size_t c = a->cap ? a->cap * 2 : 4096;
        uint64_t *p = realloc(a->v, c * sizeof *p);
        if (!p)
            return -1;
        a->v = p, a->cap = c;
    }
    a->v[a->n++] = x;
    return 0;
}

/* every (h, y) of the complete hands made of the sets chosen so far (indices >= from) */
static int gen(u64vec *out, uint8_t c[JONG_KINDS], int left, int from, int ntiles)
{
    if (left == 0) {
        for (int p = 0; p < JONG_KINDS; p++) {
            if (c[p] + 2 > 4)
                continue;
            c[p] += 2;
            for (int y = 0; y < JONG_KINDS; y++)
                if (c[y]) {
                    c[y]--;
                    /* the hand key holds at most 7 tiles (42 bits); the wait goes above */
                    int rc = push(out, encode(c) | (uint64_t)y << 58);
                    c[y]++;
                    if (rc)
                        return -1;
                }
            c[p] -= 2;
        }
        return 0;
    }
    for (int m = from; m < NSETS; m++) {
        int k[3];
        set_kinds(m, k);
        bool ok = true;
        for (int i = 0; i < 3; i++)
            ok &= ++c[k[i]] <= 4;
        int rc = ok ? gen(out, c, left - 1, m, ntiles + 3) : 0;
        for (int i = 0; i < 3; i++)
            c[k[i]]--;
        if (rc)
            return -1;
    }
    return 0;
}

int jong_ku_tenpai_table_build(jong_ku_tenpai_table *t, int sets, jong_error *err)
{
    memset(t, 0, sizeof *t);
    if (sets < 0 || sets > 2)
        return jong_error_set(err, JONG_ERR_ARG, -1, "kurita tenpai table: %d sets (0..2)", sets);
    u64vec pairs = {0};
    uint8_t c[JONG_KINDS] = {0};
    if (gen(&pairs, c, sets, 0, 0)) {
        free(pairs.v);
        return jong_error_set(err, JONG_ERR_IO, -1, "kurita tenpai table: out of memory");
    }
    /* sort by hand (low 58 bits) then wait: put the hand in the high bits for the sort */
    const uint64_t hmask = ((uint64_t)1 << 58) - 1;
    for (size_t i = 0; i < pairs.n; i++)
        pairs.v[i] = (pairs.v[i] & hmask) << 6 | pairs.v[i] >> 58;
    qsort(pairs.v, pairs.n, sizeof *pairs.v, cmp_u64);
    t->hand = malloc((pairs.n + 1) * sizeof *t->hand);
    t->waits = malloc((pairs.n + 1) * sizeof *t->waits);
    if (!t->hand || !t->waits) {
        free(pairs.v);
        jong_ku_tenpai_table_free(t);
        return jong_error_set(err, JONG_ERR_IO, -1, "kurita tenpai table: out of memory");
    }
    t->sets = sets;
    for (size_t i = 0; i < pairs.n; i++) {
        uint64_t h = pairs.v[i] >> 6;
        int y = (int)(pairs.v[i] & 63);
        if (t->n == 0 || t->hand[t->n - 1] != h) {
            t->hand[t->n] = h;
            t->waits[t->n++] = 0;
        }
        t->waits[t->n - 1] |= (uint64_t)1 << y;
    }
    free(pairs.v);
    return JONG_OK;
}

void jong_ku_tenpai_table_free(jong_ku_tenpai_table *t)
{
    free(t->hand);
    free(t->waits);
    memset(t, 0, sizeof *t);
}

long jong_ku_enum_wintile(const jong_ku_tenpai_table *t, const uint8_t avail[JONG_KINDS], uint64_t river,
                          double out[JONG_KINDS])
{
    static const double choose[5][5] = {{1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1}};
    memset(out, 0, sizeof(double) * JONG_KINDS);
    int ntiles = 3 * t->sets + 1;
    double total = 0;
    long hands = 0;
    for (int i = 0; i < t->n; i++) {
        if (t->waits[i] & river)
            continue; /* furiten: cannot ron */
        uint8_t c[JONG_KINDS] = {0};
        uint64_t key = t->hand[i];
        for (int j = 0; j < ntiles; j++, key >>= 6)
            c[key & 63]++;
        double w = 1;
        for (int j = 0, prev = -1; j < ntiles && w > 0; j++) {
            int k = (int)(t->hand[i] >> (6 * j) & 63);
            if (k == prev)
                continue;
            prev = k;
            w *= c[k] <= avail[k] && avail[k] <= 4 ? choose[avail[k]][c[k]] : 0;
        }
        if (w <= 0)
            continue;
        hands++;
        total += w;
        for (int y = 0; y < JONG_KINDS; y++)
            if (t->waits[i] >> y & 1)
                out[y] += w;
    }
    if (total > 0)
        for (int y = 0; y < JONG_KINDS; y++)
            out[y] /= total;
    return hands;
}
