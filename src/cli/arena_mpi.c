/* arena_mpi.h with Open MPI: rank 0 hands out games and keeps the results file, and every rank
 * plays (rank 0 in a thread of its own beside the hand-out, through the same messages, sent to
 * itself). The only shared state is the game numbers handed out and the results sent back, so the
 * results are those of one process with --jobs 1 (every game is a pure function of the run's
 * header and its number). For `jong play`: joining the job and summing totals on rank 0. */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arena_mpi.h"
#include "cli_options.h"
#include "cli_players.h"
#include "cli_signals.h"
#include "cli_util.h"

/* The messages, by tag. */
enum {
    TAG_RUN = 1, /* 0 -> rank: the results file's header line (empty: no run, exit) */
    TAG_ASK,     /* rank -> 0: int[2] {thread, the rank's threads}: that thread wants games */
    TAG_RESULT,  /* rank -> 0: int32[] {game, every seat of every seating}: a finished game */
    TAG_WAITED,  /* rank -> 0: double: seconds its threads waited for rank 0, in all (before TAG_DONE) */
    TAG_DONE,    /* rank -> 0: char[]: "" or the error that ended the rank's run; its last message */
    TAG_STOP,    /* 0 -> rank: no more games (interrupt, error): finish the ones under way */
    TAG_GAMES = 100 /* + thread, 0 -> rank: int[] the games that thread plays next (none: the end) */
};

/* A chunk is at most this many games: a stopped run leaves at most this many handed out but
 * unplayed per thread (they are simply not done; --resume plays them). */
#define CHUNK_MAX 256
#define SEAT_INTS ((int)(sizeof(jong_arena_seat) / sizeof(int32_t)))
#define RESULT_MAX (1 + JONG_ARENA_MAX_SEATINGS * 4 * SEAT_INTS)
#define MSG_MAX 400
/* Results in flight from one rank: sent without waiting (a blocking MPI_Send spins a processor
 * while rank 0 sleeps between polls: a third of a playing rank's time with short games). */
#define SENDS 64
_Static_assert(sizeof(jong_arena_seat) % sizeof(int32_t) == 0, "a seat is sent as int32 numbers");

/* One MPI call at a time in a process (MPI_THREAD_SERIALIZED): rank 0's hand-out and its
 * players, and a rank's player threads, take turns through this lock. */
static pthread_mutex_t mpi_lock = PTHREAD_MUTEX_INITIALIZER;
static bool joined, handed, serialized;
/* Rank 0's messages to the players (runs, chunks, stops) travel on a communicator of their own:
 * rank 0 plays too, so its hand-out, which takes any message of MPI_COMM_WORLD, must not take
 * the ones it sends its own players. */
static MPI_Comm down;
static int nranks, myrank;
static const char *command; /* "arena", "arena verify": for rank 0's last line */
static int handed_chunks;   /* rank 0's figures of the run for that line */
static double ranks_waited, handout_seconds;

/* Waiting polls with short sleeps (20 us growing to 1 ms) instead of blocking in MPI: Open MPI's
 * blocking calls spin a processor, which a rank waiting for its next chunk (or rank 0 waiting
 * for results) should leave to the ranks playing beside it on an oversubscribed machine. */
static void idle(int *rounds)
{
    long ns = 20000L << (*rounds < 6 ? *rounds : 6);
    struct timespec ts = {0, ns > 1000000L ? 1000000L : ns};
    (*rounds)++;
    nanosleep(&ts, NULL);
}

int arena_mpi_join(const char *cmd, int *rank)
{
    *rank = 0;
    /* only under a launcher: MPI_Init alone would start a singleton job, slowly */
    if (!getenv("OMPI_COMM_WORLD_SIZE") && !getenv("PMI_SIZE") && !getenv("PMIX_RANK"))
        return 1;
    command = cmd;
    int provided;
    if (MPI_Init_thread(NULL, NULL, MPI_THREAD_SERIALIZED, &provided) != MPI_SUCCESS) {
        cli_fail(cmd, "MPI_Init_thread failed");
        return 0;
    }
    joined = true;
    serialized = provided >= MPI_THREAD_SERIALIZED;
    MPI_Comm_dup(MPI_COMM_WORLD, &down);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    MPI_Comm_rank(MPI_COMM_WORLD, &myrank);
    *rank = myrank;
    return nranks;
}

