/* arena_mpi.h in a build without MPI (the Makefile found no Open MPI): always one rank. A
 * program started by mpirun anyway would run as N independent copies, so that is refused. */
#include <stdlib.h>

#include "arena_mpi.h"
#include "cli_util.h"

/* Whether a launcher started more than one copy: one error line. */
static bool refused(const char *cmd)
{
    const char *size = getenv("OMPI_COMM_WORLD_SIZE") ? getenv("OMPI_COMM_WORLD_SIZE") : getenv("PMI_SIZE");
    if (size && atoi(size) > 1) {
        cli_fail(cmd, "started by an MPI launcher, but this jong was built without MPI "
                      "(install libopenmpi-dev and rebuild)");
        return true;
    }
    return false;
}

int mpi_games_command(const char *cmd, int argc, char **argv, int jobs,
                      int (*run)(void *ctx, int jobs, int ranks), mpi_play_fn play, void *ctx)
{
    (void)argc;
    (void)argv;
    (void)play;
    return refused(cmd) ? CLI_FAIL : run(ctx, jobs, 1);
}

int arena_mpi_command(const char *cmd, int argc, char **argv, int jobs,
                      int (*run)(void *ctx, int jobs, int ranks), void *ctx)
{
    return mpi_games_command(cmd, argc, argv, jobs, run, NULL, ctx);
}

/* Never called with one rank: */
int mpi_coordinate(const mpi_handout *h, jong_error *err)
{
    (void)h;
    return jong_error_set(err, JONG_ERR_ARG, -1, "built without MPI");
}

int arena_mpi_coordinate(jong_arena_results *r, const jong_arena_run_opts *opts, jong_error *err)
{
    (void)r;
    (void)opts;
    return jong_error_set(err, JONG_ERR_ARG, -1, "built without MPI");
}

int mpi_take(mpi_link *link, int worker)
{
    (void)link;
    (void)worker;
    return -1;
}

int mpi_give(mpi_link *link, const void *bytes, size_t len, jong_error *err)
{
    (void)link;
    (void)bytes;
    (void)len;
    return jong_error_set(err, JONG_ERR_ARG, -1, "built without MPI");
}

int mpi_link_rank(const mpi_link *link)
{
    (void)link;
    return 0;
}
