/* The slow reference evaluator. Every function follows a definition from include/jong/eval.h as
 * directly as it can; speed matters only as far as the random tests must run millions of hands.
 * Nothing here calls into the library (src/). */
#include "support/reference.h"

#include <stdio.h>
#include <string.h>

/* ==== distance to sets + pair ===============================================================
 *
 * The distance is 3*sets+2 minus the largest overlap between the hand and a target that fits
 * under the limits. We search over ways to assign hand tiles to the target's groups: take the
 * lowest kind i that still has undecided copies, then either
 *   - start a group whose lowest *hand* tile is i, in a free slot: a part of a pung at i, of a
 *     pair at i, or of a chow starting at i-2, i-1 or i (its kinds below i come from outside
 *     the hand, since the hand has nothing left below i), or
 *   - leave every remaining copy of i unused.
 * Every assignment of hand tiles to groups is reached this way, because each group's hand part
 * has a lowest tile and the group is created when that tile is the lowest undecided one.
 * Groups created at the same kind are created in non-decreasing option order: the same multiset
 * of groups in another order is the same assignment. Slots still empty at the end are filled by
 * wholly new sets / pair, which must fit under the limits too (a greedy packing, else an exact
 * count of the most sets that fit).
 *
 * Groups never cross suits, so the search runs on each suit (and the honors) alone, once for
 * every share of the sets and the pair that part could hold, and the shares are combined at the
 * end (see distance_table). Branch and bound: a branch stops when even using every remaining
 * usable tile could not beat the best overlap found so far. */

enum { GROUP_PUNG, GROUP_PAIR, GROUP_CHOW };

/* One way a group can take its hand tiles when i is its lowest hand tile. */
typedef struct {
    uint8_t group;   /* GROUP_* */
    uint8_t below;   /* chow: how many of its kinds lie below i (start = i - below) */
    uint8_t take[3]; /* hand copies taken from kinds i, i+1, i+2 */
} partial;

/* Most hand tiles first, so that good targets are found early and the bound prunes more. */
static const partial PARTIALS[] = {
    {GROUP_PUNG, 0, {3, 0, 0}}, {GROUP_CHOW, 0, {1, 1, 1}}, {GROUP_PUNG, 0, {2, 0, 0}},
    {GROUP_PAIR, 0, {2, 0, 0}}, {GROUP_CHOW, 0, {1, 1, 0}}, {GROUP_CHOW, 0, {1, 0, 1}},
    {GROUP_CHOW, 1, {1, 1, 0}}, {GROUP_PUNG, 0, {1, 0, 0}}, {GROUP_PAIR, 0, {1, 0, 0}},
    {GROUP_CHOW, 0, {1, 0, 0}}, {GROUP_CHOW, 1, {1, 0, 0}}, {GROUP_CHOW, 2, {1, 0, 0}},
};
#define NPARTIALS ((int)(sizeof PARTIALS / sizeof PARTIALS[0]))

typedef struct {
    uint8_t hand[JONG_KINDS]; /* hand copies not decided yet */
    uint8_t room[JONG_KINDS]; /* copies the target may still use (limit - used by groups) */
    int sets_free;            /* set slots with no group yet */
    int pair_free;            /* 1 while the pair slot is empty */
    int overlap;              /* hand tiles placed in groups */
    int best;                 /* largest overlap of a feasible target so far, -1 if none */
} search;

static bool is_number(int kind) { return kind >= 0 && kind < JONG_NUMBER_KINDS; }
static int min_int(int a, int b) { return a < b ? a : b; }

/* The kinds a group uses in the target: base and how many of each of base..base+2. */
typedef struct {
    int base;
    uint8_t use[3];
} footprint;

/* Where the target's copies of group `p` started at kind i lie; false if no such group exists
 * (a chow that would wrap, leave its suit or use an honor). */
static bool partial_footprint(const partial *p, int i, footprint *f)
{
    memset(f, 0, sizeof *f);
    f->base = i;
    if (p->group == GROUP_PUNG) {
        f->use[0] = 3;
        return true;
    }
    if (p->group == GROUP_PAIR) {
        f->use[0] = 2;
        return true;
    }
    int start = i - p->below;
    if (!is_number(i) || start < 0 || start / 9 != i / 9 || start % 9 > 6)
        return false;
    f->base = start;
    f->use[0] = f->use[1] = f->use[2] = 1;
    return true;
}

