/* What each seat may know: the engine's view of a seat, the per-seat filtering of events, a
 * view rebuilt from the filtered events alone, and the checking build's invariants. */
#include <stdio.h>
#include <string.h>

#include "game_internal.h"

static bool hide_concealed_kongs(jong_variant v)
{
    /* Taiwanese concealed kongs lie face down: the other seats do not learn the kind */
    return v == JONG_VARIANT_TAIWAN;
}

void jong_game_view(const jong_game *g, int seat, jong_view *v)
{
    /* every field is written below; rivers and melds only up to their length */
    v->seat = (int8_t)seat;
    v->variant = g->rs.variant;
    v->game = g->game_number;
    v->hand = g->hand_number - 1;
    v->dealer = (int8_t)g->dealer;
    v->round_wind = (int8_t)g->round_wind;
    v->streak = (int8_t)g->streak;
    for (int s = 0; s < JONG_SEATS; s++) {
        v->seat_winds[s] = (int8_t)jong_ruleset_seat_wind(&g->rs, s, g->dealer);
        const jong_hand *h = &g->hands[s];
        jong_seat_view *sv = &v->seats[s];
        sv->nmelds = h->nmelds;
        memcpy(sv->melds, h->melds, h->nmelds * sizeof(jong_meld));
        if (s != seat && hide_concealed_kongs(g->rs.variant))
            for (int m = 0; m < h->nmelds; m++)
                if (h->melds[m].type == JONG_MELD_CONCEALED_KONG)
                    sv->melds[m].tile = JONG_HIDDEN;
        sv->flowers = h->flowers;
        sv->concealed = (uint8_t)(jong_hand_concealed_count(h) + g->flowers_pending[s]);
        sv->ndiscards = g->nriver[s];
        memcpy(sv->discards, g->river[s], g->nriver[s]);
        memcpy(sv->discard_claimed, g->river_claimed[s], g->nriver[s]);
        sv->discard_tsumogiri = g->river_tsumogiri[s];
        sv->discard_red = 0;
        if (g->rs.variant == JONG_VARIANT_RIICHI)
            for (int i = 0; i < g->nriver[s]; i++)
                sv->discard_red |= (uint64_t)jong_code_is_red(g->river_code[s][i]) << i;
        sv->riichi_at = g->riichi_at[s];
        sv->kita = g->kita[s];
        v->scores[s] = g->scores[s];
    }
    v->own = g->hands[seat];
    v->last_draw = g->last_draw[seat];
    for (int s = 0; s < JONG_SEATS; s++)
        v->riichi[s] = g->riichi[s];
    v->kyotaku = g->sticks;
    v->ndora = (uint8_t)(g->rs.variant == JONG_VARIANT_RIICHI ? g->ndora : 0);
    memset(v->dora_markers, 0, sizeof v->dora_markers);
    for (int i = 0; i < v->ndora; i++)
        v->dora_markers[i] = (uint8_t)riichi_indicator(g, i, false);
    v->wall_left = g->tail - g->head - game_threshold(g);
    v->last_discarder = (int8_t)g->last_discarder;
    v->last_discard = (uint8_t)g->last_discard;
    v->turn = g->turn;
    v->kong_draw = 0;
    v->nseats = (uint8_t)g->nseats;
    v->won = 0;
}

void jong_event_for_seat(const jong_event *ev, int seat, jong_variant variant, jong_event *out)
{
    *out = *ev;
    if (ev->type == JONG_EV_START_HAND) {
        for (int s = 0; s < JONG_SEATS; s++)
            if (s != seat)
                memset(out->deal[s], JONG_HIDDEN, sizeof out->deal[s]);
    } else if (ev->type == JONG_EV_DRAW && ev->actor != seat) {
        out->tile = JONG_HIDDEN;
    } else if (ev->type == JONG_EV_CONCEALED_KONG && ev->actor != seat && hide_concealed_kongs(variant)) {
        out->tile = JONG_HIDDEN;
        memset(out->consumed, JONG_HIDDEN, sizeof out->consumed);
    }
}

