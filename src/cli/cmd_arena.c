/* `jong arena`: duplicate matches between players (the library's arena), with the results file,
 * resuming, a progress bar on stderr and the reports; `jong arena summary DIR` rebuilds the
 * reports from a results file alone. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "arena_mpi.h"
#include "cli_players.h"
#include "cli_options.h"
#include "cli_signals.h"
#include "cli_util.h"
#include "cmd_arena.h"
#include "commands.h"
#include "jong/arena.h"

static const char *const cmd = "arena";

enum { GIVEN_RULES = 1, GIVEN_PLAYERS = 2, GIVEN_MODE = 4, GIVEN_GAMES = 8, GIVEN_SEED = 16,
       GIVEN_MATCH = 32, GIVEN_TIME = 64 };

typedef struct {
    jong_variant rules;
    const char *players, *out;
    cli_list rule;
    const char *preset;
    int mode, games, matches, match_hands, game_hands, jobs, time_ms;
    uint64_t seed;
    bool resume, json, progress, run_stored_commands;
    unsigned given; /* GIVEN_*: what --resume must check against the results file */
} arena_opts;

static const char *const mode_names[] = {"1v3", "2v2", "3v1", "free", NULL};
_Static_assert(JONG_ARENA_1V3 == 0 && JONG_ARENA_2V2 == 1 && JONG_ARENA_3V1 == 2 && JONG_ARENA_FREE == 3 &&
                   JONG_ARENA_MODES == 4, "mode_names follows jong_arena_mode");

#define OPTS arena_opts
static const cli_option options[] = {
    {"--players", CLI_STRING(players), "A,B[,C,D]", "2 or 4 player specs (name or name:key=val,key=val), "
     "labelled A B C D; required unless --resume", .given = GIVEN_PLAYERS},
    {"--rules", CLI_RULES(rules), "R", "riichi or taiwan", .def = "taiwan",
     .def_text = "the players' when they play one family only, else taiwan", .given = GIVEN_RULES},
    {"--mode", CLI_ENUM(mode), "M", "2v2: A+C against B+D, partners opposite, teams swapped; 1v3: A alone "
     "takes each seat; 3v1: the last player alone; free: 4 players", .names = mode_names, .def = "2v2",
     .given = GIVEN_MODE},
    {"--game-hands", CLI_INT(game_hands), "K", "hands per game", .lo = 1, .hi = 1000000,
     .def_text = "1 in Taiwanese, a whole game in riichi", .given = GIVEN_RULES},
    {"--games", CLI_INT(games), "N", "games to play", .lo = 1, .hi = 100000000, .def_text = "one match",
     .given = GIVEN_GAMES},
    {"--matches", CLI_INT(matches), "M", "play M matches of --match-hands hands", .lo = 1, .hi = 1000000,
     .given = GIVEN_GAMES},
    {"--match-hands", CLI_INT(match_hands), "H", "hands of a match", .lo = 1, .hi = 100000000, .def = "384",
     .given = GIVEN_MATCH},
    {"--seed", CLI_SEED(seed), "S", "the run's seed", .def_text = "from the clock; always printed",
     .given = GIVEN_SEED},
    {"--jobs", CLI_INT(jobs), "J", "worker threads (under mpirun: in each rank); results do not depend on it",
     .lo = 1, .hi = 1024, .def_text = "the processors; 1 under mpirun"},
    {"--time-per-move", CLI_INT(time_ms), "MS", "time given to the players; an answer later than MS plus a "
     "grace (a quarter, at least 50 ms) is a fault (an ext: player with timeout= has its own limit)", .lo = 1,
     .hi = 3600000,
     .def_text = "none, a hang limit of 10 s of CPU time", .given = GIVEN_TIME},
    {"--rule", CLI_LIST(rule), "NAME=VALUE", "set a rule option (repeatable)", .given = GIVEN_RULES},
    CLI_RULE_PRESET_OPTION(.given = GIVEN_RULES),
    {"--out", CLI_STRING(out), "DIR", "write DIR/results.jsonl (one line per game), summary.json, "
     "summary.svg"},
    {"--resume", CLI_FLAG(resume), NULL, "continue the run in --out DIR (its options come from its results "
     "file)"},
    {"--run-stored-commands", CLI_FLAG(run_stored_commands), NULL, "with --resume: run the commands of the "
     "ext: players stored in the results file without --players naming them again (a results file from "
     "elsewhere could hold any shell command, so by default they must be given again)"},
    {"--progress", CLI_FLAG(progress), NULL, "a progress bar on stderr even when it is not a terminal"},
    {"--json", CLI_FLAG(json), NULL, "the summary JSON on stdout instead of the table"},
    CLI_END,
};
#undef OPTS