/* Lets the other ranks go when rank 0 handed them no run (an error first), then leaves the job. */
static void mpi_finish(void)
{
    if (!joined)
        return;
    if (myrank == 0 && !handed)
        for (int i = 1; i < nranks; i++)
            MPI_Send("", 1, MPI_CHAR, i, TAG_RUN, down);
    MPI_Comm_free(&down);
    MPI_Finalize();
    joined = false;
}

/* ---- the ranks that play ---- */

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
    if (!pr->stopped && (MPI_Iprobe(0, TAG_STOP, down, &flag, MPI_STATUS_IGNORE), flag)) {
        MPI_Recv(NULL, 0, MPI_CHAR, 0, TAG_STOP, down, MPI_STATUS_IGNORE);
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
    MPI_Irecv(c->games, CHUNK_MAX, MPI_INT, 0, TAG_GAMES + w, down, &rq);
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
        idle(&rounds);
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
        idle(&rounds);
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
        idle(&rounds);
    }
}

/* The end of a rank's play, to rank 0: its wait for rank 0, then "" or its error. */
static void say_done(const char *msg, double waited)
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
    while (MPI_Iprobe(0, tag, down, &flag, &st), !flag)
        idle(&rounds);
    MPI_Get_count(&st, MPI_CHAR, &len);
    char *text = malloc((size_t)len + 1);
    if (!text)
        return NULL;
    MPI_Recv(text, len, MPI_CHAR, 0, tag, down, MPI_STATUS_IGNORE);
    text[len] = 0;
    return text;
}

/* The run of the header line text, played as rank 0 hands it out; the error in msg, the time
 * waited for rank 0 in *waited. */
static int play_run(const char *text, int jobs, char *msg, double *waited)
{
    jong_arena_results r;
    jong_error err;
    long good;
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    if (!f)
        return snprintf(msg, MSG_MAX, "rank %d: out of memory", myrank), CLI_FAIL;
    int rc = jong_arena_read(f, &r, &good, &err);
    fclose(f);
    if (rc)
        return snprintf(msg, MSG_MAX, "rank %d: the run from rank 0: %.300s", myrank, err.msg), CLI_FAIL;
    player_rank *pr = calloc(1, sizeof *pr);
    if (pr) {
        pr->jobs = jobs;
        pr->chunks = calloc((size_t)jobs, sizeof(chunk));
    }
    if (!pr || !pr->chunks) {
        free(pr);
        jong_arena_results_free(&r);
        return snprintf(msg, MSG_MAX, "rank %d: out of memory", myrank), CLI_FAIL;
    }
    for (int i = 0; i < SENDS; i++)
        pr->sends[i] = MPI_REQUEST_NULL;
    jong_arena_run_opts opts = {.jobs = jobs, .now_ms = cli_now_ms, .interrupt = &cli_stop,
                                .take = rank_take, .give = rank_give, .ctx = pr};
    if ((rc = jong_arena_run(&r, &opts, &err)))
        snprintf(msg, MSG_MAX, "rank %d: %.350s", myrank, err.msg);
    flush_results(pr);
    *waited = pr->waited;
    free(pr->chunks);
    free(pr);
    jong_arena_results_free(&r);
    return rc ? CLI_FAIL : CLI_OK;
}

