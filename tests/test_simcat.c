/* SIMCAT: the paper's own examples (the tatsu-breaking sets of Tables 1 and 2, both wins of
 * Fig. 2, the H1 and H2 picks), the fast four-player state-set expansion against a slow obvious
 * expansion on random cases, the simulations at every CPU level this machine runs against the
 * scalar level (core/cpu.h), progressive pruning, the anytime stop and the budget, the
 * determinism of a seed on another thread, and the player's options. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jong/jong.h"
#include "core/suit_table.h"
#include "players/simcat/simcat.h"
#include "players/simcat/simcat_sim_levels.h"
#include "support/parse_or_fail.h"
#include "support/reference.h"

/* Hands here are in the paper's notation: w = wan (our m), t = tong (our p), s = sou (our s). */

static void full_pool(const uint8_t c[JONG_KINDS], uint8_t pool[JONG_KINDS])
{
    for (int k = 0; k < JONG_KINDS; k++)
        pool[k] = (uint8_t)(4 - c[k]);
}

/* ---- Tables 1 and 2: the tatsu-breaking and non-tatsu-breaking sets ---------------------- */

static void test_table1_sets(void **state)
{
    (void)state;
    uint8_t c[JONG_KINDS];
    counts_of("445m1267p1144s", c); /* 445w1267t1144s */
    uint64_t tb, ntb;
    jong_simcat_tatsu_sets(c, 0, &tb, &ntb);
    /* "the eight tiles 1267t1144s are in the tatsu-breaking set, and 445w in the other" */
    assert_true(tb == kinds_of("1267p14s"));
    assert_true(ntb == kinds_of("45m"));
    /* the paper's block counts: five blocks; four after 1t, five after 4w */
    assert_int_equal(jong_blocks(c, 0), 5);
    c[kind_of("1p")]--;
    assert_int_equal(jong_blocks(c, 0), 4);
    c[kind_of("1p")]++;
    c[kind_of("4m")]--;
    assert_int_equal(jong_blocks(c, 0), 5);
}

static void test_table2_sets(void **state)
{
    (void)state;
    uint8_t c[JONG_KINDS];
    counts_of("145m1267p1144s", c); /* 145w1267t1144s */
    uint64_t tb, ntb;
    jong_simcat_tatsu_sets(c, 0, &tb, &ntb);
    /* Table 2: 1t breaks a tatsu, the single 1w does not; 4w and 5w break the tatsu 45w */
    assert_true(ntb == kinds_of("1m"));
    assert_true(tb == kinds_of("45m1267p14s"));
}

/* ---- Fig. 2: both ways to win from 1789t788s in two rounds ------------------------------- */

static void test_fig2_both_wins(void **state)
{
    (void)state;
    jong_simcat_work *w = jong_simcat_work_new();
    uint8_t c[JONG_KINDS];
    counts_of("1789p788s", c); /* 7 tiles: two sets and a pair still to form */
    int E = kind_of("1z"), S = kind_of("2z"), W = kind_of("3z");
    int s9 = kind_of("9s"), p1 = kind_of("1p"), p2 = kind_of("2p"), p3 = kind_of("3p");
    /* (b) the upper player discards 9s: chow 789s, then pick 1t (11t 789t) */
    uint8_t steal[8] = {(uint8_t)E, (uint8_t)S, (uint8_t)s9, (uint8_t)p2, (uint8_t)E, (uint8_t)S, (uint8_t)W, (uint8_t)p1};
    assert_true(jong_simcat_sim_fp(w, c, 2, steal, 2));
    assert_false(jong_simcat_sim_sp(c, 2, steal, 2)); /* picking 2t and 1t does not win */
    /* (c) ignore 9s, pick 2t then 3t (123t 789t 88s) */
    uint8_t pick[8] = {(uint8_t)E, (uint8_t)S, (uint8_t)s9, (uint8_t)p2, (uint8_t)E, (uint8_t)S, (uint8_t)W, (uint8_t)p3};
    assert_true(jong_simcat_sim_fp(w, c, 2, pick, 2));
    assert_true(jong_simcat_sim_sp(c, 2, pick, 2));
    /* the same tiles with 9s from the opposite player (no chow allowed, 7s8s is no pair): no win */
    uint8_t far[8] = {(uint8_t)E, (uint8_t)s9, (uint8_t)S, (uint8_t)p2, (uint8_t)E, (uint8_t)S, (uint8_t)W, (uint8_t)p1};
    assert_false(jong_simcat_sim_fp(w, c, 2, far, 2));
    /* a pong of 8s from any seat: 888s, then 789t and 1t 7s need... one round short */
    jong_simcat_work_free(w);
}

