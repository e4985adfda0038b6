/* Rank 0's side of a run of numbered games over the ranks (arena_mpi.h): the command on rank 0
 * (the other ranks play, mpi_ranks.c) and the hand-out of the games. Rank 0 hands out game
 * numbers and gives every result to the command's keep, and every rank plays (rank 0 in a
 * thread of its own beside the hand-out, through the same messages, sent to itself). The only
 * shared state is the game numbers handed out and the results sent back, so the results are
 * those of one process (every game is a pure function of the run's text and its number). */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli_options.h"
#include "cli/cli_players.h"
#include "cli/cli_signals.h"
#include "cli/cli_util.h"
#include "mpi_internal.h"

static int handed_chunks;   /* rank 0's figures of the run, for its last line */
static double ranks_waited, handout_seconds;

int mpi_games_command(const char *cmd, int argc, char **argv, int jobs,
                      int (*run)(void *ctx, int jobs, int ranks), mpi_play_fn play, void *ctx)
{
    int rank, ranks = mpi_join(cmd, &rank);
    if (!ranks)
        return CLI_FAIL;
    mpi_player = play;
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
    const mpi_handout *h;
    int next, left;       /* the next game to consider handing out; games not yet handed out */
    int *threads, known;  /* threads per rank, as their asks say; their sum */
    int chunks, kept;     /* chunks handed out; games kept */
    double waited;        /* the ranks' waits for rank 0, summed */
    unsigned char *out;   /* games handed out (a rank may send only those, and each once) */
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
    while (!c->stopping && n < want && c->next < c->h->games) {
        if (!c->h->done || !c->h->done[c->next]) {
            c->out[c->next] = 1;
            games[n++] = c->next;
        }
        c->next++;
    }
    c->left -= n;
    c->chunks += n > 0;
    MPI_Send(games, n, MPI_INT, src, TAG_GAMES + ask[0], mpi_down);
}

/* A finished game: to the command's keep. A game's number is what the command packs first (an
 * int), so that a game is kept once, and only one handed out. */
static void keep(coordinator *c, int src, int count)
{
    char *in = malloc(count > 0 ? (size_t)count : 1), msg[120];
    if (!in)
        return fail(c, "out of memory");
    MPI_Recv(in, count, MPI_BYTE, src, TAG_RESULT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    int g = -1;
    if ((size_t)count >= sizeof g)
        memcpy(&g, in, sizeof g);
    jong_error e;
    if (g < 0 || g >= c->h->games || c->out[g] != 1) { /* never from this program */
        snprintf(msg, sizeof msg, "rank %d sent game %d, not one it was handed", src, g);
        fail(c, msg);
    } else if (c->h->keep(c->h->ctx, src, in, (size_t)count, &e)) {
        fail(c, e.msg);
    } else {
        c->out[g] = 2;
        cli_test_kill(0, ++c->kept);
    }
    free(in);
}

/* Rank 0's own players, in a thread beside the hand-out: a rank like the others. */
typedef struct {
    const char *text;
    int jobs, rc;
    char msg[MPI_MSG_MAX];
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
        MPI_Get_count(st, MPI_BYTE, &count);
        keep(c, st->MPI_SOURCE, count);
    } else { /* TAG_DONE: a rank's last message (the only other tag ranks send) */
        char msg[MPI_MSG_MAX] = "";
        MPI_Recv(msg, MPI_MSG_MAX, MPI_CHAR, st->MPI_SOURCE, st->MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        msg[MPI_MSG_MAX - 1] = 0;
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

int mpi_coordinate(const mpi_handout *h, jong_error *err)
{
    double cpu = thread_seconds();
    coordinator c = {.h = h, .threads = calloc((size_t)mpi_ranks, sizeof(int)),
                     .out = calloc(h->games > 0 ? (size_t)h->games : 1, 1)};
    if (!c.threads || !c.out) {
        free(c.threads);
        free(c.out);
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    }
    for (int g = 0; g < h->games; g++)
        c.left += !h->done || !h->done[g];
    size_t len = strlen(h->text);
    pthread_mutex_lock(&mpi_lock);
    for (int i = 1; i < mpi_ranks; i++)
        MPI_Send(h->text, (int)len, MPI_CHAR, i, TAG_RUN, mpi_down);
    pthread_mutex_unlock(&mpi_lock);
    mpi_handed = true;
    /* rank 0 plays too, unless this MPI cannot take calls from two threads */
    own_players own = {.text = h->text, .jobs = h->jobs > 0 ? h->jobs : 1};
    pthread_t own_thread;
    bool plays = mpi_serialized && !pthread_create(&own_thread, NULL, play_own, &own);
    int active = mpi_ranks - 1 + plays, rounds = 0;
    while (active > 0) {
        pthread_mutex_lock(&mpi_lock);
        if (!c.stopping && (c.failed || (h->interrupt && atomic_load(h->interrupt)))) {
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
    free(c.threads);
    free(c.out);
    handed_chunks = c.chunks;
    ranks_waited = c.waited;
    handout_seconds = thread_seconds() - cpu;
    if (!c.failed)
        return JONG_OK;
    if (err)
        *err = c.err;
    return (int)c.err.code;
}
