/* The fast evaluator (src/core) against the slow reference (tests/support/reference.c) on random
 * hands. The headline check runs JONG_RANDOM_HANDS (default 1000000) uniform hands of each size
 * 13, 14, 16, 17 plus a quarter as many near-complete and one-suit hands; the slower checks run
 * fewer. JONG_RANDOM_SEED changes the seed (printed, with the counts, so any failure can be
 * replayed). A mismatch prints the hand and both answers; the test fails after its loop. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "jong/jong.h"
#include "support/random_hands.h"
#include "support/reference.h"

#define DEFAULT_HANDS 1000000L
#define DEFAULT_SEED 0x4a6f6e67u /* "Jong" */
#define MAX_PRINTED 8            /* mismatches printed per check; all are counted */

static long g_hands = DEFAULT_HANDS;
static uint64_t g_seed = DEFAULT_SEED;

/* ---- bookkeeping ---------------------------------------------------------------------------- */

typedef struct {
    const char *name;
    long hands;
    long mismatches;
} tally;

static void mismatch(tally *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void mismatch(tally *t, const char *fmt, ...)
{
    if (++t->mismatches > MAX_PRINTED)
        return;
    va_list ap;
    va_start(ap, fmt);
    printf("MISMATCH %s: ", t->name);
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
}

/* Prints how many hands each check covered, then fails if any check found a mismatch. */
static void finish(tally *tallies, int n)
{
    long bad = 0;
    for (int i = 0; i < n; i++) {
        printf("  %-26s %9ld hands  %ld mismatches\n", tallies[i].name, tallies[i].hands,
               tallies[i].mismatches);
        bad += tallies[i].mismatches;
    }
    fflush(stdout);
    if (bad)
        fail_msg("%ld mismatches against the reference", bad);
}

/* Each test draws from its own stream, so one test can be rerun alone with the same hands. */
static void seed_for(rh_rng *r, const char *test, uint64_t salt)
{
    uint64_t h = g_seed ^ (salt * 0x100000001b3u);
    for (const char *c = test; *c; c++)
        h = (h ^ (uint8_t)*c) * 0x100000001b3u;
    rh_seed(r, h);
    printf("  %s: seed %llu (base %llu)\n", test, (unsigned long long)h,
           (unsigned long long)g_seed);
}

static long share(long divisor, long at_least)
{
    long n = g_hands / divisor;
    return n < at_least && g_hands > 0 ? at_least : n;
}

static const char *counts_text(const uint8_t counts[JONG_KINDS])
{
    static char buf[128];
    return ref_format_counts(counts, buf, sizeof buf);
}

static const char *hand_text(const jong_hand *h)
{
    static char buf[192];
    return ref_format_hand(h, buf, sizeof buf);
}

/* Kinds of a bitset as 1m 5p E ... */
static const char *kinds_text(uint64_t kinds, char *buf, size_t n)
{
    size_t at = 0;
    buf[0] = '\0';
    for (int k = 0; k < JONG_KINDS; k++) {
        if (!(kinds >> k & 1))
            continue;
        int w = snprintf(buf + at, n - at, "%s%d%c", at ? " " : "", k % 9 + 1, "mpsz"[k / 9]);
        if (w < 0 || (size_t)w >= n - at)
            break;
        at += (size_t)w;
    }
    return buf;
}

static const char *variant_text(jong_variant v)
{
    return v == JONG_VARIANT_TAIWAN ? "taiwan" : "riichi";
}

/* Forms to allow: always the standard form, plus any of the special ones. The special forms
 * apply only to a closed hand of 13/14 tiles needing 4 sets, so for Taiwanese hands (5 sets, or
 * 4 sets with a meld declared) allowing them must change nothing. */
static jong_forms pick_forms(rh_rng *r)
{
    return (jong_forms)(JONG_FORMS_STANDARD | (int)(rh_below(r, 4) << 1));
}

/* ---- the headline: standard shanten (and the special forms) on N hands per size ---------- */

static void check_counts(const uint8_t c[JONG_KINDS], int sets, tally t[4])
{
    int ref = ref_distance4(c, sets);
    int dist = jong_distance_standard(c, sets);
    int shanten = jong_shanten_standard(c, sets);
    t[0].hands++;
    if (dist != ref || shanten != ref - 1)
        mismatch(&t[0], "%s sets=%d: library distance %d shanten %d, reference distance %d",
                 counts_text(c), sets, dist, shanten, ref);

    jong_shanten3 lib, want;
    jong_shanten_all(c, sets, &lib);
    want.standard = ref - 1;
    int n = 0;
    for (int k = 0; k < JONG_KINDS; k++)
        n += c[k];
    bool special = sets == 4 && (n == 13 || n == 14);
    want.chiitoi = special ? ref_chiitoi_shanten(c) : JONG_UNDEFINED;
    want.kokushi = special ? ref_kokushi_shanten(c) : JONG_UNDEFINED;
    want.best = want.standard;
    if (want.chiitoi < want.best)
        want.best = want.chiitoi;
    if (want.kokushi < want.best)
        want.best = want.kokushi;
    t[3].hands++;
    if (memcmp(&lib, &want, sizeof lib) != 0)
        mismatch(&t[3], "%s sets=%d: library {%d %d %d best %d}, reference {%d %d %d best %d}",
                 counts_text(c), sets, lib.standard, lib.chiitoi, lib.kokushi, lib.best,
                 want.standard, want.chiitoi, want.kokushi, want.best);
    if (!special)
        return;
    int chiitoi = jong_shanten_chiitoi(c), kokushi = jong_shanten_kokushi(c);
    t[1].hands++;
    if (chiitoi != want.chiitoi)
        mismatch(&t[1], "%s: library %d, reference %d", counts_text(c), chiitoi, want.chiitoi);
    t[2].hands++;
    if (kokushi != want.kokushi)
        mismatch(&t[2], "%s: library %d, reference %d", counts_text(c), kokushi, want.kokushi);
}

static void headline(int n)
{
    int sets = n >= 16 ? 5 : 4;
    char name[32];
    snprintf(name, sizeof name, "standard_%d", n);
    rh_rng r;
    seed_for(&r, name, (uint64_t)n);
    tally t[4] = {{"standard distance/shanten", 0, 0}, {"chiitoi shanten", 0, 0},
                  {"kokushi shanten", 0, 0}, {"shanten_all", 0, 0}};
    uint8_t c[JONG_KINDS];
    for (long i = 0; i < g_hands; i++) {
        rh_uniform(&r, n, c);
        check_counts(c, sets, t);
    }
    for (long i = 0; i < g_hands / 4; i++) {
        rh_near_complete(&r, sets, n, c);
        check_counts(c, sets, t);
        rh_one_suit(&r, n, c);
        check_counts(c, sets, t);
    }
    printf("  %d tiles, %d sets: %ld uniform + %ld near-complete + %ld one-suit hands\n", n, sets,
           g_hands, g_hands / 4, g_hands / 4);
    finish(t, 4);
}

static void test_standard_13(void **state) { (void)state; headline(13); }
static void test_standard_14(void **state) { (void)state; headline(14); }
static void test_standard_16(void **state) { (void)state; headline(16); }
static void test_standard_17(void **state) { (void)state; headline(17); }

/* A closed special-shape hand as a whole hand: riichi (the special forms apply), and Taiwanese
 * with one pung declared on top (4 sets still needed from 13/14 tiles, but a hand with a
 * declared meld is never seven pairs or thirteen orphans). */
static void check_special_hand(rh_rng *r, const uint8_t c[JONG_KINDS], tally t[2])
{
    jong_hand h;
    memset(&h, 0, sizeof h);
    memcpy(h.counts, c, sizeof h.counts);
    jong_variant v = JONG_VARIANT_RIICHI;
    int k = (int)rh_below(r, JONG_KINDS);
    if (rh_below(r, 2) && c[k] <= 1) {
        v = JONG_VARIANT_TAIWAN;
        h.nmelds = 1;
        h.melds[0] = (jong_meld){JONG_MELD_PUNG, (uint8_t)k, 0};
    }
    jong_forms forms = pick_forms(r);
    int lib = jong_hand_shanten(&h, v, forms, NULL), ref = ref_hand_shanten(&h, v, forms, NULL);
    t[0].hands++;
    if (lib != ref)
        mismatch(&t[0], "%s %s forms=%d: library %d, reference %d", hand_text(&h),
                 variant_text(v), forms, lib, ref);
    if (ref_concealed_count(&h) % 3 != 1)
        return;
    uint64_t lw = jong_waits(&h, v, forms), rw = ref_waits(&h, v, forms);
    t[1].hands++;
    if (lw != rw)
        mismatch(&t[1], "%s %s forms=%d: library waits %llx, reference %llx", hand_text(&h),
                 variant_text(v), forms, (unsigned long long)lw, (unsigned long long)rw);
}

/* Seven-pairs and thirteen-orphans shapes are rare among random hands: test them on purpose. */
static void test_special_forms(void **state)
{
    (void)state;
    rh_rng r;
    seed_for(&r, "special_forms", 1);
    tally t[6] = {{"standard distance/shanten", 0, 0}, {"chiitoi shanten", 0, 0},
                  {"kokushi shanten", 0, 0}, {"shanten_all", 0, 0},
                  {"hand_shanten (special)", 0, 0}, {"waits (special)", 0, 0}};
    uint8_t c[JONG_KINDS];
    for (long i = share(20, 1000); i > 0; i--) {
        int n = 13 + (int)(i & 1);
        rh_seven_pairs(&r, n, c);
        check_counts(c, 4, t);
        if (i % 7 == 0)
            check_special_hand(&r, c, t + 4);
        rh_thirteen_orphans(&r, n, c);
        check_counts(c, 4, t);
        if (i % 7 == 0)
            check_special_hand(&r, c, t + 4);
    }
    finish(t, 6);
}

/* Any size 0..17 with any number of sets 0..5: the distance is defined for all of them. */
static void test_distance_any_size(void **state)
{
    (void)state;
    rh_rng r;
    seed_for(&r, "distance_any_size", 2);
    tally t[4] = {{"standard distance/shanten", 0, 0}, {"chiitoi shanten", 0, 0},
                  {"kokushi shanten", 0, 0}, {"shanten_all", 0, 0}};
    uint8_t c[JONG_KINDS];
    for (long i = share(20, 1000); i > 0; i--) {
        int n = (int)rh_below(&r, 18), sets = (int)rh_below(&r, JONG_MAX_SETS + 1);
        switch (rh_below(&r, 3)) {
        case 0: rh_uniform(&r, n, c); break;
        case 1: rh_near_complete(&r, sets, n, c); break;
        default: rh_one_suit(&r, n, c); break;
        }
        check_counts(c, sets, t);
    }
    finish(t, 4);
}

/* ---- hands with declared melds --------------------------------------------------------------- */

/* Melds 0..3, mostly 1..3; concealed tiles in a random style leaning to near-complete. */
static void random_hand(rh_rng *r, jong_variant v, bool drawn, jong_hand *h)
{
    int melds = (int)rh_below(r, 5);
    if (melds == 4)
        melds = 0;
    uint32_t roll = rh_below(r, 10);
    rh_style style = roll < 5 ? RH_NEAR_COMPLETE : roll < 8 ? RH_ONE_SUIT : RH_UNIFORM;
    rh_hand_with_melds(r, v, melds, drawn, style, h);
}

static void limits_of(const jong_hand *h, uint8_t limit[JONG_KINDS])
{
    uint8_t meld[JONG_KINDS];
    ref_meld_copies(h, meld);
    for (int k = 0; k < JONG_KINDS; k++)
        limit[k] = (uint8_t)(4 - meld[k]);
}

static void test_melds_limited(void **state)
{
    (void)state;
    rh_rng r;
    seed_for(&r, "melds_limited", 3);
    tally t[2] = {{"distance_standard_limited", 0, 0}, {"hand_shanten", 0, 0}};
    for (long i = share(20, 1000); i > 0; i--) {
        jong_variant v = (jong_variant)(i & 1);
        jong_hand h;
        random_hand(&r, v, rh_below(&r, 2), &h);
        uint8_t limit[JONG_KINDS];
        limits_of(&h, limit);
        int sets = ref_sets_needed(&h, v);
        int ref = ref_distance(h.counts, sets, limit);
        int lib = jong_distance_standard_limited(h.counts, sets, limit);
        t[0].hands++;
        if (lib != ref)
            mismatch(&t[0], "%s sets=%d: library %d, reference %d", hand_text(&h), sets, lib, ref);

        jong_forms forms = pick_forms(&r);
        jong_shanten3 lo, ro;
        int ls = jong_hand_shanten(&h, v, forms, &lo);
        int rs = ref_hand_shanten(&h, v, forms, &ro);
        bool special = ref_special_forms_apply(&h, v);
        bool same = ls == rs && lo.best == ro.best && lo.standard == ro.standard &&
                    (!special || !(forms & JONG_FORMS_CHIITOI) || lo.chiitoi == ro.chiitoi) &&
                    (!special || !(forms & JONG_FORMS_KOKUSHI) || lo.kokushi == ro.kokushi);
        t[1].hands++;
        if (!same)
            mismatch(&t[1], "%s %s forms=%d: library %d {%d %d %d best %d}, reference %d "
                            "{%d %d %d best %d}",
                     hand_text(&h), variant_text(v), forms, ls, lo.standard, lo.chiitoi,
                     lo.kokushi, lo.best, rs, ro.standard, ro.chiitoi, ro.kokushi, ro.best);
    }
    finish(t, 2);
}

/* ---- SIMCAT: MTW(c) for c = 1..12 and the block count ------------------------------------- */

/* The whole-hand MTW: the same, with the melds' copies lowering the limits. */
static void check_hand_mtw(const jong_hand *h, int cmax, tally t[2])
{
    int ref[JONG_MTW_MAX + 1], lib[JONG_MTW_MAX + 2];
    ref_hand_mtw_table(h, JONG_MTW_MAX, ref);
    for (int c = 0; c <= JONG_MTW_MAX + 1; c++)
        lib[c] = -77;
    jong_hand_mtw_table(h, cmax, lib);
    t[0].hands++;
    for (int c = 1; c <= JONG_MTW_MAX + 1; c++) {
        int want = c <= cmax ? ref[c] : -77;
        if (lib[c] != want) {
            mismatch(&t[0], "%s cmax=%d: out[%d] library %d, expected %d", hand_text(h), cmax, c,
                     lib[c], want);
            break;
        }
    }
    int lb = jong_hand_blocks(h), rb = ref_hand_blocks(h);
    t[1].hands++;
    if (lb != rb)
        mismatch(&t[1], "%s: library %d, reference %d", hand_text(h), lb, rb);
}

static void test_mtw_blocks(void **state)
{
    (void)state;
    rh_rng r;
    seed_for(&r, "mtw_blocks", 4);
    tally t[5] = {{"mtw", 0, 0}, {"mtw_table", 0, 0}, {"blocks", 0, 0},
                  {"hand_mtw_table", 0, 0}, {"hand_blocks", 0, 0}};
    for (long i = share(20, 1000); i > 0; i--) {
        jong_hand h;
        jong_variant v = (jong_variant)(i & 1);
        if (rh_below(&r, 2)) {
            random_hand(&r, v, rh_below(&r, 2), &h); /* declared melds passed as a count */
        } else {
            memset(&h, 0, sizeof h);
            int n = (v == JONG_VARIANT_TAIWAN ? 16 : 13) + (int)rh_below(&r, 2);
            if (rh_below(&r, 2))
                rh_uniform(&r, n, h.counts);
            else
                rh_one_suit(&r, n, h.counts);
        }
        int melds = h.nmelds;
        int ref[JONG_MTW_MAX + 1];
        ref_mtw_table(h.counts, melds, JONG_MTW_MAX, ref);
        t[0].hands++;
        for (int c = 1; c <= JONG_MTW_MAX; c++) {
            int lib = jong_mtw(h.counts, melds, c);
            if (lib != ref[c]) {
                mismatch(&t[0], "%s melds=%d c=%d: library %d, reference %d",
                         counts_text(h.counts), melds, c, lib, ref[c]);
                break;
            }
        }
        /* A random cmax, with a guard slot after it that must stay untouched. */
        int cmax = 1 + (int)rh_below(&r, JONG_MTW_MAX);
        int table[JONG_MTW_MAX + 2];
        for (int c = 0; c <= JONG_MTW_MAX + 1; c++)
            table[c] = -77;
        jong_mtw_table(h.counts, melds, cmax, table);
        t[1].hands++;
        for (int c = 1; c <= JONG_MTW_MAX + 1; c++) {
            int want = c <= cmax ? ref[c] : -77;
            if (table[c] != want) {
                mismatch(&t[1], "%s melds=%d cmax=%d: out[%d] library %d, expected %d",
                         counts_text(h.counts), melds, cmax, c, table[c], want);
                break;
            }
        }
        int lb = jong_blocks(h.counts, melds), rb = ref_blocks(h.counts, melds);
        t[2].hands++;
        if (lb != rb)
            mismatch(&t[2], "%s melds=%d: library %d, reference %d", counts_text(h.counts),
                     melds, lb, rb);
        check_hand_mtw(&h, cmax, t + 3);
    }
    finish(t, 5);
}

/* ---- waits and completeness ---------------------------------------------------------------- */

static void test_waits_complete(void **state)
{
    (void)state;
    rh_rng r;
    seed_for(&r, "waits_complete", 5);
    tally t[3] = {{"waits", 0, 0}, {"is_complete (hand+wait)", 0, 0}, {"is_complete", 0, 0}};
    char a[160], b[160];
    long ready = 0;
    for (long i = share(40, 1000); i > 0; i--) {
        jong_variant v = (jong_variant)(i & 1);
        jong_hand h;
        random_hand(&r, v, false, &h);
        jong_forms forms = pick_forms(&r);
        uint64_t ref = ref_waits(&h, v, forms), lib = jong_waits(&h, v, forms);
        ready += ref != 0;
        t[0].hands++;
        if (lib != ref)
            mismatch(&t[0], "%s %s forms=%d: library {%s}, reference {%s}", hand_text(&h),
                     variant_text(v), forms, kinds_text(lib, a, sizeof a),
                     kinds_text(ref, b, sizeof b));
        /* The hand plus each kind still available is complete exactly when that kind is a wait. */
        uint8_t meld[JONG_KINDS];
        ref_meld_copies(&h, meld);
        t[1].hands++;
        for (int k = 0; k < JONG_KINDS; k++) {
            if (h.counts[k] + meld[k] >= 4)
                continue;
            h.counts[k]++;
            bool complete = jong_is_complete(&h, v, forms), want = ref >> k & 1;
            if (complete != want)
                mismatch(&t[1], "%s %s forms=%d: library %d, reference %d", hand_text(&h),
                         variant_text(v), forms, complete, want);
            h.counts[k]--;
        }
        /* And a freshly drawn 3N+2 hand. */
        random_hand(&r, v, true, &h);
        forms = pick_forms(&r);
        bool lc = jong_is_complete(&h, v, forms), rc = ref_is_complete(&h, v, forms);
        t[2].hands++;
        if (lc != rc)
            mismatch(&t[2], "%s %s forms=%d: library %d, reference %d", hand_text(&h),
                     variant_text(v), forms, lc, rc);
    }
    printf("  %ld of %ld hands were ready\n", ready, t[0].hands);
    finish(t, 3);
}

/* ---- effective tiles and discard tables ------------------------------------------------------ */

/* Tiles seen elsewhere: usually drawn from what the hand leaves in the wall (0..40 of them),
 * sometimes NULL, sometimes inconsistent counts up to 4 each (the unseen count floors at 0). */
static const uint8_t *random_seen(rh_rng *r, const jong_hand *h, uint8_t seen[JONG_KINDS])
{
    uint32_t roll = rh_below(r, 10);
    if (roll == 0)
        return NULL;
    memset(seen, 0, JONG_KINDS);
    if (roll == 1) {
        for (int k = 0; k < JONG_KINDS; k++)
            seen[k] = (uint8_t)rh_below(r, 5);
        return seen;
    }
    rh_wall w;
    rh_wall_full(&w);
    uint8_t meld[JONG_KINDS];
    ref_meld_copies(h, meld);
    for (int k = 0; k < JONG_KINDS; k++)
        rh_wall_take(&w, k, h->counts[k] + meld[k]);
    for (int n = (int)rh_below(r, 41); n > 0; n--) {
        int k = rh_wall_draw(r, &w);
        if (k != JONG_NO_TILE)
            seen[k]++;
    }
    return seen;
}

static bool same_ukeire(const jong_ukeire *a, const jong_ukeire *b)
{
    return a->kinds == b->kinds && a->total == b->total &&
           memcmp(a->unseen, b->unseen, sizeof a->unseen) == 0;
}

static void test_effective_tiles(void **state)
{
    (void)state;
    rh_rng r;
    seed_for(&r, "effective_tiles", 6);
    tally t[1] = {{"effective_tiles", 0, 0}};
    char a[160], b[160];
    for (long i = share(100, 1000); i > 0; i--) {
        jong_variant v = (jong_variant)(i & 1);
        jong_hand h;
        random_hand(&r, v, false, &h);
        jong_forms forms = pick_forms(&r);
        uint8_t seen_buf[JONG_KINDS];
        const uint8_t *seen = random_seen(&r, &h, seen_buf);
        jong_ukeire lib, ref;
        memset(&lib, 0xa5, sizeof lib);
        jong_effective_tiles(&h, v, forms, seen, &lib);
        ref_effective_tiles(&h, v, forms, seen, &ref);
        t[0].hands++;
        if (!same_ukeire(&lib, &ref))
            mismatch(&t[0], "%s %s forms=%d seen=%s: library {%s} total %d, reference {%s} "
                            "total %d",
                     hand_text(&h), variant_text(v), forms, seen ? counts_text(seen) : "NULL",
                     kinds_text(lib.kinds, a, sizeof a), lib.total,
                     kinds_text(ref.kinds, b, sizeof b), ref.total);
    }
    finish(t, 1);
}

static void test_discard_table(void **state)
{
    (void)state;
    rh_rng r;
    seed_for(&r, "discard_table", 7);
    tally t[1] = {{"discard_table", 0, 0}};
    char a[160], b[160];
    for (long i = share(1000, 200); i > 0; i--) {
        jong_variant v = (jong_variant)(i & 1);
        jong_hand h;
        random_hand(&r, v, true, &h);
        jong_forms forms = pick_forms(&r);
        uint8_t seen_buf[JONG_KINDS];
        const uint8_t *seen = random_seen(&r, &h, seen_buf);
        jong_discard_option lib[JONG_KINDS], ref[JONG_KINDS];
        memset(lib, 0, sizeof lib);
        int ln = jong_discard_table(&h, v, forms, seen, lib);
        int rn = ref_discard_table(&h, v, forms, seen, ref);
        t[0].hands++;
        if (ln != rn) {
            mismatch(&t[0], "%s %s forms=%d: library %d rows, reference %d", hand_text(&h),
                     variant_text(v), forms, ln, rn);
            continue;
        }
        for (int row = 0; row < rn; row++) {
            if (lib[row].discard == ref[row].discard && lib[row].shanten == ref[row].shanten &&
                same_ukeire(&lib[row].ukeire, &ref[row].ukeire))
                continue;
            mismatch(&t[0], "%s %s forms=%d seen=%s row %d: library discard %d%c shanten %d "
                            "{%s} total %d, reference discard %d%c shanten %d {%s} total %d",
                     hand_text(&h), variant_text(v), forms, seen ? counts_text(seen) : "NULL",
                     row, lib[row].discard % 9 + 1, "mpsz"[lib[row].discard / 9 % 4],
                     lib[row].shanten, kinds_text(lib[row].ukeire.kinds, a, sizeof a),
                     lib[row].ukeire.total, ref[row].discard % 9 + 1, "mpsz"[ref[row].discard / 9],
                     ref[row].shanten, kinds_text(ref[row].ukeire.kinds, b, sizeof b),
                     ref[row].ukeire.total);
            break;
        }
    }
    finish(t, 1);
}

/* ---- decompositions ---------------------------------------------------------------------------- */

#define MAX_READINGS 1024

static int compare_readings(const void *a, const void *b)
{
    return memcmp(a, b, sizeof(jong_decomposition));
}

/* Whether the library listed each reading's sets in ascending order of their lowest kind. */
static bool sets_ascending(const jong_decomposition *d)
{
    if (d->form != JONG_DECOMP_STANDARD)
        return true;
    for (int i = 1; i < d->nsets && i < JONG_MAX_SETS + 2; i++)
        if (d->set_tile[i] < d->set_tile[i - 1])
            return false;
    return true;
}

/* Returns the number of readings the reference found. */
static int check_decompose(const uint8_t c[JONG_KINDS], int sets, jong_forms forms, tally t[2])
{
    static jong_decomposition lib[MAX_READINGS], ref[MAX_READINGS];
    int rn = ref_decompose(c, sets, forms, ref, MAX_READINGS);
    int ln = jong_decompose(c, sets, forms, lib, MAX_READINGS);
    t[0].hands++;
    if (rn > MAX_READINGS)
        fail_msg("%s sets=%d: more than %d readings", counts_text(c), sets, MAX_READINGS);
    if (ln != rn) {
        mismatch(&t[0], "%s sets=%d forms=%d: library %d readings, reference %d",
                 counts_text(c), sets, forms, ln, rn);
        return rn;
    }
    t[1].hands++;
    for (int i = 0; i < ln; i++)
        if (!sets_ascending(&lib[i])) {
            mismatch(&t[1], "%s sets=%d: reading %d lists its sets out of order",
                     counts_text(c), sets, i);
            break;
        }
    for (int i = 0; i < rn; i++) {
        ref_decomposition_canonical(&lib[i]);
        ref_decomposition_canonical(&ref[i]);
    }
    qsort(lib, (size_t)ln, sizeof lib[0], compare_readings);
    qsort(ref, (size_t)rn, sizeof ref[0], compare_readings);
    if (memcmp(lib, ref, (size_t)rn * sizeof ref[0]) != 0)
        mismatch(&t[0], "%s sets=%d forms=%d: same count %d, different readings",
                 counts_text(c), sets, forms, rn);
    /* max limits what is written, never the count returned */
    if (rn > 1) {
        jong_decomposition one[2];
        memset(one, 0, sizeof one);
        int n = jong_decompose(c, sets, forms, one, 1);
        jong_decomposition zero;
        memset(&zero, 0, sizeof zero);
        if (n != rn || memcmp(&one[1], &zero, sizeof zero) != 0)
            mismatch(&t[0], "%s sets=%d forms=%d max=1: library returned %d (want %d) or wrote "
                            "past max",
                     counts_text(c), sets, forms, n, rn);
    }
    return rn;
}

static void test_decompose(void **state)
{
    (void)state;
    rh_rng r;
    seed_for(&r, "decompose", 8);
    tally t[2] = {{"decompose", 0, 0}, {"decompose set order", 0, 0}};
    long complete = 0;
    uint8_t c[JONG_KINDS];
    for (long i = share(20, 1000); i > 0; i--) {
        int sets = (int)rh_below(&r, JONG_MAX_SETS + 1);
        /* Mostly with the standard form allowed; sometimes any mix (even none of the sets). */
        jong_forms forms = rh_below(&r, 4) ? pick_forms(&r) : (jong_forms)(1 + rh_below(&r, 7));
        switch (rh_below(&r, 6)) {
        case 0:
            rh_one_suit(&r, 3 * sets + 2, c);
            break;
        case 1:
            sets = 4;
            rh_seven_pairs(&r, 14, c);
            break;
        case 2:
            rh_near_complete(&r, sets, 3 * sets + 2, c);
            break;
        case 3:
            rh_complete(&r, sets, false, c);
            break;
        default:
            rh_complete(&r, sets, true, c);
            break;
        }
        complete += check_decompose(c, sets, forms, t) > 0;
    }
    printf("  %ld of %ld hands had at least one reading\n", complete, t[0].hands);
    finish(t, 2);
}

/* ---- main ------------------------------------------------------------------------------------ */

static void read_environment(void)
{
    const char *n = getenv("JONG_RANDOM_HANDS");
    if (n && *n) {
        char *end;
        long v = strtol(n, &end, 10);
        if (*end == '\0' && v >= 0)
            g_hands = v;
        else
            fprintf(stderr, "JONG_RANDOM_HANDS=%s is not a count; using %ld\n", n, g_hands);
    }
    const char *s = getenv("JONG_RANDOM_SEED");
    if (s && *s)
        g_seed = strtoull(s, NULL, 0);
    printf("random reference tests: JONG_RANDOM_HANDS=%ld JONG_RANDOM_SEED=%llu\n", g_hands,
           (unsigned long long)g_seed);
    fflush(stdout);
}

int main(void)
{
    read_environment();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_standard_13),
        cmocka_unit_test(test_standard_14),
        cmocka_unit_test(test_standard_16),
        cmocka_unit_test(test_standard_17),
        cmocka_unit_test(test_special_forms),
        cmocka_unit_test(test_distance_any_size),
        cmocka_unit_test(test_melds_limited),
        cmocka_unit_test(test_mtw_blocks),
        cmocka_unit_test(test_waits_complete),
        cmocka_unit_test(test_effective_tiles),
        cmocka_unit_test(test_discard_table),
        cmocka_unit_test(test_decompose),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
