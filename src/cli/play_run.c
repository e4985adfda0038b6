/* Self-play as a run of numbered games (play_run.h): the header, a game, its line, the threads. */
#include "play_run.h"

#include <inttypes.h>
#include <jansson.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_players.h"
#include "cli_util.h"

#define FORMAT_VERSION 1

static const char *variant_name(jong_variant v) { return v == JONG_VARIANT_TAIWAN ? "taiwan" : "riichi"; }

char *play_header_text(const play_config *cfg, bool check)
{
    json_t *o = json_object(), *opts = json_object(), *players = json_array();
    json_object_set_new(o, "jong_play", json_integer(FORMAT_VERSION));
    json_object_set_new(o, "version", json_string(JONG_VERSION));
    json_object_set_new(o, "rules", json_string(variant_name(cfg->rules.variant)));
    for (int i = 0; i < jong_ruleset_option_count(&cfg->rules); i++) {
        char buf[64];
        const char *name = jong_ruleset_option(&cfg->rules, i, buf, sizeof buf);
        json_object_set_new(opts, name, json_string(buf));
    }
    json_object_set_new(o, "options", opts);
    for (int s = 0; s < jong_ruleset_seats(&cfg->rules); s++)
        json_array_append_new(players, json_string(cfg->players[s]));
    json_object_set_new(o, "players", players);
    char seed[24];
    snprintf(seed, sizeof seed, "%" PRIu64, cfg->seed);
    json_object_set_new(o, "seed", json_string(seed));
    json_object_set_new(o, "games", json_integer(cfg->games));
    json_object_set_new(o, "records", json_boolean(cfg->records));
    if (check)
        json_object_set_new(o, "check", json_boolean(cfg->check));
    char *text = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(o);
    char *line = text ? malloc(strlen(text) + 2) : NULL;
    if (line)
        sprintf(line, "%s\n", text);
    free(text);
    return line;
}

int play_header_parse(const char *line, play_config *cfg, char *why, size_t n)
{
    memset(cfg, 0, sizeof *cfg);
    json_error_t je;
    json_t *o = json_loads(line, 0, &je);
    int rc = -1;
    const char *rules = json_string_value(json_object_get(o, "rules"));
    json_t *opts = json_object_get(o, "options"), *players = json_object_get(o, "players");
    const char *seed = json_string_value(json_object_get(o, "seed"));
    json_t *games = json_object_get(o, "games"), *records = json_object_get(o, "records");
    char *end;
    if (!o)
        snprintf(why, n, "not JSON: %s", je.text);
    else if (json_integer_value(json_object_get(o, "jong_play")) != FORMAT_VERSION)
        snprintf(why, n, "not the header of a jong play run (format %d)", FORMAT_VERSION);
    else if (!rules || (strcmp(rules, "taiwan") && strcmp(rules, "riichi")) || !json_is_object(opts))
        snprintf(why, n, "bad \"rules\" or \"options\"");
    else if (!json_is_array(players) || (json_array_size(players) != JONG_SEATS && json_array_size(players) != 3))
        snprintf(why, n, "\"players\" is not %d player specs", JONG_SEATS);
    else if (!seed || !*seed || (cfg->seed = strtoull(seed, &end, 10), *end))
        snprintf(why, n, "bad \"seed\"");
    else if (!json_is_integer(games) || json_integer_value(games) < 1 || json_integer_value(games) > 100000000)
        snprintf(why, n, "bad \"games\"");
    else if (!json_is_boolean(records))
        snprintf(why, n, "bad \"records\"");
    else
        rc = 0;
    if (!rc) {
        cfg->games = (int)json_integer_value(games);
        cfg->records = json_is_true(records);
        cfg->check = json_is_true(json_object_get(o, "check"));
        jong_ruleset_default(&cfg->rules, strcmp(rules, "taiwan") ? JONG_VARIANT_RIICHI : JONG_VARIANT_TAIWAN);
        const char *key;
        json_t *v;
        jong_error e;
        json_object_foreach(opts, key, v)
            if (!rc && (!json_is_string(v) || jong_ruleset_set(&cfg->rules, key, json_string_value(v), &e)))
                rc = -1, snprintf(why, n, "bad option \"%.60s\"", key);
        if (!rc && json_array_size(players) != (size_t)jong_ruleset_seats(&cfg->rules))
            rc = -1, snprintf(why, n, "\"players\" is not %d player specs", jong_ruleset_seats(&cfg->rules));
        for (int s = 0; s < jong_ruleset_seats(&cfg->rules) && !rc; s++) {
            const char *p = json_string_value(json_array_get(players, (size_t)s));
            if (!p || !*p || strlen(p) >= JONG_PLAYER_SPEC_MAX)
                rc = -1, snprintf(why, n, "bad player %d", s);
            else
                snprintf(cfg->players[s], sizeof cfg->players[s], "%s", p);
        }
    }
    json_decref(o);
    return rc;
}

