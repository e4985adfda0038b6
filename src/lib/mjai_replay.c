/* Replaying an imported game through the engine. Each hand's wall is rebuilt from the record
 * (the deal, the live draws in order, the kan replacements from the back, the dora and ura
 * indicators in their dead-wall places, the unseen tiles filled in), the engine deals it, and
 * every decision is answered with the action the record shows next. Every event the engine
 * emits must equal the record's next event (jong_mjai_event_same: fields only one side has are
 * not compared), so the engine's legality, kan-dora timing, scoring, payments, hand sequence
 * and final scores are all checked against the real game. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "jong/mjai.h"
#include "mjai_internal.h"
#include "record_json.h"

/* Dead-wall places in a 136-tile wall (the engine's layout): replacements from the very end,
 * dora indicator i at 131 - 2i and its ura indicator just before it. */
#define WALL 136
#define DORA_AT(i) (WALL - 5 - 2 * (i))
#define URA_AT(i) (WALL - 6 - 2 * (i))

typedef struct {
    const jong_mjai_log *log;
    size_t rc; /* the record's next event to match */
    jong_mjai_replay_stats *st;
    bool failed;
    bool ended; /* a record cut short has been matched to its last event */
} replay;

static void failf(replay *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void failf(replay *r, const char *fmt, ...)
{
    if (r->failed)
        return;
    r->failed = true;
    r->st->diff_event = r->rc;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->st->diff, sizeof r->st->diff, fmt, ap);
    va_end(ap);
}

static const char *text_of(const jong_mjai_event *ev, char *buf, size_t n)
{
    size_t len;
    char *s = jong_mjai_format(ev, buf, n, &len);
    if (s && s != buf) {
        snprintf(buf, n, "%s", s);
        free(s);
    }
    return s ? buf : "?";
}

/* The engine's event in mjai form, through the record writer's JSON (the same names). */
int jong_mjai_of_engine_event(const jong_event *ev, jong_mjai_event *out, jong_error *err)
{
    json_t *j = record_event_json(ev, NULL);
    if (!j)
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    int rc = mjai_parse_json(j, out, err);
    json_decref(j);
    return rc;
}

static bool engine_event(const jong_event *ev, jong_mjai_event *out)
{
    jong_error err;
    return jong_mjai_of_engine_event(ev, out, &err) == JONG_OK;
}

static void sink(void *ctx, const jong_event *ev)
{
    replay *r = ctx;
    if (r->failed)
        return;
    jong_mjai_event mine;
    if (!engine_event(ev, &mine)) {
        failf(r, "the engine's %s event does not read as mjai", jong_event_type_name(ev->type));
        return;
    }
    if (mine.type == JONG_MJAI_START_GAME) /* names and options differ by nature */
        return;
    char a[700], b[700], why[64];
    if (r->rc >= r->log->n && !r->log->complete) {
        r->ended = true;
        return;
    }
    if (r->rc >= r->log->n) {
        failf(r, "the record ends; the engine goes on: %s", text_of(&mine, a, sizeof a));
        return;
    }
    const jong_mjai_event *rec = &r->log->ev[r->rc];
    /* The engine's actions name kinds, not copies: a discard of the drawn kind while another
     * copy is in hand is the record's to call tsumogiri or not. */
    if (rec->type == JONG_MJAI_DAHAI && mine.type == JONG_MJAI_DAHAI && rec->pai == mine.pai)
        mine.tsumogiri = rec->tsumogiri;
    /* the engine does not name who declared nine terminals */
    if (rec->type == JONG_MJAI_RYUKYOKU && mine.type == JONG_MJAI_RYUKYOKU && mine.actor < 0)
        mine.actor = rec->actor;
    if (!jong_mjai_event_same(rec, &mine, why, sizeof why)) {
        failf(r, "%s differs: record %s engine %s", why, text_of(rec, a, sizeof a), text_of(&mine, b, sizeof b));
        return;
    }
    r->rc++;
    r->st->events++;
}

/* ---- the wall of a hand from its record ---- */

