/* Which hands are wins under Taiwanese rules: five sets and a pair, or one of the optional
 * special hands. The special hands have no standard definition shared by every table, so the
 * exact forms used here are spelled out below; all three are fully concealed 17-tile hands.
 *
 *  - seven pairs and a pong: seven pairs of seven different kinds plus a triplet of an eighth
 *    kind (four of a kind is neither two pairs nor a pair and a single).
 *  - thirteen orphans: one of each of the 13 terminals and honors, one more of them as the pair,
 *    and the remaining three tiles form one set (a pong or a chow, of any kinds).
 *  - sixteen unrelated: exactly one kind appears twice and every other kind once, and two held
 *    kinds of one suit are always at least 3 ranks apart (1 and 4 may both be held, 1 and 3 may
 *    not), so no chow and no partial chow can be formed. Counting kinds shows this forces all
 *    seven honors and three kinds of each suit (16 kinds + the pair's second tile = 17).
 */
#include <string.h>

#include "jong/eval.h"
#include "tai_internal.h"

bool tai_hand_is_valid(const jong_hand *h, jong_error *err)
{
    if (h->nmelds > JONG_MAX_MELDS)
        return jong_error_set(err, JONG_ERR_ARG, -1, "%d melds in the hand", h->nmelds), false;
    for (int i = 0; i < h->nmelds; i++) {
        const jong_meld *m = &h->melds[i];
        bool ok = m->type <= JONG_MELD_CONCEALED_KONG && m->tile < JONG_KINDS;
        if (ok && m->type == JONG_MELD_CHOW)
            ok = m->tile < JONG_NUMBER_KINDS && m->tile % 9 <= 6;
        if (!ok)
            return jong_error_set(err, JONG_ERR_ARG, -1, "meld %d is not a valid chow, pong or kong", i + 1),
                   false;
    }
    for (int k = 0; k < JONG_KINDS; k++)
        if (h->counts[k] > 4)
            return jong_error_set(err, JONG_ERR_ARG, -1, "%d concealed copies of %s (at most 4)", h->counts[k],
                                  jong_kind_name(k, JONG_STYLE_COMPACT)),
                   false;
    jong_error e;
    if (jong_hand_check(h, JONG_VARIANT_TAIWAN, &e) != JONG_OK)
        return jong_error_set(err, JONG_ERR_ARG, -1, "%s", e.msg), false;
    return true;
}

int tai_hand_tiles(const jong_hand *h)
{
    return jong_hand_concealed_count(h) + 3 * h->nmelds;
}

static bool seven_pairs_pong(const uint8_t c[JONG_KINDS])
{
    int pairs = 0, triplets = 0;
    for (int k = 0; k < JONG_KINDS; k++) {
        if (c[k] == 2)
            pairs++;
        else if (c[k] == 3)
            triplets++;
        else if (c[k] != 0)
            return false;
    }
    return pairs == 7 && triplets == 1;
}

static bool sixteen_unrelated(const uint8_t c[JONG_KINDS])
{
    int pairs = 0;
    for (int k = 0; k < JONG_KINDS; k++) {
        if (c[k] > 2)
            return false;
        pairs += c[k] == 2;
    }
    if (pairs != 1)
        return false;
    for (int suit = 0; suit < 3; suit++) {
        int last = -3;
        for (int r = 0; r < 9; r++)
            if (c[suit * 9 + r]) {
                if (r - last < 3)
                    return false;
                last = r;
            }
    }
    return true;
}

/* The three tiles left over after the orphans and their pair: one pong or one chow. */
static bool one_set(const uint8_t r[JONG_KINDS])
{
    int total = 0, first = -1;
    for (int k = 0; k < JONG_KINDS; k++) {
        total += r[k];
        if (r[k] && first < 0)
            first = k;
    }
    if (total != 3)
        return false;
    if (r[first] == 3)
        return true;
    return first < JONG_NUMBER_KINDS && first % 9 <= 6 && r[first] == 1 && r[first + 1] == 1 &&
           r[first + 2] == 1;
}

static bool thirteen_orphans(const uint8_t c[JONG_KINDS])
{
    static const uint8_t orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
    uint8_t rest[JONG_KINDS];
    memcpy(rest, c, sizeof rest);
    for (int i = 0; i < 13; i++) {
        if (!rest[orphans[i]])
            return false;
        rest[orphans[i]]--;
    }
    for (int i = 0; i < 13; i++) {
        int p = orphans[i];
        if (!rest[p])
            continue;
        rest[p]--;
        bool ok = one_set(rest);
        rest[p]++;
        if (ok)
            return true;
    }
    return false;
}

unsigned tai_special_forms(const jong_ruleset *rs, const jong_hand *h)
{
    unsigned on = rs ? rs->special_hands : 0, found = 0;
    if (!on || h->nmelds != 0 || jong_hand_concealed_count(h) != 17)
        return 0;
    if ((on & JONG_SPECIAL_SEVEN_PAIRS_PONG) && seven_pairs_pong(h->counts))
        found |= JONG_SPECIAL_SEVEN_PAIRS_PONG;
    if ((on & JONG_SPECIAL_SIXTEEN_UNRELATED) && sixteen_unrelated(h->counts))
        found |= JONG_SPECIAL_SIXTEEN_UNRELATED;
    if ((on & JONG_SPECIAL_THIRTEEN_ORPHANS) && thirteen_orphans(h->counts))
        found |= JONG_SPECIAL_THIRTEEN_ORPHANS;
    return found;
}

bool jong_tai_is_winning_hand(const jong_ruleset *rs, const jong_hand *h)
{
    if (!h || !tai_hand_is_valid(h, NULL) || tai_hand_tiles(h) != 17)
        return false;
    return jong_is_complete(h, JONG_VARIANT_TAIWAN, JONG_FORMS_STANDARD) || tai_special_forms(rs, h) != 0;
}

uint64_t tai_waits(const jong_ruleset *rs, const jong_hand *h16)
{
    uint64_t waits = jong_waits(h16, JONG_VARIANT_TAIWAN, JONG_FORMS_STANDARD);
    if (!rs || !rs->special_hands || h16->nmelds != 0)
        return waits;
    jong_hand h = *h16;
    for (int k = 0; k < JONG_KINDS; k++) {
        if (h.counts[k] >= 4)
            continue;
        h.counts[k]++;
        if (tai_special_forms(rs, &h))
            waits |= 1ull << k;
        h.counts[k]--;
    }
    return waits;
}
