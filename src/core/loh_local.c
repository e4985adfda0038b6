/* Loh's hand evaluator as the paper builds it (appendix, steps 1-10): a local search over
 * arrangements of the tiles into groups of three, each group scored by the histogram method.
 * It is here to reproduce the paper and to measure against the exact distances of targets.c,
 * not to replace them: the search can stop in a local optimum (the paper says so, section 9).
 *
 * The arrangement: the concealed tiles plus padding, 3 x (sets + 1) slots, cut by position into
 * sets + 1 groups (step 4). The padding is the paper's imaginary tile, which makes the pair one
 * more group of three whose third tile never counts (step 7), and, for a hand of 3N+1 tiles (13
 * in riichi), one blank: the tile the hand has not drawn yet, which counts for nothing wherever
 * it lies. Both move with the swaps like any tile, so the search also chooses which group is
 * the pair.
 *
 * A group's score is the number of its tiles that can stay in one set of the target's kind: the
 * largest count of one kind (a pong; the only choice of the pair's group, at most 2), or the
 * most distinct kinds within three consecutive ranks of one suit (a chow; this is the paper's
 * "consecutive non-empty bins" with its filled-empty-filled pattern, counted in bins, so 1m 3m
 * 3m scores 2, not 3). So every group's score is honest on its own: there is a set (or pair) of
 * the allowed kind that keeps that many of the group's tiles. The sum over groups is then a
 * complete hand keeping that many tiles, which is why the search's distance is never below the
 * exact one, with one gap: the groups' sets are chosen separately, so two of them may each want
 * a copy of a kind the hand holds four of (11m in one group as a pong, 11m in another as the
 * pair) and the complete hand they describe would need a fifth. The paper's histograms have the
 * same gap; the measurement (jong bench loh-local) counts how often it shows.
 *
 * Two additions the paper leaves implicit: a kind whose copies the declared melds use up (the
 * 4-copy limit) cannot be a group's pong, pair or chow; and a half flush needs at least one
 * honor, so its total is the best sum in which at least one group is an honor pong or pair (the
 * sum of the groups' best, less the cheapest change of one group to its best honor set). */
#include <string.h>

#include "jong/eval.h"
#include "jong/rng.h"

#define MAX_GROUPS (JONG_MAX_SETS + 1)

/* What the target lets a group be (steps 1 and 5). */
typedef struct {
    uint64_t allowed; /* bit k: kind k may appear in a set or the pair */
    bool chows, pongs;
    bool need_honor;  /* half flush with no honor meld */
    uint8_t limit[JONG_KINDS];
} target_rules;

typedef struct {
    const target_rules *r;
    int slots, groups;
    uint8_t slot[JONG_LOH_SLOTS];
    int score[MAX_GROUPS];    /* each group's best score */
    int honor[MAX_GROUPS];    /* its best score as an honor pong or pair (half flush) */
    jong_loh_stats *st;
} search;

static bool is_kind(uint8_t t)
{
    return t < JONG_KINDS;
}

/* Step 6, the histogram method on the three slots of one group. */
static int group_score(const target_rules *r, const uint8_t t[3], int *honor)
{
    bool pair = t[0] == JONG_LOH_IMAGINARY || t[1] == JONG_LOH_IMAGINARY || t[2] == JONG_LOH_IMAGINARY;
    int need = pair ? 2 : 3, best = 0, hon = 0;
    for (int i = 0; i < 3; i++) {
        int k = t[i];
        if (!is_kind(t[i]) || !(r->allowed >> k & 1))
            continue;
        if ((pair || r->pongs) && r->limit[k] >= need) {
            int n = (t[0] == k) + (t[1] == k) + (t[2] == k);
            if (n > best)
                best = n;
            if (jong_kind_is_honor(k) && n > hon)
                hon = n;
        }
        if (pair || !r->chows || jong_kind_is_honor(k))
            continue;
        /* every chow holding k: starts at ranks rank-2..rank, within 1..7 */
        int rank = k % 9;
        for (int s = rank < 2 ? 0 : rank - 2; s <= rank && s <= 6; s++) {
            int w = k - rank + s;
            bool ok = true;
            for (int j = 0; j < 3; j++)
                ok &= (r->allowed >> (w + j) & 1) && r->limit[w + j] >= 1;
            if (!ok)
                continue;
            int n = 0;
            for (int j = 0; j < 3; j++)
                n += t[0] == w + j || t[1] == w + j || t[2] == w + j;
            if (n > best)
                best = n;
        }
    }
    *honor = hon;
    return best;
}

