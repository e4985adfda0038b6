/* The stop signals of the long runs (see cli_signals.h). */
#include "cli_signals.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

atomic_bool cli_stop, cli_stop_again;

/* what the handler writes, set before it is installed (the handler only reads them) */
static const char *said[2];
static size_t said_len[2];
static int stages;
static bool no_restart;

static void install(void (*handler)(int));

static void on_stop(int sig)
{
    (void)sig;
    int stage = atomic_load(&cli_stop) ? 1 : 0;
    atomic_store(stage ? &cli_stop_again : &cli_stop, true);
    if (said[stage])
        (void)!write(2, said[stage], said_len[stage]);
    if (stage + 1 >= stages)
        install(SIG_DFL);
}

static void install(void (*handler)(int))
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = no_restart ? 0 : SA_RESTART;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

void cli_catch_stop_signals(const char *first, const char *again, bool reads_end)
{
    said[0] = first;
    said[1] = again;
    for (int i = 0; i < 2; i++)
        said_len[i] = said[i] ? strlen(said[i]) : 0;
    stages = again ? 2 : 1;
    no_restart = reads_end;
    install(on_stop);
}

void cli_test_kill(int rank, int games)
{
    const char *at = getenv("JONG_TEST_KILL"); /* read each time: the program never sets it */
    int r, n;
    if (at && sscanf(at, "%d:%d", &r, &n) == 2 && r == rank && games >= n)
        kill(getpid(), SIGKILL);
}
