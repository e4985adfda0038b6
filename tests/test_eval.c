/* The evaluator on hand-checked hands and the papers' worked examples, plus cross-checks of
 * its implementations: generated tables vs the per-kind DP, the vector combinations vs the
 * scalar one, and the fast paths of every CPU level this machine runs (core/cpu.h) against the
 * scalar level on seeded random hands (JONG_RANDOM_HANDS / 5 of them, default 200000). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include <stdlib.h>

#include "core/combine.h"
#include "core/cpu.h"
#include "core/eval_levels.h"
#include "jong/jong.h"
#include "support/parse_or_fail.h"
#include "support/random_hands.h"
#include "core/suit_dp.h"

/* SIMCAT section 4.1: 445w1267t1144888999s has MTW(1..8) = 0,0,0,1,2,3,4,6 and seven blocks. */
static void simcat_mtw_example(void **state)
{
    (void)state;
    jong_hand h = hand_of("445w1267t1144888999s");
    int mtw[JONG_MTW_MAX + 1];
    jong_mtw_table(h.counts, 0, 8, mtw);
    const int want[9] = {0, 0, 0, 0, 1, 2, 3, 4, 6};
    for (int c = 1; c <= 8; c++)
        assert_int_equal(mtw[c], want[c]);
    for (int c = 1; c <= 8; c++)
        assert_int_equal(jong_mtw(h.counts, 0, c), want[c]);
    assert_int_equal(jong_blocks(h.counts, 0), 7);
}

/* SIMCAT section 4.2: in 445w1267t1144s discarding 1t leaves 4 blocks and 4w leaves 5; the
 * tatsu-breaking set is the tiles 1267t1144s, the non-tatsu-breaking set 445w. */
static void simcat_tatsu_breaking_example(void **state)
{
    (void)state;
    jong_hand h = hand_of("445w1267t1144s");
    int before = jong_blocks(h.counts, 0);
    assert_int_equal(before, 5);
    uint64_t breaking = 0;
    for (int k = 0; k < JONG_KINDS; k++) {
        if (!h.counts[k])
            continue;
        h.counts[k]--;
        int after = jong_blocks(h.counts, 0);
        if (k == jong_kind_make(JONG_SUIT_P, 1))
            assert_int_equal(after, 4);
        if (k == jong_kind_make(JONG_SUIT_M, 4))
            assert_int_equal(after, 5);
        if (after < before)
            breaking |= 1ull << k;
        h.counts[k]++;
    }
    assert_true(breaking == kinds_of("1267t14s"));
}

static void shanten_hand_checked(void **state)
{
    (void)state;
    struct { const char *hand; int sets, standard, chiitoi, kokushi; } cases[] = {
        {"123m456p789s1122z", 4, 0, 4, 8},
        {"123m456p789s11z22z", 4, 0, 4, 8},
        {"11112222333344m", 4, -1, 5, 11}, /* 11 123 123 234 234; four kinds, so 5 from seven pairs */
        {"19m19p19s1234567z", 4, 8, 6, 0},
        {"1122m3344p5566s7z", 4, 3, 0, 10}, /* four pungs from pairs + a pair: 4 tiles away */
        {"11112233445566m", 4, -1, 1, 11},
        {"123456789m123p4567s", 5, 0, JONG_UNDEFINED, JONG_UNDEFINED}, /* 16 tiles: special forms undefined */
        {"147m258p369s1234z", 4, 8, 6, 7}, /* nothing connects: one tile per group */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        jong_hand h = hand_of(cases[i].hand);
        jong_shanten3 s;
        jong_shanten_all(h.counts, cases[i].sets, &s);
        if (cases[i].standard != -1 || jong_hand_concealed_count(&h) == 14)
            assert_int_equal(s.standard, cases[i].standard);
        assert_int_equal(s.chiitoi, cases[i].chiitoi);
        assert_int_equal(s.kokushi, cases[i].kokushi);
    }
}

static void waits_hand_checked(void **state)
{
    (void)state;
    jong_variant r = JONG_VARIANT_RIICHI;
    jong_hand h = hand_of("1112345678999m");
    h.counts[0]--; /* 13 tiles: the nine gates wait on all of 1m..9m */
    h = hand_of("1112345678999m4p");
    h.counts[jong_kind_make(JONG_SUIT_P, 4)]--;
    assert_true(jong_waits(&h, r, JONG_FORMS_ALL) == kinds_of("123456789m"));
    h = hand_of("19m19p19s1234567z");
    assert_true(jong_waits(&h, r, JONG_FORMS_ALL) == kinds_of("19m19p19s1234567z"));
    h = hand_of("123456789m1234p");
    assert_true(jong_waits(&h, r, JONG_FORMS_ALL) == kinds_of("14p"));
    h = hand_of("1122m3344p5566s7z");
    assert_true(jong_waits(&h, r, JONG_FORMS_ALL) == kinds_of("7z"));
    /* Taiwanese 16 tiles: 123m456m789m123p 45s waits 3s and 6s. */
    h = hand_of("123456789m123p11z45s");
    assert_true(jong_waits(&h, JONG_VARIANT_TAIWAN, JONG_FORMS_STANDARD) == kinds_of("36s"));
}

