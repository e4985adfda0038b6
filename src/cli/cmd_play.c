/* `jong play`: self-play games between players, with optional records (resumable), a progress
 * line on stderr and a per-seat summary; with threads, or over MPI ranks (arena_mpi.h). */
#include <errno.h>
#include <jansson.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "arena_mpi.h"
#include "cli_players.h"
#include "cli_options.h"
#include "cli_signals.h"
#include "cli_util.h"
#include "commands.h"
#include "play_log.h"
#include "play_run.h"

enum { GIVEN_RULES = 1, GIVEN_PLAYERS = 2, GIVEN_GAMES = 4, GIVEN_SEED = 8 };

typedef struct {
    jong_variant rules;
    const char *players, *log_dir;
    int games, hands, human, jobs;
    uint64_t seed;
    cli_list rule;
    const char *preset;
    bool check, json, quiet, resume;
    unsigned given; /* GIVEN_*: what --resume must check against the run's index */
} play_opts;

#define OPTS play_opts
static const cli_option options[] = {
    {"--rules", CLI_RULES(rules), "R", "riichi or taiwan", .def = "taiwan",
     .def_text = "the players' when they play one family only, else taiwan", .given = GIVEN_RULES},
    {"--players", CLI_STRING(players), "P[,P...]", "1, 2 (alternating) or 4 player specs: name or "
     "name:key=val,key=val (the players and their options are listed below); required unless --resume",
     .given = GIVEN_PLAYERS},
    {"--games", CLI_INT(games), "N", "games to play", .lo = 1, .hi = 100000000, .def = "1", .given = GIVEN_GAMES},
    {"--seed", CLI_SEED(seed), "S", "the run's seed", .def_text = "from the clock; always printed",
     .given = GIVEN_SEED},
    {"--hands", CLI_INT(hands), "N", "play N-hand games instead of full games (the 'hands' rule option)",
     .lo = 1, .hi = 100000000, .given = GIVEN_RULES},
    {"--rule", CLI_LIST(rule), "NAME=VALUE", "set a rule option, e.g. --rule multiple_winners=on "
     "(repeatable)", .given = GIVEN_RULES},
    CLI_RULE_PRESET_OPTION(.given = GIVEN_RULES),
    {"--log", CLI_STRING(log_dir), "DIR", "write each game's record to DIR/game-NNNNNN.jsonl (DIR is "
     "created) and the run's index to DIR/" PLAY_INDEX " (what --resume reads)"},
    {"--resume", CLI_FLAG(resume), NULL, "continue the run in --log DIR: its options come from its index; "
     "the games done are kept, the others played (the same records as a run never stopped)"},
    {"--jobs", CLI_INT(jobs), "J", "threads playing games (under mpirun: in each rank); the records do not "
     "depend on it", .lo = 1, .hi = 1024, .def_text = "1"},
    {"--check", CLI_FLAG(check), NULL, "verify tiles, scores and views after every event (slower)"},
    {"--json", CLI_FLAG(json), NULL, "the summary as one JSON object on stdout"},
    {"--quiet", CLI_FLAG(quiet), NULL, "no progress line"},
    {"--human", CLI_WIND(human), "SEAT", "a person plays seat SEAT at the terminal (see jong play --human E "
     "--help)"},
    CLI_END,
};
#undef OPTS

static const cli_command spec = {
    .name = "play",
    .usage = "jong play [--rules taiwan|riichi] --players P[,P...] [--games N] [--seed S] [--hands N]\n"
             "                 [--rule NAME=VALUE]... [--log DIR] [--jobs J] [--check] [--json] [--quiet]\n"
             "       jong play --resume --log DIR [--jobs J] ...\n"
             "       jong play --human SEAT --players P[,P...] ...   (a person at the terminal)",
    .about = "Plays N games of self-play and prints a summary per seat: hands won,\n"
             "self-draws, deal-ins, draws and scores. Game g deals the walls of (seed, g, hand), so\n"
             "the records and the summary are the same whatever --jobs, ranks or interruptions.\n"
             "SIGINT or SIGTERM stops it: the games under way are dropped (their records too), the\n"
             "summary covers the games done, and it exits with 1; --resume --log DIR plays the rest.\n"
             "Under mpirun (MPI), rank 0 hands the games out to every rank and writes DIR (the other\n"
             "machines need no DIR): to fill a data set from many machines, run\n"
             "  mpirun --hostfile HOSTS jong play --players ... --games N --log DIR\n"
             "and after a failure the same with --resume (docs/cluster.md).\n",
    .options = options,
    .more_help = cli_print_players,
    .given_at = offsetof(play_opts, given),
};

