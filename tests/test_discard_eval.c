/* The incremental discard evaluator (jong_discard_shanten, jong_discard_draws,
 * jong_lowering_draws, jong_discard_effective) against the obvious loops over
 * jong_shanten_standard, on seeded random hands: 14- and 17-tile hands with 0..4 or 0..5
 * declared melds, the same less one tile, hands of any size for any set count (distances past
 * the tables' saturation), and set counts beyond the tables. JONG_DISCARD_HANDS (default 200000,
 * or JONG_RANDOM_HANDS / 5 when only that is set) sets the number of main hands, JONG_RANDOM_SEED
 * the seed. */
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
#include "support/sanitized.h"

static long g_hands = 200000;
static uint64_t g_seed = 20260901;

typedef struct {
    long hands, discards, draws, lowering, mismatches;
} tally;

static const char *counts_text(const uint8_t c[JONG_KINDS])
{
    static char buf[256];
    if (jong_format_counts(c, JONG_STYLE_COMPACT, buf, sizeof buf) == 0)
        snprintf(buf, sizeof buf, "(empty)");
    return buf;
}

static void mismatch(tally *t, const uint8_t c[JONG_KINDS], int sets, const char *what, int k, long got, long want)
{
    if (t->mismatches++ < 10)
        fprintf(stderr, "MISMATCH %s, %d sets, %s k=%d: library %ld, loop %ld\n", counts_text(c), sets, what, k,
                got, want);
}

/* The loops the library must agree with: shanten after each discard, then after each draw. */
static void check_hand(rh_rng *r, const uint8_t counts[JONG_KINDS], int sets, tally *t)
{
    uint8_t c[JONG_KINDS];
    memcpy(c, counts, sizeof c);
    int want_sh[JONG_KINDS], want_best = JONG_UNDEFINED;
    uint64_t held = 0;
    for (int k = 0; k < JONG_KINDS; k++) {
        want_sh[k] = JONG_UNDEFINED;
        if (!c[k])
            continue;
        held |= 1ull << k;
        c[k]--;
        want_sh[k] = jong_shanten_standard(c, sets);
        c[k]++;
        if (want_sh[k] < want_best)
            want_best = want_sh[k];
    }
    /* every held kind as a discard, every kind as a draw */
    uint64_t want_low[JONG_KINDS];
    for (int k = 0; k < JONG_KINDS; k++) {
        want_low[k] = 0;
        if (!c[k] || want_sh[k] == JONG_UNDEFINED)
            continue;
        c[k]--;
        for (int j = 0; j < JONG_KINDS; j++) {
            if (c[j] >= 4)
                continue;
            c[j]++;
            if (jong_shanten_standard(c, sets) < want_sh[k])
                want_low[k] |= 1ull << j;
            c[j]--;
        }
        c[k]++;
    }
    t->hands++;

    /* the hand as it stands */
    int want_d = jong_distance_standard(c, sets);
    uint64_t want_here = 0, mask = rh_below(r, 2) ? ~0ull : rh_next(r);
    if (want_d != JONG_UNDEFINED)
        for (int j = 0; j < JONG_KINDS; j++) {
            if (c[j] >= 4)
                continue;
            c[j]++;
            if (jong_distance_standard(c, sets) < want_d)
                want_here |= 1ull << j;
            c[j]--;
        }
    int d = -5;
    uint64_t here = jong_lowering_draws(c, sets, mask, rh_below(r, 8) ? &d : NULL);
    if (d != -5 && d != want_d)
        mismatch(t, c, sets, "distance as it stands", -1, d, want_d);
    if (here != (want_here & mask))
        mismatch(t, c, sets, "lowering draws as it stands", -1, (long)here, (long)(want_here & mask));

    int sh[JONG_KINDS];
    uint64_t least = 12345, want_least = 0;
    int best = jong_discard_shanten(c, sets, sh, rh_below(r, 8) ? &least : NULL);
    if (best != want_best)
        mismatch(t, c, sets, "least shanten", -1, best, want_best);
    for (int k = 0; k < JONG_KINDS; k++)
        if (want_best != JONG_UNDEFINED && want_sh[k] == want_best)
            want_least |= 1ull << k;
    if (least != 12345 && least != want_least)
        mismatch(t, c, sets, "least discards", -1, (long)least, (long)want_least);
    for (int k = 0; k < JONG_KINDS; k++)
        if (sh[k] != want_sh[k])
            mismatch(t, c, sets, "shanten after discard", k, sh[k], want_sh[k]);

    /* all discards and draws; then random subsets of both */
    uint64_t all = (1ull << JONG_KINDS) - 1;
    for (int pass = 0; pass < 2; pass++) {
        uint64_t discards = pass ? (rh_next(r) & all) | (1ull << rh_below(r, JONG_KINDS)) : all;
        uint64_t draws = pass ? rh_next(r) & rh_next(r) & all : all;
        uint64_t lowers[JONG_KINDS];
        jong_discard_draws(c, sets, discards, draws, lowers);
        for (int k = 0; k < JONG_KINDS; k++) {
            uint64_t want = (discards >> k & 1) ? want_low[k] & draws : 0;
            if (lowers[k] != want)
                mismatch(t, c, sets, pass ? "lowering draws (subsets)" : "lowering draws", k, (long)lowers[k],
                         (long)want);
            if (!pass && (held >> k & 1)) {
                t->discards++;
                t->lowering += __builtin_popcountll(want);
            }
        }
    }
    t->draws += JONG_KINDS;

    uint8_t weight[JONG_KINDS];
    for (int k = 0; k < JONG_KINDS; k++)
        weight[k] = (uint8_t)rh_below(r, 5);
    int eff[JONG_KINDS];
    best = jong_discard_effective(c, sets, weight, sh, eff);
    if (best != want_best)
        mismatch(t, c, sets, "effective: least shanten", -1, best, want_best);
    for (int k = 0; k < JONG_KINDS; k++) {
        int want = -1;
        if (want_best != JONG_UNDEFINED && want_sh[k] == want_best) {
            want = 0;
            for (int j = 0; j < JONG_KINDS; j++)
                if (want_low[k] >> j & 1)
                    want += weight[j];
        }
        if (sh[k] != want_sh[k])
            mismatch(t, c, sets, "effective: shanten", k, sh[k], want_sh[k]);
        if (eff[k] != want)
            mismatch(t, c, sets, "effective tiles", k, eff[k], want);
    }
}

