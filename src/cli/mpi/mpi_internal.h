/* What the MPI files of the program share (src/cli/mpi/): the messages between the ranks, the
 * job's state, and the playing ranks (mpi_ranks.c) that rank 0's hand-out (mpi_handout.c) also
 * runs for its own players. Built only with Open MPI (the Makefile); see ../arena_mpi.h. */
#ifndef JONG_CLI_MPI_INTERNAL_H
#define JONG_CLI_MPI_INTERNAL_H

#include <mpi.h>
#include <pthread.h>
#include <stdbool.h>

#include "cli/arena_mpi.h"

/* The messages, by tag. */
enum {
    TAG_RUN = 1, /* 0 -> rank: the run's text (a results file's header line; empty: no run, exit) */
    TAG_ASK,     /* rank -> 0: int[2] {thread, the rank's threads}: that thread wants games */
    TAG_RESULT,  /* rank -> 0: bytes: a finished game, as the command packs it (mpi_give) */
    TAG_WAITED,  /* rank -> 0: double: seconds its threads waited for rank 0, in all (before TAG_DONE) */
    TAG_DONE,    /* rank -> 0: char[]: "" or the error that ended the rank's run; its last message */
    TAG_STOP,    /* 0 -> rank: no more games (interrupt, error): finish the ones under way */
    TAG_GAMES = 100 /* + thread, 0 -> rank: int[] the games that thread plays next (none: the end) */
};

/* A chunk is at most this many games: a stopped run leaves at most this many handed out but
 * unplayed per thread (they are simply not done; --resume plays them). */
#define CHUNK_MAX 256
/* Results in flight from one rank: sent without waiting (a blocking MPI_Send spins a processor
 * while rank 0 sleeps between polls: a third of a playing rank's time with short games). */
#define SENDS 64

/* The job (mpi_job.c). One MPI call at a time in a process (MPI_THREAD_SERIALIZED): rank 0's
 * hand-out and its players, and a rank's player threads, take turns through mpi_lock. Rank 0's
 * messages to the players (runs, chunks, stops) travel on mpi_down, a communicator of their own:
 * rank 0 plays too, so its hand-out, which takes any message of MPI_COMM_WORLD, must not take
 * the ones it sends its own players. */
extern pthread_mutex_t mpi_lock;
extern MPI_Comm mpi_down;
extern bool mpi_joined, mpi_handed, mpi_serialized; /* handed: rank 0 sent the ranks the run */
extern int mpi_ranks, mpi_rank;
extern const char *mpi_command;                     /* "arena", "arena verify", "play" */
extern mpi_play_fn mpi_player;                      /* the command's playing part */

/* Joins the job when a launcher started the program: the number of ranks (1 without a job),
 * this rank in *rank; 0 after one line on failure. */
int mpi_join(const char *cmd, int *rank);
/* Waiting polls with short sleeps (20 us growing to 1 ms) instead of blocking in MPI: Open MPI's
 * blocking calls spin a processor, which a rank waiting for its next chunk (or rank 0 waiting
 * for results) should leave to the ranks playing beside it on an oversubscribed machine. */
void mpi_idle(int *rounds);
/* Lets the other ranks go when rank 0 handed them no run (an error first), then leaves the job. */
void mpi_finish(void);

/* The playing ranks (mpi_ranks.c). */
/* The run of text, played by mpi_player as rank 0 hands it out with jobs threads; the error
 * in msg (MPI_MSG_MAX), the time waited for rank 0 in *waited. */
int mpi_play_run(const char *text, int jobs, char *msg, double *waited);
/* The end of a rank's play, to rank 0: its wait for rank 0, then "" or its error. */
void mpi_say_done(const char *msg, double waited);
/* A rank > 0: plays what rank 0 hands out; CLI_OK also when rank 0 ran nothing. */
int mpi_play_rank(const char *cmd, int jobs);

#endif
