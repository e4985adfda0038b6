/* arena_mpi.h in a build without MPI (the Makefile found no Open MPI): always one rank. A
 * program started by mpirun anyway runs as N independent copies, so that is refused. */
#include <stdlib.h>

#include "arena_mpi.h"
#include "cli_util.h"

int arena_mpi_join(const char *cmd, int *rank)
{
    *rank = 0;
    const char *size = getenv("OMPI_COMM_WORLD_SIZE") ? getenv("OMPI_COMM_WORLD_SIZE") : getenv("PMI_SIZE");
    if (size && atoi(size) > 1) {
        cli_fail(cmd, "started by an MPI launcher, but this jong was built without MPI "
                      "(install libopenmpi-dev and rebuild)");
        return 0;
    }
    return 1;
}

void arena_mpi_sum(int64_t *v, int n)
{
    (void)v;
    (void)n;
}

void arena_mpi_leave(void) {}

int arena_mpi_command(const char *cmd, int argc, char **argv, int jobs,
                      int (*run)(void *ctx, int jobs, int ranks), void *ctx)
{
    (void)argc;
    (void)argv;
    int rank;
    return arena_mpi_join(cmd, &rank) ? run(ctx, jobs, 1) : CLI_FAIL;
}

int arena_mpi_coordinate(jong_arena_results *r, const jong_arena_run_opts *opts, jong_error *err)
{
    (void)r;
    (void)opts;
    return jong_error_set(err, JONG_ERR_ARG, -1, "built without MPI");
}
