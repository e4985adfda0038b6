/* The state machine of a hand and a game: deal, flowers, draws, discards, claims and their
 * priority, kongs, robbing, wins, exhaustive draws, dealer rotation and scores. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_internal.h"
#include "jong/rng.h"

void game_emit(jong_game *g, const jong_event *ev)
{
    if (g->sink)
        g->sink(g->sink_ctx, ev);
}

static void event_init(jong_event *ev, int type, int actor)
{
    memset(ev, 0, sizeof *ev);
    ev->type = (uint8_t)type;
    ev->actor = (int8_t)actor;
    ev->target = -1;
    ev->tile = JONG_NO_TILE;
    ev->dora_marker = JONG_NO_TILE;
    ev->pao = -1;
}

void game_scoring_failed(jong_game *g, int winner, const jong_error *err)
{
    if (!g->broken[0])
        snprintf(g->broken, sizeof g->broken, "scoring seat %d's win failed: %s", winner, err->msg);
}

void game_event_init(const jong_game *g, jong_event *ev, int type, int actor)
{
    event_init(ev, type, actor);
    ev->riichi = g->rs.variant == JONG_VARIANT_RIICHI;
}

int jong_game_new(const jong_ruleset *rs, uint64_t seed, int game_number, jong_event_sink sink,
                  void *sink_ctx, jong_game **out, jong_error *err)
{
    if (game_number < 0)
        return jong_error_set(err, JONG_ERR_ARG, -1, "game number %d is negative", game_number);
    if (rs->three_player && rs->variant != JONG_VARIANT_RIICHI)
        return jong_error_set(err, JONG_ERR_ARG, -1, "three players (sanma) is a riichi table only");
    if (rs->three_player && rs->uma[3] != 0)
        return jong_error_set(err, JONG_ERR_ARG, -1, "three players: the uma takes three values (e.g. uma=20,0,-20)");
    jong_game *g = calloc(1, sizeof *g);
    if (!g)
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    g->rs = *rs;
    g->nseats = jong_ruleset_seats(rs);
    g->seed = seed;
    g->game_number = game_number;
    g->sink = sink;
    g->sink_ctx = sink_ctx;
    for (int s = 0; s < g->nseats; s++)
        g->scores[s] = rs->start_score;
    g->total_score = g->nseats * rs->start_score;
    g->phase = PHASE_IDLE;
    g->reach_seat = -1;
    *out = g;
    return JONG_OK;
}

void jong_game_free(jong_game *g) { free(g); }

void jong_game_wall(const jong_ruleset *rs, uint64_t seed, int game_number, int hand_number,
                    uint8_t wall[JONG_WALL_MAX])
{
    int n = 0;
    bool sanma = rs->three_player;
    for (int k = 0; k < JONG_KINDS; k++)
        for (int c = 0; c < 4; c++)
            if (!sanma || !jong_sanma_missing(k))
                wall[n++] = (uint8_t)k;
    if (rs->flowers)
        for (int f = 0; f < JONG_FLOWERS; f++)
            wall[n++] = (uint8_t)(JONG_TILE_FLOWER_BASE + f);
    if (rs->variant == JONG_VARIANT_RIICHI && rs->red_fives > 0) {
        /* red fives replace plain copies before the shuffle: one per suit, a second 5p for 4 */
        /* (three players: no 5m, so 5p and 5s only; the wall then lacks the 28 tiles of 2m-8m) */
        int gap = sanma ? 28 : 0;
        for (int suit = sanma ? 1 : 0; suit < 3; suit++)
            wall[jong_kind_make(suit, 5) * 4 - gap] = (uint8_t)(JONG_CODE_RED_BASE + suit);
        if (rs->red_fives == 4)
            wall[jong_kind_make(JONG_SUIT_P, 5) * 4 + 1 - gap] = (uint8_t)(JONG_CODE_RED_BASE + JONG_SUIT_P);
    }
    jong_rng rng;
    jong_rng_seed(&rng, jong_seed_mix(jong_seed_mix(seed, (uint64_t)game_number), (uint64_t)hand_number));
    for (int i = n - 1; i > 0; i--) {
        int j = (int)jong_rng_below(&rng, (uint32_t)i + 1);
        uint8_t t = wall[i];
        wall[i] = wall[j];
        wall[j] = t;
    }
}

