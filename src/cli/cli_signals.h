/* How the long runs (jong arena, play, serve, bot) stop on SIGINT and SIGTERM: the signal only
 * raises a flag, which the run polls, so that it ends cleanly -- every finished game kept, files
 * whole, one line saying what happened -- instead of dying mid-write. */
#ifndef JONG_CLI_SIGNALS_H
#define JONG_CLI_SIGNALS_H

#include <stdatomic.h>
#include <stdbool.h>

/* Raised by the first stop signal, and by a second one. */
extern atomic_bool cli_stop, cli_stop_again;

/* Catch SIGINT and SIGTERM: the first raises cli_stop and writes the line first (NULL: none)
 * to stderr. With again (a whole line, or NULL), a second signal raises cli_stop_again and
 * writes it. After the last stage the default action comes back, so that one more signal ends
 * a run that is stuck all the same. reads_end: a blocking read ends at the signal (EINTR) rather
 * than going on, for a run that waits on its input (the bot); otherwise reads and writes carry
 * on, so that no file is cut by a signal. */
void cli_catch_stop_signals(const char *first, const char *again, bool reads_end);

/* The tests' deterministic kill point (JONG_TEST_KILL=RANK:GAMES in the environment): the
 * process of MPI rank RANK (0 without MPI) kills itself with SIGKILL once it has finished GAMES
 * games in this run (rank 0: kept them in its files; another rank: sent them to rank 0), as a
 * crash or a killed job would, at a point no load can move. Nothing without the variable. */
void cli_test_kill(int rank, int games);

#endif
