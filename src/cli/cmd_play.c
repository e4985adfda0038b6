/* `jong play`: self-play games between players, with optional records, a progress line on
 * stderr and a per-seat summary. */
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cli_players.h"
#include "cli_util.h"
#include "commands.h"

static const char *const usage =
    "usage: jong play [--rules taiwan|riichi] --players P[,P...] [--games N] [--seed S] [--hands N]\n"
    "                 [--rule NAME=VALUE]... [--log DIR] [--check] [--json] [--quiet]\n"
    "\n"
    "Plays N games (default 1) of self-play and prints a summary per seat: hands won,\n"
    "self-draws, deal-ins, draws and scores. Game g deals the walls of (seed, g, hand).\n"
    "  --players   1, 2 (alternating) or 4 player specs: name or name:key=val,key=val\n"
    "              (the players and their options are listed below)\n"
    "  --seed S    the run's seed (default: from the clock; always printed)\n"
    "  --hands N   play N-hand games instead of full games (the 'hands' rule option)\n"
    "  --rule      set a rule option, e.g. --rule multiple_winners=on (repeatable)\n"
    "  --log DIR   write each game's record to DIR/game-NNNNNN.jsonl (DIR is created)\n"
    "  --check     verify tiles, scores and views after every event (slower)\n"
    "  --json      the summary as one JSON object on stdout\n"
    "  --quiet     no progress line\n"
    "  --human SEAT  a person plays seat SEAT at the terminal (see jong play --human E --help)\n";

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

static void print_summary(const jong_player *const players[JONG_SEATS], const jong_game_result *tot,
                          int games, uint64_t seed, bool json, bool riichi)
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
            json_array_append_new(seats, x);
        }
        json_object_set_new(o, "seats", seats);
        char *text = json_dumps(o, JSON_PRESERVE_ORDER | JSON_INDENT(2) | JSON_REAL_PRECISION(10));
        printf("%s\n", text);
        free(text);
        json_decref(o);
        return;
    }
    printf("seed %llu: %d game%s, %d hands\n", (unsigned long long)seed, games, games == 1 ? "" : "s",
           tot->hands);
    printf("%-4s %-22s %6s %6s %6s %6s %8s %10s %10s\n", "seat", "player", "wins", "self", "dealin",
           "draws", value_name, "score", "per game");
    static const char *const winds[] = {"E", "S", "W", "N"};
    for (int s = 0; s < JONG_SEATS; s++) {
        const jong_seat_stats *st = &tot->seats[s];
        printf("%-4s %-22.22s %6d %6d %6d %6d %8lld %10d %10.1f\n", winds[s], players[s]->spec, st->wins,
               st->self_draws, st->deal_ins, st->draws, (long long)st->tai, (int)tot->scores[s],
               games ? (double)tot->scores[s] / games : 0.0);
    }
}

int cmd_play(int argc, char **argv)
{
    const char *cmd = "play", *rules_text = "taiwan", *players_text = NULL, *log_dir = NULL;
    const char *value;
    int games = 1, hands = -1;
    uint64_t seed = (uint64_t)time(NULL);
    bool check = false, json = false, quiet = false;
    jong_ruleset rs;
    const char *rule_opts[64];
    int nrule = 0;
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--human") || !strncmp(argv[i], "--human=", 8))
            return play_human(argc, argv);
    for (int i = 1; i < argc; i++) {
        int r;
        if (cli_is_help(argv[i])) {
            fputs(usage, stdout);
            cli_print_players(stdout);
            return CLI_OK;
        }
        if ((r = cli_option_value(cmd, argc, argv, &i, "--rules", &value))) {
            if (r < 0) return CLI_USAGE;
            rules_text = value;
        } else if ((r = cli_option_value(cmd, argc, argv, &i, "--players", &value))) {
            if (r < 0) return CLI_USAGE;
            players_text = value;
        } else if ((r = cli_count_option(cmd, argc, argv, &i, "--games", 1, 100000000, &games)) ||
                   (r = cli_count_option(cmd, argc, argv, &i, "--hands", 1, 100000000, &hands)) ||
                   (r = cli_seed_option(cmd, argc, argv, &i, &seed))) {
            if (r < 0) return CLI_USAGE;
        } else if ((r = cli_option_value(cmd, argc, argv, &i, "--rule", &value))) {
            if (r < 0) return CLI_USAGE;
            if (nrule == 64)
                return cli_usage_error(cmd, "too many --rule options");
            rule_opts[nrule++] = value;
        } else if ((r = cli_option_value(cmd, argc, argv, &i, "--log", &value))) {
            if (r < 0) return CLI_USAGE;
            log_dir = value;
        } else if (!strcmp(argv[i], "--check")) {
            check = true;
        } else if (!strcmp(argv[i], "--json")) {
            json = true;
        } else if (!strcmp(argv[i], "--quiet")) {
            quiet = true;
        } else {
            return cli_usage_error(cmd, "unknown argument '%s'", argv[i]);
        }
    }
    jong_variant v;
    if (cli_parse_rules(cmd, rules_text, &v))
        return CLI_USAGE;
    if (!players_text)
        return cli_usage_error(cmd, "--players is required");
    if (cli_build_ruleset(cmd, v, rule_opts, nrule, hands, &rs))
        return CLI_USAGE;
    if (log_dir && cli_make_dirs(log_dir))
        return cli_fail(cmd, "--log %s: %s", log_dir, strerror(errno));
    jong_player *players[JONG_SEATS];
    int rc = cli_make_players(cmd, players_text, v, players);
    if (rc)
        return rc;
    fprintf(stderr, "jong play: seed %llu\n", (unsigned long long)seed);

    jong_game_result total;
    memset(&total, 0, sizeof total);
    progress pr = {.games = games, .start = cli_now(), .quiet = quiet};
    int status = CLI_OK;
    for (int g = 0; g < games && status == CLI_OK; g++) {
        jong_table t = {.rules = &rs, .seed = seed, .game_number = g, .check = check,
                        .on_hand = on_hand, .on_hand_ctx = &pr, .now_ms = cli_now_ms};
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
    if (pr.games_done)
        print_summary((const jong_player *const *)players, &total, pr.games_done, seed, json, v == JONG_VARIANT_RIICHI);
    cli_free_players(players);
    return status;
}
