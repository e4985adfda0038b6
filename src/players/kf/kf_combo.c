/* Combination sets (the paper's Eq. 8): the exhaustive split of the concealed tiles into AAA,
 * ABC, AA, AB, AC and T1, each with the waiting number of Eq. 2. Blocks are taken at the lowest
 * kind still held, in a fixed type order per kind, so that each multiset of blocks is produced
 * once; a branch stops when even its best completion cannot reach the least WN + slack. */
#include <stdio.h>
#include <string.h>

#include "kf.h"

int jong_kf_wn(int n3, int n2, bool has_aa)
{
    const int H = JONG_KF_H_TILES, N = JONG_KF_NMAX;
    int t2_used, t1_used, v;
    if (has_aa) {
        t2_used = N - n3 < n2 - 1 ? N - n3 : n2 - 1;
        t1_used = N - n3 - n2 + 1 > 0 ? N - n3 - n2 + 1 : 0;
        v = n3 * 3 + t2_used * 2 + 2 + t1_used;
    } else {
        t2_used = N - n3 < n2 ? N - n3 : n2;
        t1_used = N - n3 - n2 > 0 ? N - n3 - n2 : 0;
        v = n3 * 3 + t2_used * 2 + 1 + t1_used;
    }
    return H - v;
}

typedef struct {
    uint8_t c[JONG_KINDS];
    uint64_t allowed;     /* kinds that may be in a block */
    bool pongs_only;
    int slack, min_wn;
    jong_kf_block blocks[JONG_KF_H_TILES];
    int nblocks, n3, n2, naa;
    uint8_t t1[JONG_KF_H_TILES];
    int nt1;
    int left;             /* tiles not yet placed */
    jong_kf_combo *out;
    int max, count;
    int variant;
} split_ctx;

/* The least WN any completion of the current partial split can reach: the remaining tiles make
 * at most a new T3 per 3 tiles and a new T2 per 2. */
static int bound_wn(const split_ctx *s)
{
    int best = 127;
    for (int a = 0; 3 * a <= s->left && s->n3 + a <= JONG_KF_NMAX; a++)
        for (int b = 0; 3 * a + 2 * b <= s->left; b++) {
            int w = jong_kf_wn(s->n3 + a, s->n2 + b, s->naa > 0 || b > 0);
            if (w < best)
                best = w;
        }
    return best;
}

static void leaf(split_ctx *s)
{
    int wn = jong_kf_wn(s->n3, s->n2, s->naa > 0);
    if (wn > s->min_wn + s->slack)
        return;
    if (wn < s->min_wn) {
        /* earlier splits may now be out of the slack: keep only those still within it */
        int keep = 0;
        int stored = s->count < s->max ? s->count : s->max;
        for (int i = 0; i < stored; i++)
            if (s->out && s->out[i].wn <= wn + s->slack)
                s->out[keep++] = s->out[i];
        s->count = keep;
        s->min_wn = wn;
    }
    if (s->out && s->count < s->max) {
        jong_kf_combo *o = &s->out[s->count];
        memcpy(o->blocks, s->blocks, sizeof o->blocks);
        o->nblocks = (uint8_t)s->nblocks;
        memcpy(o->t1, s->t1, sizeof o->t1);
        o->nt1 = (uint8_t)s->nt1;
        o->n3 = (uint8_t)s->n3;
        o->n2 = (uint8_t)s->n2;
        o->has_aa = s->naa > 0;
        o->wn = (int8_t)wn;
        o->variant = (uint8_t)s->variant;
    }
    s->count++;
}

static bool ok(const split_ctx *s, int k) { return s->allowed >> k & 1; }

static void dfs(split_ctx *s, int k, int mintype);

static void take(split_ctx *s, int k, int type, const int *kinds, int n)
{
    for (int i = 0; i < n; i++)
        s->c[kinds[i]]--;
    s->left -= n;
    if (type == JONG_KF_T1) {
        s->t1[s->nt1++] = (uint8_t)k;
    } else {
        s->blocks[s->nblocks++] = (jong_kf_block){(uint8_t)type, (uint8_t)k};
        if (type <= JONG_KF_ABC)
            s->n3++;
        else
            s->n2++;
        s->naa += type == JONG_KF_AA;
    }
    dfs(s, k, type);
    if (type == JONG_KF_T1) {
        s->nt1--;
    } else {
        s->nblocks--;
        if (type <= JONG_KF_ABC)
            s->n3--;
        else
            s->n2--;
        s->naa -= type == JONG_KF_AA;
    }
    s->left += n;
    for (int i = 0; i < n; i++)
        s->c[kinds[i]]++;
}

