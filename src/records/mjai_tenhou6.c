/* tenhou.net/6 JSON to mjai events. The format keeps, per hand and per seat, the list of tiles
 * taken (draws, and calls as strings such as "c181719" or "47p4747") and the list of tiles given
 * (discards, 60 = the drawn tile, "r38" = riichi, "k..." kakan, "a..." ankan, 0 = the empty
 * discard after a daiminkan), but not the order between seats. The order is rebuilt by playing
 * the hand: the seat to move draws its next tile and gives its next one; after a discard a
 * listed pon or daiminkan of that very tile wins over the next seat's chi; otherwise the next
 * seat draws. A hand ends when the seat to move has nothing more listed; the result entry says
 * how (win, draw, abort). Kan-dora follow Tenhou's timing (see docs/mjai.md).
 * Tiles: 11-19 man, 21-29 pin, 31-39 sou, 41-47 E S W N P F C, 51-53 red 5m 5p 5s. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "jong/mjai.h"
#include "jong/riichi_score.h"
#include "mjai_internal.h"

typedef struct {
    jong_mjai_log *log;
    jong_error *err;
    int round; /* 1-based, for messages */
    /* the hand being played */
    json_t *take[4], *give[4];
    size_t ti[4], gi[4];
    int cur;
    int last_draw;      /* code of the mover's last draw, -1 after a call */
    int last_tile;      /* the tile that a ron would take: last discard, kakan or ankan tile */
    int doras_shown, doras_pending;
    json_t *doras, *uras;
    bool riichi[4];
    int32_t scores[4];
    int branches;       /* calls tried in this hand (bounds the search) */
} t6;

static int bad(t6 *t, const char *fmt, const char *what)
{
    return jong_error_set(t->err, JONG_ERR_SYNTAX, -1, "tenhou.net/6 hand %d: %s%s", t->round, fmt, what ? what : "");
}

static int code_of(int v)
{
    if (v >= 11 && v <= 19)
        return v - 11;
    if (v >= 21 && v <= 29)
        return 9 + v - 21;
    if (v >= 31 && v <= 39)
        return 18 + v - 31;
    if (v >= 41 && v <= 47)
        return JONG_E + v - 41;
    if (v >= 51 && v <= 53)
        return JONG_CODE_RED_BASE + v - 51;
    return -1;
}

/* The tiles written in a call string, in order (two digits each, letters skipped); returns
 * how many, -1 when malformed. *marker gets the letter and *mpos its index among the tiles. */
static int call_tiles(const char *s, int out[4], char *marker, int *mpos)
{
    int n = 0;
    *marker = 0;
    *mpos = -1;
    for (size_t i = 0; s[i];) {
        if (s[i] >= 'a' && s[i] <= 'z') {
            if (*marker)
                return -1;
            *marker = s[i];
            *mpos = n;
            i++;
            continue;
        }
        if (s[i] < '1' || s[i] > '9' || s[i + 1] < '0' || s[i + 1] > '9' || n == 4)
            return -1;
        int c = code_of((s[i] - '0') * 10 + (s[i + 1] - '0'));
        if (c < 0)
            return -1;
        out[n++] = c;
        i += 2;
    }
    return *marker ? n : -1;
}

static int push(t6 *t, const jong_mjai_event *ev)
{
    return jong_mjai_log_push(t->log, ev, t->err);
}

static int show_dora(t6 *t)
{
    json_t *d = json_array_get(t->doras, (size_t)t->doras_shown);
    if (!d)
        return JONG_OK; /* not revealed on Tenhou (the hand ended first) */
    int c = json_is_integer(d) ? code_of((int)json_integer_value(d)) : -1;
    if (c < 0)
        return bad(t, "bad dora indicator", NULL);
    jong_mjai_event ev;
    jong_mjai_event_init(&ev, JONG_MJAI_DORA);
    ev.pai = (uint8_t)c;
    t->doras_shown++;
    return push(t, &ev);
}

static int flush_doras(t6 *t)
{
    while (t->doras_pending > 0) {
        t->doras_pending--;
        TRY(show_dora(t));
    }
    return JONG_OK;
}