/* ---- tiles in and out of hands ---- */

static void take_into_hand(jong_game *g, int seat, int code)
{
    if (jong_code_is_flower(code)) {
        g->pending_codes[seat][g->flowers_pending[seat]++] = (uint8_t)code;
    } else if (jong_code_is_red(code)) {
        g->hands[seat].counts[jong_code_kind(code)]++;
        g->hands[seat].red[code - JONG_CODE_RED_BASE]++;
    } else {
        g->hands[seat].counts[code]++;
    }
}

static int draw_front(jong_game *g) { return g->wall[g->head++]; }
static int draw_back(jong_game *g) { return g->wall[--g->tail]; }
static int wall_left(const jong_game *g) { return g->tail - g->head - game_threshold(g); }
int game_wall_left(const jong_game *g) { return wall_left(g); }
void game_take(jong_game *g, int seat, int code) { take_into_hand(g, seat, code); }
int game_draw_front(jong_game *g) { return draw_front(g); }
int game_draw_back(jong_game *g) { return draw_back(g); }

/* ---- ending a hand ---- */

void game_end_game(jong_game *g)
{
    jong_event ev;
    event_init(&ev, JONG_EV_END_GAME, -1);
    memcpy(ev.scores, g->scores, sizeof ev.scores);
    g->phase = PHASE_GAME_OVER;
    game_emit(g, &ev);
}

/* Dealer rotation after a hand: the dealer keeps the deal on a win or a draw. */
static void end_hand(jong_game *g, bool dealer_keeps)
{
    jong_event ev;
    event_init(&ev, JONG_EV_END_HAND, -1);
    memcpy(ev.scores, g->scores, sizeof ev.scores);
    game_emit(g, &ev);
    g->pending = 0;
    if (dealer_keeps) {
        g->streak++;
    } else {
        g->streak = 0;
        g->dealer = (g->dealer + 1) % JONG_SEATS;
        if (g->dealer == 0)
            g->round_wind++;
    }
    bool over = g->rs.hands > 0 ? g->hand_number >= g->rs.hands : g->round_wind >= 4;
    if (g->rs.hands > 0)
        g->round_wind %= 4;
    if (over)
        game_end_game(g);
    else
        g->phase = PHASE_HAND_OVER;
}

static void exhausted(jong_game *g)
{
    jong_event ev;
    event_init(&ev, JONG_EV_EXHAUSTED, -1);
    memcpy(ev.scores, g->scores, sizeof ev.scores);
    game_emit(g, &ev);
    end_hand(g, true);
}

/* Score and pay one win; the winning hand already holds the tile. */
static void pay_win(jong_game *g, int winner, const jong_hand *hand, int tile, int payer, unsigned flags)
{
    jong_win_context ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.hand = *hand;
    ctx.win_tile = tile;
    ctx.winner = winner;
    ctx.discarder = payer;
    ctx.dealer = g->dealer;
    ctx.dealer_streak = g->streak;
    ctx.seat_wind = jong_ruleset_seat_wind(&g->rs, winner, g->dealer);
    ctx.round_wind = g->round_wind;
    ctx.flags = flags;
    jong_event ev;
    event_init(&ev, JONG_EV_WIN, winner);
    ev.target = (int8_t)payer;
    ev.tile = (uint8_t)tile;
    ev.win_flags = flags;
    jong_error err;
    if (jong_tai_score(&g->rs, &ctx, &ev.tai, &err) != JONG_OK) {
        /* The engine offers a win only for a winning hand, so this cannot happen; if it does, the
         * win stands with no payment rather than crashing a long run, and jong_game_check reports. */
        memset(&ev.tai, 0, sizeof ev.tai);
        game_scoring_failed(g, winner, &err);
    }
    for (int s = 0; s < JONG_SEATS; s++) {
        g->scores[s] += ev.tai.deltas[s];
        ev.deltas[s] = ev.tai.deltas[s];
    }
    memcpy(ev.scores, g->scores, sizeof ev.scores);
    game_emit(g, &ev);
}

