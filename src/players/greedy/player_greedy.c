/* The greedy player: discard to the least shanten, breaking ties by the most effective tiles
 * still unseen (then by the lowest kind, so it is deterministic); win whenever it may; claim or
 * kong only when that lowers the shanten (a kong, or a three-player kita, also when it keeps the
 * shanten). Shanten here is
 * the standard form on the concealed counts without the 4-copy limit: a heuristic need not be
 * exact, and the unlimited distance is the evaluator's fast table path. */
#include <stdlib.h>
#include <string.h>

#include "greedy.h"
#include "jong/eval.h"
#include "jong/player.h"

typedef struct {
    bool claim;  /* claim=on: chi/pon/kong when they help */
} greedy_state;

static int sets_left(const jong_view *v, const jong_hand *h)
{
    int s = jong_variant_sets(v->variant) - h->nmelds;
    return s < 0 ? 0 : s;
}

static int shanten(const uint8_t c[JONG_KINDS], int sets) { return jong_shanten_standard(c, sets); }

/* Bit k: kind k is held, or (a number) within 2 of a held kind of its suit. Only these kinds
 * are counted as effective draws (once an optimisation; kept so that decisions stay the same,
 * though in rare hands, e.g. four of a kind not kept as a kong, a lone tile can lower it). */
static uint64_t near_kinds(uint64_t held)
{
    static const uint64_t suits = (1ull << JONG_NUMBER_KINDS) - 1;
    /* by distance d: the kinds of rank (0..8 in the suit) <= 8 - d, which may move up d, and >= d */
    static const uint64_t rank_at_most[3] = {0, 0x0FFull | 0x0FFull << 9 | 0x0FFull << 18,
                                             0x07Full | 0x07Full << 9 | 0x07Full << 18};
    static const uint64_t rank_at_least[3] = {0, 0x1FEull | 0x1FEull << 9 | 0x1FEull << 18,
                                              0x1FCull | 0x1FCull << 9 | 0x1FCull << 18};
    uint64_t num = held & suits, near = held;
    for (int d = 1; d <= 2; d++)
        near |= (num & rank_at_most[d]) << d | (num & rank_at_least[d]) >> d;
    return near;
}

/* The best discard of a hand with one tile too many: the least shanten, then the most unseen
 * copies among the near kinds whose draw lowers it, then the lowest kind. Writes its kind (-1
 * if nothing is held) and returns its shanten. Without `unseen`, the first of least shanten. */
static int best_discard(const uint8_t c[JONG_KINDS], int sets, const int unseen[JONG_KINDS], uint64_t allowed,
                        int *kind)
{
    int sh[JONG_KINDS];
    uint64_t tied;
    int best = jong_discard_shanten(c, sets, sh, &tied);
    *kind = -1;
    if (best == JONG_UNDEFINED)
        return 99;
    if ((tied & allowed) != tied) {
        /* some discards are barred (riichi's kuikae): the best of the others */
        best = JONG_UNDEFINED;
        tied = 0;
        for (uint64_t m = allowed; m; m &= m - 1) {
            int k = __builtin_ctzll(m);
            if (sh[k] == JONG_UNDEFINED || sh[k] > best)
                continue;
            if (sh[k] < best)
                tied = 0;
            best = sh[k];
            tied |= 1ull << k;
        }
        if (!tied)
            return 99;
    }
    *kind = __builtin_ctzll(tied);
    if (!unseen || !(tied & (tied - 1)))
        return best;  /* nothing to break */
    /* unseen copies as bit planes (they are 0..4), so that a sum over a set of kinds is three
     * popcounts; the plain loop if some count is outside 0..7 */
    uint64_t draws = 0, held = 0, ones = 0, twos = 0, fours = 0;
    bool small = true;
    for (int k = 0; k < JONG_KINDS; k++) {
        int u = unseen[k];
        draws |= (uint64_t)(u != 0) << k;
        held |= (uint64_t)(c[k] > 0) << k;
        small &= u >= 0 && u <= 7;
        ones |= (uint64_t)(u & 1) << k;
        twos |= (uint64_t)(u >> 1 & 1) << k;
        fours |= (uint64_t)(u >> 2 & 1) << k;
    }
    uint64_t near_all = near_kinds(held);
    draws &= near_all;  /* near the hand after any discard is near the hand now */
    uint64_t lowers[JONG_KINDS];
    jong_discard_draws(c, sets, tied, draws, lowers);
    int best_eff = -1;
    for (uint64_t t = tied; t; t &= t - 1) {
        int k = __builtin_ctzll(t);
        uint64_t near = c[k] > 1 ? near_all : near_kinds(held & ~(1ull << k));
        uint64_t eff = lowers[k] & near;
        int e = 0;
        if (small)
            e = __builtin_popcountll(eff & ones) + 2 * __builtin_popcountll(eff & twos) +
                4 * __builtin_popcountll(eff & fours);
        else
            for (uint64_t m = eff; m; m &= m - 1)
                e += unseen[__builtin_ctzll(m)];
        if (e > best_eff) {
            best_eff = e;
            *kind = k;
        }
    }
    return best;
}

