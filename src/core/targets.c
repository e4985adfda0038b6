/* Target distances (eval.h): how many tiles a hand lacks for each kind of winning hand, the
 * question Loh's hand evaluator asks ("what kind of hand should I form?"), answered exactly.
 *
 * Every target is the standard form (sets and a pair) restricted in which tiles or which set
 * types it may use, so each is the per-group DP of suit_dp.c with a restriction, combined over
 * the four groups (three suits, honors) by min-plus: the DP value is what the hand lacks of the
 * best target, i.e. the target's size minus the most tiles of the hand it can keep. The
 * special forms (seven pairs, thirteen orphans and their 17-tile Taiwanese forms) are small
 * enough to count directly. */
#include <string.h>

#include "jong/eval.h"
#include "suit_dp.h"

static const char *const target_names[JONG_TARGETS] = {
    "standard", "seven-pairs", "thirteen-orphans", "all-pongs", "all-chows", "full-flush", "half-flush",
};

const char *jong_target_name(int target)
{
    return target >= 0 && target < JONG_TARGETS ? target_names[target] : NULL;
}

typedef uint8_t group_dist[2][JONG_DP_MAXSETS + 1];

/* What the declared melds allow: which suits they touch, whether any is an honor meld, a chow,
 * or a pong/kong. */
typedef struct {
    unsigned suits;   /* bit s: a meld of suit s */
    bool honor, chow, pong;
} meld_facts;

static meld_facts facts_of(const jong_hand *h)
{
    meld_facts f = {0, false, false, false};
    for (int i = 0; i < h->nmelds; i++) {
        const jong_meld *m = &h->melds[i];
        if (jong_kind_is_honor(m->tile))
            f.honor = true;
        else
            f.suits |= 1u << jong_kind_suit(m->tile);
        if (m->type == JONG_MELD_CHOW)
            f.chow = true;
        else
            f.pong = true;
    }
    return f;
}

static int group_size(int g)
{
    return g < 3 ? 9 : 7;
}

/* A group that must hold nothing of the target. */
static void empty_group(group_dist d)
{
    memset(d, JONG_DP_INF, sizeof(group_dist));
    d[0][0] = 0;
}

static int finish(const group_dist d, int sets)
{
    return d[1][sets] >= JONG_DP_INF ? JONG_UNDEFINED : d[1][sets];
}

/* Sets and a pair from the groups in `groups` (bit g), with the given set types; the honor
 * group may be required to hold something (half flush with no honor meld). */
static int restricted(const uint8_t counts[JONG_KINDS], const uint8_t limit[JONG_KINDS], int sets,
                      unsigned groups, bool chows, bool pongs, bool need_honor)
{
    group_dist acc, part;
    empty_group(acc);
    for (int g = 0; g < 4; g++) {
        if (!(groups >> g & 1))
            continue;
        jong_suit_dp_blocks(counts + 9 * g, limit + 9 * g, group_size(g), chows && g < 3, pongs, sets, part);
        if (g == 3 && need_honor)
            part[0][0] = JONG_DP_INF;
        jong_dist_combine(acc, part, sets, acc);
    }
    return finish(acc, sets);
}

static int top_sum(int *v, int n, int take)
{
    /* the `take` largest of v[0..n-1] (n <= 34): partial selection sort */
    int sum = 0;
    for (int i = 0; i < take && i < n; i++) {
        int best = i;
        for (int j = i + 1; j < n; j++)
            if (v[j] > v[best])
                best = j;
        int t = v[i];
        v[i] = v[best];
        v[best] = t;
        sum += v[i];
    }
    return sum;
}

/* Riichi: seven distinct pairs. Taiwanese: seven distinct pairs and a pong of an eighth kind. */
static int seven_pairs(const uint8_t c[JONG_KINDS], jong_variant v)
{
    int keep[JONG_KINDS];
    if (v == JONG_VARIANT_RIICHI) {
        for (int k = 0; k < JONG_KINDS; k++)
            keep[k] = c[k] < 2 ? c[k] : 2;
        return 14 - top_sum(keep, JONG_KINDS, 7);
    }
    int best = 0;
    for (int p = 0; p < JONG_KINDS; p++) {
        int n = 0;
        for (int k = 0; k < JONG_KINDS; k++)
            if (k != p)
                keep[n++] = c[k] < 2 ? c[k] : 2;
        int kept = (c[p] < 3 ? c[p] : 3) + top_sum(keep, n, 7);
        if (kept > best)
            best = kept;
    }
    return 17 - best;
}

static const uint8_t orphan_kinds[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};

/* Riichi: the thirteen and one more of them. Taiwanese: the thirteen, one more of them as the
 * pair, and one set (pong or chow) of any kinds. */
