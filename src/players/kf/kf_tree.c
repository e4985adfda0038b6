/* KF-TREE (sections 4.4.2 and 4.5): the tree of discarding nodes (17 tiles) and taking nodes
 * (16 tiles) along the shortest winning paths. The discarding set of a node is the T1 of its
 * least-WN combination sets (the discards that keep the WN) and the taking set the valid tiles of
 * their T2 (the takes that lower it); the least WN over the sets equals the distance of the hand
 * (tests/test_kf.c checks this against a brute force), so the nodes use the distance tables.
 * Improved exploration: kinds with no copy left to take are not valid tiles. High-score
 * exploration: the same tree under an all-pongs or flush split, when that needs more takes.
 * A path is worth Epath = Pwinning (Eq. 10, Ptaking of Eq. 11) x Tscore (the engine's tai) x
 * Drisk (Eq. 13); Etile of a discard is the sum of Epath over the paths that discard it (Eq. 15).
 * Sums are memoised per hand, so the order of takes is explored once per hand. */
#include <stdlib.h>
#include <string.h>

#include "jong/eval.h"
#include "kf.h"
#include "jong/tai.h"
#include "core/suit_dp.h"
#include "core/suit_table.h"

#define MEMO_BITS 15
#define MEMO_SIZE (1u << MEMO_BITS)
/* high-score splits are searched when they need at most this many takes more than the fast one */
#define HS_EXTRA 2
#define GROUP_BITS 12
#define GROUP_SIZE (1u << GROUP_BITS)

/* One suit's distance entries (sets 0..5, without/with the pair) under the tree's limits. */
typedef struct {
    uint32_t index;  /* suit index + 1; 0 = empty */
    uint8_t part[2][JONG_DP_MAXSETS + 1];
} group_entry;

typedef struct {
    uint64_t key[2];  /* packed counts; key[1] also holds the node type */
    double s;         /* sum of Epath below */
    double si[JONG_KINDS]; /* the part of s over paths that discard kind i */
} memo_entry;

typedef struct {
    const jong_kf_hand *kh;
    const jong_kf_tables *t;
    const jong_kf_opts *o;
    const atomic_bool *stop;
    double rtile[JONG_KINDS];
    uint8_t c[JONG_KINDS];
    uint8_t limit[JONG_KINDS];   /* copies the hand may reach: held + obtainable */
    uint64_t allowed;            /* kinds the variant may use */
    int variant, sets;
    int64_t nodes;
    bool aborted;
    memo_entry *memo;
    bool *used;
    group_entry *groups;  /* 4 x GROUP_SIZE: per-suit DP results, the limits being fixed */
} tree;

/* The WN with the limits: the per-suit DP of distance.c, cached per suit pattern because the
 * limits stay the same through a tree (the tables cannot hold lowered limits). */
static int limited_distance(tree *T, const uint8_t c[JONG_KINDS], const uint8_t lim[JONG_KINDS])
{
    uint8_t acc[2][JONG_DP_MAXSETS + 1];
    for (int g = 0; g < 4; g++) {
        const uint8_t *cg = c + 9 * g, *lg = lim + 9 * g;
        int n = g < 3 ? 9 : 7;
        uint32_t idx = (g < 3 ? jong_suit_index(cg) : jong_honor_index(cg)) + 1;
        uint32_t slot = (idx * 2654435761u) >> (32 - GROUP_BITS);
        group_entry *e = NULL;
        for (int probe = 0; probe < 8; probe++) {
            group_entry *x = &T->groups[g * GROUP_SIZE + ((slot + (uint32_t)probe) & (GROUP_SIZE - 1))];
            if (x->index == idx || !x->index) {
                e = x;
                break;
            }
        }
        group_entry tmp;
        if (!e)
            e = &tmp;
        if (e->index != idx) {
            jong_suit_dp(cg, lg, n, g < 3, T->sets, e->part);
            e->index = idx;
        }
        if (g == 0)
            memcpy(acc, e->part, sizeof acc);
        else
            jong_dist_combine(acc, e->part, T->sets, acc);
    }
    return acc[1][T->sets] >= JONG_DP_INF ? 127 : acc[1][T->sets];
}

static void pack(const uint8_t c[JONG_KINDS], int type, uint64_t key[2])
{
    key[0] = key[1] = 0;
    for (int k = 0; k < 21; k++)
        key[0] |= (uint64_t)c[k] << (3 * k);
    for (int k = 21; k < JONG_KINDS; k++)
        key[1] |= (uint64_t)c[k] << (3 * (k - 21));
    key[1] |= (uint64_t)type << 60;
}

