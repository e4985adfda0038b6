/* Helpers shared by the `jong` subcommands: error lines, hand sizes, files, rulesets (the
 * options themselves are read by cli_options.h).
 * Every error a command reports is one line on stderr that starts with "jong CMD: ". */
#ifndef JONG_CLI_UTIL_H
#define JONG_CLI_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "jong/jong.h"

/* Exit statuses of every command. */
enum { CLI_OK = 0, CLI_FAIL = 1, CLI_USAGE = 2 };

/* True for "-h" and "--help". */
bool cli_is_help(const char *arg);

/* Bad usage: prints "jong CMD: message (see 'jong CMD --help')" and returns CLI_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Failed work or bad data: prints "jong CMD: message" and returns CLI_FAIL. */
int cli_fail(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A library error about the text `input`, as "jong CMD: input: position N: reason" (N counts
 * from 0, as in the library's messages; there is no position when the error is not about one
 * place in the text). Returns CLI_FAIL. */
int cli_input_error(const char *cmd, const char *input, const jong_error *err);

/* A bad input reported by a command in its own words, or by a function (the Python package, the
 * web page) in the caller's: the command names the option and its value ("--seen 1z1z1z: why";
 * opt NULL: the hand, by its text), a function the input alone ("seen: why", "hand: why").
 * Writes the line into out; returns CLI_FAIL. */
int cli_input_why(bool api, const char *opt, const char *text, const char *why, char *out, size_t n);

/* Writes "position N: reason" (or just the reason) for err into buf. */
void cli_format_error(const jong_error *err, char *buf, size_t n);
/* A hint the command line adds to a hand's error message (how hands are written; --rules for a
 * hand of the other family's size), "" when none. */
const char *cli_error_hint(const char *msg);

/* A rule family's name, "riichi" or "taiwan" in any case; -1 for anything else. */
int cli_rules_parse(const char *text);
const char *cli_rules_name(jong_variant v);
/* The family a hand's size says (13/14 tiles riichi, 16/17 Taiwanese, melds counting 3), -1 for
 * neither or a hand that does not parse: the family of commands about one hand when --rules is
 * not given. */
int cli_rules_of_hand(const char *hand);

/* A seat or wind: one character 0-3 or E S W N, as 0..3; -1 when it is neither. */
int cli_parse_wind(const char *s);

/* Appends a word to a space-separated text of `size` bytes; a usage error if it does not fit. */
int cli_append_word(const char *cmd, char *text, size_t size, const char *word, const char *what);

/* Tiles in a hand counting each declared meld as 3 (the size the rules talk about). */
int cli_hand_size(const jong_hand *h);

/* Does the file start like a Jong record (its header line)? Anything else is taken for an
 * imported game (mjai, Tenhou). A file that cannot be read counts as a Jong record, so that the
 * record reader reports it. */
bool cli_is_jong_record(const char *path);

/* A Jong record file as a stream to read: a plain file as it is, a gzipped one unpacked within
 * lim into *text (which the caller frees after fclose; NULL for a plain file). NULL with err
 * set (naming the path) when it cannot be opened or unpacked. */
FILE *cli_open_jong_record(const char *path, const jong_record_limits *lim, char **text, jong_error *err);

/* The library's limits on reading a record from the options of CLI_RECORD_LIMIT_OPTIONS. */
jong_record_limits cli_record_limits(int max_record_mb, int max_gzip_layers);

/* Prints a JSON value (taken and freed) on one line; CLI_OK, or CLI_FAIL after
 * reporting that memory ran out. */
int cli_print_json(const char *cmd, json_t *json);

/* mkdir -p: a directory and any missing parents (0 or -1 with errno). */
int cli_make_dirs(const char *path);

/* The rule family of a command given no --rules: the preset's when --preset names one (all are
 * riichi today), else v. */
jong_variant cli_rules_of_preset(const char *preset, jong_variant v);

/* A table's ruleset: the defaults of the variant, then the rule preset (--preset NAME, NULL for
 * none; CLI_RULE_PRESET_OPTION), then each "name=value" given with the option `opt` (--rule,
 * --option), then --hands N when hands > 0. A bad preset or option is a usage error (returns
 * CLI_USAGE, else 0). */
int cli_build_ruleset(const char *cmd, const char *preset, const char *opt, jong_variant v,
                      const char *const *settings, int n, int hands, jong_ruleset *rs);
/* Three-player riichi (three_player=on) is played by jong play and its records by jong replay
 * so far; the other commands call this after building their rules: a usage error naming it
 * (CLI_USAGE) for a three-player ruleset, else 0. */
int cli_refuse_three_players(const char *cmd, const jong_ruleset *rs);

#endif
