/* The ranks that play (every rank, rank 0's players in a thread beside its hand-out): games
 * asked of rank 0 in chunks, each finished game sent back at once without waiting. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_players.h"
#include "cli/cli_signals.h"
#include "cli/cli_util.h"
#include "mpi_internal.h"

typedef struct {
    int games[CHUNK_MAX];
    int n, at;
} chunk;

typedef struct {
    chunk *chunks;        /* one per thread */
    int jobs;
    bool stopped;         /* rank 0 said TAG_STOP */
    double waited;        /* seconds waited for chunks and for rank 0 to take results (the cost of
                           * spreading the run over ranks) */
    MPI_Request sends[SENDS];          /* results in flight (MPI_REQUEST_NULL: a free slot) */
    int32_t out[SENDS][RESULT_MAX];    /* and their numbers, kept until sent */
} player_rank;

/* The next game of thread w: from its chunk, else a new chunk asked of rank 0; -1 at the end. */
static int rank_take(void *ctx, int w)
{
    player_rank *pr = ctx;
    chunk *c = &pr->chunks[w];
    pthread_mutex_lock(&mpi_lock);
    int flag = 0;
    if (!pr->stopped && (MPI_Iprobe(0, TAG_STOP, mpi_down, &flag, MPI_STATUS_IGNORE), flag)) {
        MPI_Recv(NULL, 0, MPI_CHAR, 0, TAG_STOP, mpi_down, MPI_STATUS_IGNORE);
        pr->stopped = true;
    }
    if (pr->stopped || c->at < c->n) {
        int g = pr->stopped ? -1 : c->games[c->at++];
        pthread_mutex_unlock(&mpi_lock);
        return g;
    }
    int ask[2] = {w, pr->jobs};
    MPI_Request rq;
    MPI_Send(ask, 2, MPI_INT, 0, TAG_ASK, MPI_COMM_WORLD);
    MPI_Irecv(c->games, CHUNK_MAX, MPI_INT, 0, TAG_GAMES + w, mpi_down, &rq);
    pthread_mutex_unlock(&mpi_lock);
    MPI_Status st;
    int done = 0, rounds = 0;
    double start = cli_now();
    for (;;) {
        pthread_mutex_lock(&mpi_lock);
        MPI_Test(&rq, &done, &st);
        pthread_mutex_unlock(&mpi_lock);
        if (done)
            break;
        mpi_idle(&rounds);
    }
    MPI_Get_count(&st, MPI_INT, &c->n);
    c->at = 0;
    pthread_mutex_lock(&mpi_lock);
    pr->waited += cli_now() - start;
    pthread_mutex_unlock(&mpi_lock);
    return c->n > 0 ? c->games[c->at++] : -1;
}

/* A finished game to rank 0 at once: a rank killed later loses nothing rank 0 has. */
static int rank_give(void *ctx, const jong_arena_results *r, int g, jong_error *err)
{
    (void)err;
    player_rank *pr = ctx;
    int slot = -1, rounds = 0, flag;
    double start = 0;
    pthread_mutex_lock(&mpi_lock);
    for (;;) {
        for (int i = 0; i < SENDS && slot < 0; i++)
            if (pr->sends[i] == MPI_REQUEST_NULL)
                slot = i;
        if (slot < 0)
            MPI_Testany(SENDS, pr->sends, &slot, &flag, MPI_STATUS_IGNORE);
        if (slot >= 0 && slot != MPI_UNDEFINED)
            break;
        slot = -1;
        start = start ? start : cli_now();
        pthread_mutex_unlock(&mpi_lock);
        mpi_idle(&rounds);
        pthread_mutex_lock(&mpi_lock);
    }
    if (start) /* all SENDS in flight: rank 0 is behind */
        pr->waited += cli_now() - start;
    int32_t *buf = pr->out[slot];
    buf[0] = g;
    memcpy(buf + 1, jong_arena_results_at(r, g, 0), sizeof(jong_arena_seat) * 4 * (size_t)r->nseatings);
    MPI_Isend(buf, 1 + r->nseatings * 4 * SEAT_INTS, MPI_INT32_T, 0, TAG_RESULT, MPI_COMM_WORLD, &pr->sends[slot]);
    pthread_mutex_unlock(&mpi_lock);
    return JONG_OK;
}