/* Win conditions of the first go-around, for heavenly, earthly and human wins. */
static unsigned first_round_flags(const jong_game *g, int winner, bool self_draw)
{
    if (g->interrupted)
        return 0;
    if (self_draw && winner == g->dealer && g->turn == 0)
        return JONG_WIN_HEAVENLY;
    if (self_draw && winner != g->dealer && g->draws[winner] == 1 && g->nriver[winner] == 0)
        return JONG_WIN_EARTHLY;
    if (!self_draw && g->nriver[winner] == 0)
        return JONG_WIN_HUMAN;
    return 0;
}

/* ---- flowers ---- */

void game_decide(jong_game *g, int seat, bool after_claim);
#define decide game_decide
static void flower_win_self(jong_game *g, int seat, int code);

/* Lay out one pending flower of `seat`. Returns false when the hand stopped (a flower win, or a
 * decision for a 7-flower holder). */
static bool reveal_flower(jong_game *g, int seat)
{
    int code = g->pending_codes[seat][--g->flowers_pending[seat]];
    g->hands[seat].flowers |= (uint8_t)(1u << (code - JONG_TILE_FLOWER_BASE));
    g->need_replacement[seat] = true;
    jong_event ev;
    event_init(&ev, JONG_EV_FLOWER, seat);
    ev.tile = (uint8_t)code;
    game_emit(g, &ev);
    if (g->hands[seat].flowers == 0xff) {
        flower_win_self(g, seat, code);
        return false;
    }
    unsigned robbers = 0;
    for (int s = 0; s < JONG_SEATS; s++)
        if (s != seat && __builtin_popcount(g->hands[s].flowers) == 7)
            robbers |= 1u << s;
    if (robbers) {
        g->phase = PHASE_ROB_FLOWER;
        g->flower_seat = seat;
        g->flower_code = code;
        g->pending = g->asked = robbers;
        g->could_win = robbers;
        for (int s = 0; s < JONG_SEATS; s++)
            if (robbers >> s & 1)
                g->nlegal[s] = (uint8_t)game_legal(g, s, g->legal[s]);
        return false;
    }
    return true;
}

/* Draw the replacement of a laid-out flower. Returns false when the wall is down to the dead
 * wall (the hand is then drawn). */
/* One tile into `seat`'s hand from the front or the back of the wall. Returns false (and draws
 * the hand) when the wall is down to the dead wall. */
static bool draw_one(jong_game *g, int seat, bool from_back)
{
    if (wall_left(g) <= 0) {
        exhausted(g);
        return false;
    }
    int code = from_back ? draw_back(g) : draw_front(g);
    if (!from_back)
        g->draws[seat]++;
    take_into_hand(g, seat, code);
    g->last_draw[seat] = jong_code_is_flower(code) ? JONG_NO_TILE : (uint8_t)code;
    g->last_replacement[seat] = from_back;
    jong_event ev;
    event_init(&ev, JONG_EV_DRAW, seat);
    ev.tile = (uint8_t)code;
    ev.replacement = from_back;
    game_emit(g, &ev);
    return true;
}

static bool replace_flower(jong_game *g, int seat)
{
    g->need_replacement[seat] = false;
    return draw_one(g, seat, true);
}

/* Lay out and replace all of a seat's flowers. Returns false when the hand stopped or waits. */
static bool settle_flowers(jong_game *g, int seat)
{
    for (;;) {
        if (g->need_replacement[seat]) {
            if (!replace_flower(g, seat))
                return false;
        } else if (g->flowers_pending[seat]) {
            if (!reveal_flower(g, seat))
                return false;
        } else {
            return true;
        }
    }
}

