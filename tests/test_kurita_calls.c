/* Calls inside the kurita search (the reduced set's second step, jong_ku_space_add_calls, and the
 * call stage of jong_ku_solve) against slow obvious references:
 *   - the enlarged set against a brute-force enumeration: every closed member with every multiset
 *     of at most k of its pons and runs revealed is a state, and nothing else is; the call edges
 *     are exactly the legal calls (pon of a kind held twice, chi of a run held but for the taken
 *     kind, a discard kuikae allows) between totals within the bound;
 *   - the retrograde values against a plain recursive expectimax of the same MDP (three discards
 *     between turns for calls, the left one also for chi; then the ron / draw stage) on tiny walls;
 *   - an open hand without a yaku has no win value (the riichi scoring through the setup);
 *   - riichi copies never call (their values do not move with k), calls only add choices (values
 *     never drop as k grows), and k = 0 leaves the set and the values as they were. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "jong/eval.h"
#include "players/kurita/kurita.h"
#include "players/kurita/kurita_setup.h"
#include "jong/player.h"
#include "jong/rules.h"
#include "jong/table.h"
#include "support/assert_close.h"
#include "support/kurita_ref.h"
#include "support/kurita_tiny.h"
#include "support/random_hands.h"
#include "support/sanitized.h"
#include "support/spec_games.h"

/* ---- the enlarged set against brute force ------------------------------------------------- */

/* Every multiset of melds (codes >= from) of c, checked in s; returns how many. */
static long closure(const jong_ku_space *s, int T, uint8_t c[JONG_KINDS], int *melds, int nm, int from, int k)
{
    long found = 0;
    for (int m = from; m < 2 * JONG_KINDS; m++) {
        if (!kr_is_meld(m) || !kr_holds(c, m))
            continue;
        kr_lay(c, m, 1);
        melds[nm] = m;
        uint8_t code[JONG_KU_MAX_CALLS];
        for (int i = 0; i <= nm; i++)
            code[i] = (uint8_t)melds[i];
        int i = jong_ku_space_find_open(s, c, code, nm + 1);
        if (i < 0)
            fail_msg("state with %d melds of member %d missing", nm + 1, T);
        assert_int_equal(s->total[i], T);
        assert_int_equal(s->nmelds[i], nm + 1);
        assert_int_equal(s->dist[i], s->dist[T]);
        assert_int_equal(s->shanten[i], jong_shanten_standard(c, s->sets - nm - 1));
        found++;
        if (nm + 1 < k)
            found += closure(s, T, c, melds, nm + 1, m, k);
        kr_lay(c, m, -1);
    }
    return found;
}

/* The call edges of state i by brute force: count them and check each is present. */
static long brute_calls(const jong_ku_space *s, int i, const uint8_t top[JONG_KINDS], int l)
{
    const uint8_t *T = s->counts[s->total[i]];
    if (s->nmelds[i] >= s->k || s->dist[s->total[i]] + s->shanten[s->total[i]] > l)
        return 0;
    long n = 0;
    for (int t = 0; t < JONG_KINDS; t++) {
        if (T[t] >= top[t])
            continue;
        for (int m = 0; m < 2 * JONG_KINDS; m++) {
            int k[3];
            kr_meld_kinds(m, k);
            if (!kr_is_meld(m) || (k[0] != t && k[1] != t && k[2] != t))
                continue;
            uint8_t c[JONG_KINDS];
            memcpy(c, s->counts[i], sizeof c);
            c[t]++; /* the taken tile, then the meld laid down */
            if (!kr_holds(c, m))
                continue;
            kr_lay(c, m, 1);
            uint8_t melds[JONG_KU_MAX_CALLS];
            int nm = 0;
            bool put = false;
            for (int q = 0; q < s->nmelds[i]; q++) {
                if (!put && s->melds[i][q] > m) {
                    melds[nm++] = (uint8_t)m;
                    put = true;
                }
                melds[nm++] = s->melds[i][q];
            }
            if (!put)
                melds[nm++] = (uint8_t)m;
            for (int x = 0; x < JONG_KINDS; x++) {
                if (!c[x] || kr_banned(m, t, x))
                    continue;
                uint8_t T2[JONG_KINDS];
                memcpy(T2, T, sizeof T2);
                T2[t]++;
                T2[x]--;
                if (!kr_member_within(s, T2, l))
                    continue;
                c[x]--;
                int j = jong_ku_space_find_open(s, c, melds, nm);
                c[x]++;
                assert_true(j >= 0);
                bool edge = false;
                for (int e = s->call_start[i]; e < s->call_start[i + 1]; e++)
                    edge |= s->call_taken[e] == t && s->call_meld[e] == m && s->call_discard[e] == x && s->call_to[e] == j;
                if (!edge)
                    fail_msg("call edge missing: state %d takes %d into meld %d, discards %d", i, t, m, x);
                n++;
            }
        }
    }
    return n;
}

