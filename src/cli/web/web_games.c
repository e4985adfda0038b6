/* The games of `jong web` (see web_games.h). The registry lock guards the table of games; each
 * game has its own lock for its session, and a reference count so that a game in use is never
 * dropped under a request. */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_players.h"
#include "cli/cli_util.h"
#include "cli/review/review.h"
#include "cli/ui/event_text.h"
#include "web_games.h"
#include "web_state.h"

typedef struct {
    char id[17], token[33];
    pthread_mutex_t lock;
    int refs;            /* requests using it (registry lock) */
    double last_used;    /* registry lock: make_room reads it while another request holds the game */
    jong_ruleset rules;
    jong_player *players[JONG_SEATS];
    const char *names[JONG_SEATS];
    int seat;
    uint64_t seed;
    jong_session *s;
    FILE *rec;           /* the record, in memory */
    char *rec_data;
    size_t rec_len;
    jong_record_writer *w;
    char log[WEB_LOG_LINES][EVENT_LOG_WIDTH];
    int nlog;
    meld_calls calls;    /* who gave each meld's tile, for the called tile turned */
    double deadline;     /* when the person's current decision times out (0 = never) */
    char *review;        /* the review of the finished game, made once when first asked */
    size_t review_len;
} web_game;

struct web_games {
    web_games_config cfg;
    pthread_mutex_t lock;
    web_game **games;
    int n;
};

json_t *web_error(const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    json_t *o = json_object();
    json_object_set_new(o, "error", json_string(msg));
    return o;
}

static int random_hex(char *out, size_t bytes)
{
    unsigned char buf[32];
    FILE *f = fopen("/dev/urandom", "rb");
    if (!f || bytes > sizeof buf || fread(buf, 1, bytes, f) != bytes) {
        if (f)
            fclose(f);
        return -1;
    }
    fclose(f);
    for (size_t i = 0; i < bytes; i++)
        sprintf(out + 2 * i, "%02x", buf[i]);
    return 0;
}

/* ---- one game ----------------------------------------------------------------------------- */

static void observe(void *ctx, int seat, const jong_view *v, const jong_event *seen)
{
    web_game *g = ctx;
    char text[128];
    if (seat != g->seat)
        return;
    meld_calls_apply(&g->calls, seen);
    if (seen->type == JONG_EV_START_HAND)
        g->nlog = 0; /* the log tells the hand being played */
    if (event_text(seen, v, text, sizeof text))
        event_log_push(g->log, &g->nlog, WEB_LOG_LINES, text);
}

/* Finish the record and write it to the log directory (when there is one). */
static void close_record(web_games *gs, web_game *g)
{
    if (!g->rec)
        return;
    jong_error err;
    jong_record_writer_finish(g->w, &err);
    fclose(g->rec);
    g->rec = NULL;
    if (gs->cfg.log_dir && g->rec_data) {
        char path[4096];
        snprintf(path, sizeof path, "%s/web-%s.jsonl", gs->cfg.log_dir, g->id);
        FILE *f = fopen(path, "w");
        if (!f || fwrite(g->rec_data, 1, g->rec_len, f) != g->rec_len)
            fprintf(stderr, "jong web: %s: %s\n", path, strerror(errno));
        if (f)
            fclose(f);
    }
}

static void game_free(web_games *gs, web_game *g)
{
    if (!g)
        return;
    jong_session_free(g->s);
    close_record(gs, g);
    free(g->rec_data);
    free(g->review);
    cli_free_players(g->players);
    pthread_mutex_destroy(&g->lock);
    free(g);
}

/* The person's decision starts its clock; running out plays the default action. */
static void arm_deadline(web_games *gs, web_game *g)
{
    bool asked = jong_session_waiting(g->s) >> g->seat & 1;
    g->deadline = asked && gs->cfg.time_limit > 0 ? cli_now() + gs->cfg.time_limit : 0;
}

/* After a move: the next decision's clock, and the record finished once the game is over. */
static void after_move(web_games *gs, web_game *g)
{
    arm_deadline(gs, g);
    if (jong_session_state_now(g->s) == JONG_SESSION_GAME_OVER)
        close_record(gs, g);
}

