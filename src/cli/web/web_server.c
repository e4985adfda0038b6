/* The HTTP server of `jong web` (see web_server.h). libmicrohttpd parses HTTP and runs a
 * small pool of threads; this file only routes:
 *   GET  /, /app.js, /style.css, ...    the page (embedded, web_assets.h)
 *   GET  /tile/[plain/]CODE[r].svg       a tile picture (r: red five; plain: the plain style)
 *   GET  /api/info                       players and rule families
 *   POST /api/analyze                    {"hand","seen","rules"} -> jong analyze --json
 *   POST /api/games                      a new game (web_games.h)
 *   GET  /api/games/ID                   its state        (X-Jong-Token: the game's token)
 *   POST /api/games/ID/act | /next       a move, the next hand
 *   GET  /api/games/ID/record            the record so far (JSON lines)
 *   GET  /api/games/ID/review            the finished game's review (HTML)
 *   DELETE /api/games/ID
 * Every error is a JSON {"error": ...} with a 4xx/5xx status. */
#include <arpa/inet.h>
#include <fcntl.h>
#include <microhttpd.h>
#include <strings.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "cli/analyze_json.h"
#include "cli/analyze_sim_out.h"
#include "cli/cli_util.h"
#include "io/listen.h"
#include "web_assets.h"
#include "web_deadline.h"
#include "web_server.h"
#include "web_svg.h"

struct web_server {
    struct MHD_Daemon *d;
    web_games *games;
    web_server_config cfg;
    web_deadlines *deadlines;
};

/* A request's body as it arrives; too_big once it passes WEB_BODY_MAX (the rest is dropped). */
typedef struct {
    char data[WEB_BODY_MAX + 1];
    size_t len;
    bool too_big;
} body;

static enum MHD_Result respond(struct MHD_Connection *c, int status, const char *type, const void *data, size_t len)
{
    web_deadlines_arrived(c); /* every answer comes through here (a refusal may come before the body) */
    struct MHD_Response *r = MHD_create_response_from_buffer(len, (void *)data, MHD_RESPMEM_MUST_COPY);
    if (!r)
        return MHD_NO;
    MHD_add_response_header(r, "Content-Type", type);
    MHD_add_response_header(r, "Cache-Control", "no-store");
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    enum MHD_Result ok = MHD_queue_response(c, (unsigned)status, r);
    MHD_destroy_response(r);
    return ok;
}

/* Sends and frees a JSON value. */
static enum MHD_Result send_json(struct MHD_Connection *c, int status, json_t *v)
{
    char *text = v ? json_dumps(v, JSON_COMPACT) : NULL;
    json_decref(v);
    if (!text)
        return respond(c, 500, "application/json", "{\"error\":\"out of memory\"}", 25);
    enum MHD_Result ok = respond(c, status, "application/json", text, strlen(text));
    free(text);
    return ok;
}

static enum MHD_Result send_error(struct MHD_Connection *c, int status, const char *msg)
{
    return send_json(c, status, web_error("%s", msg));
}

static enum MHD_Result serve_tile(struct MHD_Connection *c, const char *name)
{
    char svg[WEB_TILE_SVG_MAX];
    size_t len = web_tile_svg_path(name, svg, sizeof svg);
    if (!len)
        return send_error(c, 404, "no such tile: give /tile/CODE.svg with CODE 0..41 (254: a hidden tile), "
                                  "/tile/CODEr.svg for a red five, /tile/plain/CODE.svg for the plain style");
    return respond(c, 200, "image/svg+xml", svg, len);
}

static enum MHD_Result serve_info(struct MHD_Connection *c)
{
    json_t *players = json_array();
    for (int i = 0; i < jong_player_count(); i++) {
        const jong_player_info *p = jong_player_info_at(i);
        if (web_player_offered(p->name)) {
            json_t *rules = json_array(); /* the page offers each player only for the rules it plays */
            if (p->variants & JONG_PLAYS(JONG_VARIANT_TAIWAN))
                json_array_append_new(rules, json_string("taiwan"));
            if (p->variants & JONG_PLAYS(JONG_VARIANT_RIICHI))
                json_array_append_new(rules, json_string("riichi"));
            json_array_append_new(players,
                                  json_pack("{s:s,s:s,s:o}", "name", p->name, "summary", p->summary, "rules", rules));
        }
    }
    json_t *presets = json_array(); /* the rule presets a new game may name, with their rules */
    for (int i = 0; i < jong_ruleset_preset_count(); i++) {
        const char *name = jong_ruleset_preset_name(i);
        const char *rules = jong_ruleset_preset_variant(name) == JONG_VARIANT_TAIWAN ? "taiwan" : "riichi";
        json_array_append_new(presets, json_pack("{s:s,s:s,s:s}", "name", name, "rules", rules, "options",
                                                 jong_ruleset_preset_options(i)));
    }
    return send_json(c, 200, json_pack("{s:o,s:o,s:[ss],s:s}", "players", players, "presets", presets, "rules",
                                       "taiwan", "riichi", "version", JONG_VERSION));
}