/* The set of bound l with calls of bound lk <= l. */
static void check_enlarged(const uint8_t c14[JONG_KINDS], const uint8_t avail[JONG_KINDS], int sets, int l, int lk,
                           int k, bool print)
{
    jong_ku_space s;
    jong_error err;
    assert_int_equal(jong_ku_space_build(&s, c14, sets, avail, l, 1 << 22, &err), JONG_OK);
    int nclosed = s.n, nedges = s.nedges;
    assert_int_equal(jong_ku_space_add_calls(&s, c14, avail, k, lk, 1 << 22, &err), JONG_OK);
    assert_false(s.truncated);
    assert_int_equal(s.nclosed, nclosed);
    int kk = k < sets ? k : sets;
    assert_int_equal(s.k, kk);
    /* the states: the closure of the closed members within lk, nothing else */
    long want = 0;
    for (int T = 0; T < nclosed; T++) {
        if (s.dist[T] + s.shanten[T] > lk)
            continue;
        uint8_t c[JONG_KINDS];
        int melds[JONG_KU_MAX_CALLS];
        memcpy(c, s.counts[T], sizeof c);
        assert_int_equal(s.nmelds[T], 0);
        assert_int_equal(s.total[T], T);
        want += closure(&s, T, c, melds, 0, 0, kk);
    }
    assert_int_equal(s.n - nclosed, want);
    /* the closed members' draw edges are unchanged; an open state's are its total's with a
     * concealed discard, to the state with the same melds */
    long open_edges = 0;
    for (int i = nclosed; i < s.n; i++) {
        int T = s.total[i];
        for (int e = s.edge_start[T]; e < s.edge_start[T + 1]; e++) {
            int j = s.edge_to[e];
            open_edges += s.counts[i][s.edge_discard[e]] > 0 && s.dist[j] + s.shanten[j] <= lk;
        }
        for (int e = s.edge_start[i]; e < s.edge_start[i + 1]; e++) {
            int j = s.edge_to[e];
            uint8_t h[JONG_KINDS];
            memcpy(h, s.counts[i], sizeof h);
            h[s.edge_draw[e]]++;
            assert_true(h[s.edge_discard[e]] > 0);
            h[s.edge_discard[e]]--;
            assert_memory_equal(h, s.counts[j], JONG_KINDS);
            assert_int_equal(s.nmelds[j], s.nmelds[i]);
            assert_memory_equal(s.melds[j], s.melds[i], JONG_KU_MAX_CALLS);
        }
    }
    assert_int_equal(s.nedges - nedges, open_edges);
    /* the call edges: exactly the legal calls */
    uint8_t top[JONG_KINDS];
    for (int u = 0; u < JONG_KINDS; u++)
        top[u] = (uint8_t)(c14[u] + avail[u] > 4 ? 4 : c14[u] + avail[u]);
    long calls = 0;
    for (int i = 0; i < s.n; i++)
        calls += brute_calls(&s, i, top, lk);
    assert_int_equal(s.ncalls, calls);
    if (print)
        print_message("enlarged set: l=%d (calls %d) k=%d, %d closed + %ld open states, %ld call edges\n", l, lk, kk,
                      nclosed, want, calls);
    jong_ku_space_free(&s);
}