/* The seat `seat` took a call string on the discard just made by t->cur: emit it. */
static int emit_call(t6 *t, int seat, const char *s, int tiles[4], int n, char marker)
{
    jong_mjai_event ev;
    jong_mjai_event_init(&ev, marker == 'c' ? JONG_MJAI_CHI : marker == 'p' ? JONG_MJAI_PON : JONG_MJAI_DAIMINKAN);
    ev.actor = (int8_t)seat;
    ev.target = (int8_t)t->cur;
    ev.pai = (uint8_t)t->last_tile;
    /* the called tile is the one written after the letter; the others are consumed */
    bool skipped = false;
    for (int i = 0; i < n; i++) {
        if (!skipped && tiles[i] == t->last_tile) {
            skipped = true;
            continue;
        }
        ev.consumed[ev.nconsumed++] = (uint8_t)tiles[i];
    }
    if (!skipped || ev.nconsumed != (marker == 'm' ? 3 : 2))
        return bad(t, "call does not hold the discarded tile: ", s);
    return push(t, &ev);
}

/* After a discard: the skip-th listed call that fits it, pons and daiminkans before a chi.
 * Returns the calling seat and fills its letter, or -1. */
static int find_call(t6 *t, int skip, char *letter, const char **str, int tiles[4], int *ntiles)
{
    for (int pass = 0; pass < 2; pass++)
        for (int k = 1; k < 4; k++) {
            int seat = (t->cur + k) % 4;
            json_t *e = json_array_get(t->take[seat], t->ti[seat]);
            if (!json_is_string(e))
                continue;
            const char *s = json_string_value(e);
            char m;
            int pos, n = call_tiles(s, tiles, &m, &pos);
            if (n < 0)
                continue;
            /* where the letter stands tells whom the tile came from: first = the previous
             * seat, middle = opposite, last = the next seat */
            int from;
            if (m == 'c')
                from = 3;
            else if (m == 'p')
                from = pos == 0 ? 3 : pos == 1 ? 2 : 1;
            else if (m == 'm')
                from = pos == 0 ? 3 : pos == 1 ? 2 : 1;
            else
                continue;
            if ((pass == 0) == (m == 'c'))
                continue;
            if ((seat + from) % 4 != t->cur || pos >= n || tiles[pos] != t->last_tile)
                continue;
            if (skip-- > 0)
                continue;
            *letter = m;
            *str = s;
            *ntiles = n;
            return seat;
        }
    return -1;
}

static int parse_int_list(t6 *t, json_t *a, int n, int32_t out[])
{
    if (!json_is_array(a) || (int)json_array_size(a) != n)
        return bad(t, "wrong list of numbers", NULL);
    for (int i = 0; i < n; i++) {
        json_t *x = json_array_get(a, (size_t)i);
        if (!json_is_number(x))
            return bad(t, "wrong list of numbers", NULL);
        out[i] = (int32_t)json_number_value(x);
    }
    return JONG_OK;
}

/* "30符4飜7700点", "満貫8000点", "30符2飜1000-2000点", "2000点∀": fu (0 when not given) and points. */
static void parse_ten(const char *s, int *fu, int *points)
{
    *fu = 0;
    *points = 0;
    const char *p = strstr(s, "符");
    if (p)
        *fu = atoi(s);
    /* the payment is the number run just before 点, possibly a-b */
    const char *pt = strstr(s, "点");
    if (!pt)
        return;
    const char *b = pt;
    while (b > s && ((b[-1] >= '0' && b[-1] <= '9') || b[-1] == '-'))
        b--;
    int x = atoi(b), y = 0;
    const char *dash = memchr(b, '-', (size_t)(pt - b));
    if (dash)
        y = atoi(dash + 1);
    if (dash)
        *points = 2 * x + y;
    else if (strstr(pt, "∀"))
        *points = 3 * x;
    else
        *points = x;
}