bool jong_event_hides(const jong_event *ev, int seat, jong_variant variant)
{
    return ev->type == JONG_EV_START_HAND ||
           (ev->type == JONG_EV_DRAW && ev->actor != seat) ||
           (ev->type == JONG_EV_CONCEALED_KONG && ev->actor != seat && hide_concealed_kongs(variant));
}

/* ---- a view rebuilt from events ---- */

void jong_view_init(jong_view *v, const jong_ruleset *rs, int seat)
{
    memset(v, 0, sizeof *v);
    for (int s = 0; s < JONG_SEATS; s++)
        v->seats[s].riichi_at = -1;
    v->seat = (int8_t)seat;
    v->variant = rs->variant;
    v->nseats = (uint8_t)jong_ruleset_seats(rs);
    v->last_draw = JONG_NO_TILE;
    v->last_discarder = -1;
    v->last_discard = JONG_NO_TILE;
}

static void add_view_meld(jong_seat_view *sv, jong_hand *own, int type, int tile, int red)
{
    sv->melds[sv->nmelds].type = (uint8_t)type;
    sv->melds[sv->nmelds].tile = (uint8_t)tile;
    sv->melds[sv->nmelds].red = (uint8_t)red;
    sv->nmelds++;
    if (own)
        own->melds[own->nmelds++] = sv->melds[sv->nmelds - 1];
}

/* Change the type of a meld of kind tile, and its red fives by red_change. */
static void set_meld_type(jong_seat_view *sv, jong_hand *own, int tile, int from, int to, int red_change)
{
    for (int m = 0; m < sv->nmelds; m++)
        if (sv->melds[m].tile == tile && sv->melds[m].type == from) {
            sv->melds[m].type = (uint8_t)to;
            sv->melds[m].red = (uint8_t)(sv->melds[m].red + red_change);
            if (own)
                own->melds[m] = sv->melds[m];
        }
}

/* A tile code into or out of the viewer's own concealed tiles (red fives counted apart). */
static void own_add(jong_hand *own, int code, int n)
{
    int k = jong_code_kind(code);
    if (k == JONG_NO_TILE)
        return;
    own->counts[k] = (uint8_t)(own->counts[k] + n);
    if (jong_code_is_red(code))
        own->red[code - JONG_CODE_RED_BASE] = (uint8_t)(own->red[code - JONG_CODE_RED_BASE] + n);
}

