/* The reference evaluator (tests/support/reference.c) against values worked out by hand, so that
 * the random comparisons rest on something checked independently. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "support/random_hands.h"
#include "support/reference.h"

#define KIND(rank, suit) ((suit) * 9 + (rank) - 1) /* suit 0..3 = m p s z */
#define BIT(kind) ((uint64_t)1 << (kind))

static void parse(const char *text, uint8_t counts[JONG_KINDS])
{
    int n = ref_parse_counts(text, counts);
    if (n < 0)
        fail_msg("bad test hand %s", text);
}

static int dist(const char *text, int sets)
{
    uint8_t c[JONG_KINDS];
    parse(text, c);
    return ref_distance4(c, sets);
}

/* A concealed hand with no melds. */
static jong_hand closed_hand(const char *text)
{
    jong_hand h;
    memset(&h, 0, sizeof h);
    parse(text, h.counts);
    return h;
}

static void test_notation_round_trip(void **state)
{
    (void)state;
    uint8_t c[JONG_KINDS];
    char buf[64];
    assert_int_equal(ref_parse_counts("445w1267t1144888999s", c), 17);
    assert_string_equal(ref_format_counts(c, buf, sizeof buf), "445m1267p1144888999s");
    assert_int_equal(ref_parse_counts("0m 1234567z", c), 8);
    assert_int_equal(c[KIND(5, 0)], 1);
    assert_int_equal(ref_parse_counts("11111m", c), -1);
    assert_int_equal(ref_parse_counts("8z", c), -1);
    assert_int_equal(ref_parse_counts("12", c), -1);
}

static void test_distance_basic(void **state)
{
    (void)state;
    assert_int_equal(dist("123m456p789s1122z", 4), 1);  /* ready, shanpon on E or S */
    assert_int_equal(dist("123m456p789s11222z", 4), 0); /* complete */
    assert_int_equal(dist("", 0), 2);                   /* a pair from nothing */
    assert_int_equal(dist("", 4), 14);
    assert_int_equal(dist("1m", 0), 1);
    assert_int_equal(dist("11m", 0), 0);
    assert_int_equal(dist("19m19p19s1234567z", 4), 9); /* isolated: one hand tile per group */
    assert_int_equal(dist("13579m2468p1357s", 4), 5); /* 2 per chow, 1 pair */
    /* No chows across suits or with honors, no wrap-around 8-9-1. */
    assert_int_equal(dist("89m1p", 1), 2);
    assert_int_equal(dist("123z", 1), 3); /* EEE from 1 E, SS from 1 S */
    assert_int_equal(dist("891m", 1), 2);
    /* 14 tiles, sets = 0: any pair finishes. */
    assert_int_equal(dist("1357m2468p13579s", 0), 1);
    assert_int_equal(dist("1357m2468p1357s11z", 0), 0);
}

static void test_distance_four_copy_limit(void **state)
{
    (void)state;
    /* 111m is a set and the fourth 1m cannot become a pair (a fifth copy), and 11m+11m cannot
     * be pair + pung: the hand is one tile further than it looks. */
    assert_int_equal(dist("1111m234p567p789s", 4), 2);
    assert_int_equal(dist("1111m234p567p78s1z", 4), 2);
    assert_int_equal(dist("1111z", 0), 0);
    assert_int_equal(dist("1111z", 1), 2); /* EEE + a new pair; EEE + EE would be 5 copies */
}

static void test_distance_limited(void **state)
{
    (void)state;
    uint8_t c[JONG_KINDS], limit[JONG_KINDS];
    parse("123m456p789s1z", c);
    memset(limit, 4, sizeof limit);
    assert_int_equal(ref_distance(c, 3, limit), 1);
    limit[KIND(1, 3)] = 1; /* three E are in a declared pung: no second E for the pair */
    assert_int_equal(ref_distance(c, 3, limit), 2);
    memset(limit, 0, sizeof limit);
    assert_int_equal(ref_distance(c, 0, limit), REF_IMPOSSIBLE);
    limit[KIND(5, 3)] = 2;
    assert_int_equal(ref_distance(c, 0, limit), 2);
    assert_int_equal(ref_distance(c, 1, limit), REF_IMPOSSIBLE);
    memset(limit, 4, sizeof limit);
    /* At most 42 sets + a pair fit in 136 tiles: 36 sets fill the number suits exactly, and the
     * honors give one pung each with a tile to spare, so a 43rd set leaves no pair. */
    assert_int_equal(ref_distance(c, 42, limit), 3 * 42 + 2 - 10);
    assert_int_equal(ref_distance(c, 43, limit), REF_IMPOSSIBLE);
}

