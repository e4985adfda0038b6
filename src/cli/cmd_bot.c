/* `jong bot PLAYER[:opts]`: a Jong player speaking mjai on stdin/stdout (docs/mjai.md). */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_options.h"
#include "cli_signals.h"
#include "cli_util.h"
#include "commands.h"
#include "jong/mjai.h"

#define CMD "bot"

typedef struct {
    const char *player, *name, *url;
    int seat, proto;
    uint64_t seed;
} bot_opts;

enum { PROTO_STDIO, PROTO_REACT };
static const char *const protos[] = {"stdio", "react", NULL};

#define OPTS bot_opts
static const cli_option options[] = {
    {"--connect", CLI_STRING(url), "URL", "play on a TCP mjai server instead (mjsonp://host:port/room, e.g. "
     "mjsonp://127.0.0.1:11600/default): join, then one answer per line until the server closes the "
     "connection"},
    {"--seat", CLI_INT(seat), "N", "the seat when start_game has no id", .lo = 0, .hi = 3},
    {"--name", CLI_STRING(name), "NAME", "the name sent in join", .def = "jong"},
    {"--seed", CLI_SEED(seed), "S", "the seed of the player's decisions", .def = "1"},
    {"--proto", CLI_ENUM(proto), "P", "stdio: answer every line (a batched line, a JSON array, once; none to a line "
     "with \"can_act\": false); react: answer only where the seat has a decision, a chi, pon or reach together "
     "with its dahai ([{\"type\":\"pon\",...},{\"type\":\"dahai\",...}])", .names = protos, .def = "stdio"},
    CLI_END,
};

static const cli_command spec = {
    .name = CMD,
    .about = "Plays one seat of riichi games as an mjai bot on stdin/stdout, in any of the three dialects:\n"
             "one event per line, each answered by one line; the same where an event with\n"
             "\"can_act\": false gets no answer; a JSON array of events per line, answered once. With\n"
             "--proto react it answers only the lines where its seat may act (its own tsumo, another\n"
             "seat's dahai or kakan, when it has a choice), a call or reach with its dahai. The\n"
             "seat comes from start_game's \"id\" (or --seat). Each decision replays the game so far\n"
             "through Jong's engine for the legal actions, and PLAYER (as in jong play) chooses.\n"
             "A line that is not an mjai message is reported on stderr (\"jong bot: line N: ...\") and\n"
             "answered with {\"type\":\"none\"}; so is a game the engine cannot follow (then the bot\n"
             "discards the drawn tile or passes).\n",
    .options = options,
    .pos = {CLI_POS_ONE_AT(player), .metavar = "PLAYER[:opts]", .min = 1, .help = "a player spec, as in jong play",
            .missing = "no player given (e.g. jong bot greedy)", .too_many = "one player only"},
    .epilog = "Exit status: 0 at the end of input (or when the server closes), 1 on a write or\n"
              "connection error or when SIGINT or SIGTERM stopped it, 2 bad usage.\n",
};
#undef OPTS

static void report(void *ctx, long line, const char *msg)
{
    (void)ctx;
    fprintf(stderr, "jong bot: %sline %ld: %s\n", ctx ? "server " : "", line, msg);
}

int cmd_bot(int argc, char **argv)
{
    bot_opts o = {.seat = -1};
    int r = cli_parse(&spec, argc, argv, &o);
    if (r != CLI_GO)
        return r;
    const char *url = o.url;
    jong_mjai_bot *bot;
    jong_error err;
    if (jong_mjai_bot_new(o.player, o.name, o.seat, o.seed, &bot, &err))
        return cli_usage_error(CMD, "%s", err.msg);
    jong_mjai_bot_set_react(bot, o.proto == PROTO_REACT);
    /* a signal ends the wait for the next line; the bot stops there, saying so */
    cli_catch_stop_signals(NULL, NULL, true);
    jong_mjai_bot_set_stop(bot, &cli_stop);
    int status = CLI_OK;
    if (url) {
        char host[256], room[64];
        int port;
        if (jong_mjai_parse_url(url, host, sizeof host, &port, room, sizeof room, &err)) {
            jong_mjai_bot_free(bot);
            return cli_usage_error(CMD, "%s", err.msg);
        }
        signal(SIGPIPE, SIG_IGN); /* a closed connection is an error to report, not a crash */
        if (jong_mjai_bot_run_tcp(bot, url, report, "tcp", &err) && !atomic_load(&cli_stop))
            status = cli_fail(CMD, "%s", err.msg);
    } else if (jong_mjai_bot_run_stream(bot, stdin, stdout, report, NULL, &err) && !atomic_load(&cli_stop)) {
        status = cli_fail(CMD, "%s", err.msg);
    }
    jong_mjai_bot_free(bot);
    if (atomic_load(&cli_stop))
        status = cli_fail(CMD, "stopped by a signal");
    return status;
}