void jong_view_apply(jong_view *v, const jong_ruleset *rs, const jong_event *e)
{
    int a = e->actor;
    bool mine = a == v->seat;
    jong_seat_view *sv = a >= 0 ? &v->seats[a] : NULL;
    jong_hand *own = mine ? &v->own : NULL;
    switch (e->type) {
    case JONG_EV_START_GAME:
        memcpy(v->scores, e->scores, sizeof v->scores);
        break;
    case JONG_EV_START_HAND: {
        int seat = v->seat;
        jong_view_init(v, rs, seat);
        v->game = e->game;
        v->hand = e->hand;
        v->dealer = e->dealer;
        v->round_wind = e->round_wind;
        v->streak = e->streak;
        memcpy(v->scores, e->scores, sizeof v->scores);
        int dealt = 0;
        for (int s = 0; s < JONG_SEATS; s++) {
            v->seat_winds[s] = (int8_t)jong_ruleset_seat_wind(rs, s, e->dealer);
            v->seats[s].concealed = e->ndeal[s];
            dealt += e->ndeal[s];
        }
        for (int i = 0; i < e->ndeal[seat]; i++)
            own_add(&v->own, e->deal[seat][i], 1);
        if (seat == e->dealer && e->ndeal[seat] == 17 && e->deal[seat][16] < JONG_KINDS)
            v->last_draw = e->deal[seat][16];
        v->wall_left = jong_ruleset_tiles(rs) - dealt - rs->dead_wall;
        if (e->riichi) {
            v->kyotaku = e->kyotaku;
            v->ndora = 1;
            v->dora_markers[0] = e->dora_marker;
        }
        break;
    }
    case JONG_EV_DRAW:
        sv->concealed++;
        v->wall_left--;
        if (e->replacement && v->kong_draw && rs->dead_wall_per_kong)
            v->wall_left--;
        v->kong_draw = 0;
        if (own) {
            int k = jong_code_kind(e->tile);
            own_add(own, e->tile, 1);
            v->last_draw = k == JONG_NO_TILE ? JONG_NO_TILE : (uint8_t)k;
        }
        break;
    case JONG_EV_FLOWER:
        sv->concealed--;
        sv->flowers |= (uint8_t)(1u << (e->tile - JONG_TILE_FLOWER_BASE));
        if (own)
            own->flowers = sv->flowers;
        break;
    case JONG_EV_DISCARD: {
        int k = jong_code_kind(e->tile);
        sv->concealed--;
        sv->discards[sv->ndiscards] = (uint8_t)k;
        sv->discard_tsumogiri |= (uint64_t)e->tsumogiri << sv->ndiscards;
        sv->discard_red |= (uint64_t)jong_code_is_red(e->tile) << sv->ndiscards;
        sv->discard_claimed[sv->ndiscards++] = 0;
        v->turn++;
        v->last_discarder = (int8_t)a;
        v->last_discard = (uint8_t)k;
        if (own) {
            own_add(own, e->tile, -1);
            v->last_draw = JONG_NO_TILE;
        }
        break;
    }
    case JONG_EV_CHI:
    case JONG_EV_PON:
    case JONG_EV_KONG: {
        jong_seat_view *from = &v->seats[e->target];
        from->discard_claimed[from->ndiscards - 1] = 1;
        sv->concealed = (uint8_t)(sv->concealed - e->nconsumed);
        int red = jong_code_is_red(e->tile);
        for (int i = 0; i < e->nconsumed; i++)
            red += jong_code_is_red(e->consumed[i]);
        if (own) {
            for (int i = 0; i < e->nconsumed; i++)
                own_add(own, e->consumed[i], -1);
            v->last_draw = JONG_NO_TILE;
        }
        int type = e->type == JONG_EV_CHI ? JONG_MELD_CHOW : e->type == JONG_EV_PON ? JONG_MELD_PUNG : JONG_MELD_KONG;
        add_view_meld(sv, own, type, e->type == JONG_EV_CHI ? e->low : jong_code_kind(e->tile), red);
        v->kong_draw = e->type == JONG_EV_KONG;
        break;
    }
    case JONG_EV_CONCEALED_KONG: {
        int red = 0;
        for (int i = 0; i < 4 && i < e->nconsumed; i++)
            red += jong_code_is_red(e->consumed[i]);
        sv->concealed = (uint8_t)(sv->concealed - 4);
        if (own)
            for (int i = 0; i < 4; i++)
                own_add(own, e->consumed[i], -1);
        if (own && e->riichi)
            v->last_draw = JONG_NO_TILE;  /* riichi: no tsumo on a tile that went into the kan */
        add_view_meld(sv, own, JONG_MELD_CONCEALED_KONG, e->tile, red);
        v->kong_draw = 1;
        break;
    }
    case JONG_EV_ADDED_KONG:
        sv->concealed--;
        if (own) {
            own_add(own, e->tile, -1);
            if (e->riichi)
                v->last_draw = JONG_NO_TILE;
        }
        set_meld_type(sv, own, jong_code_kind(e->tile), JONG_MELD_PUNG, JONG_MELD_KONG, jong_code_is_red(e->tile));
        v->kong_draw = 1;
        break;
    case JONG_EV_WIN:
        if (e->win_flags & JONG_WIN_FLOWERS) {
            if (e->target >= 0) {
                uint8_t bit = (uint8_t)(1u << (e->tile - JONG_TILE_FLOWER_BASE));
                v->seats[e->target].flowers &= (uint8_t)~bit;
                sv->flowers |= bit;
                if (e->target == v->seat)
                    v->own.flowers = v->seats[e->target].flowers;
                if (own)
                    own->flowers = sv->flowers;
            }
        } else if (e->target >= 0) {
            int k = jong_code_kind(e->tile);
            if (e->riichi && (e->win_flags & JONG_WIN_ROBBING_KITA)) {
                if (v->won) {  /* a second winner on the same kita: it went to the first */
                    memcpy(v->scores, e->scores, sizeof v->scores);
                    v->kyotaku = 0;
                    break;
                }
                v->seats[e->target].kita--;
            } else if (e->win_flags & JONG_WIN_ROBBING_KONG) {
                jong_seat_view *from = &v->seats[e->target];
                jong_hand *t_own = e->target == v->seat ? &v->own : NULL;
                int kong = -1, concealed = -1;
                for (int m = 0; m < from->nmelds; m++) {
                    if (from->melds[m].tile == k && from->melds[m].type == JONG_MELD_KONG)
                        kong = m;
                    if (from->melds[m].tile == k && from->melds[m].type == JONG_MELD_CONCEALED_KONG)
                        concealed = m;
                }
                if (kong >= 0) {
                    set_meld_type(from, t_own, k, JONG_MELD_KONG, JONG_MELD_PUNG, -jong_code_is_red(e->tile));
                } else if (concealed >= 0 && e->riichi) {
                    /* thirteen orphans robbed a concealed kan: three tiles go back to the hand */
                    from->melds[concealed] = from->melds[--from->nmelds];
                    from->concealed = (uint8_t)(from->concealed + 3);
                    if (t_own) {
                        t_own->melds[concealed] = t_own->melds[--t_own->nmelds];
                        t_own->counts[k] = (uint8_t)(t_own->counts[k] + 3);
                    }
                } else {
                    memcpy(v->scores, e->scores, sizeof v->scores);
                    v->kyotaku = 0;
                    break;  /* a second winner on the same robbed tile: it went to the first */
                }
            } else {
                jong_seat_view *from = &v->seats[e->target];
                if (from->discard_claimed[from->ndiscards - 1]) {
                    memcpy(v->scores, e->scores, sizeof v->scores);
                    break;  /* a second winner on the same discard: the tile went to the first */
                }
                from->discard_claimed[from->ndiscards - 1] = 1;
            }
            sv->concealed++;
            if (own)
                own_add(own, e->tile, 1);
            memcpy(v->scores, e->scores, sizeof v->scores);
        }
        memcpy(v->scores, e->scores, sizeof v->scores);
        v->kyotaku = 0;
        v->won = 1;
        break;
    case JONG_EV_KITA:
        sv->concealed--;
        sv->kita++;
        if (own) {
            own_add(own, e->tile, -1);
            v->last_draw = JONG_NO_TILE;
        }
        break;
    case JONG_EV_REACH_ACCEPTED:
        v->riichi[a] = 1;
        sv->riichi_at = (int8_t)(sv->ndiscards - 1);
        v->kyotaku++;
        memcpy(v->scores, e->scores, sizeof v->scores);
        break;
    case JONG_EV_DORA:
        if (v->ndora < JONG_RIICHI_MAX_INDICATORS)
            v->dora_markers[v->ndora++] = e->dora_marker;
        break;
    case JONG_EV_EXHAUSTED:
    case JONG_EV_END_HAND:
    case JONG_EV_END_GAME:
        memcpy(v->scores, e->scores, sizeof v->scores);
        break;
    default:
        break;
    }
}