static void test_chiitoi_kokushi(void **state)
{
    (void)state;
    uint8_t c[JONG_KINDS];
    parse("1133557799m113p", c);
    assert_int_equal(ref_chiitoi_shanten(c), 0);
    parse("11112233445566m", c); /* four of a kind is one pair, not two */
    assert_int_equal(ref_chiitoi_shanten(c), 1);
    assert_int_equal(ref_distance4(c, 4), 0);
    parse("1111222233334m", c); /* 3 pairs, 4 kinds: 6 - 3 + (7 - 4) */
    assert_int_equal(ref_chiitoi_shanten(c), 6);
    parse("19m19p19s1234567z", c);
    assert_int_equal(ref_kokushi_shanten(c), 0);
    assert_int_equal(ref_chiitoi_shanten(c), 6);
    parse("119m19p19s123456z", c);
    assert_int_equal(ref_kokushi_shanten(c), 0);
    parse("119m19p19s12345z5m", c);
    assert_int_equal(ref_kokushi_shanten(c), 1);
    parse("2345678m2345678p", c);
    assert_int_equal(ref_kokushi_shanten(c), 13);
    parse("123m", c);
    assert_int_equal(ref_chiitoi_shanten(c), JONG_UNDEFINED);
    assert_int_equal(ref_kokushi_shanten(c), JONG_UNDEFINED);
}

/* The chiitoi shanten must equal the closed formula 6 - pairs + max(0, 7 - kinds). */
static void test_chiitoi_formula(void **state)
{
    (void)state;
    rh_rng r;
    rh_seed(&r, 7);
    for (int i = 0; i < 20000; i++) {
        uint8_t c[JONG_KINDS];
        rh_one_suit(&r, 13 + (i & 1), c);
        int pairs = 0, kinds = 0;
        for (int k = 0; k < JONG_KINDS; k++)
            pairs += c[k] >= 2, kinds += c[k] > 0;
        assert_int_equal(ref_chiitoi_shanten(c), 6 - pairs + (kinds < 7 ? 7 - kinds : 0));
    }
}

static void test_shanten_all(void **state)
{
    (void)state;
    uint8_t c[JONG_KINDS];
    jong_shanten3 s;
    parse("11112233445566m", c);
    ref_shanten_all(c, 4, &s);
    assert_int_equal(s.standard, -1);
    assert_int_equal(s.chiitoi, 1);
    assert_int_equal(s.best, -1);
    ref_shanten_all(c, 5, &s);
    assert_int_equal(s.chiitoi, JONG_UNDEFINED);
    assert_int_equal(s.kokushi, JONG_UNDEFINED);
}

/* SIMCAT's example hand (Taiwanese 445w1267t1144888999s) and its tatsu-breaking example. */
static void test_simcat_mtw(void **state)
{
    (void)state;
    uint8_t c[JONG_KINDS];
    parse("445m1267p1144888999s", c);
    const int expected[9] = {0, 0, 0, 0, 1, 2, 3, 4, 6};
    for (int cc = 1; cc <= 8; cc++)
        assert_int_equal(ref_mtw(c, 0, cc), expected[cc]);
    assert_int_equal(ref_blocks(c, 0), 7);
    parse("445m1267p1144s", c);
    assert_int_equal(ref_blocks(c, 0), 5);
    parse("445m267p1144s", c); /* 1p discarded: the tatsu 12p is broken */
    assert_int_equal(ref_blocks(c, 0), 4);
    parse("45m1267p1144s", c); /* 4m discarded */
    assert_int_equal(ref_blocks(c, 0), 5);
    /* Declared melds count as formed: two melds shift MTW by two. */
    parse("445m1267p1144s", c);
    assert_int_equal(ref_mtw(c, 2, 1), ref_mtw(c, 0, 1));
    assert_int_equal(ref_mtw(c, 2, 3), ref_mtw(c, 0, 1));
    assert_int_equal(ref_mtw(c, 2, 7), ref_mtw(c, 0, 5));
    assert_int_equal(ref_blocks(c, 2), 7);
}

