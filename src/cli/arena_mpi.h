/* `jong arena` over the ranks of an MPI job (`mpirun -np N jong arena ...`, `srun jong arena ...`),
 * and `jong play`'s self-play (at the end).
 *
 * Rank 0 runs the command as without MPI (options, results file, --resume, progress, reports)
 * and hands the games out to every rank, itself included: in chunks that shrink as the run
 * nears its end (games differ a lot in length), each finished game sent back at once and
 * appended to the results file by rank 0 alone, so a killed rank or job loses no game rank 0
 * has received. The other ranks get the run from rank 0 (its results file's header, so they
 * need no shared file system); every rank plays with --jobs threads.
 *
 * Built with Open MPI when the Makefile finds it (mpi/); otherwise arena_mpi_off.c says
 * there is one rank and the program has no MPI dependency. The program's other files see only
 * this header. */
#ifndef JONG_CLI_ARENA_MPI_H
#define JONG_CLI_ARENA_MPI_H

#include "jong/arena.h"

/* Runs an arena command (`jong arena`, `jong arena verify`) whether or not the program was
 * started by an MPI launcher (mpirun, srun): rank 0, or the only process, calls run(ctx, jobs,
 * ranks), which plays its games with arena_mpi_coordinate when ranks > 1; the other ranks wait
 * for those games and play them. jobs: the command's --jobs, or 1 per rank under MPI when
 * argv does not give it (a rank per processor is the rule there). Returns the exit status. */
int arena_mpi_command(const char *cmd, int argc, char **argv, int jobs,
                      int (*run)(void *ctx, int jobs, int ranks), void *ctx);

/* Rank 0: plays every game of r not done over the ranks (its own players with opts->jobs
 * threads), as jong_arena_run does with threads: each game into r, into opts->results and to
 * opts->on_game as it arrives; stops handing out games on opts->interrupt or an error (ranks
 * not interrupted finish the games under way). */
int arena_mpi_coordinate(jong_arena_results *r, const jong_arena_run_opts *opts, jong_error *err);

/* ---- self-play: `jong play` under mpirun (cmd_play.c) ----
 * Self-play shares no file (each game writes its own record), so it needs no coordinator: rank
 * r of N plays the games g with g % N == r, and the totals are summed on rank 0. */

/* Joins the job when a launcher started the program: the number of ranks (1 without a job, or
 * in a build without MPI), this rank in *rank; 0 after one line on failure. */
int arena_mpi_join(const char *cmd, int *rank);
/* Sums v[0..n-1] over the ranks into rank 0's v (every rank calls it once; waits polling). */
void arena_mpi_sum(int64_t *v, int n);
/* Leaves the job joined by arena_mpi_join (nothing without one). */
void arena_mpi_leave(void);

#endif