bool play_config_same(const play_config *a, const play_config *b, char *why, size_t n)
{
    if (!jong_ruleset_same(&a->rules, &b->rules, why, n))
        return false;
    for (int s = 0; s < JONG_SEATS; s++)
        if (strcmp(a->players[s], b->players[s]))
            return snprintf(why, n, "player %d = %.100s, not %.100s", s, a->players[s], b->players[s]), false;
    if (a->seed != b->seed)
        return snprintf(why, n, "seed %" PRIu64 ", not %" PRIu64, a->seed, b->seed), false;
    if (a->games != b->games)
        return snprintf(why, n, "%d games, not %d", a->games, b->games), false;
    if (a->records != b->records)
        return snprintf(why, n, "records %s", a->records ? "on" : "off"), false;
    return true;
}

/* ---- one game's line ---- */

enum { SEAT_FIELDS = 7 }; /* hands, wins, self-draws, deal-ins, draws, tai (han), score */

size_t play_result_line(int g, const jong_game_result *res, char *buf, size_t n)
{
    size_t at = (size_t)snprintf(buf, n, "{\"game\":%d,\"hands\":%d,\"actions\":%" PRId64 ",\"seats\":[", g,
                                 res->hands, res->actions);
    for (int s = 0; s < JONG_SEATS && at < n; s++) {
        const jong_seat_stats *st = &res->seats[s];
        at += (size_t)snprintf(buf + at, n - at, "%s[%d,%d,%d,%d,%d,%" PRId64 ",%" PRId32 "]", s ? "," : "",
                               st->hands, st->wins, st->self_draws, st->deal_ins, st->draws, st->tai,
                               res->scores[s]);
    }
    if (at < n)
        at += (size_t)snprintf(buf + at, n - at, "]}\n");
    return at < n ? at : n - 1;
}

int play_result_parse(const char *line, size_t len, int *g, jong_game_result *res, char *why, size_t n)
{
    memset(res, 0, sizeof *res);
    json_error_t je;
    json_t *o = json_loadb(line, len, 0, &je), *seats = json_object_get(o, "seats");
    json_t *game = json_object_get(o, "game"), *hands = json_object_get(o, "hands"),
           *actions = json_object_get(o, "actions");
    int rc = -1;
    if (!o)
        snprintf(why, n, "not JSON: %s", je.text);
    else if (!json_is_integer(game) || !json_is_integer(hands) || !json_is_integer(actions) ||
             !json_is_array(seats) || json_array_size(seats) != JONG_SEATS)
        snprintf(why, n, "not a game's line (game, hands, actions, seats)");
    else
        rc = 0;
    for (int s = 0; s < JONG_SEATS && !rc; s++) {
        json_t *x = json_array_get(seats, (size_t)s);
        int64_t v[SEAT_FIELDS];
        for (int i = 0; i < SEAT_FIELDS && !rc; i++) {
            json_t *e = json_array_get(x, (size_t)i);
            if (!json_is_integer(e) || json_array_size(x) != SEAT_FIELDS)
                rc = -1, snprintf(why, n, "seat %d is not %d numbers", s, SEAT_FIELDS);
            else
                v[i] = json_integer_value(e);
        }
        if (!rc) {
            jong_seat_stats *st = &res->seats[s];
            st->hands = (int)v[0], st->wins = (int)v[1], st->self_draws = (int)v[2], st->deal_ins = (int)v[3];
            st->draws = (int)v[4], st->tai = v[5], res->scores[s] = (int32_t)v[6];
        }
    }
    if (!rc) {
        *g = (int)json_integer_value(game);
        res->hands = (int)json_integer_value(hands);
        res->actions = json_integer_value(actions);
    }
    json_decref(o);
    return rc;
}

