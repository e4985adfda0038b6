/* Verifying a record: each game is re-run through the engine from its header (rules, seed, game
 * number). Where the engine waits for answers, the next recorded event(s) say what each pending
 * seat did; every event the engine emits is turned into JSON by the writer's own code and must
 * equal the recorded line at that place. Lines are read one at a time with a few lines of
 * lookahead (several winners on one discard), so a file of any length runs in little memory. */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jong/record.h"
#include "record_json.h"

#define LOOKAHEAD 5  /* up to three hora lines after a discard, and one more line */

typedef struct {
    char *text;
    size_t cap, len;
    json_t *json;        /* parsed on demand */
    long line;           /* 1-based */
    long long offset;    /* byte offset of the line in the file */
} rec_line;

typedef struct {
    FILE *f;
    rec_line q[LOOKAHEAD];  /* a ring of lines read ahead */
    int head, count;
    long nlines;            /* lines read so far */
    long long offset;       /* byte offset of the next line to read */
    bool eof;

    jong_game *g;
    int game_number;
    char names[JONG_SEATS][128];
    const char *name_ptrs[JONG_SEATS];

    jong_replay_stats *st;
    jong_error *err;
    bool failed;
    int rc;

    const jong_replay_hooks *hooks; /* jong_replay_observe_stream: told of decisions and events */
} replay;

/* ---- errors ---- */

static void vfail(replay *r, jong_errcode code, long line, long long offset, const char *fmt, va_list ap)
{
    if (r->failed)
        return;
    char msg[sizeof r->err->msg];
    vsnprintf(msg, sizeof msg, fmt, ap);
    for (char *p = msg; *p; p++)  /* the message may quote the file: keep it printable ASCII */
        if ((unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7f)
            *p = '?';
    r->failed = true;
    r->rc = code;
    r->st->error_line = line > INT_MAX ? INT_MAX : (int)line;
    if (line > 0)
        jong_error_set(r->err, code, offset >= 0 && offset <= INT_MAX ? (int)offset : -1, "line %ld: %s",
                       line, msg);
    else
        jong_error_set(r->err, code, -1, "%s", msg);
}

__attribute__((format(printf, 3, 4))) static void fail_at(replay *r, const rec_line *l, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(r, JONG_ERR_ARG, l->line, l->offset, fmt, ap);
    va_end(ap);
}

/* An error at the end of the file (the line after the last one). */
__attribute__((format(printf, 2, 3))) static void fail_eof(replay *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(r, JONG_ERR_ARG, r->nlines + 1, r->offset, fmt, ap);
    va_end(ap);
}

/* ---- reading lines ---- */

static bool read_line(replay *r, rec_line *l)
{
    errno = 0;
    ssize_t n = getline(&l->text, &l->cap, r->f);
    if (n < 0) {
        if (ferror(r->f) || errno == ENOMEM) {
            int e = errno;
            r->eof = true;
            if (!r->failed) {
                r->failed = true;
                r->rc = JONG_ERR_IO;
                r->st->error_line = r->nlines + 1 > INT_MAX ? INT_MAX : (int)(r->nlines + 1);
                jong_error_set(r->err, JONG_ERR_IO, -1, "line %ld: reading failed: %s", r->nlines + 1,
                               e ? strerror(e) : "read error");
            }
            return false;
        }
        r->eof = true;
        return false;
    }
    l->len = (size_t)n;
    l->line = ++r->nlines;
    l->offset = r->offset;
    r->offset += n;
    if (l->len && l->text[l->len - 1] == '\n')
        l->len--;
    if (l->len && l->text[l->len - 1] == '\r')
        l->len--;
    l->text[l->len] = 0;
    if (l->line == 1 && l->len >= 3 && !memcmp(l->text, "\xef\xbb\xbf", 3)) {
        /* a UTF-8 byte order mark (an editor on Windows writes one): skipped, as in every format */
        memmove(l->text, l->text + 3, l->len - 2);
        l->len -= 3;
    }
    l->json = NULL;
    return true;
}

/* The k-th line ahead (0 = the next one), or NULL at the end of the file or on a read error. */
static rec_line *peek(replay *r, int k)
{
    while (r->count <= k) {
        if (r->eof || r->count == LOOKAHEAD)
            return NULL;
        rec_line *l = &r->q[(r->head + r->count) % LOOKAHEAD];
        if (!read_line(r, l))
            return NULL;
        r->count++;
    }
    return &r->q[(r->head + k) % LOOKAHEAD];
}

static void drop(replay *r)
{
    rec_line *l = &r->q[r->head];
    json_decref(l->json);
    l->json = NULL;
    r->head = (r->head + 1) % LOOKAHEAD;
    r->count--;
}

/* The line as a JSON object, or NULL after reporting why it is not one. */
static json_t *line_json(replay *r, rec_line *l)
{
    if (l->json)
        return l->json;
    json_error_t je;
    json_t *j = json_loadb(l->text, l->len, JSON_REJECT_DUPLICATES, &je);
    if (!j) {
        fail_at(r, l, "not valid JSON (column %d: %s)", je.column, je.text);
        return NULL;
    }
    if (!json_is_object(j)) {
        json_decref(j);
        fail_at(r, l, "not a JSON object");
        return NULL;
    }
    l->json = j;
    return j;
}

/* ---- fields ---- */

static const char *line_type(replay *r, rec_line *l, json_t *j)
{
    const char *t = json_string_value(json_object_get(j, "type"));
    if (!t)
        fail_at(r, l, "no \"type\" string");
    return t;
}

static bool get_seat(replay *r, rec_line *l, json_t *j, const char *type, const char *key, int *out)
{
    json_t *v = json_object_get(j, key);
    if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) >= JONG_SEATS) {
        fail_at(r, l, "%s: \"%s\" must be a seat 0..3", type, key);
        return false;
    }
    *out = (int)json_integer_value(v);
    return true;
}

