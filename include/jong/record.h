/* Game records: JSON lines. A header line (format version, program version, ruleset with every
 * option, seed, game number, players with their options), then one event per line with mjai
 * names where mjai has them. `jong replay --verify` re-runs a record through the engine. */
#ifndef JONG_RECORD_H
#define JONG_RECORD_H

#include <stdint.h>
#include <stdio.h>

#include "jong/error.h"
#include "jong/game.h"
#include "jong/rules.h"

#define JONG_RECORD_FORMAT 1

typedef struct jong_record_writer jong_record_writer;

/* Start a record of one game in an open stream (the caller keeps ownership of f). The header
 * line is written at once. players[s] is the spec of the player in seat s. */
int jong_record_writer_new(FILE *f, const jong_ruleset *rs, uint64_t seed, int game_number,
                           const char *const players[JONG_SEATS], jong_record_writer **out,
                           jong_error *err);
/* A jong_event_sink: writes one line per event. */
void jong_record_writer_event(void *writer, const jong_event *ev);
/* Finish; reports the first write error, if any. Frees the writer. */
int jong_record_writer_finish(jong_record_writer *w, jong_error *err);

typedef struct {
    int games, hands, events;  /* games verified to their end_game, start_kyoku lines, event lines */
    int error_line;            /* on error: the line it names (1-based; one past the last line when
                                * the record ends too early), 0 when the error is not about a line */
} jong_replay_stats;

/* Re-run every game of a record file through the engine: the walls from the header's seed, the
 * actions from the events; every event the engine emits must equal the recorded line. The first
 * illegal action, mismatch or malformed line is an error naming the file's line number: the
 * message starts with "line N: ", st->error_line is N and err->pos the line's byte offset in the
 * file. The counts in *st cover what was verified before the error. */
int jong_replay_verify(const char *path, jong_replay_stats *st, jong_error *err);
/* The same on an open stream (read to its end; the caller keeps ownership of f). */
int jong_replay_verify_stream(FILE *f, jong_replay_stats *st, jong_error *err);

/* For `jong review` and other programs that step through a record: `decision` is told of each
 * decision before the recorded answer is given to the engine (the game as it stands, for
 * jong_game_view and jong_game_legal of the seat; the seat; the recorded action), `event` (may be
 * NULL) of each event the engine emits, as it emits it (so a player can be fed its seat's events
 * as a table would). */
typedef struct {
    void (*decision)(void *ctx, const jong_game *g, int seat, const jong_action *chosen);
    void (*event)(void *ctx, const jong_game *g, const jong_event *ev);
    void *ctx;
} jong_replay_hooks;
/* jong_replay_verify_stream with hooks: the same checks, the same errors. */
int jong_replay_observe_stream(FILE *f, const jong_replay_hooks *hooks, jong_replay_stats *st, jong_error *err);

#endif