static void finish(const char *name, const tally *t)
{
    printf("  %s: %ld hands, %ld discards, %ld lowering draws, %ld mismatches\n", name, t->hands, t->discards,
           t->lowering, t->mismatches);
    fflush(stdout);
    assert_int_equal(t->mismatches, 0);
}

/* Hands after a draw: 14 tiles (4 sets) with 0..4 melds, 17 tiles (5 sets) with 0..5 melds; the
 * concealed part uniform, near-complete or mostly one suit. */
static void test_hands_after_draw(void **state)
{
    (void)state;
    rh_rng r;
    rh_seed(&r, g_seed);
    tally t = {0};
    for (long i = 0; i < g_hands; i++) {
        jong_variant v = i & 1 ? JONG_VARIANT_TAIWAN : JONG_VARIANT_RIICHI;
        int total = jong_variant_sets(v);
        int nmelds = (int)rh_below(&r, (uint32_t)total + 1);
        jong_hand h;
        rh_hand_with_melds(&r, v, nmelds, true, (rh_style)rh_below(&r, RH_STYLES), &h);
        check_hand(&r, h.counts, total - nmelds, &t);
    }
    finish("14/17 tiles less melds", &t);
}

/* The same hands before the draw (3n+1 tiles: discarding gives 3n, one short of ready). */
static void test_hands_before_draw(void **state)
{
    (void)state;
    rh_rng r;
    rh_seed(&r, g_seed + 1);
    tally t = {0};
    for (long i = 0; i < g_hands / 4; i++) {
        jong_variant v = i & 1 ? JONG_VARIANT_TAIWAN : JONG_VARIANT_RIICHI;
        int total = jong_variant_sets(v);
        int nmelds = (int)rh_below(&r, (uint32_t)total + 1);
        jong_hand h;
        rh_hand_with_melds(&r, v, nmelds, false, (rh_style)rh_below(&r, RH_STYLES), &h);
        check_hand(&r, h.counts, total - nmelds, &t);
    }
    finish("13/16 tiles less melds", &t);
}

/* Any size (0..17 tiles) for any set count the tables cover: small hands with many sets to
 * build have distances past the tables' saturation, so the exact fallbacks are exercised. */
static void test_any_size(void **state)
{
    (void)state;
    rh_rng r;
    rh_seed(&r, g_seed + 2);
    tally t = {0};
    uint8_t c[JONG_KINDS];
    for (long i = 0; i < g_hands / 4; i++) {
        int n = (int)rh_below(&r, 18), sets = (int)rh_below(&r, JONG_MAX_SETS + 1);
        switch (rh_below(&r, 3)) {
        case 0: rh_uniform(&r, n, c); break;
        case 1: rh_one_suit(&r, n, c); break;
        default: rh_near_complete(&r, sets, 3 * sets + 2 - (int)rh_below(&r, 3), c); break;
        }
        check_hand(&r, c, sets, &t);
    }
    finish("any size, 0..5 sets", &t);
}

