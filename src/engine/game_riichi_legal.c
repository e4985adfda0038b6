/* The legal actions of a seat at a riichi table: discards (red fives apart, kuikae after a call,
 * only the drawn tile after riichi), riichi declarations, kans, tsumo and ron (with a yaku and
 * no furiten), chi/pon/daiminkan, kyuushu kyuuhai. The engine accepts nothing else. */
#include <string.h>

#include "game_internal.h"
#include "game_riichi.h"
#include "jong/eval.h"

uint64_t riichi_win_kinds(const jong_hand *h)
{
    int sets = 4 - h->nmelds;
    if (sets < 0)
        return 0;
    /* the cheap standard distance first: most hands are far from ready */
    bool ready = jong_distance_standard(h->counts, sets) == 1;
    if (!ready && h->nmelds == 0)
        ready = jong_shanten_chiitoi(h->counts) == 0 || jong_shanten_kokushi(h->counts) == 0;
    return ready ? jong_waits(h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL) : 0;
}

bool riichi_tenpai_at_draw(const jong_hand *h)
{
    int sets = 4 - h->nmelds;
    if (h->nmelds == 0 || sets < 0)
        return riichi_win_kinds(h) != 0;
    /* copies in one's own melds do not make a wait impossible here: Tenhou counts a tanki on
     * 5p with a pon of 5p as tenpai (9 exhaustive draws of its 2009-2024 logs); four copies
     * in the concealed hand still do */
    int distance;
    uint64_t completing = jong_lowering_draws(h->counts, sets, (1ull << JONG_KINDS) - 1, &distance);
    return distance == 1 && completing != 0;
}

/* Indicator i (0 = the first dora indicator) and the ura indicator under it: fixed places of the
 * dead wall, the last 14 tiles (the four replacement tiles are the very last ones). */
int riichi_indicator(const jong_game *g, int i, bool ura)
{
    /* Three players: the indicators are the very last ten tiles, the replacement tiles come
     * before them. A hand may draw up to eight replacements (four kans, four kita); the dead
     * wall keeps 14 tiles by taking in the live wall's last tile at each, so from the fifth on
     * they are the tiles that were the live wall's last (as Tenhou plays it, with eight
     * replacement draws possible). */
    if (g->rs.three_player)
        return g->wall[g->wall_n - 1 - 2 * i - (ura ? 1 : 0)];
    return g->wall[g->wall_n - 5 - 2 * i - (ura ? 1 : 0)];
}

void riichi_win_context(const jong_game *g, int seat, const jong_hand *hand, int code, int from, bool chankan,
                        jong_riichi_context *ctx)
{
    memset(ctx, 0, sizeof *ctx);
    ctx->hand = *hand;
    ctx->win_tile = jong_code_kind(code);
    ctx->win_red = jong_code_is_red(code);
    ctx->tsumo = from < 0;
    ctx->dealer = seat == g->dealer;
    int n = g->nseats;
    ctx->seat_wind = (seat - g->dealer + n) % n;
    ctx->round_wind = g->round_wind % 4;
    ctx->discarder = from < 0 ? 0 : (from - seat + n) % n;
    ctx->kita = g->kita[seat];
    unsigned f = 0;
    if (g->double_riichi[seat])
        f |= JONG_RIICHI_WIN_DOUBLE_RIICHI;
    else if (g->riichi[seat])
        f |= JONG_RIICHI_WIN_RIICHI;
    if (g->riichi[seat] && g->ippatsu[seat])
        f |= JONG_RIICHI_WIN_IPPATSU;
    bool last = game_wall_left(g) <= 0;
    if (from < 0) {
        if (g->last_replacement[seat])
            f |= JONG_RIICHI_WIN_RINSHAN;
        else if (last)
            f |= JONG_RIICHI_WIN_HAITEI;
        if (!g->interrupted && g->nriver[seat] == 0 && g->draws[seat] == 1)
            f |= seat == g->dealer ? JONG_RIICHI_WIN_TENHOU : JONG_RIICHI_WIN_CHIIHOU;
    } else if (chankan) {
        f |= JONG_RIICHI_WIN_CHANKAN;
    } else if (last) {
        f |= JONG_RIICHI_WIN_HOUTEI;
    }
    ctx->flags = f;
    ctx->ndora = g->ndora;
    for (int i = 0; i < g->ndora; i++)
        ctx->dora[i] = (uint8_t)jong_code_kind(riichi_indicator(g, i, false));
    if (g->riichi[seat]) {
        ctx->nura = g->ndora;
        for (int i = 0; i < g->ndora; i++)
            ctx->ura[i] = (uint8_t)jong_code_kind(riichi_indicator(g, i, true));
    }
    ctx->honba = g->streak;
    ctx->sticks = g->sticks;
}

