/* `jong serve`: riichi tables for mjai bots over TCP (docs/mjai.md). */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli_players.h"
#include "cli_util.h"
#include "commands.h"
#include "jong/mjai_serve.h"

#define CMD "serve"

static const char *const usage =
    "usage: jong serve [--port P] [--host ADDR] [--game-type one_kyoku|tonpu|tonnan] [--games N]\n"
    "                  [--seat K=PLAYER]... [--seed S] [--timeout MS] [--tables M] [--out DIR]\n"
    "                  [--rule NAME=VALUE]... [--json]\n"
    "\n"
    "Hosts riichi games for mjai bots (the TCP \"mjsonp\" protocol): a client connects, gets\n"
    "hello, answers {\"type\":\"join\",\"name\":...,\"room\":...}, and takes the next free seat of a\n"
    "table in its room (seats in the order clients join); a table starts once its seats are\n"
    "filled, and several tables play at once. Every event goes to every client, which answers\n"
    "each line; a decision's event carries possible_actions and, after a call or a reach,\n"
    "cannot_dahai. Each answer is checked against the engine's legal actions: a malformed,\n"
    "unknown, out-of-turn or illegal one gets {\"type\":\"error\",...} and a line on stderr, and a\n"
    "decision answered so is played by the default action (pass, else tsumogiri), counted as\n"
    "a fault. A client that disconnects or does not answer in time is dropped and its seat\n"
    "plays the default actions to the end of its game. Game g deals the walls of (seed, g),\n"
    "as jong play does. Stops after N games (Ctrl-C: no new games, the running ones finish).\n"
    "  --port P        TCP port (default 11600; 0 picks a free one, printed on stderr)\n"
    "  --host ADDR     address or host name to listen on (default 127.0.0.1; ::1 for IPv6,\n"
    "                  0.0.0.0 for all IPv4 interfaces, :: for all interfaces, IPv4 too where\n"
    "                  the system allows); the address bound is printed on stderr\n"
    "  --game-type T   one_kyoku (one hand), tonpu (East only) or tonnan (East-South, default)\n"
    "  --games N       games to host in all (default 1)\n"
    "  --seat K=PLAYER seat K (0-3 or E S W N) played by the server: a player spec as in\n"
    "                  jong play, or ext:cmd='...' for a command it runs (repeatable)\n"
    "  --seed S        the run's seed (default: from the clock; always printed)\n"
    "  --timeout MS    time for each answer and for a client's join (default 60000)\n"
    "  --tables M      tables at once (default 64)\n"
    "  --out DIR       write each game's record to DIR/game-NNNNNN.mjson (default serve-games)\n"
    "  --rule          set a rule option, e.g. --rule red_fives=0 (repeatable)\n"
    "  --json          one JSON object per game on stdout instead of a text line (games are\n"
    "                  reported as they end, which with several tables is not their order)\n"
    "Exit status: 0 when every game was played, 1 when the host does not resolve, the port\n"
    "cannot be opened or a game failed, 2 bad usage.\n";

static atomic_bool stop_flag;

static void on_signal(int sig)
{
    (void)sig;
    atomic_store(&stop_flag, true);
}

typedef struct {
    bool json;
    int failed;
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
    jong_mjai_serve_opts o;
    memset(&o, 0, sizeof o);
    o.port = 11600;
    o.games = 1;
    o.timeout_ms = 60000;
    o.out_dir = "serve-games";
    o.seed = (uint64_t)time(NULL);
    const char *type = "tonnan", *rule_opts[64];
    int nrule = 0;
    serve_out out = {false, 0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        int r;
        if (cli_is_help(a)) {
            fputs(usage, stdout);
            return CLI_OK;
        }
        if (!strcmp(a, "--json")) {
            out.json = true;
        } else if ((r = cli_count_option(CMD, argc, argv, &i, "--port", 0, 65535, &o.port)) ||
                   (r = cli_count_option(CMD, argc, argv, &i, "--games", 1, 100000000, &o.games)) ||
                   (r = cli_count_option(CMD, argc, argv, &i, "--timeout", 1, 3600000, &o.timeout_ms)) ||
                   (r = cli_count_option(CMD, argc, argv, &i, "--tables", 1, 4096, &o.max_tables)) ||
                   (r = cli_seed_option(CMD, argc, argv, &i, &o.seed))) {
            if (r < 0)
                return CLI_USAGE;
        } else if ((r = cli_option_value(CMD, argc, argv, &i, "--host", &v))) {
            if (r < 0)
                return CLI_USAGE;
            o.host = v;
        } else if ((r = cli_option_value(CMD, argc, argv, &i, "--out", &v))) {
            if (r < 0)
                return CLI_USAGE;
            o.out_dir = v;
        } else if ((r = cli_option_value(CMD, argc, argv, &i, "--game-type", &v))) {
            if (r < 0)
                return CLI_USAGE;
            type = v;
        } else if ((r = cli_option_value(CMD, argc, argv, &i, "--rule", &v))) {
            if (r < 0)
                return CLI_USAGE;
            if (nrule == 64)
                return cli_usage_error(CMD, "too many --rule options");
            rule_opts[nrule++] = v;
        } else if ((r = cli_option_value(CMD, argc, argv, &i, "--seat", &v))) {
            if (r < 0)
                return CLI_USAGE;
            char k[2] = {v[0], 0};
            int seat = v[0] && v[1] == '=' ? cli_parse_wind(k) : -1;
            if (seat < 0 || !v[2])
                return cli_usage_error(CMD, "--seat %s: K=PLAYER expected, K one of 0-3 or E S W N", v);
            o.seats[seat] = v + 2;
        } else {
            return cli_usage_error(CMD, "unknown argument '%s'", a);
        }
    }
    int hands = 0;
    if (!strcmp(type, "one_kyoku"))
        hands = 1;
    else if (!strcmp(type, "tonpu"))
        rule_opts[nrule < 64 ? nrule++ : 63] = "length=tonpuu";
    else if (strcmp(type, "tonnan"))
        return cli_usage_error(CMD, "--game-type %s: one_kyoku, tonpu or tonnan expected", type);
    if (cli_build_ruleset(CMD, JONG_VARIANT_RIICHI, rule_opts, nrule, hands, &o.rules))
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
            o.games == 1 ? "" : "s", type);
    signal(SIGPIPE, SIG_IGN); /* a client that went away is an error line, not the server's end */
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    o.now_ms = cli_now_ms;
    o.stop = &stop_flag;
    o.on_listen = on_listen;
    o.say = on_say;
    o.on_game = on_game;
    o.ctx = &out;
    jong_error err;
    if (jong_mjai_serve(&o, &err))
        return cli_fail(CMD, "%s", err.msg);
    return out.failed ? CLI_FAIL : CLI_OK;
}