static int tile_value(json_t *v)
{
    return record_tile_code(json_string_value(v));
}

static bool get_tile(replay *r, rec_line *l, json_t *j, const char *type, const char *key, int *out)
{
    int c = tile_value(json_object_get(j, key));
    if (c < 0) {
        fail_at(r, l, "%s: \"%s\" must be a tile name (1m..9m, 1p..9p, 1s..9s, E S W N P F C, f1..s4)",
                type, key);
        return false;
    }
    *out = c;
    return true;
}

/* consumed as tile codes; at most 4 */
static bool get_consumed(replay *r, rec_line *l, json_t *j, const char *type, int out[4], int *n)
{
    json_t *a = json_object_get(j, "consumed");
    size_t len = json_array_size(a);
    if (!json_is_array(a) || len < 1 || len > 4) {
        fail_at(r, l, "%s: \"consumed\" must be a list of 1 to 4 tiles", type);
        return false;
    }
    for (size_t i = 0; i < len; i++)
        if ((out[i] = tile_value(json_array_get(a, i))) < 0) {
            fail_at(r, l, "%s: \"consumed\" holds something that is not a tile name", type);
            return false;
        }
    *n = (int)len;
    return true;
}

/* ---- comparing an engine event with its line ---- */

static void shorten(const json_t *j, char *buf, size_t n)
{
    char tmp[512];
    size_t len = 0;
    char *s = j ? record_dump(j, tmp, sizeof tmp, &len) : NULL;
    if (!s) {
        snprintf(buf, n, "(missing)");
        return;
    }
    if (len > 60)
        snprintf(buf, n, "%.57s...", s);
    else
        snprintf(buf, n, "%s", s);
    if (s != tmp)
        free(s);
}

/* Descend into rec and mine while they are containers of the same kind, to the first place
 * where they differ; the path ("tehais[0][5]") goes into path. */