static void test_waits(void **state)
{
    (void)state;
    jong_hand h = closed_hand("1112345678999m");
    uint64_t all_m = 0x1ff;
    assert_true(ref_waits(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL) == all_m); /* nine gates */
    h = closed_hand("1111m234p567p789s"); /* 1m would be a fifth copy: no wait at all */
    assert_true(ref_waits(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL) == 0);
    h = closed_hand("1111222233334m"); /* 44m pair; 111 123 222 345 + 33m */
    assert_true(ref_waits(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL) ==
                (BIT(KIND(4, 0)) | BIT(KIND(5, 0))));
    h = closed_hand("19m19p19s1234567z");
    uint64_t orphans = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        if (jong_kind_is_yaochu(k))
            orphans |= BIT(k);
    assert_true(ref_waits(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL) == orphans);
    assert_true(ref_waits(&h, JONG_VARIANT_RIICHI, JONG_FORMS_STANDARD) == 0);
    h = closed_hand("1133557799m113p");
    assert_true(ref_waits(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL) == BIT(KIND(3, 1)));
    assert_true(ref_waits(&h, JONG_VARIANT_TAIWAN, JONG_FORMS_ALL) == 0); /* 15 tiles: no */
}

static void test_waits_with_melds(void **state)
{
    (void)state;
    /* 2m waits on 2m (pair); with a kong of 2m declared there is no 2m left. */
    jong_hand h = closed_hand("2m");
    h.nmelds = 4;
    h.melds[0] = (jong_meld){JONG_MELD_CHOW, KIND(1, 1), 0};
    h.melds[1] = (jong_meld){JONG_MELD_PUNG, KIND(9, 2), 0};
    h.melds[2] = (jong_meld){JONG_MELD_PUNG, KIND(1, 3), 0};
    h.melds[3] = (jong_meld){JONG_MELD_CHOW, KIND(4, 1), 0};
    assert_true(ref_waits(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL) == BIT(KIND(2, 0)));
    h.melds[3] = (jong_meld){JONG_MELD_CONCEALED_KONG, KIND(2, 0), 0};
    h.counts[KIND(2, 0)] = 0;
    h.counts[KIND(1, 3)] = 1; /* E tanki, but EEE is declared: this E is the fourth copy */
    assert_true(ref_waits(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL) == 0);
    assert_int_equal(ref_hand_shanten(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL, NULL), 1);
    h.melds[2] = (jong_meld){JONG_MELD_KONG, KIND(1, 3), 0};
    h.counts[KIND(1, 3)] = 0;
    h.counts[KIND(1, 2)] = 1;
    assert_int_equal(ref_sets_needed(&h, JONG_VARIANT_RIICHI), 0);
    assert_true(ref_waits(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL) == BIT(KIND(1, 2)));
    assert_int_equal(ref_hand_shanten(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL, NULL), 0);
}

static void test_is_complete(void **state)
{
    (void)state;
    jong_hand h = closed_hand("11112222333344m");
    assert_true(ref_is_complete(&h, JONG_VARIANT_RIICHI, JONG_FORMS_STANDARD));
    h = closed_hand("1133557799m1133p");
    assert_true(ref_is_complete(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL));
    assert_false(ref_is_complete(&h, JONG_VARIANT_RIICHI, JONG_FORMS_STANDARD));
    assert_false(ref_is_complete(&h, JONG_VARIANT_TAIWAN, JONG_FORMS_ALL));
    h = closed_hand("11122334455667m"); /* 11 123 234 456 567 */
    assert_true(ref_is_complete(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL));
    h = closed_hand("11122334455668m"); /* the 8m has no partner */
    assert_false(ref_is_complete(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL));
    h = closed_hand("1112345678999m"); /* 13 tiles: never complete */
    assert_false(ref_is_complete(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL));
    h = closed_hand("123m456p789s111z99p234s");
    assert_true(ref_is_complete(&h, JONG_VARIANT_TAIWAN, JONG_FORMS_STANDARD));
    assert_false(ref_is_complete(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL));
}