static int enforce_deadline(web_games *gs, web_game *g, jong_error *err)
{
    while (g->deadline > 0 && cli_now() >= g->deadline) {
        jong_action legal[JONG_MAX_ACTIONS];
        int n = jong_session_legal(g->s, g->seat, legal);
        if (n <= 0)
            break;
        int c = jong_default_action(jong_session_view(g->s, g->seat), legal, n);
        int rc = jong_session_act(g->s, g->seat, &legal[c], err);
        if (rc)
            return rc;
        after_move(gs, g);
    }
    return JONG_OK;
}

static json_t *state_of(web_game *g)
{
    web_state_input in = {.s = g->s, .seat = g->seat, .time_left = -1, .rules = &g->rules, .calls = &g->calls};
    memcpy(in.names, g->names, sizeof in.names);
    for (int i = 0; i < g->nlog; i++)
        in.log[i] = g->log[i];
    if (g->deadline > 0) {
        in.time_left = g->deadline - cli_now();
        if (in.time_left < 0)
            in.time_left = 0;
    }
    json_t *o = web_state_json(&in);
    json_object_set_new(o, "game", json_string(g->id));
    char seed[24];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)g->seed);
    json_object_set_new(o, "seed", json_string(seed));
    return o;
}

/* ---- the registry ------------------------------------------------------------------------- */

web_games *web_games_new(const web_games_config *cfg)
{
    web_games *gs = calloc(1, sizeof *gs);
    if (!gs)
        return NULL;
    gs->cfg = *cfg;
    gs->games = calloc((size_t)cfg->max_games, sizeof *gs->games);
    if (!gs->games) {
        free(gs);
        return NULL;
    }
    pthread_mutex_init(&gs->lock, NULL);
    return gs;
}

void web_games_free(web_games *gs)
{
    if (!gs)
        return;
    for (int i = 0; i < gs->n; i++)
        game_free(gs, gs->games[i]);
    free(gs->games);
    pthread_mutex_destroy(&gs->lock);
    free(gs);
}

int web_games_count(web_games *gs)
{
    pthread_mutex_lock(&gs->lock);
    int n = gs->n;
    pthread_mutex_unlock(&gs->lock);
    return n;
}

/* Room for one more game: drop the longest-idle game that nobody is using and that is past the
 * idle time, or finished and untouched for a minute (its record could still be fetched until
 * then). Called with the registry lock held. */
static bool make_room(web_games *gs)
{
    if (gs->n < gs->cfg.max_games)
        return true;
    int oldest = -1;
    double now = cli_now();
    for (int i = 0; i < gs->n; i++) {
        web_game *g = gs->games[i];
        if (g->refs > 0)
            continue; /* in use: its fields other than refs and last_used are its request's */
        double idle = now - g->last_used;
        bool over = !g->rec; /* the record is closed when the game ends */
        if ((idle >= gs->cfg.idle_seconds || (over && idle >= 60)) &&
            (oldest < 0 || g->last_used < gs->games[oldest]->last_used))
            oldest = i;
    }
    if (oldest < 0)
        return false;
    game_free(gs, gs->games[oldest]);
    gs->games[oldest] = gs->games[--gs->n];
    return true;
}

/* Look up a game for a request and check the token; on success the game is locked and
 * referenced (release with put_game). */
static int get_game(web_games *gs, const char *id, const char *token, web_game **out, json_t **err)
{
    pthread_mutex_lock(&gs->lock);
    web_game *g = NULL;
    for (int i = 0; i < gs->n && !g; i++)
        if (!strcmp(gs->games[i]->id, id))
            g = gs->games[i];
    if (!g) {
        pthread_mutex_unlock(&gs->lock);
        *err = web_error("no game '%.40s' (it never existed, or it ended and was dropped)", id);
        return 404;
    }
    if (!token || strcmp(token, g->token)) {
        pthread_mutex_unlock(&gs->lock);
        *err = web_error(token ? "this game belongs to another browser (wrong X-Jong-Token)"
                               : "missing X-Jong-Token header: only the browser that started a game may use it");
        return 403;
    }
    g->refs++;
    g->last_used = cli_now();
    pthread_mutex_unlock(&gs->lock);
    pthread_mutex_lock(&g->lock);
    *out = g;
    return 200;
}

static void put_game(web_games *gs, web_game *g)
{
    pthread_mutex_unlock(&g->lock);
    pthread_mutex_lock(&gs->lock);
    g->refs--;
    g->last_used = cli_now(); /* a long request does not count as idle time */
    pthread_mutex_unlock(&gs->lock);
}

