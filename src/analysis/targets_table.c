/* The target table (analysis_targets.h): distances from the evaluator, useful tiles by trying
 * each draw or exchange, value and points from the rules' own tables (tai.c, riichi_yaku.c). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "jong/analysis_targets.h"
#include "jong/riichi_score.h"
#include "jong/tai.h"

jong_forms jong_rules_target_forms(const jong_ruleset *rs)
{
    if (rs->variant == JONG_VARIANT_RIICHI)
        return JONG_FORMS_ALL;
    unsigned f = JONG_FORMS_STANDARD;
    if (rs->special_hands & JONG_SPECIAL_SEVEN_PAIRS_PONG)
        f |= JONG_FORMS_CHIITOI;
    if (rs->special_hands & JONG_SPECIAL_THIRTEEN_ORPHANS)
        f |= JONG_FORMS_KOKUSHI;
    return (jong_forms)f;
}

int jong_target_value(const jong_ruleset *rs, int target, bool closed)
{
    if (rs->variant == JONG_VARIANT_TAIWAN) {
        static const int pattern[JONG_TARGETS] = {
            [JONG_TARGET_STANDARD] = -1, [JONG_TARGET_SEVEN_PAIRS] = JONG_TAI_SEVEN_PAIRS_PONG,
            [JONG_TARGET_THIRTEEN_ORPHANS] = JONG_TAI_THIRTEEN_ORPHANS, [JONG_TARGET_ALL_PONGS] = JONG_TAI_ALL_PONGS,
            [JONG_TARGET_ALL_CHOWS] = JONG_TAI_ALL_CHOWS, [JONG_TARGET_FULL_FLUSH] = JONG_TAI_FULL_FLUSH,
            [JONG_TARGET_HALF_FLUSH] = JONG_TAI_HALF_FLUSH,
        };
        if (target < 0 || target >= JONG_TARGETS || pattern[target] < 0)
            return 0;
        return jong_tai_pattern_value(rs, pattern[target]);
    }
    switch (target) {
    case JONG_TARGET_SEVEN_PAIRS: return jong_yaku_han(rs, JONG_YAKU_CHIITOITSU, true);
    case JONG_TARGET_THIRTEEN_ORPHANS: return jong_yaku_han(rs, JONG_YAKU_KOKUSHI_MUSOU, true);
    case JONG_TARGET_ALL_PONGS: return jong_yaku_han(rs, JONG_YAKU_TOITOI, closed);
    case JONG_TARGET_ALL_CHOWS: return closed ? jong_yaku_han(rs, JONG_YAKU_PINFU, true) : 0;
    case JONG_TARGET_FULL_FLUSH: return jong_yaku_han(rs, JONG_YAKU_CHINITSU, closed);
    case JONG_TARGET_HALF_FLUSH: return jong_yaku_han(rs, JONG_YAKU_HONITSU, closed);
    default: return 0;
    }
}

int jong_target_points(const jong_ruleset *rs, int target, bool closed)
{
    int value = jong_target_value(rs, target, closed);
    if (rs->variant == JONG_VARIANT_TAIWAN)
        return rs->base + value * rs->unit;
    int basic;
    if (target == JONG_TARGET_THIRTEEN_ORPHANS) {
        basic = jong_riichi_basic_points(rs, 0, 0, value / 13 > 0 ? value / 13 : 1, NULL);
    } else {
        int han = value + (closed ? 1 : 0); /* riichi */
        if (han == 0)
            return 0; /* no yaku: the hand cannot win */
        basic = jong_riichi_basic_points(rs, han, target == JONG_TARGET_SEVEN_PAIRS ? 25 : 30, 0, NULL);
    }
    int points = 4 * basic; /* a non-dealer's ron */
    return (points + 99) / 100 * 100;
}

double jong_target_chance(int distance, int useful, int unseen, int draws)
{
    return jong_target_chance_thin(distance, useful, unseen, draws, JONG_TARGET_THIN);
}

double jong_target_chance_thin(int distance, int useful, int unseen, int draws, double thin)
{
    if (distance == 0)
        return 1.0;
    if (distance < 0 || distance > draws || useful <= 0 || unseen <= 0)
        return 0.0;
    /* reached[j]: the chance that j of the distance's steps are done; step i succeeds on a draw
     * with chance p ((d - i) / d)^thin, the useful tiles thinning as the hand closes in */
    double p = (double)useful / unseen, reached[JONG_KINDS + 1] = {1.0};
    int d = distance < JONG_KINDS ? distance : JONG_KINDS;
    for (int draw = 0; draw < draws; draw++)
        for (int j = d - 1; j >= 0; j--) {
            double step = p * pow((double)(d - j) / d, thin);
            if (step > 1.0)
                step = 1.0;
            reached[j + 1] += reached[j] * step;
            reached[j] *= 1.0 - step;
        }
    return reached[d];
}