void play_result_add(jong_game_result *total, const jong_game_result *res)
{
    for (int s = 0; s < JONG_SEATS; s++) {
        jong_seat_stats *a = &total->seats[s];
        const jong_seat_stats *b = &res->seats[s];
        a->hands += b->hands;
        a->wins += b->wins;
        a->self_draws += b->self_draws;
        a->deal_ins += b->deal_ins;
        a->draws += b->draws;
        a->tai += b->tai;
        total->scores[s] += res->scores[s];
    }
    total->hands += res->hands;
    total->actions += res->actions;
}

int play_msg_parse(const char *bytes, size_t len, play_game_msg *m, char *why, size_t n)
{
    memset(m, 0, sizeof *m);
    const char *nl = len > sizeof m->game ? memchr(bytes + sizeof m->game, '\n', len - sizeof m->game) : NULL;
    if (!nl)
        return snprintf(why, n, "a game's result without its line"), -1;
    memcpy(&m->game, bytes, sizeof m->game);
    m->line = bytes + sizeof m->game;
    m->line_len = (size_t)(nl + 1 - m->line);
    m->record = nl + 1;
    m->record_len = len - (size_t)(m->record - bytes);
    int g;
    if (play_result_parse(m->line, m->line_len - 1, &g, &m->res, why, n))
        return -1;
    if (g != m->game)
        return snprintf(why, n, "game %d's line says game %d", m->game, g), -1;
    return 0;
}

/* ---- the threads ---- */

typedef struct {
    const play_config *cfg;
    const play_source *src;
    pthread_mutex_t lock;
    atomic_bool failed;  /* the first error stops every thread */
    jong_error err;
} run;

typedef struct {
    run *r;
    int worker, rc;
} worker;

static void on_hand(void *ctx, const jong_game_result *so_far)
{
    const play_source *src = ctx;
    src->on_hand(src->ctx, so_far->hands);
}

/* Game g into out (malloc'd, *len bytes: its number, line and record); JONG_ERR_STOPPED when
 * stopped (nothing kept: a record of part of a game would not replay). */
static int play_one(const run *r, jong_player *const players[JONG_SEATS], int g, char **out, size_t *len,
                    jong_error *err)
{
    const play_config *cfg = r->cfg;
    char *rec = NULL;
    size_t rec_len = 0;
    FILE *f = NULL;
    if (cfg->records && !(f = open_memstream(&rec, &rec_len)))
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    jong_table t = {.rules = &cfg->rules, .seed = cfg->seed, .game_number = g, .check = cfg->check,
                    .now_ms = cli_now_ms, .stop = r->src->stop, .abandon = r->src->stop};
    if (r->src->on_hand)
        t.on_hand = on_hand, t.on_hand_ctx = (void *)r->src;
    memcpy(t.players, players, sizeof t.players);
    jong_record_writer *w = NULL;
    int rc = JONG_OK;
    if (f) {
        const char *specs[JONG_SEATS] = {0};
        for (int s = 0; s < jong_ruleset_seats(&cfg->rules); s++)
            specs[s] = players[s]->spec;
        rc = jong_record_writer_new(f, &cfg->rules, cfg->seed, g, specs, &w, err);
        t.sink = jong_record_writer_event;
        t.sink_ctx = w;
    }
    jong_game_result res;
    if (!rc)
        rc = jong_table_play(&t, &res, err);
    if (w && jong_record_writer_finish(w, rc ? NULL : err) && !rc)
        rc = JONG_ERR_IO;
    if (f && fclose(f) && !rc)
        rc = jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    char line[PLAY_LINE_MAX];
    size_t ll = rc ? 0 : play_result_line(g, &res, line, sizeof line);
    *len = sizeof g + ll + rec_len;
    *out = rc ? NULL : malloc(*len);
    if (!rc && !*out)
        rc = jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    if (!rc) {
        memcpy(*out, &g, sizeof g);
        memcpy(*out + sizeof g, line, ll);
        if (rec_len)
            memcpy(*out + sizeof g + ll, rec, rec_len);
    }
    free(rec);
    return rc;
}

