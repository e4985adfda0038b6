/* One declarative option table per command: each option's name, kind of value, where the value
 * goes, its help and its default, in one place; cli_parse reads a command line with it and
 * cli_print_help writes the command's --help from it.
 *
 * A command keeps its settings in a struct of its own (called OPTS by the table macros below),
 * sets the defaults it works out itself (the clock, the processors), and calls
 *
 *     int r = cli_parse(&spec, argc, argv, &opts);
 *     if (r != CLI_GO)
 *         return r;   (0 after --help, 2 after a usage error)
 *
 * Options are written "--name VALUE" or "--name=VALUE" (a short one "-o VALUE"), anywhere among
 * the positional words; "--" ends the options. Every error is one line, "jong CMD: message (see
 * 'jong CMD --help')", and the exit status 2. */
#ifndef JONG_CLI_OPTIONS_H
#define JONG_CLI_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "jong/jong.h"

/* cli_parse's "go on": the command line was read, nothing printed. */
enum { CLI_GO = -1 };

/* The values of a repeatable option, in the order given. */
#define CLI_LIST_MAX 64
typedef struct {
    const char *v[CLI_LIST_MAX];
    int n;
} cli_list;

/* The positional words of a command that takes several (they stay in argv, moved to its front). */
typedef struct {
    char **v;
    int n;
} cli_args;

typedef enum {
    CLI_K_FLAG,   /* bool: set to true */
    CLI_K_BITS,   /* unsigned: .bits or'ed in */
    CLI_K_INT,    /* int in .lo .. .hi */
    CLI_K_DOUBLE, /* double in .dlo .. .dhi (CLI_ABOVE_LO, CLI_BELOW_HI: the bound itself excluded) */
    CLI_K_SEED,   /* uint64_t, 0 .. 2^64-1 */
    CLI_K_STRING, /* const char *: the word itself */
    CLI_K_LIST,   /* cli_list: each use appends a value */
    CLI_K_RULES,  /* jong_variant: riichi or taiwan, in any case */
    CLI_K_WIND,   /* int 0..3: a seat 0-3 or a wind E S W N */
    CLI_K_ENUM,   /* int: the value's index in .names (any case) */
    CLI_K_CALL,   /* .call stores the value (and reports its own errors) */
} cli_kind;

enum {
    CLI_HIDDEN = 1,   /* not listed in --help (another spelling of an option that is) */
    CLI_ABOVE_LO = 2, /* CLI_K_DOUBLE: the value must be > .dlo */
    CLI_BELOW_HI = 4, /* CLI_K_DOUBLE: the value must be < .dhi */
    CLI_REQUIRED = 8, /* the command line must have it ("--win TILE is required") */
};

typedef struct cli_option {
    const char *name;    /* "--games"; NULL ends a table (CLI_END) */
    cli_kind kind;
    size_t at;           /* offsetof the value in the command's settings (see CLI_AT) */
    const char *metavar; /* "N" in "--games N"; NULL for the flags */
    const char *help;    /* one paragraph, wrapped by cli_print_help */
    const char *def;     /* the default, set before the command line is read and shown in help */
    const char *def_text; /* a default the command works out itself: only shown in help */
    char short_name;     /* 'o' for "-o", or 0 */
    long lo, hi;         /* CLI_K_INT */
    double dlo, dhi;     /* CLI_K_DOUBLE */
    unsigned bits;       /* CLI_K_BITS */
    unsigned given;      /* or'ed into the command's given_at when the option is used */
    unsigned flags;      /* CLI_HIDDEN ... */
    const char *const *names; /* CLI_K_ENUM: the values, NULL-terminated */
    /* CLI_K_CALL: stores value (the option written as `name`); CLI_OK, or a reported usage error */
    int (*call)(const char *cmd, const char *name, const char *value, void *opts);
} cli_option;

typedef enum {
    CLI_POS_NONE,  /* no positional words */
    CLI_POS_ONE,   /* const char *: one word */
    CLI_POS_WORDS, /* char[size]: the words joined by spaces (a hand written in several words) */
    CLI_POS_LIST,  /* cli_args: min .. max words (max 0: any number) */
} cli_pos_kind;

typedef struct {
    cli_pos_kind kind;
    size_t at, size;
    const char *metavar;  /* "HAND" */
    const char *help;
    int min, max;
    const char *missing;  /* the error when there are fewer than min (default "missing METAVAR") */
    const char *too_many; /* CLI_POS_ONE: "one player only" (default "one METAVAR only") */
    const char *hint;     /* CLI_POS_NONE: said after "unexpected argument 'x'" */
    const char *const *names; /* CLI_POS_ONE: the words allowed, NULL-terminated (NULL: any) */
} cli_positional;

/* A sub-command: `jong arena summary ...` runs run(argc - 1, argv + 1). */
typedef struct {
    const char *name;
    const char *summary;
    int (*run)(int argc, char **argv);
} cli_sub;

typedef struct {
    const char *name;     /* as in messages: "play", "arena summary" */
    const char *usage;    /* the usage lines without "usage: "; NULL: made from the table */
    const char *about;    /* the description, printed as written */
    const cli_option *options; /* ends with CLI_END; may be NULL */
    cli_positional pos;
    const cli_sub *subs;  /* ends with CLI_END; may be NULL */
    const char *epilog;   /* printed after the options, as written */
    void (*more_help)(FILE *f); /* then this (the players and their options) */
    size_t given_at;      /* unsigned: the .given bits of the options used */
} cli_command;