/* ---- progress: the whole run's games (rank 0 keeps them all) ---- */

typedef struct {
    int games, before;       /* the run's games; done before this run */
    int64_t hands_before;    /* hands of the games done before this run */
    double start, last;
    bool quiet;
} progress;

static void show_progress(progress *pr, const play_log *l, int under_way, bool final)
{
    double now = cli_now();
    if (pr->quiet || (!final && now - pr->last < 0.5))
        return;
    pr->last = now;
    int64_t hands = l->total.hands - pr->hands_before + under_way;
    int done = l->ndone - pr->before;
    double took = now - pr->start > 1e-9 ? now - pr->start : 1e-9;
    double eta = done ? took * (pr->games - l->ndone) / done : 0;
    fprintf(stderr, "\rgames %d/%d  hands %lld  %.0f hands/s  %.1f games/s  eta %.0fs   %s", l->ndone,
            pr->games, (long long)(l->total.hands + under_way), hands / took, done / took, eta,
            final ? "\n" : "");
    fflush(stderr);
}

/* What keeps the games on rank 0 (or the only process): the log and the progress. */
typedef struct {
    play_log *log;
    progress *pr;
    pthread_mutex_t lock;  /* the threads of one process give their games one at a time */
    int next;              /* without MPI: the next game to consider */
    int kept;
} keeper;

static int keep(void *ctx, int src, const char *bytes, size_t len, jong_error *err)
{
    (void)src;
    keeper *k = ctx;
    play_game_msg m;
    char why[200];
    if (play_msg_parse(bytes, len, &m, why, sizeof why))
        return jong_error_set(err, JONG_ERR_ARG, -1, "rank %d sent %s", src, why);
    int rc = play_log_keep(k->log, &m, err);
    if (!rc)
        show_progress(k->pr, k->log, 0, false);
    return rc;
}

/* ---- one process: its threads take the games in order ---- */

static int local_take(void *ctx, int worker)
{
    (void)worker;
    keeper *k = ctx;
    pthread_mutex_lock(&k->lock);
    while (k->next < k->log->cfg.games && k->log->done[k->next])
        k->next++;
    int g = k->next < k->log->cfg.games ? k->next++ : -1;
    pthread_mutex_unlock(&k->lock);
    return g;
}

static int local_give(void *ctx, const char *bytes, size_t len, jong_error *err)
{
    keeper *k = ctx;
    pthread_mutex_lock(&k->lock);
    int rc = keep(k, 0, bytes, len, err);
    cli_test_kill(0, ++k->kept); /* under the lock: no other game is kept after the N-th */
    pthread_mutex_unlock(&k->lock);
    return rc;
}

static void local_hand(void *ctx, int hands)
{
    keeper *k = ctx;
    if (!pthread_mutex_trylock(&k->lock)) { /* a progress line now and then, never a wait */
        show_progress(k->pr, k->log, hands, false);
        pthread_mutex_unlock(&k->lock);
    }
}

/* ---- a rank of an MPI job: the games rank 0 hands out ---- */

static int rank_take(void *ctx, int worker) { return mpi_take(ctx, worker); }

static int rank_give(void *ctx, const char *bytes, size_t len, jong_error *err)
{
    return mpi_give(ctx, bytes, len, err);
}

static int play_rank(const char *text, int jobs, mpi_link *link, char *msg)
{
    play_config cfg;
    char why[200];
    int rank = mpi_link_rank(link);
    if (play_header_parse(text, &cfg, why, sizeof why))
        return snprintf(msg, MPI_MSG_MAX, "rank %d: the run from rank 0: %s", rank, why), CLI_FAIL;
    play_source src = {.take = rank_take, .give = rank_give, .ctx = link, .stop = &cli_stop};
    jong_error err;
    if (play_games(&cfg, jobs, &src, &err))
        return snprintf(msg, MPI_MSG_MAX, "rank %d: %.350s", rank, err.msg), CLI_FAIL;
    return CLI_OK;
}

/* Each seat's result is its change of score over the games (riichi starts at 25000 points,
 * Taiwanese at 0); riichi also shows the average final points a game ends with. */