static int row_order(const void *a, const void *b)
{
    const jong_target_row *x = a, *y = b;
    bool ux = x->distance == JONG_UNDEFINED, uy = y->distance == JONG_UNDEFINED;
    if (ux != uy)
        return ux ? 1 : -1;
    if (x->expected != y->expected)
        return x->expected > y->expected ? -1 : 1;
    if (x->distance != y->distance)
        return x->distance < y->distance ? -1 : 1;
    if (x->value != y->value)
        return x->value > y->value ? -1 : 1;
    return x->target - y->target;
}

static bool is_closed(const jong_hand *h)
{
    for (int i = 0; i < h->nmelds; i++)
        if (h->melds[i].type != JONG_MELD_CONCEALED_KONG)
            return false;
    return true;
}

int jong_target_rows(const jong_ruleset *rs, const jong_hand *h, const uint8_t seen[JONG_KINDS], int draws,
                     jong_target_row rows[JONG_TARGETS])
{
    return jong_target_rows_thin(rs, h, seen, draws, JONG_TARGET_THIN, rows);
}

int jong_target_rows_thin(const jong_ruleset *rs, const jong_hand *h, const uint8_t seen[JONG_KINDS], int draws,
                          double thin, jong_target_row rows[JONG_TARGETS])
{
    jong_variant v = rs->variant;
    jong_forms forms = jong_rules_target_forms(rs);
    uint8_t limit[JONG_KINDS];
    jong_hand_limits(h, limit);
    int unseen[JONG_KINDS], unseen_total = 0;
    for (int k = 0; k < JONG_KINDS; k++) {
        int u = limit[k] - h->counts[k] - (seen ? seen[k] : 0);
        unseen[k] = u > 0 ? u : 0;
        unseen_total += unseen[k];
    }
    int n = jong_hand_concealed_count(h);
    bool drawn = n % 3 == 2;
    bool closed = is_closed(h);
    /* A hand waiting for a draw: every draw's targets at once (eval.h's per-group tables). */
    jong_targets now, after[JONG_KINDS];
    uint64_t candidates = 0;
    for (int j = 0; j < JONG_KINDS; j++)
        if (unseen[j] && h->counts[j] < limit[j])
            candidates |= 1ull << j;
    jong_hand_targets(h, v, forms, &now);
    if (!drawn)
        jong_hand_targets_draws(h, v, forms, candidates, after);
    jong_hand t = *h;
    for (int i = 0; i < JONG_TARGETS; i++) {
        jong_target_row *r = &rows[i];
        memset(r, 0, sizeof *r);
        r->target = i;
        r->distance = now.distance[i];
        r->value = jong_target_value(rs, i, closed);
        r->points = jong_target_points(rs, i, closed);
        if (r->distance == JONG_UNDEFINED || r->distance == 0)
            goto value;
        for (int j = 0; j < JONG_KINDS; j++) {
            if (!(candidates >> j & 1))
                continue;
            bool lowers = false;
            if (!drawn) {
                int d = after[j].distance[i];
                lowers = d != JONG_UNDEFINED && d < r->distance;
            } else {
                /* a hand about to discard: some exchange of one of its tiles for j */
                t.counts[j]++;
                for (int k = 0; k < JONG_KINDS && !lowers; k++) {
                    if (k == j || !h->counts[k])
                        continue;
                    t.counts[k]--;
                    int d = jong_hand_target(&t, v, forms, i);
                    lowers = d != JONG_UNDEFINED && d < r->distance;
                    t.counts[k]++;
                }
                t.counts[j]--;
            }
            if (lowers) {
                r->useful |= 1ull << j;
                r->copies[j] = (uint8_t)unseen[j];
                r->useful_total += unseen[j];
            }
        }
    value:
        if (r->distance != JONG_UNDEFINED)
            r->chance = jong_target_chance_thin(r->distance, r->useful_total, unseen_total, draws, thin);
    }
    /* Every all-pongs, all-chows or flush hand is a standard hand: none can be likelier. (A far
     * target counts many kinds as useful, and the model alone would rank it above the standard
     * form it is a special case of.) */
    double standard = rows[JONG_TARGET_STANDARD].chance;
    for (int i = 0; i < JONG_TARGETS; i++) {
        jong_target_row *r = &rows[i];
        bool special_case = i == JONG_TARGET_ALL_PONGS || i == JONG_TARGET_ALL_CHOWS || i == JONG_TARGET_FULL_FLUSH ||
                            i == JONG_TARGET_HALF_FLUSH;
        if (special_case && r->chance > standard)
            r->chance = standard;
        r->expected = r->chance * r->points;
    }
    qsort(rows, JONG_TARGETS, sizeof rows[0], row_order);
    return JONG_TARGETS;
}