static int build_wall(replay *r, size_t at, uint8_t wall[WALL], bool red)
{
    const jong_mjai_log *log = r->log;
    const jong_mjai_event *sk = &log->ev[at];
    bool known[WALL] = {false};
    int deal_pos[4][13], nd[4] = {0}, pos = 0;
    for (int round = 0; round < 4; round++) /* three rounds of four from the dealer, then one each */
        for (int i = 0; i < 4; i++) {
            int s = (sk->oya + i) % 4;
            for (int k = 0; k < (round < 3 ? 4 : 1); k++)
                deal_pos[s][nd[s]++] = pos++;
        }
    for (int s = 0; s < 4; s++) {
        if (sk->ntehais[s] != 13) {
            failf(r, "start_kyoku: seat %d is not dealt 13 tiles", s);
            return -1;
        }
        for (int j = 0; j < 13; j++) {
            wall[deal_pos[s][j]] = sk->tehais[s][j];
            known[deal_pos[s][j]] = true;
        }
    }
    int live = 52, back = WALL - 1, ndora = 0;
    wall[DORA_AT(0)] = sk->dora_marker;
    known[DORA_AT(0)] = true;
    bool kan = false;
    for (size_t i = at + 1; i < log->n && log->ev[i].type != JONG_MJAI_END_KYOKU; i++) {
        const jong_mjai_event *e = &log->ev[i];
        int p = -1;
        if (e->type == JONG_MJAI_TSUMO) {
            p = kan ? back-- : live++;
            kan = false;
        } else if (e->type == JONG_MJAI_ANKAN || e->type == JONG_MJAI_DAIMINKAN || e->type == JONG_MJAI_KAKAN) {
            kan = true;
        } else if (e->type == JONG_MJAI_DORA && ndora < 4) {
            p = DORA_AT(++ndora);
        } else if (e->type == JONG_MJAI_HORA && (e->has & JONG_MJAI_HAS_URA)) {
            for (int u = 0; u < e->nura && u < 5; u++) {
                wall[URA_AT(u)] = e->ura[u];
                known[URA_AT(u)] = true;
            }
        }
        if (p >= 0) {
            if (p >= back + 1 - 0 && e->type == JONG_MJAI_TSUMO && live - 1 >= DORA_AT(4) - 1) {
                failf(r, "more draws than the wall holds");
                return -1;
            }
            wall[p] = e->type == JONG_MJAI_DORA ? e->pai : e->pai;
            known[p] = true;
        }
    }
    /* the unseen tiles: what is left of the 136 */
    int left[64] = {0};
    for (int k = 0; k < JONG_KINDS; k++)
        left[k] = 4;
    if (red)
        for (int suit = 0; suit < 3; suit++) {
            left[suit * 9 + 4]--;
            left[JONG_CODE_RED_BASE + suit] = 1;
        }
    for (int p = 0; p < WALL; p++)
        if (known[p]) {
            int c = wall[p];
            if (c >= 64 || left[c]-- <= 0) {
                failf(r, "tile %s appears more often than the wall holds", jong_mjai_tile_name(c));
                return -1;
            }
        }
    int c = 0;
    for (int p = 0; p < WALL; p++)
        if (!known[p]) {
            while (c < 64 && left[c] == 0)
                c++;
            wall[p] = (uint8_t)c;
            left[c]--;
        }
    return 0;
}

/* ---- the answers ---- */

static int find(const jong_action *legal, int n, int type, int tile, int low, int flags, bool any_red)
{
    for (int i = 0; i < n; i++)
        if (legal[i].type == type && (tile < 0 || legal[i].tile == tile) && (low < 0 || legal[i].low == low) &&
            (any_red ? (legal[i].flags & ~JONG_ACT_FLAG_RED) == (flags & ~JONG_ACT_FLAG_RED) : legal[i].flags == flags))
            return i;
    return -1;
}

static bool has_red(const uint8_t *t, int n)
{
    for (int i = 0; i < n; i++)
        if (jong_code_is_red(t[i]))
            return true;
    return false;
}

/* What seat s does, by the record from its next event on (dora and reach_accepted events are
 * skipped: the engine shows an open kan's indicator at the discard, and accepts a riichi once
 * the claims on its discard are known). Fills *a; false when the record shows nothing
 * for s (then s passes, if it may). */
