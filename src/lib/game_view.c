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
        v->scores[s] = g->scores[s];
    }
    v->own = g->hands[seat];
    v->last_draw = g->last_draw[seat];
    v->wall_left = g->tail - g->head - game_threshold(g);
    v->last_discarder = (int8_t)g->last_discarder;
    v->last_discard = (uint8_t)g->last_discard;
    v->turn = g->turn;
    v->kong_draw = 0;
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
    v->seat = (int8_t)seat;
    v->variant = rs->variant;
    v->last_draw = JONG_NO_TILE;
    v->last_discarder = -1;
    v->last_discard = JONG_NO_TILE;
}

static void add_view_meld(jong_seat_view *sv, jong_hand *own, int type, int tile)
{
    sv->melds[sv->nmelds].type = (uint8_t)type;
    sv->melds[sv->nmelds].tile = (uint8_t)tile;
    sv->melds[sv->nmelds].red = 0;
    sv->nmelds++;
    if (own)
        own->melds[own->nmelds++] = sv->melds[sv->nmelds - 1];
}

static void set_meld_type(jong_seat_view *sv, jong_hand *own, int tile, int from, int to)
{
    for (int m = 0; m < sv->nmelds; m++)
        if (sv->melds[m].tile == tile && sv->melds[m].type == from) {
            sv->melds[m].type = (uint8_t)to;
            if (own)
                own->melds[m].type = (uint8_t)to;
        }
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
            if (e->deal[seat][i] < JONG_KINDS)
                v->own.counts[e->deal[seat][i]]++;
        if (seat == e->dealer && e->deal[seat][16] < JONG_KINDS)
            v->last_draw = e->deal[seat][16];
        v->wall_left = jong_ruleset_tiles(rs) - dealt - rs->dead_wall;
        break;
    }
    case JONG_EV_DRAW:
        sv->concealed++;
        v->wall_left--;
        if (e->replacement && v->kong_draw && rs->dead_wall_per_kong)
            v->wall_left--;
        v->kong_draw = 0;
        if (own) {
            if (e->tile < JONG_KINDS) {
                own->counts[e->tile]++;
                v->last_draw = e->tile;
            } else {
                v->last_draw = JONG_NO_TILE;
            }
        }
        break;
    case JONG_EV_FLOWER:
        sv->concealed--;
        sv->flowers |= (uint8_t)(1u << (e->tile - JONG_TILE_FLOWER_BASE));
        if (own)
            own->flowers = sv->flowers;
        break;
    case JONG_EV_DISCARD:
        sv->concealed--;
        sv->discards[sv->ndiscards] = e->tile;
        sv->discard_claimed[sv->ndiscards++] = 0;
        v->turn++;
        v->last_discarder = (int8_t)a;
        v->last_discard = e->tile;
        if (own) {
            own->counts[e->tile]--;
            v->last_draw = JONG_NO_TILE;
        }
        break;
    case JONG_EV_CHI:
    case JONG_EV_PON:
    case JONG_EV_KONG: {
        jong_seat_view *from = &v->seats[e->target];
        from->discard_claimed[from->ndiscards - 1] = 1;
        sv->concealed = (uint8_t)(sv->concealed - e->nconsumed);
        if (own) {
            for (int i = 0; i < e->nconsumed; i++)
                own->counts[e->consumed[i]]--;
            v->last_draw = JONG_NO_TILE;
        }
        int type = e->type == JONG_EV_CHI ? JONG_MELD_CHOW : e->type == JONG_EV_PON ? JONG_MELD_PUNG : JONG_MELD_KONG;
        add_view_meld(sv, own, type, e->type == JONG_EV_CHI ? e->low : e->tile);
        v->kong_draw = e->type == JONG_EV_KONG;
        break;
    }
    case JONG_EV_CONCEALED_KONG:
        sv->concealed = (uint8_t)(sv->concealed - 4);
        if (own)
            own->counts[e->tile] = (uint8_t)(own->counts[e->tile] - 4);
        add_view_meld(sv, own, JONG_MELD_CONCEALED_KONG, e->tile);
        v->kong_draw = 1;
        break;
    case JONG_EV_ADDED_KONG:
        sv->concealed--;
        if (own)
            own->counts[e->tile]--;
        set_meld_type(sv, own, e->tile, JONG_MELD_PUNG, JONG_MELD_KONG);
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
            if (e->win_flags & JONG_WIN_ROBBING_KONG) {
                jong_seat_view *from = &v->seats[e->target];
                bool kong = false;
                for (int m = 0; m < from->nmelds; m++)
                    kong |= from->melds[m].tile == e->tile && from->melds[m].type == JONG_MELD_KONG;
                if (!kong) {
                    memcpy(v->scores, e->scores, sizeof v->scores);
                    break;  /* a second winner on the same robbed tile: it went to the first */
                }
                jong_hand *t_own = e->target == v->seat ? &v->own : NULL;
                set_meld_type(from, t_own, e->tile, JONG_MELD_KONG, JONG_MELD_PUNG);
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
                own->counts[e->tile]++;
            memcpy(v->scores, e->scores, sizeof v->scores);
        }
        memcpy(v->scores, e->scores, sizeof v->scores);
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
    DIFF(a->game != b->game || a->hand != b->hand, "game/hand %d/%d vs %d/%d", a->game, a->hand, b->game, b->hand);
    DIFF(a->dealer != b->dealer || a->round_wind != b->round_wind || a->streak != b->streak,
         "dealer/round/streak differ");
    DIFF(memcmp(a->seat_winds, b->seat_winds, sizeof a->seat_winds), "seat winds differ");
    DIFF(memcmp(a->own.counts, b->own.counts, sizeof a->own.counts), "own concealed tiles differ");
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
        DIFF(x->concealed != y->concealed, "concealed count of seat %d: %d vs %d", s, x->concealed, y->concealed);
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
    int count[JONG_KINDS + JONG_FLOWERS] = {0};
    for (int i = g->head; i < g->tail; i++)
        count[g->wall[i]]++;
    for (int s = 0; s < JONG_SEATS; s++) {
        const jong_hand *h = &g->hands[s];
        for (int k = 0; k < JONG_KINDS; k++)
            count[k] += h->counts[k];
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
        int want = c < JONG_KINDS ? 4 : 1;
        if (count[c] != want)
            return jong_error_set(err, JONG_ERR_ARG, -1, "tile %s counted %d times, expected %d",
                                  jong_code_name(c), count[c], want);
    }
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
    int32_t sum = 0;
    for (int s = 0; s < JONG_SEATS; s++)
        sum += g->scores[s];
    if (sum != g->total_score)
        return jong_error_set(err, JONG_ERR_ARG, -1, "scores add up to %d, expected %d", (int)sum,
                              (int)g->total_score);
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