static int emit_wins(t6 *t, json_t *res)
{
    size_t n = json_array_size(res);
    if (n < 3 || n % 2 == 0)
        return bad(t, "win result without deltas and details", NULL);
    for (size_t i = 1; i + 1 < n; i += 2) {
        json_t *info = json_array_get(res, i + 1);
        int32_t hdr[3];
        if (!json_is_array(info) || json_array_size(info) < 3)
            return bad(t, "malformed win details", NULL);
        for (int k = 0; k < 3; k++) {
            json_t *x = json_array_get(info, (size_t)k);
            if (!json_is_integer(x) || json_integer_value(x) < 0 || json_integer_value(x) > 3)
                return bad(t, "malformed win details", NULL);
            hdr[k] = (int32_t)json_integer_value(x);
        }
        jong_mjai_event ev;
        jong_mjai_event_init(&ev, JONG_MJAI_HORA);
        ev.actor = (int8_t)hdr[0];
        ev.target = (int8_t)hdr[1];
        ev.pai = (uint8_t)(hdr[0] == hdr[1] ? t->last_draw : t->last_tile);
        if (hdr[0] == hdr[1] && t->last_draw < 0)
            return bad(t, "tsumo without a draw", NULL);
        if (hdr[2] != hdr[0]) {
            ev.pao = (int8_t)hdr[2];
            ev.has |= JONG_MJAI_HAS_PAO;
        }
        TRY(parse_int_list(t, json_array_get(res, i), 4, ev.deltas));
        for (int s = 0; s < 4; s++)
            ev.scores[s] = t->scores[s] += ev.deltas[s];
        ev.has |= JONG_MJAI_HAS_DELTAS | JONG_MJAI_HAS_SCORES;
        json_t *ten = json_array_get(info, 3);
        if (ten && !json_is_string(ten))
            return bad(t, "malformed win details", NULL);
        if (!ten) { /* some tools leave out the value and yaku: the deltas still say it all */
            TRY(push(t, &ev));
            continue;
        }
        int fu, points;
        parse_ten(json_string_value(ten), &fu, &points);
        ev.fu = (int16_t)fu;
        ev.hora_points = points;
        for (size_t k = 4; k < json_array_size(info); k++) {
            json_t *y = json_array_get(info, k);
            int han = 0, yaku = json_is_string(y) ? mjai_tenhou6_yaku(json_string_value(y), &han) : -1;
            if (yaku < 0)
                return bad(t, "unknown yaku ", json_is_string(y) ? json_string_value(y) : "(not text)");
            if (han == 0)
                continue;
            if (ev.nyakus == JONG_MJAI_MAX_YAKUS)
                return bad(t, "too many yaku", NULL);
            ev.yakus[ev.nyakus].yaku = (uint8_t)yaku;
            ev.yakus[ev.nyakus++].han = (uint8_t)han;
            ev.fan = (int16_t)(ev.fan + han);
        }
        ev.has |= JONG_MJAI_HAS_YAKUS;
        if (t->riichi[hdr[0]]) {
            for (int k = 0; k < t->doras_shown && k < 5 && json_array_get(t->uras, (size_t)k); k++) {
                int c = code_of((int)json_integer_value(json_array_get(t->uras, (size_t)k)));
                if (c < 0)
                    return bad(t, "bad ura-dora indicator", NULL);
                ev.ura[ev.nura++] = (uint8_t)c;
            }
            ev.has |= JONG_MJAI_HAS_URA;
        }
        TRY(push(t, &ev));
    }
    return JONG_OK;
}

static const struct {
    const char *name;
    int reason;
} draw_names[] = {
    {"流局", JONG_MJAI_RK_EXHAUSTED}, {"全員聴牌", JONG_MJAI_RK_EXHAUSTED}, {"全員不聴", JONG_MJAI_RK_EXHAUSTED},
    {"流し満貫", JONG_MJAI_RK_NAGASHI}, {"九種九牌", JONG_MJAI_RK_KYUSHU}, {"四家立直", JONG_MJAI_RK_FOUR_RIICHI},
    {"三家和了", JONG_MJAI_RK_TRIPLE_RON}, {"四槓散了", JONG_MJAI_RK_FOUR_KANS}, {"四風連打", JONG_MJAI_RK_FOUR_WINDS},
};