static bool wanted(const replay *r, int s, jong_action *a)
{
    const jong_mjai_log *log = r->log;
    size_t i = r->rc;
    while (i < log->n && (log->ev[i].type == JONG_MJAI_DORA || log->ev[i].type == JONG_MJAI_REACH_ACCEPTED))
        i++;
    if (i >= log->n)
        return false;
    const jong_mjai_event *e = &log->ev[i];
    memset(a, 0, sizeof *a);
    int kind = jong_code_kind(e->pai);
    switch (e->type) {
    case JONG_MJAI_REACH:
        if (e->actor != s)
            return false;
        for (i++; i < log->n && log->ev[i].type != JONG_MJAI_DAHAI; i++)
            ;
        if (i >= log->n || log->ev[i].actor != s)
            return false;
        a->type = JONG_ACT_DISCARD;
        a->tile = (uint8_t)jong_code_kind(log->ev[i].pai);
        a->flags = JONG_ACT_FLAG_RIICHI | (jong_code_is_red(log->ev[i].pai) ? JONG_ACT_FLAG_RED : 0);
        return true;
    case JONG_MJAI_DAHAI:
        if (e->actor != s)
            return false;
        a->type = JONG_ACT_DISCARD;
        a->tile = (uint8_t)kind;
        a->flags = jong_code_is_red(e->pai) ? JONG_ACT_FLAG_RED : 0;
        return true;
    case JONG_MJAI_ANKAN:
        if (e->actor != s)
            return false;
        a->type = JONG_ACT_CONCEALED_KONG;
        a->tile = (uint8_t)jong_code_kind(e->consumed[0]);
        return true;
    case JONG_MJAI_KAKAN:
        if (e->actor != s)
            return false;
        a->type = JONG_ACT_ADDED_KONG;
        a->tile = (uint8_t)kind;
        a->flags = jong_code_is_red(e->pai) ? JONG_ACT_FLAG_RED : 0;
        return true;
    case JONG_MJAI_CHI:
    case JONG_MJAI_PON:
    case JONG_MJAI_DAIMINKAN: {
        if (e->actor != s)
            return false;
        a->type = e->type == JONG_MJAI_CHI ? JONG_ACT_CHI : e->type == JONG_MJAI_PON ? JONG_ACT_PON : JONG_ACT_KONG;
        a->tile = (uint8_t)kind;
        if (e->type == JONG_MJAI_CHI) {
            int low = kind;
            for (int k = 0; k < e->nconsumed; k++)
                if (jong_code_kind(e->consumed[k]) < low)
                    low = jong_code_kind(e->consumed[k]);
            a->low = (uint8_t)low;
        }
        a->flags = has_red(e->consumed, e->nconsumed) ? JONG_ACT_FLAG_RED : 0;
        return true;
    }
    case JONG_MJAI_HORA:
        /* one or more winners in a row (a double ron) */
        for (; i < log->n && log->ev[i].type == JONG_MJAI_HORA; i++)
            if (log->ev[i].actor == s) {
                a->type = log->ev[i].target == s ? JONG_ACT_SELF_DRAW_WIN : JONG_ACT_WIN;
                return true;
            }
        return false;
    case JONG_MJAI_RYUKYOKU:
        if (e->reason == JONG_MJAI_RK_KYUSHU && e->actor == s) {
            a->type = JONG_ACT_NINE_TERMINALS;
            return true;
        }
        if (e->reason == JONG_MJAI_RK_TRIPLE_RON && (e->has & JONG_MJAI_HAS_TEHAIS) && e->ntehais[s]) {
            a->type = JONG_ACT_WIN;
            return true;
        }
        return false;
    default:
        return false;
    }
}