static void test_effective_tiles(void **state)
{
    (void)state;
    jong_hand h = closed_hand("123m456p789s1122z");
    jong_ukeire u;
    assert_int_equal(ref_effective_tiles(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL, NULL, &u), 4);
    assert_true(u.kinds == (BIT(KIND(1, 3)) | BIT(KIND(2, 3))));
    uint8_t seen[JONG_KINDS] = {0};
    seen[KIND(1, 3)] = 1;
    seen[KIND(2, 3)] = 3; /* more than remain: floor at 0 */
    assert_int_equal(ref_effective_tiles(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL, seen, &u), 1);
    assert_int_equal(u.unseen[KIND(1, 3)], 1);
    assert_int_equal(u.unseen[KIND(2, 3)], 0);
    assert_true(u.kinds == (BIT(KIND(1, 3)) | BIT(KIND(2, 3))));
    /* 1-shanten: 789s EEE SS + 12m 45p. Only 3m, 3p, 6p finish a set; pairing the lone
     * W or a second S pung gain nothing (a fifth group has no slot). */
    h = closed_hand("12m45p789s11122z3z");
    ref_effective_tiles(&h, JONG_VARIANT_RIICHI, JONG_FORMS_STANDARD, NULL, &u);
    assert_true(u.kinds == (BIT(KIND(3, 0)) | BIT(KIND(3, 1)) | BIT(KIND(6, 1))));
    assert_int_equal(u.total, 4 + 4 + 4);
}

static void test_discard_table(void **state)
{
    (void)state;
    jong_hand h = closed_hand("123m456p789s11223z");
    jong_discard_option rows[JONG_KINDS];
    int n = ref_discard_table(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL, NULL, rows);
    assert_int_equal(n, 12);
    assert_int_equal(rows[0].discard, KIND(3, 3));
    assert_int_equal(rows[0].shanten, 0);
    assert_int_equal(rows[0].ukeire.total, 4);
    for (int i = 1; i < n; i++) {
        assert_true(rows[i - 1].shanten <= rows[i].shanten);
        if (rows[i - 1].shanten == rows[i].shanten)
            assert_true(rows[i - 1].ukeire.total >= rows[i].ukeire.total);
    }
    /* The discarded tile lies in the discards: 111234m + 1m discarded leaves 11234m 11z, a
     * shanpon on 1m and E, and only one 1m is unseen (three were among the 14 tiles). */
    h = closed_hand("111234m456p789s11z");
    n = ref_discard_table(&h, JONG_VARIANT_RIICHI, JONG_FORMS_STANDARD, NULL, rows);
    bool found = false;
    for (int i = 0; i < n; i++) {
        if (rows[i].discard != KIND(1, 0))
            continue;
        found = true;
        assert_int_equal(rows[i].shanten, 0);
        assert_true(rows[i].ukeire.kinds == (BIT(KIND(1, 0)) | BIT(KIND(1, 3))));
        assert_int_equal(rows[i].ukeire.unseen[KIND(1, 0)], 1);
        assert_int_equal(rows[i].ukeire.unseen[KIND(1, 3)], 2);
        assert_int_equal(rows[i].ukeire.total, 3);
    }
    assert_true(found);
}

/* Counts the standard readings, and whether the special ones are there. */
static int decompose_count(const char *text, int sets, jong_forms forms, int want_form)
{
    uint8_t c[JONG_KINDS];
    parse(text, c);
    jong_decomposition d[64];
    int n = ref_decompose(c, sets, forms, d, 64);
    int matching = 0;
    for (int i = 0; i < n && i < 64; i++)
        matching += d[i].form == want_form;
    return matching;
}