static int summary_command(int argc, char **argv);
static int compare_command(int argc, char **argv);

static const cli_sub subs[] = {
    {"summary", "the reports again (table, summary.json, summary.svg) from a run's results file alone",
     summary_command},
    {"compare", "player A of two runs on the same games, paired game by game", compare_command},
    {"verify", "re-plays games of a finished run (all, or a sample) and checks each gives its recorded result",
     arena_verify_command},
    CLI_END,
};

static const cli_command spec = {
    .name = "arena",
    .usage = "jong arena --players A,B[,C,D] [--rules taiwan|riichi] [--mode 1v3|2v2|3v1|free]\n"
             "                  [--games N | --matches M] [--match-hands H] [--game-hands K] [--seed S]\n"
             "                  [--jobs J] [--time-per-move MS] [--rule NAME=VALUE]... [--out DIR]\n"
             "                  [--resume] [--progress] [--json]\n"
             "       jong arena summary DIR|FILE [--json]\n"
             "       jong arena compare RUN1 RUN2 [--json]\n"
             "       jong arena verify DIR|FILE [--sample K] [--seed S] [--jobs J]",
    .about = "Duplicate matches: every game is played on the same walls under each seating of the mode,\n"
             "so the luck of the deal cancels; prints per side (and per player) the win, self-draw,\n"
             "deal-in and draw rates, tai per win (Taiwanese) or ranks and uma (riichi), the score per\n"
             "game and match wins, each with a 95% confidence interval over games, and whether the\n"
             "difference between the sides is significant (paired per game). \"±n/a\": the interval\n"
             "rests on fewer than two games, or the games show no spread at all.\n"
             "A player that answers illegally, crashes (answers < 0) or runs late loses that decision\n"
             "only: it passes, or discards the tile it drew; the faults are counted in the summary.\n"
             "Under mpirun (MPI), rank 0 hands the games out to every rank and writes the files:\n"
             "the same results as --jobs 1 (docs/cluster.md).\n",
    .options = options,
    .subs = subs,
    .more_help = cli_print_players,
    .given_at = offsetof(arena_opts, given),
};

/* The options of `jong arena summary` and `jong arena compare`. */
typedef struct {
    const char *run;
    cli_args runs;
    bool json;
} report_opts;

#define OPTS report_opts
static const cli_option summary_options[] = {
    {"--json", CLI_FLAG(json), NULL, "the summary JSON on stdout instead of the table"},
    CLI_END,
};

static const cli_command summary_spec = {
    .name = "arena summary",
    .about = "The reports of a run again from its results file alone: the table (or its JSON) on\n"
             "stdout, and for a directory also its summary.json and summary.svg.\n",
    .options = summary_options,
    .pos = {CLI_POS_ONE_AT(run), .metavar = "DIR|FILE", .min = 1,
            .help = "the run's directory (--out DIR) or its results file",
            .missing = "give the run's directory or its results file"},
};

static const cli_option compare_options[] = {
    {"--json", CLI_FLAG(json), NULL, "the comparison as JSON"},
    CLI_END,
};

static const cli_command compare_spec = {
    .name = "arena compare",
    .about = "Two runs (directories or results files) that differ only in player A, e.g. two\n"
             "options of one player against the same opponents with the same --seed: player A's figures\n"
             "in each and their difference paired game by game over the games both finished (the same\n"
             "walls and the same opponents' decisions until A's play differs), with its 95% interval.\n",
    .options = compare_options,
    .pos = {CLI_POS_LIST_AT(runs), .metavar = "RUN1 RUN2", .min = 2, .max = 2,
            .help = "the two runs: directories (--out DIR) or results files",
            .missing = "give two runs (directories or results files)"},
};
#undef OPTS

