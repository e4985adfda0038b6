/* The MPI job of the program (mpi_internal.h): its state, joining and leaving it, waiting
 * without spinning. */
#include <stdlib.h>
#include <time.h>

#include "cli/cli_util.h"
#include "mpi_internal.h"

pthread_mutex_t mpi_lock = PTHREAD_MUTEX_INITIALIZER;
MPI_Comm mpi_down;
bool mpi_joined, mpi_handed, mpi_serialized;
int mpi_ranks, mpi_rank;
const char *mpi_command;
mpi_play_fn mpi_player;

void mpi_idle(int *rounds)
{
    long ns = 20000L << (*rounds < 6 ? *rounds : 6);
    struct timespec ts = {0, ns > 1000000L ? 1000000L : ns};
    (*rounds)++;
    nanosleep(&ts, NULL);
}

int mpi_join(const char *cmd, int *rank)
{
    *rank = 0;
    /* only under a launcher: MPI_Init alone would start a singleton job, slowly */
    if (!getenv("OMPI_COMM_WORLD_SIZE") && !getenv("PMI_SIZE") && !getenv("PMIX_RANK"))
        return 1;
    mpi_command = cmd;
    int provided;
    if (MPI_Init_thread(NULL, NULL, MPI_THREAD_SERIALIZED, &provided) != MPI_SUCCESS) {
        cli_fail(cmd, "MPI_Init_thread failed");
        return 0;
    }
    mpi_joined = true;
    mpi_serialized = provided >= MPI_THREAD_SERIALIZED;
    MPI_Comm_dup(MPI_COMM_WORLD, &mpi_down);
    MPI_Comm_size(MPI_COMM_WORLD, &mpi_ranks);
    MPI_Comm_rank(MPI_COMM_WORLD, &mpi_rank);
    *rank = mpi_rank;
    return mpi_ranks;
}

void mpi_finish(void)
{
    if (!mpi_joined)
        return;
    if (mpi_rank == 0 && !mpi_handed)
        for (int i = 1; i < mpi_ranks; i++)
            MPI_Send("", 1, MPI_CHAR, i, TAG_RUN, mpi_down);
    MPI_Comm_free(&mpi_down);
    MPI_Finalize();
    mpi_joined = false;
}