static enum MHD_Result serve_analyze(struct MHD_Connection *c, const json_t *req)
{
    const char *hand = json_string_value(json_object_get(req, "hand"));
    const char *seen = json_string_value(json_object_get(req, "seen"));
    const char *rules = json_string_value(json_object_get(req, "rules"));
    const char *policy = json_string_value(json_object_get(req, "policy"));
    const char *exchanges = json_string_value(json_object_get(req, "exchanges"));
    bool chances = json_is_true(json_object_get(req, "chances"));
    if (!hand)
        return send_error(c, 400, "give {\"hand\": \"123m456p...\", \"rules\": \"riichi\"|\"taiwan\", \"seen\": \"...\", "
                                  "\"chances\": true|false, \"policy\": \"lower\"|\"win\"|\"points\", "
                                  "\"exchanges\": \"forward\"|\"1\"|...|\"all\"}");
    jong_variant v = rules && cli_rules_parse(rules) == JONG_VARIANT_TAIWAN ? JONG_VARIANT_TAIWAN : JONG_VARIANT_RIICHI;
    if (rules && cli_rules_parse(rules) < 0)
        return send_error(c, 400, "rules: give riichi or taiwan");
    jong_ruleset rs;
    jong_ruleset_default(&rs, v);
    analyze_input in;
    analyze_input_init(&in, hand, &rs);
    in.seen = seen && *seen ? seen : NULL;
    in.api = true;
    /* the chances of each discard (analysis_sim.h), exact where the method reaches: a few
     * milliseconds for most hands, so the tab can ask for them */
    if (chances)
        in.sims = JONG_ANALYSIS_DEFAULT_SIMS;
    static const char *const policies[] = {"lower", "win", "points"};
    if (policy) {
        in.policy = -1;
        for (int i = 0; i < 3; i++)
            if (!strcmp(policy, policies[i]))
                in.policy = i;
        if (in.policy < 0)
            return send_error(c, 400, "policy: give lower, win or points");
    }
    if (exchanges && (in.exchanges = analyze_exchanges_parse(exchanges)) < 0)
        return send_error(c, 400, "exchanges: give forward, a number or all");
    char why[512];
    json_t *out = analyze_json(&in, why, sizeof why);
    return out ? send_json(c, 200, out) : send_error(c, 400, why);
}

/* /api/games/ID[/verb]: splits the id and the verb ("" when none). */
static bool split_game_path(const char *rest, char id[40], const char **verb)
{
    size_t len = strcspn(rest, "/");
    if (len == 0 || len >= 40)
        return false;
    memcpy(id, rest, len);
    id[len] = 0;
    *verb = rest[len] == '/' ? rest + len + 1 : "";
    return true;
}

static enum MHD_Result route_game(struct MHD_Connection *c, web_games *gs, const char *method, const char *rest,
                                  const json_t *req)
{
    char id[40];
    const char *verb;
    if (!split_game_path(rest, id, &verb))
        return send_error(c, 404, "no such game path: use /api/games/ID");
    const char *token = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "X-Jong-Token");
    json_t *out = NULL;
    int status;
    if (!strcmp(method, "GET") && !*verb) {
        status = web_games_state(gs, id, token, &out);
    } else if (!strcmp(method, "POST") && !strcmp(verb, "act")) {
        status = web_games_act(gs, id, token, req, &out);
    } else if (!strcmp(method, "POST") && !strcmp(verb, "next")) {
        status = web_games_next(gs, id, token, &out);
    } else if (!strcmp(method, "DELETE") && !*verb) {
        status = web_games_delete(gs, id, token, &out);
    } else if (!strcmp(method, "GET") && (!strcmp(verb, "record") || !strcmp(verb, "review"))) {
        char *text;
        size_t len;
        bool record = !strcmp(verb, "record");
        status = record ? web_games_record(gs, id, token, &text, &len, &out)
                        : web_games_review(gs, id, token, &text, &len, &out);
        if (text) {
            enum MHD_Result ok = respond(c, 200, record ? "application/x-ndjson" : "text/html; charset=utf-8", text, len);
            free(text);
            return ok;
        }
    } else {
        return send_error(c, 405, "use GET/DELETE /api/games/ID, POST /api/games/ID/act or /next, GET .../record or "
                                  ".../review");
    }
    return send_json(c, status, out);
}