static bool footprint_fits(const search *s, const footprint *f)
{
    for (int j = 0; j < 3; j++)
        if (f->use[j] && (f->base + j >= JONG_KINDS || s->room[f->base + j] < f->use[j]))
            return false;
    return true;
}

static bool take_fits(const search *s, const partial *p, int i)
{
    for (int j = 0; j < 3; j++)
        if (p->take[j] && (i + j >= JONG_KINDS || s->hand[i + j] < p->take[j]))
            return false;
    return true;
}

/* Apply (sign = -1) or undo (sign = +1) a group's effect on the hand and the room. */
static void partial_apply(search *s, const partial *p, int i, const footprint *f, int sign)
{
    int taken = 0;
    for (int j = 0; j < 3; j++) {
        if (f->use[j])
            s->room[f->base + j] = (uint8_t)(s->room[f->base + j] + sign * f->use[j]);
        if (p->take[j])
            s->hand[i + j] = (uint8_t)(s->hand[i + j] + sign * p->take[j]);
        taken += p->take[j];
    }
    s->overlap -= sign * taken;
    if (p->group == GROUP_PAIR)
        s->pair_free += sign;
    else
        s->sets_free += sign;
}

/* The most sets that fit in the room of one number suit (room[0..8] = ranks 1..9). Walks the
 * ranks keeping how many chows started one and two ranks back still need this rank; memo holds
 * the best for (rank, open1, open2), -1 if not computed, -2 if those open chows cannot finish. */
static int suit_sets_from(const uint8_t room[9], int rank, int open1, int open2, int memo[10][5][5])
{
    if (rank == 9)
        return open1 || open2 ? -2 : 0;
    int *m = &memo[rank][open1][open2];
    if (*m != -1)
        return *m;
    int best = -2;
    int free_here = room[rank] - open1 - open2;
    for (int pung = 0; free_here >= 0 && pung <= 1; pung++) {
        for (int chows = 0; 3 * pung + chows <= free_here && (chows == 0 || rank <= 6); chows++) {
            int rest = suit_sets_from(room, rank + 1, chows, open1, memo);
            if (rest >= 0 && rest + pung + chows > best)
                best = rest + pung + chows;
        }
    }
    return *m = best;
}

/* The most wholly new sets that fit in the room of kinds lo..hi (one suit, or the honors, which
 * only make pungs). */
static int max_new_sets(const uint8_t room[JONG_KINDS], int lo, int hi)
{
    if (lo >= JONG_NUMBER_KINDS) {
        int n = 0;
        for (int k = lo; k <= hi; k++)
            n += room[k] / 3;
        return n;
    }
    int memo[10][5][5];
    memset(memo, -1, sizeof memo);
    return suit_sets_from(room + lo, 0, 0, 0, memo);
}

/* Sets in one particular packing of room (kinds lo..hi): at each kind a pung if it fits, then
 * as many chows starting there as fit. A lower bound on max_new_sets, and cheap. */
static int greedy_new_sets(const uint8_t room_in[JONG_KINDS], int lo, int hi)
{
    uint8_t room[JONG_KINDS];
    memcpy(room, room_in, sizeof room);
    int n = 0;
    for (int k = lo; k <= hi; k++) {
        if (room[k] >= 3)
            room[k] -= 3, n++;
        if (!is_number(k) || k % 9 > 6)
            continue;
        int chows = min_int(room[k], min_int(room[k + 1], room[k + 2]));
        room[k] = (uint8_t)(room[k] - chows);
        room[k + 1] = (uint8_t)(room[k + 1] - chows);
        room[k + 2] = (uint8_t)(room[k + 2] - chows);
        n += chows;
    }
    return n;
}

/* Whether the empty slots can be filled with wholly new groups of kinds lo..hi under the
 * limits. The greedy packing settles most cases; the exact count settles the rest. */
static bool empty_slots_fit(const search *s, int lo, int hi)
{
    int total = 0;
    for (int k = lo; k <= hi; k++)
        total += s->room[k];
    if (total < 3 * s->sets_free + 2 * s->pair_free)
        return false;
    /* Enough kinds with room for a pung each, plus one more for the pair. */
    int roomy = 0;
    for (int k = lo; k <= hi; k++)
        roomy += s->room[k] >= 3;
    if (roomy >= s->sets_free + s->pair_free)
        return true;
    uint8_t room[JONG_KINDS];
    memcpy(room, s->room, sizeof room);
    if (!s->pair_free)
        return greedy_new_sets(room, lo, hi) >= s->sets_free ||
               max_new_sets(room, lo, hi) >= s->sets_free;
    for (int pass = 0; pass < 2; pass++)
        for (int k = lo; k <= hi; k++) {
            if (room[k] < 2)
                continue;
            room[k] -= 2;
            bool ok = pass == 0 ? greedy_new_sets(room, lo, hi) >= s->sets_free
                                : max_new_sets(room, lo, hi) >= s->sets_free;
            room[k] += 2;
            if (ok)
                return true;
        }
    return false;
}

