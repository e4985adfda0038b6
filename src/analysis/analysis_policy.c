/* The pieces of the discard analysis's model that the simulation and the exact computation
 * share (analysis_internal.h): which draws lower the shanten, the policy's discard, the points of
 * a self-drawn win. */
#include <string.h>

#include "analysis/analysis_internal.h"
#include "jong/tai.h"

bool analysis_hand_closed(const jong_hand *h)
{
    for (int i = 0; i < h->nmelds; i++)
        if (h->melds[i].type != JONG_MELD_CONCEALED_KONG)
            return false;
    return true;
}

/* Remove one tile of kind k, a plain copy when the hand holds one (a red five is worth keeping). */
void analysis_remove_tile(jong_hand *h, int k)
{
    h->counts[k]--;
    if (k < JONG_NUMBER_KINDS && k % 9 == 4) {
        int s = k / 9;
        if (h->red[s] > h->counts[k])
            h->red[s] = h->counts[k];
    }
}

static bool is_orphan(int k)
{
    return k >= 27 || k % 9 == 0 || k % 9 == 8;
}

/* The kinds whose draw lowers the shanten over the allowed forms: the union of the lowering
 * draws of the forms that reach the least shanten. Without declared melds (no lowered copy
 * limits) the standard form's come from the incremental evaluator and a special form is looked
 * at only when it leads; otherwise the evaluator's full count. */
uint64_t analysis_effective_kinds(const analysis_setup *su, const jong_hand *h, int *shanten)
{
    jong_ukeire u;
    if (h->nmelds) {
        *shanten = jong_effective_tiles(h, su->v, su->forms, NULL, &u);
        return u.kinds;
    }
    int sets = jong_hand_sets_needed(h, su->v);
    int dist;
    uint64_t std = jong_lowering_draws(h->counts, sets, (1ull << JONG_KINDS) - 1, &dist);
    int best = dist - 1;
    bool special = (su->forms & (JONG_FORMS_CHIITOI | JONG_FORMS_KOKUSHI)) && sets == 4;
    int c = special && (su->forms & JONG_FORMS_CHIITOI) ? jong_shanten_chiitoi(h->counts) : 99;
    int x = special && (su->forms & JONG_FORMS_KOKUSHI) ? jong_shanten_kokushi(h->counts) : 99;
    if (c < best)
        best = c;
    if (x < best)
        best = x;
    uint64_t kinds = dist - 1 == best ? std : 0;
    if (c == best || x == best) {
        /* seven pairs: 6 - pairs + max(0, 7 - kinds held), so a single becoming a pair lowers
         * it, and a new kind while fewer than 7 are held; thirteen orphans: 13 - orphan kinds
         * held - (a pair among them), so a new orphan lowers it, and a second copy of one while
         * there is no pair */
        int held = 0;
        for (int k = 0; k < JONG_KINDS; k++)
            held += h->counts[k] > 0;
        bool pair = false;
        for (int k = 0; k < JONG_KINDS; k++)
            pair |= is_orphan(k) && h->counts[k] >= 2;
        for (int k = 0; k < JONG_KINDS; k++) {
            int n = h->counts[k];
            if (c == best && (n == 1 || (n == 0 && held < 7)))
                kinds |= 1ull << k;
            if (x == best && is_orphan(k) && (n == 0 || (n == 1 && !pair)))
                kinds |= 1ull << k;
        }
    }
    *shanten = best;
    return kinds;
}

/* Points (and tai) of a self-drawn win of hand h (3N+1 tiles) on kind k; false when the rules do
 * not let it win (riichi: no yaku). ura < 0: no ura indicator. */