/* ---- requests ----------------------------------------------------------------------------- */

bool web_player_offered(const char *name)
{
    /* the test player and the outside bot, which needs a command (cmd=...) a page cannot give */
    return strcmp(name, "faulty") && strcmp(name, "ext");
}

/* The other seats' players: registry names only (no options, no test players), so that a
 * request cannot ask for unbounded thinking. */
static int parse_players(const json_t *req, char specs[JONG_SEATS][32], json_t **out)
{
    const json_t *p = json_object_get(req, "players");
    const char *one = p ? json_string_value(p) : "best";
    for (int s = 0; s < JONG_SEATS; s++) {
        const char *name = one;
        if (json_is_array(p))
            name = json_string_value(json_array_get(p, json_array_size(p) == JONG_SEATS ? (size_t)s : 0));
        bool known = false;
        for (int i = 0; name && i < jong_player_count(); i++)
            known |= !strcmp(jong_player_info_at(i)->name, name);
        if (!name || !known || !web_player_offered(name)) {
            *out = web_error("players: '%s' is not a player here (give a name such as greedy or random)",
                             name ? name : "(not a string)");
            return 400;
        }
        snprintf(specs[s], sizeof specs[s], "%s", name);
    }
    return 0;
}

static int parse_create(const json_t *req, jong_ruleset *rs, int *seat, uint64_t *seed, json_t **out)
{
    if (!json_is_object(req)) {
        *out = web_error("the body must be a JSON object");
        return 400;
    }
    const char *rules = json_string_value(json_object_get(req, "rules"));
    jong_variant v = JONG_VARIANT_TAIWAN;
    if (rules && cli_rules_parse(rules) == JONG_VARIANT_RIICHI)
        v = JONG_VARIANT_RIICHI;
    else if (rules && cli_rules_parse(rules) < 0) {
        *out = web_error("rules: '%.40s' is neither taiwan nor riichi", rules);
        return 400;
    }
    /* a rule preset by name (riichi's tenhou, tenhou2009, mahjongsoul); given alone it also
       chooses the rules, as --preset does on the command line */
    const json_t *jp = json_object_get(req, "preset");
    const char *preset = jp && !json_is_null(jp) ? json_string_value(jp) : NULL;
    if (jp && !json_is_null(jp) && !preset) {
        *out = web_error("preset: give a preset's name as a string, or leave it out");
        return 400;
    }
    if (!rules)
        v = cli_rules_of_preset(preset, v);
    jong_ruleset_default(rs, v);
    jong_error perr;
    jong_error_clear(&perr);
    if (preset && jong_ruleset_preset(rs, preset, &perr)) {
        *out = web_error("preset: %s", perr.msg);
        return 400;
    }
    const json_t *js = json_object_get(req, "seat");
    json_int_t seat_in = js ? json_integer_value(js) : 0; /* compared before narrowing: 2^32 + 2 is no seat 2 */
    if (js && (!json_is_integer(js) || seat_in < 0 || seat_in > 3)) {
        *out = web_error("seat: give 0, 1, 2 or 3");
        return 400;
    }
    *seat = (int)seat_in;
    const json_t *jh = json_object_get(req, "hands");
    json_int_t hands = jh ? json_integer_value(jh) : 0;
    if (jh && (!json_is_integer(jh) || hands < 0 || hands > 64)) {
        *out = web_error("hands: give 0 (a full game) to 64");
        return 400;
    }
    if (hands > 0) {
        char buf[16];
        snprintf(buf, sizeof buf, "%d", (int)hands);
        jong_ruleset_set(rs, "hands", buf, NULL);
    }
    const json_t *jseed = json_object_get(req, "seed");
    if (jseed && json_is_integer(jseed) && json_integer_value(jseed) >= 0) {
        *seed = (uint64_t)json_integer_value(jseed);
    } else if (jseed && !json_is_null(jseed)) {
        *out = web_error("seed: give a non-negative integer or leave it out");
        return 400;
    } else {
        char hex[17];
        if (random_hex(hex, 8)) {
            *out = web_error("no randomness available for a seed");
            return 500;
        }
        *seed = strtoull(hex, NULL, 16) >> 11; /* fits a JSON integer exactly */
    }
    return 0;
}