/* Continue the deal's flower replacement (dealer first, then in turn order), then the dealer plays. */
static void continue_deal(jong_game *g)
{
    g->resume = RESUME_DEAL;
    for (; g->deal_index < JONG_SEATS; g->deal_index++)
        if (!settle_flowers(g, (g->dealer + g->deal_index) % JONG_SEATS))
            return;
    for (int s = 0; s < JONG_SEATS; s++)
        game_cache_wins(g, s);
    decide(g, g->dealer, false);
}

static void continue_play_flowers(jong_game *g, int seat)
{
    g->resume = RESUME_PLAY;
    g->flower_seat = seat;
    if (settle_flowers(g, seat))
        decide(g, seat, false);
}

/* ---- turns ---- */

void game_decide(jong_game *g, int seat, bool after_claim)
{
    g->phase = PHASE_DECIDE;
    g->cur = seat;
    g->after_claim = after_claim;
    g->pending = g->asked = 1u << seat;
    g->could_win = 0;
    g->nlegal[seat] = (uint8_t)game_legal(g, seat, g->legal[seat]);
}

/* `seat` draws from the front (or, after a kong, from the back) and then decides. */
static void draw_and_decide(jong_game *g, int seat, bool replacement)
{
    if (draw_one(g, seat, replacement))
        continue_play_flowers(g, seat);
}

static void next_turn(jong_game *g)
{
    draw_and_decide(g, (g->cur + 1) % JONG_SEATS, false);
}

/* Offer cur's discard (or added-kong tile) to the others; returns whether anyone may act. */
bool game_offer(jong_game *g, game_phase phase, int tile)
{
    g->phase = phase;
    g->claim_tile = tile;
    g->pending = g->asked = 0;
    g->could_win = 0;
    for (int s = 0; s < g->nseats; s++) {
        if (s == g->cur)
            continue;
        int n = game_legal(g, s, g->legal[s]);
        g->nlegal[s] = (uint8_t)n;
        if (n)
            g->pending |= 1u << s;
        for (int i = 0; i < n; i++)
            if (g->legal[s][i].type == JONG_ACT_WIN)
                g->could_win |= 1u << s;
    }
    g->asked = g->pending;
    return g->pending != 0;
}

static void do_discard(jong_game *g, int seat, int kind)
{
    jong_hand *h = &g->hands[seat];
    bool tsumogiri = g->last_draw[seat] == kind && !g->after_claim;
    h->counts[kind]--;
    g->river[seat][g->nriver[seat]] = (uint8_t)kind;
    g->river_claimed[seat][g->nriver[seat]] = 0;
    if (tsumogiri)
        g->river_tsumogiri[seat] |= 1ull << g->nriver[seat];
    g->nriver[seat]++;
    g->turn++;
    g->last_discarder = seat;
    g->last_discard = kind;
    g->missed[seat] = 0;  /* the missed-win bar lasts until one's own next discard */
    g->last_draw[seat] = JONG_NO_TILE;
    g->after_claim = false;
    game_cache_wins(g, seat);
    jong_event ev;
    event_init(&ev, JONG_EV_DISCARD, seat);
    ev.tile = (uint8_t)kind;
    ev.tsumogiri = tsumogiri;
    game_emit(g, &ev);
    if (!game_offer(g, PHASE_CLAIM, kind))
        next_turn(g);
}

static void add_meld(jong_hand *h, int type, int tile)
{
    h->melds[h->nmelds].type = (uint8_t)type;
    h->melds[h->nmelds].tile = (uint8_t)tile;
    h->melds[h->nmelds].red = 0;
    h->nmelds++;
}

static void do_concealed_kong(jong_game *g, int seat, int kind)
{
    g->hands[seat].counts[kind] -= 4;
    add_meld(&g->hands[seat], JONG_MELD_CONCEALED_KONG, kind);
    g->interrupted = true;
    jong_event ev;
    event_init(&ev, JONG_EV_CONCEALED_KONG, seat);
    ev.tile = (uint8_t)kind;
    ev.nconsumed = 4;
    memset(ev.consumed, kind, 4);
    game_emit(g, &ev);
    g->kongs++;
    draw_and_decide(g, seat, true);
}

