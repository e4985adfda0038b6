/* The riichi rules that depend only on a hand or a call: kuikae, the riichi discards, the ankan
 * after riichi, four winds. */
#include "game_riichi.h"

#include "jong/eval.h"
#include "jong/game.h"

uint64_t riichi_kuikae_banned(int type, int claimed, int low)
{
    uint64_t banned = 1ull << claimed;
    if (type != JONG_ACT_CHI)
        return banned;
    int rank = jong_kind_rank(low);  /* of the sequence's lowest tile */
    if (claimed == low && rank + 3 <= 9)
        banned |= 1ull << (low + 3);
    else if (claimed == low + 2 && rank >= 2)
        banned |= 1ull << (low - 1);
    return banned;
}

/* Does every standard reading of counts (sets sets and a pair) hold kind as a triplet? */
static bool every_reading_has_triplet(const uint8_t counts[JONG_KINDS], int sets, int kind)
{
    jong_decomposition d[64];
    int n = jong_decompose(counts, sets, JONG_FORMS_STANDARD, d, 64);
    if (n > 64)  /* more readings than we can look at: refuse the kan rather than guess */
        return false;
    for (int i = 0; i < n; i++) {
        bool found = false;
        for (int s = 0; s < d[i].nsets; s++)
            found |= d[i].set_type[s] == JONG_MELD_PUNG && d[i].set_tile[s] == kind;
        if (!found)
            return false;
    }
    return true;
}

bool riichi_ankan_allowed(const jong_hand *h, int drawn)
{
    if (drawn < 0 || drawn >= JONG_KINDS || h->counts[drawn] != 4 || h->nmelds >= JONG_MAX_MELDS)
        return false;
    jong_hand before = *h;
    before.counts[drawn]--;
    uint64_t waits = jong_waits(&before, JONG_VARIANT_RIICHI, JONG_FORMS_ALL);
    if (!waits)
        return false;
    jong_hand after = *h;
    after.counts[drawn] = 0;
    after.melds[after.nmelds++] = (jong_meld){.type = JONG_MELD_CONCEALED_KONG, .tile = (uint8_t)drawn};
    if (jong_waits(&after, JONG_VARIANT_RIICHI, JONG_FORMS_ALL) != waits)
        return false;
    int sets = jong_hand_sets_needed(&before, JONG_VARIANT_RIICHI);
    for (int w = 0; w < JONG_KINDS; w++) {
        if (!(waits >> w & 1))
            continue;
        uint8_t c[JONG_KINDS];
        for (int k = 0; k < JONG_KINDS; k++)
            c[k] = before.counts[k];
        c[w]++;
        if (!every_reading_has_triplet(c, sets, drawn))
            return false;
    }
    return true;
}

bool riichi_hand_closed(const jong_hand *h)
{
    for (int i = 0; i < h->nmelds; i++)
        if (h->melds[i].type != JONG_MELD_CONCEALED_KONG)
            return false;
    return true;
}

uint64_t riichi_tenpai_discards(const jong_hand *h)
{
    uint64_t out = 0;
    jong_hand after = *h;
    for (int k = 0; k < JONG_KINDS; k++) {
        if (!h->counts[k])
            continue;
        after.counts[k]--;
        if (jong_waits(&after, JONG_VARIANT_RIICHI, JONG_FORMS_ALL))
            out |= 1ull << k;
        after.counts[k]++;
    }
    return out;
}

bool riichi_four_winds(const uint8_t first_discards[4])
{
    int k = first_discards[0];
    if (k < JONG_E || k > JONG_N)
        return false;
    for (int i = 1; i < 4; i++)
        if (first_discards[i] != k)
            return false;
    return true;
}

/* Plain and red copies of kind k among the concealed tiles. */
static int red_of(const jong_hand *h, int k)
{
    return k < JONG_NUMBER_KINDS && k % 9 == 4 ? h->red[k / 9] : 0;
}

/* Add the call using `use` (kinds taken from the hand, n of them) in its red/plain variants,
 * unless kuikae would leave nothing to discard. */
static int add_call(const jong_hand *h, int type, int kind, int low, const int *use, int n,
                    jong_action *out, int count)
{
    uint8_t left[JONG_KINDS];
    for (int k = 0; k < JONG_KINDS; k++)
        left[k] = h->counts[k];
    int five = -1;
    for (int i = 0; i < n; i++) {
        left[use[i]]--;
        if (red_of(h, use[i]))
            five = use[i];
    }
    uint64_t banned = riichi_kuikae_banned(type, kind, low);
    bool can_discard = false;
    for (int k = 0; k < JONG_KINDS; k++)
        can_discard |= left[k] > 0 && !(banned >> k & 1);
    if (!can_discard)
        return count;
    int used = 0;  /* copies of the five the call takes */
    for (int i = 0; i < n; i++)
        used += use[i] == five;
    bool with_red = five >= 0, with_plain = five < 0 || h->counts[five] - red_of(h, five) >= used;
    jong_action a = {.type = (uint8_t)type, .tile = (uint8_t)kind, .low = (uint8_t)low};
    if (with_plain)
        out[count++] = a;
    if (with_red) {
        a.flags = JONG_ACT_FLAG_RED;
        out[count++] = a;
    }
    return count;
}

int riichi_call_options(const jong_hand *h, int kind, bool chi, jong_action out[8])
{
    int n = 0;
    if (h->counts[kind] >= 2) {
        int use[2] = {kind, kind};
        n = add_call(h, JONG_ACT_PON, kind, 0, use, 2, out, n);
    }
    if (!chi || kind >= JONG_NUMBER_KINDS)
        return n;
    int rank = jong_kind_rank(kind);
    for (int low = kind - 2; low <= kind; low++) {
        int lr = rank - (kind - low);
        if (lr < 1 || lr > 7)
            continue;
        int use[2], u = 0;
        bool ok = true;
        for (int k = low; k < low + 3; k++)
            if (k != kind) {
                ok &= h->counts[k] > 0;
                use[u++] = k;
            }
        if (ok)
            n = add_call(h, JONG_ACT_CHI, kind, low, use, 2, out, n);
    }
    return n;
}