static int emit_draw(t6 *t, const char *name, json_t *res)
{
    jong_mjai_event ev;
    jong_mjai_event_init(&ev, JONG_MJAI_RYUKYOKU);
    for (size_t i = 0; i < sizeof draw_names / sizeof draw_names[0]; i++)
        if (!strcmp(name, draw_names[i].name))
            ev.reason = (uint8_t)draw_names[i].reason;
    if (!ev.reason)
        return bad(t, "unknown result ", name);
    json_t *d = json_array_get(res, 1);
    if (d)
        TRY(parse_int_list(t, d, 4, ev.deltas));
    for (int s = 0; s < 4; s++)
        ev.scores[s] = t->scores[s] += ev.deltas[s];
    ev.has |= JONG_MJAI_HAS_DELTAS | JONG_MJAI_HAS_SCORES;
    if (ev.reason == JONG_MJAI_RK_EXHAUSTED) {
        bool known = d != NULL || strcmp(name, "流局");
        for (int s = 0; s < 4; s++)
            ev.tenpais[s] = d ? ev.deltas[s] > 0 : !strcmp(name, "全員聴牌");
        if (d && !ev.deltas[0] && !ev.deltas[1] && !ev.deltas[2] && !ev.deltas[3])
            known = false;
        if (known)
            ev.has |= JONG_MJAI_HAS_TENPAIS;
    }
    if (ev.reason == JONG_MJAI_RK_KYUSHU)
        ev.actor = (int8_t)t->cur;
    return push(t, &ev);
}

static int tile_list(t6 *t, json_t *a, uint8_t *out, int max, uint8_t *n)
{
    if (!json_is_array(a) || (int)json_array_size(a) > max)
        return bad(t, "wrong tile list", NULL);
    for (size_t i = 0; i < json_array_size(a); i++) {
        json_t *x = json_array_get(a, i);
        int c = json_is_integer(x) ? code_of((int)json_integer_value(x)) : -1;
        if (c < 0)
            return bad(t, "bad tile in a hand", NULL);
        out[i] = (uint8_t)c;
    }
    *n = (uint8_t)json_array_size(a);
    return JONG_OK;
}

/* Give: the next entry of the mover's given list. Returns 1 when the hand ends here. */
static int accept_reach(t6 *t, int me)
{
    jong_mjai_event ev;
    jong_mjai_event_init(&ev, JONG_MJAI_REACH_ACCEPTED);
    ev.actor = (int8_t)me;
    t->scores[me] -= 1000;
    t->riichi[me] = true;
    for (int s = 0; s < 4; s++) {
        ev.deltas[s] = s == me ? -1000 : 0;
        ev.scores[s] = t->scores[s];
    }
    ev.has |= JONG_MJAI_HAS_DELTAS | JONG_MJAI_HAS_SCORES;
    return push(t, &ev);
}

static int play_hand(t6 *t, json_t *res, bool need_draw);

/* The discard of `me` is called by `caller`: the riichi (if any) stands, the call, then the
 * rest of the hand. */
static int take_call(t6 *t, json_t *res, int me, bool reach, int caller, const char *cs, int tiles[4], int n,
                     char letter)
{
    if (reach)
        TRY(accept_reach(t, me));
    TRY(emit_call(t, caller, cs, tiles, n, letter));
    t->ti[caller]++;
    t->cur = caller;
    t->last_draw = -1;
    if (letter != 'm')
        return play_hand(t, res, false);
    json_t *z = json_array_get(t->give[caller], t->gi[caller]);
    if (!json_is_integer(z) || json_integer_value(z) != 0)
        return bad(t, "no empty discard after a daiminkan", NULL);
    t->gi[caller]++;
    TRY(flush_doras(t));
    t->doras_pending++;
    return play_hand(t, res, true);
}

/* Every listed tile used: the hand's end is where the lists end. */
static int all_used(t6 *t)
{
    for (int s = 0; s < 4; s++)
        if (t->ti[s] != json_array_size(t->take[s]) || t->gi[s] != json_array_size(t->give[s]))
            return bad(t, "the hand ends before every listed tile is played", NULL);
    return JONG_OK;
}