/* ---- the fast FP expansion against the slow obvious one ---------------------------------- */

/* Every state of every round, no merging, no cut; a win when any final state is complete. */
static bool ref_fp(const uint8_t c[JONG_KINDS], int sets, const uint8_t *tiles, int m, int round)
{
    if (round == m)
        return sets >= 0 && ref_distance4(c, sets) == 0;
    const uint8_t *t = tiles + 4 * round;
    uint8_t x[JONG_KINDS];
    memcpy(x, c, sizeof x);
    if (x[t[3]] < 4) {
        x[t[3]]++;
        if (ref_fp(x, sets, tiles, m, round + 1))
            return true;
        x[t[3]]--;
    }
    if (sets == 0)
        return false;
    for (int i = 0; i < 3; i++) /* pongs of the three discards */
        if (c[t[i]] >= 2) {
            x[t[i]] -= 2;
            bool win = ref_fp(x, sets - 1, tiles, m, round + 1);
            x[t[i]] += 2;
            if (win)
                return true;
        }
    int u = t[2];
    if (u < 27)
        for (int low = u - u % 9; low <= u - u % 9 + 6; low++) { /* chows with the upper's discard */
            if (u < low || u > low + 2)
                continue;
            bool ok = true;
            for (int k = low; k < low + 3; k++)
                if (k != u && !x[k])
                    ok = false;
            if (!ok)
                continue;
            for (int k = low; k < low + 3; k++)
                if (k != u)
                    x[k]--;
            bool win = ref_fp(x, sets - 1, tiles, m, round + 1);
            for (int k = low; k < low + 3; k++)
                if (k != u)
                    x[k]++;
            if (win)
                return true;
        }
    return false;
}

static void test_fp_against_reference(void **state)
{
    (void)state;
    jong_simcat_work *w = jong_simcat_work_new();
    jong_rng rng;
    jong_rng_seed(&rng, 4242);
    int wins = 0, losses = 0;
    for (int trial = 0; trial < 20000; trial++) {
        uint8_t wall[136];
        int n = 0;
        for (int k = 0; k < JONG_KINDS; k++)
            for (int i = 0; i < 4; i++)
                wall[n++] = (uint8_t)k;
        /* small hands often win in a few rounds; full hands test the deep cases.
         * Concentrated walls (one suit and a few honors) make claims frequent. */
        int sets = 1 + (int)jong_rng_below(&rng, 5), m = 1 + (int)jong_rng_below(&rng, sets >= 4 ? 3 : 4);
        bool narrow = jong_rng_below(&rng, 2);
        int limit = narrow ? 9 * 4 : 136;
        for (int j = limit - 1; j > 0; j--) {
            int r = (int)jong_rng_below(&rng, (uint32_t)(j + 1));
            uint8_t t = wall[j];
            wall[j] = wall[r];
            wall[r] = t;
        }
        uint8_t c[JONG_KINDS] = {0};
        int size = 3 * sets + 1;
        for (int i = 0; i < size; i++)
            c[wall[i]]++;
        const uint8_t *tiles = wall + size;
        bool fast = jong_simcat_sim_fp(w, c, sets, tiles, m);
        bool slow = ref_fp(c, sets, tiles, m, 0);
        if (fast != slow) {
            char buf[128];
            jong_format_counts(c, JONG_STYLE_COMPACT, buf, sizeof buf);
            fprintf(stderr, "MISMATCH %s sets %d m %d: fast %d slow %d\n", buf, sets, m, fast, slow);
        }
        assert_int_equal(fast, slow);
        /* SP is FP without claims: it can never win where FP does not */
        if (jong_simcat_sim_sp(c, sets, tiles, m))
            assert_true(fast);
        wins += slow;
        losses += !slow;
    }
    fprintf(stderr, "fp vs reference: %d wins, %d losses, all agree\n", wins, losses);
    assert_true(wins > 100 && losses > 100);
    jong_simcat_work_free(w);
}