/* A rank > 0: plays what rank 0 hands out; CLI_OK also when rank 0 ran nothing. */
static int play_rank(const char *cmd, int jobs)
{
    char *text = receive_text(TAG_RUN);
    if (!text)
        return cli_fail(cmd, "rank %d: out of memory", myrank);
    if (!*text) { /* rank 0 ran nothing (bad options, an error first): it says why */
        free(text);
        return CLI_OK;
    }
    if (jobs > 1 && !serialized) {
        fprintf(stderr, "jong %s: rank %d: this MPI cannot serve threads; playing with --jobs 1\n", cmd, myrank);
        jobs = 1;
    }
    char msg[MSG_MAX] = "";
    double waited = 0;
    cli_catch_stop_signals(NULL, NULL, false);
    int rc = play_run(text, jobs, msg, &waited);
    free(text);
    say_done(msg, waited);
    return rc;
}

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
    int rc = rank > 0 ? play_rank(cmd, jobs) : run(ctx, jobs, ranks);
    if (rank == 0 && handed) /* the cost of spreading the run, after the command's own lines */
        fprintf(stderr, "jong %s: MPI: %d chunks handed out; rank 0's hand-out used %.2f s of processor time, "
                "the ranks waited %.2f s for it in all\n", command, handed_chunks, handout_seconds, ranks_waited);
    mpi_finish();
    return rc;
}

/* ---- self-play ---- */

void arena_mpi_sum(int64_t *v, int n)
{
    if (!joined)
        return;
    MPI_Request rq;
    int done = 0, rounds = 0;
    if (myrank == 0)
        MPI_Ireduce(MPI_IN_PLACE, v, n, MPI_INT64_T, MPI_SUM, 0, MPI_COMM_WORLD, &rq);
    else
        MPI_Ireduce(v, NULL, n, MPI_INT64_T, MPI_SUM, 0, MPI_COMM_WORLD, &rq);
    while (MPI_Test(&rq, &done, MPI_STATUS_IGNORE), !done) /* the ranks end at different times */
        idle(&rounds);
}

void arena_mpi_leave(void)
{
    if (joined) {
        MPI_Comm_free(&down);
        MPI_Finalize();
    }
    joined = false;
}

/* ---- rank 0 ---- */

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
    int threads = c->known > nranks * ask[1] ? c->known : nranks * ask[1]; /* until every rank has asked */
    int want = c->stopping ? 0 : c->left / (2 * (threads > 0 ? threads : 1));
    want = want < 1 ? 1 : want > CHUNK_MAX ? CHUNK_MAX : want;
    while (!c->stopping && n < want && c->next < c->r->cfg.games) {
        if (!c->r->done[c->next])
            games[n++] = c->next;
        c->next++;
    }
    c->left -= n;
    c->chunks += n > 0;
    MPI_Send(games, n, MPI_INT, src, TAG_GAMES + ask[0], down);
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
    op->rc = play_run(op->text, op->jobs, op->msg, &op->waited);
    say_done(op->msg, op->waited);
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
                     .threads = calloc((size_t)nranks, sizeof(int))};
    if (!rc && !c.threads)
        rc = jong_error_set(err, JONG_ERR_IO, -1, "out of memory");
    if (rc) {
        free(text);
        free(c.threads);
        return rc;
    }
    pthread_mutex_lock(&mpi_lock);
    for (int i = 1; i < nranks; i++)
        MPI_Send(text, (int)len, MPI_CHAR, i, TAG_RUN, down);
    pthread_mutex_unlock(&mpi_lock);
    handed = true;
    /* rank 0 plays too, unless this MPI cannot take calls from two threads */
    own_players own = {.text = text, .jobs = opts->jobs > 0 ? opts->jobs : 1};
    pthread_t own_thread;
    bool plays = serialized && !pthread_create(&own_thread, NULL, play_own, &own);
    int active = nranks - 1 + plays, rounds = 0;
    while (active > 0) {
        pthread_mutex_lock(&mpi_lock);
        if (!c.stopping && (c.failed || (opts->interrupt && atomic_load(opts->interrupt)))) {
            c.stopping = true;
            for (int i = plays ? 0 : 1; i < nranks; i++)
                MPI_Send(NULL, 0, MPI_CHAR, i, TAG_STOP, down);
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
            idle(&rounds);
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