void jong_counts_after_claim(const uint8_t counts[JONG_KINDS], const jong_action *a, uint8_t out[JONG_KINDS])
{
    memcpy(out, counts, JONG_KINDS);
    if (a->type == JONG_ACT_CHI) {
        for (int k = a->low; k < a->low + 3; k++)
            if (k != a->tile)
                out[k]--;
    } else if (a->type == JONG_ACT_PON || a->type == JONG_ACT_KONG) {
        out[a->tile] -= a->type == JONG_ACT_PON ? 2 : 3;
    }
}

/* Shanten after a claim (the claimed tiles leave the hand as a meld) and its best discard. */
static int after_claim(const jong_view *v, const jong_action *a)
{
    uint8_t c[JONG_KINDS];
    int sets = sets_left(v, &v->own) - 1;
    if (sets < 0)
        return 99;
    jong_counts_after_claim(v->own.counts, a, c);
    if (a->type == JONG_ACT_KONG)
        return shanten(c, sets);  /* a replacement tile comes: compare the hand as it stands */
    int kind;
    return best_discard(c, sets, NULL, ~0ull, &kind);
}

static int greedy_choose(jong_player *p, const jong_decision *d)
{
    greedy_state *st = p->state;
    const jong_view *v = d->view;
    int pass = -1, discard_phase = 0;
    for (int i = 0; i < d->nlegal; i++) {
        int t = d->legal[i].type;
        if (t == JONG_ACT_WIN || t == JONG_ACT_SELF_DRAW_WIN)
            return i;
        if (t == JONG_ACT_PASS)
            pass = i;
        if (t == JONG_ACT_DISCARD)
            discard_phase = 1;
    }
    uint8_t c[JONG_KINDS];
    memcpy(c, v->own.counts, sizeof c);
    int sets = sets_left(v, &v->own);
    if (!discard_phase) {
        /* a claim decision: take the claim that lowers the shanten most, if any */
        int now = shanten(c, sets), best = pass, best_sh = now;
        if (st->claim)
            for (int i = 0; i < d->nlegal; i++) {
                if (d->legal[i].type == JONG_ACT_PASS)
                    continue;
                int s = after_claim(v, &d->legal[i]);
                if (s < best_sh) {
                    best_sh = s;
                    best = i;
                }
            }
        return best >= 0 ? best : 0;
    }
    int unseen[JONG_KINDS];
    jong_view_unseen(v, unseen);
    uint64_t allowed = 0;
    for (int i = 0; i < d->nlegal; i++)
        if (d->legal[i].type == JONG_ACT_DISCARD)
            allowed |= 1ull << d->legal[i].tile;
    int kind;
    int sh = best_discard(c, sets, unseen, allowed, &kind);
    /* kongs that keep the shanten of the best discard */
    for (int i = 0; i < d->nlegal; i++) {
        const jong_action *a = &d->legal[i];
        if (a->type == JONG_ACT_CONCEALED_KONG && sets > 0) {
            c[a->tile] -= 4;
            int s = shanten(c, sets - 1);
            c[a->tile] += 4;
            if (s <= sh)
                return i;
        } else if (a->type == JONG_ACT_ADDED_KONG || a->type == JONG_ACT_KITA) {
            /* (a kita, three players: the north set aside is a dora and a tile drawn in its place) */
            c[a->tile]--;
            int s = shanten(c, sets);
            c[a->tile]++;
            if (s <= sh)
                return i;
        }
    }
    return jong_discard_of_kind(d, kind);
}

int jong_greedy_decide(bool claim, const jong_decision *d)
{
    greedy_state st = {claim};
    jong_player p = {.state = &st};
    return greedy_choose(&p, d);
}

static void greedy_destroy(jong_player *p) { free(p->state); }

static const jong_player_ops greedy_ops = {greedy_choose, NULL, greedy_destroy};

static int greedy_option(void *ctx, const char *key, const char *val, jong_error *err)
{
    greedy_state *st = ctx;
    if (!strcmp(key, "claim")) {
        if (!strcmp(val, "on")) st->claim = true;
        else if (!strcmp(val, "off")) st->claim = false;
        else return jong_error_set(err, JONG_ERR_ARG, -1, "greedy: claim must be on or off, not '%s'", val);
        return JONG_OK;
    }
    return jong_error_set(err, JONG_ERR_ARG, -1, "greedy: unknown option '%s' (options: claim=on|off)", key);
}

int jong_player_greedy_create(const char *opts, jong_player *p, jong_error *err)
{
    greedy_state st = {true};
    int rc = jong_options_parse(opts, greedy_option, &st, "greedy", err);
    if (rc)
        return rc;
    greedy_state *mine = malloc(sizeof *mine);
    if (!mine)
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    *mine = st;
    p->ops = &greedy_ops;
    p->state = mine;
    return JONG_OK;
}