/* The FP expansion exactly as the state-set method is defined, the obvious way: states as count
 * vectors, each round's children of each parent in order (the pick, the pongs of the distinct
 * discards, the chows of the upper player's discard), every child counted, the first at distance
 * 0 wins, one farther than the rounds left is dropped, an equal state already in the next set is
 * not added again (a linear search). The fast version keeps its states as table indices and packed
 * counts, skips the distance where bounds decide it and shares a round's constants between the
 * arms of a deal; it must examine the same states and give the same answer. */
typedef struct {
    uint8_t c[JONG_KINDS];
    int sets;
} ref_state;

static bool ref_fp_bfs(const uint8_t counts[JONG_KINDS], int sets, const uint8_t *tiles, int m, long *states)
{
    *states = 0;
    int d0 = jong_distance_standard(counts, sets);
    if (d0 == 0)
        return true;
    if (d0 > m)
        return false;
    size_t cap = 1024;
    ref_state *cur = malloc(cap * sizeof *cur), *next = malloc(cap * sizeof *next);
    assert_non_null(cur);
    assert_non_null(next);
    memcpy(cur[0].c, counts, JONG_KINDS);
    cur[0].sets = sets;
    size_t ncur = 1;
    bool win = false;
    for (int i = 0; i < m && ncur > 0 && !win; i++) {
        const uint8_t *t = tiles + 4 * i;
        int left = m - i - 1, u = t[2];
        size_t nnext = 0;
        for (size_t j = 0; j < ncur && !win; j++) {
            ref_state kids[7];
            int nk = 0;
            const ref_state *p = &cur[j];
            if (p->c[t[3]] < 4) {
                kids[nk] = *p;
                kids[nk++].c[t[3]]++;
            }
            for (int q = 0; q < 3 && p->sets > 0; q++) {
                bool seen = false;
                for (int e = 0; e < q; e++)
                    seen |= t[e] == t[q];
                if (!seen && p->c[t[q]] >= 2) {
                    kids[nk] = *p;
                    kids[nk].c[t[q]] -= 2;
                    kids[nk++].sets--;
                }
            }
            if (u < 27 && p->sets > 0)
                for (int low = u - u % 9 + (u % 9 >= 2 ? u % 9 - 2 : 0); low <= u && low <= u - u % 9 + 6; low++) {
                    bool ok = true;
                    for (int k = low; k < low + 3; k++)
                        if (k != u && !p->c[k])
                            ok = false;
                    if (!ok)
                        continue;
                    kids[nk] = *p;
                    for (int k = low; k < low + 3; k++)
                        if (k != u)
                            kids[nk].c[k]--;
                    kids[nk++].sets--;
                }
            for (int q = 0; q < nk && !win; q++) {
                (*states)++;
                int d = jong_distance_standard(kids[q].c, kids[q].sets);
                if (d == 0) {
                    win = true;
                    break;
                }
                if (d > left)
                    continue;
                bool dup = false;
                for (size_t e = 0; e < nnext && !dup; e++)
                    dup = next[e].sets == kids[q].sets && memcmp(next[e].c, kids[q].c, JONG_KINDS) == 0;
                if (dup)
                    continue;
                if (nnext == cap) {
                    cap *= 2;
                    cur = realloc(cur, cap * sizeof *cur);
                    next = realloc(next, cap * sizeof *next);
                    assert_non_null(cur);
                    assert_non_null(next);
                }
                next[nnext++] = kids[q];
            }
        }
        ref_state *sw = cur;
        cur = next;
        next = sw;
        ncur = nnext;
    }
    free(cur);
    free(next);
    return win;
}

/* The fast FP simulation at every level examines exactly the states of the obvious expansion and
 * gives its answer, on deep random deals (up to 12 rounds, full hands) and on narrow walls where
 * claims are frequent; each arm of a deal after another on one work space, as the flat Monte
 * Carlo runs them (the round constants are reused between them). */