/* Is the hand (with the winning tile) a win with a yaku in these circumstances? */
static bool scores(const jong_game *g, int seat, const jong_hand *h, int code, int from, bool chankan)
{
    jong_riichi_context ctx;
    jong_riichi_result res;
    riichi_win_context(g, seat, h, code, from, chankan, &ctx);
    return jong_riichi_score(&g->rs, &ctx, &res, NULL) == JONG_OK;
}

bool riichi_can_ron(const jong_game *g, int seat, int code, bool chankan)
{
    int kind = jong_code_kind(code);
    uint64_t waits = g->win_kinds[seat];
    if (!(waits >> kind & 1))
        return false;
    /* furiten: a wait among one's own discards, a win passed since one's last discard, a win
     * passed after riichi */
    if ((waits & g->discarded[seat]) || g->missed[seat] || g->riichi_furiten[seat])
        return false;
    jong_hand h = g->hands[seat];
    h.counts[kind]++;
    if (jong_code_is_red(code))
        h.red[code - JONG_CODE_RED_BASE]++;
    if (chankan && g->rob_ankan && jong_shanten_kokushi(h.counts) != -1)
        return false;  /* a concealed kan may be robbed only for thirteen orphans */
    return scores(g, seat, &h, code, g->cur, chankan);
}

unsigned jong_game_furiten(const jong_game *g, int seat)
{
    if (g->rs.variant != JONG_VARIANT_RIICHI || seat < 0 || seat >= JONG_SEATS)
        return 0;
    /* win_kinds are the waits of the hand as it was after the seat's last discard (or deal): on
     * its own turn, before it discards, they say something only when riichi keeps them */
    bool own_turn = jong_hand_concealed_count(&g->hands[seat]) % 3 == 2;
    unsigned f = 0;
    if ((g->win_kinds[seat] & g->discarded[seat]) && (!own_turn || g->riichi[seat]))
        f |= JONG_FURITEN_DISCARD;
    if (g->missed[seat])
        f |= JONG_FURITEN_PASSED;
    if (g->riichi_furiten[seat])
        f |= JONG_FURITEN_RIICHI;
    return f;
}

static int add(jong_action *out, int n, int type, int tile, int low, int flags)
{
    out[n].type = (uint8_t)type;
    out[n].tile = (uint8_t)tile;
    out[n].low = (uint8_t)low;
    out[n].flags = (uint8_t)flags;
    return n + 1;
}

/* Discards of the kinds in mask, a red five apart from the plain ones. */
static int add_discards(const jong_hand *h, uint64_t mask, int flags, jong_action *out, int n)
{
    for (uint64_t m = mask; m; m &= m - 1) {
        int k = __builtin_ctzll(m), red = riichi_red_of(h, k);
        if (h->counts[k] > red)
            n = add(out, n, JONG_ACT_DISCARD, k, 0, flags);
        if (red)
            n = add(out, n, JONG_ACT_DISCARD, k, 0, flags | JONG_ACT_FLAG_RED);
    }
    return n;
}

static bool tsumo_allowed(const jong_game *g, int seat)
{
    const jong_hand *h = &g->hands[seat];
    int drawn = g->last_draw[seat];
    if (drawn == JONG_NO_TILE)
        return false;
    /* after a normal draw the cached waits of the hand before it answer; after a kan, look again */
    if (g->last_replacement[seat] ? !jong_is_complete(h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL)
                                  : !(g->win_kinds[seat] >> drawn & 1))
        return false;
    return scores(g, seat, h, g->last_code[seat], -1, false);
}