/* The search inside kinds lo..hi (one suit or the honors): every group lies in one suit. */
static void search_from(search *s, int lo, int hi, int i, int first_option)
{
    /* Bound: the groups still to come can take at most what the empty slots hold, and at most
     * room[k] more copies of each undecided kind k (room only shrinks). */
    int capacity = 3 * s->sets_free + 2 * s->pair_free, usable = 0;
    for (int k = i; k <= hi; k++)
        usable += min_int(s->hand[k], s->room[k]);
    if (s->overlap + min_int(usable, capacity) <= s->best)
        return;
    /* Every group still to come, whatever hand tiles it takes, needs room under the limits: if
     * the empty slots cannot all be filled even with wholly new groups, nothing below fits. */
    if (!empty_slots_fit(s, lo, hi))
        return;
    while (i <= hi && s->hand[i] == 0)
        i++, first_option = 0;
    if (i > hi) {
        s->best = s->overlap;
        return;
    }
    for (int o = first_option; o < NPARTIALS; o++) {
        const partial *p = &PARTIALS[o];
        footprint f;
        if ((p->group == GROUP_PAIR ? !s->pair_free : !s->sets_free) ||
            !partial_footprint(p, i, &f) || !footprint_fits(s, &f) || !take_fits(s, p, i))
            continue;
        partial_apply(s, p, i, &f, -1);
        search_from(s, lo, hi, i, o);
        partial_apply(s, p, i, &f, +1);
    }
    uint8_t unused = s->hand[i];
    s->hand[i] = 0;
    search_from(s, lo, hi, i + 1, 0);
    s->hand[i] = unused;
}

/* Largest overlap between the hand's kinds lo..hi and a target made of exactly `sets` sets and
 * `pairs` (0 or 1) pairs, all of kinds lo..hi, within room; -1 if no such target fits. */
static int part_overlap(const uint8_t counts[JONG_KINDS], const uint8_t room[JONG_KINDS], int lo,
                        int hi, int sets, int pairs)
{
    search s;
    memset(&s, 0, sizeof s);
    for (int k = lo; k <= hi; k++) {
        s.hand[k] = counts[k];
        s.room[k] = room[k];
    }
    s.sets_free = sets;
    s.pair_free = pairs;
    s.best = -1;
    search_from(&s, lo, hi, lo, 0);
    return s.best;
}

/* A target is a union of groups, each inside one suit (or the honors), and both the overlap
 * sum_k min(T_k, counts_k) and the limits are per kind. So the best target is the best way to
 * share the sets and the pair among the four parts, each part taking its own best sub-target:
 * search each part alone for every share, then combine the shares (a small knapsack). */
enum { PARTS = 4, NO_TARGET = -1, MOST_SETS = 42 /* 36 number sets + 6 honor pungs */ };

/* Adds one part (suit 0..2 or the honors) to best[j][p], the largest overlap of the parts so
 * far with j sets and p pairs among them: the part takes every share (j', p') it can hold. */
static void add_part(const uint8_t counts[JONG_KINDS], const uint8_t room[JONG_KINDS], int part,
                     int smax, int best[][2])
{
    int lo = 9 * part, hi = part == 3 ? JONG_KINDS - 1 : lo + 8;
    int next[MOST_SETS + 1][2];
    for (int j = 0; j <= smax; j++)
        next[j][0] = next[j][1] = NO_TARGET;
    for (int j = 0; j <= smax; j++)
        for (int p = 0; p <= 1; p++) {
            int here = part_overlap(counts, room, lo, hi, j, p);
            if (here == NO_TARGET)
                continue;
            for (int j0 = 0; j0 + j <= smax; j0++)
                for (int p0 = 0; p0 + p <= 1; p0++)
                    if (best[j0][p0] != NO_TARGET && best[j0][p0] + here > next[j0 + j][p0 + p])
                        next[j0 + j][p0 + p] = best[j0][p0] + here;
        }
    for (int j = 0; j <= smax; j++)
        best[j][0] = next[j][0], best[j][1] = next[j][1];
}

