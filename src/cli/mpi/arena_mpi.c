/* arena_mpi.h with Open MPI, rank 0's side: the command (the other ranks play, mpi_ranks.c) and
 * the hand-out of the games. Rank 0 hands out games and keeps the results file, and every rank
 * plays (rank 0 in a thread of its own beside the hand-out, through the same messages, sent to
 * itself). The only shared state is the game numbers handed out and the results sent back, so
 * the results are those of one process with --jobs 1 (every game is a pure function of the
 * run's header and its number). */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli_options.h"
#include "cli/cli_util.h"
#include "mpi_internal.h"

static int handed_chunks;   /* rank 0's figures of the run, for its last line */
static double ranks_waited, handout_seconds;

int arena_mpi_command(const char *cmd, int argc, char **argv, int jobs,
                      int (*run)(void *ctx, int jobs, int ranks), void *ctx)
{
    int rank, ranks = arena_mpi_join(cmd, &rank);
    if (!ranks)
        return CLI_FAIL;
    bool jobs_given;
    cli_find_option(argc, argv, "--jobs", &jobs_given);
    if (ranks > 1 && !jobs_given)
        jobs = 1;
    int rc = rank > 0 ? mpi_play_rank(cmd, jobs) : run(ctx, jobs, ranks);
    if (rank == 0 && mpi_handed) /* the cost of spreading the run, after the command's own lines */
        fprintf(stderr, "jong %s: MPI: %d chunks handed out; rank 0's hand-out used %.2f s of processor time, "
                "the ranks waited %.2f s for it in all\n", mpi_command, handed_chunks, handout_seconds, ranks_waited);
    mpi_finish();
    return rc;
}

/* ---- rank 0's hand-out ---- */

typedef struct {
    jong_arena_results *r;
    const jong_arena_run_opts *opts;
    int next, left;       /* the next game to consider handing out; games not yet handed out */
    int *threads, known;  /* threads per rank, as their asks say; their sum */
    int chunks;           /* chunks handed out */
    double waited;        /* the ranks' waits for rank 0, summed */
    bool stopping, failed;
    jong_error err;
} coordinator;

/* The first error ends the run (its games under way are still kept). */
static void fail(coordinator *c, const char *msg)
{
    if (!c->failed)
        jong_error_set(&c->err, JONG_ERR_ARG, -1, "%s", msg);
    c->failed = true;
}

/* A chunk for thread ask[1] of rank src: about a half of each thread's fair share of the games
 * left (large early, one at a time at the end, when the long games must not wait behind others). */