static void rescore(search *s, int g)
{
    s->score[g] = group_score(s->r, s->slot + 3 * g, &s->honor[g]);
}

/* The tiles not in conflict over all groups (steps 6-7), with the half flush's honor. */
static int total(const search *s)
{
    int sum = 0, give = JONG_UNDEFINED;
    for (int g = 0; g < s->groups; g++) {
        sum += s->score[g];
        if (s->score[g] - s->honor[g] < give)
            give = s->score[g] - s->honor[g];
    }
    return s->r->need_honor ? sum - give : sum;
}

/* Steps 8-9: swap tiles of two groups whenever that raises the total, until no swap does. */
static int climb(search *s)
{
    for (int g = 0; g < s->groups; g++)
        rescore(s, g);
    int cur = total(s);
    bool improved = true;
    while (improved) {
        improved = false;
        for (int i = 0; i < s->slots; i++)
            for (int j = i + 1; j < s->slots; j++) {
                int gi = i / 3, gj = j / 3;
                if (gi == gj || s->slot[i] == s->slot[j])
                    continue; /* the same groups again */
                s->st->swaps_tried++;
                uint8_t t = s->slot[i];
                s->slot[i] = s->slot[j];
                s->slot[j] = t;
                int si = s->score[gi], hi = s->honor[gi], sj = s->score[gj], hj = s->honor[gj];
                rescore(s, gi);
                rescore(s, gj);
                int now = total(s);
                if (now > cur) {
                    cur = now;
                    s->st->swaps_made++;
                    improved = true;
                } else {
                    s->slot[j] = s->slot[i];
                    s->slot[i] = t;
                    s->score[gi] = si, s->honor[gi] = hi, s->score[gj] = sj, s->honor[gj] = hj;
                }
            }
    }
    s->st->climbs++;
    return cur;
}

static void shuffle(jong_rng *rng, uint8_t *v, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)jong_rng_below(rng, (uint32_t)i + 1);
        uint8_t t = v[i];
        v[i] = v[j];
        v[j] = t;
    }
}

/* One target (one suit of a flush): the first climb from `order`, then step 10's reshuffles
 * until the best has not risen for `restarts` of them in a row. Stops early once the best keeps
 * every tile it could (no reshuffle can then raise it, so the answer is the same). Returns the
 * best total; *first is the first climb's. */
static int run(const target_rules *r, const uint8_t *order, int slots, int kept_max, int restarts, uint64_t seed,
               jong_loh_stats *st, uint8_t best_arr[JONG_LOH_SLOTS], int *first)
{
    search s = {.r = r, .slots = slots, .groups = slots / 3, .st = st};
    memcpy(s.slot, order, (size_t)slots);
    int best = climb(&s);
    *first = best;
    memcpy(best_arr, s.slot, (size_t)slots);
    jong_rng rng;
    jong_rng_seed(&rng, seed);
    for (int stale = 0; stale < restarts && best < kept_max;) {
        shuffle(&rng, s.slot, slots);
        st->reshuffles++;
        int got = climb(&s);
        if (got > best) {
            best = got;
            memcpy(best_arr, s.slot, (size_t)slots);
            stale = 0;
        } else {
            stale++;
        }
    }
    return best;
}

/* The hand's own tiles the target may keep, at most 3 x sets + 2: no total exceeds it. */
static int kept_bound(const jong_hand *h, const target_rules *r, int sets)
{
    int n = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        if (r->allowed >> k & 1)
            n += h->counts[k];
    return n < 3 * sets + 2 ? n : 3 * sets + 2;
}

/* `order` holds the concealed tiles, one imaginary tile and the blanks that fill the slots. */
static bool valid_order(const jong_hand *h, const uint8_t *order, int slots, int n)
{
    uint8_t c[JONG_KINDS] = {0};
    int imaginary = 0, blank = 0;
    for (int i = 0; i < slots; i++) {
        if (order[i] == JONG_LOH_IMAGINARY)
            imaginary++;
        else if (order[i] == JONG_LOH_BLANK)
            blank++;
        else if (is_kind(order[i]) && c[order[i]] < 4)
            c[order[i]]++;
        else
            return false;
    }
    return imaginary == 1 && blank == slots - 1 - n && memcmp(c, h->counts, sizeof c) == 0;
}

static void default_order(const jong_hand *h, int slots, uint8_t order[JONG_LOH_SLOTS])
{
    int i = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        for (int c = 0; c < h->counts[k]; c++)
            order[i++] = (uint8_t)k;
    while (i < slots - 1)
        order[i++] = JONG_LOH_BLANK;
    order[i] = JONG_LOH_IMAGINARY;
}

