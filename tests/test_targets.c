/* Target distances (jong_hand_targets, eval.h): hand-made cases for every target and every way a
 * declared meld rules one out, Loh's first example, and the fast call against a slow reference
 * that searches the complete hands of each form on random hands of every size (riichi 13 and 14
 * tiles, Taiwanese 16 and 17, with and without declared melds): JONG_RANDOM_HANDS / 10 of each
 * size (100,000 in release; tests/run_all.sh lowers it under the sanitizers); on the same hands the
 * single-target call (every 4th hand) and the every-draw call (every 32nd) agree with the
 * all-targets call. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jong/jong.h"
#include "support/parse_or_fail.h"
#include "support/random_hands.h"

#define U JONG_UNDEFINED

static int target_of(const char *hand, jong_variant v, jong_forms forms, int target)
{
    jong_hand h = hand_of(hand);
    return jong_hand_target(&h, v, forms, target);
}

static void expect(const char *hand, jong_variant v, const int want[JONG_TARGETS])
{
    jong_hand h = hand_of(hand);
    jong_targets t;
    jong_forms forms = v == JONG_VARIANT_RIICHI ? JONG_FORMS_ALL : JONG_FORMS_ALL;
    jong_hand_targets(&h, v, forms, &t);
    for (int i = 0; i < JONG_TARGETS; i++) {
        if (t.distance[i] != want[i])
            fail_msg("%s: %s is %d, expected %d", hand, jong_target_name(i), t.distance[i], want[i]);
        assert_int_equal(jong_hand_target(&h, v, forms, i), t.distance[i]);
    }
}

static void test_names(void **state)
{
    (void)state;
    const char *want[] = {"standard", "seven-pairs", "thirteen-orphans", "all-pongs",
                          "all-chows", "full-flush", "half-flush"};
    for (int i = 0; i < JONG_TARGETS; i++)
        assert_string_equal(jong_target_name(i), want[i]);
    assert_null(jong_target_name(JONG_TARGETS));
    assert_null(jong_target_name(-1));
}

/* Loh's first example: five partial sets of two or more suited tiles and three lone honors. A
 * player counts 3 tiles missing; none of the five can become the pair without breaking a set,
 * so the evaluator's answer is 4 (a score of 10 of 14 in the paper's terms). */
static void test_loh_first_example(void **state)
{
    (void)state;
    const char *hand = "123m45m78p23s56sESW";
    assert_int_equal(target_of(hand, JONG_VARIANT_RIICHI, JONG_FORMS_STANDARD, JONG_TARGET_STANDARD), 4);
    assert_int_equal(target_of(hand, JONG_VARIANT_RIICHI, JONG_FORMS_STANDARD, JONG_TARGET_ALL_CHOWS), 4);
    /* with one suited tile doubled (a pair) in place of a lone honor it is the 3 a player sees */
    assert_int_equal(target_of("123m45m78p23s56s5sES", JONG_VARIANT_RIICHI, JONG_FORMS_STANDARD,
                               JONG_TARGET_STANDARD), 3);
}

static void test_riichi_cases(void **state)
{
    (void)state;
    /* complete all-chows, no honors: standard, all-chows 0; one suit each of m p s */
    /* seven pairs: 55m and six singles kept; orphans: 1m 9s; all-pongs: the pair and one tile of
     * each pong; the flushes: the six s tiles kept */
    expect("123m456p789s234s55m", JONG_VARIANT_RIICHI, (int[]){0, 6, 12, 8, 0, 8, 8});
}