#define DIFF(cond, ...)                      \
    do {                                     \
        if (cond) {                          \
            if (why) snprintf(why, n, __VA_ARGS__); \
            return false;                    \
        }                                    \
    } while (0)

bool jong_view_equal(const jong_view *a, const jong_view *b, char *why, size_t n)
{
    DIFF(a->seat != b->seat, "seat %d vs %d", a->seat, b->seat);
    DIFF(a->nseats != b->nseats, "%d seats vs %d", a->nseats, b->nseats);
    DIFF(a->game != b->game || a->hand != b->hand, "game/hand %d/%d vs %d/%d", a->game, a->hand, b->game, b->hand);
    DIFF(a->dealer != b->dealer || a->round_wind != b->round_wind || a->streak != b->streak,
         "dealer/round/streak differ");
    DIFF(memcmp(a->seat_winds, b->seat_winds, sizeof a->seat_winds), "seat winds differ");
    DIFF(memcmp(a->own.counts, b->own.counts, sizeof a->own.counts), "own concealed tiles differ");
    DIFF(memcmp(a->own.red, b->own.red, sizeof a->own.red), "own red fives differ");
    DIFF(memcmp(a->riichi, b->riichi, sizeof a->riichi), "riichi declarations differ");
    DIFF(a->kyotaku != b->kyotaku, "riichi sticks %d vs %d", a->kyotaku, b->kyotaku);
    DIFF(a->ndora != b->ndora || memcmp(a->dora_markers, b->dora_markers, sizeof a->dora_markers),
         "dora indicators differ");
    DIFF(a->own.flowers != b->own.flowers, "own flowers differ");
    DIFF(a->own.nmelds != b->own.nmelds || memcmp(a->own.melds, b->own.melds, a->own.nmelds * sizeof(jong_meld)),
         "own melds differ");
    DIFF(a->last_draw != b->last_draw, "last draw %d vs %d", a->last_draw, b->last_draw);
    DIFF(memcmp(a->scores, b->scores, sizeof a->scores), "scores differ");
    DIFF(a->wall_left != b->wall_left, "wall left %d vs %d", a->wall_left, b->wall_left);
    DIFF(a->last_discarder != b->last_discarder || a->last_discard != b->last_discard, "last discard differs");
    DIFF(a->turn != b->turn, "turn %d vs %d", a->turn, b->turn);
    for (int s = 0; s < JONG_SEATS; s++) {
        const jong_seat_view *x = &a->seats[s], *y = &b->seats[s];
        DIFF(x->nmelds != y->nmelds || memcmp(x->melds, y->melds, x->nmelds * sizeof(jong_meld)),
             "melds of seat %d differ", s);
        DIFF(x->flowers != y->flowers, "flowers of seat %d differ", s);
        DIFF(x->discard_tsumogiri != y->discard_tsumogiri || x->discard_red != y->discard_red ||
                 x->riichi_at != y->riichi_at,
             "tsumogiri, red or riichi marks of seat %d's discards differ", s);
        DIFF(x->concealed != y->concealed, "concealed count of seat %d: %d vs %d", s, x->concealed, y->concealed);
        DIFF(x->kita != y->kita, "kita of seat %d: %d vs %d", s, x->kita, y->kita);
        DIFF(x->ndiscards != y->ndiscards || memcmp(x->discards, y->discards, x->ndiscards) ||
                 memcmp(x->discard_claimed, y->discard_claimed, x->ndiscards),
             "discards of seat %d differ", s);
    }
    return true;
}