/* All pongs: the least tiles to add for `sets` triplets and a pair from the allowed copies. */
static int pong_distance(const tree *T)
{
    int best = 127;
    for (int p = 0; p < JONG_KINDS; p++) {
        if (T->limit[p] < 2)
            continue;
        int cost = 2 - (T->c[p] < 2 ? T->c[p] : 2);
        int need[JONG_KINDS], n = 0;
        for (int k = 0; k < JONG_KINDS; k++)
            if (k != p && T->limit[k] >= 3)
                need[n++] = 3 - (T->c[k] < 3 ? T->c[k] : 3);
        if (n < T->sets)
            continue;
        /* the `sets` cheapest triplets: counting sort over 0..3 */
        int bucket[4] = {0};
        for (int i = 0; i < n; i++)
            bucket[need[i]]++;
        int left = T->sets;
        for (int b = 0; b < 4 && left; b++) {
            int take = bucket[b] < left ? bucket[b] : left;
            cost += take * b;
            left -= take;
        }
        if (cost < best)
            best = cost;
    }
    return best;
}

/* The WN of the current hand under the tree's variant. */
static int wn(tree *T)
{
    if (T->variant == JONG_KF_ALL_PONGS)
        return pong_distance(T);
    if (T->variant == JONG_KF_FAST)
        return limited_distance(T, T->c, T->limit);
    uint8_t c[JONG_KINDS], lim[JONG_KINDS];
    for (int k = 0; k < JONG_KINDS; k++) {
        bool ok = T->allowed >> k & 1;
        c[k] = ok ? T->c[k] : 0;
        lim[k] = ok ? T->limit[k] : 0;
    }
    return limited_distance(T, c, lim);
}

/* Eq. 11: a kind already held can come by pong (or the winning discard) from any seat, else by
 * chi from the previous seat only; the opponents who need it themselves hold it back. The paper
 * writes the first case for T2 = AA; as written here it also counts a single held copy as
 * pong-able. With pair_ways (option ways=pairs) only a held pair is, a single copy comes from the
 * wall alone (1 way), and the take that completes the hand (last) comes from any discard. */
static double p_taking(const tree *T, int k, bool last)
{
    const jong_kf_tables *t = T->t;
    double ways;
    double any = 4 - (t->rt_aa[1][k] + t->rt_ab[1][k]) - (t->rt_aa[2][k] + t->rt_ab[2][k]) -
                 (t->rt_aa[3][k] + t->rt_ab[3][k]);
    if (T->o->pair_ways)
        ways = last || T->c[k] >= 2 ? any : T->c[k] == 1 ? 1 : 2 - (t->rt_aa[3][k] + t->rt_ab[3][k]);
    else if (T->c[k] >= 1)
        ways = any;
    else
        ways = 2 - (t->rt_aa[3][k] + t->rt_ab[3][k]);
    double p = ways * t->self_mo[k];
    return p < 0 ? 0 : p > 1 ? 1 : p;
}

/* Tscore: the value of the win (base + tai x unit) scored by the engine, the hand won on a
 * discard of the previous seat with the last tile taken. */
static double t_score(const tree *T, int win_tile)
{
    const jong_kf_hand *kh = T->kh;
    jong_win_context ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.hand = kh->hand;
    memcpy(ctx.hand.counts, T->c, sizeof T->c);
    ctx.win_tile = win_tile;
    ctx.winner = kh->seat;
    ctx.discarder = (kh->seat + 3) % 4;
    ctx.dealer = kh->dealer;
    ctx.dealer_streak = kh->streak;
    ctx.seat_wind = kh->seat_wind;
    ctx.round_wind = kh->round_wind;
    jong_tai_result res;
    jong_error err;
    if (jong_tai_score(kh->rules, &ctx, &res, &err) != JONG_OK)
        return 0;  /* a split the engine does not count as a win is worth nothing */
    return kh->rules->base + (double)res.tai * kh->rules->unit;
}

