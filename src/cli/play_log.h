/* The finished games of a self-play run (`jong play`), and its directory with --log DIR:
 * DIR/game-NNNNNN.jsonl per game, and DIR/.jong-play.jsonl, the run's index -- its header line
 * (play_run.h), then one line per finished game in the order they finish, rewritten in game
 * order when the run is complete (so the whole directory is the same byte for byte however the
 * run was spread or interrupted). A game's record is written whole under a temporary name and
 * renamed, and only then its line appended and flushed: a game with a line has its whole
 * record, and a record without one (a kill between the two) is played and written again, the
 * same bytes. The index is what --resume reads (hidden: the directory's other files are the
 * data set, and tools that take every file of it would not know the index). */
#ifndef JONG_CLI_PLAY_LOG_H
#define JONG_CLI_PLAY_LOG_H

#include "play_run.h"

#define PLAY_INDEX ".jong-play.jsonl"

typedef struct {
    play_config cfg;
    const char *dir;           /* NULL: no files, the totals only */
    char index_path[4200];
    FILE *index;
    unsigned char *done;       /* per game */
    jong_game_result *results; /* per game, with a directory (its index is rewritten from them) */
    int ndone, before;         /* games done; of them, done before this run (--resume) */
    jong_game_result total;
} play_log;

/* A new run of cfg (into cfg->records ? dir : no files). Refuses a directory that holds a run's
 * index or records already, naming it. Returns the exit status, after one line on failure. */
int play_log_start(const char *cmd, const char *dir, const play_config *cfg, play_log *l);
/* The run in dir, to continue: its header into l->cfg, its finished games, each one's record
 * there; a last line cut by a kill is dropped. Returns the exit status (one line on failure). */
int play_log_resume(const char *cmd, const char *dir, play_log *l);
/* Does dir hold a run's index? */
bool play_log_exists(const char *dir);
/* A finished game (play_msg_parse): its record, its line, the totals. */
int play_log_keep(play_log *l, const play_game_msg *m, jong_error *err);
/* Closes the index; a complete run's is rewritten in game order. The exit status. */
int play_log_close(const char *cmd, play_log *l);
void play_log_free(play_log *l);

#endif