/* Where a field of the settings struct OPTS is, checked at compile time to be of type `type`. */
#define CLI_AT(T, field, type) (offsetof(T, field) + 0 * sizeof((type *)0 == &((T *)0)->field))

/* The kind and place of an option's value, in a table for the struct named by OPTS; an entry
 * reads {"--name", CLI_INT(field), "METAVAR", "help", .lo = 1, .hi = 9, .def = "1"}. */
#define CLI_FLAG(f) .kind = CLI_K_FLAG, .at = CLI_AT(OPTS, f, bool)
#define CLI_BITS(f) .kind = CLI_K_BITS, .at = CLI_AT(OPTS, f, unsigned)
#define CLI_INT(f) .kind = CLI_K_INT, .at = CLI_AT(OPTS, f, int)
#define CLI_DOUBLE(f) .kind = CLI_K_DOUBLE, .at = CLI_AT(OPTS, f, double)
#define CLI_SEED(f) .kind = CLI_K_SEED, .at = CLI_AT(OPTS, f, uint64_t)
#define CLI_STRING(f) .kind = CLI_K_STRING, .at = CLI_AT(OPTS, f, const char *)
#define CLI_LIST(f) .kind = CLI_K_LIST, .at = CLI_AT(OPTS, f, cli_list)
#define CLI_RULES(f) .kind = CLI_K_RULES, .at = CLI_AT(OPTS, f, jong_variant)
#define CLI_WIND(f) .kind = CLI_K_WIND, .at = CLI_AT(OPTS, f, int)
#define CLI_ENUM(f) .kind = CLI_K_ENUM, .at = CLI_AT(OPTS, f, int)
#define CLI_CALL(fn) .kind = CLI_K_CALL, .call = (fn), .at = 0

/* The positional words of a table for OPTS. */
#define CLI_POS_ONE_AT(f) .kind = CLI_POS_ONE, .at = CLI_AT(OPTS, f, const char *)
#define CLI_POS_WORDS_AT(f) .kind = CLI_POS_WORDS, .at = CLI_AT(OPTS, f[0], char), .size = sizeof((OPTS *)0)->f
#define CLI_POS_LIST_AT(f) .kind = CLI_POS_LIST, .at = CLI_AT(OPTS, f, cli_args)

/* The limits on reading a game record (jong_record_limits, jong/mjai.h), two options of every
 * command that reads imported records, for a table whose OPTS has the int fields max_record_mb
 * and max_gzip_layers (cli_record_limits turns them into the library's limits). */
#define CLI_RECORD_LIMIT_OPTIONS                                                                                \
    {"--max-record-mb", CLI_INT(max_record_mb), "MB", "refuse a record whose text, after unpacking gzip, is "    \
     "larger than MB MiB (a guard against gzip bombs; a whole game is well under 1 MiB)", .lo = 1,              \
     .hi = 1048576, .def = CLI_TEXT(JONG_RECORD_MAX_MB)},                                                       \
    {"--max-gzip-layers", CLI_INT(max_gzip_layers), "N", "refuse a record wrapped in more than N layers of "    \
     "gzip (a .gz file is one; 0 refuses gzip)", .lo = 0, .hi = 1000, .def = CLI_TEXT(JONG_RECORD_MAX_GZIP_LAYERS)}

/* The rule preset, an option of every command that builds a riichi ruleset from --rule (or
 * --option) settings, for a table whose OPTS has the field const char *preset (passed to
 * cli_build_ruleset, which applies it before those settings); the arguments, if any, are more
 * fields of the entry (.given = ...). */
#define CLI_RULE_PRESET_OPTION(...)                                                                              \
    {"--preset", CLI_STRING(preset), "NAME", "start from the riichi rule preset NAME: tenhou (the defaults), "   \
     "tenhou2009 (Tenhou's rules of March 2009) or mahjongsoul (docs/rules.md lists their options); --rule "    \
     "options given too override it", __VA_ARGS__}

/* The end of a table of options or sub-commands. */
#define CLI_END {.name = NULL}

/* A number as text, for a default: CLI_TEXT(JONG_ANALYSIS_DEFAULT_SIMS) is "2000". */
#define CLI_TEXT_(x) #x
#define CLI_TEXT(x) CLI_TEXT_(x)

/* Reads the command line into opts (after the table's defaults): CLI_GO, or the exit status
 * once --help is printed (CLI_OK) or a usage error reported (CLI_USAGE). */
int cli_parse(const cli_command *c, int argc, char **argv, void *opts);

/* The command's help, generated from its table. */
void cli_print_help(const cli_command *c, FILE *f);

/* A command with sub-commands: runs the one argv[1] names (its status in *status), prints the
 * help for -h/--help, and reports a missing or unknown sub-command when the command has no
 * options of its own. Returns false when the command line is the command's own to parse. */
bool cli_dispatch(const cli_command *c, int argc, char **argv, int *status);

/* The value of option `name` ("--rules VALUE" or "--rules=VALUE") among argv (its last use), NULL
 * when it is not there; *present says whether the option is there at all (its value may be missing).
 * For commands that pick a table by one option (jong score --rules, jong play --human). */
const char *cli_find_option(int argc, char **argv, const char *name, bool *present);

/* Appends value to the list of option `name` (a usage error when it is full). */
int cli_list_add(const char *cmd, const char *name, cli_list *l, const char *value);

#endif
