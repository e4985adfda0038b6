/* The observation tracker of the opponent models: each seat's river (with tedashi, riichi and
 * claimed marks), its melds, riichi, the dora indicators and the tiles everyone can see, and the
 * true concealed hands when they are known. Inconsistent input (a discard of a tile the known hand
 * does not hold, a fifth meld, a call with no discard to take) is an error naming the seat. */
#include <string.h>

#include "jong/eval.h"
#include "oppmodel.h"

static int seat_ok(int seat, const char *what, jong_error *err)
{
    if (seat < 0 || seat >= JONG_SEATS)
        return jong_error_set(err, JONG_ERR_ARG, -1, "%s: seat %d out of range", what, seat);
    return JONG_OK;
}

static int code_ok(int code, const char *what, jong_error *err)
{
    if (jong_code_kind(code) == JONG_NO_TILE)
        return jong_error_set(err, JONG_ERR_ARG, -1, "%s: tile code %d is not a riichi tile", what, code);
    return JONG_OK;
}

static void hand_add(jong_hand *h, int code)
{
    int k = jong_code_kind(code);
    if (k >= JONG_KINDS)
        return;
    h->counts[k]++;
    if (jong_code_is_red(code))
        h->red[code - JONG_CODE_RED_BASE]++;
}

static int hand_remove(jong_hand *h, int code, int seat, const char *what, jong_error *err)
{
    int k = jong_code_kind(code);
    bool red = jong_code_is_red(code);
    if (k >= JONG_KINDS || h->counts[k] == 0 || (red && h->red[code - JONG_CODE_RED_BASE] == 0))
        return jong_error_set(err, JONG_ERR_ARG, -1, "%s: seat %d does not hold tile code %d", what, seat, code);
    h->counts[k]--;
    if (red)
        h->red[code - JONG_CODE_RED_BASE]--;
    return JONG_OK;
}

int jong_opp_obs_start(jong_opp_obs *o, int round_wind, int kyoku, int honba, int kyotaku,
                       int dealer, int dora_marker, const uint8_t (*tehais)[13], jong_error *err)
{
    memset(o, 0, sizeof *o);
    if (round_wind < 0 || round_wind > 3 || dealer < 0 || dealer >= JONG_SEATS || honba < 0 || kyotaku < 0)
        return jong_error_set(err, JONG_ERR_ARG, -1, "start: round wind %d, dealer %d, honba %d or sticks %d out of range",
                              round_wind, dealer, honba, kyotaku);
    int rc = code_ok(dora_marker, "start (dora indicator)", err);
    if (rc)
        return rc;
    o->round_wind = (int8_t)round_wind;
    o->kyoku = (int8_t)kyoku;
    o->dealer = (int8_t)dealer;
    o->honba = honba;
    o->kyotaku = kyotaku;
    o->wall_left = 70;
    o->dora_markers[o->ndora++] = (uint8_t)dora_marker;
    o->shown[jong_code_kind(dora_marker)]++;
    for (int s = 0; s < JONG_SEATS; s++) {
        jong_opp_seat *st = &o->seats[s];
        st->riichi_at = -1;
        st->drawn = JONG_NO_TILE;
        jong_hand_clear(&st->hand);
        if (!tehais || tehais[s][0] == JONG_HIDDEN)
            continue;
        for (int i = 0; i < 13; i++) {
            if ((rc = code_ok(tehais[s][i], "start (deal)", err)))
                return rc;
            hand_add(&st->hand, tehais[s][i]);
        }
        st->known = true;
    }
    return JONG_OK;
}

int jong_opp_obs_draw(jong_opp_obs *o, int seat, int code, jong_error *err)
{
    int rc = seat_ok(seat, "draw", err);
    if (rc)
        return rc;
    jong_opp_seat *st = &o->seats[seat];
    if (st->known) {
        if ((rc = code_ok(code, "draw", err)))
            return rc;
        hand_add(&st->hand, code);
    }
    st->drawn = (uint8_t)code;
    o->wall_left--;
    return JONG_OK;
}