/* Waits (polling) until every result in flight has been sent. */
static void flush_results(player_rank *pr)
{
    int all = 0, rounds = 0;
    for (;;) {
        pthread_mutex_lock(&mpi_lock);
        MPI_Testall(SENDS, pr->sends, &all, MPI_STATUSES_IGNORE);
        pthread_mutex_unlock(&mpi_lock);
        if (all)
            break;
        mpi_idle(&rounds);
    }
}

void mpi_say_done(const char *msg, double waited)
{
    pthread_mutex_lock(&mpi_lock);
    MPI_Send(&waited, 1, MPI_DOUBLE, 0, TAG_WAITED, MPI_COMM_WORLD);
    MPI_Send(msg, (int)strlen(msg) + 1, MPI_CHAR, 0, TAG_DONE, MPI_COMM_WORLD);
    pthread_mutex_unlock(&mpi_lock);
}

/* Rank 0's text under tag (polled, see idle), malloc'd and NUL-terminated. */
static char *receive_text(int tag)
{
    MPI_Status st;
    int flag = 0, rounds = 0, len;
    while (MPI_Iprobe(0, tag, mpi_down, &flag, &st), !flag)
        mpi_idle(&rounds);
    MPI_Get_count(&st, MPI_CHAR, &len);
    char *text = malloc((size_t)len + 1);
    if (!text)
        return NULL;
    MPI_Recv(text, len, MPI_CHAR, 0, tag, mpi_down, MPI_STATUS_IGNORE);
    text[len] = 0;
    return text;
}

int mpi_play_run(const char *text, int jobs, char *msg, double *waited)
{
    jong_arena_results r;
    jong_error err;
    long good;
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    if (!f)
        return snprintf(msg, MSG_MAX, "rank %d: out of memory", mpi_rank), CLI_FAIL;
    int rc = jong_arena_read(f, &r, &good, &err);
    fclose(f);
    if (rc)
        return snprintf(msg, MSG_MAX, "rank %d: the run from rank 0: %.300s", mpi_rank, err.msg), CLI_FAIL;
    player_rank *pr = calloc(1, sizeof *pr);
    if (pr) {
        pr->jobs = jobs;
        pr->chunks = calloc((size_t)jobs, sizeof(chunk));
    }
    if (!pr || !pr->chunks) {
        free(pr);
        jong_arena_results_free(&r);
        return snprintf(msg, MSG_MAX, "rank %d: out of memory", mpi_rank), CLI_FAIL;
    }
    for (int i = 0; i < SENDS; i++)
        pr->sends[i] = MPI_REQUEST_NULL;
    jong_arena_run_opts opts = {.jobs = jobs, .now_ms = cli_now_ms, .interrupt = &cli_stop,
                                .take = rank_take, .give = rank_give, .ctx = pr};
    if ((rc = jong_arena_run(&r, &opts, &err)))
        snprintf(msg, MSG_MAX, "rank %d: %.350s", mpi_rank, err.msg);
    flush_results(pr);
    *waited = pr->waited;
    free(pr->chunks);
    free(pr);
    jong_arena_results_free(&r);
    return rc ? CLI_FAIL : CLI_OK;
}

int mpi_play_rank(const char *cmd, int jobs)
{
    char *text = receive_text(TAG_RUN);
    if (!text)
        return cli_fail(cmd, "rank %d: out of memory", mpi_rank);
    if (!*text) { /* rank 0 ran nothing (bad options, an error first): it says why */
        free(text);
        return CLI_OK;
    }
    if (jobs > 1 && !mpi_serialized) {
        fprintf(stderr, "jong %s: rank %d: this MPI cannot serve threads; playing with --jobs 1\n", cmd, mpi_rank);
        jobs = 1;
    }
    char msg[MSG_MAX] = "";
    double waited = 0;
    cli_catch_stop_signals(NULL, NULL, false);
    int rc = mpi_play_run(text, jobs, msg, &waited);
    free(text);
    mpi_say_done(msg, waited);
    return rc;
}

