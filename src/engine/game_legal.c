/* The legal actions of a seat, from the engine state. The engine accepts only actions that this
 * list contains, so players and the validation can never disagree. */
#include <string.h>

#include "game_internal.h"
#include "jong/eval.h"
#include "jong/tai.h"

/* Tiles that must stay in the wall: the hand is drawn when no more than this many remain. */
int game_threshold(const jong_game *g)
{
    if (g->rs.three_player)  /* the dead wall's indicators lie past the tail (start_hand): 14 in all */
        return g->rs.dead_wall - SANMA_INDICATOR_TILES;
    return g->rs.dead_wall + (g->rs.dead_wall_per_kong ? g->kongs : 0);
}

static bool replacement_available(const jong_game *g)
{
    /* a kong must be able to draw its replacement and leave the hand playable */
    return g->tail - g->head > game_threshold(g) + (g->rs.dead_wall_per_kong ? 1 : 0);
}

/* Is this hand (17 tiles counting melds as 3) a win under the rules? The fast standard-form
 * distance answers most calls (the engine asks on every discard for three seats); the scorer's
 * full check runs only for complete hands and when special hands are enabled. */
static bool hand_wins(const jong_game *g, const jong_hand *h, const uint8_t counts[JONG_KINDS])
{
    if (!g->rs.special_hands) {
        int sets = jong_variant_sets(g->rs.variant) - h->nmelds;
        if (sets < 0 || jong_distance_standard(counts, sets) != 0)
            return false;
    }
    if (counts == h->counts)
        return jong_tai_is_winning_hand(&g->rs, h);
    jong_hand t = *h;
    memcpy(t.counts, counts, sizeof t.counts);
    return jong_tai_is_winning_hand(&g->rs, &t);
}

uint64_t game_win_kinds(const jong_game *g, int seat)
{
    const jong_hand *h = &g->hands[seat];
    if (g->rs.variant == JONG_VARIANT_RIICHI)
        return riichi_win_kinds(h);
    int sets = jong_variant_sets(g->rs.variant) - h->nmelds;
    /* most hands are far from ready: one distance first, the 34 draws only for a ready hand */
    if (sets < 0 || jong_distance_standard(h->counts, sets) != 1)
        return 0;
    return jong_lowering_draws(h->counts, sets, (1ull << JONG_KINDS) - 1, NULL);
}

void game_cache_wins(jong_game *g, int seat) { g->win_kinds[seat] = game_win_kinds(g, seat); }

/* Would this seat's hand plus one tile of `kind` be a win it may take now? */
bool game_can_win_with(const jong_game *g, int seat, int kind)
{
    if (g->missed[seat] >> kind & 1)
        return false;
    if (!g->rs.special_hands && !(g->win_kinds[seat] >> kind & 1))
        return false;  /* the cache is exact for the standard form; special hands check in full */
    const jong_hand *h = &g->hands[seat];
    if (h->counts[kind] >= 4)
        return false;
    uint8_t c[JONG_KINDS];
    memcpy(c, h->counts, sizeof c);
    c[kind]++;
    return hand_wins(g, h, c);
}

static int add(jong_action *out, int n, int type, int tile, int low)
{
    out[n].type = (uint8_t)type;
    out[n].tile = (uint8_t)tile;
    out[n].low = (uint8_t)low;
    out[n].flags = 0;
    return n + 1;
}

static int legal_decide(const jong_game *g, int seat, jong_action *out)
{
    const jong_hand *h = &g->hands[seat];
    int n = 0;
    /* bit masks first: branching on each of the 34 counts mispredicts on every decision */
    uint64_t held = 0, four = 0;
    for (int k = 0; k < JONG_KINDS; k++) {
        held |= (uint64_t)(h->counts[k] != 0) << k;
        four |= (uint64_t)(h->counts[k] == 4) << k;
    }
    for (uint64_t m = held; m; m &= m - 1)
        n = add(out, n, JONG_ACT_DISCARD, __builtin_ctzll(m), 0);
    if (g->after_claim)
        return n;
    if (replacement_available(g)) {
        for (uint64_t m = four; m; m &= m - 1)
            n = add(out, n, JONG_ACT_CONCEALED_KONG, __builtin_ctzll(m), 0);
        for (int m = 0; m < h->nmelds; m++)
            if (h->melds[m].type == JONG_MELD_PUNG && h->counts[h->melds[m].tile])
                n = add(out, n, JONG_ACT_ADDED_KONG, h->melds[m].tile, 0);
    }
    int drawn = g->last_draw[seat];
    if (drawn != JONG_NO_TILE && !(g->missed[seat] >> drawn & 1) && hand_wins(g, h, h->counts))
        n = add(out, n, JONG_ACT_SELF_DRAW_WIN, drawn, 0);
    return n;
}

static int legal_claim(const jong_game *g, int seat, jong_action *out)
{
    int t = g->claim_tile, n = 0;
    const jong_hand *h = &g->hands[seat];
    if (game_can_win_with(g, seat, t))
        n = add(out, n, JONG_ACT_WIN, t, 0);
    if (h->counts[t] >= 2)
        n = add(out, n, JONG_ACT_PON, t, 0);
    if (h->counts[t] == 3 && replacement_available(g))
        n = add(out, n, JONG_ACT_KONG, t, 0);
    if (seat == (g->cur + 1) % JONG_SEATS && t < JONG_NUMBER_KINDS) {
        int r = t % 9;
        for (int low = t - 2; low <= t; low++) {
            if (low < t - r || low + 2 > t - r + 8)
                continue;  /* the chow must stay inside the suit */
            bool ok = true;
            for (int k = low; k < low + 3; k++)
                if (k != t && !h->counts[k])
                    ok = false;
            if (ok)
                n = add(out, n, JONG_ACT_CHI, t, low);
        }
    }
    if (n)
        n = add(out, n, JONG_ACT_PASS, t, 0);
    return n;
}

static int legal_rob(const jong_game *g, int seat, jong_action *out, bool flower)
{
    int n = 0;
    if (flower) {
        if (__builtin_popcount(g->hands[seat].flowers) == 7)
            n = add(out, n, JONG_ACT_WIN, g->flower_code, 0);
    } else if (game_can_win_with(g, seat, g->claim_tile)) {
        n = add(out, n, JONG_ACT_WIN, g->claim_tile, 0);
    }
    if (n)
        n = add(out, n, JONG_ACT_PASS, flower ? g->flower_code : g->claim_tile, 0);
    return n;
}

int game_legal(const jong_game *g, int seat, jong_action out[JONG_MAX_ACTIONS])
{
    if (seat < 0 || seat >= JONG_SEATS)
        return 0;
    if (g->rs.variant == JONG_VARIANT_RIICHI)
        return riichi_legal(g, seat, out);
    switch (g->phase) {
    case PHASE_DECIDE:
        return seat == g->cur ? legal_decide(g, seat, out) : 0;
    case PHASE_CLAIM:
        return seat != g->cur ? legal_claim(g, seat, out) : 0;
    case PHASE_ROB_KONG:
        return seat != g->cur ? legal_rob(g, seat, out, false) : 0;
    case PHASE_ROB_FLOWER:
        return seat != g->flower_seat ? legal_rob(g, seat, out, true) : 0;
    default:
        return 0;
    }
}

int jong_game_legal(const jong_game *g, int seat, jong_action out[JONG_MAX_ACTIONS])
{
    if (seat < 0 || seat >= JONG_SEATS || !(g->pending >> seat & 1))
        return 0;
    memcpy(out, g->legal[seat], g->nlegal[seat] * sizeof *out);
    return g->nlegal[seat];
}