#define SUIT_KINDS(s) (0x1FFull << (9 * (s)))
#define HONOR_KINDS (0x7Full << JONG_NUMBER_KINDS)
#define NUMBER_KINDS ((1ull << JONG_NUMBER_KINDS) - 1)

int jong_loh_local_from(const jong_hand *h, jong_variant v, int target, const uint8_t *order, int restarts,
                        uint64_t seed, jong_loh_stats *stats)
{
    jong_loh_stats scratch;
    jong_loh_stats *st = stats ? stats : &scratch;
    memset(st, 0, sizeof *st);
    st->first_distance = JONG_UNDEFINED;
    int sets = jong_hand_sets_needed(h, v), n = jong_hand_concealed_count(h);
    int slots = 3 * (sets + 1);
    if ((n != 3 * sets + 1 && n != 3 * sets + 2) || slots > JONG_LOH_SLOTS || !valid_order(h, order, slots, n))
        return JONG_UNDEFINED;
    st->slots = slots;

    /* step 1: the declared melds against the target, as jong_hand_target rules targets out */
    unsigned meld_suits = 0;
    bool meld_honor = false, meld_chow = false, meld_pong = false;
    for (int i = 0; i < h->nmelds; i++) {
        const jong_meld *m = &h->melds[i];
        if (jong_kind_is_honor(m->tile))
            meld_honor = true;
        else
            meld_suits |= 1u << jong_kind_suit(m->tile);
        if (m->type == JONG_MELD_CHOW)
            meld_chow = true;
        else
            meld_pong = true;
    }
    target_rules r = {.allowed = NUMBER_KINDS | HONOR_KINDS, .chows = true, .pongs = true};
    jong_hand_limits(h, r.limit);
    /* the variants searched: one, or one per suit for a flush */
    uint64_t allowed[3];
    int variants = 0;
    switch (target) {
    case JONG_TARGET_STANDARD:
        allowed[variants++] = r.allowed;
        break;
    case JONG_TARGET_ALL_PONGS:
        if (meld_chow)
            return JONG_UNDEFINED;
        r.chows = false;
        allowed[variants++] = r.allowed;
        break;
    case JONG_TARGET_ALL_CHOWS:
        if (meld_pong || meld_honor)
            return JONG_UNDEFINED;
        r.pongs = false;
        allowed[variants++] = NUMBER_KINDS;
        break;
    case JONG_TARGET_FULL_FLUSH:
    case JONG_TARGET_HALF_FLUSH: {
        bool full = target == JONG_TARGET_FULL_FLUSH;
        if (full && meld_honor)
            return JONG_UNDEFINED;
        r.need_honor = !full && !meld_honor;
        for (int s = 0; s < 3; s++)
            if (!(meld_suits & ~(1u << s)))
                allowed[variants++] = SUIT_KINDS(s) | (full ? 0 : HONOR_KINDS);
        if (variants == 0)
            return JONG_UNDEFINED; /* melds of two suits */
        break;
    }
    default:
        return JONG_UNDEFINED;
    }

    int best = -1, first = -1;
    for (int i = 0; i < variants; i++) {
        r.allowed = allowed[i];
        uint8_t arr[JONG_LOH_SLOTS];
        int f;
        /* each suit of a flush draws its own reshuffles, so adding one changes no other */
        uint64_t s = variants == 1 ? seed : jong_seed_mix(seed, (uint64_t)i);
        int got = run(&r, order, slots, kept_bound(h, &r, sets), restarts, s, st, arr, &f);
        if (got > best) {
            best = got;
            memcpy(st->arrangement, arr, (size_t)slots);
        }
        if (f > first)
            first = f;
    }
    st->first_distance = 3 * sets + 2 - first;
    return 3 * sets + 2 - best;
}

int jong_loh_local_distance(const jong_hand *h, jong_variant v, int target, int restarts, uint64_t seed,
                            jong_loh_stats *stats)
{
    int sets = jong_hand_sets_needed(h, v), n = jong_hand_concealed_count(h);
    if (3 * (sets + 1) > JONG_LOH_SLOTS || n > 3 * (sets + 1) - 1) {
        if (stats) {
            memset(stats, 0, sizeof *stats);
            stats->first_distance = JONG_UNDEFINED;
        }
        return JONG_UNDEFINED;
    }
    uint8_t order[JONG_LOH_SLOTS];
    default_order(h, 3 * (sets + 1), order);
    return jong_loh_local_from(h, v, target, order, restarts, seed, stats);
}