int jong_opp_obs_riichi(jong_opp_obs *o, int seat, jong_error *err)
{
    int rc = seat_ok(seat, "riichi", err);
    if (rc)
        return rc;
    if (o->seats[seat].riichi)
        return jong_error_set(err, JONG_ERR_ARG, -1, "riichi: seat %d has already declared riichi", seat);
    o->seats[seat].riichi_pending = true;
    return JONG_OK;
}

int jong_opp_obs_discard(jong_opp_obs *o, int seat, int code, bool tsumogiri, jong_error *err)
{
    int rc = seat_ok(seat, "discard", err);
    if (!rc)
        rc = code_ok(code, "discard", err);
    if (rc)
        return rc;
    jong_opp_seat *st = &o->seats[seat];
    if (st->ndiscards >= JONG_OPP_RIVER)
        return jong_error_set(err, JONG_ERR_ARG, -1, "discard: seat %d has more than %d discards", seat, JONG_OPP_RIVER);
    if (st->known && (rc = hand_remove(&st->hand, code, seat, "discard", err)))
        return rc;
    jong_opp_discard *d = &st->river[st->ndiscards];
    d->tile = (uint8_t)jong_opp_tile37(code);
    d->tedashi = !tsumogiri;
    d->riichi = st->riichi_pending;
    d->called = 0;
    d->turn = (uint8_t)(o->ndiscards / 4);
    d->seq = (uint8_t)(o->ndiscards < 255 ? o->ndiscards : 255);
    if (st->riichi_pending) {
        st->riichi = true;
        st->riichi_pending = false;
        st->riichi_at = (int8_t)st->ndiscards;
    }
    st->ndiscards++;
    st->drawn = JONG_NO_TILE;
    o->shown[jong_code_kind(code)]++;
    o->ndiscards++;
    return JONG_OK;
}

static int add_meld(jong_opp_seat *st, int type, int kind, int red, int seat, jong_error *err)
{
    if (st->nmelds >= 4)
        return jong_error_set(err, JONG_ERR_ARG, -1, "call: seat %d already has four melds", seat);
    jong_meld m = {(uint8_t)type, (uint8_t)kind, (uint8_t)red};
    st->melds[st->nmelds++] = m;
    if (st->known)
        st->hand.melds[st->hand.nmelds++] = m;
    return JONG_OK;
}