static void test_fp_states_against_reference(void **state)
{
    (void)state;
    jong_simcat_work *w = jong_simcat_work_new();
    assert_non_null(w);
    /* a work space that believes it holds 4 states: growing (arrays and hash) runs often */
    w->cap = 4;
    w->nslots = 16;
    jong_rng rng;
    jong_rng_seed(&rng, 2323);
    long total = 0, wins = 0, losses = 0;
    int was = jong_cpu_level();
    for (int trial = 0; trial < 2000; trial++) {
        uint8_t wall[136];
        int n = 0;
        for (int k = 0; k < JONG_KINDS; k++)
            for (int i = 0; i < 4; i++)
                wall[n++] = (uint8_t)k;
        bool narrow = jong_rng_below(&rng, 3) == 0;
        int limit = narrow ? 9 * 4 + 8 : 136;
        for (int j = limit - 1; j > 0; j--) {
            int r = (int)jong_rng_below(&rng, (uint32_t)(j + 1));
            uint8_t t = wall[j];
            wall[j] = wall[r];
            wall[r] = t;
        }
        int sets = 1 + (int)jong_rng_below(&rng, 5), m = 1 + (int)jong_rng_below(&rng, narrow ? 6 : 12);
        uint8_t hand[JONG_KINDS] = {0};
        int size = 3 * sets + 2; /* a hand before its discard: each of its kinds is one arm */
        for (int i = 0; i < size; i++)
            hand[wall[i]]++;
        const uint8_t *tiles = wall + size;
        for (int k = 0; k < JONG_KINDS; k++) {
            if (!hand[k])
                continue;
            uint8_t c[JONG_KINDS];
            memcpy(c, hand, sizeof c);
            c[k]--;
            long ref_states;
            bool slow = ref_fp_bfs(c, sets, tiles, m, &ref_states);
            for (int level = JONG_CPU_SCALAR; level <= jong_cpu_supported(); level++) {
                jong_cpu_set_level(level);
                bool fast = jong_simcat_sim_fp(w, c, sets, tiles, m);
                if (fast != slow || jong_simcat_work_states(w) != ref_states) {
                    char buf[128];
                    jong_format_counts(c, JONG_STYLE_COMPACT, buf, sizeof buf);
                    fprintf(stderr, "MISMATCH %s sets %d m %d level %s: fast %d (%ld states) slow %d (%ld states)\n",
                            buf, sets, m, jong_cpu_level_name(level), fast, jong_simcat_work_states(w), slow,
                            ref_states);
                }
                assert_int_equal(fast, slow);
                assert_int_equal(jong_simcat_work_states(w), ref_states);
            }
            total += ref_states;
            wins += slow;
            losses += !slow;
        }
    }
    jong_cpu_set_level(was);
    fprintf(stderr, "fp states vs the obvious expansion, levels scalar..%s: %ld wins, %ld losses, %ld states, all agree\n",
            jong_cpu_level_name(jong_cpu_supported()), wins, losses, total);
    assert_true(wins > 100 && losses > 100);
    jong_simcat_work_free(w);
}

/* Bit 4i set when nibble i of a table entry is 0 (as simcat_sim_impl.h reads them). */
static uint64_t zero_lanes(uint64_t x)
{
    uint64_t z = 0;
    for (int i = 0; i < 16; i++)
        if (!((x >> (4 * i)) & 15))
            z |= 1ull << (4 * i);
    return z;
}

/* The bounds the fast FP simulation keeps instead of computing a distance (simcat_sim.c):
 * adding a tile lowers the distance by at most one and never raises it, and a tile completes a
 * hand only if it is not isolated (some of its kind held, or of the ranks within two in its
 * suit) and its group's table entry gains a zero lane; a claim (a discard taken with held tiles
 * as a meld, one set fewer) lowers it by at most one and raises it by at most two. */
