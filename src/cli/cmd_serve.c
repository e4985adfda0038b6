/* `jong serve`: riichi tables for mjai bots over TCP (docs/mjai.md). */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli_players.h"
#include "cli_options.h"
#include "cli_signals.h"
#include "cli_util.h"
#include "commands.h"
#include "jong/mjai_serve.h"

#define CMD "serve"

typedef struct {
    jong_mjai_serve_opts s;
    int type, proto;
    cli_list rule;
    const char *preset;
    bool json;
} serve_opts;

enum { ONE_KYOKU, TONPU, TONNAN };
enum { PROTO_STDIO, PROTO_REACT };
static const char *const protos[] = {"stdio", "react", NULL};
static const char *const game_types[] = {"one_kyoku", "tonpu", "tonnan", NULL};

/* --seat K=PLAYER */
static int seat_option(const char *cmd, const char *name, const char *v, void *opts)
{
    serve_opts *o = opts;
    char k[2] = {v[0], 0};
    int seat = v[0] && v[1] == '=' ? cli_parse_wind(k) : -1;
    if (seat < 0 || !v[2])
        return cli_usage_error(cmd, "%s %s: K=PLAYER expected, K one of 0-3 or E S W N", name, v);
    o->s.seats[seat] = v + 2;
    return CLI_OK;
}

#define OPTS serve_opts
static const cli_option options[] = {
    {"--port", CLI_INT(s.port), "P", "TCP port; 0 picks a free one, printed on stderr", .lo = 0, .hi = 65535,
     .def = "11600"},
    {"--host", CLI_STRING(s.host), "ADDR", "address or host name to listen on (::1 for IPv6, 0.0.0.0 for "
     "all IPv4 interfaces, :: for all interfaces, IPv4 too where the system allows); the address bound is "
     "printed on stderr", .def_text = "127.0.0.1"},
    {"--game-type", CLI_ENUM(type), "T", "one_kyoku: one hand, tonpu: East only, tonnan: East-South",
     .names = game_types, .def = "tonnan"},
    {"--games", CLI_INT(s.games), "N", "games to host in all", .lo = 1, .hi = 100000000, .def = "1"},
    {"--seat", CLI_CALL(seat_option), "K=PLAYER", "seat K (0-3 or E S W N) played by the server: a player "
     "spec as in jong play, or ext:cmd='...' for a command it runs (repeatable)"},
    {"--seed", CLI_SEED(s.seed), "S", "the run's seed", .def_text = "from the clock; always printed"},
    {"--timeout", CLI_INT(s.timeout_ms), "MS", "time for each answer and for a client's join", .lo = 1,
     .hi = 3600000, .def = "60000"},
    {"--proto", CLI_ENUM(proto), "P", "the clients' convention: stdio, every line answered (mjsonp); react, only a "
     "decision's line answered (the others carry \"can_act\": false), a call or reach may come with its dahai "
     "as one array", .names = protos, .def = "stdio"},
    {"--tables", CLI_INT(s.max_tables), "M", "tables at once", .lo = 1, .hi = 4096, .def_text = "64"},
    {"--max-waiting", CLI_INT(s.max_waiting), "N", "clients connected and not yet at a table; one more gets "
     "an error line and is closed", .lo = 1, .hi = 100000, .def_text = "256"},
    {"--out", CLI_STRING(s.out_dir), "DIR", "write each game's record to DIR/game-NNNNNN.mjson",
     .def = "serve-games"},
    {"--rule", CLI_LIST(rule), "NAME=VALUE", "set a rule option, e.g. --rule red_fives=0 (repeatable)"},
    CLI_RULE_PRESET_OPTION(),
    {"--json", CLI_FLAG(json), NULL, "one JSON object per game on stdout instead of a text line (games are "
     "reported as they end, which with several tables is not their order)"},
    CLI_END,
};
#undef OPTS

static const cli_command spec = {
    .name = CMD,
    .usage = "jong serve [--port P] [--host ADDR] [--game-type one_kyoku|tonpu|tonnan] [--games N]\n"
             "                  [--seat K=PLAYER]... [--seed S] [--timeout MS] [--proto stdio|react]\n"
             "                  [--tables M] [--max-waiting N] [--out DIR] [--rule NAME=VALUE]... [--json]",
    .about = "Hosts riichi games for mjai bots (the TCP \"mjsonp\" protocol): a client connects, gets\n"
             "hello, answers {\"type\":\"join\",\"name\":...,\"room\":...}, and takes the next free seat of a\n"
             "table in its room (seats in the order clients join); a table starts once its seats are\n"
             "filled, and several tables play at once. Every event goes to every client, which answers\n"
             "each line; a decision's event carries possible_actions and, after a call or a reach,\n"
             "cannot_dahai. Each answer is checked against the engine's legal actions: a malformed,\n"
             "unknown, out-of-turn or illegal one gets {\"type\":\"error\",...} and a line on stderr, and a\n"
             "decision answered so is played by the default action (pass, else tsumogiri), counted as\n"
             "a fault. A client that disconnects or does not answer in time is dropped and its seat\n"
             "plays the default actions to the end of its game (one that closes at end_game without\n"
             "answering it has left nothing unplayed). Game g deals the walls of (seed, g),\n"
             "as jong play does. Stops after N games. SIGINT or SIGTERM (Ctrl-C): no new games, the\n"
             "running ones play to their end; a second one abandons them (no record).\n",
    .options = options,
    .epilog = "Exit status: 0 when every game was played, 1 when the host does not resolve, the port\n"
              "cannot be opened, a game failed or a signal stopped it, 2 bad usage.\n",
};