static void test_riichi_flush_and_pongs(void **state)
{
    (void)state;
    /* 1112345678999m + 5m: nine gates, complete; a half flush needs two honors (a pair); all
     * chows: 11 123 456 789 kept, one of 5m 9m 9m, so two tiles lack */
    int d = target_of("11123456789995m", JONG_VARIANT_RIICHI, JONG_FORMS_ALL, JONG_TARGET_FULL_FLUSH);
    assert_int_equal(d, 0);
    assert_int_equal(target_of("11123456789995m", JONG_VARIANT_RIICHI, JONG_FORMS_ALL, JONG_TARGET_HALF_FLUSH), 2);
    assert_int_equal(target_of("11123456789995m", JONG_VARIANT_RIICHI, JONG_FORMS_ALL, JONG_TARGET_ALL_CHOWS), 2);
    /* four pongs and a pair: all-pongs 0, all-chows needs every honor gone */
    assert_int_equal(target_of("111m222p333sEEEWW", JONG_VARIANT_RIICHI, JONG_FORMS_ALL, JONG_TARGET_ALL_PONGS), 0);
    assert_int_equal(target_of("111m222p333sEEEWW", JONG_VARIANT_RIICHI, JONG_FORMS_ALL, JONG_TARGET_HALF_FLUSH), 6);
    /* seven pairs and thirteen orphans */
    assert_int_equal(target_of("1133m5577p99sEEWW", JONG_VARIANT_RIICHI, JONG_FORMS_ALL, JONG_TARGET_SEVEN_PAIRS), 0);
    /* four of a kind is one pair: two tiles of a new kind lack */
    assert_int_equal(target_of("1111m5577p99sEEWW", JONG_VARIANT_RIICHI, JONG_FORMS_ALL, JONG_TARGET_SEVEN_PAIRS), 2);
    assert_int_equal(target_of("19m19p19sESWNPFCC", JONG_VARIANT_RIICHI, JONG_FORMS_ALL, JONG_TARGET_THIRTEEN_ORPHANS), 0);
    assert_int_equal(target_of("19m19p19sESWNPFC", JONG_VARIANT_RIICHI, JONG_FORMS_ALL, JONG_TARGET_THIRTEEN_ORPHANS), 1);
    /* forms the rules lack are null */
    assert_int_equal(target_of("1133m5577p99sEEWW", JONG_VARIANT_RIICHI, JONG_FORMS_STANDARD, JONG_TARGET_SEVEN_PAIRS), U);
    assert_int_equal(target_of("19m19p19sESWNPFC", JONG_VARIANT_RIICHI, JONG_FORMS_STANDARD, JONG_TARGET_THIRTEEN_ORPHANS), U);
}

static void test_melds_rule_targets_out(void **state)
{
    (void)state;
    jong_forms all = JONG_FORMS_ALL;
    jong_variant r = JONG_VARIANT_RIICHI;
    /* a chow: no all-pongs; special forms need a concealed hand */
    assert_int_equal(target_of("11m22p33sEEWW [123m]", r, all, JONG_TARGET_ALL_PONGS), U);
    assert_int_equal(target_of("11m22p33sEEWW [123m]", r, all, JONG_TARGET_SEVEN_PAIRS), U);
    assert_int_equal(target_of("11m22p33sEEWW [123m]", r, all, JONG_TARGET_THIRTEEN_ORPHANS), U);
    /* a pong: no all-chows; an honor pong: no all-chows, no full flush */
    assert_int_equal(target_of("123456m789p11s [555s]", r, all, JONG_TARGET_ALL_CHOWS), U);
    assert_int_equal(target_of("123456m789p11s [EEE]", r, all, JONG_TARGET_ALL_CHOWS), U);
    assert_int_equal(target_of("123456m789p11s [EEE]", r, all, JONG_TARGET_FULL_FLUSH), U);
    /* an honor meld already makes the half flush's honor: 123456m789m11m + [EEE] is complete */
    assert_int_equal(target_of("12345678911m [EEE]", r, all, JONG_TARGET_HALF_FLUSH), 0);
    /* melds of two suits: neither flush */
    assert_int_equal(target_of("1234567m [123p] [123s]", r, all, JONG_TARGET_FULL_FLUSH), U);
    assert_int_equal(target_of("1234567m [123p] [123s]", r, all, JONG_TARGET_HALF_FLUSH), U);
    /* a meld of one suit: the flush is in that suit only */
    jong_hand h = hand_of("1234567m11p5p [123p]");
    jong_targets t;
    jong_hand_targets(&h, r, all, &t);
    assert_int_equal(t.full_flush[0], U);
    assert_int_equal(t.full_flush[2], U);
    assert_int_equal(t.full_flush[1], 8); /* of 11 concealed tiles only 11p 5p stay */
    /* the 4-copy limit counts the melds: with a kong of 5m, 46m cannot become 456m */
    assert_int_equal(target_of("46m123p456pEE [5555m]", r, all, JONG_TARGET_STANDARD), 2);
    assert_int_equal(target_of("46m123p456pEE [999s]", r, all, JONG_TARGET_STANDARD), 1);
}