static void test_fp_distance_bounds(void **state)
{
    (void)state;
    jong_rng rng;
    jong_rng_seed(&rng, 99);
    for (int trial = 0; trial < 20000; trial++) {
        uint8_t c[JONG_KINDS] = {0};
        int sets = 1 + (int)jong_rng_below(&rng, 5), size = 3 * sets + 1 + (int)jong_rng_below(&rng, 6);
        for (int i = 0; i < size;) {
            int k = (int)jong_rng_below(&rng, trial % 2 ? 9 : JONG_KINDS);
            if (c[k] < 4) {
                c[k]++;
                i++;
            }
        }
        int d = jong_distance_standard(c, sets), x = (int)jong_rng_below(&rng, JONG_KINDS);
        bool isolated = true;
        for (int y = x - 2; y <= x + 2; y++)
            if ((y == x || (x < 27 && y >= 0 && y < 27 && y / 9 == x / 9)) && c[y])
                isolated = false;
        if (c[x] < 4) {
            int g = x < 27 ? x / 9 : 3;
            uint64_t before = g < 3 ? jong_suit_table[jong_suit_index(c + 9 * g)] : jong_honor_table[jong_honor_index(c + 27)];
            c[x]++;
            int dp = jong_distance_standard(c, sets);
            assert_true(dp <= d && dp >= d - 1);
            if (isolated && d >= 1)
                assert_true(dp >= 1);
            /* completing the hand gives x's group entry a zero lane it did not have */
            uint64_t after = g < 3 ? jong_suit_table[jong_suit_index(c + 9 * g)] : jong_honor_table[jong_honor_index(c + 27)];
            if (d >= 1 && dp == 0)
                assert_true(zero_lanes(after) & ~zero_lanes(before));
            c[x]--;
        }
        if (c[x] >= 2) { /* pong of a discarded x */
            c[x] -= 2;
            int dc = jong_distance_standard(c, sets - 1);
            assert_true(dc >= d - 1 && dc <= d + 2);
            c[x] += 2;
        }
        if (x < 27 && x % 9 <= 6 && c[x + 1] && c[x + 2]) { /* chow of a discarded x */
            c[x + 1]--;
            c[x + 2]--;
            int dc = jong_distance_standard(c, sets - 1);
            assert_true(dc >= d - 1 && dc <= d + 2);
            c[x + 1]++;
            c[x + 2]++;
        }
    }
}

/* Every level of the simulations (core/cpu.h) gives the scalar level's answer and, for FP,
 * examines the same number of states, on random deals of up to 12 rounds. */
static void test_levels_agree(void **state)
{
    (void)state;
#if JONG_CPU_DISPATCH
    int levels = jong_cpu_supported();
    jong_simcat_work *w = jong_simcat_work_new(), *ws = jong_simcat_work_new();
    jong_rng rng;
    jong_rng_seed(&rng, 777);
    long states = 0;
    for (int trial = 0; trial < 20000; trial++) {
        uint8_t wall[136];
        int n = 0;
        for (int k = 0; k < JONG_KINDS; k++)
            for (int i = 0; i < 4; i++)
                wall[n++] = (uint8_t)k;
        for (int j = 135; j > 0; j--) {
            int r = (int)jong_rng_below(&rng, (uint32_t)(j + 1));
            uint8_t t = wall[j];
            wall[j] = wall[r];
            wall[r] = t;
        }
        int sets = 1 + (int)jong_rng_below(&rng, 5), m = 1 + (int)jong_rng_below(&rng, 12);
        uint8_t c[JONG_KINDS] = {0};
        int size = 3 * sets + 1;
        for (int i = 0; i < size; i++)
            c[wall[i]]++;
        const uint8_t *tiles = wall + size; /* 4 * m <= 48 tiles after at most 16 */
        bool sp = jong_simcat_sim_sp_scalar(c, sets, tiles, m);
        bool fp = jong_simcat_sim_fp_scalar(ws, c, sets, tiles, m);
        for (int level = JONG_CPU_SSE4; level <= levels; level++) {
            bool avx2 = level == JONG_CPU_AVX2;
            assert_int_equal(avx2 ? jong_simcat_sim_sp_avx2(c, sets, tiles, m) : jong_simcat_sim_sp_sse4(c, sets, tiles, m), sp);
            assert_int_equal(avx2 ? jong_simcat_sim_fp_avx2(w, c, sets, tiles, m) : jong_simcat_sim_fp_sse4(w, c, sets, tiles, m), fp);
            assert_int_equal(jong_simcat_work_states(w), jong_simcat_work_states(ws));
        }
        states += jong_simcat_work_states(ws);
    }
    fprintf(stderr, "simulations at levels scalar..%s agree (%ld FP states)\n", jong_cpu_level_name(levels), states);
    jong_simcat_work_free(w);
    jong_simcat_work_free(ws);
#else
    fprintf(stderr, "no vector levels on this architecture\n");
#endif
}