static int play_hand(t6 *t, json_t *res, bool need_draw)
{
    for (int steps = 0; steps < 1000; steps++) {
        int me = t->cur;
        if (need_draw) {
            json_t *e = json_array_get(t->take[me], t->ti[me]);
            if (!e)
                return all_used(t); /* nothing more: the hand ended on the last discard (ron, draw) */
            int c = json_is_integer(e) ? code_of((int)json_integer_value(e)) : -1;
            if (c < 0)
                return bad(t, "a call where a draw was due", NULL);
            t->ti[me]++;
            jong_mjai_event ev;
            jong_mjai_event_init(&ev, JONG_MJAI_TSUMO);
            ev.actor = (int8_t)me;
            ev.pai = (uint8_t)c;
            t->last_draw = c;
            TRY(push(t, &ev));
        }
        json_t *g = json_array_get(t->give[me], t->gi[me]);
        if (!g)
            return all_used(t); /* tsumo, kyushu, or chankan/abort on a kan */
        t->gi[me]++;
        bool reach = false;
        int tile;
        bool tsumogiri = false;
        if (json_is_string(g)) {
            const char *s = json_string_value(g);
            if (s[0] == 'r') {
                reach = true;
                char *end;
                long v = strtol(s + 1, &end, 10);
                if (*end || end == s + 1)
                    return bad(t, "bad riichi discard ", s);
                tsumogiri = v == 60;
                tile = v == 60 ? t->last_draw : code_of((int)v);
            } else {
                int tiles[4], pos, n;
                char m;
                n = call_tiles(s, tiles, &m, &pos);
                if (n != 4 || (m != 'k' && m != 'a'))
                    return bad(t, "bad entry in the discards: ", s);
                jong_mjai_event ev;
                jong_mjai_event_init(&ev, m == 'k' ? JONG_MJAI_KAKAN : JONG_MJAI_ANKAN);
                ev.actor = (int8_t)me;
                if (m == 'a') {
                    for (int i = 0; i < 4; i++)
                        ev.consumed[i] = (uint8_t)tiles[i];
                    ev.nconsumed = 4;
                    t->last_tile = tiles[3];
                } else {
                    /* the pon's three tiles are those of the earlier pon of this kind */
                    const jong_mjai_event *pon = NULL;
                    for (size_t i = t->log->n; i-- > 0 && t->log->ev[i].type != JONG_MJAI_START_KYOKU;)
                        if (t->log->ev[i].type == JONG_MJAI_PON && t->log->ev[i].actor == me &&
                            jong_code_kind(t->log->ev[i].pai) == jong_code_kind(tiles[0])) {
                            pon = &t->log->ev[i];
                            break;
                        }
                    if (!pon)
                        return bad(t, "kakan without a pon: ", s);
                    int have[64] = {0};
                    for (int i = 0; i < 4; i++)
                        have[tiles[i]]++;
                    have[pon->pai]--;
                    ev.consumed[0] = pon->pai;
                    for (int i = 0; i < 2; i++) {
                        have[pon->consumed[i]]--;
                        ev.consumed[1 + i] = pon->consumed[i];
                    }
                    ev.nconsumed = 3;
                    for (int c = 0; c < 64; c++)
                        if (have[c] == 1)
                            ev.pai = (uint8_t)c;
                    if (ev.pai == JONG_NO_TILE)
                        return bad(t, "kakan tiles do not match the pon: ", s);
                    t->last_tile = ev.pai;
                }
                TRY(push(t, &ev));
                TRY(flush_doras(t));
                if (m == 'a')
                    TRY(show_dora(t));
                else
                    t->doras_pending++;
                need_draw = true;
                continue;
            }
        } else if (json_is_integer(g)) {
            long v = json_integer_value(g);
            if (v == 0)
                return bad(t, "an empty discard where a discard was due", NULL);
            tsumogiri = v == 60;
            tile = v == 60 ? t->last_draw : code_of((int)v);
        } else {
            return bad(t, "bad entry in the discards", NULL);
        }
        if (tile < 0)
            return bad(t, "bad discarded tile", NULL);
        jong_mjai_event ev;
        if (reach) {
            jong_mjai_event_init(&ev, JONG_MJAI_REACH);
            ev.actor = (int8_t)me;
            TRY(push(t, &ev));
        }
        TRY(flush_doras(t));
        jong_mjai_event_init(&ev, JONG_MJAI_DAHAI);
        ev.actor = (int8_t)me;
        ev.pai = (uint8_t)tile;
        ev.tsumogiri = tsumogiri;
        TRY(push(t, &ev));
        t->last_tile = tile;
        /* A listed call that fits this discard may still belong to a later discard of the same
         * tile: try each one, and no call, until the rest of the hand plays out. */
        char letter;
        const char *cs;
        int tiles[4], n;
        int caller;
        for (int k = 0; (caller = find_call(t, k, &letter, &cs, tiles, &n)) >= 0; k++) {
            if (++t->branches > 20000)
                return bad(t, "calls too ambiguous to order", NULL);
            t6 saved = *t;
            size_t nev = t->log->n;
            int rc = take_call(t, res, me, reach, caller, cs, tiles, n, letter);
            if (rc == JONG_OK)
                return JONG_OK;
            int branches = t->branches;
            *t = saved;
            t->branches = branches;
            t->log->n = nev;
        }
        int next = (me + 1) % 4;
        bool ends = !json_array_get(t->take[next], t->ti[next]);
        /* a riichi discard ronned cancels the riichi; otherwise it is accepted */
        bool ronned = false;
        if (ends && json_is_string(json_array_get(res, 0)) && !strcmp(json_string_value(json_array_get(res, 0)), "和了"))
            for (size_t i = 2; i < json_array_size(res); i += 2) {
                json_t *info = json_array_get(res, i);
                if (json_integer_value(json_array_get(info, 1)) == me && json_integer_value(json_array_get(info, 0)) != me)
                    ronned = true;
            }
        if (reach && !ronned)
            TRY(accept_reach(t, me));
        t->cur = next;
        need_draw = true;
    }
    return bad(t, "hand too long", NULL);
}