static void first_difference(json_t **rec, json_t **mine, char *path, size_t n)
{
    size_t used = strlen(path);
    for (;;) {
        json_t *a = *rec, *b = *mine, *x = NULL, *y = NULL;
        if (json_is_object(a) && json_is_object(b)) {
            const char *key;
            json_t *v;
            json_object_foreach(b, key, v) {
                json_t *w = json_object_get(a, key);
                if (!w || !json_equal(v, w)) {
                    x = w;
                    y = v;
                    used += (size_t)snprintf(path + used, used < n ? n - used : 0, "%s%.30s", used ? "." : "", key);
                    break;
                }
            }
            if (!y)  /* a key only the record has */
                json_object_foreach(a, key, v) {
                    if (!json_object_get(b, key)) {
                        x = v;
                        used += (size_t)snprintf(path + used, used < n ? n - used : 0, "%s%.30s", used ? "." : "", key);
                        break;
                    }
                }
            if (!x && !y)
                return;
        } else if (json_is_array(a) && json_is_array(b)) {
            size_t na = json_array_size(a), nb = json_array_size(b), i;
            for (i = 0; i < na && i < nb; i++)
                if (!json_equal(json_array_get(a, i), json_array_get(b, i)))
                    break;
            if (i == na && i == nb)
                return;
            if (i == na || i == nb)
                return;  /* one list is longer: show both whole */
            x = json_array_get(a, i);
            y = json_array_get(b, i);
            used += (size_t)snprintf(path + used, used < n ? n - used : 0, "[%zu]", i);
        } else {
            return;
        }
        *rec = x;
        *mine = y;
        if (!x || !y || used >= n)
            return;
    }
}

/* "recorded X, engine produced Y", naming the first differing field when the types agree. */
static void report_mismatch(replay *r, rec_line *l, json_t *rec, json_t *mine)
{
    char a[80], b[80], path[96] = "";
    const char *rt = json_string_value(json_object_get(rec, "type"));
    const char *mt = json_string_value(json_object_get(mine, "type"));
    if (rt && mt && !strcmp(rt, mt)) {
        json_t *x = rec, *y = mine;
        first_difference(&x, &y, path, sizeof path);
        shorten(x, a, sizeof a);
        shorten(y, b, sizeof b);
        fail_at(r, l, "recorded %s with %s = %s, engine produced %s", rt, path, a, b);
        return;
    }
    shorten(rec, a, sizeof a);
    shorten(mine, b, sizeof b);
    fail_at(r, l, "recorded %s, engine produced %s", a, b);
}

static void count(int *c)
{
    if (*c < INT_MAX)
        (*c)++;
}

static void sink(void *ctx, const jong_event *ev)
{
    replay *r = ctx;
    if (r->failed)
        return;
    if (r->hooks && r->hooks->event && r->g)
        r->hooks->event(r->hooks->ctx, r->g, ev);
    char buf[4096], desc[80];
    size_t len = 0;
    char *text = record_event_text(ev, r->name_ptrs, buf, sizeof buf, &len);
    if (!text) {
        fail_eof(r, "out of memory");
        return;
    }
    rec_line *l = peek(r, 0);
    if (l && l->len == len && !memcmp(l->text, text, len)) {
        drop(r);  /* the usual case: the very same bytes */
    } else {
        /* the same JSON written differently is fine too; otherwise say where they differ */
        json_t *mine = record_event_json(ev, r->name_ptrs);
        if (!l) {
            shorten(mine, desc, sizeof desc);
            if (!r->failed)
                fail_eof(r, "the record ends in the middle of game %d (the engine goes on with %s)",
                         r->game_number, desc);
        } else {
            json_t *rec = line_json(r, l);
            if (rec && !json_equal(rec, mine))
                report_mismatch(r, l, rec, mine);
            if (!r->failed)
                drop(r);
        }
        json_decref(mine);
    }
    if (!r->failed) {
        count(&r->st->events);
        if (ev->type == JONG_EV_START_HAND)
            count(&r->st->hands);
    }
    if (text != buf)
        free(text);
}

/* ---- the answers of the pending seats ---- */

/* The legal action of this type on this tile code (a red five gives the kind and JONG_ACT_FLAG_RED
 * for discards and kakan; tile < 0: any tile), with extra flags (riichi, a call using a red five). */