static void test_taiwan_cases(void **state)
{
    (void)state;
    jong_variant tw = JONG_VARIANT_TAIWAN;
    jong_forms special = JONG_FORMS_ALL, plain = JONG_FORMS_STANDARD;
    /* seven pairs and a pong (17 tiles) */
    assert_int_equal(target_of("11335577m2244p66sEEE", tw, special, JONG_TARGET_SEVEN_PAIRS), 0);
    assert_int_equal(target_of("11335577m2244p66sEEE", tw, plain, JONG_TARGET_SEVEN_PAIRS), U);
    /* four of a kind is not two pairs */
    assert_int_equal(target_of("11113377m2244p66sEEE", tw, special, JONG_TARGET_SEVEN_PAIRS), 2);
    /* the thirteen, a pair of one of them and a set (a chow here) */
    assert_int_equal(target_of("19m19p19sESWNCFPP234s", tw, special, JONG_TARGET_THIRTEEN_ORPHANS), 0);
    assert_int_equal(target_of("19m19p19sESWNCFP234s", tw, special, JONG_TARGET_THIRTEEN_ORPHANS), 1);
    /* a full flush of 17: 11122233344455566m is complete */
    assert_int_equal(target_of("11122233344455566m", tw, plain, JONG_TARGET_FULL_FLUSH), 0);
    assert_int_equal(target_of("11122233344455566m", tw, plain, JONG_TARGET_ALL_PONGS), 0);
}

/* ---- the slow reference: search the complete hands of each form -------------------------- */

typedef struct {
    uint8_t c[JONG_KINDS];     /* the hand's concealed counts */
    uint8_t limit[JONG_KINDS]; /* 4 minus meld copies */
    uint8_t t[JONG_KINDS];     /* the target being built */
    uint64_t allowed;          /* kinds the target may use */
    bool chows, pongs;
    bool need_honor;           /* half flush with no honor meld */
    int bound;                 /* looking for a target lacking at most this many tiles */
    int lack, unused;          /* kept up to date by put/take (the functions below count) */
} ref_ctx;

/* One tile of kind k into the target, or out again. */
static void put(ref_ctx *r, int k)
{
    if (r->t[k] < r->c[k])
        r->unused--;
    else
        r->lack++;
    r->t[k]++;
}

static void take(ref_ctx *r, int k)
{
    r->t[k]--;
    if (r->t[k] < r->c[k])
        r->unused++;
    else
        r->lack--;
}

/* Tiles of the hand, among the allowed kinds, not yet used by the target. */
static int unused(const ref_ctx *r)
{
    int n = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        if (r->allowed >> k & 1 && r->c[k] > r->t[k])
            n += r->c[k] - r->t[k];
    return n;
}

static bool has_honor(const ref_ctx *r)
{
    for (int k = JONG_NUMBER_KINDS; k < JONG_KINDS; k++)
        if (r->t[k])
            return true;
    return false;
}

/* Blocks: 0..33 the pong of kind b, 34..54 the chow of index b - 34, 55..88 the pair of kind
 * b - 55. NBLOCKS in all. */
#define NBLOCKS (2 * JONG_KINDS + 21)
#define PAIR0 (JONG_KINDS + 21)

static int block_kinds(const ref_ctx *r, int b, int k[3])
{
    if (b < JONG_KINDS) {
        k[0] = k[1] = k[2] = b;
        return r->pongs ? 3 : 0;
    }
    if (b < PAIR0) {
        int i = b - JONG_KINDS, first = i / 7 * 9 + i % 7;
        k[0] = first, k[1] = first + 1, k[2] = first + 2;
        return r->chows ? 3 : 0;
    }
    k[0] = k[1] = b - PAIR0;
    return 2;
}

/* Adds block b to the target if the rules of the search allow it and it fits the limits. */
static bool add_block(ref_ctx *r, int b)
{
    int k[3], n = block_kinds(r, b, k);
    if (n == 0)
        return false;
    for (int j = 0; j < n; j++)
        if (!(r->allowed >> k[j] & 1))
            return false;
    for (int j = 0; j < n; j++)
        put(r, k[j]);
    for (int j = 0; j < n; j++)
        if (r->t[k[j]] > r->limit[k[j]]) {
            for (int q = 0; q < n; q++)
                take(r, k[q]);
            return false;
        }
    return true;
}

static void remove_block(ref_ctx *r, int b)
{
    int k[3], n = block_kinds(r, b, k);
    for (int j = 0; j < n; j++)
        take(r, k[j]);
}

/* Can `sets` more sets and `pairs` (0 or 1) more pairs, any of them, be placed within the
 * limits, with the honor a half flush needs? */
