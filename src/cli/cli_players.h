/* Player lists on the command line: "greedy,random" or "simcat:sims=100,pp=on,greedy".
 * Player options use commas too, so a piece whose first '=' comes before any ':' ("pp=on")
 * continues the previous player's options, and a comma inside quotes ('...' or "...", as in
 * ext:cmd='...') does not split. One player fills all four seats, two alternate (A B A B), four
 * are taken as given. */
#ifndef JONG_CLI_PLAYERS_H
#define JONG_CLI_PLAYERS_H

#include <stdio.h>

#include "jong/jong.h"

/* Splits list into at most max specs ("more than MAX players" past them) (*n of them); on error prints one line for `cmd` and
 * returns CLI_USAGE. */
/* (cmd NULL: a bad list is CLI_USAGE without a message) */
int cli_split_players(const char *cmd, const char *list, char (*specs)[JONG_PLAYER_SPEC_MAX], int max, int *n);
/* Makes the four seats' players for a game of variant v; on error (also a player that does not
 * play v) prints one line for `cmd` and returns CLI_USAGE/FAIL (with nothing left allocated). */
int cli_make_players(const char *cmd, const char *list, jong_variant v, jong_player *out[JONG_SEATS]);
/* The same for a table of `seats` seats: 4 as above; 3 (three-player riichi) takes 1 or 3
 * players, each one that plays sanma (greedy and random today), and leaves out[3] NULL. */
int cli_make_players_seats(const char *cmd, const char *list, jong_variant v, int seats, jong_player *out[JONG_SEATS]);
void cli_free_players(jong_player *p[JONG_SEATS]);
/* The family of rules a player list plays when --rules is not given: the one every player
 * plays when they all play only it (kurita: riichi; simcat: Taiwanese), else fallback. */
jong_variant cli_rules_of_players(const char *list, jong_variant fallback);
/* The registry's players with their options and defaults, for --help. */
void cli_print_players(FILE *f);

/* Seconds on a monotonic clock, for rates and progress. */
double cli_now(void);
/* Milliseconds on the same clock: the clock the library is given for time budgets. */
int64_t cli_now_ms(void);
/* A thread's CPU time in milliseconds (the arena's hang limit, jong_arena_run_opts.thread_cpu_ms). */
int64_t cli_thread_cpu_ms(pthread_t thread);

#endif
