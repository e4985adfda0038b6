/* What the files of `jong arena` share: reading a run back (arena_load.c), `jong arena verify`
 * (cmd_arena_verify.c), both used by cmd_arena.c. */
#ifndef JONG_CLI_CMD_ARENA_H
#define JONG_CLI_CMD_ARENA_H

#include <stdbool.h>

#include "jong/arena.h"

/* Reads a run from its directory (its results.jsonl) or its results file into r; on failure
 * prints "jong CMD: PATH: reason" and returns CLI_FAIL. */
int arena_load_run(const char *cmd, const char *where, jong_arena_results *r, bool *is_dir);

/* `jong arena verify DIR`: re-plays games of a finished run and compares them with its file. */
int arena_verify_command(int argc, char **argv);

#endif