static void test_decompose(void **state)
{
    (void)state;
    /* 44 + 123x4; 44 + 111 222 333 123; 11 + 123 123 234 234 */
    assert_int_equal(decompose_count("11112222333344m", 4, JONG_FORMS_ALL, 0), 3);
    assert_int_equal(decompose_count("111222333m456p11s", 4, JONG_FORMS_ALL, 0), 2);
    assert_int_equal(decompose_count("112233m445566p77z", 4, JONG_FORMS_ALL, 0), 1);
    assert_int_equal(decompose_count("112233m445566p77z", 4, JONG_FORMS_ALL, 1), 1);
    assert_int_equal(decompose_count("112233m445566p77z", 4, JONG_FORMS_STANDARD, 1), 0);
    assert_int_equal(decompose_count("119m19p19s1234567z", 4, JONG_FORMS_ALL, 2), 1);
    assert_int_equal(decompose_count("119m19p19s1234567z", 4, JONG_FORMS_ALL, 0), 0);
    assert_int_equal(decompose_count("11123456789999m", 4, JONG_FORMS_ALL, 0), 1);
    assert_int_equal(decompose_count("1m", 0, JONG_FORMS_ALL, 0), 0);
    assert_int_equal(decompose_count("11m", 0, JONG_FORMS_ALL, 0), 1);
    /* 1..4m three each: 111 222 333 444, 123x3 444, 111 234x3 */
    assert_int_equal(decompose_count("111222333444m55z", 4, JONG_FORMS_ALL, 0), 3);
    assert_int_equal(decompose_count("111222333444m55z", 5, JONG_FORMS_ALL, 0), 0);
    assert_int_equal(decompose_count("111222333444m55666z", 5, JONG_FORMS_ALL, 0), 3);

    /* Decompositions are listed with sets in ref_set_key order and their details are right. */
    uint8_t c[JONG_KINDS];
    parse("111222333444m55z", c);
    jong_decomposition d[4];
    assert_int_equal(ref_decompose(c, 4, JONG_FORMS_ALL, d, 4), 3);
    for (int i = 0; i < 3; i++) {
        jong_decomposition copy = d[i];
        ref_decomposition_canonical(&copy);
        assert_memory_equal(&copy, &d[i], sizeof copy);
    }
}

static void test_decompose_special_details(void **state)
{
    (void)state;
    uint8_t c[JONG_KINDS];
    jong_decomposition d[4];
    parse("112233m445566p77z", c);
    assert_int_equal(ref_decompose(c, 4, JONG_FORMS_ALL, d, 4), 2);
    assert_int_equal(d[0].form, JONG_DECOMP_STANDARD);
    assert_int_equal(d[0].pair, KIND(7, 3));
    assert_int_equal(d[0].nsets, 4);
    assert_int_equal(d[1].form, JONG_DECOMP_CHIITOI);
    const uint8_t pairs[7] = {0, 1, 2, 12, 13, 14, 33};
    assert_memory_equal(d[1].pairs, pairs, 7);
    parse("19m19p19s12345677z", c);
    assert_int_equal(ref_decompose(c, 4, JONG_FORMS_ALL, d, 4), 1);
    assert_int_equal(d[0].form, JONG_DECOMP_KOKUSHI);
    assert_int_equal(d[0].pair, KIND(7, 3));
    /* max limits what is written, not what is counted */
    parse("11112222333344m", c);
    assert_int_equal(ref_decompose(c, 4, JONG_FORMS_ALL, d, 1), 3);
}

/* ---- two more independent formulations of the distance, to check ref_distance against ------ */

/* Brute force over every target: a pair kind and a multiset of `sets` sets out of the 55
 * (34 pungs, 21 chows), kept under the limits; the best overlap sum_k min(T_k, c_k). */
typedef struct {
    const uint8_t *counts, *limit;
    uint8_t target[JONG_KINDS];
    int overlap; /* sum_k min(target_k, counts_k), kept up to date as tiles are added */
    int want, best;
} brute;

/* Adds (sign +1) or removes (-1) one target copy of kind k. */
static void brute_tile(brute *b, int k, int sign)
{
    if (sign > 0 && ++b->target[k] <= b->counts[k])
        b->overlap++;
    if (sign < 0 && b->target[k]-- <= b->counts[k])
        b->overlap--;
}