static int find_action_flags(const jong_action *legal, int n, int type, int tile, int low, int flags)
{
    if (tile >= 0 && jong_code_is_red(tile)) {
        if (type == JONG_ACT_DISCARD || type == JONG_ACT_ADDED_KONG)
            flags |= JONG_ACT_FLAG_RED;
        tile = jong_code_kind(tile);
    }
    for (int i = 0; i < n; i++)
        if (legal[i].type == type && (tile < 0 || legal[i].tile == tile) && legal[i].low == low &&
            (legal[i].flags == flags || type == JONG_ACT_PASS || type == JONG_ACT_WIN || type == JONG_ACT_SELF_DRAW_WIN))
            return i;
    return -1;
}

static int find_action(const jong_action *legal, int n, int type, int tile, int low)
{
    return find_action_flags(legal, n, type, tile, low, 0);
}

static void illegal(replay *r, rec_line *l, int seat, int type, int tile, int low)
{
    /* in the record's own tile names */
    if (type == JONG_ACT_CHI)
        fail_at(r, l, "illegal action chi %s with %s-%s for seat %d", record_tile_name(tile), record_tile_name(low),
                record_tile_name(low + 2), seat);
    else
        fail_at(r, l, "illegal action %s %s for seat %d", jong_action_type_name(type), record_tile_name(tile), seat);
}

static void act(replay *r, rec_line *l, int seat, const jong_action *a)
{
    if (r->hooks && r->hooks->decision)
        r->hooks->decision(r->hooks->ctx, r->g, seat, a);
    jong_error e;
    if (jong_game_act(r->g, seat, a, &e) != JONG_OK)
        fail_at(r, l, "the engine refused seat %d's answer: %s", seat, e.msg);
}

/* Fast paths for the commonest lines, as the writer spells them (anything else goes through
 * jansson): a whole dahai line, and the start of a tsumo or ryukyoku line after a discard. */
#define LIT(s) s, sizeof s - 1
static bool starts(const rec_line *l, size_t at, const char *lit, size_t n)
{
    return l->len >= at + n && !memcmp(l->text + at, lit, n);
}

static bool fast_dahai(const rec_line *l, int *actor, int *tile)
{
    size_t at = sizeof "{\"type\":\"dahai\",\"actor\":" - 1;
    if (!starts(l, 0, LIT("{\"type\":\"dahai\",\"actor\":")) || l->len < at + 1 || l->text[at] < '0' ||
        l->text[at] > '3' || !starts(l, at + 1, LIT(",\"pai\":\"")))
        return false;
    *actor = l->text[at] - '0';
    at += 1 + sizeof ",\"pai\":\"" - 1;
    const char *q = memchr(l->text + at, '"', l->len - at);
    if (!q || q - (l->text + at) > 2)
        return false;
    char name[3] = {0};
    memcpy(name, l->text + at, (size_t)(q - (l->text + at)));
    if ((*tile = record_tile_code(name)) < 0)
        return false;
    at = (size_t)(q - l->text) + 1;
    return (starts(l, at, LIT(",\"tsumogiri\":true}")) && l->len == at + sizeof ",\"tsumogiri\":true}" - 1) ||
           (starts(l, at, LIT(",\"tsumogiri\":false}")) && l->len == at + sizeof ",\"tsumogiri\":false}" - 1);
}

