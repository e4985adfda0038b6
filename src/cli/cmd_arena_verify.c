/* `jong arena verify DIR`: anyone holding a run's results file can check it without trusting
 * whoever made it. Every game is a pure function of the header's configuration and the game's
 * number (include/jong/arena.h), so re-playing a sample of the games and comparing their lines
 * with the file's audits a published table in the time of the sample. Runs whose games depend on
 * something outside the engine -- an outside program (ext:), a clock (a time per move, a
 * player's ms= or time=) -- cannot be re-played and are reported as such, not as failures. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "arena_mpi.h"
#include "cli_options.h"
#include "cli_players.h"
#include "cli_signals.h"
#include "cli_util.h"
#include "cmd_arena.h"
#include "jong/rng.h"
#include "jong/version.h"

static const char *const cmd = "arena verify";

typedef struct {
    const char *run;
    int sample, jobs;
    uint64_t seed;
    unsigned given;
} verify_opts;

enum { GIVEN_SEED = 1 };

#define OPTS verify_opts
static const cli_option options[] = {
    {"--sample", CLI_INT(sample), "K", "re-play K of the finished games, chosen at random by --seed",
     .lo = 1, .hi = 100000000, .def_text = "every finished game"},
    {"--seed", CLI_SEED(seed), "S", "the seed that chooses the sample", .def_text = "from the clock; printed",
     .given = GIVEN_SEED},
    {"--jobs", CLI_INT(jobs), "J", "worker threads (under mpirun: in each rank)",
     .lo = 1, .hi = 1024, .def_text = "the processors; 1 under mpirun"},
    CLI_END,
};

static const cli_command verify_spec = {
    .name = "arena verify",
    .about = "Re-plays games of a run from the configuration in its results file (all its finished\n"
             "games, or a random sample) and checks that each gives the line the file holds; names\n"
             "every game that differs, with the first field that differs. Exits 1 when one differs.\n"
             "Runs with an outside program (ext:) or a time limit (--time-per-move, a player's ms= or\n"
             "time=) cannot be re-played: that is said, and the exit status is 0.\n",
    .options = options,
    .pos = {CLI_POS_ONE_AT(run), .metavar = "DIR|FILE", .min = 1,
            .help = "the run's directory (--out DIR) or its results file",
            .missing = "give the run's directory or its results file"},
    .given_at = offsetof(verify_opts, given),
};
#undef OPTS

/* Whether a player spec's option key=VALUE (VALUE not 0) is set, e.g. "ms" in "simcat:ms=100". */
static bool has_limit(const char *spec, const char *key)
{
    const char *p = strchr(spec, ':');
    size_t klen = strlen(key);
    while (p) {
        p++;
        const char *value = p + klen + 1;
        size_t vlen = strcspn(value, ",");
        if (!strncmp(p, key, klen) && p[klen] == '=' && vlen && !(vlen == 1 && *value == '0'))
            return true;
        p = strchr(p, ',');
    }
    return false;
}

/* Why the run's games cannot be re-played, in why; false when they can. */
static bool not_replayable(const jong_arena_config *cfg, char *why, size_t n)
{
    if (cfg->time_ms > 0)
        return snprintf(why, n, "a time per move (%lld ms) decides when a player must answer", (long long)cfg->time_ms), true;
    for (int p = 0; p < cfg->nplayers; p++) {
        const char *spec = cfg->players[p];
        if (!strncmp(spec, "ext:", 4) || !strcmp(spec, "ext"))
            return snprintf(why, n, "player %c (%.60s) is an outside program", 'A' + p, spec), true;
        if (has_limit(spec, "ms") || has_limit(spec, "time"))
            return snprintf(why, n, "player %c (%.60s) has a time limit", 'A' + p, spec), true;
    }
    return false;
}

/* The finished games to re-play, ascending: every one, or k chosen by seed (a partial shuffle). */
static int choose_games(const jong_arena_results *r, int k, uint64_t seed, int **out)
{
    int *g = malloc(sizeof *g * (size_t)(r->ndone ? r->ndone : 1)), n = 0;
    if (!g)
        return -1;
    for (int i = 0; i < r->cfg.games; i++)
        if (r->done[i])
            g[n++] = i;
    if (k > 0 && k < n) {
        jong_rng rng;
        jong_rng_seed(&rng, seed);
        for (int i = 0; i < k; i++) {
            int j = i + (int)jong_rng_below(&rng, (uint32_t)(n - i)), t = g[i];
            g[i] = g[j];
            g[j] = t;
        }
        n = k;
        for (int i = 1; i < n; i++) /* back to game order (insertion sort: k is small) */
            for (int j = i; j > 0 && g[j - 1] > g[j]; j--) {
                int t = g[j];
                g[j] = g[j - 1];
                g[j - 1] = t;
            }
    }
    *out = g;
    return n;
}

/* Game g's line as the results file writes it, parsed back (NULL when out of memory). */
static json_t *game_json(const jong_arena_results *r, int g)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    jong_error err;
    json_t *o = NULL;
    if (f && !jong_arena_write_game(f, r, g, &err) && !fclose(f))
        o = json_loads(text, 0, NULL);
    else if (f)
        fclose(f);
    free(text);
    return o;
}

