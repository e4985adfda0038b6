/* `jong web`: serves the page to play against Jong's players and to analyse hands, on
 * 127.0.0.1 by default, until SIGINT or SIGTERM. */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli_options.h"
#include "cli/cli_util.h"
#include "cli/commands.h"
#include "io/listen.h"
#include "web_deadline.h"
#include "web_games.h"
#include "web_server.h"

#define CMD "web"

typedef struct {
    int port, max_games, time_limit, max_connections, per_address;
    const char *host, *log_dir;
    cli_list allow_host;
} web_opts;

#define OPTS web_opts
static const cli_option options[] = {
    {"--port", CLI_INT(port), "N", "port; 0 picks a free one, printed on stderr", .lo = 0, .hi = 65535,
     .def = "8080"},
    {"--host", CLI_STRING(host), "H", "address or host name to listen on (127.0.0.1: this machine only; ::1 "
     "for IPv6, :: for all interfaces, both families where the system allows); --addr H is the same",
     .def = "127.0.0.1"},
    {"--addr", CLI_STRING(host), "H", "", .flags = CLI_HIDDEN},
    {"--max-games", CLI_INT(max_games), "N", "games open at once; when full, a game idle for 5 minutes (an "
     "open page says it is there once a minute) or finished a minute ago makes room, otherwise a new game "
     "is refused with 503", .lo = 1, .hi = 100000, .def = "256"},
    {"--max-connections", CLI_INT(max_connections), "N", "connections open at once; more are closed at once",
     .lo = 1, .hi = 100000, .def = "512"},
    {"--max-connections-per-address", CLI_INT(per_address), "N", "connections open at once from one client "
     "address (a browser opens about 6); a connection silent for " CLI_TEXT(WEB_IDLE_SECONDS) " s is closed, "
     "and so is one whose request has not come whole " CLI_TEXT(WEB_REQUEST_SECONDS) " s after it could begin",
     .lo = 1, .hi = 100000, .def = "64"},
    {"--allow-host", CLI_LIST(allow_host), "NAME", "a name this server may be reached by besides its IP "
     "addresses, localhost and --host (repeatable): requests naming another Host are refused (DNS rebinding)"},
    {"--time-limit", CLI_INT(time_limit), "SEC", "seconds per decision of the person; when they run out the "
     "table passes or discards the tile just drawn", .lo = 1, .hi = 86400, .def_text = "none"},
    {"--log", CLI_STRING(log_dir), "DIR", "write each game's record to DIR/web-ID.jsonl when it ends"},
    CLI_END,
};

static const cli_command spec = {
    .name = CMD,
    .about = "Serves http://127.0.0.1:8080/: a page to play a game against Jong's players (you take\n"
             "one seat; the page shows the table and offers only legal actions) and to analyse a\n"
             "hand as `jong analyze` does. The page, its script and the tile pictures come from the\n"
             "program itself; nothing is fetched from elsewhere. Each game belongs to the browser\n"
             "that started it: its requests carry the game's random token. Stop with Ctrl-C.\n",
    .options = options,
    .epilog = "API (JSON; errors are {\"error\": ...} with a 4xx status):\n"
              "  POST /api/games {\"rules\":\"taiwan\",\"players\":\"greedy\",\"seat\":0,\"hands\":4,\"seed\":7}\n"
              "  (riichi may add \"preset\":\"tenhou\", \"tenhou2009\" or \"mahjongsoul\"; GET /api/info lists them)\n"
              "  GET /api/games/ID, POST /api/games/ID/act {\"action\":i,\"decision\":n},\n"
              "  POST /api/games/ID/next, GET /api/games/ID/record, GET /api/games/ID/review (once the\n"
              "  game is over: the review of your discards, HTML), DELETE /api/games/ID\n"
              "  (each with the header X-Jong-Token), POST /api/analyze {\"hand\",\"seen\",\"rules\"}\n",
};
#undef OPTS

int cmd_web(int argc, char **argv)
{
    web_opts o = {0};
    int r = cli_parse(&spec, argc, argv, &o);
    if (r != CLI_GO)
        return r;
    const char *host = o.host, *log_dir = o.log_dir;
    int port = o.port, max_games = o.max_games, time_limit = o.time_limit;
    if (o.allow_host.n > WEB_ALLOW_HOSTS_MAX)
        return cli_usage_error(CMD, "--allow-host: at most %d names", WEB_ALLOW_HOSTS_MAX);
    if (log_dir && cli_make_dirs(log_dir))
        return cli_fail(CMD, "--log %s: cannot create it", log_dir);
    web_games_config cfg = {.max_games = max_games, .idle_seconds = 300, .time_limit = time_limit,
                            .log_dir = log_dir};
    web_games *games = web_games_new(&cfg);
    if (!games)
        return cli_fail(CMD, "out of memory");
    /* the server's threads inherit a mask with the stop signals blocked; this thread waits */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    char why[256], where[JONG_LISTEN_HOST_MAX + 8];
    web_server_config scfg = {.host = host, .port = port, .max_connections = (unsigned)o.max_connections,
                              .per_address = (unsigned)o.per_address};
    for (int i = 0; i < o.allow_host.n && i < WEB_ALLOW_HOSTS_MAX; i++)
        scfg.allow_hosts[scfg.nallow++] = o.allow_host.v[i];
    web_server *ws = web_server_start(&scfg, games, where, sizeof where, why, sizeof why);
    if (!ws) {
        web_games_free(games);
        return cli_fail(CMD, "%s", why);
    }
    fprintf(stderr, "jong web: serving on http://%s/ (Ctrl-C stops)\n", where);
    int sig;
    sigwait(&stop, &sig);
    fprintf(stderr, "jong web: stopping (%d games open)\n", web_games_count(games));
    web_server_stop(ws);
    web_games_free(games);
    return CLI_OK;
}