static void print_summary(const char players[JONG_SEATS][JONG_PLAYER_SPEC_MAX], const jong_game_result *tot,
                          int games, uint64_t seed, bool json, bool riichi, int start_score, int nseats)
{
    const char *value_name = riichi ? "han" : "tai";  /* what a win is worth in its rules */
    if (json) {
        json_t *o = json_object(), *seats = json_array();
        char buf[32];
        snprintf(buf, sizeof buf, "%llu", (unsigned long long)seed);
        json_object_set_new(o, "seed", json_string(buf));
        json_object_set_new(o, "games", json_integer(games));
        json_object_set_new(o, "hands", json_integer(tot->hands));
        for (int s = 0; s < nseats; s++) {
            const jong_seat_stats *st = &tot->seats[s];
            json_t *x = json_object();
            json_object_set_new(x, "player", json_string(players[s]));
            json_object_set_new(x, "wins", json_integer(st->wins));
            json_object_set_new(x, "self_draws", json_integer(st->self_draws));
            json_object_set_new(x, "deal_ins", json_integer(st->deal_ins));
            json_object_set_new(x, "draws", json_integer(st->draws));
            json_object_set_new(x, value_name, json_integer(st->tai));
            json_object_set_new(x, "score", json_integer(tot->scores[s]));
            json_object_set_new(x, "score_per_game", json_real(games ? (double)tot->scores[s] / games : 0));
            json_int_t change = tot->scores[s] - (json_int_t)start_score * games;
            json_object_set_new(x, "change", json_integer(change));
            json_object_set_new(x, "change_per_game", json_real(games ? (double)change / games : 0));
            json_array_append_new(seats, x);
        }
        json_object_set_new(o, "seats", seats);
        char *text = json_dumps(o, JSON_PRESERVE_ORDER | JSON_INDENT(2) | JSON_REAL_PRECISION(10));
        printf("%s\n", text);
        free(text);
        json_decref(o);
        return;
    }
    printf("seed %llu: %d game%s, %d hand%s\n", (unsigned long long)seed, games, games == 1 ? "" : "s",
           tot->hands, tot->hands == 1 ? "" : "s");
    printf("%-4s %-22s %6s %6s %6s %6s %8s %10s %10s%s\n", "seat", "player", "wins", "self", "dealin",
           "draws", value_name, "change", "per game", riichi ? "   final/game" : "");
    static const char *const winds[] = {"E", "S", "W", "N"};
    for (int s = 0; s < nseats; s++) {
        const jong_seat_stats *st = &tot->seats[s];
        long long change = (long long)tot->scores[s] - (long long)start_score * games;
        printf("%-4s %-22.22s %6d %6d %6d %6d %8lld %+10lld %+10.1f", winds[s], players[s], st->wins,
               st->self_draws, st->deal_ins, st->draws, (long long)st->tai, change,
               games ? (double)change / games : 0.0);
        if (riichi)
            printf(" %13.1f", games ? (double)tot->scores[s] / games : 0.0);
        putchar('\n');
    }
}

/* The run's configuration from the options: a new run's, or what --resume must agree with. */
static int config_of(const char *cmd, const play_opts *o, int argc, char **argv, play_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    bool rules_given;
    cli_find_option(argc, argv, "--rules", &rules_given);
    jong_variant v = o->players ? cli_rules_of_players(o->players, o->rules) : o->rules;
    v = rules_given ? o->rules : cli_rules_of_preset(o->preset, v);
    if (cli_build_ruleset(cmd, o->preset, "--rule", v, o->rule.v, o->rule.n, o->hands, &cfg->rules))
        return CLI_USAGE;
    cfg->games = o->games;
    cfg->seed = o->seed;
    cfg->records = o->log_dir != NULL;
    cfg->check = o->check;
    if (o->players) { /* made once here for their messages; each thread makes its own */
        jong_player *players[JONG_SEATS];
        int rc = cli_make_players_seats(cmd, o->players, v, jong_ruleset_seats(&cfg->rules), players);
        if (rc)
            return rc;
        for (int s = 0; s < jong_ruleset_seats(&cfg->rules); s++)  /* three players: seat 3's is "" */
            snprintf(cfg->players[s], sizeof cfg->players[s], "%s", players[s]->spec);
        cli_free_players(players);
    }
    return CLI_OK;
}

/* --resume: the run in the index; the options given again must agree with it. */
static int resume_log(const char *cmd, const play_opts *o, const play_config *given, play_log *l)
{
    int rc = play_log_resume(cmd, o->log_dir, l);
    if (rc)
        return rc;
    play_config want = l->cfg;
    if (o->given & GIVEN_RULES)
        want.rules = given->rules;
    if (o->given & GIVEN_PLAYERS)
        memcpy(want.players, given->players, sizeof want.players);
    if (o->given & GIVEN_GAMES)
        want.games = given->games;
    if (o->given & GIVEN_SEED)
        want.seed = given->seed;
    char why[300];
    if (!play_config_same(&l->cfg, &want, why, sizeof why))
        return cli_usage_error(cmd, "--resume: %s was made with %s", l->index_path, why);
    l->cfg.check = o->check;
    return CLI_OK;
}