int web_games_create(web_games *gs, const json_t *req, json_t **out)
{
    web_game *g = calloc(1, sizeof *g);
    if (!g) {
        *out = web_error("out of memory");
        return 503;
    }
    pthread_mutex_init(&g->lock, NULL);
    char specs[JONG_SEATS][32];
    int status = parse_create(req, &g->rules, &g->seat, &g->seed, out);
    if (!status)
        status = parse_players(req, specs, out);
    if (!status && (random_hex(g->id, 8) || random_hex(g->token, 16))) {
        *out = web_error("no randomness available for a token");
        status = 500;
    }
    jong_error err;
    for (int s = 0; !status && s < JONG_SEATS; s++) {
        if (s != g->seat && (jong_player_create(specs[s], &g->players[s], &err) ||
                             jong_player_check_variant(specs[s], g->rules.variant, &err))) {
            *out = web_error("players: %s", err.msg);
            status = 400;
        }
        g->names[s] = s == g->seat ? "you" : g->players[s] ? g->players[s]->spec : "";
    }
    if (status) {
        game_free(gs, g);
        return status;
    }
    const char *rec_names[JONG_SEATS];
    for (int s = 0; s < JONG_SEATS; s++)
        rec_names[s] = s == g->seat ? "human" : g->players[s]->spec;
    g->rec = open_memstream(&g->rec_data, &g->rec_len);
    if (!g->rec || jong_record_writer_new(g->rec, &g->rules, g->seed, 0, rec_names, &g->w, &err)) {
        *out = web_error("cannot start the record");
        game_free(gs, g);
        return 500;
    }
    jong_session_config cfg = {.rules = &g->rules, .seed = g->seed, .sink = jong_record_writer_event,
                               .sink_ctx = g->w, .observe = observe, .observe_ctx = g,
                               .now_ms = cli_now_ms};
    memcpy(cfg.players, g->players, sizeof cfg.players);
    if (jong_session_new(&cfg, &g->s, &err)) {
        *out = web_error("%s", err.msg);
        game_free(gs, g);
        return 400;
    }
    after_move(gs, g);
    pthread_mutex_lock(&gs->lock);
    g->last_used = cli_now();
    bool room = make_room(gs);
    if (room)
        gs->games[gs->n++] = g;
    pthread_mutex_unlock(&gs->lock);
    if (!room) {
        game_free(gs, g);
        *out = web_error("the server has %d games open; try again later", gs->cfg.max_games);
        return 503;
    }
    fprintf(stderr, "jong web: game %s seed %llu\n", g->id, (unsigned long long)g->seed);
    pthread_mutex_lock(&g->lock);
    *out = state_of(g);
    json_object_set_new(*out, "token", json_string(g->token));
    pthread_mutex_unlock(&g->lock);
    return 201;
}

int web_games_state(web_games *gs, const char *id, const char *token, json_t **out)
{
    web_game *g;
    int status = get_game(gs, id, token, &g, out);
    if (status != 200)
        return status;
    jong_error err;
    if (enforce_deadline(gs, g, &err)) {
        *out = web_error("%s", err.msg);
        status = 500;
    } else {
        *out = state_of(g);
    }
    put_game(gs, g);
    return status;
}

int web_games_act(web_games *gs, const char *id, const char *token, const json_t *req, json_t **out)
{
    web_game *g;
    int status = get_game(gs, id, token, &g, out);
    if (status != 200)
        return status;
    jong_error err;
    const json_t *ja = json_object_get(req, "action"), *jd = json_object_get(req, "decision");
    jong_action legal[JONG_MAX_ACTIONS];
    int n = 0;
    if (enforce_deadline(gs, g, &err)) {
        *out = web_error("%s", err.msg);
        status = 500;
    } else if (!json_is_integer(ja) || !json_is_integer(jd)) {
        *out = web_error("give {\"action\": index, \"decision\": number} as integers");
        status = 400;
    } else if (json_integer_value(jd) != jong_session_decisions(g->s)) {
        *out = web_error("decision %lld is over: the table is at decision %lld (reload the state)",
                         (long long)json_integer_value(jd), (long long)jong_session_decisions(g->s));
        status = 409;
    } else if ((n = jong_session_legal(g->s, g->seat, legal)) == 0) {
        *out = web_error("it is not your turn to act");
        status = 409;
    } else if (json_integer_value(ja) < 0 || json_integer_value(ja) >= n) {
        *out = web_error("action %lld is not one of your %d legal actions", (long long)json_integer_value(ja), n);
        status = 400;
    } else if (jong_session_act(g->s, g->seat, &legal[json_integer_value(ja)], &err)) {
        *out = web_error("%s", err.msg);
        status = 400;
    } else {
        after_move(gs, g);
        *out = state_of(g);
    }
    put_game(gs, g);
    return status;
}

