/* `jong play`: self-play games between players, with optional records, a progress line on
 * stderr and a per-seat summary. */
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "arena_mpi.h"
#include "cli_players.h"
#include "cli_options.h"
#include "cli_signals.h"
#include "cli_util.h"
#include "commands.h"

typedef struct {
    jong_variant rules;
    const char *players, *log_dir;
    int games, hands, human;
    uint64_t seed;
    cli_list rule;
    bool check, json, quiet;
} play_opts;

#define OPTS play_opts
static const cli_option options[] = {
    {"--rules", CLI_RULES(rules), "R", "riichi or taiwan", .def = "taiwan",
     .def_text = "the players' when they play one family only, else taiwan"},
    {"--players", CLI_STRING(players), "P[,P...]", "1, 2 (alternating) or 4 player specs: name or "
     "name:key=val,key=val (the players and their options are listed below)", .flags = CLI_REQUIRED},
    {"--games", CLI_INT(games), "N", "games to play", .lo = 1, .hi = 100000000, .def = "1"},
    {"--seed", CLI_SEED(seed), "S", "the run's seed", .def_text = "from the clock; always printed"},
    {"--hands", CLI_INT(hands), "N", "play N-hand games instead of full games (the 'hands' rule option)",
     .lo = 1, .hi = 100000000},
    {"--rule", CLI_LIST(rule), "NAME=VALUE", "set a rule option, e.g. --rule multiple_winners=on "
     "(repeatable)"},
    {"--log", CLI_STRING(log_dir), "DIR", "write each game's record to DIR/game-NNNNNN.jsonl (DIR is "
     "created)"},
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
             "                 [--rule NAME=VALUE]... [--log DIR] [--check] [--json] [--quiet]\n"
             "       jong play --human SEAT --players P[,P...] ...   (a person at the terminal)",
    .about = "Plays N games of self-play and prints a summary per seat: hands won,\n"
             "self-draws, deal-ins, draws and scores. Game g deals the walls of (seed, g, hand).\n"
             "SIGINT or SIGTERM stops it: the game under way is dropped (its record too), the\n"
             "summary covers the games done, and it exits with 1. Under mpirun (MPI), rank r of N\n"
             "plays the games g = r (mod N), and rank 0 prints the summary of them all.\n",
    .options = options,
    .more_help = cli_print_players,
};

typedef struct {
    int games_done, games;
    int64_t hands_before;  /* hands of the finished games */
    double start, last;
    bool quiet;
} progress;

static void show_progress(progress *pr, int64_t hands, bool final)
{
    double now = cli_now();
    if (pr->quiet || (!final && now - pr->last < 0.5))
        return;
    pr->last = now;
    double rate = hands / (now - pr->start > 1e-9 ? now - pr->start : 1e-9);
    double eta = pr->games_done ? (now - pr->start) * (pr->games - pr->games_done) / pr->games_done : 0;
    fprintf(stderr, "\rgames %d/%d  hands %lld  %.0f hands/s  eta %.0fs   %s", pr->games_done, pr->games,
            (long long)hands, rate, eta, final ? "\n" : "");
    fflush(stderr);
}

static void on_hand(void *ctx, const jong_game_result *so_far)
{
    progress *pr = ctx;
    show_progress(pr, pr->hands_before + so_far->hands, false);
}

/* Each seat's result is its change of score over the games (riichi starts at 25000 points,
 * Taiwanese at 0); riichi also shows the average final points a game ends with. */