/* A turn: the pending seat has drawn or claimed; the next line is its discard, kong or win. */
static void turn_decision(replay *r, int seat, const jong_action *legal, int n)
{
    rec_line *l = peek(r, 0);
    if (!l) {
        if (!r->failed)
            fail_eof(r, "the record ends in the middle of game %d (seat %d is to play)", r->game_number, seat);
        return;
    }
    int fa, ft;
    if (fast_dahai(l, &fa, &ft) && fa == seat) {
        int i = find_action(legal, n, JONG_ACT_DISCARD, ft, 0);
        if (i >= 0) {
            act(r, l, seat, &legal[i]);
            return;
        }
    }
    json_t *j = line_json(r, l);
    const char *type = j ? line_type(r, l, j) : NULL;
    if (!type)
        return;
    /* an open kan's dora indicator is shown just before the discard: the answer follows it */
    for (int k = 1; !strcmp(type, "dora") && k < LOOKAHEAD - 1; k++) {
        l = peek(r, k);
        if (!l) {
            if (!r->failed)
                fail_eof(r, "the record ends in the middle of game %d (seat %d is to play)", r->game_number, seat);
            return;
        }
        j = line_json(r, l);
        type = j ? line_type(r, l, j) : NULL;
        if (!type)
            return;
    }
    int t, actor, tile, consumed[4], nc, flags = 0;
    if (!strcmp(type, "reach")) {
        /* a riichi declaration: the discard on the next line declares it */
        if (!get_seat(r, l, j, type, "actor", &actor))
            return;
        if (actor != seat) {
            fail_at(r, l, "seat %d is to play here, the record has reach by seat %d", seat, actor);
            return;
        }
        rec_line *d = peek(r, (int)((l->line - peek(r, 0)->line) + 1));
        json_t *dj = d ? line_json(r, d) : NULL;
        if (!dj) {
            if (!r->failed)
                fail_eof(r, "the record ends after seat %d's reach", seat);
            return;
        }
        const char *dt = json_string_value(json_object_get(dj, "type"));
        if (!dt || strcmp(dt, "dahai")) {
            fail_at(r, d, "a reach must be followed by its dahai");
            return;
        }
        l = d;
        j = dj;
        type = dt;
        flags = JONG_ACT_FLAG_RIICHI;
    }
    if (!strcmp(type, "ryukyoku")) {
        /* kyuushu kyuuhai is the only draw a seat declares on its turn */
        const char *reason = json_string_value(json_object_get(j, "reason"));
        int i = find_action(legal, n, JONG_ACT_NINE_TERMINALS, -1, 0);
        if (!reason || strcmp(reason, "kyushukyuhai") || i < 0) {
            fail_at(r, l, "seat %d is to discard, kong or win here, the record has a ryukyoku", seat);
            return;
        }
        act(r, l, seat, &legal[i]);
        return;
    }
    if (!strcmp(type, "dahai")) t = JONG_ACT_DISCARD;
    else if (!strcmp(type, "nukidora")) t = JONG_ACT_KITA;
    else if (!strcmp(type, "ankan")) t = JONG_ACT_CONCEALED_KONG;
    else if (!strcmp(type, "kakan")) t = JONG_ACT_ADDED_KONG;
    else if (!strcmp(type, "hora")) t = JONG_ACT_SELF_DRAW_WIN;
    else {
        fail_at(r, l, "seat %d is to discard, kong or win here, the record has %.40s", seat, type);
        return;
    }
    if (!get_seat(r, l, j, type, "actor", &actor))
        return;
    if (actor != seat) {
        fail_at(r, l, "seat %d is to play here, the record has %s by seat %d", seat, type, actor);
        return;
    }
    if (t == JONG_ACT_CONCEALED_KONG) {
        if (!get_consumed(r, l, j, type, consumed, &nc))
            return;
        tile = jong_code_kind(consumed[0]) == JONG_NO_TILE ? consumed[0] : jong_code_kind(consumed[0]);
    } else if (!get_tile(r, l, j, type, "pai", &tile)) {
        return;
    }
    if (t == JONG_ACT_SELF_DRAW_WIN && jong_code_is_red(tile))
        tile = jong_code_kind(tile);
    int i = find_action_flags(legal, n, t, tile, 0, flags);
    if (i < 0) {
        illegal(r, l, seat, t, tile, 0);
        return;
    }
    act(r, l, seat, &legal[i]);
}

/* A claim or robbing decision: every pending seat may pass. The next line is a chi, pon or
 * daiminkan by one of them, or one hora per winner, or anything else (all pass). */