static void do_added_kong(jong_game *g, int seat, int kind)
{
    jong_hand *h = &g->hands[seat];
    h->counts[kind]--;
    for (int m = 0; m < h->nmelds; m++)
        if (h->melds[m].type == JONG_MELD_PUNG && h->melds[m].tile == kind)
            h->melds[m].type = JONG_MELD_KONG;
    g->interrupted = true;
    jong_event ev;
    event_init(&ev, JONG_EV_ADDED_KONG, seat);
    ev.tile = (uint8_t)kind;
    ev.nconsumed = 3;
    memset(ev.consumed, kind, 3);
    game_emit(g, &ev);
    if (!game_offer(g, PHASE_ROB_KONG, kind)) {
        g->kongs++;
        draw_and_decide(g, seat, true);
    }
}

static void flower_win_self(jong_game *g, int seat, int code)
{
    pay_win(g, seat, &g->hands[seat], code, -1, JONG_WIN_FLOWERS);
    end_hand(g, seat == g->dealer);
}

static void self_draw_win(jong_game *g, int seat)
{
    unsigned flags = first_round_flags(g, seat, true);
    if (g->last_replacement[seat])
        flags |= JONG_WIN_REPLACEMENT;
    if (wall_left(g) <= 0)
        flags |= JONG_WIN_LAST_TILE;
    pay_win(g, seat, &g->hands[seat], g->last_draw[seat], -1, flags);
    end_hand(g, seat == g->dealer);
}

/* Seats in turn order after `from`, restricted to a bit set. */
int game_order_after(int from, unsigned set, int out[3])
{
    int n = 0;
    for (int d = 1; d < JONG_SEATS; d++) {
        int s = (from + d) % JONG_SEATS;
        if (set >> s & 1)
            out[n++] = s;
    }
    return n;
}

static void mark_missed(jong_game *g, unsigned winners, int kind)
{
    if (!g->rs.missed_win || kind >= JONG_KINDS)
        return;
    for (int s = 0; s < JONG_SEATS; s++)
        if ((g->could_win >> s & 1) && !(winners >> s & 1))
            g->missed[s] |= 1ull << kind;
}

/* Wins on another seat's tile (a discard or a robbed kong), head-bump unless multiple winners. */
static void wins_on_tile(jong_game *g, unsigned winners, int kind, unsigned extra_flags)
{
    int order[3];
    int n = game_order_after(g->cur, winners, order);
    if (!g->rs.multiple_winners)
        n = 1;
    bool dealer_won = false;
    for (int i = 0; i < n; i++) {
        int w = order[i];
        unsigned flags = extra_flags | first_round_flags(g, w, false);
        if (!(extra_flags & JONG_WIN_ROBBING_KONG) && wall_left(g) <= 0)
            flags |= JONG_WIN_LAST_TILE;
        jong_hand h = g->hands[w];
        h.counts[kind]++;
        if (i == 0)
            g->hands[w] = h;  /* the tile itself goes to the first winner */
        pay_win(g, w, &h, kind, g->cur, flags);
        dealer_won |= w == g->dealer;
    }
    end_hand(g, dealer_won);
}

unsigned game_claim_answers(const jong_game *g, int *meld_seat, int *chi_seat)
{
    unsigned winners = 0;
    *meld_seat = *chi_seat = -1;
    for (int s = 0; s < JONG_SEATS; s++) {
        if (!(g->asked >> s & 1))
            continue;
        int t = g->answers[s].type;
        if (t == JONG_ACT_WIN) winners |= 1u << s;
        else if (t == JONG_ACT_PON || t == JONG_ACT_KONG) *meld_seat = s;
        else if (t == JONG_ACT_CHI) *chi_seat = s;
    }
    return winners;
}

