/* The riichi hand in the engine, from the deal to its end: draws and the dead wall, discards and
 * riichi declarations, calls with red fives and the kuikae ban, kans and the kan-dora timing,
 * chankan, tsumo and (double) ron, furiten, exhaustive and abortive draws, and what follows a
 * hand (honba, sticks, dealer repeat, the game's end). The phases, pending seats and answers are
 * the shared state machine's (game.c); the rules that are pure functions live in
 * game_riichi_rules.c and game_riichi_end.c, the legal actions in game_riichi_legal.c. */
#include <string.h>

#include "game_internal.h"
#include "game_riichi.h"

static void draw(jong_game *g, int seat, bool replacement);

static void emit_simple(jong_game *g, int type, int actor)
{
    jong_event ev;
    game_event_init(g, &ev, type, actor);
    game_emit(g, &ev);
}

static void clear_ippatsu(jong_game *g) { memset(g->ippatsu, 0, sizeof g->ippatsu); }

/* ---- the deal ---- */

void riichi_deal(jong_game *g)
{
    g->ndora = 1;
    g->dora_pending = 0;
    g->reach_seat = -1;
    g->kuikae = 0;
    memset(g->riichi, 0, sizeof g->riichi);
    memset(g->double_riichi, 0, sizeof g->double_riichi);
    memset(g->riichi_furiten, 0, sizeof g->riichi_furiten);
    memset(g->discarded, 0, sizeof g->discarded);
    memset(g->last_code, JONG_NO_TILE, sizeof g->last_code);
    clear_ippatsu(g);
    memset(g->pao, -1, sizeof g->pao);
    /* three rounds of four tiles from the dealer on, then one each: 13 tiles; the dealer's 14th
     * is an ordinary first draw */
    memset(g->ndeal, 0, sizeof g->ndeal);
    for (int round = 0; round < 4; round++)
        for (int i = 0; i < g->nseats; i++) {
            int s = (g->dealer + i) % g->nseats;
            for (int k = 0; k < (round < 3 ? 4 : 1); k++)
                g->deal[s][g->ndeal[s]++] = (uint8_t)game_draw_front(g);
        }
    for (int s = 0; s < g->nseats; s++)
        for (int i = 0; i < g->ndeal[s]; i++)
            game_take(g, s, g->deal[s][i]);
    jong_event ev;
    game_event_init(g, &ev, JONG_EV_START_HAND, -1);
    ev.game = g->game_number;
    ev.hand = g->hand_number;
    ev.dealer = (int8_t)g->dealer;
    ev.round_wind = (int8_t)g->round_wind;
    ev.streak = (int8_t)(g->streak < 127 ? g->streak : 127);
    memcpy(ev.deal, g->deal, sizeof ev.deal);
    memcpy(ev.ndeal, g->ndeal, sizeof ev.ndeal);
    memcpy(ev.scores, g->scores, sizeof ev.scores);
    ev.kyotaku = (int16_t)g->sticks;
    ev.dora_marker = (uint8_t)riichi_indicator(g, 0, false);
    g->hand_number++;
    for (int s = 0; s < JONG_SEATS; s++)
        game_cache_wins(g, s);
    game_emit(g, &ev);
    draw(g, g->dealer, false);
}

/* ---- the end of a hand ---- */

static void end_hand(jong_game *g, bool dealer_keeps, bool drawn, bool abortive)
{
    jong_event ev;
    game_event_init(g, &ev, JONG_EV_END_HAND, -1);
    memcpy(ev.scores, g->scores, sizeof ev.scores);
    game_emit(g, &ev);
    g->pending = 0;
    int n = g->nseats, kyoku = g->round_wind * n + g->dealer, next = kyoku, honba = g->streak;
    bool over = riichi_next_hand(&g->rs, kyoku, g->streak, dealer_keeps, drawn, abortive, g->scores, g->dealer, &next,
                                 &honba);
    if (!over && g->rs.hands > 0 && g->hand_number >= g->rs.hands)
        over = true;
    if (over) {
        /* the sticks left on the table go to the first place (ties to the seat nearer seat 0) */
        int first = 0;
        for (int s = 1; s < n; s++)
            if (g->scores[s] > g->scores[first])
                first = s;
        g->scores[first] += 1000 * g->sticks;
        g->sticks = 0;
        game_end_game(g);
        return;
    }
    g->dealer = next % n;
    g->round_wind = next / n;
    g->streak = honba;
    g->phase = PHASE_HAND_OVER;
}