/* ---- progressive pruning, anytime, budget, determinism ----------------------------------- */

static jong_simcat_params fp_params(bool prune)
{
    return (jong_simcat_params){.model = JONG_SIMCAT_FP, .prune = prune, .rd = 3, .first = 300, .step = 100,
                                .rounds = 6};
}

static void two_arms(jong_simcat_arm arms[2], uint8_t pool[JONG_KINDS])
{
    uint8_t good[JONG_KINDS], bad[JONG_KINDS], all[JONG_KINDS] = {0};
    counts_of("123456789m1234p5s", good);  /* 16 tiles, ready for 5p... */
    counts_of("1599m1599p1599s1234z", bad); /* 16 scattered tiles */
    memcpy(arms[0].counts, bad, JONG_KINDS);
    memcpy(arms[1].counts, good, JONG_KINDS);
    arms[0].sets = arms[1].sets = 5;
    for (int k = 0; k < JONG_KINDS; k++)
        all[k] = (uint8_t)(good[k] > bad[k] ? good[k] : bad[k]);
    full_pool(all, pool);
}

static void test_pruning(void **state)
{
    (void)state;
    jong_simcat_work *w = jong_simcat_work_new();
    jong_simcat_arm arms[2];
    uint8_t pool[JONG_KINDS];
    two_arms(arms, pool);
    jong_simcat_params p = fp_params(true);
    jong_rng rng;
    jong_rng_seed(&rng, 1);
    jong_simcat_stats st;
    int best = jong_simcat_flat(&p, arms, 2, pool, 100000, &rng, NULL, w, &st);
    assert_int_equal(best, 1);
    assert_true(st.pruned[0]);
    assert_false(st.pruned[1]);
    assert_int_equal(st.total, 600); /* one iteration decides: 300 each, then one arm is left */
    /* without pruning the whole budget is spent, evenly */
    p = fp_params(false);
    jong_rng_seed(&rng, 1);
    best = jong_simcat_flat(&p, arms, 2, pool, 5000, &rng, NULL, w, &st);
    assert_int_equal(best, 1);
    assert_int_equal(st.total, 5000);
    assert_int_equal(st.sims[0], 2500);
    assert_int_equal(st.sims[1], 2500);
    jong_simcat_work_free(w);
}

static void test_stop_and_budget(void **state)
{
    (void)state;
    jong_simcat_work *w = jong_simcat_work_new();
    jong_simcat_arm arms[2];
    uint8_t pool[JONG_KINDS];
    two_arms(arms, pool);
    jong_simcat_params p = fp_params(false);
    jong_rng rng;
    jong_rng_seed(&rng, 2);
    jong_simcat_stats st;
    atomic_bool stop = true;
    int best = jong_simcat_flat(&p, arms, 2, pool, 100000, &rng, &stop, w, &st);
    assert_true(best == 0 || best == 1);
    assert_int_equal(st.total, 0);
    assert_true(st.stopped);
    /* an odd budget: never more simulations than allowed */
    atomic_store(&stop, false);
    jong_simcat_flat(&p, arms, 2, pool, 777, &rng, &stop, w, &st);
    assert_true(st.total <= 777 && st.total >= 776);
    assert_false(st.stopped);
    jong_simcat_work_free(w);
}

typedef struct {
    const char *hand;
    uint64_t seed;
    jong_simcat_heuristic heuristic;
    jong_simcat_report rep;
} decide_job;