/* ---- invariants ---- */

int jong_game_check(const jong_game *g, const jong_view *tracked, jong_error *err)
{
    if (g->phase == PHASE_IDLE)
        return JONG_OK;
    if (g->broken[0])
        return jong_error_set(err, JONG_ERR_ARG, -1, "%s", g->broken);
    int count[JONG_KINDS + JONG_FLOWERS] = {0}, red[3] = {0}, red_want[3] = {0};
    for (int i = 0; i < g->wall_n; i++)
        if (jong_code_is_red(g->wall[i]))
            red_want[g->wall[i] - JONG_CODE_RED_BASE]++;
    /* the wall still to be drawn, and a three-player hand's indicators past its tail */
    int indicators = g->rs.three_player ? g->wall_n - SANMA_INDICATOR_TILES : g->wall_n;
    for (int i = g->head; i < g->wall_n; i++) {
        if (i >= g->tail && i < indicators)
            continue;
        int c = g->wall[i];
        if (jong_code_is_red(c)) {
            red[c - JONG_CODE_RED_BASE]++;
            c = jong_code_kind(c);
        }
        count[c]++;
    }
    for (int s = 0; s < JONG_SEATS; s++) {
        const jong_hand *h = &g->hands[s];
        for (int i = 0; i < 3; i++)
            red[i] += h->red[i];
        for (int m = 0; m < h->nmelds; m++)
            if (h->melds[m].red)
                red[h->melds[m].tile / 9] += h->melds[m].red;
        for (int i = 0; i < g->nriver[s]; i++)
            if (!g->river_claimed[s][i] && g->rs.variant == JONG_VARIANT_RIICHI && jong_code_is_red(g->river_code[s][i]))
                red[g->river_code[s][i] - JONG_CODE_RED_BASE]++;
        for (int k = 0; k < JONG_KINDS; k++)
            count[k] += h->counts[k];
        count[JONG_N] += g->kita[s];
        for (int f = 0; f < JONG_FLOWERS; f++)
            count[JONG_KINDS + f] += h->flowers >> f & 1;
        for (int i = 0; i < g->flowers_pending[s]; i++)
            count[g->pending_codes[s][i]]++;
        for (int m = 0; m < h->nmelds; m++) {
            const jong_meld *md = &h->melds[m];
            if (md->type == JONG_MELD_CHOW)
                for (int k = 0; k < 3; k++)
                    count[md->tile + k]++;
            else
                count[md->tile] += md->type == JONG_MELD_PUNG ? 3 : 4;
        }
        for (int i = 0; i < g->nriver[s]; i++)
            if (!g->river_claimed[s][i])
                count[g->river[s][i]]++;
    }
    for (int c = 0; c < JONG_KINDS + (g->rs.flowers ? JONG_FLOWERS : 0); c++) {
        int want = c < JONG_KINDS ? (g->rs.three_player && jong_sanma_missing(c) ? 0 : 4) : 1;
        if (count[c] != want)
            return jong_error_set(err, JONG_ERR_ARG, -1, "tile %s counted %d times, expected %d",
                                  jong_code_name(c), count[c], want);
    }
    for (int i = 0; i < 3; i++)
        if (red[i] != red_want[i])
            return jong_error_set(err, JONG_ERR_ARG, -1, "red fives of suit %d counted %d times, expected %d",
                                  i, red[i], red_want[i]);
    /* the cached winning kinds of the seats waiting for others' tiles */
    if (g->phase == PHASE_CLAIM || g->phase == PHASE_ROB_KONG || g->phase == PHASE_DECIDE) {
        for (int s = 0; s < JONG_SEATS; s++) {
            const jong_hand *h = &g->hands[s];
            int waiting = 3 * jong_variant_sets(g->rs.variant) + 1;
            if (s == g->cur || jong_hand_concealed_count(h) + 3 * h->nmelds != waiting)
                continue;  /* mid-turn: the cache is refreshed at the seat's discard */
            if (game_win_kinds(g, s) != g->win_kinds[s])
                return jong_error_set(err, JONG_ERR_ARG, -1, "seat %d's cached winning kinds are stale", s);
        }
    }
    int32_t sum = 1000 * g->sticks;  /* riichi sticks on the table are points too */
    for (int s = 0; s < JONG_SEATS; s++)
        sum += g->scores[s];
    if (sum != g->total_score)
        return jong_error_set(err, JONG_ERR_ARG, -1, "scores and %d riichi sticks add up to %d, expected %d",
                              g->sticks, (int)sum, (int)g->total_score);
    if (tracked && g->phase != PHASE_GAME_OVER) {
        for (int s = 0; s < JONG_SEATS; s++) {
            jong_view mine;
            char why[128];
            jong_game_view(g, s, &mine);
            if (!jong_view_equal(&mine, &tracked[s], why, sizeof why))
                return jong_error_set(err, JONG_ERR_ARG, -1,
                                      "seat %d's view differs from its event stream: %s", s, why);
        }
    }
    return JONG_OK;
}