/* A drawn hand: deltas (may be NULL) are paid, tenpai is the bit set of seats in tenpai. */
static void drawn_hand(jong_game *g, int reason, unsigned tenpai, const int32_t *deltas, bool dealer_keeps)
{
    bool abortive = reason != JONG_DRAW_EXHAUSTIVE && reason != JONG_DRAW_NAGASHI;
    jong_event ev;
    game_event_init(g, &ev, JONG_EV_EXHAUSTED, -1);
    ev.reason = (int8_t)reason;
    ev.tenpai = (uint8_t)tenpai;
    for (int s = 0; s < JONG_SEATS; s++) {
        ev.deltas[s] = deltas ? deltas[s] : 0;
        g->scores[s] += ev.deltas[s];
    }
    memcpy(ev.scores, g->scores, sizeof ev.scores);
    game_emit(g, &ev);
    end_hand(g, dealer_keeps, true, abortive);
}

/* Abortive draws keep the dealer and add a honba; nothing is paid. */
static void abort_hand(jong_game *g, int reason) { drawn_hand(g, reason, 0, NULL, true); }

/* The live wall is empty: nagashi mangan if someone has it, else the tenpai payments. */
static void exhaustive(jong_game *g)
{
    unsigned tenpai = 0;
    for (int s = 0; s < g->nseats; s++)
        if (riichi_tenpai_at_draw(&g->hands[s]))
            tenpai |= 1u << s;
    int32_t deltas[JONG_SEATS] = {0};
    bool nagashi = false;
    if (g->rs.nagashi)
        for (int s = 0; s < g->nseats; s++)
            if (riichi_nagashi(g->river[s], g->river_claimed[s], g->nriver[s])) {
                if (g->rs.tsumo_split)
                    riichi_nagashi_payments_split(s, g->dealer, deltas);
                else
                    riichi_nagashi_payments_seats(s, g->dealer, g->nseats, deltas);
                nagashi = true;
            }
    if (!nagashi)
        riichi_tenpai_payments_seats(tenpai, g->nseats, deltas);
    drawn_hand(g, nagashi ? JONG_DRAW_NAGASHI : JONG_DRAW_EXHAUSTIVE, tenpai, deltas, tenpai >> g->dealer & 1);
}

/* ---- wins ---- */

/* Pao (Tenhou's responsibility payment): the seat that fed the pon or daiminkan completing a
 * winner's third dragon set, or fourth wind set, pays that yakuman's part of the win: all of it
 * on tsumo, half of it on another seat's ron (the discarder pays the other half); the liable
 * seat pays the honba in both cases (a Tenhou ron at honba 2 of May 2023: 16600 from the liable
 * seat, 16000 from the discarder). Rewrites deltas (absolute seats) and returns the liable
 * seat, or -1. */