/* out[s] = distance for s sets, s = 0..smax (smax <= MOST_SETS). */
static void distance_table(const uint8_t counts[JONG_KINDS], const uint8_t limit[JONG_KINDS],
                           int smax, int out[])
{
    /* A kind has four copies, so a larger limit means the same as 4 (and keeps the per-suit
     * packing's chow counts within its table). */
    uint8_t room[JONG_KINDS];
    for (int k = 0; k < JONG_KINDS; k++)
        room[k] = limit[k] < 4 ? limit[k] : 4;
    /* best[j][p]: largest overlap over the parts so far holding j sets and p pairs */
    int best[MOST_SETS + 1][2];
    for (int j = 0; j <= smax; j++)
        best[j][0] = best[j][1] = NO_TARGET;
    best[0][0] = 0;
    for (int part = 0; part < PARTS; part++)
        add_part(counts, room, part, smax, best);
    for (int j = 0; j <= smax; j++)
        out[j] = best[j][1] == NO_TARGET ? REF_IMPOSSIBLE : 3 * j + 2 - best[j][1];
}

int ref_distance(const uint8_t counts[JONG_KINDS], int sets, const uint8_t limit[JONG_KINDS])
{
    if (sets < 0 || sets > MOST_SETS)
        return REF_IMPOSSIBLE;
    int out[MOST_SETS + 1];
    distance_table(counts, limit, sets, out);
    return out[sets];
}

int ref_distance4(const uint8_t counts[JONG_KINDS], int sets)
{
    uint8_t limit[JONG_KINDS];
    memset(limit, 4, sizeof limit);
    return ref_distance(counts, sets, limit);
}

/* ==== seven pairs and thirteen orphans ===================================================== */

static int tile_count(const uint8_t counts[JONG_KINDS])
{
    int n = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        n += counts[k];
    return n;
}

/* Target: 7 distinct kinds, two of each. The hand covers min(2, c_k) of each chosen kind, so the
 * best target takes the 7 kinds with the largest min(2, c_k). */
int ref_chiitoi_shanten(const uint8_t counts[JONG_KINDS])
{
    int n = tile_count(counts);
    if (n != 13 && n != 14)
        return JONG_UNDEFINED;
    int have[3] = {0, 0, 0}; /* kinds covering 0, 1, 2 target tiles */
    for (int k = 0; k < JONG_KINDS; k++)
        have[counts[k] >= 2 ? 2 : counts[k]]++;
    int overlap = 0, chosen = 0;
    for (int cover = 2; cover >= 0; cover--)
        for (int j = 0; j < have[cover] && chosen < 7; j++, chosen++)
            overlap += cover;
    return 14 - overlap - 1;
}

/* Target: one of each of the 13 terminal/honor kinds plus one more of any of them. */
int ref_kokushi_shanten(const uint8_t counts[JONG_KINDS])
{
    int n = tile_count(counts);
    if (n != 13 && n != 14)
        return JONG_UNDEFINED;
    int distinct = 0;
    bool doubled = false;
    for (int k = 0; k < JONG_KINDS; k++) {
        if (!jong_kind_is_yaochu(k) || counts[k] == 0)
            continue;
        distinct++;
        doubled |= counts[k] >= 2;
    }
    return 14 - distinct - (doubled ? 1 : 0) - 1;
}

static int min3(int a, int b, int c) { return min_int(a, min_int(b, c)); }

void ref_shanten_all(const uint8_t counts[JONG_KINDS], int sets, jong_shanten3 *out)
{
    int d = ref_distance4(counts, sets);
    out->standard = d >= REF_IMPOSSIBLE ? JONG_UNDEFINED : d - 1;
    int n = tile_count(counts);
    bool special = sets == 4 && (n == 13 || n == 14);
    out->chiitoi = special ? ref_chiitoi_shanten(counts) : JONG_UNDEFINED;
    out->kokushi = special ? ref_kokushi_shanten(counts) : JONG_UNDEFINED;
    out->best = min3(out->standard, out->chiitoi, out->kokushi);
}

/* ==== SIMCAT ================================================================================ */

int ref_mtw(const uint8_t counts[JONG_KINDS], int melds, int c)
{
    if (c <= 0)
        return 0;
    int sets = c - 1 - melds;
    int d = ref_distance4(counts, sets < 0 ? 0 : sets);
    return d >= REF_IMPOSSIBLE ? JONG_UNDEFINED : d;
}