/* Set number i (0..54): pungs are 0..33, chows 34..54 (7 per suit). */
static void brute_set(int i, int kinds[3], int *nkinds)
{
    if (i < JONG_KINDS) {
        kinds[0] = kinds[1] = kinds[2] = i;
    } else {
        int suit = (i - JONG_KINDS) / 7, start = suit * 9 + (i - JONG_KINDS) % 7;
        kinds[0] = start, kinds[1] = start + 1, kinds[2] = start + 2;
    }
    *nkinds = 3;
}

static void brute_sets(brute *b, int n, int from)
{
    if (n == b->want) {
        if (b->overlap > b->best)
            b->best = b->overlap;
        return;
    }
    for (int i = from; i < 55; i++) {
        int kinds[3], nk;
        brute_set(i, kinds, &nk);
        bool fits = true;
        for (int j = 0; j < nk; j++) {
            brute_tile(b, kinds[j], +1);
            fits &= b->target[kinds[j]] <= b->limit[kinds[j]];
        }
        if (fits)
            brute_sets(b, n + 1, i);
        for (int j = 0; j < nk; j++)
            brute_tile(b, kinds[j], -1);
    }
}

static int brute_distance(const uint8_t counts[JONG_KINDS], int sets, const uint8_t limit[JONG_KINDS])
{
    brute b = {counts, limit, {0}, 0, sets, -1};
    for (int p = 0; p < JONG_KINDS; p++) {
        if (limit[p] < 2)
            continue;
        brute_tile(&b, p, +1), brute_tile(&b, p, +1);
        brute_sets(&b, 0, 0);
        brute_tile(&b, p, -1), brute_tile(&b, p, -1);
    }
    return b.best < 0 ? REF_IMPOSSIBLE : 3 * sets + 2 - b.best;
}

/* The target built kind by kind: at kind i choose a pung, the pair and how many chows start
 * there; the chows started at i-1 and i-2 also use kind i. Overlap is added per kind. */
#define DP_SETS 12
#define DP_NONE (-1000)
typedef int dp_memo[JONG_KINDS][5][5][DP_SETS + 1][2];

static int dp_from(const uint8_t *c, const uint8_t *lim, int i, int a, int b, int j, int p,
                   dp_memo *memo)
{
    if (i == JONG_KINDS)
        return a == 0 && b == 0 && j == 0 && p == 0 ? 0 : DP_NONE;
    int *m = &(*memo)[i][a][b][j][p];
    if (*m != DP_NONE - 1)
        return *m;
    int best = DP_NONE;
    bool chow_start = i < JONG_NUMBER_KINDS && i % 9 <= 6;
    for (int pung = 0; pung <= 1 && pung <= j; pung++)
        for (int pair = 0; pair <= p; pair++)
            for (int chows = 0; chows <= (chow_start ? 4 : 0) && pung + chows <= j; chows++) {
                int t = 3 * pung + 2 * pair + chows + a + b;
                if (t > lim[i])
                    continue;
                int rest = dp_from(c, lim, i + 1, chows, a, j - pung - chows, p - pair, memo);
                if (rest == DP_NONE)
                    continue;
                int here = rest + (t < c[i] ? t : c[i]);
                if (here > best)
                    best = here;
            }
    return *m = best;
}

static int dp_distance(const uint8_t counts[JONG_KINDS], int sets, const uint8_t limit[JONG_KINDS])
{
    static dp_memo memo;
    for (int i = 0; i < JONG_KINDS; i++)
        for (int a = 0; a < 5; a++)
            for (int b = 0; b < 5; b++)
                for (int j = 0; j <= sets; j++)
                    memo[i][a][b][j][0] = memo[i][a][b][j][1] = DP_NONE - 1;
    int best = dp_from(counts, limit, 0, 0, 0, sets, 1, &memo);
    return best == DP_NONE ? REF_IMPOSSIBLE : 3 * sets + 2 - best;
}