static memo_entry *lookup(tree *T, int type, bool *found)
{
    uint64_t key[2];
    pack(T->c, type, key);
    uint64_t h = (key[0] * 0x9E3779B97F4A7C15ull) ^ (key[1] * 0xC2B2AE3D27D4EB4Full);
    for (uint32_t i = 0, slot = (uint32_t)(h >> (64 - MEMO_BITS)); i < 8; i++, slot = (slot + 1) & (MEMO_SIZE - 1)) {
        memo_entry *e = &T->memo[slot];
        if (!T->used[slot]) {
            T->used[slot] = true;
            e->key[0] = key[0];
            e->key[1] = key[1];
            *found = false;
            return e;
        }
        if (e->key[0] == key[0] && e->key[1] == key[1]) {
            *found = true;
            return e;
        }
    }
    *found = false;
    return NULL;  /* a full neighbourhood: computed without memoising */
}

static void discard_node(tree *T, int d, int last, double *s, double si[JONG_KINDS]);

/* A taking node: 16 tiles, d tiles away. */
static void take_node(tree *T, int d, double *s, double si[JONG_KINDS])
{
    *s = 0;
    memset(si, 0, sizeof(double) * JONG_KINDS);
    bool found;
    memo_entry *e = lookup(T, 1, &found);
    if (found) {
        *s = e->s;
        memcpy(si, e->si, sizeof e->si);
        return;
    }
    if (++T->nodes > T->o->max_nodes || (T->stop && atomic_load(T->stop))) {
        T->aborted = true;
        return;
    }
    double cs, csi[JONG_KINDS];
    for (int k = 0; k < JONG_KINDS && !T->aborted; k++) {
        if (T->c[k] >= T->limit[k] || !(T->allowed >> k & 1))
            continue;
        double p = p_taking(T, k, d == 1);
        if (p <= 0)
            continue;
        T->c[k]++;
        if (wn(T) < d) {
            discard_node(T, d - 1, k, &cs, csi);
            *s += p * cs;
            for (int i = 0; i < JONG_KINDS; i++)
                si[i] += p * csi[i];
        }
        T->c[k]--;
    }
    if (e && !T->aborted) {
        e->s = *s;
        memcpy(e->si, si, sizeof e->si);
    }
}

/* A discarding node: 17 tiles, d tiles away (0: the hand wins on `last`). */
static void discard_node(tree *T, int d, int last, double *s, double si[JONG_KINDS])
{
    memset(si, 0, sizeof(double) * JONG_KINDS);
    if (d == 0) {
        *s = t_score(T, last);
        return;
    }
    *s = 0;
    bool found;
    memo_entry *e = lookup(T, 2, &found);
    if (found) {
        *s = e->s;
        memcpy(si, e->si, sizeof e->si);
        return;
    }
    double cs, csi[JONG_KINDS];
    for (int k = 0; k < JONG_KINDS && !T->aborted; k++) {
        if (!T->c[k])
            continue;
        T->c[k]--;
        if (wn(T) == d) {
            double keep = T->o->use_risk ? 1 - T->rtile[k] : 1;
            take_node(T, d, &cs, csi);
            *s += keep * cs;
            for (int i = 0; i < JONG_KINDS; i++)
                si[i] += keep * (i == k ? cs : csi[i]);
        }
        T->c[k]++;
    }
    if (e && !T->aborted) {
        e->s = *s;
        memcpy(e->si, si, sizeof e->si);
    }
}

static bool tree_init(tree *T, const jong_kf_hand *kh, const jong_kf_tables *t, const jong_kf_opts *o,
                      const atomic_bool *stop)
{
    memset(T, 0, sizeof *T);
    T->kh = kh;
    T->t = t;
    T->o = o;
    T->stop = stop;
    jong_kf_risk(t, o->risk_w, T->rtile);
    memcpy(T->c, kh->hand.counts, sizeof T->c);
    jong_hand_limits(&kh->hand, T->limit);
    for (int k = 0; k < JONG_KINDS; k++) {
        /* improved exploration: what cannot be taken any more does not make a T2 */
        int reach = T->c[k] + (o->improved ? t->unseen[k] : 4);
        if (reach < T->limit[k])
            T->limit[k] = (uint8_t)reach;
        if (T->limit[k] < T->c[k])
            T->limit[k] = T->c[k];
    }
    T->sets = jong_hand_sets_needed(&kh->hand, JONG_VARIANT_TAIWAN);
    T->allowed = (1ull << JONG_KINDS) - 1;
    T->memo = malloc(sizeof *T->memo * MEMO_SIZE);
    T->used = calloc(MEMO_SIZE, sizeof *T->used);
    T->groups = malloc(sizeof *T->groups * 4 * GROUP_SIZE);
    return T->memo && T->used && T->groups;
}