static void *decide(void *arg)
{
    decide_job *j = arg;
    uint8_t c[JONG_KINDS], pool[JONG_KINDS];
    counts_of(j->hand, c);
    full_pool(c, pool);
    jong_simcat_config cfg = {.params = fp_params(true), .heuristic = j->heuristic, .budget = 30000};
    /* five rounds: the win rates then come out near the paper's Tables 1 and 2 */
    cfg.params.rounds = 5;
    jong_rng rng;
    jong_rng_seed(&rng, j->seed);
    jong_simcat_work *w = jong_simcat_work_new();
    jong_simcat_discard(&cfg, c, 0, 3, pool, &rng, NULL, w, &j->rep); /* 11 tiles: 3 sets and a pair */
    jong_simcat_work_free(w);
    return NULL;
}

static void test_determinism_across_threads(void **state)
{
    (void)state;
    decide_job a = {"145m1267p1144s", 99, JONG_SIMCAT_H2H1, {0}}, b = a;
    decide(&a);
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, decide, &b), 0);
    pthread_join(t, NULL);
    assert_int_equal(a.rep.kind, b.rep.kind);
    assert_int_equal(a.rep.sims, b.rep.sims);
    assert_int_equal(a.rep.states, b.rep.states);
    assert_memory_equal(a.rep.single_rate, b.rep.single_rate, sizeof a.rep.single_rate);
}

/* ---- H1 and H2 on the hands of Tables 1 and 2 -------------------------------------------- */

static void print_report(const char *hand, const char *name, const jong_simcat_report *r)
{
    fprintf(stderr, "%s %s: discard %s by %s; t1tb %s %.1f%%, t2tb %s %.1f%%, t1ntb %s %.1f%%, t2ntb %s %.1f%%\n",
            hand, name, jong_kind_name(r->kind, JONG_STYLE_COMPACT), r->rule,
            r->t1tb >= 0 ? jong_kind_name(r->t1tb, JONG_STYLE_COMPACT) : "-", 100 * r->wr1tb,
            r->t2tb >= 0 ? jong_kind_name(r->t2tb, JONG_STYLE_COMPACT) : "-", 100 * r->wr2tb,
            r->t1ntb >= 0 ? jong_kind_name(r->t1ntb, JONG_STYLE_COMPACT) : "-", 100 * r->wr1ntb,
            r->t2ntb >= 0 ? jong_kind_name(r->t2ntb, JONG_STYLE_COMPACT) : "-", 100 * r->wr2ntb);
}

static void test_table1_h1(void **state)
{
    (void)state;
    decide_job j = {"445m1267p1144s", 7, JONG_SIMCAT_H1, {0}};
    decide(&j);
    print_report(j.hand, "H1", &j.rep);
    /* Table 1: flat Monte Carlo prefers the non-tatsu-breaking 4w, so stage 2 runs, and H1
     * breaks the tatsu 12t by discarding 1t */
    assert_int_equal(j.rep.t1ntb, kind_of("4m"));
    assert_true(j.rep.wr1ntb > j.rep.wr1tb);
    assert_string_equal(j.rep.rule, "H1");
    assert_true(j.rep.breaking >> j.rep.kind & 1);
    assert_int_equal(j.rep.kind, kind_of("1p"));
}

static void test_table2_h2(void **state)
{
    (void)state;
    decide_job j = {"145m1267p1144s", 7, JONG_SIMCAT_H2H1, {0}};
    decide(&j);
    print_report(j.hand, "H2+H1", &j.rep);
    /* Table 2: the single 1w is the best non-tatsu-breaking discard and a good second discard
     * after breaking a tatsu, so H2 discards it. (The paper's H1 would break 12t here; ours
     * simulates the pair {1t, 1w} once and starts it with the better single discard, 1w.) */
    assert_int_equal(j.rep.t1ntb, kind_of("1m"));
    assert_true(j.rep.good_t2tb >> kind_of("1m") & 1);
    assert_string_equal(j.rep.rule, "H2");
    assert_int_equal(j.rep.kind, kind_of("1m"));
}

/* A clock that moves one millisecond each time it is read: time limits become exact. */
static int64_t fake_ms;
static int fake_reads;
static int64_t fake_clock(void)
{
    fake_reads++;
    return ++fake_ms;
}