static void resolve_claims(jong_game *g)
{
    int kind = g->claim_tile, discarder = g->cur;
    int meld_seat, chi_seat;
    unsigned winners = game_claim_answers(g, &meld_seat, &chi_seat);
    mark_missed(g, winners, kind);
    int idx = g->nriver[discarder] - 1;
    if (winners) {
        g->river_claimed[discarder][idx] = 1;
        wins_on_tile(g, winners, kind, 0);
        return;
    }
    int s = meld_seat >= 0 ? meld_seat : chi_seat;
    if (s < 0) {
        next_turn(g);
        return;
    }
    const jong_action *a = &g->answers[s];
    jong_hand *h = &g->hands[s];
    g->river_claimed[discarder][idx] = 1;
    g->interrupted = true;
    g->last_draw[s] = JONG_NO_TILE;
    jong_event ev;
    event_init(&ev, a->type == JONG_ACT_CHI ? JONG_EV_CHI : a->type == JONG_ACT_PON ? JONG_EV_PON : JONG_EV_KONG, s);
    ev.target = (int8_t)discarder;
    ev.tile = (uint8_t)kind;
    if (a->type == JONG_ACT_CHI) {
        for (int k = a->low; k < a->low + 3; k++)
            if (k != kind) {
                h->counts[k]--;
                ev.consumed[ev.nconsumed++] = (uint8_t)k;
            }
        ev.low = a->low;
        add_meld(h, JONG_MELD_CHOW, a->low);
    } else {
        int take = a->type == JONG_ACT_PON ? 2 : 3;
        h->counts[kind] -= (uint8_t)take;
        ev.nconsumed = (uint8_t)take;
        memset(ev.consumed, kind, (size_t)take);
        add_meld(h, a->type == JONG_ACT_PON ? JONG_MELD_PUNG : JONG_MELD_KONG, kind);
    }
    game_emit(g, &ev);
    g->cur = s;
    if (a->type == JONG_ACT_KONG) {
        g->kongs++;
        draw_and_decide(g, s, true);
    } else {
        decide(g, s, true);
    }
}

static void resolve_rob_kong(jong_game *g)
{
    int kind = g->claim_tile;
    unsigned winners = 0;
    for (int s = 0; s < JONG_SEATS; s++)
        if ((g->asked >> s & 1) && g->answers[s].type == JONG_ACT_WIN)
            winners |= 1u << s;
    mark_missed(g, winners, kind);
    if (!winners) {
        g->kongs++;
        draw_and_decide(g, g->cur, true);
        return;
    }
    /* the robbed kong goes back to a pong; its fourth tile is the winners' */
    jong_hand *h = &g->hands[g->cur];
    for (int m = 0; m < h->nmelds; m++)
        if (h->melds[m].type == JONG_MELD_KONG && h->melds[m].tile == kind)
            h->melds[m].type = JONG_MELD_PUNG;
    wins_on_tile(g, winners, kind, JONG_WIN_ROBBING_KONG);
}

static void resolve_rob_flower(jong_game *g)
{
    int order[3];
    unsigned winners = 0;
    for (int s = 0; s < JONG_SEATS; s++)
        if ((g->asked >> s & 1) && g->answers[s].type == JONG_ACT_WIN)
            winners |= 1u << s;
    if (winners && game_order_after(g->flower_seat, winners, order)) {
        /* only one seat can hold 7 flowers while another reveals the 8th: it takes the flower */
        int w = order[0], code = g->flower_code;
        g->hands[g->flower_seat].flowers &= (uint8_t)~(1u << (code - JONG_TILE_FLOWER_BASE));
        g->hands[w].flowers |= (uint8_t)(1u << (code - JONG_TILE_FLOWER_BASE));
        g->need_replacement[g->flower_seat] = false;
        pay_win(g, w, &g->hands[w], code, g->flower_seat, JONG_WIN_FLOWERS);
        end_hand(g, w == g->dealer);
        return;
    }
    if (g->resume == RESUME_DEAL)
        continue_deal(g);
    else
        continue_play_flowers(g, g->flower_seat);
}

/* ---- the public calls ---- */