/* Set counts beyond the tables (the exact path throughout) and outside the defined range. */
static void test_beyond_tables(void **state)
{
    (void)state;
    rh_rng r;
    rh_seed(&r, g_seed + 3);
    tally t = {0};
    uint8_t c[JONG_KINDS];
    /* the exact path is slow: 300 hands in release, 60 with fewer cases (ASan, clang) */
    for (long i = 0; i < (SANITIZED ? 60 : 300); i++) {
        int sets = 6 + (int)rh_below(&r, 2);
        rh_uniform(&r, 3 * sets + 2 - (int)rh_below(&r, 2), c);
        check_hand(&r, c, sets, &t);
    }
    for (int i = 0; i < 20; i++) {
        rh_uniform(&r, 14, c);
        check_hand(&r, c, i & 1 ? -1 : 13, &t);  /* undefined: every shanten JONG_UNDEFINED */
    }
    memset(c, 0, sizeof c);
    check_hand(&r, c, 4, &t);  /* nothing held */
    finish("6..7, -1 and 13 sets, empty hand", &t);
}

/* Hand-checked: 123456789m11p223s (14 tiles, 4 sets): discarding 3s leaves 123m 456m 789m
 * 11p 22s, ready on 1p and 2s; keeping 3s and discarding 1m is one from ready. And a lone kind
 * can lower the shanten: 1111m456p789s (3 sets) is 1 from ready (the fourth 1m is no pair), but
 * with a lone 1z it waits on the pair 1z. */
static void hand_checked(void **state)
{
    (void)state;
    uint8_t c[JONG_KINDS];
    counts_of("123456789m11p223s", c);
    int sh[JONG_KINDS], eff[JONG_KINDS];
    uint8_t weight[JONG_KINDS];
    memset(weight, 1, sizeof weight);
    int s3 = jong_kind_make(JONG_SUIT_S, 3), p1 = jong_kind_make(JONG_SUIT_P, 1), s2 = jong_kind_make(JONG_SUIT_S, 2);
    assert_int_equal(jong_discard_effective(c, 4, weight, sh, eff), 0);
    assert_int_equal(sh[s3], 0);
    assert_int_equal(sh[jong_kind_make(JONG_SUIT_M, 1)], 1);
    assert_int_equal(eff[s3], 2);
    uint64_t lowers[JONG_KINDS];
    jong_discard_draws(c, 4, 1ull << s3, ~0ull, lowers);
    assert_true(lowers[s3] == ((1ull << p1) | (1ull << s2)));

    counts_of("123456789m11p22s", c);
    int d = -1;
    assert_true(jong_lowering_draws(c, 4, ~0ull, &d) == ((1ull << p1) | (1ull << s2)));
    assert_int_equal(d, 1);

    counts_of("1111m456p789s1z", c);
    int east = jong_kind_make(JONG_SUIT_Z, 1);
    assert_int_equal(jong_discard_shanten(c, 3, sh, NULL), 0);
    assert_int_equal(sh[east], 1);
    jong_discard_draws(c, 3, 1ull << east, ~0ull, lowers);
    assert_true(lowers[east] >> east & 1);
}

static void read_environment(void)
{
    /* tests/run_all.sh sets JONG_RANDOM_HANDS=100000 (a tenth of its default) for the sanitizer
     * and clang builds: follow it (a fifth of it here) unless JONG_DISCARD_HANDS is given */
    const char *n = getenv("JONG_DISCARD_HANDS"), *name = "JONG_DISCARD_HANDS";
    long scale = 1;
    if (!n || !*n) {
        n = getenv("JONG_RANDOM_HANDS");
        name = "JONG_RANDOM_HANDS";
        scale = 5;
    }
    if (n && *n) {
        char *end;
        long v = strtol(n, &end, 10);
        if (*end == '\0' && v >= 0)
            g_hands = v / scale;
        else
            fprintf(stderr, "%s=%s is not a count; using %ld\n", name, n, g_hands);
    }
    const char *s = getenv("JONG_RANDOM_SEED");
    if (s && *s)
        g_seed = strtoull(s, NULL, 0);
    printf("discard evaluator tests: %ld hands, JONG_RANDOM_SEED=%llu\n", g_hands, (unsigned long long)g_seed);
    fflush(stdout);
}

int main(void)
{
    read_environment();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hand_checked),
        cmocka_unit_test(test_hands_after_draw),
        cmocka_unit_test(test_hands_before_draw),
        cmocka_unit_test(test_any_size),
        cmocka_unit_test(test_beyond_tables),
    };
    return cmocka_run_group_tests_name("discard_eval", tests, NULL, NULL);
}