/* MTW(0..cmax) with the target limited per kind: sets = max(0, c-1-melds). */
static void mtw_table_limited(const uint8_t counts[JONG_KINDS], int melds,
                              const uint8_t limit[JONG_KINDS], int cmax, int out[])
{
    int smax = cmax - 1 - melds < 0 ? 0 : cmax - 1 - melds;
    int dist[MOST_SETS + 1];
    distance_table(counts, limit, smax, dist);
    out[0] = 0;
    for (int c = 1; c <= cmax; c++) {
        int d = dist[c - 1 - melds < 0 ? 0 : c - 1 - melds];
        out[c] = d >= REF_IMPOSSIBLE ? JONG_UNDEFINED : d;
    }
}

/* SIMCAT formula (1) over a table of MTW(0..JONG_MTW_MAX). */
static int blocks_of(const int mtw[])
{
    int blocks = 0;
    for (int c = 1; c <= JONG_MTW_MAX; c++)
        if (mtw[c] - mtw[c - 1] <= 1)
            blocks = c;
    return blocks;
}

void ref_mtw_table(const uint8_t counts[JONG_KINDS], int melds, int cmax, int out[])
{
    uint8_t limit[JONG_KINDS];
    memset(limit, 4, sizeof limit);
    mtw_table_limited(counts, melds, limit, cmax, out);
}

int ref_blocks(const uint8_t counts[JONG_KINDS], int melds)
{
    int mtw[JONG_MTW_MAX + 1];
    ref_mtw_table(counts, melds, JONG_MTW_MAX, mtw);
    return blocks_of(mtw);
}

static void hand_limits(const jong_hand *h, uint8_t limit[JONG_KINDS]);

void ref_hand_mtw_table(const jong_hand *h, int cmax, int out[])
{
    uint8_t limit[JONG_KINDS];
    hand_limits(h, limit);
    mtw_table_limited(h->counts, h->nmelds, limit, cmax, out);
}

int ref_hand_blocks(const jong_hand *h)
{
    int mtw[JONG_MTW_MAX + 1];
    ref_hand_mtw_table(h, JONG_MTW_MAX, mtw);
    return blocks_of(mtw);
}

/* ==== whole hands ============================================================================ */

int ref_variant_sets(jong_variant v) { return v == JONG_VARIANT_TAIWAN ? 5 : 4; }

void ref_meld_copies(const jong_hand *h, uint8_t out[JONG_KINDS])
{
    memset(out, 0, JONG_KINDS);
    for (int i = 0; i < h->nmelds; i++) {
        const jong_meld *m = &h->melds[i];
        if (m->type == JONG_MELD_CHOW) {
            for (int j = 0; j < 3; j++)
                out[m->tile + j]++;
        } else {
            out[m->tile] += m->type == JONG_MELD_PUNG ? 3 : 4;
        }
    }
}

int ref_concealed_count(const jong_hand *h) { return tile_count(h->counts); }

int ref_sets_needed(const jong_hand *h, jong_variant v)
{
    int n = ref_variant_sets(v) - h->nmelds;
    return n < 0 ? 0 : n;
}

bool ref_special_forms_apply(const jong_hand *h, jong_variant v)
{
    int n = ref_concealed_count(h);
    return h->nmelds == 0 && ref_sets_needed(h, v) == 4 && (n == 13 || n == 14);
}

/* The limit per kind: 4 minus the copies inside declared melds. */
static void hand_limits(const jong_hand *h, uint8_t limit[JONG_KINDS])
{
    uint8_t meld[JONG_KINDS];
    ref_meld_copies(h, meld);
    for (int k = 0; k < JONG_KINDS; k++)
        limit[k] = (uint8_t)(meld[k] >= 4 ? 0 : 4 - meld[k]);
}