bool analysis_win_points(const analysis_setup *su, const jong_hand *h, int k, bool riichi, bool ippatsu, int ura,
                         int *points, int *tai)
{
    jong_error err;
    jong_error_clear(&err);
    const jong_analysis_input *in = su->in;
    *tai = 0;
    if (su->v == JONG_VARIANT_RIICHI) {
        jong_riichi_context c;
        memset(&c, 0, sizeof c);
        c.hand = *h;
        c.hand.counts[k]++;
        c.win_tile = k;
        c.tsumo = true;
        c.dealer = in->dealer;
        c.seat_wind = in->seat_wind;
        c.round_wind = in->round_wind;
        c.flags = (riichi ? JONG_RIICHI_WIN_RIICHI : 0u) | (ippatsu ? JONG_RIICHI_WIN_IPPATSU : 0u);
        c.ndora = in->ndora;
        memcpy(c.dora, in->dora, sizeof c.dora);
        if (riichi && ura >= 0) {
            c.nura = 1;
            c.ura[0] = (uint8_t)ura;
        }
        jong_riichi_result r;
        if (jong_riichi_score(&su->rules, &c, &r, &err) != JONG_OK)
            return false;
        *points = r.pay.points;
        return true;
    }
    jong_win_context c;
    memset(&c, 0, sizeof c);
    c.hand = *h;
    c.hand.counts[k]++;
    c.win_tile = k;
    c.winner = 0;
    c.discarder = -1;
    c.dealer = in->dealer ? 0 : 1;
    c.seat_wind = in->seat_wind;
    c.round_wind = in->round_wind;
    jong_tai_result r;
    if (jong_tai_score(&su->rules, &c, &r, &err) != JONG_OK)
        return false;
    *points = r.deltas[0];
    *tai = r.tai;
    return true;
}

/* See analysis_internal.h. Fast path: the standard form's shanten and effective tiles after
 * every discard come from the incremental evaluator (jong_discard_effective); the special forms
 * (closed riichi hands) only need their own shanten per discard, and a full count when one of
 * them is strictly better. */
uint64_t analysis_policy_discard(const analysis_setup *su, jong_hand *h, const uint8_t weight[JONG_KINDS],
                                 int *discarded, int *shanten)
{
    int sets = jong_hand_sets_needed(h, su->v);
    int sh[JONG_KINDS], eff[JONG_KINDS];
    int best_s = jong_discard_effective(h->counts, sets, weight, sh, eff);
    int best_k = -1;
    bool special = (su->forms & (JONG_FORMS_CHIITOI | JONG_FORMS_KOKUSHI)) && h->nmelds == 0 && sets == 4;
    /* the 3N+2 hand's own special shanten bounds every discard's: skip them when they cannot lead */
    if (special && jong_shanten_chiitoi(h->counts) >= best_s && jong_shanten_kokushi(h->counts) >= best_s)
        special = false;
    if (special) {
        int sp[JONG_KINDS], sp_best = 99;
        for (int k = 0; k < JONG_KINDS; k++) {
            sp[k] = 99;
            if (!h->counts[k])
                continue;
            h->counts[k]--;
            int c = (su->forms & JONG_FORMS_CHIITOI) ? jong_shanten_chiitoi(h->counts) : 99;
            int x = (su->forms & JONG_FORMS_KOKUSHI) ? jong_shanten_kokushi(h->counts) : 99;
            h->counts[k]++;
            sp[k] = c < x ? c : x;
            if (sp[k] < sp_best)
                sp_best = sp[k];
        }
        if (sp_best < best_s) {
            /* a special form leads: count its effective tiles in full */
            int best_u = -1;
            for (int k = JONG_KINDS - 1; k >= 0; k--) {
                if (sp[k] != sp_best)
                    continue;
                h->counts[k]--;
                int sk;
                uint64_t kinds = analysis_effective_kinds(su, h, &sk);
                int total = 0;
                for (int j = 0; j < JONG_KINDS; j++)
                    if (kinds >> j & 1)
                        total += weight[j];
                h->counts[k]++;
                if (total > best_u) {
                    best_u = total;
                    best_k = k;
                }
            }
            best_s = sp_best;
        }
    }
    if (best_k < 0) {
        int best_u = -1;
        for (int k = JONG_KINDS - 1; k >= 0; k--)
            if (h->counts[k] && sh[k] == best_s && eff[k] > best_u) {
                best_u = eff[k];
                best_k = k;
            }
    }
    analysis_remove_tile(h, best_k);
    *discarded = best_k;
    return analysis_effective_kinds(su, h, shanten);
}

