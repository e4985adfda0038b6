/* `jong bot PLAYER[:opts]`: a Jong player speaking mjai on stdin/stdout (docs/mjai.md). */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_util.h"
#include "commands.h"
#include "jong/mjai.h"

#define CMD "bot"

static const char *const usage =
    "usage: jong bot PLAYER[:opts] [--connect URL] [--seat N] [--name NAME] [--seed S]\n"
    "\n"
    "Plays one seat of riichi games as an mjai bot on stdin/stdout, in any of the three dialects:\n"
    "one event per line, each answered by one line; the same where an event with\n"
    "\"can_act\": false gets no answer; a JSON array of events per line, answered once. The\n"
    "seat comes from start_game's \"id\" (or --seat). Each decision replays the game so far\n"
    "through Jong's engine for the legal actions, and PLAYER (as in jong play) chooses.\n"
    "A line that is not an mjai message is reported on stderr (\"jong bot: line N: ...\") and\n"
    "answered with {\"type\":\"none\"}; so is a game the engine cannot follow (then the bot\n"
    "discards the drawn tile or passes).\n"
    "  --connect URL  play on a TCP mjai server instead (mjsonp://host:port/room, e.g.\n"
    "               mjsonp://127.0.0.1:11600/default): join, then one answer per line until\n"
    "               the server closes the connection\n"
    "  --seat N     the seat (0-3) when start_game has no id\n"
    "  --name NAME  the name sent in join (default jong)\n"
    "  --seed S     the seed of the player's decisions (default 1)\n"
    "Exit status: 0 at the end of input (or when the server closes), 1 on a write or\n"
    "connection error, 2 bad usage.\n";

static void report(void *ctx, long line, const char *msg)
{
    (void)ctx;
    fprintf(stderr, "jong bot: %sline %ld: %s\n", ctx ? "server " : "", line, msg);
}

int cmd_bot(int argc, char **argv)
{
    const char *player = NULL, *name = "jong", *url = NULL;
    int seat = -1;
    uint64_t seed = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (cli_is_help(a)) {
            fputs(usage, stdout);
            return CLI_OK;
        }
        int r = cli_count_option(CMD, argc, argv, &i, "--seat", 0, 3, &seat);
        if (r < 0)
            return CLI_USAGE;
        if (r > 0)
            continue;
        r = cli_seed_option(CMD, argc, argv, &i, &seed);
        if (r < 0)
            return CLI_USAGE;
        if (r > 0)
            continue;
        r = cli_option_value(CMD, argc, argv, &i, "--connect", &v);
        if (r < 0)
            return CLI_USAGE;
        if (r > 0) {
            url = v;
            continue;
        }
        r = cli_option_value(CMD, argc, argv, &i, "--name", &v);
        if (r < 0)
            return CLI_USAGE;
        if (r > 0) {
            name = v;
            continue;
        }
        if (a[0] == '-')
            return cli_usage_error(CMD, "unknown option '%s'", a);
        if (player)
            return cli_usage_error(CMD, "one player only ('%s' and '%s')", player, a);
        player = a;
    }
    if (!player)
        return cli_usage_error(CMD, "no player given (e.g. jong bot greedy)");
    jong_mjai_bot *bot;
    jong_error err;
    if (jong_mjai_bot_new(player, name, seat, seed, &bot, &err))
        return cli_usage_error(CMD, "%s", err.msg);
    if (url) {
        char host[256], room[64];
        int port;
        if (jong_mjai_parse_url(url, host, sizeof host, &port, room, sizeof room, &err)) {
            jong_mjai_bot_free(bot);
            return cli_usage_error(CMD, "%s", err.msg);
        }
        signal(SIGPIPE, SIG_IGN); /* a closed connection is an error to report, not a crash */
        int rc = jong_mjai_bot_run_tcp(bot, url, report, "tcp", &err);
        jong_mjai_bot_free(bot);
        return rc ? cli_fail(CMD, "%s", err.msg) : CLI_OK;
    }
    int status = CLI_OK;
    if (jong_mjai_bot_run_stream(bot, stdin, stdout, report, NULL, &err))
        status = cli_fail(CMD, "%s", err.msg);
    jong_mjai_bot_free(bot);
    return status;
}