static void decide(replay *r, jong_game *g)
{
    unsigned pending = jong_game_pending(g);
    jong_action chosen[4];
    for (int s = 0; s < 4 && !r->failed; s++) {
        if (!(pending >> s & 1))
            continue;
        jong_action legal[JONG_MAX_ACTIONS], want;
        int n = jong_game_legal(g, s, legal);
        int k;
        char a[700];
        const char *next = r->rc < r->log->n ? text_of(&r->log->ev[r->rc], a, sizeof a) : "the end";
        if (wanted(r, s, &want)) {
            bool is_kan = want.type == JONG_ACT_KONG || want.type == JONG_ACT_CONCEALED_KONG ||
                          want.type == JONG_ACT_ADDED_KONG;
            bool wins = want.type == JONG_ACT_WIN || want.type == JONG_ACT_SELF_DRAW_WIN ||
                        want.type == JONG_ACT_NINE_TERMINALS;
            int low = want.type == JONG_ACT_CHI ? want.low : -1;
            k = find(legal, n, want.type, wins ? -1 : want.tile, low, want.flags, false);
            if (k < 0 && (is_kan || wins))
                k = find(legal, n, want.type, wins ? -1 : want.tile, low, want.flags, true);
            if (k < 0) {
                char act[64];
                jong_action_format(&want, act, sizeof act);
                failf(r, "seat %d may not %s (record: %s)", s, act, next);
                return;
            }
        } else {
            k = find(legal, n, JONG_ACT_PASS, -1, -1, 0, false);
            if (k < 0 && !r->log->complete && r->rc + 2 >= r->log->n) {
                r->ended = true; /* cut inside this decision (a riichi without its discard) */
                return;
            }
            if (k < 0) {
                failf(r, "the engine asks seat %d to act; the record's next event says nothing of it: %s", s, next);
                return;
            }
        }
        chosen[s] = legal[k];
    }
    for (int s = 0; s < 4 && !r->failed; s++) {
        if (!(pending >> s & 1))
            continue;
        jong_error err;
        if (jong_game_act(g, s, &chosen[s], &err)) {
            failf(r, "the engine refuses seat %d's answer: %s", s, err.msg);
            return;
        }
    }
}

int jong_mjai_replay(const jong_mjai_log *log, jong_mjai_replay_stats *st, jong_error *err)
{
    memset(st, 0, sizeof *st);
    if (log->players != 4)
        return jong_error_set(err, JONG_ERR_ARG, -1, "three-player game: Jong plays four-player riichi only");
    jong_ruleset rs;
    jong_ruleset_default(&rs, JONG_VARIANT_RIICHI);
    rs.tonpuu = !log->east_south;
    rs.red_fives = log->red_fives ? 3 : 0;
    replay r = {log, 0, st, false, false};
    jong_game *g = NULL;
    if (jong_game_new(&rs, 0, 0, sink, &r, &g, err))
        return err ? err->code : JONG_ERR_ARG;
    if (log->n && log->ev[0].type == JONG_MJAI_START_GAME)
        r.rc = 1;
    /* the engine starts games at East 1: a record that starts later cannot be dealt */
    if (r.rc < log->n) {
        const jong_mjai_event *sk = &log->ev[r.rc];
        bool first = sk->type == JONG_MJAI_START_KYOKU && sk->bakaze == 0 && sk->kyoku == 1 && sk->honba == 0 &&
                     sk->kyotaku == 0;
        for (int s = 0; s < 4 && first; s++)
            first = !(sk->has & JONG_MJAI_HAS_SCORES) || sk->scores[s] == rs.start_score;
        if (!first) {
            jong_game_free(g);
            st->not_from_start = true;
            return jong_error_set(err, JONG_ERR_ARG, -1, "the record starts in the middle of a game");
        }
    }
    while (!r.failed && r.rc < log->n && !jong_game_over(g)) {
        if (log->ev[r.rc].type != JONG_MJAI_START_KYOKU) {
            failf(&r, "a hand should start here");
            break;
        }
        uint8_t wall[WALL];
        if (build_wall(&r, r.rc, wall, log->red_fives))
            break;
        jong_error e;
        if (jong_game_start_hand_with_wall(g, wall, WALL, &e)) {
            failf(&r, "the engine does not deal the hand: %s", e.msg);
            break;
        }
        for (int steps = 0; !r.failed && !r.ended && !jong_game_hand_over(g) && jong_game_pending(g); steps++) {
            if (r.rc >= log->n && !log->complete) {
                r.ended = true;
                break;
            }
            if (steps > 2000) {
                failf(&r, "the hand does not end");
                break;
            }
            decide(&r, g);
        }
        if (!r.failed && !r.ended)
            st->hands++;
        if (r.ended)
            break;
    }
    if (!r.failed && !r.ended && r.rc < log->n)
        failf(&r, "the engine ends the game before the record does");
    if (!r.failed && log->complete && !jong_game_over(g))
        failf(&r, "the record ends the game; the engine does not");
    jong_game_free(g);
    st->cut = r.ended || !log->complete;
    if (r.failed)
        return jong_error_set(err, JONG_ERR_ARG, -1, "event %zu: %.150s", st->diff_event + 1, st->diff);
    return JONG_OK;
}