/* A hand cannot wait on a fifth copy: with 1111m the tanki on 1m is no wait. */
static void fifth_copy_is_no_wait(void **state)
{
    (void)state;
    jong_hand h = hand_of("1111m234p567s999s");
    assert_true(jong_waits(&h, JONG_VARIANT_RIICHI, JONG_FORMS_STANDARD) == 0);
    jong_shanten3 s;
    assert_int_equal(jong_hand_shanten(&h, JONG_VARIANT_RIICHI, JONG_FORMS_STANDARD, &s), 1);
    /* Same through declared melds: the pung of 1m holds three copies. */
    h = hand_of("1m [111m] [234p] [567s] [999s]");
    assert_true(jong_waits(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL) == 0);
    assert_int_equal(jong_hand_shanten(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL, &s), 1);
    h = hand_of("2m [111m] [234p] [567s] [999s]");
    assert_true(jong_waits(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL) == kinds_of("2m"));
}

static void effective_tiles_and_discards(void **state)
{
    (void)state;
    jong_hand h = hand_of("123456789m1234p");
    uint8_t seen[JONG_KINDS] = {0};
    seen[jong_kind_make(JONG_SUIT_P, 1)] = 2;
    jong_ukeire u;
    assert_int_equal(jong_effective_tiles(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL, seen, &u), 0);
    assert_true(u.kinds == kinds_of("14p"));
    assert_int_equal(u.unseen[jong_kind_make(JONG_SUIT_P, 1)], 1);
    assert_int_equal(u.unseen[jong_kind_make(JONG_SUIT_P, 4)], 3);
    assert_int_equal(u.total, 4);

    h = hand_of("123456789m1234p9s");
    jong_discard_option rows[JONG_KINDS];
    int n = jong_discard_table(&h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL, NULL, rows);
    assert_int_equal(n, 14);
    assert_int_equal(rows[0].discard, jong_kind_make(JONG_SUIT_S, 9));
    assert_int_equal(rows[0].shanten, 0);
    assert_int_equal(rows[0].ukeire.total, 6);
    for (int i = 1; i < n; i++)
        assert_true(rows[i - 1].shanten < rows[i].shanten ||
                    (rows[i - 1].shanten == rows[i].shanten && rows[i - 1].ukeire.total >= rows[i].ukeire.total));
}

static void decompositions_hand_checked(void **state)
{
    (void)state;
    jong_decomposition d[16];
    jong_hand h = hand_of("111222333m456p77z");
    assert_int_equal(jong_decompose(h.counts, 4, JONG_FORMS_ALL, d, 16), 2);
    h = hand_of("11223344556677m");
    int n = jong_decompose(h.counts, 4, JONG_FORMS_ALL, d, 16);
    assert_int_equal(n, 4); /* pair 11, 44 or 77, and seven pairs */
    assert_int_equal(d[n - 1].form, JONG_DECOMP_CHIITOI);
    h = hand_of("19m19p19s12345677z");
    n = jong_decompose(h.counts, 4, JONG_FORMS_ALL, d, 16);
    assert_int_equal(n, 1);
    assert_int_equal(d[0].form, JONG_DECOMP_KOKUSHI);
    assert_int_equal(d[0].pair, JONG_C);
    /* Five pungs; 123x3 444 555; 111 234x3 555; 111 222 345x3. */
    h = hand_of("111222333444555m66z");
    assert_int_equal(jong_decompose(h.counts, 5, JONG_FORMS_STANDARD, d, 16), 4);
    /* The sets of every reading add back to the hand. */
    n = jong_decompose(h.counts, 5, JONG_FORMS_STANDARD, d, 16);
    for (int i = 0; i < n; i++) {
        uint8_t c[JONG_KINDS] = {0};
        c[d[i].pair] += 2;
        for (int s = 0; s < d[i].nsets; s++) {
            if (d[i].set_type[s] == JONG_MELD_PUNG)
                c[d[i].set_tile[s]] += 3;
            else
                c[d[i].set_tile[s]]++, c[d[i].set_tile[s] + 1]++, c[d[i].set_tile[s] + 2]++;
        }
        assert_memory_equal(c, h.counts, JONG_KINDS);
    }
}