/* Compares game g of the file with its re-play; prints how it differs. Returns whether it does. */
static bool differs(const jong_arena_results *file, const jong_arena_results *again, int g)
{
    json_t *a = game_json(file, g), *b = game_json(again, g);
    json_t *sa = json_object_get(a, "seatings"), *sb = json_object_get(b, "seatings");
    int ndiff = 0;
    char first[400] = "out of memory comparing the lines";
    for (size_t k = 0; k < json_array_size(sa); k++) {
        json_t *x = json_array_get(sa, k), *y = json_array_get(sb, k), *v;
        const char *key;
        json_object_foreach(x, key, v) {
            json_t *w = json_object_get(y, key);
            if (json_equal(v, w))
                continue;
            if (!ndiff++) {
                char *fv = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
                char *rv = json_dumps(w, JSON_COMPACT | JSON_ENCODE_ANY);
                snprintf(first, sizeof first, "seating %zu (%s) %s: %s in the file, %s re-played", k,
                         json_string_value(json_object_get(x, "seats")), key, fv ? fv : "?", rv ? rv : "?");
                free(fv);
                free(rv);
            }
        }
    }
    bool bad = ndiff || !a || !b;
    if (bad)
        printf("game %d differs: %s%s\n", g, first, ndiff > 1 ? " (and more)" : "");
    json_decref(a);
    json_decref(b);
    return bad;
}

/* The version of jong that wrote the file (its header's "version"), in out; "?" if absent. */
static void file_version(const char *where, bool is_dir, char *out, size_t n)
{
    char path[4200];
    snprintf(path, sizeof path, is_dir ? "%s/results.jsonl" : "%s", where);
    json_t *h = json_load_file(path, JSON_DISABLE_EOF_CHECK, NULL);
    const char *v = json_string_value(json_object_get(h, "version"));
    snprintf(out, n, "%s", v ? v : "?");
    json_decref(h);
}

/* The check on one machine, or rank 0's part of it under MPI (ranks > 1: the other ranks play). */
static int verify(verify_opts o, int ranks)
{
    int rc;
    jong_arena_results file, again;
    bool is_dir;
    if ((rc = arena_load_run(cmd, o.run, &file, &is_dir)))
        return rc;
    char why[200];
    if (not_replayable(&file.cfg, why, sizeof why)) {
        printf("not replayable: %d games of %s: %s\n", file.ndone, o.run, why);
        jong_arena_results_free(&file);
        return CLI_OK;
    }
    int *games = NULL, n = choose_games(&file, o.sample, o.seed, &games);
    jong_error err;
    if (n < 0 || jong_arena_results_init(&again, &file.cfg, &err)) {
        free(games);
        jong_arena_results_free(&file);
        return cli_fail(cmd, "out of memory");
    }
    /* every game but the chosen ones counts as done, so the arena plays exactly those */
    memset(again.done, 1, (size_t)file.cfg.games);
    for (int i = 0; i < n; i++)
        again.done[games[i]] = 0;
    again.ndone = file.cfg.games - n;
    cli_catch_stop_signals(NULL, NULL, false);
    jong_arena_run_opts opts = {.jobs = o.jobs, .now_ms = cli_now_ms, .thread_cpu_ms = cli_thread_cpu_ms,
                                .interrupt = &cli_stop};
    int nbad = 0;
    if (ranks > 1 ? arena_mpi_coordinate(&again, &opts, &err) : jong_arena_run(&again, &opts, &err))
        rc = cli_fail(cmd, "%s: %s", o.run, err.msg);
    else if (again.ndone < file.cfg.games)
        rc = cli_fail(cmd, "interrupted: %d of %d games re-played", again.ndone - (file.cfg.games - n), n);
    for (int i = 0; !rc && i < n; i++)
        nbad += differs(&file, &again, games[i]);
    if (!rc) {
        char sampled[80] = "";
        if (o.sample && o.sample < file.ndone)
            snprintf(sampled, sizeof sampled, " (a sample by seed %llu)", (unsigned long long)o.seed);
        printf("verified %d of %d finished games of %s%s: ", n, file.ndone, o.run, sampled);
        if (nbad) {
            char made[64];
            file_version(o.run, is_dir, made, sizeof made);
            printf("%d differ%s", nbad, nbad == 1 ? "s" : "");
            if (strcmp(made, JONG_VERSION))
                printf(" (the run was made by jong %s, this is jong %s)", made, JONG_VERSION);
            rc = CLI_FAIL;
        } else {
            printf("all the same");
        }
        printf("\n");
    }
    free(games);
    jong_arena_results_free(&again);
    jong_arena_results_free(&file);
    return rc;
}

/* What arena_mpi_command runs on rank 0, or in the only process. */
static int verify_rank0(void *ctx, int jobs, int ranks)
{
    verify_opts o = *(verify_opts *)ctx;
    o.jobs = jobs;
    return verify(o, ranks);
}

int arena_verify_command(int argc, char **argv)
{
    verify_opts o = {.jobs = (int)sysconf(_SC_NPROCESSORS_ONLN), .seed = (uint64_t)time(NULL)};
    int rc = cli_parse(&verify_spec, argc, argv, &o);
    if (rc != CLI_GO)
        return rc;
    return arena_mpi_command(cmd, argc, argv, o.jobs, verify_rank0, &o);
}