/* The player list (cli_split_players): 2 or 4 players, each one that can be made. */
static int split_players(const char *list, jong_arena_config *cfg)
{
    int n;
    int rc = cli_split_players(cmd, list, cfg->players, 4, &n);
    if (rc)
        return rc;
    if (n != 2 && n != 4)
        return cli_usage_error(cmd, "give 2 or 4 players, not %d ('%s')", n, list);
    cfg->nplayers = n;
    for (int i = 0; i < n; i++) {
        jong_player *pl;
        jong_error err;
        if (jong_player_create(cfg->players[i], &pl, &err))
            return cli_usage_error(cmd, "player '%s': %s", cfg->players[i], err.msg);
        jong_player_free(pl);
    }
    return CLI_OK;
}

/* ---- progress ---- */

typedef struct {
    bool show;
    int done_before;      /* games already in the results file */
    double start, last;
} progress;

static void show_progress(progress *pr, int done, int total, bool final)
{
    double now = cli_now();
    if (!pr->show || (!final && now - pr->last < 0.2))
        return;
    pr->last = now;
    int width = 30, fill = total ? (int)((int64_t)done * width / total) : width;
    double elapsed = now - pr->start, rate = elapsed > 1e-9 ? (done - pr->done_before) / elapsed : 0;
    char bar[64];
    for (int i = 0; i < width; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[width] = 0;
    fprintf(stderr, "\r[%s] %d/%d games  %.1f games/s  eta %.0fs  ", bar, done, total, rate,
            rate > 0 ? (total - done) / rate : 0.0);
    if (final)
        fputc('\n', stderr);
    fflush(stderr);
}

static void on_game(void *ctx, int done, int total)
{
    progress *pr = ctx;
    show_progress(pr, done, total, false);
    cli_test_kill(0, done - pr->done_before);
}

/* A finished run's results file, rewritten in game order through a new file renamed over it
 * (atomic: a crash leaves the old file, which holds the same games). */
static int rewrite_in_order(const char *path, const jong_arena_results *r)
{
    char tmp[4300];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f)
        return cli_fail(cmd, "%s: %s", tmp, strerror(errno));
    jong_error err;
    int rc = jong_arena_write_all(f, r, &err);
    if (fclose(f) && !rc)
        rc = jong_error_set(&err, JONG_ERR_IO, -1, "write failed");
    if (!rc && rename(tmp, path))
        rc = jong_error_set(&err, JONG_ERR_IO, -1, "renaming to %s: %s", path, strerror(errno));
    if (rc) {
        remove(tmp);
        return cli_fail(cmd, "%s: %s", tmp, err.msg);
    }
    return CLI_OK;
}

/* ---- reports ---- */

/* Written whole to NAME.tmp, then renamed over NAME: a full disk leaves the old file or none,
 * never an empty or cut one. */
static int write_file(const char *dir, const char *name, const char *text)
{
    char path[4200], tmp[4300];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f)
        return cli_fail(cmd, "%s: %s", tmp, strerror(errno));
    size_t len = strlen(text);
    bool ok = fputs(text, f) >= 0 && (len && text[len - 1] == '\n' ? true : fputc('\n', f) != EOF);
    int e = errno;
    if (fclose(f) || !ok || rename(tmp, path)) {
        e = errno ? errno : e;
        remove(tmp);
        return cli_fail(cmd, "%s: write failed: %s", path, strerror(e));
    }
    return CLI_OK;
}

/* Prints the table (or JSON) and writes summary.json and summary.svg into dir (if not NULL). */
static int report(const jong_arena_results *r, const char *dir, bool json)
{
    jong_arena_summary s;
    jong_error err;
    if (jong_arena_summarize(r, &s, &err))
        return cli_fail(cmd, "%s", err.msg);
    char *text = jong_arena_report_text(&s), *js = jong_arena_report_json(&s), *svg = jong_arena_report_svg(&s);
    int rc = CLI_OK;
    if (!text || !js || !svg)
        rc = cli_fail(cmd, "out of memory");
    if (!rc) {
        if (json)
            printf("%s\n", js);
        else
            fputs(text, stdout);
        fflush(stdout);
    }
    if (!rc && dir && !(rc = write_file(dir, "summary.json", js)))
        rc = write_file(dir, "summary.svg", svg);
    free(text);
    free(js);
    free(svg);
    return rc;
}