static int pao_payments(const jong_game *g, int w, int from, const jong_riichi_context *ctx,
                        const jong_riichi_result *res, int32_t deltas[JONG_SEATS])
{
    if (!g->rs.pao || !res->yakuman)
        return -1;
    int liable = -1, multiple = 0;
    for (int i = 0; i < res->nyaku; i++) {
        int y = res->yaku[i].yaku, which = y == JONG_YAKU_DAISANGEN ? 0 : y == JONG_YAKU_DAISUUSHII ? 1 : -1;
        if (which >= 0 && g->pao[w][which] >= 0) {
            liable = g->pao[w][which];
            multiple = res->yaku[i].yakuman;
        }
    }
    if (liable < 0 || liable == from)
        return liable < 0 ? -1 : liable;  /* the liable seat dealt in: an ordinary ron */
    bool dealer = ctx->dealer;
    int part = (dealer ? 6 : 4) * 8000 * multiple;  /* the pao yakuman as a ron */
    int rest = 8000 * (res->yakuman - multiple);    /* the other yakuman, paid as usual */
    /* three players: the liable seat pays the whole yakuman on tsumo too (no tsumo loss on it,
     * the engine's choice), and the honba at 200 each as in the other payments */
    int n = g->nseats, honba = (n == 3 ? 200 : 300) * ctx->honba;
    jong_riichi_pay_fn pay = jong_riichi_pay_of(&g->rs);
    for (int s = 0; s < n; s++)
        if (s != w)
            deltas[s] = 0;
    int32_t received = 1000 * ctx->sticks;
    if (from < 0) {
        jong_riichi_payment p = {0};
        if (rest)
            pay(rest, dealer, true, ctx->seat_wind, 0, 0, 0, &p);
        for (int r = 1; r < n; r++) {
            deltas[(w + r) % n] -= p.payments[r];
            received += p.payments[r];
        }
        deltas[liable] -= part + honba;
        received += part + honba;
    } else {
        jong_riichi_payment p = {0};
        if (rest)
            pay(rest, dealer, false, ctx->seat_wind, ctx->discarder, 0, 0, &p);
        deltas[from] -= p.ron + part / 2;
        deltas[liable] -= part / 2 + honba;
        received += p.ron + part + honba;
    }
    deltas[w] = received;
    return liable;
}

/* Score and pay one win; hand holds the winning tile. Only the first winner of a discard takes
 * the honba and the sticks (as Tenhou). */
static void pay_win(jong_game *g, int w, const jong_hand *hand, int code, int from, bool chankan, bool first)
{
    jong_riichi_context ctx;
    riichi_win_context(g, w, hand, code, from, chankan, &ctx);
    if (!first)
        ctx.honba = ctx.sticks = 0;
    jong_event ev;
    game_event_init(g, &ev, JONG_EV_WIN, w);
    ev.target = (int8_t)from;
    ev.tile = (uint8_t)code;
    ev.win_flags = chankan ? JONG_WIN_ROBBING_KONG : g->rob_kita && from >= 0 ? JONG_WIN_ROBBING_KITA : 0;
    jong_error err;
    if (jong_riichi_score(&g->rs, &ctx, &ev.score, &err) != JONG_OK) {
        /* the legal actions offer only wins that score, so this cannot happen; if it does, the win
         * stands unpaid rather than crashing a long run, and jong_game_check reports it */
        memset(&ev.score, 0, sizeof ev.score);
        game_scoring_failed(g, w, &err);
    }
    for (int r = 0; r < g->nseats; r++)
        ev.deltas[(w + r) % g->nseats] = ev.score.pay.deltas[r];
    ev.pao = (int8_t)pao_payments(g, w, from, &ctx, &ev.score, ev.deltas);
    for (int s = 0; s < JONG_SEATS; s++)
        g->scores[s] += ev.deltas[s];
    if (ev.score.pay.total)
        g->sticks -= ctx.sticks;
    if (g->riichi[w]) {
        ev.nura = (uint8_t)g->ndora;
        for (int i = 0; i < g->ndora; i++)
            ev.ura[i] = (uint8_t)riichi_indicator(g, i, true);
    }
    memcpy(ev.scores, g->scores, sizeof ev.scores);
    game_emit(g, &ev);
}

static void tsumo(jong_game *g, int seat)
{
    pay_win(g, seat, &g->hands[seat], g->last_code[seat], -1, false, true);
    end_hand(g, seat == g->dealer, false, false);
}

/* Rons on cur's discard, kan or kita tile: every winner (double ron), or the nearest alone
 * (head-bump); three winners abort the hand when abortive draws are on, unless triple_ron=win. */