static bool fill_exists(ref_ctx *r, int sets, int pairs)
{
    if (sets == 0 && pairs == 0)
        return !r->need_honor || has_honor(r);
    int first = pairs ? PAIR0 : 0, last = pairs ? NBLOCKS : PAIR0;
    for (int b = first; b < last; b++) {
        if (!add_block(r, b))
            continue;
        bool ok = fill_exists(r, pairs ? sets : sets - 1, 0);
        remove_block(r, b);
        if (ok)
            return true;
    }
    return false;
}

/* The blocks in order of their lowest kind (pong, chow, pair of a kind), so a search that takes
 * them in this order never returns below the lowest kind of the last one. */
static int block_order[NBLOCKS], block_low[NBLOCKS];

static void order_blocks(void)
{
    int n = 0;
    for (int k = 0; k < JONG_KINDS; k++) {
        block_low[n] = k, block_order[n++] = k;
        if (k < JONG_NUMBER_KINDS && k % 9 <= 6)
            block_low[n] = k, block_order[n++] = JONG_KINDS + k / 9 * 7 + k % 9;
        block_low[n] = k, block_order[n++] = PAIR0 + k;
    }
}

/* Is there a target with `sets` more sets and `pairs` more pairs (blocks at positions >= from
 * of block_order) lacking at most bound tiles? Only blocks that keep one of the hand's unused
 * tiles are tried one by one: a block that keeps none lacks all its tiles wherever it goes (and
 * taking it out of a target leaves the others keeping at least as much), so the rest of a
 * target may be "any blocks that fit", lacking all their tiles. Prunes with the lack so far
 * plus the slots that the unused hand tiles still within reach (kinds >= the last block's
 * lowest) cannot fill. */
static bool search_blocks(ref_ctx *r, int sets, int pairs, int from)
{
    int l = r->lack, reach = 0, slots = 3 * sets + 2 * pairs;
    int low = from < NBLOCKS ? block_low[from] : JONG_KINDS;
    for (int k = low; k < JONG_KINDS; k++)
        if (r->allowed >> k & 1 && r->c[k] > r->t[k])
            reach += r->c[k] - r->t[k];
    if (l + (slots > reach ? slots - reach : 0) > r->bound)
        return false;
    if (l + slots <= r->bound && fill_exists(r, sets, pairs))
        return true;
    for (int i = from; i < NBLOCKS; i++) {
        int b = block_order[i], k = block_low[i];
        bool pair = b >= PAIR0;
        if (pair ? !pairs : !sets)
            continue;
        bool keeps = b < JONG_KINDS || pair
                         ? r->c[k] > r->t[k]
                         : r->c[k] > r->t[k] || r->c[k + 1] > r->t[k + 1] || r->c[k + 2] > r->t[k + 2];
        if (!keeps || !add_block(r, b))
            continue;
        bool ok = search_blocks(r, pair ? sets : sets - 1, pair ? 0 : pairs, i);
        remove_block(r, b);
        if (ok)
            return true;
    }
    return false;
}

static bool exists_standard(ref_ctx *r, int sets)
{
    return search_blocks(r, sets, 1, 0);
}

/* The least lack of a restricted standard form, searched from the fast value: nothing lacking
 * fewer tiles may exist and something lacking exactly that many must. Returns the reference's
 * value: fast when both hold, else fast - 1 (something better exists) or U + 1 (nothing found). */
static int reference_standard(const jong_hand *h, int sets, uint64_t allowed, bool chows, bool pongs,
                              bool need_honor, int fast)
{
    ref_ctx r;
    memset(&r, 0, sizeof r);
    memcpy(r.c, h->counts, sizeof r.c);
    jong_hand_limits(h, r.limit);
    r.allowed = allowed, r.chows = chows, r.pongs = pongs, r.need_honor = need_honor;
    r.unused = unused(&r);
    if (fast == U) {
        r.bound = 3 * sets + 2; /* anything at all */
        return exists_standard(&r, sets) ? -1 : U;
    }
    r.bound = fast - 1;
    if (fast > 0 && exists_standard(&r, sets))
        return fast - 1;
    r.bound = fast;
    return exists_standard(&r, sets) ? fast : U + 1;
}

/* Seven distinct pairs (+ a pong of an eighth kind in Taiwanese): every choice of pair kinds
 * among the kinds held, by search; kinds not held keep nothing and there are always enough of
 * them to complete the seven. */
static int ref_pairs_best;
static void pairs_search(const uint8_t c[JONG_KINDS], int from, int left, int kept, int pong)
{
    if (kept > ref_pairs_best)
        ref_pairs_best = kept; /* the pairs still to choose: kinds not held */
    if (left == 0 || kept + 2 * left <= ref_pairs_best)
        return;
    for (int k = from; k < JONG_KINDS; k++)
        if (k != pong && c[k])
            pairs_search(c, k + 1, left - 1, kept + (c[k] < 2 ? c[k] : 2), pong);
}