/* `jong arena summary DIR|FILE`: the reports from a results file alone. */
static int summary_command(int argc, char **argv)
{
    report_opts o = {0};
    int rc = cli_parse(&summary_spec, argc, argv, &o);
    if (rc != CLI_GO)
        return rc;
    const char *where = o.run;
    bool json = o.json;
    jong_arena_results r;
    bool is_dir;
    if ((rc = arena_load_run(cmd, where, &r, &is_dir)))
        return rc;
    rc = report(&r, is_dir ? where : NULL, json);
    jong_arena_results_free(&r);
    return rc;
}

/* `jong arena compare RUN1 RUN2`: player A of two runs on the same games, paired per game. */
static int compare_command(int argc, char **argv)
{
    report_opts o = {0};
    int rc = cli_parse(&compare_spec, argc, argv, &o);
    if (rc != CLI_GO)
        return rc;
    const char *where[2] = {o.runs.v[0], o.runs.v[1]};
    bool json = o.json;
    jong_arena_results r[2];
    bool is_dir;
    if ((rc = arena_load_run(cmd, where[0], &r[0], &is_dir)))
        return rc;
    if ((rc = arena_load_run(cmd, where[1], &r[1], &is_dir))) {
        jong_arena_results_free(&r[0]);
        return rc;
    }
    jong_arena_comparison c;
    jong_error err;
    if (jong_arena_compare(&r[0], &r[1], &c, &err))
        rc = cli_fail(cmd, "compare %s with %s: %s", where[0], where[1], err.msg);
    else {
        char *text = json ? jong_arena_compare_json(&c) : jong_arena_compare_text(&c);
        if (!text)
            rc = cli_fail(cmd, "out of memory");
        else
            printf("%s%s", text, json ? "\n" : "");
        free(text);
    }
    jong_arena_results_free(&r[0]);
    jong_arena_results_free(&r[1]);
    return rc;
}

/* ---- a run ---- */

/* Does a player spec run an outside command (the ext: player)? */
static bool runs_command(const char *player)
{
    size_t name = strcspn(player, ":");
    return name == 3 && !strncmp(player, "ext", 3);
}

/* --resume: the configuration comes from the results file; options given again must agree. A
 * command stored in the file runs only when --players gives it again or --run-stored-commands
 * says to: a results file is data, and data must not run commands. */
static int resume_config(const char *path, jong_arena_config *cfg, unsigned given, bool run_stored,
                         jong_arena_results *r, long *good)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return cli_fail(cmd, "--resume: %s: %s", path, strerror(errno));
    jong_error err;
    int rc = jong_arena_read(f, r, good, &err);
    fclose(f);
    if (rc)
        return cli_fail(cmd, "--resume: %s: %s", path, err.msg);
    jong_arena_config want = r->cfg;
    if (given & GIVEN_RULES)
        want.rules = cfg->rules;
    if (given & GIVEN_PLAYERS) {
        want.nplayers = cfg->nplayers;
        memcpy(want.players, cfg->players, sizeof want.players);
    }
    if (given & GIVEN_MODE)
        want.mode = cfg->mode;
    if (given & GIVEN_GAMES)
        want.games = cfg->games;
    if (given & GIVEN_SEED)
        want.seed = cfg->seed;
    if (given & GIVEN_MATCH)
        want.match_hands = cfg->match_hands;
    if (given & GIVEN_TIME)
        want.time_ms = cfg->time_ms;
    char why[160];
    if (!jong_arena_config_same(&r->cfg, &want, why, sizeof why)) {
        jong_arena_results_free(r);
        return cli_usage_error(cmd, "--resume: %s was made with %s", path, why);
    }
    for (int i = 0; i < r->cfg.nplayers && !(given & GIVEN_PLAYERS) && !run_stored; i++)
        if (runs_command(r->cfg.players[i])) {
            char player[JONG_ARENA_SPEC_MAX];
            snprintf(player, sizeof player, "%s", r->cfg.players[i]);
            for (char *p = player; *p; p++) /* the file's text: one printable line */
                if ((unsigned char)*p < 0x20 || *p == 0x7f)
                    *p = '?';
            jong_arena_results_free(r);
            return cli_usage_error(cmd, "--resume: %s holds player %c = %s, which runs a command: give "
                                   "--players again (or --run-stored-commands) to run it", path, 'A' + i, player);
        }
    *cfg = r->cfg;
    return CLI_OK;
}

