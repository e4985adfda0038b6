/* `jong web`: serves the page to play against Jong's players and to analyse hands, on
 * 127.0.0.1 by default, until SIGINT or SIGTERM. */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli_util.h"
#include "cli/commands.h"
#include "io/listen.h"
#include "web_games.h"
#include "web_server.h"

#define CMD "web"

static const char *const usage =
    "usage: jong web [--port N] [--host H] [--max-games N] [--time-limit SEC] [--log DIR]\n"
    "\n"
    "Serves http://127.0.0.1:8080/: a page to play a game against Jong's players (you take\n"
    "one seat; the page shows the table and offers only legal actions) and to analyse a\n"
    "hand as `jong analyze` does. The page, its script and the tile pictures come from the\n"
    "program itself; nothing is fetched from elsewhere. Each game belongs to the browser\n"
    "that started it: its requests carry the game's random token. Stop with Ctrl-C.\n"
    "  --port N        port (default 8080; 0 picks a free one, printed on stderr)\n"
    "  --host H        address or host name to listen on (default 127.0.0.1: this machine\n"
    "                  only; ::1 for IPv6, :: for all interfaces, both families where the\n"
    "                  system allows); --addr H is the same\n"
    "  --max-games N   games open at once (default 256); when full, a game idle for 30\n"
    "                  minutes (or finished a minute ago) makes room, otherwise a new\n"
    "                  game is refused with 503\n"
    "  --time-limit SEC  seconds per decision of the person (default: none); when they\n"
    "                  run out the table passes or discards the tile just drawn\n"
    "  --log DIR       write each game's record to DIR/web-ID.jsonl when it ends\n"
    "API (JSON; errors are {\"error\": ...} with a 4xx status):\n"
    "  POST /api/games {\"rules\":\"taiwan\",\"players\":\"greedy\",\"seat\":0,\"hands\":4,\"seed\":7}\n"
    "  GET /api/games/ID, POST /api/games/ID/act {\"action\":i,\"decision\":n},\n"
    "  POST /api/games/ID/next, GET /api/games/ID/record, DELETE /api/games/ID\n"
    "  (each with the header X-Jong-Token), POST /api/analyze {\"hand\",\"seen\",\"rules\"}\n";

int cmd_web(int argc, char **argv)
{
    int port = 8080, max_games = 256, time_limit = 0;
    const char *host = "127.0.0.1", *log_dir = NULL, *value;
    for (int i = 1; i < argc; i++) {
        int r;
        if (cli_is_help(argv[i])) {
            fputs(usage, stdout);
            return CLI_OK;
        }
        if (!strcmp(argv[i], "--port") && i + 1 < argc && !strcmp(argv[i + 1], "0")) {
            port = 0;
            i++;
        } else if ((r = cli_count_option(CMD, argc, argv, &i, "--port", 1, 65535, &port)) ||
                   (r = cli_count_option(CMD, argc, argv, &i, "--max-games", 1, 100000, &max_games)) ||
                   (r = cli_count_option(CMD, argc, argv, &i, "--time-limit", 1, 86400, &time_limit))) {
            if (r < 0)
                return CLI_USAGE;
        } else if ((r = cli_option_value(CMD, argc, argv, &i, "--host", &value)) ||
                   (r = cli_option_value(CMD, argc, argv, &i, "--addr", &value))) {
            if (r < 0)
                return CLI_USAGE;
            host = value;
        } else if ((r = cli_option_value(CMD, argc, argv, &i, "--log", &value))) {
            if (r < 0)
                return CLI_USAGE;
            log_dir = value;
        } else {
            return cli_usage_error(CMD, "unknown argument '%s'", argv[i]);
        }
    }
    if (log_dir && cli_make_dirs(log_dir))
        return cli_fail(CMD, "--log %s: cannot create it", log_dir);
    web_games_config cfg = {.max_games = max_games, .idle_seconds = 1800, .time_limit = time_limit,
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
    web_server *ws = web_server_start(host, port, games, where, sizeof where, why, sizeof why);
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