static void test_enlarged_set(void **state)
{
    (void)state;
    rh_rng r;
    rh_seed(&r, 23);
    int cases = SANITIZED ? 3 : 24;
    for (int c = 0; c < cases; c++) {
        uint8_t c14[JONG_KINDS], avail[JONG_KINDS];
        int l;
        if (kt_real_case(&r, c, c14, avail, &l) < 0)
            continue;
        check_enlarged(c14, avail, 4, l, c % 3 == 2 && l > 0 ? l - 1 : l, 1 + c % 2, c < 2);
    }
    /* tiny walls: one set and a pair, every call to the end (k as large as the sets) */
    for (int c = 0; c < (SANITIZED ? 10 : 120); c++) {
        uint8_t c14[JONG_KINDS] = {0}, avail[JONG_KINDS] = {0};
        int kinds = 5 + (int)rh_below(&r, 3);
        for (int i = 0; i < 5;) {
            int k = (int)rh_below(&r, (uint32_t)kinds);
            if (c14[k] < 3) {
                c14[k]++;
                i++;
            }
        }
        for (int k = 0; k < kinds; k++)
            avail[k] = (uint8_t)rh_below(&r, 5 - c14[k]);
        int l = c % 3 == 0 ? 12 : 1 + c % 2;
        check_enlarged(c14, avail, 1, l, c % 4 == 3 ? l - 1 : l, 1 + c % 2, false);
    }
}

/* ---- retrograde analysis against a recursive expectimax ---------------------------------- */

static long check_tiny(rh_rng *r, bool reduced)
{
    int kinds = 5 + (int)rh_below(r, 3);
    jong_ku_params pr;
    kt_params(r, &pr, 2 + (int)rh_below(r, SANITIZED ? 2 : 3), kinds);
    uint8_t c14[JONG_KINDS], avail[JONG_KINDS];
    kt_wall(r, &pr, kinds, c14, avail);
    int l = reduced ? 1 + (int)rh_below(r, 2) : 12;
    int lk = rh_below(r, 3) == 0 ? l - 1 : l; /* calls only near tenpai, now and then */
    jong_ku_space s;
    jong_error err;
    assert_int_equal(jong_ku_space_build(&s, c14, 1, avail, l, 1 << 20, &err), JONG_OK);
    assert_int_equal(jong_ku_space_add_calls(&s, c14, avail, 1, lk, 1 << 20, &err), JONG_OK);
    jong_ku_result res;
    assert_int_equal(jong_ku_solve(&s, &pr, c14, -1, &res, &err), JONG_OK);
    kr_ctx x = {&pr, c14, 1, 1, reduced || lk < l ? &s : NULL, l, lk, 0};
    for (int d = 0; d < JONG_KINDS; d++) {
        if (!c14[d])
            continue;
        uint8_t h[JONG_KINDS];
        memcpy(h, c14, sizeof h);
        h[d]--;
        double want = pr.lose_ev[d] + (1 - pr.p_lose[d]) * kr_closed_A(&x, h, 1, false);
        assert_close(res.value[d], want, 1e-6);
        if (pr.riichi && pr.horizon > 1 && jong_shanten_standard(h, 1) == 0) {
            double wr = pr.lose_ev[d] + (1 - pr.p_lose[d]) * kr_closed_A(&x, h, 1, true);
            assert_close(res.value_riichi[d], wr, 1e-6);
        }
    }
    assert_int_equal(x.edge_mismatches, 0);
    long calls = s.ncalls;
    jong_ku_space_free(&s);
    return calls;
}