typedef struct {
    play_opts o;
    int argc;
    char **argv;
} run_args;

/* The run in the only process, or rank 0's part of it under MPI (ranks > 1). */
static int run_play(void *ctx, int jobs, int ranks)
{
    run_args *a = ctx;
    const play_opts *o = &a->o;
    const char *cmd = spec.name;
    play_config cfg;
    int rc = config_of(cmd, o, a->argc, a->argv, &cfg);
    if (rc)
        return rc;
    bool resume = o->resume;
    if (resume && !o->log_dir)
        return cli_usage_error(cmd, "--resume needs --log DIR (the run to continue)");
    if (resume && o->players && !play_log_exists(o->log_dir)) {
        /* a script that always passes --resume starts the run the first time */
        fprintf(stderr, "jong play: --resume: %s holds no run yet: starting it\n", o->log_dir);
        resume = false;
    }
    if (!resume && !o->players)
        return cli_usage_error(cmd, "--players is required");
    play_log l;
    rc = resume ? resume_log(cmd, o, &cfg, &l) : play_log_start(cmd, o->log_dir, &cfg, &l);
    if (rc) {
        play_log_free(&l);
        return rc;
    }
    cfg = l.cfg;
    if (ranks > 1)
        fprintf(stderr, "jong play: seed %llu, %d games, %d ranks of %d jobs (rank 0 also hands the games out)\n",
                (unsigned long long)cfg.seed, cfg.games, ranks, jobs);
    else
        fprintf(stderr, "jong play: seed %llu, %d games, %d jobs\n", (unsigned long long)cfg.seed, cfg.games, jobs);
    if (resume)
        fprintf(stderr, "jong play: resuming %s: %d of %d games done\n", o->log_dir, l.ndone, cfg.games);

    /* a signal drops the games under way (--resume plays them again): the log holds only whole games */
    cli_catch_stop_signals(NULL, NULL, false);
    progress pr = {.games = cfg.games, .before = l.ndone, .hands_before = l.total.hands, .start = cli_now(),
                   .quiet = o->quiet};
    keeper k = {.log = &l, .pr = &pr};
    pthread_mutex_init(&k.lock, NULL);
    jong_error err;
    if (ranks > 1) {
        char *text = play_header_text(&cfg, true);
        mpi_handout h = {.text = text, .games = cfg.games, .done = l.done, .jobs = jobs, .interrupt = &cli_stop,
                         .keep = keep, .ctx = &k};
        rc = text ? mpi_coordinate(&h, &err) : jong_error_set(&err, JONG_ERR_IO, -1, "out of memory");
        free(text);
    } else {
        play_source src = {.take = local_take, .give = local_give, .on_hand = local_hand, .ctx = &k,
                           .stop = &cli_stop};
        rc = play_games(&cfg, jobs, &src, &err);
    }
    pthread_mutex_destroy(&k.lock);
    show_progress(&pr, &l, 0, true);
    int status = rc ? cli_fail(cmd, "%s", err.msg) : CLI_OK;
    if (play_log_close(cmd, &l))
        status = CLI_FAIL;
    if (l.ndone)
        print_summary(cfg.players, &l.total, l.ndone, cfg.seed, o->json, cfg.rules.variant == JONG_VARIANT_RIICHI,
                      cfg.rules.start_score, jong_ruleset_seats(&cfg.rules));
    fflush(stdout);
    fprintf(stderr, "jong play: %d of %d games done, %.1f s\n", l.ndone, cfg.games, cli_now() - pr.start);
    if (status == CLI_OK && l.ndone < cfg.games)
        status = cli_fail(cmd, "interrupted: %d of %d games done%s", l.ndone, cfg.games,
                          o->log_dir ? "; continue with --resume" : "");
    play_log_free(&l);
    return status;
}

int cmd_play(int argc, char **argv)
{
    bool human;
    cli_find_option(argc, argv, "--human", &human);
    if (human)
        return play_human(argc, argv);
    play_opts o = {.hands = -1, .jobs = 1, .seed = (uint64_t)time(NULL)};
    int r = cli_parse(&spec, argc, argv, &o);
    if (r != CLI_GO)
        return r;
    run_args a = {o, argc, argv};
    return mpi_games_command(spec.name, argc, argv, o.jobs, run_play, play_rank, &a);
}