static enum MHD_Result route(struct MHD_Connection *c, web_server *ws, const char *url, const char *method,
                             const body *b)
{
    bool get = !strcmp(method, "GET") || !strcmp(method, "HEAD");
    web_asset file;
    if (get && web_asset_find(url, &file))
        return respond(c, 200, file.type, file.data, file.len);
    if (get && !strncmp(url, "/tile/", 6))
        return serve_tile(c, url + 6);
    if (get && !strcmp(url, "/api/info"))
        return serve_info(c);
    if (strncmp(url, "/api/", 5))
        return send_error(c, 404, "not found");
    if (b->too_big)
        return send_error(c, 413, "request body too large (at most 16384 bytes)");
    json_t *req = NULL;
    if (b->len) {
        json_error_t jerr;
        req = json_loadb(b->data, b->len, 0, &jerr);
        if (!req) {
            char msg[300];
            snprintf(msg, sizeof msg, "malformed JSON body: line %d column %d: %s", jerr.line, jerr.column, jerr.text);
            return send_error(c, 400, msg);
        }
    }
    enum MHD_Result ok;
    if (!strcmp(url, "/api/analyze") && !strcmp(method, "POST")) {
        ok = serve_analyze(c, req);
    } else if (!strcmp(url, "/api/games") && !strcmp(method, "POST")) {
        /* no body means every default; the empty object is ours to free like a parsed body */
        if (!req && !(req = json_object()))
            return send_error(c, 503, "out of memory");
        json_t *out = NULL;
        int status = web_games_create(ws->games, req, &out);
        ok = send_json(c, status, out);
    } else if (!strncmp(url, "/api/games/", 11)) {
        ok = route_game(c, ws->games, method, url + 11, req);
    } else {
        ok = send_error(c, 404, "no such API call (see jong web --help)");
    }
    json_decref(req);
    return ok;
}

/* The name in a Host header ("name:port", "[v6]:port"), lower-cased into buf; false when it is
 * malformed or too long. */
static bool host_name(const char *host, char *buf, size_t n)
{
    size_t len = host[0] == '[' ? strcspn(host, "]") + 1 : strcspn(host, ":");
    if (len == 0 || len >= n || (host[0] == '[' && host[len - 1] != ']'))
        return false;
    for (size_t i = 0; i < len; i++)
        buf[i] = (char)(host[i] >= 'A' && host[i] <= 'Z' ? host[i] - 'A' + 'a' : host[i]);
    buf[len] = 0;
    const char *rest = host + len; /* a port or nothing */
    if (*rest == ':')
        rest += 1 + strspn(rest + 1, "0123456789");
    return *rest == 0;
}

/* A Host this server answers to: an IP address (a page cannot make a browser send one for its
 * own name), localhost, the host it listens on, or a name allowed by --allow-host. */
static bool host_allowed(const web_server *ws, const char *host)
{
    char name[256];
    if (!host_name(host, name, sizeof name))
        return false;
    unsigned char addr[16];
    if (name[0] == '[') {
        name[strlen(name) - 1] = 0;
        return inet_pton(AF_INET6, name + 1, addr) == 1;
    }
    if (inet_pton(AF_INET, name, addr) == 1 || !strcmp(name, "localhost") || !strcasecmp(name, ws->cfg.host))
        return true;
    for (int i = 0; i < ws->cfg.nallow; i++)
        if (!strcasecmp(name, ws->cfg.allow_hosts[i]))
            return true;
    return false;
}