static bool action_equal(const jong_action *a, const jong_action *b)
{
    return a->type == b->type && a->tile == b->tile && a->low == b->low && a->flags == b->flags;
}

int jong_game_act(jong_game *g, int seat, const jong_action *a, jong_error *err)
{
    char text[64];
    if (seat < 0 || seat >= JONG_SEATS)
        return jong_error_set(err, JONG_ERR_ARG, -1, "seat %d does not exist", seat);
    if (!(g->pending >> seat & 1)) {
        jong_action_format(a, text, sizeof text);
        return jong_error_set(err, JONG_ERR_ARG, -1, "seat %d acted (%s) when it was not asked", seat, text);
    }
    const jong_action *legal = g->legal[seat];
    int n = g->nlegal[seat], i;
    for (i = 0; i < n; i++)
        if (action_equal(&legal[i], a))
            break;
    if (i == n) {
        jong_action_format(a, text, sizeof text);
        return jong_error_set(err, JONG_ERR_ARG, -1, "illegal action from seat %d: %s", seat, text);
    }
    g->answers[seat] = *a;
    g->pending &= ~(1u << seat);
    if (g->pending)
        return JONG_OK;
    if (g->rs.variant == JONG_VARIANT_RIICHI) {
        riichi_act(g, seat, a);
        return JONG_OK;
    }
    switch (g->phase) {
    case PHASE_DECIDE:
        switch (a->type) {
        case JONG_ACT_DISCARD: do_discard(g, seat, a->tile); break;
        case JONG_ACT_SELF_DRAW_WIN: self_draw_win(g, seat); break;
        case JONG_ACT_CONCEALED_KONG: do_concealed_kong(g, seat, a->tile); break;
        case JONG_ACT_ADDED_KONG: do_added_kong(g, seat, a->tile); break;
        default: break;
        }
        break;
    case PHASE_CLAIM: resolve_claims(g); break;
    case PHASE_ROB_KONG: resolve_rob_kong(g); break;
    case PHASE_ROB_FLOWER: resolve_rob_flower(g); break;
    default: break;
    }
    return JONG_OK;
}