static int read_hand(t6 *t, json_t *r)
{
    if (!json_is_array(r) || json_array_size(r) != 17)
        return bad(t, "a hand is not a list of 17 entries", NULL);
    int32_t head[3];
    TRY(parse_int_list(t, json_array_get(r, 0), 3, head));
    if (head[0] < 0 || head[0] > 15 || head[1] < 0 || head[1] > 1000 || head[2] < 0 || head[2] > 1000)
        return bad(t, "hand number, honba or sticks out of range", NULL);
    TRY(parse_int_list(t, json_array_get(r, 1), 4, t->scores));
    t->doras = json_array_get(r, 2);
    t->uras = json_array_get(r, 3);
    if (!json_is_array(t->doras) || !json_is_array(t->uras) || json_array_size(t->doras) < 1)
        return bad(t, "missing dora indicators", NULL);
    jong_mjai_event ev;
    jong_mjai_event_init(&ev, JONG_MJAI_START_KYOKU);
    ev.bakaze = (int8_t)(head[0] / 4);
    ev.kyoku = (int8_t)(head[0] % 4 + 1);
    ev.honba = (int16_t)head[1];
    ev.kyotaku = (int16_t)head[2];
    ev.oya = (int8_t)(head[0] % 4);
    int c = code_of((int)json_integer_value(json_array_get(t->doras, 0)));
    if (c < 0)
        return bad(t, "bad dora indicator", NULL);
    ev.dora_marker = (uint8_t)c;
    memcpy(ev.scores, t->scores, sizeof ev.scores);
    ev.has |= JONG_MJAI_HAS_SCORES;
    for (int s = 0; s < 4; s++) {
        TRY(tile_list(t, json_array_get(r, (size_t)(4 + 3 * s)), ev.tehais[s], 13, &ev.ntehais[s]));
        if (ev.ntehais[s] != 13)
            return bad(t, "a starting hand without 13 tiles", NULL);
        mjai_sort_tiles(ev.tehais[s], ev.ntehais[s]);
        t->take[s] = json_array_get(r, (size_t)(5 + 3 * s));
        t->give[s] = json_array_get(r, (size_t)(6 + 3 * s));
        if (!json_is_array(t->take[s]) || !json_is_array(t->give[s]))
            return bad(t, "missing draws or discards", NULL);
        t->ti[s] = t->gi[s] = 0;
        t->riichi[s] = false;
    }
    TRY(push(t, &ev));
    t->cur = ev.oya;
    t->last_draw = t->last_tile = -1;
    t->doras_shown = 1;
    t->doras_pending = 0;
    json_t *res = json_array_get(r, 16);
    if (!json_is_array(res) || !json_is_string(json_array_get(res, 0)))
        return bad(t, "missing result", NULL);
    t->branches = 0;
    TRY(play_hand(t, res, true));
    const char *what = json_string_value(json_array_get(res, 0));
    if (!strcmp(what, "和了"))
        TRY(emit_wins(t, res));
    else
        TRY(emit_draw(t, what, res));
    jong_mjai_event_init(&ev, JONG_MJAI_END_KYOKU);
    return push(t, &ev);
}