/* Host, then for a write Origin: NULL when the request may go on, else why not. */
static const char *refused(const web_server *ws, struct MHD_Connection *c, const char *method)
{
    const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host");
    if (host && !host_allowed(ws, host))
        return "this server does not answer to that Host (give its address, localhost, or a name "
               "allowed with jong web --allow-host)";
    if (!strcmp(method, "GET") || !strcmp(method, "HEAD"))
        return NULL;
    /* browsers send Origin with every cross-origin write; it must be this very server */
    const char *origin = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin");
    if (origin && (!host || strncmp(origin, "http://", 7) || strcasecmp(origin + 7, host)))
        return "a write from another origin is refused (only this server's own page may change games)";
    return NULL;
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                              const char *version, const char *upload, size_t *upload_size, void **con_cls)
{
    (void)version;
    web_server *ws = cls;
    body *b = *con_cls;
    if (!b) {
        /* first call: the headers only. A foreign Host or Origin, or a declared body that is too
         * large, is refused at once. */
        const char *why = refused(ws, c, method);
        if (why)
            return send_error(c, 403, why);
        const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Length");
        if (cl && strtoull(cl, NULL, 10) > WEB_BODY_MAX)
            return send_error(c, 413, "request body too large (at most 16384 bytes)");
        b = calloc(1, sizeof *b);
        if (!b)
            return MHD_NO;
        *con_cls = b;
        return MHD_YES;
    }
    if (*upload_size) {
        if (b->len + *upload_size > WEB_BODY_MAX)
            b->too_big = true;
        else {
            memcpy(b->data + b->len, upload, *upload_size);
            b->len += *upload_size;
        }
        *upload_size = 0;
        return MHD_YES;
    }
    /* the whole request is in: the deadline stops here, not when the answer is ready, or an
     * answer that takes long to make (a review under load) would be cut as a trickling client */
    web_deadlines_arrived(c);
    return route(c, ws, url, method, b);
}

static void completed(void *cls, struct MHD_Connection *c, void **con_cls, enum MHD_RequestTerminationCode why)
{
    (void)cls;
    (void)why;
    free(*con_cls);
    *con_cls = NULL;
    web_deadlines_completed(c);
}

web_server *web_server_start(const web_server_config *cfg, web_games *games, char *where, size_t wn, char *why,
                             size_t n)
{
    const char *host = cfg->host;
    int port = cfg->port;
    /* the socket is ours (jong/listen.h, as jong serve's): host names and both address
     * families, and a bind error with its reason, which libmicrohttpd does not return */
    jong_listener l;
    jong_error err;
    if (jong_listen_open(host, port, SOMAXCONN, &l, &err)) {
        snprintf(why, n, "%s", err.msg);
        return NULL;
    }
    web_server *ws = calloc(1, sizeof *ws);
    if (!ws) {
        close(l.fd);
        snprintf(why, n, "out of memory");
        return NULL;
    }
    ws->games = games;
    ws->cfg = *cfg;
    ws->deadlines = web_deadlines_start();
    if (!ws->deadlines) {
        close(l.fd);
        free(ws);
        snprintf(why, n, "cannot start the thread that watches the requests' time");
        return NULL;
    }
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO | (l.family == AF_INET6 ? MHD_USE_IPv6 : 0);
    ws->d = MHD_start_daemon(flags, 0, NULL, NULL, handle, ws, MHD_OPTION_LISTEN_SOCKET, (MHD_socket)l.fd,
                             MHD_OPTION_THREAD_POOL_SIZE, 4u, MHD_OPTION_CONNECTION_LIMIT, cfg->max_connections,
                             MHD_OPTION_PER_IP_CONNECTION_LIMIT, cfg->per_address,
                             /* silent this long: closed (slow clients hold at most per_address each) */
                             MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)WEB_IDLE_SECONDS,
                             MHD_OPTION_NOTIFY_COMPLETED, completed, ws,
                             /* a whole request within WEB_REQUEST_SECONDS, however it trickles */
                             MHD_OPTION_NOTIFY_CONNECTION, web_deadlines_notify, ws->deadlines,
                             MHD_OPTION_END);
    if (!ws->d) {
        /* The daemon closes the socket it was given when it stops; whether it does when it
         * fails to start is not documented (its early checks leave it open): close it only
         * if it is still open. No other thread of ours opens files at this point. */
        if (fcntl(l.fd, F_GETFD) != -1)
            close(l.fd);
        snprintf(why, n, "cannot serve on %s:%d (libmicrohttpd could not start)", l.host, l.port);
        web_deadlines_stop(ws->deadlines);
        free(ws);
        return NULL;
    }
    snprintf(where, wn, "%s:%d", l.host, l.port);
    return ws;
}

void web_server_stop(web_server *ws)
{
    if (!ws)
        return;
    MHD_stop_daemon(ws->d);
    web_deadlines_stop(ws->deadlines);
    free(ws);
}