static int reference_seven_pairs(const jong_hand *h, jong_variant v)
{
    ref_pairs_best = 0;
    if (v == JONG_VARIANT_RIICHI) {
        pairs_search(h->counts, 0, 7, 0, -1);
        return 14 - ref_pairs_best;
    }
    for (int p = 0; p < JONG_KINDS; p++)
        pairs_search(h->counts, 0, 7, h->counts[p] < 3 ? h->counts[p] : 3, p);
    return 17 - ref_pairs_best;
}

static uint64_t suit_kinds(int s)
{
    return 0x1FFull << (9 * s);
}

#define HONOR_KINDS (0x7Full << 27)
#define ALL_KINDS ((1ull << JONG_KINDS) - 1)

static void check_hand(const jong_hand *h, jong_variant v, long *mismatches, long *checked)
{
    jong_targets t;
    jong_hand_targets(h, v, JONG_FORMS_ALL, &t);
    int sets = jong_hand_sets_needed(h, v);
    bool chow_meld = false, pong_meld = false, honor_meld = false;
    unsigned meld_suits = 0;
    for (int i = 0; i < h->nmelds; i++) {
        if (h->melds[i].type == JONG_MELD_CHOW)
            chow_meld = true;
        else
            pong_meld = true;
        if (jong_kind_is_honor(h->melds[i].tile))
            honor_meld = true;
        else
            meld_suits |= 1u << jong_kind_suit(h->melds[i].tile);
    }
    int want[JONG_TARGETS];
    want[JONG_TARGET_STANDARD] = reference_standard(h, sets, ALL_KINDS, true, true, false,
                                                    t.distance[JONG_TARGET_STANDARD]);
    want[JONG_TARGET_ALL_PONGS] = chow_meld ? U : reference_standard(h, sets, ALL_KINDS, false, true, false,
                                                                     t.distance[JONG_TARGET_ALL_PONGS]);
    want[JONG_TARGET_ALL_CHOWS] = pong_meld || honor_meld
                                      ? U
                                      : reference_standard(h, sets, ALL_KINDS & ~HONOR_KINDS, true, false, false,
                                                           t.distance[JONG_TARGET_ALL_CHOWS]);
    int full = U, half = U;
    for (int s = 0; s < 3; s++) {
        bool suits_ok = !(meld_suits & ~(1u << s));
        int f = suits_ok && !honor_meld
                    ? reference_standard(h, sets, suit_kinds(s), true, true, false, t.full_flush[s])
                    : U;
        int hf = suits_ok ? reference_standard(h, sets, suit_kinds(s) | HONOR_KINDS, true, true, !honor_meld,
                                               t.half_flush[s])
                          : U;
        if (f != t.full_flush[s] || hf != t.half_flush[s])
            (*mismatches)++;
        if (f < full)
            full = f;
        if (hf < half)
            half = hf;
    }
    want[JONG_TARGET_FULL_FLUSH] = full;
    want[JONG_TARGET_HALF_FLUSH] = half;
    bool special = h->nmelds == 0;
    want[JONG_TARGET_SEVEN_PAIRS] = special ? reference_seven_pairs(h, v) : U;
    if (!special) {
        want[JONG_TARGET_THIRTEEN_ORPHANS] = U;
    } else if (v == JONG_VARIANT_RIICHI) {
        want[JONG_TARGET_THIRTEEN_ORPHANS] = jong_shanten_kokushi(h->counts) + 1;
    } else {
        /* every target: the 13, a doubled one, any pong or chow */
        static const uint8_t orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
        int best = 99;
        for (int p = 0; p < 13; p++)
            for (int b = 0; b < JONG_KINDS + 21; b++) {
                uint8_t u[JONG_KINDS] = {0};
                for (int j = 0; j < 13; j++)
                    u[orphans[j]]++;
                u[orphans[p]]++;
                if (b < JONG_KINDS) {
                    u[b] += 3;
                } else {
                    int i = b - JONG_KINDS, f = i / 7 * 9 + i % 7;
                    u[f]++, u[f + 1]++, u[f + 2]++;
                }
                int l = 0;
                bool fits = true;
                for (int k = 0; k < JONG_KINDS; k++) {
                    fits &= u[k] <= 4;
                    l += u[k] > h->counts[k] ? u[k] - h->counts[k] : 0;
                }
                if (fits && l < best)
                    best = l;
            }
        want[JONG_TARGET_THIRTEEN_ORPHANS] = best;
    }
    if (v == JONG_VARIANT_RIICHI && special) {
        /* the evaluator's own special-form shanten agree */
        if (want[JONG_TARGET_SEVEN_PAIRS] != jong_shanten_chiitoi(h->counts) + 1)
            (*mismatches)++;
    }
    for (int i = 0; i < JONG_TARGETS; i++)
        if (want[i] != t.distance[i]) {
            if (*mismatches < 5) {
                char text[128];
                jong_format_hand(h, JONG_STYLE_COMPACT, text, sizeof text);
                fprintf(stderr, "mismatch: %s (%s) %s: fast %d, reference %d\n", text,
                        v == JONG_VARIANT_RIICHI ? "riichi" : "taiwan", jong_target_name(i), t.distance[i], want[i]);
            }
            (*mismatches)++;
        }
    /* the single-target call and the every-draw call agree with the all-targets call */
    for (int i = 0; i < JONG_TARGETS && *checked % 4 == 0; i++)
        if (jong_hand_target(h, v, JONG_FORMS_ALL, i) != t.distance[i])
            (*mismatches)++;
    if (*checked % 32 == 0) {
        jong_targets after[JONG_KINDS];
        jong_hand_targets_draws(h, v, JONG_FORMS_ALL, (1ull << JONG_KINDS) - 1, after);
        uint8_t limit[JONG_KINDS];
        jong_hand_limits(h, limit);
        jong_hand g = *h;
        for (int j = 0; j < JONG_KINDS; j++) {
            if (h->counts[j] >= limit[j]) {
                if (after[j].distance[JONG_TARGET_STANDARD] != U)
                    (*mismatches)++;
                continue;
            }
            g.counts[j]++;
            jong_targets want_after;
            jong_hand_targets(&g, v, JONG_FORMS_ALL, &want_after);
            g.counts[j]--;
            if (memcmp(&want_after, &after[j], sizeof want_after) != 0)
                (*mismatches)++;
        }
    }
    (*checked)++;
}