int ref_hand_shanten(const jong_hand *h, jong_variant v, jong_forms forms, jong_shanten3 *out)
{
    jong_shanten3 r = {JONG_UNDEFINED, JONG_UNDEFINED, JONG_UNDEFINED, JONG_UNDEFINED};
    if (forms & JONG_FORMS_STANDARD) {
        uint8_t limit[JONG_KINDS];
        hand_limits(h, limit);
        int d = ref_distance(h->counts, ref_sets_needed(h, v), limit);
        r.standard = d >= REF_IMPOSSIBLE ? JONG_UNDEFINED : d - 1;
    }
    if (ref_special_forms_apply(h, v)) {
        if (forms & JONG_FORMS_CHIITOI)
            r.chiitoi = ref_chiitoi_shanten(h->counts);
        if (forms & JONG_FORMS_KOKUSHI)
            r.kokushi = ref_kokushi_shanten(h->counts);
    }
    r.best = min3(r.standard, r.chiitoi, r.kokushi);
    if (out)
        *out = r;
    return r.best;
}

int ref_hand_distance(const jong_hand *h, jong_variant v, jong_forms forms)
{
    int s = ref_hand_shanten(h, v, forms, NULL);
    return s == JONG_UNDEFINED ? REF_IMPOSSIBLE : s + 1;
}

bool ref_is_complete(const jong_hand *h, jong_variant v, jong_forms forms)
{
    if (ref_concealed_count(h) != 3 * ref_sets_needed(h, v) + 2)
        return false;
    return ref_hand_distance(h, v, forms) == 0;
}

/* Whether the hand and its melds leave a copy of kind t to draw. */
static bool copy_left(const jong_hand *h, const uint8_t meld[JONG_KINDS], int t)
{
    return h->counts[t] + meld[t] < 4;
}

uint64_t ref_waits(const jong_hand *h, jong_variant v, jong_forms forms)
{
    uint8_t meld[JONG_KINDS];
    ref_meld_copies(h, meld);
    jong_hand with = *h;
    uint64_t waits = 0;
    for (int t = 0; t < JONG_KINDS; t++) {
        if (!copy_left(h, meld, t))
            continue;
        with.counts[t]++;
        if (ref_is_complete(&with, v, forms))
            waits |= (uint64_t)1 << t;
        with.counts[t]--;
    }
    return waits;
}

int ref_effective_tiles(const jong_hand *h, jong_variant v, jong_forms forms,
                        const uint8_t seen[JONG_KINDS], jong_ukeire *out)
{
    uint8_t meld[JONG_KINDS];
    ref_meld_copies(h, meld);
    memset(out, 0, sizeof *out);
    int now = ref_hand_distance(h, v, forms);
    jong_hand with = *h;
    for (int t = 0; t < JONG_KINDS; t++) {
        if (!copy_left(h, meld, t))
            continue;
        with.counts[t]++;
        bool effective = ref_hand_distance(&with, v, forms) < now;
        with.counts[t]--;
        if (!effective)
            continue;
        int unseen = 4 - h->counts[t] - meld[t] - (seen ? seen[t] : 0);
        out->kinds |= (uint64_t)1 << t;
        out->unseen[t] = (uint8_t)(unseen > 0 ? unseen : 0);
        out->total += out->unseen[t];
    }
    return out->total;
}

/* Row order of the discard table: lower shanten, then more effective tiles, then lower kind. */
static bool row_before(const jong_discard_option *a, const jong_discard_option *b)
{
    if (a->shanten != b->shanten)
        return a->shanten < b->shanten;
    if (a->ukeire.total != b->ukeire.total)
        return a->ukeire.total > b->ukeire.total;
    return a->discard < b->discard;
}

int ref_discard_table(const jong_hand *h, jong_variant v, jong_forms forms,
                      const uint8_t seen[JONG_KINDS], jong_discard_option out[JONG_KINDS])
{
    int rows = 0;
    jong_hand after = *h;
    /* The discarded tile lies face up in the discards: it is seen, not unseen. */
    uint8_t seen_after[JONG_KINDS];
    for (int k = 0; k < JONG_KINDS; k++)
        seen_after[k] = seen ? seen[k] : 0;
    for (int k = 0; k < JONG_KINDS; k++) {
        if (h->counts[k] == 0)
            continue;
        after.counts[k]--;
        seen_after[k]++;
        jong_discard_option row;
        memset(&row, 0, sizeof row);
        row.discard = (uint8_t)k;
        row.shanten = ref_hand_shanten(&after, v, forms, NULL);
        ref_effective_tiles(&after, v, forms, seen_after, &row.ukeire);
        after.counts[k]++;
        seen_after[k]--;
        /* insertion sort: at most 34 rows */
        int j = rows++;
        while (j > 0 && row_before(&row, &out[j - 1])) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = row;
    }
    return rows;
}

/* ==== decompositions ========================================================================= */