static void dfs(split_ctx *s, int k, int mintype)
{
    while (k < JONG_KINDS && !s->c[k]) {
        k++;
        mintype = 0;
    }
    if (k == JONG_KINDS) {
        leaf(s);
        return;
    }
    if (bound_wn(s) > s->min_wn + s->slack)
        return;
    bool number = k < JONG_NUMBER_KINDS, blocks_ok = ok(s, k);
    int r = k % 9;
    /* surplus blocks cannot lower the WN: at most 5 T3 and 6 blocks in all */
    bool room3 = s->n3 < JONG_KF_NMAX, room2 = s->n3 + s->n2 < JONG_KF_NMAX + 1;
    if (mintype <= JONG_KF_AAA && blocks_ok && room3 && s->c[k] >= 3)
        take(s, k, JONG_KF_AAA, (int[]){k, k, k}, 3);
    if (mintype <= JONG_KF_ABC && blocks_ok && room3 && !s->pongs_only && number && r <= 6 &&
        s->c[k + 1] && s->c[k + 2] && ok(s, k + 1) && ok(s, k + 2))
        take(s, k, JONG_KF_ABC, (int[]){k, k + 1, k + 2}, 3);
    if (mintype <= JONG_KF_AA && blocks_ok && room2 && s->c[k] >= 2)
        take(s, k, JONG_KF_AA, (int[]){k, k}, 2);
    if (mintype <= JONG_KF_AB && blocks_ok && room2 && !s->pongs_only && number && r <= 7 &&
        s->c[k + 1] && ok(s, k + 1))
        take(s, k, JONG_KF_AB, (int[]){k, k + 1}, 2);
    if (mintype <= JONG_KF_AC && blocks_ok && room2 && !s->pongs_only && number && r <= 6 &&
        s->c[k + 2] && ok(s, k + 2))
        take(s, k, JONG_KF_AC, (int[]){k, k + 2}, 2);
    take(s, k, JONG_KF_T1, (int[]){k}, 1);
}

static uint64_t variant_kinds(int variant)
{
    const uint64_t all = (1ull << JONG_KINDS) - 1, suit = 0x1FFull;
    const uint64_t honors = all & ~((1ull << JONG_NUMBER_KINDS) - 1);
    if (variant >= JONG_KF_FLUSH_M && variant <= JONG_KF_FLUSH_S)
        return suit << (9 * (variant - JONG_KF_FLUSH_M));
    if (variant >= JONG_KF_HALF_M && variant <= JONG_KF_HALF_S)
        return suit << (9 * (variant - JONG_KF_HALF_M)) | honors;
    return all;
}

int jong_kf_combos(const uint8_t counts[JONG_KINDS], int melds, int variant, int slack,
                   jong_kf_combo *out, int max, int *min_wn)
{
    split_ctx s;
    memset(&s, 0, sizeof s);
    memcpy(s.c, counts, sizeof s.c);
    for (int k = 0; k < JONG_KINDS; k++)
        s.left += counts[k];
    s.allowed = variant_kinds(variant);
    s.pongs_only = variant == JONG_KF_ALL_PONGS;
    s.slack = slack < 0 ? 0 : slack;
    s.min_wn = 127 - s.slack;
    s.n3 = melds;
    s.out = out;
    s.max = out ? max : 0;
    s.variant = variant;
    dfs(&s, 0, 0);
    if (min_wn)
        *min_wn = s.count ? s.min_wn : 127;
    return s.count;
}

int jong_kf_min_wn(const uint8_t counts[JONG_KINDS], int melds, int variant)
{
    int wn;
    jong_kf_combos(counts, melds, variant, 0, NULL, 0, &wn);
    return wn;
}

bool jong_kf_variant_applies(const jong_hand *h, int variant)
{
    uint64_t kinds = variant_kinds(variant);
    for (int i = 0; i < h->nmelds; i++) {
        const jong_meld *m = &h->melds[i];
        if (variant == JONG_KF_ALL_PONGS && m->type == JONG_MELD_CHOW)
            return false;
        if (!(kinds >> m->tile & 1))
            return false;
    }
    return variant >= 0 && variant < JONG_KF_VARIANTS;
}

const char *jong_kf_variant_name(int variant)
{
    static const char *names[JONG_KF_VARIANTS] = {"fast",   "all_pongs", "flush_m", "flush_p",
                                                  "flush_s", "half_m",   "half_p",  "half_s"};
    return variant >= 0 && variant < JONG_KF_VARIANTS ? names[variant] : "?";
}

void jong_kf_combo_format(const jong_kf_combo *c, char *buf, size_t n)
{
    /* [[AAA], [ABC], [AA], [AB/AC], [T1], WN] with kinds in compact notation */
    static const int order[4][2] = {{JONG_KF_AAA, JONG_KF_AAA}, {JONG_KF_ABC, JONG_KF_ABC},
                                    {JONG_KF_AA, JONG_KF_AA}, {JONG_KF_AB, JONG_KF_AC}};
    static const int shape[6][3] = {{0, 0, 0}, {0, 1, 2}, {0, 0, -1}, {0, 1, -1}, {0, 2, -1}, {0, -1, -1}};
    size_t used = 0;
    used += (size_t)snprintf(buf + used, used < n ? n - used : 0, "[");
    for (int g = 0; g < 4; g++) {
        used += (size_t)snprintf(buf + used, used < n ? n - used : 0, "[");
        int first = 1;
        for (int i = 0; i < c->nblocks; i++) {
            int t = c->blocks[i].type;
            if (t < order[g][0] || t > order[g][1])
                continue;
            used += (size_t)snprintf(buf + used, used < n ? n - used : 0, "%s", first ? "" : " ");
            first = 0;
            for (int j = 0; j < 3 && shape[t][j] >= 0; j++)
                used += (size_t)snprintf(buf + used, used < n ? n - used : 0, "%s",
                                         jong_code_name(c->blocks[i].kind + shape[t][j]));
        }
        used += (size_t)snprintf(buf + used, used < n ? n - used : 0, "], ");
    }
    used += (size_t)snprintf(buf + used, used < n ? n - used : 0, "[");
    for (int i = 0; i < c->nt1; i++)
        used += (size_t)snprintf(buf + used, used < n ? n - used : 0, "%s%s", i ? " " : "",
                                 jong_code_name(c->t1[i]));
    snprintf(buf + used, used < n ? n - used : 0, "], %d]", c->wn);
}
