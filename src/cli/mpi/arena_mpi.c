/* The arena over MPI ranks (arena_mpi.h): what its runs hand out and send back. The run's text
 * is its results file's header line; a game goes back as int32 numbers {game, every seat of
 * every seating}, and rank 0 keeps it as the threaded arena does (into the results, appended to
 * the results file, the progress). The hand-out and the ranks are mpi_handout.c and mpi_ranks.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_players.h"
#include "cli/cli_signals.h"
#include "cli/cli_util.h"
#include "mpi_internal.h"

#define SEAT_INTS ((int)(sizeof(jong_arena_seat) / sizeof(int32_t)))
#define RESULT_MAX (1 + JONG_ARENA_MAX_SEATINGS * 4 * SEAT_INTS)
_Static_assert(sizeof(jong_arena_seat) % sizeof(int32_t) == 0, "a seat is sent as int32 numbers");

/* ---- a playing rank ---- */

static int rank_take(void *ctx, int w) { return mpi_take(ctx, w); }

static int rank_give(void *ctx, const jong_arena_results *r, int g, jong_error *err)
{
    int32_t buf[RESULT_MAX];
    buf[0] = g;
    size_t seats = sizeof(jong_arena_seat) * 4 * (size_t)r->nseatings;
    memcpy(buf + 1, jong_arena_results_at(r, g, 0), seats);
    return mpi_give(ctx, buf, sizeof(int32_t) + seats, err);
}

static int arena_play(const char *text, int jobs, mpi_link *link, char *msg)
{
    jong_arena_results r;
    jong_error err;
    long good;
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    if (!f)
        return snprintf(msg, MPI_MSG_MAX, "rank %d: out of memory", mpi_rank), CLI_FAIL;
    int rc = jong_arena_read(f, &r, &good, &err);
    fclose(f);
    if (rc)
        return snprintf(msg, MPI_MSG_MAX, "rank %d: the run from rank 0: %.300s", mpi_rank, err.msg), CLI_FAIL;
    jong_arena_run_opts opts = {.jobs = jobs, .now_ms = cli_now_ms, .thread_cpu_ms = cli_thread_cpu_ms, .interrupt = &cli_stop,
                                .take = rank_take, .give = rank_give, .ctx = link};
    if ((rc = jong_arena_run(&r, &opts, &err)))
        snprintf(msg, MPI_MSG_MAX, "rank %d: %.350s", mpi_rank, err.msg);
    jong_arena_results_free(&r);
    return rc ? CLI_FAIL : CLI_OK;
}

int arena_mpi_command(const char *cmd, int argc, char **argv, int jobs,
                      int (*run)(void *ctx, int jobs, int ranks), void *ctx)
{
    return mpi_games_command(cmd, argc, argv, jobs, run, arena_play, ctx);
}

/* ---- rank 0 ---- */

typedef struct {
    jong_arena_results *r;
    const jong_arena_run_opts *opts;
} arena_keeper;

/* A finished game: into r, the results file and the progress. */
static int keep(void *ctx, int src, const char *bytes, size_t len, jong_error *err)
{
    arena_keeper *k = ctx;
    jong_arena_results *r = k->r;
    size_t seats = sizeof(jong_arena_seat) * 4 * (size_t)r->nseatings;
    if (len != sizeof(int32_t) + seats) /* never from this program */
        return jong_error_set(err, JONG_ERR_ARG, -1, "rank %d sent a result of %zu bytes", src, len);
    int32_t g;
    memcpy(&g, bytes, sizeof g);
    memcpy(jong_arena_results_at(r, g, 0), bytes + sizeof g, seats);
    r->done[g] = 1;
    r->ndone++;
    if (k->opts->results && jong_arena_write_game(k->opts->results, r, g, err))
        return -1;
    if (k->opts->on_game)
        k->opts->on_game(k->opts->ctx, r->ndone, r->cfg.games);
    return JONG_OK;
}

int arena_mpi_coordinate(jong_arena_results *r, const jong_arena_run_opts *opts, jong_error *err)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    int rc = jong_arena_write_header(f, &r->cfg, err);
    if (fclose(f) && !rc)
        rc = jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    if (!rc) {
        /* r->done is read for the games not yet handed out, which keep does not change */
        arena_keeper k = {r, opts};
        mpi_handout h = {.text = text, .games = r->cfg.games, .done = r->done, .jobs = opts->jobs,
                         .interrupt = opts->interrupt, .keep = keep, .ctx = &k};
        rc = mpi_coordinate(&h, err);
    }
    free(text);
    return rc;
}