/* The 55 sets: 34 pungs and 21 chows, as (type, lowest kind). */
typedef struct {
    uint8_t type;
    uint8_t tile;
} set_kind;

static int all_sets(set_kind out[55])
{
    int n = 0;
    for (int k = 0; k < JONG_KINDS; k++) {
        if (is_number(k) && k % 9 <= 6)
            out[n++] = (set_kind){JONG_MELD_CHOW, (uint8_t)k};
        out[n++] = (set_kind){JONG_MELD_PUNG, (uint8_t)k};
    }
    return n;
}

static void set_tiles(const set_kind *s, int sign, uint8_t counts[JONG_KINDS])
{
    if (s->type == JONG_MELD_PUNG) {
        counts[s->tile] = (uint8_t)(counts[s->tile] + 3 * sign);
    } else {
        for (int j = 0; j < 3; j++)
            counts[s->tile + j] = (uint8_t)(counts[s->tile + j] + sign);
    }
}

static bool set_fits(const set_kind *s, const uint8_t counts[JONG_KINDS])
{
    if (s->type == JONG_MELD_PUNG)
        return counts[s->tile] >= 3;
    return counts[s->tile] && counts[s->tile + 1] && counts[s->tile + 2];
}

int ref_set_key(int type, int tile) { return 2 * tile + (type == JONG_MELD_PUNG); }

void ref_decomposition_canonical(jong_decomposition *d)
{
    jong_decomposition c;
    memset(&c, 0, sizeof c);
    c.form = d->form;
    c.pair = d->form == JONG_DECOMP_CHIITOI ? 0 : d->pair;
    if (d->form == JONG_DECOMP_STANDARD) {
        c.nsets = d->nsets;
        int n = d->nsets <= JONG_MAX_SETS + 2 ? d->nsets : JONG_MAX_SETS + 2;
        for (int i = 0; i < n; i++) {
            int j = i;
            while (j > 0 && ref_set_key(d->set_type[i], d->set_tile[i]) <
                                ref_set_key(c.set_type[j - 1], c.set_tile[j - 1])) {
                c.set_type[j] = c.set_type[j - 1], c.set_tile[j] = c.set_tile[j - 1];
                j--;
            }
            c.set_type[j] = d->set_type[i], c.set_tile[j] = d->set_tile[i];
        }
    }
    if (d->form == JONG_DECOMP_CHIITOI)
        memcpy(c.pairs, d->pairs, sizeof c.pairs);
    *d = c;
}

typedef struct {
    set_kind sets[55];
    int nkinds;
    int want;                       /* sets per reading */
    set_kind chosen[JONG_MAX_SETS + 2];
    int pair;
    jong_decomposition *out;
    int max, found;
} decomposer;

static void record_standard(decomposer *d)
{
    if (d->found < d->max) {
        jong_decomposition *r = &d->out[d->found];
        memset(r, 0, sizeof *r);
        r->form = JONG_DECOMP_STANDARD;
        r->pair = (uint8_t)d->pair;
        r->nsets = (uint8_t)d->want;
        for (int i = 0; i < d->want; i++)
            r->set_type[i] = d->chosen[i].type, r->set_tile[i] = d->chosen[i].tile;
    }
    d->found++;
}

/* Choose sets number n.. of a reading from the 55, in non-decreasing list order (a multiset),
 * taking their tiles out of rest; a reading is found when rest ends empty. */
static void choose_sets(decomposer *d, uint8_t rest[JONG_KINDS], int n, int from)
{
    if (n == d->want) {
        if (tile_count(rest) == 0)
            record_standard(d);
        return;
    }
    for (int i = from; i < d->nkinds; i++) {
        if (!set_fits(&d->sets[i], rest))
            continue;
        set_tiles(&d->sets[i], -1, rest);
        d->chosen[n] = d->sets[i];
        choose_sets(d, rest, n + 1, i);
        set_tiles(&d->sets[i], +1, rest);
    }
}

static void add_special(decomposer *d, const jong_decomposition *r)
{
    if (d->found < d->max)
        d->out[d->found] = *r;
    d->found++;
}