static void test_time_limit(void **state)
{
    (void)state;
    jong_simcat_work *w = jong_simcat_work_new();
    jong_simcat_arm arms[2];
    uint8_t pool[JONG_KINDS];
    two_arms(arms, pool);
    jong_simcat_params p = fp_params(false);
    p.now_ms = fake_clock;
    fake_ms = 0;
    p.deadline_ms = 10; /* read once per deal: 9 deals, then the deadline */
    jong_rng rng;
    jong_rng_seed(&rng, 3);
    jong_simcat_stats st;
    jong_simcat_flat(&p, arms, 2, pool, 100000000, &rng, NULL, w, &st);
    assert_true(st.stopped);
    assert_int_equal(st.total, 2 * 9);
    jong_simcat_work_free(w);
}

/* ---- the player ------------------------------------------------------------------------------ */

static void test_player_options(void **state)
{
    (void)state;
    jong_player *p;
    jong_error err;
    assert_int_equal(jong_player_create("simcat:model=sp,pp=off,heuristic=h1,sims=500,m=4,rd=2,claims=off", &p, &err), JONG_OK);
    jong_player_free(p);
    const char *bad[] = {"simcat:model=xp", "simcat:pp=maybe", "simcat:heuristic=h3", "simcat:sims=0",
                         "simcat:m=13", "simcat:rd=-1", "simcat:claims=no", "simcat:speed=9", "simcat:sims=12x"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        assert_int_not_equal(jong_player_create(bad[i], &p, &err), JONG_OK);
        assert_non_null(strstr(err.msg, "simcat"));
    }
}

/* ms= keeps the player's own time per decision with the decision's clock, and the decision's
 * time_ms does the same when it is shorter; without a clock the budget alone counts. */
static void test_player_time(void **state)
{
    (void)state;
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_TAIWAN);
    jong_game *g;
    jong_error err;
    assert_int_equal(jong_game_new(&rs, 5, 0, NULL, NULL, &g, &err), JONG_OK);
    assert_int_equal(jong_game_start_hand(g, &err), JONG_OK);
    int seat = 0;
    while (!(jong_game_pending(g) >> seat & 1))
        seat++;
    jong_action legal[JONG_MAX_ACTIONS];
    jong_view v;
    jong_game_view(g, seat, &v);
    jong_decision d = {.view = &v, .rules = &rs, .legal = legal, .nlegal = jong_game_legal(g, seat, legal),
                       .seed = 1, .now_ms = fake_clock};
    const char *specs[] = {"simcat:ms=20,sims=100000000", "simcat:sims=100000000"};
    for (int i = 0; i < 2; i++) {
        jong_player *p;
        assert_int_equal(jong_player_create(specs[i], &p, &err), JONG_OK);
        d.time_ms = i ? 5 : 0;
        fake_reads = 0;
        int c = p->ops->choose(p, &d);
        assert_true(c >= 0 && c < d.nlegal);
        /* one read for the deadline, then one per deal until it passes */
        assert_true(fake_reads >= 2 && fake_reads <= (i ? 5 : 20) + 2);
        jong_player_free(p);
    }
    assert_int_not_equal(jong_player_create("simcat:ms=-1", &(jong_player *){0}, &err), JONG_OK);
    assert_non_null(strstr(err.msg, "ms"));
    jong_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table1_sets),
        cmocka_unit_test(test_table2_sets),
        cmocka_unit_test(test_fig2_both_wins),
        cmocka_unit_test(test_fp_against_reference),
        cmocka_unit_test(test_fp_states_against_reference),
        cmocka_unit_test(test_fp_distance_bounds),
        cmocka_unit_test(test_levels_agree),
        cmocka_unit_test(test_pruning),
        cmocka_unit_test(test_stop_and_budget),
        cmocka_unit_test(test_time_limit),
        cmocka_unit_test(test_player_time),
        cmocka_unit_test(test_determinism_across_threads),
        cmocka_unit_test(test_table1_h1),
        cmocka_unit_test(test_table2_h2),
        cmocka_unit_test(test_player_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