typedef struct {
    bool json;
    int failed, played;
} serve_out;

static void on_listen(void *ctx, const char *host, int port)
{
    (void)ctx;
    fprintf(stderr, "jong serve: listening on mjsonp://%s:%d/\n", host, port);
}

static void on_say(void *ctx, const char *line)
{
    (void)ctx;
    fputs("jong serve: ", stderr);
    for (const char *c = line; *c; c++) /* clients' text is quoted: no control characters */
        fputc((unsigned char)*c < 0x20 || *c == 0x7f ? '?' : *c, stderr);
    fputc('\n', stderr);
}

static json_t *game_json(const jong_mjai_served_game *g)
{
    json_t *seats = json_array();
    for (int s = 0; s < 4; s++) {
        const jong_seat_stats *st = &g->result.seats[s];
        json_t *o = json_pack("{s:s,s:b,s:i,s:I,s:{s:i,s:i,s:i}}", "name", g->names[s], "client", g->client[s],
                              "score", (int)g->result.scores[s], "decisions", (json_int_t)st->decisions, "faults",
                              "illegal", st->faults[JONG_FAULT_ILLEGAL], "crash", st->faults[JONG_FAULT_CRASH],
                              "timeout", st->faults[JONG_FAULT_TIMEOUT]);
        if (o && g->client[s]) {
            json_object_set_new(o, "refused", json_integer(g->remote[s].refused));
            json_object_set_new(o, "gone", json_boolean(g->remote[s].gone));
        }
        json_array_append_new(seats, o);
    }
    json_t *o = json_pack("{s:i,s:s,s:i,s:o,s:s}", "game", g->game, "room", g->room, "hands", g->result.hands, "seats",
                          seats, "record", g->record);
    if (o && g->error)
        json_object_set_new(o, "error", json_string(g->why));
    return o;
}

static void on_game(void *ctx, const jong_mjai_served_game *g)
{
    serve_out *out = ctx;
    if (g->error)
        out->failed++;
    else
        out->played++;
    if (out->json) {
        cli_print_json(CMD, game_json(g));
        fflush(stdout);
        return;
    }
    printf("game %d (%s%s%s%d hand%s):", g->game, g->room[0] ? "room '" : "", g->room, g->room[0] ? "', " : "",
           g->result.hands, g->result.hands == 1 ? "" : "s");
    for (int s = 0; s < 4; s++) {
        const int *f = g->result.seats[s].faults;
        printf(" %s %d", g->names[s], (int)g->result.scores[s]);
        if (f[0] || f[1] || f[2])
            printf(" (faults ill/crash/time %d/%d/%d)", f[0], f[1], f[2]);
        if (g->client[s] && g->remote[s].gone)
            printf(" (gone)");
        putchar(s < 3 ? ',' : ';');
    }
    if (g->error)
        printf(" error: %s\n", g->why);
    else
        printf(" %s\n", g->record[0] ? g->record : "no record");
    fflush(stdout);
}

int cmd_serve(int argc, char **argv)
{
    serve_opts so = {.s.seed = (uint64_t)time(NULL)};
    int rc = cli_parse(&spec, argc, argv, &so);
    if (rc != CLI_GO)
        return rc;
    jong_mjai_serve_opts o = so.s;
    o.react = so.proto == PROTO_REACT;
    serve_out out = {so.json, 0, 0};
    if (so.type == TONPU && cli_list_add(CMD, "--rule", &so.rule, "length=tonpuu"))
        return CLI_USAGE;
    if (cli_build_ruleset(CMD, so.preset, "--rule", JONG_VARIANT_RIICHI, so.rule.v, so.rule.n,
                          so.type == ONE_KYOKU ? 1 : 0, &o.rules) ||
        cli_refuse_three_players(CMD, &o.rules))
        return CLI_USAGE;
    for (int s = 0; s < 4; s++) { /* a bad spec is a usage error now, not a failed table later */
        jong_player *p;
        jong_error err;
        if (o.seats[s] && jong_player_create(o.seats[s], &p, &err))
            return cli_usage_error(CMD, "--seat %d: %s", s, err.msg);
        if (o.seats[s] && jong_player_check_variant(o.seats[s], JONG_VARIANT_RIICHI, &err)) {
            jong_player_free(p);
            return cli_usage_error(CMD, "--seat %d: %s", s, err.msg);
        }
        if (o.seats[s])
            jong_player_free(p);
    }
    if (cli_make_dirs(o.out_dir))
        return cli_fail(CMD, "cannot create %s", o.out_dir);
    fprintf(stderr, "jong serve: seed %llu, %d game%s of %s\n", (unsigned long long)o.seed, o.games,
            o.games == 1 ? "" : "s", game_types[so.type]);
    signal(SIGPIPE, SIG_IGN); /* a client that went away is an error line, not the server's end */
    cli_catch_stop_signals("jong serve: stopping: no new games; the games under way play to their end "
                           "(a second signal abandons them)\n",
                           "jong serve: abandoning the games under way\n", false);
    o.now_ms = cli_now_ms;
    o.stop = &cli_stop;
    o.abandon = &cli_stop_again;
    o.on_listen = on_listen;
    o.say = on_say;
    o.on_game = on_game;
    o.ctx = &out;
    jong_error err;
    if (jong_mjai_serve(&o, &err))
        return cli_fail(CMD, "%s", err.msg);
    if (out.played < o.games && atomic_load(&cli_stop))
        return cli_fail(CMD, "stopped: %d of %d games played", out.played, o.games);
    return out.failed ? CLI_FAIL : CLI_OK;
}