static void hand_out(coordinator *c, int src)
{
    int ask[2], games[CHUNK_MAX], n = 0;
    MPI_Recv(ask, 2, MPI_INT, src, TAG_ASK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (!c->threads[src] && ask[1] > 0) {
        c->threads[src] = ask[1];
        c->known += ask[1];
    }
    int threads = c->known > mpi_ranks * ask[1] ? c->known : mpi_ranks * ask[1]; /* until every rank has asked */
    int want = c->stopping ? 0 : c->left / (2 * (threads > 0 ? threads : 1));
    want = want < 1 ? 1 : want > CHUNK_MAX ? CHUNK_MAX : want;
    while (!c->stopping && n < want && c->next < c->r->cfg.games) {
        if (!c->r->done[c->next])
            games[n++] = c->next;
        c->next++;
    }
    c->left -= n;
    c->chunks += n > 0;
    MPI_Send(games, n, MPI_INT, src, TAG_GAMES + ask[0], mpi_down);
}

/* A finished game: into r, the results file and the progress. */
static void keep(coordinator *c, int src, int count)
{
    jong_arena_results *r = c->r;
    int32_t buf[RESULT_MAX];
    char msg[120];
    /* MPI_Recv refuses a longer message than its buffer: take count, however many it is */
    int32_t *in = count <= RESULT_MAX ? buf : malloc((size_t)count * sizeof(int32_t));
    if (!in)
        return fail(c, "out of memory");
    MPI_Recv(in, count, MPI_INT32_T, src, TAG_RESULT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (in != buf)
        free(in);
    if (count != 1 + r->nseatings * 4 * SEAT_INTS) /* never from this program */
        return snprintf(msg, sizeof msg, "rank %d sent a result of %d numbers", src, count), fail(c, msg);
    int g = buf[0];
    if (g < 0 || g >= r->cfg.games || r->done[g])
        return snprintf(msg, sizeof msg, "rank %d sent game %d, not one it was handed", src, g), fail(c, msg);
    memcpy(jong_arena_results_at(r, g, 0), buf + 1, sizeof(jong_arena_seat) * 4 * (size_t)r->nseatings);
    r->done[g] = 1;
    r->ndone++;
    jong_error e;
    if (c->opts->results && jong_arena_write_game(c->opts->results, r, g, &e))
        return fail(c, e.msg);
    if (c->opts->on_game)
        c->opts->on_game(c->opts->ctx, r->ndone, r->cfg.games);
}

/* Rank 0's own players, in a thread beside the hand-out: a rank like the others. */
typedef struct {
    const char *text;
    int jobs, rc;
    char msg[MSG_MAX];
    double waited;
} own_players;

static void *play_own(void *arg)
{
    own_players *op = arg;
    op->rc = mpi_play_run(op->text, op->jobs, op->msg, &op->waited);
    mpi_say_done(op->msg, op->waited);
    return NULL;
}

/* Handles one message of a rank (rank 0's own players included); under mpi_lock. Returns
 * whether it was that rank's last (TAG_DONE). */
static bool handle(coordinator *c, const MPI_Status *st)
{
    int count;
    if (st->MPI_TAG == TAG_ASK) {
        hand_out(c, st->MPI_SOURCE);
    } else if (st->MPI_TAG == TAG_WAITED) {
        double w;
        MPI_Recv(&w, 1, MPI_DOUBLE, st->MPI_SOURCE, TAG_WAITED, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        c->waited += w;
    } else if (st->MPI_TAG == TAG_RESULT) {
        MPI_Get_count(st, MPI_INT32_T, &count);
        keep(c, st->MPI_SOURCE, count);
    } else { /* TAG_DONE: a rank's last message (the only other tag ranks send) */
        char msg[MSG_MAX] = "";
        MPI_Recv(msg, MSG_MAX, MPI_CHAR, st->MPI_SOURCE, st->MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        msg[MSG_MAX - 1] = 0;
        if (*msg)
            fail(c, msg);
        return true;
    }
    return false;
}

/* The processor time of the calling thread (the hand-out's cost, apart from rank 0's players). */
static double thread_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int arena_mpi_coordinate(jong_arena_results *r, const jong_arena_run_opts *opts, jong_error *err)
{
    double cpu = thread_seconds();
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    int rc = jong_arena_write_header(f, &r->cfg, err);
    if (fclose(f) && !rc)
        rc = jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    coordinator c = {.r = r, .opts = opts, .left = r->cfg.games - r->ndone,
                     .threads = calloc((size_t)mpi_ranks, sizeof(int))};
    if (!rc && !c.threads)
        rc = jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    if (rc) {
        free(text);
        free(c.threads);
        return rc;
    }
    pthread_mutex_lock(&mpi_lock);
    for (int i = 1; i < mpi_ranks; i++)
        MPI_Send(text, (int)len, MPI_CHAR, i, TAG_RUN, mpi_down);
    pthread_mutex_unlock(&mpi_lock);
    mpi_handed = true;
    /* rank 0 plays too, unless this MPI cannot take calls from two threads */
    own_players own = {.text = text, .jobs = opts->jobs > 0 ? opts->jobs : 1};
    pthread_t own_thread;
    bool plays = mpi_serialized && !pthread_create(&own_thread, NULL, play_own, &own);
    int active = mpi_ranks - 1 + plays, rounds = 0;
    while (active > 0) {
        pthread_mutex_lock(&mpi_lock);
        if (!c.stopping && (c.failed || (opts->interrupt && atomic_load(opts->interrupt)))) {
            c.stopping = true;
            for (int i = plays ? 0 : 1; i < mpi_ranks; i++)
                MPI_Send(NULL, 0, MPI_CHAR, i, TAG_STOP, mpi_down);
        }
        int flag;
        MPI_Status st;
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
        if (flag)
            active -= handle(&c, &st);
        pthread_mutex_unlock(&mpi_lock);
        if (flag)
            rounds = 0;
        else
            mpi_idle(&rounds);
    }
    if (plays)
        pthread_join(own_thread, NULL);
    free(text);
    free(c.threads);
    handed_chunks = c.chunks;
    ranks_waited = c.waited;
    handout_seconds = thread_seconds() - cpu;
    if (!c.failed)
        return JONG_OK;
    if (err)
        *err = c.err;
    return (int)c.err.code;
}