/* The run on one machine, or rank 0's part of it under MPI (ranks > 1). */
static int run_arena(arena_opts o, int argc, char **argv, int ranks)
{
    int rc;
    const char *out = o.out;
    bool resume = o.resume;
    unsigned given = o.given;
    char path[4200] = "";
    if (out)
        snprintf(path, sizeof path, "%s/results.jsonl", out);
    if (resume && out && o.players) {
        /* a script that always passes --resume starts the run the first time (with the options
         * it gives) instead of failing on a directory that holds no results yet */
        struct stat st0;
        if (stat(path, &st0) ? errno == ENOENT : st0.st_size == 0) {
            fprintf(stderr, "jong arena: --resume: %s holds no results yet: starting the run\n", out);
            resume = false;
        }
    }
    if (o.games && o.matches)
        return cli_usage_error(cmd, "give --games or --matches, not both");
    jong_arena_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.mode = (jong_arena_mode)o.mode;
    cfg.games = o.games;
    cfg.match_hands = o.match_hands;
    cfg.seed = o.seed;
    cfg.time_ms = o.time_ms;
    /* without --rules a new run plays the players' family when they play only one */
    bool rules_given;
    cli_find_option(argc, argv, "--rules", &rules_given);
    if (!rules_given && !resume)
        o.rules = cli_rules_of_preset(o.preset, cli_rules_of_players(o.players, o.rules));
    if (cli_build_ruleset(cmd, o.preset, "--rule", o.rules, o.rule.v, o.rule.n, 0, &cfg.rules) ||
        cli_refuse_three_players(cmd, &cfg.rules))
        return CLI_USAGE;
    /* a whole Taiwanese game can last thousands of hands (a draw keeps the deal): one hand each */
    if (o.game_hands)
        cfg.rules.hands = o.game_hands;
    else if (!cfg.rules.hands && o.rules == JONG_VARIANT_TAIWAN)
        cfg.rules.hands = 1;
    if (o.players) {
        if ((rc = split_players(o.players, &cfg)))
            return rc;
    } else if (!resume) {
        return cli_usage_error(cmd, "--players is required");
    }
    if (!cfg.games)
        cfg.games = (o.matches ? o.matches : 1) * jong_arena_match_games(&cfg);
    if (resume && !out)
        return cli_usage_error(cmd, "--resume needs --out DIR (the run to continue)");

    jong_arena_results r;
    jong_error err;
    long good = 0;
    if (resume) {
        if ((rc = resume_config(path, &cfg, given, o.run_stored_commands, &r, &good)))
            return rc;
    } else {
        if (jong_arena_config_check(&cfg, &err))
            return cli_usage_error(cmd, "%s", err.msg);
        if (jong_arena_results_init(&r, &cfg, &err))
            return cli_fail(cmd, "%s", err.msg);
    }
    /* the engine's refusals before any file is made */
    jong_game *probe;
    if (jong_game_new(&cfg.rules, cfg.seed, 0, NULL, NULL, &probe, &err)) {
        jong_arena_results_free(&r);
        return cli_fail(cmd, "%s", err.msg);
    }
    jong_game_free(probe);

    FILE *results = NULL;
    if (out) {
        struct stat st;
        if (!resume && !stat(path, &st) && st.st_size > 0) {
            jong_arena_results_free(&r);
            return cli_usage_error(cmd, "%s exists: continue it with --resume or choose another --out", path);
        }
        if (cli_make_dirs(out) || !(results = fopen(path, resume ? "r+" : "w"))) {
            jong_arena_results_free(&r);
            return cli_fail(cmd, "%s: %s", path, strerror(errno));
        }
        /* a partial last line from a killed run is cut off before appending */
        if (resume && (ftruncate(fileno(results), good) || fseek(results, good, SEEK_SET))) {
            fclose(results);
            jong_arena_results_free(&r);
            return cli_fail(cmd, "%s: %s", path, strerror(errno));
        }
        if (!resume && jong_arena_write_header(results, &cfg, &err)) {
            fclose(results);
            jong_arena_results_free(&r);
            return cli_fail(cmd, "%s: %s", path, err.msg);
        }
    }
    if (ranks > 1)
        fprintf(stderr, "jong arena: seed %llu, %d games, %d ranks of %d jobs (rank 0 also hands the games out)\n",
                (unsigned long long)cfg.seed, cfg.games, ranks, o.jobs);
    else
        fprintf(stderr, "jong arena: seed %llu, %d games, %d jobs\n", (unsigned long long)cfg.seed, cfg.games, o.jobs);
    if (resume)
        fprintf(stderr, "jong arena: resuming %s: %d of %d games done\n", out, r.ndone, cfg.games);

    /* a signal abandons the games under way (--resume plays them again): the file holds only whole games */
    cli_catch_stop_signals(NULL, NULL, false);
    progress pr = {.show = o.progress || isatty(2), .done_before = r.ndone, .start = cli_now()};
    jong_arena_run_opts opts = {.jobs = o.jobs, .now_ms = cli_now_ms, .thread_cpu_ms = cli_thread_cpu_ms,
                                .interrupt = &cli_stop, .results = results,
                                .on_game = on_game, .ctx = &pr};
    rc = ranks > 1 ? arena_mpi_coordinate(&r, &opts, &err) : jong_arena_run(&r, &opts, &err);
    show_progress(&pr, r.ndone, cfg.games, true);
    if (results && fclose(results) && !rc)
        rc = jong_error_set(&err, JONG_ERR_IO, -1, "%s: write failed", path);
    int status = CLI_OK;
    if (rc)
        status = cli_fail(cmd, "%s", err.msg);
    if (rc && out) {
        /* a write failed (a full disk): games played but not written are lost, so the report
         * covers exactly the games on disk, as `jong arena summary` will */
        jong_arena_results disk;
        bool is_dir;
        jong_arena_results_free(&r);
        if (arena_load_run(cmd, path, &disk, &is_dir))
            return CLI_FAIL;
        r = disk;
    }
    else if (out && r.ndone == cfg.games)
        status = rewrite_in_order(path, &r);
    double took = cli_now() - pr.start;
    fprintf(stderr, "jong arena: %d of %d games done, %.1f s\n", r.ndone, cfg.games, took);
    if (r.ndone && report(&r, out, o.json))
        status = CLI_FAIL;
    else if (status == CLI_OK && r.ndone < cfg.games)
        status = cli_fail(cmd, "interrupted: %d of %d games done%s", r.ndone, cfg.games,
                          out ? "; continue with --resume" : "");
    jong_arena_results_free(&r);
    return status;
}

typedef struct {
    arena_opts o;
    int argc;
    char **argv;
} run_args;

/* What arena_mpi_command runs on rank 0, or in the only process. */
static int run_rank0(void *ctx, int jobs, int ranks)
{
    run_args *a = ctx;
    a->o.jobs = jobs;
    return run_arena(a->o, a->argc, a->argv, ranks);
}

int cmd_arena(int argc, char **argv)
{
    int rc;
    if (cli_dispatch(&spec, argc, argv, &rc))
        return rc;
    arena_opts o = {.jobs = (int)sysconf(_SC_NPROCESSORS_ONLN), .seed = (uint64_t)time(NULL)};
    if ((rc = cli_parse(&spec, argc, argv, &o)) != CLI_GO)
        return rc;
    run_args a = {o, argc, argv};
    return arena_mpi_command(cmd, argc, argv, o.jobs, run_rank0, &a);
}