int jong_opp_obs_call(jong_opp_obs *o, int type, int seat, int target, int taken,
                      const uint8_t *consumed, int nconsumed, jong_error *err)
{
    int rc = seat_ok(seat, "call", err);
    if (rc)
        return rc;
    jong_opp_seat *st = &o->seats[seat];
    int red = 0, low = JONG_KINDS;
    for (int i = 0; i < nconsumed; i++) {
        if ((rc = code_ok(consumed[i], "call", err)))
            return rc;
        red += jong_code_is_red(consumed[i]);
        if (jong_code_kind(consumed[i]) < low)
            low = jong_code_kind(consumed[i]);
    }
    if (type == JONG_EV_CHI || type == JONG_EV_PON || type == JONG_EV_KONG) {
        int want = type == JONG_EV_KONG ? 3 : 2;
        if ((rc = seat_ok(target, "call (target)", err)) || (rc = code_ok(taken, "call", err)))
            return rc;
        if (nconsumed != want)
            return jong_error_set(err, JONG_ERR_ARG, -1, "call: seat %d: %d tiles from the hand, want %d", seat, nconsumed, want);
        jong_opp_seat *from = &o->seats[target];
        if (target == seat || from->ndiscards == 0 || from->river[from->ndiscards - 1].called ||
            from->river[from->ndiscards - 1].tile != jong_opp_tile37(taken))
            return jong_error_set(err, JONG_ERR_ARG, -1, "call: seat %d takes tile code %d, not seat %d's last discard",
                                  seat, taken, target);
        from->river[from->ndiscards - 1].called = 1;
        int k = jong_code_kind(taken);
        if (k < low)
            low = k;
        if (type != JONG_EV_CHI)
            for (int i = 0; i < nconsumed; i++)
                if (jong_code_kind(consumed[i]) != k)
                    return jong_error_set(err, JONG_ERR_ARG, -1, "call: seat %d: pon/kan of mixed kinds", seat);
        for (int i = 0; st->known && i < nconsumed; i++)
            if ((rc = hand_remove(&st->hand, consumed[i], seat, "call", err)))
                return rc;
        for (int i = 0; i < nconsumed; i++)
            o->shown[jong_code_kind(consumed[i])]++;
        int mt = type == JONG_EV_CHI ? JONG_MELD_CHOW : type == JONG_EV_PON ? JONG_MELD_PUNG : JONG_MELD_KONG;
        st->drawn = JONG_NO_TILE;
        return add_meld(st, mt, low, red + jong_code_is_red(taken), seat, err);
    }
    if (type == JONG_EV_CONCEALED_KONG) {
        if (nconsumed != 4)
            return jong_error_set(err, JONG_ERR_ARG, -1, "ankan: seat %d: %d tiles, want 4", seat, nconsumed);
        for (int i = 0; st->known && i < 4; i++)
            if ((rc = hand_remove(&st->hand, consumed[i], seat, "ankan", err)))
                return rc;
        o->shown[low] += 4;
        st->drawn = JONG_NO_TILE;
        return add_meld(st, JONG_MELD_CONCEALED_KONG, low, red, seat, err);
    }
    if (type == JONG_EV_ADDED_KONG) {
        if (nconsumed != 1)
            return jong_error_set(err, JONG_ERR_ARG, -1, "kakan: seat %d: %d tiles, want 1", seat, nconsumed);
        for (int i = 0; i < st->nmelds; i++)
            if (st->melds[i].type == JONG_MELD_PUNG && st->melds[i].tile == low) {
                if (st->known && (rc = hand_remove(&st->hand, consumed[0], seat, "kakan", err)))
                    return rc;
                st->melds[i].type = JONG_MELD_KONG;
                st->melds[i].red = (uint8_t)(st->melds[i].red + red);
                if (st->known)
                    st->hand.melds[i] = st->melds[i];
                o->shown[low]++;
                st->drawn = JONG_NO_TILE;
                return JONG_OK;
            }
        return jong_error_set(err, JONG_ERR_ARG, -1, "kakan: seat %d has no pon of tile code %d", seat, consumed[0]);
    }
    return jong_error_set(err, JONG_ERR_ARG, -1, "call: event type %d is not a call", type);
}

int jong_opp_obs_dora(jong_opp_obs *o, int marker, jong_error *err)
{
    int rc = code_ok(marker, "dora", err);
    if (rc)
        return rc;
    if (o->ndora >= 5)
        return jong_error_set(err, JONG_ERR_ARG, -1, "dora: more than five indicators");
    o->dora_markers[o->ndora++] = (uint8_t)marker;
    o->shown[jong_code_kind(marker)]++;
    return JONG_OK;
}

