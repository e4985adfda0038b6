/* `jong COMMAND [args]`: one program, its subcommands dispatched from a table (Redis-style).
 * Adding a command is one line here, one declaration in commands.h and one cmd_xxx.c file. */
#include <stdio.h>
#include <string.h>

#include "cli_util.h"
#include "commands.h"
#include "jong/jong.h"

typedef struct {
    const char *name;
    const char *summary; /* one line for the command list */
    int (*run)(int argc, char **argv);
} command;

static const command commands[] = {
    {"analyze", "everything about one hand: shanten, blocks, MTW, waits, discards", cmd_analyze},
    {"simcat", "one SIMCAT discard decision: win rates, tatsu-breaking sets, H1 and H2", cmd_simcat},
    {"kf", "KF players' tables: the waiting-number distribution per round from self-play", cmd_kf},
    {"shanten", "shanten and MTW of one hand per line of stdin, for scripts", cmd_shanten},
    {"score", "the value of one win: Taiwanese tai or riichi yaku, fu, han and points", cmd_score},
    {"play", "self-play games between players, with records and a summary", cmd_play},
    {"bot", "a Jong player as an mjai bot on stdin/stdout (all three dialects)", cmd_bot},
    {"serve", "riichi tables for mjai bots over TCP (mjsonp), records of every game", cmd_serve},
    {"convert", "a Tenhou mjlog, tenhou.net/6 or mjai record to mjai .mjson (plain or gzipped)", cmd_convert},
    {"replay", "re-run game records through the engine and verify every event", cmd_replay},
    {"review", "one seat's decisions in a game record: taken, best, loss; text, JSON or HTML", cmd_review},
    {"web", "a web page on 127.0.0.1 to play against Jong's players and analyse hands", cmd_web},
    {"arena", "duplicate matches between players, with statistics and intervals", cmd_arena},
    {"train", "train the opponent models and the one-player policy on game records", cmd_train},
    {"bench", "speed of the evaluator or of self-play, with a signature of the work", cmd_bench},
};

#define NCOMMANDS (sizeof commands / sizeof commands[0])

static const command *find_command(const char *name)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

static int list_commands(void)
{
    printf("usage: jong COMMAND [args]   (jong COMMAND --help for details)\n\ncommands:\n");
    for (size_t i = 0; i < NCOMMANDS; i++)
        printf("  %-9s %s\n", commands[i].name, commands[i].summary);
    printf("\n  jong --version prints the version.\n");
    return CLI_OK;
}

static int unknown_command(const char *name)
{
    fprintf(stderr, "jong: unknown command '%s' (jong help lists the commands)\n", name);
    return CLI_USAGE;
}

/* `jong help COMMAND` is the same as `jong COMMAND --help`. */
static int help(int argc, char **argv)
{
    if (argc < 3)
        return list_commands();
    const command *c = find_command(argv[2]);
    if (!c)
        return unknown_command(argv[2]);
    char name[32], flag[] = "--help";
    snprintf(name, sizeof name, "%s", c->name);
    char *args[] = {name, flag, NULL};
    return c->run(2, args);
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return list_commands();
    const char *name = argv[1];
    if (strcmp(name, "help") == 0 || cli_is_help(name))
        return help(argc, argv);
    if (strcmp(name, "--version") == 0) {
        printf("jong %s\n", JONG_VERSION);
        return CLI_OK;
    }
    const command *c = find_command(name);
    if (!c)
        return unknown_command(name);
    return c->run(argc - 1, argv + 1);
}
