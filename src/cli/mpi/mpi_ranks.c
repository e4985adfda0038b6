/* The ranks that play (every rank, rank 0's players in a thread beside its hand-out): games
 * asked of rank 0 in chunks, each finished game sent back at once without waiting. What a game
 * is and how its result is packed is the command's (its mpi_play_fn); this is only the link. */
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

struct mpi_link {
    chunk *chunks;        /* one per thread */
    int jobs, given;      /* threads; games sent to rank 0 */
    bool stopped;         /* rank 0 said TAG_STOP */
    double waited;        /* seconds waited for chunks and for rank 0 to take results (the cost of
                           * spreading the run over ranks) */
    MPI_Request sends[SENDS]; /* results in flight (MPI_REQUEST_NULL: a free slot) */
    char *out[SENDS];         /* and their bytes, kept until sent */
};

int mpi_take(mpi_link *l, int w)
{
    chunk *c = &l->chunks[w];
    pthread_mutex_lock(&mpi_lock);
    int flag = 0;
    if (!l->stopped && (MPI_Iprobe(0, TAG_STOP, mpi_down, &flag, MPI_STATUS_IGNORE), flag)) {
        MPI_Recv(NULL, 0, MPI_CHAR, 0, TAG_STOP, mpi_down, MPI_STATUS_IGNORE);
        l->stopped = true;
    }
    if (l->stopped || c->at < c->n) {
        int g = l->stopped ? -1 : c->games[c->at++];
        pthread_mutex_unlock(&mpi_lock);
        return g;
    }
    int ask[2] = {w, l->jobs};
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
    l->waited += cli_now() - start;
    pthread_mutex_unlock(&mpi_lock);
    return c->n > 0 ? c->games[c->at++] : -1;
}

int mpi_give(mpi_link *l, const void *bytes, size_t len, jong_error *err)
{
    if (len > (size_t)1 << 30) /* one MPI message counts in int */
        return jong_error_set(err, JONG_ERR_ARG, -1, "a game's result of %zu bytes is too long to send", len);
    char *copy = malloc(len ? len : 1);
    if (!copy)
        return jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    memcpy(copy, bytes, len);
    int slot = -1, rounds = 0, flag;
    double start = 0;
    pthread_mutex_lock(&mpi_lock);
    for (;;) {
        for (int i = 0; i < SENDS && slot < 0; i++)
            if (l->sends[i] == MPI_REQUEST_NULL)
                slot = i;
        if (slot < 0)
            MPI_Testany(SENDS, l->sends, &slot, &flag, MPI_STATUS_IGNORE);
        if (slot >= 0 && slot != MPI_UNDEFINED)
            break;
        slot = -1;
        start = start ? start : cli_now();
        pthread_mutex_unlock(&mpi_lock);
        mpi_idle(&rounds);
        pthread_mutex_lock(&mpi_lock);
    }
    if (start) /* all SENDS in flight: rank 0 is behind */
        l->waited += cli_now() - start;
    free(l->out[slot]); /* a completed send's bytes */
    l->out[slot] = copy;
    MPI_Isend(copy, (int)len, MPI_BYTE, 0, TAG_RESULT, MPI_COMM_WORLD, &l->sends[slot]);
    int given = ++l->given;
    pthread_mutex_unlock(&mpi_lock);
    if (mpi_rank > 0) /* rank 0's kill point counts the games it keeps (mpi_handout.c) */
        cli_test_kill(mpi_rank, given);
    return JONG_OK;
}

int mpi_link_rank(const mpi_link *link)
{
    (void)link;
    return mpi_rank;
}

/* Waits (polling) until every result in flight has been sent, and frees their bytes. */
static void flush_results(mpi_link *l)
{
    int all = 0, rounds = 0;
    for (;;) {
        pthread_mutex_lock(&mpi_lock);
        MPI_Testall(SENDS, l->sends, &all, MPI_STATUSES_IGNORE);
        pthread_mutex_unlock(&mpi_lock);
        if (all)
            break;
        mpi_idle(&rounds);
    }
    for (int i = 0; i < SENDS; i++)
        free(l->out[i]);
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
    mpi_link *l = calloc(1, sizeof *l);
    if (l) {
        l->jobs = jobs;
        l->chunks = calloc((size_t)jobs, sizeof(chunk));
    }
    if (!l || !l->chunks) {
        free(l);
        return snprintf(msg, MPI_MSG_MAX, "rank %d: out of memory", mpi_rank), CLI_FAIL;
    }
    for (int i = 0; i < SENDS; i++)
        l->sends[i] = MPI_REQUEST_NULL;
    int rc = mpi_player(text, jobs, l, msg);
    flush_results(l);
    *waited = l->waited;
    free(l->chunks);
    free(l);
    return rc;
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
    char msg[MPI_MSG_MAX] = "";
    double waited = 0;
    cli_catch_stop_signals(NULL, NULL, false);
    int rc = mpi_play_run(text, jobs, msg, &waited);
    free(text);
    mpi_say_done(msg, waited);
    return rc;
}