static void test_retrograde_calls(void **state)
{
    (void)state;
    rh_rng r;
    rh_seed(&r, 29);
    int cases = SANITIZED ? 12 : 160;
    long calls = 0;
    for (int c = 0; c < cases; c++)
        calls += check_tiny(&r, c % 2 == 1);
    assert_true(calls > 0); /* the cases do call */
    print_message("retrograde with calls: %d tiny walls, %ld call edges, equal to the expectimax\n", cases, calls);
}

/* ---- on real hands: riichi copies never call, calls only add choices, k = 0 is the old set -- */

static void test_calls_real_hands(void **state)
{
    (void)state;
    rh_rng r;
    rh_seed(&r, 31);
    int cases = SANITIZED ? 4 : 40, called = 0;
    for (int c = 0; c < cases; c++) {
        uint8_t c14[JONG_KINDS];
        rh_near_complete(&r, 4, 14, c14);
        int sh[JONG_KINDS];
        int best = jong_discard_shanten(c14, 4, sh, NULL);
        if (best < 0 || best > 1)
            continue;
        jong_ku_params pr;
        kt_params(&r, &pr, 5 + (int)rh_below(&r, 5), 0);
        pr.riichi = true;
        uint8_t avail[JONG_KINDS];
        for (int k = 0; k < JONG_KINDS; k++) {
            pr.draw_w[k] = 4 - c14[k];
            avail[k] = (uint8_t)pr.draw_w[k];
        }
        jong_ku_result v[3];
        int nclosed = 0, nedges = 0;
        for (int k = 0; k <= 2; k++) {
            jong_ku_space s;
            jong_error err;
            assert_int_equal(jong_ku_space_build(&s, c14, 4, avail, best + 1, 1 << 20, &err), JONG_OK);
            assert_int_equal(jong_ku_space_add_calls(&s, c14, avail, k, best + 1, 1 << 20, &err), JONG_OK);
            if (k == 0) { /* k = 0: nothing added */
                nclosed = s.n;
                nedges = s.nedges;
                assert_null(s.call_start);
            }
            assert_int_equal(s.nclosed, nclosed);
            assert_int_equal(s.edge_start[nclosed], nedges);
            assert_int_equal(jong_ku_solve(&s, &pr, c14, -1, &v[k], &err), JONG_OK);
            jong_ku_space_free(&s);
        }
        for (int x = 0; x < JONG_KINDS; x++) {
            if (!c14[x])
                continue;
            /* a riichi copy never calls: its value does not depend on k */
            assert_true(v[1].value_riichi[x] == v[0].value_riichi[x]);
            assert_true(v[2].value_riichi[x] == v[0].value_riichi[x]);
            /* calls only add choices */
            assert_true(v[1].value[x] >= v[0].value[x] - 1e-9);
            assert_true(v[2].value[x] >= v[1].value[x] - 1e-9);
            called += v[1].value[x] > v[0].value[x] + 1e-9;
        }
    }
    assert_true(called > 0);
    print_message("real hands: %d discards worth more with calls in the search\n", called);
}

/* ---- win values of open hands: the riichi scoring through the setup ----------------------- */