void riichi_rons(jong_game *g, unsigned winners, bool chankan)
{
    int order[3];
    int n = game_order_after(g->cur, winners, order);
    if (n == 3 && g->rs.double_ron && g->rs.abortive_draws && !g->rs.triple_ron_wins) {
        abort_hand(g, JONG_DRAW_TRIPLE_RON);
        return;
    }
    if (!g->rs.double_ron)
        n = 1;
    int code = g->claim_code, kind = jong_code_kind(code);
    if (!chankan && !g->rob_kita)
        g->river_claimed[g->cur][g->nriver[g->cur] - 1] = 1;
    bool dealer_won = false;
    for (int i = 0; i < n; i++) {
        int w = order[i];
        jong_hand h = g->hands[w];
        h.counts[kind]++;
        if (jong_code_is_red(code))
            h.red[code - JONG_CODE_RED_BASE]++;
        if (i == 0)
            g->hands[w] = h;  /* the tile itself goes to the first winner */
        pay_win(g, w, &h, code, g->cur, chankan, i == 0);
        dealer_won |= w == g->dealer;
    }
    end_hand(g, dealer_won, false, false);
}

/* Seats that could have won and did not are furiten until their next discard, for the rest of
 * the hand when in riichi. */
void riichi_mark_furiten(jong_game *g, unsigned winners)
{
    for (int s = 0; s < JONG_SEATS; s++)
        if ((g->could_win >> s & 1) && !(winners >> s & 1)) {
            g->missed[s] = ~0ull;
            if (g->riichi[s])
                g->riichi_furiten[s] = true;
        }
}

/* ---- kans and dora ---- */

static void reveal_dora(jong_game *g)
{
    if (g->ndora >= JONG_RIICHI_MAX_INDICATORS)
        return;
    jong_event ev;
    game_event_init(g, &ev, JONG_EV_DORA, -1);
    ev.dora_marker = (uint8_t)riichi_indicator(g, g->ndora, false);
    g->ndora++;
    game_emit(g, &ev);
}

/* An open kan's indicator waits for the next discard, or for another kan, whichever comes first. */
static void reveal_pending(jong_game *g)
{
    for (; g->dora_pending > 0; g->dora_pending--)
        reveal_dora(g);
}

/* Remove n copies of kind from a hand, red fives first when reds_first (else only those the
 * plain copies cannot cover), writing their codes (plain first); returns the reds taken. */
static int remove_kind(jong_hand *h, int kind, int n, bool reds_first, uint8_t *codes)
{
    int red = riichi_red_of(h, kind), plain = h->counts[kind] - red;
    int r = reds_first ? (red < n ? red : n) : (n > plain ? n - plain : 0);
    for (int i = 0; i < n; i++)
        codes[i] = (uint8_t)(i < n - r ? kind : jong_code_make(kind, true));
    h->counts[kind] = (uint8_t)(h->counts[kind] - n);
    if (r)
        h->red[kind / 9] = (uint8_t)(h->red[kind / 9] - r);
    return r;
}

static void add_meld(jong_hand *h, int type, int tile, int red)
{
    h->melds[h->nmelds].type = (uint8_t)type;
    h->melds[h->nmelds].tile = (uint8_t)tile;
    h->melds[h->nmelds].red = (uint8_t)red;
    h->nmelds++;
}

/* A kan that nobody robbed: it counts, the waiting kan-dora is shown, then its own indicator
 * (at once for a concealed kan, before the next discard for an open one), then the
 * replacement draw. */
static void kan_stands(jong_game *g, int seat, bool concealed)
{
    g->kan_seat[g->kongs++] = seat;
    g->interrupted = true;
    clear_ippatsu(g);
    reveal_pending(g);
    if (concealed)
        reveal_dora(g);
    else
        g->dora_pending++;
    draw(g, seat, true);
}