int web_games_next(web_games *gs, const char *id, const char *token, json_t **out)
{
    web_game *g;
    int status = get_game(gs, id, token, &g, out);
    if (status != 200)
        return status;
    jong_error err;
    if (jong_session_next_hand(g->s, &err)) {
        *out = web_error("%s", err.msg);
        status = 409;
    } else {
        after_move(gs, g);
        *out = state_of(g);
    }
    put_game(gs, g);
    return status;
}

int web_games_delete(web_games *gs, const char *id, const char *token, json_t **out)
{
    web_game *g;
    int status = get_game(gs, id, token, &g, out);
    if (status != 200)
        return status;
    put_game(gs, g);
    pthread_mutex_lock(&gs->lock);
    for (int i = 0; i < gs->n; i++)
        if (gs->games[i] == g && g->refs == 0) {
            gs->games[i] = gs->games[--gs->n];
            pthread_mutex_unlock(&gs->lock);
            game_free(gs, g);
            *out = json_pack("{s:b}", "deleted", 1);
            return 200;
        }
    pthread_mutex_unlock(&gs->lock);
    *out = web_error("the game is busy with another request; try again");
    return 409;
}

/* A copy of a game's text for the answer, made under the game's lock: 200, or 503 with the
 * error in *out. */
static int copy_text(const char *data, size_t n, char **text, size_t *len, json_t **out)
{
    *text = malloc(n + 1);
    if (!*text) {
        *out = web_error("out of memory");
        return 503;
    }
    memcpy(*text, data, n);
    *len = n;
    return 200;
}

int web_games_record(web_games *gs, const char *id, const char *token, char **text, size_t *len, json_t **out)
{
    web_game *g;
    *text = NULL;
    int status = get_game(gs, id, token, &g, out);
    if (status != 200)
        return status;
    if (g->rec)
        fflush(g->rec);
    status = copy_text(g->rec_data, g->rec_len, text, len, out);
    put_game(gs, g);
    return status;
}

/* The review of the person's seat, as `jong review --seat SEAT --sims WEB_REVIEW_SIMS` makes it,
 * on the finished game's record (in memory). */
static int make_review(web_game *g, json_t **out)
{
    review_report rep;
    memset(&rep, 0, sizeof rep);
    char name[64];
    snprintf(name, sizeof name, "web game %s (seed %llu)", g->id, (unsigned long long)g->seed);
    rep.record = name;
    rep.seat = g->seat;
    rep.sims = WEB_REVIEW_SIMS;
    rep.seed = 1;
    FILE *in = fmemopen(g->rec_data, g->rec_len, "r");
    FILE *html = open_memstream(&g->review, &g->review_len);
    char why[512] = "out of memory";
    review_source src = {.stream = in};
    int rc = in && html ? review_run(&rep, &src, why, sizeof why) : REVIEW_FAILED;
    if (rc == REVIEW_OK && review_write_html(html, &rep) != 0)
        rc = REVIEW_FAILED;
    if (in)
        fclose(in);
    if (html)
        fclose(html);
    review_free(&rep);
    if (rc != REVIEW_OK || !html) {
        free(g->review);
        g->review = NULL;
        *out = web_error("no review: %s", why);
        return 500;
    }
    return 200;
}

int web_games_review(web_games *gs, const char *id, const char *token, char **html, size_t *len, json_t **out)
{
    web_game *g;
    *html = NULL;
    int status = get_game(gs, id, token, &g, out);
    if (status != 200)
        return status;
    if (jong_session_state_now(g->s) != JONG_SESSION_GAME_OVER || g->rec || !g->rec_data) {
        *out = web_error("the game is not over yet: its review comes at the end");
        status = 409;
    } else if (!g->review) {
        status = make_review(g, out);
    }
    if (status == 200)
        status = copy_text(g->review, g->review_len, html, len, out);
    put_game(gs, g);
    return status;
}