static void test_open_yaku(void **state)
{
    (void)state;
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    jong_ku_setup su;
    memset(&su, 0, sizeof su);
    su.rules = &rs;
    su.seat_wind = 1; /* south */
    su.round_wind = 0;
    /* concealed 56m 33s, melds 123m, 456p, 888s: no yaku when open (1m: no tanyao) */
    uint8_t c[JONG_KINDS] = {0};
    c[4] = c[5] = 1;       /* 5m 6m */
    c[18 + 2] = 2;         /* 3s 3s */
    uint8_t melds[3] = {JONG_KU_MELD_CHI(0), JONG_KU_MELD_CHI(9 + 3), JONG_KU_MELD_PON(18 + 7)};
    assert_true(jong_ku_setup_win(&su, c, melds, 3, 6, false, false) < 0); /* ron 7m */
    assert_true(jong_ku_setup_win(&su, c, melds, 3, 3, true, false) < 0);  /* tsumo 4m: no menzen tsumo */
    /* the same tiles closed: menzen tsumo is a yaku, ron is not */
    uint8_t closed[JONG_KINDS];
    memcpy(closed, c, sizeof closed);
    for (int m = 0; m < 3; m++)
        kr_lay(closed, melds[m], -1);
    assert_true(jong_ku_setup_win(&su, closed, NULL, 0, 3, true, false) > 0);
    assert_true(jong_ku_setup_win(&su, closed, NULL, 0, 3, false, false) < 0);
    /* a pon of the seat wind (south) instead of 888s: yakuhai */
    uint8_t yakuhai[3] = {JONG_KU_MELD_CHI(0), JONG_KU_MELD_CHI(9 + 3), JONG_KU_MELD_PON(28)};
    assert_true(jong_ku_setup_win(&su, c, yakuhai, 3, 6, false, false) > 0);
    /* 234m instead of 123m: all simples, a yaku open only with kuitan */
    uint8_t tanyao[3] = {JONG_KU_MELD_CHI(1), JONG_KU_MELD_CHI(9 + 3), JONG_KU_MELD_PON(18 + 7)};
    rs.kuitan = true;
    double open_tanyao = jong_ku_setup_win(&su, c, tanyao, 3, 6, false, false);
    assert_true(open_tanyao > 0);
    rs.kuitan = false;
    assert_true(jong_ku_setup_win(&su, c, tanyao, 3, 6, false, false) < 0);
    /* an open half flush is worth less than the closed one (2 han against 3) */
    rs.kuitan = true;
    uint8_t hc[JONG_KINDS] = {0}, hm[1] = {JONG_KU_MELD_CHI(1)};
    hc[0] = 3;             /* 111m */
    hc[6] = hc[7] = hc[8] = 1; /* 789m */
    hc[31] = 2;            /* white pair, waiting with 45m on 3m/6m */
    hc[3] = hc[4] = 1;
    uint8_t hclosed[JONG_KINDS];
    memcpy(hclosed, hc, sizeof hclosed);
    kr_lay(hclosed, hm[0], -1);
    double open_ron = jong_ku_setup_win(&su, hc, hm, 1, 2, false, false);
    double closed_ron = jong_ku_setup_win(&su, hclosed, NULL, 0, 2, false, false);
    assert_true(open_ron > 0);
    assert_true(closed_ron > open_ron);
}

/* ---- the player: its searches call, its games are legal and reproducible ------------------ */

static void count_calls(void *ctx, const jong_event *ev)
{
    int *calls = ctx;
    if ((ev->type == JONG_EV_CHI || ev->type == JONG_EV_PON) && ev->actor % 2 == 0)
        (*calls)++;
}

/* Four hands of k=2 against greedy players, twice with the same seed. */
static int play_hands(const char *spec, int32_t scores[1][JONG_SEATS])
{
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    rs.hands = SANITIZED ? 2 : 4; /* with fewer cases (ASan, clang): 2 hands */
    const char *specs[JONG_SEATS] = {spec, "greedy", spec, "greedy"};
    int calls = 0;
    play_spec_games(&(jong_table){.rules = &rs, .seed = 12, .check = true, .sink = count_calls, .sink_ctx = &calls},
                    specs, 1, scores);
    return calls;
}

static void test_player_k2(void **state)
{
    (void)state;
    const char *spec = SANITIZED ? "kurita:k=2,mdp=2" : "kurita:k=2";
    int32_t a[1][JONG_SEATS], b[1][JONG_SEATS];
    int calls = play_hands(spec, a);
    assert_int_equal(play_hands(spec, b), calls);
    assert_memory_equal(a, b, sizeof a);
    assert_true(calls > 0);
    print_message("kurita:k=2 called %d times in %d hands\n", calls, SANITIZED ? 2 : 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_enlarged_set),
        cmocka_unit_test(test_retrograde_calls),
        cmocka_unit_test(test_calls_real_hands),
        cmocka_unit_test(test_open_yaku),
        cmocka_unit_test(test_player_k2),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