static int start_hand(jong_game *g, const uint8_t *wall, int n, jong_error *err)
{
    if (g->phase == PHASE_GAME_OVER)
        return jong_error_set(err, JONG_ERR_ARG, -1, "the game is over");
    if (g->phase != PHASE_IDLE && g->phase != PHASE_HAND_OVER)
        return jong_error_set(err, JONG_ERR_ARG, -1, "the current hand is not over");
    if (n != jong_ruleset_tiles(&g->rs))
        return jong_error_set(err, JONG_ERR_ARG, -1, "a wall of %d tiles; the rules need %d", n,
                              jong_ruleset_tiles(&g->rs));
    int seen[JONG_KINDS + JONG_FLOWERS] = {0}, red[3] = {0};
    bool riichi = g->rs.variant == JONG_VARIANT_RIICHI;
    for (int i = 0; i < n; i++) {
        int c = wall[i];
        if (riichi && jong_code_is_red(c) && ++red[c - JONG_CODE_RED_BASE] <= (c == JONG_CODE_RED_BASE + 1 && g->rs.red_fives == 4 ? 2 : g->rs.red_fives ? 1 : 0))
            c = jong_code_kind(c);
        if (c >= JONG_KINDS + (g->rs.flowers ? JONG_FLOWERS : 0) || (g->rs.three_player && jong_sanma_missing(c)) ||
            ++seen[c] > (c < JONG_KINDS ? 4 : 1))
            return jong_error_set(err, JONG_ERR_ARG, i, "wall tile %d (code %d) is not in the tile set "
                                  "or one copy too many", i, wall[i]);
    }
    if (!g->started) {
        g->started = true;
        jong_event ev;
        event_init(&ev, JONG_EV_START_GAME, -1);
        ev.game = g->game_number;
        memcpy(ev.scores, g->scores, sizeof ev.scores);
        game_emit(g, &ev);
    }
    memcpy(g->wall, wall, (size_t)n);
    g->wall_n = n;
    g->head = 0;
    g->tail = g->rs.three_player ? n - SANMA_INDICATOR_TILES : n;
    g->kongs = 0;
    memset(g->kita, 0, sizeof g->kita);
    g->rob_kita = false;
    memset(g->hands, 0, sizeof g->hands);
    memset(g->flowers_pending, 0, sizeof g->flowers_pending);
    memset(g->need_replacement, 0, sizeof g->need_replacement);
    memset(g->nriver, 0, sizeof g->nriver);
    memset(g->river_tsumogiri, 0, sizeof g->river_tsumogiri);
    memset(g->riichi_at, -1, sizeof g->riichi_at);
    memset(g->missed, 0, sizeof g->missed);
    memset(g->draws, 0, sizeof g->draws);
    memset(g->last_replacement, 0, sizeof g->last_replacement);
    memset(g->last_draw, JONG_NO_TILE, sizeof g->last_draw);
    g->interrupted = false;
    g->turn = 0;
    g->last_discarder = -1;
    g->last_discard = JONG_NO_TILE;
    g->after_claim = false;
    if (riichi) {
        riichi_deal(g);
        return JONG_OK;
    }

    /* the deal: four rounds of four tiles, dealer first, then the dealer's 17th */
    memset(g->ndeal, 0, sizeof g->ndeal);
    for (int round = 0; round < 4; round++)
        for (int i = 0; i < JONG_SEATS; i++) {
            int s = (g->dealer + i) % JONG_SEATS;
            for (int k = 0; k < 4; k++)
                g->deal[s][g->ndeal[s]++] = (uint8_t)draw_front(g);
        }
    g->deal[g->dealer][g->ndeal[g->dealer]++] = (uint8_t)draw_front(g);
    for (int s = 0; s < JONG_SEATS; s++)
        for (int i = 0; i < g->ndeal[s]; i++)
            take_into_hand(g, s, g->deal[s][i]);
    g->last_draw[g->dealer] = g->deal[g->dealer][16];
    if (jong_code_is_flower(g->last_draw[g->dealer]))
        g->last_draw[g->dealer] = JONG_NO_TILE;

    jong_event ev;
    event_init(&ev, JONG_EV_START_HAND, -1);
    ev.game = g->game_number;
    ev.hand = g->hand_number;
    ev.dealer = (int8_t)g->dealer;
    ev.round_wind = (int8_t)g->round_wind;
    ev.streak = (int8_t)g->streak;
    memcpy(ev.deal, g->deal, sizeof ev.deal);
    memcpy(ev.ndeal, g->ndeal, sizeof ev.ndeal);
    memcpy(ev.scores, g->scores, sizeof ev.scores);
    g->hand_number++;
    game_emit(g, &ev);
    g->deal_index = 0;
    continue_deal(g);
    return JONG_OK;
}

int jong_game_start_hand(jong_game *g, jong_error *err)
{
    uint8_t wall[JONG_WALL_MAX];
    jong_game_wall(&g->rs, g->seed, g->game_number, g->hand_number, wall);
    return start_hand(g, wall, jong_ruleset_tiles(&g->rs), err);
}

int jong_game_start_hand_with_wall(jong_game *g, const uint8_t *wall, int n, jong_error *err)
{
    return start_hand(g, wall, n, err);
}

unsigned jong_game_pending(const jong_game *g) { return g->pending; }
bool jong_game_hand_over(const jong_game *g) { return g->phase == PHASE_HAND_OVER || g->phase == PHASE_GAME_OVER || g->phase == PHASE_IDLE; }
bool jong_game_over(const jong_game *g) { return g->phase == PHASE_GAME_OVER; }
void jong_game_scores(const jong_game *g, int32_t out[JONG_SEATS]) { memcpy(out, g->scores, sizeof g->scores); }
const jong_ruleset *jong_game_ruleset(const jong_game *g) { return &g->rs; }
int jong_game_hands_played(const jong_game *g) { return g->hand_number; }