static void claim_decision(replay *r, unsigned pending, jong_action legal[JONG_SEATS][JONG_MAX_ACTIONS],
                           const int n[JONG_SEATS])
{
    int choice[JONG_SEATS];
    rec_line *choice_line[JONG_SEATS];
    for (int s = 0; s < JONG_SEATS; s++) {
        choice[s] = (pending >> s & 1) ? find_action(legal[s], n[s], JONG_ACT_PASS, -1, 0) : -1;
        choice_line[s] = NULL;
    }
    rec_line *l = peek(r, 0);
    if (!l) {
        if (!r->failed)
            fail_eof(r, "the record ends in the middle of game %d (seats are to claim or pass)", r->game_number);
        return;
    }
    /* the next draw or the exhaustive draw: everyone passed (the line itself is checked when the
     * engine emits its event) */
    if (starts(l, 0, LIT("{\"type\":\"reach_accepted\","))) {
        /* the riichi stick is paid before a call of the riichi discard: the call, if any, follows */
        rec_line *next = peek(r, 1);
        if (!next) {
            if (!r->failed)
                fail_eof(r, "the record ends in the middle of game %d (after reach_accepted)", r->game_number);
            return;
        }
        l = next;
    }
    if (starts(l, 0, LIT("{\"type\":\"ryukyoku\",\"reason\":\"sanchaho\""))) {
        /* three rons abort the hand: the record has no hora, every seat that could win did */
        for (int s = 0; s < JONG_SEATS; s++) {
            int i = (pending >> s & 1) ? find_action(legal[s], n[s], JONG_ACT_WIN, -1, 0) : -1;
            if (i >= 0)
                choice[s] = i;
        }
        for (int s = 0; s < JONG_SEATS && !r->failed; s++)
            if (pending >> s & 1)
                act(r, l, s, &legal[s][choice[s]]);
        return;
    }
    bool all_pass = starts(l, 0, LIT("{\"type\":\"tsumo\",")) || starts(l, 0, LIT("{\"type\":\"ryukyoku\","));
    json_t *j = all_pass ? NULL : line_json(r, l);
    const char *type = j ? line_type(r, l, j) : all_pass ? "" : NULL;
    if (!type)
        return;
    int actor, tile, t = -1;
    if (!strcmp(type, "chi")) t = JONG_ACT_CHI;
    else if (!strcmp(type, "pon")) t = JONG_ACT_PON;
    else if (!strcmp(type, "daiminkan")) t = JONG_ACT_KONG;
    if (t >= 0) {
        int consumed[4], nc, low = 0, flags = 0;
        if (!get_seat(r, l, j, type, "actor", &actor) || !get_tile(r, l, j, type, "pai", &tile) ||
            !get_consumed(r, l, j, type, consumed, &nc))
            return;
        /* a chi or pon that uses a red five from the hand says so (a daiminkan takes every copy) */
        for (int c = 0; c < nc; c++)
            if (jong_code_is_red(consumed[c])) {
                if (t != JONG_ACT_KONG)
                    flags = JONG_ACT_FLAG_RED;
                consumed[c] = jong_code_kind(consumed[c]);
            }
        if (jong_code_is_red(tile))
            tile = jong_code_kind(tile);
        if (t == JONG_ACT_CHI) {
            /* the three kinds must make a sequence in one suit */
            int k[3] = {tile, consumed[0], nc > 1 ? consumed[1] : -1};
            for (int a = 0; a < 3; a++)
                for (int b = a + 1; b < 3; b++)
                    if (k[b] < k[a]) {
                        int x = k[a];
                        k[a] = k[b];
                        k[b] = x;
                    }
            if (nc != 2 || k[0] < 0 || k[2] >= JONG_NUMBER_KINDS || k[1] != k[0] + 1 || k[2] != k[0] + 2 ||
                k[0] / 9 != k[2] / 9) {
                fail_at(r, l, "chi: \"pai\" and \"consumed\" do not make a sequence");
                return;
            }
            low = k[0];
        }
        int i = (pending >> actor & 1) ? find_action_flags(legal[actor], n[actor], t, tile, low, flags) : -1;
        if (i < 0) {
            illegal(r, l, actor, t, tile, low);
            return;
        }
        choice[actor] = i;
        choice_line[actor] = l;
    } else if (!strcmp(type, "hora")) {
        /* one line per winner, in turn order */
        for (int k = 0; k < 3; k++) {
            rec_line *h = k ? peek(r, k) : l;
            if (!h)
                break;
            json_t *hj = line_json(r, h);
            if (!hj)
                return;
            const char *ht = json_string_value(json_object_get(hj, "type"));
            if (!ht || strcmp(ht, "hora"))
                break;
            if (!get_seat(r, h, hj, ht, "actor", &actor) || !get_tile(r, h, hj, ht, "pai", &tile))
                return;
            int i = (pending >> actor & 1) ? find_action(legal[actor], n[actor], JONG_ACT_WIN, tile, 0) : -1;
            if (i < 0 || choice_line[actor]) {
                illegal(r, h, actor, JONG_ACT_WIN, tile, 0);
                return;
            }
            choice[actor] = i;
            choice_line[actor] = h;
        }
    }
    for (int s = 0; s < JONG_SEATS && !r->failed; s++) {
        if (!(pending >> s & 1))
            continue;
        if (choice[s] < 0) {
            fail_at(r, l, "seat %d is asked but may not pass (an engine error)", s);
            return;
        }
        act(r, choice_line[s] ? choice_line[s] : l, s, &legal[s][choice[s]]);
    }
}