/* err's message with a prefix (err.msg cannot be both the text and an argument). */
static void prefix(jong_error *err, const char *head)
{
    char m[sizeof err->msg];
    snprintf(m, sizeof m, "%s", err->msg);
    jong_error_set(err, err->code ? err->code : JONG_ERR_IO, -1, "%.300s: %.300s", head, m);
}

static void failed(run *r, const jong_error *e)
{
    pthread_mutex_lock(&r->lock);
    if (!atomic_load(&r->failed))
        r->err = *e;
    atomic_store(&r->failed, true);
    pthread_mutex_unlock(&r->lock);
}

static void *work(void *arg)
{
    worker *w = arg;
    run *r = w->r;
    jong_player *players[JONG_SEATS] = {0};
    jong_error err;
    for (int s = 0; s < jong_ruleset_seats(&r->cfg->rules); s++)
        if (jong_player_create(r->cfg->players[s], &players[s], &err)) {
            char head[JONG_PLAYER_SPEC_MAX + 16];
            snprintf(head, sizeof head, "player '%s'", r->cfg->players[s]);
            prefix(&err, head);
            failed(r, &err);
            goto done;
        }
    for (;;) {
        if (atomic_load(&r->failed) || (r->src->stop && atomic_load(r->src->stop)))
            break;
        int g = r->src->take(r->src->ctx, w->worker);
        if (g < 0)
            break;
        char *msg = NULL;
        size_t len = 0;
        int rc = play_one(r, players, g, &msg, &len, &err);
        if (rc == JONG_ERR_STOPPED)
            break;
        if (rc) {
            char head[24];
            snprintf(head, sizeof head, "game %d", g);
            prefix(&err, head);
            failed(r, &err);
            break;
        }
        rc = r->src->give(r->src->ctx, msg, len, &err);
        free(msg);
        if (rc) {
            failed(r, &err);
            break;
        }
    }
done:
    for (int s = 0; s < JONG_SEATS; s++)
        jong_player_free(players[s]);
    return NULL;
}

int play_games(const play_config *cfg, int jobs, const play_source *src, jong_error *err)
{
    run r = {.cfg = cfg, .src = src};
    pthread_mutex_init(&r.lock, NULL);
    worker *ws = calloc((size_t)jobs, sizeof *ws);
    pthread_t *ts = calloc((size_t)jobs, sizeof *ts);
    if (!ws || !ts) {
        free(ws);
        free(ts);
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    }
    int started = 0;
    for (int i = 0; i < jobs; i++) {
        ws[i] = (worker){.r = &r, .worker = i};
        /* the first worker runs here: one thread is the process itself */
        if (i > 0 && pthread_create(&ts[i], NULL, work, &ws[i]))
            break;
        started++;
    }
    work(&ws[0]);
    for (int i = 1; i < started; i++)
        pthread_join(ts[i], NULL);
    free(ws);
    free(ts);
    pthread_mutex_destroy(&r.lock);
    if (!atomic_load(&r.failed))
        return JONG_OK;
    *err = r.err;
    return (int)err->code ? (int)err->code : JONG_ERR_IO;
}