static int read_game(t6 *t, json_t *o, bool first, bool last)
{
    if (!json_is_object(o) || !json_is_array(json_object_get(o, "log")))
        return jong_error_set(t->err, JONG_ERR_SYNTAX, -1, "tenhou.net/6: no \"log\" list");
    jong_mjai_log *log = t->log;
    if (first) {
        jong_mjai_event ev;
        jong_mjai_event_init(&ev, JONG_MJAI_START_GAME);
        json_t *names = json_object_get(o, "name");
        for (int s = 0; s < 4 && json_is_array(names); s++)
            if (json_is_string(json_array_get(names, (size_t)s)))
                snprintf(ev.names[s], sizeof ev.names[s], "%s", json_string_value(json_array_get(names, (size_t)s)));
        json_t *rule = json_object_get(o, "rule");
        json_t *disp = json_object_get(rule, "disp");
        log->red_fives = json_object_get(rule, "aka") || json_object_get(rule, "aka51");
        if (json_is_integer(json_object_get(rule, "aka")) && !json_integer_value(json_object_get(rule, "aka")))
            log->red_fives = false;
        log->east_south = json_is_string(disp) && strstr(json_string_value(disp), "南");
        if (json_is_string(disp) && strstr(json_string_value(disp), "三"))
            log->players = 3;
        ev.kyoku_first = log->east_south ? 0 : 4;
        ev.aka_flag = log->red_fives;
        json_t *ref = json_object_get(o, "ref");
        if (json_is_string(ref))
            snprintf(log->id, sizeof log->id, "%s", json_string_value(ref));
        TRY(push(t, &ev));
        if (log->players == 3)
            return jong_error_set(t->err, JONG_ERR_ARG, -1,
                                  "three-player game: skipped, Jong plays four-player riichi");
    }
    size_t i;
    json_t *r;
    json_array_foreach(json_object_get(o, "log"), i, r)
    {
        t->round++;
        TRY(read_hand(t, r));
    }
    json_t *sc = json_object_get(o, "sc");
    if (last && json_is_array(sc) && json_array_size(sc) == 8) {
        jong_mjai_event ev;
        jong_mjai_event_init(&ev, JONG_MJAI_END_GAME);
        for (int s = 0; s < 4; s++) {
            json_t *a = json_array_get(sc, (size_t)(2 * s)), *b = json_array_get(sc, (size_t)(2 * s + 1));
            if (!json_is_number(a) || !json_is_number(b))
                return jong_error_set(t->err, JONG_ERR_SYNTAX, -1, "tenhou.net/6: malformed \"sc\"");
            ev.scores[s] = (int32_t)json_number_value(a);
            double p = json_number_value(b) * 10;
            log->final_points[s] = (int32_t)(p < 0 ? p - 0.5 : p + 0.5);
        }
        ev.has |= JONG_MJAI_HAS_SCORES;
        log->complete = true;
        TRY(push(t, &ev));
    }
    return JONG_OK;
}

int jong_mjai_read_tenhou6(const char *text, size_t len, jong_mjai_log *log, jong_error *err)
{
    jong_mjai_log_free(log);
    log->source = JONG_MJAI_SRC_TENHOU6;
    t6 t;
    memset(&t, 0, sizeof t);
    t.log = log;
    t.err = err;
    /* one object, or JSON lines of one object per hand (as some tools store them) */
    json_error_t je;
    json_t *all = json_array();
    size_t pos = 0;
    while (pos < len) {
        json_t *o = json_loadb(text + pos, len - pos, JSON_DISABLE_EOF_CHECK, &je);
        if (!o) {
            size_t k = pos;
            while (k < len && (text[k] == ' ' || text[k] == '\n' || text[k] == '\r' || text[k] == '\t'))
                k++;
            if (k == len)
                break;
            json_decref(all);
            return jong_error_set(err, JONG_ERR_SYNTAX, (int)(pos + je.position),
                                  "tenhou.net/6: malformed JSON at byte %zu: %s", pos + (size_t)je.position, je.text);
        }
        json_array_append_new(all, o);
        pos += je.position;
    }
    int rc = json_array_size(all) ? JONG_OK : jong_error_set(err, JONG_ERR_SYNTAX, 0, "tenhou.net/6: empty");
    for (size_t i = 0; !rc && i < json_array_size(all); i++)
        rc = read_game(&t, json_array_get(all, i), i == 0, i + 1 == json_array_size(all));
    json_decref(all);
    return rc;
}