static void decision(replay *r)
{
    jong_action acts[JONG_SEATS][JONG_MAX_ACTIONS];
    int n[JONG_SEATS] = {0};
    unsigned pending = jong_game_pending(r->g);
    bool may_pass = false;
    int seats = 0, seat = -1;
    for (int s = 0; s < JONG_SEATS; s++) {
        if (!(pending >> s & 1))
            continue;
        n[s] = jong_game_legal(r->g, s, acts[s]);
        may_pass |= find_action(acts[s], n[s], JONG_ACT_PASS, -1, 0) >= 0;
        seats++;
        seat = s;
    }
    if (!may_pass && seats == 1)
        turn_decision(r, seat, acts[seat], n[seat]);
    else
        claim_decision(r, pending, acts, n);
}

/* ---- the header and one game ---- */

static bool parse_seed(json_t *v, uint64_t *out)
{
    if (json_is_integer(v) && json_integer_value(v) >= 0) {
        *out = (uint64_t)json_integer_value(v);
        return true;
    }
    const char *s = json_string_value(v);
    if (!s || !*s || strlen(s) > 20)
        return false;
    uint64_t x = 0;
    for (const char *p = s; *p; p++) {
        if (*p < '0' || *p > '9')
            return false;
        unsigned d = (unsigned)(*p - '0');
        if (x > (UINT64_MAX - d) / 10)
            return false;
        x = x * 10 + d;
    }
    *out = x;
    return true;
}

static bool parse_header(replay *r, rec_line *l, json_t *h, jong_ruleset *rs, uint64_t *seed)
{
    json_t *v = json_object_get(h, "format");
    if (!json_is_integer(v) || json_integer_value(v) != JONG_RECORD_FORMAT) {
        char f[80];
        shorten(v, f, sizeof f);
        fail_at(r, l, "record format %s is not supported (this program reads format %d)", f, JONG_RECORD_FORMAT);
        return false;
    }
    json_t *rules = json_object_get(h, "rules");
    if (!json_is_object(rules)) {
        fail_at(r, l, "the header has no \"rules\" object");
        return false;
    }
    const char *variant = json_string_value(json_object_get(rules, "variant"));
    if (!variant || (strcmp(variant, "taiwan") && strcmp(variant, "riichi"))) {
        fail_at(r, l, "rules: \"variant\" must be \"taiwan\" or \"riichi\"");
        return false;
    }
    jong_ruleset_default(rs, strcmp(variant, "taiwan") ? JONG_VARIANT_RIICHI : JONG_VARIANT_TAIWAN);
    const char *key;
    json_object_foreach(rules, key, v) {
        if (!strcmp(key, "variant"))
            continue;
        char num[32];
        const char *value = json_string_value(v);
        if (json_is_integer(v)) {
            snprintf(num, sizeof num, "%lld", (long long)json_integer_value(v));
            value = num;
        }
        if (!value) {
            fail_at(r, l, "rules: option \"%.60s\" must have a string value", key);
            return false;
        }
        jong_error e;
        if (jong_ruleset_set(rs, key, value, &e)) {
            fail_at(r, l, "rules: %s", e.msg);
            return false;
        }
    }
    if (!parse_seed(json_object_get(h, "seed"), seed)) {
        fail_at(r, l, "the header's \"seed\" must be a decimal string 0..18446744073709551615");
        return false;
    }
    v = json_object_get(h, "game");
    if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > INT_MAX) {
        fail_at(r, l, "the header's \"game\" must be a game number 0..%d", INT_MAX);
        return false;
    }
    r->game_number = (int)json_integer_value(v);
    v = json_object_get(h, "players");
    int seats = jong_ruleset_seats(rs);  /* three players (three_player=on): three */
    if (json_array_size(v) != (size_t)seats) {
        fail_at(r, l, "the header's \"players\" must list %d players", seats);
        return false;
    }
    for (int s = 0; s < seats; s++) {
        const char *p = json_string_value(json_array_get(v, (size_t)s));
        if (!p || strlen(p) >= sizeof r->names[s]) {
            fail_at(r, l, "the header's \"players\" must be 4 strings (player specs of at most %d bytes)",
                    (int)sizeof r->names[s] - 1);
            return false;
        }
        snprintf(r->names[s], sizeof r->names[s], "%s", p);
        r->name_ptrs[s] = r->names[s];
    }
    return true;
}