int jong_opp_obs_event(jong_opp_obs *o, const jong_event *ev, jong_error *err)
{
    switch (ev->type) {
    case JONG_EV_START_HAND: {
        /* a seat's deal is known unless hidden from the viewer */
        uint8_t t[JONG_SEATS][13];
        for (int s = 0; s < JONG_SEATS; s++) {
            if (ev->ndeal[s] != 13 || ev->deal[s][0] == JONG_HIDDEN)
                memset(t[s], JONG_HIDDEN, 13);
            else
                memcpy(t[s], ev->deal[s], 13);
        }
        return jong_opp_obs_start(o, ev->round_wind, ev->hand, ev->streak, ev->kyotaku, ev->dealer,
                                  ev->dora_marker, (const uint8_t (*)[13])t, err);
    }
    case JONG_EV_REACH:
        return jong_opp_obs_riichi(o, ev->actor, err);
    case JONG_EV_DORA:
        return jong_opp_obs_dora(o, ev->dora_marker, err);
    case JONG_EV_DRAW:
        return jong_opp_obs_draw(o, ev->actor, ev->tile, err);
    case JONG_EV_DISCARD:
        return jong_opp_obs_discard(o, ev->actor, ev->tile, ev->tsumogiri, err);
    case JONG_EV_CHI:
    case JONG_EV_PON:
    case JONG_EV_KONG:
        return jong_opp_obs_call(o, ev->type, ev->actor, ev->target, ev->tile, ev->consumed, ev->nconsumed, err);
    case JONG_EV_CONCEALED_KONG:
        return jong_opp_obs_call(o, ev->type, ev->actor, -1, ev->tile, ev->consumed, ev->nconsumed, err);
    case JONG_EV_ADDED_KONG: /* tile is the added one; consumed lists the pung (mjai) */
        return jong_opp_obs_call(o, ev->type, ev->actor, -1, ev->tile, &ev->tile, 1, err);
    default:
        return JONG_OK;
    }
}

void jong_opp_dora_kinds(const jong_opp_obs *o, uint8_t out[JONG_KINDS])
{
    memset(out, 0, JONG_KINDS);
    for (int i = 0; i < o->ndora; i++) {
        int k = jong_code_kind(o->dora_markers[i]), d;
        if (k < JONG_NUMBER_KINDS)
            d = k / 9 * 9 + (k % 9 + 1) % 9;
        else if (k < JONG_P)
            d = JONG_E + (k - JONG_E + 1) % 4;
        else
            d = JONG_P + (k - JONG_P + 1) % 3;
        out[d]++;
    }
}

uint64_t jong_opp_true_waits(const jong_opp_obs *o, int seat)
{
    const jong_opp_seat *st = &o->seats[seat];
    if (!st->known || jong_hand_concealed_count(&st->hand) % 3 != 1)
        return 0;
    return jong_waits(&st->hand, JONG_VARIANT_RIICHI, JONG_FORMS_ALL);
}

bool jong_opp_can_ron(const jong_opp_obs *o, int seat, int tile)
{
    const jong_opp_seat *st = &o->seats[seat];
    int after = st->riichi ? st->river[st->riichi_at].seq : 256;
    for (int s = 0; s < JONG_SEATS; s++)
        for (int i = 0; i < o->seats[s].ndiscards; i++) {
            const jong_opp_discard *d = &o->seats[s].river[i];
            int k = d->tile < JONG_KINDS ? d->tile : (d->tile - JONG_KINDS) * 9 + 4;
            if (k == tile && (s == seat || d->seq > after))
                return false;
        }
    return true;
}

void jong_opp_obs_follow(jong_opp_obs *o, bool *ok, const jong_event *ev)
{
    jong_error err;
    if (ev->type == JONG_EV_START_HAND)
        *ok = true;
    if (*ok && jong_opp_obs_event(o, ev, &err) != JONG_OK)
        *ok = false;
}

bool jong_opp_obs_matches(const jong_opp_obs *o, bool ok, const jong_view *v)
{
    const jong_opp_seat *me = &o->seats[v->seat];
    return ok && me->known && memcmp(me->hand.counts, v->own.counts, JONG_KINDS) == 0 && me->nmelds == v->own.nmelds;
}

const jong_opp_obs *jong_opp_obs_for(const jong_opp_obs *tracked, bool ok, const jong_view *v, jong_opp_obs *rebuilt)
{
    if (jong_opp_obs_matches(tracked, ok, v))
        return tracked;
    jong_opp_obs_from_view(rebuilt, v);
    return rebuilt;
}
