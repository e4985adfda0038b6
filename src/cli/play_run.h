/* Self-play as a run of numbered games (`jong play`): what decides the run (its header), one
 * game played into its result and its record, each game's result as one line of text, and the
 * threads that play the games a source hands them (the process itself, or rank 0 under MPI).
 * Game g of a run is a pure function of the header and g, so the records and totals are the
 * same whatever plays them, in whatever order. The run's directory is play_log.h. */
#ifndef JONG_CLI_PLAY_RUN_H
#define JONG_CLI_PLAY_RUN_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "jong/jong.h"

typedef struct {
    jong_ruleset rules;
    char players[JONG_SEATS][JONG_PLAYER_SPEC_MAX]; /* per seat */
    int games;
    uint64_t seed;
    bool records;  /* write each game's record */
    bool check;    /* verify after every event (not in the header: no effect on the games) */
} play_config;

/* The header line of a run (with its newline), malloc'd; NULL when out of memory. With check,
 * cfg->check too (the run as sent to the MPI ranks; the file's header leaves it out). */
char *play_header_text(const play_config *cfg, bool check);
/* A header line read back into *cfg; on failure -1 and why (n bytes). */
int play_header_parse(const char *line, play_config *cfg, char *why, size_t n);
/* Do two runs differ in what decides their games? The first difference in why. */
bool play_config_same(const play_config *a, const play_config *b, char *why, size_t n);

/* One game's result as a line (with its newline) into buf (n >= PLAY_LINE_MAX); its length. */
#define PLAY_LINE_MAX 1024
size_t play_result_line(int g, const jong_game_result *res, char *buf, size_t n);
/* A line (without its newline) read back: its game in *g; -1 and why when it is not one. */
int play_result_parse(const char *line, size_t len, int *g, jong_game_result *res, char *why, size_t n);
/* Adds one game's totals to *total. */
void play_result_add(jong_game_result *total, const jong_game_result *res);

/* A played game as it travels (the text given to keep): the game's number (an int, first, as
 * arena_mpi.h's hand-out reads it), its result line, then its record (when the run has them). */
typedef struct {
    int game;
    jong_game_result res;
    const char *line, *record;
    size_t line_len, record_len;
} play_game_msg;
/* Unpacks bytes into *m (pointing into bytes); -1 and why when they are not a game. */
int play_msg_parse(const char *bytes, size_t len, play_game_msg *m, char *why, size_t n);

/* Where the threads get their games and what they do with each finished one. */
typedef struct {
    int (*take)(void *ctx, int worker);  /* the next game of a thread; -1: no more */
    /* a finished game, packed (play_msg_parse); an error stops the run */
    int (*give)(void *ctx, const char *bytes, size_t len, jong_error *err);
    /* after each hand of a game under way (may be NULL), with that game's hands so far */
    void (*on_hand)(void *ctx, int hands);
    void *ctx;
    const atomic_bool *stop;             /* a signal: the games under way are dropped */
} play_source;

/* Plays the games src hands out with jobs threads (each with its own players). Returns JONG_OK
 * when the games ran out or the stop was raised, else the first error (naming the game). */
int play_games(const play_config *cfg, int jobs, const play_source *src, jong_error *err);

#endif