static uint64_t rng_state = 0x1234567;
static uint64_t next_random(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static void check_suit_against_dp(uint32_t idx, int nkinds, const uint64_t *table)
{
    uint8_t v[9], lim[9];
    for (int k = 0; k < nkinds; k++, idx /= 5)
        v[k] = (uint8_t)(idx % 5), lim[k] = 4;
    uint32_t back = nkinds == 9 ? jong_suit_index(v) : jong_honor_index(v);
    uint8_t d[2][JONG_DP_MAXSETS + 1];
    jong_suit_dp(v, lim, nkinds, nkinds == 9, JONG_MAX_SETS, d);
    for (int p = 0; p < 2; p++)
        for (int m = 0; m <= JONG_MAX_SETS; m++) {
            int want = d[p][m] > JONG_TABLE_SAT ? JONG_TABLE_SAT : d[p][m];
            if (jong_entry_get(table[back], m, p) != want) {
                fprintf(stderr, "suit index %u sets %d pair %d: table %d dp %d\n", back, m, p,
                        jong_entry_get(table[back], m, p), want);
                fail();
            }
        }
}

/* The build-time lattice tables and the runtime per-kind DP are different methods. */
static void tables_match_dp(void **state)
{
    (void)state;
    for (uint32_t idx = 0; idx < 78125; idx++)
        check_suit_against_dp(idx, 7, jong_honor_table);
    for (int i = 0; i < 200000; i++)
        check_suit_against_dp((uint32_t)(next_random() % 1953125), 9, jong_suit_table);
    /* Every suit holding up to 6 tiles: the cases random hands meet most. */
    for (uint32_t idx = 0; idx < 1953125; idx++) {
        int n = 0;
        for (uint32_t x = idx; x; x /= 5)
            n += (int)(x % 5);
        if (n <= 6)
            check_suit_against_dp(idx, 9, jong_suit_table);
    }
}

static void vector_combination_matches_scalar(void **state)
{
    (void)state;
#if JONG_CPU_DISPATCH
    int levels = jong_cpu_supported();
    printf("  CPU levels here: scalar..%s\n", jong_cpu_level_name(levels));
    for (int i = 0; i < 2000000; i++) {
        uint64_t e[4];
        for (int g = 0; g < 3; g++)
            e[g] = jong_suit_table[next_random() % 1953125];
        e[3] = jong_honor_table[next_random() % 78125];
        int sets = (int)(next_random() % (JONG_MAX_SETS + 1));
        int b = jong_total_scalar(e, sets);
        for (int level = JONG_CPU_SSE4; level <= levels; level++) {
            int a = level == JONG_CPU_AVX2 ? jong_total_avx2(e, sets) : jong_total_sse4(e, sets);
            if ((a < JONG_TABLE_SAT || b < JONG_TABLE_SAT) && a != b) {
                fprintf(stderr, "sets %d: %s %d scalar %d\n", sets, jong_cpu_level_name(level), a, b);
                fail();
            }
        }
    }
#else
    printf("  no vector levels on this architecture\n");
#endif
}

/* Every level of each fast path gives the scalar level's answer, on random hands of every size
 * and set count the tables cover (the exact fallbacks included). */
static long level_hands(void)
{
    const char *n = getenv("JONG_RANDOM_HANDS");
    long v = n && *n ? strtol(n, NULL, 10) / 5 : 200000;
    return v > 0 ? v : 0;
}

#if JONG_CPU_DISPATCH
static int level_mismatch(const uint8_t c[JONG_KINDS], int sets, int level, const char *what)
{
    char text[128];
    if (jong_format_counts(c, JONG_STYLE_COMPACT, text, sizeof text) == 0)
        snprintf(text, sizeof text, "(empty)");
    fprintf(stderr, "%s, %d sets: %s differs at level %s\n", text, sets, what, jong_cpu_level_name(level));
    return 1;
}

static int compare_levels(const uint8_t c[JONG_KINDS], int sets, uint64_t draws, int level)
{
    int (*distance)(const uint8_t *, int) = jong_distance_standard_sse4;
    void (*all)(const uint8_t *, int, jong_shanten3 *) = jong_shanten_all_sse4;
    int (*discard)(const uint8_t *, int, int *, uint64_t *) = jong_discard_shanten_sse4;
    void (*discard_draws)(const uint8_t *, int, uint64_t, uint64_t, uint64_t *) = jong_discard_draws_sse4;
    uint64_t (*lowering)(const uint8_t *, int, uint64_t, int *) = jong_lowering_draws_sse4;
    if (level == JONG_CPU_AVX2) {
        distance = jong_distance_standard_avx2;
        all = jong_shanten_all_avx2;
        discard = jong_discard_shanten_avx2;
        discard_draws = jong_discard_draws_avx2;
        lowering = jong_lowering_draws_avx2;
    }
    if (distance(c, sets) != jong_distance_standard_scalar(c, sets))
        return level_mismatch(c, sets, level, "distance");
    jong_shanten3 a, b;
    all(c, sets, &a);
    jong_shanten_all_scalar(c, sets, &b);
    if (a.standard != b.standard || a.chiitoi != b.chiitoi || a.kokushi != b.kokushi || a.best != b.best)
        return level_mismatch(c, sets, level, "shanten of the three forms");
    int sa[JONG_KINDS], sb[JONG_KINDS];
    uint64_t la = 1, lb = 2;
    if (discard(c, sets, sa, &la) != jong_discard_shanten_scalar(c, sets, sb, &lb) || la != lb ||
        memcmp(sa, sb, sizeof sa) != 0)
        return level_mismatch(c, sets, level, "shanten after each discard");
    uint64_t wa[JONG_KINDS], wb[JONG_KINDS];
    discard_draws(c, sets, ~0ull, draws, wa);
    jong_discard_draws_scalar(c, sets, ~0ull, draws, wb);
    if (memcmp(wa, wb, sizeof wa) != 0)
        return level_mismatch(c, sets, level, "lowering draws after each discard");
    int da = -1, db = -2;
    if (lowering(c, sets, draws, &da) != jong_lowering_draws_scalar(c, sets, draws, &db) || da != db)
        return level_mismatch(c, sets, level, "lowering draws");
    return 0;
}
#endif

static void levels_agree(void **state)
{
    (void)state;
#if JONG_CPU_DISPATCH
    int levels = jong_cpu_supported();
    long n = level_hands(), mismatches = 0;
    rh_rng r;
    rh_seed(&r, 20261201);
    uint8_t c[JONG_KINDS];
    for (long i = 0; i < n && mismatches < 10; i++) {
        int sets = (int)rh_below(&r, JONG_MAX_SETS + 1), size;
        switch (rh_below(&r, 4)) {
        case 0: size = 3 * sets + 2; break;
        case 1: size = 3 * sets + 1; break;
        default: size = (int)rh_below(&r, 18); break;
        }
        switch (rh_below(&r, 3)) {
        case 0: rh_uniform(&r, size, c); break;
        case 1: rh_one_suit(&r, size, c); break;
        default: rh_near_complete(&r, sets, 3 * sets + 1 + (int)rh_below(&r, 2), c); break;
        }
        uint64_t draws = rh_next(&r) | rh_next(&r); /* most kinds */
        for (int level = JONG_CPU_SSE4; level <= levels; level++)
            mismatches += compare_levels(c, sets, draws, level);
    }
    printf("  %ld hands at levels scalar..%s: %ld mismatches\n", n, jong_cpu_level_name(levels), mismatches);
    assert_int_equal(mismatches, 0);
    /* the public calls follow jong_cpu_set_level, and the level never exceeds the CPU's */
    int saved = jong_cpu_level();
    assert_int_equal(jong_cpu_set_level(JONG_CPU_AVX2 + 1), levels);
    assert_int_equal(jong_cpu_set_level(JONG_CPU_SCALAR), JONG_CPU_SCALAR);
    assert_int_equal(jong_cpu_level(), JONG_CPU_SCALAR);
    jong_hand h = hand_of("123m456p789s1122z");
    jong_shanten3 s3;
    jong_shanten_all(h.counts, 4, &s3);
    assert_int_equal(s3.standard, 0);
    jong_cpu_set_level(saved);
#else
    printf("  no vector levels on this architecture\n");
#endif
}

static void large_set_counts_use_exact_path(void **state)
{
    (void)state;
    uint8_t empty[JONG_KINDS] = {0};
    for (int s = 0; s <= 11; s++)
        assert_int_equal(jong_distance_standard(empty, s), 3 * s + 2);
    /* A one-tile hand is 16 away from five sets and a pair: beyond the tables' 15. */
    uint8_t one[JONG_KINDS] = {0};
    one[JONG_E] = 1;
    assert_int_equal(jong_distance_standard(one, 5), 16);
    assert_int_equal(jong_mtw(one, 0, 6), 16);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(simcat_mtw_example),
        cmocka_unit_test(simcat_tatsu_breaking_example),
        cmocka_unit_test(shanten_hand_checked),
        cmocka_unit_test(waits_hand_checked),
        cmocka_unit_test(fifth_copy_is_no_wait),
        cmocka_unit_test(effective_tiles_and_discards),
        cmocka_unit_test(decompositions_hand_checked),
        cmocka_unit_test(tables_match_dp),
        cmocka_unit_test(vector_combination_matches_scalar),
        cmocka_unit_test(levels_agree),
        cmocka_unit_test(large_set_counts_use_exact_path),
    };
    return cmocka_run_group_tests_name("eval", tests, NULL, NULL);
}