static void special_readings(decomposer *d, const uint8_t counts[JONG_KINDS], jong_forms forms)
{
    jong_decomposition r;
    if ((forms & JONG_FORMS_CHIITOI) && ref_chiitoi_shanten(counts) == -1) {
        memset(&r, 0, sizeof r);
        r.form = JONG_DECOMP_CHIITOI;
        int n = 0;
        for (int k = 0; k < JONG_KINDS; k++)
            if (counts[k] == 2)
                r.pairs[n++] = (uint8_t)k;
        add_special(d, &r);
    }
    if ((forms & JONG_FORMS_KOKUSHI) && ref_kokushi_shanten(counts) == -1) {
        memset(&r, 0, sizeof r);
        r.form = JONG_DECOMP_KOKUSHI;
        for (int k = 0; k < JONG_KINDS; k++)
            if (counts[k] == 2)
                r.pair = (uint8_t)k;
        add_special(d, &r);
    }
}

int ref_decompose(const uint8_t counts[JONG_KINDS], int sets, jong_forms forms,
                  jong_decomposition *out, int max)
{
    decomposer d;
    memset(&d, 0, sizeof d);
    d.nkinds = all_sets(d.sets);
    d.want = sets;
    d.out = out;
    d.max = max;
    if (sets < 0 || sets > JONG_MAX_SETS + 2 || tile_count(counts) != 3 * sets + 2)
        return 0;
    if (forms & JONG_FORMS_STANDARD) {
        uint8_t rest[JONG_KINDS];
        memcpy(rest, counts, sizeof rest);
        for (int p = 0; p < JONG_KINDS; p++) {
            if (rest[p] < 2)
                continue;
            rest[p] -= 2;
            d.pair = p;
            choose_sets(&d, rest, 0, 0);
            rest[p] += 2;
        }
    }
    if (sets == 4)
        special_readings(&d, counts, forms);
    return d.found;
}

/* ==== notation ============================================================================== */

static int suit_of_letter(char c)
{
    switch (c) {
    case 'm': case 'w': return 0;
    case 'p': case 't': return 1;
    case 's': return 2;
    case 'z': return 3;
    default: return -1;
    }
}

int ref_parse_counts(const char *text, uint8_t counts[JONG_KINDS])
{
    memset(counts, 0, JONG_KINDS);
    char digits[64];
    int ndigits = 0, tiles = 0;
    for (const char *c = text; *c; c++) {
        if (*c == ' ')
            continue;
        if (*c >= '0' && *c <= '9') {
            if (ndigits == (int)sizeof digits)
                return -1;
            digits[ndigits++] = *c;
            continue;
        }
        int suit = suit_of_letter(*c);
        if (suit < 0 || ndigits == 0)
            return -1;
        for (int j = 0; j < ndigits; j++) {
            int rank = digits[j] == '0' ? 5 : digits[j] - '0';
            if (rank < 1 || rank > (suit == 3 ? 7 : 9))
                return -1;
            int k = suit * 9 + rank - 1;
            if (++counts[k] > 4)
                return -1;
            tiles++;
        }
        ndigits = 0;
    }
    return ndigits ? -1 : tiles;
}

static size_t append(char *buf, size_t n, size_t at, char c)
{
    if (at + 1 < n)
        buf[at] = c, buf[at + 1] = '\0';
    return at + 1;
}

char *ref_format_counts(const uint8_t counts[JONG_KINDS], char *buf, size_t n)
{
    size_t at = 0;
    if (n)
        buf[0] = '\0';
    for (int suit = 0; suit < 4; suit++) {
        bool any = false;
        for (int rank = 1; rank <= (suit == 3 ? 7 : 9); rank++)
            for (int j = 0; j < counts[suit * 9 + rank - 1]; j++)
                at = append(buf, n, at, (char)('0' + rank)), any = true;
        if (any)
            at = append(buf, n, at, "mpsz"[suit]);
    }
    return buf;
}

char *ref_format_hand(const jong_hand *h, char *buf, size_t n)
{
    ref_format_counts(h->counts, buf, n);
    for (int i = 0; i < h->nmelds; i++) {
        const jong_meld *m = &h->melds[i];
        uint8_t c[JONG_KINDS] = {0};
        if (m->type == JONG_MELD_CHOW)
            c[m->tile]++, c[m->tile + 1]++, c[m->tile + 2]++;
        else
            c[m->tile] = m->type == JONG_MELD_PUNG ? 3 : 4;
        char meld[32];
        ref_format_counts(c, meld, sizeof meld);
        bool closed = m->type == JONG_MELD_CONCEALED_KONG;
        size_t len = strlen(buf);
        if (len < n)
            snprintf(buf + len, n - len, " %c%s%c", closed ? '(' : '[', meld, closed ? ')' : ']');
    }
    return buf;
}