static long hands_per_size(void)
{
    const char *n = getenv("JONG_RANDOM_HANDS");
    long v = n ? strtol(n, NULL, 10) / 10 : 100000;
    return v > 0 ? v : 100000;
}

/* A hand of pairs and triplets (near all-pongs and seven pairs). */
static void pongish(rh_rng *rng, jong_hand *h, int n)
{
    rh_wall w;
    rh_wall_full(&w);
    memset(h, 0, sizeof *h);
    int have = 0;
    while (have < n) {
        int k = (int)rh_below(rng, JONG_KINDS);
        int want = 1 + (int)rh_below(rng, 3);
        if (want > n - have)
            want = n - have;
        if (w.left[k] < want)
            continue;
        rh_wall_take(&w, k, want);
        h->counts[k] += (uint8_t)want;
        have += want;
    }
}

static void test_against_reference(void **state)
{
    (void)state;
    long per = hands_per_size(), mismatches = 0, checked = 0;
    rh_rng rng;
    rh_seed(&rng, 20261126);
    order_blocks();
    for (int vi = 0; vi < 2; vi++) {
        jong_variant v = vi ? JONG_VARIANT_TAIWAN : JONG_VARIANT_RIICHI;
        for (int drawn = 0; drawn < 2; drawn++)
            for (long i = 0; i < per; i++) {
                jong_hand h;
                int kind = (int)(i % 5);
                if (kind == 4) {
                    pongish(&rng, &h, 3 * jong_variant_sets(v) + 1 + drawn);
                } else {
                    /* half the hands with declared melds (0..3 of them) */
                    int melds = rh_below(&rng, 2) ? (int)rh_below(&rng, 4) : 0;
                    rh_hand_with_melds(&rng, v, melds, drawn, (rh_style)(kind % RH_STYLES), &h);
                }
                check_hand(&h, v, &mismatches, &checked);
            }
    }
    printf("target distances: %ld hands (%ld of each size) against the reference, %ld mismatches\n", checked,
           per, mismatches);
    assert_int_equal(mismatches, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_loh_first_example),
        cmocka_unit_test(test_riichi_cases),
        cmocka_unit_test(test_riichi_flush_and_pongs),
        cmocka_unit_test(test_melds_rule_targets_out),
        cmocka_unit_test(test_taiwan_cases),
        cmocka_unit_test(test_against_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