/* A random hand of any size and style, and limits: mostly 4, sometimes lowered at random. */
static void random_case(rh_rng *r, int n, int sets, uint8_t c[JONG_KINDS], uint8_t limit[JONG_KINDS])
{
    switch (rh_below(r, 3)) {
    case 0: rh_uniform(r, n, c); break;
    case 1: rh_near_complete(r, sets, n, c); break;
    default: rh_one_suit(r, n, c); break;
    }
    memset(limit, 4, JONG_KINDS);
    if (rh_below(r, 3) == 0)
        for (int i = (int)rh_below(r, 8); i > 0; i--)
            limit[rh_below(r, JONG_KINDS)] = (uint8_t)rh_below(r, 4);
}

static void test_distance_against_brute_force(void **state)
{
    (void)state;
    rh_rng r;
    rh_seed(&r, 99);
    for (int i = 0; i < 3000; i++) {
        uint8_t c[JONG_KINDS], limit[JONG_KINDS];
        int sets = i < 2900 ? (int)rh_below(&r, 3) : 3;
        int n = (int)rh_below(&r, (uint32_t)(3 * sets + 4));
        random_case(&r, n, sets, c, limit);
        int want = brute_distance(c, sets, limit), got = ref_distance(c, sets, limit);
        if (want != got) {
            char buf[80];
            fail_msg("%s sets=%d: brute force %d, reference %d",
                     ref_format_counts(c, buf, sizeof buf), sets, want, got);
        }
    }
}

static void test_distance_against_dp(void **state)
{
    (void)state;
    rh_rng r;
    rh_seed(&r, 100);
    for (int i = 0; i < 15000; i++) {
        uint8_t c[JONG_KINDS], limit[JONG_KINDS];
        int sets = (int)rh_below(&r, DP_SETS + 1);
        int n = (int)rh_below(&r, 18);
        random_case(&r, n, sets < 5 ? sets : 5, c, limit);
        int want = dp_distance(c, sets, limit), got = ref_distance(c, sets, limit);
        if (want != got) {
            char buf[80];
            fail_msg("%s sets=%d: kind-by-kind DP %d, reference %d",
                     ref_format_counts(c, buf, sizeof buf), sets, want, got);
        }
    }
}

/* Every generated hand stays within four copies per kind counting melds, and has its size. */
static void test_generators(void **state)
{
    (void)state;
    rh_rng r;
    rh_seed(&r, 12345);
    for (int i = 0; i < 20000; i++) {
        jong_variant v = (jong_variant)(i & 1);
        int melds = (int)rh_below(&r, 4);
        bool drawn = (i >> 1) & 1;
        jong_hand h;
        rh_hand_with_melds(&r, v, melds, drawn, (rh_style)rh_below(&r, RH_STYLES), &h);
        uint8_t m[JONG_KINDS];
        ref_meld_copies(&h, m);
        for (int k = 0; k < JONG_KINDS; k++)
            assert_true(h.counts[k] + m[k] <= 4);
        assert_int_equal(h.nmelds, melds);
        assert_int_equal(ref_concealed_count(&h),
                         3 * (ref_variant_sets(v) - melds) + 1 + (drawn ? 1 : 0));
    }
    int complete = 0;
    for (int i = 0; i < 4000; i++) {
        uint8_t c[JONG_KINDS];
        rh_near_complete(&r, 4, 14, c);
        complete += ref_distance4(c, 4) == 0;
    }
    /* about a quarter have no swap and most of those are complete */
    assert_true(complete > 600);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_notation_round_trip),
        cmocka_unit_test(test_distance_basic),
        cmocka_unit_test(test_distance_four_copy_limit),
        cmocka_unit_test(test_distance_limited),
        cmocka_unit_test(test_distance_against_brute_force),
        cmocka_unit_test(test_distance_against_dp),
        cmocka_unit_test(test_chiitoi_kokushi),
        cmocka_unit_test(test_chiitoi_formula),
        cmocka_unit_test(test_shanten_all),
        cmocka_unit_test(test_simcat_mtw),
        cmocka_unit_test(test_waits),
        cmocka_unit_test(test_waits_with_melds),
        cmocka_unit_test(test_is_complete),
        cmocka_unit_test(test_effective_tiles),
        cmocka_unit_test(test_discard_table),
        cmocka_unit_test(test_decompose),
        cmocka_unit_test(test_decompose_special_details),
        cmocka_unit_test(test_generators),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