static int thirteen_orphans(const uint8_t c[JONG_KINDS], jong_variant v)
{
    int best = 0;
    for (int i = 0; i < 13; i++) {
        int p = orphan_kinds[i];
        uint8_t t[JONG_KINDS] = {0};
        for (int j = 0; j < 13; j++)
            t[orphan_kinds[j]] = 1;
        t[p] = 2;
        int nsets = v == JONG_VARIANT_RIICHI ? 1 : 1 + JONG_KINDS + 21; /* riichi: no set */
        for (int s = 0; s < nsets; s++) {
            uint8_t u[JONG_KINDS];
            memcpy(u, t, sizeof u);
            if (s > 0 && s <= JONG_KINDS) {
                u[s - 1] += 3;
            } else if (s > JONG_KINDS) {
                int chow = s - JONG_KINDS - 1, first = chow / 7 * 9 + chow % 7;
                u[first]++, u[first + 1]++, u[first + 2]++;
            } else if (v != JONG_VARIANT_RIICHI) {
                continue; /* Taiwanese: the set is required */
            }
            int kept = 0;
            bool fits = true;
            for (int k = 0; k < JONG_KINDS; k++) {
                fits &= u[k] <= 4;
                kept += c[k] < u[k] ? c[k] : u[k];
            }
            if (fits && kept > best)
                best = kept;
        }
    }
    return (v == JONG_VARIANT_RIICHI ? 14 : 17) - best;
}

static int least(const int *v, int n)
{
    int m = JONG_UNDEFINED;
    for (int i = 0; i < n; i++)
        if (v[i] < m)
            m = v[i];
    return m;
}

static void flushes(const jong_hand *h, const uint8_t limit[JONG_KINDS], int sets, meld_facts f, bool full,
                    int out[3])
{
    for (int s = 0; s < 3; s++) {
        out[s] = JONG_UNDEFINED;
        if (f.suits & ~(1u << s))
            continue; /* a declared meld of another suit */
        if (full && f.honor)
            continue;
        unsigned groups = 1u << s | (full ? 0u : 1u << 3);
        out[s] = restricted(h->counts, limit, sets, groups, true, true, !full && !f.honor);
    }
}

static int compute(const jong_hand *h, jong_variant v, jong_forms forms, int target, jong_targets *all)
{
    uint8_t limit[JONG_KINDS];
    jong_hand_limits(h, limit);
    int sets = jong_hand_sets_needed(h, v);
    meld_facts f = facts_of(h);
    int n = jong_hand_concealed_count(h);
    bool special_size = h->nmelds == 0 && n >= 3 * sets + 1 && n <= 3 * sets + 2;
    int flush[3];
    switch (target) {
    case JONG_TARGET_STANDARD:
        return jong_distance_standard_limited(h->counts, sets, limit);
    case JONG_TARGET_SEVEN_PAIRS:
        return special_size && (forms & JONG_FORMS_CHIITOI) ? seven_pairs(h->counts, v) : JONG_UNDEFINED;
    case JONG_TARGET_THIRTEEN_ORPHANS:
        return special_size && (forms & JONG_FORMS_KOKUSHI) ? thirteen_orphans(h->counts, v) : JONG_UNDEFINED;
    case JONG_TARGET_ALL_PONGS:
        return f.chow ? JONG_UNDEFINED : restricted(h->counts, limit, sets, 15u, false, true, false);
    case JONG_TARGET_ALL_CHOWS:
        return f.pong || f.honor ? JONG_UNDEFINED : restricted(h->counts, limit, sets, 7u, true, false, false);
    case JONG_TARGET_FULL_FLUSH:
    case JONG_TARGET_HALF_FLUSH: {
        bool full = target == JONG_TARGET_FULL_FLUSH;
        flushes(h, limit, sets, f, full, flush);
        if (all)
            memcpy(full ? all->full_flush : all->half_flush, flush, sizeof flush);
        return least(flush, 3);
    }
    default:
        return JONG_UNDEFINED;
    }
}

int jong_hand_target(const jong_hand *h, jong_variant v, jong_forms forms, int target)
{
    return compute(h, v, forms, target, NULL);
}

/* ---- every target at once, from per-group tables --------------------------------------------
 * A group's tables for the three set types (any sets, pongs only, chows only) depend only on the
 * group's own counts, so all targets come from 4 x 3 small DPs, and a drawn tile changes only
 * its own group's three: that is what makes the table of every draw cheap for a player. */

typedef struct {
    group_dist any[4], pongs[4], chows[4];
} group_tables;