static int legal_decide(const jong_game *g, int seat, jong_action *out)
{
    const jong_hand *h = &g->hands[seat];
    int n = 0, drawn = g->last_draw[seat];
    int left = game_wall_left(g);
    bool kan_ok = g->kongs < 4 && left > 0;
    if (g->riichi[seat]) {
        /* locked: the drawn tile goes, or an ankan that changes nothing, or tsumo */
        n = add(out, n, JONG_ACT_DISCARD, drawn, 0, jong_code_is_red(g->last_code[seat]) ? JONG_ACT_FLAG_RED : 0);
        if (kan_ok && riichi_ankan_allowed(h, drawn))
            n = add(out, n, JONG_ACT_CONCEALED_KONG, drawn, 0, 0);
    } else {
        uint64_t held = 0, four = 0;
        for (int k = 0; k < JONG_KINDS; k++) {
            held |= (uint64_t)(h->counts[k] != 0) << k;
            four |= (uint64_t)(h->counts[k] == 4) << k;
        }
        if (g->after_claim)
            return add_discards(h, held & ~g->kuikae, 0, out, n);
        n = add_discards(h, held, 0, out, n);
        if (left >= 4 && g->scores[seat] >= 1000 && riichi_hand_closed(h) &&
            jong_hand_shanten(h, JONG_VARIANT_RIICHI, JONG_FORMS_ALL, NULL) <= 0)
            n = add_discards(h, riichi_tenpai_discards(h), JONG_ACT_FLAG_RIICHI, out, n);
        if (kan_ok) {
            for (uint64_t m = four; m; m &= m - 1)
                n = add(out, n, JONG_ACT_CONCEALED_KONG, __builtin_ctzll(m), 0, 0);
            for (int m = 0; m < h->nmelds; m++) {
                int k = h->melds[m].tile;
                if (h->melds[m].type == JONG_MELD_PUNG && h->counts[k])
                    n = add(out, n, JONG_ACT_ADDED_KONG, k, 0, riichi_red_of(h, k) ? JONG_ACT_FLAG_RED : 0);
            }
        }
        if (g->rs.abortive_draws && !g->interrupted && g->nriver[seat] == 0 && !g->last_replacement[seat] &&
            riichi_nine_terminals(h->counts))
            n = add(out, n, JONG_ACT_NINE_TERMINALS, drawn, 0, 0);
    }
    /* kita (three players): a north set aside while a replacement can be drawn; in riichi only
     * the north just drawn, which leaves the waiting hand as it was (the engine's choice) */
    if (g->rs.three_player && h->counts[JONG_N] && left > 0 && (!g->riichi[seat] || drawn == JONG_N))
        n = add(out, n, JONG_ACT_KITA, JONG_N, 0, 0);
    if (tsumo_allowed(g, seat))
        n = add(out, n, JONG_ACT_SELF_DRAW_WIN, drawn, 0, 0);
    return n;
}

static int legal_claim(const jong_game *g, int seat, jong_action *out)
{
    int kind = g->claim_tile, n = 0;
    const jong_hand *h = &g->hands[seat];
    bool rob = g->phase == PHASE_ROB_KONG;
    /* a kita may be ronned by any hand, without the chankan yaku (Tenhou: 4 such rons in its
     * January 2022 sanma logs, riichi, seven pairs and thirteen orphans among them) */
    if (riichi_can_ron(g, seat, g->claim_code, rob && !g->rob_kita))
        n = add(out, n, JONG_ACT_WIN, kind, 0, 0);
    /* no call after riichi, none on the last discard (nothing is drawn after it) */
    if (!rob && !g->riichi[seat] && game_wall_left(g) > 0) {
        jong_action calls[8];
        int m = riichi_call_options(h, kind, g->nseats == 4 && seat == (g->cur + 1) % 4, calls);  /* no chi with three */
        for (int i = 0; i < m; i++)
            out[n++] = calls[i];
        if (h->counts[kind] == 3 && g->kongs < 4)
            n = add(out, n, JONG_ACT_KONG, kind, 0, 0);
    }
    if (n)
        n = add(out, n, JONG_ACT_PASS, kind, 0, 0);
    return n;
}

int riichi_legal(const jong_game *g, int seat, jong_action out[JONG_MAX_ACTIONS])
{
    switch (g->phase) {
    case PHASE_DECIDE:
        return seat == g->cur ? legal_decide(g, seat, out) : 0;
    case PHASE_CLAIM:
    case PHASE_ROB_KONG:
        return seat != g->cur ? legal_claim(g, seat, out) : 0;
    default:
        return 0;
    }
}