static void ankan(jong_game *g, int seat, int kind)
{
    jong_hand *h = &g->hands[seat];
    jong_event ev;
    game_event_init(g, &ev, JONG_EV_CONCEALED_KONG, seat);
    int red = remove_kind(h, kind, 4, true, ev.consumed);
    add_meld(h, JONG_MELD_CONCEALED_KONG, kind, red);
    g->interrupted = true;
    clear_ippatsu(g);
    ev.tile = (uint8_t)kind;
    ev.nconsumed = 4;
    g->last_draw[seat] = g->last_code[seat] = JONG_NO_TILE;
    game_emit(g, &ev);
    /* only thirteen orphans may rob a concealed kan */
    g->claim_code = kind;
    g->rob_ankan = true;
    if (!game_offer(g, PHASE_ROB_KONG, kind))
        kan_stands(g, seat, true);
}

static void kakan(jong_game *g, int seat, const jong_action *a)
{
    jong_hand *h = &g->hands[seat];
    int kind = a->tile, code = jong_code_make(kind, a->flags & JONG_ACT_FLAG_RED);
    jong_event ev;
    game_event_init(g, &ev, JONG_EV_ADDED_KONG, seat);
    h->counts[kind]--;
    if (jong_code_is_red(code))
        h->red[kind / 9]--;
    for (int m = 0; m < h->nmelds; m++)
        if (h->melds[m].type == JONG_MELD_PUNG && h->melds[m].tile == kind) {
            int red = h->melds[m].red;
            for (int i = 0; i < 3; i++)  /* the pon's tiles, plain first */
                ev.consumed[i] = (uint8_t)(i < 3 - red ? kind : jong_code_make(kind, true));
            h->melds[m].type = JONG_MELD_KONG;
            h->melds[m].red = (uint8_t)(red + jong_code_is_red(code));
        }
    ev.tile = (uint8_t)code;
    ev.nconsumed = 3;
    g->last_draw[seat] = g->last_code[seat] = JONG_NO_TILE;
    game_emit(g, &ev);
    g->claim_code = code;
    g->rob_ankan = false;
    if (!game_offer(g, PHASE_ROB_KONG, kind))
        kan_stands(g, seat, false);
}

static void resolve_rob(jong_game *g)
{
    int meld_seat, chi_seat;
    unsigned winners = game_claim_answers(g, &meld_seat, &chi_seat);
    riichi_mark_furiten(g, winners);
    if (!winners) {
        kan_stands(g, g->cur, g->rob_ankan);
        return;
    }
    /* the robbed kan does not stand: a concealed kan goes back into the hand, an added kan back to
     * its pon; the robbed tile is the winners' */
    jong_hand *h = &g->hands[g->cur];
    int code = g->claim_code, kind = jong_code_kind(code);
    for (int m = 0; m < h->nmelds; m++) {
        jong_meld *md = &h->melds[m];
        if (md->tile != kind)
            continue;
        if (g->rob_ankan && md->type == JONG_MELD_CONCEALED_KONG) {
            h->counts[kind] = (uint8_t)(h->counts[kind] + 3);  /* no red five: orphans are terminals and honors */
            *md = h->melds[--h->nmelds];
            break;
        }
        if (!g->rob_ankan && md->type == JONG_MELD_KONG) {
            md->type = JONG_MELD_PUNG;
            md->red = (uint8_t)(md->red - jong_code_is_red(code));
            break;
        }
    }
    riichi_rons(g, winners, true);
}

/* ---- discards and calls ---- */

/* The riichi discard passed without ron: the stick is paid and the riichi stands. Returns true
 * when that was the fourth riichi and the hand is aborted. */
static bool accept_reach(jong_game *g)
{
    int s = g->reach_seat;
    if (s < 0)
        return false;
    g->reach_seat = -1;
    g->scores[s] -= 1000;
    g->sticks++;
    g->riichi[s] = true;
    g->riichi_at[s] = (int8_t)(g->nriver[s] - 1);
    g->double_riichi[s] = g->reach_double;
    g->ippatsu[s] = true;
    jong_event ev;
    game_event_init(g, &ev, JONG_EV_REACH_ACCEPTED, s);
    ev.deltas[s] = -1000;
    memcpy(ev.scores, g->scores, sizeof ev.scores);
    game_emit(g, &ev);
    /* (three players: three riichi play on; there is no fourth) */
    if (g->rs.abortive_draws && g->riichi[0] && g->riichi[1] && g->riichi[2] && g->riichi[3]) {
        abort_hand(g, JONG_DRAW_FOUR_RIICHI);
        return true;
    }
    return false;
}