static void tables_of_group(const uint8_t counts[JONG_KINDS], const uint8_t limit[JONG_KINDS], int sets, int g,
                            group_tables *t)
{
    const uint8_t *c = counts + 9 * g, *lim = limit + 9 * g;
    int n = group_size(g);
    jong_suit_dp_blocks(c, lim, n, g < 3, true, sets, t->any[g]);
    jong_suit_dp_blocks(c, lim, n, false, true, sets, t->pongs[g]);
    if (g < 3)
        jong_suit_dp_blocks(c, lim, n, true, false, sets, t->chows[g]);
    else
        empty_group(t->chows[g]); /* all chows: no honor tile anywhere */
}

static int combined(group_dist parts[4], unsigned groups, int sets)
{
    group_dist acc;
    empty_group(acc);
    for (int g = 0; g < 4; g++)
        if (groups >> g & 1)
            jong_dist_combine(acc, parts[g], sets, acc);
    return finish(acc, sets);
}

static void targets_from_tables(const uint8_t counts[JONG_KINDS], group_tables *t, int sets, meld_facts f,
                                bool special, jong_variant v, jong_forms forms, jong_targets *out)
{
    int *d = out->distance;
    d[JONG_TARGET_STANDARD] = combined(t->any, 15u, sets);
    d[JONG_TARGET_SEVEN_PAIRS] = special && (forms & JONG_FORMS_CHIITOI) ? seven_pairs(counts, v) : JONG_UNDEFINED;
    d[JONG_TARGET_THIRTEEN_ORPHANS] =
        special && (forms & JONG_FORMS_KOKUSHI) ? thirteen_orphans(counts, v) : JONG_UNDEFINED;
    d[JONG_TARGET_ALL_PONGS] = f.chow ? JONG_UNDEFINED : combined(t->pongs, 15u, sets);
    d[JONG_TARGET_ALL_CHOWS] = f.pong || f.honor ? JONG_UNDEFINED : combined(t->chows, 7u, sets);
    for (int s = 0; s < 3; s++) {
        bool suits_ok = !(f.suits & ~(1u << s));
        out->full_flush[s] = suits_ok && !f.honor ? finish(t->any[s], sets) : JONG_UNDEFINED;
        out->half_flush[s] = JONG_UNDEFINED;
        if (suits_ok) {
            group_dist honors, acc;
            memcpy(honors, t->any[3], sizeof honors);
            if (!f.honor)
                honors[0][0] = JONG_DP_INF; /* the honor the half flush needs */
            jong_dist_combine(t->any[s], honors, sets, acc);
            out->half_flush[s] = finish(acc, sets);
        }
    }
    d[JONG_TARGET_FULL_FLUSH] = least(out->full_flush, 3);
    d[JONG_TARGET_HALF_FLUSH] = least(out->half_flush, 3);
}

static bool special_size(const jong_hand *h, int sets, int extra)
{
    int n = jong_hand_concealed_count(h) + extra;
    return h->nmelds == 0 && n >= 3 * sets + 1 && n <= 3 * sets + 2;
}

void jong_hand_targets(const jong_hand *h, jong_variant v, jong_forms forms, jong_targets *out)
{
    uint8_t limit[JONG_KINDS];
    jong_hand_limits(h, limit);
    int sets = jong_hand_sets_needed(h, v);
    group_tables t;
    for (int g = 0; g < 4; g++)
        tables_of_group(h->counts, limit, sets, g, &t);
    targets_from_tables(h->counts, &t, sets, facts_of(h), special_size(h, sets, 0), v, forms, out);
}

void jong_hand_targets_draws(const jong_hand *h, jong_variant v, jong_forms forms, uint64_t draws,
                             jong_targets out[JONG_KINDS])
{
    uint8_t limit[JONG_KINDS], counts[JONG_KINDS];
    jong_hand_limits(h, limit);
    memcpy(counts, h->counts, sizeof counts);
    int sets = jong_hand_sets_needed(h, v);
    meld_facts f = facts_of(h);
    bool special = special_size(h, sets, 1);
    group_tables base;
    for (int g = 0; g < 4; g++)
        tables_of_group(counts, limit, sets, g, &base);
    for (int j = 0; j < JONG_KINDS; j++) {
        if (!(draws >> j & 1))
            continue;
        if (counts[j] >= limit[j]) {
            for (int i = 0; i < JONG_TARGETS; i++)
                out[j].distance[i] = JONG_UNDEFINED;
            for (int s = 0; s < 3; s++)
                out[j].full_flush[s] = out[j].half_flush[s] = JONG_UNDEFINED;
            continue;
        }
        int g = j < JONG_NUMBER_KINDS ? j / 9 : 3;
        group_tables t = base;
        counts[j]++;
        tables_of_group(counts, limit, sets, g, &t);
        targets_from_tables(counts, &t, sets, f, special, v, forms, &out[j]);
        counts[j]--;
    }
}
