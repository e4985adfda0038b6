/* Runs of numbered games over the ranks of an MPI job (`mpirun -np N jong arena ...`, `srun jong
 * play ...`): `jong arena`, `jong arena verify` and `jong play`'s self-play.
 *
 * Rank 0 runs the command as without MPI (options, results file, --resume, progress, reports)
 * and hands the games out to every rank, itself included: in chunks that shrink as the run
 * nears its end (games differ a lot in length), each finished game sent back at once and kept
 * (written to the results file) by rank 0 alone, so a killed rank or job loses no game rank 0
 * has received. The other ranks get the run from rank 0 (a text: its results file's header,
 * so they need no shared file system); every rank plays with --jobs threads. Every game is a
 * pure function of the run and its number, so the results are those of one process.
 *
 * Built with Open MPI when the Makefile finds it (mpi/); otherwise arena_mpi_off.c says
 * there is one rank and the program has no MPI dependency. The program's other files see only
 * this header. */
#ifndef JONG_CLI_ARENA_MPI_H
#define JONG_CLI_ARENA_MPI_H

#include <stdatomic.h>
#include <stddef.h>

#include "jong/arena.h"

/* A playing rank's link to rank 0 (its chunks of games, its results in flight). */
typedef struct mpi_link mpi_link;

/* A command's playing part, on every rank (rank 0's in a thread beside its hand-out): plays the
 * run that text describes (what rank 0 gave mpi_coordinate) with jobs threads, each taking its
 * games with mpi_take and sending each finished one with mpi_give. On failure, one line in msg
 * (MPI_MSG_MAX bytes) naming the rank. Returns the exit status. */
#define MPI_MSG_MAX 400
typedef int (*mpi_play_fn)(const char *text, int jobs, mpi_link *link, char *msg);

/* Runs a command whether or not the program was started by an MPI launcher (mpirun, srun): rank 0,
 * or the only process, calls run(ctx, jobs, ranks), which plays its games with mpi_coordinate
 * when ranks > 1; the other ranks play with play. jobs: the command's --jobs, or 1 per rank
 * under MPI when argv does not give it (a rank per processor is the rule there). Returns the
 * exit status. */
int mpi_games_command(const char *cmd, int argc, char **argv, int jobs,
                      int (*run)(void *ctx, int jobs, int ranks), mpi_play_fn play, void *ctx);

/* Rank 0's hand-out of the games 0..games-1 not done. */
typedef struct {
    const char *text;              /* the run, for every rank's mpi_play_fn */
    int games;
    const unsigned char *done;     /* games not to hand out (done before); may be NULL */
    int jobs;                      /* the threads of rank 0's own players */
    const atomic_bool *interrupt;  /* stops the hand-out (ranks not interrupted finish their games) */
    /* A finished game (what mpi_give sent) from rank src: kept by the command (counted, written).
     * An error stops the run. Called by the hand-out thread only. */
    int (*keep)(void *ctx, int src, const char *bytes, size_t len, jong_error *err);
    void *ctx;
} mpi_handout;

/* Rank 0: hands out the games, its own players in a thread, until every rank is done. Stops
 * handing out on the interrupt or the first error (a rank's, or keep's), which it returns. */
int mpi_coordinate(const mpi_handout *h, jong_error *err);

/* A playing thread's next game (worker: its number among the rank's jobs), -1 at the end;
 * safe from every thread at once. */
int mpi_take(mpi_link *link, int worker);
/* A finished game to rank 0, sent at once without waiting (bytes copied): a rank killed later
 * loses nothing rank 0 has. */
int mpi_give(mpi_link *link, const void *bytes, size_t len, jong_error *err);

/* The link's rank (for messages). */
int mpi_link_rank(const mpi_link *link);

/* ---- the arena (mpi/arena_mpi.c) ---- */

/* mpi_games_command with the arena's playing part (`jong arena`, `jong arena verify`). */
int arena_mpi_command(const char *cmd, int argc, char **argv, int jobs,
                      int (*run)(void *ctx, int jobs, int ranks), void *ctx);

/* Rank 0: plays every game of r not done over the ranks (its own players with opts->jobs
 * threads), as jong_arena_run does with threads: each game into r, into opts->results and to
 * opts->on_game as it arrives; stops handing out games on opts->interrupt or an error (ranks
 * not interrupted finish the games under way). */
int arena_mpi_coordinate(jong_arena_results *r, const jong_arena_run_opts *opts, jong_error *err);

#endif