static void replay_game(replay *r, rec_line *l, json_t *h)
{
    jong_ruleset rs;
    uint64_t seed;
    if (!parse_header(r, l, h, &rs, &seed))
        return;
    drop(r);  /* the header */
    jong_error e;
    if (jong_game_new(&rs, seed, r->game_number, sink, r, &r->g, &e)) {
        fail_eof(r, "%s", e.msg);
        return;
    }
    while (!r->failed && !jong_game_over(r->g)) {
        if (jong_game_start_hand(r->g, &e)) {
            fail_eof(r, "the engine cannot start hand %d: %s", jong_game_hands_played(r->g), e.msg);
            break;
        }
        while (!r->failed && !jong_game_hand_over(r->g)) {
            if (!jong_game_pending(r->g)) {
                fail_eof(r, "the engine stopped in the middle of a hand (an engine error)");
                break;
            }
            decision(r);
        }
    }
    jong_game_free(r->g);
    r->g = NULL;
    if (!r->failed)
        count(&r->st->games);
}

int jong_replay_verify_stream(FILE *f, jong_replay_stats *st, jong_error *err)
{
    return jong_replay_observe_stream(f, NULL, st, err);
}

int jong_replay_observe_stream(FILE *f, const jong_replay_hooks *hooks, jong_replay_stats *st, jong_error *err)
{
    jong_replay_stats dummy;
    jong_error err_dummy;
    replay r;
    memset(&r, 0, sizeof r);
    r.hooks = hooks;
    r.f = f;
    r.st = st ? st : &dummy;
    r.err = err ? err : &err_dummy;
    memset(r.st, 0, sizeof *r.st);
    jong_error_clear(err);
    for (int s = 0; s < JONG_SEATS; s++)
        r.name_ptrs[s] = "?";
    while (!r.failed) {
        rec_line *l = peek(&r, 0);
        if (!l)
            break;
        json_t *j = line_json(&r, l);
        const char *type = j ? line_type(&r, l, j) : NULL;
        if (!type)
            break;
        if (strcmp(type, "jong_record")) {
            if (r.st->games)
                fail_at(&r, l, "after game %d's end_game: expected the header of another game, found %.40s",
                        r.game_number, type);
            else
                fail_at(&r, l, "not a record header (the first line must have \"type\":\"jong_record\")");
            break;
        }
        replay_game(&r, l, j);
    }
    if (!r.failed && r.nlines == 0)
        fail_eof(&r, "the record is empty");
    while (r.count)
        drop(&r);
    for (int i = 0; i < LOOKAHEAD; i++)
        free(r.q[i].text);
    return r.failed ? r.rc : JONG_OK;
}

int jong_replay_verify(const char *path, jong_replay_stats *st, jong_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        if (st) {
            memset(st, 0, sizeof *st);
        }
        return jong_error_set(err, JONG_ERR_IO, -1, "%s", strerror(errno));
    }
    int rc = jong_replay_verify_stream(f, st, err);
    fclose(f);
    return rc;
}