/* Abortive draws decided when a discard has passed: four winds, four kans by several players. */
static bool aborts_after_discard(jong_game *g)
{
    if (!g->rs.abortive_draws)
        return false;
    if (g->turn == 4 && !g->interrupted && g->nseats == 4) {  /* three players have no four winds */
        uint8_t first[4];
        for (int s = 0; s < JONG_SEATS; s++)
            first[s] = g->river[s][0];
        if (riichi_four_winds(first)) {
            abort_hand(g, JONG_DRAW_FOUR_WINDS);
            return true;
        }
    }
    if (g->kongs == 4 && !(g->kan_seat[0] == g->kan_seat[1] && g->kan_seat[1] == g->kan_seat[2] &&
                           g->kan_seat[2] == g->kan_seat[3])) {
        abort_hand(g, JONG_DRAW_FOUR_KANS);
        return true;
    }
    return false;
}

static void call(jong_game *g, int s, const jong_action *a)
{
    int discarder = g->cur, code = g->claim_code, kind = jong_code_kind(code);
    jong_hand *h = &g->hands[s];
    bool reds = a->flags & JONG_ACT_FLAG_RED;
    g->river_claimed[discarder][g->nriver[discarder] - 1] = 1;
    g->interrupted = true;
    clear_ippatsu(g);
    g->last_draw[s] = g->last_code[s] = JONG_NO_TILE;
    jong_event ev;
    game_event_init(g, &ev, a->type == JONG_ACT_CHI ? JONG_EV_CHI : a->type == JONG_ACT_PON ? JONG_EV_PON : JONG_EV_KONG, s);
    ev.target = (int8_t)discarder;
    ev.tile = (uint8_t)code;
    int red = jong_code_is_red(code);
    if (a->type == JONG_ACT_CHI) {
        for (int k = a->low; k < a->low + 3; k++)
            if (k != kind) {
                red += remove_kind(h, k, 1, reds, &ev.consumed[ev.nconsumed]);
                ev.nconsumed++;
            }
        ev.low = a->low;
        add_meld(h, JONG_MELD_CHOW, a->low, red);
    } else {
        int take = a->type == JONG_ACT_PON ? 2 : 3;
        red += remove_kind(h, kind, take, reds, ev.consumed);
        ev.nconsumed = (uint8_t)take;
        add_meld(h, a->type == JONG_ACT_PON ? JONG_MELD_PUNG : JONG_MELD_KONG, kind, red);
    }
    if (a->type != JONG_ACT_CHI && kind >= JONG_E) {
        /* the call that completes the third dragon set or the fourth wind set makes the
         * discarder liable (pao) */
        int sets = 0, dragon = kind >= JONG_P;
        for (int m = 0; m < h->nmelds; m++)
            sets += h->melds[m].type != JONG_MELD_CHOW && h->melds[m].tile >= JONG_E &&
                    (h->melds[m].tile >= JONG_P) == dragon;
        if (sets == (dragon ? 3 : 4))
            g->pao[s][dragon ? 0 : 1] = (int8_t)discarder;
    }
    g->cur = s;  /* before the event: the checking mode treats cur's hand as mid-turn */
    game_emit(g, &ev);
    if (a->type == JONG_ACT_KONG) {
        kan_stands(g, s, false);
    } else {
        g->kuikae = riichi_kuikae_banned(a->type, kind, a->low);
        game_decide(g, s, true);
    }
}

static void resolve_claims(jong_game *g)
{
    int meld_seat, chi_seat;
    unsigned winners = game_claim_answers(g, &meld_seat, &chi_seat);
    riichi_mark_furiten(g, winners);
    if (winners) {
        g->reach_seat = -1;  /* a riichi discard that is ronned: no riichi, no stick */
        riichi_rons(g, winners, false);
        return;
    }
    if (accept_reach(g) || aborts_after_discard(g))
        return;
    int s = meld_seat >= 0 ? meld_seat : chi_seat;
    if (s < 0)
        draw(g, (g->cur + 1) % g->nseats, false);
    else
        call(g, s, &g->answers[s]);
}

