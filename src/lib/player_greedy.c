/* The greedy player: discard to the least shanten, breaking ties by the most effective tiles
 * still unseen (then by the lowest kind, so it is deterministic); win whenever it may; claim or
 * kong only when that lowers the shanten (a kong also when it keeps the shanten). Shanten here is
 * the standard form on the concealed counts without the 4-copy limit: a heuristic need not be
 * exact, and the unlimited distance is the evaluator's fast table path. */
#include <stdlib.h>
#include <string.h>

#include "jong/eval.h"
#include "jong/player.h"

typedef struct {
    bool claim;  /* claim=on: chi/pon/kong when they help */
} greedy_state;

static int sets_left(const jong_hand *h) { int s = 5 - h->nmelds; return s < 0 ? 0 : s; }

static int shanten(const uint8_t c[JONG_KINDS], int sets) { return jong_shanten_standard(c, sets); }

/* Copies of each kind this seat has not seen: 4 minus own tiles, visible melds and discards. */
static void unseen_counts(const jong_view *v, int out[JONG_KINDS])
{
    for (int k = 0; k < JONG_KINDS; k++)
        out[k] = 4 - v->own.counts[k];
    for (int s = 0; s < JONG_SEATS; s++) {
        const jong_seat_view *sv = &v->seats[s];
        for (int m = 0; m < sv->nmelds; m++) {
            const jong_meld *md = &sv->melds[m];
            if (md->tile >= JONG_KINDS)
                continue;  /* a face-down kong */
            if (md->type == JONG_MELD_CHOW)
                for (int k = 0; k < 3; k++)
                    out[md->tile + k]--;
            else
                out[md->tile] -= md->type == JONG_MELD_PUNG ? 3 : 4;
        }
        for (int i = 0; i < sv->ndiscards; i++)
            if (!sv->discard_claimed[i])
                out[sv->discards[i]]--;
    }
    for (int k = 0; k < JONG_KINDS; k++)
        if (out[k] < 0)
            out[k] = 0;
}

/* Only a kind next to (or equal to) a held tile can lower the shanten when drawn. */
static bool relevant(const uint8_t c[JONG_KINDS], int k)
{
    if (c[k])
        return true;
    if (k >= JONG_NUMBER_KINDS)
        return false;
    int r = k % 9;
    for (int d = -2; d <= 2; d++)
        if (d && r + d >= 0 && r + d <= 8 && c[k + d])
            return true;
    return false;
}

static int effective(uint8_t c[JONG_KINDS], int sets, int sh, const int unseen[JONG_KINDS])
{
    int total = 0;
    for (int k = 0; k < JONG_KINDS; k++) {
        if (!unseen[k] || c[k] >= 4 || !relevant(c, k))
            continue;
        c[k]++;
        if (shanten(c, sets) < sh)
            total += unseen[k];
        c[k]--;
    }
    return total;
}

/* The best discard of a hand with one tile too many: writes its kind, returns its shanten. */
static int best_discard(uint8_t c[JONG_KINDS], int sets, const int unseen[JONG_KINDS], int *kind)
{
    int sh[JONG_KINDS], best = 99;
    for (int k = 0; k < JONG_KINDS; k++) {
        sh[k] = 99;
        if (!c[k])
            continue;
        c[k]--;
        sh[k] = shanten(c, sets);
        c[k]++;
        if (sh[k] < best)
            best = sh[k];
    }
    int best_eff = -1, ties = 0;
    *kind = -1;
    for (int k = 0; k < JONG_KINDS; k++)
        ties += sh[k] == best;
    for (int k = 0; k < JONG_KINDS; k++) {
        if (sh[k] != best)
            continue;
        if (ties == 1 || !unseen) {
            *kind = k;  /* nothing to break */
            break;
        }
        c[k]--;
        int e = unseen ? effective(c, sets, best, unseen) : 0;
        c[k]++;
        if (e > best_eff) {
            best_eff = e;
            *kind = k;
        }
    }
    return best;
}

/* Shanten after a claim (the claimed tiles leave the hand as a meld) and its best discard. */
static int after_claim(const jong_view *v, const jong_action *a)
{
    uint8_t c[JONG_KINDS];
    memcpy(c, v->own.counts, sizeof c);
    int sets = sets_left(&v->own) - 1;
    if (sets < 0)
        return 99;
    if (a->type == JONG_ACT_CHI) {
        for (int k = a->low; k < a->low + 3; k++)
            if (k != a->tile)
                c[k]--;
    } else {
        c[a->tile] -= a->type == JONG_ACT_PON ? 2 : 3;
    }
    if (a->type == JONG_ACT_KONG)
        return shanten(c, sets);  /* a replacement tile comes: compare the hand as it stands */
    int kind;
    return best_discard(c, sets, NULL, &kind);
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
    int sets = sets_left(&v->own);
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
    unseen_counts(v, unseen);
    int kind;
    int sh = best_discard(c, sets, unseen, &kind);
    /* kongs that keep the shanten of the best discard */
    for (int i = 0; i < d->nlegal; i++) {
        const jong_action *a = &d->legal[i];
        if (a->type == JONG_ACT_CONCEALED_KONG && sets > 0) {
            c[a->tile] -= 4;
            int s = shanten(c, sets - 1);
            c[a->tile] += 4;
            if (s <= sh)
                return i;
        } else if (a->type == JONG_ACT_ADDED_KONG) {
            c[a->tile]--;
            int s = shanten(c, sets);
            c[a->tile]++;
            if (s <= sh)
                return i;
        }
    }
    for (int i = 0; i < d->nlegal; i++)
        if (d->legal[i].type == JONG_ACT_DISCARD && d->legal[i].tile == kind)
            return i;
    return 0;
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