static void tree_free(tree *T)
{
    free(T->memo);
    free(T->used);
    free(T->groups);
}

static void set_variant(tree *T, int variant)
{
    static const uint64_t suit = 0x1FFull;
    uint64_t honors = ((1ull << JONG_KINDS) - 1) & ~((1ull << JONG_NUMBER_KINDS) - 1);
    T->variant = variant;
    T->allowed = (1ull << JONG_KINDS) - 1;
    if (variant >= JONG_KF_FLUSH_M && variant <= JONG_KF_FLUSH_S)
        T->allowed = suit << (9 * (variant - JONG_KF_FLUSH_M));
    else if (variant >= JONG_KF_HALF_M && variant <= JONG_KF_HALF_S)
        T->allowed = suit << (9 * (variant - JONG_KF_HALF_M)) | honors;
    memset(T->used, 0, sizeof *T->used * MEMO_SIZE);
    for (uint32_t i = 0; i < 4 * GROUP_SIZE; i++)
        T->groups[i].index = 0;
}

/* Sum the trees of the fast split and the high-score splits (those that need more takes than the
 * fast one but no more than the search limit), into s and si. Returns the fast WN. */
static int search(tree *T, bool discard, double *s, double si[JONG_KINDS])
{
    *s = 0;
    memset(si, 0, sizeof(double) * JONG_KINDS);
    set_variant(T, JONG_KF_FAST);
    int fast = wn(T);
    int last_variant = T->o->high_score ? JONG_KF_VARIANTS : 1;
    for (int v = 0; v < last_variant && !T->aborted; v++) {
        if (v && !jong_kf_variant_applies(&T->kh->hand, v))
            continue;
        set_variant(T, v);
        int d = wn(T);
        if (d > T->o->search_wn || d >= 127 || (v && (d <= fast || d > fast + HS_EXTRA)))
            continue;
        double vs, vsi[JONG_KINDS];
        if (discard)
            discard_node(T, d, -1, &vs, vsi);
        else
            take_node(T, d, &vs, vsi);
        *s += vs;
        for (int i = 0; i < JONG_KINDS; i++)
            si[i] += vsi[i];
    }
    return fast;
}

void jong_kf_decide(const jong_kf_hand *kh, const jong_kf_tables *t, const jong_kf_opts *o,
                    const atomic_bool *stop, jong_kf_result *r)
{
    tree T;
    memset(r, 0, sizeof *r);
    r->best = -1;
    bool ok = tree_init(&T, kh, t, o, stop);
    memcpy(r->rtile, T.rtile, sizeof r->rtile);
    double s = 0;
    int fast = 127;
    if (ok) {
        set_variant(&T, JONG_KF_FAST);
        fast = wn(&T);
    }
    r->wn = fast;
    if (ok && fast >= 1 && fast <= o->search_wn) {
        search(&T, true, &s, r->etile);
        r->nodes = T.nodes;
        if (!T.aborted && s > 0) {
            r->searched = true;
            /* Eq. 15 often ties: the T1 of a path are discarded in every order, so each gets the
             * same sum. KF-RULE's value breaks the ties, then the kind order. */
            jong_kf_result rule;
            jong_kf_rule(kh, t, o, &rule);
            double best = -1, best_rule = -1;
            for (int k = 0; k < JONG_KINDS; k++) {
                if (!kh->hand.counts[k])
                    continue;
                double e = r->etile[k];
                bool tie = e >= best - 1e-9 * best && e <= best + 1e-9 * best;
                if ((!tie && e > best) || (tie && rule.etile[k] > best_rule)) {
                    best = e > best ? e : best;
                    best_rule = rule.etile[k];
                    r->best = k;
                }
            }
        }
    }
    tree_free(&T);
    if (!r->searched) {
        int64_t nodes = r->nodes;
        jong_kf_rule(kh, t, o, r);
        r->nodes = nodes;
        r->wn = fast;
    }
}

double jong_kf_wait_value(const jong_kf_hand *kh, const jong_kf_tables *t, const jong_kf_opts *o,
                          const atomic_bool *stop, int64_t *nodes)
{
    tree T;
    double s = 0, si[JONG_KINDS];
    if (tree_init(&T, kh, t, o, stop)) {
        search(&T, false, &s, si);
        if (T.aborted)
            s = -1;
    }
    if (nodes)
        *nodes += T.nodes;
    tree_free(&T);
    return s;
}