static void print_summary(const jong_player *const players[JONG_SEATS], const jong_game_result *tot,
                          int games, uint64_t seed, bool json, bool riichi, int start_score)
{
    const char *value_name = riichi ? "han" : "tai";  /* what a win is worth in its rules */
    if (json) {
        json_t *o = json_object(), *seats = json_array();
        char buf[32];
        snprintf(buf, sizeof buf, "%llu", (unsigned long long)seed);
        json_object_set_new(o, "seed", json_string(buf));
        json_object_set_new(o, "games", json_integer(games));
        json_object_set_new(o, "hands", json_integer(tot->hands));
        for (int s = 0; s < JONG_SEATS; s++) {
            const jong_seat_stats *st = &tot->seats[s];
            json_t *x = json_object();
            json_object_set_new(x, "player", json_string(players[s]->spec));
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
    for (int s = 0; s < JONG_SEATS; s++) {
        const jong_seat_stats *st = &tot->seats[s];
        long long change = (long long)tot->scores[s] - (long long)start_score * games;
        printf("%-4s %-22.22s %6d %6d %6d %6d %8lld %+10lld %+10.1f", winds[s], players[s]->spec, st->wins,
               st->self_draws, st->deal_ins, st->draws, (long long)st->tai, change,
               games ? (double)change / games : 0.0);
        if (riichi)
            printf(" %13.1f", games ? (double)tot->scores[s] / games : 0.0);
        putchar('\n');
    }
}

/* Sums the totals, the games done and the failures of every rank into rank 0's. */
static void sum_ranks(jong_game_result *total, int *games_done, int *failed)
{
    enum { PER_SEAT = 7, N = JONG_SEATS * PER_SEAT + 4 };
    int64_t v[N];
    for (int s = 0; s < JONG_SEATS; s++) {
        const jong_seat_stats *st = &total->seats[s];
        int64_t *x = v + s * PER_SEAT;
        x[0] = st->hands, x[1] = st->wins, x[2] = st->self_draws, x[3] = st->deal_ins, x[4] = st->draws;
        x[5] = st->tai, x[6] = total->scores[s];
    }
    v[N - 4] = total->hands, v[N - 3] = total->actions, v[N - 2] = *games_done, v[N - 1] = *failed;
    arena_mpi_sum(v, N);
    for (int s = 0; s < JONG_SEATS; s++) {
        jong_seat_stats *st = &total->seats[s];
        const int64_t *x = v + s * PER_SEAT;
        st->hands = (int)x[0], st->wins = (int)x[1], st->self_draws = (int)x[2], st->deal_ins = (int)x[3];
        st->draws = (int)x[4], st->tai = x[5], total->scores[s] = (int32_t)x[6];
    }
    total->hands = (int)v[N - 4], total->actions = v[N - 3], *games_done = (int)v[N - 2], *failed = (int)v[N - 1];
}

int cmd_play(int argc, char **argv)
{
    const char *cmd = spec.name;
    bool human;
    cli_find_option(argc, argv, "--human", &human);
    if (human)
        return play_human(argc, argv);
    play_opts o = {.hands = -1, .seed = (uint64_t)time(NULL)};
    int r = cli_parse(&spec, argc, argv, &o);
    if (r != CLI_GO)
        return r;
    bool rules_given;
    cli_find_option(argc, argv, "--rules", &rules_given);
    jong_variant v = rules_given ? o.rules : cli_rules_of_players(o.players, o.rules);
    const char *log_dir = o.log_dir;
    int games = o.games;
    uint64_t seed = o.seed;
    jong_ruleset rs;
    if (cli_build_ruleset(cmd, "--rule", v, o.rule.v, o.rule.n, o.hands, &rs))
        return CLI_USAGE;
    if (log_dir && cli_make_dirs(log_dir))
        return cli_fail(cmd, "--log %s: %s", log_dir, strerror(errno));
    jong_player *players[JONG_SEATS];
    int rc = cli_make_players(cmd, o.players, v, players);
    if (rc)
        return rc;
    /* under mpirun rank r of N plays the games g = r (mod N); the records are the same files */
    int rank, ranks = arena_mpi_join(cmd, &rank);
    if (!ranks) {
        cli_free_players(players);
        return CLI_FAIL;
    }
    if (ranks > 1 && rank == 0)
        fprintf(stderr, "jong play: seed %llu, %d ranks (the progress line: rank 0's games)\n",
                (unsigned long long)seed, ranks);
    else if (ranks == 1)
        fprintf(stderr, "jong play: seed %llu\n", (unsigned long long)seed);
    cli_catch_stop_signals(NULL, NULL, false);

    jong_game_result total;
    memset(&total, 0, sizeof total);
    progress pr = {.games = (games - rank + ranks - 1) / ranks, .start = cli_now(), .quiet = o.quiet || rank > 0};
    int status = CLI_OK;
    for (int g = rank; g < games && status == CLI_OK; g += ranks) {
        jong_table t = {.rules = &rs, .seed = seed, .game_number = g, .check = o.check,
                        .on_hand = on_hand, .on_hand_ctx = &pr, .now_ms = cli_now_ms,
                        .stop = &cli_stop, .abandon = &cli_stop};
        memcpy(t.players, players, sizeof players);
        FILE *f = NULL;
        jong_record_writer *w = NULL;
        jong_error err;
        char path[4096];
        if (log_dir) {
            snprintf(path, sizeof path, "%s/game-%06d.jsonl", log_dir, g);
            f = fopen(path, "w");
            if (!f) {
                status = cli_fail(cmd, "%s: %s", path, strerror(errno));
                break;
            }
            const char *specs[JONG_SEATS];
            for (int s = 0; s < JONG_SEATS; s++)
                specs[s] = players[s]->spec;
            if (jong_record_writer_new(f, &rs, seed, g, specs, &w, &err)) {
                fclose(f);
                status = cli_fail(cmd, "%s: %s", path, err.msg);
                break;
            }
            t.sink = jong_record_writer_event;
            t.sink_ctx = w;
        }
        jong_game_result res;
        int prc = jong_table_play(&t, &res, &err);
        if (w && jong_record_writer_finish(w, prc ? NULL : &err) && !prc)
            prc = 1;
        if (f && fclose(f) && !prc)
            prc = jong_error_set(&err, JONG_ERR_IO, -1, "%s: write failed", path);
        if (prc == JONG_ERR_STOPPED) { /* a record of part of a game would not replay: gone */
            if (f)
                remove(path);
            break;
        }
        if (prc) {
            status = cli_fail(cmd, "game %d: %s", g, err.msg);
            break;
        }
        for (int s = 0; s < JONG_SEATS; s++) {
            jong_seat_stats *a = &total.seats[s];
            const jong_seat_stats *b = &res.seats[s];
            a->hands += b->hands;
            a->wins += b->wins;
            a->self_draws += b->self_draws;
            a->deal_ins += b->deal_ins;
            a->draws += b->draws;
            a->tai += b->tai;
            total.scores[s] += res.scores[s];
        }
        total.hands += res.hands;
        total.actions += res.actions;
        pr.games_done++;
        pr.hands_before = total.hands;
    }
    show_progress(&pr, total.hands, true);
    if (ranks > 1) { /* the totals of every rank on rank 0; only it reports */
        int failed = status != CLI_OK;
        sum_ranks(&total, &pr.games_done, &failed);
        arena_mpi_leave();
        if (rank > 0) {
            cli_free_players(players);
            return status;
        }
        if (failed && status == CLI_OK)
            status = cli_fail(cmd, "a rank failed (its line above)");
    }
    if (pr.games_done)
        print_summary((const jong_player *const *)players, &total, pr.games_done, seed, o.json, v == JONG_VARIANT_RIICHI,
                      rs.start_score);
    fflush(stdout);
    if (status == CLI_OK && pr.games_done < games)
        status = cli_fail(cmd, "interrupted: %d of %d games done", pr.games_done, games);
    cli_free_players(players);
    return status;
}