static void discard(jong_game *g, int seat, const jong_action *a)
{
    jong_hand *h = &g->hands[seat];
    int kind = a->tile, code = jong_code_make(kind, a->flags & JONG_ACT_FLAG_RED);
    bool tsumogiri = !g->after_claim && g->last_code[seat] == code;
    reveal_pending(g);
    if (a->flags & JONG_ACT_FLAG_RIICHI) {
        g->reach_seat = seat;
        g->reach_double = !g->interrupted && g->nriver[seat] == 0;
        emit_simple(g, JONG_EV_REACH, seat);
    }
    h->counts[kind]--;
    if (jong_code_is_red(code))
        h->red[kind / 9]--;
    int i = g->nriver[seat]++;
    g->river[seat][i] = (uint8_t)kind;
    g->river_code[seat][i] = (uint8_t)code;
    g->river_claimed[seat][i] = 0;
    if (tsumogiri)
        g->river_tsumogiri[seat] |= 1ull << i;
    g->discarded[seat] |= 1ull << kind;
    g->turn++;
    g->last_discarder = seat;
    g->last_discard = kind;
    g->missed[seat] = 0;       /* temporary furiten ends with one's own discard */
    g->ippatsu[seat] = false;  /* and so does one's ippatsu */
    g->last_draw[seat] = g->last_code[seat] = JONG_NO_TILE;
    g->after_claim = false;
    g->kuikae = 0;
    game_cache_wins(g, seat);
    jong_event ev;
    game_event_init(g, &ev, JONG_EV_DISCARD, seat);
    ev.tile = (uint8_t)code;
    ev.tsumogiri = tsumogiri;
    game_emit(g, &ev);
    g->claim_code = code;
    if (!game_offer(g, PHASE_CLAIM, kind))
        resolve_claims(g);
}

/* `seat` draws from the live wall (or a kan's replacement from the dead wall) and decides; an
 * empty live wall ends the hand. */
static void draw(jong_game *g, int seat, bool replacement)
{
    if (!replacement && game_wall_left(g) <= 0) {
        exhaustive(g);
        return;
    }
    int code = replacement ? game_draw_back(g) : game_draw_front(g);
    if (!replacement)
        g->draws[seat]++;
    game_take(g, seat, code);
    g->last_draw[seat] = (uint8_t)jong_code_kind(code);
    g->last_code[seat] = (uint8_t)code;
    g->last_replacement[seat] = replacement;
    g->cur = seat;
    jong_event ev;
    game_event_init(g, &ev, JONG_EV_DRAW, seat);
    ev.tile = (uint8_t)code;
    ev.replacement = replacement;
    game_emit(g, &ev);
    game_decide(g, seat, false);
}

void riichi_act(jong_game *g, int seat, const jong_action *a)
{
    switch (g->phase) {
    case PHASE_DECIDE:
        switch (a->type) {
        case JONG_ACT_DISCARD: discard(g, seat, a); break;
        case JONG_ACT_SELF_DRAW_WIN: tsumo(g, seat); break;
        case JONG_ACT_CONCEALED_KONG: ankan(g, seat, a->tile); break;
        case JONG_ACT_ADDED_KONG: kakan(g, seat, a); break;
        case JONG_ACT_NINE_TERMINALS: abort_hand(g, JONG_DRAW_NINE_TERMINALS); break;
        case JONG_ACT_KITA: riichi_kita(g, seat); break;
        default: break;
        }
        break;
    case PHASE_CLAIM: resolve_claims(g); break;
    case PHASE_ROB_KONG:
        if (g->rob_kita)
            riichi_resolve_rob_kita(g);
        else
            resolve_rob(g);
        break;
    default: break;
    }
}

void riichi_replacement_draw(jong_game *g, int seat) { draw(g, seat, true); }
